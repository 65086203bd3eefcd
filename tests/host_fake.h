/* SPDX-License-Identifier: MIT */
/* host_fake.h: the one fake host of the tests, the benchmarks and the fuzzers. It is MPA's
 * host (iw_mpa_host_ops, docs/host.md) over memory, deterministic and allocation-free; every
 * layer above MPA (DDP over iw_ddp_mpa_llp_ops, RDMAP, verbs) reaches TCP through it.
 *
 *   hf_host        the state: the octets sent, the send schedule, timers, the close record.
 *   hf_init        reset it; wire[0..cap) receives every octet taken (wire NULL: counted only).
 *   hf_mpa_ops     a host table of hf_send, hf_timer_arm, hf_timer_cancel, hf_close, with
 *                  ctx = the hf_host; hf_mpa_ops_copyout adds copy-out transmit (tx_room and
 *                  tx_commit under the same schedule). A fake that needs more (a trace op, a
 *                  close that also logs) builds its own table from these functions. C only:
 *                  C++ builds the table as docs/host.md shows (tests/cpp_ops.cpp).
 *   hf_send        the send op. Schedule, in this order:
 *                    hold           every call answers IW_EAGAIN and takes nothing;
 *                    eagain_at_call the call with that number (1-based) answers IW_EAGAIN,
 *                                   taking nothing;
 *                    fail_at_call   the call with that number answers IW_EHOST;
 *                    accept_limit   octets the call may take (HF_ALL: all); after a limited
 *                                   call the limit becomes accept_per_call (0: all), so
 *                                   accept_limit = a, accept_per_call = b gives a, b, b, ...;
 *                    eagain_after_partial  a call that took less than offered answers IW_EAGAIN
 *                                   (else IW_OK, as a socket that took part).
 *                  A full wire answers IW_EHOST and sets overflow (a test bug, not a schedule).
 *                  Every call is recorded in sends[] (the first HF_REC calls): where its octets
 *                  start in wire, offered, taken, the status, and the caller's `stamp`.
 *   hf_send_sink   a send with no schedule and no record: counts the octets (`sent`), copies
 *                  each piece to wire while wire is set and has room for it, takes all. For
 *                  benchmarks (no cost beyond the count) and for hosts that only need the
 *                  connection to go on; ctx may be NULL (then the timer ops need one).
 *   timers         hf_timer_arm / hf_timer_cancel keep a deadline per id on the fake clock `now`
 *                  (ms); hf_advance(h, ms, fire, arg) moves the clock and calls fire(arg, id) for
 *                  every timer that is due, earliest first, disarming it before the call (fire
 *                  may re-arm). hf_fire_mpa is the fire function for one iw_mpa_conn.
 *   close          hf_close counts the calls and records the kind, the octets sent before it
 *                  and the send call count at the time.
 *
 * Include after mpa.h (or a header that includes it). C99 and C++11. */
#ifndef HOST_FAKE_H
#define HOST_FAKE_H
#include <stdint.h>
#include <string.h>

#define HF_ALL ((size_t)-1) /* accept_limit: no limit */
#define HF_TIMERS 4         /* timer ids 0..3 (mpa.h uses IW_MPA_TIMER_SETUP) */
#define HF_REC 256          /* send calls recorded one by one */

typedef struct hf_send_rec {
    size_t off;      /* where the call's octets start in wire (octets sent before it) */
    size_t offered;  /* octets in the iovecs */
    size_t taken;    /* octets accepted */
    iw_status st;    /* what the call answered */
    uint64_t stamp;  /* hf_host.stamp at the call (the caller's clock: octets fed, a step) */
} hf_send_rec;

typedef struct hf_host {
    /* the octets taken */
    uint8_t *wire;              /* NULL: counted only */
    size_t wire_len, wire_cap;
    size_t sent;                /* octets taken in all (hf_send and hf_send_sink) */
    int overflow;               /* the wire was full */
    /* the send schedule (see above) */
    size_t accept_limit, accept_per_call;
    int eagain_after_partial;
    int hold;
    int fail_at_call, eagain_at_call;
    /* the record of send calls */
    int send_calls, eagains;
    hf_send_rec sends[HF_REC];
    uint64_t stamp;
    /* timers on the fake clock */
    uint64_t now;
    int timer_armed[HF_TIMERS];
    uint32_t timer_ms[HF_TIMERS];  /* the last ms armed */
    uint64_t deadline[HF_TIMERS];
    int timer_arms, timer_cancels, timer_fired;
    /* the close record */
    int closed, close_abortive, close_calls_before;
    size_t close_at;            /* wire_len when close was called */
} hf_host;

/* Reset h: nothing sent, no schedule, clock at 0, wire[0..cap) empty. */
static IW_UNUSED void hf_init(hf_host *h, uint8_t *wire, size_t cap)
{
    memset(h, 0, sizeof *h);
    h->wire = wire;
    h->wire_cap = wire ? cap : 0;
    h->accept_limit = HF_ALL;
}

/* Every call takes at most n octets (0: no limit), from now on. */
static IW_UNUSED void hf_limit(hf_host *h, size_t n)
{
    h->accept_limit = n ? n : HF_ALL;
    h->accept_per_call = n;
}

/* Forget the octets sent (the schedule, counters and clock stay). */
static IW_UNUSED void hf_clear(hf_host *h) { h->wire_len = 0; }

static IW_UNUSED iw_status hf_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    hf_host *h = (hf_host *)ctx;
    size_t i, offered = 0, taken = 0, lim = h->accept_limit;
    iw_status st = IW_OK;
    int call = ++h->send_calls;
    for (i = 0; i < n; i++) offered += iov[i].len;
    *accepted = 0;
    if (h->hold || call == h->eagain_at_call) {
        h->eagains++;
        st = IW_EAGAIN;
        goto out;
    }
    if (call == h->fail_at_call) {
        st = IW_EHOST;
        goto out;
    }
    for (i = 0; i < n && lim; i++) {
        size_t k = iov[i].len < lim ? iov[i].len : lim;
        if (h->wire) {
            if (k > h->wire_cap - h->wire_len) {
                h->overflow = 1;
                st = IW_EHOST;
                break;
            }
            if (k) memcpy(h->wire + h->wire_len, iov[i].base, k);
        }
        h->wire_len += k;
        taken += k;
        if (lim != HF_ALL) lim -= k;
    }
    *accepted = taken;
    h->sent += taken;
    if (st == IW_OK) {
        if (h->accept_limit != HF_ALL) h->accept_limit = h->accept_per_call ? h->accept_per_call : HF_ALL;
        if (taken < offered && h->eagain_after_partial) {
            h->eagains++;
            st = IW_EAGAIN;
        }
    }
out:
    if (call <= HF_REC) {
        hf_send_rec *r = &h->sends[call - 1];
        r->off = h->wire_len - taken;
        r->offered = offered;
        r->taken = taken;
        r->st = st;
        r->stamp = h->stamp;
    }
    return st;
}

static IW_UNUSED iw_status hf_send_sink(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    hf_host *h = (hf_host *)ctx;
    size_t i, t = 0;
    if (!h) {
        for (i = 0; i < n; i++) t += iov[i].len;
        *accepted = t;
        return IW_OK;
    }
    for (i = 0; i < n; i++) {
        if (h->wire && iov[i].len <= h->wire_cap - h->wire_len) {
            if (iov[i].len) memcpy(h->wire + h->wire_len, iov[i].base, iov[i].len);
            h->wire_len += iov[i].len;
        }
        t += iov[i].len;
    }
    h->sent += t;
    *accepted = t;
    return IW_OK;
}

/* Copy-out transmit (iw_mpa_host_ops.tx_room / tx_commit) under the send schedule: room for
 * accept_limit octets in all, then none (one call answers 0, as a full buffer), then
 * accept_per_call octets (0: unlimited) per round; fail_at_call counts commits. */
static IW_UNUSED uint8_t *hf_tx_room(void *ctx, size_t want, size_t *cap)
{
    hf_host *h = (hf_host *)ctx;
    size_t k = h->wire_cap - h->wire_len;
    (void)want;
    if (h->accept_limit < k) k = h->accept_limit;
    if (k == 0 && h->accept_limit != HF_ALL) /* full now; room again at the next round */
        h->accept_limit = h->accept_per_call ? h->accept_per_call : HF_ALL;
    *cap = k;
    return h->wire + h->wire_len;
}
static IW_UNUSED iw_status hf_tx_commit(void *ctx, size_t n)
{
    hf_host *h = (hf_host *)ctx;
    int call = ++h->send_calls;
    if (call == h->fail_at_call) return IW_EHOST;
    if (call <= HF_REC) {
        hf_send_rec *r = &h->sends[call - 1];
        r->off = h->wire_len;
        r->offered = r->taken = n;
        r->st = IW_OK;
        r->stamp = h->stamp;
    }
    h->wire_len += n;
    h->sent += n;
    if (h->accept_limit != HF_ALL) h->accept_limit -= n;
    return IW_OK;
}

static IW_UNUSED void hf_timer_arm(void *ctx, unsigned id, uint32_t ms)
{
    hf_host *h = (hf_host *)ctx;
    id %= HF_TIMERS;
    h->timer_arms++;
    h->timer_armed[id] = 1;
    h->timer_ms[id] = ms;
    h->deadline[id] = h->now + ms;
}
static IW_UNUSED void hf_timer_cancel(void *ctx, unsigned id)
{
    hf_host *h = (hf_host *)ctx;
    id %= HF_TIMERS;
    if (h->timer_armed[id]) h->timer_cancels++;
    h->timer_armed[id] = 0;
}

/* Move the clock by ms and fire every timer due by then, earliest deadline first (ties: lower
 * id first), each at its own deadline; returns how many fired. */
static IW_UNUSED int hf_advance(hf_host *h, uint64_t ms, void (*fire)(void *arg, unsigned id), void *arg)
{
    uint64_t end = h->now + ms;
    int fired = 0;
    for (;;) {
        unsigned id, best = HF_TIMERS;
        for (id = 0; id < HF_TIMERS; id++)
            if (h->timer_armed[id] && h->deadline[id] <= end &&
                (best == HF_TIMERS || h->deadline[id] < h->deadline[best]))
                best = id;
        if (best == HF_TIMERS) break;
        h->now = h->deadline[best];
        h->timer_armed[best] = 0;
        h->timer_fired++;
        fired++;
        if (fire) fire(arg, best);
    }
    h->now = end;
    return fired;
}
/* hf_advance's fire function for one MPA connection (arg: the iw_mpa_conn). */
static IW_UNUSED void hf_fire_mpa(void *arg, unsigned id) { iw_mpa_timeout((iw_mpa_conn *)arg, id); }

static IW_UNUSED void hf_close(void *ctx, int abortive)
{
    hf_host *h = (hf_host *)ctx;
    h->closed++;
    h->close_abortive = abortive;
    h->close_at = h->wire_len;
    h->close_calls_before = h->send_calls;
}

/* C only: C++ before C++20 has no designated initializers; a C++ host builds its table by
 * value-initialization and assignment instead (docs/host.md, tests/cpp_ops.cpp). */
#ifndef __cplusplus
static const iw_mpa_host_ops hf_mpa_ops IW_UNUSED = {.send = hf_send,
                                                     .timer_arm = hf_timer_arm,
                                                     .timer_cancel = hf_timer_cancel,
                                                     .close = hf_close};
static const iw_mpa_host_ops hf_mpa_ops_copyout IW_UNUSED = {.send = hf_send,
                                                             .timer_arm = hf_timer_arm,
                                                             .timer_cancel = hf_timer_cancel,
                                                             .close = hf_close,
                                                             .tx_room = hf_tx_room,
                                                             .tx_commit = hf_tx_commit};
#endif
#endif
