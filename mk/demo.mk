# `make demo`: examples/demo.c, two iWARP endpoints in one process over TCP on 127.0.0.1
# (examples/posix/iw_posix.h) doing every operation, one table row each; exits non-zero on any
# failure. `make demo PCAP=file.pcap` also writes the traffic as a capture (iw_pcap.h);
# DEMO_ARGS passes more options (--addr ADDR, --iters N, --emss N, --corrupt; build/demo --help
# lists them).
# `make mpa-demo`: the MPA-only demo over an in-memory pipe (examples/mpa_demo.c).
.PHONY: mpa-demo
DEMO_CFLAGS ?= -O2

demo: $(B)/demo
	@$(B)/demo $(if $(PCAP),--pcap $(PCAP)) $(DEMO_ARGS)

$(B)/demo: examples/demo.c examples/posix/iw_posix.h examples/posix/iw_pcap.h tools/cli.h $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) $(DEMO_CFLAGS) -I. -o $@ examples/demo.c

mpa-demo: $(B)/mpa_demo
	@$(B)/mpa_demo

$(B)/mpa_demo: examples/mpa_demo.c $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) -O2 -I. -Itests -o $@ examples/mpa_demo.c
