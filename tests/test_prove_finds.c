/* test_prove_finds.c: run-time errors found while preparing `make prove` (docs/verification-prove.md).
 * Each test fails (under the sanitizers of tests/run.sh) while the error is in the core. */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "check.h"
#include "host_fake.h"

static iw_mpa_conn pf_c;
static hf_host pf_h;
static void pf_request(void *u, const iw_mpa_info *in)
{
    (void)u;
    (void)in;
    (void)iw_mpa_accept(&pf_c, 16, 16, NULL, 0);
}
/* The placement contract as a reader of whole, checked ULPDUs: decline until MPA checked it. */
static iw_status pf_begin(void *u, const uint8_t *p, size_t have, size_t n, unsigned flags,
                          iw_mpa_rx_dst **dst)
{
    (void)u, (void)p, (void)have, (void)n;
    *dst = NULL;
    return (flags & IW_MPA_RX_VERIFIED) ? IW_OK : IW_EAGAIN;
}
static iw_status pf_commit(void *u, int ok) { (void)u; return ok ? IW_OK : IW_EHOST; }

/* mpa.h iw__rtr_kind: a Responder in peer-to-peer mode checks the Initiator's first ULPDU for
 * the RTR. For an untagged ULPDU with MSN 1 it reads MO at u + 14 before it looks at the
 * length, so a 14-octet ULPDU (the smallest accepted, IW_MPA_MIN_ULPDU) is read 4 octets past
 * its end. When the FPDU was reassembled and the reassembly buffer has the smallest size
 * iw_mpa_init accepts (14), those octets lie outside the buffer: a heap over-read (ASan). */
static void t_rtr_kind_reads_past_short_ulpdu(void)
{
    static const iw_mpa_ulp_ops u = {.request = pf_request, .begin = pf_begin, .commit = pf_commit};
    static const uint8_t req[24] = {'M', 'P', 'A', ' ', 'I', 'D', ' ', 'R', 'e', 'q', ' ', 'F',
                                    'r', 'a', 'm', 'e', 0x10, 2, 0, 4, 0xC0, 16, 0, 16};
    /* ULPDU_Length 14; untagged, Last, DV 1; Send; QN 0; MSN 1; no PAD; CRC field (CRC off) */
    static const uint8_t fpdu[20] = {0, 14, 0x41, 0x43, 0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 0, 0, 1, 0, 0, 0, 0};
    iw_mpa_cfg cfg;
    size_t used;
    uint8_t *reasm = (uint8_t *)malloc(IW_MPA_MIN_ULPDU);
    REQUIRE(reasm != NULL);
    iw_mpa_cfg_default(&cfg, IW_MPA_RESPONDER);
    cfg.crc = 0;
    cfg.p2p = 1;
    cfg.rtr = IW_MPA_RTR_SEND;
    hf_init(&pf_h, NULL, 0);
    REQUIRE(iw_mpa_init(&pf_c, &cfg, &hf_mpa_ops, &pf_h, &u, NULL, reasm, IW_MPA_MIN_ULPDU) == IW_OK);
    REQUIRE(iw_mpa_start(&pf_c, NULL, 0) == IW_OK);
    REQUIRE(iw_mpa_rx_feed(&pf_c, req, sizeof req, &used) == IW_OK);
    REQUIRE(iw_mpa_state(&pf_c) == IW_MPA_S_AWAIT_FIRST);
    /* two feeds: the FPDU straddles them, so its ULPDU is reassembled into reasm[0..14) */
    (void)iw_mpa_rx_feed(&pf_c, fpdu, 1, &used);
    (void)iw_mpa_rx_feed(&pf_c, fpdu + 1, sizeof fpdu - 1, &used);
    /* not the Send RTR (18 octets): MPA error 0x07 */
    CHECK_EQ(iw_mpa_last_error(&pf_c)->mpa_ecode, IW_MPA_ECODE_RTR);
    free(reasm);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"rtr_kind_reads_past_short_ulpdu", t_rtr_kind_reads_past_short_ulpdu},
    };
    return CHECK_RUN(tests);
}
