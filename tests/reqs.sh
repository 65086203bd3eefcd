#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/reqs.sh: requirement coverage (make reqs). Counts, per prefix, the IDs of
# ../shared/spec/requirements.md (or tests/requirements.md when present in the clone) that the
# tests under tests/ name, then lists the uncovered ones. A test names an ID only if it fails when
# that rule is broken; tests/reqs_exempt.txt lists IDs that cannot be tested here, with a reason.
set -u
cd "$(dirname "$0")/.."
REQ=${REQ:-tests/requirements.md}
[ -f "$REQ" ] || REQ=../shared/spec/requirements.md
[ -f "$REQ" ] || { echo "requirements.md not found"; exit 1; }
all=$(awk -F'|' '/^\| [A-Z]+-[0-9]+ /{gsub(/ /,"",$2); gsub(/ /,"",$3); if ($3 != "retired") print $2}' "$REQ")
named=$(cat tests/*.c tests/*.h 2>/dev/null | grep -oE '\b[A-Z]+-[0-9]{3}\b' | sort -u)
for prefix in $(printf '%s\n' $all | sed 's/-.*//' | awk '!seen[$0]++'); do
    ids=$(printf '%s\n' $all | grep "^$prefix-")
    total=$(printf '%s\n' $ids | wc -l)
    cov=$(comm -12 <(printf '%s\n' $ids | sort) <(printf '%s\n' $named) | wc -l)
    echo "REQS $prefix covered=$cov total=$total"
done
for prefix in $(printf '%s\n' $all | sed 's/-.*//' | awk '!seen[$0]++'); do
    miss=$(comm -23 <(printf '%s\n' $all | grep "^$prefix-" | sort) <(printf '%s\n' $named) | tr '\n' ' ')
    [ -n "$miss" ] || continue
    echo "UNCOVERED $prefix: $miss"
    if [ -f tests/reqs_exempt.txt ]; then
        for id in $miss; do grep "^$id " tests/reqs_exempt.txt | sed 's/^/  untestable here: /'; done
    fi
done
