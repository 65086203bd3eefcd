/* fuzz/fuzz_mpa_setup.c: libFuzzer target for one MPA connection from iw_mpa_init to the close:
 * the Initiator or Responder setup state machine (Request/Reply, CRC/marker/revision/IRD-ORD/
 * P2P-RTR negotiation, timers, rejects), then Full Operation in both directions.
 *
 * INPUT = BODY || TAIL (STYLE.md 10: config from the tail, as Mbed TLS).
 *   TAIL, the last 12 octets:
 *     t[0]  bit0 role (1 Responder), bit1 rev 1 (else 2), bit2 crc, bit3 markers_rx,
 *           bit4 markers_tx, bit5 p2p, bit6 ULP echoes every ULPDU, bit7 cfg.terminate off
 *     t[1]  bits0-2 rtr mask, bits3-5 ULP answer to a Request (0,5,6,7 accept in the upcall,
 *           1 reject in the upcall, 2 accept after the feed, 3 reject after the feed, 4 never),
 *           bits6-7 host ops (0 plain, 1 trace, 2 trace + crc32c op, 3 trace + copy-out
 *           transmit: tx_room/tx_commit)
 *     t[2]  ird   (0xFF: 0xFFFF, 0xFE: 0x3FFF, else & 0x3F); t[3] ord, the same
 *     t[4]  ird_max / 4
 *     t[5]  bits0-1 send mode (all, limit, limit + EAGAIN, first call limited),
 *           bits2-5 send call that fails (0: none), bits6-7 Initiator PD length {0,5,508,600}
 *     t[6]  send limit - 1 (octets per call)
 *     t[7]  bits0-1 accept/reject PD length {0,3,508,509}, bits2-7 accept IRD
 *     t[8]  accept ORD (0xFF: 0xFFFF, else & 0x3F)
 *     t[9]  low nibble: Request timeout * 400 ms; high nibble: Reply timeout * 800 ms
 *     t[10] bits0-1 reassembly buffer {65535, 14, 100, 1500}; bits2-7 rx_max_ulpdu / 1024
 *           (0: the buffer size; clamped to the buffer)
 *     t[11] bits0-3 delivery the ULP fails (0: none), bits4-5 EMSS {1460, 9000, 100, 0}
 *   The stream sequence starts are t[2..5] and t[6..9] read as big-endian words.
 *   BODY: records [u16 chunk_len][u32 time_delta][chunk_len octets], big-endian; a short last
 *     record takes what is left. time_delta >> 5 is milliseconds added to the clock before the
 *     chunk (the setup timer fires when its deadline passes); its low bits are host/ULP actions:
 *     bit1 the ULP calls iw_mpa_close before the chunk; after the chunk is fed, bit2 the ULP
 *     sends the chunk as a ULPDU, bit4 the ULP calls iw_mpa_terminate, bit0 the host calls
 *     iw_mpa_tx_resume, bit3 the host reports the peer's FIN (iw_mpa_llp_closed).
 *   The chunk is fed with iw_mpa_rx_feed; when a Responder holds its Request, the ULP answers
 *   (per t[1]) and the unconsumed rest is fed again. At the end the host drains TX, calls
 *   iw_mpa_llp_closed, and what the connection sent is checked.
 *
 * Invariants (FZ_CHECK, __builtin_trap): those of fuzz_fake.h (no octet sent after close,
 * close at most once, nothing delivered after an error, 14 <= ULPDU <= rx_max, ...), of
 * fz_feed (consumed <= len, sticky status), iw_mpa_init's EINVAL cases, and on the wire: the
 * Request/Reply sent decodes and carries what was negotiated, nothing follows a Reject, and
 * every FPDU sent has the right CRC and markers and carries exactly the ULPDUs iw_mpa_tx took,
 * in order (plus provider FPDUs: RTR, Read Response, Terminate).
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c99 -I. -Itests \
 *       fuzz/fuzz_mpa_setup.c -o build/fuzz/fuzz_mpa_setup
 */
#define IWARP_IMPLEMENTATION
#define IWARP_STATIC
#define IW_ASSERT(x) ((x) ? (void)0 : __builtin_trap())
#include "fuzz_memo.h" /* first: the CRC32c kernels chosen once, not per init */
#include "mpa.h"
#include "fuzz_common.h"
#include "fuzz_fake.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TAIL 12
#define WIRE_CAP (1u << 20)

/* Big buffers, allocated once; every input resets them (no state carried between inputs). */
static iw_mpa_conn g_conn;
static fz_fake g_fake;
static uint8_t g_wire[WIRE_CAP];
static uint8_t g_ubuf[65536];
static const uint8_t g_pd[IW_MPA_MAX_PD + 100] = {'f', 'u', 'z', 'z', ' ', 'p', 'd'};

static uint16_t word_of(uint8_t v)
{
    return v == 0xFF ? 0xFFFFu : v == 0xFE ? 0x3FFFu : (uint16_t)(v & 0x3Fu);
}

typedef struct run {
    int answer;                    /* 2 accept later, 3 reject later, 4 never, else 0 */
    int ulp_closed;                /* the ULP called iw_mpa_close */
    size_t tx_seen, prov_seen;     /* wire check */
} run;

/* The ULP's deferred answer to a held Request. Returns 1 if it answered. */
static int answer_later(fz_fake *f, const run *r)
{
    if (iw_mpa_state(f->c) != IW_MPA_S_AWAIT_ULP || f->c->err.status != IW_OK) return 0;
    if (r->answer == 2) {
        (void)iw_mpa_accept(f->c, f->acc_ird, f->acc_ord, f->acc_pd, f->acc_pd_len);
        return iw_mpa_state(f->c) != IW_MPA_S_AWAIT_ULP;
    }
    if (r->answer == 3) {
        (void)iw_mpa_reject(f->c, f->acc_pd, f->acc_pd_len);
        return iw_mpa_state(f->c) != IW_MPA_S_AWAIT_ULP;
    }
    return 0;
}

static run *g_run;

/* A provider FPDU MPA sends by itself: RTRs, the Read RTR response, the Terminate. */
static int is_provider(const uint8_t *u, size_t n)
{
    if (n == 14 && u[0] == 0xC1 && (u[1] == 0x40 || u[1] == 0x42)) return 1;
    if (n == 18 && u[0] == 0x41 && u[1] == 0x43) return 1;
    if (n == 46 && u[0] == 0x41 && u[1] == 0x41) return 1;
    if (n == IW_MPA_TERM_ULPDU_LEN && u[0] == 0x41 && u[1] == 0x47) return 1;
    return 0;
}

/* Each ULPDU found on the wire is the next one iw_mpa_tx took, or a provider FPDU. */
static int on_tx_ulpdu(void *ctx, const uint8_t *u, size_t n)
{
    fz_fake *f = (fz_fake *)ctx;
    run *r = g_run;
    size_t i = r->tx_seen;
    if (i < f->ntx && i < FZ_TXLOG_MAX && f->tx_len[i] == n &&
        f->tx_hash[i] == fz_hash_msg(FZ_HASH_INIT, u, n)) {
        r->tx_seen++;
        return 0;
    }
    FZ_CHECK(is_provider(u, n));
    r->prov_seen++;
    return 0;
}

/* What the connection sent: its Request or Reply, then valid FPDUs. */
static void check_wire(fz_fake *f, run *r, const iw_mpa_cfg *cfg, size_t pd_len, int started)
{
    iw_mpa_conn *c = f->c;
    unsigned kind = cfg->role == IW_MPA_INITIATOR ? IW_MPA_REQUEST : IW_MPA_REPLY;
    iw_mpa_frame fr;
    size_t used = 0;
    iw_status st;
    fz_walk w;
    if (f->wire_len == 0) return;
    st = iw_mpa_frame_decode(f->wire, f->wire_len, kind, &fr, &used);
    FZ_CHECK(st != IW_EPROTO); /* what we send is a valid frame */
    if (st != IW_OK) return;   /* only part of it went out */
    if (kind == IW_MPA_REQUEST) {
        FZ_CHECK(started);
        FZ_CHECK(fr.rev == cfg->rev && fr.enhanced == (cfg->rev == 2)); /* RFC 6581 */
        FZ_CHECK(!(fr.flags & IW_MPA_FLAG_M) == !cfg->markers_rx);     /* MPA-023 */
        FZ_CHECK(!(fr.flags & IW_MPA_FLAG_C) == !cfg->crc);
        FZ_CHECK(!(fr.flags & IW_MPA_FLAG_R));                         /* MPA-011 */
        FZ_CHECK(!(fr.ird_word & IW_MPA_IRD_P2P) == !cfg->p2p);        /* MPA-037 */
        FZ_CHECK(fr.pd_len == pd_len && (pd_len == 0 || memcmp(fr.pd, g_pd, pd_len) == 0));
    } else {
        FZ_CHECK(fr.rev == c->rev && fr.rev <= cfg->rev); /* MPA-009 */
        if (fr.flags & IW_MPA_FLAG_R) { /* by the ULP, or for markers we cannot send (MPA-028) */
            FZ_CHECK(f->requests == 1 || ((c->req_flags & IW_MPA_FLAG_M) && !cfg->markers_tx));
            FZ_CHECK(f->wire_len == used); /* MPA-017: nothing after a Reject */
            FZ_CHECK(f->established == 0);
            return;
        }
        FZ_CHECK(f->requests == 1);
        FZ_CHECK(!(fr.flags & IW_MPA_FLAG_C) == !c->crc_on); /* MPA-024, MPA-025 */
        FZ_CHECK(!(fr.flags & IW_MPA_FLAG_M) == !cfg->markers_rx);
        FZ_CHECK(fr.pd_len == f->acc_pd_len);
    }
    memset(&w, 0, sizeof w);
    w.markers = c->mk_tx;
    w.crc_on = c->crc_on;
    w.min_len = 1;
    w.max_len = 0xFFFFu;
    w.on_ulpdu = on_tx_ulpdu;
    w.ctx = f;
    w.ubuf = g_ubuf;
    fz_walk_run(&w, f->wire + used, f->wire_len - used);
    FZ_CHECK(w.err == FZ_W_NONE); /* right lengths, CRCs (MPA-053/054) and markers (MPA-065) */
    /* a failed host send always ends the connection abortively, once */
    if (f->host_failed) FZ_CHECK(f->closed == 1 && f->close_abortive);
    if (!iw_mpa_tx_busy(c) && !f->host_failed) {
        FZ_CHECK(w.end == f->wire_len - used); /* ends on an FPDU boundary */
        if (f->ntx <= FZ_TXLOG_MAX) FZ_CHECK(r->tx_seen == f->ntx); /* all of them, in order */
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t init_pd[4] = {0, 5, 508, 600}, acc_pd[4] = {0, 3, 508, 509};
    static const size_t reasm_caps[4] = {65535, 14, 100, 1500};
    static const uint32_t emss[4] = {1460, 9000, 100, 0};
    const uint8_t *t, *p, *end;
    iw_mpa_cfg cfg;
    iw_mpa_conn *c = &g_conn;
    fz_fake *f = &g_fake;
    uint8_t *reasm;
    size_t reasm_cap, pd_len, cap;
    run r;
    iw_status st;
    int bad_cfg, started = 0;

    if (size < TAIL) return 0;
    t = data + size - TAIL;
    memset(&r, 0, sizeof r);
    g_run = &r;

    iw_mpa_cfg_default(&cfg, (t[0] & 1u) ? IW_MPA_RESPONDER : IW_MPA_INITIATOR);
    cfg.rev = (t[0] & 2u) ? 1 : 2;
    cfg.crc = (uint8_t)((t[0] >> 2) & 1u);
    cfg.markers_rx = (uint8_t)((t[0] >> 3) & 1u);
    cfg.markers_tx = (uint8_t)((t[0] >> 4) & 1u);
    cfg.p2p = (uint8_t)((t[0] >> 5) & 1u);
    cfg.terminate = (uint8_t)!(t[0] & 0x80u);
    cfg.rtr = (uint8_t)(t[1] & 7u);
    cfg.ird = word_of(t[2]);
    cfg.ord = word_of(t[3]);
    cfg.ird_max = (uint16_t)(t[4] * 4u);
    cfg.req_timeout_ms = (t[9] & 15u) * 400u;
    cfg.rep_timeout_ms = (t[9] >> 4) * 800u;
    cfg.emss = emss[(t[11] >> 4) & 3u];
    cfg.tx_seq_start = iw_get_be32(t + 2);
    cfg.rx_seq_start = iw_get_be32(t + 6);
    reasm_cap = reasm_caps[t[10] & 3u];
    cfg.rx_max_ulpdu = (uint32_t)(t[10] >> 2) * 1024u;
    if (cfg.rx_max_ulpdu > reasm_cap) cfg.rx_max_ulpdu = (uint32_t)reasm_cap;

    /* exactly sized, so that ASan sees any write past the reassembly buffer */
    reasm = (uint8_t *)malloc(reasm_cap);
    if (!reasm) return 0;
    fz_fake_reset(f, c, g_wire, sizeof g_wire);
    f->send_mode = t[5] & 3u;
    f->fail_at = (t[5] >> 2) & 15u;
    f->limit = (size_t)t[6] + 1u;
    f->ulp_mode = ((t[1] >> 3) & 7u) == 1 ? FZ_ULP_REJECT
                  : ((t[1] >> 3) & 7u) >= 2 && ((t[1] >> 3) & 7u) <= 4 ? FZ_ULP_LATER
                  : FZ_ULP_ACCEPT;
    r.answer = f->ulp_mode == FZ_ULP_LATER ? (int)((t[1] >> 3) & 7u) : 0;
    f->acc_ird = (uint16_t)(t[7] >> 2);
    f->acc_ord = word_of(t[8]);
    f->acc_pd = g_pd;
    f->acc_pd_len = acc_pd[t[7] & 3u];
    f->fail_deliver_at = t[11] & 15u;
    f->echo = (t[0] >> 6) & 1u;
    cap = reasm_cap < 0xFFFFu ? reasm_cap : 0xFFFFu;
    f->rx_max = cfg.rx_max_ulpdu ? cfg.rx_max_ulpdu : (uint32_t)cap;

    /* iw_mpa_init refuses exactly the inconsistent configurations */
    bad_cfg = (cfg.p2p && (cfg.rev != 2 || cfg.rtr == 0)) || cap < IW_MPA_MIN_ULPDU ||
              (cfg.rx_max_ulpdu && cfg.rx_max_ulpdu < IW_MPA_MIN_ULPDU);
    memset(c, 0xA5, sizeof *c); /* old contents are ignored */
    st = iw_mpa_init(c, &cfg, &fz_host_ops[t[1] >> 6], f, &fz_ulp_ops, f,
                     reasm, reasm_cap);
    FZ_CHECK(st == (bad_cfg ? IW_EINVAL : IW_OK));
    if (st != IW_OK) {
        free(reasm);
        return 0;
    }
    FZ_CHECK(iw_mpa_state(c) == IW_MPA_S_IDLE);

    pd_len = cfg.role == IW_MPA_INITIATOR ? init_pd[t[5] >> 6] : 0;
    st = iw_mpa_start(c, g_pd, pd_len);
    if (pd_len + (cfg.rev == 2 ? IW_MPA_IRDORD_LEN : 0u) > IW_CFG_MPA_MAX_PRIVDATA) {
        FZ_CHECK(st == IW_EINVAL && iw_mpa_state(c) == IW_MPA_S_IDLE && f->wire_len == 0);
    } else {
        FZ_CHECK(st == IW_OK || st == IW_EHOST);
        started = 1;
        FZ_CHECK(iw_mpa_start(c, NULL, 0) == IW_ESTATE); /* once */
    }

    /* the records */
    p = data;
    end = t;
    while (p < end) {
        size_t len, off = 0, used;
        uint32_t delta;
        if ((size_t)(end - p) < 6) break;
        len = iw_get_be16(p);
        delta = iw_get_be32(p + 2);
        p += 6;
        if (len > (size_t)(end - p)) len = (size_t)(end - p);
        fz_advance(f, delta >> 5);
        if (delta & 2u) {
            iw_mpa_close(c);
            r.ulp_closed = 1;
        }
        while (off < len) {
            st = fz_feed(f, p + off, len - off, &used);
            off += used;
            if (st != IW_OK || off == len) break;
            if (!answer_later(f, &r)) break; /* never answered: the host drops the rest */
        }
        (void)answer_later(f, &r);
        if ((delta & 4u) && len) {
            st = fz_ulp_send(f, p, len, delta >> 5);
            if (r.ulp_closed) FZ_CHECK(st != IW_OK); /* MPA-073: nothing after the close */
        }
        if (delta & 16u) {
            iw_term term;
            unsigned s0 = iw_mpa_state(c);
            term.layer = 0;
            term.etype = 1;
            term.ecode = (uint8_t)(delta >> 8);
            st = iw_mpa_terminate(c, term);
            if (st != IW_ESTATE) { /* allowed in Full Operation only (MPA-015: a Responder sends
                                    * nothing before the Initiator's first FPDU) */
                FZ_CHECK(s0 == IW_MPA_S_FULL);
                r.ulp_closed = 1;
            }
        }
        if (delta & 1u) (void)iw_mpa_tx_resume(c);
        if (delta & 8u) iw_mpa_llp_closed(c);
        p += len;
    }

    /* drain TX through a host that now takes everything */
    f->send_mode = FZ_SEND_ALL;
    f->fail_at = 0;
    st = iw_mpa_tx_resume(c);
    FZ_CHECK(!iw_mpa_tx_busy(c) || f->closed || f->host_failed);
    iw_mpa_llp_closed(c);
    {
        size_t used;
        uint8_t one = 0;
        size_t before = f->delivered;
        st = fz_feed(f, &one, 1, &used); /* nothing after the FIN */
        FZ_CHECK(st != IW_OK && used == 0 && f->delivered == before);
    }

    /* setup outcomes */
    if (f->rejected) FZ_CHECK(f->closed && c->err.status == IW_EREJECTED); /* MPA-018 */
    if (f->established) FZ_CHECK(f->est.crc == c->crc_on && f->est.markers_tx == c->mk_tx);
    if (cfg.role == IW_MPA_INITIATOR && f->established) {
        /* MPA-036: IRD unchanged, or raised to the Responder's ORD within ird_max */
        FZ_CHECK(f->est.ird == (cfg.ird > IW_MPA_IRDORD_MAX ? IW_MPA_IRDORD_MAX : cfg.ird) ||
                 f->est.ird <= cfg.ird_max);
        FZ_CHECK(!f->est.markers_tx || cfg.markers_tx); /* MPA-028 */
    }
    if (cfg.role == IW_MPA_RESPONDER && f->established && f->est.enhanced)
        FZ_CHECK(f->est.ord <= f->est.peer_ird); /* MPA-035 */
    check_wire(f, &r, &cfg, pd_len, started);
#ifdef FUZZ_VERBOSE /* a summary per input, to see what seeds reach */
    fprintf(stderr, "setup: role=%u state=%u err=%d/%u req=%d est=%d rej=%d deliv=%zu tx=%zu/%zu prov=%zu wire=%zu closed=%d\n",
            cfg.role, iw_mpa_state(c), (int)c->err.status, c->err.mpa_ecode, f->requests,
            f->established, f->rejected, f->delivered, r.tx_seen, f->ntx, r.prov_seen,
            f->wire_len, f->closed);
#endif
    free(reasm);
    g_run = NULL;
    return 0;
}
