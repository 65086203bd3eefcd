/* SPDX-License-Identifier: MIT */
/* tests/test_pcap.c: tests of the test harness itself: tests/pcap.h (pcap reader and TCP
 * reassembly) against the captures in tests/vectors and against tshark's numbers in the .expect
 * files (tests/expect.h), plus pcap files built here in memory for the link types, byte orders
 * and TCP cases the captures lack. */
#include "check.h"
#include "pcap.h"
#include "expect.h"

#define MAXE 1024

typedef struct capture {
    const char *name;
    int conns;          /* from tests/vectors/README.md */
    int fpdus;          /* FPDUs in all connections and directions, README */
    int good;           /* of which tshark reports "Good CRC32" */
    uint32_t linktype;
} capture;

static const capture captures[] = {
    { "siw_rping_crc", 1, 21, 21, 1 },
    { "siw_rping_p2p", 1, 22, 0, 1 },
    { "siw_ib_write_bw_crc", 2, 37, 37, 1 },
    { "siw_ib_send_bw_nocrc", 2, 29, 0, 1 },
    { "siw_ib_write_bw_p2p", 2, 39, 0, 1 },
    { "synth_multi_fpdu", 1, 11, 11, 113 },
};
#define NCAP (sizeof captures / sizeof captures[0])

static expect_item items[MAXE];

static int load(const capture *c, pcap_conn *conns, int cap, pcap_info *info, int *nitems)
{
    char path[256];
    size_t len;
    uint8_t *buf;
    int n;
    snprintf(path, sizeof path, "tests/vectors/%s.expect", c->name);
    *nitems = expect_load(path, items, MAXE);
    if (*nitems < 0 || *nitems > MAXE) return -1;
    snprintf(path, sizeof path, "tests/vectors/%s.pcap", c->name);
    buf = pcap_read_file(path, &len);
    if (buf == NULL) return -1;
    n = pcap_parse_conns(buf, len, conns, cap, info);
    free(buf);
    return n;
}

static size_t fpdu_len(unsigned l)
{
    return 2 + (size_t)l + ((4 - ((2 + l) & 3)) & 3) + 4;
}

/* Connections, tuples, keys, stream lengths and segment lists agree with tshark's. */
static void t_pcap_captures_match_tshark(void)
{
    size_t ci;
    for (ci = 0; ci < NCAP; ci++) {
        const capture *c = &captures[ci];
        pcap_conn conns[4];
        pcap_info info;
        int n, ne, k, d, i;
        n = load(c, conns, 4, &info, &ne);
        CHECK_EQ(n, c->conns);
        if (n != c->conns) { fprintf(stderr, "  capture %s\n", c->name); continue; }
        CHECK_EQ(info.linktype, c->linktype);
        CHECK_EQ(expect_count(items, ne, "tuple", -1, -1), c->conns);
        for (k = 0; k < n; k++) {
            const expect_item *t = expect_find(items, ne, "tuple", k, -1);
            REQUIRE(t != NULL);
            CHECK_EQ(conns[k].cli_ip, t->cli_ip);
            CHECK_EQ(conns[k].cli_port, t->cli_port);
            CHECK_EQ(conns[k].srv_ip, t->srv_ip);
            CHECK_EQ(conns[k].srv_port, t->srv_port);
            for (d = 0; d < 2; d++) {
                const pcap_stream *s = &conns[k].dir[d];
                const expect_item *b = expect_find(items, ne, "bytes", k, d);
                size_t si = 0;
                REQUIRE(b != NULL);
                CHECK(!s->gap);
                CHECK(s->have_isn);
                CHECK_EQ(s->len, b->len);
                CHECK(s->len >= 20);
                if (s->len >= 16)
                    CHECK_MEM(s->data, d == 0 ? "MPA ID Req Frame" : "MPA ID Rep Frame", 16);
                /* every segment tshark saw, in capture order, at the same offset */
                CHECK_EQ(s->nsegs, (size_t)expect_count(items, ne, "seg", k, d));
                for (i = 0; i < ne; i++) {
                    if (strcmp(items[i].kind, "seg") != 0 || items[i].conn != k
                        || items[i].dir != d)
                        continue;
                    if (si < s->nsegs) {
                        CHECK_EQ(s->segs[si].off, items[i].off);
                        CHECK_EQ(s->segs[si].len, items[i].len);
                        CHECK_EQ(s->segs[si].frame, items[i].frame);
                    }
                    si++;
                }
            }
        }
        pcap_free_conns(conns, n);
    }
}

/* tshark's items tile each reassembled stream exactly, and their fields are the stream's bytes
 * (so the C reassembly and tshark's agree octet for octet where it matters). */
static void t_pcap_expect_items_tile_streams(void)
{
    size_t ci;
    for (ci = 0; ci < NCAP; ci++) {
        const capture *c = &captures[ci];
        pcap_conn conns[4];
        pcap_info info;
        int n, ne, k, d, i;
        n = load(c, conns, 4, &info, &ne);
        REQUIRE(n == c->conns);
        for (k = 0; k < n; k++) {
            for (d = 0; d < 2; d++) {
                const pcap_stream *s = &conns[k].dir[d];
                const expect_item *cnt = expect_find(items, ne, "count", k, d);
                size_t next = 0, nf = 0, ng = 0;
                int seen_hdr = 0;
                REQUIRE(cnt != NULL);
                for (i = 0; i < ne; i++) {
                    const expect_item *e = &items[i];
                    if (e->conn != k || e->dir != d) continue;
                    if (strcmp(e->kind, "req") == 0 || strcmp(e->kind, "rep") == 0) {
                        CHECK_EQ(strcmp(e->kind, d == 0 ? "req" : "rep"), 0);
                        CHECK_EQ(e->off, 0);
                        CHECK(!seen_hdr);
                        seen_hdr = 1;
                        REQUIRE(s->len >= 20 + (size_t)e->pdlen);
                        CHECK_EQ(s->data[16], e->flags);
                        CHECK_EQ(s->data[17], e->rev);
                        CHECK_EQ((unsigned)s->data[18] << 8 | s->data[19], e->pdlen);
                        CHECK_MEM(s->data + 20, e->pd, e->pdlen);
                        next = 20 + e->pdlen;
                    } else if (strcmp(e->kind, "fpdu") == 0) {
                        size_t fl = fpdu_len(e->ulpdu_len);
                        CHECK(seen_hdr);
                        CHECK_EQ(e->off, next);
                        REQUIRE(e->off + fl <= s->len);
                        CHECK_EQ((unsigned)s->data[e->off] << 8 | s->data[e->off + 1],
                                 e->ulpdu_len);
                        CHECK_EQ(s->data[e->off + 2], e->ddp_ctrl);
                        CHECK_EQ(s->data[e->off + 3], e->rdmap_ctrl);
                        CHECK_MEM(s->data + e->off + fl - 4, e->crc, 4);
                        CHECK(!e->walked);
                        if (e->crc_status == EXPECT_CRC_NONE)
                            CHECK_MEM(e->crc, "\0\0\0\0", 4);
                        next = e->off + fl;
                        nf++;
                        ng += e->crc_good != 0;
                    }
                }
                CHECK(seen_hdr);
                CHECK_EQ(next, s->len);
                CHECK_EQ(nf, cnt->fpdus);
                CHECK_EQ(ng, cnt->good);
            }
        }
        pcap_free_conns(conns, n);
    }
}

/* The README's per-capture totals (FPDUs, CRC good) hold in the .expect files. */
static void t_pcap_expect_counts_match_readme(void)
{
    size_t ci;
    for (ci = 0; ci < NCAP; ci++) {
        const capture *c = &captures[ci];
        char path[256];
        size_t nf = 0, ng = 0;
        int ne, i, nnone = 0;
        snprintf(path, sizeof path, "tests/vectors/%s.expect", c->name);
        ne = expect_load(path, items, MAXE);
        REQUIRE(ne > 0 && ne <= MAXE);
        for (i = 0; i < ne; i++) {
            if (strcmp(items[i].kind, "count") == 0) { nf += items[i].fpdus; ng += items[i].good; }
            if (strcmp(items[i].kind, "fpdu") == 0 && items[i].crc_status == EXPECT_CRC_NONE)
                nnone++;
        }
        CHECK_EQ(nf, c->fpdus);
        CHECK_EQ(ng, c->good);
        CHECK_EQ(expect_count(items, ne, "fpdu", -1, -1), c->fpdus);
        /* CRC either good everywhere or not negotiated everywhere */
        CHECK_EQ((size_t)nnone + ng, nf);
    }
}

/* ---- pcap files built in memory ---- */

typedef struct wbuf { uint8_t b[1 << 16]; size_t n; int be; } wbuf;

static void put(wbuf *w, const void *p, size_t n)
{
    if (w->n + n > sizeof w->b) { fprintf(stderr, "wbuf full\n"); abort(); }
    memcpy(w->b + w->n, p, n);
    w->n += n;
}

static void put32(wbuf *w, uint32_t v)   /* in the file's byte order */
{
    uint8_t b[4];
    int i;
    for (i = 0; i < 4; i++)
        b[w->be ? 3 - i : i] = (uint8_t)(v >> (8 * i));
    put(w, b, 4);
}

static void file_hdr(wbuf *w, int be, int ns, uint32_t lt)
{
    w->n = 0;
    w->be = be;
    put32(w, ns ? 0xa1b23c4du : 0xa1b2c3d4u);
    put(w, be ? "\0\2\0\4" : "\2\0\4\0", 4);   /* version 2.4: two 16-bit fields */
    put32(w, 0);
    put32(w, 0);
    put32(w, 65535);
    put32(w, lt);
}

static void record(wbuf *w, const uint8_t *f, size_t n, size_t incl)
{
    put32(w, 1);
    put32(w, 2);
    put32(w, (uint32_t)incl);
    put32(w, (uint32_t)n);
    put(w, f, incl);
}

static void be16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void be32(uint8_t *p, uint32_t v) { be16(p, v >> 16); be16(p + 2, v & 0xffffu); }

enum { V_ALT = 1, V_TCPOPT = 2, V_IPOPT = 4, V_PAD = 8 };

/* One frame: link header for lt (V_ALT: second form, e.g. VLAN tag or other-endian family),
 * IPv4 (V_IPOPT: 4 octets of options), TCP (V_TCPOPT: 12 octets of options), data; V_PAD adds
 * 6 trailing octets after the IP packet (Ethernet padding). Returns the frame length. */
static size_t frame(uint8_t *f, uint32_t lt, int v, uint32_t sip, uint16_t sp, uint32_t dip,
                    uint16_t dp, uint32_t seq, uint8_t flags, const uint8_t *data, size_t dn)
{
    size_t h = 0, ihl = (v & V_IPOPT) ? 24 : 20, thl = (v & V_TCPOPT) ? 32 : 20, i;
    uint8_t *ip, *tp;
    switch (lt) {
    case 0:
        memcpy(f, (v & V_ALT) ? "\0\0\0\2" : "\2\0\0\0", 4);
        h = 4;
        break;
    case 1:
        memset(f, 0x11, 12);
        h = 12;
        if (v & V_ALT) { be16(f + h, 0x8100); be16(f + h + 2, 5); h += 4; }
        be16(f + h, 0x0800);
        h += 2;
        break;
    case 101:
        break;
    case 108:
        memcpy(f, "\0\0\0\2", 4);
        h = 4;
        break;
    case 113:
        memset(f, 0, 14);
        be16(f + 14, 0x0800);
        h = 16;
        break;
    case 276:
        memset(f, 0, 20);
        be16(f, 0x0800);
        h = 20;
        break;
    default:
        abort();
    }
    ip = f + h;
    memset(ip, 0, ihl);
    ip[0] = (uint8_t)(0x40 | ihl / 4);
    be16(ip + 2, (unsigned)(ihl + thl + dn));
    be16(ip + 6, 0x4000);
    ip[8] = 64;
    ip[9] = 6;
    be32(ip + 12, sip);
    be32(ip + 16, dip);
    tp = ip + ihl;
    memset(tp, 0, thl);
    be16(tp, sp);
    be16(tp + 2, dp);
    be32(tp + 4, seq);
    tp[12] = (uint8_t)(thl / 4 << 4);
    tp[13] = flags;
    for (i = 20; i < thl; i++) tp[i] = 1;   /* NOPs */
    if (dn > 0) memcpy(tp + thl, data, dn);
    h += ihl + thl + dn;
    if (v & V_PAD) { memset(f + h, 0xee, 6); h += 6; }
    return h;
}

#define SYN 0x02
#define FIN 0x01
#define ACK 0x10
#define PSH 0x08
#define RST 0x04
#define CIP 0xc0a80101u
#define SIP 0xc0a80102u

typedef struct conv {
    wbuf *w;
    uint32_t lt;
    int v;
    uint32_t isn[2];
    uint16_t port[2];
} conv;

/* Emits a segment of direction d whose first octet is at stream offset off. */
static void seg(conv *c, int d, size_t off, uint8_t flags, const uint8_t *data, size_t dn)
{
    uint8_t f[2048];
    uint32_t seq = c->isn[d] + 1u + (uint32_t)off;
    size_t n;
    if (flags & SYN) seq = c->isn[d];
    n = d == 0 ? frame(f, c->lt, c->v, CIP, c->port[0], SIP, c->port[1], seq, flags, data, dn)
               : frame(f, c->lt, c->v, SIP, c->port[1], CIP, c->port[0], seq, flags, data, dn);
    record(c->w, f, n, n);
}

static void handshake(conv *c)
{
    seg(c, 0, 0, SYN, NULL, 0);
    seg(c, 1, 0, SYN | ACK, NULL, 0);
    seg(c, 0, 0, ACK, NULL, 0);
}

static uint8_t ref[2][600];

static void init_ref(void)
{
    size_t i;
    memcpy(ref[0], "MPA ID Req Frame", 16);
    memcpy(ref[1], "MPA ID Rep Frame", 16);
    for (i = 16; i < sizeof ref[0]; i++) {
        ref[0][i] = (uint8_t)(i * 7 + 3);
        ref[1][i] = (uint8_t)(i * 13 + 5);
    }
}

static wbuf wb;

/* Every link type, both header byte orders, both magics, header options and padding. */
static void t_pcap_link_types_and_headers(void)
{
    static const uint32_t lts[] = { 0, 1, 101, 108, 113, 276 };
    size_t li;
    int be, ns, v;
    init_ref();
    for (li = 0; li < sizeof lts / sizeof lts[0]; li++)
        for (be = 0; be < 2; be++)
            for (ns = 0; ns < 2; ns++)
                for (v = 0; v < 16; v++) {
                    conv c;
                    pcap_conn pc[2];
                    pcap_info info;
                    int n;
                    c.w = &wb; c.lt = lts[li]; c.v = v;
                    c.isn[0] = 1000; c.isn[1] = 0x7ffffff0u;
                    c.port[0] = 40001; c.port[1] = 7174;
                    file_hdr(&wb, be, ns, lts[li]);
                    handshake(&c);
                    seg(&c, 0, 0, PSH | ACK, ref[0], 24);
                    seg(&c, 1, 0, PSH | ACK, ref[1], 30);
                    seg(&c, 0, 24, PSH | ACK, ref[0] + 24, 100);
                    seg(&c, 1, 30, PSH | ACK, ref[1] + 30, 1);
                    seg(&c, 0, 124, FIN | ACK, NULL, 0);
                    n = pcap_parse_conns(wb.b, wb.n, pc, 2, &info);
                    CHECK_EQ(n, 1);
                    if (n != 1) {
                        fprintf(stderr, "  lt %u be %d ns %d v %d\n", (unsigned)lts[li], be, ns, v);
                        continue;
                    }
                    CHECK_EQ(info.linktype, lts[li]);
                    CHECK_EQ(info.swapped, be);
                    CHECK_EQ(info.nanosec, ns);
                    CHECK_EQ(info.frames, 8);
                    CHECK_EQ(pc[0].cli_ip, CIP);
                    CHECK_EQ(pc[0].srv_ip, SIP);
                    CHECK_EQ(pc[0].cli_port, 40001);
                    CHECK_EQ(pc[0].srv_port, 7174);
                    CHECK_EQ(pc[0].syn_frame, 1);
                    CHECK_EQ(pc[0].dir[0].len, 124);
                    CHECK_EQ(pc[0].dir[1].len, 31);
                    if (pc[0].dir[0].len == 124) CHECK_MEM(pc[0].dir[0].data, ref[0], 124);
                    if (pc[0].dir[1].len == 31) CHECK_MEM(pc[0].dir[1].data, ref[1], 31);
                    CHECK(!pc[0].dir[0].gap && !pc[0].dir[1].gap);
                    CHECK(pc[0].dir[0].fin && !pc[0].dir[1].fin);
                    CHECK_EQ(pc[0].dir[0].nsegs, 2);
                    CHECK_EQ(pc[0].dir[1].nsegs, 2);
                    pcap_free_conns(pc, 1);
                }
}

/* Retransmissions, overlaps and out-of-order segments; sequence numbers that wrap. */
static void t_pcap_reassembly_order(void)
{
    conv c;
    pcap_conn pc[1];
    int n;
    init_ref();
    c.w = &wb; c.lt = 1; c.v = 0;
    c.isn[0] = 0xffffffc0u; c.isn[1] = 0xfffffffeu;   /* both wrap inside the data */
    c.port[0] = 1; c.port[1] = 2;
    file_hdr(&wb, 0, 0, 1);
    seg(&c, 0, 0, SYN, NULL, 0);
    seg(&c, 0, 0, SYN, NULL, 0);                      /* SYN retransmission */
    seg(&c, 1, 0, SYN | ACK, NULL, 0);
    seg(&c, 0, 100, ACK, ref[0] + 100, 50);           /* out of order */
    seg(&c, 0, 0, ACK, ref[0], 60);
    seg(&c, 0, 0, ACK, ref[0], 60);                   /* duplicate */
    seg(&c, 0, 40, ACK, ref[0] + 40, 70);             /* overlaps both neighbours */
    seg(&c, 0, 150, ACK, ref[0] + 150, 10);
    seg(&c, 1, 0, ACK, ref[1], 3);
    seg(&c, 1, 3, ACK, ref[1] + 3, 300);
    seg(&c, 1, 3, ACK, ref[1] + 3, 300);              /* retransmitted whole */
    n = pcap_parse_conns(wb.b, wb.n, pc, 1, NULL);
    REQUIRE(n == 1);
    CHECK_EQ(pc[0].dir[0].len, 160);
    CHECK_EQ(pc[0].dir[1].len, 303);
    CHECK(!pc[0].dir[0].gap && !pc[0].dir[1].gap);
    if (pc[0].dir[0].len == 160) CHECK_MEM(pc[0].dir[0].data, ref[0], 160);
    if (pc[0].dir[1].len == 303) CHECK_MEM(pc[0].dir[1].data, ref[1], 303);
    REQUIRE(pc[0].dir[0].nsegs == 5);
    CHECK_EQ(pc[0].dir[0].segs[0].off, 100);
    CHECK_EQ(pc[0].dir[0].segs[0].frame, 4);
    CHECK_EQ(pc[0].dir[0].segs[3].off, 40);
    CHECK_EQ(pc[0].dir[0].segs[3].len, 70);
    CHECK_EQ(pc[0].dir[1].nsegs, 3);
    pcap_free_conns(pc, 1);
}

/* Data on a SYN (TCP Fast Open) starts the stream; a keep-alive probe whose octet lies before
 * the first data octet adds nothing. */
static void t_pcap_syn_data_and_keepalive(void)
{
    conv c;
    pcap_conn pc[1];
    uint8_t f[2048];
    size_t n0;
    int n;
    init_ref();
    c.w = &wb; c.lt = 1; c.v = 0;
    c.isn[0] = 0xfffffff0u; c.isn[1] = 0xffffffffu;
    c.port[0] = 7; c.port[1] = 8;
    file_hdr(&wb, 0, 0, 1);
    seg(&c, 0, 0, SYN, ref[0], 20);                   /* SYN with 20 data octets */
    seg(&c, 1, 0, SYN | ACK, NULL, 0);
    /* keep-alive from the server before it sent data: 1 octet at seq = ISN */
    n0 = frame(f, 1, 0, SIP, 8, CIP, 7, c.isn[1], ACK, (const uint8_t *)"K", 1);
    record(&wb, f, n0, n0);
    seg(&c, 0, 20, ACK, ref[0] + 20, 10);
    seg(&c, 1, 0, ACK, ref[1], 24);
    /* keep-alive probe from the client later: seq = next - 1, 1 octet repeating the last one */
    seg(&c, 0, 29, ACK, ref[0] + 29, 1);
    n = pcap_parse_conns(wb.b, wb.n, pc, 1, NULL);
    REQUIRE(n == 1);
    CHECK_EQ(pc[0].dir[0].len, 30);
    if (pc[0].dir[0].len == 30) CHECK_MEM(pc[0].dir[0].data, ref[0], 30);
    CHECK_EQ(pc[0].dir[1].len, 24);
    if (pc[0].dir[1].len == 24) CHECK_MEM(pc[0].dir[1].data, ref[1], 24);
    CHECK(!pc[0].dir[0].gap && !pc[0].dir[1].gap);
    CHECK_EQ(pc[0].dir[0].nsegs, 3);
    CHECK_EQ(pc[0].dir[1].nsegs, 1);                  /* the early probe is dropped */
    pcap_free_conns(pc, 1);
}

/* Random cuts, delivered shuffled with random duplicates: always the same stream. */
static void t_pcap_random_segments(void)
{
    unsigned long long rs = 0x5eed;
    int round;
    init_ref();
    for (round = 0; round < 200; round++) {
        conv c;
        pcap_conn pc[1];
        size_t cut[64], ord[64], nc = 0, i, j, total = 16 + (size_t)(check_rand(&rs) % 580);
        int n;
        c.w = &wb; c.lt = 1; c.v = (int)(check_rand(&rs) % 16);
        c.isn[0] = (uint32_t)check_rand(&rs); c.isn[1] = (uint32_t)check_rand(&rs);
        c.port[0] = 5; c.port[1] = 6;
        file_hdr(&wb, (int)(check_rand(&rs) & 1), 0, 1);
        handshake(&c);
        cut[nc++] = 0;
        while (nc < 40) {
            size_t p = cut[nc - 1] + 1 + (size_t)(check_rand(&rs) % 40);
            if (p >= total) break;
            cut[nc++] = p;
        }
        cut[nc] = total;
        for (i = 0; i < nc; i++) ord[i] = i;
        for (i = nc; i-- > 1;) {
            size_t t;
            j = (size_t)(check_rand(&rs) % (i + 1));
            t = ord[i]; ord[i] = ord[j]; ord[j] = t;
        }
        for (i = 0; i < nc; i++) {
            size_t k = ord[i];
            seg(&c, 0, cut[k], ACK, ref[0] + cut[k], cut[k + 1] - cut[k]);
            if (check_rand(&rs) % 4 == 0)                 /* duplicate */
                seg(&c, 0, cut[k], ACK, ref[0] + cut[k], cut[k + 1] - cut[k]);
        }
        n = pcap_parse_conns(wb.b, wb.n, pc, 1, NULL);
        REQUIRE(n == 1);
        CHECK_EQ(pc[0].dir[0].len, total);
        CHECK(!pc[0].dir[0].gap);
        if (pc[0].dir[0].len == total) CHECK_MEM(pc[0].dir[0].data, ref[0], total);
        CHECK_EQ(pc[0].dir[1].len, 0);
        pcap_free_conns(pc, 1);
        if (check__failed_here) { fprintf(stderr, "  round %d\n", round); return; }
    }
}

/* Holes, truncated records, data before the SYN-ACK, unknown connections, port reuse. */
static void t_pcap_gaps_and_connections(void)
{
    conv c;
    pcap_conn pc[3];
    uint8_t f[2048];
    size_t n0;
    int n;
    init_ref();
    c.w = &wb; c.lt = 101; c.v = 0;
    c.isn[0] = 5; c.isn[1] = 9;
    c.port[0] = 3000; c.port[1] = 4000;
    file_hdr(&wb, 1, 1, 101);
    /* a segment of a connection whose SYN is not in the capture: ignored */
    n0 = frame(f, 101, 0, CIP, 1, SIP, 2, 77, ACK, ref[0], 10);
    record(&wb, f, n0, n0);
    handshake(&c);
    seg(&c, 0, 0, ACK, ref[0], 20);
    seg(&c, 0, 30, ACK, ref[0] + 30, 20);             /* hole at 20..29 */
    /* a record cut by the snap length: only 15 of its 40 payload octets captured */
    n0 = frame(f, 101, 0, SIP, 4000, CIP, 3000, c.isn[1] + 1u, ACK, ref[1], 40);
    record(&wb, f, n0, n0 - 25);
    seg(&c, 0, 50, FIN | ACK, NULL, 0);
    seg(&c, 1, 40, FIN | ACK, NULL, 0);
    /* same 4-tuple again after the FINs: a second connection */
    c.isn[0] = 500; c.isn[1] = 900;
    handshake(&c);
    seg(&c, 0, 0, ACK, ref[0], 24);
    seg(&c, 1, 0, ACK, ref[1], 24);
    /* a third connection whose SYN-ACK is missing: its server data cannot be placed */
    c.port[0] = 3001;
    seg(&c, 0, 0, SYN, NULL, 0);
    seg(&c, 1, 0, ACK, ref[1], 8);
    n = pcap_parse_conns(wb.b, wb.n, pc, 3, NULL);
    REQUIRE(n == 3);
    CHECK_EQ(pc[0].dir[0].len, 20);
    CHECK(pc[0].dir[0].gap);
    CHECK_EQ(pc[0].dir[0].nsegs, 2);
    CHECK_EQ(pc[0].dir[1].len, 15);
    CHECK(pc[0].dir[1].gap);
    CHECK_MEM(pc[0].dir[1].data, ref[1], 15);
    CHECK(pc[0].dir[0].fin && pc[0].dir[1].fin);
    CHECK_EQ(pc[1].dir[0].len, 24);
    CHECK_EQ(pc[1].dir[1].len, 24);
    CHECK(!pc[1].dir[0].gap && !pc[1].dir[1].gap);
    CHECK_EQ(pc[1].syn_frame, 10);
    CHECK_EQ(pc[2].cli_port, 3001);
    CHECK_EQ(pc[2].dir[1].len, 0);
    CHECK(pc[2].dir[1].gap);
    CHECK(!pc[2].dir[1].have_isn);
    pcap_free_conns(pc, 3);
    /* cap smaller than the count: the count is still returned, the rest freed */
    n = pcap_parse_conns(wb.b, wb.n, pc, 1, NULL);
    CHECK_EQ(n, 3);
    pcap_free_conns(pc, 1);
    CHECK_EQ(pcap_parse_conns(wb.b, wb.n, NULL, 0, NULL), 3);
}

/* Non-IPv4 and fragmented packets are skipped. */
static void t_pcap_skips_other_packets(void)
{
    conv c;
    pcap_conn pc[1];
    pcap_info info;
    uint8_t f[2048];
    size_t n0;
    int n;
    init_ref();
    c.w = &wb; c.lt = 1; c.v = 0;
    c.isn[0] = 1; c.isn[1] = 2;
    c.port[0] = 10; c.port[1] = 20;
    file_hdr(&wb, 0, 0, 1);
    handshake(&c);
    n0 = frame(f, 1, 0, CIP, 10, SIP, 20, 2, ACK, ref[0], 10);
    be16(f + 12, 0x86dd);                             /* IPv6 ethertype */
    record(&wb, f, n0, n0);
    n0 = frame(f, 1, 0, CIP, 10, SIP, 20, 2, ACK, ref[0], 10);
    be16(f + 14 + 6, 0x2000);                         /* more fragments */
    record(&wb, f, n0, n0);
    n0 = frame(f, 1, 0, CIP, 10, SIP, 20, 2, ACK, ref[0], 10);
    f[14 + 9] = 17;                                   /* UDP */
    record(&wb, f, n0, n0);
    seg(&c, 0, 0, ACK, ref[0], 30);
    n = pcap_parse_conns(wb.b, wb.n, pc, 1, &info);
    REQUIRE(n == 1);
    CHECK_EQ(info.frames, 7);
    CHECK_EQ(info.tcp_frames, 4);
    CHECK_EQ(pc[0].dir[0].len, 30);
    CHECK_EQ(pc[0].dir[0].nsegs, 1);
    pcap_free_conns(pc, 1);
}

/* Malformed or unsupported files are refused. */
static void t_pcap_bad_files(void)
{
    conv c;
    pcap_conn pc[1];
    size_t full;
    uint8_t save;
    init_ref();
    c.w = &wb; c.lt = 1; c.v = 0;
    c.isn[0] = 1; c.isn[1] = 2;
    c.port[0] = 10; c.port[1] = 20;
    file_hdr(&wb, 0, 0, 1);
    handshake(&c);
    seg(&c, 0, 0, ACK, ref[0], 30);
    full = wb.n;
    CHECK_EQ(pcap_parse_conns(wb.b, full, pc, 1, NULL), 1);
    pcap_free_conns(pc, 1);
    CHECK_EQ(pcap_parse_conns(wb.b, full - 1, pc, 1, NULL), -1);      /* truncated record */
    CHECK_EQ(pcap_parse_conns(wb.b, full - 30 - 54 - 8, pc, 1, NULL), -1); /* cut record header */
    CHECK_EQ(pcap_parse_conns(wb.b, 23, pc, 1, NULL), -1);            /* short file header */
    CHECK_EQ(pcap_parse_conns(wb.b, 24, pc, 1, NULL), 0);             /* header only */
    save = wb.b[0];
    wb.b[0] = 0x0a; wb.b[1] = 0x0d; wb.b[2] = 0x0d; wb.b[3] = 0x0a;  /* pcapng */
    CHECK_EQ(pcap_parse_conns(wb.b, full, pc, 1, NULL), -1);
    wb.b[0] = save; wb.b[1] = 0xc3; wb.b[2] = 0xb2; wb.b[3] = 0xa1;
    wb.b[20] = 105;                                                   /* 802.11 */
    CHECK_EQ(pcap_parse_conns(wb.b, full, pc, 1, NULL), -1);
    wb.b[20] = 1;
    wb.b[4] = 1;                                                      /* version 1 */
    CHECK_EQ(pcap_parse_conns(wb.b, full, pc, 1, NULL), -1);
    wb.b[4] = 2;
    CHECK_EQ(pcap_parse_conns(wb.b, full, pc, -1, NULL), -1);
    CHECK_EQ(pcap_read_conns("tests/vectors/no_such_file.pcap", pc, 1), -1);
    CHECK_EQ(pcap_read_conns("tests/vectors/siw_rping_crc.expect", pc, 1), -1);
}

/* The .expect reader: every record kind, and malformed lines refused. */
static void t_pcap_expect_parser(void)
{
    expect_item e;
    static const char *const bad[] = {
        "conn 0 dir 0 fpdu off=24",                                   /* missing keys */
        "conn 0 dir 2 req off=0 flags=0x50 rev=2 pdlen=0 pd=-",       /* dir out of range */
        "conn 0 dir 0 req off=0 flags=0x150 rev=2 pdlen=0 pd=-",      /* flags > 0xff */
        "conn 0 dir 0 req off=0 flags=0x50 rev=2 pdlen=2 pd=0001ff",  /* pd length */
        "conn 0 dir 0 req off=0 flags=0x50 rev=2 pd=- pdlen=0",       /* pd before pdlen */
        "conn 0 dir 0 req off=0 off=0 flags=0x50 rev=2 pdlen=0 pd=-", /* repeated key */
        "conn 0 dir 0 req off=-1 flags=0x50 rev=2 pdlen=0 pd=-",      /* negative */
        "conn 0 dir 0 req off=1x flags=0x50 rev=2 pdlen=0 pd=-",      /* junk */
        "conn 0 dir 0 req off=0 flags=0x50 rev=2 pdlen=0 pd=- x=1",   /* unknown key */
        ("conn 0 dir 0 fpdu off=24 ulpdu_len=34 ddp_ctrl=0x41 rdmap_ctrl=0x43 crc=ec27dc "
         "crc_status=good frame=8 src=tshark"),                      /* short crc */
        ("conn 0 dir 0 fpdu off=24 ulpdu_len=34 ddp_ctrl=0x41 rdmap_ctrl=0x43 crc=ec27dc25 "
         "crc_status=fine frame=8 src=tshark"),                      /* status */
        "tuple conn 0 cli=10.0.2.15:60234 srv=10.0.2.256:7174",       /* address */
        "tuple conn 0 dir 0 cli=10.0.2.15:60234 srv=10.0.2.15:7174",  /* tuple has no dir */
        "bytes conn 0 len=5",                                         /* bytes needs a dir */
        "frob conn 0 dir 0 len=5",                                    /* unknown kind */
        "conn 0 dir 0",
    };
    size_t i;
    CHECK_EQ(expect_parse_line("# comment\n", &e), 0);
    CHECK_EQ(expect_parse_line("   \n", &e), 0);
    CHECK_EQ(expect_parse_line("tuple conn 1 cli=10.0.2.15:60234 srv=192.168.0.1:7174 # x\n", &e),
             1);
    CHECK_EQ(strcmp(e.kind, "tuple"), 0);
    CHECK_EQ(e.conn, 1);
    CHECK_EQ(e.dir, -1);
    CHECK_EQ(e.cli_ip, 0x0a00020f);
    CHECK_EQ(e.cli_port, 60234);
    CHECK_EQ(e.srv_ip, 0xc0a80001);
    CHECK_EQ(e.srv_port, 7174);
    CHECK_EQ(expect_parse_line("conn 0 dir 1 rep off=0 flags=0x50 rev=2 pdlen=4 pd=80018001", &e),
             1);
    CHECK_EQ(strcmp(e.kind, "rep"), 0);
    CHECK_EQ(e.dir, 1);
    CHECK_EQ(e.flags, 0x50);
    CHECK_EQ(e.rev, 2);
    CHECK_EQ(e.pdlen, 4);
    CHECK_MEM(e.pd, "\x80\x01\x80\x01", 4);
    CHECK_EQ(expect_parse_line("conn 0 dir 0 req off=0 flags=0x50 rev=1 pdlen=0 pd=-", &e), 1);
    CHECK_EQ(e.pdlen, 0);
    CHECK_EQ(expect_parse_line("conn 2 dir 0 fpdu off=24 ulpdu_len=34 ddp_ctrl=0x41 "
                               "rdmap_ctrl=0x43 crc=ec27dc25 crc_status=good frame=8 src=tshark",
                               &e), 1);
    CHECK_EQ(strcmp(e.kind, "fpdu"), 0);
    CHECK_EQ(e.conn, 2);
    CHECK_EQ(e.off, 24);
    CHECK_EQ(e.ulpdu_len, 34);
    CHECK_EQ(e.ddp_ctrl, 0x41);
    CHECK_EQ(e.rdmap_ctrl, 0x43);
    CHECK_MEM(e.crc, "\xec\x27\xdc\x25", 4);
    CHECK_EQ(e.crc_status, EXPECT_CRC_GOOD);
    CHECK(e.crc_good);
    CHECK(!e.walked);
    CHECK_EQ(e.frame, 8);
    CHECK_EQ(expect_parse_line("conn 0 dir 0 fpdu off=24 ulpdu_len=34 ddp_ctrl=0x41 "
                               "rdmap_ctrl=0x43 crc=00000000 crc_status=unknown frame=8 src=walk",
                               &e), 1);
    CHECK(e.walked);
    CHECK_EQ(e.crc_status, EXPECT_CRC_UNKNOWN);
    CHECK(!e.crc_good);
    CHECK_EQ(expect_parse_line("count conn 0 dir 1 fpdus=12 good=11", &e), 1);
    CHECK_EQ(e.fpdus, 12);
    CHECK_EQ(e.good, 11);
    CHECK_EQ(expect_parse_line("bytes conn 0 dir 1 len=672", &e), 1);
    CHECK_EQ(e.len, 672);
    CHECK_EQ(expect_parse_line("seg conn 0 dir 1 off=24 len=52 frame=9", &e), 1);
    CHECK_EQ(e.off, 24);
    CHECK_EQ(e.len, 52);
    CHECK_EQ(e.frame, 9);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (expect_parse_line(bad[i], &e) != -1) {
            fprintf(stderr, "  accepted: %s\n", bad[i]);
            CHECK(0);
        }
    }
    CHECK_EQ(expect_load("tests/vectors/no_such_file.expect", items, MAXE), -1);
    /* a short out array: the full count is returned */
    CHECK_EQ(expect_load("tests/vectors/siw_rping_crc.expect", items, 3),
             expect_load("tests/vectors/siw_rping_crc.expect", items, MAXE));
}

static const check_test tests[] = {
    { "pcap_captures_match_tshark", t_pcap_captures_match_tshark },
    { "pcap_expect_items_tile_streams", t_pcap_expect_items_tile_streams },
    { "pcap_expect_counts_match_readme", t_pcap_expect_counts_match_readme },
    { "pcap_link_types_and_headers", t_pcap_link_types_and_headers },
    { "pcap_reassembly_order", t_pcap_reassembly_order },
    { "pcap_syn_data_and_keepalive", t_pcap_syn_data_and_keepalive },
    { "pcap_random_segments", t_pcap_random_segments },
    { "pcap_gaps_and_connections", t_pcap_gaps_and_connections },
    { "pcap_skips_other_packets", t_pcap_skips_other_packets },
    { "pcap_bad_files", t_pcap_bad_files },
    { "pcap_expect_parser", t_pcap_expect_parser },
};

int main(int argc, char **argv)
{
    return CHECK_RUN(tests);
}
