/* fuzz/fuzz_mpa_frame.c: libFuzzer target for the MPA Request/Reply codec (RFC 5044 §7.1.1,
 * RFC 6581) and, on the side, the CRC32c paths.
 *
 * The whole input is decoded as a Request and as a Reply. Checks (__builtin_trap on failure):
 *  - *used: IW_OK gives 20 + PD_Length <= len; IW_EAGAIN gives more than len;
 *  - prefixes: every prefix of a valid frame is IW_EAGAIN; a prefix refused with EPROTO means
 *    the whole input is refused for the same reason (errors are found as early as the octets
 *    allow, never "un-found");
 *  - round trip: a decoded frame re-encodes with iw_mpa_frame_encode to the same octets (flags
 *    with the reserved bits, and the R bit of a Request, cleared; H iff enhanced), which decode
 *    to the same fields (flags except reserved bits, rev, enhanced, IRD/ORD words, PD);
 *  - CRC32c: every usable accelerated path agrees with the portable one on the input, and
 *    chaining at an input-chosen split and iw_crc32c_combine give the same value.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c99 -I. -Itests \
 *       fuzz/fuzz_mpa_frame.c -o build/fuzz/fuzz_mpa_frame
 */
#define IWARP_IMPLEMENTATION
#define IWARP_STATIC
#define IW_ASSERT(x) ((x) ? (void)0 : __builtin_trap())
#include "mpa.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Flag bits a frame of this kind carries through a round trip (M, C; R in a Reply only). */
static uint8_t kept_flags(unsigned kind)
{
    return (uint8_t)(IW_MPA_FLAG_M | IW_MPA_FLAG_C | (kind == IW_MPA_REPLY ? IW_MPA_FLAG_R : 0u));
}

static void check_kind(const uint8_t *data, size_t size, unsigned kind)
{
    iw_mpa_frame f, g, h;
    size_t used = 0, used2 = 0, len = 0, k;
    uint8_t out[IW_MPA_FRAME_HDR + IW_MPA_MAX_PD];
    iw_status st = iw_mpa_frame_decode(size ? data : NULL, size, kind, &f, &used);

    FZ_CHECK(st == IW_OK || st == IW_EAGAIN || st == IW_EPROTO);
    FZ_CHECK(f.kind == kind);
    if (st == IW_OK) {
        FZ_CHECK(f.err == IW_MPA_FERR_NONE);
        FZ_CHECK(used >= IW_MPA_FRAME_HDR && used <= size);
        FZ_CHECK(used == IW_MPA_FRAME_HDR + (size_t)iw_get_be16(data + 18));
        FZ_CHECK(f.rev == 1 || f.rev == 2);
        FZ_CHECK(f.enhanced == (f.rev == 2 && (f.flags & IW_MPA_FLAG_H)));
        FZ_CHECK(f.pd_len + (f.enhanced ? IW_MPA_IRDORD_LEN : 0u) + IW_MPA_FRAME_HDR == used);
        FZ_CHECK(f.pd_len == 0 || (f.pd >= data && f.pd + f.pd_len <= data + size));
    } else if (st == IW_EAGAIN) {
        FZ_CHECK(f.err == IW_MPA_FERR_NONE);
        FZ_CHECK(used > size);
    } else {
        FZ_CHECK(f.err != IW_MPA_FERR_NONE);
    }

    /* Prefixes (all of them for short inputs; the header ones and a few more otherwise). */
    for (k = 0; k < size && k <= IW_MPA_FRAME_HDR + IW_MPA_MAX_PD; k++) {
        size_t u = 0;
        iw_status ps;
        if (k > IW_MPA_FRAME_HDR + 8 && k + 8 < size && (k & 31u) != 0) continue;
        ps = iw_mpa_frame_decode(k ? data : NULL, k, kind, &g, &u);
        if (st == IW_OK && k < used) FZ_CHECK(ps == IW_EAGAIN);
        if (ps == IW_EPROTO) FZ_CHECK(st == IW_EPROTO && g.err == f.err);
        if (ps == IW_EAGAIN) FZ_CHECK(u > k);
    }
    if (st != IW_OK) return;

    /* Round trip. */
    FZ_CHECK(iw_mpa_frame_encode(&f, out, sizeof out, &len) == IW_OK);
    FZ_CHECK(len == used);
    FZ_CHECK(memcmp(out, data, 16) == 0);
    FZ_CHECK(out[16] == (uint8_t)((data[16] & kept_flags(kind)) | (f.enhanced ? IW_MPA_FLAG_H : 0u)));
    FZ_CHECK(memcmp(out + 17, data + 17, len - 17) == 0);
    /* one octet short: refused, nothing claimed */
    FZ_CHECK(iw_mpa_frame_encode(&f, out, len - 1, &k) == IW_EINVAL);
    FZ_CHECK(iw_mpa_frame_encode(&f, out, sizeof out, &len) == IW_OK);
    FZ_CHECK(iw_mpa_frame_decode(out, len, kind, &h, &used2) == IW_OK);
    FZ_CHECK(used2 == used);
    FZ_CHECK(h.kind == f.kind && h.rev == f.rev && h.enhanced == f.enhanced);
    FZ_CHECK((h.flags & kept_flags(kind)) == (f.flags & kept_flags(kind)));
    FZ_CHECK((h.flags & (uint8_t)~(kept_flags(kind) | IW_MPA_FLAG_H)) == 0);
    if (f.enhanced) FZ_CHECK(h.ird_word == f.ird_word && h.ord_word == f.ord_word);
    FZ_CHECK(h.pd_len == f.pd_len);
    FZ_CHECK(f.pd_len == 0 || memcmp(h.pd, f.pd, f.pd_len) == 0);
    /* the other key is refused */
    FZ_CHECK(iw_mpa_frame_decode(out, len, kind ^ 1u, &g, &used2) == IW_EPROTO);
    FZ_CHECK(g.err == IW_MPA_FERR_KEY);
}

/* The compiled-in paths and iw_crc32c_select's answer depend on the CPU only: asked once per
 * process (each asks CPUID several times, which traps to a hypervisor: a quarter of a run when
 * asked per input). */
static iw_crc32c_impl g_im[8];
static size_t g_nim;
static iw_crc32c_fn g_sel;

static void check_crc(const uint8_t *data, size_t size)
{
    size_t i, cut;
    uint32_t ref, ref1 = 0, a, b;
    if (!g_sel) {
        g_nim = iw_crc32c_impls(g_im, 8);
        g_sel = iw_crc32c_select();
    }
    FZ_CHECK(g_nim >= 1 && g_nim <= 8);
    if (size == 0) { /* p may be NULL iff n == 0; the CRC is returned unchanged */
        FZ_CHECK(iw_crc32c(0x1234u, NULL, 0) == 0x1234u);
        return;
    }
    /* the portable references, each computed once */
    ref = iw_crc32c_portable(0, data, size);
    if (size > 1) ref1 = iw_crc32c_portable(0, data + 1, size - 1);
    cut = (size_t)data[0] * 131u % (size + 1u);
    a = iw_crc32c_portable(0, data, cut);
    b = iw_crc32c_portable(0, data + cut, size - cut);
    FZ_CHECK(iw_crc32c(0, data, size) == ref);
    FZ_CHECK(g_sel(0, data, size) == ref);
    /* chaining the portable path at the split */
    FZ_CHECK(iw_crc32c_portable(a, data + cut, size - cut) == ref);
    for (i = 0; i < g_nim; i++) {
        if (!g_im[i].usable || g_im[i].fn == iw_crc32c_portable) continue;
        FZ_CHECK(g_im[i].fn(0, data, size) == ref);
        /* chaining at a split, and at an odd offset (unaligned start) */
        FZ_CHECK(g_im[i].fn(g_im[i].fn(0, data, cut), data + cut, size - cut) == ref);
        if (size > 1) FZ_CHECK(g_im[i].fn(0, data + 1, size - 1) == ref1);
    }
    FZ_CHECK(iw_crc32c_combine(a, b, size - cut) == ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_kind(data, size, IW_MPA_REQUEST);
    check_kind(data, size, IW_MPA_REPLY);
    check_crc(data, size);
    return 0;
}
