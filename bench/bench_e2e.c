/* bench_e2e.c: end to end through the whole stack (verbs.h -> rdmap.h -> ddp.h -> mpa.h and
 * back), against a plain byte pipe moving the same octets, measured in the same run,
 * interleaved, medians (STYLE.md 11).
 *
 *   cc -O2 -g -std=c99 -I. -Ibench bench/bench_e2e.c -o build/bench/bench_e2e -pthread
 *
 * e2e_mem_write_4096 (in memory, one process, one thread):
 *   subject   two verbs QPs (A: MPA Initiator, B: Responder; MPA rev 2, CRC on, no markers)
 *             joined by an in-memory byte FIFO (a ring of RING octets with wrap-around, as a
 *             TCP socket pair would be). Per message: iw_qp_post_sq of a 4 KiB RDMA Write
 *             (A's registered source -> B's registered sink, successive offsets), A's MPA
 *             writes the FPDU into the ring through the copy-out host ops (tx_room /
 *             tx_commit), the CRC computed during the payload's copy; the ring is
 *             drained into B with iw_mpa_rx_feed (contiguous pieces up to the wrap point;
 *             an FPDU cut by the wrap is reassembled, as from a real socket), where the fused
 *             copy+CRC places it into B's MR. Every 16th Write is signaled and reaped from
 *             A's CQ (ib_write_bw's default is every 100th).
 *   baseline  "ring_crc": the floor of the data work a Write needs: the same 4 KiB messages
 *             through the same ring, the sender copying each in with the fused copy+CRC kernel
 *             the stack uses (iw_crc32c_kernels_select's copy_crc, split at the wrap) and
 *             appending its 4-octet CRC, the receiver copying it out into the same sink offsets
 *             with the same kernel and comparing the CRC: two fused passes, no protocol.
 *   '#' line  "ring": the same through the ring with two plain memcpy and no CRC (the baseline
 *             until issue 15: what a TCP-like byte pipe does in memory).
 * The wire: EMSS E2E_EMSS (16384) so a 4 KiB Write is one FPDU (a loopback or jumbo-frame
 * MSS; the '# ' line gives EMSS 1460 too, where it is 3 FPDUs).
 * Working set: 256 KiB source, 256 KiB sink, the 64 KiB ring: in L2 (1 MiB per core).
 * Every result is checked: a last pass of each method into a zeroed sink must reproduce the
 * source exactly, every WC must be a success, B must have received exactly the FPDUs A sent
 * and both QPs must still be in RTS. A wrong result exits 1, slowness never does.
 *
 * tcp_write_65536, tcp_msg_rate_64, tcp_lat_64 (over loopback TCP, examples/posix/iw_posix.h
 * against plain sockets, two threads): see the section "Over loopback TCP" below.
 * BENCH_E2E_NO_TCP=1 runs the in-memory part only. Total run time about 10 s.
 *
 * e2e_write_64_instr (bench/instr.sh): this file built with -DMSG=64u and a small REPS, the
 * in-memory part run under valgrind's callgrind; the instructions of pass_e2e (inclusive:
 * both QPs, A's post and copy-out, B's parse and placement, the CQ) divided by the Writes it
 * posted, which the program prints ("pass_e2e Writes in all"). */
#define _POSIX_C_SOURCE 200809L /* sockets, threads (bench.h keeps a newer value) */
#include "bench.h"
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "examples/posix/iw_posix.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define PG 4096u
#define MEM (256u * 1024u) /* source and sink regions */
#define RING (64u * 1024u) /* the byte pipe */
#ifndef MSG
#define MSG 4096u /* bench/instr.sh builds it with 64 */
#endif
#define NMSG (MEM / MSG)   /* messages per pass */
#define SIG_EVERY 16u
#ifndef REPS
#define REPS 301
#endif
#define E2E_EMSS 16384u

/* ---- the in-memory byte pipe: a FIFO ring ---- */
typedef struct ring {
    uint8_t *buf;
    size_t head, len; /* read position, octets queued */
} ring;

/* Copies up to n octets of p into r; returns how many fitted. */
static size_t ring_put(ring *r, const uint8_t *p, size_t n)
{
    size_t tail = (r->head + r->len) % RING, room = RING - r->len, k;
    if (n > room) n = room;
    k = RING - tail < n ? RING - tail : n;
    memcpy(r->buf + tail, p, k);
    if (n > k) memcpy(r->buf, p + k, n - k);
    r->len += n;
    return n;
}

/* ---- one endpoint: RNIC, CQ, QP, MPA connection ---- */
typedef struct mep {
    iw_rnic r;
    iw_stag_ent stags[16];
    uint32_t pd, stag;
    iw_cq scq, rcq;
    iw_wc sring[64], rring[64];
    iw_qp qp;
    iw_swqe swqe[64];
    iw_rdmap_wr rwr[64];
    iw_recv_wr rwqe[8];
    iw_rdmap_inreq inreq[8];
    iw_mpa_conn c;
    uint8_t reasm[65535];
    ring *out; /* what this endpoint sends goes here */
    uint8_t *mem;
    uint64_t pbl[MEM / PG];
    int closed;
} mep;

static uint8_t *h_map(void *ctx, uint64_t addr, size_t len)
{
    (void)ctx;
    (void)len;
    return (uint8_t *)(uintptr_t)addr;
}
static const iw_rnic_host_ops rnic_ops = {.map = h_map};

/* MPA send: the FPDU's pieces (header scratch, payload in the MR, pad + CRC) into the ring;
 * a partial accept when it is full (MPA resumes from iw_mpa_tx_resume). */
static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *acc)
{
    mep *e = (mep *)ctx;
    size_t i, k;
    *acc = 0;
    for (i = 0; i < n; i++) {
        k = ring_put(e->out, (const uint8_t *)iov[i].base, iov[i].len);
        *acc += k;
        if (k < iov[i].len) break;
    }
    return IW_OK;
}
/* MPA copy-out transmit (iw_mpa_host_ops.tx_room): the FPDU is written straight into the
 * ring, its CRC computed during that copy; the room offered is the free run up to the wrap. */
static uint8_t *h_room(void *ctx, size_t want, size_t *cap)
{
    ring *r = ((mep *)ctx)->out;
    size_t tail = (r->head + r->len) % RING, room = RING - r->len;
    (void)want;
    *cap = RING - tail < room ? RING - tail : room;
    return r->buf + tail;
}
static iw_status h_commit(void *ctx, size_t n)
{
    ((mep *)ctx)->out->len += n;
    return IW_OK;
}
static void h_arm(void *c, unsigned id, uint32_t ms) { (void)c; (void)id; (void)ms; }
static void h_cancel(void *c, unsigned id) { (void)c; (void)id; }
static void h_close(void *c, int ab) { (void)ab; ((mep *)c)->closed = 1; }
static const iw_mpa_host_ops mpa_ops = {.send = h_send,
                                        .timer_arm = h_arm,
                                        .timer_cancel = h_cancel,
                                        .close = h_close,
                                        .tx_room = h_room,
                                        .tx_commit = h_commit};

static void h_request(void *uctx, const iw_mpa_info *in)
{
    iw_qp *qp = (iw_qp *)uctx;
    (void)in;
    (void)iw_mpa_accept(qp->llp, 8, 8, NULL, 0); /* llp is set before MPA starts (below) */
}
static iw_mpa_ulp_ops resp_ops;

/* Feed what r holds into c, in contiguous pieces up to the wrap point. 0 on a stall/error. */
static int ring_drain(ring *r, iw_mpa_conn *c)
{
    while (r->len) {
        size_t k = RING - r->head < r->len ? RING - r->head : r->len, used = 0;
        if (iw_mpa_rx_feed(c, r->buf + r->head, k, &used) != IW_OK || used == 0) return 0;
        r->head = (r->head + used) % RING;
        r->len -= used;
    }
    return 1;
}

static int ep_init(mep *e, uint8_t *mem, ring *out, unsigned acc)
{
    iw_qp_cfg qc;
    iw_qp_mem qm;
    iw_mr_reg g;
    uint32_t i;
    memset(e, 0, sizeof *e);
    e->mem = mem;
    e->out = out;
    if (iw_rnic_open(&e->r, &rnic_ops, e, e->stags, 16, 99, 0) != IW_V_OK) return 0;
    if (iw_pd_alloc(&e->r, &e->pd) != IW_V_OK) return 0;
    if (iw_cq_create(&e->r, &e->scq, e->sring, 64) != IW_V_OK) return 0;
    if (iw_cq_create(&e->r, &e->rcq, e->rring, 64) != IW_V_OK) return 0;
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = &e->scq;
    qc.rq_cq = &e->rcq;
    qc.pd = e->pd;
    qc.sq_depth = 64;
    qc.rq_depth = 8;
    qc.ird = qc.ord = 8;
    qc.read_en = qc.write_en = 1;
    qm.swqe = e->swqe;
    qm.rwr = e->rwr;
    qm.rwqe = e->rwqe;
    qm.inreq = e->inreq;
    if (iw_qp_create(&e->r, &e->qp, &qc, &qm) != IW_V_OK) return 0;
    for (i = 0; i < MEM / PG; i++) e->pbl[i] = (uint64_t)(uintptr_t)(mem + i * PG);
    memset(&g, 0, sizeof g);
    g.pd = e->pd;
    g.key = 0x5A;
    g.acc = acc;
    g.va = (uint64_t)(uintptr_t)mem;
    g.len = MEM;
    g.page_size = PG;
    g.pbl = e->pbl;
    g.npbl = MEM / PG;
    return iw_mr_register(&e->r, &g, &e->stag) == IW_V_OK;
}

/* ---- the benchmark state ---- */
enum { M_E2E, M_RING, M_RCRC, M_CRC, M_FUSED, M_N };
static uint8_t arena[3 * MEM + RING + 2 * PG];
static mep A, B;
static ring pipe_ab, pipe_ba;
typedef struct bench {
    uint8_t *src, *dst_e2e, *dst_ring, *rbuf;
    uint64_t bad, wcs, posted;
    uint32_t fpdus_per_msg;
    unsigned long e2e_writes;   /* Writes posted by every pass_e2e in all (bench/instr.sh) */
    iw_crc32c_kernels k;        /* selected once: the select probes the CPU (cpuid) */
} bench;
static bench b;

/* A and B in RTS over a fresh MPA pair (EMSS emss), with the pipes empty. */
static int connect_pair(uint32_t emss)
{
    iw_mpa_cfg mc;
    iw_qp_attr at;
    size_t guard;
    pipe_ab.buf = b.rbuf;
    pipe_ab.head = pipe_ab.len = 0;
    pipe_ba.buf = b.rbuf + RING + PG; /* the reverse direction carries only the Reply */
    pipe_ba.head = pipe_ba.len = 0;
    if (!ep_init(&A, b.src, &pipe_ab, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE)) return 0;
    if (!ep_init(&B, b.dst_e2e, &pipe_ba, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE))
        return 0;
    resp_ops = *iw_qp_mpa_ulp_ops();
    resp_ops.request = h_request;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR); /* rev 2, CRC requested, no markers */
    mc.emss = emss;
    if (iw_mpa_init(&A.c, &mc, &mpa_ops, &A, iw_qp_mpa_ulp_ops(), &A.qp, A.reasm, sizeof A.reasm) != IW_OK)
        return 0;
    iw_mpa_cfg_default(&mc, IW_MPA_RESPONDER);
    mc.emss = emss;
    if (iw_mpa_init(&B.c, &mc, &mpa_ops, &B, &resp_ops, &B.qp, B.reasm, sizeof B.reasm) != IW_OK)
        return 0;
    B.qp.llp = &B.c; /* for h_request: the QP learns its LLP at RTS, the upcall comes first */
    (void)iw_mpa_start(&B.c, NULL, 0);
    (void)iw_mpa_start(&A.c, NULL, 0);
    for (guard = 0; guard < 8 && (pipe_ab.len || pipe_ba.len); guard++) {
        if (!ring_drain(&pipe_ab, &B.c) || !ring_drain(&pipe_ba, &A.c)) return 0;
    }
    memset(&at, 0, sizeof at);
    at.next_state = IW_QP_RTS;
    at.llp = &B.c;
    if (iw_qp_modify(&B.qp, &at) != IW_V_OK) return 0;
    at.llp = &A.c;
    if (iw_qp_modify(&A.qp, &at) != IW_V_OK) return 0;
    return iw_qp_state(&A.qp) == IW_QP_RTS && iw_qp_state(&B.qp) == IW_QP_RTS;
}

/* CRC on: A's first FPDU, as it lies in the ring, ends with the CRC32c of what precedes it
 * (RFC 5044 §4.3; a connection without CRC sends zeros there). */
static int probe_crc(void)
{
    iw_send_wr w;
    uint8_t f[2 + 65535 + 8];
    size_t n, len, i;
    memset(&w, 0, sizeof w);
    w.type = IW_WR_WRITE;
    w.nsge = 1;
    w.sgl[0].stag = A.stag;
    w.sgl[0].to = (uint64_t)(uintptr_t)b.src;
    w.sgl[0].len = 64;
    w.remote_stag = B.stag;
    w.remote_to = (uint64_t)(uintptr_t)b.dst_e2e;
    if (iw_qp_post_sq(&A.qp, &w, 1, &n) != IW_V_OK || pipe_ab.len < 2) return 0;
    for (i = 0; i < pipe_ab.len && i < sizeof f; i++) f[i] = pipe_ab.buf[(pipe_ab.head + i) % RING];
    len = 2u + ((size_t)f[0] << 8 | f[1]);
    len += iw_mpa_pad(len - 2u);
    if (len + 4 != pipe_ab.len || len != 2u + 14u + 64u + iw_mpa_pad(78)) return 0;
    if (iw_crc32c(0, f, len) != ((uint32_t)f[len] | (uint32_t)f[len + 1] << 8 |
                                     (uint32_t)f[len + 2] << 16 | (uint32_t)f[len + 3] << 24))
        return 0;
    return ring_drain(&pipe_ab, &B.c);
}

/* pass_e2e stays a function of its own so that callgrind can count its instructions. */
#if defined(__GNUC__) || defined(__clang__)
#define E2E_NOINLINE __attribute__((noinline))
#else
#define E2E_NOINLINE
#endif

/* One pass: NMSG Writes of MSG octets through the stack. */
static E2E_NOINLINE void pass_e2e(void)
{
    uint32_t i;
    iw_send_wr w;
    iw_wc wc;
    size_t n;
    b.e2e_writes += NMSG;
    memset(&w, 0, sizeof w);
    w.type = IW_WR_WRITE;
    w.nsge = 1;
    w.sgl[0].stag = A.stag;
    w.sgl[0].len = MSG;
    w.remote_stag = B.stag;
    for (i = 0; i < NMSG; i++) {
        w.wr_id = i;
        w.flags = (i + 1) % SIG_EVERY == 0 ? IW_WR_SIGNALED : 0u;
        w.sgl[0].to = (uint64_t)(uintptr_t)(b.src + i * MSG);
        w.remote_to = (uint64_t)(uintptr_t)(b.dst_e2e + i * MSG);
        if (iw_qp_post_sq(&A.qp, &w, 1, &n) != IW_V_OK || n != 1) b.bad++;
        b.posted++;
        /* the FPDU (or what fitted of it) is in the ring: the receiver takes it all */
        while (pipe_ab.len || iw_mpa_tx_busy(&A.c)) {
            if (!ring_drain(&pipe_ab, &B.c)) { b.bad++; break; }
            if (iw_mpa_tx_busy(&A.c) && iw_mpa_tx_resume(&A.c) != IW_OK) { b.bad++; break; }
        }
        if (w.flags) {
            while (iw_cq_poll(&A.scq, &wc) == IW_V_OK) {
                b.wcs++;
                if (wc.status != IW_WC_SUCCESS) b.bad++;
            }
        }
    }
    BENCH_DO_NOT_OPTIMIZE(b.dst_e2e);
}

/* One pass of the baseline: the same messages into the ring and out into the sink. */
static void pass_ring(void)
{
    uint32_t i;
    for (i = 0; i < NMSG; i++) {
        uint8_t *d = b.dst_ring + i * MSG;
        size_t k;
        if (ring_put(&pipe_ab, b.src + i * MSG, MSG) != MSG) b.bad++;
        while (pipe_ab.len) { /* the reader takes what is there */
            k = RING - pipe_ab.head < pipe_ab.len ? RING - pipe_ab.head : pipe_ab.len;
            memcpy(d, pipe_ab.buf + pipe_ab.head, k);
            d += k;
            pipe_ab.head = (pipe_ab.head + k) % RING;
            pipe_ab.len -= k;
        }
    }
    BENCH_DO_NOT_OPTIMIZE(b.dst_ring);
}

/* One pass of the baseline ring_crc: each message copied into the ring with the fused
 * copy+CRC kernel and followed by its CRC (4 octets), then copied out of the ring into the
 * sink with the same kernel, and the two CRCs compared. */
static void pass_ring_crc(void)
{
    uint32_t i;
    for (i = 0; i < NMSG; i++) {
        const uint8_t *s = b.src + i * MSG;
        uint8_t *d = b.dst_ring + i * MSG, t[4], u[4];
        size_t tail = (pipe_ab.head + pipe_ab.len) % RING, k, n;
        uint32_t c;
        if (RING - pipe_ab.len < MSG + 4u) { b.bad++; return; }
        /* the sender */
        k = RING - tail < MSG ? RING - tail : MSG;
        c = b.k.copy_crc(0, pipe_ab.buf + tail, s, k);
        if (k < MSG) c = b.k.copy_crc(c, pipe_ab.buf, s + k, MSG - k);
        pipe_ab.len += MSG;
        memcpy(t, &c, 4);
        (void)ring_put(&pipe_ab, t, 4);
        /* the receiver */
        c = 0;
        for (n = MSG; n; n -= k) {
            k = RING - pipe_ab.head < n ? RING - pipe_ab.head : n;
            c = b.k.copy_crc(c, d, pipe_ab.buf + pipe_ab.head, k);
            d += k;
            pipe_ab.head = (pipe_ab.head + k) % RING;
        }
        for (k = 0; k < 4; k++) u[k] = pipe_ab.buf[(pipe_ab.head + k) % RING];
        pipe_ab.head = (pipe_ab.head + 4) % RING;
        pipe_ab.len -= MSG + 4u;
        memcpy(t, &c, 4);
        if (memcmp(t, u, 4)) b.bad++;
    }
    BENCH_DO_NOT_OPTIMIZE(b.dst_ring);
}

/* Reference pieces (not part of the ratio), over the same buffers: the CRC32c of each 4 KiB
 * payload alone (for comparison), and the fused copy+CRC kernel alone (what A's copy-out and
 * B's placement each run on the payload). */
static void pass_crc(void)
{
    uint32_t i, x = 0;
    for (i = 0; i < NMSG; i++) x ^= b.k.crc(0, b.src + i * MSG, MSG);
    bench_sink ^= x;
}
static void pass_fused(void)
{
    uint32_t i, x = 0;
    for (i = 0; i < NMSG; i++) x ^= b.k.copy_crc(0, b.dst_ring + i * MSG, b.src + i * MSG, MSG);
    bench_sink ^= x;
}

static double run(int m)
{
    uint64_t t0 = bench_now_ns();
    switch (m) {
    case M_E2E: pass_e2e(); break;
    case M_RING: pass_ring(); break;
    case M_RCRC: pass_ring_crc(); break;
    case M_CRC: pass_crc(); break;
    default: pass_fused(); break;
    }
    return (double)(bench_now_ns() - t0);
}

/* Interleaved medians of ns per pass for both methods at EMSS emss; 0 on a wrong result. */
static int measure(uint32_t emss, double med[M_N])
{
    static double t[M_N][REPS];
    const iw_mpa_stats *st;
    uint32_t rx0;
    int r, m;
    if (!connect_pair(emss)) {
        fprintf(stderr, "bench_e2e: connection setup failed\n");
        return 0;
    }
    if (!probe_crc()) {
        fprintf(stderr, "bench_e2e: the first FPDU does not carry a valid CRC32c\n");
        return 0;
    }
    b.bad = b.wcs = b.posted = 0;
    rx0 = iw_mpa_get_stats(&B.c)->rx_fpdus;
    for (r = 0; r < 5; r++) { /* warm up */
        pass_e2e();
        pass_ring();
        pass_ring_crc();
    }
    for (r = 0; r < REPS; r++) {
        for (m = 0; m < M_N; m++) {
            int k = (r & 1) ? M_N - 1 - m : m; /* alternate the order */
            t[k][r] = run(k);
        }
    }
    for (m = 0; m < M_N; m++) med[m] = bench_median(t[m], REPS);
    /* the check: a last pass of each into a zeroed sink (ring and ring_crc share theirs) */
    memset(b.dst_e2e, 0, MEM);
    memset(b.dst_ring, 0, MEM);
    pass_e2e();
    pass_ring_crc();
    if (memcmp(b.dst_ring, b.src, MEM)) b.bad++;
    memset(b.dst_ring, 0, MEM);
    pass_ring();
    st = iw_mpa_get_stats(&B.c);
    b.fpdus_per_msg = (st->rx_fpdus - rx0) / (uint32_t)b.posted;
    if (b.bad || memcmp(b.dst_e2e, b.src, MEM) || memcmp(b.dst_ring, b.src, MEM) ||
        b.wcs != b.posted / SIG_EVERY || (st->rx_fpdus - rx0) % (uint32_t)b.posted ||
        st->rx_fpdus - rx0 + 1u != iw_mpa_get_stats(&A.c)->tx_fpdus ||
        iw_qp_state(&A.qp) != IW_QP_RTS || iw_qp_state(&B.qp) != IW_QP_RTS || A.closed || B.closed) {
        fprintf(stderr, "bench_e2e: WRONG RESULT at EMSS %u: bad=%llu wcs=%llu posted=%llu "
                        "rx_fpdus=%u tx_fpdus=%u\n", (unsigned)emss, (unsigned long long)b.bad,
                (unsigned long long)b.wcs, (unsigned long long)b.posted,
                (unsigned)(st->rx_fpdus - rx0), (unsigned)iw_mpa_get_stats(&A.c)->tx_fpdus);
        return 0;
    }
    return 1;
}


/* ======================================================================================== */
/* Over loopback TCP: the POSIX host (examples/posix/iw_posix.h) against plain sockets.       */
/* ======================================================================================== */
/* Threading, the same for subject and baseline: the client (sender) is the main thread, the
 * server (receiver) one other thread; each drives its own endpoint (its own iw_px_loop), and
 * the raw sockets are blocking with TCP_NODELAY (iw_posix.h sets it on its sockets too). Both
 * threads follow the same fixed schedule, so no other coordination is needed. The STags and
 * TOs the peers would exchange are shared through memory (one process). Every transfer ends
 * with an acknowledgement from the receiver (an 8-octet Send, or 1 octet), and the time is
 * taken at the sender from its first octet to that acknowledgement.
 * tcp_write_65536 transfers 8 MiB per repetition (128 Writes; ib_write_bw's default is 5000
 * iterations). It measured 2 MiB until 2026-11-25: each repetition then began right after the
 * other side's, with this side's code and state to bring back into cache and its receiver
 * asleep, and ended with a round trip, a fixed cost per transfer that is larger for the
 * iWARP side (about 85 us against 30) and was a tenth of a 2 MiB transfer. Both sizes run;
 * the '#' line gives the 2 MiB figure and the fixed and per-Write costs fitted from the two. */
#ifndef T_EMSS
#define T_EMSS 65483u /* loopback MSS (MTU 65536, TCP timestamps): siw would take the socket's */
#endif
#define T_BW_MSG 65536u
#define T_BW_N 128u        /* 64 KiB messages per repetition: 8 MiB */
#define T_BW2_N 32u        /* the same in 2 MiB repetitions ('#' line: the fixed cost per transfer) */
#define T_RATE_MSG 64u
#define T_RATE_N 8000u     /* 64-octet messages per repetition */
#define T_LAT_N 400u       /* round trips per repetition */
#define T_REGION (1u << 20) /* source and sinks: the messages cycle through 1 MiB */
#define T_SIG 16u          /* every 16th WR is signaled */
#define T_NRX 32u          /* receives kept posted (control messages, echoes) */
#define T_TMO 5000         /* ms: any wait longer than this is a failure */
#ifndef T_REPS
#define T_REPS 31
#endif
enum { K_BW, K_RATE, K_LAT, K_BW2, K_N }; /* K_BW2: tcp_write_65536 in 2 MiB transfers */
enum { S_IW, S_RAW, S_N };
static const char *const kname[K_N] = {"tcp_write_65536", "tcp_msg_rate_64", "tcp_lat_64",
                                       "tcp_write_2MiB"};
/* Messages per repetition and their size, per kind. */
static uint32_t t_count(int k)
{
    return k == K_BW ? T_BW_N : k == K_BW2 ? T_BW2_N : k == K_RATE ? T_RATE_N : T_LAT_N;
}
static uint32_t t_size(int k) { return k == K_BW || k == K_BW2 ? T_BW_MSG : 64u; }

static struct tcpb {
    iw_px_loop cl, sl;
    iw_px_ep ce, se;
    iw_px_listener lis;
    iw_px_mr c_src, c_ctl, s_dst, s_ctl;
    int raw_c, raw_s;
    uint8_t *src, *dst_iw, *dst_raw, *c_ctl_buf, *s_ctl_buf; /* ctl: T_NRX slots of 64 octets */
    uint64_t seq;         /* client: WRs posted (wr_id) */
    uint64_t retired;     /* client: WRs known complete */
    double cpu[2][S_N];   /* CPU time (ns) of the sender [0] and receiver [1] thread in the
                             tcp_write_65536 repetitions, per side */
    unsigned long bw_calls, bw_partial; /* client: its send system calls and partial sends
                                           during the tcp_write_65536 repetitions */
    double t[K_N][S_N][T_REPS];
} T;

static void t_die(const char *who, const char *what, const iw_px_ep *ep)
{
    fprintf(stderr, "bench_e2e: %s: %s%s%s\n", who, what, ep ? ": " : "", ep ? iw_px_error(ep)->text : "");
    exit(1);
}

/* ---- the iWARP side ---- */
static int t_repost(iw_px_ep *ep, const iw_px_mr *mr, uint64_t slot)
{
    return iw_px_recv(ep, slot, mr, (slot % T_NRX) * 64u, 64u) == IW_V_OK;
}
/* Client: retire completions; wait while more than 48 WRs are outstanding (SQ 64). */
static void t_reap(int wait)
{
    iw_wc wc;
    while (T.seq - T.retired > (wait ? 48u : 63u) || iw_px_poll_wc(&T.ce, IW_PX_SQ_CQ, &wc)) {
        if (T.seq - T.retired > (wait ? 48u : 63u)) {
            if (iw_px_wait_wc(&T.ce, IW_PX_SQ_CQ, &wc, T_TMO) != 0) t_die("client", "SQ completion", &T.ce);
        }
        if (wc.status != IW_WC_SUCCESS) t_die("client", iw_wc_status_str(wc.status), &T.ce);
        T.retired = wc.wr_id + 1;
    }
}
static void t_post(iw_send_wr *w, int force_signal)
{
    w->wr_id = T.seq;
    w->flags = (force_signal || (T.seq + 1) % T_SIG == 0) ? IW_WR_SIGNALED : 0u;
    t_reap(1);
    if (iw_px_post(&T.ce, w) != IW_V_OK) t_die("client", "post", &T.ce);
    T.seq++;
}
/* Wait for one receive on ep, check its length, repost it. */
static iw_wc t_recv(iw_px_ep *ep, const iw_px_mr *mr, uint32_t len, const char *who)
{
    iw_wc wc;
    if (iw_px_wait_wc(ep, IW_PX_RQ_CQ, &wc, T_TMO) != 0) t_die(who, "receive", ep);
    if (wc.status != IW_WC_SUCCESS || wc.len != len) t_die(who, "receive status or length", ep);
    if (!t_repost(ep, mr, wc.wr_id + T_NRX)) t_die(who, "post receive", ep);
    return wc;
}

static void c_iw(int k)
{
    uint32_t i, n = t_count(k), len = t_size(k), slots = T_REGION / len;
    iw_send_wr w;
    if (k == K_LAT) {
        for (i = 0; i < n; i++) {
            iw_wc wc;
            uint8_t *m = T.c_ctl_buf + (T.seq % T_NRX) * 64u;
            memcpy(m, &i, sizeof i);
            w = iw_px_wr(IW_WR_SEND, 0, &T.c_ctl, (T.seq % T_NRX) * 64u, 64u);
            t_post(&w, 0);
            wc = t_recv(&T.ce, &T.c_ctl, 64u, "client");
            if (memcmp(T.c_ctl_buf + (wc.wr_id % T_NRX) * 64u, &i, sizeof i))
                t_die("client", "echo differs", NULL);
            t_reap(0);
        }
        return;
    }
    for (i = 0; i < n; i++) {
        w = iw_px_wr(IW_WR_WRITE, 0, &T.c_src, (uint64_t)(i % slots) * len, len);
        w.remote_stag = T.s_dst.stag;
        w.remote_to = T.s_dst.to + (uint64_t)(i % slots) * len;
        t_post(&w, 0);
        t_reap(0);
    }
    w = iw_px_wr(IW_WR_SEND, 0, &T.c_src, 0, 8u); /* done: placed in order after the Writes */
    t_post(&w, 1);
    (void)t_recv(&T.ce, &T.c_ctl, 8u, "client"); /* the server's acknowledgement */
    t_reap(0);
}

static void s_iw(int k, int r)
{
    uint32_t i;
    iw_wc wc, sc;
    iw_send_wr w;
    if (k == K_LAT) {
        for (i = 0; i < T_LAT_N; i++) {
            wc = t_recv(&T.se, &T.s_ctl, 64u, "server");
            w = iw_px_wr(IW_WR_SEND, i, &T.s_ctl, (wc.wr_id % T_NRX) * 64u, 64u); /* echo */
            w.flags = (i + 1) % T_SIG == 0 ? IW_WR_SIGNALED : 0u;
            if (iw_px_post(&T.se, &w) != IW_V_OK) t_die("server", "post", &T.se);
            while (iw_px_poll_wc(&T.se, IW_PX_SQ_CQ, &sc))
                if (sc.status != IW_WC_SUCCESS) t_die("server", "echo", &T.se);
        }
        return;
    }
    (void)t_recv(&T.se, &T.s_ctl, 8u, "server");
    if (r == T_REPS - 2) memset(T.dst_iw, 0, T_REGION); /* the last repetition must refill it */
    w = iw_px_wr(IW_WR_SEND, 0, &T.s_ctl, 0, 8u);
    if (iw_px_post(&T.se, &w) != IW_V_OK) t_die("server", "post", &T.se);
    if (iw_px_wait_wc(&T.se, IW_PX_SQ_CQ, &sc, T_TMO) != 0 || sc.status != IW_WC_SUCCESS)
        t_die("server", "acknowledgement", &T.se);
}

/* ---- the raw TCP side ---- */
static void t_write(int fd, const uint8_t *p, size_t n, const char *who)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k <= 0) {
            if (k < 0 && errno == EINTR) continue;
            t_die(who, "write", NULL);
        }
        p += k;
        n -= (size_t)k;
    }
}
/* Read exactly n octets into a ring of cap octets at *pos. */
static void t_read(int fd, uint8_t *ring_p, size_t cap, size_t *pos, size_t n, const char *who)
{
    while (n) {
        size_t room = cap - *pos;
        ssize_t k = read(fd, ring_p + *pos, n < room ? n : room);
        if (k <= 0) {
            if (k < 0 && errno == EINTR) continue;
            t_die(who, k == 0 ? "read: EOF" : "read (timeout?)", NULL);
        }
        *pos = (*pos + (size_t)k) % cap;
        n -= (size_t)k;
    }
}
static void c_raw(int k)
{
    uint32_t i, n = t_count(k), len = t_size(k), slots = T_REGION / len;
    uint8_t m[64];
    size_t pos = 0;
    if (k == K_LAT) {
        for (i = 0; i < n; i++) {
            memset(m, 0, sizeof m);
            memcpy(m, &i, sizeof i);
            t_write(T.raw_c, m, 64u, "client");
            t_read(T.raw_c, m, sizeof m, &pos, 64u, "client");
            if (memcmp(m, &i, sizeof i)) t_die("client", "raw echo differs", NULL);
        }
        return;
    }
    for (i = 0; i < n; i++) t_write(T.raw_c, T.src + (size_t)(i % slots) * len, len, "client");
    t_read(T.raw_c, m, sizeof m, &pos, 1u, "client");
}
static void s_raw(int k, int r)
{
    uint32_t i;
    uint8_t m[64];
    size_t pos = 0;
    if (k == K_LAT) {
        for (i = 0; i < T_LAT_N; i++) {
            t_read(T.raw_s, m, sizeof m, &pos, 64u, "server");
            t_write(T.raw_s, m, 64u, "server");
        }
        return;
    }
    t_read(T.raw_s, T.dst_raw, T_REGION, &pos,
           (size_t)t_count(k) * t_size(k), "server");
    if (r == T_REPS - 2) memset(T.dst_raw, 0, T_REGION);
    t_write(T.raw_s, m, 1u, "server");
}

/* The schedule both threads follow: repetitions, kinds, and the two sides alternating. */
#define T_ORDER(r, j) (((r) & 1) ? S_N - 1 - (j) : (j))

/* This thread's CPU time in ns (user + system). */
static double t_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void *server_main(void *arg)
{
    int r, k, j;
    (void)arg;
    if (iw_px_wait_ready(&T.se, T_TMO) != 0) t_die("server", "MPA setup", &T.se);
    for (r = 0; r < T_REPS; r++)
        for (k = 0; k < K_N; k++)
            for (j = 0; j < S_N; j++) {
                double c0 = t_cpu_ns();
                if (T_ORDER(r, j) == S_IW) s_iw(k, r);
                else s_raw(k, r);
                if (k == K_BW) T.cpu[1][T_ORDER(r, j)] += t_cpu_ns() - c0;
            }
    return NULL;
}

static int t_sockopt(int fd)
{
    int one = 1;
    struct timeval tv;
    tv.tv_sec = T_TMO / 1000;
    tv.tv_usec = 0;
    return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) == 0 &&
           setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) == 0;
}

/* A connected pair of blocking loopback sockets. */
static int raw_pair(int *c, int *s)
{
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    int l = socket(AF_INET, SOCK_STREAM, 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof a) || listen(l, 1) ||
        getsockname(l, (struct sockaddr *)&a, &al))
        return 0;
    *c = socket(AF_INET, SOCK_STREAM, 0);
    if (*c < 0 || connect(*c, (struct sockaddr *)&a, sizeof a)) return 0;
    *s = accept(l, NULL, NULL);
    close(l);
    return *s >= 0 && t_sockopt(*c) && t_sockopt(*s);
}

static int tcp_bench(double med[K_N][S_N], double lo[K_N][S_N], double hi[K_N][S_N])
{
    static uint8_t mem[3 * T_REGION + 2 * T_NRX * 64u + PG];
    iw_px_opts o;
    pthread_t th;
    uint64_t seed = 0x13198A2E03707344ULL, t0;
    uint32_t i;
    int r, k, j;
    uint8_t *base = (uint8_t *)(((uintptr_t)mem + PG - 1) & ~(uintptr_t)(PG - 1));
    T.src = base;
    T.dst_iw = base + T_REGION;
    T.dst_raw = base + 2 * T_REGION;
    T.c_ctl_buf = base + 3 * T_REGION;
    T.s_ctl_buf = T.c_ctl_buf + T_NRX * 64u;
    bench_fill(T.src, T_REGION, &seed);
    if (!raw_pair(&T.raw_c, &T.raw_s)) t_die("setup", "loopback socket pair", NULL);
    iw_px_loop_init(&T.cl);
    iw_px_loop_init(&T.sl);
    iw_px_opts_default(&o); /* MPA rev 2, CRC on, no markers */
    o.rev = 2;
    o.crc = 1;
    o.emss = T_EMSS;
    if (iw_px_ep_init(&T.cl, &T.ce, &o) || iw_px_ep_init(&T.sl, &T.se, &o)) t_die("setup", "endpoints", NULL);
    if (iw_px_listen(&T.sl, &T.lis, "127.0.0.1", 0) || iw_px_accept(&T.lis, &T.se))
        t_die("setup", "listen", &T.se);
    if (iw_px_reg(&T.ce, T.src, T_REGION, IW_ACC_LOCAL_READ, &T.c_src) ||
        iw_px_reg(&T.ce, T.c_ctl_buf, T_NRX * 64u, IW_ACC_LOCAL_WRITE, &T.c_ctl) ||
        iw_px_reg(&T.se, T.dst_iw, T_REGION, IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, &T.s_dst) ||
        iw_px_reg(&T.se, T.s_ctl_buf, T_NRX * 64u, IW_ACC_LOCAL_WRITE, &T.s_ctl))
        t_die("setup", "register", NULL);
    for (i = 0; i < T_NRX; i++)
        if (!t_repost(&T.ce, &T.c_ctl, i) || !t_repost(&T.se, &T.s_ctl, i)) t_die("setup", "receives", NULL);
    if (iw_px_connect(&T.ce, "127.0.0.1", iw_px_listen_port(&T.lis))) t_die("client", "connect", &T.ce);
    if (pthread_create(&th, NULL, server_main, NULL)) t_die("setup", "thread", NULL);
    if (iw_px_wait_ready(&T.ce, T_TMO) != 0) t_die("client", "MPA setup", &T.ce);
    if (!iw_px_info(&T.ce)->crc || iw_px_info(&T.ce)->rev != 2) t_die("client", "not rev 2 with CRC", NULL);
    for (r = 0; r < T_REPS; r++)
        for (k = 0; k < K_N; k++)
            for (j = 0; j < S_N; j++) {
                int s = T_ORDER(r, j);
                unsigned long calls0 = T.ce.tx_syscalls, part0 = T.ce.tx_partial;
                double c0 = t_cpu_ns();
                t0 = bench_now_ns();
                if (s == S_IW) c_iw(k);
                else c_raw(k);
                T.t[k][s][r] = (double)(bench_now_ns() - t0);
                if (k == K_BW) T.cpu[0][s] += t_cpu_ns() - c0;
                if (s == S_IW && k == K_BW) {
                    T.bw_calls += T.ce.tx_syscalls - calls0;
                    T.bw_partial += T.ce.tx_partial - part0;
                }
            }
    pthread_join(th, NULL);
    /* the sinks were zeroed before the last repetition of each kind: it must have refilled
     * them from the source, through the stack and through the socket */
    if (memcmp(T.dst_iw, T.src, T_REGION) || memcmp(T.dst_raw, T.src, T_REGION)) {
        fprintf(stderr, "bench_e2e: WRONG RESULT: a sink differs from the source (iwarp %d, raw %d)\n",
                memcmp(T.dst_iw, T.src, T_REGION) != 0, memcmp(T.dst_raw, T.src, T_REGION) != 0);
        return 0;
    }
    if (iw_px_state(&T.ce) != IW_PX_S_READY || iw_px_state(&T.se) != IW_PX_S_READY)
        t_die("end", "an endpoint is not READY", &T.ce);
    (void)iw_px_close(&T.ce, 1000);
    close(T.raw_c);
    close(T.raw_s);
    for (k = 0; k < K_N; k++)
        for (j = 0; j < S_N; j++) {
            double *v = T.t[k][j];
            med[k][j] = bench_median(v, T_REPS); /* sorts v */
            lo[k][j] = v[0];
            hi[k][j] = v[T_REPS - 1];
        }
    return 1;
}

int main(void)
{
    double big[M_N], small[M_N], gb_e, gb_r, gb_rc;
    uint64_t seed = 0x243F6A8885A308D3ULL;
    uint8_t *base = (uint8_t *)(((uintptr_t)arena + PG - 1) & ~(uintptr_t)(PG - 1));
    b.src = base;
    b.dst_e2e = base + MEM;
    b.dst_ring = base + 2 * MEM;
    b.rbuf = base + 3 * MEM;
    bench_fill(b.src, MEM, &seed);
    iw_crc32c_kernels_select(&b.k);
    if (!measure(1460, small)) return 1;
    if (!measure(E2E_EMSS, big)) return 1;
    if (b.fpdus_per_msg != 1) {
        fprintf(stderr, "bench_e2e: a 4 KiB Write took %u FPDUs at EMSS %u\n",
                (unsigned)b.fpdus_per_msg, (unsigned)E2E_EMSS);
        return 1;
    }
    gb_e = (double)MEM / big[M_E2E];
    gb_r = (double)MEM / big[M_RING];
    gb_rc = (double)MEM / big[M_RCRC];
    printf("e2e in memory, %u Writes of %u octets per pass, medians of %d interleaved passes:\n",
           (unsigned)NMSG, (unsigned)MSG, REPS);
    printf("  %-34s %8.1f ns/msg %7.2f GB/s\n", "verbs QP -> QP (EMSS 16384)", big[M_E2E] / NMSG, gb_e);
    printf("  %-34s %8.1f ns/msg %7.2f GB/s\n", "ring_crc (fused copy+CRC in, out)", big[M_RCRC] / NMSG, gb_rc);
    printf("  %-34s %8.1f ns/msg %7.2f GB/s\n", "ring (copy in, copy out)", big[M_RING] / NMSG, gb_r);
    printf("  %-34s %8.1f ns/msg %7.2f GB/s\n", "verbs QP -> QP (EMSS 1460)", small[M_E2E] / NMSG,
           (double)MEM / small[M_E2E]);
    printf("  pass_e2e Writes in all: %lu\n", b.e2e_writes);
    printf("  fused copy+CRC kernel set: %s\n", b.k.name);
    printf("# e2e_mem_write_4096 per Write: %.0f ns = fused copy+CRC into the ring about %.0f "
           "(sender) + fused copy+CRC %.0f (receiver) + %.0f the stack's per-message work (post, "
           "translate, segment, frame, parse, complete); CRC32c alone %.0f, a plain copy about %.0f\n",
           big[M_E2E] / NMSG, big[M_FUSED] / NMSG, big[M_FUSED] / NMSG,
           (big[M_E2E] - 2 * big[M_FUSED]) / NMSG, big[M_CRC] / NMSG, big[M_RING] / NMSG / 2);
    printf("# e2e_mem_write_4096 vs ring_crc: the baseline is the data work a Write cannot avoid "
           "(the sender's fused copy+CRC into the ring, the receiver's out of it, the CRC "
           "compared): %.0f ns per message; the stack spends %.0f ns more per Write (both QPs' "
           "post, translation, framing, parsing, checks, completion); at ratio 0.65 it may spend %.0f\n",
           big[M_RCRC] / NMSG, (big[M_E2E] - big[M_RCRC]) / NMSG, big[M_RCRC] / 0.65 / NMSG - big[M_RCRC] / NMSG);
    printf("# e2e_mem_write_4096 vs ring (two plain memcpy, no CRC; the baseline until issue 15): "
           "ring %.3f GB/s, ratio %.3f; ring_crc against ring %.3f\n", gb_r, gb_e / gb_r, gb_rc / gb_r);
    printf("# e2e_mem_write_4096: verbs.h QPs in one thread over an in-memory ring (MPA rev 2, CRC on, "
           "no markers, EMSS %u: one FPDU per Write; higher is better); at EMSS 1460 (3 FPDUs) "
           "%.2f GB/s, ratio %.3f vs ring_crc\n", (unsigned)E2E_EMSS, (double)MEM / small[M_E2E],
           small[M_RCRC] / small[M_E2E]);
    printf("BENCH e2e_mem_write_4096 %.3f GB/s vs ring_crc ratio=%.3f\n", gb_e, gb_e / gb_rc);
    fflush(stdout);
    if (getenv("BENCH_E2E_NO_TCP")) return 0;
    {
        double med[K_N][S_N], lo[K_N][S_N], hi[K_N][S_N], v[K_N][S_N][3];
        static const char *const unit[K_N] = {"GB/s", "Mmsg/s", "us", "GB/s"};
        int k, j, q;
        if (!tcp_bench(med, lo, hi)) return 1;
        for (k = 0; k < K_N; k++)
            for (j = 0; j < S_N; j++) { /* [0] median, [1] worst, [2] best, in the unit */
                double *x[3];
                x[0] = &med[k][j], x[1] = &hi[k][j], x[2] = &lo[k][j];
                for (q = 0; q < 3; q++)
                    v[k][j][q] = k == K_BW || k == K_BW2 ? (double)t_count(k) * T_BW_MSG / *x[q]
                                 : k == K_RATE ? (double)T_RATE_N * 1e3 / *x[q]
                                               : *x[q] / T_LAT_N / 2 / 1e3;
            }
        printf("over loopback TCP, client and server threads, medians of %d interleaved repetitions "
               "(range worst..best):\n", T_REPS);
        for (k = 0; k < K_N; k++)
            for (j = 0; j < S_N; j++)
                printf("  %-16s %-8s %9.3f %-6s (%.3f..%.3f)\n", kname[k], j == S_IW ? "iwarp" : "raw_tcp",
                       v[k][j][0], unit[k], v[k][j][1], v[k][j][2]);
        printf("# tcp_*: iw_posix.h endpoints (MPA rev 2, CRC on, no markers, EMSS %u) against "
               "blocking sockets, both TCP_NODELAY, sender = main thread, receiver = a second "
               "thread; %u Writes of 64 KiB (8 MiB) / %u Writes of 64 octets (every %uth signaled) then an "
               "8-octet Send answered by one; raw: write() of the same sizes, the reader reads into "
               "a 1 MiB ring, answers 1 octet\n", (unsigned)T_EMSS, (unsigned)T_BW_N,
               (unsigned)T_RATE_N, (unsigned)T_SIG);
        printf("# tcp_write_65536: the sender's send system calls per 64 KiB Write %.2f (the "
               "Write's two FPDUs gathered into one sendmsg, IW_PX_GATHER %d), partial sends per "
               "Write %.3f\n", (double)T.bw_calls / ((double)T_REPS * (T_BW_N + 1u)), IW_PX_GATHER,
               (double)T.bw_partial / ((double)T_REPS * (T_BW_N + 1u)));
        printf("# tcp_write_65536: CPU time per 64 KiB Write (thread clocks, all repetitions): "
               "sender %.1f us (raw %.1f), receiver %.1f us (raw %.1f)\n",
               T.cpu[0][S_IW] / 1e3 / ((double)T_REPS * T_BW_N), T.cpu[0][S_RAW] / 1e3 / ((double)T_REPS * T_BW_N),
               T.cpu[1][S_IW] / 1e3 / ((double)T_REPS * T_BW_N), T.cpu[1][S_RAW] / 1e3 / ((double)T_REPS * T_BW_N));
        {   /* two transfer sizes in the same run: a fixed cost per transfer and a cost per Write */
            double pw[S_N], fx[S_N];
            for (j = 0; j < S_N; j++) {
                pw[j] = (med[K_BW][j] - med[K_BW2][j]) / (double)(T_BW_N - T_BW2_N);
                fx[j] = med[K_BW2][j] - (double)T_BW2_N * pw[j];
            }
            printf("# tcp_write_65536 in %u-Write (2 MiB) transfers, the same run: %.3f GB/s vs "
                   "%.3f, ratio %.3f. From the two sizes' medians, a transfer costs a fixed "
                   "%.0f us (raw %.0f: the first Writes after the other side's transfer, with caches "
                   "to refill and the receiver to wake, and the closing acknowledgement's round "
                   "trip) plus %.2f us per 64 KiB Write (raw %.2f): ratio per Write %.3f\n", (unsigned)T_BW2_N, v[K_BW2][S_IW][0], v[K_BW2][S_RAW][0],
                   v[K_BW2][S_IW][0] / v[K_BW2][S_RAW][0], fx[S_IW] / 1e3, fx[S_RAW] / 1e3,
                   pw[S_IW] / 1e3, pw[S_RAW] / 1e3, pw[S_RAW] / pw[S_IW]);
        }
        printf("# tcp_lat_64: half the round trip of a 64-octet Send answered by a 64-octet Send, "
               "against write()/read() of 64 octets each way; lower is better (ratio = ours/raw); "
               "spread of the iwarp side over %d repetitions %.2f..%.2f us\n", T_REPS,
               v[K_LAT][S_IW][2], v[K_LAT][S_IW][1]);
        for (k = 0; k < K_BW2; k++)
            printf("BENCH %s %.3f %s vs raw_tcp ratio=%.3f\n", kname[k], v[k][S_IW][0], unit[k],
                   v[k][S_IW][0] / v[k][S_RAW][0]);
    }
    return 0;
}
