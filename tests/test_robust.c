/* SPDX-License-Identifier: MIT */
/* test_robust.c: hostile octets against the whole stack. A valid stream of every RDMAP
 * operation (from two real endpoints) is mutated at random (bit flips, octets overwritten,
 * lengths changed, pieces dropped or repeated) and fed, in random chunks, to a fresh receiver
 * with CRC off (so the damage reaches DDP and RDMAP) and on. The receiver's memory is one arena
 * with guard zones around every registered region and receive buffer: after every run nothing
 * outside what was registered or posted has changed, and ASan/UBSan see no access outside the
 * buffers given to the core (SEC-010). Deterministic: fixed seeds. */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "check.h"
#include "rdmap_fake.h"

static rf_ep A, B;
#define ARENA 65536
#define GUARD 512
/* B's arena: [GUARD][region 0: 16 KiB][GUARD][region 1: 8 KiB][GUARD][receives 8 x 512][GUARD] */
static uint8_t arena[ARENA], snap[ARENA];
#define R0 GUARD
#define R1 (R0 + 16384 + GUARD)
#define RQ (R1 + 8192 + GUARD)
#define END (RQ + 8 * 512 + GUARD)
static uint8_t srcA[16384], sinkA[16384];
static iw_iov sg[4];

static int up(int crc)
{
    rf_cfg ca, cb;
    int i;
    rf_cfg_default(&ca);
    rf_cfg_default(&cb);
    ca.crc = cb.crc = crc;
    ca.fused = cb.fused = crc;
    if (rf_pair_up(&A, &B, &ca, &cb) != IW_OK) return 0;
    rf_reg(&A, 0x100, sinkA, 0x1000, sizeof sinkA, IW_RDMAP_ACC_LOCAL_WRITE);
    rf_reg(&B, 0x201, arena + R0, 0x40000, 16384,
           IW_DDP_ACC_REMOTE_WRITE | IW_DDP_ACC_REMOTE_READ | IW_RDMAP_ACC_REMOTE_ATOMIC);
    rf_reg(&B, 0x302, arena + R1, 0x80000, 8192, IW_DDP_ACC_REMOTE_WRITE);
    rf_reg(&B, 0x403, arena + R1, 0x90000, 8192, IW_DDP_ACC_REMOTE_WRITE); /* 2nd invalidate */
    for (i = 0; i < 8; i++) rf_post_recv(&B, arena + RQ + 512 * i, 512);
    return 1;
}

/* A's operations: Writes, Sends, Immediate, Read, atomics, Send with Invalidate. */
static int post_ops(void)
{
    iw_rdmap_wr w;
    int i;
    for (i = 0; i < 4; i++) {
        sg[i].base = srcA + 1000 * i;
        sg[i].len = 300u + 700u * (unsigned)i;
    }
    memset(&w, 0, sizeof w);
    w.opcode = IW_RDMAP_OP_WRITE;
    w.sgl = sg;
    w.nsge = 3;
    w.stag = 0x201;
    w.to = 0x40000 + 100;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    w.stag = 0x302;
    w.to = 0x80000;
    w.nsge = 2;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    for (i = 0; i < 4; i++) {
        memset(&w, 0, sizeof w);
        w.opcode = (uint8_t)(IW_RDMAP_OP_SEND + (unsigned)i);
        w.sgl = sg;
        w.nsge = 1;
        w.inval_stag = i == 3 ? 0x403u : 0x302u; /* each invalidated once: the stream goes on */
        if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    }
    memset(&w, 0, sizeof w);
    w.opcode = IW_RDMAP_OP_IMM_SE;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    w.opcode = IW_RDMAP_OP_READ_REQ;
    w.stag = 0x201;
    w.to = 0x40000;
    w.len = 3000;
    w.sink_stag = 0x100;
    w.sink_to = 0x1000;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    memset(&w, 0, sizeof w);
    w.opcode = IW_RDMAP_OP_ATOMIC_REQ;
    w.aop = IW_RDMAP_AOP_CMPSWAP;
    w.stag = 0x201;
    w.to = 0x40000 + 64;
    w.add_swap = 7;
    w.add_swap_mask = ~0ull;
    if (iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    /* last: two empty Sends, then a Send of 2400 octets into the last 512-octet receive
     * (DDP-031: B ends the stream); placed anyway, its first segment would run past the
     * receives into the guard zone (SEC-010) */
    memset(&w, 0, sizeof w);
    w.opcode = IW_RDMAP_OP_SEND;
    if (iw_rdmap_post(&A.s, &w) != IW_OK || iw_rdmap_post(&A.s, &w) != IW_OK) return 0;
    w.sgl = sg + 3;
    w.nsge = 1;
    return iw_rdmap_post(&A.s, &w) == IW_OK;
}

/* Only the registered regions and the posted receives may change. */
static int guards_intact(void)
{
    return memcmp(arena, snap, R0) == 0 &&
           memcmp(arena + R0 + 16384, snap + R0 + 16384, GUARD) == 0 &&
           memcmp(arena + R1 + 8192, snap + R1 + 8192, GUARD) == 0 &&
           memcmp(arena + RQ + 8 * 512, snap + RQ + 8 * 512, ARENA - (RQ + 8 * 512)) == 0;
}

static void mutate(uint8_t *p, size_t *n, size_t cap, unsigned long long *seed)
{
    int k, edits = 1 + (int)(check_rand(seed) % 8u);
    for (k = 0; k < edits && *n; k++) {
        size_t at = (size_t)(check_rand(seed) % *n);
        switch (check_rand(seed) % 6u) {
        case 0: p[at] ^= (uint8_t)(1u << (check_rand(seed) % 8u)); break;
        case 1: p[at] = (uint8_t)check_rand(seed); break;
        case 2: p[at] = (uint8_t)(check_rand(seed) % 2 ? 0xFF : 0x00); break;
        case 3: { /* drop a piece */
            size_t len = (size_t)(check_rand(seed) % 64u);
            if (at + len > *n) len = *n - at;
            memmove(p + at, p + at + len, *n - at - len);
            *n -= len;
            break;
        }
        case 4: { /* repeat a piece */
            size_t len = (size_t)(check_rand(seed) % 64u);
            if (at + len > *n) len = *n - at;
            if (*n + len <= cap) {
                memmove(p + at + len, p + at, *n - at);
                *n += len;
            }
            break;
        }
        default: /* a plausible big-endian 16/32-bit field value */
            if (at + 4 <= *n) iw_put_be32(p + at, (uint32_t)check_rand(seed) & 0x0001FFFFu);
            break;
        }
    }
}

static uint8_t stream[1u << 17], bad[1u << 17];

static void run(int crc, int rounds, unsigned long long seed0)
{
    size_t n, start, i;
    int r;
    /* the valid request stream, once */
    for (i = 0; i < sizeof srcA; i++) srcA[i] = (uint8_t)(i * 31 + 7);
    REQUIRE(up(crc));
    start = A.h.wire_len;
    REQUIRE(post_ops());
    n = A.h.wire_len - start;
    REQUIRE(n > 0 && n <= sizeof stream);
    memcpy(stream, A.h.wire + start, n);
    for (r = 0; r < rounds && !check__failed_here; r++) {
        unsigned long long seed = seed0 + (unsigned long long)r * 7919u;
        size_t m = n, off = 0;
        for (i = 0; i < ARENA; i++) arena[i] = (uint8_t)(i * 131 + 17);
        REQUIRE(up(crc));
        memcpy(snap, arena, ARENA);
        memcpy(bad, stream, n);
        mutate(bad, &m, sizeof bad, &seed);
        B.chunk = 0;
        while (off < m) { /* random chunks straight into B; B's answers are dropped */
            size_t k = 1 + (size_t)(check_rand(&seed) % 1500u), used = 0;
            if (k > m - off) k = m - off;
            (void)iw_mpa_rx_feed(&B.c, bad + off, k, &used);
            if (used == 0) break;
            off += used;
            (void)iw_mpa_tx_resume(&B.c);
        }
        CHECK(guards_intact());
        rf_scan(&B, B.scan_off);
        CHECK(B.nterm_sent <= 1 && B.sent_after_term == 0);
        if (check__failed_here) fprintf(stderr, "  crc %d round %d\n", crc, r);
    }
}

static void t_hostile_nocrc(void) { run(0, 20000, 1); }
static void t_hostile_crc(void) { run(1, 3000, 2); }

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"hostile octets, CRC off: nothing outside the given buffers SEC-010", t_hostile_nocrc},
        {"hostile octets, CRC on SEC-010", t_hostile_crc},
    };
    return CHECK_RUN(tests);
}
