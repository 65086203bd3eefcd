# iwperf: perftest-like bandwidth/latency tool over the POSIX host (tools/iwperf.c; iwperf --help,
# docs/tools.md; bench/chart.sh draws its -a sweep).
# `make iwperf` builds $(B)/iwperf; tests/t_iwperf.sh runs it against itself over 127.0.0.1.
.PHONY: iwperf
iwperf: $(B)/iwperf

$(B)/iwperf: tools/iwperf.c tools/cli.h examples/posix/iw_posix.h examples/posix/iw_pcap.h $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) -O2 -g -I. -o $@ tools/iwperf.c -lm
