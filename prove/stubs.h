/* prove/stubs.h: what every Eva driver shares (make prove, docs/verification-prove.md).
 *
 * The headers are compiled as they ship, with the portable CRC32c only (no intrinsics, no
 * inline assembly: Frama-C parses C99 and does not model them). Nothing in the core is
 * changed for Frama-C; the drivers do their setup with ordinary calls. */
#ifndef PROVE_STUBS_H
#define PROVE_STUBS_H
#define IW_CRC32C_NO_ACCEL 1
#define IWARP_IMPLEMENTATION
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "__fc_builtin.h"

/* Fill p[0..n) with unknown octets and return an unknown length in [lo, hi]. */
static size_t prove_unknown(uint8_t *p, size_t n, size_t lo, size_t hi)
{
    Frama_C_make_unknown((char *)p, n);
    return (size_t)Frama_C_unsigned_int_interval((unsigned)lo, (unsigned)hi);
}
#endif
