#!/usr/bin/env bash
# bench/chart.sh: bandwidth against message size over loopback, as a table and an SVG chart.
# iwperf -a (every power of two from 2 octets to 8 MiB, one connection, each size for -D
# seconds, or ITERS messages) for RDMA Write and Send with MPA CRC on and off, and iwperf --raw-tcp (the same sizes
# over a plain TCP socket, one write() per message) as the baseline. The chart is drawn by
# bench/svgchart.awk (no plotting library).
#
#   bash bench/chart.sh                          # writes docs/bw-vs-size.svg and .txt
#   OUT=/tmp/bw DUR=1 bash bench/chart.sh        # elsewhere; DUR seconds per size (default 1)
#   OUT=/tmp/bw ITERS=8 bash bench/chart.sh      # ITERS messages per size instead of DUR
#
# Takes about 5 x 23 x DUR seconds. Not run by `make bench`; tests/t_chart.sh runs it with
# ITERS=4 into build/ and checks the table and the SVG.
set -eu
cd "$(dirname "$0")/.."
B=${B:-build/chart}
OUT=${OUT:-docs/bw-vs-size}
DUR=${DUR:-1}
ITERS=${ITERS:-}
if [ -n "$ITERS" ]; then RUNFOR="-n $ITERS"; RUNDESC="ITERS=$ITERS"; else RUNFOR="-D $DUR"; RUNDESC="DUR=$DUR"; fi
mkdir -p "$B" "$(dirname "$OUT")"
make -s B="$B" iwperf >/dev/null
IWPERF="$B/iwperf"
data="$B/chart.tsv"
: >"$data"

# series NAME SERVER_OPTS CLIENT_OPTS: one iwperf -a run, its IWPERF lines into the table
series() {
    local name=$1 so=$2 co=$3 port="" i
    rm -f "$B/srv.out" "$B/srv.err" # a stale port from the last series must not be read
    # shellcheck disable=SC2086
    "$IWPERF" --quiet --once -p 0 $so >"$B/srv.out" 2>"$B/srv.err" &
    local sp=$!
    for i in $(seq 1 500); do # up to 25 s: a loaded machine can take seconds to start it
        port=$(sed -n 's/^iwperf: listening on port \([0-9][0-9]*\)$/\1/p' "$B/srv.err" 2>/dev/null)
        [ -n "$port" ] && break; sleep 0.05
    done
    # shellcheck disable=SC2086
    if ! "$IWPERF" --quiet -a $RUNFOR $co -p "${port:?server did not start}" 127.0.0.1 >"$B/cli.out" 2>"$B/cli.err"; then
        cat "$B/cli.err" >&2; kill "$sp" 2>/dev/null; return 1
    fi
    wait "$sp"
    grep '^IWPERF role=client' "$B/cli.out" |
        sed -n 's/.* size=\([0-9]*\) .* bw_MBps=\([0-9.]*\) .*/\1 \2/p' |
        while read -r sz bw; do printf '%s\t%s\t%s\n' "$name" "$sz" "$bw"; done >>"$data"
}
series "RDMA Write, CRC on" "" "--op write --crc on"
series "RDMA Write, CRC off" "--crc off" "--op write --crc off"
series "Send, CRC on" "" "--op send --crc on"
series "Send, CRC off" "--crc off" "--op send --crc off"
series "TCP socket (no iWARP)" "--raw-tcp" "--raw-tcp"

cmd="$RUNDESC bash bench/chart.sh ($(uname -m), $(nproc) CPUs, $(date -u +%Y-%m-%d))"
# the table: one row per size, one column per series (MB/s, 10^6 octets per second)
awk -F'\t' -v cmd="$cmd" '
    !($1 in s) { s[$1] = ++n; nm[n] = $1 }
    { v[$2, s[$1]] = $3; if (!($2 in z)) { z[$2] = 1; sz[++m] = $2 } }
    END {
        printf "# bandwidth (MB/s) by message size over loopback: %s\n", cmd
        printf "%-10s", "size"; for (k = 1; k <= n; k++) printf " | %-22s", nm[k]; printf "\n"
        for (i = 1; i <= m; i++) {
            printf "%-10s", sz[i]; for (k = 1; k <= n; k++) printf " | %-22s", v[sz[i], k]; printf "\n"
        }
    }' "$data" >"$OUT.txt"
awk -F'\t' -v title="iWARP over loopback: bandwidth by message size (iwperf -a)" \
    -v ylabel="MB/s (10^6 octets per second)" -v note="$cmd" \
    -f bench/svgchart.awk "$data" >"$OUT.svg"
cat "$OUT.txt"
echo "wrote $OUT.svg and $OUT.txt"
