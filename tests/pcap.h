/* tests/pcap.h: the tests' pcap reader with TCP stream reassembly; it lives beside the capture
 * writer as examples/posix/iw_pcap_read.h (pcap_read_conns, pcap_parse_conns, pcap_free_conns). */
#include "../examples/posix/iw_pcap_read.h"
