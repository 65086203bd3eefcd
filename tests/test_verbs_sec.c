/* SPDX-License-Identifier: MIT */
/* test_verbs_sec.c: verbs.h security rules and the memory verbs. Two RNICs (A and B), each with
 * three QPs; QP i of A is joined to QP i of B by an MPA connection over an in-memory pipe
 * (tests/verbs_fake.h). On B, QP 0 and QP 1 share the PD, QP 2 is in a second PD. Every remote
 * error also checks that no octet of either registered arena (with its guard pages) changed. */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"

#define VF_NQ 3    /* QPs per RNIC */
#define VF_NST 256 /* STag table entries */
#include "verbs_fake.h"

static uint8_t snapbuf[2][MEM + 2 * PG];

/* Knobs read by vs_up, reset to these defaults after each setup. */
static int g_priv_a0 = 1;        /* QP A0 privileged (STag 0 + Fast-Register) */
static int g_bind_b0 = 1;        /* QP B0 Bind MW enabled */
static uint32_t g_rcq_b0 = 64;   /* entries of B0's RQ CQ */
static int g_share_cq_b = 0;     /* B1 uses B0's CQs */
static int g_srq_b = 0;          /* B0 and B1 receive from one S-RQ, vs_srq */
static iw_srq vs_srq;
static iw_recv_wr vs_srq_ring[32];

/* Fresh RNICs (their memory a pattern that differs between A and B), VF_NQ QP pairs in RTS;
 * QP 2 of each side is in the second PD. */
static int vs_up(void)
{
    uint32_t k;
    int i, srq = g_srq_b, ok = vf_rn_init(&RA, 0, 1234u, 0) && vf_rn_init(&RB, 1, 5678u, 0);
    for (k = 0; ok && k < MEM; k++) {
        RA.mem[k] = (uint8_t)(k * 13u + 7u);
        RB.mem[k] = (uint8_t)(k * 13u + 8u);
    }
    if (ok && srq) ok = iw_srq_create(&RB.r, &vs_srq, RB.pd, vs_srq_ring, 32, 0, 0) == IW_V_OK;
    for (i = 0; ok && i < VF_NQ; i++) {
        iw_qp_cfg qa = vf_qp_cfg(i == 2 ? RA.pd2 : RA.pd, 4, 4);
        iw_qp_cfg qb = vf_qp_cfg(i == 2 ? RB.pd2 : RB.pd, 4, 4);
        qa.privileged = (uint8_t)(i == 0 ? g_priv_a0 : 1);
        qb.bind_en = (uint8_t)(i == 0 ? g_bind_b0 : 1);
        if (i == 1 && g_share_cq_b) {
            qb.sq_cq = &QB[0].scq;
            qb.rq_cq = &QB[0].rcq;
        }
        if (i < 2 && srq) qb.srq = &vs_srq;
        ok = vf_q_init(&QA[i], &RA, qa, 64) && vf_q_init(&QB[i], &RB, qb, i == 0 ? g_rcq_b0 : 64);
    }
    g_priv_a0 = 1;
    g_bind_b0 = 1;
    g_rcq_b0 = 64;
    g_share_cq_b = 0;
    g_srq_b = 0;
    if (!ok || !vf_connect()) return 0;
    /* one empty Send each way round: the Responder (B) may send FPDUs only after the Initiator's
     * first one (MPA-015), so that B's Terminates reach A at once */
    for (i = 0; i < VF_NQ; i++) {
        iw_send_wr w;
        iw_recv_wr r;
        iw_wc wc;
        size_t n;
        memset(&w, 0, sizeof w);
        memset(&r, 0, sizeof r);
        w.type = IW_WR_SEND;
        w.flags = IW_WR_SIGNALED;
        if ((i < 2 && srq ? iw_srq_post(&vs_srq, &r, 1, &n) : iw_qp_post_rq(&QB[i].qp, &r, 1, &n)) != IW_V_OK ||
            iw_qp_post_sq(&QA[i].qp, &w, 1, &n) != IW_V_OK)
            return 0;
        vf_flow();
        if (iw_cq_poll(&QA[i].scq, &wc) != IW_V_OK || wc.status != IW_WC_SUCCESS ||
            iw_cq_poll(QB[i].qp.cfg.rq_cq, &wc) != IW_V_OK || wc.status != IW_WC_SUCCESS)
            return 0;
    }
    return RA.nev == 0 && RB.nev == 0;
}

#define ACC_ALL (IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE | IW_ACC_BIND)
#define ACC_LOCAL (IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE)

/* A's MR over all of A's memory (Local rights, Key 1) and B's over all of B's (every right,
 * Key 2), in the first PD: 1 when both are registered. */
static int vs_mrs(uint32_t *a_mr, uint32_t *b_mr)
{
    *a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    *b_mr = vf_reg(&RB, ACC_ALL, 2, RB.pd, 0);
    return *a_mr && *b_mr;
}
/* The status of the next WC of cq (0xFFFF when empty); its wr_id must be id. */
static unsigned wc_next(iw_cq *cq, uint64_t id)
{
    iw_wc wc;
    if (iw_cq_poll(cq, &wc) != IW_V_OK) return 0xFFFFu;
    if (wc.wr_id != id) {
        fprintf(stderr, "  WC wr_id %llu, expected %llu (status %u)\n", (unsigned long long)wc.wr_id,
                (unsigned long long)id, (unsigned)wc.status);
        return 0xFFFEu;
    }
    return (unsigned)wc.status;
}
/* Bind window mw to [va, va + len) of mr with acc on q; returns the WC status. */
static unsigned bind_mw(vf_q *q, uint64_t id, uint32_t mw, uint32_t mr, uint64_t va, uint64_t len, unsigned acc)
{
    iw_send_wr w = swr(IW_WR_BIND_MW, id);
    w.bind.mw_stag = mw;
    w.bind.mr_stag = mr;
    w.bind.va = va;
    w.bind.len = len;
    w.bind.acc = acc;
    if (post1(q, &w) != IW_V_OK) return 0xFFFDu;
    return wc_next(&q->scq, id);
}
static unsigned local_inval(vf_q *q, uint64_t id, uint32_t stag)
{
    iw_send_wr w = swr(IW_WR_INVALIDATE, id);
    w.inval_stag = stag;
    if (post1(q, &w) != IW_V_OK) return 0xFFFDu;
    return wc_next(&q->scq, id);
}
/* The Terminate q's QP holds: sent by it (local = 1) or received (local = 0). */
static int term_is(const vf_q *q, int local, unsigned l, unsigned e, unsigned c)
{
    iw_qp_info qi;
    if (iw_qp_query(&q->qp, &qi) != IW_V_OK) return 0;
    if (!qi.term_valid || qi.term_local != local || qi.term.term.layer != l || qi.term.term.etype != e ||
        qi.term.term.ecode != c) {
        fprintf(stderr, "  QP %u state %u term valid %u local %u (%u,%u,0x%02x), want local %d (%u,%u,0x%02x)\n",
                qi.id, qi.state, qi.term_valid, qi.term_local, qi.term.term.layer, qi.term.term.etype,
                qi.term.term.ecode, local, l, e, c);
        return 0;
    }
    return 1;
}
static int stag_valid(vf_rn *n, uint32_t stag)
{
    iw_stag_info si;
    return iw_stag_query(&n->r, stag >> 8, &si) == IW_V_OK && si.valid && si.key == (stag & 0xFFu);
}
/* Arena snapshots (both RNICs, guard pages included). */
static void snap(void)
{
    memcpy(snapbuf[0], RA.mem - PG, MEM + 2 * PG);
    memcpy(snapbuf[1], RB.mem - PG, MEM + 2 * PG);
}
static int same(void)
{
    int ok = memcmp(snapbuf[0], RA.mem - PG, MEM + 2 * PG) == 0 && memcmp(snapbuf[1], RB.mem - PG, MEM + 2 * PG) == 0;
    if (!ok) fprintf(stderr, "  registered memory changed\n");
    return ok;
}
/* Number of async events on n for QP id (any event if ev == 0). */
static int nev_of(const vf_rn *n, uint32_t qp_id, iw_async_event ev)
{
    int i, k = 0;
    for (i = 0; i < n->nev && i < 32; i++)
        if (n->ev[i].resource == IW_RES_QP && n->ev[i].id == qp_id && (ev == 0 || n->ev[i].event == ev)) k++;
    return k;
}
/* A Send of len octets from A's a_mr (offset 0) on pair i, and B's Receive at boff: both WCs. */
static int send_ok(int i, uint32_t a_mr, uint32_t b_mr, size_t boff, uint32_t len, uint64_t id)
{
    iw_send_wr w = swr1(IW_WR_SEND, id, a_mr, VA(&RA, 0), len);
    iw_cq *bcq = QB[i].qp.cfg.rq_cq;
    if (recv1(&QB[i], id, b_mr, VA(&RB, boff), len) != IW_V_OK || post1(&QA[i], &w) != IW_V_OK) return 0;
    vf_flow();
    return wc_next(&QA[i].scq, id) == IW_WC_SUCCESS && wc_next(bcq, id) == IW_WC_SUCCESS &&
           memcmp(RB.mem + boff, RA.mem, len) == 0;
}


/* ---- invalidated STags with streamed placement (mpa.h iw_mpa_set_place_begin) ---- */

/* A 6000-octet Write from a_mr to B's b_mr at 8192 (EMSS 1460: several FPDUs), fed to B up to
 * 300 payload octets into its second FPDU, then the arenas snapped: 1 when B has placed the
 * first FPDU and holds the second, streaming. The rest stays in A's output (vf_flow sends it). */
static int write_half_streamed(uint32_t a_mr, uint32_t b_mr)
{
    iw_send_wr w = rdma_wr(IW_WR_WRITE, 1, a_mr, 0, b_mr, VA(&RB, 8192), 6000);
    size_t cut, used = 0, off;
    const uint8_t *o;
    uint32_t l1;
    if (post1(&QA[0], &w) != IW_V_OK) return 0;
    off = QA[0].out_off;
    o = QA[0].out + off;
    l1 = (uint32_t)o[0] << 8 | o[1]; /* the first FPDU: ULPDU_Length, PAD, CRC (RFC 5044 §4) */
    cut = 2u + l1 + iw_mpa_pad(l1) + 4u + 2u + 14u + 300u; /* 300 payload octets of the 2nd */
    if (QA[0].h.wire_len - off <= cut + 600u) return 0;
    if (iw_mpa_rx_feed(&QB[0].c, o, cut, &used) != IW_OK || used != cut) return 0;
    QA[0].out_off += cut;
    if (iw_mpa_get_stats(&QB[0].c)->rx_streamed != 0) return 0; /* the 2nd is still arriving */
    snap();
    return 1;
}

/* B streams Writes into place as their FPDUs arrive. A 6000-octet Write (EMSS 1460: several
 * FPDUs) reaches B up to the middle of its second FPDU's payload; then B's Consumer ends the
 * target MR (how 1: Invalidate Local STag WR, 2: deallocate, 3: re-register, 4: B's QP to
 * Error, 5: a Send with Invalidate from A1 reaches B1) and the rest arrives: not one octet
 * more may be placed (the memory may be reused), and B ends the stream with (1,1,0x00) invalid STag (how 4: no Terminate, verbs §6.2.4). how 0
 * is the control: nothing changes and the whole Write lands. */
static void t_sec004_streamed(void)
{
    int how;
    for (how = 0; how <= 5; how++) {
        uint32_t a_mr, b_mr;
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr) && write_half_streamed(a_mr, b_mr));
        if (how == 1) CHECK_EQ(local_inval(&QB[0], 7, b_mr), IW_WC_SUCCESS);
        if (how == 2) CHECK_EQ(iw_stag_dealloc(&RB.r, b_mr >> 8), IW_V_OK);
        if (how == 3) {
            iw_mr_reg g = vf_pages(&RB, RB.pd, 3, ACC_LOCAL, 1);
            uint32_t ns = 0;
            CHECK_EQ(iw_mr_reregister(&RB.r, b_mr, &g, &ns), IW_V_OK);
        }
        if (how == 4) {
            iw_qp_attr at;
            memset(&at, 0, sizeof at);
            at.next_state = IW_QP_ERROR;
            CHECK_EQ(iw_qp_modify(&QB[0].qp, &at), IW_V_OK);
        }
        if (how == 5) { /* fed to B1 alone, before the rest of the Write reaches B0 */
            iw_send_wr si = swr(IW_WR_SEND_INV, 9); /* no payload */
            size_t u1 = 0;
            si.inval_stag = b_mr;
            REQUIRE(recv1(&QB[1], 9, 0, 0, 0) == IW_V_OK);
            REQUIRE(post1(&QA[1], &si) == IW_V_OK);
            CHECK(iw_mpa_rx_feed(&QB[1].c, QA[1].out + QA[1].out_off, QA[1].h.wire_len - QA[1].out_off, &u1) ==
                  IW_OK);
            QA[1].out_off += u1;
            CHECK(!stag_valid(&RB, b_mr)); /* the peer's Invalidate has completed */
            snap();
        }
        vf_flow();
        if (how == 0) {
            CHECK(memcmp(RB.mem + 8192, RA.mem, 6000) == 0);
            CHECK(iw_mpa_get_stats(&QB[0].c)->rx_streamed >= 1); /* the path under test ran */
            CHECK_EQ(wc_next(&QA[0].scq, 1), IW_WC_SUCCESS);
            CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
            continue;
        }
        if (!same()) fprintf(stderr, "  (how %d)\n", how);
        /* SEC-004a (how 1, 5) SEC-004b (how 2) SEC-004c (how 3): nothing placed after the change */
        CHECK(memcmp(snapbuf[1] + PG, RB.mem, MEM) == 0);
        if (how == 2) CHECK(memcmp(snapbuf[1] + PG, RB.mem, MEM) == 0); /* VERBS-049c: deallocated */
        if (how != 4) CHECK(term_is(&QB[0], 1, 1, 1, 0x00) && term_is(&QA[0], 0, 1, 1, 0x00));
        CHECK(iw_qp_state(&QB[0].qp) != IW_QP_RTS);
    }
}

/* Once B's MR is invalidated (how 1), deallocated (how 2) or re-registered under a new Key
 * (how 3), a Read through its old STag is refused (0,1,0x00) and reads nothing; how 0 is the
 * control. */
static void t_sec004_read(void)
{
    int how;
    for (how = 0; how <= 3; how++) {
        uint32_t a_mr, b_mr;
        iw_send_wr w;
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
        if (how == 1) CHECK_EQ(local_inval(&QB[0], 7, b_mr), IW_WC_SUCCESS);
        if (how == 2) CHECK_EQ(iw_stag_dealloc(&RB.r, b_mr >> 8), IW_V_OK);
        if (how == 3) {
            iw_mr_reg g = vf_pages(&RB, RB.pd, 3, ACC_ALL, 1);
            uint32_t ns = 0;
            CHECK_EQ(iw_mr_reregister(&RB.r, b_mr, &g, &ns), IW_V_OK);
        }
        snap();
        w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 100);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        if (how == 0) {
            CHECK_EQ(wc_next(&QA[0].scq, 1), IW_WC_SUCCESS);
            CHECK_MEM(RA.mem, RB.mem, 100);
            continue;
        }
        CHECK(same()); /* SEC-004d: nothing read */
        CHECK(term_is(&QB[0], 1, 0, 1, 0x00)); /* SEC-004d: an invalid STag */
        if (check__failed_here) {
            fprintf(stderr, "  (how %d)\n", how);
            return;
        }
    }
}

/* ---- VERBS-025b: in Terminate no SQ WR is processed ---- */

/* A0's socket is full: its Send (WR 1) is handed to MPA but not yet taken. Behind it, with
 * Local Fence, an Invalidate Local STag of an MR X (WR 2) waits for WR 1 to complete. A0's
 * Consumer then moves A0 to Terminate, and the socket drains: WR 1 completes (RDMAP-051a) while
 * A0 is in Terminate, and WR 2 must not execute (X stays Valid); it completes Flushed once A0
 * is in Error. how 1: a Read in flight instead of the Send (the Read never completes in
 * Terminate: the incoming Response is ignored). */
static void t_verbs025b(void)
{
    int how;
    for (how = 0; how <= 1; how++) {
        uint32_t a_mr, b_mr, x;
        iw_send_wr w;
        iw_qp_attr at;
        REQUIRE(vs_up());
        a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
        x = vf_reg(&RA, ACC_ALL, 5, RA.pd, 0);
        b_mr = vf_reg(&RB, ACC_ALL, 2, RB.pd, 0);
        REQUIRE(a_mr && b_mr && x);
        REQUIRE(recv1(&QB[0], 9, b_mr, VA(&RB, 0), 256) == IW_V_OK);
        QA[0].h.hold = how == 0;
        w = how == 0 ? swr1(IW_WR_SEND, 1, a_mr, VA(&RA, 0), 64) : rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 64);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        w = swr(IW_WR_INVALIDATE, 2);
        w.inval_stag = x;
        w.flags |= IW_WR_LOCAL_FENCE;
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        CHECK(stag_valid(&RA, x)); /* fenced behind WR 1: not run yet */
        memset(&at, 0, sizeof at);
        at.next_state = IW_QP_TERMINATE;
        REQUIRE(iw_qp_modify(&QA[0].qp, &at) == IW_V_OK);
        QA[0].h.hold = 0;
        (void)iw_mpa_tx_resume(&QA[0].c);
        vf_flow();
        CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_TERMINATE);
        CHECK(stag_valid(&RA, x)); /* VERBS-025b: the Invalidate did not run in Terminate */
        iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
        CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
        CHECK(stag_valid(&RA, x)); /* VERBS-025b */
        CHECK(wc_next(&QA[0].scq, 1) != 0xFFFFu);
        CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_FLUSHED);
        if (check__failed_here) {
            fprintf(stderr, "  VERBS-025b how %d\n", how);
            return;
        }
    }
}

/* ---- VERBS-025c: a streamed placement stops when its QP leaves RTS ---- */

/* As t_sec004_streamed, but the MR stays valid: B's Consumer moves B's QP out of RTS while a
 * 6000-octet Write is streaming in (how 0: RTS -> Closing, 1: RTS -> Terminate). The rest of
 * the Write then arrives: not one octet more may be placed (verbs §6.2.3, §6.2.5: a QP out of
 * RTS places nothing). */
static void t_verbs025c(void)
{
    int how;
    for (how = 0; how <= 1; how++) {
        uint32_t a_mr, b_mr;
        iw_qp_attr at;
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr) && write_half_streamed(a_mr, b_mr));
        memset(&at, 0, sizeof at);
        at.next_state = how == 0 ? IW_QP_CLOSING : IW_QP_TERMINATE;
        CHECK_EQ(iw_qp_modify(&QB[0].qp, &at), IW_V_OK);
        vf_flow();
        if (!same()) fprintf(stderr, "  (VERBS-025c how %d)\n", how);
        /* VERBS-025c: nothing placed once the QP left RTS */
        CHECK(memcmp(snapbuf[1] + PG, RB.mem, MEM) == 0);
        CHECK(iw_qp_state(&QB[0].qp) != IW_QP_RTS);
    }
}

/* ---- a window is usable only on the QP it is bound to ---- */

static void t_sec002(void)
{
    int k;
    for (k = 0; k < 3; k++) { /* 0: Write via B1 (same PD); 1: Read via B1; 2: Write via B2 (other PD) */
        uint32_t a_mr, b_mr, mw = 0;
        int p = k == 2 ? 2 : 1;
        iw_send_wr w;
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
        REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x40, &mw) == IW_V_OK);
        mw = (mw & ~0xFFu) | 0x41;
        REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, PG), PG, IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE) ==
                IW_WC_SUCCESS);
        /* the window works on the QP it is bound to */
        w = rdma_wr(IW_WR_WRITE, 2, a_mr, 0, mw, VA(&RB, PG), 16);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        REQUIRE(wc_next(&QA[0].scq, 2) == IW_WC_SUCCESS);
        CHECK_MEM(RB.mem + PG, RA.mem, 16);
        if (p == 2) a_mr = vf_reg(&RA, ACC_LOCAL, 9, RA.pd2, 0); /* A2's PD */
        REQUIRE(a_mr);
        snap();
        w = rdma_wr(k == 1 ? IW_WR_READ : IW_WR_WRITE, 3, a_mr, 100, mw, VA(&RB, PG), 64);
        REQUIRE(post1(&QA[p], &w) == IW_V_OK);
        vf_flow();
        CHECK(same());
        if (k == 1) {
            CHECK(term_is(&QB[p], 1, 0, 1, 0x03)); /* SEC-002b: a Read via another QP */
            CHECK_EQ(nev_of(&RB, QB[p].qp.id, IW_AE_IRRQ_PROTECTION), 1);
            CHECK(wc_next(&QA[p].scq, 3) != IW_WC_SUCCESS);
        } else {
            CHECK(term_is(&QB[p], 1, 1, 1, 0x02)); /* DDP-020b SEC-002a: a window bound to B0 */
            CHECK_EQ(nev_of(&RB, QB[p].qp.id, IW_AE_PROTECTION), 1);
        }
        CHECK(term_is(&QA[p], 0, k == 1 ? 0u : 1u, 1, k == 1 ? 0x03u : 0x02u));
        CHECK_EQ(iw_qp_state(&QB[p].qp), IW_QP_TERMINATE);
        /* the window and its QP are untouched */
        CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
        CHECK(stag_valid(&RB, mw));
        CHECK_EQ(nev_of(&RB, QB[0].qp.id, (iw_async_event)0), 0);
        if (check__failed_here) {
            fprintf(stderr, "  window of another QP, case %d\n", k);
            return;
        }
    }
}

/* ---- what a peer cannot invalidate ---- */

static void t_sec005(void)
{
    int k;
    for (k = 0; k < 4; k++) { /* shared MR, MR with a window, local-only MR, window of another QP */
        uint32_t a_mr, b_mr, target = 0, mw = 0;
        int p = k == 3 ? 1 : 0;
        iw_send_wr w;
        iw_wc wc;
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
        switch (k) {
        case 0:
            REQUIRE(iw_mr_register_shared(&RB.r, b_mr, RB.pd, ACC_LOCAL | IW_ACC_REMOTE_WRITE, 0x77, 0, VA(&RB, 0),
                                          &target) == IW_V_OK);
            break;
        case 1:
        case 3:
            REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x50, &mw) == IW_V_OK);
            REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, 0), PG, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
            target = k == 1 ? b_mr : mw;
            break;
        default:
            target = vf_reg(&RB, ACC_LOCAL, 3, RB.pd, 0);
            REQUIRE(target);
            break;
        }
        REQUIRE(recv1(&QB[p], 9, b_mr, VA(&RB, 0), 64) == IW_V_OK);
        snap();
        w = swr(IW_WR_SEND_INV, 4); /* no payload: nothing to place */
        w.inval_stag = target;
        REQUIRE(post1(&QA[p], &w) == IW_V_OK);
        vf_flow();
        CHECK(same());
        /* SEC-005a (k 0) SEC-005b (k 1) SEC-005c (k 2: 0x02) SEC-005d (k 3): refused */
        CHECK(term_is(&QB[p], 1, 0, 1, k == 2 ? 0x02u : 0x09u));
        CHECK(term_is(&QA[p], 0, 0, 1, k == 2 ? 0x02u : 0x09u));
        /* SEC-005a SEC-005b SEC-005c SEC-005d: still valid */
        CHECK(stag_valid(&RB, target));
        if (iw_cq_poll(QB[p].qp.cfg.rq_cq, &wc) == IW_V_OK) CHECK(wc.status != IW_WC_SUCCESS || wc.inval);
        CHECK(!(iw_cq_poll(QB[p].qp.cfg.rq_cq, &wc) == IW_V_OK && wc.status == IW_WC_SUCCESS));
        if (k == 1) CHECK(stag_valid(&RB, b_mr)); /* SEC-005b */
        if (k == 3) { /* still bound to B0: A0 can write through it */
            iw_stag_info si;
            CHECK(iw_stag_query(&RB.r, mw >> 8, &si) == IW_V_OK && si.qp_id == QB[0].qp.id); /* SEC-005d */
            w = rdma_wr(IW_WR_WRITE, 5, a_mr, 0, mw, VA(&RB, 8), 8);
            REQUIRE(post1(&QA[0], &w) == IW_V_OK);
            vf_flow();
            CHECK_EQ(wc_next(&QA[0].scq, 5), IW_WC_SUCCESS);
            CHECK_MEM(RB.mem + 8, RA.mem, 8);
        }
        if (check__failed_here) {
            fprintf(stderr, "  case %d\n", k);
            return;
        }
    }
}

/* ---- SEC-006: STag Indexes are hard to predict ---- */

static iw_stag_ent big[2][4096];
static unsigned long long g_hostrng;
static uint32_t vs_random(void *ctx)
{
    (void)ctx;
    return (uint32_t)(check_rand(&g_hostrng) >> 32);
}
static void alloc_seq(int t, const iw_rnic_host_ops *ops, uint64_t seed, uint32_t *idx, int n)
{
    static iw_rnic r;
    uint32_t pd = 0, s = 0;
    int i;
    memset(&r, 0, sizeof r);
    for (i = 0; i < n; i++) idx[i] = 0;
    if (iw_rnic_open(&r, ops, NULL, big[t], 4096, seed, 0) != IW_V_OK || iw_pd_alloc(&r, &pd) != IW_V_OK) return;
    for (i = 0; i < n; i++) {
        if (iw_mw_alloc(&r, pd, (uint8_t)i, &s) != IW_V_OK) return;
        idx[i] = s >> 8;
    }
}
static void t_sec006(void)
{
    static const iw_rnic_host_ops hr = {.map = vf_map, .random = vs_random};
    uint32_t a[64], b[64], c[64], d[64];
    int i, j, consec = 0, q[4] = {0, 0, 0, 0}, differ = 0, differ2 = 0;
    alloc_seq(0, &vf_rnic_ops, 1111, a, 64);
    alloc_seq(1, &vf_rnic_ops, 2222, b, 64);
    for (i = 0; i < 64; i++) {
        CHECK(a[i] >= 1 && a[i] < 4096);
        for (j = 0; j < i; j++) CHECK(a[i] != a[j]);
        if (i && (a[i] == a[i - 1] + 1 || a[i] + 1 == a[i - 1])) consec++;
        q[a[i] * 4 / 4096]++;
        differ += a[i] != b[i];
    }
    CHECK(consec < 8);                              /* not a counter */
    CHECK(q[0] >= 4 && q[1] >= 4 && q[2] >= 4 && q[3] >= 4); /* spread over the table */
    CHECK(differ >= 56);                            /* another seed, another sequence */
    /* with a host random source: two sources, same seed argument, different sequences */
    g_hostrng = 0x1234567;
    alloc_seq(0, &hr, 1, c, 64);
    g_hostrng = 0x7654321;
    alloc_seq(1, &hr, 1, d, 64);
    for (i = 0; i < 64; i++) differ2 += c[i] != d[i];
    CHECK(differ2 >= 56);
}

/* ---- an error on one stream leaves the others working ---- */

static void t_sec011(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_wc wc;
    g_share_cq_b = 1; /* B0 and B1 share their CQs */
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    /* B1 has a completed Receive waiting in the shared CQ */
    w = swr1(IW_WR_SEND, 1, a_mr, VA(&RA, 0), 32);
    REQUIRE(recv1(&QB[1], 11, b_mr, VA(&RB, 1000), 32) == IW_V_OK);
    REQUIRE(recv1(&QB[0], 12, b_mr, VA(&RB, 2000), 32) == IW_V_OK);
    REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    vf_flow();
    REQUIRE(wc_next(&QA[1].scq, 1) == IW_WC_SUCCESS);
    /* A0 writes past the end of the MR: B0 ends */
    snap();
    w = rdma_wr(IW_WR_WRITE, 2, a_mr, 0, b_mr, VA(&RB, MEM - 8), 16);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());
    CHECK(term_is(&QB[0], 1, 1, 1, 0x01)); /* DDP-022b: 8 octets past the end */
    CHECK_EQ(nev_of(&RB, QB[0].qp.id, IW_AE_PROTECTION), 1);
    iw_qp_llp_event(&QB[0].qp, IW_QP_LLP_CLOSED);
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_ERROR);
    /* B1: its WC is still there, first in the CQ; then B0's flushed Receive */
    REQUIRE(iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK);
    /* SEC-011b: B1's WC kept, first */
    CHECK(wc.wr_id == 11 && wc.qp_id == QB[1].qp.id && wc.status == IW_WC_SUCCESS && wc.len == 32);
    CHECK_MEM(RB.mem + 1000, RA.mem, 32);
    REQUIRE(iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK);
    CHECK(wc.wr_id == 12 && wc.qp_id == QB[0].qp.id && wc.status == IW_WC_FLUSHED);
    /* B1 and B2 still work, through the same MR */
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS); /* SEC-011a */
    CHECK(stag_valid(&RB, b_mr));
    CHECK(send_ok(1, a_mr, b_mr, 3000, 40, 21)); /* SEC-011a SEC-011b: through the shared CQ */
    w = rdma_wr(IW_WR_WRITE, 22, a_mr, 200, b_mr, VA(&RB, 5000), 100);
    REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    w = rdma_wr(IW_WR_READ, 23, a_mr, 9000, b_mr, VA(&RB, 5000), 100);
    REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[1].scq, 22), IW_WC_SUCCESS);
    CHECK_EQ(wc_next(&QA[1].scq, 23), IW_WC_SUCCESS);
    CHECK_MEM(RB.mem + 5000, RA.mem + 200, 100);
    CHECK_MEM(RA.mem + 9000, RA.mem + 200, 100);
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS); /* SEC-011a */
    CHECK_EQ(iw_qp_state(&QB[2].qp), IW_QP_RTS); /* SEC-011a */
    CHECK_EQ(nev_of(&RB, QB[1].qp.id, (iw_async_event)0) + nev_of(&RB, QB[2].qp.id, (iw_async_event)0), 0);
    CHECK_EQ(nev_of(&RA, QA[1].qp.id, (iw_async_event)0), 0);
}

/* B0 and B1 receive from one S-RQ holding three Receives. B0 ends in error (A0 writes past
 * the end of B's MR): the S-RQ keeps the three for B1, whose three Sends take them in order. */
static void t_sec011_srq(void)
{
    uint32_t a_mr, b_mr;
    iw_srq_info si;
    iw_wc wc;
    int i;
    g_srq_b = 1;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    for (i = 0; i < 3; i++) {
        iw_recv_wr r;
        size_t n;
        memset(&r, 0, sizeof r);
        r.wr_id = 30u + (unsigned)i;
        r.nsge = 1;
        r.sgl[0].stag = b_mr;
        r.sgl[0].to = VA(&RB, 4000u + 100u * (unsigned)i);
        r.sgl[0].len = 64;
        REQUIRE(iw_srq_post(&vs_srq, &r, 1, &n) == IW_V_OK);
    }
    {
        iw_send_wr w = rdma_wr(IW_WR_WRITE, 2, a_mr, 0, b_mr, VA(&RB, MEM - 8), 16);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    }
    vf_flow();
    CHECK(term_is(&QB[0], 1, 1, 1, 0x01));
    iw_qp_llp_event(&QB[0].qp, IW_QP_LLP_CLOSED);
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_ERROR);
    REQUIRE(iw_srq_query(&vs_srq, &si) == IW_V_OK);
    CHECK_EQ(si.posted, 3); /* SEC-011c: B0's error took none of them */
    for (i = 0; i < 3; i++) {
        iw_send_wr w = swr1(IW_WR_SEND, 40u + (unsigned)i, a_mr, VA(&RA, 100u * (unsigned)i), 32);
        REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    }
    vf_flow();
    for (i = 0; i < 3; i++) {
        CHECK_EQ(wc_next(&QA[1].scq, 40u + (unsigned)i), IW_WC_SUCCESS); /* SEC-011c */
        REQUIRE(iw_cq_poll(&QB[1].rcq, &wc) == IW_V_OK);
        /* SEC-011c: B1 received through the S-RQ, in order */
        CHECK(wc.wr_id == 30u + (unsigned)i && wc.qp_id == QB[1].qp.id && wc.status == IW_WC_SUCCESS);
        CHECK_MEM(RB.mem + 4000 + 100 * i, RA.mem + 100 * i, 32);
    }
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS);
}

/* ---- SEC-012: Fast-Register only on a privileged QP ---- */

static void t_sec012(void)
{
    uint32_t s0 = 0, s1 = 0;
    iw_send_wr w;
    iw_stag_info si;
    g_priv_a0 = 0;
    REQUIRE(vs_up());
    REQUIRE(iw_mr_alloc_stag(&RA.r, RA.pd, NPG, 1, 0x10, &s0) == IW_V_OK);
    REQUIRE(iw_mr_alloc_stag(&RA.r, RA.pd, NPG, 1, 0x11, &s1) == IW_V_OK);
    w = swr(IW_WR_FAST_REG, 1);
    w.fr.acc = ACC_LOCAL;
    w.fr.va = VA(&RA, 0);
    w.fr.len = 2 * PG;
    w.fr.page_size = PG;
    w.fr.pbl = RA.pbl;
    w.fr.npbl = 2;
    w.fr_stag = s1;
    REQUIRE(post1(&QA[1], &w) == IW_V_OK); /* privileged QP of the same PD: works */
    CHECK_EQ(wc_next(&QA[1].scq, 1), IW_WC_SUCCESS);
    CHECK(stag_valid(&RA, s1));
    w.fr_stag = s0;
    w.wr_id = 2;
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_QP_NOT_PRIVILEGED); /* SEC-012 VERBS-050a */
    CHECK(iw_stag_query(&RA.r, s0 >> 8, &si) == IW_V_OK && !si.valid);
    CHECK(term_is(&QA[0], 1, 0, 0, 0));
    CHECK(term_is(&QB[0], 0, 0, 0, 0));
    CHECK_EQ(nev_of(&RA, QA[0].qp.id, (iw_async_event)0), 0);
    /* STag 0 in an SGE of a non-privileged QP: a protection error */
    g_priv_a0 = 0;
    REQUIRE(vs_up());
    w = swr1(IW_WR_SEND, 3, 0, VA(&RA, 0), 8);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_INVALID_STAG); /* VERBS-039c */
    CHECK(term_is(&QA[0], 1, 0, 0, 0));
}

/* ---- SEC-013: an incoming tagged segment with STag 0 ---- */

static void t_sec013(void)
{
    uint32_t a_mr;
    iw_send_wr w;
    int i, found = 0;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    REQUIRE(a_mr);
    snap();
    w = rdma_wr(IW_WR_WRITE, 1, a_mr, 0, 0, VA(&RB, 0), 64);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());
    CHECK(term_is(&QB[0], 1, 1, 1, 0x00)); /* DDP-019d VERBS-039b */
    CHECK(term_is(&QA[0], 0, 1, 1, 0x00));
    for (i = 0; i < RB.nev; i++)
        if (RB.ev[i].event == IW_AE_PROTECTION && RB.ev[i].resource == IW_RES_QP && RB.ev[i].id == QB[0].qp.id &&
            RB.ev[i].term.layer == 1 && RB.ev[i].term.etype == 1 && RB.ev[i].term.ecode == 0)
            found++;
    CHECK_EQ(found, 1);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_TERMINATE);
}

/* ---- SEC-016: IRD is accounted per QP ---- */

/* B0's socket is full, so its 4 Read Responses wait and its IRD (4) stays taken; Reads to B1 on
 * the same RNIC are still answered, and a 5th Read to B0 (A0's ORD raised past B0's IRD) is
 * refused by B0 alone (RDMAP-039's Terminate), B1 untouched and still answering. */
static void t_sec016(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_qp_attr at;
    int i;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, ACC_LOCAL | IW_ACC_REMOTE_READ, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    for (i = 0; i < 256; i++) RB.mem[i] = (uint8_t)(i * 7 + 1);
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_RTS;
    at.set_ord = 1;
    at.ord = 8;
    REQUIRE(iw_qp_modify(&QA[0].qp, &at) == IW_V_OK);
    QB[0].h.hold = 1;
    for (i = 0; i < 4; i++) {
        w = rdma_wr(IW_WR_READ, (uint64_t)(10 + i), a_mr, 1024u + 64u * (unsigned)i, b_mr, VA(&RB, 0), 64);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    }
    vf_flow();
    CHECK_EQ(iw_rdmap_ird_outstanding(&QB[0].qp.rs), 4);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
    for (i = 0; i < 4; i++) { /* B1 has its own IRD */
        w = rdma_wr(IW_WR_READ, (uint64_t)(20 + i), a_mr, 4096u + 64u * (unsigned)i, b_mr, VA(&RB, 0), 64);
        REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    }
    vf_flow();
    for (i = 0; i < 4; i++) CHECK_EQ(wc_next(&QA[1].scq, (uint64_t)(20 + i)), IW_WC_SUCCESS);
    CHECK(memcmp(RA.mem + 4096, RB.mem, 64) == 0 && memcmp(RA.mem + 4096 + 192, RB.mem, 64) == 0);
    CHECK_EQ(iw_rdmap_ird_outstanding(&QB[1].qp.rs), 0);
    w = rdma_wr(IW_WR_READ, 14, a_mr, 2048, b_mr, VA(&RB, 0), 64);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(term_is(&QB[0], 1, 1, 2, 0x03)); /* DDP untagged, MSN out of range (RDMAP-039) */
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS);
    CHECK_EQ(iw_qp_state(&QB[2].qp), IW_QP_RTS);
    w = rdma_wr(IW_WR_READ, 30, a_mr, 8192, b_mr, VA(&RB, 0), 64);
    REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[1].scq, 30), IW_WC_SUCCESS);
    CHECK(memcmp(RA.mem + 8192, RB.mem, 64) == 0);
}

/* SEC-016, the held Reads' side: B0's 4 Reads wait (its socket full) while B1 serves 4 of its
 * own (different sinks at A); then B0's socket drains and B0's 4 Responses must still be its
 * own: each lands in A0's sink of that Read, with B's data. */
static void t_sec016_held(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    int i;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, ACC_LOCAL | IW_ACC_REMOTE_READ, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    for (i = 0; i < 512; i++) RB.mem[i] = (uint8_t)(i * 7 + 1);
    QB[0].h.hold = 1;
    for (i = 0; i < 4; i++) {
        w = rdma_wr(IW_WR_READ, (uint64_t)(10 + i), a_mr, 1024u + 64u * (unsigned)i, b_mr,
                    VA(&RB, 64u * (unsigned)i), 64);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    }
    vf_flow();
    REQUIRE(iw_rdmap_ird_outstanding(&QB[0].qp.rs) == 4);
    for (i = 0; i < 4; i++) {
        w = rdma_wr(IW_WR_READ, (uint64_t)(20 + i), a_mr, 4096u + 64u * (unsigned)i, b_mr,
                    VA(&RB, 256u + 64u * (unsigned)i), 64);
        REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    }
    vf_flow();
    for (i = 0; i < 4; i++) CHECK_EQ(wc_next(&QA[1].scq, (uint64_t)(20 + i)), IW_WC_SUCCESS);
    QB[0].h.hold = 0;
    (void)iw_mpa_tx_resume(&QB[0].c);
    vf_flow();
    for (i = 0; i < 4; i++) CHECK_EQ(wc_next(&QA[0].scq, (uint64_t)(10 + i)), IW_WC_SUCCESS); /* SEC-016 */
    CHECK(memcmp(RA.mem + 1024, RB.mem, 256) == 0); /* SEC-016: B0's Responses are B0's Reads */
    CHECK(memcmp(RA.mem + 4096, RB.mem + 256, 256) == 0);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
}

/* ---- SEC-015: no successful WC for a message with a CRC error ---- */

static void t_sec015(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_wc wc;
    size_t at;
    REQUIRE(vs_up());
    REQUIRE(QB[0].qp.info.crc && QA[0].qp.info.crc); /* CRC negotiated */
    REQUIRE(vs_mrs(&a_mr, &b_mr));
    CHECK(send_ok(0, a_mr, b_mr, 0, 100, 1)); /* the path works */
    REQUIRE(recv1(&QB[0], 2, b_mr, VA(&RB, 1000), 100) == IW_V_OK);
    REQUIRE(recv1(&QB[0], 3, b_mr, VA(&RB, 2000), 100) == IW_V_OK);
    w = swr1(IW_WR_SEND, 2, a_mr, VA(&RA, 0), 100);
    at = QA[0].h.wire_len;
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    REQUIRE(QA[0].h.wire_len > at + 2 + 18 + 50);
    QA[0].out[at + 2 + 18 + 50] ^= 0x20; /* one payload octet */
    vf_flow();
    while (iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK) {
        CHECK(wc.status != IW_WC_SUCCESS);
        if (wc.status == IW_WC_SUCCESS) fprintf(stderr, "  WC %llu success\n", (unsigned long long)wc.wr_id);
    }
    CHECK(iw_qp_state(&QB[0].qp) != IW_QP_RTS);
    iw_qp_llp_event(&QB[0].qp, IW_QP_LLP_CLOSED);
    while (iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK) CHECK(wc.status != IW_WC_SUCCESS);
    CHECK(nev_of(&RB, QB[0].qp.id, IW_AE_LLP_INTEGRITY) == 1);
}

/* ---- SEC-007: a CQ overflow ends only the QPs of that CQ ---- */

static void t_cq_overflow(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    int i;
    g_rcq_b0 = 2;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    for (i = 0; i < 3; i++) REQUIRE(recv1(&QB[0], 10u + (unsigned)i, b_mr, VA(&RB, 100u * (unsigned)i), 16) == IW_V_OK);
    for (i = 0; i < 3; i++) {
        w = swr(IW_WR_SEND, 20u + (unsigned)i);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    }
    vf_flow();
    CHECK_EQ(nev_of(&RB, QB[0].qp.id, IW_AE_CQ_RQ_ERROR), 1); /* VERBS-083c */
    CHECK(iw_qp_state(&QB[0].qp) == IW_QP_TERMINATE || iw_qp_state(&QB[0].qp) == IW_QP_ERROR);
    CHECK(term_is(&QA[0], 0, 0, 2, 0x07));
    if (RB.nev != 1) {
        fprintf(stderr, "  B raised %d async events:", RB.nev);
        for (i = 0; i < RB.nev && i < 32; i++) fprintf(stderr, " %s(QP %u)", iw_async_event_str(RB.ev[i].event), RB.ev[i].id);
        fprintf(stderr, "\n");
    }
    /* one error: the QP's CQ/RQ Error, and the CQ's own "CQ Overflow Detected" (verbs §5.3),
     * once, however many WCs it then loses (the flushed ones of the Terminate included) */
    CHECK_EQ(RB.nev, 2);
    {
        int k, nov = 0;
        for (k = 0; k < RB.nev && k < 32; k++)
            if (RB.ev[k].event == IW_AE_CQ_OVERFLOW) {
                nov++;
                CHECK_EQ(RB.ev[k].resource, IW_RES_CQ);        /* VERBS-091b */
                CHECK(RB.ev[k].handle == (void *)&QB[0].rcq); /* VERBS-091b VERBS-083d */
            }
        CHECK_EQ(nov, 1); /* VERBS-083d */
    }
    /* VERBS-083a: the other QPs of the RNIC, with their own CQs, go on */
    CHECK(send_ok(1, a_mr, b_mr, 4000, 50, 31));
    CHECK(send_ok(2, vf_reg(&RA, ACC_LOCAL, 9, RA.pd2, 0), vf_reg(&RB, ACC_LOCAL, 3, RB.pd2, 0), 5000, 50, 32));
    for (i = 0; i < 40; i++) {
        CHECK(send_ok(1, a_mr, b_mr, 6000, 8, 100u + (unsigned)i)); /* far more WCs than B0's CQ holds */
        if (check__failed_here) break;
    }
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS); /* VERBS-083a */
    CHECK_EQ(iw_qp_state(&QB[2].qp), IW_QP_RTS); /* VERBS-083a */
    CHECK_EQ(nev_of(&RB, QB[1].qp.id, (iw_async_event)0) + nev_of(&RB, QB[2].qp.id, (iw_async_event)0), 0);
}

/* VERBS-083b: B0's send CQ shrunk to 2 entries; its third signaled WR overflows it: CQ/SQ Error. */
static void t_verbs083b(void)
{
    static iw_wc ring[2];
    iw_send_wr w;
    unsigned i;
    REQUIRE(vs_up());
    REQUIRE(iw_cq_resize(&QB[0].scq, ring, 2) == IW_V_OK);
    for (i = 0; i < 3; i++) {
        w = swr(IW_WR_WRITE, 1u + i); /* zero-length */
        (void)post1(&QB[0], &w);
    }
    vf_flow();
    CHECK_EQ(nev_of(&RB, QB[0].qp.id, IW_AE_CQ_SQ_ERROR), 1); /* VERBS-083b */
    CHECK_EQ(nev_of(&RB, QB[0].qp.id, IW_AE_CQ_RQ_ERROR), 0); /* VERBS-083b */
    CHECK(iw_qp_state(&QB[0].qp) == IW_QP_TERMINATE || iw_qp_state(&QB[0].qp) == IW_QP_ERROR);
}

/* RNIC Catastrophic Failure of B with three QPs in RTS: each goes to Error and each peer
 * receives (0,2,0x08). */
static void t_verbs092(void)
{
    int i;
    REQUIRE(vs_up());
    iw_rnic_catastrophic(&RB.r);
    vf_flow();
    for (i = 0; i < VF_NQ; i++) {
        CHECK_EQ(iw_qp_state(&QB[i].qp), IW_QP_ERROR); /* VERBS-092a */
        CHECK(term_is(&QA[i], 0, 0, 2, 0x08));        /* VERBS-092b */
    }
}

/* ---- memory verbs ---- */

/* RI-Reregister with windows bound fails and changes nothing, as does one of a window's
 * STag (Invalid STag Index); another failure deallocates the MR. */
static void t_verbs044(void)
{
    uint32_t a_mr, b_mr, mw = 0, ns = 0;
    iw_mr_reg g;
    iw_stag_info si;
    iw_send_wr w;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x60, &mw) == IW_V_OK);
    REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, 0), PG, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
    g = vf_pages(&RB, RB.pd, 0x22, IW_ACC_LOCAL_READ, 1);
    CHECK_EQ(iw_mr_reregister(&RB.r, b_mr, &g, &ns), IW_V_MW_BOUND_TO_MR); /* VERBS-044a */
    /* VERBS-044a: unchanged */
    CHECK(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && si.valid && si.key == 2 && si.acc == ACC_ALL &&
          si.len == MEM && si.pd == RB.pd);
    CHECK_EQ(iw_mr_reregister(&RB.r, mw, &g, &ns), IW_V_INVALID_STAG_INDEX); /* VERBS-044c: not an MR */
    CHECK(stag_valid(&RB, mw));                                              /* VERBS-044c: unchanged */
    CHECK_EQ(iw_mr_reregister(NULL, b_mr, &g, &ns), IW_V_INVALID_RNIC);      /* VERBS-044c */
    w = rdma_wr(IW_WR_WRITE, 2, a_mr, 0, b_mr, VA(&RB, MEM - 100), 100); /* all of it still registered */
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS);
    CHECK_MEM(RB.mem + MEM - 100, RA.mem, 100);
    /* unbound: a reregistration with invalid rights fails and the MR is gone */
    REQUIRE(local_inval(&QB[0], 3, mw) == IW_WC_SUCCESS);
    g.acc = IW_ACC_REMOTE_WRITE; /* no local right */
    CHECK_EQ(iw_mr_reregister(&RB.r, b_mr, &g, &ns), IW_V_INVALID_ACCESS);
    CHECK_EQ(iw_stag_query(&RB.r, b_mr >> 8, &si), IW_V_INVALID_STAG_INDEX); /* VERBS-044b: deallocated */
    snap();
    w = rdma_wr(IW_WR_WRITE, 4, a_mr, 0, b_mr, VA(&RB, 0), 100);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());                         /* VERBS-044b */
    CHECK(term_is(&QB[0], 1, 1, 1, 0x00)); /* VERBS-044b: no access through it */
    /* its PD is no longer used by it; an unknown Index changes nothing */
    CHECK_EQ(iw_mr_reregister(&RB.r, b_mr, &g, &ns), IW_V_INVALID_STAG_INDEX);
    /* control: a reregistration that succeeds keeps the Index, takes the new Key */
    {
        uint32_t s2 = vf_reg(&RB, ACC_LOCAL, 5, RB.pd, 0);
        g.acc = IW_ACC_LOCAL_READ;
        REQUIRE(s2);
        CHECK_EQ(iw_mr_reregister(&RB.r, s2, &g, &ns), IW_V_OK);
        CHECK(stag_valid(&RB, ns) && ns >> 8 == s2 >> 8 && (ns & 0xFF) == 0x22);
    }
}

/* Register Shared MR needs a Valid MR and its Key; a new Index, Valid. */
static void t_verbs047(void)
{
    uint32_t a_mr, b_mr, inv = 0, ns = 0;
    iw_stag_info si;
    iw_send_wr w;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, ACC_LOCAL, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    REQUIRE(iw_mr_alloc_stag(&RB.r, RB.pd, NPG, 1, 0x30, &inv) == IW_V_OK);
    /* VERBS-047a: an Invalid MR */
    CHECK(iw_mr_register_shared(&RB.r, inv, RB.pd, ACC_LOCAL, 0x31, 0, VA(&RB, 0), &ns) != IW_V_OK);
    /* VERBS-047a: the wrong Key */
    CHECK(iw_mr_register_shared(&RB.r, b_mr ^ 0x80u, RB.pd, ACC_LOCAL, 0x31, 0, VA(&RB, 0), &ns) != IW_V_OK);
    /* VERBS-047a: STag 0 */
    CHECK(iw_mr_register_shared(&RB.r, 0, RB.pd, ACC_LOCAL, 0x31, 0, VA(&RB, 0), &ns) != IW_V_OK);
    CHECK(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && !si.shared);
    CHECK(iw_stag_query(&RB.r, inv >> 8, &si) == IW_V_OK && !si.shared && !si.valid);
    ns = 0;
    REQUIRE(iw_mr_register_shared(&RB.r, b_mr, RB.pd, ACC_LOCAL | IW_ACC_REMOTE_WRITE, 0x31, 1, 0, &ns) == IW_V_OK);
    CHECK(ns >> 8 != b_mr >> 8 && ns >> 8 != 0); /* VERBS-047b: a new Index */
    CHECK_EQ(ns & 0xFF, 0x31);
    CHECK(iw_stag_query(&RB.r, ns >> 8, &si) == IW_V_OK && si.valid && si.shared && si.zero_based); /* VERBS-047b */
    /* VERBS-047c: the input MR is Shared now */
    CHECK(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && si.valid && si.shared && si.acc == ACC_LOCAL);
    /* the shared MR maps the same memory: a zero-based Write at TO 300 lands at octet 300 */
    w = rdma_wr(IW_WR_WRITE, 1, a_mr, 0, ns, 300, 50);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 1), IW_WC_SUCCESS);
    CHECK_MEM(RB.mem + 300, RA.mem, 50);
}

/* A Shared MR cannot be invalidated, locally or remotely. */
static void t_verbs048(void)
{
    int k;
    for (k = 0; k < 3; k++) { /* 0: local, the new STag; 1: local, the original; 2: remote */
        uint32_t b_mr, ns = 0, t;
        REQUIRE(vs_up());
        b_mr = vf_reg(&RB, ACC_ALL, 2, RB.pd, 0);
        REQUIRE(b_mr);
        REQUIRE(iw_mr_register_shared(&RB.r, b_mr, RB.pd, ACC_LOCAL | IW_ACC_REMOTE_READ, 0x44, 0, VA(&RB, 0), &ns) ==
                IW_V_OK);
        t = k == 1 ? b_mr : ns;
        snap();
        if (k < 2) {
            unsigned st = local_inval(&QB[0], 1, t);
            CHECK(st != IW_WC_SUCCESS && st < 0xFFF0u); /* VERBS-048a: a WC error */
            vf_flow();
            CHECK(term_is(&QB[0], 1, 0, 0, 0));
            CHECK(term_is(&QA[0], 0, 0, 0, 0));
            CHECK_EQ(nev_of(&RB, QB[0].qp.id, (iw_async_event)0), 0); /* the WC reports it */
        } else {
            iw_send_wr w = swr(IW_WR_SEND_INV, 2);
            w.inval_stag = t;
            REQUIRE(recv1(&QB[0], 3, b_mr, VA(&RB, 0), 64) == IW_V_OK);
            REQUIRE(post1(&QA[0], &w) == IW_V_OK);
            vf_flow();
            CHECK(term_is(&QB[0], 1, 0, 1, 0x09)); /* VERBS-048b: Terminate (0,1,0x09) */
            CHECK(term_is(&QA[0], 0, 0, 1, 0x09)); /* VERBS-048b */
        }
        CHECK(same());
        CHECK(stag_valid(&RB, ns));
        CHECK(stag_valid(&RB, b_mr));
        if (check__failed_here) {
            fprintf(stderr, "  Shared MR invalidate case %d\n", k);
            return;
        }
    }
}

/* Deallocate with windows bound is refused; afterwards no access at all. */
static void t_verbs049(void)
{
    uint32_t a_mr, b_mr, mw = 0;
    iw_stag_info si;
    iw_send_wr w;
    int k;
    for (k = 0; k < 3; k++) { /* after deallocation: 0 a Write, 1 a Read, 2 a local SGE */
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
        REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x60, &mw) == IW_V_OK);
        REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, PG), PG, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
        CHECK_EQ(iw_stag_dealloc(&RB.r, b_mr >> 8), IW_V_MW_BOUND_TO_MR); /* VERBS-049a */
        CHECK(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && si.valid && si.acc == ACC_ALL); /* VERBS-049a */
        CHECK(stag_valid(&RB, mw));
        w = rdma_wr(IW_WR_WRITE, 2, a_mr, 0, mw, VA(&RB, PG), 10); /* the window still works */
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS);
        REQUIRE(local_inval(&QB[0], 3, mw) == IW_WC_SUCCESS);
        CHECK_EQ(iw_stag_dealloc(&RB.r, b_mr >> 8), IW_V_OK);
        CHECK_EQ(iw_stag_query(&RB.r, b_mr >> 8, &si), IW_V_INVALID_STAG_INDEX);
        snap();
        if (k == 0) {
            w = rdma_wr(IW_WR_WRITE, 4, a_mr, 0, b_mr, VA(&RB, 0), 100);
            REQUIRE(post1(&QA[0], &w) == IW_V_OK);
            vf_flow();
            CHECK(term_is(&QB[0], 1, 1, 1, 0x00)); /* VERBS-049b: a Write after it */
        } else if (k == 1) {
            w = rdma_wr(IW_WR_READ, 4, a_mr, 0, b_mr, VA(&RB, 0), 100);
            REQUIRE(post1(&QA[0], &w) == IW_V_OK);
            vf_flow();
            CHECK(term_is(&QB[0], 1, 0, 1, 0x00)); /* VERBS-049b: a Read after it */
            CHECK(wc_next(&QA[0].scq, 4) != IW_WC_SUCCESS);
        } else {
            w = swr1(IW_WR_SEND, 4, b_mr, VA(&RB, 0), 10);
            REQUIRE(post1(&QB[0], &w) == IW_V_OK);
            vf_flow();
            CHECK_EQ(wc_next(&QB[0].scq, 4), IW_WC_INVALID_STAG); /* VERBS-049b: a local SGE */
        }
        CHECK(same());
        if (check__failed_here) {
            fprintf(stderr, "  Deallocate case %d\n", k);
            return;
        }
    }
}

/* Fast-Register failures (VERBS-050b..k): each its WC status, a Terminate (0,0,0x00) and the
 * STag unchanged. Case 0 succeeds; the non-privileged QP's case is t_sec012's. */
static void t_verbs050(void)
{
    int k;
    for (k = 0; k < 10; k++) {
        uint32_t s = 0;
        iw_send_wr w;
        iw_stag_info before, after;
        uint64_t pbl[NPG];
        unsigned st;
        REQUIRE(vs_up());
        if (k == 1)
            s = vf_reg(&RA, ACC_LOCAL, 0x33, RA.pd, 0);
        else
            REQUIRE(iw_mr_alloc_stag(&RA.r, k == 2 ? RA.pd2 : RA.pd, k == 4 ? 1u : k == 0 ? 4u : NPG, 1, 0x33, &s) ==
                    IW_V_OK); /* k 0: exactly the 4 PBL entries it registers */
        REQUIRE(s && iw_stag_query(&RA.r, s >> 8, &before) == IW_V_OK);
        memcpy(pbl, RA.pbl, sizeof pbl);
        if (k == 8) pbl[2] += 8; /* a page address not aligned to the page size */
        w = swr(IW_WR_FAST_REG, 1);
        w.fr_stag = (s & ~0xFFu) | 0x34;
        w.fr.acc = k == 3 ? (IW_ACC_LOCAL_READ | IW_ACC_REMOTE_WRITE) : ACC_LOCAL | IW_ACC_REMOTE_WRITE;
        w.fr.va = VA(&RA, 0) + (k == 7 ? 8u : 0u);
        w.fr.len = k == 9 ? 4 * PG + 1 : 4 * PG; /* k 9: one octet beyond the 4 pages */
        w.fr.page_size = k == 5 ? 3000u : PG;
        w.fr.fbo = k == 6 ? PG : 0u;
        w.fr.pbl = pbl;
        w.fr.npbl = 4;
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        st = wc_next(&QA[0].scq, 1);
        switch (k) {
        case 0: CHECK_EQ(st, IW_WC_SUCCESS); break; /* VERBS-040c: a PBL of the size allocated fits */
        case 1: CHECK_EQ(st, IW_WC_STAG_NOT_INVALID); break; /* VERBS-050b */
        case 2: CHECK_EQ(st, IW_WC_INVALID_PD); break;       /* VERBS-050c */
        case 3: CHECK_EQ(st, IW_WC_INVALID_ACCESS); break;   /* VERBS-050i */
        case 4: CHECK_EQ(st, IW_WC_PBL_TOO_LONG); break;     /* VERBS-050d */
        /* Figure 36 has both "Invalid Page Size" and "Invalid Physical Buffer Size" */
        case 5: CHECK(st == IW_WC_INVALID_PB_SIZE || st == IW_WC_INVALID_PAGE_SIZE); break; /* VERBS-050e */
        case 6: CHECK_EQ(st, IW_WC_INVALID_FBO); break;       /* VERBS-050g */
        case 7: CHECK_EQ(st, IW_WC_INVALID_VA); break;        /* VERBS-050j */
        case 8: CHECK_EQ(st, IW_WC_INVALID_PBL_ENTRY); break; /* VERBS-050f */
        default: CHECK_EQ(st, IW_WC_INVALID_FR_LENGTH); break; /* VERBS-050h */
        }
        if (k == 0) {
            CHECK(stag_valid(&RA, w.fr_stag));
            CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_RTS);
        } else {
            CHECK(term_is(&QA[0], 1, 0, 0, 0)); /* VERBS-050k: Terminate (0,0,0x00) sent */
            CHECK(term_is(&QB[0], 0, 0, 0, 0)); /* VERBS-050k: and received */
            CHECK_EQ(RA.nev, 0);                /* VERBS-050k: the WC reports it, no event */
            /* VERBS-050k: the STag is as it was */
            CHECK(iw_stag_query(&RA.r, s >> 8, &after) == IW_V_OK && after.valid == before.valid &&
                  after.key == before.key && after.pd == before.pd && after.acc == before.acc);
            iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
            CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
        }
        if (check__failed_here) {
            fprintf(stderr, "  Fast-Register case %d (status %u)\n", k, st);
            return;
        }
    }
}

/* An invalidated MR keeps its PD, Remote Access Flag and PBL capacity. */
static void t_verbs052(void)
{
    uint32_t a_mr, b_mr, ns;
    iw_stag_info si;
    iw_send_wr w;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, ACC_LOCAL | IW_ACC_REMOTE_WRITE, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    REQUIRE(local_inval(&QB[0], 1, b_mr) == IW_WC_SUCCESS);
    REQUIRE(iw_stag_query(&RB.r, b_mr >> 8, &si) == IW_V_OK && !si.valid);
    CHECK_EQ(si.pd, RB.pd); /* VERBS-052a: its PD kept */
    CHECK(si.remote_ok);    /* VERBS-052b: its Remote Access Flag kept */
    CHECK_EQ(local_inval(&QB[0], 2, b_mr), IW_WC_SUCCESS); /* VERBS-052d: an Invalid STag again: fine */
    /* Fast-Register with the same PBL length and remote rights, a new Key */
    ns = (b_mr & ~0xFFu) | 0x52;
    w = swr(IW_WR_FAST_REG, 3);
    w.fr_stag = ns;
    w.fr.acc = ACC_LOCAL | IW_ACC_REMOTE_WRITE;
    w.fr.va = VA(&RB, 0);
    w.fr.len = MEM;
    w.fr.page_size = PG;
    w.fr.pbl = RB.pbl;
    w.fr.npbl = NPG;
    REQUIRE(post1(&QB[0], &w) == IW_V_OK);
    CHECK_EQ(wc_next(&QB[0].scq, 3), IW_WC_SUCCESS); /* VERBS-052a VERBS-052b VERBS-052c: NPG entries fit */
    CHECK(stag_valid(&RB, ns));
    w = rdma_wr(IW_WR_WRITE, 4, a_mr, 0, ns, VA(&RB, MEM - 64), 64);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 4), IW_WC_SUCCESS);
    CHECK_MEM(RB.mem + MEM - 64, RA.mem, 64);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
}

/* VERBS-053: an MR STag allocated without the Remote Access Flag gets no remote right. */
static void t_verbs053(void)
{
    int k;
    for (k = 0; k < 3; k++) { /* 0: local rights only (works); 1: Remote Write; 2: Remote Read */
        uint32_t s = 0;
        iw_send_wr w;
        iw_stag_info si;
        REQUIRE(vs_up());
        REQUIRE(iw_mr_alloc_stag(&RA.r, RA.pd, NPG, 0, 0x53, &s) == IW_V_OK);
        w = swr(IW_WR_FAST_REG, 1);
        w.fr_stag = s;
        w.fr.acc = ACC_LOCAL | (k == 1 ? IW_ACC_REMOTE_WRITE : k == 2 ? IW_ACC_REMOTE_READ : 0u);
        w.fr.va = VA(&RA, 0);
        w.fr.len = PG;
        w.fr.page_size = PG;
        w.fr.pbl = RA.pbl;
        w.fr.npbl = 1;
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        CHECK_EQ(wc_next(&QA[0].scq, 1), k == 0 ? IW_WC_SUCCESS : IW_WC_INVALID_ACCESS);
        CHECK(iw_stag_query(&RA.r, s >> 8, &si) == IW_V_OK && si.valid == (k == 0) && !si.remote_ok);
        if (k) {
            CHECK(term_is(&QA[0], 1, 0, 0, 0));
            CHECK(term_is(&QB[0], 0, 0, 0, 0));
        }
        if (check__failed_here) {
            fprintf(stderr, "  VERBS-053 case %d\n", k);
            return;
        }
    }
}

/* VERBS-054: Allocate MW: an Invalid window of the PD. */
static void t_verbs054(void)
{
    uint32_t a_mr, b_mr, mw = 0, x = 0;
    iw_stag_info si;
    iw_send_wr w;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    CHECK_EQ(iw_mw_alloc(&RB.r, 99, 1, &x), IW_V_INVALID_PD);
    REQUIRE(iw_mw_alloc(&RB.r, RB.pd2, 0x54, &mw) == IW_V_OK);
    CHECK(mw >> 8 != 0 && (mw & 0xFF) == 0x54);
    CHECK(iw_stag_query(&RB.r, mw >> 8, &si) == IW_V_OK && si.is_mw && !si.valid && si.pd == RB.pd2);
    { /* the window uses its PD: a PD used by nothing else cannot go while the window exists */
        uint32_t pd3 = 0, m3 = 0;
        REQUIRE(iw_pd_alloc(&RB.r, &pd3) == IW_V_OK);
        REQUIRE(iw_mw_alloc(&RB.r, pd3, 0x55, &m3) == IW_V_OK);
        CHECK(iw_stag_query(&RB.r, m3 >> 8, &si) == IW_V_OK && si.is_mw && !si.valid && si.pd == pd3);
        CHECK_EQ(iw_pd_dealloc(&RB.r, pd3), IW_V_PD_IN_USE);
        CHECK_EQ(iw_stag_dealloc(&RB.r, m3 >> 8), IW_V_OK);
        CHECK_EQ(iw_pd_dealloc(&RB.r, pd3), IW_V_OK);
    }
    /* Invalid: a peer's Write through it fails */
    snap();
    w = rdma_wr(IW_WR_WRITE, 1, vf_reg(&RA, ACC_LOCAL, 9, RA.pd2, 0), 0, mw, 0, 16);
    REQUIRE(w.sgl[0].stag && post1(&QA[2], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());
    CHECK(term_is(&QB[2], 1, 1, 1, 0x00));
    /* in PD 2: a QP of PD 1 cannot bind it */
    CHECK_EQ(bind_mw(&QB[0], 2, mw, b_mr, VA(&RB, 0), 64, IW_ACC_REMOTE_READ), IW_WC_INVALID_PD);
}

/* Bind failures (VERBS-055a..j), each with its WC status, the QP ending with Terminate (0,0,0x00). */
static void t_verbs055(void)
{
    static const unsigned want[17] = {
        IW_WC_SUCCESS,          IW_WC_STAG_NOT_INVALID, IW_WC_INVALID_WINDOW,   IW_WC_INVALID_WINDOW,
        IW_WC_INVALID_REGION,   IW_WC_INVALID_REGION,   IW_WC_INVALID_REGION,   IW_WC_INVALID_PD,
        IW_WC_INVALID_PD,       IW_WC_ACCESS_VIOLATION, IW_WC_ACCESS_VIOLATION, IW_WC_ACCESS_VIOLATION,
        IW_WC_ACCESS_VIOLATION, IW_WC_BASE_BOUNDS,      IW_WC_BASE_BOUNDS,      IW_WC_INVALID_REGION,
        IW_WC_ACCESS_VIOLATION};
    static const char *const what[17] = {
        "control", "MW not Invalid", "MW index unknown", "MW STag is an MR", "MR key wrong", "MR Invalid",
        "MR STag 0", "MW of another PD", "MR of another PD", "Remote Write, MR without Local Write",
        "Remote Read, MR without Local Read", "no rights", "MR without MW binding", "window past the MR end",
        "window before the MR", "zero-based MR", "QP Bind disabled"};
    int k, anyfail = 0;
    for (k = 0; k < 17; k++) {
        uint32_t b_mr, mw = 0, mr, mws;
        unsigned acc = IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE, mracc = ACC_ALL, st;
        uint64_t va, len = PG;
        iw_stag_info si;
        if (k == 16) g_bind_b0 = 0;
        REQUIRE(vs_up());
        va = VA(&RB, PG); /* RB.mem is set by vs_up */
        if (k == 9) mracc = IW_ACC_LOCAL_READ | IW_ACC_REMOTE_READ | IW_ACC_BIND;
        if (k == 10) mracc = IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE | IW_ACC_BIND;
        if (k == 12) mracc = ACC_LOCAL | IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE;
        b_mr = vf_reg(&RB, mracc, 2, k == 8 ? RB.pd2 : RB.pd, k == 15);
        REQUIRE(b_mr);
        REQUIRE(iw_mw_alloc(&RB.r, k == 7 ? RB.pd2 : RB.pd, 0x70, &mw) == IW_V_OK);
        mws = (mw & ~0xFFu) | 0x71;
        mr = b_mr;
        if (k == 9) acc = IW_ACC_REMOTE_WRITE;
        if (k == 10) acc = IW_ACC_REMOTE_READ;
        if (k == 11) acc = 0;
        if (k == 13) len = MEM;           /* [PG, PG + MEM) ends PG past the MR */
        if (k == 14) va = VA(&RB, 0) - 1; /* starts one octet before */
        if (k == 15) va = PG;             /* a TO of the zero-based MR */
        if (k == 1) REQUIRE(bind_mw(&QB[0], 1, mws, mr, va, len, acc) == IW_WC_SUCCESS);
        if (k == 2) mws = ((VF_NST - 1u) << 8) | 0x71; /* never allocated (the table has VF_NST entries) */
        if (k == 2 && iw_stag_query(&RB.r, VF_NST - 1u, &si) == IW_V_OK) mws = ((VF_NST - 2u) << 8) | 0x71;
        if (k == 3) mws = b_mr;
        if (k == 4) mr = b_mr ^ 0x01u;
        if (k == 5) REQUIRE(iw_mr_alloc_stag(&RB.r, RB.pd, NPG, 1, 0x72, &mr) == IW_V_OK);
        if (k == 6) mr = 0;
        snap();
        st = bind_mw(&QB[0], 2, mws, mr, va, len, acc);
        switch (k) {
        case 1: CHECK_EQ(st, want[k]); break;                          /* VERBS-055a */
        case 2: case 3: CHECK_EQ(st, want[k]); break;                  /* VERBS-055b */
        case 4: case 5: case 6: CHECK_EQ(st, want[k]); break;          /* VERBS-055c */
        case 7: case 8: CHECK_EQ(st, want[k]); break;                  /* VERBS-055d */
        case 16: CHECK_EQ(st, want[k]); break;                         /* VERBS-055e */
        case 12: CHECK_EQ(st, want[k]); break;                         /* VERBS-055f */
        case 9: case 10: case 11: CHECK_EQ(st, want[k]); break;        /* VERBS-055g */
        case 13: case 14: CHECK_EQ(st, want[k]); break;                /* VERBS-055h */
        case 15: CHECK_EQ(st, want[k]); break;                         /* VERBS-055i */
        default: CHECK_EQ(st, want[k]); break;
        }
        vf_flow();
        CHECK(same());
        if (k == 0) {
            CHECK(stag_valid(&RB, mws));
        } else {
            CHECK(term_is(&QB[0], 1, 0, 0, 0)); /* VERBS-055j: Terminate (0,0,0x00) sent */
            CHECK(term_is(&QA[0], 0, 0, 0, 0)); /* VERBS-055j: and received */
            CHECK_EQ(RB.nev, 0);                /* VERBS-055j: the WC reports it, no event */
            /* VERBS-055j: the window stays Invalid and unbound */
            if (k != 1 && k != 3) CHECK(iw_stag_query(&RB.r, mw >> 8, &si) == IW_V_OK && !si.valid && si.qp_id == 0);
            iw_qp_llp_event(&QB[0].qp, IW_QP_LLP_CLOSED);
            CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_ERROR); /* VERBS-055j: then Error */
        }
        if (check__failed_here) { /* report every failing case, not only the first */
            fprintf(stderr, "  Bind case %d (%s): status %u (%s)\n", k, what[k], st,
                    st < IW_WC_STATUS_END_ ? iw_wc_status_str((iw_wc_status)st) : "none");
            anyfail = 1;
            check__failed_here = 0;
        }
    }
    check__failed_here = anyfail;
}

/* Invalidating a window needs its QP; afterwards it is Invalid and unbound. */
static void t_verbs058(void)
{
    uint32_t a_mr, b_mr, mw = 0, mw2 = 0;
    iw_stag_info si;
    iw_send_wr w;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x58, &mw) == IW_V_OK);
    REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, 0), PG, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
    /* B1: same PD, not the window's QP */
    CHECK_EQ(local_inval(&QB[1], 2, mw), IW_WC_INVALID_PD); /* VERBS-058a */
    vf_flow();
    CHECK(term_is(&QB[1], 1, 0, 0, 0));
    CHECK(iw_stag_query(&RB.r, mw >> 8, &si) == IW_V_OK && si.valid && si.qp_id == QB[0].qp.id); /* VERBS-058a */
    w = rdma_wr(IW_WR_WRITE, 3, a_mr, 0, mw, VA(&RB, 0), 8);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_SUCCESS);
    /* B0: works; Invalid, unbound, in B0's PD */
    CHECK_EQ(local_inval(&QB[0], 4, mw), IW_WC_SUCCESS);
    /* VERBS-058c: Invalid, unbound, in B0's PD */
    CHECK(iw_stag_query(&RB.r, mw >> 8, &si) == IW_V_OK && !si.valid && si.qp_id == 0 && si.pd == RB.pd);
    CHECK_EQ(iw_qp_destroy(&QB[2].qp), IW_V_OK); /* (unrelated QP) */
    snap();
    w = rdma_wr(IW_WR_WRITE, 5, a_mr, 0, mw, VA(&RB, 0), 8);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());
    CHECK(term_is(&QB[0], 1, 1, 1, 0x00));
    CHECK_EQ(iw_stag_dealloc(&RB.r, b_mr >> 8), IW_V_OK); /* no window bound to the MR any more */
    /* an Invalid window needs the same PD: B1 (PD 1) cannot invalidate an Invalid window of PD 2;
     * B1 can invalidate an Invalid window of its own PD */
    REQUIRE(vs_up());
    REQUIRE(iw_mw_alloc(&RB.r, RB.pd2, 0x59, &mw2) == IW_V_OK);
    REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x5A, &mw) == IW_V_OK);
    CHECK_EQ(local_inval(&QB[1], 6, mw), IW_WC_SUCCESS);
    CHECK_EQ(local_inval(&QB[1], 7, mw2), IW_WC_INVALID_PD); /* VERBS-058b */
    CHECK(iw_stag_query(&RB.r, mw2 >> 8, &si) == IW_V_OK && !si.valid && si.pd == RB.pd2);
}

/* Destroy QP refused while windows are bound to it; fine once they are not (by a
 * local invalidate, a peer's Send with Invalidate, or deallocating the window). */
static void t_verbs034(void)
{
    int k;
    for (k = 0; k < 3; k++) {
        uint32_t b_mr, mw = 0;
        iw_qp_info qi;
        REQUIRE(vs_up());
        b_mr = vf_reg(&RB, ACC_ALL, 2, RB.pd, 0);
        REQUIRE(b_mr);
        REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x34, &mw) == IW_V_OK);
        REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, 0), PG, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
        CHECK_EQ(iw_qp_destroy(&QB[0].qp), IW_V_MW_BOUND_TO_QP); /* VERBS-034a */
        CHECK(iw_qp_query(&QB[0].qp, &qi) == IW_V_OK && qi.state == IW_QP_RTS); /* VERBS-034a */
        if (k == 0) {
            CHECK_EQ(local_inval(&QB[0], 2, mw), IW_WC_SUCCESS);
        } else if (k == 1) {
            iw_send_wr w = swr(IW_WR_SEND_INV, 3);
            iw_wc wc;
            w.inval_stag = mw;
            REQUIRE(recv1(&QB[0], 4, b_mr, VA(&RB, 0), 64) == IW_V_OK);
            REQUIRE(post1(&QA[0], &w) == IW_V_OK);
            vf_flow();
            CHECK(iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK && wc.status == IW_WC_SUCCESS && wc.inval &&
                  wc.inval_stag == mw);
        } else {
            CHECK_EQ(iw_stag_dealloc(&RB.r, mw >> 8), IW_V_OK);
            CHECK_EQ(iw_stag_dealloc(&RB.r, b_mr >> 8), IW_V_OK); /* the window is gone from the MR */
        }
        CHECK_EQ(iw_qp_destroy(&QB[0].qp), IW_V_OK);
        if (check__failed_here) {
            fprintf(stderr, "  windows bound, case %d\n", k);
            return;
        }
    }
}

/* VERBS-034b: A0 destroyed in RTS with a Read outstanding and a Receive posted, and A1 in
 * Terminate: Destroy QP works, and nothing that ends afterwards (the stream's flush, the peer's
 * Response) puts a CQE for them in their CQs. */
static void t_verbs034b(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_qp_attr at;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    w = rdma_wr(IW_WR_READ, 1, a_mr, 0, b_mr, VA(&RB, 0), 64);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    REQUIRE(recv1(&QA[0], 2, a_mr, VA(&RA, 1024), 64) == IW_V_OK);
    w = rdma_wr(IW_WR_READ, 3, a_mr, 2048, b_mr, VA(&RB, 0), 64);
    REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_TERMINATE;
    REQUIRE(iw_qp_modify(&QA[1].qp, &at) == IW_V_OK);
    {
        iw_wc wc; /* what completed before the Destroy (A1's Read, flushed at Terminate) */
        while (iw_cq_poll(&QA[1].scq, &wc) == IW_V_OK) {}
        while (iw_cq_poll(&QA[0].scq, &wc) == IW_V_OK) {}
    }
    CHECK_EQ(iw_qp_destroy(&QA[0].qp), IW_V_OK); /* VERBS-034b: in RTS */
    CHECK_EQ(iw_qp_destroy(&QA[1].qp), IW_V_OK); /* VERBS-034b: in Terminate */
    vf_flow();
    CHECK_EQ(QA[0].scq.count + QA[0].rcq.count, 0); /* VERBS-034b: no CQE after Destroy */
    CHECK_EQ(QA[1].scq.count + QA[1].rcq.count, 0); /* VERBS-034b */
}

/* A window's rights are its own: B's MR has only local rights and MW Binding, its
 * window Remote Write and Remote Read; A writes and reads through the window: both work. */
static void t_verbs057_mr_rights(void)
{
    uint32_t a_mr, b_mr, mw = 0;
    iw_send_wr w;
    iw_stag_info si;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, ACC_LOCAL | IW_ACC_BIND, 2, RB.pd, 0);
    REQUIRE(a_mr && b_mr);
    REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x57, &mw) == IW_V_OK);
    mw = (mw & ~0xFFu) | 0x58; /* bound with a new Key */
    REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, PG), PG, IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE) ==
            IW_WC_SUCCESS);
    REQUIRE(iw_stag_query(&RB.r, mw >> 8, &si) == IW_V_OK);
    CHECK(si.valid && si.key == 0x58); /* VERBS-056a: Valid, with the WR's Key */
    CHECK_EQ(si.qp_id, QB[0].qp.id);   /* VERBS-056c: bound to the QP that bound it */
    w = rdma_wr(IW_WR_WRITE, 2, a_mr, 0, mw, VA(&RB, PG), 32);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    w = rdma_wr(IW_WR_READ, 3, a_mr, 4096, mw, VA(&RB, PG + 64), 32);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS); /* VERBS-057g: the MR's rights not checked */
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_SUCCESS); /* VERBS-057g */
    /* VERBS-056b: through the window into the MR's memory at the window's place */
    CHECK(memcmp(RB.mem + PG, RA.mem, 32) == 0 && memcmp(RA.mem + 4096, RB.mem + PG + 64, 32) == 0);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
}

/* What an incoming access through a window is checked for (verbs §7.10.6.2). B's MR grants
 * every right; B0 binds a window over [PG, 2 PG) with Remote Write only. Per case one access
 * from A that one check must refuse, with its Terminate, nothing placed: 0 the window
 * invalidated, 1 a wrong Key, 2 from B1 (same PD), 3 running past the window's end (inside the
 * MR), 4 a Read (the window has no Remote Read), 5 B0's inbound Writes off. */
static void t_verbs057(void)
{
    static const unsigned ecode[6] = {0x00, 0x00, 0x02, 0x01, 0x02, 0x00};
    int k;
    for (k = 0; k < 6; k++) {
        uint32_t a_mr, b_mr, mw = 0, stag;
        int p = k == 2 ? 1 : 0, ok;
        iw_send_wr w;
        REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr) && iw_mw_alloc(&RB.r, RB.pd, 0x70, &mw) == IW_V_OK);
        REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, PG), PG, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
        if (k == 0) REQUIRE(local_inval(&QB[0], 2, mw) == IW_WC_SUCCESS);
        if (k == 5) QB[0].qp.cfg.write_en = 0; /* as if B0 were created with inbound Write disabled */
        stag = k == 1 ? mw ^ 1u : mw;
        snap();
        w = rdma_wr(k == 4 ? IW_WR_READ : IW_WR_WRITE, 3, a_mr, 0, stag, VA(&RB, k == 3 ? 2 * PG - 8 : PG), 16);
        REQUIRE(post1(&QA[p], &w) == IW_V_OK);
        vf_flow();
        ok = same() && term_is(&QB[p], 1, k == 4 ? 0u : 1u, 1, ecode[k]);
        switch (k) {
        case 0: CHECK(ok); break;  /* VERBS-057a: not Valid */
        case 1: CHECK(ok); break;  /* VERBS-057b: the Key */
        case 2: CHECK(ok); break;  /* VERBS-057c: the bound QP */
        case 3: CHECK(ok); break;  /* VERBS-057d: inside the window */
        case 4: CHECK(ok); break;  /* VERBS-057e: the window's own rights */
        default: CHECK(ok); break; /* VERBS-057f: the QP's inbound enable */
        }
        if (check__failed_here) {
            fprintf(stderr, "  window case %d\n", k);
            return;
        }
    }
}

/* VERBS-051: A0's Send is held in a full socket (not complete); behind it a Fast-Register of
 * STag x, then a Write whose source SGE is x. The registration must exist when the Write
 * executes, although the Send before it has not completed: the Write succeeds with x's data. */
static void t_verbs051(void)
{
    uint32_t a_mr, b_mr, x = 0;
    iw_send_wr w;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr) && iw_mr_alloc_stag(&RA.r, RA.pd, NPG, 1, 0x51, &x) == IW_V_OK);
    REQUIRE(recv1(&QB[0], 9, b_mr, VA(&RB, 4096), 256) == IW_V_OK);
    QA[0].h.hold = 1;
    w = swr1(IW_WR_SEND, 1, a_mr, VA(&RA, 0), 64);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    w = swr(IW_WR_FAST_REG, 2);
    w.fr_stag = x;
    w.fr.acc = ACC_LOCAL;
    w.fr.va = VA(&RA, 0);
    w.fr.len = MEM;
    w.fr.page_size = PG;
    w.fr.pbl = RA.pbl;
    w.fr.npbl = NPG;
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    w = rdma_wr(IW_WR_WRITE, 3, x, 512, b_mr, VA(&RB, 0), 64);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    QA[0].h.hold = 0;
    (void)iw_mpa_tx_resume(&QA[0].c);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 1), IW_WC_SUCCESS);
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS);
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_SUCCESS); /* VERBS-051: x was registered in time */
    CHECK(memcmp(RB.mem, RA.mem + 512, 64) == 0); /* VERBS-051 */
}

/* Local SGE checks, each on fresh QPs (the error ends B0's stream): k 0, a window bound to B0
 * itself as a Send's source (VERBS-059); k 1, a Receive whose MR lacks Local Write; k 2, a
 * Send source whose TO + length wraps; k 3, an unsignaled Send whose source STag has a wrong
 * Key: its error still gives a WC. */
static void t_local_sge(void)
{
    int k;
    for (k = 0; k < 4; k++) {
        uint32_t a_mr, b_mr, b_ro, mw = 0;
        iw_send_wr w;
        iw_wc wc;
        REQUIRE(vs_up());
        a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
        b_mr = vf_reg(&RB, ACC_ALL, 2, RB.pd, 0);
        b_ro = vf_reg(&RB, IW_ACC_LOCAL_READ, 3, RB.pd, 0);
        REQUIRE(a_mr && b_mr && b_ro);
        if (k == 0) {
            REQUIRE(iw_mw_alloc(&RB.r, RB.pd, 0x59, &mw) == IW_V_OK);
            REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, 0), PG, IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE) ==
                    IW_WC_SUCCESS);
            w = swr1(IW_WR_SEND, 2, mw, VA(&RB, 0), 16);
            REQUIRE(post1(&QB[0], &w) == IW_V_OK);
            vf_flow();
            CHECK_EQ(wc_next(&QB[0].scq, 2), IW_WC_INVALID_STAG); /* VERBS-059 */
        } else if (k == 1) {
            REQUIRE(recv1(&QB[0], 3, b_ro, VA(&RB, 0), 64) == IW_V_OK);
            w = swr1(IW_WR_SEND, 4, a_mr, VA(&RA, 0), 16);
            REQUIRE(post1(&QA[0], &w) == IW_V_OK);
            snap();
            vf_flow();
            CHECK(same()); /* VERBS-060b: nothing placed */
            CHECK(iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK && wc.wr_id == 3 &&
                  wc.status == IW_WC_ACCESS_VIOLATION); /* VERBS-060b: a Receive needs Local Write */
        } else if (k == 2) {
            w = swr1(IW_WR_SEND, 5, b_mr, 0xFFFFFFFFFFFFFFF0ull, 32);
            REQUIRE(post1(&QB[0], &w) == IW_V_OK);
            vf_flow();
            CHECK_EQ(wc_next(&QB[0].scq, 5), IW_WC_WRAP); /* VERBS-061d: TO + length wraps */
        } else {
            w = swr1(IW_WR_SEND, 6, b_mr ^ 0x01u, VA(&RB, 0), 16);
            w.flags = 0; /* unsignaled */
            REQUIRE(post1(&QB[0], &w) == IW_V_OK);
            vf_flow();
            CHECK_EQ(wc_next(&QB[0].scq, 6), IW_WC_INVALID_STAG); /* VERBS-069b: an error gives a WC */
        }
        CHECK(iw_qp_state(&QB[0].qp) != IW_QP_RTS);
        if (check__failed_here) {
            fprintf(stderr, "  local SGE case %d\n", k);
            return;
        }
    }
}

/* Zero-length SGEs are not validated (Send source, Receive, Write source). */
static void t_verbs062(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    iw_recv_wr r;
    iw_wc wc;
    size_t n;
    REQUIRE(vs_up() && vs_mrs(&a_mr, &b_mr));
    memset(&r, 0, sizeof r);
    r.wr_id = 1;
    r.nsge = 4; /* the 4th: zero length, STag 0 */
    r.sgl[0].stag = 0xDEAD00u; /* unknown STag, zero length */
    r.sgl[0].len = 0;
    r.sgl[1].stag = b_mr;
    r.sgl[1].to = VA(&RB, 500);
    r.sgl[1].len = 30;
    r.sgl[2].stag = b_mr ^ 0x5u; /* wrong key, zero length */
    r.sgl[2].to = ~0ull;
    REQUIRE(iw_qp_post_rq(&QB[0].qp, &r, 1, &n) == IW_V_OK); /* VERBS-068c: a Receive of 4 SGEs */
    w = swr(IW_WR_SEND, 2);
    w.nsge = 3;
    w.sgl[0].stag = 0xBEEF00u;
    w.sgl[1].stag = a_mr;
    w.sgl[1].to = VA(&RA, 0);
    w.sgl[1].len = 30;
    w.sgl[2].stag = 0; /* STag 0, zero length */
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS); /* VERBS-062a: the Send's two zero-length SGEs */
    REQUIRE(iw_cq_poll(&QB[0].rcq, &wc) == IW_V_OK);
    CHECK(wc.wr_id == 1 && wc.status == IW_WC_SUCCESS && wc.len == 30); /* VERBS-062b: the Receive's */
    CHECK_MEM(RB.mem + 500, RA.mem, 30);
    /* a zero-length RDMA Write with an unknown source SGE */
    w = rdma_wr(IW_WR_WRITE, 3, 0xABCD00u, 0, b_mr, VA(&RB, 0), 0);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_SUCCESS); /* VERBS-062a: a Write source */
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_RTS);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
}

/* Zero-length RDMA Read ("does not even require a valid Data Source STag", verbs §8.2.2.3) and
 * Write (any STag, ddp.md 6). No requirement ID: the rule lives in rdmap.h / ddp.h, not verbs.h. */
static void t_zero_read(void)
{
    iw_send_wr w;
    REQUIRE(vs_up());
    snap();
    w = rdma_wr(IW_WR_READ, 1, 0x123400u, 0, 0x567800u, 0, 0);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());
    CHECK_EQ(wc_next(&QA[0].scq, 1), IW_WC_SUCCESS);
    /* a zero-length RDMA Write is accepted with any STag (ddp.md 6) */
    w = rdma_wr(IW_WR_WRITE, 2, 0x123400u, 0, 0x567800u, 0, 0);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK(same());
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS);
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_RTS);
    CHECK_EQ(iw_qp_state(&QB[0].qp), IW_QP_RTS);
    CHECK_EQ(RB.nev, 0);
}

/* WR lists with a bad WR, and the Immediate Errors of PostSQ / PostRQ on an Idle QP. */
static iw_rnic lr;
static iw_stag_ent lst[16];
static iw_cq lcq;
static iw_wc lring[32];
static iw_qp lqp;
static iw_swqe lswqe[4];
static iw_rdmap_wr lrwr[4];
static iw_recv_wr lrwqe[4];
static iw_rdmap_inreq linreq[4];
static int local_qp(void)
{
    iw_qp_cfg qc;
    iw_qp_mem qm;
    uint32_t pd = 0;
    memset(&lr, 0, sizeof lr);
    if (iw_rnic_open(&lr, &vf_rnic_ops, &RA, lst, 16, 9, 0) != IW_V_OK || iw_pd_alloc(&lr, &pd) != IW_V_OK ||
        iw_cq_create(&lr, &lcq, lring, 32) != IW_V_OK)
        return 0;
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = qc.rq_cq = &lcq;
    qc.pd = pd;
    qc.sq_depth = qc.rq_depth = 4;
    qc.max_send_sge = qc.max_recv_sge = 2;
    qc.ird = qc.ord = 4;
    qc.read_en = qc.write_en = 1;
    qm.swqe = lswqe;
    qm.rwr = lrwr;
    qm.rwqe = lrwqe;
    qm.inreq = linreq;
    return iw_qp_create(&lr, &lqp, &qc, &qm) == IW_V_OK;
}
static void t_verbs065_066(void)
{
    iw_send_wr s[4];
    iw_recv_wr r[4];
    iw_qp_attr a;
    iw_wc wc;
    size_t n = 99;
    int i;
    static const uint64_t sq_ids[] = {1, 4, 7, 8}, rq_ids[] = {11, 14, 15, 16};
    REQUIRE(local_qp());
    for (i = 0; i < 4; i++) s[i] = swr(IW_WR_SEND, 0);
    /* [ok, bad type, ok]: 1 posted, "Invalid operation type" */
    s[0].wr_id = 1;
    s[1].wr_id = 2;
    s[1].type = IW_WR_RECV;
    s[2].wr_id = 3;
    CHECK_EQ(iw_qp_post_sq(&lqp, s, 3, &n), IW_V_INVALID_OP_TYPE); /* VERBS-066c VERBS-065c */
    CHECK_EQ(n, 1); /* VERBS-065c */
    s[1].type = (iw_wr_type)0;
    CHECK_EQ(iw_qp_post_sq(&lqp, s + 1, 1, &n), IW_V_INVALID_OP_TYPE); /* VERBS-066c */
    CHECK_EQ(n, 0);
    /* [ok, 3 SGEs (max 2), ok]: 1 posted, "Invalid SGL length" */
    s[0].wr_id = 4;
    s[1] = swr(IW_WR_SEND, 5);
    s[1].nsge = 3;
    s[2].wr_id = 6;
    CHECK_EQ(iw_qp_post_sq(&lqp, s, 3, &n), IW_V_INVALID_SGL_LENGTH); /* VERBS-066b */
    CHECK_EQ(n, 1); /* VERBS-065c */
    /* [ok, ok, ok] with room for 2: "Too many WRs posted" */
    s[0].wr_id = 7;
    s[1] = swr(IW_WR_SEND, 8);
    s[2].wr_id = 9;
    CHECK_EQ(iw_qp_post_sq(&lqp, s, 3, &n), IW_V_TOO_MANY_WRS); /* VERBS-066a */
    CHECK_EQ(n, 2);
    /* receives: [ok, 3 SGEs, ok] then [ok, ok, ok, ok] with room for 3 */
    memset(r, 0, sizeof r);
    r[0].wr_id = 11;
    r[1].wr_id = 12;
    r[1].nsge = 3;
    r[2].wr_id = 13;
    CHECK_EQ(iw_qp_post_rq(&lqp, r, 3, &n), IW_V_INVALID_SGL_LENGTH); /* VERBS-066b VERBS-065c */
    CHECK_EQ(n, 1); /* VERBS-065c */
    r[0].wr_id = 14;
    r[1].wr_id = 15;
    r[1].nsge = 0;
    r[2].wr_id = 16;
    r[3].wr_id = 17;
    CHECK_EQ(iw_qp_post_rq(&lqp, r, 4, &n), IW_V_TOO_MANY_WRS); /* VERBS-066a: the RQ too */
    CHECK_EQ(n, 3);
    /* exactly the posted WRs, in order: flush them */
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_ERROR;
    REQUIRE(iw_qp_modify(&lqp, &a) == IW_V_OK);
    for (i = 0; i < 4; i++) {
        REQUIRE(iw_cq_poll(&lcq, &wc) == IW_V_OK);
        CHECK(wc.status == IW_WC_FLUSHED && wc.type != IW_WR_RECV);
        /* VERBS-065a: no WR after a bad one (3, 6, 9); VERBS-065b: every one before it */
        CHECK_EQ(wc.wr_id, sq_ids[i]);
    }
    for (i = 0; i < 4; i++) {
        REQUIRE(iw_cq_poll(&lcq, &wc) == IW_V_OK);
        CHECK(wc.status == IW_WC_FLUSHED && wc.type == IW_WR_RECV);
        CHECK_EQ(wc.wr_id, rq_ids[i]); /* VERBS-065a VERBS-065b: the RQ likewise (13, 17 not posted) */
    }
    CHECK_EQ(iw_cq_poll(&lcq, &wc), IW_V_CQ_EMPTY); /* VERBS-065a */
}

/* VERBS-088b: B0 and B1 take their receives from one S-RQ; B0's error leaves B1 in RTS, taking
 * the S-RQ's next WQE, and flushes none of them. */
static void t_verbs088b(void)
{
    iw_recv_wr r;
    iw_send_wr w;
    iw_qp_attr a;
    iw_srq_info si;
    size_t n;
    unsigned i;
    g_srq_b = 1;
    REQUIRE(vs_up());
    memset(&r, 0, sizeof r);
    for (i = 0; i < 4; i++) {
        r.wr_id = 10u + i;
        REQUIRE(iw_srq_post(&vs_srq, &r, 1, &n) == IW_V_OK);
    }
    w = swr(IW_WR_SEND, 1);
    REQUIRE(post1(&QA[0], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QB[0].rcq, 10), IW_WC_SUCCESS);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_ERROR;
    REQUIRE(iw_qp_modify(&QB[0].qp, &a) == IW_V_OK);
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS);                    /* VERBS-088b */
    CHECK(iw_srq_query(&vs_srq, &si) == IW_V_OK && si.posted == 3); /* VERBS-088a */
    w = swr(IW_WR_SEND, 2);
    REQUIRE(post1(&QA[1], &w) == IW_V_OK);
    vf_flow();
    CHECK_EQ(wc_next(&QB[1].rcq, 11), IW_WC_SUCCESS); /* VERBS-088b: B1 takes the next WQE */
    CHECK_EQ(iw_qp_state(&QB[1].qp), IW_QP_RTS);      /* VERBS-088b */
}
static void t_verbs067(void)
{
    iw_send_wr w;
    size_t n = 99;
    iw_qp_attr a;
    iw_wc wc;
    REQUIRE(local_qp());
    w = swr(IW_WR_READ, 1);
    w.nsge = 2;
    w.sgl[0].len = w.sgl[1].len = 4;
    CHECK(iw_qp_post_sq(&lqp, &w, 1, &n) != IW_V_OK); /* VERBS-067a */
    CHECK_EQ(n, 0);
    w.nsge = 0;
    CHECK(iw_qp_post_sq(&lqp, &w, 1, &n) != IW_V_OK); /* VERBS-067a */
    CHECK_EQ(n, 0);
    w.type = IW_WR_READ_INV;
    w.nsge = 2;
    CHECK(iw_qp_post_sq(&lqp, &w, 1, &n) != IW_V_OK); /* VERBS-067a */
    CHECK_EQ(n, 0);
    w.nsge = 1;
    w.flags |= IW_WR_READ_FENCE;
    CHECK_EQ(iw_qp_post_sq(&lqp, &w, 1, &n), IW_V_INVALID_MODIFIER); /* VERBS-067b */
    CHECK_EQ(n, 0);
    w.type = IW_WR_READ;
    CHECK_EQ(iw_qp_post_sq(&lqp, &w, 1, &n), IW_V_INVALID_MODIFIER); /* VERBS-067b */
    CHECK_EQ(n, 0);
    w.flags = IW_WR_SIGNALED;
    w.wr_id = 2;
    CHECK_EQ(iw_qp_post_sq(&lqp, &w, 1, &n), IW_V_OK); /* one SGE, no Read Fence */
    CHECK_EQ(n, 1);
    memset(&a, 0, sizeof a);
    a.next_state = IW_QP_ERROR;
    REQUIRE(iw_qp_modify(&lqp, &a) == IW_V_OK);
    CHECK(iw_cq_poll(&lcq, &wc) == IW_V_OK && wc.wr_id == 2);
    CHECK_EQ(iw_cq_poll(&lcq, &wc), IW_V_CQ_EMPTY); /* nothing else was queued */
}

/* After an error every later WR completes Flushed, signaled or not. */
static void t_verbs070(void)
{
    uint32_t a_mr;
    iw_send_wr w[4];
    size_t n;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    REQUIRE(a_mr);
    REQUIRE(recv1(&QA[0], 11, a_mr, VA(&RA, 0), 16) == IW_V_OK);
    REQUIRE(recv1(&QA[0], 12, a_mr, VA(&RA, 16), 16) == IW_V_OK);
    w[0] = swr1(IW_WR_SEND, 1, a_mr ^ 0x1u, VA(&RA, 0), 8); /* wrong key */
    w[1] = swr(IW_WR_SEND, 2);
    w[2] = swr(IW_WR_SEND, 3);
    w[2].flags = 0; /* unsignaled */
    w[3] = rdma_wr(IW_WR_WRITE, 4, a_mr, 0, 0x1100u, 0, 8);
    w[3].flags = 0;
    REQUIRE(iw_qp_post_sq(&QA[0].qp, w, 4, &n) == IW_V_OK && n == 4);
    vf_flow();
    CHECK_EQ(wc_next(&QA[0].scq, 1), IW_WC_INVALID_STAG);
    iw_qp_llp_event(&QA[0].qp, IW_QP_LLP_CLOSED);
    CHECK_EQ(iw_qp_state(&QA[0].qp), IW_QP_ERROR);
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_FLUSHED); /* VERBS-070a */
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_FLUSHED); /* VERBS-070a: unsignaled */
    CHECK_EQ(wc_next(&QA[0].scq, 4), IW_WC_FLUSHED); /* VERBS-070a */
    CHECK_EQ(wc_next(&QA[0].scq, 0), 0xFFFFu);
    CHECK_EQ(wc_next(&QA[0].rcq, 11), IW_WC_FLUSHED);
    CHECK_EQ(wc_next(&QA[0].rcq, 12), IW_WC_FLUSHED);
}

/* A Read that was sent and then fails (its STag is unknown at B, which answers with a
 * Terminate): the WRs posted behind it, already handed to RDMAP, complete Flushed. */
static void t_verbs070_after_read(void)
{
    uint32_t a_mr;
    iw_send_wr w[3];
    size_t n;
    REQUIRE(vs_up());
    a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
    REQUIRE(a_mr);
    w[0] = rdma_wr(IW_WR_READ, 1, a_mr, 0, 0x7777700u, VA(&RB, 0), 64); /* no such STag at B */
    w[1] = swr(IW_WR_SEND, 2);
    w[2] = rdma_wr(IW_WR_WRITE, 3, a_mr, 0, 0x1100u, 0, 8);
    w[2].flags = 0; /* unsignaled */
    REQUIRE(iw_qp_post_sq(&QA[0].qp, w, 3, &n) == IW_V_OK && n == 3);
    vf_flow();
    {
        unsigned st = wc_next(&QA[0].scq, 1);
        REQUIRE(st != IW_WC_SUCCESS && st < 0xFFFEu); /* the Read failed (the Terminate ended it) */
    }
    CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_FLUSHED); /* VERBS-070b: sent, still Flushed */
    CHECK_EQ(wc_next(&QA[0].scq, 3), IW_WC_FLUSHED); /* VERBS-070b: unsignaled too */
    CHECK_EQ(wc_next(&QA[0].scq, 0), 0xFFFFu);
}

/* A QP whose inbound RDMA Write is disabled refuses a Write to an STag that grants Remote
 * Write: (1,1,0x00), nothing placed (verbs Fig. 21). */
static void t_ddp021b(void)
{
    int k, anyfail = 0;
    /* QP's inbound 0: Write, 1: Read off; the MR's 2: Remote Read, 3: Remote Write off; an MR of
     * another PD, 4: Read, 5: Write */
    for (k = 0; k < 6; k++) {
        static const unsigned off[6] = {0, 0, IW_ACC_REMOTE_READ, IW_ACC_REMOTE_WRITE, 0, 0};
        uint32_t a_mr, b_mr;
        iw_send_wr w;
        REQUIRE(vs_up());
        a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
        b_mr = vf_reg(&RB, ACC_ALL & ~off[k], 2, k >= 4 ? RB.pd2 : RB.pd, 0);
        REQUIRE(a_mr && b_mr);
        if (k == 0) QB[0].qp.cfg.write_en = 0; /* as if B0 were created with inbound Write disabled */
        if (k == 1) QB[0].qp.cfg.read_en = 0;  /* ... with inbound Read disabled */
        snap();
        w = rdma_wr(k == 1 || k == 2 || k == 4 ? IW_WR_READ : IW_WR_WRITE, 1, a_mr, 0, b_mr, VA(&RB, 0), 64);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        CHECK(same());
        if (k == 0) {
            CHECK(term_is(&QB[0], 1, 1, 1, 0x00)); /* DDP-021b VERBS-063a */
            CHECK_EQ(nev_of(&RB, QB[0].qp.id, IW_AE_PROTECTION), 1);
        } else if (k == 1) {
            CHECK(term_is(&QB[0], 1, 0, 1, 0x02)); /* VERBS-063c: the QP's inbound Read enable */
            CHECK(wc_next(&QA[0].scq, 1) != IW_WC_SUCCESS);
        } else if (k == 2) {
            CHECK(term_is(&QB[0], 1, 0, 1, 0x02)); /* VERBS-063d: the STag's Remote Read */
            CHECK(wc_next(&QA[0].scq, 1) != IW_WC_SUCCESS);
        } else if (k == 3) {
            CHECK(term_is(&QB[0], 1, 1, 1, 0x00)); /* VERBS-063b: the STag's Remote Write */
        } else if (k == 4) {
            CHECK(term_is(&QB[0], 1, 0, 1, 0x03)); /* SEC-001b: a Read source of another PD */
            CHECK(wc_next(&QA[0].scq, 1) != IW_WC_SUCCESS);
        } else {
            CHECK(term_is(&QB[0], 1, 1, 1, 0x02)); /* SEC-001a: a Write into another PD */
        }
        if (check__failed_here) { /* report every failing case, not only the first */
            fprintf(stderr, "  inbound rights case %d\n", k);
            anyfail = 1;
            check__failed_here = 0;
        }
    }
    check__failed_here = anyfail;
}

/* Bounds are checked to the octet, not the page. B's target is an MR that starts and ends
 * inside one page (VA-based at VA(&RB, 100), FBO 100, 1000 octets), or a window bound to
 * [1000, 1100) inside an MR of all of B's memory, or that MR. Each row is one WR from A: a
 * control (it lands where its TO says), or an access one octet out of bounds that B refuses
 * with a Terminate (layer term, etype 1, code 0x01: RDMAP for a Read Request, DDP for a tagged
 * segment) without writing or reading one octet, though the page is mapped. A Read of 3000
 * octets whose last octet is one past the MR would have its first segments in range. */
static void t_bounds_to_the_octet(void)
{
    enum { IN_PAGE, WINDOW, WHOLE_MR };
    static const struct {
        const char *what, *ids;
        int target;
        iw_wr_type t;
        uint32_t off, len; /* the TO is VA(&RB, off) */
        int term;          /* -1: none, the WR completes and its octets land at off */
    } c[] = {
        {"Write at the MR's first octet (VA-based: TO = VA)", "VERBS-043a", IN_PAGE, IW_WR_WRITE, 100, 8, -1},
        {"Write one octet below the MR's base", "DDP-022a SEC-003a", IN_PAGE, IW_WR_WRITE, 99, 8, 1},
        {"Write one octet past the MR's end", "DDP-022b SEC-003a", IN_PAGE, IW_WR_WRITE, 1093, 8, 1},
        {"Write of the window's last octets", "", WINDOW, IW_WR_WRITE, 1092, 8, -1},
        {"Write one octet below the window", "SEC-003b", WINDOW, IW_WR_WRITE, 999, 8, 1},
        {"Write one octet past the window", "SEC-003b", WINDOW, IW_WR_WRITE, 1093, 8, 1},
        {"Read whose last octet is one past the MR", "SEC-003c", WHOLE_MR, IW_WR_READ, MEM - 2999u, 3000, 0},
    };
    size_t k;
    for (k = 0; k < sizeof c / sizeof c[0]; k++) {
        uint32_t a_mr, b_mr = 0, mw = 0;
        iw_send_wr w;
        REQUIRE(vs_up());
        a_mr = vf_reg(&RA, ACC_LOCAL, 1, RA.pd, 0);
        REQUIRE(a_mr);
        if (c[k].target == IN_PAGE) {
            iw_mr_reg g = vf_pages(&RB, RB.pd, 2, ACC_ALL, 1);
            g.va = VA(&RB, 100);
            g.fbo = 100;
            g.len = 1000;
            REQUIRE(iw_mr_register(&RB.r, &g, &b_mr) == IW_V_OK);
        } else {
            b_mr = vf_reg(&RB, ACC_ALL, 2, RB.pd, 0);
            REQUIRE(b_mr && iw_mw_alloc(&RB.r, RB.pd, 0x50, &mw) == IW_V_OK);
            REQUIRE(bind_mw(&QB[0], 1, mw, b_mr, VA(&RB, 1000), 100, IW_ACC_REMOTE_WRITE) == IW_WC_SUCCESS);
        }
        snap();
        w = rdma_wr(c[k].t, 2, a_mr, 0, c[k].target == WINDOW ? mw : b_mr, VA(&RB, c[k].off), c[k].len);
        REQUIRE(post1(&QA[0], &w) == IW_V_OK);
        vf_flow();
        if (c[k].term < 0) {
            CHECK_EQ(wc_next(&QA[0].scq, 2), IW_WC_SUCCESS);
            CHECK_MEM(RB.mem + c[k].off, RA.mem, c[k].len);
        } else {
            CHECK(same()); /* nothing placed, nothing read */
            CHECK(term_is(&QB[0], 1, (unsigned)c[k].term, 1, 0x01));
        }
        if (check__failed_here) {
            fprintf(stderr, "  %s (%s)\n", c[k].what, c[k].ids);
            return;
        }
    }
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"window of another QP of the same PD or of another PD", t_sec002},
        {"streamed placement stops when its STag is invalidated, freed, re-registered", t_sec004_streamed},
        {"no Read through an invalidated, freed or re-registered STag", t_sec004_read},
        {"streamed placement stops when its QP leaves RTS", t_verbs025c},
        {"no SQ WR runs in Terminate", t_verbs025b},
        {"a peer cannot invalidate shared, parent, local-only or foreign windows", t_sec005},
        {"STag Indexes spread and seeded SEC-006", t_sec006},
        {"an error on one stream leaves the others working", t_sec011},
        {"an error on one stream leaves a shared S-RQ's Receives to the others", t_sec011_srq},
        {"Fast-Register on a non-privileged QP SEC-012", t_sec012},
        {"incoming tagged segment with STag 0 SEC-013", t_sec013},
        {"no Success WC after a CRC error SEC-015", t_sec015},
        {"IRD accounted per QP SEC-016", t_sec016},
        {"held Reads keep their own IRD entries", t_sec016_held},
        {"CQ overflow ends only the QPs of that CQ SEC-007", t_cq_overflow},
        {"an SQ WC that overflows its CQ: CQ/SQ Error", t_verbs083b},
        {"RNIC Catastrophic Failure ends every QP of the RNIC", t_verbs092},
        {"Reregister with windows bound, failed Reregister", t_verbs044},
        {"Register Shared MR", t_verbs047},
        {"a Shared MR cannot be invalidated", t_verbs048},
        {"Deallocate with windows bound, no access after", t_verbs049},
        {"Fast-Register failures", t_verbs050},
        {"invalidated MR keeps PD, flag and PBL capacity", t_verbs052},
        {"no remote rights without the Remote Access Flag VERBS-053", t_verbs053},
        {"Allocate MW VERBS-054", t_verbs054},
        {"Bind failures", t_verbs055},
        {"invalidating a window", t_verbs058},
        {"Destroy QP with windows bound", t_verbs034},
        {"no CQE after Destroy QP, in any state", t_verbs034b},
        {"local SGEs: a window, a Receive without Local Write, a wrap", t_local_sge},
        {"Fast-Register takes effect before the next WR", t_verbs051},
        {"a window needs none of its MR's remote rights", t_verbs057_mr_rights},
        {"what an access through a window is checked for", t_verbs057},
        {"zero-length SGEs", t_verbs062},
        {"zero-length RDMA Read and Write with unknown STags", t_zero_read},
        {"WR lists stop at the first bad WR", t_verbs065_066},
        {"a QP's error leaves the other QPs of its S-RQ alone", t_verbs088b},
        {"RDMA Read SGEs and Read Fence", t_verbs067},
        {"after an error later WRs complete Flushed", t_verbs070},
        {"WRs behind a Read that failed after it was sent complete Flushed", t_verbs070_after_read},
        {"inbound Write and Read: the QP's enables, the STag's rights", t_ddp021b},
        {"bounds of an MR inside a page, of a window inside its MR, of a Read's source", t_bounds_to_the_octet},
    };
    return CHECK_RUN(tests);
}
