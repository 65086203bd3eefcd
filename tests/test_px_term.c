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
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

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

/* A Terminate followed at once by a TCP reset (siw tears its connection down right after its
 * Terminate): the endpoint must report the Terminate (RFC 5040 §5.3: the Terminate is the last
 * message of the stream), also when its next send meets the reset before it read the socket.
 * The peer is a raw socket here: MPA rev 1 Reply without CRC, one Terminate FPDU (DDP, tagged
 * buffer, invalid STag), then close with SO_LINGER 0 (RST). how: 0 poll the loop, 1 post a
 * Send first (its sendmsg fails with the reset still unread). */
static int term_then_rst(int how, char *why, size_t cap)
{
    static const uint8_t term[28] = {0x00, 0x16,                    /* ULPDU_Length 22 */
                                     0x41, 0x47,                    /* L, DV 1; RV 1, Terminate */
                                     0, 0, 0, 0, 0, 0, 0, 2,        /* reserved, QN 2 */
                                     0, 0, 0, 1, 0, 0, 0, 0,        /* MSN 1, MO 0 */
                                     0x11, 0x00, 0x00, 0x00,        /* (1, 1, 0x00) */
                                     0, 0, 0, 0};                   /* CRC (off) */
    uint8_t req[20], rep[20] = "MPA ID Rep Frame";
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    struct linger lg;
    iw_px_loop L;
    iw_px_ep c;
    iw_px_opts o;
    size_t have = 0;
    int ls, s = -1, i, ok = 0;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ls = socket(AF_INET, SOCK_STREAM, 0);
    if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) != 0 || listen(ls, 1) != 0 ||
        getsockname(ls, (struct sockaddr *)&a, &al) != 0) {
        snprintf(why, cap, "listener: %s", strerror(errno));
        if (ls >= 0) close(ls);
        return 0;
    }
    iw_px_loop_init(&L);
    iw_px_opts_default(&o);
    o.rev = 1, o.crc = 0, o.p2p = 0;
    if (iw_px_ep_init(&L, &c, &o) != 0 || iw_px_connect(&c, "127.0.0.1", ntohs(a.sin_port)) != 0 ||
        (s = accept(ls, NULL, NULL)) < 0) {
        snprintf(why, cap, "connect: %s", iw_px_error(&c)->text);
        goto out;
    }
    (void)fcntl(s, F_SETFL, O_NONBLOCK);
    for (i = 0; i < 500 && have < sizeof req; i++) { /* the Request (rev 1, no Private Data) */
        ssize_t r;
        (void)iw_px_poll(&L, 10);
        r = recv(s, req + have, sizeof req - have, 0);
        if (r > 0) have += (size_t)r;
    }
    if (have < sizeof req || memcmp(req, "MPA ID Req Frame", 16) != 0 || req[17] != 1) {
        snprintf(why, cap, "no rev 1 MPA Request (%zu octets)", have);
        goto out;
    }
    rep[16] = 0, rep[17] = 1, rep[18] = rep[19] = 0; /* no M C R; rev 1; no Private Data */
    if (send(s, rep, sizeof rep, 0) != (ssize_t)sizeof rep || iw_px_wait_ready(&c, 5000) != 0) {
        snprintf(why, cap, "setup: %s", iw_px_error(&c)->text);
        goto out;
    }
    lg.l_onoff = 1, lg.l_linger = 0;
    if (send(s, term, sizeof term, 0) != (ssize_t)sizeof term ||
        setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof lg) != 0) {
        snprintf(why, cap, "peer: %s", strerror(errno));
        goto out;
    }
    (void)close(s);
    s = -1;
    {   /* the Terminate and the RST are both in our socket now */
        struct timespec ts = {0, 50000000L};
        (void)nanosleep(&ts, NULL);
    }
    if (how == 1) {
        iw_send_wr w = iw_px_wr(IW_WR_SEND, 1, NULL, 0, 0);
        (void)iw_px_post(&c, &w);
    }
    for (i = 0; i < 100 && iw_px_state(&c) != IW_PX_S_FAILED; i++) (void)iw_px_poll(&L, 10);
    snprintf(why, cap, "%s", iw_px_error(&c)->text);
    ok = iw_px_error(&c)->kind == IW_PX_E_TERM_RCVD && strstr(why, "invalid STag") != NULL;
out:
    if (s >= 0) close(s);
    close(ls);
    iw_px_ep_fini(&c);
    return ok;
}
static void t_term_before_rst(void)
{
    char why[200];
    int how;
    for (how = 0; how < 2; how++) {
        int ok = term_then_rst(how, why, sizeof why);
        if (!ok) fprintf(stderr, "  %s: '%s'\n", how ? "post first" : "poll", why);
        CHECK(ok);
    }
}

int main(int argc, char **argv)
{
    static const check_test t[] = {{"siw_swapped", t_siw_swapped}, {"ambiguous", t_ambiguous},
                                   {"as_sent", t_as_sent}, {"fits", t_fits},
                                   {"term_before_rst", t_term_before_rst}};
    return check_main(argc, argv, t, sizeof t / sizeof t[0]);
}
