#!/bin/bash
# SPDX-License-Identifier: MIT
# iwrping (tools/iwrping.c, the rping-compatible tool of `make interop`) against itself over
# 127.0.0.1: every MPA variant the interop cases use, with the data checked at both ends (-V),
# and the two error cases, where the client end (the project too) must send the Terminate the
# RFCs name and the server must print it decoded. The same tool against Linux siw is
# `make interop` (interop/run.sh).
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
run_pair() { # name "server opts" "client opts" -> $B/iwrping.$name.{s,c}, statuses in ss cs
  local n=$1 so=$2 co=$3 port i=0
  # shellcheck disable=SC2086
  timeout 30 "$B/iwrping" -s -a 127.0.0.1 -p 0 $so > "$B/iwrping.$n.s" 2>&1 &
  local sp=$!
  while ! port=$(sed -n 's/^iwrping: listening on 127.0.0.1:\([0-9]*\)$/\1/p' "$B/iwrping.$n.s") ||
        [ -z "$port" ]; do
    sleep 0.05; i=$((i + 1)); [ $i -gt 500 ] && break
  done
  # shellcheck disable=SC2086
  timeout 30 "$B/iwrping" -c -a 127.0.0.1 -p "${port:-1}" $co > "$B/iwrping.$n.c" 2>&1; cs=$?
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
finish
[ $fail = 0 ]
