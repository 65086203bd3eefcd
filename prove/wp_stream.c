/* WP harness: MPA's streamed placement proved inside the pieces begin returned, for any
 * chunking (make prove, target placement_stream_wp; docs/verification-prove.md).
 *
 * mpa.h is compiled as it ships. The placement contract (iw_mpa_ulp_ops.begin): begin answers
 * an iw_mpa_rx_dst naming pieces; MPA copies the payload into them as the octets arrive, with
 * one routine, iw__rx_put, called once per chunk with the cursor (rx_pi, rx_po) left by the
 * chunk before. Proved here for one call from any state: whatever the cursor, the chunk length
 * and the pieces (any number, any lengths, withdrawn with n = 0 between chunks), every octet
 * written lies inside piece[j].base[0 .. len) for some j < n of the destination the ULP names
 * at that moment, and nothing else but the cursor is written. Any chunking is a sequence of
 * such calls, so the property holds for every chunking. iw__rx_take (begin's answer taken:
 * the cursor reset, a header longer than what begin saw refused) is proved too.
 *
 * IW_PROVE_WP turns on mpa.h's `calls` annotation at the copy kernel's pointer call: it is
 * the stub wp_move below (a contract, no body). iw__sum (the CRC over the octets, with or
 * without a copy) is specified here and assumed: it calls the CRC kernels through pointers,
 * outside what this target proves; its contract says it writes d[0 .. k) when d is not NULL
 * and nothing else. The kernel takes `void *`, which WP reads as `char *`: prove/run.sh runs
 * WP with -wp-model Typed+cast, which keeps the pointer value through uint8_t * -> char * ->
 * uint8_t * (the stub's contract reads and writes only through uint8_t *, so this is exact). */
#define IW_CRC32C_NO_ACCEL 1
#define IW_PROVE_WP 1
#define IW_MEMCPY memcpy
#define IW_MEMMOVE memmove
#define IW_MEMSET memset
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mpa.h"

/* The copy kernel (iw_crc32c_kernels.move): writes dst[0 .. n) and nothing else. */
/*@ requires \valid((uint8_t *)dst + (0 .. n - 1));
    requires \valid_read((const uint8_t *)src + (0 .. n - 1));
    assigns ((uint8_t *)dst)[0 .. n - 1] \from ((const uint8_t *)src)[0 .. n - 1];
*/
void wp_move(void *dst, const void *src, size_t n);

/*@
    // the octets of the pieces d names
    predicate wp_pieces_ok(iw_mpa_rx_dst *d, iw_mpa_conn *c) =
        \valid_read(d) && \valid_read(d->piece + (0 .. d->n - 1)) &&
        \separated(d, c) && \separated(d->piece + (0 .. d->n - 1), c) &&
        \forall integer j; 0 <= j < d->n ==>
            \valid(d->piece[j].base + (0 .. d->piece[j].len - 1)) &&
            \separated(d->piece[j].base + (0 .. d->piece[j].len - 1), c, d,
                       d->piece + (0 .. d->n - 1));

*/

/* The CRC over p[0 .. k), and the copy to d[0 .. k) when d is not NULL (assumed). */
/*@ requires \valid_read(c) && \valid_read(p + (0 .. k - 1));
    requires d == \null || (\valid(d + (0 .. k - 1)) && \separated(d + (0 .. k - 1), c));
    assigns { d[o] | integer o; d != \null && 0 <= o < k } \from p[0 .. k - 1];
*/
static uint32_t iw__sum(const iw_mpa_conn *c, uint32_t crc, uint8_t *d, const uint8_t *p,
                        size_t k);

/* One chunk p[0 .. k) of the payload, from the cursor: what it writes is the cursor and
 * octets of the pieces the ULP names now (c->rx_dst), nothing else. */
/*@ requires \valid(c) && c->k.move == &wp_move;
    requires \valid_read(p + (0 .. k - 1)) && \separated(p + (0 .. k - 1), c);
    requires c->rx_dst == \null || wp_pieces_ok(c->rx_dst, c);
    requires c->rx_dst != \null ==> \forall integer j; 0 <= j < c->rx_dst->n ==>
        \separated(c->rx_dst->piece[j].base + (0 .. c->rx_dst->piece[j].len - 1),
                   p + (0 .. k - 1));
    assigns c->rx_pi, c->rx_po,
        { c->rx_dst->piece[j].base[o] | integer j, o; c->rx_dst != \null &&
            0 <= j < c->rx_dst->n && 0 <= o < c->rx_dst->piece[j].len };
*/
static uint32_t iw__rx_put(iw_mpa_conn *c, uint32_t crc, const uint8_t *p, size_t k, int sum);

/* begin's answer d taken: the cursor at the first piece's first octet; refused (IW_EHOST)
 * when d names a header longer than begin saw, or pieces without an array. */
/*@ requires \valid(c) && (d == \null || (\valid_read(d) && \separated(d, c)));
    assigns c->rx_dst, c->rx_pi, c->rx_po;
    ensures c->rx_dst == d && c->rx_pi == 0 && c->rx_po == 0;
    ensures \result == IW_OK || \result == IW_EHOST;
    ensures \result == IW_OK && d != \null ==>
        d->hdr_len <= have && (d->n == 0 || d->piece != \null);
*/
static iw_status iw__rx_take(iw_mpa_conn *c, iw_mpa_rx_dst *d, size_t have);

#define IWARP_IMPLEMENTATION
#include "crc32c.h" /* mpa.h includes it inside its guard: its implementation now */
#include "mpa.h"
