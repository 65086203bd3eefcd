#!/usr/bin/env bash
# verify/run.sh [MODEL...]: the body of `make verify` (docs/verification.md). For every model
# (mpa_r1 mpa_r2 mpa_pw mpa_pr mpa_ps: verify/mpa.pml with one configuration of
# verify/mpa_table.txt; qp: verify/qp.pml with verify/qp_table.txt) it generates the Promela
# source into build/verify/, runs spin -a, compiles pan.c with gcc, and searches exhaustively:
# once with no never claim (assertions, invalid end states) and once per LTL property of the
# model (./pan -a -N name). Prints per model
#   VERIFY <model> states=N errors=E      (N: pan's "states, stored" of the claim-free run)
# and a detail line per property; exits 1 on any error or if spin or gcc is missing.
set -u
cd "$(dirname "$0")/.."
B=${B:-build}/verify
mkdir -p "$B"
command -v spin >/dev/null || { echo "verify: spin not found (apt-get install spin)" >&2; exit 1; }
CC=${CC:-gcc}
MODELS=${*:-"mpa_r1 mpa_r2 mpa_pw mpa_pr mpa_ps qp"}
PANFLAGS="-O2 -w -DVECTORSZ=2048"
fail=0

# stat FILE KEY: a number from pan's report
states() { sed -n 's/^ *\([0-9][0-9]*\) states, stored.*/\1/p' "$1" | head -n 1; }
errors() { sed -n 's/.*errors: \([0-9][0-9]*\).*/\1/p' "$1" | head -n 1; }

for m in $MODELS; do
    d="$B/$m"
    rm -rf "$d"; mkdir -p "$d"
    case $m in
    mpa_*)
        bash verify/gen_mpa.sh "${m#mpa_}" "$d/table.pml" || { echo "VERIFY $m FAIL (table)"; fail=1; continue; }
        sed -e "/^#include MPA_TABLE/{r $d/table.pml" -e 'd}' verify/mpa.pml > "$d/model.pml" ;;
    qp)
        bash verify/gen_qp.sh "$d/table.pml" || { echo "VERIFY $m FAIL (table)"; fail=1; continue; }
        sed -e "/^#include QP_TABLE/{r $d/table.pml" -e 'd}' verify/qp.pml > "$d/model.pml" ;;
    *) echo "verify: unknown model $m" >&2; exit 1 ;;
    esac
    ltls=$(sed -n 's/^ltl \([a-z_0-9]*\).*/\1/p' "$d/model.pml")
    if ! (cd "$d" && spin -a model.pml >spin.log 2>&1 && $CC $PANFLAGS -DSAFETY -DNOCLAIM -o pan_safe pan.c &&
          { [ -z "$ltls" ] || { $CC $PANFLAGS -DSAFETY -o pan_ltl_safe pan.c && $CC $PANFLAGS -o pan_ltl pan.c; }; }) 2>"$d/build.log"; then
        echo "VERIFY $m FAIL (build)"; cat "$d/spin.log" "$d/build.log" | tail -n 20; fail=1; continue
    fi
    (cd "$d" && ./pan_safe -m200000 > safety.out 2>&1)
    n=$(states "$d/safety.out"); e=$(errors "$d/safety.out")
    [ -n "$n" ] && [ -n "$e" ] || { echo "VERIFY $m FAIL (no pan report)"; tail -n 20 "$d/safety.out"; fail=1; continue; }
    grep -q "Search not completed" "$d/safety.out" && e=$((e + 1))
    detail="     safety (assertions, invalid end states) states=$n errors=$e"
    total=$e
    for l in $ltls; do
        # a property of the form [] p is a safety claim; the others need the acceptance search
        if grep -q "^ltl $l { *\[\]" "$d/model.pml"; then
            (cd "$d" && ./pan_ltl_safe -m200000 -N "$l" > "ltl_$l.out" 2>&1)
        else
            (cd "$d" && ./pan_ltl -a -m200000 -N "$l" > "ltl_$l.out" 2>&1)
        fi
        ln=$(states "$d/ltl_$l.out"); le=$(errors "$d/ltl_$l.out")
        [ -n "$le" ] || le=1
        grep -q "Search not completed" "$d/ltl_$l.out" && le=$((le + 1))
        detail="$detail
     ltl $l states=${ln:-?} errors=$le"
        total=$((total + le))
    done
    echo "VERIFY $m states=$n errors=$total"
    printf '%s\n' "$detail"
    if [ "$total" -ne 0 ]; then
        fail=1
        echo "     trail: (cd $d && spin -t -p -g model.pml)   [ltl: spin -t -N name ...]"
    fi
done
exit $fail
