/* SPDX-License-Identifier: MIT */
/* test_fastpath_vr2.c: the RDMA Write short cuts of rdmap.h (round 4) against the general code
 * they stand in for.
 *   iw__rdmap_post_write (verbs.h's Write): iw_rdmap_post of the same Write WR
 *   iw__rdmap_pump_first (every post): the pump's first round without its loop, where that
 *           round can only send the WR just posted; the reference posts with the pump held
 *           off (in_pump) and then runs iw__rdmap_pump itself
 * Two identical stream pairs run the same mixed workload (Writes with and without Read
 * Fence, Reads, Sends, Atomics; partial sends, a full send queue, a Terminate at the end),
 * one through the short cuts, one through the reference. After every step: the statuses, the
 * octets each side sent, the placed memory, the completions, the stream's queue and pump
 * state, and the members of every queued Write that RDMAP reads. */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "check.h"
#include "rdmap_fake.h"

static rf_ep A[2], B[2]; /* [0]: short cuts, [1]: reference */
static rf_cfg CA, CB;
static uint8_t outs[2][RF_OUT_CAP]; /* side 1's (side 0: rdmap_fake.h's own) */
static uint8_t memA[2][65536], memB[2][65536], rbuf[2][64][512];
static iw_iov iov[2][256]; /* each side's SGEs (Read Responses land in its memA) */
static unsigned long n_fast, n_steps;

#define ST_W 0x1100u  /* B: Remote Write */
#define ST_R 0x1200u  /* B: Remote Read */
#define ST_AT 0x1300u /* B: Remote Atomic */
#define ST_AS 0x2100u /* A: Local Write (Read and Atomic sinks) */
#define ST_AR 0x2200u /* A: Remote Read (B's Reads) */
#define ST_BS 0x1400u /* B: Local Write (its Reads' sinks) */

/* The reference post: iw_rdmap_post with the pump held off, then the general pump. */
static iw_status post_ref(iw_rdmap_stream *s, const iw_rdmap_wr *w)
{
    iw_status st;
    s->in_pump = 1; /* iw__rdmap_pump_first -> iw__rdmap_pump returns at once */
    st = iw_rdmap_post(s, w);
    s->in_pump = 0;
    if (st == IW_OK) st = iw__rdmap_pump(s);
    return st;
}

/* Would the short cut take its own round for w posted on s now? (for the count only) */
static int fast_would(const iw_rdmap_stream *s, const iw_rdmap_wr *w)
{
    return !s->failed && !s->in_pump && !s->term_pending && s->irq_send == s->irq_tail &&
           s->sq_next == s->sq_tail && s->sq_tail - s->sq_head < s->sq_cap &&
           iw__rdmap_wr_ready(s, w) && !iw_ddp_tx_busy(&s->ddp);
}

static void same_ep(rf_ep *x, rf_ep *y, int is_a)
{
    const iw_rdmap_stream *s = &x->s, *t = &y->s;
    int i, n;
    uint32_t k;
    CHECK_EQ(x->out_len, y->out_len);
    if (x->out_len == y->out_len) CHECK_MEM(x->out, y->out, x->out_len);
    CHECK_EQ(x->ncqe, y->ncqe);
    n = x->ncqe < y->ncqe ? x->ncqe : y->ncqe;
    if (n > RF_LOG_MAX) n = RF_LOG_MAX;
    for (i = 0; i < n; i++) {
        CHECK(x->cqes[i].cookie == y->cqes[i].cookie);
        CHECK_EQ(x->cqes[i].opcode, y->cqes[i].opcode);
        CHECK_EQ(x->cqes[i].status, y->cqes[i].status);
        CHECK_EQ(x->cqes[i].len, y->cqes[i].len);
        CHECK_EQ(x->cqes[i].orig, y->cqes[i].orig);
        CHECK_EQ(x->cqes[i].sink_err, y->cqes[i].sink_err);
    }
    CHECK_EQ(x->nrecv, y->nrecv);
    CHECK_EQ(x->nev, y->nev);
    CHECK_EQ(x->closed, y->closed);
    CHECK_EQ(s->sq_head, t->sq_head);
    CHECK_EQ(s->sq_next, t->sq_next);
    CHECK_EQ(s->sq_tail, t->sq_tail);
    CHECK_EQ(s->ord_out, t->ord_out);
    CHECK_EQ(s->next_req_id, t->next_req_id);
    CHECK_EQ(s->irq_head, t->irq_head);
    CHECK_EQ(s->irq_send, t->irq_send);
    CHECK_EQ(s->irq_tail, t->irq_tail);
    CHECK_EQ(s->turn, t->turn);
    CHECK_EQ(s->in_pump, t->in_pump);
    CHECK_EQ(s->failed, t->failed);
    CHECK_EQ(s->term_pending, t->term_pending);
    CHECK_EQ(s->term_inflight, t->term_inflight);
    CHECK_EQ(s->term_done, t->term_done);
    CHECK_MEM(&s->stats, &t->stats, sizeof s->stats);
    CHECK_EQ(iw_ddp_tx_busy(&s->ddp), iw_ddp_tx_busy(&t->ddp));
    if (!is_a) return;
    for (k = s->sq_head; k != s->sq_tail && k - s->sq_head < s->sq_cap; k++) {
        const iw_rdmap_wr *v = &s->sq[k % s->sq_cap], *w = &t->sq[k % t->sq_cap];
        CHECK_EQ(v->opcode, w->opcode);
        CHECK_EQ(v->flags, w->flags);
        CHECK(v->cookie == w->cookie);
        CHECK_EQ(v->st, w->st);
        CHECK_EQ(v->sent, w->sent);
        CHECK_EQ(v->resp, w->resp);
        CHECK_EQ(v->status, w->status);
        CHECK_EQ(v->sink_err, w->sink_err);
        CHECK_EQ(v->orig, w->orig);
        CHECK_EQ(v->len, w->len);
        if (v->opcode != IW_RDMAP_OP_WRITE) continue;
        CHECK(v->sgl - iov[0] == w->sgl - iov[1]); /* what iw__rdmap_send_wr reads */
        CHECK_EQ(v->nsge, w->nsge);
        CHECK_EQ(v->stag, w->stag);
        CHECK_EQ(v->to, w->to);
    }
}
static void same(void)
{
    n_steps++;
    same_ep(&A[0], &A[1], 1);
    same_ep(&B[0], &B[1], 0);
    CHECK_MEM(memB[0], memB[1], sizeof memB[0]);
}

/* Side j posts w from A's completion upcall (inside the pump when DDP finished a message at
 * once): the post that follows must still go out. */
static unsigned long n_nested;
static iw_status post_side(int j, const iw_rdmap_wr *w)
{
    if (j == 0 && w->opcode == IW_RDMAP_OP_WRITE)
        return iw__rdmap_post_write(&A[0].s, w->cookie, w->flags, w->sgl, w->nsge, w->stag, w->to);
    if (j == 0 || A[1].s.in_pump) return iw_rdmap_post(&A[j].s, w);
    return post_ref(&A[1].s, w);
}
static void complete_hook(void *ctx, const iw_rdmap_cqe *c)
{
    rf_ep *e = (rf_ep *)ctx;
    int j = e == &A[1];
    rf_complete(ctx, c);
    if (((uintptr_t)c->cookie % 7u) == 3u && c->status == IW_OK) {
        iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_WRITE, (void *)(uintptr_t)(100000u + (unsigned)e->ncqe));
        w.sgl = &iov[j][255];
        w.nsge = 1;
        w.stag = ST_W;
        w.to = 0x10000 + (uint64_t)(unsigned)(e->ncqe % 64) * 16;
        (void)post_side(j, &w);
        if (j == 0) n_nested++;
    }
}
static iw_rdmap_ops hook_ops;

/* Both sides: post wr (a Write through the short cut on side 0); the statuses must agree. */
static iw_status post_both(const iw_rdmap_wr *w)
{
    iw_status s0, s1;
    iw_rdmap_wr w1 = *w; /* side 1's: the same SGEs over its own memory */
    if (w->sgl) w1.sgl = iov[1] + (w->sgl - iov[0]);
    if (fast_would(&A[0].s, w)) n_fast++;
    s0 = post_side(0, w);
    s1 = post_ref(&A[1].s, &w1);
    CHECK_EQ(s0, s1);
    same();
    return s0;
}

static void step_all(int resume_a, int feed_ab, int resume_b, int feed_ba)
{
    int j;
    for (j = 0; j < 2; j++) {
        if (resume_a) (void)iw_mpa_tx_resume(&A[j].c);
        if (feed_ab) (void)rf_feed(&A[j], &B[j]);
        if (resume_b) (void)iw_mpa_tx_resume(&B[j].c);
        if (feed_ba) (void)rf_feed(&B[j], &A[j]);
    }
    same();
}

static void setup(size_t accept_max)
{
    int j, i;
    rf_cfg_default(&CA);
    rf_cfg_default(&CB);
    CA.ord = CB.ird = 2; /* ORD limits reached often */
    CB.ord = CA.ird = 2;
    memset(memB, 0, sizeof memB);
    for (j = 0; j < 2; j++) {
        REQUIRE((j ? rf_pair_up_buf(&A[j], &B[j], &CA, &CB, outs[0], outs[1])
                   : rf_pair_up(&A[j], &B[j], &CA, &CB)) == IW_OK);
        rf_reg(&B[j], ST_W, memB[j], 0x10000, 32768, IW_DDP_ACC_REMOTE_WRITE);
        rf_reg(&B[j], ST_R, memB[j] + 32768, 0x20000, 32768, IW_DDP_ACC_REMOTE_READ);
        rf_reg(&B[j], ST_AT, memB[j], 0x10000, 32768, IW_RDMAP_ACC_REMOTE_ATOMIC);
        rf_reg(&A[j], ST_AS, memA[j], 0x30000, 65536, IW_RDMAP_ACC_LOCAL_WRITE);
        rf_reg(&A[j], ST_AR, memA[j] + 32768, 0x40000, 32768, IW_DDP_ACC_REMOTE_READ);
        rf_reg(&B[j], ST_BS, memB[j] + 32768, 0x50000, 32768, IW_RDMAP_ACC_LOCAL_WRITE);
        for (i = 0; i < 64; i++) rf_post_recv(&B[j], rbuf[j][i], sizeof rbuf[j][i]);
        hook_ops = rf_ops;
        hook_ops.complete = complete_hook;
        A[j].s.ops = &hook_ops; /* (private member: the test's upcall) */
        A[j].accept_max = accept_max;
        B[j].chunk = 61;
        A[j].chunk = 37;
    }
    for (i = 0; i < 65536; i++) memA[0][i] = memA[1][i] = (uint8_t)(i * 7 + 3);
    for (j = 0; j < 2; j++) {
        iov[j][255].base = memA[j] + 60000;
        iov[j][255].len = 48;
    }
}

/* One WR of the mix: mostly Writes (some with Read Fence, some with two SGEs or none). */
static iw_rdmap_wr mix_wr(uint32_t k, unsigned long long *seed)
{
    unsigned r = (unsigned)(check_rand(seed) % 16u);
    iw_rdmap_wr w = rf_wr(r < 9 ? IW_RDMAP_OP_WRITE : r < 11 ? IW_RDMAP_OP_READ_REQ
                          : r < 13 ? IW_RDMAP_OP_SEND : IW_RDMAP_OP_ATOMIC_REQ,
                          (void *)(uintptr_t)(k + 1));
    iw_iov *v = &iov[0][(2 * k) % 256], *u = &iov[1][(2 * k) % 256];
    v[0].base = memA[0] + (k * 97) % 32768;
    u[0].base = memA[1] + (k * 97) % 32768;
    v[0].len = u[0].len = 1 + (size_t)(check_rand(seed) % 300u);
    v[1].base = memA[0] + (k * 31) % 16384;
    u[1].base = memA[1] + (k * 31) % 16384;
    v[1].len = u[1].len = (size_t)(check_rand(seed) % 40u);
    w.sgl = v;
    w.nsge = 1;
    if (w.opcode == IW_RDMAP_OP_WRITE) {
        if (r == 0) w.flags = IW_RDMAP_F_READ_FENCE;
        if (r == 1) w.nsge = 2;
        if (r == 2) w.nsge = 0;
        w.stag = ST_W;
        w.to = 0x10000 + (k * 131) % 30000;
    } else if (w.opcode == IW_RDMAP_OP_READ_REQ) {
        w.sgl = NULL;
        w.nsge = 0;
        w.stag = ST_R;
        w.to = 0x20000 + (k * 67) % 30000;
        w.len = 100 + k % 400;
        w.sink_stag = ST_AS;
        w.sink_to = 0x30000 + (k * 1024) % 60000;
    } else if (w.opcode == IW_RDMAP_OP_ATOMIC_REQ) {
        w.sgl = NULL;
        w.nsge = 0;
        w.aop = IW_RDMAP_AOP_FETCHADD;
        w.stag = ST_AT;
        w.to = 0x10000 + 8 * (k % 1000);
        w.add_swap = k;
    } else if (r == 12) {
        w.flags = IW_RDMAP_F_READ_FENCE;
    }
    return w;
}

static void run_mix(size_t accept_max, unsigned long long seed0)
{
    unsigned long long seed = seed0;
    uint32_t k = 0;
    int burst, i;
    setup(accept_max);
    for (burst = 0; burst < 60; burst++) {
        int n = burst == 30 ? 70 : 1 + (int)(check_rand(&seed) % 6u); /* 70: the queue fills */
        if (burst % 3 == 2 && !B[0].s.failed) { /* B reads A; A takes the Request with its
                               * pump held: the posts below find a response waiting (IRQ) and
                               * DDP free (the pump's turn rule) */
            int j;
            for (j = 0; j < 2; j++) {
                iw_rdmap_wr r = rf_wr(IW_RDMAP_OP_READ_REQ, (void *)(uintptr_t)(k + 1));
                r.stag = ST_AR;
                r.to = 0x40000 + (k * 13) % 20000;
                r.len = 64 + k % 200;
                r.sink_stag = ST_BS;
                r.sink_to = 0x50000 + (k * 29) % 20000;
                CHECK_EQ(iw_rdmap_post(&B[j].s, &r), IW_OK);
                (void)iw_mpa_tx_resume(&B[j].c);
                A[j].s.in_pump = 1;
                (void)rf_feed(&B[j], &A[j]);
                A[j].s.in_pump = 0;
            }
            same();
        }
        for (i = 0; i < n; i++, k++) {
            iw_rdmap_wr w = mix_wr(k, &seed);
            if (burst == 55 && i == 0) { /* a Write to an STag unknown at B: a Terminate */
                w.opcode = IW_RDMAP_OP_WRITE;
                w.flags = 0;
                w.sgl = iov[0];
                w.nsge = 1;
                w.stag = 0x7700;
            }
            (void)post_both(&w);
        }
        for (i = 0; i < 1 + (int)(check_rand(&seed) % 8u); i++) {
            unsigned r = (unsigned)(check_rand(&seed) % 4u);
            step_all(r != 1, r != 2, 1, r != 3);
        }
    }
    for (i = 0; i < 2; i++) rf_flow(&A[i], &B[i]);
    same();
    {
        iw_rdmap_wr w = mix_wr(k, &seed);
        w.opcode = IW_RDMAP_OP_WRITE;
        w.stag = ST_W;
        CHECK_EQ(post_both(&w), IW_ESTATE); /* after the Terminate */
    }
    CHECK(A[0].ncqe > 150); /* the traffic ran */
    CHECK_EQ(A[0].nev + B[0].nev, 2);
}

static void t_mix(void)
{
    n_fast = n_steps = 0;
    run_mix(0, 11);
    run_mix(97, 12);
    run_mix(700, 13);
    run_mix(0, 14);
    printf("# %lu steps compared, %lu posts through the short cut's own round, %lu from the "
           "completion upcall\n", n_steps, n_fast, n_nested);
    CHECK(n_nested > 50);
    CHECK(n_fast > 100); /* the short cut ran, and so did the pump (the rest) */
    CHECK(n_steps > 1000);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"post_write and pump_first: the same as iw_rdmap_post and the pump, mixed load", t_mix},
    };
    return CHECK_RUN(tests);
}
