#!/usr/bin/env bash
# fuzz/coverage.sh: the body of `make coverage` (mk/coverage.mk; docs/verification.md).
# Builds every tests/test_*.c and every fuzz target's replay driver (fuzz/main.c) with clang
# source-based coverage (-fprofile-instr-generate -fcoverage-mapping, no sanitizers, -O0),
# runs the tests and replays fuzz/corpus/<target>/ through the drivers, merges the profiles
# with llvm-profdata and reports with llvm-cov over all the binaries together:
#   COVERAGE <header> lines=<pct> branches=<pct>
# per core header, and writes build/coverage/report.txt (per-file table) and
# build/coverage/uncovered-<header>.txt (llvm-cov show of the lines never run).
# COV_TESTS="test_mpa test_ddp" limits the tests (default: all). Exit 1 if a tool is missing
# or a build fails; a test that fails still counts for coverage (its log is kept).
set -u
cd "$(dirname "$0")/.."
B=${B:-build}/coverage
CLANG=${CLANG:-clang}
PROFDATA=${LLVM_PROFDATA:-llvm-profdata}
COV=${LLVM_COV:-llvm-cov}
TARGETS="mpa_frame mpa_setup mpa_rx ddp_rx rdmap_rx verbs_qp"
HEADERS="mpa.h ddp.h rdmap.h verbs.h"
CFLAGS="-std=c99 -O0 -g -fprofile-instr-generate -fcoverage-mapping -w"
for tool in "$CLANG" "$PROFDATA" "$COV"; do
    command -v "$tool" >/dev/null || { echo "coverage: $tool not found (apt-get install clang llvm)" >&2; exit 1; }
done
rm -rf "$B"; mkdir -p "$B/bin" "$B/prof" "$B/log"
objs=()
tests=${COV_TESTS:-$(ls tests/test_*.c | xargs -n1 basename | sed 's/\.c$//')}
for t in $tests; do
    $CLANG $CFLAGS -I. -Itests "tests/$t.c" -o "$B/bin/$t" -lm -pthread 2>"$B/log/build-$t.log" ||
        { echo "coverage: cannot build $t" >&2; tail -n 20 "$B/log/build-$t.log" >&2; exit 1; }
    objs+=("$B/bin/$t")
done
for t in $TARGETS; do
    $CLANG $CFLAGS -I. -Itests fuzz/main.c "fuzz/fuzz_$t.c" -o "$B/bin/replay_$t" 2>"$B/log/build-replay_$t.log" ||
        { echo "coverage: cannot build replay_$t" >&2; tail -n 20 "$B/log/build-replay_$t.log" >&2; exit 1; }
    objs+=("$B/bin/replay_$t")
done
for t in $tests; do
    LLVM_PROFILE_FILE="$B/prof/$t-%p.profraw" "$B/bin/$t" >"$B/log/$t.log" 2>&1 ||
        echo "coverage: note: $t exited non-zero (see $B/log/$t.log)" >&2
done
for t in $TARGETS; do
    LLVM_PROFILE_FILE="$B/prof/replay_$t-%p.profraw" "$B/bin/replay_$t" "fuzz/corpus/$t" \
        >"$B/log/replay_$t.log" 2>&1 || echo "coverage: note: replay_$t failed" >&2
done
$PROFDATA merge -sparse "$B"/prof/*.profraw -o "$B/all.profdata" || exit 1
args=()
for o in "${objs[@]:1}"; do args+=(-object "$o"); done
$COV report "${objs[0]}" "${args[@]}" -instr-profile="$B/all.profdata" $HEADERS > "$B/report.txt" || exit 1
# columns: Filename Regions Missed Cover Functions Missed Executed Lines Missed Cover Branches Missed Cover
for h in $HEADERS; do
    awk -v h="$h" '$1 == h || $1 ~ ("/" h "$") { printf "COVERAGE %s lines=%s branches=%s\n", h, $10, $13 }' "$B/report.txt"
    $COV show "${objs[0]}" "${args[@]}" -instr-profile="$B/all.profdata" "$h" \
        -show-line-counts-or-regions 2>/dev/null | grep -E '^ +[0-9]+\| +0\|' > "$B/uncovered-$h.txt"
done
