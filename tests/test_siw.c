/* SPDX-License-Identifier: MIT */
/* test_siw.c: mpa.h against real Linux soft-iWARP traffic (tests/vectors/siw_*.pcap) and a
 * synthetic multi-FPDU capture, with tshark's decoding (tests/vectors/NAME.expect) as the second,
 * independent parser. Per connection:
 *   - the Request and Reply decode to the fields tshark shows (MPA-001 MPA-002 MPA-029a MPA-030);
 *   - direction 0 (Initiator -> Responder) is fed to our Responder and direction 1 to our
 *     Initiator configured as the capture's Initiator: every FPDU is delivered with tshark's
 *     ULPDU_Length and control octets, CRCs are checked where negotiated (MPA-053
 *     MPA-054 MPA-024), and siw's Write RTR is consumed, not delivered (MPA-044b);
 *   - every delivered ULPDU re-encoded by our transmitter gives siw's FPDU octet for octet,
 *     CRC included (MPA-046 MPA-047a MPA-047b MPA-053), or 0 where CRC is off (MPA-027);
 *   - the streams fed whole, byte by byte and at every split point give the same events
 *     (MPA-061);
 *   - a CRC field flipped in the capture stops delivery there with Terminate (2,0,2) (MPA-055a..c). */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "check.h"
#include "mpa_fake.h"
#include "pcap.h"
#include "expect.h"

static endpoint *E;
static uint8_t keep[1 << 20];
static expect_item items[4096];

static const char *captures[] = {
    "tests/vectors/siw_rping_crc", "tests/vectors/siw_rping_p2p", "tests/vectors/siw_ib_write_bw_crc",
    "tests/vectors/siw_ib_send_bw_nocrc", "tests/vectors/siw_ib_write_bw_p2p", "tests/vectors/synth_multi_fpdu"};

/* The capture's Request, decoded by us. */
static int capture_request(const pcap_conn *pc, iw_mpa_frame *req)
{
    size_t used;
    return iw_mpa_frame_decode(pc->dir[0].data, pc->dir[0].len, IW_MPA_REQUEST, req, &used) == IW_OK;
}

/* Prepare E as the receiver of direction dir of pc: Responder for 0, Initiator for 1 (with the
 * capture's Initiator settings so that the capture's Reply is acceptable). */
static int setup_receiver(const pcap_conn *pc, int dir)
{
    iw_mpa_cfg cfg;
    iw_mpa_frame req;
    if (!capture_request(pc, &req)) return 0;
    iw_mpa_cfg_default(&cfg, dir == 0 ? IW_MPA_RESPONDER : IW_MPA_INITIATOR);
    cfg.crc = 0; /* CRC only if the capture negotiated it */
    cfg.markers_rx = 0;
    if (dir == 0) {
        cfg.p2p = 1; /* accept P2P as siw did; we prefer Write, like siw */
    } else {
        cfg.rev = req.rev;
        cfg.crc = (uint8_t)((req.flags & IW_MPA_FLAG_C) != 0);
        cfg.markers_rx = (uint8_t)((req.flags & IW_MPA_FLAG_M) != 0);
        cfg.ird = (uint16_t)(req.ird_word & 0x3FFF);
        cfg.ord = (uint16_t)(req.ord_word & 0x3FFF);
        cfg.ird_max = 128;
        cfg.p2p = (uint8_t)((req.ird_word & IW_MPA_IRD_P2P) != 0);
        cfg.rtr = (uint8_t)(((req.ird_word & IW_MPA_IRD_RTR_SEND) ? IW_MPA_RTR_SEND : 0) |
                            ((req.ord_word & IW_MPA_ORD_RTR_WRITE) ? IW_MPA_RTR_WRITE : 0) |
                            ((req.ord_word & IW_MPA_ORD_RTR_READ) ? IW_MPA_RTR_READ : 0));
        if (cfg.p2p && !cfg.rtr) cfg.p2p = 0;
    }
    if (ep_init(E, &cfg) != IW_OK) return 0;
    E->f.accept_in_request = 1;
    E->f.acc_ird = 128;
    E->f.acc_ord = 128;
    E->f.keep = keep;
    E->f.keep_cap = sizeof keep;
    return iw_mpa_start(&E->c, NULL, 0) == IW_OK;
}

/* Feed `len` octets cut at the given points; returns the log. */
static void feed(const uint8_t *s, size_t len, const size_t *cuts, size_t ncuts)
{
    size_t pos = 0, i;
    for (i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : len, used;
        while (pos < end) {
            iw_status st = iw_mpa_rx_feed(&E->c, s + pos, end - pos, &used);
            pos += used;
            if (st != IW_OK || used == 0) return;
        }
    }
}

static void t_frames_match_tshark(void) /* MPA-001 MPA-002 MPA-030 MPA-031a */
{
    size_t k;
    for (k = 0; k < sizeof captures / sizeof captures[0]; k++) {
        char path[256];
        pcap_conn pc[8];
        int nc, ni, ci, dir;
        snprintf(path, sizeof path, "%s.pcap", captures[k]);
        nc = pcap_read_conns(path, pc, 8);
        snprintf(path, sizeof path, "%s.expect", captures[k]);
        ni = expect_load(path, items, 4096);
        REQUIRE(nc > 0 && ni > 0);
        for (ci = 0; ci < nc; ci++)
            for (dir = 0; dir < 2; dir++) {
                const expect_item *e = expect_find(items, ni, dir ? "rep" : "req", ci, dir);
                iw_mpa_frame f;
                size_t used;
                REQUIRE(e != NULL);
                CHECK(iw_mpa_frame_decode(pc[ci].dir[dir].data, pc[ci].dir[dir].len,
                                          dir ? IW_MPA_REPLY : IW_MPA_REQUEST, &f, &used) == IW_OK);
                CHECK_EQ(used, 20 + e->pdlen);
                CHECK_EQ(f.flags, e->flags);
                CHECK_EQ(f.rev, e->rev);
                CHECK_EQ(f.pd_len + (f.enhanced ? 4u : 0u), e->pdlen);
                if (f.enhanced) {
                    CHECK_EQ(f.ird_word, iw_get_be16(e->pd));
                    CHECK_EQ(f.ord_word, iw_get_be16(e->pd + 2));
                    CHECK_MEM(f.pd, e->pd + 4, f.pd_len);
                }
                /* and the wrong key for the direction is refused */
                CHECK(iw_mpa_frame_decode(pc[ci].dir[dir].data, pc[ci].dir[dir].len,
                                          dir ? IW_MPA_REQUEST : IW_MPA_REPLY, &f, &used) == IW_EPROTO);
            }
        pcap_free_conns(pc, nc);
    }
}

static void t_streams_match_tshark(void) /* MPA-053 MPA-054 MPA-024 MPA-046 MPA-027 MPA-022 */
{
    size_t k, nonzero_pad = 0;
    for (k = 0; k < sizeof captures / sizeof captures[0]; k++) {
        char path[256];
        pcap_conn pc[8];
        int nc, ni, ci, dir;
        snprintf(path, sizeof path, "%s.pcap", captures[k]);
        nc = pcap_read_conns(path, pc, 8);
        snprintf(path, sizeof path, "%s.expect", captures[k]);
        ni = expect_load(path, items, 4096);
        REQUIRE(nc > 0 && ni > 0);
        for (ci = 0; ci < nc; ci++)
            for (dir = 0; dir < 2; dir++) {
                const pcap_stream *s = &pc[ci].dir[dir];
                int i, nf = 0, skip = 0, crc_on;
                const expect_item *fp[512];
                for (i = 0; i < ni && nf < 512; i++)
                    if (!strcmp(items[i].kind, "fpdu") && items[i].conn == ci && items[i].dir == dir)
                        fp[nf++] = &items[i];
                CHECK(setup_receiver(&pc[ci], dir));
                feed(s->data, s->len, NULL, 0);
                CHECK_EQ(iw_mpa_last_error(&E->c)->status, IW_OK);
                crc_on = nf > 0 && fp[0]->crc_status == EXPECT_CRC_GOOD;
                if (E->c.state == IW_MPA_S_FULL && nf) CHECK_EQ(E->c.crc_on, crc_on);
                /* siw's P2P Write RTR (first FPDU of direction 0) stays in MPA */
                if (dir == 0 && nf && E->c.p2p) {
                    CHECK_EQ(E->c.rtr, IW_MPA_RTR_WRITE);
                    CHECK_EQ(fp[0]->ulpdu_len, 14);
                    CHECK_EQ(fp[0]->ddp_ctrl, 0xC1);
                    skip = 1;
                }
                CHECK_EQ(E->f.keep_n, (size_t)(nf - skip)); /* MPA-044b: the Write RTR is not handed up */
                if (E->f.keep_n != (size_t)(nf - skip)) {
                    fprintf(stderr, "  %s conn %d dir %d: %zu delivered, %d expected\n", captures[k], ci, dir,
                            E->f.keep_n, nf - skip);
                    continue;
                }
                for (i = skip; i < nf; i++) {
                    const uint8_t *u = keep + E->f.keep_off[i - skip];
                    size_t ulen = (i - skip + 1 < (int)E->f.keep_n ? E->f.keep_off[i - skip + 1] : E->f.keep_len) -
                                  E->f.keep_off[i - skip];
                    size_t flen = 2 + ulen + iw_mpa_pad(ulen) + 4, before;
                    iw_iov v;
                    CHECK_EQ(ulen, fp[i]->ulpdu_len);
                    CHECK_EQ(u[0], fp[i]->ddp_ctrl);
                    CHECK_EQ(u[1], fp[i]->rdmap_ctrl);
                    CHECK_MEM(u, s->data + fp[i]->off + 2, ulen);
                    if (crc_on) CHECK_EQ(fp[i]->crc_status, EXPECT_CRC_GOOD);
                    /* our transmitter reproduces siw's FPDU, CRC octets included */
                    v.base = u;
                    v.len = ulen;
                    before = E->f.h.wire_len;
                    if (E->c.state == IW_MPA_S_FULL && iw_mpa_tx(&E->c, &v, 1) == IW_OK) {
                        const uint8_t *w = E->wire + before, *c = s->data + fp[i]->off;
                        size_t pad = iw_mpa_pad(ulen), z;
                        int siw_pad_zero = 1;
                        for (z = 0; z < pad; z++) siw_pad_zero &= c[2 + ulen + z] == 0;
                        for (z = 0; z < pad; z++) CHECK_EQ(w[2 + ulen + z], 0); /* MPA-047b */
                        CHECK_EQ(E->f.h.wire_len - before, flen);
                        CHECK_MEM(w, c, 2 + ulen);
                        if (siw_pad_zero) {
                            CHECK_MEM(w + flen - 4, c + flen - 4, 4); /* same CRC octets */
                        } else {
                            /* siw sent non-zero PAD (RFC 5044 §4 says 0): we ignored it on
                             * receive except in the CRC, and our CRC (over zero PAD) differs */
                            nonzero_pad++;
                            if (crc_on) CHECK(memcmp(w + flen - 4, c + flen - 4, 4) != 0);
                        }
                    } else {
                        CHECK(0);
                    }
                }
            }
        pcap_free_conns(pc, nc);
    }
    /* siw_ib_write_bw_crc and siw_ib_send_bw_nocrc carry FPDUs with non-zero PAD */
    CHECK(nonzero_pad > 0);
    printf("# %zu siw FPDUs had non-zero PAD octets (accepted; PAD is ignored except by the CRC)\n", nonzero_pad);
}

static void t_streams_every_split(void) /* MPA-061 */
{
    size_t k;
    static char base[FAKE_LOG_CAP];
    static size_t cuts[1 << 16];
    for (k = 0; k < sizeof captures / sizeof captures[0]; k++) {
        char path[256];
        pcap_conn pc[8];
        int nc, ci, dir;
        snprintf(path, sizeof path, "%s.pcap", captures[k]);
        nc = pcap_read_conns(path, pc, 8);
        REQUIRE(nc > 0);
        for (ci = 0; ci < nc; ci++)
            for (dir = 0; dir < 2; dir++) {
                const pcap_stream *s = &pc[ci].dir[dir];
                size_t i;
                CHECK(setup_receiver(&pc[ci], dir));
                feed(s->data, s->len, NULL, 0);
                memcpy(base, E->f.log, E->f.log_len + 1);
                CHECK(strstr(base, "established") != NULL);
                for (i = 1; i < s->len; i++) {
                    cuts[0] = i;
                    setup_receiver(&pc[ci], dir);
                    feed(s->data, s->len, cuts, 1);
                    if (strcmp(base, E->f.log) != 0) {
                        CHECK(0);
                        fprintf(stderr, "  %s conn %d dir %d differs when split at %zu\n", captures[k], ci, dir, i);
                        break;
                    }
                }
                for (i = 0; i + 1 < s->len; i++) cuts[i] = i + 1;
                setup_receiver(&pc[ci], dir);
                feed(s->data, s->len, cuts, s->len - 1);
                CHECK(strcmp(base, E->f.log) == 0);
            }
        pcap_free_conns(pc, nc);
    }
}

static void t_capture_crc_flip(void) /* MPA-056 */
{
    pcap_conn pc[2];
    int nc = pcap_read_conns("tests/vectors/siw_rping_crc.pcap", pc, 2);
    int ni = expect_load("tests/vectors/siw_rping_crc.expect", items, 4096);
    int i, seen = 0;
    const expect_item *victim = NULL;
    static uint8_t copy[1 << 16];
    REQUIRE(nc == 1 && ni > 0);
    for (i = 0; i < ni; i++)
        if (!strcmp(items[i].kind, "fpdu") && items[i].dir == 1 && ++seen == 5) victim = &items[i];
    REQUIRE(victim != NULL);
    memcpy(copy, pc[0].dir[1].data, pc[0].dir[1].len);
    copy[victim->off + 2 + victim->ulpdu_len + iw_mpa_pad(victim->ulpdu_len)] ^= 0x01;
    REQUIRE(setup_receiver(&pc[0], 1));
    feed(copy, pc[0].dir[1].len, NULL, 0);
    CHECK_EQ(E->f.keep_n, 4); /* MPA-055a: the four before it, nothing from it or after */
    CHECK_EQ(iw_mpa_last_error(&E->c)->mpa_ecode, IW_MPA_ECODE_CRC); /* MPA-055b */
    CHECK_EQ(iw_mpa_last_error(&E->c)->term_sent, 1); /* MPA-055c */
    CHECK_EQ(E->f.h.closed, 1); /* MPA-055c */
    pcap_free_conns(pc, nc);
}

static const check_test tests[] = {
    {"siw frames match tshark MPA-001 MPA-002 MPA-030", t_frames_match_tshark},
    {"siw streams match tshark, re-encoded octet for octet MPA-046 MPA-053 MPA-054",
     t_streams_match_tshark},
    {"siw streams at every split point MPA-061", t_streams_every_split},
    {"siw capture with a flipped CRC MPA-056", t_capture_crc_flip},
};

int main(int argc, char **argv)
{
    int rc;
    E = (endpoint *)calloc(1, sizeof *E);
    if (!E) return 2;
    rc = CHECK_RUN(tests);
    free(E);
    return rc;
}
