# `make interop`: the project's tools against Linux soft-iWARP (siw) in a qemu VM (interop/).
# The VM image is built once into $(IWARP_INTEROP_CACHE) (default ~/.cache/iwarp-interop),
# outside the repository; cases print "INTEROP <case> PASS|FAIL|SKIP ...". See interop/README.md.
.PHONY: interop

IWRPING_CFLAGS ?= -O2 -g

# iwperf comes with its own rules (tools/iwperf.c); interop uses it when it builds.
interop: $(B)/iwrping
	-@[ ! -f tools/iwperf.c ] || $(MAKE) --no-print-directory $(B)/iwperf
	@B=$(B) bash interop/run.sh $(INTEROP_CASES)

# The rping-compatible client and server on the POSIX host binding.
$(B)/iwrping: tools/iwrping.c tools/cli.h examples/posix/iw_posix.h $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) $(IWRPING_CFLAGS) -I. -Iexamples/posix -o $@ tools/iwrping.c

# iwperf's --perftest --lat part lives in its own file (mk/iwperf.mk builds iwperf).
$(B)/iwperf: tools/perftest_lat.h
