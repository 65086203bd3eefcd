#!/usr/bin/env bash
# bench/run.sh: the body of `make bench`. Builds every bench/bench_*.c with -O2 (ISA-L linked
# for the CRC comparison), runs each, prints their tables, and ends with all the BENCH lines
# (with the '# ' comment lines a bench prints to explain them, e.g. bench_ddp's choice of
# receive mode). A bench exits non-zero only on a wrong result, never on slowness.
# BENCH_ONLY=ddp (a substring of the names) runs only the matching benches. With bench_e2e,
# bench/instr.sh counts the instructions of a 64-octet Write under callgrind (valgrind).
set -u
cd "$(dirname "$0")/.."
B=${B:-build}/bench
mkdir -p "$B"
CFLAGS=${BENCH_CFLAGS:--O2 -g}
status=0
: > "$B/lines"
for src in bench/bench_*.c; do
    name=$(basename "$src" .c)
    case "$name" in *"${BENCH_ONLY:-}"*) ;; *) continue ;; esac
    libs=""
    grep -q 'isa-l' "$src" && libs="-lisal"
    if ! cc $CFLAGS -std=c99 -Wall -Wextra -I. -Ibench -Iexamples/posix -o "$B/$name" "$src" $libs -pthread; then
        echo "bench: build of $name failed"; status=1; continue
    fi
    echo "== $name"
    if ! "$B/$name" > "$B/$name.out" 2>&1; then
        cat "$B/$name.out"; echo "bench: $name reported a wrong result"; status=1; continue
    fi
    grep -vE '^(BENCH |# )' "$B/$name.out"
    grep -E '^(BENCH |# )' "$B/$name.out" >> "$B/lines"
    if [ "$name" = bench_e2e ]; then # e2e_write_64_instr: the same program under callgrind
        if ! B="${B%/bench}" bash bench/instr.sh > "$B/instr.out" 2>&1; then
            cat "$B/instr.out"; status=1; continue
        fi
        grep -vE '^(BENCH |# )' "$B/instr.out"
        grep -E '^(BENCH |# )' "$B/instr.out" >> "$B/lines"
    fi
done
# Instructions per RDMA Write on the emulated Cortex-M4 and RV32 (mk/baremetal.mk), when the
# cross compilers and qemu are installed.
case mcu in *"${BENCH_ONLY:-}"*)
    if command -v arm-none-eabi-gcc >/dev/null && command -v qemu-system-arm >/dev/null &&
       command -v riscv64-unknown-elf-gcc >/dev/null && command -v qemu-system-riscv32 >/dev/null; then
        echo "== bench-mcu"
        if make --no-print-directory bench-mcu > "$B/mcu.out" 2>&1; then
            grep -vE '^(BENCH |# )' "$B/mcu.out"
            grep -E '^(BENCH |# )' "$B/mcu.out" >> "$B/lines"
        else
            cat "$B/mcu.out"; echo "bench: bench-mcu failed"; status=1
        fi
    else
        echo "# mcu_*_write_*_instr: arm-none-eabi-gcc, riscv64-unknown-elf-gcc or qemu missing" >> "$B/lines"
    fi ;;
esac
cat "$B/lines"
exit $status
