#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_hostile.sh: servers that outlive hostile peers (issue 19). While a good client runs
# a long transfer, a python driver opens other connections to the same server that connect and
# close, reset, stay silent, send garbage, send an MPA Request whose Private Data names a huge
# message size, and send an RDMA Send in the MPA Request's own segment (before the Reply, RFC
# 5044 §7.1.2). The good client must finish with every octet accounted for (iwperf: both sides
# count the same octets; iwrping -V: every ping's data compared at both ends), the server must
# still be up and serve another client, each bad peer must have ended only its own connection,
# and the server's memory (resident, its process and its children together) and descriptors
# must stay bounded while it happens. Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
W="$B/hostile"
mkdir -p "$W"
. tests/tap.sh
command -v python3 >/dev/null || { ok "hostile peers # SKIP no python3"; finish; }

if make -s B="$W" iwperf >"$W/build.log" 2>&1 && [ -x "$W/iwperf" ] &&
   ${CC:-cc} -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -O1 -g -I. \
       -Iexamples/posix -o "$W/iwrping" tools/iwrping.c >>"$W/build.log" 2>&1; then
    ok "iwperf and iwrping build"
else
    bad "build"; cat "$W/build.log"; finish
fi

# port_of LOG REGEX: wait for the server's listening line; prints the port
port_of() {
    local p="" _
    for _ in $(seq 1 300); do
        p=$(sed -n "$2" "$1" 2>/dev/null)
        [ -n "$p" ] && break
        sleep 0.05
    done
    echo "$p"
}

# tree_rss PID: resident KiB of PID and its children; tree_fds PID: PID's descriptors
tree_rss() {
    local t=0 p v
    for p in $1 $(pgrep -P "$1" 2>/dev/null); do
        v=$(awk '/^VmRSS:/ {print $2}' "/proc/$p/status" 2>/dev/null) # none: a zombie
        t=$((t + ${v:-0}))
    done
    echo $t
}
tree_fds() { ls "/proc/$1/fd" 2>/dev/null | wc -l; }

# The hostile driver: rounds of bad connections for SECS seconds. Every kind in each round.
cat >"$W/hostile.py" <<'PY'
import socket, struct, sys, time

def crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF

def request(pd):
    # MPA Request, rev 2, CRC and the RFC 6581 IRD/ORD header (IRD 16, ORD 16)
    body = struct.pack(">HH", 16, 16) + pd
    return b"MPA ID Req Frame" + bytes([0x50, 2]) + struct.pack(">H", len(body)) + body

def iwperf_pd(size):
    # tools/iwperf.c's Request Private Data: write bandwidth of `size`-octet messages
    return b"IWPF" + bytes([1, 0, 0, 0]) + struct.pack(">IIIQ", size, 1000, 0x100, 0x1000)

def send_fpdu(payload):
    # an untagged RDMA Send (DDP 0x41, RDMAP Send 0x43), QN 0, MSN 1, MO 0, CRC32c
    ulpdu = bytes([0x41, 0x43]) + struct.pack(">IIII", 0, 0, 1, 0) + payload
    f = struct.pack(">H", len(ulpdu)) + ulpdu
    f += b"\0" * ((4 - len(f) % 4) % 4)
    return f + struct.pack("<I", crc32c(f))

port, secs, kind = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
counts = dict.fromkeys(["close", "reset", "silent", "garbage", "huge", "send_in_request"], 0)
held = []
end = time.time() + secs
while time.time() < end:
    try:
        s = socket.create_connection(("127.0.0.1", port)); s.close(); counts["close"] += 1
        s = socket.create_connection(("127.0.0.1", port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); s.close()
        counts["reset"] += 1
        if len(held) < 4:
            held.append(socket.create_connection(("127.0.0.1", port))); counts["silent"] += 1
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"\x16\x03\x01\x02\x00" + bytes(range(256)) * 4); s.close(); counts["garbage"] += 1
        pd = iwperf_pd(0x40000000) if kind == "iwperf" else b""
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request(pd)); time.sleep(0.05); s.close(); counts["huge"] += 1
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request(iwperf_pd(64) if kind == "iwperf" else b"") + send_fpdu(b"x" * 16))
        time.sleep(0.05); s.close(); counts["send_in_request"] += 1
    except OSError as e:
        print("driver:", e)
    time.sleep(0.1)
for s in held:
    s.close()
print(" ".join("%s=%d" % kv for kv in sorted(counts.items())))
PY

# ---- iwperf: a write bandwidth test of 5 s while the peers come ----
"$W/iwperf" -p 0 -B 127.0.0.1 --max-clients 32 --max-mem 512M >"$W/perf.out" 2>"$W/perf.err" &
SP=$!
PORT=$(port_of "$W/perf.err" 's/^iwperf: listening on port \([0-9][0-9]*\)$/\1/p')
if [ -z "$PORT" ]; then
    bad "iwperf server did not start: $(cat "$W/perf.err")"
else
    rss0=$(tree_rss $SP); fd0=$(tree_fds $SP)
    timeout 90 "$W/iwperf" --quiet 127.0.0.1 -p "$PORT" -s 65536 -D 5 >"$W/perf.good" 2>&1 &
    GP=$!
    sleep 0.5
    timeout 60 python3 "$W/hostile.py" "$PORT" 4 iwperf >"$W/perf.py" 2>&1 &
    HP=$!
    maxrss=0 maxfd=0
    while kill -0 $GP 2>/dev/null; do
        r=$(tree_rss $SP); f=$(tree_fds $SP)
        [ "$r" -gt $maxrss ] && maxrss=$r
        [ "$f" -gt $maxfd ] && maxfd=$f
        sleep 0.2
    done
    wait $GP; grc=$?
    wait $HP
    line=$(grep '^IWPERF role=client' "$W/perf.good")
    b=$(sed -n 's/.* bytes=\([0-9]*\) .*/\1/p' <<<"$line"); pb=$(sed -n 's/.* peer_bytes=\([0-9]*\) .*/\1/p' <<<"$line")
    [ $grc = 0 ] && [ -n "$b" ] && [ "$b" = "$pb" ] && [ "$b" -gt 0 ] &&
        ok "iwperf: the good client's 5 s Write test ended well: $b octets, the server counted the same" ||
        bad "iwperf good client: rc $grc [$line] $(tail -2 "$W/perf.good")"
    # every kind of bad peer came, and each ended only its connection, with its reason
    py=$(tail -1 "$W/perf.py")
    grep -q 'close=[1-9].*garbage=[1-9].*huge=[1-9].*reset=[1-9].*send_in_request=[1-9].*silent=[1-9]' <<<"$py" &&
        grep -q 'rejecting a connection: it asks for 1073741824-octet messages' "$W/perf.err" &&
        grep -q 'the peer sent data after its MPA Request, before our Reply' "$W/perf.err" &&
        grep -q 'invalid MPA Request/Reply: bad key' "$W/perf.err" &&
        grep -q 'reset during MPA setup' "$W/perf.err" &&
        ok "iwperf: bad peers ($py) each ended alone, with the reason" ||
        bad "iwperf bad peers: [$py] server: $(sort "$W/perf.err" | uniq -c | head -8)"
    # bounded: the whole tree's resident memory never near a 1 GiB request; a few descriptors
    [ $maxrss -lt 262144 ] && [ $maxfd -le $((fd0 + 4)) ] &&
        ok "iwperf: server memory and descriptors bounded (RSS of the tree at most $maxrss KiB, was $rss0; fds at most $maxfd, was $fd0)" ||
        bad "iwperf: RSS $maxrss KiB (was $rss0) fds $maxfd (was $fd0)"
    sleep 0.5
    timeout 30 "$W/iwperf" --quiet 127.0.0.1 -p "$PORT" --op send -s 4096 -n 500 >"$W/perf.after" 2>&1; rc=$?
    kill -0 $SP 2>/dev/null && [ $rc = 0 ] && grep -q 'bytes=2048000 peer_bytes=2048000 ' "$W/perf.after" &&
        ok "iwperf: the server is still up and serves a Send test afterwards" ||
        bad "iwperf after: rc $rc $(cat "$W/perf.after")"
    kill $SP 2>/dev/null; wait $SP 2>/dev/null
fi

# ---- iwrping -P: 300 pings of 64 KiB, every octet compared at both ends ----
"$W/iwrping" -s -P -a 127.0.0.1 -p 0 -V --max-clients 32 >"$W/rp.s" 2>&1 &
SP=$!
PORT=$(port_of "$W/rp.s" 's/^iwrping: listening on 127.0.0.1:\([0-9]*\)$/\1/p')
if [ -z "$PORT" ]; then
    bad "iwrping server did not start: $(cat "$W/rp.s")"
else
    fd0=$(tree_fds $SP)
    timeout 90 "$W/iwrping" -c -a 127.0.0.1 -p "$PORT" -C 300 -S 65536 -V -q >"$W/rp.good" 2>&1 &
    GP=$!
    timeout 60 python3 "$W/hostile.py" "$PORT" 4 iwrping >"$W/rp.py" 2>&1 &
    HP=$!
    maxrss=0 maxfd=0
    while kill -0 $GP 2>/dev/null; do
        r=$(tree_rss $SP); f=$(tree_fds $SP)
        [ "$r" -gt $maxrss ] && maxrss=$r
        [ "$f" -gt $maxfd ] && maxfd=$f
        sleep 0.2
    done
    wait $GP; grc=$?
    wait $HP
    [ $grc = 0 ] && grep -q '^iwrping: ok 300 pings with data verified' "$W/rp.good" &&
        ok "iwrping: 300 pings of 64 KiB, data verified at both ends, beside the bad peers" ||
        bad "iwrping good client: rc $grc $(tail -2 "$W/rp.good")"
    sleep 0.5
    timeout 30 "$W/iwrping" -c -a 127.0.0.1 -p "$PORT" -C 5 -V -q >"$W/rp.after" 2>&1; rc=$?
    kill -0 $SP 2>/dev/null && [ $rc = 0 ] && [ $maxrss -lt 262144 ] && [ $maxfd -le $((fd0 + 4)) ] &&
        ok "iwrping: the server is up afterwards; RSS of the tree at most $maxrss KiB, fds at most $maxfd" ||
        bad "iwrping after: rc $rc alive? RSS $maxrss fds $maxfd (was $fd0) $(tail -3 "$W/rp.s")"
    kill $SP 2>/dev/null; wait $SP 2>/dev/null
fi
finish
