# SPDX-License-Identifier: MIT
# iWARP core: four C99 headers. `make demo` runs the demo, `make test` runs every test,
# `make install` copies the headers, iwarp.pc and the CMake package files (README.md).
# Everything else builds into $(B)/. Bare `make` lists the targets.
CC       ?= cc
B        ?= build
# -Werror only when asked (WERROR=1: tests/run.sh and .ci/run set it), so that a newer
# compiler's new warning never stops a user's first `make demo`.
WERROR   ?=
WARN     := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow $(if $(filter-out 0,$(WERROR)),-Werror)
HEADERS  := $(wildcard crc32c.h mpa.h ddp.h rdmap.h verbs.h)
BENCH_CFLAGS ?= -O2 -g
ARM_CC   ?= arm-none-eabi-gcc
RV_CC    ?= riscv64-unknown-elf-gcc
M4_FLAGS := -mcpu=cortex-m4 -mthumb -Os -ffreestanding
RV_FLAGS := -march=rv32imac -mabi=ilp32 -Os -ffreestanding -nostdlib

# Installation (GNU conventions; DESTDIR for staged installs).
PREFIX     ?= /usr/local
DESTDIR    ?=
INCLUDEDIR ?= $(PREFIX)/include
LIBDIR     ?= $(PREFIX)/lib
INSTALL    ?= install
HOST_HEADERS := $(wildcard examples/posix/iw_posix.h examples/posix/iw_pcap.h examples/posix/iw_pcap_read.h)
# The version: IWARP_VERSION_STRING in the headers once it is there, else the CHANGELOG's.
VERSION  := $(or $(shell sed -n 's/^\#define IWARP_VERSION_STRING "\(.*\)".*/\1/p' $(HEADERS) /dev/null | head -n 1),0.1.0)

.PHONY: all help test demo reqs fuzz fuzz-afl bench size clean install uninstall
all: help

help:
	@echo "iWARP core $(VERSION): header-only, nothing to build to use it (README.md)."
	@echo "  make demo       two endpoints over 127.0.0.1 do every RDMA operation (needs make, cc)"
	@echo "  make test       every test, gcc + clang, sanitizers; ends 'N passed, N failed'"
	@echo "  make install    PREFIX=$(PREFIX) DESTDIR=: headers, iwarp.pc, CMake package"
	@echo "  make uninstall  removes what install copied"
	@echo "  make mpa-demo | iwperf | iwrping | iwdump | interop | reqs | fuzz | fuzz-afl | bench | size | clean"
	@echo "  make baremetal  the tests on emulated Cortex-M4 and RV32 (qemu); bench-mcu: their counts"

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

# Headers into $(INCLUDEDIR)/iwarp (the core and the POSIX host side by side, so that
# iw_posix.h's #include "verbs.h" finds its neighbour), iwarp.pc, and iwarpConfig.cmake +
# iwarpConfigVersion.cmake for find_package(iwarp). The .cmake files find the headers
# relative to themselves, so a staged (DESTDIR) or moved tree still works.
install:
	$(INSTALL) -d $(DESTDIR)$(INCLUDEDIR)/iwarp $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/iwarp
	$(INSTALL) -m 644 $(HEADERS) $(HOST_HEADERS) $(DESTDIR)$(INCLUDEDIR)/iwarp/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@PC_INCLUDEDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))|g' \
	    -e 's|@VERSION@|$(VERSION)|g' \
	    iwarp.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/iwarp.pc
	sed -e 's|@IWARP_REL_INCLUDEDIR@|$(patsubst $(PREFIX)/%,%,$(INCLUDEDIR))|g' \
	    -e 's|@IWARP_CONFIG_TO_PREFIX@|$(shell echo "$(patsubst $(PREFIX)/%,%,$(LIBDIR))/cmake/iwarp" | sed 's|[^/][^/]*|..|g')|g' \
	    -e 's|@VERSION@|$(VERSION)|g' cmake/iwarpConfig.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/iwarp/iwarpConfig.cmake
	sed -e 's|@VERSION@|$(VERSION)|g' cmake/iwarpConfigVersion.cmake.in \
	    > $(DESTDIR)$(LIBDIR)/cmake/iwarp/iwarpConfigVersion.cmake

uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/iwarp/,$(notdir $(HEADERS) $(HOST_HEADERS)))
	rm -f $(DESTDIR)$(LIBDIR)/pkgconfig/iwarp.pc
	rm -f $(DESTDIR)$(LIBDIR)/cmake/iwarp/iwarpConfig.cmake $(DESTDIR)$(LIBDIR)/cmake/iwarp/iwarpConfigVersion.cmake
	-rmdir $(DESTDIR)$(INCLUDEDIR)/iwarp $(DESTDIR)$(LIBDIR)/cmake/iwarp 2>/dev/null

# size: mk/size.mk

clean:
	rm -rf $(B)
