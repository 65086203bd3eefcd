/* SPDX-License-Identifier: MIT */
/* examples/posix/iw_pcap_read.h: reader of pcap and pcapng files with TCP stream reassembly (hosted
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
 * SLL2 (276); pcapng (Section Header, Interface Description, Enhanced, Simple and the obsolete
 * Packet blocks; either byte order; a link type per interface; other blocks skipped). Not
 * accepted: IPv6 (its packets are skipped), IP fragments (skipped).
 * A connection is known from its SYN (without ACK); segments of a connection whose SYN is not in
 * the capture are counted (pcap_info.nosyn_conns, .nosyn_frames) and, with PCAP_KEEP_NOSYN
 * (pcap_parse_all), kept as connections with nosyn = 1: dir 0 is the side of the first data
 * segment seen, each direction's offsets count from its first octet seen. A new SYN on a
 * finished 4-tuple starts a new connection.
 * A file whose last record is cut off (a capture stopped by a signal): pcap_parse_conns refuses
 * it (-1); pcap_parse_all with PCAP_KEEP_CUT keeps every complete record before the cut and
 * reports the cut in pcap_info (cut, cut_frame, cut_have, cut_want).
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
    pcap_seg *pieces;      /* malloc: which frame supplied each part of data, by offset */
    size_t npieces;        /* (pieces[i] covers [off, off + len); sorted, disjoint) */
} pcap_stream;

typedef struct pcap_conn {
    uint32_t cli_ip, srv_ip;      /* host order: 10.0.2.15 is 0x0a00020f */
    uint16_t cli_port, srv_port;
    unsigned long syn_frame;      /* record number of the SYN (nosyn: of the first segment) */
    int nosyn;                    /* 1: its SYN is not in the capture (PCAP_KEEP_NOSYN) */
    pcap_stream dir[2];           /* 0: client->server (the SYN's sender), 1: server->client */
} pcap_conn;

typedef struct pcap_info {
    uint32_t linktype;
    int swapped;                  /* 1: file header big-endian (or other-endian to us) */
    int nanosec;                  /* 1: nanosecond magic */
    unsigned long frames;         /* records read */
    unsigned long tcp_frames;     /* IPv4 TCP records */
    int pcapng;                   /* 1: the file is pcapng */
    int cut;                      /* 1: the last record is cut off (PCAP_KEEP_CUT) */
    unsigned long cut_frame;      /* its record number */
    size_t cut_have, cut_want;    /* octets of it in the file, octets it should have */
    unsigned long nosyn_conns;    /* TCP 4-tuples carrying data whose SYN is not in the file */
    unsigned long nosyn_frames;   /* their frames with payload */
    unsigned long nosyn_first;    /* the first of those frames */
    const char *err;              /* why the file was refused (-1) */
} pcap_info;

#define PCAP_KEEP_CUT 1           /* pcap_parse_all: keep what precedes a cut-off record */
#define PCAP_KEEP_NOSYN 2         /* pcap_parse_all: keep connections whose SYN is missing */

/* Parses a pcap image. Returns the number of TCP connections found (in the order of their SYN),
 * of which the first min(n, cap) are stored in out (the rest are freed); -1 on a malformed or
 * unsupported file. info may be NULL. Reads pcapng too; refuses a cut-off last record. */
PCAP__FN int pcap_parse_conns(const uint8_t *buf, size_t len, pcap_conn *out, int cap,
                            pcap_info *info);
/* Parses a pcap or pcapng image and stores every TCP connection in *out (malloc'd array, free
 * with pcap_free_conns then free); flags: PCAP_KEEP_CUT, PCAP_KEEP_NOSYN. Returns the count or -1 (info->err). */
PCAP__FN int pcap_parse_all(const uint8_t *buf, size_t len, unsigned flags, pcap_conn **out,
                            pcap_info *info);
/* The frame that supplied octet off of a stream (0 when none): binary search of s->pieces. */
PCAP__FN unsigned long pcap_frame_at(const pcap_stream *s, size_t off);
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

/* Sort key of a raw segment: its stream offset, then capture order (first copy wins). */
typedef struct pcap__ord {
    long long off;
    size_t idx;
} pcap__ord;
static int pcap__ord_cmp(const void *a, const void *b)
{
    const pcap__ord *x = (const pcap__ord *)a, *y = (const pcap__ord *)b;
    if (x->off != y->off) return x->off < y->off ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Builds dir[d]'s stream, segment list and piece index from the raw segments
 * (O(n log n) in the segments). */
static int pcap__build(pcap__conn *k, int d)
{
    pcap_stream *st = &k->c.dir[d];
    size_t i, n = 0, end = 0, cur = 0;
    pcap__seg *v;
    pcap__ord *o;
    pcap_seg *rec, *pc;
    if (k->n[d] == 0) return 0;
    if (!st->have_isn) { st->gap = 1; return 0; }
    v = (pcap__seg *)malloc(k->n[d] * sizeof *v);
    rec = (pcap_seg *)malloc(k->n[d] * sizeof *rec);
    o = (pcap__ord *)malloc(k->n[d] * sizeof *o);
    pc = (pcap_seg *)malloc(k->n[d] * sizeof *pc);
    if (v == NULL || rec == NULL || o == NULL || pc == NULL) {
        free(v); free(rec); free(o); free(pc);
        return -1;
    }
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
        o[n].off = r;
        o[n].idx = n;
        v[n++] = sg;
    }
    qsort(o, n, sizeof *o, pcap__ord_cmp);
    st->data = end ? (uint8_t *)malloc(end) : NULL;
    if (end && st->data == NULL) { free(v); free(rec); free(o); free(pc); return -1; }
    st->npieces = 0;
    for (i = 0; i < n; i++) {
        const pcap__seg *sg = &v[o[i].idx];
        size_t off = (size_t)o[i].off;
        if (off > cur) { st->gap = 1; break; }
        if (off + sg->len > cur) {
            memcpy(st->data + cur, sg->p + (cur - off), off + sg->len - cur);
            pc[st->npieces].off = cur;
            pc[st->npieces].len = off + sg->len - cur;
            pc[st->npieces].frame = sg->frame;
            st->npieces++;
            cur = off + sg->len;
        }
    }
    if (cur < end) st->gap = 1;
    st->len = cur;
    if (cur == 0) { free(st->data); st->data = NULL; }
    free(v);
    free(o);
    if (n == 0) { free(rec); rec = NULL; }
    if (st->npieces == 0) { free(pc); pc = NULL; }
    st->segs = rec;
    st->nsegs = n;
    st->pieces = pc;
    return 0;
}

PCAP__FN unsigned long pcap_frame_at(const pcap_stream *s, size_t off)
{
    size_t lo = 0, hi = s->npieces;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (off < s->pieces[mid].off) hi = mid;
        else if (off >= s->pieces[mid].off + s->pieces[mid].len) lo = mid + 1;
        else return s->pieces[mid].frame;
    }
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

static int pcap__lt_ok(uint32_t lt)
{
    switch (lt) {
    case 0: case 1: case 12: case 14: case 101: case 108: case 113: case 228: case 276: return 1;
    default: return 0;
    }
}

static void pcap__free_k(pcap__conn *k)
{
    int d;
    for (d = 0; d < 2; d++) {
        free(k->s[d]);
        free(k->c.dir[d].data);
        free(k->c.dir[d].segs);
        free(k->c.dir[d].pieces);
    }
}

/* The parser's state: the connections so far, the 4-tuples seen without their SYN. */
typedef struct pcap__st {
    pcap__conn *ks;
    size_t nk, capk;
    uint32_t (*orph)[3];   /* ip a, ip b, ports: a 4-tuple in a canonical order */
    size_t norph, caporph;
    pcap_info inf;
    unsigned flags;
} pcap__st;

/* One captured packet (its record number is inf.frames, already counted): TCP over IPv4 goes
 * to its connection. Returns -1 when out of memory. */
static int pcap__packet(pcap__st *S, uint32_t lt, const uint8_t *rp, size_t incl)
{
    const uint8_t *ip, *tp;
    size_t ipn, ihl, iplen, thl, plen, avail, i;
    uint32_t sip, dip, seq;
    uint16_t sp, dpt, frag;
    uint8_t fl;
    int d = 0;
    pcap__conn *k = NULL;
    ip = pcap__ipv4(lt, rp, incl, &ipn);
    if (ip == NULL) return 0;
    ihl = (size_t)(ip[0] & 15u) * 4;
    iplen = pcap__be16(ip + 2);
    if (iplen == 0) iplen = ipn;                      /* TSO captures leave it 0 */
    frag = pcap__be16(ip + 6);
    if (ip[9] != 6 || ihl < 20 || iplen < ihl || (frag & 0x3fffu) != 0) return 0;
    if (ipn < ihl + 20) return 0;                     /* TCP header not captured */
    tp = ip + ihl;
    thl = (size_t)(tp[12] >> 4) * 4;
    if (thl < 20 || iplen < ihl + thl || ipn < ihl + thl) return 0;
    S->inf.tcp_frames++;
    plen = iplen - ihl - thl;
    avail = ipn - ihl - thl;                          /* Ethernet padding makes it larger */
    sip = pcap__be32(ip + 12);
    dip = pcap__be32(ip + 16);
    sp = pcap__be16(tp);
    dpt = pcap__be16(tp + 2);
    seq = pcap__be32(tp + 4);
    fl = tp[13];
    /* newest connection on this 4-tuple, either way round */
    for (i = S->nk; i-- > 0;) {
        pcap_conn *c = &S->ks[i].c;
        if (c->cli_ip == sip && c->cli_port == sp && c->srv_ip == dip && c->srv_port == dpt) {
            k = &S->ks[i]; d = 0; break;
        }
        if (c->cli_ip == dip && c->cli_port == dpt && c->srv_ip == sip && c->srv_port == sp) {
            k = &S->ks[i]; d = 1; break;
        }
    }
    if (k == NULL && plen > 0 && (S->flags & PCAP_KEEP_NOSYN) && (fl & 0x02u) == 0) {
        /* data of a connection whose SYN is not here: a connection from this segment on */
        if (S->nk == S->capk) {
            size_t nc = S->capk ? 2 * S->capk : 8;
            pcap__conn *nks = (pcap__conn *)realloc(S->ks, nc * sizeof *nks);
            if (nks == NULL) return -1;
            S->ks = nks;
            S->capk = nc;
        }
        k = &S->ks[S->nk++];
        memset(k, 0, sizeof *k);
        k->c.cli_ip = sip; k->c.srv_ip = dip;
        k->c.cli_port = sp; k->c.srv_port = dpt;
        k->c.syn_frame = S->inf.frames;
        k->c.nosyn = 1;
        d = 0;
        S->inf.nosyn_conns++;
    }
    if (k != NULL && k->c.nosyn && plen > 0 && !k->c.dir[d].have_isn) {
        k->c.dir[d].isn = seq - 1u;                   /* offsets from the first octet seen */
        k->c.dir[d].have_isn = 1;
    }
    if (k != NULL && k->c.nosyn && plen > 0) {
        if (S->inf.nosyn_frames++ == 0) S->inf.nosyn_first = S->inf.frames;
    }
    if ((fl & 0x12u) == 0x02u) {                      /* SYN without ACK */
        if (k != NULL && d == 0 && k->c.dir[0].isn == seq && !k->closed) {
            /* SYN retransmission: same connection */
        } else {
            if (S->nk == S->capk) {
                size_t nc = S->capk ? 2 * S->capk : 8;
                pcap__conn *nks = (pcap__conn *)realloc(S->ks, nc * sizeof *nks);
                if (nks == NULL) return -1;
                S->ks = nks;
                S->capk = nc;
            }
            k = &S->ks[S->nk++];
            memset(k, 0, sizeof *k);
            k->c.cli_ip = sip; k->c.srv_ip = dip;
            k->c.cli_port = sp; k->c.srv_port = dpt;
            k->c.syn_frame = S->inf.frames;
            k->c.dir[0].isn = seq;
            k->c.dir[0].have_isn = 1;
            d = 0;
        }
    }
    if (k == NULL) {                                  /* its SYN is not in the capture */
        uint32_t t0 = sip < dip || (sip == dip && sp < dpt) ? sip : dip;
        uint32_t t1 = t0 == sip && (sip != dip || sp < dpt) ? dip : sip;
        uint32_t t2 = t0 == sip && (sip != dip || sp < dpt) ? (uint32_t)sp << 16 | dpt
                                                            : (uint32_t)dpt << 16 | sp;
        if (plen == 0) return 0;
        if (S->inf.nosyn_frames++ == 0) S->inf.nosyn_first = S->inf.frames;
        for (i = S->norph; i-- > 0;)
            if (S->orph[i][0] == t0 && S->orph[i][1] == t1 && S->orph[i][2] == t2) return 0;
        if (S->norph == S->caporph) {
            size_t nc = S->caporph ? 2 * S->caporph : 8;
            uint32_t (*no)[3] = (uint32_t (*)[3])realloc(S->orph, nc * sizeof *no);
            if (no == NULL) return -1;
            S->orph = no;
            S->caporph = nc;
        }
        S->orph[S->norph][0] = t0;
        S->orph[S->norph][1] = t1;
        S->orph[S->norph][2] = t2;
        S->norph++;
        S->inf.nosyn_conns++;
        return 0;
    }
    if ((fl & 0x12u) == 0x12u && d == 1 && !k->c.dir[1].have_isn && !k->c.nosyn) {
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
        sg.frame = S->inf.frames;
        if (sg.len == 0) k->c.dir[d].gap = 1;         /* nothing of it captured */
        else if (pcap__push(k, d, &sg) != 0) return -1;
    }
    return 0;
}

/* Classic pcap records from pos. 0, or -1 (inf.err). */
static int pcap__walk_pcap(pcap__st *S, const uint8_t *buf, size_t len, unsigned flags)
{
    size_t pos = 24;
    uint32_t magic = pcap__u32(buf, 0);
    int sw;
    if (magic == 0xa1b2c3d4u || magic == 0xa1b23c4du) sw = 0;
    else sw = 1;
    S->inf.swapped = sw;
    S->inf.nanosec = magic == 0xa1b23c4du || magic == 0x4d3cb2a1u;
    if ((sw ? pcap__be16(buf + 4) : (uint16_t)(buf[4] | buf[5] << 8)) != 2) {
        S->inf.err = "pcap major version is not 2";
        return -1;
    }
    S->inf.linktype = pcap__u32(buf + 20, sw) & 0xffffu;
    if (!pcap__lt_ok(S->inf.linktype)) {
        S->inf.err = "unsupported link type";
        return -1;
    }
    while (pos < len) {
        size_t incl;
        if (len - pos < 16) {                         /* cut record header */
            S->inf.cut = 1;
            S->inf.cut_frame = S->inf.frames + 1;
            S->inf.cut_have = len - pos;
            S->inf.cut_want = 16;
            break;
        }
        incl = pcap__u32(buf + pos + 8, sw);
        if (len - pos - 16 < incl) {                  /* cut record */
            S->inf.cut = 1;
            S->inf.cut_frame = S->inf.frames + 1;
            S->inf.cut_have = len - pos;
            S->inf.cut_want = 16 + incl;
            break;
        }
        S->inf.frames++;
        if (pcap__packet(S, S->inf.linktype, buf + pos + 16, incl) != 0) {
            S->inf.err = "out of memory";
            return -1;
        }
        pos += 16 + incl;
    }
    if (S->inf.cut && !(flags & PCAP_KEEP_CUT)) {
        S->inf.err = "the last record is cut off";
        return -1;
    }
    return 0;
}

/* pcapng blocks (IETF draft-ietf-opsawg-pcapng): Section Header
 * (0x0A0D0D0A: byte-order magic 0x1A2B3C4D, version 1.x), Interface Description (1: link type,
 * snap length), Enhanced Packet (6), Simple Packet (3), obsolete Packet (2); others skipped. */
static int pcap__walk_pcapng(pcap__st *S, const uint8_t *buf, size_t len, unsigned flags)
{
    size_t pos = 0, nif = 0, capif = 0;
    uint32_t *lts = NULL, *snaps = NULL;
    int sw = 0, ret = 0;
    S->inf.pcapng = 1;
    while (pos < len) {
        uint32_t type, blen;
        const uint8_t *b = buf + pos;
        if (len - pos < 12) goto cut;
        type = pcap__u32(b, sw);
        if (type == 0x0A0D0D0Au) {                    /* a section: its own byte order */
            if (len - pos < 28) goto cut;
            if (pcap__u32(b + 8, 0) == 0x1A2B3C4Du) sw = 0;
            else if (pcap__u32(b + 8, 1) == 0x1A2B3C4Du) sw = 1;
            else { S->inf.err = "pcapng: bad byte-order magic"; ret = -1; break; }
            if ((sw ? pcap__be16(b + 12) : (uint16_t)(b[12] | b[13] << 8)) != 1) {
                S->inf.err = "pcapng major version is not 1"; ret = -1; break;
            }
            S->inf.swapped = sw;
            nif = 0;                                  /* interfaces are per section */
        } else if (pos == 0) {
            S->inf.err = "pcapng: no Section Header Block first"; ret = -1; break;
        }
        blen = pcap__u32(b + 4, sw);
        if (blen < 12 || (blen & 3u) != 0) { S->inf.err = "pcapng: bad block length"; ret = -1; break; }
        if (len - pos < blen) goto cut;
        if (type == 1) {                              /* Interface Description */
            if (blen < 20) { S->inf.err = "pcapng: short Interface Description"; ret = -1; break; }
            if (nif == capif) {
                size_t nc = capif ? 2 * capif : 4;
                uint32_t *nl = (uint32_t *)realloc(lts, nc * sizeof *nl);
                uint32_t *ns;
                if (nl == NULL) { S->inf.err = "out of memory"; ret = -1; break; }
                lts = nl;
                ns = (uint32_t *)realloc(snaps, nc * sizeof *ns);
                if (ns == NULL) { S->inf.err = "out of memory"; ret = -1; break; }
                snaps = ns;
                capif = nc;
            }
            lts[nif] = (uint32_t)(sw ? pcap__be16(b + 8) : (uint16_t)(b[8] | b[9] << 8));
            snaps[nif] = pcap__u32(b + 12, sw);
            if (nif == 0) S->inf.linktype = lts[0];
            nif++;
        } else if (type == 6 || type == 2 || type == 3) { /* a packet */
            uint32_t ifc, incl;
            size_t hdr = type == 3 ? 12 : 28;
            if (blen < hdr + 4) { S->inf.err = "pcapng: short packet block"; ret = -1; break; }
            if (type == 6) ifc = pcap__u32(b + 8, sw);
            else if (type == 2) ifc = (uint32_t)(sw ? pcap__be16(b + 8) : (uint16_t)(b[8] | b[9] << 8));
            else ifc = 0;
            if (type == 3) {
                incl = pcap__u32(b + 8, sw);          /* original length, cut to the block */
                if (ifc < nif && snaps[ifc] && incl > snaps[ifc]) incl = snaps[ifc];
                if (incl > blen - hdr - 4) incl = (uint32_t)(blen - hdr - 4);
            } else {
                incl = pcap__u32(b + 20, sw);
                if (incl > blen - hdr - 4) { S->inf.err = "pcapng: packet longer than its block"; ret = -1; break; }
            }
            if (ifc >= nif) { S->inf.err = "pcapng: packet of an undescribed interface"; ret = -1; break; }
            S->inf.frames++;
            if (pcap__lt_ok(lts[ifc]) && pcap__packet(S, lts[ifc], b + hdr, incl) != 0) {
                S->inf.err = "out of memory"; ret = -1; break;
            }
        }
        pos += blen;
        continue;
    cut:
        S->inf.cut = 1;
        S->inf.cut_frame = S->inf.frames + 1;
        S->inf.cut_have = len - pos;
        S->inf.cut_want = len - pos >= 8 ? pcap__u32(b + 4, sw) : 12;
        break;
    }
    free(lts);
    free(snaps);
    if (ret == 0 && nif == 0 && S->inf.frames == 0 && !S->inf.cut) S->inf.linktype = 0;
    if (ret == 0 && S->inf.cut && !(flags & PCAP_KEEP_CUT)) {
        S->inf.err = "the last block is cut off";
        ret = -1;
    }
    return ret;
}

/* Parses buf; on success the connections are S->ks[0..nk) (built). */
static int pcap__parse(pcap__st *S, const uint8_t *buf, size_t len, unsigned flags)
{
    uint32_t magic;
    size_t i;
    int d;
    memset(S, 0, sizeof *S);
    S->flags = flags;
    if (buf == NULL || len < 24) {
        S->inf.err = "too short for a pcap or pcapng file";
        return -1;
    }
    magic = pcap__u32(buf, 0);
    if (magic == 0x0A0D0D0Au) {
        if (pcap__walk_pcapng(S, buf, len, flags) != 0) return -1;
    } else if (magic == 0xa1b2c3d4u || magic == 0xa1b23c4du || magic == 0xd4c3b2a1u ||
               magic == 0x4d3cb2a1u) {
        if (pcap__walk_pcap(S, buf, len, flags) != 0) return -1;
    } else {
        S->inf.err = "not a pcap or pcapng file";
        return -1;
    }
    for (i = 0; i < S->nk; i++)
        for (d = 0; d < 2; d++)
            if (pcap__build(&S->ks[i], d) != 0) {
                S->inf.err = "out of memory";
                return -1;
            }
    for (i = 0; i < S->nk; i++) {
        free(S->ks[i].s[0]); free(S->ks[i].s[1]);
        S->ks[i].s[0] = S->ks[i].s[1] = NULL;
    }
    return 0;
}
static void pcap__st_free(pcap__st *S)
{
    size_t i;
    for (i = 0; i < S->nk; i++) pcap__free_k(&S->ks[i]);
    free(S->ks);
    free(S->orph);
}

PCAP__FN int pcap_parse_conns(const uint8_t *buf, size_t len, pcap_conn *out, int cap,
                            pcap_info *info)
{
    pcap__st S;
    size_t i;
    int ret;
    if (cap < 0 || (cap > 0 && out == NULL)) return -1;
    if (pcap__parse(&S, buf, len, 0) != 0) {
        if (info != NULL) *info = S.inf;
        pcap__st_free(&S);
        return -1;
    }
    for (i = 0; i < S.nk; i++) {
        if (i < (size_t)cap) out[i] = S.ks[i].c;
        else pcap__free_k(&S.ks[i]);
    }
    ret = (int)S.nk;
    if (info != NULL) *info = S.inf;
    S.nk = 0;
    pcap__st_free(&S);
    return ret;
}

PCAP__FN int pcap_parse_all(const uint8_t *buf, size_t len, unsigned flags, pcap_conn **out,
                            pcap_info *info)
{
    pcap__st S;
    size_t i;
    int ret;
    *out = NULL;
    if (pcap__parse(&S, buf, len, flags) != 0) {
        if (info != NULL) *info = S.inf;
        pcap__st_free(&S);
        return -1;
    }
    *out = (pcap_conn *)malloc((S.nk ? S.nk : 1) * sizeof **out);
    if (*out == NULL) {
        S.inf.err = "out of memory";
        if (info != NULL) *info = S.inf;
        pcap__st_free(&S);
        return -1;
    }
    for (i = 0; i < S.nk; i++) (*out)[i] = S.ks[i].c;
    ret = (int)S.nk;
    if (info != NULL) *info = S.inf;
    S.nk = 0;
    pcap__st_free(&S);
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
            free(c[i].dir[d].pieces);
            c[i].dir[d].data = NULL;
            c[i].dir[d].segs = NULL;
            c[i].dir[d].pieces = NULL;
            c[i].dir[d].len = c[i].dir[d].nsegs = c[i].dir[d].npieces = 0;
        }
}
#endif
