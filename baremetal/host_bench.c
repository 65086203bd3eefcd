/* host_bench.c: the image's Write exchange (xchg.c) on the host, for `make bench-mcu`: run under
 * valgrind --tool=callgrind --toggle-collect=bx_bench_loop, the instructions of the measured
 * loop divided by its Writes are the x86 figure beside each target's.
 * Usage: host_bench LEN N   (prints "writes <ok> of <n>"; exit 1 unless every Write succeeded) */
#include "xchg.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    uint32_t len = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 64u, a, b;
    unsigned n = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 64u, ok;
    size_t i;
    if (!bx_up()) return 2;
    a = bx_reg(&BA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 1);
    b = bx_reg(&BB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 2);
    for (i = 0; i < BX_MEM; i++) BA.mem[i] = (uint8_t)(i * 7u + 1u);
    if (!a || !b || bx_bench_loop(a, b, len, 4) != 4) return 2; /* warm-up, not counted */
    ok = bx_bench_loop(a, b, len, n);
    printf("writes %u of %u, %s\n", ok, n, memcmp(BB.mem + 4096, BA.mem, len) ? "data differ" : "data ok");
    return ok == n && memcmp(BB.mem + 4096, BA.mem, len) == 0 ? 0 : 1;
}
