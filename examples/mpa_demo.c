/* SPDX-License-Identifier: MIT */
/* mpa_demo.c: `make demo`. Two MPA endpoints in one process, joined by an in-memory "TCP"
 * (two bounded byte pipes, so sends are accepted partially when a pipe is full), negotiate and
 * exchange FPDUs in both directions with the received stream cut into random chunks. Every
 * ULPDU is checked (length, sequence number, contents); any mismatch exits non-zero.
 *
 * It is also a small example of a host: the host ops (send, timers, close) and the ULP upcalls
 * a user of mpa.h writes. */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PIPE_CAP 4096u /* a small "socket buffer": forces partial sends and resumes */

typedef struct pipe_ {
    uint8_t buf[PIPE_CAP];
    size_t head, len;
} pipe_;

typedef struct side {
    const char *name;
    iw_mpa_conn c;
    pipe_ *out;          /* what this side sends */
    uint8_t reasm[65535];
    int established, closed, errors;
    uint32_t next_rx_seq; /* sequence number expected in the next ULPDU */
    uint32_t rx_ok, tx_sent;
    unsigned long long rx_bytes;
    uint8_t tx_buf[9000];
    size_t tx_len;
    int tx_pending;      /* a ULPDU is built and not yet accepted by iw_mpa_tx */
    unsigned long long rng;
} side;

static unsigned long long rnd(unsigned long long *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* --- host ops --- */
static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    side *s = (side *)ctx;
    pipe_ *p = s->out;
    size_t i, took = 0;
    for (i = 0; i < n; i++) {
        size_t k = 0;
        while (k < iov[i].len && p->len < PIPE_CAP) {
            p->buf[(p->head + p->len) % PIPE_CAP] = ((const uint8_t *)iov[i].base)[k++];
            p->len++;
        }
        took += k;
        if (k < iov[i].len) break;
    }
    *accepted = took;
    return i < n ? IW_EAGAIN : IW_OK;
}
static void h_timer_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void h_timer_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void h_close(void *ctx, int abortive)
{
    side *s = (side *)ctx;
    s->closed = 1;
    printf("  %-9s closes the TCP connection (%s)\n", s->name, abortive ? "reset" : "FIN");
}

/* --- ULP upcalls --- */
static void u_request(void *uctx, const iw_mpa_info *in)
{
    side *s = (side *)uctx;
    printf("  %-9s got the MPA Request: rev %u, CRC %s, markers toward peer %s, P2P %s, "
           "peer IRD/ORD %u/%u, private data \"%.*s\"\n",
           s->name, in->rev, in->crc ? "on" : "off", in->markers_tx ? "yes" : "no",
           in->p2p ? "offered" : "no", in->peer_ird, in->peer_ord, (int)in->pd_len,
           (const char *)in->pd);
    iw_mpa_accept(&s->c, 8, 8, (const uint8_t *)"welcome", 7);
}
static void u_established(void *uctx, const iw_mpa_info *in)
{
    side *s = (side *)uctx;
    s->established = 1;
    printf("  %-9s in Full Operation: rev %u%s, CRC %s, markers tx %s rx %s, IRD/ORD %u/%u, "
           "MULPDU %u\n",
           s->name, in->rev, in->enhanced ? " (RFC 6581)" : "", in->crc ? "on" : "off",
           in->markers_tx ? "on" : "off", in->markers_rx ? "on" : "off", in->ird, in->ord,
           (unsigned)iw_mpa_mulpdu(&s->c));
}
static void u_rejected(void *uctx, const iw_mpa_info *in)
{
    (void)in;
    printf("  %-9s was rejected\n", ((side *)uctx)->name);
}
/* Each ULPDU carries [seq 4][len 4][pattern...]; the receiver regenerates the pattern. */
static void fill(uint8_t *p, size_t n, uint32_t seq)
{
    size_t i;
    iw_put_be32(p, seq);
    iw_put_be32(p + 4, (uint32_t)n);
    for (i = 8; i < n; i++) p[i] = (uint8_t)(seq * 31u + i * 7u);
}
static iw_status u_deliver(void *uctx, const uint8_t *u, size_t n)
{
    side *s = (side *)uctx;
    size_t i;
    if (n < 14 || iw_get_be32(u) != s->next_rx_seq || iw_get_be32(u + 4) != n) goto bad;
    for (i = 8; i < n; i++)
        if (u[i] != (uint8_t)(s->next_rx_seq * 31u + i * 7u)) goto bad;
    s->next_rx_seq++;
    s->rx_ok++;
    s->rx_bytes += n;
    return IW_OK;
bad:
    printf("  %-9s MISMATCH in ULPDU %u (len %zu)\n", s->name, (unsigned)s->next_rx_seq, n);
    s->errors++;
    return IW_ETERM;
}
static void u_error(void *uctx, const iw_mpa_error *e)
{
    side *s = (side *)uctx;
    s->errors++;
    printf("  %-9s error: %s (MPA code 0x%02x, Terminate %u/%u/0x%02x)\n", s->name,
           iw_status_str(e->status), e->mpa_ecode, e->term.layer, e->term.etype, e->term.ecode);
}

/* Designated initializers: the optional ops left out (and any added later) stay NULL. */
static const iw_mpa_host_ops host = {.send = h_send, .timer_arm = h_timer_arm,
                                     .timer_cancel = h_timer_cancel, .close = h_close};
/* The placement contract for a ULP that reads each whole, checked ULPDU: decline until MPA
 * checked it (verify-then-place), then read it in begin; nothing to place. */
static iw_status u_begin(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned flags,
                         iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN;
    (void)have;
    return u_deliver(uctx, u, len);
}
static iw_status u_commit(void *uctx, int ok)
{
    (void)uctx;
    return ok ? IW_OK : IW_EHOST;
}
static const iw_mpa_ulp_ops ulp = {.request = u_request,
                                   .established = u_established,
                                   .rejected = u_rejected,
                                   .begin = u_begin,
                                   .commit = u_commit,
                                   .error = u_error};

/* Move up to a random number of octets from `from`'s pipe into `to`. */
static int deliver_chunk(side *from, side *to, unsigned long long *rng)
{
    pipe_ *p = from->out;
    uint8_t tmp[PIPE_CAP];
    size_t want, n, i, used = 0;
    if (!p->len) return 0;
    want = 1 + (size_t)(rnd(rng) % 1500u);
    n = want < p->len ? want : p->len;
    for (i = 0; i < n; i++) tmp[i] = p->buf[(p->head + i) % PIPE_CAP];
    iw_mpa_rx_feed(&to->c, tmp, n, &used);
    p->head = (p->head + used) % PIPE_CAP;
    p->len -= used;
    iw_mpa_tx_resume(&from->c); /* room in the pipe again */
    return used > 0;
}

static void try_send(side *s, uint32_t total)
{
    if (!s->established || s->tx_sent >= total) return;
    if (iw_mpa_tx_busy(&s->c)) return; /* the last ULPDU is still referenced: keep its buffer */
    if (!s->tx_pending) {
        uint32_t m = iw_mpa_mulpdu(&s->c);
        s->tx_len = 14 + (size_t)(rnd(&s->rng) % (m - 13));
        fill(s->tx_buf, s->tx_len, s->tx_sent);
        s->tx_pending = 1;
    }
    {
        iw_iov v[2];
        v[0].base = s->tx_buf;
        v[0].len = s->tx_len / 2;
        v[1].base = s->tx_buf + s->tx_len / 2;
        v[1].len = s->tx_len - s->tx_len / 2;
        if (iw_mpa_tx(&s->c, v, 2) == IW_OK) { /* referenced, not copied: wait until idle */
            s->tx_pending = 0;
            s->tx_sent++;
        }
    }
}

static int scenario(const char *title, int rev, int crc, int mk_i, int mk_r, int p2p, unsigned rtr,
                    uint32_t emss, uint32_t count)
{
    static side a, b;
    static pipe_ ab, ba;
    iw_mpa_cfg ci, cr;
    unsigned long long rng = 0x9E3779B97F4A7C15ull ^ (unsigned long long)count;
    int guard = 0;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&ab, 0, sizeof ab);
    memset(&ba, 0, sizeof ba);
    a.name = "initiator";
    b.name = "responder";
    a.out = &ab;
    b.out = &ba;
    a.rng = 12345;
    b.rng = 67890;
    printf("\n== %s ==\n", title);
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    ci.rev = (uint8_t)rev;
    ci.crc = (uint8_t)crc;
    cr.crc = 0;
    ci.markers_rx = (uint8_t)mk_i;
    cr.markers_rx = (uint8_t)mk_r;
    ci.p2p = cr.p2p = (uint8_t)p2p;
    ci.rtr = (uint8_t)rtr;
    ci.emss = cr.emss = emss;
    if (iw_mpa_init(&a.c, &ci, &host, &a, &ulp, &a, a.reasm, sizeof a.reasm) != IW_OK ||
        iw_mpa_init(&b.c, &cr, &host, &b, &ulp, &b, b.reasm, sizeof b.reasm) != IW_OK) {
        printf("  init failed\n");
        return 1;
    }
    iw_mpa_start(&b.c, NULL, 0);
    iw_mpa_start(&a.c, (const uint8_t *)"hello", 5);
    while (guard++ < 2000000) {
        int moved = 0;
        try_send(&a, count);
        if (b.established) try_send(&b, count);
        /* the Responder speaks only after the Initiator's first FPDU: that is MPA's rule */
        moved |= deliver_chunk(&a, &b, &rng);
        moved |= deliver_chunk(&b, &a, &rng);
        if (a.errors || b.errors) break;
        if (!moved && a.rx_ok == count && b.rx_ok == count) break;
        if (!moved && !a.tx_pending && !b.tx_pending && a.tx_sent == count && b.tx_sent == count &&
            !iw_mpa_tx_busy(&a.c) && !iw_mpa_tx_busy(&b.c))
            break;
    }
    {
        const iw_mpa_stats *sa = iw_mpa_get_stats(&a.c), *sb = iw_mpa_get_stats(&b.c);
        printf("  %-9s -> %-9s %5u FPDUs %9llu octets, markers sent %u; received in place %u, "
               "reassembled %u\n",
               "initiator", "responder", sa->tx_fpdus, b.rx_bytes, sa->tx_markers,
               sb->rx_inplace, sb->rx_copied);
        printf("  %-9s -> %-9s %5u FPDUs %9llu octets, markers sent %u; received in place %u, "
               "reassembled %u\n",
               "responder", "initiator", sb->tx_fpdus, a.rx_bytes, sb->tx_markers,
               sa->rx_inplace, sa->rx_copied);
    }
    if (a.errors || b.errors || a.rx_ok != count || b.rx_ok != count) {
        printf("  FAIL: initiator got %u/%u, responder got %u/%u ULPDUs\n", a.rx_ok, count, b.rx_ok,
               count);
        return 1;
    }
    printf("  PASS: %u ULPDUs each way, every octet checked\n", count);
    return 0;
}

int main(void)
{
    int fails = 0;
    printf("iWARP core, mpa.h demo: two MPA endpoints over an in-memory TCP (pipe of %u octets),\n"
           "stream cut into random chunks of 1..1500 octets.\n",
           PIPE_CAP);
    fails += scenario("MPA rev 2, CRC, markers in both directions, EMSS 1460", 2, 1, 1, 1, 0, 0, 1460, 2000);
    fails += scenario("MPA rev 2, CRC, markers toward the initiator only, EMSS 9000", 2, 1, 1, 0, 0, 0, 9000, 500);
    fails += scenario("MPA rev 2 peer-to-peer, Read RTR, CRC, no markers", 2, 1, 0, 0, 1, IW_MPA_RTR_READ, 1460, 1000);
    fails += scenario("MPA rev 1, no CRC, no markers", 1, 0, 0, 0, 0, 0, 1460, 1000);
    printf("\n%s\n", fails ? "demo FAILED" : "demo passed: all scenarios verified");
    return fails ? 1 : 0;
}
