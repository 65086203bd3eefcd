/* SPDX-License-Identifier: MIT */
/* test_mpa.c: mpa.h frames, connection setup, FPDU transmit and receive, markers, errors.
 * Each test names the requirement IDs (../shared/spec/requirements.md) it checks; a test that
 * names an ID fails when that rule is broken. Expected octets come from outside the code under
 * test where possible: the RFC and digest examples (mpa.md 6, 7, 8, 9.4), a bitwise CRC32c
 * written here, and an independent marker walker written here. */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "check.h"
#include "mpa_fake.h"

/* ---- independent references ---- */

static uint32_t ref_crc(const uint8_t *p, size_t n) { return check_crc32c_ref(0, p, n); }

static size_t unhex(const char *s, uint8_t *out)
{
    size_t n = 0;
    while (*s) {
        unsigned v;
        if (*s == ' ') { s++; continue; }
        sscanf(s, "%2x", &v);
        out[n++] = (uint8_t)v;
        s += 2;
    }
    return n;
}

static endpoint *A, *B; /* big: allocated once */

static void cfg_pair(iw_mpa_cfg *ci, iw_mpa_cfg *cr)
{
    iw_mpa_cfg_default(ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(cr, IW_MPA_RESPONDER);
}

/* Connect A (Initiator) and B (Responder, accepting in its upcall); returns 1 when both are in
 * Full Operation (the Responder after a first FPDU from A, `first` of len octets, if given). */
static int connect_pair(const iw_mpa_cfg *ci, const iw_mpa_cfg *cr, const uint8_t *pd, size_t pdl)
{
    size_t ma = 0, mb = 0;
    if (ep_init(A, ci) != IW_OK || ep_init(B, cr) != IW_OK) return 0;
    B->f.accept_in_request = 1;
    if (iw_mpa_start(&B->c, NULL, 0) != IW_OK) return 0;
    if (iw_mpa_start(&A->c, pd, pdl) != IW_OK) return 0;
    ep_pipe(A, &ma, B);
    ep_pipe(B, &mb, A);
    ep_pipe(A, &ma, B); /* the RTR, in P2P mode */
    ep_pipe(B, &mb, A); /* a Read RTR's response */
    return iw_mpa_state(&A->c) == IW_MPA_S_FULL;
}

/* ---- frames ---- */

static void t_frame_request_layout(void) /* MPA-001 MPA-007 MPA-030 */
{
    uint8_t out[600], pd[3] = {1, 2, 3};
    size_t len;
    iw_mpa_frame f;
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REQUEST;
    f.rev = 2;
    f.enhanced = 1;
    f.flags = 0xFF; /* reserved bits and R must not go out in a Request */
    f.ird_word = 0x8001;
    f.ord_word = 0xC002;
    f.pd = pd;
    f.pd_len = 3;
    REQUIRE(iw_mpa_frame_encode(&f, out, sizeof out, &len) == IW_OK);
    CHECK_EQ(len, 20 + 4 + 3); /* 20 + PD_Length, no pad, no CRC, no marker (MPA-007) */
    CHECK_EQ(iw_get_be16(out + 18), 4 + 3); /* MPA-031a: PD_Length counts the header */
    {
        uint8_t want[27];
        unhex("4D50412049442052657120467261 6D65 D0 02 0007 8001 C002 010203", want);
        /* MPA-003a M C, MPA-029a H; MPA-003b reserved bits, MPA-011a R: not sent */
        CHECK_MEM(out, want, 27);
    }
}

static void t_frame_reply_key(void) /* MPA-002 */
{
    uint8_t out[64];
    size_t len;
    iw_mpa_frame f;
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REPLY;
    f.rev = 1;
    f.flags = IW_MPA_FLAG_R | IW_MPA_FLAG_C | 0x1F;
    REQUIRE(iw_mpa_frame_encode(&f, out, sizeof out, &len) == IW_OK);
    CHECK_EQ(len, 20);
    CHECK_MEM(out, "MPA ID Rep Frame", 16);
    CHECK_EQ(out[9], 0x70);
    CHECK_EQ(out[16], 0x60); /* MPA-003a MPA-003b: R and C kept, reserved 0x1F cleared */
    CHECK_EQ(out[17], 1);
}

static void t_frame_decode_errors(void) /* MPA-008 */
{
    uint8_t b[600];
    iw_mpa_frame f;
    size_t used;
    memset(b, 0, sizeof b);
    memcpy(b, "MPA ID Req Frame", 16);
    b[16] = 0x4F; /* C + reserved bits: ignored on receive */
    b[17] = 1;
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REQUEST, &f, &used) == IW_OK); /* MPA-003c */
    CHECK_EQ(f.flags & 0xE0, 0x40); /* MPA-003c */
    CHECK_EQ(f.enhanced, 0); /* H is reserved in Rev 1 (MPA-029b) */
    /* 0x10 set in a Rev 1 frame: still reserved, so no IRD/ORD header: the PD is whole */
    b[16] = 0x50;
    iw_put_be16(b + 18, 4);
    memcpy(b + 20, "abcd", 4);
    CHECK(iw_mpa_frame_decode(b, 24, IW_MPA_REQUEST, &f, &used) == IW_OK);
    CHECK(f.enhanced == 0 && f.pd_len == 4 && memcmp(f.pd, "abcd", 4) == 0); /* MPA-029b */
    b[16] = 0x4F;
    memset(b + 18, 0, 6);
    /* a Reply key where a Request is expected, and garbage, are refused at the first octet */
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REPLY, &f, &used) == IW_EPROTO); /* MPA-004b */
    CHECK_EQ(f.err, IW_MPA_FERR_KEY);
    memcpy(b, "MPA ID Rep Frame", 16); /* and a Reply key where a Request is expected */
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REQUEST, &f, &used) == IW_EPROTO); /* MPA-004a */
    CHECK_EQ(f.err, IW_MPA_FERR_KEY);
    memcpy(b, "MPA ID Req Frame", 16);
    b[0] = 'X';
    CHECK(iw_mpa_frame_decode(b, 1, IW_MPA_REQUEST, &f, &used) == IW_EPROTO); /* MPA-004a */
    CHECK_EQ(f.err, IW_MPA_FERR_KEY);
    b[0] = 'M';
    b[17] = 0;
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REQUEST, &f, &used) == IW_EPROTO);
    CHECK_EQ(f.err, IW_MPA_FERR_REV);
    b[17] = 3;
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REQUEST, &f, &used) == IW_EPROTO);
    CHECK_EQ(f.err, IW_MPA_FERR_REV);
    b[17] = 2;
    iw_put_be16(b + 18, 513);
    /* SEC-017a: refused from the 20-octet header alone, before any Private Data */
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REQUEST, &f, &used) == IW_EPROTO);
    CHECK_EQ(f.err, IW_MPA_FERR_PD_LEN); /* MPA-005b: a received PD_Length of 513 is invalid */
    iw_put_be16(b + 18, 512);
    CHECK(iw_mpa_frame_decode(b, 20, IW_MPA_REQUEST, &f, &used) == IW_EAGAIN);
    CHECK_EQ(used, 532);
    CHECK(iw_mpa_frame_decode(b, 532, IW_MPA_REQUEST, &f, &used) == IW_OK);
    b[16] = 0x10; /* enhanced with PD_Length 3 */
    iw_put_be16(b + 18, 3);
    CHECK(iw_mpa_frame_decode(b, 23, IW_MPA_REQUEST, &f, &used) == IW_EPROTO); /* MPA-031b */
    CHECK_EQ(f.err, IW_MPA_FERR_IRDORD_SHORT); /* MPA-031b */
    /* encode refuses PD over 512 */
    {
        iw_mpa_frame g;
        size_t len;
        memset(&g, 0, sizeof g);
        g.rev = 2;
        g.enhanced = 1;
        g.pd = b;
        g.pd_len = 509;
        CHECK(iw_mpa_frame_encode(&g, b + 100, 500, &len) == IW_EINVAL);
        {
            static uint8_t big[600];
            /* MPA-005a: 509 + 4 octets of IRD/ORD header would be 513: never sent */
            CHECK(iw_mpa_frame_encode(&g, big, sizeof big, &len) == IW_EINVAL);
            g.enhanced = 0;
            g.pd_len = 513;
            CHECK(iw_mpa_frame_encode(&g, big, sizeof big, &len) == IW_EINVAL); /* MPA-005a */
            g.enhanced = 1;
            g.pd_len = 508;
            CHECK(iw_mpa_frame_encode(&g, big, sizeof big, &len) == IW_OK);
            CHECK_EQ(len, 532);
        }
    }
}

/* ---- setup ---- */

static void t_setup_basic_and_pd(void) /* MPA-009 MPA-016 MPA-013 */
{
    iw_mpa_cfg ci, cr;
    uint8_t pd[508], rpd[508];
    size_t i, ma = 0, mb = 0;
    for (i = 0; i < sizeof pd; i++) pd[i] = (uint8_t)(i * 7 + 1), rpd[i] = (uint8_t)(i * 3 + 5);
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    B->f.acc_pd = rpd;
    B->f.acc_pd_len = sizeof rpd;
    REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
    { /* Rev 2: at most 508 octets from the ULP; 509 are refused and change nothing */
        static uint8_t big[509];
        CHECK_EQ(iw_mpa_start(&A->c, big, sizeof big), IW_EINVAL); /* MPA-032b */
        CHECK_EQ(A->f.h.wire_len, 0); /* MPA-032b */
        CHECK_EQ(iw_mpa_state(&A->c), IW_MPA_S_IDLE); /* MPA-032b */
    }
    REQUIRE(iw_mpa_start(&A->c, pd, sizeof pd) == IW_OK);
    CHECK_EQ(A->f.h.wire_len, 20 + 512);
    /* MPA-013: the Responder says nothing until the whole Request is in */
    {
        size_t used;
        CHECK_EQ(iw_mpa_accept(&B->c, 4, 4, NULL, 0), IW_ESTATE); /* MPA-013: no Reply before it */
        CHECK_EQ(B->f.h.wire_len, 0); /* MPA-013 */
        CHECK(iw_mpa_rx_feed(&B->c, A->wire, 531, &used) == IW_OK);
        CHECK_EQ(used, 531);
        CHECK_EQ(B->f.h.wire_len, 0);
        CHECK(iw_mpa_rx_feed(&B->c, A->wire + 531, 1, &used) == IW_OK);
        ma = 532;
    }
    CHECK_EQ(B->f.last_pd_len, 508); /* MPA-032a: PD_Length 512 less the header */
    CHECK_MEM(B->f.last_pd, pd, 508); /* MPA-006a, MPA-032a: header hidden */
    CHECK_EQ(B->wire[17], 2);         /* MPA-009 */
    ep_pipe(B, &mb, A);
    CHECK_EQ(A->f.established, 1);
    CHECK_EQ(A->f.last_pd_len, 508); /* MPA-006b */
    CHECK_MEM(A->f.last_pd, rpd, 508); /* MPA-006b */
    CHECK_EQ(iw_mpa_state(&A->c), IW_MPA_S_FULL); /* MPA-016 */
    (void)ma;
}

static void t_setup_rev1(void) /* MPA-009 MPA-075 MPA-029b */
{
    iw_mpa_cfg ci, cr;
    uint8_t pd[512];
    memset(pd, 0xAB, sizeof pd);
    cfg_pair(&ci, &cr);
    ci.rev = 1;
    REQUIRE(connect_pair(&ci, &cr, pd, 512));
    CHECK_EQ(A->wire[17], 1);
    CHECK_EQ(A->wire[16] & 0x10, 0);
    CHECK_EQ(iw_get_be16(A->wire + 18), 512);
    CHECK_EQ(B->wire[17], 1); /* the Responder answers Rev 1 to Rev 1 */
    CHECK_EQ(B->f.last_pd_len, 512);
    CHECK_EQ(A->f.last_info.rev, 1);
    CHECK_EQ(A->f.last_info.enhanced, 0);
}

static void t_setup_crc_matrix(void) /* MPA-024 MPA-025 MPA-027 */
{
    int ic, rc;
    for (ic = 0; ic < 2; ic++)
        for (rc = 0; rc < 2; rc++) {
            iw_mpa_cfg ci, cr;
            uint8_t u[20];
            iw_iov v;
            size_t mb = 0, ma0;
            cfg_pair(&ci, &cr);
            ci.crc = (uint8_t)ic;
            cr.crc = (uint8_t)rc;
            REQUIRE(connect_pair(&ci, &cr, NULL, 0));
            CHECK_EQ(A->f.last_info.crc, (unsigned)(ic | rc));
            if (ic) CHECK(B->wire[16] & 0x40); /* MPA-025 */
            memset(u, 0x11, sizeof u);
            v.base = u;
            v.len = sizeof u;
            ma0 = A->f.h.wire_len;
            REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
            CHECK_EQ(A->f.h.wire_len - ma0, 2 + 20 + 2 + 4); /* MPA-026a: the CRC field is there */
            {
                const uint8_t *fp = A->wire + ma0;
                uint32_t want = (ic | rc) ? ref_crc(fp, 24) : 0u;
                CHECK_EQ(iw_get_le32(fp + 24), want); /* MPA-027: 0 without CRC */
            }
            if (!(ic | rc)) A->wire[ma0 + 24] ^= 0x5A; /* without CRC the field is not checked */
            ep_pipe(A, &ma0, B);
            CHECK_EQ(B->f.delivered, 1); /* MPA-026b */
            CHECK_EQ(B->f.errors, 0); /* MPA-026b */
            (void)mb;
        }
}

static void t_setup_crc_or_at_initiator(void) /* MPA-024 */
{
    /* A Reply with C = 0 to a Request with C = 1 (a Responder breaking MPA-025): CRC is still in
     * use, because it is the OR of both frames. */
    iw_mpa_cfg ci;
    uint8_t rep[24], u[20], fp[28];
    iw_iov v = {u, 20};
    size_t used, before;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    REQUIRE(ep_init(A, &ci) == IW_OK);
    iw_mpa_start(&A->c, NULL, 0);
    memcpy(rep, "MPA ID Rep Frame", 16);
    rep[16] = 0x10;
    rep[17] = 2;
    iw_put_be16(rep + 18, 4);
    iw_put_be16(rep + 20, 8);
    iw_put_be16(rep + 22, 8);
    REQUIRE(iw_mpa_rx_feed(&A->c, rep, 24, &used) == IW_OK);
    CHECK_EQ(A->f.last_info.crc, 1);
    memset(u, 7, sizeof u);
    before = A->f.h.wire_len;
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    CHECK_EQ(iw_get_le32(A->wire + before + 24), ref_crc(A->wire + before, 24));
    iw_put_be16(fp, 20);
    memset(fp + 2, 7, 22);
    fp[22] = fp[23] = 0;
    iw_put_le32(fp + 24, 0); /* a zero CRC field is wrong when CRC is in use */
    CHECK(iw_mpa_rx_feed(&A->c, fp, 28, &used) == IW_ETERM);
    CHECK_EQ(A->f.delivered, 0);
}

static void t_setup_initiator_silent_until_reply(void) /* MPA-012 */
{
    iw_mpa_cfg ci;
    uint8_t u[20] = {0};
    iw_iov v = {u, sizeof u};
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    REQUIRE(ep_init(A, &ci) == IW_OK);
    REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
    CHECK(A->f.h.timer_armed[IW_MPA_TIMER_SETUP]); /* MPA-019a */
    CHECK_EQ(A->f.h.timer_ms[IW_MPA_TIMER_SETUP], 10000); /* MPA-019a */
    CHECK_EQ(A->f.h.wire_len, 24);
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_ESTATE);
    CHECK_EQ(A->f.h.wire_len, 24);
    iw_mpa_timeout(&A->c, IW_MPA_TIMER_SETUP);
    CHECK_EQ(A->f.h.closed, 1); /* MPA-019c */
    CHECK_EQ(iw_mpa_last_error(&A->c)->status, IW_ETIMEOUT); /* MPA-019c */
    CHECK_EQ(A->f.errors, 1); /* MPA-019c */
    CHECK_EQ(A->f.h.wire_len, 24);
}

static void t_setup_reply_cancels_timer(void)
{
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(B, &cr) == IW_OK);
    REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
    CHECK(B->f.h.timer_armed[0]); /* MPA-020a */
    CHECK_EQ(B->f.h.timer_ms[0], 5000); /* MPA-020a */
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK(!A->f.h.timer_armed[0]); /* MPA-019b: the Reply cancelled it */
    CHECK(!B->f.h.timer_armed[0]); /* MPA-020b: the Request cancelled it */
    /* a late timer callback after the Reply changes nothing */
    iw_mpa_timeout(&A->c, 0);
    CHECK_EQ(iw_mpa_state(&A->c), IW_MPA_S_FULL);
    /* Responder timeout */
    REQUIRE(ep_init(B, &cr) == IW_OK);
    REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
    iw_mpa_timeout(&B->c, 0);
    CHECK_EQ(B->f.h.closed, 1); /* MPA-020c */
    CHECK_EQ(iw_mpa_last_error(&B->c)->status, IW_ETIMEOUT); /* MPA-020c */
}

/* The setup timers on host_fake.h's fake clock: each fires at its deadline and not before,
 * and a cancelled one never fires. */
static void t_setup_timers_on_fake_clock(void)
{
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK);
    REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
    CHECK_EQ(hf_advance(&A->f.h, 9999, hf_fire_mpa, &A->c), 0);
    CHECK_EQ(A->f.errors, 0);
    CHECK_EQ(A->f.h.closed, 0);
    CHECK_EQ(hf_advance(&A->f.h, 1, hf_fire_mpa, &A->c), 1); /* MPA-019a: 10 s after the Request */
    CHECK_EQ(A->f.h.closed, 1);
    CHECK_EQ(iw_mpa_last_error(&A->c)->status, IW_ETIMEOUT);
    REQUIRE(ep_init(B, &cr) == IW_OK);
    REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
    CHECK_EQ(hf_advance(&B->f.h, 4999, hf_fire_mpa, &B->c), 0);
    CHECK_EQ(hf_advance(&B->f.h, 1, hf_fire_mpa, &B->c), 1); /* MPA-020a: 5 s without a Request */
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(iw_mpa_last_error(&B->c)->status, IW_ETIMEOUT);
    /* connected: both timers were cancelled, nothing fires however long we wait */
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(hf_advance(&A->f.h, 60000, hf_fire_mpa, &A->c), 0); /* MPA-019b */
    CHECK_EQ(hf_advance(&B->f.h, 60000, hf_fire_mpa, &B->c), 0); /* MPA-020b */
    CHECK_EQ(A->f.errors + B->f.errors, 0);
    CHECK_EQ(iw_mpa_state(&A->c), IW_MPA_S_FULL);
}

/* A send that answers IW_EAGAIN at call N (taking nothing) leaves the FPDU queued whole, and
 * the resume sends it unchanged; a send that fails at call N is fatal (IW_EHOST). */
static void t_tx_eagain_and_failure_at_call(void)
{
    iw_mpa_cfg ci, cr;
    uint8_t u[100];
    iw_iov v = {u, sizeof u};
    size_t ma, before;
    int guard = 0;
    cfg_pair(&ci, &cr);
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    ma = before = A->f.h.wire_len;
    memset(u, 0x5A, sizeof u);
    A->f.h.eagain_at_call = A->f.h.send_calls + 1;
    (void)iw_mpa_tx(&A->c, &v, 1);
    CHECK_EQ(A->f.h.wire_len, before); /* TCP took nothing */
    CHECK_EQ(A->f.h.eagains, 1);
    CHECK(iw_mpa_tx_busy(&A->c));
    while (iw_mpa_tx_busy(&A->c) && guard++ < 100) iw_mpa_tx_resume(&A->c);
    CHECK_EQ(A->f.h.wire_len - before, 2 + sizeof u + 2 + 4); /* the whole FPDU, once */
    B->f.delivered = 0;
    ep_pipe(A, &ma, B);
    CHECK_EQ(B->f.delivered, 1);
    CHECK_EQ(B->f.last_ulpdu_len, sizeof u);
    CHECK_EQ(B->f.errors, 0);
    A->f.h.fail_at_call = A->f.h.send_calls + 1;
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_EHOST);
    CHECK_EQ(A->f.h.closed, 1);
    CHECK_EQ(iw_mpa_last_error(&A->c)->status, IW_EHOST);
}

static void t_setup_invalid_frames_close(void) /* MPA-008 MPA-072 MPA-031b */
{
    static const struct { int byte; int val; int ferr; } cases[] = {
        {3, 'x', IW_MPA_FERR_KEY}, {17, 7, IW_MPA_FERR_REV}, {18, 0x7F, IW_MPA_FERR_PD_LEN}};
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        iw_mpa_cfg ci, cr;
        uint8_t req[64];
        size_t used;
        cfg_pair(&ci, &cr);
        REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
        REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
        REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
        memcpy(req, A->wire, 24);
        req[cases[i].byte] = (uint8_t)cases[i].val;
        CHECK(iw_mpa_rx_feed(&B->c, req, 24, &used) == IW_EPROTO);
        CHECK_EQ(B->f.h.closed, 1); /* MPA-004c (i 0: a key octet changed) */
        CHECK_EQ(B->f.h.close_abortive, 1);
        CHECK_EQ(B->f.h.wire_len, 0); /* no Reply, no Terminate (MPA-072, MPA-004c) */
        CHECK_EQ(iw_mpa_last_error(&B->c)->mpa_ecode, 0x04); /* MPA-004a (i 0) */
        CHECK_EQ(iw_mpa_last_error(&B->c)->ferr, cases[i].ferr); /* MPA-005b (i 2: PD_Length > 512) */
        CHECK(!B->f.h.timer_armed[0]);
        /* and a bad Reply at the Initiator */
        memcpy(req, "MPA ID Rep Frame", 16);
        req[16] = 0x50;
        req[17] = 2;
        iw_put_be16(req + 18, 4);
        memset(req + 20, 0, 4);
        req[cases[i].byte] = (uint8_t)cases[i].val;
        CHECK(iw_mpa_rx_feed(&A->c, req, 24, &used) == IW_EPROTO);
        CHECK_EQ(A->f.h.close_abortive, 1); /* MPA-004c */
        CHECK_EQ(A->f.h.wire_len, 24); /* only its Request (MPA-004c) */
        CHECK_EQ(iw_mpa_last_error(&A->c)->ferr, cases[i].ferr); /* MPA-004b (i 0) */
    }
}

static void t_setup_reply_not_enhanced(void) /* MPA-010 */
{
    iw_mpa_cfg ci;
    uint8_t rep[20];
    size_t used;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    REQUIRE(ep_init(A, &ci) == IW_OK);
    REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
    memcpy(rep, "MPA ID Rep Frame", 16);
    rep[16] = 0x40;
    rep[17] = 2; /* Rev 2 but no H */
    iw_put_be16(rep + 18, 0);
    CHECK(iw_mpa_rx_feed(&A->c, rep, 20, &used) == IW_EPROTO);
    CHECK_EQ(iw_mpa_last_error(&A->c)->ferr, IW_MPA_FERR_NOT_ENHANCED);
    CHECK_EQ(A->f.h.close_abortive, 1);
    REQUIRE(ep_init(A, &ci) == IW_OK);
    REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
    rep[17] = 1;
    CHECK(iw_mpa_rx_feed(&A->c, rep, 20, &used) == IW_EPROTO);
    CHECK_EQ(iw_mpa_last_error(&A->c)->ferr, IW_MPA_FERR_NOT_ENHANCED);
}

static void t_setup_request_with_r_bit(void)
{
    iw_mpa_cfg ci, cr;
    size_t used;
    uint8_t req[24];
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
    REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
    CHECK_EQ(A->wire[16] & 0x20, 0); /* MPA-011a: the Initiator sends R = 0 */
    memcpy(req, A->wire, 24);
    req[16] |= 0x20;
    CHECK(iw_mpa_rx_feed(&B->c, req, 24, &used) == IW_OK); /* MPA-011b */
    CHECK_EQ(B->f.h.wire_len, 24); /* MPA-011b: a Reply */
    CHECK_EQ(B->wire[16] & 0x20, 0); /* MPA-011b: accepted */
}

static void t_setup_extra_octets_after_request(void) /* MPA-014 MPA-022 */
{
    iw_mpa_cfg ci, cr;
    size_t used;
    uint8_t buf[64];
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    REQUIRE(iw_mpa_start(&A->c, NULL, 0) == IW_OK);
    REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK);
    memcpy(buf, A->wire, 24);
    memset(buf + 24, 0x77, 8);
    /* same read: the extra octets are left to the host, not consumed, not lost */
    CHECK(iw_mpa_rx_feed(&B->c, buf, 32, &used) == IW_OK);
    CHECK_EQ(used, 24);
    CHECK_EQ(iw_mpa_state(&B->c), IW_MPA_S_AWAIT_ULP);
    /* fed again before the Reply: protocol error, close (MPA-014) */
    CHECK(iw_mpa_rx_feed(&B->c, buf + 24, 8, &used) == IW_EPROTO);
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(B->f.h.wire_len, 0);
    CHECK_EQ(iw_mpa_last_error(&B->c)->ferr, IW_MPA_FERR_EXTRA_DATA);
}

static void t_setup_responder_waits_first_fpdu(void) /* MPA-015 MPA-022 */
{
    iw_mpa_cfg ci, cr;
    uint8_t u[18] = {0x41, 0x43};
    iw_iov v = {u, sizeof u};
    size_t ma = 0, mb = 0;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    ep_pipe(A, &ma, B);
    CHECK_EQ(iw_mpa_state(&B->c), IW_MPA_S_AWAIT_FIRST);
    CHECK_EQ(B->f.established, 0);
    CHECK(iw_mpa_tx(&B->c, &v, 1) == IW_EAGAIN); /* not now: tx_done when it may */
    CHECK_EQ(B->f.h.wire_len, 24); /* only the Reply */
    CHECK_EQ(B->f.tx_dones, 0);
    ep_pipe(B, &mb, A);
    /* the Initiator's first FPDU, in the same read as nothing else */
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    ep_pipe(A, &ma, B);
    CHECK_EQ(B->f.established, 1);
    CHECK_EQ(B->f.delivered, 1);
    CHECK_EQ(B->f.tx_dones, 1);
    CHECK(iw_mpa_tx(&B->c, &v, 1) == IW_OK);
}

/* MPA-015: a Responder's ULP that wants to terminate before the Initiator's first FPDU is
 * refused (IW_ESTATE), not queued: nothing goes on the wire, nothing is recorded, and the
 * same Terminate is accepted and sent once the first FPDU has been validated. */
static void t_setup_responder_no_terminate_before_first(void) /* MPA-015 */
{
    iw_mpa_cfg ci, cr;
    uint8_t u[18] = {0x41, 0x43}, want[28];
    iw_iov v = {u, sizeof u};
    iw_term t = {0, 2, 1}; /* layer 0, EType 2, code 1 */
    size_t ma = 0, mb = 0, before;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    ep_pipe(A, &ma, B);
    REQUIRE(iw_mpa_state(&B->c) == IW_MPA_S_AWAIT_FIRST);
    CHECK(iw_mpa_terminate(&B->c, t) == IW_ESTATE);
    ep_pipe(B, &mb, A);
    CHECK_EQ(B->f.h.wire_len, 24); /* only the Reply */
    CHECK_EQ(iw_mpa_state(&B->c), IW_MPA_S_AWAIT_FIRST);
    CHECK_EQ(iw_mpa_last_error(&B->c)->status, IW_OK);
    CHECK_EQ(B->f.h.closed, 0);
    /* the Initiator's first FPDU: now it may go, once */
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    ep_pipe(A, &ma, B);
    REQUIRE(B->f.established == 1 && iw_mpa_state(&B->c) == IW_MPA_S_FULL);
    before = B->f.h.wire_len;
    CHECK(iw_mpa_terminate(&B->c, t) == IW_OK);
    unhex("0016 4147 00000000 00000002 00000001 00000000 02010000", want); /* layer 0, 2, 1 */
    iw_put_le32(want + 24, ref_crc(want, 24));
    CHECK_EQ(B->f.h.wire_len - before, 28);
    CHECK_MEM(B->wire + before, want, 28);
    CHECK(iw_mpa_terminate(&B->c, t) == IW_ESTATE); /* one per stream */
    CHECK_EQ(B->f.h.wire_len - before, 28);
    CHECK_EQ(B->f.h.closed, 1);
}

static void t_setup_reply_and_fpdu_same_read(void) /* MPA-022 MPA-016 */
{
    /* The Responder's Reply and its first FPDUs reach the Initiator in one read: nothing lost. */
    iw_mpa_cfg ci, cr;
    uint8_t u[40], w[30];
    iw_iov v = {u, sizeof u}, x = {w, sizeof w};
    size_t ma = 0, used;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    ep_pipe(A, &ma, B);
    {
        /* A's first FPDU reaches B; B then sends two FPDUs; A reads Reply + both at once */
        iw_iov f = {u, 20};
        memset(u, 0x42, sizeof u);
        u[0] = 0xC1;
        /* A cannot send before the Reply; feed B a hand-made first FPDU instead */
        (void)f;
    }
    {
        uint8_t fp[28];
        iw_put_be16(fp, 20);
        memset(fp + 2, 0x42, 20);
        fp[22] = fp[23] = 0;
        iw_put_le32(fp + 24, ref_crc(fp, 24));
        CHECK(iw_mpa_rx_feed(&B->c, fp, 28, &used) == IW_OK);
        CHECK_EQ(B->f.established, 1);
    }
    memset(u, 0x33, sizeof u);
    memset(w, 0x44, sizeof w);
    REQUIRE(iw_mpa_tx(&B->c, &v, 1) == IW_OK);
    REQUIRE(iw_mpa_tx(&B->c, &x, 1) == IW_OK);
    CHECK(iw_mpa_rx_feed(&A->c, B->wire, B->f.h.wire_len, &used) == IW_OK);
    CHECK_EQ(used, B->f.h.wire_len);
    CHECK_EQ(A->f.established, 1);
    CHECK_EQ(A->f.delivered, 2);
    CHECK_EQ(A->f.last_ulpdu_len, 30);
    CHECK_MEM(A->f.last_ulpdu, w, 30);
}

static void t_setup_reject(void)
{
    iw_mpa_cfg ci, cr;
    uint8_t why[5] = {'n', 'o', 'p', 'e', '!'};
    size_t ma = 0, mb = 0;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 2;
    B->f.acc_pd = why;
    B->f.acc_pd_len = sizeof why;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    ep_pipe(A, &ma, B);
    CHECK_EQ(B->f.h.wire_len, 20 + 4 + 5); /* MPA-017a: the Reply with its Private Data */
    CHECK(B->wire[16] & 0x20); /* MPA-017a: R = 1 */
    CHECK_EQ(B->f.h.closed, 1); /* MPA-017b */
    CHECK_EQ(B->f.h.close_abortive, 0); /* MPA-017b */
    ep_pipe(B, &mb, A);
    CHECK_EQ(A->f.rejected, 1); /* MPA-018a */
    CHECK_EQ(A->f.last_pd_len, 5); /* MPA-018a */
    CHECK_MEM(A->f.last_pd, why, 5); /* MPA-018a, MPA-006b */
    CHECK_EQ(A->f.h.closed, 1); /* MPA-018b */
    CHECK_EQ(A->f.h.wire_len, 24); /* MPA-018c: no FPDU, no Terminate */
    CHECK_EQ(iw_mpa_last_error(&A->c)->status, IW_EREJECTED); /* MPA-018a */
    {
        uint8_t u[20] = {0};
        iw_iov v = {u, 20};
        CHECK(iw_mpa_tx(&A->c, &v, 1) != IW_OK); /* MPA-018c */
        CHECK_EQ(A->f.h.wire_len, 24); /* MPA-018c */
        CHECK(iw_mpa_tx(&B->c, &v, 1) != IW_OK); /* MPA-017c */
        CHECK_EQ(B->f.h.wire_len, 29); /* MPA-017c: nothing after the Reply */
    }
}

static void t_setup_marker_policy_reject(void) /* MPA-023 */
{
    iw_mpa_cfg ci, cr;
    size_t ma = 0, mb = 0;
    cfg_pair(&ci, &cr);
    ci.markers_rx = 1;
    cr.markers_tx = 0;
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    CHECK(A->wire[16] & 0x80);
    ep_pipe(A, &ma, B);
    CHECK(B->wire[16] & 0x20); /* MPA-028a: rejected by policy */
    CHECK_EQ(B->f.h.closed, 1); /* MPA-028a */
    ep_pipe(B, &mb, A);
    CHECK_EQ(A->f.rejected, 1); /* MPA-028a */
    /* and an Initiator that cannot insert markers asked for by the Reply */
    cfg_pair(&ci, &cr);
    ci.markers_tx = 0;
    cr.markers_rx = 1;
    CHECK(!connect_pair(&ci, &cr, NULL, 0) || iw_mpa_state(&A->c) != IW_MPA_S_FULL); /* MPA-028b */
    CHECK_EQ(A->f.h.closed, 1); /* MPA-028b */
    CHECK_EQ(iw_mpa_last_error(&A->c)->mpa_ecode, IW_MPA_ECODE_LOCAL); /* MPA-028b */
}

static void t_setup_llp_closed(void)
{
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    REQUIRE(ep_init(A, &ci) == IW_OK);
    iw_mpa_start(&A->c, NULL, 0);
    iw_mpa_llp_closed(&A->c);
    CHECK_EQ(iw_mpa_last_error(&A->c)->mpa_ecode, 0x01); /* MPA-021a */
    CHECK_EQ(iw_mpa_last_error(&A->c)->term_sent, 0); /* MPA-021b */
    CHECK_EQ(A->f.h.wire_len, 24); /* MPA-021b */
    CHECK_EQ(A->f.errors, 1); /* MPA-021a */
    /* the Responder, its Reply sent, before the Initiator's first FPDU */
    {
        size_t ma = 0, before;
        REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
        B->f.accept_in_request = 1;
        REQUIRE(iw_mpa_start(&B->c, NULL, 0) == IW_OK && iw_mpa_start(&A->c, NULL, 0) == IW_OK);
        ep_pipe(A, &ma, B);
        REQUIRE(iw_mpa_state(&B->c) == IW_MPA_S_AWAIT_FIRST);
        before = B->f.h.wire_len;
        iw_mpa_llp_closed(&B->c);
        CHECK_EQ(iw_mpa_last_error(&B->c)->mpa_ecode, 0x01); /* MPA-021a */
        CHECK_EQ(B->f.errors, 1); /* MPA-021a */
        CHECK_EQ(iw_mpa_last_error(&B->c)->term_sent, 0); /* MPA-021b */
        CHECK_EQ(B->f.h.wire_len, before); /* MPA-021b: no Terminate */
    }
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    iw_mpa_llp_closed(&A->c);
    CHECK_EQ(A->f.closed_up, 1); /* MPA-073a: the peer's FIN told to the ULP */
    CHECK_EQ(A->f.errors, 0);
    {
        size_t used;
        uint8_t x[4] = {0};
        CHECK(iw_mpa_rx_feed(&A->c, x, 4, &used) == IW_ECLOSED);
    }
    /* our own half close: nothing sent after it */
    {
        uint8_t u[20] = {0};
        iw_iov v = {u, 20};
        size_t before;
        iw_mpa_close(&B->c);
        before = B->f.h.wire_len;
        CHECK_EQ(B->f.h.closed, 1);
        CHECK(iw_mpa_tx(&B->c, &v, 1) != IW_OK); /* MPA-073b */
        CHECK_EQ(B->f.h.wire_len, before); /* MPA-073b */
    }
}

static void t_irdord_negotiation(void) /* MPA-033 MPA-034 MPA-035 */
{
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    ci.ird = 4;
    ci.ord = 0x5000; /* above 14 bits: sent as 0x3FFF (MPA-033) */
    ci.ird_max = 4;
    cr.ird = 8;
    cr.ord = 2;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(iw_get_be16(A->wire + 20), 4);
    CHECK_EQ(iw_get_be16(A->wire + 22), 0x3FFF);
    CHECK_EQ(B->f.last_info.peer_ord, 0x3FFF);
    CHECK_EQ(A->f.last_info.ord, 8); /* min(ORD, peer IRD) (MPA-034) */
    CHECK_EQ(A->f.last_info.ird, 4);
    { /* the accessor says what the established upcall said, Private Data aside */
        iw_mpa_info g;
        iw_mpa_get_info(&A->c, &g);
        CHECK(g.ord == 8 && g.ird == 4 && g.enhanced && g.crc == A->f.last_info.crc && !g.pd);
        iw_mpa_get_info(&B->c, &g);
        CHECK(g.peer_ord == 0x3FFF && g.ird == B->f.last_info.ird && g.ord == B->f.last_info.ord);
    }
    CHECK(iw_get_be16(B->wire + 22) <= 4); /* Responder ORD <= Initiator IRD (MPA-035) */
    /* the Responder's accept limits its IRD to 14 bits too: 0x5000 goes out as 0x3FFF, no
     * P2P or RTR bit set by its high bits */
    cfg_pair(&ci, &cr);
    cr.ird = 0x5000;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(iw_get_be16(B->wire + 20), 0x3FFF); /* MPA-033 */
    CHECK_EQ(A->f.last_info.peer_ird, 0x3FFF); /* MPA-033 */
    /* the Responder's ULP asks for ORD 9 against an Initiator IRD of 4 that cannot be raised:
     * the Reply says 4, and the Initiator goes on */
    cfg_pair(&ci, &cr);
    ci.ird = 4;
    ci.ird_max = 4;
    cr.ord = 9;
    CHECK(connect_pair(&ci, &cr, NULL, 0)); /* MPA-035 */
    CHECK_EQ(iw_get_be16(B->wire + 22), 4); /* MPA-035 */
    /* Responder ORD 6 > Initiator IRD 4 with ird_max 4: Terminate (2,0,6) and close */
    cfg_pair(&ci, &cr);
    ci.ird = 4;
    ci.ird_max = 4;
    {
        size_t ma = 0, used;
        uint8_t rep[24];
        REQUIRE(ep_init(A, &ci) == IW_OK);
        iw_mpa_start(&A->c, NULL, 0);
        memcpy(rep, "MPA ID Rep Frame", 16);
        rep[16] = 0x50;
        rep[17] = 2;
        iw_put_be16(rep + 18, 4);
        iw_put_be16(rep + 20, 16);
        iw_put_be16(rep + 22, 6);
        CHECK(iw_mpa_rx_feed(&A->c, rep, 24, &used) == IW_ETERM);
        ma = 24;
        {
            uint8_t want[32];
            unhex("0016 4147 00000000 00000002 00000001 00000000 20060000", want);
            iw_put_le32(want + 24, ref_crc(want, 24));
            CHECK_EQ(A->f.h.wire_len, ma + 28); /* MPA-036b */
            CHECK_MEM(A->wire + ma, want, 28); /* MPA-036b: Terminate (2,0,0x06) */
        }
        CHECK_EQ(A->f.h.closed, 1); /* MPA-036b: and closed */
        CHECK_EQ(iw_mpa_last_error(&A->c)->mpa_ecode, 6); /* MPA-036b */
        /* with room to raise IRD: accepted and raised */
        ci.ird_max = 8;
        REQUIRE(ep_init(A, &ci) == IW_OK);
        iw_mpa_start(&A->c, NULL, 0);
        CHECK(iw_mpa_rx_feed(&A->c, rep, 24, &used) == IW_OK); /* MPA-036a */
        CHECK_EQ(A->f.last_info.ird, 6); /* MPA-036a: IRD raised to the Reply's ORD */
    }
}

/* P2P: the RTR message as the first FPDU, and its rules. */
static void t_p2p_rtr_each_type(void) /* MPA-037 MPA-050 */
{
    static const unsigned types[3] = {IW_MPA_RTR_SEND, IW_MPA_RTR_WRITE, IW_MPA_RTR_READ};
    size_t i;
    for (i = 0; i < 3; i++) {
        iw_mpa_cfg ci, cr;
        uint8_t want[64];
        size_t wl;
        cfg_pair(&ci, &cr);
        ci.p2p = cr.p2p = 1;
        ci.rtr = (uint8_t)types[i];
        ci.ord = 0;
        cr.ird = 0;
        CHECK(connect_pair(&ci, &cr, NULL, 0)); /* on failure the RTR checks below still run */
        /* MPA-037: P2P and exactly the offered bit */
        CHECK(iw_get_be16(A->wire + 20) & 0x8000);
        CHECK_EQ((iw_get_be16(A->wire + 20) & 0x4000) != 0, types[i] == IW_MPA_RTR_SEND);
        CHECK_EQ((iw_get_be16(A->wire + 22) & 0x8000) != 0, types[i] == IW_MPA_RTR_WRITE);
        CHECK_EQ((iw_get_be16(A->wire + 22) & 0x4000) != 0, types[i] == IW_MPA_RTR_READ);
        /* MPA-038a: the same one back */
        CHECK(iw_get_be16(B->wire + 20) & 0x8000);
        CHECK_EQ(A->f.last_info.rtr, types[i]); /* MPA-038a */
        CHECK_EQ(B->f.established, 1);
        /* MPA-050: the RTR FPDU, compared with the digest's reference FPDUs */
        if (types[i] == IW_MPA_RTR_SEND)
            wl = unhex("0012 4143 00000000 00000000 00000001 00000000 587be8c4", want);
        else if (types[i] == IW_MPA_RTR_READ)
            wl = unhex("002e 4141 00000000 00000001 00000001 00000000"
                       "00000000000000000000000000000000000000000000000000000000 f2c6dd3d", want);
        else { /* siw's Write RTR uses STag 1 (../vectors/siw/README.md); CRC recomputed here */
            wl = unhex("000e c140 00000001 0000000000000000", want);
            iw_put_le32(want + 16, ref_crc(want, 16));
            wl = 20;
        }
        CHECK_EQ(A->f.h.wire_len, 24 + wl);
        /* MPA-040a: zero-length Send, untagged, L, QN 0, MSN 1, MO 0 */
        if (types[i] == IW_MPA_RTR_SEND) CHECK_MEM(A->wire + 24, want, wl);
        /* MPA-040b: zero-length RDMA Write, tagged, L */
        if (types[i] == IW_MPA_RTR_WRITE) CHECK_MEM(A->wire + 24, want, wl);
        /* MPA-040c: zero-length Read Request, QN 1, MSN 1, RDMARDSZ 0 */
        if (types[i] == IW_MPA_RTR_READ) CHECK_MEM(A->wire + 24, want, wl);
        /* only the Send RTR reaches the Responder's ULP */
        if (types[i] == IW_MPA_RTR_SEND) CHECK_EQ(B->f.delivered, 1); /* MPA-043a */
        if (types[i] == IW_MPA_RTR_READ) CHECK_EQ(B->f.delivered, 0); /* MPA-043c, MPA-044b */
        if (types[i] == IW_MPA_RTR_WRITE) CHECK_EQ(B->f.delivered, 0); /* MPA-043c, MPA-044b */
        CHECK_EQ(A->f.delivered, 0); /* MPA-044a: the Read RTR's response stays in MPA */
        if (types[i] == IW_MPA_RTR_READ) {
            uint8_t rr[20];
            unhex("000e c142 00000000 0000000000000000", rr);
            iw_put_le32(rr + 16, ref_crc(rr, 16));
            CHECK_EQ(B->f.h.wire_len, 24 + 20); /* MPA-042a */
            CHECK_MEM(B->wire + 24, rr, 20); /* MPA-042a: the zero-length Read Response */
            CHECK(iw_get_be16(A->wire + 22) & 0x3FFF); /* MPA-042b: ORD 0 raised to 1 */
            CHECK(iw_get_be16(B->wire + 20) & 0x3FFF); /* MPA-042c: IRD 0 raised to 1 */
            CHECK(B->f.last_info.ird >= 1); /* MPA-042c */
            CHECK_EQ(iw_mpa_last_error(&A->c)->status, IW_OK); /* MPA-044a */
        } else {
            CHECK_EQ(B->f.h.wire_len, 24);
        }
    }
}

static void t_p2p_choice_order_and_decline(void) /* MPA-045 */
{
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    ci.p2p = cr.p2p = 1;
    ci.rtr = IW_MPA_RTR_SEND | IW_MPA_RTR_READ | IW_MPA_RTR_WRITE;
    CHECK(connect_pair(&ci, &cr, NULL, 0)); /* MPA-038a: one RTR bit back, the Initiator goes on */
    CHECK_EQ(iw_get_be16(B->wire + 20) & 0x4000, 0); /* MPA-038a: Write chosen, no Send bit */
    CHECK_EQ(A->f.last_info.rtr, IW_MPA_RTR_WRITE);
    ci.rtr = IW_MPA_RTR_SEND | IW_MPA_RTR_READ;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(A->f.last_info.rtr, IW_MPA_RTR_READ);
    /* no P2P asked: P2P and RTR bits clear in the Reply */
    cfg_pair(&ci, &cr);
    cr.p2p = 1;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(iw_get_be16(B->wire + 20) & 0xC000, 0); /* MPA-038b */
    CHECK_EQ(iw_get_be16(B->wire + 22) & 0xC000, 0); /* MPA-038b */
}

static void t_p2p_bad_reply_rtr(void) /* MPA-039 */
{
    static const uint16_t words[4][2] = {
        {0x8010, 0x0010}, /* P2P but no RTR bit */
        {0x8010, 0xC010}, /* two RTR bits */
        {0xC010, 0x0010}, /* Send, not offered */
        {0x0010, 0x8010}, /* Write without P2P */
    };
    size_t i;
    for (i = 0; i < 4; i++) {
        iw_mpa_cfg ci;
        uint8_t rep[24], want[28];
        size_t used;
        iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
        ci.p2p = 1;
        ci.rtr = IW_MPA_RTR_WRITE | IW_MPA_RTR_READ;
        REQUIRE(ep_init(A, &ci) == IW_OK);
        iw_mpa_start(&A->c, NULL, 0);
        memcpy(rep, "MPA ID Rep Frame", 16);
        rep[16] = 0x50;
        rep[17] = 2;
        iw_put_be16(rep + 18, 4);
        iw_put_be16(rep + 20, words[i][0]);
        iw_put_be16(rep + 22, words[i][1]);
        CHECK(iw_mpa_rx_feed(&A->c, rep, 24, &used) == IW_ETERM);
        unhex("0016 4147 00000000 00000002 00000001 00000000 20070000", want);
        iw_put_le32(want + 24, ref_crc(want, 24));
        CHECK_EQ(A->f.h.wire_len, 24 + 28);
        CHECK_MEM(A->wire + 24, want, 28);
        CHECK_EQ(A->f.h.closed, 1);
        CHECK_EQ(A->f.established, 0);
    }
}

static void t_p2p_wrong_first_fpdu(void) /* MPA-041 */
{
    iw_mpa_cfg ci, cr;
    size_t ma = 0, used;
    uint8_t fp[28], want[28];
    cfg_pair(&ci, &cr);
    ci.p2p = cr.p2p = 1;
    ci.rtr = IW_MPA_RTR_WRITE;
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    ep_pipe(A, &ma, B);
    /* a zero-length Send where the Write RTR was agreed */
    unhex("0012 4143 00000000 00000000 00000001 00000000 587be8c4", fp);
    CHECK(iw_mpa_rx_feed(&B->c, fp, 24, &used) == IW_ETERM);
    unhex("0016 4147 00000000 00000002 00000001 00000000 20070000", want);
    iw_put_le32(want + 24, ref_crc(want, 24));
    CHECK_EQ(B->f.h.wire_len, 24 + 28);
    CHECK_MEM(B->wire + 24, want, 28);
    CHECK_EQ(B->f.delivered, 0);
    CHECK_EQ(B->f.established, 0);
}

/* ---- FPDUs ---- */

static void t_fpdu_reference_vectors(void) /* MPA-046 MPA-048 MPA-050 MPA-053 */
{
    static const char *refs[4] = {
        "0012 4143 00000000 00000000 00000001 00000000 587be8c4",
        "000e c140 00000000 0000000000000000 a30572ab",
        ("002e 4141 00000000 00000001 00000001 00000000"
         "00000000000000000000000000000000000000000000000000000000 f2c6dd3d"),
        "0016 4147 00000000 00000002 00000001 00000000 00000000 f9a26f1d"};
    size_t i;
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    for (i = 0; i < 4; i++) {
        uint8_t want[64];
        size_t wl = unhex(refs[i], want), before = A->f.h.wire_len;
        iw_iov v = {want + 2, (size_t)iw_get_be16(want)};
        REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
        CHECK_EQ(A->f.h.wire_len - before, wl);
        CHECK_MEM(A->wire + before, want, wl);
        CHECK_EQ((A->f.h.wire_len - before) % 4, 0);
    }
    /* pad octets: every length 14..40 gives pad (-(2+L)) & 3, zero-filled, whole FPDU mod 4 */
    for (i = 14; i <= 40; i++) {
        uint8_t u[40];
        size_t before = A->f.h.wire_len, p = (0u - (2 + i)) & 3u, k;
        iw_iov v = {u, i};
        memset(u, 0xEE, sizeof u);
        REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
        CHECK_EQ(A->f.h.wire_len - before, 2 + i + p + 4); /* MPA-047a */
        for (k = 0; k < p; k++) CHECK_EQ(A->wire[before + 2 + i + k], 0); /* MPA-047b */
        CHECK_EQ(iw_get_le32(A->wire + before + 2 + i + p), ref_crc(A->wire + before, 2 + i + p));
    }
}

static void t_mulpdu(void) /* MPA-057 MPA-058 */
{
    iw_mpa_cfg ci, cr;
    CHECK_EQ(iw_mpa_mulpdu_for(1460, 0), 1454);
    CHECK_EQ(iw_mpa_mulpdu_for(1448, 0), 1442);
    CHECK_EQ(iw_mpa_mulpdu_for(1460, 1), 1442);
    CHECK_EQ(iw_mpa_mulpdu_for(1461, 0), 1454);
    CHECK_EQ(iw_mpa_mulpdu_for(9000, 1), 9000 - (6 + 4 * 18));
    cfg_pair(&ci, &cr);
    cr.markers_rx = 1; /* A must insert markers: its MULPDU counts them */
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(iw_mpa_mulpdu(&A->c), 1442);
    CHECK_EQ(iw_mpa_mulpdu(&B->c), 1454);
    iw_mpa_set_emss(&A->c, 1000);
    CHECK_EQ(iw_mpa_mulpdu(&A->c), 1000 - (6 + 8)); /* MPA-059a */
    /* a ULPDU built for the old, larger MULPDU still goes out whole, in one FPDU */
    {
        static uint8_t u[1442];
        iw_iov v = {u, sizeof u};
        size_t ma = 24;
        memset(u, 9, sizeof u);
        B->f.delivered = 0;
        CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_OK); /* MPA-059b */
        ep_pipe(A, &ma, B);
        CHECK_EQ(B->f.delivered, 1); /* MPA-059b */
        CHECK_EQ(B->f.last_ulpdu_len, 1442); /* MPA-059b */
    }
}

/* Independent marker walker: checks a transmitted marker stream against RFC 5044 §4.1/§5 and
 * returns the FPDUs with markers removed (concatenated), or -1. */
static long walk_markers(const uint8_t *w, size_t n, uint8_t *out, int *bad_ptr)
{
    size_t pos = 0, o = 0;
    *bad_ptr = 0;
    while (pos < n) {
        size_t fstart = pos, lenpos, L, flen, got = 0;
        int lead = 0;
        if (pos % 512 == 0) { /* marker before the FPDU: FPDUPTR 0 */
            if (iw_get_be16(w + pos) != 0 || iw_get_be16(w + pos + 2) != 0) (*bad_ptr)++;
            pos += 4;
            lead = 1;
        }
        lenpos = pos;
        L = iw_get_be16(w + pos);
        flen = 2 + L + ((0u - (2 + L)) & 3u) + 4;
        while (got < flen) {
            if (pos % 512 == 0) {
                if (iw_get_be16(w + pos) != 0 || iw_get_be16(w + pos + 2) != pos - lenpos) (*bad_ptr)++;
                pos += 4;
                continue;
            }
            out[o++] = w[pos++];
            got++;
        }
        /* the CRC covers everything from fstart up to the CRC field, markers included */
        if (ref_crc(w + fstart, pos - 4 - fstart) != iw_get_le32(w + pos - 4)) return -1;
        (void)lead;
    }
    return (long)o;
}

static void t_markers_tx_positions(void) /* MPA-054 MPA-063 MPA-064 MPA-065 MPA-066 MPA-060 */
{
    iw_mpa_cfg ci, cr;
    static uint8_t plain[1 << 16], u[2000];
    size_t i, total = 0;
    unsigned long long seed = 7;
    cfg_pair(&ci, &cr);
    cr.markers_rx = 1;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(A->f.last_info.markers_tx, 1);
    /* the example of mpa.md 8 (checked in tshark): one FPDU of 1152 octets on the wire right
     * after the Request: markers at 0, 512, 1024 with FPDUPTR 0, 508, 1020 */
    {
        iw_iov v = {u, 1134};
        const uint8_t *w = A->wire + 24;
        memset(u, 0x5C, sizeof u);
        REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
        CHECK_EQ(A->f.h.wire_len - 24, 1152);
        CHECK_EQ(iw_get_be32(w), 0); /* MPA-062a: reserved 0, FPDUPTR 0 */
        CHECK_EQ(iw_get_be16(w + 4), 1134);
        CHECK_EQ(iw_get_be32(w + 512), 508); /* MPA-062a */
        CHECK_EQ(iw_get_be32(w + 1024), 1020); /* MPA-062a */
        CHECK_EQ(iw_get_le32(w + 1148), ref_crc(w, 1148)); /* MPA-054 */
    }
    /* many FPDUs of random sizes: every marker at its place, with the right pointer */
    for (i = 0; i < 300; i++) {
        size_t L = 14 + (size_t)(check_rand(&seed) % 1400), k;
        iw_iov v[3];
        for (k = 0; k < L; k++) u[k] = (uint8_t)check_rand(&seed);
        v[0].base = u; v[0].len = L / 3;
        v[1].base = u + L / 3; v[1].len = L / 3;
        v[2].base = u + 2 * (L / 3); v[2].len = L - 2 * (L / 3);
        REQUIRE(iw_mpa_tx(&A->c, v, 3) == IW_OK);
        memcpy(plain + total, u, L);
        total += L;
        if (total > sizeof plain - 2000) break;
    }
    {
        static uint8_t stripped[1 << 20];
        int bad;
        long got = walk_markers(A->wire + 24, A->f.h.wire_len - 24, stripped, &bad);
        CHECK(got > 0);
        CHECK_EQ(bad, 0); /* MPA-062a: reserved 0 and FPDUPTR right in every marker */
        /* MPA-066: ULPDU_Length and pad do not count markers: the stripped stream re-parses */
        {
            size_t pos = 0, pl = 0;
            int ok = 1;
            /* skip the 1134 example */
            pos = 2 + 1134 + 4;
            while (pos < (size_t)got) {
                size_t L = iw_get_be16(stripped + pos);
                if (memcmp(stripped + pos + 2, plain + pl, L) != 0) ok = 0;
                pl += L;
                pos += 2 + L + ((0u - (2 + L)) & 3u) + 4;
            }
            CHECK(ok);
            CHECK_EQ(pl, total);
        }
    }
    /* MPA-060: a ULPDU of MULPDU octets is at most EMSS on the wire, markers included, at
     * every 4-aligned stream position */
    {
        uint32_t emss;
        for (emss = 64; emss <= 9000; emss += 37) {
            uint32_t m = iw_mpa_mulpdu_for(emss, 1), s;
            for (s = 0; s < 512; s += 4) {
                size_t vlen = 2 + m + ((0u - (2 + m)) & 3u) + 4, w = vlen, k2;
                for (;;) {
                    /* markers: multiples of 512 in [s, s + w) */
                    k2 = vlen + 4 * ((s + w + 511) / 512 - (s + 511) / 512);
                    if (k2 == w) break;
                    w = k2;
                }
                if (w > emss) { CHECK(w <= emss); break; }
            }
        }
    }
    /* the Responder's MULPDU counts the markers it inserts (the Initiator asked for them) */
    cfg_pair(&ci, &cr);
    ci.markers_rx = 1;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    CHECK_EQ(B->f.last_info.markers_tx, 1);
    CHECK_EQ(iw_mpa_mulpdu(&B->c), 1442); /* MPA-060: EMSS 1460 with markers */
}

static void t_markers_crc_before_crc_field(void) /* MPA-054 MPA-064 */
{
    /* A marker between PAD and CRC is covered by the CRC (Wireshark computes the CRC over
     * every octet before the CRC field, markers included). FPDU at offset 4 (after the leading
     * marker) with 2 + L + pad = 508: its CRC field starts at 516, after the marker at 512. */
    iw_mpa_cfg ci, cr;
    static uint8_t u[600];
    iw_iov v = {u, 506}; /* 2 + 506 + pad 0 = 508 */
    const uint8_t *w;
    size_t ma;
    cfg_pair(&ci, &cr);
    cr.markers_rx = 1;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    memset(u, 0x21, sizeof u);
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    w = A->wire + 24;
    CHECK_EQ(A->f.h.wire_len - 24, 4 + 508 + 4 + 4);
    CHECK_EQ(iw_get_be32(w + 512), 508);               /* marker, FPDUPTR 512 - 4 */
    CHECK_EQ(iw_get_le32(w + 516), ref_crc(w, 516));   /* covers it */
    ma = 24;
    ep_pipe(A, &ma, B);
    CHECK_EQ(B->f.delivered, 1);
    CHECK_EQ(B->f.errors, 0);
}

static void t_markers_direction_and_seqstart(void) /* MPA-023 MPA-069 MPA-022 MPA-070 */
{
    iw_mpa_cfg ci, cr;
    static uint8_t u[1500], first[4096];
    iw_iov v = {u, 1200};
    size_t flen;
    memset(u, 3, sizeof u);
    /* only Responder->Initiator markers (Request M = 1) */
    cfg_pair(&ci, &cr);
    ci.markers_rx = 1;
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    {
        size_t ma = 0, mb = 0;
        ep_pipe(A, &ma, B);
        ep_pipe(B, &mb, A);
        REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
        /* A sends no markers: Reply M = 0 (MPA-069) */
        CHECK_EQ(A->f.h.wire_len - 24, 2 + 1200 + 2 + 4);
        ep_pipe(A, &ma, B);
        CHECK_EQ(B->f.delivered, 1);
        REQUIRE(iw_mpa_tx(&B->c, &v, 1) == IW_OK);
        /* B's Reply has no marker (MPA-007); its first Full Operation octet is a marker */
        CHECK_EQ(B->f.h.wire_len - 24, 4 + 2 + 1200 + 2 + 4 + 8);
        CHECK_EQ(iw_get_be32(B->wire + 24), 0);
        CHECK_EQ(iw_get_be16(B->wire + 28), 1200);
        ep_pipe(B, &mb, A);
        CHECK_EQ(A->f.delivered, 1);
        CHECK_MEM(A->f.last_ulpdu, u, 1200);
        /* a second FPDU: with the SeqStart below, it starts past 2^32 */
        REQUIRE(iw_mpa_tx(&B->c, &v, 1) == IW_OK);
        ep_pipe(B, &mb, A);
        CHECK_EQ(A->f.delivered, 2);
        flen = B->f.h.wire_len - 24;
        memcpy(first, B->wire + 24, flen);
    }
    /* MPA-070: the same stream with SeqStart near 2^32 is octet-identical */
    cr.tx_seq_start = 0xFFFFFF00u;
    ci.rx_seq_start = 0xFFFFFF00u;
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    {
        size_t ma = 0, mb = 0;
        ep_pipe(A, &ma, B);
        ep_pipe(B, &mb, A);
        REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
        ep_pipe(A, &ma, B);
        REQUIRE(iw_mpa_tx(&B->c, &v, 1) == IW_OK);
        ep_pipe(B, &mb, A);
        REQUIRE(iw_mpa_tx(&B->c, &v, 1) == IW_OK);
        CHECK_EQ(B->f.h.wire_len - 24, flen); /* MPA-070 */
        CHECK_MEM(B->wire + 24, first, flen); /* MPA-070: markers where they were */
        ep_pipe(B, &mb, A);
        CHECK_EQ(A->f.delivered, 2); /* MPA-070 */
        CHECK_EQ(A->f.errors, 0); /* MPA-070 */
    }
}

/* ---- receive: errors ---- */

/* Make a connected Responder B (no P2P, CRC per crc, markers toward B per mk) whose first FPDU
 * has already been taken, so the next octets are FPDUs. */
static void ready_b(int crc, int mk)
{
    iw_mpa_cfg ci, cr;
    uint8_t u[20];
    iw_iov v = {u, 20};
    size_t ma = 0;
    cfg_pair(&ci, &cr);
    ci.crc = cr.crc = (uint8_t)crc;
    cr.markers_rx = (uint8_t)mk;
    cr.rx_max_ulpdu = 4096;
    connect_pair(&ci, &cr, NULL, 0);
    memset(u, 1, sizeof u);
    ma = A->f.h.wire_len;
    iw_mpa_tx(&A->c, &v, 1);
    ep_pipe(A, &ma, B);
    B->f.delivered = 0;
    A->f.h.wire_len = 0;
}

static void t_rx_crc_error(void) /* MPA-056 MPA-074 */
{
    uint8_t fp[64], want[28];
    size_t used, before;
    ready_b(1, 0);
    iw_put_be16(fp, 20);
    memset(fp + 2, 0x42, 20);
    fp[22] = fp[23] = 0;
    iw_put_le32(fp + 24, ref_crc(fp, 24) ^ 1u);
    memcpy(fp + 28, fp, 28);
    iw_put_le32(fp + 52, ref_crc(fp, 24));
    before = B->f.h.wire_len;
    CHECK(iw_mpa_rx_feed(&B->c, fp, 56, &used) == IW_ETERM);
    CHECK_EQ(B->f.delivered, 0); /* MPA-055a: neither the bad FPDU nor the good one after it */
    unhex("0016 4147 00000000 00000002 00000001 00000000 20020000", want);
    iw_put_le32(want + 24, ref_crc(want, 24));
    CHECK_EQ(B->f.h.wire_len - before, 28);
    CHECK_MEM(B->wire + before, want, 28); /* MPA-055c, RDMAP-027d: Layer 2: M = D = R = 0 */
    CHECK_EQ(B->f.h.closed, 1); /* MPA-055c: closed after the Terminate */
    CHECK_EQ(B->f.errors, 1); /* MPA-055b: reported to the ULP, as a CRC error */
    CHECK_EQ(iw_mpa_last_error(&B->c)->mpa_ecode, IW_MPA_ECODE_CRC); /* MPA-055b */
    CHECK(iw_mpa_rx_feed(&B->c, fp + 28, 28, &used) == IW_ETERM); /* sticky (MPA-056) */
    CHECK_EQ(B->f.delivered, 0);
    CHECK_EQ(used, 0);
    CHECK(strcmp(iw_mpa_ecode_str(2), "MPA CRC error") == 0);
    CHECK_EQ(IW_MPA_ECODE_CLOSED, 1);
    CHECK_EQ(IW_MPA_ECODE_MARKER, 3);
    CHECK_EQ(IW_MPA_ECODE_INVALID_FRAME, 4);
    CHECK_EQ(IW_MPA_ECODE_LOCAL, 5);
    CHECK_EQ(IW_MPA_ECODE_IRD, 6);
    CHECK_EQ(IW_MPA_ECODE_RTR, 7);
    CHECK(strcmp(iw_mpa_ecode_str(9), "?") == 0);
}

/* An error in what the peer sends after our half close (iw_mpa_close in Full Operation: FPDUs
 * are still checked until its FIN) ends the connection with no Terminate (MPA-073b: nothing is
 * sent after our close), the error reported once and the host close op called once. Here the
 * close op was already called: CLOSED at once (it once stayed in CLOSING for good); in the
 * next test our last FPDU is still draining: it completes, then the graceful close (a
 * Terminate once followed it). */
static void t_rx_error_after_half_close(void) /* MPA-056 */
{
    uint8_t fp[28];
    size_t used, before;
    iw_put_be16(fp, 20);
    memset(fp + 2, 0x42, 20);
    fp[22] = fp[23] = 0;
    iw_put_le32(fp + 24, ref_crc(fp, 24) ^ 1u); /* a bad CRC */
    /* 1. the close op already called */
    ready_b(1, 0);
    iw_mpa_close(&B->c);
    REQUIRE(B->f.h.closed == 1 && iw_mpa_state(&B->c) == IW_MPA_S_CLOSED);
    before = B->f.h.wire_len;
    CHECK(iw_mpa_rx_feed(&B->c, fp, sizeof fp, &used) == IW_ETERM);
    CHECK_EQ(iw_mpa_state(&B->c), IW_MPA_S_CLOSED);
    CHECK_EQ(B->f.h.wire_len, before); /* MPA-073b */
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(B->f.errors, 1);
    CHECK_EQ(B->f.delivered, 0);
    CHECK_EQ(iw_mpa_last_error(&B->c)->mpa_ecode, IW_MPA_ECODE_CRC);
    CHECK_EQ(iw_mpa_last_error(&B->c)->term_sent, 0);
    CHECK(iw_mpa_rx_feed(&B->c, fp, sizeof fp, &used) == IW_ETERM); /* sticky */
    CHECK_EQ(B->f.errors, 1);
}

static void t_rx_error_after_half_close_draining(void)
{
    uint8_t fp[28], u[100];
    iw_iov v = {u, sizeof u};
    size_t used, before;
    iw_put_be16(fp, 20);
    memset(fp + 2, 0x42, 20);
    fp[22] = fp[23] = 0;
    iw_put_le32(fp + 24, ref_crc(fp, 24) ^ 1u); /* a bad CRC */
    /* 2. our last FPDU half taken when we close, then the bad FPDU arrives */
    ready_b(1, 0);
    memset(u, 7, sizeof u);
    B->f.h.accept_limit = 10;
    B->f.h.accept_per_call = 0;
    B->f.h.eagain_after_partial = 1;
    before = B->f.h.wire_len;
    REQUIRE(iw_mpa_tx(&B->c, &v, 1) == IW_OK && iw_mpa_tx_busy(&B->c));
    B->f.h.accept_limit = 0; /* TCP takes nothing more until the resume below */
    iw_mpa_close(&B->c);
    CHECK(B->f.h.closed == 0 && iw_mpa_state(&B->c) == IW_MPA_S_CLOSING); /* MPA-073b: half closed */
    B->f.h.accept_limit = 0;
    CHECK(iw_mpa_rx_feed(&B->c, fp, sizeof fp, &used) == IW_ETERM);
    CHECK_EQ(B->f.errors, 1);
    CHECK_EQ(B->f.h.closed, 0); /* the FPDU in flight is not cut */
    iw_mpa_tx_resume(&B->c);
    CHECK_EQ(B->f.h.wire_len - before, 2 + 100 + 2 + 4); /* MPA-073b: that FPDU, nothing after */
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(B->f.h.close_abortive, 0);
    CHECK_EQ(iw_mpa_state(&B->c), IW_MPA_S_CLOSED);
    CHECK_EQ(iw_mpa_last_error(&B->c)->term_sent, 0);
}

static void t_rx_bad_length(void)
{
    static const unsigned lens[2] = {13, 4097}; /* rx_max_ulpdu is 4096 */
    size_t i;
    for (i = 0; i < 2; i++) {
        uint8_t fp[8] = {0}, want[28];
        size_t used, before;
        ready_b(1, 0);
        iw_put_be16(fp, (uint16_t)lens[i]);
        before = B->f.h.wire_len;
        /* MPA-071a (13 octets), MPA-071b (4097 octets): refused */
        CHECK(iw_mpa_rx_feed(&B->c, fp, 8, &used) == IW_ETERM);
        CHECK_EQ(B->f.delivered, 0);
        unhex("0016 4147 00000000 00000002 00000001 00000000 10000000", want);
        iw_put_le32(want + 24, ref_crc(want, 24));
        CHECK_EQ(B->f.h.wire_len - before, 28);
        /* MPA-071a, MPA-071b: with the Terminate (1,0,0x00) */
        CHECK_MEM(B->wire + before, want, 28);
        CHECK_EQ(iw_mpa_last_error(&B->c)->term.layer, 1);
    }
}

static void t_rx_marker_mismatch(void) /* MPA-067 */
{
    iw_mpa_cfg ci, cr;
    static uint8_t u[1200], w[2000];
    iw_iov v = {u, 1134};
    size_t n, used, before;
    cfg_pair(&ci, &cr);
    cr.markers_rx = 1;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    memset(u, 0x5C, sizeof u);
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    n = A->f.h.wire_len - 24;
    memcpy(w, A->wire + 24, n);
    /* the good stream is delivered with markers removed */
    CHECK(iw_mpa_rx_feed(&B->c, w, n, &used) == IW_OK);
    CHECK_EQ(B->f.delivered, 1);
    CHECK_MEM(B->f.last_ulpdu, u, 1134);
    /* every marker's reserved 16 bits set (the CRC valid over them): ignored, delivered */
    {
        static uint8_t w2[2000];
        size_t m;
        memcpy(w2, w, n);
        for (m = 0; m < n; m += 512) w2[m] = w2[m + 1] = 0xFF;
        iw_put_le32(w2 + 1148, ref_crc(w2, 1148));
        REQUIRE(connect_pair(&ci, &cr, NULL, 0));
        CHECK(iw_mpa_rx_feed(&B->c, w2, n, &used) == IW_OK); /* MPA-062b */
        CHECK_EQ(B->f.delivered, 1); /* MPA-062b */
        CHECK_MEM(B->f.last_ulpdu, u, 1134); /* MPA-062b */
    }
    /* a small FPDU, whole in one feed (read in place), whose lead marker says FPDUPTR 4 */
    {
        static uint8_t w3[64];
        uint8_t s20[20];
        iw_iov v20 = {s20, 20};
        size_t n3;
        memset(s20, 0x33, sizeof s20);
        REQUIRE(connect_pair(&ci, &cr, NULL, 0));
        REQUIRE(iw_mpa_tx(&A->c, &v20, 1) == IW_OK);
        n3 = A->f.h.wire_len - 24;
        REQUIRE(n3 == 32);
        memcpy(w3, A->wire + 24, n3);
        w3[3] = 4;
        iw_put_le32(w3 + 28, ref_crc(w3, 28));
        CHECK(iw_mpa_rx_feed(&B->c, w3, n3, &used) == IW_ETERM); /* MPA-068a: the lead marker */
        CHECK_EQ(B->f.delivered, 0); /* MPA-068a MPA-068c */
        CHECK_EQ(iw_mpa_last_error(&B->c)->mpa_ecode, IW_MPA_ECODE_MARKER); /* MPA-068c */
    }
    /* a wrong FPDUPTR with a CRC that is valid over it: (2,0,3) */
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    w[512 + 3] = (uint8_t)(w[512 + 3] + 4);
    iw_put_le32(w + 1148, ref_crc(w, 1148));
    before = B->f.h.wire_len;
    CHECK(iw_mpa_rx_feed(&B->c, w, n, &used) == IW_ETERM); /* MPA-068b: a marker inside the FPDU */
    CHECK_EQ(B->f.delivered, 0); /* MPA-068b MPA-068c */
    CHECK_EQ(iw_mpa_last_error(&B->c)->mpa_ecode, IW_MPA_ECODE_MARKER); /* MPA-068c */
    CHECK_EQ(B->f.h.wire_len - before, 28); /* MPA-068c: a Terminate */
    CHECK_EQ(B->wire[before + 20], 0x20); /* MPA-068c: Layer 2, EType 0 */
    CHECK_EQ(B->wire[before + 21], 0x03); /* MPA-068c: code 0x03 */
}

/* PAD octets that are not 0, covered by the CRC as sent: the FPDU is accepted and its ULPDU
 * handed up without them, whole or one octet per call; the CRC still covers them. */
static void t_rx_pad_ignored(void)
{
    uint8_t fp[28];
    size_t used, i;
    int way;
    iw_put_be16(fp, 21);
    memset(fp + 2, 0x42, 21);
    fp[23] = 0xA5; /* PAD: 1 octet, not 0 */
    iw_put_le32(fp + 24, ref_crc(fp, 24));
    for (way = 0; way < 2; way++) {
        ready_b(1, 0);
        if (way == 0) {
            CHECK(iw_mpa_rx_feed(&B->c, fp, 28, &used) == IW_OK); /* MPA-047c */
        } else {
            for (i = 0; i < 28; i++) CHECK(iw_mpa_rx_feed(&B->c, fp + i, 1, &used) == IW_OK); /* MPA-047c */
        }
        CHECK_EQ(B->f.delivered, 1); /* MPA-047c */
        CHECK_EQ(B->f.last_ulpdu_len, 21); /* MPA-047c MPA-049a: the PAD is not part of the ULPDU */
    }
    /* the same octets with a CRC computed over a PAD of 0: refused, the CRC covers the PAD */
    fp[23] = 0;
    iw_put_le32(fp + 24, ref_crc(fp, 24));
    fp[23] = 0xA5;
    ready_b(1, 0);
    CHECK(iw_mpa_rx_feed(&B->c, fp, 28, &used) == IW_ETERM); /* MPA-047c */
    CHECK_EQ(B->f.delivered, 0);
}

static void t_rx_ulp_error_stops(void) /* MPA-056 */
{
    uint8_t fp[84];
    size_t used, i;
    ready_b(1, 0);
    for (i = 0; i < 3; i++) {
        uint8_t *f = fp + 28 * i;
        iw_put_be16(f, 20);
        memset(f + 2, (int)(0x10 + i), 20);
        f[22] = f[23] = 0;
        iw_put_le32(f + 24, ref_crc(f, 24));
    }
    B->f.deliver_status = IW_ETERM;
    CHECK(iw_mpa_rx_feed(&B->c, fp, 84, &used) == IW_ETERM);
    CHECK_EQ(B->f.delivered, 1);
    CHECK_EQ(used, 28);
    CHECK(iw_mpa_rx_feed(&B->c, fp + 28, 56, &used) == IW_ETERM);
    CHECK_EQ(B->f.delivered, 1);
}

/* ---- any chunking, any partial send ---- */

/* Build a Responder-side input stream: Request, then FPDUs (with markers when mk), and run it
 * through a fresh Responder with the given chunk schedule; returns the event log. */
static uint8_t g_stream[1 << 16];
static size_t g_stream_len;

static void build_stream(int crc, int mk, int corrupt)
{
    iw_mpa_cfg ci, cr;
    static uint8_t u[3000];
    size_t i, ma = 0, mb = 0;
    unsigned long long seed = 99;
    cfg_pair(&ci, &cr);
    ci.crc = cr.crc = (uint8_t)crc;
    cr.markers_rx = (uint8_t)mk;
    ep_init(A, &ci);
    ep_init(B, &cr);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, (const uint8_t *)"hello", 5);
    ep_pipe(A, &ma, B);
    ep_pipe(B, &mb, A);
    for (i = 0; i < sizeof u; i++) u[i] = (uint8_t)check_rand(&seed);
    for (i = 0; i < 12; i++) {
        size_t L = 14 + (size_t)(check_rand(&seed) % 700);
        iw_iov v = {u + i * 37, L};
        iw_mpa_tx(&A->c, &v, 1);
    }
    g_stream_len = A->f.h.wire_len;
    memcpy(g_stream, A->wire, g_stream_len);
    if (corrupt) g_stream[g_stream_len - 100] ^= 0x80;
}

static size_t run_chunks(const uint8_t *s, size_t n, const size_t *cuts, size_t ncuts, char *log, int mk)
{
    iw_mpa_cfg cr;
    size_t pos = 0, i;
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    cr.markers_rx = (uint8_t)mk;
    ep_init(B, &cr);
    B->f.accept_in_request = 1;
    iw_mpa_start(&B->c, NULL, 0);
    for (i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : n, used;
        while (pos < end) {
            iw_status st = iw_mpa_rx_feed(&B->c, s + pos, end - pos, &used);
            pos += used;
            if (st != IW_OK || used == 0) break;
        }
        if (iw_mpa_last_error(&B->c)->status != IW_OK) break;
    }
    memcpy(log, B->f.log, B->f.log_len + 1);
    return B->f.log_len;
}

static void t_rx_every_split(void) /* MPA-061 MPA-067 */
{
    static char base[FAKE_LOG_CAP], other[FAKE_LOG_CAP];
    int mk, corrupt;
    for (mk = 0; mk < 2; mk++)
        for (corrupt = 0; corrupt < 2; corrupt++) {
            size_t i, cut[2], bl;
            build_stream(1, mk, corrupt);
            bl = run_chunks(g_stream, g_stream_len, NULL, 0, base, mk);
            CHECK(strstr(base, "deliver") != NULL);
            CHECK_EQ(strstr(base, "error") != NULL, corrupt);
            /* every single split point */
            for (i = 1; i < g_stream_len; i++) {
                cut[0] = i;
                run_chunks(g_stream, g_stream_len, cut, 1, other, mk);
                if (strcmp(base, other) != 0) {
                    CHECK(strcmp(base, other) == 0); /* MPA-049a MPA-049b */
                    fprintf(stderr, "  split at %zu (mk %d corrupt %d)\n", i, mk, corrupt);
                    break;
                }
            }
            /* byte by byte */
            {
                static size_t cuts[1 << 16];
                for (i = 0; i + 1 < g_stream_len; i++) cuts[i] = i + 1;
                run_chunks(g_stream, g_stream_len, cuts, g_stream_len - 1, other, mk);
                CHECK(strcmp(base, other) == 0); /* MPA-049a MPA-049b */
            }
            /* random chunkings */
            {
                unsigned long long seed = 5;
                static size_t cuts[4096];
                int r;
                for (r = 0; r < 50; r++) {
                    size_t nc = 0, p = 0;
                    while (nc < 4096) {
                        p += 1 + (size_t)(check_rand(&seed) % 300);
                        if (p >= g_stream_len) break;
                        cuts[nc++] = p;
                    }
                    run_chunks(g_stream, g_stream_len, cuts, nc, other, mk);
                    CHECK(strcmp(base, other) == 0);
                }
            }
            (void)bl;
        }
}

static void t_tx_partial_every_position(void) /* MPA-061 MPA-064 MPA-046 */
{
    /* The whole transmit of setup + FPDUs with markers, with the host taking k octets at the
     * first send and then 1..7 octets per call: identical octets for every k. */
    static uint8_t ref[1 << 16];
    size_t refn, k;
    int mk;
    for (mk = 0; mk < 2; mk++) {
        iw_mpa_cfg ci, cr;
        static uint8_t u[1300];
        iw_iov v[2];
        size_t ma = 0, mb = 0;
        memset(u, 0xA5, sizeof u);
        for (k = 0; k < sizeof u; k++) u[k] = (uint8_t)(k * 13);
        v[0].base = u; v[0].len = 700;
        v[1].base = u + 700; v[1].len = 600;
        cfg_pair(&ci, &cr);
        cr.markers_rx = (uint8_t)mk;
        REQUIRE(connect_pair(&ci, &cr, NULL, 0));
        REQUIRE(iw_mpa_tx(&A->c, v, 2) == IW_OK);
        refn = A->f.h.wire_len;
        memcpy(ref, A->wire, refn);
        for (k = 0; k <= refn; k++) {
            size_t guard = 0;
            ep_init(A, &ci);
            ep_init(B, &cr);
            B->f.accept_in_request = 1;
            iw_mpa_start(&B->c, NULL, 0);
            A->f.h.accept_limit = k;
            A->f.h.accept_per_call = 1 + k % 7;
            A->f.h.eagain_after_partial = (int)(k & 1);
            iw_mpa_start(&A->c, NULL, 0);
            while (A->f.h.wire_len < 24 && guard++ < 100) iw_mpa_tx_resume(&A->c);
            ma = mb = 0;
            ep_pipe(A, &ma, B);
            ep_pipe(B, &mb, A);
            if (iw_mpa_state(&A->c) != IW_MPA_S_FULL) { CHECK(0); break; }
            while (iw_mpa_tx(&A->c, v, 2) == IW_EAGAIN && guard++ < 10000) iw_mpa_tx_resume(&A->c);
            while (iw_mpa_tx_busy(&A->c) && guard++ < 10000) iw_mpa_tx_resume(&A->c);
            if (A->f.h.wire_len != refn || memcmp(A->wire, ref, refn) != 0) {
                CHECK(0);
                fprintf(stderr, "  partial send at %zu differs (mk %d)\n", k, mk);
                break;
            }
            ep_pipe(A, &ma, B);
            if (B->f.delivered != 1) { CHECK(0); break; }
        }
    }
}

/* Copy-out transmit (tx_room/tx_commit): for every amount of room at the first call and 1..7
 * octets per later call, with and without markers and CRC, the octets written are exactly
 * those the send path gives for the same FPDUs (layout, markers, PAD, CRC), and the peer
 * delivers them. */
static void t_tx_copyout_every_position(void) /* MPA-053 MPA-054 MPA-064 */
{
    static uint8_t ref[1 << 16];
    size_t refn, k;
    int mk, crc;
    for (crc = 0; crc < 2; crc++)
        for (mk = 0; mk < 2; mk++) {
            iw_mpa_cfg ci, cr;
            static uint8_t u[1301];
            iw_iov v[3];
            size_t ma = 0, base;
            for (k = 0; k < sizeof u; k++) u[k] = (uint8_t)(k * 13 + 7);
            v[0].base = u; v[0].len = 14;
            v[1].base = u + 14; v[1].len = 686;
            v[2].base = u + 700; v[2].len = 601; /* PAD 1 */
            cfg_pair(&ci, &cr);
            ci.crc = cr.crc = (uint8_t)crc;
            cr.markers_rx = (uint8_t)mk;
            fake_copyout = 0;
            REQUIRE(connect_pair(&ci, &cr, NULL, 0));
            base = A->f.h.wire_len;
            REQUIRE(iw_mpa_tx(&A->c, v, 3) == IW_OK);
            REQUIRE(iw_mpa_tx(&A->c, v, 2) == IW_OK);
            refn = A->f.h.wire_len;
            memcpy(ref, A->wire, refn);
            for (k = 0; k <= refn - base; k++) {
                size_t guard = 0;
                fake_copyout = 1;
                REQUIRE(connect_pair(&ci, &cr, NULL, 0));
                fake_copyout = 0;
                REQUIRE(A->f.h.wire_len == base);
                ma = base;
                A->f.h.accept_limit = k;
                A->f.h.accept_per_call = 1 + k % 7;
                while (iw_mpa_tx(&A->c, v, 3) == IW_EAGAIN && guard++ < 10000) iw_mpa_tx_resume(&A->c);
                while (iw_mpa_tx_busy(&A->c) && guard++ < 10000) iw_mpa_tx_resume(&A->c);
                while (iw_mpa_tx(&A->c, v, 2) == IW_EAGAIN && guard++ < 10000) iw_mpa_tx_resume(&A->c);
                while (iw_mpa_tx_busy(&A->c) && guard++ < 10000) iw_mpa_tx_resume(&A->c);
                if (A->f.h.wire_len != refn || memcmp(A->wire, ref, refn) != 0) {
                    CHECK(0);
                    fprintf(stderr, "  copy-out with room %zu differs (crc %d mk %d)\n", k, crc, mk);
                    break;
                }
                ep_pipe(A, &ma, B);
                if (B->f.delivered != 2 || B->f.errors != 0 || B->f.last_ulpdu_len != 700) {
                    CHECK(0);
                    break;
                }
            }
        }
}

/* Copy-out: the CRC covers exactly the octets written; a source changed between a full buffer
 * and the resume gives a valid FPDU (first part old, the rest new); a failing tx_commit ends
 * the connection abortively with IW_EHOST; tx_room without tx_commit is refused. */
static void t_tx_copyout_source_and_failure(void) /* MPA-053 */
{
    iw_mpa_cfg ci, cr;
    static uint8_t u[1000];
    iw_iov v = {u, sizeof u};
    size_t ma, i;
    iw_mpa_host_ops ops = fake_host_ops;
    uint8_t buf[64];
    cfg_pair(&ci, &cr);
    fake_copyout = 1;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    fake_copyout = 0;
    ma = A->f.h.wire_len;
    memset(u, 1, sizeof u);
    A->f.h.accept_limit = 300;
    A->f.h.accept_per_call = 0;
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    CHECK(iw_mpa_tx_busy(&A->c));
    memset(u, 2, sizeof u);
    A->f.h.accept_limit = (size_t)-1;
    iw_mpa_tx_resume(&A->c);
    CHECK(!iw_mpa_tx_busy(&A->c));
    ep_pipe(A, &ma, B);
    CHECK_EQ(B->f.errors, 0);
    REQUIRE(B->f.last_ulpdu_len == sizeof u);
    for (i = 0; i < sizeof u; i++)
        if (B->f.last_ulpdu[i] != (i < 298 ? 1 : 2)) break; /* 300 less the length field */
    CHECK_EQ(i, sizeof u);
    /* a failing commit */
    A->f.h.fail_at_call = A->f.h.send_calls + 1;
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_EHOST);
    CHECK_EQ(A->f.h.close_abortive, 1);
    /* both or neither */
    ops.tx_room = hf_tx_room;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    CHECK(iw_mpa_init(&A->c, &ci, &ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_EINVAL);
    ops.tx_commit = hf_tx_commit;
    CHECK(iw_mpa_init(&A->c, &ci, &ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_OK);
}

static void t_tx_busy_and_tx_done(void)
{
    iw_mpa_cfg ci, cr;
    uint8_t u[100];
    iw_iov v = {u, 100};
    cfg_pair(&ci, &cr);
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    memset(u, 1, sizeof u);
    A->f.h.accept_limit = 10;
    A->f.h.accept_per_call = 0;
    A->f.h.eagain_after_partial = 1;
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    CHECK(iw_mpa_tx_busy(&A->c));
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_EAGAIN);
    CHECK_EQ(A->f.tx_dones, 0);
    iw_mpa_tx_resume(&A->c);
    CHECK(!iw_mpa_tx_busy(&A->c));
    CHECK_EQ(A->f.tx_dones, 1);
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    CHECK_EQ(A->f.tx_dones, 1); /* completed at once: no upcall */
}

/* A kernel set the host selected once (iw_mpa_cfg.kernels) is the one the connection uses:
 * every kernel of the set below counts its calls before running the selected one. */
static unsigned long kcalls;
static iw_crc32c_kernels ksel;
static uint32_t k_crc(uint32_t crc, const void *p, size_t n)
{
    kcalls++;
    return ksel.crc(crc, p, n);
}
static uint32_t k_copy(uint32_t crc, void *d, const void *p, size_t n)
{
    kcalls++;
    return ksel.copy_crc(crc, d, p, n);
}
static uint32_t k_copy2(uint32_t crc, const void *pre, size_t np, void *d, const void *p, size_t n)
{
    kcalls++;
    return ksel.copy2_crc(crc, pre, np, d, p, n);
}
static void k_move(void *d, const void *p, size_t n)
{
    kcalls++;
    ksel.move(d, p, n);
}
static void t_host_kernels(void)
{
    iw_mpa_cfg ci, cr;
    iw_crc32c_kernels ks;
    uint8_t u[100];
    iw_iov v = {u, 100};
    size_t m = 0, i;
    iw_crc32c_kernels_select(&ksel);
    ks = ksel;
    ks.crc = k_crc;
    ks.copy_crc = k_copy;
    ks.copy2_crc = k_copy2;
    ks.move = k_move;
    cfg_pair(&ci, &cr);
    ci.kernels = cr.kernels = &ks;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    memset(&ks, 0, sizeof ks); /* copied at init: need not outlive it */
    for (i = 0; i < sizeof u; i++) u[i] = (uint8_t)(i * 7u);
    kcalls = 0;
    m = A->f.h.wire_len; /* after the setup frames */
    REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
    CHECK(kcalls > 0); /* A's CRC with the host's set */
    kcalls = 0;
    B->f.delivered = 0;
    ep_pipe(A, &m, B);
    CHECK(kcalls > 0); /* B's check (and copy) with it */
    CHECK_EQ(B->f.delivered, 1);
    CHECK_EQ(B->f.last_ulpdu_len, sizeof u);
    CHECK_MEM(B->f.last_ulpdu, u, sizeof u);
}

/* MPA-054 on the sending side: the CRC covers the octets TCP took. A source changed between a
 * partial accept and the resume (a buffer the peer writes into, say) still gives a valid FPDU,
 * with the octets taken first as they were and the rest as they are at resume; with and
 * without markers. */
static void t_crc_covers_what_tcp_took(void)
{
    int mk;
    for (mk = 0; mk < 2; mk++) {
        iw_mpa_cfg ci, cr;
        static uint8_t u[1000];
        iw_iov v = {u, sizeof u};
        size_t ma, i, ones = 0;
        int before;
        cfg_pair(&ci, &cr);
        cr.markers_rx = (uint8_t)mk;
        REQUIRE(connect_pair(&ci, &cr, NULL, 0));
        ma = A->f.h.wire_len;
        before = B->f.delivered;
        memset(u, 1, sizeof u);
        A->f.h.accept_limit = 300;
        A->f.h.accept_per_call = 0;
        A->f.h.eagain_after_partial = 1;
        REQUIRE(iw_mpa_tx(&A->c, &v, 1) == IW_OK);
        CHECK(iw_mpa_tx_busy(&A->c));
        memset(u, 2, sizeof u); /* after TCP took 300 octets */
        iw_mpa_tx_resume(&A->c);
        CHECK(!iw_mpa_tx_busy(&A->c));
        ep_pipe(A, &ma, B);
        CHECK_EQ(B->f.errors, 0);
        REQUIRE(B->f.delivered == before + 1 && B->f.last_ulpdu_len == sizeof u);
        while (ones < sizeof u && B->f.last_ulpdu[ones] == 1) ones++;
        for (i = ones; i < sizeof u; i++) CHECK_EQ(B->f.last_ulpdu[i], 2);
        CHECK(ones >= 300 - 2 - 4 * 2 && ones <= 298); /* less the length field and markers */
    }
}

static void t_host_failure(void)
{
    iw_mpa_cfg ci, cr;
    uint8_t u[100];
    iw_iov v = {u, 100};
    cfg_pair(&ci, &cr);
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    A->f.h.fail_at_call = A->f.h.send_calls + 1;
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_EHOST);
    CHECK_EQ(A->f.h.close_abortive, 1);
    CHECK(iw_mpa_tx(&A->c, &v, 1) == IW_EHOST);
    CHECK(strcmp(iw_status_str(IW_EHOST), "?") != 0);
    CHECK(strcmp(iw_status_str((iw_status)-99), "?") == 0);
}

/* Fuzzer finds (fuzz/corpus/mpa_setup/regress-*): a failed host send always ends the
 * connection abortively, once, whatever error came first; rx_feed returns the sticky status. */
static void t_host_failure_after_error(void)
{
    iw_mpa_cfg ci, cr;
    uint8_t fp[2] = {0, 0}; /* ULPDU_Length 0: Terminate (MPA-071a) */
    size_t used, ma = 0;
    /* 1. the Reject Reply (MPA-028a) cannot be sent: IW_EHOST, not IW_EREJECTED */
    cfg_pair(&ci, &cr);
    ci.markers_rx = 1;
    cr.markers_tx = 0;
    REQUIRE(ep_init(A, &ci) == IW_OK && ep_init(B, &cr) == IW_OK);
    iw_mpa_start(&B->c, NULL, 0);
    iw_mpa_start(&A->c, NULL, 0);
    B->f.h.fail_at_call = 1;
    CHECK(iw_mpa_rx_feed(&B->c, A->wire, A->f.h.wire_len, &used) == IW_EHOST);
    CHECK(iw_mpa_last_error(&B->c)->status == IW_EHOST);
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(B->f.h.close_abortive, 1);
    /* 2. a Terminate half sent, then the host fails: abortive close, once */
    cfg_pair(&ci, &cr);
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    ma = B->f.h.wire_len;
    B->f.h.accept_limit = 10;
    B->f.h.accept_per_call = 0;
    B->f.h.eagain_after_partial = 1;
    CHECK(iw_mpa_rx_feed(&B->c, fp, 2, &used) == IW_ETERM);
    CHECK_EQ(B->f.h.wire_len - ma, 10);
    CHECK_EQ(B->f.h.closed, 0);
    B->f.h.fail_at_call = B->f.h.send_calls + 1;
    CHECK(iw_mpa_tx_resume(&B->c) == IW_ETERM); /* the first error stays */
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(B->f.h.close_abortive, 1);
    CHECK(iw_mpa_tx_resume(&B->c) == IW_ETERM);
    CHECK_EQ(B->f.h.closed, 1);
    CHECK_EQ(iw_mpa_state(&B->c), IW_MPA_S_CLOSED);
}

/* Offset of the last marker inside an FPDU of ulen octets that starts at relative stream
 * position s, minus the marker ahead of its ULPDU_Length if any: the largest FPDUPTR it needs
 * (RFC 5044 §5), walked octet by octet. */
static long brute_max_fpduptr(size_t s, size_t ulen)
{
    size_t left = 2u + ulen + ((4u - ((2u + ulen) & 3u)) & 3u) + 4u, o = 0; /* MPA-048 pad */
    long last = -1, lead = (s & 511u) == 0 ? 4 : 0;
    while (left) {
        if (((s + o) & 511u) == 0) {
            last = (long)o;
            o += 4;
        } else {
            o++;
            left--;
        }
    }
    return last < 0 ? 0 : (last - lead < 0 ? 0 : last - lead);
}

/* FPDUPTR is 16 bits (RFC 5044 §5): with markers, a ULPDU whose FPDU would put a marker more
 * than 0xFFFF octets after its ULPDU_Length is refused; the longest that fits is sent and the
 * peer accepts it (MPA-065). */
static void t_markers_fpduptr_limit(void)
{
    static uint8_t big[65535];
    iw_mpa_cfg ci, cr;
    iw_iov v = {big, 0};
    size_t ma, used, s, L, lo = 0;
    uint8_t u1[30] = {0};
    iw_iov v1 = {u1, 30};
    cfg_pair(&ci, &cr);
    cr.markers_rx = 1;
    cr.rx_max_ulpdu = 65535;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    ma = A->f.h.wire_len;
    REQUIRE(iw_mpa_tx(&A->c, &v1, 1) == IW_OK); /* move off a marker boundary */
    REQUIRE(ep_pipe(A, &ma, B) == IW_OK);
    memset(big, 0x5a, sizeof big);
    s = (size_t)(A->c.tx_pos - ci.tx_seq_start) & 511u;
    CHECK(s != 0);
    for (L = 65535; L > 60000; L--) {
        v.len = L;
        if (iw_mpa_tx(&A->c, &v, 1) == IW_OK) {
            lo = L;
            break;
        }
    }
    REQUIRE(lo != 0 && lo < 65535);
    CHECK(brute_max_fpduptr(s, lo) <= 0xFFFF);    /* accepted: expressible */
    CHECK(brute_max_fpduptr(s, lo + 1) > 0xFFFF); /* the next one up was refused: it is not */
    REQUIRE(iw_mpa_rx_feed(&B->c, A->wire + ma, A->f.h.wire_len - ma, &used) == IW_OK);
    CHECK_EQ(B->f.last_ulpdu_len, lo);
    CHECK_EQ(B->f.errors, 0);
}

static void t_init_checks(void)
{
    iw_mpa_cfg cfg;
    iw_mpa_host_ops ops = fake_host_ops;
    uint8_t buf[64];
    iw_mpa_cfg_default(&cfg, IW_MPA_INITIATOR);
    CHECK(iw_mpa_init(&A->c, &cfg, &fake_host_ops, &A->f, &fake_ulp_ops, &A->f, buf, 13) == IW_EINVAL);
    ops.send = NULL;
    CHECK(iw_mpa_init(&A->c, &cfg, &ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_EINVAL);
    cfg.rev = 3;
    CHECK(iw_mpa_init(&A->c, &cfg, &fake_host_ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_EINVAL);
    cfg.rev = 1;
    cfg.p2p = 1;
    CHECK(iw_mpa_init(&A->c, &cfg, &fake_host_ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_EINVAL);
    cfg.rev = 2;
    cfg.rtr = 0; /* P2P with no RTR type to offer */
    CHECK(iw_mpa_init(&A->c, &cfg, &fake_host_ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_EINVAL); /* MPA-037 */
    cfg.rtr = IW_MPA_RTR_SEND;
    CHECK(iw_mpa_init(&A->c, &cfg, &fake_host_ops, &A->f, &fake_ulp_ops, &A->f, buf, 64) == IW_OK);
}

/* The IRD/ORD words of a P2P Request and Reply carry the P2P and RTR bits beside the 14-bit
 * values: each side's ULP sees only the values, bounded by 0x3FFF. */
static void t_p2p_irdord_bounded(void)
{
    iw_mpa_cfg ci, cr;
    cfg_pair(&ci, &cr);
    ci.p2p = cr.p2p = 1;
    ci.rtr = IW_MPA_RTR_SEND | IW_MPA_RTR_WRITE | IW_MPA_RTR_READ; /* every RTR bit set */
    ci.ird = 5;
    ci.ord = 3;
    cr.ird = 6;
    cr.ord = 4;
    cr.rtr = IW_MPA_RTR_WRITE;
    REQUIRE(connect_pair(&ci, &cr, NULL, 0));
    REQUIRE((iw_get_be16(A->wire + 20) & 0xC000) == 0xC000 &&
            (iw_get_be16(A->wire + 22) & 0xC000) == 0xC000);
    CHECK_EQ(B->f.last_info.peer_ird, 5); /* SEC-017b: Responder, P2P and Send-RTR bits not in IRD */
    CHECK_EQ(B->f.last_info.peer_ord, 3); /* SEC-017b: Write- and Read-RTR bits not in ORD */
    CHECK_EQ(A->f.last_info.peer_ird, 6); /* SEC-017b: Initiator, P2P bit not in the Reply's IRD */
    CHECK_EQ(A->f.last_info.peer_ord, 4); /* SEC-017b: Write-RTR bit not in the Reply's ORD */
    CHECK(B->f.last_info.ird <= IW_MPA_IRDORD_MAX && A->f.last_info.ird <= IW_MPA_IRDORD_MAX &&
          A->f.last_info.ord <= IW_MPA_IRDORD_MAX); /* SEC-017b */
}

/* ---- modes: every vector with the mode forced off and automatic (folded from the old
 * test_fastpath_md.c) ---- */

static endpoint MA, MB;
static char md_log[1u << 16]; /* statuses of iw_mpa_tx / iw_mpa_tx_resume / feeds, one a line */
static size_t md_log_len;
static void md_logf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void md_logf(const char *fmt, ...)
{
    va_list ap;
    int n;
    if (md_log_len >= sizeof md_log - 1) return;
    va_start(ap, fmt);
    n = vsnprintf(md_log + md_log_len, sizeof md_log - md_log_len, fmt, ap);
    va_end(ap);
    if (n > 0) md_log_len += (size_t)n;
    if (md_log_len > sizeof md_log - 1) md_log_len = sizeof md_log - 1;
}
static void md_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    (void)ctx, (void)dir, (void)iov, (void)n, (void)last; /* present: a mode of its own */
}
/* host ops by sink: 0 copy-out, 1 copy-out with a trace op, 2 gather (send), 3 gather, trace */
static const iw_mpa_host_ops md_ops[4] = {
    {.send = hf_send, .timer_arm = hf_timer_arm, .timer_cancel = hf_timer_cancel, .close = fake_close,
     .tx_room = hf_tx_room, .tx_commit = hf_tx_commit},
    {.send = hf_send, .timer_arm = hf_timer_arm, .timer_cancel = hf_timer_cancel, .close = fake_close,
     .trace = md_trace, .tx_room = hf_tx_room, .tx_commit = hf_tx_commit},
    {.send = hf_send, .timer_arm = hf_timer_arm, .timer_cancel = hf_timer_cancel, .close = fake_close},
    {.send = hf_send, .timer_arm = hf_timer_arm, .timer_cancel = hf_timer_cancel, .close = fake_close,
     .trace = md_trace}};

static int md_connect(const iw_mpa_host_ops *a_ops, const iw_mpa_host_ops *b_ops)
{
    size_t ma = 0, mb = 0;
    iw_mpa_cfg ci, cr;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    cr.rx_max_ulpdu = 4096; /* longer ULPDUs are refused */
    if (ep_init(&MA, &ci) != IW_OK || ep_init(&MB, &cr) != IW_OK) return 0;
    MA.c.ops = a_ops; /* the mode is the connection's: set before it is computed (Full Operation) */
    MB.c.ops = b_ops;
    MB.f.accept_in_request = 1;
    if (iw_mpa_start(&MB.c, NULL, 0) != IW_OK || iw_mpa_start(&MA.c, NULL, 0) != IW_OK) return 0;
    ep_pipe(&MA, &ma, &MB);
    ep_pipe(&MB, &mb, &MA);
    return iw_mpa_state(&MA.c) == IW_MPA_S_FULL;
}

/* The ULPDUs: pieces of every length the writer treats apart (0, 1..16 inline, longer), PAD
 * 0..3, one ULPDU of the largest size. */
#define MD_NMSG 10
static const size_t md_len[MD_NMSG][4] = {
    {14, 64, 0, 0}, {14, 65, 0, 0}, {14, 66, 0, 0}, {14, 67, 0, 0}, {2, 0, 8, 9},
    {1, 7, 16, 17}, {3, 5, 11, 13}, {28, 1000, 7, 0}, {14, 4096, 0, 0}, {18, 65000, 500, 17}};
static uint8_t md_src[70000];

/* Send the ULPDUs from A with the room (or send) schedule (lim, per) and call number fail
 * failing (0: none); log each status. */
static void md_tx_run(size_t lim, size_t per, unsigned fail)
{
    size_t m, guard = 0;
    md_log_len = 0;
    MA.f.h.accept_limit = lim;
    MA.f.h.accept_per_call = per;
    MA.f.h.send_calls = 0;
    MA.f.h.fail_at_call = (int)fail;
    for (m = 0; m < MD_NMSG; m++) {
        iw_iov v[4];
        size_t i, off = 0;
        iw_status st;
        for (i = 0; i < 4; i++) {
            v[i].base = md_len[m][i] ? md_src + off : NULL;
            v[i].len = md_len[m][i];
            off += md_len[m][i];
        }
        do {
            st = iw_mpa_tx(&MA.c, v, 4);
            md_logf("tx %d\n", (int)st);
            if (st == IW_EAGAIN) md_logf("resume %d\n", (int)iw_mpa_tx_resume(&MA.c));
        } while (st == IW_EAGAIN && guard++ < 100000);
        while (iw_mpa_tx_busy(&MA.c) && guard++ < 100000) (void)iw_mpa_tx_resume(&MA.c);
    }
}

/* The wire of the ULPDUs built here from RFC 5044 §4 (ULPDU_Length, ULPDU, PAD of zeros,
 * CRC32c of all that, least significant octet first). */
static size_t md_ref_wire(uint8_t *out)
{
    size_t m, n = 0;
    for (m = 0; m < MD_NMSG; m++) {
        size_t i, u = 0, s = n, pad;
        uint32_t c;
        for (i = 0; i < 4; i++) u += md_len[m][i];
        out[n++] = (uint8_t)(u >> 8);
        out[n++] = (uint8_t)u;
        memcpy(out + n, md_src, u);
        n += u;
        pad = (0u - (u + 2u)) & 3u;
        memset(out + n, 0, pad);
        n += pad;
        c = check_crc32c_ref(0, out + s, n - s);
        out[n++] = (uint8_t)c;
        out[n++] = (uint8_t)(c >> 8);
        out[n++] = (uint8_t)(c >> 16);
        out[n++] = (uint8_t)(c >> 24);
    }
    return n;
}

typedef struct md_tx_out {
    uint8_t wire[80000];
    size_t wire_len;
    char log[sizeof md_log];
    iw_mpa_stats stats;
    uint32_t tx_pos;
    int err, closed, abortive, state;
} md_tx_out;
static md_tx_out md_tx_o[4];

/* The writer's two sinks (copy-out, gather), each with and without a trace op, for every room
 * schedule: the same octets, statuses, counters; and RFC 5044 §4 octet for octet. */
static void t_tx_sinks(void) /* MPA-046 MPA-053 */
{
    static uint8_t ref[80000];
    /* rooms: all; none at first, then all; one octet short of the first FPDU; 5-octet runs;
     * 100-octet runs; the first FPDU exactly, then 0; host calls failing (1st, 2nd, 9th, 10th) */
    static const struct { size_t lim, per; unsigned fail; } sch[] = {
        {(size_t)-1, 0, 0}, {0, 0, 0}, {83, 0, 0}, {5, 5, 0}, {100, 100, 0}, {84, 0, 0},
        {(size_t)-1, 0, 1}, {(size_t)-1, 0, 2}, {(size_t)-1, 0, 9}, {(size_t)-1, 0, 10}, {83, 0, 1}};
    size_t k, refn = 0, q;
    int way;
    for (k = 0; k < sizeof md_src; k++) md_src[k] = (uint8_t)(k * 31 + 7);
    refn = md_ref_wire(ref);
    for (q = 0; q < sizeof sch / sizeof sch[0]; q++) {
        for (way = 0; way < 4; way++) {
            md_tx_out *o = &md_tx_o[way];
            size_t base;
            REQUIRE(md_connect(&md_ops[way], &fake_host_ops));
            base = MA.f.h.wire_len;
            md_tx_run(sch[q].lim, sch[q].per, sch[q].fail);
            o->wire_len = MA.f.h.wire_len - base;
            REQUIRE(o->wire_len <= sizeof o->wire);
            memcpy(o->wire, MA.wire + base, o->wire_len);
            memcpy(o->log, md_log, md_log_len + 1);
            o->stats = *iw_mpa_get_stats(&MA.c);
            o->tx_pos = MA.c.tx_pos;
            o->err = (int)iw_mpa_last_error(&MA.c)->status;
            o->closed = MA.f.h.closed;
            o->abortive = MA.f.h.close_abortive;
            o->state = (int)iw_mpa_state(&MA.c);
        }
        for (way = 1; way < 4; way++) {
            md_tx_out *a = &md_tx_o[way & 2], *b = &md_tx_o[way];
            int same;
            if (way == 2) { /* gather against copy-out: the host calls differ, so compare
                             * the octets and the end only when none failed */
                if (sch[q].fail) continue;
                a = &md_tx_o[0];
                same = a->wire_len == b->wire_len && memcmp(a->wire, b->wire, a->wire_len) == 0 &&
                       memcmp(&a->stats, &b->stats, sizeof a->stats) == 0 && a->tx_pos == b->tx_pos &&
                       a->err == b->err && a->state == b->state;
            } else { /* a trace op changes nothing else */
                same = a->wire_len == b->wire_len && memcmp(a->wire, b->wire, a->wire_len) == 0 &&
                       strcmp(a->log, b->log) == 0 &&
                       memcmp(&a->stats, &b->stats, sizeof a->stats) == 0 &&
                       a->tx_pos == b->tx_pos && a->err == b->err && a->closed == b->closed &&
                       a->abortive == b->abortive && a->state == b->state;
            }
            CHECK(same);
            if (!same) fprintf(stderr, "  schedule %zu way %d differs\n", q, way);
        }
        if (!sch[q].fail) { /* all went out: RFC 5044 §4 octet for octet */
            for (way = 0; way < 4; way += 2) {
                CHECK_EQ(md_tx_o[way].wire_len, refn);
                CHECK_MEM(md_tx_o[way].wire, ref, refn);
                CHECK_EQ(md_tx_o[way].stats.tx_fpdus, MD_NMSG);
                CHECK_EQ(md_tx_o[way].err, IW_OK);
            }
        } else { /* a failed host call ends the connection abortively (IW_EHOST) */
            for (way = 0; way < 4; way++) {
                CHECK_EQ(md_tx_o[way].err, IW_EHOST);
                CHECK(md_tx_o[way].closed && md_tx_o[way].abortive);
            }
        }
    }
}

/* A placing ULP: md_fused 1 takes every ULPDU (its payload placed by MPA into md_buf, one piece
 * after a header of md_hl octets copied here), 0 declines every one until MPA checked it;
 * either way the ULPDU is handed to fake_deliver once it is good (commit(1), or the verified
 * begin), so the fake's log must be the same in both modes. */
static int md_fused, md_begin_n, md_begin_fail, md_commit_fail, md_commit_close, md_pend;
static uint8_t md_buf[65536];
static size_t md_blen, md_hl;
static iw_mpa_piece md_piece;
static iw_mpa_rx_dst md_dst;
static iw_status md_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                          iw_mpa_rx_dst **dst)
{
    fake *f = (fake *)u;
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED) && !md_fused) return IW_EAGAIN;
    if (++md_begin_n == md_begin_fail) return IW_ETERM;
    if (flags & IW_MPA_RX_VERIFIED) return fake_deliver(f, p, len);
    md_hl = IW_MIN(have, md_hl);
    memcpy(md_buf, p, md_hl);
    md_blen = len;
    md_piece.base = md_buf + md_hl;
    md_piece.len = len - md_hl;
    md_dst.piece = &md_piece;
    md_dst.n = 1;
    md_dst.hdr_len = md_hl;
    md_pend = 1;
    *dst = &md_dst;
    return IW_OK;
}
static iw_status md_commit(void *u, int ok)
{
    fake *f = (fake *)u;
    iw_status st = IW_OK;
    if (md_pend && ok) st = fake_deliver(f, md_buf, md_blen);
    md_pend = 0;
    if (ok && md_begin_n == md_commit_close) iw_mpa_close(f->c); /* our half close, inside */
    return st == IW_OK && ok && md_begin_n == md_commit_fail ? IW_ETERM : st;
}
static const iw_mpa_ulp_ops md_ulp = {.request = fake_request,
                                      .established = fake_established,
                                      .rejected = fake_rejected,
                                      .begin = md_begin,
                                      .commit = md_commit,
                                      .error = fake_error,
                                      .closed = fake_closed_up,
                                      .tx_done = fake_tx_done};

#define MD_RX_N 12
static uint8_t md_rx_wire[MD_RX_N * 1100];

/* FPDUs of ULPDU lengths 14.. with every PAD, built from RFC 5044 §4; FPDU bad (1-based, 0:
 * none) broken by how: 1 its CRC, 2 ULPDU_Length 13 (below 14), 3 ULPDU_Length 65535 (above the
 * Responder's 4096). The first FPDU is the Initiator's first (the Responder is still in
 * AWAIT_FIRST). */
static size_t md_rx_build(int bad, int how)
{
    size_t m, n = 0;
    for (m = 0; m < MD_RX_N; m++) {
        size_t u = 14 + m * 83 % 1000, s = n, pad = (0u - (u + 2u)) & 3u, i;
        uint32_t c;
        md_rx_wire[n++] = (uint8_t)(u >> 8);
        md_rx_wire[n++] = (uint8_t)u;
        for (i = 0; i < u; i++) md_rx_wire[n++] = (uint8_t)(m * 7 + i * 13);
        memset(md_rx_wire + n, 0, pad);
        n += pad;
        c = check_crc32c_ref(0, md_rx_wire + s, n - s);
        if ((int)m + 1 == bad && how == 1) c ^= 0x100u;
        if ((int)m + 1 == bad && how == 2) md_rx_wire[s + 1] = 13, md_rx_wire[s] = 0;
        if ((int)m + 1 == bad && how == 3) md_rx_wire[s] = md_rx_wire[s + 1] = 0xFF;
        md_rx_wire[n++] = (uint8_t)c;
        md_rx_wire[n++] = (uint8_t)(c >> 8);
        md_rx_wire[n++] = (uint8_t)(c >> 16);
        md_rx_wire[n++] = (uint8_t)(c >> 24);
    }
    return n;
}

typedef struct md_rx_out {
    char flog[FAKE_LOG_CAP], log[1u << 18];
    uint8_t wire[256];
    size_t wire_len, log_len;
    iw_mpa_stats stats;
    uint32_t rx_pos, last_len;
    int err, state, delivered;
} md_rx_out;
static md_rx_out md_rx_o[4];

/* Placement (fused: the ULP takes every FPDU) and verify-then-place (it declines until MPA
 * checked it), each with and without a trace op, header lengths 0, 14 and 18, every chunking:
 * the same deliveries (octets), Terminates, statuses and counters. */
static void t_rx_modes(void)
{
    static const size_t chunks[] = {0, 1, 7, 64, 100, 1000, 3000};
    static const size_t hls[] = {0, 14, 18};
    static const struct { int bad, how, begin_fail, commit_fail, commit_close; } cases[] = {
        {0, 0, 0, 0, 0}, {4, 1, 0, 0, 0}, {4, 2, 0, 0, 0}, {4, 3, 0, 0, 0}, {1, 1, 0, 0, 0},
        {0, 0, 3, 0, 0}, {0, 0, 0, 3, 0}, {0, 0, 0, 0, 3}, {7, 1, 0, 0, 3}};
    size_t q, ch, h;
    int way;
    for (q = 0; q < sizeof cases / sizeof cases[0]; q++)
        for (ch = 0; ch < sizeof chunks / sizeof chunks[0]; ch++)
            for (h = 0; h < sizeof hls / sizeof hls[0]; h++) {
            size_t total = md_rx_build(cases[q].bad, cases[q].how);
            for (way = 0; way < 4; way++) { /* bit 0: trace op; bit 1: verify-then-place */
                md_rx_out *o = &md_rx_o[way];
                size_t off = 0, base;
                REQUIRE(md_connect(&fake_host_ops, &md_ops[2 + (way & 1)]));
                MB.c.ulp = &md_ulp;
                MB.f.log_len = 0;
                base = MB.f.h.wire_len;
                md_fused = !(way & 2);
                md_hl = hls[h];
                md_begin_n = md_pend = 0;
                md_begin_fail = cases[q].begin_fail;
                md_commit_fail = cases[q].commit_fail;
                md_commit_close = cases[q].commit_close;
                o->log_len = 0;
                while (off < total && o->log_len < sizeof o->log - 64) {
                    /* the first FPDU alone (it ends AWAIT_FIRST), then the chunks */
                    size_t k = off == 0 ? 20u : chunks[ch] ? chunks[ch] : total, used = 0;
                    iw_status st;
                    if (k > total - off) k = total - off;
                    st = iw_mpa_rx_feed(&MB.c, md_rx_wire + off, k, &used);
                    o->log_len += (size_t)snprintf(o->log + o->log_len, sizeof o->log - o->log_len,
                                                   "feed %zu+%zu: %d used %zu\n", off, k, (int)st, used);
                    if (st != IW_OK) break;
                    if (off == 0) { /* in Full Operation now: an empty feed, p NULL (fuzz) */
                        size_t u0 = 1;
                        CHECK_EQ(iw_mpa_rx_feed(&MB.c, NULL, 0, &u0), IW_OK);
                        CHECK_EQ(u0, 0);
                    }
                    off += used;
                }
                memcpy(o->flog, MB.f.log, MB.f.log_len);
                o->flog[MB.f.log_len] = 0;
                o->wire_len = MB.f.h.wire_len - base; /* the Terminate, if any */
                REQUIRE(o->wire_len <= sizeof o->wire);
                memcpy(o->wire, MB.wire + base, o->wire_len);
                o->stats = *iw_mpa_get_stats(&MB.c);
                o->rx_pos = MB.c.rx_pos;
                o->last_len = iw_mpa_rx_last_len(&MB.c);
                o->err = (int)iw_mpa_last_error(&MB.c)->status;
                o->state = (int)iw_mpa_state(&MB.c);
                o->delivered = MB.f.delivered;
            }
            for (way = 1; way < 4; way++) {
                md_rx_out *a = &md_rx_o[0], *b = &md_rx_o[way];
                /* how an FPDU was taken (in place, placed as it came, reassembled) is the mode's */
                int same = strcmp(a->flog, b->flog) == 0 && strcmp(a->log, b->log) == 0 &&
                           a->wire_len == b->wire_len && memcmp(a->wire, b->wire, a->wire_len) == 0 &&
                           a->stats.rx_fpdus == b->stats.rx_fpdus &&
                           a->stats.rx_inplace + a->stats.rx_copied + a->stats.rx_streamed ==
                               b->stats.rx_inplace + b->stats.rx_copied + b->stats.rx_streamed &&
                           a->rx_pos == b->rx_pos && a->last_len == b->last_len &&
                           a->err == b->err && a->state == b->state && a->delivered == b->delivered;
                if (cases[q].begin_fail && (way & 2)) continue; /* the nth begin differs */
                CHECK(same);
                if (!same) fprintf(stderr, "  case %zu chunk %zu hl %zu way %d differs\n", q, chunks[ch], hls[h], way);
            }
            {
                md_rx_out *a = &md_rx_o[0];
                if (!cases[q].bad && !cases[q].begin_fail && !cases[q].commit_fail) {
                    CHECK_EQ(a->stats.rx_fpdus, MD_RX_N); /* everything arrived, delivered */
                    CHECK_EQ(a->delivered, MD_RX_N);
                    CHECK_EQ(a->err, IW_OK);
                    if (!chunks[ch]) CHECK_EQ(a->stats.rx_inplace, MD_RX_N); /* whole in their feeds */
                }
                if (cases[q].bad && cases[q].how == 1 && !cases[q].commit_close) {
                    /* MPA-055c: Terminate (2, 0, 0x02), on the wire; nothing of it delivered */
                    CHECK_EQ(a->err, IW_ETERM);
                    CHECK(strstr(a->flog, "term=2/0/2") != NULL);
                    CHECK(a->wire_len > 0);
                    CHECK_EQ(a->delivered, cases[q].bad - 1); /* MPA-055a */
                }
                if (cases[q].bad && cases[q].how >= 2) { /* 13 (how 2) or 0xFFFF (how 3) octets */
                    CHECK_EQ(a->err, IW_ETERM); /* MPA-071a, MPA-071b */
                    CHECK(strstr(a->flog, "term=1/0/0") != NULL); /* MPA-071a, MPA-071b */
                    CHECK_EQ(a->delivered, cases[q].bad - 1);
                }
            }
        }
}

static const check_test tests[] = {
    {"frame request layout MPA-001 MPA-007 MPA-030", t_frame_request_layout},
    {"frame reply key MPA-002", t_frame_reply_key},
    {"frame decode errors MPA-008", t_frame_decode_errors},
    {"setup basic + private data MPA-009 MPA-013 MPA-016", t_setup_basic_and_pd},
    {"setup rev 1 MPA-009 MPA-075", t_setup_rev1},
    {"setup crc matrix MPA-024 MPA-025 MPA-027", t_setup_crc_matrix},
    {"CRC is the OR, seen at the initiator MPA-024", t_setup_crc_or_at_initiator},
    {"initiator silent until reply, timeout MPA-012", t_setup_initiator_silent_until_reply},
    {"reply/request cancels timer", t_setup_reply_cancels_timer},
    {"setup timers on a fake clock", t_setup_timers_on_fake_clock},
    {"tx EAGAIN and failure at call N", t_tx_eagain_and_failure_at_call},
    {"invalid frames close MPA-008 MPA-072", t_setup_invalid_frames_close},
    {"reply not enhanced MPA-010", t_setup_reply_not_enhanced},
    {"request with R bit", t_setup_request_with_r_bit},
    {"extra octets after request MPA-014", t_setup_extra_octets_after_request},
    {"responder waits for first FPDU MPA-015 MPA-022", t_setup_responder_waits_first_fpdu},
    {"responder: no Terminate before the first FPDU MPA-015", t_setup_responder_no_terminate_before_first},
    {"reply and FPDUs in one read MPA-022 MPA-016", t_setup_reply_and_fpdu_same_read},
    {"reject", t_setup_reject},
    {"marker policy reject", t_setup_marker_policy_reject},
    {"llp closed", t_setup_llp_closed},
    {"IRD/ORD negotiation MPA-033 MPA-034 MPA-035", t_irdord_negotiation},
    {"p2p each RTR type MPA-037", t_p2p_rtr_each_type},
    {"p2p choice order MPA-045", t_p2p_choice_order_and_decline},
    {"p2p bad reply RTR MPA-039", t_p2p_bad_reply_rtr},
    {"p2p wrong first FPDU MPA-041", t_p2p_wrong_first_fpdu},
    {"FPDU reference vectors MPA-046 MPA-048 MPA-050 MPA-053", t_fpdu_reference_vectors},
    {"MULPDU MPA-057 MPA-058", t_mulpdu},
    {"markers tx positions MPA-054 MPA-060 MPA-063 MPA-064 MPA-065 MPA-066", t_markers_tx_positions},
    {"marker before CRC field MPA-054 MPA-064", t_markers_crc_before_crc_field},
    {"markers per direction, SeqStart MPA-023 MPA-069 MPA-070", t_markers_direction_and_seqstart},
    {"rx CRC error MPA-056 MPA-074", t_rx_crc_error},
    {"rx error after our half close: CLOSED, no Terminate, one close MPA-056", t_rx_error_after_half_close},
    {"rx error after our half close, our FPDU still draining: no Terminate after it",
     t_rx_error_after_half_close_draining},
    {"rx bad ULPDU_Length", t_rx_bad_length},
    {"rx marker mismatch MPA-067", t_rx_marker_mismatch},
    {"rx PAD not 0: ignored but for the CRC", t_rx_pad_ignored},
    {"rx ULP error stops MPA-056", t_rx_ulp_error_stops},
    {"rx every split point MPA-061", t_rx_every_split},
    {"tx partial send at every position MPA-061", t_tx_partial_every_position},
    {"tx copy-out: same octets as send at every room MPA-053 MPA-054 MPA-064", t_tx_copyout_every_position},
    {"tx copy-out: CRC of what was written, commit failure MPA-053", t_tx_copyout_source_and_failure},
    {"tx busy and tx_done", t_tx_busy_and_tx_done},
    {"the CRC covers the octets TCP took (source changed before resume) MPA-054", t_crc_covers_what_tcp_took},
    {"host-chosen CRC kernel set (iw_mpa_cfg.kernels)", t_host_kernels},
    {"host send failure", t_host_failure},
    {"host failure after an error ends abortively", t_host_failure_after_error},
    {"markers FPDUPTR 16-bit limit MPA-065", t_markers_fpduptr_limit},
    {"init argument checks", t_init_checks},
    {"P2P IRD/ORD words: values bounded, RTR bits apart", t_p2p_irdord_bounded},
    {"writer: copy-out and gather sinks, with and without trace, every room schedule: same octets, statuses, counters; RFC 5044 §4 MPA-046 MPA-053",
     t_tx_sinks},
    {"reader: fused and verify-then-place, with and without trace, every chunking: same deliveries, Terminates, counters",
     t_rx_modes},
};

int main(int argc, char **argv)
{
    int rc;
    A = (endpoint *)calloc(1, sizeof *A);
    B = (endpoint *)calloc(1, sizeof *B);
    if (!A || !B) return 2;
    rc = CHECK_RUN(tests);
    free(A);
    free(B);
    return rc;
}
