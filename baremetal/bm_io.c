/* bm_io.c: semihosting output and exit, a tiny printf, and the RV32 instruction counter.
 * Semihosting: the debugger-call convention qemu implements with -semihosting (ARM: BKPT 0xAB;
 * RISC-V: the slli/ebreak/srai sequence in crt_rv32.S); r0/a0 = operation, r1/a1 = argument. */
#include "bm.h"
#include <stdarg.h>

#define SYS_WRITE0 0x04u
#define SYS_EXIT 0x18u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u /* qemu exits with status 0 */
#define ADP_STOPPED_RUNTIME_ERROR 0x20023u    /* qemu exits with status 1 */

#if defined(__arm__)
static uintptr_t bm_semi(uintptr_t op, uintptr_t arg)
{
    register uintptr_t r0 __asm__("r0") = op;
    register uintptr_t r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
#elif defined(__riscv)
uintptr_t bm_semi(uintptr_t op, uintptr_t arg); /* crt_rv32.S */
uint64_t bm_instr(void)
{
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile(".option push\n.option arch, +zicsr\n"
                         "csrr %0, minstreth\ncsrr %1, minstret\ncsrr %2, minstreth\n.option pop"
                         : "=r"(hi), "=r"(lo), "=r"(hi2));
    } while (hi != hi2);
    return (uint64_t)hi << 32 | lo;
}
uint32_t bm_instr_per_tick(void) { return 1; }
/* about 2 * n instructions: n times addi + bnez */
void bm_spin(uint32_t n)
{
    __asm__ volatile("mv t0, %0\n1: addi t0, t0, -1\n bnez t0, 1b" : : "r"(n) : "t0");
}
#else
#error "bm_io.c: ARM or RISC-V only"
#endif

int bm_failed_here;

/* Stack high-water mark: the stack below the caller is filled with a pattern, and the deepest
 * word no longer holding it tells how much was used. */
extern uint32_t __stack_bottom[], __stack_top[];
#define BM_PAINT 0xA5C3A5C3u

__attribute__((noinline)) void bm_stack_paint(void)
{
    volatile uint32_t *p = __stack_bottom;
    uint32_t *sp = (uint32_t *)__builtin_frame_address(0) - 64;
    while (p < sp) *p++ = BM_PAINT;
}

size_t bm_stack_used(void)
{
    const volatile uint32_t *p = __stack_bottom;
    while (p < __stack_top && *p == BM_PAINT) p++;
    return (size_t)((const uint8_t *)__stack_top - (const volatile uint8_t *)p);
}

int bm_memeq(const void *a, const void *b, size_t n)
{
    const uint8_t *p = (const uint8_t *)a, *q = (const uint8_t *)b;
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != q[i]) return 0;
    return 1;
}

static char bm_line[256];
static size_t bm_nline;

void bm_flush(void)
{
    if (!bm_nline) return;
    bm_line[bm_nline] = 0;
    (void)bm_semi(SYS_WRITE0, (uintptr_t)bm_line);
    bm_nline = 0;
}

static void bm_putc(char c)
{
    bm_line[bm_nline++] = c;
    if (c == '\n' || bm_nline == sizeof bm_line - 1) bm_flush();
}

static void bm_putnum(unsigned long long v, unsigned base, int upper, int neg, unsigned width, char pad)
{
    char d[24];
    unsigned n = 0;
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
        d[n++] = dig[v % base];
        v /= base;
    } while (v);
    if (neg) {
        if (pad == '0') bm_putc('-');
        else d[n++] = '-';
        if (width) width--;
    }
    for (; width > n; width--) bm_putc(pad);
    while (n) bm_putc(d[--n]);
}

void bm_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        unsigned width = 0, lng = 0;
        char pad = ' ';
        if (*fmt != '%') {
            bm_putc(*fmt);
            continue;
        }
        fmt++;
        if (*fmt == '0') pad = '0', fmt++;
        while (*fmt >= '0' && *fmt <= '9') width = width * 10u + (unsigned)(*fmt++ - '0');
        while (*fmt == 'l' || *fmt == 'z') lng += *fmt == 'z' ? (sizeof(size_t) > 4 ? 2u : 0u) : 1u, fmt++;
        switch (*fmt) {
        case 'd':
        case 'i': {
            long long v = lng >= 2 ? va_arg(ap, long long) : lng ? va_arg(ap, long) : va_arg(ap, int);
            bm_putnum(v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, 10, 0, v < 0, width, pad);
            break;
        }
        case 'u':
        case 'x':
        case 'X': {
            unsigned long long v = lng >= 2 ? va_arg(ap, unsigned long long)
                                   : lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
            bm_putnum(v, *fmt == 'u' ? 10u : 16u, *fmt == 'X', 0, width, pad);
            break;
        }
        case 'c': bm_putc((char)va_arg(ap, int)); break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            size_t n = 0;
            while (s[n]) n++;
            for (; width > n; width--) bm_putc(' ');
            while (*s) bm_putc(*s++);
            break;
        }
        case '%': bm_putc('%'); break;
        default: bm_putc('?'); if (!*fmt) fmt--; break;
        }
    }
    va_end(ap);
}

void bm_exit(int code)
{
    bm_flush();
    (void)bm_semi(SYS_EXIT, code ? ADP_STOPPED_RUNTIME_ERROR : ADP_STOPPED_APPLICATION_EXIT);
    for (;;) continue;
}
