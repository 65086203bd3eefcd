/* check.h: the tiny test harness every test program uses (STYLE.md 9).
 *
 * A test file defines its tests as `static void t_name(void)` and lists them in
 * a table passed to check_main(). A requirement ID is named by the check that
 * tests it: a clause ID (ATOM-003c) counts for make reqs only on a check's line or
 * the comment right above it (docs/conformance.md). Output is TAP-like:
 * "ok N name" / "not ok N name", then the plain line "# counts P F" that
 * tests/run.sh sums into the final "N passed, N failed". */
#ifndef CHECK_H
#define CHECK_H
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>

static int check__failed_here;
/* A test that cannot run here sets this to the reason and returns: it is reported as
 * "ok N name # SKIP reason" (TAP) and counted as passed. */
static const char *check__skip;

#define CHECK(cond) do { if (!(cond)) { \
    fprintf(stderr, "  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
    check__failed_here = 1; } } while (0)
#define CHECK_EQ(a, b) do { unsigned long long check__a = (unsigned long long)(a), \
    check__b = (unsigned long long)(b); if (check__a != check__b) { \
    fprintf(stderr, "  %s:%d: %s == %s failed: 0x%llx != 0x%llx\n", __FILE__, __LINE__, \
            #a, #b, check__a, check__b); check__failed_here = 1; } } while (0)
#define CHECK_MEM(a, b, n) do { if (memcmp((a), (b), (n)) != 0) { \
    fprintf(stderr, "  %s:%d: CHECK_MEM(%s, %s, %s) failed\n", __FILE__, __LINE__, #a, #b, #n); \
    check__failed_here = 1; } } while (0)
/* Stop the current test at once (after a failure that makes the rest meaningless). */
#define REQUIRE(cond) do { CHECK(cond); if (check__failed_here) return; } while (0)

typedef struct check_test { const char *name; void (*fn)(void); } check_test;

static int check_main(int argc, char **argv, const check_test *t, size_t n)
{
    size_t i;
    int pass = 0, fail = 0, num = 0;
    for (i = 0; i < n; i++) {
        int k, want = argc < 2;
        for (k = 1; k < argc; k++)
            if (strstr(t[i].name, argv[k]) != NULL) want = 1;
        if (!want) continue;
        check__failed_here = 0;
        check__skip = NULL;
        t[i].fn();
        num++;
        if (check__failed_here) { fail++; printf("not ok %d %s\n", num, t[i].name); }
        else if (check__skip) { pass++; printf("ok %d %s # SKIP %s\n", num, t[i].name, check__skip); }
        else { pass++; printf("ok %d %s\n", num, t[i].name); }
        fflush(stdout);
    }
    printf("# counts %d %d\n", pass, fail);
    return fail ? 1 : 0;
}
#define CHECK_RUN(tests) check_main(argc, argv, tests, sizeof(tests) / sizeof((tests)[0]))

#if defined(__GNUC__) || defined(__clang__)
#define CHECK_UNUSED __attribute__((unused))
#else
#define CHECK_UNUSED
#endif
/* Deterministic PRNG for tests (xorshift64*), no global state. */
/* CRC32c computed bit by bit from its definition (RFC 3720 §12.1: polynomial 0x1EDC6F41,
 * reflected 0x82F63B78, preset and final inversion), continued from crc (0 to start): the
 * independent reference the tests compare the library's CRC paths and FPDUs against. */
static CHECK_UNUSED uint32_t check_crc32c_ref(uint32_t crc, const uint8_t *p, size_t n)
{
    uint32_t c = ~crc;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        c ^= p[i];
        for (k = 0; k < 8; k++) c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
    }
    return ~c;
}

static CHECK_UNUSED unsigned long long check_rand(unsigned long long *s)
{
    unsigned long long x = *s;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    *s = x;
    return x * 2685821657736338717ULL;
}
#endif
