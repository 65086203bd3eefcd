/* t_rping.c: the siw rping capture (tests/vectors/siw_rping_crc.pcap: MPA rev 2, CRC, IRD/ORD
 * 1/1, 3 iterations) replayed on the target, as tests/test_rdmap_siw.c does on the host. Its two
 * TCP payload streams are embedded (rping_cap.h, generated at build time by pcap2c).
 *
 * rping per iteration: the client Sends a 16-octet advertisement of its source buffer, the
 * server RDMA Reads it (64 octets) and Sends; the client Sends the advertisement of its sink,
 * the server RDMA Writes 64 octets into it and Sends.
 *   client: our stack (MPA Initiator, rdmap.h over ddp.h and mpa.h) is fed the server->client
 *           stream and posts rping's Sends when rping did: everything it sends (Request, Sends,
 *           Read Responses) must be the capture's client stream octet for octet, the server's
 *           Sends must arrive in our receives, its Writes in our sink.
 *   server: fed the client->server stream, it accepts, Reads each advertised source, Sends,
 *           Writes what it read into the advertised sink, Sends: its whole stream (Reply, Read
 *           Requests, Sends, Writes) must be the capture's server stream octet for octet.
 * Each runs with MPA's placement contract placing as FPDUs arrive and with a ULP that declines
 * until MPA has checked each FPDU (verify-then-place), the stream fed whole, one
 * octet at a time, and cut in two at every offset; every run must give the same result. */
#include "bm.h"
#include "rdmap.h"
#include "rping_cap.h"
#include <string.h>

#define ITERS 3
#define MAXF 16
#define OUT_CAP 1024
#define ARENA 1024

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return be16(p) << 16 | be16(p + 2); }
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

/* ---- the capture cut into FPDUs (no markers) ---- */

typedef struct fp {
    size_t off, flen;
    unsigned tagged, op;
    uint32_t stag;
    uint64_t to;
    const uint8_t *pay;
    uint32_t plen;
} fp;

typedef struct cap {
    int ok;
    fp c_send[2 * ITERS], c_rresp[ITERS], s_rreq[ITERS], s_send[2 * ITERS], s_write[ITERS];
    uint16_t rep_ird, rep_ord;
} cap;
static cap C;

/* Walk a stream (frame, then FPDUs), handing each FPDU to the caller's sorter. */
static int walk(const uint8_t *d, size_t len, int srv)
{
    size_t off = 20u + be16(d + 18);
    int n[3] = {0, 0, 0};
    while (off < len) {
        fp f;
        const uint8_t *u = d + off + 2;
        size_t ul = be16(d + off);
        memset(&f, 0, sizeof f);
        f.off = off;
        f.flen = 2u + ul + ((4u - (2u + ul) % 4u) % 4u) + 4u;
        if (ul < 14 || f.flen > len - off) return 0;
        f.tagged = u[0] >> 7;
        f.op = u[1] & 0xFu;
        if (f.tagged) f.stag = be32(u + 2), f.to = be64(u + 6);
        f.pay = u + (f.tagged ? 14u : 18u);
        f.plen = (uint32_t)(ul - (f.tagged ? 14u : 18u));
        if (!srv && !f.tagged && f.op == IW_RDMAP_OP_SEND && n[0] < 2 * ITERS) C.c_send[n[0]++] = f;
        else if (!srv && f.tagged && f.op == IW_RDMAP_OP_READ_RESP && n[1] < ITERS) C.c_rresp[n[1]++] = f;
        else if (srv && !f.tagged && f.op == IW_RDMAP_OP_READ_REQ && n[0] < ITERS) C.s_rreq[n[0]++] = f;
        else if (srv && !f.tagged && f.op == IW_RDMAP_OP_SEND && n[1] < 2 * ITERS) C.s_send[n[1]++] = f;
        else if (srv && f.tagged && f.op == IW_RDMAP_OP_WRITE && n[2] < ITERS) C.s_write[n[2]++] = f;
        else return 0;
        off += f.flen;
    }
    return srv ? n[0] == ITERS && n[1] == 2 * ITERS && n[2] == ITERS : n[0] == 2 * ITERS && n[1] == ITERS;
}

static void t_capture(void)
{
    memset(&C, 0, sizeof C);
    BM_REQUIRE(walk(bm_cap_cli, sizeof bm_cap_cli, 0));
    BM_REQUIRE(walk(bm_cap_srv, sizeof bm_cap_srv, 1));
    BM_REQUIRE(sizeof bm_cap_srv >= 24 && (bm_cap_srv[16] & 0x10u));
    C.rep_ird = (uint16_t)(be16(bm_cap_srv + 20) & 0x3FFFu);
    C.rep_ord = (uint16_t)(be16(bm_cap_srv + 22) & 0x3FFFu);
    BM_CHECK(C.rep_ird == 1 && C.rep_ord == 1);
    BM_CHECK_EQ(C.s_rreq[0].plen, 28);
    BM_CHECK_EQ(be32(C.s_rreq[0].pay + 12), 64); /* RDMARDSZ */
    C.ok = !bm_failed_here;
}

/* ---- one endpoint ---- */

typedef struct reg {
    uint32_t stag, len;
    uint64_t to;
    unsigned acc;
    size_t off;
} reg;

typedef struct sim {
    int server, fused;
    iw_mpa_conn c;
    uint8_t reasm[2048];
    iw_mpa_ulp_ops ulp;
    iw_rdmap_stream s;
    iw_rdmap_wr sq[8];
    iw_rdmap_inreq irq[4];
    uint8_t out[OUT_CAP];
    size_t out_len;
    uint8_t arena[ARENA];
    reg regs[2];
    int nregs, nrbuf, nrecv, ncqe, nerr, bad, closes, nplace, reads, writes;
    size_t sink_off, rbuf_off[2 * ITERS];
    iw_iov iov[4 * ITERS];
    int niov;
} sim;
static sim S;

#define SCHECK(c) do { if (!(c)) { S.bad++; if (S.bad == 1) bm_printf("  %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)

static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    size_t i;
    (void)ctx;
    *accepted = 0;
    for (i = 0; i < n; i++) {
        SCHECK(S.out_len + iov[i].len <= OUT_CAP);
        if (S.out_len + iov[i].len > OUT_CAP) return IW_EHOST;
        memcpy(S.out + S.out_len, iov[i].base, iov[i].len);
        S.out_len += iov[i].len;
        *accepted += iov[i].len;
    }
    return IW_OK;
}
static void h_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void h_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void h_close(void *ctx, int abortive) { (void)ctx; (void)abortive; S.closes++; }
static const iw_mpa_host_ops host_ops = {.send = h_send, .timer_arm = h_arm, .timer_cancel = h_cancel, .close = h_close};

static iw_ddp_xlate r_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                              iw_ddp_buf *dst, size_t max, size_t *n)
{
    int i;
    const reg *r = NULL;
    (void)ctx;
    *n = 0;
    for (i = 0; i < S.nregs; i++)
        if (S.regs[i].stag == stag) r = &S.regs[i];
    if (!r) return IW_DDP_X_INVALID_STAG;
    if ((r->acc & access) != access) return IW_DDP_X_ACCESS;
    if (to < r->to || to - r->to > r->len || len > r->len - (to - r->to)) return IW_DDP_X_BOUNDS;
    if (!dst || max == 0) return IW_DDP_X_OK;
    dst[0].base = S.arena + r->off + (size_t)(to - r->to);
    dst[0].len = len;
    *n = 1;
    return IW_DDP_X_OK;
}

static iw_status r_recv_buf(void *ctx, unsigned opcode, iw_ddp_buf *bufs, size_t max, size_t *n, iw_term *t)
{
    (void)ctx;
    (void)opcode;
    *n = 0;
    if (S.nrbuf >= 2 * ITERS || max < 1) {
        t->layer = 1;
        t->etype = 2;
        t->ecode = 2;
        return IW_ETERM;
    }
    bufs[0].base = S.arena + S.rbuf_off[S.nrbuf++];
    bufs[0].len = 64;
    *n = 1;
    return IW_OK;
}

static void post(iw_rdmap_wr *wr) { SCHECK(iw_rdmap_post(&S.s, wr) == IW_OK); }

static void post_send(const uint8_t *p, size_t len)
{
    iw_rdmap_wr wr;
    memset(&wr, 0, sizeof wr);
    S.iov[S.niov].base = p;
    S.iov[S.niov].len = len;
    wr.opcode = IW_RDMAP_OP_SEND;
    wr.sgl = &S.iov[S.niov++];
    wr.nsge = 1;
    post(&wr);
}

/* client, iteration i: the source holds what the i-th Read Response carries; advertise it */
static void client_iteration(int i)
{
    memcpy(S.arena + S.regs[0].off, C.c_rresp[i].pay, C.c_rresp[i].plen);
    post_send(C.c_send[2 * i].pay, C.c_send[2 * i].plen);
}

static void r_recv(void *ctx, const iw_rdmap_recv *r)
{
    int k = S.nrecv++;
    const fp *f = S.server ? &C.c_send[k] : &C.s_send[k];
    (void)ctx;
    SCHECK(k < 2 * ITERS && r->status == IW_OK && r->opcode == IW_RDMAP_OP_SEND);
    if (k >= 2 * ITERS) return;
    SCHECK(r->len == f->plen && bm_memeq(S.arena + S.rbuf_off[k], f->pay, f->plen));
    if (!S.server) {
        if (k % 2 == 0) {
            post_send(C.c_send[k + 1].pay, C.c_send[k + 1].plen); /* advertise the sink */
        } else {
            const fp *w = &C.s_write[k / 2];
            SCHECK(bm_memeq(S.arena + S.sink_off, w->pay, w->plen)); /* the Write was placed */
            if (k / 2 + 1 < ITERS) client_iteration(k / 2 + 1);
        }
    } else {
        const uint8_t *a = S.arena + S.rbuf_off[k];
        iw_rdmap_wr wr;
        memset(&wr, 0, sizeof wr);
        if (k % 2 == 0) { /* the source advertisement: Read it into our sink */
            wr.opcode = IW_RDMAP_OP_READ_REQ;
            wr.stag = be32(a + 8);
            wr.to = be64(a);
            wr.len = be32(a + 12);
            wr.sink_stag = S.regs[0].stag;
            wr.sink_to = S.regs[0].to;
        } else { /* the sink advertisement: Write what we read */
            wr.opcode = IW_RDMAP_OP_WRITE;
            wr.stag = be32(a + 8);
            wr.to = be64(a);
            S.iov[S.niov].base = S.arena + S.sink_off;
            S.iov[S.niov].len = be32(a + 12) <= S.regs[0].len ? be32(a + 12) : 0;
            wr.sgl = &S.iov[S.niov++];
            wr.nsge = 1;
        }
        post(&wr);
    }
}

static void r_complete(void *ctx, const iw_rdmap_cqe *c)
{
    (void)ctx;
    S.ncqe++;
    SCHECK(c->status == IW_OK);
    if (S.server && c->opcode == IW_RDMAP_OP_READ_REQ) {
        int i = S.reads++;
        SCHECK(i < ITERS && c->len == 64 && bm_memeq(S.arena + S.sink_off, C.c_rresp[i].pay, 64));
        if (i < ITERS) post_send(C.s_send[2 * i].pay, C.s_send[2 * i].plen);
    } else if (S.server && c->opcode == IW_RDMAP_OP_WRITE) {
        int i = S.writes++;
        if (i < ITERS) post_send(C.s_send[2 * i + 1].pay, C.s_send[2 * i + 1].plen);
    }
}

static void r_error(void *ctx, const iw_rdmap_event *ev)
{
    (void)ctx;
    (void)ev;
    S.nerr++;
}

static const iw_rdmap_ops rd_ops = {.resolve = r_resolve,
                                    .recv_buf = r_recv_buf,
                                    .recv = r_recv,
                                    .complete = r_complete,
                                    .error = r_error};

static void u_established(void *uctx, const iw_mpa_info *in)
{
    iw_rdmap_mpa_established(uctx, in);
    if (!S.server) client_iteration(0);
}
static void u_request(void *uctx, const iw_mpa_info *in)
{
    (void)uctx;
    (void)in;
    SCHECK(iw_mpa_accept(&S.c, C.rep_ird, C.rep_ord, NULL, 0) == IW_OK);
}
/* The placement contract through RDMAP; verify-then-place declines until MPA checked the FPDU.
 * nplace counts payloads placed before their CRC was checked. */
static iw_status u_begin(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned flags,
                         iw_mpa_rx_dst **dst)
{
    iw_status st;
    if (!S.fused && !(flags & IW_MPA_RX_VERIFIED)) {
        *dst = NULL;
        return IW_EAGAIN;
    }
    st = iw_rdmap_mpa_begin(uctx, u, have, len, flags, dst);
    if (st == IW_OK && !(flags & IW_MPA_RX_VERIFIED)) S.nplace++;
    return st;
}

static int setup(int server, int fused)
{
    iw_mpa_cfg cfg;
    iw_rdmap_cfg rc;
    size_t off = 32;
    int i;
    memset(&S, 0, sizeof S);
    S.server = server;
    S.fused = fused;
    if (!server) { /* the source the Read Requests name, the sink the Writes target */
        const uint8_t *sa = C.c_send[1].pay;
        S.regs[0].stag = be32(C.s_rreq[0].pay + 16);
        S.regs[0].to = be64(C.s_rreq[0].pay + 20);
        S.regs[0].len = 64;
        S.regs[0].acc = IW_DDP_ACC_REMOTE_READ;
        S.regs[0].off = off;
        off += 96;
        S.sink_off = off;
        S.regs[1].stag = be32(sa + 8);
        S.regs[1].to = be64(sa);
        S.regs[1].len = be32(sa + 12);
        S.regs[1].acc = IW_DDP_ACC_REMOTE_WRITE;
        S.regs[1].off = off;
        S.nregs = 2;
    } else { /* our sink: the one the capture's Read Requests name */
        S.sink_off = off;
        S.regs[0].stag = be32(C.s_rreq[0].pay);
        S.regs[0].to = be64(C.s_rreq[0].pay + 4);
        S.regs[0].len = 64;
        S.regs[0].acc = IW_RDMAP_ACC_LOCAL_WRITE;
        S.regs[0].off = off;
        S.nregs = 1;
    }
    off += 96;
    for (i = 0; i < 2 * ITERS; i++, off += 96) S.rbuf_off[i] = off;
    if (off > ARENA) return 0;
    iw_mpa_cfg_default(&cfg, server ? IW_MPA_RESPONDER : IW_MPA_INITIATOR);
    cfg.rev = 2;
    cfg.markers_rx = 0;
    cfg.crc = server ? 0 : 1; /* the server does CRC because the siw client asks for it */
    if (!server) cfg.ird = cfg.ord = 1;
    S.ulp = *iw_rdmap_mpa_ulp_ops();
    S.ulp.established = u_established;
    if (server) S.ulp.request = u_request;
    S.ulp.begin = u_begin;
    if (iw_mpa_init(&S.c, &cfg, &host_ops, &S, &S.ulp, &S.s, S.reasm, sizeof S.reasm) != IW_OK) return 0;
    iw_rdmap_cfg_default(&rc);
    rc.ird = rc.ord = 4;
    if (iw_rdmap_init(&S.s, &rc, iw_ddp_mpa_llp_ops(), &S.c, &rd_ops, &S, S.sq, 8, S.irq, 4) != IW_OK) return 0;
    return iw_mpa_start(&S.c, NULL, 0) == IW_OK;
}

/* Feed d[0..len) in pieces: whole (step 0), cut at `cut`, or `step` octets at a time. */
static void feed(const uint8_t *d, size_t len, size_t cut, size_t step)
{
    size_t pos = 0;
    while (pos < len) {
        size_t end = step ? pos + step : pos < cut ? cut : len, used = 0;
        if (end > len) end = len;
        if (iw_mpa_rx_feed(&S.c, d + pos, end - pos, &used) != IW_OK || !used) {
            S.bad++;
            return;
        }
        pos += used;
    }
}

/* One run: 0 if anything differs from what the capture shows. */
static int run(int server, int fused, size_t cut, size_t step)
{
    const uint8_t *in = server ? bm_cap_cli : bm_cap_srv, *want = server ? bm_cap_srv : bm_cap_cli;
    size_t inl = server ? sizeof bm_cap_cli : sizeof bm_cap_srv, wl = server ? sizeof bm_cap_srv : sizeof bm_cap_cli;
    if (!setup(server, fused)) return 0;
    feed(in, inl, cut, step);
    return !S.bad && !S.nerr && !S.closes && S.nrecv == 2 * ITERS && S.out_len == wl && bm_memeq(S.out, want, wl) &&
           S.ncqe == (server ? 4 * ITERS : 2 * ITERS) && iw_mpa_state(&S.c) == IW_MPA_S_FULL &&
           !iw_rdmap_failed(&S.s) && iw_rdmap_ird_outstanding(&S.s) == 0 && iw_rdmap_ord_outstanding(&S.s) == 0 &&
           (fused ? (step || S.nplace > 0) : S.nplace == 0);
}

static void scenario(int server)
{
    size_t inl = server ? sizeof bm_cap_cli : sizeof bm_cap_srv, cut, bad = 0, runs = 0;
    int fused;
    BM_REQUIRE(C.ok);
    for (fused = 1; fused >= 0; fused--) {
        if (!run(server, fused, 0, 0)) bad++, bm_printf("  %s whole: differs\n", fused ? "fused" : "verify");
        if (!run(server, fused, 0, 1)) bad++, bm_printf("  %s byte by byte: differs\n", fused ? "fused" : "verify");
        runs += 2;
        for (cut = 1; cut < inl; cut++, runs++)
            if (!run(server, fused, cut, 0) && bad++ < 3) bm_printf("  split at %u: differs\n", (unsigned)cut);
    }
    BM_CHECK_EQ(bad, 0);
    bm_printf("# rping %s: %u runs over %u octets\n", server ? "server" : "client", (unsigned)runs, (unsigned)inl);
}

static void t_client(void) { scenario(0); }
static void t_server(void) { scenario(1); }

const bm_test bm_rping_tests[] = {
    {"siw rping capture: 9 + 12 FPDUs, IRD/ORD 1/1, 64-octet Reads", t_capture},
    {"siw rping client re-enacted: our stream (Request, Sends, Read Responses) is siw's octet for octet, "
     "Sends received, Writes placed, any chunking", t_client},
    {"siw rping server re-enacted: our stream (Reply, Read Requests, Sends, Writes) is siw's octet for octet, "
     "Reads complete, any chunking", t_server},
};
const size_t bm_rping_ntests = sizeof bm_rping_tests / sizeof bm_rping_tests[0];
