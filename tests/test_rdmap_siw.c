/* SPDX-License-Identifier: MIT */
/* test_rdmap_siw.c: rdmap.h (over ddp.h and mpa.h) against the rping exchange of Linux
 * soft-iWARP in tests/vectors/siw_rping_crc.pcap (MPA rev 2, CRC, IRD/ORD 1/1, 3 iterations).
 *
 * rping per iteration: the client Sends a 16-octet advertisement of its source buffer
 * (address, rkey, length, big-endian), the server RDMA Reads it (64 octets), Sends, the client
 * Sends the advertisement of its sink buffer, the server RDMA Writes 64 octets into it and
 * Sends. The capture's two directions are replayed as the TCP payload they are:
 *
 *   (a) responder side: our stack is the rping CLIENT (MPA Initiator, CRC, rev 2), fed the
 *       server->client bytes (Reply, then every FPDU). Its resolver knows the source buffer the
 *       capture's Read Request names (filled before each iteration with what the capture's
 *       Read Response carries) and the sink buffer the capture's Writes target; receives are
 *       posted for the server's Sends. Every Read Response we send must be the capture's
 *       client Read Response FPDU octet for octet (MPA length, DDP/RDMAP header, payload, PAD,
 *       CRC), the Sends must complete into our receives in order, the Writes land in the sink.
 *   (b) the same, also posting rping's own Sends when rping does (on the upcalls): then the
 *       whole client->server stream we produce (Request, Sends, Read Responses) must equal
 *       siw's.
 *   (c) requester side: our stack is the rping SERVER (MPA Responder; its own request upcall
 *       accepts with the capture's IRD/ORD), fed the client->server bytes (Request, FPDUs). At
 *       each source advertisement it posts the RDMA Read the capture's server issued; the Read
 *       Request FPDU must be siw's octet for octet, and the Read must complete (IW_OK, in
 *       order) with the capture's 64 octets in our sink, only once its Read Response is in.
 *   (d) the same as the full rping server (Read, Send, Write of what was read, Send): the whole
 *       server->client stream we produce must equal siw's.
 * Every scenario runs fused (MPA place/commit) and verify-then-place, with the stream fed
 * whole, one octet at a time, and cut in two at every offset: every run must give the same
 * events, the same output octets and the same memory.
 *
 * Checks made inside callbacks are logged ("FAIL ...") into the run's event log, which is
 * compared between runs, so that a failure in any chunking shows as a difference. */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "check.h"
#include "host_fake.h"
#include "pcap.h"
#include <stdarg.h>

#define CAPTURE "tests/vectors/siw_rping_crc.pcap"
#define ITERS 3
#define MAXF 32 /* FPDUs per direction */

/* ---- big-endian helpers of our own (independent of the library's) ---- */

static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

/* ---- an MPA stream (frame, then FPDUs without markers) cut into FPDUs ---- */

typedef struct fp {
    size_t off, flen;           /* offset in the stream; FPDU octets with PAD and CRC */
    const uint8_t *p;           /* the FPDU */
    uint32_t ulen;              /* ULPDU_Length */
    unsigned tagged, last, ctl; /* T, L, RDMAP control octet */
    unsigned op;
    uint32_t stag, qn, msn, mo, ulp32;
    uint64_t to;
    const uint8_t *pay;         /* after the DDP header */
    size_t plen;
} fp;

typedef struct fpl {
    size_t frame_len;
    fp f[MAXF];
    int n;
} fpl;

static int fp_walk(const uint8_t *d, size_t len, fpl *l)
{
    size_t off;
    memset(l, 0, sizeof *l);
    if (len < 20) return 0;
    l->frame_len = 20u + be16(d + 18);
    if (l->frame_len > len) return 0;
    off = l->frame_len;
    while (off < len) {
        fp *f;
        const uint8_t *u;
        size_t ul, hl;
        if (len - off < 2 || l->n == MAXF) return 0;
        ul = be16(d + off);
        f = &l->f[l->n];
        f->flen = 2u + ul + ((4u - (2u + ul) % 4u) % 4u) + 4u;
        if (ul < 14 || f->flen > len - off) return 0;
        f->off = off;
        f->p = d + off;
        f->ulen = (uint32_t)ul;
        u = d + off + 2;
        f->tagged = u[0] >> 7;
        f->last = (u[0] >> 6) & 1u;
        f->ctl = u[1];
        f->op = u[1] & 0xFu;
        hl = f->tagged ? 14u : 18u;
        if (ul < hl) return 0;
        if (f->tagged) {
            f->stag = be32(u + 2);
            f->to = be64(u + 6);
        } else {
            f->ulp32 = be32(u + 2);
            f->qn = be32(u + 6);
            f->msn = be32(u + 10);
            f->mo = be32(u + 14);
        }
        f->pay = u + hl;
        f->plen = ul - hl;
        l->n++;
        off += f->flen;
    }
    return 1;
}

/* ---- the capture, and what rping did in it ---- */

typedef struct rq_fields {
    uint32_t sink_stag, size, src_stag;
    uint64_t sink_to, src_to;
} rq_fields;

typedef struct rping {
    pcap_conn pc[2];
    int nc, ok;
    const uint8_t *cli, *srv; /* dir 0 (client->server), dir 1 */
    size_t cli_len, srv_len;
    fpl fc, fs;
    const fp *c_send[2 * ITERS], *c_rresp[ITERS]; /* client: Sends, Read Responses */
    const fp *s_rreq[ITERS], *s_send[2 * ITERS], *s_write[ITERS];
    int n_cs, n_rr, n_rq, n_ss, n_w;
    rq_fields rq[ITERS];
    int sends_before_rq[ITERS]; /* server Sends ahead of each Read Request in its stream */
    uint16_t rep_ird, rep_ord;  /* the server's Reply */
} rping;
static rping C;

static int rping_load(void)
{
    int i;
    memset(&C, 0, sizeof C);
    C.nc = pcap_read_conns(CAPTURE, C.pc, 2);
    if (C.nc != 1) {
        fprintf(stderr, "  %s: %d connections\n", CAPTURE, C.nc);
        return 0;
    }
    C.cli = C.pc[0].dir[0].data;
    C.cli_len = C.pc[0].dir[0].len;
    C.srv = C.pc[0].dir[1].data;
    C.srv_len = C.pc[0].dir[1].len;
    if (C.pc[0].dir[0].gap || C.pc[0].dir[1].gap) return 0;
    if (!fp_walk(C.cli, C.cli_len, &C.fc) || !fp_walk(C.srv, C.srv_len, &C.fs)) return 0;
    for (i = 0; i < C.fc.n; i++) {
        const fp *f = &C.fc.f[i];
        if (!f->tagged && f->op == IW_RDMAP_OP_SEND && C.n_cs < 2 * ITERS) C.c_send[C.n_cs++] = f;
        else if (f->tagged && f->op == IW_RDMAP_OP_READ_RESP && C.n_rr < ITERS) C.c_rresp[C.n_rr++] = f;
        else return 0;
    }
    for (i = 0; i < C.fs.n; i++) {
        const fp *f = &C.fs.f[i];
        if (!f->tagged && f->op == IW_RDMAP_OP_READ_REQ && f->plen == 28 && C.n_rq < ITERS) {
            rq_fields *q = &C.rq[C.n_rq];
            q->sink_stag = be32(f->pay);
            q->sink_to = be64(f->pay + 4);
            q->size = be32(f->pay + 12);
            q->src_stag = be32(f->pay + 16);
            q->src_to = be64(f->pay + 20);
            C.sends_before_rq[C.n_rq] = C.n_ss;
            C.s_rreq[C.n_rq++] = f;
        } else if (!f->tagged && f->op == IW_RDMAP_OP_SEND && C.n_ss < 2 * ITERS) {
            C.s_send[C.n_ss++] = f;
        } else if (f->tagged && f->op == IW_RDMAP_OP_WRITE && C.n_w < ITERS) {
            C.s_write[C.n_w++] = f;
        } else {
            return 0;
        }
    }
    if (C.n_cs != 2 * ITERS || C.n_rr != ITERS || C.n_rq != ITERS || C.n_ss != 2 * ITERS ||
        C.n_w != ITERS)
        return 0;
    /* the Reply's IRD/ORD (rev 2, enhanced: the first 4 octets of its Private Data) */
    if (C.fs.frame_len < 24 || (C.srv[16] & 0x10u) == 0) return 0;
    C.rep_ird = (uint16_t)(be16(C.srv + 20) & 0x3FFFu);
    C.rep_ord = (uint16_t)(be16(C.srv + 22) & 0x3FFFu);
    /* rping's own consistency: the advertisements name what the server then reads/writes */
    for (i = 0; i < ITERS; i++) {
        const uint8_t *a = C.c_send[2 * i]->pay, *b = C.c_send[2 * i + 1]->pay;
        if (C.c_send[2 * i]->plen != 16 || C.c_send[2 * i + 1]->plen != 16) return 0;
        if (be64(a) != C.rq[i].src_to || be32(a + 8) != C.rq[i].src_stag || be32(a + 12) != C.rq[i].size)
            return 0;
        if (be64(b) != C.s_write[i]->to || be32(b + 8) != C.s_write[i]->stag ||
            be32(b + 12) != C.s_write[i]->plen)
            return 0;
        if (C.c_rresp[i]->stag != C.rq[i].sink_stag || C.c_rresp[i]->to != C.rq[i].sink_to ||
            C.c_rresp[i]->plen != C.rq[i].size)
            return 0;
        if (memcmp(&C.rq[i], &C.rq[0], sizeof C.rq[0]) != 0) return 0; /* one buffer each */
        if (C.s_write[i]->stag != C.s_write[0]->stag || C.s_write[i]->to != C.s_write[0]->to) return 0;
    }
    return 1;
}

/* ---- one endpoint: iw_mpa_conn + iw_rdmap_stream, its host, its ULP ---- */

#define ROLE_CLIENT 0 /* MPA Initiator, Read responder */
#define ROLE_SERVER 1 /* MPA Responder, Read requester */
#define OUT_CAP 4096
#define LOG_CAP 16384
#define ARENA 2048
#define GAP 32u
#define RBUF 64u
#define NRECV (2 * ITERS)
#define MAXCQE 16

typedef struct reg {
    uint32_t stag;
    uint64_t to;
    uint32_t len;
    unsigned acc;
    size_t off; /* in the arena */
} reg;

typedef struct sim {
    int role, post_sends, fused;
    iw_mpa_conn c;
    uint8_t reasm[IW_MPA_REASM_BYTES(2048)];
    iw_mpa_ulp_ops ulp;
    iw_rdmap_stream s;
    iw_rdmap_wr sq[8];
    iw_rdmap_inreq irq[4];
    /* host */
    hf_host h;               /* host_fake.h: h.wire is out; each send's stamp is fed */
    uint8_t out[OUT_CAP];
    size_t fed;              /* capture octets handed to iw_mpa_rx_feed so far */
    /* ULP */
    char log[LOG_CAP];
    size_t log_len;
    int bad;
    uint8_t arena[ARENA];
    uint8_t touched[ARENA];  /* octets we or the peer may legitimately have written */
    reg regs[2];
    int nregs;
    size_t src_off, sink_off, rbuf_off[NRECV];
    int nposted, rbuf_calls, nrecv, nchecks, ncqe, nerr, nposts;
    iw_rdmap_cqe cqe[MAXCQE];
    int reads_done, writes_done;
    int nplace;              /* FPDUs that took MPA's fused place/commit path */
    uint8_t adv[2][16];      /* client: its advertisements */
    iw_iov iov[2 * ITERS + 2 * ITERS];
} sim;

static sim *G;

static void slog(const char *fmt, ...)
{
    va_list ap;
    int n;
    if (G->log_len >= LOG_CAP - 1) return;
    va_start(ap, fmt);
    n = vsnprintf(G->log + G->log_len, LOG_CAP - G->log_len, fmt, ap);
    va_end(ap);
    if (n > 0) G->log_len += (size_t)n < LOG_CAP - G->log_len ? (size_t)n : LOG_CAP - 1 - G->log_len;
}

#define SIM_CHECK(c) do { if (!(c)) { slog("FAIL %s:%d %s\n", __FILE__, __LINE__, #c); G->bad++; } } while (0)

static uint8_t pat(size_t i) { return (uint8_t)(0xA0u + i % 31u); } /* never 0 */

/* -- host ops -- */

/* The host is host_fake.h's; every send records how much of the capture was fed then. */
static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    (void)ctx;
    G->h.stamp = G->fed;
    return hf_send(&G->h, iov, n, accepted);
}
static void h_close(void *ctx, int abortive)
{
    (void)ctx;
    hf_close(&G->h, abortive);
    slog("close abortive=%d\n", abortive);
}
static const iw_mpa_host_ops host_ops = {.send = h_send,
                                         .timer_arm = hf_timer_arm,
                                         .timer_cancel = hf_timer_cancel,
                                         .close = h_close};

/* -- memory -- */

static void mark(size_t off, size_t n) { memset(G->touched + off, 1, n); }

static iw_ddp_xlate r_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                              iw_ddp_buf *dst, size_t max, size_t *n)
{
    int i;
    const reg *r = NULL;
    (void)ctx;
    *n = 0;
    slog("resolve stag=%08x to=%016llx len=%u acc=%u%s\n", (unsigned)stag, (unsigned long long)to,
         (unsigned)len, access, dst ? "" : " check");
    if (access == IW_DDP_ACC_REMOTE_READ && !dst) {
        /* a Read Request is being processed (RDMAP-011): it was fed whole, and every message
         * the server sent before it was delivered */
        int k = G->nchecks++;
        SIM_CHECK(k < ITERS);
        if (k < ITERS) {
            SIM_CHECK(G->fed >= C.s_rreq[k]->off + C.s_rreq[k]->flen);
            SIM_CHECK(G->nrecv == C.sends_before_rq[k]); /* RDMAP-007a RDMAP-008a: Sends only */
        }
    }
    for (i = 0; i < G->nregs; i++)
        if (G->regs[i].stag == stag) r = &G->regs[i];
    if (!r) return IW_DDP_X_INVALID_STAG;
    if ((r->acc & access) != access) return IW_DDP_X_ACCESS;
    if (len && to + (len - 1u) < to) return IW_DDP_X_TO_WRAP;
    if (to < r->to || to - r->to > r->len || len > r->len - (to - r->to)) return IW_DDP_X_BOUNDS;
    if (!dst || max == 0) return IW_DDP_X_OK;
    dst[0].base = G->arena + r->off + (size_t)(to - r->to);
    dst[0].len = len;
    *n = 1;
    return IW_DDP_X_OK;
}

/* -- receives -- */

static iw_status r_recv_buf(void *ctx, unsigned opcode, iw_ddp_buf *bufs, size_t max, size_t *n,
                            iw_term *t)
{
    (void)ctx;
    slog("recv_buf op=%u\n", opcode);
    SIM_CHECK(opcode == IW_RDMAP_OP_SEND);
    *n = 0;
    if (G->rbuf_calls >= G->nposted || max < 1) {
        t->layer = 1;
        t->etype = 2;
        t->ecode = 2;
        return IW_ETERM;
    }
    bufs[0].base = G->arena + G->rbuf_off[G->rbuf_calls++];
    bufs[0].len = RBUF;
    *n = 1;
    return IW_OK;
}

static void post(const iw_rdmap_wr *wr)
{
    iw_status st;
    size_t i, len = wr->len;
    if (wr->opcode != IW_RDMAP_OP_READ_REQ)
        for (i = 0, len = 0; i < wr->nsge; i++) len += wr->sgl[i].len;
    G->nposts++;
    slog("post cookie=%u op=%u len=%zu\n", (unsigned)(uintptr_t)wr->cookie, wr->opcode, len);
    st = iw_rdmap_post(&G->s, wr); /* may complete it (and post more) before it returns */
    slog("post cookie=%u -> %d\n", (unsigned)(uintptr_t)wr->cookie, (int)st);
    SIM_CHECK(st == IW_OK);
}

static void post_send(const void *p, size_t len, int k)
{
    iw_rdmap_wr wr;
    memset(&wr, 0, sizeof wr);
    G->iov[k].base = p;
    G->iov[k].len = len;
    wr.opcode = IW_RDMAP_OP_SEND;
    wr.sgl = &G->iov[k];
    wr.nsge = 1;
    wr.cookie = (void *)(uintptr_t)(100 + k);
    post(&wr);
}

/* client: before iteration i, rping formats its source buffer: here, the octets the capture's
 * i-th Read Response carries */
static void client_iteration(int i)
{
    slog("client iteration %d\n", i);
    memcpy(G->arena + G->src_off, C.c_rresp[i]->pay, C.c_rresp[i]->plen);
    if (G->post_sends) post_send(G->adv[0], 16, 2 * i);
}

static void r_recv(void *ctx, const iw_rdmap_recv *r)
{
    int k = G->nrecv++;
    (void)ctx;
    slog("recv %d status=%d op=%u len=%u se=%u inv=%u imm=%u\n", k, (int)r->status, r->opcode,
         (unsigned)r->len, r->solicited, r->invalidated, r->has_imm);
    SIM_CHECK(r->status == IW_OK && r->opcode == IW_RDMAP_OP_SEND && !r->solicited &&
              !r->invalidated && !r->has_imm);
    SIM_CHECK(k < NRECV && k < G->rbuf_calls);
    if (k >= NRECV || r->status != IW_OK) return;
    if (G->role == ROLE_CLIENT) {
        const fp *f = C.s_send[k];
        int i = k / 2;
        SIM_CHECK(r->len == f->plen);
        SIM_CHECK(r->len <= RBUF && memcmp(G->arena + G->rbuf_off[k], f->pay, f->plen) == 0);
        mark(G->rbuf_off[k], f->plen);
        /* delivered only once its FPDU was fed whole (CRC included) */
        SIM_CHECK(G->fed >= f->off + f->flen);
        if (k % 2 == 0) { /* after the Read: advertise the sink */
            SIM_CHECK(G->nchecks == i + 1);
            if (G->post_sends) post_send(G->adv[1], 16, 2 * i + 1);
        } else { /* after the Write: its 64 octets are in the sink (placed, never delivered) */
            const fp *w = C.s_write[i];
            SIM_CHECK(memcmp(G->arena + G->sink_off, w->pay, w->plen) == 0);
            if (i + 1 < ITERS) client_iteration(i + 1);
        }
    } else {
        const fp *f = C.c_send[k];
        const uint8_t *a = G->arena + G->rbuf_off[k];
        iw_rdmap_wr wr;
        SIM_CHECK(r->len == f->plen && r->len == 16);
        SIM_CHECK(memcmp(a, f->pay, f->plen) == 0);
        mark(G->rbuf_off[k], f->plen);
        SIM_CHECK(G->fed >= f->off + f->flen);
        if (r->len != 16) return;
        memset(&wr, 0, sizeof wr);
        if (k % 2 == 0) { /* the source advertisement: RDMA Read it into our sink */
            wr.opcode = IW_RDMAP_OP_READ_REQ;
            wr.stag = be32(a + 8);
            wr.to = be64(a);
            wr.len = be32(a + 12);
            wr.sink_stag = G->regs[0].stag;
            wr.sink_to = G->regs[0].to;
            wr.cookie = (void *)(uintptr_t)(200 + k);
            post(&wr);
        } else if (G->post_sends) { /* the sink advertisement: Write what we read */
            wr.opcode = IW_RDMAP_OP_WRITE;
            wr.stag = be32(a + 8);
            wr.to = be64(a);
            G->iov[k].base = G->arena + G->sink_off;
            G->iov[k].len = be32(a + 12) <= G->regs[0].len ? be32(a + 12) : 0;
            wr.sgl = &G->iov[k];
            wr.nsge = 1;
            wr.cookie = (void *)(uintptr_t)(300 + k);
            post(&wr);
        }
    }
}

static void r_complete(void *ctx, const iw_rdmap_cqe *c)
{
    int k = G->ncqe++;
    (void)ctx;
    slog("complete %d cookie=%u op=%u status=%d len=%u\n", k, (unsigned)(uintptr_t)c->cookie,
         c->opcode, (int)c->status, (unsigned)c->len);
    SIM_CHECK(c->status == IW_OK);
    if (k < MAXCQE) G->cqe[k] = *c;
    if (G->role == ROLE_SERVER && c->opcode == IW_RDMAP_OP_READ_REQ) {
        int i = G->reads_done++;
        SIM_CHECK(i < ITERS);
        if (i >= ITERS) return;
        SIM_CHECK(c->len == C.rq[i].size);
        /* RDMAP-012: only once the whole Read Response was fed and placed */
        SIM_CHECK(G->fed >= C.c_rresp[i]->off + C.c_rresp[i]->flen);
        SIM_CHECK(memcmp(G->arena + G->sink_off, C.c_rresp[i]->pay, C.c_rresp[i]->plen) == 0);
        mark(G->sink_off, C.c_rresp[i]->plen);
        if (G->post_sends) post_send(C.s_send[2 * i]->pay, C.s_send[2 * i]->plen, 6 + 2 * i);
    } else if (G->role == ROLE_SERVER && c->opcode == IW_RDMAP_OP_WRITE) {
        int i = G->writes_done++;
        SIM_CHECK(i < ITERS);
        if (i < ITERS) post_send(C.s_send[2 * i + 1]->pay, C.s_send[2 * i + 1]->plen, 7 + 2 * i);
    }
}

static void r_error(void *ctx, const iw_rdmap_event *ev)
{
    (void)ctx;
    G->nerr++;
    slog("event kind=%u status=%d term=%u,%u,%u\n", ev->kind, (int)ev->status, ev->term.term.layer,
         ev->term.term.etype, ev->term.term.ecode);
}

static const iw_rdmap_ops rd_ops = {.resolve = r_resolve,
                                    .recv_buf = r_recv_buf,
                                    .recv = r_recv,
                                    .complete = r_complete,
                                    .error = r_error};

/* -- MPA upcalls of our own around rdmap.h's -- */

static void u_established(void *uctx, const iw_mpa_info *in)
{
    slog("established rev=%u crc=%u mk=%u/%u p2p=%u ird=%u ord=%u\n", in->rev, in->crc, in->markers_tx,
         in->markers_rx, in->p2p, in->ird, in->ord);
    iw_rdmap_mpa_established(uctx, in);
    if (G->role == ROLE_CLIENT) client_iteration(0);
}

static void u_request(void *uctx, const iw_mpa_info *in)
{
    iw_mpa_conn *c = (iw_mpa_conn *)((iw_rdmap_stream *)uctx)->ddp.lctx;
    iw_status st;
    slog("request rev=%u enh=%u crc=%u p2p=%u peer_ird=%u peer_ord=%u pd=%zu\n", in->rev, in->enhanced,
         in->crc, in->p2p, in->peer_ird, in->peer_ord, in->pd_len);
    st = iw_mpa_accept(c, C.rep_ird, C.rep_ord, NULL, 0);
    slog("accept -> %d\n", (int)st);
    SIM_CHECK(st == IW_OK);
}

/* fused: every FPDU placed while MPA computes its CRC; else verify-then-place (declined until
 * MPA checked it) */
static int u_fused;
static iw_status u_begin(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned flags,
                         iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!u_fused && !(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN;
    if (!(flags & IW_MPA_RX_VERIFIED) && have == len)
        G->nplace++; /* not logged: which path an FPDU takes depends on the chunking */
    return iw_rdmap_mpa_begin(uctx, u, have, len, flags, dst);
}

/* ---- one run ---- */

static int sim_setup(int role, int post_sends, int fused)
{
    iw_mpa_cfg cfg;
    iw_rdmap_cfg rc;
    size_t off = GAP, i;
    memset(G, 0, sizeof *G);
    hf_init(&G->h, G->out, sizeof G->out);
    G->role = role;
    G->post_sends = post_sends;
    G->fused = fused;
    for (i = 0; i < ARENA; i++) G->arena[i] = pat(i);
    if (role == ROLE_CLIENT) {
        /* the source buffer the Read Requests name, the sink the Writes target */
        const uint8_t *sa = C.c_send[1]->pay;
        G->src_off = off;
        G->regs[0].stag = C.rq[0].src_stag;
        G->regs[0].to = C.rq[0].src_to;
        G->regs[0].len = C.rq[0].size;
        G->regs[0].acc = IW_DDP_ACC_REMOTE_READ;
        G->regs[0].off = off;
        mark(off, C.rq[0].size); /* we write it ourselves */
        off += C.rq[0].size + GAP;
        G->sink_off = off;
        G->regs[1].stag = be32(sa + 8);
        G->regs[1].to = be64(sa);
        G->regs[1].len = be32(sa + 12);
        G->regs[1].acc = IW_DDP_ACC_REMOTE_WRITE;
        G->regs[1].off = off;
        off += G->regs[1].len + GAP;
        G->nregs = 2;
        mark(G->sink_off, C.s_write[0]->plen);
        /* rping's advertisements, built from our registrations */
        for (i = 0; i < 2; i++) {
            const reg *r = &G->regs[i];
            uint8_t *a = G->adv[i];
            int b;
            for (b = 0; b < 8; b++) a[b] = (uint8_t)(r->to >> (56 - 8 * b));
            for (b = 0; b < 4; b++) a[8 + b] = (uint8_t)(r->stag >> (24 - 8 * b));
            for (b = 0; b < 4; b++) a[12 + b] = (uint8_t)(r->len >> (24 - 8 * b));
        }
    } else {
        G->sink_off = off;
        G->regs[0].stag = C.rq[0].sink_stag;
        G->regs[0].to = C.rq[0].sink_to;
        G->regs[0].len = C.rq[0].size;
        G->regs[0].acc = IW_RDMAP_ACC_LOCAL_WRITE;
        G->regs[0].off = off;
        G->nregs = 1;
        off += C.rq[0].size + GAP;
    }
    for (i = 0; i < NRECV; i++) {
        G->rbuf_off[i] = off;
        off += RBUF + GAP;
    }
    G->nposted = NRECV;
    if (off > ARENA) return 0;

    iw_mpa_cfg_default(&cfg, role == ROLE_CLIENT ? IW_MPA_INITIATOR : IW_MPA_RESPONDER);
    cfg.rev = 2;
    cfg.markers_rx = 0;
    if (role == ROLE_CLIENT) {
        cfg.crc = 1;
        cfg.ird = cfg.ord = 1; /* what siw's client asked for */
    } else {
        cfg.crc = 0; /* CRC only because the siw client's Request asks for it (MPA-024/025) */
    }
    G->ulp = *iw_rdmap_mpa_ulp_ops();
    G->ulp.established = u_established;
    if (role == ROLE_SERVER) G->ulp.request = u_request;
    u_fused = fused;
    G->ulp.begin = u_begin;
    if (iw_mpa_init(&G->c, &cfg, &host_ops, &G->h, &G->ulp, &G->s, G->reasm, sizeof G->reasm) != IW_OK) return 0;
    iw_rdmap_cfg_default(&rc);
    rc.ird = rc.ord = 4;
    if (iw_rdmap_init(&G->s, &rc, iw_ddp_mpa_llp_ops(), &G->c, &rd_ops, G, G->sq, 8, G->irq, 4) != IW_OK)
        return 0;
    return iw_mpa_start(&G->c, NULL, 0) == IW_OK;
}

/* Feeds d[0..len) cut at cuts[0..ncut) (increasing offsets). */
static void sim_feed(const uint8_t *d, size_t len, const size_t *cuts, size_t ncut)
{
    size_t pos = 0, k;
    for (k = 0; k <= ncut && pos < len; k++) {
        size_t end = k < ncut ? cuts[k] : len;
        while (pos < end) {
            size_t used = 0;
            iw_status st;
            G->fed = end;
            st = iw_mpa_rx_feed(&G->c, d + pos, end - pos, &used);
            pos += used;
            if (st != IW_OK) {
                slog("feed status %d at %zu\n", (int)st, pos);
                G->bad++;
                return;
            }
            if (used == 0) {
                slog("feed stuck at %zu\n", pos);
                G->bad++;
                return;
            }
        }
    }
}

/* FNV-1a */
static uint32_t hash(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static void sim_result(char *out, size_t cap)
{
    snprintf(out, cap, "%s--\nout=%zu/%08x over=%d closes=%d mpa=%u/%d rdmap_failed=%d recv=%d cqe=%d err=%d "
             "ird_out=%u ord_out=%u arena=%08x bad=%d\n",
             G->log, G->h.wire_len, (unsigned)hash(G->out, G->h.wire_len), G->h.overflow, G->h.closed,
             iw_mpa_state(&G->c), (int)iw_mpa_last_error(&G->c)->status, iw_rdmap_failed(&G->s), G->nrecv,
             G->ncqe, G->nerr, (unsigned)iw_rdmap_ird_outstanding(&G->s),
             (unsigned)iw_rdmap_ord_outstanding(&G->s), (unsigned)hash(G->arena, ARENA), G->bad);
}

/* How much of the capture had been fed when our output octet off was handed to the host. */
static size_t fed_at(size_t off)
{
    int i;
    size_t r = (size_t)-1;
    for (i = 0; i < G->h.send_calls && i < HF_REC; i++)
        if (G->h.sends[i].off <= off) r = (size_t)G->h.sends[i].stamp;
    return r;
}

/* What every run must end with, besides its own checks: no error anywhere, every octet of the
 * arena we did not expect to be written still holds its pattern (DDP-037). */
static void sim_common_checks(int byte_by_byte)
{
    size_t i, stray = 0;
    /* fused only for an FPDU whole in one feed: every one when fed whole, none byte by byte */
    if (G->fused && !byte_by_byte) CHECK(G->nplace > 0);
    else CHECK_EQ(G->nplace, 0);
    CHECK_EQ(G->bad, 0);
    CHECK_EQ(G->h.overflow, 0);
    CHECK_EQ(G->h.closed, 0);
    CHECK_EQ(G->nerr, 0);
    CHECK_EQ(iw_mpa_state(&G->c), IW_MPA_S_FULL);
    CHECK_EQ(iw_mpa_last_error(&G->c)->status, IW_OK);
    CHECK_EQ(iw_rdmap_failed(&G->s), 0);
    CHECK_EQ(iw_rdmap_ird_outstanding(&G->s), 0);
    CHECK_EQ(iw_rdmap_ord_outstanding(&G->s), 0);
    CHECK_EQ(G->nrecv, NRECV);
    CHECK_EQ(G->rbuf_calls, NRECV); /* one receive per Send, none for anything else */
    for (i = 0; i < ARENA; i++)
        if (!G->touched[i] && G->arena[i] != pat(i)) stray++;
    CHECK_EQ(stray, 0);
    if (check__failed_here) fprintf(stderr, "  event log:\n%s", G->log);
}

/* Names the fields of an FPDU (no markers) at octet i. */
static const char *fp_field(const uint8_t *f, size_t flen, size_t i)
{
    int tagged = flen > 2 && (f[2] & 0x80u);
    size_t ul = flen >= 2 ? be16(f) : 0, pay = 2u + (tagged ? 14u : 18u);
    if (i < 2) return "MPA ULPDU_Length";
    if (i == 2) return "DDP control";
    if (i == 3) return "RDMAP control";
    if (i >= flen - 4) return "CRC";
    if (i >= 2 + ul) return "PAD";
    if (tagged) return i < 8 ? "STag" : i < 16 ? "TO" : "payload";
    if (i < 8) return "Invalidate STag (RsvdULP[8:39])";
    if (i < 12) return "QN";
    if (i < 16) return "MSN";
    if (i < 20) return "MO";
    if ((f[3] & 0x0Fu) == IW_RDMAP_OP_READ_REQ && i < pay + 28) {
        size_t r = i - pay;
        return r < 4 ? "SinkSTag" : r < 12 ? "SinkTO" : r < 16 ? "RDMARDSZ" : r < 20 ? "SrcSTag" : "SrcTO";
    }
    return "payload";
}

/* CHECKs ours == siw's and, if not, prints every differing octet with its field. */
static void fp_compare(const fp *ours, const fp *siw, const char *what, int idx)
{
    size_t i, n;
    CHECK_EQ(ours->flen, siw->flen);
    n = ours->flen < siw->flen ? ours->flen : siw->flen;
    if (ours->flen == siw->flen && memcmp(ours->p, siw->p, n) == 0) return;
    CHECK(0);
    fprintf(stderr, "  %s %d differs from siw's (ours %zu octets, siw %zu):\n", what, idx, ours->flen, siw->flen);
    for (i = 0; i < n; i++)
        if (ours->p[i] != siw->p[i])
            fprintf(stderr, "    octet %zu (%s): ours %02x siw %02x\n", i, fp_field(siw->p, siw->flen, i), ours->p[i],
                    siw->p[i]);
}

/* Our whole output against siw's stream, reporting the first difference. */
static void stream_compare(const uint8_t *siw, size_t siw_len, const char *what)
{
    size_t i, n = G->h.wire_len < siw_len ? G->h.wire_len : siw_len;
    CHECK_EQ(G->h.wire_len, siw_len);
    for (i = 0; i < n && G->out[i] == siw[i]; i++) continue;
    if (i < n || G->h.wire_len != siw_len) {
        CHECK(0);
        fprintf(stderr, "  %s: our stream (%zu octets) and siw's (%zu) first differ at octet %zu\n", what, G->h.wire_len,
                siw_len, i);
    }
}

/* ---- the scenarios ---- */

typedef void (*verify_fn)(int byte_by_byte);

static char res_base[LOG_CAP + 512], res_now[LOG_CAP + 512];
static uint8_t out_base[OUT_CAP];
static size_t out_base_len;
static size_t cuts[OUT_CAP];

/* Runs one scenario over the stream d[0..len): fused and verify-then-place, whole, one octet
 * at a time and cut at every offset; verify() checks the whole and byte-by-byte runs, every
 * other run must give the same result and output as the first. */
static void run_all(int role, int post_sends, const uint8_t *d, size_t len, verify_fn verify, const char *what)
{
    int fused;
    size_t i, runs = 0, diffs = 0;
    for (fused = 1; fused >= 0; fused--) {
        int mode;
        for (mode = 0; mode < 2; mode++) { /* whole, byte by byte */
            if (!sim_setup(role, post_sends, fused)) {
                CHECK(0);
                fprintf(stderr, "  %s: setup failed\n", what);
                return;
            }
            for (i = 0; i + 1 < len; i++) cuts[i] = i + 1;
            sim_feed(d, len, cuts, mode ? len - 1 : 0);
            sim_result(res_now, sizeof res_now);
            verify(mode);
            runs++;
            if (fused == 1 && mode == 0) {
                memcpy(res_base, res_now, sizeof res_base);
                memcpy(out_base, G->out, G->h.wire_len);
                out_base_len = G->h.wire_len;
            } else if (strcmp(res_base, res_now) != 0 || G->h.wire_len != out_base_len ||
                       memcmp(out_base, G->out, out_base_len) != 0) {
                CHECK(0);
                fprintf(stderr, "  %s: %s %s differs from the whole fused run:\n%s\nvs\n%s\n", what,
                        fused ? "fused" : "verify-then-place", mode ? "byte by byte" : "whole", res_now, res_base);
            }
        }
        for (i = 1; i < len; i++) {
            if (!sim_setup(role, post_sends, fused)) {
                CHECK(0);
                return;
            }
            cuts[0] = i;
            sim_feed(d, len, cuts, 1);
            sim_result(res_now, sizeof res_now);
            runs++;
            if (strcmp(res_base, res_now) != 0 || G->h.wire_len != out_base_len ||
                memcmp(out_base, G->out, out_base_len) != 0) {
                if (diffs++ == 0) {
                    CHECK(0);
                    fprintf(stderr, "  %s: %s split at %zu differs from the whole fused run:\n%s\nvs\n%s\n", what,
                            fused ? "fused" : "verify-then-place", i, res_now, res_base);
                }
            }
        }
    }
    if (diffs) fprintf(stderr, "  %s: %zu split runs differ\n", what, diffs);
    printf("# %s: %zu runs (fused and verify-then-place; whole, byte by byte, every split of %zu octets)\n", what,
           runs, len);
}

/* The FIN that ends the capture: no Terminate, nothing more sent, everything flushed. */
static void fin_checks(void)
{
    size_t before = G->h.wire_len;
    int err_before = G->nerr;
    iw_mpa_llp_closed(&G->c);
    CHECK_EQ(G->h.wire_len, before);
    CHECK_EQ(G->nerr, err_before + 1);
    CHECK_EQ(iw_rdmap_last_event(&G->s)->kind, IW_RDMAP_EV_LLP);
    CHECK_EQ(iw_rdmap_get_stats(&G->s)->tx_msgs[IW_RDMAP_OP_TERMINATE], 0);
}

/* (a) responder, no Sends of ours: the output is our Request and three Read Responses */
static void verify_responder(int byte_by_byte)
{
    static fpl o;
    int i;
    sim_common_checks(byte_by_byte);
    CHECK_EQ(G->ncqe, 0);      /* nothing posted, nothing completes: the Read Requests and the
                                  Writes give no completion */
    CHECK_EQ(G->nchecks, ITERS);
    /* our MPA Request is siw's client's (key, flags C and enhanced, rev 2, IRD/ORD 1/1) */
    CHECK(G->h.wire_len >= C.fc.frame_len && memcmp(G->out, C.cli, C.fc.frame_len) == 0);
    REQUIRE(fp_walk(G->out, G->h.wire_len, &o));
    CHECK_EQ(o.frame_len, C.fc.frame_len);
    CHECK_EQ(o.n, ITERS);
    for (i = 0; i < o.n && i < ITERS; i++) {
        /* RDMAP-003a RDMAP-006a RDMAP-006b RDMAP-006c: siw's Read Response, octet for octet */
        fp_compare(&o.f[i], C.c_rresp[i], "Read Response", i);
        /* sent once its Read Request was fed whole; byte by byte: at its last octet */
        CHECK(fed_at(o.f[i].off) >= C.s_rreq[i]->off + C.s_rreq[i]->flen);
        if (byte_by_byte) CHECK_EQ(fed_at(o.f[i].off), C.s_rreq[i]->off + C.s_rreq[i]->flen);
    }
    CHECK_MEM(G->arena + G->sink_off, C.s_write[ITERS - 1]->pay, C.s_write[ITERS - 1]->plen);
    CHECK_EQ(iw_rdmap_get_stats(&G->s)->tx_msgs[IW_RDMAP_OP_READ_RESP], ITERS);
    CHECK_EQ(iw_rdmap_get_stats(&G->s)->rx_msgs[IW_RDMAP_OP_READ_REQ], ITERS);
    CHECK_EQ(iw_rdmap_get_stats(&G->s)->rx_msgs[IW_RDMAP_OP_WRITE], ITERS);
    fin_checks();
}

static void t_responder(void) /* see the name in tests[] */
{
    REQUIRE(C.ok);
    run_all(ROLE_CLIENT, 0, C.srv, C.srv_len, verify_responder, "responder (rping client)");
}

/* (b) the rping client in full: our client->server stream is siw's */
static void verify_client_full(int byte_by_byte)
{
    static fpl o;
    int i, nrr = 0, ns = 0;
    sim_common_checks(byte_by_byte);
    stream_compare(C.cli, C.cli_len, "rping client stream");
    REQUIRE(fp_walk(G->out, G->h.wire_len, &o));
    CHECK_EQ(o.n, C.fc.n);
    for (i = 0; i < o.n && i < C.fc.n; i++) {
        const fp *f = &o.f[i];
        if (f->tagged) fp_compare(f, C.c_rresp[nrr], "Read Response", nrr), nrr++;
        else if (ns < 2 * ITERS) fp_compare(f, C.c_send[ns], "Send", ns), ns++; /* RDMAP-003b */
    }
    CHECK_EQ(nrr, ITERS);
    CHECK_EQ(ns, 2 * ITERS);
    CHECK_EQ(G->ncqe, 2 * ITERS); /* our Sends, in order */
    for (i = 0; i < G->ncqe && i < MAXCQE; i++) {
        CHECK_EQ(G->cqe[i].opcode, IW_RDMAP_OP_SEND);
        CHECK_EQ((uintptr_t)G->cqe[i].cookie, 100 + i);
        CHECK_EQ(G->cqe[i].len, 16);
    }
    fin_checks();
}

static void t_client_full(void)
{
    REQUIRE(C.ok);
    run_all(ROLE_CLIENT, 1, C.srv, C.srv_len, verify_client_full, "rping client with its Sends");
}

/* (c) requester: Reads only */
static void verify_requester(int byte_by_byte)
{
    static fpl o;
    int i;
    sim_common_checks(byte_by_byte);
    /* our Reply is siw's server's (key, C although we did not ask, enhanced, IRD/ORD 1/1) */
    CHECK(G->h.wire_len >= C.fs.frame_len && memcmp(G->out, C.srv, C.fs.frame_len) == 0);
    REQUIRE(fp_walk(G->out, G->h.wire_len, &o));
    CHECK_EQ(o.n, ITERS);
    for (i = 0; i < o.n && i < ITERS; i++) {
        /* RDMAP-003c: siw's Read Request (QN 1), octet for octet */
        fp_compare(&o.f[i], C.s_rreq[i], "Read Request", i);
        /* posted at the advertisement's delivery: sent once that Send was fed whole */
        CHECK(fed_at(o.f[i].off) >= C.c_send[2 * i]->off + C.c_send[2 * i]->flen);
        if (byte_by_byte) CHECK_EQ(fed_at(o.f[i].off), C.c_send[2 * i]->off + C.c_send[2 * i]->flen);
    }
    CHECK_EQ(G->ncqe, ITERS);
    CHECK_EQ(G->reads_done, ITERS);
    for (i = 0; i < G->ncqe && i < MAXCQE; i++) {
        CHECK_EQ(G->cqe[i].opcode, IW_RDMAP_OP_READ_REQ);
        CHECK_EQ(G->cqe[i].status, IW_OK);
        CHECK_EQ((uintptr_t)G->cqe[i].cookie, 200 + 2 * i); /* in posting order */
        CHECK_EQ(G->cqe[i].len, C.rq[i].size);
    }
    CHECK_MEM(G->arena + G->sink_off, C.c_rresp[ITERS - 1]->pay, C.c_rresp[ITERS - 1]->plen);
    CHECK_EQ(iw_rdmap_get_stats(&G->s)->rx_msgs[IW_RDMAP_OP_READ_RESP], ITERS);
    fin_checks();
}

static void t_requester(void)
{
    REQUIRE(C.ok);
    run_all(ROLE_SERVER, 0, C.cli, C.cli_len, verify_requester, "requester (rping server, Reads only)");
}

/* (d) the rping server in full: our server->client stream is siw's */
static void verify_server_full(int byte_by_byte)
{
    static fpl o;
    static const unsigned ops[4] = {IW_RDMAP_OP_READ_REQ, IW_RDMAP_OP_SEND, IW_RDMAP_OP_WRITE, IW_RDMAP_OP_SEND};
    int i, nq = 0, ns = 0, nw = 0;
    sim_common_checks(byte_by_byte);
    stream_compare(C.srv, C.srv_len, "rping server stream");
    REQUIRE(fp_walk(G->out, G->h.wire_len, &o));
    CHECK_EQ(o.n, C.fs.n);
    for (i = 0; i < o.n && i < C.fs.n; i++) {
        const fp *f = &o.f[i];
        if (f->tagged && nw < ITERS) fp_compare(f, C.s_write[nw], "RDMA Write", nw), nw++;
        else if (f->op == IW_RDMAP_OP_READ_REQ && nq < ITERS) fp_compare(f, C.s_rreq[nq], "Read Request", nq), nq++;
        else if (ns < 2 * ITERS) fp_compare(f, C.s_send[ns], "Send", ns), ns++;
    }
    CHECK_EQ(G->ncqe, 4 * ITERS);
    for (i = 0; i < G->ncqe && i < MAXCQE; i++) {
        CHECK_EQ(G->cqe[i].opcode, ops[i % 4]);
        CHECK_EQ(G->cqe[i].len, ops[i % 4] == IW_RDMAP_OP_SEND ? 16u : C.rq[0].size);
    }
    fin_checks();
}

static void t_server_full(void)
{
    REQUIRE(C.ok);
    run_all(ROLE_SERVER, 1, C.cli, C.cli_len, verify_server_full, "rping server with Sends and Writes");
}

static void t_capture(void) /* the capture is what the other tests assume */
{
    CHECK(C.ok);
    if (!C.ok) return;
    CHECK_EQ(C.fc.n, 3 * ITERS);
    CHECK_EQ(C.fs.n, 4 * ITERS);
    CHECK_EQ(C.rep_ird, 1);
    CHECK_EQ(C.rep_ord, 1);
    CHECK_EQ(C.rq[0].size, 64);
    printf("# %s: Read Request SinkSTag %08x SinkTO %016llx RDMARDSZ %u SrcSTag %08x SrcTO %016llx\n", CAPTURE,
           (unsigned)C.rq[0].sink_stag, (unsigned long long)C.rq[0].sink_to, (unsigned)C.rq[0].size,
           (unsigned)C.rq[0].src_stag, (unsigned long long)C.rq[0].src_to);
}

static const check_test tests[] = {
    {"siw rping capture: 1 connection, 9 + 12 FPDUs, rping's advertisements consistent", t_capture},
    {"siw rping server->client replayed into our client (Read responder): Read Responses are siw's octet for octet, "
     "Sends received in order, Writes placed, any chunking "
     "RDMAP-011 RDMAP-015 DDP-037 MPA-001 MPA-053 MPA-054 "
     "MPA-061",
     t_responder},
    {"siw rping client re-enacted: our client->server stream (Request, Sends, Read Responses) is siw's octet for "
     "octet DDP-004 MPA-046 MPA-061",
     t_client_full},
    {"siw rping client->server replayed into our server (Read requester): Read Requests are siw's octet for octet, "
     "Reads complete in order once their Response is in RDMAP-005 RDMAP-012 "
     "DDP-037 MPA-002 MPA-024 MPA-025 MPA-053 MPA-054 MPA-061",
     t_requester},
    {"siw rping server re-enacted: our server->client stream (Reply, Read Requests, Sends, Writes) is siw's octet "
     "for octet RDMAP-005 DDP-003 DDP-004 MPA-046 MPA-061",
     t_server_full},
};

int main(int argc, char **argv)
{
    int rc;
    G = (sim *)calloc(1, sizeof *G);
    if (!G) return 2;
    C.ok = rping_load();
    if (!C.ok) fprintf(stderr, "  %s: not the rping exchange this test expects\n", CAPTURE);
    rc = CHECK_RUN(tests);
    if (C.nc > 0) pcap_free_conns(C.pc, C.nc < 2 ? C.nc : 2);
    free(G);
    return rc;
}
