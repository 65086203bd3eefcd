/* rdmap_fake.h: two RDMAP endpoints over real mpa.h connections joined by an in-memory pipe,
 * with a deterministic host (memory regions, receive queue, completion logs) for rdmap.h tests.
 *
 * rf_ep   one endpoint: iw_mpa_conn + iw_rdmap_stream, the octets it sent and not yet fed to the
 *         peer (out), a region table the resolver reads (rf_mr), a receive queue, logs.
 * rf_pair_up(a, b, ...)   a = MPA Initiator, b = Responder; exchange Request/Reply/RTR.
 * rf_flow(a, b)           move octets both ways until both are quiet, fed in the chunking the
 *                         endpoints ask for (chunk: 0 whole, n octets per call, or random).
 * Include after rdmap.h (with IWARP_IMPLEMENTATION) and check.h. */
#ifndef RDMAP_FAKE_H
#define RDMAP_FAKE_H
#include <string.h>
#include "host_fake.h"

#define RF_OUT_CAP (1u << 21)
#define RF_MR_MAX 16
#define RF_RQ_MAX 64
#define RF_LOG_MAX 512
#define RF_PAGE 4096u

typedef struct rf_mr {
    uint32_t stag;
    uint8_t *base;
    uint64_t to0;    /* TO of base[0] */
    uint32_t len;
    unsigned acc;    /* IW_DDP_ACC_* | IW_RDMAP_ACC_* */
    int valid, foreign /* other PD: not associated */, shared, local_only;
} rf_mr;

typedef struct rf_ep {
    iw_mpa_conn c;
    iw_rdmap_stream s;
    iw_rdmap_wr sq[64];
    iw_rdmap_inreq irq[16];
    uint8_t reasm[70000];
    hf_host h;           /* the host (host_fake.h): h.wire[0..h.wire_len) is what was sent,
                            h.closed the close op; a test sets the send schedule in h */
    size_t out_off;      /* octets of h.wire already fed to the peer */
    int closed;
    size_t chunk;        /* how the peer's octets are fed to us: 0 whole, else chunk size */
    unsigned long long seed; /* chunk == (size_t)-1: random chunks */
    size_t split;        /* when nonzero: the first feed of a flow is cut at this octet */
    rf_mr mr[RF_MR_MAX];
    int nmr;
    struct { uint8_t *buf; uint32_t len; int bad; } rq[RF_RQ_MAX];
    int rq_head, rq_tail;
    iw_rdmap_recv recvs[RF_LOG_MAX];
    int nrecv;
    iw_rdmap_cqe cqes[RF_LOG_MAX];
    int ncqe;
    iw_rdmap_event ev;
    int nev;
    int ninval;
    uint32_t inval_stags[16];
    int use_builtin_atomic;
    const uint8_t *snap_src; /* when set: copied into snap at each receive completion */
    uint8_t snap[64];
    /* every FPDU sent (MPA framing parsed back from out): for Terminate checks */
    uint8_t last_term[IW_DDP_UNTAGGED_HDR + IW_RDMAP_TERM_MAX];
    size_t last_term_len;
    int nterm_sent, sent_after_term;
    size_t scan_off;     /* parse position in the sent stream (Full Operation octets) */
    int scanning;
} rf_ep;

/* ---- host: TCP ---- */

/* TCP is host_fake.h's hf_host, ctx = &e->h: hf_mpa_ops. */

/* ---- host: memory, receives, completions ---- */

static rf_mr *rf_find(rf_ep *e, uint32_t stag)
{
    int i;
    for (i = 0; i < e->nmr; i++)
        if (e->mr[i].stag == stag) return &e->mr[i];
    return NULL;
}

/* Register [base, base + len) as stag at TO to0 with rights acc. */
static rf_mr *rf_reg(rf_ep *e, uint32_t stag, void *base, uint64_t to0, uint32_t len, unsigned acc)
{
    rf_mr *m = &e->mr[e->nmr++];
    memset(m, 0, sizeof *m);
    m->stag = stag;
    m->base = (uint8_t *)base;
    m->to0 = to0;
    m->len = len;
    m->acc = acc;
    m->valid = 1;
    return m;
}

/* The resolver: checks in the contract's order, pieces cut at RF_PAGE boundaries of TO. */
static iw_ddp_xlate rf_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                               iw_ddp_buf *dst, size_t max, size_t *n)
{
    rf_ep *e = (rf_ep *)ctx;
    rf_mr *m = rf_find(e, stag);
    uint64_t off;
    *n = 0;
    if (!m || !m->valid || stag == 0) return IW_DDP_X_INVALID_STAG;
    if (m->foreign) return IW_DDP_X_NOT_ASSOC;
    if ((m->acc & access) != access) return IW_DDP_X_ACCESS;
    if (len && to + (len - 1u) < to) return IW_DDP_X_TO_WRAP;
    if (to < m->to0 || to - m->to0 > m->len || len > m->len - (to - m->to0)) return IW_DDP_X_BOUNDS;
    off = to - m->to0;
    if (!dst) return IW_DDP_X_OK;
    while (len) {
        uint32_t k = RF_PAGE - (uint32_t)((m->to0 + off) % RF_PAGE);
        if (k > len) k = len;
        if (*n == max) return IW_DDP_X_BOUNDS; /* cannot describe: treat as not placeable */
        dst[*n].base = m->base + off;
        dst[*n].len = k;
        (*n)++;
        off += k;
        len -= k;
    }
    return IW_DDP_X_OK;
}

/* Post a receive buffer. */
static void rf_post_recv(rf_ep *e, void *buf, uint32_t len)
{
    e->rq[e->rq_tail % RF_RQ_MAX].buf = (uint8_t *)buf;
    e->rq[e->rq_tail % RF_RQ_MAX].len = len;
    e->rq[e->rq_tail % RF_RQ_MAX].bad = 0;
    e->rq_tail++;
}

static iw_status rf_recv_buf(void *ctx, unsigned opcode, iw_ddp_buf *bufs, size_t max, size_t *n,
                             iw_term *t)
{
    rf_ep *e = (rf_ep *)ctx;
    (void)opcode;
    (void)max;
    if (e->rq_head == e->rq_tail) { /* none posted: (1,2,0x02) */
        t->layer = 1;
        t->etype = 2;
        t->ecode = 2;
        return IW_ETERM;
    }
    if (e->rq[e->rq_head % RF_RQ_MAX].bad) { /* unusable receive WQE: (0,0,0x00) */
        e->rq_head++;
        t->layer = 0;
        t->etype = 0;
        t->ecode = 0;
        return IW_ETERM;
    }
    bufs[0].base = e->rq[e->rq_head % RF_RQ_MAX].buf;
    bufs[0].len = e->rq[e->rq_head % RF_RQ_MAX].len;
    *n = 1;
    e->rq_head++;
    return IW_OK;
}
static void rf_recv(void *ctx, const iw_rdmap_recv *r)
{
    rf_ep *e = (rf_ep *)ctx;
    if (e->nrecv < RF_LOG_MAX) e->recvs[e->nrecv] = *r;
    if (e->snap_src) memcpy(e->snap, e->snap_src, sizeof e->snap);
    e->nrecv++;
}
static void rf_complete(void *ctx, const iw_rdmap_cqe *c)
{
    rf_ep *e = (rf_ep *)ctx;
    if (e->ncqe < RF_LOG_MAX) e->cqes[e->ncqe] = *c;
    e->ncqe++;
}
static iw_rdmap_inval rf_invalidate(void *ctx, uint32_t stag)
{
    rf_ep *e = (rf_ep *)ctx;
    rf_mr *m = rf_find(e, stag);
    if (!m || !m->valid || stag == 0) return IW_RDMAP_INV_INVALID_STAG;
    if (m->foreign) return IW_RDMAP_INV_NOT_ASSOC;
    if (m->local_only) return IW_RDMAP_INV_ACCESS;
    if (m->shared) return IW_RDMAP_INV_SHARED;
    m->valid = 0;
    if (e->ninval < 16) e->inval_stags[e->ninval] = stag;
    e->ninval++;
    return IW_RDMAP_INV_OK;
}
static void rf_error(void *ctx, const iw_rdmap_event *ev)
{
    rf_ep *e = (rf_ep *)ctx;
    e->ev = *ev;
    e->nev++;
}
static void rf_llp_close(void *ctx)
{
    rf_ep *e = (rf_ep *)ctx;
    e->closed++;
    iw_mpa_close(&e->c);
}
static uint64_t rf_atomic64(void *ctx, unsigned aop, void *p, uint64_t as, uint64_t asm_, uint64_t cd,
                            uint64_t cm)
{
    return iw_rdmap_atomic64_builtin(ctx, aop, p, as, asm_, cd, cm);
}
static const iw_rdmap_ops rf_ops = {.resolve = rf_resolve,
                                    .recv_buf = rf_recv_buf,
                                    .recv = rf_recv,
                                    .complete = rf_complete,
                                    .invalidate = rf_invalidate,
                                    .error = rf_error,
                                    .llp_close = rf_llp_close};
static const iw_rdmap_ops rf_ops_atomic = {.resolve = rf_resolve,
                                           .recv_buf = rf_recv_buf,
                                           .recv = rf_recv,
                                           .complete = rf_complete,
                                           .invalidate = rf_invalidate,
                                           .atomic64 = rf_atomic64,
                                           .error = rf_error,
                                           .llp_close = rf_llp_close};

/* The Responder's MPA upcalls: RDMAP's, plus accepting the Request at once. */
static void rf_request(void *uctx, const iw_mpa_info *in)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    (void)in;
    (void)iw_mpa_accept((iw_mpa_conn *)s->ddp.lctx, 8, 8, NULL, 0);
}
static iw_mpa_ulp_ops rf_mpa_resp_ops;
static iw_mpa_ulp_ops rf_mpa_plain_ops; /* verify-then-place: declines until MPA checked it */
static iw_status rf_plain_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                                unsigned flags, iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN;
    return iw_rdmap_mpa_begin(uctx, u, have, len, flags, dst);
}

/* Fill the two MPA tables once (before any thread starts). */
static void rf_ops_setup(void)
{
    static int ready;
    if (ready) return;
    rf_mpa_resp_ops = *iw_rdmap_mpa_ulp_ops();
    rf_mpa_resp_ops.request = rf_request;
    rf_mpa_plain_ops = *iw_rdmap_mpa_ulp_ops();
    rf_mpa_plain_ops.request = rf_request;
    rf_mpa_plain_ops.begin = rf_plain_begin;
    ready = 1;
}

typedef struct rf_cfg {
    int crc, markers, fused, p2p, rtr;
    uint32_t emss;
    uint16_t ird, ord;
    int rfc7306, read_enabled, builtin_atomic;
} rf_cfg;

static void rf_cfg_default(rf_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->crc = 1;
    c->fused = 1;
    c->emss = 1460;
    c->ird = c->ord = 8;
    c->rfc7306 = 1;
    c->read_enabled = 1;
}

static uint8_t rf_out_a[RF_OUT_CAP], rf_out_b[RF_OUT_CAP];

static iw_status rf_ep_init(rf_ep *e, const rf_cfg *rc, unsigned role, uint8_t *out, size_t cap)
{
    iw_mpa_cfg mc;
    iw_rdmap_cfg cfg;
    const iw_mpa_ulp_ops *ulp;
    iw_status st;
    memset(e, 0, sizeof *e);
    hf_init(&e->h, out, cap);
    rf_ops_setup();
    iw_mpa_cfg_default(&mc, role);
    mc.crc = (uint8_t)rc->crc;
    mc.markers_rx = (uint8_t)rc->markers;
    mc.emss = rc->emss;
    mc.ird = rc->ird;
    mc.ord = rc->ord;
    mc.p2p = (uint8_t)rc->p2p;
    if (rc->rtr) mc.rtr = (uint8_t)rc->rtr;
    ulp = rc->fused ? &rf_mpa_resp_ops : &rf_mpa_plain_ops;
    st = iw_mpa_init(&e->c, &mc, &hf_mpa_ops, &e->h, ulp, &e->s, e->reasm, sizeof e->reasm);
    if (st != IW_OK) return st;
    iw_rdmap_cfg_default(&cfg);
    cfg.ird = rc->ird;
    cfg.ord = rc->ord;
    cfg.rfc7306 = (uint8_t)rc->rfc7306;
    cfg.read_enabled = (uint8_t)rc->read_enabled;
    return iw_rdmap_init(&e->s, &cfg, iw_ddp_mpa_llp_ops(), &e->c,
                         rc->builtin_atomic ? &rf_ops_atomic : &rf_ops, e, e->sq, 64, e->irq, 16);
}

/* Feed `from`'s unsent octets to `to` in to's chunking; returns octets fed. */
static size_t rf_feed(rf_ep *from, rf_ep *to)
{
    size_t fed = 0;
    while (from->out_off < from->h.wire_len) {
        size_t left = from->h.wire_len - from->out_off, k = left, used = 0;
        if (to->split) {
            k = to->split < left ? to->split : left;
            to->split = 0;
        } else if (to->chunk == (size_t)-1) {
            k = 1 + (size_t)(check_rand(&to->seed) % 700u);
        } else if (to->chunk) {
            k = to->chunk;
        }
        if (k > left) k = left;
        (void)iw_mpa_rx_feed(&to->c, from->h.wire + from->out_off, k, &used);
        if (used == 0) { /* stopped (error, close): drop the rest */
            from->out_off = from->h.wire_len;
            break;
        }
        from->out_off += used;
        fed += used;
    }
    return fed;
}

/* Move octets both ways, resuming partial sends, until both directions are quiet. */
static void rf_flow(rf_ep *a, rf_ep *b)
{
    int rounds;
    for (rounds = 0; rounds < 100000; rounds++) {
        size_t n = 0, la = a->h.wire_len, lb = b->h.wire_len;
        (void)iw_mpa_tx_resume(&a->c);
        (void)iw_mpa_tx_resume(&b->c);
        n += rf_feed(a, b);
        n += rf_feed(b, a);
        if (n == 0 && la == a->h.wire_len && lb == b->h.wire_len) break;
    }
}

/* Bring up a (Initiator) and b (Responder) with MPA and RDMAP. */
static iw_status rf_pair_up_buf(rf_ep *a, rf_ep *b, const rf_cfg *ca, const rf_cfg *cb,
                                uint8_t *oa, uint8_t *ob, size_t cap)
{
    iw_status st = rf_ep_init(a, ca, IW_MPA_INITIATOR, oa, cap);
    if (st != IW_OK) return st;
    st = rf_ep_init(b, cb, IW_MPA_RESPONDER, ob, cap);
    if (st != IW_OK) return st;
    if ((st = iw_mpa_start(&b->c, NULL, 0)) != IW_OK) return st;
    if ((st = iw_mpa_start(&a->c, NULL, 0)) != IW_OK) return st;
    rf_flow(a, b);
    /* the Responder is in Full Operation once the Initiator's first FPDU arrives (MPA-015) */
    if (iw_mpa_state(&a->c) != IW_MPA_S_FULL ||
        (iw_mpa_state(&b->c) != IW_MPA_S_FULL && iw_mpa_state(&b->c) != IW_MPA_S_AWAIT_FIRST))
        return IW_ESTATE;
    a->scan_off = a->h.wire_len;
    b->scan_off = b->h.wire_len;
    return IW_OK;
}
static iw_status rf_pair_up(rf_ep *a, rf_ep *b, const rf_cfg *ca, const rf_cfg *cb)
{
    return rf_pair_up_buf(a, b, ca, cb, rf_out_a, rf_out_b, RF_OUT_CAP);
}

/* The n-th (0-based) FPDU e sent since Full Operation whose RDMAP opcode is op (any: op > 15):
 * its ULPDU and length, or NULL. No markers. */
static CHECK_UNUSED const uint8_t *rf_fpdu(const rf_ep *e, unsigned op, int nth, size_t *len)
{
    size_t p = e->scan_off, crc = 4u; /* present even when CRC is off */
    while (p + 2 <= e->h.wire_len) {
        size_t ul = ((size_t)e->h.wire[p] << 8) | e->h.wire[p + 1];
        const uint8_t *u = e->h.wire + p + 2;
        if (p + 2 + ul + iw_mpa_pad(ul) + crc > e->h.wire_len) break;
        if (ul >= 2 && (op > 15 || (u[1] & 0x0Fu) == op) && nth-- == 0) {
            *len = ul;
            return u;
        }
        p += 2 + ul + iw_mpa_pad(ul) + crc;
    }
    return NULL;
}

/* Send a raw ULPDU from e (bypassing RDMAP and DDP) and let it flow. */
static CHECK_UNUSED iw_status rf_inject(rf_ep *e, const uint8_t *u, size_t len)
{
    iw_iov v;
    v.base = u;
    v.len = len;
    return iw_mpa_tx(&e->c, &v, 1);
}

/* Walk the FPDUs e sent in Full Operation (no markers), from scan_off: count Terminates and
 * anything sent after one (RDMAP-022b), keep the last Terminate's ULPDU. A tagged segment with
 * the Terminate opcode counts too, so that a check of its DDP header sees it. */
static CHECK_UNUSED void rf_scan(rf_ep *e, size_t start)
{
    size_t p = start, crc = 4u; /* the CRC field is there even when CRC is off (zero) */
    while (p + 2 <= e->h.wire_len) {
        size_t ul = ((size_t)e->h.wire[p] << 8) | e->h.wire[p + 1];
        size_t tot = 2 + ul + iw_mpa_pad(ul) + crc;
        const uint8_t *u = e->h.wire + p + 2;
        if (p + tot > e->h.wire_len) break;
        if (e->nterm_sent) e->sent_after_term++;
        if (ul >= ((u[0] & 0x80u) ? IW_DDP_TAGGED_HDR : IW_DDP_UNTAGGED_HDR) &&
            (u[1] & 0x0Fu) == IW_RDMAP_OP_TERMINATE) {
            e->nterm_sent++;
            e->last_term_len = ul < sizeof e->last_term ? ul : sizeof e->last_term;
            memcpy(e->last_term, u, e->last_term_len);
        }
        p += tot;
    }
}

/* The wr helpers. */
static CHECK_UNUSED iw_rdmap_wr rf_wr(unsigned op, void *cookie)
{
    iw_rdmap_wr w;
    memset(&w, 0, sizeof w);
    w.opcode = (uint8_t)op;
    w.cookie = cookie;
    return w;
}

#endif /* RDMAP_FAKE_H */
