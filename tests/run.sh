#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/run.sh: the body of `make test`. Builds and runs every tests/test_*.c with gcc and clang
# under ASan+UBSan, then the compile checks (C++, IWARP_STATIC, freestanding Cortex-M4 and RV32
# cross builds that may reference nothing but memcpy/memmove/memset). Every step counts as passed
# or failed; the last line is "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
# The Makefile adds -Werror only when asked; the tests ask (t_*.sh call make for the demo/tools).
export WERROR=${WERROR:-1}
B=${B:-build/test}
mkdir -p "$B"
HEADERS=$(ls crc32c.h mpa.h ddp.h rdmap.h verbs.h 2>/dev/null)
WARN="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
pass=0 fail=0

ok()  { pass=$((pass + 1)); echo "ok - $*"; }
bad() { fail=$((fail + 1)); echo "not ok - $*"; }
# step NAME CMD...: one counted check; its output is shown only when it fails.
step() {
    local name=$1; shift
    if out=$("$@" 2>&1); then ok "$name"; else bad "$name"; printf '%s\n' "$out" | tail -n 40; fi
}

for cc in gcc clang; do
    command -v $cc >/dev/null || { bad "$cc not installed"; continue; }
    for src in tests/test_*.c; do
        name=$(basename "$src" .c)
        exe="$B/$cc-$name"
        if ! out=$($cc $WARN $SAN -O1 -g -I. -Itests -o "$exe" "$src" -lm -pthread 2>&1); then
            bad "$cc build $name"; printf '%s\n' "$out" | head -n 40; continue
        fi
        # A test program prints TAP lines and then "# counts P F".
        log="$B/$cc-$name.log"
        "$exe" > "$log" 2>&1; rc=$?
        grep -E '^(not ok|#)' "$log" | grep -v '^# counts' | sed "s/^/[$cc $name] /"
        counts=$(grep '^# counts ' "$log" | tail -n 1)
        if [ -z "$counts" ]; then
            bad "$cc $name crashed (rc=$rc)"; tail -n 30 "$log"; continue
        fi
        set -- $counts
        p=$3 f=$4
        pass=$((pass + p)); fail=$((fail + f))
        [ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || { bad "$cc $name exit status $rc"; tail -n 30 "$log"; }
        [ "$f" -gt 0 ] && grep -E '^  ' "$log" | head -n 40
        echo "$cc $name: $p passed, $f failed"
    done
done

# C++ host-op tables (tests/cpp_ops.cpp): value-initialized and set by name, as docs/host.md
# shows for C++ before C++20; run like a test program, its counts join the total.
for cxx in g++ clang++; do
    command -v $cxx >/dev/null || { bad "$cxx not installed"; continue; }
    exe="$B/$cxx-cpp_ops" log="$B/$cxx-cpp_ops.log"
    if ! out=$($cxx -std=c++11 -Wall -Wextra -Wpedantic -Wshadow -Werror $SAN -O1 -g -I. -Itests -o "$exe" tests/cpp_ops.cpp 2>&1); then
        bad "$cxx build cpp_ops"; printf '%s\n' "$out" | head -n 40; continue
    fi
    "$exe" > "$log" 2>&1; rc=$?
    grep -E '^not ok' "$log" | sed "s/^/[$cxx cpp_ops] /"
    counts=$(grep '^# counts ' "$log" | tail -n 1)
    if [ -z "$counts" ]; then bad "$cxx cpp_ops crashed (rc=$rc)"; tail -n 30 "$log"; continue; fi
    set -- $counts
    pass=$((pass + $3)); fail=$((fail + $4))
    [ "$rc" -eq 0 ] || [ "$4" -gt 0 ] || { bad "$cxx cpp_ops exit status $rc"; tail -n 30 "$log"; }
    echo "$cxx cpp_ops: $3 passed, $4 failed"
done

# Integration tests written as scripts (tests/t_*.sh: programs over real sockets, tshark, the
# tools). Each builds what it needs, prints TAP lines and ends with "# counts P F", like a test
# program; it is run once (not per compiler) and its counts join the total.
for sh in tests/t_*.sh; do
    [ -e "$sh" ] || continue
    name=$(basename "$sh" .sh)
    log="$B/$name.log"
    B="$B" bash "$sh" > "$log" 2>&1; rc=$?
    grep -E '^(not ok|#)' "$log" | grep -v '^# counts' | sed "s/^/[$name] /"
    counts=$(grep '^# counts ' "$log" | tail -n 1)
    if [ -z "$counts" ]; then bad "$name crashed (rc=$rc)"; tail -n 30 "$log"; continue; fi
    set -- $counts
    pass=$((pass + $3)); fail=$((fail + $4))
    [ "$rc" -eq 0 ] || [ "$4" -gt 0 ] || { bad "$name exit status $rc"; tail -n 30 "$log"; }
    [ "$4" -gt 0 ] && grep -E '^  ' "$log" | head -n 40
    echo "$name: $3 passed, $4 failed"
done

# The documentation's programs, compiled with the strict flags and run (docs/style.md §8: no
# uncompiled docs): the README's verbs quick start (over the POSIX host) and docs/mpa.md's MPA
# example. tests/t_install.sh builds the quick start again against an installed copy.
extract() { awk -v m="$1" '$0 ~ m {f=1; next} f && /^```c/{g=1; next} g && /^```/{exit} g{print}' "$2"; }
extract '<!-- quick-start' README.md > "$B/readme_quickstart.c"
step "README quick start is there" test -s "$B/readme_quickstart.c"
for cc in gcc clang; do
    step "$cc README quick start builds and runs" sh -c "$cc $WARN $SAN -I. -Iexamples/posix -o $B/readme_quickstart-$cc $B/readme_quickstart.c && $B/readme_quickstart-$cc | grep -q 'by Send, \"hello, RDMA\" by RDMA Write'"
done
extract '<!-- mpa-example' docs/mpa.md > "$B/mpa_example.c"
step "docs/mpa.md example builds and runs" sh -c "test -s $B/mpa_example.c && gcc $WARN $SAN -I. -o $B/mpa_example $B/mpa_example.c && $B/mpa_example >/dev/null"
# iw_posix.h after a libc header under strict C99: the #error names the fix (not a timespec error).
printf '#include <stdio.h>\n#define IWARP_IMPLEMENTATION\n#define IW_POSIX_IMPLEMENTATION\n#include "iw_posix.h"\n' > "$B/px_order.c"
step "iw_posix.h after <stdio.h> under -std=c99: #error names the fix" sh -c "! gcc -std=c99 -I. -Iexamples/posix -c $B/px_order.c -o /dev/null 2> $B/px_order.err && grep -q 'include iw_posix.h first' $B/px_order.err && ! grep -q timespec $B/px_order.err"
step "iw_posix.h after <stdio.h> with -D_POSIX_C_SOURCE=200809L builds" gcc -std=c99 -D_POSIX_C_SOURCE=200809L -I. -Iexamples/posix -c "$B/px_order.c" -o /dev/null
# The API reference lists every public function of every header (docs/gen-api.py regenerates it).
step "docs/*.md name every public function (python3 docs/gen-api.py --check)" python3 docs/gen-api.py --check
# Every link between README.md, CHANGELOG.md and docs/ resolves (files and headings).
step "README and docs/ links resolve, the names they cite exist (tests/doclinks.py)" python3 tests/doclinks.py
step "README.md is at most 200 lines" test "$(wc -l < README.md)" -le 200
# docs/porting.md names every configuration macro the headers read.
knobs=$(grep -hoE '^#\s*(ifndef|ifdef|if)\b.*' $HEADERS | grep -oE '\bIW[A-Z]*_[A-Z0-9_]+' | grep -vE '^IW__|_H$|_IMPLEMENTED$' | sort -u)
step "docs/porting.md names every configuration macro" sh -c 'for k in $0; do grep -q "\`$k\`" docs/porting.md || { echo "missing: $k"; exit 1; }; done' "$knobs"
# Every docs/ file the headers cite exists. Citations of files outside the repository
# (STYLE.md, DESIGN.md, spec/*.md, mpa.md ...) are listed as notes until they name docs/.
cited=$(grep -ohE 'docs/[A-Za-z0-9_.-]+\.md' $HEADERS examples/posix/*.h | sort -u)
for f in $cited; do step "cited file $f exists" test -f "$f"; done
grep -oHE '(^|[^/A-Za-z])(STYLE|DESIGN)\.md|spec/[a-z]+\.md|(^|[^/a-z])(mpa|ddp|rdmap|verbs)\.md' $HEADERS examples/posix/*.h |
    sed -E 's/:[^A-Za-z]*/ /' | sort | uniq -c | sed 's/^ */# cites a file outside docs\/: /'

# Each header alone, as C++ and as C99 with IWARP_STATIC; tests/compile.c calls one symbol of
# every implementation so a misspelt IWARP_IMPLEMENTATION cannot pass silently (docs/style.md §2).
step "c99 compile.c" gcc $WARN -I. -c tests/compile.c -o "$B/compile.o"
step "c99 compile.c IWARP_STATIC" gcc $WARN -DIWARP_STATIC -I. -c tests/compile.c -o "$B/compile_static.o"
step "clang c99 compile.c IWARP_STATIC" clang $WARN -DIWARP_STATIC -I. -c tests/compile.c -o "$B/compile_static_clang.o"
# clang -Weverything (less -Wpadded) finds nothing in the headers, declarations alone and with
# the implementation; in C++ no reserved name (double underscore) is declared by them.
if command -v clang >/dev/null; then
    printf '#include "verbs.h"\n' > "$B/we_decl.c"
    printf '#define IWARP_IMPLEMENTATION\n#include "verbs.h"\n' > "$B/we_impl.c"
    step "clang -Weverything -Wno-padded: declarations" clang -std=c99 -Weverything -Wno-padded -Werror -I. -c "$B/we_decl.c" -o "$B/we_decl.o"
    step "clang -Weverything -Wno-padded: implementation" clang -std=c99 -Weverything -Wno-padded -Werror -I. -c "$B/we_impl.c" -o "$B/we_impl.o"
    step "clang++ no reserved identifiers in the headers" clang++ -std=c++11 -Wreserved-identifier -Wreserved-macro-identifier -Werror -I. -x c++ -c "$B/we_decl.c" -o "$B/we_decl_cpp.o"
fi
step "c++11 compile.cpp" g++ -std=c++11 -Wall -Wextra -Werror -I. -c tests/compile.cpp -o "$B/compile_cpp.o"
step "c++11 compile.cpp IWARP_STATIC" g++ -std=c++11 -Wall -Wextra -Werror -DIWARP_STATIC -I. -c tests/compile.cpp -o "$B/compile_cpp_static.o"
for h in $HEADERS; do
    step "c++11 $h alone" sh -c "printf '#define IWARP_IMPLEMENTATION\n#include \"$h\"\n' | g++ -std=c++11 -Wall -Wextra -Werror -I. -x c++ -c - -o /dev/null"
    step "c99 $h alone" sh -c "printf '#define IWARP_IMPLEMENTATION\n#include \"$h\"\n' | gcc $WARN -I. -x c -c - -o /dev/null"
done

# Freestanding cross builds: the object may reference only memcpy, memmove and memset.
cross() {
    local tag=$1 cc=$2; shift 2
    command -v "$cc" >/dev/null || { echo "$cc missing"; return 1; }
    "$cc" "$@" -std=c99 -Wall -Wextra -Werror -I. -DIWARP_IMPLEMENTATION -c tests/cross.c -o "$B/cross-$tag.o" || return 1
    local und
    und=$("${cc%gcc}nm" -u "$B/cross-$tag.o" | awk '{print $NF}' | grep -vxE 'memcpy|memmove|memset' || true)
    if [ -n "$und" ]; then echo "unexpected undefined symbols: $und"; return 1; fi
}
step "cortex-m4 freestanding build" cross m4 arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -Os -ffreestanding
step "rv32imac freestanding build" cross rv32 riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -Os -ffreestanding -nostdlib
# The bare-metal images (make baremetal: Cortex-M4 and RV32IMAC under qemu, baremetal/): their
# tests join the total; an image that does not build or finish counts one failure.
bm_log="$B/baremetal.log"
make --no-print-directory baremetal > "$bm_log" 2>&1; rc=$?
grep -E '^(\[[A-Za-z0-9-]+\] (not ok|#)|not ok)' "$bm_log"
counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$bm_log" | tail -n 1)
if [ -z "$counts" ]; then
    bad "make baremetal did not finish (status $rc)"; tail -n 30 "$bm_log"
else
    set -- $counts
    pass=$((pass + $1)); fail=$((fail + $3))
    [ "$3" -gt 0 ] && grep -E '^\[[A-Za-z0-9-]+\]   ' "$bm_log" | head -n 40
    echo "baremetal: $1 passed, $3 failed"
fi
# Every fuzz seed and past crash (fuzz/corpus/*) still holds every invariant, under ASan+UBSan.
step "fuzz corpus replay" env B="$B" bash fuzz/run.sh replay

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
