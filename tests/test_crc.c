/* SPDX-License-Identifier: MIT */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
/* test_crc.c: CRC32c (RFC 5044 §4, RFC 3720 §12.1 and App. B.4) on every compiled-in path this
 * CPU can run, plus iw_crc32c (the compile-time choice) and iw_crc32c_select()'s pick.
 * The reference is a one-bit-at-a-time CRC written here, independent of the library's tables
 * and constants. Then the fused copy + CRC32c paths (iw_crc32c_copy_*), checked against
 * iw_crc32c_portable, which the first tests cover. */
#include "check.h"
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define TC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TC_ASAN 1
#endif
#endif
#ifdef TC_ASAN
#include <sanitizer/asan_interface.h>
/* Poison what follows the data, so that a read past its end is reported even when a 64-octet
 * vector load would stay inside the malloc block. */
#define TC_POISON(p, n) __asan_poison_memory_region((p), (n))
#define TC_UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define TC_POISON(p, n) ((void)(p), (void)(n))
#define TC_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define TC_MAXLEN 4300
#define TC_MAXFN 16

typedef struct tc_fn {
    const char *name;
    iw_crc32c_fn fn;
} tc_fn;

/* The functions under test: every usable path, the compile-time entry and select()'s pick. */
static size_t tc_fns(tc_fn *out)
{
    iw_crc32c_impl im[TC_MAXFN];
    size_t n, i, k = 0;
    memset(im, 0, sizeof im);
    n = iw_crc32c_impls(im, TC_MAXFN - 2);
    if (n > TC_MAXFN - 2) n = TC_MAXFN - 2;
    for (i = 0; i < n; i++) {
        if (!im[i].usable) continue;
        out[k].name = im[i].name;
        out[k++].fn = im[i].fn;
    }
    out[k].name = "iw_crc32c";
    out[k++].fn = iw_crc32c;
    out[k].name = "select";
    out[k++].fn = iw_crc32c_select();
    return k;
}

/* Bitwise reference on the raw register (no inversion), polynomial 0x82F63B78 reflected. */
static uint32_t tc_ref_reg(uint32_t r, const uint8_t *p, size_t n)
{
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        r ^= p[i];
        for (k = 0; k < 8; k++) r = (r & 1u) ? (r >> 1) ^ 0x82F63B78u : r >> 1;
    }
    return r;
}

static uint32_t tc_ref(uint32_t crc, const uint8_t *p, size_t n)
{
    return ~tc_ref_reg(~crc, p, n);
}

/* How the CRC field is stored (RFC 3720 B.4, mpa.md 9.3): least significant octet first. */
static void tc_put_crc(uint8_t out[4], uint32_t c)
{
    out[0] = (uint8_t)c;
    out[1] = (uint8_t)(c >> 8);
    out[2] = (uint8_t)(c >> 16);
    out[3] = (uint8_t)(c >> 24);
}

static void tc_fill(uint8_t *p, size_t n, unsigned long long *seed)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)(check_rand(seed) >> 56);
}

static void t_check_value(void)
{
    static const char s[] = "123456789";
    tc_fn f[TC_MAXFN];
    size_t nf = tc_fns(f), i;
    CHECK_EQ(tc_ref(0, (const uint8_t *)s, 9), 0xE3069283u);
    for (i = 0; i < nf; i++) {
        uint32_t c = f[i].fn(0, s, 9);
        if (c != 0xE3069283u) fprintf(stderr, "  path %s\n", f[i].name);
        CHECK_EQ(c, 0xE3069283u);
        /* p may be NULL iff n == 0, and then the CRC passes through unchanged */
        CHECK_EQ(f[i].fn(0, NULL, 0), 0);
        CHECK_EQ(f[i].fn(0x12345678u, NULL, 0), 0x12345678u);
    }
}

/* RFC 3720 App. B.4 inputs (mpa.md 9.4) with their CRC value and the field's wire octets. */
typedef struct tc_vec {
    uint8_t in[48];
    size_t len;
    uint32_t crc;
    uint8_t wire[4];
} tc_vec;

static void tc_vectors(tc_vec v[6])
{
    static const uint8_t read10[48] = {
        0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
        0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    static const uint8_t w[6][4] = {{0xaa, 0x36, 0x91, 0x8a}, {0x43, 0xab, 0xa8, 0x62},
                                    {0x4e, 0x79, 0xdd, 0x46}, {0x5c, 0xdb, 0x3f, 0x11},
                                    {0x56, 0x3a, 0x96, 0xd9}, {0x83, 0x92, 0x06, 0xe3}};
    static const uint32_t c[6] = {0x8A9136AAu, 0x62A8AB43u, 0x46DD794Eu,
                                  0x113FDB5Cu, 0xD9963A56u, 0xE3069283u};
    int i;
    memset(v, 0, 6 * sizeof *v);
    for (i = 0; i < 32; i++) {
        v[0].in[i] = 0x00;
        v[1].in[i] = 0xff;
        v[2].in[i] = (uint8_t)i;
        v[3].in[i] = (uint8_t)(31 - i);
    }
    v[0].len = v[1].len = v[2].len = v[3].len = 32;
    memcpy(v[4].in, read10, 48);
    v[4].len = 48;
    memcpy(v[5].in, "123456789", 9);
    v[5].len = 9;
    for (i = 0; i < 6; i++) {
        v[i].crc = c[i];
        memcpy(v[i].wire, w[i], 4);
    }
}

static void t_rfc3720_vectors(void)
{
    tc_vec v[6];
    tc_fn f[TC_MAXFN];
    size_t nf = tc_fns(f), i, k;
    tc_vectors(v);
    for (k = 0; k < 6; k++) {
        CHECK_EQ(tc_ref(0, v[k].in, v[k].len), v[k].crc);
        for (i = 0; i < nf; i++) {
            uint32_t c = f[i].fn(0, v[k].in, v[k].len);
            if (c != v[k].crc) fprintf(stderr, "  path %s vector %u\n", f[i].name, (unsigned)k);
            CHECK_EQ(c, v[k].crc);
        }
    }
}

static void t_wire_order(void)
{
    tc_vec v[6];
    tc_fn f[TC_MAXFN];
    size_t nf = tc_fns(f), i, k;
    uint8_t out[4];
    tc_vectors(v);
    for (k = 0; k < 6; k++)
        for (i = 0; i < nf; i++) {
            tc_put_crc(out, f[i].fn(0, v[k].in, v[k].len));
            CHECK_MEM(out, v[k].wire, 4);
        }
}

/* Every length 0..TC_MAXLEN at every alignment 0..63. The data are prefixes of one random
 * buffer, so the reference advances by one octet per length. */
static void t_all_lengths_alignments(void)
{
    tc_fn f[TC_MAXFN];
    size_t nf = tc_fns(f), i, len, a;
    unsigned long long seed = 0x9e3779b97f4a7c15ULL;
    uint8_t *src = (uint8_t *)malloc(TC_MAXLEN);
    uint8_t *blk = (uint8_t *)malloc(TC_MAXLEN + 128);
    uint8_t *base, *end;
    uint32_t reg = 0xffffffffu; /* reference register of src[0..len) */
    int bad = 0;
    REQUIRE(src != NULL && blk != NULL);
    tc_fill(src, TC_MAXLEN, &seed);
    base = blk + ((64u - ((size_t)blk & 63u)) & 63u);
    end = blk + TC_MAXLEN + 128;
    for (len = 0; len <= TC_MAXLEN && bad < 10; len++) {
        uint32_t want;
        if (len > 0) reg = tc_ref_reg(reg, src + len - 1, 1);
        want = ~reg;
        for (a = 0; a < 64; a++) {
            uint8_t *d = base + a;
            memcpy(d, src, len);
            TC_POISON(d + len, (size_t)(end - (d + len)));
            for (i = 0; i < nf; i++) {
                uint32_t got = f[i].fn(0, d, len);
                if (got != want && bad++ < 10) {
                    fprintf(stderr, "  path %s len %u align %u: 0x%08x != 0x%08x\n", f[i].name,
                            (unsigned)len, (unsigned)a, (unsigned)got, (unsigned)want);
                    CHECK_EQ(got, want);
                }
                if (a == 0 && len > 0) { /* a non-zero start: continue from the first octet */
                    got = f[i].fn(f[i].fn(0, d, 1), d + 1, len - 1);
                    if (got != want && bad++ < 10) {
                        fprintf(stderr, "  path %s len %u after 1 octet\n", f[i].name, (unsigned)len);
                        CHECK_EQ(got, want);
                    }
                }
            }
            TC_UNPOISON(d + len, (size_t)(end - (d + len)));
        }
    }
    free(blk);
    free(src);
}

/* Long input: the accelerated paths cut it into chunks (a few KiB to some 27 KiB) with a
 * length-dependent layout, so sweep lengths around those boundaries and beyond, at random
 * alignments, against the bitwise reference. */
static void t_long_buffers(void)
{
    static const size_t fixed[] = {4301,  6143,  6144,  6145,  8192,  10303, 10304,
                                   10305, 12345, 20735, 20736, 20737, 25000, 27583,
                                   27584, 27585, 55615, 65536, 65549, 100003, 262149};
    size_t maxn = 262149 + 64, nfix = sizeof fixed / sizeof fixed[0], t, i;
    tc_fn f[TC_MAXFN];
    size_t nf = tc_fns(f);
    unsigned long long seed = 99;
    uint8_t *src = (uint8_t *)malloc(maxn), *blk = (uint8_t *)malloc(maxn + 64);
    int bad = 0;
    REQUIRE(src != NULL && blk != NULL);
    tc_fill(src, maxn, &seed);
    for (t = 0; t < nfix + 40 && bad < 10; t++) {
        size_t n = t < nfix ? fixed[t] : 4301 + (size_t)(check_rand(&seed) % 70000u);
        size_t a = (size_t)(check_rand(&seed) % 64u);
        uint8_t *d = blk + a;
        uint32_t want = tc_ref(0, src, n);
        memcpy(d, src, n);
        TC_POISON(d + n, maxn + 64 - a - n);
        for (i = 0; i < nf; i++) {
            uint32_t got = f[i].fn(0, d, n);
            if (got != want && bad++ < 10) {
                fprintf(stderr, "  path %s len %u align %u\n", f[i].name, (unsigned)n, (unsigned)a);
                CHECK_EQ(got, want);
            }
        }
        TC_UNPOISON(d + n, maxn + 64 - a - n);
    }
    free(blk);
    free(src);
}

/* crc(crc(0, a), b) == crc(0, a||b) at every split point (STYLE.md 9). */
static void t_split_points(void)
{
    static const size_t lens[] = {4096, 4097, 65 * 64 + 13};
    tc_fn f[TC_MAXFN];
    size_t nf = tc_fns(f), i, t, s;
    unsigned long long seed = 42;
    uint8_t *buf = (uint8_t *)malloc(8192);
    int bad = 0;
    REQUIRE(buf != NULL);
    tc_fill(buf, 8192, &seed);
    for (t = 0; t <= 300 + sizeof lens / sizeof lens[0]; t++) {
        size_t n = t <= 300 ? t : lens[t - 301];
        uint32_t want = tc_ref(0, buf, n);
        for (i = 0; i < nf; i++)
            for (s = 0; s <= n; s++) {
                uint32_t got = f[i].fn(f[i].fn(0, buf, s), buf + s, n - s);
                if (got != want && bad++ < 10) {
                    fprintf(stderr, "  path %s len %u split %u\n", f[i].name, (unsigned)n, (unsigned)s);
                    CHECK_EQ(got, want);
                }
            }
    }
    /* many random pieces: chained non-zero starts in the middle of a stream */
    for (i = 0; i < nf; i++) {
        uint32_t c = 0;
        for (s = 0; s < 8192;) {
            size_t step = (size_t)(check_rand(&seed) % 700u);
            if (step > 8192 - s) step = 8192 - s;
            c = f[i].fn(c, buf + s, step);
            s += step;
        }
        CHECK_EQ(c, tc_ref(0, buf, 8192));
    }
    free(buf);
}

static void t_combine(void)
{
    unsigned long long seed = 7;
    uint8_t *buf = (uint8_t *)malloc(TC_MAXLEN);
    iw_crc32c_fn fast = iw_crc32c_select();
    int k;
    REQUIRE(buf != NULL);
    tc_fill(buf, TC_MAXLEN, &seed);
    CHECK_EQ(iw_crc32c_combine(0, 0, 0), 0);
    CHECK_EQ(iw_crc32c_combine(0x12345678u, 0, 0), 0x12345678u);
    for (k = 0; k < 2000; k++) {
        size_t n = (size_t)(check_rand(&seed) % (TC_MAXLEN + 1));
        size_t s = (size_t)(check_rand(&seed) % (n + 1));
        uint32_t ca = tc_ref(0, buf, s), cb = tc_ref(0, buf + s, n - s);
        CHECK_EQ(iw_crc32c_combine(ca, cb, n - s), tc_ref(0, buf, n));
    }
    /* Past 2^28 octets the power index wraps (x^(2^31) = x mod P, period 31):
     * a || b with b = 257 copies of a 1 MiB block, just over 2^28 octets. */
    {
        size_t blk = (size_t)1 << 20, r;
        uint8_t *big = (uint8_t *)malloc(blk);
        uint32_t ca, cb = 0, cab;
        REQUIRE(big != NULL);
        tc_fill(big, blk, &seed);
        ca = fast(0, buf, 1000);
        cab = ca;
        for (r = 0; r < 257; r++) {
            cb = fast(cb, big, blk);
            cab = fast(cab, big, blk);
        }
        CHECK_EQ(iw_crc32c_combine(ca, cb, 257 * blk), cab);
        free(big);
    }
    /* Beyond 4 GiB only the algebra can be checked: shifting by l2, then l3 == by l2 + l3. */
    if (sizeof(size_t) >= 8) {
        for (k = 0; k < 200; k++) {
            size_t l2 = (size_t)(check_rand(&seed) >> (k % 40 + 2));
            size_t l3 = (size_t)(check_rand(&seed) >> (k % 23 + 2));
            uint32_t c1 = (uint32_t)check_rand(&seed), c2 = (uint32_t)check_rand(&seed);
            uint32_t c3 = (uint32_t)check_rand(&seed);
            CHECK_EQ(iw_crc32c_combine(iw_crc32c_combine(c1, c2, l2), c3, l3),
                     iw_crc32c_combine(c1, iw_crc32c_combine(c2, c3, l3), l2 + l3));
        }
    }
    free(buf);
}

static void t_impls_select(void)
{
    iw_crc32c_impl im[TC_MAXFN], one;
    size_t n, i, j;
    iw_crc32c_fn sel = iw_crc32c_select();
    int found = 0, accel = 0;
    memset(im, 0, sizeof im);
    n = iw_crc32c_impls(im, TC_MAXFN);
    REQUIRE(n >= 1 && n <= TC_MAXFN);
    CHECK_EQ(iw_crc32c_impls(NULL, 0), n);
    CHECK_EQ(iw_crc32c_impls(&one, 1), n);
    CHECK(strcmp(one.name, "portable") == 0);
    CHECK(strcmp(im[0].name, "portable") == 0);
    CHECK(im[0].usable);
    CHECK(im[0].fn == iw_crc32c_portable);
    for (i = 0; i < n; i++) {
        printf("# path %-12s %s\n", im[i].name, im[i].usable ? "usable" : "not usable on this CPU");
        CHECK(im[i].fn != NULL);
        for (j = 0; j < i; j++) CHECK(strcmp(im[i].name, im[j].name) != 0);
        if (im[i].fn == sel) {
            found = 1;
            CHECK(im[i].usable);
        }
        if (i > 0 && im[i].usable) accel = 1;
    }
    CHECK(found);
    CHECK(sel == iw_crc32c_select());
#if defined(__x86_64__) && !IW_CRC32C_NO_ACCEL
    /* the test machine is an x86-64 with SSE4.2, PCLMULQDQ and AVX-512 VPCLMULQDQ */
    CHECK(accel);
    CHECK(sel != iw_crc32c_portable);
    { /* the tuning follows the CPU: vendor and family decoded here again, with <cpuid.h> */
        unsigned a, b, c, d, fam;
        const char *want = "vpclmul";
        int amd;
        REQUIRE(__get_cpuid(0, &a, &b, &c, &d));
        amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;
        REQUIRE(__get_cpuid(1, &a, &b, &c, &d));
        fam = (a >> 8) & 0xFu;
        if (fam == 0xFu) fam += (a >> 20) & 0xFFu;
        if (amd && fam >= 0x1Au) want = "vpclmul_amd"; /* Zen 5; Intel and Zen 4 fold alone */
        printf("# %s family %02Xh: %s\n", amd ? "AMD" : "not AMD", fam, want);
        for (i = 0; i < n; i++)
            if (strcmp(im[i].name, want) == 0) CHECK(im[i].fn == sel);
    }
#else
    (void)accel;
#endif
}

/* ---- fused copy + CRC32c (iw_crc32c_copy_*) ------------------------------------------
 * Every usable path and iw_crc32c_copy_select()'s pick, against iw_crc32c_portable over
 * the same octets: the CRC, dst == src, and the octets around dst untouched. Under ASan the
 * rest of both blocks is poisoned during the call, so any read or write outside src[0..n) and
 * dst[0..n) is reported even where a 64-octet move would stay inside the malloc block. */

#define TC_GUARD 64 /* octets checked on each side of dst */

typedef struct tc_cfn {
    const char *name;
    iw_crc32c_copy_fn fn;
} tc_cfn;

static size_t tc_copy_fns(tc_cfn *out)
{
    iw_crc32c_copy_impl im[TC_MAXFN];
    iw_crc32c_copy_fn sel = iw_crc32c_copy_select();
    size_t n, i, k = 0;
    int listed = 0;
    memset(im, 0, sizeof im);
    n = iw_crc32c_copy_impls(im, TC_MAXFN - 1);
    if (n > TC_MAXFN - 1) n = TC_MAXFN - 1;
    for (i = 0; i < n; i++) {
        if (!im[i].usable) continue;
        if (im[i].fn == sel) listed = 1;
        out[k].name = im[i].name;
        out[k++].fn = im[i].fn;
    }
    if (!listed) { /* select's pick is always listed (t_copy_impls_select); test it anyway */
        out[k].name = "select";
        out[k++].fn = sel;
    }
    return k;
}

/* Source and destination blocks, each 64-octet aligned with room for any alignment 0..63 and
 * TC_GUARD octets on both sides of the destination. */
typedef struct tc_cbuf {
    uint8_t *sblk, *dblk, *s0, *d0;
    size_t slen, dlen;
} tc_cbuf;

static int tc_cbuf_init(tc_cbuf *b, size_t maxn, unsigned long long *seed)
{
    b->slen = maxn + 128;
    b->dlen = maxn + 128 + 2 * TC_GUARD;
    b->sblk = (uint8_t *)malloc(b->slen);
    b->dblk = (uint8_t *)malloc(b->dlen);
    if (b->sblk == NULL || b->dblk == NULL) return 0;
    b->s0 = b->sblk + ((64u - ((size_t)b->sblk & 63u)) & 63u);
    b->d0 = b->dblk + ((64u - ((size_t)b->dblk & 63u)) & 63u) + TC_GUARD;
    tc_fill(b->sblk, b->slen, seed);
    return 1;
}

static void tc_cbuf_free(tc_cbuf *b)
{
    free(b->sblk);
    free(b->dblk);
}

/* One call: fn(crc, d, s, n) with s = s0 + sa, d = d0 + da; want = the reference. Returns 0 and
 * prints the case on a mismatch. */
static int tc_copy_one(const tc_cbuf *b, const tc_cfn *f, uint32_t crc, size_t n, size_t sa,
                       size_t da, uint32_t want)
{
    const uint8_t *s = b->s0 + sa;
    uint8_t *d = b->d0 + da, pat = (uint8_t)(0x5au ^ n ^ (da << 2));
    size_t i;
    uint32_t got;
    int ok = 1;
    memset(d - TC_GUARD, pat, n + 2 * TC_GUARD);
    /* poison all but src[0..n) and dst[0..n) (granule-wise before them, exactly after) */
    TC_POISON(b->sblk, (size_t)(s - b->sblk) & ~(size_t)7);
    TC_POISON(s + n, b->slen - (size_t)(s - b->sblk) - n);
    TC_POISON(b->dblk, (size_t)(d - b->dblk) & ~(size_t)7);
    TC_POISON(d + n, b->dlen - (size_t)(d - b->dblk) - n);
    got = f->fn(crc, d, s, n);
    TC_UNPOISON(b->sblk, b->slen);
    TC_UNPOISON(b->dblk, b->dlen);
    if (got != want) {
        fprintf(stderr, "  path %s len %u src align %u dst align %u crc 0x%08x: 0x%08x != 0x%08x\n",
                f->name, (unsigned)n, (unsigned)sa, (unsigned)da, (unsigned)crc, (unsigned)got,
                (unsigned)want);
        ok = 0;
    }
    if (n != 0 && memcmp(d, s, n) != 0) {
        fprintf(stderr, "  path %s len %u src align %u dst align %u: dst != src\n", f->name,
                (unsigned)n, (unsigned)sa, (unsigned)da);
        ok = 0;
    }
    for (i = 0; i < TC_GUARD; i++)
        if (d[-1 - (ptrdiff_t)i] != pat || d[n + i] != pat) {
            fprintf(stderr, "  path %s len %u src align %u dst align %u: guard octet %s dst hit\n",
                    f->name, (unsigned)n, (unsigned)sa, (unsigned)da,
                    d[-1 - (ptrdiff_t)i] != pat ? "before" : "after");
            ok = 0;
            break;
        }
    return ok;
}

/* Every length 0..TC_MAXLEN, each at 8 (src, dst) alignment pairs that rotate through 0..63,
 * half of them continuing from a non-zero CRC; then every one of the 64 x 64 pairs at the
 * lengths where the paths change method or unit. */
static void t_copy_lengths_alignments(void)
{
    static const size_t edge[] = {0,   1,   3,   7,   8,   15,  16,  31,  32,   33,   63,
                                  64,  65,  127, 128, 191, 255, 256, 257, 511,  512,  513,
                                  767, 768, 769, 1023, 1024, 1025, 1536, 2048, 4096, 4300};
    tc_cfn f[TC_MAXFN];
    size_t nf = tc_copy_fns(f), i, len, k, sa, da, e;
    unsigned long long seed = 0x243f6a8885a308d3ULL;
    tc_cbuf b;
    int bad = 0;
    REQUIRE(tc_cbuf_init(&b, TC_MAXLEN, &seed));
    for (len = 0; len <= TC_MAXLEN && bad < 10; len++)
        for (k = 0; k < 8; k++) {
            uint32_t crc = (k & 1u) ? (uint32_t)check_rand(&seed) : 0, want;
            sa = (len * 7 + k * 17) & 63u;
            da = (len * 13 + k * 37 + (len >> 6)) & 63u;
            want = iw_crc32c_portable(crc, b.s0 + sa, len);
            for (i = 0; i < nf; i++)
                if (!tc_copy_one(&b, &f[i], crc, len, sa, da, want)) bad++;
        }
    for (e = 0; e < sizeof edge / sizeof edge[0] && bad < 10; e++)
        for (sa = 0; sa < 64; sa++) {
            uint32_t crc = (uint32_t)check_rand(&seed);
            uint32_t want = iw_crc32c_portable(crc, b.s0 + sa, edge[e]);
            for (da = 0; da < 64; da++)
                for (i = 0; i < nf; i++)
                    if (!tc_copy_one(&b, &f[i], crc, edge[e], sa, da, want)) bad++;
        }
    CHECK(bad == 0);
    tc_cbuf_free(&b);
}

/* Long input (the piece loop, its tails, and several of its 512-octet steps) at random
 * alignments. */
static void t_copy_long(void)
{
    static const size_t lens[] = {4301,  4351,  4352,  4353,  4607, 4608, 4609,  5119,
                                  5120,  8191,  8192,  8193,  9000, 9216, 65549, 100003,
                                  262149};
    size_t maxn = 262149, t, i;
    tc_cfn f[TC_MAXFN];
    size_t nf = tc_copy_fns(f);
    unsigned long long seed = 77;
    tc_cbuf b;
    int bad = 0;
    REQUIRE(tc_cbuf_init(&b, maxn, &seed));
    for (t = 0; t < sizeof lens / sizeof lens[0] + 20 && bad < 10; t++) {
        size_t n = t < sizeof lens / sizeof lens[0] ? lens[t]
                                                    : 4301 + (size_t)(check_rand(&seed) % 40000u);
        size_t sa = (size_t)(check_rand(&seed) % 64u), da = (size_t)(check_rand(&seed) % 64u);
        uint32_t crc = (uint32_t)check_rand(&seed);
        uint32_t want = iw_crc32c_portable(crc, b.s0 + sa, n);
        for (i = 0; i < nf; i++)
            if (!tc_copy_one(&b, &f[i], crc, n, sa, da, want)) bad++;
    }
    CHECK(bad == 0);
    tc_cbuf_free(&b);
}

/* Chaining: copying a||b as a then b (continuing from the first CRC) gives the CRC of a||b and
 * the same dst, at every split point of some lengths and at random multi-piece splits. */
static void t_copy_chained(void)
{
    static const size_t lens[] = {1024, 4096, 4097, 8192 + 7};
    tc_cfn f[TC_MAXFN];
    size_t nf = tc_copy_fns(f), i, t, s, maxn = 8192 + 64;
    unsigned long long seed = 4242;
    uint8_t *src = (uint8_t *)malloc(maxn), *dst = (uint8_t *)malloc(maxn);
    int bad = 0;
    REQUIRE(src != NULL && dst != NULL);
    tc_fill(src, maxn, &seed);
    for (t = 0; t <= 200 + sizeof lens / sizeof lens[0] && bad < 10; t++) {
        size_t n = t <= 200 ? t : lens[t - 201];
        uint32_t want = iw_crc32c_portable(0, src + 3, n);
        for (i = 0; i < nf; i++)
            for (s = 0; s <= n; s++) {
                uint32_t got;
                memset(dst, 0, n + 8);
                got = f[i].fn(f[i].fn(0, dst + 5, src + 3, s), dst + 5 + s, src + 3 + s, n - s);
                if ((got != want || memcmp(dst + 5, src + 3, n) != 0) && bad++ < 10) {
                    fprintf(stderr, "  path %s len %u split %u\n", f[i].name, (unsigned)n,
                            (unsigned)s);
                    CHECK_EQ(got, want);
                }
            }
    }
    /* random pieces, random start alignment */
    for (i = 0; i < nf; i++)
        for (t = 0; t < 60; t++) {
            size_t a = (size_t)(check_rand(&seed) % 64u), n = maxn - 64, off = 0;
            uint32_t c = 0;
            memset(dst, 0, maxn);
            while (off < n) {
                size_t step = (size_t)(check_rand(&seed) % (t < 30 ? 300u : 3000u));
                if (step > n - off) step = n - off;
                c = f[i].fn(c, dst + off, src + a + off, step);
                off += step;
            }
            if ((c != iw_crc32c_portable(0, src + a, n) || memcmp(dst, src + a, n) != 0) &&
                bad++ < 10) {
                fprintf(stderr, "  path %s random pieces, trial %u\n", f[i].name, (unsigned)t);
                CHECK(0);
            }
        }
    CHECK(bad == 0);
    free(dst);
    free(src);
}

static void t_copy_impls_select(void)
{
    iw_crc32c_copy_impl im[TC_MAXFN], one;
    iw_crc32c_copy_fn sel = iw_crc32c_copy_select();
    size_t n, i, j;
    int found = 0;
    uint8_t dst[16] = {0}, src[16] = {0};
    memset(im, 0, sizeof im);
    n = iw_crc32c_copy_impls(im, TC_MAXFN);
    REQUIRE(n >= 1 && n <= TC_MAXFN);
    CHECK_EQ(iw_crc32c_copy_impls(NULL, 0), n);
    CHECK_EQ(iw_crc32c_copy_impls(&one, 1), n);
    CHECK(strcmp(one.name, "portable") == 0);
    CHECK(strcmp(im[0].name, "portable") == 0);
    CHECK(im[0].usable);
    CHECK(im[0].fn == iw_crc32c_copy_portable);
    for (i = 0; i < n; i++) {
        printf("# copy path %-8s %s\n", im[i].name, im[i].usable ? "usable" : "not usable on this CPU");
        CHECK(im[i].fn != NULL);
        for (j = 0; j < i; j++) CHECK(strcmp(im[i].name, im[j].name) != 0);
        if (im[i].fn == sel) {
            found = 1;
            CHECK(im[i].usable);
        }
        if (!im[i].usable) continue;
        /* NULL iff n == 0: the CRC passes through unchanged */
        CHECK_EQ(im[i].fn(0, NULL, NULL, 0), 0);
        CHECK_EQ(im[i].fn(0x12345678u, NULL, NULL, 0), 0x12345678u);
        memcpy(src, "123456789", 9);
        CHECK_EQ(im[i].fn(0, dst, src, 9), 0xE3069283u);
        CHECK_MEM(dst, "123456789", 9);
        CHECK_EQ(dst[9], 0);
        memset(dst, 0, sizeof dst);
    }
    CHECK(found);
    CHECK(sel == iw_crc32c_copy_select());
#if defined(__x86_64__) && !IW_CRC32C_NO_ACCEL
    /* the test machine is an x86-64 with SSE4.2 and AVX-512 VPCLMULQDQ */
    CHECK(sel != iw_crc32c_copy_portable);
    { /* the tuning follows the vendor, decoded here again with <cpuid.h> */
        unsigned a, b, c, d;
        int intel;
        REQUIRE(__get_cpuid(0, &a, &b, &c, &d));
        intel = b == 0x756e6547u && d == 0x49656e69u && c == 0x6c65746eu; /* "GenuineIntel" */
        printf("# %s: fused copy \"%s\"\n", intel ? "Intel" : "not Intel", intel ? "vpclmul_intel" : "vpclmul");
        for (i = 0; i < n; i++)
            if (strcmp(im[i].name, intel ? "vpclmul_intel" : "vpclmul") == 0) CHECK(im[i].fn == sel);
    }
#endif
}

/* The kernel sets (crc32c.h: what MPA places and checks FPDUs with), each usable one: move
 * writes exactly its range with the source's octets, at every length 0..4300 and some long ones,
 * alignments apart, guard octets around; copy2_crc gives crc(pre) continued by copy_crc with the
 * same writes, for header lengths 0..18; kernels_select picks the set of copy_select. */
static void t_kernels(void)
{
    static uint8_t src[70000 + 128], dst[70000 + 256], want[70000 + 256];
    iw_crc32c_kernels all[8], sel;
    int usable[8];
    unsigned long long seed = 99;
    size_t i, n, sa, da, nk = iw_crc32c_kernels_impls(all, usable, 8), k, np;
    REQUIRE(nk >= 1 && nk <= 8);
    CHECK(strcmp(all[0].name, "portable") == 0);
    iw_crc32c_kernels_select(&sel);
    CHECK(sel.copy_crc == iw_crc32c_copy_select() && sel.crc == iw_crc32c_select());
    for (i = 0; i < sizeof src; i++) src[i] = (uint8_t)(check_rand(&seed) >> 56);
    for (k = 0; k < nk; k++) {
        const iw_crc32c_kernels *K = &all[k];
        if (!usable[k]) continue;
        if (K->copy_crc == sel.copy_crc) CHECK(strcmp(K->name, sel.name) == 0 && K->move == sel.move);
        for (n = 0; n <= 4300 + 8; n++) {
            if (n > 4300) n = 8191 + (n - 4301) * 7919;
            for (sa = n % 64, da = (n * 7) % 64, i = 0; i < 3; i++, sa = (sa + 21) % 64, da = (da + 37) % 64) {
                uint32_t want_crc, got;
                memset(dst, 0xA5, n + 256);
                memcpy(want, dst, n + 256);
                memcpy(want + 64 + da, src + sa, n);
                K->move(dst + 64 + da, src + sa, n);
                CHECK_MEM(dst, want, n + 256);
                np = (n + i) % 19;
                memset(dst, 0xA5, n + 256);
                want_crc = iw_crc32c_portable(iw_crc32c_portable(0, src + 40000, np), src + sa, n); /* checked bitwise above */
                got = K->copy2_crc(0, np ? src + 40000 : NULL, np, dst + 64 + da, src + sa, n);
                CHECK_EQ(got, want_crc);
                CHECK_MEM(dst, want, n + 256);
                if (check__failed_here) {
                    fprintf(stderr, "  kernels %s n %zu sa %zu da %zu np %zu\n", K->name, n, sa, da, np);
                    return;
                }
            }
        }
    }
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"crc32c check value 123456789 MPA-051", t_check_value},
        {"crc32c RFC 3720 B.4 vectors MPA-052", t_rfc3720_vectors},
        {"crc32c field octets least significant first MPA-053", t_wire_order},
        {"crc32c vs bitwise reference, lengths 0..4300 x alignments 0..63 MPA-051 MPA-052",
         t_all_lengths_alignments},
        {"crc32c long buffers up to 256 KiB, chunked paths MPA-051", t_long_buffers},
        {"crc32c chained updates at every split point MPA-051", t_split_points},
        {"crc32c combine MPA-051", t_combine},
        {"crc32c impls list and select MPA-051", t_impls_select},
        {"crc32c_copy lengths 0..4300 x src and dst alignments, guard octets",
         t_copy_lengths_alignments},
        {"crc32c_copy long buffers up to 256 KiB", t_copy_long},
        {"crc32c_copy chained at every split point and in random pieces", t_copy_chained},
        {"crc32c_copy impls list and select", t_copy_impls_select},
        {"crc32c kernel sets: move and header+copy at every length and alignment MPA-051", t_kernels},
    };
    return CHECK_RUN(tests);
}
