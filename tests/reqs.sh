#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/reqs.sh: requirement coverage (make reqs). Counts, per prefix, the requirements of
# tests/requirements.md that the tests under tests/ name, then lists the uncovered ones. A test
# names an ID only if it fails when that rule is broken; tests/reqs_exempt.txt lists IDs that cannot be tested here, with a reason.
#
# Clauses (docs/conformance.md): a requirement with several testable clauses has lettered rows
# under it (ATOM-003a, ATOM-003b, ...). Such a requirement counts as its clauses, not as itself:
# each clause is covered only when a check names it, and the bare ID (ATOM-003) covers none of
# them. A clause ID counts only on a statement (a CHECK.../REQUIRE, a call of a checking helper,
# a failure message) or in a one-line comment right above one, or in the IDs member of a row of
# an error table (a row written `{"name", "IDs", ...`: the table's driver checks every row and
# names the row in its failure message); in a test's title (`{"title", t_fn}`), a function's
# comment or a comment elsewhere it counts for nothing.
# A requirement without clauses is still covered by its bare ID anywhere in tests/*.c, tests/*.h.
# Output: "REQS <PREFIX> covered=N total=M" per prefix (N, M count clauses), then per prefix
# "UNCOVERED <PREFIX>: IDs", then "BARE <PREFIX>: IDs" for split IDs still named bare.
set -u
cd "$(dirname "$0")/.."
REQ=${REQ:-tests/requirements.md}
[ -f "$REQ" ] || { echo "requirements.md not found"; exit 1; }
rows=$(awk -F'|' '/^\| [A-Z]+-[0-9]+[a-z]? /{gsub(/ /,"",$2); gsub(/ /,"",$3); if ($3 != "retired") print $2}' "$REQ")
parents=$(printf '%s\n' $rows | sed -n 's/^\([A-Z]*-[0-9]*\)[a-z]$/\1/p' | sort -u)
all=$(printf '%s\n' $rows | grep -vxF -f <(printf '%s\n' $parents ''))
src() { cat tests/*.c tests/*.h 2>/dev/null; }
bare=$(src | grep -oE '\b[A-Z]+-[0-9]{3}\b' | sort -u)
# the lines where a clause ID counts: a statement (a check, a checking helper's call, a failure
# message), or a comment line right above one; never a test title or a function's comment
clause=$(for f in tests/*.c tests/*.h; do [ -f "$f" ] || continue; awk '
    function stmt(l) { return (l ~ /CHECK|REQUIRE/ || l ~ /;/) && l !~ /^[ \t]*(\{ *"|"|static )/ &&
                              l !~ /^[ \t]*(\/\*|\*|\/\/)/ }
    function row(l) { return l ~ /^[ \t]*\{ *"[^"]*", *"[A-Z]+-[0-9][0-9][0-9]/ }
    { line[NR] = $0 }
    END { for (i = 1; i <= NR; i++)
              if (stmt(line[i]) || row(line[i]) || (line[i] ~ /^[ \t]*(\/\*|\/\/)/ && line[i] ~ /\*\/[ \t]*$|^[ \t]*\/\// &&
                                    (i + 1) in line && stmt(line[i + 1]))) print line[i] }' "$f"; done |
         grep -oE '\b[A-Z]+-[0-9]{3}[a-z]\b' | sort -u)
named=$( (printf '%s\n' $bare | grep -vxF -f <(printf '%s\n' $parents ''); printf '%s\n' $clause) | sort -u)
prefixes=$(printf '%s\n' $all | sed 's/-.*//' | awk '!seen[$0]++')
for prefix in $prefixes; do
    ids=$(printf '%s\n' $all | grep "^$prefix-")
    total=$(printf '%s\n' $ids | wc -l)
    cov=$(comm -12 <(printf '%s\n' $ids | sort) <(printf '%s\n' $named) | wc -l)
    echo "REQS $prefix covered=$cov total=$total"
done
for prefix in $prefixes; do
    miss=$(comm -23 <(printf '%s\n' $all | grep "^$prefix-" | sort) <(printf '%s\n' $named) | tr '\n' ' ')
    [ -n "$miss" ] || continue
    echo "UNCOVERED $prefix: $miss"
    if [ -f tests/reqs_exempt.txt ]; then
        for id in $miss; do grep "^$id " tests/reqs_exempt.txt | sed 's/^/  untestable here: /'; done
    fi
done
for prefix in $prefixes; do
    b=$(comm -12 <(printf '%s\n' $parents | grep "^$prefix-") <(printf '%s\n' $bare) | tr '\n' ' ')
    [ -z "$b" ] || echo "BARE $prefix: $b"
done
