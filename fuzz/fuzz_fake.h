/* fuzz/fuzz_fake.h: the deterministic, bounds-checked fake host and ULP of the connection fuzz
 * targets (imitating tests/mpa_fake.h, without its event log, and with the invariants checked
 * at every call). Include after fuzz_common.h.
 *
 * Host: `send` records every octet into `wire` (capacity fixed at creation), takes at most a
 * configurable number of octets per call (partial sends, optionally with IW_EAGAIN) and can
 * fail at a chosen call; timers keep a deadline on the harness clock `now`; `close` is
 * recorded. ULP: accepts or rejects in the request upcall (or leaves it to the harness), can
 * fail a chosen delivery, can echo every delivered ULPDU back with iw_mpa_tx, and hashes what
 * it receives. Everything lives in one struct the harness resets before each run: no state
 * survives between inputs.
 *
 * Invariants checked here (FZ_CHECK):
 *  - send: n >= 1, never after the close op (no octet after close), no NULL base;
 *  - close: called at most once;
 *  - deliver: only in Full Operation, after `established`, before any error upcall and before
 *    a ULP delivery failure, with IW_MPA_MIN_ULPDU <= len <= rx_max;
 *  - error: at most once (the first error wins), with a non-OK status;
 *  - request (Responder) and established: at most once; rejected: Initiator only.
 */
#ifndef FUZZ_FAKE_H
#define FUZZ_FAKE_H
#include <stdlib.h>

#define FZ_SEND_ALL 0      /* every send takes everything */
#define FZ_SEND_LIMIT 1    /* each call takes at most `limit` octets, returns IW_OK */
#define FZ_SEND_EAGAIN 2   /* as LIMIT, but a partial accept returns IW_EAGAIN */
#define FZ_SEND_FIRST 3    /* only the first call is limited */

#define FZ_ULP_ACCEPT 0    /* accept inside the request upcall */
#define FZ_ULP_REJECT 1    /* reject inside the request upcall */
#define FZ_ULP_LATER 2     /* leave it to the harness (iw_mpa_accept/reject after the feed) */

#define FZ_TXLOG_MAX 4096

typedef struct fz_fake {
    iw_mpa_conn *c;
    uint64_t now;                  /* harness clock, ms */
    int timer_armed;
    uint64_t timer_deadline;
    /* send */
    uint8_t *wire;
    size_t wire_len, wire_cap;
    int send_mode;
    size_t limit;
    int fail_at, send_calls;
    int host_failed;               /* a send returned IW_EHOST */
    size_t room_cap;               /* copy-out: the room last offered (0: none, or spilled) */
    int room_spill, room_empty;    /* copy-out: the room is the spill (wire full); next is 0 */
    uint8_t spill[16];
    int closed, close_abortive;
    /* ULP */
    int ulp_mode;
    uint16_t acc_ird, acc_ord;
    const uint8_t *acc_pd;
    size_t acc_pd_len;
    uint32_t rx_max;
    unsigned fail_deliver_at;      /* 1-based delivery that returns IW_ETERM (0: never) */
    int echo;                      /* send every delivered ULPDU back */
    int requests, established, rejected, errors, closed_up, tx_dones;
    int ulp_failed;
    iw_status first_err;
    size_t delivered;
    uint32_t dhash;                /* fz_hash_msg chain of delivered ULPDUs */
    iw_mpa_info est;               /* the established upcall's info */
    /* what the ULP handed to iw_mpa_tx and got IW_OK for, in order (entries 0 .. ntx - 1
     * only: the logs and txbuf are not reset, fz_fake_reset stops at tx_hash) */
    size_t ntx;
    uint32_t tx_hash[FZ_TXLOG_MAX];
    uint16_t tx_len[FZ_TXLOG_MAX];
    uint8_t txbuf[65536];          /* the payload of the ULP FPDU in flight */
} fz_fake;

/* Reset f for a new run over conn c, with a wire buffer of cap octets. Only the scalars: the
 * 24 KiB of transmit logs are read below ntx only (clearing them was a third of a run). */
static IW_UNUSED void fz_fake_reset(fz_fake *f, iw_mpa_conn *c, uint8_t *wire, size_t cap)
{
    memset(f, 0, offsetof(fz_fake, tx_hash));
    f->c = c;
    f->wire = wire;
    f->wire_cap = cap;
    f->limit = (size_t)-1;
    f->dhash = FZ_HASH_INIT;
}

static iw_status fz_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    fz_fake *f = (fz_fake *)ctx;
    size_t i, total = 0, offered = 0, lim;
    FZ_CHECK(n >= 1);
    FZ_CHECK(accepted != NULL);
    for (i = 0; i < n; i++) {
        FZ_CHECK(iov[i].base || iov[i].len == 0);
        offered += iov[i].len;
    }
    FZ_CHECK(!f->closed || offered == 0); /* nothing is sent after close */
    f->send_calls++;
    *accepted = 0;
    if (f->fail_at && f->send_calls == f->fail_at) {
        f->host_failed = 1;
        return IW_EHOST;
    }
    lim = f->send_mode == FZ_SEND_ALL || (f->send_mode == FZ_SEND_FIRST && f->send_calls > 1)
              ? (size_t)-1 : f->limit;
    for (i = 0; i < n && lim; i++) {
        size_t k = iov[i].len < lim ? iov[i].len : lim;
        if (f->wire_len + k > f->wire_cap) { /* deterministic: out of room */
            f->host_failed = 1;
            return IW_EHOST;
        }
        if (k) memcpy(f->wire + f->wire_len, iov[i].base, k);
        f->wire_len += k;
        total += k;
        lim -= k;
    }
    *accepted = total;
    if (total < offered && f->send_mode == FZ_SEND_EAGAIN) return IW_EAGAIN;
    return IW_OK;
}

/* Copy-out transmit (iw_mpa_host_ops.tx_room): room on the wire under the same send modes
 * (LIMIT: `limit` octets per round; EAGAIN: as LIMIT with a full buffer, 0, every other call;
 * FIRST: only the first round limited); a full wire gives a scratch room whose commit fails,
 * as fz_send fails. A commit must be of at most the room offered, written in place. */
static uint8_t *fz_tx_room(void *ctx, size_t want, size_t *cap)
{
    fz_fake *f = (fz_fake *)ctx;
    size_t lim = f->send_mode == FZ_SEND_ALL || (f->send_mode == FZ_SEND_FIRST && f->send_calls > 0)
                     ? (size_t)-1 : f->limit;
    FZ_CHECK(want >= 1 && cap != NULL);
    FZ_CHECK(!f->closed);
    f->room_spill = 0;
    if (f->send_mode == FZ_SEND_EAGAIN && (f->room_empty ^= 1) == 0) lim = 0;
    if (lim > f->wire_cap - f->wire_len) lim = f->wire_cap - f->wire_len;
    if (lim == 0 && f->wire_len == f->wire_cap) {
        f->room_spill = 1;
        f->room_cap = *cap = sizeof f->spill;
        return f->spill;
    }
    f->room_cap = *cap = lim;
    return f->wire + f->wire_len;
}
static iw_status fz_tx_commit(void *ctx, size_t n)
{
    fz_fake *f = (fz_fake *)ctx;
    FZ_CHECK(n >= 1 && n <= f->room_cap);
    FZ_CHECK(!f->closed);
    f->send_calls++;
    f->room_cap = 0;
    if (f->room_spill || (f->fail_at && f->send_calls == f->fail_at)) {
        f->host_failed = 1;
        return IW_EHOST;
    }
    f->wire_len += n;
    return IW_OK;
}

static void fz_timer_arm(void *ctx, unsigned id, uint32_t ms)
{
    fz_fake *f = (fz_fake *)ctx;
    FZ_CHECK(id == IW_MPA_TIMER_SETUP);
    FZ_CHECK(!f->closed);
    f->timer_armed = 1;
    f->timer_deadline = f->now + ms;
}

static void fz_timer_cancel(void *ctx, unsigned id)
{
    fz_fake *f = (fz_fake *)ctx;
    FZ_CHECK(id == IW_MPA_TIMER_SETUP);
    f->timer_armed = 0;
}

static void fz_close(void *ctx, int abortive)
{
    fz_fake *f = (fz_fake *)ctx;
    FZ_CHECK(!f->closed); /* at most once */
    f->closed = 1;
    f->close_abortive = abortive;
}

/* Advance the clock by ms and fire the setup timer if its deadline passed. */
static IW_UNUSED void fz_advance(fz_fake *f, uint64_t ms)
{
    f->now += ms;
    if (f->timer_armed && f->now >= f->timer_deadline) {
        f->timer_armed = 0; /* a fired timer is no longer armed */
        iw_mpa_timeout(f->c, IW_MPA_TIMER_SETUP);
    }
}

static void fz_request(void *u, const iw_mpa_info *in)
{
    fz_fake *f = (fz_fake *)u;
    FZ_CHECK(f->c->cfg.role == IW_MPA_RESPONDER);
    FZ_CHECK(f->requests == 0 && f->errors == 0);
    FZ_CHECK(iw_mpa_state(f->c) == IW_MPA_S_AWAIT_ULP);
    FZ_CHECK(in->rev == 1 || in->rev == 2);
    FZ_CHECK(in->pd_len <= IW_MPA_MAX_PD && (in->pd_len == 0 || in->pd));
    f->requests++;
    if (f->ulp_mode == FZ_ULP_ACCEPT)
        (void)iw_mpa_accept(f->c, f->acc_ird, f->acc_ord, f->acc_pd, f->acc_pd_len);
    else if (f->ulp_mode == FZ_ULP_REJECT)
        (void)iw_mpa_reject(f->c, f->acc_pd, f->acc_pd_len);
}

static void fz_established(void *u, const iw_mpa_info *in)
{
    fz_fake *f = (fz_fake *)u;
    FZ_CHECK(f->established == 0 && f->errors == 0);
    FZ_CHECK(iw_mpa_state(f->c) == IW_MPA_S_FULL);
    FZ_CHECK(in->rev == 1 || in->rev == 2);
    FZ_CHECK(in->ird <= IW_MPA_IRDORD_MAX && in->ord <= IW_MPA_IRDORD_MAX);
    FZ_CHECK(!in->p2p || in->rtr == IW_MPA_RTR_SEND || in->rtr == IW_MPA_RTR_WRITE ||
             in->rtr == IW_MPA_RTR_READ);
    f->established++;
    f->est = *in;
    f->est.pd = NULL; /* valid only during the upcall */
}

static void fz_rejected(void *u, const iw_mpa_info *in)
{
    fz_fake *f = (fz_fake *)u;
    (void)in;
    FZ_CHECK(f->c->cfg.role == IW_MPA_INITIATOR);
    FZ_CHECK(f->rejected == 0 && f->established == 0);
    f->rejected++;
}

/* Hand one ULPDU (copied into txbuf, split in up to three pieces) to iw_mpa_tx; log it. */
static IW_UNUSED iw_status fz_ulp_send(fz_fake *f, const uint8_t *p, size_t n, unsigned split)
{
    iw_iov v[3];
    size_t a, b, m = 0;
    iw_status st;
    if (n == 0 || n > sizeof f->txbuf) return IW_EINVAL;
    if (iw_mpa_tx_busy(f->c)) return IW_EAGAIN; /* txbuf may still be referenced */
    memcpy(f->txbuf, p, n);
    a = split % (n + 1);
    b = a + (split >> 8) % (n - a + 1);
    if (a) { v[m].base = f->txbuf; v[m].len = a; m++; }
    if (b > a) { v[m].base = f->txbuf + a; v[m].len = b - a; m++; }
    if (n > b) { v[m].base = f->txbuf + b; v[m].len = n - b; m++; }
    st = iw_mpa_tx(f->c, v, m);
    /* IW_EINVAL only for a ULPDU whose markers would need an FPDUPTR over 16 bits: far
     * beyond MULPDU */
    FZ_CHECK(st == IW_OK || st == IW_EAGAIN || st == IW_ESTATE || st == f->c->err.status ||
             (st == IW_EINVAL && f->c->mk_tx && n > 65000 && n > iw_mpa_mulpdu(f->c)));
    if (st == IW_OK) {
        FZ_CHECK(iw_mpa_state(f->c) == IW_MPA_S_FULL);
        if (f->ntx < FZ_TXLOG_MAX) {
            f->tx_hash[f->ntx] = fz_hash_msg(FZ_HASH_INIT, p, n);
            f->tx_len[f->ntx] = (uint16_t)n;
        }
        f->ntx++;
    }
    return st;
}

static iw_status fz_deliver(void *u, const uint8_t *p, size_t n)
{
    fz_fake *f = (fz_fake *)u;
    FZ_CHECK(f->errors == 0 && !f->ulp_failed);      /* nothing delivered after an error */
    FZ_CHECK(f->established == 1);                   /* MPA-015/016 */
    /* Full Operation, or after our own graceful close (half close: still receiving) */
    FZ_CHECK(iw_mpa_state(f->c) == IW_MPA_S_FULL || f->c->rx_half);
    FZ_CHECK(n >= IW_MPA_MIN_ULPDU && n <= f->rx_max); /* MPA-071 */
    FZ_CHECK(p != NULL);
    f->delivered++;
    f->dhash = fz_hash_msg(f->dhash, p, n);
    if (f->fail_deliver_at && f->delivered == f->fail_deliver_at) {
        f->ulp_failed = 1;
        return IW_ETERM;
    }
    if (f->echo) (void)fz_ulp_send(f, p, n, (unsigned)n * 2654435761u >> 8);
    return IW_OK;
}

static void fz_error(void *u, const iw_mpa_error *e)
{
    fz_fake *f = (fz_fake *)u;
    FZ_CHECK(f->errors == 0); /* sticky: reported once */
    FZ_CHECK(e->status != IW_OK);
    FZ_CHECK(e == iw_mpa_last_error(f->c));
    f->errors++;
    f->first_err = e->status;
}

static void fz_closed_up(void *u)
{
    fz_fake *f = (fz_fake *)u;
    FZ_CHECK(f->established == 1);
    f->closed_up++;
}

static void fz_tx_done(void *u)
{
    fz_fake *f = (fz_fake *)u;
    FZ_CHECK(!iw_mpa_tx_busy(f->c));
    f->tx_dones++;
}

/* mpa.h's placement contract for a ULP that takes whole, checked ULPDUs: declined until MPA
 * checked it, then read in begin (fz_deliver), nothing to place. */
static iw_status fz_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                          iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN;
    FZ_CHECK(have == len);
    return fz_deliver(u, p, len);
}
static iw_status fz_commit(void *u, int ok)
{
    (void)u;
    FZ_CHECK(ok); /* a verified ULPDU is never failed */
    return IW_OK;
}
static const iw_mpa_ulp_ops fz_ulp_ops = {.request = fz_request,
                                          .established = fz_established,
                                          .rejected = fz_rejected,
                                          .begin = fz_begin,
                                          .commit = fz_commit,
                                          .error = fz_error,
                                          .closed = fz_closed_up,
                                          .tx_done = fz_tx_done};

/* Host ops: plain, with the trace hook, and with trace and the optional CRC engine. */
static const iw_mpa_host_ops fz_host_ops[4] = {
#define FZ_HOST_BASE                                                                            \
    .send = fz_send, .timer_arm = fz_timer_arm, .timer_cancel = fz_timer_cancel, .close = fz_close
    {FZ_HOST_BASE},
    {FZ_HOST_BASE, .trace = fz_trace},
    {FZ_HOST_BASE, .crc32c = fz_crc_op, .trace = fz_trace},
    {FZ_HOST_BASE, .trace = fz_trace, .tx_room = fz_tx_room, .tx_commit = fz_tx_commit}, /* copy-out */
#undef FZ_HOST_BASE
};

/* Feed p[0..len) as one host read, checking the rx_feed contract. Returns the status; *used is
 * what the connection consumed. */
static IW_UNUSED iw_status fz_feed(fz_fake *f, const uint8_t *p, size_t len, size_t *used)
{
    size_t before = f->delivered;
    int fin = f->c->rx_fin, dead = f->c->err.status != IW_OK;
    iw_status st = iw_mpa_rx_feed(f->c, len ? p : NULL, len, used);
    FZ_CHECK(*used <= len);
    if (dead) { /* MPA-056: sticky, nothing consumed, nothing delivered */
        FZ_CHECK(st == f->c->err.status && *used == 0 && f->delivered == before);
    } else if (fin) {
        FZ_CHECK(st == IW_ECLOSED && *used == 0 && f->delivered == before);
    }
#ifdef FUZZ_VERBOSE
    if (f->c->err.status != IW_OK && st != f->c->err.status)
        fprintf(stderr, "feed: st=%d err=%d state=%u used=%zu/%zu\n", (int)st, (int)f->c->err.status, f->c->state, *used, len);
#endif
    if (f->c->err.status != IW_OK) FZ_CHECK(st == f->c->err.status); /* the sticky status */
    if (st == IW_OK && *used < len) /* only a Responder holding its Request stops short */
        FZ_CHECK(iw_mpa_state(f->c) == IW_MPA_S_AWAIT_ULP);
    return st;
}
#endif
