/* t_vec.c: codec vectors on the target CPU. CRC32c: the RFC 3720 App. B.4 values and the
 * "123456789" check value, and iw_crc32c / the fused copy + CRC against a bit-at-a-time
 * reference written here, at every length and alignment up to 300. MPA Request frame, DDP
 * tagged and untagged headers, RDMAP Terminate: encoded octet for octet as RFC 5044 §7.1,
 * RFC 5041 §4 and RFC 5040 §4.8 lay them out, and decoded back. */
#include "bm.h"
#include "rdmap.h"
#include <string.h>

static uint32_t ref_crc(uint32_t crc, const uint8_t *p, size_t n)
{
    uint32_t r = ~crc;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        r ^= p[i];
        for (k = 0; k < 8; k++) r = (r & 1u) ? (r >> 1) ^ 0x82F63B78u : r >> 1;
    }
    return ~r;
}

static void t_crc_rfc3720(void)
{
    static const uint8_t read10[48] = {
        0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
        0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    static const uint32_t want[6] = {0x8A9136AAu, 0x62A8AB43u, 0x46DD794Eu, 0x113FDB5Cu, 0xD9963A56u, 0xE3069283u};
    uint8_t in[48];
    int v, i;
    for (v = 0; v < 6; v++) {
        size_t n = 32;
        for (i = 0; i < 32; i++)
            in[i] = v == 0 ? 0x00 : v == 1 ? 0xFF : v == 2 ? (uint8_t)i : (uint8_t)(31 - i);
        if (v == 4) memcpy(in, read10, 48), n = 48;
        if (v == 5) memcpy(in, "123456789", 9), n = 9;
        BM_CHECK_EQ(ref_crc(0, in, n), want[v]);
        BM_CHECK_EQ(iw_crc32c(0, in, n), want[v]);
        BM_CHECK_EQ(iw_crc32c_portable(0, in, n), want[v]);
        /* chained in two pieces */
        BM_CHECK_EQ(iw_crc32c(iw_crc32c(0, in, 5), in + 5, n - 5), want[v]);
    }
}

static void t_crc_lengths(void)
{
    static uint8_t buf[320], dst[320];
    uint32_t s = 12345u;
    size_t off, n, bad = 0, badcp = 0;
    for (n = 0; n < sizeof buf; n++) {
        s = s * 1103515245u + 12345u;
        buf[n] = (uint8_t)(s >> 16);
    }
    for (off = 0; off < 8; off++)
        for (n = 0; n <= 300; n++) {
            uint32_t r = ref_crc(0x1234u, buf + off, n);
            memset(dst, 0, sizeof dst);
            bad += iw_crc32c(0x1234u, buf + off, n) != r;
            badcp += iw_crc32c_copy_select()(0x1234u, dst + (7 - off), buf + off, n) != r ||
                     !bm_memeq(dst + (7 - off), buf + off, n);
        }
    BM_CHECK_EQ(bad, 0);
    BM_CHECK_EQ(badcp, 0);
}

static void t_mpa_frame(void)
{
    /* "MPA ID Req Frame", M=0 C=1 R=0 H=1 (0x50 | reserved 0), Rev 2, PD_Length 7, IRD/ORD words,
     * 3 octets of Private Data */
    static const uint8_t want[27] = {0x4D, 0x50, 0x41, 0x20, 0x49, 0x44, 0x20, 0x52, 0x65, 0x71, 0x20, 0x46, 0x72, 0x61,
                                     0x6D, 0x65, 0x50, 0x02, 0x00, 0x07, 0x80, 0x01, 0xC0, 0x02, 0x01, 0x02, 0x03};
    static const uint8_t pd[3] = {1, 2, 3};
    uint8_t out[64];
    size_t len = 0, used = 0;
    iw_mpa_frame f, d;
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REQUEST;
    f.rev = 2;
    f.enhanced = 1;
    f.flags = IW_MPA_FLAG_C;
    f.ird_word = 0x8001;
    f.ord_word = 0xC002;
    f.pd = pd;
    f.pd_len = 3;
    BM_REQUIRE(iw_mpa_frame_encode(&f, out, sizeof out, &len) == IW_OK);
    BM_CHECK_EQ(len, 27);
    BM_CHECK(bm_memeq(out, want, 27));
    BM_REQUIRE(iw_mpa_frame_decode(want, 27, IW_MPA_REQUEST, &d, &used) == IW_OK);
    BM_CHECK_EQ(used, 27);
    BM_CHECK(d.rev == 2 && d.enhanced && (d.flags & IW_MPA_FLAG_C) && !(d.flags & IW_MPA_FLAG_M));
    BM_CHECK(d.ird_word == 0x8001 && d.ord_word == 0xC002 && d.pd_len == 3 && bm_memeq(d.pd, pd, 3));
    BM_CHECK(iw_mpa_frame_decode(want, 27, IW_MPA_REPLY, &d, &used) == IW_EPROTO); /* wrong key */
    BM_CHECK(iw_mpa_frame_decode(want, 26, IW_MPA_REQUEST, &d, &used) == IW_EAGAIN);
}

static void t_ddp_hdr(void)
{
    /* tagged: T=1 L=1 DV=01 (0xC1), RsvdULP 0x5A, STag, TO; untagged: 0x01, RsvdULP[0:7],
     * RsvdULP[8:39], QN, MSN, MO */
    static const uint8_t tg[14] = {0xC1, 0x5A, 0x12, 0x34, 0x56, 0x78, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    static const uint8_t ut[18] = {0x01, 0xC0, 0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x00, 0x00,
                                   0x02, 0x80, 0x00, 0x00, 0x03, 0x00, 0x01, 0x04, 0x00};
    uint8_t out[IW_DDP_MAX_HDR];
    iw_ddp_hdr h, d;
    size_t hl = 0;
    memset(&h, 0, sizeof h);
    h.tagged = 1;
    h.last = 1;
    h.ulp = 0x5A;
    h.stag = 0x12345678u;
    h.to = 0x0102030405060708ull;
    BM_CHECK_EQ(iw_ddp_hdr_encode(&h, out), 14);
    BM_CHECK(bm_memeq(out, tg, 14));
    BM_REQUIRE(iw_ddp_hdr_decode(tg, 14, &d, &hl) == IW_OK);
    BM_CHECK(hl == 14 && d.tagged && d.last && d.dv == 1 && d.ulp == 0x5A && d.stag == 0x12345678u &&
             d.to == 0x0102030405060708ull);
    memset(&h, 0, sizeof h);
    h.ulp = 0xC0;
    h.ulp32 = 0xDEADBEEFu;
    h.qn = 2;
    h.msn = 0x80000003u;
    h.mo = 0x10400u;
    BM_CHECK_EQ(iw_ddp_hdr_encode(&h, out), 18);
    BM_CHECK(bm_memeq(out, ut, 18));
    BM_REQUIRE(iw_ddp_hdr_decode(ut, 18, &d, &hl) == IW_OK);
    BM_CHECK(hl == 18 && !d.tagged && !d.last && d.ulp == 0xC0 && d.ulp32 == 0xDEADBEEFu && d.qn == 2 &&
             d.msn == 0x80000003u && d.mo == 0x10400u);
    BM_CHECK(iw_ddp_hdr_decode(ut, 17, &d, &hl) == IW_EAGAIN);
}

static void t_rdmap_term(void)
{
    iw_rdmap_term_info ti, back;
    uint8_t out[IW_RDMAP_TERM_MAX], want[52];
    size_t n, i;
    memset(&ti, 0, sizeof ti);
    ti.term.layer = 0;
    ti.term.etype = 1;
    ti.term.ecode = 0x03;
    ti.m = ti.d = ti.r = 1;
    ti.seg_len = 46;
    ti.ddp_hdr_len = 18;
    for (i = 0; i < 18; i++) ti.ddp_hdr[i] = (uint8_t)(0x41 + i);
    for (i = 0; i < 28; i++) ti.rdma_hdr[i] = (uint8_t)(0xA0 + i);
    /* Layer 0 | EType 1, ECode 3, M D R, reserved, DDP Segment Length, DDP header, RDMA header */
    memset(want, 0, sizeof want);
    want[0] = 0x01;
    want[1] = 0x03;
    want[2] = 0xE0;
    want[5] = 46;
    memcpy(want + 6, ti.ddp_hdr, 18);
    memcpy(want + 24, ti.rdma_hdr, 28);
    n = iw_rdmap_term_encode(&ti, out);
    BM_CHECK_EQ(n, 52);
    BM_CHECK(bm_memeq(out, want, 52));
    BM_REQUIRE(iw_rdmap_term_decode(out, n, &back) == IW_OK);
    BM_CHECK(back.term.layer == 0 && back.term.etype == 1 && back.term.ecode == 3 && back.m && back.d && back.r &&
             back.seg_len == 46 && back.ddp_hdr_len == 18 && bm_memeq(back.ddp_hdr, ti.ddp_hdr, 18) &&
             bm_memeq(back.rdma_hdr, ti.rdma_hdr, 28));
    BM_CHECK(iw_rdmap_term_decode(out, 10, &back) == IW_EINVAL);
}

const bm_test bm_vec_tests[] = {
    {"CRC32c: RFC 3720 B.4 vectors and the check value", t_crc_rfc3720},
    {"CRC32c and fused copy + CRC: every length 0..300 at 8 alignments vs a bitwise reference", t_crc_lengths},
    {"MPA Request frame encoded and decoded octet for octet", t_mpa_frame},
    {"DDP tagged and untagged headers encoded and decoded octet for octet", t_ddp_hdr},
    {"RDMAP Terminate encoded and decoded octet for octet", t_rdmap_term},
};
const size_t bm_vec_ntests = sizeof bm_vec_tests / sizeof bm_vec_tests[0];
