/* Eva driver: the Responder's first FPDU (AWAIT_FIRST, MPA-015) in peer-to-peer mode: the RTR
 * check of the Initiator's first ULPDU (RFC 6581). A concrete Request offering every RTR type
 * is accepted; then PROVE_FIRST_MAX unknown octets arrive in 3 chunks of unknown length. CRC
 * off (no CRC work for Eva), the reassembly buffer at the smallest size iw_mpa_init accepts
 * (IW_MPA_MIN_ULPDU), so a ULPDU of 14 octets fills it exactly. */
#include "stubs.h"
#include "mpa.h"

#define PROVE_FIRST_MAX 64u

static uint8_t in[PROVE_FIRST_MAX];
static uint8_t reasm[IW_MPA_MIN_ULPDU];
static volatile int sink;
static iw_mpa_conn conn;

static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    size_t i, t = 0;
    (void)ctx;
    for (i = 0; i < n; i++) t += iov[i].len;
    *accepted = t;
    return IW_OK;
}
static void h_timer_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void h_timer_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void h_close(void *ctx, int abortive) { (void)ctx; (void)abortive; }
static uint32_t h_crc(void *ctx, uint32_t crc, const void *p, size_t n)
{
    (void)ctx;
    (void)p;
    (void)n;
    return crc; /* CRC is off; never called for receive */
}
static const iw_mpa_host_ops hops = {.send = h_send,
                                     .timer_arm = h_timer_arm,
                                     .timer_cancel = h_timer_cancel,
                                     .close = h_close,
                                     .crc32c = h_crc};
static void u_request(void *u, const iw_mpa_info *in_)
{
    (void)u;
    (void)in_;
    (void)iw_mpa_accept(&conn, 16, 16, NULL, 0);
}
/* The ULP reads the ULPDU it is handed and places nothing (*dst NULL). */
#include "reader_ulp.h"
static const iw_mpa_ulp_ops uops = {.request = u_request, .begin = u_begin, .commit = u_commit};

int main(void)
{
    static const uint8_t req[24] = {'M', 'P', 'A', ' ', 'I', 'D', ' ', 'R', 'e', 'q', ' ', 'F',
                                    'r', 'a', 'm', 'e', 0x10, 2, 0, 4, 0xC0, 16, 0xC0, 16};
    iw_mpa_cfg cfg;
    size_t len, off = 0, used;
    int i;
    iw_mpa_cfg_default(&cfg, IW_MPA_RESPONDER);
    cfg.crc = 0;
    cfg.p2p = 1;
    cfg.rtr = (uint8_t)Frama_C_interval(1, 7);
    if (iw_mpa_init(&conn, &cfg, &hops, NULL, &uops, NULL, reasm, sizeof reasm) != IW_OK) return 1;
    if (iw_mpa_start(&conn, NULL, 0) != IW_OK) return 1;
    if (iw_mpa_rx_feed(&conn, req, sizeof req, &used) != IW_OK) return 1;
    if (iw_mpa_state(&conn) != IW_MPA_S_AWAIT_FIRST) return 1;
    len = prove_unknown(in, sizeof in, 0, PROVE_FIRST_MAX);
    for (i = 0; i < 3 && off < len; i++) {
        /* rest >= 1 here (off < len); the explicit bound lets Eva see it (it does not
         * relate off and len), so the interval's precondition min <= max is proved */
        size_t rest = len - off, k;
        if (rest == 0 || rest > PROVE_FIRST_MAX) break;
        k = (size_t)Frama_C_unsigned_int_interval(1, (unsigned)rest);
        if (iw_mpa_rx_feed(&conn, in + off, k, &used) != IW_OK) break;
        off += used;
    }
    return 0;
}
