/* test_cov_mpa.c: the argument and state checks of mpa.h's public functions that neither the
 * other tests nor the fuzz corpora reach (make coverage listed them): each call must be
 * refused with the documented status and leave the connection as it was. */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "check.h"
#include "mpa_fake.h"

static endpoint g_i, g_r;

/* Initiator and Responder (which accepts in its request upcall) in Full Operation: the
 * Initiator has the Reply; the Responder awaits the Initiator's first FPDU. */
static int pair_up_mk(int markers_rx)
{
    iw_mpa_cfg ci, cr;
    size_t mi = 0, mr = 0;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    ci.markers_rx = (uint8_t)markers_rx;
    if (ep_init(&g_i, &ci) != IW_OK || ep_init(&g_r, &cr) != IW_OK) return 0;
    g_r.f.accept_in_request = 1;
    if (iw_mpa_start(&g_r.c, NULL, 0) != IW_OK || iw_mpa_start(&g_i.c, NULL, 0) != IW_OK) return 0;
    if (ep_pipe(&g_i, &mi, &g_r) != IW_OK || ep_pipe(&g_r, &mr, &g_i) != IW_OK) return 0;
    return iw_mpa_state(&g_i.c) == IW_MPA_S_FULL && iw_mpa_state(&g_r.c) == IW_MPA_S_AWAIT_FIRST;
}
static int pair_up(void) { return pair_up_mk(0); }

static void t_ferr_str(void)
{
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_NONE), "none") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_KEY), "bad key") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_REV), "unsupported revision") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_PD_LEN), "PD_Length too large") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_IRDORD_SHORT),
                 "enhanced frame shorter than its IRD/ORD header") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_NOT_ENHANCED),
                 "Reply to an enhanced Request is not Rev 2 enhanced") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_REV_MISMATCH), "Reply revision not offered") == 0);
    CHECK(strcmp(iw_mpa_ferr_str(IW_MPA_FERR_EXTRA_DATA),
                 "octets after the Request before the Reply") == 0);
    CHECK(strcmp(iw_mpa_ferr_str((iw_mpa_ferr)99), "?") == 0);
}

static void t_frame_encode_refused(void)
{
    iw_mpa_frame f;
    uint8_t out[700], pd[600];
    size_t len = 0;
    memset(pd, 0x5A, sizeof pd);
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REQUEST;
    f.rev = 2;
    f.enhanced = 1;
    REQUIRE(iw_mpa_frame_encode(&f, out, sizeof out, &len) == IW_OK); /* the control */
    CHECK_EQ(len, IW_MPA_FRAME_HDR + IW_MPA_IRDORD_LEN);
    f.rev = 3;
    CHECK_EQ(iw_mpa_frame_encode(&f, out, sizeof out, &len), IW_EINVAL);
    f.rev = 0;
    CHECK_EQ(iw_mpa_frame_encode(&f, out, sizeof out, &len), IW_EINVAL);
    f.rev = 1; /* enhanced needs Rev 2 */
    CHECK_EQ(iw_mpa_frame_encode(&f, out, sizeof out, &len), IW_EINVAL);
    f.rev = 2;
    f.pd = pd;
    f.pd_len = IW_MPA_MAX_PD - IW_MPA_IRDORD_LEN + 1u; /* MPA-005a: 513 with the IRD/ORD */
    CHECK_EQ(iw_mpa_frame_encode(&f, out, sizeof out, &len), IW_EINVAL);
    f.pd_len = IW_MPA_MAX_PD - IW_MPA_IRDORD_LEN; /* 512: the most */
    CHECK_EQ(iw_mpa_frame_encode(&f, out, sizeof out, &len), IW_OK);
    CHECK_EQ(len, IW_MPA_FRAME_HDR + IW_MPA_MAX_PD);
    f.pd = NULL; /* a length without octets */
    f.pd_len = 4;
    CHECK_EQ(iw_mpa_frame_encode(&f, out, sizeof out, &len), IW_EINVAL);
}

static iw_status nop_send(void *ctx, const iw_iov *iov, size_t n, size_t *acc)
{
    (void)ctx; (void)iov; (void)n;
    *acc = 0;
    return IW_OK;
}
static void nop_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void nop_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void nop_close(void *ctx, int abortive) { (void)ctx; (void)abortive; }

static void t_init_refused(void)
{
    static iw_mpa_conn c;
    static uint8_t reasm[1024];
    iw_mpa_cfg cfg;
    iw_mpa_host_ops h = {.send = nop_send, .timer_arm = nop_arm, .timer_cancel = nop_cancel,
                         .close = nop_close}, b;
    iw_mpa_ulp_ops u = fake_ulp_ops, v;
    iw_mpa_cfg_default(&cfg, IW_MPA_RESPONDER);
    REQUIRE(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm) == IW_OK);
    CHECK_EQ(iw_mpa_init(NULL, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    CHECK_EQ(iw_mpa_init(&c, NULL, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    CHECK_EQ(iw_mpa_init(&c, &cfg, NULL, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, NULL, NULL, reasm, sizeof reasm), IW_EINVAL);
    b = h; b.send = NULL;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &b, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    b = h; b.timer_arm = NULL;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &b, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    b = h; b.timer_cancel = NULL;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &b, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    b = h; b.close = NULL;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &b, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    v = u; v.request = NULL; /* a Responder needs its request upcall, an Initiator does not */
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &v, NULL, reasm, sizeof reasm), IW_EINVAL);
    cfg.role = IW_MPA_INITIATOR;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &v, NULL, reasm, sizeof reasm), IW_OK);
    cfg.role = 2; /* not a role */
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    iw_mpa_cfg_default(&cfg, IW_MPA_INITIATOR);
    cfg.rev = 3;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    cfg.rev = 2;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, NULL, sizeof reasm), IW_EINVAL);
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, IW_MPA_MIN_ULPDU - 1u), IW_EINVAL);
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, IW_MPA_MIN_ULPDU), IW_OK);
    cfg.rx_max_ulpdu = sizeof reasm + 1u; /* more than the buffer holds */
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    cfg.rx_max_ulpdu = IW_MPA_MIN_ULPDU - 1u;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_EINVAL);
    cfg.rx_max_ulpdu = IW_MPA_MIN_ULPDU;
    CHECK_EQ(iw_mpa_init(&c, &cfg, &h, NULL, &u, NULL, reasm, sizeof reasm), IW_OK);
}

static void t_tx_refused(void)
{
    uint8_t big[70000];
    iw_iov v[IW_CFG_MPA_MAX_IOV + 1];
    size_t i, before;
    memset(big, 0x33, sizeof big);
    for (i = 0; i < IW_CFG_MPA_MAX_IOV + 1; i++) {
        v[i].base = big;
        v[i].len = 20;
    }
    REQUIRE(pair_up());
    before = g_i.f.h.wire_len;
    CHECK_EQ(iw_mpa_tx(NULL, v, 1), IW_EINVAL);
    CHECK_EQ(iw_mpa_tx(&g_i.c, NULL, 1), IW_EINVAL);
    CHECK_EQ(iw_mpa_tx(&g_i.c, v, IW_CFG_MPA_MAX_IOV + 1), IW_EINVAL);
    CHECK_EQ(iw_mpa_tx(&g_i.c, NULL, 0), IW_EINVAL); /* no octets: nothing to send */
    v[1].base = NULL; /* octets without a base */
    CHECK_EQ(iw_mpa_tx(&g_i.c, v, 2), IW_EINVAL);
    v[1].base = big;
    v[0].len = 0x10000u; /* a ULPDU_Length field holds 65535 at most */
    CHECK_EQ(iw_mpa_tx(&g_i.c, v, 1), IW_EINVAL);
    v[0].len = 0;
    CHECK_EQ(iw_mpa_tx(&g_i.c, v, 1), IW_EINVAL);
    CHECK_EQ(g_i.f.h.wire_len, before); /* nothing went out */
    CHECK_EQ(iw_mpa_last_error(&g_i.c)->status, IW_OK);
    /* one at a time: a ULPDU the host took part of holds the next one back */
    v[0].len = 100;
    g_i.f.h.accept_limit = 10;
    g_i.f.h.accept_per_call = 10;
    g_i.f.h.eagain_after_partial = 1;
    CHECK_EQ(iw_mpa_tx(&g_i.c, v, IW_CFG_MPA_MAX_IOV), IW_OK);
    CHECK(iw_mpa_tx_busy(&g_i.c));
    CHECK_EQ(iw_mpa_tx(&g_i.c, v, 1), IW_EAGAIN);
    CHECK_EQ(iw_mpa_tx_resume(NULL), IW_EINVAL);
}

static void t_start_accept_reject_refused(void)
{
    uint8_t pd[IW_CFG_MPA_MAX_PRIVDATA + 1];
    iw_mpa_cfg ci, cr;
    size_t mi = 0;
    memset(pd, 7, sizeof pd);
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    REQUIRE(ep_init(&g_i, &ci) == IW_OK && ep_init(&g_r, &cr) == IW_OK);
    CHECK_EQ(iw_mpa_start(NULL, NULL, 0), IW_EINVAL);
    CHECK_EQ(iw_mpa_start(&g_i.c, NULL, 3), IW_EINVAL);
    /* with the 4 octets of IRD/ORD, 509 octets of Private Data are one too many (MPA-005a) */
    CHECK_EQ(iw_mpa_start(&g_i.c, pd, IW_CFG_MPA_MAX_PRIVDATA - IW_MPA_IRDORD_LEN + 1u), IW_EINVAL);
    CHECK_EQ(g_i.f.h.wire_len, 0u);
    CHECK_EQ(iw_mpa_start(&g_r.c, pd, 1), IW_EINVAL); /* a Responder sends no Request */
    CHECK_EQ(iw_mpa_state(&g_r.c), IW_MPA_S_IDLE);
    REQUIRE(iw_mpa_start(&g_i.c, pd, 4) == IW_OK);
    CHECK_EQ(iw_mpa_start(&g_i.c, pd, 4), IW_ESTATE); /* once */
    /* accept and reject: only a Responder holding a Request */
    CHECK_EQ(iw_mpa_accept(NULL, 1, 1, NULL, 0), IW_EINVAL);
    CHECK_EQ(iw_mpa_accept(&g_r.c, 1, 1, NULL, 2), IW_EINVAL);
    CHECK_EQ(iw_mpa_accept(&g_i.c, 1, 1, NULL, 0), IW_ESTATE);
    CHECK_EQ(iw_mpa_reject(NULL, NULL, 0), IW_EINVAL);
    CHECK_EQ(iw_mpa_reject(&g_r.c, NULL, 2), IW_EINVAL);
    CHECK_EQ(iw_mpa_reject(&g_i.c, NULL, 0), IW_ESTATE);
    REQUIRE(iw_mpa_start(&g_r.c, NULL, 0) == IW_OK);
    REQUIRE(ep_pipe(&g_i, &mi, &g_r) == IW_OK);
    REQUIRE(iw_mpa_state(&g_r.c) == IW_MPA_S_AWAIT_ULP);
    CHECK_EQ(iw_mpa_accept(&g_r.c, 1, 1, pd, IW_CFG_MPA_MAX_PRIVDATA - IW_MPA_IRDORD_LEN + 1u),
             IW_EINVAL);
    CHECK_EQ(iw_mpa_reject(&g_r.c, pd, IW_CFG_MPA_MAX_PRIVDATA - IW_MPA_IRDORD_LEN + 1u), IW_EINVAL);
    CHECK_EQ(iw_mpa_state(&g_r.c), IW_MPA_S_AWAIT_ULP); /* refused: still holding the Request */
    CHECK_EQ(g_r.f.h.wire_len, 0u);
    CHECK_EQ(iw_mpa_reject(&g_r.c, pd, IW_CFG_MPA_MAX_PRIVDATA - IW_MPA_IRDORD_LEN), IW_OK);
    CHECK_EQ(iw_mpa_accept(&g_r.c, 1, 1, NULL, 0), IW_ESTATE); /* after the reject */
}

static void t_rx_and_control_refused(void)
{
    uint8_t b[4] = {0, 0, 0, 0}, *dst = b;
    size_t used = 77, n = 5;
    iw_term t = {1, 2, 3};
    REQUIRE(pair_up());
    CHECK_EQ(iw_mpa_rx_feed(NULL, b, 1, &used), IW_EINVAL);
    CHECK_EQ(used, 0u); /* set even when refused */
    CHECK_EQ(iw_mpa_rx_feed(&g_i.c, b, 1, NULL), IW_EINVAL);
    used = 77;
    CHECK_EQ(iw_mpa_rx_feed(&g_i.c, NULL, 1, &used), IW_EINVAL);
    CHECK_EQ(used, 0u);
    CHECK_EQ(iw_mpa_rx_direct(NULL, &dst, &n), IW_EINVAL);
    CHECK_EQ(iw_mpa_rx_direct(&g_i.c, NULL, &n), IW_EINVAL);
    CHECK_EQ(iw_mpa_rx_direct(&g_i.c, &dst, NULL), IW_EINVAL);
    CHECK_EQ(iw_mpa_rx_direct_done(NULL, 1), IW_EINVAL);
    CHECK_EQ(iw_mpa_rx_split_hint(NULL), 0u);
    CHECK_EQ(iw_mpa_terminate(NULL, t), IW_EINVAL);
    /* calls on no connection or with a wrong timer id change nothing */
    iw_mpa_timeout(NULL, IW_MPA_TIMER_SETUP);
    iw_mpa_timeout(&g_i.c, IW_MPA_TIMER_SETUP + 1u);
    iw_mpa_llp_closed(NULL);
    iw_mpa_close(NULL);
    iw_mpa_no_terminate(NULL);
    iw_mpa_set_emss(NULL, 1000);
    CHECK_EQ(iw_mpa_state(&g_i.c), IW_MPA_S_FULL);
    CHECK_EQ(iw_mpa_last_error(&g_i.c)->status, IW_OK);
    CHECK_EQ(g_i.f.h.closed, 0);
    /* one Terminate: the second is refused (the stream already failed) */
    CHECK_EQ(iw_mpa_terminate(&g_i.c, t), IW_OK);
    CHECK_EQ(iw_mpa_terminate(&g_i.c, t), IW_ESTATE);
    /* once closed, a second close is a no-op: the host's close is called once */
    iw_mpa_close(&g_r.c);
    iw_mpa_close(&g_r.c);
    CHECK(g_r.f.h.closed <= 1);
}

/* iw_mpa_rx_split_hint: the octets up to the next FPDU's length and header while FPDUs are
 * received, 0 when they are not (failed, FIN seen) or markers would cut the spans. */
static void t_split_hint(void)
{
    iw_term t = {1, 0, 0};
    uint8_t *dst = NULL;
    size_t n = 9;
    REQUIRE(pair_up());
    CHECK_EQ(iw_mpa_rx_split_hint(&g_i.c), 2u + IW_MPA_PLACE_HDR);
    iw_mpa_llp_closed(&g_i.c); /* the peer's FIN */
    CHECK_EQ(iw_mpa_rx_split_hint(&g_i.c), 0u);
    REQUIRE(pair_up());
    REQUIRE(iw_mpa_terminate(&g_i.c, t) == IW_OK);
    CHECK_EQ(iw_mpa_rx_split_hint(&g_i.c), 0u);
    CHECK_EQ(iw_mpa_rx_direct(&g_i.c, &dst, &n), IW_ETERM); /* the sticky status */
    CHECK(dst == NULL && n == 0);
    REQUIRE(pair_up_mk(1));
    CHECK_EQ(iw_mpa_rx_split_hint(&g_i.c), 0u);
}

/* iw_mpa_abort: the host's close op at once with abortive = 1 (a reset), once; what waited
 * to be sent is dropped (no tx_done, nothing sent later), nothing is received any more, the
 * setup timer is cancelled; no upcall. After the close op was called it changes nothing. */
static void t_abort(void)
{
    uint8_t pay[32];
    iw_iov v;
    size_t wire, used = 9, mi, mr;
    iw_term t = {1, 0, 0};
    memset(pay, 0x61, sizeof pay);
    v.base = pay;
    v.len = sizeof pay;
    iw_mpa_abort(NULL); /* no connection: nothing */
    /* Full Operation with an FPDU the host has not taken yet */
    REQUIRE(pair_up());
    wire = g_i.f.h.wire_len;
    g_i.f.h.hold = 1; /* a full socket */
    REQUIRE(iw_mpa_tx(&g_i.c, &v, 1) == IW_OK);
    REQUIRE(iw_mpa_tx_busy(&g_i.c));
    iw_mpa_abort(&g_i.c);
    CHECK_EQ(g_i.f.h.closed, 1);
    CHECK_EQ(g_i.f.h.close_abortive, 1);
    CHECK_EQ(iw_mpa_state(&g_i.c), IW_MPA_S_CLOSED);
    CHECK(!iw_mpa_tx_busy(&g_i.c));
    CHECK_EQ(iw_mpa_last_error(&g_i.c)->status, IW_OK);
    CHECK_EQ(g_i.f.errors + g_i.f.closed_up, 0); /* no upcall */
    g_i.f.h.hold = 0;
    (void)iw_mpa_tx_resume(&g_i.c); /* the socket drains: the dropped FPDU stays dropped */
    CHECK_EQ(g_i.f.h.wire_len, wire);
    CHECK_EQ(g_i.f.tx_dones, 0);
    CHECK_EQ(iw_mpa_tx(&g_i.c, &v, 1), IW_ESTATE);
    CHECK_EQ(iw_mpa_terminate(&g_i.c, t), IW_ESTATE);
    iw_mpa_abort(&g_i.c);
    iw_mpa_close(&g_i.c);
    CHECK_EQ(g_i.f.h.closed, 1); /* the close op once */
    /* the peer's FPDU is not received any more */
    REQUIRE(pair_up());
    mi = g_i.f.h.wire_len;
    REQUIRE(iw_mpa_tx(&g_i.c, &v, 1) == IW_OK);
    REQUIRE(ep_pipe(&g_i, &mi, &g_r) == IW_OK && g_r.f.delivered == 1); /* our first FPDU */
    mr = g_r.f.h.wire_len;
    REQUIRE(iw_mpa_tx(&g_r.c, &v, 1) == IW_OK && g_r.f.h.wire_len > mr);
    iw_mpa_abort(&g_i.c);
    CHECK_EQ(iw_mpa_rx_feed(&g_i.c, g_r.wire + mr, g_r.f.h.wire_len - mr, &used), IW_ECLOSED);
    CHECK_EQ(used, 0u);
    CHECK_EQ(g_i.f.delivered, 0);
    /* in setup: the Reply timer is cancelled */
    {
        iw_mpa_cfg ci;
        iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
        REQUIRE(ep_init(&g_i, &ci) == IW_OK && iw_mpa_start(&g_i.c, NULL, 0) == IW_OK);
        REQUIRE(g_i.f.h.timer_armed[IW_MPA_TIMER_SETUP]);
        iw_mpa_abort(&g_i.c);
        CHECK(!g_i.f.h.timer_armed[IW_MPA_TIMER_SETUP]);
        CHECK(g_i.f.h.closed == 1 && g_i.f.h.close_abortive == 1);
        CHECK_EQ(iw_mpa_state(&g_i.c), IW_MPA_S_CLOSED);
    }
    /* our half close with an FPDU still waiting (the close op not yet called): the abort
     * resets now and ends the half close's receiving */
    REQUIRE(pair_up());
    g_i.f.h.hold = 1;
    REQUIRE(iw_mpa_tx(&g_i.c, &v, 1) == IW_OK);
    iw_mpa_close(&g_i.c);
    REQUIRE(g_i.f.h.closed == 0);
    iw_mpa_abort(&g_i.c);
    CHECK(g_i.f.h.closed == 1 && g_i.f.h.close_abortive == 1);
    CHECK_EQ(iw_mpa_rx_split_hint(&g_i.c), 0u); /* not receiving */
    /* after a graceful close op: no second call, the half close goes on receiving */
    REQUIRE(pair_up());
    mi = g_i.f.h.wire_len;
    REQUIRE(iw_mpa_tx(&g_i.c, &v, 1) == IW_OK);
    REQUIRE(ep_pipe(&g_i, &mi, &g_r) == IW_OK && g_r.f.delivered == 1);
    mr = g_r.f.h.wire_len;
    REQUIRE(iw_mpa_tx(&g_r.c, &v, 1) == IW_OK);
    iw_mpa_close(&g_i.c);
    REQUIRE(g_i.f.h.closed == 1 && g_i.f.h.close_abortive == 0);
    iw_mpa_abort(&g_i.c);
    CHECK(g_i.f.h.closed == 1 && g_i.f.h.close_abortive == 0);
    CHECK_EQ(ep_pipe(&g_r, &mr, &g_i), IW_OK);
    CHECK_EQ(g_i.f.delivered, 1);
}

/* Every status and MPA error code has its own text (the tables iw_status_str and
 * iw_mpa_ecode_str are built from). */
static void t_strings(void)
{
#define X_(name, val, text) CHECK(strcmp(iw_status_str(name), text) == 0);
    IW_STATUS_MAP(X_)
#undef X_
#define X_(name, val, text) CHECK(strcmp(iw_mpa_ecode_str(val), text) == 0);
    IW_MPA_ECODE_MAP(X_)
#undef X_
    CHECK(strcmp(iw_status_str((iw_status)-99), "?") == 0);
    CHECK(strcmp(iw_mpa_ecode_str(0x99), "?") == 0);
}

/* A revision 1 Initiator given a revision 2 Reply: an invalid frame (RFC 5044 §7.1.3: the
 * Responder may not raise the revision), the connection ends abortively; and the abort of a
 * connection never started still resets its TCP connection. */
static void t_reply_rev_and_abort_idle(void)
{
    iw_mpa_cfg ci;
    iw_mpa_frame f;
    uint8_t rep[64];
    size_t len = 0, used = 0;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    ci.rev = 1;
    REQUIRE(ep_init(&g_i, &ci) == IW_OK && iw_mpa_start(&g_i.c, NULL, 0) == IW_OK);
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REPLY;
    f.rev = 2;
    f.flags = IW_MPA_FLAG_C;
    REQUIRE(iw_mpa_frame_encode(&f, rep, sizeof rep, &len) == IW_OK);
    CHECK_EQ(iw_mpa_rx_feed(&g_i.c, rep, len, &used), IW_EPROTO);
    CHECK_EQ(iw_mpa_last_error(&g_i.c)->ferr, IW_MPA_FERR_REV_MISMATCH);
    CHECK(g_i.f.h.closed == 1 && g_i.f.h.close_abortive == 1);
    CHECK_EQ(g_i.f.established, 0);
    REQUIRE(ep_init(&g_i, &ci) == IW_OK);
    iw_mpa_abort(&g_i.c);
    CHECK(g_i.f.h.closed == 1 && g_i.f.h.close_abortive == 1);
    CHECK_EQ(iw_mpa_state(&g_i.c), IW_MPA_S_CLOSED);
    CHECK_EQ(iw_mpa_start(&g_i.c, NULL, 0), IW_ESTATE);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"ferr_str", t_ferr_str},
        {"frame_encode_refused", t_frame_encode_refused},
        {"init_refused", t_init_refused},
        {"tx_refused", t_tx_refused},
        {"start_accept_reject_refused", t_start_accept_reject_refused},
        {"rx_and_control_refused", t_rx_and_control_refused},
        {"split_hint", t_split_hint},
        {"abort", t_abort},
        {"strings", t_strings},
        {"reply_rev_and_abort_idle", t_reply_rev_and_abort_idle},
    };
    return CHECK_RUN(tests);
}
