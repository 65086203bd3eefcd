#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_iwdump.sh: tools/iwdump (the project's own decoder) against tshark (an independent one).
#
# For every capture in tests/vectors/ and the every-operation captures that tests/test_capture.c
# writes (build/capture/every_op*.pcap; built and run here if missing), the counts per TCP
# connection that iwdump's summary line gives must equal the counts derived from tshark's PDML of
# the same file: FPDUs per direction, CRC good / bad / none (tshark: "Good CRC32", "Bad CRC32",
# raw field when CRC is not negotiated) and messages (FPDUs with the DDP Last flag) per RDMAP
# opcode; iwdump must exit 0 on them. Then one payload bit of one FPDU of siw_rping_crc.pcap is
# flipped: iwdump must exit non-zero and report the bad CRC at that frame (tshark agrees).
# Then the findings of issue 18, each on a small capture from tests/vectors/tools/mk_tools.py:
# more than 64 connections, a connection whose start is missing, a damaged or snap-cut MPA
# Request, no MPA at all, a cut-off last record, pcapng, non-zero PAD, the command line (--help,
# --version, a missing file, -s, --json, -c) and the time for 200k FPDUs against tshark's.
# Needs tshark and python3. Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
W="$B/iwdump"
mkdir -p "$W"
. tests/tap.sh

command -v tshark >/dev/null || { bad "tshark not installed"; finish; }
command -v python3 >/dev/null || { bad "python3 not installed"; finish; }
if make -s B="$W" iwdump >"$W/build.log" 2>&1 && [ -x "$W/iwdump" ]; then
    ok "make iwdump builds $W/iwdump"
else
    bad "make iwdump"; cat "$W/build.log"; finish
fi
IWDUMP="$W/iwdump"

# The every-operation captures (test_capture.c writes them into build/capture/).
if [ ! -s build/capture/every_op.pcap ]; then
    cc -std=c99 -O1 -I. -Itests -o "$W/test_capture" tests/test_capture.c -lm -pthread &&
        "$W/test_capture" >"$W/test_capture.log" 2>&1
fi
files=(tests/vectors/*.pcap)
for f in build/capture/every_op.pcap build/capture/every_op_markers.pcap; do
    if [ -s "$f" ]; then files+=("$f"); else bad "$f missing (tests/test_capture.c writes it)"; fi
done

TSHARK_OPTS=(-o tcp.try_heuristic_first:TRUE --enable-heuristic iwarp_mpa_tcp
             --disable-heuristic rpcrdma_iwarp --disable-heuristic smb_direct_iwarp)

# tshark's PDML -> one line per connection, in the format compare() reads:
#   conn N fpdus D0 D1 good G bad B none X ops OP:COUNT,...
ts_counts() {
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
conns = {}          # tcp.stream -> dict
first_port = {}     # tcp.stream -> source port of its first packet (the SYN: dir 0)
for ev, pkt in ET.iterparse(sys.argv[1]):
    if pkt.tag != "packet":
        continue
    stream = sport = None
    cur = None
    for proto in pkt.iter("proto"):
        name = proto.get("name")
        if name == "tcp":
            for f in proto.iter("field"):
                if f.get("name") == "tcp.stream": stream = int(f.get("show"))
                if f.get("name") == "tcp.srcport": sport = int(f.get("show"))
            if stream not in first_port: first_port[stream] = sport
            c = conns.setdefault(stream, {"fpdus": [0, 0], "good": 0, "bad": 0, "none": 0,
                                          "ops": {}})
            d = 0 if sport == first_port[stream] else 1
        elif name == "iwarp_mpa":
            for f in proto.iter("field"):
                n = f.get("name")
                if n == "iwarp_mpa.ulpdulength":
                    cur = {"last": None, "op": None}
                    c["fpdus"][d] += 1
                elif n == "iwarp_mpa.crc_check":
                    if "(Good CRC32)" in f.get("showname", ""): c["good"] += 1
                    else: c["bad"] += 1
                elif n == "iwarp_mpa.crc":
                    c["none"] += 1
        elif name == "iwarp_ddp_rdmap" and cur is not None:
            for f in proto.iter("field"):
                n = f.get("name")
                if n == "iwarp_ddp.last_flag": cur["last"] = int(f.get("show"))
                elif n == "iwarp_rdma.opcode": cur["op"] = int(f.get("show"), 0)
            if cur["last"] == 1 and cur["op"] is not None:
                c["ops"][cur["op"]] = c["ops"].get(cur["op"], 0) + 1
            cur = None
    pkt.clear()
for s in sorted(conns):
    c = conns[s]
    if sum(c["fpdus"]) == 0:
        continue
    ops = ",".join("%d:%d" % (k, c["ops"][k]) for k in sorted(c["ops"]))
    print("conn %d fpdus %d %d good %d bad %d none %d ops %s" % (s + 1, c["fpdus"][0],
          c["fpdus"][1], c["good"], c["bad"], c["none"], ops or "-"))
PY
}

# iwdump's summary lines -> the same format (opcode names as iwdump prints them).
iw_counts() {
    python3 - "$1" <<'PY'
import sys, re
names = ["RDMA Write", "RDMA Read Request", "RDMA Read Response", "Send", "Send with Invalidate",
         "Send with SE", "Send with SE and Invalidate", "Terminate", "Immediate Data",
         "Immediate Data with SE", "Atomic Request", "Atomic Response"]
rx = re.compile(r"^summary conn (\d+): .*FPDUs \d+ \(dir 0 (\d+), dir 1 (\d+)\), CRC good (\d+) "
                r"bad (\d+) none (\d+), errors \d+, warnings \d+; messages:(.*)$")
for line in open(sys.argv[1]):
    m = rx.match(line.rstrip("\n"))
    if not m:
        continue
    ops = {}
    for item in m.group(7).split(";"):
        item = item.strip()
        if not item:
            continue
        name, cnt = item.rsplit(" ", 1)
        ops[names.index(name)] = int(cnt)
    print("conn %s fpdus %s %s good %s bad %s none %s ops %s" % (m.group(1), m.group(2),
          m.group(3), m.group(4), m.group(5), m.group(6),
          ",".join("%d:%d" % (k, ops[k]) for k in sorted(ops)) or "-"))
PY
}

for f in "${files[@]}"; do
    base=$(basename "$f" .pcap)
    tshark -r "$f" "${TSHARK_OPTS[@]}" -T pdml >"$W/$base.pdml" 2>"$W/$base.tshark.err" ||
        { bad "$base: tshark failed"; continue; }
    "$IWDUMP" "$f" >"$W/$base.txt" 2>&1; rc=$?
    ts_counts "$W/$base.pdml" >"$W/$base.tshark.counts"
    iw_counts "$W/$base.txt" >"$W/$base.iwdump.counts"
    n=$(wc -l <"$W/$base.tshark.counts")
    counts=$(tr '\n' ' ' <"$W/$base.iwdump.counts")
    if [ "$rc" -eq 0 ] && [ "$n" -gt 0 ] &&
       cmp -s "$W/$base.tshark.counts" "$W/$base.iwdump.counts"; then
        ok "$base: iwdump exit 0, counts equal tshark's for $n connection(s): $counts"
    else
        bad "$base: iwdump exit $rc, counts differ from tshark's ($n connections)"
        diff "$W/$base.tshark.counts" "$W/$base.iwdump.counts" | sed 's/^/  /'
    fi
done

# The number of the first frame (in tshark's PDML $1) holding an FPDU whose ULPDU_Length is at
# least $2.
first_fpdu() {
    python3 - "$1" "$2" <<'PY'
import sys, xml.etree.ElementTree as ET
for ev, pkt in ET.iterparse(sys.argv[1]):
    if pkt.tag != "packet":
        continue
    num = ul = None
    for f in pkt.iter("field"):
        if f.get("name") == "num": num = int(f.get("show"))
        if f.get("name") == "iwarp_mpa.ulpdulength": ul = int(f.get("show"))
    if ul and ul >= int(sys.argv[2]):
        print(num)
        break
    pkt.clear()
PY
}

# Negative control: flip one payload bit of the first FPDU of siw_rping_crc.pcap whose ULPDU is
# longer than 40 octets (its DDP/RDMAP headers are left intact).
src=tests/vectors/siw_rping_crc.pcap
flip="$W/siw_rping_crc_flipped.pcap"
frame=$(first_fpdu "$W/siw_rping_crc.pdml" 41)
python3 - "$src" "$flip" "$frame" <<'PY'
import sys, struct
data = bytearray(open(sys.argv[1], "rb").read())
want = int(sys.argv[3])
assert data[:4] == b"\xd4\xc3\xb2\xa1"          # little-endian microsecond pcap, Ethernet
off, frame = 24, 1
while frame < want:
    off += 16 + struct.unpack_from("<I", data, off + 8)[0]
    frame += 1
pkt = off + 16
ip = pkt + 14
tcp = ip + (data[ip] & 15) * 4
payload = tcp + (data[tcp + 12] >> 4) * 4
data[payload + 2 + 18 + 2] ^= 0x01               # ULPDU octet 20: past the DDP header
open(sys.argv[2], "wb").write(data)
PY
"$IWDUMP" "$flip" >"$W/flipped.txt" 2>&1; rc=$?
if [ -n "$frame" ] && [ "$rc" -ne 0 ] &&
   grep -q "^frame $frame conn 1 .*crc BAD" "$W/flipped.txt" &&
   [ "$(grep -c 'crc BAD' "$W/flipped.txt")" -eq 1 ] &&
   grep -q "CRC good 20 bad 1" "$W/flipped.txt"; then
    ok "flipped payload bit in frame $frame: iwdump exit $rc, bad CRC reported at that FPDU only"
else
    bad "flipped payload bit in frame ${frame:-?}: iwdump exit $rc"
    grep -i "bad\|summary" "$W/flipped.txt" | sed 's/^/  /'
fi
if tshark -r "$flip" "${TSHARK_OPTS[@]}" -Y "frame.number == $frame" -V 2>/dev/null |
   grep -q "Bad CRC32"; then
    ok "tshark also reports Bad CRC32 in frame $frame of the flipped capture"
else
    bad "tshark does not see the flipped bit in frame $frame"
fi
# Marker error: in every_op_markers.pcap, the first FPDU of dir 0 starts with a marker (FPDUPTR
# 0, RFC 5044 §5); set its FPDUPTR to 4 and recompute the MPA CRC (CRC32c, least significant octet
# first), so that only the marker is wrong.
mfile=build/capture/every_op_markers.pcap
if [ -s "$mfile" ]; then
    mflip="$W/every_op_markers_fpduptr.pcap"
    mframe=$(first_fpdu "$W/every_op_markers.pdml" 1)
    python3 - "$mfile" "$mflip" "$mframe" <<'PY'
import sys, struct
def crc32c(b):
    c = 0xFFFFFFFF
    for x in b:
        c ^= x
        for _ in range(8):
            c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
    return c ^ 0xFFFFFFFF
data = bytearray(open(sys.argv[1], "rb").read())
want = int(sys.argv[3])
off, frame = 24, 1
while frame < want:
    off += 16 + struct.unpack_from("<I", data, off + 8)[0]
    frame += 1
ip = off + 16 + 14
tcp = ip + (data[ip] & 15) * 4
p = tcp + (data[tcp + 12] >> 4) * 4
end = ip + struct.unpack_from(">H", data, ip + 2)[0]
assert data[p + 2:p + 4] == b"\x00\x00"        # the leading marker: FPDUPTR 0
data[p + 3] = 4
struct.pack_into("<I", data, end - 4, crc32c(data[p:end - 4]))
open(sys.argv[2], "wb").write(data)
PY
    "$IWDUMP" "$mflip" >"$W/fpduptr.txt" 2>&1; rc=$?
    if [ "$rc" -ne 0 ] &&
       grep -q "^frame $mframe conn 1 dir 0 .*crc good MARKER ERROR" "$W/fpduptr.txt" &&
       [ "$(grep -c 'MARKER ERROR' "$W/fpduptr.txt")" -eq 1 ] &&
       ! grep -q "crc BAD" "$W/fpduptr.txt"; then
        ok "FPDUPTR 4 in the leading marker of frame $mframe: iwdump exit $rc, only there"
    else
        bad "FPDUPTR 4 in frame ${mframe:-?}: iwdump exit $rc"
        grep -i "error\|bad" "$W/fpduptr.txt" | sed 's/^/  /'
    fi
fi
# and the every-operation capture with one bad CRC (test_capture.c's negative control)
if [ -s build/capture/every_op_badcrc.pcap ]; then
    "$IWDUMP" build/capture/every_op_badcrc.pcap >"$W/every_op_badcrc.txt" 2>&1; rc=$?
    if [ "$rc" -ne 0 ] && [ "$(grep -c 'crc BAD' "$W/every_op_badcrc.txt")" -eq 1 ]; then
        ok "every_op_badcrc: iwdump exit $rc, one bad CRC"
    else
        bad "every_op_badcrc: iwdump exit $rc"
    fi
fi

# ---- issue 18: each finding on its own small capture (tests/vectors/tools/mk_tools.py) ----
V=tests/vectors/tools
# expect NAME FILE WANT_RC PATTERN [OPTIONS]: iwdump's status and a line of its output
expect() {
    local name=$1 f=$2 want=$3 pat=$4 rc; shift 4
    "$IWDUMP" "$@" "$f" >"$W/$name.txt" 2>"$W/$name.err"; rc=$?
    if [ "$rc" = "$want" ] && grep -q -- "$pat" "$W/$name.txt" "$W/$name.err"; then
        ok "$name: exit $rc, '$pat'"
    else
        bad "$name: exit $rc (want $want), no '$pat'"; sed 's/^/  /' "$W/$name.txt" "$W/$name.err" | tail -5
    fi
}
expect conns70 $V/tool_70conns.pcap 1 "^frame [0-9]* conn 70 dir 0 .*crc BAD"
if [ "$(grep -c '^summary conn' "$W/conns70.txt")" = 70 ] && ! grep -q "only the first" "$W/conns70.txt" "$W/conns70.err" &&
   [ "$(grep -c 'crc BAD' "$W/conns70.txt")" = 1 ]; then
    ok "70 connections: all 70 decoded, the one bad CRC (connection 70) found"
else
    bad "70 connections: $(grep -c '^summary conn' "$W/conns70.txt") summaries"
fi
# A connection without its start: reported (exit 1) and decoded from the first segment where
# FPDUs hold up, the segments before it counted (tool_midstream starts inside an FPDU).
expect nosyn $V/tool_nosyn.pcap 1 "its start (SYN, MPA Request and Reply) is not in the capture"
grep -q "FPDUs 3 (dir 0 2, dir 1 1), CRC good 3 bad 0" "$W/nosyn.txt" &&
    ok "no SYN: the 3 FPDUs decoded, CRC found on" || bad "no SYN: $(grep summary "$W/nosyn.txt")"
expect midstream $V/tool_midstream.pcap 1 "FPDUs found from frame 2 / 3 (dir 0 / 1), 1 / 0 segment(s) skipped: ERROR"
grep -q "FPDUs 3 (dir 0 2, dir 1 1), CRC good 3 bad 0" "$W/midstream.txt" &&
    ok "capture from inside an FPDU: 1 segment skipped, the next 3 FPDUs decoded" ||
    bad "midstream: $(grep summary "$W/midstream.txt")"
# siw's rping capture from frame 12 on (SYN, MPA frames and the first FPDUs left out): every
# FPDU the full decode shows from frame 12 on is found again, at the same frames
if command -v editcap >/dev/null; then
    editcap -r tests/vectors/siw_rping_crc.pcap "$W/rping_mid.pcap" 12-45 2>/dev/null
    "$IWDUMP" tests/vectors/siw_rping_crc.pcap | awk '/^frame/ {n = $2 + 0; d = $6; sub(/^frame [0-9]+ conn [0-9]+ dir [0-9] @[0-9]+: /, ""); if (n >= 12) print n - 11, d, $0}' >"$W/rping_mid.want"
    "$IWDUMP" "$W/rping_mid.pcap" >"$W/rping_mid.txt" 2>&1; rc=$?
    awk '/^frame/ {n = $2 + 0; d = $6; sub(/^frame [0-9]+ conn [0-9]+ dir [0-9] @[0-9]+: /, ""); print n, d, $0}' "$W/rping_mid.txt" >"$W/rping_mid.got"
    [ $rc = 1 ] && [ -s "$W/rping_mid.want" ] && cmp -s "$W/rping_mid.want" "$W/rping_mid.got" &&
        ok "siw_rping_crc from frame 12: exit 1, the same $(wc -l <"$W/rping_mid.got") FPDUs at the same frames" ||
        bad "siw_rping_crc from frame 12: exit $rc"
fi
expect badreq $V/tool_badreq.pcap 1 "MPA Request damaged"
expect snap $V/tool_snap.pcap 1 "first octets are not in the capture"
expect notmpa $V/tool_notmpa.pcap 1 "no MPA connection in the capture"
expect pad $V/tool_pad.pcap 0 "PAD not zero (RFC 5044 §4.1): WARNING"
grep -q "errors 0, warnings 1;" "$W/pad.txt" && ok "non-zero PAD: counted as 1 warning, 0 errors" ||
    bad "non-zero PAD: $(grep summary "$W/pad.txt")"
# pcapng: the same packets as pcap and as pcapng decode the same
expect pcapng $V/tool_pad.pcapng 0 "PAD not zero"
cmp -s "$W/pad.txt" "$W/pcapng.txt" && ok "tool_pad.pcapng decodes exactly as tool_pad.pcap" ||
    bad "tool_pad.pcapng differs from tool_pad.pcap"
if command -v editcap >/dev/null; then
    editcap -F pcapng tests/vectors/siw_rping_crc.pcap "$W/rping.pcapng" 2>/dev/null
    "$IWDUMP" tests/vectors/siw_rping_crc.pcap >"$W/rping_pcap.txt" 2>&1
    "$IWDUMP" "$W/rping.pcapng" >"$W/rping_ng.txt" 2>&1; rc=$?
    [ $rc = 0 ] && cmp -s "$W/rping_pcap.txt" "$W/rping_ng.txt" &&
        ok "siw_rping_crc as pcapng (editcap): exit 0, same decode as the pcap" ||
        bad "siw_rping_crc as pcapng: exit $rc or different output"
else
    bad "editcap not installed"
fi
# A capture stopped mid-record (here inside frame 20 of 45, an FPDU): every complete record
# decoded as tshark decodes it, the cut reported, exit 1.
cutf="$W/rping_cut.pcap"
python3 - tests/vectors/siw_rping_crc.pcap "$cutf" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
off = 24
for _ in range(19):
    off += 16 + struct.unpack_from("<I", d, off + 8)[0]
open(sys.argv[2], "wb").write(d[:off + 16 + 30])
PY
expect cut "$cutf" 1 "the capture is cut off in frame 20 (46 of"
tshark -r "$cutf" "${TSHARK_OPTS[@]}" -T pdml >"$W/cut.pdml" 2>/dev/null
ts_counts "$W/cut.pdml" >"$W/cut.tshark.counts"
iw_counts "$W/cut.txt" >"$W/cut.iwdump.counts"
[ -s "$W/cut.tshark.counts" ] && cmp -s "$W/cut.tshark.counts" "$W/cut.iwdump.counts" &&
    ok "cut-off capture: counts equal tshark's up to the cut: $(cat "$W/cut.iwdump.counts")" ||
    { bad "cut-off capture: counts differ from tshark's"; diff "$W/cut.tshark.counts" "$W/cut.iwdump.counts" | sed 's/^/  /'; }
# The command line
"$IWDUMP" --help >"$W/help.txt" 2>"$W/help.err"; rc=$?
[ $rc = 0 ] && [ ! -s "$W/help.err" ] && grep -q -- "--json" "$W/help.txt" && grep -q "Exit status" "$W/help.txt" &&
    ok "--help: usage on stdout, exit 0" || bad "--help: exit $rc"
"$IWDUMP" --version >"$W/ver.txt" 2>&1 && grep -q "^iwdump [0-9]" "$W/ver.txt" && ok "--version" || bad "--version"
"$IWDUMP" tests/vectors/no_such_file.pcap >/dev/null 2>"$W/nofile.err"; rc=$?
[ $rc = 2 ] && grep -q "No such file or directory" "$W/nofile.err" && ok "missing file: exit 2 with errno text" ||
    bad "missing file: exit $rc '$(cat "$W/nofile.err")'"
"$IWDUMP" -c abc tests/vectors/siw_rping_crc.pcap >/dev/null 2>"$W/badc.err"; rc=$?
[ $rc = 2 ] && grep -q "\-c/--conn 'abc': not a number (valid: 1\.\." "$W/badc.err" && ok "-c abc: exit 2 naming flag, value and range" ||
    bad "-c abc: exit $rc '$(cat "$W/badc.err")'"
# -s, --json and -c checked against the full text of the same files
for f in tests/vectors/siw_ib_write_bw_crc.pcap tests/vectors/siw_rping_crc.pcap $V/tool_70conns.pcap; do
    b=$(basename "$f" .pcap)
    "$IWDUMP" "$f" >"$W/$b.full" 2>&1; r1=$?
    "$IWDUMP" -s "$f" >"$W/$b.s" 2>&1; r2=$?
    "$IWDUMP" --json "$f" >"$W/$b.json" 2>&1; r3=$?
    if [ $r1 = $r2 ] && [ $r1 = $r3 ] && ! grep -q '^frame ' "$W/$b.s" &&
       diff <(grep -v '^frame ' "$W/$b.full") "$W/$b.s" >/dev/null &&
       python3 - "$W/$b.json" "$W/$b.full" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
text = {}
for line in open(sys.argv[2]):
    m = re.match(r"summary conn (\d+): .*\(dir 0 (\d+), dir 1 (\d+)\), CRC good (\d+) bad (\d+) none (\d+), errors (\d+), warnings (\d+)", line)
    if m: text[int(m.group(1))] = [int(x) for x in m.groups()[1:]]
got = {c["conn"]: [c["fpdus"][0], c["fpdus"][1], c["crc_good"], c["crc_bad"], c["crc_none"], c["errors"], c["warnings"]]
       for c in j["connections"] if "fpdus" in c}
sys.exit(0 if got == text and got else 1)
PY
    then ok "$b: -s is the text without frame lines, --json has the same counts (exit $r1)"
    else bad "$b: -s/--json disagree with the text (exits $r1 $r2 $r3)"; fi
done
"$IWDUMP" -c 2 tests/vectors/siw_ib_write_bw_crc.pcap >"$W/c2.txt" 2>&1
grep -q '^summary conn 2:' "$W/c2.txt" && ! grep -q 'conn 1' "$W/c2.txt" &&
    diff <(grep 'conn 2' "$W/siw_ib_write_bw_crc.full") "$W/c2.txt" >/dev/null &&
    ok "-c 2: only connection 2, as in the full decode" || bad "-c 2"
# 200k FPDUs: linear time, faster than tshark on the same file (generated here, not kept)
big="$W/big200k.pcap"
python3 $V/mk_tools.py --big 200000 "$big"
t0=$(date +%s.%N); "$IWDUMP" "$big" >"$W/big.txt" 2>&1; rc=$?; t1=$(date +%s.%N)
tshark -r "$big" "${TSHARK_OPTS[@]}" >/dev/null 2>&1; t2=$(date +%s.%N)
ti=$(echo "$t1 - $t0" | bc); tt=$(echo "$t2 - $t1" | bc)
if [ $rc = 0 ] && grep -q "FPDUs 200001 (dir 0 200000, dir 1 1), CRC good 200001" "$W/big.txt" &&
   [ "$(echo "$ti < $tt" | bc)" = 1 ]; then
    ok "200k FPDUs: iwdump ${ti}s, tshark ${tt}s, all CRCs good"
else
    bad "200k FPDUs: iwdump exit $rc ${ti}s, tshark ${tt}s"
fi
rm -f "$big"
finish
