/* fuzz/fuzz_memo.h: the CRC32c kernels chosen once per process, for the fuzz harnesses only
 * (not part of the library).
 *
 * iw_mpa_init and iw_ddp_init pick their CRC32c routines with CPUID on every call (the library
 * asks afresh by design, docs/style.md). Under a hypervisor every CPUID traps to it: some seven
 * per init at about 3 us each, measured as most of a run of the receive targets (mpa_rx makes
 * five connections per input, each with an init). The choice depends on the CPU only, so here
 * the first call asks and every later one gets a copy of its answer: the objects the inits
 * leave are the same octet for octet, and every input still starts from a freshly initialised
 * object.
 *
 * Include BEFORE the library headers (with IWARP_IMPLEMENTATION defined): it includes crc32c.h
 * (its implementation too), then renames iw_crc32c_kernels_select for the headers that
 * follow, so that mpa.h's and ddp.h's inits call the remembered answer. Included after them it
 * changes nothing in the library (the harness's own calls are still served once). */
#ifndef FUZZ_MEMO_H
#define FUZZ_MEMO_H
#include "crc32c.h"

static iw_crc32c_kernels fz__kernels;
static int fz__kernels_known;

static IW_UNUSED void fz_kernels_select(iw_crc32c_kernels *k)
{
    if (!fz__kernels_known) {
        iw_crc32c_kernels_select(&fz__kernels); /* the library's own choice, asked once */
        fz__kernels_known = 1;
    }
    *k = fz__kernels;
}
#define iw_crc32c_kernels_select fz_kernels_select

#endif /* FUZZ_MEMO_H */
