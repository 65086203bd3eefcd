/* fuzz/fuzz_rdmap_rx.c: libFuzzer target for rdmap.h (RFC 5040, RFC 7306) over the whole stack
 * below it: an iw_rdmap_stream over a real ddp.h stream over a real mpa.h connection, driven by
 * a deterministic host.
 *
 * SETUP. An MPA Initiator (iw_ddp_mpa_llp_ops(), the MPA ULP table iw_rdmap_mpa_ulp_ops() for
 * fused receive or the same functions without place/commit) sends its Request; the harness
 * feeds it a valid Reply built with iw_mpa_frame_encode from the tail (CRC, markers, rev,
 * IRD/ORD, P2P and the RTR), which brings it to Full Operation (or to an MPA error, e.g. an ORD
 * above ird_max: the run continues, everything must still hold).
 *
 * INPUT = BODY || TAIL (TAIL = 16 octets, the last ones of the input).
 *   TAIL:
 *     t[0]   bit0 Request C (CRC), bit1 Reply C, bit2 Request M (markers in what we receive),
 *            bit3 Reply M (markers in what we send), bit4 fused receive (the library's table
 *            with place/commit), bit5 MPA rev 1 (no IRD/ORD, no P2P), bit6 P2P, bit7 RFC 7306
 *            off (cfg.rfc7306 = 0)
 *     t[1]   bits0-1 the RTR the Reply chooses (P2P: 0 Write, 1 Send, 2 Read, 3 none: an MPA
 *            error); bit2 read_enabled = 0; bit3 ops.atomic64 given; bit4 ops.invalidate NULL;
 *            bit5 ops.recv_buf NULL; bits6-7 host send mode (0 takes all, 1 at most t[8]
 *            octets per call with IW_OK, 2 the same with IW_EAGAIN, 3 IW_EAGAIN on the calls
 *            whose bit (call % 8) of t[9] is set, taking t[8] octets)
 *     t[2], t[3]  the Reply's IRD and ORD (low 5 bits)
 *     t[4], t[5]  our MPA cfg IRD and ORD (low 4 bits; ird_max 16)
 *     t[6..7] EMSS = 128 + BE16 % 9000 (MULPDU follows)
 *     t[8]   octets per host send call in modes 1-3 (0: 1)
 *     t[9]   IW_EAGAIN schedule of mode 3
 *     t[10]  bits0-3 receives posted (0..15, the last layout is "unusable"); bits4-7 first layout
 *     t[11]  bit0 RDMAP RV 00b (cfg.rv = 0); bit1 MPA cfg.terminate = 0; bit2 host trace op;
 *            bit3 iw_mpa_tx_resume after every record; bit4 the run ends with iw_mpa_llp_closed
 *            (else iw_rdmap_terminate) when the stream is still up; bit5 MPA rx_max_ulpdu 512
 *     t[12]  host send call k fails with IW_EHOST (0: never)
 *     t[13]  bit0 no streamed placement (else, with fused receive, iw_mpa_set_place_begin with
 *            iw_rdmap_mpa_place_begin); bits1-7 reserved (0)
 *     t[14..15] reserved (0)
 *   BODY: records [u16 L] (big-endian):
 *     L < 0xF000: L octets (a short last record takes what is left) fed to iw_mpa_rx_feed, the
 *            peer's TCP stream after its Reply;
 *     L >= 0xF000: an action, a = (L >> 8) & 15, x = L & 0xFF, no octets:
 *       0 post operation template x % RR_NTPL (Write, Read, Send variants, Immediate, FetchAdd,
 *         CmpSwap, fences, invalid ones; see rr_template); 1 iw_mpa_tx_resume; 2 host send
 *         mode x & 3 with x >> 2 octets per call; 3 iw_rdmap_terminate(((x >> 6) % 3, (x >> 4) & 3,
 *         x & 15)); 4 iw_mpa_llp_closed (peer FIN); 5 iw_mpa_close; 6 region x % RR_NREG loses
 *         its Valid state (revoked: a Read Response in progress fails in pull); 7
 *         iw_mpa_set_emss(128 + 32 * x); other values: nothing.
 *   The run ends with a drain (the host takes everything, iw_mpa_tx_resume until nothing moves),
 *   then, if the stream is still up, the end chosen by t[11] bit4, and a second drain.
 *
 * THE HOST (deterministic; every answer a pure function of the input):
 *  - memory: RR_NREG registered regions in one arena (VA-based, zero-based, ending at 2^64,
 *    no rights, another PD (NOT_ASSOC), zero-length, large, not Valid, read-only), each region
 *    surrounded by canary octets; resolve checks STag valid, PD, access, TO wrap, bounds in
 *    that order, answers pieces split at 256-octet "pages" of the region (the last piece takes
 *    the rest when max would be exceeded), and dst == NULL && max == 0 means check only;
 *  - receives: up to 15 posted receives of 0..4 pieces (zero-length ones among them) in their
 *    own arena slots; the 16th layout is "unusable" (IW_ETERM (0,0,0), completed by the host);
 *    none left: IW_ETERM (1,2,0x02);
 *  - invalidate: OK (and the region loses Valid), ACCESS, NOT_ASSOC, SHARED, INVALID_STAG and an
 *    outcome outside the enum, by STag;
 *  - send: records every octet it takes in the wire buffer, partial accepts, IW_EAGAIN, one
 *    failing call; timers, close recorded.
 *
 * INVARIANTS (FZ_CHECK, __builtin_trap), besides "no crash" under ASan/UBSan:
 *  - memory: every arena octet outside a region that may be written (Valid, our PD, a write,
 *    local-write or atomic right) and outside a receive buffer handed out is unchanged (the
 *    canaries around everything included); resolve is never asked for len 0, nor for a write
 *    right after the stream failed;
 *  - after the stream failed (iw_rdmap_failed): no receive completes with IW_OK, no recv_buf
 *    or invalidate call, and the arena does not change any more (hashed at the error upcall and
 *    at the end);
 *  - receives: at most one in progress; each one taken completes exactly once (recv), with a
 *    length within its buffer and the flags of its opcode;
 *  - posted operations: ops.complete in posting order, once each, only for posts that returned
 *    IW_OK (or the stream's failure status), with the post's opcode; once the stream failed and
 *    the LLP drained, every one completed (unless DDP still holds a message: FZ_STRICT_FLUSH);
 *  - ops.error at most once, and exactly once by the end;
 *  - the wire: a valid Request, then valid MPA FPDUs (ULPDU_Length, PAD, CRC when on, markers
 *    when the Reply asked), each ULPDU a valid DDP segment (DV 01b, reserved 0, RV the
 *    stream's, a defined opcode of the right model and queue, Invalidate STag 0 but for 0x4 and
 *    0x6, MSN 1, 2, 3... per queue, MO and TO continuous, messages never interleaved, the RDMAP
 *    header lengths of Read Request 28, Atomic Request 52, Atomic Response 12, Immediate 8),
 *    segments within MULPDU; our own messages in posting order with the posted lengths; at
 *    most one Terminate, decodable, and nothing after it; when the stream sent one and MPA
 *    did not fail, it is on the wire as iw_rdmap_term_encode(event);
 *  - nothing is sent after close; close at most once (fuzz_common.h helpers);
 *  - FZ_CHECK_STALL: with the LLP drained and the stream up, iw_rdmap_tx_resume sends nothing
 *    new (everything that could go out went out without the host's help).
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c99 -I. -Itests \
 *       fuzz/fuzz_rdmap_rx.c -o build/fuzz/fuzz_rdmap_rx
 *
 * fuzz/mkcorpus.c includes this file (RR_* names only) to generate seeds with a real peer.
 */
#define IWARP_IMPLEMENTATION
#define IWARP_STATIC
#ifndef IW_ASSERT
#define IW_ASSERT(x) ((x) ? (void)0 : __builtin_trap())
#endif
#include "fuzz_memo.h" /* first: the CRC32c kernels chosen once, not per init */
#include "rdmap.h"
#include "fuzz_common.h"
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef FZ_CHECK_STALL
#define FZ_CHECK_STALL 1
#endif
#ifndef FZ_STRICT_FLUSH
#define FZ_STRICT_FLUSH 0
#endif
/* Every receive taken completes exactly once by the end (fails today: a receive in progress
 * when the stream ends other than through DDP's error upcall is never completed). */
#ifndef FZ_STRICT_RECV
#define FZ_STRICT_RECV 1
#endif
/* Every posted operation completes once the stream failed and the LLP drained (fails today: a
 * message DDP drops part way through without ulp_ops.sent is never flushed). */
#ifndef FZ_CHECK_FLUSH
#define FZ_CHECK_FLUSH 1
#endif
/* At most one Terminate on the wire and nothing after it (fails today: MPA's own Terminate can
 * follow RDMAP's while that one is still being sent). */
#ifndef FZ_CHECK_ONE_TERM
#define FZ_CHECK_ONE_TERM 1
#endif

#define RR_TAIL 16
#define RR_NREG 9
#define RR_NRECV 15
#define RR_RECV_SLOT 9728u
#define RR_REG_AREA (32u * 1024u)
#define RR_ARENA (RR_REG_AREA + RR_NRECV * RR_RECV_SLOT + 64u)
#define RR_WIRE_CAP (4u << 20)
#define RR_REASM 65535u
#define RR_SQ 8
#define RR_IRQ 8
#define RR_MAXPOST 4096
#define RR_NTPL 26
#define RR_PAGE 256u

#define RR_W IW_DDP_ACC_REMOTE_WRITE
#define RR_R IW_DDP_ACC_REMOTE_READ
#define RR_LW IW_RDMAP_ACC_LOCAL_WRITE
#define RR_AT IW_RDMAP_ACC_REMOTE_ATOMIC
#define RR_ALL (RR_W | RR_R | RR_LW | RR_AT)

#define RR_STAG(i) ((((uint32_t)(i) + 1u) << 8) | 0x5Au)
#define RR_PEER_STAG 0x00ABCD01u /* the peer's memory: our Writes, Reads, atomics go there */

/* ---- the registered regions (our side) ---- */

typedef struct rr_region {
    uint64_t base;
    uint32_t len;
    unsigned rights;
    uint8_t valid, pd_ok;
    uint32_t off; /* arena offset */
} rr_region;

static const rr_region rr_regions[RR_NREG] = {
    {0x10000u, 4096, RR_ALL, 1, 1, 64},                             /* 0 VA-based */
    {0, 1000, RR_W | RR_LW, 1, 1, 4224},                             /* 1 zero-based, no read */
    {(uint64_t)0 - 600u, 600, RR_ALL, 1, 1, 5312},                   /* 2 ends at 2^64 - 1 */
    {0x20000u, 512, 0, 1, 1, 6016},                                  /* 3 no rights */
    {0x30000u, 512, RR_ALL, 1, 0, 6592},                             /* 4 another PD */
    {0x40000u, 0, RR_ALL, 1, 1, 7168},                               /* 5 zero-length */
    {0x700000000000u, 9000, RR_ALL, 1, 1, 7296},                     /* 6 large */
    {0x50000u, 256, RR_ALL, 0, 1, 16384},                            /* 7 not Valid */
    {0x60000u, 64, RR_R, 1, 1, 16704},                               /* 8 read only */
};

/* Receive layouts: piece lengths (0 = none); layout 15 is "unusable". */
static const uint16_t rr_recv_layout[16][4] = {
    {64, 0, 0, 0},     {0, 0, 0, 0},      {100, 28, 0, 0},  {4096, 0, 0, 0},
    {1, 512, 7, 0},    {1000, 1000, 1000, 1000}, {9000, 0, 0, 0}, {8, 0, 0, 0},
    {2000, 0, 0, 0},   {16, 16, 16, 16},  {300, 0, 9, 0},   {0, 0, 0, 0},
    {512, 512, 0, 0},  {1460, 0, 0, 0},   {50, 0, 0, 0},    {0, 0, 0, 0}};
static const uint8_t rr_recv_npieces[16] = {1, 0, 2, 1, 3, 4, 1, 1, 1, 4, 3, 1, 2, 1, 1, 0};

typedef struct rr_post_rec {
    uint8_t opcode, ok;
    uint32_t len;      /* the completion's length (Read: RDMARDSZ; Write, Send: payload) */
    uint32_t wlen;     /* the message's length on the wire (after the DDP header) */
    uint32_t stag;
    uint64_t to;
} rr_post_rec;

typedef struct rr_state {
    /* config */
    uint8_t t[RR_TAIL];
    iw_mpa_cfg mcfg;
    iw_rdmap_cfg rcfg;
    int fused, p2p, rtr, rev;
    /* host send */
    size_t wire_len;
    int send_mode;
    size_t limit;
    uint8_t eagain_mask;
    unsigned send_calls, fail_at;
    int host_failed, closed, close_abortive, timer_armed;
    size_t req_len;
    uint32_t max_mulpdu;
    /* memory */
    uint8_t valid[RR_NREG];
    /* receives */
    unsigned nrecv, recv_next, recv_first;
    unsigned recv_taken, recv_done, recv_unusable;
    uint8_t recv_op;
    uint32_t recv_cap;
    /* events */
    unsigned nerrors;
    iw_rdmap_event ev;
    int fail_hashed;
    int ended_by_harness;
    /* operations (last: reset up to here) */
    unsigned nposts, ncomplete, nflushed;
    rr_post_rec posts[RR_MAXPOST];
} rr_state;

static rr_state g_rr;
static iw_mpa_conn g_rr_conn;
static iw_rdmap_stream g_rr_s;
static iw_rdmap_wr g_rr_sq[RR_SQ];
static iw_rdmap_inreq g_rr_irq[RR_IRQ];
static uint8_t g_rr_arena[RR_ARENA];
static uint8_t g_rr_pat[RR_ARENA];
static uint8_t g_rr_wmask[RR_ARENA]; /* 1: may be written */
static uint8_t *g_rr_wire;
static uint8_t *g_rr_reasm;
static uint8_t g_rr_txsrc[16384];    /* payload of our posted Writes and Sends (never written) */
static uint8_t g_rr_ubuf[65536];
static int g_rr_ready;

/* The arena when the stream failed: nothing may be placed after (compared at the end). Only
 * the 4 KiB chunks that differ from the pattern then are copied (g_rr_snapped); the others
 * must still equal the pattern at the end.
 *
 * Per input, only what an input touched is reset: the arena is the pattern between inputs
 * (rr_finish puts back the chunks that differ, after checking them), and g_rr_wmask holds
 * the regions' octets from rr_once on; only the receive slots an input handed out are
 * cleared again (g_rr_slots_marked). */
#define RR_CHUNK 4096u
#define RR_NCHUNK ((RR_ARENA + RR_CHUNK - 1u) / RR_CHUNK)
static uint8_t g_rr_snap[RR_ARENA];
static uint8_t g_rr_snapped[RR_NCHUNK];
static unsigned g_rr_slots_marked;

static int rr_failed(void) { return iw_rdmap_failed(&g_rr_s); }

static void rr_once(void)
{
    size_t i;
    if (g_rr_ready) return;
    g_rr_ready = 1;
    for (i = 0; i < RR_ARENA; i++) g_rr_pat[i] = (uint8_t)(0xA5u ^ (i * 131u) ^ (i >> 9));
    for (i = 0; i < sizeof g_rr_txsrc; i++) g_rr_txsrc[i] = (uint8_t)(i * 7u + 3u);
    memcpy(g_rr_arena, g_rr_pat, RR_ARENA);
    for (i = 0; i < RR_NREG; i++) { /* the regions that may be written (Valid at setup) */
        const rr_region *r = &rr_regions[i];
        if (r->valid && r->pd_ok && (r->rights & (RR_W | RR_LW | RR_AT)))
            memset(g_rr_wmask + r->off, 1, r->len);
    }
    g_rr_wire = (uint8_t *)malloc(RR_WIRE_CAP);
    g_rr_reasm = (uint8_t *)malloc(RR_REASM);
    if (!g_rr_wire || !g_rr_reasm) abort();
}

/* ---- host ops (MPA) ---- */

static iw_status rr_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    rr_state *g = (rr_state *)ctx;
    size_t i, total = 0, offered = 0, lim = (size_t)-1;
    int eagain = 0;
    FZ_CHECK(n >= 1 && accepted != NULL);
    for (i = 0; i < n; i++) {
        FZ_CHECK(iov[i].base || iov[i].len == 0);
        offered += iov[i].len;
    }
    FZ_CHECK(!g->closed || offered == 0); /* nothing is sent after close */
    g->send_calls++;
    *accepted = 0;
    if (g->fail_at && g->send_calls == g->fail_at) {
        g->host_failed = 1;
        return IW_EHOST;
    }
    switch (g->send_mode) {
    case 1: lim = g->limit; break;
    case 2: lim = g->limit; eagain = 1; break;
    case 3:
        if ((g->eagain_mask >> (g->send_calls % 8u)) & 1u) {
            lim = g->limit;
            eagain = 1;
        }
        break;
    default: break;
    }
    for (i = 0; i < n && lim; i++) {
        size_t k = iov[i].len < lim ? iov[i].len : lim;
        if (g->wire_len + k > RR_WIRE_CAP) { /* deterministic: out of room */
            g->host_failed = 1;
            return IW_EHOST;
        }
        if (k) memcpy(g_rr_wire + g->wire_len, iov[i].base, k);
        g->wire_len += k;
        total += k;
        lim -= k;
    }
    *accepted = total;
    return eagain && total < offered ? IW_EAGAIN : IW_OK;
}

static void rr_timer_arm(void *ctx, unsigned id, uint32_t ms)
{
    rr_state *g = (rr_state *)ctx;
    (void)ms;
    FZ_CHECK(id == IW_MPA_TIMER_SETUP && !g->closed);
    g->timer_armed = 1;
}
static void rr_timer_cancel(void *ctx, unsigned id)
{
    rr_state *g = (rr_state *)ctx;
    FZ_CHECK(id == IW_MPA_TIMER_SETUP);
    g->timer_armed = 0;
}
static void rr_close(void *ctx, int abortive)
{
    rr_state *g = (rr_state *)ctx;
    FZ_CHECK(!g->closed);
    g->closed = 1;
    g->close_abortive = abortive;
}

static const iw_mpa_host_ops rr_host_ops[2] = {
    {.send = rr_send, .timer_arm = rr_timer_arm, .timer_cancel = rr_timer_cancel,
     .close = rr_close},
    {.send = rr_send, .timer_arm = rr_timer_arm, .timer_cancel = rr_timer_cancel,
     .close = rr_close, .trace = fz_trace},
};

/* The library's MPA ULP table with the mode forced: rr_begin_mode 0 declines every ULPDU until
 * MPA checked it (verify-then-place), 1 declines FPDUs cut by the end of a feed, 2 none. */
static int rr_begin_mode;
static iw_status rr_begin(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned flags,
                          iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED) && (rr_begin_mode == 0 || (rr_begin_mode == 1 && have < len)))
        return IW_EAGAIN;
    return iw_rdmap_mpa_begin(uctx, u, have, len, flags, dst);
}
static const iw_mpa_ulp_ops rr_mpa_ulp_plain = {.established = iw_rdmap_mpa_established,
                                                .begin = rr_begin,
                                                .commit = iw_rdmap_mpa_commit,
                                                .error = iw_rdmap_mpa_error,
                                                .closed = iw_rdmap_mpa_closed,
                                                .tx_done = iw_rdmap_mpa_tx_done};

/* ---- RDMAP ops: memory ---- */

static int rr_region_of(uint32_t stag)
{
    unsigned i = (stag >> 8) - 1u;
    if ((stag & 0xFFu) != 0x5Au || (stag >> 8) == 0 || i >= RR_NREG) return -1;
    return (int)i;
}

static iw_ddp_xlate rr_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len,
                               unsigned access, iw_ddp_buf *dst, size_t max, size_t *n)
{
    rr_state *g = (rr_state *)ctx;
    int ri = rr_region_of(stag);
    const rr_region *r;
    uint64_t off;
    size_t k = 0;
    FZ_CHECK(n != NULL);
    *n = 0;
    FZ_CHECK(len > 0); /* ddp.h contract: never asked for zero octets */
    FZ_CHECK(access == RR_W || access == RR_R || access == RR_LW || access == RR_AT);
    FZ_CHECK((dst == NULL && max == 0) || (dst != NULL && max >= 1));
    if (rr_failed()) FZ_CHECK(access == RR_R); /* nothing is placed after the failure */
    if (ri < 0 || !g->valid[ri]) return IW_DDP_X_INVALID_STAG;
    r = &rr_regions[ri];
    if (!r->pd_ok) return IW_DDP_X_NOT_ASSOC;
    if ((r->rights & access) != access) return IW_DDP_X_ACCESS;
    if (to + (len - 1u) < to) return IW_DDP_X_TO_WRAP;
    if (to < r->base || to - r->base > r->len || len > r->len - (to - r->base))
        return IW_DDP_X_BOUNDS;
    if (!dst) return IW_DDP_X_OK; /* check only */
    off = to - r->base;
    while (len) { /* pieces split at the region's 256-octet pages; the last takes the rest */
        uint32_t in = (uint32_t)(RR_PAGE - (off % RR_PAGE)), take = len;
        if (k + 1 < max && take > in) take = in;
        dst[k].base = g_rr_arena + r->off + off;
        dst[k].len = take;
        k++;
        off += take;
        len -= take;
    }
    *n = k;
    return IW_DDP_X_OK;
}

/* ---- RDMAP ops: receives ---- */

static uint32_t rr_recv_slot(unsigned i) { return RR_REG_AREA + i * RR_RECV_SLOT; }

static iw_status rr_recv_buf(void *ctx, unsigned opcode, iw_ddp_buf *bufs, size_t max, size_t *n,
                             iw_term *t)
{
    rr_state *g = (rr_state *)ctx;
    unsigned lay, j, np;
    uint32_t off, cap = 0;
    FZ_CHECK(!rr_failed());
    FZ_CHECK((opcode >= IW_RDMAP_OP_SEND && opcode <= IW_RDMAP_OP_SEND_SE_INV) ||
             opcode == IW_RDMAP_OP_IMM || opcode == IW_RDMAP_OP_IMM_SE);
    FZ_CHECK(g->recv_taken == g->recv_done); /* one receive in progress at most */
    FZ_CHECK(bufs && n && t && max >= 1);
    *n = 0;
    if (g->recv_next >= g->nrecv) {
        t->layer = 1;
        t->etype = 2;
        t->ecode = 2; /* no buffer */
        return IW_ETERM;
    }
    lay = (g->recv_first + g->recv_next) & 15u;
    off = rr_recv_slot(g->recv_next) + 8u;
    g->recv_next++;
    if (g_rr_slots_marked < g->recv_next) g_rr_slots_marked = g->recv_next;
    if (lay == 15) { /* unusable: the host completes it in error itself */
        g->recv_unusable++;
        t->layer = 0;
        t->etype = 0;
        t->ecode = 0;
        return IW_ETERM;
    }
    np = rr_recv_npieces[lay];
    if (np > max) np = (unsigned)max;
    for (j = 0; j < np; j++) {
        uint32_t l = rr_recv_layout[lay][j];
        bufs[j].base = g_rr_arena + off;
        bufs[j].len = l;
        memset(g_rr_wmask + off, 1, l);
        off += l + 16u; /* a gap between pieces */
        cap += l;
    }
    *n = np;
    g->recv_taken++;
    g->recv_op = (uint8_t)opcode;
    g->recv_cap = cap;
    return IW_OK;
}

static void rr_recv(void *ctx, const iw_rdmap_recv *r)
{
    rr_state *g = (rr_state *)ctx;
    unsigned op = r->opcode;
    FZ_CHECK(g->recv_taken == g->recv_done + 1); /* completes the receive in progress, once */
    FZ_CHECK(op == g->recv_op);
    g->recv_done++;
    if (r->status == IW_OK) {
        FZ_CHECK(!rr_failed()); /* no completion after the failure */
        FZ_CHECK(r->len <= g->recv_cap);
        FZ_CHECK(!r->has_imm == !(op == IW_RDMAP_OP_IMM || op == IW_RDMAP_OP_IMM_SE));
        if (r->has_imm) FZ_CHECK(r->len == 0);
        FZ_CHECK(!r->solicited == !(op == IW_RDMAP_OP_SEND_SE || op == IW_RDMAP_OP_SEND_SE_INV ||
                                    op == IW_RDMAP_OP_IMM_SE));
        FZ_CHECK(!r->invalidated ==
                 !(op == IW_RDMAP_OP_SEND_INV || op == IW_RDMAP_OP_SEND_SE_INV));
    } else {
        FZ_CHECK(r->status == IW_ETERM);
    }
}

static iw_rdmap_inval rr_invalidate(void *ctx, uint32_t stag)
{
    rr_state *g = (rr_state *)ctx;
    int ri = rr_region_of(stag);
    FZ_CHECK(!rr_failed());
    if ((stag & 0xFFu) == 0xEEu) return (iw_rdmap_inval)7; /* not in the enum */
    if (ri < 0 || !g->valid[ri]) return IW_RDMAP_INV_INVALID_STAG;
    if (!rr_regions[ri].pd_ok) return IW_RDMAP_INV_NOT_ASSOC;
    if (rr_regions[ri].rights == 0 || rr_regions[ri].rights == RR_R) return IW_RDMAP_INV_ACCESS;
    if (ri == 6) return IW_RDMAP_INV_SHARED;
    g->valid[ri] = 0;
    return IW_RDMAP_INV_OK;
}

static uint64_t rr_atomic64(void *ctx, unsigned aop, void *p, uint64_t as, uint64_t asm_,
                            uint64_t cmp, uint64_t cm)
{
    size_t off = (size_t)((uint8_t *)p - g_rr_arena);
    (void)ctx;
    FZ_CHECK((uint8_t *)p >= g_rr_arena && off + 8 <= RR_ARENA);
    FZ_CHECK(((uintptr_t)p & 7u) == 0);
    FZ_CHECK(aop == IW_RDMAP_AOP_FETCHADD || aop == IW_RDMAP_AOP_CMPSWAP);
    FZ_CHECK(!rr_failed());
    return iw_rdmap_atomic64_builtin(NULL, aop, p, as, asm_, cmp, cm);
}

/* ---- RDMAP ops: completions and the end ---- */

static void rr_complete(void *ctx, const iw_rdmap_cqe *c)
{
    rr_state *g = (rr_state *)ctx;
    unsigned idx = (unsigned)(uintptr_t)c->cookie;
    FZ_CHECK(idx >= 1 && idx <= g->nposts);
    /* in posting order, each once, only what was posted */
    while (g->ncomplete < g->nposts && !g->posts[g->ncomplete].ok) g->ncomplete++;
    FZ_CHECK(idx == g->ncomplete + 1);
    FZ_CHECK(g->posts[idx - 1].ok);
    FZ_CHECK(c->opcode == g->posts[idx - 1].opcode);
    FZ_CHECK(c->status == IW_OK || c->status == IW_ETERM || c->status == IW_EINVAL ||
             c->status == IW_ECLOSED);
    if (c->status == IW_OK && (c->opcode == IW_RDMAP_OP_READ_REQ))
        FZ_CHECK(c->len == g->posts[idx - 1].len);
    if (c->status == IW_ECLOSED) {
        FZ_CHECK(rr_failed());
        g->nflushed++;
    }
    g->ncomplete = idx;
}

static void rr_error(void *ctx, const iw_rdmap_event *ev)
{
    rr_state *g = (rr_state *)ctx;
    FZ_CHECK(g->nerrors == 0); /* once */
    FZ_CHECK(rr_failed());
    FZ_CHECK(ev->kind >= IW_RDMAP_EV_TERM_SENT && ev->kind <= IW_RDMAP_EV_LLP);
    FZ_CHECK(ev->status != IW_OK);
    g->nerrors++;
    g->ev = *ev;
    {
        size_t i;
        for (i = 0; i < RR_NCHUNK; i++) {
            size_t o = i * RR_CHUNK, n = RR_ARENA - o < RR_CHUNK ? RR_ARENA - o : RR_CHUNK;
            g_rr_snapped[i] = memcmp(g_rr_arena + o, g_rr_pat + o, n) != 0;
            if (g_rr_snapped[i]) memcpy(g_rr_snap + o, g_rr_arena + o, n);
        }
    }
    g->fail_hashed = 1;
}

static const iw_rdmap_ops rr_ops_table[8] = {
#define RR_OPS(rb, inv, at)                                                                     \
    {.resolve = rr_resolve, .recv_buf = rb, .recv = rr_recv, .complete = rr_complete,            \
     .invalidate = inv, .atomic64 = at, .error = rr_error}
    RR_OPS(rr_recv_buf, rr_invalidate, NULL), RR_OPS(rr_recv_buf, rr_invalidate, rr_atomic64),
    RR_OPS(rr_recv_buf, NULL, NULL),          RR_OPS(rr_recv_buf, NULL, rr_atomic64),
    RR_OPS(NULL, rr_invalidate, NULL),        RR_OPS(NULL, rr_invalidate, rr_atomic64),
    RR_OPS(NULL, NULL, NULL),                 RR_OPS(NULL, NULL, rr_atomic64),
#undef RR_OPS
};

/* ---- posted operations ---- */

static const iw_iov rr_sg_w100[1] = {{g_rr_txsrc, 100}};
static const iw_iov rr_sg_w3000[3] = {{g_rr_txsrc, 1000}, {g_rr_txsrc + 2000, 1500},
                                       {g_rr_txsrc + 5000, 500}};
static const iw_iov rr_sg_s50[1] = {{g_rr_txsrc + 7, 50}};
static const iw_iov rr_sg_s2000[1] = {{g_rr_txsrc + 100, 2000}};
static const iw_iov rr_sg_s4[5] = {{g_rr_txsrc, 10}, {NULL, 0}, {g_rr_txsrc + 300, 700},
                                    {g_rr_txsrc + 11, 0}, {g_rr_txsrc + 9000, 7000}};
static const iw_iov rr_sg_s20[1] = {{g_rr_txsrc + 20, 20}};

/* Operation template k (0 .. RR_NTPL - 1). */
static void rr_template(unsigned k, iw_rdmap_wr *w)
{
    memset(w, 0, sizeof *w);
    w->stag = RR_PEER_STAG;
    switch (k) {
    case 0: w->opcode = IW_RDMAP_OP_WRITE; w->to = 0x1000; w->sgl = rr_sg_w100; w->nsge = 1; break;
    case 1: w->opcode = IW_RDMAP_OP_WRITE; w->to = 0x2000; break; /* zero-length */
    case 2: w->opcode = IW_RDMAP_OP_WRITE; w->to = 0x3000; w->sgl = rr_sg_w3000; w->nsge = 3; break;
    case 3: w->opcode = IW_RDMAP_OP_SEND; w->sgl = rr_sg_s50; w->nsge = 1; break;
    case 4: w->opcode = IW_RDMAP_OP_SEND; break; /* zero-length */
    case 5: w->opcode = IW_RDMAP_OP_SEND_INV; w->sgl = rr_sg_s20; w->nsge = 1;
        w->inval_stag = 0x00ABCE01u; break;
    case 6: w->opcode = IW_RDMAP_OP_SEND_SE; w->sgl = rr_sg_s2000; w->nsge = 1; break;
    case 7: w->opcode = IW_RDMAP_OP_SEND_SE_INV; w->sgl = rr_sg_s50; w->nsge = 1;
        w->inval_stag = 0x00ABCF01u; break;
    case 8: w->opcode = IW_RDMAP_OP_IMM; memcpy(w->imm, "IMMEDIAT", 8); break;
    case 9: w->opcode = IW_RDMAP_OP_IMM_SE; memcpy(w->imm, "imm-se!!", 8); break;
    case 10: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x100; w->len = 64;
        w->sink_stag = RR_STAG(0); w->sink_to = 0x10000u + 128u; break;
    case 11: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x200; w->len = 0;
        w->sink_stag = RR_STAG(0); w->sink_to = 0x10000u; break;
    case 12: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x10000; w->len = 3000;
        w->sink_stag = RR_STAG(6); w->sink_to = 0x700000000000u + 100u; break;
    case 13: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x400; w->len = 300;
        w->sink_stag = RR_STAG(1); w->sink_to = 10; break;
    case 14: w->opcode = IW_RDMAP_OP_READ_REQ; w->flags = IW_RDMAP_F_READ_FENCE; w->to = 0x500;
        w->len = 16; w->sink_stag = RR_STAG(0); w->sink_to = 0x10000u; break;
    case 15: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x600; w->len = 16;
        w->sink_stag = RR_STAG(3); w->sink_to = 0x20000u; break; /* sink without rights */
    case 16: w->opcode = IW_RDMAP_OP_ATOMIC_REQ; w->aop = IW_RDMAP_AOP_FETCHADD; w->to = 0x800;
        w->add_swap = 5; break;
    case 17: w->opcode = IW_RDMAP_OP_ATOMIC_REQ; w->aop = IW_RDMAP_AOP_CMPSWAP; w->to = 0x808;
        w->add_swap = 0x2222; w->add_swap_mask = ~(uint64_t)0; w->cmp = 0x1111;
        w->cmp_mask = ~(uint64_t)0; break;
    case 18: w->opcode = IW_RDMAP_OP_ATOMIC_REQ; w->aop = IW_RDMAP_AOP_FETCHADD;
        w->flags = IW_RDMAP_F_READ_FENCE; w->to = 0x810; w->add_swap = 1;
        w->add_swap_mask = 0x80000000u; break;
    case 19: w->opcode = IW_RDMAP_OP_WRITE; w->flags = IW_RDMAP_F_READ_FENCE; w->to = 0x1100;
        w->sgl = rr_sg_s20; w->nsge = 1; break;
    case 20: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x700; w->len = 600;
        w->sink_stag = RR_STAG(2); w->sink_to = (uint64_t)0 - 600u; break; /* up to 2^64 - 1 */
    case 21: w->opcode = IW_RDMAP_OP_SEND; w->sgl = rr_sg_s4; w->nsge = 5; break;
    case 22: w->opcode = IW_RDMAP_OP_ATOMIC_REQ; w->aop = 1; break; /* invalid aop: EINVAL */
    case 23: w->opcode = IW_RDMAP_OP_READ_REQ; w->to = 0x900; w->len = 32;
        w->sink_stag = RR_STAG(4); w->sink_to = 0x30000u; break; /* sink of another PD */
    case 24: w->opcode = IW_RDMAP_OP_WRITE; w->to = (uint64_t)0 - 50u; w->sgl = rr_sg_w100;
        w->nsge = 1; break; /* wraps past 2^64: cannot be built (EINVAL completion) */
    default: w->opcode = IW_RDMAP_OP_TERMINATE; break; /* not postable: EINVAL */
    }
}

/* Post template k; returns the status. */
static iw_status rr_post(unsigned k)
{
    rr_state *g = &g_rr;
    iw_rdmap_wr w;
    rr_post_rec *p;
    iw_status st;
    int was_failed = rr_failed();
    size_t i;
    if (g->nposts >= RR_MAXPOST) return IW_EAGAIN;
    rr_template(k % RR_NTPL, &w);
    w.cookie = (void *)(uintptr_t)(g->nposts + 1);
    p = &g->posts[g->nposts++];
    p->opcode = w.opcode;
    p->ok = 1; /* a completion may arrive from inside iw_rdmap_post */
    p->stag = w.stag;
    p->to = w.to;
    p->len = 0;
    for (i = 0; i < w.nsge; i++) p->len += (uint32_t)w.sgl[i].len;
    p->wlen = p->len;
    if (w.opcode == IW_RDMAP_OP_READ_REQ) {
        p->len = w.len;
        p->wlen = IW_RDMAP_READ_REQ_HDR;
    }
    if (w.opcode == IW_RDMAP_OP_IMM || w.opcode == IW_RDMAP_OP_IMM_SE) p->wlen = 8;
    if (w.opcode == IW_RDMAP_OP_ATOMIC_REQ) p->wlen = IW_RDMAP_ATOMIC_REQ_HDR;
    st = iw_rdmap_post(&g_rr_s, &w);
    if (st == IW_EINVAL || st == IW_EAGAIN || st == IW_ESTATE) {
        FZ_CHECK(g->ncomplete < g->nposts); /* a refused post never completes */
        p->ok = 0;
        if (st == IW_ESTATE) FZ_CHECK(was_failed);
        if (was_failed) FZ_CHECK(st != IW_OK);
    } else {
        FZ_CHECK(!was_failed);
        /* IW_OK; or the stream failed while handing it over (queued all the same) */
        FZ_CHECK(st == IW_OK || rr_failed());
    }
    return st;
}

/* ---- the wire: what we sent ---- */

typedef struct rr_wcheck {
    unsigned nulpdu, nterm, nmsg_ours;
    int term_seen;
    uint32_t msn[4], mo[4];
    uint8_t qactive[4], qop[4];
    uint32_t qlen[4];
    int t_active;
    uint32_t t_stag, t_len;
    uint64_t t_next, t_first;
    uint8_t t_op;
    uint8_t term_body[IW_RDMAP_TERM_MAX];
    size_t term_len;
} rr_wcheck;
static rr_wcheck g_rr_wc;

/* One of our messages completed on the wire: the next posted one, in order. */
static void rr_wire_msg(rr_wcheck *c, unsigned op, uint32_t len, uint32_t stag, uint64_t to)
{
    rr_state *g = &g_rr;
    unsigned i, seen = 0;
    const rr_post_rec *p = NULL;
    for (i = 0; i < g->nposts; i++) {
        if (!g->posts[i].ok) continue;
        if (seen++ == c->nmsg_ours) {
            p = &g->posts[i];
            break;
        }
    }
    FZ_CHECK(p != NULL);                /* nothing we did not post */
    FZ_CHECK(p->opcode == op);          /* RDMAP-050: in posting order */
    FZ_CHECK(p->wlen == len);
    if (op == IW_RDMAP_OP_WRITE) FZ_CHECK(stag == p->stag && to == p->to);
    c->nmsg_ours++;
}

static int rr_on_ulpdu(void *ctx, const uint8_t *u, size_t len)
{
    rr_wcheck *c = (rr_wcheck *)ctx;
    rr_state *g = &g_rr;
    iw_ddp_hdr h;
    size_t hl = 0;
    unsigned op, rv;
    uint32_t n;
    int mpa_own = 0;
    c->nulpdu++;
#ifdef FUZZ_VERBOSE
    {
        size_t i;
        fprintf(stderr, "tx ulpdu %u len %zu:", c->nulpdu, len);
        for (i = 0; i < len && i < 48; i++) fprintf(stderr, " %02x", u[i]);
        fprintf(stderr, "\n");
    }
#endif
    if (FZ_CHECK_ONE_TERM) FZ_CHECK(!c->term_seen); /* RDMAP-022: nothing after the Terminate */
    FZ_CHECK(iw_ddp_hdr_decode(u, len, &h, &hl) == IW_OK);
    FZ_CHECK(h.dv == IW_DDP_VERSION);
    FZ_CHECK((u[0] & IW_DDP_F_RSVD) == 0);
    n = (uint32_t)(len - hl);
    op = h.ulp & IW_RDMAP_OP_MASK;
    rv = h.ulp >> 6;
    FZ_CHECK((h.ulp & IW_RDMAP_RSV_MASK) == 0);
    /* MPA's own FPDUs: the RTR (first, P2P) and its header-less Terminate */
    if (g->p2p && c->nulpdu == 1) mpa_own = 1;
    if (op == IW_RDMAP_OP_TERMINATE && len == IW_MPA_TERM_ULPDU_LEN && u[20] == 0) mpa_own = 1;
    FZ_CHECK(rv == g->rcfg.rv || (mpa_own && rv == 1));
    FZ_CHECK(op <= IW_RDMAP_OP_ATOMIC_RESP);
    if (op >= IW_RDMAP_OP_IMM) FZ_CHECK(g->rcfg.rfc7306);
    FZ_CHECK(!h.tagged == (op != IW_RDMAP_OP_WRITE && op != IW_RDMAP_OP_READ_RESP));
    FZ_CHECK(len <= g->max_mulpdu || mpa_own);
    if (h.tagged) {
        unsigned q;
        for (q = 0; q < 4; q++) FZ_CHECK(!c->qactive[q]); /* DDP-013: not interleaved */
        if (c->t_active) {
            FZ_CHECK(h.stag == c->t_stag && h.to == c->t_next && op == c->t_op);
        } else {
            c->t_first = h.to;
            c->t_len = 0;
        }
        c->t_active = !h.last;
        c->t_stag = h.stag;
        c->t_next = h.to + n;
        c->t_op = (uint8_t)op;
        c->t_len += n;
        if (h.last && op == IW_RDMAP_OP_WRITE && !mpa_own)
            rr_wire_msg(c, op, c->t_len, h.stag, c->t_first);
        return 0;
    }
    {
        static const uint8_t qn_of[12] = {0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 1, 3};
        unsigned q = qn_of[op], k;
        FZ_CHECK(h.qn == q);
        /* DDP-013: not interleaved; only a Terminate may follow a message abandoned part way:
         * a Read Response whose source failed in pull (RDMAP-029), or anything cut by MPA's
         * own header-less Terminate (Layer 2: it goes after the FPDU, not the message) */
        if (c->t_active || (q != 0 && c->qactive[0]) || (q != 1 && c->qactive[1]) ||
            (q != 3 && c->qactive[3])) {
            int mpa_term = op == IW_RDMAP_OP_TERMINATE && n == IW_RDMAP_TERM_HDR &&
                           ((u[hl] >> 4) == 1 || (u[hl] >> 4) == 2) && u[hl + 2] == 0;
            FZ_CHECK(op == IW_RDMAP_OP_TERMINATE);
            FZ_CHECK(mpa_term || (c->t_active && c->t_op == IW_RDMAP_OP_READ_RESP));
            c->t_active = 0;
            for (k = 0; k < 4; k++) c->qactive[k] = 0;
        }
        if (op != IW_RDMAP_OP_SEND_INV && op != IW_RDMAP_OP_SEND_SE_INV) FZ_CHECK(h.ulp32 == 0);
        FZ_CHECK(h.msn == c->msn[q] + 1u || (!FZ_CHECK_ONE_TERM && op == IW_RDMAP_OP_TERMINATE));
        /* DDP-014: 1, 2, 3... per queue */
        if (c->qactive[q]) FZ_CHECK(op == c->qop[q]);
        else c->qlen[q] = 0;
        FZ_CHECK(h.mo == c->qlen[q]);
        FZ_CHECK(c->qlen[q] + n >= c->qlen[q] && c->qlen[q] + n <= 65536u * 16u);
        c->qlen[q] += n;
        c->qactive[q] = !h.last;
        c->qop[q] = (uint8_t)op;
        if (!h.last) return 0;
        c->msn[q]++;
        n = c->qlen[q];
        switch (op) {
        case IW_RDMAP_OP_READ_REQ: FZ_CHECK(n == IW_RDMAP_READ_REQ_HDR); break;
        case IW_RDMAP_OP_ATOMIC_REQ: FZ_CHECK(n == IW_RDMAP_ATOMIC_REQ_HDR); break;
        case IW_RDMAP_OP_ATOMIC_RESP: FZ_CHECK(n == IW_RDMAP_ATOMIC_RESP_HDR); break;
        case IW_RDMAP_OP_IMM: case IW_RDMAP_OP_IMM_SE: FZ_CHECK(n == IW_RDMAP_IMM_LEN); break;
        case IW_RDMAP_OP_TERMINATE: {
            iw_rdmap_term_info ti;
            FZ_CHECK((h.msn == 1 || !FZ_CHECK_ONE_TERM) && h.mo == 0 && n >= IW_RDMAP_TERM_HDR &&
                     n <= IW_RDMAP_TERM_MAX);
            FZ_CHECK(n == len - hl); /* a single segment */
            FZ_CHECK(iw_rdmap_term_decode(u + hl, n, &ti) == IW_OK);
            FZ_CHECK(ti.term.layer <= 2);
            FZ_CHECK(u[hl + 3] == 0 && (u[hl + 2] & 0x1Fu) == 0); /* reserved (RDMAP-019) */
            FZ_CHECK(!ti.m || ti.d);
            c->nterm++;
            c->term_seen = 1;
            memcpy(c->term_body, u + hl, n);
            c->term_len = n;
            return 0;
        }
        default: break;
        }
        if (mpa_own) return 0;
        if (op != IW_RDMAP_OP_ATOMIC_RESP) rr_wire_msg(c, op, n, 0, 0);
        return 0;
    }
}

static void rr_check_wire(void)
{
    rr_state *g = &g_rr;
    rr_wcheck *c = &g_rr_wc;
    fz_walk w;
    memset(c, 0, sizeof *c);
    FZ_CHECK(g->wire_len >= g->req_len);
    FZ_CHECK(g->host_failed || (g->req_len >= 20 && memcmp(g_rr_wire, "MPA ID Req Frame", 16) == 0));
    memset(&w, 0, sizeof w);
    w.markers = g_rr_conn.mk_tx;
    w.crc_on = g_rr_conn.crc_on;
    w.min_len = IW_MPA_MIN_ULPDU;
    w.max_len = 65535;
    w.on_ulpdu = rr_on_ulpdu;
    w.ctx = c;
    w.ubuf = g_rr_ubuf;
    fz_walk_run(&w, g_rr_wire + g->req_len, g->wire_len - g->req_len);
    FZ_CHECK(w.err == FZ_W_NONE); /* valid MPA framing: lengths, CRCs, markers */
    if (FZ_CHECK_ONE_TERM) FZ_CHECK(c->nterm <= 1);
    /* nothing is left half-sent unless the host failed or the connection closed under it */
    /* the Terminate the stream reported is the one on the wire */
    if (g->nerrors && g->ev.kind == IW_RDMAP_EV_TERM_SENT && !g->host_failed &&
        g_rr_conn.err.status == IW_OK && !iw_mpa_tx_busy(&g_rr_conn) && c->nterm) {
        uint8_t body[IW_RDMAP_TERM_MAX];
        size_t bl = iw_rdmap_term_encode(&g->ev.term, body);
        FZ_CHECK(bl == c->term_len && memcmp(body, c->term_body, bl) == 0);
    }
}

/* ---- the run ---- */

static void rr_drain(void)
{
    rr_state *g = &g_rr;
    int i;
    g->send_mode = 0;
    for (i = 0; i < 64; i++) {
        size_t before = g->wire_len;
        (void)iw_mpa_tx_resume(&g_rr_conn);
        if (g->wire_len == before && !iw_mpa_tx_busy(&g_rr_conn)) break;
    }
}

static void rr_action(unsigned a, unsigned x)
{
    rr_state *g = &g_rr;
    switch (a) {
    case 0: (void)rr_post(x); break;
    case 1: (void)iw_mpa_tx_resume(&g_rr_conn); break;
    case 2:
        g->send_mode = (int)(x & 3u);
        g->limit = (x >> 2) ? (x >> 2) : 1u;
        break;
    case 3: {
        iw_term t;
        int was = rr_failed();
        iw_status st;
        t.layer = (uint8_t)((x >> 6) % 3u); /* a layer iw_rdmap_terminate sends as given */
        t.etype = (uint8_t)((x >> 4) & 3u);
        t.ecode = (uint8_t)(x & 15u);
        st = iw_rdmap_terminate(&g_rr_s, t);
        if (was) FZ_CHECK(st == IW_ESTATE);
        FZ_CHECK(rr_failed());
        break;
    }
    case 4: iw_mpa_llp_closed(&g_rr_conn); break;
    case 5: iw_mpa_close(&g_rr_conn); break;
    case 6: g->valid[x % RR_NREG] = 0; break;
    case 7:
        iw_mpa_set_emss(&g_rr_conn, 128u + 32u * x);
        if (iw_mpa_mulpdu(&g_rr_conn) > g->max_mulpdu) g->max_mulpdu = iw_mpa_mulpdu(&g_rr_conn);
        break;
    default: break;
    }
}

/* Set up from the tail: the stream, the connection, the Request sent and the Reply fed. */
static void rr_setup(const uint8_t *t)
{
    rr_state *g = &g_rr;
    iw_mpa_frame f;
    uint8_t reply[64];
    size_t rlen = 0, used = 0;
    unsigned i, opsel;
    const iw_mpa_ulp_ops *ulp;
    rr_once();
    memset(g, 0, offsetof(rr_state, posts));
    memcpy(g->t, t, RR_TAIL);
    for (i = 0; i < g_rr_slots_marked; i++) /* the receive slots the last input handed out */
        memset(g_rr_wmask + rr_recv_slot(i), 0, RR_RECV_SLOT);
    g_rr_slots_marked = 0;
    for (i = 0; i < RR_NREG; i++) g->valid[i] = rr_regions[i].valid;
    g->fused = (t[0] >> 4) & 1;
    g->rev = (t[0] & 0x20u) ? 1 : 2;
    g->p2p = g->rev == 2 && (t[0] & 0x40u);
    g->send_mode = t[1] >> 6;
    g->limit = t[8] ? t[8] : 1u;
    g->eagain_mask = t[9];
    g->fail_at = t[12];
    g->nrecv = t[10] & 15u;
    g->recv_first = t[10] >> 4;

    iw_rdmap_cfg_default(&g->rcfg);
    g->rcfg.rv = (t[11] & 1u) ? 0 : 1;
    g->rcfg.rfc7306 = !(t[0] & 0x80u);
    g->rcfg.read_enabled = !(t[1] & 0x04u);
    g->rcfg.ird = 4;
    g->rcfg.ord = 4;
    opsel = ((t[1] >> 5) & 1u) << 2 | ((t[1] >> 4) & 1u) << 1 | ((t[1] >> 3) & 1u);
    FZ_CHECK(iw_rdmap_init(&g_rr_s, &g->rcfg, iw_ddp_mpa_llp_ops(), &g_rr_conn,
                           &rr_ops_table[opsel], g, g_rr_sq, RR_SQ, g_rr_irq, RR_IRQ) == IW_OK);

    iw_mpa_cfg_default(&g->mcfg, IW_MPA_INITIATOR);
    g->mcfg.rev = (uint8_t)g->rev;
    g->mcfg.crc = t[0] & 1u;
    g->mcfg.markers_rx = (t[0] >> 2) & 1u;
    g->mcfg.markers_tx = 1;
    g->mcfg.p2p = (uint8_t)g->p2p;
    g->mcfg.ird = t[4] & 15u;
    g->mcfg.ord = t[5] & 15u;
    g->mcfg.ird_max = 16;
    g->mcfg.emss = 128u + (uint32_t)iw_get_be16(t + 6) % 9000u;
    g->mcfg.terminate = !(t[11] & 2u);
    g->mcfg.rx_max_ulpdu = (t[11] & 0x20u) ? 512u : 0u;
    rr_begin_mode = !g->fused ? 0 : (t[13] & 1u) ? 1 : 2;
    ulp = rr_begin_mode == 2 ? iw_rdmap_mpa_ulp_ops() : &rr_mpa_ulp_plain;
    FZ_CHECK(iw_mpa_init(&g_rr_conn, &g->mcfg, &rr_host_ops[(t[11] >> 2) & 1u], g, ulp, &g_rr_s,
                         g_rr_reasm, RR_REASM) == IW_OK);
    {
        int sm = g->send_mode; /* the Request goes out whole */
        g->send_mode = 0;
        FZ_CHECK(iw_mpa_start(&g_rr_conn, (const uint8_t *)"rdmap", 5) == IW_OK ||
                 g->host_failed);
        g->send_mode = sm;
    }
    g->req_len = g->wire_len;

    /* the Reply */
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REPLY;
    f.rev = (uint8_t)g->rev;
    f.enhanced = g->rev == 2;
    f.flags = (uint8_t)(((t[0] & 2u) ? IW_MPA_FLAG_C : 0u) | ((t[0] & 8u) ? IW_MPA_FLAG_M : 0u));
    f.ird_word = (uint16_t)(t[2] & 31u);
    f.ord_word = (uint16_t)(t[3] & 31u);
    if (g->p2p) {
        static const unsigned rtr_of[4] = {IW_MPA_RTR_WRITE, IW_MPA_RTR_SEND, IW_MPA_RTR_READ, 0};
        g->rtr = (int)rtr_of[t[1] & 3u];
        f.ird_word |= IW_MPA_IRD_P2P;
        if (g->rtr == IW_MPA_RTR_SEND) f.ird_word |= IW_MPA_IRD_RTR_SEND;
        if (g->rtr == IW_MPA_RTR_WRITE) f.ord_word |= IW_MPA_ORD_RTR_WRITE;
        if (g->rtr == IW_MPA_RTR_READ) f.ord_word |= IW_MPA_ORD_RTR_READ;
    }
    FZ_CHECK(iw_mpa_frame_encode(&f, reply, sizeof reply, &rlen) == IW_OK);
    (void)iw_mpa_rx_feed(&g_rr_conn, reply, rlen, &used);
    FZ_CHECK(used <= rlen);
    g->max_mulpdu = iw_mpa_mulpdu(&g_rr_conn);
}

/* Feed one chunk of the peer's stream. */
static void rr_feed(const uint8_t *p, size_t n)
{
    size_t used = 0;
    iw_status st = iw_mpa_rx_feed(&g_rr_conn, n ? p : NULL, n, &used);
    FZ_CHECK(used <= n);
    if (st == IW_OK) FZ_CHECK(used == n);
    if (g_rr.t[11] & 8u) (void)iw_mpa_tx_resume(&g_rr_conn);
}

/* The end of a run: drain, end the stream, drain, check. */
static void rr_finish(void)
{
    rr_state *g = &g_rr;
    size_t i;
    unsigned posted_ok = 0;
    rr_drain();
    if (FZ_CHECK_STALL && !rr_failed() && !g->closed && !g->host_failed &&
        iw_mpa_state(&g_rr_conn) == IW_MPA_S_FULL && !iw_mpa_tx_busy(&g_rr_conn)) {
        size_t before = g->wire_len;
        unsigned done = g->ncomplete;
        (void)iw_rdmap_tx_resume(&g_rr_s);
        rr_drain();
        /* everything that could go out went out without this call */
        FZ_CHECK(g->wire_len == before && g->ncomplete == done);
    }
    if (!rr_failed()) {
        g->ended_by_harness = 1;
        if (g->t[11] & 0x10u) {
            iw_mpa_llp_closed(&g_rr_conn);
        } else {
            iw_term t;
            t.layer = 0;
            t.etype = 0;
            t.ecode = 0;
            (void)iw_rdmap_terminate(&g_rr_s, t);
        }
        if (!rr_failed()) { /* e.g. llp_closed on a connection that never got up */
            iw_term t;
            t.layer = 2;
            t.etype = 0;
            t.ecode = 1;
            iw_rdmap_llp_down(&g_rr_s, IW_ECLOSED, t);
        }
        rr_drain();
    }
    FZ_CHECK(rr_failed());
    FZ_CHECK(g->nerrors == 1);
    /* posted operations: every one completed, unless DDP still holds a message */
    for (i = 0; i < g->nposts; i++) posted_ok += g->posts[i].ok;
    {
        unsigned done = 0;
        for (i = 0; i < g->ncomplete; i++) done += g->posts[i].ok;
        if (FZ_CHECK_FLUSH && (FZ_STRICT_FLUSH || !iw_ddp_tx_busy(&g_rr_s.ddp)))
            FZ_CHECK(done == posted_ok);
    }
    /* receives: each one taken completed once */
    if (FZ_STRICT_RECV) FZ_CHECK(g->recv_taken == g->recv_done);
    /* memory, chunk by chunk: nothing placed after the failure (the chunk equals its copy
     * then, or the pattern when it had not changed by then), octet by octet only in the
     * chunks that differ from the pattern; those are put back to the pattern for the next
     * input */
    FZ_CHECK(g->fail_hashed);
    for (i = 0; i < RR_NCHUNK; i++) {
        size_t j, o = i * RR_CHUNK, n = RR_ARENA - o < RR_CHUNK ? RR_ARENA - o : RR_CHUNK;
        int same_pat = memcmp(g_rr_arena + o, g_rr_pat + o, n) == 0;
        FZ_CHECK(g_rr_snapped[i] ? memcmp(g_rr_snap + o, g_rr_arena + o, n) == 0 : same_pat);
        if (same_pat) continue;
        for (j = o; j < o + n; j++)
            if (!g_rr_wmask[j] && g_rr_arena[j] != g_rr_pat[j]) {
                fprintf(stderr, "rdmap_rx: arena octet %zu written\n", j);
                FZ_CHECK(0);
            }
        memcpy(g_rr_arena + o, g_rr_pat + o, n);
    }
    rr_check_wire();
#ifdef FUZZ_VERBOSE
    fprintf(stderr,
            "rdmap_rx: p2p=%d rtr=%d fused=%d crc=%d mk=%d/%d ev=%u term=%u.%u.%u posts=%u/%u "
            "done=%u flushed=%u recv=%u/%u unusable=%u wire=%zu ulpdus=%u mpa_err=%d "
            "rx_msgs=%u\n",
            g->p2p, g->rtr, g->fused, g_rr_conn.crc_on, g_rr_conn.mk_rx, g_rr_conn.mk_tx,
            g->ev.kind, g->ev.term.term.layer, g->ev.term.term.etype, g->ev.term.term.ecode,
            posted_ok, g->nposts, g->ncomplete, g->nflushed, g->recv_done, g->recv_taken,
            g->recv_unusable, g->wire_len, g_rr_wc.nulpdu, (int)g_rr_conn.err.status,
            g_rr_s.ddp.stats.rx_msgs);
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *t, *p, *end;
    unsigned nrec = 0;
    if (size < RR_TAIL) return 0;
    t = data + size - RR_TAIL;
    rr_setup(t);
    p = data;
    end = t;
    while ((size_t)(end - p) >= 2 && nrec < 8192) {
        unsigned L = iw_get_be16(p);
        p += 2;
        nrec++;
        if (L >= 0xF000u) {
            rr_action((L >> 8) & 15u, L & 0xFFu);
            continue;
        }
        if (L > (size_t)(end - p)) L = (unsigned)(end - p);
        rr_feed(p, L);
        p += L;
    }
    rr_finish();
    return 0;
}
