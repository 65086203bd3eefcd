/* xchg.c: see xchg.h. */
#include "xchg.h"

bx_end BA, BB;
static uint8_t bx_arena[2][BX_MEM] __attribute__((aligned(4096)));
static iw_mpa_ulp_ops bx_resp_ops;

static uint8_t *bx_map(void *ctx, uint64_t addr, size_t len)
{
    (void)ctx;
    (void)len;
    return (uint8_t *)(uintptr_t)addr;
}
static void bx_async(void *ctx, const iw_async_rec *ev)
{
    (void)ev;
    ((bx_end *)ctx)->nasync++;
}
static const iw_rnic_host_ops bx_rnic_ops = {.map = bx_map, .async_event = bx_async};

/* ---- the ring: host ops of MPA ---- */

static uint32_t bx_free(const bx_end *e) { return BX_RING - (e->head - e->tail); }

static iw_status bx_send(void *ctx, const iw_iov *iov, size_t n, size_t *acc)
{
    bx_end *e = (bx_end *)ctx;
    size_t i;
    *acc = 0;
    for (i = 0; i < n; i++) {
        const uint8_t *p = (const uint8_t *)iov[i].base;
        size_t k = 0;
        while (k < iov[i].len && bx_free(e)) {
            uint32_t at = e->head % BX_RING, room = BX_RING - at;
            size_t m = iov[i].len - k;
            if (m > room) m = room;
            if (m > bx_free(e)) m = bx_free(e);
            memcpy(e->ring + at, p + k, m);
            e->head += (uint32_t)m;
            k += m;
        }
        *acc += k;
        if (k < iov[i].len) break;
    }
    if (*acc == 0) {
        e->blocked = 1;
        return IW_EAGAIN;
    }
    return IW_OK;
}
static uint8_t *bx_room(void *ctx, size_t want, size_t *cap)
{
    bx_end *e = (bx_end *)ctx;
    uint32_t at = e->head % BX_RING, room = BX_RING - at;
    (void)want;
    if (room > bx_free(e)) room = bx_free(e);
    *cap = room;
    if (!room) {
        e->blocked = 1;
        return NULL;
    }
    return e->ring + at;
}
static iw_status bx_commit(void *ctx, size_t n)
{
    bx_end *e = (bx_end *)ctx;
    e->head += (uint32_t)n;
    return IW_OK;
}
static void bx_arm(void *c, unsigned id, uint32_t ms) { (void)c; (void)id; (void)ms; }
static void bx_cancel(void *c, unsigned id) { (void)c; (void)id; }
static void bx_close(void *c, int ab) { (void)ab; ((bx_end *)c)->closed = 1; }
static const iw_mpa_host_ops bx_mpa_ops = {.send = bx_send,
                                           .timer_arm = bx_arm,
                                           .timer_cancel = bx_cancel,
                                           .close = bx_close,
                                           .tx_room = bx_room,
                                           .tx_commit = bx_commit};

/* Feed what `from` sent to `to`; 1 if anything moved. */
static int bx_move(bx_end *from, bx_end *to)
{
    int moved = 0;
    while (from->head != from->tail) {
        uint32_t at = from->tail % BX_RING, n = from->head - from->tail;
        size_t used = 0;
        if (n > BX_RING - at) n = BX_RING - at;
        (void)iw_mpa_rx_feed(&to->c, from->ring + at, n, &used);
        if (!used) { /* not taken (a closed connection): dropped */
            from->dropped += (int)n;
            used = n;
        }
        from->tail += (uint32_t)used;
        moved = 1;
    }
    if (from->blocked) {
        from->blocked = 0;
        (void)iw_mpa_tx_resume(&from->c);
        moved = 1;
    }
    return moved;
}

void bx_flow(void)
{
    int k;
    for (k = 0; k < 10000; k++) {
        int m = bx_move(&BA, &BB);
        m |= bx_move(&BB, &BA);
        if (!m) break;
    }
}

/* ---- setup ---- */

static void bx_request(void *uctx, const iw_mpa_info *in)
{
    (void)in;
    if (uctx == (void *)&BB.qp) (void)iw_mpa_accept(&BB.c, 8, 8, NULL, 0);
}

static int bx_end_init(bx_end *e, int idx)
{
    iw_qp_cfg qc;
    iw_qp_mem qm;
    uint32_t i;
    memset(e, 0, sizeof *e);
    e->mem = bx_arena[idx];
    memset(e->mem, 0xEE, BX_MEM);
    for (i = 0; i < BX_NPG; i++) e->pbl[i] = (uint64_t)(uintptr_t)(e->mem + i * BX_PG);
    if (iw_rnic_open(&e->r, &bx_rnic_ops, e, e->stags, 16, 0x5eedu + (unsigned)idx, 0) != IW_V_OK ||
        iw_pd_alloc(&e->r, &e->pd) != IW_V_OK || iw_cq_create(&e->r, &e->scq, e->sring, BX_DEPTH) != IW_V_OK ||
        iw_cq_create(&e->r, &e->rcq, e->rring, BX_DEPTH) != IW_V_OK)
        return 0;
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = &e->scq;
    qc.rq_cq = &e->rcq;
    qc.pd = e->pd;
    qc.sq_depth = qc.rq_depth = BX_DEPTH;
    qc.ird = qc.ord = BX_IRD;
    qc.read_en = qc.write_en = qc.bind_en = qc.atomic_en = qc.privileged = 1;
    qm.swqe = e->swqe;
    qm.rwr = e->rwr;
    qm.rwqe = e->rwqe;
    qm.inreq = e->inreq;
    return iw_qp_create(&e->r, &e->qp, &qc, &qm) == IW_V_OK;
}

int bx_up(void)
{
    iw_mpa_cfg mc;
    iw_qp_attr at;
    if (!bx_end_init(&BA, 0) || !bx_end_init(&BB, 1)) return 0;
    bx_resp_ops = *iw_qp_mpa_ulp_ops();
    bx_resp_ops.request = bx_request;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    mc.crc = 1;
    if (iw_mpa_init(&BA.c, &mc, &bx_mpa_ops, &BA, iw_qp_mpa_ulp_ops(), &BA.qp, BA.reasm, sizeof BA.reasm) != IW_OK)
        return 0;
    iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
    mc.crc = 1;
    if (iw_mpa_init(&BB.c, &mc, &bx_mpa_ops, &BB, &bx_resp_ops, &BB.qp, BB.reasm, sizeof BB.reasm) != IW_OK)
        return 0;
    if (iw_mpa_start(&BB.c, NULL, 0) != IW_OK || iw_mpa_start(&BA.c, NULL, 0) != IW_OK) return 0;
    bx_flow();
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_RTS;
    at.llp = &BB.c;
    if (iw_qp_modify(&BB.qp, &at) != IW_V_OK) return 0;
    at.llp = &BA.c;
    if (iw_qp_modify(&BA.qp, &at) != IW_V_OK) return 0;
    return iw_qp_state(&BA.qp) == IW_QP_RTS && iw_qp_state(&BB.qp) == IW_QP_RTS;
}

uint64_t bx_va(const bx_end *e, size_t off) { return (uint64_t)(uintptr_t)(e->mem + off); }

uint32_t bx_reg(bx_end *e, unsigned acc, uint8_t key)
{
    iw_mr_reg g;
    uint32_t stag = 0;
    memset(&g, 0, sizeof g);
    g.pd = e->pd;
    g.key = key;
    g.acc = acc;
    g.va = bx_va(e, 0);
    g.len = BX_MEM;
    g.page_size = BX_PG;
    g.pbl = e->pbl;
    g.npbl = BX_NPG;
    return iw_mr_register(&e->r, &g, &stag) == IW_V_OK ? stag : 0;
}

iw_vstatus bx_post(bx_end *e, const iw_send_wr *w)
{
    size_t n;
    return iw_qp_post_sq(&e->qp, w, 1, &n);
}

iw_vstatus bx_recv(bx_end *e, uint64_t id, uint32_t stag, uint64_t to, uint32_t len)
{
    iw_recv_wr r;
    size_t n;
    memset(&r, 0, sizeof r);
    r.wr_id = id;
    r.nsge = 1;
    r.sgl[0].stag = stag;
    r.sgl[0].to = to;
    r.sgl[0].len = len;
    return iw_qp_post_rq(&e->qp, &r, 1, &n);
}

__attribute__((noinline)) unsigned bx_bench_loop(uint32_t a_stag, uint32_t b_stag, uint32_t len, unsigned n)
{
    unsigned i, ok = 0;
    iw_send_wr w;
    iw_wc wc;
    memset(&w, 0, sizeof w);
    w.type = IW_WR_WRITE;
    w.flags = IW_WR_SIGNALED;
    w.nsge = 1;
    w.sgl[0].stag = a_stag;
    w.sgl[0].to = bx_va(&BA, 0);
    w.sgl[0].len = len;
    w.remote_stag = b_stag;
    w.remote_to = bx_va(&BB, 4096);
    for (i = 0; i < n; i++) {
        w.wr_id = i;
        if (bx_post(&BA, &w) != IW_V_OK) break;
        bx_flow();
        if (iw_cq_poll(&BA.scq, &wc) == IW_V_OK && wc.status == IW_WC_SUCCESS && wc.wr_id == i) ok++;
    }
    return ok;
}
