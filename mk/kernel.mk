# kernel/: the headers as Linux kernel modules: iwarp_selftest.ko tests them in kernel context
# at load, iwarp_rping.ko is an rping client over a kernel TCP socket. See docs/kernel.md.
#   make kernel-module         build both against a kernel build tree (KDIR, default the running
#                              kernel's /lib/modules/<release>/build), out of the source tree in
#                              $(B)/kernel-module; says so and stops when there is no tree
#   make kernel-selftest-host  the module's tests as a user-space program (kernel/host/ stands
#                              in for the kernel), ASan+UBSan; prints the module's summary line
# The runs in a real kernel are the interop cases kernel-selftest, kernel-rping-siw and
# kernel-rping-iwrping (`make interop INTEROP_CASES=...`, a qemu guest).
.PHONY: kernel-module kernel-selftest-host

KDIR ?= /lib/modules/$(shell uname -r)/build
KMOD_SRC := kernel/Kbuild $(wildcard kernel/*.c kernel/*.h)

kernel-module:
	@if [ ! -f "$(KDIR)/Makefile" ]; then \
	  echo "kernel-module: no kernel build tree at $(KDIR) (install the kernel's headers package or set KDIR)"; \
	  exit 0; fi; \
	rm -rf $(B)/kernel-module && mkdir -p $(B)/kernel-module/kernel && \
	cp $(HEADERS) $(B)/kernel-module/ && \
	cp $(filter-out %.mod.c,$(KMOD_SRC)) $(B)/kernel-module/kernel/ && \
	$(MAKE) -C "$(KDIR)" M=$(abspath $(B))/kernel-module/kernel modules && \
	echo "kernel-module: $(B)/kernel-module/kernel/iwarp_selftest.ko iwarp_rping.ko"

$(B)/kernel-selftest-host: $(KMOD_SRC) kernel/host/crc32c.c $(wildcard kernel/host/linux/*.h) $(HEADERS)
	@mkdir -p $(B)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -Wno-unused-parameter -fsanitize=address,undefined \
	  -O1 -g -Ikernel/host -I. -Ikernel -o $@ kernel/iw_core.c kernel/iw_selftest.c kernel/host/crc32c.c

kernel-selftest-host: $(B)/kernel-selftest-host
	@$(B)/kernel-selftest-host
