/* SPDX-License-Identifier: MIT */
/* test_fastpath_vr.c: the per-message short cuts of verbs.h and rdmap.h on the RDMA Write path
 * (round 3) against the general code they stand in for.
 *   rdmap.h iw__rdmap_tx_idle: the receive path skips the pump when it holds; the pump must
 *           then change nothing and return IW_OK, in every state a mixed workload reaches
 *           (partial sends, Reads, Atomics, Sends, a Terminate)
 *   rdmap.h iw__rdmap_check answers an RDMA Write right after V2: every RDMAP control octet
 *           and buffer model of a Write segment against RFC 5040 §7.2 written out here
 *           (RDMAP-033 version, RDMAP-034 / RDMAP-035 opcode and buffer model)
 * (verbs.h's inlined translation and its completion split change no rule: test_verbs and
 * test_verbs_sec cover them.) */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "check.h"
#include "rdmap_fake.h"

static rf_ep A, B;
static rf_cfg CA, CB;
static uint8_t memA[65536], memB[65536], rbuf[8][4096];
static iw_rdmap_stream snap;
static unsigned long n_idle, n_busy;

/* If the short cut would skip the pump here, the pump must be a no-op. */
static void idle_check(iw_rdmap_stream *s)
{
    if (iw__rdmap_tx_idle(s)) {
        iw_status st;
        memcpy(&snap, s, sizeof snap);
        st = iw__rdmap_pump(s);
        CHECK_EQ(st, IW_OK);
        CHECK_MEM(&snap, s, sizeof snap);
        n_idle++;
    } else {
        n_busy++;
    }
}
static void both(void)
{
    idle_check(&A.s);
    idle_check(&B.s);
}

#define ST_W 0x1100u  /* B: Remote Write */
#define ST_R 0x1200u  /* B: Remote Read */
#define ST_AT 0x1300u /* B: Remote Atomic */
#define ST_AS 0x2100u /* A: Local Write (Read and Atomic sinks) */

static void t_tx_idle(void)
{
    uint32_t k;
    int i;
    rf_cfg_default(&CA);
    rf_cfg_default(&CB);
    REQUIRE(rf_pair_up(&A, &B, &CA, &CB) == IW_OK);
    rf_reg(&B, ST_W, memB, 0x10000, 32768, IW_DDP_ACC_REMOTE_WRITE);
    rf_reg(&B, ST_R, memB + 32768, 0x20000, 32768, IW_DDP_ACC_REMOTE_READ);
    rf_reg(&B, ST_AT, memB, 0x10000, 32768, IW_RDMAP_ACC_REMOTE_ATOMIC);
    rf_reg(&A, ST_AS, memA, 0x30000, 65536, IW_RDMAP_ACC_LOCAL_WRITE);
    for (i = 0; i < 8; i++) rf_post_recv(&B, rbuf[i], sizeof rbuf[i]);
    A.accept_max = 97; /* partial sends: DDP stays busy between steps */
    B.accept_max = 0;  /* B sends at once: a response it queues is never held back by DDP */
    B.chunk = 53;      /* B takes A's octets in pieces: commits at many points */
    A.chunk = 29;
    both();
    for (k = 0; k < 24; k++) {
        iw_rdmap_wr w = rf_wr(k % 4 == 0 ? IW_RDMAP_OP_WRITE : k % 4 == 1 ? IW_RDMAP_OP_READ_REQ
                              : k % 4 == 2 ? IW_RDMAP_OP_SEND : IW_RDMAP_OP_ATOMIC_REQ, NULL);
        iw_iov v;
        v.base = memA + 256 * k;
        v.len = 64 + 40 * k;
        w.sgl = &v;
        w.nsge = 1;
        if (w.opcode == IW_RDMAP_OP_WRITE) {
            w.stag = ST_W;
            w.to = 0x10000 + 512 * k;
        } else if (w.opcode == IW_RDMAP_OP_READ_REQ) {
            w.sgl = NULL;
            w.nsge = 0;
            w.stag = ST_R;
            w.to = 0x20000 + 64 * k;
            w.len = 300 + 10 * k;
            w.sink_stag = ST_AS;
            w.sink_to = 0x30000 + 1024 * k;
        } else if (w.opcode == IW_RDMAP_OP_ATOMIC_REQ) {
            w.sgl = NULL;
            w.nsge = 0;
            w.aop = IW_RDMAP_AOP_FETCHADD;
            w.stag = ST_AT;
            w.to = 0x10000 + 8 * k;
            w.add_swap = k;
        }
        if (k == 21) w.stag = 0x7700; /* not registered at B: B sends a Terminate */
        CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_OK);
        both();
        if (k % 4 != 3) continue; /* four queued behind a partial send, then steps */
        for (i = 0; i < 12; i++) { /* a few steps each way, checked between them */
            (void)iw_mpa_tx_resume(&A.c);
            both();
            (void)rf_feed(&A, &B);
            both();
            (void)iw_mpa_tx_resume(&B.c);
            both();
            (void)rf_feed(&B, &A);
            both();
        }
        if (A.s.failed) break;
    }
    rf_flow(&A, &B);
    both();
    CHECK(A.ncqe >= 20);        /* the traffic ran */
    CHECK(A.nev == 1 || B.nev == 1); /* and ended with the Terminate */
    printf("# states checked: %lu idle, %lu not idle\n", n_idle, n_busy);
    CHECK(n_idle > 100);        /* both kinds of state were checked */
    CHECK(n_busy > 50);
}

/* ---- iw__rdmap_check on Write segments against RFC 5040 §7.2 ---- */

static void t_check_write(void)
{
    unsigned rv, tagged, crv, qn;
    rf_cfg_default(&CA);
    rf_cfg_default(&CB);
    REQUIRE(rf_pair_up(&A, &B, &CA, &CB) == IW_OK);
    for (crv = 0; crv < 4; crv++)
        for (rv = 0; rv < 4; rv++)
            for (tagged = 0; tagged < 2; tagged++)
                for (qn = 0; qn < 4; qn++) {
                    iw_ddp_hdr h;
                    iw_term t, want;
                    unsigned access = 0xDEAD;
                    iw_status st, want_st = IW_OK;
                    memset(&h, 0, sizeof h);
                    memset(&t, 0, sizeof t);
                    memset(&want, 0, sizeof want);
                    h.ulp = IW_RDMAP_CTRL(rv, IW_RDMAP_OP_WRITE);
                    h.tagged = (uint8_t)tagged;
                    h.last = 1;
                    h.qn = qn;
                    h.stag = 0x1234;
                    B.s.cfg.rv = (uint8_t)crv;
                    if (rv != crv) { /* §7.2 V1: (RDMAP, Remote Operation, 0x05) */
                        want_st = IW_ETERM;
                        want.layer = 0;
                        want.etype = 2;
                        want.ecode = 0x05;
                    } else if (!tagged) { /* V2: a Write is tagged (RFC 5040 §4.3) */
                        want_st = IW_ETERM;
                        want.layer = 0;
                        want.etype = 2;
                        want.ecode = 0x06;
                    }
                    st = iw__rdmap_check(&B.s, &h, &access, &t);
                    CHECK_EQ(st, want_st);
                    if (want_st == IW_OK) {
                        CHECK_EQ(access, IW_DDP_ACC_REMOTE_WRITE);
                    } else {
                        CHECK_EQ(t.layer, want.layer);
                        CHECK_EQ(t.etype, want.etype);
                        CHECK_EQ(t.ecode, want.ecode);
                    }
                }
    B.s.cfg.rv = IW_RDMAP_RV;
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"tx_idle: where the receive path skips the pump, the pump changes nothing", t_tx_idle},
        {"check_write: RDMAP-033 RDMAP-034 RDMAP-035 on Write segments", t_check_write},
    };
    return CHECK_RUN(tests);
}
