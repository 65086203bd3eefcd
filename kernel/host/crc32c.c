/* The kernel's crc32c() for kernel/host/: bit by bit (reflected polynomial 0x82F63B78), with
 * the kernel's convention: the caller inverts before and after. Written apart from the
 * headers' CRC code so that the module's wrapper is checked against an independent one.
 *
 * SPDX-License-Identifier: MIT
 */
#include "linux/kshim.h"

uint32_t crc32c(uint32_t crc, const void *p, unsigned int n)
{
    const uint8_t *b = (const uint8_t *)p;
    unsigned int i, k;
    for (i = 0; i < n; i++) {
        crc ^= b[i];
        for (k = 0; k < 8; k++) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
    }
    return crc;
}
