/* SPDX-License-Identifier: MIT */
/* examples/posix/iw_pcap_read.h: reader of classic pcap files with TCP stream reassembly (hosted
 * C99, malloc). Not part of the library: used by the tests (through tests/pcap.h) and by
 * tools/iwdump.c; iw_pcap.h is the matching writer.
 *
 * Reads the whole file, walks its records and rebuilds every TCP connection (IPv4 only) into two
 * byte streams, one per direction, in sequence order, from the ISN of the SYN (client->server)
 * and of the SYN-ACK (server->client). Retransmitted or overlapping bytes are kept once (the
 * first copy in capture order wins); out-of-order segments are put in place. A hole (bytes never
 * captured) ends the stream there and sets `gap`.
 *
 * Accepted: both byte orders of the file header, microsecond (0xa1b2c3d4) and nanosecond
 * (0xa1b23c4d) magic, link types NULL/loopback (0), Ethernet (1, with 802.1Q/802.1ad tags),
 * raw IP (101, 228 and the BSD values 12, 14), OpenBSD loopback (108), Linux cooked SLL (113) and
 * SLL2 (276). Not accepted: pcapng, IPv6 (its packets are skipped), IP fragments (skipped).
 * A connection is known from its SYN (without ACK); segments of a connection whose SYN is not in
 * the capture are ignored. A new SYN on a finished 4-tuple starts a new connection.
 *
 *   pcap_conn c[4];
 *   int n = pcap_read_conns("tests/vectors/siw_rping_crc.pcap", c, 4);
 *   ... c[0].dir[0].data / .len: client->server bytes; c[0].dir[1]: server->client ...
 *   pcap_free_conns(c, n < 4 ? n : 4);
 */
#ifndef IW_PCAP_READ_H
#define IW_PCAP_READ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every function is static; a test that uses only some of them must still build with -Wall. */
#if defined(__GNUC__) || defined(__clang__)
#define PCAP__FN static __attribute__((unused))
#else
#define PCAP__FN static
#endif

/* One payload-carrying TCP segment as captured (retransmissions included), in capture order. */
typedef struct pcap_seg {
    size_t off;            /* offset of its first payload octet in the direction's stream */
    size_t len;            /* payload octets captured (may be less than sent: see gap) */
    unsigned long frame;   /* 1-based record number, as tshark's frame.number */
} pcap_seg;

typedef struct pcap_stream {
    uint8_t *data;         /* reassembled bytes (malloc; NULL when len is 0) */
    size_t len;
    pcap_seg *segs;        /* malloc; NULL when nsegs is 0 */
    size_t nsegs;
    int gap;               /* 1: bytes missing; data stops at the first hole */
    int fin;               /* 1: a FIN was seen in this direction */
    int have_isn;          /* 1: the SYN (dir 0) / SYN-ACK (dir 1) was seen */
    uint32_t isn;
} pcap_stream;

typedef struct pcap_conn {
    uint32_t cli_ip, srv_ip;      /* host order: 10.0.2.15 is 0x0a00020f */
    uint16_t cli_port, srv_port;
    unsigned long syn_frame;      /* record number of the SYN */
    pcap_stream dir[2];           /* 0: client->server (the SYN's sender), 1: server->client */
} pcap_conn;

typedef struct pcap_info {
    uint32_t linktype;
    int swapped;                  /* 1: file header big-endian (or other-endian to us) */
    int nanosec;                  /* 1: nanosecond magic */
    unsigned long frames;         /* records read */
    unsigned long tcp_frames;     /* IPv4 TCP records */
} pcap_info;

/* Parses a pcap image. Returns the number of TCP connections found (in the order of their SYN),
 * of which the first min(n, cap) are stored in out (the rest are freed); -1 on a malformed or
 * unsupported file. info may be NULL. */
PCAP__FN int pcap_parse_conns(const uint8_t *buf, size_t len, pcap_conn *out, int cap,
                            pcap_info *info);
/* Reads `path` and parses it as pcap_parse_conns does; -1 also when the file cannot be read. */
PCAP__FN int pcap_read_conns(const char *path, pcap_conn *out, int cap);
/* Frees what pcap_parse_conns/pcap_read_conns stored in c[0..n-1]. */
PCAP__FN void pcap_free_conns(pcap_conn *c, int n);
/* Reads a whole file into malloc'd memory; NULL on error. */
PCAP__FN uint8_t *pcap_read_file(const char *path, size_t *len);

/* ---- implementation ---- */

typedef struct pcap__seg {
    uint32_t seq;          /* sequence number of the first payload octet */
    const uint8_t *p;
    size_t len;            /* octets captured */
    size_t want;           /* octets sent (IP length): more than len in a truncated record */
    unsigned long frame;
} pcap__seg;

typedef struct pcap__conn {
    pcap_conn c;
    pcap__seg *s[2];
    size_t n[2], cap[2];
    int closed;            /* FIN or RST seen: a new SYN on this tuple starts a new connection */
} pcap__conn;

static uint32_t pcap__u32(const uint8_t *p, int swapped)
{
    if (swapped)
        return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static uint32_t pcap__be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint16_t pcap__be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static int pcap__push(pcap__conn *k, int d, const pcap__seg *sg)
{
    if (k->n[d] == k->cap[d]) {
        size_t nc = k->cap[d] ? 2 * k->cap[d] : 16;
        pcap__seg *ns = (pcap__seg *)realloc(k->s[d], nc * sizeof *ns);
        if (ns == NULL) return -1;
        k->s[d] = ns;
        k->cap[d] = nc;
    }
    k->s[d][k->n[d]++] = *sg;
    return 0;
}

/* Offset of sequence number seq in a stream whose SYN had sequence number isn: seq - (isn + 1),
 * as a signed 32-bit distance (negative: before the first data octet). */
static long long pcap__rel(uint32_t seq, uint32_t isn)
{
    uint32_t d = seq - (isn + 1u);
    return d >= 0x80000000u ? (long long)d - 0x100000000LL : (long long)d;
}

/* Builds dir[d]'s stream and segment list from the raw segments. */
static int pcap__build(pcap__conn *k, int d)
{
    pcap_stream *st = &k->c.dir[d];
    size_t i, j, n = 0, end = 0, cur = 0;
    pcap__seg *v;
    pcap_seg *rec;
    if (k->n[d] == 0) return 0;
    if (!st->have_isn) { st->gap = 1; return 0; }
    v = (pcap__seg *)malloc(k->n[d] * sizeof *v);
    rec = (pcap_seg *)malloc(k->n[d] * sizeof *rec);
    if (v == NULL || rec == NULL) { free(v); free(rec); return -1; }
    /* Trim octets before the first data octet (keep-alive probes); record the rest. */
    for (i = 0; i < k->n[d]; i++) {
        pcap__seg sg = k->s[d][i];
        long long r = pcap__rel(sg.seq, st->isn);
        if (r < 0) {
            if ((unsigned long long)-r >= sg.len) continue;
            sg.p += (size_t)-r;
            sg.len -= (size_t)-r;
            sg.want -= (size_t)-r;
            sg.seq += (uint32_t)-r;
            r = 0;
        }
        rec[n].off = (size_t)r;
        rec[n].len = sg.len;
        rec[n].frame = sg.frame;
        if ((size_t)r + sg.want > end) end = (size_t)r + sg.want;
        v[n++] = sg;
    }
    /* Stable insertion sort by offset: equal offsets keep capture order (first copy wins). */
    for (i = 1; i < n; i++) {
        pcap__seg t = v[i];
        size_t to = (size_t)pcap__rel(t.seq, st->isn);
        for (j = i; j > 0 && (size_t)pcap__rel(v[j - 1].seq, st->isn) > to; j--) v[j] = v[j - 1];
        v[j] = t;
    }
    st->data = end ? (uint8_t *)malloc(end) : NULL;
    if (end && st->data == NULL) { free(v); free(rec); return -1; }
    for (i = 0; i < n; i++) {
        size_t off = (size_t)pcap__rel(v[i].seq, st->isn);
        if (off > cur) { st->gap = 1; break; }
        if (off + v[i].len > cur) {
            memcpy(st->data + cur, v[i].p + (cur - off), off + v[i].len - cur);
            cur = off + v[i].len;
        }
    }
    if (cur < end) st->gap = 1;
    st->len = cur;
    if (cur == 0) { free(st->data); st->data = NULL; }
    free(v);
    if (n == 0) { free(rec); rec = NULL; }
    st->segs = rec;
    st->nsegs = n;
    return 0;
}

/* Finds the IPv4 packet in a record; returns its start or NULL (not IPv4 / unsupported). */
static const uint8_t *pcap__ipv4(uint32_t lt, const uint8_t *p, size_t n, size_t *ipn)
{
    size_t h = 0;
    uint16_t et;
    switch (lt) {
    case 0:     /* NULL: 4-octet address family in the writer's byte order */
    case 108:   /* OpenBSD LOOP: network order */
        if (n < 4) return NULL;
        if (!(pcap__be32(p) == 2 || (p[0] == 2 && p[1] == 0 && p[2] == 0 && p[3] == 0)))
            return NULL;
        h = 4;
        break;
    case 1:     /* Ethernet, possibly VLAN-tagged */
        h = 12;
        for (;;) {
            if (n < h + 2) return NULL;
            et = pcap__be16(p + h);
            if (et == 0x8100 || et == 0x88a8 || et == 0x9100) { h += 4; continue; }
            if (et != 0x0800) return NULL;
            h += 2;
            break;
        }
        break;
    case 12: case 14: case 101: case 228:   /* raw IP */
        h = 0;
        break;
    case 113:   /* Linux cooked v1: protocol at 14 */
        if (n < 16 || pcap__be16(p + 14) != 0x0800) return NULL;
        h = 16;
        break;
    case 276:   /* Linux cooked v2: protocol at 0 */
        if (n < 20 || pcap__be16(p) != 0x0800) return NULL;
        h = 20;
        break;
    default:
        return NULL;
    }
    if (n < h + 20 || (p[h] >> 4) != 4) return NULL;
    *ipn = n - h;
    return p + h;
}

static void pcap__free_k(pcap__conn *k)
{
    int d;
    for (d = 0; d < 2; d++) {
        free(k->s[d]);
        free(k->c.dir[d].data);
        free(k->c.dir[d].segs);
    }
}

PCAP__FN int pcap_parse_conns(const uint8_t *buf, size_t len, pcap_conn *out, int cap,
                            pcap_info *info)
{
    pcap_info inf;
    pcap__conn *ks = NULL;
    size_t nk = 0, capk = 0, pos = 24, i;
    uint32_t magic;
    int ret = -1, d;
    memset(&inf, 0, sizeof inf);
    if (cap < 0 || (cap > 0 && out == NULL) || buf == NULL || len < 24) return -1;
    magic = pcap__u32(buf, 0);
    if (magic == 0xa1b2c3d4u || magic == 0xa1b23c4du) inf.swapped = 0;
    else if (magic == 0xd4c3b2a1u || magic == 0x4d3cb2a1u) inf.swapped = 1;
    else return -1;                                       /* includes pcapng 0x0a0d0d0a */
    inf.nanosec = magic == 0xa1b23c4du || magic == 0x4d3cb2a1u;
    if ((inf.swapped ? pcap__be16(buf + 4) : (uint16_t)(buf[4] | buf[5] << 8)) != 2)
        return -1;                                        /* major version 2 */
    inf.linktype = pcap__u32(buf + 20, inf.swapped) & 0xffffu;
    switch (inf.linktype) {
    case 0: case 1: case 12: case 14: case 101: case 108: case 113: case 228: case 276: break;
    default: return -1;
    }
    while (pos < len) {
        const uint8_t *rp, *ip, *tp;
        size_t incl, ipn, ihl, iplen, thl, plen, avail;
        uint32_t sip, dip, seq;
        uint16_t sp, dpt, frag;
        uint8_t fl;
        pcap__conn *k = NULL;
        if (len - pos < 16) goto out;                     /* truncated record header */
        incl = pcap__u32(buf + pos + 8, inf.swapped);
        if (len - pos - 16 < incl) goto out;              /* truncated record */
        rp = buf + pos + 16;
        pos += 16 + incl;
        inf.frames++;
        ip = pcap__ipv4(inf.linktype, rp, incl, &ipn);
        if (ip == NULL) continue;
        ihl = (size_t)(ip[0] & 15u) * 4;
        iplen = pcap__be16(ip + 2);
        if (iplen == 0) iplen = ipn;                      /* TSO captures leave it 0 */
        frag = pcap__be16(ip + 6);
        if (ip[9] != 6 || ihl < 20 || iplen < ihl || (frag & 0x3fffu) != 0) continue;
        if (ipn < ihl + 20) continue;                     /* TCP header not captured */
        tp = ip + ihl;
        thl = (size_t)(tp[12] >> 4) * 4;
        if (thl < 20 || iplen < ihl + thl || ipn < ihl + thl) continue;
        inf.tcp_frames++;
        plen = iplen - ihl - thl;
        avail = ipn - ihl - thl;                          /* Ethernet padding makes it larger */
        sip = pcap__be32(ip + 12);
        dip = pcap__be32(ip + 16);
        sp = pcap__be16(tp);
        dpt = pcap__be16(tp + 2);
        seq = pcap__be32(tp + 4);
        fl = tp[13];
        d = 0;
        /* newest connection on this 4-tuple, either way round */
        for (i = nk; i-- > 0;) {
            pcap_conn *c = &ks[i].c;
            if (c->cli_ip == sip && c->cli_port == sp && c->srv_ip == dip && c->srv_port == dpt) {
                k = &ks[i]; d = 0; break;
            }
            if (c->cli_ip == dip && c->cli_port == dpt && c->srv_ip == sip && c->srv_port == sp) {
                k = &ks[i]; d = 1; break;
            }
        }
        if ((fl & 0x12u) == 0x02u) {                      /* SYN without ACK */
            if (k != NULL && d == 0 && k->c.dir[0].isn == seq && !k->closed) {
                /* SYN retransmission: same connection */
            } else {
                if (nk == capk) {
                    size_t nc = capk ? 2 * capk : 8;
                    pcap__conn *nks = (pcap__conn *)realloc(ks, nc * sizeof *nks);
                    if (nks == NULL) goto out;
                    ks = nks;
                    capk = nc;
                }
                k = &ks[nk++];
                memset(k, 0, sizeof *k);
                k->c.cli_ip = sip; k->c.srv_ip = dip;
                k->c.cli_port = sp; k->c.srv_port = dpt;
                k->c.syn_frame = inf.frames;
                k->c.dir[0].isn = seq;
                k->c.dir[0].have_isn = 1;
                d = 0;
            }
        }
        if (k == NULL) continue;
        if ((fl & 0x12u) == 0x12u && d == 1 && !k->c.dir[1].have_isn) {
            k->c.dir[1].isn = seq;
            k->c.dir[1].have_isn = 1;
        }
        if (fl & 0x01u) { k->c.dir[d].fin = 1; k->closed = 1; }
        if (fl & 0x04u) k->closed = 1;
        if (plen > 0) {
            pcap__seg sg;
            sg.seq = seq + ((fl & 0x02u) ? 1u : 0u);      /* data after a SYN starts at ISN+1 */
            sg.p = tp + thl;
            sg.len = plen <= avail ? plen : avail;
            sg.want = plen;
            sg.frame = inf.frames;
            if (sg.len == 0) k->c.dir[d].gap = 1;         /* nothing of it captured */
            else if (pcap__push(k, d, &sg) != 0) goto out;
        }
    }
    for (i = 0; i < nk; i++)
        for (d = 0; d < 2; d++)
            if (pcap__build(&ks[i], d) != 0) goto out;
    for (i = 0; i < nk; i++) {
        free(ks[i].s[0]); free(ks[i].s[1]);
        ks[i].s[0] = ks[i].s[1] = NULL;
        if (i < (size_t)cap) out[i] = ks[i].c;
        else pcap__free_k(&ks[i]);
    }
    ret = (int)nk;
    nk = 0;
    if (info != NULL) *info = inf;
out:
    for (i = 0; i < nk; i++) pcap__free_k(&ks[i]);
    free(ks);
    return ret;
}

PCAP__FN uint8_t *pcap_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *b = NULL, *nb;
    size_t n = 0, capb = 0, got;
    if (f == NULL) return NULL;
    for (;;) {
        if (capb - n < 4096) {
            capb = capb ? 2 * capb : 65536;
            nb = (uint8_t *)realloc(b, capb);
            if (nb == NULL) { free(b); fclose(f); return NULL; }
            b = nb;
        }
        got = fread(b + n, 1, capb - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) { free(b); fclose(f); return NULL; }
    fclose(f);
    *len = n;
    return b;
}

PCAP__FN int pcap_read_conns(const char *path, pcap_conn *out, int cap)
{
    size_t n;
    int r;
    uint8_t *b = pcap_read_file(path, &n);
    if (b == NULL) return -1;
    r = pcap_parse_conns(b, n, out, cap, NULL);
    free(b);
    return r;
}

PCAP__FN void pcap_free_conns(pcap_conn *c, int n)
{
    int i, d;
    for (i = 0; i < n; i++)
        for (d = 0; d < 2; d++) {
            free(c[i].dir[d].data);
            free(c[i].dir[d].segs);
            c[i].dir[d].data = NULL;
            c[i].dir[d].segs = NULL;
            c[i].dir[d].len = c[i].dir[d].nsegs = 0;
        }
}
#endif
