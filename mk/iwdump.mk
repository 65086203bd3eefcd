# `make iwdump`: tools/iwdump.c, the capture decoder built on the core's own parsers
# (iwdump FILE.pcap; see the top of tools/iwdump.c).
.PHONY: iwdump
iwdump: $(B)/iwdump

$(B)/iwdump: tools/iwdump.c examples/posix/iw_pcap_read.h $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) -O2 -I. -o $@ tools/iwdump.c
