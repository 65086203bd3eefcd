/* SPDX-License-Identifier: MIT */
/* iwperf: bandwidth and latency of iWARP over TCP between two hosts, in the manner of perftest's
 * ib_write_bw / ib_read_bw / ib_send_bw / ib_write_lat / ib_send_lat / ib_read_lat, on the
 * POSIX host examples/posix/iw_posix.h (mpa.h + verbs.h over nonblocking sockets).
 *
 *   server:  iwperf [options]              (listens; serves clients until stopped, each in a
 *                                           child process of its own; --once: one test, exit;
 *                                           -R: one test)
 *   client:  iwperf [options] HOST         (connects, runs the test, prints the table)
 * `iwperf --help` lists every option with its default and range; docs/tools.md compares them
 * with perftest's. perftest's letters keep perftest's meaning (-a -b -D -n -p -q -Q -R -s -t
 * -V, --report_gbits, --out_json); what perftest chooses by program name is --op and --lat.
 * -a: every power of two from 2 octets to 8 MiB on one connection, one row each (a K_SIZE
 * control message starts each size, see below).
 * The client's options decide the test: they travel in the MPA Request's Private Data, so the
 * server needs only its own connection options (CRC, markers, revision, port).
 *
 * WIRE PROTOCOL between two iwperf ends (all integers big-endian):
 *   Request Private Data (client -> server), 28 octets:
 *     "IWPF" | version 1 | op (0 write, 1 read, 2 send) | lat (0/1) | flags | size u32 | iters u32 |
 *     STag u32 | TO u64 of the client's buffer (the server writes into it in write latency)
 *   Reply Private Data (server -> client), 20 octets:
 *     "IWPF" | version 1 | 0 0 0 | STag u32 | TO u64 of the server's buffer of `size` octets
 *     (Remote Write for write, Remote Read for read)
 *     flags: bit 0 -a (size is the largest of the sweep), bit 1 -D (iters is not a count),
 *     bit 2 -b (the server sends too: the client's buffer takes the server's Writes/Reads)
 *   A server that cannot serve the request rejects it (MPA Reply with R = 1).
 *   Control messages are Sends with Solicited Event (16 octets: "IWPF" | kind u32 | value u64);
 *   data Sends (send_bw) are plain Sends, so the receiver tells them apart by the WC's solicited
 *   flag. kind 1 DONE (value: the sender's octet count), 2 CREDIT (value: Receives the server
 *   has consumed and posted again), 3 SIZE (-a: the next size; the server answers SIZE before
 *   the client sends data), 4 END (-a: no more sizes). iWARP has no receiver-not-ready retry (unlike InfiniBand):
 *   a Send with no posted Receive is a fatal error (RFC 5040 §7, (1,2,0x02)), so in send_bw the
 *   client sends at most RXD messages beyond the last CREDIT.
 *   Each side reports the octets it saw itself: the client its completed WRs; the server the
 *   RDMA Write messages placed (write), the Read Responses sent (read), the Receives'
 *   lengths (send), the ping-pongs it answered (latency). Both print them; they must agree.
 *
 * OUTPUT: a perftest-like table on stdout (one row per size with -a), and per size one line
 *   IWPERF role=client op=write test=bw size=65536 iters=5000 bytes=327680000 ... bw_MBps=...
 *   msg_rate_Mpps=... crc=1 markers_rx=0 markers_tx=0 rev=2
 * (test=lat lines carry lat_us_* instead of bw_MBps and msg_rate_Mpps; --out_json FILE writes
 * the same rows as JSON with perftest's column names)
 * (MB = 10^6 octets, as perftest); a progress line on stderr once a second; on an error one
 * line "iwperf: error: ..." (a refused connection, the peer's Terminate decoded: layer, type,
 * code) and exit status 1.
 */
#define _POSIX_C_SOURCE 200809L /* getaddrinfo (tools/cli.h), posix_memalign */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
/* --perftest server: ib_send_bw's client keeps up to its rx_depth (512 by default) Sends in
 * flight before the first credit, so that many Receives must be posted (PT_RXD); the CQs hold
 * a completion for each of them and the credit Writes. */
#define IW_PX_RQ_DEPTH 512
#define IW_PX_CQ 1024
#include "examples/posix/iw_posix.h"
#include "examples/posix/iw_pcap.h"
#include "tools/cli.h"
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#define OP_WRITE 0
#define OP_READ 1
#define OP_SEND 2
#define K_DONE 1u
#define K_CREDIT 2u
#define K_SIZE 3u
#define K_END 4u
#define F_ALL 1u
#define F_DUR 2u
#define F_BIDIR 4u
#define F_MULTI 8u     /* -q N > 1: nqp u32 and session u32 follow the 28 octets */
#define QP_SHIFT 40    /* a data WR's wr_id: QP index << QP_SHIFT | its sequence number */
#define ALL_MIN 2u
#define ALL_MAX (8u << 20)
#define CTL_LEN 16u
#define NCTL 16u       /* Receives kept posted for control messages (and send_lat pongs) */
#define RXD 48u        /* send_bw: data Receives kept posted by the server */
#define CQ_MOD_DEF 16u /* every 16th WR is signaled (-Q; perftest's cq_mod default is 100) */
#define CQ_MOD R.c.cq_mod
#define TMO_MS 10000   /* no progress for this long: give up */
#define PD_REQ_LEN 28u
#define PD_REP_LEN 20u
#define PD_REQ_MULTI 36u /* F_MULTI: + nqp u32, session u32 */
#define PD_REP_MULTI 24u /* F_MULTI: + the port u16 the other QPs connect to, 2 zero octets */
#define MAX_QP 4096u
#define MAX_SIZE (1u << 30)

static const char *const opname[3] = {"write", "read", "send"};

typedef struct cfg {
    int server, op, lat, crc, markers, rev, quiet, fault, perftest, all, bidir, gbits, tcp;
    int size_set, iters_set; /* -s / -n given (--perftest server: the counts it must see) */
    int p2p;                 /* --p2p: RFC 6581 peer-to-peer mode (an RTR after the Reply) */
    uint32_t size, iters, depth, emss, cq_mod, duration;
    uint16_t port;
    const char *host, *json;
    /* server: serve until stopped (once: one test), and what a client may cost at most */
    int once;
    const char *bind;      /* -B: the address to listen on (NULL: every address) */
    uint64_t max_size;     /* --max-size: the largest message a client may ask for */
    uint32_t max_clients;  /* --max-clients: clients served at once (more are refused) */
    uint64_t max_mem;      /* --max-mem: memory for all clients' buffers together */
    uint32_t nqp;          /* -q: QPs of the test (client), each its own connection */
    uint32_t max_qp;       /* --max-qp: the most QPs one client may open (server) */
} cfg;

/* Everything of one run (one connection). Memory:
 *   buf   the data buffer, registered as mr: write latency [0, size) the sink the peer writes,
 *         [size, 2 size) our source; otherwise size octets (source or sink).
 *   rbuf  the Receive slots, registered as rmr: NR slots of SLOT octets, Receive number k in
 *         slot k % NR (the RQ is one FIFO: every incoming Send takes the next posted Receive,
 *         so all slots have one size: max(size, 16) where data Sends arrive, else 16).
 *   sbuf  one 16-octet control message to send. */
typedef struct run {
    cfg c;
    iw_px_loop loop;
    iw_px_listener lis;
    iw_px_ep ep;
    uint8_t *buf, *rbuf, sbuf[CTL_LEN];
    iw_px_mr mr, rmr, smr;
    uint32_t nr, slot;
    uint32_t peer_stag;
    uint64_t peer_to;
    uint64_t bytes;       /* octets this side saw itself */
    double secs;
    double *lat;          /* client latency: per-iteration figures, us */
    uint64_t credit;      /* send_bw client: Receives the server has consumed (and reposted) */
    uint64_t consumed, credited; /* send_bw server: data Receives consumed, last CREDIT sent */
    uint64_t peer_bytes;  /* what the peer's DONE said it saw */
    int got_done;         /* -b: the peer's DONE came while we were sending */
    uint64_t msgs;        /* messages this side counted (-D: not known beforehand) */
    uint64_t sent_total;  /* send_bw client: data Sends of the sizes before this one (-a) */
    uint32_t rlen;        /* Receive length (slot: the stride between Receive buffers) */
    FILE *json;           /* --out_json */
    int json_rows;
    const char *pcap;     /* --pcap FILE (--perftest) */
    /* -q N: all N QPs on one shared RNIC (one STag table, PD and CQs: the MR and the CQ
     * serve every QP); qp[0] is &ep, the control QP; the server always builds its QP there */
    int shared;
    iw_px_shared sh;
    uint32_t nq, nq_up, nq_given, session;
    iw_px_ep *xq;         /* QPs 1 .. nq - 1 */
    iw_px_ep **qp;        /* all nq */
    uint64_t *posted, *done, *want; /* client_bw, per QP */
    iw_px_listener lis2;  /* server, -q: where QPs 1 .. nq - 1 connect */
    uint8_t rep[PD_REP_MULTI];
    size_t rep_len;
} run;

static run R;

/* Big-endian fields of the control messages and Private Data. */
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

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "iwperf: error: %s%s%s\n", what, detail && *detail ? ": " : "", detail ? detail : "");
    exit(1);
}
/* An endpoint's first error (refused, reset, the peer's Terminate decoded ...) and exit 1. */
static void die_ep_of(const iw_px_ep *ep, const char *what)
{
    const iw_px_err *e = iw_px_error(ep);
    if (R.nq > 1 && ep != &R.ep && e->kind != IW_PX_E_NONE) {
        char t[400];
        snprintf(t, sizeof t, "QP %u of %u: %s", (unsigned)(ep - R.xq) + 1u, (unsigned)R.nq, e->text);
        die(what, t);
    }
    die(what, e->kind != IW_PX_E_NONE ? e->text : "no progress (timeout)");
}
static void die_ep(const char *what) { die_ep_of(&R.ep, what); }
/* The endpoint a WC belongs to (-q: any QP of the shared CQ). */
static iw_px_ep *ep_of_wc(const iw_wc *wc)
{
    iw_px_ep *e = R.shared ? iw_px_shared_ep(&R.sh, wc->qp_id) : NULL;
    return e ? e : &R.ep;
}
/* A control message that is not one: what it was, and the endpoint's error (the Terminate
 * we sent or got) when the stream ended. */
static void die_unexpected(void)
{
    const iw_px_err *e = iw_px_error(&R.ep);
    die("unexpected message from the peer (not an iwperf control message)",
        e->kind != IW_PX_E_NONE ? e->text : NULL);
}
static void check_wc(const iw_wc *wc, const char *what)
{
    iw_px_ep *e;
    if (wc->status == IW_WC_SUCCESS) return;
    e = ep_of_wc(wc);
    /* flushed because the stream ended: the reason is the endpoint's error (a Terminate) */
    if (wc->status == IW_WC_FLUSHED && iw_px_error(e)->kind != IW_PX_E_NONE) die_ep_of(e, what);
    fprintf(stderr, "iwperf: error: %s: WR %llu: %s%s%s\n", what, (unsigned long long)wc->wr_id,
            iw_wc_status_str(wc->status), iw_px_error(e)->kind ? ": " : "", iw_px_error(e)->text);
    exit(1);
}

/* The test's QPs: nq of them, qp[0] = &R.ep (the control QP), the others in xq. */
static void qps_alloc(uint32_t nq)
{
    uint32_t i;
    R.nq = nq;
    R.xq = nq > 1 ? (iw_px_ep *)calloc(nq - 1, sizeof *R.xq) : NULL;
    R.qp = (iw_px_ep **)calloc(nq, sizeof *R.qp);
    R.posted = (uint64_t *)calloc(nq, sizeof *R.posted);
    R.done = (uint64_t *)calloc(nq, sizeof *R.done);
    R.want = (uint64_t *)calloc(nq, sizeof *R.want);
    if ((nq > 1 && !R.xq) || !R.qp || !R.posted || !R.done || !R.want) die("out of memory", NULL);
    R.qp[0] = &R.ep;
    for (i = 1; i < nq; i++) R.qp[i] = &R.xq[i - 1];
}
/* One RNIC for all the QPs of the test (its CQ holds a WC for every WR that may be
 * outstanding, all signaled at worst, and the control messages). */
static void shared_init(uint32_t nq)
{
    iw_px_shared_cfg sc;
    iw_px_shared_cfg_default(&sc);
    sc.cq_entries = nq * (R.c.depth + 2u) + 4u * NCTL + IW_PX_CQ;
    if (iw_px_shared_init(&R.loop, &R.sh, &sc) != 0) die("shared RNIC", "out of memory");
    R.shared = 1;
}
/* The other QPs of a -q test are up (or one failed): a run-loop condition. */
static int qps_up(void *arg)
{
    uint32_t i, up = 0;
    (void)arg;
    for (i = 1; i < R.nq; i++) {
        int st = iw_px_state(R.qp[i]);
        if (st == IW_PX_S_FAILED) return 1;
        up += st == IW_PX_S_READY;
    }
    if (up > R.nq_up) { /* progress: the caller waits again */
        R.nq_up = up;
        return 1;
    }
    return up + 1 == R.nq;
}
/* Wait until QPs 1 .. nq - 1 are in RTS: as long as more come up every TMO_MS. */
static void qps_wait(void)
{
    uint32_t i;
    R.nq_up = 0;
    while (R.nq_up + 1 < R.nq) {
        uint32_t before = R.nq_up;
        if (!iw_px_run(&R.loop, qps_up, NULL, TMO_MS) && R.nq_up == before)
            die("the test's other QPs", "no progress (timeout)");
        for (i = 1; i < R.nq; i++)
            if (iw_px_state(R.qp[i]) == IW_PX_S_FAILED) die_ep_of(R.qp[i], "connection");
    }
    for (i = 1; i < R.nq; i++)
        if (iw_px_state(R.qp[i]) != IW_PX_S_READY) die_ep_of(R.qp[i], "connection");
}

/* Control messages are big-endian: mpa.h's byte-order helpers. */

static uint8_t *alloc_buf(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, 4096, n ? n : 1) != 0) die("out of memory", NULL);
    memset(p, 0, n);
    return (uint8_t *)p;
}

/* Receive slots: nr Receives of len octets, slot octets apart (slot 0: all share one buffer,
 * -a send_bw, whose data is not read; a control message there is read before the peer can send
 * again); post the first nr Receives. */
static void setup_recv3(uint32_t nr, uint32_t slot, uint32_t len)
{
    uint32_t i;
    uint64_t n = slot ? (uint64_t)nr * slot : len;
    R.nr = nr;
    R.slot = slot;
    R.rlen = len;
    R.rbuf = alloc_buf((size_t)n);
    if (iw_px_reg(&R.ep, R.rbuf, n, IW_ACC_LOCAL_WRITE, &R.rmr) != 0 ||
        iw_px_reg(&R.ep, R.sbuf, CTL_LEN, IW_ACC_LOCAL_READ, &R.smr) != 0)
        die_ep("register");
    for (i = 0; i < nr; i++)
        if (iw_px_recv(&R.ep, i, &R.rmr, (uint64_t)i * slot, len) != IW_V_OK) die_ep("post receive");
}
static void setup_recv(uint32_t nr, uint32_t slot) { setup_recv3(nr, slot, slot); }
static const uint8_t *slot_of(const iw_wc *wc) { return R.rbuf + (size_t)(wc->wr_id % R.nr) * R.slot; }
static void repost(const iw_wc *wc)
{
    uint64_t k = wc->wr_id + R.nr;
    if (iw_px_recv(&R.ep, k, &R.rmr, (k % R.nr) * R.slot, R.rlen) != IW_V_OK) die_ep("post receive");
}

/* ---- control messages: Send with Solicited Event, 16 octets ---- */
static void send_ctl(uint32_t kind, uint64_t value)
{
    iw_send_wr w;
    iw_wc wc;
    memcpy(R.sbuf, "IWPF", 4);
    put_be32(R.sbuf + 4, kind);
    put_be64(R.sbuf + 8, value);
    w = iw_px_wr(IW_WR_SEND_SE, ~(uint64_t)0, &R.smr, 0, CTL_LEN);
    if (iw_px_post(&R.ep, &w) != IW_V_OK) die_ep("post control Send");
    for (;;) { /* sbuf is reused: wait until this Send is out */
        if (iw_px_wait_wc(&R.ep, IW_PX_SQ_CQ, &wc, TMO_MS) != 0) die_ep("control Send");
        check_wc(&wc, "control Send");
        if (wc.wr_id == ~(uint64_t)0) return;
    }
}
/* A Receive's WC: 1 and the control message when it is one (the slot is reposted either way
 * by the caller's rules: here for control messages). */
static int take_ctl(const iw_wc *wc, uint32_t *kind, uint64_t *value)
{
    const uint8_t *m = slot_of(wc);
    check_wc(wc, "Receive");
    if (!wc->solicited || wc->len != CTL_LEN || memcmp(m, "IWPF", 4) != 0) return 0;
    *kind = get_be32(m + 4);
    *value = get_be64(m + 8);
    repost(wc);
    return 1;
}
static uint64_t wait_ctl(uint32_t want)
{
    iw_wc wc;
    uint32_t kind = 0;
    uint64_t v = 0;
    for (;;) {
        if (iw_px_wait_wc(&R.ep, IW_PX_RQ_CQ, &wc, TMO_MS) != 0) die_ep("waiting for the peer");
        if (!take_ctl(&wc, &kind, &v)) die_unexpected();
        if (kind == want) return v;
        if (kind == K_CREDIT && v > R.credit) R.credit = v;
        if (want == 0) return v; /* any: a credit */
    }
}

/* ---- progress, once a second on stderr ---- */
static double next_progress;
static void progress(uint64_t done, double t0)
{
    double t = now_s();
    if (R.c.quiet || t < next_progress) return;
    next_progress = t + 1.0;
    if (R.c.duration)
        fprintf(stderr, "iwperf: %llu iterations in %.0f of %u s, %.1f MB/s\n", (unsigned long long)done,
                t - t0, (unsigned)R.c.duration, (double)done * R.c.size / (t - t0) / 1e6);
    else
        fprintf(stderr, "iwperf: %llu/%u iterations, %.1f MB/s\n", (unsigned long long)done,
                (unsigned)R.c.iters, (double)done * R.c.size / (t - t0) / 1e6);
}

/* ---- bandwidth: the sending side (the client; with -b the server too) ---- */
/* Posts WRs of R.c.size on each of the test's QPs until R.c.iters are done on each (or, with
 * -D, until the time is up: each QP stops at a multiple of the CQ moderation so that its last
 * WR is signaled). A data WR's wr_id is its QP's index << QP_SHIFT | its number on that QP: a
 * signaled WC retires every earlier WR of its QP (in order). */
static void client_bw(void)
{
    uint64_t lim, base = R.sent_total, total = 0;
    double t0 = now_s(), last = t0, tend = t0 + R.c.duration;
    int timed = R.c.duration != 0;
    uint32_t i;
    iw_wc wc;
    iw_wr_type type = R.c.op == OP_WRITE ? IW_WR_WRITE : R.c.op == OP_READ ? IW_WR_READ : IW_WR_SEND;
    next_progress = t0 + 1.0;
    for (i = 0; i < R.nq; i++) {
        R.posted[i] = R.done[i] = 0;
        R.want[i] = timed ? ~(uint64_t)0 : R.c.iters;
    }
    for (;;) {
        int moved = 0, finished = 1;
        if (timed && now_s() >= tend) {
            timed = 0;
            for (i = 0; i < R.nq; i++) { /* round up to a signaled WR */
                R.want[i] = (R.posted[i] + CQ_MOD - 1) / CQ_MOD * CQ_MOD;
                if (R.want[i] == 0) R.want[i] = CQ_MOD;
            }
        }
        for (i = 0; i < R.nq; i++) {
            uint64_t *posted = &R.posted[i], want = R.want[i];
            lim = want;
            if (R.c.op == OP_SEND) { /* no RNR retry: at most RXD Sends beyond the last CREDIT */
                uint64_t avail = R.credit + RXD > base ? R.credit + RXD - base : 0;
                if (lim > avail) lim = avail;
            }
            while (*posted < lim && *posted - R.done[i] < R.c.depth) {
                iw_send_wr w = iw_px_wr(type, (uint64_t)i << QP_SHIFT | *posted, &R.mr, 0, R.c.size);
                w.flags = ((*posted + 1) % CQ_MOD == 0 || *posted + 1 == want) ? IW_WR_SIGNALED : 0u;
                w.remote_stag = R.peer_stag;
                w.remote_to = R.peer_to;
                if (iw_px_post(R.qp[i], &w) != IW_V_OK) die_ep_of(R.qp[i], "post");
                (*posted)++;
                moved = 1;
            }
        }
        while (iw_px_poll_wc(&R.ep, IW_PX_SQ_CQ, &wc)) {
            uint64_t q;
            check_wc(&wc, opname[R.c.op]);
            if (wc.wr_id == ~(uint64_t)0) continue; /* a control Send (-b: our DONE) */
            q = wc.wr_id >> QP_SHIFT;
            if (q < R.nq) R.done[q] = (wc.wr_id & (((uint64_t)1 << QP_SHIFT) - 1)) + 1;
            moved = 1;
        }
        while (iw_px_poll_wc(&R.ep, IW_PX_RQ_CQ, &wc)) {
            uint32_t kind = 0;
            uint64_t v = 0;
            if (take_ctl(&wc, &kind, &v)) {
                if (kind == K_CREDIT && v > R.credit) R.credit = v;
                if (kind == K_DONE) R.got_done = 1, R.peer_bytes = v;
            }
            moved = 1;
        }
        total = 0;
        for (i = 0; i < R.nq; i++) {
            total += R.done[i];
            if (R.done[i] < R.want[i]) finished = 0;
        }
        if (finished) break;
        for (i = 0; i < R.nq; i++)
            if (iw_px_state(R.qp[i]) == IW_PX_S_FAILED) die_ep_of(R.qp[i], opname[R.c.op]);
        if (moved) last = now_s();
        else if (now_s() - last > TMO_MS / 1000.0) die_ep(opname[R.c.op]);
        if (iw_px_poll(&R.loop, moved ? 0 : 100) < 0) die("poll", strerror(errno));
        progress(total / R.nq, t0);
    }
    R.secs = now_s() - t0;
    R.bytes = total * R.c.size;
    R.msgs = total;
    R.sent_total = base + total;
    /* the DONE message needs a posted Receive too */
    while (R.c.op == OP_SEND && R.credit + RXD <= R.sent_total) (void)wait_ctl(0);
}

/* ---- latency (both roles): ping-pong, the client starts ---- */
static int last_is(void *arg)
{
    return R.buf[R.c.size - 1] == (uint8_t)(uintptr_t)arg || iw_px_state(&R.ep) == IW_PX_S_FAILED;
}
static void wait_tag(uint8_t tag, const char *what)
{
    if (!iw_px_run(&R.loop, last_is, (void *)(uintptr_t)tag, TMO_MS) || iw_px_state(&R.ep) == IW_PX_S_FAILED)
        die_ep(what);
}
static void pingpong(int client)
{
    uint32_t i;
    double t0 = now_s(), t;
    iw_wc wc;
    next_progress = t0 + 1.0;
    for (i = 0; i < R.c.iters; i++) {
        uint8_t tag = (uint8_t)(i % 255u + 1u);
        iw_send_wr w;
        t = now_s();
        if (R.c.op == OP_WRITE) {
            /* perftest's write_lat: write the peer's sink, poll the last octet of our own */
            if (!client) wait_tag(tag, "ping");
            R.buf[2 * (size_t)R.c.size - 1] = tag;
            w = iw_px_wr(IW_WR_WRITE, i, &R.mr, R.c.size, R.c.size);
            w.flags = (i + 1) % CQ_MOD == 0 ? IW_WR_SIGNALED : 0u;
            w.remote_stag = R.peer_stag;
            w.remote_to = R.peer_to;
            if (iw_px_post(&R.ep, &w) != IW_V_OK) die_ep("post");
            if (client) wait_tag(tag, "pong");
        } else if (R.c.op == OP_SEND) {
            if (!client) {
                if (iw_px_wait_wc(&R.ep, IW_PX_RQ_CQ, &wc, TMO_MS) != 0) die_ep("ping");
                check_wc(&wc, "ping");
                if (wc.len != R.c.size || wc.solicited) die("ping of the wrong length", NULL);
                repost(&wc);
            }
            w = iw_px_wr(IW_WR_SEND, i, &R.mr, 0, R.c.size);
            w.flags = (i + 1) % CQ_MOD == 0 ? IW_WR_SIGNALED : 0u;
            if (iw_px_post(&R.ep, &w) != IW_V_OK) die_ep("post");
            if (client) {
                if (iw_px_wait_wc(&R.ep, IW_PX_RQ_CQ, &wc, TMO_MS) != 0) die_ep("pong");
                check_wc(&wc, "pong");
                if (wc.len != R.c.size || wc.solicited) die("pong of the wrong length", NULL);
                repost(&wc);
            }
        } else { /* read: the client reads, the server only answers (inside its loop) */
            w = iw_px_wr(IW_WR_READ, i, &R.mr, 0, R.c.size);
            w.remote_stag = R.peer_stag;
            w.remote_to = R.peer_to;
            if (iw_px_post(&R.ep, &w) != IW_V_OK) die_ep("post");
            if (iw_px_wait_wc(&R.ep, IW_PX_SQ_CQ, &wc, TMO_MS) != 0) die_ep("read");
        }
        while (iw_px_poll_wc(&R.ep, IW_PX_SQ_CQ, &wc)) check_wc(&wc, opname[R.c.op]);
        if (client) {
            /* a Read's latency is its round trip (perftest's read_lat); Write and Send report
             * half the round trip (ib_write_lat, ib_send_lat) */
            R.lat[i] = (now_s() - t) * 1e6 / (R.c.op == OP_READ ? 1.0 : 2.0);
            progress(i + 1, t0);
        }
    }
    R.secs = now_s() - t0;
    R.bytes = (uint64_t)R.c.iters * R.c.size;
    R.msgs = R.c.iters;
}

/* ---- server ---- */
static uint64_t server_cost(int op, int lat, uint32_t size);
static uint64_t server_budget(void);
static int listen_more(iw_px_ep *ep);
static iw_px_opts SOPTS; /* the server's connection options (the -q QPs take them too) */
static int on_request(void *arg, iw_px_ep *ep, const iw_mpa_info *req)
{
    uint8_t *rep = R.rep;
    const uint8_t *p = req->pd;
    unsigned acc = IW_ACC_LOCAL_WRITE;
    uint64_t n, qcost;
    uint32_t nq = 1;
    (void)arg;
    if (!p || req->pd_len < PD_REQ_LEN || memcmp(p, "IWPF", 4) != 0 || p[4] != 1 || p[5] > OP_SEND ||
        get_be32(p + 8) == 0 || get_be32(p + 8) > MAX_SIZE || get_be32(p + 12) == 0) {
        fprintf(stderr, "iwperf: rejecting a connection: not an iwperf client's request\n");
        return 0; /* MPA Reject */
    }
    R.c.op = p[5];
    R.c.lat = p[6] != 0;
    R.c.all = (p[7] & F_ALL) != 0;
    R.c.duration = (p[7] & F_DUR) != 0; /* the client times the run; the server counts */
    R.c.bidir = (p[7] & F_BIDIR) != 0;
    R.c.size = get_be32(p + 8);
    R.c.iters = get_be32(p + 12);
    if (p[7] & F_MULTI) { /* -q: the other QPs come to a port of this test's own */
        nq = req->pd_len >= PD_REQ_MULTI ? get_be32(p + 28) : 0;
        if (nq < 1 || nq > R.c.max_qp || R.c.lat || R.c.bidir || R.c.op == OP_SEND) {
            fprintf(stderr, "iwperf: rejecting a connection: it asks for %u QPs (%s); the cap is "
                    "--max-qp %u, for write and read bandwidth\n", (unsigned)nq,
                    opname[R.c.op], (unsigned)R.c.max_qp);
            return 0; /* MPA Reject */
        }
        R.session = get_be32(p + 32);
    }
    /* the QPs beyond the first count against the budget with their endpoints */
    qcost = (uint64_t)(nq - 1) * iw_px_ep_bytes(NULL);
    if (server_cost(R.c.op, R.c.lat, R.c.size) + qcost > server_budget() ||
        R.c.size > R.c.max_size) {
        /* never allocate what a client names beyond our caps: checked before any buffer */
        fprintf(stderr, "iwperf: rejecting a connection: it asks for %u-octet messages (%llu "
                "octets of buffers); the caps are --max-size %llu, --max-mem %llu / "
                "--max-clients %u = %llu a client\n", (unsigned)R.c.size,
                (unsigned long long)server_cost(R.c.op, R.c.lat, R.c.size),
                (unsigned long long)R.c.max_size, (unsigned long long)R.c.max_mem,
                (unsigned)R.c.max_clients, (unsigned long long)server_budget());
        return 0; /* MPA Reject */
    }
    R.peer_stag = get_be32(p + 16);
    R.peer_to = get_be64(p + 20);
    if (R.c.op == OP_WRITE) acc |= IW_ACC_REMOTE_WRITE;
    if (R.c.op == OP_READ) acc |= IW_ACC_REMOTE_READ;
    n = R.c.op == OP_WRITE && R.c.lat ? 2 * (uint64_t)R.c.size : R.c.size;
    R.buf = alloc_buf((size_t)n);
    if (iw_px_reg(ep, R.buf, n, acc, &R.mr) != 0) return 0;
    memcpy(rep, "IWPF", 4);
    rep[4] = 1;
    rep[5] = rep[6] = rep[7] = 0;
    put_be32(rep + 8, R.mr.stag);
    put_be64(rep + 12, R.mr.to);
    R.rep_len = PD_REP_LEN;
    qps_alloc(nq);
    if (nq > 1) {
        int port = listen_more(ep);
        if (port < 0) {
            fprintf(stderr, "iwperf: rejecting a connection: cannot listen for its QPs: %s\n",
                    strerror(errno));
            return 0;
        }
        rep[20] = (uint8_t)(port >> 8);
        rep[21] = (uint8_t)port;
        rep[22] = rep[23] = 0;
        R.rep_len = PD_REP_MULTI;
    }
    return iw_px_set_pd(ep, rep, R.rep_len) == 0;
}

/* -q: QP 2 .. N of the test connect here; each Request must name the first one's session and
 * test, and gets the same Reply (the buffer is one MR of the shared RNIC). */
static int on_request_more(void *arg, iw_px_ep *ep, const iw_mpa_info *req)
{
    const uint8_t *p = req->pd;
    (void)arg;
    if (!p || req->pd_len < PD_REQ_MULTI || memcmp(p, "IWPF", 4) != 0 || p[4] != 1 ||
        p[5] != R.c.op || !(p[7] & F_MULTI) || get_be32(p + 8) != R.c.size ||
        get_be32(p + 28) != R.nq || get_be32(p + 32) != R.session) {
        fprintf(stderr, "iwperf: rejecting a connection to the QP port: not a QP of this test\n");
        return 0;
    }
    return iw_px_set_pd(ep, R.rep, R.rep_len) == 0;
}
static iw_px_ep *give_qp(void *arg, iw_px_listener *lis)
{
    iw_px_opts so = SOPTS;
    iw_px_ep *e;
    (void)arg;
    if (R.nq_given + 1 >= R.nq) return NULL; /* all came: refuse the rest */
    e = R.qp[R.nq_given + 1];
    so.on_request = on_request_more;
    if (iw_px_ep_init_shared(lis->loop, e, &so, &R.sh) != 0) return NULL;
    R.nq_given++;
    return e;
}
/* -q: a listener on the address the first QP came to, any port (returned, or -1); it hands
 * connections to give_qp. */
static int listen_more(iw_px_ep *ep)
{
    struct sockaddr_storage l;
    char host[INET6_ADDRSTRLEN];
    uint32_t li, pi;
    uint16_t lp, pp;
    if (iw_px_addrs(ep, &li, &lp, &pi, &pp) == 0)
        snprintf(host, sizeof host, "%u.%u.%u.%u", (unsigned)(li >> 24), (unsigned)(li >> 16 & 255),
                 (unsigned)(li >> 8 & 255), (unsigned)(li & 255));
    else if (iw_px_addrs_ss(ep, &l, NULL) != 0 || l.ss_family != AF_INET6 ||
             !inet_ntop(AF_INET6, &((struct sockaddr_in6 *)(void *)&l)->sin6_addr, host, sizeof host))
        return -1;
    if (iw_px_listen(&R.loop, &R.lis2, host, 0) != 0) return -1;
    R.nq_given = 0;
    iw_px_listen_serve(&R.lis2, give_qp, NULL);
    return iw_px_listen_port(&R.lis2);
}
/* Server: the endpoint of the test's first QP, on a shared RNIC (-q: the others join it). */
static void server_ep(const iw_px_opts *o)
{
    SOPTS = *o;
    SOPTS.on_request = on_request;
    shared_init(1);
    if (iw_px_ep_init_shared(&R.loop, &R.ep, &SOPTS, &R.sh) != 0) die_ep("endpoint");
}
/* Server, -q: after the first QP, the others (to listen_more's port). */
static void server_more_qps(void)
{
    if (R.nq <= 1) return;
    qps_wait();
    iw_px_listen_close(&R.lis2);
}

/* The octets of buffers a server allocates for a client's test (on_request, server_run): the
 * data buffer and the Receive slots. */
static uint64_t server_cost(int op, int lat, uint32_t size)
{
    uint64_t data = op == OP_WRITE && lat ? 2 * (uint64_t)size : size;
    uint64_t slot = size > CTL_LEN ? size : CTL_LEN;
    uint64_t recv = op == OP_SEND && !lat ? (uint64_t)RXD * slot
                  : op == OP_SEND ? (uint64_t)NCTL * slot : (uint64_t)NCTL * CTL_LEN;
    return data + recv;
}
/* What one client may cost: --max-mem shared by --max-clients (one client with --once). */
static uint64_t server_budget(void)
{
    return R.c.once ? R.c.max_mem : R.c.max_mem / (R.c.max_clients ? R.c.max_clients : 1);
}

/* The RDMAP stream's per-opcode message counters (rdmap.h counts what it placed and answered). */
static const iw_rdmap_stats *rdmap_stats_of(iw_px_ep *ep) { return iw_qp_stats(iw_px_qp(ep)); }

/* The octets the peer's Writes placed here / our Read Responses carried, from rdmap.h's
 * per-opcode message counters (every message has R.c.size octets). */
static uint64_t peer_moved_msgs(void)
{
    uint64_t n = 0;
    uint32_t i;
    for (i = 0; i < R.nq; i++) { /* -q: over all the test's QPs */
        if (R.c.op == OP_WRITE) n += rdmap_stats_of(R.qp[i])->rx_msgs[IW_RDMAP_OP_WRITE];
        if (R.c.op == OP_READ) n += rdmap_stats_of(R.qp[i])->tx_msgs[IW_RDMAP_OP_READ_RESP];
    }
    return n;
}

/* -q: the DONE came on the control QP, but Writes on the other QPs (other TCP streams) may
 * still be on their way: wait until what was placed here adds up to what the peer says it
 * sent, as long as more keeps coming. */
static int moved_all(void *arg)
{
    uint64_t base = *(const uint64_t *)arg;
    return (peer_moved_msgs() - base) * R.c.size >= R.peer_bytes;
}
static void wait_moved(uint64_t base)
{
    uint64_t before;
    do {
        before = peer_moved_msgs();
        if (iw_px_run(&R.loop, moved_all, &base, TMO_MS)) return;
    } while (peer_moved_msgs() != before);
}

/* Server: one measurement at R.c.size (the Receives are posted). */
static void server_measure(uint64_t base, double t0)
{
    iw_wc wc;
    uint32_t kind;
    uint64_t v;
    int sendbw = R.c.op == OP_SEND && !R.c.lat;
    R.bytes = 0;
    R.msgs = 0;
    R.got_done = 0;
    if (sendbw) { /* each data Receive reposted when consumed, a CREDIT every 16 */
        for (;;) {
            if (iw_px_wait_wc(&R.ep, IW_PX_RQ_CQ, &wc, TMO_MS) != 0) die_ep("receive");
            check_wc(&wc, "Receive");
            if (wc.solicited) {
                if (take_ctl(&wc, &kind, &v) && kind == K_DONE) {
                    R.peer_bytes = v;
                    break;
                }
                continue;
            }
            R.bytes += wc.len;
            R.msgs++;
            R.consumed++;
            repost(&wc);
            if (R.consumed - R.credited >= 16) {
                send_ctl(K_CREDIT, R.consumed);
                R.credited = R.consumed;
            }
        }
    } else if (R.c.bidir) { /* -b: we send too, then count what the peer moved */
        uint64_t own;
        client_bw();
        own = R.bytes;
        if (!R.got_done) R.peer_bytes = wait_ctl(K_DONE);
        R.msgs = peer_moved_msgs() - base;
        R.bytes = own + R.msgs * R.c.size;
        R.msgs += own / R.c.size;
    } else {
        R.peer_bytes = wait_ctl(K_DONE);
        if (R.nq > 1) wait_moved(base);
        if (R.c.op != OP_SEND) R.msgs = peer_moved_msgs() - base;
        else R.msgs = R.c.iters; /* send_lat: every ping was checked */
        R.bytes = R.msgs * R.c.size;
    }
    if (!R.c.bidir) R.secs = now_s() - t0;
    send_ctl(K_DONE, R.bytes);
}

static void report(int client, uint64_t peer_bytes);
static void server_run(void)
{
    int sendbw = R.c.op == OP_SEND && !R.c.lat;
    uint64_t base = peer_moved_msgs();
    double t0 = now_s();
    /* the Receives: send_bw data slots (-a: all in one buffer of the largest size), send_lat
     * ping slots, else control only */
    if (sendbw && R.c.all) setup_recv3(RXD, 0, R.c.size);
    else if (sendbw) setup_recv(RXD, R.c.size > CTL_LEN ? R.c.size : CTL_LEN);
    else setup_recv(NCTL, R.c.op == OP_SEND && R.c.size > CTL_LEN ? R.c.size : CTL_LEN);
    if (R.c.lat && R.c.op != OP_READ) pingpong(0);
    if (!R.c.all) {
        server_measure(base, t0);
        report(0, R.peer_bytes);
        return;
    }
    for (;;) { /* -a: SIZE, the measurement, DONE; until END */
        iw_wc wc;
        uint32_t kind = 0;
        uint64_t v = 0;
        if (iw_px_wait_wc(&R.ep, IW_PX_RQ_CQ, &wc, TMO_MS) != 0) die_ep("waiting for the next size");
        if (!take_ctl(&wc, &kind, &v)) die_unexpected();
        if (kind == K_END) break;
        if (kind != K_SIZE || v < 1 || v > R.mr.len) die("bad size from the peer", NULL);
        R.c.size = (uint32_t)v;
        send_ctl(K_SIZE, v);
        server_measure(peer_moved_msgs(), now_s());
        report(0, R.peer_bytes);
    }
}

/* ---- report ---- */
static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static const char *const dash =
    "---------------------------------------------------------------------------------------";
static void header(int client)
{
    const iw_mpa_info *in = iw_px_info(&R.ep);
    if (R.c.quiet) return;
    printf("%s\n", dash);
    printf("                    iWARP %s %s%s (iwperf %s)\n", opname[R.c.op],
           R.c.lat ? "Latency Test" : "BW Test", R.c.bidir ? " bidirectional" : "",
           client ? "client" : "server");
    printf(" MPA rev %u | CRC %s | markers rx %s tx %s | IRD %u ORD %u | EMSS %u | TX depth %u | CQ mod %u\n",
           in->rev, in->crc ? "on" : "off", in->markers_rx ? "on" : "off",
           in->markers_tx ? "on" : "off", in->ird, in->ord, (unsigned)R.c.emss,
           (unsigned)R.c.depth, (unsigned)R.c.cq_mod);
    printf("%s\n", dash);
    if (R.c.lat && client)
        printf(" #bytes #iterations  t_min[usec]  t_max[usec]  t_typical[usec]  t_avg[usec]  "
               "t_stdev[usec]  99%% percentile[usec]  99.9%% percentile[usec]\n");
    else
        printf(" #bytes     #iterations    #octets          BW average[%s]   MsgRate[Mpps]\n",
               R.c.gbits ? "Gb/sec" : "MB/sec");
}
static void report(int client, uint64_t peer_bytes)
{
    const iw_mpa_info *in = iw_px_info(&R.ep);
    double mbps = R.secs > 0 ? (double)R.bytes / R.secs / 1e6 : 0;
    double mpps = R.secs > 0 ? (double)R.msgs / R.secs / 1e6 : 0;
    double bw = R.c.gbits ? mbps * 8 / 1000 : mbps;
    double p50 = 0, p99 = 0, p999 = 0, mn = 0, mx = 0, avg = 0, sd = 0;
    uint32_t i, n = (uint32_t)R.msgs;
    int lat = client && R.c.lat;
    if (lat) {
        for (i = 0; i < n; i++) avg += R.lat[i];
        avg /= n;
        for (i = 0; i < n; i++) sd += (R.lat[i] - avg) * (R.lat[i] - avg);
        sd = n > 1 ? sqrt(sd / (n - 1)) : 0;
        qsort(R.lat, n, sizeof *R.lat, cmp_d);
        mn = R.lat[0];
        mx = R.lat[n - 1];
        p50 = R.lat[n / 2];
        p99 = R.lat[(size_t)((double)(n - 1) * 0.99)];
        p999 = R.lat[(size_t)((double)(n - 1) * 0.999)];
    }
    if (!R.c.all || R.c.size == ALL_MIN) header(client);
    if (!R.c.quiet) {
        if (lat)
            printf(" %-6u %-12u %-12.2f %-12.2f %-16.2f %-12.2f %-14.2f %-21.2f %.2f\n", R.c.size, n, mn,
                   mx, p50, avg, sd, p99, p999);
        else
            printf(" %-10u %-14u %-16llu %-20.2f %.6f\n", R.c.size, n, (unsigned long long)R.bytes,
                   R.c.lat ? 0.0 : bw, R.c.lat ? 0.0 : mpps);
        if (!R.c.all || R.c.size == ALL_MAX) printf("%s\n", dash);
    }
    printf("IWPERF role=%s op=%s test=%s size=%u iters=%u bytes=%llu peer_bytes=%llu secs=%.6f ",
           client ? "client" : "server", opname[R.c.op], R.c.lat ? "lat" : "bw", R.c.size, n,
           (unsigned long long)R.bytes, (unsigned long long)peer_bytes, R.secs);
    if (lat)
        printf("lat_us_min=%.3f lat_us_max=%.3f lat_us_p50=%.3f lat_us_avg=%.3f lat_us_p99=%.3f ", mn,
               mx, p50, avg, p99);
    else if (!R.c.lat)
        printf("bw_MBps=%.2f %smsg_rate_Mpps=%.6f ", mbps, R.c.gbits ? "" : "", mpps);
    if (!lat && !R.c.lat && R.c.gbits) printf("bw_Gbps=%.3f ", mbps * 8 / 1000);
    printf("crc=%u markers_rx=%u markers_tx=%u rev=%u%s", in->crc, in->markers_rx,
           in->markers_tx, in->rev, R.c.bidir ? " bidir=1" : "");
    if (R.nq > 1) printf(" qps=%u", (unsigned)R.nq);
    printf("\n");
    fflush(stdout);
    if (R.json) { /* perftest's report columns as field names */
        fprintf(R.json, "%s\n    {\"MsgSize\": %u, \"n_iterations\": %u, \"bytes\": %llu, \"secs\": %.6f",
                R.json_rows++ ? "," : "", R.c.size, n, (unsigned long long)R.bytes, R.secs);
        if (lat)
            fprintf(R.json, ", \"t_min\": %.3f, \"t_max\": %.3f, \"t_typical\": %.3f, \"t_avg\": %.3f,"
                    " \"t_stdev\": %.3f, \"percentile_99\": %.3f, \"percentile_99.9\": %.3f",
                    mn, mx, p50, avg, sd, p99, p999);
        else if (!R.c.lat)
            fprintf(R.json, ", \"BW_average\": %.6f, \"BW_unit\": \"%s\", \"MsgRate\": %.6f", bw,
                    R.c.gbits ? "Gb/sec" : "MB/sec", mpps);
        fprintf(R.json, "}");
    }
}


/* ======================================================================================== */
/* --perftest: the message flow of perftest's ib_write_bw / ib_send_bw / ib_read_bw -R        */
/* ======================================================================================== */
/* What perftest does with -R (rdma_cm), as the siw captures tests/vectors/siw_ib_write_bw_crc,
 * siw_ib_send_bw_nocrc and siw_ib_write_bw_p2p show it (perftest 6.06 against siw, -s 64 -n 5):
 *   - Two connections to the same port: first a control QP (C), later the measured QP (D).
 *     Both MPA Requests and Replies carry only the RFC 6581 IRD/ORD header (0/0 here): no
 *     application Private Data.
 *   - On C, every exchange is a pair of Sends: the client sends, the server answers with a
 *     message of the same length (the client never sends twice in a row):
 *       16 octets  the version string "6.06", NUL padded
 *        4        0x00001000 big-endian (4096: the MTU)
 *        4        0x00000040 (64; both captures used -s 64, so size or cache line: echoed)
 *        2        "3" and NUL
 *       56        zeros                      -- then the client opens D (TCP, MPA) --
 *       56        zeros
 *       56 x 4/3  (ib_send_bw 4, ib_write_bw 3) the client's / server's "pingpong_dest", big-endian:
 *                 lid u32 @0, out_reads u32 @4, qpn u32 @8, psn u32 @12, rkey u32 @16,
 *                 (4 unused) @20, vaddr u64 @24, gid[16] @32, srqn u32 @48, gid_index u32 @52;
 *                 the rkey and vaddr are the peer's buffer on D
 *       -- the measurement on D --
 *       56        the dest again (a handshake after the data)
 *        8 x 5    ib_write_bw only: the client's report, size u64, iterations u64, then three
 *                 doubles (peak, average, message rate), big-endian; the server answers with
 *                 five 8-octet values of its own (siw's were uninitialised memory)
 *       56        ib_write_bw only: the dest once more; then FIN on D, then on C.
 *   - On D: ib_write_bw: the client's RDMA Writes of -s octets to rkey at vaddr, the TO
 *     advancing by the size inside a 4096-octet cycle (0x0, 0x40 ... 0x100 for 5 x 64 octets);
 *     nothing from the server. ib_send_bw: the client's Sends; the server posts its Receives
 *     before the dest exchange and, since iWARP has no receiver-not-ready retry, grants credit
 *     by RDMA Writes of a 4-octet little-endian counter of Receives consumed (2, then 4 for 5
 *     Sends) to the rkey and vaddr of the client's dest. ib_read_bw was not captured: here it
 *     is taken to be ib_write_bw with Reads (the client reads the server's buffer).
 *   - ib_send_bw's credit rule (perftest's run_iter_bw / run_iter_bw_server): both sides use
 *     rx_depth Receives, 512 unless -r, lowered to -n when -n is smaller; the server posts
 *     rx_depth Receives and writes its count of Receives completed; the client posts Send k
 *     only while k + 1 - credit < rx_depth. ib_send_bw exits with status 17 when its
 *     measurement loop fails (a completion in error: the peer ended the QP).
 * Two behaviours of the real peers the flow has to allow for (seen against siw in the VM):
 *   - siw as MPA Responder (siw_cm.c siw_accept, Linux 6.1) sends its MPA Reply first and only
 *     then moves the socket's data-ready upcall from the CM to the QP; an FPDU that arrives in
 *     between wakes the CM, which ignores data in RDMA mode, and stays unread in the socket
 *     until more data comes (seen: 40 octets, our first Send, in the guest socket's Recv-Q
 *     5 s later). The control exchange is a ping-pong, so a Send that lands there is never
 *     answered: the client waits PT_SETTLE_MS after C is up before its first Send (a siw
 *     client sends only after rdma_cm has woken its process with ESTABLISHED). D needs no
 *     pause: the server answers on C only after its accept of D has returned.
 *   - the perftest server closes C's listener once C is accepted and listens again for D only
 *     after the "zeros" exchange and its QP setup; a connect that comes earlier is refused
 *     (through qemu's port forward: accepted, then closed before the MPA Reply). The client
 *     retries D's connect (PT_TRIES times, PT_RETRY_MS apart) while nothing of a Reply came.
 * iwperf --perftest plays either side of that flow. As server it answers every control message
 * by length (dest for a non-zero dest, zeros for zeros, its own report for a report, the same
 * octets for the rest), so it does not depend on the exact values a perftest client sends;
 * as client it sends the captured sequence. */
#define PT_MSG 64u             /* control Receive slots (the longest message is 56) */
#define PT_DEST 56u
#define PT_CYCLE 4096u         /* the Write TO cycle */
#define PT_BUF (32u << 20)     /* the measured buffer (its size is not in the protocol) */
#define PT_RXD 512u            /* server: Receives posted on D (perftest's default rx_depth) */
#define PT_NSLOT 16u           /* the Receives share 16 slots of D's buffer (data unused) */
#define PT_SLOT (PT_BUF / PT_NSLOT)
#define PT_CREDIT_EVERY 2u     /* as the capture: a credit Write every 2 Sends */
#define PT_SETTLE_MS 500       /* client: pause after C is up (siw_accept, see above) */
#define PT_TRIES 100           /* client: D's connect attempts ... */
#define PT_RETRY_MS 100        /* ... this far apart */

static struct pt {
    iw_px_ep d;                /* the measured connection */
    iw_px_mr dmr, cmr, smr;    /* D's buffer; D's credit counters; C's send buffer */
    uint8_t *dbuf;
    uint8_t sbuf[PT_MSG];
    uint32_t credit[16];       /* server: counters to Write; client: where credit lands */
    uint32_t peer_rkey;
    uint64_t peer_vaddr;
    uint64_t msgs;
    iw_px_opts o;              /* D's options, for a new attempt at connecting */
    /* server: the FPDUs on D as they pass (see pt_count) */
    uint8_t hdr[2][4];         /* the first octets of the current FPDU, per direction */
    uint32_t have[2], frames[2];
    uint64_t soff[2];          /* stream octets since the MPA frame (marker positions) */
    uint64_t octets;           /* payload octets of Writes received / Read Responses sent */
} PT;

static void pt_dest(uint8_t *m, const iw_px_mr *mr)
{
    memset(m, 0, PT_DEST);
    put_be32(m + 4, 1);                             /* out_reads, as perftest sends it */
    put_be32(m + 8, iw_px_qp(&PT.d)->id);           /* a QP number: ours */
    put_be32(m + 12, (uint32_t)(now_s() * 1e6) & 0xFFFFFFu); /* a PSN (unused by iWARP) */
    put_be32(m + 16, mr->stag);
    put_be64(m + 24, mr->to);
}
static void pt_send(const uint8_t *m, uint32_t len)
{
    iw_send_wr w;
    memcpy(PT.sbuf, m, len);
    w = iw_px_wr(IW_WR_SEND, ~(uint64_t)0, &PT.smr, 0, len);
    if (iw_px_post(&R.ep, &w) != IW_V_OK) die_ep("control Send");
}
/* Client: send m, wait for the server's answer of the same length; returns its slot. */
static const uint8_t *pt_xchg(const uint8_t *m, uint32_t len)
{
    iw_wc wc, sc;
    const uint8_t *q;
    pt_send(m, len);
    if (iw_px_wait_wc(&R.ep, IW_PX_RQ_CQ, &wc, TMO_MS) != 0) die_ep("control exchange");
    check_wc(&wc, "control exchange");
    if (wc.len != len) die("perftest exchange: the answer has another length", NULL);
    q = slot_of(&wc); /* stays: the server sends nothing more until we send again */
    repost(&wc);
    while (iw_px_poll_wc(&R.ep, IW_PX_SQ_CQ, &sc)) check_wc(&sc, "control Send");
    return q;
}
static void pt_trace(void *arg, iw_px_ep *ep, unsigned dir, const iw_iov *iov, size_t n, int last);
static iw_pcap_file pcapf; /* --pcap (pt_trace) */
static iw_pcap_tcp pcapt[2];
static int pcap_on[2];

/* D: the endpoint and its two regions (again for each attempt at connecting). */
static void pt_d_open(void)
{
    if (iw_px_ep_init(&R.loop, &PT.d, &PT.o) != 0) die_ep("endpoint");
    if (iw_px_reg(&PT.d, PT.dbuf, PT_BUF, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_READ,
                  &PT.dmr) != 0 ||
        iw_px_reg(&PT.d, PT.credit, sizeof PT.credit, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &PT.cmr) != 0)
        die("register", iw_px_error(&PT.d)->text);
}

static void pt_common_init(iw_px_opts *o)
{
    o->trace = pt_trace;
    PT.o = *o;
    PT.dbuf = (uint8_t *)calloc(1, PT_BUF); /* pages are touched only where data lands */
    if (!PT.dbuf) die("out of memory", NULL);
    pt_d_open();
    if (iw_px_reg(&R.ep, PT.sbuf, sizeof PT.sbuf, IW_ACC_LOCAL_READ, &PT.smr) != 0)
        die("register", iw_px_error(&R.ep)->text);
    setup_recv(NCTL, PT_MSG);
}

/* Server: the payload octets of the RDMA Writes received on D (ib_write_bw) or of the Read
 * Responses sent on it (ib_read_bw), counted from the FPDUs as they pass (no completion
 * reports them): an FPDU's MPA ULPDU Length (RFC 5044 §4.1) covers the DDP header and the
 * payload; a tagged DDP header (T = 1, RFC 5041 §4.2) with RDMAP's control octet after it
 * (opcode in its low 4 bits, RFC 5040 §4.3) is 14 octets before the payload. The first frame
 * each way is the MPA Request or Reply; markers, when negotiated, are skipped. */
static void pt_count(unsigned dir, const iw_iov *iov, size_t n, int last)
{
    unsigned d = dir == IW_MPA_TRACE_TX ? 0u : 1u, want;
    size_t i, j;
    const iw_mpa_info *in;
    int mk;
    if (!R.c.server || R.c.op == OP_SEND) return;
    if ((R.c.op == OP_WRITE) != (d == 1u)) return; /* Writes come in, Read Responses go out */
    want = R.c.op == OP_WRITE ? IW_RDMAP_OP_WRITE : IW_RDMAP_OP_READ_RESP;
    in = iw_px_info(&PT.d);
    mk = PT.frames[d] > 0 && (d == 1u ? in->markers_rx : in->markers_tx);
    /* With markers (RFC 5044 §5) a 4-octet marker sits at every 512th octet of the stream after
     * the MPA frame, also in front of or inside the first 4 octets of an FPDU: skip them. */
    for (i = 0; i < n; i++) {
        size_t len = iov[i].len;
        for (j = 0; j < len && PT.have[d] < 4u; j++, PT.soff[d]++)
            if (!mk || (PT.soff[d] & 511u) >= 4u)
                PT.hdr[d][PT.have[d]++] = ((const uint8_t *)iov[i].base)[j];
        if (PT.frames[d] > 0) PT.soff[d] += len - j;
    }
    if (PT.frames[d] == 0) PT.soff[d] = 0; /* the MPA frame: markers count from its end */
    if (!last) return;
    if (PT.frames[d]++ > 0 && PT.have[d] == 4u) {
        uint32_t ulpdu = (uint32_t)PT.hdr[d][0] << 8 | PT.hdr[d][1];
        if ((PT.hdr[d][2] & 0x80u) && (PT.hdr[d][3] & IW_RDMAP_OP_MASK) == want && ulpdu >= 14u)
            PT.octets += ulpdu - 14u;
    }
    PT.have[d] = 0;
}

/* Server: what the measured connection carried so far (Writes placed, Read Responses sent,
 * Receives completed) and its octets. */
static uint64_t pt_msgs(void)
{
    if (R.c.op == OP_WRITE) return rdmap_stats_of(&PT.d)->rx_msgs[IW_RDMAP_OP_WRITE];
    if (R.c.op == OP_READ) return rdmap_stats_of(&PT.d)->tx_msgs[IW_RDMAP_OP_READ_RESP];
    return PT.msgs;
}
static uint64_t pt_octets(void) { return R.c.op == OP_SEND ? R.bytes : PT.octets; }

static int pt_ended(const iw_px_ep *ep) { return iw_px_state(ep) >= IW_PX_S_CLOSING; }

/* Server: the measured connection ended by an error (a Terminate either way, a reset, a local
 * error; a FIN is an orderly end): exit 1 with the reason and what was counted until then. */
static void pt_d_check(void)
{
    char t[320];
    if (iw_px_state(&PT.d) != IW_PX_S_FAILED) return;
    snprintf(t, sizeof t, "%s (after %llu messages, %llu octets)", iw_px_error(&PT.d)->text,
             (unsigned long long)pt_msgs(), (unsigned long long)pt_octets());
    die("measured connection failed", t);
}

/* Server: the control exchanges of a complete run (see the top): the client sends its dest
 * PT_DESTS_BEFORE times before the data (ib_send_bw 4, ib_write_bw and ib_read_bw 3) and at
 * least once after it; a client that closes C with no dest after the data left mid-run. */
#define PT_DESTS_BEFORE (R.c.op == OP_SEND ? 4u : 3u)

/* Server, ib_send_bw: write the count of Receives consumed to the client's counter (the
 * credit; a little-endian u32). Its own completions first: a burst of small Sends can bring
 * more credits than the Send Queue holds. Returns 1 when the Send Queue is still full (the
 * credit is owed: a later one carries the count). A client that has all the credit it needs
 * may close D while its last Sends are still being completed here: the QP is no longer in
 * RTS and the credit is moot (*on becomes 0). */
static int pt_credit(uint64_t consumed, int *on)
{
    uint32_t k = (uint32_t)(consumed / PT_CREDIT_EVERY) % 16u;
    uint8_t *c = (uint8_t *)&PT.credit[k];
    iw_send_wr w;
    iw_vstatus vs;
    iw_wc wc;
    while (iw_px_poll_wc(&PT.d, IW_PX_SQ_CQ, &wc))
        if (wc.status != IW_WC_SUCCESS && !(wc.status == IW_WC_FLUSHED && pt_ended(&PT.d)))
            die("credit Write", iw_wc_status_str(wc.status));
    if (!*on || !PT.peer_rkey) return 0;
    c[0] = (uint8_t)consumed, c[1] = (uint8_t)(consumed >> 8);
    c[2] = (uint8_t)(consumed >> 16), c[3] = (uint8_t)(consumed >> 24);
    w = iw_px_wr(IW_WR_WRITE, consumed, &PT.cmr, k * 4u, 4u); /* signaled: frees its slot */
    w.remote_stag = PT.peer_rkey;
    w.remote_to = PT.peer_vaddr;
    vs = iw_px_post(&PT.d, &w);
    if (vs == IW_V_OK) return 0;
    if (pt_ended(&PT.d) || iw_qp_state(iw_px_qp(&PT.d)) != IW_QP_RTS) {
        *on = 0;
        return 0;
    }
    if (vs == IW_V_TOO_MANY_WRS) return 1;
    die("credit Write", iw_vstatus_str(vs));
    return 0;
}

static void pt_server(void)
{
    uint64_t consumed = 0, dests = 0, seen = 0;
    uint8_t m[PT_MSG];
    double last = now_s();
    uint32_t i;
    int credit_on = 1, owed = 0;
    if (iw_px_accept(&R.lis, &PT.d) != 0) die_ep("accept");
    for (i = 0; i < PT_RXD; i++) /* ib_send_bw: Receives before the first Send can come */
        if (iw_px_recv(&PT.d, i, &PT.dmr, (uint64_t)(i % PT_NSLOT) * PT_SLOT, PT_SLOT) != IW_V_OK)
            die_ep("post receive");
    while (iw_px_state(&R.ep) < IW_PX_S_MPA)
        if (iw_px_poll(&R.loop, 1000) < 0) die("poll", strerror(errno));
    if (iw_px_wait_ready(&R.ep, TMO_MS) != 0) die_ep("control connection");
    for (;;) {
        iw_wc wc;
        int moved = 0;
        uint64_t now_seen;
        while (iw_px_poll_wc(&PT.d, IW_PX_RQ_CQ, &wc)) { /* a measured Send */
            if (wc.status == IW_WC_FLUSHED && pt_ended(&PT.d)) continue; /* D ended: checked below */
            if (wc.status != IW_WC_SUCCESS)
                die("measured Receive", iw_wc_status_str(wc.status));
            R.bytes += wc.len;
            PT.msgs++;
            consumed++;
            if (pt_ended(&PT.d)) continue; /* the client closed D: no Receives or credit needed */
            if (iw_px_recv(&PT.d, wc.wr_id + PT_RXD, &PT.dmr, (wc.wr_id % PT_NSLOT) * PT_SLOT, PT_SLOT) !=
                IW_V_OK)
                die("post receive", iw_px_error(&PT.d)->text);
            if (consumed % PT_CREDIT_EVERY == 0) owed = 1;
            if (owed) owed = pt_credit(consumed, &credit_on);
        }
        if (owed) owed = pt_credit(consumed, &credit_on);
        while (iw_px_poll_wc(&PT.d, IW_PX_SQ_CQ, &wc))
            if (wc.status != IW_WC_FLUSHED || !pt_ended(&PT.d))
                if (wc.status != IW_WC_SUCCESS) die("credit Write", iw_wc_status_str(wc.status));
        pt_d_check();
        while (iw_px_poll_wc(&R.ep, IW_PX_SQ_CQ, &wc)) check_wc(&wc, "control Send");
        if (iw_px_poll_wc(&R.ep, IW_PX_RQ_CQ, &wc)) { /* a control message: answer it */
            const uint8_t *q = slot_of(&wc);
            uint32_t len = wc.len, j, zero = 1;
            if (wc.status == IW_WC_FLUSHED && pt_ended(&R.ep)) break; /* C closed: done */
            check_wc(&wc, "control Receive");
            if (len > PT_MSG) die("perftest control message too long", NULL);
            memcpy(m, q, len);
            repost(&wc);
            for (j = 0; j < len; j++) zero &= m[j] == 0;
            if (len == PT_DEST && !zero) { /* the client's dest: its buffer, and ours back */
                PT.peer_rkey = get_be32(m + 16);
                PT.peer_vaddr = get_be64(m + 24);
                pt_dest(m, R.c.op == OP_SEND ? &PT.cmr : &PT.dmr);
                dests++;
            } else if (len == 8) { /* a report value: ours is the message count */
                put_be64(m, pt_msgs());
            }
            pt_send(m, len);
            moved = 1;
        }
        if (pt_ended(&R.ep)) break; /* the client closed C: the test is over */
        /* progress: anything on either connection, the measured traffic included (a Write
         * completes nothing at its target: its octets are counted as they pass) */
        now_seen = pt_octets() + pt_msgs();
        if (now_seen != seen) seen = now_seen, moved = 1;
        if (moved) last = now_s();
        else if (now_s() - last > TMO_MS / 1000.0) {
            char t[200];
            snprintf(t, sizeof t, "nothing on either connection for %d s (after %llu messages, %llu octets)",
                     TMO_MS / 1000, (unsigned long long)pt_msgs(), (unsigned long long)pt_octets());
            die("perftest client", t);
        }
        if (iw_px_poll(&R.loop, moved ? 0 : 100) < 0) die("poll", strerror(errno));
    }
    if (!dests) die("perftest client left before the dest exchange", NULL);
    /* the last Receives and FPDUs before the client's FIN */
    for (;;) {
        iw_wc wc;
        if (!iw_px_poll_wc(&PT.d, IW_PX_RQ_CQ, &wc)) break;
        if (wc.status == IW_WC_SUCCESS) R.bytes += wc.len, PT.msgs++;
    }
    pt_d_check();
    PT.msgs = pt_msgs();
    R.bytes = pt_octets();
    if (dests <= PT_DESTS_BEFORE) {
        char t[200];
        snprintf(t, sizeof t, "closed the control connection during the measurement (after %llu messages, %llu octets)",
                 (unsigned long long)PT.msgs, (unsigned long long)R.bytes);
        die("perftest client left mid-run", t);
    }
    /* perftest -D stops in the middle of its last Write (it does not wait for what it posted
     * when the time is up): with -D that one may be counted in part. */
    if ((R.c.iters_set && !R.c.duration && PT.msgs != R.c.iters) ||
        (R.c.size_set && !R.c.duration && R.bytes != PT.msgs * R.c.size) ||
        (R.c.size_set && R.c.duration && (R.bytes < PT.msgs * R.c.size || R.bytes >= (PT.msgs + 1) * R.c.size))) {
        char t[200], n[16] = "any number";
        if (R.c.iters_set && !R.c.duration) snprintf(n, sizeof n, "%u", (unsigned)R.c.iters);
        snprintf(t, sizeof t, "counted %llu messages, %llu octets; asked %s x %u octets",
                 (unsigned long long)PT.msgs, (unsigned long long)R.bytes, n, (unsigned)R.c.size);
        die("counts disagree with what was asked", t);
    }
}

/* Run the loop for ms milliseconds (the connections stay served). */
static void pt_pause(int ms)
{
    double end = now_s() + ms / 1000.0;
    while (now_s() < end)
        if (iw_px_poll(&R.loop, 10) < 0) die("poll", strerror(errno));
}

/* Client: connect D, again while the server is not listening yet (see the top): refused, or
 * closed (FIN or RST) before the MPA Reply. Any other failure ends the run. */
static void pt_connect_d(void)
{
    int tries;
    for (tries = 1;; tries++) {
        const iw_px_err *e;
        if (iw_px_connect(&PT.d, R.c.host, R.c.port) == 0 && iw_px_wait_ready(&PT.d, TMO_MS) == 0) break;
        e = iw_px_error(&PT.d);
        if (tries >= PT_TRIES ||
            (e->kind != IW_PX_E_CONNECT && e->kind != IW_PX_E_EOF && e->kind != IW_PX_E_RESET))
            die("measured connection", e->kind != IW_PX_E_NONE ? e->text : "no progress (timeout)");
        iw_px_ep_fini(&PT.d);
        if (pcap_on[1]) { /* the attempt stays in the capture as a stream of its own */
            if (iw_pcap_tcp_end(&pcapt[1]) != 0) die("writing the capture", R.pcap);
            pcap_on[1] = 0;
        }
        pt_pause(PT_RETRY_MS);
        pt_d_open();
    }
    if (tries > 1) fprintf(stderr, "iwperf: measured connection up at attempt %d\n", tries);
}

/* The client's side of perftest's control sequence, as captured (bandwidth and latency
 * alike): connect C, version, two numbers, the '3', a dest each way around connecting D. */
static void pt_client_start(void)
{
    static const uint8_t ver[16] = {'6', '.', '0', '6'};
    static const uint8_t zeros[PT_DEST];
    uint8_t m[PT_DEST];
    if (R.c.size > PT_SLOT) die("--perftest: size above", "2 MiB");
    if (iw_px_connect(&R.ep, R.c.host, R.c.port) != 0) die_ep("connect");
    if (iw_px_wait_ready(&R.ep, TMO_MS) != 0) die_ep("control connection");
    pt_pause(PT_SETTLE_MS); /* siw_accept's window: see the top of --perftest */
    (void)pt_xchg(ver, 16);
    put_be32(m, 0x1000);
    (void)pt_xchg(m, 4);
    put_be32(m, 0x40);
    (void)pt_xchg(m, 4);
    m[0] = '3', m[1] = 0;
    (void)pt_xchg(m, 2);
    (void)pt_xchg(zeros, PT_DEST);
    pt_connect_d();
    (void)pt_xchg(zeros, PT_DEST);
}

static void pt_client(void)
{
    uint8_t m[PT_DEST];
    const uint8_t *q;
    uint64_t posted = 0, done = 0, iters = R.c.duration ? ~(uint64_t)0 : R.c.iters;
    double t0, last;
    iw_wc wc;
    iw_wr_type type = R.c.op == OP_WRITE ? IW_WR_WRITE : R.c.op == OP_READ ? IW_WR_READ : IW_WR_SEND;
    uint32_t per_cycle = R.c.size >= PT_CYCLE ? 1u : PT_CYCLE / R.c.size, k;
    uint64_t rxd = R.c.iters < PT_RXD ? R.c.iters : PT_RXD; /* the server's rx_depth */
    pt_client_start();
    for (k = 0; k < (R.c.op == OP_SEND ? 4u : 3u); k++) {
        pt_dest(m, R.c.op == OP_SEND ? &PT.cmr : &PT.dmr);
        q = pt_xchg(m, PT_DEST);
        PT.peer_rkey = get_be32(q + 16);
        PT.peer_vaddr = get_be64(q + 24);
    }
    t0 = last = now_s();
    next_progress = t0 + 1.0;
    while (done < iters) { /* as client_bw, on D, the TO cycling as perftest's */
        int moved = 0;
        uint64_t lim, credit;
        const uint8_t *cr = (const uint8_t *)PT.credit;
        if (R.c.duration && iters == ~(uint64_t)0 && now_s() >= t0 + R.c.duration) /* -D: time's up, */
            iters = posted ? (posted + CQ_MOD - 1) / CQ_MOD * CQ_MOD : CQ_MOD; /* end at a signaled WR */
        lim = iters;
        credit = (uint64_t)cr[0] | (uint64_t)cr[1] << 8 | (uint64_t)cr[2] << 16 | (uint64_t)cr[3] << 24;
        if (R.c.op == OP_SEND && credit + rxd - 1u < lim) lim = credit + rxd - 1u; /* see the top */
        while (posted < lim && posted - done < R.c.depth) {
            iw_send_wr w = iw_px_wr(type, posted, &PT.dmr, 0, R.c.size);
            w.flags = ((posted + 1) % CQ_MOD == 0 || posted + 1 == iters) ? IW_WR_SIGNALED : 0u;
            w.remote_stag = PT.peer_rkey;
            w.remote_to = PT.peer_vaddr + (posted % per_cycle) * R.c.size;
            if (iw_px_post(&PT.d, &w) != IW_V_OK) die("post", iw_px_error(&PT.d)->text);
            posted++;
            moved = 1;
        }
        while (iw_px_poll_wc(&PT.d, IW_PX_SQ_CQ, &wc)) {
            if (wc.status != IW_WC_SUCCESS) die(iw_wc_status_str(wc.status), iw_px_error(&PT.d)->text);
            done = wc.wr_id + 1;
            moved = 1;
        }
        if (done >= iters) break;
        if (iw_px_state(&PT.d) == IW_PX_S_FAILED) die("measured connection", iw_px_error(&PT.d)->text);
        if (moved) last = now_s();
        else if (now_s() - last > TMO_MS / 1000.0) die("measured connection", "no progress");
        if (iw_px_poll(&R.loop, moved ? 0 : 100) < 0) die("poll", strerror(errno));
        progress(done, t0);
    }
    R.secs = now_s() - t0;
    R.bytes = done * R.c.size;
    PT.msgs = done;
    pt_dest(m, R.c.op == OP_SEND ? &PT.cmr : &PT.dmr); /* the handshake after the data */
    (void)pt_xchg(m, PT_DEST);
    if (R.c.op != OP_SEND) { /* ib_write_bw's report: size, iterations, three doubles */
        double v[3];
        uint64_t u;
        v[0] = v[1] = R.secs > 0 ? (double)R.bytes / R.secs / 1e6 : 0;
        v[2] = R.secs > 0 ? (double)done / R.secs / 1e6 : 0;
        put_be64(m, R.c.size);
        (void)pt_xchg(m, 8);
        put_be64(m, done);
        (void)pt_xchg(m, 8);
        for (k = 0; k < 3; k++) {
            memcpy(&u, &v[k], 8);
            put_be64(m, u);
            (void)pt_xchg(m, 8);
        }
        pt_dest(m, &PT.dmr); /* and a last one */
        (void)pt_xchg(m, PT_DEST);
    }
}

/* --pcap FILE: both connections into one capture (iw_pcap.h), as the client sees them: what
 * we send as side 0, what we receive as side 1. */
static void pt_trace(void *arg, iw_px_ep *ep, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    int c = ep == &PT.d;
    (void)arg;
    if (c) pt_count(dir, iov, n, last);
    if (!R.pcap) return;
    if (!pcap_on[c]) {
        uint32_t lip, pip;
        uint16_t lport, pport;
        if (iw_px_addrs(ep, &lip, &lport, &pip, &pport) != 0) {
            /* IPv6: the capture format here is IPv4; stand-in addresses, the real ports */
            struct sockaddr_storage la, pa;
            if (iw_px_addrs_ss(ep, &la, &pa) != 0 || la.ss_family != AF_INET6) return;
            lip = 0x7F000001u;
            pip = 0x7F000002u;
            lport = ntohs(((struct sockaddr_in6 *)(void *)&la)->sin6_port);
            pport = ntohs(((struct sockaddr_in6 *)(void *)&pa)->sin6_port);
            static int said;
            if (!said++) fprintf(stderr, "iwperf: --pcap: an IPv6 connection, written with the "
                                    "stand-in IPv4 addresses 127.0.0.1 and 127.0.0.2\n");
        }
        if (iw_pcap_tcp_begin(&pcapf, &pcapt[c], lip, lport, pip, pport) != 0) return;
        pcap_on[c] = 1;
    }
    iw_pcap_tcp_trace(&pcapt[c], dir == IW_MPA_TRACE_TX ? 0u : 1u, iov, n, last);
}
static void pt_pcap_close(void)
{
    int c, bad = 0;
    if (!R.pcap) return;
    for (c = 0; c < 2; c++)
        if (pcap_on[c]) bad |= iw_pcap_tcp_end(&pcapt[c]) != 0;
    if (iw_pcap_close(&pcapf) != 0 || bad) die("writing the capture", R.pcap);
}

#include "tools/perftest_lat.h" /* --perftest --lat: ib_write_lat, ib_send_lat, ib_read_lat -R */

static int pt_main(iw_px_opts *o)
{
    if (R.pcap && iw_pcap_open(&pcapf, R.pcap) != 0) die("cannot write", R.pcap);
    o->trace = pt_trace;
    if (iw_px_ep_init(&R.loop, &R.ep, o) != 0) die_ep("endpoint");
    pt_common_init(o);
    if (R.c.lat) return ptl_main(); /* tools/perftest_lat.h */
    if (R.c.server) {
        if (iw_px_listen(&R.loop, &R.lis, NULL, R.c.port) != 0) die("listen", strerror(errno));
        if (iw_px_accept(&R.lis, &R.ep) != 0) die_ep("accept");
        fprintf(stderr, "iwperf: listening on port %u\n", (unsigned)iw_px_listen_port(&R.lis));
        pt_server();
    } else {
        pt_client();
    }
    printf("IWPERF role=%s mode=perftest op=%s msgs=%llu bytes=%llu secs=%.6f crc=%u rev=%u\n",
           R.c.server ? "server" : "client", opname[R.c.op], (unsigned long long)PT.msgs,
           (unsigned long long)R.bytes, R.secs, iw_px_info(&R.ep)->crc, iw_px_info(&R.ep)->rev);
    if (!R.c.server) {
        (void)iw_px_close(&PT.d, 2000);
        (void)iw_px_close(&R.ep, 2000);
    }
    pt_pcap_close();
    iw_px_ep_fini(&PT.d);
    iw_px_ep_fini(&R.ep);
    return 0;
}

/* ---- --raw-tcp: the same sizes over a plain TCP socket (the baseline of bench/chart.sh) ----
 * One connection; per size the client sends batches "size u32 | count u32" (big-endian) then
 * count messages of size octets, each one write(); a batch of count 0 ends the size and the
 * server answers with the octets it received (u64). A size of 0 ends the run. */
#include <netinet/tcp.h>
#include <unistd.h>
static void tcp_full(int fd, void *b, size_t n, int wr)
{
    uint8_t *p = (uint8_t *)b;
    while (n) {
        ssize_t r = wr ? write(fd, p, n) : read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) die(wr ? "raw TCP write" : "raw TCP read", r < 0 ? strerror(errno) : "connection closed");
        p += r;
        n -= (size_t)r;
    }
}
/* Without --quiet: the TCP connection's two ends on stderr ("[::1]:40000 -> [::1]:7174"). */
static void say_conn(const iw_px_ep *ep)
{
    struct sockaddr_storage l, p;
    char a[IW_PX_ADDRSTRLEN], b[IW_PX_ADDRSTRLEN];
    if (R.c.quiet || iw_px_addrs_ss(ep, &l, &p) != 0) return;
    fprintf(stderr, "iwperf: connected %s -> %s (IPv%d)\n", iw_px_addr_str(&l, a, sizeof a),
            iw_px_addr_str(&p, b, sizeof b), iw_px_family(ep));
}
/* --raw-tcp server, one client on fd: reads the batches, answers each end-of-size with the
 * octets it counted, until the client's end (size 0). */
static void tcp_serve_one(int fd, uint8_t *buf, size_t cap)
{
    uint8_t h[8];
    uint64_t got = 0;
    for (;;) {
        uint32_t sz, k;
        tcp_full(fd, h, 8, 0);
        sz = get_be32(h);
        k = get_be32(h + 4);
        if (sz == 0) break;
        if (sz > R.c.max_size) die("raw TCP: the client asks for messages beyond --max-size", NULL);
        if (sz > cap) {
            uint8_t *nb = alloc_buf(sz);
            free(buf);
            buf = nb;
            cap = sz;
        }
        if (k == 0) {
            put_be64(h, got);
            tcp_full(fd, h, 8, 1);
            got = 0;
            continue;
        }
        got += (uint64_t)sz * k;
        while (k--) tcp_full(fd, buf, sz, 0);
    }
    free(buf);
}
/* --raw-tcp server until stopped (without --once): as serve(), each client in a process of its
 * own, at most --max-clients at once. */
static int tcp_serve(int ls)
{
    unsigned active = 0;
    for (;;) {
        pid_t pid;
        int fd, st;
        while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
            if (active) active--;
        fd = accept(ls, NULL, NULL);
        if (fd < 0) {
            if (errno != EINTR) (void)poll(NULL, 0, 10);
            continue;
        }
        while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
            if (active) active--;
        if (active >= R.c.max_clients) {
            fprintf(stderr, "iwperf: refusing a connection: %u clients at once (--max-clients)\n",
                    active);
            (void)close(fd);
            continue;
        }
        fflush(stdout);
        fflush(stderr);
        pid = fork();
        if (pid == 0) {
            (void)close(ls);
            tcp_serve_one(fd, alloc_buf(R.c.size), R.c.size);
            exit(0);
        }
        if (pid < 0) fprintf(stderr, "iwperf: fork: %s\n", strerror(errno));
        else active++;
        (void)close(fd);
    }
}
static int tcp_main(void)
{
    struct sockaddr_in6 a; /* the server: any address of both families (IPV6_V6ONLY off) */
    int one = 1, zero = 0, fd;
    size_t cap = R.c.all ? ALL_MAX : R.c.size;
    uint8_t *buf = alloc_buf(cap), h[8];
    memset(&a, 0, sizeof a);
    a.sin6_family = AF_INET6;
    a.sin6_addr = in6addr_any;
    a.sin6_port = htons(R.c.port);
    if (R.c.server) {
        int ls = socket(AF_INET6, SOCK_STREAM, 0);
        socklen_t al = sizeof a;
        setsockopt(ls, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
        setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (ls < 0 || bind(ls, (struct sockaddr *)(void *)&a, sizeof a) != 0 || listen(ls, 64) != 0 ||
            getsockname(ls, (struct sockaddr *)(void *)&a, &al) != 0)
            die("raw TCP listen", strerror(errno));
        fprintf(stderr, "iwperf: listening on port %u\n", (unsigned)ntohs(a.sin6_port));
        if (!R.c.once) {
            free(buf);
            return tcp_serve(ls);
        }
        fd = accept(ls, NULL, NULL);
        if (fd < 0) die("raw TCP accept", strerror(errno));
        close(ls);
        tcp_serve_one(fd, buf, cap);
        buf = NULL;
    } else {
        uint32_t sz = R.c.all ? ALL_MIN : R.c.size;
        struct addrinfo hints, *res = NULL;
        char svc[8];
        memset(&hints, 0, sizeof hints);
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV; /* R.c.host: cli_resolve's text */
        snprintf(svc, sizeof svc, "%u", (unsigned)R.c.port);
        if (getaddrinfo(R.c.host, svc, &hints, &res) != 0 || !res)
            die("raw TCP connect", "bad address");
        fd = socket(res->ai_family, SOCK_STREAM, 0);
        if (fd < 0 || connect(fd, res->ai_addr, res->ai_addrlen) != 0)
            die("raw TCP connect", strerror(errno));
        freeaddrinfo(res);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        memset(buf, 0xA5, cap);
        for (;;) {
            double t0 = now_s(), tend = t0 + R.c.duration;
            uint64_t sent = 0, got;
            uint32_t batch = sz >= (1u << 20) ? 1u : (1u << 20) / sz, k;
            if (!R.c.duration && batch > R.c.iters) batch = R.c.iters;
            for (;;) {
                if (R.c.duration ? now_s() >= tend : sent >= R.c.iters) break;
                if (!R.c.duration && R.c.iters - sent < batch) batch = (uint32_t)(R.c.iters - sent);
                put_be32(h, sz);
                put_be32(h + 4, batch);
                tcp_full(fd, h, 8, 1);
                for (k = 0; k < batch; k++) tcp_full(fd, buf, sz, 1);
                sent += batch;
            }
            put_be32(h, sz);
            put_be32(h + 4, 0);
            tcp_full(fd, h, 8, 1);
            tcp_full(fd, h, 8, 0);
            got = get_be64(h);
            R.secs = now_s() - t0;
            R.c.size = sz;
            R.msgs = sent;
            R.bytes = sent * sz;
            printf("IWPERF role=client op=tcp test=bw size=%u iters=%llu bytes=%llu peer_bytes=%llu "
                   "secs=%.6f bw_MBps=%.2f msg_rate_Mpps=%.6f\n", sz, (unsigned long long)sent,
                   (unsigned long long)R.bytes, (unsigned long long)got, R.secs,
                   R.secs > 0 ? (double)R.bytes / R.secs / 1e6 : 0,
                   R.secs > 0 ? (double)sent / R.secs / 1e6 : 0);
            if (got != R.bytes) die("raw TCP: the server counted other octets", NULL);
            if (!R.c.all || sz >= ALL_MAX) break;
            sz *= 2;
        }
        memset(h, 0, 8);
        tcp_full(fd, h, 8, 1);
    }
    close(fd);
    free(buf);
    return 0;
}

/* ---- options ---- */
static void usage(void)
{
    printf("usage: iwperf [options]          server (serves clients until stopped)\n"
           "       iwperf [options] HOST     client (HOST: a name, IPv4 or IPv6 address, localhost)\n"
           "Bandwidth and latency of iWARP over TCP, in the manner of perftest's ib_*_bw/ib_*_lat.\n"
           "The client's test options travel to the server; the server needs only -p and the\n"
           "MPA options. Letters as in perftest:\n"
           "  -a, --all             every size from 2 to 8388608 octets (powers of two), one row\n"
           "                        each, on one connection (bandwidth tests)\n"
           "  -b, --bidirectional   both sides send at once (write and read bandwidth)\n"
           "  -D, --duration SECS   run for SECS seconds instead of -n iterations (1..3600;\n"
           "                        bandwidth tests)\n"
           "  -n, --iters N         iterations (default 5000 bandwidth, 1000 latency, as perftest;\n"
           "                        1..4294967295)\n"
           "  -s, --size SIZE       message octets (default 65536 bandwidth, 2 latency, as\n"
           "                        perftest; 1..1G, K/M/G suffixes)\n"
           "  -t, --tx-depth N      bandwidth: WRs outstanding (default 64, 1..64; perftest: 128)\n"
           "  -Q, --cq-mod N        signal every Nth WR (default 16, 1..64; perftest: 100)\n"
           "  -q, --qp N            QPs (default 1, 1..4096; write and read bandwidth): each its\n"
           "                        own TCP connection and MPA exchange, all on one RNIC and CQ\n"
           "                        in one process; -n iterations on each, the total reported\n"
           "  -p, --port PORT       TCP port (default 18515, perftest's; server: 0 = any, printed)\n"
           "Server (-R serves one test, then exits):\n"
           "  -B, --bind ADDR       listen on ADDR only (default: every address, IPv4 and IPv6)\n"
           "      --once            serve one test, then exit with its status\n"
           "      --max-clients N   clients served at once, each in its own process; more are\n"
           "                        refused (default 16, 1..4096)\n"
           "      --max-size SIZE   the largest message a client may ask for (default 64M,\n"
           "                        1..1G); a larger request is rejected before any buffer\n"
           "      --max-mem SIZE    buffers of all clients together (default 1G, 1M..64G):\n"
           "                        each client may use --max-mem / --max-clients\n"
           "      --max-qp N        the most QPs one client may ask for with -q (default 64,\n"
           "                        1..4096); its QPs beyond the first count against its memory\n"
           "  -R, --perftest        speak perftest's -R (rdma_cm) flow: the peer of ib_write_bw,\n"
           "                        ib_send_bw, ib_read_bw -R (with --lat: ib_write_lat,\n"
           "                        ib_send_lat, ib_read_lat -R; give both sides -s, -n); as server it\n"
           "                        exits 1 when the measured connection failed, the client\n"
           "                        left mid-run, or the counts differ from -n / -s when given\n"
           "      --report_gbits    bandwidth in Gb/s instead of MB/s (MB = 10^6 octets)\n"
           "      --out_json FILE   also write the rows as JSON (--out_json_file FILE: the same)\n"
           "  -V, --version         the version\n"
           "  -h, --help            this text\n");
    printf("What perftest chooses by program name, and iWARP's own:\n"
           "      --op write|read|send  operation (default write; ib_write_* ...)\n"
           "      --lat             latency (ping-pong) instead of bandwidth (ib_*_lat)\n"
           "      --p2p             RFC 6581 peer-to-peer mode (rev 2): the client's RTR lets the\n"
           "                        server send first (ib_write_lat -R's server writes first)\n"
           "      --quiet           print only the IWPERF lines\n"
           "      --crc on|off      ask for MPA CRC32c (default on; used when either side asks)\n"
           "      --markers         ask the peer to insert MPA markers toward us\n"
           "      --rev 1|2         highest MPA revision (default 2)\n"
           "      --emss N          effective MSS the FPDUs are sized to (default 1460, 64..65527)\n"
           "      --pcap FILE       with -R: write both connections to a pcap file\n"
           "      --raw-tcp         the same sizes over plain TCP, no iWARP (both sides; with\n"
           "                        -a, -s, -n, -D; the baseline of bench/chart.sh)\n"
           "Examples:\n"
           "  iwperf -p 0 &                            a server on any port (printed on stderr)\n"
           "  iwperf -a --op send --crc off localhost  Send bandwidth at every size\n"
           "  iwperf --lat -n 10000 server.example     RDMA Write latency\n"
           "  iwperf -D 5 --report_gbits --out_json r.json 10.0.0.2\n"
           "Exit status: 0 ok; 1 the test failed (printed: iwperf: error: ..., the peer's Terminate\n"
           "  decoded); 2 a bad command line.\n");
    exit(0);
}
static void parse(int argc, char **argv, cfg *c)
{
    enum { O_REPORT_GBITS = 256, O_OUT_JSON, O_OP, O_LAT, O_QUIET, O_CRC, O_MARKERS, O_REV, O_EMSS,
           O_PCAP, O_FAULT, O_TCP, O_ONCE, O_MAXC, O_MAXS, O_MAXM, O_P2P, O_MAXQ };
    static const struct option lo[] = {
        CLI_OPT("all", no_argument, 'a'),            CLI_OPT("bidirectional", no_argument, 'b'),
        CLI_OPT("duration", required_argument, 'D'), CLI_OPT("iters", required_argument, 'n'),
        CLI_OPT("size", required_argument, 's'),     CLI_OPT("tx-depth", required_argument, 't'),
        CLI_OPT("cq-mod", required_argument, 'Q'),   CLI_OPT("qp", required_argument, 'q'),
        CLI_OPT("port", required_argument, 'p'),     CLI_OPT("perftest", no_argument, 'R'),
        CLI_OPT("rdma_cm", no_argument, 'R'),        CLI_OPT("version", no_argument, 'V'),
        CLI_OPT("help", no_argument, 'h'),           CLI_OPT("report_gbits", no_argument, O_REPORT_GBITS),
        CLI_OPT("out_json", required_argument, O_OUT_JSON),
        CLI_OPT("out_json_file", required_argument, O_OUT_JSON),
        CLI_OPT("op", required_argument, O_OP),      CLI_OPT("lat", no_argument, O_LAT),
        CLI_OPT("quiet", no_argument, O_QUIET),      CLI_OPT("crc", required_argument, O_CRC),
        CLI_OPT("markers", no_argument, O_MARKERS),  CLI_OPT("rev", required_argument, O_REV),
        CLI_OPT("emss", required_argument, O_EMSS),  CLI_OPT("pcap", required_argument, O_PCAP),
        CLI_OPT("fault-stag", no_argument, O_FAULT), /* tests: a wrong STag */
        CLI_OPT("raw-tcp", no_argument, O_TCP),      CLI_OPT("p2p", no_argument, O_P2P),
        CLI_OPT("bind", required_argument, 'B'),     CLI_OPT("once", no_argument, O_ONCE),
        CLI_OPT("max-clients", required_argument, O_MAXC),
        CLI_OPT("max-size", required_argument, O_MAXS),
        CLI_OPT("max-mem", required_argument, O_MAXM),
        CLI_OPT("max-qp", required_argument, O_MAXQ),
        CLI_OPT_END};
    static const char *const ops[] = {"write", "read", "send", NULL};
    static const char *const onoff[] = {"off", "on", NULL};
    static char ip[64];
    char why[160];
    int opt, size_set = 0, iters_set = 0;
    memset(c, 0, sizeof *c);
    cli_prog = "iwperf";
    c->crc = 1;
    c->rev = 2;
    c->depth = 64;
    c->cq_mod = CQ_MOD_DEF;
    c->emss = 1460;
    c->port = 18515;
    c->max_clients = 16;
    c->max_size = 64u << 20;
    c->max_mem = 1u << 30;
    c->nqp = 1;
    c->max_qp = 64;
    while ((opt = getopt_long(argc, argv, "abB:D:n:s:t:Q:q:p:RVh", lo, NULL)) != -1) {
        switch (opt) {
        case 'a': c->all = 1; break;
        case 'b': c->bidir = 1; break;
        case 'D': c->duration = (uint32_t)cli_num("-D/--duration", optarg, 1, 3600, 0); break;
        case 'n': c->iters = (uint32_t)cli_num("-n/--iters", optarg, 1, 0xFFFFFFFFu, 1); iters_set = 1; break;
        case 's': c->size = (uint32_t)cli_num("-s/--size", optarg, 1, MAX_SIZE, 1); size_set = 1; break;
        case 't': c->depth = (uint32_t)cli_num("-t/--tx-depth", optarg, 1, 64, 0); break;
        case 'Q': c->cq_mod = (uint32_t)cli_num("-Q/--cq-mod", optarg, 1, 64, 0); break;
        case 'q': c->nqp = (uint32_t)cli_num("-q/--qp", optarg, 1, MAX_QP, 0); break;
        case 'p': c->port = (uint16_t)cli_num("-p/--port", optarg, 0, 65535, 0); break;
        case 'R': c->perftest = 1; break;
        case 'V': cli_version(); break;
        case 'h': usage(); break;
        case O_REPORT_GBITS: c->gbits = 1; break;
        case O_OUT_JSON: c->json = optarg; break;
        case O_OP: c->op = cli_word("--op", optarg, ops); break;
        case O_LAT: c->lat = 1; break;
        case O_QUIET: c->quiet = 1; break;
        case O_CRC: c->crc = cli_word("--crc", optarg, onoff); break;
        case O_MARKERS: c->markers = 1; break;
        case O_REV: c->rev = (int)cli_num("--rev", optarg, 1, 2, 0); break;
        case O_EMSS: c->emss = (uint32_t)cli_num("--emss", optarg, 64, 65527, 0); break;
        case O_PCAP: R.pcap = optarg; break;
        case O_FAULT: c->fault = 1; break;
        case O_TCP: c->tcp = 1; break;
        case 'B': c->bind = optarg; break;
        case O_ONCE: c->once = 1; break;
        case O_MAXC: c->max_clients = (uint32_t)cli_num("--max-clients", optarg, 1, 4096, 0); break;
        case O_MAXS: c->max_size = cli_num("--max-size", optarg, 1, MAX_SIZE, 1); break;
        case O_MAXM: c->max_mem = cli_num("--max-mem", optarg, 1u << 20, 64ull << 30, 1); break;
        case O_P2P: c->p2p = 1; break;
        case O_MAXQ: c->max_qp = (uint32_t)cli_num("--max-qp", optarg, 1, MAX_QP, 0); break;
        default: cli_usage_error("bad option");
        }
    }
    if (optind < argc) c->host = argv[optind++];
    if (c->host && (c->bind || c->once))
        cli_usage_error("-B and --once are for the server (leave out HOST)");
    if (optind < argc) cli_usage_error("one HOST only, got '%s' too", argv[optind]);
    c->server = c->host == NULL;
    c->size_set = size_set, c->iters_set = iters_set;
    if (!size_set) c->size = c->lat ? 2 : 65536;
    if (!iters_set) c->iters = c->lat ? 1000 : 5000;
    if (c->nqp > 1 && (!c->host || c->lat || c->bidir || c->perftest || c->tcp || c->op == OP_SEND))
        cli_usage_error("-q N > 1 is for the client's write and read bandwidth tests (not --lat, -b, "
                        "-R, --raw-tcp or --op send)");
    if (c->all && (c->lat || c->perftest)) cli_usage_error("-a is for the bandwidth tests (not --lat or -R)");
    if (c->all && size_set) cli_usage_error("-a runs every size: leave out -s");
    if (c->duration && c->lat) cli_usage_error("-D is for the bandwidth tests (not --lat)");
    if (c->duration && iters_set) cli_usage_error("-D and -n exclude each other");
    if (c->bidir && (c->lat || c->perftest || c->op == OP_SEND))
        cli_usage_error("-b is for write and read bandwidth (not send, --lat or -R)");
    if (c->perftest && c->json) cli_usage_error("--out_json is not available with -R");
    if (c->host == NULL && c->json && !c->once && !c->perftest && !c->tcp)
        cli_usage_error("--out_json on a server needs --once (one test, one file)");
    if (c->tcp && (c->lat || c->perftest || c->bidir || c->json))
        cli_usage_error("--raw-tcp measures bandwidth one way only (not --lat, -R, -b, --out_json)");
    if (c->host && !c->server) {
        if (cli_resolve(c->host, ip, sizeof ip, why, sizeof why) != 0) cli_usage_error("HOST %s", why);
        c->host = ip;
    }
    if (c->all) c->size = ALL_MAX; /* the server's buffer: the largest size */
}

/* Client: one measurement at R.c.size (bandwidth), then the DONE exchange; with -b the
 * server's DONE tells what it moved, and ours counts what it moved into our buffer. */
static void client_measure(void)
{
    uint64_t base = peer_moved_msgs(), own;
    R.got_done = 0;
    client_bw();
    own = R.bytes;
    send_ctl(K_DONE, own);
    R.peer_bytes = R.got_done ? R.peer_bytes : wait_ctl(K_DONE);
    if (R.c.bidir) {
        uint64_t m = peer_moved_msgs() - base;
        R.bytes = own + m * R.c.size;
        R.msgs += m;
    }
}

/* Server, one client: the connection fd, accepted by serve() (in a child process). The
 * exit status is the test's; every failure ends this process only. */
static void close_all(void);
static int serve_one(const iw_px_opts *o, int fd)
{
    iw_px_loop_init(&R.loop); /* this process's own loop (the parent's was never polled) */
    server_ep(o);
    if (iw_px_accept_fd(&R.ep, fd) != 0) die_ep("connection");
    if (iw_px_wait_ready(&R.ep, TMO_MS) != 0) die_ep("connection");
    say_conn(&R.ep);
    server_more_qps();
    server_run();
    close_all();
    return 0;
}
/* Graceful close of every QP of the test (the control QP last), then release. */
static void close_all(void)
{
    uint32_t i;
    for (i = R.nq; i-- > 0;) {
        (void)iw_px_close(R.qp[i], 2000);
        iw_px_ep_fini(R.qp[i]);
    }
    if (!R.nq) {
        (void)iw_px_close(&R.ep, 2000);
        iw_px_ep_fini(&R.ep);
    }
    if (R.shared) (void)iw_px_shared_fini(&R.sh);
}

/* Server until stopped (SIGINT, SIGTERM): accepts every connection; each client runs in a
 * process of its own (serve_one), so that a client that fails its setup, resets, stays silent
 * or breaks the protocol ends only its own connection. At most --max-clients at once (the
 * rest are closed at once); each may use --max-mem / --max-clients octets of buffers
 * (on_request rejects a larger request before allocating). */
static int serve(const iw_px_opts *o)
{
    unsigned active = 0;
    int lfd;
    size_t core, all = iw_px_ep_bytes(&core);
    if (iw_px_listen(&R.loop, &R.lis, R.c.bind, R.c.port) != 0)
        die("listen", R.c.bind && errno == EINVAL ? "-B: not an address of this host" : strerror(errno));
    lfd = iw_px_listen_fd(&R.lis);
    fprintf(stderr, "iwperf: listening on port %u\n", (unsigned)iw_px_listen_port(&R.lis));
    if (!R.c.quiet)
        fprintf(stderr, "iwperf: serving until stopped: at most %u clients at once, messages up "
                "to %llu octets, %llu octets of buffers a client; %zu octets of state a "
                "connection (core %zu)\n", (unsigned)R.c.max_clients,
                (unsigned long long)R.c.max_size, (unsigned long long)server_budget(), all, core);
    for (;;) {
        struct pollfd p;
        pid_t pid;
        int fd, st, tries;
        while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
            if (active) active--;
        p.fd = lfd;
        p.events = POLLIN;
        p.revents = 0;
        if (poll(&p, 1, 200) <= 0) continue;
        fd = accept(lfd, NULL, NULL);
        if (fd < 0) continue;
        /* a client that has just finished may still be in its process's teardown: give a full
         * server half a second to see a slot come free before refusing */
        for (tries = 0; active >= R.c.max_clients && tries < 50; tries++) {
            while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
                if (active) active--;
            if (active >= R.c.max_clients) (void)poll(NULL, 0, 10);
        }
        if (active >= R.c.max_clients) {
            fprintf(stderr, "iwperf: refusing a connection: %u clients at once (--max-clients)\n",
                    active);
            (void)close(fd);
            continue;
        }
        fflush(stdout);
        fflush(stderr);
        pid = fork();
        if (pid == 0) {
            (void)close(lfd);
            exit(serve_one(o, fd));
        }
        if (pid < 0) fprintf(stderr, "iwperf: fork: %s\n", strerror(errno));
        else active++;
        (void)close(fd);
    }
}

int main(int argc, char **argv)
{
    iw_px_opts o;
    parse(argc, argv, &R.c);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (R.c.json) {
        R.json = fopen(R.c.json, "w");
        if (!R.json) {
            fprintf(stderr, "iwperf: --out_json %s: %s\n", R.c.json, strerror(errno));
            return 2;
        }
        fprintf(R.json, "{\n  \"tool\": \"iwperf\", \"version\": \"%s\", \"role\": \"%s\", \"test\": \"%s\","
                " \"op\": \"%s\",\n  \"results\": [", CLI_VERSION, R.c.server ? "server" : "client",
                R.c.lat ? "lat" : "bw", opname[R.c.op]);
    }
    iw_px_loop_init(&R.loop);
    iw_px_opts_default(&o);
    o.rev = (uint8_t)R.c.rev;
    o.crc = (uint8_t)R.c.crc;
    o.markers = (uint8_t)R.c.markers;
    o.emss = R.c.emss;
    o.p2p = (uint8_t)(R.c.p2p && R.c.rev == 2); /* RFC 6581 needs MPA rev 2 */
    if (R.c.perftest) return pt_main(&o);
    if (R.c.tcp) return tcp_main();
    if (R.c.server && !R.c.once) return serve(&o);
    if (R.c.server) {
        server_ep(&o);
    } else {
        qps_alloc(R.c.nqp);
        if (R.c.nqp > 1) shared_init(R.c.nqp);
        if ((R.shared ? iw_px_ep_init_shared(&R.loop, &R.ep, &o, &R.sh)
                      : iw_px_ep_init(&R.loop, &R.ep, &o)) != 0)
            die_ep("endpoint");
    }
    if (R.c.server) {
        if (iw_px_listen(&R.loop, &R.lis, R.c.bind, R.c.port) != 0)
            die("listen", R.c.bind && errno == EINVAL ? "-B: not an address of this host" : strerror(errno));
        if (iw_px_accept(&R.lis, &R.ep) != 0) die_ep("accept");
        /* always, so that a script can use -p 0 (an ephemeral port) */
        fprintf(stderr, "iwperf: listening on port %u\n", (unsigned)iw_px_listen_port(&R.lis));
        while (iw_px_state(&R.ep) < IW_PX_S_MPA) /* no time limit before a client comes */
            if (iw_px_poll(&R.loop, 1000) < 0) die("poll", strerror(errno));
        if (iw_px_wait_ready(&R.ep, TMO_MS) != 0) die_ep("connection");
        say_conn(&R.ep);
        iw_px_listen_close(&R.lis);
        server_more_qps();
        server_run();
    } else {
        uint8_t pd[PD_REQ_MULTI];
        size_t n, plen;
        const uint8_t *rp;
        uint32_t slot = R.c.op == OP_SEND && R.c.lat && R.c.size > CTL_LEN ? R.c.size : CTL_LEN;
        unsigned acc = IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE | (R.c.bidir ? IW_ACC_REMOTE_READ : 0u);
        n = R.c.op == OP_WRITE && R.c.lat ? 2 * (size_t)R.c.size : R.c.size;
        R.buf = alloc_buf(n);
        memset(R.buf, 0xA5, n);
        if (R.c.op == OP_WRITE && R.c.lat) memset(R.buf, 0, R.c.size);
        if (iw_px_reg(&R.ep, R.buf, n, acc, &R.mr) != 0) die_ep("register");
        setup_recv(NCTL, slot);
        if (R.c.lat) R.lat = (double *)calloc(R.c.iters, sizeof *R.lat);
        if (R.c.lat && !R.lat) die("out of memory", NULL);
        memcpy(pd, "IWPF", 4);
        pd[4] = 1;
        pd[5] = (uint8_t)R.c.op;
        pd[6] = (uint8_t)R.c.lat;
        pd[7] = (uint8_t)((R.c.all ? F_ALL : 0u) | (R.c.duration ? F_DUR : 0u) | (R.c.bidir ? F_BIDIR : 0u) |
                          (R.nq > 1 ? F_MULTI : 0u));
        put_be32(pd + 8, R.c.size);
        put_be32(pd + 12, R.c.iters);
        put_be32(pd + 16, R.mr.stag);
        put_be64(pd + 20, R.mr.to);
        R.session = (uint32_t)getpid() ^ (uint32_t)(now_s() * 1e6);
        put_be32(pd + 28, R.nq);
        put_be32(pd + 32, R.session);
        if (iw_px_set_pd(&R.ep, pd, R.nq > 1 ? PD_REQ_MULTI : PD_REQ_LEN) != 0) die("private data", NULL);
        if (iw_px_connect(&R.ep, R.c.host, R.c.port) != 0) die_ep("connect");
        if (iw_px_wait_ready(&R.ep, TMO_MS) != 0) die_ep("connection");
        say_conn(&R.ep);
        rp = iw_px_peer_pd(&R.ep, &plen);
        if (!rp || plen < PD_REP_LEN || memcmp(rp, "IWPF", 4) != 0) die("the server is not iwperf", NULL);
        R.peer_stag = get_be32(rp + 8);
        R.peer_to = get_be64(rp + 12);
        if (R.nq > 1) { /* -q: the other QPs, each its own TCP connection and MPA exchange */
            uint16_t port;
            uint32_t i;
            if (plen < PD_REP_MULTI) die("the server does not take -q (an older iwperf?)", NULL);
            port = (uint16_t)(rp[20] << 8 | rp[21]);
            for (i = 1; i < R.nq; i++)
                if (iw_px_ep_init_shared(&R.loop, R.qp[i], &o, &R.sh) != 0 ||
                    iw_px_set_pd(R.qp[i], pd, PD_REQ_MULTI) != 0 ||
                    iw_px_connect(R.qp[i], R.c.host, port) != 0)
                    die_ep_of(R.qp[i], "connect");
            qps_wait();
            if (!R.c.quiet) fprintf(stderr, "iwperf: %u QPs up\n", (unsigned)R.nq);
        }
        if (R.c.fault) R.peer_stag ^= 0x100u; /* another STag Index: the peer must Terminate */
        if (R.c.lat) {
            pingpong(1);
            send_ctl(K_DONE, R.bytes);
            R.peer_bytes = wait_ctl(K_DONE);
            report(1, R.peer_bytes);
        } else if (!R.c.all) {
            client_measure();
            report(1, R.peer_bytes);
        } else {
            uint32_t sz;
            for (sz = ALL_MIN; sz <= ALL_MAX; sz *= 2) {
                R.c.size = sz;
                send_ctl(K_SIZE, sz);
                if (wait_ctl(K_SIZE) != sz) die("the server did not take the size", NULL);
                client_measure();
                report(1, R.peer_bytes);
            }
            send_ctl(K_END, 0);
        }
    }
    if (R.json) {
        fprintf(R.json, "\n  ]\n}\n");
        if (fclose(R.json) != 0) die("--out_json", strerror(errno));
    }
    close_all();
    return 0;
}
