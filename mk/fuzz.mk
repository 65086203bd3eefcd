# `make fuzz-long SECONDS=N`: every fuzz target under libFuzzer and then AFL++ for N seconds
# each (default 60), new coverage merged back into fuzz/corpus/ (fuzz/run.sh long).
.PHONY: fuzz-long
SECONDS ?= 60
fuzz-long:
	@LONG_SECONDS=$(SECONDS) nice bash fuzz/run.sh long
