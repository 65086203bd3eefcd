/* SPDX-License-Identifier: MIT */
/* test_verbs.c: verbs.h. Two RNICs, each with a QP, joined by MPA connections over an
 * in-memory pipe; every object verb, every WR type with its WCs, the QP state transitions, and
 * the security checks (the peer gets a Terminate and no memory changes). */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"
#include "verbs_fake.h" /* one QP per RNIC: QA[0] and QB[0], written QA-> and QB-> */

static int g_use_srq; /* vt_init: B's QP takes its receives from an S-RQ */
static int g_block_b; /* vt_init: B's RNIC is in Block List mode */
static iw_srq g_srq;
static iw_recv_wr g_srq_ring[8];

/* RNIC idx (0: A, 1: B) with its one QP, Idle. */
static int vt_init(int idx, uint16_t ird, uint16_t ord)
{
    vf_rn *n = idx ? &RB : &RA;
    iw_qp_cfg qc;
    if (!vf_rn_init(n, idx, 1234u + (unsigned)idx, g_block_b && idx == 1)) return 0;
    qc = vf_qp_cfg(n->pd, ird, ord);
    if (g_use_srq && idx == 1) {
        if (iw_srq_create(&n->r, &g_srq, n->pd, g_srq_ring, 4, 2, 2) != IW_V_OK) return 0;
        qc.srq = &g_srq;
    }
    return vf_q_init(idx ? QB : QA, n, qc, 64);
}

/* Two QPs in RTS over a fresh MPA pair. */
static int vt_up(uint16_t ird, uint16_t ord)
{
    return vt_init(0, ird, ord) && vt_init(1, ird, ord) && vf_connect();
}

/* A's MR over all of A's memory (Local rights, Key 1) and B's over all of B's (every right, Key
 * 2): 1 when both are registered. */
static int vt_mrs(uint32_t *a_mr, uint32_t *b_mr)
{
    *a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    *b_mr = vf_reg(&RB, 0x3F, 2, RB.pd, 0);
    return *a_mr && *b_mr;
}

/* A window allocated on B with Key key and bound (WR id) to [VA(&RB, 0), +len) of mr. */
static uint32_t bind_on_b(uint64_t id, uint8_t key, uint32_t mr, uint64_t len, unsigned acc)
{
    uint32_t mw = 0;
    iw_send_wr bw = swr(IW_WR_BIND_MW, id);
    if (iw_mw_alloc(&RB.r, RB.pd, key, &mw) != IW_V_OK) return 0;
    bw.bind.mw_stag = mw;
    bw.bind.mr_stag = mr;
    bw.bind.va = VA(&RB, 0);
    bw.bind.len = len;
    bw.bind.acc = acc;
    return post1(QB, &bw) == IW_V_OK ? mw : 0;
}

/* ---- objects ---- */

static void t_objects(void)
{
    iw_wc ring2[4], wc;
    iw_rnic_attr at;
    uint32_t n = 0;
    REQUIRE(vt_init(0, 4, 4));
    CHECK_EQ(iw_rnic_open(&RA.r, &vf_rnic_ops, &RA, RA.stags, 64, 1, 0), IW_V_RNIC_IN_USE); /* VERBS-002 */
    CHECK_EQ(iw_rnic_query(&RA.r, &at), IW_V_OK);
    CHECK(at.max_sge >= 4);
    CHECK(at.atomics); /* VERBS-097a: both atomic operations */
    CHECK(at.immediate); /* VERBS-097b */
    CHECK_EQ(iw_pd_dealloc(&RA.r, RA.pd), IW_V_PD_IN_USE); /* VERBS-003a: the QP uses it */
    CHECK_EQ(iw_pd_dealloc(&RA.r, 99), IW_V_INVALID_PD);
    CHECK_EQ(iw_pd_dealloc(&RA.r, RA.pd2), IW_V_OK);
    CHECK_EQ(iw_pd_dealloc(&RA.r, RA.pd2), IW_V_INVALID_PD);
    CHECK_EQ(iw_cq_create(&RA.r, &QA->scq, QA->sring, 0x2000000u), IW_V_CQ_TOO_BIG); /* VERBS-004b */
    CHECK_EQ(iw_cq_query(&QA->rcq, &n), IW_V_OK);
    CHECK(n >= 64); /* VERBS-004a: at least the entries asked for */
    CHECK_EQ(iw_cq_destroy(&QA->scq), IW_V_CQ_IN_USE); /* VERBS-006a: QA's send CQ */
    CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_CQ_EMPTY); /* VERBS-007 */
    /* VERBS-010: a new QP is Idle; VERBS-011: WRs posted in Idle are queued, no CQE */
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_IDLE);
    {
        iw_send_wr w = swr(IW_WR_SEND, 1);
        iw_qp_attr a;
        iw_qp_info qi;
        CHECK_EQ(post1(QA, &w), IW_V_OK);
        CHECK_EQ(QA->scq.count, 0);
        CHECK_EQ(QA->h.wire_len, 0);
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_RTS; /* VERBS-012: no LLP stream */
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_LLP);
        a.llp = &QA->c; /* a stream not in Full Operation */
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_LLP); /* VERBS-012 */
        a.llp = NULL;
        a.next_state = IW_QP_TERMINATE;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014a: Idle -> Terminate */
        a.next_state = IW_QP_CLOSING;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014a: Idle -> Closing */
        CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_IDLE);
        /* VERBS-015: Idle -> Error flushes */
        CHECK_EQ(recv1(QA, 2, 0, 0, 0), IW_V_OK);
        a.next_state = IW_QP_ERROR;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_OK);
        CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_OK);
        CHECK(wc.wr_id == 1 && wc.status == IW_WC_FLUSHED);
        /* VERBS-028a: Error -> Idle refused while a WC is unreaped */
        a.next_state = IW_QP_IDLE;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_STILL_FLUSHING);
        CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR); /* VERBS-028a */
        CHECK_EQ(iw_cq_poll(&QA->rcq, &wc), IW_V_OK);
        CHECK(wc.wr_id == 2 && wc.status == IW_WC_FLUSHED && wc.type == IW_WR_RECV);
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_OK); /* VERBS-028b: all reaped */
        CHECK_EQ(iw_qp_query(&QA->qp, &qi), IW_V_OK);
        CHECK_EQ(qi.state, IW_QP_IDLE); /* VERBS-028b */
        CHECK(qi.id == iw_qp_id(&QA->qp) && iw_qp_id(&QA->qp) != iw_qp_id(&QB->qp));
        a.next_state = IW_QP_ERROR;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_OK);
        a.next_state = IW_QP_RTS;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014c: Error -> RTS */
        a.next_state = IW_QP_CLOSING;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014c: Error -> Closing */
        a.next_state = IW_QP_TERMINATE;
        CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014c */
        CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR);
        CHECK_EQ(iw_qp_post_sq(&QA->qp, &w, 1, NULL), IW_V_INVALID_QP_STATE); /* VERBS-033 */
    }
    /* a resize keeps the WCs; shrinking below them fails (two receives posted in
     * Idle and flushed by Error put two WCs on the receive CQ) */
    {
        iw_qp_attr a;
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_IDLE;
        REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
        REQUIRE(recv1(QA, 7, 0, 0, 0) == IW_V_OK && recv1(QA, 8, 0, 0, 0) == IW_V_OK);
        a.next_state = IW_QP_ERROR;
        REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
        CHECK_EQ(iw_cq_resize(&QA->rcq, ring2, 1), IW_V_SHRINK_FAILED); /* VERBS-005b */
        CHECK_EQ(iw_cq_resize(&QA->rcq, ring2, 4), IW_V_OK);
        CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 7); /* VERBS-005a */
        CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 8); /* VERBS-005a */
    }
    /* limits named (t_qp_create_limits too) */
    {
        iw_qp q2;
        iw_qp_cfg qc = QA->qp.cfg;
        iw_qp_mem qm = QA->qp.mem;
        qc.ird = 0x4000;
        CHECK_EQ(iw_qp_create(&RA.r, &q2, &qc, &qm), IW_V_IRD_LIMIT); /* VERBS-008b */
        qc.ird = 4;
        qc.ord = 0x4000;
        CHECK_EQ(iw_qp_create(&RA.r, &q2, &qc, &qm), IW_V_ORD_LIMIT); /* VERBS-008c */
        qc.ord = 4;
        qc.max_send_sge = IW_CFG_VERBS_SGE + 1;
        CHECK_EQ(iw_qp_create(&RA.r, &q2, &qc, &qm), IW_V_SGE_LIMIT); /* VERBS-008e */
        qc.max_send_sge = 0;
        qc.sq_depth = 0x20000;
        CHECK_EQ(iw_qp_create(&RA.r, &q2, &qc, &qm), IW_V_WR_LIMIT); /* VERBS-008d */
    }
    /* every status and event has its own text (VERBS-094) */
    {
        int i, j;
        for (i = 0; i < IW_WC_STATUS_END_; i++)
            for (j = i + 1; j < IW_WC_STATUS_END_; j++)
                CHECK(strcmp(iw_wc_status_str((iw_wc_status)i), iw_wc_status_str((iw_wc_status)j)) != 0);
        for (i = 0; i < IW_VSTATUS_END_; i++) CHECK(strcmp(iw_vstatus_str((iw_vstatus)i), "?") != 0);
        for (i = 1; i < IW_AE_END_; i++) CHECK(strcmp(iw_async_event_str((iw_async_event)i), "?") != 0);
    }
    CHECK_EQ(iw_rnic_close(&RA.r), IW_V_OK);
    CHECK_EQ(iw_rnic_query(&RA.r, &at), IW_V_INVALID_RNIC);
}

/* A CQ whose WCs wrap round its ring, resized: refused below them (nothing changes), then to
 * exactly their number and larger, every WC kept in order. */
static void t_cq_resize(void)
{
    static iw_cq snap;
    static iw_wc ring[4], r2[8], r3[8];
    iw_cq *cq = &QA->scq;
    iw_wc wc;
    uint32_t n, i, sb;
    REQUIRE(vt_up(4, 4));
    sb = vf_reg(&RB, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 1, RB.pd, 0);
    REQUIRE(sb != 0);
    REQUIRE(iw_cq_resize(cq, ring, 4) == IW_V_OK);
    for (i = 0; i < 6; i++) { /* three Writes completed and polled, then three in slots 3, 0, 1 */
        iw_send_wr w = swr(IW_WR_WRITE, i < 3 ? 0 : i - 2);
        w.remote_stag = sb;
        w.remote_to = VA(&RB, 0);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        vf_flow();
        if (i == 2)
            for (n = 0; n < 3; n++) REQUIRE(iw_cq_poll(cq, NULL) == IW_V_OK);
    }
    memset(r2, 0, sizeof r2);
    memcpy(&snap, cq, sizeof snap);
    CHECK_EQ(iw_cq_resize(cq, r2, 2), IW_V_SHRINK_FAILED); /* VERBS-005b */
    CHECK(memcmp(&snap, cq, sizeof snap) == 0); /* VERBS-005c: ring, capacity, WCs as they were */
    CHECK(iw_cq_query(cq, &n) == IW_V_OK && n == 4); /* VERBS-005c */
    CHECK_EQ(iw_cq_resize(cq, r2, 3), IW_V_OK); /* VERBS-005a: as many entries as WCs */
    CHECK_EQ(iw_cq_resize(cq, r3, 8), IW_V_OK); /* VERBS-005a */
    for (i = 0; i < 3; i++) CHECK(iw_cq_poll(cq, &wc) == IW_V_OK && wc.wr_id == 1 + i); /* VERBS-005a */
    CHECK_EQ(iw_cq_poll(cq, &wc), IW_V_CQ_EMPTY);
}

/* Create QP gives the IRD, ORD and queue depths asked for; each limit has its own error. */
static void t_qp_create_limits(void)
{
    static vf_q q2;
    static iw_qp q3;
    iw_qp_cfg qc;
    iw_qp_mem qm;
    iw_qp_info qi;
    iw_send_wr w[5];
    iw_recv_wr r[5];
    size_t n;
    int i;
    REQUIRE(vt_init(0, 4, 4));
    qc = vf_qp_cfg(RA.pd, 3, 5);
    qc.sq_depth = 5;
    qc.rq_depth = 5;
    CHECK(vf_q_init(&q2, &RA, qc, 8)); /* VERBS-008a */
    if (check__failed_here) return;
    CHECK(iw_qp_query(&q2.qp, &qi) == IW_V_OK && qi.ird >= 3 && qi.ord >= 5); /* VERBS-008a */
    memset(r, 0, sizeof r);
    for (i = 0; i < 5; i++) w[i] = swr(IW_WR_SEND, (uint64_t)i);
    CHECK(iw_qp_post_sq(&q2.qp, w, 5, &n) == IW_V_OK && n == 5); /* VERBS-008a: 5 SQ WRs */
    CHECK(iw_qp_post_rq(&q2.qp, r, 5, &n) == IW_V_OK && n == 5); /* VERBS-008a: 5 RQ WRs */
    qc = QA->qp.cfg;
    qm = QA->qp.mem;
    qc.rq_depth = 0x20000;
    CHECK_EQ(iw_qp_create(&RA.r, &q3, &qc, &qm), IW_V_WR_LIMIT); /* VERBS-008d: RQ */
    qc.rq_depth = 32;
    qc.max_recv_sge = IW_CFG_VERBS_SGE + 1;
    CHECK_EQ(iw_qp_create(&RA.r, &q3, &qc, &qm), IW_V_SGE_LIMIT); /* VERBS-008e: receive */
    qc.max_recv_sge = 0;
    qc.max_write_sge = IW_CFG_VERBS_SGE + 1;
    CHECK_EQ(iw_qp_create(&RA.r, &q3, &qc, &qm), IW_V_SGE_LIMIT); /* VERBS-008e: write */
    qc.max_write_sge = 0;
    qc.ird = IW_MPA_IRDORD_MAX + 1;
    n = RA.r.nqp;
    CHECK_EQ(iw_qp_create(&RA.r, &q3, &qc, &qm), IW_V_IRD_LIMIT); /* VERBS-008b */
    CHECK_EQ(RA.r.nqp, n); /* VERBS-008b: nothing created */
}

/* ---- memory ---- */

static void t_mr_rights_and_lists(void)
{
    iw_mr_reg g;
    unsigned acc;
    uint32_t stag;
    REQUIRE(vt_init(0, 4, 4));
    for (acc = 0; acc < 0x40; acc++) { /* Figure 18 */
        int lr = acc & 1, lw = (acc >> 1) & 1, rr = (acc >> 2) & 1, rw = (acc >> 3) & 1, ra = (acc >> 5) & 1;
        int valid = (lr || lw) && (!rw || lw) && (!rr || lr) && (!ra || (lr && lw));
        uint32_t s = vf_reg(&RA, acc, 1, RA.pd, 0);
        CHECK(s == 0 || lr || lw);  /* VERBS-042a: at least one Local right */
        CHECK(s == 0 || !rw || lw); /* VERBS-042b: Remote Write needs Local Write */
        CHECK(s == 0 || !rr || lr); /* VERBS-042c: Remote Read needs Local Read */
        CHECK_EQ(s != 0, valid); /* VERBS-096a: Remote Atomic needs both Local rights */
        if (s) {
            iw_stag_info si;
            CHECK_EQ(s & 0xFF, 1);                                /* VERBS-038: Key ours */
            CHECK(s >> 8 != 0);                                   /* VERBS-039a */
            CHECK(iw_stag_query(&RA.r, s >> 8, &si) == IW_V_OK && si.valid && si.acc == acc); /* VERBS-041a */
            CHECK_EQ(iw_stag_dealloc(&RA.r, s >> 8), IW_V_OK);
        }
    }
    /* page list rules */
    g = vf_pages(&RA, RA.pd, 0, IW_ACC_LOCAL_READ, 2);
    g.va += 100;
    g.fbo = 100;
    g.len = 5000;
    RA.pbl[0] = VA(&RA, 0);
    RA.pbl[1] = VA(&RA, 8192);
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_OK);
    g.page_size = 3000;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_PB_SIZE); /* VERBS-045a */
    g.page_size = PG;
    g.fbo = PG;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_FBO); /* VERBS-045c */
    g.fbo = 101;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_VA); /* VERBS-045d */
    g.fbo = 100;
    RA.pbl[1] = VA(&RA, 8192) + 8;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_PBL_ENTRY); /* VERBS-045b */
    RA.pbl[1] = VA(&RA, 8192);
    g.len = 9000;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_LENGTH);
    g.len = 5000;
    g.pd = 77;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_PD);
    /* an allocated STag is Invalid until registered, its PBL size bounded */
    {
        iw_stag_info si;
        CHECK_EQ(iw_mr_alloc_stag(&RA.r, RA.pd, 4, 1, 9, &stag), IW_V_OK);
        CHECK(iw_stag_query(&RA.r, stag >> 8, &si) == IW_V_OK && !si.valid && !si.is_mw); /* VERBS-040a */
        /* VERBS-040b: above the maximum PBL size */
        CHECK_EQ(iw_mr_alloc_stag(&RA.r, RA.pd, IW_CFG_VERBS_PBL_MAX + 1, 1, 9, &stag), IW_V_INSUFFICIENT_RESOURCES);
        CHECK_EQ(iw_stag_query(&RA.r, 0, &si), IW_V_INVALID_STAG_INDEX);
    }
}

/* Index 0 and STag 0, and the status of a refused combination of rights
 * (VERBS-042d). */
static void t_verbs039_042(void)
{
    iw_mr_reg g;
    iw_stag_info si;
    uint32_t s, n = 0, zero = 0, stag = 0;
    int k;
    /* A's table filled to its last entry: no STag with Index 0 */
    REQUIRE(vt_init(0, 4, 4));
    while ((s = vf_reg(&RA, IW_ACC_LOCAL_READ, 1, RA.pd, 0)) != 0 && n < 1000) {
        n++;
        zero += (s >> 8) == 0;
    }
    CHECK_EQ(zero, 0);      /* VERBS-039a */
    CHECK_EQ(n, VF_NST - 1u); /* VERBS-039a: every Index but 0 handed out */
    CHECK_EQ(iw_stag_query(&RA.r, 0, &si), IW_V_INVALID_STAG_INDEX); /* VERBS-039d */
    CHECK_EQ(iw_stag_dealloc(&RA.r, 0), IW_V_INVALID_STAG_INDEX);   /* VERBS-039d */
    REQUIRE(vt_init(0, 4, 4));
    g = vf_pages(&RA, RA.pd, 0, IW_ACC_LOCAL_READ, 1);
    CHECK_EQ(iw_mr_reregister(&RA.r, 0, &g, &stag), IW_V_INVALID_STAG_INDEX); /* VERBS-039d */
    /* VERBS-039d */
    CHECK_EQ(iw_mr_register_shared(&RA.r, 0, RA.pd, IW_ACC_LOCAL_READ, 5, 1, 0, &stag), IW_V_INVALID_STAG_INDEX);
    /* Remote Write with Local Read only: "Invalid Access Rights requested", nothing registered */
    g.acc = IW_ACC_LOCAL_READ | IW_ACC_REMOTE_WRITE;
    stag = 0x77;
    CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_ACCESS); /* VERBS-042d */
    CHECK_EQ(stag, 0x77);
    /* the WRs: Invalidate Local STag, Bind (STag 0 as the MR, as the window), Fast-Register of
     * STag 0, and STag 0 in a Send's SGE on a privileged QP: each completes in error */
    for (k = 0; k < 5; k++) {
        iw_send_wr w = swr(IW_WR_INVALIDATE, 1);
        iw_wc wc;
        uint32_t mw = 0, mr;
        REQUIRE(vt_up(4, 4));
        mr = vf_reg(&RA, 0x3F, 1, RA.pd, 0);
        REQUIRE(mr && iw_mw_alloc(&RA.r, RA.pd, 1, &mw) == IW_V_OK);
        if (k == 1 || k == 2) {
            w = swr(IW_WR_BIND_MW, 1);
            w.bind.mw_stag = k == 1 ? mw : 0;
            w.bind.mr_stag = k == 1 ? 0 : mr;
            w.bind.va = VA(&RA, 0);
            w.bind.len = 64;
            w.bind.acc = IW_ACC_REMOTE_READ;
        } else if (k == 3) {
            w = swr(IW_WR_FAST_REG, 1);
            w.fr.acc = IW_ACC_LOCAL_READ;
            w.fr.va = VA(&RA, 0);
            w.fr.len = PG;
            w.fr.page_size = PG;
            w.fr.pbl = RA.pbl;
            w.fr.npbl = 1;
        } else if (k == 4) {
            w = swr1(IW_WR_SEND, 1, 0, VA(&RA, 0), 8);
        }
        REQUIRE(post1(QA, &w) == IW_V_OK);
        REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
        if (k < 4) CHECK(wc.wr_id == 1 && wc.status != IW_WC_SUCCESS); /* VERBS-039e */
        else CHECK(wc.wr_id == 1 && wc.status == IW_WC_INVALID_STAG);  /* VERBS-039c */
        CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_TERMINATE);
        if (check__failed_here) {
            fprintf(stderr, "  STag 0 case %d\n", k);
            return;
        }
    }
}

/* The translation goes through the page list: a peer's Write across scattered
 * pages lands in the right pages; zero-based TOs; a Read of them returns the same bytes. */
static void t_translation(void)
{
    iw_mr_reg g;
    uint32_t stag = 0, sink, src;
    uint64_t pages[3];
    iw_send_wr w;
    iw_wc wc;
    uint8_t data[8000];
    size_t i;
    REQUIRE(vt_up(4, 4));
    for (i = 0; i < sizeof data; i++) data[i] = (uint8_t)(i * 7 + 3);
    memcpy(RA.mem, data, sizeof data);
    src = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 5, RA.pd, 0);
    /* B: pages 3, 0, 7 of its memory, zero-based, FBO 1000 */
    pages[0] = VA(&RB, 3 * PG);
    pages[1] = VA(&RB, 0);
    pages[2] = VA(&RB, 7 * PG);
    memset(&g, 0, sizeof g);
    g.pd = RB.pd;
    g.key = 0x42;
    g.acc = IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_READ;
    g.zero_based = 1;
    g.va = VA(&RB, 3 * PG) + 1000; /* not the TO of the first octet: that is 0 */
    g.len = 3 * PG - 1000;
    g.page_size = PG;
    g.fbo = 1000;
    g.pbl = pages;
    g.npbl = 3;
    REQUIRE(iw_mr_register(&RB.r, &g, &stag) == IW_V_OK);
    w = rdma_wr(IW_WR_WRITE, 1, src, 0, stag, 500, sizeof data);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
    CHECK(wc.wr_id == 1 && wc.status == IW_WC_SUCCESS && wc.type == IW_WR_WRITE);
    /* TO 500 = offset 1500 of page 3: 2596 octets there, 4096 in page 0, the rest in page 7 */
    CHECK_MEM(RB.mem + 3 * PG + 1500, data, PG - 1500); /* VERBS-043b: zero-based, TO 0 at FBO */
    CHECK_MEM(RB.mem, data + (PG - 1500), PG);          /* VERBS-043c: the PBL's next page */
    CHECK_MEM(RB.mem + 7 * PG, data + (2 * PG - 1500), sizeof data - (2 * PG - 1500)); /* VERBS-043c */
    CHECK_EQ(RB.mem[7 * PG + sizeof data - (2 * PG - 1500)], 0xEE); /* not past the end */
    CHECK_EQ(RB.mem[3 * PG + 1499], 0xEE); /* nor before the start */
    /* Read it back into A at offset 20000 */
    sink = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 6, RA.pd, 0);
    w = rdma_wr(IW_WR_READ, 2, sink, 20000, stag, 500, sizeof data);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
    CHECK(wc.wr_id == 2 && wc.status == IW_WC_SUCCESS && wc.type == IW_WR_READ);
    CHECK_MEM(RA.mem + 20000, data, sizeof data);
}

/* Every SQ WR type with its WC; receives in MSN order; unsignaled WRs (VERBS-075, -076,
 * -078, -095). */
static void t_all_wrs(void)
{
    uint32_t a_mr, b_mr, b_inv, b_mw = 0, a_fr = 0;
    iw_send_wr w;
    iw_wc wc;
    int i;
    uint64_t v;
    REQUIRE(vt_up(4, 4));
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    b_inv = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 3, RB.pd, 0);
    REQUIRE(a_mr && b_mr && b_inv);
    for (i = 0; i < 6; i++) REQUIRE(recv1(QB, 100u + (unsigned)i, b_mr, VA(&RB, 1000u * (unsigned)i), 1000) == IW_V_OK);
    for (i = 0; i < 4096; i++) RA.mem[i] = (uint8_t)i;
    /* Sends */
    for (i = 0; i < 4; i++) {
        static const iw_wr_type t[4] = {IW_WR_SEND, IW_WR_SEND_SE, IW_WR_SEND_INV, IW_WR_SEND_SE_INV};
        w = swr(t[i], (uint64_t)(1 + i));
        if (i == 1) w.flags = 0; /* unsignaled: no WC on success */
        w.nsge = 2;
        w.sgl[0].stag = a_mr;
        w.sgl[0].to = VA(&RA, 0);
        w.sgl[0].len = 10u + (unsigned)i;
        w.sgl[1].stag = a_mr;
        w.sgl[1].to = VA(&RA, 100);
        w.sgl[1].len = 20;
        w.inval_stag = b_inv;
        if (i == 3) { /* invalidate a window instead: bind one first on B */
            iw_send_wr bw = swr(IW_WR_BIND_MW, 50);
            REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x11, &b_mw) == IW_V_OK);
            bw.bind.mw_stag = (b_mw & ~0xFFu) | 0x12;
            bw.bind.mr_stag = b_mr;
            bw.bind.va = VA(&RB, 40000);
            bw.bind.len = 100;
            bw.bind.acc = IW_ACC_REMOTE_WRITE;
            REQUIRE(post1(QB, &bw) == IW_V_OK);
            REQUIRE(iw_cq_poll(&QB->scq, &wc) == IW_V_OK);
            CHECK(wc.wr_id == 50 && wc.status == IW_WC_SUCCESS && wc.type == IW_WR_BIND_MW);
            b_mw = (b_mw & ~0xFFu) | 0x12;
            w.inval_stag = b_mw;
        }
        REQUIRE(post1(QA, &w) == IW_V_OK);
    }
    w = swr(IW_WR_IMM_SE, 5);
    memcpy(w.imm, "IMMEDIAT", 8);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    /* Write, Read with Invalidate Local, atomics */
    w = rdma_wr(IW_WR_WRITE, 6, a_mr, 0, b_mr, VA(&RB, 10000), 3000);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    a_fr = 0;
    REQUIRE(iw_mr_alloc_stag(&RA.r, RA.pd, 4, 1, 0x21, &a_fr) == IW_V_OK);
    w = swr(IW_WR_FAST_REG, 7);
    w.fr_stag = a_fr;
    w.fr.acc = IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE;
    w.fr.va = VA(&RA, 8192);
    w.fr.len = 8192;
    w.fr.page_size = PG;
    w.fr.pbl = RA.pbl + 2;
    w.fr.npbl = 2;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w = rdma_wr(IW_WR_READ_INV, 8, a_fr, 8192, b_mr, VA(&RB, 10000), 3000);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    v = 41;
    memcpy(RB.mem + 30000, &v, 8);
    w = rdma_wr(IW_WR_FETCHADD, 9, a_mr, 30000, b_mr, VA(&RB, 30000), 8);
    w.add_swap = 1;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w.type = IW_WR_CMPSWAP;
    w.wr_id = 10;
    w.sgl[0].to = VA(&RA, 30008);
    w.cmp = 42;
    w.cmp_mask = ~0ull;
    w.add_swap = 7;
    w.add_swap_mask = ~0ull;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w = swr(IW_WR_INVALIDATE, 11);
    w.inval_stag = a_mr;
    w.flags |= IW_WR_LOCAL_FENCE;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    /* A's WCs: in order, every signaled one (2 was unsignaled) */
    {
        static const uint64_t ids[] = {1, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        static const iw_wr_type ty[] = {IW_WR_SEND, IW_WR_SEND_INV, IW_WR_SEND_SE_INV, IW_WR_IMM_SE,
                                        IW_WR_WRITE, IW_WR_FAST_REG, IW_WR_READ_INV, IW_WR_FETCHADD,
                                        IW_WR_CMPSWAP, IW_WR_INVALIDATE};
        for (i = 0; i < 10; i++) {
            REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
            CHECK_EQ(wc.wr_id, ids[i]); /* VERBS-069a: none for the unsignaled WR 2 */
            CHECK_EQ(wc.type, ty[i]); /* VERBS-076b VERBS-095d: FetchAdd, CmpSwap */
            CHECK_EQ(wc.status, IW_WC_SUCCESS);
            CHECK_EQ(wc.qp_id, QA->qp.id); /* VERBS-076e */
        }
        CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_CQ_EMPTY);
    }
    /* B's receives, MSN order */
    for (i = 0; i < 5; i++) {
        REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK); /* VERBS-069c: every Receive gives a WC */
        CHECK_EQ(wc.wr_id, 100u + (unsigned)i);
        CHECK_EQ(wc.type, IW_WR_RECV);
        CHECK_EQ(wc.status, IW_WC_SUCCESS);
        if (i < 4) {
            CHECK_EQ(wc.len, 30u + (unsigned)i); /* VERBS-076c */
            CHECK_MEM(RB.mem + 1000 * i, RA.mem, 10 + (size_t)i);
            CHECK_MEM(RB.mem + 1000 * i + 10 + i, RA.mem + 100, 20);
            CHECK_EQ(wc.solicited, i == 1 || i == 3);
            CHECK_EQ(wc.inval, i >= 2); /* VERBS-076d */
            if (i >= 2) CHECK_EQ(wc.inval_stag, i == 2 ? b_inv : b_mw); /* VERBS-076d */
        } else {
            CHECK(wc.imm_valid && wc.solicited && memcmp(wc.imm, "IMMEDIAT", 8) == 0);
        }
    }
    {
        iw_stag_info si;
        CHECK(iw_stag_query(&RB.r, b_inv >> 8, &si) == IW_V_OK && !si.valid);
        CHECK(iw_stag_query(&RB.r, b_mw >> 8, &si) == IW_V_OK && !si.valid && si.is_mw);
        CHECK(iw_stag_query(&RA.r, a_fr >> 8, &si) == IW_V_OK && !si.valid); /* VERBS-074 */
        CHECK(iw_stag_query(&RA.r, a_mr >> 8, &si) == IW_V_OK && !si.valid);
    }
    CHECK_MEM(RB.mem + 10000, RA.mem, 3000);
    CHECK_MEM(RA.mem + 8192, RA.mem, 3000);
    memcpy(&v, RB.mem + 30000, 8);
    CHECK_EQ(v, 7); /* VERBS-095b: 41 + 1 = 42 = compare, swapped for 7 */
    memcpy(&v, RA.mem + 30000, 8);
    CHECK_EQ(v, 41); /* VERBS-095c: the original values in the local SGEs */
    memcpy(&v, RA.mem + 30008, 8);
    CHECK_EQ(v, 42); /* VERBS-095c */
    CHECK_EQ(RA.nev + RB.nev, 0);
}

/* A WC's WR ID is all 64 bits of it, on the SQ and the RQ; a WC with an error status still
 * carries its WR ID and QP ID (VERBS-076a, VERBS-076f). */
static void t_verbs076(void)
{
    static const uint64_t big = 0xFEDCBA9876543210ull;
    iw_send_wr w;
    iw_wc wc;
    iw_qp_attr a;
    REQUIRE(vt_up(4, 4));
    REQUIRE(recv1(QB, big + 1u, 0, 0, 0) == IW_V_OK);
    REQUIRE(recv1(QB, big + 2u, 0, 0, 0) == IW_V_OK);
    w = swr(IW_WR_SEND, big);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
    CHECK_EQ(wc.wr_id, big); /* VERBS-076a */
    CHECK_EQ(wc.status, IW_WC_SUCCESS); /* VERBS-076a */
    REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK);
    CHECK_EQ(wc.wr_id, big + 1u); /* VERBS-076a */
    /* an Invalidate Local STag of an STag that does not exist fails */
    w = swr(IW_WR_INVALIDATE, big + 3u);
    w.inval_stag = 0x7F00u | 1u;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
    CHECK_EQ(wc.status, IW_WC_INVALID_STAG);
    CHECK_EQ(wc.wr_id, big + 3u);   /* VERBS-076f */
    CHECK_EQ(wc.qp_id, QA->qp.id);  /* VERBS-076f */
    /* a flushed Receive */
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_ERROR;
    REQUIRE(iw_qp_modify(&QB->qp, &a) == IW_V_OK);
    REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK);
    CHECK_EQ(wc.status, IW_WC_FLUSHED);
    CHECK_EQ(wc.wr_id, big + 2u);   /* VERBS-076f */
    CHECK_EQ(wc.qp_id, QB->qp.id);  /* VERBS-076f */
}

/* ---- security: the peer gets a Terminate, no memory changes ---- */

static void sec_case(int which)
{
    uint32_t a_mr, b_mr, target;
    iw_send_wr w;
    iw_wc wc;
    iw_qp_info qi;
    uint8_t before[MEM];
    REQUIRE(vt_up(4, 4));
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    target = b_mr;
    switch (which) {
    case 0: target = vf_reg(&RB, 0x3F, 3, RB.pd2, 0); break; /* other PD */
    case 1: target = b_mr + 1; break;                            /* wrong key */
    case 2: target = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_READ, 4, RB.pd, 0); break;
    case 3: break; /* out of bounds: below */
    case 4: { /* invalidated */
        iw_send_wr iv = swr(IW_WR_INVALIDATE, 9);
        iv.inval_stag = b_mr;
        REQUIRE(post1(QB, &iv) == IW_V_OK);
        break;
    }
    case 5: { /* a window, invalidated, then used */
        uint32_t mw = bind_on_b(9, 0x31, b_mr, 4096, IW_ACC_REMOTE_WRITE);
        iw_send_wr bw;
        REQUIRE(mw != 0);
        bw = swr(IW_WR_INVALIDATE, 10);
        bw.inval_stag = mw;
        REQUIRE(post1(QB, &bw) == IW_V_OK);
        target = mw;
        break;
    }
    }
    memcpy(before, RB.mem, MEM);
    w = rdma_wr(IW_WR_WRITE, 1, a_mr, 0, target, which == 3 ? VA(&RB, 0) - 1 : VA(&RB, 0), 100);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_MEM(RB.mem, before, MEM);
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_TERMINATE); /* VERBS-022a */
    /* VERBS-022b: Local Protection, naming B's QP */
    CHECK(RB.nev == 1 && RB.ev[0].event == IW_AE_PROTECTION && RB.ev[0].id == QB->qp.id);
    CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && qi.term_valid && qi.term_local); /* VERBS-022a */
    CHECK_EQ(qi.term.term.layer, 1);
    CHECK_EQ(qi.term.term.etype, 1);
    /* cases: DDP-020a (0), DDP-019c (1), DDP-021a (2), DDP-022a (3), DDP-019b (4, 5) */
    CHECK_EQ(qi.term.term.ecode, which == 0 ? 0x02 : which == 3 ? 0x01 : 0x00);
    /* A received it. VERBS-021a: Terminate state and the event; VERBS-022a: it was sent */
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_TERMINATE);
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_TERM_RECEIVED); /* VERBS-021a */
    /* VERBS-021b: the message readable, generated by the peer */
    CHECK(iw_qp_query(&QA->qp, &qi) == IW_V_OK && qi.term_valid && !qi.term_local);
    CHECK_EQ(qi.term.term.ecode, which == 0 ? 0x02 : which == 3 ? 0x01 : 0x00); /* VERBS-021b */
    (void)wc;
    if (check__failed_here) fprintf(stderr, "  security case %d\n", which);
}
static void t_security(void)
{
    int i;
    for (i = 0; i < 6 && !check__failed_here; i++) sec_case(i);
}

/* Errors in an incoming Send that its Receive's WC reports: a Send longer than the Receive, a
 * Send with Invalidate of an STag B does not have. B's Receive completes with the error and
 * B sends the Terminate, but raises no async event. */
static void t_verbs022c(void)
{
    int k;
    for (k = 0; k < 2; k++) {
        uint32_t a_mr, b_mr;
        iw_send_wr w;
        iw_wc wc;
        REQUIRE(vt_up(4, 4));
        REQUIRE(vt_mrs(&a_mr, &b_mr) && recv1(QB, 7, b_mr, VA(&RB, 0), 16) == IW_V_OK);
        w = swr1(k ? IW_WR_SEND_INV : IW_WR_SEND, 1, a_mr, VA(&RA, 0), k ? 8 : 100);
        w.inval_stag = 0x7777700u;
        REQUIRE(post1(QA, &w) == IW_V_OK);
        vf_flow();
        REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.wr_id == 7);
        CHECK(wc.status != IW_WC_SUCCESS && wc.status != IW_WC_FLUSHED); /* VERBS-022c: the WC */
        CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_TERMINATE); /* VERBS-022a */
        CHECK_EQ(RB.nev, 0); /* VERBS-022c: no async event besides the WC */
        CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_TERM_RECEIVED); /* VERBS-022a: sent */
        if (check__failed_here) {
            fprintf(stderr, "  case %d\n", k);
            return;
        }
    }
}

/* Local SGE errors: the WR completes with its status, Terminate (0,0,0x00), no async event;
 * ORD 0 (VERBS-037). */
static void t_local_errors(void)
{
    int k;
    for (k = 0; k < 6; k++) {
        uint32_t a_mr, mw = 0;
        iw_send_wr w;
        iw_wc wc;
        iw_qp_info qi;
        REQUIRE(vt_up(4, k == 4 ? 0 : 4));
        a_mr = vf_reg(&RA, k == 1 ? IW_ACC_LOCAL_WRITE : IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1,
                      k == 5 ? RA.pd2 : RA.pd, 0);
        if (k == 3) REQUIRE(iw_mw_alloc(&RA.r, RA.pd, 1, &mw) == IW_V_OK);
        w = swr1(k == 4 ? IW_WR_READ : IW_WR_SEND, 1, k == 0 ? a_mr ^ 0x100u : k == 3 ? mw : a_mr,
                 k == 2 ? VA(&RA, MEM - 10) : VA(&RA, 0), 100);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        w = swr(IW_WR_SEND, 2);
        REQUIRE(post1(QA, &w) == IW_V_INVALID_QP_STATE || 1);
        vf_flow();
        REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
        CHECK_EQ(wc.wr_id, 1);
        switch (k) {
        case 0: CHECK_EQ(wc.status, IW_WC_INVALID_STAG); break;     /* VERBS-061a: unknown STag */
        case 1: CHECK_EQ(wc.status, IW_WC_ACCESS_VIOLATION); break; /* VERBS-060a: no Local Read */
        case 2: CHECK_EQ(wc.status, IW_WC_BASE_BOUNDS); break;      /* VERBS-061b: past the MR */
        case 3: CHECK_EQ(wc.status, IW_WC_INVALID_STAG); break;     /* VERBS-059: a window */
        case 4: CHECK_EQ(wc.status, IW_WC_ZERO_ORD); break;         /* VERBS-037 */
        default: CHECK_EQ(wc.status, IW_WC_INVALID_PD); break;      /* VERBS-061c: MR of another PD */
        }
        CHECK(wc.status != IW_WC_SUCCESS && wc.status != IW_WC_FLUSHED); /* VERBS-023a */
        CHECK_EQ(RA.nev, 0); /* VERBS-023c */
        CHECK(iw_qp_query(&QA->qp, &qi) == IW_V_OK && qi.state == IW_QP_TERMINATE);
        /* VERBS-023b: (0,0,0x00), no headers */
        CHECK(qi.term_valid && qi.term_local && qi.term.term.layer == 0 && qi.term.term.etype == 0 &&
              qi.term.term.ecode == 0 && !qi.term.m && !qi.term.d);
        CHECK(RB.nev == 1 && RB.ev[0].event == IW_AE_TERM_RECEIVED); /* VERBS-023b: B got it */
        /* VERBS-023b */
        CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && !qi.term_local && qi.term.term.layer == 0 &&
              qi.term.term.etype == 0 && qi.term.term.ecode == 0);
        if (check__failed_here) {
            fprintf(stderr, "  local error case %d\n", k);
            return;
        }
    }
}

static int vt_terms(const vf_q *e);

/* RTS -> Terminate and RTS -> Error; a Terminate received. */
static void t_modify_rts(void)
{
    iw_qp_attr a;
    iw_wc wc;
    iw_qp_info qi;
    uint32_t a_mr, b_mr;
    size_t wire;
    REQUIRE(vt_up(4, 4));
    REQUIRE(recv1(QA, 5, 0, 0, 0) == IW_V_OK);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_TERMINATE;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    CHECK_EQ(vt_terms(QA), 1); /* VERBS-017a: a Terminate went out */
    CHECK(QA->h.closed == 1 && QA->h.close_abortive == 0); /* VERBS-017c: the graceful close */
    CHECK_EQ(RA.nev, 0); /* VERBS-017d: no async event */
    {   /* a Send B posted before it heard of it is ignored in Terminate */
        iw_send_wr sw = swr(IW_WR_SEND, 77);
        REQUIRE(post1(QB, &sw) == IW_V_OK);
    }
    vf_flow();
    CHECK_EQ(QA->rcq.count, 0); /* VERBS-025a: the Receive was not consumed */
    CHECK_EQ(QA->qp.rq_tail - QA->qp.rq_head, 1);
    CHECK_EQ(RA.nev, 0); /* VERBS-017d */
    /* VERBS-017a: B received (0,0,0x00) */
    CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && qi.state == IW_QP_TERMINATE && qi.term_valid &&
          !qi.term_local && qi.term.term.layer == 0 && qi.term.term.etype == 0 && qi.term.term.ecode == 0);
    CHECK(!qi.term.m && !qi.term.d && !qi.term.r); /* VERBS-017b: HdrCt 000 */
    CHECK(RB.nev == 1 && RB.ev[0].event == IW_AE_TERM_RECEIVED);
    CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014d: in Terminate */
    {
        iw_send_wr sw = swr(IW_WR_SEND, 78);
        CHECK_EQ(iw_qp_post_sq(&QA->qp, &sw, 1, NULL), IW_V_INVALID_QP_STATE); /* VERBS-033 */
    }
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_CLOSED);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR); /* VERBS-026a: the close completed */
    /* VERBS-026b: in Error the Terminate A sent is still readable */
    CHECK(iw_qp_query(&QA->qp, &qi) == IW_V_OK && qi.term_valid && qi.term_local && qi.term.term.layer == 0 &&
          qi.term.term.etype == 0 && qi.term.term.ecode == 0);
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 5 && wc.status == IW_WC_FLUSHED);
    /* RTS -> Error: no Terminate, everything flushed (a Read sent, not answered; a Receive) */
    REQUIRE(vt_up(4, 4));
    REQUIRE(recv1(QA, 6, 0, 0, 0) == IW_V_OK);
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    {
        iw_send_wr w = rdma_wr(IW_WR_READ, 7, a_mr, 0, b_mr, VA(&RB, 0), 16);
        REQUIRE(post1(QA, &w) == IW_V_OK);
    }
    a.next_state = IW_QP_IDLE;
    a.set_ord = 1;
    a.ord = 1;
    CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014b: RTS -> Idle */
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_RTS); /* VERBS-014e */
    CHECK_EQ(iw_rdmap_get_cfg(&QA->qp.rs)->ord, 4); /* VERBS-014e: the ORD of that call not set */
    a.set_ord = 0;
    a.next_state = IW_QP_ERROR;
    wire = QA->h.wire_len;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    CHECK_EQ(QA->h.wire_len, wire); /* VERBS-018a: no Terminate */
    CHECK(QA->h.closed == 1 && QA->h.close_abortive == 1); /* VERBS-018b: the LLP reset */
    vf_flow();
    CHECK_EQ(RB.nev, 0); /* VERBS-018a */
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_RTS); /* VERBS-018a: B heard of no Terminate */
    /* VERBS-018c VERBS-027a: the Read sent and not answered completes Flushed */
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 7 && wc.status == IW_WC_FLUSHED);
    /* VERBS-018c VERBS-027b: the Receive completes Flushed */
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 6 && wc.status == IW_WC_FLUSHED);
}

/* A Send from an STag A does not know fails (its own status), a Send behind it waits: when the
 * QP enters Error that one and a Receive complete Flushed, and the failed WR is the only WC
 * that is neither Success nor Flushed. */
static void t_verbs027_one_error(void)
{
    uint32_t a_mr;
    iw_send_wr w[2];
    iw_wc wc;
    size_t n;
    int nerr = 0;
    REQUIRE(vt_up(4, 4));
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    REQUIRE(a_mr && recv1(QA, 20, 0, 0, 0) == IW_V_OK);
    w[0] = swr1(IW_WR_SEND, 1, 0x7777700u, VA(&RA, 0), 16); /* no such STag */
    w[1] = swr(IW_WR_SEND, 2);
    REQUIRE(iw_qp_post_sq(&QA->qp, w, 2, &n) == IW_V_OK && n == 2);
    vf_flow();
    REQUIRE(iw_qp_state(&QA->qp) == IW_QP_TERMINATE);
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_CLOSED);
    REQUIRE(iw_qp_state(&QA->qp) == IW_QP_ERROR);
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 1);
    CHECK_EQ(wc.status, IW_WC_INVALID_STAG); /* VERBS-027a: the WR that caused it keeps its own */
    while (iw_cq_poll(&QA->scq, &wc) == IW_V_OK) {
        nerr += wc.status != IW_WC_SUCCESS && wc.status != IW_WC_FLUSHED;
        CHECK(wc.wr_id == 2 && wc.status == IW_WC_FLUSHED); /* VERBS-027a: never executed */
    }
    CHECK_EQ(nerr, 0); /* VERBS-027a: no second error WC */
    /* VERBS-027b: the Receive completes Flushed */
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 20 && wc.status == IW_WC_FLUSHED);
}

/* Completion notification (VERBS-082). */
static void t_notify(void)
{
    uint32_t b_mr;
    iw_send_wr w;
    iw_wc wc;
    REQUIRE(vt_up(4, 4));
    b_mr = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 2, RB.pd, 0);
    REQUIRE(recv1(QB, 1, b_mr, VA(&RB, 0), 100) == IW_V_OK);
    REQUIRE(recv1(QB, 2, b_mr, VA(&RB, 100), 100) == IW_V_OK);
    REQUIRE(recv1(QB, 3, b_mr, VA(&RB, 200), 100) == IW_V_OK);
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_SOLICITED) == IW_V_OK);
    CHECK_EQ(iw_cq_notify(&QB->rcq, 7), IW_V_INVALID_NOTIFY_TYPE);
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(RB.ncq_ev, 0); /* VERBS-080e: a Send without SE is not solicited */
    w = swr(IW_WR_SEND_SE, 2);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(RB.ncq_ev, 1); /* VERBS-080a */
    /* several arms, one call; "next" wins over "solicited" */
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_NEXT) == IW_V_OK);
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_SOLICITED) == IW_V_OK);
    CHECK_EQ(RB.ncq_ev, 1); /* VERBS-081a: no call before the event */
    w = swr(IW_WR_SEND, 3);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    /* VERBS-079a VERBS-081a VERBS-081b: one call, for a Send without SE ("next" won) */
    CHECK_EQ(RB.ncq_ev, 2);
    /* poll until empty, arm, poll again: nothing missed */
    while (iw_cq_poll(&QB->rcq, &wc) == IW_V_OK) {}
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_NEXT) == IW_V_OK);
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY);
    CHECK_EQ(RB.ncq_ev, 2);
}

/* What fires "next solicited" besides a Send with SE: a Send with SE and
 * Invalidate, Immediate Data with SE, a WC in error; not Immediate Data without SE, nor a
 * successful SQ WC. */
static void t_verbs080(void)
{
    uint32_t b_mr, b_inv;
    iw_send_wr w;
    unsigned i;
    int n0;
    REQUIRE(vt_up(4, 4));
    b_mr = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 2, RB.pd, 0);
    b_inv = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 3, RB.pd, 0);
    REQUIRE(b_mr && b_inv);
    for (i = 0; i < 4; i++) REQUIRE(recv1(QB, 1u + i, b_mr, VA(&RB, 100u * i), 100) == IW_V_OK);
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_SOLICITED) == IW_V_OK);
    w = swr(IW_WR_IMM, 1);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(QB->rcq.count, 1);
    CHECK_EQ(RB.ncq_ev, 0); /* VERBS-080e: Immediate Data without SE */
    w = swr(IW_WR_SEND_SE_INV, 2);
    w.inval_stag = b_inv;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(RB.ncq_ev, 1); /* VERBS-080b */
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_SOLICITED) == IW_V_OK);
    w = swr(IW_WR_IMM_SE, 3);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(RB.ncq_ev, 2); /* VERBS-080c */
    /* A's send CQ armed "solicited": a successful Send, then an Invalidate that fails */
    REQUIRE(iw_cq_notify(&QA->scq, IW_CQ_NOTIFY_SOLICITED) == IW_V_OK);
    n0 = RA.ncq_ev;
    w = swr(IW_WR_SEND, 4);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(QA->scq.count, 4);
    CHECK_EQ(RA.ncq_ev, n0); /* VERBS-080e: a successful SQ WC */
    w = swr(IW_WR_INVALIDATE, 5);
    w.inval_stag = 0x7F00u | 1u;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    CHECK_EQ(RA.ncq_ev, n0 + 1); /* VERBS-080d: a WC in error */
}

/* Count the Terminates e sent (FPDUs with RDMAP opcode 7; CRC on, no markers). */
static int vt_terms(const vf_q *e)
{
    size_t p = 0, n = 0;
    /* skip the MPA Request/Reply: the first FPDU follows the frame (20 + PD) */
    p = 20u + ((size_t)e->out[18] << 8 | e->out[19]);
    while (p + 2 <= e->h.wire_len) {
        size_t ul = (size_t)e->out[p] << 8 | e->out[p + 1];
        if (ul >= 18 && !(e->out[p + 2] & 0x80) && (e->out[p + 3] & 0x0F) == 7) n++;
        p += 2 + ul + iw_mpa_pad(ul) + 4;
    }
    return (int)n;
}

/* Closing and the LLP events (VERBS-016, VERBS-019, VERBS-030); Destroy QP with windows bound;
 * ORD reduced in RTS, and a Read beyond it waits. */
static void t_closing(void)
{
    iw_qp_attr a;
    iw_wc wc;
    iw_send_wr w;
    uint32_t a_mr, b_mr;
    memset(&a, 0, sizeof a);
    /* RTS -> Closing: no event, RQ flushed; the close completes: Idle, "LLP Close Complete" */
    REQUIRE(vt_up(4, 4));
    REQUIRE(recv1(QA, 1, 0, 0, 0) == IW_V_OK);
    a.next_state = IW_QP_CLOSING;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    CHECK_EQ(RA.nev, 0);
    CHECK(iw_mpa_state(&QA->c) >= IW_MPA_S_CLOSING); /* VERBS-016: the LLP close began */
    /* VERBS-029a: the Receive flushed on entering Closing */
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 1 && wc.status == IW_WC_FLUSHED);
    CHECK_EQ(iw_qp_modify(&QA->qp, &a), IW_V_INVALID_QP_STATE); /* VERBS-014d: in Closing */
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_CLOSED);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_IDLE);
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_LLP_CLOSE_COMPLETE);
    /* Closing, then a PostSQ: Bad Close, Error */
    REQUIRE(vt_up(4, 4));
    a.next_state = IW_QP_CLOSING;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    w = swr(IW_WR_SEND, 2);
    (void)post1(QA, &w);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR); /* VERBS-031a */
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_BAD_CLOSE); /* VERBS-031a */
    /* VERBS-031a VERBS-027a: the WR, never sent, completes Flushed */
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 2 && wc.status == IW_WC_FLUSHED);
    /* Closing, then a segment arrives: Bad Close, Error */
    REQUIRE(vt_up(4, 4));
    w = swr(IW_WR_WRITE, 30); /* zero-length: B's MPA reaches Full Operation */
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_mpa_state(&QB->c) == IW_MPA_S_FULL);
    a.next_state = IW_QP_CLOSING;
    REQUIRE(iw_qp_modify(&QB->qp, &a) == IW_V_OK);
    w = swr(IW_WR_SEND, 3);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_ERROR); /* VERBS-031b */
    CHECK(RB.nev == 1 && RB.ev[0].event == IW_AE_BAD_CLOSE); /* VERBS-031b */
    /* Closing, then the LLP is lost: "LLP Connection Lost", Error */
    REQUIRE(vt_up(4, 4));
    a.next_state = IW_QP_CLOSING;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_LOST);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR); /* VERBS-032a */
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_LLP_LOST); /* VERBS-032a */
    /* the peer's FIN in RTS, nothing pending: Closing */
    REQUIRE(vt_up(4, 4));
    iw_mpa_llp_closed(&QA->c);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_CLOSING);
    CHECK_EQ(vt_terms(QA), 0);
    /* ... with a Read outstanding: Terminate (0,2,0x07), "Bad LLP Close", Terminate state */
    REQUIRE(vt_up(4, 4));
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    w = rdma_wr(IW_WR_READ, 4, a_mr, 0, b_mr, VA(&RB, 0), 10);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    iw_mpa_llp_closed(&QA->c);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_TERMINATE); /* VERBS-020a */
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_BAD_LLP_CLOSE); /* VERBS-020a */
    CHECK_EQ(vt_terms(QA), 1); /* VERBS-020a */
    {
        iw_qp_info qi;
        /* VERBS-020a: the Terminate is (0,2,0x07) */
        CHECK(iw_qp_query(&QA->qp, &qi) == IW_V_OK && qi.term_valid && qi.term_local &&
              qi.term.term.layer == 0 && qi.term.term.etype == 2 && qi.term.term.ecode == 7);
    }
    /* a reset in RTS: "LLP Connection Reset", Error, no Terminate */
    REQUIRE(vt_up(4, 4));
    REQUIRE(recv1(QA, 5, 0, 0, 0) == IW_V_OK);
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_RESET);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR); /* VERBS-024b */
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_LLP_RESET); /* VERBS-024b */
    CHECK_EQ(vt_terms(QA), 0); /* VERBS-024c */
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 5 && wc.status == IW_WC_FLUSHED);
    /* the LLP lost in RTS: "LLP Connection Lost", Error, no Terminate */
    REQUIRE(vt_up(4, 4));
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_LOST);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR); /* VERBS-024a */
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_LLP_LOST); /* VERBS-024a */
    CHECK_EQ(vt_terms(QA), 0); /* VERBS-024c */
    /* Destroy QP with a window bound to it */
    REQUIRE(vt_up(4, 4));
    b_mr = vf_reg(&RB, 0x3F, 2, RB.pd, 0);
    {
        uint32_t mw = bind_on_b(6, 1, b_mr, 64, IW_ACC_REMOTE_READ);
        iw_send_wr bw;
        REQUIRE(mw != 0);
        CHECK_EQ(iw_qp_destroy(&QB->qp), IW_V_MW_BOUND_TO_QP); /* VERBS-034a */
        bw = swr(IW_WR_INVALIDATE, 7);
        bw.inval_stag = mw;
        REQUIRE(post1(QB, &bw) == IW_V_OK);
        CHECK_EQ(iw_qp_destroy(&QB->qp), IW_V_OK);
    }
    /* ORD 1 in RTS: the second Read waits for the first */
    REQUIRE(vt_up(4, 4));
    a.next_state = IW_QP_RTS;
    a.set_ord = 1;
    a.ord = 1;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    w = rdma_wr(IW_WR_READ, 8, a_mr, 0, b_mr, VA(&RB, 0), 10);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w.wr_id = 9;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    CHECK_EQ(iw_rdmap_ord_outstanding(&QA->qp.rs), 1); /* VERBS-035a: ORD 1 holds the second */
    vf_flow();
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 8 && wc.status == IW_WC_SUCCESS);
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 9 && wc.status == IW_WC_SUCCESS);
}

/* ORD 1: behind a Read (or an Atomic), a second Read (or an Atomic) is not sent
 * while the first is outstanding, nor the Send and the Write posted after it; once the first
 * response is in, all run, in order. */
static void t_verbs036(void)
{
    static const iw_wr_type first[3] = {IW_WR_READ, IW_WR_READ, IW_WR_FETCHADD};
    static const iw_wr_type second[3] = {IW_WR_READ, IW_WR_FETCHADD, IW_WR_READ};
    int k;
    for (k = 0; k < 3; k++) {
        uint32_t a_mr, b_mr;
        iw_send_wr w;
        iw_wc wc;
        iw_qp_attr a;
        size_t wire;
        uint64_t i;
        REQUIRE(vt_up(4, 4));
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_RTS;
        a.set_ord = 1;
        a.ord = 1;
        REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
        REQUIRE(vt_mrs(&a_mr, &b_mr) && recv1(QB, 50, 0, 0, 0) == IW_V_OK);
        w = rdma_wr(first[k], 1, a_mr, 0, b_mr, VA(&RB, 64), 8);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        wire = QA->h.wire_len;
        w = rdma_wr(second[k], 2, a_mr, 8, b_mr, VA(&RB, 128), 8);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        if (k == 0) CHECK_EQ(QA->h.wire_len, wire); /* VERBS-036a: the second Read waits */
        else CHECK_EQ(QA->h.wire_len, wire);        /* VERBS-036b: an Atomic counts against ORD */
        w = swr(IW_WR_SEND, 3);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        w = rdma_wr(IW_WR_WRITE, 4, a_mr, 16, b_mr, VA(&RB, 256), 8);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        CHECK_EQ(QA->h.wire_len, wire); /* VERBS-036c: the Send and the Write wait behind it */
        vf_flow();
        for (i = 1; i <= 4; i++) /* VERBS-036a: once the first is complete, the rest goes */
            CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == i && wc.status == IW_WC_SUCCESS);
        if (check__failed_here) {
            fprintf(stderr, "  ORD case %d\n", k);
            return;
        }
    }
}

/* A Send held in A's socket when A enters Closing, a second Send queued behind it: the first
 * leaves when the socket drains, the second is never sent; it completes Flushed once the QP
 * errs. */
static void t_verbs029b(void)
{
    iw_qp_attr a;
    iw_send_wr w;
    iw_wc wc;
    REQUIRE(vt_up(4, 4));
    REQUIRE(recv1(QB, 1, 0, 0, 0) == IW_V_OK && recv1(QB, 2, 0, 0, 0) == IW_V_OK);
    QA->h.hold = 1;
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w = swr(IW_WR_SEND, 2);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_CLOSING;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    QA->h.hold = 0;
    (void)iw_mpa_tx_resume(&QA->c);
    vf_flow();
    CHECK_EQ(QB->rcq.count, 1); /* VERBS-029b: the second Send never went out */
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_CLOSED); /* an SQ WQE present: Bad Close, Error */
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR);
    while (iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id != 2) {}
    CHECK(wc.wr_id == 2 && wc.status == IW_WC_FLUSHED); /* VERBS-029b: WR 2 never executed */
}

/* In Closing, the LLP close completes while an SQ WQE is present (a Read not answered), or
 * while an inbound Read's Response is not all sent (B's socket full): Bad Close, Error; not
 * Idle. */
static void t_verbs031_close_busy(void)
{
    uint32_t a_mr, b_mr;
    iw_qp_attr a;
    iw_send_wr w;
    int k;
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_CLOSING;
    for (k = 0; k < 2; k++) {
        vf_q *q = k ? QB : QA;
        vf_rn *n = k ? &RB : &RA;
        REQUIRE(vt_up(4, 4));
        REQUIRE(vt_mrs(&a_mr, &b_mr));
        QB->h.hold = k;
        w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 16);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        if (k) { /* the Read Request reaches B, its Response stays in B's socket */
            vf_flow();
            REQUIRE(iw_rdmap_ird_outstanding(&QB->qp.rs) == 1 && QB->qp.sq_head == QB->qp.sq_tail);
        }
        REQUIRE(iw_qp_modify(&q->qp, &a) == IW_V_OK);
        iw_qp_llp_event(&q->qp, IW_QP_LLP_CLOSED);
        CHECK_EQ(iw_qp_state(&q->qp), IW_QP_ERROR); /* VERBS-031c (k 0), VERBS-031d (k 1) */
        /* VERBS-031c (k 0), VERBS-031d (k 1): Bad Close, not LLP Close Complete */
        CHECK(n->nev == 1 && n->ev[0].event == IW_AE_BAD_CLOSE);
        if (check__failed_here) {
            fprintf(stderr, "  case %d\n", k);
            return;
        }
    }
}

/* Connect A and B over MPA (as vf_connect) but leave both QPs in Idle. */
static int vt_mpa(void)
{
    iw_mpa_cfg mc;
    vf_resp_ops = *iw_qp_mpa_ulp_ops();
    vf_resp_ops.request = vf_request;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    if (iw_mpa_init(&QA->c, &mc, &vf_mpa_ops, QA, iw_qp_mpa_ulp_ops(), &QA->qp, QA->reasm,
                    sizeof QA->reasm) != IW_OK)
        return 0;
    iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
    if (iw_mpa_init(&QB->c, &mc, &vf_mpa_ops, QB, &vf_resp_ops, &QB->qp, QB->reasm,
                    sizeof QB->reasm) != IW_OK)
        return 0;
    (void)iw_mpa_start(&QB->c, NULL, 0);
    (void)iw_mpa_start(&QA->c, NULL, 0);
    vf_flow();
    return iw_mpa_state(&QA->c) == IW_MPA_S_FULL;
}

/* ORD reduced by Modify in Idle before MPA negotiated ORD 4, and by the Modify to RTS after it:
 * in RTS A's second Read waits for the first. */
static void t_verbs035_idle(void)
{
    uint32_t a_mr, b_mr;
    iw_qp_attr a;
    iw_send_wr w;
    iw_wc wc;
    int k;
    for (k = 0; k < 2; k++) {
        REQUIRE(vt_init(0, 4, 4) && vt_init(1, 4, 4));
        memset(&a, 0, sizeof a);
        a.set_ord = 1;
        a.ord = 1;
        if (k == 0) { /* in Idle, then vf_connect */
            a.next_state = IW_QP_IDLE;
            REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
            REQUIRE(vf_connect());
        } else { /* in the Modify to RTS, MPA done */
            REQUIRE(vt_mpa());
            a.next_state = IW_QP_RTS;
            a.llp = &QA->c;
            REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
            a.set_ord = 0;
            a.llp = &QB->c;
            REQUIRE(iw_qp_modify(&QB->qp, &a) == IW_V_OK);
        }
        CHECK_EQ(iw_rdmap_get_cfg(&QA->qp.rs)->ord, 1); /* VERBS-035b */
        REQUIRE(vt_mrs(&a_mr, &b_mr));
        w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 16);
        REQUIRE(post1(QA, &w) == IW_V_OK);
        w.wr_id = 2;
        REQUIRE(post1(QA, &w) == IW_V_OK);
        CHECK_EQ(iw_rdmap_ord_outstanding(&QA->qp.rs), 1); /* VERBS-035b: the second waits */
        vf_flow();
        CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
        CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 2 && wc.status == IW_WC_SUCCESS);
        if (check__failed_here) {
            fprintf(stderr, "  case %d\n", k);
            return;
        }
    }
}

/* More rules: an Immediate Error changes nothing (VERBS-001); a failed registration consumes
 * nothing; IRD = ORD = 1 works (VERBS-009); RTS starts from MSN 1; a
 * Read's sink rights are checked when the response arrives (VERBS-064); SGL limits;
 * Read Fence (VERBS-072); a Receive too small (VERBS-077); no async handler
 * (VERBS-093); the Remote Atomic right. */
static void t_more(void)
{
    uint32_t a_mr, b_mr, a_ro, stag, q;
    iw_send_wr w;
    iw_wc wc;
    iw_qp_info qi;
    size_t n;
    int used0, used1, i;
    /* VERBS-001 */
    REQUIRE(vt_init(0, 1, 1));
    for (used0 = 0, i = 0; i < 64; i++) used0 += RA.stags[i].kind != 0;
    {
        iw_mr_reg g;
        memset(&g, 0, sizeof g);
        g.pd = RA.pd;
        g.acc = IW_ACC_REMOTE_WRITE; /* no Local Write: invalid */
        g.page_size = PG;
        CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_ACCESS);
        g.acc = IW_ACC_LOCAL_READ;
        g.page_size = 5000;
        CHECK_EQ(iw_mr_register(&RA.r, &g, &stag), IW_V_INVALID_PB_SIZE);
    }
    for (used1 = 0, i = 0; i < 64; i++) used1 += RA.stags[i].kind != 0;
    CHECK_EQ(used0, used1); /* VERBS-041b: the failed registrations took no entry */
    stag = vf_reg(&RA, IW_ACC_LOCAL_READ, 0x77, RA.pd, 0);
    CHECK(stag && (stag & 0xFF) == 0x77); /* VERBS-041a: the Consumer's Key */
    {
        iw_stag_info si;
        CHECK(iw_stag_query(&RA.r, stag >> 8, &si) == IW_V_OK && si.valid && si.key == 0x77);
    }
    {
        iw_send_wr bad[2];
        bad[0] = swr(IW_WR_SEND, 1);
        bad[1] = swr((iw_wr_type)99, 2);
        CHECK_EQ(iw_qp_post_sq(&QA->qp, bad, 2, &n), IW_V_INVALID_OP_TYPE);
        CHECK_EQ(n, 1);
        CHECK_EQ(QA->qp.sq_tail, 1);
        bad[0].nsge = 2;
        bad[0].sgl[0].len = 0xFFFFFFFFu; /* a total over 2^32 - 1 */
        bad[0].sgl[1].len = 1;
        CHECK_EQ(iw_qp_post_sq(&QA->qp, bad, 1, &n), IW_V_INVALID_SGL_LENGTH); /* VERBS-068a */
        CHECK(n == 0 && QA->qp.sq_tail == 1);
        CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_IDLE);
    }
    /* VERBS-009, VERBS-072: IRD = ORD = 1; RTS from initial conditions; the fenced
     * Send waits for the Read */
    REQUIRE(vt_up(1, 1));
    for (q = 0; q < 4; q++) CHECK_EQ(iw_ddp_rx_msn(&QA->qp.rs.ddp, q), 1); /* VERBS-013a */
    CHECK_EQ(iw_rdmap_ord_outstanding(&QA->qp.rs), 0); /* VERBS-013a */
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    REQUIRE(recv1(QB, 1, b_mr, VA(&RB, 0), 64) == IW_V_OK);
    w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 100), 32);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w = swr(IW_WR_SEND, 2);
    w.flags |= IW_WR_READ_FENCE;
    w.nsge = 4; /* at least 4 SGEs for a Send */
    for (i = 0; i < 4; i++) {
        w.sgl[i].stag = a_mr;
        w.sgl[i].to = VA(&RA, 1000u + 10u * (unsigned)i);
        w.sgl[i].len = 10;
    }
    {
        size_t before = QA->h.wire_len;
        REQUIRE(post1(QA, &w) == IW_V_OK); /* VERBS-068b: a Send source of 4 SGEs */
        CHECK_EQ(QA->h.wire_len, before); /* fenced: not sent yet */
    }
    vf_flow();
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 2 && wc.status == IW_WC_SUCCESS);
    CHECK(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.len == 40);
    /* VERBS-064: a sink without Local Write is found when the response arrives */
    REQUIRE(vt_up(4, 4));
    a_ro = vf_reg(&RA, IW_ACC_LOCAL_READ, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, 0x3F, 2, RB.pd, 0);
    w = rdma_wr(IW_WR_READ, 3, a_ro, 0, b_mr, VA(&RB, 0), 32);
    CHECK_EQ(post1(QA, &w), IW_V_OK);
    memset(RA.mem, 0x5A, 64);
    vf_flow();
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 3 && wc.status == IW_WC_ACCESS_VIOLATION);
    CHECK_EQ(RA.mem[0], 0x5A);
    CHECK(iw_qp_query(&QA->qp, &qi) == IW_V_OK && qi.state == IW_QP_TERMINATE && qi.term_local &&
          qi.term.term.layer == 0 && qi.term.term.etype == 0);
    CHECK_EQ(RA.nev, 0);
    /* VERBS-077: a Receive too small: WC error, Terminate (1,2,0x05) */
    REQUIRE(vt_up(4, 4));
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    REQUIRE(recv1(QB, 4, b_mr, VA(&RB, 0), 16) == IW_V_OK);
    w = swr1(IW_WR_SEND, 4, a_mr, VA(&RA, 0), 100);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    /* VERBS-077: an error of its own, not a flush */
    CHECK(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.wr_id == 4 && wc.status != IW_WC_SUCCESS &&
          wc.status != IW_WC_FLUSHED);
    CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && qi.term.term.layer == 1 && qi.term.term.etype == 2 &&
          qi.term.term.ecode == 5);
    CHECK_EQ(RB.mem[16], 0xEE); /* nothing past the Receive */
    CHECK_EQ(recv1(QB, 5, b_mr, VA(&RB, 100), 100), IW_V_INVALID_QP_STATE);
    /* an incoming Atomic needs the QP's inbound atomics (k 0) and the STag's Remote Atomic (k 1) */
    for (i = 0; i < 2; i++) {
        int refused;
        REQUIRE(vt_up(4, 4));
        if (i == 0) QB->qp.cfg.atomic_en = 0;
        a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
        b_mr = vf_reg(&RB, i == 0 ? 0x3Fu : 0x3Fu & ~IW_ACC_REMOTE_ATOMIC, 2, RB.pd, 0);
        memset(RB.mem, 0, 8);
        w = rdma_wr(IW_WR_FETCHADD, 6, a_mr, 0, b_mr, VA(&RB, 0), 8);
        w.add_swap = 5;
        REQUIRE(post1(QA, &w) == IW_V_OK);
        vf_flow();
        REQUIRE(iw_qp_query(&QB->qp, &qi) == IW_V_OK);
        refused = qi.term.term.layer == 0 && qi.term.term.etype == 1 && qi.term.term.ecode == 2 && RB.mem[0] == 0;
        if (i == 0) CHECK(refused); /* VERBS-096b: refused (0,1,0x02), nothing done */
        else CHECK(refused);        /* VERBS-096c: refused (0,1,0x02), nothing done */
    }
    /* VERBS-093: no async handler: events are dropped, the QP still changes state */
    REQUIRE(vt_up(4, 4));
    {
        static const iw_rnic_host_ops quiet = {.map = vf_map};
        RA.r.ops = &quiet;
        iw_qp_llp_event(&QA->qp, IW_QP_LLP_RESET);
        CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_ERROR);
        CHECK_EQ(RA.nev, 0);
    }
}

/* A Shared Receive Queue (VERBS-084, VERBS-089, VERBS-090; the S-RQ Limit). */
static void t_srq(void)
{
    uint32_t b_mr;
    iw_recv_wr r;
    iw_send_wr w;
    iw_wc wc;
    iw_srq_info si;
    iw_qp_attr a;
    size_t n;
    int i, k;
    for (k = 0; k < 2; k++) {
        g_use_srq = 1;
        REQUIRE(vt_up(4, 4));
        g_use_srq = 0;
        b_mr = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 2, RB.pd, 0);
        memset(&r, 0, sizeof r);
        r.nsge = 1;
        r.sgl[0].stag = b_mr;
        r.sgl[0].len = 64;
        CHECK_EQ(iw_qp_post_rq(&QB->qp, &r, 1, &n), IW_V_RQ_HAS_SRQ);
        for (i = 0; i < 4; i++) {
            r.wr_id = 200u + (unsigned)i;
            r.sgl[0].to = VA(&RB, 64u * (unsigned)i);
            REQUIRE(iw_srq_post(&g_srq, &r, 1, &n) == IW_V_OK);
        }
        CHECK_EQ(iw_srq_post(&g_srq, &r, 1, &n), IW_V_TOO_MANY_WRS);
        CHECK_EQ(iw_srq_modify(&g_srq, 5), IW_V_LIMIT_RANGE); /* VERBS-086c */
        CHECK_EQ(iw_srq_destroy(&g_srq), IW_V_SRQ_IN_USE);
        for (i = 0; i < 3; i++) {
            w = swr(IW_WR_SEND, (uint64_t)i);
            REQUIRE(post1(QA, &w) == IW_V_OK);
            vf_flow();
            /* VERBS-085b: in the RQ CQ of B's QP */
            REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK);
            CHECK_EQ(wc.wr_id, 200u + (unsigned)i); /* VERBS-085a: one WQE each, in order */
            CHECK_EQ(wc.qp_id, QB->qp.id);          /* VERBS-085c */
            CHECK_EQ(wc.status, IW_WC_SUCCESS);
            /* VERBS-086a: the limit (2) event fires when fewer than 2 remain, not before */
            CHECK_EQ(RB.nev, i >= 2 ? 1 : 0);
        }
        /* VERBS-086a SEC-009a: the S-RQ Limit event, naming the S-RQ */
        CHECK(RB.nev == 1 && RB.ev[0].event == IW_AE_SRQ_LIMIT && RB.ev[0].resource == IW_RES_SRQ);
        CHECK(RB.ev[0].resource == IW_RES_SRQ && RB.ev[0].handle == (void *)&g_srq); /* VERBS-091c */
        CHECK(iw_srq_query(&g_srq, &si) == IW_V_OK && si.posted == 1); /* VERBS-085a: 3 taken of 4 */
        CHECK(iw_srq_query(&g_srq, &si) == IW_V_OK && si.posted == 1 && !si.armed); /* VERBS-086b */
        if (k == 0) { /* the QP's error leaves the S-RQ's WQE alone */
            memset(&a, 0, sizeof a);
            a.next_state = IW_QP_ERROR;
            REQUIRE(iw_qp_modify(&QB->qp, &a) == IW_V_OK);
            CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY);              /* VERBS-088a */
            CHECK(iw_srq_query(&g_srq, &si) == IW_V_OK && si.posted == 1); /* VERBS-088a */
        } else { /* the last WQE, then none: (1,2,0x02) */
            iw_qp_info qi;
            for (i = 3; i < 5; i++) {
                w = swr(IW_WR_SEND, (uint64_t)i);
                REQUIRE(post1(QA, &w) == IW_V_OK);
                vf_flow();
            }
            REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK);
            CHECK(wc.wr_id == 203 && wc.status == IW_WC_SUCCESS);
            {
                int j, nlim = 0;
                for (j = 0; j < RB.nev && j < 32; j++) nlim += RB.ev[j].event == IW_AE_SRQ_LIMIT;
                CHECK_EQ(nlim, 1); /* VERBS-086b: the last WQE taken, still below: not again */
            }
            CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && qi.state == IW_QP_TERMINATE);
            CHECK(qi.term.term.layer == 1 && qi.term.term.etype == 2 && qi.term.term.ecode == 2);
        }
    }
}

/* Block List mode: one block size of any value, blocks at any address, FBO into the
 * first block, VA mod size = FBO; a peer's Write lands block by block. */
static void t_block_list(void)
{
    iw_mr_reg g;
    iw_rnic_attr at;
    uint64_t blocks[3];
    uint32_t stag = 0, a_mr;
    iw_send_wr w;
    iw_wc wc;
    uint8_t data[7000];
    size_t i;
    g_block_b = 1;
    REQUIRE(vt_up(4, 4));
    g_block_b = 0;
    CHECK(iw_rnic_query(&RB.r, &at) == IW_V_OK && at.block_list);
    blocks[0] = VA(&RB, 5);
    blocks[1] = VA(&RB, 10007);
    blocks[2] = VA(&RB, 20011);
    memset(&g, 0, sizeof g);
    g.pd = RB.pd;
    g.key = 9;
    g.acc = IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE;
    g.zero_based = 1;
    g.len = 8000;
    g.page_size = 3000;
    g.fbo = 100;
    g.pbl = blocks;
    g.npbl = 3;
    g.page_size = 0;
    CHECK_EQ(iw_mr_register(&RB.r, &g, &stag), IW_V_INVALID_PB_SIZE);
    g.page_size = 3000;
    g.len = 9000; /* 100 + 9000 > 3 blocks */
    CHECK_EQ(iw_mr_register(&RB.r, &g, &stag), IW_V_INVALID_LENGTH);
    g.len = 8000;
    g.zero_based = 0;
    g.va = 6100; /* 6100 mod 3000 = 100 = FBO: fine */
    /* VERBS-046a VERBS-046c: blocks at 5, 10007 and 20011, of 3000 octets */
    CHECK_EQ(iw_mr_register(&RB.r, &g, &stag), IW_V_OK);
    g.va = 6101;
    CHECK_EQ(iw_mr_register(&RB.r, &g, &stag), IW_V_INVALID_VA); /* VERBS-046b */
    g.zero_based = 1;
    REQUIRE(iw_mr_register(&RB.r, &g, &stag) == IW_V_OK);
    for (i = 0; i < sizeof data; i++) data[i] = (uint8_t)(i * 13 + 1);
    memcpy(RA.mem, data, sizeof data);
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    w = rdma_wr(IW_WR_WRITE, 1, a_mr, 0, stag, 50, sizeof data);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.status == IW_WC_SUCCESS);
    /* TO 50 is octet 150 of block 0: 2850 there, 3000 in block 1, 1150 in block 2 */
    CHECK_MEM(RB.mem + 5 + 150, data, 2850);
    CHECK_MEM(RB.mem + 10007, data + 2850, 3000); /* VERBS-046c: each block of that size */
    CHECK_MEM(RB.mem + 20011, data + 5850, 1150);
    CHECK_EQ(RB.mem[5 + 149], 0xEE);
    CHECK_EQ(RB.mem[20011 + 1150], 0xEE);
    CHECK_EQ(RB.mem[5 + 3000], 0xEE);
    /* VERBS-046a: a block size that is a power of 2 (translated with shifts, as pages are)
     * still takes blocks at any address: 4096 octets at 30003 and 40009, FBO 96 */
    blocks[0] = VA(&RB, 30003);
    blocks[1] = VA(&RB, 40009);
    g.page_size = 4096;
    g.fbo = 96;
    g.len = 7000;
    g.npbl = 2;
    g.zero_based = 0;
    g.va = 4096 * 3 + 97; /* VERBS-046b: VA mod 4096 must be the FBO */
    CHECK_EQ(iw_mr_register(&RB.r, &g, &stag), IW_V_INVALID_VA);
    g.va = 4096 * 3 + 96;
    REQUIRE(iw_mr_register(&RB.r, &g, &stag) == IW_V_OK);
    w.remote_stag = stag;
    w.remote_to = g.va;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.status == IW_WC_SUCCESS);
    CHECK_MEM(RB.mem + 30003 + 96, data, 4000); /* the rest of block 0, then block 1 */
    CHECK_MEM(RB.mem + 40009, data + 4000, 3000);
    CHECK_EQ(RB.mem[30003 + 95], 0xEE);
    CHECK_EQ(RB.mem[40009 + 3000], 0xEE);
}

/* RNIC Catastrophic Failure: the unaffiliated event, every QP to Error with its WQEs flushed,
 * (0,2,0x08) sent to the peer. */
static void t_rnic_catastrophic(void)
{
    iw_wc wc;
    iw_qp_info qi;
    REQUIRE(vt_up(4, 4));
    {
        iw_send_wr w = swr(IW_WR_WRITE, 30); /* zero-length: B's MPA reaches Full Operation */
        REQUIRE(post1(QA, &w) == IW_V_OK);
        vf_flow();
        REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
    }
    REQUIRE(recv1(QB, 3, 0, 0, 0) == IW_V_OK);
    iw_rnic_catastrophic(&RB.r);
    vf_flow();
    CHECK(RB.nev >= 1 && RB.ev[0].event == IW_AE_RNIC_CATASTROPHIC);
    CHECK_EQ(RB.ev[0].resource, IW_RES_RNIC); /* VERBS-091d */
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_ERROR); /* VERBS-092a */
    CHECK(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.wr_id == 3 && wc.status == IW_WC_FLUSHED);
    /* VERBS-092b: A received (0,2,0x08) */
    CHECK(iw_qp_query(&QA->qp, &qi) == IW_V_OK && qi.state == IW_QP_TERMINATE && qi.term_valid &&
          !qi.term_local && qi.term.term.layer == 0 && qi.term.term.etype == 2 && qi.term.term.ecode == 8);
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_TERM_RECEIVED);
}

/* An out-of-order MSN takes no S-RQ WQE: only arrival order exists, and a gap is (1,2,0x03)
 * (SEC-014). */
static void t_srq_msn_gap(void)
{
    uint8_t u[22];
    iw_iov v;
    iw_recv_wr r;
    iw_srq_info si;
    iw_qp_info qi;
    size_t n;
    g_use_srq = 1;
    REQUIRE(vt_up(4, 4));
    g_use_srq = 0;
    memset(&r, 0, sizeof r);
    REQUIRE(iw_srq_post(&g_srq, &r, 1, &n) == IW_V_OK);
    REQUIRE(iw_srq_post(&g_srq, &r, 1, &n) == IW_V_OK);
    memset(u, 0, sizeof u);
    u[0] = 0x41;      /* untagged, L, DV 1 */
    u[1] = 0x43;      /* RDMAP Send */
    u[13] = 3;        /* MSN 3: two messages missing */
    v.base = u;
    v.len = sizeof u;
    REQUIRE(iw_mpa_tx(&QA->c, &v, 1) == IW_OK);
    vf_flow();
    CHECK(iw_srq_query(&g_srq, &si) == IW_V_OK && si.posted == 2);
    CHECK_EQ(QB->rcq.count, 0);
    CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && qi.state == IW_QP_TERMINATE &&
          qi.term.term.layer == 1 && qi.term.term.etype == 2 && qi.term.term.ecode == 3);
}

/* VERBS-071: an SQ slot is free only once a WC at or after it is reaped from the CQ, so a
 * WR that completed but whose WC still sits in the CQ (or an unsignaled one before it) holds
 * its slot: an SQ of depth 32 takes 32 Writes, refuses the 33rd while all their WCs wait, and
 * takes exactly as many new WRs as the reaped WCs cover. */
static void t_sq_slots(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w[32];
    iw_wc wc;
    size_t n;
    int i;
    REQUIRE(vt_up(4, 4));
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    for (i = 0; i < 32; i++) {
        w[i] = swr1(IW_WR_WRITE, (uint64_t)(1 + i), a_mr, VA(&RA, 0), 16);
        if (i % 4 != 3) w[i].flags = 0; /* every fourth is signaled: 8 WCs */
        w[i].remote_stag = b_mr;
        w[i].remote_to = VA(&RB, 64u * (unsigned)i);
    }
    REQUIRE(iw_qp_post_sq(&QA->qp, w, 32, &n) == IW_V_OK && n == 32);
    vf_flow();
    CHECK_EQ(QA->scq.count, 8); /* all 32 complete, their WCs wait in the CQ */
    CHECK(iw_qp_post_sq(&QA->qp, w, 1, &n) == IW_V_TOO_MANY_WRS && n == 0);
    /* reaping WR 4's WC frees WRs 1..4 (three unsignaled before it) */
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 4);
    CHECK(iw_qp_post_sq(&QA->qp, w, 5, &n) == IW_V_TOO_MANY_WRS && n == 4);
    vf_flow();
    /* the 4 new ones complete unreaped (one WC: w[3]); 7 + 1 WCs wait; reap two: 8 slots */
    CHECK_EQ(QA->scq.count, 8);
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 8);
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 12);
    CHECK(iw_qp_post_sq(&QA->qp, w, 9, &n) == IW_V_TOO_MANY_WRS && n == 8);
    vf_flow();
    while (iw_cq_poll(&QA->scq, &wc) == IW_V_OK) CHECK(wc.status == IW_WC_SUCCESS);
    /* every WC reaped and the last WR posted (w[7]) was signaled: all 32 slots free again */
    CHECK(iw_qp_post_sq(&QA->qp, w, 32, &n) == IW_V_OK && n == 32);
    vf_flow();
    CHECK_EQ(QB->qp.state, IW_QP_RTS);
}

/* The Receive an incoming Send has taken, its message not yet complete, is flushed first on
 * entering Closing, then the Receives behind it, in posting order (VERBS-078), and
 * nothing more lands in it: the rest of the Send is a Bad Close. Found by fuzz_verbs_qp: the
 * taken Receive completed after the others, or never. With an S-RQ too (the QP holds it). */
static void closing_inprogress(int srq)
{
    iw_qp_attr a;
    iw_wc wc;
    iw_send_wr w;
    uint32_t a_mr, b_mr, i;
    size_t used = 0, first, ul;
    static uint8_t before[MEM];
    g_use_srq = srq;
    REQUIRE(vt_up(4, 4));
    g_use_srq = 0;
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, IW_ACC_LOCAL_WRITE, 2, RB.pd, 0);
    for (i = 0; i < 3; i++) {
        if (srq) {
            iw_recv_wr r;
            size_t n = 0;
            memset(&r, 0, sizeof r);
            r.wr_id = 10 + i;
            r.nsge = 1;
            r.sgl[0].stag = b_mr;
            r.sgl[0].to = VA(&RB, 8192 * i);
            r.sgl[0].len = 8192;
            REQUIRE(iw_srq_post(&g_srq, &r, 1, &n) == IW_V_OK && n == 1);
        } else {
            REQUIRE(recv1(QB, 10 + i, b_mr, VA(&RB, 8192 * i), 8192) == IW_V_OK);
        }
    }
    for (i = 0; i < 4000; i++) RA.mem[i] = (uint8_t)(i * 7 + 1);
    w = swr1(IW_WR_SEND, 1, a_mr, VA(&RA, 0), 4000); /* several FPDUs at the default EMSS */
    REQUIRE(post1(QA, &w) == IW_V_OK);
    /* B reads A's first FPDU alone: ULPDU_Length, the ULPDU, PAD, CRC (RFC 5044 §4) */
    ul = (size_t)QA->out[QA->out_off] << 8 | QA->out[QA->out_off + 1];
    first = 2 + ul + iw_mpa_pad(ul) + 4;
    REQUIRE(first < QA->h.wire_len - QA->out_off);
    REQUIRE(iw_mpa_rx_feed(&QB->c, QA->out + QA->out_off, first, &used) == IW_OK && used == first);
    QA->out_off += first;
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY); /* WR 10 taken, not complete */
    CHECK(memcmp(RB.mem, RA.mem, ul - IW_DDP_UNTAGGED_HDR) == 0); /* its first segment placed */
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_CLOSING;
    REQUIRE(iw_qp_modify(&QB->qp, &a) == IW_V_OK);
    for (i = 0; i < (srq ? 1u : 3u); i++) /* an S-RQ keeps the two it still holds (VERBS-088a) */
        CHECK(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.wr_id == 10 + i &&
              wc.status == IW_WC_FLUSHED); /* VERBS-029a */
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY);
    memcpy(before, RB.mem, MEM);
    vf_flow(); /* the rest of the Send: Bad Close, Error; no WC for WR 10 again, nothing placed */
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_ERROR);
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY);
    CHECK(memcmp(before, RB.mem, MEM) == 0);
}
static void t_closing_inprogress(void)
{
    closing_inprogress(0);
    closing_inprogress(1);
}

/* A CQ that is only some QP's receive CQ is in use too; a FetchAdd's original value is in its
 * result buffer when its WC is polled. */
static void t_cq_in_use_rq_only(void)
{
    static iw_cq xcq;
    static iw_wc xring[8];
    static vf_q q2;
    iw_qp_cfg qc;
    REQUIRE(vt_init(0, 4, 4));
    REQUIRE(iw_cq_create(&RA.r, &xcq, xring, 8) == IW_V_OK);
    qc = vf_qp_cfg(RA.pd, 4, 4);
    qc.sq_cq = &QA->scq; /* shares A's send CQ, receives into xcq alone */
    qc.rq_cq = &xcq;
    REQUIRE(vf_q_init(&q2, &RA, qc, 8));
    CHECK_EQ(iw_cq_destroy(&xcq), IW_V_CQ_IN_USE); /* VERBS-006b: only q2's receive CQ */
    CHECK_EQ(iw_cq_destroy(&QA->rcq), IW_V_CQ_IN_USE); /* VERBS-006b: only QA's receive CQ */
    REQUIRE(iw_qp_destroy(&q2.qp) == IW_V_OK);
    CHECK_EQ(iw_cq_destroy(&xcq), IW_V_OK); /* no QP uses it now */
}

/* An SQ WC of a destroyed QP still waiting in a shared CQ is reaped without touching that QP's
 * memory: reaping frees SQ slots through the WC's QP (VERBS-071), and destroying a QP detaches
 * its unreaped WCs from it. */
static void t_destroy_with_sq_wc(void)
{
    static vf_q q2;
    static iw_qp snap;
    iw_qp_cfg qc;
    iw_qp_attr a;
    iw_send_wr w;
    iw_wc wc;
    uint32_t a_mr;
    REQUIRE(vt_init(0, 4, 4));
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    qc = vf_qp_cfg(RA.pd, 4, 4);
    qc.sq_cq = &QA->scq; /* q2's SQ WCs go to A's send CQ */
    REQUIRE(a_mr && vf_q_init(&q2, &RA, qc, 8));
    w = swr1(IW_WR_SEND, 77, a_mr, VA(&RA, 0), 16);
    REQUIRE(post1(&q2, &w) == IW_V_OK);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_ERROR; /* the WR completes Flushed: its WC waits in A's CQ */
    REQUIRE(iw_qp_modify(&q2.qp, &a) == IW_V_OK);
    REQUIRE(QA->scq.count == 1);
    REQUIRE(iw_qp_destroy(&q2.qp) == IW_V_OK);
    memcpy(&snap, &q2.qp, sizeof snap);
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 77 && wc.status == IW_WC_FLUSHED);
    CHECK(memcmp(&snap, &q2.qp, sizeof snap) == 0); /* the destroyed QP's memory is left alone */
}

static void t_atomic_result_at_wc(void)
{
    uint32_t a_mr, b_mr;
    uint64_t v = 0x1122334455667788ull, got;
    iw_send_wr w;
    iw_wc wc;
    REQUIRE(vt_up(4, 4));
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_ATOMIC, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    memcpy(RB.mem + 512, &v, 8);
    memset(RA.mem + 256, 0xEE, 8);
    w = rdma_wr(IW_WR_FETCHADD, 1, a_mr, 256, b_mr, VA(&RB, 512), 8);
    w.add_swap = 5;
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_cq_poll(&QA->scq, &wc) == IW_V_OK);
    CHECK(wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
    memcpy(&got, RA.mem + 256, 8);
    CHECK_EQ(got, v); /* ATOM-015b: the original value is in the result buffer at the WC */
    memcpy(&got, RB.mem + 512, 8);
    CHECK_EQ(got, v + 5);
}

/* RDMAP errors whose STag or Receive check is verbs.h's: a Read Request's SrcSTag and a Send
 * with Invalidate's STag with the right Index and another Key are invalid STags (0,1,0x00),
 * nothing read or invalidated; a Send into a Receive whose SGE lacks Local Write completes that
 * Receive in error, and B sends (0,0,0x00) with no headers; a Send with Invalidate naming an MR
 * that has a window bound to it gives (0,1,0x09), the MR left valid. */
static void t_rdmap_key_and_bad_recv(void)
{
    int k;
    for (k = 0; k < 4; k++) {
        uint32_t a_mr, b_mr;
        iw_send_wr w;
        iw_wc wc;
        iw_qp_info qi;
        iw_stag_info si;
        REQUIRE(vt_up(4, 4));
        a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
        b_mr = vf_reg(&RB, k == 2   ? IW_ACC_LOCAL_READ
                           : k == 3 ? 0x3F
                                    : IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_READ |
                                          IW_ACC_REMOTE_WRITE, 2, RB.pd, 0);
        REQUIRE(a_mr && b_mr);
        memset(RA.mem, 0x11, 64);
        memset(RB.mem, 0x22, 64);
        if (k == 0) { /* a Read of B's memory through b_mr's Index with another Key */
            w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr ^ 0x1u, VA(&RB, 0), 64);
        } else { /* a Send with Invalidate of b_mr with another Key; a Send into a bad Receive */
            w = swr1(k == 2 ? IW_WR_SEND : IW_WR_SEND_INV, 1, a_mr, VA(&RA, 0), 16);
            w.inval_stag = k == 3 ? b_mr : b_mr ^ 0x1u;
            REQUIRE(recv1(QB, 7, b_mr, VA(&RB, 0), 64) == IW_V_OK);
        }
        if (k == 3) { /* a window bound to b_mr on B */
            REQUIRE(bind_on_b(6, 1, b_mr, 64, IW_ACC_REMOTE_READ) != 0);
        }
        REQUIRE(post1(QA, &w) == IW_V_OK);
        vf_flow();
        REQUIRE(iw_qp_query(&QB->qp, &qi) == IW_V_OK);
        CHECK(qi.term_valid && qi.term_local);
        if (k == 3) {
            /* RDMAP-048b: an MR with a bound window cannot be invalidated */
            CHECK(qi.term.term.layer == 0 && qi.term.term.etype == 1 && qi.term.term.ecode == 0x09);
            /* RDMAP-048b: b_mr is still valid */
            CHECK(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && si.valid);
        } else if (k < 2) {
            /* RDMAP-040b (k 0), RDMAP-045b (k 1): the Key mismatch is an invalid STag */
            CHECK(qi.term.term.layer == 0 && qi.term.term.etype == 1 && qi.term.term.ecode == 0x00);
            CHECK(RA.mem[0] == 0x11 && RA.mem[63] == 0x11); /* RDMAP-040b: nothing read */
            /* RDMAP-045b: b_mr was not invalidated */
            CHECK(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && si.valid);
        } else {
            REQUIRE(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK);
            CHECK(wc.wr_id == 7 && wc.status == IW_WC_ACCESS_VIOLATION); /* RDMAP-049b */
            CHECK_EQ(RB.nev, 0); /* VERBS-022c: the WC reports it, no async event */
            CHECK(RB.mem[0] == 0x22 && RB.mem[15] == 0x22); /* RDMAP-049b: nothing placed */
            CHECK(qi.term.term.layer == 0 && qi.term.term.etype == 0 && qi.term.term.ecode == 0 &&
                  !qi.term.m && !qi.term.d && !qi.term.r); /* RDMAP-049a through verbs.h */
        }
        if (check__failed_here) {
            fprintf(stderr, "  case %d\n", k);
            return;
        }
    }
}

/* Deallocate PD refuses while each kind of user holds it, and changes nothing: a QP, an S-RQ,
 * a registered MR and an MW, one at a time in a PD of their own. */
static void t_pd_in_use_each(void)
{
    static iw_srq srq;
    static iw_recv_wr ring[4];
    static vf_q q2;
    uint32_t pd = 0, stag = 0;
    REQUIRE(vt_init(0, 4, 4));
    REQUIRE(iw_pd_alloc(&RA.r, &pd) == IW_V_OK);
    REQUIRE(vf_q_init(&q2, &RA, vf_qp_cfg(pd, 4, 4), 8));
    CHECK_EQ(iw_pd_dealloc(&RA.r, pd), IW_V_PD_IN_USE); /* VERBS-003a: a QP */
    REQUIRE(iw_qp_destroy(&q2.qp) == IW_V_OK);
    REQUIRE(iw_srq_create(&RA.r, &srq, pd, ring, 4, 2, 2) == IW_V_OK);
    CHECK_EQ(iw_pd_dealloc(&RA.r, pd), IW_V_PD_IN_USE); /* VERBS-003b: an S-RQ */
    REQUIRE(iw_srq_destroy(&srq) == IW_V_OK);
    stag = vf_reg(&RA, IW_ACC_LOCAL_READ, 3, pd, 0);
    REQUIRE(stag != 0);
    CHECK_EQ(iw_pd_dealloc(&RA.r, pd), IW_V_PD_IN_USE); /* VERBS-003c: a registered MR */
    REQUIRE(iw_stag_dealloc(&RA.r, stag >> 8) == IW_V_OK);
    REQUIRE(iw_mw_alloc(&RA.r, pd, 4, &stag) == IW_V_OK);
    CHECK_EQ(iw_pd_dealloc(&RA.r, pd), IW_V_PD_IN_USE); /* VERBS-003d: an MW */
    CHECK_EQ(iw_pd_dealloc(&RA.r, pd), IW_V_PD_IN_USE); /* VERBS-003e: refused again, unchanged */
    {
        iw_stag_info si;
        /* VERBS-003e: the refused Deallocate changed nothing: the window still stands */
        CHECK(iw_stag_query(&RA.r, stag >> 8, &si) == IW_V_OK && si.is_mw);
    }
    REQUIRE(iw_stag_dealloc(&RA.r, stag >> 8) == IW_V_OK);
    CHECK_EQ(iw_pd_dealloc(&RA.r, pd), IW_V_OK); /* no user left */
}

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
                w = rdma_wr(IW_WR_READ, posted, sa, MEM / 2 + off, sb, VA(&RB, off), len);
            } else { /* a Write of A into B */
                w = rdma_wr(IW_WR_WRITE, posted, sa, off, sb, VA(&RB, off + 7), len);
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

static void t_verbs_ring_sizes(void) /* VERBS-075 */
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



/* VERBS-082: poll until empty; a Receive completes; then arm and poll again: the poll after
 * arming returns that WC (arming neither hides nor drops a CQE already present). */
static void t_verbs082(void)
{
    iw_send_wr w;
    iw_wc wc;
    int n0;
    REQUIRE(vt_up(4, 4));
    while (iw_cq_poll(&QB->rcq, &wc) == IW_V_OK) {}
    REQUIRE(recv1(QB, 82, 0, 0, 0) == IW_V_OK);
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    n0 = RB.ncq_ev;
    REQUIRE(iw_cq_notify(&QB->rcq, IW_CQ_NOTIFY_NEXT) == IW_V_OK);
    CHECK_EQ(RB.ncq_ev, n0); /* VERBS-079c: the CQE already there fires nothing */
    /* VERBS-082: the poll after arming finds the WC that came before it */
    CHECK(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.wr_id == 82 && wc.status == IW_WC_SUCCESS);
    /* the next two fire it once */
    REQUIRE(recv1(QB, 83, 0, 0, 0) == IW_V_OK && recv1(QB, 84, 0, 0, 0) == IW_V_OK);
    w = swr(IW_WR_SEND, 2);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w = swr(IW_WR_SEND, 3);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(QB->rcq.count, 2);
    CHECK_EQ(RB.ncq_ev, n0 + 1); /* VERBS-079a VERBS-079b: once */
}

/* An S-RQ Limit above the S-RQ's size is refused at creation as at Modify; an
 * Atomic WR's local SGE of 4 octets is refused; a QP event names its resource type and QP. */
static void t_verbs086_091(void)
{
    iw_srq s2;
    iw_recv_wr ring[4];
    REQUIRE(vt_up(4, 4));
    CHECK_EQ(iw_srq_create(&RA.r, &s2, RA.pd, ring, 4, 2, 5), IW_V_LIMIT_RANGE); /* VERBS-086c */
    REQUIRE(iw_srq_create(&RA.r, &s2, RA.pd, ring, 4, 2, 4) == IW_V_OK);
    CHECK_EQ(iw_srq_modify(&s2, 5), IW_V_LIMIT_RANGE); /* VERBS-086c */
    CHECK_EQ(iw_srq_destroy(&s2), IW_V_OK);
    {
        iw_send_wr aw = swr1(IW_WR_FETCHADD, 9, 0, VA(&RA, 0), 4);
        CHECK_EQ(post1(QA, &aw), IW_V_INVALID_SGL_FORMAT); /* VERBS-095a: one SGE of 8 octets */
    }
    iw_qp_llp_event(&QA->qp, IW_QP_LLP_RESET);
    CHECK(RA.nev == 1 && RA.ev[0].event == IW_AE_LLP_RESET);
    /* VERBS-091a: a QP event carries the QP resource type and the QP's ID */
    CHECK(RA.ev[0].resource == IW_RES_QP && RA.ev[0].id == QA->qp.id && RA.ev[0].handle == &QA->qp);
}

/* VERBS-020b: the peer's FIN reaches B while B still owes A a Read Response (B's socket full),
 * B's SQ empty: Bad LLP Close, Terminate (0,2,0x07), Terminate state. */
static void t_verbs020b(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_qp_info qi;
    REQUIRE(vt_up(4, 4));
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    QB->h.hold = 1;
    w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 10);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_rdmap_ird_outstanding(&QB->qp.rs) == 1);
    REQUIRE(QB->qp.sq_head == QB->qp.sq_tail);
    QB->h.hold = 0;
    iw_mpa_llp_closed(&QB->c);
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_TERMINATE); /* VERBS-020b */
    CHECK(RB.nev == 1 && RB.ev[0].event == IW_AE_BAD_LLP_CLOSE); /* VERBS-020b */
    /* VERBS-020b: the Terminate is (0,2,0x07) */
    CHECK(iw_qp_query(&QB->qp, &qi) == IW_V_OK && qi.term_valid && qi.term_local &&
          qi.term.term.layer == 0 && qi.term.term.etype == 2 && qi.term.term.ecode == 7);
}

/* MPA negotiated before the QPs went to RTS (both QPs IRD = ORD = 4; B's MPA 1):
 * RTS starts A's stream with the negotiated ORD 1, so A's two Reads go one at a time and B
 * (IRD 1) answers both. */
static void t13_request(void *uctx, const iw_mpa_info *in)
{
    (void)uctx;
    (void)in;
    (void)iw_mpa_accept(&QB->c, 1, 1, NULL, 0); /* B: IRD = ORD = 1 */
}
static void t_verbs013_negotiated(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_wc wc;
    iw_mpa_cfg mc;
    iw_qp_attr at;
    REQUIRE(vt_init(0, 4, 4) && vt_init(1, 4, 4));
    /* vf_connect, with B accepting at IRD = ORD = 1 */
    vf_resp_ops = *iw_qp_mpa_ulp_ops();
    vf_resp_ops.request = t13_request;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    REQUIRE(iw_mpa_init(&QA->c, &mc, &vf_mpa_ops, QA, iw_qp_mpa_ulp_ops(), &QA->qp, QA->reasm,
                        sizeof QA->reasm) == IW_OK);
    iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
    REQUIRE(iw_mpa_init(&QB->c, &mc, &vf_mpa_ops, QB, &vf_resp_ops, &QB->qp, QB->reasm,
                        sizeof QB->reasm) == IW_OK);
    (void)iw_mpa_start(&QB->c, NULL, 0);
    (void)iw_mpa_start(&QA->c, NULL, 0);
    vf_flow();
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_RTS;
    at.llp = &QB->c;
    REQUIRE(iw_qp_modify(&QB->qp, &at) == IW_V_OK);
    at.llp = &QA->c;
    REQUIRE(iw_qp_modify(&QA->qp, &at) == IW_V_OK);
    CHECK_EQ(iw_rdmap_get_cfg(&QA->qp.rs)->ord, 1); /* VERBS-013b: as negotiated */
    REQUIRE(vt_mrs(&a_mr, &b_mr));
    w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 32);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    w.wr_id = 2;
    w.sgl[0].to = VA(&RA, 64);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    CHECK_EQ(iw_rdmap_ord_outstanding(&QA->qp.rs), 1); /* VERBS-013b */
    vf_flow();
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 2 && wc.status == IW_WC_SUCCESS);
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_RTS); /* VERBS-013b: B's IRD never exceeded */
}

/* A QP used before (a Send received, a Read left outstanding) goes Error -> Idle -> RTS on a new
 * stream to a new peer: the stream starts again from MSN 1 with no Read outstanding, and works. */
static void t_verbs013_reuse(void)
{
    uint32_t a_mr, b_mr, q;
    iw_send_wr w;
    iw_wc wc;
    iw_qp_attr a;
    REQUIRE(vt_up(4, 4));
    REQUIRE(vt_mrs(&a_mr, &b_mr) && recv1(QA, 1, 0, 0, 0) == IW_V_OK);
    w = swr(IW_WR_WRITE, 9); /* zero-length: B's MPA reaches Full Operation */
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(QB, &w) == IW_V_OK);
    vf_flow();
    REQUIRE(iw_ddp_rx_msn(&QA->qp.rs.ddp, 0) == 2);
    w = rdma_wr(IW_WR_READ, 2, a_mr, 0, b_mr, VA(&RB, 0), 16);
    REQUIRE(post1(QA, &w) == IW_V_OK && iw_rdmap_ord_outstanding(&QA->qp.rs) == 1);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_ERROR;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    while (iw_cq_poll(&QA->scq, &wc) == IW_V_OK || iw_cq_poll(&QA->rcq, &wc) == IW_V_OK) {}
    a.next_state = IW_QP_IDLE;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    /* a new peer and a new stream for A's QP */
    REQUIRE(vt_init(1, 4, 4));
    hf_init(&QA->h, QA->out, sizeof QA->out);
    QA->out_off = 0;
    REQUIRE(vf_connect());
    for (q = 0; q < 4; q++) CHECK_EQ(iw_ddp_rx_msn(&QA->qp.rs.ddp, q), 1); /* VERBS-013a */
    CHECK_EQ(iw_rdmap_ord_outstanding(&QA->qp.rs), 0); /* VERBS-013a */
    b_mr = vf_reg(&RB, 0x3F, 2, RB.pd, 0);
    REQUIRE(b_mr && recv1(QA, 3, 0, 0, 0) == IW_V_OK);
    w = rdma_wr(IW_WR_READ, 4, a_mr, 0, b_mr, VA(&RB, 0), 16);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    w = swr(IW_WR_SEND, 3);
    REQUIRE(post1(QB, &w) == IW_V_OK);
    vf_flow();
    /* VERBS-013a: the new stream works */
    CHECK(iw_cq_poll(&QA->scq, &wc) == IW_V_OK && wc.wr_id == 4 && wc.status == IW_WC_SUCCESS);
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.wr_id == 3 && wc.status == IW_WC_SUCCESS);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_RTS);
}

/* The Responder's QP enters RTS while its MPA still waits for the Initiator's first FPDU: that
 * first message, a Send, is received. */
static void t_verbs013_first_fpdu(void)
{
    iw_qp_attr a;
    iw_send_wr w;
    iw_wc wc;
    REQUIRE(vt_init(0, 4, 4) && vt_init(1, 4, 4) && vt_mpa());
    REQUIRE(iw_mpa_state(&QB->c) == IW_MPA_S_AWAIT_FIRST);
    REQUIRE(recv1(QB, 1, 0, 0, 0) == IW_V_OK);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_RTS;
    a.llp = &QB->c;
    CHECK_EQ(iw_qp_modify(&QB->qp, &a), IW_V_OK); /* VERBS-013c: before the first FPDU */
    a.llp = &QA->c;
    REQUIRE(iw_qp_modify(&QA->qp, &a) == IW_V_OK);
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(QA, &w) == IW_V_OK);
    vf_flow();
    /* VERBS-013c: the first message was not lost */
    CHECK(iw_cq_poll(&QB->rcq, &wc) == IW_V_OK && wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"objects and immediate errors VERBS-002 VERBS-007 "
         "VERBS-010 VERBS-011 VERBS-012 VERBS-015 VERBS-033 VERBS-094",
         t_objects},
        {"a CQ resized keeps its WCs; a refused shrink changes nothing", t_cq_resize},
        {"Create QP gives what was asked; each limit its own error", t_qp_create_limits},
        {"MR rights and page lists VERBS-038", t_mr_rights_and_lists},
        {"STag 0 and Index 0; the status of refused rights", t_verbs039_042},
        {"translation through the page list", t_translation},
        {"every WR type and its WC VERBS-051 VERBS-073 VERBS-074 VERBS-075 VERBS-078", t_all_wrs},
        {"WR IDs of 64 bits; an error WC's WR ID and QP ID", t_verbs076},
        {"security: PD, key, rights, bounds, invalidated STag and window", t_security},
        {"an incoming error a Receive's WC reports raises no event", t_verbs022c},
        {"local WQ errors VERBS-037 VERBS-059", t_local_errors},
        {"RTS -> Terminate, RTS -> Error", t_modify_rts},
        {"one error WC; the rest Flushed on entering Error", t_verbs027_one_error},
        {"completion notification VERBS-082", t_notify},
        {"what fires next solicited", t_verbs080},
        {"Closing, LLP events, destroy with windows, ORD VERBS-016 VERBS-019 VERBS-030",
         t_closing},
        {"ORD holds a Read or an Atomic, and the WRs behind it", t_verbs036},
        {"Closing stops the SQ: a fenced WR is never sent", t_verbs029b},
        {"Closing: close done with an SQ WQE or an inbound Read: Bad Close", t_verbs031_close_busy},
        {"ORD reduced in Idle or in the Modify to RTS holds in RTS", t_verbs035_idle},
        {"more rules VERBS-001 VERBS-009 VERBS-064 VERBS-072 "
         "VERBS-077 VERBS-093",
         t_more},
        {"S-RQ: an MSN gap takes no WQE SEC-014", t_srq_msn_gap},
        {"Block List mode", t_block_list},
        {"RNIC catastrophic failure", t_rnic_catastrophic},
        {"SQ slots are freed when a later WC is reaped VERBS-071", t_sq_slots},
        {"shared receive queue VERBS-084 VERBS-089 VERBS-090", t_srq},
        {"RTS starts with the IRD/ORD MPA negotiated", t_verbs013_negotiated},
        {"a QP reused on a new stream starts from initial conditions", t_verbs013_reuse},
        {"a Responder in RTS before the first FPDU receives it", t_verbs013_first_fpdu},
        {"peer FIN with an inbound Read in progress", t_verbs020b},
        {"S-RQ Limit range at creation; a QP event's resource", t_verbs086_091},
        {"poll, a completion, arm, poll: found", t_verbs082},
        {"Closing flushes the Receive a message holds first VERBS-078", t_closing_inprogress},
        {"a CQ used only as a receive CQ is in use", t_cq_in_use_rq_only},
        {"an SQ WC of a destroyed QP is reaped without touching the QP", t_destroy_with_sq_wc},
        {"Deallocate PD refused for each kind of user", t_pd_in_use_each},
        {"an Atomic's original value is in place at its WC", t_atomic_result_at_wc},
        {"Key mismatch at the peer and an unusable Receive, through verbs.h", t_rdmap_key_and_bad_recv},
        {"ring slot by mask equals i % cap", t_ring_ix},
        {"64-bit shifts equal one-bit shifts", t_shift64},
        {"rings of other sizes: same completions and placement VERBS-075", t_verbs_ring_sizes},
    };
    return CHECK_RUN(tests);
}
