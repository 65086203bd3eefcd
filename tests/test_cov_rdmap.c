/* test_cov_rdmap.c: the argument checks of rdmap.h's public functions that neither the other
 * tests nor the fuzz corpora reach (make coverage listed them): each refused call returns the
 * documented status and leaves the stream as it was (not failed, nothing sent). */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "check.h"
#include "rdmap_fake.h"

static rf_ep g_a, g_b;

static void t_init_refused(void)
{
    iw_rdmap_cfg cfg;
    iw_rdmap_ops o;
    rf_cfg rc;
    const iw_ddp_llp_ops *llp = iw_ddp_mpa_llp_ops();
    rf_cfg_default(&rc);
    REQUIRE(rf_ep_init(&g_a, &rc, IW_MPA_INITIATOR, rf_out_a, RF_OUT_CAP) == IW_OK); /* the control */
    iw_rdmap_cfg_default(&cfg);
    cfg.ird = 4;
    CHECK_EQ(iw_rdmap_init(NULL, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 4), IW_EINVAL);
    CHECK_EQ(iw_rdmap_init(&g_a.s, NULL, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 4),
             IW_EINVAL);
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, NULL, &g_a, g_a.sq, 8, g_a.irq, 4), IW_EINVAL);
    o = rf_ops; o.resolve = NULL;
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &o, &g_a, g_a.sq, 8, g_a.irq, 4), IW_EINVAL);
    o = rf_ops; o.recv = NULL;
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &o, &g_a, g_a.sq, 8, g_a.irq, 4), IW_EINVAL);
    o = rf_ops; o.complete = NULL;
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &o, &g_a, g_a.sq, 8, g_a.irq, 4), IW_EINVAL);
    cfg.rv = 4; /* two bits on the wire */
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 4),
             IW_EINVAL);
    cfg.rv = 1;
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, NULL, 8, g_a.irq, 4), IW_EINVAL);
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, NULL, 4), IW_EINVAL);
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 3),
             IW_EINVAL); /* IRD 4 in 3 slots */
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 4), IW_OK);
}

static void t_calls_refused(void)
{
    uint8_t buf[64];
    iw_rdmap_term_info ti;
    iw_mpa_rx_dst *d = NULL;
    iw_term bad = {3, 0, 0}, bad2 = {1, 0x10, 0}, ok = {1, 0, 0};
    iw_rdmap_wr w;
    rf_cfg rc;
    (void)rf_reg; /* rdmap_fake.h helpers this file does not need */
    rf_cfg_default(&rc);
    REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK); /* in Full Operation */
    memset(buf, 0, sizeof buf);
    memset(&w, 0, sizeof w);
    CHECK_EQ(iw_rdmap_term_decode(NULL, 28, &ti), IW_EINVAL);
    CHECK_EQ(iw_rdmap_term_decode(buf, 28, NULL), IW_EINVAL);
    CHECK_EQ(iw_rdmap_set_ird_ord(NULL, 1, 1), IW_EINVAL);
    CHECK_EQ(iw_rdmap_set_ird_ord(&g_a.s, 17, 1), IW_EINVAL); /* 16 inbound slots */
    CHECK_EQ(iw_rdmap_set_ird_ord(&g_a.s, 16, 1), IW_OK);
    CHECK_EQ(iw_rdmap_post(NULL, &w), IW_EINVAL);
    CHECK_EQ(iw_rdmap_post(&g_a.s, NULL), IW_EINVAL);
    CHECK_EQ(iw_rdmap_rx(NULL, buf, 18), IW_EINVAL);
    CHECK_EQ(iw_rdmap_rx(&g_a.s, NULL, 18), IW_EINVAL);
    CHECK_EQ(iw_rdmap_rx_begin(NULL, buf, 18, 18, 0, &d), IW_EINVAL);
    CHECK_EQ(iw_rdmap_rx_begin(&g_a.s, buf, 18, 18, 0, NULL), IW_EINVAL);
    CHECK_EQ(iw_rdmap_rx_begin(&g_a.s, NULL, 18, 18, 0, &d), IW_EINVAL);
    CHECK_EQ(iw_rdmap_rx_commit(NULL, 1), IW_EINVAL);
    CHECK_EQ(iw_rdmap_tx_resume(NULL), IW_EINVAL);
    CHECK_EQ(iw_rdmap_terminate(NULL, ok), IW_EINVAL);
    CHECK_EQ(iw_rdmap_terminate(&g_a.s, bad), IW_EINVAL);  /* Layer 3 does not exist */
    CHECK_EQ(iw_rdmap_terminate(&g_a.s, bad2), IW_EINVAL); /* EType is four bits */
    iw_rdmap_llp_down(NULL, IW_ECLOSED, ok);
    iw_rdmap_mpa_established(NULL, NULL);
    iw_rdmap_mpa_established(&g_a.s, NULL);
    iw_rdmap_mpa_error(NULL, NULL);
    iw_rdmap_mpa_error(&g_a.s, NULL);
    CHECK(!iw_rdmap_failed(&g_a.s)); /* none of the above failed the stream */
    CHECK_EQ(g_a.h.wire_len, g_a.out_off); /* nor sent anything */
}

/* iw_rdmap_rx (the unfused receive: one whole ULPDU): a segment shorter than an untagged DDP
 * header fails the stream with a DDP-layer Terminate, sent to the peer. */
static void t_rx_whole_short(void)
{
    uint8_t seg[6] = {0x41, 0x43, 0, 0, 0, 0};
    size_t before;
    rf_cfg rc;
    rf_cfg_default(&rc);
    rc.fused = 0;
    REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK);
    before = g_a.h.wire_len;
    CHECK_EQ(iw_rdmap_rx(&g_a.s, seg, sizeof seg), IW_ETERM);
    CHECK(iw_rdmap_failed(&g_a.s));
    CHECK_EQ(iw_rdmap_last_event(&g_a.s)->term.term.layer, 1u); /* DDP */
    CHECK(g_a.h.wire_len > before); /* the Terminate went out */
}

/* An untagged DDP header (RFC 5041 §4.2, RDMAP control RV 01) of a last segment. */
static size_t untagged(uint8_t *u, unsigned op, uint32_t qn, uint32_t msn, uint32_t mo)
{
    memset(u, 0, IW_DDP_UNTAGGED_HDR);
    u[0] = 0x41; /* T 0, L 1, DV 01 */
    u[1] = (uint8_t)(0x40u | op);
    iw_put_be32(u + 6, qn);
    iw_put_be32(u + 10, msn);
    iw_put_be32(u + 14, mo);
    return IW_DDP_UNTAGGED_HDR;
}

/* More refusals of iw_rdmap_init and iw_rdmap_post: counts beyond 31 bits, no LLP table, an
 * opcode out of range or one RDMAP sends only itself, RFC 7306 opcodes with RFC 7306 off. */
static void t_init_post_refused(void)
{
    iw_rdmap_cfg cfg;
    iw_rdmap_wr w;
    rf_cfg rc;
    const iw_ddp_llp_ops *llp = iw_ddp_mpa_llp_ops();
    rf_cfg_default(&rc);
    REQUIRE(rf_ep_init(&g_a, &rc, IW_MPA_INITIATOR, rf_out_a, RF_OUT_CAP) == IW_OK);
    iw_rdmap_cfg_default(&cfg);
    cfg.ird = 0;
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 0x80000000u, g_a.irq, 4),
             IW_EINVAL);
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 0x80000000u),
             IW_EINVAL);
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, NULL, &g_a.c, &rf_ops, &g_a, g_a.sq, 8, g_a.irq, 4),
             IW_EINVAL); /* DDP refuses: no LLP */
    CHECK_EQ(iw_rdmap_init(&g_a.s, &cfg, llp, &g_a.c, &rf_ops, &g_a, NULL, 0, NULL, 0), IW_OK);
    rc.rfc7306 = 0;
    REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK);
    w = rf_wr(IW_RDMAP_OP_SEND, NULL);
    w.opcode = 0x10;
    CHECK_EQ(iw_rdmap_post(&g_a.s, &w), IW_EINVAL);
    w.opcode = IW_RDMAP_OP_TERMINATE;
    CHECK_EQ(iw_rdmap_post(&g_a.s, &w), IW_EINVAL);
    w.opcode = IW_RDMAP_OP_IMM; /* RFC 7306 */
    CHECK_EQ(iw_rdmap_post(&g_a.s, &w), IW_EINVAL);
    CHECK_EQ(g_a.h.wire_len, g_a.out_off); /* nothing sent */
    CHECK(!iw_rdmap_failed(&g_a.s));
}

/* The Terminate codec (RFC 5040 §4.8): with D and without M the DDP Segment Length field is 0;
 * a message with R set too short for the RDMA Read Request header is refused. */
static void t_term_codec_edges(void)
{
    iw_rdmap_term_info ti, back;
    uint8_t out[IW_RDMAP_TERM_MAX];
    size_t n;
    memset(&ti, 0, sizeof ti);
    ti.term.layer = IW_DDP_LAYER;
    ti.term.etype = IW_DDP_ETYPE_UNTAGGED;
    ti.term.ecode = IW_DDP_U_INVALID_QN;
    ti.d = 1;
    ti.m = 0;
    ti.seg_len = 1234;
    untagged(ti.ddp_hdr, IW_RDMAP_OP_SEND, 0, 1, 0);
    ti.ddp_hdr_len = IW_DDP_UNTAGGED_HDR;
    n = iw_rdmap_term_encode(&ti, out);
    CHECK_EQ(n, IW_RDMAP_TERM_HDR + 2u + IW_DDP_UNTAGGED_HDR);
    CHECK(out[0] == 0x12 && out[1] == 0x01 && (out[2] & 0xE0u) == IW_RDMAP_TERM_D);
    CHECK_EQ(iw_get_be16(out + IW_RDMAP_TERM_HDR), 0u); /* no M: no length */
    CHECK_EQ(iw_rdmap_term_decode(out, n, &back), IW_OK);
    CHECK(back.d && !back.m && back.ddp_hdr_len == IW_DDP_UNTAGGED_HDR);
    out[2] |= IW_RDMAP_TERM_R; /* claims the Read Request header that is not there */
    CHECK_EQ(iw_rdmap_term_decode(out, n, &back), IW_EINVAL);
    CHECK_EQ(iw_rdmap_term_decode(out, n + IW_RDMAP_READ_REQ_HDR, &back), IW_OK);
}

/* iw_rdmap_rx of nothing at all (no octets, no pointer): a segment shorter than any DDP
 * header, a DDP Terminate; the LLP reported down with IW_OK is an ECLOSED end; the closed
 * upcall with no stream does nothing. */
static void t_rx_empty_llp_down(void)
{
    iw_term t = {2, 0, 1};
    rf_cfg rc;
    rf_cfg_default(&rc);
    rc.fused = 0;
    REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK);
    CHECK_EQ(iw_rdmap_rx(&g_a.s, NULL, 0), IW_ETERM);
    CHECK_EQ(iw_rdmap_last_event(&g_a.s)->term.term.layer, IW_DDP_LAYER);
    REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK);
    iw_rdmap_llp_down(&g_a.s, IW_OK, t);
    CHECK(iw_rdmap_failed(&g_a.s));
    CHECK_EQ(iw_rdmap_last_event(&g_a.s)->kind, IW_RDMAP_EV_LLP);
    CHECK_EQ(iw_rdmap_last_event(&g_a.s)->status, IW_ECLOSED);
    iw_rdmap_mpa_ulp_ops()->closed(NULL);
    CHECK(!iw_rdmap_failed(&g_b.s));
}

/* The unfused receive of a valid Send (iw_rdmap_rx): IW_OK, the message in the receive
 * buffer; iw_rdmap_rx_begin with no octets yet (have 0) is not an argument error. */
static void t_rx_whole_ok(void)
{
    uint8_t seg[IW_DDP_UNTAGGED_HDR + 4], buf[16];
    iw_mpa_rx_dst *d = NULL;
    rf_cfg rc;
    rf_cfg_default(&rc);
    rc.fused = 0;
    REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK);
    rf_post_recv(&g_a, buf, sizeof buf);
    (void)untagged(seg, IW_RDMAP_OP_SEND, IW_RDMAP_QN_SEND, 1, 0);
    memcpy(seg + IW_DDP_UNTAGGED_HDR, "abcd", 4);
    CHECK_EQ(iw_rdmap_rx(&g_a.s, seg, sizeof seg), IW_OK);
    CHECK(g_a.nrecv == 1 && g_a.recvs[0].len == 4 && memcmp(buf, "abcd", 4) == 0);
    CHECK(!iw_rdmap_failed(&g_a.s));
    CHECK(iw_rdmap_rx_begin(&g_a.s, NULL, 0, sizeof seg, 0, &d) != IW_EINVAL);
}

/* Segments a peer must not send, each answered with its Terminate (RFC 5040 §7, RFC 7306):
 * a tagged "Terminate" (opcode 7 on the tagged model: V2), an untagged Terminate at MO 4
 * (V27), an Atomic Request to a stream with Reads disabled, an Atomic Response that answers no
 * request (V26: its Request ID) or is short. */
static void t_bad_segments(void)
{
    uint8_t u[80], buf[64];
    size_t n, before;
    const iw_rdmap_event *ev;
    rf_cfg rc, rb;
    iw_rdmap_wr w;
    int k;
    rf_cfg_default(&rc);
    for (k = 0; k < 3; k++) { /* from A, B's first FPDU */
        rb = rc;
        if (k == 0) { /* tagged: STag 0x100, TO 0 */
            memset(u, 0, sizeof u);
            u[0] = 0xC1;
            u[1] = (uint8_t)(0x40u | IW_RDMAP_OP_TERMINATE);
            iw_put_be32(u + 2, 0x100);
            n = IW_DDP_TAGGED_HDR + 4u;
        } else if (k == 1) {
            n = untagged(u, IW_RDMAP_OP_TERMINATE, IW_RDMAP_QN_TERM, 1, 4) + 4u;
        } else {
            rb.read_enabled = 0;
            n = untagged(u, IW_RDMAP_OP_ATOMIC_REQ, IW_RDMAP_QN_READ, 1, 0);
            memset(u + n, 0, IW_RDMAP_ATOMIC_REQ_HDR);
            n += IW_RDMAP_ATOMIC_REQ_HDR;
        }
        REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rb) == IW_OK);
        before = g_b.h.wire_len;
        REQUIRE(rf_inject(&g_a, u, n) == IW_OK);
        rf_flow(&g_a, &g_b);
        CHECK(iw_rdmap_failed(&g_b.s));
        ev = iw_rdmap_last_event(&g_b.s);
        if (k < 2) { /* a malformed Terminate is not answered: the stream just closes */
            CHECK_EQ(ev->kind, IW_RDMAP_EV_BAD_TERM);
            CHECK_EQ(g_b.h.wire_len, before);
            CHECK_EQ(g_b.closed, 1);
        } else { /* (DDP, untagged, invalid QN), as for a Read Request with Reads off */
            CHECK_EQ(ev->kind, IW_RDMAP_EV_TERM_SENT);
            CHECK(ev->term.term.layer == IW_DDP_LAYER && ev->term.term.etype == IW_DDP_ETYPE_UNTAGGED &&
                  ev->term.term.ecode == IW_DDP_U_INVALID_QN);
            CHECK(iw_rdmap_failed(&g_a.s)); /* the Terminate reached A */
        }
        if (check__failed_here) {
            fprintf(stderr, "  case %d\n", k);
            return;
        }
    }
    for (k = 0; k < 2; k++) { /* to A, with its FetchAdd outstanding (answered by nobody) */
        REQUIRE(rf_pair_up(&g_a, &g_b, &rc, &rc) == IW_OK);
        rf_post_recv(&g_b, buf, sizeof buf);
        w = rf_wr(IW_RDMAP_OP_SEND, (void *)1);
        REQUIRE(iw_rdmap_post(&g_a.s, &w) == IW_OK); /* opens B's side (MPA-015) */
        rf_flow(&g_a, &g_b);
        w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)2);
        w.aop = IW_RDMAP_AOP_FETCHADD;
        w.stag = 0x100;
        w.add_swap = 1;
        REQUIRE(iw_rdmap_post(&g_a.s, &w) == IW_OK);
        g_a.out_off = g_a.h.wire_len; /* B never gets it */
        n = untagged(u, IW_RDMAP_OP_ATOMIC_RESP, IW_RDMAP_QN_ATOMIC_RESP, 1, 0);
        iw_put_be32(u + n, 0x7777); /* not A's Request ID */
        memset(u + n + 4, 0, 8);
        n += k ? 8u : IW_RDMAP_ATOMIC_RESP_HDR; /* k 1: 4 octets short */
        REQUIRE(rf_inject(&g_b, u, n) == IW_OK);
        rf_flow(&g_a, &g_b);
        CHECK(iw_rdmap_failed(&g_a.s));
        ev = iw_rdmap_last_event(&g_a.s);
        CHECK(ev->kind == IW_RDMAP_EV_TERM_SENT && ev->term.term.layer == IW_RDMAP_LAYER &&
              ev->term.term.etype == IW_RDMAP_ETYPE_OP && ev->term.term.ecode == IW_RDMAP_O_STREAM);
        CHECK(g_a.ncqe == 2 && g_a.cqes[1].cookie == (void *)2 && g_a.cqes[1].status != IW_OK);
        if (check__failed_here) {
            fprintf(stderr, "  response case %d\n", k);
            return;
        }
    }
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"init_refused", t_init_refused},
        {"calls_refused", t_calls_refused},
        {"rx_whole_short", t_rx_whole_short},
        {"init_post_refused", t_init_post_refused},
        {"term_codec_edges", t_term_codec_edges},
        {"rx_empty_llp_down", t_rx_empty_llp_down},
        {"rx_whole_ok", t_rx_whole_ok},
        {"bad_segments", t_bad_segments},
    };
    return CHECK_RUN(tests);
}
