/* bench_crc.c: CRC32c throughput of every usable path against ISA-L (libisal).
 *
 *   gcc -O2 -I. bench/bench_crc.c -lisal -o build/bench_crc && build/bench_crc
 *
 * No -march flag is needed: the accelerated paths carry target attributes and
 * iw_crc32c_select() picks one at run time ("ours" below).
 *
 * Method: for each size, every candidate runs in the SAME repetition loop, one after the other
 * (interleaved, so clock drift and noisy neighbours hit all of them alike); a sample is a batch
 * of calls on one 64-octet-aligned buffer (about 1 MiB of input per sample), and the figure is
 * the MEDIAN over all repetitions. Two modes:
 *   indep   - each call starts from the initial value (back-to-back independent CRCs, as for a
 *             stream of FPDUs; calls may overlap in the CPU). ISA-L's own perf tests do this.
 *             The BENCH lines use this mode.
 *   chained - each call continues from the previous result (pure latency, no overlap).
 * Conventions differ: ISA-L's crc32_iscsi(buf, len, init) takes the raw register (start with
 * 0xFFFFFFFF) and does not invert the result, so ours(0, p, n) == ~crc32_iscsi(p, n, ~0).
 * Every path is checked against the others and against ISA-L before timing; a mismatch prints
 * an error and exits 1. Slowness never fails the program.
 *
 * Fused copy + CRC (iw_crc32c_copy_*, what DDP places a payload with): each size copies
 * buffers packed back to back through a working set of COPY_WS octets of source and as many of
 * destination (together 7/8 of the 1 MiB L2 of the Zen 5 it was tuned on: in L2, not L1, with
 * room for the rest), one buffer after the other, each call independent. memcpy of the same
 * buffers, "memcpy then CRC" (two passes: the selected CRC over the copy, or over the source)
 * and every usable fused path run in the same repetition loop; figures are medians.
 *   BENCH crc_copy_4096  the selected fused path at 4 KiB, ratio = ours / memcpy
 *   # crc_copy ...       the two-pass figures, and every path and size, as comment lines */
#include "bench.h"
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include <stdio.h>
#include <string.h>
#include <isa-l/crc.h>

#define NSIZES 6
#define MAXC 12
#define REPS 151
#define SAMPLE_BYTES (1u << 20)

static const size_t sizes[NSIZES] = {64, 256, 1024, 4096, 65536, 1048576};

enum { K_OURS, K_ISAL, K_ISAL_BASE };
typedef struct cand {
    const char *name;
    int kind;
    iw_crc32c_fn fn;
} cand;

/* One sample: ns per call. noinline keeps the loops comparable between candidates. */
static __attribute__((noinline)) double run_ours(iw_crc32c_fn fn, const uint8_t *b, size_t n,
                                                 size_t it, int chained)
{
    uint32_t acc = 0;
    size_t i;
    uint64_t t0 = bench_now_ns(), t1;
    if (chained)
        for (i = 0; i < it; i++) acc = fn(acc, b, n);
    else
        for (i = 0; i < it; i++) acc ^= fn(0, b, n);
    t1 = bench_now_ns();
    bench_sink ^= acc;
    return (double)(t1 - t0) / (double)it;
}

static __attribute__((noinline)) double run_isal(int base, const uint8_t *b, size_t n, size_t it,
                                                 int chained)
{
    unsigned char *ub = (unsigned char *)(uintptr_t)b;
    unsigned int acc = 0xffffffffu;
    int len = (int)n;
    size_t i;
    uint64_t t0 = bench_now_ns(), t1;
    if (base) {
        if (chained)
            for (i = 0; i < it; i++) acc = crc32_iscsi_base(ub, len, acc);
        else
            for (i = 0; i < it; i++) acc ^= crc32_iscsi_base(ub, len, 0xffffffffu);
    } else {
        if (chained)
            for (i = 0; i < it; i++) acc = crc32_iscsi(ub, len, acc);
        else
            for (i = 0; i < it; i++) acc ^= crc32_iscsi(ub, len, 0xffffffffu);
    }
    t1 = bench_now_ns();
    bench_sink ^= acc;
    return (double)(t1 - t0) / (double)it;
}

static double run(const cand *c, const uint8_t *b, size_t n, size_t it, int chained)
{
    if (c->kind == K_OURS) return run_ours(c->fn, b, n, it, chained);
    return run_isal(c->kind == K_ISAL_BASE, b, n, it, chained);
}

static uint32_t crc_of(const cand *c, const uint8_t *b, size_t n)
{
    unsigned char *ub = (unsigned char *)(uintptr_t)b;
    if (c->kind == K_OURS) return c->fn(0, b, n);
    if (c->kind == K_ISAL) return ~crc32_iscsi(ub, (int)n, 0xffffffffu);
    return ~crc32_iscsi_base(ub, (int)n, 0xffffffffu);
}

/* ---- CRC of data not in any cache ------------------------------------------------------ */

/* crc32c_65536_cold: 64 KiB CRCs of memory no cache holds (what a sender's CRC pass over a
 * large payload meets): a sample is COLD_CALLS calls over fresh consecutive 64 KiB blocks of a
 * COLD_BYTES buffer (8 x the L3 here), ours and ISA-L alternating, each on blocks the other
 * did not just read; medians of COLD_REPS. */
#define COLD_BYTES (256u << 20)
#define COLD_N 65536u
#define COLD_CALLS 16u
#define COLD_REPS 151
static int cold_bench(const cand *ours, const cand *isal)
{
    static double t[2][COLD_REPS];
    uint8_t *b = (uint8_t *)malloc(COLD_BYTES);
    size_t pos = 0, r, m, k;
    uint64_t seed = 0xC01D;
    if (!b) return 1;
    bench_fill(b, COLD_BYTES, &seed);
    if (crc_of(ours, b, COLD_N) != crc_of(isal, b, COLD_N)) {
        fprintf(stderr, "bench_crc: cold: ours and ISA-L differ\n");
        return 1;
    }
    for (r = 0; r < COLD_REPS; r++)
        for (m = 0; m < 2; m++) {
            size_t which = (r & 1) ? 1 - m : m;
            double ns = 0;
            for (k = 0; k < COLD_CALLS; k++) {
                if (pos + COLD_N > COLD_BYTES) pos = 0;
                ns += run(which ? isal : ours, b + pos, COLD_N, 1, 0);
                pos += COLD_N;
            }
            t[which][r] = ns / COLD_CALLS;
        }
    printf("CRC32c of 64 KiB not in any cache (a %u MiB walk), median of %d samples of %u calls: "
           "ours %.0f ns, isal %.0f ns\n", COLD_BYTES >> 20, COLD_REPS, COLD_CALLS,
           bench_median(t[0], COLD_REPS), bench_median(t[1], COLD_REPS));
    printf("BENCH crc32c_65536_cold %.3f GB/s vs isal ratio=%.3f\n",
           COLD_N / bench_median(t[0], COLD_REPS), bench_median(t[1], COLD_REPS) / bench_median(t[0], COLD_REPS));
    free(b);
    return 0;
}

/* ---- fused copy + CRC ------------------------------------------------------------------ */

#ifndef COPY_WS
#define COPY_WS (448u * 1024u) /* -DCOPY_WS=... to try others */
#endif
#define COPY_REPS 301
#define COPY_NSIZES 4
#define COPY_MAXC 8

static const size_t copy_sizes[COPY_NSIZES] = {64, 256, 1024, 4096};

enum { C_MEMCPY, C_TWO_DST, C_TWO_SRC, C_FUSED };
typedef struct copy_cand {
    const char *name;
    int kind;
    iw_crc32c_copy_fn fn;
} copy_cand;

/* One sample: ns per call over it passes through the working set (nb buffers of n octets,
 * stride st). */
static __attribute__((noinline)) double copy_run(const copy_cand *c, iw_crc32c_fn crc,
                                                 uint8_t *d, const uint8_t *s, size_t n,
                                                 size_t st, size_t nb, size_t it)
{
    uint32_t acc = 0;
    size_t i, k;
    uint64_t t0 = bench_now_ns(), t1;
    for (k = 0; k < it; k++)
        for (i = 0; i < nb; i++) {
            uint8_t *dd = d + i * st;
            const uint8_t *ss = s + i * st;
            switch (c->kind) {
            case C_MEMCPY:
                memcpy(dd, ss, n);
                BENCH_DO_NOT_OPTIMIZE(dd);
                break;
            case C_TWO_DST:
                memcpy(dd, ss, n);
                acc ^= crc(0, dd, n);
                break;
            case C_TWO_SRC:
                memcpy(dd, ss, n);
                acc ^= crc(0, ss, n);
                break;
            default:
                acc ^= c->fn(0, dd, ss, n);
                break;
            }
        }
    t1 = bench_now_ns();
    bench_sink ^= acc;
    return (double)(t1 - t0) / (double)(it * nb);
}

static int copy_bench(void)
{
    iw_crc32c_copy_impl im[COPY_MAXC];
    copy_cand c[COPY_MAXC + 4];
    iw_crc32c_fn crc = iw_crc32c_select();
    iw_crc32c_copy_fn sel = iw_crc32c_copy_select();
    size_t nimpl = iw_crc32c_copy_impls(im, COPY_MAXC), nc = 0, i, z, r;
    static double samp[COPY_NSIZES][COPY_MAXC + 4][COPY_REPS];
    double gbs[COPY_NSIZES][COPY_MAXC + 4];
    uint8_t *sblk = (uint8_t *)malloc(COPY_WS + 64), *dblk = (uint8_t *)malloc(COPY_WS + 64);
    uint8_t *s, *d;
    uint64_t seed = 0x13198a2e03707344ULL, t_start = bench_now_ns();
    const char *selname = "?";

    if (!sblk || !dblk) return 2;
    s = sblk + ((64u - ((uintptr_t)sblk & 63u)) & 63u);
    d = dblk + ((64u - ((uintptr_t)dblk & 63u)) & 63u);
    bench_fill(s, COPY_WS, &seed);
    memset(d, 0, COPY_WS);
    if (nimpl > COPY_MAXC) nimpl = COPY_MAXC;
    c[nc].name = "memcpy";
    c[nc++].kind = C_MEMCPY;
    c[nc].name = "2pass_dst";
    c[nc++].kind = C_TWO_DST;
    c[nc].name = "2pass_src";
    c[nc++].kind = C_TWO_SRC;
    for (i = 0; i < nimpl; i++) {
        if (!im[i].usable) continue;
        if (im[i].fn == sel) selname = im[i].name;
        c[nc].name = im[i].name;
        c[nc].kind = C_FUSED;
        c[nc++].fn = im[i].fn;
    }
    printf("\nfused copy + CRC32c: ours = iw_crc32c_copy_select() = \"%s\"\n", selname);

    /* correctness: CRC and copy at odd lengths and alignments, guard octets after dst */
    for (i = 3; i < nc; i++)
        for (z = 0; z < 40; z++) {
            size_t n = z * 311 % 9001, a = z * 7 % 64, b = z * 13 % 64;
            uint32_t want = iw_crc32c_portable(0, s + a, n), got;
            memset(d, 0xa5, n + 128);
            got = c[i].fn(0, d + b, s + a, n);
            if (got != want || memcmp(d + b, s + a, n) != 0 || d[b + n] != 0xa5 ||
                (b > 0 && d[b - 1] != 0xa5)) {
                fprintf(stderr, "ERROR: fused path %s is wrong for %u octets\n", c[i].name,
                        (unsigned)n);
                return 1;
            }
        }

    for (z = 0; z < COPY_NSIZES; z++) {
        size_t n = copy_sizes[z], st = (n + 63) & ~(size_t)63, nb = COPY_WS / st;
        size_t it = (1u << 20) / (nb * n) + 1;
        for (i = 0; i < nc; i++) copy_run(&c[i], crc, d, s, n, st, nb, 1); /* warm up */
        for (r = 0; r < COPY_REPS; r++)
            for (i = 0; i < nc; i++) samp[z][i][r] = copy_run(&c[i], crc, d, s, n, st, nb, it);
        for (i = 0; i < nc; i++) gbs[z][i] = (double)n / bench_median(samp[z][i], COPY_REPS);
    }

    printf("GB/s (median of %d; %u KiB source + %u KiB destination; x = / memcpy)\n%-6s",
           COPY_REPS, COPY_WS / 1024u, COPY_WS / 1024u, "size");
    for (i = 0; i < nc; i++) printf(" %16s", c[i].name);
    printf("\n");
    for (z = 0; z < COPY_NSIZES; z++) {
        printf("%-6u", (unsigned)copy_sizes[z]);
        for (i = 0; i < nc; i++) printf("   %7.2f x%5.3f", gbs[z][i], gbs[z][i] / gbs[z][0]);
        printf("\n");
    }
    printf("(total %.1f s)\n\n", (double)(bench_now_ns() - t_start) / 1e9);

    for (z = 0; z < COPY_NSIZES; z++) {
        size_t isel = 0;
        for (i = 3; i < nc; i++)
            if (c[i].fn == sel) isel = i;
        if (isel == 0) return 1;
        if (copy_sizes[z] == 4096)
            printf("BENCH crc_copy_4096 %.3f GB/s vs memcpy ratio=%.3f\n", gbs[z][isel],
                   gbs[z][isel] / gbs[z][0]);
        printf("# crc_copy_%u ours (%s) %.2f GB/s, memcpy %.2f, memcpy then CRC %.2f (CRC over "
               "the copy) / %.2f (over the source): ratio to memcpy %.3f, two-pass %.3f / %.3f\n",
               (unsigned)copy_sizes[z], selname, gbs[z][isel], gbs[z][0], gbs[z][1], gbs[z][2],
               gbs[z][isel] / gbs[z][0], gbs[z][1] / gbs[z][0], gbs[z][2] / gbs[z][0]);
    }
    free(sblk);
    free(dblk);
    return 0;
}

int main(void)
{
    iw_crc32c_impl im[MAXC];
    cand c[MAXC];
    size_t nimpl = iw_crc32c_impls(im, MAXC), nc = 0, i, s, r;
    size_t i_ours = 0, i_isal, i_base, i_port = 0;
    static double samp[2][NSIZES][MAXC][REPS];
    double gbs[2][NSIZES][MAXC];
    uint8_t *blk = (uint8_t *)malloc(sizes[NSIZES - 1] + 64), *buf;
    uint64_t seed = 0x243f6a8885a308d3ULL, t_start = bench_now_ns();
    int mode;

    if (!blk) return 2;
    buf = blk + ((64u - ((uintptr_t)blk & 63u)) & 63u);
    bench_fill(buf, sizes[NSIZES - 1], &seed);
    if (nimpl > MAXC - 3) nimpl = MAXC - 3;

    c[nc].name = "ours";
    c[nc].kind = K_OURS;
    c[nc++].fn = iw_crc32c_select();
    for (i = 0; i < nimpl; i++) {
        if (!im[i].usable) continue;
        if (strcmp(im[i].name, "portable") == 0) i_port = nc;
        c[nc].name = im[i].name;
        c[nc].kind = K_OURS;
        c[nc++].fn = im[i].fn;
    }
    i_isal = nc;
    c[nc].name = "isal";
    c[nc].kind = K_ISAL;
    c[nc++].fn = NULL;
    i_base = nc;
    c[nc].name = "isal_base";
    c[nc].kind = K_ISAL_BASE;
    c[nc++].fn = NULL;
    for (i = 0; i < nimpl; i++)
        if (im[i].usable && im[i].fn == c[i_ours].fn)
            printf("ours = iw_crc32c_select() = \"%s\"\n", im[i].name);

    /* Correctness first: the check value, then every size and a few odd lengths. */
    if (c[i_ours].fn(0, "123456789", 9) != 0xE3069283u) {
        fprintf(stderr, "ERROR: ours(\"123456789\") = 0x%08x, want 0xe3069283\n",
                (unsigned)c[i_ours].fn(0, "123456789", 9));
        return 1;
    }
    for (s = 0; s < NSIZES + 4; s++) {
        size_t n = s < NSIZES ? sizes[s] : (size_t)(s * 1237 - 3);
        uint32_t want = iw_crc32c_portable(0, buf + 1, n);
        for (i = 0; i < nc; i++) {
            uint32_t got = crc_of(&c[i], buf + 1, n);
            if (got != want) {
                fprintf(stderr, "ERROR: %s gives 0x%08x for %u octets, portable gives 0x%08x\n",
                        c[i].name, (unsigned)got, (unsigned)n, (unsigned)want);
                return 1;
            }
        }
    }

    /* warm up (clock ramp, page faults, ISA-L's dispatcher) */
    for (i = 0; i < nc; i++) run(&c[i], buf, sizes[NSIZES - 1], 4, 0);

    for (mode = 0; mode < 2; mode++)
        for (s = 0; s < NSIZES; s++) {
            size_t n = sizes[s], it = SAMPLE_BYTES / n ? SAMPLE_BYTES / n : 1;
            for (r = 0; r < REPS; r++)
                for (i = 0; i < nc; i++) samp[mode][s][i][r] = run(&c[i], buf, n, it, mode);
            for (i = 0; i < nc; i++) gbs[mode][s][i] = (double)n / bench_median(samp[mode][s][i], REPS);
        }

    for (mode = 0; mode < 2; mode++) {
        printf("\n%s calls, GB/s (median of %d, 1e9 octets/s)\n%-8s",
               mode ? "chained" : "independent", REPS, "size");
        for (i = 0; i < nc; i++) printf(" %10s", c[i].name);
        printf(" %11s\n", "ours/isal");
        for (s = 0; s < NSIZES; s++) {
            printf("%-8u", (unsigned)sizes[s]);
            for (i = 0; i < nc; i++) printf(" %10.3f", gbs[mode][s][i]);
            printf(" %11.3f\n", gbs[mode][s][i_ours] / gbs[mode][s][i_isal]);
        }
    }
    printf("\nns per call (independent)\n%-8s", "size");
    for (i = 0; i < nc; i++) printf(" %10s", c[i].name);
    printf("\n");
    for (s = 0; s < NSIZES; s++) {
        printf("%-8u", (unsigned)sizes[s]);
        for (i = 0; i < nc; i++) printf(" %10.2f", (double)sizes[s] / gbs[0][s][i]);
        printf("\n");
    }
    printf("(total %.1f s)\n\n", (double)(bench_now_ns() - t_start) / 1e9);

    for (s = 0; s < NSIZES; s++) {
        if (sizes[s] != 64 && sizes[s] != 256 && sizes[s] != 4096 && sizes[s] != 65536) continue;
        printf("BENCH crc32c_%u %.3f GB/s vs isal ratio=%.3f\n", (unsigned)sizes[s], gbs[0][s][i_ours],
               gbs[0][s][i_ours] / gbs[0][s][i_isal]);
    }
    for (s = 0; s < NSIZES; s++)
        if (sizes[s] == 4096)
            printf("BENCH crc32c_portable_4096 %.3f GB/s vs isal_base ratio=%.3f\n", gbs[0][s][i_port],
                   gbs[0][s][i_port] / gbs[0][s][i_base]);
    if (cold_bench(&c[i_ours], &c[i_isal])) return 1;
    free(blk);
    return copy_bench();
}
