/* test_cov_verbs.c: the handle and argument checks of verbs.h's verbs that neither the other
 * tests nor the fuzz corpora reach (make coverage listed them): a verb given no RNIC, a closed
 * one, no or a destroyed CQ, S-RQ or QP, or a missing argument returns the Immediate Error
 * the verbs specification names for it, and changes nothing. */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"

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

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"rnic_open_refused", t_rnic_open_refused},
        {"no_rnic", t_no_rnic},
        {"no_cq_srq_qp", t_no_cq_srq_qp},
        {"qp_create_refused", t_qp_create_refused},
        {"str_unknown", t_str_unknown},
    };
    return CHECK_RUN(tests);
}
