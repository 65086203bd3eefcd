/* SPDX-License-Identifier: MIT */
/* test_fastpath_md.c: the per-message short cuts of mpa.h and ddp.h on the RDMA Write path
 * (round 3) against the general code they stand in for. Each runs the same traffic once
 * through the short cut and once (or twice) with one of its preconditions broken in a way that
 * changes nothing else the test looks at (a trace op that does nothing, the general internal
 * sequence called directly), and requires the same wire octets, the same host op calls, the
 * same upcalls, counters and statuses; the octets are also checked against frames built here
 * from the RFCs with a bitwise CRC32c (check_crc32c_ref), so that a short cut and the general
 * path wrong in the same way would still fail.
 *   mpa.h  iw__tx_whole: iw_mpa_tx writes a whole FPDU straight into a copy-out room
 *          iw__rx_run: iw_mpa_rx_feed takes whole FPDUs fused, FPDU after FPDU
 *   ddp.h  iw__ddp_tx_one: a tagged message that fits one segment, sent to mpa.h */
#define IWARP_IMPLEMENTATION
#include "ddp.h"
#include "check.h"
#include "mpa_fake.h"

static endpoint EA, EB;

/* A host log of the copy-out calls (tx_room, tx_commit) and of the statuses iw_mpa_tx and
 * iw_mpa_tx_resume returned, one line each. */
static char md_log[1u << 16];
static size_t md_log_len;
static void md_logf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
static void md_logf(const char *fmt, ...)
{
    va_list ap;
    int n;
    if (md_log_len >= sizeof md_log - 1) return;
    va_start(ap, fmt);
    n = vsnprintf(md_log + md_log_len, sizeof md_log - md_log_len, fmt, ap);
    va_end(ap);
    if (n > 0) md_log_len += (size_t)n;
    if (md_log_len > sizeof md_log - 1) md_log_len = sizeof md_log - 1;
}
static uint8_t *md_room(void *ctx, size_t want, size_t *cap)
{
    uint8_t *p = fake_tx_room(ctx, want, cap);
    md_logf("room want=%zu cap=%zu\n", want, *cap);
    return p;
}
static iw_status md_commit(void *ctx, size_t n)
{
    iw_status st = fake_tx_commit(ctx, n);
    md_logf("commit n=%zu st=%d\n", n, (int)st);
    return st;
}
static void md_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    (void)ctx, (void)dir, (void)iov, (void)n, (void)last; /* present: the general paths */
}
static const iw_mpa_host_ops md_ops = {fake_send, fake_timer_arm, fake_timer_cancel, fake_close,
                                       NULL,      NULL,           md_room,           md_commit};
static const iw_mpa_host_ops md_ops_trace = {fake_send, fake_timer_arm, fake_timer_cancel,
                                             fake_close, NULL,          md_trace,
                                             md_room,    md_commit};

static int md_connect(const iw_mpa_host_ops *a_ops, const iw_mpa_host_ops *b_ops)
{
    size_t ma = 0, mb = 0;
    iw_mpa_cfg ci, cr;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    cr.rx_max_ulpdu = 4096; /* MPA-071: longer ULPDUs are refused */
    if (ep_init(&EA, &ci) != IW_OK || ep_init(&EB, &cr) != IW_OK) return 0;
    EA.c.ops = a_ops;
    EB.c.ops = b_ops;
    EB.f.accept_in_request = 1;
    if (iw_mpa_start(&EB.c, NULL, 0) != IW_OK || iw_mpa_start(&EA.c, NULL, 0) != IW_OK) return 0;
    ep_pipe(&EA, &ma, &EB);
    ep_pipe(&EB, &mb, &EA);
    return iw_mpa_state(&EA.c) == IW_MPA_S_FULL;
}

/* ---- mpa.h: iw__tx_whole against the general transmit path ---- */

/* The ULPDUs: pieces of every length the short cut treats apart (0, 1..16 inline, longer),
 * PAD 0..3, one ULPDU of the largest size. */
#define MD_NMSG 10
static const size_t md_len[MD_NMSG][4] = {
    {14, 64, 0, 0}, {14, 65, 0, 0}, {14, 66, 0, 0}, {14, 67, 0, 0}, {2, 0, 8, 9},
    {1, 7, 16, 17}, {3, 5, 11, 13}, {28, 1000, 7, 0}, {14, 4096, 0, 0}, {18, 65000, 500, 17}};
static uint8_t md_src[70000];

/* The general path of iw_mpa_tx for a valid ULPDU in Full Operation (the code before the short
 * cut): iw__tx_start, then iw__tx_pump. */
static iw_status md_tx_general(iw_mpa_conn *c, const iw_iov *iov, size_t n)
{
    size_t i, ulen = 0;
    if (c->err.status != IW_OK) return c->err.status;
    if (c->tx_busy || c->fr_tx_len || c->ctl_pending || c->term_pending) return IW_EAGAIN;
    for (i = 0; i < n; i++) ulen += iov[i].len;
    iw__tx_start(c, iov, n, ulen, 1);
    (void)iw__tx_pump(c);
    if (c->err.status != IW_OK) return c->err.status;
    if (c->tx_busy && c->tx_is_ulp) c->tx_notify = 1;
    return IW_OK;
}

/* Send the ULPDUs from A (way 0: iw_mpa_tx; 1: iw_mpa_tx, a trace op; 2: md_tx_general) with
 * the room schedule (lim, per) and commit number fail failing (0: none); log each status. */
static void md_tx_run(int way, size_t lim, size_t per, int fail)
{
    size_t m, guard = 0;
    md_log_len = 0;
    EA.f.accept_limit = lim;
    EA.f.accept_per_call = per;
    EA.f.send_calls = 0;
    EA.f.fail_at_call = fail;
    for (m = 0; m < MD_NMSG; m++) {
        iw_iov v[4];
        size_t i, off = 0;
        iw_status st;
        for (i = 0; i < 4; i++) {
            v[i].base = md_len[m][i] ? md_src + off : NULL;
            v[i].len = md_len[m][i];
            off += md_len[m][i];
        }
        do {
            st = way == 2 ? md_tx_general(&EA.c, v, 4) : iw_mpa_tx(&EA.c, v, 4);
            md_logf("tx %d busy=%d\n", (int)st, iw_mpa_tx_busy(&EA.c));
            if (st == IW_EAGAIN) md_logf("resume %d\n", (int)iw_mpa_tx_resume(&EA.c));
        } while (st == IW_EAGAIN && guard++ < 100000);
        while (iw_mpa_tx_busy(&EA.c) && guard++ < 100000)
            md_logf("resume %d\n", (int)iw_mpa_tx_resume(&EA.c));
    }
}

/* The wire of the ULPDUs built here from RFC 5044 §4 (ULPDU_Length, ULPDU, PAD of zeros,
 * CRC32c of all that, least significant octet first). */
static size_t md_ref_wire(uint8_t *out)
{
    size_t m, n = 0;
    for (m = 0; m < MD_NMSG; m++) {
        size_t i, u = 0, s = n, pad;
        uint32_t c;
        for (i = 0; i < 4; i++) u += md_len[m][i];
        out[n++] = (uint8_t)(u >> 8);
        out[n++] = (uint8_t)u;
        memcpy(out + n, md_src, u);
        n += u;
        pad = (0u - (u + 2u)) & 3u;
        memset(out + n, 0, pad);
        n += pad;
        c = check_crc32c_ref(0, out + s, n - s);
        out[n++] = (uint8_t)c;
        out[n++] = (uint8_t)(c >> 8);
        out[n++] = (uint8_t)(c >> 16);
        out[n++] = (uint8_t)(c >> 24);
    }
    return n;
}

typedef struct md_tx_out {
    uint8_t wire[80000];
    size_t wire_len;
    char log[sizeof md_log], flog[FAKE_LOG_CAP];
    iw_mpa_stats stats;
    uint32_t tx_pos;
    int err, closed, abortive, state;
} md_tx_out;
static md_tx_out md_tx_o[3];

static void t_tx_whole(void) /* MPA-046 MPA-053 */
{
    static uint8_t ref[80000];
    /* rooms: all; none at first, then all; one octet short of the first FPDU; 5-octet runs;
     * 100-octet runs; the first FPDU exactly, then 0; commits failing (1st, 2nd, 9th, 10th) */
    static const struct { size_t lim, per; int fail; } sch[] = {
        {(size_t)-1, 0, 0}, {0, 0, 0}, {83, 0, 0}, {5, 5, 0}, {100, 100, 0}, {84, 0, 0},
        {(size_t)-1, 0, 1}, {(size_t)-1, 0, 2}, {(size_t)-1, 0, 9}, {(size_t)-1, 0, 10}, {83, 0, 1}};
    size_t k, refn = 0, q;
    int way;
    for (k = 0; k < sizeof md_src; k++) md_src[k] = (uint8_t)(k * 31 + 7);
    refn = md_ref_wire(ref);
    for (q = 0; q < sizeof sch / sizeof sch[0]; q++) {
        for (way = 0; way < 3; way++) {
            md_tx_out *o = &md_tx_o[way];
            size_t base;
            REQUIRE(md_connect(way == 1 ? &md_ops_trace : &md_ops, &fake_host_ops));
            base = EA.f.wire_len;
            EA.f.log_len = 0;
            md_tx_run(way, sch[q].lim, sch[q].per, sch[q].fail);
            o->wire_len = EA.f.wire_len - base;
            REQUIRE(o->wire_len <= sizeof o->wire);
            memcpy(o->wire, EA.wire + base, o->wire_len);
            memcpy(o->log, md_log, md_log_len + 1);
            memcpy(o->flog, EA.f.log, EA.f.log_len);
            o->flog[EA.f.log_len] = 0;
            o->stats = *iw_mpa_get_stats(&EA.c);
            o->tx_pos = EA.c.tx_pos;
            o->err = (int)iw_mpa_last_error(&EA.c)->status;
            o->closed = EA.f.closed;
            o->abortive = EA.f.close_abortive;
            o->state = (int)iw_mpa_state(&EA.c);
        }
        for (way = 1; way < 3; way++) {
            md_tx_out *a = &md_tx_o[0], *b = &md_tx_o[way];
            int same = a->wire_len == b->wire_len && memcmp(a->wire, b->wire, a->wire_len) == 0 &&
                       strcmp(a->log, b->log) == 0 && strcmp(a->flog, b->flog) == 0 &&
                       memcmp(&a->stats, &b->stats, sizeof a->stats) == 0 &&
                       a->tx_pos == b->tx_pos && a->err == b->err && a->closed == b->closed &&
                       a->abortive == b->abortive && a->state == b->state;
            CHECK(same);
            if (!same) fprintf(stderr, "  schedule %zu way %d differs from the short cut\n", q, way);
        }
        if (!sch[q].fail) { /* all went out: RFC 5044 §4 octet for octet */
            CHECK_EQ(md_tx_o[0].wire_len, refn);
            CHECK_MEM(md_tx_o[0].wire, ref, refn);
            CHECK_EQ(md_tx_o[0].stats.tx_fpdus, MD_NMSG);
            CHECK_EQ(md_tx_o[0].err, IW_OK);
        } else { /* a failed commit ends the connection abortively (IW_EHOST) */
            CHECK_EQ(md_tx_o[0].err, IW_EHOST);
            CHECK(md_tx_o[0].closed && md_tx_o[0].abortive);
        }
    }
}

/* ---- mpa.h: iw__rx_run against iw__rx_stream ---- */

/* A fused ULP (place/commit) that checks what MPA hands it against the frames built here and
 * logs every upcall in the fake's log; its CRC is the bitwise reference. */
static int md_place_n, md_place_fail, md_commit_fail, md_commit_close, md_bad_crc_in;
static const uint8_t *md_stream;
static iw_status md_place(void *u, const uint8_t *p, size_t n, uint32_t crc_in, uint32_t *crc)
{
    fake *f = (fake *)u;
    md_place_n++;
    /* MPA-053: the CRC so far covers ULPDU_Length, the two octets before the ULPDU */
    if (crc_in != check_crc32c_ref(0, p - 2, 2)) md_bad_crc_in++;
    *crc = check_crc32c_ref(crc_in, p, n);
    fake_log(f, "place at=%zu len=%zu hash=%08x\n", (size_t)(p - md_stream), n, fake_hash(p, n));
    return md_place_n == md_place_fail ? IW_ETERM : IW_OK;
}
static iw_status md_commit_up(void *u, int ok)
{
    fake *f = (fake *)u;
    fake_log(f, "commit ok=%d\n", ok);
    if (ok && md_place_n == md_commit_close) iw_mpa_close(f->c); /* our half close, inside */
    return ok && md_place_n == md_commit_fail ? IW_ETERM : IW_OK;
}
static const iw_mpa_ulp_ops md_ulp = {fake_request, fake_established, fake_rejected, fake_deliver,
                                      fake_error,   fake_closed_up,   fake_tx_done,  md_place,
                                      md_commit_up};

#define MD_RX_N 12
static uint8_t md_rx_wire[MD_RX_N * 1100];

/* FPDUs of ULPDU lengths 14.. with every PAD, built from RFC 5044 §4; FPDU bad (1-based, 0:
 * none) broken by how: 1 its CRC, 2 ULPDU_Length 13 (below 14), 3 ULPDU_Length 65535 (above the
 * Responder's 4096). The
 * first FPDU is the Initiator's first (the Responder is still in AWAIT_FIRST). */
static size_t md_rx_build(int bad, int how)
{
    size_t m, n = 0;
    for (m = 0; m < MD_RX_N; m++) {
        size_t u = 14 + m * 83 % 1000, s = n, pad = (0u - (u + 2u)) & 3u, i;
        uint32_t c;
        md_rx_wire[n++] = (uint8_t)(u >> 8);
        md_rx_wire[n++] = (uint8_t)u;
        for (i = 0; i < u; i++) md_rx_wire[n++] = (uint8_t)(m * 7 + i * 13);
        memset(md_rx_wire + n, 0, pad);
        n += pad;
        c = check_crc32c_ref(0, md_rx_wire + s, n - s);
        if ((int)m + 1 == bad && how == 1) c ^= 0x100u;
        if ((int)m + 1 == bad && how == 2) md_rx_wire[s + 1] = 13, md_rx_wire[s] = 0;
        if ((int)m + 1 == bad && how == 3) md_rx_wire[s] = md_rx_wire[s + 1] = 0xFF;
        md_rx_wire[n++] = (uint8_t)c;
        md_rx_wire[n++] = (uint8_t)(c >> 8);
        md_rx_wire[n++] = (uint8_t)(c >> 16);
        md_rx_wire[n++] = (uint8_t)(c >> 24);
    }
    return n;
}

typedef struct md_rx_out {
    char flog[FAKE_LOG_CAP], log[1u << 18];
    uint8_t wire[256];
    size_t wire_len, log_len;
    iw_mpa_stats stats;
    uint32_t rx_pos, last_len;
    int err, state, places, delivered, bad_crc_in;
} md_rx_out;
static md_rx_out md_rx_o[2];

static void t_rx_run(void) /* MPA-055 MPA-071 */
{
    static const size_t chunks[] = {0, 1, 7, 64, 100, 1000, 3000};
    static const struct { int bad, how, place_fail, commit_fail, commit_close; } cases[] = {
        {0, 0, 0, 0, 0}, {4, 1, 0, 0, 0}, {4, 2, 0, 0, 0}, {4, 3, 0, 0, 0}, {1, 1, 0, 0, 0},
        {0, 0, 3, 0, 0}, {0, 0, 0, 3, 0}, {0, 0, 0, 0, 3}, {7, 1, 0, 0, 3}};
    size_t q, ch;
    int way;
    for (q = 0; q < sizeof cases / sizeof cases[0]; q++)
        for (ch = 0; ch < sizeof chunks / sizeof chunks[0]; ch++) {
            size_t total = md_rx_build(cases[q].bad, cases[q].how);
            for (way = 0; way < 2; way++) { /* 0: the short cut; 1: a trace op (iw__rx_stream) */
                md_rx_out *o = &md_rx_o[way];
                size_t off = 0, base;
                REQUIRE(md_connect(&fake_host_ops, way ? &md_ops_trace : &md_ops));
                EB.c.ulp = &md_ulp;
                EB.f.log_len = 0;
                base = EB.f.wire_len;
                md_place_n = md_bad_crc_in = 0;
                md_place_fail = cases[q].place_fail;
                md_commit_fail = cases[q].commit_fail;
                md_commit_close = cases[q].commit_close;
                md_stream = md_rx_wire;
                o->log_len = 0;
                while (off < total && o->log_len < sizeof o->log - 64) {
                    /* the first FPDU alone (it ends AWAIT_FIRST), then the chunks */
                    size_t k = off == 0 ? 20u : chunks[ch] ? chunks[ch] : total, used = 0;
                    iw_status st;
                    if (k > total - off) k = total - off;
                    st = iw_mpa_rx_feed(&EB.c, md_rx_wire + off, k, &used);
                    o->log_len += (size_t)snprintf(o->log + o->log_len, sizeof o->log - o->log_len,
                                                   "feed %zu+%zu: %d used %zu\n", off, k, (int)st, used);
                    if (st != IW_OK) break;
                    if (off == 0) { /* in Full Operation now: an empty feed, p NULL (fuzz) */
                        size_t u0 = 1;
                        CHECK_EQ(iw_mpa_rx_feed(&EB.c, NULL, 0, &u0), IW_OK);
                        CHECK_EQ(u0, 0);
                    }
                    off += used;
                }
                memcpy(o->flog, EB.f.log, EB.f.log_len);
                o->flog[EB.f.log_len] = 0;
                o->wire_len = EB.f.wire_len - base; /* the Terminate, if any */
                REQUIRE(o->wire_len <= sizeof o->wire);
                memcpy(o->wire, EB.wire + base, o->wire_len);
                o->stats = *iw_mpa_get_stats(&EB.c);
                o->rx_pos = EB.c.rx_pos;
                o->last_len = iw_mpa_rx_last_len(&EB.c);
                o->err = (int)iw_mpa_last_error(&EB.c)->status;
                o->state = (int)iw_mpa_state(&EB.c);
                o->places = md_place_n;
                o->delivered = EB.f.delivered;
                o->bad_crc_in = md_bad_crc_in;
            }
            {
                md_rx_out *a = &md_rx_o[0], *b = &md_rx_o[1];
                int same = strcmp(a->flog, b->flog) == 0 && strcmp(a->log, b->log) == 0 &&
                           a->wire_len == b->wire_len && memcmp(a->wire, b->wire, a->wire_len) == 0 &&
                           memcmp(&a->stats, &b->stats, sizeof a->stats) == 0 &&
                           a->rx_pos == b->rx_pos && a->last_len == b->last_len &&
                           a->err == b->err && a->state == b->state && a->places == b->places &&
                           a->delivered == b->delivered;
                CHECK(same);
                if (!same) fprintf(stderr, "  case %zu chunk %zu: the short cut differs\n", q, chunks[ch]);
                CHECK_EQ(a->bad_crc_in, 0);
                if (!cases[q].bad && !cases[q].place_fail && !cases[q].commit_fail) {
                    /* everything arrived: the first FPDU delivered; in one feed the others
                     * placed, in small chunks some reassembled and delivered */
                    CHECK_EQ(a->stats.rx_fpdus, MD_RX_N);
                    CHECK_EQ(a->places + a->delivered, MD_RX_N);
                    if (!chunks[ch] && !cases[q].commit_close) CHECK_EQ(a->places, MD_RX_N - 1);
                    if (!chunks[ch] && cases[q].commit_close) /* then delivered (rx_half) */
                        CHECK_EQ(a->places, cases[q].commit_close);
                    CHECK_EQ(a->err, IW_OK);
                }
                if (cases[q].bad && cases[q].how == 1 && !cases[q].commit_close) {
                    /* MPA-055: Terminate (2, 0, 0x02), on the wire */
                    CHECK_EQ(a->err, IW_ETERM);
                    CHECK(strstr(a->flog, "term=2/0/2") != NULL);
                    CHECK(a->wire_len > 0);
                }
                if (cases[q].bad && cases[q].how >= 2) { /* MPA-071: Terminate 1/0/0x00 */
                    CHECK_EQ(a->err, IW_ETERM);
                    CHECK(strstr(a->flog, "term=1/0/0") != NULL);
                    CHECK_EQ(a->places + a->delivered, cases[q].bad - 1);
                }
            }
        }
}

/* ---- ddp.h: iw__ddp_tx_one against iw__ddp_tx_pump ---- */

/* The same LLP as iw_ddp_mpa_llp_ops() under another table: ddp.h then takes the general
 * path (it recognises mpa.h by the table's address). */
static iw_status md_llp_send(void *l, const iw_iov *iov, size_t n) { return iw_mpa_tx((iw_mpa_conn *)l, iov, n); }
static uint32_t md_llp_mulpdu(void *l) { return iw_mpa_mulpdu((const iw_mpa_conn *)l); }
static int md_llp_busy(void *l) { return iw_mpa_tx_busy((const iw_mpa_conn *)l); }
static const iw_ddp_llp_ops md_llp = {md_llp_send, md_llp_mulpdu, md_llp_busy, NULL, NULL, NULL};
static iw_ddp_xlate md_resolve(void *m, uint32_t stag, uint64_t to, uint32_t len, unsigned acc,
                               iw_ddp_buf *dst, size_t max, size_t *n)
{
    (void)m, (void)stag, (void)to, (void)len, (void)acc, (void)dst, (void)max;
    *n = 0;
    return IW_DDP_X_INVALID_STAG;
}
static iw_status md_ddp_deliver(void *u, const iw_ddp_hdr *h, uint32_t len)
{
    (void)u, (void)h, (void)len;
    return IW_OK;
}
static void md_sent(void *u, void *cookie)
{
    (void)u;
    md_logf("sent %zu\n", (size_t)(uintptr_t)cookie);
}
static const iw_ddp_mem_ops md_mem = {md_resolve};
static const iw_ddp_ulp_ops md_dulp = {NULL, NULL, md_ddp_deliver, NULL, md_sent};

/* Messages: (pieces, their lengths; 99999 stands for the room MULPDU - 14, 99998 for one
 * octet less, 99997 for one more); tagged Writes, or (-1) an untagged Send. */
#define MD_DN 14
static const long md_dmsg[MD_DN][6] = {
    {1, 64}, {2, 14, 50}, {0}, {3, 0, 0, 0}, {4, 0, 7, 0, 9}, {1, 99999}, {1, 99998},
    {1, 99997}, {2, 99998, 1}, {2, 99998, 2}, {-1, 64}, {5, 1, 1, 1, 1, 1}, {1, 5000}, {1, 1}};

typedef struct md_d_out {
    uint8_t wire[40000];
    size_t wire_len;
    char log[sizeof md_log];
    iw_ddp_stats stats;
    iw_mpa_stats mstats;
    int err;
} md_d_out;
static md_d_out md_d_o[2];

/* The wire of message m alone (one segment), from RFC 5041 §4.2 and RFC 5044 §4. */
static size_t md_d_ref(uint8_t *out, uint32_t stag, uint64_t to, const uint8_t *pay, size_t n)
{
    size_t u = 14 + n, pad = (0u - (u + 2u)) & 3u, k = 0, i;
    uint32_t c;
    out[k++] = (uint8_t)(u >> 8);
    out[k++] = (uint8_t)u;
    out[k++] = 0xC1; /* T, L, DV 01 (DDP-001..003) */
    out[k++] = 0x40; /* the ULP's octet used here */
    for (i = 0; i < 4; i++) out[k++] = (uint8_t)(stag >> (24 - 8 * i));
    for (i = 0; i < 8; i++) out[k++] = (uint8_t)(to >> (56 - 8 * i));
    memcpy(out + k, pay, n);
    k += n;
    memset(out + k, 0, pad);
    k += pad;
    c = check_crc32c_ref(0, out, k);
    for (i = 0; i < 4; i++) out[k++] = (uint8_t)(c >> (8 * i));
    return k;
}

static void t_ddp_tx_one(void) /* DDP-006 DDP-010 */
{
    static iw_ddp_stream S;
    static uint8_t ref[40000];
    /* rooms as in t_tx_whole: all; none, then all; 5-octet runs; a commit failing */
    static const struct { size_t lim, per; int fail; } sch[] = {
        {(size_t)-1, 0, 0}, {0, 0, 0}, {5, 5, 0}, {300, 300, 0}, {(size_t)-1, 0, 3}};
    size_t q, m, k;
    int way;
    for (k = 0; k < sizeof md_src; k++) md_src[k] = (uint8_t)(k * 17 + 1);
    for (q = 0; q < sizeof sch / sizeof sch[0]; q++) {
        uint32_t room = 0, md_d_segs = 0;
        for (way = 0; way < 2; way++) { /* 0: iw_ddp_mpa_llp_ops (the short cut); 1: md_llp */
            md_d_out *o = &md_d_o[way];
            size_t base, guard = 0;
            REQUIRE(md_connect(&md_ops, &fake_host_ops));
            REQUIRE(iw_ddp_init(&S, way ? &md_llp : iw_ddp_mpa_llp_ops(), &EA.c, &md_mem, NULL,
                                &md_dulp, NULL) == IW_OK);
            room = iw_mpa_mulpdu(&EA.c) - 14u;
            base = EA.f.wire_len;
            md_log_len = 0;
            EA.f.accept_limit = sch[q].lim;
            EA.f.accept_per_call = sch[q].per;
            EA.f.send_calls = 0;
            EA.f.fail_at_call = sch[q].fail;
            for (m = 0; m < MD_DN; m++) {
                iw_ddp_msg msg;
                iw_iov v[5];
                size_t i, off = 0, np = md_dmsg[m][0] < 0 ? 1 : (size_t)md_dmsg[m][0];
                iw_status st;
                memset(&msg, 0, sizeof msg);
                for (i = 0; i < np; i++) {
                    long L = md_dmsg[m][1 + i];
                    v[i].len = L == 99999 ? room : L == 99998 ? room - 1 : L == 99997 ? room + 1 : (size_t)L;
                    v[i].base = v[i].len ? md_src + off : NULL;
                    off += v[i].len;
                }
                if (way == 0) md_d_segs += off ? (uint32_t)((off + room - 1) / room) : 1u;
                msg.tagged = md_dmsg[m][0] >= 0;
                msg.ulp = 0x40;
                msg.stag = 0x1234u + (uint32_t)m;
                msg.to = 0xFFFFFFFF00000000ull + 1000u * m;
                msg.sgl = v;
                msg.nsge = np;
                msg.cookie = (void *)(uintptr_t)(m + 1);
                st = iw_ddp_send(&S, &msg);
                md_logf("send %zu: %d busy %d\n", m, (int)st, iw_ddp_tx_busy(&S));
                while (iw_ddp_tx_busy(&S) && guard++ < 100000) {
                    iw_status a = iw_mpa_tx_resume(&EA.c), b = iw_ddp_tx_resume(&S);
                    md_logf("resume %d %d\n", (int)a, (int)b);
                }
            }
            o->wire_len = EA.f.wire_len - base;
            REQUIRE(o->wire_len <= sizeof o->wire);
            memcpy(o->wire, EA.wire + base, o->wire_len);
            memcpy(o->log, md_log, md_log_len + 1);
            o->stats = iw_ddp_get_stats(&S);
            o->mstats = *iw_mpa_get_stats(&EA.c);
            o->err = (int)iw_ddp_last_error(&S)->status;
        }
        {
            md_d_out *a = &md_d_o[0], *b = &md_d_o[1];
            int same = a->wire_len == b->wire_len && memcmp(a->wire, b->wire, a->wire_len) == 0 &&
                       strcmp(a->log, b->log) == 0 && memcmp(&a->stats, &b->stats, sizeof a->stats) == 0 &&
                       memcmp(&a->mstats, &b->mstats, sizeof a->mstats) == 0 && a->err == b->err;
            CHECK(same);
            if (!same) fprintf(stderr, "  schedule %zu: the short cut differs\n%s---\n%s", q, a->log, b->log);
        }
        if (!sch[q].fail) { /* the first message, a 64-octet Write, against the RFCs */
            size_t n = md_d_ref(ref, 0x1234u, 0xFFFFFFFF00000000ull, md_src, 64);
            CHECK(md_d_o[0].wire_len >= n);
            CHECK_MEM(md_d_o[0].wire, ref, n);
            /* DDP-006: ceil(total / room) segments (one for an empty message): a message of
             * room octets in one, of room + 1 in two */
            CHECK_EQ(md_d_o[0].stats.tx_msgs, MD_DN);
            CHECK_EQ(md_d_o[0].stats.tx_segs, md_d_segs);
        }
    }
}

static const check_test tests[] = {
    {"MPA copy-out whole FPDU from iw_mpa_tx: octets, host calls, statuses of the general path and RFC 5044 §4 MPA-046 MPA-053",
     t_tx_whole},
    {"MPA fused receive run: upcalls, counters, Terminates of iw__rx_stream MPA-055 MPA-071", t_rx_run},
    {"DDP one-segment tagged message: wire, sends, counters of the general pump and RFC 5041 §4.2 DDP-006 DDP-010",
     t_ddp_tx_one},
};

int main(int argc, char **argv) { return CHECK_RUN(tests); }
