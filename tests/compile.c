/* SPDX-License-Identifier: MIT */
/* compile.c: every header, implementation included, as strict C99 (and with IWARP_STATIC when
 * the build defines it). One call into each implementation proves the implementation block was
 * really compiled (a misspelt IWARP_IMPLEMENTATION would leave an undefined symbol or an unused
 * static; STYLE.md 2). */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "ddp.h"
#include "rdmap.h"
#include "verbs.h"

uint32_t compile_check(const uint8_t *p, size_t n);
uint32_t compile_check(const uint8_t *p, size_t n)
{
    iw_term t;
    t.layer = 1;
    t.etype = 1;
    t.ecode = 0;
    return iw_crc32c(0, p, n) ^ (uint32_t)(unsigned char)iw_ddp_term_str(t)[0] ^
           (uint32_t)(unsigned char)iw_rdmap_term_str(t)[1] ^
           (uint32_t)(unsigned char)iw_vstatus_str(IW_V_CQ_EMPTY)[0];
}
