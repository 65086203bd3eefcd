/* test_cov_ddp.c: the argument checks and optional-op defaults of ddp.h's public functions
 * that neither the other tests nor the fuzz corpora reach (make coverage listed them): each
 * refused call returns the documented status and changes nothing. */
#define IWARP_IMPLEMENTATION
#include "ddp.h"
#include "check.h"
#include "mpa_fake.h"
#include "ddp_fake.h"

static df_llp g_llp;
static df_mem g_mem;
static df_ulp g_ulp;
static uint8_t g_arena[4096];
static iw_ddp_stream g_s;

static int stream_up(void)
{
    df_llp_init(&g_llp, 1000);
    df_mem_init(&g_mem, g_arena, sizeof g_arena, 1);
    df_ulp_init(&g_ulp);
    g_ulp.s = &g_s;
    return iw_ddp_init(&g_s, &df_llp_ops, &g_llp, &df_mem_ops, &g_mem, &df_ulp_ops, &g_ulp) ==
           IW_OK;
}

static void t_init_refused(void)
{
    iw_ddp_llp_ops l;
    iw_ddp_mem_ops m = {.resolve = NULL};
    iw_ddp_ulp_ops u;
    REQUIRE(stream_up());
    CHECK_EQ(iw_ddp_init(NULL, &df_llp_ops, &g_llp, &df_mem_ops, &g_mem, &df_ulp_ops, &g_ulp),
             IW_EINVAL);
    CHECK_EQ(iw_ddp_init(&g_s, NULL, &g_llp, &df_mem_ops, &g_mem, &df_ulp_ops, &g_ulp), IW_EINVAL);
    l = df_llp_ops; l.send = NULL;
    CHECK_EQ(iw_ddp_init(&g_s, &l, &g_llp, &df_mem_ops, &g_mem, &df_ulp_ops, &g_ulp), IW_EINVAL);
    l = df_llp_ops; l.mulpdu = NULL;
    CHECK_EQ(iw_ddp_init(&g_s, &l, &g_llp, &df_mem_ops, &g_mem, &df_ulp_ops, &g_ulp), IW_EINVAL);
    l = df_llp_ops; l.busy = NULL;
    CHECK_EQ(iw_ddp_init(&g_s, &l, &g_llp, &df_mem_ops, &g_mem, &df_ulp_ops, &g_ulp), IW_EINVAL);
    CHECK_EQ(iw_ddp_init(&g_s, &df_llp_ops, &g_llp, NULL, &g_mem, &df_ulp_ops, &g_ulp), IW_EINVAL);
    CHECK_EQ(iw_ddp_init(&g_s, &df_llp_ops, &g_llp, &m, &g_mem, &df_ulp_ops, &g_ulp), IW_EINVAL);
    CHECK_EQ(iw_ddp_init(&g_s, &df_llp_ops, &g_llp, &df_mem_ops, &g_mem, NULL, &g_ulp), IW_EINVAL);
    u = df_ulp_ops; u.deliver = NULL;
    CHECK_EQ(iw_ddp_init(&g_s, &df_llp_ops, &g_llp, &df_mem_ops, &g_mem, &u, &g_ulp), IW_EINVAL);
}

static void t_calls_refused(void)
{
    uint8_t seg[32];
    iw_term t = {1, 2, 3};
    iw_mpa_rx_dst *d = NULL;
    iw_ddp_msg m;
    REQUIRE(stream_up());
    memset(seg, 0, sizeof seg);
    memset(&m, 0, sizeof m);
    CHECK_EQ(iw_ddp_fail(NULL, IW_ETERM, t, NULL, 0), IW_EINVAL);
    CHECK_EQ(iw_ddp_fail(&g_s, IW_OK, t, NULL, 0), IW_EINVAL); /* a failure needs a status */
    CHECK_EQ(iw_ddp_last_error(&g_s)->status, IW_OK);
    CHECK_EQ(iw_ddp_rx_begin(NULL, seg, 18, 18, 0, &d), IW_EINVAL);
    CHECK_EQ(iw_ddp_rx_begin(&g_s, seg, 18, 18, 0, NULL), IW_EINVAL);
    CHECK_EQ(iw_ddp_rx_begin(&g_s, NULL, 18, 18, 0, &d), IW_EINVAL);
    CHECK_EQ(iw_ddp_rx_begin(&g_s, seg, 19, 18, 0, &d), IW_EINVAL); /* more octets than the ULPDU */
    CHECK_EQ(iw_ddp_rx(NULL, seg, 18), IW_EINVAL);
    CHECK_EQ(iw_ddp_rx(&g_s, NULL, 18), IW_EINVAL);
    CHECK_EQ(iw_ddp_rx_commit(NULL, 1), IW_EINVAL);
    CHECK_EQ(iw_ddp_rx_revoke(NULL), 0);
    CHECK_EQ(iw_ddp_rx_revoke(&g_s), 0); /* nothing being placed */
    CHECK(iw_ddp_send_slot(NULL) == NULL);
    CHECK_EQ(iw_ddp_send_commit(NULL), IW_EINVAL);
    CHECK_EQ(iw_ddp_send(NULL, &m), IW_EINVAL);
    CHECK_EQ(iw_ddp_send(&g_s, NULL), IW_EINVAL);
    CHECK_EQ(iw_ddp_tx_resume(NULL), IW_EINVAL);
    iw_ddp_tx_abort(NULL);
    iw_ddp_tx_abort(&g_s); /* nothing in progress: no sent upcall */
    CHECK_EQ(g_ulp.nsent, 0u);
    iw_ddp_msn_skip(NULL, 0, 1);
    iw_ddp_msn_skip(&g_s, IW_CFG_DDP_QN, 1); /* no such queue: nothing changes */
    CHECK_EQ(g_s.rq[0].msn, 1u);
    CHECK_EQ(iw_ddp_get_stats(&g_s).rx_segs, 0u);
    CHECK_EQ(iw_ddp_last_error(&g_s)->status, IW_OK);
    CHECK_EQ(g_llp.nseg, 0u);
}

/* The LLP ops close, no_terminate and initiator are optional: without them close and
 * no_terminate do nothing and the stream counts as the Initiator (ddp.h). */
static void t_llp_optional_ops(void)
{
    REQUIRE(stream_up());
    iw_ddp_llp_close(NULL);
    iw_ddp_llp_close(&g_s);
    iw_ddp_llp_no_terminate(NULL);
    iw_ddp_llp_no_terminate(&g_s);
    CHECK_EQ(iw_ddp_llp_initiator(NULL), 1);
    CHECK_EQ(iw_ddp_llp_initiator(&g_s), 1);
    CHECK_EQ(iw_ddp_last_error(&g_s)->status, IW_OK);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"init_refused", t_init_refused},
        {"calls_refused", t_calls_refused},
        {"llp_optional_ops", t_llp_optional_ops},
    };
    return CHECK_RUN(tests);
}
