#!/bin/bash
# SPDX-License-Identifier: MIT
# iwrping (tools/iwrping.c, the rping-compatible tool of `make interop`) against itself over
# 127.0.0.1 (and once over ::1 and once to the name localhost): every MPA variant the interop cases use, with the data checked at both ends (-V),
# and the two error cases, where the client end (the project too) must send the Terminate the
# RFCs name and the server must print it decoded. The same tool against Linux siw is
# `make interop` (interop/run.sh). Issue 19: --p2p with only the Send RTR, the client's
# registration of exactly -S octets, -P serving clients at once beside bad peers.
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
mkdir -p "$B"
. tests/tap.sh
if ! ${CC:-cc} -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -O1 -g \
     -I. -Iexamples/posix -o "$B/iwrping" tools/iwrping.c; then
  bad "iwrping builds"; finish
fi
ok "iwrping builds"

# A free port: the server prints the one it got when given 0 (waited for up to 25 s: a loaded
# machine can take seconds to start it).
# SADDR / CADDR: the server's listening address and the client's -a (127.0.0.1 unless set).
run_pair() { # name "server opts" "client opts" -> $B/iwrping.$name.{s,c}, statuses in ss cs
  local n=$1 so=$2 co=$3 port i=0 sa=${SADDR:-127.0.0.1} ca=${CADDR:-127.0.0.1}
  # shellcheck disable=SC2086
  timeout 30 "$B/iwrping" -s -a "$sa" -p 0 $so > "$B/iwrping.$n.s" 2>&1 &
  local sp=$!
  # only a complete line counts: a read racing the server's write could see "...:4" of ":46163"
  while [ -n "$(tail -c1 "$B/iwrping.$n.s" 2>/dev/null)" ] ||
        ! port=$(sed -n 's/^iwrping: listening on .*:\([0-9][0-9]*\)$/\1/p' "$B/iwrping.$n.s") ||
        [ -z "$port" ]; do
    sleep 0.05; i=$((i + 1)); [ $i -gt 500 ] && break
  done
  [ -n "$port" ] || echo "# $n: no port from the server after 25 s"
  # shellcheck disable=SC2086
  timeout 30 "$B/iwrping" -c -a "$ca" -p "${port:-1}" $co > "$B/iwrping.$n.c" 2>&1; cs=$?
  wait $sp; ss=$?
}

for v in "" "--crc" "--rev 1" "--p2p" "--markers" "--crc --markers"; do
  name=$(echo "x$v" | tr -c 'a-z0-9\n' '_')
  run_pair "$name" "-C 4 -V $v" "-C 4 -S 3000 -V $v"
  if [ $ss = 0 ] && [ $cs = 0 ] && grep -q '^iwrping: ok 4 pings with data verified' "$B/iwrping.$name.c" &&
     grep -q '^iwrping: ok 4 pings with data verified' "$B/iwrping.$name.s"; then
    ok "rping exchange, 4 pings of 3000 octets verified at both ends ${v:-(defaults)}"
  else
    bad "rping exchange ${v:-(defaults)}: server $ss '$(tail -1 "$B/iwrping.$name.s")' client $cs '$(tail -1 "$B/iwrping.$name.c")'"
  fi
done

# What was negotiated must be what was asked (the connected line comes from iw_px_info).
grep -q 'MPA rev 1, CRC off' "$B/iwrping.x__rev_1.c" && ok "--rev 1 negotiates MPA rev 1" ||
  bad "--rev 1: $(grep connected "$B/iwrping.x__rev_1.c")"
grep -q 'CRC on' "$B/iwrping.x__crc.s" && ok "--crc on the client turns CRC on at the server" ||
  bad "--crc: $(grep connected "$B/iwrping.x__crc.s")"
grep -q 'p2p RTR' "$B/iwrping.x__p2p.c" && ok "--p2p negotiates peer-to-peer with an RTR" ||
  bad "--p2p: $(grep connected "$B/iwrping.x__p2p.c")"

# Errors: the server misbehaves, the client (our core) answers with a Terminate, the server
# prints it decoded. RFC 5041 §7.2 (tagged buffer, invalid STag); RFC 5040 §7.2 for the Read
# Request (remote protection, invalid STag).
run_pair badw "-C 1 --bad-write" "-C 1 -S 64 -V"
if [ $ss = 3 ] && grep -q 'Terminate from peer: layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag' "$B/iwrping.badw.s"; then
  ok "bad RDMA Write: the peer's Terminate (DDP, tagged buffer, invalid STag) decoded"
else
  bad "bad RDMA Write: server $ss '$(tail -1 "$B/iwrping.badw.s")'"
fi
run_pair badr "-C 1 --bad-read" "-C 1 -S 64 -V"
if [ $ss = 3 ] && grep -q 'Terminate from peer: layer 0 RDMAP, type 1 remote protection, code 0x00 invalid STag' "$B/iwrping.badr.s"; then
  ok "bad RDMA Read Request: the peer's Terminate (RDMAP, remote protection, invalid STag) decoded"
else
  bad "bad RDMA Read Request: server $ss '$(tail -1 "$B/iwrping.badr.s")'"
fi
# IPv6 and names: a server on ::1 and a client to ::1 (skipped where the machine has no ::1);
# a server on 127.0.0.1 and a client to "localhost" (localhost may be ::1 first: then the
# server listens on ::1 too).
if ip -6 addr show lo 2>/dev/null | grep -q 'inet6 ::1/'; then
  SADDR=::1 CADDR=::1 run_pair v6 "-C 3 -V --crc" "-C 3 -S 2000 -V --crc"
  [ $ss = 0 ] && [ $cs = 0 ] && grep -q '^iwrping: listening on \[::1\]:[0-9]*$' "$B/iwrping.v6.s" &&
    grep -q '^iwrping: ok 3 pings with data verified' "$B/iwrping.v6.c" &&
    grep -q '^iwrping: ok 3 pings with data verified' "$B/iwrping.v6.s" &&
    ok "IPv6: server on [::1], client -a ::1, 3 pings verified at both ends" ||
    bad "IPv6 ::1: server $ss '$(tail -1 "$B/iwrping.v6.s")' client $cs '$(tail -1 "$B/iwrping.v6.c")'"
else
  ok "IPv6 ::1 # SKIP no IPv6"
fi
lh=$(getent ahosts localhost 2>/dev/null | awk '$2 == "STREAM" {print $1; exit}')
SADDR=${lh:-127.0.0.1} CADDR=localhost run_pair lh "-C 2 -V" "-C 2 -S 500 -V"
[ $ss = 0 ] && [ $cs = 0 ] && grep -q '^iwrping: ok 2 pings with data verified' "$B/iwrping.lh.c" &&
  ok "client -a localhost (server on ${lh:-127.0.0.1}): 2 pings verified" ||
  bad "localhost: server $ss '$(tail -1 "$B/iwrping.lh.s")' client $cs '$(tail -1 "$B/iwrping.lh.c")'"

# rping's habits. A plain server (no -C) against a client asking for 5 pings: both ok.
run_pair plain "" "-C 5 -S 100 -V"
[ $ss = 0 ] && [ $cs = 0 ] && grep -q '^iwrping: ok 5 pings' "$B/iwrping.plain.c" && grep -q '^iwrping: ok 5 pings' "$B/iwrping.plain.s" &&
  ok "plain -s (no -C) serves a client's -C 5: both ok 5 pings" ||
  bad "plain -s vs -c -C 5: server $ss '$(tail -1 "$B/iwrping.plain.s")' client $cs '$(tail -1 "$B/iwrping.plain.c")'"
# -P: two clients one after another, then SIGTERM stops the server (exit 0); the second client
# runs with the default -C 0 until SIGINT and still ends "ok".
"$B/iwrping" -s -P -a 127.0.0.1 -p 0 -V > "$B/iwrping.P.s" 2>&1 &
sp=$!; port=""
for _ in $(seq 1 500); do
  port=$(sed -n 's/^iwrping: listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$B/iwrping.P.s"); [ -n "$port" ] && break; sleep 0.05
done
timeout 30 "$B/iwrping" -c -a localhost -p "${port:-1}" -C 3 -V > "$B/iwrping.P.c1" 2>&1; c1=$?
"$B/iwrping" -c -a localhost -p "${port:-1}" -V > "$B/iwrping.P.c2" 2>&1 &
cp=$!; sleep 1; kill -INT $cp; wait $cp; c2=$?
n2=$(sed -n 's/^iwrping: ok \([0-9]*\) pings.*/\1/p' "$B/iwrping.P.c2")
[ $c2 = 0 ] && [ "${n2:-0}" -gt 1 ] && ok "-C 0 (default): the client pings until SIGINT ($n2 pings), exit 0" ||
  bad "-C 0 client: exit $c2 '$(tail -1 "$B/iwrping.P.c2")'"
sleep 0.3; kill -TERM $sp; wait $sp; s1=$?
[ $c1 = 0 ] && [ $s1 = 0 ] && grep -q '^iwrping: served 2 client(s)' "$B/iwrping.P.s" &&
  [ "$(grep -c '^iwrping: ok' "$B/iwrping.P.s")" = 2 ] &&
  ok "-P: the server served 2 clients one after another, exit 0 on SIGTERM" ||
  bad "-P: server $s1 '$(tail -2 "$B/iwrping.P.s" | tr '\n' ' ')' client1 $c1"
# issue 19: the peer offers only the Send RTR: its zero-length Send takes the server's first
# Receive and is not a ping (RFC 6581)
run_pair p2p_send "--p2p -V -C 3" "--p2p --rtr send -C 3 -V"
[ $ss = 0 ] && [ $cs = 0 ] && grep -q 'p2p RTR Send' "$B/iwrping.p2p_send.s" &&
  grep -q '^iwrping: ok 3 pings with data verified' "$B/iwrping.p2p_send.s" &&
  ok "-s --p2p with a client that offers only the Send RTR: 3 pings both ends" ||
  bad "p2p Send RTR: server $ss '$(tail -1 "$B/iwrping.p2p_send.s")' client $cs '$(tail -1 "$B/iwrping.p2p_send.c")'"
# the client registers only its -S octets: a Read one octet past them gets the client's
# Terminate (RDMAP, remote protection), not data
run_pair badlen "--bad-len -C 1" "-S 100 -C 1"
[ $ss = 3 ] && grep -q 'Terminate from peer: layer 0 RDMAP, type 1 remote protection' "$B/iwrping.badlen.s" &&
  ok "-S 100: a Read of 101 octets is refused by the client: $(grep -o 'code 0x[0-9a-f]* [a-z ]*' "$B/iwrping.badlen.s" | head -1)" ||
  bad "-S registration: server $ss '$(tail -1 "$B/iwrping.badlen.s")' client $cs '$(tail -1 "$B/iwrping.badlen.c")'"
# -P: clients at once (each in its own process) beside a silent peer and a garbage one
"$B/iwrping" -s -P -a 127.0.0.1 -p 0 -V --max-clients 8 > "$B/iwrping.PP.s" 2>&1 &
sp=$!; port=""
for _ in $(seq 1 500); do
  port=$(sed -n 's/^iwrping: listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$B/iwrping.PP.s"); [ -n "$port" ] && break; sleep 0.05
done
python3 -c '
import socket, sys, time
p = int(sys.argv[1])
a = socket.create_connection(("127.0.0.1", p))
b = socket.create_connection(("127.0.0.1", p)); b.send(b"\x00" * 64)
time.sleep(6)
' "${port:-1}" & bp=$!
for i in 1 2 3; do
  timeout 30 "$B/iwrping" -c -a 127.0.0.1 -p "${port:-1}" -C 20 -S 4000 -V -q > "$B/iwrping.PP.c$i" 2>&1 &
  eval "cp$i=\$!"
done
crc=0; for i in 1 2 3; do eval "wait \$cp$i" || crc=1; done
wait $bp
kill -0 $sp 2>/dev/null; alive=$?
kill -TERM $sp; wait $sp; s1=$?
[ $crc = 0 ] && [ $alive = 0 ] && [ $s1 = 0 ] && [ "$(grep -c '^iwrping: ok 20 pings with data verified' "$B/iwrping.PP.s")" = 3 ] &&
  grep -q '^iwrping: served 5 client(s)' "$B/iwrping.PP.s" &&
  ok "-P: 3 clients at once (20 pings each, verified) beside a silent and a garbage peer that failed alone" ||
  bad "-P at once: clients $crc alive $alive server $s1 '$(tail -4 "$B/iwrping.PP.s" | tr '\n' ' ')'"
# The command line
"$B/iwrping" --help > "$B/iwrping.help" 2> "$B/iwrping.help.err"; rc=$?
[ $rc = 0 ] && [ ! -s "$B/iwrping.help.err" ] && grep -q -- '-P, --persistent' "$B/iwrping.help" &&
  grep -q 'default 0: until stopped' "$B/iwrping.help" && grep -q '^Exit status' "$B/iwrping.help" &&
  ok "--help on stdout, exit 0, with the defaults and exit codes" || bad "--help: exit $rc"
"$B/iwrping" --version | grep -q '^iwrping [0-9]' && ok "--version" || bad "--version"
for a in "-C abc|-C/--count 'abc': not a number (valid: 0..4294967295)" \
         "-S 31|-S/--size '31': out of range (valid: 32..65536" \
         "-p 70000|-p/--port '70000': out of range (valid: 0..65535)" \
         "-a no.such.host.invalid|cannot resolve 'no.such.host.invalid'" \
         "-a ::1 -p 0|-p/--port '0': a client needs a port"; do
  flag=${a%%|*} want=${a#*|}
  # shellcheck disable=SC2086
  "$B/iwrping" -c -a 127.0.0.1 $flag > /dev/null 2> "$B/iwrping.err"; rc=$?
  [ $rc = 2 ] && grep -qF -- "$want" "$B/iwrping.err" && ok "$flag: exit 2, '$want'" ||
    bad "$flag: exit $rc '$(cat "$B/iwrping.err")'"
done
finish
[ $fail = 0 ]
