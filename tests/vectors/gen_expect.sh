#!/usr/bin/env bash
# tests/vectors/gen_expect.sh: regenerates tests/vectors/<capture>.expect from the captures with
# tshark (a second, independent MPA parser). Kept for reproducibility; the tests only read the
# .expect files. Needs tshark (checked with 4.0.17) and python3.
#
#   bash tests/vectors/gen_expect.sh            # every tests/vectors/*.pcap
#   bash tests/vectors/gen_expect.sh FILE.pcap  # one capture
#
# How: tshark dissects the capture (-T pdml, relative sequence numbers). Per TCP connection and
# direction the script rebuilds the byte stream from tshark's tcp.payload/tcp.seq fields and walks
# it (MPA Request or Reply, then FPDUs by ULPDU_Length, pad to 4, 4-octet CRC). Every walked item
# must match tshark's next MPA item of that direction (same kind, ULPDU_Length, CRC octets,
# Request/Reply fields); its fields are then printed as tshark decoded them (src=tshark). An item
# that tshark did not decode would be printed from the walk with src=walk and crc_status=unknown;
# a tshark item that the walk does not reach is an error. tshark 4.0 decodes MPA through
# tcp_dissect_pdus, so several FPDUs in one segment and FPDUs split over segments are all decoded
# (the siw captures have exactly one FPDU per segment anyway), with one limit: its heuristic needs
# 8 octets at the start of a segment, so a segment that starts an FPDU with fewer than 8 of its
# octets makes it lose the framing (the script then stops: tshark items the walk cannot match).
# Markers are not supported (the script stops if an M flag is set).
#
# Output format (one record per line, '#' starts a comment; read by tests/expect.h):
#   tuple conn C cli=A.B.C.D:PORT srv=A.B.C.D:PORT     client = sender of the SYN
#   bytes conn C dir D len=N        sum of tcp.len of the direction (retransmissions excluded)
#   seg conn C dir D off=O len=N frame=F    one per payload-carrying TCP segment, capture order
#   conn C dir D req|rep off=O flags=0xFF rev=R pdlen=N pd=HEX   (pd=- when pdlen=0)
#   conn C dir D fpdu off=O ulpdu_len=L ddp_ctrl=0xFF rdmap_ctrl=0xFF crc=8HEX crc_status=S
#                frame=F src=tshark|walk
#   count conn C dir D fpdus=N good=G
# frame= is tshark's frame number of the item (for an FPDU split over segments: the frame that
# completes it, where tshark reports it; for src=walk: the frame holding its first octet).
# Connections are numbered in the order of their SYN; dir 0 = client->server, dir 1 = back.
# Offsets are byte offsets in the direction's reassembled stream (relative TCP seq - 1).
# crc is the 4 CRC octets as on the wire; crc_status: good / bad (tshark "Good CRC32" / "Bad
# CRC32", CRC negotiated), none (CRC not negotiated: tshark shows the raw field), unknown (walk).
set -eu
here=$(dirname "$0")
command -v tshark >/dev/null || { echo "tshark not installed" >&2; exit 1; }
if [ $# -gt 0 ]; then files=("$@"); else files=("$here"/*.pcap); fi
ver=$(tshark -v 2>/dev/null | head -n 1 | sed 's/\.$//')
for f in "${files[@]}"; do
    base=$(basename "$f" .pcap)
    out="$(dirname "$f")/$base.expect"
    pdml=$(mktemp)
    tshark -r "$f" -o tcp.relative_sequence_numbers:TRUE -o tcp.analyze_sequence_numbers:TRUE \
        -o tcp.try_heuristic_first:TRUE \
        --disable-heuristic rpcrdma_iwarp --disable-heuristic smb_direct_iwarp \
        -T pdml > "$pdml" 2>"$pdml.err" || { cat "$pdml.err" >&2; exit 1; }
    rm -f "$pdml.err"
    python3 - "$pdml" "$base" "$ver" > "$out.tmp" <<'PY'
import sys
import xml.etree.ElementTree as ET

pdml_path, base, ver = sys.argv[1], sys.argv[2], sys.argv[3]
KEY_REQ = b"MPA ID Req Frame"
KEY_REP = b"MPA ID Rep Frame"

def die(msg):
    sys.stderr.write("gen_expect: %s: %s\n" % (base, msg))
    sys.exit(1)

def walk(el):
    """Fields of a proto element in document order (nested fields included)."""
    for ch in el:
        if ch.tag == "field":
            yield ch
            yield from walk(ch)
        elif ch.tag == "proto":
            yield from walk(ch)

packets = []
for pkt in ET.parse(pdml_path).getroot().iter("packet"):
    p = {"items": [], "retrans": False}
    protos = [pr for pr in pkt if pr.tag == "proto"]
    cur = None
    for pr in protos:
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
            it = None
            for fl in fields:
                n = fl.get("name")
                if n == "iwarp_mpa.req": it = {"kind": "req"}
                elif n == "iwarp_mpa.rep": it = {"kind": "rep"}
                elif n == "iwarp_mpa.fpdu": it = {"kind": "fpdu"}
                elif n == "iwarp_mpa.marker_flag": it["flags"] = int(fl.get("unmaskedvalue"), 16)
                elif n == "iwarp_mpa.rev": it["rev"] = int(fl.get("show"))
                elif n == "iwarp_mpa.pdlength": it["pdlen"] = int(fl.get("show"))
                elif n == "iwarp_mpa.privatedata": it["pd"] = fl.get("value")
                elif n == "iwarp_mpa.ulpdulength": it["ulpdu_len"] = int(fl.get("show"))
                elif n == "iwarp_mpa.crc":
                    it["crc"] = fl.get("value"); it["crc_status"] = "none"
                elif n == "iwarp_mpa.crc_check":
                    it["crc"] = fl.get("value")
                    sn = fl.get("showname")
                    if "(Good CRC32)" in sn: it["crc_status"] = "good"
                    elif "(Bad CRC32" in sn: it["crc_status"] = "bad"
                    else: die("frame %d: cannot read CRC status: %s" % (p["frame"], sn))
                elif n == "iwarp_mpa.markers":
                    die("frame %d: markers present (not supported)" % p["frame"])
            if it is None:
                die("frame %d: iwarp_mpa without req/rep/fpdu" % p["frame"])
            it["frame"] = p["frame"]
            p["items"].append(it)
            cur = it
        elif name == "iwarp_ddp_rdmap" and cur is not None and cur["kind"] == "fpdu":
            for fl in fields:
                n = fl.get("name")
                if n == "iwarp_ddp.tagged_flag" and "ddp_ctrl" not in cur:
                    cur["ddp_ctrl"] = int(fl.get("unmaskedvalue"), 16)
                elif n == "iwarp_rdma.version" and "rdmap_ctrl" not in cur:
                    cur["rdmap_ctrl"] = int(fl.get("unmaskedvalue"), 16)
    if "sport" in p:
        packets.append(p)

# Connections in SYN order; direction 0 = the SYN's sender.
conns = {}
order = []
for p in packets:
    if p.get("syn") and not p.get("ack") and p["stream"] not in conns:
        conns[p["stream"]] = {"cli": (p["src"], p["sport"]), "srv": (p["dst"], p["dport"]),
                              "segs": ([], []), "items": ([], [])}
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
    if not p["retrans"]:
        c["items"][d].extend(p["items"])
    elif p["items"]:
        die("frame %d: MPA items in a retransmission (not handled)" % p["frame"])

out = []
out.append("# %s.pcap: MPA items as decoded by tshark, generated by gen_expect.sh" % base)
out.append("# (%s; format described in gen_expect.sh)" % ver)
for ci, st in enumerate(order):
    c = conns[st]
    out.append("tuple conn %d cli=%s:%d srv=%s:%d" % (ci, c["cli"][0], c["cli"][1],
                                                      c["srv"][0], c["srv"][1]))
    streams = []
    for d in (0, 1):
        total = sum(p["len"] for p in c["segs"][d] if not p["retrans"])
        buf = bytearray()
        for p in sorted(c["segs"][d], key=lambda q: q["seq"]):
            off = p["seq"] - 1
            if off > len(buf):
                die("conn %d dir %d: hole at %d" % (ci, d, len(buf)))
            buf += p["payload"][len(buf) - off:]
        if len(buf) != total:
            die("conn %d dir %d: stream %d != sum of tcp.len %d" % (ci, d, len(buf), total))
        streams.append(bytes(buf))
        out.append("bytes conn %d dir %d len=%d" % (ci, d, total))
    for d in (0, 1):
        for p in c["segs"][d]:
            out.append("seg conn %d dir %d off=%d len=%d frame=%d" % (ci, d, p["seq"] - 1,
                                                                     p["len"], p["frame"]))
    for d in (0, 1):
        s = streams[d]
        titems = c["items"][d]
        ti = 0
        def frame_at(off):
            for p in c["segs"][d]:
                if p["seq"] - 1 <= off < p["seq"] - 1 + p["len"]:
                    return p["frame"]
            return 0
        kind = "req" if d == 0 else "rep"
        if len(s) < 20 or s[:16] != (KEY_REQ if d == 0 else KEY_REP):
            die("conn %d dir %d: stream does not start with the %s key" % (ci, d, kind))
        pdlen = s[18] << 8 | s[19]
        if ti >= len(titems) or titems[ti]["kind"] != kind:
            die("conn %d dir %d: tshark did not decode the %s" % (ci, d, kind))
        t = titems[ti]; ti += 1
        if (t["flags"] != s[16] or t["rev"] != s[17] or t["pdlen"] != pdlen
                or t.get("pd", "") != s[20:20 + pdlen].hex()):
            die("conn %d dir %d: tshark %s fields differ from the bytes" % (ci, d, kind))
        if t["flags"] & 0x80:
            die("conn %d dir %d: M flag set, markers not supported" % (ci, d))
        out.append("conn %d dir %d %s off=0 flags=0x%02x rev=%d pdlen=%d pd=%s" % (
            ci, d, kind, t["flags"], t["rev"], t["pdlen"], t.get("pd") or "-"))
        off = 20 + pdlen
        n = good = 0
        while off < len(s):
            if off + 2 > len(s):
                die("conn %d dir %d: partial FPDU at %d" % (ci, d, off))
            L = s[off] << 8 | s[off + 1]
            total = 2 + L + ((-(2 + L)) & 3) + 4
            if off + total > len(s):
                die("conn %d dir %d: partial FPDU at %d" % (ci, d, off))
            crc = s[off + total - 4: off + total].hex()
            t = titems[ti] if ti < len(titems) else None
            if t is not None and t["kind"] == "fpdu" and t["ulpdu_len"] == L and t["crc"] == crc:
                ti += 1
                if t.get("ddp_ctrl") != s[off + 2] or t.get("rdmap_ctrl") != s[off + 3]:
                    die("conn %d dir %d off %d: tshark DDP/RDMAP control differ" % (ci, d, off))
                line = "fpdu off=%d ulpdu_len=%d ddp_ctrl=0x%02x rdmap_ctrl=0x%02x crc=%s " \
                       "crc_status=%s frame=%d src=tshark" % (off, L, t["ddp_ctrl"], t["rdmap_ctrl"],
                                                              crc, t["crc_status"], t["frame"])
                good += t["crc_status"] == "good"
            else:
                line = "fpdu off=%d ulpdu_len=%d ddp_ctrl=0x%02x rdmap_ctrl=0x%02x crc=%s " \
                       "crc_status=unknown frame=%d src=walk" % (off, L, s[off + 2], s[off + 3],
                                                                 crc, frame_at(off))
            out.append("conn %d dir %d %s" % (ci, d, line))
            n += 1
            off += total
        if ti != len(titems):
            die("conn %d dir %d: tshark decoded %d items the walk did not reach"
                % (ci, d, len(titems) - ti))
        out.append("count conn %d dir %d fpdus=%d good=%d" % (ci, d, n, good))
print("\n".join(out))
PY
    mv "$out.tmp" "$out"
    rm -f "$pdml"
    echo "wrote $out"
done
