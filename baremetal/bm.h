/* bm.h: what the bare-metal test image shares (baremetal/): output through semihosting, a tiny
 * printf, the check counters, the instruction counter, and the tests' entry points.
 *
 * The image runs on an emulated Cortex-M4 (qemu mps2-an386) or RV32IMAC (qemu virt) with no C
 * library but memcpy, memmove and memset (picolibc's, linked for those three only). */
#ifndef BM_H
#define BM_H
#include <stddef.h>
#include <stdint.h>

/* semihosting (bm_io.c): bm_printf supports %d %i %u %x %X %c %s %% with 0, width, l, ll, z */
void bm_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bm_flush(void);
void bm_exit(int code) __attribute__((noreturn));

/* instructions retired so far (RV32: minstret; M4: SysTick under -icount, see crt_m4.c) */
uint64_t bm_instr(void);
/* M4: the SysTick rate measured against a loop of known length (1 on RV32) */
uint32_t bm_instr_per_tick(void);
/* a loop of about 2 * n instructions */
void bm_spin(uint32_t n);

/* stack: fill what is below the caller with a pattern; octets used at most since (the image's
 * stack is 64 KiB) */
void bm_stack_paint(void);
size_t bm_stack_used(void);

/* checks: one test at a time; a failed check prints where and marks the test failed */
extern int bm_failed_here;
#define BM_CHECK(c) do { if (!(c)) { bm_printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c); \
    bm_failed_here = 1; } } while (0)
#define BM_CHECK_EQ(a, b) do { unsigned long long bm__a = (unsigned long long)(a), \
    bm__b = (unsigned long long)(b); if (bm__a != bm__b) { \
    bm_printf("  %s:%d: %s == %s failed: 0x%llx != 0x%llx\n", __FILE__, __LINE__, #a, #b, bm__a, bm__b); \
    bm_failed_here = 1; } } while (0)
#define BM_REQUIRE(c) do { BM_CHECK(c); if (bm_failed_here) return; } while (0)
int bm_memeq(const void *a, const void *b, size_t n); /* 1 if equal (no memcmp in the image) */

typedef struct bm_test { const char *name; void (*fn)(void); } bm_test;
/* the test tables: t_vec.c, t_rping.c, t_verbs.c */
extern const bm_test bm_vec_tests[], bm_rping_tests[], bm_verbs_tests[];
extern const size_t bm_vec_ntests, bm_rping_ntests, bm_verbs_ntests;

#endif
