/* SPDX-License-Identifier: MIT */
/* demo.c: `make demo`. Two iWARP endpoints in one process and one thread, joined by a real TCP
 * connection on 127.0.0.1 (examples/posix/iw_posix.h over the core), negotiate MPA rev 2 with
 * CRC and then run every operation of RDMAP (RFC 5040) and its RFC 7306 extensions through the
 * verbs: the Send variants, RDMA Write and Read, Immediate Data, FetchAdd and CmpSwap, a memory
 * window bound by the server and used by the client, and remote invalidation with its effect.
 * Every octet is checked; one table row per operation; exit status 1 on any failure.
 *
 *   demo [--addr ADDR] [--pcap FILE] [--iters N] [--emss N] [--corrupt]   (demo --help)
 *     --addr ADDR  the local address both ends use (a name, IPv4 or IPv6), default 127.0.0.1
 *     --pcap FILE  write the traffic (each endpoint's TX, each frame once) as a pcap capture
 *     --iters N    repetitions of each repeatable operation (latency = median), default 10,
 *                  1..1000
 *     --emss N     TCP EMSS for MPA's MULPDU (RFC 5044 §4), default 1460, EMSS_MIN..65527
 *     --corrupt    flip one received octet of the first Send before it is checked (the check
 *                  must catch it: the run fails)
 * A bad value is refused (exit 2) with the flag, the value and the range (tools/cli.h).
 *
 * Roles: A is the client (MPA Initiator), B the server (Responder). B's buffer (STag, TO,
 * length) travels to A in B's MPA Reply Private Data, as an application would do it.
 */
#define _POSIX_C_SOURCE 200809L /* getaddrinfo in tools/cli.h */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "examples/posix/iw_posix.h"
#include "examples/posix/iw_pcap.h"
#include "tools/cli.h"
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUF (1u << 20)      /* each side's main buffer: 1 MiB */
#define WIN_OFF 65536u      /* the window B binds: B's buffer [WIN_OFF, WIN_OFF + WIN_LEN) */
#define WIN_LEN 65536u
#define TMO 5000
#define MAXIT 1000
/* The smallest EMSS with which every row passes: the last row needs B's Terminate in one FPDU
 * (untagged DDP header 18, Terminate header 4, the refused Write's tagged DDP header 14: 36
 * octets), and MULPDU is EMSS - 6 - (EMSS mod 4) (RFC 5044 §4; iw_mpa_mulpdu_for): 44 gives
 * 38, 40..43 give 34. Below it the run fails, so the value is refused. */
#define EMSS_MIN 44u

static iw_px_loop L;
static iw_px_listener LIS;
static iw_px_ep A, B;
static uint8_t abuf[BUF], bbuf[BUF], binv[4096], amsg[64], bmsg[64];
static uint64_t bwords[2], ares[2];
static iw_px_mr a_mr, b_mr, b_inv, b_atom, a_res, a_msg, b_msg;
static uint32_t r_stag, r_len, mw_stag; /* what A learned from B */
static uint64_t r_to, mw_to;

/* Big-endian fields of the advertisements. */
static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}
static void put_be64(uint8_t *p, uint64_t v)
{
    put_be32(p, (uint32_t)(v >> 32));
    put_be32(p + 4, (uint32_t)v);
}
static uint32_t get_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint64_t get_be64(const uint8_t *p) { return (uint64_t)get_be32(p) << 32 | get_be32(p + 4); }
static unsigned long long rng = 0x9E3779B97F4A7C15ull;
static int iters = 10, corrupt, failures, rows;
static const char *addr = "127.0.0.1"; /* --addr: both ends use it */
static char why[640];
static double t_beg, t_op; /* set by each operation around its transfer: first post .. last WC */
static double now_us(void);
static int T_BEGIN(void) { t_beg = now_us(); return 1; }
static int T_END(void) { t_op = now_us() - t_beg; return 1; }

/* ---- capture: each endpoint's TX, each MPA frame or FPDU once (iw_pcap.h) ---- */
static iw_pcap_file PF;
static iw_pcap_tcp PT;
static int pcap_on, pcap_begun;
static unsigned long frames[2];

static void trace(void *arg, iw_px_ep *ep, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    unsigned side = ep == &A ? 0u : 1u; /* side 0: the connecting side */
    (void)arg;
    if (!pcap_on || dir != IW_MPA_TRACE_TX) return; /* RX is the peer's TX: already written */
    if (!pcap_begun) { /* the first frame is A's MPA Request: TCP is up, addresses known */
        uint32_t lip = 0, pip = 0;
        uint16_t lp = 0, pp = 0;
        if (iw_px_addrs(&A, &lip, &lp, &pip, &pp) != 0) {
            /* IPv6 (--addr ::1): the capture format is IPv4; stand-in addresses, real ports */
            struct sockaddr_storage la, pa;
            if (iw_px_addrs_ss(&A, &la, &pa) != 0 || la.ss_family != AF_INET6) return;
            lip = 0x7F000001u;
            pip = 0x7F000002u;
            lp = ntohs(((struct sockaddr_in6 *)(void *)&la)->sin6_port);
            pp = ntohs(((struct sockaddr_in6 *)(void *)&pa)->sin6_port);
            fprintf(stderr, "demo: --pcap: an IPv6 connection, written with the stand-in IPv4 "
                            "addresses 127.0.0.1 and 127.0.0.2\n");
        }
        if (iw_pcap_tcp_begin(&PF, &PT, lip, lp, pip, pp) != 0) return;
        pcap_begun = 1;
    }
    iw_pcap_tcp_trace(&PT, side, iov, n, last);
    if (last) frames[side]++;
}

/* ---- helpers ---- */
static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}
static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        rng ^= rng >> 12, rng ^= rng << 25, rng ^= rng >> 27;
        p[i] = (uint8_t)((rng * 2685821657736338717ull) >> 56);
    }
}
static int same(const uint8_t *got, const uint8_t *want, size_t n, const char *where)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (got[i] != want[i]) {
            snprintf(why, sizeof why, "%s: octet %zu is 0x%02x, sent 0x%02x", where, i, got[i],
                     want[i]);
            return 0;
        }
    return 1;
}
static const char *ep_err(iw_px_ep *e)
{
    return iw_px_error(e)->kind ? iw_px_error(e)->text : "no error recorded";
}
/* Wait for the next WC of e's CQ and check it is (id, type, success). */
static int wc(iw_px_ep *e, iw_px_queue which, uint64_t id, iw_wr_type type, iw_wc *out)
{
    iw_wc w;
    if (!out) out = &w;
    if (iw_px_wait_wc(e, which, out, TMO) != 0) {
        snprintf(why, sizeof why, "%s: no completion (%s)", e == &A ? "A" : "B", ep_err(e));
        return 0;
    }
    if (out->wr_id != id || out->type != type || out->status != IW_WC_SUCCESS) {
        snprintf(why, sizeof why, "%s: WC id %llu: %s (%s)", e == &A ? "A" : "B",
                 (unsigned long long)out->wr_id, iw_wc_status_str(out->status), ep_err(e));
        return 0;
    }
    return 1;
}
static int post(iw_px_ep *e, const iw_send_wr *w)
{
    iw_vstatus vs = iw_px_post(e, w);
    if (vs != IW_V_OK) snprintf(why, sizeof why, "post: %s", iw_vstatus_str(vs));
    return vs == IW_V_OK;
}
static int recv_on(iw_px_ep *e, uint64_t id, const iw_px_mr *mr, uint64_t off, uint32_t len)
{
    iw_vstatus vs = iw_px_recv(e, id, mr, off, len);
    if (vs != IW_V_OK) snprintf(why, sizeof why, "post receive: %s", iw_vstatus_str(vs));
    return vs == IW_V_OK;
}
static iw_send_wr remote(iw_send_wr w, uint32_t stag, uint64_t to)
{
    w.remote_stag = stag;
    w.remote_to = to;
    return w;
}
/* A zero-length Send from A after a Write: when B receives it the Write is placed (RFC 5040
 * §5.5: messages are placed in order), as an application learns it. */
static int notify_b(uint64_t id)
{
    iw_send_wr w = iw_px_wr(IW_WR_SEND, id, NULL, 0, 0);
    return recv_on(&B, id, NULL, 0, 0) && post(&A, &w) && wc(&A, IW_PX_SQ_CQ, id, IW_WR_SEND, NULL) &&
           wc(&B, IW_PX_RQ_CQ, id, IW_WR_RECV, NULL);
}

/* ---- the table ---- */
static void size_str(char *s, size_t cap, size_t n)
{
    if (n == 0) snprintf(s, cap, "-");
    else if (n >= (1u << 20) && n % (1u << 20) == 0) snprintf(s, cap, "%zu MiB", n >> 20);
    else if (n >= 1024 && n % 1024 == 0) snprintf(s, cap, "%zu KiB", n >> 10);
    else snprintf(s, cap, "%zu B", n);
}
static int cmp_d(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}
/* Run op n times (each run checked), print one row: median latency, throughput over it. */
static int op_connect(int it);
static void row(const char *name, size_t size, int n, int (*op)(int it))
{
    static double t[MAXIT];
    char sz[32], lat[32], tp[32];
    int i, ok = 1;
    why[0] = 0;
    if (op != op_connect &&
        (iw_px_state(&A) != IW_PX_S_READY || iw_px_state(&B) != IW_PX_S_READY)) {
        ok = 0;
        n = 0;
        snprintf(why, sizeof why, "connection not usable (A: %s; B: %s)", ep_err(&A), ep_err(&B));
    }
    for (i = 0; i < n && ok; i++) {
        double t0 = now_us();
        t_op = -1;
        ok = op(i);
        t[i] = t_op >= 0 ? t_op : now_us() - t0; /* the transfer only, when the op marked it */
    }
    rows++;
    size_str(sz, sizeof sz, size);
    if (ok && n > 0) {
        double med;
        qsort(t, (size_t)n, sizeof t[0], cmp_d);
        med = t[n / 2];
        snprintf(lat, sizeof lat, "%.1f us", med);
        if (size >= 4096) snprintf(tp, sizeof tp, "%.1f MB/s", (double)size / med);
        else snprintf(tp, sizeof tp, "-");
    } else {
        snprintf(lat, sizeof lat, "-");
        snprintf(tp, sizeof tp, "-");
    }
    printf("%-44s %-8s %-6s %11s %13s\n", name, sz, ok ? "PASS" : "FAIL", lat, tp);
    if (!ok) {
        failures++;
        printf("    -> %s\n", why[0] ? why : "failed");
    }
    fflush(stdout);
}

/* ---- operations (A: client, B: server); it is the repetition number ---- */
static int sendlike(int it, iw_wr_type type, int solicited)
{
    const uint32_t len = 4096;
    unsigned ev0 = B.ncq_events;
    iw_wc w;
    iw_send_wr s;
    fill(abuf, len);
    memset(bbuf, 0, len);
    if (solicited && iw_cq_notify(iw_px_cq(&B, IW_PX_RQ_CQ), IW_CQ_NOTIFY_SOLICITED) != IW_V_OK)
        return snprintf(why, sizeof why, "notify"), 0;
    s = iw_px_wr(type, 1, &a_mr, 0, len);
    T_BEGIN();
    if (!recv_on(&B, 2, &b_mr, 0, len) || !post(&A, &s) || !wc(&A, IW_PX_SQ_CQ, 1, type, NULL) ||
        !wc(&B, IW_PX_RQ_CQ, 2, IW_WR_RECV, &w) || !T_END())
        return 0;
    if (corrupt && it == 0 && type == IW_WR_SEND) bbuf[len / 2] ^= 0x01; /* --corrupt */
    if (w.len != len) return snprintf(why, sizeof why, "received %u octets", w.len), 0;
    if (solicited && (!w.solicited || B.ncq_events != ev0 + 1))
        return snprintf(why, sizeof why, "no solicited event at B"), 0;
    if (!solicited && w.solicited) return snprintf(why, sizeof why, "unexpected SE"), 0;
    return same(bbuf, abuf, len, "B's receive buffer");
}
static int op_send(int it) { return sendlike(it, IW_WR_SEND, 0); }
static int op_send_se(int it) { return sendlike(it, IW_WR_SEND_SE, 1); }

static int op_write(int it)
{
    iw_send_wr w = remote(iw_px_wr(IW_WR_WRITE, 3, &a_mr, 0, BUF), r_stag, r_to);
    (void)it;
    fill(abuf, BUF);
    return T_BEGIN() && post(&A, &w) && wc(&A, IW_PX_SQ_CQ, 3, IW_WR_WRITE, NULL) && notify_b(4) && T_END() &&
           same(bbuf, abuf, BUF, "B's buffer");
}
static int op_read(int it)
{
    iw_send_wr w = remote(iw_px_wr(IW_WR_READ, 5, &a_mr, 0, BUF), r_stag, r_to);
    (void)it;
    fill(bbuf, BUF);
    memset(abuf, 0, BUF);
    return T_BEGIN() && post(&A, &w) && wc(&A, IW_PX_SQ_CQ, 5, IW_WR_READ, NULL) && T_END() &&
           same(abuf, bbuf, BUF, "A's sink buffer");
}
/* RFC 7306 §6: Immediate Data is its own message (8 octets, consumes a receive, lands in the
 * WC); "RDMA Write with Immediate" is a Write followed by Immediate Data on the same stream. */
static int op_write_imm(int it)
{
    const uint32_t len = 65536;
    iw_send_wr w = remote(iw_px_wr(IW_WR_WRITE, 6, &a_mr, 0, len), r_stag, r_to);
    iw_send_wr im = iw_px_wr(IW_WR_IMM, 7, NULL, 0, 0);
    iw_wc r;
    (void)it;
    fill(abuf, len);
    fill(im.imm, 8);
    w.flags = 0; /* unsignaled: the Immediate Data's WC follows it */
    T_BEGIN();
    if (!recv_on(&B, 8, NULL, 0, 0) || !post(&A, &w) || !post(&A, &im) ||
        !wc(&A, IW_PX_SQ_CQ, 7, IW_WR_IMM, NULL) || !wc(&B, IW_PX_RQ_CQ, 8, IW_WR_RECV, &r) ||
        !T_END())
        return 0;
    if (!r.imm_valid || r.len != 0) return snprintf(why, sizeof why, "no Immediate Data in WC"), 0;
    return same(r.imm, im.imm, 8, "immediate") && same(bbuf, abuf, len, "B's buffer");
}
/* "Send with Immediate": a Send then Immediate Data with Solicited Event (two receives). */
static int op_send_imm(int it)
{
    const uint32_t len = 4096;
    iw_send_wr s = iw_px_wr(IW_WR_SEND, 9, &a_mr, 0, len);
    iw_send_wr im = iw_px_wr(IW_WR_IMM_SE, 10, NULL, 0, 0);
    iw_wc r1, r2;
    (void)it;
    fill(abuf, len);
    fill(im.imm, 8);
    memset(bbuf, 0, len);
    T_BEGIN();
    if (!recv_on(&B, 11, &b_mr, 0, len) || !recv_on(&B, 12, NULL, 0, 0) || !post(&A, &s) ||
        !post(&A, &im) || !wc(&A, IW_PX_SQ_CQ, 9, IW_WR_SEND, NULL) ||
        !wc(&A, IW_PX_SQ_CQ, 10, IW_WR_IMM_SE, NULL) || !wc(&B, IW_PX_RQ_CQ, 11, IW_WR_RECV, &r1) ||
        !wc(&B, IW_PX_RQ_CQ, 12, IW_WR_RECV, &r2) || !T_END())
        return 0;
    if (r1.len != len || !r2.imm_valid || !r2.solicited)
        return snprintf(why, sizeof why, "WCs: len %u, imm %u, SE %u", r1.len, r2.imm_valid,
                        r2.solicited), 0;
    return same(r2.imm, im.imm, 8, "immediate") && same(bbuf, abuf, len, "B's buffer");
}
static int op_fetchadd(int it)
{
    iw_send_wr w = remote(iw_px_wr(IW_WR_FETCHADD, 13, &a_res, 0, 8), b_atom.stag, b_atom.to);
    uint64_t before = bwords[0] = 1000u + (uint64_t)it;
    w.add_swap = 0x0000000100000001ull; /* mask 0: one 64-bit add (RFC 7306 §5.1) */
    ares[0] = 0;
    T_BEGIN();
    if (!post(&A, &w) || !wc(&A, IW_PX_SQ_CQ, 13, IW_WR_FETCHADD, NULL) || !T_END()) return 0;
    if (ares[0] != before || bwords[0] != before + w.add_swap)
        return snprintf(why, sizeof why, "returned %llu, target %llu",
                        (unsigned long long)ares[0], (unsigned long long)bwords[0]), 0;
    return 1;
}
static int op_cmpswap(int it)
{
    iw_send_wr w = remote(iw_px_wr(IW_WR_CMPSWAP, 14, &a_res, 8, 8), b_atom.stag, b_atom.to + 8);
    uint64_t before = bwords[1] = UINT64_C(0x1111222233334444) + (uint64_t)it;
    w.cmp = before; /* equal: swapped */
    w.cmp_mask = ~0ull;
    w.add_swap = UINT64_C(0xCAFEF00D00000000) | (uint64_t)it;
    w.add_swap_mask = ~0ull;
    ares[1] = 0;
    T_BEGIN();
    if (!post(&A, &w) || !wc(&A, IW_PX_SQ_CQ, 14, IW_WR_CMPSWAP, NULL) || !T_END()) return 0;
    if (ares[1] != before || bwords[1] != w.add_swap)
        return snprintf(why, sizeof why, "returned %llx, target %llx",
                        (unsigned long long)ares[1], (unsigned long long)bwords[1]), 0;
    return 1;
}
/* B binds a window over [WIN_OFF, WIN_OFF + WIN_LEN) of its buffer (verbs §7.7, Type 2 through
 * a Bind MW WR on its QP) and sends the window's STag and TO to A in a Send. */
static int op_bind(int it)
{
    iw_send_wr bw = iw_px_wr(IW_WR_BIND_MW, 15, NULL, 0, 0);
    iw_send_wr s = iw_px_wr(IW_WR_SEND, 16, &b_msg, 0, 12);
    (void)it;
    if (iw_px_mw_alloc(&B, 0x5A, &mw_stag) != 0) return snprintf(why, sizeof why, "MW alloc"), 0;
    bw.bind.mw_stag = mw_stag;
    bw.bind.mr_stag = b_mr.stag;
    bw.bind.va = b_mr.to + WIN_OFF;
    bw.bind.len = WIN_LEN;
    bw.bind.acc = IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_READ;
    if (!post(&B, &bw) || !wc(&B, IW_PX_SQ_CQ, 15, IW_WR_BIND_MW, NULL)) return 0;
    put_be32(bmsg, mw_stag); /* the advertisement: STag, TO (big-endian) */
    put_be64(bmsg + 4, b_mr.to + WIN_OFF);
    if (!recv_on(&A, 17, &a_msg, 0, sizeof amsg) || !post(&B, &s) ||
        !wc(&B, IW_PX_SQ_CQ, 16, IW_WR_SEND, NULL) || !wc(&A, IW_PX_RQ_CQ, 17, IW_WR_RECV, NULL))
        return 0;
    mw_stag = get_be32(amsg);
    mw_to = get_be64(amsg + 4);
    return 1;
}
static int op_mw_write(int it)
{
    const uint32_t len = 4096, at = 1000;
    iw_send_wr w = remote(iw_px_wr(IW_WR_WRITE, 18, &a_mr, 0, len), mw_stag, mw_to + at);
    (void)it;
    fill(abuf, len);
    return T_BEGIN() && post(&A, &w) && wc(&A, IW_PX_SQ_CQ, 18, IW_WR_WRITE, NULL) && notify_b(19) &&
           T_END() &&
           same(bbuf + WIN_OFF + at, abuf, len, "B's buffer under the window");
}
static int op_mw_read(int it)
{
    const uint32_t len = 4096, at = WIN_LEN - 4096;
    iw_send_wr w = remote(iw_px_wr(IW_WR_READ, 20, &a_mr, 0, len), mw_stag, mw_to + at);
    (void)it;
    fill(bbuf + WIN_OFF + at, len);
    memset(abuf, 0, len);
    return T_BEGIN() && post(&A, &w) && wc(&A, IW_PX_SQ_CQ, 20, IW_WR_READ, NULL) && T_END() &&
           same(abuf, bbuf + WIN_OFF + at, len, "A's sink buffer");
}
/* Send with (SE and) Invalidate (RFC 5040 §5.1): B's STag is invalid once B's receive
 * completes, and B's WC names it. */
static int sendinv(iw_wr_type type, uint32_t stag, int se)
{
    iw_send_wr s = iw_px_wr(type, 21, &a_mr, 0, 64);
    iw_wc r;
    iw_stag_info si;
    s.inval_stag = stag;
    fill(abuf, 64);
    T_BEGIN();
    if (!recv_on(&B, 22, &b_mr, 0, 64) || !post(&A, &s) || !wc(&A, IW_PX_SQ_CQ, 21, type, NULL) ||
        !wc(&B, IW_PX_RQ_CQ, 22, IW_WR_RECV, &r) || !T_END())
        return 0;
    if (!r.inval || r.inval_stag != stag || (se && !r.solicited))
        return snprintf(why, sizeof why, "WC: inval %u stag %08x SE %u", r.inval, r.inval_stag,
                        r.solicited), 0;
    if (iw_stag_query(iw_px_rnic(&B), stag >> 8, &si) != IW_V_OK || si.valid)
        return snprintf(why, sizeof why, "STag %08x still valid at B", stag), 0;
    return same(bbuf, abuf, 64, "B's receive buffer");
}
static int op_send_se_inv(int it)
{
    (void)it;
    return sendinv(IW_WR_SEND_SE_INV, mw_stag, 1);
}
static int op_send_inv(int it)
{
    (void)it;
    return sendinv(IW_WR_SEND_INV, b_inv.stag, 0);
}
/* The invalidated STag refuses access: B answers with a Terminate (RFC 5041 §7.2: DDP, tagged
 * buffer error, invalid STag), A gets it decoded; B's memory is untouched. Ends the stream. */
static int term_seen(void *arg)
{
    (void)arg;
    return iw_px_error(&A)->kind != IW_PX_E_NONE;
}
static int op_refused(int it)
{
    iw_send_wr w = remote(iw_px_wr(IW_WR_WRITE, 23, &a_mr, 0, 256), b_inv.stag, b_inv.to);
    uint8_t before[sizeof binv];
    const iw_px_err *e = iw_px_error(&A);
    (void)it;
    memcpy(before, binv, sizeof binv);
    fill(abuf, 256);
    T_BEGIN();
    if (!post(&A, &w)) return 0;
    if (!iw_px_run(&L, term_seen, NULL, TMO) || !T_END())
        return snprintf(why, sizeof why, "the Write was not refused"), 0;
    if (e->kind != IW_PX_E_TERM_RCVD || e->term.layer != 1 || e->term.etype != 1 ||
        e->term.ecode != 0)
        return snprintf(why, sizeof why, "A: %s", e->text), 0;
    snprintf(why, sizeof why, "%s", e->text);
    return same(binv, before, sizeof binv, "B's invalidated MR");
}

static int connected(void *arg)
{
    (void)arg;
    return (iw_px_state(&A) == IW_PX_S_READY && iw_px_state(&B) == IW_PX_S_READY) ||
           iw_px_error(&A)->kind || iw_px_error(&B)->kind;
}
static int op_connect(int it)
{
    (void)it;
    if (iw_px_accept(&LIS, &B) != 0 || iw_px_connect(&A, addr, iw_px_listen_port(&LIS)) != 0 ||
        !iw_px_run(&L, connected, NULL, TMO) || iw_px_state(&A) != IW_PX_S_READY ||
        iw_px_state(&B) != IW_PX_S_READY) {
        snprintf(why, sizeof why, "A: %s; B: %s", ep_err(&A), ep_err(&B));
        return 0;
    }
    {   /* A learns B's buffer from the Reply's Private Data: STag, TO, length (big-endian) */
        size_t n;
        const uint8_t *pd = iw_px_peer_pd(&A, &n);
        if (!pd || n != 16) return snprintf(why, sizeof why, "Reply Private Data %zu", n), 0;
        r_stag = get_be32(pd);
        r_to = get_be64(pd + 4);
        r_len = get_be32(pd + 12);
        pd = iw_px_peer_pd(&B, &n);
        if (!pd || n != 17 || memcmp(pd, "iwarp demo client", 17) != 0)
            return snprintf(why, sizeof why, "Request Private Data"), 0;
    }
    return r_len == BUF;
}

static int setup(uint32_t emss)
{
    iw_px_opts o;
    uint8_t pd[16];
    iw_px_loop_init(&L);
    if (iw_px_listen(&L, &LIS, addr, 0) != 0) return perror("listen"), 0;
    iw_px_opts_default(&o); /* MPA rev 2, CRC, no markers, IRD = ORD = 16 */
    o.emss = emss;
    o.trace = trace;
    o.pd = (const uint8_t *)"iwarp demo client";
    o.pd_len = 17;
    if (iw_px_ep_init(&L, &A, &o) != 0) return 0;
    o.pd = NULL;
    o.pd_len = 0;
    if (iw_px_ep_init(&L, &B, &o) != 0) return 0;
    if (iw_px_reg(&A, abuf, BUF, IW_ACC_LOCAL_WRITE, &a_mr) || 
        iw_px_reg(&A, ares, sizeof ares, IW_ACC_LOCAL_WRITE, &a_res) ||
        iw_px_reg(&A, amsg, sizeof amsg, IW_ACC_LOCAL_WRITE, &a_msg) ||
        iw_px_reg(&B, bbuf, BUF, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_READ |
                                     IW_ACC_BIND, &b_mr) ||
        iw_px_reg(&B, binv, sizeof binv, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &b_inv) ||
        iw_px_reg(&B, bwords, sizeof bwords, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_ATOMIC, &b_atom) ||
        iw_px_reg(&B, bmsg, sizeof bmsg, 0, &b_msg))
        return fprintf(stderr, "memory registration failed\n"), 0;
    put_be32(pd, b_mr.stag);
    put_be64(pd + 4, b_mr.to);
    put_be32(pd + 12, (uint32_t)b_mr.len);
    return iw_px_set_pd(&B, pd, sizeof pd) == 0;
}

static void usage(void)
{
    printf("usage: demo [options]\n"
           "Two iWARP endpoints in one process over TCP (127.0.0.1) run every RDMAP operation\n"
           "(Send variants, RDMA Write/Read, Immediate Data, FetchAdd, CmpSwap, memory windows,\n"
           "remote invalidation), every octet checked; one table row per operation.\n"
           "  --addr ADDR   the address both ends use: a name, IPv4 or IPv6 (default 127.0.0.1)\n"
           "  --pcap FILE   also write the traffic as a pcap capture (tshark or iwdump reads it)\n"
           "  --iters N     repetitions of each repeatable operation (default 10, 1..%d)\n"
           "  --emss N      TCP EMSS that MPA sizes FPDUs to (default 1460, %u..65527)\n"
           "  --corrupt     flip one received octet of the first Send (the run must fail)\n"
           "  -h, --help    this text\n"
           "  -V, --version the version\n"
           "Examples:\n"
           "  make demo\n"
           "  build/demo --pcap demo.pcap && build/iwdump demo.pcap\n"
           "  build/demo --emss 536 --iters 100\n"
           "  build/demo --addr ::1               the same over IPv6\n"
           "Exit status: 0 every row PASS; 1 a row failed; 2 a bad command line.\n",
           MAXIT, EMSS_MIN);
    exit(0);
}

int main(int argc, char **argv)
{
    enum { O_PCAP = 256, O_ITERS, O_EMSS, O_CORRUPT, O_ADDR };
    static const struct option lo[] = {
        CLI_OPT("pcap", required_argument, O_PCAP), CLI_OPT("iters", required_argument, O_ITERS),
        CLI_OPT("emss", required_argument, O_EMSS), CLI_OPT("corrupt", no_argument, O_CORRUPT),
        CLI_OPT("help", no_argument, 'h'),          CLI_OPT("version", no_argument, 'V'),
        CLI_OPT("addr", required_argument, O_ADDR), CLI_OPT_END};
    static char ip[64];
    const char *pcap = NULL;
    uint32_t emss = 1460;
    int opt;
    cli_prog = "demo";
    while ((opt = getopt_long(argc, argv, "hV", lo, NULL)) != -1) {
        switch (opt) {
        case O_PCAP: pcap = optarg; break;
        case O_ITERS: iters = (int)cli_num("--iters", optarg, 1, MAXIT, 0); break;
        case O_EMSS: emss = (uint32_t)cli_num("--emss", optarg, EMSS_MIN, 65527, 0); break;
        case O_CORRUPT: corrupt = 1; break;
        case O_ADDR:
            if (cli_resolve(optarg, ip, sizeof ip, why, sizeof why) != 0)
                cli_usage_error("--addr %s", why);
            addr = ip;
            break;
        case 'h': usage(); break;
        case 'V': cli_version(); break;
        default: cli_usage_error("bad option");
        }
    }
    if (optind < argc) cli_usage_error("unexpected argument '%s'", argv[optind]);
    if (pcap) {
        if (iw_pcap_open(&PF, pcap) != 0) return fprintf(stderr, "cannot write %s\n", pcap), 1;
        pcap_on = 1;
    }
    if (!setup(emss)) return 1;
    printf("iWARP demo: client A and server B in one process, one thread, TCP over %s\n", addr);
    row("connect: TCP + MPA Request/Reply, QPs to RTS", 0, 1, op_connect);
    if (iw_px_state(&A) == IW_PX_S_READY) {
        const iw_mpa_info *in = iw_px_info(&A);
        struct sockaddr_storage la, pa;
        unsigned lp = 0, pp = 0;
        if (iw_px_addrs_ss(&A, &la, &pa) == 0) {
            lp = la.ss_family == AF_INET6
                     ? ntohs(((struct sockaddr_in6 *)(void *)&la)->sin6_port)
                     : ntohs(((struct sockaddr_in *)(void *)&la)->sin_port);
            pp = pa.ss_family == AF_INET6
                     ? ntohs(((struct sockaddr_in6 *)(void *)&pa)->sin6_port)
                     : ntohs(((struct sockaddr_in *)(void *)&pa)->sin_port);
        }
        printf("    A port %u -> B port %u; MPA rev %u, CRC %s, markers %s, IRD %u / ORD %u, "
               "MULPDU %u\n    Private Data: A sent 17 octets, B's Reply carried its buffer "
               "(STag 0x%08x, TO 0x%llx, %u octets)\n",
               lp, pp, in->rev, in->crc ? "on" : "off", in->markers_tx ? "on" : "off", in->ird,
               in->ord, (unsigned)iw_mpa_mulpdu(&A.conn), r_stag, (unsigned long long)r_to,
               r_len);
    }
    printf("\n%-44s %-8s %-6s %11s %13s\n", "operation (A -> B unless noted)", "size", "result",
           "latency", "throughput");
    printf("%-44s %-8s %-6s %11s %13s\n", "--------------------------------------------",
           "--------", "------", "-----------", "-------------");
    row("Send", 4096, iters, op_send);
    row("Send with Solicited Event", 4096, iters, op_send_se);
    row("RDMA Write (+ 0-byte Send to notify B)", BUF, iters, op_write);
    row("RDMA Read", BUF, iters, op_read);
    row("RDMA Write with Immediate (Write + Imm Data)", 65536, iters, op_write_imm);
    row("Send with Immediate (Send + Imm Data w/ SE)", 4096, iters, op_send_imm);
    row("FetchAdd (RFC 7306)", 8, iters, op_fetchadd);
    row("CmpSwap (RFC 7306)", 8, iters, op_cmpswap);
    row("Bind 64 KiB MW at B, STag sent to A (Send)", 0, 1, op_bind);
    row("RDMA Write through B's window", 4096, iters, op_mw_write);
    row("RDMA Read through B's window", 4096, iters, op_mw_read);
    row("Send with SE and Invalidate (B's window)", 64, 1, op_send_se_inv);
    row("Send with Invalidate (B's MR)", 64, 1, op_send_inv);
    row("RDMA Write to the invalidated MR: refused", 256, 1, op_refused);
    if (failures == 0) printf("    -> %s\n", why);
    (void)iw_px_close(&A, 1000);
    (void)iw_px_close(&B, 1000);
    printf("\n%d/%d operations passed; latency: median of %d runs (1 for one-time operations), "
           "every octet checked\n", rows - failures, rows, iters);
    if (pcap) {
        int bad = pcap_begun ? iw_pcap_tcp_end(&PT) : 0;
        bad |= iw_pcap_close(&PF);
        printf("capture: %s: %lu packets, %lu MPA frames/FPDUs (A sent %lu, B sent %lu)%s\n", pcap,
               PF.packets, frames[0] + frames[1], frames[0], frames[1], bad ? " WRITE FAILED" : "");
        if (bad) failures++;
    }
    iw_px_ep_fini(&A);
    iw_px_ep_fini(&B);
    iw_px_listen_close(&LIS);
    return failures ? 1 : 0;
}
