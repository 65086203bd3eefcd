/* bench_scale_threads.c: the core keeps no shared state (issue 19), so QP pairs on different
 * threads should not slow each other down.
 *
 *   cc -O2 -g -std=c99 -I. -Ibench bench/bench_scale_threads.c -o build/bench/bench_scale_threads -pthread
 *
 * mem_write_64_threads2: two threads, each with its own in-memory QP pair (verbs.h over
 *   rdmap.h, ddp.h and mpa.h; A the MPA Initiator, B the Responder, MPA rev 2, CRC on, no
 *   markers, joined by an in-memory byte ring as in bench_e2e.c), each posting 64-octet RDMA
 *   Writes from A's registered source to B's registered sink, every 16th signaled. Subject:
 *   the Writes per second of both threads together. Baseline: one such thread alone. The two
 *   are run interleaved, 15 times each, medians; the ratio is subject / baseline (2.0 if the
 *   two threads share nothing and the machine has two free cores). Every pass is checked: the
 *   sink must equal the source, every WC a success, both QPs still in RTS; a wrong result
 *   exits 1. On a machine whose other work takes a core, the ratio says so, not the core. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define PG 4096u
#define MEM (64u * 1024u)
#define RING (64u * 1024u)
#define MSG 64u
#define NMSG (MEM / MSG)
#define SIG_EVERY 16u
#define PASSES 40u /* passes of NMSG Writes per measurement and thread */
#define REPS 15

typedef struct ring {
    uint8_t buf[RING];
    size_t head, len;
} ring;

typedef struct mep {
    iw_rnic r;
    iw_stag_ent stags[16];
    uint32_t pd, stag;
    iw_cq scq, rcq;
    iw_wc sring[64], rring[64];
    iw_qp qp;
    iw_swqe swqe[64];
    iw_rdmap_wr rwr[64];
    iw_recv_wr rwqe[8];
    iw_rdmap_inreq inreq[8];
    iw_mpa_conn c;
    uint8_t reasm[4096];
    ring *out;
    uint64_t pbl[MEM / PG];
} mep;

/* One thread's world: its pair, its rings, its memory. Nothing is shared between two. */
typedef struct world {
    mep A, B;
    ring ab, ba;
    iw_mpa_ulp_ops resp;
    uint8_t src[MEM] __attribute__((aligned(4096)));
    uint8_t dst[MEM] __attribute__((aligned(4096)));
    uint64_t bad, writes;
    pthread_t th;
} world;

static uint8_t *h_map(void *ctx, uint64_t addr, size_t len)
{
    (void)ctx;
    (void)len;
    return (uint8_t *)(uintptr_t)addr;
}
static const iw_rnic_host_ops rnic_ops = {h_map, NULL, NULL, NULL, NULL};
static uint8_t *h_room(void *ctx, size_t want, size_t *cap)
{
    ring *r = ((mep *)ctx)->out;
    size_t tail = (r->head + r->len) % RING, room = RING - r->len;
    (void)want;
    *cap = RING - tail < room ? RING - tail : room;
    return r->buf + tail;
}
static iw_status h_commit(void *ctx, size_t n)
{
    ((mep *)ctx)->out->len += n;
    return IW_OK;
}
static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *acc)
{
    size_t i, k, cap;
    *acc = 0;
    for (i = 0; i < n; i++) {
        uint8_t *p = h_room(ctx, iov[i].len, &cap);
        k = iov[i].len < cap ? iov[i].len : cap;
        memcpy(p, iov[i].base, k);
        ((mep *)ctx)->out->len += k;
        *acc += k;
        if (k < iov[i].len) break;
    }
    return IW_OK;
}
static void h_arm(void *c, unsigned id, uint32_t ms) { (void)c; (void)id; (void)ms; }
static void h_cancel(void *c, unsigned id) { (void)c; (void)id; }
static void h_close(void *c, int ab) { (void)c; (void)ab; }
static const iw_mpa_host_ops mpa_ops = {h_send, h_arm, h_cancel, h_close, NULL, NULL, h_room, h_commit};
static void h_request(void *uctx, const iw_mpa_info *in)
{
    (void)in;
    (void)iw_mpa_accept(((iw_qp *)uctx)->llp, 8, 8, NULL, 0);
}

static int drain(ring *r, iw_mpa_conn *c)
{
    while (r->len) {
        size_t k = RING - r->head < r->len ? RING - r->head : r->len, used = 0;
        if (iw_mpa_rx_feed(c, r->buf + r->head, k, &used) != IW_OK || used == 0) return 0;
        r->head = (r->head + used) % RING;
        r->len -= used;
    }
    return 1;
}

static int ep_init(mep *e, uint8_t *mem, ring *out, unsigned acc)
{
    iw_qp_cfg qc;
    iw_qp_mem qm;
    iw_mr_reg g;
    uint32_t i;
    memset(e, 0, sizeof *e);
    e->out = out;
    if (iw_rnic_open(&e->r, &rnic_ops, e, e->stags, 16, 99, 0) != IW_V_OK ||
        iw_pd_alloc(&e->r, &e->pd) != IW_V_OK ||
        iw_cq_create(&e->r, &e->scq, e->sring, 64) != IW_V_OK ||
        iw_cq_create(&e->r, &e->rcq, e->rring, 64) != IW_V_OK)
        return 0;
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = &e->scq;
    qc.rq_cq = &e->rcq;
    qc.pd = e->pd;
    qc.sq_depth = 64;
    qc.rq_depth = 8;
    qc.ird = qc.ord = 8;
    qc.read_en = qc.write_en = 1;
    qm.swqe = e->swqe;
    qm.rwr = e->rwr;
    qm.rwqe = e->rwqe;
    qm.inreq = e->inreq;
    if (iw_qp_create(&e->r, &e->qp, &qc, &qm) != IW_V_OK) return 0;
    for (i = 0; i < MEM / PG; i++) e->pbl[i] = (uint64_t)(uintptr_t)(mem + i * PG);
    memset(&g, 0, sizeof g);
    g.pd = e->pd;
    g.key = 0x5A;
    g.acc = acc;
    g.va = (uint64_t)(uintptr_t)mem;
    g.len = MEM;
    g.page_size = PG;
    g.pbl = e->pbl;
    g.npbl = MEM / PG;
    return iw_mr_register(&e->r, &g, &e->stag) == IW_V_OK;
}

static int world_up(world *w)
{
    iw_mpa_cfg mc;
    iw_qp_attr at;
    int k;
    uint64_t seed = (uint64_t)(uintptr_t)w;
    bench_fill(w->src, MEM, &seed);
    memset(w->dst, 0, MEM);
    if (!ep_init(&w->A, w->src, &w->ab, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE) ||
        !ep_init(&w->B, w->dst, &w->ba, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE))
        return 0;
    w->resp = *iw_qp_mpa_ulp_ops();
    w->resp.request = h_request;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    if (iw_mpa_init(&w->A.c, &mc, &mpa_ops, &w->A, iw_qp_mpa_ulp_ops(), &w->A.qp, w->A.reasm,
                    sizeof w->A.reasm) != IW_OK)
        return 0;
    iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
    if (iw_mpa_init(&w->B.c, &mc, &mpa_ops, &w->B, &w->resp, &w->B.qp, w->B.reasm,
                    sizeof w->B.reasm) != IW_OK)
        return 0;
    w->B.qp.llp = &w->B.c;
    (void)iw_mpa_start(&w->B.c, NULL, 0);
    (void)iw_mpa_start(&w->A.c, NULL, 0);
    for (k = 0; k < 8 && (w->ab.len || w->ba.len); k++)
        if (!drain(&w->ab, &w->B.c) || !drain(&w->ba, &w->A.c)) return 0;
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_RTS;
    at.llp = &w->B.c;
    if (iw_qp_modify(&w->B.qp, &at) != IW_V_OK) return 0;
    at.llp = &w->A.c;
    return iw_qp_modify(&w->A.qp, &at) == IW_V_OK;
}

/* PASSES x NMSG Writes of MSG octets through the stack. */
static void *work(void *arg)
{
    world *w = (world *)arg;
    iw_send_wr s;
    iw_wc wc;
    uint32_t p, i;
    size_t n;
    memset(&s, 0, sizeof s);
    s.type = IW_WR_WRITE;
    s.nsge = 1;
    s.sgl[0].stag = w->A.stag;
    s.sgl[0].len = MSG;
    s.remote_stag = w->B.stag;
    for (p = 0; p < PASSES; p++)
        for (i = 0; i < NMSG; i++) {
            s.wr_id = i;
            s.flags = (i + 1) % SIG_EVERY == 0 ? IW_WR_SIGNALED : 0u;
            s.sgl[0].to = (uint64_t)(uintptr_t)(w->src + i * MSG);
            s.remote_to = (uint64_t)(uintptr_t)(w->dst + i * MSG);
            if (iw_qp_post_sq(&w->A.qp, &s, 1, &n) != IW_V_OK || n != 1) w->bad++;
            w->writes++;
            while (w->ab.len || iw_mpa_tx_busy(&w->A.c)) {
                if (!drain(&w->ab, &w->B.c)) { w->bad++; break; }
                if (iw_mpa_tx_busy(&w->A.c) && iw_mpa_tx_resume(&w->A.c) != IW_OK) { w->bad++; break; }
            }
            if (s.flags)
                while (iw_cq_poll(&w->A.scq, &wc) == IW_V_OK)
                    if (wc.status != IW_WC_SUCCESS) w->bad++;
        }
    return NULL;
}

static world W[2];

/* Writes per second with t threads (t worlds, each on its own thread). */
static double run(int t)
{
    int i;
    uint64_t t0, writes = 0;
    for (i = 0; i < t; i++) W[i].writes = 0;
    t0 = bench_now_ns();
    for (i = 0; i < t; i++)
        if (pthread_create(&W[i].th, NULL, work, &W[i]) != 0) return -1;
    for (i = 0; i < t; i++) pthread_join(W[i].th, NULL);
    for (i = 0; i < t; i++) writes += W[i].writes;
    return (double)writes / ((double)(bench_now_ns() - t0) * 1e-9);
}

int main(void)
{
    double one[REPS], two[REPS], m1, m2;
    int r, i;
    for (i = 0; i < 2; i++)
        if (!world_up(&W[i])) {
            printf("bench_scale_threads: QP pair %d did not come up\n", i);
            return 1;
        }
    (void)run(2); /* warm */
    for (r = 0; r < REPS; r++) { /* interleaved */
        one[r] = run(1);
        two[r] = run(2);
    }
    for (i = 0; i < 2; i++)
        if (W[i].bad || memcmp(W[i].src, W[i].dst, MEM) != 0 ||
            iw_qp_state(&W[i].A.qp) != IW_QP_RTS || iw_qp_state(&W[i].B.qp) != IW_QP_RTS) {
            printf("bench_scale_threads: pair %d: %llu errors, sink %s the source\n", i,
                   (unsigned long long)W[i].bad,
                   memcmp(W[i].src, W[i].dst, MEM) ? "differs from" : "equals");
            return 1;
        }
    m1 = bench_median(one, REPS);
    m2 = bench_median(two, REPS);
    printf("threads: 64-octet RDMA Writes in memory: one thread %.2f M/s, two threads %.2f M/s\n",
           m1 * 1e-6, m2 * 1e-6);
    printf("BENCH mem_write_64_threads2 %.3f Mwrites/s vs threads1 ratio=%.3f\n", m2 * 1e-6,
           m2 / m1);
    return 0;
}
