/* crc32c.h: CRC32c (Castagnoli) for iWARP, and the base every header of the iWARP core
 * stands on: linkage and platform macros, byte order, the version.
 *
 * SPDX-License-Identifier: MIT
 *
 * mpa.h includes it, so a user of the protocol headers never includes it alone; a program
 * that wants only the CRC may. Same rules as the other headers: define IWARP_IMPLEMENTATION in
 * exactly one C file before including, IWARP_STATIC for static linkage.
 *
 * WHAT IT HOLDS
 *   - every CRC32c path (portable tables, and on x86-64 the crc32 instruction, 128- and 512-bit
 *     carry-less folding with per-CPU tunings; on AArch64 the CRC32C instructions), chosen at
 *     run time by iw_crc32c_select(), with combine and the list of compiled-in paths;
 *   - the fused copy + CRC32c kernels and a plain copy tuned for the same CPU, handed out
 *     together by iw_crc32c_kernels_select(): MPA computes and checks the CRC while it copies
 *     an FPDU's payload to where the ULP wants it (RFC 5044 §4);
 *   - the linkage (IW_DEF, IW_INLINE), hot/cold and platform (IW_MEMCPY, IW_MEMMOVE,
 *     IW_MEMSET, IW_ASSERT) macros and the big-endian field helpers the layers share.
 *
 * CONFIG MACROS: IW_CRC32C_SMALL, IW_CRC32C_NO_ACCEL (below), IW_MEMCPY/IW_MEMMOVE/IW_MEMSET
 * (all or none), IW_NO_STDINT (defined: <stddef.h> and <stdint.h> are not included; the includer
 * has already declared size_t, uint8_t..uint64_t and uintptr_t, e.g. a Linux kernel module
 * through <linux/types.h>, see kernel/).
 *
 * No allocation, no global state, no stdio; freestanding builds reference only memcpy,
 * memmove and memset. Licence: MIT, see LICENSE (and the end of mpa.h).
 */
#ifndef IW_CRC32C_H
#define IW_CRC32C_H
#ifndef IW_NO_STDINT
#include <stddef.h>
#include <stdint.h>
#endif

/* The release these headers belong to (semantic versioning; before 1.0 any minor release may
 * change the API, see docs/api-policy.md). */
#define IWARP_VERSION_MAJOR 0
#define IWARP_VERSION_MINOR 1
#define IWARP_VERSION_PATCH 0
#define IWARP_VERSION_STRING "0.1.0"

/* Linkage. IW_DEF marks every public function (static under IWARP_STATIC); IW_INLINE a small
 * helper defined in a header. */
#if defined(__GNUC__) || defined(__clang__)
#define IW_UNUSED __attribute__((__unused__))
#else
#define IW_UNUSED
#endif
#ifdef IWARP_STATIC
#define IW_DEF static IW_UNUSED
#else
#define IW_DEF extern
#endif
#define IW_INLINE static inline
/* IW_OP(member) names the member an ops-table entry fills: `.member =` in C, nothing in C++
 * before C++20, where entries must then follow the declaration order. The core's own tables use
 * it; a host may too (docs/host.md). */
#if defined(__cplusplus) && __cplusplus < 202002L
#define IW_OP(member)
#else
#define IW_OP(member) .member =
#endif
/* A hot path's helper inlined into its callers, and its cold part kept out of line (not under
 * -Os, where size wins): mpa.h, ddp.h and verbs.h mark their per-message paths with these. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__OPTIMIZE_SIZE__)
#define IW_HOT __inline__ __attribute__((__always_inline__))
#define IW_COLD __attribute__((__noinline__))
#else
#define IW_HOT
#define IW_COLD
#endif

/* Big-endian field access on octet arrays (docs/style.md §12: no structs laid over wire bytes).
 * A store builds its octets in a local array and copies them out at once (IW_PUT_OCTETS, for
 * these helpers only): octet stores through a uint8_t pointer may alias anything, so the
 * compiler would otherwise reload every operand after each of them (42 instructions per
 * 64-octet RDMA Write, both ends, bench/instr.sh). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__FRAMAC__) /* Frama-C: no builtin */
#define IW_PUT_OCTETS(p, b, n) __builtin_memcpy((p), (b), (n))
#else
#define IW_PUT_OCTETS(p, b, n)                                                                    \
    do {                                                                                          \
        size_t iw_i_;                                                                             \
        for (iw_i_ = 0; iw_i_ < (n); iw_i_++) (p)[iw_i_] = (b)[iw_i_];                            \
    } while (0)
#endif
IW_INLINE uint16_t iw_get_be16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
IW_INLINE uint32_t iw_get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
IW_INLINE uint64_t iw_get_be64(const uint8_t *p)
{
    return ((uint64_t)iw_get_be32(p) << 32) | iw_get_be32(p + 4);
}
IW_INLINE void iw_put_be16(uint8_t *p, uint16_t v)
{
    uint8_t b[2];
    b[0] = (uint8_t)(v >> 8);
    b[1] = (uint8_t)v;
    IW_PUT_OCTETS(p, b, 2);
}
IW_INLINE void iw_put_be32(uint8_t *p, uint32_t v)
{
    uint8_t b[4];
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
    IW_PUT_OCTETS(p, b, 4);
}
IW_INLINE void iw_put_be64(uint8_t *p, uint64_t v)
{
    uint8_t b[8];
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    b[0] = (uint8_t)(hi >> 24);
    b[1] = (uint8_t)(hi >> 16);
    b[2] = (uint8_t)(hi >> 8);
    b[3] = (uint8_t)hi;
    b[4] = (uint8_t)(lo >> 24);
    b[5] = (uint8_t)(lo >> 16);
    b[6] = (uint8_t)(lo >> 8);
    b[7] = (uint8_t)lo;
    IW_PUT_OCTETS(p, b, 8);
}
/* The MPA CRC field is the one little-endian field: least significant octet first
 * (RFC 5044 §4 with RFC 3720 B.4; docs/spec-notes.md MPA §9.3). */
IW_INLINE void iw_put_le32(uint8_t *p, uint32_t v)
{
    uint8_t b[4];
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
    IW_PUT_OCTETS(p, b, 4);
}
IW_INLINE uint32_t iw_get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

#ifdef __cplusplus
extern "C" {
#endif
/* ---------------------------------------------------------------------------------------- */
/* CRC32c (Castagnoli), RFC 3720 §12.1, as MPA uses it (RFC 5044 §4).                       */

/* ---- CRC32c (RFC 5044 §4, RFC 3720 §12.1) -------------------------------------------------
 *
 * MPA protects every FPDU with the iSCSI CRC (RFC 5044 §4, which points at RFC 3720 §12.1 and
 * App. B.4): CRC-32C (Castagnoli), polynomial 0x1EDC6F41 (reflected 0x82F63B78), register
 * preset to 0xFFFFFFFF, bits reflected, result inverted. "123456789" gives 0xE3069283. The
 * value C goes on the wire least significant octet first (32 zero octets -> aa 36 91 8a).
 *
 * Every function here has the zlib convention: the pre- and post-inversion happen inside, so
 * iw_crc32c(0, p, n) is the CRC of p[0..n) and a running CRC chains:
 * iw_crc32c(iw_crc32c(0, a, na), b, nb) == iw_crc32c(0, a||b, na + nb).
 * p MAY be NULL when n == 0 (the CRC is then returned unchanged). None of them keeps state:
 * all are pure, reentrant and safe to call from any thread (docs/style.md §12).
 *
 * Paths (see iw_crc32c_impls): "portable" (slice-by-16 tables, any C99 host), and on
 * x86-64 with gcc/clang "sse42" (crc32 instruction), "pclmul" (128-bit carry-less folding),
 * "vpclmul" and "vpclmul_amd" (AVX-512 512-bit folding; they differ only in tuning: Intel and
 * AMD Zen 4 fold alone, AMD Zen 5 also runs six crc32 streams), "pclmul" and "vpclmul_amd"
 * running crc32 streams alongside the folding for long input; on AArch64 with gcc/clang "armv8" (CRC32C
 * instructions). Accelerated paths use function target attributes,
 * so no -m flag is needed; iw_crc32c_select() picks one at run time.
 *
 * Config (define before including; 0 or undefined = off):
 *   IW_CRC32C_SMALL     1: portable path uses one 1 KiB table, byte at a time (flash-poor
 *                          targets), instead of 16 KiB of slice-by-16 tables. 2: a 64-octet
 *                          half-octet table, two steps per octet (for a host whose CRC engine
 *                          does the work, mpa.h's host_ops.crc32c).
 *   IW_CRC32C_NO_ACCEL  1: compile no intrinsics, no inline assembly, no cpuid; every entry
 *                          point is the portable path.
 */
#ifndef IW_CRC32C_SMALL
#define IW_CRC32C_SMALL 0
#endif
#ifndef IW_CRC32C_NO_ACCEL
#define IW_CRC32C_NO_ACCEL 0
#endif
#ifndef IW_CFG_CRC32C_EXTRAS
#define IW_CFG_CRC32C_EXTRAS 1 /* 0: iw_crc32c_combine and iw_crc32c_impls left out (the core
                                  uses neither) */
#endif

/* A CRC32c routine with the convention above. iw_crc32c_select() returns one; a caller
 * stores it (e.g. in its connection at init) instead of the library caching it in a global. */
typedef uint32_t (*iw_crc32c_fn)(uint32_t crc, const void *p, size_t n);

/* CRC32c of p[0..n) continued from crc (0 to start). Uses the best path the COMPILE-time
 * target allows (__SSE4_2__, __PCLMUL__, AVX-512 + __VPCLMULQDQ__, __ARM_FEATURE_CRC32), else
 * the portable one; it never executes an instruction the build did not ask for. p MAY be NULL
 * iff n == 0. Returns the new CRC. */
IW_DEF uint32_t iw_crc32c(uint32_t crc, const void *p, size_t n);

/* Same result as iw_crc32c, plain C99 only (slice-by-16, or byte-wise under
 * IW_CRC32C_SMALL). Correct on little- and big-endian hosts and at any alignment. */
IW_DEF uint32_t iw_crc32c_portable(uint32_t crc, const void *p, size_t n);

/* CRC of a||b from crc1 = CRC(a), crc2 = CRC(b) and len2 = length of b, without touching
 * the data (zlib crc32_combine). O(log len2); plain C, no 64-bit division. */
IW_DEF uint32_t iw_crc32c_combine(uint32_t crc1, uint32_t crc2, size_t len2);

/* The fastest path this CPU can run, found by querying the CPU on every call (cpuid, and
 * xgetbv for the OS's AVX-512 state), so call it once at init and keep the pointer. Never
 * returns NULL; returns iw_crc32c_portable when nothing better is usable. The returned
 * function may itself pick a sub-path by length (e.g. crc32 instruction for short input). */
IW_DEF iw_crc32c_fn iw_crc32c_select(void);

/* One compiled-in path: a short stable name ("portable", "sse42", "pclmul", "vpclmul",
 * "vpclmul_amd", "armv8"), its entry point, and usable != 0 iff this CPU (and OS) can run it.
 * Calling fn when usable == 0 is undefined behaviour (illegal instruction). */
typedef struct iw_crc32c_impl {
    const char *name;
    iw_crc32c_fn fn;
    int usable;
} iw_crc32c_impl;

/* Writes up to cap entries, "portable" first, to out (out MAY be NULL iff cap == 0) and
 * returns how many paths are compiled in (which may exceed cap). For tests and benchmarks. */
IW_DEF size_t iw_crc32c_impls(iw_crc32c_impl *out, size_t cap);

/* ---- fused copy + CRC32c ----------------------------------------------------------------
 * DDP places a received payload into its destination while MPA checks the CRC over the same
 * octets (RFC 5044 §4): one pass instead of a memcpy followed by a CRC. On the accelerated
 * paths the register an octet is loaded into is both stored and fed to the CRC (or the CRC
 * reads it again from L1 right after), so the data cross the memory hierarchy once. */

/* Copies src[0..n) to dst and returns the CRC32c of src[0..n) continued from crc (same
 * convention as iw_crc32c: 0 to start, chaining works). dst and src MUST NOT overlap;
 * either MAY be NULL iff n == 0 (then crc is returned unchanged). Only dst[0..n) is written. */
typedef uint32_t (*iw_crc32c_copy_fn)(uint32_t crc, void *dst, const void *src, size_t n);

/* Same contract, plain C99 only: IW_MEMCPY, then iw_crc32c_portable over src (two
 * passes; on hosts without CRC instructions the table lookups dominate). Correct on any host
 * and at any alignment of dst and src. */
IW_DEF uint32_t iw_crc32c_copy_portable(uint32_t crc, void *dst, const void *src, size_t n);

/* The fastest fused path this CPU can run, found by asking the CPU on every call (like
 * iw_crc32c_select): call it once at init and keep the pointer. Never returns NULL;
 * returns iw_crc32c_copy_portable when nothing better is usable. */
IW_DEF iw_crc32c_copy_fn iw_crc32c_copy_select(void);

/* One compiled-in fused path: "portable", "sse42", "vpclmul", "armv8" (the names of the
 * CRC32c paths they build on), its entry point, and usable != 0 iff this CPU (and OS) can
 * run it. Calling fn when usable == 0 is undefined behaviour (illegal instruction). */
typedef struct iw_crc32c_copy_impl {
    const char *name;
    iw_crc32c_copy_fn fn;
    int usable;
} iw_crc32c_copy_impl;

/* Writes up to cap entries, "portable" first, to out (out MAY be NULL iff cap == 0) and
 * returns how many paths are compiled in (which may exceed cap). For tests and benchmarks. */
IW_DEF size_t iw_crc32c_copy_impls(iw_crc32c_copy_impl *out, size_t cap);

/* ---- the kernel set a connection keeps ----------------------------------------------------
 * What MPA needs to frame, check and place FPDUs, chosen together for this CPU so that no
 * caller ever compares function pointers to learn which path it got. */

/* CRC32c of pre[0..np) continued from crc, then src[0..n) copied to dst with the CRC continued
 * over it: an FPDU's header and payload in one call. Same result and writes as
 * copy(crc32c(crc, pre, np), dst, src, n); pre MAY be NULL iff np == 0. */
typedef uint32_t (*iw_crc32c_copy2_fn)(uint32_t crc, const void *pre, size_t np, void *dst,
                                       const void *src, size_t n);

/* memcpy's contract (dst and src do not overlap; NULL iff n == 0), tuned for the same CPU:
 * the copy of octets whose CRC was already checked. */
typedef void (*iw_crc32c_move_fn)(void *dst, const void *src, size_t n);

typedef struct iw_crc32c_kernels {
    const char *name;            /* the fused path's name, as in iw_crc32c_copy_impls */
    iw_crc32c_fn crc;            /* iw_crc32c_select() */
    iw_crc32c_copy_fn copy_crc;  /* iw_crc32c_copy_select() */
    iw_crc32c_copy2_fn copy2_crc; /* header CRC + fused payload copy, same path */
    iw_crc32c_move_fn move;      /* plain copy of the same path */
} iw_crc32c_kernels;

/* Fills *k with the fastest kernels this CPU can run (asks the CPU on every call: call it once
 * at init and keep the result). Every member is non-NULL. */
IW_DEF void iw_crc32c_kernels_select(iw_crc32c_kernels *k);

/* Every compiled-in kernel set, "portable" first: up to cap of them to out and, when usable is
 * not NULL, usable[i] != 0 iff this CPU can run out[i]. Returns how many sets are compiled in
 * (which may exceed cap). For tests and benchmarks. */
IW_DEF size_t iw_crc32c_kernels_impls(iw_crc32c_kernels *out, int *usable, size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* IW_CRC32C_H */

/* ======================================================================================== */
/* Implementation                                                                           */
/* ======================================================================================== */
/* Platform: memcpy and friends, overridable all together (docs/style.md §3). Shared by the
 * implementation of every header, so guarded on its own. */
#if defined(IWARP_IMPLEMENTATION) && !defined(IW__PLATFORM_DONE)
#define IW__PLATFORM_DONE
#if defined(IW_MEMCPY) || defined(IW_MEMMOVE) || defined(IW_MEMSET)
#if !defined(IW_MEMCPY) || !defined(IW_MEMMOVE) || !defined(IW_MEMSET)
#error "define IW_MEMCPY, IW_MEMMOVE and IW_MEMSET together, or none of them"
#endif
#else
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__ == 0
/* Freestanding: the three functions every C toolchain's runtime provides. */
#ifdef __cplusplus
extern "C" {
#endif
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
#ifdef __cplusplus
}
#endif
#else
#include <string.h>
#endif
#define IW_MEMCPY memcpy
#define IW_MEMMOVE memmove
#define IW_MEMSET memset
#endif
#ifndef IW_ASSERT
#define IW_ASSERT(x) ((void)0)
#endif
#define IW_MIN(a, b) ((a) < (b) ? (a) : (b))
/* i mod cap, the slot of position i in a ring of cap > 0 slots: a mask when cap is a power of
 * two (the same value for every i), so the per-message paths need no division. */
IW_INLINE uint32_t iw_ring_ix(uint32_t i, uint32_t cap)
{
    return (cap & (cap - 1u)) == 0 ? i & (cap - 1u) : i % cap;
}
/* Which accelerated CRC32c paths this compiler can build (run-time checks pick among them). */
#if !IW_CRC32C_NO_ACCEL && defined(__x86_64__) &&                       \
    ((defined(__clang__) && __clang_major__ >= 8) ||                    \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 8))
#define IW__CRC32C_X86 1
#else
#define IW__CRC32C_X86 0
#endif
/* gcc >= 10's <arm_acle.h> offers the CRC intrinsics to target("+crc") functions. */
#if !IW_CRC32C_NO_ACCEL && defined(__aarch64__) &&                      \
    ((defined(__clang__) && __clang_major__ >= 8) ||                    \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 10))
#define IW__CRC32C_ARM 1
#else
#define IW__CRC32C_ARM 0
#endif

/* For the layers' implementations: CRC32c of k <= 16 octets at p (an FPDU's short pieces: ULPDU_Length with the marker in front
 * of it if any, a DDP header, PAD) continued from crc, for a connection whose CRC path is fn,
 * and, when d is not NULL, the same octets copied to d. Where fn uses the crc32 instruction
 * (every x86-64 path but "portable"), the instruction is written here as inline assembly over
 * fixed-size loads: no call, no target attribute needed in the caller. Elsewhere IW_MEMCPY and
 * fn. Same result as fn(crc, p, k). */
IW_INLINE uint32_t iw_crc32c_small(iw_crc32c_fn fn, uint32_t crc, uint8_t *d,
                                     const uint8_t *p, size_t k)
{
#if IW__CRC32C_X86 && (defined(__GNUC__) || defined(__clang__))
    if (fn != iw_crc32c_portable) {
        uint32_t c = ~crc;
        size_t i = 0;
        for (; k - i >= 8; i += 8) {
            uint64_t v, t = c;
            IW_MEMCPY(&v, p + i, 8); /* x86: octets in memory order, as crc32q takes them */
            if (d) IW_MEMCPY(d + i, &v, 8);
            __asm__("crc32q %1, %0" : "+r"(t) : "r"(v));
            c = (uint32_t)t;
        }
        if ((k - i) & 4u) {
            uint32_t v;
            IW_MEMCPY(&v, p + i, 4);
            if (d) IW_MEMCPY(d + i, &v, 4);
            __asm__("crc32l %1, %0" : "+r"(c) : "r"(v));
            i += 4;
        }
        if ((k - i) & 2u) {
            uint16_t v;
            IW_MEMCPY(&v, p + i, 2);
            if (d) IW_MEMCPY(d + i, &v, 2);
            __asm__("crc32w %w1, %k0" : "+r"(c) : "r"(v));
            i += 2;
        }
        if ((k - i) & 1u) {
            if (d) d[i] = p[i];
            __asm__("crc32b %b1, %k0" : "+r"(c) : "r"(p[i]));
        }
        return ~c;
    }
#endif
    if (d && k) IW_MEMCPY(d, p, k);
    return fn(crc, p, k);
}

/* The CRC alone of a few octets (iw_crc32c_small without the copy); fn itself above 16. */
IW_INLINE uint32_t iw_crc32c_short(iw_crc32c_fn fn, uint32_t crc, const uint8_t *p, size_t n)
{
    return n <= 16 ? iw_crc32c_small(fn, crc, NULL, p, n) : fn(crc, p, n);
}
#endif /* IW__PLATFORM_DONE */

#if defined(IWARP_IMPLEMENTATION) && !defined(IW_CRC32C_IMPLEMENTED)
#define IW_CRC32C_IMPLEMENTED

/* The CRC32c implementation comes before the extern "C" block: it includes system headers
 * (<immintrin.h>, <arm_acle.h>, <sys/auxv.h>) that must not be wrapped, and its public
 * functions already have C linkage from their declarations above. */
/* ---- CRC32c implementation (RFC 5044 §4, RFC 3720 §12.1) -------------------------------
 *
 * Every path computes the same function (see the declarations). Inside, a path works on the
 * raw register r = ~crc and returns ~r. Polynomials are "reflected": bit 31 of a uint32_t is
 * the coefficient of x^0 and bit 0 that of x^31, and the first octet of a buffer carries the
 * highest-degree coefficients, least significant bit first (RFC 3720 §12.1). Two facts let
 * partial results merge: running r over k more zero octets gives r x^(8k) mod P, and the
 * register of a||b is that of a times x^(8 len(b)) plus the register of b computed from 0.
 *
 * Which path handles what (x86-64 thresholds tuned on AMD EPYCs, Zen 5 and Zen 4, and an
 * Intel Xeon with AVX-512, see bench_crc.c):
 *   portable      slice-by-16 tables, any length (byte at a time under IW_CRC32C_SMALL)
 *   sse42         < 768 octets: crc32 instruction, 8 octets each; longer: three streams
 *                 merged with small shift tables
 *   pclmul        < 128: crc32; then 128-bit folding, from 512 with three crc32 streams
 *   vpclmul       < 256: crc32; then 512-bit folding alone (Intel, Zen 4)
 *   vpclmul_amd   < 256: crc32; then 512-bit folding; from 2048 to 16 KiB together with six
 *                 crc32 streams (Zen 5)
 *   armv8         like sse42, with the AArch64 CRC32C instructions
 */
#define IW__CRC32C_POLY 0x82F63B78u /* 0x1EDC6F41 reflected (RFC 3720 §12.1) */

/* gcc >= 8 and clang >= 8 know target("vpclmulqdq") and the AVX-512 intrinsics it needs. */

/* ---- portable: slice-by-16 --------------------------------------------------------------
 * T0 is the classic byte table (T0[i] = register i run through 8 zero bits); Tk is T0 taken
 * k octets further, so a 16-octet step is 16 independent loads XORed together instead of 16
 * dependent ones (Intel's slicing-by-8, widened). 16 KiB of const data, written out so that
 * nothing is computed at run time and it can stay in flash; IW_CRC32C_SMALL keeps T0 only. */
#if IW_CRC32C_SMALL == 2
/* IW_CRC32C_SMALL 2: a half-octet table, N[i] = i run through 4 zero bits (64 octets) */
static const uint32_t iw__crc32c_tab4[16] = {
    0x00000000u, 0x105ec76fu, 0x20bd8edeu, 0x30e349b1u, 0x417b1dbcu, 0x5125dad3u,
    0x61c69362u, 0x7198540du, 0x82f63b78u, 0x92a8fc17u, 0xa24bb5a6u, 0xb21572c9u,
    0xc38d26c4u, 0xd3d3e1abu, 0xe330a81au, 0xf36e6f75u,
};
#elif IW_CRC32C_SMALL
#define IW__CRC32C_NTAB 1
#else
#define IW__CRC32C_NTAB 16
#endif
#if IW_CRC32C_SMALL != 2
static const uint32_t iw__crc32c_tab[IW__CRC32C_NTAB][256] = {
    { /* T0 */
        0x00000000u, 0xf26b8303u, 0xe13b70f7u, 0x1350f3f4u, 0xc79a971fu, 0x35f1141cu,
        0x26a1e7e8u, 0xd4ca64ebu, 0x8ad958cfu, 0x78b2dbccu, 0x6be22838u, 0x9989ab3bu,
        0x4d43cfd0u, 0xbf284cd3u, 0xac78bf27u, 0x5e133c24u, 0x105ec76fu, 0xe235446cu,
        0xf165b798u, 0x030e349bu, 0xd7c45070u, 0x25afd373u, 0x36ff2087u, 0xc494a384u,
        0x9a879fa0u, 0x68ec1ca3u, 0x7bbcef57u, 0x89d76c54u, 0x5d1d08bfu, 0xaf768bbcu,
        0xbc267848u, 0x4e4dfb4bu, 0x20bd8edeu, 0xd2d60dddu, 0xc186fe29u, 0x33ed7d2au,
        0xe72719c1u, 0x154c9ac2u, 0x061c6936u, 0xf477ea35u, 0xaa64d611u, 0x580f5512u,
        0x4b5fa6e6u, 0xb93425e5u, 0x6dfe410eu, 0x9f95c20du, 0x8cc531f9u, 0x7eaeb2fau,
        0x30e349b1u, 0xc288cab2u, 0xd1d83946u, 0x23b3ba45u, 0xf779deaeu, 0x05125dadu,
        0x1642ae59u, 0xe4292d5au, 0xba3a117eu, 0x4851927du, 0x5b016189u, 0xa96ae28au,
        0x7da08661u, 0x8fcb0562u, 0x9c9bf696u, 0x6ef07595u, 0x417b1dbcu, 0xb3109ebfu,
        0xa0406d4bu, 0x522bee48u, 0x86e18aa3u, 0x748a09a0u, 0x67dafa54u, 0x95b17957u,
        0xcba24573u, 0x39c9c670u, 0x2a993584u, 0xd8f2b687u, 0x0c38d26cu, 0xfe53516fu,
        0xed03a29bu, 0x1f682198u, 0x5125dad3u, 0xa34e59d0u, 0xb01eaa24u, 0x42752927u,
        0x96bf4dccu, 0x64d4cecfu, 0x77843d3bu, 0x85efbe38u, 0xdbfc821cu, 0x2997011fu,
        0x3ac7f2ebu, 0xc8ac71e8u, 0x1c661503u, 0xee0d9600u, 0xfd5d65f4u, 0x0f36e6f7u,
        0x61c69362u, 0x93ad1061u, 0x80fde395u, 0x72966096u, 0xa65c047du, 0x5437877eu,
        0x4767748au, 0xb50cf789u, 0xeb1fcbadu, 0x197448aeu, 0x0a24bb5au, 0xf84f3859u,
        0x2c855cb2u, 0xdeeedfb1u, 0xcdbe2c45u, 0x3fd5af46u, 0x7198540du, 0x83f3d70eu,
        0x90a324fau, 0x62c8a7f9u, 0xb602c312u, 0x44694011u, 0x5739b3e5u, 0xa55230e6u,
        0xfb410cc2u, 0x092a8fc1u, 0x1a7a7c35u, 0xe811ff36u, 0x3cdb9bddu, 0xceb018deu,
        0xdde0eb2au, 0x2f8b6829u, 0x82f63b78u, 0x709db87bu, 0x63cd4b8fu, 0x91a6c88cu,
        0x456cac67u, 0xb7072f64u, 0xa457dc90u, 0x563c5f93u, 0x082f63b7u, 0xfa44e0b4u,
        0xe9141340u, 0x1b7f9043u, 0xcfb5f4a8u, 0x3dde77abu, 0x2e8e845fu, 0xdce5075cu,
        0x92a8fc17u, 0x60c37f14u, 0x73938ce0u, 0x81f80fe3u, 0x55326b08u, 0xa759e80bu,
        0xb4091bffu, 0x466298fcu, 0x1871a4d8u, 0xea1a27dbu, 0xf94ad42fu, 0x0b21572cu,
        0xdfeb33c7u, 0x2d80b0c4u, 0x3ed04330u, 0xccbbc033u, 0xa24bb5a6u, 0x502036a5u,
        0x4370c551u, 0xb11b4652u, 0x65d122b9u, 0x97baa1bau, 0x84ea524eu, 0x7681d14du,
        0x2892ed69u, 0xdaf96e6au, 0xc9a99d9eu, 0x3bc21e9du, 0xef087a76u, 0x1d63f975u,
        0x0e330a81u, 0xfc588982u, 0xb21572c9u, 0x407ef1cau, 0x532e023eu, 0xa145813du,
        0x758fe5d6u, 0x87e466d5u, 0x94b49521u, 0x66df1622u, 0x38cc2a06u, 0xcaa7a905u,
        0xd9f75af1u, 0x2b9cd9f2u, 0xff56bd19u, 0x0d3d3e1au, 0x1e6dcdeeu, 0xec064eedu,
        0xc38d26c4u, 0x31e6a5c7u, 0x22b65633u, 0xd0ddd530u, 0x0417b1dbu, 0xf67c32d8u,
        0xe52cc12cu, 0x1747422fu, 0x49547e0bu, 0xbb3ffd08u, 0xa86f0efcu, 0x5a048dffu,
        0x8ecee914u, 0x7ca56a17u, 0x6ff599e3u, 0x9d9e1ae0u, 0xd3d3e1abu, 0x21b862a8u,
        0x32e8915cu, 0xc083125fu, 0x144976b4u, 0xe622f5b7u, 0xf5720643u, 0x07198540u,
        0x590ab964u, 0xab613a67u, 0xb831c993u, 0x4a5a4a90u, 0x9e902e7bu, 0x6cfbad78u,
        0x7fab5e8cu, 0x8dc0dd8fu, 0xe330a81au, 0x115b2b19u, 0x020bd8edu, 0xf0605beeu,
        0x24aa3f05u, 0xd6c1bc06u, 0xc5914ff2u, 0x37faccf1u, 0x69e9f0d5u, 0x9b8273d6u,
        0x88d28022u, 0x7ab90321u, 0xae7367cau, 0x5c18e4c9u, 0x4f48173du, 0xbd23943eu,
        0xf36e6f75u, 0x0105ec76u, 0x12551f82u, 0xe03e9c81u, 0x34f4f86au, 0xc69f7b69u,
        0xd5cf889du, 0x27a40b9eu, 0x79b737bau, 0x8bdcb4b9u, 0x988c474du, 0x6ae7c44eu,
        0xbe2da0a5u, 0x4c4623a6u, 0x5f16d052u, 0xad7d5351u
    },
#if !IW_CRC32C_SMALL
    { /* T1 */
        0x00000000u, 0x13a29877u, 0x274530eeu, 0x34e7a899u, 0x4e8a61dcu, 0x5d28f9abu,
        0x69cf5132u, 0x7a6dc945u, 0x9d14c3b8u, 0x8eb65bcfu, 0xba51f356u, 0xa9f36b21u,
        0xd39ea264u, 0xc03c3a13u, 0xf4db928au, 0xe7790afdu, 0x3fc5f181u, 0x2c6769f6u,
        0x1880c16fu, 0x0b225918u, 0x714f905du, 0x62ed082au, 0x560aa0b3u, 0x45a838c4u,
        0xa2d13239u, 0xb173aa4eu, 0x859402d7u, 0x96369aa0u, 0xec5b53e5u, 0xfff9cb92u,
        0xcb1e630bu, 0xd8bcfb7cu, 0x7f8be302u, 0x6c297b75u, 0x58ced3ecu, 0x4b6c4b9bu,
        0x310182deu, 0x22a31aa9u, 0x1644b230u, 0x05e62a47u, 0xe29f20bau, 0xf13db8cdu,
        0xc5da1054u, 0xd6788823u, 0xac154166u, 0xbfb7d911u, 0x8b507188u, 0x98f2e9ffu,
        0x404e1283u, 0x53ec8af4u, 0x670b226du, 0x74a9ba1au, 0x0ec4735fu, 0x1d66eb28u,
        0x298143b1u, 0x3a23dbc6u, 0xdd5ad13bu, 0xcef8494cu, 0xfa1fe1d5u, 0xe9bd79a2u,
        0x93d0b0e7u, 0x80722890u, 0xb4958009u, 0xa737187eu, 0xff17c604u, 0xecb55e73u,
        0xd852f6eau, 0xcbf06e9du, 0xb19da7d8u, 0xa23f3fafu, 0x96d89736u, 0x857a0f41u,
        0x620305bcu, 0x71a19dcbu, 0x45463552u, 0x56e4ad25u, 0x2c896460u, 0x3f2bfc17u,
        0x0bcc548eu, 0x186eccf9u, 0xc0d23785u, 0xd370aff2u, 0xe797076bu, 0xf4359f1cu,
        0x8e585659u, 0x9dface2eu, 0xa91d66b7u, 0xbabffec0u, 0x5dc6f43du, 0x4e646c4au,
        0x7a83c4d3u, 0x69215ca4u, 0x134c95e1u, 0x00ee0d96u, 0x3409a50fu, 0x27ab3d78u,
        0x809c2506u, 0x933ebd71u, 0xa7d915e8u, 0xb47b8d9fu, 0xce1644dau, 0xddb4dcadu,
        0xe9537434u, 0xfaf1ec43u, 0x1d88e6beu, 0x0e2a7ec9u, 0x3acdd650u, 0x296f4e27u,
        0x53028762u, 0x40a01f15u, 0x7447b78cu, 0x67e52ffbu, 0xbf59d487u, 0xacfb4cf0u,
        0x981ce469u, 0x8bbe7c1eu, 0xf1d3b55bu, 0xe2712d2cu, 0xd69685b5u, 0xc5341dc2u,
        0x224d173fu, 0x31ef8f48u, 0x050827d1u, 0x16aabfa6u, 0x6cc776e3u, 0x7f65ee94u,
        0x4b82460du, 0x5820de7au, 0xfbc3faf9u, 0xe861628eu, 0xdc86ca17u, 0xcf245260u,
        0xb5499b25u, 0xa6eb0352u, 0x920cabcbu, 0x81ae33bcu, 0x66d73941u, 0x7575a136u,
        0x419209afu, 0x523091d8u, 0x285d589du, 0x3bffc0eau, 0x0f186873u, 0x1cbaf004u,
        0xc4060b78u, 0xd7a4930fu, 0xe3433b96u, 0xf0e1a3e1u, 0x8a8c6aa4u, 0x992ef2d3u,
        0xadc95a4au, 0xbe6bc23du, 0x5912c8c0u, 0x4ab050b7u, 0x7e57f82eu, 0x6df56059u,
        0x1798a91cu, 0x043a316bu, 0x30dd99f2u, 0x237f0185u, 0x844819fbu, 0x97ea818cu,
        0xa30d2915u, 0xb0afb162u, 0xcac27827u, 0xd960e050u, 0xed8748c9u, 0xfe25d0beu,
        0x195cda43u, 0x0afe4234u, 0x3e19eaadu, 0x2dbb72dau, 0x57d6bb9fu, 0x447423e8u,
        0x70938b71u, 0x63311306u, 0xbb8de87au, 0xa82f700du, 0x9cc8d894u, 0x8f6a40e3u,
        0xf50789a6u, 0xe6a511d1u, 0xd242b948u, 0xc1e0213fu, 0x26992bc2u, 0x353bb3b5u,
        0x01dc1b2cu, 0x127e835bu, 0x68134a1eu, 0x7bb1d269u, 0x4f567af0u, 0x5cf4e287u,
        0x04d43cfdu, 0x1776a48au, 0x23910c13u, 0x30339464u, 0x4a5e5d21u, 0x59fcc556u,
        0x6d1b6dcfu, 0x7eb9f5b8u, 0x99c0ff45u, 0x8a626732u, 0xbe85cfabu, 0xad2757dcu,
        0xd74a9e99u, 0xc4e806eeu, 0xf00fae77u, 0xe3ad3600u, 0x3b11cd7cu, 0x28b3550bu,
        0x1c54fd92u, 0x0ff665e5u, 0x759baca0u, 0x663934d7u, 0x52de9c4eu, 0x417c0439u,
        0xa6050ec4u, 0xb5a796b3u, 0x81403e2au, 0x92e2a65du, 0xe88f6f18u, 0xfb2df76fu,
        0xcfca5ff6u, 0xdc68c781u, 0x7b5fdfffu, 0x68fd4788u, 0x5c1aef11u, 0x4fb87766u,
        0x35d5be23u, 0x26772654u, 0x12908ecdu, 0x013216bau, 0xe64b1c47u, 0xf5e98430u,
        0xc10e2ca9u, 0xd2acb4deu, 0xa8c17d9bu, 0xbb63e5ecu, 0x8f844d75u, 0x9c26d502u,
        0x449a2e7eu, 0x5738b609u, 0x63df1e90u, 0x707d86e7u, 0x0a104fa2u, 0x19b2d7d5u,
        0x2d557f4cu, 0x3ef7e73bu, 0xd98eedc6u, 0xca2c75b1u, 0xfecbdd28u, 0xed69455fu,
        0x97048c1au, 0x84a6146du, 0xb041bcf4u, 0xa3e32483u
    },
    { /* T2 */
        0x00000000u, 0xa541927eu, 0x4f6f520du, 0xea2ec073u, 0x9edea41au, 0x3b9f3664u,
        0xd1b1f617u, 0x74f06469u, 0x38513ec5u, 0x9d10acbbu, 0x773e6cc8u, 0xd27ffeb6u,
        0xa68f9adfu, 0x03ce08a1u, 0xe9e0c8d2u, 0x4ca15aacu, 0x70a27d8au, 0xd5e3eff4u,
        0x3fcd2f87u, 0x9a8cbdf9u, 0xee7cd990u, 0x4b3d4beeu, 0xa1138b9du, 0x045219e3u,
        0x48f3434fu, 0xedb2d131u, 0x079c1142u, 0xa2dd833cu, 0xd62de755u, 0x736c752bu,
        0x9942b558u, 0x3c032726u, 0xe144fb14u, 0x4405696au, 0xae2ba919u, 0x0b6a3b67u,
        0x7f9a5f0eu, 0xdadbcd70u, 0x30f50d03u, 0x95b49f7du, 0xd915c5d1u, 0x7c5457afu,
        0x967a97dcu, 0x333b05a2u, 0x47cb61cbu, 0xe28af3b5u, 0x08a433c6u, 0xade5a1b8u,
        0x91e6869eu, 0x34a714e0u, 0xde89d493u, 0x7bc846edu, 0x0f382284u, 0xaa79b0fau,
        0x40577089u, 0xe516e2f7u, 0xa9b7b85bu, 0x0cf62a25u, 0xe6d8ea56u, 0x43997828u,
        0x37691c41u, 0x92288e3fu, 0x78064e4cu, 0xdd47dc32u, 0xc76580d9u, 0x622412a7u,
        0x880ad2d4u, 0x2d4b40aau, 0x59bb24c3u, 0xfcfab6bdu, 0x16d476ceu, 0xb395e4b0u,
        0xff34be1cu, 0x5a752c62u, 0xb05bec11u, 0x151a7e6fu, 0x61ea1a06u, 0xc4ab8878u,
        0x2e85480bu, 0x8bc4da75u, 0xb7c7fd53u, 0x12866f2du, 0xf8a8af5eu, 0x5de93d20u,
        0x29195949u, 0x8c58cb37u, 0x66760b44u, 0xc337993au, 0x8f96c396u, 0x2ad751e8u,
        0xc0f9919bu, 0x65b803e5u, 0x1148678cu, 0xb409f5f2u, 0x5e273581u, 0xfb66a7ffu,
        0x26217bcdu, 0x8360e9b3u, 0x694e29c0u, 0xcc0fbbbeu, 0xb8ffdfd7u, 0x1dbe4da9u,
        0xf7908ddau, 0x52d11fa4u, 0x1e704508u, 0xbb31d776u, 0x511f1705u, 0xf45e857bu,
        0x80aee112u, 0x25ef736cu, 0xcfc1b31fu, 0x6a802161u, 0x56830647u, 0xf3c29439u,
        0x19ec544au, 0xbcadc634u, 0xc85da25du, 0x6d1c3023u, 0x8732f050u, 0x2273622eu,
        0x6ed23882u, 0xcb93aafcu, 0x21bd6a8fu, 0x84fcf8f1u, 0xf00c9c98u, 0x554d0ee6u,
        0xbf63ce95u, 0x1a225cebu, 0x8b277743u, 0x2e66e53du, 0xc448254eu, 0x6109b730u,
        0x15f9d359u, 0xb0b84127u, 0x5a968154u, 0xffd7132au, 0xb3764986u, 0x1637dbf8u,
        0xfc191b8bu, 0x595889f5u, 0x2da8ed9cu, 0x88e97fe2u, 0x62c7bf91u, 0xc7862defu,
        0xfb850ac9u, 0x5ec498b7u, 0xb4ea58c4u, 0x11abcabau, 0x655baed3u, 0xc01a3cadu,
        0x2a34fcdeu, 0x8f756ea0u, 0xc3d4340cu, 0x6695a672u, 0x8cbb6601u, 0x29faf47fu,
        0x5d0a9016u, 0xf84b0268u, 0x1265c21bu, 0xb7245065u, 0x6a638c57u, 0xcf221e29u,
        0x250cde5au, 0x804d4c24u, 0xf4bd284du, 0x51fcba33u, 0xbbd27a40u, 0x1e93e83eu,
        0x5232b292u, 0xf77320ecu, 0x1d5de09fu, 0xb81c72e1u, 0xccec1688u, 0x69ad84f6u,
        0x83834485u, 0x26c2d6fbu, 0x1ac1f1ddu, 0xbf8063a3u, 0x55aea3d0u, 0xf0ef31aeu,
        0x841f55c7u, 0x215ec7b9u, 0xcb7007cau, 0x6e3195b4u, 0x2290cf18u, 0x87d15d66u,
        0x6dff9d15u, 0xc8be0f6bu, 0xbc4e6b02u, 0x190ff97cu, 0xf321390fu, 0x5660ab71u,
        0x4c42f79au, 0xe90365e4u, 0x032da597u, 0xa66c37e9u, 0xd29c5380u, 0x77ddc1feu,
        0x9df3018du, 0x38b293f3u, 0x7413c95fu, 0xd1525b21u, 0x3b7c9b52u, 0x9e3d092cu,
        0xeacd6d45u, 0x4f8cff3bu, 0xa5a23f48u, 0x00e3ad36u, 0x3ce08a10u, 0x99a1186eu,
        0x738fd81du, 0xd6ce4a63u, 0xa23e2e0au, 0x077fbc74u, 0xed517c07u, 0x4810ee79u,
        0x04b1b4d5u, 0xa1f026abu, 0x4bdee6d8u, 0xee9f74a6u, 0x9a6f10cfu, 0x3f2e82b1u,
        0xd50042c2u, 0x7041d0bcu, 0xad060c8eu, 0x08479ef0u, 0xe2695e83u, 0x4728ccfdu,
        0x33d8a894u, 0x96993aeau, 0x7cb7fa99u, 0xd9f668e7u, 0x9557324bu, 0x3016a035u,
        0xda386046u, 0x7f79f238u, 0x0b899651u, 0xaec8042fu, 0x44e6c45cu, 0xe1a75622u,
        0xdda47104u, 0x78e5e37au, 0x92cb2309u, 0x378ab177u, 0x437ad51eu, 0xe63b4760u,
        0x0c158713u, 0xa954156du, 0xe5f54fc1u, 0x40b4ddbfu, 0xaa9a1dccu, 0x0fdb8fb2u,
        0x7b2bebdbu, 0xde6a79a5u, 0x3444b9d6u, 0x91052ba8u
    },
    { /* T3 */
        0x00000000u, 0xdd45aab8u, 0xbf672381u, 0x62228939u, 0x7b2231f3u, 0xa6679b4bu,
        0xc4451272u, 0x1900b8cau, 0xf64463e6u, 0x2b01c95eu, 0x49234067u, 0x9466eadfu,
        0x8d665215u, 0x5023f8adu, 0x32017194u, 0xef44db2cu, 0xe964b13du, 0x34211b85u,
        0x560392bcu, 0x8b463804u, 0x924680ceu, 0x4f032a76u, 0x2d21a34fu, 0xf06409f7u,
        0x1f20d2dbu, 0xc2657863u, 0xa047f15au, 0x7d025be2u, 0x6402e328u, 0xb9474990u,
        0xdb65c0a9u, 0x06206a11u, 0xd725148bu, 0x0a60be33u, 0x6842370au, 0xb5079db2u,
        0xac072578u, 0x71428fc0u, 0x136006f9u, 0xce25ac41u, 0x2161776du, 0xfc24ddd5u,
        0x9e0654ecu, 0x4343fe54u, 0x5a43469eu, 0x8706ec26u, 0xe524651fu, 0x3861cfa7u,
        0x3e41a5b6u, 0xe3040f0eu, 0x81268637u, 0x5c632c8fu, 0x45639445u, 0x98263efdu,
        0xfa04b7c4u, 0x27411d7cu, 0xc805c650u, 0x15406ce8u, 0x7762e5d1u, 0xaa274f69u,
        0xb327f7a3u, 0x6e625d1bu, 0x0c40d422u, 0xd1057e9au, 0xaba65fe7u, 0x76e3f55fu,
        0x14c17c66u, 0xc984d6deu, 0xd0846e14u, 0x0dc1c4acu, 0x6fe34d95u, 0xb2a6e72du,
        0x5de23c01u, 0x80a796b9u, 0xe2851f80u, 0x3fc0b538u, 0x26c00df2u, 0xfb85a74au,
        0x99a72e73u, 0x44e284cbu, 0x42c2eedau, 0x9f874462u, 0xfda5cd5bu, 0x20e067e3u,
        0x39e0df29u, 0xe4a57591u, 0x8687fca8u, 0x5bc25610u, 0xb4868d3cu, 0x69c32784u,
        0x0be1aebdu, 0xd6a40405u, 0xcfa4bccfu, 0x12e11677u, 0x70c39f4eu, 0xad8635f6u,
        0x7c834b6cu, 0xa1c6e1d4u, 0xc3e468edu, 0x1ea1c255u, 0x07a17a9fu, 0xdae4d027u,
        0xb8c6591eu, 0x6583f3a6u, 0x8ac7288au, 0x57828232u, 0x35a00b0bu, 0xe8e5a1b3u,
        0xf1e51979u, 0x2ca0b3c1u, 0x4e823af8u, 0x93c79040u, 0x95e7fa51u, 0x48a250e9u,
        0x2a80d9d0u, 0xf7c57368u, 0xeec5cba2u, 0x3380611au, 0x51a2e823u, 0x8ce7429bu,
        0x63a399b7u, 0xbee6330fu, 0xdcc4ba36u, 0x0181108eu, 0x1881a844u, 0xc5c402fcu,
        0xa7e68bc5u, 0x7aa3217du, 0x52a0c93fu, 0x8fe56387u, 0xedc7eabeu, 0x30824006u,
        0x2982f8ccu, 0xf4c75274u, 0x96e5db4du, 0x4ba071f5u, 0xa4e4aad9u, 0x79a10061u,
        0x1b838958u, 0xc6c623e0u, 0xdfc69b2au, 0x02833192u, 0x60a1b8abu, 0xbde41213u,
        0xbbc47802u, 0x6681d2bau, 0x04a35b83u, 0xd9e6f13bu, 0xc0e649f1u, 0x1da3e349u,
        0x7f816a70u, 0xa2c4c0c8u, 0x4d801be4u, 0x90c5b15cu, 0xf2e73865u, 0x2fa292ddu,
        0x36a22a17u, 0xebe780afu, 0x89c50996u, 0x5480a32eu, 0x8585ddb4u, 0x58c0770cu,
        0x3ae2fe35u, 0xe7a7548du, 0xfea7ec47u, 0x23e246ffu, 0x41c0cfc6u, 0x9c85657eu,
        0x73c1be52u, 0xae8414eau, 0xcca69dd3u, 0x11e3376bu, 0x08e38fa1u, 0xd5a62519u,
        0xb784ac20u, 0x6ac10698u, 0x6ce16c89u, 0xb1a4c631u, 0xd3864f08u, 0x0ec3e5b0u,
        0x17c35d7au, 0xca86f7c2u, 0xa8a47efbu, 0x75e1d443u, 0x9aa50f6fu, 0x47e0a5d7u,
        0x25c22ceeu, 0xf8878656u, 0xe1873e9cu, 0x3cc29424u, 0x5ee01d1du, 0x83a5b7a5u,
        0xf90696d8u, 0x24433c60u, 0x4661b559u, 0x9b241fe1u, 0x8224a72bu, 0x5f610d93u,
        0x3d4384aau, 0xe0062e12u, 0x0f42f53eu, 0xd2075f86u, 0xb025d6bfu, 0x6d607c07u,
        0x7460c4cdu, 0xa9256e75u, 0xcb07e74cu, 0x16424df4u, 0x106227e5u, 0xcd278d5du,
        0xaf050464u, 0x7240aedcu, 0x6b401616u, 0xb605bcaeu, 0xd4273597u, 0x09629f2fu,
        0xe6264403u, 0x3b63eebbu, 0x59416782u, 0x8404cd3au, 0x9d0475f0u, 0x4041df48u,
        0x22635671u, 0xff26fcc9u, 0x2e238253u, 0xf36628ebu, 0x9144a1d2u, 0x4c010b6au,
        0x5501b3a0u, 0x88441918u, 0xea669021u, 0x37233a99u, 0xd867e1b5u, 0x05224b0du,
        0x6700c234u, 0xba45688cu, 0xa345d046u, 0x7e007afeu, 0x1c22f3c7u, 0xc167597fu,
        0xc747336eu, 0x1a0299d6u, 0x782010efu, 0xa565ba57u, 0xbc65029du, 0x6120a825u,
        0x0302211cu, 0xde478ba4u, 0x31035088u, 0xec46fa30u, 0x8e647309u, 0x5321d9b1u,
        0x4a21617bu, 0x9764cbc3u, 0xf54642fau, 0x2803e842u
    },
    { /* T4 */
        0x00000000u, 0x38116facu, 0x7022df58u, 0x4833b0f4u, 0xe045beb0u, 0xd854d11cu,
        0x906761e8u, 0xa8760e44u, 0xc5670b91u, 0xfd76643du, 0xb545d4c9u, 0x8d54bb65u,
        0x2522b521u, 0x1d33da8du, 0x55006a79u, 0x6d1105d5u, 0x8f2261d3u, 0xb7330e7fu,
        0xff00be8bu, 0xc711d127u, 0x6f67df63u, 0x5776b0cfu, 0x1f45003bu, 0x27546f97u,
        0x4a456a42u, 0x725405eeu, 0x3a67b51au, 0x0276dab6u, 0xaa00d4f2u, 0x9211bb5eu,
        0xda220baau, 0xe2336406u, 0x1ba8b557u, 0x23b9dafbu, 0x6b8a6a0fu, 0x539b05a3u,
        0xfbed0be7u, 0xc3fc644bu, 0x8bcfd4bfu, 0xb3debb13u, 0xdecfbec6u, 0xe6ded16au,
        0xaeed619eu, 0x96fc0e32u, 0x3e8a0076u, 0x069b6fdau, 0x4ea8df2eu, 0x76b9b082u,
        0x948ad484u, 0xac9bbb28u, 0xe4a80bdcu, 0xdcb96470u, 0x74cf6a34u, 0x4cde0598u,
        0x04edb56cu, 0x3cfcdac0u, 0x51eddf15u, 0x69fcb0b9u, 0x21cf004du, 0x19de6fe1u,
        0xb1a861a5u, 0x89b90e09u, 0xc18abefdu, 0xf99bd151u, 0x37516aaeu, 0x0f400502u,
        0x4773b5f6u, 0x7f62da5au, 0xd714d41eu, 0xef05bbb2u, 0xa7360b46u, 0x9f2764eau,
        0xf236613fu, 0xca270e93u, 0x8214be67u, 0xba05d1cbu, 0x1273df8fu, 0x2a62b023u,
        0x625100d7u, 0x5a406f7bu, 0xb8730b7du, 0x806264d1u, 0xc851d425u, 0xf040bb89u,
        0x5836b5cdu, 0x6027da61u, 0x28146a95u, 0x10050539u, 0x7d1400ecu, 0x45056f40u,
        0x0d36dfb4u, 0x3527b018u, 0x9d51be5cu, 0xa540d1f0u, 0xed736104u, 0xd5620ea8u,
        0x2cf9dff9u, 0x14e8b055u, 0x5cdb00a1u, 0x64ca6f0du, 0xccbc6149u, 0xf4ad0ee5u,
        0xbc9ebe11u, 0x848fd1bdu, 0xe99ed468u, 0xd18fbbc4u, 0x99bc0b30u, 0xa1ad649cu,
        0x09db6ad8u, 0x31ca0574u, 0x79f9b580u, 0x41e8da2cu, 0xa3dbbe2au, 0x9bcad186u,
        0xd3f96172u, 0xebe80edeu, 0x439e009au, 0x7b8f6f36u, 0x33bcdfc2u, 0x0badb06eu,
        0x66bcb5bbu, 0x5eadda17u, 0x169e6ae3u, 0x2e8f054fu, 0x86f90b0bu, 0xbee864a7u,
        0xf6dbd453u, 0xcecabbffu, 0x6ea2d55cu, 0x56b3baf0u, 0x1e800a04u, 0x269165a8u,
        0x8ee76becu, 0xb6f60440u, 0xfec5b4b4u, 0xc6d4db18u, 0xabc5decdu, 0x93d4b161u,
        0xdbe70195u, 0xe3f66e39u, 0x4b80607du, 0x73910fd1u, 0x3ba2bf25u, 0x03b3d089u,
        0xe180b48fu, 0xd991db23u, 0x91a26bd7u, 0xa9b3047bu, 0x01c50a3fu, 0x39d46593u,
        0x71e7d567u, 0x49f6bacbu, 0x24e7bf1eu, 0x1cf6d0b2u, 0x54c56046u, 0x6cd40feau,
        0xc4a201aeu, 0xfcb36e02u, 0xb480def6u, 0x8c91b15au, 0x750a600bu, 0x4d1b0fa7u,
        0x0528bf53u, 0x3d39d0ffu, 0x954fdebbu, 0xad5eb117u, 0xe56d01e3u, 0xdd7c6e4fu,
        0xb06d6b9au, 0x887c0436u, 0xc04fb4c2u, 0xf85edb6eu, 0x5028d52au, 0x6839ba86u,
        0x200a0a72u, 0x181b65deu, 0xfa2801d8u, 0xc2396e74u, 0x8a0ade80u, 0xb21bb12cu,
        0x1a6dbf68u, 0x227cd0c4u, 0x6a4f6030u, 0x525e0f9cu, 0x3f4f0a49u, 0x075e65e5u,
        0x4f6dd511u, 0x777cbabdu, 0xdf0ab4f9u, 0xe71bdb55u, 0xaf286ba1u, 0x9739040du,
        0x59f3bff2u, 0x61e2d05eu, 0x29d160aau, 0x11c00f06u, 0xb9b60142u, 0x81a76eeeu,
        0xc994de1au, 0xf185b1b6u, 0x9c94b463u, 0xa485dbcfu, 0xecb66b3bu, 0xd4a70497u,
        0x7cd10ad3u, 0x44c0657fu, 0x0cf3d58bu, 0x34e2ba27u, 0xd6d1de21u, 0xeec0b18du,
        0xa6f30179u, 0x9ee26ed5u, 0x36946091u, 0x0e850f3du, 0x46b6bfc9u, 0x7ea7d065u,
        0x13b6d5b0u, 0x2ba7ba1cu, 0x63940ae8u, 0x5b856544u, 0xf3f36b00u, 0xcbe204acu,
        0x83d1b458u, 0xbbc0dbf4u, 0x425b0aa5u, 0x7a4a6509u, 0x3279d5fdu, 0x0a68ba51u,
        0xa21eb415u, 0x9a0fdbb9u, 0xd23c6b4du, 0xea2d04e1u, 0x873c0134u, 0xbf2d6e98u,
        0xf71ede6cu, 0xcf0fb1c0u, 0x6779bf84u, 0x5f68d028u, 0x175b60dcu, 0x2f4a0f70u,
        0xcd796b76u, 0xf56804dau, 0xbd5bb42eu, 0x854adb82u, 0x2d3cd5c6u, 0x152dba6au,
        0x5d1e0a9eu, 0x650f6532u, 0x081e60e7u, 0x300f0f4bu, 0x783cbfbfu, 0x402dd013u,
        0xe85bde57u, 0xd04ab1fbu, 0x9879010fu, 0xa0686ea3u
    },
    { /* T5 */
        0x00000000u, 0xef306b19u, 0xdb8ca0c3u, 0x34bccbdau, 0xb2f53777u, 0x5dc55c6eu,
        0x697997b4u, 0x8649fcadu, 0x6006181fu, 0x8f367306u, 0xbb8ab8dcu, 0x54bad3c5u,
        0xd2f32f68u, 0x3dc34471u, 0x097f8fabu, 0xe64fe4b2u, 0xc00c303eu, 0x2f3c5b27u,
        0x1b8090fdu, 0xf4b0fbe4u, 0x72f90749u, 0x9dc96c50u, 0xa975a78au, 0x4645cc93u,
        0xa00a2821u, 0x4f3a4338u, 0x7b8688e2u, 0x94b6e3fbu, 0x12ff1f56u, 0xfdcf744fu,
        0xc973bf95u, 0x2643d48cu, 0x85f4168du, 0x6ac47d94u, 0x5e78b64eu, 0xb148dd57u,
        0x370121fau, 0xd8314ae3u, 0xec8d8139u, 0x03bdea20u, 0xe5f20e92u, 0x0ac2658bu,
        0x3e7eae51u, 0xd14ec548u, 0x570739e5u, 0xb83752fcu, 0x8c8b9926u, 0x63bbf23fu,
        0x45f826b3u, 0xaac84daau, 0x9e748670u, 0x7144ed69u, 0xf70d11c4u, 0x183d7addu,
        0x2c81b107u, 0xc3b1da1eu, 0x25fe3eacu, 0xcace55b5u, 0xfe729e6fu, 0x1142f576u,
        0x970b09dbu, 0x783b62c2u, 0x4c87a918u, 0xa3b7c201u, 0x0e045bebu, 0xe13430f2u,
        0xd588fb28u, 0x3ab89031u, 0xbcf16c9cu, 0x53c10785u, 0x677dcc5fu, 0x884da746u,
        0x6e0243f4u, 0x813228edu, 0xb58ee337u, 0x5abe882eu, 0xdcf77483u, 0x33c71f9au,
        0x077bd440u, 0xe84bbf59u, 0xce086bd5u, 0x213800ccu, 0x1584cb16u, 0xfab4a00fu,
        0x7cfd5ca2u, 0x93cd37bbu, 0xa771fc61u, 0x48419778u, 0xae0e73cau, 0x413e18d3u,
        0x7582d309u, 0x9ab2b810u, 0x1cfb44bdu, 0xf3cb2fa4u, 0xc777e47eu, 0x28478f67u,
        0x8bf04d66u, 0x64c0267fu, 0x507ceda5u, 0xbf4c86bcu, 0x39057a11u, 0xd6351108u,
        0xe289dad2u, 0x0db9b1cbu, 0xebf65579u, 0x04c63e60u, 0x307af5bau, 0xdf4a9ea3u,
        0x5903620eu, 0xb6330917u, 0x828fc2cdu, 0x6dbfa9d4u, 0x4bfc7d58u, 0xa4cc1641u,
        0x9070dd9bu, 0x7f40b682u, 0xf9094a2fu, 0x16392136u, 0x2285eaecu, 0xcdb581f5u,
        0x2bfa6547u, 0xc4ca0e5eu, 0xf076c584u, 0x1f46ae9du, 0x990f5230u, 0x763f3929u,
        0x4283f2f3u, 0xadb399eau, 0x1c08b7d6u, 0xf338dccfu, 0xc7841715u, 0x28b47c0cu,
        0xaefd80a1u, 0x41cdebb8u, 0x75712062u, 0x9a414b7bu, 0x7c0eafc9u, 0x933ec4d0u,
        0xa7820f0au, 0x48b26413u, 0xcefb98beu, 0x21cbf3a7u, 0x1577387du, 0xfa475364u,
        0xdc0487e8u, 0x3334ecf1u, 0x0788272bu, 0xe8b84c32u, 0x6ef1b09fu, 0x81c1db86u,
        0xb57d105cu, 0x5a4d7b45u, 0xbc029ff7u, 0x5332f4eeu, 0x678e3f34u, 0x88be542du,
        0x0ef7a880u, 0xe1c7c399u, 0xd57b0843u, 0x3a4b635au, 0x99fca15bu, 0x76ccca42u,
        0x42700198u, 0xad406a81u, 0x2b09962cu, 0xc439fd35u, 0xf08536efu, 0x1fb55df6u,
        0xf9fab944u, 0x16cad25du, 0x22761987u, 0xcd46729eu, 0x4b0f8e33u, 0xa43fe52au,
        0x90832ef0u, 0x7fb345e9u, 0x59f09165u, 0xb6c0fa7cu, 0x827c31a6u, 0x6d4c5abfu,
        0xeb05a612u, 0x0435cd0bu, 0x308906d1u, 0xdfb96dc8u, 0x39f6897au, 0xd6c6e263u,
        0xe27a29b9u, 0x0d4a42a0u, 0x8b03be0du, 0x6433d514u, 0x508f1eceu, 0xbfbf75d7u,
        0x120cec3du, 0xfd3c8724u, 0xc9804cfeu, 0x26b027e7u, 0xa0f9db4au, 0x4fc9b053u,
        0x7b757b89u, 0x94451090u, 0x720af422u, 0x9d3a9f3bu, 0xa98654e1u, 0x46b63ff8u,
        0xc0ffc355u, 0x2fcfa84cu, 0x1b736396u, 0xf443088fu, 0xd200dc03u, 0x3d30b71au,
        0x098c7cc0u, 0xe6bc17d9u, 0x60f5eb74u, 0x8fc5806du, 0xbb794bb7u, 0x544920aeu,
        0xb206c41cu, 0x5d36af05u, 0x698a64dfu, 0x86ba0fc6u, 0x00f3f36bu, 0xefc39872u,
        0xdb7f53a8u, 0x344f38b1u, 0x97f8fab0u, 0x78c891a9u, 0x4c745a73u, 0xa344316au,
        0x250dcdc7u, 0xca3da6deu, 0xfe816d04u, 0x11b1061du, 0xf7fee2afu, 0x18ce89b6u,
        0x2c72426cu, 0xc3422975u, 0x450bd5d8u, 0xaa3bbec1u, 0x9e87751bu, 0x71b71e02u,
        0x57f4ca8eu, 0xb8c4a197u, 0x8c786a4du, 0x63480154u, 0xe501fdf9u, 0x0a3196e0u,
        0x3e8d5d3au, 0xd1bd3623u, 0x37f2d291u, 0xd8c2b988u, 0xec7e7252u, 0x034e194bu,
        0x8507e5e6u, 0x6a378effu, 0x5e8b4525u, 0xb1bb2e3cu
    },
    { /* T6 */
        0x00000000u, 0x68032cc8u, 0xd0065990u, 0xb8057558u, 0xa5e0c5d1u, 0xcde3e919u,
        0x75e69c41u, 0x1de5b089u, 0x4e2dfd53u, 0x262ed19bu, 0x9e2ba4c3u, 0xf628880bu,
        0xebcd3882u, 0x83ce144au, 0x3bcb6112u, 0x53c84ddau, 0x9c5bfaa6u, 0xf458d66eu,
        0x4c5da336u, 0x245e8ffeu, 0x39bb3f77u, 0x51b813bfu, 0xe9bd66e7u, 0x81be4a2fu,
        0xd27607f5u, 0xba752b3du, 0x02705e65u, 0x6a7372adu, 0x7796c224u, 0x1f95eeecu,
        0xa7909bb4u, 0xcf93b77cu, 0x3d5b83bdu, 0x5558af75u, 0xed5dda2du, 0x855ef6e5u,
        0x98bb466cu, 0xf0b86aa4u, 0x48bd1ffcu, 0x20be3334u, 0x73767eeeu, 0x1b755226u,
        0xa370277eu, 0xcb730bb6u, 0xd696bb3fu, 0xbe9597f7u, 0x0690e2afu, 0x6e93ce67u,
        0xa100791bu, 0xc90355d3u, 0x7106208bu, 0x19050c43u, 0x04e0bccau, 0x6ce39002u,
        0xd4e6e55au, 0xbce5c992u, 0xef2d8448u, 0x872ea880u, 0x3f2bddd8u, 0x5728f110u,
        0x4acd4199u, 0x22ce6d51u, 0x9acb1809u, 0xf2c834c1u, 0x7ab7077au, 0x12b42bb2u,
        0xaab15eeau, 0xc2b27222u, 0xdf57c2abu, 0xb754ee63u, 0x0f519b3bu, 0x6752b7f3u,
        0x349afa29u, 0x5c99d6e1u, 0xe49ca3b9u, 0x8c9f8f71u, 0x917a3ff8u, 0xf9791330u,
        0x417c6668u, 0x297f4aa0u, 0xe6ecfddcu, 0x8eefd114u, 0x36eaa44cu, 0x5ee98884u,
        0x430c380du, 0x2b0f14c5u, 0x930a619du, 0xfb094d55u, 0xa8c1008fu, 0xc0c22c47u,
        0x78c7591fu, 0x10c475d7u, 0x0d21c55eu, 0x6522e996u, 0xdd279cceu, 0xb524b006u,
        0x47ec84c7u, 0x2fefa80fu, 0x97eadd57u, 0xffe9f19fu, 0xe20c4116u, 0x8a0f6ddeu,
        0x320a1886u, 0x5a09344eu, 0x09c17994u, 0x61c2555cu, 0xd9c72004u, 0xb1c40cccu,
        0xac21bc45u, 0xc422908du, 0x7c27e5d5u, 0x1424c91du, 0xdbb77e61u, 0xb3b452a9u,
        0x0bb127f1u, 0x63b20b39u, 0x7e57bbb0u, 0x16549778u, 0xae51e220u, 0xc652cee8u,
        0x959a8332u, 0xfd99affau, 0x459cdaa2u, 0x2d9ff66au, 0x307a46e3u, 0x58796a2bu,
        0xe07c1f73u, 0x887f33bbu, 0xf56e0ef4u, 0x9d6d223cu, 0x25685764u, 0x4d6b7bacu,
        0x508ecb25u, 0x388de7edu, 0x808892b5u, 0xe88bbe7du, 0xbb43f3a7u, 0xd340df6fu,
        0x6b45aa37u, 0x034686ffu, 0x1ea33676u, 0x76a01abeu, 0xcea56fe6u, 0xa6a6432eu,
        0x6935f452u, 0x0136d89au, 0xb933adc2u, 0xd130810au, 0xccd53183u, 0xa4d61d4bu,
        0x1cd36813u, 0x74d044dbu, 0x27180901u, 0x4f1b25c9u, 0xf71e5091u, 0x9f1d7c59u,
        0x82f8ccd0u, 0xeafbe018u, 0x52fe9540u, 0x3afdb988u, 0xc8358d49u, 0xa036a181u,
        0x1833d4d9u, 0x7030f811u, 0x6dd54898u, 0x05d66450u, 0xbdd31108u, 0xd5d03dc0u,
        0x8618701au, 0xee1b5cd2u, 0x561e298au, 0x3e1d0542u, 0x23f8b5cbu, 0x4bfb9903u,
        0xf3feec5bu, 0x9bfdc093u, 0x546e77efu, 0x3c6d5b27u, 0x84682e7fu, 0xec6b02b7u,
        0xf18eb23eu, 0x998d9ef6u, 0x2188ebaeu, 0x498bc766u, 0x1a438abcu, 0x7240a674u,
        0xca45d32cu, 0xa246ffe4u, 0xbfa34f6du, 0xd7a063a5u, 0x6fa516fdu, 0x07a63a35u,
        0x8fd9098eu, 0xe7da2546u, 0x5fdf501eu, 0x37dc7cd6u, 0x2a39cc5fu, 0x423ae097u,
        0xfa3f95cfu, 0x923cb907u, 0xc1f4f4ddu, 0xa9f7d815u, 0x11f2ad4du, 0x79f18185u,
        0x6414310cu, 0x0c171dc4u, 0xb412689cu, 0xdc114454u, 0x1382f328u, 0x7b81dfe0u,
        0xc384aab8u, 0xab878670u, 0xb66236f9u, 0xde611a31u, 0x66646f69u, 0x0e6743a1u,
        0x5daf0e7bu, 0x35ac22b3u, 0x8da957ebu, 0xe5aa7b23u, 0xf84fcbaau, 0x904ce762u,
        0x2849923au, 0x404abef2u, 0xb2828a33u, 0xda81a6fbu, 0x6284d3a3u, 0x0a87ff6bu,
        0x17624fe2u, 0x7f61632au, 0xc7641672u, 0xaf673abau, 0xfcaf7760u, 0x94ac5ba8u,
        0x2ca92ef0u, 0x44aa0238u, 0x594fb2b1u, 0x314c9e79u, 0x8949eb21u, 0xe14ac7e9u,
        0x2ed97095u, 0x46da5c5du, 0xfedf2905u, 0x96dc05cdu, 0x8b39b544u, 0xe33a998cu,
        0x5b3fecd4u, 0x333cc01cu, 0x60f48dc6u, 0x08f7a10eu, 0xb0f2d456u, 0xd8f1f89eu,
        0xc5144817u, 0xad1764dfu, 0x15121187u, 0x7d113d4fu
    },
    { /* T7 */
        0x00000000u, 0x493c7d27u, 0x9278fa4eu, 0xdb448769u, 0x211d826du, 0x6821ff4au,
        0xb3657823u, 0xfa590504u, 0x423b04dau, 0x0b0779fdu, 0xd043fe94u, 0x997f83b3u,
        0x632686b7u, 0x2a1afb90u, 0xf15e7cf9u, 0xb86201deu, 0x847609b4u, 0xcd4a7493u,
        0x160ef3fau, 0x5f328eddu, 0xa56b8bd9u, 0xec57f6feu, 0x37137197u, 0x7e2f0cb0u,
        0xc64d0d6eu, 0x8f717049u, 0x5435f720u, 0x1d098a07u, 0xe7508f03u, 0xae6cf224u,
        0x7528754du, 0x3c14086au, 0x0d006599u, 0x443c18beu, 0x9f789fd7u, 0xd644e2f0u,
        0x2c1de7f4u, 0x65219ad3u, 0xbe651dbau, 0xf759609du, 0x4f3b6143u, 0x06071c64u,
        0xdd439b0du, 0x947fe62au, 0x6e26e32eu, 0x271a9e09u, 0xfc5e1960u, 0xb5626447u,
        0x89766c2du, 0xc04a110au, 0x1b0e9663u, 0x5232eb44u, 0xa86bee40u, 0xe1579367u,
        0x3a13140eu, 0x732f6929u, 0xcb4d68f7u, 0x827115d0u, 0x593592b9u, 0x1009ef9eu,
        0xea50ea9au, 0xa36c97bdu, 0x782810d4u, 0x31146df3u, 0x1a00cb32u, 0x533cb615u,
        0x8878317cu, 0xc1444c5bu, 0x3b1d495fu, 0x72213478u, 0xa965b311u, 0xe059ce36u,
        0x583bcfe8u, 0x1107b2cfu, 0xca4335a6u, 0x837f4881u, 0x79264d85u, 0x301a30a2u,
        0xeb5eb7cbu, 0xa262caecu, 0x9e76c286u, 0xd74abfa1u, 0x0c0e38c8u, 0x453245efu,
        0xbf6b40ebu, 0xf6573dccu, 0x2d13baa5u, 0x642fc782u, 0xdc4dc65cu, 0x9571bb7bu,
        0x4e353c12u, 0x07094135u, 0xfd504431u, 0xb46c3916u, 0x6f28be7fu, 0x2614c358u,
        0x1700aeabu, 0x5e3cd38cu, 0x857854e5u, 0xcc4429c2u, 0x361d2cc6u, 0x7f2151e1u,
        0xa465d688u, 0xed59abafu, 0x553baa71u, 0x1c07d756u, 0xc743503fu, 0x8e7f2d18u,
        0x7426281cu, 0x3d1a553bu, 0xe65ed252u, 0xaf62af75u, 0x9376a71fu, 0xda4ada38u,
        0x010e5d51u, 0x48322076u, 0xb26b2572u, 0xfb575855u, 0x2013df3cu, 0x692fa21bu,
        0xd14da3c5u, 0x9871dee2u, 0x4335598bu, 0x0a0924acu, 0xf05021a8u, 0xb96c5c8fu,
        0x6228dbe6u, 0x2b14a6c1u, 0x34019664u, 0x7d3deb43u, 0xa6796c2au, 0xef45110du,
        0x151c1409u, 0x5c20692eu, 0x8764ee47u, 0xce589360u, 0x763a92beu, 0x3f06ef99u,
        0xe44268f0u, 0xad7e15d7u, 0x572710d3u, 0x1e1b6df4u, 0xc55fea9du, 0x8c6397bau,
        0xb0779fd0u, 0xf94be2f7u, 0x220f659eu, 0x6b3318b9u, 0x916a1dbdu, 0xd856609au,
        0x0312e7f3u, 0x4a2e9ad4u, 0xf24c9b0au, 0xbb70e62du, 0x60346144u, 0x29081c63u,
        0xd3511967u, 0x9a6d6440u, 0x4129e329u, 0x08159e0eu, 0x3901f3fdu, 0x703d8edau,
        0xab7909b3u, 0xe2457494u, 0x181c7190u, 0x51200cb7u, 0x8a648bdeu, 0xc358f6f9u,
        0x7b3af727u, 0x32068a00u, 0xe9420d69u, 0xa07e704eu, 0x5a27754au, 0x131b086du,
        0xc85f8f04u, 0x8163f223u, 0xbd77fa49u, 0xf44b876eu, 0x2f0f0007u, 0x66337d20u,
        0x9c6a7824u, 0xd5560503u, 0x0e12826au, 0x472eff4du, 0xff4cfe93u, 0xb67083b4u,
        0x6d3404ddu, 0x240879fau, 0xde517cfeu, 0x976d01d9u, 0x4c2986b0u, 0x0515fb97u,
        0x2e015d56u, 0x673d2071u, 0xbc79a718u, 0xf545da3fu, 0x0f1cdf3bu, 0x4620a21cu,
        0x9d642575u, 0xd4585852u, 0x6c3a598cu, 0x250624abu, 0xfe42a3c2u, 0xb77edee5u,
        0x4d27dbe1u, 0x041ba6c6u, 0xdf5f21afu, 0x96635c88u, 0xaa7754e2u, 0xe34b29c5u,
        0x380faeacu, 0x7133d38bu, 0x8b6ad68fu, 0xc256aba8u, 0x19122cc1u, 0x502e51e6u,
        0xe84c5038u, 0xa1702d1fu, 0x7a34aa76u, 0x3308d751u, 0xc951d255u, 0x806daf72u,
        0x5b29281bu, 0x1215553cu, 0x230138cfu, 0x6a3d45e8u, 0xb179c281u, 0xf845bfa6u,
        0x021cbaa2u, 0x4b20c785u, 0x906440ecu, 0xd9583dcbu, 0x613a3c15u, 0x28064132u,
        0xf342c65bu, 0xba7ebb7cu, 0x4027be78u, 0x091bc35fu, 0xd25f4436u, 0x9b633911u,
        0xa777317bu, 0xee4b4c5cu, 0x350fcb35u, 0x7c33b612u, 0x866ab316u, 0xcf56ce31u,
        0x14124958u, 0x5d2e347fu, 0xe54c35a1u, 0xac704886u, 0x7734cfefu, 0x3e08b2c8u,
        0xc451b7ccu, 0x8d6dcaebu, 0x56294d82u, 0x1f1530a5u
    },
    { /* T8 */
        0x00000000u, 0xf43ed648u, 0xed91da61u, 0x19af0c29u, 0xdecfc233u, 0x2af1147bu,
        0x335e1852u, 0xc760ce1au, 0xb873f297u, 0x4c4d24dfu, 0x55e228f6u, 0xa1dcfebeu,
        0x66bc30a4u, 0x9282e6ecu, 0x8b2deac5u, 0x7f133c8du, 0x750b93dfu, 0x81354597u,
        0x989a49beu, 0x6ca49ff6u, 0xabc451ecu, 0x5ffa87a4u, 0x46558b8du, 0xb26b5dc5u,
        0xcd786148u, 0x3946b700u, 0x20e9bb29u, 0xd4d76d61u, 0x13b7a37bu, 0xe7897533u,
        0xfe26791au, 0x0a18af52u, 0xea1727beu, 0x1e29f1f6u, 0x0786fddfu, 0xf3b82b97u,
        0x34d8e58du, 0xc0e633c5u, 0xd9493fecu, 0x2d77e9a4u, 0x5264d529u, 0xa65a0361u,
        0xbff50f48u, 0x4bcbd900u, 0x8cab171au, 0x7895c152u, 0x613acd7bu, 0x95041b33u,
        0x9f1cb461u, 0x6b226229u, 0x728d6e00u, 0x86b3b848u, 0x41d37652u, 0xb5eda01au,
        0xac42ac33u, 0x587c7a7bu, 0x276f46f6u, 0xd35190beu, 0xcafe9c97u, 0x3ec04adfu,
        0xf9a084c5u, 0x0d9e528du, 0x14315ea4u, 0xe00f88ecu, 0xd1c2398du, 0x25fcefc5u,
        0x3c53e3ecu, 0xc86d35a4u, 0x0f0dfbbeu, 0xfb332df6u, 0xe29c21dfu, 0x16a2f797u,
        0x69b1cb1au, 0x9d8f1d52u, 0x8420117bu, 0x701ec733u, 0xb77e0929u, 0x4340df61u,
        0x5aefd348u, 0xaed10500u, 0xa4c9aa52u, 0x50f77c1au, 0x49587033u, 0xbd66a67bu,
        0x7a066861u, 0x8e38be29u, 0x9797b200u, 0x63a96448u, 0x1cba58c5u, 0xe8848e8du,
        0xf12b82a4u, 0x051554ecu, 0xc2759af6u, 0x364b4cbeu, 0x2fe44097u, 0xdbda96dfu,
        0x3bd51e33u, 0xcfebc87bu, 0xd644c452u, 0x227a121au, 0xe51adc00u, 0x11240a48u,
        0x088b0661u, 0xfcb5d029u, 0x83a6eca4u, 0x77983aecu, 0x6e3736c5u, 0x9a09e08du,
        0x5d692e97u, 0xa957f8dfu, 0xb0f8f4f6u, 0x44c622beu, 0x4ede8decu, 0xbae05ba4u,
        0xa34f578du, 0x577181c5u, 0x90114fdfu, 0x642f9997u, 0x7d8095beu, 0x89be43f6u,
        0xf6ad7f7bu, 0x0293a933u, 0x1b3ca51au, 0xef027352u, 0x2862bd48u, 0xdc5c6b00u,
        0xc5f36729u, 0x31cdb161u, 0xa66805ebu, 0x5256d3a3u, 0x4bf9df8au, 0xbfc709c2u,
        0x78a7c7d8u, 0x8c991190u, 0x95361db9u, 0x6108cbf1u, 0x1e1bf77cu, 0xea252134u,
        0xf38a2d1du, 0x07b4fb55u, 0xc0d4354fu, 0x34eae307u, 0x2d45ef2eu, 0xd97b3966u,
        0xd3639634u, 0x275d407cu, 0x3ef24c55u, 0xcacc9a1du, 0x0dac5407u, 0xf992824fu,
        0xe03d8e66u, 0x1403582eu, 0x6b1064a3u, 0x9f2eb2ebu, 0x8681bec2u, 0x72bf688au,
        0xb5dfa690u, 0x41e170d8u, 0x584e7cf1u, 0xac70aab9u, 0x4c7f2255u, 0xb841f41du,
        0xa1eef834u, 0x55d02e7cu, 0x92b0e066u, 0x668e362eu, 0x7f213a07u, 0x8b1fec4fu,
        0xf40cd0c2u, 0x0032068au, 0x199d0aa3u, 0xeda3dcebu, 0x2ac312f1u, 0xdefdc4b9u,
        0xc752c890u, 0x336c1ed8u, 0x3974b18au, 0xcd4a67c2u, 0xd4e56bebu, 0x20dbbda3u,
        0xe7bb73b9u, 0x1385a5f1u, 0x0a2aa9d8u, 0xfe147f90u, 0x8107431du, 0x75399555u,
        0x6c96997cu, 0x98a84f34u, 0x5fc8812eu, 0xabf65766u, 0xb2595b4fu, 0x46678d07u,
        0x77aa3c66u, 0x8394ea2eu, 0x9a3be607u, 0x6e05304fu, 0xa965fe55u, 0x5d5b281du,
        0x44f42434u, 0xb0caf27cu, 0xcfd9cef1u, 0x3be718b9u, 0x22481490u, 0xd676c2d8u,
        0x11160cc2u, 0xe528da8au, 0xfc87d6a3u, 0x08b900ebu, 0x02a1afb9u, 0xf69f79f1u,
        0xef3075d8u, 0x1b0ea390u, 0xdc6e6d8au, 0x2850bbc2u, 0x31ffb7ebu, 0xc5c161a3u,
        0xbad25d2eu, 0x4eec8b66u, 0x5743874fu, 0xa37d5107u, 0x641d9f1du, 0x90234955u,
        0x898c457cu, 0x7db29334u, 0x9dbd1bd8u, 0x6983cd90u, 0x702cc1b9u, 0x841217f1u,
        0x4372d9ebu, 0xb74c0fa3u, 0xaee3038au, 0x5addd5c2u, 0x25cee94fu, 0xd1f03f07u,
        0xc85f332eu, 0x3c61e566u, 0xfb012b7cu, 0x0f3ffd34u, 0x1690f11du, 0xe2ae2755u,
        0xe8b68807u, 0x1c885e4fu, 0x05275266u, 0xf119842eu, 0x36794a34u, 0xc2479c7cu,
        0xdbe89055u, 0x2fd6461du, 0x50c57a90u, 0xa4fbacd8u, 0xbd54a0f1u, 0x496a76b9u,
        0x8e0ab8a3u, 0x7a346eebu, 0x639b62c2u, 0x97a5b48au
    },
    { /* T9 */
        0x00000000u, 0xcb567ba5u, 0x934081bbu, 0x5816fa1eu, 0x236d7587u, 0xe83b0e22u,
        0xb02df43cu, 0x7b7b8f99u, 0x46daeb0eu, 0x8d8c90abu, 0xd59a6ab5u, 0x1ecc1110u,
        0x65b79e89u, 0xaee1e52cu, 0xf6f71f32u, 0x3da16497u, 0x8db5d61cu, 0x46e3adb9u,
        0x1ef557a7u, 0xd5a32c02u, 0xaed8a39bu, 0x658ed83eu, 0x3d982220u, 0xf6ce5985u,
        0xcb6f3d12u, 0x003946b7u, 0x582fbca9u, 0x9379c70cu, 0xe8024895u, 0x23543330u,
        0x7b42c92eu, 0xb014b28bu, 0x1e87dac9u, 0xd5d1a16cu, 0x8dc75b72u, 0x469120d7u,
        0x3deaaf4eu, 0xf6bcd4ebu, 0xaeaa2ef5u, 0x65fc5550u, 0x585d31c7u, 0x930b4a62u,
        0xcb1db07cu, 0x004bcbd9u, 0x7b304440u, 0xb0663fe5u, 0xe870c5fbu, 0x2326be5eu,
        0x93320cd5u, 0x58647770u, 0x00728d6eu, 0xcb24f6cbu, 0xb05f7952u, 0x7b0902f7u,
        0x231ff8e9u, 0xe849834cu, 0xd5e8e7dbu, 0x1ebe9c7eu, 0x46a86660u, 0x8dfe1dc5u,
        0xf685925cu, 0x3dd3e9f9u, 0x65c513e7u, 0xae936842u, 0x3d0fb592u, 0xf659ce37u,
        0xae4f3429u, 0x65194f8cu, 0x1e62c015u, 0xd534bbb0u, 0x8d2241aeu, 0x46743a0bu,
        0x7bd55e9cu, 0xb0832539u, 0xe895df27u, 0x23c3a482u, 0x58b82b1bu, 0x93ee50beu,
        0xcbf8aaa0u, 0x00aed105u, 0xb0ba638eu, 0x7bec182bu, 0x23fae235u, 0xe8ac9990u,
        0x93d71609u, 0x58816dacu, 0x009797b2u, 0xcbc1ec17u, 0xf6608880u, 0x3d36f325u,
        0x6520093bu, 0xae76729eu, 0xd50dfd07u, 0x1e5b86a2u, 0x464d7cbcu, 0x8d1b0719u,
        0x23886f5bu, 0xe8de14feu, 0xb0c8eee0u, 0x7b9e9545u, 0x00e51adcu, 0xcbb36179u,
        0x93a59b67u, 0x58f3e0c2u, 0x65528455u, 0xae04fff0u, 0xf61205eeu, 0x3d447e4bu,
        0x463ff1d2u, 0x8d698a77u, 0xd57f7069u, 0x1e290bccu, 0xae3db947u, 0x656bc2e2u,
        0x3d7d38fcu, 0xf62b4359u, 0x8d50ccc0u, 0x4606b765u, 0x1e104d7bu, 0xd54636deu,
        0xe8e75249u, 0x23b129ecu, 0x7ba7d3f2u, 0xb0f1a857u, 0xcb8a27ceu, 0x00dc5c6bu,
        0x58caa675u, 0x939cddd0u, 0x7a1f6b24u, 0xb1491081u, 0xe95fea9fu, 0x2209913au,
        0x59721ea3u, 0x92246506u, 0xca329f18u, 0x0164e4bdu, 0x3cc5802au, 0xf793fb8fu,
        0xaf850191u, 0x64d37a34u, 0x1fa8f5adu, 0xd4fe8e08u, 0x8ce87416u, 0x47be0fb3u,
        0xf7aabd38u, 0x3cfcc69du, 0x64ea3c83u, 0xafbc4726u, 0xd4c7c8bfu, 0x1f91b31au,
        0x47874904u, 0x8cd132a1u, 0xb1705636u, 0x7a262d93u, 0x2230d78du, 0xe966ac28u,
        0x921d23b1u, 0x594b5814u, 0x015da20au, 0xca0bd9afu, 0x6498b1edu, 0xafceca48u,
        0xf7d83056u, 0x3c8e4bf3u, 0x47f5c46au, 0x8ca3bfcfu, 0xd4b545d1u, 0x1fe33e74u,
        0x22425ae3u, 0xe9142146u, 0xb102db58u, 0x7a54a0fdu, 0x012f2f64u, 0xca7954c1u,
        0x926faedfu, 0x5939d57au, 0xe92d67f1u, 0x227b1c54u, 0x7a6de64au, 0xb13b9defu,
        0xca401276u, 0x011669d3u, 0x590093cdu, 0x9256e868u, 0xaff78cffu, 0x64a1f75au,
        0x3cb70d44u, 0xf7e176e1u, 0x8c9af978u, 0x47cc82ddu, 0x1fda78c3u, 0xd48c0366u,
        0x4710deb6u, 0x8c46a513u, 0xd4505f0du, 0x1f0624a8u, 0x647dab31u, 0xaf2bd094u,
        0xf73d2a8au, 0x3c6b512fu, 0x01ca35b8u, 0xca9c4e1du, 0x928ab403u, 0x59dccfa6u,
        0x22a7403fu, 0xe9f13b9au, 0xb1e7c184u, 0x7ab1ba21u, 0xcaa508aau, 0x01f3730fu,
        0x59e58911u, 0x92b3f2b4u, 0xe9c87d2du, 0x229e0688u, 0x7a88fc96u, 0xb1de8733u,
        0x8c7fe3a4u, 0x47299801u, 0x1f3f621fu, 0xd46919bau, 0xaf129623u, 0x6444ed86u,
        0x3c521798u, 0xf7046c3du, 0x5997047fu, 0x92c17fdau, 0xcad785c4u, 0x0181fe61u,
        0x7afa71f8u, 0xb1ac0a5du, 0xe9baf043u, 0x22ec8be6u, 0x1f4def71u, 0xd41b94d4u,
        0x8c0d6ecau, 0x475b156fu, 0x3c209af6u, 0xf776e153u, 0xaf601b4du, 0x643660e8u,
        0xd422d263u, 0x1f74a9c6u, 0x476253d8u, 0x8c34287du, 0xf74fa7e4u, 0x3c19dc41u,
        0x640f265fu, 0xaf595dfau, 0x92f8396du, 0x59ae42c8u, 0x01b8b8d6u, 0xcaeec373u,
        0xb1954ceau, 0x7ac3374fu, 0x22d5cd51u, 0xe983b6f4u
    },
    { /* T10 */
        0x00000000u, 0x9771f7c1u, 0x2b0f9973u, 0xbc7e6eb2u, 0x561f32e6u, 0xc16ec527u,
        0x7d10ab95u, 0xea615c54u, 0xac3e65ccu, 0x3b4f920du, 0x8731fcbfu, 0x10400b7eu,
        0xfa21572au, 0x6d50a0ebu, 0xd12ece59u, 0x465f3998u, 0x5d90bd69u, 0xcae14aa8u,
        0x769f241au, 0xe1eed3dbu, 0x0b8f8f8fu, 0x9cfe784eu, 0x208016fcu, 0xb7f1e13du,
        0xf1aed8a5u, 0x66df2f64u, 0xdaa141d6u, 0x4dd0b617u, 0xa7b1ea43u, 0x30c01d82u,
        0x8cbe7330u, 0x1bcf84f1u, 0xbb217ad2u, 0x2c508d13u, 0x902ee3a1u, 0x075f1460u,
        0xed3e4834u, 0x7a4fbff5u, 0xc631d147u, 0x51402686u, 0x171f1f1eu, 0x806ee8dfu,
        0x3c10866du, 0xab6171acu, 0x41002df8u, 0xd671da39u, 0x6a0fb48bu, 0xfd7e434au,
        0xe6b1c7bbu, 0x71c0307au, 0xcdbe5ec8u, 0x5acfa909u, 0xb0aef55du, 0x27df029cu,
        0x9ba16c2eu, 0x0cd09befu, 0x4a8fa277u, 0xddfe55b6u, 0x61803b04u, 0xf6f1ccc5u,
        0x1c909091u, 0x8be16750u, 0x379f09e2u, 0xa0eefe23u, 0x73ae8355u, 0xe4df7494u,
        0x58a11a26u, 0xcfd0ede7u, 0x25b1b1b3u, 0xb2c04672u, 0x0ebe28c0u, 0x99cfdf01u,
        0xdf90e699u, 0x48e11158u, 0xf49f7feau, 0x63ee882bu, 0x898fd47fu, 0x1efe23beu,
        0xa2804d0cu, 0x35f1bacdu, 0x2e3e3e3cu, 0xb94fc9fdu, 0x0531a74fu, 0x9240508eu,
        0x78210cdau, 0xef50fb1bu, 0x532e95a9u, 0xc45f6268u, 0x82005bf0u, 0x1571ac31u,
        0xa90fc283u, 0x3e7e3542u, 0xd41f6916u, 0x436e9ed7u, 0xff10f065u, 0x686107a4u,
        0xc88ff987u, 0x5ffe0e46u, 0xe38060f4u, 0x74f19735u, 0x9e90cb61u, 0x09e13ca0u,
        0xb59f5212u, 0x22eea5d3u, 0x64b19c4bu, 0xf3c06b8au, 0x4fbe0538u, 0xd8cff2f9u,
        0x32aeaeadu, 0xa5df596cu, 0x19a137deu, 0x8ed0c01fu, 0x951f44eeu, 0x026eb32fu,
        0xbe10dd9du, 0x29612a5cu, 0xc3007608u, 0x547181c9u, 0xe80fef7bu, 0x7f7e18bau,
        0x39212122u, 0xae50d6e3u, 0x122eb851u, 0x855f4f90u, 0x6f3e13c4u, 0xf84fe405u,
        0x44318ab7u, 0xd3407d76u, 0xe75d06aau, 0x702cf16bu, 0xcc529fd9u, 0x5b236818u,
        0xb142344cu, 0x2633c38du, 0x9a4dad3fu, 0x0d3c5afeu, 0x4b636366u, 0xdc1294a7u,
        0x606cfa15u, 0xf71d0dd4u, 0x1d7c5180u, 0x8a0da641u, 0x3673c8f3u, 0xa1023f32u,
        0xbacdbbc3u, 0x2dbc4c02u, 0x91c222b0u, 0x06b3d571u, 0xecd28925u, 0x7ba37ee4u,
        0xc7dd1056u, 0x50ace797u, 0x16f3de0fu, 0x818229ceu, 0x3dfc477cu, 0xaa8db0bdu,
        0x40ecece9u, 0xd79d1b28u, 0x6be3759au, 0xfc92825bu, 0x5c7c7c78u, 0xcb0d8bb9u,
        0x7773e50bu, 0xe00212cau, 0x0a634e9eu, 0x9d12b95fu, 0x216cd7edu, 0xb61d202cu,
        0xf04219b4u, 0x6733ee75u, 0xdb4d80c7u, 0x4c3c7706u, 0xa65d2b52u, 0x312cdc93u,
        0x8d52b221u, 0x1a2345e0u, 0x01ecc111u, 0x969d36d0u, 0x2ae35862u, 0xbd92afa3u,
        0x57f3f3f7u, 0xc0820436u, 0x7cfc6a84u, 0xeb8d9d45u, 0xadd2a4ddu, 0x3aa3531cu,
        0x86dd3daeu, 0x11acca6fu, 0xfbcd963bu, 0x6cbc61fau, 0xd0c20f48u, 0x47b3f889u,
        0x94f385ffu, 0x0382723eu, 0xbffc1c8cu, 0x288deb4du, 0xc2ecb719u, 0x559d40d8u,
        0xe9e32e6au, 0x7e92d9abu, 0x38cde033u, 0xafbc17f2u, 0x13c27940u, 0x84b38e81u,
        0x6ed2d2d5u, 0xf9a32514u, 0x45dd4ba6u, 0xd2acbc67u, 0xc9633896u, 0x5e12cf57u,
        0xe26ca1e5u, 0x751d5624u, 0x9f7c0a70u, 0x080dfdb1u, 0xb4739303u, 0x230264c2u,
        0x655d5d5au, 0xf22caa9bu, 0x4e52c429u, 0xd92333e8u, 0x33426fbcu, 0xa433987du,
        0x184df6cfu, 0x8f3c010eu, 0x2fd2ff2du, 0xb8a308ecu, 0x04dd665eu, 0x93ac919fu,
        0x79cdcdcbu, 0xeebc3a0au, 0x52c254b8u, 0xc5b3a379u, 0x83ec9ae1u, 0x149d6d20u,
        0xa8e30392u, 0x3f92f453u, 0xd5f3a807u, 0x42825fc6u, 0xfefc3174u, 0x698dc6b5u,
        0x72424244u, 0xe533b585u, 0x594ddb37u, 0xce3c2cf6u, 0x245d70a2u, 0xb32c8763u,
        0x0f52e9d1u, 0x98231e10u, 0xde7c2788u, 0x490dd049u, 0xf573befbu, 0x6202493au,
        0x8863156eu, 0x1f12e2afu, 0xa36c8c1du, 0x341d7bdcu
    },
    { /* T11 */
        0x00000000u, 0x3171d430u, 0x62e3a860u, 0x53927c50u, 0xc5c750c0u, 0xf4b684f0u,
        0xa724f8a0u, 0x96552c90u, 0x8e62d771u, 0xbf130341u, 0xec817f11u, 0xddf0ab21u,
        0x4ba587b1u, 0x7ad45381u, 0x29462fd1u, 0x1837fbe1u, 0x1929d813u, 0x28580c23u,
        0x7bca7073u, 0x4abba443u, 0xdcee88d3u, 0xed9f5ce3u, 0xbe0d20b3u, 0x8f7cf483u,
        0x974b0f62u, 0xa63adb52u, 0xf5a8a702u, 0xc4d97332u, 0x528c5fa2u, 0x63fd8b92u,
        0x306ff7c2u, 0x011e23f2u, 0x3253b026u, 0x03226416u, 0x50b01846u, 0x61c1cc76u,
        0xf794e0e6u, 0xc6e534d6u, 0x95774886u, 0xa4069cb6u, 0xbc316757u, 0x8d40b367u,
        0xded2cf37u, 0xefa31b07u, 0x79f63797u, 0x4887e3a7u, 0x1b159ff7u, 0x2a644bc7u,
        0x2b7a6835u, 0x1a0bbc05u, 0x4999c055u, 0x78e81465u, 0xeebd38f5u, 0xdfccecc5u,
        0x8c5e9095u, 0xbd2f44a5u, 0xa518bf44u, 0x94696b74u, 0xc7fb1724u, 0xf68ac314u,
        0x60dfef84u, 0x51ae3bb4u, 0x023c47e4u, 0x334d93d4u, 0x64a7604cu, 0x55d6b47cu,
        0x0644c82cu, 0x37351c1cu, 0xa160308cu, 0x9011e4bcu, 0xc38398ecu, 0xf2f24cdcu,
        0xeac5b73du, 0xdbb4630du, 0x88261f5du, 0xb957cb6du, 0x2f02e7fdu, 0x1e7333cdu,
        0x4de14f9du, 0x7c909badu, 0x7d8eb85fu, 0x4cff6c6fu, 0x1f6d103fu, 0x2e1cc40fu,
        0xb849e89fu, 0x89383cafu, 0xdaaa40ffu, 0xebdb94cfu, 0xf3ec6f2eu, 0xc29dbb1eu,
        0x910fc74eu, 0xa07e137eu, 0x362b3feeu, 0x075aebdeu, 0x54c8978eu, 0x65b943beu,
        0x56f4d06au, 0x6785045au, 0x3417780au, 0x0566ac3au, 0x933380aau, 0xa242549au,
        0xf1d028cau, 0xc0a1fcfau, 0xd896071bu, 0xe9e7d32bu, 0xba75af7bu, 0x8b047b4bu,
        0x1d5157dbu, 0x2c2083ebu, 0x7fb2ffbbu, 0x4ec32b8bu, 0x4fdd0879u, 0x7eacdc49u,
        0x2d3ea019u, 0x1c4f7429u, 0x8a1a58b9u, 0xbb6b8c89u, 0xe8f9f0d9u, 0xd98824e9u,
        0xc1bfdf08u, 0xf0ce0b38u, 0xa35c7768u, 0x922da358u, 0x04788fc8u, 0x35095bf8u,
        0x669b27a8u, 0x57eaf398u, 0xc94ec098u, 0xf83f14a8u, 0xabad68f8u, 0x9adcbcc8u,
        0x0c899058u, 0x3df84468u, 0x6e6a3838u, 0x5f1bec08u, 0x472c17e9u, 0x765dc3d9u,
        0x25cfbf89u, 0x14be6bb9u, 0x82eb4729u, 0xb39a9319u, 0xe008ef49u, 0xd1793b79u,
        0xd067188bu, 0xe116ccbbu, 0xb284b0ebu, 0x83f564dbu, 0x15a0484bu, 0x24d19c7bu,
        0x7743e02bu, 0x4632341bu, 0x5e05cffau, 0x6f741bcau, 0x3ce6679au, 0x0d97b3aau,
        0x9bc29f3au, 0xaab34b0au, 0xf921375au, 0xc850e36au, 0xfb1d70beu, 0xca6ca48eu,
        0x99fed8deu, 0xa88f0ceeu, 0x3eda207eu, 0x0fabf44eu, 0x5c39881eu, 0x6d485c2eu,
        0x757fa7cfu, 0x440e73ffu, 0x179c0fafu, 0x26eddb9fu, 0xb0b8f70fu, 0x81c9233fu,
        0xd25b5f6fu, 0xe32a8b5fu, 0xe234a8adu, 0xd3457c9du, 0x80d700cdu, 0xb1a6d4fdu,
        0x27f3f86du, 0x16822c5du, 0x4510500du, 0x7461843du, 0x6c567fdcu, 0x5d27abecu,
        0x0eb5d7bcu, 0x3fc4038cu, 0xa9912f1cu, 0x98e0fb2cu, 0xcb72877cu, 0xfa03534cu,
        0xade9a0d4u, 0x9c9874e4u, 0xcf0a08b4u, 0xfe7bdc84u, 0x682ef014u, 0x595f2424u,
        0x0acd5874u, 0x3bbc8c44u, 0x238b77a5u, 0x12faa395u, 0x4168dfc5u, 0x70190bf5u,
        0xe64c2765u, 0xd73df355u, 0x84af8f05u, 0xb5de5b35u, 0xb4c078c7u, 0x85b1acf7u,
        0xd623d0a7u, 0xe7520497u, 0x71072807u, 0x4076fc37u, 0x13e48067u, 0x22955457u,
        0x3aa2afb6u, 0x0bd37b86u, 0x584107d6u, 0x6930d3e6u, 0xff65ff76u, 0xce142b46u,
        0x9d865716u, 0xacf78326u, 0x9fba10f2u, 0xaecbc4c2u, 0xfd59b892u, 0xcc286ca2u,
        0x5a7d4032u, 0x6b0c9402u, 0x389ee852u, 0x09ef3c62u, 0x11d8c783u, 0x20a913b3u,
        0x733b6fe3u, 0x424abbd3u, 0xd41f9743u, 0xe56e4373u, 0xb6fc3f23u, 0x878deb13u,
        0x8693c8e1u, 0xb7e21cd1u, 0xe4706081u, 0xd501b4b1u, 0x43549821u, 0x72254c11u,
        0x21b73041u, 0x10c6e471u, 0x08f11f90u, 0x3980cba0u, 0x6a12b7f0u, 0x5b6363c0u,
        0xcd364f50u, 0xfc479b60u, 0xafd5e730u, 0x9ea43300u
    },
    { /* T12 */
        0x00000000u, 0x30d23865u, 0x61a470cau, 0x517648afu, 0xc348e194u, 0xf39ad9f1u,
        0xa2ec915eu, 0x923ea93bu, 0x837db5d9u, 0xb3af8dbcu, 0xe2d9c513u, 0xd20bfd76u,
        0x4035544du, 0x70e76c28u, 0x21912487u, 0x11431ce2u, 0x03171d43u, 0x33c52526u,
        0x62b36d89u, 0x526155ecu, 0xc05ffcd7u, 0xf08dc4b2u, 0xa1fb8c1du, 0x9129b478u,
        0x806aa89au, 0xb0b890ffu, 0xe1ced850u, 0xd11ce035u, 0x4322490eu, 0x73f0716bu,
        0x228639c4u, 0x125401a1u, 0x062e3a86u, 0x36fc02e3u, 0x678a4a4cu, 0x57587229u,
        0xc566db12u, 0xf5b4e377u, 0xa4c2abd8u, 0x941093bdu, 0x85538f5fu, 0xb581b73au,
        0xe4f7ff95u, 0xd425c7f0u, 0x461b6ecbu, 0x76c956aeu, 0x27bf1e01u, 0x176d2664u,
        0x053927c5u, 0x35eb1fa0u, 0x649d570fu, 0x544f6f6au, 0xc671c651u, 0xf6a3fe34u,
        0xa7d5b69bu, 0x97078efeu, 0x8644921cu, 0xb696aa79u, 0xe7e0e2d6u, 0xd732dab3u,
        0x450c7388u, 0x75de4bedu, 0x24a80342u, 0x147a3b27u, 0x0c5c750cu, 0x3c8e4d69u,
        0x6df805c6u, 0x5d2a3da3u, 0xcf149498u, 0xffc6acfdu, 0xaeb0e452u, 0x9e62dc37u,
        0x8f21c0d5u, 0xbff3f8b0u, 0xee85b01fu, 0xde57887au, 0x4c692141u, 0x7cbb1924u,
        0x2dcd518bu, 0x1d1f69eeu, 0x0f4b684fu, 0x3f99502au, 0x6eef1885u, 0x5e3d20e0u,
        0xcc0389dbu, 0xfcd1b1beu, 0xada7f911u, 0x9d75c174u, 0x8c36dd96u, 0xbce4e5f3u,
        0xed92ad5cu, 0xdd409539u, 0x4f7e3c02u, 0x7fac0467u, 0x2eda4cc8u, 0x1e0874adu,
        0x0a724f8au, 0x3aa077efu, 0x6bd63f40u, 0x5b040725u, 0xc93aae1eu, 0xf9e8967bu,
        0xa89eded4u, 0x984ce6b1u, 0x890ffa53u, 0xb9ddc236u, 0xe8ab8a99u, 0xd879b2fcu,
        0x4a471bc7u, 0x7a9523a2u, 0x2be36b0du, 0x1b315368u, 0x096552c9u, 0x39b76aacu,
        0x68c12203u, 0x58131a66u, 0xca2db35du, 0xfaff8b38u, 0xab89c397u, 0x9b5bfbf2u,
        0x8a18e710u, 0xbacadf75u, 0xebbc97dau, 0xdb6eafbfu, 0x49500684u, 0x79823ee1u,
        0x28f4764eu, 0x18264e2bu, 0x18b8ea18u, 0x286ad27du, 0x791c9ad2u, 0x49cea2b7u,
        0xdbf00b8cu, 0xeb2233e9u, 0xba547b46u, 0x8a864323u, 0x9bc55fc1u, 0xab1767a4u,
        0xfa612f0bu, 0xcab3176eu, 0x588dbe55u, 0x685f8630u, 0x3929ce9fu, 0x09fbf6fau,
        0x1baff75bu, 0x2b7dcf3eu, 0x7a0b8791u, 0x4ad9bff4u, 0xd8e716cfu, 0xe8352eaau,
        0xb9436605u, 0x89915e60u, 0x98d24282u, 0xa8007ae7u, 0xf9763248u, 0xc9a40a2du,
        0x5b9aa316u, 0x6b489b73u, 0x3a3ed3dcu, 0x0aecebb9u, 0x1e96d09eu, 0x2e44e8fbu,
        0x7f32a054u, 0x4fe09831u, 0xddde310au, 0xed0c096fu, 0xbc7a41c0u, 0x8ca879a5u,
        0x9deb6547u, 0xad395d22u, 0xfc4f158du, 0xcc9d2de8u, 0x5ea384d3u, 0x6e71bcb6u,
        0x3f07f419u, 0x0fd5cc7cu, 0x1d81cdddu, 0x2d53f5b8u, 0x7c25bd17u, 0x4cf78572u,
        0xdec92c49u, 0xee1b142cu, 0xbf6d5c83u, 0x8fbf64e6u, 0x9efc7804u, 0xae2e4061u,
        0xff5808ceu, 0xcf8a30abu, 0x5db49990u, 0x6d66a1f5u, 0x3c10e95au, 0x0cc2d13fu,
        0x14e49f14u, 0x2436a771u, 0x7540efdeu, 0x4592d7bbu, 0xd7ac7e80u, 0xe77e46e5u,
        0xb6080e4au, 0x86da362fu, 0x97992acdu, 0xa74b12a8u, 0xf63d5a07u, 0xc6ef6262u,
        0x54d1cb59u, 0x6403f33cu, 0x3575bb93u, 0x05a783f6u, 0x17f38257u, 0x2721ba32u,
        0x7657f29du, 0x4685caf8u, 0xd4bb63c3u, 0xe4695ba6u, 0xb51f1309u, 0x85cd2b6cu,
        0x948e378eu, 0xa45c0febu, 0xf52a4744u, 0xc5f87f21u, 0x57c6d61au, 0x6714ee7fu,
        0x3662a6d0u, 0x06b09eb5u, 0x12caa592u, 0x22189df7u, 0x736ed558u, 0x43bced3du,
        0xd1824406u, 0xe1507c63u, 0xb02634ccu, 0x80f40ca9u, 0x91b7104bu, 0xa165282eu,
        0xf0136081u, 0xc0c158e4u, 0x52fff1dfu, 0x622dc9bau, 0x335b8115u, 0x0389b970u,
        0x11ddb8d1u, 0x210f80b4u, 0x7079c81bu, 0x40abf07eu, 0xd2955945u, 0xe2476120u,
        0xb331298fu, 0x83e311eau, 0x92a00d08u, 0xa272356du, 0xf3047dc2u, 0xc3d645a7u,
        0x51e8ec9cu, 0x613ad4f9u, 0x304c9c56u, 0x009ea433u
    },
    { /* T13 */
        0x00000000u, 0x54075546u, 0xa80eaa8cu, 0xfc09ffcau, 0x55f123e9u, 0x01f676afu,
        0xfdff8965u, 0xa9f8dc23u, 0xabe247d2u, 0xffe51294u, 0x03eced5eu, 0x57ebb818u,
        0xfe13643bu, 0xaa14317du, 0x561dceb7u, 0x021a9bf1u, 0x5228f955u, 0x062fac13u,
        0xfa2653d9u, 0xae21069fu, 0x07d9dabcu, 0x53de8ffau, 0xafd77030u, 0xfbd02576u,
        0xf9cabe87u, 0xadcdebc1u, 0x51c4140bu, 0x05c3414du, 0xac3b9d6eu, 0xf83cc828u,
        0x043537e2u, 0x503262a4u, 0xa451f2aau, 0xf056a7ecu, 0x0c5f5826u, 0x58580d60u,
        0xf1a0d143u, 0xa5a78405u, 0x59ae7bcfu, 0x0da92e89u, 0x0fb3b578u, 0x5bb4e03eu,
        0xa7bd1ff4u, 0xf3ba4ab2u, 0x5a429691u, 0x0e45c3d7u, 0xf24c3c1du, 0xa64b695bu,
        0xf6790bffu, 0xa27e5eb9u, 0x5e77a173u, 0x0a70f435u, 0xa3882816u, 0xf78f7d50u,
        0x0b86829au, 0x5f81d7dcu, 0x5d9b4c2du, 0x099c196bu, 0xf595e6a1u, 0xa192b3e7u,
        0x086a6fc4u, 0x5c6d3a82u, 0xa064c548u, 0xf463900eu, 0x4d4f93a5u, 0x1948c6e3u,
        0xe5413929u, 0xb1466c6fu, 0x18beb04cu, 0x4cb9e50au, 0xb0b01ac0u, 0xe4b74f86u,
        0xe6add477u, 0xb2aa8131u, 0x4ea37efbu, 0x1aa42bbdu, 0xb35cf79eu, 0xe75ba2d8u,
        0x1b525d12u, 0x4f550854u, 0x1f676af0u, 0x4b603fb6u, 0xb769c07cu, 0xe36e953au,
        0x4a964919u, 0x1e911c5fu, 0xe298e395u, 0xb69fb6d3u, 0xb4852d22u, 0xe0827864u,
        0x1c8b87aeu, 0x488cd2e8u, 0xe1740ecbu, 0xb5735b8du, 0x497aa447u, 0x1d7df101u,
        0xe91e610fu, 0xbd193449u, 0x4110cb83u, 0x15179ec5u, 0xbcef42e6u, 0xe8e817a0u,
        0x14e1e86au, 0x40e6bd2cu, 0x42fc26ddu, 0x16fb739bu, 0xeaf28c51u, 0xbef5d917u,
        0x170d0534u, 0x430a5072u, 0xbf03afb8u, 0xeb04fafeu, 0xbb36985au, 0xef31cd1cu,
        0x133832d6u, 0x473f6790u, 0xeec7bbb3u, 0xbac0eef5u, 0x46c9113fu, 0x12ce4479u,
        0x10d4df88u, 0x44d38aceu, 0xb8da7504u, 0xecdd2042u, 0x4525fc61u, 0x1122a927u,
        0xed2b56edu, 0xb92c03abu, 0x9a9f274au, 0xce98720cu, 0x32918dc6u, 0x6696d880u,
        0xcf6e04a3u, 0x9b6951e5u, 0x6760ae2fu, 0x3367fb69u, 0x317d6098u, 0x657a35deu,
        0x9973ca14u, 0xcd749f52u, 0x648c4371u, 0x308b1637u, 0xcc82e9fdu, 0x9885bcbbu,
        0xc8b7de1fu, 0x9cb08b59u, 0x60b97493u, 0x34be21d5u, 0x9d46fdf6u, 0xc941a8b0u,
        0x3548577au, 0x614f023cu, 0x635599cdu, 0x3752cc8bu, 0xcb5b3341u, 0x9f5c6607u,
        0x36a4ba24u, 0x62a3ef62u, 0x9eaa10a8u, 0xcaad45eeu, 0x3eced5e0u, 0x6ac980a6u,
        0x96c07f6cu, 0xc2c72a2au, 0x6b3ff609u, 0x3f38a34fu, 0xc3315c85u, 0x973609c3u,
        0x952c9232u, 0xc12bc774u, 0x3d2238beu, 0x69256df8u, 0xc0ddb1dbu, 0x94dae49du,
        0x68d31b57u, 0x3cd44e11u, 0x6ce62cb5u, 0x38e179f3u, 0xc4e88639u, 0x90efd37fu,
        0x39170f5cu, 0x6d105a1au, 0x9119a5d0u, 0xc51ef096u, 0xc7046b67u, 0x93033e21u,
        0x6f0ac1ebu, 0x3b0d94adu, 0x92f5488eu, 0xc6f21dc8u, 0x3afbe202u, 0x6efcb744u,
        0xd7d0b4efu, 0x83d7e1a9u, 0x7fde1e63u, 0x2bd94b25u, 0x82219706u, 0xd626c240u,
        0x2a2f3d8au, 0x7e2868ccu, 0x7c32f33du, 0x2835a67bu, 0xd43c59b1u, 0x803b0cf7u,
        0x29c3d0d4u, 0x7dc48592u, 0x81cd7a58u, 0xd5ca2f1eu, 0x85f84dbau, 0xd1ff18fcu,
        0x2df6e736u, 0x79f1b270u, 0xd0096e53u, 0x840e3b15u, 0x7807c4dfu, 0x2c009199u,
        0x2e1a0a68u, 0x7a1d5f2eu, 0x8614a0e4u, 0xd213f5a2u, 0x7beb2981u, 0x2fec7cc7u,
        0xd3e5830du, 0x87e2d64bu, 0x73814645u, 0x27861303u, 0xdb8fecc9u, 0x8f88b98fu,
        0x267065acu, 0x727730eau, 0x8e7ecf20u, 0xda799a66u, 0xd8630197u, 0x8c6454d1u,
        0x706dab1bu, 0x246afe5du, 0x8d92227eu, 0xd9957738u, 0x259c88f2u, 0x719bddb4u,
        0x21a9bf10u, 0x75aeea56u, 0x89a7159cu, 0xdda040dau, 0x74589cf9u, 0x205fc9bfu,
        0xdc563675u, 0x88516333u, 0x8a4bf8c2u, 0xde4cad84u, 0x2245524eu, 0x76420708u,
        0xdfbadb2bu, 0x8bbd8e6du, 0x77b471a7u, 0x23b324e1u
    },
    { /* T14 */
        0x00000000u, 0x678efd01u, 0xcf1dfa02u, 0xa8930703u, 0x9bd782f5u, 0xfc597ff4u,
        0x54ca78f7u, 0x334485f6u, 0x3243731bu, 0x55cd8e1au, 0xfd5e8919u, 0x9ad07418u,
        0xa994f1eeu, 0xce1a0cefu, 0x66890becu, 0x0107f6edu, 0x6486e636u, 0x03081b37u,
        0xab9b1c34u, 0xcc15e135u, 0xff5164c3u, 0x98df99c2u, 0x304c9ec1u, 0x57c263c0u,
        0x56c5952du, 0x314b682cu, 0x99d86f2fu, 0xfe56922eu, 0xcd1217d8u, 0xaa9cead9u,
        0x020feddau, 0x658110dbu, 0xc90dcc6cu, 0xae83316du, 0x0610366eu, 0x619ecb6fu,
        0x52da4e99u, 0x3554b398u, 0x9dc7b49bu, 0xfa49499au, 0xfb4ebf77u, 0x9cc04276u,
        0x34534575u, 0x53ddb874u, 0x60993d82u, 0x0717c083u, 0xaf84c780u, 0xc80a3a81u,
        0xad8b2a5au, 0xca05d75bu, 0x6296d058u, 0x05182d59u, 0x365ca8afu, 0x51d255aeu,
        0xf94152adu, 0x9ecfafacu, 0x9fc85941u, 0xf846a440u, 0x50d5a343u, 0x375b5e42u,
        0x041fdbb4u, 0x639126b5u, 0xcb0221b6u, 0xac8cdcb7u, 0x97f7ee29u, 0xf0791328u,
        0x58ea142bu, 0x3f64e92au, 0x0c206cdcu, 0x6bae91ddu, 0xc33d96deu, 0xa4b36bdfu,
        0xa5b49d32u, 0xc23a6033u, 0x6aa96730u, 0x0d279a31u, 0x3e631fc7u, 0x59ede2c6u,
        0xf17ee5c5u, 0x96f018c4u, 0xf371081fu, 0x94fff51eu, 0x3c6cf21du, 0x5be20f1cu,
        0x68a68aeau, 0x0f2877ebu, 0xa7bb70e8u, 0xc0358de9u, 0xc1327b04u, 0xa6bc8605u,
        0x0e2f8106u, 0x69a17c07u, 0x5ae5f9f1u, 0x3d6b04f0u, 0x95f803f3u, 0xf276fef2u,
        0x5efa2245u, 0x3974df44u, 0x91e7d847u, 0xf6692546u, 0xc52da0b0u, 0xa2a35db1u,
        0x0a305ab2u, 0x6dbea7b3u, 0x6cb9515eu, 0x0b37ac5fu, 0xa3a4ab5cu, 0xc42a565du,
        0xf76ed3abu, 0x90e02eaau, 0x387329a9u, 0x5ffdd4a8u, 0x3a7cc473u, 0x5df23972u,
        0xf5613e71u, 0x92efc370u, 0xa1ab4686u, 0xc625bb87u, 0x6eb6bc84u, 0x09384185u,
        0x083fb768u, 0x6fb14a69u, 0xc7224d6au, 0xa0acb06bu, 0x93e8359du, 0xf466c89cu,
        0x5cf5cf9fu, 0x3b7b329eu, 0x2a03aaa3u, 0x4d8d57a2u, 0xe51e50a1u, 0x8290ada0u,
        0xb1d42856u, 0xd65ad557u, 0x7ec9d254u, 0x19472f55u, 0x1840d9b8u, 0x7fce24b9u,
        0xd75d23bau, 0xb0d3debbu, 0x83975b4du, 0xe419a64cu, 0x4c8aa14fu, 0x2b045c4eu,
        0x4e854c95u, 0x290bb194u, 0x8198b697u, 0xe6164b96u, 0xd552ce60u, 0xb2dc3361u,
        0x1a4f3462u, 0x7dc1c963u, 0x7cc63f8eu, 0x1b48c28fu, 0xb3dbc58cu, 0xd455388du,
        0xe711bd7bu, 0x809f407au, 0x280c4779u, 0x4f82ba78u, 0xe30e66cfu, 0x84809bceu,
        0x2c139ccdu, 0x4b9d61ccu, 0x78d9e43au, 0x1f57193bu, 0xb7c41e38u, 0xd04ae339u,
        0xd14d15d4u, 0xb6c3e8d5u, 0x1e50efd6u, 0x79de12d7u, 0x4a9a9721u, 0x2d146a20u,
        0x85876d23u, 0xe2099022u, 0x878880f9u, 0xe0067df8u, 0x48957afbu, 0x2f1b87fau,
        0x1c5f020cu, 0x7bd1ff0du, 0xd342f80eu, 0xb4cc050fu, 0xb5cbf3e2u, 0xd2450ee3u,
        0x7ad609e0u, 0x1d58f4e1u, 0x2e1c7117u, 0x49928c16u, 0xe1018b15u, 0x868f7614u,
        0xbdf4448au, 0xda7ab98bu, 0x72e9be88u, 0x15674389u, 0x2623c67fu, 0x41ad3b7eu,
        0xe93e3c7du, 0x8eb0c17cu, 0x8fb73791u, 0xe839ca90u, 0x40aacd93u, 0x27243092u,
        0x1460b564u, 0x73ee4865u, 0xdb7d4f66u, 0xbcf3b267u, 0xd972a2bcu, 0xbefc5fbdu,
        0x166f58beu, 0x71e1a5bfu, 0x42a52049u, 0x252bdd48u, 0x8db8da4bu, 0xea36274au,
        0xeb31d1a7u, 0x8cbf2ca6u, 0x242c2ba5u, 0x43a2d6a4u, 0x70e65352u, 0x1768ae53u,
        0xbffba950u, 0xd8755451u, 0x74f988e6u, 0x137775e7u, 0xbbe472e4u, 0xdc6a8fe5u,
        0xef2e0a13u, 0x88a0f712u, 0x2033f011u, 0x47bd0d10u, 0x46bafbfdu, 0x213406fcu,
        0x89a701ffu, 0xee29fcfeu, 0xdd6d7908u, 0xbae38409u, 0x1270830au, 0x75fe7e0bu,
        0x107f6ed0u, 0x77f193d1u, 0xdf6294d2u, 0xb8ec69d3u, 0x8ba8ec25u, 0xec261124u,
        0x44b51627u, 0x233beb26u, 0x223c1dcbu, 0x45b2e0cau, 0xed21e7c9u, 0x8aaf1ac8u,
        0xb9eb9f3eu, 0xde65623fu, 0x76f6653cu, 0x1178983du
    },
    { /* T15 */
        0x00000000u, 0xf20c0dfeu, 0xe1f46d0du, 0x13f860f3u, 0xc604acebu, 0x3408a115u,
        0x27f0c1e6u, 0xd5fccc18u, 0x89e52f27u, 0x7be922d9u, 0x6811422au, 0x9a1d4fd4u,
        0x4fe183ccu, 0xbded8e32u, 0xae15eec1u, 0x5c19e33fu, 0x162628bfu, 0xe42a2541u,
        0xf7d245b2u, 0x05de484cu, 0xd0228454u, 0x222e89aau, 0x31d6e959u, 0xc3dae4a7u,
        0x9fc30798u, 0x6dcf0a66u, 0x7e376a95u, 0x8c3b676bu, 0x59c7ab73u, 0xabcba68du,
        0xb833c67eu, 0x4a3fcb80u, 0x2c4c517eu, 0xde405c80u, 0xcdb83c73u, 0x3fb4318du,
        0xea48fd95u, 0x1844f06bu, 0x0bbc9098u, 0xf9b09d66u, 0xa5a97e59u, 0x57a573a7u,
        0x445d1354u, 0xb6511eaau, 0x63add2b2u, 0x91a1df4cu, 0x8259bfbfu, 0x7055b241u,
        0x3a6a79c1u, 0xc866743fu, 0xdb9e14ccu, 0x29921932u, 0xfc6ed52au, 0x0e62d8d4u,
        0x1d9ab827u, 0xef96b5d9u, 0xb38f56e6u, 0x41835b18u, 0x527b3bebu, 0xa0773615u,
        0x758bfa0du, 0x8787f7f3u, 0x947f9700u, 0x66739afeu, 0x5898a2fcu, 0xaa94af02u,
        0xb96ccff1u, 0x4b60c20fu, 0x9e9c0e17u, 0x6c9003e9u, 0x7f68631au, 0x8d646ee4u,
        0xd17d8ddbu, 0x23718025u, 0x3089e0d6u, 0xc285ed28u, 0x17792130u, 0xe5752cceu,
        0xf68d4c3du, 0x048141c3u, 0x4ebe8a43u, 0xbcb287bdu, 0xaf4ae74eu, 0x5d46eab0u,
        0x88ba26a8u, 0x7ab62b56u, 0x694e4ba5u, 0x9b42465bu, 0xc75ba564u, 0x3557a89au,
        0x26afc869u, 0xd4a3c597u, 0x015f098fu, 0xf3530471u, 0xe0ab6482u, 0x12a7697cu,
        0x74d4f382u, 0x86d8fe7cu, 0x95209e8fu, 0x672c9371u, 0xb2d05f69u, 0x40dc5297u,
        0x53243264u, 0xa1283f9au, 0xfd31dca5u, 0x0f3dd15bu, 0x1cc5b1a8u, 0xeec9bc56u,
        0x3b35704eu, 0xc9397db0u, 0xdac11d43u, 0x28cd10bdu, 0x62f2db3du, 0x90fed6c3u,
        0x8306b630u, 0x710abbceu, 0xa4f677d6u, 0x56fa7a28u, 0x45021adbu, 0xb70e1725u,
        0xeb17f41au, 0x191bf9e4u, 0x0ae39917u, 0xf8ef94e9u, 0x2d1358f1u, 0xdf1f550fu,
        0xcce735fcu, 0x3eeb3802u, 0xb13145f8u, 0x433d4806u, 0x50c528f5u, 0xa2c9250bu,
        0x7735e913u, 0x8539e4edu, 0x96c1841eu, 0x64cd89e0u, 0x38d46adfu, 0xcad86721u,
        0xd92007d2u, 0x2b2c0a2cu, 0xfed0c634u, 0x0cdccbcau, 0x1f24ab39u, 0xed28a6c7u,
        0xa7176d47u, 0x551b60b9u, 0x46e3004au, 0xb4ef0db4u, 0x6113c1acu, 0x931fcc52u,
        0x80e7aca1u, 0x72eba15fu, 0x2ef24260u, 0xdcfe4f9eu, 0xcf062f6du, 0x3d0a2293u,
        0xe8f6ee8bu, 0x1afae375u, 0x09028386u, 0xfb0e8e78u, 0x9d7d1486u, 0x6f711978u,
        0x7c89798bu, 0x8e857475u, 0x5b79b86du, 0xa975b593u, 0xba8dd560u, 0x4881d89eu,
        0x14983ba1u, 0xe694365fu, 0xf56c56acu, 0x07605b52u, 0xd29c974au, 0x20909ab4u,
        0x3368fa47u, 0xc164f7b9u, 0x8b5b3c39u, 0x795731c7u, 0x6aaf5134u, 0x98a35ccau,
        0x4d5f90d2u, 0xbf539d2cu, 0xacabfddfu, 0x5ea7f021u, 0x02be131eu, 0xf0b21ee0u,
        0xe34a7e13u, 0x114673edu, 0xc4babff5u, 0x36b6b20bu, 0x254ed2f8u, 0xd742df06u,
        0xe9a9e704u, 0x1ba5eafau, 0x085d8a09u, 0xfa5187f7u, 0x2fad4befu, 0xdda14611u,
        0xce5926e2u, 0x3c552b1cu, 0x604cc823u, 0x9240c5ddu, 0x81b8a52eu, 0x73b4a8d0u,
        0xa64864c8u, 0x54446936u, 0x47bc09c5u, 0xb5b0043bu, 0xff8fcfbbu, 0x0d83c245u,
        0x1e7ba2b6u, 0xec77af48u, 0x398b6350u, 0xcb876eaeu, 0xd87f0e5du, 0x2a7303a3u,
        0x766ae09cu, 0x8466ed62u, 0x979e8d91u, 0x6592806fu, 0xb06e4c77u, 0x42624189u,
        0x519a217au, 0xa3962c84u, 0xc5e5b67au, 0x37e9bb84u, 0x2411db77u, 0xd61dd689u,
        0x03e11a91u, 0xf1ed176fu, 0xe215779cu, 0x10197a62u, 0x4c00995du, 0xbe0c94a3u,
        0xadf4f450u, 0x5ff8f9aeu, 0x8a0435b6u, 0x78083848u, 0x6bf058bbu, 0x99fc5545u,
        0xd3c39ec5u, 0x21cf933bu, 0x3237f3c8u, 0xc03bfe36u, 0x15c7322eu, 0xe7cb3fd0u,
        0xf4335f23u, 0x063f52ddu, 0x5a26b1e2u, 0xa82abc1cu, 0xbbd2dcefu, 0x49ded111u,
        0x9c221d09u, 0x6e2e10f7u, 0x7dd67004u, 0x8fda7dfau
    }
#endif
};
#endif
#if !IW_CRC32C_SMALL
/* Little-endian 32-bit load at any alignment, on any host. gcc and clang merge the four octet
 * loads into one load where the target allows unaligned access (x86, Arm v7-M and later, as
 * fast as memcpy there) and keep them apart where it does not (RV32IMAC), where a memcpy of
 * unknown alignment would become a library call per word. */
static uint32_t iw__crc32c_le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
#endif

/* see crc32c.h */
IW_DEF uint32_t iw_crc32c_portable(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
#if IW_CRC32C_SMALL == 2
    uint32_t c = ~crc;
    while (n != 0) {
        c ^= *b++;
        c = (c >> 4) ^ iw__crc32c_tab4[c & 0xfu];
        c = (c >> 4) ^ iw__crc32c_tab4[c & 0xfu];
        n--;
    }
    return ~c;
#else
    const uint32_t(*t)[256] = iw__crc32c_tab;
    uint32_t c = ~crc;
#if !IW_CRC32C_SMALL
    while (n >= 16) {
        uint32_t w0 = iw__crc32c_le32(b) ^ c, w1 = iw__crc32c_le32(b + 4);
        uint32_t w2 = iw__crc32c_le32(b + 8), w3 = iw__crc32c_le32(b + 12);
        c = t[15][w0 & 0xffu] ^ t[14][(w0 >> 8) & 0xffu] ^ t[13][(w0 >> 16) & 0xffu] ^
            t[12][w0 >> 24] ^ t[11][w1 & 0xffu] ^ t[10][(w1 >> 8) & 0xffu] ^
            t[9][(w1 >> 16) & 0xffu] ^ t[8][w1 >> 24] ^ t[7][w2 & 0xffu] ^ t[6][(w2 >> 8) & 0xffu] ^
            t[5][(w2 >> 16) & 0xffu] ^ t[4][w2 >> 24] ^ t[3][w3 & 0xffu] ^ t[2][(w3 >> 8) & 0xffu] ^
            t[1][(w3 >> 16) & 0xffu] ^ t[0][w3 >> 24];
        b += 16;
        n -= 16;
    }
#endif
    while (n != 0) {
        c = (c >> 8) ^ t[0][(c ^ *b++) & 0xffu];
        n--;
    }
    return ~c;
#endif
}

#if IW_CFG_CRC32C_EXTRAS
/* ---- combine (zlib's crc32_combine, in GF(2)[x] mod P) ----------------------------------
 * CRC(a||b) = CRC(a) x^(8 len(b)) + CRC(b) mod P; the pre- and post-inversions cancel since
 * both CRCs carry them. x2n[k] = x^(2^k) mod P. P = (x + 1) times a primitive polynomial of
 * degree 31, so x^(2^31) = x mod P: the powers repeat with period 31 (32 for zlib's CRC-32). */
static const uint32_t iw__crc32c_x2n[31] = {
    0x40000000u, 0x20000000u, 0x08000000u, 0x00800000u, 0x00008000u, 0x82f63b78u,
    0x6ea2d55cu, 0x18b8ea18u, 0x510ac59au, 0xb82be955u, 0xb8fdb1e7u, 0x88e56f72u,
    0x74c360a4u, 0xe4172b16u, 0x0d65762au, 0x35d73a62u, 0x28461564u, 0xbf455269u,
    0xe2ea32dcu, 0xfe7740e6u, 0xf946610bu, 0x3c204f8fu, 0x538586e3u, 0x59726915u,
    0x734d5309u, 0xbc1ac763u, 0x7d0722ccu, 0xd289cabeu, 0xe94ca9bcu, 0x05b74f3fu,
    0xa51e1f42u
};
/* a b mod P, both reflected. Constant time: no branch on the data. */
static uint32_t iw__crc32c_mulmod(uint32_t a, uint32_t b)
{
    uint32_t prod = 0;
    int i;
    for (i = 0; i < 32; i++) {
        prod ^= b & (0u - (a >> 31)); /* after i shifts, bit 31 of a is the x^i coefficient */
        a <<= 1;
        b = (b >> 1) ^ (IW__CRC32C_POLY & (0u - (b & 1u))); /* b *= x */
    }
    return prod;
}

/* see crc32c.h */
IW_DEF uint32_t iw_crc32c_combine(uint32_t crc1, uint32_t crc2, size_t len2)
{
    uint32_t xp = 0x80000000u; /* x^0 */
    unsigned k = 3;            /* bit j of len2 stands for x^(8 * 2^j) = x^(2^(j + 3)) */
    while (len2 != 0) {
        if (len2 & 1u) xp = iw__crc32c_mulmod(iw__crc32c_x2n[k], xp);
        len2 >>= 1;
        if (++k == 31) k = 0;
    }
    return iw__crc32c_mulmod(xp, crc1) ^ crc2;
}
#endif

#if IW__CRC32C_X86 || IW__CRC32C_ARM
/* ---- three crc32 streams merged by table (sse42, armv8) ---------------------------------
 * A crc32 instruction takes 3 cycles but a new one can start every cycle, so three streams
 * over adjacent blocks of B octets keep the unit busy where one would idle two thirds of the
 * time. r = r0 x^(16 B) + r1 x^(8 B) + r2 mod P; multiplying by a constant is linear in the
 * register, so it is a lookup per nibble (eight 16-entry tables, 512 octets per constant). */
#define IW__CRC32C_LONG 2048u
#define IW__CRC32C_SHORT 256u
/* [0] x^(8 * 2 LONG), [1] x^(8 LONG), [2] x^(8 * 2 SHORT), [3] x^(8 SHORT), times the nibble
 * j of the register: iw__crc32c_shift[i][j][v] = (v << 4 j) x^(...) mod P. */
static const uint32_t iw__crc32c_shift[4][8][16] = {
    {
        {0x00000000u, 0xc2a5b65eu, 0x80a71a4du, 0x4202ac13u,
         0x04a2426bu, 0xc607f435u, 0x84055826u, 0x46a0ee78u,
         0x094484d6u, 0xcbe13288u, 0x89e39e9bu, 0x4b4628c5u,
         0x0de6c6bdu, 0xcf4370e3u, 0x8d41dcf0u, 0x4fe46aaeu},
        {0x00000000u, 0x128909acu, 0x25121358u, 0x379b1af4u,
         0x4a2426b0u, 0x58ad2f1cu, 0x6f3635e8u, 0x7dbf3c44u,
         0x94484d60u, 0x86c144ccu, 0xb15a5e38u, 0xa3d35794u,
         0xde6c6bd0u, 0xcce5627cu, 0xfb7e7888u, 0xe9f77124u},
        {0x00000000u, 0x2d7cec31u, 0x5af9d862u, 0x77853453u,
         0xb5f3b0c4u, 0x988f5cf5u, 0xef0a68a6u, 0xc2768497u,
         0x6e0b1779u, 0x4377fb48u, 0x34f2cf1bu, 0x198e232au,
         0xdbf8a7bdu, 0xf6844b8cu, 0x81017fdfu, 0xac7d93eeu},
        {0x00000000u, 0xdc162ef2u, 0xbdc02b15u, 0x61d605e7u,
         0x7e6c20dbu, 0xa27a0e29u, 0xc3ac0bceu, 0x1fba253cu,
         0xfcd841b6u, 0x20ce6f44u, 0x41186aa3u, 0x9d0e4451u,
         0x82b4616du, 0x5ea24f9fu, 0x3f744a78u, 0xe362648au},
        {0x00000000u, 0xfc5cf59du, 0xfd559dcbu, 0x01096856u,
         0xff474d67u, 0x031bb8fau, 0x0212d0acu, 0xfe4e2531u,
         0xfb62ec3fu, 0x073e19a2u, 0x063771f4u, 0xfa6b8469u,
         0x0425a158u, 0xf87954c5u, 0xf9703c93u, 0x052cc90eu},
        {0x00000000u, 0xf329ae8fu, 0xe3bf2befu, 0x10968560u,
         0xc292212fu, 0x31bb8fa0u, 0x212d0ac0u, 0xd204a44fu,
         0x80c834afu, 0x73e19a20u, 0x63771f40u, 0x905eb1cfu,
         0x425a1580u, 0xb173bb0fu, 0xa1e53e6fu, 0x52cc90e0u},
        {0x00000000u, 0x047c1fafu, 0x08f83f5eu, 0x0c8420f1u,
         0x11f07ebcu, 0x158c6113u, 0x190841e2u, 0x1d745e4du,
         0x23e0fd78u, 0x279ce2d7u, 0x2b18c226u, 0x2f64dd89u,
         0x321083c4u, 0x366c9c6bu, 0x3ae8bc9au, 0x3e94a335u},
        {0x00000000u, 0x47c1faf0u, 0x8f83f5e0u, 0xc8420f10u,
         0x1aeb9d31u, 0x5d2a67c1u, 0x956868d1u, 0xd2a99221u,
         0x35d73a62u, 0x7216c092u, 0xba54cf82u, 0xfd953572u,
         0x2f3ca753u, 0x68fd5da3u, 0xa0bf52b3u, 0xe77ea843u}
    },
    {
        {0x00000000u, 0xf7506984u, 0xeb4ca5f9u, 0x1c1ccc7du,
         0xd3753d03u, 0x24255487u, 0x383998fau, 0xcf69f17eu,
         0xa3060cf7u, 0x54566573u, 0x484aa90eu, 0xbf1ac08au,
         0x707331f4u, 0x87235870u, 0x9b3f940du, 0x6c6ffd89u},
        {0x00000000u, 0x43e06f1fu, 0x87c0de3eu, 0xc420b121u,
         0x0a6dca8du, 0x498da592u, 0x8dad14b3u, 0xce4d7bacu,
         0x14db951au, 0x573bfa05u, 0x931b4b24u, 0xd0fb243bu,
         0x1eb65f97u, 0x5d563088u, 0x997681a9u, 0xda96eeb6u},
        {0x00000000u, 0x29b72a34u, 0x536e5468u, 0x7ad97e5cu,
         0xa6dca8d0u, 0x8f6b82e4u, 0xf5b2fcb8u, 0xdc05d68cu,
         0x48552751u, 0x61e20d65u, 0x1b3b7339u, 0x328c590du,
         0xee898f81u, 0xc73ea5b5u, 0xbde7dbe9u, 0x9450f1ddu},
        {0x00000000u, 0x90aa4ea2u, 0x24b8ebb5u, 0xb412a517u,
         0x4971d76au, 0xd9db99c8u, 0x6dc93cdfu, 0xfd63727du,
         0x92e3aed4u, 0x0249e076u, 0xb65b4561u, 0x26f10bc3u,
         0xdb9279beu, 0x4b38371cu, 0xff2a920bu, 0x6f80dca9u},
        {0x00000000u, 0x202b2b59u, 0x405656b2u, 0x607d7debu,
         0x80acad64u, 0xa087863du, 0xc0fafbd6u, 0xe0d1d08fu,
         0x04b52c39u, 0x249e0760u, 0x44e37a8bu, 0x64c851d2u,
         0x8419815du, 0xa432aa04u, 0xc44fd7efu, 0xe464fcb6u},
        {0x00000000u, 0x096a5872u, 0x12d4b0e4u, 0x1bbee896u,
         0x25a961c8u, 0x2cc339bau, 0x377dd12cu, 0x3e17895eu,
         0x4b52c390u, 0x42389be2u, 0x59867374u, 0x50ec2b06u,
         0x6efba258u, 0x6791fa2au, 0x7c2f12bcu, 0x75454aceu},
        {0x00000000u, 0x96a58720u, 0x28a778b1u, 0xbe02ff91u,
         0x514ef162u, 0xc7eb7642u, 0x79e989d3u, 0xef4c0ef3u,
         0xa29de2c4u, 0x343865e4u, 0x8a3a9a75u, 0x1c9f1d55u,
         0xf3d313a6u, 0x65769486u, 0xdb746b17u, 0x4dd1ec37u},
        {0x00000000u, 0x40d7b379u, 0x81af66f2u, 0xc178d58bu,
         0x06b2bb15u, 0x4665086cu, 0x871ddde7u, 0xc7ca6e9eu,
         0x0d65762au, 0x4db2c553u, 0x8cca10d8u, 0xcc1da3a1u,
         0x0bd7cd3fu, 0x4b007e46u, 0x8a78abcdu, 0xcaaf18b4u}
    },
    {
        {0x00000000u, 0xbd6f81f8u, 0x7f337501u, 0xc25cf4f9u,
         0xfe66ea02u, 0x43096bfau, 0x81559f03u, 0x3c3a1efbu,
         0xf921a2f5u, 0x444e230du, 0x8612d7f4u, 0x3b7d560cu,
         0x074748f7u, 0xba28c90fu, 0x78743df6u, 0xc51bbc0eu},
        {0x00000000u, 0xf7af331bu, 0xeab210c7u, 0x1d1d23dcu,
         0xd088577fu, 0x27276464u, 0x3a3a47b8u, 0xcd9574a3u,
         0xa4fcd80fu, 0x5353eb14u, 0x4e4ec8c8u, 0xb9e1fbd3u,
         0x74748f70u, 0x83dbbc6bu, 0x9ec69fb7u, 0x6969acacu},
        {0x00000000u, 0x4c15c6efu, 0x982b8ddeu, 0xd43e4b31u,
         0x35bb6d4du, 0x79aeaba2u, 0xad90e093u, 0xe185267cu,
         0x6b76da9au, 0x27631c75u, 0xf35d5744u, 0xbf4891abu,
         0x5ecdb7d7u, 0x12d87138u, 0xc6e63a09u, 0x8af3fce6u},
        {0x00000000u, 0xd6edb534u, 0xa8371c99u, 0x7edaa9adu,
         0x55824fc3u, 0x836ffaf7u, 0xfdb5535au, 0x2b58e66eu,
         0xab049f86u, 0x7de92ab2u, 0x0333831fu, 0xd5de362bu,
         0xfe86d045u, 0x286b6571u, 0x56b1ccdcu, 0x805c79e8u},
        {0x00000000u, 0x53e549fdu, 0xa7ca93fau, 0xf42fda07u,
         0x4a795105u, 0x199c18f8u, 0xedb3c2ffu, 0xbe568b02u,
         0x94f2a20au, 0xc717ebf7u, 0x333831f0u, 0x60dd780du,
         0xde8bf30fu, 0x8d6ebaf2u, 0x794160f5u, 0x2aa42908u},
        {0x00000000u, 0x2c0932e5u, 0x581265cau, 0x741b572fu,
         0xb024cb94u, 0x9c2df971u, 0xe836ae5eu, 0xc43f9cbbu,
         0x65a5e1d9u, 0x49acd33cu, 0x3db78413u, 0x11beb6f6u,
         0xd5812a4du, 0xf98818a8u, 0x8d934f87u, 0xa19a7d62u},
        {0x00000000u, 0xcb4bc3b2u, 0x937bf195u, 0x58303227u,
         0x231b95dbu, 0xe8505669u, 0xb060644eu, 0x7b2ba7fcu,
         0x46372bb6u, 0x8d7ce804u, 0xd54cda23u, 0x1e071991u,
         0x652cbe6du, 0xae677ddfu, 0xf6574ff8u, 0x3d1c8c4au},
        {0x00000000u, 0x8c6e576cu, 0x1d30d829u, 0x915e8f45u,
         0x3a61b052u, 0xb60fe73eu, 0x2751687bu, 0xab3f3f17u,
         0x74c360a4u, 0xf8ad37c8u, 0x69f3b88du, 0xe59defe1u,
         0x4ea2d0f6u, 0xc2cc879au, 0x539208dfu, 0xdffc5fb3u}
    },
    {
        {0x00000000u, 0xdcb17aa4u, 0xbc8e83b9u, 0x603ff91du,
         0x7cf17183u, 0xa0400b27u, 0xc07ff23au, 0x1cce889eu,
         0xf9e2e306u, 0x255399a2u, 0x456c60bfu, 0x99dd1a1bu,
         0x85139285u, 0x59a2e821u, 0x399d113cu, 0xe52c6b98u},
        {0x00000000u, 0xf629b0fdu, 0xe9bf170bu, 0x1f96a7f6u,
         0xd69258e7u, 0x20bbe81au, 0x3f2d4fecu, 0xc904ff11u,
         0xa8c8c73fu, 0x5ee177c2u, 0x4177d034u, 0xb75e60c9u,
         0x7e5a9fd8u, 0x88732f25u, 0x97e588d3u, 0x61cc382eu},
        {0x00000000u, 0x547df88fu, 0xa8fbf11eu, 0xfc860991u,
         0x541b94cdu, 0x00666c42u, 0xfce065d3u, 0xa89d9d5cu,
         0xa837299au, 0xfc4ad115u, 0x00ccd884u, 0x54b1200bu,
         0xfc2cbd57u, 0xa85145d8u, 0x54d74c49u, 0x00aab4c6u},
        {0x00000000u, 0x558225c5u, 0xab044b8au, 0xfe866e4fu,
         0x53e4e1e5u, 0x0666c420u, 0xf8e0aa6fu, 0xad628faau,
         0xa7c9c3cau, 0xf24be60fu, 0x0ccd8840u, 0x594fad85u,
         0xf42d222fu, 0xa1af07eau, 0x5f2969a5u, 0x0aab4c60u},
        {0x00000000u, 0x4a7ff165u, 0x94ffe2cau, 0xde8013afu,
         0x2c13b365u, 0x666c4200u, 0xb8ec51afu, 0xf293a0cau,
         0x582766cau, 0x125897afu, 0xccd88400u, 0x86a77565u,
         0x7434d5afu, 0x3e4b24cau, 0xe0cb3765u, 0xaab4c600u},
        {0x00000000u, 0xb04ecd94u, 0x6571edd9u, 0xd53f204du,
         0xcae3dbb2u, 0x7aad1626u, 0xaf92366bu, 0x1fdcfbffu,
         0x902bc195u, 0x20650c01u, 0xf55a2c4cu, 0x4514e1d8u,
         0x5ac81a27u, 0xea86d7b3u, 0x3fb9f7feu, 0x8ff73a6au},
        {0x00000000u, 0x25bbf5dbu, 0x4b77ebb6u, 0x6ecc1e6du,
         0x96efd76cu, 0xb35422b7u, 0xdd983cdau, 0xf823c901u,
         0x2833d829u, 0x0d882df2u, 0x6344339fu, 0x46ffc644u,
         0xbedc0f45u, 0x9b67fa9eu, 0xf5abe4f3u, 0xd0101128u},
        {0x00000000u, 0x5067b052u, 0xa0cf60a4u, 0xf0a8d0f6u,
         0x4472b7b9u, 0x141507ebu, 0xe4bdd71du, 0xb4da674fu,
         0x88e56f72u, 0xd882df20u, 0x282a0fd6u, 0x784dbf84u,
         0xcc97d8cbu, 0x9cf06899u, 0x6c58b86fu, 0x3c3f083du}
    }
};
static uint32_t iw__crc32c_shift_by(const uint32_t t[8][16], uint32_t c)
{
    return t[0][c & 15u] ^ t[1][(c >> 4) & 15u] ^ t[2][(c >> 8) & 15u] ^ t[3][(c >> 12) & 15u] ^
           t[4][(c >> 16) & 15u] ^ t[5][(c >> 20) & 15u] ^ t[6][(c >> 24) & 15u] ^ t[7][c >> 28];
}
#endif

#if IW__CRC32C_X86
/* ---- x86-64 -----------------------------------------------------------------------------
 * Every function below carries a target attribute, so the library builds without -msse4.2
 * and the like. They run only when cpuid said so (select, impls) or the build's own flags
 * promise the instructions (iw_crc32c). */
#include <immintrin.h>
#define IW__CRC32C_T_SSE42 __attribute__((target("sse4.2")))
#define IW__CRC32C_T_PCLMUL __attribute__((target("sse4.2,pclmul")))
#define IW__CRC32C_T_VPCLMUL __attribute__((target("sse4.2,pclmul,avx512f,avx512vl,vpclmulqdq")))
#define IW__CRC32C_INLINE __inline__ __attribute__((__always_inline__))
#define IW__CRC32C_NOINLINE __attribute__((__noinline__)) /* keeps the short-input entries small */

/* Fold constants. Moving a 128-bit block D octets further down the message multiplies its
 * lane 0 (the first 8 octets, higher degree) by x^(8D + 64) and lane 1 by x^(8D). pclmul of two
 * reflected operands yields their product times x, and a constant in the low 32 bits of a lane
 * is another x^32, so the constants are x^(8D + 64 - 33) (_HI) and x^(8D - 33) (_LO) mod P. */
#define IW__CRC32C_K16_HI 0xf20c0dfeu
#define IW__CRC32C_K16_LO 0x493c7d27u
#define IW__CRC32C_K32_HI 0x3da6d0cbu
#define IW__CRC32C_K32_LO 0xba4fc28eu
#define IW__CRC32C_K48_HI 0x1c291d04u
#define IW__CRC32C_K48_LO 0xddc0152bu
#define IW__CRC32C_K64_HI 0x740eef02u
#define IW__CRC32C_K64_LO 0x9e4addf8u
#define IW__CRC32C_K128_HI 0x6992cea2u
#define IW__CRC32C_K128_LO 0x0d3b6092u
#define IW__CRC32C_K192_HI 0xa87ab8a8u
#define IW__CRC32C_K192_LO 0xab7aff2au
#define IW__CRC32C_K256_HI 0xdcb17aa4u
#define IW__CRC32C_K256_LO 0xb9e02b86u

static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint64_t iw__crc32c_ld64(const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
    return v;
}

/* Register over n octets with the crc32 instruction, 8 octets each (x86 is little-endian, so
 * a 64-bit load hands it the octets in memory order). Unrolled: a 64-octet FPDU takes two
 * loop turns. One chain of 3-cycle instructions, but back-to-back calls overlap. */
static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint32_t iw__crc32c_sse42_run(uint32_t c, const uint8_t *b,
                                                                         size_t n)
{
    uint64_t c64 = c;
    while (n >= 32) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 8));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 16));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 24));
        b += 32;
        n -= 32;
    }
    if (n & 16u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 8));
        b += 16;
    }
    if (n & 8u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b));
        b += 8;
    }
    c = (uint32_t)c64;
    if (n & 4u) {
        uint32_t v;
        IW_MEMCPY(&v, b, 4);
        c = _mm_crc32_u32(c, v);
        b += 4;
    }
    if (n & 2u) {
        uint16_t v;
        IW_MEMCPY(&v, b, 2);
        c = _mm_crc32_u16(c, v);
        b += 2;
    }
    if (n & 1u) c = _mm_crc32_u8(c, *b);
    return c;
}

/* Three streams of bl octets each (bl a multiple of 8), merged with the shift tables. */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_sse42_3way(uint32_t c, const uint8_t *b, size_t bl,
                                                         const uint32_t t2[8][16],
                                                         const uint32_t t1[8][16])
{
    uint64_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = _mm_crc32_u64(c0, iw__crc32c_ld64(b));
        c1 = _mm_crc32_u64(c1, iw__crc32c_ld64(b + bl));
        c2 = _mm_crc32_u64(c2, iw__crc32c_ld64(b + 2 * bl));
        b += 8;
    }
    return iw__crc32c_shift_by(t2, (uint32_t)c0) ^ iw__crc32c_shift_by(t1, (uint32_t)c1) ^
           (uint32_t)c2;
}

/* "sse42": the crc32 instruction alone (any x86-64 with SSE4.2). */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_sse42(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_sse42_3way(c, b, IW__CRC32C_LONG, iw__crc32c_shift[0], iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_sse42_3way(c, b, IW__CRC32C_SHORT, iw__crc32c_shift[2], iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_sse42_run(c, b, n);
}

/* ---- carry-less multiply ----------------------------------------------------------------
 * pclmul of two reflected 32-bit values (in the low halves) gives a 64-bit lane whose
 * polynomial is a b x; crc32 of that lane from register 0 reduces it mod P and multiplies by
 * x^32. So crc32(0, clmul(a, b)) = a b x^33 mod P, and with b = x^(e - 33) it moves a by x^e. */
static IW__CRC32C_T_PCLMUL uint64_t iw__crc32c_clmul32(uint32_t a, uint32_t b)
{
    return (uint64_t)_mm_cvtsi128_si64(
        _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0x00));
}

static IW__CRC32C_T_PCLMUL uint32_t iw__crc32c_mul33(uint32_t a, uint32_t b)
{
    return (uint32_t)_mm_crc32_u64(0, iw__crc32c_clmul32(a, b));
}

static IW__CRC32C_T_PCLMUL __m128i iw__crc32c_fold16(__m128i x, __m128i k)
{
    return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11));
}

/* A 128-bit remainder that ends the message so far, as a register: its 16 octets fed to
 * crc32 from 0 give exactly value x^32 mod P. */
static IW__CRC32C_T_PCLMUL uint32_t iw__crc32c_reduce128(__m128i x)
{
    uint64_t c = _mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(x));
    return (uint32_t)_mm_crc32_u64(c, (uint64_t)_mm_extract_epi64(x, 1));
}

#define IW__CRC32C_LDX(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

/* ---- hybrid: folding side by side with crc32 streams ------------------------------------
 * Folding runs on the vector unit and crc32 on an integer unit, so both at once beat either.
 * A chunk is laid out [vector region][stream 0]..[stream ns-1], ns = 3 or 6 streams of sl
 * octets each. Each step folds one vector block while every stream takes q words; the
 * registers merge at the end of the chunk:
 *   r = c X^ns + r_0 X^(ns-1) + ... + r_(ns-1)  with X = x^(8 sl),
 * each product crc32(0, clmul(r_i, k_j)), k_j = x^(8 j sl - 33). A stream is at most
 * 8 IW__CRC32C_WMAX octets, so long input takes several chunks (a few KiB to 27 KiB).
 * iw__crc32c_xw[w - 1] = x^(64 w - 33) mod P is k_1 for sl = 8 w. */
#define IW__CRC32C_WMAX 256
static const uint32_t iw__crc32c_xw[IW__CRC32C_WMAX] = {
    0x00000001u, 0x493c7d27u, 0xf20c0dfeu, 0xba4fc28eu, 0x3da6d0cbu, 0xddc0152bu,
    0x1c291d04u, 0x9e4addf8u, 0x740eef02u, 0x39d3b296u, 0x083a6eecu, 0x0715ce53u,
    0xc49f4f67u, 0x47db8317u, 0x2ad91c30u, 0x0d3b6092u, 0x6992cea2u, 0xc96cfdc0u,
    0x7e908048u, 0x878a92a7u, 0x1b3d8f29u, 0xdaece73eu, 0xf1d0f55eu, 0xab7aff2au,
    0xa87ab8a8u, 0x2162d385u, 0x8462d800u, 0x83348832u, 0x71d111a8u, 0x299847d5u,
    0xffd852c6u, 0xb9e02b86u, 0xdcb17aa4u, 0x18b33a4eu, 0xf37c5aeeu, 0xb6dd949bu,
    0x6051d5a2u, 0x78d9ccb7u, 0x18b0d4ffu, 0xbac2fd7bu, 0x21f3d99cu, 0xa60ce07bu,
    0x8f158014u, 0xce7f39f4u, 0xa00457f7u, 0x61d82e56u, 0x8d6d2c43u, 0xd270f1a2u,
    0x00ac29cfu, 0xc619809du, 0xe9adf796u, 0x2b3cac5du, 0x96638b34u, 0x65863b64u,
    0xe0e9f351u, 0x1b03397fu, 0x9af01f2du, 0xebb883bdu, 0x2cff42cfu, 0xb3e32c28u,
    0x88f25a3au, 0x064f7f26u, 0x4e36f0b0u, 0xdd7e3b0cu, 0xbd6f81f8u, 0xf285651cu,
    0x91c9bd4bu, 0x10746f3cu, 0x885f087bu, 0xc7a68855u, 0x4c144932u, 0x271d9844u,
    0x52148f02u, 0x8e766a0cu, 0xa3c6f37au, 0x93a5f730u, 0xd7c0557fu, 0x6cb08e5cu,
    0x63ded06au, 0x6b749fb2u, 0x4d56973cu, 0x1393e203u, 0x9669c9dfu, 0xcec3662eu,
    0xe417f38au, 0x96c515bbu, 0x4b9e0f71u, 0xe6fc4e6au, 0xd104b8fcu, 0x8227bb8au,
    0x5b397730u, 0xb0cd4768u, 0xe78eb416u, 0x39c7ff35u, 0x61ff0e01u, 0xd7a4825cu,
    0x8d96551cu, 0x0ab3844bu, 0x0bf80dd2u, 0x0167d312u, 0x8821abedu, 0xf6076544u,
    0x6a45d2b2u, 0x26f6a60au, 0xd8d26619u, 0xa741c1bfu, 0xde87806cu, 0x98d8d9cbu,
    0x14338754u, 0x49c3cc9cu, 0x5bd2011fu, 0x68bce87au, 0xdd07448eu, 0x57a3d037u,
    0xdde8f5b9u, 0x6956fc3bu, 0xa3e3e02cu, 0x42d98888u, 0xd73c7beau, 0x3771e98fu,
    0x80ff0093u, 0xb42ae3d9u, 0x8fe4c34du, 0x2178513au, 0xdf99fc11u, 0xe0ac139eu,
    0x6c23e841u, 0x170076fau, 0xfe314258u, 0x444dd413u, 0x0d8373a0u, 0x6f345e45u,
    0x19e3635eu, 0x41d17b64u, 0x29f268b4u, 0xff0dba97u, 0x1dc0632au, 0xa2b73df1u,
    0x1614f396u, 0xf872e54cu, 0x9e2993d3u, 0x1e41e9fcu, 0x6bebd73cu, 0x86d8e4d2u,
    0x63ae91e6u, 0x651bd98bu, 0xf8c9da7au, 0x5bb8f1bcu, 0x945a19c1u, 0xa90fd27au,
    0xee8213b7u, 0xb3af077au, 0x93781dc7u, 0x4984d782u, 0xccc4a1b9u, 0xca6ef3acu,
    0xa2c2d971u, 0x234e0b26u, 0x1cad4452u, 0xdd66cbbbu, 0x74922601u, 0x4597456au,
    0xc55f7eabu, 0xe9e28eb4u, 0xa1962329u, 0x7b3ff57au, 0x2d370749u, 0xc9c8b782u,
    0x397d84a1u, 0x3f70cc6fu, 0x79113270u, 0x93e106a4u, 0xbc817803u, 0x62ec6c6du,
    0x88eb3c07u, 0xd813b325u, 0x6e4cb630u, 0x0df04680u, 0x71971d5cu, 0x2342001eu,
    0xf33b8bc6u, 0x0a2a8d7eu, 0x9fb3bbc0u, 0x6d9a4957u, 0x6ef22b23u, 0xe8b6368bu,
    0xce2df768u, 0xd2c3ed1au, 0xe53a4fc7u, 0x995a5724u, 0xbe60a91au, 0x9ef68d35u,
    0x1dfa0a15u, 0x0c139b31u, 0x8ec52396u, 0xf2271e60u, 0x0e766b11u, 0x0b0bf8cau,
    0x475846a4u, 0x2664fd8bu, 0xb2a3dfa6u, 0xed64812du, 0xdc1a160cu, 0x02ee03b2u,
    0x79afdf1cu, 0x8604ae0fu, 0x07ac6e46u, 0x363bd6b3u, 0x15f85253u, 0x135c83fdu,
    0x1bec24ddu, 0x5fabe670u, 0x4c36cd5bu, 0x35ec3279u, 0xe0a22e29u, 0x00bcf5f6u,
    0x7c2b6ed9u, 0x8ae00689u, 0x06ff88fdu, 0x17f27698u, 0xf7317cf0u, 0x58ca5f00u,
    0x61b6e40bu, 0xaa7c7ad5u, 0xde8a97f8u, 0xb5cfca28u, 0x88f61445u, 0xded288f8u,
    0xd4520e9eu, 0x59f229bcu, 0x0c592bd5u, 0x6d390decu, 0x38edfaf3u, 0x37170390u,
    0x72cbfcdbu, 0x6353c1ccu, 0x348331a5u, 0xc4584f5cu, 0xc3977c19u, 0xf48642e9u,
    0xdafaea7cu, 0x531377e2u, 0x73db4c04u, 0xdd35bc8du, 0x72675ce8u, 0xb25b29f2u,
    0x3ec2ff83u, 0x9a5ede41u, 0xe8c7a017u, 0xa563905du, 0xcf4bfaefu, 0x45cddf4eu,
    0x6bde1ac7u, 0xacfa3103u, 0xae1175c2u, 0xa51b6135u
};
/* k[j - 1] = k_j for j = 1..ns and sl = 8 w: the table gives k_1, and since mul33 adds the
 * exponents and 33, products give the others. Done before the loop, off its critical path. */
static IW__CRC32C_T_PCLMUL IW__CRC32C_INLINE void iw__crc32c_hybk(uint32_t k[6], size_t w, const int ns)
{
    k[0] = iw__crc32c_xw[w - 1];
    k[1] = iw__crc32c_mul33(k[0], k[0]);
    k[2] = iw__crc32c_mul33(k[0], k[1]);
    if (ns > 3) {
        k[3] = iw__crc32c_mul33(k[1], k[1]);
        k[4] = iw__crc32c_mul33(k[1], k[2]);
        k[5] = iw__crc32c_mul33(k[2], k[2]);
    }
}

/* c (the vector region's register) followed by the ns stream registers. */
static IW__CRC32C_T_PCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_merge(uint32_t c, const uint32_t k[6],
                                                                      const int ns, uint64_t r0,
                                                                      uint64_t r1, uint64_t r2,
                                                                      uint64_t r3, uint64_t r4,
                                                                      uint64_t r5)
{
    uint64_t v;
    if (ns == 3) {
        v = iw__crc32c_clmul32(c, k[2]) ^ iw__crc32c_clmul32((uint32_t)r0, k[1]) ^
            iw__crc32c_clmul32((uint32_t)r1, k[0]);
        return (uint32_t)_mm_crc32_u64(0, v) ^ (uint32_t)r2;
    }
    v = iw__crc32c_clmul32(c, k[5]) ^ iw__crc32c_clmul32((uint32_t)r0, k[4]) ^
        iw__crc32c_clmul32((uint32_t)r1, k[3]) ^ iw__crc32c_clmul32((uint32_t)r2, k[2]) ^
        iw__crc32c_clmul32((uint32_t)r3, k[1]) ^ iw__crc32c_clmul32((uint32_t)r4, k[0]);
    return (uint32_t)_mm_crc32_u64(0, v) ^ (uint32_t)r5;
}

/* One word of every stream at offset off (uses the caller's r0..r5, s = stream 0, s3 =
 * stream 3 and sl). Two base pointers keep each address base + {0, 1, 2} sl + off. */
#define IW__CRC32C_WORD(ns, off)                                                    \
    do {                                                                            \
        r0 = _mm_crc32_u64(r0, iw__crc32c_ld64(s + (off)));                         \
        r1 = _mm_crc32_u64(r1, iw__crc32c_ld64(s + sl + (off)));                    \
        r2 = _mm_crc32_u64(r2, iw__crc32c_ld64(s + 2 * sl + (off)));                \
        if ((ns) > 3) {                                                             \
            r3 = _mm_crc32_u64(r3, iw__crc32c_ld64(s3 + (off)));                    \
            r4 = _mm_crc32_u64(r4, iw__crc32c_ld64(s3 + sl + (off)));               \
            r5 = _mm_crc32_u64(r5, iw__crc32c_ld64(s3 + 2 * sl + (off)));           \
        }                                                                           \
    } while (0)
/* One step: q words of every stream (ns and q are constants once inlined, 3 <= q <= 5). */
#define IW__CRC32C_STEP(ns, q)                  \
    do {                                        \
        IW__CRC32C_WORD(ns, 0);                 \
        IW__CRC32C_WORD(ns, 8);                 \
        IW__CRC32C_WORD(ns, 16);                \
        if ((q) >= 4) IW__CRC32C_WORD(ns, 24);  \
        if ((q) >= 5) IW__CRC32C_WORD(ns, 32);  \
        s += 8 * (q);                           \
        s3 += 8 * (q);                          \
    } while (0)

/* "pclmul": 128-bit folding, four accumulators (64 octets per step), n >= 64; from
 * IW__CRC32C_XHYB_MIN on with 3 streams of IW__CRC32C_XQ words per step. */
#define IW__CRC32C_XMIN 128u /* below: crc32 instruction only */
#define IW__CRC32C_XQ 4
#define IW__CRC32C_XUNIT (64u + 24u * IW__CRC32C_XQ)
#define IW__CRC32C_XHYB_MIN 512u /* >= 64 + XUNIT */
static IW__CRC32C_T_PCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_pclmul_big(uint32_t c,
                                                                             const uint8_t *b,
                                                                             size_t n)
{
    const __m128i k64 = _mm_set_epi64x(IW__CRC32C_K64_LO, IW__CRC32C_K64_HI);
    const __m128i k16 = _mm_set_epi64x(IW__CRC32C_K16_LO, IW__CRC32C_K16_HI);
    for (;;) {
        const uint8_t *s, *s3; /* s3 and r3..r5 are unused with three streams */
        size_t m = 0, sl = 0, len = n;
        uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
        uint32_t k[6] = {0, 0, 0, 0, 0, 0};
        __m128i x0, x1, x2, x3;
        if (n >= IW__CRC32C_XHYB_MIN) {
            m = (n - 64) / IW__CRC32C_XUNIT;
            if (m > IW__CRC32C_WMAX / IW__CRC32C_XQ) { /* a whole chunk first, the rest after */
                m = IW__CRC32C_WMAX / IW__CRC32C_XQ;
                len = 64 + m * IW__CRC32C_XUNIT;
            }
            sl = m * 8 * IW__CRC32C_XQ;
            iw__crc32c_hybk(k, sl / 8, 3);
        }
        n -= len;
        len -= 3 * sl; /* the vector region */
        s = s3 = b + len;
        x0 = _mm_xor_si128(IW__CRC32C_LDX(b), _mm_cvtsi32_si128((int)c)); /* c enters as data */
        x1 = IW__CRC32C_LDX(b + 16);
        x2 = IW__CRC32C_LDX(b + 32);
        x3 = IW__CRC32C_LDX(b + 48);
        b += 64;
        len -= 64;
        for (; m != 0; m--) {
            x0 = _mm_xor_si128(iw__crc32c_fold16(x0, k64), IW__CRC32C_LDX(b));
            x1 = _mm_xor_si128(iw__crc32c_fold16(x1, k64), IW__CRC32C_LDX(b + 16));
            x2 = _mm_xor_si128(iw__crc32c_fold16(x2, k64), IW__CRC32C_LDX(b + 32));
            x3 = _mm_xor_si128(iw__crc32c_fold16(x3, k64), IW__CRC32C_LDX(b + 48));
            IW__CRC32C_STEP(3, IW__CRC32C_XQ);
            b += 64;
            len -= 64;
        }
        while (len >= 64) {
            x0 = _mm_xor_si128(iw__crc32c_fold16(x0, k64), IW__CRC32C_LDX(b));
            x1 = _mm_xor_si128(iw__crc32c_fold16(x1, k64), IW__CRC32C_LDX(b + 16));
            x2 = _mm_xor_si128(iw__crc32c_fold16(x2, k64), IW__CRC32C_LDX(b + 32));
            x3 = _mm_xor_si128(iw__crc32c_fold16(x3, k64), IW__CRC32C_LDX(b + 48));
            b += 64;
            len -= 64;
        }
        /* 4 -> 1: x0, x1, x2 move 48, 32, 16 octets on */
        x3 = _mm_xor_si128(x3, iw__crc32c_fold16(x2, k16));
        x3 = _mm_xor_si128(x3, iw__crc32c_fold16(x1, _mm_set_epi64x(IW__CRC32C_K32_LO,
                                                                    IW__CRC32C_K32_HI)));
        x3 = _mm_xor_si128(x3, iw__crc32c_fold16(x0, _mm_set_epi64x(IW__CRC32C_K48_LO,
                                                                    IW__CRC32C_K48_HI)));
        while (len >= 16) {
            x3 = _mm_xor_si128(iw__crc32c_fold16(x3, k16), IW__CRC32C_LDX(b));
            b += 16;
            len -= 16;
        }
        c = iw__crc32c_sse42_run(iw__crc32c_reduce128(x3), b, len);
        if (sl != 0) c = iw__crc32c_merge(c, k, 3, r0, r1, r2, r3, r4, r5);
        b += len + 3 * sl;
        if (n == 0) return c;
    }
}

static IW__CRC32C_T_PCLMUL uint32_t iw__crc32c_pclmul(uint32_t crc, const void *p, size_t n)
{
    if (n < IW__CRC32C_XMIN) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_pclmul_big(~crc, (const uint8_t *)p, n);
}

/* The _mm512 intrinsics used here avoid _mm512_undefined_*(), which g++ 12 reports as
 * uninitialized once inlined (-Wuninitialized at -O1 and above). */
#define IW__CRC32C_K4(hi, lo) _mm512_set_epi64((lo), (hi), (lo), (hi), (lo), (hi), (lo), (hi))
#define IW__CRC32C_LANE(z, i) _mm512_maskz_extracti32x4_epi32(0xf, (z), (i))
#define IW__CRC32C_LDZ(p) _mm512_loadu_si512((const void *)(p))

/* Four 128-bit folds at once, XORed into y (0x96: a ^ b ^ c). */
static IW__CRC32C_T_VPCLMUL __m512i iw__crc32c_fold64(__m512i x, __m512i k, __m512i y)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x00),
                                     _mm512_clmulepi64_epi128(x, k, 0x11), y, 0x96);
}

/* Register of a message that ends with the 64 octets folded into z and then len < 64 octets
 * at b. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_zfinish(__m512i z, const uint8_t *b,
                                                                         size_t len)
{
    /* 4 lanes -> 1: lane i moves 48 - 16 i octets on; lane 3 is in place already */
    __m512i t = _mm512_set_epi64(0, 0, IW__CRC32C_K16_LO, IW__CRC32C_K16_HI, IW__CRC32C_K32_LO,
                                 IW__CRC32C_K32_HI, IW__CRC32C_K48_LO, IW__CRC32C_K48_HI);
    __m128i x;
    t = _mm512_xor_si512(_mm512_clmulepi64_epi128(z, t, 0x00), _mm512_clmulepi64_epi128(z, t, 0x11));
    x = _mm_ternarylogic_epi64(IW__CRC32C_LANE(t, 0), IW__CRC32C_LANE(t, 1), IW__CRC32C_LANE(t, 2),
                               0x96);
    x = _mm_xor_si128(x, IW__CRC32C_LANE(z, 3));
    _mm256_zeroupper(); /* dirty upper halves slowed the caller's later SSE code 2x here */
    while (len >= 16) {
        x = _mm_xor_si128(iw__crc32c_fold16(x, _mm_set_epi64x(IW__CRC32C_K16_LO, IW__CRC32C_K16_HI)),
                          IW__CRC32C_LDX(b));
        b += 16;
        len -= 16;
    }
    return iw__crc32c_sse42_run(iw__crc32c_reduce128(x), b, len);
}

static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE __m512i iw__crc32c_zload(uint32_t c, const uint8_t *b)
{
    /* the register enters as data: XORed into the first 4 octets */
    return _mm512_xor_si512(IW__CRC32C_LDZ(b),
                            _mm512_inserti32x4(_mm512_setzero_si512(), _mm_cvtsi32_si128((int)c), 0));
}

/* 512-bit folding alone, four accumulators (256 octets per step); n >= 256. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_vpclmul_fold(uint32_t c,
                                                                                const uint8_t *b,
                                                                                size_t n)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    const __m512i k64 = IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO);
    __m512i z0 = iw__crc32c_zload(c, b), z1 = IW__CRC32C_LDZ(b + 64);
    __m512i z2 = IW__CRC32C_LDZ(b + 128), z3 = IW__CRC32C_LDZ(b + 192);
    b += 256;
    n -= 256;
    while (n >= 256) {
        z0 = iw__crc32c_fold64(z0, k256, IW__CRC32C_LDZ(b));
        z1 = iw__crc32c_fold64(z1, k256, IW__CRC32C_LDZ(b + 64));
        z2 = iw__crc32c_fold64(z2, k256, IW__CRC32C_LDZ(b + 128));
        z3 = iw__crc32c_fold64(z3, k256, IW__CRC32C_LDZ(b + 192));
        b += 256;
        n -= 256;
    }
    z3 = iw__crc32c_fold64(z0, IW__CRC32C_K4(IW__CRC32C_K192_HI, IW__CRC32C_K192_LO), z3);
    z3 = iw__crc32c_fold64(z1, IW__CRC32C_K4(IW__CRC32C_K128_HI, IW__CRC32C_K128_LO), z3);
    z3 = iw__crc32c_fold64(z2, k64, z3);
    while (n >= 64) {
        z3 = iw__crc32c_fold64(z3, k64, IW__CRC32C_LDZ(b));
        b += 64;
        n -= 64;
    }
    return iw__crc32c_zfinish(z3, b, n);
}

/* 512-bit folding as a hybrid with ns streams of q words per 256-octet step; n >= min.
 * The best mix balances the units; only Zen 5 gains (on Intel and Zen 4 folding alone was
 * faster when measured, see "vpclmul" below). On the AMD EPYC (Zen 5) this was measured on, a 512-bit multiply takes two cycles and crc32 issues
 * twice per cycle with a latency of 3, so 6 streams x 4 words fit a step: 4 KiB took 55 ns
 * (60 with 3 x 5, 70 with folding alone). */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_vpclmul_hyb(uint32_t c,
                                                                             const uint8_t *b,
                                                                             size_t n, const int ns,
                                                                             const size_t q,
                                                                             const size_t min)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    const __m512i k64 = IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO);
    const size_t unit = 256 + (size_t)ns * 8 * q; /* octets per step; min >= 256 + unit */
    const size_t mmax = (IW__CRC32C_WMAX - unit / (8 * (size_t)ns)) / q;
    while (n >= min) {
        const uint8_t *s, *s3;
        size_t m = (n - 256) / unit, e, sl, len = n;
        uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
        uint32_t k[6] = {0, 0, 0, 0, 0, 0};
        __m512i z0, z1, z2, z3;
        if (m > mmax) { /* a whole chunk first, the rest after */
            m = mmax;
            len = 256 + m * unit;
        }
        /* The leftover (< unit) gives every stream e more words, run while the vector unit
         * reduces; the vector region keeps only the < 8 ns octets that do not divide. */
        e = (len - 256 - m * unit) / (8 * (size_t)ns);
        sl = (m * q + e) * 8;
        iw__crc32c_hybk(k, sl / 8, ns);
        n -= len;
        len -= (size_t)ns * sl; /* the vector region: 256 (m + 1) + (< 8 ns) octets */
        s = b + len;
        s3 = s + 3 * sl;
        z0 = iw__crc32c_zload(c, b);
        z1 = IW__CRC32C_LDZ(b + 64);
        z2 = IW__CRC32C_LDZ(b + 128);
        z3 = IW__CRC32C_LDZ(b + 192);
        b += 256;
        len -= 256;
        for (; m != 0; m--) {
            z0 = iw__crc32c_fold64(z0, k256, IW__CRC32C_LDZ(b));
            z1 = iw__crc32c_fold64(z1, k256, IW__CRC32C_LDZ(b + 64));
            z2 = iw__crc32c_fold64(z2, k256, IW__CRC32C_LDZ(b + 128));
            z3 = iw__crc32c_fold64(z3, k256, IW__CRC32C_LDZ(b + 192));
            IW__CRC32C_STEP(ns, q);
            b += 256;
            len -= 256;
        }
        for (; e != 0; e--) {
            IW__CRC32C_WORD(ns, 0);
            s += 8;
            s3 += 8;
        }
        z3 = iw__crc32c_fold64(z0, IW__CRC32C_K4(IW__CRC32C_K192_HI, IW__CRC32C_K192_LO), z3);
        z3 = iw__crc32c_fold64(z1, IW__CRC32C_K4(IW__CRC32C_K128_HI, IW__CRC32C_K128_LO), z3);
        z3 = iw__crc32c_fold64(z2, k64, z3);
        c = iw__crc32c_merge(iw__crc32c_zfinish(z3, b, len), k, ns, r0, r1, r2, r3, r4, r5);
        b += len + (size_t)ns * sl;
    }
    /* after whole chunks, nothing or [unit, min) octets are left (unit > 256) */
    return n != 0 ? iw__crc32c_vpclmul_fold(c, b, n) : c;
}

#define IW__CRC32C_ZHYB_MIN_AMD 2048u /* "vpclmul_amd", 6 x 4 (measured) */
/* "vpclmul_amd" folds alone again from here on. The hybrid wins only where its input is in L1
 * or L2: its crc32 streams stall on memory. On the Zen 4 here, 64 KiB from DRAM took 4.8 us
 * with the hybrid against 2.6 folding alone, 1.7 against 1.2 from L3 (a 16 MiB walk), and
 * folding was 8% slower from L2. Buffers this long are seldom in L2 when they are sent (a
 * 64 KiB Write's FPDU: bench_e2e tcp_write_65536, bench_crc crc32c_65536_cold). */
#define IW__CRC32C_ZHYB_MAX_AMD 16384u
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_vpclmul_hyb6(uint32_t c,
                                                                                const uint8_t *b,
                                                                                size_t n)
{
    return iw__crc32c_vpclmul_hyb(c, b, n, 6, 4, IW__CRC32C_ZHYB_MIN_AMD);
}

/* "vpclmul_amd" (AMD Zen 5 and later): the same, with the AMD mix, and folding alone for
 * long buffers. */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_vpclmul_amd(uint32_t crc, const void *p, size_t n)
{
    if (n < 256) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    if (n < IW__CRC32C_ZHYB_MIN_AMD || n >= IW__CRC32C_ZHYB_MAX_AMD)
        return ~iw__crc32c_vpclmul_fold(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_vpclmul_hyb6(~crc, (const uint8_t *)p, n);
}

/* "vpclmul" (Intel, AMD Zen 4): crc32 below 256 octets (short latency, and back-to-back calls
 * overlap), folding alone above. Neither hybrid pays on these. On the Zen 4 this was measured on
 * (EPYC, family 19h; 2026-11-25, 64 KiB / 16 KiB / 4 KiB, medians of 301), from L2 a 3 x 3 mix
 * was 14% / 13% / 0-3% faster than folding, the 6 x 4 one 7% faster / 5% faster / 20% slower;
 * from L3 or memory both were 1.2 to 1.9 times slower (the crc32 streams stall), e.g. 4 KiB from
 * L3 156 ns folding, 245 (3 x 3), 358 (6 x 4). On an Intel Xeon with AVX-512 (family 6 model
 * 0xA7 as the hypervisor reports it; 2026-11-28, bench_crc) the 3 x 3 mix lost from L2 too:
 * 4 KiB in 45 ns against 36 folding alone (ISA-L 45), 64 KiB 730 ns against 576. */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_vpclmul(uint32_t crc, const void *p, size_t n)
{
    if (n < 256) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_vpclmul_fold(~crc, (const uint8_t *)p, n);
}

static void iw__crc32c_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
    __asm__ __volatile__("cpuid"
                         : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
                         : "a"(leaf), "c"(sub));
}

#define IW__CRC32C_HAS_SSE42 1u
#define IW__CRC32C_HAS_PCLMUL 2u  /* and SSE4.2 */
#define IW__CRC32C_HAS_VPCLMUL 4u /* and PCLMUL, AVX-512 F and VL, and the OS saves ZMM state */
#define IW__CRC32C_AMD_ZEN5 8u    /* tuning only: AMD family 1Ah or later ("vpclmul_amd") */
#define IW__CRC32C_INTEL 16u      /* tuning only: "GenuineIntel" ("vpclmul_intel", fused copy) */

/* Asked afresh on every call: no cached flags (docs/style.md §12). */
static unsigned iw__crc32c_x86_caps(void)
{
    uint32_t r[4], max, ecx1, fam;
    unsigned caps = 0;
    int amd, intel;
    iw__crc32c_cpuid(0, 0, r);
    max = r[0];
    amd = r[1] == 0x68747541u && r[3] == 0x69746e65u && r[2] == 0x444d4163u; /* "AuthenticAMD" */
    intel = r[1] == 0x756e6547u && r[3] == 0x49656e69u && r[2] == 0x6c65746eu; /* "GenuineIntel" */
    if (max < 1) return 0;
    iw__crc32c_cpuid(1, 0, r);
    ecx1 = r[2];
    fam = (r[0] >> 8) & 0xFu; /* family: base, plus the extended family when base is 0Fh */
    if (fam == 0xFu) fam += (r[0] >> 20) & 0xFFu;
    if (amd && fam >= 0x1Au) caps |= IW__CRC32C_AMD_ZEN5;
    if (intel) caps |= IW__CRC32C_INTEL;
    if (!(ecx1 & (1u << 20))) return 0; /* SSE4.2 */
    caps |= IW__CRC32C_HAS_SSE42;
    if (!(ecx1 & (1u << 1))) return caps; /* PCLMULQDQ */
    caps |= IW__CRC32C_HAS_PCLMUL;
    /* AVX-512 also needs the OS to save the opmask and ZMM state: XCR0 bits 1, 2 (SSE, AVX)
     * and 5, 6, 7 (opmask, ZMM_Hi256, Hi16_ZMM); XCR0 is readable if OSXSAVE (CPUID.1:ECX[27]). */
    if (max >= 7 && (ecx1 & (1u << 27))) {
        uint32_t lo, hi;
        __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0u));
        (void)hi;
        if ((lo & 0xe6u) == 0xe6u) {
            iw__crc32c_cpuid(7, 0, r);
            /* AVX512F, AVX512VL, VPCLMULQDQ */
            if ((r[1] & (1u << 16)) && (r[1] & (1u << 31)) && (r[2] & (1u << 10)))
                caps |= IW__CRC32C_HAS_VPCLMUL;
        }
    }
    return caps;
}
#endif /* IW__CRC32C_X86 */

#if IW__CRC32C_ARM
/* ---- AArch64: CRC32C instructions (optional in ARMv8.0, mandatory from ARMv8.1) ------- */
#if defined(__clang__)
/* clang's <arm_acle.h> hides __crc32cd unless the whole build has +crc: use the builtins */
#define IW__CRC32C_T_ARM __attribute__((target("crc")))
#define IW__CRC32C_ARM_CD(c, v) __builtin_arm_crc32cd((c), (v))
#define IW__CRC32C_ARM_CB(c, v) __builtin_arm_crc32cb((c), (v))
#else
#include <arm_acle.h>
#define IW__CRC32C_T_ARM __attribute__((target("+crc")))
#define IW__CRC32C_ARM_CD(c, v) __crc32cd((c), (v))
#define IW__CRC32C_ARM_CB(c, v) __crc32cb((c), (v))
#endif
#if defined(__ARM_FEATURE_CRC32)
#define IW__CRC32C_ARM_ALWAYS 1 /* the build targets CPUs that have it */
#else
#define IW__CRC32C_ARM_ALWAYS 0
#if defined(__linux__) && __STDC_HOSTED__
#include <sys/auxv.h> /* getauxval(AT_HWCAP): the kernel's view of the CPU */
#endif
#endif

static IW__CRC32C_T_ARM uint64_t iw__crc32c_arm_ld64(const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v); /* crc32cx takes the register's low octet first */
#endif
    return v;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_run(uint32_t c, const uint8_t *b, size_t n)
{
    while (n >= 8) {
        c = IW__CRC32C_ARM_CD(c, iw__crc32c_arm_ld64(b));
        b += 8;
        n -= 8;
    }
    while (n != 0) {
        c = IW__CRC32C_ARM_CB(c, *b++);
        n--;
    }
    return c;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_3way(uint32_t c, const uint8_t *b, size_t bl,
                                                     const uint32_t t2[8][16],
                                                     const uint32_t t1[8][16])
{
    uint32_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = IW__CRC32C_ARM_CD(c0, iw__crc32c_arm_ld64(b));
        c1 = IW__CRC32C_ARM_CD(c1, iw__crc32c_arm_ld64(b + bl));
        c2 = IW__CRC32C_ARM_CD(c2, iw__crc32c_arm_ld64(b + 2 * bl));
        b += 8;
    }
    return iw__crc32c_shift_by(t2, c0) ^ iw__crc32c_shift_by(t1, c1) ^ c2;
}

/* "armv8" */
static IW__CRC32C_T_ARM uint32_t iw__crc32c_armv8(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_arm_3way(c, b, IW__CRC32C_LONG, iw__crc32c_shift[0], iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_arm_3way(c, b, IW__CRC32C_SHORT, iw__crc32c_shift[2], iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_arm_run(c, b, n);
}

static int iw__crc32c_arm_usable(void)
{
#if IW__CRC32C_ARM_ALWAYS
    return 1;
#elif defined(__linux__) && __STDC_HOSTED__
    return (getauxval(AT_HWCAP) & (1ul << 7)) != 0; /* HWCAP_CRC32 */
#else
    return 0; /* no portable way to ask; build with +crc to use it */
#endif
}
#endif /* IW__CRC32C_ARM */

/* see crc32c.h */
IW_DEF uint32_t iw_crc32c(uint32_t crc, const void *p, size_t n)
{
#if IW__CRC32C_X86 && defined(__VPCLMULQDQ__) && defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__PCLMUL__) && defined(__SSE4_2__)
#if defined(__znver5__)
    return iw__crc32c_vpclmul_amd(crc, p, n);
#else
    return iw__crc32c_vpclmul(crc, p, n);
#endif
#elif IW__CRC32C_X86 && defined(__PCLMUL__) && defined(__SSE4_2__)
    return iw__crc32c_pclmul(crc, p, n);
#elif IW__CRC32C_X86 && defined(__SSE4_2__)
    return iw__crc32c_sse42(crc, p, n);
#elif IW__CRC32C_ARM && IW__CRC32C_ARM_ALWAYS
    return iw__crc32c_armv8(crc, p, n);
#else
    return iw_crc32c_portable(crc, p, n);
#endif
}

#if IW_CFG_CRC32C_EXTRAS
/* see crc32c.h */
IW_DEF size_t iw_crc32c_impls(iw_crc32c_impl *out, size_t cap)
{
    iw_crc32c_impl all[5];
    size_t n = 0, i;
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
#endif
    all[n].name = "portable";
    all[n].fn = iw_crc32c_portable;
    all[n++].usable = 1;
#if IW__CRC32C_X86
    all[n].name = "sse42";
    all[n].fn = iw__crc32c_sse42;
    all[n++].usable = (caps & IW__CRC32C_HAS_SSE42) != 0;
    all[n].name = "pclmul";
    all[n].fn = iw__crc32c_pclmul;
    all[n++].usable = (caps & IW__CRC32C_HAS_PCLMUL) != 0;
    all[n].name = "vpclmul";
    all[n].fn = iw__crc32c_vpclmul;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
    all[n].name = "vpclmul_amd";
    all[n].fn = iw__crc32c_vpclmul_amd;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
#endif
#if IW__CRC32C_ARM
    all[n].name = "armv8";
    all[n].fn = iw__crc32c_armv8;
    all[n++].usable = iw__crc32c_arm_usable();
#endif
    for (i = 0; i < n && i < cap; i++) out[i] = all[i];
    return n;
}
#endif

/* see crc32c.h */
IW_DEF iw_crc32c_fn iw_crc32c_select(void)
{
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
    if (caps & IW__CRC32C_HAS_VPCLMUL) /* the tuning: Zen 5's hybrid, else folding alone */
        return (caps & IW__CRC32C_AMD_ZEN5) ? iw__crc32c_vpclmul_amd : iw__crc32c_vpclmul;
    if (caps & IW__CRC32C_HAS_PCLMUL) return iw__crc32c_pclmul;
    if (caps & IW__CRC32C_HAS_SSE42) return iw__crc32c_sse42;
#elif IW__CRC32C_ARM
    if (iw__crc32c_arm_usable()) return iw__crc32c_armv8;
#endif
    return iw_crc32c_portable;
}

/* ---- fused copy + CRC32c (see iw_crc32c_copy_fn) -------------------------------------
 * The accelerated paths are the CRC paths of the same name with the stores added: an octet is
 * loaded into a register that is both stored to dst and fed to the CRC (except where noted
 * below, where crc32 reads src again from L1, right after the vector move that copied it).
 * Only src is read; dst is only written. Which path handles what (x86-64 tuned on AMD EPYCs,
 * Zen 5 like the CRC paths, vpclmul re-measured on Zen 4; see bench_crc.c, "fused copy"):
 *   portable  memcpy, then iw_crc32c_portable over src. The table-bound CRC costs some 20
 *             times the copy, so fusing them measured within 5% (gcc) and 0% (clang) on x86,
 *             while word stores of unknown alignment cost a library call or four octet
 *             stores per word on the small targets (RV32, and Cortex-M at -Os).
 *   sse42     < 768 octets: crc32 over 8-octet words, each stored from the register crc32
 *             takes; longer: three such streams merged with the shift tables
 *   vpclmul   < 256: moved as a memcpy would, then the crc32 instruction over src (in L1 by
 *             then); longer: 512-bit folding of the loaded registers, which are stored
 *   vpclmul_intel  (Intel) vpclmul, with four crc32 streams beside the folding for unaligned
 *             copies of 2 to 16 KiB
 *   armv8     like sse42, with the AArch64 CRC32C instructions
 */

/* see crc32c.h */
IW_DEF uint32_t iw_crc32c_copy_portable(uint32_t crc, void *dst, const void *src, size_t n)
{
    if (n != 0) IW_MEMCPY(dst, src, n);
    return iw_crc32c_portable(crc, src, n);
}

#if IW__CRC32C_X86
/* 8 octets from b to d through one register, which is returned for the crc32 instruction. */
static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint64_t iw__crc32c_cp64(uint8_t *d, const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
    IW_MEMCPY(d, &v, 8);
    return v;
}

/* iw__crc32c_sse42_run that also copies. */
static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint32_t iw__crc32c_copy_run(uint32_t c, uint8_t *d,
                                                                        const uint8_t *b, size_t n)
{
    uint64_t c64 = c;
    while (n >= 32) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d, b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 8, b + 8));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 16, b + 16));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 24, b + 24));
        b += 32;
        d += 32;
        n -= 32;
    }
    if (n & 16u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d, b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 8, b + 8));
        b += 16;
        d += 16;
    }
    if (n & 8u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d, b));
        b += 8;
        d += 8;
    }
    c = (uint32_t)c64;
    if (n & 4u) {
        uint32_t v;
        IW_MEMCPY(&v, b, 4);
        IW_MEMCPY(d, &v, 4);
        c = _mm_crc32_u32(c, v);
        b += 4;
        d += 4;
    }
    if (n & 2u) {
        uint16_t v;
        IW_MEMCPY(&v, b, 2);
        IW_MEMCPY(d, &v, 2);
        c = _mm_crc32_u16(c, v);
        b += 2;
        d += 2;
    }
    if (n & 1u) {
        uint8_t v = *b;
        *d = v;
        c = _mm_crc32_u8(c, v);
    }
    return c;
}

/* iw__crc32c_sse42_3way that also copies. */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_copy_3way(uint32_t c, uint8_t *d, const uint8_t *b,
                                                        size_t bl, const uint32_t t2[8][16],
                                                        const uint32_t t1[8][16])
{
    uint64_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = _mm_crc32_u64(c0, iw__crc32c_cp64(d, b));
        c1 = _mm_crc32_u64(c1, iw__crc32c_cp64(d + bl, b + bl));
        c2 = _mm_crc32_u64(c2, iw__crc32c_cp64(d + 2 * bl, b + 2 * bl));
        b += 8;
        d += 8;
    }
    return iw__crc32c_shift_by(t2, (uint32_t)c0) ^ iw__crc32c_shift_by(t1, (uint32_t)c1) ^
           (uint32_t)c2;
}

/* "sse42" */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_copy_sse42(uint32_t crc, void *dst, const void *src,
                                                         size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_copy_3way(c, d, b, IW__CRC32C_LONG, iw__crc32c_shift[0],
                                 iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        d += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_copy_3way(c, d, b, IW__CRC32C_SHORT, iw__crc32c_shift[2],
                                 iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        d += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_copy_run(c, d, b, n);
}

/* ---- vpclmul ------------------------------------------------------------------------------
 * Folding alone, with the stores added: each 64-octet block is loaded into a register that is
 * both stored to dst and folded by one of four accumulators (256 octets per step), so the data
 * cross the memory hierarchy once and nothing is read twice. Two 512-bit carry-less multiplies
 * per 64 octets keep pace with the loads and stores from L2. Measured on an AMD EPYC (Zen 4,
 * bench_ddp.c's layout: 257 KiB of FPDUs, 256 KiB MR): 4 KiB in 74 ns against 78 ns for glibc's
 * memcpy; 1 KiB 12% slower than memcpy, 2 KiB 5%, 16 and 64 KiB 3-7% faster. Tried there and
 * dropped: eight accumulators (no faster); a tree instead of a chain for the final merge (no
 * faster); and the earlier path from 1 KiB, a 64-octet "piece" run through crc32 from L1
 * beside each folded block (30-40% slower there; on Zen 5 it had measured 52-64 GB/s from run
 * to run against 57 for folding alone). */

#define IW__CRC32C_STZ(p, z) _mm512_storeu_si512((void *)(p), (z))

/* 64 octets from b to d through one register, which is returned for folding. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE __m512i iw__crc32c_cpz(uint8_t *d, const uint8_t *b)
{
    __m512i z = IW__CRC32C_LDZ(b);
    IW__CRC32C_STZ(d, z);
    return z;
}

/* z with c XORed into its first 4 octets (a register entering as data). */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE __m512i iw__crc32c_zreg(__m512i z, uint32_t c)
{
    return _mm512_xor_si512(z, _mm512_inserti32x4(_mm512_setzero_si512(),
                                                  _mm_cvtsi32_si128((int)c), 0));
}

/* The end of every folding path: z holds the 64 octets just before b (at least 256 octets of
 * the message lie before b), and n < 256 octets are left. The last n % 64 are moved by one
 * 64-octet move that ends where they end (it rewrites octets already copied, with the same
 * values) and read again from src for the CRC. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_copy_zend(__m512i z, uint8_t *d,
                                                                           const uint8_t *b,
                                                                           size_t n)
{
    const __m512i k64 = IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO);
    while (n >= 64) {
        z = iw__crc32c_fold64(z, k64, iw__crc32c_cpz(d, b));
        b += 64;
        d += 64;
        n -= 64;
    }
    if (n != 0) (void)iw__crc32c_cpz(d + n - 64, b + n - 64);
    return iw__crc32c_zfinish(z, b, n);
}

/* Four accumulators over the 256 octets before b, in order; folding alone for the rest. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_copy_zrest(__m512i z0, __m512i z1,
                                                                            __m512i z2, __m512i z3,
                                                                            uint8_t *d,
                                                                            const uint8_t *b,
                                                                            size_t n)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    while (n >= 256) {
        z0 = iw__crc32c_fold64(z0, k256, iw__crc32c_cpz(d, b));
        z1 = iw__crc32c_fold64(z1, k256, iw__crc32c_cpz(d + 64, b + 64));
        z2 = iw__crc32c_fold64(z2, k256, iw__crc32c_cpz(d + 128, b + 128));
        z3 = iw__crc32c_fold64(z3, k256, iw__crc32c_cpz(d + 192, b + 192));
        b += 256;
        d += 256;
        n -= 256;
    }
    z3 = iw__crc32c_fold64(z0, IW__CRC32C_K4(IW__CRC32C_K192_HI, IW__CRC32C_K192_LO), z3);
    z3 = iw__crc32c_fold64(z1, IW__CRC32C_K4(IW__CRC32C_K128_HI, IW__CRC32C_K128_LO), z3);
    z3 = iw__crc32c_fold64(z2, IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO), z3);
    return iw__crc32c_copy_zend(z3, d, b, n);
}

/* Folding alone (iw__crc32c_vpclmul_fold that also copies); n >= 256. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_copy_zfold(uint32_t c, uint8_t *d,
                                                                              const uint8_t *b,
                                                                              size_t n)
{
    __m512i z0 = iw__crc32c_zreg(iw__crc32c_cpz(d, b), c), z1 = iw__crc32c_cpz(d + 64, b + 64);
    __m512i z2 = iw__crc32c_cpz(d + 128, b + 128), z3 = iw__crc32c_cpz(d + 192, b + 192);
    return iw__crc32c_copy_zrest(z0, z1, z2, z3, d + 256, b + 256, n - 256);
}

/* n < 256: moved like a memcpy (whole 512-bit moves, the last one ending at n; two
 * overlapping moves below 64), then the crc32 instruction over src, now in L1. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE void iw__crc32c_copy_small(uint8_t *d, const uint8_t *b,
                                                                        size_t n)
{
    if (n >= 64) {
        size_t i;
        for (i = 0; i + 64 < n; i += 64) (void)iw__crc32c_cpz(d + i, b + i);
        (void)iw__crc32c_cpz(d + n - 64, b + n - 64);
    } else if (n >= 32) {
        __m256i y0 = _mm256_loadu_si256((const __m256i *)(const void *)b);
        __m256i y1 = _mm256_loadu_si256((const __m256i *)(const void *)(b + n - 32));
        _mm256_storeu_si256((__m256i *)(void *)d, y0);
        _mm256_storeu_si256((__m256i *)(void *)(d + n - 32), y1);
    } else if (n >= 16) {
        __m128i x0 = IW__CRC32C_LDX(b), x1 = IW__CRC32C_LDX(b + n - 16);
        _mm_storeu_si128((__m128i *)(void *)d, x0);
        _mm_storeu_si128((__m128i *)(void *)(d + n - 16), x1);
    } else if (n >= 8) {
        uint64_t v0 = iw__crc32c_ld64(b), v1 = iw__crc32c_ld64(b + n - 8);
        IW_MEMCPY(d, &v0, 8);
        IW_MEMCPY(d + n - 8, &v1, 8);
    } else if (n >= 4) {
        uint32_t v0, v1;
        IW_MEMCPY(&v0, b, 4);
        IW_MEMCPY(&v1, b + n - 4, 4);
        IW_MEMCPY(d, &v0, 4);
        IW_MEMCPY(d + n - 4, &v1, 4);
    } else if (n != 0) {
        uint8_t v0 = b[0], v1 = b[n / 2], v2 = b[n - 1];
        d[0] = v0;
        d[n / 2] = v1;
        d[n - 1] = v2;
    }
}

#define IW__CRC32C_CZ_MIN 256u /* below: moves, then crc32 */

/* "vpclmul" */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_copy_vpclmul(uint32_t crc, void *dst,
                                                             const void *src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    if (n < IW__CRC32C_CZ_MIN) {
        iw__crc32c_copy_small(d, b, n);
        return ~iw__crc32c_sse42_run(~crc, b, n);
    }
    return ~iw__crc32c_copy_zfold(~crc, d, b, n);
}

/* "vpclmul" with a prefix: the CRC of pre[0..np) (crc32 instruction), continued by the copy
 * and CRC of src[0..n) to dst; the same result as
 * iw__crc32c_copy_vpclmul(iw_crc32c(crc, pre, np), dst, src, n) in one call. For
 * iw_ddp_rx_place: the DDP header (CRCed, not copied) in front of the payload it places; the
 * header's crc32 chain overlaps the first loads of the payload instead of being a call of its
 * own that the copy waits for. Only the streams whose fused path is "vpclmul" call it. */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_copy_vpclmul_pre(uint32_t crc,
                                                                        const uint8_t *pre,
                                                                        size_t np, void *dst,
                                                                        const void *src,
                                                                        size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    uint32_t c = iw__crc32c_sse42_run(~crc, pre, np);
    __m512i z0, z1, z2, z3;
    if (n < IW__CRC32C_CZ_MIN) {
        iw__crc32c_copy_small(d, b, n);
        return ~iw__crc32c_sse42_run(c, b, n);
    }
    /* iw__crc32c_copy_zfold, inlined here */
    z0 = iw__crc32c_zreg(iw__crc32c_cpz(d, b), c);
    z1 = iw__crc32c_cpz(d + 64, b + 64);
    z2 = iw__crc32c_cpz(d + 128, b + 128);
    z3 = iw__crc32c_cpz(d + 192, b + 192);
    return ~iw__crc32c_copy_zrest(z0, z1, z2, z3, d + 256, b + 256, n - 256);
}
/* "vpclmul_intel" (Intel with AVX-512 VPCLMULQDQ): the fused copy of "vpclmul" with four crc32
 * streams beside the folding for [IW__CRC32C_CZHYB_MIN, IW__CRC32C_CZHYB_MAX) octets. On the
 * Intel Xeon this was measured on (family 6 model 0xA7 as the hypervisor reports it; 2026-11-28,
 * bench_ddp.c's layout: payloads 16 octets past a line boundary and more, the MR page-aligned)
 * the copy, not the CRC, held folding alone back: 4 KiB took 106-113 ns where the same loads and
 * stores without the folds took 87-95 and glibc's memcpy 92-102 (and merely XORing the loaded
 * registers together cost as much as folding them; with source and destination both 64-octet
 * aligned, folding alone ran at memcpy's speed). Handing 4 x 448 of the 4096 octets to the
 * crc32 instruction, which runs on another port, took 4-6 ns off at 4 KiB, 2 at 2 KiB, 10 at
 * 8 KiB and 5% at 16 KiB; it lost 1-2 ns at 1 KiB and 12-30% at 64 KiB from memory (the streams
 * stall there, as on AMD). Three streams gained a little less, two less still, 128 octets per
 * stream and step lost; stream words copied through a general register instead of one 512-bit
 * move lost 10%; loads aligned to the source (the destination then unaligned, or vpermt2b
 * rebuilding it) gained nothing.
 * The CRC alone keeps folding alone there (see "vpclmul"); on AMD the streams lost (see above).
 * The input is [vector region][stream 0]..[stream 3]: each step folds 256 octets and moves 64
 * octets of every stream with one 512-bit load and store, the crc32 instruction reading them
 * again from L1; the vector region also takes whatever does not fill a step, and the registers
 * merge as in iw__crc32c_vpclmul_hyb. */
#define IW__CRC32C_CZHYB_MIN 2048u  /* below: "vpclmul" */
#define IW__CRC32C_CZHYB_MAX 16384u /* from here on: "vpclmul" */
#define IW__CRC32C_CZSTREAM(r, sj, dj)                   \
    do {                                                 \
        (void)iw__crc32c_cpz((dj), (sj));                \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj)));      \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 8));  \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 16)); \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 24)); \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 32)); \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 40)); \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 48)); \
        r = _mm_crc32_u64(r, iw__crc32c_ld64((sj) + 56)); \
    } while (0)
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_copy_zhyb(uint32_t c, uint8_t *d,
                                                                             const uint8_t *b,
                                                                             size_t n)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    /* m steps of 256 + 4 x 64 octets; below IW__CRC32C_CZHYB_MAX m < 32, so a stream (64 m
     * octets) is never longer than iw__crc32c_xw's constants reach (8 IW__CRC32C_WMAX) */
    size_t m = (n - 256) / 512, sl = 64 * m, v = n - 4 * sl, i;
    uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, x;
    uint32_t k[6];
    const uint8_t *s = b + v;
    uint8_t *ds = d + v;
    __m512i z0, z1, z2, z3;
    iw__crc32c_hybk(k, sl / 8, 3); /* k[j - 1] = X^j, X = x^(8 sl) */
    k[3] = iw__crc32c_mul33(k[1], k[1]);
    z0 = iw__crc32c_zreg(iw__crc32c_cpz(d, b), c);
    z1 = iw__crc32c_cpz(d + 64, b + 64);
    z2 = iw__crc32c_cpz(d + 128, b + 128);
    z3 = iw__crc32c_cpz(d + 192, b + 192);
    for (i = 256; m != 0; m--, i += 256, s += 64, ds += 64) {
        z0 = iw__crc32c_fold64(z0, k256, iw__crc32c_cpz(d + i, b + i));
        z1 = iw__crc32c_fold64(z1, k256, iw__crc32c_cpz(d + i + 64, b + i + 64));
        z2 = iw__crc32c_fold64(z2, k256, iw__crc32c_cpz(d + i + 128, b + i + 128));
        z3 = iw__crc32c_fold64(z3, k256, iw__crc32c_cpz(d + i + 192, b + i + 192));
        IW__CRC32C_CZSTREAM(r0, s, ds);
        IW__CRC32C_CZSTREAM(r1, s + sl, ds + sl);
        IW__CRC32C_CZSTREAM(r2, s + 2 * sl, ds + 2 * sl);
        IW__CRC32C_CZSTREAM(r3, s + 3 * sl, ds + 3 * sl);
    }
    c = iw__crc32c_copy_zrest(z0, z1, z2, z3, d + i, b + i, v - i);
    /* c X^4 + r0 X^3 + r1 X^2 + r2 X + r3 */
    x = iw__crc32c_clmul32(c, k[3]) ^ iw__crc32c_clmul32((uint32_t)r0, k[2]) ^
        iw__crc32c_clmul32((uint32_t)r1, k[1]) ^ iw__crc32c_clmul32((uint32_t)r2, k[0]);
    return (uint32_t)_mm_crc32_u64(0, x) ^ (uint32_t)r3;
}

/* Whether "vpclmul_intel" takes the streams: n in [MIN, MAX) and dst or src not 64-octet aligned
 * (with both aligned, folding alone ran as fast as memcpy and the streams cost 2-3 ns). */
static IW__CRC32C_INLINE int iw__crc32c_czhyb_pays(const void *dst, const void *src, size_t n)
{
    return n >= IW__CRC32C_CZHYB_MIN && n < IW__CRC32C_CZHYB_MAX &&
           (((uintptr_t)dst | (uintptr_t)src) & 63u) != 0;
}

/* "vpclmul_intel" */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_copy_vpclmul_intel(uint32_t crc, void *dst,
                                                                   const void *src, size_t n)
{
    if (!iw__crc32c_czhyb_pays(dst, src, n)) return iw__crc32c_copy_vpclmul(crc, dst, src, n);
    return ~iw__crc32c_copy_zhyb(~crc, (uint8_t *)dst, (const uint8_t *)src, n);
}

/* The plain copy of the "vpclmul" kernels (iw_crc32c_move_fn): 512-bit loads and stores, four
 * per step, the last move ending where the range ends (it may rewrite octets just copied, never
 * one outside [d, d + n)). 4 KiB from L2 took 71-72 ns against 77-78 for glibc's memcpy (rep
 * movsb at that size) on an AMD EPYC (Zen 4), see bench_ddp.c. */
static IW__CRC32C_T_VPCLMUL void iw__crc32c_move_vpclmul(void *dst, const void *src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    if (n < 64) {
        iw__crc32c_copy_small(d, b, n);
        return;
    }
    while (n > 256) {
        __m512i z0 = IW__CRC32C_LDZ(b), z1 = IW__CRC32C_LDZ(b + 64);
        __m512i z2 = IW__CRC32C_LDZ(b + 128), z3 = IW__CRC32C_LDZ(b + 192);
        IW__CRC32C_STZ(d, z0);
        IW__CRC32C_STZ(d + 64, z1);
        IW__CRC32C_STZ(d + 128, z2);
        IW__CRC32C_STZ(d + 192, z3);
        b += 256;
        d += 256;
        n -= 256;
    }
    while (n > 64) {
        (void)iw__crc32c_cpz(d, b);
        b += 64;
        d += 64;
        n -= 64;
    }
    (void)iw__crc32c_cpz(d + n - 64, b + n - 64); /* ends where the range ends */
}

#endif /* IW__CRC32C_X86 */


#if IW__CRC32C_ARM
/* 8 octets from b to d through one register; returns them in crc32cx order. */
static IW__CRC32C_T_ARM uint64_t iw__crc32c_arm_cp64(uint8_t *d, const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
    IW_MEMCPY(d, &v, 8);
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_copy_run(uint32_t c, uint8_t *d, const uint8_t *b,
                                                         size_t n)
{
    while (n >= 8) {
        c = IW__CRC32C_ARM_CD(c, iw__crc32c_arm_cp64(d, b));
        b += 8;
        d += 8;
        n -= 8;
    }
    while (n != 0) {
        uint8_t v = *b++;
        *d++ = v;
        c = IW__CRC32C_ARM_CB(c, v);
        n--;
    }
    return c;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_copy_3way(uint32_t c, uint8_t *d, const uint8_t *b,
                                                          size_t bl, const uint32_t t2[8][16],
                                                          const uint32_t t1[8][16])
{
    uint32_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = IW__CRC32C_ARM_CD(c0, iw__crc32c_arm_cp64(d, b));
        c1 = IW__CRC32C_ARM_CD(c1, iw__crc32c_arm_cp64(d + bl, b + bl));
        c2 = IW__CRC32C_ARM_CD(c2, iw__crc32c_arm_cp64(d + 2 * bl, b + 2 * bl));
        b += 8;
        d += 8;
    }
    return iw__crc32c_shift_by(t2, c0) ^ iw__crc32c_shift_by(t1, c1) ^ c2;
}

/* "armv8" */
static IW__CRC32C_T_ARM uint32_t iw__crc32c_copy_armv8(uint32_t crc, void *dst, const void *src,
                                                       size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_arm_copy_3way(c, d, b, IW__CRC32C_LONG, iw__crc32c_shift[0],
                                     iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        d += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_arm_copy_3way(c, d, b, IW__CRC32C_SHORT, iw__crc32c_shift[2],
                                     iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        d += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_arm_copy_run(c, d, b, n);
}
#endif /* IW__CRC32C_ARM */

/* see crc32c.h */
IW_DEF size_t iw_crc32c_copy_impls(iw_crc32c_copy_impl *out, size_t cap)
{
    iw_crc32c_copy_impl all[4];
    size_t n = 0, i;
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
#endif
    all[n].name = "portable";
    all[n].fn = iw_crc32c_copy_portable;
    all[n++].usable = 1;
#if IW__CRC32C_X86
    all[n].name = "sse42";
    all[n].fn = iw__crc32c_copy_sse42;
    all[n++].usable = (caps & IW__CRC32C_HAS_SSE42) != 0;
    all[n].name = "vpclmul";
    all[n].fn = iw__crc32c_copy_vpclmul;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
    all[n].name = "vpclmul_intel";
    all[n].fn = iw__crc32c_copy_vpclmul_intel;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
#endif
#if IW__CRC32C_ARM
    all[n].name = "armv8";
    all[n].fn = iw__crc32c_copy_armv8;
    all[n++].usable = iw__crc32c_arm_usable();
#endif
    for (i = 0; i < n && i < cap; i++) out[i] = all[i];
    return n;
}

/* see crc32c.h */
IW_DEF iw_crc32c_copy_fn iw_crc32c_copy_select(void)
{
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
    if (caps & IW__CRC32C_HAS_VPCLMUL) /* the tuning: crc32 streams beside the folds on Intel */
        return (caps & IW__CRC32C_INTEL) ? iw__crc32c_copy_vpclmul_intel : iw__crc32c_copy_vpclmul;
    if (caps & IW__CRC32C_HAS_SSE42) return iw__crc32c_copy_sse42;
#elif IW__CRC32C_ARM
    if (iw__crc32c_arm_usable()) return iw__crc32c_copy_armv8;
#endif
    return iw_crc32c_copy_portable;
}

/* iw_crc32c_copy2_fn and iw_crc32c_move_fn of the paths without a fused header step of their
 * own: the header's CRC, then the path's fused copy. */
static uint32_t iw__crc32c_copy2_portable(uint32_t crc, const void *pre, size_t np, void *dst,
                                          const void *src, size_t n)
{
    return iw_crc32c_copy_portable(iw_crc32c_portable(crc, pre, np), dst, src, n);
}
static void iw__crc32c_move_portable(void *dst, const void *src, size_t n)
{
    if (n) IW_MEMCPY(dst, src, n);
}
#if IW__CRC32C_X86
static uint32_t iw__crc32c_copy2_sse42(uint32_t crc, const void *pre, size_t np, void *dst,
                                       const void *src, size_t n)
{
    return iw__crc32c_copy_sse42(iw__crc32c_sse42(crc, pre, np), dst, src, n);
}
static uint32_t iw__crc32c_copy2_vpclmul(uint32_t crc, const void *pre, size_t np, void *dst,
                                         const void *src, size_t n)
{
    return iw__crc32c_copy_vpclmul_pre(crc, (const uint8_t *)pre, np, dst, src, n);
}
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_copy2_vpclmul_intel(uint32_t crc, const void *pre,
                                                                    size_t np, void *dst,
                                                                    const void *src, size_t n)
{
    if (!iw__crc32c_czhyb_pays(dst, src, n))
        return iw__crc32c_copy_vpclmul_pre(crc, (const uint8_t *)pre, np, dst, src, n);
    return ~iw__crc32c_copy_zhyb(iw__crc32c_sse42_run(~crc, (const uint8_t *)pre, np),
                                 (uint8_t *)dst, (const uint8_t *)src, n);
}
#endif
#if IW__CRC32C_ARM
static uint32_t iw__crc32c_copy2_armv8(uint32_t crc, const void *pre, size_t np, void *dst,
                                       const void *src, size_t n)
{
    return iw__crc32c_copy_armv8(iw__crc32c_armv8(crc, pre, np), dst, src, n);
}
#endif

/* see crc32c.h */
IW_DEF size_t iw_crc32c_kernels_impls(iw_crc32c_kernels *out, int *usable, size_t cap)
{
    iw_crc32c_copy_impl cp[4];
    size_t n = iw_crc32c_copy_impls(cp, 4), i;
    for (i = 0; i < n && i < cap; i++) {
        iw_crc32c_kernels *k = &out[i];
        k->name = cp[i].name;
        k->crc = iw_crc32c_portable;
        k->copy_crc = cp[i].fn;
        k->copy2_crc = iw__crc32c_copy2_portable;
        k->move = iw__crc32c_move_portable;
#if IW__CRC32C_X86
        if (cp[i].fn == iw__crc32c_copy_vpclmul) {
            k->crc = iw__crc32c_vpclmul;
            k->copy2_crc = iw__crc32c_copy2_vpclmul;
            k->move = iw__crc32c_move_vpclmul;
        } else if (cp[i].fn == iw__crc32c_copy_vpclmul_intel) {
            k->crc = iw__crc32c_vpclmul;
            k->copy2_crc = iw__crc32c_copy2_vpclmul_intel;
            k->move = iw__crc32c_move_vpclmul;
        } else if (cp[i].fn == iw__crc32c_copy_sse42) {
            k->crc = iw__crc32c_sse42;
            k->copy2_crc = iw__crc32c_copy2_sse42;
        }
#elif IW__CRC32C_ARM
        if (cp[i].fn == iw__crc32c_copy_armv8) {
            k->crc = iw__crc32c_armv8;
            k->copy2_crc = iw__crc32c_copy2_armv8;
        }
#endif
        if (usable) usable[i] = cp[i].usable;
    }
    return n;
}

/* see crc32c.h */
IW_DEF void iw_crc32c_kernels_select(iw_crc32c_kernels *k)
{
    iw_crc32c_kernels all[4];
    iw_crc32c_copy_fn f = iw_crc32c_copy_select();
    size_t n = iw_crc32c_kernels_impls(all, NULL, 4), i;
    *k = all[0];
    for (i = 0; i < n && i < 4; i++)
        if (all[i].copy_crc == f) *k = all[i]; /* the same path the fused copy chose */
    k->crc = iw_crc32c_select(); /* the CRC alone may have a finer per-CPU tuning */
}
#endif /* IW_CRC32C_IMPLEMENTED */
