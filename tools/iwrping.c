/* tools/iwrping.c: an rping-compatible client and server on the POSIX host (iw_posix.h).
 *
 *   iwrping -s [-a ADDR] [-p PORT] [-C N] [-V] [options]      server (rping -s; port 0: any)
 *   iwrping -c -a ADDR [-p PORT] [-C N] [-S SIZE] [-V] [options]   client (rping -c)
 *   options: --crc | --no-crc, --rev 1|2, --markers, --p2p, --bad-write, --bad-read, -v,
 *            --delay MS (client: pause after the connection is up, before the first Send)
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
 * 1); a rejected MPA Request prints "iwrping: rejected by peer ..." (exit 2); a Terminate
 * from the peer prints "iwrping: Terminate from peer: ..." (exit 3).
 */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "iw_posix.h"

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
        return 2;
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
    iw_put_be64(adv_buf, mr->to);
    iw_put_be32(adv_buf + 8, mr->stag);
    iw_put_be32(adv_buf + 12, len);
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
static int recv_msg(uint8_t adv[RP_ADV], const char *what)
{
    iw_wc wc;
    unsigned slot = rx_next++ % 2u;
    if (iw_px_wait_wc(&ep, IW_PX_RQ_CQ, &wc, RP_TMO) != 0) return fail(what);
    if (wc.status != IW_WC_SUCCESS) return fail(what);
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
    for (i = 0; i < count; i++) {
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
        if ((r = recv_msg(m, "wait for the source advertisement")) != 0)
            return (i > 0 && !count && iw_px_error(&ep)->kind == IW_PX_E_EOF) ? 0 : r;
        to = iw_get_be64(m);
        stag = iw_get_be32(m + 8);
        len = iw_get_be32(m + 12);
        if (len == 0 || len > RP_MAX) {
            printf("iwrping: FAIL ping %u: advertised length %u not in 1..%u\n", i, len, RP_MAX);
            return 1;
        }
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
        wr.remote_stag = iw_get_be32(m + 8);
        wr.remote_to = iw_get_be64(m);
        if (iw_get_be32(m + 12) < len) {
            printf("iwrping: FAIL ping %u: sink of %u octets for %u\n", i, iw_get_be32(m + 12), len);
            return 1;
        }
        if ((r = do_wr(&wr, "RDMA Write into the client's sink")) != 0) return r;
        if ((r = send_adv(NULL, 0, "Send after the RDMA Write")) != 0) return r;
    }
    return 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: iwrping -s|-c [-a ADDR] [-p PORT] [-C COUNT] [-S SIZE] [-V] [-v]\n"
            "       [--crc|--no-crc] [--rev 1|2] [--markers] [--p2p] [--bad-write|--bad-read]\n"
            "       [--delay MS]\n");
    exit(1);
}

int main(int argc, char **argv)
{
    int is_server = -1, validate = 0, bad = 0, i, r;
    const char *addr = NULL;
    unsigned long port = 7174, count = 1, size = 64;
    iw_px_opts o;
    const iw_mpa_info *inf;
    iw_px_opts_default(&o);
    o.crc = 0; /* rping over siw: CRC only when asked (siw's default does not ask) */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-s")) is_server = 1;
        else if (!strcmp(a, "-c")) is_server = 0;
        else if (!strcmp(a, "-V")) validate = 1;
        else if (!strcmp(a, "-v")) verbose = 1;
        else if (!strcmp(a, "--crc")) o.crc = 1;
        else if (!strcmp(a, "--no-crc")) o.crc = 0;
        else if (!strcmp(a, "--markers")) o.markers = 1;
        else if (!strcmp(a, "--p2p")) o.p2p = 1;
        else if (!strcmp(a, "--bad-write")) bad = 'w';
        else if (!strcmp(a, "--bad-read")) bad = 'r';
        else if (v && !strcmp(a, "-a")) { addr = v; i++; }
        else if (v && !strcmp(a, "-p")) { port = strtoul(v, NULL, 0); i++; }
        else if (v && !strcmp(a, "-C")) { count = strtoul(v, NULL, 0); i++; }
        else if (v && !strcmp(a, "-S")) { size = strtoul(v, NULL, 0); i++; }
        else if (v && !strcmp(a, "--delay")) { delay_ms = strtoul(v, NULL, 0); i++; }
        else if (v && !strcmp(a, "--rev")) { o.rev = (uint8_t)strtoul(v, NULL, 0); i++; }
        else usage();
    }
    /* rping's smallest buffer holds "rdma-ping-<n>: " and a NUL (RPING_MIN_BUFSIZE). */
    if (is_server < 0 || (port == 0 && !is_server) || port > 65535 || size < 32 || size > RP_MAX ||
        (o.rev != 1 && o.rev != 2) || (!is_server && !addr))
        usage();
    if (o.rev == 1) o.p2p = 0;
    /* rping asks for one outstanding RDMA Read each way (rdma_cm's responder_resources and
     * initiator_depth of 1); we offer more and MPA settles on the minimum (RFC 6581 §3). */
    if (iw_px_ep_init(&loop, &ep, &o) != 0) return fail("endpoint setup");
    if (is_server) {
        if (iw_px_listen(&loop, &lis, addr, (uint16_t)port) != 0) {
            printf("iwrping: FAIL listen on %s:%lu\n", addr ? addr : "*", port);
            return 1;
        }
        iw_px_accept(&lis, &ep);
        printf("iwrping: listening on %s:%u\n", addr ? addr : "*", iw_px_listen_port(&lis));
        fflush(stdout);
    } else if (iw_px_connect(&ep, addr, (uint16_t)port) != 0) {
        return fail("connect");
    }
    if (iw_px_reg(&ep, start_buf, RP_MAX, IW_ACC_REMOTE_READ, &start_mr) != 0 ||
        iw_px_reg(&ep, rdma_buf, RP_MAX, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &rdma_mr) != 0 ||
        iw_px_reg(&ep, adv_buf, RP_ADV, 0, &adv_mr) != 0 ||
        iw_px_reg(&ep, rx_buf, sizeof rx_buf, IW_ACC_LOCAL_WRITE, &rx_mr) != 0)
        return fail("memory registration");
    /* Receives before the connection is up: the peer may Send as soon as it is (rping's
     * client does). */
    if (iw_px_recv(&ep, 0, &rx_mr, 0, RP_ADV) != IW_V_OK ||
        iw_px_recv(&ep, 1, &rx_mr, RP_ADV, RP_ADV) != IW_V_OK)
        return fail("post Receive");
    r = iw_px_wait_ready(&ep, is_server ? 120000 : RP_TMO);
    if (r != 0) return fail("connection setup");
    inf = iw_px_info(&ep);
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
    printf("iwrping: ok %lu pings%s, MPA rev %u, CRC %s, %s\n", count,
           validate ? " with data verified" : "", inf->rev, inf->crc ? "on" : "off",
           inf->p2p ? "peer-to-peer" : "no p2p");
    iw_px_ep_fini(&ep);
    return 0;
}
