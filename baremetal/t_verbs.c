/* t_verbs.c: two verbs endpoints joined by in-memory rings (xchg.c), CRC on: every SQ operation
 * (each Send variant, RDMA Write, RDMA Read, Immediate Data, both atomics, Send with Invalidate
 * of an MR and of a memory window, Bind MW and access through the window) with its WCs, and every
 * octet of both ends' memory compared with what the operations must have left there; then a
 * corrupted octet on the wire, which the receiver's CRC check must catch. */
#include "bm.h"
#include "xchg.h"

static uint8_t expA[BX_MEM], expB[BX_MEM]; /* what each end's memory must hold */

static iw_send_wr wr0(iw_wr_type t, uint64_t id)
{
    iw_send_wr w;
    memset(&w, 0, sizeof w);
    w.type = t;
    w.wr_id = id;
    w.flags = IW_WR_SIGNALED;
    return w;
}
static iw_send_wr wr1(iw_wr_type t, uint64_t id, uint32_t stag, uint64_t to, uint32_t len)
{
    iw_send_wr w = wr0(t, id);
    w.nsge = 1;
    w.sgl[0].stag = stag;
    w.sgl[0].to = to;
    w.sgl[0].len = len;
    return w;
}
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); } /* host order, as atomics use */

static void t_connect(void)
{
    BM_REQUIRE(bx_up());
    BM_CHECK(BA.qp.info.crc); /* CRC in use (B learns it at A's first FPDU, MPA-015) */
    BM_CHECK_EQ(BA.qp.info.rev, 2);
    BM_CHECK_EQ(BA.nasync + BB.nasync, 0);
}

static void t_every_op(void)
{
    uint32_t a_mr, b_mr, b_inv, b_mw = 0, k;
    iw_send_wr w;
    iw_wc wc;
    uint64_t v;
    size_t i;
    static const uint64_t ids[] = {3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}; /* 4: unsignaled */
    static const iw_wr_type ty[] = {IW_WR_SEND, IW_WR_SEND_INV, IW_WR_SEND_SE_INV, IW_WR_IMM, IW_WR_IMM_SE,
                                    IW_WR_WRITE, IW_WR_WRITE, IW_WR_READ, IW_WR_FETCHADD, IW_WR_CMPSWAP,
                                    IW_WR_WRITE, IW_WR_READ};
    BM_REQUIRE(bx_up());
    for (i = 0; i < BX_MEM; i++) BA.mem[i] = (uint8_t)(i * 13u + 5u);
    memcpy(expA, BA.mem, BX_MEM);
    memset(expB, 0xEE, BX_MEM);
    a_mr = bx_reg(&BA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1);
    b_mr = bx_reg(&BB, 0x3Fu, 2); /* every right, windows may be bound */
    b_inv = bx_reg(&BB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 3);
    BM_REQUIRE(a_mr && b_mr && b_inv);
    /* B: six receives of 200 octets at 256-octet steps; a window on b_mr (Bind MW on B's SQ) */
    for (k = 0; k < 6; k++) BM_REQUIRE(bx_recv(&BB, 100u + k, b_mr, bx_va(&BB, 256u * k), 200) == IW_V_OK);
    BM_REQUIRE(iw_mw_alloc(&BB.r, BB.pd, 0x11, &b_mw) == IW_V_OK);
    w = wr0(IW_WR_BIND_MW, 50);
    w.bind.mw_stag = (b_mw & ~0xFFu) | 0x12;
    w.bind.mr_stag = b_mr;
    w.bind.va = bx_va(&BB, 9000);
    w.bind.len = 300;
    w.bind.acc = IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_READ;
    BM_REQUIRE(bx_post(&BB, &w) == IW_V_OK);
    BM_REQUIRE(iw_cq_poll(&BB.scq, &wc) == IW_V_OK);
    BM_CHECK(wc.wr_id == 50 && wc.status == IW_WC_SUCCESS && wc.type == IW_WR_BIND_MW);
    b_mw = (b_mw & ~0xFFu) | 0x12;
    /* A: Write 100 octets through the window (at its 20th octet) and Read 300 back */
    w = wr1(IW_WR_WRITE, 1, a_mr, bx_va(&BA, 5000), 100);
    w.remote_stag = b_mw;
    w.remote_to = bx_va(&BB, 9020);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    memcpy(expB + 9020, expA + 5000, 100);
    w = wr1(IW_WR_READ, 2, a_mr, bx_va(&BA, 15000), 300);
    w.remote_stag = b_mw;
    w.remote_to = bx_va(&BB, 9000);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    bx_flow();
    memcpy(expA + 15000, expB + 9000, 300);
    BM_REQUIRE(iw_cq_poll(&BA.scq, &wc) == IW_V_OK);
    BM_CHECK(wc.wr_id == 1 && wc.status == IW_WC_SUCCESS && wc.type == IW_WR_WRITE);
    BM_REQUIRE(iw_cq_poll(&BA.scq, &wc) == IW_V_OK);
    BM_CHECK(wc.wr_id == 2 && wc.status == IW_WC_SUCCESS && wc.type == IW_WR_READ);
    /* the four Sends, two SGEs each; Send with Invalidate: b_inv, then the window */
    for (k = 0; k < 4; k++) {
        static const iw_wr_type t[4] = {IW_WR_SEND, IW_WR_SEND_SE, IW_WR_SEND_INV, IW_WR_SEND_SE_INV};
        w = wr0(t[k], 3u + k);
        if (k == 1) w.flags = 0; /* unsignaled: no WC */
        w.nsge = 2;
        w.sgl[0].stag = a_mr;
        w.sgl[0].to = bx_va(&BA, 10u * k);
        w.sgl[0].len = 10u + k;
        w.sgl[1].stag = a_mr;
        w.sgl[1].to = bx_va(&BA, 1000u + 100u * k);
        w.sgl[1].len = 150;
        w.inval_stag = k == 3 ? b_mw : b_inv;
        BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
        memcpy(expB + 256u * k, expA + 10u * k, 10u + k);
        memcpy(expB + 256u * k + 10u + k, expA + 1000u + 100u * k, 150);
    }
    w = wr0(IW_WR_IMM, 7);
    memcpy(w.imm, "IMMEDIAT", 8);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    w = wr0(IW_WR_IMM_SE, 8);
    memcpy(w.imm, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    /* Writes of 64 octets (odd offset) and 1 KiB (across a page boundary), a Read of 3000 */
    w = wr1(IW_WR_WRITE, 9, a_mr, bx_va(&BA, 3), 64);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 2001);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    memcpy(expB + 2001, expA + 3, 64);
    w = wr1(IW_WR_WRITE, 10, a_mr, bx_va(&BA, 2048), 1024);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 8192 - 500);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    memcpy(expB + 8192 - 500, expA + 2048, 1024);
    bx_flow(); /* the Read below reads what the Writes wrote */
    w = wr1(IW_WR_READ, 11, a_mr, bx_va(&BA, 10000), 3000);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 6000);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    memcpy(expA + 10000, expB + 6000, 3000);
    /* Fetch and Add 41 + 1, then Compare and Swap 42 -> 7, on B's octets 12288.. */
    put64(BB.mem + 12288, 41);
    put64(expB + 12288, 7);
    w = wr1(IW_WR_FETCHADD, 12, a_mr, bx_va(&BA, 13200), 8);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 12288);
    w.add_swap = 1;
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    put64(expA + 13200, 41);
    w.type = IW_WR_CMPSWAP;
    w.wr_id = 13;
    w.sgl[0].to = bx_va(&BA, 13208);
    w.cmp = 42;
    w.cmp_mask = ~0ull;
    w.add_swap = 7;
    w.add_swap_mask = ~0ull;
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    put64(expA + 13208, 42);
    bx_flow();
    /* after the atomics: a Write beside their target, and a Read of both (the swapped value) */
    w = wr1(IW_WR_WRITE, 14, a_mr, bx_va(&BA, 700), 64);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 12300);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    memcpy(expB + 12300, expA + 700, 64);
    w = wr1(IW_WR_READ, 15, a_mr, bx_va(&BA, 14000), 80);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 12288);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    bx_flow();
    memcpy(expA + 14000, expB + 12288, 80);
    /* A's WCs in order */
    for (k = 0; k < sizeof ids / sizeof ids[0]; k++) {
        BM_REQUIRE(iw_cq_poll(&BA.scq, &wc) == IW_V_OK);
        BM_CHECK_EQ(wc.wr_id, ids[k]);
        BM_CHECK_EQ(wc.type, ty[k]);
        BM_CHECK_EQ(wc.status, IW_WC_SUCCESS);
    }
    BM_CHECK_EQ(iw_cq_poll(&BA.scq, &wc), IW_V_CQ_EMPTY);
    /* B's receives, in order */
    for (k = 0; k < 6; k++) {
        BM_REQUIRE(iw_cq_poll(&BB.rcq, &wc) == IW_V_OK);
        BM_CHECK_EQ(wc.wr_id, 100u + k);
        BM_CHECK_EQ(wc.type, IW_WR_RECV);
        BM_CHECK_EQ(wc.status, IW_WC_SUCCESS);
        if (k < 4) {
            BM_CHECK_EQ(wc.len, 160u + k);
            BM_CHECK_EQ(wc.solicited, k == 1 || k == 3);
            BM_CHECK_EQ(wc.inval, k >= 2);
            if (k >= 2) BM_CHECK_EQ(wc.inval_stag, k == 3 ? b_mw : b_inv);
        } else {
            BM_CHECK(wc.imm_valid);
            BM_CHECK_EQ(wc.solicited, k == 5);
            BM_CHECK(bm_memeq(wc.imm, k == 4 ? "IMMEDIAT" : "\x01\x02\x03\x04\x05\x06\x07\x08", 8));
        }
    }
    BM_CHECK_EQ(iw_cq_poll(&BB.rcq, &wc), IW_V_CQ_EMPTY);
    {
        iw_stag_info si;
        BM_CHECK(iw_stag_query(&BB.r, b_inv >> 8, &si) == IW_V_OK && !si.valid);
        BM_CHECK(iw_stag_query(&BB.r, b_mw >> 8, &si) == IW_V_OK && !si.valid && si.is_mw);
        BM_CHECK(iw_stag_query(&BB.r, b_mr >> 8, &si) == IW_V_OK && si.valid);
    }
    /* every octet of both memories */
    for (i = 0; i < BX_MEM; i++)
        if (BA.mem[i] != expA[i] || BB.mem[i] != expB[i]) {
            bm_printf("  memory differs at %u: A %02x (want %02x) B %02x (want %02x)\n", (unsigned)i,
                      BA.mem[i], expA[i], BB.mem[i], expB[i]);
            BM_CHECK(0);
            break;
        }
    memcpy(&v, BB.mem + 12288, 8);
    BM_CHECK_EQ(v, 7);
    BM_CHECK(BA.qp.info.crc && BB.qp.info.crc);
    BM_CHECK_EQ(BA.nasync + BB.nasync, 0);
    BM_CHECK_EQ(BA.dropped + BB.dropped, 0);
    BM_CHECK(!BA.closed && !BB.closed);
    BM_CHECK(iw_qp_state(&BA.qp) == IW_QP_RTS && iw_qp_state(&BB.qp) == IW_QP_RTS);
}

/* One octet of a Write's payload flipped on the wire: B's CRC check refuses the FPDU, nothing
 * lands in B's memory, the connection ends (the CRC is computed and checked). */
static void t_crc_error(void)
{
    uint32_t a_mr, b_mr;
    iw_send_wr w;
    size_t i, bad = 0;
    BM_REQUIRE(bx_up());
    for (i = 0; i < BX_MEM; i++) BA.mem[i] = (uint8_t)(i + 1u);
    a_mr = bx_reg(&BA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1);
    b_mr = bx_reg(&BB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 2);
    BM_REQUIRE(a_mr && b_mr);
    w = wr1(IW_WR_WRITE, 1, a_mr, bx_va(&BA, 0), 256);
    w.remote_stag = b_mr;
    w.remote_to = bx_va(&BB, 0);
    BM_REQUIRE(bx_post(&BA, &w) == IW_V_OK);
    BM_REQUIRE(BA.head - BA.tail == 2u + 14u + 256u + 4u); /* length, header, data, CRC (no pad) */
    BA.ring[(BA.tail + 100u) % BX_RING] ^= 0x20u;
    bx_flow();
    for (i = 0; i < BX_MEM; i++) bad += BB.mem[i] != 0xEE;
    BM_CHECK_EQ(bad, 0);
    BM_CHECK(iw_mpa_last_error(&BB.c)->status != IW_OK);
    BM_CHECK(iw_qp_state(&BB.qp) != IW_QP_RTS);
}

const bm_test bm_verbs_tests[] = {
    {"verbs: two endpoints over in-memory rings, MPA rev 2 with CRC, both QPs in RTS", t_connect},
    {"verbs: every Send variant, Write, Read, Immediate, both atomics, Send with Invalidate, a memory "
     "window: WCs in order, every octet of both memories", t_every_op},
    {"verbs: an octet flipped on the wire is caught by the receiver's CRC check", t_crc_error},
};
const size_t bm_verbs_ntests = sizeof bm_verbs_tests / sizeof bm_verbs_tests[0];
