/* SPDX-License-Identifier: MIT */
/* examples/posix/iw_pcap.h: capture writer for iWARP traffic (hosted C99 + stdio, header-only,
 * no malloc). Not part of the core: a host's mpa.h trace op forwards to it to produce a classic
 * pcap file that tshark/Wireshark (and tools/iwdump) decode. The reader is iw_pcap_read.h.
 *
 * File: classic pcap (magic 0xA1B2C3D4, little-endian, microsecond timestamps), link type
 * Ethernet (1). Timestamps are a fake clock that starts at 1700000000 s and grows by 100 us per
 * packet. Several TCP connections may share one file.
 *
 * Each connection (iw_pcap_tcp) is Ethernet / IPv4 (RFC 791, header checksum, DF, TTL 64) / TCP
 * (RFC 793/9293, checksum over the pseudo-header) between side 0 (the connecting side) and side
 * 1. iw_pcap_tcp_begin writes the 3-way handshake (SYN with MSS 1460, SYN-ACK, ACK);
 * iw_pcap_tcp_end writes the teardown (FIN-ACK from side 0, FIN-ACK from side 1, ACK).
 * In between, every MPA frame (Request, Reply) or FPDU traced by a side becomes ONE TCP segment
 * (PSH-ACK) carrying the next sequence number of that side and acknowledging everything the peer
 * sent so far. A frame larger than the IPv4 limit (65495 payload octets behind the two 20-octet
 * headers) is split into several segments. When more than 32 KiB would be in flight, a pure
 * ACK from the peer for what is in flight is written first, so tshark sees no "window full".
 * The ISNs are 0x00001000 (side 0) and 0xFFFFF000 (side 1): side 1's sequence numbers wrap past
 * 2^32 after 4 KiB, which exercises readers. Ethernet addresses are locally administered:
 * 02:<side>:<IPv4 address>.
 *
 * Use (typically side s's mpa.h trace op does `if (dir == IW_MPA_TRACE_TX)
 * iw_pcap_tcp_trace(&t, s, iov, n, last);` and ignores IW_MPA_TRACE_RX, which the peer's TX
 * already wrote):
 *
 *   static iw_pcap_file f;  static iw_pcap_tcp t;        (t holds two frame buffers: ~130 KiB)
 *   if (iw_pcap_open(&f, "build/x.pcap") != 0) ...
 *   if (iw_pcap_tcp_begin(&f, &t, 0x7F000001u, 40000, 0x7F000001u, 5201) != 0) ...
 *   iw_pcap_tcp_trace(&t, 0, iov, n, last);               as many times as frames are sent
 *   if (iw_pcap_tcp_end(&t) != 0) ...                      0: every write of t succeeded
 *   if (iw_pcap_close(&f) != 0) ...                        0: every write of the file succeeded
 *
 * Errors are sticky in the file (f.err): a failed write, a frame longer than IW_PCAP_FRAME_MAX
 * (dropped) or a call on a closed file; iw_pcap_tcp_end and iw_pcap_close report them. t keeps a
 * pointer to f, which must outlive it.
 */
#ifndef IW_PCAP_H
#define IW_PCAP_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "mpa.h" /* iw_iov, IW_MPA_TRACE_TX/RX */

#if defined(__GNUC__) || defined(__clang__)
#define IW_PCAP__FN static __attribute__((unused))
#else
#define IW_PCAP__FN static
#endif

/* The largest frame one side can trace: an FPDU is ULPDU_Length (2) + ULPDU (at most 65535, the
 * 16-bit field, RFC 5044 §4.1) + PAD (<= 3) + CRC (4), plus a 4-octet marker every 512 octets of
 * the stream (RFC 5044 §5: at most 132 in 65544 octets); an MPA Request/Reply is 20 octets +
 * 512 of private data (§7.1), which is smaller. */
#ifndef IW_PCAP_FRAME_MAX
#define IW_PCAP_FRAME_MAX (2u + 65535u + 3u + 4u + 4u * 132u)
#endif

#define IW_PCAP_ISN0 0x00001000u
#define IW_PCAP_ISN1 0xFFFFF000u
#define IW_PCAP_WINDOW 65535u
#define IW_PCAP_MAX_SEG 65495u   /* IPv4 total length 65535 less the IP and TCP headers */
#define IW_PCAP_ACK_AFTER 32768u /* in-flight octets that make the peer ACK first */

#define IW_PCAP_FIN 0x01u
#define IW_PCAP_SYN 0x02u
#define IW_PCAP_PSH 0x08u
#define IW_PCAP_ACK 0x10u

typedef struct iw_pcap_file {
    FILE *fp;
    unsigned long packets;   /* packets written; also the frame number of the last one */
    uint32_t ts_sec, ts_usec;
    int err;                 /* sticky: 1 after any failure */
} iw_pcap_file;

typedef struct iw_pcap_tcp {
    iw_pcap_file *f;
    uint32_t ip[2];          /* host order; [0]: side 0 (connecting), [1]: side 1 */
    uint16_t port[2];
    uint32_t nxt[2];         /* next sequence number per side */
    uint32_t acked[2];       /* highest ACK the peer has sent for this side's data */
    uint16_t ip_id[2];
    size_t have[2];          /* octets gathered of the frame being traced */
    uint8_t buf[2][IW_PCAP_FRAME_MAX];
} iw_pcap_tcp;

/* Byte order: mpa.h's helpers (pcap headers little-endian, the packet headers big-endian). */
static void iw_pcap__be16(uint8_t *p, uint32_t v) { iw_put_be16(p, (uint16_t)v); }

/* One's complement sum of p[0..n) in 16-bit big-endian words (RFC 1071), added to sum. */
static uint32_t iw_pcap__sum(uint32_t sum, const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i + 1 < n; i += 2) sum += (uint32_t)((p[i] << 8) | p[i + 1]);
    if (n & 1u) sum += (uint32_t)p[n - 1] << 8;
    while (sum >> 16) sum = (sum & 0xFFFFu) + (sum >> 16); /* fold often: no overflow */
    return sum;
}
static uint16_t iw_pcap__fold(uint32_t sum)
{
    while (sum >> 16) sum = (sum & 0xFFFFu) + (sum >> 16);
    return (uint16_t)~sum;
}

static void iw_pcap__write(iw_pcap_file *f, const void *p, size_t n)
{
    if (f->err || !f->fp) {
        f->err = 1;
        return;
    }
    if (n && fwrite(p, 1, n, f->fp) != n) f->err = 1;
}

/* One packet from side s with TCP flags `flags` and len (<= IW_PCAP_MAX_SEG) payload octets. */
static void iw_pcap__packet(iw_pcap_tcp *t, unsigned s, unsigned flags, const uint8_t *data,
                            size_t len)
{
    uint8_t h[16 + 14 + 20 + 24], ph[12];
    uint8_t *eth = h + 16, *ip = eth + 14, *tcp = ip + 20;
    iw_pcap_file *f = t->f;
    size_t thl = (flags & IW_PCAP_SYN) ? 24u : 20u, caplen = 14u + 20u + thl + len;
    uint32_t sum, src = t->ip[s], dst = t->ip[s ^ 1u];
    unsigned o = s ^ 1u;
    if (f->err) return;
    memset(h, 0, sizeof h);
    /* pcap record header: ts_sec, ts_usec, incl_len, orig_len */
    iw_put_le32(h, f->ts_sec);
    iw_put_le32(h + 4, f->ts_usec);
    iw_put_le32(h + 8, (uint32_t)caplen);
    iw_put_le32(h + 12, (uint32_t)caplen);
    /* Ethernet II: destination, source 02:<side>:a.b.c.d, EtherType IPv4 */
    eth[0] = 0x02;
    eth[1] = (uint8_t)o;
    iw_put_be32(eth + 2, dst);
    eth[6] = 0x02;
    eth[7] = (uint8_t)s;
    iw_put_be32(eth + 8, src);
    iw_pcap__be16(eth + 12, 0x0800u);
    /* IPv4 (RFC 791 §3.1): version 4, IHL 5, total length, id, DF, TTL 64, protocol 6 */
    ip[0] = 0x45;
    iw_pcap__be16(ip + 2, (uint32_t)(20u + thl + len));
    iw_pcap__be16(ip + 4, t->ip_id[s]++);
    iw_pcap__be16(ip + 6, 0x4000u);
    ip[8] = 64;
    ip[9] = 6;
    iw_put_be32(ip + 12, src);
    iw_put_be32(ip + 16, dst);
    iw_pcap__be16(ip + 10, iw_pcap__fold(iw_pcap__sum(0, ip, 20)));
    /* TCP (RFC 9293 §3.1): ports, seq, ack, data offset, flags, window, checksum, MSS on SYN */
    iw_pcap__be16(tcp, t->port[s]);
    iw_pcap__be16(tcp + 2, t->port[o]);
    iw_put_be32(tcp + 4, t->nxt[s]);
    iw_put_be32(tcp + 8, (flags & IW_PCAP_ACK) ? t->nxt[o] : 0u);
    tcp[12] = (uint8_t)((thl / 4u) << 4);
    tcp[13] = (uint8_t)flags;
    iw_pcap__be16(tcp + 14, IW_PCAP_WINDOW);
    if (flags & IW_PCAP_SYN) {
        tcp[20] = 2; /* MSS option, length 4 */
        tcp[21] = 4;
        iw_pcap__be16(tcp + 22, 1460u);
    }
    /* checksum over the pseudo-header (source, destination, zero, protocol, TCP length) */
    iw_put_be32(ph, src);
    iw_put_be32(ph + 4, dst);
    ph[8] = 0;
    ph[9] = 6;
    iw_pcap__be16(ph + 10, (uint32_t)(thl + len));
    sum = iw_pcap__sum(0, ph, sizeof ph);
    sum = iw_pcap__sum(sum, tcp, thl);
    if (len) sum = iw_pcap__sum(sum, data, len);
    iw_pcap__be16(tcp + 16, iw_pcap__fold(sum));
    iw_pcap__write(f, h, 16u + 14u + 20u + thl);
    iw_pcap__write(f, data, len);
    if (flags & IW_PCAP_ACK) t->acked[o] = t->nxt[o];
    /* SYN and FIN each take one sequence number (RFC 9293 §3.4) */
    t->nxt[s] += (uint32_t)len + ((flags & (IW_PCAP_SYN | IW_PCAP_FIN)) ? 1u : 0u);
    f->packets++;
    f->ts_usec += 100u;
    if (f->ts_usec >= 1000000u) {
        f->ts_usec -= 1000000u;
        f->ts_sec++;
    }
}

/* Create path and write the pcap file header. 0 on success. */
IW_PCAP__FN int iw_pcap_open(iw_pcap_file *f, const char *path)
{
    uint8_t fh[24];
    memset(f, 0, sizeof *f);
    f->fp = fopen(path, "wb");
    if (!f->fp) return -1;
    memset(fh, 0, sizeof fh);
    iw_put_le32(fh, 0xA1B2C3D4u); /* magic: microsecond timestamps */
    fh[4] = 2;                      /* version 2.4 */
    fh[6] = 4;
    iw_put_le32(fh + 16, 262144u); /* snaplen; thiszone and sigfigs stay 0 */
    iw_put_le32(fh + 20, 1u);      /* LINKTYPE_ETHERNET */
    iw_pcap__write(f, fh, sizeof fh);
    f->ts_sec = 1700000000u;
    return f->err ? -1 : 0;
}

/* Start connection t in f: side 0 (ip0:port0) connects to side 1 (ip1:port1). Writes SYN,
 * SYN-ACK, ACK. 0 on success. */
IW_PCAP__FN int iw_pcap_tcp_begin(iw_pcap_file *f, iw_pcap_tcp *t, uint32_t ip0, uint16_t port0,
                                  uint32_t ip1, uint16_t port1)
{
    t->f = f;
    t->ip[0] = ip0;
    t->ip[1] = ip1;
    t->port[0] = port0;
    t->port[1] = port1;
    t->nxt[0] = t->acked[0] = IW_PCAP_ISN0;
    t->nxt[1] = t->acked[1] = IW_PCAP_ISN1;
    t->ip_id[0] = 0x1000;
    t->ip_id[1] = 0x2000;
    t->have[0] = t->have[1] = 0;
    iw_pcap__packet(t, 0, IW_PCAP_SYN, NULL, 0);
    iw_pcap__packet(t, 1, IW_PCAP_SYN | IW_PCAP_ACK, NULL, 0);
    iw_pcap__packet(t, 0, IW_PCAP_ACK, NULL, 0);
    return f->err ? -1 : 0;
}

/* Write the gathered frame of side s as one PSH-ACK segment (several above the IPv4 limit). */
static void iw_pcap__flush(iw_pcap_tcp *t, unsigned s)
{
    size_t off = 0, len = t->have[s];
    while (off < len) {
        size_t seg = len - off > IW_PCAP_MAX_SEG ? IW_PCAP_MAX_SEG : len - off;
        uint32_t flight = t->nxt[s] - t->acked[s];
        if (flight && flight + seg > IW_PCAP_ACK_AFTER) /* not when nothing waits: a dup ACK */
            iw_pcap__packet(t, s ^ 1u, IW_PCAP_ACK, NULL, 0);
        iw_pcap__packet(t, s, IW_PCAP_PSH | IW_PCAP_ACK, t->buf[s] + off, seg);
        off += seg;
    }
    t->have[s] = 0;
}

/* Pieces of one MPA frame or FPDU sent by side s (0 or 1), as mpa.h's trace op hands them;
 * last != 0 ends the frame and writes it. A frame longer than IW_PCAP_FRAME_MAX is dropped and
 * sets the file's error. */
IW_PCAP__FN void iw_pcap_tcp_trace(iw_pcap_tcp *t, unsigned side, const iw_iov *iov, size_t n,
                                   int last)
{
    size_t i;
    unsigned s = side & 1u;
    for (i = 0; i < n; i++) {
        if (iov[i].len == 0) continue;
        if (!iov[i].base || iov[i].len > IW_PCAP_FRAME_MAX - t->have[s]) {
            t->f->err = 1;
            t->have[s] = IW_PCAP_FRAME_MAX; /* drop the rest of this frame too */
            continue;
        }
        memcpy(t->buf[s] + t->have[s], iov[i].base, iov[i].len);
        t->have[s] += iov[i].len;
    }
    if (last) {
        if (t->f->err) t->have[s] = 0;
        iw_pcap__flush(t, s);
    }
}

/* Write what is still gathered, then the teardown: FIN-ACK from side 0, FIN-ACK from side 1,
 * ACK. 0 when every write of the file so far succeeded. */
IW_PCAP__FN int iw_pcap_tcp_end(iw_pcap_tcp *t)
{
    if (!t->f->err) {
        iw_pcap__flush(t, 0);
        iw_pcap__flush(t, 1);
    }
    iw_pcap__packet(t, 0, IW_PCAP_FIN | IW_PCAP_ACK, NULL, 0);
    iw_pcap__packet(t, 1, IW_PCAP_FIN | IW_PCAP_ACK, NULL, 0);
    iw_pcap__packet(t, 0, IW_PCAP_ACK, NULL, 0);
    return t->f->err ? -1 : 0;
}

/* Close the file. 0 when every write succeeded. */
IW_PCAP__FN int iw_pcap_close(iw_pcap_file *f)
{
    int err = f->err;
    if (!f->fp) return -1;
    if (fclose(f->fp) != 0) err = 1;
    f->fp = NULL;
    return err ? -1 : 0;
}
#endif
