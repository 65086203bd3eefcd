# iWARP core. `make demo` runs the main job; `make test` passes the tests.
# Everything builds into $(B)/; nothing is installed. See README.md.
CC       ?= cc
B        ?= build
WARN     := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror
HEADERS  := $(wildcard crc32c.h mpa.h ddp.h rdmap.h verbs.h)
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

# .text/.data/.bss of each header's implementation on both cross targets, and the deepest
# -fstack-usage entry.
size:
	@mkdir -p $(B)/size
	@lower=""; for h in $(HEADERS); do \
	  n=$${h%.h}; \
	  { for l in $$lower; do printf '#define IW_%s_IMPLEMENTED\n' $$l; done; \
	    printf '#define IWARP_IMPLEMENTATION\n#include "%s"\n' $$h; } > $(B)/size/$$n.c; \
	  lower="$$lower $$(echo $$n | tr a-z A-Z)"; \
	  $(ARM_CC) $(M4_FLAGS) -std=c99 -I. -fstack-usage -c $(B)/size/$$n.c -o $(B)/size/$$n-m4.o || exit 1; \
	  $(RV_CC) $(RV_FLAGS) -std=c99 -I. -fstack-usage -c $(B)/size/$$n.c -o $(B)/size/$$n-rv32.o || exit 1; \
	  for t in m4 rv32; do \
	    tool=$$( [ $$t = m4 ] && echo $(ARM_CC) || echo $(RV_CC) ); \
	    $${tool%gcc}size $(B)/size/$$n-$$t.o | awk -v h=$$h -v t=$$t 'NR==2{printf "SIZE %-8s %-5s text=%s data=%s bss=%s\n", h, t, $$1, $$2, $$3}'; \
	    sort -t'	' -k2 -n -r $(B)/size/$$n-$$t.su | head -1 | awk -F'\t' -v h=$$h -v t=$$t '{printf "STACK %-8s %-5s worst=%s bytes (%s, %s)\n", h, t, $$2, $$1, $$3}'; \
	  done; \
	done

clean:
	rm -rf $(B)
