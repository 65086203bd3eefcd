#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_perftest_lat.sh: iwperf --perftest --lat (tools/perftest_lat.h), the peer of
# perftest's ib_write_lat / ib_send_lat / ib_read_lat -R, as client against itself as server
# over 127.0.0.1 (make interop runs it against the real perftest on siw).
#
# For write (both sides --p2p: ib_write_lat's server writes first, RFC 5044 §7.1.2), send and
# read, at 1 and 64 octets and 300 round trips (the Write's counter octet wraps at 256): both
# exit 0, both count 300 messages of the size, the latency samples are 300 or 299 (the side
# that answers last has one round trip fewer; ib_read_lat's server measures none) and the
# table has perftest's columns. Then what the server must refuse: a client that stops after
# 50 of the 100 round trips the server was given (exit 1, "left mid-run"), a client of
# another size (exit 1), and ib_write_lat's first Write without peer-to-peer mode (exit 1 after
# 10 s, naming the rule). Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
W="$B/perftest_lat"
mkdir -p "$W"
. tests/tap.sh

if make -s B="$W" iwperf >"$W/build.log" 2>&1 && [ -x "$W/iwperf" ]; then
    ok "make iwperf builds $W/iwperf"
else
    bad "make iwperf"; cat "$W/build.log"; finish
fi
IWPERF="$W/iwperf"

# start_server LOG OPTIONS...: a server on an ephemeral port; sets SPID and PORT.
start_server() {
    local log=$1; shift
    rm -f "$log.out" "$log.err"
    "$IWPERF" -p 0 "$@" >"$log.out" 2>"$log.err" &
    SPID=$!
    PORT=""
    for _ in $(seq 1 500); do
        PORT=$(sed -n 's/^iwperf: listening on port \([0-9][0-9]*\)$/\1/p' "$log.err" 2>/dev/null)
        [ -n "$PORT" ] && return 0
        kill -0 "$SPID" 2>/dev/null || break
        sleep 0.05
    done
    return 1
}
# The server's status once it ended (stopped after 30 s).
wait_srv() {
    for _ in $(seq 1 600); do kill -0 "$SPID" 2>/dev/null || break; sleep 0.05; done
    kill "$SPID" 2>/dev/null
    wait "$SPID"
}
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

N=300
for op in write send read; do
    for size in 1 64; do
        p2p=""; [ $op = write ] && p2p=--p2p
        log="$W/${op}_$size"
        if ! start_server "$log" --perftest --lat --op $op -s $size -n $N $p2p; then
            bad "$op $size: server did not start: $(cat "$log.err")"; continue
        fi
        timeout 30 "$IWPERF" --perftest --lat --op $op -s $size -n $N $p2p -p "$PORT" 127.0.0.1 \
            >"$log.cout" 2>"$log.cerr"
        cs=$?
        wait_srv; ss=$?
        cl=$(grep '^IWPERF role=client mode=perftest op=.* test=lat' "$log.cout")
        sl=$(grep '^IWPERF role=server mode=perftest op=.* test=lat' "$log.out")
        # samples: who answers last has one round trip fewer to time (write: the client, the
        # server writes first; send: the server); ib_read_lat's server times nothing
        case $op in write) want_cs=$((N - 1)) want_ss=$N ;; send) want_cs=$N want_ss=$((N - 1)) ;;
                    read) want_cs=$N want_ss=0 ;; esac
        if [ $cs = 0 ] && [ $ss = 0 ] && [ "$(field msgs "$cl")" = $N ] && [ "$(field msgs "$sl")" = $N ] &&
           [ "$(field bytes "$cl")" = $((N * size)) ] && [ "$(field bytes "$sl")" = $((N * size)) ] &&
           [ "$(field samples "$cl")" = "$want_cs" ] && [ "$(field samples "$sl")" = "$want_ss" ] &&
           grep -q '^ #bytes #iterations    t_min\[usec\]    t_max\[usec\]  t_typical\[usec\]    t_avg\[usec\]    t_stdev\[usec\]   99% percentile\[usec\]   99.9% percentile\[usec\]$' "$log.cout" &&
           grep -Eq "^ $size +$N +[0-9]+\.[0-9]{2} " "$log.cout"; then
            ok "$op $size x $N: both exit 0, $N messages each, client $(field samples "$cl") samples, t_typical $(field lat_us_typical "$cl") us"
        else
            bad "$op $size: exit client $cs server $ss [$cl] [$sl] $(cat "$log.cerr" "$log.err" | tail -3)"
        fi
    done
done

# The server was told 100 round trips, the client stops after 50: it left mid-run.
log="$W/short"
if start_server "$log" --perftest --lat --op send -s 64 -n 100; then
    timeout 30 "$IWPERF" --perftest --lat --op send -s 64 -n 50 -p "$PORT" 127.0.0.1 >"$log.cout" 2>"$log.cerr"
    wait_srv; ss=$?
    if [ $ss = 1 ] && grep -q '^iwperf: error: perftest client left mid-run: .*we sent 50, saw 50 of 100' "$log.err"; then
        ok "a client that stops at 50 of 100: the server exits 1 and says so"
    else
        bad "short client: server exit $ss: $(cat "$log.err")"
    fi
else
    bad "short client: server did not start"
fi

# A Read latency client of another size than the server was given: the counts disagree.
log="$W/size"
if start_server "$log" --perftest --lat --op read -s 64 -n 20; then
    timeout 30 "$IWPERF" --perftest --lat --op read -s 32 -n 20 -p "$PORT" 127.0.0.1 >"$log.cout" 2>"$log.cerr"
    wait_srv; ss=$?
    if [ $ss = 1 ] && grep -q '^iwperf: error: counts disagree with what was asked: counted 20 messages, 640 octets' "$log.err"; then
        ok "a Read client of 32 octets against a server of 64: exit 1, counts named"
    else
        bad "size mismatch: server exit $ss: $(cat "$log.err")"
    fi
else
    bad "size mismatch: server did not start"
fi

# ib_write_lat without peer-to-peer mode: the server's first Write waits for an FPDU of the
# client, which never comes (RFC 5044 §7.1.2); both give up after 10 s, the server naming why.
log="$W/nop2p"
if start_server "$log" --perftest --lat --op write -s 8 -n 10; then
    timeout 30 "$IWPERF" --perftest --lat --op write -s 8 -n 10 -p "$PORT" 127.0.0.1 >"$log.cout" 2>"$log.cerr"
    cs=$?
    wait_srv; ss=$?
    if [ $ss = 1 ] && [ $cs = 1 ] && grep -q "^iwperf: error: ib_write_lat: our first Write waits for the client's first FPDU (RFC 5044 §7.1.2); use peer-to-peer mode" "$log.err"; then
        ok "write latency without --p2p: both exit 1, the server names RFC 5044 §7.1.2"
    else
        bad "write without p2p: client $cs server $ss: $(cat "$log.err" "$log.cerr")"
    fi
else
    bad "write without p2p: server did not start"
fi
finish
