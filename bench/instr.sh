#!/usr/bin/env bash
# bench/instr.sh: e2e_write_64_instr, the instructions one 64-octet RDMA Write costs both ends
# (two verbs QPs in memory: bench_e2e's in-memory part). Builds bench/bench_e2e.c with MSG 64
# and a few repetitions, runs it under valgrind's callgrind collecting only inside pass_e2e
# (--toggle-collect: the same figure as pass_e2e's inclusive count in callgrind_annotate), and
# divides by the Writes the program says pass_e2e posted. Prints '# ' lines and one BENCH line
# (lower is better); without valgrind, one '# ' line saying so. Called by bench/run.sh; about
# 5 s. Exits non-zero only when the program reports a wrong result or the count is missing.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}/bench
CFLAGS=${BENCH_CFLAGS:--O2 -g}
BEFORE=1965 # main 3b9e385, the same measurement (README: "Where the time goes, in memory")
if ! command -v valgrind >/dev/null 2>&1; then
    echo "# e2e_write_64_instr: valgrind not installed"
    exit 0
fi
mkdir -p "$B"
exe="$B/bench_e2e_instr"
out="$B/bench_e2e_instr.callgrind"
if ! cc $CFLAGS -std=c99 -Wall -Wextra -I. -Ibench -Iexamples/posix -DMSG=64u -DREPS=3 \
        -o "$exe" bench/bench_e2e.c -pthread; then
    echo "bench: build of bench_e2e with MSG 64 failed"
    exit 1
fi
rm -f "$out"
if ! BENCH_E2E_NO_TCP=1 valgrind -q --tool=callgrind --toggle-collect=pass_e2e \
        --callgrind-out-file="$out" "$exe" > "$B/bench_e2e_instr.out" 2>&1; then
    cat "$B/bench_e2e_instr.out"
    echo "bench: bench_e2e (MSG 64, under callgrind) reported a wrong result"
    exit 1
fi
writes=$(sed -n 's/^ *pass_e2e Writes in all: \([0-9][0-9]*\)$/\1/p' "$B/bench_e2e_instr.out")
kset=$(sed -n 's/^ *fused copy+CRC kernel set: //p' "$B/bench_e2e_instr.out")
instr=$(sed -n 's/^totals: \([0-9][0-9]*\).*/\1/p' "$out" | head -n 1)
if [ -z "$writes" ] || [ -z "$instr" ] || [ "$writes" = 0 ] || [ "$instr" = 0 ]; then
    echo "bench: e2e_write_64_instr: no count (Writes '${writes:-}', instructions '${instr:-}')"
    exit 1
fi
echo "# e2e_write_64_instr: callgrind (valgrind $(valgrind --version | sed 's/^valgrind-//')) on" \
     "bench_e2e built with MSG 64, REPS 3, $CFLAGS (CRC kernel set under valgrind: ${kset:-?}): pass_e2e inclusive $instr instructions /" \
     "$writes Writes (both QPs: post, copy-out, parse, placement, CQ); lower is better;" \
     "before = $BEFORE, measured the same way on main 3b9e385; target at most 1200"
awk -v i="$instr" -v w="$writes" -v b="$BEFORE" \
    'BEGIN { n = i / w; printf "BENCH e2e_write_64_instr %.1f instr/Write vs before ratio=%.3f\n", n, n / b }'
