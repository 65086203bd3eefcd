/* main.c: the bare-metal test image. Runs every test table (codec vectors, the siw rping replay,
 * the verbs exchange), then measures the instructions of one RDMA Write of 64 and of 1024
 * octets, both ends together (bx_bench_loop of 120 Writes less that of 20, over 100), printed
 * as "# instr write_<len> <n>" for `make bench-mcu`. Ends with "N passed, N failed" and exits
 * through semihosting with status 0 only if nothing failed. */
#include "bm.h"
#include "xchg.h"

#ifndef BM_OPT_NAME
#define BM_OPT_NAME "?"
#endif

static int pass, fail, num;

static void run_table(const bm_test *t, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        bm_failed_here = 0;
        t[i].fn();
        num++;
        if (bm_failed_here) fail++, bm_printf("not ok %d %s\n", num, t[i].name);
        else pass++, bm_printf("ok %d %s\n", num, t[i].name);
    }
}

/* Instructions of bx_bench_loop(len, 120) less bx_bench_loop(len, 20), over 100: one Write. */
static uint32_t bench(uint32_t len)
{
    uint32_t a, b;
    uint64_t t0, t1, t2, t3;
    unsigned ok;
    size_t i;
    if (!bx_up()) return 0;
    a = bx_reg(&BA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1);
    b = bx_reg(&BB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 2);
    for (i = 0; i < BX_MEM; i++) BA.mem[i] = (uint8_t)(i * 7u + 1u);
    if (!a || !b || bx_bench_loop(a, b, len, 4) != 4) return 0; /* warm-up */
    t0 = bm_instr();
    ok = bx_bench_loop(a, b, len, 20);
    t1 = bm_instr();
    t2 = bm_instr();
    ok += bx_bench_loop(a, b, len, 120);
    t3 = bm_instr();
    if (ok != 140 || !bm_memeq(BB.mem + 4096, BA.mem, len)) return 0;
    return (uint32_t)(((t3 - t2) - (t1 - t0) + 50u) / 100u);
}

/* The counter counts instructions: a loop of 2,000,000 reads 2,000,000 (within 0.1 %, the
 * reads and the M4's 40-instruction tick); on the M4 the tick is 40 instructions (the board's
 * 25 MHz clock under -icount shift=0: fails if qemu runs without -icount). */
static void t_counter(void)
{
    uint64_t t0, t1, d;
    t0 = bm_instr();
    bm_spin(1000000u);
    t1 = bm_instr();
    d = t1 - t0;
    bm_printf("# counter: %u instructions for a loop of 2000000\n", (unsigned)d);
    BM_CHECK(d > 1998000u && d < 2002000u);
#if defined(__arm__)
    BM_CHECK_EQ(bm_instr_per_tick(), 40);
#endif
}

static void t_bench(void)
{
    static const uint32_t lens[2] = {64, 1024};
    int i;
    for (i = 0; i < 2; i++) {
        uint32_t n = bench(lens[i]);
        BM_CHECK(n > 0);
        bm_printf("# instr write_%u %u (per RDMA Write, both ends, CRC on; %u instr per counter tick)\n",
                  (unsigned)lens[i], (unsigned)n, (unsigned)bm_instr_per_tick());
    }
}
static const bm_test bench_tests[] = {{"instruction counter: a loop of known length", t_counter}, {"bench: 140 RDMA Writes of 64 and of 1024 octets complete and land", t_bench}};

int main(void)
{
    size_t used;
    bm_stack_paint();
#if defined(__arm__)
    bm_printf("# target: Cortex-M4 (qemu mps2-an386)\n");
#else
    bm_printf("# target: RV32IMAC (qemu virt)\n");
#endif
    run_table(bm_vec_tests, bm_vec_ntests);
    run_table(bm_rping_tests, bm_rping_ntests);
    run_table(bm_verbs_tests, bm_verbs_ntests);
    run_table(bench_tests, 2);
    used = bm_stack_used();
    bm_printf("# stack high-water mark: %u octets (the whole image at %s, test code included)\n", (unsigned)used,
              BM_OPT_NAME);
    num++;
    if (used < 60u * 1024u) pass++, bm_printf("ok %d stack stayed inside its 64 KiB\n", num);
    else fail++, bm_printf("not ok %d stack stayed inside its 64 KiB\n", num);
    bm_printf("%d passed, %d failed\n", pass, fail);
    return fail ? 1 : 0;
}

#if defined(__riscv)
void bm_trap(uint32_t cause, uint32_t epc, uint32_t tval) __attribute__((noreturn));
void bm_trap(uint32_t cause, uint32_t epc, uint32_t tval)
{
    bm_printf("\ntrap: mcause %08x mepc %08x mtval %08x\n", (unsigned)cause, (unsigned)epc, (unsigned)tval);
    bm_exit(3);
}
#endif
