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
    (void)rf_post_recv;
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

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"init_refused", t_init_refused},
        {"calls_refused", t_calls_refused},
        {"rx_whole_short", t_rx_whole_short},
    };
    return CHECK_RUN(tests);
}
