# make prove: Frama-C Eva on the wire decoders and WP on DDP placement (prove/run.sh,
# docs/verification-prove.md). Needs frama-c (Debian: frama-c-base) and, for the WP target
# placement_wp, why3 with z3 and/or cvc4. PROVE_ONLY=<regex of target names> runs a subset;
# PROVE_WP_TIMEOUT=<s> is WP's limit per goal (default 60). make prove-eva: the Eva targets
# alone (no why3/SMT provers needed; a few minutes).
.PHONY: prove
prove:
	@B=$(B) bash prove/run.sh
.PHONY: prove-eva
prove-eva:
	@B=$(B) PROVE_WP=0 bash prove/run.sh
