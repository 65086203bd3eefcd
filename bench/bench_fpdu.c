/* bench_fpdu.c: the cost of MPA framing (iw_mpa_tx: header, pad, CRC, markers, gather list)
 * and deframing (iw_mpa_rx_feed: length checks, CRC check, in-place delivery), in ns per FPDU,
 * against the unavoidable part, CRC32c over the same octets with the same CRC path, measured in
 * the same run, interleaved, medians. The host's send takes the gather list without copying
 * (a NIC or a zero-copy socket), so what remains is the core's own work.
 * Exits non-zero if a delivered ULPDU or a CRC is wrong. */
#include "bench.h"
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "tests/host_fake.h"
#include <stdio.h>
#include <string.h>

#define REPS 41
#define N_RX 64 /* FPDUs per receive batch */

typedef struct host {
    hf_host h;         /* first: the host ops' ctx (tests/host_fake.h's sink: h.sent counts what
                          was sent, h.wire captures it while set: setup and when asked) */
    uint64_t delivered, bytes;
    uint32_t check;    /* sum of the first and last octet of each delivered ULPDU */
} host;

static void u_request(void *u, const iw_mpa_info *in) { (void)u; (void)in; }
static iw_status u_deliver(void *u, const uint8_t *p, size_t n)
{
    host *h = (host *)u;
    h->delivered++;
    h->bytes += n;
    h->check += (uint32_t)p[0] + p[n - 1];
    return IW_OK;
}
static const iw_mpa_host_ops ops = {.send = hf_send_sink,
                                    .timer_arm = hf_timer_arm,
                                    .timer_cancel = hf_timer_cancel,
                                    .close = hf_close};
static iw_status u_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                         iw_mpa_rx_dst **dst)
{
    *dst = NULL;
    if (!(flags & IW_MPA_RX_VERIFIED)) return IW_EAGAIN; /* checked first, then read whole */
    (void)have;
    return u_deliver(u, p, len);
}
static iw_status u_commit(void *u, int ok)
{
    (void)u;
    return ok ? IW_OK : IW_EHOST;
}
static const iw_mpa_ulp_ops ulp = {.request = u_request, .begin = u_begin, .commit = u_commit};

/* An Initiator in Full Operation: we play its peer's Reply. */
static int make_initiator(iw_mpa_conn *c, host *h, uint8_t *reasm, int markers)
{
    iw_mpa_cfg cfg;
    iw_mpa_frame f;
    uint8_t rep[64];
    size_t len, used;
    iw_mpa_cfg_default(&cfg, IW_MPA_INITIATOR);
    if (iw_mpa_init(c, &cfg, &ops, h, &ulp, h, reasm, 65535) != IW_OK) return 0;
    iw_mpa_start(c, NULL, 0);
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REPLY;
    f.rev = 2;
    f.enhanced = 1;
    f.flags = (uint8_t)(IW_MPA_FLAG_C | (markers ? IW_MPA_FLAG_M : 0));
    f.ird_word = f.ord_word = 16;
    iw_mpa_frame_encode(&f, rep, sizeof rep, &len);
    iw_mpa_rx_feed(c, rep, len, &used);
    return iw_mpa_state(c) == IW_MPA_S_FULL;
}

/* A Responder in Full Operation: we play the Initiator's Request and first FPDU. */
static int make_responder(iw_mpa_conn *c, host *h, uint8_t *reasm)
{
    iw_mpa_cfg cfg;
    iw_mpa_frame f;
    uint8_t req[64], first[28];
    size_t len, used;
    iw_mpa_cfg_default(&cfg, IW_MPA_RESPONDER);
    if (iw_mpa_init(c, &cfg, &ops, h, &ulp, h, reasm, 65535) != IW_OK) return 0;
    iw_mpa_start(c, NULL, 0);
    memset(&f, 0, sizeof f);
    f.kind = IW_MPA_REQUEST;
    f.rev = 2;
    f.enhanced = 1;
    f.flags = IW_MPA_FLAG_C;
    f.ird_word = f.ord_word = 16;
    iw_mpa_frame_encode(&f, req, sizeof req, &len);
    iw_mpa_rx_feed(c, req, len, &used);
    iw_mpa_accept(c, 16, 16, NULL, 0);
    iw_put_be16(first, 20);
    memset(first + 2, 0x41, 22);
    first[22] = first[23] = 0;
    iw_put_le32(first + 24, iw_crc32c(0, first, 24));
    iw_mpa_rx_feed(c, first, 28, &used);
    return iw_mpa_state(c) == IW_MPA_S_FULL;
}

static double per_ns(uint64_t t0, uint64_t t1, unsigned n) { return (double)(t1 - t0) / n; }

static int bench_tx(size_t L, int markers, double *ours, double *base)
{
    static iw_mpa_conn c;
    static uint8_t reasm[65535], payload[65536];
    static double a[REPS], b[REPS];
    host h;
    uint64_t seed = 1;
    unsigned r, i, iters = L <= 1024 ? 4000u : 1000u;
    iw_crc32c_fn crc = iw_crc32c_select();
    iw_iov v[2];
    memset(&h, 0, sizeof h);
    bench_fill(payload, sizeof payload, &seed);
    if (!make_initiator(&c, &h, reasm, markers)) return 0;
    v[0].base = payload;
    v[0].len = 14;
    v[1].base = payload + 14;
    v[1].len = L - 14;
    for (r = 0; r < REPS; r++) {
        uint64_t t0 = bench_now_ns(), t1, t2;
        for (i = 0; i < iters; i++)
            if (iw_mpa_tx(&c, v, 2) != IW_OK) return 0;
        t1 = bench_now_ns();
        for (i = 0; i < iters; i++) bench_sink ^= crc(0, payload, L + 2 + iw_mpa_pad(L));
        t2 = bench_now_ns();
        a[r] = per_ns(t0, t1, iters);
        b[r] = per_ns(t1, t2, iters);
    }
    /* correctness: the last FPDU sent carries the CRC of what was sent */
    {
        static uint8_t cap[70000];
        h.h.wire = cap;
        h.h.wire_cap = sizeof cap;
        h.h.wire_len = 0;
        if (iw_mpa_tx(&c, v, 2) != IW_OK) return 0;
        if (!markers && (h.h.wire_len != 2 + L + iw_mpa_pad(L) + 4 ||
                         iw_get_le32(cap + h.h.wire_len - 4) != iw_crc32c(0, cap, h.h.wire_len - 4) ||
                         memcmp(cap + 2, payload, L) != 0)) {
            fprintf(stderr, "bench_fpdu: wrong FPDU sent\n");
            return -1;
        }
    }
    *ours = bench_median(a, REPS);
    *base = bench_median(b, REPS);
    return 1;
}

static int bench_rx(size_t L, double *ours, double *base)
{
    static iw_mpa_conn tx, rx;
    static uint8_t reasm1[65535], reasm2[65535], payload[65536], stream[N_RX * 9000 + 64];
    static double a[REPS], b[REPS];
    host ht, hr;
    uint64_t seed = 2;
    size_t slen, used, i;
    unsigned r, k;
    iw_crc32c_fn crc = iw_crc32c_select();
    iw_iov v;
    memset(&ht, 0, sizeof ht);
    memset(&hr, 0, sizeof hr);
    bench_fill(payload, sizeof payload, &seed);
    if (!make_initiator(&tx, &ht, reasm1, 0) || !make_responder(&rx, &hr, reasm2)) return 0;
    ht.h.wire = stream;
    ht.h.wire_cap = sizeof stream;
    ht.h.wire_len = 0;
    for (i = 0; i < N_RX; i++) {
        v.base = payload + i;
        v.len = L;
        iw_mpa_tx(&tx, &v, 1);
    }
    slen = ht.h.wire_len;
    for (r = 0; r < REPS; r++) {
        uint64_t t0, t1, t2, d0 = hr.delivered;
        t0 = bench_now_ns();
        for (k = 0; k < 8; k++)
            if (iw_mpa_rx_feed(&rx, stream, slen, &used) != IW_OK || used != slen) return -1;
        t1 = bench_now_ns();
        for (k = 0; k < 8; k++)
            for (i = 0; i < N_RX; i++)
                bench_sink ^= crc(0, stream + i * (slen / N_RX), slen / N_RX - 4);
        t2 = bench_now_ns();
        if (hr.delivered - d0 != 8u * N_RX) return -1;
        a[r] = per_ns(t0, t1, 8u * N_RX);
        b[r] = per_ns(t1, t2, 8u * N_RX);
    }
    /* the first FPDU (setup) was 20 octets, all the others L, all delivered in place */
    if (hr.bytes != 20u + (uint64_t)(hr.delivered - 1) * L || iw_mpa_get_stats(&rx)->rx_copied) {
        fprintf(stderr, "bench_fpdu: receive delivered wrong lengths or copied\n");
        return -1;
    }
    *ours = bench_median(a, REPS);
    *base = bench_median(b, REPS);
    return 1;
}

int main(void)
{
    static const size_t sizes[3] = {64, 1024, 4096};
    double o, b;
    size_t i;
    int st;
    char lines[16][160];
    int nl = 0;
    printf("MPA framing cost per FPDU (CRC on), ns, median of %d interleaved repetitions;\n"
           "baseline: CRC32c over the same octets with the same CRC path.\n", REPS);
    printf("%-28s %12s %12s %8s\n", "case", "ours ns", "crc ns", "ratio");
    for (i = 0; i < 3; i++) {
        st = bench_tx(sizes[i], 0, &o, &b);
        if (st != 1) return 1;
        printf("tx ULPDU %-19zu %12.1f %12.1f %8.2f\n", sizes[i], o, b, o / b);
        snprintf(lines[nl++], sizeof lines[0], "BENCH mpa_tx_%zu %.1f ns/FPDU vs crc_only ratio=%.2f", sizes[i], o, b ? o / b : 0);
    }
    st = bench_tx(4096, 1, &o, &b);
    if (st != 1) return 1;
    printf("%-28s %12.1f %12.1f %8.2f\n", "tx with markers, 4096", o, b, o / b);
    snprintf(lines[nl++], sizeof lines[0], "BENCH mpa_tx_markers_4096 %.1f ns/FPDU vs crc_only ratio=%.2f", o, o / b);
    for (i = 0; i < 3; i++) {
        st = bench_rx(sizes[i], &o, &b);
        if (st != 1) { fprintf(stderr, "bench_fpdu: receive check failed\n"); return 1; }
        printf("rx in place ULPDU %-10zu %12.1f %12.1f %8.2f\n", sizes[i], o, b, o / b);
        snprintf(lines[nl++], sizeof lines[0], "BENCH mpa_rx_%zu %.1f ns/FPDU vs crc_only ratio=%.2f", sizes[i], o, b ? o / b : 0);
    }
    for (i = 0; i < (size_t)nl; i++) printf("%s\n", lines[i]);
    return 0;
}
