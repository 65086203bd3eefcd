#!/usr/bin/env bash
# tests/mutate.sh: the body of `make mutate`. Each file of tests/mutants/ is a curated mutant of
# the core for one requirement clause (docs/conformance.md): a "*.mut" replace spec (applied by
# tests/mutate_apply.awk) or a "*.patch" unified diff (patch -p1, no fuzz). Its header lines:
#   id: CLAUSE-ID            the clause it breaks
#   file: rdmap.h            (.mut only) the file it edits
#   tests: test_x ...        the test files that name the clause (checked against the sources)
#   equivalent: REASON       (optional) the mutant cannot be told apart from the original
#   set: full                (optional) left out of the CI subset (MUTATE_SET=ci): see below
# A clause may have several mutants (files ID.mut, ID-2.mut, ...).
# How a mutant runs: the run first takes a snapshot of the sources the tests read (the core
# headers, tests/, examples/, verify/) in build/mutate/_src/, so editing the working tree during
# the run changes nothing. build/mutate/<mutant>/ then gets a copy of the core headers (*.h),
# with the mutant applied, and a symbolic link to every other entry of the snapshot (tests/,
# examples/, verify/, then the rest of the tree), so nothing big is copied per mutant.
# Each test file that names the clause and includes the mutated header (gcc -MM, once, in the
# baseline) is built there with gcc -O1 (no sanitizer) and run, fastest first (baseline times);
# the first that fails, or runs 5 times as long as in the baseline (at least 20 s), kills it.
# A test that does not include the mutated header is the baseline program: not rebuilt.
# Output, one line per mutant, then the totals:
#   MUTATE <ID> killed|survived|equivalent|stale <test>
#   MUTATION killed=N survived=M equivalent=E
# stale = the patch no longer applies (or the mutated tree no longer builds): a failure, like
# survived. Exit status 1 if any mutant is stale or survived.
# Knobs: MUTANTS="ID ..." only those clauses; JOBS=N mutants at a time (default 2);
#   MUTATE_SET=ci leaves out the mutants tagged "set: full" (CI; default all);
#   SHARD=i/n runs the i-th of n slices (i = 1..n) of the selected mutants;
#   MUTATE_ANCHORS=1 only checks that every selected mutant still applies to the working tree
#   (each applied to a copy of the files it edits, nothing built): "STALE <mutant>" per one that
#   does not, then "MUTATE_ANCHORS stale=N"; `make mutate-anchors`, seconds, for anyone who edits
#   the core and wants to know which mutants to re-anchor;
#   MUTATE_CACHE=0 ignores build/mutate/cache/ (results keyed by a hash of the mutant and of
#   every input: the core headers, tests/, examples/, verify/ and this script).
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${B:-build}/mutate
case "$OUT" in /*) ;; *) OUT="$ROOT/$OUT" ;; esac
JOBS=${JOBS:-2}
CFLAGS_M="-std=c99 -O1 -g0 -w"
mkdir -p "$OUT/cache"

field() { sed -n "s/^$2:[[:space:]]*//p" "$1" | head -n 1; }

# mk_tree DIR: the core headers copied, every other top-level entry linked
mk_tree() {
    local e
    rm -rf "$1" && mkdir -p "$1" || return 1
    for e in "$SRC"/*; do
        case "${e##*/}" in
            *.h) cp "$e" "$1/" ;;
            build) ;;
            *) ln -s "$e" "$1/${e##*/}" ;;
        esac
    done
}

# build_run DIR TEST LIMIT: 0 passes, 1 fails (or exceeds LIMIT seconds), 2 does not build
build_run() {
    (cd "$1" && gcc $CFLAGS_M -I. -Itests -o "t_$2" "tests/$2.c" -lm -pthread > "t_$2.build" 2>&1) ||
        return 2
    (cd "$1" && timeout "$3" "./t_$2" > "t_$2.log" 2>&1) 2>/dev/null || return 1
    return 0
}

# tests naming an ID (as a whole word) in their sources
naming() { grep -lw -- "$1" "$SRC"/tests/test_*.c 2>/dev/null | xargs -r -n1 basename | sed 's/\.c$//' | tr '\n' ' '; }

# the core headers a mutant edits
edits() {
    case "$1" in
        *.mut) field "$1" file ;;
        *.patch) sed -n 's|^+++ [^/]*/\([^[:space:]]*\).*|\1|p' "$1" ;;
    esac
}

one() { # one MUTANT-FILE: writes $OUT/<name>.result
    local m=$1 id eq dir res name key tests t f hit lim rc failed="" built="" tagged
    id=$(field "$m" id); eq=$(field "$m" equivalent)
    name=$(basename "${m%.*}")
    dir="$OUT/$name"
    res="$OUT/$name.result"
    key=$(cat "$m" | sha256sum | cut -c1-16)-$INPUTS
    if [ "${MUTATE_CACHE:-1}" != 0 ] && [ -f "$OUT/cache/$name.$key" ]; then
        cp "$OUT/cache/$name.$key" "$res"; return
    fi
    tests=$(naming "$id")
    if [ -z "$tests" ]; then echo "MUTATE $id survived (no test names $id)" > "$res"; return; fi
    mk_tree "$dir" || { echo "MUTATE $id stale copy-failed" > "$res"; return; }
    case "$m" in
        *.mut) awk -v target="$dir/$(field "$m" file)" -f tests/mutate_apply.awk "$m" 2> "$dir/apply.log" ;;
        *.patch) (cd "$dir" && patch -p1 -F0 -s --no-backup-if-mismatch < "$ROOT/$m") > "$dir/apply.log" 2>&1 ;;
    esac || { echo "MUTATE $id stale $(echo $tests | tr ' ' ',')" > "$res"; return; }
    # fastest first, by the baseline's build + run time
    for t in $(for t in $tests; do echo "$(cat "$OUT/_base/t_$t.time" 2>/dev/null || echo 999) $t"; done |
               sort -n | cut -d' ' -f2); do
        hit=0
        for f in $(edits "$m"); do grep -qx -- "$f" "$OUT/_base/t_$t.deps" && hit=1; done
        [ "$hit" = 1 ] || continue # the same program as the baseline's, which passes
        built="$built $t"
        lim=$(( $(cut -d. -f1 < "$OUT/_base/t_$t.time") * 5 )); [ "$lim" -ge 20 ] || lim=20
        build_run "$dir" "$t" "$lim"; rc=$?
        if [ "$rc" = 2 ]; then failed="build:$t"; break; fi
        if [ "$rc" = 1 ]; then failed=$t; break; fi
    done
    case "$failed" in
        build:*) echo "MUTATE $id stale ${failed#build:} (mutated tree does not build)" ;;
        "") if [ -n "$eq" ]; then echo "MUTATE $id equivalent $(echo $tests | tr ' ' ',')"
            elif [ -z "$built" ]; then echo "MUTATE $id survived $(echo $tests | tr ' ' ',') (none includes $(edits "$m" | tr '\n' ' '))"
            else echo "MUTATE $id survived $(echo $tests | tr ' ' ',')"; fi ;;
        *) echo "MUTATE $id killed $failed" ;;
    esac > "$res"
    [ -n "$eq" ] && echo "  equivalent: $eq" >> "$res"
    tagged=$(field "$m" tests)
    [ "$(echo $tagged | tr ' ' '\n' | sort | tr '\n' ' ')" = "$(echo $tests | tr ' ' '\n' | sort | tr '\n' ' ')" ] ||
        echo "  note: tests: line says '$tagged', sources name it in '$tests'" >> "$res"
    case "$(head -n 1 "$res" | cut -d' ' -f3)" in killed|equivalent) cp "$res" "$OUT/cache/$name.$key" ;; esac
    # keep the logs (t_<test>.log: which checks failed), drop the programs and the tree
    find "$dir" -mindepth 1 -maxdepth 1 ! -name 't_*.log' ! -name 't_*.build' ! -name 'apply.log' \
        -exec rm -rf {} + 2>/dev/null; true
}

mutants=$(ls tests/mutants/*.mut tests/mutants/*.patch 2>/dev/null | sort)
if [ -n "${MUTANTS:-}" ]; then
    sel=""; for m in $mutants; do id=$(field "$m" id); case " $MUTANTS " in *" $id "*) sel="$sel $m";; esac; done
    mutants=$sel
fi
if [ "${MUTATE_SET:-all}" = ci ]; then
    sel=""; for m in $mutants; do [ "$(field "$m" set)" = full ] || sel="$sel $m"; done
    mutants=$sel
fi
if [ -n "${SHARD:-}" ]; then
    si=${SHARD%/*} sn=${SHARD#*/}
    mutants=$(printf '%s\n' $mutants | awk -v i="$si" -v n="$sn" 'NF && (NR - 1) % n == i - 1')
fi
if [ "${MUTATE_ANCHORS:-0}" = 1 ]; then
    tmp=$(mktemp -d) n=0
    for m in $mutants; do
        rm -rf "${tmp:?}"/* && for f in $(edits "$m"); do mkdir -p "$tmp/$(dirname "$f")" && cp "$f" "$tmp/$f"; done
        case "$m" in
            *.mut) awk -v target="$tmp/$(field "$m" file)" -f tests/mutate_apply.awk "$m" ;;
            *.patch) (cd "$tmp" && patch -p1 -F0 -s --no-backup-if-mismatch < "$ROOT/$m") ;;
        esac > /dev/null 2>&1 || { echo "STALE $(basename "$m")"; n=$((n + 1)); }
    done
    rm -rf "$tmp"
    echo "MUTATE_ANCHORS stale=$n"
    [ "$n" = 0 ]; exit
fi
# The snapshot, and everything a result depends on, for the cache key.
SRC=$OUT/_src
rm -rf "$SRC" && mkdir -p "$SRC" && cp ./*.h "$SRC"/ && cp -r tests examples verify "$SRC"/ &&
    rm -rf "$SRC/tests/mutants" || { echo "MUTATION snapshot failed"; exit 1; }
for e in ./*; do [ -e "$SRC/${e#./}" ] || [ "${e#./}" = build ] || ln -s "$ROOT/${e#./}" "$SRC/${e#./}"; done
INPUTS=$( (cd "$SRC" && find ./*.h tests examples verify -type f | LC_ALL=C sort | xargs cat) |
          cat - tests/mutate.sh tests/mutate_apply.awk | sha256sum | cut -c1-16)
# The baseline: the unmutated tree must pass every test the mutants use, or a kill proves
# nothing. Its programs give each test's time (the order and the time limit) and the core
# headers it includes; kept while the inputs do not change.
all_tests=$(for m in $mutants; do naming "$(field "$m" id)"; done | tr ' ' '\n' | sed '/^$/d' | sort -u)
[ -f "$OUT/_base/inputs" ] && [ "$(cat "$OUT/_base/inputs")" = "$INPUTS" ] || mk_tree "$OUT/_base"
for t in $all_tests; do
    [ -f "$OUT/_base/t_$t.time" ] && [ "$(cat "$OUT/_base/inputs" 2>/dev/null)" = "$INPUTS" ] && continue
    s=$(date +%s)
    build_run "$OUT/_base" "$t" 600
    case $? in
        2) echo "MUTATION baseline fails: $t does not build (see $OUT/_base/t_$t.build)"; exit 1 ;;
        1) echo "MUTATION baseline fails: $t (see $OUT/_base/t_$t.log)"; exit 1 ;;
    esac
    echo $(( $(date +%s) - s + 1 )) > "$OUT/_base/t_$t.time"
    (cd "$OUT/_base" && gcc -MM -I. -Itests "tests/$t.c") | tr ' \\' '\n\n' | sed -n 's|^\./||; /^[^/]*\.h$/p' |
        sort -u > "$OUT/_base/t_$t.deps"
done
echo "$INPUTS" > "$OUT/_base/inputs"
export -f one mk_tree build_run naming field edits
export OUT ROOT SRC CFLAGS_M INPUTS
rm -f "$OUT"/*.result
printf '%s\n' $mutants | xargs -r -P "$JOBS" -I{} bash -c 'one "$1"' _ {}
k=0 s=0 e=0 bad=0
for m in $mutants; do
    r="$OUT/$(basename "${m%.*}").result"
    cat "$r"
    case "$(head -n 1 "$r" | cut -d' ' -f3)" in
        killed) k=$((k + 1)) ;; equivalent) e=$((e + 1)) ;; survived) s=$((s + 1)); bad=1 ;; *) bad=1 ;;
    esac
done
echo "MUTATION killed=$k survived=$s equivalent=$e"
exit $bad
