/* SPDX-License-Identifier: MIT */
/* test_px_term.c: iw_px_term_text (examples/posix/iw_posix.h), the Terminate line the tools
 * print, on crafted Terminates: the first four octets of the Terminate header (RFC 5040 §4.8
 * Fig. 8: Layer | EType, Error Code, M D R) decoded by the core and then named. siw (Linux
 * 6.1) writes Layer and EType in the opposite nibbles (little-endian bitfields layer:4,
 * etype:4), so its MPA CRC error, meant as Layer 2 EType 0 code 0x02, arrives as 02 02. */
#define IWARP_IMPLEMENTATION
#define IW_POSIX_IMPLEMENTATION
#include "examples/posix/iw_posix.h"
#include "check.h"

/* The line for a Terminate whose header starts with c0 c1 (M = D = R = 0), in a buffer the
 * size the tools use (160). */
static const char *line(uint8_t c0, uint8_t c1)
{
    static char buf[160];
    uint8_t hdr[IW_RDMAP_TERM_HDR] = {0};
    iw_rdmap_term_info ti;
    hdr[0] = c0, hdr[1] = c1;
    if (iw_rdmap_term_decode(hdr, sizeof hdr, &ti) != IW_OK) return "decode failed";
    iw_px_term_text(ti.term, buf, sizeof buf);
    return buf;
}
#define SAME(c0, c1, want) do { const char *l_ = line(c0, c1); \
    if (strcmp(l_, want) != 0) fprintf(stderr, "  %02x %02x: '%s'\n", c0, c1, l_); \
    CHECK(strcmp(l_, want) == 0); } while (0)

/* Invalid as sent, defined with the nibbles swapped: named as siw meant it. */
static void t_siw_swapped(void)
{
    /* siw's MPA CRC error: as sent Layer 0 EType 2 code 0x02, which RDMAP does not define */
    SAME(0x02, 0x02, "layer 2 MPA, type 0 MPA, code 0x02 MPA CRC error (Layer and EType swapped on "
                     "the wire, as siw writes them)");
    /* siw's DDP untagged invalid MO: as sent Layer 2 EType 1, not an MPA Terminate (EType 0) */
    SAME(0x21, 0x04, "layer 1 DDP, type 2 untagged buffer, code 0x04 invalid MO (Layer and EType "
                     "swapped on the wire, as siw writes them)");
    /* siw's invalid MPA Request or Reply frame (0x04) */
    SAME(0x02, 0x04, "layer 2 MPA, type 0 MPA, code 0x04 invalid MPA Request or Reply frame (Layer "
                     "and EType swapped on the wire, as siw writes them)");
}

/* Defined both ways: both readings, the one as sent first. 10 00 is siw's answer to a Read
 * Request for an unknown STag (meant: RDMAP, remote protection, invalid STag). */
static void t_ambiguous(void)
{
    SAME(0x10, 0x00, "layer 1 DDP, type 0 local catastrophic, code 0x00 local catastrophic (or in "
                     "siw's order: 0 RDMAP, 1 remote protection, invalid STag)");
    SAME(0x01, 0x00, "layer 0 RDMAP, type 1 remote protection, code 0x00 invalid STag (or in siw's "
                     "order: 1 DDP, 0 local catastrophic, local catastrophic)");
    /* RDMAP remote operation codes 0x05-0x07 are MPA codes too */
    SAME(0x02, 0x07, "layer 0 RDMAP, type 2 remote operation, code 0x07 catastrophic error, localized "
                     "to RDMAP stream (or in siw's order: 2 MPA, 0 MPA, no matching RTR option)");
}

/* Every first two octets: the line fits the 160 octets the tools give it, whole. */
static void t_fits(void)
{
    unsigned c0, c1;
    size_t worst = 0;
    for (c0 = 0; c0 < 256; c0++)
        for (c1 = 0; c1 < 256; c1++) {
            char big[512];
            iw_term t;
            size_t n;
            t.layer = (uint8_t)(c0 >> 4), t.etype = (uint8_t)(c0 & 15u), t.ecode = (uint8_t)c1;
            n = strlen(iw_px_term_text(t, big, sizeof big));
            if (n > worst) worst = n;
        }
    if (worst >= 160) fprintf(stderr, "  longest line %zu\n", worst);
    CHECK(worst < 160);
}

/* Defined as sent only, or the same both ways: one reading, as before. */
static void t_as_sent(void)
{
    SAME(0x20, 0x02, "layer 2 MPA, type 0 MPA, code 0x02 MPA CRC error");
    SAME(0x23, 0x02, "layer 2 MPA, type 3 MPA, code 0x02 MPA CRC error"); /* Chelsio's EType 3 */
    SAME(0x11, 0x00, "layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag");
    SAME(0x12, 0x04, "layer 1 DDP, type 2 untagged buffer, code 0x04 invalid MO");
    SAME(0x02, 0x09, "layer 0 RDMAP, type 2 remote operation, code 0x09 STag cannot be invalidated");
    SAME(0x00, 0x00, "layer 0 RDMAP, type 0 local catastrophic, code 0x00 local catastrophic error");
    /* neither way defined: as sent, unnamed parts as "?" */
    SAME(0x33, 0x09, "layer 3 ?, type 3 ?, code 0x09 ?");
}

int main(int argc, char **argv)
{
    static const check_test t[] = {{"siw_swapped", t_siw_swapped}, {"ambiguous", t_ambiguous},
                                   {"as_sent", t_as_sent}, {"fits", t_fits}};
    return check_main(argc, argv, t, sizeof t / sizeof t[0]);
}
