# tests/tap.sh: TAP helpers for the tests/t_*.sh integration scripts (sourced). ok / bad print
# one TAP line and count it; finish prints the "# counts P F" line tests/run.sh reads and exits 0
# (the counts carry the verdict).
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "ok - $*"; }
bad() { fail=$((fail + 1)); echo "not ok - $*"; }
finish() { echo "# counts $pass $fail"; exit 0; }
