#!/usr/bin/env bash
# run.sh test|bench "TAG:QEMU COMMAND"...: runs each bare-metal image under qemu (with TIMEOUT).
#   test:  shows each image's output prefixed with its tag; an image that crashed, timed out
#          or exited non-zero without a failed test counts one failure. Ends "N passed, N failed".
#   bench: runs the host build of the same Write exchange under callgrind (B/host_bench) and
#          prints BENCH mcu_<tag>_write_<len>_instr <n> instr/Write vs x86 ratio=<tag/x86>.
set -u
mode=$1; shift
B=${B:-build/baremetal}
TIMEOUT=${TIMEOUT:-120}
pass=0 fail=0
declare -A instr
for spec in "$@"; do
    tag=${spec%%:*}; cmd=${spec#*:}
    log="$B/$tag.log"
    timeout "$TIMEOUT" $cmd > "$log" 2>&1; rc=$?
    counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
    if [ "$mode" = test ]; then
        sed "s/^/[$tag] /" "$log"
    fi
    if [ -z "$counts" ]; then
        fail=$((fail + 1)); echo "not ok - $tag image did not finish (status $rc; 124 = timeout)"
        [ "$mode" = bench ] && tail -n 20 "$log"
    else
        set -- $counts
        pass=$((pass + $1)); fail=$((fail + $3))
        if [ "$rc" -ne 0 ] && [ "$3" -eq 0 ]; then fail=$((fail + 1)); echo "not ok - $tag image exit status $rc"; fi
        if [ "$rc" -eq 0 ] && [ "$3" -gt 0 ]; then fail=$((fail + 1)); echo "not ok - $tag image exit status 0 with failures"; fi
    fi
    for len in 64 1024; do
        instr[$tag.$len]=$(awk -v l="write_$len" '$1 == "#" && $2 == "instr" && $3 == l { print $4 }' "$log" | tail -n 1)
    done
done
if [ "$mode" = test ]; then
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]; exit
fi

# x86: instructions of bx_bench_loop(120) - bx_bench_loop(20) Writes over 100, as on the targets
x86() {
    local len=$1 n tot=()
    for n in 20 120; do
        valgrind --tool=callgrind --toggle-collect=bx_bench_loop --callgrind-out-file="$B/cg.$len.$n" \
            "$B/host_bench" "$len" "$n" > /dev/null 2>&1 || return 1
        tot+=($(awk '/^totals:/ { print $2 }' "$B/cg.$len.$n"))
    done
    # the warm-up call of 4 Writes is collected in both runs and cancels out
    echo $(( (tot[1] - tot[0] + 50) / 100 ))
}
command -v valgrind > /dev/null || echo "# valgrind not found: no x86 figure, ratios not computed"
for len in 64 1024; do
    x=$(command -v valgrind > /dev/null && x86 "$len" || echo "")
    [ -n "$x" ] && echo "# x86 write_${len}: $x instr/Write (host build of the same exchange, callgrind)"
    for t in $(printf '%s\n' "${!instr[@]}" | sed 's/\..*//' | sort -u); do
        v=${instr[$t.$len]:-}
        if [ -z "$v" ]; then echo "# mcu_${t}_write_${len}_instr: no figure"; continue; fi
        if [ -n "$x" ]; then r=$(awk -v a="$v" -v b="$x" 'BEGIN { printf "%.2f", a / b }'); else r=nan; fi
        echo "BENCH mcu_${t}_write_${len}_instr $v instr/Write vs x86 ratio=$r"
    done
done
