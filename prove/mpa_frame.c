/* Eva driver: the MPA Request/Reply codec (iw_mpa_frame_decode) on any octets of any length
 * up to PROVE_FRAME_MAX, either kind. Then the same octets fed, in unknown chunks, to a
 * connection waiting for the peer's frame (Initiator in AWAIT_REPLY, Responder in
 * AWAIT_REQUEST, any configuration bit): the private data and IRD/ORD parsing of
 * iw__on_request / iw__on_reply and the reply the Responder sends from its request upcall. */
#include "stubs.h"
#include "mpa.h"

#define PROVE_FRAME_MAX 600u /* > 20 + 512: every PD_Length, and octets beyond the frame */

static uint8_t in[PROVE_FRAME_MAX];
static uint8_t reasm[64];
static uint8_t pd_out[IW_CFG_MPA_MAX_PRIVDATA];
static volatile int sink;

static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    size_t i, t = 0;
    (void)ctx;
    for (i = 0; i < n; i++) t += iov[i].len;
    *accepted = Frama_C_interval(0, 1) ? t : 0u; /* all, or nothing (partial: resume) */
    return Frama_C_interval(0, 1) ? IW_OK : IW_EAGAIN;
}
static void h_timer_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void h_timer_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void h_close(void *ctx, int abortive) { (void)ctx; (void)abortive; }
static const iw_mpa_host_ops hops = {.send = h_send,
                                     .timer_arm = h_timer_arm,
                                     .timer_cancel = h_timer_cancel,
                                     .close = h_close};

static iw_mpa_conn conn;
static void u_info(const iw_mpa_info *in)
{
    /* the ULP reads every octet of the Private Data it is handed */
    size_t i;
    for (i = 0; i < in->pd_len; i++) sink = in->pd[i];
}
static void u_request(void *u, const iw_mpa_info *in)
{
    (void)u;
    u_info(in);
    switch (Frama_C_interval(0, 2)) {
    case 0: (void)iw_mpa_accept(&conn, (uint16_t)Frama_C_interval(0, 0xFFFF),
                                (uint16_t)Frama_C_interval(0, 0xFFFF), pd_out,
                                (size_t)Frama_C_interval(0, IW_CFG_MPA_MAX_PRIVDATA)); break;
    case 1: (void)iw_mpa_reject(&conn, pd_out, (size_t)Frama_C_interval(0, IW_CFG_MPA_MAX_PRIVDATA)); break;
    default: break; /* answer later */
    }
}
static void u_info_cb(void *u, const iw_mpa_info *in) { (void)u; u_info(in); }
#include "reader_ulp.h"
static const iw_mpa_ulp_ops uops = {.request = u_request,
                                    .established = u_info_cb,
                                    .rejected = u_info_cb,
                                    .begin = u_begin,
                                    .commit = u_commit};

static void decode_only(void)
{
    iw_mpa_frame f;
    size_t used, len = prove_unknown(in, sizeof in, 0, PROVE_FRAME_MAX), i;
    iw_status st;
    (void)iw_mpa_frame_decode(NULL, 0, (unsigned)Frama_C_interval(0, 1), &f, &used);
    st = iw_mpa_frame_decode(in, len, (unsigned)Frama_C_interval(0, 1), &f, &used);
    if (st == IW_OK) {
        /* what a caller may do with the result: read the PD, and used octets */
        for (i = 0; i < f.pd_len; i++) sink = f.pd[i];
        sink = in[used - 1];
    }
}

static void feed_conn(void)
{
    iw_mpa_cfg cfg;
    size_t len = prove_unknown(in, sizeof in, 0, PROVE_FRAME_MAX), off = 0, used;
    iw_mpa_cfg_default(&cfg, (unsigned)Frama_C_interval(0, 1));
    cfg.rev = (uint8_t)Frama_C_interval(1, 2);
    cfg.crc = (uint8_t)Frama_C_interval(0, 1);
    cfg.markers_rx = (uint8_t)Frama_C_interval(0, 1);
    cfg.markers_tx = (uint8_t)Frama_C_interval(0, 1);
    cfg.p2p = (uint8_t)(cfg.rev == 2 ? Frama_C_interval(0, 1) : 0);
    cfg.rtr = (uint8_t)Frama_C_interval(1, 7);
    cfg.ird = (uint16_t)Frama_C_interval(0, 0xFFFF);
    cfg.ord = (uint16_t)Frama_C_interval(0, 0xFFFF);
    cfg.ird_max = (uint16_t)Frama_C_interval(0, 0xFFFF);
    if (iw_mpa_init(&conn, &cfg, &hops, NULL, &uops, NULL, reasm, sizeof reasm) != IW_OK) return;
    if (iw_mpa_start(&conn, NULL, 0) != IW_OK) return;
    while (off < len) {
        size_t k = (size_t)Frama_C_unsigned_int_interval(1, (unsigned)(len - off));
        if (iw_mpa_rx_feed(&conn, in + off, k, &used) != IW_OK) break;
        if (used > k) sink = 1; /* never: consumed <= len */
        off += used;
        if (used < k) break; /* held for the ULP */
    }
}

int main(void)
{
    decode_only();
    feed_conn();
    return 0;
}
