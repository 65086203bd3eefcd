# iwperf: perftest-like bandwidth/latency tool over the POSIX host (tools/iwperf.c).
# `make iwperf` builds $(B)/iwperf; tests/t_iwperf.sh runs it against itself over 127.0.0.1.
.PHONY: iwperf
iwperf: $(B)/iwperf

$(B)/iwperf: tools/iwperf.c examples/posix/iw_posix.h $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) -O2 -g -I. -o $@ tools/iwperf.c -lm
