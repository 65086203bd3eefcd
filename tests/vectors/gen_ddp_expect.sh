#!/usr/bin/env bash
# tests/vectors/gen_ddp_expect.sh: regenerates tests/vectors/<capture>.ddp.expect, every DDP
# segment of the captures as tshark (a second, independent DDP parser: Wireshark's
# packet-iwarp-ddp-rdmap.c) decodes it. Kept for reproducibility; tests/test_ddp_siw.c only reads
# the .ddp.expect files (no tshark at run time). Needs tshark (checked with 4.0.17) and python3.
#
#   bash tests/vectors/gen_ddp_expect.sh            # every tests/vectors/*.pcap
#   bash tests/vectors/gen_ddp_expect.sh FILE.pcap  # one capture
#
# How: tshark dissects the capture (-T pdml, relative sequence numbers, -O iwarp_mpa,
# iwarp_ddp_rdmap). Per TCP connection and direction the script rebuilds the byte stream from
# tcp.payload/tcp.seq (as gen_expect.sh does) and walks the FPDUs (after the MPA Request or
# Reply; pad to 4, 4-octet CRC; no markers). Every FPDU must be matched by tshark's next MPA
# FPDU of that direction (same ULPDU_Length) followed by tshark's DDP header; every field printed
# is tshark's (src: tshark's field values), and each is checked against the octets of the stream
# at the position the RFC gives (T, L, Rsvd, DV, RsvdULP, STag, TO / QN, MSN, MO): the script
# stops on any disagreement, and on an FPDU that tshark did not decode as DDP. The payload length
# is tshark's ULPDU_Length minus tshark's header extent (its ULPDU_Length field to the end of its
# TO or MO field: 14 or 18 octets, checked). payload= holds the payload octets, taken from the
# rebuilt stream at that extent; where tshark shows a "Data" field for the segment (tagged data,
# Send payload) or a Read Request body, those octets must equal the payload's.
#
# Output format (one record per line, '#' starts a comment; read by tests/test_ddp_siw.c):
#   tuple conn C cli=A.B.C.D:PORT srv=A.B.C.D:PORT            client = sender of the SYN
#   conn C dir D ddp off=O ulpdu_len=L t=T l=L rsvd=R dv=V ulp=0xHH \
#        stag=0xHHHHHHHH to=0xHHHHHHHHHHHHHHHH len=N payload=HEX|- frame=F        (T = 1)
#   conn C dir D ddp off=O ulpdu_len=L t=T l=L rsvd=R dv=V ulp=0xHH \
#        ulp32=0xHHHHHHHH qn=Q msn=M mo=MO len=N payload=HEX|- frame=F            (T = 0)
#   count conn C dir D ddp=N tagged=N untagged=N
# off: offset of the FPDU (its ULPDU_Length field) in the direction's stream, as in the
# <capture>.expect files; the DDP header starts at off + 2. t, l: the T and L flags; rsvd: the
# 4 reserved bits of control octet 0 (0x3C >> 2); dv: DDP version; ulp: RsvdULP[0:7] (octet 1,
# RDMAP's control octet); ulp32: RsvdULP[8:39] of an untagged header (RDMAP: Invalidate STag or
# 0); len: payload octets after the DDP header; frame: tshark's frame number of the FPDU.
# Connections are numbered in the order of their SYN; dir 0 = client->server, dir 1 = back.
set -eu
here=$(dirname "$0")
command -v tshark >/dev/null || { echo "tshark not installed" >&2; exit 1; }
if [ $# -gt 0 ]; then files=("$@"); else files=("$here"/*.pcap); fi
ver=$(tshark -v 2>/dev/null | head -n 1 | sed 's/\.$//')
for f in "${files[@]}"; do
    base=$(basename "$f" .pcap)
    out="$(dirname "$f")/$base.ddp.expect"
    pdml=$(mktemp)
    tshark -r "$f" -o tcp.relative_sequence_numbers:TRUE -o tcp.analyze_sequence_numbers:TRUE \
        -o tcp.try_heuristic_first:TRUE \
        --disable-heuristic rpcrdma_iwarp --disable-heuristic smb_direct_iwarp \
        -O iwarp_mpa,iwarp_ddp_rdmap -T pdml > "$pdml" 2>"$pdml.err" || { cat "$pdml.err" >&2; exit 1; }
    rm -f "$pdml.err"
    python3 - "$pdml" "$base" "$ver" > "$out.tmp" <<'PY'
import sys
import xml.etree.ElementTree as ET

pdml_path, base, ver = sys.argv[1], sys.argv[2], sys.argv[3]
KEY_REQ = b"MPA ID Req Frame"
KEY_REP = b"MPA ID Rep Frame"

def die(msg):
    sys.stderr.write("gen_ddp_expect: %s: %s\n" % (base, msg))
    sys.exit(1)

def walk(el):
    """Fields of a proto element in document order (nested fields included)."""
    for ch in el:
        if ch.tag == "field":
            yield ch
            yield from walk(ch)
        elif ch.tag == "proto":
            yield from walk(ch)

def num(fl):
    return int(fl.get("show"), 0)

packets = []
for pkt in ET.parse(pdml_path).getroot().iter("packet"):
    p = {"fpdus": [], "retrans": False, "mpa_other": 0}
    cur = None           # the FPDU the next iwarp_ddp_rdmap / data belong to
    for pr in (x for x in pkt if x.tag == "proto"):
        name = pr.get("name")
        fields = list(walk(pr))
        if name == "frame":
            for fl in fields:
                if fl.get("name") == "frame.number":
                    p["frame"] = int(fl.get("show"))
        elif name == "ip" and "src" not in p:
            for fl in fields:
                if fl.get("name") == "ip.src": p["src"] = fl.get("show")
                if fl.get("name") == "ip.dst": p["dst"] = fl.get("show")
        elif name == "tcp" and "sport" not in p:
            for fl in fields:
                n = fl.get("name")
                if n == "tcp.srcport": p["sport"] = int(fl.get("show"))
                elif n == "tcp.dstport": p["dport"] = int(fl.get("show"))
                elif n == "tcp.stream": p["stream"] = int(fl.get("show"))
                elif n == "tcp.seq": p["seq"] = int(fl.get("show"))
                elif n == "tcp.len": p["len"] = int(fl.get("show"))
                elif n == "tcp.flags.syn": p["syn"] = fl.get("show") in ("1", "True")
                elif n == "tcp.flags.ack": p["ack"] = fl.get("show") in ("1", "True")
                elif n == "tcp.payload": p["payload"] = bytes.fromhex(fl.get("value"))
                elif n in ("tcp.analysis.retransmission", "tcp.analysis.fast_retransmission",
                           "tcp.analysis.spurious_retransmission"):
                    p["retrans"] = True
        elif name == "iwarp_mpa":
            cur = None
            for fl in fields:
                n = fl.get("name")
                if n == "iwarp_mpa.fpdu":
                    cur = {"frame": p["frame"], "ddp": None, "data": None, "rr": None}
                elif n in ("iwarp_mpa.req", "iwarp_mpa.rep"):
                    p["mpa_other"] += 1
                elif n == "iwarp_mpa.ulpdulength" and cur is not None:
                    cur["ulpdu_len"] = num(fl)
                    cur["len_pos"] = int(fl.get("pos"))
                elif n == "iwarp_mpa.markers":
                    die("frame %d: markers present (not supported)" % p["frame"])
            if cur is not None:
                p["fpdus"].append(cur)
        elif name == "iwarp_ddp_rdmap" and cur is not None:
            if cur["ddp"] is not None:
                die("frame %d: two DDP headers for one FPDU" % p["frame"])
            d = {}
            rr = []
            for fl in fields:
                n = fl.get("name")
                if n == "iwarp_ddp.tagged_flag":
                    d["t"] = num(fl); d["ctrl"] = int(fl.get("unmaskedvalue"), 16)
                    d["ctrl_pos"] = int(fl.get("pos"))
                elif n == "iwarp_ddp.last_flag": d["l"] = num(fl)
                elif n == "iwarp_ddp.rsvd": d["rsvd"] = num(fl)
                elif n == "iwarp_ddp.dv": d["dv"] = num(fl)
                elif n == "iwarp_ddp.rsvdulp": d["rsvdulp"] = bytes.fromhex(fl.get("value"))
                elif n == "iwarp_ddp.stag": d["stag"] = num(fl)
                elif n == "iwarp_ddp.tagged_offset":
                    d["to"] = num(fl); d["hdr_end"] = int(fl.get("pos")) + int(fl.get("size"))
                elif n == "iwarp_ddp.qn": d["qn"] = num(fl)
                elif n == "iwarp_ddp.msn": d["msn"] = num(fl)
                elif n == "iwarp_ddp.mo":
                    d["mo"] = num(fl); d["hdr_end"] = int(fl.get("pos")) + int(fl.get("size"))
                elif n == "iwarp_rdma.version" and "ulp" not in d:
                    d["ulp"] = int(fl.get("unmaskedvalue"), 16)
                elif n in ("iwarp_rdma.sinkstag", "iwarp_rdma.sinkto", "iwarp_rdma.rdmardsz",
                           "iwarp_rdma.srcstag", "iwarp_rdma.srcto"):
                    rr.append(bytes.fromhex(fl.get("value")))
            if rr:
                cur["rr"] = b"".join(rr)
            cur["ddp"] = d
        elif name == "fake-field-wrapper" and cur is not None:
            for fl in fields:
                if fl.get("name") == "data" and fl.get("value"):
                    if cur["data"] is not None:
                        die("frame %d: two Data fields for one FPDU" % p["frame"])
                    cur["data"] = bytes.fromhex(fl.get("value"))
    if "sport" in p:
        packets.append(p)

# Connections in SYN order; direction 0 = the SYN's sender.
conns = {}
order = []
for p in packets:
    if p.get("syn") and not p.get("ack") and p["stream"] not in conns:
        conns[p["stream"]] = {"cli": (p["src"], p["sport"]), "srv": (p["dst"], p["dport"]),
                              "segs": ([], []), "fpdus": ([], [])}
        order.append(p["stream"])
for p in packets:
    c = conns.get(p["stream"])
    if c is None:
        continue
    d = 0 if (p["src"], p["sport"]) == c["cli"] else 1
    if d == 1 and (p["src"], p["sport"]) != c["srv"]:
        die("frame %d: tuple does not match stream" % p["frame"])
    if p["len"] > 0:
        if len(p.get("payload", b"")) != p["len"]:
            die("frame %d: payload not captured whole" % p["frame"])
        c["segs"][d].append(p)
    if p["retrans"] and p["fpdus"]:
        die("frame %d: MPA items in a retransmission (not handled)" % p["frame"])
    c["fpdus"][d].extend(p["fpdus"])

def be(b):
    return int.from_bytes(b, "big")

checked = [0, 0]   # payloads equal to tshark's Data / Read Request body, payloads
out = []
out.append("# %s.pcap: DDP segments as decoded by tshark, generated by gen_ddp_expect.sh" % base)
out.append("# (%s; format described in gen_ddp_expect.sh)" % ver)
for ci, st in enumerate(order):
    c = conns[st]
    out.append("tuple conn %d cli=%s:%d srv=%s:%d" % (ci, c["cli"][0], c["cli"][1],
                                                      c["srv"][0], c["srv"][1]))
    for d in (0, 1):
        buf = bytearray()
        for p in sorted(c["segs"][d], key=lambda q: q["seq"]):
            off = p["seq"] - 1
            if off > len(buf):
                die("conn %d dir %d: hole at %d" % (ci, d, len(buf)))
            buf += p["payload"][len(buf) - off:]
        s = bytes(buf)
        if len(s) < 20 or s[:16] != (KEY_REQ if d == 0 else KEY_REP):
            die("conn %d dir %d: stream does not start with the MPA key" % (ci, d))
        if s[16] & 0x80:
            die("conn %d dir %d: M flag set, markers not supported" % (ci, d))
        off = 20 + (s[18] << 8 | s[19])
        tf = c["fpdus"][d]
        ti = n = nt = nu = 0
        while off < len(s):
            if off + 2 > len(s):
                die("conn %d dir %d: partial FPDU at %d" % (ci, d, off))
            L = s[off] << 8 | s[off + 1]
            total = 2 + L + ((-(2 + L)) & 3) + 4
            if off + total > len(s):
                die("conn %d dir %d: partial FPDU at %d" % (ci, d, off))
            if ti >= len(tf) or tf[ti]["ulpdu_len"] != L:
                die("conn %d dir %d off %d: tshark did not decode this FPDU" % (ci, d, off))
            t = tf[ti]; ti += 1
            h = t["ddp"]
            if h is None or "t" not in h or "hdr_end" not in h or "ulp" not in h:
                die("conn %d dir %d off %d: tshark did not decode a DDP header" % (ci, d, off))
            u = s[off + 2: off + 2 + L]
            hl = h["hdr_end"] - (t["len_pos"] + 2)     # tshark's header extent
            if hl != (14 if h["t"] else 18) or h["ctrl_pos"] != t["len_pos"] + 2:
                die("conn %d dir %d off %d: tshark's DDP header extent is %d" % (ci, d, off, hl))
            # tshark's fields against the octets at the RFC 5041 positions
            ok = (h["ctrl"] == u[0] and h["t"] == u[0] >> 7 and h["l"] == (u[0] >> 6) & 1
                  and h["rsvd"] == (u[0] >> 2) & 15 and h["dv"] == u[0] & 3 and h["ulp"] == u[1])
            if h["t"]:
                ok = ok and h["stag"] == be(u[2:6]) and h["to"] == be(u[6:14])
                ok = ok and "qn" not in h and "rsvdulp" not in h
            else:
                ok = ok and h["rsvdulp"] == u[1:6] and h["qn"] == be(u[6:10])
                ok = ok and h["msn"] == be(u[10:14]) and h["mo"] == be(u[14:18])
                ok = ok and "stag" not in h
            if not ok:
                die("conn %d dir %d off %d: tshark's DDP fields differ from the octets" % (ci, d, off))
            pay = u[hl:]
            if t["data"] is not None and t["data"] != pay:
                die("conn %d dir %d off %d: tshark's Data differs from the payload" % (ci, d, off))
            if t["rr"] is not None and t["rr"] != pay:
                die("conn %d dir %d off %d: tshark's Read Request differs" % (ci, d, off))
            if pay:
                checked[1] += 1
                checked[0] += t["data"] is not None or t["rr"] is not None
            line = "conn %d dir %d ddp off=%d ulpdu_len=%d t=%d l=%d rsvd=%d dv=%d ulp=0x%02x " % (
                ci, d, off, L, h["t"], h["l"], h["rsvd"], h["dv"], h["ulp"])
            if h["t"]:
                line += "stag=0x%08x to=0x%016x " % (h["stag"], h["to"])
                nt += 1
            else:
                line += "ulp32=0x%08x qn=%d msn=%d mo=%d " % (be(h["rsvdulp"][1:5]), h["qn"],
                                                               h["msn"], h["mo"])
                nu += 1
            line += "len=%d payload=%s frame=%d" % (len(pay), pay.hex() or "-", t["frame"])
            out.append(line)
            n += 1
            off += total
        if ti != len(tf):
            die("conn %d dir %d: tshark decoded %d FPDUs the walk did not reach"
                % (ci, d, len(tf) - ti))
        out.append("count conn %d dir %d ddp=%d tagged=%d untagged=%d" % (ci, d, n, nt, nu))
out.append("# payload octets equal to tshark's Data or Read Request fields: %d of %d non-empty"
           % tuple(checked))
print("\n".join(out))
PY
    mv "$out.tmp" "$out"
    rm -f "$pdml"
    echo "wrote $out"
done
