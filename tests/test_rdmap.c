/* SPDX-License-Identifier: MIT */
/* test_rdmap.c: rdmap.h over ddp.h over mpa.h. Two endpoints joined by an in-memory pipe do
 * every operation with every byte checked, fed whole, byte by byte, in random chunks and at
 * every split point, fused and verify-then-place, with partial sends; every error case sends
 * its exact Terminate (checked octet by octet against the offending segment as sent) and
 * changes no memory; the atomic arithmetic is checked against RFC 7306's bitwise pseudocode. */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "check.h"
#include "rdmap_fake.h"
#include <pthread.h>

static rf_ep A, B;
static rf_cfg CA, CB;

/* Memory of the two endpoints, with guard zones around every region. */
#define MEMSZ 65536
static uint8_t memA[MEMSZ + 128], memB[MEMSZ + 128], shadowB[MEMSZ + 128];
#define STAG_A_SINK 0x00001101u
#define STAG_A_SRC 0x00001202u
#define STAG_B_WRITE 0x00002101u /* remote write */
#define STAG_B_READ 0x00002202u  /* remote read */
#define STAG_B_ATOM 0x00002303u  /* remote atomic */
#define STAG_B_NONE 0x00002404u  /* local only */
#define STAG_B_FOREIGN 0x00002505u
#define STAG_B_INV 0x00002606u   /* for Send with Invalidate */
#define STAG_B_SHARED 0x00002707u
#define TO_B 0x10000ull

static uint8_t *A_SINK = memA + 64, *A_SRC = memA + 64 + 32768;
static uint8_t *B_BUF = memB + 64; /* every B region maps here, at TO_B */

static void fill(uint8_t *p, size_t n, unsigned long long seed)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)(check_rand(&seed) >> 56);
}

static int setup(void)
{
    fill(memA, sizeof memA, 1);
    fill(memB, sizeof memB, 2);
    if (rf_pair_up(&A, &B, &CA, &CB) != IW_OK) return 0;
    rf_reg(&A, STAG_A_SINK, A_SINK, 0x5000, 32768, IW_RDMAP_ACC_LOCAL_WRITE);
    rf_reg(&A, STAG_A_SRC, A_SRC, 0x9000, 16384, IW_DDP_ACC_REMOTE_READ);
    rf_reg(&B, STAG_B_WRITE, B_BUF, TO_B, 32768, IW_DDP_ACC_REMOTE_WRITE);
    rf_reg(&B, STAG_B_READ, B_BUF, TO_B, 32768, IW_DDP_ACC_REMOTE_READ);
    rf_reg(&B, STAG_B_ATOM, B_BUF, TO_B, 32768, IW_RDMAP_ACC_REMOTE_ATOMIC);
    rf_reg(&B, STAG_B_NONE, B_BUF, TO_B, 32768, 0)->local_only = 1;
    rf_reg(&B, STAG_B_FOREIGN, B_BUF, TO_B, 32768, IW_DDP_ACC_REMOTE_READ | IW_DDP_ACC_REMOTE_WRITE |
                                                      IW_RDMAP_ACC_REMOTE_ATOMIC)->foreign = 1;
    rf_reg(&B, STAG_B_INV, B_BUF, TO_B, 32768, IW_DDP_ACC_REMOTE_WRITE);
    rf_reg(&B, STAG_B_SHARED, B_BUF, TO_B, 32768, IW_DDP_ACC_REMOTE_WRITE)->shared = 1;
    { /* a zero-length Write: the Responder sees the Initiator's first FPDU (MPA-015) */
        iw_rdmap_wr w;
        memset(&w, 0, sizeof w);
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
        rf_flow(&A, &B);
        if (A.ncqe != 1 || iw_mpa_state(&B.c) != IW_MPA_S_FULL) return 0;
        A.ncqe = 0;
        A.scan_off = A.h.wire_len;
        B.scan_off = B.h.wire_len;
    }
    memcpy(shadowB, memB, sizeof memB);
    return 1;
}
static void cfgs_default(void)
{
    rf_cfg_default(&CA);
    rf_cfg_default(&CB);
}

/* A Read Request WR: len octets of B's (stag, to) into A's sink at sink_to. */
static iw_rdmap_wr read_wr(void *cookie, uint32_t stag, uint64_t to, uint32_t len, uint64_t sink_to)
{
    iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_READ_REQ, cookie);
    w.stag = stag;
    w.to = to;
    w.len = len;
    w.sink_stag = STAG_A_SINK;
    w.sink_to = sink_to;
    return w;
}

/* ---- codecs and arithmetic ---- */

static void t_term_codec(void)
{
    /* RFC 5040 §4.8 Figures 7-8: control word, DDP Segment Length, DDP header, RDMA header. */
    iw_rdmap_term_info ti, back;
    uint8_t out[IW_RDMAP_TERM_MAX], want[IW_RDMAP_TERM_MAX];
    size_t n, i;
    memset(&ti, 0, sizeof ti);
    ti.term.layer = 0;
    ti.term.etype = 1;
    ti.term.ecode = 0x03;
    ti.m = ti.d = ti.r = 1;
    ti.seg_len = 46;
    ti.ddp_hdr_len = 18;
    for (i = 0; i < 18; i++) ti.ddp_hdr[i] = (uint8_t)(0x41 + i);
    ti.ddp_hdr[0] = 0x41; /* untagged, L, DV 1 */
    for (i = 0; i < 28; i++) ti.rdma_hdr[i] = (uint8_t)(0xA0 + i);
    n = iw_rdmap_term_encode(&ti, out);
    memset(want, 0, sizeof want);
    want[0] = 0x01; /* Layer 0 << 4 | EType 1 */
    want[1] = 0x03;
    want[2] = 0xE0; /* M D R */
    want[3] = 0x00;
    want[4] = 0;
    want[5] = 46;
    memcpy(want + 6, ti.ddp_hdr, 18);
    memcpy(want + 24, ti.rdma_hdr, 28);
    CHECK_EQ(n, 52);
    /* RDMAP-019a RDMAP-019b RDMAP-020a RDMAP-020b: fields, reserved 0, length + 18, RR header */
    CHECK_MEM(out, want, 52);
    /* a tagged copied header is 14 octets; no R */
    ti.r = 0;
    ti.ddp_hdr[0] = 0xC1;
    ti.ddp_hdr_len = 14;
    ti.term.layer = 1;
    ti.term.etype = 1;
    ti.term.ecode = 0x01;
    n = iw_rdmap_term_encode(&ti, out);
    CHECK_EQ(n, 4 + 2 + 14); /* RDMAP-020a: T = 1, 14 octets */
    CHECK_EQ(out[0], 0x11);
    CHECK_EQ(out[2], 0xC0);
    CHECK(iw_rdmap_term_decode(out, n, &back) == IW_OK);
    { /* the DDP Segment Length is not acted on: 0 or 0xFFFF there decodes all the same */
        uint8_t odd[4 + 2 + 14];
        iw_rdmap_term_info b2;
        memcpy(odd, out, sizeof odd);
        odd[4] = odd[5] = 0;
        CHECK(iw_rdmap_term_decode(odd, sizeof odd, &b2) == IW_OK && b2.d && b2.ddp_hdr_len == 14); /* RDMAP-028b */
        odd[4] = odd[5] = 0xFF;
        CHECK(iw_rdmap_term_decode(odd, sizeof odd, &b2) == IW_OK && b2.ddp_hdr_len == 14); /* RDMAP-028b */
    }
    CHECK(back.term.layer == 1 && back.term.etype == 1 && back.term.ecode == 1);
    CHECK(back.m == 1 && back.d == 1 && back.r == 0 && back.seg_len == 46 && back.ddp_hdr_len == 14);
    CHECK_MEM(back.ddp_hdr, ti.ddp_hdr, 14);
    /* reserved bits ignored on receive */
    out[2] |= 0x1F;
    out[3] = 0xFF;
    CHECK(iw_rdmap_term_decode(out, n, &back) == IW_OK); /* RDMAP-019c */
    CHECK(back.m == 1 && back.d == 1 && back.r == 0);  /* RDMAP-019c */
    /* malformed: D announces a header that is not there */
    CHECK(iw_rdmap_term_decode(out, 10, &back) == IW_EINVAL);
    CHECK(iw_rdmap_term_decode(out, 3, &back) == IW_EINVAL);
    /* HdrCt 000 */
    memset(&ti, 0, sizeof ti);
    n = iw_rdmap_term_encode(&ti, out);
    CHECK_EQ(n, 4);
    CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0 && out[3] == 0);
}

static void t_codes(void)
{
    /* RFC 5040 Fig. 9 constants, RFC 7306 opcodes and header sizes */
    CHECK(IW_RDMAP_P_INVALID_STAG == 0 && IW_RDMAP_P_BOUNDS == 1 && IW_RDMAP_P_ACCESS == 2 &&
          IW_RDMAP_P_NOT_ASSOC == 3 && IW_RDMAP_P_TO_WRAP == 4 && IW_RDMAP_P_CANNOT_INVALIDATE == 9 &&
          IW_RDMAP_P_UNSPECIFIED == 0xFF);
    CHECK(IW_RDMAP_O_VERSION == 5 && IW_RDMAP_O_OPCODE == 6 && IW_RDMAP_O_STREAM == 7 &&
          IW_RDMAP_O_GLOBAL == 8 && IW_RDMAP_O_CANNOT_INVALIDATE == 9 && IW_RDMAP_O_UNSPECIFIED == 0xFF);
    CHECK(IW_RDMAP_OP_WRITE == 0 && IW_RDMAP_OP_READ_REQ == 1 && IW_RDMAP_OP_READ_RESP == 2 &&
          IW_RDMAP_OP_SEND == 3 && IW_RDMAP_OP_SEND_INV == 4 && IW_RDMAP_OP_SEND_SE == 5 &&
          IW_RDMAP_OP_SEND_SE_INV == 6 && IW_RDMAP_OP_TERMINATE == 7 && IW_RDMAP_OP_IMM == 8 &&
          IW_RDMAP_OP_IMM_SE == 9 && IW_RDMAP_OP_ATOMIC_REQ == 0xA && IW_RDMAP_OP_ATOMIC_RESP == 0xB);
    CHECK(IW_RDMAP_AOP_FETCHADD == 0 && IW_RDMAP_AOP_CMPSWAP == 2); /* ATOM-003a */
    CHECK(IW_RDMAP_CTRL(1, 3) == 0x43);
    {
        iw_term t = {0, 2, 0x07};
        CHECK(strcmp(iw_rdmap_term_str(t), "catastrophic error, localized to RDMAP stream") == 0);
        t.layer = 2; t.etype = 3; t.ecode = 2;
        CHECK(strcmp(iw_rdmap_term_str(t), "MPA CRC error") == 0);
        CHECK(strcmp(iw_rdmap_term_layer_str(t.layer), "MPA") == 0 &&
              strcmp(iw_rdmap_term_etype_str(t), "MPA") == 0);
        t.layer = 0; t.etype = 1; /* RFC 5040 §4.8 Fig. 9 */
        CHECK(strcmp(iw_rdmap_term_layer_str(t.layer), "RDMAP") == 0 &&
              strcmp(iw_rdmap_term_etype_str(t), "remote protection") == 0);
        t.layer = 1; t.etype = 2; /* RFC 5041 §7.2 */
        CHECK(strcmp(iw_rdmap_term_layer_str(t.layer), "DDP") == 0 &&
              strcmp(iw_rdmap_term_etype_str(t), "untagged buffer") == 0);
        t.layer = 3;
        CHECK(strcmp(iw_rdmap_term_layer_str(t.layer), "?") == 0 && strcmp(iw_rdmap_term_etype_str(t), "?") == 0);
        /* Layer 2 (LLP): MPA is EType 0 (RFC 5040 §4.8, RFC 5044 §8; 3 from Chelsio); EType 1,
         * 2 or 4-15 under Layer 2 are no MPA error (siw's swapped DDP 1/2 arrives as 2/1) */
        t.layer = 2; t.etype = 0; t.ecode = 4;
        CHECK(strcmp(iw_rdmap_term_str(t), "invalid MPA Request or Reply frame") == 0 &&
              strcmp(iw_rdmap_term_etype_str(t), "MPA") == 0);
        for (t.etype = 1; t.etype < 16; t.etype++) {
            if (t.etype == 3) continue;
            CHECK(strcmp(iw_rdmap_term_str(t), "?") == 0 && strcmp(iw_rdmap_term_etype_str(t), "?") == 0);
        }
    }
}

/* RFC 7306 §5.1.1 pseudocode, bit by bit. */
static uint64_t ref_fetchadd(uint64_t orig, uint64_t add, uint64_t mask)
{
    uint64_t res = 0, carry = 0;
    int i;
    for (i = 0; i < 64; i++) {
        uint64_t a = (orig >> i) & 1u, b = (add >> i) & 1u;
        res |= (a ^ b ^ carry) << i;
        carry = (a & b) | (a & carry) | (b & carry);
        if ((mask >> i) & 1u) carry = 0;
    }
    return res;
}
static uint64_t ref_cmpswap(uint64_t orig, uint64_t sw, uint64_t swm, uint64_t cd, uint64_t cm)
{
    int i;
    for (i = 0; i < 64; i++) /* compare bit by bit under the mask */
        if (((cm >> i) & 1u) && (((cd >> i) & 1u) != ((orig >> i) & 1u))) return orig;
    {
        uint64_t res = 0;
        for (i = 0; i < 64; i++) {
            uint64_t bit = ((swm >> i) & 1u) ? (sw >> i) & 1u : (orig >> i) & 1u;
            res |= bit << i;
        }
        return res;
    }
}

static void t_atomic_math(void)
{
    unsigned long long seed = 77;
    int i;
    /* spec rdmap.md 4 vectors */
    CHECK_EQ(iw_rdmap_fetchadd(0x00000000FFFFFFFFull, 1, 0), 0x0000000100000000ull); /* ATOM-006b */
    CHECK_EQ(iw_rdmap_fetchadd(0x00000000FFFFFFFFull, 1, 0x0000000080000000ull), 0); /* ATOM-006a */
    /* ATOM-006a: four 16-bit fields, each carry dropped */
    CHECK_EQ(iw_rdmap_fetchadd(0xFFFF0001FFFF0001ull, 0x0001000100010001ull, 0x8000800080008000ull),
             0x0000000200000002ull);
    CHECK_EQ(iw_rdmap_fetchadd(0xFFFFFFFFFFFFFFFFull, 1, 0), 0); /* ATOM-006b: modulo 2^64 */
    CHECK_EQ(iw_rdmap_cmpswap(0x1111, 0x2222, ~0ull, 0x1111, ~0ull), 0x2222); /* ATOM-007b */
    CHECK_EQ(iw_rdmap_cmpswap(0x1111, 0x2222, ~0ull, 0x1112, ~0ull), 0x1111); /* ATOM-007a */
    /* ATOM-007a ATOM-007b: only the masked half compared, only the masked half swapped */
    CHECK_EQ(iw_rdmap_cmpswap(0xAAAA0000, 0x5555FFFF, 0xFFFF, 0xAAAA1234, 0xFFFF0000), 0xAAAAFFFF);
    for (i = 0; i < 200000; i++) {
        uint64_t o = check_rand(&seed), a = check_rand(&seed), m = check_rand(&seed);
        uint64_t c = check_rand(&seed), cm = check_rand(&seed);
        if (i & 1) m &= check_rand(&seed) & check_rand(&seed); /* sparser masks */
        if (i % 3 == 0) c = o ^ (check_rand(&seed) & ~cm);    /* compares that succeed */
        CHECK_EQ(iw_rdmap_fetchadd(o, a, m), ref_fetchadd(o, a, m)); /* ATOM-006a */
        CHECK_EQ(iw_rdmap_cmpswap(o, a, m, c, cm), ref_cmpswap(o, a, m, c, cm)); /* ATOM-007a ATOM-007b */
        {
            uint64_t w = o;
            CHECK_EQ(iw_rdmap_atomic64_builtin(NULL, IW_RDMAP_AOP_FETCHADD, &w, a, m, 0, ~0ull), o);
            CHECK_EQ(w, ref_fetchadd(o, a, m));
            w = o;
            CHECK_EQ(iw_rdmap_atomic64_builtin(NULL, IW_RDMAP_AOP_CMPSWAP, &w, a, m, c, cm), o);
            CHECK_EQ(w, ref_cmpswap(o, a, m, c, cm));
        }
        if (check__failed_here) return;
    }
}

/* ---- every operation, end to end ---- */

static uint64_t be64(const uint8_t *p) { return iw_get_be64(p); }

static iw_iov sg_w[2], sg_s[6][1];
static uint8_t sbuf[6][600], rbuf[10][1024];

/* A posts every operation to B; returns 0 on a setup failure. */
static int post_all(int with_zero)
{
    iw_rdmap_wr w;
    int i, k = 0;
    uint64_t v = 0x00000000FFFFFFFFull;
    memcpy(B_BUF + 8192, &v, 8); /* the atomic target, host order */
    for (i = 0; i < 10; i++) rf_post_recv(&B, rbuf[i], sizeof rbuf[i]);
    /* RDMA Write of 3000 octets from two pieces to B_BUF + 100 */
    sg_w[0].base = A_SRC;
    sg_w[0].len = 1000;
    sg_w[1].base = A_SRC + 5000;
    sg_w[1].len = 2000;
    w = rf_wr(IW_RDMAP_OP_WRITE, (void *)1);
    w.sgl = sg_w;
    w.nsge = 2;
    w.stag = STAG_B_WRITE;
    w.to = TO_B + 100;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    /* the Send variants and Immediate Data */
    for (i = 0; i < 4; i++) {
        static const uint8_t ops[4] = {IW_RDMAP_OP_SEND, IW_RDMAP_OP_SEND_INV, IW_RDMAP_OP_SEND_SE,
                                       IW_RDMAP_OP_SEND_SE_INV};
        fill(sbuf[i], sizeof sbuf[i], 10u + (unsigned)i);
        sg_s[i][0].base = sbuf[i];
        sg_s[i][0].len = 100u + 150u * (unsigned)i;
        w = rf_wr(ops[i], (void *)(uintptr_t)(2 + i));
        w.sgl = sg_s[i];
        w.nsge = 1;
        w.inval_stag = (ops[i] == IW_RDMAP_OP_SEND_INV) ? STAG_B_INV : (ops[i] == IW_RDMAP_OP_SEND_SE_INV) ? STAG_B_WRITE : 0x77777777u;
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    }
    for (i = 0; i < 2; i++) {
        w = rf_wr(i ? IW_RDMAP_OP_IMM_SE : IW_RDMAP_OP_IMM, (void *)(uintptr_t)(6 + i));
        for (k = 0; k < 8; k++) w.imm[k] = (uint8_t)(0x10 * i + k);
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    }
    /* RDMA Read of 5000 octets of B (after the Write: it must see it, RDMAP-011) */
    w = read_wr((void *)8, STAG_B_READ, TO_B, 5000, 0x5000 + 10);
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    /* FetchAdd then CmpSwap on B_BUF + 8192 */
    w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)9);
    w.aop = IW_RDMAP_AOP_FETCHADD;
    w.stag = STAG_B_ATOM;
    w.to = TO_B + 8192;
    w.add_swap = 1;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)10);
    w.aop = IW_RDMAP_AOP_CMPSWAP;
    w.stag = STAG_B_ATOM;
    w.to = TO_B + 8192;
    w.add_swap = 0x2222;
    w.add_swap_mask = ~0ull;
    w.cmp = 0x0000000100000000ull;
    w.cmp_mask = ~0ull;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    if (with_zero) { /* zero-length Write, Send and Read */
        w = rf_wr(IW_RDMAP_OP_WRITE, (void *)11);
        w.stag = 0x99999999u; /* a zero-length Write checks no STag (DDP-024) */
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
        w = rf_wr(IW_RDMAP_OP_SEND, (void *)12);
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
        w = rf_wr(IW_RDMAP_OP_READ_REQ, (void *)13);
        w.stag = 0x88888888u; /* RDMARDSZ 0: not validated (RDMAP-009a) */
        w.sink_stag = STAG_A_SINK;
        w.sink_to = 0x5000;
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    }
    return 1;
}

/* Check everything post_all should have done. */
static void check_all(int with_zero)
{
    int i, n = with_zero ? 13 : 10;
    uint64_t v;
    /* the Write landed, nothing around it changed (placed only) */
    CHECK_MEM(B_BUF + 100, A_SRC, 1000);
    CHECK_MEM(B_BUF + 1100, A_SRC + 5000, 2000);
    CHECK_MEM(memB, shadowB, 64 + 100);
    CHECK_MEM(B_BUF + 3100, shadowB + 64 + 3100, 8192 - 3100);
    CHECK_MEM(B_BUF + 8200, shadowB + 64 + 8200, MEMSZ + 64 - 8200);
    /* receives: 4 Sends then 2 Immediates (+ the zero-length Send), in order (RDMAP-053) */
    /* RDMAP-007a RDMAP-008a ATOM-014a: no receive completion for Writes, Reads, Atomics */
    CHECK_EQ(B.nrecv, with_zero ? 7 : 6);
    /* RDMAP-015 IMM-004a RDMAP-007b RDMAP-008b: one receive per Send and Immediate, none else */
    CHECK_EQ(B.rq_head, with_zero ? 7 : 6);
    for (i = 0; i < 4 && i < B.nrecv; i++) {
        const iw_rdmap_recv *r = &B.recvs[i];
        CHECK_EQ(r->status, IW_OK);
        CHECK_EQ(r->opcode, IW_RDMAP_OP_SEND + (unsigned)i);
        CHECK_EQ(r->len, 100u + 150u * (unsigned)i); /* RDMAP-016a: completes with its length */
        CHECK_MEM(rbuf[i], sbuf[i], r->len);
        CHECK_EQ(r->solicited, i >= 2); /* RDMAP-018a RDMAP-018b: 0x5, 0x6 only */
        CHECK_EQ(r->invalidated, i == 1 || i == 3); /* RDMAP-017b: reported invalidated */
        if (i == 1) CHECK_EQ(r->inval_stag, STAG_B_INV); /* RDMAP-017b: with its STag */
        if (i == 3) CHECK_EQ(r->inval_stag, STAG_B_WRITE); /* RDMAP-017b */
        CHECK(!r->has_imm);
    }
    CHECK_EQ(B.ninval, 2); /* RDMAP-017a */
    CHECK(!rf_find(&B, STAG_B_INV)->valid && !rf_find(&B, STAG_B_WRITE)->valid); /* RDMAP-017a */
    /* IMM-007b: the Immediates took the fifth and sixth Receives, after the Sends */
    CHECK(B.nrecv >= 6 && B.recvs[4].opcode == IW_RDMAP_OP_IMM && B.recvs[5].opcode == IW_RDMAP_OP_IMM_SE);
    for (i = 4; i < 6 && i < B.nrecv; i++) { /* the Immediates */
        const iw_rdmap_recv *r = &B.recvs[i];
        int k;
        CHECK_EQ(r->status, IW_OK);
        CHECK_EQ(r->opcode, i == 4 ? IW_RDMAP_OP_IMM : IW_RDMAP_OP_IMM_SE);
        CHECK(r->has_imm && r->len == 0); /* IMM-005a IMM-005b: in the WC, nothing placed */
        CHECK_EQ(r->solicited, i == 5); /* IMM-006a IMM-006b: 0x9 solicited, 0x8 not */
        for (k = 0; k < 8; k++) CHECK_EQ(r->imm[k], 0x10 * (i - 4) + k); /* IMM-005a */
    }
    /* IMM-007b: the Send after the Immediates comes after them */
    if (with_zero) CHECK(B.nrecv > 6 && B.recvs[6].status == IW_OK && B.recvs[6].len == 0);
    /* the Read saw the Write (RDMAP-011), into the sink only */
    {
        uint8_t want[5000];
        memcpy(want, shadowB + 64, 5000);
        memcpy(want + 100, A_SRC, 1000);
        memcpy(want + 1100, A_SRC + 5000, 2000);
        CHECK_MEM(A_SINK + 10, want, 5000);
    }
    /* atomics: FetchAdd returned 0xFFFFFFFF, CmpSwap saw 0x100000000 and swapped */
    memcpy(&v, B_BUF + 8192, 8);
    CHECK_EQ(v, 0x2222);
    /* completions: every one, in submission order, OK (RDMAP-052) */
    CHECK_EQ(A.ncqe, n);
    for (i = 0; i < n && i < A.ncqe; i++) {
        CHECK_EQ((uintptr_t)A.cqes[i].cookie, (uintptr_t)(i + 1));
        CHECK_EQ(A.cqes[i].status, IW_OK);
    }
    if (A.ncqe >= 10) {
        CHECK_EQ(A.cqes[0].len, 3000);
        CHECK_EQ(A.cqes[7].len, 5000);
        CHECK_EQ(A.cqes[8].orig, 0x00000000FFFFFFFFull); /* ATOM-009b */
        CHECK_EQ(A.cqes[9].orig, 0x0000000100000000ull); /* ATOM-009b: the CmpSwap that swapped */
    }
    CHECK_EQ(A.nev + B.nev, 0);
    CHECK_EQ(iw_rdmap_ord_outstanding(&A.s), 0);
    CHECK_EQ(iw_rdmap_ird_outstanding(&B.s), 0);
}

/* The wire: every FPDU A sent has RV 01b and Rsv 0, and the requests have their layouts. */
static void check_wire(void)
{
    size_t n;
    const uint8_t *u;
    int k;
    uint32_t rid = 0;
    for (k = 0; (u = rf_fpdu(&A, 99, k, &n)) != NULL; k++)
        CHECK_EQ(u[1] & 0xF0u, 0x40u); /* RDMAP-001a: RV 01b; RDMAP-001b: Rsv 0 */
    u = rf_fpdu(&A, IW_RDMAP_OP_WRITE, 0, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(u[0] & 0x80u, 0x80u); /* RDMAP-003a: a Write is tagged */
    for (k = 0; k < 4; k++) { /* RDMAP-003b: the Send types, untagged on QN 0 */
        u = rf_fpdu(&A, IW_RDMAP_OP_SEND + (unsigned)k, 0, &n);
        REQUIRE(u != NULL);
        CHECK(u[0] == 0x41 && iw_get_be32(u + 6) == 0); /* RDMAP-003b */
    }
    u = rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 0, &n); /* RDMAP-005: 46 octets, QN 1, MSN 1 */
    REQUIRE(u != NULL);
    CHECK_EQ(n, 46);
    CHECK_EQ(u[0], 0x41);
    CHECK_EQ(iw_get_be32(u + 2), 0); /* RDMAP-004b: a Read Request has no Invalidate STag */
    CHECK_EQ(iw_get_be32(u + 6), 1); /* RDMAP-003c: untagged on QN 1 */
    CHECK_EQ(iw_get_be32(u + 10), 1);
    CHECK_EQ(iw_get_be32(u + 18), STAG_A_SINK);
    CHECK_EQ(be64(u + 22), 0x5000 + 10);
    CHECK_EQ(iw_get_be32(u + 30), 5000);
    CHECK_EQ(iw_get_be32(u + 34), STAG_B_READ);
    CHECK_EQ(be64(u + 38), TO_B);
    u = rf_fpdu(&A, IW_RDMAP_OP_ATOMIC_REQ, 0, &n); /* ATOM-002, ATOM-011: MSN 2 of QN 1 */
    REQUIRE(u != NULL);
    CHECK_EQ(n, 70);
    rid = iw_get_be32(u + 22);
    CHECK(u[0] == 0x41 && u[1] == 0x4A); /* ATOM-001a: untagged, opcode 0xA, RV 01b */
    CHECK_EQ(iw_get_be32(u + 2), 0); /* ATOM-001c: Invalidate STag 0 */
    CHECK_EQ(iw_get_be32(u + 6), 1); /* ATOM-001a: QN 1 */
    CHECK_EQ(iw_get_be32(u + 10), 2);
    CHECK_EQ(iw_get_be32(u + 18), 0); /* ATOM-003a ATOM-003b: reserved 0, AOpCode FetchAdd */
    CHECK_EQ(iw_get_be32(u + 26), STAG_B_ATOM);
    CHECK_EQ(be64(u + 30), TO_B + 8192);
    CHECK_EQ(be64(u + 38), 1);
    CHECK_EQ(be64(u + 46), 0);
    CHECK_EQ(be64(u + 54), 0);     /* ATOM-008a: Compare Data 0 ... */
    CHECK_EQ(be64(u + 62), ~0ull); /* ATOM-008a: ... Compare Mask all ones */
    u = rf_fpdu(&A, IW_RDMAP_OP_ATOMIC_REQ, 1, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(iw_get_be32(u + 18), IW_RDMAP_AOP_CMPSWAP); /* ATOM-003a ATOM-003b */
    CHECK_EQ(iw_get_be32(u + 10), 3);
    u = rf_fpdu(&B, IW_RDMAP_OP_ATOMIC_RESP, 0, &n); /* ATOM-004 */
    REQUIRE(u != NULL);
    CHECK_EQ(n, 30);
    CHECK(u[0] == 0x41 && u[1] == 0x4B); /* ATOM-001b: untagged, opcode 0xB, RV 01b */
    CHECK_EQ(iw_get_be32(u + 2), 0); /* ATOM-001c: Invalidate STag 0 */
    CHECK_EQ(iw_get_be32(u + 6), 3); /* ATOM-001b: QN 3 */
    CHECK_EQ(iw_get_be32(u + 10), 1); /* ATOM-012a: QN 3's own MSN sequence, from 1 */
    CHECK_EQ(iw_get_be32(u + 18), rid); /* ATOM-009a: the Request Identifier echoed */
    CHECK_EQ(be64(u + 22), 0x00000000FFFFFFFFull); /* ATOM-009b: the original value, big-endian */
    u = rf_fpdu(&B, IW_RDMAP_OP_ATOMIC_RESP, 1, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(iw_get_be32(u + 10), 2); /* ATOM-012a */
    u = rf_fpdu(&A, IW_RDMAP_OP_IMM, 0, &n); /* IMM-002: QN 0, MSN after the Sends */
    REQUIRE(u != NULL);
    CHECK_EQ(n, 26);
    CHECK_EQ(iw_get_be32(u + 6), 0); /* IMM-007a: on QN 0 */
    CHECK_EQ(iw_get_be32(u + 10), 5); /* IMM-004a IMM-007a: the next MSN of QN 0 */
    u = rf_fpdu(&A, IW_RDMAP_OP_SEND_INV, 0, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(iw_get_be32(u + 2), STAG_B_INV); /* RDMAP-004a: 0x4 carries the STag */
    u = rf_fpdu(&A, IW_RDMAP_OP_SEND_SE_INV, 0, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(iw_get_be32(u + 2), STAG_B_WRITE); /* RDMAP-004a: 0x6 carries the STag */
    u = rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(iw_get_be32(u + 2), 0); /* RDMAP-004b: the WR's inval_stag is not sent */
    u = rf_fpdu(&A, IW_RDMAP_OP_SEND_SE, 0, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(iw_get_be32(u + 2), 0); /* RDMAP-004b */
    u = rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n);
    CHECK_EQ(iw_get_be32(u + 10), 1); /* RDMAP-055a: MSN 1 first */
    u = rf_fpdu(&B, IW_RDMAP_OP_READ_RESP, 0, &n);
    REQUIRE(u != NULL);
    CHECK_EQ(u[0] & 0x80u, 0x80u); /* RDMAP-003a: a Read Response is tagged */
    CHECK_EQ(iw_get_be32(u + 2), STAG_A_SINK); /* RDMAP-006a: SinkSTag */
    CHECK_EQ(be64(u + 6), 0x5000 + 10); /* RDMAP-006b: SinkTO */
    { /* the 5000-octet Read's response: its segments carry 5000 octets, L on the last */
        size_t total = 0;
        int last = 0;
        for (k = 0; (u = rf_fpdu(&B, IW_RDMAP_OP_READ_RESP, k, &n)) != NULL; k++) {
            if (iw_get_be32(u + 2) != STAG_A_SINK || be64(u + 6) < 0x5000 + 10) continue;
            total += n - 14;
            last = (u[0] & 0x40u) != 0;
        }
        CHECK_EQ(total, 5000); /* RDMAP-006c: RDMARDSZ octets in total */
        CHECK(last); /* RDMAP-006c */
    }
}

static void run_all(int fused, int crc, int markers, size_t chunk, size_t accept, int zero)
{
    cfgs_default();
    CA.fused = CB.fused = fused;
    CA.crc = CB.crc = crc;
    CA.markers = CB.markers = markers;
    REQUIRE(setup());
    A.chunk = B.chunk = chunk;
    A.seed = 5;
    B.seed = 6;
    hf_limit(&A.h, accept);
    hf_limit(&B.h, accept);
    REQUIRE(post_all(zero));
    rf_flow(&A, &B);
    check_all(zero);
    if (!markers) check_wire();
}

static void t_all_ops(void)
{
    run_all(1, 1, 0, 0, 0, 1);
}
static void t_all_ops_chunkings(void)
{
    size_t chunks[] = {1, 2, 3, 7, 100, 1459, (size_t)-1};
    size_t i;
    for (i = 0; i < sizeof chunks / sizeof chunks[0] && !check__failed_here; i++) {
        run_all(1, 1, 0, chunks[i], 0, 1);
        run_all(0, 1, 0, chunks[i], 0, 1);
        run_all(1, 0, 0, chunks[i], 0, 1);
        run_all(1, 1, 1, chunks[i], 0, 1);
    }
}
static void t_all_ops_partial_sends(void)
{
    size_t acc[] = {1, 5, 13, 700};
    size_t i;
    for (i = 0; i < 4 && !check__failed_here; i++) run_all(1, 1, 0, (size_t)-1, acc[i], 1);
}

/* Every split point of the request stream (A -> B) into two feeds. */
static void t_all_ops_split(void)
{
    size_t k, total;
    cfgs_default();
    REQUIRE(setup());
    REQUIRE(post_all(0));
    total = A.h.wire_len - A.out_off;
    rf_flow(&A, &B);
    check_all(0);
    for (k = 1; k < total && !check__failed_here; k++) {
        cfgs_default();
        CB.fused = (int)(k & 1);
        REQUIRE(setup());
        REQUIRE(post_all(0));
        B.split = k;
        rf_flow(&A, &B);
        check_all(0);
        if (check__failed_here) fprintf(stderr, "  split at %zu of %zu\n", k, total);
    }
}

/* ---- ordering and limits ---- */

static void t_ord_limit(void)
{
    int i;
    size_t n;
    cfgs_default();
    CA.ord = 2;
    REQUIRE(setup());
    REQUIRE(iw_rdmap_set_ird_ord(&A.s, 8, 2) == IW_OK);
    for (i = 0; i < 4; i++) {
        iw_rdmap_wr w = rf_wr(i == 2 ? IW_RDMAP_OP_ATOMIC_REQ : IW_RDMAP_OP_READ_REQ, (void *)(uintptr_t)(i + 1));
        w.stag = i == 2 ? STAG_B_ATOM : STAG_B_READ;
        w.to = TO_B + 64u * (unsigned)i;
        w.len = i == 2 ? 0 : 64;
        w.sink_stag = STAG_A_SINK;
        w.sink_to = 0x5000 + 64u * (unsigned)i;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    }
    /* RDMAP-014 RDMAP-055c: two requests on the wire at once, the rest wait for responses */
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 1, &n) != NULL);
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_ATOMIC_REQ, 0, &n) == NULL); /* ATOM-013a: held by ORD */
    CHECK_EQ(iw_rdmap_ord_outstanding(&A.s), 2);
    rf_flow(&A, &B);
    CHECK_EQ(A.ncqe, 4);
    for (i = 0; i < A.ncqe; i++) CHECK_EQ(A.cqes[i].status, IW_OK);
    CHECK_MEM(A_SINK, B_BUF, 128);
    CHECK_MEM(A_SINK + 192, B_BUF + 192, 64);
}

/* Several Reads outstanding are answered in request order (RDMAP-054) and a Read
 * completes only once its whole response is placed (RDMAP-012); the read fence holds a later
 * operation until earlier Reads complete. */
static void t_read_order(void)
{
    int i;
    size_t n;
    const uint8_t *u;
    cfgs_default();
    REQUIRE(setup());
    for (i = 0; i < 3; i++) {
        iw_rdmap_wr w = read_wr((void *)(uintptr_t)(i + 1), STAG_B_READ, TO_B + 5000u * (unsigned)i, 4000,
                                0x5000 + 8000u * (unsigned)(2 - i));
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    }
    {
        iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_SEND, (void *)4);
        w.flags = IW_RDMAP_F_READ_FENCE;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        rf_post_recv(&B, rbuf[0], 16);
        CHECK(rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n) == NULL); /* fenced */
    }
    hf_limit(&B.h, 100); /* responses trickle out */
    (void)rf_feed(&A, &B);
    for (i = 0; i < 10000 && A.ncqe == 0; i++) {
        (void)iw_mpa_tx_resume(&B.c);
        (void)rf_feed(&B, &A);
        if (A.ncqe == 0) { /* not before the last octet of the first response */
            CHECK(iw_rdmap_ord_outstanding(&A.s) == 3);
        }
    }
    rf_flow(&A, &B);
    CHECK_EQ(A.ncqe, 4);
    for (i = 0; i < 3; i++) {
        u = rf_fpdu(&B, IW_RDMAP_OP_READ_RESP, 0, &n);
        CHECK_MEM(A_SINK + 8000 * (2 - i), B_BUF + 5000 * i, 4000); /* RDMAP-010a: each answered */
    }
    /* the responses go out in request order: sinks at 16000, 8000, 0 (RDMAP-054) */
    {
        uint64_t last = 2;
        int k;
        for (k = 0; (u = rf_fpdu(&B, IW_RDMAP_OP_READ_RESP, k, &n)) != NULL; k++) {
            uint64_t idx = (be64(u + 6) - 0x5000) / 8000;
            CHECK(idx <= last); /* RDMAP-010b */
            last = idx;
        }
        CHECK(k >= 6 && last == 0);
    }
    CHECK_EQ(B.nrecv, 1);
}

/* A later Write is placed before the Read Response? No guarantee; but a Write then an
 * Immediate: when the Immediate completes at the sink, the Write is placed (IMM-008). */
static void t_write_then_imm(void)
{
    iw_rdmap_wr w;
    cfgs_default();
    REQUIRE(setup());
    rf_post_recv(&B, rbuf[0], 0); /* a zero-length receive suffices */
    B.snap_src = B_BUF + 4096;
    sg_w[0].base = A_SRC;
    sg_w[0].len = 3000;
    w = rf_wr(IW_RDMAP_OP_WRITE, (void *)1);
    w.sgl = sg_w;
    w.nsge = 1;
    w.stag = STAG_B_WRITE;
    w.to = TO_B + 4096;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    w = rf_wr(IW_RDMAP_OP_IMM, (void *)2);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    B.chunk = 1;
    rf_flow(&A, &B);
    CHECK_EQ(B.nrecv, 1); /* IMM-005b: a zero-length Receive took it */
    CHECK_MEM(B.snap, A_SRC, sizeof B.snap); /* IMM-008 */
    CHECK_EQ(A.ncqe, 2);
    /* the same with the Write held back by the Read fence behind a Read: the Immediate,
     * posted while the Write waits, still finds it placed */
    cfgs_default();
    REQUIRE(setup());
    rf_post_recv(&B, rbuf[0], 0);
    B.snap_src = B_BUF + 4096;
    w = read_wr((void *)1, STAG_B_READ, TO_B + 8192, 2000, 0x5000);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    w = rf_wr(IW_RDMAP_OP_WRITE, (void *)2);
    w.flags = IW_RDMAP_F_READ_FENCE;
    w.sgl = sg_w;
    w.nsge = 1;
    w.stag = STAG_B_WRITE;
    w.to = TO_B + 4096;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    w = rf_wr(IW_RDMAP_OP_IMM, (void *)3);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    CHECK_EQ(B.nrecv, 1);
    CHECK_MEM(B.snap, A_SRC, sizeof B.snap); /* IMM-008: the Write was placed first */
    CHECK_EQ(A.ncqe, 3);
}

/* Atomics: in order, each on the result of the one before (ATOM-016). */
static void t_atomic_sequence(void)
{
    int i;
    uint64_t v = 0xFFFF0001FFFF0001ull;
    cfgs_default();
    REQUIRE(setup());
    memcpy(B_BUF + 64, &v, 8);
    for (i = 0; i < 6; i++) {
        iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)(uintptr_t)(i + 1));
        w.aop = IW_RDMAP_AOP_FETCHADD;
        w.stag = STAG_B_ATOM;
        w.to = TO_B + 64;
        w.add_swap = 0x0001000100010001ull;
        w.add_swap_mask = 0x8000800080008000ull;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    }
    rf_flow(&A, &B);
    CHECK_EQ(A.ncqe, 6); /* ATOM-012b: six outstanding, each Response matched to the oldest */
    for (i = 0; i < 6 && i < A.ncqe; i++) {
        CHECK_EQ(A.cqes[i].status, IW_OK); /* ATOM-009a ATOM-012a ATOM-012b: each Response accepted */
        CHECK_EQ(A.cqes[i].orig, v); /* ATOM-012b: the i-th Response completes the i-th WR */
        v = ref_fetchadd(v, 0x0001000100010001ull, 0x8000800080008000ull);
    }
    {
        uint64_t now;
        memcpy(&now, B_BUF + 64, 8);
        CHECK_EQ(now, v);
    }
    /* FetchAdd of 0: the discovery probe leaves memory unchanged */
    {
        iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)7);
        uint64_t now;
        w.stag = STAG_B_ATOM;
        w.to = TO_B + 64;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        rf_flow(&A, &B);
        memcpy(&now, B_BUF + 64, 8);
        CHECK_EQ(now, v); /* ATOM-022b: memory unchanged */
        CHECK(A.ncqe == 7 && A.cqes[6].status == IW_OK && A.cqes[6].orig == v); /* ATOM-022b */
    }
    /* a CmpSwap whose compare fails, then a FetchAdd: each answered, in order */
    {
        iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)8);
        uint64_t now;
        w.aop = IW_RDMAP_AOP_CMPSWAP;
        w.stag = STAG_B_ATOM;
        w.to = TO_B + 64;
        w.add_swap = 0x5555;
        w.add_swap_mask = ~0ull;
        w.cmp = ~v;
        w.cmp_mask = ~0ull;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        w.cookie = (void *)9;
        w.aop = IW_RDMAP_AOP_FETCHADD;
        w.add_swap = 2;
        w.add_swap_mask = 0;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        rf_flow(&A, &B);
        CHECK_EQ(A.ncqe, 9); /* ATOM-014b: one Response each, the failed compare's too */
        CHECK(A.ncqe == 9 && A.cqes[7].orig == v && A.cqes[8].orig == v); /* ATOM-014b */
        memcpy(&now, B_BUF + 64, 8);
        CHECK_EQ(now, v + 2);
        CHECK_EQ(A.nev + B.nev, 0);
    }
}

/* Concurrent FetchAdds from several streams through the builtin atomic op (ATOM-017). */
#define NTHR 3
#define NADD 300
static uint64_t g_counter __attribute__((aligned(8)));
static rf_ep tA[NTHR], tB[NTHR];
static uint8_t t_out[NTHR][2][1u << 18];
static iw_rdmap_ops thr_ops[NTHR];
static unsigned long thr_calls[NTHR];
/* the RNIC-wide atomic op (the builtin), counting its calls per responder */
static uint64_t thr_atomic64(void *ctx, unsigned aop, void *p, uint64_t as, uint64_t asm_, uint64_t cd,
                             uint64_t cm)
{
    thr_calls[(rf_ep *)ctx - tB]++;
    return iw_rdmap_atomic64_builtin(ctx, aop, p, as, asm_, cd, cm);
}
static void *thr_main(void *arg)
{
    int id = (int)(intptr_t)arg, i;
    rf_cfg ca, cb;
    rf_cfg_default(&ca);
    rf_cfg_default(&cb);
    cb.builtin_atomic = 1;
    ca.fused = cb.fused = 0;
    if (rf_pair_up_buf(&tA[id], &tB[id], &ca, &cb, t_out[id][0], t_out[id][1], sizeof t_out[id][0]) != IW_OK) return (void *)1;
    thr_ops[id] = *tB[id].s.ops;
    thr_ops[id].atomic64 = thr_atomic64;
    tB[id].s.ops = &thr_ops[id];
    rf_reg(&tB[id], 0x42, &g_counter, 0x1000, 8, IW_RDMAP_ACC_REMOTE_ATOMIC);
    for (i = 0; i < NADD; i++) {
        iw_rdmap_wr w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, NULL);
        w.stag = 0x42;
        w.to = 0x1000;
        w.add_swap = 1;
        if (tA[id].out_off == tA[id].h.wire_len && tB[id].out_off == tB[id].h.wire_len) {
            tA[id].out_off = tA[id].scan_off = tA[id].h.wire_len = 0; /* keep the wire small */
            tB[id].out_off = tB[id].scan_off = tB[id].h.wire_len = 0;
        }
        if (iw_rdmap_post(&tA[id].s, &w) != IW_OK) return (void *)2;
        rf_flow(&tA[id], &tB[id]);
    }
    if (tA[id].ncqe != NADD) fprintf(stderr, "  thread %d: %d completions, nev %d %d\n", id, tA[id].ncqe, tA[id].nev, tB[id].nev);
    return tA[id].ncqe == NADD ? NULL : (void *)3;
}
#define NHAMMER 2000000
static int g_gate; /* the hammering threads start together */
static void *thr_hammer(void *arg)
{
    int i;
    (void)arg;
    __atomic_add_fetch(&g_gate, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&g_gate, __ATOMIC_SEQ_CST) < NTHR) continue;
    for (i = 0; i < NHAMMER; i++)
        (void)iw_rdmap_atomic64_builtin(NULL, IW_RDMAP_AOP_FETCHADD, &g_counter, 1, 0, 0, ~0ull);
    return NULL;
}
static void t_atomic_threads(void)
{
    pthread_t th[NTHR];
    int i;
    void *rv;
    g_counter = 0;
    rf_ops_setup();
    for (i = 0; i < NTHR; i++) REQUIRE(pthread_create(&th[i], NULL, thr_main, (void *)(intptr_t)i) == 0);
    for (i = 0; i < NTHR; i++) {
        REQUIRE(pthread_join(th[i], &rv) == 0);
        if (rv != NULL) fprintf(stderr, "  thread %d returned %p\n", i, rv);
        CHECK(rv == NULL);
    }
    CHECK_EQ(g_counter, (uint64_t)NTHR * NADD);
    /* ATOM-017: every Atomic went through the ULP's RNIC-wide atomic op */
    CHECK_EQ(thr_calls[0] + thr_calls[1] + thr_calls[2], (unsigned long)NTHR * NADD);
    /* ATOM-017: the builtin op itself loses no update under contention */
    g_counter = 0;
    g_gate = 0;
    for (i = 0; i < NTHR; i++) REQUIRE(pthread_create(&th[i], NULL, thr_hammer, NULL) == 0);
    for (i = 0; i < NTHR; i++) REQUIRE(pthread_join(th[i], &rv) == 0);
    CHECK_EQ(g_counter, (uint64_t)NTHR * NHAMMER);
}

/* Peer-to-peer: MPA's own RTR took MSN 1 of its queue; RDMAP's first real message uses the
 * next one and both ends agree (RFC 6581). Without P2P both queues start at MSN 1. */
static void t_rtr_msn(void)
{
    unsigned rtrs[2] = {IW_MPA_RTR_READ, IW_MPA_RTR_SEND}; /* k 2: no P2P, no RTR */
    int k;
    for (k = 0; k < 3; k++) {
        iw_rdmap_wr w;
        cfgs_default();
        CA.p2p = CB.p2p = k < 2;
        if (k < 2) CA.rtr = CB.rtr = (int)rtrs[k];
        fill(memA, sizeof memA, 1);
        fill(memB, sizeof memB, 2);
        REQUIRE(rf_ep_init(&A, &CA, IW_MPA_INITIATOR, rf_out_a, RF_OUT_CAP) == IW_OK);
        REQUIRE(rf_ep_init(&B, &CB, IW_MPA_RESPONDER, rf_out_b, RF_OUT_CAP) == IW_OK);
        rf_reg(&A, STAG_A_SINK, A_SINK, 0x5000, 32768, IW_RDMAP_ACC_LOCAL_WRITE);
        rf_reg(&B, STAG_B_READ, B_BUF, TO_B, 32768, IW_DDP_ACC_REMOTE_READ);
        rf_post_recv(&B, rbuf[0], 0); /* a Send RTR takes a receive */
        rf_post_recv(&B, rbuf[1], 64);
        REQUIRE(iw_mpa_start(&B.c, NULL, 0) == IW_OK);
        REQUIRE(iw_mpa_start(&A.c, NULL, 0) == IW_OK);
        rf_flow(&A, &B);
        /* without P2P B is in Full Operation at A's first FPDU */
        REQUIRE(iw_mpa_state(&A.c) == IW_MPA_S_FULL && (k == 2 || iw_mpa_state(&B.c) == IW_MPA_S_FULL));
        A.scan_off = A.h.wire_len; /* what RDMAP sends from here on */
        w = read_wr((void *)1, STAG_B_READ, TO_B, 100, 0x5000);
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        w = rf_wr(IW_RDMAP_OP_SEND, (void *)2);
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        rf_flow(&A, &B);
        { /* on the wire: the RTR's queue goes on with MSN 2, the other starts at 1 */
            const uint8_t *rr, *sd;
            size_t n;
            rr = rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 0, &n);
            sd = rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n);
            REQUIRE(rr != NULL && sd != NULL);
            CHECK_EQ(iw_get_be32(rr + 10), k == 0 ? 2u : 1u); /* RDMAP-055a RDMAP-055b */
            CHECK_EQ(iw_get_be32(sd + 10), k == 1 ? 2u : 1u); /* RDMAP-055a RDMAP-055b, MPA-043b */
        }
        CHECK_EQ(A.ncqe, 2); /* MPA-044a: the RTR gave no WC */
        CHECK_EQ(A.nev + B.nev, 0);
        CHECK_MEM(A_SINK, B_BUF, 100);
        CHECK_EQ(B.nrecv, k == 1 ? 2 : 1); /* MPA-043a: a Send RTR takes one receive (MPA-043c) */
    }
}

/* ---- errors: the exact Terminate ---- */

/* det sent exactly one Terminate with (l, e, c), header control m/d/r, copying the offending
 * ULPDU off[0..off_len) (its DDP header, and its RDMA header when r); nothing after it; the
 * peer decoded the same; memory of B unchanged outside what a test allows. */
static void expect_term(rf_ep *det, rf_ep *peer, unsigned l, unsigned e, unsigned c, int m, int d,
                        int r, const uint8_t *off, size_t off_len)
{
    const uint8_t *t;
    rf_scan(det, det->scan_off);
    CHECK_EQ(det->nterm_sent, 1);      /* RDMAP-022a: one Terminate; RDMAP-056a: it went out */
    CHECK_EQ(det->sent_after_term, 0); /* RDMAP-022b: nothing after it */
    CHECK_EQ(det->nev, 1);
    CHECK_EQ(det->ev.kind, IW_RDMAP_EV_TERM_SENT);                 /* RDMAP-032 */
    REQUIRE(det->nterm_sent >= 1);
    t = det->last_term;
    CHECK_EQ(t[0], 0x41); /* RDMAP-021a: untagged, L = 1 */
    CHECK_EQ(t[1], 0x47);
    CHECK_EQ(iw_get_be32(t + 2), 0); /* RDMAP-021c: Invalidate STag 0 */
    CHECK_EQ(iw_get_be32(t + 6), 2); /* RDMAP-021b: QN 2 */
    CHECK_EQ(iw_get_be32(t + 10), 1); /* RDMAP-021b: MSN 1 */
    CHECK_EQ(iw_get_be32(t + 14), 0); /* RDMAP-021b: MO 0 */
    CHECK_EQ(t[18], (l << 4) | e);
    CHECK_EQ(t[19], c);
    CHECK_EQ(t[20], (m ? 0x80u : 0) | (d ? 0x40u : 0) | (r ? 0x20u : 0));
    CHECK_EQ(t[21], 0);
    if (d) {
        size_t hl = iw_ddp_hdr_len(off[0]);
        CHECK_EQ(det->last_term_len, 18 + 4 + 2 + hl + (r ? 28u : 0u)); /* RDMAP-021d: <= 70 */
        CHECK_EQ(iw_get_be16(t + 22), off_len);                   /* RDMAP-028a */
        CHECK_MEM(t + 24, off, hl);                                /* RDMAP-020a */
        if (r) CHECK_MEM(t + 24 + hl, off + 18, 28);               /* RDMAP-020b */
    } else {
        CHECK_EQ(det->last_term_len, 22); /* RDMAP-021d */
    }
    /* RDMAP-056b: the LLP is closed gracefully after it */
    CHECK_EQ(det->closed, 1);
    CHECK(det->h.closed);
    /* the peer got it, decoded: and sent none back */
    CHECK_EQ(peer->nev, 1);
    CHECK_EQ(peer->ev.kind, IW_RDMAP_EV_TERM_RCVD); /* RDMAP-024b: passed to the ULP */
    /* RDMAP-024b: with its Layer, EType, Code and header control */
    CHECK(peer->ev.term.term.layer == l && peer->ev.term.term.etype == e && peer->ev.term.term.ecode == c);
    CHECK(peer->ev.term.m == m && peer->ev.term.d == d && peer->ev.term.r == r); /* RDMAP-024b */
    rf_scan(peer, peer->scan_off);
    CHECK_EQ(peer->nterm_sent, 0); /* RDMAP-024a: never answered */
}

static void check_b_unchanged(void)
{
    CHECK_MEM(memB, shadowB, sizeof memB);
}

/* A Read Request for (stag, to, len) from A; the error B must send. */
static void read_err(uint32_t stag, uint64_t to, uint32_t len, unsigned l, unsigned e, unsigned c)
{
    iw_rdmap_wr w;
    const uint8_t *u;
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    w = read_wr((void *)1, stag, to, len, 0x5000);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    u = rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 0, &n);
    REQUIRE(u != NULL);
    expect_term(&B, &A, l, e, c, 1, 1, l == 0 && e == 1, u, n);
    CHECK_EQ(A.ncqe, 1);
    if (A.ncqe) CHECK_EQ(A.cqes[0].status, IW_ECLOSED); /* RDMAP-057b: flushed */
    check_b_unchanged();
}

static void t_read_errors(void)
{
    read_err(0x12345678u, TO_B, 100, 0, 1, 0x00); /* RDMAP-040a RDMAP-026a RDMAP-026b RDMAP-029a: M D R, request header */
    read_err(0, TO_B, 100, 0, 1, 0x00); /* RDMAP-040a: STag 0 */
    read_err(STAG_B_FOREIGN, TO_B, 100, 0, 1, 0x03); /* RDMAP-041 */
    read_err(STAG_B_WRITE, TO_B, 100, 0, 1, 0x02);   /* RDMAP-042 */
    read_err(STAG_B_READ, TO_B + 32700, 100, 0, 1, 0x01); /* RDMAP-043 */
    read_err(STAG_B_READ, TO_B - 1, 100, 0, 1, 0x01);
    read_err(STAG_B_READ, ~0ull - 10, 100, 0, 1, 0x04);  /* RDMAP-044 */
}

/* RDMARDSZ 0: no validation, a zero-length response. */
static void t_read_zero(void)
{
    iw_rdmap_wr w;
    const uint8_t *u;
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    w = rf_wr(IW_RDMAP_OP_READ_REQ, (void *)1);
    w.stag = 0xDEADBEEFu;
    w.to = ~0ull;
    w.sink_stag = STAG_A_SINK;
    w.sink_to = 0x5000;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    CHECK_EQ(B.nev, 0); /* RDMAP-009a: the bad SrcSTag and SrcTO are not looked at */
    u = rf_fpdu(&B, IW_RDMAP_OP_READ_RESP, 0, &n);
    CHECK(u != NULL); /* RDMAP-009b: a response */
    if (!u) return;
    CHECK_EQ(n, 14); /* RDMAP-009b: zero-length */
    CHECK_EQ(u[0], 0xC1); /* RDMAP-009b: one segment, L = 1 */
    CHECK_EQ(A.ncqe, 1);
    CHECK(A.ncqe == 1 && A.cqes[0].status == IW_OK && A.cqes[0].len == 0); /* RDMAP-009a */
}

/* Read disabled, IRD 0, beyond IRD (RDMAP-039): A sends a Read Request, then (second) another
 * request while B's first response waits in B's socket; B answers the one it may not serve
 * with a Terminate (1, 2, code) that quotes it (the quoted one: op, its index among A's FPDUs
 * of that op) and changes none of its memory. */
static void t_read_ird(void)
{
    static const struct {
        const char *what, *ids;
        int read_enabled, ird; /* B's; ird < 0: the default */
        uint8_t second;        /* 0: one Read Request only */
        uint8_t op, idx;       /* the request quoted */
        unsigned code;
    } c[] = {
        {"Read disabled", "RDMAP-038a", 0, -1, 0, IW_RDMAP_OP_READ_REQ, 0, 0x01},
        {"Read enabled, IRD 0 at B", "RDMAP-038b", 1, 0, 0, IW_RDMAP_OP_READ_REQ, 0, 0x01},
        {"the Read beyond IRD 1", "SEC-008a RDMAP-039", 1, 1, IW_RDMAP_OP_READ_REQ, IW_RDMAP_OP_READ_REQ, 1, 0x03},
        {"the Atomic beyond IRD 1", "ATOM-013b SEC-008b", 1, 1, IW_RDMAP_OP_ATOMIC_REQ, IW_RDMAP_OP_ATOMIC_REQ, 0,
         0x03},
    };
    size_t k;
    for (k = 0; k < sizeof c / sizeof c[0]; k++) {
        iw_rdmap_wr w;
        const uint8_t *u;
        size_t n;
        cfgs_default();
        CB.read_enabled = c[k].read_enabled;
        REQUIRE(setup());
        if (c[k].ird >= 0) REQUIRE(iw_rdmap_set_ird_ord(&B.s, (uint16_t)c[k].ird, 8) == IW_OK);
        w = read_wr((void *)1, STAG_B_READ, TO_B, 10, 0x5000);
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        if (c[k].second) {
            w.opcode = c[k].second;
            if (c[k].second == IW_RDMAP_OP_ATOMIC_REQ) {
                w.stag = STAG_B_ATOM;
                w.to = TO_B + 64;
            }
            REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
            B.h.eagain_at_call = B.h.send_calls + 1; /* B's first response waits */
            (void)rf_feed(&A, &B);
        }
        rf_flow(&A, &B);
        u = rf_fpdu(&A, c[k].op, c[k].idx, &n);
        REQUIRE(u != NULL);
        expect_term(&B, &A, 1, 2, c[k].code, 1, 1, 0, u, n);
        check_b_unchanged();
        if (check__failed_here) {
            fprintf(stderr, "  %s (%s)\n", c[k].what, c[k].ids);
            return;
        }
    }
}

/* A Send with Invalidate naming a bad STag (RDMAP-046..048): the receive fails too. */
static void inval_err(uint32_t stag, unsigned c)
{
    iw_rdmap_wr w;
    const uint8_t *u;
    size_t n;
    uint8_t pay[40];
    iw_iov v;
    cfgs_default();
    REQUIRE(setup());
    rf_post_recv(&B, rbuf[0], 64);
    memset(pay, 0x5A, sizeof pay);
    v.base = pay;
    v.len = sizeof pay;
    w = rf_wr(IW_RDMAP_OP_SEND_SE_INV, (void *)1);
    w.sgl = &v;
    w.nsge = 1;
    w.inval_stag = stag;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    u = rf_fpdu(&A, IW_RDMAP_OP_SEND_SE_INV, 0, &n);
    REQUIRE(u != NULL);
    expect_term(&B, &A, 0, 1, c, 1, 1, 0, u, n); /* RDMAP-026a RDMAP-026b: not a Read Request: R = 0 */
    CHECK_EQ(B.nrecv, 1);
    if (B.nrecv) CHECK(B.recvs[0].status == IW_ETERM);
    CHECK_EQ(B.ninval, 0);
    {
        rf_mr *m = rf_find(&B, stag);
        if (m) CHECK(m->valid);
    }
}
static void t_send_inval_errors(void)
{
    inval_err(0x31313131u, 0x00);    /* RDMAP-045a */
    inval_err(0, 0x00); /* RDMAP-045a: STag 0 */
    inval_err(STAG_B_FOREIGN, 0x09); /* RDMAP-046 */
    inval_err(STAG_B_NONE, 0x02);    /* RDMAP-047 */
    inval_err(STAG_B_SHARED, 0x09);  /* RDMAP-048a */
}

/* Receive-side Send errors: too long (RDMAP-016b), no receive, an unusable receive
 * (HdrCt 000). */
static void t_send_recv_errors(void)
{
    iw_rdmap_wr w;
    const uint8_t *u;
    size_t n;
    uint8_t pay[300];
    iw_iov v;
    int k;
    fill(pay, sizeof pay, 3);
    v.base = pay;
    v.len = sizeof pay;
    for (k = 0; k < 3; k++) {
        cfgs_default();
        REQUIRE(setup());
        if (k == 0) rf_post_recv(&B, rbuf[0], 200);
        if (k == 2) {
            rf_post_recv(&B, rbuf[0], 400);
            B.rq[0].bad = 1;
        }
        memset(rbuf[0], 0xEE, sizeof rbuf[0]);
        w = rf_wr(k == 1 ? IW_RDMAP_OP_IMM : IW_RDMAP_OP_SEND, (void *)1);
        w.sgl = &v;
        w.nsge = k == 1 ? 0 : 1;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        rf_flow(&A, &B);
        u = rf_fpdu(&A, k == 1 ? IW_RDMAP_OP_IMM : IW_RDMAP_OP_SEND, 0, &n);
        REQUIRE(u != NULL);
        if (k == 0) {
            expect_term(&B, &A, 1, 2, 0x05, 1, 1, 0, u, n); /* RDMAP-016b: too long: (1,2,0x05) */
            CHECK(B.nrecv == 1 && B.recvs[0].status == IW_ETERM); /* RDMAP-016b: Receive in error */
            CHECK_EQ(rbuf[0][200], 0xEE); /* nothing past the buffer */
        } else if (k == 1) {
            expect_term(&B, &A, 1, 2, 0x02, 1, 1, 0, u, n); /* IMM-004b: no receive posted */
        } else {
            /* RDMAP-049a RDMAP-025a: unusable: (0,0,0), HdrCt 000 though a Send raised it */
            expect_term(&B, &A, 0, 0, 0x00, 0, 0, 0, u, n);
            CHECK_EQ(rbuf[0][0], 0xEE);
        }
        CHECK_EQ(A.ncqe, 1);
    }
}

/* Raw segments injected from A: each refused by B with its exact Terminate. */
static void inject_err(const uint8_t *u, size_t n, unsigned l, unsigned e, unsigned c, int md, int r,
                       int post_recv, int b_rfc7306)
{
    cfgs_default();
    CB.rfc7306 = b_rfc7306;
    REQUIRE(setup());
    if (post_recv) rf_post_recv(&B, rbuf[0], 64);
    REQUIRE(rf_inject(&A, u, n) == IW_OK);
    rf_flow(&A, &B);
    expect_term(&B, &A, l, e, c, md, md, r, u, n);
    check_b_unchanged();
}
static size_t mk_untagged(uint8_t *u, unsigned ctrl1, uint32_t qn, uint32_t msn, size_t payload)
{
    memset(u, 0, 18 + payload);
    u[0] = 0x41;
    u[1] = (uint8_t)ctrl1;
    iw_put_be32(u + 6, qn);
    iw_put_be32(u + 10, msn);
    return 18 + payload;
}

/* Injected segments as a table: the segment (DDP control octet 0, RDMAP control octet 1, QN,
 * MSN, total length, then up to four fields written over the zeroed rest) and the Terminate B
 * must answer it with: Layer, EType, Code, M = D (R is 0 for every row), whether B has a
 * receive posted and whether B enables RFC 7306. `ids` names the requirements the row
 * checks: breaking one changes the Terminate (or its M/D bits) that row expects. */
#define INJ_U 0x41 /* untagged, L, DV 1 */
#define INJ_T 0xC1 /* tagged, L, DV 1 */
typedef struct inj_poke { uint8_t off, width; uint64_t val; } inj_poke; /* width 1, 4 or 8 (BE) */
typedef struct inj_row {
    const char *name;
    const char *ids;
    uint8_t ddp0, ctrl1;
    uint32_t qn, msn;
    uint8_t len;
    inj_poke poke[4];
    uint8_t l, e, c, md, post_recv, rfc7306;
} inj_row;
/* Atomic Request fields (RFC 7306 §4.1 after the 18-octet untagged header) */
#define A_OP(v) {21, 1, (v)}
#define A_STAG(v) {26, 4, (v)}
#define A_TO(v) {30, 8, (v)}
#define A_ADD(v) {38, 8, (v)}
static const inj_row inj_rows[] = {
    {"RV 10b", "RDMAP-033 RDMAP-027a", INJ_U, 0x83, 0, 1, 22, {{0}}, 0, 2, 0x05, 1, 1, 1},
    {"RV 00b", "RDMAP-033", INJ_U, 0x03, 0, 1, 22, {{0}}, 0, 2, 0x05, 1, 1, 1},
    {"opcode 0xC", "RDMAP-034a", INJ_U, 0x4C, 0, 1, 22, {{0}}, 0, 2, 0x06, 1, 1, 1},
    {"opcode 0xD", "RDMAP-034a", INJ_U, 0x4D, 0, 1, 22, {{0}}, 0, 2, 0x06, 1, 1, 1},
    {"opcode 0xE", "RDMAP-034a", INJ_U, 0x4E, 0, 1, 22, {{0}}, 0, 2, 0x06, 1, 1, 1},
    {"opcode 0xF", "RDMAP-034a", INJ_U, 0x4F, 0, 1, 22, {{0}}, 0, 2, 0x06, 1, 1, 1},
    {"Immediate Data, RFC 7306 off", "RDMAP-034b IMM-009", INJ_U, 0x48, 0, 1, 26, {{0}}, 0, 2, 0x06, 1, 1, 0},
    {"Atomic Request, RFC 7306 off", "RDMAP-034b ATOM-022a", INJ_U, 0x4A, 1, 1, 70, {{0}}, 0, 2, 0x06, 1, 1, 0},
    {"Atomic Response, RFC 7306 off", "RDMAP-034b ATOM-022a", INJ_U, 0x4B, 3, 1, 30, {{0}}, 0, 2, 0x06, 1, 1, 0},
    {"tagged Send", "RDMAP-035", INJ_T, 0x43, 0, 0, 30, {{2, 4, STAG_B_WRITE}, {6, 8, TO_B}}, 0, 2, 0x06, 1, 1, 1},
    {"untagged Write", "RDMAP-035", INJ_U, 0x40, 0, 1, 22, {{0}}, 0, 2, 0x06, 1, 1, 1},
    {"Send on QN 1", "RDMAP-036", INJ_U, 0x43, 1, 1, 22, {{0}}, 1, 2, 0x01, 1, 1, 1},
    {"Read Request on QN 0", "RDMAP-036", INJ_U, 0x41, 0, 1, 46, {{0}}, 1, 2, 0x01, 1, 1, 1},
    {"Read Request of 27 octets", "RDMAP-037a", INJ_U, 0x41, 1, 1, 45, {{0}}, 0, 2, 0x07, 1, 0, 1},
    {"Read Request of 29 octets", "RDMAP-037b", INJ_U, 0x41, 1, 1, 47, {{0}}, 0, 2, 0x07, 1, 0, 1},
    {"Immediate Data of 7 octets", "IMM-003a IMM-010", INJ_U, 0x48, 0, 1, 25, {{0}}, 0, 2, 0x07, 1, 1, 1},
    {"Immediate Data with SE of 9 octets", "IMM-003b IMM-010", INJ_U, 0x49, 0, 1, 27, {{0}}, 0, 2, 0x07, 1, 1, 1},
    {"Atomic Request of 69 octets", "ATOM-020a", INJ_U, 0x4A, 1, 1, 69, {{0}}, 0, 2, 0x07, 1, 0, 1},
    {"Atomic Request of 71 octets", "ATOM-020a", INJ_U, 0x4A, 1, 1, 71, {A_STAG(STAG_B_ATOM), A_TO(TO_B)},
     0, 2, 0x07, 1, 0, 1},
    /* a Swap Mask, and an Add: executed as a CmpSwap or as a FetchAdd, either would change memory */
    {"AOpCode 1", "ATOM-019a ATOM-019b", INJ_U, 0x4A, 1, 1, 70, {A_OP(1), A_STAG(STAG_B_ATOM), A_TO(TO_B), {46, 8, ~0ull}},
     0, 2, 0x06, 1, 0, 1},
    {"AOpCode 3", "ATOM-019a ATOM-019b", INJ_U, 0x4A, 1, 1, 70, {A_OP(3), A_STAG(STAG_B_ATOM), A_TO(TO_B), A_ADD(1)},
     0, 2, 0x06, 1, 0, 1},
    {"Atomic, invalid STag", "ATOM-018a ATOM-021", INJ_U, 0x4A, 1, 1, 70, {A_STAG(0x5555u), A_TO(TO_B)},
     0, 1, 0x00, 1, 0, 1},
    {"Atomic, STag not associated", "ATOM-018b ATOM-021", INJ_U, 0x4A, 1, 1, 70,
     {A_STAG(STAG_B_FOREIGN), A_TO(TO_B)}, 0, 1, 0x03, 1, 0, 1},
    {"Atomic, no Remote Atomic right", "ATOM-018c ATOM-021", INJ_U, 0x4A, 1, 1, 70,
     {A_STAG(STAG_B_READ), A_TO(TO_B)}, 0, 1, 0x02, 1, 0, 1},
    {"Atomic, [TO, TO + 8) past the end", "ATOM-018d ATOM-021", INJ_U, 0x4A, 1, 1, 70,
     {A_STAG(STAG_B_ATOM), A_TO(TO_B + 32768 - 4)}, 0, 1, 0x01, 1, 0, 1},
    {"Atomic, TO + 8 wraps", "ATOM-018e ATOM-021", INJ_U, 0x4A, 1, 1, 70, {A_STAG(STAG_B_ATOM), A_TO(~0ull - 3)},
     0, 1, 0x04, 1, 0, 1},
    {"Atomic, TO not 8-aligned", "ATOM-010a ATOM-010b ATOM-021", INJ_U, 0x4A, 1, 1, 70,
     {A_STAG(STAG_B_ATOM), A_TO(TO_B + 12), A_ADD(1)}, 0, 2, 0x07, 1, 0, 1},
    {"DDP version 2: layout unknown, M = D = 0", "RDMAP-027c", 0x42, 0x43, 0, 1, 22, {{0}}, 1, 2, 0x06, 0, 1, 1},
    {"MSN 5 on QN 0: a Layer 1 error, M = D = 1", "RDMAP-027b", INJ_U, 0x43, 0, 5, 22, {{0}}, 1, 2, 0x03, 1, 1, 1},
    {"Read Response with no Read outstanding", "RDMAP-013a", INJ_T, 0x42, 0, 0, 20,
     {{2, 4, STAG_B_WRITE}, {6, 8, TO_B}}, 0, 2, 0x06, 1, 1, 1},
    {"Atomic Response nobody asked for", "ATOM-020c", INJ_U, 0x4B, 3, 1, 30, {{0}}, 0, 2, 0x07, 1, 1, 1},
};
#undef A_OP
#undef A_STAG
#undef A_TO
#undef A_ADD

/* The row's segment in u (zeroed, then its fields); returns its length. */
static size_t inj_build(uint8_t *u, const inj_row *r)
{
    size_t i;
    memset(u, 0, r->len);
    u[0] = r->ddp0;
    u[1] = r->ctrl1;
    if (!(r->ddp0 & 0x80)) {
        iw_put_be32(u + 6, r->qn);
        iw_put_be32(u + 10, r->msn);
    }
    for (i = 0; i < 4 && r->poke[i].width; i++) {
        const inj_poke *p = &r->poke[i];
        if (p->width == 1) u[p->off] = (uint8_t)p->val;
        else if (p->width == 4) iw_put_be32(u + p->off, (uint32_t)p->val);
        else iw_put_be64(u + p->off, p->val);
    }
    return r->len;
}

static void t_injected_errors(void)
{
    uint8_t u[128];
    size_t i;
    for (i = 0; i < sizeof inj_rows / sizeof inj_rows[0]; i++) {
        const inj_row *r = &inj_rows[i];
        int failed_before = check__failed_here;
        size_t n = inj_build(u, r);
        check__failed_here = 0;
        inject_err(u, n, r->l, r->e, r->c, r->md, 0, r->post_recv, r->rfc7306);
        if (check__failed_here) fprintf(stderr, "  row \"%s\" (%s)\n", r->name, r->ids);
        check__failed_here |= failed_before;
    }
}

/* Read Response checks at the requester (RDMAP-013b, RDMAP-013c): STag, TO, total length. */
static void t_read_resp_errors(void)
{
    int k;
    for (k = 0; k < 4; k++) {
        iw_rdmap_wr w;
        uint8_t u[64];
        size_t n = 14u + (k == 3 ? 16u : 20u);
        static const unsigned code[4] = {0x00, 0x01, 0x01, 0x01};
        cfgs_default();
        REQUIRE(setup());
        w = read_wr((void *)1, STAG_B_READ, TO_B, k == 2 ? 40 : 20, 0x5000);
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        A.out_off = A.h.wire_len; /* B never sees it: we answer by hand */
        memset(u, 0x33, sizeof u);
        u[0] = 0xC1;
        u[1] = 0x42;
        iw_put_be32(u + 2, k == 0 ? STAG_A_SRC : STAG_A_SINK);
        iw_put_be64(u + 6, k == 1 ? 0x5001u : k == 3 ? 0x5004u : 0x5000u); /* k 3: inside the sink */
        memset(A_SINK, 0, 64);
        REQUIRE(rf_inject(&B, u, n) == IW_OK);
        rf_flow(&A, &B);
        /* RDMAP-013b (k 0: STag), RDMAP-013c (k 1, 3: TO, k 2: total length) */
        expect_term(&A, &B, 1, 1, code[k], 1, 1, 0, u, n);
        CHECK_EQ(A.ncqe, 1);
        if (A.ncqe) CHECK(A.cqes[0].status != IW_OK);
        if (k < 2) CHECK_EQ(A_SINK[0], 0); /* nothing placed for a refused header */
        if (k == 3) { /* RDMAP-013c: a TO inside the sink is refused before placing */
            static const uint8_t zero[64];
            CHECK_MEM(A_SINK, zero, 64);
        }
    }
}

/* RDMAP-034c: a segment that continues a message with an opcode other than the message's is
 * refused as an unexpected opcode (0,2,0x06), with its header; the receive the message took
 * completes in error. k 0: Send then Send with SE on QN 0, k 1: Send then Immediate Data,
 * k 2: a Read Response to A's Read, continued by an RDMA Write to the same sink. */
static void t_op_switch(void)
{
    int k;
    for (k = 0; k < 3; k++) {
        uint8_t s1[64], s2[64];
        size_t n1, n2;
        rf_ep *to = k == 2 ? &A : &B, *from = k == 2 ? &B : &A;
        cfgs_default();
        REQUIRE(setup());
        if (k < 2) {
            rf_post_recv(&B, rbuf[0], 64);
            n1 = mk_untagged(s1, 0x43, 0, 1, 10); /* Send, MO 0, L = 0 */
            s1[0] = 0x01;
            n2 = mk_untagged(s2, k == 0 ? 0x45 : 0x48, 0, 1, k == 0 ? 10 : 8);
            iw_put_be32(s2 + 14, 10); /* MO 10, L = 1 */
        } else {
            iw_rdmap_wr w = read_wr((void *)1, STAG_B_READ, TO_B, 40, 0x5000);
            REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
            A.out_off = A.h.wire_len; /* B never sees it: we answer by hand */
            n1 = n2 = 14u + 20u;
            memset(s1, 0x33, sizeof s1);
            memset(s2, 0x44, sizeof s2);
            s1[0] = 0x81; /* Read Response, L = 0, TO 0x5000 */
            s1[1] = 0x42;
            iw_put_be32(s1 + 2, STAG_A_SINK);
            iw_put_be64(s1 + 6, 0x5000u);
            s2[0] = 0xC1; /* its continuation, as an RDMA Write */
            s2[1] = 0x40;
            iw_put_be32(s2 + 2, STAG_A_SINK);
            iw_put_be64(s2 + 6, 0x5014u);
        }
        REQUIRE(rf_inject(from, s1, n1) == IW_OK);
        REQUIRE(rf_inject(from, s2, n2) == IW_OK);
        rf_flow(&A, &B);
        expect_term(to, from, 0, 2, 0x06, 1, 1, 0, s2, n2); /* RDMAP-034c */
        if (k < 2) CHECK(B.nrecv == 1 && B.recvs[0].status == IW_ETERM); /* RDMAP-034c */
        else CHECK(A.ncqe == 1 && A.cqes[0].status != IW_OK);            /* RDMAP-034c */
    }
}

/* A Read whose source is invalidated part way: the Terminate carries the RDMA header advanced
 * by what went out (RDMAP-029b). */
static void t_read_partial_term(void)
{
    iw_rdmap_wr w;
    const uint8_t *u, *t;
    size_t n, sent = 0;
    int k;
    cfgs_default();
    REQUIRE(setup());
    w = read_wr((void *)1, STAG_B_READ, TO_B + 8, 10000, 0x5000);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    hf_limit(&B.h, 100);
    (void)rf_feed(&A, &B); /* B starts answering: one segment in the LLP */
    rf_find(&B, STAG_B_READ)->valid = 0;
    hf_limit(&B.h, 0);
    rf_flow(&A, &B);
    for (k = 0; (u = rf_fpdu(&B, IW_RDMAP_OP_READ_RESP, k, &n)) != NULL; k++) sent += n - 14;
    CHECK(sent > 0 && sent < 10000);
    rf_scan(&B, B.scan_off);
    REQUIRE(B.nterm_sent == 1);
    t = B.last_term;
    CHECK_EQ(t[18], 0x01);
    CHECK_EQ(t[19], 0x00);
    CHECK_EQ(t[20], 0xE0);
    REQUIRE(B.last_term_len == 18 + 4 + 2 + 18 + 28);
    t += 18 + 4 + 2 + 18;
    CHECK_EQ(iw_get_be32(t), STAG_A_SINK);
    CHECK_EQ(be64(t + 4), 0x5000 + sent);          /* RDMAP-029b: SinkTO advanced */
    CHECK_EQ(iw_get_be32(t + 12), 10000 - sent);  /* RDMAP-029b: RDMARDSZ reduced */
    CHECK_EQ(iw_get_be32(t + 16), STAG_B_READ);
    CHECK_EQ(be64(t + 20), TO_B + 8 + sent);       /* RDMAP-029b: SrcTO advanced */
    CHECK_EQ(A.ev.kind, IW_RDMAP_EV_TERM_RCVD);
    CHECK(A.ncqe == 1 && A.cqes[0].status == IW_ECLOSED);
}

/* An RDMA Write that cannot be built (its TO range wraps): a Terminate (0,0,0x00) HdrCt 000
 * instead of the message (RDMAP-031). */
static void t_build_error(void)
{
    iw_rdmap_wr w;
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    sg_w[0].base = A_SRC;
    sg_w[0].len = 100;
    w = rf_wr(IW_RDMAP_OP_WRITE, (void *)1);
    w.sgl = sg_w;
    w.nsge = 1;
    w.stag = STAG_B_WRITE;
    w.to = ~0ull - 10;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_WRITE, 0, &n) == NULL);
    expect_term(&A, &B, 0, 0, 0x00, 0, 0, 0, NULL, 0); /* RDMAP-060a: EType 0 with code 0x00 */
    CHECK(A.ncqe == 1 && A.cqes[0].status == IW_EINVAL);
    /* the ULP's own Terminate: HdrCt 000 too */
    cfgs_default();
    REQUIRE(setup());
    {
        iw_term t = {0, 2, 0x08};
        REQUIRE(iw_rdmap_terminate(&A.s, t) == IW_OK);
        CHECK_EQ(iw_rdmap_terminate(&A.s, t), IW_ESTATE);
    }
    rf_flow(&A, &B);
    expect_term(&A, &B, 0, 2, 0x08, 0, 0, 0, NULL, 0); /* RDMAP-025b: M = D = R = 0 */
}

/* Two errors before the Terminate goes out: the first is reported, once (RDMAP-030,
 * RDMAP-022a); nothing is processed after (RDMAP-058). */
static void t_first_error_wins(void)
{
    uint8_t u1[64], u2[64];
    size_t n1, n2;
    iw_iov v[1];
    cfgs_default();
    REQUIRE(setup());
    rf_post_recv(&B, rbuf[0], 64);
    rf_post_recv(&B, rbuf[1], 64);
    n1 = mk_untagged(u1, 0x4C, 0, 1, 4); /* bad opcode */
    n2 = mk_untagged(u2, 0x83, 0, 2, 4); /* bad RV */
    v[0].base = u1;
    v[0].len = n1;
    REQUIRE(iw_mpa_tx(&A.c, v, 1) == IW_OK);
    v[0].base = u2;
    v[0].len = n2;
    REQUIRE(iw_mpa_tx(&A.c, v, 1) == IW_OK);
    {
        size_t n3 = mk_untagged(u2, 0x43, 0, 1, 4); /* a valid Send after: not delivered */
        v[0].len = n3;
        REQUIRE(iw_mpa_tx(&A.c, v, 1) == IW_OK);
    }
    B.h.eagain_at_call = B.h.send_calls + 1;
    rf_flow(&A, &B);
    expect_term(&B, &A, 0, 2, 0x06, 1, 1, 0, u1, n1);
    CHECK_EQ(B.nrecv, 0);
    if (check__failed_here) {
        size_t k, n;
        const uint8_t *f;
        for (k = 0; (f = rf_fpdu(&B, 99, (int)k, &n)) != NULL; k++) {
            size_t j;
            fprintf(stderr, "  B fpdu %zu len %zu:", k, n);
            for (j = 0; j < n && j < 30; j++) fprintf(stderr, " %02x", f[j]);
            fprintf(stderr, "\n");
        }
    }
}

/* Terminates received: a valid one is surfaced and never answered, flushes what is
 * outstanding, needs no receive (RDMAP-023, RDMAP-024a/b, RDMAP-057b, RDMAP-058); a malformed one
 * closes without a Terminate. */
static void t_term_received(void)
{
    uint8_t u[80];
    size_t n;
    iw_rdmap_wr w;
    int k;
    cfgs_default();
    REQUIRE(setup());
    /* A has a Read outstanding (B will not answer: we hold B's octets) */
    w = read_wr((void *)1, STAG_B_READ, TO_B, 50, 0x5000);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    A.out_off = A.h.wire_len;
    n = mk_untagged(u, 0x47, 2, 1, 4 + 2 + 14);
    u[18] = 0x11; /* DDP tagged error */
    u[19] = 0x01;
    u[20] = 0xC0;
    u[23] = 34;
    u[24] = 0xC1;
    REQUIRE(rf_inject(&B, u, n) == IW_OK);
    {
        size_t m2 = mk_untagged(u + 40, 0x43, 0, 1, 4); /* a Send after it: ignored */
        rf_post_recv(&A, rbuf[0], 64);
        REQUIRE(rf_inject(&B, u + 40, m2) == IW_EAGAIN || 1);
    }
    rf_flow(&A, &B);
    CHECK_EQ(A.nev, 1);
    CHECK_EQ(A.ev.kind, IW_RDMAP_EV_TERM_RCVD);
    CHECK(A.ev.term.term.layer == 1 && A.ev.term.term.etype == 1 && A.ev.term.term.ecode == 1);
    CHECK(A.ev.term.m && A.ev.term.d && !A.ev.term.r && A.ev.term.seg_len == 34);
    CHECK_EQ(A.ev.term.ddp_hdr[0], 0xC1); /* RDMAP-024b: the copied header too */
    rf_scan(&A, A.scan_off);
    CHECK_EQ(A.nterm_sent, 0); /* RDMAP-024a */
    CHECK(A.ncqe == 1 && A.cqes[0].status == IW_ECLOSED); /* RDMAP-057b: the Read flushed */
    CHECK_EQ(A.nrecv, 0);
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_ESTATE);
    CHECK(iw_rdmap_post_slot(&A.s) == NULL); /* RDMAP-022: no slot either */
    CHECK_EQ(iw_rdmap_post_commit(&A.s), IW_ESTATE);
    CHECK(A.closed == 1);
    /* a Layer 0 EType 0 Terminate with a code other than 0x00: accepted, passed on */
    cfgs_default();
    REQUIRE(setup());
    n = mk_untagged(u, 0x47, 2, 1, 4);
    u[18] = 0x00;
    u[19] = 0x42;
    REQUIRE(rf_inject(&B, u, n) == IW_OK);
    rf_flow(&A, &B);
    CHECK_EQ(A.nev, 1);
    CHECK_EQ(A.ev.kind, IW_RDMAP_EV_TERM_RCVD); /* RDMAP-060b: not refused as malformed */
    CHECK(A.ev.term.term.layer == 0 && A.ev.term.term.etype == 0 && A.ev.term.term.ecode == 0x42); /* RDMAP-060b */
    /* malformed: MSN 2, MO 4, QN 0, D announcing a header that is not there */
    for (k = 0; k < 4; k++) {
        cfgs_default();
        REQUIRE(setup());
        n = mk_untagged(u, 0x47, k == 2 ? 0 : 2, k == 0 ? 2 : 1, 4);
        if (k == 1) iw_put_be32(u + 14, 4);
        if (k == 3) u[20] = 0x40;
        REQUIRE(rf_inject(&B, u, n) == IW_OK);
        rf_flow(&A, &B);
        CHECK_EQ(A.nev, 1);
        CHECK_EQ(A.ev.kind, IW_RDMAP_EV_BAD_TERM);
        rf_scan(&A, A.scan_off);
        /* RDMAP-061b (k 0: MSN 2), RDMAP-061c (1: MO 4), RDMAP-061a (2: QN 0), RDMAP-061d (3) */
        CHECK_EQ(A.nterm_sent, 0);
        CHECK(A.h.closed);
        if (check__failed_here) fprintf(stderr, "  malformed case %d\n", k);
    }
}

/* Posting: bad arguments change nothing; a full queue says EAGAIN. */
static void t_post_checks(void)
{
    iw_rdmap_wr w;
    int i;
    cfgs_default();
    REQUIRE(setup());
    w = rf_wr(IW_RDMAP_OP_READ_RESP, NULL);
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_EINVAL);
    w = rf_wr(IW_RDMAP_OP_TERMINATE, NULL);
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_EINVAL);
    w = rf_wr(0xC, NULL);
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_EINVAL);
    w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, NULL);
    w.aop = 1;
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_EINVAL);
    w = rf_wr(IW_RDMAP_OP_SEND, NULL);
    w.nsge = 1;
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_EINVAL);
    /* the slot form: a refused slot is not queued, a filled one not committed is not sent */
    REQUIRE(iw_rdmap_post_slot(&A.s) != NULL);
    *iw_rdmap_post_slot(&A.s) = rf_wr(IW_RDMAP_OP_TERMINATE, NULL);
    CHECK_EQ(iw_rdmap_post_commit(&A.s), IW_EINVAL);
    *iw_rdmap_post_slot(&A.s) = rf_wr(IW_RDMAP_OP_SEND, NULL);
    CHECK_EQ(A.h.wire_len, A.scan_off);
    CHECK_EQ(iw_rdmap_post(NULL, &w), IW_EINVAL);
    CHECK_EQ(iw_rdmap_post(&A.s, NULL), IW_EINVAL);
    CHECK_EQ(iw_rdmap_post_commit(NULL), IW_EINVAL);
    /* 64 reads beyond ORD fill the queue */
    REQUIRE(iw_rdmap_set_ird_ord(&A.s, 8, 0) == IW_OK);
    for (i = 0; i < 64; i++) {
        w = rf_wr(IW_RDMAP_OP_READ_REQ, NULL);
        CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_OK);
    }
    CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_EAGAIN);
    CHECK(iw_rdmap_post_slot(&A.s) == NULL);
    CHECK_EQ(iw_rdmap_post_commit(&A.s), IW_EAGAIN);
    CHECK(iw_rdmap_init(&A.s, NULL, iw_ddp_mpa_llp_ops(), &A.c, &rf_ops, &A, A.sq, 64, A.irq, 16) ==
          IW_EINVAL);
    {
        iw_rdmap_cfg c;
        iw_rdmap_cfg_default(&c);
        c.ird = 17;
        CHECK(iw_rdmap_init(&A.s, &c, iw_ddp_mpa_llp_ops(), &A.c, &rf_ops, &A, A.sq, 64, A.irq, 16) ==
              IW_EINVAL);
    }
}

/* ---- clause tests (tests/requirements.md lettered clauses; each ID sits on its check) ---- */

/* An Atomic Request whose 28 reserved bits before AOpCode are all set is executed like one with
 * them clear: the receiver ignores them. */
static void t_atom_reserved_ignored(void)
{
    uint8_t u[128];
    size_t n;
    uint64_t v = 0x0000000100000005ull, now;
    const uint8_t *r;
    cfgs_default();
    REQUIRE(setup());
    memcpy(B_BUF + 256, &v, 8);
    n = mk_untagged(u, 0x4A, 1, 1, 52);
    u[18] = u[19] = u[20] = 0xFF;
    u[21] = 0xF0 | IW_RDMAP_AOP_FETCHADD; /* reserved nibble set, AOpCode FetchAdd */
    iw_put_be32(u + 2, STAG_B_INV);      /* an Invalidate STag naming a valid STag */
    iw_put_be32(u + 22, 0x1234u);        /* Request Identifier */
    iw_put_be32(u + 26, STAG_B_ATOM);
    iw_put_be64(u + 30, TO_B + 256);
    iw_put_be64(u + 38, 3);              /* Add Data */
    iw_put_be64(u + 54, ~v);             /* Compare Data that does not match ... */
    iw_put_be64(u + 62, ~0ull);          /* ... under a full Compare Mask */
    REQUIRE(rf_inject(&A, u, n) == IW_OK);
    rf_flow(&A, &B);
    memcpy(&now, B_BUF + 256, 8);
    CHECK_EQ(now, v + 3); /* ATOM-003c ATOM-001d ATOM-008b: executed despite those fields */
    CHECK(rf_find(&B, STAG_B_INV)->valid && B.ninval == 0); /* ATOM-001d: nothing invalidated */
    r = rf_fpdu(&B, IW_RDMAP_OP_ATOMIC_RESP, 0, &n);
    REQUIRE(r != NULL);
    CHECK_EQ(iw_get_be32(r + 18), 0x1234u); /* ATOM-003c: answered, not refused */
    CHECK_EQ(be64(r + 22), v);
    /* and the same with CmpSwap's code under the reserved bits (a fresh pair: A refused the
     * Response it had not asked for) */
    REQUIRE(setup());
    memcpy(B_BUF + 256, &now, 8);
    n = mk_untagged(u, 0x4A, 1, 1, 52);
    u[18] = 0x80;
    u[21] = 0x50 | IW_RDMAP_AOP_CMPSWAP;
    iw_put_be32(u + 22, 0x1235u);
    iw_put_be32(u + 26, STAG_B_ATOM);
    iw_put_be64(u + 30, TO_B + 256);
    iw_put_be64(u + 38, 0x77);   /* Swap Data */
    iw_put_be64(u + 46, ~0ull);  /* Swap Mask */
    iw_put_be64(u + 54, v + 3);  /* Compare Data */
    iw_put_be64(u + 62, ~0ull);  /* Compare Mask */
    REQUIRE(rf_inject(&A, u, n) == IW_OK);
    rf_flow(&A, &B);
    memcpy(&now, B_BUF + 256, 8);
    CHECK_EQ(now, 0x77); /* ATOM-003c: CmpSwap under set reserved bits swapped */
}

/* Atomic Responses the requester must refuse with (0,2,0x07): one of 31 octets, one whose
 * Original Request Identifier is not its outstanding Atomic's. */
static void t_atomic_resp_errors(void)
{
    int k;
    for (k = 0; k < 2; k++) {
        iw_rdmap_wr w;
        uint8_t u[64];
        const uint8_t *rq;
        size_t n;
        uint32_t id;
        cfgs_default();
        REQUIRE(setup());
        w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)1);
        w.stag = STAG_B_ATOM;
        w.to = TO_B;
        w.add_swap = 1;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        rq = rf_fpdu(&A, IW_RDMAP_OP_ATOMIC_REQ, 0, &n);
        REQUIRE(rq != NULL);
        id = iw_get_be32(rq + 22); /* the Request Identifier A sent */
        A.out_off = A.h.wire_len;  /* B never sees it: we answer by hand */
        n = mk_untagged(u, 0x4B, 3, 1, k == 0 ? 13 : 12);
        iw_put_be32(u + 18, k == 0 ? id : id + 1); /* k 0: one octet too many; 1: unknown id */
        REQUIRE(rf_inject(&B, u, n) == IW_OK);
        rf_flow(&A, &B);
        /* ATOM-020b (k 0: 31 octets), ATOM-020c (k 1: an identifier never sent) */
        expect_term(&A, &B, 0, 2, 0x07, 1, 1, 0, u, n);
        CHECK(A.ncqe == 1 && A.cqes[0].status != IW_OK);
        if (check__failed_here) fprintf(stderr, "  Atomic Response case %d\n", k);
    }
}

/* A Send or a Write completes only once the LLP has taken its last octet: with the host taking
 * 1, 5, 13 or 700 octets per call, when the completion appears nothing of the message is left
 * to hand over. */
static void t_complete_after_last_segment(void)
{
    static uint8_t src[3000], dst[3000];
    static const size_t acc[] = {1, 5, 13, 700};
    int op, i, k;
    for (op = 0; op < 2 && !check__failed_here; op++) {
        for (i = 0; i < 4 && !check__failed_here; i++) {
            iw_rdmap_wr w;
            size_t seen, before;
            cfgs_default();
            REQUIRE(setup());
            fill(src, sizeof src, 77u + (unsigned)i);
            memset(dst, 0, sizeof dst);
            sg_w[0].base = src;
            sg_w[0].len = sizeof src;
            w = rf_wr(op ? IW_RDMAP_OP_WRITE : IW_RDMAP_OP_SEND, (void *)1);
            w.sgl = sg_w;
            w.nsge = 1;
            w.stag = STAG_B_WRITE;
            w.to = TO_B;
            if (!op) rf_post_recv(&B, dst, sizeof dst);
            hf_limit(&A.h, acc[i]);
            before = A.h.wire_len;
            REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
            for (k = 0; k < 100000 && A.ncqe == 0; k++) {
                REQUIRE(A.h.wire_len - before < 3100); /* the whole message is smaller */
                (void)iw_mpa_tx_resume(&A.c);
            }
            REQUIRE(A.ncqe == 1);
            seen = A.h.wire_len;
            CHECK(seen - before > 3000);
            for (k = 0; k < 8; k++) (void)iw_mpa_tx_resume(&A.c);
            /* RDMAP-051a (Send), RDMAP-051b (Write): completed after its last octet was taken */
            CHECK_EQ(A.h.wire_len, seen);
            rf_flow(&A, &B);
            CHECK_EQ(A.cqes[0].status, IW_OK);
            CHECK_MEM(op ? B_BUF : dst, src, sizeof src);
        }
    }
}

/* A WR posted while an earlier one is held back by ORD or by the Read fence, with the link
 * free, waits behind it; and a mixed sequence goes to the wire in posting order. */
static void t_held_wr_order(void)
{
    size_t n;
    const uint8_t *send, *held;
    int i;
    /* held by ORD: Read 1 out, Read 2 held (ORD 1), then a Send */
    cfgs_default();
    REQUIRE(setup());
    REQUIRE(iw_rdmap_set_ird_ord(&A.s, 8, 1) == IW_OK);
    rf_post_recv(&B, rbuf[0], 64);
    for (i = 0; i < 3; i++) {
        iw_rdmap_wr w = rf_wr(i < 2 ? IW_RDMAP_OP_READ_REQ : IW_RDMAP_OP_SEND, (void *)(uintptr_t)(i + 1));
        w.stag = STAG_B_READ;
        w.to = TO_B + 64u * (unsigned)i;
        w.len = 64;
        w.sink_stag = STAG_A_SINK;
        w.sink_to = 0x5000 + 64u * (unsigned)i;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    }
    REQUIRE(!iw_ddp_tx_busy(&A.s.ddp)); /* the link is free */
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 1, &n) == NULL);
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n) == NULL); /* RDMAP-050b: behind the held Read */
    rf_flow(&A, &B);
    held = rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 1, &n);
    send = rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n);
    REQUIRE(held != NULL && send != NULL);
    CHECK(held < send); /* RDMAP-050b */
    CHECK_EQ(A.ncqe, 3);
    for (i = 0; i < A.ncqe; i++) CHECK_EQ((uintptr_t)A.cqes[i].cookie, (uintptr_t)(i + 1));
    CHECK_EQ(B.nrecv, 1);
    /* held by the Read fence: Read out, fenced Write held, then a Send */
    cfgs_default();
    REQUIRE(setup());
    rf_post_recv(&B, rbuf[0], 64);
    {
        iw_rdmap_wr w = read_wr((void *)1, STAG_B_READ, TO_B, 64, 0x5000);
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        sg_w[0].base = A_SRC;
        sg_w[0].len = 32;
        w = rf_wr(IW_RDMAP_OP_WRITE, (void *)2);
        w.sgl = sg_w;
        w.nsge = 1;
        w.stag = STAG_B_WRITE;
        w.to = TO_B + 1024;
        w.flags = IW_RDMAP_F_READ_FENCE;
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
        w = rf_wr(IW_RDMAP_OP_SEND, (void *)3);
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    }
    REQUIRE(!iw_ddp_tx_busy(&A.s.ddp));
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_WRITE, 0, &n) == NULL);
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n) == NULL); /* RDMAP-050b: behind the fenced Write */
    rf_flow(&A, &B);
    held = rf_fpdu(&A, IW_RDMAP_OP_WRITE, 0, &n);
    send = rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n);
    REQUIRE(held != NULL && send != NULL);
    CHECK(held < send); /* RDMAP-050b */
    CHECK_EQ(A.ncqe, 3);
    CHECK_MEM(B_BUF + 1024, A_SRC, 32);
    /* every operation of post_all, on the wire in posting order */
    cfgs_default();
    REQUIRE(setup());
    REQUIRE(post_all(1));
    rf_flow(&A, &B);
    {
        static const uint8_t want[13] = {IW_RDMAP_OP_WRITE, IW_RDMAP_OP_SEND, IW_RDMAP_OP_SEND_INV,
                                         IW_RDMAP_OP_SEND_SE, IW_RDMAP_OP_SEND_SE_INV, IW_RDMAP_OP_IMM,
                                         IW_RDMAP_OP_IMM_SE, IW_RDMAP_OP_READ_REQ, IW_RDMAP_OP_ATOMIC_REQ,
                                         IW_RDMAP_OP_ATOMIC_REQ, IW_RDMAP_OP_WRITE, IW_RDMAP_OP_SEND,
                                         IW_RDMAP_OP_READ_REQ};
        const uint8_t *u;
        int k = 0, m, first = 1;
        for (m = 0; (u = rf_fpdu(&A, 99, m, &n)) != NULL; m++) {
            if (first) { /* the first segment of the next message: the next WR's opcode */
                CHECK(k < 13 && (u[1] & 0xFu) == want[k < 13 ? k : 0]); /* RDMAP-050a */
                k++;
            }
            first = (u[0] & 0x40u) != 0; /* L: the next segment starts a message */
        }
        CHECK_EQ(k, 13); /* RDMAP-050a */
    }
}

/* Immediate Data on the wire: opcodes, untagged on QN 0 with RV 01b, Invalidate STag 0 even
 * when the WR carries one; a received nonzero Invalidate STag field is ignored. An Atomic
 * completes only once its Response is delivered. */
static void t_imm_wire_and_atomic_wait(void)
{
    iw_rdmap_wr w;
    const uint8_t *u;
    uint8_t raw[64];
    size_t n;
    int i;
    uint64_t v = 0x0102030405060708ull;
    cfgs_default();
    REQUIRE(setup());
    /* the send queue is caller memory: a slot holds whatever an earlier WR left there (a Send
     * with Invalidate's STag, say); post reads only the opcode's part of the WR */
    REQUIRE(A.s.sq_head == A.s.sq_tail);
    memset(A.sq, 0xA5, sizeof A.sq);
    rf_post_recv(&B, rbuf[0], 0);
    rf_post_recv(&B, rbuf[1], 0);
    for (i = 0; i < 2; i++) {
        w = rf_wr(i ? IW_RDMAP_OP_IMM_SE : IW_RDMAP_OP_IMM, (void *)(uintptr_t)(i + 1));
        w.inval_stag = STAG_B_INV; /* must not reach the wire */
        REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    }
    for (i = 0; i < 2; i++) {
        u = rf_fpdu(&A, 99, i, &n);
        REQUIRE(u != NULL && n == 26);
        CHECK_EQ(u[1], 0x48u + (unsigned)i); /* IMM-001a: 0x8, 0x9 (RV 01b) */
        CHECK_EQ(u[0], 0x41u); /* IMM-001b: untagged, L, DV 1 */
        CHECK_EQ(u[1] & 0xC0u, 0x40u); /* IMM-001b: RV 01b */
        CHECK_EQ(iw_get_be32(u + 6), 0); /* IMM-001b: QN 0 */
        CHECK_EQ(iw_get_be32(u + 2), 0); /* IMM-001c: Invalidate STag 0 */
    }
    rf_flow(&A, &B);
    CHECK_EQ(B.nrecv, 2);
    CHECK(rf_find(&B, STAG_B_INV)->valid);
    /* received with the Invalidate STag field naming a valid STag: nothing invalidated */
    n = mk_untagged(raw, 0x48, 0, 3, 8);
    iw_put_be32(raw + 2, STAG_B_INV);
    rf_post_recv(&B, rbuf[2], 0);
    REQUIRE(rf_inject(&A, raw, n) == IW_OK);
    rf_flow(&A, &B);
    CHECK_EQ(B.nrecv, 3);
    CHECK(B.nrecv == 3 && B.recvs[2].status == IW_OK && B.recvs[2].has_imm); /* IMM-001d */
    CHECK(rf_find(&B, STAG_B_INV)->valid && B.ninval == 0); /* IMM-001d: not invalidated */
    /* an Atomic: no completion while its Response has not arrived */
    cfgs_default();
    REQUIRE(setup());
    memcpy(B_BUF + 512, &v, 8);
    w = rf_wr(IW_RDMAP_OP_ATOMIC_REQ, (void *)9);
    w.aop = IW_RDMAP_AOP_FETCHADD;
    w.stag = STAG_B_ATOM;
    w.to = TO_B + 512;
    w.add_swap = 1;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    (void)rf_feed(&A, &B); /* the Request reaches B; B's Response stays in B's output */
    CHECK(rf_fpdu(&B, IW_RDMAP_OP_ATOMIC_RESP, 0, &n) != NULL);
    CHECK_EQ(A.ncqe, 0); /* ATOM-015a: not before the Response is delivered */
    rf_flow(&A, &B);
    CHECK_EQ(A.ncqe, 1); /* ATOM-015a */
    CHECK(A.ncqe == 1 && A.cqes[0].status == IW_OK && A.cqes[0].orig == v); /* ATOM-015a */
}

/* The receiver ignores the Rsv bits of the RDMAP control octet, and the Invalidate STag field
 * of a Send that is not a Send with Invalidate. */
static void t_rsv_and_inval_ignored(void)
{
    uint8_t u[64];
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    rf_post_recv(&B, rbuf[0], 64);
    rf_post_recv(&B, rbuf[1], 64);
    n = mk_untagged(u, 0x73, 0, 1, 4); /* RV 01b, Rsv 11b, Send */
    memcpy(u + 18, "abcd", 4);
    REQUIRE(rf_inject(&A, u, n) == IW_OK);
    n = mk_untagged(u, 0x43, 0, 2, 4); /* a plain Send naming a valid STag in the field */
    iw_put_be32(u + 2, STAG_B_INV);
    memcpy(u + 18, "efgh", 4);
    REQUIRE(rf_inject(&A, u, n) == IW_OK);
    rf_flow(&A, &B);
    CHECK_EQ(B.nev, 0); /* RDMAP-001c RDMAP-004c: no error at B */
    CHECK(B.nrecv == 2 && B.recvs[0].status == IW_OK && B.recvs[0].len == 4 &&
          memcmp(rbuf[0], "abcd", 4) == 0); /* RDMAP-001c: delivered despite Rsv */
    CHECK(B.nrecv == 2 && B.recvs[1].status == IW_OK && !B.recvs[1].invalidated &&
          memcmp(rbuf[1], "efgh", 4) == 0); /* RDMAP-004c: delivered, nothing invalidated */
    CHECK(rf_find(&B, STAG_B_INV)->valid && B.ninval == 0); /* RDMAP-004c */
}

/* An error found while a Write is going out, with a Send queued behind it: the Write finishes,
 * the Terminate follows, and the queued Send never goes out: it completes in error and nothing
 * follows the Terminate on the wire, even while the host has not closed the connection yet. */
static iw_rdmap_ops g_defer_ops;
static void defer_llp_close(void *ctx) { ((rf_ep *)ctx)->closed++; } /* the host closes later */
static void t_nothing_after_term(void)
{
    iw_rdmap_wr w;
    uint8_t u[64];
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    /* a host that closes the connection some time after RDMAP asks: MPA stays open meanwhile,
     * so only RDMAP itself keeps the queued Send off the wire */
    g_defer_ops = *A.s.ops;
    g_defer_ops.llp_close = defer_llp_close;
    A.s.ops = &g_defer_ops;
    rf_post_recv(&B, rbuf[0], 64);
    hf_limit(&A.h, 100);
    sg_w[0].base = A_SRC;
    sg_w[0].len = 3000;
    w = rf_wr(IW_RDMAP_OP_WRITE, (void *)1);
    w.sgl = sg_w;
    w.nsge = 1;
    w.stag = STAG_B_WRITE;
    w.to = TO_B;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    w = rf_wr(IW_RDMAP_OP_SEND, (void *)2);
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    REQUIRE(iw_ddp_tx_busy(&A.s.ddp)); /* the Write is still going out */
    n = mk_untagged(u, 0x4C, 0, 1, 4); /* opcode 0xC from B: A must terminate */
    REQUIRE(rf_inject(&B, u, n) == IW_OK);
    (void)rf_feed(&B, &A); /* A finds the error while its Write is still going out */
    REQUIRE(A.nev == 1 && iw_ddp_tx_busy(&A.s.ddp));
    { /* a second error while the first one's Terminate still waits behind the Write */
        iw_term t2 = {0, 2, 0x08};
        CHECK_EQ(iw_rdmap_terminate(&A.s, t2), IW_ESTATE); /* RDMAP-030: the first one stays */
    }
    hf_limit(&A.h, 0); /* then the host takes everything at once */
    rf_flow(&A, &B);
    rf_scan(&A, A.scan_off);
    CHECK_EQ(A.nterm_sent, 1);
    /* RDMAP-030: the Terminate reports the first error, (0,2,0x06), once */
    CHECK(A.last_term[18] == 0x02 && A.last_term[19] == 0x06 && A.nev == 1);
    CHECK_EQ(A.sent_after_term, 0); /* RDMAP-022b: the queued Send never follows it */
    CHECK(rf_fpdu(&A, IW_RDMAP_OP_SEND, 0, &n) == NULL); /* RDMAP-022b */
    CHECK_EQ(A.ncqe, 2); /* RDMAP-022b: the Send was never handed on: it completes */
    CHECK(A.ncqe == 2 && A.cqes[1].status != IW_OK); /* RDMAP-057a: in error */
    CHECK_EQ(B.nrecv, 0);
    CHECK_EQ(A.closed, 1);
    iw_mpa_close(&A.c);
}

/* Send with Invalidate: when the Receive completes, the STag is already invalid. */
static iw_rdmap_ops g_snoop_ops;
static int g_valid_at_recv = -1;
static void snoop_recv(void *ctx, const iw_rdmap_recv *r)
{
    g_valid_at_recv = rf_find(&B, STAG_B_INV)->valid;
    rf_recv(ctx, r);
}
static void t_inval_before_recv(void)
{
    iw_rdmap_wr w;
    cfgs_default();
    REQUIRE(setup());
    g_snoop_ops = *B.s.ops;
    g_snoop_ops.recv = snoop_recv;
    B.s.ops = &g_snoop_ops;
    g_valid_at_recv = -1;
    rf_post_recv(&B, rbuf[0], 64);
    w = rf_wr(IW_RDMAP_OP_SEND_INV, (void *)1);
    w.inval_stag = STAG_B_INV;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    CHECK(B.nrecv == 1 && B.recvs[0].status == IW_OK && B.recvs[0].invalidated);
    CHECK_EQ(g_valid_at_recv, 0); /* RDMAP-017a: invalidated before the Receive completed */
}

/* A resolver that reports a wrapping Atomic target as merely out of bounds: RDMAP itself still
 * sends the wrap code. */
static iw_rdmap_ops g_bounds_ops;
static iw_ddp_xlate bounds_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                                   iw_ddp_buf *dst, size_t max, size_t *n)
{
    iw_ddp_xlate x = rf_resolve(ctx, stag, to, len, access, dst, max, n);
    return x == IW_DDP_X_TO_WRAP ? IW_DDP_X_BOUNDS : x;
}
static void t_atomic_wrap_own_check(void)
{
    uint8_t u[128];
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    g_bounds_ops = *B.s.ops;
    g_bounds_ops.resolve = bounds_resolve;
    B.s.ops = &g_bounds_ops;
    n = mk_untagged(u, 0x4A, 1, 1, 52);
    iw_put_be32(u + 26, STAG_B_ATOM);
    iw_put_be64(u + 30, ~0ull - 3);
    REQUIRE(rf_inject(&A, u, n) == IW_OK);
    rf_flow(&A, &B);
    expect_term(&B, &A, 0, 1, 0x04, 1, 1, 0, u, n); /* ATOM-018e: the wrap, whatever the resolver says */
    check_b_unchanged();
}

/* The same for a Read Request's source range: the wrap code, whatever the resolver says. */
static void t_read_wrap_own_check(void)
{
    iw_rdmap_wr w;
    const uint8_t *u;
    size_t n;
    cfgs_default();
    REQUIRE(setup());
    g_bounds_ops = *B.s.ops;
    g_bounds_ops.resolve = bounds_resolve;
    B.s.ops = &g_bounds_ops;
    w = rf_wr(IW_RDMAP_OP_READ_REQ, (void *)1);
    w.stag = STAG_B_READ;
    w.to = ~0ull - 10;
    w.len = 100;
    w.sink_stag = STAG_A_SINK;
    w.sink_to = 0x5000;
    REQUIRE(iw_rdmap_post(&A.s, &w) == IW_OK);
    rf_flow(&A, &B);
    u = rf_fpdu(&A, IW_RDMAP_OP_READ_REQ, 0, &n);
    REQUIRE(u != NULL);
    expect_term(&B, &A, 0, 1, 0x04, 1, 1, 1, u, n); /* RDMAP-044: the wrap, whatever the resolver says */
    check_b_unchanged();
}

/* ---- the receive path leaves nothing for the pump to do (it skips the pump when nothing is
 * queued): in every state a mixed workload reaches (partial sends, Reads, Atomics, Sends, a
 * Terminate), iw_rdmap_tx_resume with the host taking nothing then changes nothing; and
 * RDMAP's check op on Write segments against RFC 5040 §7.2 written out here (RDMAP-033
 * version, RDMAP-034a/b, RDMAP-035 opcode and buffer model) ---- */

static uint8_t ti_memA[65536], ti_memB[65536], ti_rbuf[8][4096];
static iw_rdmap_stream snap;
static unsigned long n_idle, n_busy;

/* After e received (its host had taken sent octets before): a pump run now (the LLP taking
 * nothing) finds nothing to do. Counted by whether the receive made e send (responses, WRs a
 * completion let go) or not. */
static void idle_check(rf_ep *e, size_t sent)
{
    int hold = e->h.hold;
    iw_status st;
    if (e->h.sent != sent) n_busy++;
    else n_idle++;
    memcpy(&snap, &e->s, sizeof snap);
    e->h.hold = 1;
    st = iw_rdmap_tx_resume(&e->s);
    e->h.hold = hold;
    CHECK(st == IW_OK || st == IW_EAGAIN || st == IW_ETERM);
    CHECK_MEM(&snap, &e->s, sizeof snap);
}

#define TI_ST_W 0x1100u  /* B: Remote Write */
#define TI_ST_R 0x1200u  /* B: Remote Read */
#define TI_ST_AT 0x1300u /* B: Remote Atomic */
#define TI_ST_AS 0x2100u /* A: Local Write (Read and Atomic sinks) */

static void t_tx_idle(void)
{
    uint32_t k;
    int i;
    rf_cfg_default(&CA);
    rf_cfg_default(&CB);
    REQUIRE(rf_pair_up(&A, &B, &CA, &CB) == IW_OK);
    rf_reg(&B, TI_ST_W, ti_memB, 0x10000, 32768, IW_DDP_ACC_REMOTE_WRITE);
    rf_reg(&B, TI_ST_R, ti_memB + 32768, 0x20000, 32768, IW_DDP_ACC_REMOTE_READ);
    rf_reg(&B, TI_ST_AT, ti_memB, 0x10000, 32768, IW_RDMAP_ACC_REMOTE_ATOMIC);
    rf_reg(&A, TI_ST_AS, ti_memA, 0x30000, 65536, IW_RDMAP_ACC_LOCAL_WRITE);
    for (i = 0; i < 8; i++) rf_post_recv(&B, ti_rbuf[i], sizeof ti_rbuf[i]);
    hf_limit(&A.h, 97); /* partial sends: DDP stays busy between steps */
    hf_limit(&B.h, 0);  /* B sends at once: a response it queues is never held back by DDP */
    B.chunk = 53;      /* B takes A's octets in pieces: commits at many points */
    A.chunk = 29;
    for (k = 0; k < 24; k++) {
        iw_rdmap_wr w = rf_wr(k % 4 == 0 ? IW_RDMAP_OP_WRITE : k % 4 == 1 ? IW_RDMAP_OP_READ_REQ
                              : k % 4 == 2 ? IW_RDMAP_OP_SEND : IW_RDMAP_OP_ATOMIC_REQ, NULL);
        iw_iov v;
        v.base = ti_memA + 256 * k;
        v.len = 64 + 40 * k;
        w.sgl = &v;
        w.nsge = 1;
        if (w.opcode == IW_RDMAP_OP_WRITE) {
            w.stag = TI_ST_W;
            w.to = 0x10000 + 512 * k;
        } else if (w.opcode == IW_RDMAP_OP_READ_REQ) {
            w.sgl = NULL;
            w.nsge = 0;
            w.stag = TI_ST_R;
            w.to = 0x20000 + 64 * k;
            w.len = 300 + 10 * k;
            w.sink_stag = TI_ST_AS;
            w.sink_to = 0x30000 + 1024 * k;
        } else if (w.opcode == IW_RDMAP_OP_ATOMIC_REQ) {
            w.sgl = NULL;
            w.nsge = 0;
            w.aop = IW_RDMAP_AOP_FETCHADD;
            w.stag = TI_ST_AT;
            w.to = 0x10000 + 8 * k;
            w.add_swap = k;
        }
        if (k == 21) w.stag = 0x7700; /* not registered at B: B sends a Terminate */
        CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_OK);
        if (k % 4 != 3) continue; /* four queued behind a partial send, then steps */
        for (i = 0; i < 12; i++) { /* a few steps each way, checked after each receive */
            size_t sent;
            (void)iw_mpa_tx_resume(&A.c);
            sent = B.h.sent;
            if (rf_feed(&A, &B)) idle_check(&B, sent);
            (void)iw_mpa_tx_resume(&B.c);
            sent = A.h.sent;
            if (rf_feed(&B, &A)) idle_check(&A, sent);
        }
        if (iw_rdmap_failed(&A.s)) break;
    }
    rf_flow(&A, &B);
    CHECK(A.ncqe >= 20);        /* the traffic ran */
    CHECK(A.nev == 1 || B.nev == 1); /* and ended with the Terminate */
    printf("# states checked: %lu idle, %lu not idle\n", n_idle, n_busy);
    CHECK(n_idle > 20);         /* both kinds of state were checked */
    CHECK(n_busy >= 5);
}

/* ---- RDMAP's check op (DDP's ulp->check) on Write segments against RFC 5040 §7.2 ---- */

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
                    st = B.s.ddp.ulp->check(B.s.ddp.uctx, &h, &access, &t); /* RDMAP's op */
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

/* ---- posting reads a WR's head and its opcode's part only (the rdmap.h iw_rdmap_wr list):
 * every member outside them filled with garbage changes no octet sent and no status; the same
 * through the slot form, where the slot still holds an earlier WR's members ---- */

static uint8_t pr_wire[3][4096];
static size_t pr_len[3];
static iw_iov pr_sg[2] = {{(const uint8_t *)"payload-one", 11}, {(const uint8_t *)"two", 3}};

/* op's WR with its head and part set, every other member fill. */
static iw_rdmap_wr pr_wr(unsigned op, int fill)
{
    iw_rdmap_wr w;
    memset(&w, fill, sizeof w);
    w.opcode = (uint8_t)op;
    w.flags = 0;
    w.cookie = (void *)(uintptr_t)(op + 1);
    switch (op) {
    case IW_RDMAP_OP_WRITE: w.sgl = pr_sg, w.nsge = 2, w.stag = 0x1234, w.to = 0x10020; break;
    case IW_RDMAP_OP_SEND:
    case IW_RDMAP_OP_SEND_SE: w.sgl = pr_sg, w.nsge = 1; break;
    case IW_RDMAP_OP_SEND_INV:
    case IW_RDMAP_OP_SEND_SE_INV: w.sgl = pr_sg + 1, w.nsge = 1, w.inval_stag = 0xABCD01; break;
    case IW_RDMAP_OP_READ_REQ:
        w.stag = 0x77, w.to = 0x1000, w.len = 300, w.sink_stag = 0x88, w.sink_to = 0x2000;
        break;
    case IW_RDMAP_OP_ATOMIC_REQ:
        w.aop = IW_RDMAP_AOP_CMPSWAP, w.stag = 0x99, w.to = 0x3008, w.len = 8;
        w.add_swap = 0x1111, w.add_swap_mask = ~(uint64_t)0, w.cmp = 5, w.cmp_mask = 0xFF;
        break;
    default: memcpy(w.imm, "IMMEDIAT", 8); break; /* IMM, IMM_SE */
    }
    return w;
}

static void t_post_reads_part(void)
{
    static const unsigned ops[] = {IW_RDMAP_OP_WRITE,    IW_RDMAP_OP_SEND,      IW_RDMAP_OP_SEND_SE,
                                   IW_RDMAP_OP_SEND_INV, IW_RDMAP_OP_SEND_SE_INV, IW_RDMAP_OP_READ_REQ,
                                   IW_RDMAP_OP_ATOMIC_REQ, IW_RDMAP_OP_IMM,     IW_RDMAP_OP_IMM_SE};
    int k;
    size_t i;
    for (k = 0; k < 3; k++) {
        rf_cfg_default(&CA);
        rf_cfg_default(&CB);
        REQUIRE(rf_pair_up(&A, &B, &CA, &CB) == IW_OK);
        A.h.wire_len = A.out_off = 0;
        if (k == 2) memset(A.sq, 0x5A, sizeof A.sq); /* the slots' earlier contents */
        for (i = 0; i < sizeof ops / sizeof ops[0]; i++) {
            iw_rdmap_wr w = pr_wr(ops[i], k == 1 ? 0xA5 : 0), *d;
            if (k < 2) {
                CHECK_EQ(iw_rdmap_post(&A.s, &w), IW_OK);
                continue;
            }
            d = iw_rdmap_post_slot(&A.s); /* only the head and the opcode's part set */
            REQUIRE(d != NULL);
            d->opcode = w.opcode, d->flags = w.flags, d->cookie = w.cookie;
            switch (w.opcode) {
            case IW_RDMAP_OP_READ_REQ:
                d->len = w.len, d->sink_stag = w.sink_stag, d->sink_to = w.sink_to;
                d->stag = w.stag, d->to = w.to;
                break;
            case IW_RDMAP_OP_ATOMIC_REQ:
                d->aop = w.aop, d->stag = w.stag, d->to = w.to, d->len = w.len;
                d->add_swap = w.add_swap, d->add_swap_mask = w.add_swap_mask;
                d->cmp = w.cmp, d->cmp_mask = w.cmp_mask;
                break;
            case IW_RDMAP_OP_IMM:
            case IW_RDMAP_OP_IMM_SE: memcpy(d->imm, w.imm, sizeof d->imm); break;
            default:
                d->sgl = w.sgl, d->nsge = w.nsge;
                if (w.opcode == IW_RDMAP_OP_WRITE) d->stag = w.stag, d->to = w.to;
                else d->inval_stag = w.inval_stag;
            }
            CHECK_EQ(iw_rdmap_post_commit(&A.s), IW_OK);
        }
        CHECK_EQ(iw_rdmap_ord_outstanding(&A.s), 2u);
        CHECK(!iw_rdmap_failed(&A.s));
        REQUIRE(A.h.wire_len <= sizeof pr_wire[k]);
        memcpy(pr_wire[k], A.h.wire, A.h.wire_len);
        pr_len[k] = A.h.wire_len;
    }
    CHECK(pr_len[0] > 9 * 24); /* nine FPDUs went out */
    CHECK_EQ(pr_len[1], pr_len[0]);
    CHECK_MEM(pr_wire[1], pr_wire[0], pr_len[0]);
    CHECK_EQ(pr_len[2], pr_len[0]);
    CHECK_MEM(pr_wire[2], pr_wire[0], pr_len[0]);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"Terminate codec", t_term_codec},
        {"code constants RDMAP-059 RDMAP-002", t_codes},
        {"atomic arithmetic vs RFC 7306 pseudocode", t_atomic_math},
        {"every operation end to end RDMAP-005 RDMAP-011 RDMAP-015 RDMAP-052 "
         "RDMAP-053 ATOM-002 ATOM-004 ATOM-005 ATOM-011 "
         "IMM-002",
         t_all_ops},
        {"every operation, chunkings, fused and verify, CRC off, markers", t_all_ops_chunkings},
        {"every operation, partial sends", t_all_ops_partial_sends},
        {"every operation, every split point", t_all_ops_split},
        {"ORD limits Reads and Atomics together RDMAP-014", t_ord_limit},
        {"Reads answered in order, complete when whole, read fence RDMAP-012 RDMAP-054",
         t_read_order},
        {"Write then Immediate: placed before the Immediate completes IMM-008", t_write_then_imm},
        {"atomics in order ATOM-016", t_atomic_sequence},
        {"concurrent FetchAdds from several streams ATOM-017", t_atomic_threads},
        {"peer-to-peer RTR MSNs", t_rtr_msn},
        {"Read Request errors RDMAP-041 RDMAP-042 RDMAP-043 RDMAP-044 "
         "RDMAP-032",
         t_read_errors},
        {"zero-length Read", t_read_zero},
        {"Read disabled, beyond IRD RDMAP-039", t_read_ird},
        {"Send with Invalidate errors RDMAP-046 RDMAP-047", t_send_inval_errors},
        {"Send receive errors", t_send_recv_errors},
        {"injected errors RDMAP-033 RDMAP-035 RDMAP-036 "
         "IMM-009 IMM-010 ATOM-021",
         t_injected_errors},
        {"Read Response checks", t_read_resp_errors},
        {"a segment continuing a message with another opcode RDMAP-034c", t_op_switch},
        {"Read source revoked part way", t_read_partial_term},
        {"build error and ULP Terminate RDMAP-031", t_build_error},
        {"first error wins RDMAP-030 RDMAP-058", t_first_error_wins},
        {"Terminate received RDMAP-023 RDMAP-058", t_term_received},
        {"post checks", t_post_checks},
        {"Atomic Request reserved bits ignored on receive", t_atom_reserved_ignored},
        {"Atomic Responses of the wrong length or identifier refused", t_atomic_resp_errors},
        {"Send and Write complete after their last octet, partial sends", t_complete_after_last_segment},
        {"WRs held by ORD or the Read fence keep their order", t_held_wr_order},
        {"Immediate Data on the wire and received; an Atomic waits for its Response", t_imm_wire_and_atomic_wait},
        {"Rsv bits and a plain Send's Invalidate STag ignored on receive", t_rsv_and_inval_ignored},
        {"nothing after the Terminate, a queued WR completes in error", t_nothing_after_term},
        {"Send with Invalidate: STag invalid when the Receive completes", t_inval_before_recv},
        {"Atomic target wrap found by RDMAP whatever the resolver says", t_atomic_wrap_own_check},
        {"Read Request source wrap found by RDMAP whatever the resolver says", t_read_wrap_own_check},
        {"tx_idle: after each receive, a pump run finds nothing left to do", t_tx_idle},
        {"check_write: RDMAP-033 RDMAP-035 on Write segments", t_check_write},
        {"post reads the head and the opcode's part only: garbage elsewhere sends the same octets",
         t_post_reads_part},
    };
    return CHECK_RUN(tests);
}
