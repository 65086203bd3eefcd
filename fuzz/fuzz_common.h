/* fuzz/fuzz_common.h: helpers shared by the mpa.h fuzz targets (STYLE.md 10). Not part of the
 * library. Include after mpa.h (built with IWARP_IMPLEMENTATION and IWARP_STATIC).
 *
 *   FZ_CHECK(x)    an invariant: print where it broke, then __builtin_trap() (the crash that
 *                  libFuzzer, AFL++ and the replay driver all report);
 *   fz_hash_*      a 32-bit hash (FNV-1a style, eight octets a step), to compare delivered
 *                  ULPDU sequences between runs;
 *   fz_walk        an independent FPDU stream walker (RFC 5044 §4, §5): ULPDU_Length, ULPDU,
 *                  PAD, CRC, markers every 512 octets of the stream. It is the reference model
 *                  of the receiver (which ULPDUs, which first error), the CRC/marker fixer that
 *                  lets mutations reach past the CRC (STYLE.md 10), and the checker of what a
 *                  connection transmitted.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FZ_CHECK(x)                                                                           \
    do {                                                                                      \
        if (!(x)) {                                                                           \
            fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #x);         \
            __builtin_trap();                                                                 \
        }                                                                                     \
    } while (0)

/* Every helper is static; a target that uses only some of them must still build with -Wall. */
#define FZ_FN static IW_UNUSED

/* ---- hashing ---- */

#define FZ_HASH_INIT 2166136261u

/* FNV-1a over 64-bit words (a multiply and a fold per eight octets, the tail octet by octet):
 * a harness hash, not a wire one; eight times fewer steps than octet-wise FNV-1a, which was a
 * tenth of a run in the receive targets. */
FZ_FN uint32_t fz_hash(uint32_t h, const uint8_t *p, size_t n)
{
    uint64_t x = h;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        x = (x ^ w) * 0x100000001B3ull;
        x ^= x >> 29;
    }
    for (; i < n; i++) x = (x ^ p[i]) * 0x100000001B3ull;
    return (uint32_t)(x ^ (x >> 32));
}

/* Chain one message (its length, then its octets) into h. */
FZ_FN uint32_t fz_hash_msg(uint32_t h, const uint8_t *p, size_t n)
{
    uint8_t l[4];
    iw_put_be32(l, (uint32_t)n);
    return fz_hash(fz_hash(h, l, 4), p, n);
}

/* ---- FPDU stream walker ---- */

/* The walker's CRC32c: the fastest routine of this CPU, chosen once (iw_crc32c itself is the
 * portable table routine unless the build targets SSE4.2, and it was a tenth of a run). */
static iw_crc32c_fn fz__crc_fn;
FZ_FN uint32_t fz_crc32c(uint32_t crc, const void *p, size_t n)
{
    if (!fz__crc_fn) fz__crc_fn = iw_crc32c_select();
    return fz__crc_fn(crc, p, n);
}

#define FZ_W_NONE 0   /* every complete FPDU was valid (the stream may end inside one) */
#define FZ_W_LEN 1    /* ULPDU_Length outside [min_len, max_len] */
#define FZ_W_CRC 2    /* CRC mismatch (only when crc_on) */
#define FZ_W_MARKER 3 /* a marker's FPDUPTR does not point back at the ULPDU_Length */
#define FZ_W_STOP 4   /* the on_ulpdu callback asked to stop */

typedef struct fz_walk {
    /* in */
    int markers;          /* markers every 512 octets from stream offset 0 */
    int crc_on;           /* CRC checked (a mismatch is FZ_W_CRC) */
    int fix_crc;          /* rewrite each complete FPDU's CRC field with the right CRC32c */
    int fix_markers;      /* rewrite each marker's FPDUPTR with the right value */
    uint32_t min_len, max_len;
    int (*on_ulpdu)(void *ctx, const uint8_t *u, size_t len); /* nonzero: stop */
    void *ctx;
    uint8_t *ubuf;        /* scratch of 65535 octets: a ULPDU with its markers removed */
    /* out */
    int err;              /* FZ_W_* */
    size_t nulpdu;        /* ULPDUs handed to on_ulpdu */
    uint32_t hash;        /* fz_hash_msg chain over them */
    size_t end;           /* stream offset after the last complete FPDU walked (or the bad one) */
} fz_walk;

/* A marker at wire offset w of an FPDU that starts at `start`, whose ULPDU_Length is at lenpos
 * (not yet known for a marker at the very start). Same rule as the sender in mpa.h: a marker
 * that begins an FPDU has FPDUPTR 0, any other points back at the ULPDU_Length field; the two
 * low bits of FPDUPTR and the reserved half are ignored on receipt. */
FZ_FN void fz__walk_marker(fz_walk *w, uint8_t *s, size_t at, size_t start, size_t lenpos,
                            uint32_t *crc, int *mk_bad)
{
    uint32_t want = at == start ? 0u : (uint32_t)(at - lenpos);
    if (w->fix_markers) iw_put_be16(s + at + 2, (uint16_t)want);
    if ((uint32_t)(iw_get_be16(s + at + 2) & 0xFFFCu) != want) *mk_bad = 1;
    *crc = fz_crc32c(*crc, s + at, IW_MPA_MARKER_LEN);
}

/* Walk s[0..n) as FPDUs (offset 0 is the first octet of the first FPDU and the marker origin),
 * fixing CRCs/markers in place when asked. Stops at the first error or at a truncated FPDU. */
FZ_FN void fz_walk_run(fz_walk *w, uint8_t *s, size_t n)
{
    size_t pos = 0;
    w->err = FZ_W_NONE;
    w->nulpdu = 0;
    w->hash = FZ_HASH_INIT;
    w->end = 0;
    while (pos < n) {
        size_t start = pos, at = pos, lenpos, L, rem, ulen = 0;
        uint32_t crc = 0, got;
        int mk_bad = 0;
        if (w->markers && (at & 511u) == 0) { /* a marker begins this FPDU */
            if (at + IW_MPA_MARKER_LEN > n) return;
            fz__walk_marker(w, s, at, start, at, &crc, &mk_bad);
            at += IW_MPA_MARKER_LEN;
        }
        if (at + 2 > n) return;
        lenpos = at;
        L = iw_get_be16(s + at);
        if (L < w->min_len || L > w->max_len) {
            w->err = FZ_W_LEN;
            w->end = at + 2;
            return;
        }
        crc = fz_crc32c(crc, s + at, 2);
        at += 2;
        rem = L + iw_mpa_pad(L);
        while (rem) {
            size_t k;
            if (at >= n) return;
            if (w->markers && (at & 511u) == 0) {
                if (at + IW_MPA_MARKER_LEN > n) return;
                fz__walk_marker(w, s, at, start, lenpos, &crc, &mk_bad);
                at += IW_MPA_MARKER_LEN;
                continue;
            }
            k = n - at;
            if (k > rem) k = rem;
            if (w->markers && k > 512u - (at & 511u)) k = 512u - (at & 511u);
            crc = fz_crc32c(crc, s + at, k);
            if (ulen < L) {
                size_t d = L - ulen < k ? L - ulen : k;
                memcpy(w->ubuf + ulen, s + at, d);
                ulen += d;
            }
            at += k;
            rem -= k;
        }
        if (w->markers && (at & 511u) == 0) { /* a marker just before the CRC field */
            if (at + IW_MPA_MARKER_LEN > n) return;
            fz__walk_marker(w, s, at, start, lenpos, &crc, &mk_bad);
            at += IW_MPA_MARKER_LEN;
        }
        if (at + IW_MPA_CRC_LEN > n) return;
        if (w->fix_crc) iw_put_le32(s + at, crc);
        got = iw_get_le32(s + at);
        at += IW_MPA_CRC_LEN;
        pos = w->end = at;
        if (w->crc_on && got != crc) {
            w->err = FZ_W_CRC;
            return;
        }
        if (mk_bad) {
            w->err = FZ_W_MARKER;
            return;
        }
        w->nulpdu++;
        w->hash = fz_hash_msg(w->hash, w->ubuf, L);
        if (w->on_ulpdu && w->on_ulpdu(w->ctx, w->ubuf, L)) {
            w->err = FZ_W_STOP;
            return;
        }
    }
}

/* ---- host ops used by every target ---- */

/* Trace: read every octet handed over, so that ASan sees a bad pointer or length. Copied
 * into a sink with memcpy (checked by ASan as one range) rather than read octet by octet. */
static uint8_t fz__trace_sink[4096];
FZ_FN void fz_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    size_t i, j;
    (void)ctx;
    (void)last;
    FZ_CHECK(dir == IW_MPA_TRACE_TX || dir == IW_MPA_TRACE_RX);
    for (i = 0; i < n; i++) {
        FZ_CHECK(iov[i].base || iov[i].len == 0);
        for (j = 0; j < iov[i].len; j += sizeof fz__trace_sink) {
            size_t k = iov[i].len - j < sizeof fz__trace_sink ? iov[i].len - j : sizeof fz__trace_sink;
            memcpy(fz__trace_sink, (const uint8_t *)iov[i].base + j, k);
        }
    }
}

/* The optional host CRC engine, as the portable path. */
FZ_FN uint32_t fz_crc_op(void *ctx, uint32_t crc, const void *p, size_t n)
{
    (void)ctx;
    return iw_crc32c_portable(crc, p, n);
}

#endif
