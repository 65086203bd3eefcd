/* bench_scale_qp.c: many QPs in one process (issue 19): aggregate RDMA Write throughput over
 * loopback TCP with 1,000 QPs against one QP, the same octets.
 *
 *   cc -O2 -g -std=c99 -I. -Ibench -Iexamples/posix bench/bench_scale_qp.c -o build/bench/bench_scale_qp
 *
 * scale_write_4096_q1000: one process, one thread, one loop (iw_posix.h over epoll). N QP pairs
 *   (BENCH_SCALE_QP, default 1000), each a TCP connection through a listener with its MPA
 *   exchange; the Initiators on one shared RNIC (iw_px_shared: one STag table, PD and CQ), the
 *   Responders on another, so one source MR and one sink MR serve all N. Subject: N QPs each
 *   posting M 4096-octet RDMA Writes (a list per QP and round, iw_px_post_list; every 16th
 *   signaled, up to 64 outstanding a QP) from its own 4 KiB of the source into its own 4 KiB
 *   of the sink, N x M = 48,000; the time from the first post until the Responders have placed
 *   every Write (rdmap.h's per-QP counters). Baseline: one of the same QPs alone, 48,000
 *   Writes of 4096 octets from and to the same N x 4 KiB in turn: the same octets, the same
 *   memory. Time is the process's CPU time (user + system: the loopback's TCP work runs in
 *   the process), since elapsed time on this shared machine measures its other tenants; the
 *   elapsed figures are printed too. MB = 10^6 octets. The two are run interleaved
 *   (BENCH_SCALE_ROUNDS, default 5, each), medians; ratio = subject / baseline (issue 19's
 *   target: at least 0.90). A '#' line gives a second baseline, one QP writing one 4 KiB
 *   buffer over and over (its data always in cache). Default options (MPA rev 2, CRC on,
 *   EMSS 1460). Checked: every WC a success, every QP still in RTS, the sink equal to the
 *   source; a wrong result exits 1. A '#' line counts, per 100 Writes of each, the Initiators'
 *   send calls, the loop's rounds (iw_px_poll calls) and the sends that waited for the loop's
 *   next round (IW_PX_TX_ROUND, here the 64 KiB of IW_PX_TXBUF: iw_posix.h writes in rounds so
 *   that what the 1,000 QPs hand to their sockets is read while still in the cache).
 * '#' setup: the N connections' set-up (connect to both QPs in RTS), connections per second. */
#define _POSIX_C_SOURCE 200809L
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
/* endpoints for 4 KiB messages: 2,000 of them in one process */
#define IW_PX_TXBUF 65536
#define IW_PX_MAX_ULPDU 16384
#define IW_PX_CQ 1
#define IW_PX_MAX_MR 1
#define IW_PX_SQ_DEPTH 64
#define IW_PX_RQ_DEPTH 4
#define IW_PX_MAX_IRD 4
#include "iw_posix.h"
#include "bench.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define MSG 4096u
#define DEPTH 64u
#define SIG 16u
#define SHIFT 40

static iw_px_loop L;
static iw_px_listener LIS;
static iw_px_shared CS, SS;
static iw_px_ep *ce, *se;
static size_t n, nse;
static iw_px_opts O;
static iw_px_mr cm, sm;
static uint8_t *src, *dst;
static uint64_t *posted, *done;
static size_t *ready;

static void fail(const char *what, const iw_px_ep *ep)
{
    printf("bench_scale_qp: %s%s%s\n", what, ep ? ": " : "", ep ? iw_px_error(ep)->text : "");
    exit(1);
}

static iw_px_ep *give(void *arg, iw_px_listener *lis)
{
    (void)arg;
    if (nse >= n || iw_px_ep_init_shared(lis->loop, &se[nse], &O, &SS) != 0) return NULL;
    return &se[nse++];
}

/* Writes placed by all Responders so far. */
static uint64_t placed(void)
{
    uint64_t k = 0;
    size_t i;
    for (i = 0; i < nse; i++) k += iw_qp_stats(iw_px_qp(&se[i]))->rx_msgs[IW_RDMAP_OP_WRITE];
    return k;
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* q QPs (0 .. q - 1) each post per Writes; returns the process's CPU seconds until all are
 * placed (*wall: the elapsed seconds). The QPs
 * that may post more are on a stack (all at first, then those whose WC retired some), so that a
 * round does not visit the QPs that are waiting. */
static int hot; /* q1 from one 4 KiB source into one 4 KiB of the sink (the '#' baseline) */
/* What a run cost in calls, summed over the measured runs of each kind ([0] q1000, [1] q1):
 * the Initiators' send()/sendmsg() calls, the loop's rounds (iw_px_poll calls), the sends that
 * waited for the loop's next round (iw_px_ep.tx_rounds), and the Writes. */
static unsigned long long c_send[2], c_poll[2], c_wait[2], c_writes[2];
static int counting = -1; /* which of the two a run adds to (-1: none) */
static unsigned long long sends(void)
{
    unsigned long long k = 0;
    size_t i;
    for (i = 0; i < n; i++) k += ce[i].tx_syscalls;
    return k;
}
static unsigned long long waits(void)
{
    unsigned long long k = 0;
    size_t i;
    for (i = 0; i < n; i++) k += ce[i].tx_rounds;
    return k;
}
static double run(size_t q, uint64_t per, double *wall)
{
    uint64_t base = placed(), want = (uint64_t)q * per, left = q;
    uint64_t t0 = bench_now_ns();
    unsigned long long s0 = counting >= 0 ? sends() : 0, w0 = counting >= 0 ? waits() : 0, polls = 0;
    double c0 = cpu_s(), c1;
    size_t i, nready = 0;
    iw_wc wc;
    for (i = 0; i < q; i++) {
        posted[i] = done[i] = 0;
        ready[nready++] = i;
    }
    for (;;) {
        int moved = 0;
        while (nready) { /* each QP's WRs as one list: one system call where they fit */
            iw_send_wr w[DEPTH];
            size_t k = 0, took = 0;
            i = ready[--nready];
            while (posted[i] + k < per && posted[i] + k - done[i] < DEPTH) {
                uint64_t seq = posted[i] + k, off = (q == 1 ? (hot ? 0 : seq % n) : i) * MSG;
                w[k] = iw_px_wr(IW_WR_WRITE, (uint64_t)i << SHIFT | seq, &cm, off, MSG);
                w[k].flags = (seq + 1) % SIG == 0 || seq + 1 == per ? IW_WR_SIGNALED : 0u;
                w[k].remote_stag = sm.stag;
                w[k].remote_to = sm.to + off;
                k++;
            }
            if (k && (iw_px_post_list(&ce[i], w, k, &took) != IW_V_OK || took != k))
                fail("post", &ce[i]);
            posted[i] += k;
            moved |= k != 0;
        }
        while (iw_px_shared_poll_wc(&CS, IW_PX_SQ_CQ, &wc, NULL)) {
            size_t k = (size_t)(wc.wr_id >> SHIFT);
            if (wc.status != IW_WC_SUCCESS || k >= q) fail("a Write's completion", &ce[k < n ? k : 0]);
            done[k] = (wc.wr_id & (((uint64_t)1 << SHIFT) - 1)) + 1;
            if (done[k] == per) left--;
            else if (posted[k] < per) ready[nready++] = k; /* room again (one WC a QP at most
                                                               here: a signaled WR is a whole
                                                               batch of SIG) */
            moved = 1;
        }
        /* every Write completed here (handed to TCP): wait until the Responders placed all */
        if (!left && placed() - base >= want) break;
        if (iw_px_poll(&L, moved ? 0 : 10) < 0) fail("poll", NULL);
        polls++;
    }
    c1 = cpu_s();
    if (wall) *wall = (double)(bench_now_ns() - t0) * 1e-9;
    if (counting >= 0) {
        c_send[counting] += sends() - s0;
        c_wait[counting] += waits() - w0;
        c_poll[counting] += polls;
        c_writes[counting] += want;
    }
    return c1 - c0;
}

static int all_up(void *arg)
{
    size_t i, k = 0;
    (void)arg;
    if (nse < n) return 0;
    for (i = 0; i < n; i++)
        k += iw_px_state(&ce[i]) == IW_PX_S_READY && iw_px_state(&se[i]) == IW_PX_S_READY;
    return k == n;
}

int main(void)
{
    const char *qs = getenv("BENCH_SCALE_QP"), *rs = getenv("BENCH_SCALE_ROUNDS");
    size_t rounds = rs ? (size_t)strtoul(rs, NULL, 10) : 5u, i, b, r;
    uint64_t per, total_msgs = 48000; /* 196,608,000 octets a run */
    double *tq, *t1, *th, *wq, *w1, setup, mq, m1, mh, wmq, wm1;
    struct rlimit rl;
    iw_px_shared_cfg c;
    uint64_t t0;
    n = qs ? (size_t)strtoul(qs, NULL, 10) : 1000u;
    if (n < 1) n = 1;
    if (rounds < 1) rounds = 1;
    per = (total_msgs + n - 1) / n;
    total_msgs = per * n;
    /* two descriptors a QP pair: raise the soft limit to the hard one */
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        (void)setrlimit(RLIMIT_NOFILE, &rl);
    }
    ce = (iw_px_ep *)calloc(n, sizeof *ce);
    se = (iw_px_ep *)calloc(n, sizeof *se);
    posted = (uint64_t *)calloc(n, sizeof *posted);
    done = (uint64_t *)calloc(n, sizeof *done);
    ready = (size_t *)calloc(n * (DEPTH / SIG + 1), sizeof *ready);
    tq = (double *)calloc(rounds, sizeof *tq);
    t1 = (double *)calloc(rounds, sizeof *t1);
    th = (double *)calloc(rounds, sizeof *th);
    wq = (double *)calloc(rounds, sizeof *wq);
    w1 = (double *)calloc(rounds, sizeof *w1);
    src = (uint8_t *)malloc(n * MSG);
    dst = (uint8_t *)calloc(n, MSG);
    if (!ce || !se || !posted || !done || !ready || !tq || !t1 || !th || !wq || !w1 || !src || !dst) fail("out of memory", NULL);
    for (i = 0; i < n * MSG; i++) src[i] = (uint8_t)(i * 31u + i / MSG);
    iw_px_loop_init(&L);
    iw_px_opts_default(&O);
    O.timeout_ms = 60000;
    iw_px_shared_cfg_default(&c);
    c.cq_entries = (uint32_t)(n * (DEPTH / SIG + 2) + 64);
    if (iw_px_shared_init(&L, &CS, &c) != 0 || iw_px_shared_init(&L, &SS, &c) != 0)
        fail("shared RNIC", NULL);
    if (iw_px_listen(&L, &LIS, "127.0.0.1", 0) != 0) fail(strerror(errno), NULL);
    iw_px_listen_serve(&LIS, give, NULL);
    if (iw_px_shared_reg(&CS, src, n * MSG, 0, &cm) != 0 ||
        iw_px_shared_reg(&SS, dst, n * MSG, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &sm) != 0)
        fail("register", NULL);
    t0 = bench_now_ns();
    for (b = 0; b < n; b += 256) { /* in batches within the listen queue */
        size_t e = b + 256 < n ? b + 256 : n;
        for (i = b; i < e; i++)
            if (iw_px_ep_init_shared(&L, &ce[i], &O, &CS) != 0 ||
                iw_px_connect(&ce[i], "127.0.0.1", iw_px_listen_port(&LIS)) != 0)
                fail("connect (ulimit -n?)", &ce[i]);
        while (nse < e || iw_px_state(&ce[e - 1]) < IW_PX_S_READY)
            if (iw_px_poll(&L, 10) < 0 || (bench_now_ns() - t0) > 120000000000ull)
                fail("set-up", &ce[e - 1]);
    }
    if (!iw_px_run(&L, all_up, NULL, 60000)) fail("set-up: not all QPs in RTS", NULL);
    setup = (double)(bench_now_ns() - t0) * 1e-9;
    (void)run(n, per < 4 ? per : 4, NULL); /* warm-up: every QP's first Writes */
    (void)run(1, per * 4 < total_msgs ? per * 4 : total_msgs, NULL);
    for (r = 0; r < rounds; r++) { /* interleaved */
        counting = 0;
        tq[r] = run(n, per, &wq[r]);
        counting = 1;
        t1[r] = run(1, total_msgs, &w1[r]);
        counting = -1;
        hot = 1;
        th[r] = run(1, total_msgs, NULL);
        hot = 0;
    }
    for (i = 0; i < n; i++) { /* every QP wrote its own 4 KiB; all still in RTS */
        if (iw_px_state(&ce[i]) != IW_PX_S_READY || iw_px_state(&se[i]) != IW_PX_S_READY)
            fail("a QP left RTS", iw_px_state(&ce[i]) != IW_PX_S_READY ? &ce[i] : &se[i]);
    }
    if (memcmp(dst, src, n * MSG) != 0) fail("the sink differs from the source", NULL);
    mq = (double)total_msgs * MSG / bench_median(tq, rounds) / 1e6;
    m1 = (double)total_msgs * MSG / bench_median(t1, rounds) / 1e6;
    mh = (double)total_msgs * MSG / bench_median(th, rounds) / 1e6;
    wmq = (double)total_msgs * MSG / bench_median(wq, rounds) / 1e6;
    wm1 = (double)total_msgs * MSG / bench_median(w1, rounds) / 1e6;
    printf("scale_qp: %zu QPs x %llu Writes of %u octets vs 1 QP x %llu, %zu rounds interleaved "
           "(medians): %.1f vs %.1f MB per CPU second; elapsed %.1f vs %.1f MB/s\n", n,
           (unsigned long long)per, MSG, (unsigned long long)total_msgs, rounds, mq, m1, wmq, wm1);
    printf("BENCH scale_write_4096_q%zu %.1f MB/cpu-s vs q1 ratio=%.3f\n", n, mq, mq / m1);
    printf("# scale_write_4096_q%zu: one process, one thread, both ends; %llu octets a run; per "
           "CPU second of the process (user + system: the loopback's TCP work runs in it), as "
           "elapsed time on a shared machine measures its other work; elapsed ratio %.3f; "
           "issue 19 target ratio >= 0.90\n", n, (unsigned long long)total_msgs * MSG, wmq / wm1);
    printf("# scale_write_4096_q%zu: the baseline QP writes the same %zu x 4 KiB of source and "
           "sink the %zu QPs do, in turn; from one 4 KiB source into one 4 KiB (all in cache) "
           "it makes %.1f MB/cpu-s, ratio %.3f against that\n", n, n, n, mh, mq / mh);
    printf("# scale_write_4096_q%zu: per 100 Writes, q%zu vs q1: %.1f vs %.1f send calls, %.1f vs "
           "%.1f loop rounds (iw_px_poll), %.1f vs %.1f sends that waited for the next round "
           "(IW_PX_TX_ROUND %u octets)\n", n, n,
           100.0 * (double)c_send[0] / (double)c_writes[0], 100.0 * (double)c_send[1] / (double)c_writes[1],
           100.0 * (double)c_poll[0] / (double)c_writes[0], 100.0 * (double)c_poll[1] / (double)c_writes[1],
           100.0 * (double)c_wait[0] / (double)c_writes[0], 100.0 * (double)c_wait[1] / (double)c_writes[1],
           (unsigned)IW_PX_TX_ROUND);
    printf("# scale_qp setup: %zu connections in %.2f s, %.0f/s (connect to both QPs in RTS, "
           "one process)\n", n, setup, (double)n / setup);
    return 0;
}
