/* SPDX-License-Identifier: MIT */
/* test_fastpath.c: the per-message short cuts of the RDMA Write path (issue 6) against the
 * general code they stand in for. Each runs the same traffic with the short cut's
 * preconditions broken one at a time and requires the same wire octets, the same placement and
 * the same completions; the results are also checked against references written here (a
 * bitwise CRC32c, the % operator, 64-bit shifts one bit at a time), so that a short cut and
 * the general path wrong in the same way would still fail.
 *   mpa.h   whole-FPDU copy-out (iw__tx_copyout_whole): no markers, CRC on, no host CRC
 *           engine, no trace, the FPDU from its first octet into a room that holds it all
 *   verbs.h, rdmap.h   ring slots by mask when a ring's size is a power of two (iw_ring_ix);
 *           WRs copied member by member; native 64-bit shifts on 64-bit hosts
 *   ddp.h   a message built in place in the stream's own slot (iw__ddp_send_slot,
 *           iw__ddp_send_built: rdmap.h's post path) against iw_ddp_send of the same message */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"
#include "mpa_fake.h"
#include "verbs_fake.h"

/* ---- iw_ring_ix and the 64-bit shifts against their definitions ---- */

static void t_ring_ix(void)
{
    static const uint32_t caps[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 37, 64, 100, 128,
                                    0x10000u, 0x7FFFFFFFu, 0x80000000u, 0xC0000000u, 0xFFFFFFFFu};
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    size_t c, k;
    for (c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        for (k = 0; k < 2000; k++) {
            uint32_t i = k < 300 ? (uint32_t)k : k < 600 ? (uint32_t)(0u - (uint32_t)(k - 299)) : 0;
            if (k >= 600) {
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                i = (uint32_t)seed;
            }
            if (iw_ring_ix(i, caps[c]) != i % caps[c]) {
                CHECK_EQ(iw_ring_ix(i, caps[c]), i % caps[c]);
                return;
            }
        }
    }
}

static void t_shift64(void)
{
    static const uint64_t xs[] = {0, 1, 0xFFFFFFFFFFFFFFFFull, 0x8000000000000000ull,
                                  0x0123456789ABCDEFull, 0xFEDCBA9876543210ull, 0xFFFFFFFFull,
                                  0x100000000ull};
    size_t i;
    unsigned s, b;
    for (i = 0; i < sizeof xs / sizeof xs[0]; i++)
        for (s = 0; s < 80; s++) {
            uint64_t r = xs[i], l = xs[i];
            for (b = 0; b < s; b++) { /* one bit at a time: 64 or more gives 0 */
                r >>= 1;
                l <<= 1;
            }
            CHECK_EQ(iw__shr64(xs[i], s), r);
            CHECK_EQ(iw__shl64(xs[i], s), l);
        }
}

/* iw__rdmap_wr_clear zeroes every member iw__rdmap_wr_copy takes: a cleared WR and a zeroed
 * one copy into identical slots. */
static void t_rdmap_wr_clear(void)
{
    static iw_rdmap_wr x, y, dx, dy;
    memset(&x, 0xA5, sizeof x);
    iw__rdmap_wr_clear(&x);
    memset(&y, 0, sizeof y);
    memset(&dx, 0x3C, sizeof dx);
    memset(&dy, 0x3C, sizeof dy);
    iw__rdmap_wr_copy(&dx, &x);
    iw__rdmap_wr_copy(&dy, &y);
    CHECK_MEM(&dx, &dy, sizeof dx);
    /* and the copy takes them: a different source gives a different slot */
    y.len = 1;
    iw__rdmap_wr_copy(&dy, &y);
    CHECK(memcmp(&dx, &dy, sizeof dx) != 0);
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
    size_t m, mark = EA.f.wire_len, guard = 0;
    EA.f.accept_limit = lim;
    EA.f.accept_per_call = per;
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
            base = EA.f.wire_len;
            REQUIRE(ft_send((size_t)-1, 0));
            sendn = EA.f.wire_len - base;
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
                base = EA.f.wire_len;
                if (!ft_send(run == 1 ? first - 1 : run == 2 ? 0 : run == 3 ? 5 : (size_t)-1,
                             run == 3 ? 5 : 0)) {
                    CHECK(0);
                    fprintf(stderr, "  crc %d markers %d run %d: not delivered\n", crc, mk, run);
                    continue;
                }
                if (EA.f.wire_len - base != sendn || memcmp(EA.wire + base, sendw, sendn) != 0) {
                    CHECK(0);
                    fprintf(stderr, "  crc %d markers %d run %d: other octets than send\n", crc, mk, run);
                }
                if (run == 4) CHECK(ft_traces > 0);
                if (run == 5 && crc) CHECK(ft_crcs > 0);
            }
        }
}

/* ---- verbs.h: the same traffic over rings of power-of-two sizes and of other sizes ---- */

typedef struct ft_rec {
    uint64_t id;
    int status, type;
    uint32_t len;
} ft_rec;
#define FT_NREC 400

/* Writes (every third signaled), Sends and Reads from A to B with SQ depth sq, CQ entries
 * cqn, IRD/ORD ird, in batches that wrap every ring many times; A's send WCs in recs (n),
 * then B's receive WCs after FT_NREC / 2, both memories in ma/mb. 1 if it went through. */
static int ft_verbs_run(uint32_t sq, uint32_t cqn, uint16_t ird, ft_rec *recs, size_t *n,
                        uint8_t *ma, uint8_t *mb)
{
    static iw_cq scq;
    static iw_wc sring[64];
    iw_qp_cfg qc;
    uint32_t sa, sb, i, posted = 0, batch = 0, nr = 0;
    iw_wc wc;
    *n = 0;
    if (!vf_rn_init(&RA, 0, 11, 0) || !vf_rn_init(&RB, 1, 12, 0)) return 0;
    if (iw_cq_create(&RA.r, &scq, sring, cqn) != IW_V_OK) return 0;
    qc = vf_qp_cfg(RA.pd, ird, ird);
    qc.sq_depth = sq;
    qc.sq_cq = &scq;
    if (!vf_q_init(&QA[0], &RA, qc, 64)) return 0;
    qc = vf_qp_cfg(RB.pd, ird, ird);
    if (!vf_q_init(&QB[0], &RB, qc, 37)) return 0;
    if (!vf_connect()) return 0;
    sa = vf_reg(&RA, 0x2Fu, 1, RA.pd, 0);
    sb = vf_reg(&RB, 0x2Fu, 2, RB.pd, 0);
    if (!sa || !sb) return 0;
    for (i = 0; i < MEM; i++) RA.mem[i] = (uint8_t)(i * 7 + 1), RB.mem[i] = (uint8_t)(i * 5 + 2);
    while (posted < 150) {
        uint32_t k, nb = 1 + batch++ % 11; /* 1 .. 11 WRs, then flow and reap (an SQ of 13
                                             * holds them: at most 2 unsignaled before) */
        for (k = 0; k < nb && posted < 150; k++, posted++) {
            uint32_t len = 1 + (posted * 37) % 3000, off = (posted * 61) % (MEM / 2 - 3000);
            iw_send_wr w;
            if (posted % 5 == 3) { /* a Send into a Receive posted now */
                w = swr1(IW_WR_SEND, posted, sa, VA(&RA, off), len);
                if (recv1(&QB[0], 1000 + posted, sb, VA(&RB, MEM / 2 + (posted % 8) * 3000), 3000) != IW_V_OK)
                    return 0;
            } else if (posted % 5 == 4) { /* a Read of B into A's upper half */
                w = swr1(IW_WR_READ, posted, sa, VA(&RA, MEM / 2 + off), len);
                w.remote_stag = sb;
                w.remote_to = VA(&RB, off);
            } else { /* a Write of A into B */
                w = swr1(IW_WR_WRITE, posted, sa, VA(&RA, off), len);
                w.remote_stag = sb;
                w.remote_to = VA(&RB, off + 7);
                if (posted % 3) w.flags = 0;
            }
            if (post1(&QA[0], &w) != IW_V_OK) return 0;
        }
        vf_flow();
        while (iw_cq_poll(&scq, &wc) == IW_V_OK && *n < FT_NREC / 2) {
            recs[*n].id = wc.wr_id, recs[*n].status = (int)wc.status, recs[*n].type = (int)wc.type;
            recs[(*n)++].len = wc.len;
        }
        while (iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK && nr < FT_NREC / 2) {
            ft_rec *r = &recs[FT_NREC / 2 + nr++];
            r->id = wc.wr_id, r->status = (int)wc.status, r->type = (int)wc.type, r->len = wc.len;
        }
    }
    if (nr != 30) return 0; /* every Send was received */
    memcpy(ma, RA.mem, MEM);
    memcpy(mb, RB.mem, MEM);
    return iw_qp_state(&QA[0].qp) == IW_QP_RTS && iw_qp_state(&QB[0].qp) == IW_QP_RTS;
}

static void t_verbs_ring_sizes(void) /* VERBS-069 VERBS-075 */
{
    static ft_rec r0[FT_NREC], r1[FT_NREC];
    static uint8_t a0[MEM], b0[MEM], a1[MEM], b1[MEM];
    static const uint32_t cfg[][3] = {{13, 37, 8}, {16, 48, 8}, {31, 63, 8}, {32, 64, 5}};
    size_t n0, n1, i, sig = 0, want = 0;
    uint32_t len = 1 + (147u * 37) % 3000, off = (147u * 61) % (MEM / 2 - 3000);
    REQUIRE(ft_verbs_run(32, 64, 8, r0, &n0, a0, b0)); /* every ring a power of two */
    for (i = 0; i < 150; i++) /* the signaled WRs: Writes 1 in 3, every Send and Read */
        if (i % 5 >= 3 || i % 3 == 0) want++;
    for (i = 0; i < n0; i++) {
        CHECK_EQ(r0[i].status, IW_WC_SUCCESS);
        if (r0[i].type != IW_WR_RECV) sig++;
    }
    CHECK_EQ(sig, want);
    CHECK_EQ(n0, want);
    for (i = 0; i < 30; i++) CHECK_EQ(r0[FT_NREC / 2 + i].id, 1000 + 5 * i + 3); /* B's Receives */
    for (i = 0; i < len; i++) /* the last Write (147; Reads after it) placed A's octets */
        if (b0[off + 7 + i] != (uint8_t)((off + i) * 7 + 1)) break;
    CHECK_EQ(i, len);
    for (i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
        if (!ft_verbs_run(cfg[i][0], cfg[i][1], (uint16_t)cfg[i][2], r1, &n1, a1, b1)) {
            CHECK(0);
            fprintf(stderr, "  SQ %u CQ %u IRD %u: did not run through\n", (unsigned)cfg[i][0],
                    (unsigned)cfg[i][1], (unsigned)cfg[i][2]);
            continue;
        }
        CHECK_EQ(n1, n0);
        CHECK_MEM(r1, r0, sizeof r0);
        CHECK_MEM(a1, a0, MEM);
        CHECK_MEM(b1, b0, MEM);
    }
}


/* ---- ddp.h: a message built in place (rdmap.h's post path) against iw_ddp_send ---- */

/* A capture LLP: every segment's octets appended to wire; busy while hold is set; send fails
 * (IW_EHOST) once fail is set. */
typedef struct ip_llp {
    uint8_t wire[8192];
    size_t n;
    uint32_t mul;
    int hold, fail, busy;
    void *sent[64];
    size_t nsent;
} ip_llp;
static iw_status ip_send(void *lctx, const iw_iov *iov, size_t n)
{
    ip_llp *l = (ip_llp *)lctx;
    size_t i;
    if (l->fail) return IW_EHOST;
    for (i = 0; i < n; i++) {
        if (l->n + iov[i].len > sizeof l->wire) return IW_EHOST;
        if (iov[i].len) memcpy(l->wire + l->n, iov[i].base, iov[i].len);
        l->n += iov[i].len;
    }
    l->busy = l->hold;
    return IW_OK;
}
static uint32_t ip_mulpdu(void *lctx) { return ((ip_llp *)lctx)->mul; }
static int ip_busy(void *lctx) { return ((ip_llp *)lctx)->busy; }
static const iw_ddp_llp_ops ip_llp_ops = {ip_send, ip_mulpdu, ip_busy};
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
    ip_llp *l = (ip_llp *)uctx;
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

/* Message m sent by iw_ddp_send (inplace 0) or built in iw__ddp_send_slot, only its nonzero
 * members set (the slot's clearing gives the rest), and sent by iw__ddp_send_built. */
static iw_status ip_ddp_send(iw_ddp_stream *s, int inplace, const iw_ddp_msg *m)
{
    iw_ddp_msg *t;
    if (!inplace) return iw_ddp_send(s, m);
    t = iw__ddp_send_slot(s);
    if (!t) return IW_EAGAIN;
    if (m->tagged) t->tagged = m->tagged;
    if (m->ulp) t->ulp = m->ulp;
    if (m->ulp32) t->ulp32 = m->ulp32;
    if (m->stag) t->stag = m->stag;
    if (m->to) t->to = m->to;
    if (m->qn) t->qn = m->qn;
    if (m->sgl) t->sgl = m->sgl;
    if (m->nsge) t->nsge = m->nsge;
    if (m->cookie) t->cookie = m->cookie;
    if (m->pull) t->pull = m->pull;
    if (m->len) t->len = m->len;
    return iw__ddp_send_built(s);
}

/* Every kind of message, good and bad (DDP-007 2^32 octets, a QN beyond IW_CFG_DDP_QN, NULL
 * pieces, TO wrap), in segments of MULPDU 19 .. 63, with the LLP busy after each segment or
 * not, then failing (IW_EHOST): the same status for each, the same wire octets, the same
 * messages reported sent, in both ways. DDP-006 DDP-010 DDP-014 */
static void t_ddp_send_inplace(void)
{
    static ip_llp L[2];
    static iw_ddp_stream S[2];
    static const iw_ddp_mem_ops mem = {ip_resolve};
    static const iw_ddp_ulp_ops ulp = {NULL, NULL, ip_deliver, NULL, ip_sent};
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
                memset(&L[way], 0, sizeof L[way]);
                L[way].mul = mul;
                L[way].hold = hold;
                REQUIRE(iw_ddp_init(&S[way], &ip_llp_ops, &L[way], &mem, NULL, &ulp, &L[way]) == IW_OK);
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
                case 13: L[0].fail = L[1].fail = 1; m.tagged = 1; break; /* the LLP fails */
                default: m.qn = 1; break;                           /* EHOST from now on */
                }
                for (way = 0; way < 2; way++) {
                    if (hold && L[way].busy) { /* a message in progress: no slot, EAGAIN */
                        CHECK(iw__ddp_send_slot(&S[way]) == NULL);
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
            CHECK_EQ(L[1].n, L[0].n);
            CHECK(L[0].n > 100); /* it did send */
            CHECK_MEM(L[1].wire, L[0].wire, L[0].n);
            CHECK_EQ(L[1].nsent, L[0].nsent);
            CHECK_MEM(L[1].sent, L[0].sent, L[0].nsent * sizeof L[0].sent[0]);
            CHECK_EQ(S[0].stats.tx_segs, S[1].stats.tx_segs);
        }
}

static const check_test tests[] = {
    {"ring slot by mask equals i % cap", t_ring_ix},
    {"64-bit shifts equal one-bit shifts", t_shift64},
    {"cleared RDMAP WR copies as a zeroed one", t_rdmap_wr_clear},
    {"whole-FPDU copy-out: the octets of send, of the piecewise loop, of RFC 5044 §4 MPA-046 MPA-053 MPA-054",
     t_mpa_copyout_whole},
    {"rings of other sizes: same completions and placement VERBS-069 VERBS-075", t_verbs_ring_sizes},
    {"DDP message built in place: the status, octets and sends of iw_ddp_send DDP-006 DDP-010 DDP-014",
     t_ddp_send_inplace},
};

int main(int argc, char **argv) { return CHECK_RUN(tests); }
