/* SPDX-License-Identifier: MIT */
/* test_px_split.c: header-split receive in examples/posix/iw_posix.h (IW_PX_RX_SPLIT 2) over
 * real TCP sockets on 127.0.0.1: RDMA Writes large enough that payloads are read straight into
 * the MR (mpa.h iw_mpa_rx_direct) arrive octet for octet; and a raw TCP peer that speaks MPA
 * itself sends a 60000-octet Write with a bad CRC in two pieces (the server's read cuts it,
 * the rest of its payload is read directly): the server sends MPA's CRC Terminate (2,0,0x02)
 * and completes nothing. */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#define IW_PX_RX_SPLIT 2
#include "examples/posix/iw_posix.h"
#include "check.h"
#include <errno.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#define TMO 10000
#define BIG (4u << 20)

static iw_px_loop L;
static iw_px_listener LIS;
static iw_px_ep CA, SA;
static uint8_t cbuf[BIG], sbuf[BIG + 64];
static unsigned long long seed = 0x5eed;

static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)check_rand(&seed);
}

static int wc_ok(iw_px_ep *e, iw_px_queue which, uint64_t id)
{
    iw_wc w;
    if (iw_px_wait_wc(e, which, &w, TMO) != 0) {
        fprintf(stderr, "  no WC (%s)\n", iw_px_error(e)->text);
        return 0;
    }
    if (w.status != IW_WC_SUCCESS || w.wr_id != id) {
        fprintf(stderr, "  WC id %llu status %s\n", (unsigned long long)w.wr_id, iw_wc_status_str(w.status));
        return 0;
    }
    return 1;
}

/* RDMA Writes of 64 KiB to 4 MiB at EMSS 65483 (FPDUs of 64 KiB) and 16000, each followed by
 * a Send that lands after it (RFC 5040 §5.5): every octet right, most read directly. */
static void t_writes_direct(void) /* DDP-037 */
{
    static const uint32_t lens[] = {65536, 1u << 20, BIG, 200000, 70001};
    iw_px_opts o;
    iw_px_mr cm, sm;
    size_t i;
    int k;
    for (k = 0; k < 2 && !check__failed_here; k++) {
        unsigned long direct0;
        iw_px_opts_default(&o);
        o.emss = k ? 16000u : 65483u;
        REQUIRE(iw_px_ep_init(&L, &SA, &o) == 0 && iw_px_ep_init(&L, &CA, &o) == 0);
        REQUIRE(iw_px_accept(&LIS, &SA) == 0);
        REQUIRE(iw_px_connect(&CA, "127.0.0.1", iw_px_listen_port(&LIS)) == 0);
        REQUIRE(iw_px_wait_ready(&CA, TMO) == 0 && iw_px_wait_ready(&SA, TMO) == 0);
        REQUIRE(iw_px_reg(&CA, cbuf, BIG, IW_ACC_LOCAL_WRITE, &cm) == 0);
        REQUIRE(iw_px_reg(&SA, sbuf, BIG, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &sm) == 0);
        direct0 = SA.rx_direct;
        for (i = 0; i < sizeof lens / sizeof lens[0] && !check__failed_here; i++) {
            iw_send_wr w;
            fill(cbuf, lens[i]);
            memset(sbuf, 0, sizeof sbuf);
            w = iw_px_wr(IW_WR_WRITE, 2 * i, &cm, 0, lens[i]);
            w.remote_stag = sm.stag;
            w.remote_to = sm.to;
            REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
            REQUIRE(iw_px_recv(&SA, 100 + i, NULL, 0, 0) == IW_V_OK);
            w = iw_px_wr(IW_WR_SEND, 2 * i + 1, NULL, 0, 0);
            REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
            REQUIRE(wc_ok(&CA, IW_PX_SQ_CQ, 2 * i));
            REQUIRE(wc_ok(&CA, IW_PX_SQ_CQ, 2 * i + 1));
            REQUIRE(wc_ok(&SA, IW_PX_RQ_CQ, 100 + i));
            CHECK_MEM(sbuf, cbuf, lens[i]);
            CHECK_EQ(sbuf[lens[i]], 0); /* nothing after it */
        }
        /* the direct path was taken (one cut FPDU suffices; header-split mode makes it most) */
        CHECK(SA.rx_direct - direct0 > 0);
        CHECK(iw_mpa_get_stats(&SA.conn)->rx_streamed > 0);
        fprintf(stderr, "  emss %u: %lu octets read straight into the MR, %u FPDUs streamed\n", o.emss,
                SA.rx_direct - direct0, iw_mpa_get_stats(&SA.conn)->rx_streamed);
        CHECK(iw_px_dereg(&CA, &cm) == 0 && iw_px_dereg(&SA, &sm) == 0);
        iw_px_ep_fini(&CA);
        iw_px_ep_fini(&SA);
    }
}

/* Blocking raw socket helpers for the hand-made peer. */
static int raw_send(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t r = send(fd, p, n, 0);
        if (r <= 0) return 0;
        p += r;
        n -= (size_t)r;
    }
    return 1;
}
/* Poll the loop until fd has n octets for us (read into out), or TMO. */
static int raw_recv(int fd, uint8_t *out, size_t n)
{
    size_t got = 0;
    int spins = 0;
    while (got < n && spins++ < TMO) {
        ssize_t r = recv(fd, out + got, n - got, MSG_DONTWAIT);
        if (r > 0) got += (size_t)r;
        else if (r == 0) return 0;
        else (void)iw_px_poll(&L, 1);
    }
    return got == n;
}
/* One FPDU (no markers): length, ULPDU, PAD, CRC (RFC 5044 §4; the reference CRC32c). */
static size_t fpdu(uint8_t *out, const uint8_t *u, size_t len, int bad_crc)
{
    size_t n = 2 + len, pad = (4 - n % 4) % 4;
    uint32_t c;
    out[0] = (uint8_t)(len >> 8);
    out[1] = (uint8_t)len;
    memcpy(out + 2, u, len);
    memset(out + n, 0, pad);
    c = check_crc32c_ref(0, out, n + pad) ^ (bad_crc ? 1u : 0u);
    out[n + pad] = (uint8_t)c;
    out[n + pad + 1] = (uint8_t)(c >> 8);
    out[n + pad + 2] = (uint8_t)(c >> 16);
    out[n + pad + 3] = (uint8_t)(c >> 24);
    return n + pad + 4;
}
/* A tagged RDMA Write ULPDU (RFC 5041 §4.2, RFC 5040 §4.3: RV 01, opcode 0). */
static size_t write_ulpdu(uint8_t *u, uint32_t stag, uint64_t to, const uint8_t *p, size_t n)
{
    u[0] = 0xC1; /* tagged, last, DV 01 */
    u[1] = 0x40;
    iw_put_be32(u + 2, stag);
    iw_put_be64(u + 6, to);
    memcpy(u + 14, p, n);
    return 14 + n;
}

static void t_bad_crc_direct(void)
{
    static uint8_t u[65536], f[65600], pay[60000];
    struct sockaddr_in a;
    iw_px_opts o;
    iw_px_mr sm;
    iw_mpa_frame fr;
    uint8_t req[64], rep[64];
    size_t req_len, n, half;
    int fd, spins = 0;
    unsigned long direct0;
    iw_wc wc;
    iw_px_opts_default(&o);
    o.emss = 65483u;
    REQUIRE(iw_px_ep_init(&L, &SA, &o) == 0);
    REQUIRE(iw_px_accept(&LIS, &SA) == 0);
    REQUIRE(iw_px_reg(&SA, sbuf, BIG, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &sm) == 0);
    REQUIRE(iw_px_recv(&SA, 7, NULL, 0, 0) == IW_V_OK);
    memset(sbuf, 0x5A, 65536);
    /* the peer: TCP connect, MPA Request (rev 2, CRC), the Reply */
    fd = socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(iw_px_listen_port(&LIS));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(connect(fd, (struct sockaddr *)&a, sizeof a) == 0);
    memset(&fr, 0, sizeof fr);
    fr.kind = IW_MPA_REQUEST;
    fr.rev = 2;
    fr.enhanced = 1;
    fr.flags = IW_MPA_FLAG_C;
    fr.ird_word = 4;
    fr.ord_word = 4;
    REQUIRE(iw_mpa_frame_encode(&fr, req, sizeof req, &req_len) == IW_OK);
    REQUIRE(raw_send(fd, req, req_len));
    REQUIRE(raw_recv(fd, rep, 24)); /* 20 + the IRD/ORD header, no Private Data */
    REQUIRE(memcmp(rep, "MPA ID Rep Frame", 16) == 0 && (rep[16] & IW_MPA_FLAG_C));
    /* a valid first FPDU (the Responder checks it, MPA-015): a 1-octet Write */
    pay[0] = 0x11;
    n = fpdu(f, u, write_ulpdu(u, sm.stag, sm.to, pay, 1), 0);
    REQUIRE(raw_send(fd, f, n));
    while (SA.conn.stats.rx_fpdus < 1 && spins++ < TMO) (void)iw_px_poll(&L, 1);
    REQUIRE(sbuf[0] == 0x11);
    /* the bad one, in two pieces with the server reading in between */
    fill(pay, sizeof pay);
    n = fpdu(f, u, write_ulpdu(u, sm.stag, sm.to + 100, pay, sizeof pay), 1);
    half = 2 + 14 + 20000;
    direct0 = SA.rx_direct;
    REQUIRE(raw_send(fd, f, half));
    spins = 0;
    while (SA.conn.rx_state == 0 && spins++ < TMO) (void)iw_px_poll(&L, 1); /* inside the FPDU */
    REQUIRE(raw_send(fd, f + half, n - half));
    spins = 0;
    while (iw_px_error(&SA)->kind == IW_PX_E_NONE && spins++ < TMO) (void)iw_px_poll(&L, 1);
    CHECK_EQ(iw_mpa_last_error(&SA.conn)->mpa_ecode, IW_MPA_ECODE_CRC); /* MPA-055b */
    CHECK(iw_mpa_last_error(&SA.conn)->term.layer == 2 && iw_mpa_last_error(&SA.conn)->term.etype == 0 &&
          iw_mpa_last_error(&SA.conn)->term.ecode == 0x02);
    CHECK(SA.rx_direct - direct0 > 0); /* the rest of the payload was read into the MR */
    CHECK_EQ(iw_mpa_get_stats(&SA.conn)->rx_streamed, 1); /* streamed, then refused */
    /* the Terminate reached the peer: a header-less one (RFC 5040 §4.8 via mpa.h) */
    {
        uint8_t t[64];
        REQUIRE(raw_recv(fd, t, 2));
        CHECK(((size_t)t[0] << 8 | t[1]) >= 14);
    }
    /* the posted receive is flushed, never completed with success */
    if (iw_px_poll_wc(&SA, IW_PX_RQ_CQ, &wc)) CHECK(wc.status != IW_WC_SUCCESS);
    fprintf(stderr, "  server: %s\n", iw_px_error(&SA)->text);
    close(fd);
    iw_px_ep_fini(&SA);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"posix header-split: Writes read straight into the MR DDP-037", t_writes_direct},
        {"posix header-split: bad CRC, MPA Terminate (2,0,0x02)", t_bad_crc_direct},
    };
    int r;
    iw_px_loop_init(&L);
    if (iw_px_listen(&L, &LIS, "127.0.0.1", 0) != 0) {
        printf("not ok 1 listen\n# counts 0 1\n");
        return 1;
    }
    r = CHECK_RUN(tests);
    iw_px_listen_close(&LIS);
    return r;
}
