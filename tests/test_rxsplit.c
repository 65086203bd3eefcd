/* SPDX-License-Identifier: MIT */
/* test_rxsplit.c: streamed placement of FPDUs cut by the end of a receive (mpa.h
 * iw_mpa_set_place_begin, ddp.h iw_ddp_rx_place_begin) and header-split receive
 * (iw_mpa_rx_direct / iw_mpa_rx_direct_done).
 *
 * One stream of FPDUs from a real sender (an MPA + DDP endpoint, Initiator) is replayed into a
 * fresh receiver (Responder) at many chunkings. The reference is the receiver fed the whole
 * stream in one call with verify-then-place (MPA checks the CRC, then DDP places: no streaming
 * possible). Every other run streams where it can and must give the same DDP event log (every
 * check, receive buffer and delivery, in order) and the same arena, octet for octet. The stream
 * mixes what may be streamed (tagged, one contiguous piece, pads 0-3, segments that continue a
 * message) with what must fall back to reassembly (untagged, a page-scattered region, a 4-octet
 * payload, the Responder's first FPDU). */
#define IWARP_IMPLEMENTATION
#include "ddp.h"
#include "check.h"
#include "mpa_fake.h"
#include "ddp_fake.h"

#define RS_ARENA (256u * 1024u)
#define RS_EMSS 16384u
#define RS_STAG1 DF_STAG(1, 7) /* contiguous: arena [0, 128 KiB), TO 0x100000 */
#define RS_STAG2 DF_STAG(2, 8) /* 4 KiB pages stored in reverse: arena [128, 192) KiB */
#define RS_TO1 0x100000u
#define RS_TO2 0x7000u
#define RS_RBUF (192u * 1024u) /* untagged receive buffers, 8 KiB apart */

typedef struct rs_msg {
    int tagged;
    uint32_t stag;
    uint64_t to;
    size_t len;
} rs_msg;

/* ULPDU lengths 4014..4017 give PADs 2, 1, 0, 3; 60000 octets go as 4 segments (L on the
 * last); 19 and 5 octets: payload shorter than the header scratch; 4: not streamed. */
static const rs_msg rs_msgs[] = {
    {1, RS_STAG1, RS_TO1 + 0, 4000},      {1, RS_STAG1, RS_TO1 + 5000, 4001},
    {1, RS_STAG1, RS_TO1 + 10000, 4002},  {1, RS_STAG1, RS_TO1 + 15000, 4003},
    {0, 0, 0, 3000},                       {1, RS_STAG2, RS_TO2 + 1000, 9000},
    {1, RS_STAG1, RS_TO1 + 20000, 60000}, {1, RS_STAG1, RS_TO1 + 90000, 19},
    {1, RS_STAG1, RS_TO1 + 100000, 5},    {1, RS_STAG1, RS_TO1 + 101000, 4},
    {0, 0, 0, 100},
};
#define RS_NMSG (sizeof rs_msgs / sizeof rs_msgs[0])

static df_mpa_ep *PA, *PB;
static uint8_t *rs_a, *rs_b, *rs_tmpl, *rs_img, *rs_src;
static uint8_t rs_stream[1u << 18];
static size_t rs_len;
static size_t rs_at[64], rs_nf; /* wire offsets of the FPDUs after setup */
static size_t rs_setup;         /* octets of setup (Request) before them */
static char rs_ref_log[DF_LOG_CAP];
static size_t cuts[1u << 18];

static void rs_cfg(iw_mpa_cfg *ci, iw_mpa_cfg *cr)
{
    iw_mpa_cfg_default(ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(cr, IW_MPA_RESPONDER);
    ci->crc = cr->crc = 1;
    ci->emss = cr->emss = RS_EMSS;
}

/* The receiver's memory: both regions, and one receive buffer per untagged message. */
static void rs_setup_b(df_mpa_ep *b)
{
    size_t i;
    memcpy(rs_b, rs_tmpl, RS_ARENA);
    df_mem_reg(&b->mem, 0, RS_STAG1, RS_TO1, 131072, IW_DDP_ACC_REMOTE_WRITE, 0);
    df_mem_reg(&b->mem, 1, RS_STAG2, RS_TO2, 65536, IW_DDP_ACC_REMOTE_WRITE, 131072)->page = 4096;
    for (i = 0; i < 4; i++) df_ulp_post1(&b->ulp, 0, rs_b + RS_RBUF + 8192 * i, 8000);
}

/* The CRC field of the FPDU at off, from its octets (RFC 5044 §4: over length, ULPDU, PAD). */
static void rs_fix_crc(uint8_t *s, size_t off)
{
    size_t L = ((size_t)s[off] << 8) | s[off + 1], n = 2 + L + ((4 - (L + 2) % 4) % 4);
    uint32_t c = check_crc32c_ref(0, s + off, n);
    s[off + n] = (uint8_t)c;
    s[off + n + 1] = (uint8_t)(c >> 8);
    s[off + n + 2] = (uint8_t)(c >> 16);
    s[off + n + 3] = (uint8_t)(c >> 24);
}

/* Connect A to a receiver and send rs_msgs from A; rs_stream is A's whole wire. */
static int rs_build(void)
{
    iw_mpa_cfg ci, cr;
    size_t k, i;
    if (!PA) {
        PA = (df_mpa_ep *)calloc(1, sizeof *PA);
        PB = (df_mpa_ep *)calloc(1, sizeof *PB);
        rs_a = (uint8_t *)calloc(1, RS_ARENA);
        rs_b = (uint8_t *)calloc(1, RS_ARENA);
        rs_tmpl = (uint8_t *)calloc(1, RS_ARENA);
        rs_img = (uint8_t *)calloc(1, RS_ARENA);
        rs_src = (uint8_t *)calloc(1, 65536);
        if (!PA || !PB || !rs_a || !rs_b || !rs_tmpl || !rs_img || !rs_src) return 0;
        df_fill(rs_tmpl, RS_ARENA, 3);
        df_fill(rs_src, 65536, 11);
    }
    rs_cfg(&ci, &cr);
    if (df_mpa_ep_init(PA, &ci, 0, 0, rs_a, RS_ARENA, 1) != IW_OK) return 0;
    if (df_mpa_ep_init(PB, &cr, 0, 1, rs_b, RS_ARENA, 1) != IW_OK) return 0;
    rs_setup_b(PB);
    if (!df_mpa_connect(PA, PB)) return 0;
    rs_setup = PA->ep.f.h.wire_len; /* everything A sent so far: the Request */
    rs_nf = 0;
    for (k = 0; k < RS_NMSG; k++) {
        iw_ddp_msg m;
        iw_iov v;
        size_t guard = 0, s0 = PA->ep.f.h.wire_len;
        memset(&m, 0, sizeof m);
        v.base = rs_src + 100 * k;
        v.len = rs_msgs[k].len;
        m.tagged = (uint8_t)rs_msgs[k].tagged;
        m.ulp = (uint8_t)(0x40 | k);
        m.stag = rs_msgs[k].stag;
        m.to = rs_msgs[k].to;
        m.sgl = &v;
        m.nsge = 1;
        if (iw_ddp_send(&PA->s, &m) != IW_OK) return 0;
        while (iw_ddp_tx_busy(&PA->s) && guard++ < 100000)
            if (iw_mpa_tx_resume(&PA->ep.c) != IW_OK) return 0;
        /* the FPDUs of this message */
        for (i = s0; i < PA->ep.f.h.wire_len && rs_nf < 64;) {
            size_t L = ((size_t)PA->ep.f.h.wire[i] << 8) | PA->ep.f.h.wire[i + 1];
            rs_at[rs_nf++] = i;
            i += 2 + L + ((4 - (L + 2) % 4) % 4) + 4;
        }
    }
    if (PA->ulp.nerr || iw_mpa_last_error(&PA->ep.c)->status != IW_OK) return 0;
    rs_len = PA->ep.f.h.wire_len;
    if (rs_len > sizeof rs_stream) return 0;
    memcpy(rs_stream, PA->ep.f.h.wire, rs_len);
    return 1;
}

/* A fresh receiver in mode (0 verify-then-place, 1 fused, 2 fused + streamed), fed s cut at
 * cuts[0..ncuts). */
static void rs_run(int mode, const uint8_t *s, size_t n, const size_t *c, size_t nc)
{
    iw_mpa_cfg ci, cr;
    rs_cfg(&ci, &cr);
    if (df_mpa_ep_init(PB, &cr, mode, 1, rs_b, RS_ARENA, 1) != IW_OK) {
        CHECK(0);
        return;
    }
    rs_setup_b(PB);
    PB->ep.f.accept_in_request = 1;
    (void)iw_mpa_start(&PB->ep.c, NULL, 0);
    df_mpa_feed(PB, s, n, c, nc);
}

/* The run matches the reference: same DDP log, same arena, no error. */
static int rs_same(const char *what)
{
    int ok = strcmp(PB->ulp.log, rs_ref_log) == 0 && memcmp(rs_b, rs_img, RS_ARENA) == 0 &&
             iw_mpa_last_error(&PB->ep.c)->status == IW_OK && PB->ulp.nerr == 0;
    if (!ok) {
        size_t i = 0;
        while (i < RS_ARENA && rs_b[i] == rs_img[i]) i++;
        fprintf(stderr, "  %s: log %s, arena %s (first difference at %zu), mpa status %d\n", what,
                strcmp(PB->ulp.log, rs_ref_log) == 0 ? "same" : "differs", i == RS_ARENA ? "same" : "differs",
                i, (int)iw_mpa_last_error(&PB->ep.c)->status);
        if (strcmp(PB->ulp.log, rs_ref_log) != 0) fprintf(stderr, "--- reference\n%s--- run\n%s", rs_ref_log, PB->ulp.log);
    }
    return ok;
}

static int rs_reference(void)
{
    rs_run(0, rs_stream, rs_len, NULL, 0);
    if (PB->ulp.ndeliv != RS_NMSG || PB->ulp.nerr || PB->begins) return 0;
    memcpy(rs_ref_log, PB->ulp.log, PB->ulp.log_len + 1);
    memcpy(rs_img, rs_b, RS_ARENA);
    return 1;
}

/* Byte by byte, random cuts, and one cut at each interesting offset of every FPDU. */
static void t_split_same(void) /* DDP-037 */
{
    size_t i, f, nc;
    unsigned long long seed = 7;
    int mode;
    REQUIRE(rs_build());
    REQUIRE(rs_reference());
    for (mode = 1; mode < 3; mode++) { /* whole: the fused path for every FPDU */
        rs_run(mode, rs_stream, rs_len, NULL, 0);
        CHECK(rs_same("whole"));
        CHECK_EQ(PB->begins, 0);
    }
    for (i = 0; i + 1 < rs_len; i++) cuts[i] = i + 1;
    rs_run(2, rs_stream, rs_len, cuts, rs_len - 1);
    CHECK(rs_same("byte by byte"));
    /* streamed: 3 pads, 4 segments of the 60000-octet Write, 19 and 5 octets, the paged region
     * (several pieces); the first FPDU (Responder: MPA-015) and the untagged ones are not */
    CHECK_EQ(PB->begins_ok, 10);
    CHECK_EQ(iw_mpa_get_stats(&PB->ep.c)->rx_streamed, 10);
    CHECK(PB->begins > PB->begins_ok);
    for (i = 0; i < 40 && !check__failed_here; i++) {
        size_t p = 0, lim = i < 20 ? 64 : 9000;
        nc = 0;
        for (;;) {
            p += 1 + (size_t)(check_rand(&seed) % lim);
            if (p >= rs_len) break;
            cuts[nc++] = p;
        }
        rs_run(2, rs_stream, rs_len, cuts, nc);
        CHECK(rs_same("random cuts"));
    }
    for (f = 0; f < rs_nf && !check__failed_here; f++) {
        size_t o = rs_at[f], L = ((size_t)rs_stream[o] << 8) | rs_stream[o + 1];
        size_t pad = (4 - (L + 2) % 4) % 4, end = o + 2 + L + pad + 4;
        size_t at[32], na = 0, k;
        at[na++] = o + 1;               /* inside ULPDU_Length */
        for (k = 1; k <= 18; k++) at[na++] = o + 2 + k; /* inside the DDP header and after it */
        at[na++] = o + 2 + L / 2;       /* the payload */
        at[na++] = o + 2 + L - 1;
        if (pad) at[na++] = o + 2 + L + 1; /* inside the PAD (or at its end for pad 1) */
        at[na++] = end - 3;             /* inside the CRC */
        at[na++] = end - 2;
        at[na++] = end - 1;
        for (k = 0; k < na; k++) {
            if (at[k] <= o || at[k] >= end) continue;
            cuts[0] = at[k];
            rs_run(2, rs_stream, rs_len, cuts, 1);
            if (!rs_same("one cut")) {
                CHECK(0);
                fprintf(stderr, "  FPDU %zu (at %zu, ULPDU %zu), cut at +%zu\n", f, o, L, at[k] - o);
                break;
            }
        }
    }
}

/* A bad CRC on a streamed FPDU: MPA's CRC Terminate (2,0,0x02), the message never completes,
 * DDP reports nothing, whatever the chunking (RFC 5044 §8). */
static void t_split_bad_crc(void) /* DDP-038 */
{
    static uint8_t bad[1u << 18];
    size_t f = 8; /* the third of the 60000-octet Write's four segments (L = 0) */
    size_t o, L, i, nc, k, ndeliv = 6;
    unsigned long long seed = 99;
    REQUIRE(rs_build());
    REQUIRE(rs_nf > 9);
    o = rs_at[f];
    L = ((size_t)rs_stream[o] << 8) | rs_stream[o + 1];
    REQUIRE(L > 1000);
    for (k = 0; k < 4 && !check__failed_here; k++) {
        memcpy(bad, rs_stream, rs_len);
        bad[o + 2 + (k == 0 ? 500 : k == 1 ? 20 : k == 2 ? L - 1 : 3)] ^= 0x04; /* payload, or STag */
        for (i = 0; i < 3; i++) {
            const iw_mpa_error *e;
            nc = 0;
            if (i == 0) {
                cuts[nc++] = o + 10; /* inside the header */
            } else if (i == 1) {
                cuts[nc++] = o + 2 + L / 2;
                cuts[nc++] = o + 2 + L + 1; /* inside the CRC (pad 0 here) */
            } else {
                size_t p = 0;
                for (;;) {
                    p += 1 + (size_t)(check_rand(&seed) % 3000);
                    if (p >= rs_len) break;
                    cuts[nc++] = p;
                }
            }
            rs_run(2, bad, rs_len, cuts, nc);
            e = iw_mpa_last_error(&PB->ep.c);
            CHECK(e->status == IW_ETERM && e->mpa_ecode == IW_MPA_ECODE_CRC && e->term.layer == 2 &&
                  e->term.etype == 0 && e->term.ecode == 0x02);
            CHECK_EQ(PB->ulp.ndeliv, ndeliv); /* MPA-055a: the Write is never completed */
            CHECK_EQ(PB->ulp.nerr, 0);
            if (k != 3) CHECK_EQ(PB->commit_bad, 1); /* it was streamed, then forgotten */
            CHECK_EQ(iw_ddp_get_stats(&PB->s).rx_segs, f); /* one segment per FPDU before it */
            if (check__failed_here) {
                fprintf(stderr, "  corruption %zu, chunking %zu\n", k, i);
                break;
            }
        }
    }
}

/* A tagged FPDU whose STag is not registered (its CRC right): the same DDP Terminate triple
 * and the same offending header, whole or split, fused or streamed (RFC 5041 §7.2; the
 * streamed path declines it and the reassembled FPDU is refused by iw_ddp_rx). */
static void t_split_bad_stag(void)
{
    static uint8_t bad[1u << 18];
    static char ref[DF_LOG_CAP];
    iw_ddp_error ref_err;
    iw_status ref_st;
    static const size_t fs[] = {1, 7, 10}; /* a 4001-octet Write, a middle segment, 19 octets */
    size_t fi, f, o, L, i, nc, ndel;
    int mode;
    REQUIRE(rs_build());
    REQUIRE(rs_nf > 10);
    for (fi = 0; fi < 3 && !check__failed_here; fi++) {
        f = fs[fi];
        o = rs_at[f];
        L = ((size_t)rs_stream[o] << 8) | rs_stream[o + 1];
        memcpy(bad, rs_stream, rs_len);
        bad[o + 2 + 4] ^= 0x30; /* STag index 1 -> 0x31: no such region */
        rs_fix_crc(bad, o);
        rs_run(0, bad, rs_len, NULL, 0); /* reference: whole, verify-then-place */
        REQUIRE(PB->ulp.nerr == 1);
        CHECK(PB->ulp.err[0].term.layer == 1 && PB->ulp.err[0].term.etype == 1 && /* DDP-019a */
              PB->ulp.err[0].term.ecode == 0x00);
        ref_err = PB->ulp.err[0];
        ref_st = iw_mpa_last_error(&PB->ep.c)->status; /* the ULP's own status, if it stopped MPA */
        CHECK(iw_mpa_last_error(&PB->ep.c)->mpa_ecode == 0); /* not an MPA error */
        ndel = PB->ulp.ndeliv;
        memcpy(ref, PB->ulp.log, PB->ulp.log_len + 1);
        memcpy(rs_img, rs_b, RS_ARENA); /* what was placed before the refusal, nothing after */
        for (mode = 1; mode < 3; mode++)
            for (i = 0; i < 4; i++) {
                nc = 0;
                if (i == 1) cuts[nc++] = o + 9; /* inside the header */
                if (i == 2) cuts[nc++] = o + 2 + L / 2;
                if (i == 3) {
                    size_t k;
                    for (k = 1; k < 40; k++) cuts[nc++] = o + k; /* the header octet by octet */
                    cuts[nc++] = o + 2 + L - 3;
                }
                rs_run(mode, bad, rs_len, cuts, nc);
                CHECK_EQ(PB->ulp.nerr, 1);
                CHECK_EQ(PB->ulp.ndeliv, ndel);
                CHECK(strcmp(PB->ulp.log, ref) == 0);
                CHECK(memcmp(rs_b, rs_img, RS_ARENA) == 0); /* DDP-016a: the refused one placed nothing */
                CHECK_EQ(PB->ulp.err[0].term.ecode, ref_err.term.ecode);
                CHECK_EQ(PB->ulp.err[0].term.etype, ref_err.term.etype);
                CHECK_EQ(PB->ulp.err[0].hdr_len, ref_err.hdr_len);
                CHECK_EQ(PB->ulp.err[0].seg_len, ref_err.seg_len); /* DDP-033b */
                CHECK_MEM(PB->ulp.err[0].hdr, ref_err.hdr, ref_err.hdr_len);
                CHECK_EQ(iw_mpa_last_error(&PB->ep.c)->status, ref_st);
                CHECK_EQ(iw_mpa_last_error(&PB->ep.c)->mpa_ecode, 0);
                if (mode == 2 && i > 0) CHECK(PB->begins > PB->begins_ok); /* asked, declined */
                if (check__failed_here) {
                    fprintf(stderr, "  FPDU %zu mode %d chunking %zu\n", f, mode, i);
                    break;
                }
            }
    }
}

/* Header-split receive: while a span is open the "host" copies the stream straight into it,
 * in pieces of 1..5000 octets, and reports them; the rest goes through iw_mpa_rx_feed. */
static int rs_feed_direct(const uint8_t *s, size_t n, unsigned long long *seed, size_t *ndirect)
{
    size_t pos = 0;
    *ndirect = 0;
    while (pos < n && iw_mpa_last_error(&PB->ep.c)->status == IW_OK) {
        uint8_t *dst;
        size_t room, k, used = 0;
        if (iw_mpa_rx_direct(&PB->ep.c, &dst, &room) == IW_OK) {
            if (!dst || room == 0) return 0;
            k = 1 + (size_t)(check_rand(seed) % 5000);
            if (k > room) k = room;
            if (k > n - pos) k = n - pos;
            memcpy(dst, s + pos, k); /* what recv() into dst would do */
            if (iw_mpa_rx_direct_done(&PB->ep.c, k) != IW_OK) return 0;
            pos += k;
            *ndirect += k;
            continue;
        }
        k = 1 + (size_t)(check_rand(seed) % 40); /* small reads: spans open often */
        if (k > n - pos) k = n - pos;
        (void)iw_mpa_rx_feed(&PB->ep.c, s + pos, k, &used);
        pos += used;
        if (used == 0) break;
    }
    return 1;
}

static void t_direct(void) /* DDP-037 */
{
    static uint8_t bad[1u << 18];
    unsigned long long seed = 5;
    size_t i, nd, o, L;
    uint8_t *dst;
    REQUIRE(rs_build());
    REQUIRE(rs_reference());
    for (i = 0; i < 20 && !check__failed_here; i++) {
        rs_run(2, rs_stream, rs_setup, NULL, 0); /* setup only */
        REQUIRE(rs_feed_direct(rs_stream + rs_setup, rs_len - rs_setup, &seed, &nd));
        CHECK(rs_same("direct"));
        CHECK(nd > 50000); /* most payload went straight to its place */
    }
    /* a bad CRC: the payload octet is corrupted on its way into the destination */
    o = rs_at[7];
    L = ((size_t)rs_stream[o] << 8) | rs_stream[o + 1];
    memcpy(bad, rs_stream, rs_len);
    bad[o + 2 + L - 100] ^= 0x01;
    rs_run(2, bad, rs_setup, NULL, 0);
    REQUIRE(rs_feed_direct(bad + rs_setup, rs_len - rs_setup, &seed, &nd));
    CHECK(iw_mpa_last_error(&PB->ep.c)->mpa_ecode == IW_MPA_ECODE_CRC);
    CHECK_EQ(PB->ulp.ndeliv, 6); /* MPA-055a */
    CHECK_EQ(PB->commit_bad, 1);
    CHECK_EQ(iw_mpa_rx_direct(&PB->ep.c, &dst, &nd), IW_ETERM); /* sticky */
    /* the contract: no span outside a streamed payload; k within the span */
    rs_run(2, rs_stream, rs_setup, NULL, 0);
    CHECK_EQ(iw_mpa_rx_direct(&PB->ep.c, &dst, &nd), IW_EAGAIN);
    CHECK(dst == NULL && nd == 0);
    CHECK_EQ(iw_mpa_rx_direct_done(&PB->ep.c, 1), IW_ESTATE);
    o = rs_at[1];
    L = ((size_t)rs_stream[o] << 8) | rs_stream[o + 1];
    df_mpa_feed(PB, rs_stream + rs_setup, o + 2 + 18 - rs_setup, NULL, 0); /* up to FPDU 1's header */
    REQUIRE(iw_mpa_rx_direct(&PB->ep.c, &dst, &nd) == IW_OK);
    CHECK_EQ(nd, L - 18);
    CHECK_EQ(iw_mpa_rx_direct_done(&PB->ep.c, 0), IW_EINVAL);
    CHECK_EQ(iw_mpa_rx_direct_done(&PB->ep.c, nd + 1), IW_EINVAL);
    CHECK_EQ(iw_mpa_rx_direct(NULL, &dst, &nd), IW_EINVAL);
    /* the hint: the rest of FPDU 1, its PAD and CRC, then the next length and header */
    CHECK_EQ(iw_mpa_rx_split_hint(&PB->ep.c), (L - 18) + ((4 - (L + 2) % 4) % 4) + 4 + 2 + 18);
}

/* begin and commit are both required. */
static void t_api(void)
{
    endpoint *e = (endpoint *)calloc(1, sizeof *e);
    iw_mpa_cfg c;
    iw_mpa_ulp_ops u = fake_ulp_ops;
    REQUIRE(e);
    iw_mpa_cfg_default(&c, IW_MPA_INITIATOR);
    u.commit = NULL;
    CHECK_EQ(iw_mpa_init(&e->c, &c, &fake_host_ops, &e->f, &u, &e->f, e->reasm, sizeof e->reasm), IW_EINVAL);
    u = fake_ulp_ops;
    u.begin = NULL;
    CHECK_EQ(iw_mpa_init(&e->c, &c, &fake_host_ops, &e->f, &u, &e->f, e->reasm, sizeof e->reasm), IW_EINVAL);
    CHECK_EQ(iw_mpa_init(&e->c, &c, &fake_host_ops, &e->f, &fake_ulp_ops, &e->f, e->reasm, sizeof e->reasm), IW_OK);
    free(e);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"streamed placement: every chunking places and completes as a whole feed DDP-037",
         t_split_same},
        {"streamed placement: bad CRC, Terminate (2,0,0x02), nothing completes DDP-038",
         t_split_bad_crc},
        {"streamed placement: invalid STag, the same DDP Terminate as whole",
         t_split_bad_stag},
        {"header-split receive: direct spans DDP-037", t_direct},
        {"placement contract: begin and commit required", t_api},
    };
    return CHECK_RUN(tests);
}
