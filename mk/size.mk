# make size: code and data of each header on both cross targets (SIZE), the deepest single
# -fstack-usage frame (STACK), and the footprint (FOOTPRINT, docs/porting-baremetal.md):
#   core3     text + read-only data of mpa.h + ddp.h + rdmap.h in one object, -Os
#   all4      the same with verbs.h (all four headers and what they include), -Os
#   stack_max worst stack of a whole call chain from any public entry point, from gcc's
#             -fcallgraph-info=su (baremetal/stackmax.sh: calls between the layers through
#             their ops tables resolved, host ops and application upcalls counted as
#             SIZE_HOSTOP octets); per-entry figures in $(B)/size/stack-*.txt
#   qp_ram    sizeof iw_qp + iw_mpa_conn + one slot of each QP ring (baremetal/qp_probe.c)
.PHONY: size
SIZE_HOSTOP ?= 128
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
	@printf '#define IWARP_IMPLEMENTATION\n#include "rdmap.h"\n' > $(B)/size/core3.c
	@printf '#define IWARP_IMPLEMENTATION\n#include "verbs.h"\n' > $(B)/size/all4.c
	@for t in m4 rv32; do \
	  if [ $$t = m4 ]; then cc="$(ARM_CC) $(M4_FLAGS)"; else cc="$(RV_CC) $(RV_FLAGS)"; fi; \
	  pfx=$$(echo $$cc | awk '{print $$1}'); pfx=$${pfx%gcc}; \
	  $$cc -std=c99 -I. -c $(B)/size/core3.c -o $(B)/size/core3-$$t.o || exit 1; \
	  ( cd $(B)/size && $$cc -std=c99 -I$(CURDIR) -ffunction-sections -fcallgraph-info=su \
	      -c all4.c -o all4-$$t.o && mv all4-$$t.ci all4-$$t.callgraph ) || exit 1; \
	  $$cc -std=c99 -I. -c baremetal/qp_probe.c -o $(B)/size/qp_probe-$$t.o || exit 1; \
	  bash baremetal/stackmax.sh $$pfx $(B)/size/all4-$$t.o $(B)/size/all4-$$t.callgraph $(SIZE_HOSTOP) \
	    > $(B)/size/stack-$$t.txt 2>$(B)/size/stack-$$t.err || exit 1; \
	  core3=$$($${pfx}size $(B)/size/core3-$$t.o | awk 'NR==2{print $$1 + $$2}'); \
	  all4=$$($${pfx}size $(B)/size/all4-$$t.o | awk 'NR==2{print $$1 + $$2}'); \
	  smax=$$(grep -v '^#' $(B)/size/stack-$$t.txt | head -1 | awk '{print $$2}'); \
	  eval $$($${pfx}nm -S -t d $(B)/size/qp_probe-$$t.o | awk '$$4 ~ /^probe_/ {n = $$4; sub(/^probe_/, "", n); printf "%s=%d; ", n, $$2 + 0}'); \
	  qp=$$((iw_qp + iw_mpa_conn + iw_swqe + iw_rdmap_wr + iw_recv_wr + iw_rdmap_inreq)); \
	  echo "FOOTPRINT default $$t core3=$$core3 all4=$$all4 stack_max=$$smax qp_ram=$$qp"; \
	  echo "# $$t sizeof: iw_qp=$$iw_qp (iw_rdmap_stream=$$iw_rdmap_stream inside) iw_mpa_conn=$$iw_mpa_conn per SQ slot iw_swqe=$$iw_swqe + iw_rdmap_wr=$$iw_rdmap_wr, per RQ slot iw_recv_wr=$$iw_recv_wr, per IRD iw_rdmap_inreq=$$iw_rdmap_inreq; iw_cq=$$iw_cq + iw_wc=$$iw_wc per entry; iw_rnic=$$iw_rnic + iw_stag_ent=$$iw_stag_ent per STag; reasm >= $$reasm_min"; \
	  echo "# $$t stack: host ops and application upcalls counted as $(SIZE_HOSTOP) octets, $$(grep -c cycle $(B)/size/stack-$$t.err || true) cycles cut (see stackmax.sh); deepest entries (all in $(B)/size/stack-$$t.txt):"; \
	  grep -v '^#' $(B)/size/stack-$$t.txt | head -4 | awk '{printf "#   %s %s\n", $$1, $$2}'; \
	  grep -v '^#' $(B)/size/stack-$$t.txt | head -1 | awk '{printf "#   deepest chain (* = through a pointer): %s\n", $$3}'; \
	done
