/* fuzz/fuzz_ddp_rx.c: libFuzzer target for ddp.h (RFC 5041): the receive side (validation,
 * placement, delivery, both the verify-then-place and the fused place/commit paths) against a
 * reference model, and, keyed by a tail bit, the transmit side (segmentation, LLP back-pressure).
 *
 * RX: an iw_ddp_stream over deterministic fakes:
 *  - an arena of 64 KiB between two 4 KiB guard zones holding a canary pattern; every octet the
 *    stream may write lies in the arena;
 *  - a resolver over a table of 1..8 STags (index/key, base TO, length, rights, Valid state, PD
 *    association; zero-based, VA-based, and VA-based near 2^64 to reach TO wrap), each mapped
 *    onto 1..32 scattered pieces of the arena;
 *  - a ULP: check op (none, permissive, or RDMAP's RV/opcode/QN rules), refusing a chosen call
 *    with a ULP Terminate triple; rx_buf handing out per-QN posted buffers (1..4 pieces of the
 *    arena) until they run out; deliver recording every message (a chosen one fails).
 *  Host calls can misbehave on purpose (pieces that do not cover the range, NULL pieces, more
 *  pieces than asked for, an unknown translation outcome): DDP must then fail with IW_EHOST.
 *
 * INPUT = BODY || TAIL (TAIL = 40 octets, the last ones of the input).
 *   BODY: records [u16 len][len octets] (big-endian; a short last record takes what is left).
 *   Each record is one DDP segment (one ULPDU), in its own allocation of exactly len octets.
 *
 *   TAIL, RX (t[0] bit0 = 0):
 *     t[0]   bits1-2 path: 0 iw_ddp_rx; 1 fused (iw_ddp_rx_place + iw_ddp_rx_commit); 2, 3 mixed,
 *            chosen per record; bit3 FIX UP (t[1]); bits4-5 check op: 0 none (NULL), 1 permissive,
 *            2 RDMAP rules (RV 01b, opcode defined and of the segment's model, QN of the opcode),
 *            3 as 2 with Read Responses also needing Remote Read; bit6 no rx_buf op;
 *            bit7 zero-length records are passed as (NULL, 0)
 *     t[1]   FIX UP mask, applied before each segment is fed, from the model's state: bit0 DV = 01b,
 *            bit1 STag (the message's, else a table STag), bit2 TO (continuing, else within the
 *            region), bit3 QN < 4, bit4 MSN = expected, bit5 MO = octets received, bit6 RDMAP
 *            control octet valid for the model/QN, bit7 cut the length to what fits
 *     t[2]   bits0-2 STags - 1; bit3 sloppy resolver (no TO wrap check, leaves it to DDP);
 *            bit4 resolver output has empty pieces between the real ones (FZ_NULL_EMPTY_PIECES);
 *            bit5 commit called twice; bits6-7 how the failing delivery fails (0 iw_ddp_fail +
 *            IW_ETERM, 1 IW_ETERM alone, 2 iw_ddp_fail(IW_EHOST) + IW_EHOST, 3 iw_ddp_fail + IW_OK)
 *     t[3..6]   STag of entry 0 (entry i: STag0 + 0x101 * i: index + i, key + i)
 *     t[7..14]  TO0: VA-based entries start at (TO0 & ~0xFFF) + i MiB
 *     t[15]  the check op refuses its call number k (0: never), with ULP triple t[16] bits0-2
 *     t[16]  bits3-5: ULP triple of the failing delivery
 *     t[17]  delivery number k fails (0: never)
 *     t[18]  host call number k (resolve and rx_buf counted together) misbehaves (0: never) ...
 *     t[19]  ... this way (bits0-2): resolve: 0 pieces one octet short, 1 one octet long, 2 a NULL
 *            piece with octets, 3 *n = max + 1, 4 no pieces, 5 an outcome not in iw_ddp_xlate,
 *            6 lengths that wrap (FZ_EVIL_WRAPPING_SUM); rx_buf: even *n = max + 1, odd a NULL
 *            piece with octets (kinds 6 and 7: honest)
 *     t[20]  the k-th fused segment has a bad CRC (0: never): commit(crc_ok = 0), then the run
 *            stops, as MPA stops the stream
 *     t[21]  buffers posted on QN 0 (bits0-3) and QN 1 (bits4-7); t[22]: QN 2, QN 3; 15: they
 *            never run out (the 15 layouts are reused in turn)
 *     t[23]  bits0-1 receive buffer piece sizes: 0 mixed, 1 up to 64, 2 up to 1 KiB, 3 up to 16 KiB;
 *            bit2 uniform: every buffer has 1..4 pieces of exactly that size; bit3 after the records,
 *            a segment of 65536 octets (more than any ULPDU: refused with (1,0,0), nothing placed)
 *     t[24..27] unused (was the fused path's CRC seed; the CRC is MPA's business)
 *     t[28..35] STag entry descriptors: bits0-1 base (0 VA-based at TO0, 1 zero-based, 2 near
 *            2^64 (ends 0..255 octets below it), 3 ends exactly at 2^64); bit2 no Remote Write;
 *            bit3 Remote Read; bit4 not Valid; bit5 not associated with the stream (PD);
 *            bits6-7 pieces 1, 3, 8, 32
 *     t[36..39] seed of the geometry (lengths, piece offsets) and of the mixed path's choices
 *
 * Every segment is predicted by an independent model of RFC 5041 §7 in spec/ddp.md's order
 * (and the host's answers, which are pure functions of the call counters), then fed; checked
 * after every segment (FZ_CHECK, __builtin_trap):
 *  - the status returned (sticky after the first error: every later call returns it, nothing
 *    more is placed, delivered or asked of the host; rx_dropped counts them);
 *  - the error: reported once (error upcall count <= 1), at the predicted segment, with the
 *    predicted (status, Layer, EType, Code), one of the DDP table's or the ULP's, and the
 *    offending segment's first octets, has_hdr and length;
 *  - deliveries: exactly the predicted ones (model, RsvdULP, STag/TO or QN/MSN/Invalidate STag,
 *    length = sum of the message's accepted payloads); MSNs per QN 1, 2, 3...; none after an
 *    error, none before commit in the fused path;
 *  - host calls: check, resolve (len > 0, the segment's STag/TO/length), rx_buf (first segment
 *    of an untagged message) exactly when predicted;
 *  - fused (iw_ddp_rx_begin unchecked, the harness copies into the pieces, then commit): the
 *    pieces cover exactly the payload; a second commit is IW_ESTATE; a refused segment is
 *    reported only at commit and never with crc_ok = 0;
 *  - the stats (rx_segs, rx_msgs, rx_dropped);
 *  - at the end: the arena equals a shadow copy to which only the model's accepted segments were
 *    applied (so no octet outside the validated ranges changed), and the guard zones are intact.
 * Where spec/ddp.md leaves room the model does what ddp.h does: a zero-length segment inside a
 * message still gets the continuation checks (tagged STag/TO, DDP-025; untagged MO, DDP-030);
 * interleaved messages (one tagged, one per QN) are accepted; a segment ending at TO 2^64 - 1 is
 * in bounds (FZ_END_AT_2E64_WRAPS 0). FZ_NULL_EMPTY_PIECES and FZ_EVIL_WRAPPING_SUM turn on
 * hostile resolver answers (see their comments).
 *
 *   TAIL, TX (t[0] bit0 = 1): one stream sends messages built from the records (each record is
 *   one SGE, in its own allocation) through a fake LLP.
 *     t[1]   bit0 first message tagged; bit1 alternate tagged/untagged; bit2 no sent op;
 *            bit3 zero-length SGEs as NULL; bit4 first try invalid messages (QN 4, NULL SGE,
 *            2^32 octets); bit5 offer the next message while one is in progress (IW_EAGAIN);
 *            bit6 QN advances per message
 *     t[2]   SGEs per message (0: all records make one message)
 *     t[3..4]  MULPDU (BE16); t[5] bits0-3: every p-th mulpdu() call returns t[6] instead
 *     t[7..8]  send returns IW_EAGAIN on call i if bit (i % 16) is set (at most 3 in a row)
 *     t[9..10] after accepting send i the LLP is busy if bit (i % 16) is set
 *     t[11]  send call k fails with IW_EHOST (0: never)
 *     t[12]  QN (bits0-1); t[13..16] STag; t[17..24] TO; t[25] RsvdULP; t[26..29] RsvdULP[8:39]
 *   Checked: every segment offered has a valid header (DV 01b, Rsvd 0, the message's model,
 *   RsvdULP, STag, QN), TO = message TO + payload sent (mod 2^64) or MO = payload sent, the
 *   queue's next MSN (1, 2, 3... per QN), L on the last segment only, header + payload <= the
 *   MULPDU just returned, at most IW_CFG_DDP_TX_PIECES + 1 pieces, each inside one SGE, payload
 *   octets equal to the message's; a segment is cut short only at the end of the message, at
 *   MULPDU or at IW_CFG_DDP_TX_PIECES pieces; a zero-length message is one segment; nothing is
 *   sent while the LLP is busy; `sent` once per message with its cookie, after its last segment
 *   and only when the LLP is done with it; a MULPDU too small or a failed send fails the stream
 *   once with (IW_EHOST, (1,0,0)) and nothing is sent after; invalid messages are IW_EINVAL and
 *   change nothing; the stats.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c99 -I. -Itests \
 *       fuzz/fuzz_ddp_rx.c -o build/fuzz/fuzz_ddp_rx
 */
#define IWARP_IMPLEMENTATION
#define IWARP_STATIC
#define IW_ASSERT(x) ((x) ? (void)0 : __builtin_trap())
#include "fuzz_memo.h" /* first: the CRC32c kernels chosen once, not per init */
#include "ddp.h"
#include "fuzz_common.h"
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TAIL 40
#define ARENA (64u * 1024u)
#define GUARD 4096u
#define NSTAG 8
#define RPIECES 32
#define POOL 15
#define NQ IW_CFG_DDP_QN
#define W IW_DDP_ACC_REMOTE_WRITE
#define R IW_DDP_ACC_REMOTE_READ
#define HDRKEEP (IW_DDP_MAX_HDR + 52)

/* fix-up mask */
#define FX_DV 0x01u
#define FX_STAG 0x02u
#define FX_TO 0x04u
#define FX_QN 0x08u
#define FX_MSN 0x10u
#define FX_MO 0x20u
#define FX_RDMAP 0x40u
#define FX_FIT 0x80u

/* Empty resolver pieces are {NULL, 0} with 1 (iw__ddp_check drops them), or {arena, 0} with 0.
 * (Once found: an empty piece's NULL base reached memcpy; seed regress-null-empty-piece.) */
#ifndef FZ_NULL_EMPTY_PIECES
#define FZ_NULL_EMPTY_PIECES 1
#endif
/* Misbehaviour 6 of the resolver, pieces whose lengths sum to the segment's modulo 2^64
 * ({p, SIZE_MAX}, {p, len + 1}), with 1; honest with 0. (Once found: the DDP-037 sum wrapped
 * and memcpy got SIZE_MAX octets; seed regress-wrapping-sum.) */
#ifndef FZ_EVIL_WRAPPING_SUM
#define FZ_EVIL_WRAPPING_SUM 1
#endif
/* A segment whose last octet is at TO 2^64 - 1 (TO + length == 2^64): a TO wrap (1,1,0x03) with
 * 1; in bounds with 0, as ddp.h has it (spec/ddp.md 6.1 T6 "does not wrap past 2^64 - 1"). */
#ifndef FZ_END_AT_2E64_WRAPS
#define FZ_END_AT_2E64_WRAPS 0
#endif
static int to_wraps(uint64_t to, uint32_t n)
{
    if (FZ_END_AT_2E64_WRAPS) return to + n < to;
    return n > 0 && to > UINT64_MAX - (n - 1u);
}

#define T iw_term_make /* (layer, etype, code) */
static int teq(iw_term a, iw_term b)
{
    return a.layer == b.layer && a.etype == b.etype && a.ecode == b.ecode;
}

/* Triples the ULP may answer with (check, rx_buf, delivery). */
static const uint8_t ulp_terms[8][3] = {{0, 2, 5}, {0, 2, 6}, {0, 2, 7}, {1, 2, 1},
                                        {1, 2, 2}, {1, 2, 3}, {0, 1, 0}, {0, 0, 0}};
static iw_term ulp_term(unsigned i) { return T(ulp_terms[i & 7][0], ulp_terms[i & 7][1], ulp_terms[i & 7][2]); }

/* Every triple DDP may report itself (spec/ddp.md 6.1-6.3). */
static int ddp_term_ok(iw_term t)
{
    if (t.layer != 1) return 0;
    if (t.etype == 0) return t.ecode == 0;
    if (t.etype == 1) return t.ecode <= 4;
    if (t.etype == 2) return t.ecode >= 1 && t.ecode <= 6;
    return 0;
}
static int term_known(iw_term t)
{
    unsigned i;
    if (ddp_term_ok(t)) return 1;
    for (i = 0; i < 8; i++)
        if (teq(t, ulp_term(i))) return 1;
    return 0;
}

/* The model's own translation table (spec/ddp.md 6.1; T3 uses 0x00 as siw). */
static iw_term model_xlate(iw_ddp_xlate x)
{
    switch (x) {
    case IW_DDP_X_BOUNDS: return T(1, 1, 1);
    case IW_DDP_X_NOT_ASSOC: return T(1, 1, 2);
    case IW_DDP_X_TO_WRAP: return T(1, 1, 3);
    default: return T(1, 1, 0); /* invalid STag, access, and anything unknown */
    }
}

typedef struct rng {
    uint32_t s;
} rng;
static uint32_t rnd(rng *r)
{
    uint32_t x = r->s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return r->s = x;
}

/* ---- configuration ---- */

typedef struct region {
    uint32_t stag, len;
    uint64_t base;
    unsigned rights;
    uint8_t invalid, not_assoc;
    unsigned np;
    uint32_t off[RPIECES], plen[RPIECES]; /* arena offsets; the plen sum to len, none is 0 */
} region;

typedef struct rxbuf {
    unsigned n;
    uint32_t off[IW_CFG_DDP_RX_SGE], len[IW_CFG_DDP_RX_SGE];
} rxbuf;

typedef struct cfg {
    int path, fix, check_mode, no_rxbuf, null_empty;
    unsigned fixmask, nstag;
    int sloppy, zero_pieces, double_commit, dstyle;
    uint32_t stag0;
    uint64_t to0;
    unsigned check_k, deliver_k, evil_k, evil_kind, crcbad_k;
    iw_term check_term, deliver_term;
    unsigned npost[NQ];
    unsigned bufclass;
    int uniform, oversize;
    uint32_t crc_in, seed;
    uint8_t desc[NSTAG];
    region r[NSTAG];
    rxbuf pool[NQ][POOL];
} cfg;

static uint64_t be64(const uint8_t *p) { return ((uint64_t)iw_get_be32(p) << 32) | iw_get_be32(p + 4); }
static void put_be64(uint8_t *p, uint64_t v)
{
    iw_put_be32(p, (uint32_t)(v >> 32));
    iw_put_be32(p + 4, (uint32_t)v);
}

static void cfg_rx(cfg *c, const uint8_t *t)
{
    rng g;
    unsigned i, q, k;
    memset(c, 0, sizeof *c);
    c->path = (t[0] >> 1) & 3;
    if (c->path == 3) c->path = 2;
    c->fix = (t[0] >> 3) & 1;
    c->check_mode = (t[0] >> 4) & 3;
    c->no_rxbuf = (t[0] >> 6) & 1;
    c->null_empty = (t[0] >> 7) & 1;
    c->fixmask = c->fix ? t[1] : 0u;
    c->nstag = (t[2] & 7u) + 1u;
    c->sloppy = (t[2] >> 3) & 1;
    c->zero_pieces = (t[2] >> 4) & 1;
    c->double_commit = (t[2] >> 5) & 1;
    c->dstyle = (t[2] >> 6) & 3;
    c->stag0 = iw_get_be32(t + 3);
    c->to0 = be64(t + 7);
    c->check_k = t[15];
    c->check_term = ulp_term(t[16]);
    c->deliver_term = ulp_term(t[16] >> 3);
    c->deliver_k = t[17];
    c->evil_k = t[18];
    c->evil_kind = t[19] & 7u;
    c->crcbad_k = t[20];
    c->npost[0] = t[21] & 15u;
    c->npost[1] = t[21] >> 4;
    c->npost[2] = t[22] & 15u;
    c->npost[3] = t[22] >> 4;
    c->bufclass = t[23] & 3u;
    c->uniform = (t[23] >> 2) & 1u;
    c->oversize = (t[23] >> 3) & 1u;
    c->crc_in = iw_get_be32(t + 24);
    memcpy(c->desc, t + 28, NSTAG);
    c->seed = iw_get_be32(t + 36);
    g.s = c->seed ? c->seed : 0x9E3779B9u;

    for (i = 0; i < c->nstag; i++) {
        region *r = &c->r[i];
        uint8_t d = c->desc[i];
        unsigned kind = d & 3u, np, j;
        static const unsigned npc[4] = {1, 3, 8, 32};
        uint32_t left;
        r->stag = c->stag0 + 0x101u * i;
        if (kind == 0)
            r->len = 4096u + rnd(&g) % 12288u;
        else
            r->len = (rnd(&g) & 3u) ? 1u + rnd(&g) % 16384u : 1u + rnd(&g) % 256u;
        switch (kind) {
        case 0: r->base = (c->to0 & ~(uint64_t)0xFFF) + (uint64_t)i * 0x100000u; break;
        case 1: r->base = 0; break;
        case 2: r->base = (uint64_t)0 - r->len - (rnd(&g) & 0xFFu); break;
        default: r->base = (uint64_t)0 - r->len; break; /* the last octet is 2^64 - 1 */
        }
        r->rights = ((d & 4u) ? 0u : W) | ((d & 8u) ? R : 0u);
        r->invalid = (uint8_t)((d >> 4) & 1u);
        r->not_assoc = (uint8_t)((d >> 5) & 1u);
        np = npc[d >> 6];
        if (np > r->len) np = r->len;
        r->np = np;
        left = r->len;
        for (j = 0; j < np; j++) { /* non-empty pieces of about len / np, scattered */
            uint32_t avg = left / (np - j), pl;
            pl = j + 1 == np ? left : avg / 2u + 1u + rnd(&g) % avg;
            if (pl > left - (np - 1 - j)) pl = left - (np - 1 - j);
            r->plen[j] = pl;
            r->off[j] = rnd(&g) % (ARENA - pl + 1u);
            left -= pl;
        }
    }
    for (q = 0; q < NQ; q++) {
        for (k = 0; k < c->npost[q]; k++) {
            rxbuf *b = &c->pool[q][k];
            unsigned j;
            b->n = (rnd(&g) & 7u) == 0 && !c->uniform ? 0u : 1u + rnd(&g) % IW_CFG_DDP_RX_SGE;
            for (j = 0; j < b->n; j++) {
                unsigned cls = c->bufclass ? c->bufclass : 1u + rnd(&g) % 3u;
                uint32_t l;
                static const uint32_t maxl[4] = {0, 64, 1024, 16384};
                if (c->uniform)
                    l = maxl[cls];
                else
                    l = (rnd(&g) & 7u) == 0 ? 0u : 1u + rnd(&g) % maxl[cls];
                b->len[j] = l;
                b->off[j] = rnd(&g) % (ARENA - l + 1u);
            }
        }
    }
}

/* ---- the host's answers: pure functions of the configuration and the call counters ---- */

static uint8_t g_mem[GUARD + ARENA + GUARD];
static uint8_t g_pat[GUARD + ARENA + GUARD]; /* initial arena contents and guard canary */
#define ARENA_P (g_mem + GUARD)
static uint8_t g_shadow[ARENA];

static const region *find_region(const cfg *c, uint32_t stag)
{
    unsigned i;
    for (i = 0; i < c->nstag; i++)
        if ((c->r[i].stag >> 8) == (stag >> 8)) return &c->r[i];
    return NULL;
}

/* Check op: 0 = accept with *acc, 1 = refuse with *t. */
static int check_decide(const cfg *c, const iw_ddp_hdr *h, unsigned idx, unsigned *acc, iw_term *t)
{
    unsigned op = h->ulp & 0x0Fu;
    *acc = W;
    if (c->check_k && idx == c->check_k) {
        *t = c->check_term;
        return 1;
    }
    if (c->check_mode < 2) return 0;
    if ((h->ulp >> 6) != 1u) { /* RV */
        *t = T(0, 2, 5);
        return 1;
    }
    if (h->tagged) {
        if (op != 0 && op != 2) {
            *t = T(0, 2, 6);
            return 1;
        }
        if (c->check_mode == 3 && op == 2) *acc = W | R;
        return 0;
    }
    {
        uint32_t want;
        switch (op) {
        case 1: case 0xA: want = 1; break;
        case 3: case 4: case 5: case 6: case 8: case 9: want = 0; break;
        case 7: want = 2; break;
        case 0xB: want = 3; break;
        default: *t = T(0, 2, 6); return 1;
        }
        if (h->qn != want) {
            *t = T(1, 2, 1);
            return 1;
        }
    }
    return 0;
}

/* Resolver. hidx: the host call number (evil at c->evil_k). Writes at most max entries. */
static iw_ddp_xlate resolve_decide(const cfg *c, uint32_t stag, uint64_t to, uint32_t n,
                                   unsigned acc, unsigned hidx, iw_ddp_buf *dst, size_t max,
                                   size_t *nd)
{
    const region *r = stag ? find_region(c, stag) : NULL;
    uint64_t o, lo, hi;
    size_t cnt = 0;
    unsigned j;
    int evil = c->evil_k && hidx == c->evil_k;
    *nd = 0;
    if (evil && c->evil_kind == 5) return (iw_ddp_xlate)7; /* not an outcome */
    if (!r || r->stag != stag || r->invalid) return IW_DDP_X_INVALID_STAG;
    if (r->not_assoc) return IW_DDP_X_NOT_ASSOC;
    if ((acc & r->rights) != acc) return IW_DDP_X_ACCESS;
    if (c->sloppy) { /* the classic sum that wraps: wrap goes unnoticed or looks like bounds */
        if (to < r->base || to + n > r->base + r->len) return IW_DDP_X_BOUNDS;
    } else {
        if (to_wraps(to, n)) return IW_DDP_X_TO_WRAP;
        if (to < r->base) return IW_DDP_X_BOUNDS;
        if (to - r->base > r->len || n > r->len - (to - r->base)) return IW_DDP_X_BOUNDS;
    }
    /* pieces of [o, o + n) clipped to the region (only a sloppy OK for a wrap ever clips) */
    o = to - r->base;
    lo = o;
    hi = o + n > r->len || o + n < o ? r->len : o + n;
    {
        uint64_t ps = 0;
        for (j = 0; j < r->np; j++) {
            uint64_t pe = ps + r->plen[j];
            if (pe > lo && ps < hi) {
                uint64_t a = lo > ps ? lo : ps, b = hi < pe ? hi : pe;
                if (cnt < max) {
                    dst[cnt].base = ARENA_P + r->off[j] + (a - ps);
                    dst[cnt].len = (size_t)(b - a);
                }
                cnt++;
                if (c->zero_pieces && cnt + 1 < max) { /* an empty piece: allowed, skipped */
                    dst[cnt].base = FZ_NULL_EMPTY_PIECES ? NULL : ARENA_P + r->off[j];
                    dst[cnt].len = 0;
                    cnt++;
                }
            }
            ps = pe;
        }
    }
    *nd = cnt; /* more than max: the range is too fragmented; DDP must give up (EHOST) */
    if (evil && cnt > 0 && cnt <= max) {
        switch (c->evil_kind) {
        case 0: /* one octet short */
            dst[0].len -= 1;
            break;
        case 1: /* one octet too many */
            dst[0].len += 1;
            break;
        case 2: /* a NULL piece that claims octets */
            dst[0].base = NULL;
            if (!dst[0].len) dst[0].len = 1;
            break;
        case 3: /* says it wrote more than it was allowed to */
            *nd = max + 1;
            break;
        case 4: /* no pieces at all */
            *nd = 0;
            break;
        case 6: /* lengths that add up to n only modulo 2^64 */
            if (FZ_EVIL_WRAPPING_SUM && max >= 2) {
                dst[1].base = dst[0].base;
                dst[1].len = (size_t)n + 1u;
                dst[0].len = (size_t)-1;
                *nd = 2;
            }
            break;
        default:
            break;
        }
    }
    return IW_DDP_X_OK;
}

/* rx_buf: 0 = buffer given (b, *nb), 1 = refused with *t. *used: a posted buffer was taken. */
static int rxbuf_decide(const cfg *c, const iw_ddp_hdr *h, unsigned pidx, unsigned hidx,
                        iw_ddp_buf *b, size_t max, size_t *nb, iw_term *t, int *used)
{
    const rxbuf *p;
    unsigned j;
    *used = 0;
    *nb = 0;
    if (c->npost[h->qn] < POOL ? pidx >= c->npost[h->qn] : 0) {
        *t = h->qn == 1 ? T(1, 2, 3) : T(1, 2, 2); /* beyond IRD / no receive WQE */
        return 1;
    }
    p = &c->pool[h->qn][pidx % POOL];
    *used = 1;
    for (j = 0; j < p->n && j < max; j++) {
        b[j].base = p->len[j] ? ARENA_P + p->off[j] : (j & 1u ? NULL : ARENA_P + p->off[j]);
        b[j].len = p->len[j];
    }
    *nb = p->n;
    if (c->evil_k && hidx == c->evil_k && c->evil_kind < 6) {
        if (c->evil_kind & 1u) { /* a NULL piece that claims octets */
            if (*nb == 0) *nb = 1;
            b[0].base = NULL;
            b[0].len = 1;
        } else {
            *nb = max + 1;
        }
    }
    return 0;
}

/* ---- model of the receiver ---- */

typedef struct mq {
    uint32_t msn, got, cap;
    int active;
    rxbuf buf;
} mq;

typedef struct model {
    iw_status err;
    iw_term term;
    uint8_t hdr[HDRKEEP];
    size_t hdr_len;
    int has_hdr;
    uint32_t seg_len;
    int rt_active;
    uint32_t rt_stag, rt_len;
    uint64_t rt_next;
    mq q[NQ];
    unsigned pool_next[NQ];
    unsigned n_check, n_resolve, n_rxbuf, n_host, n_deliver;
    uint32_t rx_segs, rx_msgs, rx_dropped;
    uint32_t last_msn[NQ];
} model;

/* What one segment should do. */
typedef struct expect {
    iw_status st;      /* of iw_ddp_rx, or of commit */
    int placed;        /* the segment passed every check */
    int held;          /* fused: refused, reported only at commit */
    int deliver;       /* a message completes */
    iw_ddp_hdr dh;     /* its last segment's header */
    uint32_t dlen;
    int new_err;
} expect;

static void model_init(model *m)
{
    unsigned q;
    memset(m, 0, sizeof *m);
    for (q = 0; q < NQ; q++) m->q[q].msn = 1;
}

static void model_fail(model *m, expect *e, iw_status st, iw_term t, const uint8_t *u, size_t len)
{
    size_t k = len < HDRKEEP ? len : HDRKEEP;
    m->err = st;
    m->term = t;
    memset(m->hdr, 0, sizeof m->hdr);
    if (u && k) memcpy(m->hdr, u, k);
    m->hdr_len = u ? k : 0;
    m->has_hdr = u && len >= 1 && len >= iw_ddp_hdr_len(u[0]);
    m->seg_len = (uint32_t)len;
    e->st = st;
    e->new_err = 1;
}

/* Shadow placement of payload p[0..n) at [o, o + n) of the pieces (off, len)[0..np). */
static void shadow_put(const uint32_t *off, const uint32_t *len, unsigned np, uint64_t o,
                       const uint8_t *p, uint32_t n)
{
    uint64_t ps = 0;
    unsigned j;
    for (j = 0; j < np && n; j++) {
        uint64_t pe = ps + len[j];
        if (len[j] && pe > o) {
            uint64_t a = o > ps ? o : ps;
            uint32_t k = (uint32_t)(pe - a < n ? pe - a : n);
            memcpy(g_shadow + off[j] + (a - ps), p, k);
            p += k;
            n -= k;
            o += k;
        }
        ps = pe;
    }
    FZ_CHECK(n == 0);
}

/* Predict segment u[0..len) (fused: held until commit; crc_ok for the fused path). Updates the
 * model and the shadow arena. */
static void model_seg(model *m, const cfg *c, const uint8_t *u, size_t len, int fused, int crc_ok,
                      expect *e)
{
    iw_ddp_hdr h;
    size_t hl;
    uint32_t n;
    unsigned acc = W;
    iw_term t;
    iw_status fst = IW_ETERM;
    memset(e, 0, sizeof *e);
    e->st = IW_OK;
    if (m->err != IW_OK) {
        m->rx_dropped++;
        e->st = m->err;
        return;
    }
    memset(&h, 0, sizeof h);
    if (len > 0xFFFFu) { /* more than the LLP's largest ULPDU */
        t = T(1, 0, 0);
        goto refuse;
    }
    if (len < 1 || len < iw_ddp_hdr_len(u[0])) {
        t = T(1, 0, 0);
        goto refuse;
    }
    /* decode by hand (not iw_ddp_hdr_decode) */
    h.tagged = (uint8_t)(u[0] >> 7);
    h.last = (uint8_t)((u[0] >> 6) & 1u);
    h.dv = (uint8_t)(u[0] & 3u);
    h.ulp = u[1];
    if (h.tagged) {
        h.stag = iw_get_be32(u + 2);
        h.to = be64(u + 6);
        hl = 14;
    } else {
        h.ulp32 = iw_get_be32(u + 2);
        h.qn = iw_get_be32(u + 6);
        h.msn = iw_get_be32(u + 10);
        h.mo = iw_get_be32(u + 14);
        hl = 18;
    }
    n = (uint32_t)(len - hl);
    if (h.dv != 1) {
        t = h.tagged ? T(1, 1, 4) : T(1, 2, 6);
        goto refuse;
    }
    if (c->check_mode) {
        m->n_check++;
        if (check_decide(c, &h, m->n_check, &acc, &t)) goto refuse;
    }
    if (h.tagged) {
        const region *r;
        if (m->rt_active && h.stag != m->rt_stag) {
            t = T(1, 1, 0);
            goto refuse;
        }
        if (m->rt_active && h.to != m->rt_next) {
            t = T(1, 1, 1);
            goto refuse;
        }
        if (n) {
            iw_ddp_buf dst[IW_CFG_DDP_DST_IOV];
            size_t nd, i, sum = 0;
            iw_ddp_xlate x;
            m->n_resolve++;
            m->n_host++;
            x = resolve_decide(c, h.stag, h.to, n, acc, m->n_host, dst, IW_CFG_DDP_DST_IOV, &nd);
            if ((x == IW_DDP_X_OK || x == IW_DDP_X_BOUNDS) && to_wraps(h.to, n)) x = IW_DDP_X_TO_WRAP;
            if (x != IW_DDP_X_OK) {
                t = model_xlate(x);
                goto refuse;
            }
            if (nd > IW_CFG_DDP_DST_IOV) goto host;
            for (i = 0; i < nd; i++) {
                if (!dst[i].base && dst[i].len) goto host;
                if (dst[i].len > n - sum) goto host; /* no wrap: the pieces exceed n */
                sum += dst[i].len;
            }
            if (sum != n) goto host;
            r = find_region(c, h.stag);
            shadow_put(r->off, r->plen, r->np, h.to - r->base, u + hl, n);
        }
    } else {
        mq *q;
        if (h.qn >= NQ) {
            t = T(1, 2, 1);
            goto refuse;
        }
        q = &m->q[h.qn];
        if (h.msn != q->msn) {
            t = T(1, 2, 3);
            goto refuse;
        }
        if (h.mo != (q->active ? q->got : 0u)) {
            t = T(1, 2, 4);
            goto refuse;
        }
        if (!q->active) {
            iw_ddp_buf b[IW_CFG_DDP_RX_SGE];
            size_t nb, i;
            int used;
            uint64_t cap = 0;
            if (c->no_rxbuf) {
                t = T(1, 2, 2);
                goto refuse;
            }
            m->n_rxbuf++;
            m->n_host++;
            if (rxbuf_decide(c, &h, m->pool_next[h.qn], m->n_host, b, IW_CFG_DDP_RX_SGE, &nb, &t,
                             &used)) {
                if (used) m->pool_next[h.qn]++;
                goto refuse;
            }
            if (used) m->pool_next[h.qn]++;
            if (nb > IW_CFG_DDP_RX_SGE) goto host;
            for (i = 0; i < nb; i++)
                if (!b[i].base && b[i].len) goto host;
            q->buf = c->pool[h.qn][(m->pool_next[h.qn] - 1) % POOL];
            for (i = 0; i < q->buf.n; i++) cap += q->buf.len[i];
            q->cap = (uint32_t)cap;
            q->got = 0;
        }
        if ((uint64_t)h.mo + n > q->cap) {
            t = T(1, 2, 5);
            goto refuse;
        }
        shadow_put(q->buf.off, q->buf.len, q->buf.n, h.mo, u + hl, n);
    }
    e->placed = 1;
    if (fused && !crc_ok) return; /* placed, never completed: MPA reports its CRC error */
    m->rx_segs++;
    if (h.tagged) {
        if (!m->rt_active) m->rt_len = 0;
        m->rt_stag = h.stag;
        m->rt_next = h.to + n;
        m->rt_len += n;
        m->rt_active = !h.last;
        if (!h.last) return;
        e->dlen = m->rt_len;
    } else {
        mq *q = &m->q[h.qn];
        q->active = !h.last;
        q->got = h.mo + n;
        if (!h.last) return;
        e->dlen = q->got;
        q->msn++;
        q->got = 0;
    }
    m->rx_msgs++;
    m->n_deliver++;
    e->deliver = 1;
    e->dh = h;
    if (c->deliver_k && m->n_deliver == c->deliver_k) {
        switch (c->dstyle) {
        case 0: case 3: model_fail(m, e, IW_ETERM, c->deliver_term, NULL, 0); break;
        case 1: model_fail(m, e, IW_ETERM, T(1, 0, 0), NULL, 0); break;
        default: model_fail(m, e, IW_EHOST, T(0, 0, 0), NULL, 0); break;
        }
    }
    return;
host:
    fst = IW_EHOST;
    t = T(1, 0, 0);
refuse:
    if (fused) {
        e->held = 1;
        if (!crc_ok) return; /* forgotten: the CRC error wins */
    }
    model_fail(m, e, fst, t, u, len);
}

/* ---- the fakes the stream calls (RX) ---- */

typedef struct host {
    unsigned n_check, n_resolve, n_rxbuf, n_host, n_deliver, n_err;
    unsigned pool_next[NQ];
    uint32_t last_msn[NQ];
    iw_ddp_error err;
    /* the segment being fed and what it should do */
    const uint8_t *seg;
    size_t seg_len;
    iw_ddp_hdr h;
    int h_ok;
    const expect *e;
    int delivered, in_commit;
} host;

static cfg g_cfg;
static iw_ddp_stream g_s;
static host g_h;
static model g_m;

static void same_hdr(const iw_ddp_hdr *a, const iw_ddp_hdr *b)
{
    FZ_CHECK(a->tagged == b->tagged && a->last == b->last && a->dv == b->dv && a->ulp == b->ulp);
    if (a->tagged) {
        FZ_CHECK(a->stag == b->stag && a->to == b->to);
    } else {
        FZ_CHECK(a->ulp32 == b->ulp32 && a->qn == b->qn && a->msn == b->msn && a->mo == b->mo);
    }
}

static iw_status op_check(void *uctx, const iw_ddp_hdr *h, unsigned *access, iw_term *t)
{
    FZ_CHECK(uctx == &g_h && g_h.n_err == 0 && g_h.h_ok && !g_h.in_commit);
    same_hdr(h, &g_h.h);
    FZ_CHECK(h->dv == IW_DDP_VERSION); /* DV is checked first */
    g_h.n_check++;
    return check_decide(&g_cfg, h, g_h.n_check, access, t) ? IW_ETERM : IW_OK;
}

static iw_ddp_xlate op_resolve(void *mctx, uint32_t stag, uint64_t to, uint32_t len,
                               unsigned access, iw_ddp_buf *dst, size_t max, size_t *n)
{
    FZ_CHECK(mctx == &g_cfg && g_h.n_err == 0 && g_h.h_ok && !g_h.in_commit);
    FZ_CHECK(len > 0 && g_h.h.tagged && stag == g_h.h.stag && to == g_h.h.to);
    FZ_CHECK(len == g_h.seg_len - IW_DDP_TAGGED_HDR);
    FZ_CHECK(max == IW_CFG_DDP_DST_IOV && dst && n);
    g_h.n_resolve++;
    g_h.n_host++;
    return resolve_decide(&g_cfg, stag, to, len, access, g_h.n_host, dst, max, n);
}

static iw_status op_rx_buf(void *uctx, const iw_ddp_hdr *h, iw_ddp_buf *bufs, size_t max,
                           size_t *n, iw_term *t)
{
    int used, r;
    FZ_CHECK(uctx == &g_h && g_h.n_err == 0 && g_h.h_ok && !g_h.in_commit);
    same_hdr(h, &g_h.h);
    FZ_CHECK(!h->tagged && h->qn < NQ && h->mo == 0 && max == IW_CFG_DDP_RX_SGE);
    g_h.n_rxbuf++;
    g_h.n_host++;
    r = rxbuf_decide(&g_cfg, h, g_h.pool_next[h->qn], g_h.n_host, bufs, max, n, t, &used);
    if (used) g_h.pool_next[h->qn]++;
    return r ? IW_ETERM : IW_OK;
}

static iw_status op_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    const expect *e = g_h.e;
    FZ_CHECK(uctx == &g_h && g_h.n_err == 0 && e && e->deliver && !g_h.delivered);
    FZ_CHECK(h->last == 1 && len == e->dlen);
    same_hdr(h, &e->dh);
    if (!h->tagged) { /* MSNs per QN: 1, 2, 3, ... */
        FZ_CHECK(h->qn < NQ && h->msn == g_h.last_msn[h->qn] + 1u);
        g_h.last_msn[h->qn] = h->msn;
    }
    g_h.delivered = 1;
    g_h.n_deliver++;
    if (g_cfg.deliver_k && g_h.n_deliver == g_cfg.deliver_k) {
        iw_status st;
        switch (g_cfg.dstyle) {
        case 0:
            st = iw_ddp_fail(&g_s, IW_ETERM, g_cfg.deliver_term, NULL, 0);
            FZ_CHECK(st == IW_ETERM && g_h.n_err == 1);
            return IW_ETERM;
        case 1:
            return IW_ETERM;
        case 2:
            st = iw_ddp_fail(&g_s, IW_EHOST, T(0, 0, 0), NULL, 0);
            FZ_CHECK(st == IW_EHOST && g_h.n_err == 1);
            return IW_EHOST;
        default:
            st = iw_ddp_fail(&g_s, IW_ETERM, g_cfg.deliver_term, NULL, 0);
            FZ_CHECK(st == IW_ETERM);
            return IW_OK; /* the error is set: DDP must still report it */
        }
    }
    return IW_OK;
}

static void op_error(void *uctx, const iw_ddp_error *e)
{
    FZ_CHECK(uctx == &g_h);
    g_h.n_err++;
    FZ_CHECK(g_h.n_err == 1); /* the first error only */
    FZ_CHECK(e == iw_ddp_last_error(&g_s));
    FZ_CHECK(e->status == IW_ETERM || e->status == IW_EHOST);
    FZ_CHECK(term_known(e->term));
    FZ_CHECK(e->hdr_len <= sizeof e->hdr);
    /* every DDP triple has its text; others are "?" */
    FZ_CHECK((strcmp(iw_ddp_term_str(e->term), "?") != 0) == ddp_term_ok(e->term));
    g_h.err = *e;
}

static void op_sent_rx(void *uctx, void *cookie)
{
    (void)uctx;
    (void)cookie;
    FZ_CHECK(0); /* nothing is sent in RX mode */
}

static iw_status llp_send_none(void *lctx, const iw_iov *iov, size_t n)
{
    (void)lctx;
    (void)iov;
    (void)n;
    FZ_CHECK(0);
    return IW_EHOST;
}
static uint32_t llp_mulpdu_rx(void *lctx)
{
    (void)lctx;
    return 1460;
}
static int llp_busy_rx(void *lctx)
{
    (void)lctx;
    return 0;
}

static const iw_ddp_llp_ops rx_llp = {.send = llp_send_none, .mulpdu = llp_mulpdu_rx,
                                      .busy = llp_busy_rx};
static const iw_ddp_mem_ops rx_mem = {.resolve = op_resolve};
/* [check][no rx_buf] */
static const iw_ddp_ulp_ops rx_ulp[2][2] = {
    {{.rx_buf = op_rx_buf, .deliver = op_deliver, .error = op_error, .sent = op_sent_rx},
     {.deliver = op_deliver, .error = op_error, .sent = op_sent_rx}},
    {{.check = op_check, .rx_buf = op_rx_buf, .deliver = op_deliver, .error = op_error,
      .sent = op_sent_rx},
     {.check = op_check, .deliver = op_deliver, .error = op_error, .sent = op_sent_rx}}};

/* The segment's header as the harness decodes it (for the ops' argument checks). */
static void cur_seg(const uint8_t *u, size_t len)
{
    size_t hl;
    g_h.seg = u;
    g_h.seg_len = len;
    g_h.h_ok = iw_ddp_hdr_decode(u, len, &g_h.h, &hl) == IW_OK;
}

/* FIX UP: make fields of u[0..len) valid for the model's state. Returns the new length. */
static size_t fixup(const model *m, const cfg *c, uint8_t *u, size_t len)
{
    unsigned mask = c->fixmask;
    size_t hl;
    uint32_t n;
    if (len < 1) return len;
    if (mask & FX_DV) u[0] = (uint8_t)((u[0] & ~3u) | 1u);
    hl = iw_ddp_hdr_len(u[0]);
    if (len < hl) return len;
    n = (uint32_t)(len - hl);
    if (u[0] & 0x80u) {
        uint32_t stag = iw_get_be32(u + 2);
        uint64_t to = be64(u + 6);
        const region *r;
        if (mask & FX_RDMAP) u[1] = (uint8_t)((u[1] & 0x30u) | 0x40u | ((u[1] & 0x0Fu) == 2 ? 2u : 0u));
        if (m->rt_active) {
            if (mask & FX_STAG) stag = m->rt_stag;
            if (mask & FX_TO) to = m->rt_next;
        } else if (mask & FX_STAG) {
            r = find_region(c, stag);
            if (!r || r->stag != stag) stag = c->r[stag % c->nstag].stag;
        }
        r = find_region(c, stag);
        if (r && r->stag == stag) {
            if ((mask & FX_FIT) && n > r->len) n = r->len;
            if ((mask & FX_TO) && !m->rt_active) {
                if (n <= r->len) {
                    uint64_t span = (uint64_t)r->len - n + 1u;
                    if (to < r->base || to - r->base >= span) to = r->base + to % span;
                } else {
                    to = r->base;
                }
            }
            if ((mask & FX_FIT) && to >= r->base && to - r->base <= r->len &&
                n > r->len - (to - r->base))
                n = (uint32_t)(r->len - (to - r->base));
        }
        iw_put_be32(u + 2, stag);
        put_be64(u + 6, to);
    } else {
        uint32_t qn = iw_get_be32(u + 6);
        if (mask & FX_QN) qn %= NQ;
        if (mask & FX_RDMAP) {
            static const uint8_t opq[NQ] = {3, 1, 7, 0xB};
            unsigned op = u[1] & 0x0Fu;
            int ok = qn == 0 ? (op >= 3 && op <= 6) || op == 8 || op == 9
                   : qn == 1 ? op == 1 || op == 0xA : qn == 2 ? op == 7 : qn == 3 ? op == 0xB : 1;
            if (!ok) op = opq[qn];
            u[1] = (uint8_t)((u[1] & 0x30u) | 0x40u | op);
        }
        iw_put_be32(u + 6, qn);
        if (qn < NQ) {
            const mq *q = &m->q[qn];
            uint32_t mo;
            if (mask & FX_MSN) iw_put_be32(u + 10, q->msn);
            if (mask & FX_MO) iw_put_be32(u + 14, q->active ? q->got : 0u);
            mo = iw_get_be32(u + 14);
            if (mask & FX_FIT) {
                uint64_t cap = 0;
                unsigned j;
                if (q->active) {
                    cap = q->cap;
                } else if (!c->no_rxbuf && (m->pool_next[qn] < c->npost[qn] || c->npost[qn] == POOL)) {
                    const rxbuf *b = &c->pool[qn][m->pool_next[qn] % POOL];
                    for (j = 0; j < b->n; j++) cap += b->len[j];
                }
                if (mo <= cap && n > cap - mo) n = (uint32_t)(cap - mo);
            }
        }
    }
    return hl + n;
}

static void check_state(void)
{
    const iw_ddp_error *e = iw_ddp_last_error(&g_s);
    iw_ddp_stats st = iw_ddp_get_stats(&g_s);
    unsigned q;
    FZ_CHECK(g_h.n_check == g_m.n_check && g_h.n_resolve == g_m.n_resolve &&
             g_h.n_rxbuf == g_m.n_rxbuf && g_h.n_deliver == g_m.n_deliver);
    for (q = 0; q < NQ; q++) FZ_CHECK(g_h.pool_next[q] == g_m.pool_next[q]);
    FZ_CHECK(st.rx_segs == g_m.rx_segs && st.rx_msgs == g_m.rx_msgs &&
             st.rx_dropped == g_m.rx_dropped);
    FZ_CHECK(e->status == g_m.err);
    FZ_CHECK(g_h.n_err == (g_m.err != IW_OK));
    if (g_m.err != IW_OK) {
        FZ_CHECK(teq(e->term, g_m.term));
        FZ_CHECK(e->hdr_len == g_m.hdr_len && memcmp(e->hdr, g_m.hdr, g_m.hdr_len) == 0);
        FZ_CHECK(e->has_hdr == g_m.has_hdr && e->seg_len == g_m.seg_len);
        FZ_CHECK(g_h.err.status == e->status && teq(g_h.err.term, e->term));
    }
    for (q = 0; q < NQ; q++) { /* the next MSN expected, as the model has it */
        FZ_CHECK(iw_ddp_rx_msn(&g_s, q) == g_m.q[q].msn);
    }
}

static void run_rx(const uint8_t *body, size_t blen, const uint8_t *t)
{
    cfg *c = &g_cfg;
    const uint8_t *p = body, *end = body + blen;
    unsigned rec = 0, nfused = 0, i;
    int stopped = 0;
    rng g;
    cfg_rx(c, t);
    g.s = c->seed ^ 0xA5A5A5A5u;
    if (!g.s) g.s = 1;
    if (!g_pat[0]) /* a fixed pattern, not all one value, so that writes show */
        for (i = 0; i < sizeof g_pat; i++) g_pat[i] = (uint8_t)(i * 131u + (i >> 8) + 0x5Au);
    memcpy(g_mem, g_pat, sizeof g_mem);
    memcpy(g_shadow, ARENA_P, ARENA);
    memset(&g_h, 0, sizeof g_h);
    model_init(&g_m);
    FZ_CHECK(iw_ddp_init(&g_s, &rx_llp, NULL, &rx_mem, c, NULL, &g_h) == IW_EINVAL);
    FZ_CHECK(iw_ddp_init(&g_s, &rx_llp, NULL, &rx_mem, c, &rx_ulp[c->check_mode != 0][c->no_rxbuf],
                         &g_h) == IW_OK);
    FZ_CHECK(iw_ddp_rx_commit(&g_s, 1) == IW_ESTATE); /* nothing placed yet */

    while ((size_t)(end - p) >= 2) {
        size_t len = iw_get_be16(p);
        uint8_t *u;
        int fused, crc_ok = 1, stop = 0;
        expect e;
        iw_status st;
        p += 2;
        if (len > (size_t)(end - p)) len = (size_t)(end - p);
        u = (uint8_t *)malloc(len ? len : 1u); /* exactly len octets: ASan sees any over-read */
        if (!u) return;
        memcpy(u, p, len);
        p += len;
        rec++;
        if (c->fix && g_m.err == IW_OK) len = fixup(&g_m, c, u, len);
        fused = c->path == 1 || (c->path == 2 && (rnd(&g) & 1u));
        if (fused) {
            nfused++;
            if (c->crcbad_k && nfused == c->crcbad_k) crc_ok = 0;
        }
        {
            const uint8_t *feed = len == 0 && c->null_empty ? NULL : u;
            iw_status prev = g_m.err;
            model_seg(&g_m, c, feed, len, fused, crc_ok, &e);
            cur_seg(feed, len);
            g_h.e = &e;
            g_h.delivered = 0;
            if (!fused) {
                st = iw_ddp_rx(&g_s, feed, len);
                FZ_CHECK(st == e.st);
            } else {
                iw_mpa_rx_dst *d = NULL;
                st = iw_ddp_rx_begin(&g_s, feed, len, len, 0, &d);
                if (prev != IW_OK) { /* an earlier error: dropped */
                    FZ_CHECK(st == g_m.err && !d);
                } else {
                    FZ_CHECK(st == IW_OK);
                    if (d && feed) { /* the LLP's copy: the pieces cover exactly the payload (DDP-037) */
                        const uint8_t *q;
                        size_t i;
                        FZ_CHECK(d->hdr_len <= len);
                        for (q = feed + d->hdr_len, i = 0; i < d->n; i++) {
                            FZ_CHECK(d->piece[i].len <= (size_t)(feed + len - q));
                            if (d->piece[i].len) memcpy(d->piece[i].base, q, d->piece[i].len);
                            q += d->piece[i].len;
                        }
                        FZ_CHECK(q == feed + len);
                    }
                    FZ_CHECK(g_h.n_err == 0 && !g_h.delivered); /* nothing before commit */
                }
                g_h.in_commit = 1;
                st = iw_ddp_rx_commit(&g_s, crc_ok);
                FZ_CHECK(st == e.st);
                if (c->double_commit) {
                    iw_status st2 = iw_ddp_rx_commit(&g_s, crc_ok);
                    FZ_CHECK(st2 == (g_m.err != IW_OK ? g_m.err : IW_ESTATE));
                }
                g_h.in_commit = 0;
                if (!crc_ok) stop = 1; /* MPA fails the stream with its CRC error */
            }
            FZ_CHECK(g_h.delivered == e.deliver);
            g_h.e = NULL;
            check_state();
        }
        free(u);
        if (stop) {
            stopped = 1;
            break;
        }
    }
    if (c->oversize && !stopped) {
        static uint8_t big[65536];
        expect e;
        big[0] = 0xC1; /* a Write to STag 0, TO 0: the length alone is wrong */
        big[1] = 0x40;
        model_seg(&g_m, c, big, sizeof big, 0, 1, &e);
        cur_seg(big, sizeof big);
        g_h.e = &e;
        g_h.delivered = 0;
        FZ_CHECK(iw_ddp_rx(&g_s, big, sizeof big) == e.st);
        g_h.e = NULL;
        check_state();
    }
    FZ_CHECK(memcmp(ARENA_P, g_shadow, ARENA) == 0); /* only validated octets changed */
    FZ_CHECK(memcmp(g_mem, g_pat, GUARD) == 0);       /* the guard zones are intact */
    FZ_CHECK(memcmp(g_mem + GUARD + ARENA, g_pat + GUARD + ARENA, GUARD) == 0);
    (void)rec;
#ifdef FUZZ_VERBOSE
    fprintf(stderr, "ddp_rx: path=%d fix=%02x recs=%u segs=%u msgs=%u err=%d term=%u,%u,%u\n",
            c->path, c->fixmask, rec, g_m.rx_segs, g_m.rx_msgs, (int)g_m.err, g_m.term.layer,
            g_m.term.etype, g_m.term.ecode);
#endif
}

/* ---- TX ---- */

#define TXSEG_MAX 64

typedef struct txmsg {
    iw_ddp_msg m;
    iw_iov *sgl;
    uint8_t *flat; /* the message's octets */
    uint32_t total;
    uint32_t msn;  /* untagged: expected */
} txmsg;

typedef struct txh {
    /* config */
    uint32_t mulpdu, alt;
    unsigned period;
    uint16_t eagain, busy;
    unsigned fail_k;
    int has_sent;
    /* LLP state */
    unsigned n_mul, n_send, n_ok, again_run;
    int asked;       /* mulpdu() called since the last send */
    uint32_t last_mul;
    int busy_now, last_eagain, expect_fail;
    /* the message in progress */
    txmsg *cur;
    uint32_t done;   /* payload octets accepted */
    int last_seen, sent_called;
    unsigned segs, n_err, n_sent;
    uint32_t tx_msn[NQ];
    iw_ddp_error err;
} txh;

static txh g_t;

static uint32_t tx_mulpdu(void *lctx)
{
    uint32_t v;
    size_t hl;
    FZ_CHECK(lctx == &g_t && g_t.cur && g_t.n_err == 0 && !g_t.busy_now);
    g_t.n_mul++;
    g_t.asked = 1;
    v = g_t.period && g_t.n_mul % g_t.period == 0 ? g_t.alt : g_t.mulpdu;
    g_t.last_mul = v;
    hl = g_t.cur->m.tagged ? IW_DDP_TAGGED_HDR : IW_DDP_UNTAGGED_HDR;
    /* too small for a header, or for a header and one more octet of a message not done */
    g_t.expect_fail = v < hl || (v == hl && g_t.done < g_t.cur->total);
    return v;
}

static int tx_busy(void *lctx)
{
    FZ_CHECK(lctx == &g_t);
    return g_t.busy_now;
}

static iw_status tx_send(void *lctx, const iw_iov *iov, size_t n)
{
    txmsg *m = g_t.cur;
    iw_ddp_hdr h;
    size_t hl, i, payload = 0, k;
    uint32_t room;
    int again;
    FZ_CHECK(lctx == &g_t && m && g_t.n_err == 0);
    FZ_CHECK(!g_t.busy_now && !g_t.last_seen && !g_t.expect_fail);
    FZ_CHECK(g_t.asked); /* asked for the current MULPDU first */
    g_t.asked = 0;
    FZ_CHECK(n >= 1 && n <= IW_CFG_DDP_TX_PIECES + 1u && iov);
    /* header */
    FZ_CHECK(iov[0].base && iov[0].len >= 1);
    hl = iw_ddp_hdr_len(((const uint8_t *)iov[0].base)[0]);
    FZ_CHECK(iov[0].len == hl && hl == (m->m.tagged ? 14u : 18u));
    FZ_CHECK(iw_ddp_hdr_decode((const uint8_t *)iov[0].base, hl, &h, &k) == IW_OK && k == hl);
    FZ_CHECK((((const uint8_t *)iov[0].base)[0] & IW_DDP_F_RSVD) == 0 && h.dv == 1);
    FZ_CHECK(h.tagged == m->m.tagged && h.ulp == m->m.ulp);
    if (h.tagged) {
        FZ_CHECK(h.stag == m->m.stag && h.to == m->m.to + g_t.done);
    } else {
        FZ_CHECK(h.qn == m->m.qn && h.ulp32 == m->m.ulp32 && h.msn == m->msn && h.mo == g_t.done);
    }
    /* payload: inside the SGEs, equal to the message's next octets */
    for (i = 1; i < n; i++) {
        const uint8_t *b = (const uint8_t *)iov[i].base;
        size_t j, inside = 0;
        FZ_CHECK(b || iov[i].len == 0);
        for (j = 0; j < m->m.nsge && !inside; j++) {
            const uint8_t *sb = (const uint8_t *)m->sgl[j].base;
            if (iov[i].len && sb && b >= sb && b + iov[i].len <= sb + m->sgl[j].len) inside = 1;
        }
        FZ_CHECK(inside || iov[i].len == 0);
        FZ_CHECK(payload + iov[i].len <= m->total - g_t.done);
        if (iov[i].len) FZ_CHECK(memcmp(b, m->flat + g_t.done + payload, iov[i].len) == 0);
        payload += iov[i].len;
    }
    FZ_CHECK(hl + payload <= g_t.last_mul); /* DDP-006 */
    FZ_CHECK(h.last == (g_t.done + payload == m->total)); /* DDP-010, DDP-011 */
    room = g_t.last_mul - (uint32_t)hl;
    if (!h.last) FZ_CHECK(payload > 0 && (payload == room || n == IW_CFG_DDP_TX_PIECES + 1u));
    g_t.n_send++;
    if (g_t.fail_k && g_t.n_send == g_t.fail_k) return IW_EHOST;
    again = (g_t.eagain >> ((g_t.n_send - 1u) % 16u)) & 1u;
    if (again && g_t.again_run < 3) {
        g_t.again_run++;
        g_t.last_eagain = 1;
        return IW_EAGAIN;
    }
    g_t.again_run = 0;
    g_t.n_ok++;
    g_t.done += (uint32_t)payload;
    g_t.segs++;
    if (h.last) g_t.last_seen = 1;
    g_t.busy_now = (g_t.busy >> ((g_t.n_ok - 1u) % 16u)) & 1u;
    return IW_OK;
}

static void tx_sent(void *uctx, void *cookie)
{
    FZ_CHECK(uctx == &g_t && g_t.cur && cookie == (void *)g_t.cur);
    if (g_t.n_err) /* abandoned after the LLP failed: handed back once, no longer referenced */
        FZ_CHECK(!g_t.sent_called);
    else
        FZ_CHECK(g_t.last_seen && !g_t.sent_called && !g_t.busy_now && g_t.done == g_t.cur->total);
    g_t.sent_called = 1;
    g_t.n_sent++;
}

static void tx_error(void *uctx, const iw_ddp_error *e)
{
    FZ_CHECK(uctx == &g_t);
    g_t.n_err++;
    FZ_CHECK(g_t.n_err == 1);
    FZ_CHECK(e == iw_ddp_last_error(&g_s) && e->status == IW_EHOST && teq(e->term, T(1, 0, 0)));
    FZ_CHECK(e->hdr_len == 0 && !e->has_hdr);
    g_t.err = *e;
}

static iw_status tx_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    (void)uctx;
    (void)h;
    (void)len;
    FZ_CHECK(0);
    return IW_OK;
}

static iw_ddp_xlate tx_resolve(void *mctx, uint32_t stag, uint64_t to, uint32_t len,
                               unsigned access, iw_ddp_buf *dst, size_t max, size_t *n)
{
    (void)mctx; (void)stag; (void)to; (void)len; (void)access; (void)dst; (void)max; (void)n;
    FZ_CHECK(0);
    return IW_DDP_X_INVALID_STAG;
}

static const iw_ddp_llp_ops tx_llp = {.send = tx_send, .mulpdu = tx_mulpdu, .busy = tx_busy};
static const iw_ddp_mem_ops tx_mem = {.resolve = tx_resolve};
static const iw_ddp_ulp_ops tx_ulp[2] = {
    {.deliver = tx_deliver, .error = tx_error, .sent = tx_sent},
    {.deliver = tx_deliver, .error = tx_error}};

/* 2^32 + 65534 octets (65538 * 65535 once, as many pieces of g_zero: summing them was half
 * of a transmit run), for the IW_EINVAL check: the pieces after the first are longer than
 * g_zero; a library that took the message would read past it, which ASan reports. */
static iw_iov g_big[3];
static uint8_t g_zero[65535];

static void run_tx(const uint8_t *body, size_t blen, const uint8_t *t)
{
    const uint8_t *p = body, *end = body + blen;
    uint8_t **pieces;
    iw_iov *sgl;
    size_t nrec = 0, i, per, first;
    unsigned flags = t[1], msgno = 0;
    uint32_t qn = t[12] & 3u;
    iw_ddp_stats stats;
    int dead = 0;

    memset(&g_t, 0, sizeof g_t);
    g_t.mulpdu = iw_get_be16(t + 3);
    g_t.period = t[5] & 15u;
    g_t.alt = t[6];
    g_t.eagain = iw_get_be16(t + 7);
    g_t.busy = iw_get_be16(t + 9);
    g_t.fail_k = t[11];
    g_t.has_sent = !(flags & 4u);
    FZ_CHECK(iw_ddp_init(&g_s, &tx_llp, &g_t, &tx_mem, NULL, &tx_ulp[!g_t.has_sent], &g_t) == IW_OK);
    FZ_CHECK(iw_ddp_tx_busy(&g_s) == 0 && iw_ddp_tx_resume(&g_s) == IW_OK);

    /* SGEs, each in its own allocation */
    pieces = (uint8_t **)malloc(sizeof *pieces * (blen / 2 + 1));
    sgl = (iw_iov *)malloc(sizeof *sgl * (blen / 2 + 1));
    if (!pieces || !sgl) {
        free(pieces);
        free(sgl);
        return;
    }
    while ((size_t)(end - p) >= 2) {
        size_t len = iw_get_be16(p);
        p += 2;
        if (len > (size_t)(end - p)) len = (size_t)(end - p);
        pieces[nrec] = len ? (uint8_t *)malloc(len) : NULL;
        if (len && !pieces[nrec]) break;
        if (len) memcpy(pieces[nrec], p, len);
        sgl[nrec].base = len || (flags & 8u) ? pieces[nrec] : (const void *)g_zero;
        sgl[nrec].len = len;
        nrec++;
        p += len;
    }

    if (flags & 16u) { /* invalid messages: refused, nothing sent, nothing changes */
        iw_ddp_msg bad;
        iw_iov nul = {NULL, 1};
        memset(&bad, 0, sizeof bad);
        bad.qn = NQ; /* no such queue */
        FZ_CHECK(iw_ddp_send(&g_s, &bad) == IW_EINVAL);
        bad.qn = 0;
        bad.sgl = &nul;
        bad.nsge = 1;
        FZ_CHECK(iw_ddp_send(&g_s, &bad) == IW_EINVAL);
        bad.sgl = NULL;
        FZ_CHECK(iw_ddp_send(&g_s, &bad) == IW_EINVAL);
        g_big[0].base = g_big[1].base = g_big[2].base = g_zero;
        g_big[0].len = sizeof g_zero;
        g_big[1].len = (size_t)1 << 31;
        g_big[2].len = ((size_t)1 << 31) - 1u;
        bad.tagged = 1;
        bad.sgl = g_big;
        bad.nsge = sizeof g_big / sizeof *g_big; /* 2^32 + 65534 > 2^32 - 1 */
        FZ_CHECK(iw_ddp_send(&g_s, &bad) == IW_EINVAL);
        FZ_CHECK(g_t.n_mul == 0 && g_t.n_send == 0 && !iw_ddp_tx_busy(&g_s));
        FZ_CHECK(iw_ddp_last_error(&g_s)->status == IW_OK);
    }

    per = t[2] ? t[2] : (nrec ? nrec : 1u);
    for (first = 0; !dead && (first < nrec || (nrec == 0 && msgno == 0)); first += per) {
        txmsg m;
        size_t ns = nrec - first < per ? nrec - first : per, off = 0;
        iw_status st;
        uint32_t guard = 0;
        if (nrec == 0) ns = 0;
        memset(&m, 0, sizeof m);
        m.sgl = sgl + first;
        m.m.sgl = m.sgl;
        m.m.nsge = ns;
        m.m.tagged = (uint8_t)(((flags & 1u) != 0) ^ ((flags & 2u) ? (msgno & 1u) : 0u));
        m.m.ulp = t[25];
        m.m.ulp32 = iw_get_be32(t + 26);
        m.m.stag = iw_get_be32(t + 13);
        m.m.to = be64(t + 17);
        m.m.qn = (flags & 64u) ? (qn + msgno) % NQ : qn;
        m.m.cookie = &m;
        for (i = 0; i < ns; i++) m.total += (uint32_t)m.sgl[i].len;
        m.flat = (uint8_t *)malloc(m.total ? m.total : 1u);
        if (!m.flat) break;
        for (i = 0; i < ns; i++) {
            if (m.sgl[i].len) memcpy(m.flat + off, m.sgl[i].base, m.sgl[i].len);
            off += m.sgl[i].len;
        }
        if (!m.m.tagged) m.msn = g_t.tx_msn[m.m.qn] + 1u;
        g_t.cur = &m;
        g_t.done = 0;
        g_t.last_seen = g_t.sent_called = 0;
        g_t.segs = 0;
        g_t.expect_fail = 0;
        g_t.last_eagain = 0;
        st = iw_ddp_send(&g_s, &m.m);
        if (m.m.tagged && m.total && m.m.to + (m.total - 1u) < m.m.to) { /* past TO 2^64 - 1 */
            FZ_CHECK(st == IW_EINVAL && !iw_ddp_tx_busy(&g_s) && g_t.segs == 0);
            free(m.flat);
            continue;
        }
        if (!m.m.tagged) g_t.tx_msn[m.m.qn]++;
        for (;;) {
            if (g_t.n_err) break;
            FZ_CHECK(st == IW_OK);
            if (!iw_ddp_tx_busy(&g_s)) break;
            FZ_CHECK(++guard < 8u * (m.total + 1u) + 64u); /* progress */
            if ((flags & 32u) && guard == 1) { /* one message at a time */
                iw_ddp_msg other = m.m;
                FZ_CHECK(iw_ddp_send(&g_s, &other) == IW_EAGAIN);
            }
            /* the pump only stops when the LLP is busy or said not now */
            FZ_CHECK(g_t.busy_now || g_t.last_eagain);
            g_t.busy_now = 0; /* the LLP is done with the pieces, or can take more */
            g_t.last_eagain = 0;
            st = iw_ddp_tx_resume(&g_s);
        }
        if (g_t.n_err) { /* a MULPDU too small or a failed send: the stream is dead */
            FZ_CHECK(st == IW_EHOST && g_t.sent_called == g_t.has_sent);
            FZ_CHECK(g_t.expect_fail || (g_t.fail_k && g_t.n_send == g_t.fail_k));
            FZ_CHECK(!iw_ddp_tx_busy(&g_s));
            FZ_CHECK(iw_ddp_tx_resume(&g_s) == IW_EHOST && iw_ddp_send(&g_s, &m.m) == IW_EHOST);
            FZ_CHECK(iw_ddp_rx(&g_s, g_zero, 18) == IW_EHOST);
            dead = 1;
        } else {
            FZ_CHECK(!g_t.expect_fail);
            FZ_CHECK(g_t.last_seen && g_t.done == m.total);
            FZ_CHECK(g_t.sent_called == g_t.has_sent);
            if (m.total == 0) FZ_CHECK(g_t.segs == 1); /* DDP-011 */
        }
        free(m.flat);
        g_t.cur = NULL;
        msgno++;
        if (nrec == 0) break;
    }
    stats = iw_ddp_get_stats(&g_s);
    FZ_CHECK(stats.tx_segs == g_t.n_ok && g_t.n_err <= 1);
    FZ_CHECK(stats.tx_msgs == msgno - (unsigned)dead);
    FZ_CHECK(g_t.n_sent == (g_t.has_sent ? msgno : 0u)); /* the dead one too */
    for (i = 0; i < nrec; i++) free(pieces[i]);
    free(pieces);
    free(sgl);
#ifdef FUZZ_VERBOSE
    fprintf(stderr, "ddp_tx: msgs=%u segs=%u sends=%u err=%u mulpdu=%u\n", msgno, g_t.n_ok,
            g_t.n_send, g_t.n_err, g_t.mulpdu);
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *t;
    if (size < TAIL) return 0;
    t = data + size - TAIL;
    if (t[0] & 1u)
        run_tx(data, size - TAIL, t);
    else
        run_rx(data, size - TAIL, t);
    return 0;
}
