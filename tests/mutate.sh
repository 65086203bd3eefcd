#!/usr/bin/env bash
# tests/mutate.sh: the body of `make mutate`. Each file of tests/mutants/ is a curated mutant of
# the core for one requirement clause (docs/conformance.md): a "*.mut" replace spec (applied by
# tests/mutate_apply.awk) or a "*.patch" unified diff (patch -p1, no fuzz). Its header lines:
#   id: CLAUSE-ID            the clause it breaks
#   file: rdmap.h            (.mut only) the file it edits
#   tests: test_x ...        the test files that name the clause (checked against the sources)
#   equivalent: REASON       (optional) the mutant cannot be told apart from the original
# A clause may have several mutants (files ID.mut, ID-2.mut, ...).
# Each mutant is applied to a copy of the tree in build/mutate/<file name>/, then every test file that
# names the clause is built with gcc (no sanitizer) and run; the first that fails kills it.
# One line per mutant, then the totals:
#   MUTATE <ID> killed|survived|equivalent|stale <test>
#   MUTATION killed=N survived=M equivalent=E
# stale = the patch no longer applies (or the mutated tree no longer builds): a failure, like
# survived. Exit status 1 if any mutant is stale or survived. MUTANTS="ID ..." runs only those.
set -u
cd "$(dirname "$0")/.."
OUT=${B:-build}/mutate
JOBS=${JOBS:-2}
CFLAGS_M="-std=c99 -O1 -g0 -w"
mkdir -p "$OUT"

field() { sed -n "s/^$2:[[:space:]]*//p" "$1" | head -n 1; }

# The tree a test needs: the core headers, tests/ and examples/.
copy_tree() {
    rm -rf "$1" && mkdir -p "$1" &&
    cp mpa.h ddp.h rdmap.h verbs.h "$1"/ && cp -r tests examples "$1"/ && rm -rf "$1/tests/mutants"
}

# run_tests DIR TEST...: prints the first test that fails ("build:" prefix if it does not build)
run_tests() {
    local dir=$1 t; shift
    for t in "$@"; do
        if ! (cd "$dir" && gcc $CFLAGS_M -I. -Itests -o "t_$t" "tests/$t.c" -lm -pthread \
              > "t_$t.build" 2>&1); then echo "build:$t"; return; fi
        if ! (cd "$dir" && timeout 300 "./t_$t" > "t_$t.log" 2>&1) 2>/dev/null; then echo "$t"; return; fi
    done
}

# tests naming an ID (as a whole word) in their sources
naming() { grep -lw -- "$1" tests/test_*.c 2>/dev/null | xargs -r -n1 basename | sed 's/\.c$//' | tr '\n' ' '; }

one() { # one MUTANT-FILE: writes $OUT/<ID>.result
    local m=$1 id file tests eq dir res failed name
    id=$(field "$m" id); file=$(field "$m" file); eq=$(field "$m" equivalent)
    tests=$(naming "$id")
    name=$(basename "${m%.*}")
    dir="$OUT/$name"
    res="$OUT/$name.result"
    [ -n "$tests" ] || { echo "MUTATE $id survived (no test names $id)" > "$res"; return; }
    copy_tree "$dir" || { echo "MUTATE $id stale copy-failed" > "$res"; return; }
    case "$m" in
        *.mut) awk -v target="$dir/$file" -f tests/mutate_apply.awk "$m" 2> "$dir/apply.log" ;;
        *.patch) (cd "$dir" && patch -p1 -F0 -s --no-backup-if-mismatch < "$OLDPWD/$m") > "$dir/apply.log" 2>&1 ;;
    esac || { echo "MUTATE $id stale $(echo $tests | tr ' ' ',')" > "$res"; return; }
    failed=$(run_tests "$dir" $tests)
    case "$failed" in
        build:*) echo "MUTATE $id stale ${failed#build:} (mutated tree does not build)" > "$res" ;;
        "") if [ -n "$eq" ]; then echo "MUTATE $id equivalent $(echo $tests | tr ' ' ',')"
            else echo "MUTATE $id survived $(echo $tests | tr ' ' ',')"; fi > "$res" ;;
        *) echo "MUTATE $id killed $failed" > "$res" ;;
    esac
    [ -n "$eq" ] && echo "  equivalent: $eq" >> "$res"
    tagged=$(field "$m" tests)
    [ "$(echo $tagged | tr ' ' '\n' | sort | tr '\n' ' ')" = "$(echo $tests | tr ' ' '\n' | sort | tr '\n' ' ')" ] ||
        echo "  note: tests: line says '$tagged', sources name it in '$tests'" >> "$res"
    # keep the logs (t_<test>.log: which checks failed), drop the programs and the copy
    find "$dir" -mindepth 1 -maxdepth 1 ! -name 't_*.log' ! -name 't_*.build' ! -name 'apply.log' \
        -exec rm -rf {} + 2>/dev/null; true
}

mutants=$(ls tests/mutants/*.mut tests/mutants/*.patch 2>/dev/null | sort)
if [ -n "${MUTANTS:-}" ]; then
    sel=""; for m in $mutants; do id=$(field "$m" id); case " $MUTANTS " in *" $id "*) sel="$sel $m";; esac; done
    mutants=$sel
fi
# The unmutated tree must pass every test the mutants use, or a kill proves nothing.
all_tests=$(for m in $mutants; do naming "$(field "$m" id)"; done | tr ' ' '\n' | sed '/^$/d' | sort -u)
copy_tree "$OUT/_base"
for t in $all_tests; do
    f=$(run_tests "$OUT/_base" "$t")
    [ -z "$f" ] || { echo "MUTATION baseline fails: $f (see $OUT/_base/t_${f#build:}.log)"; exit 1; }
done
export -f one copy_tree run_tests naming field
export OUT CFLAGS_M
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
