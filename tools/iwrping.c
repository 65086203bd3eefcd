/* SPDX-License-Identifier: MIT */
/* tools/iwrping.c: an rping-compatible client and server on the POSIX host (iw_posix.h).
 * `iwrping --help` lists every option; docs/tools.md describes them.
 *
 *   iwrping -s [-a ADDR] [-p PORT] [-C N] [-P] [-V] [options]   server (rping -s; port 0: any)
 *   iwrping -c -a ADDR [-p PORT] [-C N] [-S SIZE] [-V] [options]  client (rping -c)
 *   -C N: pings (0, the default as in rping: until stopped by SIGINT/SIGTERM, or for a server
 *   until the client closes); -P: the server serves clients until stopped, many at once, each
 *   in a process of its own so that a failing client ends only its own connection (at most
 *   --max-clients; without -P, one client, as rping); ADDR: a host name, IPv4 or IPv6
 *   address, or localhost. The client registers exactly -S octets of each buffer (what it
 *   advertises); the server's buffer takes no remote access at all.
 *
 * rping's protocol (rdma-core librdmacm/examples/rping.c, as siw's captures in
 * tests/vectors/siw_rping_*.pcap show it): the connection carries no private data of rping's
 * own (rdma_cm over iWARP puts only the RFC 6581 IRD/ORD header in the MPA frames). Each
 * iteration ("ping"):
 *   1. client Sends a 16-octet advertisement of its source buffer: address (8), STag (4),
 *      length (4), big-endian;
 *   2. server RDMA Reads that buffer, then Sends 16 octets (contents unused: zeros);
 *   3. client Sends the advertisement of its sink buffer;
 *   4. server RDMA Writes what it read into the sink, then Sends 16 octets.
 *   The client fills the source with "rdma-ping-<i>: " followed by letters from 'A'+i (cycling
 *   'A'..'z') and a final NUL; with -V it checks that the sink equals the source afterwards.
 *   After the count the client closes the connection (FIN, no Terminate).
 * This server checks what it Read against that pattern too (-V), so the data is checked at
 * both ends whichever side the project plays.
 *
 * Error cases (server): --bad-write answers the first advertisement with an RDMA Write to an
 * STag that does not exist (RFC 5041 §7.2: the peer must Terminate with DDP, tagged buffer,
 * invalid STag); --bad-read issues the RDMA Read with such an STag (RFC 5040 §7.2: RDMAP,
 * remote protection, invalid STag). The peer's Terminate is printed decoded:
 *   "iwrping: Terminate from peer: layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag".
 *
 * Output: one line "iwrping: ok ..." on success (exit 0), "iwrping: FAIL ..." otherwise (exit
 * 1); a bad command line exits 2; a Terminate from the peer prints "iwrping: Terminate from
 * peer: ..." (exit 3); a rejected MPA Request prints "iwrping: rejected by peer ..." (exit 4).
 */
#define _POSIX_C_SOURCE 200809L /* getaddrinfo, sigaction */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "iw_posix.h"
#include "tools/cli.h"

#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RP_MAX (64u * 1024u) /* rping's largest buffer (RPING_BUFSIZE) */
#define RP_ADV 16u           /* the advertisement: address, STag, length */
#define RP_TMO 30000         /* ms for any one step */

static iw_px_loop loop;
static iw_px_ep ep;
static iw_px_listener lis;
/* start: the client's source (Read by the server); rdma: the client's sink and the server's
 * buffer; adv: what we Send; rx: two receive slots. */
static uint8_t start_buf[RP_MAX], rdma_buf[RP_MAX], adv_buf[RP_ADV], rx_buf[2][RP_ADV];
static iw_px_mr start_mr, rdma_mr, adv_mr, rx_mr;
static int verbose;
static unsigned long delay_ms; /* client: pause after setup before the first Send */
static volatile sig_atomic_t stop; /* SIGINT / SIGTERM: finish the ping under way, then stop */
static unsigned long done_pings;  /* pings completed on the current connection */

static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

/* Big-endian fields of the advertisement (rping's struct rping_rdma_info). */
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

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Print the reason the endpoint stopped and return the exit status that goes with it. */
static int fail(const char *what)
{
    const iw_px_err *e = iw_px_error(&ep);
    char t[160];
    if (e->kind == IW_PX_E_REJECTED) {
        printf("iwrping: rejected by peer (MPA Reply with R=1) at %s: %s\n", what, e->text);
        return 4;
    }
    if (e->kind == IW_PX_E_TERM_RCVD) {
        printf("iwrping: Terminate from peer: %s (at %s; %s)\n",
               iw_px_term_text(e->term, t, sizeof t), what, e->text);
        return 3;
    }
    printf("iwrping: FAIL %s: %s\n", what, e->kind ? e->text : "timeout");
    return 1;
}

/* rping's source pattern for iteration i (RPING_MSG_FMT, then letters from 'A' + i). */
static void pattern(uint8_t *b, uint32_t size, unsigned i)
{
    int n = snprintf((char *)b, size, "rdma-ping-%u: ", i);
    int c = 'A' + (int)(i % 58u);
    uint32_t k;
    for (k = (uint32_t)n; k < size; k++) {
        b[k] = (uint8_t)c;
        if (++c > 'z') c = 'A';
    }
    b[size - 1] = 0;
}

static void put_adv(const iw_px_mr *mr, uint32_t len)
{
    put_be64(adv_buf, mr->to);
    put_be32(adv_buf + 8, mr->stag);
    put_be32(adv_buf + 12, len);
}

/* Post a signaled WR and wait for its completion; 0 ok. */
static int do_wr(iw_send_wr *wr, const char *what)
{
    iw_wc wc;
    iw_vstatus vs = iw_px_post(&ep, wr);
    if (vs != IW_V_OK) {
        printf("iwrping: FAIL post %s: %s\n", what, iw_vstatus_str(vs));
        return 1;
    }
    if (iw_px_wait_wc(&ep, IW_PX_SQ_CQ, &wc, RP_TMO) != 0) return fail(what);
    if (wc.status != IW_WC_SUCCESS) {
        if (iw_px_error(&ep)->kind) return fail(what);
        printf("iwrping: FAIL %s completed with %s\n", what, iw_wc_status_str(wc.status));
        return 1;
    }
    return 0;
}

static int send_adv(const iw_px_mr *mr, uint32_t len, const char *what)
{
    iw_send_wr wr;
    if (mr) put_adv(mr, len); else memset(adv_buf, 0, sizeof adv_buf);
    wr = iw_px_wr(IW_WR_SEND, 1, &adv_mr, 0, RP_ADV);
    return do_wr(&wr, what);
}

/* Wait for the next Send from the peer; its slot is reposted. *adv gets its 16 octets. */
static unsigned rx_next;
static int eof_ok; /* server, between pings with -C 0: the client's FIN ends the run (-2) */
static int recv_msg(uint8_t adv[RP_ADV], const char *what)
{
    iw_wc wc;
    unsigned slot = rx_next % 2u;
    if (iw_px_wait_wc(&ep, IW_PX_RQ_CQ, &wc, RP_TMO) != 0) {
        if (eof_ok && iw_px_error(&ep)->kind == IW_PX_E_EOF) return -2;
        return fail(what);
    }
    rx_next++;
    if (wc.status != IW_WC_SUCCESS) {
        if (eof_ok && iw_px_error(&ep)->kind == IW_PX_E_EOF) return -2;
        return fail(what);
    }
    if (rx_next == 1 && wc.len == 0 && iw_px_info(&ep)->p2p &&
        iw_px_info(&ep)->rtr == IW_MPA_RTR_SEND) {
        /* RFC 6581 §7: the peer's zero-length Send RTR took our first Receive; it is part of
         * the connection set-up, not a ping: post the slot again, wait for the next one */
        if (iw_px_recv(&ep, slot, &rx_mr, slot * RP_ADV, RP_ADV) != IW_V_OK) return fail("repost");
        return recv_msg(adv, what);
    }
    if (wc.wr_id != slot || wc.len != RP_ADV) {
        printf("iwrping: FAIL %s: Receive %u of %u octets (expected slot %u, %u octets)\n",
               what, (unsigned)wc.wr_id, (unsigned)wc.len, slot, RP_ADV);
        return 1;
    }
    memcpy(adv, rx_buf[slot], RP_ADV);
    if (iw_px_recv(&ep, slot, &rx_mr, slot * RP_ADV, RP_ADV) != IW_V_OK) return fail("repost");
    return 0;
}

static int client(unsigned count, uint32_t size, int validate)
{
    unsigned i;
    uint8_t m[RP_ADV];
    for (i = 0; (!count || i < count) && !stop; i++) {
        int r;
        pattern(start_buf, size, i);
        memset(rdma_buf, 0, size);
        if ((r = send_adv(&start_mr, size, "Send of the source advertisement")) != 0) return r;
        if ((r = recv_msg(m, "wait for the server's Send after its RDMA Read")) != 0) return r;
        if ((r = send_adv(&rdma_mr, size, "Send of the sink advertisement")) != 0) return r;
        if ((r = recv_msg(m, "wait for the server's Send after its RDMA Write")) != 0) return r;
        if (validate && memcmp(start_buf, rdma_buf, size) != 0) {
            printf("iwrping: FAIL ping %u: data mismatch: sent '%.40s' got '%.40s'\n", i,
                   (char *)start_buf, (char *)rdma_buf);
            return 1;
        }
        if (verbose) printf("ping data: %s\n", (char *)rdma_buf);
        done_pings = i + 1u;
    }
    return 0;
}

static int server(unsigned count, int validate, int bad)
{
    unsigned i;
    uint8_t m[RP_ADV], expect[RP_MAX];
    for (i = 0; !count || i < count; i++) {
        iw_send_wr wr;
        uint64_t to;
        uint32_t stag, len;
        int r;
        eof_ok = i > 0 && !count;
        r = recv_msg(m, "wait for the source advertisement");
        eof_ok = 0;
        if (r == -2) return 0;
        if (r != 0) return r;
        to = get_be64(m);
        stag = get_be32(m + 8);
        len = get_be32(m + 12);
        if (len == 0 || len > RP_MAX) {
            printf("iwrping: FAIL ping %u: advertised length %u not in 1..%u\n", i, len, RP_MAX);
            return 1;
        }
        if (bad == 'l') len++; /* --bad-len: one octet past what the client advertised */
        if (bad == 'w') {
            /* An STag whose Index is not the advertised one: never valid at the peer. */
            wr = iw_px_wr(IW_WR_WRITE, 2, &rdma_mr, 0, len);
            wr.remote_stag = stag ^ 0x00FFFF00u;
            wr.remote_to = to;
            printf("iwrping: sending RDMA Write to invalid STag 0x%08x (advertised 0x%08x)\n",
                   wr.remote_stag, stag);
            fflush(stdout);
            if ((r = do_wr(&wr, "RDMA Write to an invalid STag")) != 0) return r;
            /* The Write completes locally; the peer's Terminate follows. */
            if ((r = recv_msg(m, "wait for the peer's reaction to the bad RDMA Write")) != 0)
                return r;
            printf("iwrping: FAIL peer accepted an RDMA Write to an invalid STag\n");
            return 1;
        }
        memset(rdma_buf, 0, len);
        wr = iw_px_wr(IW_WR_READ, 2, &rdma_mr, 0, len);
        wr.remote_stag = bad == 'r' ? stag ^ 0x00FFFF00u : stag;
        wr.remote_to = to;
        if (bad == 'r') {
            printf("iwrping: sending RDMA Read Request for invalid STag 0x%08x (advertised 0x%08x)\n",
                   wr.remote_stag, stag);
            fflush(stdout);
        }
        if ((r = do_wr(&wr, "RDMA Read of the client's source")) != 0) return r;
        if (bad == 'r') {
            printf("iwrping: FAIL peer answered an RDMA Read Request for an invalid STag\n");
            return 1;
        }
        if (validate) {
            pattern(expect, len, i);
            if (memcmp(expect, rdma_buf, len) != 0) {
                printf("iwrping: FAIL ping %u: RDMA Read data '%.40s' is not rping's pattern '%.40s'\n",
                       i, (char *)rdma_buf, (char *)expect);
                return 1;
            }
        }
        if (verbose) printf("server ping data: %s\n", (char *)rdma_buf);
        if ((r = send_adv(NULL, 0, "Send after the RDMA Read")) != 0) return r;
        if ((r = recv_msg(m, "wait for the sink advertisement")) != 0) return r;
        wr = iw_px_wr(IW_WR_WRITE, 3, &rdma_mr, 0, len);
        wr.remote_stag = get_be32(m + 8);
        wr.remote_to = get_be64(m);
        if (get_be32(m + 12) < len) {
            printf("iwrping: FAIL ping %u: sink of %u octets for %u\n", i, get_be32(m + 12), len);
            return 1;
        }
        if ((r = do_wr(&wr, "RDMA Write into the client's sink")) != 0) return r;
        if ((r = send_adv(NULL, 0, "Send after the RDMA Write")) != 0) return r;
        done_pings = i + 1u;
    }
    return 0;
}

static void usage(void)
{
    printf("usage: iwrping -s [options]            server (rping -s)\n"
           "       iwrping -c -a ADDR [options]    client (rping -c)\n"
           "An rping-compatible client and server over iWARP on TCP (interoperates with rping on\n"
           "Linux siw): each ping, the server RDMA Reads the client's buffer and RDMA Writes it back.\n"
           "  -s, --server        be the server\n"
           "  -c, --client        be the client\n"
           "  -a, --addr ADDR     client: the server (host name, IPv4 or IPv6 address, localhost);\n"
           "                      server: the address to listen on (default: all)\n"
           "  -p, --port PORT     TCP port (default 7174, rping's; server: 0 = any, printed)\n"
           "  -C, --count N       pings (default 0: until stopped by Ctrl-C; a server: until the\n"
           "                      client closes), 0..4294967295\n"
           "  -S, --size SIZE     ping buffer octets (client; default 64, 32..65536)\n"
           "  -P, --persistent    server: serve clients until stopped, many at once, each in\n"
           "                      its own process (default: one client, then exit, as rping)\n"
           "      --max-clients N server -P: clients at once; more are refused (default 16,\n"
           "                      1..4096)\n"
           "      --rtr send|write|read|all  --p2p: the RTR types offered (client) or accepted\n"
           "                      (server) (default all)\n"
           "  -V, --validate      check the data at both ends\n"
           "  -v, --verbose       print each ping's data\n"
           "  -q, --quiet         no per-connection line\n"
           "      --crc | --no-crc  ask for MPA CRC32c (default off, as siw)\n"
           "      --rev 1|2       highest MPA revision (default 2)\n"
           "      --markers       ask for MPA markers toward us\n"
           "      --p2p           RFC 6581 peer-to-peer mode (rev 2)\n"
           "      --delay MS      client: pause after the connection is up (0..600000; default 0)\n"
           "      --bad-write | --bad-read | --bad-len   server: misbehave (tests the peer's\n"
           "                      Terminate; --bad-len Reads one octet past the advertised)\n"
           "  -h, --help          this text\n"
           "      --version       the version\n"
           "Examples:\n"
           "  iwrping -s -P -V                       serve until stopped, checking the data\n"
           "  iwrping -c -a localhost -C 5 -S 3000 -V\n"
           "  iwrping -c -a server.example -v        ping until Ctrl-C\n"
           "  iwrping -s -a ::1 -p 7174  /  iwrping -c -a ::1 -p 7174 -C 3   over IPv6\n"
           "Exit status: 0 ok; 1 a failure (printed: iwrping: FAIL ...); 2 a bad command line;\n"
           "  3 a Terminate from the peer (printed decoded); 4 the peer rejected the connection.\n");
    exit(0);
}

/* One connection's work on ep (set up, connected or accepted); 0 ok, else the exit status. */
static int run_conn(int is_server, unsigned long count, unsigned long size, int validate, int bad,
                    int quiet)
{
    const iw_mpa_info *inf;
    int r;
    done_pings = 0;
    rx_next = 0;
    /* client: exactly the -S octets it advertises, the source readable and the sink writable
     * by the peer; server: its buffer (the Read's sink, the Write's source) local only */
    if ((!is_server && iw_px_reg(&ep, start_buf, size, IW_ACC_REMOTE_READ, &start_mr) != 0) ||
        iw_px_reg(&ep, rdma_buf, is_server ? RP_MAX : size,
                  IW_ACC_LOCAL_WRITE | (is_server ? 0u : IW_ACC_REMOTE_WRITE), &rdma_mr) != 0 ||
        iw_px_reg(&ep, adv_buf, RP_ADV, 0, &adv_mr) != 0 ||
        iw_px_reg(&ep, rx_buf, sizeof rx_buf, IW_ACC_LOCAL_WRITE, &rx_mr) != 0)
        return fail("memory registration");
    /* Receives before the connection is up: the peer may Send as soon as it is (rping's
     * client does). */
    if (iw_px_recv(&ep, 0, &rx_mr, 0, RP_ADV) != IW_V_OK ||
        iw_px_recv(&ep, 1, &rx_mr, RP_ADV, RP_ADV) != IW_V_OK)
        return fail("post Receive");
    if (is_server) { /* no time limit before a client comes */
        while (iw_px_state(&ep) < IW_PX_S_MPA && !stop)
            if (iw_px_poll(&loop, 200) < 0) return fail("poll");
        if (stop) return -1;
    }
    r = iw_px_wait_ready(&ep, RP_TMO);
    if (r != 0) return fail("connection setup");
    inf = iw_px_info(&ep);
    if (!quiet) {
        printf("iwrping: connected: MPA rev %u, CRC %s, markers %s/%s, %s, IRD/ORD %u/%u"
               " (peer's %u/%u)\n",
               inf->rev, inf->crc ? "on" : "off", inf->markers_tx ? "tx" : "-",
               inf->markers_rx ? "rx" : "-",
               !inf->p2p ? "no p2p"
               : inf->rtr == IW_MPA_RTR_WRITE ? "p2p RTR Write"
               : inf->rtr == IW_MPA_RTR_READ ? "p2p RTR Read"
               : inf->rtr == IW_MPA_RTR_SEND ? "p2p RTR Send" : "p2p RTR (several offered)",
               inf->ird, inf->ord, inf->peer_ird, inf->peer_ord);
        fflush(stdout);
    }
    if (delay_ms) {
        /* The loop keeps serving the connection meanwhile. */
        int64_t until = now_ms() + (int64_t)delay_ms;
        while (now_ms() < until) iw_px_poll(&loop, (int)(until - now_ms()));
    }
    r = is_server ? server((unsigned)count, validate, bad) : client((unsigned)count, (uint32_t)size, validate);
    if (r != 0) return r;
    /* rping's client closes after the last ping; the server sees its FIN. */
    if (iw_px_close(&ep, 10000) != 0 && iw_px_error(&ep)->kind != IW_PX_E_EOF)
        printf("iwrping: note: close: %s\n", iw_px_error(&ep)->text);
    printf("iwrping: ok %lu pings%s, MPA rev %u, CRC %s, %s\n", done_pings,
           validate ? " with data verified" : "", inf->rev, inf->crc ? "on" : "off",
           inf->p2p ? "peer-to-peer" : "no p2p");
    fflush(stdout);
    return 0;
}

/* -P: every connection in a child process of its own (run_conn), at most max_clients at
 * once (more are closed at once), until SIGINT / SIGTERM; then the children are asked to
 * stop (their ping under way ends first) and waited for. */
static int serve(const iw_px_opts *o, unsigned long max_clients, unsigned long count,
                 int validate, int bad, int quiet)
{
    static pid_t kids[4096];
    unsigned long active = 0, served = 0, k;
    int lfd = iw_px_listen_fd(&lis), st;
    pid_t pid;
    iw_px_ep_fini(&ep); /* the children make their own */
    while (!stop) {
        struct pollfd p;
        int fd;
        while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
            for (k = 0; k < active && kids[k] != pid; k++) {
            }
            if (k < active) kids[k] = kids[--active];
            served++;
            if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
                printf("iwrping: a client failed (status %d); serving the others\n",
                       WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
        }
        p.fd = lfd;
        p.events = POLLIN;
        p.revents = 0;
        if (poll(&p, 1, 200) <= 0) continue;
        fd = accept(lfd, NULL, NULL);
        if (fd < 0) continue;
        if (active >= max_clients) {
            printf("iwrping: refusing a connection: %lu clients at once (--max-clients)\n", active);
            (void)close(fd);
            continue;
        }
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            int r;
            (void)close(lfd);
            iw_px_loop_init(&loop); /* this process's own (the parent's was never polled) */
            if (iw_px_ep_init(&loop, &ep, o) != 0 || iw_px_accept_fd(&ep, fd) != 0)
                exit(fail("connection setup"));
            r = run_conn(1, count, 0, validate, bad, quiet);
            iw_px_ep_fini(&ep);
            exit(r < 0 ? 0 : r);
        }
        if (pid < 0) printf("iwrping: fork: %s\n", strerror(errno));
        else kids[active++] = pid;
        (void)close(fd);
    }
    iw_px_listen_close(&lis);
    for (k = 0; k < active; k++) (void)kill(kids[k], SIGTERM); /* finish the ping, then stop */
    while (active && (pid = wait(&st)) > 0) {
        active--;
        served++;
    }
    printf("iwrping: served %lu client(s)\n", served);
    return 0;
}

int main(int argc, char **argv)
{
    enum { O_CRC = 256, O_NOCRC, O_REV, O_MARKERS, O_P2P, O_BADW, O_BADR, O_DELAY, O_VERSION,
           O_BADL, O_MAXC, O_RTR };
    static const char *const rtrs[] = {"send", "write", "read", "all", NULL};
    static const uint8_t rtr_mask[] = {IW_MPA_RTR_SEND, IW_MPA_RTR_WRITE, IW_MPA_RTR_READ,
                                       IW_MPA_RTR_SEND | IW_MPA_RTR_WRITE | IW_MPA_RTR_READ};
    unsigned long max_clients = 16;
    static const struct option lo[] = {
        CLI_OPT("server", no_argument, 's'),      CLI_OPT("client", no_argument, 'c'),
        CLI_OPT("addr", required_argument, 'a'),  CLI_OPT("port", required_argument, 'p'),
        CLI_OPT("count", required_argument, 'C'), CLI_OPT("size", required_argument, 'S'),
        CLI_OPT("persistent", no_argument, 'P'),  CLI_OPT("validate", no_argument, 'V'),
        CLI_OPT("verbose", no_argument, 'v'),     CLI_OPT("quiet", no_argument, 'q'),
        CLI_OPT("help", no_argument, 'h'),        CLI_OPT("version", no_argument, O_VERSION),
        CLI_OPT("crc", no_argument, O_CRC),       CLI_OPT("no-crc", no_argument, O_NOCRC),
        CLI_OPT("rev", required_argument, O_REV), CLI_OPT("markers", no_argument, O_MARKERS),
        CLI_OPT("p2p", no_argument, O_P2P), CLI_OPT("bad-write", no_argument, O_BADW),
        CLI_OPT("bad-read", no_argument, O_BADR), CLI_OPT("delay", required_argument, O_DELAY),
        CLI_OPT("bad-len", no_argument, O_BADL),  CLI_OPT("max-clients", required_argument, O_MAXC),
        CLI_OPT("rtr", required_argument, O_RTR),
        CLI_OPT_END};
    int is_server = -1, validate = 0, bad = 0, persistent = 0, quiet = 0, opt, r = 0;
    const char *addr = NULL;
    char ip[64], why[160], hp[80];
    unsigned long port = 7174, count = 0, size = 64, served = 0;
    iw_px_opts o;
    struct sigaction sa;
    cli_prog = "iwrping";
    iw_px_opts_default(&o);
    o.crc = 0; /* rping over siw: CRC only when asked (siw's default does not ask) */
    while ((opt = getopt_long(argc, argv, "sca:p:C:S:PVvqh", lo, NULL)) != -1) {
        switch (opt) {
        case 's': is_server = 1; break;
        case 'c': is_server = 0; break;
        case 'a': addr = optarg; break;
        case 'p': port = (unsigned long)cli_num("-p/--port", optarg, 0, 65535, 0); break;
        case 'C': count = (unsigned long)cli_num("-C/--count", optarg, 0, 0xFFFFFFFFu, 0); break;
        case 'S': size = (unsigned long)cli_num("-S/--size", optarg, 32, RP_MAX, 1); break;
        case 'P': persistent = 1; break;
        case 'V': validate = 1; break;
        case 'v': verbose = 1; break;
        case 'q': quiet = 1; break;
        case 'h': usage(); break;
        case O_VERSION: cli_version(); break;
        case O_CRC: o.crc = 1; break;
        case O_NOCRC: o.crc = 0; break;
        case O_REV: o.rev = (uint8_t)cli_num("--rev", optarg, 1, 2, 0); break;
        case O_MARKERS: o.markers = 1; break;
        case O_P2P: o.p2p = 1; break;
        case O_BADW: bad = 'w'; break;
        case O_BADR: bad = 'r'; break;
        case O_BADL: bad = 'l'; break;
        case O_MAXC: max_clients = (unsigned long)cli_num("--max-clients", optarg, 1, 4096, 0); break;
        case O_RTR: o.rtr = rtr_mask[cli_word("--rtr", optarg, rtrs)]; break;
        case O_DELAY: delay_ms = (unsigned long)cli_num("--delay", optarg, 0, 600000, 0); break;
        default: cli_usage_error("bad option");
        }
    }
    if (optind < argc) cli_usage_error("unexpected argument '%s'", argv[optind]);
    if (is_server < 0) cli_usage_error("say -s (server) or -c (client)");
    if (!is_server && !addr) cli_usage_error("-c needs -a ADDR, the server's address");
    if (!is_server && port == 0) cli_usage_error("-p/--port '0': a client needs a port (valid: 1..65535)");
    if (!is_server && persistent) cli_usage_error("-P is for the server (-s)");
    if (addr) {
        if (cli_resolve(addr, ip, sizeof ip, why, sizeof why) != 0) cli_usage_error("-a %s", why);
        addr = ip;
    }
    if (o.rev == 1) o.p2p = 0;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* rping asks for one outstanding RDMA Read each way (rdma_cm's responder_resources and
     * initiator_depth of 1); we offer more and MPA settles on the minimum (RFC 6581 §3). */
    if (iw_px_ep_init(&loop, &ep, &o) != 0) return fail("endpoint setup");
    if (!is_server) {
        if (iw_px_connect(&ep, addr, (uint16_t)port) != 0) return fail("connect");
        r = run_conn(0, count, size, validate, bad, quiet);
        iw_px_ep_fini(&ep);
        return r;
    }
    if (iw_px_listen(&loop, &lis, addr, (uint16_t)port) != 0) {
        printf("iwrping: FAIL listen on %s\n", cli_hostport(addr, (unsigned)port, hp, sizeof hp));
        return 1;
    }
    printf("iwrping: listening on %s\n",
           cli_hostport(addr, iw_px_listen_port(&lis), hp, sizeof hp));
    fflush(stdout);
    if (persistent) return serve(&o, max_clients, count, validate, bad, quiet);
    for (;;) { /* one client */
        iw_px_accept(&lis, &ep);
        r = run_conn(1, count, size, validate, bad, quiet);
        iw_px_ep_fini(&ep);
        if (r < 0) { r = 0; break; } /* stopped while waiting for a client */
        served++;
        if (!persistent || stop) break;
        if (r != 0) printf("iwrping: client %lu failed (status %d); serving the next\n", served, r);
        r = 0;
        if (iw_px_ep_init(&loop, &ep, &o) != 0) return fail("endpoint setup");
    }
    iw_px_listen_close(&lis);
    if (persistent) printf("iwrping: served %lu client(s)\n", served);
    return r;
}
