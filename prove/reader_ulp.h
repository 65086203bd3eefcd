/* SPDX-License-Identifier: MIT */
/* prove/reader_ulp.h: the placement contract's two upcalls for a driver whose ULP only reads
 * what MPA hands it (the first and last octet, so Eva checks both are readable) and places
 * nothing. Include after mpa.h, in a file that defines `static volatile int sink`. */
static iw_status u_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                         iw_mpa_rx_dst **dst)
{
    (void)u;
    (void)len;
    (void)flags;
    *dst = NULL;
    if (have) sink = p[0] + p[have - 1];
    return IW_OK;
}
static iw_status u_commit(void *u, int ok)
{
    (void)u;
    (void)ok;
    return IW_OK;
}
