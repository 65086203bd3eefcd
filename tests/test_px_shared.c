/* SPDX-License-Identifier: MIT */
/* test_px_shared.c: the POSIX host's shared RNIC (iw_px_shared: one STag table and PD, shared
 * CQs and an S-RQ, many QPs), over real TCP sockets on 127.0.0.1, one loop, one thread.
 *   - 40 QPs a side on one send CQ and one receive CQ: every completion names its own QP
 *     (wc.qp_id -> iw_px_shared_ep gives the endpoint that posted the WR);
 *   - one MR registered once on each side serves all 40 QPs (RDMA Writes into one STag at 40
 *     offsets, one source MR for all of them);
 *   - an S-RQ feeds the Sends arriving on 8 QPs; each client's Sends complete on one QP;
 *   - one QP that breaks a rule ends alone: its peer's Terminate, its WRs flushed on the shared
 *     CQ, the other QPs still carry traffic, before and after it is released;
 *   - the QP ID table survives endpoints leaving in any order;
 *   - the loop's transmit rounds: 8 QPs post 12 KiB each, the loop hands about one round
 *     (IW_PX_TX_ROUND) to its sockets before it runs, and then serves the QPs in turn. */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
/* small endpoints: a shared endpoint uses none of its own RNIC, CQ rings or MR slots */
#define IW_PX_TXBUF 16384
#define IW_PX_MAX_ULPDU 4096
#define IW_PX_CQ 1
#define IW_PX_MAX_MR 1
#define IW_PX_SQ_DEPTH 16
#define IW_PX_RQ_DEPTH 16
#define IW_PX_MAX_IRD 8
#include "examples/posix/iw_posix.h"
#include "check.h"

#define TMO 10000
#define NQ 40

static iw_px_loop L;
static iw_px_listener LIS;
static iw_px_shared SS, CS; /* server's and client's shared RNICs */
static iw_px_ep SE[160], CE[160];
static size_t nse;
static iw_px_opts SO;

static iw_px_ep *give(void *arg, iw_px_listener *lis)
{
    (void)arg;
    if (nse >= sizeof SE / sizeof SE[0] || iw_px_ep_init_shared(lis->loop, &SE[nse], &SO, &SS))
        return NULL;
    return &SE[nse++];
}

typedef struct {
    size_t n;
} upw;
static int all_up(void *arg)
{
    size_t i, n = ((upw *)arg)->n;
    if (nse < n) return 0;
    for (i = 0; i < n; i++)
        if (iw_px_state(&CE[i]) != IW_PX_S_READY || iw_px_state(&SE[i]) != IW_PX_S_READY) return 0;
    return 1;
}

/* n client endpoints on CS to the listener, n server endpoints on SS from it; peer[i] = the
 * server endpoint of client i (matched by TCP ports). 1 when all are in RTS. */
static size_t peer[160];
static int connect_all(size_t n)
{
    size_t i, j;
    upw w;
    iw_px_opts co;
    iw_px_opts_default(&co);
    iw_px_opts_default(&SO);
    nse = 0;
    iw_px_listen_serve(&LIS, give, NULL);
    for (i = 0; i < n; i++)
        if (iw_px_ep_init_shared(&L, &CE[i], &co, &CS) != 0 ||
            iw_px_connect(&CE[i], "127.0.0.1", iw_px_listen_port(&LIS)) != 0)
            return 0;
    w.n = n;
    if (!iw_px_run(&L, all_up, &w, TMO)) return 0;
    for (i = 0; i < n; i++) {
        uint32_t li, pi, li2, pi2;
        uint16_t lp, pp, lp2, pp2;
        if (iw_px_addrs(&CE[i], &li, &lp, &pi, &pp) != 0) return 0;
        for (j = 0; j < n; j++)
            if (iw_px_addrs(&SE[j], &li2, &lp2, &pi2, &pp2) == 0 && pp2 == lp) break;
        if (j == n) return 0;
        peer[i] = j;
    }
    return 1;
}

static void fini_all(size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        iw_px_ep_fini(&CE[i]);
        iw_px_ep_fini(&SE[i]);
    }
}

/* 40 QPs a side, one shared send CQ and receive CQ each: every WC names the QP that posted
 * its WR. One MR on each side serves all 40 (one STag written at 40 offsets). */
static uint8_t src[NQ * 64], dst[NQ * 64], rbuf[NQ * 16];
static void t_many_qps_one_cq(void)
{
    iw_px_shared_cfg c;
    iw_px_mr sm, cm, rm;
    iw_wc wc;
    iw_px_ep *who;
    size_t i, got_sq = 0, got_rq = 0;
    uint32_t seen_sq[NQ], seen_rq[NQ];
    iw_px_shared_cfg_default(&c);
    c.cq_entries = 256;
    REQUIRE(iw_px_shared_init(&L, &SS, &c) == 0);
    REQUIRE(iw_px_shared_init(&L, &CS, &c) == 0);
    REQUIRE(connect_all(NQ));
    CHECK_EQ(SS.nqp, NQ);
    CHECK_EQ(CS.nqp, NQ);
    for (i = 0; i < NQ; i++) { /* every QP of one RNIC has its own ID */
        size_t k;
        for (k = 0; k < i; k++) CHECK(iw_px_qp_id(&CE[k]) != iw_px_qp_id(&CE[i]));
        CHECK(iw_px_shared_ep(&CS, iw_px_qp_id(&CE[i])) == &CE[i]);
        CHECK(iw_px_rnic(&CE[i]) == iw_px_shared_rnic(&CS));
        CHECK(iw_px_cq(&SE[i], IW_PX_RQ_CQ) == iw_px_shared_cq(&SS, IW_PX_RQ_CQ));
    }
    memset(dst, 0, sizeof dst);
    for (i = 0; i < sizeof src; i++) src[i] = (uint8_t)(i / 64 * 7 + i);
    /* registered once a side, used by every QP */
    REQUIRE(iw_px_shared_reg(&SS, dst, sizeof dst, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE,
                             &sm) == 0);
    REQUIRE(iw_px_reg(&SE[0], rbuf, sizeof rbuf, IW_ACC_LOCAL_WRITE, &rm) == 0); /* on SS too */
    REQUIRE(iw_px_shared_reg(&CS, src, sizeof src, 0, &cm) == 0);
    for (i = 0; i < NQ; i++) /* server QP j's Receive: wr_id 5000 + j, its own 16 octets */
        REQUIRE(iw_px_recv(&SE[i], 5000 + i, &rm, i * 16, 16) == IW_V_OK);
    for (i = 0; i < NQ; i++) {
        iw_send_wr w = iw_px_wr(IW_WR_WRITE, i, &cm, i * 64, 64);
        uint8_t msg[16];
        w.remote_stag = sm.stag;
        w.remote_to = sm.to + peer[i] * 64;
        REQUIRE(iw_px_post(&CE[i], &w) == IW_V_OK);
        memset(msg, 0, sizeof msg);
        msg[0] = (uint8_t)i;
        memcpy(src + i * 64 + 48, msg, 16); /* the Send's payload: the client's index */
        w = iw_px_wr(IW_WR_SEND, 100 + i, &cm, i * 64 + 48, 16);
        REQUIRE(iw_px_post(&CE[i], &w) == IW_V_OK);
    }
    memset(seen_sq, 0, sizeof seen_sq);
    memset(seen_rq, 0, sizeof seen_rq);
    while (got_sq < 2 * NQ || got_rq < NQ) {
        if (iw_px_shared_poll_wc(&CS, IW_PX_SQ_CQ, &wc, &who)) {
            size_t k = wc.wr_id >= 100 ? (size_t)wc.wr_id - 100 : (size_t)wc.wr_id;
            REQUIRE(wc.status == IW_WC_SUCCESS && k < NQ);
            CHECK(who == &CE[k]); /* the QP that posted it */
            CHECK_EQ(wc.qp_id, iw_px_qp_id(&CE[k]));
            CHECK_EQ(wc.type, wc.wr_id >= 100 ? IW_WR_SEND : IW_WR_WRITE);
            seen_sq[k]++;
            got_sq++;
            continue;
        }
        if (iw_px_shared_poll_wc(&SS, IW_PX_RQ_CQ, &wc, &who)) {
            size_t j;
            REQUIRE(wc.status == IW_WC_SUCCESS && who != NULL);
            j = (size_t)(who - SE);
            REQUIRE(j < NQ);
            CHECK_EQ(wc.wr_id, 5000 + j); /* the Receive posted on that QP */
            CHECK_EQ(wc.len, 16);
            CHECK_EQ(peer[rbuf[j * 16]], j); /* and the client connected to it sent it */
            seen_rq[j]++;
            got_rq++;
            continue;
        }
        REQUIRE(iw_px_poll(&L, TMO) > 0);
    }
    for (i = 0; i < NQ; i++) {
        CHECK_EQ(seen_sq[i], 2);
        CHECK_EQ(seen_rq[i], 1);
        CHECK_MEM(dst + peer[i] * 64, src + i * 64, 48); /* the Write landed where it aimed */
    }
    CHECK(!iw_px_shared_poll_wc(&SS, IW_PX_SQ_CQ, &wc, NULL)); /* nothing else completed */
    CHECK_EQ(iw_px_shared_fini(&SS), (unsigned long long)-1); /* endpoints still attached */
    fini_all(NQ);
    CHECK_EQ(SS.nqp, 0);
    CHECK_EQ(iw_px_shared_fini(&SS), 0);
    CHECK_EQ(iw_px_shared_fini(&CS), 0);
}

/* An S-RQ on the server feeds Sends arriving on 8 QPs, two from each client; one CQ on the
 * server for both queues (one_cq). */
static void t_srq_feeds_many_qps(void)
{
    iw_px_shared_cfg c;
    iw_px_mr sm, cm;
    iw_wc wc;
    iw_px_ep *who;
    size_t i, got = 0, nrecv = 20;
    size_t first_qp[8];
    int seen_wr[20];
    iw_px_shared_cfg_default(&c);
    c.cq_entries = 64;
    c.srq_depth = 32;
    c.one_cq = 1;
    REQUIRE(iw_px_shared_init(&L, &SS, &c) == 0);
    iw_px_shared_cfg_default(&c);
    REQUIRE(iw_px_shared_init(&L, &CS, &c) == 0);
    REQUIRE(connect_all(8));
    REQUIRE(iw_px_shared_reg(&SS, rbuf, sizeof rbuf, IW_ACC_LOCAL_WRITE, &sm) == 0);
    REQUIRE(iw_px_shared_reg(&CS, src, sizeof src, 0, &cm) == 0);
    CHECK(iw_px_recv(&SE[0], 1, &sm, 0, 16) == IW_V_RQ_HAS_SRQ); /* the QP has no RQ of its own */
    CHECK(iw_px_shared_recv(&CS, 1, &cm, 0, 16) == IW_V_INVALID_SRQ); /* CS has no S-RQ */
    for (i = 0; i < nrecv; i++) REQUIRE(iw_px_shared_recv(&SS, i, &sm, i * 16, 16) == IW_V_OK);
    memset(first_qp, 0xff, sizeof first_qp);
    memset(seen_wr, 0, sizeof seen_wr);
    for (i = 0; i < 16; i++) { /* client i % 8, message i / 8 */
        iw_send_wr w;
        src[i * 16] = (uint8_t)(i % 8);
        src[i * 16 + 1] = (uint8_t)(i / 8);
        w = iw_px_wr(IW_WR_SEND, i, &cm, i * 16, 16);
        REQUIRE(iw_px_post(&CE[i % 8], &w) == IW_V_OK);
    }
    while (got < 16) {
        size_t j, cl;
        REQUIRE(iw_px_shared_wait_wc(&SS, IW_PX_RQ_CQ, &wc, &who, TMO) == 0);
        REQUIRE(wc.status == IW_WC_SUCCESS && wc.type == IW_WR_RECV && who != NULL);
        REQUIRE(wc.wr_id < nrecv);
        j = (size_t)(who - SE);
        REQUIRE(j < 8);
        cl = rbuf[wc.wr_id * 16];
        REQUIRE(cl < 8);
        CHECK_EQ(peer[cl], j); /* arrived on the QP of the client that sent it */
        CHECK_EQ(seen_wr[wc.wr_id]++, 0); /* each S-RQ WR used once */
        if (first_qp[cl] == (size_t)-1) first_qp[cl] = j;
        CHECK_EQ(first_qp[cl], j);
        got++;
    }
    for (i = 0; i < 8; i++) CHECK(first_qp[i] != (size_t)-1); /* all 8 QPs took some */
    while (iw_px_shared_poll_wc(&CS, IW_PX_SQ_CQ, &wc, &who)) CHECK(wc.status == IW_WC_SUCCESS);
    fini_all(8);
    CHECK_EQ(iw_px_shared_fini(&SS), 0);
    CHECK_EQ(iw_px_shared_fini(&CS), 0);
}

/* One QP breaks a rule (an RDMA Write to an STag that does not exist): its server QP sends
 * DDP's Terminate (1,1,0x00), the client QP ends with it and its next WR completes Flushed on
 * the shared CQ; the other 5 pairs carry a Send each before and after the broken pair is
 * released. */
static int traffic(size_t n, size_t skip, uint64_t tag, const iw_px_mr *sm, const iw_px_mr *cm)
{
    size_t i, want = 0, got_s = 0, got_r = 0;
    iw_wc wc;
    iw_px_ep *who;
    for (i = 0; i < n; i++) {
        iw_send_wr w;
        if (i == skip) continue;
        if (iw_px_recv(&SE[peer[i]], tag + i, sm, peer[i] * 16, 16) != IW_V_OK) return 0;
        w = iw_px_wr(IW_WR_SEND, tag + i, cm, i * 16, 16);
        if (iw_px_post(&CE[i], &w) != IW_V_OK) return 0;
        want++;
    }
    while (got_s < want || got_r < want) {
        if (iw_px_shared_poll_wc(&CS, IW_PX_SQ_CQ, &wc, &who)) {
            if (wc.status != IW_WC_SUCCESS || who != &CE[wc.wr_id - tag]) return 0;
            got_s++;
        } else if (iw_px_shared_poll_wc(&SS, IW_PX_RQ_CQ, &wc, &who)) {
            if (wc.status != IW_WC_SUCCESS || who != &SE[peer[wc.wr_id - tag]]) return 0;
            got_r++;
        } else if (iw_px_poll(&L, TMO) <= 0)
            return 0;
    }
    return 1;
}
static int bad_done(void *arg)
{
    (void)arg;
    return iw_px_state(&CE[2]) == IW_PX_S_FAILED && iw_px_state(&SE[peer[2]]) == IW_PX_S_FAILED;
}
static void t_one_qp_fails_alone(void)
{
    iw_px_shared_cfg c;
    iw_px_mr sm, cm;
    iw_send_wr w;
    iw_wc wc;
    iw_px_ep *who;
    size_t i;
    int flushed = 0, errs = 0;
    iw_px_shared_cfg_default(&c);
    c.cq_entries = 64;
    REQUIRE(iw_px_shared_init(&L, &SS, &c) == 0);
    c.one_cq = 1;
    REQUIRE(iw_px_shared_init(&L, &CS, &c) == 0);
    REQUIRE(connect_all(6));
    REQUIRE(iw_px_shared_reg(&SS, rbuf, sizeof rbuf, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE,
                             &sm) == 0);
    REQUIRE(iw_px_shared_reg(&CS, src, sizeof src, 0, &cm) == 0);
    REQUIRE(traffic(6, 99, 1000, &sm, &cm));
    w = iw_px_wr(IW_WR_WRITE, 77, &cm, 0, 16);
    w.remote_stag = sm.stag ^ 0x100u; /* another Index: no such STag */
    w.remote_to = sm.to;
    REQUIRE(iw_px_post(&CE[2], &w) == IW_V_OK);
    REQUIRE(iw_px_run(&L, bad_done, NULL, TMO));
    CHECK_EQ(iw_px_error(&CE[2])->kind, IW_PX_E_TERM_RCVD);
    CHECK_EQ(iw_px_error(&CE[2])->term.layer, 1); /* DDP, tagged buffer, invalid STag */
    CHECK_EQ(iw_px_error(&CE[2])->term.etype, 1);
    CHECK_EQ(iw_px_error(&CE[2])->term.ecode, 0);
    CHECK_EQ(iw_px_error(&SE[peer[2]])->kind, IW_PX_E_TERM_SENT);
    w = iw_px_wr(IW_WR_SEND, 78, &cm, 0, 16);
    (void)iw_px_post(&CE[2], &w); /* after the error: completes Flushed (or is refused) */
    while (iw_px_shared_poll_wc(&CS, IW_PX_SQ_CQ, &wc, &who)) {
        CHECK(who == &CE[2]);
        flushed += wc.status == IW_WC_FLUSHED;
        errs++;
    }
    CHECK(errs >= 1);
    for (i = 0; i < 6; i++)
        if (i != 2) {
            CHECK_EQ(iw_px_state(&CE[i]), IW_PX_S_READY);
            CHECK_EQ(iw_px_state(&SE[peer[i]]), IW_PX_S_READY);
            CHECK_EQ(iw_px_error(&CE[i])->kind, IW_PX_E_NONE);
        }
    CHECK(traffic(6, 2, 2000, &sm, &cm)); /* the others still carry traffic */
    iw_px_ep_fini(&CE[2]);
    iw_px_ep_fini(&SE[peer[2]]);
    CHECK_EQ(CS.nqp, 5);
    CHECK_EQ(SS.nqp, 5);
    CHECK(traffic(6, 2, 3000, &sm, &cm)); /* and after the broken pair is gone */
    (void)flushed;
    fini_all(6);
    CHECK_EQ(iw_px_shared_fini(&SS), 0);
    CHECK_EQ(iw_px_shared_fini(&CS), 0);
}

/* The QP ID -> endpoint table: 60 endpoints live while 600 come and go (the IDs grow far past
 * the table's size, so that they share slots), released in a scrambled order; every ID finds its
 * endpoint, a released one finds none. */
static void t_id_table(void)
{
    static iw_px_ep E[64];
    uint32_t ids[64], gone[64];
    uint8_t rel[64];
    iw_px_opts o;
    size_t i, r, ngone = 0;
    unsigned long long seed = 19;
    iw_px_opts_default(&o);
    REQUIRE(iw_px_shared_init(&L, &SS, NULL) == 0);
    for (i = 0; i < 64; i++) {
        REQUIRE(iw_px_ep_init_shared(&L, &E[i], &o, &SS) == 0);
        ids[i] = iw_px_qp_id(&E[i]);
    }
    for (r = 0; r < 600; r++) { /* one leaves, another comes in its place */
        i = (size_t)(check_rand(&seed) % 64);
        iw_px_ep_fini(&E[i]);
        gone[ngone++ % 64] = ids[i];
        REQUIRE(iw_px_ep_init_shared(&L, &E[i], &o, &SS) == 0);
        ids[i] = iw_px_qp_id(&E[i]);
        if (r % 50 == 49)
            for (i = 0; i < 64; i++) CHECK(iw_px_shared_ep(&SS, ids[i]) == &E[i]);
    }
    CHECK(ids[0] > 600 || ids[1] > 600 || ids[2] > 600);
    for (i = 0; i < 64; i++) {
        CHECK(iw_px_shared_ep(&SS, ids[i]) == &E[i]);
        CHECK(iw_px_shared_ep(&SS, gone[i]) == NULL);
    }
    CHECK_EQ(SS.nqp, 64);
    memset(rel, 0, sizeof rel);
    for (r = 0; r < 64; r++) { /* released in a scrambled order, the rest still found */
        size_t k = (r * 37) % 64;
        iw_px_ep_fini(&E[k]);
        rel[k] = 1;
        for (i = 0; i < 64; i++) CHECK(iw_px_shared_ep(&SS, ids[i]) == (rel[i] ? NULL : &E[i]));
    }
    CHECK_EQ(SS.nqp, 0);
    CHECK_EQ(iw_px_shared_fini(&SS), 0);
}

/* Transmit in rounds: 8 QPs each post 3 Writes of 4 KiB (about 12.5 KiB of FPDUs a QP at EMSS
 * 1460, within the 16 KiB staging buffer) before the loop runs. The posts hand about one round
 * (IW_PX_TX_ROUND, here 16 KiB) to the sockets: the QPs after the second wait for the loop
 * (tx_rounds), none of their octets written yet. Then the loop serves the waiting QPs in the
 * order they began to wait, a round at a time; all Writes land and complete. */
static uint8_t big_src[8 * 12288], big_dst[8 * 12288];
static void t_tx_rounds(void)
{
    iw_px_shared_cfg c;
    iw_px_mr sm, cm;
    iw_wc wc;
    iw_px_ep *who;
    size_t i, k, sent = 0, done = 0, round = 0;
    size_t first[8]; /* the loop round in which each client first wrote (0: during the posts) */
    unsigned long calls0[8]; /* each client's send calls before the Writes (its MPA Request) */
    iw_px_shared_cfg_default(&c);
    c.cq_entries = 64;
    REQUIRE(iw_px_shared_init(&L, &SS, &c) == 0);
    REQUIRE(iw_px_shared_init(&L, &CS, &c) == 0);
    REQUIRE(connect_all(8));
    for (i = 0; i < sizeof big_src; i++) big_src[i] = (uint8_t)(i * 13u + i / 4096u);
    memset(big_dst, 0, sizeof big_dst);
    REQUIRE(iw_px_shared_reg(&SS, big_dst, sizeof big_dst, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE,
                             &sm) == 0);
    REQUIRE(iw_px_shared_reg(&CS, big_src, sizeof big_src, 0, &cm) == 0);
    REQUIRE(iw_px_poll(&L, 0) >= 0); /* a fresh round */
    for (i = 0; i < 8; i++) {
        calls0[i] = CE[i].tx_syscalls;
        first[i] = (size_t)-1;
    }
    for (i = 0; i < 8; i++) {
        iw_send_wr w[3];
        size_t took = 0;
        for (k = 0; k < 3; k++) {
            w[k] = iw_px_wr(IW_WR_WRITE, i * 3 + k, &cm, i * 12288 + k * 4096, 4096);
            w[k].flags = k == 2 ? IW_WR_SIGNALED : 0u;
            w[k].remote_stag = sm.stag;
            w[k].remote_to = sm.to + peer[i] * 12288 + k * 4096;
        }
        REQUIRE(iw_px_post_list(&CE[i], w, 3, &took) == IW_V_OK && took == 3);
    }
    for (i = 0; i < 8; i++) sent += CE[i].tx_syscalls > calls0[i];
    CHECK(sent >= 1 && sent <= 2); /* about one round went out: the first QP's, or two's */
    CHECK(CE[7].tx_syscalls == calls0[7] && CE[7].tx_rounds > 0); /* the last waits */
    while (done < 8) {
        for (i = 0; i < 8; i++)
            if (first[i] == (size_t)-1 && CE[i].tx_syscalls > calls0[i]) first[i] = round;
        if (iw_px_shared_poll_wc(&CS, IW_PX_SQ_CQ, &wc, &who)) {
            REQUIRE(wc.status == IW_WC_SUCCESS && wc.wr_id % 3 == 2 && who == &CE[wc.wr_id / 3]);
            done++;
            continue;
        }
        REQUIRE(round < 1000 && iw_px_poll(&L, TMO) >= 0);
        round++;
    }
    for (i = 1; i < 8; i++) /* in the order they began to wait, not the last one first */
        CHECK(first[i] >= first[i - 1] && first[i] != (size_t)-1);
    CHECK(first[7] > 1); /* and a round at a time, not all at the first */
    for (k = 0;; k++) { /* until the server QPs have placed all 24 Writes */
        uint64_t n = 0;
        for (i = 0; i < 8; i++) n += iw_qp_stats(iw_px_qp(&SE[i]))->rx_msgs[IW_RDMAP_OP_WRITE];
        if (n == 24) break;
        REQUIRE(k < 100 && iw_px_poll(&L, 100) >= 0);
    }
    for (i = 0; i < 8; i++) CHECK_MEM(big_dst + peer[i] * 12288, big_src + i * 12288, 12288);
    fini_all(8);
    CHECK_EQ(iw_px_shared_fini(&SS), 0);
    CHECK_EQ(iw_px_shared_fini(&CS), 0);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"shared RNIC: 40 QPs on one CQ, each WC names its QP; one MR serves all 40",
         t_many_qps_one_cq},
        {"shared RNIC: an S-RQ feeds Sends arriving on 8 QPs", t_srq_feeds_many_qps},
        {"shared RNIC: one QP's Terminate ends it alone, the others carry traffic",
         t_one_qp_fails_alone},
        {"shared RNIC: QP ID table after endpoints leave", t_id_table},
        {"loop: 8 QPs' posts go out in rounds, the QPs served in turn", t_tx_rounds},
    };
    iw_px_loop_init(&L);
    if (iw_px_listen(&L, &LIS, "127.0.0.1", 0) != 0) {
        printf("not ok 1 listen\n# counts 0 1\n");
        return 1;
    }
    return CHECK_RUN(tests);
}
