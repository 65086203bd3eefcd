/* iw_kernel.h: the project's headers (crc32c.h, mpa.h, ddp.h, rdmap.h, verbs.h) as Linux kernel
 * C. Every file of the module includes this instead of verbs.h; iw_core.c defines
 * IWARP_IMPLEMENTATION before it.
 *
 * SPDX-License-Identifier: MIT
 *
 * What the kernel needs from the headers' configuration macros:
 *   IW_NO_STDINT        the kernel has no <stdint.h>/<stddef.h>: <linux/types.h> declares
 *                       size_t, uint8_t..uint64_t and uintptr_t (and <linux/limits.h> the
 *                       UINTPTR_MAX that verbs.h tests);
 *   IW_MEMCPY ...       the kernel's memcpy/memmove/memset (<linux/string.h>);
 *   IW_CRC32C_NO_ACCEL  no SSE/AVX intrinsics, no cpuid: the kernel is built with -mno-sse and
 *                       may not touch vector registers outside kernel_fpu_begin(). The headers'
 *                       portable path is the fallback; a connection's CRC goes through the
 *                       kernel's crc32c() instead (iwk_crc32c below, given to MPA as the
 *                       host's crc32c op), which uses the crc32 instruction when it may.
 */
#ifndef IW_KERNEL_H
#define IW_KERNEL_H
#include <linux/types.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/crc32c.h>

#define IW_NO_STDINT 1
#define IW_CRC32C_NO_ACCEL 1
#define IW_MEMCPY memcpy
#define IW_MEMMOVE memmove
#define IW_MEMSET memset

/* The headers are C99 written for -Wall -Wextra -Wpedantic -Werror in user space; the kernel's
 * own warning set adds a few rules their style does not follow (declarations after statements
 * inside blocks). Silence exactly those, only for the headers. (The headers spell their
 * attributes __noinline__, __always_inline__, __unused__: <linux/compiler_attributes.h> makes
 * the plain names macros.) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeclaration-after-statement"
#include "verbs.h"
#pragma GCC diagnostic pop

/* CRC32c with the headers' convention (zlib: pre- and post-inversion inside, 0 to start) from
 * the kernel's crc32c(), which has neither: crc32c(~0, "123456789", 9) ^ ~0 is 0xE3069283. */
static inline uint32_t iwk_crc32c(uint32_t crc, const void *p, size_t n)
{
    return ~crc32c(~crc, p, n);
}
#endif
