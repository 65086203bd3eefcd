/* SPDX-License-Identifier: MIT */
/* test_server.c: the POSIX host (examples/posix/iw_posix.h) as a server facing peers that
 * break the rules, over real TCP sockets on 127.0.0.1, one loop, one thread.
 *   - an Initiator that sends an RDMA Send in the same segment as its MPA Request (before it
 *     could have our Reply, RFC 5044 §7.1.2): the server ends that connection with a clear
 *     MPA error at once, sends no Reply, and never takes the Send into an Idle QP;
 *   - the same octets in two writes, the Send only after the Reply: it completes;
 *   - a peer that invalidates our Read's sink (Send with Invalidate) and then answers the Read
 *     into it: DDP's Terminate (1,1,0x00) with the offending header, RFC 5041 §7.2;
 *   - a listener that serves until closed, 160 clients at once (more sockets than the old
 *     128 limit) beside a silent peer, one that closes and one that resets: each of those
 *     ends only its own connection. */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
/* small endpoints, so that hundreds of them fit (the messages here are short) */
#define IW_PX_TXBUF 16384
#define IW_PX_MAX_ULPDU 4096
#define IW_PX_CQ 32
#define IW_PX_SQ_DEPTH 16
#define IW_PX_RQ_DEPTH 16
#define IW_PX_MAX_IRD 8
#include "examples/posix/iw_posix.h"
#include "check.h"
#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#define TMO 10000

static iw_px_loop L;
static iw_px_listener LIS;
static iw_px_ep CA, SA, SB;
static uint8_t cbuf[4096], sbuf[4096];

/* The client's transmitted octets, in stream order (opts.trace, IW_MPA_TRACE_TX). */
static uint8_t tx_log[4096];
static size_t tx_len, tx_frames, tx_req_len;
static void tx_trace(void *arg, iw_px_ep *ep, unsigned dir, const iw_iov *iov, size_t n,
                     int last)
{
    size_t i;
    (void)arg;
    (void)ep;
    if (dir != IW_MPA_TRACE_TX) return;
    for (i = 0; i < n; i++) {
        if (tx_len + iov[i].len <= sizeof tx_log) memcpy(tx_log + tx_len, iov[i].base, iov[i].len);
        tx_len += iov[i].len;
    }
    if (last && ++tx_frames == 1) tx_req_len = tx_len; /* the MPA Request */
}

/* A raw TCP connection to the listener. */
static int raw_connect(void)
{
    struct sockaddr_in a;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(iw_px_listen_port(&LIS));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Run the loop until fd has something to read (or EOF / reset): the octets read (0 on EOF,
 * -1 on reset or after timeout_ms). */
static long raw_read(int fd, uint8_t *buf, size_t cap, int timeout_ms)
{
    int t;
    for (t = 0; t < timeout_ms; t += 10) {
        struct pollfd p;
        p.fd = fd;
        p.events = POLLIN;
        p.revents = 0;
        (void)iw_px_poll(&L, 10);
        if (poll(&p, 1, 0) == 1) {
            ssize_t r = recv(fd, buf, cap, 0);
            return r < 0 ? -1 : (long)r;
        }
    }
    return -1;
}

/* A good connection whose client sends one 16-octet Send: records the client's stream (the
 * MPA Request, then the Send's FPDU; CRC on, no markers, so the octets do not depend on where
 * they lie in the stream). */
static int record_request_and_send(void)
{
    iw_px_opts co, so;
    iw_px_mr cm, sm;
    iw_send_wr w;
    iw_wc wc;
    iw_px_opts_default(&co);
    iw_px_opts_default(&so);
    co.trace = tx_trace;
    tx_len = tx_frames = tx_req_len = 0;
    if (iw_px_ep_init(&L, &SA, &so) < 0 || iw_px_ep_init(&L, &CA, &co) < 0) return 0;
    if (iw_px_accept(&LIS, &SA) < 0 || iw_px_connect(&CA, "127.0.0.1", iw_px_listen_port(&LIS)))
        return 0;
    if (iw_px_wait_ready(&CA, TMO) || iw_px_wait_ready(&SA, TMO)) return 0;
    memcpy(cbuf, "sixteen octets!!", 16);
    if (iw_px_reg(&CA, cbuf, 16, IW_ACC_LOCAL_WRITE, &cm) || iw_px_reg(&SA, sbuf, 16,
                                                                        IW_ACC_LOCAL_WRITE, &sm))
        return 0;
    if (iw_px_recv(&SA, 9, &sm, 0, 16) != IW_V_OK) return 0;
    w = iw_px_wr(IW_WR_SEND, 1, &cm, 0, 16);
    if (iw_px_post(&CA, &w) != IW_V_OK) return 0;
    if (iw_px_wait_wc(&SA, IW_PX_RQ_CQ, &wc, TMO) || wc.status != IW_WC_SUCCESS) return 0;
    iw_px_ep_fini(&CA);
    iw_px_ep_fini(&SA);
    return tx_frames >= 2 && tx_len <= sizeof tx_log && tx_req_len > 20;
}

/* A Send in the MPA Request's segment (MPA-012 broken by the peer): the Responder answers
 * with no Reply and closes with a clear error (MPA-014); no receive completes, nothing waits
 * for a timer. */
static void t_send_in_request_segment(void)
{
    iw_px_opts so;
    iw_px_mr sm;
    iw_wc wc;
    uint8_t in[256];
    long r;
    int fd, rc;
    REQUIRE(record_request_and_send());
    iw_px_opts_default(&so);
    REQUIRE(iw_px_ep_init(&L, &SB, &so) == 0);
    REQUIRE(iw_px_accept(&LIS, &SB) == 0);
    REQUIRE(iw_px_reg(&SB, sbuf, 16, IW_ACC_LOCAL_WRITE, &sm) == 0);
    REQUIRE(iw_px_recv(&SB, 9, &sm, 0, 16) == IW_V_OK);
    fd = raw_connect();
    REQUIRE(fd >= 0);
    REQUIRE(send(fd, tx_log, tx_len, 0) == (ssize_t)tx_len); /* Request + Send, one write */
    rc = iw_px_wait_ready(&SB, 3000);
    CHECK(rc != 0); /* never READY */
    CHECK_EQ(iw_px_error(&SB)->kind, IW_PX_E_MPA);
    CHECK(strstr(iw_px_error(&SB)->text, "after its MPA Request") != NULL);
    fprintf(stderr, "  server: %s\n", iw_px_error(&SB)->text);
    r = raw_read(fd, in, sizeof in, 3000);
    CHECK(r <= 0); /* closed at once, and no Reply first */
    CHECK_EQ(iw_px_poll_wc(&SB, IW_PX_RQ_CQ, &wc) == 1 && wc.status == IW_WC_SUCCESS, 0);
    close(fd);
    iw_px_ep_fini(&SB);
}

/* The same octets as a rule-abiding Initiator sends them: the Send after the Reply. */
static void t_send_after_reply(void)
{
    iw_px_opts so;
    iw_px_mr sm;
    iw_wc wc;
    uint8_t in[256];
    long r;
    int fd;
    REQUIRE(record_request_and_send());
    iw_px_opts_default(&so);
    REQUIRE(iw_px_ep_init(&L, &SB, &so) == 0);
    REQUIRE(iw_px_accept(&LIS, &SB) == 0);
    memset(sbuf, 0, sizeof sbuf);
    REQUIRE(iw_px_reg(&SB, sbuf, 16, IW_ACC_LOCAL_WRITE, &sm) == 0);
    REQUIRE(iw_px_recv(&SB, 9, &sm, 0, 16) == IW_V_OK);
    fd = raw_connect();
    REQUIRE(fd >= 0);
    REQUIRE(send(fd, tx_log, tx_req_len, 0) == (ssize_t)tx_req_len);
    r = raw_read(fd, in, sizeof in, 3000); /* the Reply */
    CHECK(r >= 20 && memcmp(in, "MPA ID Rep Frame", 16) == 0);
    REQUIRE(send(fd, tx_log + tx_req_len, tx_len - tx_req_len, 0) ==
            (ssize_t)(tx_len - tx_req_len));
    REQUIRE(iw_px_wait_wc(&SB, IW_PX_RQ_CQ, &wc, TMO) == 0);
    CHECK(wc.wr_id == 9 && wc.status == IW_WC_SUCCESS && wc.len == 16);
    CHECK_MEM(sbuf, "sixteen octets!!", 16);
    close(fd);
    iw_px_ep_fini(&SB);
}

/* The peer invalidates our Read's sink with a Send with Invalidate, then answers the Read
 * into it: its Read Response names an STag that is no longer valid at the Data Sink, DDP's
 * tagged buffer error, invalid STag (1,1,0x00), with the offending DDP header (RFC 5041 §7.2,
 * RFC 5040 §7.2), not a local catastrophic error (0,0,0x00) without one. The Read completes
 * in error; nothing lands in the invalidated buffer. */
static void t_read_response_into_invalidated_sink(void)
{
    iw_px_opts o;
    iw_px_mr cm, rm, sm, bm;
    iw_send_wr w;
    iw_wc wc;
    iw_qp_info ci, si;
    int k, got_read = 0, got_recv = 0;
    iw_px_opts_default(&o);
    REQUIRE(iw_px_ep_init(&L, &SA, &o) == 0 && iw_px_ep_init(&L, &CA, &o) == 0);
    REQUIRE(iw_px_accept(&LIS, &SA) == 0);
    REQUIRE(iw_px_connect(&CA, "127.0.0.1", iw_px_listen_port(&LIS)) == 0);
    REQUIRE(iw_px_wait_ready(&CA, TMO) == 0 && iw_px_wait_ready(&SA, TMO) == 0);
    memset(cbuf, 0x11, sizeof cbuf);
    memset(sbuf, 0x22, sizeof sbuf);
    /* the client's Read sink: remote rights too, so that the peer may invalidate it */
    REQUIRE(iw_px_reg(&CA, cbuf, 1024, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &cm) == 0);
    REQUIRE(iw_px_reg(&CA, cbuf + 2048, 64, IW_ACC_LOCAL_WRITE, &rm) == 0);
    REQUIRE(iw_px_reg(&SA, sbuf, 1024, IW_ACC_REMOTE_READ | IW_ACC_LOCAL_WRITE, &sm) == 0);
    REQUIRE(iw_px_reg(&SA, sbuf + 2048, 64, IW_ACC_LOCAL_WRITE, &bm) == 0);
    REQUIRE(iw_px_recv(&CA, 50, &rm, 0, 64) == IW_V_OK);
    w = iw_px_wr(IW_WR_READ, 1, &cm, 0, 512);
    w.remote_stag = sm.stag;
    w.remote_to = sm.to;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK); /* the Read Request is on the wire */
    w = iw_px_wr(IW_WR_SEND_INV, 2, &bm, 0, 8);
    w.inval_stag = cm.stag;
    REQUIRE(iw_px_post(&SA, &w) == IW_V_OK); /* ahead of the Read Response */
    for (k = 0; k < 2; k++) {
        if (iw_px_wait_wc(&CA, k == 0 ? IW_PX_RQ_CQ : IW_PX_SQ_CQ, &wc, TMO) != 0) break;
        if (wc.wr_id == 50) got_recv = wc.status == IW_WC_SUCCESS;
        if (wc.wr_id == 1) got_read = 1 + (wc.status == IW_WC_SUCCESS);
    }
    CHECK(got_recv);     /* the Send with Invalidate arrived and invalidated cm */
    CHECK_EQ(got_read, 1); /* the Read completed, in error */
    CHECK_EQ(cbuf[0], 0x11);
    for (k = 0; k < 200 && iw_qp_state(iw_px_qp(&SA)) == IW_QP_RTS; k++) (void)iw_px_poll(&L, 10);
    REQUIRE(iw_qp_query(iw_px_qp(&CA), &ci) == IW_V_OK);
    REQUIRE(iw_qp_query(iw_px_qp(&SA), &si) == IW_V_OK);
    CHECK(ci.term_valid && ci.term_local);
    CHECK_EQ(ci.term.term.layer, 1);
    CHECK_EQ(ci.term.term.etype, 1);
    CHECK_EQ(ci.term.term.ecode, 0);
    CHECK(si.term_valid && !si.term_local); /* the peer got it, with the DDP header */
    CHECK_EQ(si.term.term.layer, 1);
    CHECK_EQ(si.term.term.etype, 1);
    CHECK_EQ(si.term.term.ecode, 0);
    CHECK_EQ(si.term.d, 1);
    CHECK_EQ(si.term.ddp_hdr_len, 14);
    CHECK_EQ(((uint32_t)si.term.ddp_hdr[2] << 24 | (uint32_t)si.term.ddp_hdr[3] << 16 |
              (uint32_t)si.term.ddp_hdr[4] << 8 | si.term.ddp_hdr[5]), cm.stag);
    fprintf(stderr, "  reader: %s\n  responder: %s\n", iw_px_error(&CA)->text,
            iw_px_error(&SA)->text);
    iw_px_ep_fini(&CA);
    iw_px_ep_fini(&SA);
}

/* A listener that serves until closed (iw_px_listen_serve) with NCONN clients at once, more
 * sockets than the old 128-socket poll limit; among them a peer that stays silent, one that
 * connects and closes and one that resets: each of those ends its own connection only; every
 * good client's Send arrives at its own server endpoint, every octet checked. */
#define NCONN 160
static iw_px_ep SRV[NCONN + 8], CLI[NCONN];
static int nsrv;
static iw_px_opts srv_opts;
static iw_px_ep *give_ep(void *arg, iw_px_listener *lis)
{
    (void)arg;
    if (nsrv >= (int)(sizeof SRV / sizeof SRV[0])) return NULL; /* refused: a cap */
    if (iw_px_ep_init(lis->loop, &SRV[nsrv], &srv_opts) != 0) return NULL;
    return &SRV[nsrv++];
}
static int all_ready(void *arg)
{
    int i, n = *(int *)arg;
    for (i = 0; i < n; i++)
        if (iw_px_state(&CLI[i]) != IW_PX_S_READY) return 0;
    return 1;
}
static void t_many_connections_fail_alone(void)
{
    iw_px_loop L2;
    iw_px_listener lis;
    iw_px_opts co;
    static uint8_t cb[NCONN][16], sb[NCONN + 8][16];
    iw_px_mr m;
    int i, n = NCONN, silent, closer, resetter, got = 0, failed = 0, ready = 0;
    struct sockaddr_in a;
    socklen_t alen = sizeof a;
    iw_px_loop_init(&L2);
    REQUIRE(iw_px_listen(&L2, &lis, "127.0.0.1", 0) == 0);
    iw_px_opts_default(&srv_opts);
    srv_opts.timeout_ms = 700; /* MPA Request timer: the silent peer */
    iw_px_listen_serve(&lis, give_ep, NULL);
    nsrv = 0;
    /* the bad peers first */
    memset(&a, 0, sizeof a);
    REQUIRE(getsockname(lis.fd, (struct sockaddr *)&a, &alen) == 0);
    silent = socket(AF_INET, SOCK_STREAM, 0);
    closer = socket(AF_INET, SOCK_STREAM, 0);
    resetter = socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(connect(silent, (struct sockaddr *)&a, sizeof a) == 0);
    REQUIRE(connect(closer, (struct sockaddr *)&a, sizeof a) == 0);
    REQUIRE(connect(resetter, (struct sockaddr *)&a, sizeof a) == 0);
    close(closer);
    {
        struct linger lg;
        lg.l_onoff = 1;
        lg.l_linger = 0;
        (void)setsockopt(resetter, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
        close(resetter);
    }
    iw_px_opts_default(&co);
    for (i = 0; i < n; i++) {
        REQUIRE(iw_px_ep_init(&L2, &CLI[i], &co) == 0);
        REQUIRE(iw_px_connect(&CLI[i], "127.0.0.1", iw_px_listen_port(&lis)) == 0);
    }
    CHECK(iw_px_run(&L2, all_ready, &n, 20000) == 1);
    CHECK_EQ(iw_px_loop_epoll(&L2), IW_PX_EPOLL);
    for (i = 0; i < nsrv; i++) {
        REQUIRE(iw_px_reg(&SRV[i], sb[i], 16, IW_ACC_LOCAL_WRITE, &m) == 0);
        REQUIRE(iw_px_recv(&SRV[i], (uint64_t)i, &m, 0, 16) == IW_V_OK);
    }
    for (i = 0; i < n; i++) {
        iw_send_wr w;
        memset(cb[i], (int)(i & 0xFF), 16);
        cb[i][0] = (uint8_t)(i >> 8);
        REQUIRE(iw_px_reg(&CLI[i], cb[i], 16, IW_ACC_LOCAL_WRITE, &m) == 0);
        w = iw_px_wr(IW_WR_SEND, 1, &m, 0, 16);
        REQUIRE(iw_px_post(&CLI[i], &w) == IW_V_OK);
    }
    for (i = 0; i < 300; i++) (void)iw_px_poll(&L2, 10); /* past the 700 ms Request timer */
    for (i = 0; i < nsrv; i++) {
        iw_wc wc;
        if (iw_px_state(&SRV[i]) == IW_PX_S_READY) ready++;
        if (iw_px_error(&SRV[i])->kind != IW_PX_E_NONE) failed++;
        if (iw_px_poll_wc(&SRV[i], IW_PX_RQ_CQ, &wc) == 1 && wc.status == IW_WC_SUCCESS) {
            /* the client that sent it: its first octets name it */
            int who = sb[i][0] << 8 | sb[i][1];
            if (who < n && sb[i][1] == (uint8_t)(who & 0xFF) && sb[i][15] == (uint8_t)(who & 0xFF))
                got++;
        }
    }
    CHECK_EQ(nsrv, n + 3);
    CHECK_EQ(got, n);
    CHECK_EQ(ready, n);
    CHECK_EQ(failed, 3); /* the silent one (Request timer), the closed one, the reset one */
    CHECK_EQ(lis.accepted, (unsigned long)(n + 3));
    {
        int tmo = 0, rst = 0;
        for (i = 0; i < nsrv; i++) {
            const char *t = iw_px_error(&SRV[i])->text;
            if (iw_px_error(&SRV[i])->kind == IW_PX_E_NONE) continue;
            fprintf(stderr, "  alone: %s\n", t);
            tmo += strstr(t, "Request timeout") != NULL;
            rst += strstr(t, "reset during MPA setup") != NULL; /* not "closed" */
        }
        CHECK_EQ(tmo, 1);
        CHECK_EQ(rst, 1);
    }
    close(silent);
    for (i = 0; i < n; i++) iw_px_ep_fini(&CLI[i]);
    for (i = 0; i < nsrv; i++) iw_px_ep_fini(&SRV[i]);
    iw_px_listen_close(&lis);
    iw_px_loop_fini(&L2);
    {
        size_t core, all = iw_px_ep_bytes(&core);
        CHECK(core > 0 && core < all);
        fprintf(stderr, "  endpoint: %zu octets, core %zu\n", all, core);
    }
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"server: Send in the MPA Request's segment ends that connection, clear error "
         "MPA-014",
         t_send_in_request_segment},
        {"server: the same Send after the Reply completes", t_send_after_reply},
        {"Read Response into a sink the peer invalidated: Terminate (1,1,0x00) with the DDP "
         "header",
         t_read_response_into_invalidated_sink},
        {"server: 160 clients and 3 bad peers on one listener, each failing alone",
         t_many_connections_fail_alone},
    };
    iw_px_loop_init(&L);
    if (iw_px_listen(&L, &LIS, "127.0.0.1", 0) != 0) {
        printf("not ok 1 listen\n# counts 0 1\n");
        return 1;
    }
    return CHECK_RUN(tests);
}
