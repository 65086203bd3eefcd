/* bench_ddp.c: tagged DDP placement (ddp.h) against memcpy of the same octets between the same
 * buffers, with and without the MPA CRC, measured in the same run, interleaved, medians.
 *
 *   cc -O2 -g -std=c99 -I. -Ibench bench/bench_ddp.c -o build/bench/bench_ddp && build/bench/bench_ddp
 *
 * What is timed, per tagged segment (14-octet header + P octets of payload, one RDMA Write
 * message of many segments, TO advancing, L on the last):
 *   memcpy      the baseline: memcpy(dst, payload, P), the same source and destination
 *               pointers as the placement (length not a compile-time constant: a libc call,
 *               as in ddp.h)
 *   place       iw_ddp_rx: decode, the ULP's check (an RDMAP-like RsvdULP check), resolve
 *               through mem_ops (STag table: index, key, PD, access, wrap, bounds, VA-based
 *               TO -> pointer), the piece check, the copy, the message bookkeeping
 *   verify      (a) verify-then-place: CRC32c over the FPDU (iw_crc32c_select), compare
 *               with its CRC field, then iw_ddp_rx
 *   fused       (b) CRC of the 2-octet ULPDU_Length (iw_crc32c_short: inline crc32),
 *               iw_ddp_rx_begin (unchecked), header CRC and copy + CRC into its piece in one
 *               call (copy2_crc), CRC of the pad, compare, iw_ddp_rx_commit (what mpa.h's
 *               iw__rx_whole does for such a segment)
 *   mpa         the full path: iw_mpa_rx_feed of the whole stream of FPDUs (CRC on, no markers)
 *               into an Initiator in Full Operation whose ulp ops are the ddp.h adapters
 *               behind a begin that declines until MPA checked the FPDU (verify-then-place)
 *   mpa_fused   the same with the adapters as they are (fused inside mpa.h)
 *   crc         reference only: CRC32c over the FPDU alone
 *   kernel      reference only: the fused copy+CRC kernel (iw_crc32c_copy_select) alone
 *               on the payload, same buffers as memcpy
 * Working set: the received stream (FPDUs back to back, as TCP hands them over) and the
 * target MR, together about half of the 1 MiB L2 of the Zen 4 and Zen 5 cores it was measured
 * on and 10-16 times their 32-48 KiB L1D: every pass touches every line of both, so data comes
 * from L2, not L1.
 * BENCH_DDP_MR_KIB (default 256) changes the MR size (and the number of segments with it).
 * Every method's result is checked (MR contents, CRCs, deliveries, stream errors); a wrong
 * result exits 1, slowness never does. */
#include "bench.h"
#define IWARP_IMPLEMENTATION
#include "ddp.h"
#include "tests/host_fake.h"
#include <stdio.h>
#include <string.h>

#define REPS 301
#define MAXSEG 8192
#define MR_N 64       /* STag table entries */
#define MR_IDX 37     /* the MR we write */
#define MR_KEY 0xA5u
#define PD_ID 7u
#define MR_VA 0x00007f3a12340000ULL /* the MR's VA as the peer sees it (TO space) */

/* ---- memory translation: an STag table like verbs.h would keep ---- */
typedef struct mr_ent {
    uint8_t valid, key;
    uint32_t pd;
    unsigned access;
    uint64_t va, len;
    uint8_t *host;
} mr_ent;
typedef struct mem_tab {
    mr_ent e[MR_N];
    uint32_t pd; /* the stream's (QP's) PD */
    uint64_t lookups;
} mem_tab;

static iw_ddp_xlate resolve(void *mctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                            iw_ddp_buf *dst, size_t max, size_t *n)
{
    mem_tab *t = (mem_tab *)mctx;
    uint32_t idx = stag >> 8;
    const mr_ent *m;
    uint64_t off;
    t->lookups++;
    if (idx >= MR_N) return IW_DDP_X_INVALID_STAG;
    m = &t->e[idx];
    if (!m->valid || m->key != (uint8_t)stag) return IW_DDP_X_INVALID_STAG;
    if (m->pd != t->pd) return IW_DDP_X_NOT_ASSOC;
    if ((m->access & access) != access) return IW_DDP_X_ACCESS;
    if (to + len < to) return IW_DDP_X_TO_WRAP;
    if (to < m->va) return IW_DDP_X_BOUNDS;
    off = to - m->va;
    if (off > m->len || len > m->len - off) return IW_DDP_X_BOUNDS;
    if (max < 1) return IW_DDP_X_BOUNDS;
    dst[0].base = m->host + off;
    dst[0].len = len;
    *n = 1;
    return IW_DDP_X_OK;
}

/* ---- ULP: RDMAP-like check (RV = 01b, opcode RDMA Write) and a counting deliver ---- */
typedef struct ulp_ctx {
    uint64_t msgs, bytes, errors;
} ulp_ctx;

static iw_status u_check(void *uctx, const iw_ddp_hdr *h, unsigned *access, iw_term *t)
{
    (void)uctx;
    if ((h->ulp >> 6) != 1u || (h->ulp & 0x0Fu) != 0u || !h->tagged) {
        t->layer = 2; /* RDMAP */
        t->etype = 2;
        t->ecode = 5;
        return IW_ETERM;
    }
    *access = IW_DDP_ACC_REMOTE_WRITE;
    return IW_OK;
}
static iw_status u_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    ulp_ctx *u = (ulp_ctx *)uctx;
    (void)h;
    u->msgs++;
    u->bytes += len;
    return IW_OK;
}
static void u_error(void *uctx, const iw_ddp_error *e)
{
    (void)e;
    ((ulp_ctx *)uctx)->errors++;
}
static const iw_ddp_ulp_ops ddp_ulp = {.check = u_check, .deliver = u_deliver, .error = u_error};

/* ---- LLP for the direct calls (transmit is not used) ---- */
static iw_status l_send(void *l, const iw_iov *v, size_t n) { (void)l; (void)v; (void)n; return IW_OK; }
static uint32_t l_mulpdu(void *l) { (void)l; return 65535; }
static int l_busy(void *l) { (void)l; return 0; }
static const iw_ddp_llp_ops null_llp = {.send = l_send, .mulpdu = l_mulpdu, .busy = l_busy};
static const iw_ddp_mem_ops mem_ops = {.resolve = resolve};

/* ---- MPA host: tests/host_fake.h's, with its sink send (counts, takes all, keeps nothing) ---- */
static hf_host bench_host;
static const iw_mpa_host_ops mpa_host = {.send = hf_send_sink,
                                         .timer_arm = hf_timer_arm,
                                         .timer_cancel = hf_timer_cancel,
                                         .close = hf_close};

/* An Initiator in Full Operation (CRC on, no markers toward us): we play the peer's Reply. */
static int make_initiator(iw_mpa_conn *c, const iw_mpa_ulp_ops *ulp, void *uctx, uint8_t *reasm)
{
    iw_mpa_cfg cfg;
    iw_mpa_frame f;
    uint8_t rep[64];
    size_t len, used;
    iw_mpa_cfg_default(&cfg, IW_MPA_INITIATOR);
    if (iw_mpa_init(c, &cfg, &mpa_host, &bench_host, ulp, uctx, reasm, 65535) != IW_OK) return 0;
    iw_mpa_start(c, NULL, 0);
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REPLY;
    f.rev = 2;
    f.enhanced = 1;
    f.flags = IW_MPA_FLAG_C;
    f.ird_word = f.ord_word = 16;
    iw_mpa_frame_encode(&f, rep, sizeof rep, &len);
    iw_mpa_rx_feed(c, rep, len, &used);
    return iw_mpa_state(c) == IW_MPA_S_FULL;
}
static iw_status plain_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                             unsigned flags, iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN; /* verify-then-place */
    return iw_ddp_mpa_begin(uctx, u, have, len, flags, dst);
}
static const iw_mpa_ulp_ops mpa_ulp_plain = {.begin = plain_begin,
                                             .commit = iw_ddp_mpa_commit,
                                             .tx_done = iw_ddp_mpa_tx_done};
/* With the adapters as they are, a verified begin must never come (each FPDU lies whole in the
 * fed buffer and DDP never declines one): counted, to prove the fused path is the one measured. */
static uint64_t fused_conn_delivers;
static iw_status fused_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                             unsigned flags, iw_mpa_rx_dst **dst)
{
    if (flags & IW_MPA_RX_VERIFIED) fused_conn_delivers++;
    return iw_ddp_mpa_begin(uctx, u, have, len, flags, dst);
}
static const iw_mpa_ulp_ops mpa_ulp_fused = {.begin = fused_begin,
                                             .commit = iw_ddp_mpa_commit,
                                             .tx_done = iw_ddp_mpa_tx_done};

/* ---- the benchmark ---- */
enum { M_MEMCPY, M_PLACE, M_VERIFY, M_FUSED, M_MPA, M_MPA_FUSED, M_CRC, M_KERNEL, M_N };
static const char *const mname[M_N] = {"memcpy", "place (iw_ddp_rx)", "verify-then-place (a)",
                                       "fused (b)", "mpa feed, deliver", "mpa feed, place/commit",
                                       "crc32c of FPDU only", "copy+crc kernel only"};

typedef struct bench {
    size_t P, nseg, ulen, flen; /* payload, segments, ULPDU length, FPDU length (stride) */
    uint8_t *stream, *mr, *stream_mem, *mr_mem;
    size_t slen, mr_len;
    mem_tab mt;
    ulp_ctx u[M_N];
    iw_ddp_stream s[M_N];
    iw_mpa_conn conn[2];
    iw_crc32c_fn crc;
    iw_crc32c_copy_fn crc_copy;
    iw_crc32c_kernels k;  /* the kernel set mpa.h uses */
    uint32_t *pcrc;       /* CRC32c of each segment's payload (for the kernel reference) */
    volatile size_t vlen; /* the memcpy length, opaque to the compiler */
    uint64_t bad;         /* CRC mismatches, failed calls */
} bench;

static uint8_t reasm[2][65535];

/* One pass of method m over every segment. */
static void pass(bench *b, int m)
{
    size_t i, P = b->vlen, used;
    const uint8_t *f = b->stream;
    iw_crc32c_fn crc = b->crc;
    switch (m) {
    case M_MEMCPY:
        for (i = 0; i < b->nseg; i++, f += b->flen) memcpy(b->mr + i * P, f + 2 + IW_DDP_TAGGED_HDR, P);
        break;
    case M_PLACE:
        for (i = 0; i < b->nseg; i++, f += b->flen)
            if (iw_ddp_rx(&b->s[m], f + 2, b->ulen) != IW_OK) b->bad++;
        break;
    case M_VERIFY:
        for (i = 0; i < b->nseg; i++, f += b->flen) {
            if (crc(0, f, b->flen - 4) != iw_get_le32(f + b->flen - 4)) b->bad++;
            else if (iw_ddp_rx(&b->s[m], f + 2, b->ulen) != IW_OK) b->bad++;
        }
        break;
    case M_FUSED:
        for (i = 0; i < b->nseg; i++, f += b->flen) {
            uint32_t c = iw_crc32c_short(crc, 0, f, 2);
            size_t pad = b->flen - 6 - b->ulen;
            iw_mpa_rx_dst *d = NULL;
            int ok;
            if (iw_ddp_rx_begin(&b->s[m], f + 2, b->ulen, b->ulen, 0, &d) != IW_OK || !d || d->n != 1) {
                b->bad++;
                continue;
            }
            c = b->k.copy2_crc(c, f + 2, d->hdr_len, d->piece[0].base, f + 2 + d->hdr_len,
                               d->piece[0].len);
            if (pad) c = iw_crc32c_short(crc, c, f + 2 + b->ulen, pad);
            ok = c == iw_get_le32(f + b->flen - 4);
            if (!ok) b->bad++;
            if (iw_ddp_rx_commit(&b->s[m], ok) != IW_OK) b->bad++;
        }
        break;
    case M_MPA:
    case M_MPA_FUSED:
        if (iw_mpa_rx_feed(&b->conn[m - M_MPA], b->stream, b->slen, &used) != IW_OK || used != b->slen)
            b->bad++;
        break;
    case M_CRC: {
        uint32_t x = 0;
        for (i = 0; i < b->nseg; i++, f += b->flen) x ^= crc(0, f, b->flen - 4);
        bench_sink ^= x;
        break;
    }
    case M_KERNEL:
        for (i = 0; i < b->nseg; i++, f += b->flen)
            if (b->crc_copy(0, b->mr + i * P, f + 2 + IW_DDP_TAGGED_HDR, P) != b->pcrc[i]) b->bad++;
        break;
    }
    BENCH_DO_NOT_OPTIMIZE(b->mr);
}

/* Build nseg FPDUs of one RDMA Write message into the MR, and the streams and connections. */
static int setup(bench *b, size_t P, size_t mr_len)
{
    size_t i;
    int m;
    uint64_t seed = 0x9E3779B97F4A7C15ULL ^ P;
    memset(b, 0, sizeof *b);
    b->P = P;
    b->mr_len = mr_len;
    b->nseg = mr_len / P;
    if (b->nseg > MAXSEG) b->nseg = MAXSEG;
    b->ulen = IW_DDP_TAGGED_HDR + P;
    b->flen = 2 + b->ulen + iw_mpa_pad(b->ulen) + 4;
    b->slen = b->nseg * b->flen;
    b->stream_mem = (uint8_t *)malloc(b->slen + 4096);
    b->mr_mem = (uint8_t *)malloc(mr_len + 4096);
    if (!b->stream_mem || !b->mr_mem) return 0;
    b->stream = b->stream_mem + ((4096u - ((uintptr_t)b->stream_mem & 4095u)) & 4095u); /* page-aligned */
    b->mr = b->mr_mem + ((4096u - ((uintptr_t)b->mr_mem & 4095u)) & 4095u);
    b->pcrc = (uint32_t *)malloc(b->nseg * sizeof *b->pcrc);
    if (!b->pcrc) return 0;
    b->vlen = P;
    b->crc = iw_crc32c_select();
    b->crc_copy = iw_crc32c_copy_select();
    iw_crc32c_kernels_select(&b->k);
    memset(b->mr, 0, mr_len);
    bench_fill(b->stream, b->slen, &seed);
    for (i = 0; i < b->nseg; i++) {
        uint8_t *f = b->stream + i * b->flen, *u = f + 2;
        iw_ddp_hdr h;
        memset(&h, 0, sizeof h);
        h.tagged = 1;
        h.last = (uint8_t)(i + 1 == b->nseg);
        h.ulp = 0x40; /* RDMAP RV 01b, opcode 0: RDMA Write */
        h.stag = (MR_IDX << 8) | MR_KEY;
        h.to = MR_VA + i * P;
        iw_put_be16(f, (uint16_t)b->ulen);
        if (iw_ddp_hdr_encode(&h, u) != IW_DDP_TAGGED_HDR) return 0;
        memset(u + b->ulen, 0, iw_mpa_pad(b->ulen));
        iw_put_le32(f + b->flen - 4, iw_crc32c_portable(0, f, b->flen - 4));
        b->pcrc[i] = iw_crc32c_portable(0, u + IW_DDP_TAGGED_HDR, P);
    }
    /* the STag table: a few decoys, and ours */
    b->mt.pd = PD_ID;
    for (i = 1; i < MR_N; i += 5) {
        b->mt.e[i].valid = 1;
        b->mt.e[i].key = (uint8_t)i;
        b->mt.e[i].pd = PD_ID + (uint32_t)(i & 1);
        b->mt.e[i].access = IW_DDP_ACC_REMOTE_READ;
    }
    b->mt.e[MR_IDX].valid = 1;
    b->mt.e[MR_IDX].key = MR_KEY;
    b->mt.e[MR_IDX].pd = PD_ID;
    b->mt.e[MR_IDX].access = IW_DDP_ACC_REMOTE_WRITE | IW_DDP_ACC_REMOTE_READ;
    b->mt.e[MR_IDX].va = MR_VA;
    b->mt.e[MR_IDX].len = mr_len;
    b->mt.e[MR_IDX].host = b->mr;
    for (m = 0; m < M_N; m++) {
        const iw_ddp_llp_ops *llp = &null_llp;
        void *lctx = NULL;
        if (m == M_MPA || m == M_MPA_FUSED) {
            llp = iw_ddp_mpa_llp_ops();
            lctx = &b->conn[m - M_MPA];
        }
        if (iw_ddp_init(&b->s[m], llp, lctx, &mem_ops, &b->mt, &ddp_ulp, &b->u[m]) != IW_OK) return 0;
    }
    if (!make_initiator(&b->conn[0], &mpa_ulp_plain, &b->s[M_MPA], reasm[0]) ||
        !make_initiator(&b->conn[1], &mpa_ulp_fused, &b->s[M_MPA_FUSED], reasm[1]))
        return 0;
    return 1;
}

/* Every placing method, one pass on a cleared MR: every octet where it belongs, one message
 * delivered, no error, every CRC matched. */
static int check(bench *b, int m, const char *when)
{
    size_t i;
    uint64_t msgs = b->u[m].msgs, bad = b->bad;
    memset(b->mr, 0, b->mr_len);
    pass(b, m);
    for (i = 0; i < b->nseg; i++)
        if (memcmp(b->mr + i * b->P, b->stream + i * b->flen + 2 + IW_DDP_TAGGED_HDR, b->P) != 0) {
            fprintf(stderr, "bench_ddp: %s: %s placed segment %zu wrongly (P=%zu)\n", when, mname[m], i, b->P);
            return 0;
        }
    if (b->bad != bad || b->u[m].errors ||
        (m != M_MEMCPY && m != M_KERNEL &&
         (b->u[m].msgs != msgs + 1 || iw_ddp_last_error(&b->s[m])->status != IW_OK))) {
        fprintf(stderr, "bench_ddp: %s: %s: CRC mismatch, failed call or wrong delivery (P=%zu)\n",
                when, mname[m], b->P);
        return 0;
    }
    return 1;
}

/* The fused path must see a corrupted octet: a CRC check that cannot fail proves nothing. */
static int check_detects(bench *b)
{
    uint8_t *f = b->stream + (b->nseg / 2) * b->flen;
    size_t k = 2 + IW_DDP_TAGGED_HDR + b->P / 2;
    uint32_t c;
    iw_ddp_stream s;
    ulp_ctx u;
    memset(&u, 0, sizeof u);
    if (iw_ddp_init(&s, &null_llp, NULL, &mem_ops, &b->mt, &ddp_ulp, &u) != IW_OK) return 0;
    f[k] ^= 0x10;
    {
        iw_mpa_rx_dst *d = NULL;
        c = b->crc(0, f, 2);
        if (iw_ddp_rx_begin(&s, f + 2, b->ulen, b->ulen, 0, &d) != IW_OK || !d || d->n != 1) return 0;
        c = b->k.copy2_crc(c, f + 2, d->hdr_len, d->piece[0].base, f + 2 + d->hdr_len, d->piece[0].len);
    }
    f[k] ^= 0x10;
    if (b->flen - 6 - b->ulen) c = b->crc(c, f + 2 + b->ulen, b->flen - 6 - b->ulen);
    (void)iw_ddp_rx_commit(&s, c == iw_get_le32(f + b->flen - 4));
    return c != iw_get_le32(f + b->flen - 4) && u.msgs == 0;
}

/* Interleaved: every repetition runs every method once (rotating which goes first); a sample is
 * `passes` passes over the whole working set. Returns ns per segment, medians, in ns[]. */
static int run(bench *b, unsigned passes, double ns[M_N])
{
    static double samp[M_N][REPS];
    unsigned r, k;
    int j, m;
    for (m = 0; m < M_N; m++) { /* warm up: page faults, clock ramp, branch history */
        for (k = 0; k < 4; k++) pass(b, m);
        if (m != M_CRC && !check(b, m, "before timing")) return 0;
    }
    for (r = 0; r < REPS; r++)
        for (j = 0; j < M_N; j++) {
            uint64_t t0, t1;
            m = (int)((r + (unsigned)j) % M_N);
            t0 = bench_now_ns();
            for (k = 0; k < passes; k++) pass(b, m);
            t1 = bench_now_ns();
            samp[m][r] = (double)(t1 - t0) / ((double)passes * (double)b->nseg);
        }
    if (b->bad) {
        fprintf(stderr, "bench_ddp: %llu CRC mismatches or failed calls while timing (P=%zu)\n",
                (unsigned long long)b->bad, b->P);
        return 0;
    }
    for (m = 0; m < M_N; m++) {
        if (m != M_CRC && !check(b, m, "after timing")) return 0;
        if (m != M_MEMCPY && m != M_CRC && m != M_KERNEL &&
            b->u[m].msgs != (uint64_t)(4 + 2 + (uint64_t)REPS * passes)) {
            fprintf(stderr, "bench_ddp: %s delivered %llu messages\n", mname[m],
                    (unsigned long long)b->u[m].msgs);
            return 0;
        }
        ns[m] = bench_median(samp[m], REPS);
    }
    if (fused_conn_delivers || iw_mpa_get_stats(&b->conn[0])->rx_copied ||
        iw_mpa_get_stats(&b->conn[1])->rx_copied) {
        fprintf(stderr, "bench_ddp: MPA did not take the path measured (P=%zu)\n", b->P);
        return 0;
    }
    if (!check_detects(b)) {
        fprintf(stderr, "bench_ddp: the fused path missed a corrupted octet (P=%zu)\n", b->P);
        return 0;
    }
    return 1;
}

static void table(const bench *b, const double ns[M_N])
{
    int m;
    printf("\npayload %zu octets, %zu segments (FPDU %zu octets): stream %zu KiB + MR %zu KiB\n",
           b->P, b->nseg, b->flen, b->slen >> 10, b->mr_len >> 10);
    printf("%-26s %10s %10s %12s\n", "method", "ns/seg", "GB/s", "vs memcpy");
    for (m = 0; m < M_N; m++)
        printf("%-26s %10.2f %10.2f %12.3f\n", mname[m], ns[m], (double)b->P / ns[m],
               ns[M_MEMCPY] / ns[m]);
}

int main(void)
{
    static bench b4, b64;
    double n4[M_N], n64[M_N], gm, best;
    size_t mr_kib = 256;
    const char *env = getenv("BENCH_DDP_MR_KIB");
    int fused_wins;
    iw_crc32c_copy_impl ci[8];
    iw_crc32c_impl cr[16];
    size_t nci = iw_crc32c_copy_impls(ci, 8), ncr = iw_crc32c_impls(cr, 16), i;
    const char *cname = "?", *ccname = "?";

    if (env && atoi(env) >= 16) mr_kib = (size_t)atoi(env);
    for (i = 0; i < ncr && i < 16; i++)
        if (cr[i].usable && cr[i].fn == iw_crc32c_select()) cname = cr[i].name;
    for (i = 0; i < nci && i < 8; i++)
        if (ci[i].usable && ci[i].fn == iw_crc32c_copy_select()) ccname = ci[i].name;
    printf("Tagged DDP placement vs memcpy of the same octets between the same buffers;\n"
           "ns per segment, median of %d interleaved repetitions. CRC path \"%s\", fused copy+CRC \"%s\".\n",
           REPS, cname, ccname);

    if (!setup(&b4, 4096, mr_kib << 10) || !setup(&b64, 64, mr_kib << 10)) {
        fprintf(stderr, "bench_ddp: setup failed\n");
        return 1;
    }
    if (!run(&b4, 16, n4) || !run(&b64, 1, n64)) return 1;
    table(&b4, n4);
    table(&b64, n64);

    gm = 4096.0 / n4[M_MEMCPY];
    fused_wins = n4[M_FUSED] < n4[M_VERIFY];
    best = fused_wins ? n4[M_FUSED] : n4[M_VERIFY];
    printf("\n# working set: stream %zu KiB + MR %zu KiB (4 KiB case), stream %zu KiB + MR %zu KiB "
           "(64 B case), sized for a 1 MiB L2 per core (Zen 4, Zen 5; L1D 32-48 KiB)\n",
           b4.slen >> 10, b4.mr_len >> 10, b64.slen >> 10, b64.mr_len >> 10);
    printf("# place_crc_4096: verify-then-place %.2f GB/s (ratio %.3f), fused %.2f GB/s (ratio %.3f): "
           "%s faster by %.1f%%\n",
           4096.0 / n4[M_VERIFY], n4[M_MEMCPY] / n4[M_VERIFY], 4096.0 / n4[M_FUSED],
           n4[M_MEMCPY] / n4[M_FUSED], fused_wins ? "fused" : "verify-then-place",
           100.0 * ((fused_wins ? n4[M_VERIFY] : n4[M_FUSED]) / best - 1.0));
    printf("# mpa_rx_ddp_4096 (iw_mpa_rx_feed + adapters): deliver %.2f GB/s (ratio %.3f), "
           "place/commit %.2f GB/s (ratio %.3f); crc32c alone %.2f GB/s\n",
           4096.0 / n4[M_MPA], n4[M_MEMCPY] / n4[M_MPA], 4096.0 / n4[M_MPA_FUSED],
           n4[M_MEMCPY] / n4[M_MPA_FUSED], 4096.0 / n4[M_CRC]);
    printf("# fused kernel alone (copy+crc of the 4096-octet payload) %.2f GB/s = %.1f ns; memcpy %.1f ns + "
           "crc32c of the FPDU %.1f ns = %.1f ns done apart\n",
           4096.0 / n4[M_KERNEL], n4[M_KERNEL], n4[M_MEMCPY], n4[M_CRC], n4[M_MEMCPY] + n4[M_CRC]);
    printf("# place_crc_4096 budget: fused %.1f ns = the kernel alone %.1f + %.1f of DDP's per-segment "
           "work beside it (begin: decode, ULP check, resolve; the header and pad CRC; commit); "
           "ratio 0.90 allows %.1f ns in all, %.1f beside this kernel\n",
           n4[M_FUSED], n4[M_KERNEL], n4[M_FUSED] - n4[M_KERNEL], n4[M_MEMCPY] / 0.90,
           n4[M_MEMCPY] / 0.90 - n4[M_KERNEL]);
    printf("# mpa_rx_ddp_64: deliver %.1f ns/seg, place/commit %.1f ns/seg; place_crc_64: "
           "verify-then-place %.1f, fused %.1f ns/seg\n",
           n64[M_MPA], n64[M_MPA_FUSED], n64[M_VERIFY], n64[M_FUSED]);
    printf("# place_64 ratio = ours/memcpy in ns: higher is worse (the 4096 ratios are GB/s: "
           "higher is better); memcpy_64 = %.2f ns (libc memcpy, length not known at compile time)\n",
           n64[M_MEMCPY]);
    printf("BENCH place_4096 %.3f GB/s vs memcpy ratio=%.3f\n", 4096.0 / n4[M_PLACE],
           (4096.0 / n4[M_PLACE]) / gm);
    printf("BENCH place_crc_4096 %.3f GB/s vs memcpy ratio=%.3f\n", 4096.0 / best,
           (4096.0 / best) / gm);
    printf("BENCH place_64 %.2f ns/seg vs memcpy ratio=%.3f\n", n64[M_PLACE],
           n64[M_PLACE] / n64[M_MEMCPY]);
    free(b4.pcrc);
    free(b64.pcrc);
    free(b4.stream_mem);
    free(b4.mr_mem);
    free(b64.stream_mem);
    free(b64.mr_mem);
    return 0;
}
