/* fuzz/fuzz_mpa_rx.c: libFuzzer target for the FPDU receiver in Full Operation (RFC 5044 §4-§6):
 * ULPDU_Length, PAD, CRC32c, markers, in any chunking, with the first-FPDU and P2P RTR rules.
 *
 * A Responder receives a valid Request built with the library's own encoder, accepts in its
 * upcall, and then receives the fuzz body as its FPDU stream.
 *
 * INPUT = BODY || TAIL.
 *   TAIL, the last 8 octets:
 *     t[0]  bit0 Request C (CRC), bit1 Responder cfg.crc, bit2 Responder markers_rx (markers
 *           in the stream it receives), bit3 FIX UP CRCs, bit4 FIX UP markers, bit5 P2P,
 *           bit6 revision 1 (no IRD/ORD, no P2P), bit7 Request M (markers in what it sends)
 *     t[1..2] rx_max_ulpdu, big-endian (below 14: 0, i.e. the 65535-octet buffer)
 *     t[3]  bits0-4 the delivery the ULP fails (0: none), bits5-7 RTR types the Request offers
 *           (1 Send, 2 Write, 4 Read)
 *     t[4..7] rx_seq_start, big-endian
 *   BODY: records [u16 chunk_len][chunk_len octets] (big-endian; a short last record takes what
 *     is left). The chunks, concatenated, are the stream after the Request.
 *
 * FIX UP (t[0] bits 3, 4): before feeding, the harness walks the stream as FPDUs (ULPDU_Length,
 * ULPDU, PAD, CRC; markers every 512 octets counted from the first octet after the Request)
 * and rewrites each complete FPDU's CRC field with the right CRC32c (iw_crc32c), and each
 * marker's FPDUPTR, so that mutations of lengths and payloads reach past the CRC check.
 *
 * The same stream is then fed three times, each run from iw_mpa_init: (A) the Request alone,
 * then the records' chunking; (B) Request and stream in one call; (C) Request and stream in
 * chunks cycling through 1, 2, 3, 5, 7, 11, 13, 29, 61, 127 octets (seven tiny cuts in ten,
 * at every offset of the fields; the larger ones keep the number of feed calls, the cost of
 * the run, down: docs/testing.md). Then twice more with a ULP that has the fused
 * placement contract placing ULPDUs in two pieces (begin/commit; it declines ULPDUs whose
 * first octet is odd, and takes 0..18 octets as its header): (D) the records' chunking, with
 * header-split receive (iw_mpa_rx_direct) wherever a span opens; (E) the same chunk sizes in
 * the reverse order.
 * Invariants (FZ_CHECK, __builtin_trap):
 *  - those of fuzz_fake.h: 14 <= every delivered ULPDU <= rx_max, nothing delivered after the
 *    first error or after a failed delivery, no octet sent after close, ...;
 *  - consumed <= len, and only short when the connection stopped;
 *  - A, B, C, D and E deliver the identical ULPDU sequence (count and hash), end with the identical
 *    error (status, MPA code, Terminate triple), consume the same number of octets and send
 *    the identical octets (Reply, Terminate);
 *  - without P2P, the deliveries and the error are exactly those the independent walker
 *    (fuzz_common.h) predicts from RFC 5044: ULPDUs of valid FPDUs in order, then Terminate
 *    (1,0,0) for a bad length, (2,0,2) for a CRC error, (2,0,3) for a bad marker.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c99 -I. -Itests \
 *       fuzz/fuzz_mpa_rx.c -o build/fuzz/fuzz_mpa_rx
 */
#define IWARP_IMPLEMENTATION
#define IWARP_STATIC
#define IW_ASSERT(x) ((x) ? (void)0 : __builtin_trap())
#include "fuzz_memo.h" /* first: the CRC32c kernels chosen once, not per init */
#include "mpa.h"
#include "fuzz_common.h"
#include "fuzz_fake.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TAIL 8
#define REASM_CAP 65535u
#define WIRE_CAP (1u << 16)

static iw_mpa_conn g_conn;
static fz_fake g_fake;
static uint8_t g_wire[WIRE_CAP];
static uint8_t g_ubuf[65536];

/* The placing ULP of runs D and E: it declines ULPDUs whose first octet is odd (verified,
 * then read whole: fz_deliver), places the others into g_pbuf in two pieces (header of
 * h[1] % (have + 1) octets copied from begin's octets, the payload placed by MPA);
 * commit(1) delivers g_pbuf, commit(0) forgets it. */
static uint8_t g_pbuf[65536];
static size_t g_plen;
static int g_pend;
static iw_mpa_piece g_piece[2];
static iw_mpa_rx_dst g_dst;
static iw_status st_begin(void *u, const uint8_t *h, size_t have, size_t len, unsigned flags,
                          iw_mpa_rx_dst **dst)
{
    size_t hl, pl;
    *dst = NULL;
    FZ_CHECK(!g_pend && have <= len && len <= sizeof g_pbuf);
    FZ_CHECK(have == len || (have == IW_MPA_PLACE_HDR && len > have));
    if (flags & IW_MPA_RX_VERIFIED) return fz_deliver(u, h, len);
    if (h[0] & 1u) return IW_EAGAIN; /* declined: reassembled, checked, begun again */
    hl = h[1] % (IW_MIN(have, IW_MPA_PLACE_HDR) + 1u);
    pl = len - hl;
    memcpy(g_pbuf, h, hl);
    g_plen = len;
    g_pend = 1;
    g_piece[0].base = g_pbuf + hl;
    g_piece[0].len = pl / 2u;
    g_piece[1].base = g_pbuf + hl + pl / 2u;
    g_piece[1].len = pl - pl / 2u;
    g_dst.piece = g_piece;
    g_dst.n = 2;
    g_dst.hdr_len = hl;
    *dst = &g_dst;
    return IW_OK;
}
static iw_status st_commit(void *u, int ok)
{
    if (!g_pend) return IW_OK; /* the commit of a verified ULPDU read in begin */
    g_pend = 0;
    g_dst.n = 0;
    return ok ? fz_deliver(u, g_pbuf, g_plen) : IW_OK;
}
static const iw_mpa_ulp_ops st_ulp_ops = {.request = fz_request,
                                          .established = fz_established,
                                          .rejected = fz_rejected,
                                          .begin = st_begin,
                                          .commit = st_commit,
                                          .error = fz_error,
                                          .closed = fz_closed_up,
                                          .tx_done = fz_tx_done};

typedef struct outcome {
    size_t delivered, consumed;
    uint32_t dhash, whash;
    int established;
    iw_mpa_error err;
} outcome;

typedef struct setup {
    iw_mpa_cfg cfg;
    unsigned fail_at;
    const uint8_t *req;
    size_t req_len;
} setup;

/* A fresh Responder that has accepted the Request (its Reply sent); streamed: runs D, E. */
static void start2(const setup *s, uint8_t *reasm, int streamed);
static void start(const setup *s, uint8_t *reasm) { start2(s, reasm, 0); }
static void start2(const setup *s, uint8_t *reasm, int streamed)
{
    iw_mpa_conn *c = &g_conn;
    fz_fake *f = &g_fake;
    fz_fake_reset(f, c, g_wire, sizeof g_wire);
    f->ulp_mode = FZ_ULP_ACCEPT;
    f->acc_ird = 4;
    f->acc_ord = 4;
    f->fail_deliver_at = s->fail_at;
    f->rx_max = s->cfg.rx_max_ulpdu ? s->cfg.rx_max_ulpdu : REASM_CAP;
    FZ_CHECK(iw_mpa_init(c, &s->cfg, &fz_host_ops[1], f, streamed ? &st_ulp_ops : &fz_ulp_ops, f,
                         reasm, REASM_CAP) == IW_OK);
    g_pend = 0;
    g_dst.n = 0;
    FZ_CHECK(iw_mpa_start(c, NULL, 0) == IW_OK);
}

/* Feed p[0..n) in pieces (sizes from `cut`, or all at once when cut is NULL), honouring the
 * status: stop at the first error. Returns the octets consumed. */
static size_t feed(const uint8_t *p, size_t n, const size_t *cut, size_t ncut)
{
    size_t off = 0, i = 0;
    while (off < n) {
        size_t k = cut ? cut[i++ % ncut] : n - off, used;
        iw_status st;
        if (k > n - off) k = n - off;
        st = fz_feed(&g_fake, p + off, k, &used);
        off += used;
        if (st != IW_OK) break;
        FZ_CHECK(used == k);
    }
    return off;
}

static void finish(outcome *o, size_t consumed)
{
    iw_mpa_conn *c = &g_conn;
    fz_fake *f = &g_fake;
    o->delivered = f->delivered;
    o->dhash = f->dhash;
    o->established = f->established;
    o->err = *iw_mpa_last_error(c);
    o->consumed = consumed;
    (void)iw_mpa_tx_resume(c);
    o->whash = fz_hash(FZ_HASH_INIT, f->wire, f->wire_len);
    iw_mpa_llp_closed(c);
    FZ_CHECK(f->delivered == o->delivered);
}

static int same(const outcome *a, const outcome *b)
{
    return a->delivered == b->delivered && a->dhash == b->dhash &&
           a->established == b->established && a->consumed == b->consumed &&
           a->whash == b->whash && a->err.status == b->err.status &&
           a->err.mpa_ecode == b->err.mpa_ecode && a->err.ferr == b->err.ferr &&
           a->err.term.layer == b->err.term.layer && a->err.term.etype == b->err.term.etype &&
           a->err.term.ecode == b->err.term.ecode && a->err.term_sent == b->err.term_sent;
}

static int model_stop_at;
static int model_cb(void *ctx, const uint8_t *u, size_t n)
{
    fz_walk *w = (fz_walk *)ctx;
    (void)u;
    (void)n;
    return model_stop_at && (int)w->nulpdu == model_stop_at;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t small[10] = {1, 2, 3, 5, 7, 11, 13, 29, 61, 127};
    static const size_t small_r[10] = {127, 61, 29, 13, 11, 7, 5, 3, 2, 1};
    const uint8_t *t, *p, *end;
    uint8_t req[64], *stream, *all, *reasm;
    size_t n = 0, nchunks = 0, *chunks, req_len, i;
    iw_mpa_frame fr;
    setup s;
    fz_walk w;
    outcome A, B, C;
    int p2p;

    if (size < TAIL) return 0;
    t = data + size - TAIL;

    /* config */
    memset(&s, 0, sizeof s);
    iw_mpa_cfg_default(&s.cfg, IW_MPA_RESPONDER);
    s.cfg.crc = (uint8_t)((t[0] >> 1) & 1u);
    s.cfg.markers_rx = (uint8_t)((t[0] >> 2) & 1u);
    s.cfg.rx_max_ulpdu = iw_get_be16(t + 1);
    if (s.cfg.rx_max_ulpdu < IW_MPA_MIN_ULPDU) s.cfg.rx_max_ulpdu = 0;
    s.cfg.rx_seq_start = iw_get_be32(t + 4);
    s.fail_at = t[3] & 31u;
    p2p = (t[0] & 0x20u) && !(t[0] & 0x40u) && (t[3] >> 5);
    s.cfg.p2p = (uint8_t)p2p;

    /* the Request, from the library's encoder */
    memset(&fr, 0, sizeof fr);
    fr.kind = IW_MPA_REQUEST;
    fr.rev = (t[0] & 0x40u) ? 1 : 2;
    fr.enhanced = fr.rev == 2;
    fr.flags = (uint8_t)(((t[0] & 1u) ? IW_MPA_FLAG_C : 0u) | ((t[0] & 0x80u) ? IW_MPA_FLAG_M : 0u));
    fr.ird_word = 8;
    fr.ord_word = 8;
    if (p2p) {
        fr.ird_word |= IW_MPA_IRD_P2P | ((t[3] & 0x20u) ? IW_MPA_IRD_RTR_SEND : 0u);
        fr.ord_word |= (uint16_t)(((t[3] & 0x40u) ? IW_MPA_ORD_RTR_WRITE : 0u) |
                                  ((t[3] & 0x80u) ? IW_MPA_ORD_RTR_READ : 0u));
    }
    fr.pd = (const uint8_t *)"rx";
    fr.pd_len = 2;
    FZ_CHECK(iw_mpa_frame_encode(&fr, req, sizeof req, &req_len) == IW_OK);
    s.req = req;
    s.req_len = req_len;

    /* the records: stream = Request || chunks; chunks[] = their sizes */
    all = (uint8_t *)malloc(req_len + size);
    chunks = (size_t *)malloc(sizeof *chunks * (size / 2 + 1));
    reasm = (uint8_t *)malloc(REASM_CAP);
    if (!all || !chunks || !reasm) {
        free(all);
        free(chunks);
        free(reasm);
        return 0;
    }
    memcpy(all, req, req_len);
    stream = all + req_len;
    p = data;
    end = t;
    while ((size_t)(end - p) >= 2) {
        size_t len = iw_get_be16(p);
        p += 2;
        if (len > (size_t)(end - p)) len = (size_t)(end - p);
        memcpy(stream + n, p, len);
        n += len;
        chunks[nchunks++] = len;
        p += len;
    }

    /* fix up, and the reference model */
    memset(&w, 0, sizeof w);
    w.markers = s.cfg.markers_rx;
    w.crc_on = s.cfg.crc || (fr.flags & IW_MPA_FLAG_C);
    w.fix_crc = (t[0] >> 3) & 1u;
    w.fix_markers = (t[0] >> 4) & 1u;
    w.min_len = IW_MPA_MIN_ULPDU;
    w.max_len = s.cfg.rx_max_ulpdu ? s.cfg.rx_max_ulpdu : REASM_CAP;
    w.on_ulpdu = model_cb;
    w.ctx = &w;
    w.ubuf = g_ubuf;
    model_stop_at = (int)s.fail_at;
    fz_walk_run(&w, stream, n);

    /* A: the Request alone, then the records' chunking (a zero-length record is a feed of 0) */
    start(&s, reasm);
    FZ_CHECK(feed(req, req_len, NULL, 0) == req_len);
    FZ_CHECK(g_fake.requests == 1 && iw_mpa_state(&g_conn) == IW_MPA_S_AWAIT_FIRST);
    {
        size_t off = 0, used;
        for (i = 0; i < nchunks; i++) {
            iw_status st = fz_feed(&g_fake, stream + off, chunks[i], &used);
            off += used;
            if (st != IW_OK) break;
            FZ_CHECK(used == chunks[i]);
        }
        finish(&A, req_len + off);
    }
    /* B: everything in one call */
    start(&s, reasm);
    finish(&B, feed(all, req_len + n, NULL, 0));
    /* C: small chunks (1, 2, 3, 5, 7, 11, 13, 29, 61, 127) */
    start(&s, reasm);
    finish(&C, feed(all, req_len + n, small, 10));

    FZ_CHECK(same(&A, &B)); /* chunking does not change what is delivered or sent */
    FZ_CHECK(same(&A, &C));
    {   /* D: streamed placement, the records' chunking, direct spans read from the stream */
        outcome D, E;
        size_t off = 0, used;
        start2(&s, reasm, 1);
        FZ_CHECK(feed(req, req_len, NULL, 0) == req_len);
        for (i = 0; i < nchunks; i++) {
            size_t left = chunks[i];
            iw_status st = IW_OK;
            while (left && st == IW_OK) {
                uint8_t *dst;
                size_t room;
                if (iw_mpa_rx_direct(&g_conn, &dst, &room) == IW_OK) {
                    size_t k = room < left ? room : left;
                    FZ_CHECK(dst >= g_pbuf && dst + room <= g_pbuf + sizeof g_pbuf);
                    memcpy(dst, stream + off, k);
                    FZ_CHECK(iw_mpa_rx_direct_done(&g_conn, k) == IW_OK);
                    used = k;
                } else {
                    st = fz_feed(&g_fake, stream + off, left, &used);
                    if (st == IW_OK) FZ_CHECK(used == left);
                }
                off += used;
                left -= used;
            }
            if (st != IW_OK) break;
        }
        finish(&D, req_len + off);
        FZ_CHECK(same(&A, &D));
        /* E: streamed placement, small chunks in the reverse order */
        start2(&s, reasm, 1);
        finish(&E, feed(all, req_len + n, small_r, 10));
        FZ_CHECK(same(&A, &E));
    }

    if (!p2p) { /* the reference model */
        FZ_CHECK(A.delivered == w.nulpdu && A.dhash == w.hash);
        switch (w.err) {
        case FZ_W_NONE:
            FZ_CHECK(A.err.status == IW_OK);
            FZ_CHECK(A.consumed == req_len + n);
            break;
        case FZ_W_LEN: /* Terminate (1, 0, 0): segment size invalid */
            FZ_CHECK(A.err.status == IW_ETERM && A.err.mpa_ecode == 0 && A.err.term.layer == 1 &&
                     A.err.term.etype == 0 && A.err.term.ecode == 0);
            FZ_CHECK(A.consumed == req_len + w.end);
            break;
        case FZ_W_CRC:
            FZ_CHECK(A.err.status == IW_ETERM && A.err.mpa_ecode == IW_MPA_ECODE_CRC &&
                     A.err.term.layer == 2 && A.err.term.ecode == IW_MPA_ECODE_CRC);
            FZ_CHECK(A.consumed == req_len + w.end);
            break;
        case FZ_W_MARKER:
            FZ_CHECK(A.err.status == IW_ETERM && A.err.mpa_ecode == IW_MPA_ECODE_MARKER &&
                     A.err.term.layer == 2 && A.err.term.ecode == IW_MPA_ECODE_MARKER);
            FZ_CHECK(A.consumed == req_len + w.end);
            break;
        default: /* the ULP failed the delivery */
            FZ_CHECK(A.err.status == IW_ETERM && A.err.mpa_ecode == 0 && A.err.term_sent == 0);
            FZ_CHECK(A.consumed == req_len + w.end);
            break;
        }
        FZ_CHECK(A.established == (w.nulpdu > 0));
        if (w.err == FZ_W_LEN || w.err == FZ_W_CRC || w.err == FZ_W_MARKER)
            FZ_CHECK(A.err.term_sent == 1); /* MPA sent the Terminate itself */
    }
#ifdef FUZZ_VERBOSE /* a summary per input, to see what seeds reach */
    fprintf(stderr, "rx: p2p=%d n=%zu chunks=%zu deliv=%zu err=%d/%u model=%d/%zu\n", p2p, n,
            nchunks, A.delivered, (int)A.err.status, A.err.mpa_ecode, w.err, w.nulpdu);
#endif
    free(all);
    free(chunks);
    free(reasm);
    return 0;
}
