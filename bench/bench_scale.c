/* bench_scale.c: many connections on one host (issue 19), over loopback TCP with the POSIX
 * host (examples/posix/iw_posix.h), the server and its clients in two processes.
 *
 *   cc -O2 -g -std=c99 -I. -Ibench -Iexamples/posix bench/bench_scale.c -o build/bench/bench_scale
 *
 * idle_qp_bytes: the server process holds N idle connected QPs (BENCH_SCALE_N, default
 *   10000; the clients are in a child process, so that each process stays under the
 *   descriptor limit). Subject: the server's resident memory once all N are in RTS, minus
 *   before the first came, divided by N (/proc/self/statm; the endpoints are zeroed at
 *   iw_px_ep_init, so every page of one is resident). Baseline: the core's own per-QP state
 *   (iw_px_ep_bytes' core share: the QP, its queues, the MPA connection and its reassembly
 *   buffer). Kernel socket buffers are not counted (not resident in the process). The
 *   endpoints here are built small (the IW_PX_* limits below: 2 KiB staging and ULPDU, 16-deep
 *   queues, 8 MRs), as a server of many small connections would build them; the '#' line
 *   gives the host's share (subject minus core) against issue 19's target of 16 KiB.
 * '#' setup rate: connections per second from connect() to both QPs in RTS (TCP + MPA Request
 *   and Reply + the first FPDU), against plain TCP connect + accept of the same number, in the
 *   same run. One measurement each (N is large), not a median.
 * A wrong result (a connection that is not up, a count that differs) exits 1. */
#define _POSIX_C_SOURCE 200809L
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#define IW_PX_TXBUF 2048
#define IW_PX_DIRECT 1024
#define IW_PX_MAX_ULPDU 2048
#define IW_PX_CQ 16
#define IW_PX_SQ_DEPTH 16
#define IW_PX_RQ_DEPTH 16
#define IW_PX_MAX_IRD 4
#define IW_PX_MAX_MR 8
#include "iw_posix.h"
#include "bench.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <unistd.h>

static iw_px_ep *eps;
static size_t neps, cap;
static iw_px_opts opts;

static long rss_bytes(void)
{
    long pages = 0, res = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return -1;
    if (fscanf(f, "%ld %ld", &pages, &res) != 2) res = -1;
    fclose(f);
    return res < 0 ? -1 : res * sysconf(_SC_PAGESIZE);
}

static iw_px_ep *give(void *arg, iw_px_listener *lis)
{
    (void)arg;
    if (neps >= cap || iw_px_ep_init(lis->loop, &eps[neps], &opts) != 0) return NULL;
    return &eps[neps++];
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static size_t count_ready(void)
{
    size_t i, k = 0;
    for (i = 0; i < neps; i++) k += iw_px_state(&eps[i]) == IW_PX_S_READY;
    return k;
}

/* Child: n iWARP clients to port, at most 256 in set-up at once (a sliding window within the
 * listen queue); then waits for a byte on ctl and exits. */
static int clients(uint16_t port, size_t n, int ctl, int back)
{
    double c0 = cpu_s(), used;
    iw_px_loop l;
    size_t lo = 0, started = 0;
    char c;
    int64_t t0 = (int64_t)(bench_now_ns() / 1000000u), seen = t0;
    eps = (iw_px_ep *)calloc(n, sizeof *eps);
    if (!eps) return 1;
    iw_px_loop_init(&l);
    while (lo < n) {
        size_t lo0 = lo;
        while (started < n && started - lo < 256) {
            if (iw_px_ep_init(&l, &eps[started], &opts) != 0 ||
                iw_px_connect(&eps[started], "127.0.0.1", port) != 0)
                return 1;
            started++;
        }
        (void)iw_px_poll(&l, 5);
        while (lo < started && iw_px_state(&eps[lo]) == IW_PX_S_READY) lo++;
        if (lo < started && iw_px_state(&eps[lo]) == IW_PX_S_FAILED) {
            fprintf(stderr, "bench_scale: client %zu: %s\n", lo, iw_px_error(&eps[lo])->text);
            return 1;
        }
        if (lo != lo0) seen = (int64_t)(bench_now_ns() / 1000000u);
        else if ((int64_t)(bench_now_ns() / 1000000u) - seen > 30000) {
            fprintf(stderr, "bench_scale: clients: %zu of %zu up\n", lo, n);
            return 1;
        }
    }
    used = cpu_s() - c0; /* the set-up's CPU time, to the parent */
    if (write(back, &used, sizeof used) != (ssize_t)sizeof used) return 1;
    /* idle: keep the loop going until the parent has measured */
    for (;;) {
        struct pollfd p;
        p.fd = ctl;
        p.events = POLLIN;
        p.revents = 0;
        if (poll(&p, 1, 0) == 1) break;
        (void)iw_px_poll(&l, 50);
    }
    if (read(ctl, &c, 1) < 0) return 1;
    return 0;
}

/* Plain TCP: n connect + accept pairs, the seconds they took. */
static double plain_tcp(size_t n)
{
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    int ls = socket(AF_INET, SOCK_STREAM, 0), *cs, *ss;
    size_t i;
    uint64_t t0;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cs = (int *)calloc(n, sizeof *cs);
    ss = (int *)calloc(n, sizeof *ss);
    if (ls < 0 || !cs || !ss || bind(ls, (struct sockaddr *)&a, sizeof a) != 0 ||
        listen(ls, 1024) != 0 || getsockname(ls, (struct sockaddr *)&a, &al) != 0)
        return -1;
    t0 = bench_now_ns();
    for (i = 0; i < n; i++) {
        cs[i] = socket(AF_INET, SOCK_STREAM, 0);
        if (cs[i] < 0 || connect(cs[i], (struct sockaddr *)&a, sizeof a) != 0) return -1;
        ss[i] = accept(ls, NULL, NULL);
        if (ss[i] < 0) return -1;
    }
    {
        double s = (double)(bench_now_ns() - t0) * 1e-9;
        for (i = 0; i < n; i++) close(cs[i]), close(ss[i]);
        close(ls);
        free(cs);
        free(ss);
        return s;
    }
}

int main(void)
{
    const char *ns = getenv("BENCH_SCALE_N");
    size_t n = ns ? (size_t)strtoul(ns, NULL, 10) : 10000u, core, all;
    iw_px_loop l;
    iw_px_listener lis;
    int pfd[2], bfd[2], st;
    double c0, srv_cpu, cli_cpu = 0, tcp_cpu;
    pid_t pid;
    long r0, r1;
    uint64_t t0, last = 0;
    double secs, tcp_secs, per;
    if (n == 0) n = 1;
    all = iw_px_ep_bytes(&core);
    iw_px_opts_default(&opts);
    opts.timeout_ms = 60000;
    c0 = cpu_s();
    tcp_secs = plain_tcp(n < 4000 ? n : 4000);
    tcp_cpu = cpu_s() - c0;
    cap = n;
    eps = (iw_px_ep *)calloc(n, sizeof *eps); /* not resident until an endpoint is made */
    iw_px_loop_init(&l);
    if (!eps || tcp_secs < 0 || iw_px_listen(&l, &lis, "127.0.0.1", 0) != 0 || pipe(pfd) != 0 || pipe(bfd) != 0) {
        printf("bench_scale: setup: %s\n", strerror(errno));
        return 1;
    }
    iw_px_listen_serve(&lis, give, NULL);
    (void)iw_px_poll(&l, 0);
    r0 = rss_bytes();
    fflush(stdout);
    t0 = bench_now_ns();
    c0 = cpu_s();
    pid = fork();
    if (pid == 0) {
        close(pfd[1]);
        close(bfd[0]);
        close(iw_px_listen_fd(&lis));
        _exit(clients(iw_px_listen_port(&lis), n, pfd[0], bfd[1]));
    }
    close(pfd[0]);
    close(bfd[1]);
    for (;;) { /* counting visits every endpoint: at most every 5 ms, not after each poll */
        uint64_t now = bench_now_ns();
        if (now - last >= 5000000u) {
            last = now;
            if (count_ready() >= n) break;
            if (waitpid(pid, &st, WNOHANG) == pid) {
                printf("bench_scale: the clients' process ended early: %zu of %zu up\n", count_ready(), n);
                return 1;
            }
        }
        (void)iw_px_poll(&l, 5);
    }
    secs = (double)(bench_now_ns() - t0) * 1e-9;
    srv_cpu = cpu_s() - c0;
    if (read(bfd[0], &cli_cpu, sizeof cli_cpu) != (ssize_t)sizeof cli_cpu) return 1;
    r1 = rss_bytes();
    if (write(pfd[1], "x", 1) != 1) return 1;
    waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || neps != n || lis.refused != 0) {
        printf("bench_scale: clients' status %d, %zu endpoints, %lu refused\n", st, neps, lis.refused);
        return 1;
    }
    per = (double)(r1 - r0) / (double)n;
    printf("scale: %zu idle connected QPs in one server process (%s): %.0f octets resident each; "
           "endpoint %zu octets, core %zu\n", n, iw_px_loop_epoll(&l) ? "epoll" : "poll", per, all,
           core);
    printf("BENCH idle_qp_bytes %.0f octets/QP vs core ratio=%.3f\n", per, per / (double)core);
    printf("# idle_qp_bytes: the host's share %.0f octets/QP (issue 19 target: under 16384); "
           "the core's %zu\n", per - (double)core, core);
    printf("# setup rate: %.0f connections/s to both QPs in RTS (%zu, clients in another "
           "process) vs %.0f/s plain TCP connect+accept in one process ratio=%.3f\n",
           (double)n / secs, n, (double)(n < 4000 ? n : 4000) / tcp_secs,
           ((double)n / secs) / ((double)(n < 4000 ? n : 4000) / tcp_secs));
    printf("# setup cost: %.0f connections per CPU second (server %.3f s + clients %.3f s) vs "
           "%.0f per CPU second plain TCP ratio=%.3f (CPU time: on a shared machine the "
           "elapsed rate above counts the other tenants too)\n", (double)n / (srv_cpu + cli_cpu),
           srv_cpu, cli_cpu, (double)(n < 4000 ? n : 4000) / tcp_cpu,
           ((double)n / (srv_cpu + cli_cpu)) / ((double)(n < 4000 ? n : 4000) / tcp_cpu));
    return 0;
}
