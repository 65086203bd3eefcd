/* SPDX-License-Identifier: MIT */
/* test_posix.c: examples/posix/iw_posix.h over real TCP sockets on 127.0.0.1 and ::1
 * (ephemeral ports). Both ends run in this process, one loop, one thread: connect/accept, MPA rev 2 with
 * CRC and rev 1 without, every data operation with every octet checked, a refused connection,
 * an MPA Reject with its Private Data, a Write to an invalid STag answered by the peer's
 * Terminate (RFC 5040 §7 / RFC 5041 §7 codes), a TCP reset, transfers large enough to fill the
 * socket buffers (partial sends resumed), two connections on one loop, IPv6 on ::1 (skipped
 * where the machine has no ::1), an any-address listener reached as "localhost". */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "examples/posix/iw_posix.h"
#include "check.h"
#include <errno.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#define TMO 10000
#define BIG (8u << 20)

static iw_px_loop L;
static iw_px_listener LIS;
static iw_px_ep CA, SA, CB, SB; /* clients and servers */
static uint8_t cbuf[BIG], sbuf[BIG], cbuf2[65536], sbuf2[65536];
static uint64_t words[4]; /* atomics target (8-aligned) */
static uint64_t result[2];
static unsigned long long seed = 0x1234567;

static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)check_rand(&seed);
}

/* A connected pair over listener lis: server s (opts so), client c (opts co) connecting to
 * host (a name or a literal of either family). */
static int pair_at(iw_px_ep *c, iw_px_ep *s, const iw_px_opts *co, const iw_px_opts *so,
                   iw_px_listener *lis, const char *host)
{
    if (iw_px_ep_init(&L, s, so) < 0 || iw_px_ep_init(&L, c, co) < 0) return 0;
    if (iw_px_accept(lis, s) < 0) return 0;
    if (iw_px_connect(c, host, iw_px_listen_port(lis)) < 0) {
        fprintf(stderr, "  client: %s\n", iw_px_error(c)->text);
        return 0;
    }
    if (iw_px_wait_ready(c, TMO) != 0) {
        fprintf(stderr, "  client: %s\n", iw_px_error(c)->text);
        return 0;
    }
    if (iw_px_wait_ready(s, TMO) != 0) {
        fprintf(stderr, "  server: %s\n", iw_px_error(s)->text);
        return 0;
    }
    return 1;
}
/* A connected pair over LIS (127.0.0.1). */
static int pair(iw_px_ep *c, iw_px_ep *s, const iw_px_opts *co, const iw_px_opts *so)
{
    return pair_at(c, s, co, so, &LIS, "127.0.0.1");
}
static void unpair(iw_px_ep *c, iw_px_ep *s)
{
    iw_px_ep_fini(c);
    iw_px_ep_fini(s);
}

static int wc_ok(iw_px_ep *e, iw_px_queue which, iw_wr_type type, uint64_t id, iw_wc *wc)
{
    iw_wc w;
    if (!wc) wc = &w;
    if (iw_px_wait_wc(e, which, wc, TMO) != 0) {
        fprintf(stderr, "  no WC (%s)\n", iw_px_error(e)->text);
        return 0;
    }
    if (wc->status != IW_WC_SUCCESS || wc->wr_id != id || wc->type != type) {
        fprintf(stderr, "  WC id %llu type %d status %s\n", (unsigned long long)wc->wr_id,
                (int)wc->type, iw_wc_status_str(wc->status));
        return 0;
    }
    return 1;
}

/* Send, RDMA Write, RDMA Read of len octets each way, every octet checked. */
static void data_ops(iw_px_ep *c, iw_px_ep *s, uint8_t *cb, uint8_t *sb, uint32_t len)
{
    iw_px_mr cm, sm;
    iw_send_wr w;
    iw_wc wc;
    REQUIRE(iw_px_reg(c, cb, len, IW_ACC_LOCAL_WRITE, &cm) == 0);
    REQUIRE(iw_px_reg(s, sb, len, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE |
                                      IW_ACC_REMOTE_READ, &sm) == 0);
    /* Send (len up to the receive) */
    fill(cb, len);
    memset(sb, 0, len);
    REQUIRE(iw_px_recv(s, 100, &sm, 0, len) == IW_V_OK);
    w = iw_px_wr(IW_WR_SEND, 1, &cm, 0, len);
    REQUIRE(iw_px_post(c, &w) == IW_V_OK);
    REQUIRE(wc_ok(c, IW_PX_SQ_CQ, IW_WR_SEND, 1, NULL));
    REQUIRE(wc_ok(s, IW_PX_RQ_CQ, IW_WR_RECV, 100, &wc));
    CHECK_EQ(wc.len, len);
    CHECK_MEM(sb, cb, len);
    /* RDMA Write into the server's MR */
    fill(cb, len);
    w = iw_px_wr(IW_WR_WRITE, 2, &cm, 0, len);
    w.remote_stag = sm.stag;
    w.remote_to = sm.to;
    REQUIRE(iw_px_post(c, &w) == IW_V_OK);
    REQUIRE(wc_ok(c, IW_PX_SQ_CQ, IW_WR_WRITE, 2, NULL));
    /* a Write completes when sent: a Send after it lands after it (RFC 5040 §5.5) */
    REQUIRE(iw_px_recv(s, 101, NULL, 0, 0) == IW_V_OK);
    w = iw_px_wr(IW_WR_SEND, 3, NULL, 0, 0);
    REQUIRE(iw_px_post(c, &w) == IW_V_OK);
    REQUIRE(wc_ok(s, IW_PX_RQ_CQ, IW_WR_RECV, 101, NULL));
    REQUIRE(wc_ok(c, IW_PX_SQ_CQ, IW_WR_SEND, 3, NULL));
    CHECK_MEM(sb, cb, len);
    /* RDMA Read back from the server's MR after changing it there */
    fill(sb, len);
    memset(cb, 0, len);
    w = iw_px_wr(IW_WR_READ, 4, &cm, 0, len);
    w.remote_stag = sm.stag;
    w.remote_to = sm.to;
    REQUIRE(iw_px_post(c, &w) == IW_V_OK);
    REQUIRE(wc_ok(c, IW_PX_SQ_CQ, IW_WR_READ, 4, NULL));
    CHECK_MEM(cb, sb, len);
    CHECK(iw_px_dereg(c, &cm) == 0 && iw_px_dereg(s, &sm) == 0);
}

/* MPA rev 2 with CRC, Private Data both ways, every operation. */
static void t_rev2_crc_all_ops(void)
{
    iw_px_opts co, so;
    size_t n;
    const uint8_t *pd;
    iw_px_mr rm, am;
    iw_send_wr w;
    iw_px_opts_default(&co);
    iw_px_opts_default(&so);
    co.pd = (const uint8_t *)"client hello";
    co.pd_len = 12;
    so.pd = (const uint8_t *)"server says hi";
    so.pd_len = 14;
    REQUIRE(pair(&CA, &SA, &co, &so));
    CHECK_EQ(iw_px_info(&CA)->rev, 2);
    CHECK_EQ(iw_px_info(&CA)->crc, 1);
    CHECK_EQ(iw_px_info(&SA)->crc, 1);
    CHECK_EQ(iw_px_info(&CA)->enhanced, 1);
    pd = iw_px_peer_pd(&SA, &n);
    CHECK(n == 12 && pd && memcmp(pd, "client hello", 12) == 0);
    pd = iw_px_peer_pd(&CA, &n);
    CHECK(n == 14 && pd && memcmp(pd, "server says hi", 14) == 0);
    {   /* both ends see the same TCP connection */
        uint32_t cl = 0, cp = 0, sl = 0, sp = 0;
        uint16_t clp = 0, cpp = 0, slp = 0, spp = 0;
        CHECK(iw_px_addrs(&CA, &cl, &clp, &cp, &cpp) == 0 && iw_px_addrs(&SA, &sl, &slp, &sp, &spp) == 0);
        CHECK(cl == 0x7F000001u && cp == 0x7F000001u && sl == cp && sp == cl);
        CHECK(clp == spp && cpp == slp && slp == iw_px_listen_port(&LIS));
    }
    data_ops(&CA, &SA, cbuf, sbuf, 3000);
    /* atomics: FetchAdd, CmpSwap (hit, miss), masked as RFC 7306 §5.1 */
    words[0] = 1000;
    words[1] = 0x1111222233334444ull;
    REQUIRE(iw_px_reg(&SA, words, sizeof words, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_ATOMIC |
                                                   IW_ACC_REMOTE_READ, &am) == 0);
    REQUIRE(iw_px_reg(&CA, result, sizeof result, IW_ACC_LOCAL_WRITE, &rm) == 0);
    w = iw_px_wr(IW_WR_FETCHADD, 10, &rm, 0, 8);
    w.remote_stag = am.stag;
    w.remote_to = am.to;
    w.add_swap = 234;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    REQUIRE(wc_ok(&CA, IW_PX_SQ_CQ, IW_WR_FETCHADD, 10, NULL));
    CHECK_EQ(result[0], 1000);
    CHECK_EQ(words[0], 1234);
    w = iw_px_wr(IW_WR_CMPSWAP, 11, &rm, 8, 8);
    w.remote_stag = am.stag;
    w.remote_to = am.to + 8;
    w.cmp = 0x1111222233334444ull;
    w.cmp_mask = ~0ull;
    w.add_swap = 0xAAAABBBBCCCCDDDDull;
    w.add_swap_mask = ~0ull;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    REQUIRE(wc_ok(&CA, IW_PX_SQ_CQ, IW_WR_CMPSWAP, 11, NULL));
    CHECK_EQ(result[1], 0x1111222233334444ull);
    CHECK_EQ(words[1], 0xAAAABBBBCCCCDDDDull);
    w.wr_id = 12; /* compare fails now: unchanged, the old value returned */
    w.add_swap = 5;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    REQUIRE(wc_ok(&CA, IW_PX_SQ_CQ, IW_WR_CMPSWAP, 12, NULL));
    CHECK_EQ(result[1], 0xAAAABBBBCCCCDDDDull);
    CHECK_EQ(words[1], 0xAAAABBBBCCCCDDDDull);
    /* masked FetchAdd: two 32-bit fields, the low one's carry dropped */
    words[2] = 0x00000001FFFFFFFFull;
    w = iw_px_wr(IW_WR_FETCHADD, 13, &rm, 0, 8);
    w.remote_stag = am.stag;
    w.remote_to = am.to + 16;
    w.add_swap = 0x0000000100000001ull;
    w.add_swap_mask = 0x0000000080000000ull;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    REQUIRE(wc_ok(&CA, IW_PX_SQ_CQ, IW_WR_FETCHADD, 13, NULL));
    CHECK_EQ(words[2], iw_rdmap_fetchadd(0x00000001FFFFFFFFull, 0x0000000100000001ull,
                                         0x0000000080000000ull));
    CHECK_EQ(words[2], 0x0000000200000000ull);
    CHECK_EQ(iw_px_error(&CA)->kind, IW_PX_E_NONE);
    CHECK_EQ(iw_px_error(&SA)->kind, IW_PX_E_NONE);
    /* graceful close both ways */
    CHECK_EQ(iw_px_close(&CA, TMO), 0);
    CHECK(iw_px_state(&SA) == IW_PX_S_CLOSED || iw_px_close(&SA, TMO) == 0);
    unpair(&CA, &SA);
}

/* MPA rev 1 without CRC; and rev 2 with markers both ways and peer-to-peer (Read RTR). */
static void t_rev1_nocrc_markers_p2p(void)
{
    iw_px_opts co, so;
    int k;
    for (k = 0; k < 3 && !check__failed_here; k++) {
        iw_px_opts_default(&co);
        iw_px_opts_default(&so);
        if (k == 0) co.rev = so.rev = 1, co.crc = so.crc = 0;
        if (k == 1) co.markers = so.markers = 1;
        if (k == 2) co.p2p = so.p2p = 1, co.rtr = IW_MPA_RTR_READ, co.crc = so.crc = 0;
        REQUIRE(pair(&CA, &SA, &co, &so));
        CHECK_EQ(iw_px_info(&CA)->rev, k == 0 ? 1 : 2);
        CHECK_EQ(iw_px_info(&SA)->crc, k == 1 ? 1 : 0);
        CHECK_EQ(iw_px_info(&CA)->markers_tx, k == 1);
        CHECK_EQ(iw_px_info(&SA)->markers_rx, k == 1);
        if (k == 2) CHECK(iw_px_info(&CA)->p2p && iw_px_info(&CA)->rtr == IW_MPA_RTR_READ);
        data_ops(&CA, &SA, cbuf, sbuf, 5000);
        if (check__failed_here) fprintf(stderr, "  case %d\n", k);
        unpair(&CA, &SA);
    }
}

/* Nothing listens: the clear error of connect(2). */
static void t_refused(void)
{
    iw_px_opts o;
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    uint16_t port;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(0x7F000001u);
    REQUIRE(bind(fd, (struct sockaddr *)&a, sizeof a) == 0); /* an ephemeral port, then free */
    REQUIRE(getsockname(fd, (struct sockaddr *)&a, &len) == 0);
    port = ntohs(a.sin_port);
    close(fd);
    iw_px_opts_default(&o);
    REQUIRE(iw_px_ep_init(&L, &CA, &o) == 0);
    if (iw_px_connect(&CA, "127.0.0.1", port) == 0) CHECK_EQ(iw_px_wait_ready(&CA, TMO), -1);
    CHECK_EQ(iw_px_error(&CA)->kind, IW_PX_E_CONNECT);
    CHECK_EQ(iw_px_error(&CA)->sys_errno, ECONNREFUSED);
    CHECK(strstr(iw_px_error(&CA)->text, strerror(ECONNREFUSED)) != NULL);
    CHECK_EQ(iw_px_state(&CA), IW_PX_S_FAILED);
    fprintf(stderr, "  refused: %s\n", iw_px_error(&CA)->text);
    iw_px_ep_fini(&CA);
}

/* The server rejects with Private Data: the client sees R = 1 and that data. */
static int no_thanks(void *arg, iw_px_ep *ep, const iw_mpa_info *req)
{
    (void)arg;
    (void)req;
    (void)iw_px_set_pd(ep, (const uint8_t *)"busy, try later", 15);
    return 0;
}
static void t_reject(void)
{
    iw_px_opts co, so;
    iw_px_opts_default(&co);
    iw_px_opts_default(&so);
    so.on_request = no_thanks;
    REQUIRE(iw_px_ep_init(&L, &SA, &so) == 0 && iw_px_ep_init(&L, &CA, &co) == 0);
    REQUIRE(iw_px_accept(&LIS, &SA) == 0);
    REQUIRE(iw_px_connect(&CA, "127.0.0.1", iw_px_listen_port(&LIS)) == 0);
    CHECK_EQ(iw_px_wait_ready(&CA, TMO), -1);
    CHECK_EQ(iw_px_error(&CA)->kind, IW_PX_E_REJECTED);
    CHECK_EQ(iw_px_error(&CA)->pd_len, 15);
    CHECK(memcmp(iw_px_error(&CA)->pd, "busy, try later", 15) == 0);
    CHECK_EQ(iw_px_error(&SA)->kind, IW_PX_E_REJECTED);
    fprintf(stderr, "  reject: %s\n", iw_px_error(&CA)->text);
    unpair(&CA, &SA);
}

/* An RDMA Write to an STag the peer does not have: the peer's Terminate is DDP (Layer 1),
 * tagged buffer error (EType 1), invalid STag (code 0x00) (RFC 5041 §7.2, RFC 5040 §7 via
 * §4.8 Fig. 9), decoded on the sender; the WR behind it completes in error. */
static void t_terminate_invalid_stag(void)
{
    iw_px_opts o;
    iw_px_mr cm, sm;
    iw_send_wr w;
    iw_wc wc;
    int bad = 0, k;
    iw_px_opts_default(&o);
    REQUIRE(pair(&CA, &SA, &o, &o));
    REQUIRE(iw_px_reg(&CA, cbuf, 4096, IW_ACC_LOCAL_WRITE, &cm) == 0);
    REQUIRE(iw_px_reg(&SA, sbuf, 4096, IW_ACC_REMOTE_WRITE | IW_ACC_LOCAL_WRITE, &sm) == 0);
    memset(sbuf, 0x5A, 4096);
    w = iw_px_wr(IW_WR_WRITE, 1, &cm, 0, 100);
    w.remote_stag = sm.stag ^ 0x100u; /* another Index: not this peer's STag */
    w.remote_to = sm.to;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    w = iw_px_wr(IW_WR_READ, 2, &cm, 0, 100);
    w.remote_stag = sm.stag;
    w.remote_to = sm.to;
    REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    for (k = 0; k < 2; k++) {
        REQUIRE(iw_px_wait_wc(&CA, IW_PX_SQ_CQ, &wc, TMO) == 0);
        CHECK_EQ(wc.wr_id, (uint64_t)(k + 1));
        if (wc.status != IW_WC_SUCCESS) bad++;
    }
    CHECK(bad >= 1); /* the Read behind the refused Write does not succeed */
    CHECK_EQ(iw_px_error(&CA)->kind, IW_PX_E_TERM_RCVD);
    CHECK_EQ(iw_px_error(&CA)->term.layer, 1);  /* DDP */
    CHECK_EQ(iw_px_error(&CA)->term.etype, 1);  /* tagged buffer error */
    CHECK_EQ(iw_px_error(&CA)->term.ecode, 0);  /* invalid STag */
    CHECK_EQ(iw_px_error(&CA)->event, IW_AE_TERM_RECEIVED);
    CHECK(strstr(iw_px_error(&CA)->text, "invalid STag") != NULL);
    CHECK(strstr(iw_px_error(&CA)->text, "DDP") != NULL);
    CHECK_EQ(iw_px_error(&SA)->kind, IW_PX_E_TERM_SENT);
    CHECK_EQ(iw_px_error(&SA)->term.layer, 1);
    CHECK_EQ(sbuf[0], 0x5A);
    fprintf(stderr, "  sender: %s\n  receiver: %s\n", iw_px_error(&CA)->text,
            iw_px_error(&SA)->text);
    unpair(&CA, &SA);
}

/* The peer resets the TCP connection: a clear reset error and flushed WRs. */
static void t_reset(void)
{
    iw_px_opts o;
    iw_px_mr sm;
    iw_wc wc;
    iw_px_opts_default(&o);
    REQUIRE(pair(&CA, &SA, &o, &o));
    REQUIRE(iw_px_reg(&SA, sbuf, 4096, IW_ACC_LOCAL_WRITE, &sm) == 0);
    REQUIRE(iw_px_recv(&SA, 7, &sm, 0, 4096) == IW_V_OK);
    iw_px_ep_fini(&CA); /* abortive: RST */
    CHECK_EQ(iw_px_wait_wc(&SA, IW_PX_RQ_CQ, &wc, TMO), 0);
    CHECK(wc.wr_id == 7 && wc.status == IW_WC_FLUSHED);
    CHECK_EQ(iw_px_error(&SA)->kind, IW_PX_E_RESET);
    fprintf(stderr, "  reset: %s\n", iw_px_error(&SA)->text);
    iw_px_ep_fini(&SA);
}

/* 8 MiB Writes, Reads and a 64 KiB Send: the socket fills (partial sends, EAGAIN) and every
 * FPDU resumes at its octet; EMSS 1460 and 16000. */
static void t_large(void)
{
    iw_px_opts o;
    int k;
    for (k = 0; k < 2 && !check__failed_here; k++) {
        iw_px_opts_default(&o);
        if (k == 1) o.emss = 16000;
        REQUIRE(pair(&CA, &SA, &o, &o));
        data_ops(&CA, &SA, cbuf, sbuf, BIG);
        CHECK(CA.tx_partial > 0); /* the socket was full at least once */
        fprintf(stderr, "  emss %u: %lu partial sends resumed\n", o.emss, CA.tx_partial);
        unpair(&CA, &SA);
    }
}

/* Two connections on one loop (perftest -R: a control connection, then the measured one),
 * both kept busy. */
static void t_two_connections(void)
{
    iw_px_opts o;
    iw_px_opts_default(&o);
    REQUIRE(pair(&CA, &SA, &o, &o));
    REQUIRE(pair(&CB, &SB, &o, &o));
    data_ops(&CB, &SB, cbuf2, sbuf2, 65536);
    data_ops(&CA, &SA, cbuf, sbuf, 200000);
    data_ops(&CB, &SB, cbuf2, sbuf2, 1000);
    unpair(&CA, &SA);
    unpair(&CB, &SB);
}

/* The CQ selector cannot be confused with a depth: the old depth names are gone after the
 * include, and a value that is neither IW_PX_SQ_CQ nor IW_PX_RQ_CQ is refused at once (it used
 * to wait on the send CQ). A WC on the receive CQ is not reported on the send CQ. */
#if defined(IW_PX_SQ) || defined(IW_PX_RQ)
#error "IW_PX_SQ / IW_PX_RQ must not survive iw_posix.h"
#endif
static void t_queue_selector(void)
{
    iw_px_opts o;
    iw_px_mr cm, sm;
    iw_send_wr wr;
    iw_wc wc;
    iw_px_queue bad = (iw_px_queue)IW_PX_SQ_DEPTH;
    iw_px_opts_default(&o);
    REQUIRE(pair(&CA, &SA, &o, &o));
    CHECK(iw_px_cq(&CA, bad) == NULL);
    CHECK(iw_px_cq(&CA, IW_PX_SQ_CQ) != iw_px_cq(&CA, IW_PX_RQ_CQ));
    CHECK(iw_px_cq(&CA, IW_PX_SQ_CQ) != NULL && iw_px_cq(&CA, IW_PX_RQ_CQ) != NULL);
    CHECK_EQ(iw_px_wait_wc(&CA, bad, &wc, TMO), -3);
    CHECK_EQ(iw_px_wait_wc(&CA, (iw_px_queue)2, &wc, TMO), -3);
    CHECK_EQ(iw_px_poll_wc(&CA, bad, &wc), 0);
    REQUIRE(iw_px_reg(&CA, cbuf, 64, 0, &cm) == 0);
    REQUIRE(iw_px_reg(&SA, sbuf, 64, IW_ACC_LOCAL_WRITE, &sm) == 0);
    REQUIRE(iw_px_recv(&SA, 7, &sm, 0, 64) == IW_V_OK);
    wr = iw_px_wr(IW_WR_SEND, 8, &cm, 0, 16);
    REQUIRE(iw_px_post(&CA, &wr) == IW_V_OK);
    REQUIRE(iw_px_wait_wc(&CA, IW_PX_SQ_CQ, &wc, TMO) == 0);
    CHECK(wc.wr_id == 8 && wc.status == IW_WC_SUCCESS);
    CHECK_EQ(iw_px_poll_wc(&SA, IW_PX_SQ_CQ, &wc), 0); /* the Receive's WC is not there */
    REQUIRE(iw_px_wait_wc(&SA, IW_PX_RQ_CQ, &wc, TMO) == 0);
    CHECK(wc.wr_id == 7 && wc.status == IW_WC_SUCCESS && wc.len == 16);
    iw_px_dereg(&CA, &cm);
    iw_px_dereg(&SA, &sm);
    unpair(&CA, &SA);
}

/* Does this machine have ::1 (IPv6 loopback)? A bind to [::1]:0 says. */
static int have_ipv6_loopback(void)
{
    struct sockaddr_in6 a;
    int fd = socket(AF_INET6, SOCK_STREAM, 0), ok;
    if (fd < 0) return 0;
    memset(&a, 0, sizeof a);
    a.sin6_family = AF_INET6;
    a.sin6_addr = in6addr_loopback;
    ok = bind(fd, (struct sockaddr *)(void *)&a, sizeof a) == 0;
    (void)close(fd);
    return ok;
}

/* IPv6: a listener on "::1", a client connecting to "::1"; Send, Write (then Read) with every
 * octet checked; both ends report the family, the addresses and the ports of one connection,
 * iw_px_addrs (IPv4 only) refuses, iw_px_addr_str brackets the address. */
static void t_ipv6_loopback(void)
{
    static iw_px_listener lis6;
    iw_px_opts o;
    struct sockaddr_storage cl, cp, sl, sp;
    const struct sockaddr_in6 *a;
    char t[IW_PX_ADDRSTRLEN], u[IW_PX_ADDRSTRLEN];
    uint32_t ip;
    uint16_t port;
    if (!have_ipv6_loopback()) {
        check__skip = "no IPv6";
        return;
    }
    REQUIRE(iw_px_listen(&L, &lis6, "::1", 0) == 0);
    iw_px_opts_default(&o);
    REQUIRE(pair_at(&CA, &SA, &o, &o, &lis6, "::1"));
    CHECK_EQ(iw_px_family(&CA), 6);
    CHECK_EQ(iw_px_family(&SA), 6);
    CHECK_EQ(iw_px_addrs(&CA, &ip, &port, &ip, &port), -1);
    REQUIRE(iw_px_addrs_ss(&CA, &cl, &cp) == 0 && iw_px_addrs_ss(&SA, &sl, &sp) == 0);
    CHECK(cl.ss_family == AF_INET6 && cp.ss_family == AF_INET6);
    a = (const struct sockaddr_in6 *)(const void *)&cp;
    CHECK(memcmp(&a->sin6_addr, &in6addr_loopback, sizeof a->sin6_addr) == 0);
    CHECK_EQ(ntohs(a->sin6_port), iw_px_listen_port(&lis6));
    /* the client's local end is the server's peer, and the other way round */
    CHECK(strcmp(iw_px_addr_str(&cl, t, sizeof t), iw_px_addr_str(&sp, u, sizeof u)) == 0);
    snprintf(u, sizeof u, "[::1]:%u", (unsigned)iw_px_listen_port(&lis6));
    CHECK(strcmp(iw_px_addr_str(&cp, t, sizeof t), u) == 0);
    CHECK(strcmp(iw_px_addr_str(&sl, t, sizeof t), u) == 0);
    data_ops(&CA, &SA, cbuf, sbuf, 4000);
    unpair(&CA, &SA);
    iw_px_listen_close(&lis6);
}

/* A listener on any address (host NULL: both families) and a client connecting to the name
 * "localhost": Send, Write, Read checked; an IPv4 peer seen through the IPv6 socket is
 * reported as IPv4 (127.0.0.1) by iw_px_addrs. A name that does not resolve is refused with
 * the getaddrinfo reason. */
static void t_any_and_localhost(void)
{
    static iw_px_listener lisa;
    iw_px_opts o;
    uint32_t cl = 0, cp = 0, sl = 0, sp = 0;
    uint16_t clp = 0, cpp = 0, slp = 0, spp = 0;
    REQUIRE(iw_px_listen(&L, &lisa, NULL, 0) == 0);
    iw_px_opts_default(&o);
    REQUIRE(pair_at(&CA, &SA, &o, &o, &lisa, "localhost"));
    if (iw_px_family(&CA) == 4) {
        CHECK(iw_px_addrs(&CA, &cl, &clp, &cp, &cpp) == 0 &&
              iw_px_addrs(&SA, &sl, &slp, &sp, &spp) == 0);
        CHECK(cp == 0x7F000001u && sl == cp && sp == cl && (cl >> 24) == 127);
        CHECK(clp == spp && cpp == slp && slp == iw_px_listen_port(&lisa));
    } else
        CHECK_EQ(iw_px_family(&CA), 6); /* localhost resolved to ::1 first */
    data_ops(&CA, &SA, cbuf, sbuf, 2000);
    unpair(&CA, &SA);
    /* a name that cannot resolve: connect fails at once and says why */
    REQUIRE(iw_px_ep_init(&L, &CA, &o) == 0);
    CHECK_EQ(iw_px_connect(&CA, "no-such-host.invalid", 1), -1);
    CHECK(strstr(iw_px_error(&CA)->text, "cannot resolve 'no-such-host.invalid'") != NULL);
    iw_px_ep_fini(&CA);
    iw_px_listen_close(&lisa);
    CHECK_EQ(iw_px_listen(&L, &lisa, "no-such-host.invalid", 0), -1);
    CHECK_EQ(errno, EINVAL);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"posix rev 2 CRC: Send, Write, Read, FetchAdd, CmpSwap, Private Data",
         t_rev2_crc_all_ops},
        {"posix rev 1 no CRC; markers; peer-to-peer Read RTR", t_rev1_nocrc_markers_p2p},
        {"posix connection refused", t_refused},
        {"posix MPA Reject with Private Data", t_reject},
        {"posix Write to invalid STag: peer Terminate (1,1,0x00) decoded", t_terminate_invalid_stag},
        {"posix TCP reset", t_reset},
        {"posix 8 MiB transfers, partial sends resumed", t_large},
        {"posix two connections on one loop", t_two_connections},
        {"posix CQ selector: only IW_PX_SQ_CQ / IW_PX_RQ_CQ, never a depth", t_queue_selector},
        {"posix IPv6: listen and connect on ::1, Send, Write, Read, addresses", t_ipv6_loopback},
        {"posix any-address listener, client to localhost, unresolvable name", t_any_and_localhost},
    };
    iw_px_loop_init(&L);
    if (iw_px_listen(&L, &LIS, "127.0.0.1", 0) != 0) {
        printf("not ok 1 listen\n# counts 0 1\n");
        return 1;
    }
    return CHECK_RUN(tests);
}
