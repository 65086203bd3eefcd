# `make mutate`: the curated mutants of tests/mutants/, one per requirement clause, each run
# against the test files that name its clause (tests/mutate.sh; docs/conformance.md).
# MUTANTS="ATOM-003c SEC-017b" runs only those; JOBS=N mutants at a time (default 2).
.PHONY: mutate
mutate:
	@nice bash tests/mutate.sh

# `make mutate-anchors`: only whether every mutant still applies to the tree (seconds; no build).
.PHONY: mutate-anchors
mutate-anchors:
	@MUTATE_ANCHORS=1 bash tests/mutate.sh
