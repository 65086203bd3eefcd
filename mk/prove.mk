# make prove: Frama-C Eva on the wire decoders (prove/run.sh, docs/verification-prove.md).
# Needs frama-c (Debian: frama-c-base). PROVE_ONLY=<regex of target names> runs a subset.
.PHONY: prove
prove:
	@B=$(B) bash prove/run.sh
