/* WP harness: DDP placement proved in bounds for every input (make prove, target placement_wp;
 * docs/verification-prove.md).
 *
 * ddp.h is compiled as it ships. IW_PROVE_WP only turns on its `calls` annotations, which
 * tell WP which function each callback pointer of the placement code reaches: the specified
 * stubs below. The stubs have contracts and no body: WP takes them as the whole truth about
 * the callbacks, so every answer they allow (any pieces, any count, any outcome) is covered.
 *
 * The translation ops' answers are logic constants nothing is assumed about: wp_resolve
 * answers wp_x with the pieces wp_xl(0 .. wp_xn - 1) (wp_xn may exceed the room), wp_rx_buf
 * answers wp_rbs with wp_rb(0 .. wp_rbn - 1). A property proved about them holds for every
 * answer. */
#define IW_CRC32C_NO_ACCEL 1
#define IW_PROVE_WP 1
#define IW_MEMCPY memcpy /* the platform hooks (crc32c.h), here the libc's, with Frama-C's specs */
#define IW_MEMMOVE memmove
#define IW_MEMSET memset
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* crc32c.h's and ddp.h's small inline helpers, declared with their contracts first */
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
*/
static inline uint32_t iw_get_be32(const uint8_t *p);
/*@ assigns \nothing;
    ensures \result == 14 || \result == 18;
*/
static inline size_t iw_ddp_hdr_len(uint8_t ctrl0);

#include "ddp.h"

/*@ axiomatic wp_answers {
      // the translation ops' answers: logic constants about which nothing is assumed
      logic iw_ddp_xlate wp_x;           // the resolver's outcome
      logic integer wp_xn;               // its piece count (may exceed the room)
      logic iw_ddp_buf wp_xl(integer i); // its pieces
      logic iw_status wp_rbs;            // rx_buf's outcome
      logic integer wp_rbn;              // its piece count
      logic iw_ddp_buf wp_rb(integer i); // its pieces
      axiom wp_counts: 0 <= wp_xn <= 0xFFFFFFFFFFFFFFFF && 0 <= wp_rbn <= 0xFFFFFFFFFFFFFFFF;
    }

    predicate wp_same(iw_ddp_buf a, iw_ddp_buf b) = a.base == b.base && a.len == b.len;

    // p lies inside b
    predicate wp_inside(iw_ddp_buf p, iw_ddp_buf b) =
        \exists integer o; 0 <= o && o + p.len <= b.len && p.base == b.base + o;

    // the octets b[0 .. n) lie inside one piece the translation returned: one of the
    // resolver's (that DDP had room for), one of rx_buf's, or one of a queue's receive buffer
    // as it was at label L
    predicate wp_in{L}(iw_ddp_stream *s, uint8_t *b, integer n) =
        (\exists integer i, o; 0 <= i < IW_CFG_DDP_DST_IOV && i < wp_xn &&
            0 <= o && o + n <= wp_xl(i).len && b == wp_xl(i).base + o) ||
        (\exists integer i, o; 0 <= i < IW_CFG_DDP_RX_SGE && i < wp_rbn &&
            0 <= o && o + n <= wp_rb(i).len && b == wp_rb(i).base + o) ||
        (\exists integer q, a, o; 0 <= q < IW_CFG_DDP_QN && 0 <= a < \at(s->rq[q].nbuf, L) &&
            0 <= o && o + n <= \at(s->rq[q].buf[a].len, L) && b == \at(s->rq[q].buf[a].base, L) + o);

    // ddp.h's iw_ddp_dest (declared there without a meaning, for the copy loop's invariant)
    axiomatic wp_dest {
      axiom wp_dest_def{L}: \forall iw_ddp_stream *s, uint8_t *b, integer n;
          iw_ddp_dest{L}(s, b, n) <==> wp_in{L}(s, b, n);
    }

    // p is one of the pieces the resolver returned and DDP had room for
    predicate wp_from_xlate(iw_ddp_buf p) =
        \exists integer i; 0 <= i < IW_CFG_DDP_DST_IOV && i < wp_xn && wp_same(p, wp_xl(i));

*/

/* ---- the callbacks: contracts only ---- */

/* The memory translation (iw_ddp_mem_ops.resolve): any outcome, any pieces. */
/*@ requires \valid(dst + (0 .. max - 1)) && \valid(n);
    assigns dst[0 .. max - 1], *n;
    ensures \result == wp_x && *n == wp_xn;
    ensures \forall integer i; 0 <= i < max && i < wp_xn ==> wp_same(dst[i], wp_xl(i));
    ensures \forall integer i; 0 <= i < max && i < wp_xn ==> iw_ddp_xlated(dst[i]);
*/
iw_ddp_xlate wp_resolve(void *mctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                        iw_ddp_buf *dst, size_t max, size_t *n);

/* The untagged receive buffer (iw_ddp_ulp_ops.rx_buf): any outcome, any pieces. */
/*@ requires \valid(bufs + (0 .. max - 1)) && \valid(n) && \valid(t);
    assigns bufs[0 .. max - 1], *n, *t;
    ensures \result == wp_rbs && *n == wp_rbn;
    ensures \forall integer i; 0 <= i < max && i < wp_rbn ==> wp_same(bufs[i], wp_rb(i));
*/
iw_status wp_rx_buf(void *uctx, const iw_ddp_hdr *h, iw_ddp_buf *bufs, size_t max, size_t *n,
                    iw_term *t);

/* The ULP's check (iw_ddp_ulp_ops.check): any verdict. */
/*@ requires \valid(access) && \valid(t);
    assigns *access, *t;
*/
iw_status wp_check(void *uctx, const iw_ddp_hdr *h, unsigned *access, iw_term *t);

/* The copy kernel (iw_crc32c_kernels.move): writes dst[0 .. n) and nothing else. */
/*@ requires \valid((uint8_t *)dst + (0 .. n - 1));
    requires \valid_read((const uint8_t *)src + (0 .. n - 1));
    assigns ((uint8_t *)dst)[0 .. n - 1] \from ((const uint8_t *)src)[0 .. n - 1];
*/
void wp_move(void *dst, const void *src, size_t n);

/*@
    // what a stream keeps between segments: the callbacks are the stubs below, and every
    // untagged queue's buffer has at most IW_CFG_DDP_RX_SGE pieces
    predicate wp_stream(iw_ddp_stream *s) =
        \valid_read(s->mem) && s->mem->resolve == &wp_resolve &&
        \valid_read(s->ulp) && (s->ulp->check == \null || s->ulp->check == &wp_check) &&
        (s->ulp->rx_buf == \null || s->ulp->rx_buf == &wp_rx_buf) &&
        \forall integer q; 0 <= q < IW_CFG_DDP_QN ==> s->rq[q].nbuf <= IW_CFG_DDP_RX_SGE;

    // the pieces *dst names (n of them, in s->pend_piece) are where the translation said:
    // tagged, each one of the resolver's pieces; untagged, each inside a piece of the
    // queue's receive buffer (rx_buf's answer at the message's first segment)
    predicate wp_placed(iw_ddp_stream *s, integer n) =
        (\forall integer j; 0 <= j < n ==> iw_ddp_xlated(s->pend_piece[j])) ||
        (\exists integer q; 0 <= q < IW_CFG_DDP_QN &&
            \forall integer j; 0 <= j < n ==> \exists integer a; 0 <= a < s->rq[q].nbuf &&
                wp_inside(s->pend_piece[j], s->rq[q].buf[a]));

    // begin's answer, stated against the stream before the call: tagged, each piece one of
    // the resolver's; untagged, each inside a piece of one queue's buffer as it was or (a
    // message's first segment) each inside a piece rx_buf returned
    predicate wp_placed_from{H, L}(iw_ddp_stream *s, integer n) =
        (\forall integer j; 0 <= j < n ==> iw_ddp_xlated(\at(s->pend_piece[j], H))) ||
        (\exists integer q; 0 <= q < IW_CFG_DDP_QN && \forall integer j; 0 <= j < n ==>
            \exists integer a; 0 <= a < \at(s->rq[q].nbuf, L) &&
                wp_inside(\at(s->pend_piece[j], H), \at(s->rq[q].buf[a], L))) ||
        (\forall integer j; 0 <= j < n ==>
            \exists integer a; 0 <= a < IW_CFG_DDP_RX_SGE && a < wp_rbn &&
                wp_inside(\at(s->pend_piece[j], H), wp_rb(a)));
*/

/* ---- contracts of ddp.h's placement functions (their bodies are ddp.h's) ---- */

/*@ assigns \nothing; */
IW_INLINE iw_term iw_term_make(unsigned layer, unsigned etype, unsigned code);

/*@ assigns \nothing; */
iw_term iw_ddp_xlate_term(iw_ddp_xlate x);

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
*/
IW_INLINE uint64_t iw__ddp_get_be64(const uint8_t *p);

/*@ requires \valid_read(p + (0 .. len - 1)) && \valid(h) && \valid(hlen);
    requires \separated(h, hlen);
    assigns *h, *hlen;
    ensures \result == IW_OK ==> *hlen <= len && (*hlen == IW_DDP_TAGGED_HDR || *hlen == IW_DDP_UNTAGGED_HDR);
*/
static iw_status iw__ddp_hdr_decode(const uint8_t *p, size_t len, iw_ddp_hdr *h, size_t *hlen);

/*@ requires \valid(s);
    assigns s->pend, s->pend_dst.n, s->rt_active, s->rt_len, s->rt_next_to;
    ensures s->pend == 0 && s->pend_dst.n == 0;
*/
static void iw__ddp_unpend(iw_ddp_stream *s);

/*@ requires \valid(e) && (u == \null || \valid_read(u + (0 .. len - 1)));
    requires \separated(e, u + (0 .. len - 1));
    assigns *e;
*/
static void iw__ddp_mkerr(iw_ddp_error *e, iw_status st, iw_term t, const uint8_t *u, size_t len);

/* The tagged checks: on IW_OK the dst[0 .. *nd) kept are some of the resolver's pieces, none
 * empty; on any refusal no piece is left (*nd = 0). Nothing is written but dst, *nd, *t. */
/*@ requires \valid(s) && \valid_read(s->mem) && s->mem->resolve == &wp_resolve;
    requires \valid(dst + (0 .. IW_CFG_DDP_DST_IOV - 1));
    requires \valid(nd) && \valid(t) && \separated(nd, t, s) && *nd == 0;
    requires \separated(dst + (0 .. IW_CFG_DDP_DST_IOV - 1), nd, t);
    assigns dst[0 .. IW_CFG_DDP_DST_IOV - 1], *nd, *t;
    ensures \result == IW_OK ==> *nd <= IW_CFG_DDP_DST_IOV &&
        \forall integer j; 0 <= j < *nd ==> iw_ddp_xlated(dst[j]) && 0 < dst[j].len <= n;
    ensures \result != IW_OK ==> *nd == 0;
*/
static iw_status iw__ddp_check_tagged(iw_ddp_stream *s, uint32_t stag, uint64_t to, uint32_t n,
                                      unsigned access, iw_ddp_buf *dst, size_t *nd, iw_term *t);

/* All checks of a segment: on IW_OK the pieces dst[0 .. *nd) are where the translation put
 * the payload; on a refusal *nd = 0. */
/*@ requires \valid(s) && wp_stream(s) && dst == s->pend_piece;
    requires \valid_read(u + (0 .. have - 1)) && have <= len && len <= 0xFFFF;
    requires \valid(h) && \valid(hl) && \valid(nd) && \valid(t);
    requires \separated(h, hl, nd, t, s, u + (0 .. have - 1));
    assigns s->pend_piece[0 .. IW_CFG_DDP_DST_IOV - 1], s->rq[0 .. IW_CFG_DDP_QN - 1],
        *h, *hl, *nd, *t;
    ensures wp_stream(s);
    ensures \result == IW_OK ==> *hl <= have && *nd <= IW_CFG_DDP_DST_IOV && wp_placed(s, *nd);
    ensures \result != IW_OK ==> *nd == 0;
*/
static iw_status iw__ddp_check(iw_ddp_stream *s, const uint8_t *u, size_t have, size_t len,
                               iw_ddp_hdr *h, size_t *hl, iw_ddp_buf *dst, size_t *nd,
                               iw_term *t);

/* Receive, step 1: *dst is NULL, or names pieces the translation returned; it is NULL on
 * every refusal and error (RFC 5041 §7.1: nothing placed; s->pend bit 0x10 is IW__DDP_P_FAIL,
 * a refusal held for commit). begin itself writes no octet
 * outside the stream. Each piece is also stated alone (iw_ddp_dest, i.e. wp_in: the form
 * iw_ddp_rx's assigns needs, implied by wp_placed_from), and laid end to end they fit in the payload
 * (iw_ddp_span: DDP-037 makes them cover it exactly, tagged; untagged they cover n). */
/*@ requires \valid(s) && wp_stream(s) && \valid(dst);
    requires \valid_read(u + (0 .. have - 1));
    requires \separated(dst, s) && \separated(dst, u + (0 .. have - 1));
    assigns *s, *dst;
    ensures wp_stream(s);
    ensures s->crc.move == \old(s->crc.move);
    ensures *dst == \null || (\result == IW_OK && *dst == &s->pend_dst &&
        s->pend_dst.piece == s->pend_piece && s->pend_dst.n <= IW_CFG_DDP_DST_IOV &&
        s->pend_dst.hdr_len <= have && (s->pend & 0x10) == 0 &&
        s->err.status == IW_OK && wp_placed_from{Here, Pre}(s, s->pend_dst.n) &&
        \forall integer j; 0 <= j < s->pend_dst.n ==>
            iw_ddp_dest{Pre}(s, s->pend_dst.piece[j].base, s->pend_dst.piece[j].len) &&
            0 <= iw_ddp_span(s->pend_dst.piece, j) &&
            iw_ddp_span(s->pend_dst.piece, j) + s->pend_dst.piece[j].len <= len - s->pend_dst.hdr_len);
*/
iw_status iw_ddp_rx_begin(iw_ddp_stream *s, const uint8_t *u, size_t have, size_t len,
                          unsigned flags, iw_mpa_rx_dst **dst);

/* Receive, step 2 (not proved here: it calls the ULP's deliver and error upcalls): it
 * writes the stream and no octet of any piece. */
/*@ requires \valid(s);
    assigns *s;
*/
iw_status iw_ddp_rx_commit(iw_ddp_stream *s, int ok);

/*@ requires \valid(k);
    assigns *k;
    ensures k->move == &wp_move;
*/
void iw_crc32c_kernels_select(iw_crc32c_kernels *k);

/*@ // the host's promise: the translation's pieces are valid memory, apart from the stream
    // and from the segment
    predicate wp_host{L}(iw_ddp_stream *s, uint8_t *u, integer len) =
      (\forall integer i; 0 <= i < IW_CFG_DDP_DST_IOV ==>
        \valid(wp_xl(i).base + (0 .. wp_xl(i).len - 1)) &&
        \separated(wp_xl(i).base + (0 .. wp_xl(i).len - 1), s, u + (0 .. len - 1))) &&
      (\forall integer q, a; 0 <= q < IW_CFG_DDP_QN && 0 <= a < IW_CFG_DDP_RX_SGE ==>
        \valid(s->rq[q].buf[a].base + (0 .. s->rq[q].buf[a].len - 1)) &&
        \separated(s->rq[q].buf[a].base + (0 .. s->rq[q].buf[a].len - 1), s, u + (0 .. len - 1))) &&
      (\forall integer i; 0 <= i < IW_CFG_DDP_RX_SGE ==>
        \valid(wp_rb(i).base + (0 .. wp_rb(i).len - 1)) &&
        \separated(wp_rb(i).base + (0 .. wp_rb(i).len - 1), s, u + (0 .. len - 1)));

    // so is every range inside one of them (proved by WP as a goal of its own)
    lemma wp_in_valid{L}: \forall iw_ddp_stream *s, uint8_t *u, uint8_t *b, integer len, n;
        wp_host(s, u, len) && wp_stream(s) && wp_in(s, b, n) ==> \valid(b + (0 .. n - 1));
*/

/* One whole ULPDU: every octet it writes outside the stream lies inside one of the pieces
 * the translation returned (the resolver's, or the receive buffer rx_buf returned for the
 * queue's message). The pieces are the host's memory, apart from the stream and the
 * segment. The assigns set {b[o] | wp_in(b, n), o < n} is exactly the octets of those pieces:
 * every such b[o] is an octet of the piece b[0 .. n) lies in, and each piece is such a b.
 * The copy loop's invariant (ddp.h) restates begin's iw_ddp_dest for d->piece[j] after the
 * kernel selection (iw_crc32c_kernels_select(&s->crc) between begin and the loop, a write to
 * s->crc only): proved at the loop's entry on its own, so that the assigns goals need no
 * reasoning across that call. */
/*@ requires \valid(s) && wp_stream(s);
    requires \valid_read(u + (0 .. len - 1));
    requires s->crc.move == \null || s->crc.move == &wp_move;
    requires wp_host(s, (uint8_t *)u, len);
    assigns *s, { b[o] | uint8_t *b, integer n, o; iw_ddp_dest{Pre}(s, b, n) && 0 <= o < n };
*/
iw_status iw_ddp_rx(iw_ddp_stream *s, const uint8_t *u, size_t len);

#define IWARP_IMPLEMENTATION
#include "crc32c.h" /* inside mpa.h's guard: its implementation (IW_MIN, the platform) now */
#include "ddp.h"

/* ddp.h's iw_ddp_xlated (declared there without a meaning): only the resolver's pieces have it
 * (wp_resolve's contract gives it to each piece it returns). */
/*@ axiomatic wp_xlated {
      axiom wp_xlated_def: \forall iw_ddp_buf p; iw_ddp_xlated(p) ==> wp_from_xlate(p);
    }
*/
