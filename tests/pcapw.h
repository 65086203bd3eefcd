/* tests/pcapw.h: the tests' writer of one fixed TCP connection in a pcap file, a thin wrapper of
 * the project's capture writer examples/posix/iw_pcap.h (see there for the framing: Ethernet,
 * IPv4 and TCP with checksums, handshake, one segment per call, teardown, ISNs that wrap).
 * tests/pcap.h is the matching reader.
 *
 * The connection is 10.0.0.1:40000 (the Initiator, direction 0) to 10.0.0.2:5201 (the
 * Responder, direction 1).
 *
 *   pcapw w;
 *   if (pcapw_open(&w, "build/x.pcap") != 0) ...           handshake written
 *   unsigned long frame = pcapw_segment(&w, 0, data, len);  0 on error; else its frame number
 *   if (pcapw_close(&w) != 0) ...                           teardown written, file closed
 */
#ifndef TESTS_PCAPW_H
#define TESTS_PCAPW_H
#include "../examples/posix/iw_pcap.h"

#define PCAPW_INI_IP 0x0A000001u /* 10.0.0.1 */
#define PCAPW_RES_IP 0x0A000002u /* 10.0.0.2 */
#define PCAPW_INI_PORT 40000u
#define PCAPW_RES_PORT 5201u

typedef struct pcapw {
    iw_pcap_file f;
    iw_pcap_tcp t;
} pcapw;

/* Create path and write the file header and the 3-way handshake. 0 on success. */
IW_PCAP__FN int pcapw_open(pcapw *w, const char *path)
{
    if (iw_pcap_open(&w->f, path) != 0) return -1;
    return iw_pcap_tcp_begin(&w->f, &w->t, PCAPW_INI_IP, PCAPW_INI_PORT, PCAPW_RES_IP,
                             PCAPW_RES_PORT);
}

/* One TCP segment (more above 65495 octets) of len >= 1 octets from dir (0: Initiator,
 * 1: Responder). Returns the frame number of its (last) segment (1-based, as tshark counts), or
 * 0 after an error. */
IW_PCAP__FN unsigned long pcapw_segment(pcapw *w, unsigned dir,
                                                           const uint8_t *data, size_t len)
{
    iw_iov v;
    if (len == 0) w->f.err = 1;
    v.base = data;
    v.len = len;
    iw_pcap_tcp_trace(&w->t, dir, &v, 1, 1);
    return w->f.err ? 0 : w->f.packets;
}

/* Write the teardown and close the file. 0 on success (every write succeeded). */
IW_PCAP__FN int pcapw_close(pcapw *w)
{
    int r = w->f.fp ? iw_pcap_tcp_end(&w->t) : -1;
    if (iw_pcap_close(&w->f) != 0) r = -1;
    return r;
}
#endif
