/* crt_m4.c: start-up of the Cortex-M4 image (qemu -M mps2-an386): the vector table, the reset
 * handler (copy .data from flash, clear .bss, run main, exit through semihosting), and the
 * instruction counter. The M4 has no retired-instruction counter that qemu models (DWT CYCCNT
 * reads 0), so bm_instr counts SysTick ticks of the processor clock: under qemu -icount shift=0
 * virtual time advances 1 ns per instruction, and the tick rate in instructions is measured at
 * start against a loop of known length (bm_instr_per_tick, 40 at the board's 25 MHz). */
#include "bm.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[], __stack_top[];
int main(void);

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define SCB_CFSR (*(volatile uint32_t *)0xE000ED28u)

static volatile uint32_t bm_wraps;
static uint32_t bm_per_tick = 1;

void bm_reset(void) __attribute__((noreturn));
void bm_fault(void);
void bm_systick(void);

__attribute__((section(".vectors"), used)) void (*const bm_vectors[16])(void) = {
    (void (*)(void))(uintptr_t)__stack_top, bm_reset, bm_fault, bm_fault, bm_fault, bm_fault, bm_fault,
    0, 0, 0, 0, bm_fault, bm_fault, 0, bm_fault, bm_systick};

void bm_fault(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    bm_printf("\nfault: exception %u CFSR %08x\n", (unsigned)(ipsr & 0x1FFu), (unsigned)SCB_CFSR);
    bm_exit(3);
}

void bm_systick(void) { bm_wraps++; }

static uint64_t bm_ticks(void)
{
    uint32_t w, v;
    do {
        w = bm_wraps;
        v = SYST_CVR;
    } while (w != bm_wraps);
    return (uint64_t)w << 24 | (0xFFFFFFu - v);
}

uint64_t bm_instr(void) { return bm_ticks() * bm_per_tick; }
uint32_t bm_instr_per_tick(void) { return bm_per_tick; }

/* 1 + 2 * n instructions: mov, then n times subs + bne */
void bm_spin(uint32_t n)
{
    __asm__ volatile("mov r0, %0\n1: subs r0, r0, #1\n bne 1b" : : "r"(n) : "r0", "cc");
}

void bm_reset(void)
{
    uint32_t *s = __data_load, *d = __data_start;
    uint64_t t0, t1;
    while (d < __data_end) *d++ = *s++;
    for (d = __bss_start; d < __bss_end; d++) *d = 0;
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 7u; /* enable, interrupt on wrap, processor clock */
    while (SYST_CVR == 0) continue; /* the first tick loads RVR */
    t0 = bm_ticks();
    bm_spin(1000000u);
    t1 = bm_ticks();
    if (t1 > t0) bm_per_tick = (uint32_t)((2000001u + (t1 - t0) / 2u) / (t1 - t0));
    bm_exit(main());
}
