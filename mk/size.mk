# make size: code and data of each header on both cross targets (SIZE), the deepest single
# -fstack-usage frame (STACK), and the footprint (FOOTPRINT, docs/porting-baremetal.md):
#   core3     text + read-only data of mpa.h + ddp.h + rdmap.h in one object, -Os
#   all4      the same with verbs.h (all four headers and what they include), -Os
#   stack_max worst stack of a whole call chain from any public entry point, from gcc's
#             -fcallgraph-info=su (baremetal/stackmax.sh: calls between the layers through
#             their ops tables resolved, host ops and application upcalls counted as
#             SIZE_HOSTOP octets; exact over every chain where no function comes twice,
#             functions on call cycles listed); per-entry figures and chains (each function
#             with its own frame) in $(B)/size/<profile>-<target>/stack.txt
#   qp_ram    sizeof iw_qp + iw_mpa_conn + one slot of each QP ring (baremetal/qp_probe.c)
# (baremetal/footprint.sh). Profiles: `default`, and `small`: every compile-time knob set for a
# small target (baremetal/profile_small.h: features left out, short lists, a 64-octet CRC
# table); SIZE_SMALL_FLAGS= (empty) leaves it out. docs/porting-baremetal.md has the knob table.
.PHONY: size
SIZE_HOSTOP ?= 128
SIZE_SMALL_FLAGS ?= -include $(CURDIR)/baremetal/profile_small.h
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
