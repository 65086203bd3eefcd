/* test_cov_verbs.c: the handle and argument checks of verbs.h's verbs that neither the other
 * tests nor the fuzz corpora reach (make coverage listed them): a verb given no RNIC, a closed
 * one, no or a destroyed CQ, S-RQ or QP, or a missing argument returns the Immediate Error
 * the verbs specification names for it, and changes nothing. */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"
#include "verbs_fake.h"

static uint8_t g_mem[4 * 4096];
static uint8_t *map(void *ctx, uint64_t addr, size_t len)
{
    (void)ctx;
    return addr < sizeof g_mem && len <= sizeof g_mem - addr ? g_mem + addr : NULL;
}
static const iw_rnic_host_ops g_ops = {.map = map};

static iw_rnic g_r, g_closed;
static iw_stag_ent g_stags[8];
static iw_cq g_cq, g_dead_cq;
static iw_wc g_ring[4];
static iw_srq g_srq, g_dead_srq;
static iw_recv_wr g_srq_ring[4];
static iw_qp g_dead_qp;

static int rnic_up(void)
{
    uint32_t pd = 0;
    memset(&g_r, 0, sizeof g_r);
    memset(&g_closed, 0, sizeof g_closed);
    memset(&g_dead_cq, 0, sizeof g_dead_cq);
    memset(&g_dead_srq, 0, sizeof g_dead_srq);
    memset(&g_dead_qp, 0, sizeof g_dead_qp);
    if (iw_rnic_open(&g_r, &g_ops, NULL, g_stags, 8, 1, 0) != IW_V_OK) return 0;
    if (iw_pd_alloc(&g_r, &pd) != IW_V_OK || pd != 1) return 0;
    if (iw_cq_create(&g_r, &g_cq, g_ring, 4) != IW_V_OK) return 0;
    return iw_srq_create(&g_r, &g_srq, 1, g_srq_ring, 4, 1, 0) == IW_V_OK;
}

static void t_rnic_open_refused(void)
{
    iw_rnic r;
    iw_rnic_host_ops o = {.map = NULL};
    memset(&r, 0, sizeof r);
    CHECK_EQ(iw_rnic_open(NULL, &g_ops, NULL, g_stags, 8, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_rnic_open(&r, NULL, NULL, g_stags, 8, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_rnic_open(&r, &o, NULL, g_stags, 8, 1, 0), IW_V_INVALID_MODIFIER); /* no map */
    CHECK_EQ(iw_rnic_open(&r, &g_ops, NULL, NULL, 8, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_rnic_open(&r, &g_ops, NULL, g_stags, 0x1000001u, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(r.open, 0);
    CHECK_EQ(iw_rnic_open(&r, &g_ops, NULL, g_stags, 8, 1, 0), IW_V_OK);
    CHECK_EQ(iw_rnic_close(&r), IW_V_OK);
}

/* Every verb on an RNIC handle: NULL and a closed RNIC are IW_V_INVALID_RNIC. */
static void t_no_rnic(void)
{
    iw_rnic *rs[2];
    iw_rnic_attr at;
    iw_mr_reg g;
    iw_stag_info si;
    iw_cq cq;
    iw_srq srq;
    iw_qp qp;
    iw_qp_cfg qc;
    iw_qp_mem qm;
    uint32_t x = 0;
    int i;
    REQUIRE(rnic_up());
    rs[0] = NULL;
    rs[1] = &g_closed;
    memset(&g, 0, sizeof g);
    memset(&qc, 0, sizeof qc);
    memset(&qm, 0, sizeof qm);
    for (i = 0; i < 2; i++) {
        iw_rnic *r = rs[i];
        CHECK_EQ(iw_rnic_query(r, &at), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_rnic_close(r), IW_V_INVALID_RNIC);
        iw_rnic_catastrophic(r); /* nothing to fail */
        CHECK_EQ(iw_pd_alloc(r, &x), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_pd_dealloc(r, 1), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_cq_create(r, &cq, g_ring, 4), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_mr_alloc_stag(r, 1, 4, 1, 0x11, &x), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_mr_register(r, &g, &x), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_mr_reregister(r, 0x100u, &g, &x), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_mr_register_shared(r, 0x100u, 1, IW_ACC_LOCAL_READ, 0x11, 0, 0, &x),
                 IW_V_INVALID_RNIC);
        CHECK_EQ(iw_stag_query(r, 1, &si), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_stag_dealloc(r, 1), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_mw_alloc(r, 1, 0x11, &x), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_srq_create(r, &srq, 1, g_srq_ring, 4, 1, 0), IW_V_INVALID_RNIC);
        CHECK_EQ(iw_qp_create(r, &qp, &qc, &qm), IW_V_INVALID_RNIC);
    }
    /* the open RNIC is untouched: its PD and CQ still there, no STag made */
    CHECK_EQ(iw_rnic_query(&g_r, &at), IW_V_OK);
    CHECK_EQ(iw_pd_dealloc(&g_r, 1), IW_V_PD_IN_USE); /* the S-RQ uses it */
    CHECK_EQ(iw_stag_query(&g_r, 1, &si), IW_V_INVALID_STAG_INDEX);
}

static void t_no_cq_srq_qp(void)
{
    uint32_t n = 0;
    iw_wc wc;
    iw_srq_info sinfo;
    iw_qp_info qi;
    iw_qp_attr a;
    iw_recv_wr rw;
    iw_send_wr sw;
    size_t posted = 9;
    REQUIRE(rnic_up());
    memset(&a, 0, sizeof a);
    memset(&rw, 0, sizeof rw);
    memset(&sw, 0, sizeof sw);
    /* CQ: NULL, never created (not alive); creation arguments */
    CHECK_EQ(iw_cq_create(&g_r, NULL, g_ring, 4), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_cq_create(&g_r, &g_dead_cq, NULL, 4), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_cq_create(&g_r, &g_dead_cq, g_ring, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_cq_query(NULL, &n), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_query(&g_dead_cq, &n), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_resize(NULL, g_ring, 4), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_resize(&g_dead_cq, g_ring, 4), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_resize(&g_cq, NULL, 4), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_cq_resize(&g_cq, g_ring, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_cq_destroy(NULL), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_destroy(&g_dead_cq), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_poll(NULL, &wc), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_poll(&g_dead_cq, &wc), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_notify(NULL, IW_CQ_NOTIFY_NEXT), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_notify(&g_dead_cq, IW_CQ_NOTIFY_NEXT), IW_V_INVALID_CQ);
    CHECK_EQ(iw_cq_query(&g_cq, &n), IW_V_OK);
    CHECK_EQ(n, 4u); /* the refused resizes left it as it was */
    /* S-RQ */
    CHECK_EQ(iw_srq_create(&g_r, NULL, 1, g_srq_ring, 4, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_srq_create(&g_r, &g_dead_srq, 1, NULL, 4, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_srq_create(&g_r, &g_dead_srq, 1, g_srq_ring, 0, 1, 0), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_srq_create(&g_r, &g_dead_srq, 7, g_srq_ring, 4, 1, 0), IW_V_INVALID_PD);
    CHECK_EQ(iw_srq_query(NULL, &sinfo), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_query(&g_dead_srq, &sinfo), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_modify(NULL, 1), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_modify(&g_dead_srq, 1), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_destroy(NULL), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_destroy(&g_dead_srq), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_post(NULL, &rw, 1, &posted), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_post(&g_dead_srq, &rw, 1, &posted), IW_V_INVALID_SRQ);
    CHECK_EQ(iw_srq_query(&g_srq, &sinfo), IW_V_OK);
    CHECK_EQ(sinfo.posted, 0u);
    CHECK_EQ(sinfo.limit, 0u); /* the refused modifies left no limit */
    CHECK_EQ(iw_srq_modify(&g_srq, 2), IW_V_OK);
    CHECK_EQ(iw_srq_query(&g_srq, &sinfo), IW_V_OK);
    CHECK(sinfo.limit == 2u && sinfo.armed == 1);
    CHECK_EQ(iw_srq_modify(&g_srq, 0), IW_V_OK); /* 0 disarms */
    CHECK_EQ(iw_srq_query(&g_srq, &sinfo), IW_V_OK);
    CHECK(sinfo.limit == 0u && sinfo.armed == 0);
    /* QP: NULL and one never created */
    CHECK_EQ(iw_qp_query(NULL, &qi), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_query(&g_dead_qp, &qi), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_modify(NULL, &a), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_modify(&g_dead_qp, &a), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_destroy(NULL), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_destroy(&g_dead_qp), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_post_sq(NULL, &sw, 1, &posted), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_post_sq(&g_dead_qp, &sw, 1, &posted), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_post_rq(NULL, &rw, 1, &posted), IW_V_INVALID_QP);
    CHECK_EQ(iw_qp_post_rq(&g_dead_qp, &rw, 1, &posted), IW_V_INVALID_QP);
    iw_qp_llp_event(NULL, IW_QP_LLP_LOST);
    iw_qp_llp_event(&g_dead_qp, IW_QP_LLP_LOST);
    CHECK_EQ(g_dead_qp.alive, 0);
}

static void t_qp_create_refused(void)
{
    static iw_swqe swqe[4];
    static iw_rdmap_wr rwr[4];
    static iw_recv_wr rwqe[4];
    static iw_rdmap_inreq inreq[4];
    iw_qp qp;
    iw_qp_cfg qc, c2;
    iw_qp_mem qm, m2;
    REQUIRE(rnic_up());
    memset(&qp, 0, sizeof qp);
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = qc.rq_cq = &g_cq;
    qc.pd = 1;
    qc.sq_depth = qc.rq_depth = 4;
    qc.ird = qc.ord = 2;
    qm.swqe = swqe;
    qm.rwr = rwr;
    qm.rwqe = rwqe;
    qm.inreq = inreq;
    CHECK_EQ(iw_qp_create(&g_r, NULL, &qc, &qm), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_qp_create(&g_r, &qp, NULL, &qm), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_qp_create(&g_r, &qp, &qc, NULL), IW_V_INVALID_MODIFIER);
    m2 = qm; m2.swqe = NULL;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &qc, &m2), IW_V_INVALID_MODIFIER);
    m2 = qm; m2.rwr = NULL;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &qc, &m2), IW_V_INVALID_MODIFIER);
    m2 = qm; m2.rwqe = NULL; /* no RQ ring and no S-RQ */
    CHECK_EQ(iw_qp_create(&g_r, &qp, &qc, &m2), IW_V_INVALID_MODIFIER);
    c2 = qc; c2.sq_cq = NULL;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_CQ);
    c2 = qc; c2.sq_cq = &g_dead_cq;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_CQ);
    c2 = qc; c2.rq_cq = NULL;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_CQ);
    c2 = qc; c2.rq_cq = &g_dead_cq;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_CQ);
    c2 = qc; c2.pd = 5;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_PD);
    CHECK_EQ(qp.alive, 0);
    CHECK_EQ(iw_qp_create(&g_r, &qp, &qc, &qm), IW_V_OK); /* the control */
    CHECK_EQ(iw_qp_modify(&qp, NULL), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_qp_destroy(&qp), IW_V_OK);
    CHECK_EQ(iw_qp_destroy(&qp), IW_V_INVALID_QP); /* destroyed: gone */
}

/* A value outside each enum has the string "?". */
static void t_str_unknown(void)
{
    CHECK(strcmp(iw_vstatus_str((iw_vstatus)999), "?") == 0);
    CHECK(strcmp(iw_wc_status_str((iw_wc_status)999), "?") == 0);
    CHECK(strcmp(iw_async_event_str((iw_async_event)999), "?") == 0);
    CHECK(strcmp(iw_vstatus_str(IW_V_OK), "?") != 0);
}

/* The Immediate Errors of the resource verbs that the first tests do not reach (make coverage
 * listed them): each returns the status the verbs specification names and changes nothing;
 * the optional outputs may be NULL. */
static void t_resource_refused(void)
{
    static iw_rnic r2, r0;
    static iw_stag_ent st2[8];
    static iw_cq cq2;
    static iw_wc ring2[4];
    static iw_srq srq, srq2, srq_dead;
    static iw_recv_wr sring[4], sring2[4];
    static iw_swqe swqe[4];
    static iw_rdmap_wr rwr[4];
    static iw_recv_wr rwqe[4];
    static iw_rdmap_inreq inreq[4];
    static uint64_t pbl[4] = {0, 4096, 8192, 12288};
    iw_qp qp, qs;
    iw_qp_cfg qc, c2;
    iw_qp_mem qm, m2;
    iw_qp_attr a;
    iw_qp_info qi;
    iw_mr_reg g, b;
    iw_srq_info si;
    iw_recv_wr rw;
    iw_send_wr sw;
    uint32_t stag = 0, s2 = 0, mw = 0, ent = 0;
    size_t posted = 9;
    REQUIRE(rnic_up());
    /* a second RNIC, in Block List mode */
    memset(&r2, 0, sizeof r2);
    REQUIRE(iw_rnic_open(&r2, &g_ops, NULL, st2, 8, 2, 1) == IW_V_OK);
    REQUIRE(iw_pd_alloc(&r2, &ent) == IW_V_OK && ent == 1);
    REQUIRE(iw_cq_create(&r2, &cq2, ring2, 4) == IW_V_OK);
    REQUIRE(iw_srq_create(&r2, &srq2, 1, sring2, 4, 1, 0) == IW_V_OK);
    /* an RNIC with no STag table: every registration lacks an entry */
    memset(&r0, 0, sizeof r0);
    CHECK_EQ(iw_rnic_open(&r0, &g_ops, NULL, NULL, 0, 0, 0), IW_V_OK);
    REQUIRE(iw_pd_alloc(&r0, &ent) == IW_V_OK);
    memset(&g, 0, sizeof g);
    g.pd = 1;
    g.acc = IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE;
    g.len = 4096;
    g.page_size = 4096;
    g.pbl = pbl;
    g.npbl = 1;
    CHECK_EQ(iw_mr_register(&r0, &g, &stag), IW_V_INSUFFICIENT_RESOURCES);
    CHECK_EQ(iw_rnic_close(&r0), IW_V_OK);
    /* queries with no output; a CQ larger than the RNIC allows */
    CHECK_EQ(iw_rnic_query(&g_r, NULL), IW_V_OK);
    CHECK_EQ(iw_cq_query(&g_cq, NULL), IW_V_OK);
    CHECK_EQ(iw_cq_resize(&g_cq, g_ring, 0x1000001u), IW_V_CQ_TOO_BIG);
    CHECK(iw_cq_query(&g_cq, &ent) == IW_V_OK && ent == 4);
    /* Register (verbs §7.3.2.1, the physical buffer list checks of §7.6.2) */
    CHECK_EQ(iw_mr_register(&g_r, NULL, &stag), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_mr_register(&g_r, &g, NULL), IW_V_INVALID_MODIFIER);
    b = g; b.page_size = 4096 + 1; /* not a power of two */
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_INVALID_PB_SIZE);
    b = g; b.page_size = 1024; /* a power of two the RNIC does not offer */
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_INVALID_PB_SIZE);
    b = g; b.va = 0xFFFFFFFFFFFFF000ull; b.len = 0x2000; /* wraps */
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_INVALID_VA);
    b = g; b.npbl = IW_CFG_VERBS_PBL_MAX + 1u;
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_INVALID_PBL_ENTRY);
    b = g; b.pbl = NULL;
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_INVALID_PBL_ENTRY);
    b = g; b.zero_based = 1; b.len = 0x10000000000ull; /* more than 40 bits */
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_INVALID_LENGTH);
    b = g; b.page_size = 0x80000001u; /* a block larger than 2 GiB */
    CHECK_EQ(iw_mr_register(&r2, &b, &stag), IW_V_INVALID_PB_SIZE);
    CHECK_EQ(g_r.stags[1].kind, 0); /* nothing was consumed */
    b = g; b.len = 0; b.npbl = 0; b.pbl = NULL; /* an empty region needs no page */
    CHECK_EQ(iw_mr_register(&g_r, &b, &stag), IW_V_OK);
    CHECK_EQ(iw_stag_dealloc(&g_r, stag >> 8), IW_V_OK);
    /* Reregister, Register Shared */
    REQUIRE(iw_mr_register(&g_r, &g, &stag) == IW_V_OK);
    CHECK_EQ(iw_mr_reregister(&g_r, stag, NULL, &s2), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_mr_reregister(&g_r, stag, &g, NULL), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_mr_register_shared(&g_r, stag, 5, g.acc, 2, 1, 0, &s2), IW_V_INVALID_PD);
    CHECK_EQ(iw_mr_register_shared(&g_r, stag, 1, 0x40u, 2, 1, 0, &s2), IW_V_INVALID_ACCESS);
    CHECK_EQ(iw_mr_register_shared(&g_r, stag, 1, g.acc, 2, 0, 1, &s2), IW_V_INVALID_VA); /* FBO 0 */
    REQUIRE(iw_mw_alloc(&g_r, 1, 3, &mw) == IW_V_OK);
    CHECK_EQ(iw_mr_reregister(&g_r, mw, &g, &s2), IW_V_INVALID_STAG_INDEX); /* a window */
    REQUIRE(iw_mr_register_shared(&g_r, stag, 1, g.acc, 2, 1, 0, &s2) == IW_V_OK);
    CHECK_EQ(iw_mr_reregister(&g_r, stag, &g, &s2), IW_V_INVALID_STAG_INDEX); /* shared now */
    b = g; b.page_size = 1000; b.len = 1000; /* a block list region of r2 */
    REQUIRE(iw_mr_register(&r2, &b, &stag) == IW_V_OK);
    CHECK_EQ(iw_mr_register_shared(&r2, stag, 1, g.acc, 2, 0, 7, &s2), IW_V_INVALID_VA);
    /* S-RQ create and post (verbs §6.3) */
    CHECK_EQ(iw_srq_create(&g_r, &srq, 1, sring, 0x10001u, 1, 0), IW_V_WR_LIMIT);
    CHECK_EQ(iw_srq_create(&g_r, &srq, 1, sring, 4, IW_CFG_VERBS_SGE + 1u, 0), IW_V_SGE_LIMIT);
    CHECK_EQ(iw_srq_create(&g_r, &srq, 1, sring, 4, 1, 5), IW_V_LIMIT_RANGE); /* VERBS-086c */
    REQUIRE(iw_srq_create(&g_r, &srq, 1, sring, 4, 0, 0) == IW_V_OK);
    CHECK(iw_srq_query(&srq, &si) == IW_V_OK && si.max_sge == IW_CFG_VERBS_SGE); /* 0: most */
    memset(&rw, 0, sizeof rw);
    CHECK_EQ(iw_srq_post(&srq, &rw, 1, NULL), IW_V_OK);
    CHECK_EQ(iw_srq_post(&srq, NULL, 0, &posted), IW_V_OK);
    CHECK_EQ(posted, 0u);
    CHECK_EQ(iw_srq_post(&srq, NULL, 1, &posted), IW_V_INVALID_MODIFIER);
    rw.nsge = IW_CFG_VERBS_SGE + 1u;
    CHECK_EQ(iw_srq_post(&srq, &rw, 1, &posted), IW_V_INVALID_SGL_LENGTH);
    CHECK(iw_srq_query(&srq, &si) == IW_V_OK && si.posted == 1);
    rw.nsge = 0;
    /* Create QP (verbs §6.1) */
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = qc.rq_cq = &g_cq;
    qc.pd = 1;
    qc.sq_depth = qc.rq_depth = 4;
    qc.ird = qc.ord = 2;
    qm.swqe = swqe;
    qm.rwr = rwr;
    qm.rwqe = rwqe;
    qm.inreq = inreq;
    memset(&qp, 0, sizeof qp);
    m2 = qm; m2.inreq = NULL; /* IRD 2 without its entries */
    CHECK_EQ(iw_qp_create(&g_r, &qp, &qc, &m2), IW_V_INVALID_MODIFIER);
    c2 = qc; c2.sq_cq = &cq2; /* another RNIC's CQ */
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_CQ);
    c2 = qc; c2.rq_cq = &cq2;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_CQ);
    memset(&srq_dead, 0, sizeof srq_dead);
    c2 = qc; c2.srq = &srq_dead;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_SRQ);
    c2 = qc; c2.srq = &srq2; /* another RNIC's */
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_INVALID_SRQ);
    c2 = qc; c2.srq = &srq; c2.rq_limit = 5; /* above the S-RQ's 4 */
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_LIMIT_RANGE);
    c2 = qc; c2.sq_depth = 0;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_WR_LIMIT);
    c2 = qc; c2.sq_depth = 0x10001u;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_WR_LIMIT);
    c2 = qc; c2.rq_depth = 0; /* and no S-RQ */
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_WR_LIMIT);
    c2 = qc; c2.rq_depth = 0x10001u;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_WR_LIMIT);
    c2 = qc; c2.max_write_sge = IW_CFG_VERBS_SGE + 1u;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_SGE_LIMIT);
    c2 = qc; c2.max_recv_sge = IW_CFG_VERBS_SGE + 1u;
    CHECK_EQ(iw_qp_create(&g_r, &qp, &c2, &qm), IW_V_SGE_LIMIT);
    CHECK_EQ(qp.alive, 0);
    c2 = qc; c2.srq = &srq; c2.rq_limit = 1; c2.rq_depth = 0; /* on the S-RQ: no RQ ring */
    m2 = qm; m2.rwqe = NULL;
    memset(&qs, 0, sizeof qs);
    CHECK_EQ(iw_qp_create(&g_r, &qs, &c2, &m2), IW_V_OK);
    CHECK_EQ(iw_srq_destroy(&srq), IW_V_SRQ_IN_USE);
    CHECK_EQ(iw_qp_destroy(&qs), IW_V_OK);
    CHECK_EQ(iw_srq_destroy(&srq), IW_V_OK); /* its last user gone */
    /* Modify QP's IRD (verbs §6.2), the posts' arguments */
    REQUIRE(iw_qp_create(&g_r, &qp, &qc, &qm) == IW_V_OK);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_IDLE;
    a.set_ird = 1;
    a.ird = IW_MPA_IRDORD_MAX + 1u;
    CHECK_EQ(iw_qp_modify(&qp, &a), IW_V_IRD_LIMIT);
    a.ird = 1;
    CHECK_EQ(iw_qp_modify(&qp, &a), IW_V_OK);
    CHECK(iw_qp_query(&qp, &qi) == IW_V_OK && qi.ird == 1 && qi.ord == 2 && qi.state == IW_QP_IDLE);
    memset(&sw, 0, sizeof sw);
    sw.type = IW_WR_SEND;
    sw.flags = IW_WR_SIGNALED;
    CHECK_EQ(iw_qp_post_sq(&qp, NULL, 1, &posted), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_qp_post_sq(&qp, &sw, 1, NULL), IW_V_OK); /* queued in Idle */
    CHECK_EQ(iw_qp_post_rq(&qp, NULL, 0, NULL), IW_V_OK);
    CHECK_EQ(iw_qp_post_rq(&qp, NULL, 1, &posted), IW_V_INVALID_MODIFIER);
    CHECK_EQ(iw_qp_post_rq(&qp, &rw, 1, NULL), IW_V_OK);
    /* a catastrophic error with no async event op: the Idle QP goes to Error, its WRs flushed;
     * a second one changes nothing */
    iw_rnic_catastrophic(&g_r);
    CHECK_EQ(iw_qp_state(&qp), IW_QP_ERROR);
    CHECK_EQ(g_cq.count, 2u);
    iw_rnic_catastrophic(&g_r);
    CHECK_EQ(g_cq.count, 2u);
    CHECK_EQ(iw_cq_poll(&g_cq, NULL), IW_V_OK); /* reaped without a copy */
    CHECK_EQ(g_cq.count, 1u);
}

/* A QP pair in RTS over a real MPA connection (verbs_fake.h); A's SQ sq_depth deep. */
static int pair_up(uint32_t sq_depth)
{
    iw_qp_cfg qc = vf_qp_cfg(0, 8, 8);
    if (!vf_rn_init(&RA, 0, 11, 0) || !vf_rn_init(&RB, 1, 12, 0)) return 0;
    qc.pd = RA.pd;
    qc.sq_depth = sq_depth;
    if (!vf_q_init(&QA[0], &RA, qc, 64)) return 0;
    if (!vf_q_init(&QB[0], &RB, vf_qp_cfg(RB.pd, 8, 8), 64)) return 0;
    return vf_connect();
}
static iw_vstatus to_state(vf_q *q, unsigned s)
{
    iw_qp_attr a;
    memset(&a, 0, sizeof a);
    a.next_state = s;
    return iw_qp_modify(&q->qp, &a);
}

/* RTS -> Error resets the LLP: the MPA host's close op is called at once and abortively, and
 * no Terminate goes out. So does a QP leaving RTS or Closing for Error on its own: the LLP
 * lost, a Bad Close in Closing. From Terminate the close stays graceful (the Terminate is the
 * stream's last message). */
static void t_error_resets_llp(void)
{
    size_t wire;
    iw_send_wr w;
    /* Modify RTS -> Error */
    REQUIRE(pair_up(8));
    wire = QA[0].h.wire_len;
    REQUIRE(to_state(&QA[0], IW_QP_ERROR) == IW_V_OK);
    CHECK_EQ(QA[0].h.closed, 1);
    CHECK_EQ(QA[0].h.close_abortive, 1); /* VERBS-018b */
    CHECK_EQ(QA[0].h.wire_len, wire); /* VERBS-018a: no Terminate */
    CHECK_EQ(iw_mpa_state(&QA[0].c), IW_MPA_S_CLOSED);
    /* the LLP lost in RTS */
    REQUIRE(pair_up(8));
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_LOST);
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
    CHECK(QA[0].h.closed == 1 && QA[0].h.close_abortive == 1);
    /* Closing after the peer's FIN (our MPA end still open), then a PostSQ: Bad Close */
    REQUIRE(pair_up(8));
    iw_mpa_llp_closed(&QA[0].c);
    REQUIRE(iw_qp_state(&QA[0].qp) == IW_QP_CLOSING && QA[0].h.closed == 0);
    RA.nev = 0;
    w = swr(IW_WR_SEND, 1);
    CHECK_EQ(post1(&QA[0], &w), IW_V_OK);
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_BAD_CLOSE);
    CHECK(QA[0].h.closed == 1 && QA[0].h.close_abortive == 1); /* VERBS-031e */
    /* Closing after the peer's FIN, then the LLP is lost (or the close times out): reset */
    REQUIRE(pair_up(8));
    iw_mpa_llp_closed(&QA[0].c);
    REQUIRE(iw_qp_state(&QA[0].qp) == IW_QP_CLOSING && QA[0].h.closed == 0);
    RA.nev = 0;
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_LOST);
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR); /* VERBS-032a */
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_LLP_LOST); /* VERBS-032a */
    CHECK(QA[0].h.closed == 1 && QA[0].h.close_abortive == 1); /* VERBS-032b */
    /* MPA's own error (a bad CRC, MPA-055c): the QP goes to Error, but MPA's Terminate
     * (2,0,0x02) still goes out, then the graceful close: no reset cuts it off */
    REQUIRE(pair_up(8));
    REQUIRE(recv1(&QB[0], 1, 0, 0, 0) == IW_V_OK); /* A's first FPDU opens B's side */
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    REQUIRE(recv1(&QA[0], 1, 0, 0, 0) == IW_V_OK);
    REQUIRE(post1(&QB[0], &w) == IW_V_OK);
    REQUIRE(QB[0].h.wire_len > QB[0].out_off);
    QB[0].out[QB[0].h.wire_len - 1] ^= 0x01; /* the FPDU's CRC */
    wire = QA[0].h.wire_len;
    vf_flow();
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
    CHECK(QA[0].h.wire_len > wire && (QA[0].out[wire + 3] & 0x0F) == 7); /* RDMAP Terminate */
    CHECK(QA[0].h.wire_len - wire >= 2 + 22 && QA[0].out[wire + 2 + 18] == 0x20 &&
          QA[0].out[wire + 2 + 19] == 0x02); /* its control: layer 2, type 0, code 0x02 */
    CHECK(QA[0].h.closed == 1 && QA[0].h.close_abortive == 0);
    /* Terminate -> Error: the Terminate went out, then a graceful close, once */
    REQUIRE(pair_up(8));
    wire = QA[0].h.wire_len;
    REQUIRE(to_state(&QA[0], IW_QP_TERMINATE) == IW_V_OK);
    CHECK(QA[0].h.wire_len > wire);
    CHECK(QA[0].h.closed == 1 && QA[0].h.close_abortive == 0);
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
    CHECK(QA[0].h.closed == 1 && QA[0].h.close_abortive == 0);
}

/* Closing -> Idle (the LLP close completes) keeps the SQ slot of a WR whose WC is still in the
 * CQ until it is reaped (VERBS-071): a one-deep SQ refuses the next WR until then, so a CQ as
 * deep as the SQ cannot overflow on the next stream. */
static void t_closing_idle_keeps_slots(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_wc wc;
    REQUIRE(pair_up(1));
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    w = swr1(IW_WR_WRITE, 1, a_mr, VA(&RA, 0), 16);
    w.remote_stag = b_mr;
    w.remote_to = VA(&RB, 0);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    REQUIRE(QA[0].scq.count == 1);
    REQUIRE(to_state(&QA[0], IW_QP_CLOSING) == IW_V_OK);
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
    REQUIRE(iw_qp_state(&QA[0].qp) == IW_QP_IDLE);
    w.wr_id = 2;
    CHECK_EQ(post1(&QA[0], &w), IW_V_TOO_MANY_WRS); /* the slot is held by WC 1 */
    CHECK(iw_cq_poll(&QA[0].scq, &wc) == IW_V_OK && wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
    CHECK_EQ(post1(&QA[0], &w), IW_V_OK); /* reaped: free */
    /* with no WC waiting every slot is free at once (as before) */
    REQUIRE(pair_up(1));
    w = swr(IW_WR_SEND, 3);
    w.flags = 0; /* unsignaled: completes without a WC */
    REQUIRE(recv1(&QB[0], 1, 0, 0, 0) == IW_V_OK);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    REQUIRE(QA[0].scq.count == 0);
    REQUIRE(to_state(&QA[0], IW_QP_CLOSING) == IW_V_OK);
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
    REQUIRE(iw_qp_state(&QA[0].qp) == IW_QP_IDLE);
    CHECK_EQ(post1(&QA[0], &w), IW_V_OK);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"rnic_open_refused", t_rnic_open_refused},
        {"no_rnic", t_no_rnic},
        {"no_cq_srq_qp", t_no_cq_srq_qp},
        {"qp_create_refused", t_qp_create_refused},
        {"str_unknown", t_str_unknown},
        {"resource_refused", t_resource_refused},
        {"error_resets_llp", t_error_resets_llp},
        {"closing_idle_keeps_slots VERBS-071", t_closing_idle_keeps_slots},
    };
    return CHECK_RUN(tests);
}
