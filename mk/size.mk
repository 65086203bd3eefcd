# make size: code and data of each header on both cross targets (SIZE), the deepest single
# -fstack-usage frame (STACK), and the footprint (FOOTPRINT, docs/porting-baremetal.md):
#   core3     text + read-only data of mpa.h + ddp.h + rdmap.h in one object, -Os
#   all4      the same with verbs.h (all four headers and what they include), -Os
#   stack_max worst stack of a whole call chain from any public entry point, from gcc's
#             -fcallgraph-info=su (baremetal/stackmax.sh: calls between the layers through
#             their ops tables resolved, host ops and application upcalls counted as
#             SIZE_HOSTOP octets); per-entry figures in $(B)/size/<profile>-<target>/stack.txt
#   qp_ram    sizeof iw_qp + iw_mpa_conn + one slot of each QP ring (baremetal/qp_probe.c)
# (baremetal/footprint.sh). Profiles: `default`, and `small`: the compile-time knobs that exist
# today set for a small target (one 1 KiB CRC table, short gather lists, 32 octets of Private
# Data); SIZE_SMALL_FLAGS= (empty) leaves it out. docs/porting-baremetal.md lists the knobs.
.PHONY: size
SIZE_HOSTOP ?= 128
SIZE_SMALL_FLAGS ?= -DIW_CRC32C_SMALL=2 -DIW_CFG_MPA_MAX_PRIVDATA=16 -DIW_CFG_MPA_MAX_IOV=3 \
  -DIW_CFG_MPA_TX_WINDOW=4 -DIW_CFG_VERBS_SGE=2 -DIW_CFG_VERBS_IOV=2 -DIW_CFG_DDP_DST_IOV=2 \
  -DIW_CFG_DDP_RX_SGE=2 -DIW_CFG_DDP_QN=3 -DIW_CFG_VERBS_PD=2 -DIW_CFG_STRINGS=0 -DIW_CFG_STATS=0 \
  -DIW_CFG_CRC32C_EXTRAS=0 -DIW_CFG_MPA_MARKERS=0 -DIW_CFG_MPA_P2P=0 -DIW_CFG_MPA_TX_COPYOUT=0 \
  -DIW_CFG_MPA_RX_STREAM=0 -DIW_CFG_RDMAP_ATOMICS=0 -DIW_CFG_RDMAP_CTL_BUF=52 \
  -DIW_CFG_DDP_ERR_ULP_HDR=28 -DIW_CFG_VERBS_MW=0 -DIW_CFG_VERBS_FAST_REG=0
size:
	@mkdir -p $(B)/size
	@lower=""; for h in $(filter-out crc32c.h,$(HEADERS)); do \
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
	@for p in default $(if $(strip $(SIZE_SMALL_FLAGS)),small); do \
	  flags=$$( [ $$p = small ] && echo "$(SIZE_SMALL_FLAGS)" || true ); \
	  bash baremetal/footprint.sh $(B)/size $$p m4 $(SIZE_HOSTOP) $(ARM_CC) $(M4_FLAGS) $$flags || exit 1; \
	  bash baremetal/footprint.sh $(B)/size $$p rv32 $(SIZE_HOSTOP) $(RV_CC) $(RV_FLAGS) $$flags || exit 1; \
	done
