/* SPDX-License-Identifier: MIT */
/* test_ddp.c: ddp.h header codecs, segmentation, receive checks and placement, errors, and DDP
 * over mpa.h. Each test's name lists the requirement IDs (../shared/spec/requirements.md) it
 * would fail on if that rule were broken. Expected octets come from outside the code under test:
 * headers are built and parsed here by hand from the RFC 5041 field table (spec/ddp.md 1-3),
 * CRCs from a bitwise CRC32c written here. Every error case runs against a target buffer with
 * PROT_NONE pages right before and after it, input that ends right before a PROT_NONE page,
 * and a shadow copy of the whole arena compared after every segment. */
#define IWARP_IMPLEMENTATION
#include "ddp.h"
#include "check.h"
#include "mpa_fake.h"
#include "ddp_fake.h"

/* ---- independent references ---- */

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}
static uint32_t get32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static uint64_t get64(const uint8_t *p) { return ((uint64_t)get32(p) << 32) | get32(p + 4); }

/* Control octet 0 values (RFC 5041 §4.1: T 0x80, L 0x40, Rsvd 0x3C, DV 0x03). */
#define C_TL 0xC1u  /* tagged, last, DV 1 */
#define C_TN 0x81u  /* tagged, not last */
#define C_UL 0x41u  /* untagged, last */
#define C_UN 0x01u  /* untagged, not last */

/* A tagged segment by hand: control c0, RsvdULP ulp, STag, TO, then n payload octets. */
static size_t mk_t(uint8_t *o, unsigned c0, uint8_t ulp, uint32_t stag, uint64_t to, const uint8_t *pl, size_t n)
{
    o[0] = (uint8_t)c0;
    o[1] = ulp;
    put32(o + 2, stag);
    put32(o + 6, (uint32_t)(to >> 32));
    put32(o + 10, (uint32_t)to);
    if (n) memcpy(o + 14, pl, n);
    return 14 + n;
}
/* An untagged segment by hand. */
static size_t mk_u(uint8_t *o, unsigned c0, uint8_t ulp, uint32_t ulp32, uint32_t qn, uint32_t msn, uint32_t mo,
                   const uint8_t *pl, size_t n)
{
    o[0] = (uint8_t)c0;
    o[1] = ulp;
    put32(o + 2, ulp32);
    put32(o + 6, qn);
    put32(o + 10, msn);
    put32(o + 14, mo);
    if (n) memcpy(o + 18, pl, n);
    return 18 + n;
}

/* A segment parsed by hand. */
typedef struct pseg {
    unsigned T, L, rsvd, dv;
    uint8_t ulp;
    uint32_t ulp32, stag, qn, msn, mo;
    uint64_t to;
    const uint8_t *pl;
    size_t pln;
} pseg;
static int parse_seg(const uint8_t *p, size_t n, pseg *s)
{
    size_t hl;
    memset(s, 0, sizeof *s);
    if (n < 2) return 0;
    s->T = (p[0] >> 7) & 1u;
    s->L = (p[0] >> 6) & 1u;
    s->rsvd = (p[0] >> 2) & 0xFu;
    s->dv = p[0] & 3u;
    s->ulp = p[1];
    hl = s->T ? 14u : 18u;
    if (n < hl) return 0;
    if (s->T) {
        s->stag = get32(p + 2);
        s->to = get64(p + 6);
    } else {
        s->ulp32 = get32(p + 2);
        s->qn = get32(p + 6);
        s->msn = get32(p + 10);
        s->mo = get32(p + 14);
    }
    s->pl = p + hl;
    s->pln = n - hl;
    return 1;
}

/* ---- shared state (big: static) ---- */

static df_llp L1;
static df_mem M1, M2;
static df_ulp U1, U2;
static iw_ddp_stream S1, S2;
static uint8_t g_src[1u << 20];     /* message payloads: patterned */
static uint8_t g_exp[1u << 17];     /* a message gathered */
static uint8_t g_tmp[1u << 17];
static iw_iov g_sgl[8192];

static void src_init(void)
{
    static int done;
    size_t i;
    unsigned long long seed = 12345;
    if (done) return;
    for (i = 0; i < sizeof g_src; i++) g_src[i] = (uint8_t)check_rand(&seed);
    done = 1;
}

/* Split total octets (from g_src + src_off) into SGEs: variant 0 one piece, 1 odd sizes with a
 * zero-length piece now and then, 2 tiny pieces (1..3 octets, to hit the per-segment piece cap). */
static size_t make_sgl(iw_iov *sgl, size_t cap, size_t total, unsigned variant, size_t src_off)
{
    static const size_t odd[] = {1, 7, 333, 0, 1021, 13, 4099, 2, 65, 9001, 0, 517, 31, 20011};
    size_t n = 0, off = 0, i = 0;
    if (variant == 0) {
        if (total == 0) return 0;
        sgl[0].base = g_src + src_off;
        sgl[0].len = total;
        return 1;
    }
    while (off < total && n < cap) {
        size_t k = variant == 1 ? odd[i % (sizeof odd / sizeof odd[0])] : 1 + (i % 3);
        if (k > total - off) k = total - off;
        sgl[n].base = g_src + src_off + off;
        sgl[n].len = k;
        n++;
        off += k;
        i++;
    }
    if (variant == 1 && n < cap) { /* a trailing zero-length piece */
        sgl[n].base = NULL;
        sgl[n].len = 0;
        n++;
    }
    return n;
}
static size_t gather(const iw_iov *sgl, size_t n, uint8_t *out)
{
    size_t i, t = 0;
    for (i = 0; i < n; i++) {
        if (sgl[i].len) memcpy(out + t, sgl[i].base, sgl[i].len);
        t += sgl[i].len;
    }
    return t;
}
/* Number of SGE pieces [off, off + len) of sgl spans (zero-length SGEs not counted). */
static size_t pieces_spanned(const iw_iov *sgl, size_t n, size_t off, size_t len)
{
    size_t i, pos = 0, cnt = 0;
    for (i = 0; i < n; i++) {
        size_t a = pos, b = pos + sgl[i].len;
        pos = b;
        if (sgl[i].len == 0) continue;
        if (b > off && a < off + len) cnt++;
    }
    return cnt;
}

/* ======================================================================================== */
/* Header codecs                                                                             */
/* ======================================================================================== */

static void t_hdr_tagged(void) /* DDP-002 DDP-003 */
{
    /* RFC 5041 §4.1/4.2: T=1 L=1 Rsvd=0 DV=01b -> 0xC1; RsvdULP; STag; TO, big-endian */
    static const uint8_t want[14] = {0xC1, 0x5A, 0x12, 0x34, 0x56, 0x78, 0x01, 0x02,
                                     0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    static const uint8_t want_nl[14] = {0x81, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE};
    uint8_t out[IW_DDP_MAX_HDR + 4];
    iw_ddp_hdr h, d;
    size_t hl = 0;
    memset(&h, 0, sizeof h);
    memset(out, 0xEE, sizeof out);
    h.tagged = 1;
    h.last = 1;
    h.dv = 3;          /* ignored: DV is always 01b on transmit (DDP-002) */
    h.ulp = 0x5A;
    h.stag = 0x12345678u;
    h.to = 0x0102030405060708ull;
    h.qn = 9;          /* untagged fields are not written for a tagged header */
    h.msn = 9;
    CHECK_EQ(iw_ddp_hdr_encode(&h, out), 14);
    CHECK_MEM(out, want, 14); /* DDP-001a: T 0x80, L 0x40, DV 0x01; DDP-001b: Rsvd 0 */
    CHECK_EQ(out[14], 0xEE);
    CHECK_EQ(iw_ddp_hdr_len(0x80), 14);
    REQUIRE(iw_ddp_hdr_decode(want, 14, &d, &hl) == IW_OK);
    CHECK_EQ(hl, 14);
    CHECK_EQ(d.tagged, 1);
    CHECK_EQ(d.last, 1);
    CHECK_EQ(d.dv, 1);
    CHECK_EQ(d.ulp, 0x5A);
    CHECK_EQ(d.stag, 0x12345678u);
    CHECK_EQ(d.to, 0x0102030405060708ull);
    memset(&h, 0, sizeof h);
    h.tagged = 1;
    h.stag = 0xFFFFFFFFu;
    h.to = 0xFFFFFFFFFFFFFFFEull;
    CHECK_EQ(iw_ddp_hdr_encode(&h, out), 14);
    CHECK_MEM(out, want_nl, 14); /* DDP-001a: L clear */
    REQUIRE(iw_ddp_hdr_decode(want_nl, 14, &d, &hl) == IW_OK);
    CHECK_EQ(d.last, 0);
    CHECK_EQ(d.to, 0xFFFFFFFFFFFFFFFEull);
    /* too short for the header the T bit announces: not decoded */
    CHECK_EQ(iw_ddp_hdr_decode(want, 13, &d, &hl), IW_EAGAIN);
    CHECK_EQ(iw_ddp_hdr_decode(want, 1, &d, &hl), IW_EAGAIN);
    CHECK_EQ(iw_ddp_hdr_decode(want, 0, &d, &hl), IW_EAGAIN);
}

static void t_hdr_untagged(void) /* DDP-002 DDP-004 */
{
    /* §4.3: T=0 L=0 DV=01b -> 0x01; RsvdULP[0:7]; RsvdULP[8:39]; QN; MSN; MO */
    static const uint8_t want[18] = {0x01, 0xC0, 0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x00, 0x00,
                                     0x02, 0x80, 0x00, 0x00, 0x03, 0x00, 0x01, 0x04, 0x00};
    uint8_t out[IW_DDP_MAX_HDR], in[18];
    iw_ddp_hdr h, d;
    size_t hl = 0;
    memset(&h, 0, sizeof h);
    h.ulp = 0xC0;
    h.ulp32 = 0xDEADBEEFu;
    h.qn = 2;
    h.msn = 0x80000003u;
    h.mo = 0x10400u;
    h.stag = 0x11111111u; /* tagged fields are not written for an untagged header */
    h.to = 7;
    CHECK_EQ(iw_ddp_hdr_encode(&h, out), 18);
    CHECK_MEM(out, want, 18);
    h.last = 1;
    CHECK_EQ(iw_ddp_hdr_encode(&h, out), 18);
    CHECK_EQ(out[0], 0x41); /* DDP-001a DDP-001b: untagged, L, Rsvd 0, DV 01b */
    CHECK_EQ(iw_ddp_hdr_len(0x41), 18);
    REQUIRE(iw_ddp_hdr_decode(want, 18, &d, &hl) == IW_OK);
    CHECK_EQ(hl, 18);
    CHECK_EQ(d.tagged, 0);
    CHECK_EQ(d.last, 0);
    CHECK_EQ(d.dv, 1);
    CHECK_EQ(d.ulp, 0xC0);
    CHECK_EQ(d.ulp32, 0xDEADBEEFu);
    CHECK_EQ(d.qn, 2);
    CHECK_EQ(d.msn, 0x80000003u);
    CHECK_EQ(d.mo, 0x10400u);
    CHECK_EQ(iw_ddp_hdr_decode(want, 17, &d, &hl), IW_EAGAIN);
    /* Rsvd (0x3C) is not checked on receive: decoded as if zero, DV as received */
    memcpy(in, want, 18);
    in[0] = 0x3C | 0x40 | 0x02;
    REQUIRE(iw_ddp_hdr_decode(in, 18, &d, &hl) == IW_OK);
    CHECK_EQ(d.tagged, 0);
    CHECK_EQ(d.last, 1);
    CHECK_EQ(d.dv, 2); /* DDP-001c: Rsvd not read into DV */
}

/* Rsvd set on receive is ignored; RsvdULP of every segment is handed up as received. */
static void t_rx_rsvd_ignored(void)
{
    static uint8_t arena[4096], buf[64], seg[128];
    size_t n;
    df_llp_init(&L1, 1460);
    df_mem_init(&M1, arena, sizeof arena, 1);
    df_ulp_init(&U1);
    df_mem_reg(&M1, 0, DF_STAG(1, 1), 0x1000, 4096, IW_DDP_ACC_REMOTE_WRITE, 0);
    REQUIRE(df_stream_init(&S1, &L1, &M1, &U1, 0) == IW_OK);
    df_ulp_post1(&U1, 0, buf, sizeof buf);
    n = mk_u(seg, C_UL | 0x3C, 0xA7, 0xCAFEF00Du, 0, 1, 0, (const uint8_t *)"hello", 5);
    CHECK_EQ(iw_ddp_rx(&S1, seg, n), IW_OK); /* DDP-001c: Rsvd set, accepted */
    n = mk_t(seg, C_TL | 0x3C, 0x3E, DF_STAG(1, 1), 0x1004, (const uint8_t *)"abc", 3);
    CHECK_EQ(iw_ddp_rx(&S1, seg, n), IW_OK); /* DDP-001c */
    REQUIRE(U1.ndeliv == 2);
    CHECK_EQ(U1.nerr, 0);
    CHECK_EQ(U1.deliv[0].h.ulp, 0xA7); /* DDP-005b: handed up as received */
    CHECK_EQ(U1.deliv[0].h.ulp32, 0xCAFEF00Du); /* DDP-005b */
    CHECK_EQ(U1.deliv[0].len, 5);
    CHECK_MEM(buf, "hello", 5);
    CHECK_EQ(U1.deliv[1].h.ulp, 0x3E); /* DDP-005b */
    CHECK_MEM(arena + 4, "abc", 3);
}

static void t_term_table(void) /* DDP-023a */
{
    static const struct { iw_ddp_xlate x; unsigned code; } tab[] = {
        {IW_DDP_X_INVALID_STAG, 0x00}, {IW_DDP_X_BOUNDS, 0x01}, {IW_DDP_X_NOT_ASSOC, 0x02},
        {IW_DDP_X_ACCESS, 0x00}, {IW_DDP_X_TO_WRAP, 0x03}};
    size_t i;
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        iw_term t = iw_ddp_xlate_term(tab[i].x);
        CHECK_EQ(t.layer, 1);
        CHECK_EQ(t.etype, 1);
        CHECK_EQ(t.ecode, tab[i].code); /* DDP-023a: a wrap is 0x03 */
    }
    {
        iw_term t;
        t.layer = 1; t.etype = 2; t.ecode = 5;
        CHECK(strcmp(iw_ddp_term_str(t), "DDP message too long for available buffer") == 0);
        t.etype = 1; t.ecode = 3;
        CHECK(strcmp(iw_ddp_term_str(t), "TO wrap") == 0);
        t.layer = 0;
        CHECK(strcmp(iw_ddp_term_str(t), "?") == 0);
    }
}

/* ======================================================================================== */
/* Transmit                                                                                  */
/* ======================================================================================== */

typedef struct txcase {
    int tagged;
    uint8_t ulp;
    uint32_t ulp32, stag, qn, msn;
    uint64_t to;
} txcase;

/* Check segments [s0, s1) of l as one message of c with payload exp[0..total) cut from sgl:
 * every rule of RFC 5041 §5.2. Returns 1 when all hold (reports the first failure). */
static int verify_msg(const df_llp *l, size_t s0, size_t s1, const txcase *c, uint32_t mul, const uint8_t *exp,
                      size_t total, const iw_iov *sgl, size_t nsge)
{
    size_t i, off = 0, hl = c->tagged ? 14u : 18u, room = mul - hl;
    if (s1 <= s0) {
        fprintf(stderr, "  no segment (total %zu)\n", total);
        return 0;
    }
    if (total == 0 && s1 - s0 != 1) { /* DDP-011 */
        fprintf(stderr, "  zero-length message: %zu segments\n", s1 - s0);
        return 0;
    }
    for (i = s0; i < s1; i++) {
        pseg p;
        const uint8_t *b = df_llp_seg(l, i);
        size_t n = l->seg_len[i];
        int last = i + 1 == s1;
        const char *why = NULL;
        if (n > mul) why = "segment larger than MULPDU (DDP-006)";
        else if (!parse_seg(b, n, &p)) why = "unparsable";
        else if (p.T != (unsigned)c->tagged) why = "model";
        else if (p.dv != 1) why = "DV (DDP-002)";
        else if (p.rsvd != 0) why = "Rsvd not 0 (DDP-001b)";
        else if (p.ulp != c->ulp) why = "RsvdULP[0:7] (DDP-005a)";
        else if (p.L != (unsigned)last) why = "L (DDP-010a, DDP-010b)";
        else if (c->tagged && p.stag != c->stag) why = "STag (DDP-008a)";
        else if (c->tagged && p.to != c->to + off) why = "TO (DDP-008b, DDP-012b)";
        else if (!c->tagged && p.ulp32 != c->ulp32) why = "RsvdULP[8:39] (DDP-005a)";
        else if (!c->tagged && p.qn != c->qn) why = "QN (DDP-009a)";
        else if (!c->tagged && p.msn != c->msn) why = "MSN (DDP-014a, DDP-014b, DDP-014c, DDP-009a)";
        else if (!c->tagged && p.mo != off) why = "MO (DDP-009b, DDP-012b)";
        else if (off + p.pln > total) why = "payload past the message";
        else if (p.pln && memcmp(p.pl, exp + off, p.pln) != 0) why = "payload (DDP-012b)";
        else if (!last && p.pln == 0) why = "empty non-last segment";
        else if (!last && p.pln < room && pieces_spanned(sgl, nsge, off, p.pln) != IW_CFG_DDP_TX_PIECES)
            why = "segment cut short without reason";
        if (why) {
            fprintf(stderr, "  seg %zu/%zu (len %zu, mul %u, total %zu, T %d): %s\n", i - s0, s1 - s0, n,
                    (unsigned)mul, total, c->tagged, why);
            return 0;
        }
        off += p.pln;
    }
    if (off != total) {
        fprintf(stderr, "  payload %zu of %zu\n", off, total);
        return 0;
    }
    return 1;
}

/* Send one message of total octets through S1 over L1 (fresh segments), check it. */
static int send_check(txcase *c, size_t total, unsigned variant, size_t src_off, uint32_t mul, void *cookie)
{
    iw_ddp_msg m;
    size_t nsge, s0 = L1.nseg, sent0 = U1.nsent;
    iw_status st;
    nsge = make_sgl(g_sgl, sizeof g_sgl / sizeof g_sgl[0], total, variant, src_off);
    gather(g_sgl, nsge, g_exp);
    memset(&m, 0, sizeof m);
    m.tagged = (uint8_t)c->tagged;
    m.ulp = c->ulp;
    m.ulp32 = c->ulp32;
    m.stag = c->stag;
    m.to = c->to;
    m.qn = c->qn;
    m.sgl = g_sgl;
    m.nsge = nsge;
    m.cookie = cookie;
    st = iw_ddp_send(&S1, &m);
    if (st != IW_OK) {
        fprintf(stderr, "  send: %d\n", (int)st);
        return 0;
    }
    /* the cookie fires once, after the last segment */
    if (U1.nsent != sent0 + 1 || U1.sent[sent0] != cookie || U1.sent_nseg[sent0] != L1.nseg ||
        iw_ddp_tx_busy(&S1)) {
        fprintf(stderr, "  sent cookie: %zu calls\n", U1.nsent - sent0);
        return 0;
    }
    return verify_msg(&L1, s0, L1.nseg, c, mul, g_exp, total, g_sgl, nsge);
}

static void t_tx_segmentation_sweep(void) /* DDP-006 DDP-011 */
{
    static const uint32_t muls[] = {19, 20, 33, 64, 65, 100, 333, 1000, 1459, 1460, 1461, 2047, 4096, 8191, 8192,
                                    9000};
    size_t mi;
    unsigned long long seed = 7;
    src_init();
    for (mi = 0; mi < sizeof muls / sizeof muls[0]; mi++) {
        uint32_t mul = muls[mi], msn[IW_CFG_DDP_QN] = {0};
        int tagged;
        df_llp_init(&L1, mul);
        df_ulp_init(&U1);
        REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
        for (tagged = 0; tagged < 2; tagged++) {
            size_t room = mul - (tagged ? 14u : 18u), sizes[40], ns = 0, si;
            size_t maxsz = mul < 64 ? 1500 : 65536; /* 1 to 19 payload octets per segment: small */
            size_t k;
            sizes[ns++] = 0;
            sizes[ns++] = 1;
            sizes[ns++] = 2;
            for (k = 1; k <= 3; k++) {
                sizes[ns++] = k * room - 1;
                sizes[ns++] = k * room;
                sizes[ns++] = k * room + 1;
            }
            sizes[ns++] = 1000;
            sizes[ns++] = 4097;
            sizes[ns++] = 32771;
            sizes[ns++] = 65535;
            sizes[ns++] = 65536;
            sizes[ns++] = (65536 / room) * room;
            sizes[ns++] = (65536 / room) * room - 1;
            sizes[ns++] = 1 + (size_t)(check_rand(&seed) % 65536);
            sizes[ns++] = 1 + (size_t)(check_rand(&seed) % 5000);
            for (si = 0; si < ns; si++) {
                unsigned variant;
                if (sizes[si] > maxsz) continue;
                for (variant = 0; variant < 3; variant++) {
                    txcase c;
                    if (variant == 2 && sizes[si] > 6000) continue;
                    if (L1.wire_len > DF_WIRE_CAP / 2 || L1.nseg > DF_SEG_MAX / 2) df_llp_clear(&L1);
                    memset(&c, 0, sizeof c);
                    c.tagged = tagged;
                    c.ulp = (uint8_t)(0x40 + si);
                    if (tagged) {
                        c.stag = 0x9000u + (uint32_t)si;
                        c.to = si & 1 ? 0xFFFFFFFF00000000ull + si : 0x1000u * si;
                    } else {
                        c.qn = (uint32_t)((si + variant) % IW_CFG_DDP_QN);
                        c.ulp32 = 0xA0000000u + (uint32_t)si;
                        c.msn = ++msn[c.qn];
                    }
                    if (!send_check(&c, sizes[si], variant, (si * 97) % 4096, mul,
                                    (void *)(uintptr_t)(si + 1))) {
                        CHECK(0);
                        fprintf(stderr, "  mul %u size %zu tagged %d variant %u\n", (unsigned)mul, sizes[si],
                                tagged, variant);
                        return;
                    }
                    /* each segment is at most 1 + IW_CFG_DDP_TX_PIECES pieces (the LLP's limit) */
                    CHECK(L1.max_pieces <= 1 + IW_CFG_DDP_TX_PIECES);
                }
            }
        }
        CHECK_EQ(U1.nerr, 0);
        CHECK_EQ(iw_ddp_get_stats(&S1).tx_msgs, U1.nsent);
    }
}

static void t_tx_msn(void)
{
    static const uint32_t qns[] = {0, 1, 0, 2, 3, 1, 0, 3, 3};
    static const uint32_t want[] = {1, 1, 2, 1, 1, 2, 3, 2, 3};
    size_t i;
    iw_ddp_msg m;
    pseg p;
    df_llp_init(&L1, 1460);
    df_ulp_init(&U1);
    REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
    memset(&m, 0, sizeof m);
    for (i = 0; i < sizeof qns / sizeof qns[0]; i++) {
        m.tagged = 0;
        m.qn = qns[i];
        REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
        m.tagged = 1; /* tagged messages have no MSN and do not disturb the counters */
        REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
    }
    REQUIRE(L1.nseg == 2 * (sizeof qns / sizeof qns[0]));
    for (i = 0; i < sizeof qns / sizeof qns[0]; i++) {
        REQUIRE(parse_seg(df_llp_seg(&L1, 2 * i), L1.seg_len[2 * i], &p));
        CHECK_EQ(p.qn, qns[i]); /* DDP-012a: in submission order */
        CHECK_EQ(p.msn, want[i]); /* DDP-014a: 1 first, DDP-014b: + 1, DDP-014c: per QN */
        REQUIRE(parse_seg(df_llp_seg(&L1, 2 * i + 1), L1.seg_len[2 * i + 1], &p));
        CHECK_EQ(p.T, 1);
    }
    /* wrap: 0xFFFFFFFF is followed by 0 (white box: start the QN 2 counter near the end) */
    S1.tx_msn[2] = 0xFFFFFFFEu;
    df_llp_clear(&L1);
    m.tagged = 0;
    m.qn = 2;
    for (i = 0; i < 3; i++) REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
    REQUIRE(L1.nseg == 3);
    REQUIRE(parse_seg(df_llp_seg(&L1, 0), L1.seg_len[0], &p));
    CHECK_EQ(p.msn, 0xFFFFFFFFu); /* DDP-014b */
    REQUIRE(parse_seg(df_llp_seg(&L1, 1), L1.seg_len[1], &p));
    CHECK_EQ(p.msn, 0); /* DDP-014b: modulo 2^32 */
    REQUIRE(parse_seg(df_llp_seg(&L1, 2), L1.seg_len[2], &p));
    CHECK_EQ(p.msn, 1); /* DDP-014b */
}

static void t_tx_too_long(void) /* DDP-007 */
{
    static uint8_t big[1u << 20];
    static iw_iov v[4097];
    iw_ddp_msg m;
    pseg p;
    size_t i;
    df_llp_init(&L1, 65535);
    df_ulp_init(&U1);
    REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
    for (i = 0; i < 4096; i++) {
        v[i].base = big;
        v[i].len = sizeof big; /* 4096 x 1 MiB = 2^32 octets, all the same buffer */
    }
    memset(&m, 0, sizeof m);
    m.sgl = v;
    m.nsge = 4096;
    for (m.tagged = 0; m.tagged < 2; m.tagged++) {
        CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
        CHECK_EQ(L1.send_calls, 0);
        CHECK_EQ(iw_ddp_tx_busy(&S1), 0);
    }
    v[4096].base = big; /* and more */
    v[4096].len = 5;
    m.nsge = 4097;
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
    /* 2^64 octets in two pieces: the 64-bit sum must not wrap into a "short" message */
    v[0].len = 1;
    v[1].len = SIZE_MAX;
    m.nsge = 2;
    L1.take_left = 0; /* if it were taken, nothing is read */
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
    CHECK_EQ(L1.nseg, 0);
    CHECK_EQ(U1.nsent, 0);
    CHECK_EQ(U1.nerr, 0);
    if (iw_ddp_tx_busy(&S1)) return; /* the stream is stuck in that message: stop here */
    v[0].len = sizeof big;
    v[1].len = sizeof big;
    L1.take_left = -1;
    /* the stream still works, and the refused messages used no MSN */
    m.tagged = 0;
    m.nsge = 0;
    REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
    REQUIRE(L1.nseg == 1);
    REQUIRE(parse_seg(df_llp_seg(&L1, 0), L1.seg_len[0], &p));
    CHECK_EQ(p.msn, 1);
    /* 2^32 - 1 octets is allowed: take the first two segments */
    v[4095].len = sizeof big - 1;
    m.nsge = 4096;
    m.tagged = 1;
    m.to = 0x100;
    L1.take_left = 2;
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_OK);
    REQUIRE(L1.nseg == 3);
    REQUIRE(parse_seg(df_llp_seg(&L1, 2), L1.seg_len[2], &p));
    CHECK_EQ(L1.seg_len[2], 65535);
    CHECK_EQ(p.to, 0x100 + 65521);
    CHECK_EQ(p.L, 0);
    CHECK_EQ(iw_ddp_tx_busy(&S1), 1);
}

/* The reference output of a few messages with an LLP that takes everything. */
static size_t ref_nseg, ref_wire_len;
static uint8_t ref_wire[1u << 18];
static const size_t part_sizes[] = {5000, 0, 1, 3001};

static void part_msg(iw_ddp_msg *m, size_t k, iw_iov *sgl)
{
    memset(m, 0, sizeof *m);
    m->tagged = (uint8_t)(k & 1);
    m->ulp = (uint8_t)(0x10 + k);
    m->ulp32 = 0x55AA0000u + (uint32_t)k;
    m->stag = 0x77u;
    m->to = 0xFFFFFFFFFFFF0000ull;
    m->qn = (uint32_t)k % 3;
    m->nsge = make_sgl(sgl, 64, part_sizes[k], 1, 100 * k);
    m->sgl = sgl;
    m->cookie = (void *)(uintptr_t)(k + 1);
}

static int part_ref(void)
{
    static iw_iov sgl[4][64];
    size_t nmsg = sizeof part_sizes / sizeof part_sizes[0], k;
    iw_ddp_msg m;
    src_init();
    df_llp_init(&L1, 333);
    df_ulp_init(&U1);
    if (df_stream_init(&S1, &L1, NULL, &U1, 0) != IW_OK) return 0;
    for (k = 0; k < nmsg; k++) {
        part_msg(&m, k, sgl[k]);
        if (iw_ddp_send(&S1, &m) != IW_OK) return 0;
    }
    ref_nseg = L1.nseg;
    ref_wire_len = L1.wire_len;
    if (ref_wire_len > sizeof ref_wire || U1.nsent != nmsg) return 0;
    memcpy(ref_wire, L1.wire, ref_wire_len);
    return 1;
}

static void t_tx_eagain_every_position(void) /* DDP-013 DDP-006 */
{
    static iw_iov sgl[4][64];
    size_t nmsg = sizeof part_sizes / sizeof part_sizes[0], k, pos;
    iw_ddp_msg m;
    REQUIRE(part_ref());
    /* The LLP says EAGAIN at segment position pos (of the whole run), then at every later
     * position too (it takes one segment per resume): the same octets, each message's cookie
     * once after its last segment, a second message refused (EAGAIN) while one is in progress. */
    for (pos = 0; pos <= ref_nseg; pos++) {
        size_t guard = 0;
        df_llp_init(&L1, 333);
        df_ulp_init(&U1);
        REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
        L1.take_left = (long)pos;
        for (k = 0; k < nmsg; k++) {
            iw_ddp_msg other;
            part_msg(&m, k, sgl[k]);
            REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
            while (iw_ddp_tx_busy(&S1) && guard++ < 100000) {
                size_t n0 = L1.nseg;
                part_msg(&other, (k + 1) % nmsg, sgl[(k + 1) % nmsg]);
                CHECK_EQ(iw_ddp_send(&S1, &other), IW_EAGAIN); /* DDP-013, DDP-012a: nothing overtakes it */
                CHECK_EQ(U1.nsent, k);
                CHECK_EQ(L1.nseg, n0);
                L1.take_left = 1;
                CHECK_EQ(iw_ddp_tx_resume(&S1), IW_OK);
                if (check__failed_here) return;
            }
            REQUIRE(U1.nsent == k + 1);
            CHECK(U1.sent[k] == m.cookie); /* DDP-012a */
            CHECK_EQ(U1.sent_nseg[k], L1.nseg);
        }
        /* DDP-012a, DDP-012b: the segments of the run without EAGAIN, in its order */
        CHECK_EQ(L1.nseg, ref_nseg);
        CHECK_EQ(L1.wire_len, ref_wire_len);
        if (L1.wire_len != ref_wire_len || memcmp(L1.wire, ref_wire, ref_wire_len) != 0) {
            CHECK(0); /* DDP-012a, DDP-012b */
            fprintf(stderr, "  EAGAIN at %zu: different output\n", pos);
            return;
        }
        CHECK_EQ(U1.nerr, 0);
        /* resuming an idle stream sends nothing and fires nothing */
        CHECK_EQ(iw_ddp_tx_resume(&S1), IW_OK);
        CHECK_EQ(L1.nseg, ref_nseg);
        CHECK_EQ(U1.nsent, nmsg);
    }
    /* the MULPDU shrinks while a segment waits: the re-offered segment obeys the new one */
    {
        txcase c;
        df_llp_init(&L1, 1000);
        df_ulp_init(&U1);
        REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
        L1.take_left = 1;
        memset(&c, 0, sizeof c);
        m.tagged = 1;
        m.stag = c.stag = 5;
        m.to = c.to = 10;
        m.nsge = make_sgl(sgl[0], 64, 3000, 0, 0);
        m.sgl = sgl[0];
        m.ulp = c.ulp = 0;
        c.tagged = 1;
        REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
        REQUIRE(L1.nseg == 1);
        CHECK_EQ(L1.seg_len[0], 1000);
        L1.mulpdu = 200;
        L1.take_left = -1;
        CHECK_EQ(iw_ddp_tx_resume(&S1), IW_OK);
        gather(sgl[0], m.nsge, g_exp);
        {
            size_t i, off = 986;
            for (i = 1; i < L1.nseg; i++) {
                pseg p;
                REQUIRE(parse_seg(df_llp_seg(&L1, i), L1.seg_len[i], &p));
                CHECK(L1.seg_len[i] <= 200);
                CHECK_EQ(p.to, 10 + off);
                CHECK_EQ(p.L, i + 1 == L1.nseg);
                CHECK(memcmp(p.pl, g_exp + off, p.pln) == 0);
                off += p.pln;
            }
            CHECK_EQ(off, 3000);
        }
    }
}

static void t_tx_busy(void)
{
    static iw_iov sgl[4][64];
    size_t nmsg = sizeof part_sizes / sizeof part_sizes[0], k;
    iw_ddp_msg m;
    REQUIRE(part_ref());
    df_llp_init(&L1, 333);
    df_ulp_init(&U1);
    REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
    /* the LLP still references the previous segment after each one: one segment per resume;
     * the cookie fires only when the last segment is no longer referenced */
    L1.busy = 1;
    L1.busy_after_send = 1;
    for (k = 0; k < nmsg; k++) {
        size_t guard = 0;
        part_msg(&m, k, sgl[k]);
        REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
        while (iw_ddp_tx_busy(&S1) && guard++ < 100000) {
            size_t n0 = L1.nseg;
            CHECK_EQ(iw_ddp_tx_resume(&S1), IW_OK); /* still busy: nothing */
            CHECK_EQ(L1.nseg, n0);
            L1.busy = 0;
            CHECK_EQ(iw_ddp_tx_resume(&S1), IW_OK);
            CHECK(L1.nseg == n0 + 1 || (L1.nseg == n0 && !iw_ddp_tx_busy(&S1)));
            if (iw_ddp_tx_busy(&S1)) CHECK_EQ(U1.nsent, k);
            if (check__failed_here) return;
        }
        CHECK_EQ(U1.nsent, k + 1);
    }
    CHECK_EQ(L1.nseg, ref_nseg);
    CHECK(L1.wire_len == ref_wire_len && memcmp(L1.wire, ref_wire, ref_wire_len) == 0);
    CHECK_EQ(U1.nsent, nmsg);
}

static void t_tx_llp_failure(void)
{
    static iw_iov sgl[64];
    iw_ddp_msg m;
    int at;
    src_init();
    for (at = 1; at <= 4; at++) {
        size_t guard = 0;
        iw_status st;
        df_llp_init(&L1, 1000);
        df_ulp_init(&U1);
        REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
        L1.fail_at = at;
        part_msg(&m, 0, sgl); /* 5000 octets: 6 segments */
        st = iw_ddp_send(&S1, &m);
        while (st == IW_OK && iw_ddp_tx_busy(&S1) && guard++ < 100) st = iw_ddp_tx_resume(&S1);
        CHECK_EQ(st, IW_EHOST);
        CHECK_EQ(L1.nseg, (size_t)at - 1);
        CHECK_EQ(U1.nsent, 1); /* abandoned: handed back, no longer referenced */
        REQUIRE(U1.nerr == 1);
        CHECK_EQ(U1.err[0].status, IW_EHOST);
        CHECK_EQ(iw_ddp_send(&S1, &m), IW_EHOST);
        CHECK_EQ(iw_ddp_tx_resume(&S1), IW_EHOST);
        CHECK_EQ(U1.nerr, 1);
    }
    /* MULPDU too small for a header and any payload */
    df_llp_init(&L1, 13);
    df_ulp_init(&U1);
    REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
    part_msg(&m, 1, sgl);
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_EHOST);
    CHECK_EQ(L1.nseg, 0);
}

/* ======================================================================================== */
/* Receive: round trip                                                                       */
/* ======================================================================================== */

#define RT_ARENA (512u * 1024u)
#define RT_TO1 0x0000100000000000ull
#define RT_TO2 0x000000000000ABC0ull
static uint8_t *rt_arena;
static uint8_t rt_shadow[RT_ARENA];

static void t_rx_roundtrip(void) /* DDP-036 DDP-037 */
{
    static const uint32_t muls[] = {64, 101, 1460, 9000};
    static const size_t sizes[] = {0, 1, 45, 46, 47, 1000, 4096, 20011, 65536};
    static df_guard g;
    size_t mi;
    src_init();
    if (!g.map) REQUIRE(df_guard_alloc(&g, RT_ARENA, 1));
    rt_arena = g.p;
    for (mi = 0; mi < sizeof muls / sizeof muls[0]; mi++) {
        size_t si, qmsn[IW_CFG_DDP_QN], q;
        int tagged;
        df_llp_init(&L1, muls[mi]);
        df_ulp_init(&U1);
        REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
        df_fill(rt_arena, RT_ARENA, (unsigned)mi);
        memcpy(rt_shadow, rt_arena, RT_ARENA);
        df_mem_init(&M2, rt_arena, RT_ARENA, 3);
        df_mem_reg(&M2, 0, DF_STAG(1, 0xA1), RT_TO1, 70000, IW_DDP_ACC_REMOTE_WRITE, 0);
        df_mem_reg(&M2, 1, DF_STAG(2, 0xB2), RT_TO2, 69632, IW_DDP_ACC_REMOTE_WRITE, 73728)->page = 4096;
        df_ulp_init(&U2);
        REQUIRE(df_stream_init(&S2, NULL, &M2, &U2, mi & 1) == IW_OK);
        for (q = 0; q < IW_CFG_DDP_QN; q++) {
            CHECK_EQ(iw_ddp_rx_msn(&S2, (uint32_t)q), 1); /* DDP-015a */
            qmsn[q] = 1;
        }
        for (tagged = 0; tagged < 2; tagged++)
            for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                size_t total = sizes[si], nsge, s0, i, nd0;
                iw_ddp_msg m;
                uint32_t qn = (uint32_t)(si % IW_CFG_DDP_QN);
                const df_stag *e = &M2.st[si & 1];
                uint64_t to = 0;
                uint8_t *ub = rt_arena + 150000;
                nsge = make_sgl(g_sgl, 512, total, (unsigned)(si % 2), si * 11);
                gather(g_sgl, nsge, g_exp);
                memset(&m, 0, sizeof m);
                m.tagged = (uint8_t)tagged;
                m.ulp = (uint8_t)(0x80 | si);
                m.ulp32 = 0x12340000u | (uint32_t)si;
                m.qn = qn;
                m.sgl = g_sgl;
                m.nsge = nsge;
                if (tagged) {
                    size_t slack = e->len - total;
                    to = e->base_to + (slack ? (si * 1237) % slack : 0);
                    m.stag = e->stag;
                    m.to = to;
                } else { /* a receive buffer of up to 4 pieces, exactly 0..3 octets larger */
                    iw_ddp_buf b[4];
                    size_t cap = total + si % 4, a = cap / 3, np = cap ? 4 : 1;
                    b[0].base = ub; b[0].len = a;
                    b[1].base = ub + a + 100; b[1].len = 0; /* an empty piece */
                    b[2].base = ub + a + 200; b[2].len = a;
                    b[3].base = ub + 2 * a + 300; b[3].len = cap - 2 * a;
                    if (!cap) b[0].base = NULL;
                    REQUIRE(df_ulp_post(&U2, qn, b, np));
                }
                s0 = L1.nseg;
                REQUIRE(iw_ddp_send(&S1, &m) == IW_OK);
                nd0 = U2.ndeliv;
                for (i = s0; i < L1.nseg; i++) { /* one segment at a time: delivery at L only */
                    if (mi & 1) /* unchecked: begin, copy, then commit */
                        CHECK_EQ(df_rx_begin_commit(&S2, df_llp_seg(&L1, i), L1.seg_len[i], 1), IW_OK); /* DDP-015b */
                    else
                        CHECK_EQ(iw_ddp_rx(&S2, df_llp_seg(&L1, i), L1.seg_len[i]), IW_OK); /* DDP-015b */
                    /* DDP-035a DDP-035b: delivered at its last segment, not before */
                    CHECK_EQ(U2.ndeliv, nd0 + (i + 1 == L1.nseg));
                    if (check__failed_here) return;
                }
                REQUIRE(U2.ndeliv == nd0 + 1);
                {
                    const df_deliv *d = &U2.deliv[nd0];
                    CHECK_EQ(d->h.tagged, tagged);
                    CHECK_EQ(d->h.last, 1);
                    CHECK_EQ(d->h.ulp, m.ulp);
                    if (tagged) {
                        CHECK_EQ(d->h.stag, m.stag);
                        df_mem_read(&M2, e, to - e->base_to, g_tmp, total);
                        CHECK(memcmp(g_tmp, g_exp, total) == 0);
                        for (i = 0; i < total; i++) /* expected image */
                            *(rt_shadow + (df_mem_addr(&M2, e, to - e->base_to + i) - rt_arena)) = g_exp[i];
                    } else {
                        CHECK_EQ(d->len, total);
                        CHECK_EQ(d->h.qn, qn);
                        CHECK_EQ(d->h.msn, qmsn[qn]);
                        CHECK_EQ(d->h.ulp32, m.ulp32); /* DDP-005b */
                        CHECK_EQ(d->h.mo + (L1.seg_len[L1.nseg - 1] - 18u), total);
                        df_rbuf_read(&d->buf, g_tmp, total);
                        CHECK(memcmp(g_tmp, g_exp, total) == 0);
                        {
                            size_t j, left = total;
                            for (j = 0; j < d->buf.n; j++) {
                                size_t kk = d->buf.b[j].len < left ? d->buf.b[j].len : left;
                                if (kk) memcpy(rt_shadow + (d->buf.b[j].base - rt_arena), g_tmp + (total - left), kk);
                                left -= kk;
                            }
                        }
                        qmsn[qn]++;
                        CHECK_EQ(iw_ddp_rx_msn(&S2, qn), qmsn[qn]); /* DDP-015b */
                    }
                    /* nothing outside the placed range changed (DDP-037) */
                    if (memcmp(rt_shadow, rt_arena, RT_ARENA) != 0) {
                        CHECK(0);
                        fprintf(stderr, "  mul %u size %zu tagged %d: octets outside the range changed\n",
                                (unsigned)muls[mi], total, tagged);
                        return;
                    }
                    /* the buffer's other octets: rt_shadow kept the pattern for them */
                }
                if (check__failed_here) {
                    fprintf(stderr, "  mul %u size %zu tagged %d\n", (unsigned)muls[mi], total, tagged);
                    return;
                }
            }
        CHECK_EQ(U2.nerr, 0);
        CHECK_EQ(iw_ddp_get_stats(&S2).rx_segs, L1.nseg);
        CHECK_EQ(iw_ddp_get_stats(&S2).rx_msgs, U2.ndeliv);
    }
}

/* Messages interleaved across queues at the receiver: each delivered at its own L = 1, in order. */
static void t_rx_interleaved_queues(void) /* DDP-036 */
{
    static uint8_t arena[8192], b0[100], b1[100];
    uint8_t seg[256];
    size_t n;
    df_mem_init(&M2, arena, sizeof arena, 1);
    df_mem_reg(&M2, 0, DF_STAG(1, 1), 0, 8192, IW_DDP_ACC_REMOTE_WRITE, 0);
    df_ulp_init(&U2);
    REQUIRE(df_stream_init(&S2, NULL, &M2, &U2, 0) == IW_OK);
    df_ulp_post1(&U2, 0, b0, sizeof b0);
    df_ulp_post1(&U2, 1, b1, sizeof b1);
    n = mk_u(seg, C_UN, 0, 0, 0, 1, 0, (const uint8_t *)"AAAA", 4);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    n = mk_u(seg, C_UN, 0, 0, 1, 1, 0, (const uint8_t *)"bbb", 3);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    n = mk_t(seg, C_TN, 0, DF_STAG(1, 1), 10, (const uint8_t *)"tt", 2);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    CHECK_EQ(U2.ndeliv, 0);
    n = mk_u(seg, C_UL, 0, 0, 1, 1, 3, (const uint8_t *)"BB", 2);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    REQUIRE(U2.ndeliv == 1);
    CHECK_EQ(U2.deliv[0].h.qn, 1);
    CHECK_EQ(U2.deliv[0].len, 5);
    CHECK_EQ(U2.deliv[0].h.mo, 3);
    CHECK_MEM(b1, "bbbBB", 5);
    CHECK_EQ(iw_ddp_rx_msn(&S2, 1), 2);
    CHECK_EQ(iw_ddp_rx_msn(&S2, 0), 1);
    n = mk_t(seg, C_TL, 0, DF_STAG(1, 1), 12, (const uint8_t *)"TT", 2);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    n = mk_u(seg, C_UL, 0, 0, 0, 1, 4, (const uint8_t *)"a", 1);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    REQUIRE(U2.ndeliv == 3);
    CHECK_EQ(U2.deliv[1].h.tagged, 1);
    CHECK_EQ(U2.deliv[2].len, 5);
    CHECK_MEM(b0, "AAAAa", 5);
    CHECK_MEM(arena + 10, "ttTT", 4);
    /* the expected MSN wraps: 0xFFFFFFFF then 0 (white box: start near the end) */
    S2.rq[2].msn = 0xFFFFFFFFu;
    df_ulp_post1(&U2, 2, b0, 10);
    df_ulp_post1(&U2, 2, b0, 10);
    n = mk_u(seg, C_UL, 0, 0, 2, 0xFFFFFFFFu, 0, NULL, 0);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    CHECK_EQ(iw_ddp_rx_msn(&S2, 2), 0);
    n = mk_u(seg, C_UL, 0, 0, 2, 0, 0, NULL, 0);
    CHECK_EQ(iw_ddp_rx(&S2, seg, n), IW_OK);
    CHECK_EQ(iw_ddp_rx_msn(&S2, 2), 1);
    CHECK_EQ(U2.ndeliv, 5);
    CHECK_EQ(U2.nerr, 0);
}

/* ======================================================================================== */
/* Receive errors: guard pages, shadow arena                                                 */
/* ======================================================================================== */

/* Arena of 4 pages between PROT_NONE pages:
 *   [0, 2 pages)      STag A (contiguous, TO_A..), touching the lower guard
 *   [2, 3 pages)      STag B (page-scattered, 1 KiB pages, TO_B..)
 *   [3 pages, 4)      untagged buffers: QN 0 = 50 octets at its start + 100 at the arena's end
 *                     (touching the upper guard); QN 1 = 40 octets
 *   STags C (other PD), D (read only), E (Invalid), F (near TO 2^64), all over [0, 2 pages). */
#define E_PD 0x77u
#define STAG_A DF_STAG(1, 0x11)
#define STAG_B DF_STAG(2, 0x22)
#define STAG_C DF_STAG(3, 0x33)
#define STAG_D DF_STAG(4, 0x44)
#define STAG_E DF_STAG(5, 0x55)
#define STAG_F DF_STAG(6, 0x66)
#define TO_A 0x00007F0000001000ull
#define TO_B 0x5000ull
#define TO_F 0xFFFFFFFFFFFFE000ull /* + 8192 = 2^64: its last octet is TO 2^64 - 1 */

static df_guard g_ar, g_in;
static size_t g_ps, g_alen;
static uint8_t *g_a;
static uint8_t g_sh[1u << 17];
static int g_mode; /* 0: iw_ddp_rx; 1: iw_ddp_rx_begin unchecked, copy, iw_ddp_rx_commit(1) */
static uint8_t g_seg[70000];

static int env(int with_check)
{
    iw_ddp_buf b[2];
    if (!g_ar.map) {
        g_ps = df_page();
        if (!df_guard_alloc(&g_ar, 4 * g_ps, 1)) return 0;
        if (!df_guard_alloc(&g_in, 70000, 1)) return 0;
    }
    g_alen = 4 * g_ps;
    g_a = g_ar.p;
    if (g_alen > sizeof g_sh) return 0;
    df_fill(g_a, g_alen, 3);
    memcpy(g_sh, g_a, g_alen);
    df_mem_init(&M1, g_a, g_alen, E_PD);
    df_mem_reg(&M1, 0, STAG_A, TO_A, (uint32_t)(2 * g_ps), IW_DDP_ACC_REMOTE_WRITE | IW_DDP_ACC_REMOTE_READ, 0);
    df_mem_reg(&M1, 1, STAG_B, TO_B, (uint32_t)g_ps, IW_DDP_ACC_REMOTE_WRITE, 2 * g_ps)->page = 1024;
    df_mem_reg(&M1, 2, STAG_C, TO_A, (uint32_t)(2 * g_ps), IW_DDP_ACC_REMOTE_WRITE, 0)->pd = E_PD + 1;
    df_mem_reg(&M1, 3, STAG_D, TO_A, (uint32_t)(2 * g_ps), IW_DDP_ACC_REMOTE_READ, 0);
    df_mem_reg(&M1, 4, STAG_E, TO_A, (uint32_t)(2 * g_ps), IW_DDP_ACC_REMOTE_WRITE, 0)->valid = 0;
    df_mem_reg(&M1, 5, STAG_F, TO_F, 8192, IW_DDP_ACC_REMOTE_WRITE, 0);
    df_ulp_init(&U1);
    b[0].base = g_a + 3 * g_ps;
    b[0].len = 50;
    b[1].base = g_a + g_alen - 100;
    b[1].len = 100;
    df_ulp_post(&U1, 0, b, 2);
    df_ulp_post1(&U1, 1, g_a + 3 * g_ps + 200, 40);
    df_llp_init(&L1, 1460);
    return df_stream_init(&S1, &L1, &M1, &U1, with_check) == IW_OK;
}

/* One segment in, right before a PROT_NONE page, in the current mode. */
static iw_status feed(const uint8_t *seg, size_t n)
{
    uint8_t *in = g_in.p + g_in.len - n;
    if (n) memmove(in, seg, n);
    if (g_mode == 0) return iw_ddp_rx(&S1, in, n);
    return df_rx_begin_commit(&S1, in, n, 1);
}

/* The arena equals the shadow (nothing placed outside what the test expects). */
static int arena_ok(int line)
{
    size_t i;
    for (i = 0; i < g_alen; i++)
        if (g_a[i] != g_sh[i]) {
            fprintf(stderr, "  line %d: arena octet %zu changed (0x%02x, want 0x%02x)\n", line, i, g_a[i], g_sh[i]);
            return 0;
        }
    return 1;
}
/* Place n octets of p at STag A offset off in the shadow (what a valid segment does). */
static void sh_a(uint64_t off, const uint8_t *p, size_t n) { memcpy(g_sh + off, p, n); }

/* A valid segment in: IW_OK, placed as expected. */
#define OK_SEG(seg, n) do { CHECK_EQ(feed((seg), (n)), IW_OK); CHECK_EQ(U1.nerr, 0); \
    CHECK(arena_ok(__LINE__)); } while (0)

/* The segment seg[0..n) must be refused with (st, layer, etype, code): reported once with its
 * first octets and length, nothing placed, nothing delivered; then every later segment (a
 * valid one) is dropped unplaced (DDP-034). */
static void expect_err_(const uint8_t *seg, size_t n, iw_status want_st, unsigned layer, unsigned etype,
                        unsigned code, int line)
{
    size_t nd0 = U1.ndeliv, k = n < sizeof U1.err[0].hdr ? n : sizeof U1.err[0].hdr;
    iw_ddp_stats st0 = iw_ddp_get_stats(&S1);
    iw_status st = feed(seg, n);
    const iw_ddp_error *e = &U1.err[0];
    uint8_t ok_seg[64];
    size_t okn;
    int bad = 0;
    if (st != want_st) { fprintf(stderr, "  line %d: status %d, want %d\n", line, (int)st, (int)want_st); bad = 1; }
    if (U1.nerr != 1) { fprintf(stderr, "  line %d: %zu error upcalls (DDP-033a)\n", line, U1.nerr); bad = 1; }
    if (U1.nerr >= 1) {
        if (e->status != want_st || e->term.layer != layer || e->term.etype != etype || e->term.ecode != code) {
            fprintf(stderr, "  line %d: error st=%d (%u,%u,0x%02x), want st=%d (%u,%u,0x%02x) (DDP-033a)\n", line,
                    (int)e->status, e->term.layer, e->term.etype, e->term.ecode, (int)want_st, layer, etype, code);
            bad = 1;
        }
        if ((size_t)e->hdr_len != k || memcmp(e->hdr, seg, k) != 0 || e->seg_len != n ||
            e->has_hdr != (n >= 1 && n >= (size_t)((seg[0] & 0x80) ? 14 : 18))) {
            fprintf(stderr, "  line %d: error header copy: hdr_len %u seg_len %u has_hdr %u (DDP-033b)\n", line, e->hdr_len,
                    (unsigned)e->seg_len, e->has_hdr);
            bad = 1;
        }
        if (memcmp(iw_ddp_last_error(&S1), e, sizeof *e) != 0) { fprintf(stderr, "  line %d: last_error\n", line); bad = 1; }
    }
    if (U1.ndeliv != nd0) { fprintf(stderr, "  line %d: delivered (DDP-033c)\n", line); bad = 1; }
    if (!arena_ok(line)) bad = 1; /* DDP-016a DDP-016b: the refused segment placed nothing */
    /* DDP-034: later segments are dropped, unplaced, unreported */
    okn = mk_t(ok_seg, C_TL, 0, STAG_A, TO_A + 7, (const uint8_t *)"0123456789", 10);
    if (feed(ok_seg, okn) != want_st) { fprintf(stderr, "  line %d: later segment not refused\n", line); bad = 1; }
    okn = mk_u(ok_seg, C_UL, 0, 0, 1, 1, 0, (const uint8_t *)"zz", 2);
    if (feed(ok_seg, okn) != want_st) { fprintf(stderr, "  line %d: later segment not refused\n", line); bad = 1; }
    if (U1.nerr != 1 || U1.ndeliv != nd0 || !arena_ok(line)) {
        fprintf(stderr, "  line %d: a later segment was placed, delivered or reported\n", line);
        bad = 1;
    }
    if (iw_ddp_get_stats(&S1).rx_dropped != st0.rx_dropped + 2) { fprintf(stderr, "  line %d: rx_dropped\n", line); bad = 1; }
    if (bad) {
        CHECK(0);
        fprintf(stderr, "  (mode %d)\n", g_mode);
    }
}
#define EXPECT_TERM(seg, n, etype, code) expect_err_((seg), (n), IW_ETERM, 1, (etype), (code), __LINE__)
#define EXPECT_ERR(seg, n, st, l, et, c) expect_err_((seg), (n), (st), (l), (et), (c), __LINE__)
#define FOR_MODES for (g_mode = 0; g_mode < 2; g_mode++)

static const uint8_t PL[] = "The quick brown fox jumps over the lazy dog; 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ";

/* Single-segment refusals as a table: the segment (control octet 0 with its DV bits; tagged:
 * STag and TO, untagged: QN, MSN and MO; octets of PL as payload; cut: the segment ends after
 * that many octets, -1 whole), the stream it meets (env's check op, the resolver leaving
 * pieces behind: 0, 1, or 2 in mode 1 only; an answer the resolver forces; the access the ULP's
 * check asks for) and the Terminate it must get: Layer 1 (DDP), EType, Code, through
 * expect_err_ (reported once, nothing placed or delivered, later segments dropped: DDP-016a/b,
 * DDP-033a..c, DDP-034, named at its checks). `after` is a check of the row's own: the ULP's check op or rx_buf never called
 * (the error is found before them), or the access the resolver was asked for. The rows of a
 * group run from that group's test (err_rows), in both receive modes. TO_END: the TO counts
 * from the end of region A (TO_A + 2 pages). */
enum { AFTER_NONE, AFTER_NO_CHECK, AFTER_NO_RXBUF, AFTER_ACC_WRITE, AFTER_ACC_READ };
#define TO_END 1u
typedef struct err_row {
    const char *name;
    const char *ids;
    const char *group;
    uint8_t c0;
    uint32_t id;      /* tagged: STag; untagged: QN */
    uint64_t to;      /* tagged: TO (TO_END: from the end of region A); untagged: MSN */
    uint32_t mo;
    uint16_t plen;
    int16_t cut;
    uint8_t with_check, scribble, to_rel;
    iw_ddp_xlate force;
    unsigned check_access;
    uint8_t etype, code, after;
} err_row;
#define DV_(c, dv) (uint8_t)(((c) & ~3u) | (dv))
#define DV_ROWS(dv)                                                                                          \
    {"DV " #dv ", tagged, valid STag", "DDP-018 DDP-026", "dv", DV_(C_TL, dv), STAG_A, TO_A, 0, 20, -1, 1, 0, 0, \
     IW_DDP_X_OK, 0, 1, 0x04, AFTER_NO_CHECK},                                                               \
    {"DV " #dv ", tagged, STag 0", "DDP-018 DDP-026", "dv", DV_(C_TN, dv), 0, TO_A, 0, 20, -1, 0, 0, 0,         \
     IW_DDP_X_OK, 0, 1, 0x04, AFTER_NONE},                                                                   \
    {"DV " #dv ", untagged", "DDP-018 DDP-026", "dv", DV_(C_UL, dv), 0, 1, 0, 20, -1, 1, 0, 0, IW_DDP_X_OK, 0,   \
     2, 0x06, AFTER_NO_CHECK},                                                                               \
    {"DV " #dv ", untagged, bad QN", "DDP-018 DDP-026", "dv", DV_(C_UN, dv), 99, 7, 3, 20, -1, 0, 0, 0,          \
     IW_DDP_X_OK, 0, 2, 0x06, AFTER_NONE}
static const err_row err_tab[] = {
    {"untagged, 0 octets", "DDP-017", "short", C_UL, 0, 1, 0, 0, 0, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00, AFTER_NONE},
    {"untagged, 1 octet", "DDP-017", "short", C_UL, 0, 1, 0, 0, 1, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00, AFTER_NONE},
    {"untagged, 2 octets", "DDP-017", "short", C_UL, 0, 1, 0, 0, 2, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00, AFTER_NONE},
    {"untagged, 13 octets", "DDP-017", "short", C_UL, 0, 1, 0, 0, 13, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00, AFTER_NONE},
    {"untagged, 17 octets", "DDP-017", "short", C_UL, 0, 1, 0, 0, 17, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00, AFTER_NONE},
    {"tagged, 0 octets", "DDP-017", "short", C_TL, STAG_A, TO_A, 0, 0, 0, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00,
     AFTER_NONE},
    {"tagged, 1 octet", "DDP-017", "short", C_TL, STAG_A, TO_A, 0, 0, 1, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00,
     AFTER_NONE},
    {"tagged, 2 octets", "DDP-017", "short", C_TL, STAG_A, TO_A, 0, 0, 2, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00,
     AFTER_NONE},
    {"tagged, 13 octets", "DDP-017", "short", C_TL, STAG_A, TO_A, 0, 0, 13, 0, 0, 0, IW_DDP_X_OK, 0, 0, 0x00,
     AFTER_NONE},
    DV_ROWS(0),
    DV_ROWS(2),
    DV_ROWS(3),
    {"STag 0", "DDP-019d", "stag", C_TL, 0, TO_A, 0, 33, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1, 0x00, AFTER_NONE},
    {"STag with a wrong key", "DDP-019c", "stag", C_TL, DF_STAG(1, 0x12), TO_A, 0, 33, -1, 1, 1, 0, IW_DDP_X_OK, 0,
     1, 0x00, AFTER_NONE},
    {"STag with key 0x10", "DDP-019c", "stag", C_TL, DF_STAG(1, 0x10), TO_A, 0, 33, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1,
     0x00, AFTER_NONE},
    {"STag index beyond the table", "DDP-019a", "stag", C_TL, DF_STAG(9, 0x11), TO_A, 0, 33, -1, 1, 1, 0,
     IW_DDP_X_OK, 0, 1, 0x00, AFTER_NONE},
    {"STag invalidated", "DDP-019b", "stag", C_TL, STAG_E, TO_A, 0, 33, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1, 0x00,
     AFTER_NONE},
    {"STag 0xFFFFFFFF", "DDP-019a", "stag", C_TL, 0xFFFFFFFFu, TO_A, 0, 33, -1, 1, 1, 0, IW_DDP_X_OK, 0, 1, 0x00,
     AFTER_NONE},
    {"STag index 0", "DDP-019a", "stag", C_TL, DF_STAG(0, 0x11), TO_A, 0, 33, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1, 0x00,
     AFTER_NONE},
    {"STag of another PD", "DDP-020a", "assoc", C_TL, STAG_C, TO_A, 0, 33, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1, 0x02,
     AFTER_NONE},
    {"STag of another PD, pieces left behind", "DDP-020a", "assoc", C_TL, STAG_C, TO_A, 0, 33, -1, 0, 1, 0,
     IW_DDP_X_OK, 0, 1, 0x02, AFTER_NONE},
    {"STag without Remote Write", "DDP-021a", "access", C_TL, STAG_D, TO_A, 0, 33, -1, 0, 2, 0, IW_DDP_X_OK, 0, 1,
     0x00, AFTER_ACC_WRITE},
    {"the ULP asks for a right the STag lacks", "DDP-021a", "access", C_TL, STAG_B, TO_B, 0, 33, -1, 1, 0, 0,
     IW_DDP_X_OK, IW_DDP_ACC_REMOTE_READ, 1, 0x00, AFTER_ACC_READ},
    {"below the base", "DDP-022a", "bounds", C_TL, STAG_A, TO_A - 1, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1, 0x01,
     AFTER_NONE},
    {"one past the end", "DDP-022b", "bounds", C_TL, STAG_A, (uint64_t)0 - 9, 0, 10, -1, 0, 0, TO_END, IW_DDP_X_OK,
     0, 1, 0x01, AFTER_NONE},
    {"one past the end, pieces left behind", "DDP-022b", "bounds", C_TL, STAG_A, (uint64_t)0 - 9, 0, 10, -1, 0, 1,
     TO_END, IW_DDP_X_OK, 0, 1, 0x01, AFTER_NONE},
    {"at the end", "DDP-022b", "bounds", C_TL, STAG_A, 0, 0, 1, -1, 0, 0, TO_END, IW_DDP_X_OK, 0, 1, 0x01,
     AFTER_NONE},
    {"below the base, 1 octet", "DDP-022a", "bounds", C_TL, STAG_A, TO_A - 5, 0, 1, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1,
     0x01, AFTER_NONE},
    {"TO + 17 wraps", "DDP-023a", "wrap", C_TL, STAG_F, 0xFFFFFFFFFFFFFFF0ull, 0, 17, -1, 0, 0, 0, IW_DDP_X_OK, 0, 1,
     0x03, AFTER_NONE},
    {"TO 2^64 - 1 + 2 wraps", "DDP-023a", "wrap", C_TL, STAG_F, 0xFFFFFFFFFFFFFFFFull, 0, 2, -1, 0, 0, 0,
     IW_DDP_X_OK, 0, 1, 0x03, AFTER_NONE},
    {"wrap, pieces left behind", "DDP-023a", "wrap", C_TL, STAG_F, 0xFFFFFFFFFFFFFFFFull, 0, 2, -1, 0, 1, 0,
     IW_DDP_X_OK, 0, 1, 0x03, AFTER_NONE},
    {"wrap and out of bounds: the wrap wins", "DDP-023b", "wrap", C_TL, STAG_A, 0xFFFFFFFFFFFFFFF0ull, 0, 32, -1, 0,
     0, 0, IW_DDP_X_OK, 0, 1, 0x03, AFTER_NONE},
    {"wrap, the resolver answers bounds", "DDP-023b", "wrap", C_TL, STAG_A, 0xFFFFFFFFFFFFFFF0ull, 0, 32, -1, 0, 0,
     0, IW_DDP_X_BOUNDS, 0, 1, 0x03, AFTER_NONE},
    {"invalid STag wins over a wrap", "DDP-019a DDP-023b", "wrap", C_TL, DF_STAG(9, 9), 0xFFFFFFFFFFFFFFF0ull, 0, 32,
     -1, 0, 0, 0, IW_DDP_X_OK, 0, 1, 0x00, AFTER_NONE},
    {"QN beyond IW_CFG_DDP_QN", "DDP-027", "qn", C_UL, IW_CFG_DDP_QN, 1, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2,
     0x01, AFTER_NO_RXBUF},
    {"QN IW_CFG_DDP_QN + 1", "DDP-027", "qn", C_UL, IW_CFG_DDP_QN + 1, 1, 0, 10, -1, 1, 0, 0, IW_DDP_X_OK, 0, 2,
     0x01, AFTER_NO_RXBUF},
    {"QN 2^31", "DDP-027", "qn", C_UL, 0x80000000u, 1, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x01, AFTER_NO_RXBUF},
    {"QN 2^32 - 1", "DDP-027", "qn", C_UL, 0xFFFFFFFFu, 1, 0, 10, -1, 1, 0, 0, IW_DDP_X_OK, 0, 2, 0x01,
     AFTER_NO_RXBUF},
    {"nothing posted on QN 2", "DDP-028", "nobuf", C_UL, 2, 1, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x02,
     AFTER_NONE},
    {"nothing posted on QN 2, zero length", "DDP-028", "nobuf", C_UL, 2, 1, 0, 0, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2,
     0x02, AFTER_NONE},
    {"MSN 0", "DDP-029", "msn", C_UL, 0, 0, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x03, AFTER_NO_RXBUF},
    {"MSN 2", "DDP-029", "msn", C_UL, 0, 2, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x03, AFTER_NO_RXBUF},
    {"MSN 2^32 - 1", "DDP-029", "msn", C_UL, 0, 0xFFFFFFFFu, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x03,
     AFTER_NO_RXBUF},
    {"MSN 2^31 + 1", "DDP-029", "msn", C_UL, 0, 0x80000001u, 0, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x03,
     AFTER_NO_RXBUF},
    {"first segment with MO 1", "DDP-030", "mo", C_UL, 0, 1, 1, 10, -1, 0, 0, 0, IW_DDP_X_OK, 0, 2, 0x04,
     AFTER_NONE},
};
#undef DV_ROWS
#undef DV_

/* Run the rows of group in both receive modes; a failing row is named with its IDs. */
static void err_rows(const char *group)
{
    size_t i;
    FOR_MODES for (i = 0; i < sizeof err_tab / sizeof err_tab[0]; i++) {
        const err_row *r = &err_tab[i];
        int failed_before = check__failed_here;
        uint64_t to = r->to + (r->to_rel == TO_END ? TO_A + 2 * g_ps : 0);
        size_t n;
        if (strcmp(r->group, group) != 0) continue;
        check__failed_here = 0; /* a failing row must not stop the next ones (REQUIRE) */
        REQUIRE(env(r->with_check));
        M1.scribble = r->scribble == 2 ? g_mode : r->scribble;
        M1.force = r->force;
        if (r->check_access) U1.check_access = r->check_access;
        if (r->c0 & 0x80) n = mk_t(g_seg, r->c0, 0, r->id, to, PL, r->plen);
        else n = mk_u(g_seg, r->c0, 0, 0, r->id, (uint32_t)r->to, r->mo, PL, r->plen);
        if (r->cut >= 0) n = (size_t)r->cut;
        EXPECT_TERM(g_seg, n, r->etype, r->code);
        if (r->after == AFTER_NO_CHECK) CHECK_EQ(U1.check_calls, 0); /* before the ULP's own checks */
        if (r->after == AFTER_NO_RXBUF) CHECK_EQ(U1.rx_buf_calls, 0); /* DDP-016b: checked first */
        if (r->after == AFTER_ACC_WRITE) CHECK_EQ(M1.last_access, IW_DDP_ACC_REMOTE_WRITE);
        if (r->after == AFTER_ACC_READ) CHECK_EQ(M1.last_access, IW_DDP_ACC_REMOTE_READ);
        if (check__failed_here) fprintf(stderr, "  row \"%s\" (%s), mode %d\n", r->name, r->ids, g_mode);
        check__failed_here |= failed_before;
    }
}

static void t_err_short(void) /* DDP-017 DDP-034 */
{
    err_rows("short");
}

static void t_err_dv(void) /* DDP-018 DDP-026 DDP-034 */
{
    unsigned dv;
    /* a first segment: tagged (1,1,0x04), even with an invalid STag (DV is checked first);
     * untagged (1,2,0x06), even with an invalid QN */
    err_rows("dv");
    FOR_MODES for (dv = 0; dv < 4; dv++) {
        size_t n;
        if (dv == 1) continue;
        /* on a later segment of a message */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps, PL, 10); /* QN 0's buffer, first piece */
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, (C_UL & ~3u) | dv, 0, 0, 0, 1, 10, PL, 10);
        EXPECT_TERM(g_seg, n, 2, 0x06);
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A, PL, 10);
        sh_a(0, PL, 10);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, (C_TL & ~3u) | dv, 0, STAG_A, TO_A + 10, PL, 10);
        EXPECT_TERM(g_seg, n, 1, 0x04);
    }
}

static void t_err_invalid_stag(void) /* DDP-034 */
{
    err_rows("stag");
    /* STag 0 is invalid even when a region is registered with STag 0 */
    FOR_MODES {
        size_t n;
        REQUIRE(env(0));
        df_mem_reg(&M1, 7, 0, TO_A, 4096, IW_DDP_ACC_REMOTE_WRITE, 0);
        n = mk_t(g_seg, C_TL, 0, 0, TO_A, PL, 33);
        EXPECT_TERM(g_seg, n, 1, 0x00); /* DDP-019d */
    }
}

static void t_err_not_assoc(void)
{
    err_rows("assoc");
}

static void t_err_access(void)
{
    err_rows("access");
}

static void t_err_bounds(void) /* DDP-037 */
{
    err_rows("bounds");
    FOR_MODES {
        size_t n;
        uint64_t end = TO_A + 2 * g_ps;
        /* exactly the region's first octets, and (a new stream) its last ones: placed */
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A, PL, 3);
        sh_a(0, PL, 3);
        OK_SEG(g_seg, n);
        CHECK_EQ(U1.ndeliv, 1);
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TL, 0, STAG_A, end - 10, PL, 10);
        sh_a(2 * g_ps - 10, PL, 10);
        OK_SEG(g_seg, n);
        CHECK_EQ(U1.ndeliv, 1);
        /* page-scattered STag B: 1 KiB pieces, the whole region */
        {
            size_t i, len = g_ps;
            REQUIRE(env(1));
            for (i = 0; i < len && i < sizeof g_tmp; i++) g_tmp[i] = (uint8_t)(i * 7 + 1);
            n = mk_t(g_seg, C_TL, 0, STAG_B, TO_B, g_tmp, len);
            for (i = 0; i < len; i++) g_sh[df_mem_addr(&M1, &M1.st[1], i) - g_a] = g_tmp[i];
            OK_SEG(g_seg, n);
            CHECK_EQ(M1.last_n, g_ps / 1024);
            REQUIRE(env(1));
            n = mk_t(g_seg, C_TL, 0, STAG_B, TO_B + 1, g_tmp, len); /* one past */
            EXPECT_TERM(g_seg, n, 1, 0x01); /* DDP-022b */
        }
    }
}

static void t_err_to_wrap(void)
{
    FOR_MODES {
        size_t n;
        /* region F's last octets, up to TO 2^64 - 1 (TO + len = 2^64: no octet wraps) */
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TL, 0, STAG_F, 0xFFFFFFFFFFFFFFF0ull, PL, 16);
        sh_a(0xFFFFFFFFFFFFFFF0ull - TO_F, PL, 16);
        OK_SEG(g_seg, n);
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TL, 0, STAG_F, 0xFFFFFFFFFFFFFFFFull, PL, 1);
        sh_a(8191, PL, 1);
        OK_SEG(g_seg, n);
    }
    /* one octet more wraps: (1,1,0x03); a wrap out of region A's bounds too is a wrap (checked
     * first), even when the resolver itself answers bounds; an invalid STag still wins over a
     * wrap (T1 before T6) */
    err_rows("wrap");
}

static void t_err_zero_len_tagged(void) /* DDP-024 */
{
    FOR_MODES {
        size_t n;
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TL, 0x42, 0xDEADBEEFu, 0xFFFFFFFFFFFFFFFFull, NULL, 0);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TL, 0x42, 0, 0, NULL, 0);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TL, 0x42, STAG_D, TO_A - 100, NULL, 0);
        OK_SEG(g_seg, n);
        CHECK_EQ(M1.calls, 0); /* no translation at all */
        REQUIRE(U1.ndeliv == 3);
        CHECK_EQ(U1.deliv[0].h.stag, 0xDEADBEEFu);
        CHECK_EQ(U1.deliv[0].len, 0);
        CHECK_EQ(U1.deliv[0].h.ulp, 0x42);
    }
}

static void t_err_tagged_continuation(void) /* DDP-038 */
{
    FOR_MODES {
        size_t n;
        /* another (valid) STag in a later segment: (1,1,0x00) */
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A, PL, 20);
        sh_a(0, PL, 20);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TL, 0, STAG_B, TO_B, PL, 20);
        EXPECT_TERM(g_seg, n, 1, 0x00); /* DDP-025a */
        CHECK_EQ(U1.ndeliv, 0); /* the message placed so far is never delivered (DDP-038) */
        /* a TO that does not continue it (gap, overlap), in bounds: (1,1,0x01) */
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A, PL, 20);
        sh_a(0, PL, 20);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A + 21, PL, 20);
        EXPECT_TERM(g_seg, n, 1, 0x01); /* DDP-025b: a gap */
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A + 100, PL, 20);
        sh_a(100, PL, 20);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A + 119, PL, 20);
        EXPECT_TERM(g_seg, n, 1, 0x01); /* DDP-025b: an overlap */
        /* continuing correctly: delivered at L, then a new message may use any STag */
        REQUIRE(env(0));
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A, PL, 20);
        sh_a(0, PL, 20);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A + 20, PL + 20, 20);
        sh_a(20, PL + 20, 20);
        OK_SEG(g_seg, n);
        REQUIRE(U1.ndeliv == 1);
        n = mk_t(g_seg, C_TL, 0, STAG_F, TO_F, PL, 5);
        sh_a(0, PL, 5);
        OK_SEG(g_seg, n);
        CHECK_EQ(U1.ndeliv, 2);
    }
}

static void t_err_qn(void) /* DDP-027 */
{
    err_rows("qn");
}

static void t_err_no_buffer(void) /* DDP-028 */
{
    err_rows("nobuf"); /* nothing posted on QN 2, zero-length too */
    FOR_MODES {
        size_t n;
        /* QN 1 had one buffer: the second message finds none */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps + 200, PL, 10);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UL, 0, 0, 1, 2, 0, NULL, 0);
        EXPECT_TERM(g_seg, n, 2, 0x02);
        /* a ULP without rx_buf */
        REQUIRE(env(0));
        REQUIRE(iw_ddp_init(&S1, &df_llp_ops, &L1, &df_mem_ops, &M1, &df_ulp_ops_norxbuf, &U1) == IW_OK);
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 0, NULL, 0);
        EXPECT_TERM(g_seg, n, 2, 0x02);
        /* a ULP whose buffer has a NULL piece of nonzero length: a local error, nothing placed */
        REQUIRE(env(0));
        {
            iw_ddp_buf bb[2];
            bb[0].base = g_a + 3 * g_ps + 300;
            bb[0].len = 10;
            bb[1].base = NULL;
            bb[1].len = 10;
            df_ulp_post(&U1, 2, bb, 2);
        }
        n = mk_u(g_seg, C_UL, 0, 0, 2, 1, 0, PL, 5);
        EXPECT_ERR(g_seg, n, IW_EHOST, 1, 0, 0x00);
        /* a zero-length buffer takes a zero-length message */
        REQUIRE(env(0));
        df_ulp_post1(&U1, 3, NULL, 0);
        n = mk_u(g_seg, C_UL, 0, 0, 3, 1, 0, NULL, 0);
        OK_SEG(g_seg, n);
        CHECK_EQ(U1.ndeliv, 1);
    }
}

static void t_err_msn(void) /* DDP-029 */
{
    err_rows("msn");
    FOR_MODES {
        size_t n;
        /* after a message: the same MSN again */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps + 200, PL, 10);
        OK_SEG(g_seg, n);
        CHECK_EQ(iw_ddp_rx_msn(&S1, 1), 2); /* DDP-015b */
        CHECK_EQ(iw_ddp_rx_msn(&S1, 0), 1); /* DDP-015a */
        n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, NULL, 0);
        EXPECT_TERM(g_seg, n, 2, 0x03);
        /* another MSN in a later segment of the message */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps, PL, 10);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UL, 0, 0, 0, 2, 10, PL, 10);
        EXPECT_TERM(g_seg, n, 2, 0x03);
    }
}

static void t_err_mo(void) /* DDP-030 */
{
    err_rows("mo"); /* the first segment has MO 0 */
    FOR_MODES {
        size_t n;
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps, PL, 10);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 11, PL, 5); /* gap */
        EXPECT_TERM(g_seg, n, 2, 0x04);
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps, PL, 10);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 9, PL, 5); /* overlap */
        EXPECT_TERM(g_seg, n, 2, 0x04);
    }
}

static void t_err_too_long(void) /* DDP-031 DDP-037 DDP-038 */
{
    FOR_MODES {
        size_t n, i;
        /* QN 0: 50 + 100 octets, the 100 ending at the upper guard page */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 0, PL, 0);
        for (i = 0; i < 151; i++) g_seg[18 + i] = (uint8_t)i;
        n += 151;
        EXPECT_TERM(g_seg, n, 2, 0x05);
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 0);
        for (i = 0; i < 100; i++) g_seg[18 + i] = (uint8_t)i;
        n += 100;
        memcpy(g_sh + 3 * g_ps, g_seg + 18, 50);
        memcpy(g_sh + g_alen - 100, g_seg + 68, 50);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 100, PL, 51);
        EXPECT_TERM(g_seg, n, 2, 0x05);
        CHECK_EQ(U1.ndeliv, 0);
        /* exactly full: placed to the last octet before the guard page */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 0);
        for (i = 0; i < 100; i++) g_seg[18 + i] = (uint8_t)i;
        n += 100;
        memcpy(g_sh + 3 * g_ps, g_seg + 18, 50);
        memcpy(g_sh + g_alen - 100, g_seg + 68, 50);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 100, PL, 50);
        memcpy(g_sh + g_alen - 50, PL, 50);
        OK_SEG(g_seg, n);
        REQUIRE(U1.ndeliv == 1);
        CHECK_EQ(U1.deliv[0].len, 150);
        /* a zero-length buffer and one octet */
        REQUIRE(env(0));
        df_ulp_post1(&U1, 3, NULL, 0);
        n = mk_u(g_seg, C_UL, 0, 0, 3, 1, 0, PL, 1);
        EXPECT_TERM(g_seg, n, 2, 0x05);
    }
}

static void t_err_ulp_refusals(void) /* DDP-032 */
{
    FOR_MODES {
        size_t n;
        iw_term t;
        /* rx_buf refuses a Read Request beyond IRD with (1,2,0x03), as RDMAP does */
        REQUIRE(env(1));
        U1.refuse[1] = 1;
        U1.refuse_term[1].layer = 1;
        U1.refuse_term[1].etype = 2;
        U1.refuse_term[1].ecode = 0x03;
        n = mk_u(g_seg, C_UL, 0x41, 0, 1, 1, 0, PL, 28);
        EXPECT_TERM(g_seg, n, 2, 0x03);
        /* the ULP's check refuses (RDMAP: invalid opcode, (0,2,0x02)) */
        REQUIRE(env(1));
        U1.check_refuse = 1;
        t.layer = 0;
        t.etype = 2;
        t.ecode = 0x02;
        U1.check_term = t;
        n = mk_t(g_seg, C_TL, 0x4F, STAG_A, TO_A, PL, 28);
        EXPECT_ERR(g_seg, n, IW_ETERM, 0, 2, 0x02);
        CHECK_EQ(M1.calls, 0); /* before translation */
        REQUIRE(env(1));
        U1.check_refuse = 1;
        U1.check_term = t;
        n = mk_u(g_seg, C_UL, 0x4F, 0, 0, 1, 0, PL, 28);
        EXPECT_ERR(g_seg, n, IW_ETERM, 0, 2, 0x02);
        CHECK_EQ(U1.rx_buf_calls, 0);
    }
}

/* A misbehaving translation (pieces that do not cover exactly the range) places nothing. */
static void t_err_resolver_lies(void) /* DDP-037 */
{
    int lie;
    FOR_MODES { /* an empty piece in front is harmless: dropped */
        size_t n, i;
        REQUIRE(env(0));
        M1.lie = 5;
        n = mk_t(g_seg, C_TL, 0, STAG_B, TO_B + 1000, PL, 40); /* two pieces of STag B */
        for (i = 0; i < 40; i++) g_sh[df_mem_addr(&M1, &M1.st[1], 1000 + i) - g_a] = PL[i];
        OK_SEG(g_seg, n);
        CHECK_EQ(M1.last_n, 3);
        REQUIRE(env(0));
        M1.lie = 5;
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A + 5, PL, 40);
        sh_a(5, PL, 40);
        OK_SEG(g_seg, n);
        CHECK_EQ(U1.ndeliv, 1);
    }
    FOR_MODES for (lie = 1; lie <= 4; lie++) {
        size_t n;
        REQUIRE(env(0));
        M1.lie = lie;
        n = mk_t(g_seg, C_TL, 0, STAG_B, TO_B + g_ps - 40, PL, 40);
        EXPECT_ERR(g_seg, n, IW_EHOST, 1, 0, 0x00);
        REQUIRE(env(0));
        M1.lie = lie;
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A, PL, 40);
        EXPECT_ERR(g_seg, n, IW_EHOST, 1, 0, 0x00);
    }
}

/* Errors in the middle of several messages: placed-but-undelivered messages never complete. */
static void t_err_abort_pending(void) /* DDP-034 DDP-038 */
{
    FOR_MODES {
        size_t n, nd;
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, PL, 10); /* one message delivered */
        memcpy(g_sh + 3 * g_ps + 200, PL, 10);
        OK_SEG(g_seg, n);
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 30); /* untagged, placed, not delivered */
        memcpy(g_sh + 3 * g_ps, PL, 30);
        OK_SEG(g_seg, n);
        n = mk_t(g_seg, C_TN, 0, STAG_A, TO_A, PL, 30); /* tagged, placed, not delivered */
        sh_a(0, PL, 30);
        OK_SEG(g_seg, n);
        nd = U1.ndeliv;
        CHECK_EQ(nd, 1);
        n = mk_u(g_seg, C_UL, 0, 0, 7, 1, 0, PL, 3); /* the error */
        EXPECT_TERM(g_seg, n, 2, 0x01);
        /* the rest of both pending messages: dropped, never delivered */
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 30, PL, 5);
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A + 30, PL, 5);
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        CHECK_EQ(U1.ndeliv, nd);
        CHECK_EQ(U1.nerr, 1);
        CHECK(arena_ok(__LINE__));
        {   /* a later error from above is not reported either: the first one stays */
            iw_term t;
            t.layer = 0; t.etype = 2; t.ecode = 0x07;
            CHECK_EQ(iw_ddp_fail(&S1, IW_ETERM, t, PL, 20), IW_ETERM);
            CHECK_EQ(U1.nerr, 1);
            CHECK_EQ(iw_ddp_last_error(&S1)->term.etype, 2);
            CHECK_EQ(iw_ddp_last_error(&S1)->term.ecode, 0x01);
            CHECK_EQ(iw_ddp_last_error(&S1)->term.layer, 1);
        }
        {   /* transmit stays open: the ULP sends its Terminate (QN 2, MSN 1) */
            iw_ddp_msg m;
            iw_iov v;
            pseg p;
            memset(&m, 0, sizeof m);
            v.base = g_seg;
            v.len = 28;
            m.qn = 2;
            m.sgl = &v;
            m.nsge = 1;
            CHECK_EQ(iw_ddp_send(&S1, &m), IW_OK);
            REQUIRE(L1.nseg == 1);
            REQUIRE(parse_seg(df_llp_seg(&L1, 0), L1.seg_len[0], &p));
            CHECK_EQ(p.qn, 2);
            CHECK_EQ(p.msn, 1);
            CHECK_EQ(p.L, 1);
            CHECK_EQ(U1.nerr, 1);
        }
        /* iw_ddp_fail from above (RDMAP at delivery) also stops everything */
        REQUIRE(env(0));
        n = mk_u(g_seg, C_UN, 0, 0, 0, 1, 0, PL, 30);
        memcpy(g_sh + 3 * g_ps, PL, 30);
        OK_SEG(g_seg, n);
        {
            iw_term t;
            t.layer = 0; t.etype = 1; t.ecode = 0x05;
            CHECK_EQ(iw_ddp_fail(&S1, IW_ETERM, t, g_seg, n), IW_ETERM);
        }
        n = mk_u(g_seg, C_UL, 0, 0, 0, 1, 30, PL, 5);
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        CHECK_EQ(U1.ndeliv, 0);
        CHECK_EQ(U1.nerr, 1);
        CHECK(arena_ok(__LINE__));
    }
}

/* Fused receive without the CRC's blessing: nothing completes, no DDP error. */
static void t_fused_crc_bad(void) /* DDP-038 */
{
    size_t n;
    REQUIRE(env(0));
    n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, PL, 10);
    CHECK_EQ(df_rx_begin_commit(&S1, g_seg, n, 0), IW_OK);
    CHECK_EQ(U1.ndeliv, 0);
    CHECK_EQ(U1.nerr, 0);
    /* a segment DDP would refuse: its error is not reported when the CRC is bad */
    n = mk_u(g_seg, C_UL, 0, 0, 9, 1, 0, PL, 10);
    CHECK_EQ(df_rx_begin_commit(&S1, g_seg, n, 0), IW_OK);
    CHECK_EQ(U1.nerr, 0);
    CHECK_EQ(iw_ddp_rx_commit(&S1, 1), IW_ESTATE); /* nothing pending */
    CHECK_EQ(U1.ndeliv, 0);
}

/* A ULPDU longer than MPA can carry is refused as a segment size error. */
static void t_err_oversize(void) /* DDP-034 */
{
    FOR_MODES {
        size_t n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A, NULL, 0);
        REQUIRE(env(0));
        memset(g_seg + n, 0x5A, 65536 - n);
        EXPECT_TERM(g_seg, 65536, 0, 0x00);
    }
}

/* The ULP refuses at delivery (RDMAP errors found then): it calls iw_ddp_fail, DDP stops. */
static void t_err_deliver_refused(void) /* DDP-034 */
{
    FOR_MODES {
        size_t n;
        REQUIRE(env(0));
        U1.deliver_status = IW_ETERM;
        n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps + 200, PL, 10);
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        CHECK_EQ(U1.ndeliv, 1);
        REQUIRE(U1.nerr == 1);
        CHECK_EQ(U1.err[0].term.layer, 0);
        CHECK_EQ(U1.err[0].term.etype, 2);
        CHECK_EQ(U1.err[0].term.ecode, 0x05);
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A, PL, 10); /* dropped */
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        CHECK_EQ(U1.ndeliv, 1);
        CHECK_EQ(U1.nerr, 1);
        CHECK(arena_ok(__LINE__));
        /* a ULP that refuses without saying why: a local catastrophic error */
        REQUIRE(env(0));
        U1.deliver_status = IW_ETERM;
        U1.s = NULL;
        n = mk_u(g_seg, C_UL, 0, 0, 1, 1, 0, PL, 10);
        memcpy(g_sh + 3 * g_ps + 200, PL, 10);
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        REQUIRE(U1.nerr == 1);
        CHECK_EQ(U1.err[0].term.layer, 1);
        CHECK_EQ(U1.err[0].term.etype, 0);
        n = mk_t(g_seg, C_TL, 0, STAG_A, TO_A, PL, 10);
        CHECK_EQ(feed(g_seg, n), IW_ETERM);
        CHECK(arena_ok(__LINE__));
    }
}

/* Argument checks: nothing changes, nothing is sent. */
static void t_api_args(void)
{
    static uint8_t buf[8];
    iw_ddp_msg m;
    iw_iov v;
    iw_ddp_llp_ops bad = df_llp_ops;
    df_llp_init(&L1, 1000);
    df_ulp_init(&U1);
    REQUIRE(df_stream_init(&S1, &L1, NULL, &U1, 0) == IW_OK);
    memset(&m, 0, sizeof m);
    m.qn = IW_CFG_DDP_QN; /* untagged on a queue beyond the stream's */
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
    m.qn = 0;
    v.base = NULL;
    v.len = 3;
    m.sgl = &v;
    m.nsge = 1;
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
    m.sgl = NULL;
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
    CHECK_EQ(iw_ddp_send(&S1, NULL), IW_EINVAL);
    CHECK_EQ(L1.send_calls, 0);
    CHECK_EQ(iw_ddp_rx(&S1, NULL, 5), IW_EINVAL);
    CHECK_EQ(U1.nerr, 0);
    v.base = buf;
    m.sgl = &v;
    CHECK_EQ(iw_ddp_send(&S1, &m), IW_OK); /* the refused ones used no MSN */
    {
        pseg p;
        REQUIRE(parse_seg(df_llp_seg(&L1, 0), L1.seg_len[0], &p));
        CHECK_EQ(p.msn, 1);
    }
    {   /* a tagged message whose last octet would lie past TO 2^64 - 1 */
        static iw_iov w;
        w.base = g_src;
        w.len = 11;
        m.sgl = &w;
        m.tagged = 1;
        m.to = 0xFFFFFFFFFFFFFFF6ull;
        CHECK_EQ(iw_ddp_send(&S1, &m), IW_EINVAL);
        CHECK_EQ(L1.nseg, 1);
        w.len = 10; /* ends at 2^64 - 1 */
        CHECK_EQ(iw_ddp_send(&S1, &m), IW_OK);
        CHECK_EQ(L1.nseg, 2);
    }
    bad.busy = NULL;
    CHECK_EQ(iw_ddp_init(&S2, &bad, &L1, &df_mem_ops, NULL, &df_ulp_ops, &U1), IW_EINVAL);
    CHECK_EQ(iw_ddp_init(&S2, &df_llp_ops, &L1, NULL, NULL, &df_ulp_ops, &U1), IW_EINVAL);
    CHECK_EQ(iw_ddp_init(&S2, &df_llp_ops, &L1, &df_mem_ops, NULL, NULL, &U1), IW_EINVAL);
}

/* ======================================================================================== */
/* Over mpa.h                                                                                */
/* ======================================================================================== */

#define MA_ARENA (256u * 1024u)
static df_mpa_ep *PA, *PB;
static uint8_t *ma_a, *ma_b;
static uint8_t g_stream[1u << 20];
static size_t g_stream_len;
static size_t g_fpdu_at[64], g_nfpdu; /* wire offsets of A's FPDUs, per segment */
static uint8_t g_img[MA_ARENA];       /* B's arena after the reference run */
static char g_base_log[DF_LOG_CAP];

static const size_t ma_sizes[] = {0, 1, 700, 3000, 17, 5000, 9000};

static void ma_cfg(iw_mpa_cfg *ci, iw_mpa_cfg *cr, int mk, uint32_t emss)
{
    iw_mpa_cfg_default(ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(cr, IW_MPA_RESPONDER);
    ci->crc = cr->crc = 1;
    cr->markers_rx = (uint8_t)mk;
    ci->emss = cr->emss = emss;
}
/* B's memory: STag 1 over [0, 64 KiB), page-scattered STag 2 over [64 KiB, 128 KiB); receive
 * buffers (2 pieces each) at 128 KiB + 10 KiB * i. */
static uint8_t g_tmpl[MA_ARENA];
static void ma_setup_b(df_mpa_ep *b, size_t nmsg)
{
    static int filled;
    size_t i;
    if (!filled) {
        df_fill(g_tmpl, MA_ARENA, 9);
        filled = 1;
    }
    memcpy(ma_b, g_tmpl, MA_ARENA);
    df_mem_reg(&b->mem, 0, DF_STAG(1, 7), 0x10000, 65536, IW_DDP_ACC_REMOTE_WRITE, 0);
    df_mem_reg(&b->mem, 1, DF_STAG(2, 8), 0x7000, 65536, IW_DDP_ACC_REMOTE_WRITE, 65536)->page = 4096;
    for (i = 0; i < nmsg; i++) {
        iw_ddp_buf bb[2];
        bb[0].base = ma_b + 131072 + 10240 * i;
        bb[0].len = 333;
        bb[1].base = bb[0].base + 1000;
        bb[1].len = 9000;
        df_ulp_post(&b->ulp, (uint32_t)(i % 3), bb, 2);
    }
}

/* Connect A and B, send ma_sizes[0..nmsg) from A (tagged and untagged alternately) with the
 * host taking partial sends when partial; return A's whole wire in g_stream. */
static int ma_build(int mk, uint32_t emss, int fused, int partial, size_t nmsg)
{
    iw_mpa_cfg ci, cr;
    size_t k;
    ma_cfg(&ci, &cr, mk, emss);
    if (df_mpa_ep_init(PA, &ci, fused, 0, ma_a, MA_ARENA, 1) != IW_OK) return 0;
    if (df_mpa_ep_init(PB, &cr, fused, 1, ma_b, MA_ARENA, 1) != IW_OK) return 0;
    ma_setup_b(PB, nmsg);
    if (!df_mpa_connect(PA, PB)) return 0;
    if (partial) {
        PA->ep.f.h.accept_limit = 7;
        PA->ep.f.h.accept_per_call = 13;
    }
    g_nfpdu = 0;
    for (k = 0; k < nmsg; k++) {
        iw_ddp_msg m;
        size_t guard = 0, segs0 = iw_ddp_get_stats(&PA->s).tx_segs;
        memset(&m, 0, sizeof m);
        m.tagged = (uint8_t)(k & 1);
        m.ulp = (uint8_t)k;
        m.ulp32 = 0xBEEF0000u | (uint32_t)k;
        m.qn = (uint32_t)((k / 2) % 3);
        m.stag = k % 4 == 1 ? DF_STAG(1, 7) : DF_STAG(2, 8);
        m.to = k % 4 == 1 ? 0x10000 + 100 * k : 0x7000 + 4000;
        m.nsge = make_sgl(g_sgl, 64, ma_sizes[k], 1, 1000 * k);
        m.sgl = g_sgl;
        m.cookie = (void *)(uintptr_t)(k + 1);
        if (!m.tagged) m.qn = (uint32_t)(k % 3);
        if (g_nfpdu < 64) g_fpdu_at[g_nfpdu++] = PA->ep.f.h.wire_len;
        if (iw_ddp_send(&PA->s, &m) != IW_OK) return 0;
        /* the host drains: iw_mpa_tx_resume -> tx_done -> iw_ddp_tx_resume */
        while (iw_ddp_tx_busy(&PA->s) && guard++ < 1000000) {
            if (iw_mpa_tx_resume(&PA->ep.c) != IW_OK) return 0;
        }
        if (iw_ddp_tx_busy(&PA->s) || PA->ulp.nsent != k + 1) return 0;
        (void)segs0;
    }
    if (PA->ulp.nerr || iw_mpa_last_error(&PA->ep.c)->status != IW_OK) return 0;
    g_stream_len = PA->ep.f.h.wire_len;
    memcpy(g_stream, PA->ep.wire, g_stream_len);
    return 1;
}

/* Fresh B (fused or not), fed g_stream cut at cuts; returns B's DDP log in log. */
static void ma_run(int mk, uint32_t emss, int fused, const size_t *cuts, size_t ncuts, size_t nmsg, char *log)
{
    iw_mpa_cfg ci, cr;
    ma_cfg(&ci, &cr, mk, emss);
    if (df_mpa_ep_init(PB, &cr, fused, 1, ma_b, MA_ARENA, 1) != IW_OK) {
        strcpy(log, "init failed");
        return;
    }
    ma_setup_b(PB, nmsg);
    PB->ep.f.accept_in_request = 1;
    iw_mpa_start(&PB->ep.c, NULL, 0);
    df_mpa_feed(PB, g_stream, g_stream_len, cuts, ncuts);
    memcpy(log, PB->ulp.log, PB->ulp.log_len + 1);
}

/* B's arena holds what A sent: tagged into the STags, untagged into the posted buffers. */
static int ma_check_placed(size_t nmsg)
{
    size_t k;
    if (PB->ulp.ndeliv != nmsg) {
        fprintf(stderr, "  %zu of %zu delivered\n", PB->ulp.ndeliv, nmsg);
        return 0;
    }
    for (k = 0; k < nmsg; k++) {
        const df_deliv *d = &PB->ulp.deliv[k];
        size_t total = ma_sizes[k], nsge = make_sgl(g_sgl, 64, total, 1, 1000 * k);
        gather(g_sgl, nsge, g_exp);
        if ((size_t)d->h.tagged != (k & 1) || d->h.ulp != (uint8_t)k) {
            fprintf(stderr, "  message %zu: header\n", k);
            return 0;
        }
        if (d->h.tagged) {
            const df_stag *e = &PB->mem.st[k % 4 == 1 ? 0 : 1];
            uint64_t to = k % 4 == 1 ? 0x10000 + 100 * k : 0x7000 + 4000;
            df_mem_read(&PB->mem, e, to - e->base_to, g_tmp, total);
        } else {
            if (d->len != total || d->h.qn != k % 3 || d->h.ulp32 != (0xBEEF0000u | (uint32_t)k)) {
                fprintf(stderr, "  message %zu: untagged delivery\n", k);
                return 0;
            }
            df_rbuf_read(&d->buf, g_tmp, total);
        }
        if (memcmp(g_tmp, g_exp, total) != 0) {
            fprintf(stderr, "  message %zu: payload differs\n", k);
            return 0;
        }
    }
    return 1;
}

static void ma_alloc(void)
{
    if (!PA) {
        PA = (df_mpa_ep *)calloc(1, sizeof *PA);
        PB = (df_mpa_ep *)calloc(1, sizeof *PB);
        ma_a = (uint8_t *)calloc(1, MA_ARENA);
        ma_b = (uint8_t *)calloc(1, MA_ARENA);
    }
    (void)ep_init;
}

static void t_mpa_roundtrip(void) /* DDP-006 DDP-036 */
{
    static char other[DF_LOG_CAP];
    static size_t cuts[1u << 16];
    size_t nmsg = sizeof ma_sizes / sizeof ma_sizes[0];
    int mk, partial;
    src_init();
    ma_alloc();
    REQUIRE(PA && PB && ma_a && ma_b);
    for (mk = 0; mk < 2; mk++)
        for (partial = 0; partial < 2; partial++) {
            int fused;
            uint32_t emss = mk ? 1460 : 4000;
            size_t i;
            unsigned long long seed = 3;
            REQUIRE(ma_build(mk, emss, 0, partial, nmsg));
            /* the reference: verify-then-place, whole */
            ma_run(mk, emss, 0, NULL, 0, nmsg, g_base_log);
            CHECK(ma_check_placed(nmsg));
            CHECK_EQ(PB->ulp.nerr, 0);
            CHECK_EQ(PB->places, 0);
            CHECK_EQ(iw_mpa_last_error(&PB->ep.c)->status, IW_OK);
            memcpy(g_img, ma_b, MA_ARENA);
            for (fused = 0; fused < 3; fused++) { /* 2: fused and streamed (split FPDUs) */
                ma_run(mk, emss, fused, NULL, 0, nmsg, other);
                CHECK(strcmp(g_base_log, other) == 0);
                if (strcmp(g_base_log, other) != 0)
                    fprintf(stderr, "  whole feed: delivery logs differ:\n--- verify-then-place\n%s--- %s\n%s",
                            g_base_log, fused ? "fused" : "verify-then-place", other);
                CHECK(memcmp(g_img, ma_b, MA_ARENA) == 0);
                if (fused && !mk) CHECK(PB->places > 0); /* the fused path was taken */
                /* byte by byte */
                for (i = 0; i + 1 < g_stream_len; i++) cuts[i] = i + 1;
                ma_run(mk, emss, fused, cuts, g_stream_len - 1, nmsg, other);
                CHECK(strcmp(g_base_log, other) == 0);
                CHECK(memcmp(g_img, ma_b, MA_ARENA) == 0);
                /* placed as it came, markers (RFC 5044 §5) or not */
                if (fused == 2) CHECK(PB->begins_ok > 0);
                /* random chunkings */
                for (i = 0; i < 10; i++) {
                    size_t nc = 0, p = 0;
                    while (nc < 4096) {
                        p += 1 + (size_t)(check_rand(&seed) % 2000);
                        if (p >= g_stream_len) break;
                        cuts[nc++] = p;
                    }
                    ma_run(mk, emss, fused, cuts, nc, nmsg, other);
                    CHECK(strcmp(g_base_log, other) == 0);
                    CHECK(memcmp(g_img, ma_b, MA_ARENA) == 0);
                }
                if (check__failed_here) {
                    fprintf(stderr, "  mk %d partial %d fused %d\n", mk, partial, fused);
                    return;
                }
            }
        }
}

static void t_mpa_every_split(void) /* DDP-036 */
{
    static char other[DF_LOG_CAP];
    size_t nmsg = 3, i, cut[1];
    int mk;
    src_init();
    ma_alloc();
    for (mk = 0; mk < 2; mk++) {
        int fused;
        REQUIRE(ma_build(mk, 1460, 0, 0, nmsg)); /* 0, 1, 700 octets */
        ma_run(mk, 1460, 0, NULL, 0, nmsg, g_base_log);
        CHECK(ma_check_placed(nmsg));
        memcpy(g_img, ma_b, MA_ARENA);
        for (fused = 0; fused < 3; fused++)
            for (i = 1; i < g_stream_len; i++) {
                cut[0] = i;
                ma_run(mk, 1460, fused, cut, 1, nmsg, other);
                if (strcmp(g_base_log, other) != 0 || memcmp(g_img, ma_b, MA_ARENA) != 0) {
                    CHECK(0);
                    fprintf(stderr, "  split at %zu of %zu (mk %d fused %d)\n", i, g_stream_len, mk, fused);
                    break;
                }
            }
    }
}

/* Keep the "deliver" and "error" lines of a log (rx_buf may run before a fused CRC check). */
static void filter_log(const char *in, char *out)
{
    const char *p = in;
    size_t o = 0;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p + 1) : strlen(p);
        if (strncmp(p, "deliver", 7) == 0 || strncmp(p, "error", 5) == 0) {
            memcpy(out + o, p, n);
            o += n;
        }
        p += n;
    }
    out[o] = 0;
}

/* The connection failed with MPA's CRC error: Terminate (2,0,0x02). */
static int mpa_crc_err(const df_mpa_ep *e)
{
    const iw_mpa_error *x = iw_mpa_last_error(&e->ep.c);
    if (x->status == IW_ETERM && x->mpa_ecode == IW_MPA_ECODE_CRC && x->term.layer == 2 && x->term.etype == 0 &&
        x->term.ecode == 0x02)
        return 1;
    fprintf(stderr, "  MPA error: st %d mpa %u term (%u,%u,0x%02x)\n", (int)x->status, x->mpa_ecode, x->term.layer,
            x->term.etype, x->term.ecode);
    return 0;
}

static void t_mpa_crc_error(void) /* DDP-038 */
{
    static char a[DF_LOG_CAP], b[DF_LOG_CAP], fa[DF_LOG_CAP], fb[DF_LOG_CAP];
    static size_t cuts[1u << 16];
    /* octet to corrupt in the FPDU of the last message's L = 1 segment (untagged, 9000 octets
     * in 7 segments): 2 = DDP control (DV 01b -> 10b), 3 = RsvdULP, 2 + 9 = QN's low octet,
     * 2 + 13 = MSN's, 2 + 17 = MO's, 2 + 40 = payload */
    static const size_t offs[] = {2, 3, 2 + 9, 2 + 13, 2 + 17, 2 + 40};
    size_t nmsg = sizeof ma_sizes / sizeof ma_sizes[0], oi, i;
    int fused;
    src_init();
    ma_alloc();
    REQUIRE(ma_build(0, 1460, 1, 0, nmsg));
    for (oi = 0; oi < sizeof offs / sizeof offs[0]; oi++)
        for (fused = 0; fused < 3; fused++) {
            size_t last_fpdu = 0, pos;
            /* find the last FPDU of the stream: walk A's FPDUs (no markers) */
            pos = g_fpdu_at[nmsg - 1];
            while (pos < g_stream_len) {
                size_t L = ((size_t)g_stream[pos] << 8) | g_stream[pos + 1];
                last_fpdu = pos;
                pos += 2 + L + ((4 - (L + 2) % 4) % 4) + 4;
            }
            REQUIRE(pos == g_stream_len);
            REQUIRE(ma_build(0, 1460, 1, 0, nmsg));
            g_stream[last_fpdu + offs[oi]] ^= 0x10;
            if (offs[oi] == 2) g_stream[last_fpdu + 2] ^= 0x13; /* DV 01b -> 10b, T kept */
            ma_run(0, 1460, fused, NULL, 0, nmsg, a);
            CHECK_EQ(PB->ulp.ndeliv, nmsg - 1); /* the corrupted message is never delivered */
            CHECK_EQ(PB->ulp.nerr, 0);          /* and DDP reports nothing */
            CHECK(mpa_crc_err(PB));
            if (fused) {
                CHECK_EQ(PB->commit_bad, 1);
            }
            /* the same, fed byte by byte (the reassembly path: CRC before anything) */
            for (i = 0; i + 1 < g_stream_len; i++) cuts[i] = i + 1;
            ma_run(0, 1460, fused, cuts, g_stream_len - 1, nmsg, b);
            CHECK_EQ(PB->ulp.ndeliv, nmsg - 1);
            CHECK_EQ(PB->ulp.nerr, 0);
            CHECK(mpa_crc_err(PB));
            filter_log(a, fa);
            filter_log(b, fb);
            CHECK(strstr(fa, "error") == NULL && strstr(fb, "error") == NULL);
            if (check__failed_here) {
                fprintf(stderr, "  corrupt offset %zu fused %d\n", offs[oi], fused);
                return;
            }
        }
}

/* Fused receive hands DDP the ULPDU without MPA's PAD: a 1-octet tagged message into a region
 * that ends right after it, and a 17-octet untagged message into a 17-octet buffer, are both
 * accepted and delivered with their own lengths, in both modes. */
static void t_mpa_fused_pad(void) /* DDP-036 DDP-037 */
{
    iw_mpa_cfg ci, cr;
    int fused;
    static uint8_t one[1] = {0x5C}, msg17[17] = "seventeen octets";
    ma_alloc();
    for (fused = 0; fused < 2; fused++) {
        iw_ddp_msg m;
        iw_iov v;
        size_t i;
        ma_cfg(&ci, &cr, 0, 1460);
        REQUIRE(df_mpa_ep_init(PA, &ci, 0, 0, ma_a, MA_ARENA, 1) == IW_OK);
        REQUIRE(df_mpa_ep_init(PB, &cr, fused, 0, ma_b, MA_ARENA, 1) == IW_OK);
        memset(ma_b, 0xEE, 4096);
        df_mem_reg(&PB->mem, 0, DF_STAG(1, 1), 0x2000, 100, IW_DDP_ACC_REMOTE_WRITE, 0);
        df_ulp_post1(&PB->ulp, 0, ma_b + 1000, 17);
        REQUIRE(df_mpa_connect(PA, PB));
        memset(&m, 0, sizeof m);
        m.sgl = &v;
        m.nsge = 1;
        for (i = 0; i < 2; i++) { /* the first FPDU is checked first (Responder, MPA-015) */
            v.base = one;
            v.len = 1;
            m.tagged = 1;
            m.stag = DF_STAG(1, 1);
            m.to = 0x2000 + 98 + i; /* the second one ends at the region's last octet */
            REQUIRE(iw_ddp_send(&PA->s, &m) == IW_OK);
            df_mpa_pipe(PA, PB);
        }
        v.base = msg17;
        v.len = 17;
        m.tagged = 0;
        REQUIRE(iw_ddp_send(&PA->s, &m) == IW_OK);
        df_mpa_pipe(PA, PB);
        if (fused) CHECK(PB->places >= 2);
        CHECK_EQ(PB->ulp.nerr, 0);
        REQUIRE(PB->ulp.ndeliv == 3);
        CHECK_EQ(PB->ulp.deliv[2].len, 17);
        CHECK_MEM(ma_b + 1000, msg17, 17);
        CHECK_EQ(ma_b + 1017 < ma_b + 4096 ? ma_b[1017] : 0, 0xEE); /* nothing after the message */
        CHECK_EQ(ma_b[98], 0x5C);
        CHECK_EQ(ma_b[99], 0x5C);
        CHECK_EQ(ma_b[100], 0xEE);
        CHECK_EQ(iw_mpa_last_error(&PB->ep.c)->status, IW_OK);
        if (check__failed_here) {
            fprintf(stderr, "  fused %d: %s", fused, PB->ulp.log);
            return;
        }
    }
}

/* ---- mpa.h: whole-FPDU copy-out against the piecewise loop and the send path ---- */

static endpoint EA, EB;

static int mpa_connect(const iw_mpa_cfg *ci, const iw_mpa_cfg *cr, const iw_mpa_host_ops *ops)
{
    size_t ma = 0, mb = 0;
    if (ep_init(&EA, ci) != IW_OK || ep_init(&EB, cr) != IW_OK) return 0;
    EA.c.ops = ops; /* A's host (set before anything is sent; ep_init checked the fake's) */
    EB.f.accept_in_request = 1;
    if (iw_mpa_start(&EB.c, NULL, 0) != IW_OK || iw_mpa_start(&EA.c, NULL, 0) != IW_OK) return 0;
    ep_pipe(&EA, &ma, &EB);
    ep_pipe(&EB, &mb, &EA);
    return iw_mpa_state(&EA.c) == IW_MPA_S_FULL;
}

static int ft_traces;
static void ft_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    (void)ctx, (void)dir, (void)iov, (void)n, (void)last;
    ft_traces++;
}
static int ft_crcs;
static uint32_t ft_crc(void *ctx, uint32_t crc, const void *p, size_t n)
{
    (void)ctx;
    ft_crcs++;
    return iw_crc32c_portable(crc, p, n);
}

/* The ULPDUs sent: pieces of every kind the loop treats apart (<= 8 octets, longer, empty),
 * PAD 0, 1, 2 and 3. */
#define FT_NMSG 7
static const size_t ft_len[FT_NMSG][4] = {
    {14, 64, 0, 0}, {14, 65, 0, 0}, {14, 66, 0, 0}, {14, 67, 0, 0},
    {2, 0, 8, 9}, {1, 7, 18, 4096}, {28, 1000, 7, 0}};
static uint8_t ft_src[8192];

/* Send the ULPDUs from A with room limits lim (first round; SIZE_MAX: all) and per (later
 * rounds; 0: all); 1 when all went out and B delivered them without error. */
static int ft_send(size_t lim, size_t per)
{
    size_t m, mark = EA.f.h.wire_len, guard = 0;
    EA.f.h.accept_limit = lim;
    EA.f.h.accept_per_call = per;
    for (m = 0; m < FT_NMSG; m++) {
        iw_iov v[4];
        size_t i, off = 0;
        for (i = 0; i < 4; i++) {
            v[i].base = ft_len[m][i] ? ft_src + off : NULL;
            v[i].len = ft_len[m][i];
            off += ft_len[m][i];
        }
        while (iw_mpa_tx(&EA.c, v, 4) == IW_EAGAIN && guard++ < 100000) iw_mpa_tx_resume(&EA.c);
        while (iw_mpa_tx_busy(&EA.c) && guard++ < 100000) iw_mpa_tx_resume(&EA.c);
    }
    ep_pipe(&EA, &mark, &EB);
    return guard < 100000 && EB.f.delivered == FT_NMSG && EB.f.errors == 0 &&
           iw_mpa_get_stats(&EA.c)->tx_fpdus == FT_NMSG && iw_mpa_last_error(&EA.c)->status == IW_OK;
}

/* The wire of the ULPDUs built here from RFC 5044 §4 (ULPDU_Length, ULPDU, PAD of zeros,
 * CRC32c of all that, least significant octet first; 0 without CRC). */
static size_t ft_ref_wire(uint8_t *out, int crc)
{
    size_t m, n = 0;
    for (m = 0; m < FT_NMSG; m++) {
        size_t i, u = 0, s = n, pad;
        uint32_t c;
        for (i = 0; i < 4; i++) u += ft_len[m][i];
        out[n++] = (uint8_t)(u >> 8);
        out[n++] = (uint8_t)u;
        memcpy(out + n, ft_src, u);
        n += u;
        pad = (0u - (u + 2u)) & 3u;
        memset(out + n, 0, pad);
        n += pad;
        c = crc ? check_crc32c_ref(0, out + s, n - s) : 0u;
        out[n++] = (uint8_t)c;
        out[n++] = (uint8_t)(c >> 8);
        out[n++] = (uint8_t)(c >> 16);
        out[n++] = (uint8_t)(c >> 24);
    }
    return n;
}

static void t_mpa_copyout_whole(void) /* MPA-046 MPA-053 MPA-054 */
{
    static uint8_t ref[16384], sendw[16384];
    size_t refn, sendn, base, k, first;
    int mk, crc, run;
    iw_mpa_host_ops ops;
    for (k = 0; k < sizeof ft_src; k++) ft_src[k] = (uint8_t)(k * 29 + 3);
    for (crc = 0; crc < 2; crc++)
        for (mk = 0; mk < 2; mk++) {
            iw_mpa_cfg ci, cr;
            iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
            iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
            ci.crc = cr.crc = (uint8_t)crc;
            cr.markers_rx = (uint8_t)mk; /* A inserts markers (RFC 5044 §5) */
            /* the send path (gather list): the reference for this configuration */
            REQUIRE(mpa_connect(&ci, &cr, &fake_host_ops));
            base = EA.f.h.wire_len;
            REQUIRE(ft_send((size_t)-1, 0));
            sendn = EA.f.h.wire_len - base;
            memcpy(sendw, EA.wire + base, sendn);
            if (!mk) { /* and without markers, the frame built here */
                refn = ft_ref_wire(ref, crc);
                CHECK_EQ(sendn, refn);
                CHECK_MEM(sendw, ref, refn);
            }
            first = 2u + ft_len[0][0] + ft_len[0][1] + 4u; /* the first FPDU, PAD 0 */
            /* copy-out: 0 all the room (the short cut where it applies); 1 one octet short of
             * the first FPDU; 2 none at first, then all; 3 the room in 5-octet runs; 4 with a
             * trace op; 5 with a host CRC engine */
            for (run = 0; run < 6; run++) {
                ops = fake_host_ops_copyout;
                if (run == 4) ops.trace = ft_trace;
                if (run == 5) ops.crc32c = ft_crc;
                ft_traces = ft_crcs = 0;
                REQUIRE(mpa_connect(&ci, &cr, &ops));
                base = EA.f.h.wire_len;
                if (!ft_send(run == 1 ? first - 1 : run == 2 ? 0 : run == 3 ? 5 : (size_t)-1,
                             run == 3 ? 5 : 0)) {
                    CHECK(0);
                    fprintf(stderr, "  crc %d markers %d run %d: not delivered\n", crc, mk, run);
                    continue;
                }
                if (EA.f.h.wire_len - base != sendn || memcmp(EA.wire + base, sendw, sendn) != 0) {
                    CHECK(0);
                    fprintf(stderr, "  crc %d markers %d run %d: other octets than send\n", crc, mk, run);
                }
                if (run == 4) CHECK(ft_traces > 0);
                if (run == 5 && crc) CHECK(ft_crcs > 0);
            }
        }
}


/* ---- transmit: a message built in the stream's slot (iw_ddp_send_slot / iw_ddp_send_commit,
 * rdmap.h's post path) against iw_ddp_send of the same message ---- */

/* The LLP is ddp_fake.h's df_llp (busy after every segment while hold is set, failing from the
 * call set in fail_from on); the messages reported sent are kept per stream. */
typedef struct ip_sent_log {
    void *sent[64];
    size_t nsent;
} ip_sent_log;
static iw_ddp_xlate ip_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                               iw_ddp_buf *dst, size_t max, size_t *n)
{
    (void)ctx, (void)stag, (void)to, (void)len, (void)access, (void)dst, (void)max;
    *n = 0;
    return IW_DDP_X_INVALID_STAG;
}
static iw_status ip_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    (void)uctx, (void)h, (void)len;
    return IW_OK;
}
static void ip_sent(void *uctx, void *cookie)
{
    ip_sent_log *l = (ip_sent_log *)uctx;
    if (l->nsent < 64) l->sent[l->nsent++] = cookie;
}
static uint8_t ip_src[4096];
static iw_status ip_pull(void *uctx, void *cookie, uint32_t off, uint32_t want, iw_iov *iov,
                         size_t max, size_t *n)
{
    (void)uctx, (void)cookie, (void)max;
    iov[0].base = ip_src + (off % 1000u);
    iov[0].len = want > 7 ? 7 : want; /* 7 octets per segment */
    *n = 1;
    return IW_OK;
}

/* Message m sent by iw_ddp_send (inplace 0) or built in the stream's slot (iw_ddp_send_slot:
 * every member the message uses set, the rest left as the last message left them) and sent by
 * iw_ddp_send_commit. */
static iw_status ip_ddp_send(iw_ddp_stream *s, int inplace, const iw_ddp_msg *m)
{
    iw_ddp_msg *t;
    if (!inplace) return iw_ddp_send(s, m);
    t = iw_ddp_send_slot(s);
    if (!t) return IW_EAGAIN;
    t->tagged = m->tagged;
    t->ulp = m->ulp;
    t->cookie = m->cookie;
    t->sgl = m->sgl;
    t->nsge = m->nsge;
    if (m->tagged) {
        t->stag = m->stag;
        t->to = m->to;
    } else {
        t->qn = m->qn;
        if (m->ulp32) t->ulp32 = m->ulp32;
    }
    if (m->pull) {
        t->pull = m->pull;
        t->len = m->len;
    }
    return iw_ddp_send_commit(s);
}

/* Every kind of message, good and bad (DDP-007 2^32 octets, a QN beyond IW_CFG_DDP_QN, NULL
 * pieces, TO wrap), in segments of MULPDU 19 .. 63, with the LLP busy after each segment or
 * not, then failing (IW_EHOST): the same status for each, the same wire octets, the same
 * messages reported sent, in both ways. DDP-006 */
static void t_ddp_send_inplace(void)
{
    static df_llp L[2];
    static ip_sent_log SL[2];
    static iw_ddp_stream S[2];
    static const iw_ddp_mem_ops mem = {.resolve = ip_resolve};
    static const iw_ddp_ulp_ops ulp = {.deliver = ip_deliver, .sent = ip_sent};
    iw_iov v[4];
    uint32_t mul;
    int hold, way, k, cookie[16];
    size_t i;
    for (i = 0; i < sizeof ip_src; i++) ip_src[i] = (uint8_t)(i * 13 + 5);
    v[0].base = ip_src, v[0].len = 5;
    v[1].base = ip_src + 100, v[1].len = 0;
    v[2].base = ip_src + 200, v[2].len = 23;
    v[3].base = NULL, v[3].len = 0;
    for (mul = 19; mul <= 64; mul += 11)
        for (hold = 0; hold < 2; hold++) {
            iw_status st[2];
            for (way = 0; way < 2; way++) {
                df_llp_init(&L[way], mul);
                L[way].busy_after_send = hold;
                memset(&SL[way], 0, sizeof SL[way]);
                REQUIRE(iw_ddp_init(&S[way], &df_llp_ops, &L[way], &mem, NULL, &ulp, &SL[way]) == IW_OK);
            }
            for (k = 0; k < 16; k++) {
                iw_ddp_msg m;
                iw_iov big[2];
                memset(&m, 0, sizeof m);
                m.cookie = &cookie[k];
                m.ulp = (uint8_t)(0x40 + k);
                m.sgl = v;
                m.nsge = 4;
                switch (k) {
                case 0: m.tagged = 1, m.stag = 0x1234u, m.to = 0x10; break;
                case 1: m.qn = 1, m.ulp32 = 0xA5A5A5A5u; break;
                case 2: m.qn = 3, m.nsge = 0; break;               /* zero length: one segment */
                case 3: m.qn = IW_CFG_DDP_QN; break;                /* EINVAL */
                case 4: m.sgl = NULL; break;                         /* EINVAL */
                case 5: m.qn = 2, m.nsge = 0, m.sgl = NULL; break;  /* fine */
                case 6: m.tagged = 1, m.stag = 7, m.to = ~(uint64_t)0 - 27; break; /* 28: fits */
                case 7: m.tagged = 1, m.stag = 7, m.to = ~(uint64_t)0 - 26; break; /* wraps */
                case 8: /* 2^32 octets: EINVAL, the pieces never read */
                    big[0].base = ip_src, big[0].len = 0xFFFFFFFFu;
                    big[1].base = ip_src, big[1].len = 1;
                    m.sgl = big, m.nsge = 2;
                    break;
                case 9: v[3].len = 1; break;                         /* NULL piece: EINVAL */
                case 10: m.pull = ip_pull, m.len = 40, m.sgl = NULL, m.nsge = 0, m.qn = 1; break;
                case 11: m.tagged = 1, m.pull = ip_pull, m.len = 20, m.stag = 9, m.to = 3; break;
                case 12: m.qn = 0, m.nsge = 3; break;
                case 13: /* the LLP fails from now on */
                    L[0].fail_from = L[0].send_calls + 1;
                    L[1].fail_from = L[1].send_calls + 1;
                    m.tagged = 1;
                    break;
                default: m.qn = 1; break;                           /* EHOST from now on */
                }
                for (way = 0; way < 2; way++) {
                    if (hold && L[way].busy) { /* a message in progress: no slot, EAGAIN */
                        CHECK(iw_ddp_send_slot(&S[way]) == NULL);
                        CHECK_EQ(iw_ddp_send(&S[way], &m), IW_EAGAIN);
                    }
                    while (L[way].busy) { /* the LLP is done with it: the rest goes */
                        L[way].busy = 0;
                        (void)iw_ddp_tx_resume(&S[way]);
                    }
                    st[way] = ip_ddp_send(&S[way], way, &m);
                    while (L[way].busy) {
                        L[way].busy = 0;
                        (void)iw_ddp_tx_resume(&S[way]);
                    }
                }
                v[3].len = 0;
                CHECK_EQ(st[1], st[0]);
                if (st[0] != st[1]) fprintf(stderr, "  mul %u hold %d message %d\n", mul, hold, k);
            }
            CHECK_EQ(L[1].wire_len, L[0].wire_len);
            CHECK(L[0].wire_len > 100); /* it did send */
            CHECK_MEM(L[1].wire, L[0].wire, L[0].wire_len);
            CHECK_EQ(L[1].nseg, L[0].nseg);
            CHECK_EQ(SL[1].nsent, SL[0].nsent);
            CHECK_MEM(SL[1].sent, SL[0].sent, SL[0].nsent * sizeof SL[0].sent[0]);
            CHECK_EQ(S[0].stats.tx_segs, S[1].stats.tx_segs);
        }
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"header tagged layout DDP-002 DDP-003", t_hdr_tagged},
        {"header untagged layout DDP-002 DDP-004", t_hdr_untagged},
        {"rx Rsvd ignored, RsvdULP handed up", t_rx_rsvd_ignored},
        {"translation outcome table", t_term_table},
        {"tx segmentation sweep DDP-006 DDP-011",
         t_tx_segmentation_sweep},
        {"tx MSN per QN and wrap", t_tx_msn},
        {"tx 2^32 octets refused DDP-007", t_tx_too_long},
        {"tx EAGAIN at every segment DDP-013 DDP-006", t_tx_eagain_every_position},
        {"tx busy LLP, cookie after release", t_tx_busy},
        {"tx LLP failure is sticky", t_tx_llp_failure},
        {"rx round trip DDP-036 DDP-037", t_rx_roundtrip},
        {"rx queues interleaved, MSN wrap DDP-036", t_rx_interleaved_queues},
        {"rx short ULPDU DDP-017 DDP-034", t_err_short},
        {"rx DV DDP-018 DDP-026 DDP-034", t_err_dv},
        {"rx invalid STag DDP-034", t_err_invalid_stag},
        {"rx STag not associated", t_err_not_assoc},
        {"rx access", t_err_access},
        {"rx bounds DDP-037", t_err_bounds},
        {"rx TO wrap", t_err_to_wrap},
        {"rx zero-length tagged DDP-024", t_err_zero_len_tagged},
        {"rx tagged continuation DDP-038", t_err_tagged_continuation},
        {"rx invalid QN DDP-027", t_err_qn},
        {"rx no buffer DDP-028", t_err_no_buffer},
        {"rx MSN DDP-029", t_err_msn},
        {"rx MO DDP-030", t_err_mo},
        {"rx too long DDP-031 DDP-037 DDP-038", t_err_too_long},
        {"rx ULP refusals DDP-032", t_err_ulp_refusals},
        {"rx resolver lies DDP-037", t_err_resolver_lies},
        {"rx abort with messages pending DDP-034 DDP-038", t_err_abort_pending},
        {"rx fused, bad CRC DDP-038", t_fused_crc_bad},
        {"rx ULPDU over 65535 octets DDP-034", t_err_oversize},
        {"rx ULP refuses at delivery DDP-034", t_err_deliver_refused},
        {"API argument checks", t_api_args},
        {"over MPA round trip DDP-006 DDP-036", t_mpa_roundtrip},
        {"over MPA every split DDP-036", t_mpa_every_split},
        {"over MPA CRC error DDP-038", t_mpa_crc_error},
        {"over MPA fused, PAD not in the ULPDU DDP-036 DDP-037", t_mpa_fused_pad},
        {"whole-FPDU copy-out: the octets of send, of the piecewise loop, of RFC 5044 §4 MPA-046 "
         "MPA-053 MPA-054", t_mpa_copyout_whole},
        {"message built in the slot: the status, octets and sends of iw_ddp_send DDP-006",
         t_ddp_send_inplace},
    };
    return CHECK_RUN(tests);
}
