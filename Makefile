# iWARP core. `make demo` runs the main job; `make test` passes the tests.
# Everything builds into $(B)/; nothing is installed. See README.md.
CC       ?= cc
B        ?= build
WARN     := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror
HEADERS  := $(wildcard mpa.h ddp.h rdmap.h verbs.h)
BENCH_CFLAGS ?= -O2 -g
ARM_CC   ?= arm-none-eabi-gcc
RV_CC    ?= riscv64-unknown-elf-gcc
M4_FLAGS := -mcpu=cortex-m4 -mthumb -Os -ffreestanding
RV_FLAGS := -march=rv32imac -mabi=ilp32 -Os -ffreestanding -nostdlib

.PHONY: all test demo reqs fuzz fuzz-afl bench size clean
all: test

# The programs beside the core (POSIX host, demo, tools, interop) each bring their own rules.
include $(sort $(wildcard mk/*.mk))

# Every test with gcc and clang under ASan+UBSan, C++ and IWARP_STATIC builds, cross builds.
test:
	@bash tests/run.sh

reqs:
	@bash tests/reqs.sh

fuzz:
	@bash fuzz/run.sh smoke

fuzz-afl:
	@bash fuzz/run.sh afl

bench:
	@bash bench/run.sh

# size: mk/size.mk

clean:
	rm -rf $(B)
