/* SPDX-License-Identifier: MIT */
/* test_profile_small.c: the four headers built in the footprint profile "small"
 * (baremetal/profile_small.h, docs/porting-baremetal.md): the path that is left runs (two
 * verbs endpoints over MPA with CRC: Send, Write, Read, Immediate Data, every octet checked),
 * and each feature that is compiled out answers with its documented error: markers asked for
 * are refused as RFC 5044 says, a P2P offer is declined, an Atomic Request gets the Terminate
 * for an unexpected opcode (RFC 7306 §8.1), verbs calls of a left-out feature their status. */
#include "../baremetal/profile_small.h"
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"
#include "verbs_fake.h" /* one QP per RNIC: QA[0] and QB[0], written QA-> and QB-> */

/* ---- the data path that is left ---- */

static void t_crc_small_table(void)
{
    uint8_t b[300];
    uint32_t ref = 0xFFFFFFFFu;
    size_t i;
    int k;
    CHECK_EQ(iw_crc32c(0, "123456789", 9), 0xE3069283u); /* RFC 3720 B.4 check value */
    for (i = 0; i < sizeof b; i++) b[i] = (uint8_t)(i * 7u + 3u);
    for (i = 0; i < sizeof b; i++) { /* bitwise, reflected 0x82F63B78 */
        ref ^= b[i];
        for (k = 0; k < 8; k++) ref = (ref & 1u) ? (ref >> 1) ^ 0x82F63B78u : ref >> 1;
    }
    CHECK_EQ(iw_crc32c_portable(0, b, sizeof b), ~ref);
    CHECK_EQ(iw_crc32c(iw_crc32c(0, b, 100), b + 100, 200), ~ref); /* chained */
}

/* Post a Receive on B, a Send, a Write across a page, a Read and Immediate Data from A; every
 * octet and WC checked. */
static void t_exchange(void)
{
    uint32_t sa, sb;
    size_t i;
    iw_wc wc;
    iw_send_wr w;
    iw_rnic_attr at;
    uint8_t *d;
    size_t n;
    iw_mpa_conn *c;
    REQUIRE(vf_rn_init(&RA, 0, 11, 0) && vf_rn_init(&RB, 1, 12, 0));
    REQUIRE(vf_q_init(QA, &RA, vf_qp_cfg(RA.pd, 4, 4), 64) && vf_q_init(QB, &RB, vf_qp_cfg(RB.pd, 4, 4), 64));
    REQUIRE(vf_connect());
    sa = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_READ, 1, RA.pd, 0);
    sb = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE |
                         IW_ACC_REMOTE_READ, 2, RB.pd, 0);
    REQUIRE(sa && sb);
    for (i = 0; i < MEM; i++) RA.mem[i] = (uint8_t)(i * 13u + 1u);
    /* Send of 100 octets into a posted Receive */
    CHECK_EQ(recv1(QB, 7, sb, VA(&RB, 0), 200), IW_V_OK);
    w = swr1(IW_WR_SEND, 1, sa, VA(&RA, 0), 100);
    CHECK_EQ(post1(QA, &w), IW_V_OK);
    vf_flow();
    CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_OK);
    CHECK(wc.wr_id == 1 && wc.status == IW_WC_SUCCESS);
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_OK);
    CHECK(wc.wr_id == 7 && wc.status == IW_WC_SUCCESS && wc.len == 100);
    CHECK_MEM(RB.mem, RA.mem, 100);
    /* RDMA Write of 1 KiB at an odd offset across a page of both memories */
    w = swr1(IW_WR_WRITE, 2, sa, VA(&RA, PG - 301), 1024);
    w.remote_stag = sb;
    w.remote_to = VA(&RB, 2 * PG - 511);
    CHECK_EQ(post1(QA, &w), IW_V_OK);
    vf_flow();
    CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_OK);
    CHECK(wc.wr_id == 2 && wc.status == IW_WC_SUCCESS);
    CHECK_MEM(RB.mem + 2 * PG - 511, RA.mem + PG - 301, 1024);
    CHECK(RB.mem[2 * PG - 512] == 0xEE && RB.mem[2 * PG - 511 + 1024] == 0xEE);
    /* RDMA Read of 600 octets from B back into A */
    for (i = 0; i < 600; i++) RB.mem[3 * PG + i] = (uint8_t)(0xA5u ^ i);
    w = swr1(IW_WR_READ, 3, sa, VA(&RA, 5 * PG + 3), 600);
    w.remote_stag = sb;
    w.remote_to = VA(&RB, 3 * PG);
    CHECK_EQ(post1(QA, &w), IW_V_OK);
    vf_flow();
    CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_OK);
    CHECK(wc.wr_id == 3 && wc.status == IW_WC_SUCCESS);
    CHECK_MEM(RA.mem + 5 * PG + 3, RB.mem + 3 * PG, 600);
    /* Immediate Data */
    CHECK_EQ(recv1(QB, 8, sb, VA(&RB, 0), 16), IW_V_OK);
    w = swr(IW_WR_IMM, 4);
    memcpy(w.imm, "immdata!", 8);
    CHECK_EQ(post1(QA, &w), IW_V_OK);
    vf_flow();
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_OK);
    CHECK(wc.wr_id == 8 && wc.status == IW_WC_SUCCESS && wc.imm_valid);
    CHECK_MEM(wc.imm, "immdata!", 8);
    /* what the profile reports and keeps */
    CHECK_EQ(iw_rnic_query(&RA.r, &at), IW_V_OK);
    CHECK(at.atomics == 0 && at.max_mw == 0 && at.immediate == 1);
    CHECK_EQ(iw_mpa_get_stats(&QB->c)->rx_fpdus, 0);  /* IW_CFG_STATS 0: no counters */
    CHECK_EQ(iw_qp_stats(&QB->qp)->rx_msgs[IW_RDMAP_OP_SEND], 0);
    CHECK(strcmp(iw_status_str(IW_OK), "?") == 0);    /* IW_CFG_STRINGS 0 */
    CHECK(strcmp(iw_vstatus_str(IW_V_OK), "?") == 0);
    c = &QB->c; /* IW_CFG_MPA_RX_STREAM 0: no header-split reads */
    CHECK_EQ(iw_mpa_rx_direct(c, &d, &n), IW_EAGAIN);
    CHECK(d == NULL && n == 0);
    CHECK_EQ(iw_mpa_rx_split_hint(c), 0);
    CHECK_EQ(iw_mpa_rx_direct_done(c, 1), IW_ESTATE);
}

/* ---- the refusals: verbs and RDMAP ---- */

static void t_verbs_left_out(void)
{
    iw_send_wr w;
    iw_rdmap_wr rw;
    uint32_t sa, st = 0;
    iw_wc wc;
    REQUIRE(vf_rn_init(&RA, 0, 21, 0) && vf_rn_init(&RB, 1, 22, 0));
    REQUIRE(vf_q_init(QA, &RA, vf_qp_cfg(RA.pd, 4, 4), 64) && vf_q_init(QB, &RB, vf_qp_cfg(RB.pd, 4, 4), 64));
    REQUIRE(vf_connect());
    sa = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, RA.pd, 0);
    REQUIRE(sa);
    w = swr1(IW_WR_FETCHADD, 1, sa, VA(&RA, 0), 8); /* IW_CFG_RDMAP_ATOMICS 0 */
    CHECK_EQ(post1(QA, &w), IW_V_INVALID_OP_TYPE);
    w.type = IW_WR_CMPSWAP;
    CHECK_EQ(post1(QA, &w), IW_V_INVALID_OP_TYPE);
    w = swr(IW_WR_BIND_MW, 2); /* IW_CFG_VERBS_MW 0 */
    CHECK_EQ(post1(QA, &w), IW_V_INVALID_OP_TYPE);
    w = swr(IW_WR_FAST_REG, 3); /* IW_CFG_VERBS_FAST_REG 0 */
    CHECK_EQ(post1(QA, &w), IW_V_INVALID_OP_TYPE);
    CHECK_EQ(iw_mw_alloc(&RA.r, RA.pd, 5, &st), IW_V_INSUFFICIENT_RESOURCES);
    CHECK_EQ(st, 0);
    memset(&rw, 0, sizeof rw); /* RDMAP itself: the opcode is not there */
    rw.opcode = IW_RDMAP_OP_ATOMIC_REQ;
    CHECK_EQ(iw_rdmap_post(&QA->qp.rs, &rw), IW_EINVAL);
    /* nothing was sent or completed, and the QP still works */
    vf_flow();
    CHECK_EQ(iw_cq_poll(&QA->scq, &wc), IW_V_CQ_EMPTY);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_RTS);
}

/* One FPDU (CRC on) carrying ulpdu[0..len) onto the end of B's input. */
static void fpdu_to_b(const uint8_t *ulpdu, size_t len)
{
    uint8_t f[128];
    size_t n = 0, pad = iw_mpa_pad(len), used = 0;
    uint32_t crc;
    iw_put_be16(f, (uint16_t)len);
    memcpy(f + 2, ulpdu, len);
    memset(f + 2 + len, 0, pad);
    n = 2 + len + pad;
    crc = iw_crc32c(0, f, n);
    iw_put_le32(f + n, crc);
    n += 4;
    (void)iw_mpa_rx_feed(&QB->c, f, n, &used);
}

/* The Terminate B sent after offset off: its control word (layer|etype, ecode), 1 if found. */
static int b_terminate(size_t off, uint8_t *le, uint8_t *ecode)
{
    while (off + 2 <= QB->h.wire_len) {
        size_t len = iw_get_be16(QB->out + off);
        const uint8_t *u = QB->out + off + 2;
        if (len >= 22 && !(u[0] & 0x80u) && (u[1] & 0x0Fu) == IW_RDMAP_OP_TERMINATE) {
            *le = u[18];
            *ecode = u[19];
            return 1;
        }
        off += 2 + len + iw_mpa_pad(len) + 4;
    }
    return 0;
}

/* RFC 7306 §8.1: an RNIC without atomics answers an Atomic Request with the
 * Terminate for an unexpected opcode, (0, 2, 0x06), and ends the stream. */
static void t_atomic_request_terminate(void)
{
    uint8_t u[18 + 52], le = 0, ec = 0;
    size_t off;
    iw_wc wc;
    REQUIRE(vf_rn_init(&RA, 0, 31, 0) && vf_rn_init(&RB, 1, 32, 0));
    REQUIRE(vf_q_init(QA, &RA, vf_qp_cfg(RA.pd, 4, 4), 64) && vf_q_init(QB, &RB, vf_qp_cfg(RB.pd, 4, 4), 64));
    REQUIRE(vf_connect());
    CHECK_EQ(recv1(QB, 9, 0, 0, 0), IW_V_OK);
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY);
    memset(u, 0, sizeof u);
    u[0] = 0x41;                                           /* untagged, Last, DDP version 1 */
    u[1] = (uint8_t)(0x40u | IW_RDMAP_OP_ATOMIC_REQ);      /* RDMAP version 1, opcode 0xA */
    iw_put_be32(u + 6, IW_RDMAP_QN_READ);                  /* QN 1 */
    iw_put_be32(u + 10, 1);                                /* MSN 1 */
    u[18 + 3] = IW_RDMAP_AOP_FETCHADD;
    iw_put_be32(u + 18 + 4, 77);                           /* Request Identifier */
    off = QB->h.wire_len;
    fpdu_to_b(u, sizeof u);
    REQUIRE(b_terminate(off, &le, &ec));
    CHECK_EQ(le, 0x02); /* Layer 0 RDMAP, EType 2 remote operation */
    CHECK_EQ(ec, 0x06); /* unexpected opcode (ATOM-022a) */
    CHECK(iw_qp_state(&QB->qp) == IW_QP_TERMINATE || iw_qp_state(&QB->qp) == IW_QP_ERROR);
    CHECK_EQ(iw_cq_poll(&QB->rcq, &wc), IW_V_CQ_EMPTY); /* the Receive was not used */
}

/* An Atomic Response (never asked for: there are no atomics) is refused as an unexpected
 * opcode too, (0, 2, 0x06); a Send on queue 3 (not there with IW_CFG_DDP_QN 3) is an invalid
 * QN, (1, 2, 0x01) (RFC 5041 §7.2). */
static void t_atomic_response_no_queue(void)
{
    uint8_t u[18 + 12], le = 0, ec = 0;
    size_t off;
    REQUIRE(vf_rn_init(&RA, 0, 41, 0) && vf_rn_init(&RB, 1, 42, 0));
    REQUIRE(vf_q_init(QA, &RA, vf_qp_cfg(RA.pd, 4, 4), 64) && vf_q_init(QB, &RB, vf_qp_cfg(RB.pd, 4, 4), 64));
    REQUIRE(vf_connect());
    memset(u, 0, sizeof u);
    u[0] = 0x41;
    u[1] = (uint8_t)(0x40u | IW_RDMAP_OP_ATOMIC_RESP);
    iw_put_be32(u + 6, IW_RDMAP_QN_ATOMIC_RESP);
    iw_put_be32(u + 10, 1);
    off = QB->h.wire_len;
    fpdu_to_b(u, sizeof u);
    REQUIRE(b_terminate(off, &le, &ec));
    CHECK_EQ(le, 0x02);
    CHECK_EQ(ec, 0x06);
    REQUIRE(vf_rn_init(&RA, 0, 43, 0) && vf_rn_init(&RB, 1, 44, 0));
    REQUIRE(vf_q_init(QA, &RA, vf_qp_cfg(RA.pd, 4, 4), 64) && vf_q_init(QB, &RB, vf_qp_cfg(RB.pd, 4, 4), 64));
    REQUIRE(vf_connect());
    u[1] = (uint8_t)(0x40u | IW_RDMAP_OP_SEND);
    off = QB->h.wire_len;
    fpdu_to_b(u, sizeof u);
    REQUIRE(b_terminate(off, &le, &ec));
    CHECK_EQ(le, 0x12); /* Layer 1 DDP, EType 2 untagged buffer */
    CHECK_EQ(ec, 0x01); /* invalid QN */
}

/* ---- the refusals: MPA setup ---- */

static iw_mpa_info g_req;
static int g_nreq;
static void sm_request(void *uctx, const iw_mpa_info *in)
{
    (void)uctx;
    g_req = *in;
    g_nreq++;
}
static iw_status sm_begin(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned fl,
                          iw_mpa_rx_dst **dst)
{
    (void)uctx, (void)u, (void)have, (void)len, (void)fl;
    *dst = NULL;
    return IW_OK;
}
static iw_status sm_commit(void *uctx, int ok)
{
    (void)uctx, (void)ok;
    return IW_OK;
}
static const iw_mpa_ulp_ops sm_ulp = {sm_request, NULL, NULL, sm_begin, sm_commit, NULL, NULL, NULL};
static uint8_t *sm_room(void *ctx, size_t want, size_t *cap)
{
    (void)ctx, (void)want;
    *cap = 0;
    return NULL;
}
static iw_status sm_commit_tx(void *ctx, size_t n)
{
    (void)ctx, (void)n;
    return IW_OK;
}

static void sm_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    (void)ctx, (void)dir, (void)iov, (void)n, (void)last;
}

/* A Request or Reply frame of kind with flags and, Rev 2, the IRD/ORD words; its length. */
static size_t sm_frame(uint8_t *out, unsigned kind, unsigned flags, uint16_t ird_w, uint16_t ord_w)
{
    iw_mpa_frame f;
    size_t len = 0;
    memset(&f, 0, sizeof f);
    f.kind = (uint8_t)kind;
    f.flags = (uint8_t)flags;
    f.rev = 2;
    f.enhanced = 1;
    f.ird_word = ird_w;
    f.ord_word = ord_w;
    return iw_mpa_frame_encode(&f, out, 64, &len) == IW_OK ? len : 0;
}

static void t_mpa_init_left_out(void)
{
    iw_mpa_cfg mc;
    iw_mpa_host_ops ops = vf_mpa_ops;
    static uint8_t reasm[256];
    iw_mpa_conn *c = &QB->c;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    CHECK_EQ(iw_mpa_init(c, &mc, &vf_mpa_ops, QB, &sm_ulp, NULL, reasm, sizeof reasm), IW_OK);
    mc.markers_rx = 1; /* IW_CFG_MPA_MARKERS 0: we cannot ask for markers */
    CHECK_EQ(iw_mpa_init(c, &mc, &vf_mpa_ops, QB, &sm_ulp, NULL, reasm, sizeof reasm), IW_EINVAL);
    mc.markers_rx = 0;
    mc.p2p = 1; /* IW_CFG_MPA_P2P 0 */
    CHECK_EQ(iw_mpa_init(c, &mc, &vf_mpa_ops, QB, &sm_ulp, NULL, reasm, sizeof reasm), IW_EINVAL);
    mc.p2p = 0;
    ops.tx_room = sm_room; /* IW_CFG_MPA_TX_COPYOUT 0 */
    ops.tx_commit = sm_commit_tx;
    CHECK_EQ(iw_mpa_init(c, &mc, &ops, QB, &sm_ulp, NULL, reasm, sizeof reasm), IW_EINVAL);
    ops = vf_mpa_ops;
    ops.trace = sm_trace; /* IW_CFG_MPA_TRACE 0 */
    CHECK_EQ(iw_mpa_init(c, &mc, &ops, QB, &sm_ulp, NULL, reasm, sizeof reasm), IW_EINVAL);
}

/* A Responder set up on B's MPA end, its Request timer armed. */
static int sm_responder(void)
{
    static uint8_t reasm[256];
    iw_mpa_cfg mc;
    memset(QB, 0, sizeof *QB);
    hf_init(&QB->h, QB->out, sizeof QB->out);
    g_nreq = 0;
    iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
    return iw_mpa_init(&QB->c, &mc, &vf_mpa_ops, QB, &sm_ulp, NULL, reasm, sizeof reasm) == IW_OK &&
           iw_mpa_start(&QB->c, NULL, 0) == IW_OK;
}

/* A Request asking for markers we do not insert is answered with a Reply with R set
 * (rejected), and the connection closes; the ULP never sees it. */
static void t_mpa_request_markers_rejected(void)
{
    uint8_t fr[64];
    size_t n, used = 0;
    iw_mpa_frame f;
    REQUIRE(sm_responder());
    n = sm_frame(fr, IW_MPA_REQUEST, IW_MPA_FLAG_M | IW_MPA_FLAG_C, 8, 8);
    REQUIRE(n);
    CHECK_EQ(iw_mpa_rx_feed(&QB->c, fr, n, &used), IW_EREJECTED);
    CHECK_EQ(g_nreq, 0);
    REQUIRE(iw_mpa_frame_decode(QB->out, QB->h.wire_len, IW_MPA_REPLY, &f, &n) == IW_OK);
    CHECK(f.flags & IW_MPA_FLAG_R); /* MPA-028a */
    CHECK(!(f.flags & IW_MPA_FLAG_M));
    CHECK_EQ(n, QB->h.wire_len); /* the Reply and nothing after it */
    CHECK(QB->h.closed); /* MPA-028a */
}

/* An Initiator whose Reply asks for markers cannot honour it: a local error, the
 * connection closed, no FPDU sent. */
static void t_mpa_reply_markers_refused(void)
{
    static uint8_t reasm[256];
    iw_mpa_cfg mc;
    uint8_t fr[64];
    size_t n, used = 0, sent;
    memset(QA, 0, sizeof *QA);
    hf_init(&QA->h, QA->out, sizeof QA->out);
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    REQUIRE(iw_mpa_init(&QA->c, &mc, &vf_mpa_ops, QA, &sm_ulp, NULL, reasm, sizeof reasm) == IW_OK);
    REQUIRE(iw_mpa_start(&QA->c, NULL, 0) == IW_OK);
    sent = QA->h.wire_len;
    n = sm_frame(fr, IW_MPA_REPLY, IW_MPA_FLAG_M | IW_MPA_FLAG_C, 8, 8);
    REQUIRE(n);
    CHECK_EQ(iw_mpa_rx_feed(&QA->c, fr, n, &used), IW_EPROTO); /* MPA-028b */
    CHECK_EQ(iw_mpa_last_error(&QA->c)->mpa_ecode, IW_MPA_ECODE_LOCAL); /* MPA-028b */
    CHECK_EQ(QA->h.wire_len, sent);
    CHECK(QA->h.closed); /* MPA-028b */
}

/* MPA-039: a P2P offer (every RTR type) is declined: the ULP sees no RTR offered, and the
 * Reply carries neither the P2P bit nor an RTR bit; the connection goes on without an RTR. */
static void t_mpa_p2p_declined(void)
{
    uint8_t fr[64];
    size_t n, used = 0;
    iw_mpa_frame f;
    REQUIRE(sm_responder());
    n = sm_frame(fr, IW_MPA_REQUEST, IW_MPA_FLAG_C, (uint16_t)(IW_MPA_IRD_P2P | IW_MPA_IRD_RTR_SEND | 8u),
                 (uint16_t)(IW_MPA_ORD_RTR_WRITE | IW_MPA_ORD_RTR_READ | 8u));
    REQUIRE(n);
    CHECK_EQ(iw_mpa_rx_feed(&QB->c, fr, n, &used), IW_OK);
    REQUIRE(g_nreq == 1);
    CHECK(g_req.p2p == 0 && g_req.rtr == 0);
    CHECK_EQ(iw_mpa_accept(&QB->c, 8, 8, NULL, 0), IW_OK);
    REQUIRE(iw_mpa_frame_decode(QB->out, QB->h.wire_len, IW_MPA_REPLY, &f, &n) == IW_OK);
    CHECK(!(f.flags & IW_MPA_FLAG_R));
    CHECK_EQ(f.ird_word & (IW_MPA_IRD_P2P | IW_MPA_IRD_RTR_SEND), 0);
    CHECK_EQ(f.ord_word & (IW_MPA_ORD_RTR_WRITE | IW_MPA_ORD_RTR_READ), 0);
    CHECK_EQ(iw_mpa_state(&QB->c), IW_MPA_S_AWAIT_FIRST);
    CHECK(!QB->h.closed);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"crc_small_table", t_crc_small_table},
        {"exchange", t_exchange},
        {"verbs_left_out", t_verbs_left_out},
        {"atomic_request_terminate", t_atomic_request_terminate},
        {"atomic_response_no_queue", t_atomic_response_no_queue},
        {"mpa_init_left_out", t_mpa_init_left_out},
        {"mpa_request_markers_rejected", t_mpa_request_markers_rejected},
        {"mpa_reply_markers_refused", t_mpa_reply_markers_refused},
        {"mpa_p2p_declined", t_mpa_p2p_declined},
    };
    return CHECK_RUN(tests);
}
