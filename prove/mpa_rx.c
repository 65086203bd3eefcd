/* Eva driver: MPA FPDU receive (iw_mpa_rx_feed in Full Operation) at any chunking.
 *
 * An Initiator is brought to Full Operation by a concrete Reply (CRC and markers toward us
 * chosen by PROVE_CRC and PROVE_MK at compile time), then PROVE_RX_MAX unknown octets are fed
 * in unknown chunks of 1 octet up to all that is left. The ULP (the placement contract,
 * iw_mpa_ulp_ops.begin/commit) is either a placing one (begin names one or two pieces inside a
 * fixed array, after a header of up to IW_MPA_PLACE_HDR octets, or nothing to place) or a
 * declining one (IW_EAGAIN until MPA checked the FPDU, then it reads the verified ULPDU:
 * verify-then-place), chosen before the first octet; each stub reads what it is handed and
 * may refuse.
 * PROVE_HOST_CRC=1 also gives the host a crc32c op (a stub returning any value): the CRC path
 * through the host op instead of the fused one. */
#include "stubs.h"
#include "mpa.h"

#ifndef PROVE_CRC
#define PROVE_CRC 1
#endif
#ifndef PROVE_MK
#define PROVE_MK 0
#endif
#ifndef PROVE_HOST_CRC
#define PROVE_HOST_CRC 0
#endif
#define PROVE_RX_MAX 1100u   /* more than two marker intervals (512) */
#define PROVE_REASM 96u      /* ULPDUs up to 96 octets (rx_max = the reassembly buffer) */
#define PROVE_CHUNKS 8       /* feeds */

static uint8_t in[PROVE_RX_MAX];
static uint8_t reasm[PROVE_REASM];
static uint8_t place_mem[PROVE_REASM];
static iw_mpa_piece pieces[2];
static iw_mpa_rx_dst pdst;
static int declining; /* the ULP: 0 placing, 1 verify-then-place */
static volatile int sink;

static iw_status h_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    size_t i, t = 0;
    (void)ctx;
    for (i = 0; i < n; i++) t += iov[i].len;
    *accepted = t;
    return IW_OK;
}
static void h_timer_arm(void *ctx, unsigned id, uint32_t ms) { (void)ctx; (void)id; (void)ms; }
static void h_timer_cancel(void *ctx, unsigned id) { (void)ctx; (void)id; }
static void h_close(void *ctx, int abortive) { (void)ctx; (void)abortive; }
#if PROVE_HOST_CRC
static uint32_t h_crc(void *ctx, uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    (void)ctx;
    (void)crc;
    if (n) sink = (int)((unsigned)b[0] + b[n - 1]); /* reads what it is given (no int sum) */
    return (uint32_t)Frama_C_unsigned_int_interval(0, 0xFFFFFFFFu);
}
#define H_CRC h_crc
#else
#define H_CRC NULL
#endif
static const iw_mpa_host_ops hops = {.send = h_send,
                                     .timer_arm = h_timer_arm,
                                     .timer_cancel = h_timer_cancel,
                                     .close = h_close,
                                     .crc32c = H_CRC};

/* begin: reads the octets it is handed; the declining ULP answers IW_EAGAIN until the FPDU
 * is verified; the placing one names 1 or 2 pieces of place_mem (any lengths inside it: octets
 * beyond them are not placed) after a header of hdr_len <= min(have, 18) octets, or nothing
 * to place; either may refuse (IW_ETERM). */
static iw_status u_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                         iw_mpa_rx_dst **dst)
{
    size_t a, hmax = have < IW_MPA_PLACE_HDR ? have : IW_MPA_PLACE_HDR;
    (void)u;
    (void)len;
    *dst = NULL;
    if (have) sink = p[0] + p[have - 1];
    if (declining && !(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN;
    if (Frama_C_interval(0, 1)) return IW_ETERM;
    if (declining || Frama_C_interval(0, 1)) return IW_OK; /* read it all: nothing to place */
    a = (size_t)Frama_C_interval(0, PROVE_REASM);
    pieces[0].base = place_mem;
    pieces[0].len = a;
    pieces[1].base = place_mem + a;
    pieces[1].len = (size_t)Frama_C_interval(0, (int)(PROVE_REASM - a));
    pdst.piece = pieces;
    pdst.n = (size_t)Frama_C_interval(1, 2);
    pdst.hdr_len = (size_t)Frama_C_interval(0, (int)hmax);
    *dst = &pdst;
    return IW_OK;
}
static iw_status u_commit(void *u, int ok)
{
    (void)u;
    (void)ok;
    return Frama_C_interval(0, 1) ? IW_OK : IW_ETERM;
}
static const iw_mpa_ulp_ops uops = {.begin = u_begin, .commit = u_commit};

static iw_mpa_conn conn;

/* The Reply that puts the Initiator in Full Operation: Rev 2, IRD/ORD 16/16, no PD. */
static int to_full(void)
{
    static const uint8_t rep[24] = {'M', 'P', 'A', ' ', 'I', 'D', ' ', 'R', 'e', 'p', ' ', 'F',
                                    'r', 'a', 'm', 'e', PROVE_CRC ? 0x50 : 0x10, 2, 0, 4,
                                    0, 16, 0, 16};
    iw_mpa_cfg cfg;
    size_t used;
    iw_mpa_cfg_default(&cfg, IW_MPA_INITIATOR);
    cfg.crc = PROVE_CRC;
    cfg.markers_rx = PROVE_MK;
    if (iw_mpa_init(&conn, &cfg, &hops, NULL, &uops, NULL, reasm, sizeof reasm) != IW_OK) return 0;
    if (iw_mpa_start(&conn, NULL, 0) != IW_OK) return 0;
    if (iw_mpa_rx_feed(&conn, rep, sizeof rep, &used) != IW_OK) return 0;
    return iw_mpa_state(&conn) == IW_MPA_S_FULL;
}

int main(void)
{
    size_t len, off = 0, used;
    int i;
    declining = Frama_C_interval(0, 1);
    if (!to_full()) return 1;
    len = prove_unknown(in, sizeof in, 0, PROVE_RX_MAX);
    for (i = 0; i < PROVE_CHUNKS && off < len; i++) {
        /* rest >= 1 here (off < len); the explicit bound lets Eva see it (it does not
         * relate off and len), so the interval's precondition min <= max is proved */
        size_t rest = len - off, k;
        if (rest == 0 || rest > PROVE_RX_MAX) break;
        k = (size_t)Frama_C_unsigned_int_interval(1, (unsigned)rest);
        if (iw_mpa_rx_feed(&conn, in + off, k, &used) != IW_OK) break;
        off += used;
    }
    return 0;
}
