#!/usr/bin/env bash
# fuzz/coverage.sh: the body of `make coverage` (mk/coverage.mk; docs/verification.md).
# Builds every tests/test_*.c and every fuzz target's replay driver (fuzz/main.c) with clang
# source-based coverage (-fprofile-instr-generate -fcoverage-mapping, no sanitizers, -O0),
# runs the tests and replays fuzz/corpus/<target>/ through the drivers, merges the profiles
# with llvm-profdata and reports with llvm-cov over all the binaries together:
#   COVERAGE <header> lines=<pct> branches=<pct>
# per core header, and writes build/coverage/report.txt (per-file table) and
# build/coverage/uncovered-<header>.txt (llvm-cov show of the lines never run) and
# build/coverage/branches-missed-<header>.txt (file:line:col of each branch with a side never
# taken by any program, and the function).
# COV_TESTS="test_mpa test_ddp" limits the tests (default: all). Exit 1 if a tool is missing
# or a build fails; a test that fails still counts for coverage (its log is kept). How the
# figures are counted (the programs together): docs/coverage.md. COV_COUNTS=1 also prints the
# counts behind each percentage.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}/coverage
CLANG=${CLANG:-clang}
PROFDATA=${LLVM_PROFDATA:-llvm-profdata}
COV=${LLVM_COV:-llvm-cov}
TARGETS="mpa_frame mpa_setup mpa_rx ddp_rx rdmap_rx verbs_qp"
HEADERS="mpa.h ddp.h rdmap.h verbs.h"
CFLAGS="-std=c99 -O0 -g -fprofile-instr-generate -fcoverage-mapping -w"
for tool in "$CLANG" "$PROFDATA" "$COV" python3; do
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
# llvm-cov report counts each function as its best single program (a header's static functions
# are compiled into every program: llvm-cov takes the largest count of any one copy, not their
# union), so a branch taken only by a fuzz replay and its other side only by a test counts half.
# The COVERAGE figures are of the programs together: lines as llvm-cov show's file view (a line
# is run if any program ran it), branches per function as the union over the programs of each
# side taken (copies built from the same configuration; of the configurations, e.g.
# test_profile_small's, the one with the most covered). The per-program figures stay in
# report.txt (columns: Filename Regions Missed Cover Functions Missed Executed Lines Missed
# Cover Branches Missed Cover).
$COV export -format=lcov "${objs[0]}" "${args[@]}" -instr-profile="$B/all.profdata" $HEADERS \
    > "$B/lines.lcov" 2>/dev/null || exit 1
$COV export -format=text "${objs[0]}" "${args[@]}" -instr-profile="$B/all.profdata" $HEADERS \
    > "$B/export.json" 2>/dev/null || exit 1
python3 - "$B" $HEADERS <<'PY' || exit 1
import collections, json, os, sys
b, heads = sys.argv[1], sys.argv[2:]
lines, lhit = collections.Counter(), collections.Counter()
cur = None
for l in open(os.path.join(b, "lines.lcov")):
    if l.startswith("SF:"):
        cur = os.path.basename(l[3:].strip())
    elif l.startswith("DA:"):
        lines[cur] += 1
        lhit[cur] += int(l.split(",")[1]) > 0
funcs = json.load(open(os.path.join(b, "export.json")))["data"][0]["functions"]
groups = collections.defaultdict(dict)  # (header, function) -> {branch layout: [[true, false]]}
for f in funcs:
    br = [x for x in f["branches"] if os.path.basename(f["filenames"][x[6]]) in heads]
    if not br:
        continue
    head = os.path.basename(f["filenames"][br[0][6]])
    layout = tuple((os.path.basename(f["filenames"][x[6]]),) + tuple(x[:4]) for x in br)
    sides = groups[(head, f["name"].split(":")[-1])].setdefault(layout, [[0, 0] for _ in br])
    for i, x in enumerate(br):
        sides[i][0] |= x[4] > 0
        sides[i][1] |= x[5] > 0
btot, bhit, missed = collections.Counter(), collections.Counter(), collections.defaultdict(set)
for (head, name), g in groups.items():
    best = max(g.values(), key=lambda s: (sum(t + f for t, f in s), len(s)))
    btot[head] += 2 * len(best)
    bhit[head] += sum(t + f for t, f in best)
    layout = next(k for k, v in g.items() if v is best)
    for (fn, l1, c1, _, _), (t, f) in zip(layout, best):
        if not (t and f):
            missed[head].add((fn, l1, c1, "true" if f else "false" if t else "run", name))
for h in heads:
    with open(os.path.join(b, "branches-missed-%s.txt" % h), "w") as out:
        for m in sorted(missed[h]):
            out.write("%s:%d:%d never %s (%s)\n" % m)
pct = lambda n, d: "%.2f%%" % (100.0 * n / d) if d else "-"
for h in heads:
    print("COVERAGE %s lines=%s branches=%s" % (h, pct(lhit[h], lines[h]), pct(bhit[h], btot[h])))
    if os.environ.get("COV_COUNTS"): print("  %s lines %d/%d branches %d/%d" % (h, lhit[h], lines[h], bhit[h], btot[h]))
PY
for h in $HEADERS; do
    $COV show "${objs[0]}" "${args[@]}" -instr-profile="$B/all.profdata" "$h" \
        -show-line-counts-or-regions 2>/dev/null | grep -E '^ +[0-9]+\| +0\|' > "$B/uncovered-$h.txt"
done
