/* verbs_fake.h: two RNICs in one process for the verbs.h tests. A and B each have VF_NQ QPs;
 * QP i of A is joined to QP i of B by real mpa.h connections over in-memory byte queues, and the
 * host is deterministic (memory is host memory, events are recorded, timers never fire).
 *
 * RA, RB   the RNICs (vf_rn): STag table, PDs pd and pd2, async events, MEM octets of memory
 *          (page aligned, a guard page each side, all 0xEE after vf_rn_init) and its page list.
 * QA, QB   the QPs (vf_q[VF_NQ]): CQs, QP and its WQ arrays, the MPA end, the octets it sent
 *          that the peer has not read yet (out, as h.wire of its host h: host_fake.h), h.hold
 *          (a full socket: every send is IW_EAGAIN), h.closed (the close op).
 * vf_rn_init, vf_qp_cfg, vf_q_init   build them; a test composes its own setup from these, so
 *          its knobs (an S-RQ, Block List mode, CQ sizes, shared CQs, rights) stay in the test.
 * vf_connect   MPA Request/Reply on every pair (A is the Initiator), then both QPs to RTS.
 * vf_flow      move octets both ways until nothing moves.
 * VA, vf_reg, vf_pages, swr, swr1, rdma_wr, post1, recv1   host addresses, one MR over all of
 *          MEM, a registration's arguments, one-line WRs.
 * Hooks: vf_mpa_ops is the MPA host of every connection (a test may set its trace op);
 * vf_markers asks for markers (RFC 5044 §5) on every connection vf_connect makes.
 * Include after verbs.h (with IWARP_IMPLEMENTATION) and check.h; VF_NQ (QPs per RNIC, default
 * 1) and VF_NST (STag table entries, default 64) may be defined before. */
#ifndef VERBS_FAKE_H
#define VERBS_FAKE_H
#include <string.h>
#include "host_fake.h"

#ifndef VF_NQ
#define VF_NQ 1
#endif
#ifndef VF_NST
#define VF_NST 64
#endif
#define VF_OUTCAP (1u << 20) /* octets one MPA end may send between two setups */
#define MEM 65536u           /* memory of one RNIC */
#define PG 4096u
#define NPG (MEM / PG)
#define VF_FN static CHECK_UNUSED /* not every test uses every helper */

typedef struct vf_rn { /* one RNIC and its memory */
    iw_rnic r;
    iw_stag_ent stags[VF_NST];
    uint32_t pd, pd2;
    int idx;             /* 0: A, 1: B */
    iw_async_rec ev[32]; /* the first 32 async events */
    int nev, ncq_ev;     /* async events, completion events */
    uint8_t *mem;
    uint64_t pbl[NPG];   /* the pages of mem, in order */
} vf_rn;

typedef struct vf_q { /* one QP with its CQs and its end of an MPA connection */
    hf_host h;           /* first: the MPA host's ctx is the vf_q (host_fake.h); h.wire is out */
    vf_rn *rn;
    iw_cq scq, rcq;
    iw_wc sring[64], rring[64];
    iw_qp qp;
    iw_swqe swqe[32];
    iw_rdmap_wr rwr[32];
    iw_recv_wr rwqe[32];
    iw_rdmap_inreq inreq[8];
    iw_mpa_conn c;
    uint8_t reasm[70000];
    uint8_t out[VF_OUTCAP];
    size_t out_off;      /* octets of out (h.wire_len of them sent) the peer has read */
} vf_q;

static vf_rn RA, RB;
static vf_q QA[VF_NQ], QB[VF_NQ];
static uint8_t vf_arena[2][MEM + 3 * PG];
static uint8_t vf_markers;
static iw_mpa_ulp_ops vf_resp_ops; /* B's: the QP's, with vf_request */

/* ---- host: RNIC (identity map, events recorded) and TCP (a byte queue per MPA end) ---- */

VF_FN uint8_t *vf_map(void *ctx, uint64_t addr, size_t len)
{
    (void)ctx;
    (void)len;
    return (uint8_t *)(uintptr_t)addr;
}
VF_FN void vf_async(void *ctx, const iw_async_rec *ev)
{
    vf_rn *n = (vf_rn *)ctx;
    if (n->nev < 32) n->ev[n->nev] = *ev;
    n->nev++;
}
VF_FN void vf_cq_event(void *ctx, iw_cq *cq)
{
    (void)cq;
    ((vf_rn *)ctx)->ncq_ev++;
}
static const iw_rnic_host_ops vf_rnic_ops = {.map = vf_map, .async_event = vf_async, .cq_event = vf_cq_event};

/* TCP: host_fake.h's host, ctx = the vf_q (h is its first member); a test may set the trace op. */
static iw_mpa_host_ops vf_mpa_ops = {.send = hf_send,
                                     .timer_arm = hf_timer_arm,
                                     .timer_cancel = hf_timer_cancel,
                                     .close = hf_close};

/* B accepts every MPA Request, IRD = ORD = 8. */
VF_FN void vf_request(void *uctx, const iw_mpa_info *in)
{
    int i;
    (void)in;
    for (i = 0; i < VF_NQ; i++)
        if (uctx == (void *)&QB[i].qp) (void)iw_mpa_accept(&QB[i].c, 8, 8, NULL, 0);
}

/* Feed each end what its peer sent, pair by pair, until nothing moves (1000 rounds at most);
 * what an end does not take (a closed connection) is dropped. */
VF_FN void vf_flow(void)
{
    int k, i;
    for (k = 0; k < 1000; k++) {
        size_t moved = 0;
        for (i = 0; i < VF_NQ; i++) {
            vf_q *a = &QA[i], *b = &QB[i];
            size_t used = 0;
            if (a->out_off < a->h.wire_len) {
                (void)iw_mpa_rx_feed(&b->c, a->out + a->out_off, a->h.wire_len - a->out_off, &used);
                a->out_off = used ? a->out_off + used : a->h.wire_len;
                moved++;
            }
            if (b->out_off < b->h.wire_len) {
                (void)iw_mpa_rx_feed(&a->c, b->out + b->out_off, b->h.wire_len - b->out_off, &used);
                b->out_off = used ? b->out_off + used : b->h.wire_len;
                moved++;
            }
        }
        if (!moved) break;
    }
}

/* ---- setup ---- */

/* Open RNIC n (idx 0: A, 1: B) with seed, in Block List mode if block; two PDs. 1 if done. */
VF_FN int vf_rn_init(vf_rn *n, int idx, uint64_t seed, int block)
{
    uint32_t i;
    memset(n, 0, sizeof *n);
    n->idx = idx;
    n->mem = (uint8_t *)(((uintptr_t)vf_arena[idx] + PG - 1) & ~(uintptr_t)(PG - 1)) + PG;
    memset(n->mem - PG, 0xEE, MEM + 2 * PG);
    for (i = 0; i < NPG; i++) n->pbl[i] = (uint64_t)(uintptr_t)(n->mem + i * PG);
    return iw_rnic_open(&n->r, &vf_rnic_ops, n, n->stags, VF_NST, seed, block) == IW_V_OK &&
           iw_pd_alloc(&n->r, &n->pd) == IW_V_OK && iw_pd_alloc(&n->r, &n->pd2) == IW_V_OK;
}

/* The usual QP: in pd, 32 WQEs each way, every right and privileged; the test edits the rest. */
VF_FN iw_qp_cfg vf_qp_cfg(uint32_t pd, uint16_t ird, uint16_t ord)
{
    iw_qp_cfg qc;
    memset(&qc, 0, sizeof qc);
    qc.pd = pd;
    qc.sq_depth = 32;
    qc.rq_depth = 32;
    qc.ird = ird;
    qc.ord = ord;
    qc.read_en = qc.write_en = qc.bind_en = qc.atomic_en = qc.privileged = 1;
    return qc;
}

/* Create q on n: its SQ CQ (64 entries) and RQ CQ (rcq entries), then a QP with qc, on q's own
 * CQs where qc names none. 1 if done. */
VF_FN int vf_q_init(vf_q *q, vf_rn *n, iw_qp_cfg qc, uint32_t rcq)
{
    iw_qp_mem qm;
    memset(q, 0, sizeof *q);
    hf_init(&q->h, q->out, sizeof q->out);
    q->rn = n;
    if (iw_cq_create(&n->r, &q->scq, q->sring, 64) != IW_V_OK ||
        iw_cq_create(&n->r, &q->rcq, q->rring, rcq) != IW_V_OK)
        return 0;
    if (!qc.sq_cq) qc.sq_cq = &q->scq;
    if (!qc.rq_cq) qc.rq_cq = &q->rcq;
    qm.swqe = q->swqe;
    qm.rwr = q->rwr;
    qm.rwqe = q->rwqe;
    qm.inreq = q->inreq;
    return iw_qp_create(&n->r, &q->qp, &qc, &qm) == IW_V_OK;
}

/* MPA on every pair (rev 2, CRC, RFC 6581 IRD/ORD: the defaults; markers if vf_markers), then
 * B's and A's QP to RTS. 1 when every QP is in RTS. */
VF_FN int vf_connect(void)
{
    iw_mpa_cfg mc;
    iw_qp_attr at;
    int i;
    vf_resp_ops = *iw_qp_mpa_ulp_ops();
    vf_resp_ops.request = vf_request;
    for (i = 0; i < VF_NQ; i++) {
        iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
        mc.markers_rx = vf_markers;
        if (iw_mpa_init(&QA[i].c, &mc, &vf_mpa_ops, &QA[i], iw_qp_mpa_ulp_ops(), &QA[i].qp, QA[i].reasm,
                        sizeof QA[i].reasm) != IW_OK)
            return 0;
        iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
        mc.markers_rx = vf_markers;
        if (iw_mpa_init(&QB[i].c, &mc, &vf_mpa_ops, &QB[i], &vf_resp_ops, &QB[i].qp, QB[i].reasm,
                        sizeof QB[i].reasm) != IW_OK)
            return 0;
        (void)iw_mpa_start(&QB[i].c, NULL, 0);
        (void)iw_mpa_start(&QA[i].c, NULL, 0);
    }
    vf_flow();
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_RTS;
    for (i = 0; i < VF_NQ; i++) {
        at.llp = &QB[i].c;
        if (iw_qp_modify(&QB[i].qp, &at) != IW_V_OK) return 0;
        at.llp = &QA[i].c;
        if (iw_qp_modify(&QA[i].qp, &at) != IW_V_OK) return 0;
        if (iw_qp_state(&QA[i].qp) != IW_QP_RTS || iw_qp_state(&QB[i].qp) != IW_QP_RTS) return 0;
    }
    return 1;
}

/* ---- memory and WRs ---- */

VF_FN uint64_t VA(const vf_rn *n, size_t off) { return (uint64_t)(uintptr_t)(n->mem + off); }

/* The arguments of a registration of n's first npg pages in pd with key and acc: VA-based at
 * the host address, no FBO (iw_mr_register, iw_mr_reregister; a test changes what it tests). */
VF_FN iw_mr_reg vf_pages(const vf_rn *n, uint32_t pd, uint8_t key, unsigned acc, uint32_t npg)
{
    iw_mr_reg g;
    memset(&g, 0, sizeof g);
    g.pd = pd;
    g.key = key;
    g.acc = acc;
    g.va = VA(n, 0);
    g.len = (uint64_t)npg * PG;
    g.page_size = PG;
    g.pbl = n->pbl;
    g.npbl = npg;
    return g;
}
/* Register all of n's memory as one MR in pd (VA-based at the host address unless zero_based);
 * its STag, 0 on failure. */
VF_FN uint32_t vf_reg(vf_rn *n, unsigned acc, uint8_t key, uint32_t pd, int zero_based)
{
    iw_mr_reg g = vf_pages(n, pd, key, acc, NPG);
    uint32_t stag = 0;
    g.zero_based = (uint8_t)zero_based;
    return iw_mr_register(&n->r, &g, &stag) == IW_V_OK ? stag : 0;
}

/* A signaled WR of type t, no SGE. */
VF_FN iw_send_wr swr(iw_wr_type t, uint64_t id)
{
    iw_send_wr w;
    memset(&w, 0, sizeof w);
    w.type = t;
    w.wr_id = id;
    w.flags = IW_WR_SIGNALED;
    return w;
}
/* The same with one SGE. */
VF_FN iw_send_wr swr1(iw_wr_type t, uint64_t id, uint32_t stag, uint64_t to, uint32_t len)
{
    iw_send_wr w = swr(t, id);
    w.nsge = 1;
    w.sgl[0].stag = stag;
    w.sgl[0].to = to;
    w.sgl[0].len = len;
    return w;
}
/* An RDMA WR (Write, Read, Atomic: t) of len octets between A's MR a_mr at offset aoff and (stag, to) at
 * the peer. */
VF_FN iw_send_wr rdma_wr(iw_wr_type t, uint64_t id, uint32_t a_mr, size_t aoff, uint32_t stag, uint64_t to,
                         uint32_t len)
{
    iw_send_wr w = swr1(t, id, a_mr, VA(&RA, aoff), len);
    w.remote_stag = stag;
    w.remote_to = to;
    return w;
}
VF_FN iw_vstatus post1(vf_q *q, const iw_send_wr *w)
{
    size_t n;
    return iw_qp_post_sq(&q->qp, w, 1, &n);
}
/* A Receive of one SGE. */
VF_FN iw_vstatus recv1(vf_q *q, uint64_t id, uint32_t stag, uint64_t to, uint32_t len)
{
    iw_recv_wr r;
    size_t n;
    memset(&r, 0, sizeof r);
    r.wr_id = id;
    r.nsge = 1;
    r.sgl[0].stag = stag;
    r.sgl[0].to = to;
    r.sgl[0].len = len;
    return iw_qp_post_rq(&q->qp, &r, 1, &n);
}

#endif
