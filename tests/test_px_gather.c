/* SPDX-License-Identifier: MIT */
/* test_px_gather.c: the send gather of examples/posix/iw_posix.h (IW_PX_GATHER) over real TCP
 * sockets on 127.0.0.1.
 * - An RDMA Write of 64 KiB (at the loopback MSS two FPDUs, MULPDU 65474 (MPA-057): 65460 + 76
 *   payload octets), of 65460 (one full FPDU), 65461 and 128 KiB leaves in one sendmsg() when
 *   the socket takes it all, and arrives octet for octet.
 * - When the socket takes only part of a gather, the rest is copied before iw_px_post returns:
 *   the Write completes at once (the octets are "sent", as TCP would have them), the caller
 *   then overwrites its source, and the peer still receives the original octets. */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "examples/posix/iw_posix.h"
#include "check.h"
#include <sys/socket.h>

#define TMO 10000
#define REG (2u << 20)
#define WLEN 65536u

static iw_px_loop LC, LS; /* client and server in loops of their own: the server can stall */
static iw_px_listener LIS;
static iw_px_ep CA, SA;
static uint8_t cbuf[REG], sbuf[REG], ref[REG];
static unsigned long long seed = 0x6a7e;

static void fill(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)check_rand(&seed);
}

/* Run both loops until ep has a WC on that CQ (1, *wc filled) or TMO ms of polls passed. */
static int both_wc(iw_px_ep *ep, iw_px_queue which, iw_wc *wc)
{
    int spins;
    for (spins = 0; spins < TMO; spins++) {
        if (iw_px_poll_wc(ep, which, wc)) return 1;
        (void)iw_px_poll(&LC, 0);
        (void)iw_px_poll(&LS, 1);
    }
    return 0;
}
static int both_ready(void)
{
    int spins;
    for (spins = 0; spins < TMO; spins++) {
        if (iw_px_state(&CA) == IW_PX_S_READY && iw_px_state(&SA) == IW_PX_S_READY) return 1;
        (void)iw_px_poll(&LC, 0);
        (void)iw_px_poll(&LS, 1);
    }
    return 0;
}

static int setup(iw_px_mr *cm, iw_px_mr *sm)
{
    iw_px_opts o;
    iw_px_opts_default(&o);
    o.emss = 65483u; /* the loopback MSS */
    iw_px_loop_init(&LC);
    iw_px_loop_init(&LS);
    if (iw_px_listen(&LS, &LIS, "127.0.0.1", 0) != 0) return 0;
    if (iw_px_ep_init(&LS, &SA, &o) || iw_px_ep_init(&LC, &CA, &o)) return 0;
    if (iw_px_accept(&LIS, &SA) || iw_px_connect(&CA, "127.0.0.1", iw_px_listen_port(&LIS))) return 0;
    if (!both_ready()) return 0;
    return iw_px_reg(&CA, cbuf, REG, IW_ACC_LOCAL_WRITE, cm) == 0 &&
           iw_px_reg(&SA, sbuf, REG, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, sm) == 0;
}
static void teardown(void)
{
    iw_px_ep_fini(&CA);
    iw_px_ep_fini(&SA);
    iw_px_listen_close(&LIS);
}

/* A Write of len octets from cbuf[off] to sbuf[off]. */
static iw_send_wr wr_write(uint64_t id, const iw_px_mr *cm, const iw_px_mr *sm, uint32_t off,
                           uint32_t len)
{
    iw_send_wr w = iw_px_wr(IW_WR_WRITE, id, cm, off, len);
    w.remote_stag = sm->stag;
    w.remote_to = sm->to + off;
    return w;
}

/* Writes of 64 and 128 KiB: one system call each while the socket has room, and every octet
 * placed (the Send after them lands after them, RFC 5040 §5.5). */
static void t_one_syscall(void)
{
    static const uint32_t lens[] = {WLEN, 65460u, 65461u, 2u * WLEN, 1000u};
    iw_px_mr cm, sm;
    size_t i;
    int big = 1 << 20;
    REQUIRE(setup(&cm, &sm));
    /* room for 128 KiB in flight: the kernel caps these at net.core.[wr]mem_max (x2) */
    (void)setsockopt(CA.fd, SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
    (void)setsockopt(SA.fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
    for (i = 0; i < sizeof lens / sizeof lens[0] && !check__failed_here; i++) {
        unsigned long calls0 = CA.tx_syscalls, part0 = CA.tx_partial;
        uint32_t fpdus0 = iw_mpa_get_stats(&CA.conn)->tx_fpdus;
        iw_send_wr w = wr_write(2 * i, &cm, &sm, 0, lens[i]);
        iw_wc wc;
        fill(cbuf, lens[i]);
        memset(sbuf, 0, lens[i] + 1);
        REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
        /* FPDUs of at most 65460 payload octets (MULPDU 65474 less the 14-octet DDP header) */
        CHECK_EQ(iw_mpa_get_stats(&CA.conn)->tx_fpdus - fpdus0, (lens[i] + 65459u) / 65460u);
        if (CA.tx_partial == part0) /* the socket took all of it: in one sendmsg() */
            CHECK_EQ(CA.tx_syscalls - calls0, 1);
        else
            fprintf(stderr, "  %u octets: the socket took part (not counted)\n", (unsigned)lens[i]);
        REQUIRE(iw_px_recv(&SA, 100 + i, NULL, 0, 0) == IW_V_OK);
        w = iw_px_wr(IW_WR_SEND, 2 * i + 1, NULL, 0, 0);
        REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
        REQUIRE(both_wc(&CA, IW_PX_SQ_CQ, &wc) && wc.status == IW_WC_SUCCESS && wc.wr_id == 2 * i);
        REQUIRE(both_wc(&CA, IW_PX_SQ_CQ, &wc) && wc.status == IW_WC_SUCCESS);
        REQUIRE(both_wc(&SA, IW_PX_RQ_CQ, &wc) && wc.status == IW_WC_SUCCESS && wc.wr_id == 100 + i);
        CHECK_MEM(sbuf, cbuf, lens[i]);
        CHECK_EQ(sbuf[lens[i]], 0);
    }
    teardown();
}

/* The server does not read: Writes of 64 KiB from successive source regions are posted until
 * the socket takes only part of one. That Write has completed when iw_px_post returns (its
 * rest was copied); every completed Write's source is then overwritten, and once the server
 * reads again it must have placed the original octets of all of them. */
static void t_partial_copied(void)
{
    iw_px_mr cm, sm;
    iw_wc wc;
    uint32_t posted = 0, done = 0, i, cut = 0;
    int small = 4096;
    REQUIRE(setup(&cm, &sm));
    (void)setsockopt(CA.fd, SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
    fill(cbuf, REG);
    memcpy(ref, cbuf, REG);
    memset(sbuf, 0, REG);
    while (posted < REG / WLEN && !cut) {
        unsigned long part0 = CA.tx_partial;
        iw_send_wr w = wr_write(posted, &cm, &sm, posted * WLEN, WLEN);
        REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
        posted++;
        if (CA.tx_partial != part0) cut = posted; /* the socket took part of Write cut - 1 */
    }
    REQUIRE(cut > 0);
    fprintf(stderr, "  the socket took part of Write %u of %u; %lu octets staged\n", cut - 1, posted,
            (unsigned long)CA.tx_len);
    CHECK(CA.tx_len > 0);
    /* every Write posted so far has completed: the cut one too (its rest is in the host) */
    while (iw_px_poll_wc(&CA, IW_PX_SQ_CQ, &wc)) {
        CHECK(wc.status == IW_WC_SUCCESS && wc.wr_id == done);
        memset(cbuf + wc.wr_id * WLEN, 0xEE, WLEN); /* the caller reuses its buffer */
        done++;
    }
    CHECK_EQ(done, cut);
    /* the server reads again; a Send after the Writes tells when they are all placed */
    REQUIRE(iw_px_recv(&SA, 7, NULL, 0, 0) == IW_V_OK);
    {
        iw_send_wr w = iw_px_wr(IW_WR_SEND, 999, NULL, 0, 0);
        REQUIRE(iw_px_post(&CA, &w) == IW_V_OK);
    }
    REQUIRE(both_wc(&SA, IW_PX_RQ_CQ, &wc) && wc.status == IW_WC_SUCCESS && wc.wr_id == 7);
    for (i = 0; i < posted; i++) CHECK_MEM(sbuf + i * WLEN, ref + i * WLEN, WLEN);
    CHECK(iw_px_state(&CA) == IW_PX_S_READY && iw_px_state(&SA) == IW_PX_S_READY);
    teardown();
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"posix gather: a 64 KiB Write leaves in one sendmsg(), FPDUs per MULPDU MPA-057 DDP-006",
         t_one_syscall},
        {"posix gather: the rest of a partial send is copied before the post returns", t_partial_copied},
    };
    return CHECK_RUN(tests);
}
