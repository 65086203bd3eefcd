/* mpa_fake.h: a deterministic fake host and ULP for mpa.h tests, the demo and the fuzzers.
 *
 * The fake host is host_fake.h's hf_host (member h): it records every octet the connection
 * sends into h.wire, can accept only part of what is offered (partial sends) or fail at a
 * chosen send call, keeps timers on a fake clock and records the close.
 * The fake ULP writes every upcall as one line into an event log, so runs of the same input at
 * different chunkings can be compared line for line (STYLE.md 9). Include after mpa.h. */
#ifndef MPA_FAKE_H
#define MPA_FAKE_H
#include <stdio.h>
#include <string.h>
#include "host_fake.h"

#define FAKE_WIRE_CAP (1u << 20)
#define FAKE_LOG_CAP (1u << 16)

typedef struct fake {
    hf_host h;              /* first: the host ops' ctx is the fake (host_fake.h) */
    iw_mpa_conn *c;
    /* ULP behaviour */
    int accept_in_request;  /* Responder: accept (1) or reject (2) inside the request upcall */
    uint16_t acc_ird, acc_ord;
    const uint8_t *acc_pd;
    size_t acc_pd_len;
    iw_status deliver_status;
    int delivered;
    int established, rejected, errors, closed_up, tx_dones;
    iw_mpa_info last_info;
    uint8_t last_pd[IW_MPA_MAX_PD];
    size_t last_pd_len;
    uint8_t last_ulpdu[65536];
    size_t last_ulpdu_len;
    uint8_t *keep;          /* when set: every delivered ULPDU, concatenated */
    size_t keep_len, keep_cap, keep_off[512], keep_n;
    char log[FAKE_LOG_CAP];
    size_t log_len;
} fake;

static void fake_log(fake *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#include <stdarg.h>
static void fake_log(fake *f, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (f->log_len >= FAKE_LOG_CAP - 1) return;
    va_start(ap, fmt);
    n = vsnprintf(f->log + f->log_len, FAKE_LOG_CAP - f->log_len, fmt, ap);
    va_end(ap);
    if (n > 0) f->log_len += (size_t)n;
    if (f->log_len > FAKE_LOG_CAP - 1) f->log_len = FAKE_LOG_CAP - 1;
}

/* FNV-1a of a buffer, to log payloads compactly. */
static uint32_t fake_hash(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

/* The host's close: recorded by host_fake.h, and logged with the upcalls. */
static void fake_close(void *ctx, int abortive)
{
    fake *f = (fake *)ctx;
    hf_close(&f->h, abortive);
    fake_log(f, "close %s\n", abortive ? "abort" : "graceful");
}

static void fake_info(fake *f, const char *what, const iw_mpa_info *in)
{
    f->last_info = *in;
    f->last_pd_len = in->pd_len;
    if (in->pd_len) memcpy(f->last_pd, in->pd, in->pd_len);
    fake_log(f, "%s rev=%u enh=%u crc=%u mtx=%u mrx=%u p2p=%u rtr=%u pird=%u pord=%u ird=%u ord=%u pd=%zu/%08x\n",
             what, in->rev, in->enhanced, in->crc, in->markers_tx, in->markers_rx, in->p2p, in->rtr,
             in->peer_ird, in->peer_ord, in->ird, in->ord, in->pd_len,
             in->pd_len ? fake_hash(in->pd, in->pd_len) : 0u);
}

static void fake_request(void *u, const iw_mpa_info *in)
{
    fake *f = (fake *)u;
    fake_info(f, "request", in);
    if (f->accept_in_request == 1) iw_mpa_accept(f->c, f->acc_ird, f->acc_ord, f->acc_pd, f->acc_pd_len);
    if (f->accept_in_request == 2) iw_mpa_reject(f->c, f->acc_pd, f->acc_pd_len);
}
static void fake_established(void *u, const iw_mpa_info *in)
{
    fake *f = (fake *)u;
    f->established++;
    fake_info(f, "established", in);
}
static void fake_rejected(void *u, const iw_mpa_info *in)
{
    fake *f = (fake *)u;
    f->rejected++;
    fake_info(f, "rejected", in);
}
static iw_status fake_deliver(void *u, const uint8_t *p, size_t n)
{
    fake *f = (fake *)u;
    f->delivered++;
    memcpy(f->last_ulpdu, p, n);
    f->last_ulpdu_len = n;
    if (f->keep && f->keep_len + n <= f->keep_cap && f->keep_n < 512) {
        memcpy(f->keep + f->keep_len, p, n);
        f->keep_off[f->keep_n++] = f->keep_len;
        f->keep_len += n;
    }
    fake_log(f, "deliver len=%zu hash=%08x\n", n, fake_hash(p, n));
    return f->deliver_status;
}
/* The placement contract for a ULP that takes whole, checked ULPDUs: it declines every ULPDU
 * until MPA has checked it (verify-then-place), then reads it in begin (fake_deliver) and has
 * nothing to place. */
static iw_status fake_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                            iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN;
    if (have != len) return IW_EHOST;
    return fake_deliver(u, p, len);
}
static iw_status fake_commit(void *u, int ok)
{
    (void)u;
    return ok ? IW_OK : IW_EHOST; /* a verified ULPDU is never failed */
}
static void fake_error(void *u, const iw_mpa_error *e)
{
    fake *f = (fake *)u;
    f->errors++;
    fake_log(f, "error st=%d mpa=%u ferr=%d term=%u/%u/%u sent=%u\n", (int)e->status, e->mpa_ecode,
             (int)e->ferr, e->term.layer, e->term.etype, e->term.ecode, e->term_sent);
}
static void fake_closed_up(void *u)
{
    fake *f = (fake *)u;
    f->closed_up++;
    fake_log(f, "peer closed\n");
}
static void fake_tx_done(void *u)
{
    fake *f = (fake *)u;
    f->tx_dones++;
}

/* The host: host_fake.h's, with the close above (ctx is the fake, whose first member is h). */
static const iw_mpa_host_ops fake_host_ops = {.send = hf_send,
                                              .timer_arm = hf_timer_arm,
                                              .timer_cancel = hf_timer_cancel,
                                              .close = fake_close};
static const iw_mpa_host_ops fake_host_ops_copyout = {.send = hf_send,
                                                      .timer_arm = hf_timer_arm,
                                                      .timer_cancel = hf_timer_cancel,
                                                      .close = fake_close,
                                                      .tx_room = hf_tx_room,
                                                      .tx_commit = hf_tx_commit};
static int fake_copyout; /* ep_init: 1 = the endpoint's host uses copy-out transmit */
static const iw_mpa_ulp_ops fake_ulp_ops = {.request = fake_request,
                                            .established = fake_established,
                                            .rejected = fake_rejected,
                                            .begin = fake_begin,
                                            .commit = fake_commit,
                                            .error = fake_error,
                                            .closed = fake_closed_up,
                                            .tx_done = fake_tx_done};

/* A connection with its fake host and ULP, and buffers, in one struct. */
typedef struct endpoint {
    iw_mpa_conn c;
    fake f;
    uint8_t reasm[65536];
    uint8_t wire[FAKE_WIRE_CAP];
} endpoint;

static IW_UNUSED iw_status ep_init(endpoint *e, const iw_mpa_cfg *cfg)
{
    memset(&e->f, 0, sizeof e->f);
    hf_init(&e->f.h, e->wire, sizeof e->wire);
    e->f.c = &e->c;
    e->f.acc_ird = cfg->ird;
    e->f.acc_ord = cfg->ord;
    return iw_mpa_init(&e->c, cfg, fake_copyout ? &fake_host_ops_copyout : &fake_host_ops, &e->f, &fake_ulp_ops,
                       &e->f, e->reasm, sizeof e->reasm);
}

/* Move everything `from` sent since *mark into `to`, in one feed. */
static IW_UNUSED iw_status ep_pipe(endpoint *from, size_t *mark, endpoint *to)
{
    size_t used = 0;
    iw_status st = IW_OK;
    if (*mark < from->f.h.wire_len) {
        st = iw_mpa_rx_feed(&to->c, from->wire + *mark, from->f.h.wire_len - *mark, &used);
        *mark += used;
    }
    return st;
}
#endif
