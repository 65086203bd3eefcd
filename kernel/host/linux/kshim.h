/* kernel/host/linux/: user-space stand-ins for the few kernel interfaces kernel/'s module
 * uses, so `make kernel-selftest-host` runs the module's tests as a normal program (under
 * ASan/UBSan) on a host without a kernel build tree or a VM. Not a kernel: no vmalloc
 * alignment, no kernel log; the real run is the interop case kernel-selftest.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef IW_KSHIM_H
#define IW_KSHIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#define pr_info(...) printf(__VA_ARGS__)
#define pr_err(...) printf(__VA_ARGS__)
#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define container_of(p, t, m) ((t *)(void *)((char *)(p) - offsetof(t, m)))
#define PTR_ALIGN(p, a) ((u8 *)(((uintptr_t)(p) + (a) - 1) & ~(uintptr_t)((a) - 1)))
#define vzalloc(n) calloc(1, n)
#define vfree free
#define __init
#define __exit
#define MODULE_LICENSE(x)
#define MODULE_DESCRIPTION(x)
#define module_init(f) int main(void) { return f() ? 1 : 0; }
#define module_exit(f) static void (*iw_kshim_exit)(void) __attribute__((unused)) = f
#define ENOMEM 12
#define EINVAL 22
/* lib/crc32c: CRC32c with the kernel's convention (no pre- or post-inversion) */
uint32_t crc32c(uint32_t crc, const void *p, unsigned int n);
#endif
