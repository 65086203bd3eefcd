/* bench.h: small timing helpers shared by the bench/ programs (STYLE.md 11). Hosted only.
 * Include it FIRST (before any system header) so that clock_gettime is declared even under
 * -std=c99. Nothing here is part of the library.
 *
 *   bench_now_ns()          monotonic clock in nanoseconds
 *   bench_cycles()          time-stamp counter (x86 rdtsc; 0 elsewhere): reference cycles,
 *                           not core cycles when the clock scales
 *   bench_median(v, n)      median of n doubles (sorts v in place)
 *   bench_fill(p, n, seed)  deterministic pseudo-random bytes
 *   bench_sink              volatile sink: XOR results into it so no call is optimised away
 *   BENCH_DO_NOT_OPTIMIZE(x) make the compiler believe x is read (GNU C; no-op elsewhere)
 */
#ifndef BENCH_H
#define BENCH_H
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

static volatile uint64_t bench_sink;

#if defined(__GNUC__) || defined(__clang__)
#define BENCH_DO_NOT_OPTIMIZE(x) __asm__ __volatile__("" : : "r"(x) : "memory")
#else
#define BENCH_DO_NOT_OPTIMIZE(x) (bench_sink ^= (uint64_t)(x))
#endif

static inline uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t bench_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return (uint64_t)__rdtsc();
#else
    return 0;
#endif
}

static int bench__cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of v[0..n) (n >= 1); reorders v. */
static inline double bench_median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, bench__cmp_double);
    return (n & 1) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Fills p with xorshift64* bytes from *seed (deterministic across runs). */
static inline void bench_fill(uint8_t *p, size_t n, uint64_t *seed)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint64_t x = *seed;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        *seed = x;
        p[i] = (uint8_t)((x * 2685821657736338717ULL) >> 56);
    }
}
#endif
