#define IWARP_IMPLEMENTATION
#include "mpa.h"
/* test_crc.c: CRC32c (RFC 5044 §4, RFC 3720 §12.1 and App. B.4) on every compiled-in path this
 * CPU can run, plus iw_mpa_crc32c (the compile-time choice) and iw_mpa_crc32c_select()'s pick.
 * The reference is a one-bit-at-a-time CRC written here, independent of the library's tables
 * and constants. */
#include "check.h"

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
    iw_mpa_crc32c_fn fn;
} tc_fn;

/* The functions under test: every usable path, the compile-time entry and select()'s pick. */
static size_t tc_fns(tc_fn *out)
{
    iw_mpa_crc32c_impl im[TC_MAXFN];
    size_t n, i, k = 0;
    memset(im, 0, sizeof im);
    n = iw_mpa_crc32c_impls(im, TC_MAXFN - 2);
    if (n > TC_MAXFN - 2) n = TC_MAXFN - 2;
    for (i = 0; i < n; i++) {
        if (!im[i].usable) continue;
        out[k].name = im[i].name;
        out[k++].fn = im[i].fn;
    }
    out[k].name = "iw_mpa_crc32c";
    out[k++].fn = iw_mpa_crc32c;
    out[k].name = "select";
    out[k++].fn = iw_mpa_crc32c_select();
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
    iw_mpa_crc32c_fn fast = iw_mpa_crc32c_select();
    int k;
    REQUIRE(buf != NULL);
    tc_fill(buf, TC_MAXLEN, &seed);
    CHECK_EQ(iw_mpa_crc32c_combine(0, 0, 0), 0);
    CHECK_EQ(iw_mpa_crc32c_combine(0x12345678u, 0, 0), 0x12345678u);
    for (k = 0; k < 2000; k++) {
        size_t n = (size_t)(check_rand(&seed) % (TC_MAXLEN + 1));
        size_t s = (size_t)(check_rand(&seed) % (n + 1));
        uint32_t ca = tc_ref(0, buf, s), cb = tc_ref(0, buf + s, n - s);
        CHECK_EQ(iw_mpa_crc32c_combine(ca, cb, n - s), tc_ref(0, buf, n));
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
        CHECK_EQ(iw_mpa_crc32c_combine(ca, cb, 257 * blk), cab);
        free(big);
    }
    /* Beyond 4 GiB only the algebra can be checked: shifting by l2, then l3 == by l2 + l3. */
    if (sizeof(size_t) >= 8) {
        for (k = 0; k < 200; k++) {
            size_t l2 = (size_t)(check_rand(&seed) >> (k % 40 + 2));
            size_t l3 = (size_t)(check_rand(&seed) >> (k % 23 + 2));
            uint32_t c1 = (uint32_t)check_rand(&seed), c2 = (uint32_t)check_rand(&seed);
            uint32_t c3 = (uint32_t)check_rand(&seed);
            CHECK_EQ(iw_mpa_crc32c_combine(iw_mpa_crc32c_combine(c1, c2, l2), c3, l3),
                     iw_mpa_crc32c_combine(c1, iw_mpa_crc32c_combine(c2, c3, l3), l2 + l3));
        }
    }
    free(buf);
}

static void t_impls_select(void)
{
    iw_mpa_crc32c_impl im[TC_MAXFN], one;
    size_t n, i, j;
    iw_mpa_crc32c_fn sel = iw_mpa_crc32c_select();
    int found = 0, accel = 0;
    memset(im, 0, sizeof im);
    n = iw_mpa_crc32c_impls(im, TC_MAXFN);
    REQUIRE(n >= 1 && n <= TC_MAXFN);
    CHECK_EQ(iw_mpa_crc32c_impls(NULL, 0), n);
    CHECK_EQ(iw_mpa_crc32c_impls(&one, 1), n);
    CHECK(strcmp(one.name, "portable") == 0);
    CHECK(strcmp(im[0].name, "portable") == 0);
    CHECK(im[0].usable);
    CHECK(im[0].fn == iw_mpa_crc32c_portable);
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
    CHECK(sel == iw_mpa_crc32c_select());
#if defined(__x86_64__) && !IW_CRC32C_NO_ACCEL
    /* the test machine is an x86-64 with SSE4.2, PCLMULQDQ and AVX-512 VPCLMULQDQ */
    CHECK(accel);
    CHECK(sel != iw_mpa_crc32c_portable);
#else
    (void)accel;
#endif
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
    };
    return CHECK_RUN(tests);
}
