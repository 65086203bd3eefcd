# `make iwdump`: tools/iwdump.c, the capture decoder built on the core's own parsers
# (iwdump [-s] [--json] [-c N] FILE; pcap or pcapng; iwdump --help, docs/tools.md).
.PHONY: iwdump
iwdump: $(B)/iwdump

$(B)/iwdump: tools/iwdump.c tools/cli.h examples/posix/iw_pcap_read.h $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) -O2 -I. -o $@ tools/iwdump.c
