/* tests/pcapw.h: test-only writer of classic pcap files holding one TCP connection (hosted C99,
 * stdio). Not part of the library; tests/pcap.h is the matching reader.
 *
 * Link type Ethernet, IPv4 (header checksum), TCP (checksum over the pseudo-header), between
 * 10.0.0.1:40000 (the Initiator, direction 0) and 10.0.0.2:5201 (the Responder, direction 1).
 * The file starts with the 3-way handshake (SYN with MSS 1460, SYN-ACK, ACK) and ends with the
 * teardown (FIN-ACK from the Initiator, FIN-ACK back, ACK). Every pcapw_segment call writes one
 * TCP segment (PSH-ACK) with the next sequence number of its direction and acknowledging all the
 * peer sent so far; a pure ACK from the peer is written first when more than 32 KiB would be in
 * flight (so no "window full"). Timestamps start at 1700000000 s and grow by 100 us per packet.
 * The ISNs are chosen so that the Responder's sequence numbers wrap past 2^32 after 4 KiB.
 *
 *   pcapw w;
 *   if (pcapw_open(&w, "build/x.pcap") != 0) ...           handshake written
 *   unsigned long frame = pcapw_segment(&w, 0, data, len);  0 on error; else its frame number
 *   if (pcapw_close(&w) != 0) ...                           teardown written, file closed
 */
#ifndef TESTS_PCAPW_H
#define TESTS_PCAPW_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define PCAPW__FN static __attribute__((unused))
#else
#define PCAPW__FN static
#endif

#define PCAPW_INI_IP 0x0A000001u /* 10.0.0.1 */
#define PCAPW_RES_IP 0x0A000002u /* 10.0.0.2 */
#define PCAPW_INI_PORT 40000u
#define PCAPW_RES_PORT 5201u
#define PCAPW_INI_ISN 0x00001000u
#define PCAPW_RES_ISN 0xFFFFF000u
#define PCAPW_WINDOW 65535u
#define PCAPW_MAX_SEG 65495u     /* IPv4 total length limit less the IP and TCP headers */
#define PCAPW_ACK_AFTER 32768u   /* in-flight octets that make the peer ACK first */

#define PCAPW_SYN 0x02u
#define PCAPW_FIN 0x01u
#define PCAPW_PSH 0x08u
#define PCAPW_ACK 0x10u

typedef struct pcapw {
    FILE *fp;
    uint32_t nxt[2];      /* next sequence number per direction (0: Initiator -> Responder) */
    uint32_t acked[2];    /* highest ACK the other side has sent for this direction's data */
    uint16_t ip_id[2];
    uint32_t ts_sec, ts_usec;
    unsigned long frames; /* packets written */
    int err;
} pcapw;

static void pcapw__be16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
static void pcapw__be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}
static void pcapw__le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static void pcapw__le16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* One's complement sum of p[0..n) (RFC 1071), added to sum; not folded. */
static uint32_t pcapw__sum(uint32_t sum, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i + 1 < n; i += 2) sum += (uint32_t)((p[i] << 8) | p[i + 1]);
    if (n & 1u) sum += (uint32_t)p[n - 1] << 8;
    return sum;
}
static uint16_t pcapw__fold(uint32_t sum)
{
    while (sum >> 16) sum = (sum & 0xFFFFu) + (sum >> 16);
    return (uint16_t)~sum;
}

static void pcapw__write(pcapw *w, const void *p, size_t n)
{
    if (w->err || !w->fp) return;
    if (n && fwrite(p, 1, n, w->fp) != n) w->err = 1;
}

/* Write one packet from direction dir with the given flags and payload. */
static void pcapw__packet(pcapw *w, unsigned dir, unsigned flags, const uint8_t *data, size_t len)
{
    uint8_t h[16 + 14 + 20 + 24], ph[12];
    uint8_t *eth = h + 16, *ip = eth + 14, *tcp = ip + 20;
    size_t thl = (flags & PCAPW_SYN) ? 24u : 20u, caplen = 14u + 20u + thl + len;
    uint32_t sum, src = dir ? PCAPW_RES_IP : PCAPW_INI_IP, dst = dir ? PCAPW_INI_IP : PCAPW_RES_IP;
    unsigned other = dir ^ 1u;
    if (w->err) return;
    if (len > PCAPW_MAX_SEG || (len && !data)) {
        w->err = 1;
        return;
    }
    memset(h, 0, sizeof h);
    /* pcap record header (host order written as little-endian, matching the file header) */
    pcapw__le32(h, w->ts_sec);
    pcapw__le32(h + 4, w->ts_usec);
    pcapw__le32(h + 8, (uint32_t)caplen);
    pcapw__le32(h + 12, (uint32_t)caplen);
    /* Ethernet: locally administered MACs 02:00:00:00:00:01 / :02 */
    eth[0] = 0x02;
    eth[5] = (uint8_t)(dir ? 1 : 2);
    eth[6] = 0x02;
    eth[11] = (uint8_t)(dir ? 2 : 1);
    pcapw__be16(eth + 12, 0x0800u);
    /* IPv4 */
    ip[0] = 0x45;
    pcapw__be16(ip + 2, (uint32_t)(20u + thl + len));
    pcapw__be16(ip + 4, w->ip_id[dir]++);
    pcapw__be16(ip + 6, 0x4000u); /* DF */
    ip[8] = 64;
    ip[9] = 6;
    pcapw__be32(ip + 12, src);
    pcapw__be32(ip + 16, dst);
    pcapw__be16(ip + 10, pcapw__fold(pcapw__sum(0, ip, 20)));
    /* TCP */
    pcapw__be16(tcp, dir ? PCAPW_RES_PORT : PCAPW_INI_PORT);
    pcapw__be16(tcp + 2, dir ? PCAPW_INI_PORT : PCAPW_RES_PORT);
    pcapw__be32(tcp + 4, w->nxt[dir]);
    pcapw__be32(tcp + 8, (flags & PCAPW_ACK) ? w->nxt[other] : 0u);
    tcp[12] = (uint8_t)((thl / 4u) << 4);
    tcp[13] = (uint8_t)flags;
    pcapw__be16(tcp + 14, PCAPW_WINDOW);
    if (flags & PCAPW_SYN) { /* MSS 1460 */
        tcp[20] = 2;
        tcp[21] = 4;
        pcapw__be16(tcp + 22, 1460u);
    }
    pcapw__be32(ph, src);
    pcapw__be32(ph + 4, dst);
    ph[8] = 0;
    ph[9] = 6;
    pcapw__be16(ph + 10, (uint32_t)(thl + len));
    sum = pcapw__sum(0, ph, sizeof ph);
    sum = pcapw__sum(sum, tcp, thl);
    if (len) sum = pcapw__sum(sum, data, len);
    pcapw__be16(tcp + 16, pcapw__fold(sum));
    pcapw__write(w, h, 16u + 14u + 20u + thl);
    pcapw__write(w, data, len);
    if (flags & PCAPW_ACK) w->acked[other] = w->nxt[other];
    w->nxt[dir] += (uint32_t)len + ((flags & (PCAPW_SYN | PCAPW_FIN)) ? 1u : 0u);
    w->frames++;
    w->ts_usec += 100u;
    if (w->ts_usec >= 1000000u) {
        w->ts_usec -= 1000000u;
        w->ts_sec++;
    }
}

/* Create path and write the file header and the 3-way handshake. 0 on success. */
PCAPW__FN int pcapw_open(pcapw *w, const char *path)
{
    uint8_t fh[24];
    memset(w, 0, sizeof *w);
    w->fp = fopen(path, "wb");
    if (!w->fp) return -1;
    pcapw__le32(fh, 0xA1B2C3D4u); /* microsecond timestamps */
    pcapw__le16(fh + 4, 2);
    pcapw__le16(fh + 6, 4);
    pcapw__le32(fh + 8, 0);        /* thiszone */
    pcapw__le32(fh + 12, 0);       /* sigfigs */
    pcapw__le32(fh + 16, 262144u); /* snaplen */
    pcapw__le32(fh + 20, 1u);      /* LINKTYPE_ETHERNET */
    pcapw__write(w, fh, sizeof fh);
    w->ts_sec = 1700000000u;
    w->nxt[0] = PCAPW_INI_ISN;
    w->nxt[1] = PCAPW_RES_ISN;
    w->acked[0] = PCAPW_INI_ISN;
    w->acked[1] = PCAPW_RES_ISN;
    w->ip_id[0] = 0x1000;
    w->ip_id[1] = 0x2000;
    pcapw__packet(w, 0, PCAPW_SYN, NULL, 0);
    pcapw__packet(w, 1, PCAPW_SYN | PCAPW_ACK, NULL, 0);
    pcapw__packet(w, 0, PCAPW_ACK, NULL, 0);
    return w->err ? -1 : 0;
}

/* One TCP segment of len (1..65495) octets from dir (0: Initiator, 1: Responder). Returns its
 * frame number (1-based, as tshark counts), or 0 after an error. */
PCAPW__FN unsigned long pcapw_segment(pcapw *w, unsigned dir, const uint8_t *data, size_t len)
{
    dir &= 1u;
    if (w->err || len == 0) {
        w->err = 1;
        return 0;
    }
    if ((uint32_t)(w->nxt[dir] - w->acked[dir]) + len > PCAPW_ACK_AFTER)
        pcapw__packet(w, dir ^ 1u, PCAPW_ACK, NULL, 0);
    pcapw__packet(w, dir, PCAPW_PSH | PCAPW_ACK, data, len);
    return w->err ? 0 : w->frames;
}

/* Write the teardown and close the file. 0 on success (every write succeeded). */
PCAPW__FN int pcapw_close(pcapw *w)
{
    int err;
    if (!w->fp) return -1;
    pcapw__packet(w, 0, PCAPW_FIN | PCAPW_ACK, NULL, 0);
    pcapw__packet(w, 1, PCAPW_FIN | PCAPW_ACK, NULL, 0);
    pcapw__packet(w, 0, PCAPW_ACK, NULL, 0);
    err = w->err;
    if (fclose(w->fp) != 0) err = 1;
    w->fp = NULL;
    return err ? -1 : 0;
}
#endif
