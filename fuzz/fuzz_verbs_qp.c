/* fuzz/fuzz_verbs_qp.c: libFuzzer target for verbs.h over the whole stack below it. The input is
 * both the peer's TCP octets and a script of verbs calls; one RNIC, one QP bound to a real
 * iw_mpa_conn (iw_qp_mpa_ulp_ops(), uctx = the QP), a deterministic host.
 *
 * SETUP (from the 16 head octets). iw_rnic_open with a small STag table (2..17 entries), PDs 1
 * and 2, CQ 0 and CQ 1 with rings of 1..8 entries (so that they overflow), one QP (SQ/RQ depth
 * 1..8, IRD/ORD, enables, privileged, SGE limits, one CQ for both queues or one each). The MPA
 * connection: an Initiator fed a valid Reply, or a Responder fed a valid Request (its request
 * upcall accepts), both encoded with iw_mpa_frame_encode from the head (CRC, markers either
 * way, IRD/ORD), so the connection reaches Full Operation (the Responder: awaiting the first
 * FPDU) deterministically. Optionally four MRs, one MW and one allocated MR STag are made
 * (list entries 0..5 below) and the QP is moved to RTS.
 *
 * INPUT = HEAD (16 octets) || RECORDS.
 *   h[0]  bit0 Responder; bit1 our cfg.crc; bit2 the peer's C flag; bit3 our markers_rx; bit4
 *         the peer's M flag (markers in what we send); bit5 QP -> RTS at setup; bit6 one CQ for
 *         SQ and RQ; bit7 host atomic64 op
 *   h[1]  SQ depth 1 + (h1 & 7); RQ depth 1 + (h1 >> 3 & 7); bits6-7 max_send_sge
 *   h[2]  CQ 0 entries 1 + (h2 & 7); CQ 1 entries 1 + (h2 >> 3 & 7); bit6 read_en; bit7 write_en
 *   h[3]  IRD h3 & 7; ORD h3 >> 3 & 7; bit6 bind_en; bit7 atomic_en
 *   h[4]  bit0 privileged; bits1-2 max_recv_sge; bits3-4 max_write_sge; bit5 the standard
 *         registrations; bit6 the CQ event handler polls one WC and re-arms; bit7 the async
 *         event handler queries the QP
 *   h[5]  STag table 2 + (h5 & 15) entries; bits4-7 the STag Index seed
 *   h[6..7] EMSS = 128 + BE16 % 9000
 *   h[8]  the peer frame's IRD (low nibble) and ORD (high nibble)
 *   h[9]  host send mode bits0-1 (0 all, 1 at most L octets per call, 2 the same with
 *         IW_EAGAIN, 3 IW_EAGAIN on every other call), L = 1 + (h9 >> 2)
 *   h[10] host send call k fails with IW_EHOST (0 never)
 *   h[11] bit0 host random op; bit1 MPA cfg.terminate = 0
 *   h[12] seed of the host random op; h[13] bit0 FPDUs cut by a feed declined (else
 *         placed as they come); h[14] reserved
 *   h[15] the byte every caller-owned array (SQ/RQ/IRD rings, STag table, CQ rings) is filled
 *         with before creation: leftovers the core must never read (regress-sq-reap-reentry)
 *   RECORDS: an opcode octet (% 25) and its arguments, read from the input (0 once it ends):
 *     0 WIRE [u16 L][L octets] to iw_mpa_rx_feed     1 iw_pd_alloc      2 iw_pd_dealloc [pd]
 *     3 iw_cq_create [cq]   4 iw_cq_resize [cq]   5 iw_cq_destroy [u8 cq]   6 iw_cq_poll [u8
 *     cq | count << 1]   7 iw_cq_notify [u8 cq | type << 1]   8 iw_mr_alloc_stag [pd][cap][rok]
 *     [key]   9 iw_mr_register [reg]   10 iw_mr_reregister [sref][reg]   11
 *     iw_mr_register_shared [sref][pd][acc][key][zb][vsel]   12 iw_stag_query [sref]   13
 *     iw_stag_dealloc [sref]   14 iw_mw_alloc [pd][key]   15 iw_qp_modify [u8 state | llp << 3 |
 *     set_ord << 5 | set_ird << 6][ord][ird]   16 iw_qp_post_sq [u8 n % 4][wr]...   17
 *     iw_qp_post_rq [u8 n % 4][rwr]...   18 iw_qp_query   19 iw_qp_llp_event [what]   20
 *     iw_qp_destroy   21 iw_mpa_tx_resume   22 iw_mpa_llp_closed   23 host send mode [h9]
 *     24 drain (the host takes everything; iw_mpa_tx_resume until nothing moves)
 *   [cq] = u8: bit0 which, bits1-5 entries (31: 0x2000000); [sref] an STag: u8 < 0xE0 picks
 *   entry (x & 31) % n of the list of STags the verbs returned (bits 5-7: 1 Key ^ 1, 2 Index ^ 1,
 *   3 STag 0), >= 0xE0 a raw u32; [reg] = [pd][key][acc][flags: zb, rok, page size 4096/8192/
 *   3000/65536, raw FBO, len x 16][u16 fbo][u16 len][u8 npbl % 8][page]...[vsel]; a page octet
 *   names arena page (e & 15) (8..15 are outside: map NULL), misaligned at >= 0xC0, 0 at 0xFF.
 *   [wr] = [type % 17][flags & 7][nsge % 6][sge]... then by type: the Invalidate STag (u32),
 *   remote STag (u32) and TO (u16), Immediate seed, atomic operands, Bind (MW sref, Key, MR
 *   sref, VA, length, rights, zero-based), Fast-Register (sref, Key, [reg]), Invalidate (sref).
 *   [sge] = [sref][TO: u8 mode, u16 offset][u8 len: < 0x80 itself, else 128 steps, 0xFF 2^32-1].
 *   wr_ids are the harness's (unique, SQ and RQ tagged).
 *
 * THE HOST. Registered memory is an arena of 8 pages of 4 KiB at "physical" 0x10000000 with
 * guard zones before and after; host_ops.map returns pointers only inside the arena (NULL
 * otherwise). Page lists come from a per-run pool (never reused within a run). The send op
 * records the wire; partial accepts, IW_EAGAIN and one failing call.
 *
 * INVARIANTS (FZ_CHECK, __builtin_trap), besides "no crash" under ASan/UBSan:
 *  - memory: the guard zones never change; no arena octet changes outside the ranges some
 *    registration with Local Write (register, reregister, shared, Fast-Register) ever covered;
 *    the host atomic op only on such octets, 8-aligned; once the QP is in Terminate or Error
 *    (or destroyed) the arena does not change any more (FZ_CHECK_FROZEN);
 *  - every verb returns an iw_vstatus value; a verb that returns an Immediate Error changes
 *    nothing observable (QP query, SQ/RQ occupancy, CQ count/cap/arming, every STag's query, PD
 *    use), except RI-Reregister (VERBS-044) and a Post that took some WRs (VERBS-065);
 *    iw_pd_dealloc is "PD in use" iff an STag or the QP uses the PD (VERBS-003); iw_qp_destroy
 *    is "MWs bound" iff a Valid MW is bound to the QP (VERBS-034);
 *  - WCs: qp_id ours, status in the enum, a wr_id that was posted and accepted, at most once,
 *    on the right CQ, in posting order per queue (skipping only unsignaled SQ WRs, or WRs whose
 *    WC a CQ overflow lost); the type of the WR on success; no Success for a WR posted in
 *    Closing (VERBS-031/033); after a WC with an error other than Flushed only Flushed on
 *    that queue (an earlier WR may be Flushed, a later one Success: VERBS-070,
 *    FZ_CHECK_AFTER_ERR); at most one WC other than Success/Flushed (VERBS-027,
 *    FZ_CHECK_ONE_ERR); no new WC after iw_qp_destroy (VERBS-034, FZ_CHECK_DESTROYED);
 *  - the end: the QP moved to Error (RTS/Idle: Modify; Closing: LLP lost; Terminate: LLP
 *    closed), the CQs reaped: every signaled SQ WR and every RQ WR has its WC unless a CQ
 *    overflowed, and Error -> Idle succeeds (VERBS-027/028, FZ_CHECK_ALL_DONE);
 *  - the async-event and CQ-event callbacks never re-enter; events in their enums, ours;
 *  - the wire: the Request (Initiator) or Reply (Responder), then valid MPA FPDUs (length,
 *    CRC when on, markers when asked), each a valid DDP segment, at most one Terminate and
 *    nothing after it (FZ_CHECK_ONE_TERM); nothing sent after close.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c99 -I. -Itests \
 *       fuzz/fuzz_verbs_qp.c -o build/fuzz/fuzz_verbs_qp
 *
 * fuzz/mkcorpus.c includes this file (FV_NO_ENTRY; fv_* names) to make seeds with a real peer.
 */
#define IWARP_IMPLEMENTATION
#define IWARP_STATIC
#ifndef IW_ASSERT
#define IW_ASSERT(x) ((x) ? (void)0 : __builtin_trap())
#endif
#include "fuzz_memo.h" /* first: the CRC32c kernels chosen once, not per init */
#include "verbs.h"
#include "fuzz_common.h"
#include <stdlib.h>

#ifndef FZ_CHECK_FROZEN
#define FZ_CHECK_FROZEN 1
#endif
#ifndef FZ_CHECK_AFTER_ERR
#define FZ_CHECK_AFTER_ERR 1
#endif
#ifndef FZ_CHECK_ONE_ERR
#define FZ_CHECK_ONE_ERR 1
#endif
#ifndef FZ_CHECK_DESTROYED
#define FZ_CHECK_DESTROYED 1
#endif
#ifndef FZ_CHECK_ALL_DONE
#define FZ_CHECK_ALL_DONE 1
#endif
#ifndef FZ_CHECK_ONE_TERM
#define FZ_CHECK_ONE_TERM 1
#endif
/* A Terminate the QP records as sent (Query QP: term_local) is on the wire, unless MPA or the
 * host failed or the connection closed first. */
#ifndef FZ_CHECK_TERM_SENT
#define FZ_CHECK_TERM_SENT 1
#endif
/* 1: FZ_CHECK_TERM_SENT only when MPA reached Full Operation (skips the open finding of a WR
 * posted on a Responder QP in RTS before the Initiator's first FPDU, fuzz/README.md) */
#ifndef FZ_TERM_SENT_FULL_ONLY
#define FZ_TERM_SENT_FULL_ONLY 0
#endif
#ifndef FZ_CHECK_IMMEDIATE
#define FZ_CHECK_IMMEDIATE 1
#endif

#define FV_HEAD 16
#define FV_PAGE 4096u
#define FV_NPAGES 8u
#define FV_ARENA (FV_NPAGES * FV_PAGE)
#define FV_GUARD 4096u
#define FV_PHYS 0x10000000ull
#define FV_VA0 0x7F0000000000ull
#define FV_MAXSTAGS 17
#define FV_NLIST 32
#define FV_PBL_POOL 1024
#define FV_MAXWR 2048
#define FV_RING 32
#define FV_QMAX 8
#define FV_WIRE_CAP (1u << 20)
#define FV_REASM 65535u
#define FV_ID_SQ 0x5100000000000000ull
#define FV_ID_RQ 0x5200000000000000ull
#define FV_ID_MASK 0xFF00000000000000ull
#define FV_NOPS 25

typedef struct fv_ref {
    uint32_t stag;
    uint64_t base, len;
} fv_ref;

typedef struct fv_rec {
    uint8_t signaled, type, closing, seen;
} fv_rec;

typedef struct fv_q {
    unsigned n, next;
    int err_seen;
    fv_rec r[FV_MAXWR];
} fv_q;

typedef struct fv_state {
    uint8_t h[FV_HEAD];
    int responder, shared_cq, cb_poll, cb_query;
    /* host send */
    size_t wire_len, frame_len;
    int send_mode;
    size_t limit;
    unsigned send_calls, fail_at;
    int host_failed, closed;
    int llp_gone; /* the script reported the LLP closed, reset or lost: nothing more goes out */
    uint64_t rnd;
    /* the STag list */
    fv_ref list[FV_NLIST];
    unsigned nadd;
    unsigned pbl_used;
    /* events */
    int in_cb;
    unsigned nasync, ncqev;
    unsigned cq_overflows; /* bit i: CQ i reported its overflow */
    /* WC model */
    unsigned nonflush_err;
    int destroyed;
    unsigned count_at_destroy[2], polled_after_destroy[2];
    int frozen;
    unsigned nrec;
    unsigned wire_nterm;
    /* last: reset up to here */
    fv_q sq, rq;
} fv_state;

static fv_state g_fv;
static iw_rnic g_fv_rnic;
static iw_stag_ent g_fv_stags[FV_MAXSTAGS];
static iw_cq g_fv_cq[2];
static iw_wc g_fv_ring[2][2][FV_RING];
static unsigned g_fv_ring_sel[2];
static iw_qp g_fv_qp;
static iw_swqe g_fv_swqe[FV_QMAX];
static iw_rdmap_wr g_fv_rwr[FV_QMAX];
static iw_recv_wr g_fv_rwqe[FV_QMAX];
static iw_rdmap_inreq g_fv_inreq[FV_QMAX];
static iw_mpa_conn g_fv_conn, g_fv_spare;
static uint64_t g_fv_mem64[(FV_GUARD * 2 + FV_ARENA) / 8];
static uint8_t g_fv_pat[FV_GUARD * 2 + FV_ARENA];
static uint8_t g_fv_mask[FV_ARENA];
static uint8_t g_fv_frozen[FV_ARENA]; /* the arena when the QP stopped */
static uint64_t g_fv_pbl[FV_PBL_POOL];
static uint8_t *g_fv_wire, *g_fv_reasm, *g_fv_reasm2;
static uint8_t g_fv_ubuf[65536];
static int g_fv_ready;

#define FV_MEM ((uint8_t *)g_fv_mem64)
#define FV_AR (FV_MEM + FV_GUARD)

static IW_UNUSED void fv_once(void)
{
    size_t i;
    if (g_fv_ready) return;
    g_fv_ready = 1;
    for (i = 0; i < sizeof g_fv_pat; i++) g_fv_pat[i] = (uint8_t)(0x5Au ^ (i * 151u) ^ (i >> 8));
    g_fv_wire = (uint8_t *)malloc(FV_WIRE_CAP);
    g_fv_reasm = (uint8_t *)malloc(FV_REASM);
    g_fv_reasm2 = (uint8_t *)malloc(FV_REASM);
    if (!g_fv_wire || !g_fv_reasm || !g_fv_reasm2) abort();
}

static iw_vstatus fv_v(iw_vstatus s)
{
    FZ_CHECK((unsigned)s < (unsigned)IW_VSTATUS_END_); /* one of the iw_vstatus values */
    return s;
}


/* ---- the input reader ---- */

typedef struct fv_rd {
    const uint8_t *p, *end;
} fv_rd;

static unsigned rd8(fv_rd *r) { return r->p < r->end ? *r->p++ : 0u; }
static unsigned rd16(fv_rd *r)
{
    unsigned a = rd8(r);
    return a << 8 | rd8(r);
}
static uint32_t rd32(fv_rd *r)
{
    uint32_t a = rd16(r);
    return a << 16 | rd16(r);
}
static uint64_t rd64(fv_rd *r)
{
    uint64_t a = rd32(r);
    return a << 32 | rd32(r);
}

/* ---- the host ---- */

static uint8_t *fv_map(void *ctx, uint64_t addr, size_t len)
{
    uint64_t off;
    (void)ctx;
    if (addr < FV_PHYS) return NULL;
    off = addr - FV_PHYS;
    if (off > FV_ARENA || len > FV_ARENA - off) return NULL;
    return FV_AR + off;
}

static uint32_t fv_random(void *ctx)
{
    fv_state *g = (fv_state *)ctx;
    g->rnd = g->rnd * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(g->rnd >> 33);
}

static void fv_wc(int cqi, const iw_wc *wc);

static void fv_async(void *ctx, const iw_async_rec *ev)
{
    fv_state *g = (fv_state *)ctx;
    FZ_CHECK(!g->in_cb); /* never re-entered */
    g->in_cb = 1;
    FZ_CHECK((unsigned)ev->event >= 1u && (unsigned)ev->event < (unsigned)IW_AE_END_);
    if (ev->resource == IW_RES_CQ) { /* CQ Overflow Detected: on one of ours, once each */
        int cqi = ev->handle == (void *)&g_fv_cq[0] ? 0 : 1;
        FZ_CHECK(ev->event == IW_AE_CQ_OVERFLOW);
        FZ_CHECK(ev->handle == (void *)&g_fv_cq[0] || ev->handle == (void *)&g_fv_cq[1]);
        FZ_CHECK(!(g->cq_overflows & (1u << cqi)));
        g->cq_overflows |= 1u << cqi;
    } else {
        FZ_CHECK(ev->resource == IW_RES_QP);
        FZ_CHECK(ev->handle == (void *)&g_fv_qp && ev->id == g_fv_qp.id);
    }
    g->nasync++;
#ifdef FUZZ_VERBOSE
    fprintf(stderr, "  async %s term %u.%u.%u (record %u)\n", iw_async_event_str(ev->event),
            ev->term.layer, ev->term.etype, ev->term.ecode, g->nrec);
#endif
    if (g->cb_query) {
        iw_qp_info qi;
        (void)fv_v(iw_qp_query(&g_fv_qp, &qi));
    }
    g->in_cb = 0;
}

static void fv_cq_event(void *ctx, iw_cq *cq)
{
    fv_state *g = (fv_state *)ctx;
    int cqi = cq == &g_fv_cq[0] ? 0 : 1;
    FZ_CHECK(!g->in_cb); /* never re-entered */
    FZ_CHECK(cq == &g_fv_cq[0] || cq == &g_fv_cq[1]);
    g->in_cb = 1;
    g->ncqev++;
    if (g->cb_poll) {
        iw_wc wc;
        if (fv_v(iw_cq_poll(cq, &wc)) == IW_V_OK) fv_wc(cqi, &wc);
        (void)fv_v(iw_cq_notify(cq, IW_CQ_NOTIFY_NEXT));
    }
    g->in_cb = 0;
}

/* Writable octets of the arena: those a registration with Local Write covers. */
static void fv_mark(const uint64_t *pbl, uint32_t npbl, uint32_t ps, uint64_t fbo, uint64_t len)
{
    uint64_t off = 0;
    if (!pbl || ps == 0 || (ps & (ps - 1u))) return;
    while (off < len) {
        uint64_t x = fbo + off, page = x / ps, in = x % ps, k = ps - in, phys;
        if (k > len - off) k = len - off;
        if (page >= npbl) break;
        phys = pbl[page] + in;
        if (phys >= FV_PHYS && phys - FV_PHYS < FV_ARENA) {
            uint64_t o = phys - FV_PHYS, e = o + k > FV_ARENA ? FV_ARENA : o + k;
            memset(g_fv_mask + o, 1, (size_t)(e - o));
        }
        off += k;
    }
}

static uint64_t fv_atomic64(void *ctx, unsigned aop, void *p, uint64_t as, uint64_t asm_,
                            uint64_t cmp, uint64_t cm)
{
    uint8_t *q = (uint8_t *)p;
    size_t off;
    (void)ctx;
    FZ_CHECK(q >= FV_AR && q + 8 <= FV_AR + FV_ARENA);
    off = (size_t)(q - FV_AR);
    FZ_CHECK((off & 7u) == 0);
    FZ_CHECK(g_fv_mask[off] && g_fv_mask[off + 7]);
    FZ_CHECK(aop == IW_RDMAP_AOP_FETCHADD || aop == IW_RDMAP_AOP_CMPSWAP);
    return iw_rdmap_atomic64_builtin(NULL, aop, p, as, asm_, cmp, cm);
}

static const iw_rnic_host_ops fv_rnic_ops[4] = {
    {.map = fv_map, .async_event = fv_async, .cq_event = fv_cq_event},
    {.map = fv_map, .random = fv_random, .async_event = fv_async, .cq_event = fv_cq_event},
    {.map = fv_map, .async_event = fv_async, .cq_event = fv_cq_event, .atomic64 = fv_atomic64},
    {.map = fv_map, .random = fv_random, .async_event = fv_async, .cq_event = fv_cq_event,
     .atomic64 = fv_atomic64},
};

static iw_status fv_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    fv_state *g = (fv_state *)ctx;
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
    case 3: if (g->send_calls & 1u) { lim = g->limit; eagain = 1; } break;
    default: break;
    }
    for (i = 0; i < n && lim; i++) {
        size_t k = iov[i].len < lim ? iov[i].len : lim;
        if (g->wire_len + k > FV_WIRE_CAP) {
            g->host_failed = 1;
            return IW_EHOST;
        }
        if (k) memcpy(g_fv_wire + g->wire_len, iov[i].base, k);
        g->wire_len += k;
        total += k;
        lim -= k;
    }
    *accepted = total;
    return eagain && total < offered ? IW_EAGAIN : IW_OK;
}
static void fv_timer_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void fv_timer_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void fv_close(void *ctx, int abortive)
{
    fv_state *g = (fv_state *)ctx;
    (void)abortive;
    FZ_CHECK(!g->closed); /* at most once */
    g->closed = 1;
}
static const iw_mpa_host_ops fv_host_ops = {.send = fv_send, .timer_arm = fv_timer_arm,
                                            .timer_cancel = fv_timer_cancel, .close = fv_close};
/* the spare connection (never started): Modify -> RTS must refuse it */
static iw_status fv_send2(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    (void)ctx;
    (void)iov;
    (void)n;
    *accepted = 0;
    FZ_CHECK(0); /* never started: sends nothing */
    return IW_EHOST;
}
static void fv_close2(void *ctx, int abortive) { (void)ctx; (void)abortive; }
static const iw_mpa_host_ops fv_host_ops2 = {.send = fv_send2, .timer_arm = fv_timer_arm,
                                             .timer_cancel = fv_timer_cancel, .close = fv_close2};

static void fv_request(void *uctx, const iw_mpa_info *in)
{
    (void)uctx;
    (void)in;
    (void)iw_mpa_accept(&g_fv_conn, 4, 4, NULL, 0);
}
static iw_mpa_ulp_ops fv_resp_ulp;
static iw_mpa_ulp_ops fv_init_ulp;
/* h[13] bit0: FPDUs cut by the end of a feed are declined (reassembled, checked, then begun) */
static int fv_no_cut;
static iw_status fv_begin(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned flags,
                          iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (fv_no_cut && !(flags & IW_MPA_RX_VERIFIED) && have < len) return IW_EAGAIN;
    return iw_qp_mpa_ulp_ops()->begin(uctx, u, have, len, flags, dst);
}

/* ---- the STag list ---- */

static void fv_add(uint32_t stag, uint64_t base, uint64_t len)
{
    fv_ref *x = &g_fv.list[g_fv.nadd++ % FV_NLIST];
    x->stag = stag;
    x->base = base;
    x->len = len;
}

static fv_ref fv_sref(fv_rd *r)
{
    unsigned s = rd8(r);
    unsigned n = g_fv.nadd < FV_NLIST ? g_fv.nadd : FV_NLIST;
    fv_ref x;
    x.stag = 0;
    x.base = 0;
    x.len = 0x10000;
    if (s >= 0xE0) {
        x.stag = rd32(r);
        return x;
    }
    if (n) x = g_fv.list[(s & 31u) % n];
    switch (s >> 5) {
    case 1: x.stag ^= 1u; break;
    case 2: x.stag ^= 0x100u; break;
    case 3: x.stag = 0; break;
    default: break;
    }
    return x;
}

static uint64_t fv_to(fv_rd *r, const fv_ref *x)
{
    unsigned m = rd8(r), off = rd16(r);
    switch (m & 3u) {
    case 0: return x->base + (x->len < 0xFFFFFFFFu ? off % (x->len + 1u) : off);
    case 1: return x->base + x->len - (off & 0xFFu);
    case 2: return x->base + off;
    default: return rd64(r);
    }
}

static uint32_t fv_len(unsigned l)
{
    if (l < 0x80) return l;
    if (l == 0xFF) return 0xFFFFFFFFu;
    return (l - 0x7Fu) * 128u;
}

static uint64_t fv_page(unsigned e)
{
    if (e == 0xFF) return 0;
    if (e >= 0xC0) return FV_PHYS + (uint64_t)(e & 15u) * FV_PAGE + 8u * (1u + ((e >> 4) & 3u));
    return FV_PHYS + (uint64_t)(e & 15u) * FV_PAGE;
}

static void fv_read_reg(fv_rd *r, iw_mr_reg *g)
{
    static const uint32_t ps[4] = {4096u, 8192u, 3000u, 65536u};
    unsigned f, i, n, v, fbo, len;
    memset(g, 0, sizeof *g);
    g->pd = rd8(r) % 18u;
    g->key = (uint8_t)rd8(r);
    g->acc = rd8(r) & 0x7Fu;
    f = rd8(r);
    g->zero_based = (uint8_t)(f & 1u);
    g->remote_ok = (uint8_t)((f >> 1) & 1u);
    g->page_size = ps[(f >> 2) & 3u];
    fbo = rd16(r);
    g->fbo = (f & 0x10u) ? fbo : fbo % g->page_size;
    len = rd16(r);
    g->len = (f & 0x20u) ? (uint64_t)len * 16u : len;
    n = rd8(r) % 8u;
    if (n && g_fv.pbl_used + n <= FV_PBL_POOL) {
        uint64_t *p = g_fv_pbl + g_fv.pbl_used;
        g_fv.pbl_used += n;
        for (i = 0; i < n; i++) p[i] = fv_page(rd8(r));
        g->pbl = p;
        g->npbl = n;
    }
    v = rd8(r);
    if (v == 0xFF) g->va = rd64(r);
    else if (v == 0xFE) g->va = g->fbo;
    else g->va = FV_VA0 + (uint64_t)v * 0x100000u + g->fbo + ((f & 0x40u) ? 1u : 0u);
}

/* ---- snapshots (VERBS-001: an Immediate Error changes nothing) ---- */

typedef struct fv_snap {
    iw_vstatus qst;
    iw_qp_info qi;
    uint32_t sq_head, sq_tail, rq_head, rq_tail;
    uint32_t cq_count[2], cq_cap[2], cq_head[2];
    uint8_t cq_alive[2], cq_armed[2];
    iw_vstatus sst[FV_MAXSTAGS];
    iw_stag_info si[FV_MAXSTAGS];
    uint8_t pd_used[IW_CFG_VERBS_PD];
    uint32_t pd_refs[IW_CFG_VERBS_PD];
} fv_snap;

static void fv_take(fv_snap *s)
{
    uint32_t i;
    memset(s, 0, sizeof *s);
    s->qst = fv_v(iw_qp_query(&g_fv_qp, &s->qi));
    s->sq_head = g_fv_qp.sq_head;
    s->sq_tail = g_fv_qp.sq_tail;
    s->rq_head = g_fv_qp.rq_head;
    s->rq_tail = g_fv_qp.rq_tail;
    for (i = 0; i < 2; i++) {
        s->cq_alive[i] = g_fv_cq[i].alive;
        s->cq_count[i] = g_fv_cq[i].count;
        s->cq_cap[i] = g_fv_cq[i].cap;
        s->cq_head[i] = g_fv_cq[i].head;
        s->cq_armed[i] = g_fv_cq[i].armed;
    }
    for (i = 0; i < g_fv_rnic.nstags && i < FV_MAXSTAGS; i++)
        s->sst[i] = fv_v(iw_stag_query(&g_fv_rnic, i, &s->si[i]));
    for (i = 0; i < IW_CFG_VERBS_PD; i++) {
        s->pd_used[i] = g_fv_rnic.pd[i].used;
        s->pd_refs[i] = g_fv_rnic.pd[i].refs;
    }
}

static fv_snap g_fv_before, g_fv_after;

/* The objects fv_take reads (QP, CQs, RNIC, STag table) copied as they are: a verb that
 * returned an Immediate Error almost always left them octet for octet unchanged, and then
 * nothing observable changed either; fv_take and its 17 STag queries (most of a run when
 * taken before every verb) run only when the octets differ. */
typedef struct fv_raw {
    iw_qp qp;
    iw_cq cq[2];
    iw_rnic rnic;
    iw_stag_ent stags[FV_MAXSTAGS];
} fv_raw;
static fv_raw g_fv_raw_before, g_fv_raw_after;

/* A record's verb is bracketed by a copy of these 4 KiB and, after an error, a compare: done
 * here 64 octets a step, without ASan's shadow scans of memcpy/memcmp (the harness's own
 * globals), UBSan's per-step checks or coverage tracing (a fifth of a run with memcpy, half of
 * one with a plain word loop). */
#if defined(__clang__) && __clang_major__ >= 13
#define FV_RAW_FN __attribute__((noinline, no_sanitize("address", "undefined", "coverage")))
#else
#define FV_RAW_FN
#endif
#if defined(__GNUC__)
typedef uint64_t __attribute__((__may_alias__)) fv_word;
typedef uint64_t __attribute__((__vector_size__(64), __may_alias__, __aligned__(8))) fv_block;
#define FV_BLOCK 64u
#else
typedef uint64_t fv_word;
typedef uint64_t fv_block;
#define FV_BLOCK 8u
#endif
typedef char fv_raw_words[(sizeof(iw_qp) % 8 == 0 && sizeof(iw_rnic) % 8 == 0 &&
                           sizeof g_fv_cq % 8 == 0 && sizeof g_fv_stags % 8 == 0) ? 1 : -1];

static FV_RAW_FN void fv_wcopy(void *dst, const void *src, size_t n)
{
    size_t i, nb = n / FV_BLOCK;
    for (i = 0; i < nb; i++) ((fv_block *)dst)[i] = ((const fv_block *)src)[i];
    for (i = nb * FV_BLOCK / 8; i < n / 8; i++) ((fv_word *)dst)[i] = ((const fv_word *)src)[i];
}
static FV_RAW_FN int fv_wsame(const void *a, const void *b, size_t n)
{
    size_t i, nb = n / FV_BLOCK;
    fv_block d;
    fv_word w = 0;
    memset(&d, 0, sizeof d);
    for (i = 0; i < nb; i++) d |= ((const fv_block *)a)[i] ^ ((const fv_block *)b)[i];
    for (i = nb * FV_BLOCK / 8; i < n / 8; i++) w |= ((const fv_word *)a)[i] ^ ((const fv_word *)b)[i];
    for (i = 0; i < FV_BLOCK / 8; i++) w |= ((const fv_word *)&d)[i];
    return w == 0;
}

static void fv_raw_take(fv_raw *x)
{
    fv_wcopy(&x->qp, &g_fv_qp, sizeof x->qp);
    fv_wcopy(x->cq, g_fv_cq, sizeof x->cq);
    fv_wcopy(&x->rnic, &g_fv_rnic, sizeof x->rnic);
    fv_wcopy(x->stags, g_fv_stags, sizeof x->stags);
}
static void fv_raw_put(const fv_raw *x)
{
    fv_wcopy(&g_fv_qp, &x->qp, sizeof x->qp);
    fv_wcopy(g_fv_cq, x->cq, sizeof x->cq);
    fv_wcopy(&g_fv_rnic, &x->rnic, sizeof x->rnic);
    fv_wcopy(g_fv_stags, x->stags, sizeof x->stags);
}
/* the objects still hold the octets of x */
static int fv_raw_same(const fv_raw *x)
{
    return fv_wsame(&x->qp, &g_fv_qp, sizeof x->qp) && fv_wsame(x->cq, g_fv_cq, sizeof x->cq) &&
           fv_wsame(&x->rnic, &g_fv_rnic, sizeof x->rnic) &&
           fv_wsame(x->stags, g_fv_stags, sizeof x->stags);
}

static void fv_pre(void) { if (FZ_CHECK_IMMEDIATE) fv_raw_take(&g_fv_raw_before); }
/* After a verb: an Immediate Error left everything as it was. Compared through the verbs'
 * own queries (fv_take); when the octets changed, the state before is queried by putting the
 * octets from before back for the queries (they only read), then those from after. */
static iw_vstatus fv_post(iw_vstatus st, const char *what)
{
    (void)fv_v(st);
    if (FZ_CHECK_IMMEDIATE && st != IW_V_OK && st != IW_V_CQ_EMPTY) {
        if (fv_raw_same(&g_fv_raw_before)) return st;
        fv_raw_take(&g_fv_raw_after);
        fv_take(&g_fv_after);
        fv_raw_put(&g_fv_raw_before);
        fv_take(&g_fv_before);
        fv_raw_put(&g_fv_raw_after);
        if (memcmp(&g_fv_before, &g_fv_after, sizeof g_fv_before) != 0) {
            fprintf(stderr, "verbs_qp: %s returned %d (%s) and changed state\n", what, (int)st,
                    iw_vstatus_str(st));
            FZ_CHECK(0);
        }
    }
    return st;
}

/* ---- WCs ---- */

static int fv_overflowed(int cqi) { return g_fv_cq[cqi].overflowed; }

static void fv_wc(int cqi, const iw_wc *wc)
{
    fv_state *g = &g_fv;
    uint64_t tag = wc->wr_id & FV_ID_MASK;
    uint32_t idx = (uint32_t)(wc->wr_id & 0xFFFFFFFFu), j;
    int rq;
    fv_q *q;
    FZ_CHECK((unsigned)wc->status < (unsigned)IW_WC_STATUS_END_);
    FZ_CHECK(wc->qp_id == g_fv_qp.id);
    if (g->destroyed) { /* VERBS-034: no CQE appears after Destroy QP */
        g->polled_after_destroy[cqi]++;
        if (FZ_CHECK_DESTROYED) FZ_CHECK(g->polled_after_destroy[cqi] <= g->count_at_destroy[cqi]);
    }
#ifdef FUZZ_VERBOSE
    fprintf(stderr, "  wc cq%d %s %u type %d %s len %u (record %u)\n", cqi,
            tag == FV_ID_SQ ? "sq" : "rq", idx, (int)wc->type, iw_wc_status_str(wc->status),
            wc->len, g->nrec);
#endif
    FZ_CHECK(tag == FV_ID_SQ || tag == FV_ID_RQ); /* only what was posted */
    rq = tag == FV_ID_RQ;
    q = rq ? &g->rq : &g->sq;
    FZ_CHECK(cqi == (g->shared_cq ? 0 : rq)); /* the queue's CQ */
    FZ_CHECK(idx < q->n);
    FZ_CHECK(!q->r[idx].seen); /* at most once */
    FZ_CHECK(idx >= q->next);  /* posting order (VERBS-075) */
    for (j = q->next; j < idx; j++) {
        if (q->r[j].seen) continue;
        /* skipped: an unsignaled SQ WR that succeeded, or a WC a CQ overflow lost */
        FZ_CHECK((!rq && !q->r[j].signaled) || fv_overflowed(cqi));
    }
    q->r[idx].seen = 1;
    q->next = idx + 1u;
    if (wc->status == IW_WC_SUCCESS) {
        FZ_CHECK(wc->type == (rq ? IW_WR_RECV : (iw_wr_type)q->r[idx].type));
        FZ_CHECK(!q->r[idx].closing); /* posted in Closing: never executed (VERBS-033) */
        if (FZ_CHECK_AFTER_ERR) FZ_CHECK(!q->err_seen); /* VERBS-070 */
        if (rq) FZ_CHECK(wc->imm_valid ? wc->len == 0 : 1);
    } else {
        if (wc->status != IW_WC_FLUSHED) {
            g->nonflush_err++;
            if (FZ_CHECK_ONE_ERR) FZ_CHECK(g->nonflush_err <= 1); /* VERBS-027 */
            if (FZ_CHECK_AFTER_ERR) FZ_CHECK(!q->err_seen);
            q->err_seen = 1; /* an error (not Flushed): only Flushed after it (VERBS-070) */
        }
    }
}

static void fv_poll(int cqi, unsigned count)
{
    unsigned i;
    for (i = 0; i < count; i++) {
        iw_wc wc;
        iw_vstatus st;
        fv_pre();
        st = fv_post(iw_cq_poll(&g_fv_cq[cqi], &wc), "iw_cq_poll");
        if (st != IW_V_OK) break;
        fv_wc(cqi, &wc);
    }
}

/* ---- memory checks ---- */

static void fv_check_memory(void)
{
    size_t i, c;
    FZ_CHECK(memcmp(FV_MEM, g_fv_pat, FV_GUARD) == 0); /* the guard zones */
    FZ_CHECK(memcmp(FV_AR + FV_ARENA, g_fv_pat + FV_GUARD + FV_ARENA, FV_GUARD) == 0);
    for (c = 0; c < FV_ARENA; c += 256) {
        if (memcmp(FV_AR + c, g_fv_pat + FV_GUARD + c, 256) == 0) continue;
        for (i = c; i < c + 256; i++)
            if (!g_fv_mask[i] && FV_AR[i] != g_fv_pat[FV_GUARD + i]) {
                fprintf(stderr, "verbs_qp: arena octet %zu (page %zu) written, never registered "
                                "with Local Write\n", i, i / FV_PAGE);
                FZ_CHECK(0);
            }
    }
}

/* Once the QP is in Terminate or Error (or destroyed), nothing is placed any more. */
static void fv_freeze_check(void)
{
    fv_state *g = &g_fv;
    unsigned s = g_fv_qp.state;
    int stop = (g->destroyed && FZ_CHECK_DESTROYED) || s == IW_QP_TERMINATE || s == IW_QP_ERROR;
    if (stop && !g->frozen) {
        g->frozen = 1;
        memcpy(g_fv_frozen, FV_AR, FV_ARENA);
    } else if (!stop && g->frozen) {
        if (FZ_CHECK_FROZEN) FZ_CHECK(memcmp(g_fv_frozen, FV_AR, FV_ARENA) == 0);
        g->frozen = 0;
    }
}

/* ---- the wire ---- */

typedef struct fv_wcheck {
    unsigned nulpdu, nterm;
} fv_wcheck;

static int fv_on_ulpdu(void *ctx, const uint8_t *u, size_t len)
{
    fv_wcheck *c = (fv_wcheck *)ctx;
    iw_ddp_hdr h;
    size_t hl = 0;
    c->nulpdu++;
    if (FZ_CHECK_ONE_TERM) FZ_CHECK(c->nterm == 0); /* nothing after the Terminate */
    FZ_CHECK(iw_ddp_hdr_decode(u, len, &h, &hl) == IW_OK);
    FZ_CHECK(h.dv == IW_DDP_VERSION);
    FZ_CHECK((h.ulp & IW_RDMAP_OP_MASK) <= IW_RDMAP_OP_ATOMIC_RESP);
    if (!h.tagged && (h.ulp & IW_RDMAP_OP_MASK) == IW_RDMAP_OP_TERMINATE) {
        FZ_CHECK(h.qn == 2);
        c->nterm++;
    }
    return 0;
}

static void fv_check_wire(void)
{
    fv_state *g = &g_fv;
    iw_mpa_frame f;
    size_t used = 0;
    iw_status st;
    fv_wcheck c;
    fz_walk w;
    if (g->wire_len == 0) return;
    memset(&f, 0, sizeof f);
    st = iw_mpa_frame_decode(g_fv_wire, g->wire_len, g->responder ? IW_MPA_REPLY : IW_MPA_REQUEST,
                             &f, &used);
    if (st == IW_EAGAIN) {
        FZ_CHECK(g->host_failed); /* a frame cut short only by a failing host */
        return;
    }
    FZ_CHECK(st == IW_OK);
    memset(&c, 0, sizeof c);
    memset(&w, 0, sizeof w);
    w.markers = g_fv_conn.mk_tx;
    w.crc_on = g_fv_conn.crc_on;
    w.min_len = IW_MPA_MIN_ULPDU;
    w.max_len = 65535;
    w.on_ulpdu = fv_on_ulpdu;
    w.ctx = &c;
    w.ubuf = g_fv_ubuf;
    fz_walk_run(&w, g_fv_wire + used, g->wire_len - used);
    if (w.err != FZ_W_NONE) fprintf(stderr, "walk err %d mk %u crc %u len %zu used %zu\n", (int)w.err, g_fv_conn.mk_tx, g_fv_conn.crc_on, g->wire_len, used);
    FZ_CHECK(w.err == FZ_W_NONE); /* valid MPA framing */
    if (FZ_CHECK_ONE_TERM) FZ_CHECK(c.nterm <= 1);
    g->wire_nterm = c.nterm;
}

/* ---- setup ---- */

static void fv_std_reg(uint32_t pd, uint8_t key, unsigned acc, int zb, uint64_t va, uint32_t fbo,
                       uint64_t len, const unsigned *pages, unsigned np)
{
    iw_mr_reg g;
    uint32_t stag = 0, i;
    uint64_t *p = g_fv_pbl + g_fv.pbl_used;
    g_fv.pbl_used += np;
    for (i = 0; i < np; i++) p[i] = FV_PHYS + (uint64_t)pages[i] * FV_PAGE;
    memset(&g, 0, sizeof g);
    g.pd = pd;
    g.key = key;
    g.acc = acc;
    g.zero_based = (uint8_t)zb;
    g.va = va;
    g.len = len;
    g.page_size = FV_PAGE;
    g.fbo = fbo;
    g.pbl = p;
    g.npbl = np;
    if (fv_v(iw_mr_register(&g_fv_rnic, &g, &stag)) == IW_V_OK) {
        if (acc & IW_ACC_LOCAL_WRITE) fv_mark(p, np, FV_PAGE, fbo, len);
        fv_add(stag, zb ? 0 : va, len);
    } else {
        fv_add(0, 0, 0);
    }
}

static IW_UNUSED void fv_setup(const uint8_t *h)
{
    fv_state *g = &g_fv;
    iw_mpa_cfg mc;
    iw_mpa_frame f;
    iw_qp_cfg qc;
    iw_qp_mem qm;
    uint8_t frame[64];
    size_t flen = 0, used = 0;
    unsigned opsel;
    uint32_t pd;
    fv_once();
    memset(g, 0, offsetof(fv_state, sq));
    g->sq.n = g->sq.next = 0;
    g->sq.err_seen = 0;
    g->rq.n = g->rq.next = 0;
    g->rq.err_seen = 0;
    memcpy(g->h, h, FV_HEAD);
    { /* The caller-owned arrays start with leftovers chosen by the input, never with what an
       * earlier input left: the core must not read what it did not write, and a run must
       * not depend on the inputs before it (libFuzzer runs them all in one process). */
        unsigned poison = h[15]; /* head octet 15: only this */
        memset(g_fv_swqe, (int)poison, sizeof g_fv_swqe);
        memset(g_fv_rwr, (int)poison, sizeof g_fv_rwr);
        memset(g_fv_rwqe, (int)poison, sizeof g_fv_rwqe);
        memset(g_fv_inreq, (int)poison, sizeof g_fv_inreq);
        memset(g_fv_stags, (int)poison, sizeof g_fv_stags);
        memset(g_fv_ring, (int)poison, sizeof g_fv_ring);
    }
    memcpy(FV_MEM, g_fv_pat, sizeof g_fv_pat);
    memset(g_fv_mask, 0, sizeof g_fv_mask);
    memset(&g_fv_rnic, 0, sizeof g_fv_rnic);
    memset(g_fv_cq, 0, sizeof g_fv_cq);
    memset(&g_fv_qp, 0, sizeof g_fv_qp);
    g_fv_ring_sel[0] = g_fv_ring_sel[1] = 0;
    g->responder = h[0] & 1u;
    g->shared_cq = (h[0] >> 6) & 1u;
    g->cb_poll = (h[4] >> 6) & 1u;
    g->cb_query = (h[4] >> 7) & 1u;
    g->send_mode = h[9] & 3u;
    g->limit = 1u + (h[9] >> 2);
    g->fail_at = h[10];
    g->rnd = 0x1234u + h[12];

    opsel = (h[11] & 1u) | ((h[0] >> 7) << 1);
    FZ_CHECK(fv_v(iw_rnic_open(&g_fv_rnic, &fv_rnic_ops[opsel], g, g_fv_stags, 2u + (h[5] & 15u),
                               1u + (h[5] >> 4), 0)) == IW_V_OK);
    FZ_CHECK(fv_v(iw_pd_alloc(&g_fv_rnic, &pd)) == IW_V_OK && pd == 1);
    FZ_CHECK(fv_v(iw_pd_alloc(&g_fv_rnic, &pd)) == IW_V_OK && pd == 2);
    FZ_CHECK(fv_v(iw_cq_create(&g_fv_rnic, &g_fv_cq[0], g_fv_ring[0][0], 1u + (h[2] & 7u))) == IW_V_OK);
    FZ_CHECK(fv_v(iw_cq_create(&g_fv_rnic, &g_fv_cq[1], g_fv_ring[1][0], 1u + ((h[2] >> 3) & 7u))) ==
             IW_V_OK);
    memset(&qc, 0, sizeof qc);
    qc.sq_cq = &g_fv_cq[0];
    qc.rq_cq = g->shared_cq ? &g_fv_cq[0] : &g_fv_cq[1];
    qc.pd = 1;
    qc.sq_depth = 1u + (h[1] & 7u);
    qc.rq_depth = 1u + ((h[1] >> 3) & 7u);
    qc.max_send_sge = h[1] >> 6;
    qc.max_recv_sge = (h[4] >> 1) & 3u;
    qc.max_write_sge = (h[4] >> 3) & 3u;
    qc.ird = h[3] & 7u;
    qc.ord = (h[3] >> 3) & 7u;
    qc.read_en = (h[2] >> 6) & 1u;
    qc.write_en = (h[2] >> 7) & 1u;
    qc.bind_en = (h[3] >> 6) & 1u;
    qc.atomic_en = (h[3] >> 7) & 1u;
    qc.privileged = h[4] & 1u;
    qm.swqe = g_fv_swqe;
    qm.rwr = g_fv_rwr;
    qm.rwqe = g_fv_rwqe;
    qm.inreq = g_fv_inreq;
    FZ_CHECK(fv_v(iw_qp_create(&g_fv_rnic, &g_fv_qp, &qc, &qm)) == IW_V_OK);

    /* the connection */
    iw_mpa_cfg_default(&mc, g->responder ? IW_MPA_RESPONDER : IW_MPA_INITIATOR);
    mc.crc = (h[0] >> 1) & 1u;
    mc.markers_rx = (h[0] >> 3) & 1u;
    mc.markers_tx = 1;
    mc.ird = 4;
    mc.ord = 4;
    mc.ird_max = 16;
    mc.emss = 128u + (uint32_t)iw_get_be16(h + 6) % 9000u;
    mc.terminate = !(h[11] & 2u);
    fv_no_cut = (h[13] & 1u) != 0;
    fv_init_ulp = *iw_qp_mpa_ulp_ops();
    fv_init_ulp.begin = fv_begin;
    fv_resp_ulp = fv_init_ulp;
    fv_resp_ulp.request = fv_request;
    FZ_CHECK(iw_mpa_init(&g_fv_conn, &mc, &fv_host_ops, g,
                         g->responder ? &fv_resp_ulp : &fv_init_ulp, &g_fv_qp, g_fv_reasm,
                         FV_REASM) == IW_OK);
    {
        int sm = g->send_mode; /* the frame goes out whole */
        unsigned fa = g->fail_at;
        g->send_mode = 0;
        g->fail_at = 0;
        if (!g->responder) FZ_CHECK(iw_mpa_start(&g_fv_conn, NULL, 0) == IW_OK);
        else FZ_CHECK(iw_mpa_start(&g_fv_conn, NULL, 0) == IW_OK);
        memset(&f, 0, sizeof f);
        f.kind = g->responder ? IW_MPA_REQUEST : IW_MPA_REPLY;
        f.rev = 2;
        f.enhanced = 1;
        f.flags = (uint8_t)(((h[0] & 4u) ? IW_MPA_FLAG_C : 0u) | ((h[0] & 16u) ? IW_MPA_FLAG_M : 0u));
        f.ird_word = (uint16_t)(h[8] & 15u);
        f.ord_word = (uint16_t)(h[8] >> 4);
        FZ_CHECK(iw_mpa_frame_encode(&f, frame, sizeof frame, &flen) == IW_OK);
        (void)iw_mpa_rx_feed(&g_fv_conn, frame, flen, &used);
        FZ_CHECK(used <= flen);
        g->send_mode = sm;
        g->fail_at = fa;
    }
    g->frame_len = g->wire_len;
    iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
    FZ_CHECK(iw_mpa_init(&g_fv_spare, &mc, &fv_host_ops2, g, iw_qp_mpa_ulp_ops(), &g_fv_qp,
                         g_fv_reasm2, FV_REASM) == IW_OK);

    if (h[4] & 0x20u) { /* list entries 0..5 */
        static const unsigned p0[4] = {0, 1, 2, 3}, p1[2] = {4, 6}, p2[1] = {5}, p3[1] = {7};
        uint32_t stag = 0;
        fv_std_reg(1, 0x11, 0x3F, 0, FV_VA0, 0, 4 * FV_PAGE, p0, 4);
        fv_std_reg(1, 0x22, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1, 0, 100, 5000, p1, 2);
        fv_std_reg(1, 0x33, IW_ACC_LOCAL_READ | IW_ACC_REMOTE_READ, 0, FV_VA0 + 0x100040u, 0x40,
                   1000, p2, 1);
        fv_std_reg(2, 0x44, 0x3F, 0, FV_VA0 + 0x200000u, 0, FV_PAGE, p3, 1);
        if (fv_v(iw_mw_alloc(&g_fv_rnic, 1, 0x55, &stag)) != IW_V_OK) stag = 0;
        fv_add(stag, 0, 0);
        if (fv_v(iw_mr_alloc_stag(&g_fv_rnic, 1, 4, 1, 0x66, &stag)) != IW_V_OK) stag = 0;
        fv_add(stag, 0, 0);
    }
    if (h[0] & 0x20u) {
        iw_qp_attr a;
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_RTS;
        a.llp = &g_fv_conn;
        (void)fv_v(iw_qp_modify(&g_fv_qp, &a));
    }
}

/* ---- records ---- */

static void fv_drain(void)
{
    int i;
    g_fv.send_mode = 0;
    for (i = 0; i < 64; i++) {
        size_t before = g_fv.wire_len;
        (void)iw_mpa_tx_resume(&g_fv_conn);
        if (g_fv.wire_len == before && !iw_mpa_tx_busy(&g_fv_conn)) break;
    }
}

static void fv_read_sge(fv_rd *r, iw_sge *s)
{
    fv_ref x = fv_sref(r);
    s->stag = x.stag;
    s->to = fv_to(r, &x);
    s->len = fv_len(rd8(r));
}

static void fv_read_wr(fv_rd *r, iw_send_wr *w)
{
    unsigned i, t, seed;
    memset(w, 0, sizeof *w);
    t = rd8(r) % 17u;
    w->type = (iw_wr_type)t;
    w->flags = rd8(r) & 7u;
    w->nsge = rd8(r) % 6u;
    for (i = 0; i < w->nsge && i < IW_CFG_VERBS_SGE; i++) fv_read_sge(r, &w->sgl[i]);
    switch (t) {
    case IW_WR_SEND_INV: case IW_WR_SEND_SE_INV: w->inval_stag = rd32(r); break;
    case IW_WR_WRITE: case IW_WR_READ: case IW_WR_READ_INV:
        w->remote_stag = rd32(r);
        w->remote_to = rd16(r);
        break;
    case IW_WR_IMM: case IW_WR_IMM_SE:
        seed = rd8(r);
        for (i = 0; i < 8; i++) w->imm[i] = (uint8_t)(seed + i);
        break;
    case IW_WR_FETCHADD: case IW_WR_CMPSWAP:
        w->remote_stag = rd32(r);
        w->remote_to = rd16(r);
        seed = rd8(r);
        w->add_swap = 0x0101010101010101ull * seed;
        w->add_swap_mask = (seed & 1u) ? ~(uint64_t)0 : 0;
        w->cmp = seed & 0x0Fu;
        w->cmp_mask = (seed & 2u) ? ~(uint64_t)0 : 0;
        break;
    case IW_WR_BIND_MW: {
        fv_ref mw = fv_sref(r), mr;
        unsigned key = rd8(r);
        mr = fv_sref(r);
        w->bind.mw_stag = (mw.stag & ~0xFFu) | key;
        w->bind.mr_stag = mr.stag;
        w->bind.va = fv_to(r, &mr);
        w->bind.len = fv_len(rd8(r));
        w->bind.acc = rd8(r) & 0x3Fu;
        w->bind.zero_based = (uint8_t)(rd8(r) & 1u);
        break;
    }
    case IW_WR_FAST_REG: {
        fv_ref fr = fv_sref(r);
        unsigned key = rd8(r);
        fv_read_reg(r, &w->fr);
        w->fr_stag = (fr.stag & ~0xFFu) | key;
        break;
    }
    case IW_WR_INVALIDATE: w->inval_stag = fv_sref(r).stag; break;
    default: break;
    }
}

static void fv_post_sq(fv_rd *r)
{
    fv_state *g = &g_fv;
    iw_send_wr wrs[3];
    unsigned n = rd8(r) % 4u, i, closing = g_fv_qp.state == IW_QP_CLOSING, base = g->sq.n;
    size_t posted = 0;
    iw_vstatus st;
    for (i = 0; i < n; i++) fv_read_wr(r, &wrs[i]);
    if (g->sq.n + n > FV_MAXWR) return;
    for (i = 0; i < n; i++) { /* in the model before the call: WCs may come from inside it */
        fv_rec *x = &g->sq.r[base + i];
        wrs[i].wr_id = FV_ID_SQ | (base + i);
        memset(x, 0, sizeof *x);
        x->signaled = (wrs[i].flags & IW_WR_SIGNALED) != 0;
        x->type = (uint8_t)wrs[i].type;
        x->closing = (uint8_t)closing;
    }
    g->sq.n = base + n;
    fv_pre();
    st = fv_v(iw_qp_post_sq(&g_fv_qp, wrs, n, &posted));
    FZ_CHECK(posted <= n);
    if (st == IW_V_OK) FZ_CHECK(posted == n);
    for (i = (unsigned)posted; i < n; i++) FZ_CHECK(!g->sq.r[base + i].seen); /* never taken */
    g->sq.n = base + (unsigned)posted;
    if (posted == 0) (void)fv_post(st, "iw_qp_post_sq");
    for (i = 0; i < posted; i++) {
        const iw_send_wr *w = &wrs[i];
        if (w->type == IW_WR_BIND_MW)
            fv_add(w->bind.mw_stag, w->bind.zero_based ? 0 : w->bind.va, w->bind.len);
        if (w->type == IW_WR_FAST_REG) {
            if (w->fr.acc & IW_ACC_LOCAL_WRITE)
                fv_mark(w->fr.pbl, w->fr.npbl, w->fr.page_size, w->fr.fbo, w->fr.len);
            fv_add(w->fr_stag, w->fr.zero_based ? 0 : w->fr.va, w->fr.len);
        }
    }
}

static void fv_post_rq(fv_rd *r)
{
    fv_state *g = &g_fv;
    iw_recv_wr wrs[3];
    unsigned n = rd8(r) % 4u, i, j, closing = g_fv_qp.state == IW_QP_CLOSING, base = g->rq.n;
    size_t posted = 0;
    iw_vstatus st;
    for (i = 0; i < n; i++) {
        memset(&wrs[i], 0, sizeof wrs[i]);
        wrs[i].nsge = rd8(r) % 6u;
        for (j = 0; j < wrs[i].nsge && j < IW_CFG_VERBS_SGE; j++) fv_read_sge(r, &wrs[i].sgl[j]);
    }
    if (g->rq.n + n > FV_MAXWR) return;
    for (i = 0; i < n; i++) {
        fv_rec *x = &g->rq.r[base + i];
        wrs[i].wr_id = FV_ID_RQ | (base + i);
        memset(x, 0, sizeof *x);
        x->signaled = 1;
        x->type = IW_WR_RECV;
        x->closing = (uint8_t)closing;
    }
    g->rq.n = base + n;
    fv_pre();
    st = fv_v(iw_qp_post_rq(&g_fv_qp, wrs, n, &posted));
    FZ_CHECK(posted <= n);
    if (st == IW_V_OK) FZ_CHECK(posted == n);
    for (i = (unsigned)posted; i < n; i++) FZ_CHECK(!g->rq.r[base + i].seen);
    g->rq.n = base + (unsigned)posted;
    if (posted == 0) (void)fv_post(st, "iw_qp_post_rq");
}

/* Count the users of PD pd (STags, the QP): VERBS-003. */
static unsigned fv_pd_users(uint32_t pd)
{
    unsigned i, n = 0;
    for (i = 1; i < g_fv_rnic.nstags; i++) {
        iw_stag_info si;
        if (iw_stag_query(&g_fv_rnic, i, &si) == IW_V_OK && si.pd == pd) n++;
    }
    if (g_fv_qp.alive && g_fv_qp.cfg.pd == pd) n++;
    return n;
}

static int fv_mw_bound(void)
{
    unsigned i;
    for (i = 1; i < g_fv_rnic.nstags; i++) {
        iw_stag_info si;
        if (iw_stag_query(&g_fv_rnic, i, &si) == IW_V_OK && si.is_mw && si.valid &&
            si.qp_id == g_fv_qp.id)
            return 1;
    }
    return 0;
}

static uint32_t fv_cq_entries(unsigned x) { x &= 31u; return x == 31u ? 0x2000000u : x; }

static void fv_record(fv_rd *r)
{
    fv_state *g = &g_fv;
    unsigned op = rd8(r) % FV_NOPS, x;
    iw_vstatus st;
    uint32_t stag = 0;
    switch (op) {
    case 0: { /* WIRE */
        size_t L = rd16(r), used = 0;
        iw_status s;
        if (L > (size_t)(r->end - r->p)) L = (size_t)(r->end - r->p);
        s = iw_mpa_rx_feed(&g_fv_conn, L ? r->p : NULL, L, &used);
        FZ_CHECK(used <= L);
        if (s == IW_OK) FZ_CHECK(used == L);
        r->p += L;
        break;
    }
    case 1: {
        uint32_t pd = 0;
        fv_pre();
        st = fv_post(iw_pd_alloc(&g_fv_rnic, &pd), "iw_pd_alloc");
        if (st == IW_V_OK) FZ_CHECK(pd >= 1 && pd <= IW_CFG_VERBS_PD);
        break;
    }
    case 2: {
        uint32_t pd = rd8(r) % 18u;
        int used = pd >= 1 && pd <= IW_CFG_VERBS_PD && g_fv_rnic.pd[pd - 1].used;
        unsigned users = used ? fv_pd_users(pd) : 0;
        fv_pre();
        st = fv_post(iw_pd_dealloc(&g_fv_rnic, pd), "iw_pd_dealloc");
        if (!used) FZ_CHECK(st == IW_V_INVALID_PD);
        else FZ_CHECK(st == (users ? IW_V_PD_IN_USE : IW_V_OK)); /* VERBS-003 */
        break;
    }
    case 3: {
        unsigned c;
        x = rd8(r);
        c = x & 1u;
        if (g_fv_cq[c].alive) break; /* creating a live CQ again is the caller's error */
        g_fv_ring_sel[c] ^= 1u;
        fv_pre();
        (void)fv_post(iw_cq_create(&g_fv_rnic, &g_fv_cq[c], g_fv_ring[c][g_fv_ring_sel[c]],
                                   fv_cq_entries(x >> 1)), "iw_cq_create");
        break;
    }
    case 4: {
        unsigned c;
        x = rd8(r);
        c = x & 1u;
        fv_pre();
        st = fv_post(iw_cq_resize(&g_fv_cq[c], g_fv_ring[c][g_fv_ring_sel[c] ^ 1u],
                                  fv_cq_entries(x >> 1)), "iw_cq_resize");
        if (st == IW_V_OK) g_fv_ring_sel[c] ^= 1u;
        break;
    }
    case 5:
        fv_pre();
        (void)fv_post(iw_cq_destroy(&g_fv_cq[rd8(r) & 1u]), "iw_cq_destroy");
        break;
    case 6:
        x = rd8(r);
        fv_poll((int)(x & 1u), 1u + (x >> 1));
        break;
    case 7:
        x = rd8(r);
        fv_pre();
        (void)fv_post(iw_cq_notify(&g_fv_cq[x & 1u], (x >> 1) & 3u), "iw_cq_notify");
        break;
    case 8: {
        uint32_t pd = rd8(r) % 18u, cap = rd8(r);
        int rok = (int)(rd8(r) & 1u);
        uint8_t key = (uint8_t)rd8(r);
        if (cap == 0xFF) cap = IW_CFG_VERBS_PBL_MAX + 1u;
        fv_pre();
        if (fv_post(iw_mr_alloc_stag(&g_fv_rnic, pd, cap, rok, key, &stag), "iw_mr_alloc_stag") ==
            IW_V_OK)
            fv_add(stag, 0, 0);
        break;
    }
    case 9: {
        iw_mr_reg reg;
        fv_read_reg(r, &reg);
        fv_pre();
        if (fv_post(iw_mr_register(&g_fv_rnic, &reg, &stag), "iw_mr_register") == IW_V_OK) {
            FZ_CHECK((stag & 0xFFu) == reg.key && (stag >> 8) != 0); /* VERBS-038, -039 */
            if (reg.acc & IW_ACC_LOCAL_WRITE)
                fv_mark(reg.pbl, reg.npbl, reg.page_size, reg.fbo, reg.len);
            fv_add(stag, reg.zero_based ? 0 : reg.va, reg.len);
        }
        break;
    }
    case 10: {
        fv_ref s = fv_sref(r);
        iw_mr_reg reg;
        fv_read_reg(r, &reg);
        /* VERBS-044: an error other than these may leave the MR deallocated */
        st = fv_v(iw_mr_reregister(&g_fv_rnic, s.stag, &reg, &stag));
        if (st == IW_V_OK) {
            FZ_CHECK(stag >> 8 == s.stag >> 8 && (stag & 0xFFu) == reg.key);
            if (reg.acc & IW_ACC_LOCAL_WRITE)
                fv_mark(reg.pbl, reg.npbl, reg.page_size, reg.fbo, reg.len);
            fv_add(stag, reg.zero_based ? 0 : reg.va, reg.len);
        }
        break;
    }
    case 11: {
        fv_ref s = fv_sref(r);
        uint32_t pd = rd8(r) % 18u;
        unsigned acc = rd8(r) & 0x7Fu;
        uint8_t key = (uint8_t)rd8(r);
        int zb = (int)(rd8(r) & 1u);
        unsigned v = rd8(r);
        uint64_t va;
        iw_stag_ent *e = (s.stag >> 8) && (s.stag >> 8) < g_fv_rnic.nstags
                             ? &g_fv_stags[s.stag >> 8] : NULL;
        uint64_t fbo = e ? e->fbo : 0;
        va = v == 0xFF ? rd64(r) : FV_VA0 + (uint64_t)v * 0x100000u + fbo;
        {
            /* what the shared MR maps, for the writable mask */
            const uint64_t *pbl = e ? e->pbl : NULL;
            uint32_t npbl = e ? e->npbl : 0, ps = e ? 1u << e->page_shift : 0;
            uint64_t len = e ? e->len : 0;
            fv_pre();
            if (fv_post(iw_mr_register_shared(&g_fv_rnic, s.stag, pd, acc, key, zb, va, &stag),
                        "iw_mr_register_shared") == IW_V_OK) {
                if (acc & IW_ACC_LOCAL_WRITE) fv_mark(pbl, npbl, ps, fbo, len);
                fv_add(stag, zb ? 0 : va, len);
            }
        }
        break;
    }
    case 12: {
        iw_stag_info si;
        fv_ref s = fv_sref(r);
        fv_pre();
        (void)fv_post(iw_stag_query(&g_fv_rnic, s.stag >> 8, &si), "iw_stag_query");
        break;
    }
    case 13: {
        fv_ref s = fv_sref(r);
        fv_pre();
        (void)fv_post(iw_stag_dealloc(&g_fv_rnic, s.stag >> 8), "iw_stag_dealloc");
        break;
    }
    case 14: {
        uint32_t pd = rd8(r) % 18u;
        uint8_t key = (uint8_t)rd8(r);
        fv_pre();
        if (fv_post(iw_mw_alloc(&g_fv_rnic, pd, key, &stag), "iw_mw_alloc") == IW_V_OK)
            fv_add(stag, 0, 0);
        break;
    }
    case 15: {
        iw_qp_attr a;
        unsigned sel;
        x = rd8(r);
        memset(&a, 0, sizeof a);
        a.next_state = x & 7u;
        sel = (x >> 3) & 3u;
        a.llp = sel == 0 || sel == 3 ? &g_fv_conn : sel == 1 ? NULL : &g_fv_spare;
        a.set_ord = (uint8_t)((x >> 5) & 1u);
        a.set_ird = (uint8_t)((x >> 6) & 1u);
        a.ord = (uint16_t)(rd8(r) & 0x7Fu);
        a.ird = (uint16_t)(rd8(r) & 0x7Fu);
        if (a.ord == 0x7F) a.ord = 0x4000;
        {
            unsigned from = g_fv_qp.state;
            fv_pre();
            if (fv_post(iw_qp_modify(&g_fv_qp, &a), "iw_qp_modify") == IW_V_OK &&
                from == IW_QP_ERROR && a.next_state == IW_QP_IDLE) {
                /* reaped and reset: a new association, a new "at most one error" */
                g_fv.nonflush_err = 0;
                g_fv.sq.err_seen = 0;
                g_fv.rq.err_seen = 0;
            }
        }
        break;
    }
    case 16: fv_post_sq(r); break;
    case 17: fv_post_rq(r); break;
    case 18: {
        iw_qp_info qi;
        fv_pre();
        if (fv_post(iw_qp_query(&g_fv_qp, &qi), "iw_qp_query") == IW_V_OK)
            FZ_CHECK(qi.state <= IW_QP_ERROR && qi.id == g_fv_qp.id);
        break;
    }
    case 19: {
        unsigned what = rd8(r) % 5u;
        /* the script says the connection closed, reset or was lost: a Terminate still
         * queued behind a message can no longer go out */
        if (what == IW_QP_LLP_CLOSED || what == IW_QP_LLP_RESET || what == IW_QP_LLP_LOST)
            g_fv.llp_gone = 1;
        iw_qp_llp_event(&g_fv_qp, what);
        break;
    }
    case 20: {
        int bound = fv_mw_bound(), alive = g_fv_qp.alive;
        fv_pre();
        st = fv_post(iw_qp_destroy(&g_fv_qp), "iw_qp_destroy");
        if (alive) FZ_CHECK(st == (bound ? IW_V_MW_BOUND_TO_QP : IW_V_OK)); /* VERBS-034 */
        else FZ_CHECK(st == IW_V_INVALID_QP);
        if (st == IW_V_OK) {
            g->destroyed = 1;
            g->count_at_destroy[0] = g_fv_cq[0].count;
            g->count_at_destroy[1] = g_fv_cq[1].count;
        }
        break;
    }
    case 21: (void)iw_mpa_tx_resume(&g_fv_conn); break;
    case 22: iw_mpa_llp_closed(&g_fv_conn); break;
    case 23:
        x = rd8(r);
        g->send_mode = (int)(x & 3u);
        g->limit = 1u + (x >> 2);
        break;
    default: fv_drain(); break;
    }
    FZ_CHECK(!g->in_cb);
    fv_freeze_check();
}

static IW_UNUSED void fv_records(const uint8_t *p, size_t n)
{
    fv_rd r;
    r.p = p;
    r.end = p + n;
    while (r.p < r.end && g_fv.nrec < 4096) {
        g_fv.nrec++;
        fv_record(&r);
    }
}

static IW_UNUSED void fv_finish(void)
{
    fv_state *g = &g_fv;
    int c;
    unsigned i;
    fv_drain();
    {
        /* a local Terminate recorded (before the harness's own end), MPA and the host fine */
        int term_sent = g_fv_qp.alive && g_fv_qp.term_valid && g_fv_qp.term_local &&
                        g_fv_conn.err.status == IW_OK && !g->host_failed && !g->closed && !g->llp_gone &&
                        (!FZ_TERM_SENT_FULL_ONLY || iw_mpa_state(&g_fv_conn) == IW_MPA_S_FULL) &&
                        /* a Responder sends nothing before the Initiator's first FPDU
                         * (MPA-015): the Terminate waits in DDP until it arrives */
                        iw_mpa_state(&g_fv_conn) != IW_MPA_S_AWAIT_FIRST;
        if (term_sent && FZ_CHECK_TERM_SENT) {
            fv_check_wire();
            if (g->wire_nterm == 0) {
                fprintf(stderr, "verbs_qp: Query QP reports a Terminate sent (%u,%u,%u), none "
                                "on the wire (MPA state %u)\n", g_fv_qp.term.term.layer,
                        g_fv_qp.term.term.etype, g_fv_qp.term.term.ecode,
                        iw_mpa_state(&g_fv_conn));
                FZ_CHECK(0);
            }
        }
    }
    if (g_fv_qp.alive) {
        unsigned s = g_fv_qp.state;
        iw_qp_attr a;
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_ERROR;
        if (s == IW_QP_RTS || s == IW_QP_IDLE) {
            fv_pre();
            FZ_CHECK(fv_post(iw_qp_modify(&g_fv_qp, &a), "iw_qp_modify") == IW_V_OK);
        } else if (s == IW_QP_CLOSING) {
            iw_qp_llp_event(&g_fv_qp, IW_QP_LLP_LOST);
        } else if (s == IW_QP_TERMINATE) {
            iw_qp_llp_event(&g_fv_qp, IW_QP_LLP_CLOSED);
        }
        fv_drain();
        FZ_CHECK(g_fv_qp.state == IW_QP_ERROR);
    }
    fv_freeze_check();
    for (c = 0; c < 2; c++) fv_poll(c, 1u << 30);
    if (g_fv_qp.alive && !fv_overflowed(0) && !fv_overflowed(1)) {
        iw_qp_attr a;
        if (FZ_CHECK_ALL_DONE) {
            for (i = 0; i < g->sq.n; i++)
                if (g->sq.r[i].signaled && !g->sq.r[i].seen) {
                    fprintf(stderr, "verbs_qp: signaled SQ WR %u of %u never completed (QP in "
                                    "Error, CQ reaped)\n", i, g->sq.n);
                    FZ_CHECK(0);
                }
            for (i = 0; i < g->rq.n; i++)
                if (!g->rq.r[i].seen) {
                    fprintf(stderr, "verbs_qp: RQ WR %u of %u never completed (QP in Error, CQ "
                                    "reaped)\n", i, g->rq.n);
                    FZ_CHECK(0);
                }
        }
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_IDLE;
        fv_pre();
        {
            iw_vstatus st = fv_post(iw_qp_modify(&g_fv_qp, &a), "iw_qp_modify");
            if (FZ_CHECK_ALL_DONE) FZ_CHECK(st == IW_V_OK); /* VERBS-028: all reaped */
        }
    }
    if (FZ_CHECK_FROZEN && g->frozen) FZ_CHECK(memcmp(g_fv_frozen, FV_AR, FV_ARENA) == 0);
    fv_check_memory();
    fv_check_wire();
#ifdef FUZZ_VERBOSE
    {
        unsigned sw = 0, rw = 0;
        for (i = 0; i < g->sq.n; i++) sw += g->sq.r[i].seen;
        for (i = 0; i < g->rq.n; i++) rw += g->rq.r[i].seen;
        fprintf(stderr, "verbs_qp: resp=%d recs=%u sq=%u/%u rq=%u/%u async=%u cqev=%u errwc=%u "
                        "mpa=%u wire=%zu term_local=%u term=%u.%u.%u ovf=%d/%d destroyed=%d "
                        "rx_msgs=%u\n",
                g->responder, g->nrec, sw, g->sq.n, rw, g->rq.n, g->nasync, g->ncqev,
                g->nonflush_err, iw_mpa_state(&g_fv_conn), g->wire_len, g_fv_qp.term_local,
                g_fv_qp.term.term.layer, g_fv_qp.term.term.etype, g_fv_qp.term.term.ecode,
                fv_overflowed(0), fv_overflowed(1), g->destroyed, g_fv_qp.rs.ddp.stats.rx_msgs);
    }
#endif
}

#ifndef FV_NO_ENTRY
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < FV_HEAD) return 0;
    fv_setup(data);
    fv_records(data + FV_HEAD, size - FV_HEAD);
    fv_finish();
    return 0;
}
#endif
