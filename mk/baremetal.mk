# Bare-metal test images (baremetal/, docs/porting-baremetal.md): the core on an emulated
# Cortex-M4 (qemu mps2-an386) and RV32IMAC (qemu virt), with its own start-up code, linker
# scripts and semihosting output, and picolibc for memcpy/memmove/memset only.
#   make baremetal    build the images (each target at $(BM_OPT), default -O2, and at -Os),
#                     run them (codec vectors, siw rping replay, verbs exchange of every
#                     operation); ends with "N passed, N failed"
#   make bench-mcu    instructions per 64-octet and 1 KiB RDMA Write on each target vs x86
#                     (the same exchange on the host under callgrind): BENCH lines
.PHONY: baremetal bench-mcu
BM_DIR    := $(B)/baremetal
BM_OPT    ?= -O2
BM_SRC    := baremetal/main.c baremetal/bm_io.c baremetal/t_vec.c baremetal/t_rping.c \
             baremetal/t_verbs.c baremetal/xchg.c baremetal/impl.c
BM_DEPS   := $(BM_SRC) baremetal/bm.h baremetal/xchg.h $(BM_DIR)/rping_cap.h $(HEADERS) mk/baremetal.mk
BM_CFLAGS := -std=c99 -Wall -Wextra -Wshadow -Werror -g -ffreestanding -ffunction-sections \
             -fdata-sections -I. -Ibaremetal -I$(BM_DIR) --specs=picolibc.specs -nostartfiles -Wl,--gc-sections
BM_M4     := -mcpu=cortex-m4 -mthumb
BM_RV     := -march=rv32imac -mabi=ilp32 -mcmodel=medany
BM_CAP    := tests/vectors/siw_rping_crc.pcap
BM_QEMU_M4 := qemu-system-arm -M mps2-an386
BM_QEMU_RV := qemu-system-riscv32 -M virt -bios none
BM_QEMU   := -nographic -monitor none -serial none -semihosting-config enable=on,target=native -icount shift=0
BM_TIMEOUT ?= 120

$(BM_DIR)/pcap2c: baremetal/pcap2c.c examples/posix/iw_pcap_read.h
	@mkdir -p $(BM_DIR)
	$(CC) -std=c99 -Wall -Wextra -Werror -O1 -o $@ baremetal/pcap2c.c

$(BM_DIR)/rping_cap.h: $(BM_DIR)/pcap2c $(BM_CAP)
	$(BM_DIR)/pcap2c $(BM_CAP) $@

# One image per target and optimisation: NAME OPT (-O2: the measured one; -Os: the usual
# firmware setting). Linked, then checked from the map that the C library gave nothing but
# memcpy, memmove, memset.
define BM_IMAGES
$$(BM_DIR)/m4$(1).elf: $$(BM_DEPS) baremetal/crt_m4.c baremetal/m4.ld
	$$(ARM_CC) $$(BM_M4) $$(BM_CFLAGS) $(2) -DBM_OPT_NAME='"$(2)"' -T baremetal/m4.ld -Wl,-Map=$$(BM_DIR)/m4$(1).map \
	  -o $$@ baremetal/crt_m4.c $$(BM_SRC)
	@bash baremetal/libc_check.sh $$(BM_DIR)/m4$(1).map
$$(BM_DIR)/rv32$(1).elf: $$(BM_DEPS) baremetal/crt_rv32.S baremetal/rv32.ld
	$$(RV_CC) $$(BM_RV) $$(BM_CFLAGS) $(2) -DBM_OPT_NAME='"$(2)"' -T baremetal/rv32.ld -Wl,-Map=$$(BM_DIR)/rv32$(1).map \
	  -o $$@ baremetal/crt_rv32.S $$(BM_SRC)
	@bash baremetal/libc_check.sh $$(BM_DIR)/rv32$(1).map
endef
$(eval $(call BM_IMAGES,,$(BM_OPT)))
$(eval $(call BM_IMAGES,-Os,-Os))

$(BM_DIR)/host_bench: baremetal/host_bench.c baremetal/xchg.c baremetal/impl.c baremetal/xchg.h $(HEADERS)
	@mkdir -p $(BM_DIR)
	$(CC) $(WARN) $(BM_OPT) -g -I. -Ibaremetal -o $@ baremetal/host_bench.c baremetal/xchg.c baremetal/impl.c

baremetal: $(BM_DIR)/m4.elf $(BM_DIR)/rv32.elf $(BM_DIR)/m4-Os.elf $(BM_DIR)/rv32-Os.elf
	@B=$(BM_DIR) TIMEOUT=$(BM_TIMEOUT) bash baremetal/run.sh test \
	  "m4:$(BM_QEMU_M4) $(BM_QEMU) -kernel $(BM_DIR)/m4.elf" \
	  "rv32:$(BM_QEMU_RV) $(BM_QEMU) -kernel $(BM_DIR)/rv32.elf" \
	  "m4-Os:$(BM_QEMU_M4) $(BM_QEMU) -kernel $(BM_DIR)/m4-Os.elf" \
	  "rv32-Os:$(BM_QEMU_RV) $(BM_QEMU) -kernel $(BM_DIR)/rv32-Os.elf"

bench-mcu: $(BM_DIR)/m4.elf $(BM_DIR)/rv32.elf $(BM_DIR)/host_bench
	@B=$(BM_DIR) TIMEOUT=$(BM_TIMEOUT) bash baremetal/run.sh bench \
	  "m4:$(BM_QEMU_M4) $(BM_QEMU) -kernel $(BM_DIR)/m4.elf" \
	  "rv32:$(BM_QEMU_RV) $(BM_QEMU) -kernel $(BM_DIR)/rv32.elf"
