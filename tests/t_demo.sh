#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_demo.sh: the demo's scenarios as integration tests (run once by tests/run.sh).
#  - `make demo` builds $B/demo (mk/demo.mk) and it exits 0 with every operation's row PASS;
#  - the same program under ASan+UBSan (gcc) passes too;
#  - --corrupt (one received octet flipped before the check) must make it exit non-zero, with
#    exactly that row FAIL and the others PASS;
#  - `make demo PCAP=file`: the capture exists; tshark (outside this code) counts its packets,
#    its TCP segments with payload (one per MPA frame or FPDU the demo traced), one SYN,
#    good IP/TCP checksums, an MPA frame in every payload segment, and on the wire every RDMAP
#    opcode the demo uses (RFC 5040 §4.3 0x0-0x7, RFC 7306 0x8-0xB);
#  - the command line (issue 18): --help on stdout with exit 0, --version, a bad --iters or an
#    --emss below the smallest that works refused with exit 2 naming the value and the range
#    (they used to be replaced silently / accepted and then every row failed), and the smallest
#    accepted --emss runs every row.
# Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
mkdir -p "$B"
. tests/tap.sh
check() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

ROWS=("connect: TCP + MPA Request/Reply, QPs to RTS" "Send" "Send with Solicited Event"
      "RDMA Write (+ 0-byte Send to notify B)" "RDMA Read"
      "RDMA Write with Immediate (Write + Imm Data)" "Send with Immediate (Send + Imm Data w/ SE)"
      "FetchAdd (RFC 7306)" "CmpSwap (RFC 7306)" "Bind 64 KiB MW at B, STag sent to A (Send)"
      "RDMA Write through B's window" "RDMA Read through B's window"
      "Send with SE and Invalidate (B's window)" "Send with Invalidate (B's MR)"
      "RDMA Write to the invalidated MR: refused")
# row_result LOG NAME: the result column of the row NAME (name, size, result ...)
row_result() {
    awk -v n="$2" '{ name = substr($0, 1, 44); sub(/ +$/, "", name);
                     if (name == n) { split(substr($0, 46), f, " ");
                                      print (f[1] == "-") ? f[2] : f[3]; exit } }' "$1"
}

# 1. make demo
if out=$(make --no-print-directory B="$B" demo 2>&1); then rc=0; else rc=$?; fi
printf '%s\n' "$out" > "$B/t_demo.log"
check "make demo exits 0" test "$rc" -eq 0
for r in "${ROWS[@]}"; do
    res=$(row_result "$B/t_demo.log" "$r")
    check "demo row '$r': PASS" test "$res" = PASS
done
check "demo: 15/15 operations passed" grep -q '^15/15 operations passed' "$B/t_demo.log"
check "demo: the refused Write names the peer's Terminate (DDP, tagged, invalid STag)" \
    grep -q 'peer Terminate: layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag' "$B/t_demo.log"
[ "$rc" -eq 0 ] || tail -n 30 "$B/t_demo.log"

# 2. under ASan+UBSan
WARN="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
if gcc $WARN $SAN -O1 -g -I. -o "$B/demo-san" examples/demo.c 2> "$B/t_demo_san.log" &&
   "$B/demo-san" --iters 3 >> "$B/t_demo_san.log" 2>&1; then ok "demo under ASan+UBSan"
else bad "demo under ASan+UBSan"; tail -n 30 "$B/t_demo_san.log"; fi

# 3. a deliberately broken verification must fail, and say where
if "$B/demo" --corrupt > "$B/t_demo_corrupt.log" 2>&1; then rc=0; else rc=$?; fi
check "demo --corrupt exits non-zero" test "$rc" -ne 0
check "demo --corrupt: the Send row is FAIL" test "$(row_result "$B/t_demo_corrupt.log" Send)" = FAIL
check "demo --corrupt: the reason names the octet" grep -q "octet 2048 is" "$B/t_demo_corrupt.log"
check "demo --corrupt: 14/15 operations passed" grep -q '^14/15 operations passed' "$B/t_demo_corrupt.log"

# 4. the capture
P="$B/t_demo.pcap"
rm -f "$P"
if make --no-print-directory B="$B" demo PCAP="$P" > "$B/t_demo_pcap.log" 2>&1; then rc=0; else rc=$?; fi
check "make demo PCAP=... exits 0" test "$rc" -eq 0
check "capture file exists and is not empty" test -s "$P"
line=$(grep '^capture: ' "$B/t_demo_pcap.log")
pk=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) packets, .*/\1/p')
fr=$(printf '%s\n' "$line" | sed -n 's/.* packets, \([0-9]*\) MPA frames.*/\1/p')
check "demo reports its packets and frames ($pk, $fr)" test -n "$pk" -a -n "$fr"
if command -v tshark > /dev/null; then
    TS="tshark -r $P -o tcp.try_heuristic_first:TRUE -o tcp.check_checksum:TRUE -o ip.check_checksum:TRUE --enable-heuristic iwarp_mpa_tcp --disable-heuristic rpcrdma_iwarp --disable-heuristic smb_direct_iwarp"
    n_all=$($TS 2>/dev/null | wc -l)
    n_pay=$($TS -Y 'tcp.len > 0' 2>/dev/null | wc -l)
    n_syn=$($TS -Y 'tcp.flags.syn == 1 && tcp.flags.ack == 0' 2>/dev/null | wc -l)
    n_fin=$($TS -Y 'tcp.flags.fin == 1' 2>/dev/null | wc -l)
    n_bad=$($TS -Y 'tcp.checksum.status != 1 || ip.checksum.status != 1' 2>/dev/null | wc -l)
    n_mpa=$($TS -Y 'tcp.len > 0 && iwarp_mpa' 2>/dev/null | wc -l)
    ops=$($TS -T fields -e iwarp_rdma.opcode 2>/dev/null | tr ',' '\n' | grep . | sort -u | tr '\n' ' ')
    n_term=$($TS -Y 'iwarp_rdma.opcode == 0x7' 2>/dev/null | wc -l)
    check "tshark: $n_all packets, as the demo wrote ($pk)" test "$n_all" -eq "${pk:-0}"
    check "tshark: $n_pay TCP segments with payload, one per traced frame ($fr)" test "$n_pay" -eq "${fr:-0}"
    check "tshark: at least 2000 payload segments (1 MiB Writes and Reads at MULPDU 1454)" test "$n_pay" -ge 2000
    check "tshark: one connection (1 SYN, 2 FIN)" test "$n_syn" -eq 1 -a "$n_fin" -eq 2
    check "tshark: every IP and TCP checksum good ($n_bad bad)" test "$n_bad" -eq 0
    check "tshark: every payload segment is MPA ($n_mpa of $n_pay)" test "$n_mpa" -eq "$n_pay"
    check "tshark: RDMAP opcodes 0x00-0x0b all on the wire ($ops)" \
        test "$ops" = "0x00 0x01 0x02 0x03 0x04 0x05 0x06 0x07 0x08 0x09 0x0a 0x0b "
    check "tshark: exactly one Terminate" test "$n_term" -eq 1
else
    bad "tshark not installed: the capture cannot be checked (apt-get install tshark)"
fi
# 5. the command line
"$B/demo" --help > "$B/t_demo_help.log" 2> "$B/t_demo_help.err"; rc=$?
check "demo --help: stdout, exit 0, options and exit codes" sh -c "[ $rc -eq 0 ] && [ ! -s '$B/t_demo_help.err' ] &&
    grep -q -- '--emss N' '$B/t_demo_help.log' && grep -q '^Exit status' '$B/t_demo_help.log'"
check "demo --version" sh -c "'$B/demo' --version | grep -q '^demo [0-9]'"
for a in "--iters 0|--iters '0': out of range (valid: 1..1000)" "--iters abc|--iters 'abc': not a number (valid: 1..1000)" \
         "--emss 1|--emss '1': out of range (valid: 44..65527)" "--emss 43|--emss '43': out of range (valid: 44..65527)" \
         "--bogus|unrecognized option" "--addr no.such.host.invalid|cannot resolve 'no.such.host.invalid'"; do
    flag=${a%%|*} want=${a#*|}
    # shellcheck disable=SC2086
    "$B/demo" $flag > "$B/t_demo_bad.log" 2>&1; rc=$?
    check "demo $flag: exit 2, '$want'" sh -c "[ $rc -eq 2 ] && grep -qF -- \"$want\" '$B/t_demo_bad.log'"
done
"$B/demo" --emss 44 --iters 2 > "$B/t_demo_emss.log" 2>&1; rc=$?
check "demo --emss 44 (the smallest accepted): every row passes" sh -c "[ $rc -eq 0 ] && grep -q '^15/15 operations passed' '$B/t_demo_emss.log'"
# 6. --addr: the same rows over IPv6 (::1; skipped where the machine has none) and to localhost
if ip -6 addr show lo 2>/dev/null | grep -q 'inet6 ::1/'; then
    "$B/demo" --addr ::1 --iters 2 > "$B/t_demo_v6.log" 2>&1; rc=$?
    check "demo --addr ::1: every row passes over IPv6" sh -c "[ $rc -eq 0 ] &&
        grep -q 'TCP over ::1\$' '$B/t_demo_v6.log' && grep -q '^15/15 operations passed' '$B/t_demo_v6.log'"
else
    ok "demo --addr ::1 # SKIP no IPv6"
fi
"$B/demo" --addr localhost --iters 2 > "$B/t_demo_lh.log" 2>&1; rc=$?
check "demo --addr localhost: every row passes" sh -c "[ $rc -eq 0 ] && grep -q '^15/15 operations passed' '$B/t_demo_lh.log'"
finish
[ "$fail" -eq 0 ]
