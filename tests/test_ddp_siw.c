/* SPDX-License-Identifier: MIT */
/* test_ddp_siw.c: ddp.h against real Linux soft-iWARP (siw) traffic (tests/vectors/siw_*.pcap)
 * and the synthetic multi-FPDU capture, with tshark's DDP decoding as the second, independent
 * parser: tests/vectors/<capture>.ddp.expect, written by tests/vectors/gen_ddp_expect.sh (every
 * DDP segment per connection and direction: offset, T, L, Rsvd, DV, RsvdULP, STag + TO or
 * RsvdULP[8:39] + QN + MSN + MO, payload length and octets). tshark is not needed here.
 *
 *   (a) every DDP header decodes (iw_ddp_hdr_decode) to tshark's fields and re-encodes
 *       (iw_ddp_hdr_encode) to siw's octets (DDP-003 DDP-004; DDP-001a, DDP-001b at their checks);
 *   (b) each direction's stream after the MPA Request/Reply, replayed through an iw_mpa_conn
 *       into an iw_ddp_stream (ddp_fake.h: STag table with exactly the STags and TO ranges the
 *       capture uses, receive buffers posted on QN 0 and QN 1): every segment is accepted and
 *       placed, every message delivered in order with tshark's QN, MSN (1, 2, 3 ... per QN),
 *       RsvdULP and length, its payload in place when it is delivered, nothing written outside
 *       the placed ranges; verify-then-place and fused receive, the stream fed whole, byte by
 *       byte and cut at every split point, all with identical results (DDP-005a DDP-005b DDP-015a DDP-015b
 *       DDP-036 DDP-037); for the P2P captures also with peer-to-peer declined by our
 *       Responder, so that siw's RTR reaches DDP as an ordinary zero-length Write;
 *   (c) the peer-to-peer captures' RTR, a zero-length RDMA Write with STag 1 that no table
 *       knows, is accepted and delivered without a translation (DDP-024);
 *   (d) every message re-sent by our transmitter (iw_ddp_send) gives siw's segment octet for
 *       octet, MSNs from our own per-QN counters (DDP-002 DDP-005a DDP-011 DDP-014a DDP-014c; DDP-009a,
 *       DDP-010a at the octet check; every siw message is one segment, so the QN, MSN and MO 0
 *       of the first segment are all that is checked of the untagged fields, and L only on a last one).
 * Wrong behaviour of siw found here is counted and printed ("# ..." lines), not failed. */
#define IWARP_IMPLEMENTATION
#include "ddp.h"
#include "check.h"
#include "mpa_fake.h"
#include "ddp_fake.h"
#include "pcap.h"
#include "expect.h"

/* ---- tests/vectors/<capture>.ddp.expect (format: tests/vectors/gen_ddp_expect.sh) ---- */

#define DX_MAX 256      /* records per file */
#define DX_PAY 256      /* payload octets per segment */

typedef struct dx_item {
    char kind[8];       /* "tuple", "ddp", "count" */
    int conn, dir, line;
    size_t off;         /* ddp: the FPDU's offset in the direction's stream */
    unsigned ulpdu_len, t, l, rsvd, dv, ulp;
    uint32_t ulp32, stag, qn, msn, mo, len;
    uint64_t to;
    uint8_t payload[DX_PAY];
    unsigned long frame;
    size_t n_ddp, n_tagged, n_untagged; /* count */
} dx_item;

static int dx__hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int dx__num(const char *v, unsigned long long max, unsigned long long *r)
{
    char *end;
    if (*v == '\0' || *v == '-' || *v == '+') return -1;
    *r = strtoull(v, &end, 0);
    return *end == '\0' && *r <= max ? 0 : -1;
}

/* One record from its tokens; 0 or -1 (malformed: unknown or repeated key, missing key). */
static int dx__record(char **tok, int nt, dx_item *it)
{
    static const char *const keys[] = {"off", "ulpdu_len", "t", "l", "rsvd", "dv", "ulp", "stag",
                                       "to", "ulp32", "qn", "msn", "mo", "len", "payload", "frame",
                                       "ddp", "tagged", "untagged", "cli", "srv"};
    enum { K_OFF, K_ULEN, K_T, K_L, K_RSVD, K_DV, K_ULP, K_STAG, K_TO, K_ULP32, K_QN, K_MSN, K_MO,
           K_LEN, K_PAY, K_FRAME, K_NDDP, K_NT, K_NU, K_CLI, K_SRV, K_N };
    unsigned long have = 0, need;
    unsigned long long v;
    int i, first, k;
    memset(it, 0, sizeof *it);
    if (nt >= 5 && !strcmp(tok[0], "conn") && !strcmp(tok[2], "dir") && !strcmp(tok[4], "ddp")) {
        strcpy(it->kind, "ddp");
        if (dx__num(tok[1], 1000, &v)) return -1;
        it->conn = (int)v;
        if (dx__num(tok[3], 1, &v)) return -1;
        it->dir = (int)v;
        first = 5;
    } else if (nt >= 5 && !strcmp(tok[0], "count") && !strcmp(tok[1], "conn") &&
               !strcmp(tok[3], "dir")) {
        strcpy(it->kind, "count");
        if (dx__num(tok[2], 1000, &v)) return -1;
        it->conn = (int)v;
        if (dx__num(tok[4], 1, &v)) return -1;
        it->dir = (int)v;
        first = 5;
    } else if (nt >= 3 && !strcmp(tok[0], "tuple") && !strcmp(tok[1], "conn")) {
        strcpy(it->kind, "tuple");
        if (dx__num(tok[2], 1000, &v)) return -1;
        it->conn = (int)v;
        it->dir = -1;
        first = 3;
    } else {
        return -1;
    }
    for (i = first; i < nt; i++) {
        char *val = strchr(tok[i], '=');
        if (!val) return -1;
        *val++ = '\0';
        for (k = 0; k < K_N && strcmp(tok[i], keys[k]); k++) continue;
        if (k == K_N || (have & (1ul << k))) return -1;
        have |= 1ul << k;
        if (k == K_CLI || k == K_SRV) continue; /* not used here */
        if (k == K_PAY) {
            size_t n = 0;
            if (!(have & (1ul << K_LEN))) return -1; /* len comes first */
            if (strcmp(val, "-") == 0) {
                if (it->len != 0) return -1;
                continue;
            }
            while (val[0]) {
                int h = dx__hexval(val[0]), lo = val[1] ? dx__hexval(val[1]) : -1;
                if (h < 0 || lo < 0 || n == DX_PAY) return -1;
                it->payload[n++] = (uint8_t)(h << 4 | lo);
                val += 2;
            }
            if (n != it->len || n == 0) return -1;
            continue;
        }
        if (dx__num(val, k == K_TO ? ~0ull : 0xFFFFFFFFull, &v)) return -1;
        switch (k) {
        case K_OFF: it->off = (size_t)v; break;
        case K_ULEN: if (v > 0xFFFF) return -1; it->ulpdu_len = (unsigned)v; break;
        case K_T: if (v > 1) return -1; it->t = (unsigned)v; break;
        case K_L: if (v > 1) return -1; it->l = (unsigned)v; break;
        case K_RSVD: if (v > 15) return -1; it->rsvd = (unsigned)v; break;
        case K_DV: if (v > 3) return -1; it->dv = (unsigned)v; break;
        case K_ULP: if (v > 0xFF) return -1; it->ulp = (unsigned)v; break;
        case K_STAG: it->stag = (uint32_t)v; break;
        case K_TO: it->to = (uint64_t)v; break;
        case K_ULP32: it->ulp32 = (uint32_t)v; break;
        case K_QN: it->qn = (uint32_t)v; break;
        case K_MSN: it->msn = (uint32_t)v; break;
        case K_MO: it->mo = (uint32_t)v; break;
        case K_LEN: if (v > DX_PAY) return -1; it->len = (uint32_t)v; break;
        case K_FRAME: it->frame = (unsigned long)v; break;
        case K_NDDP: it->n_ddp = (size_t)v; break;
        case K_NT: it->n_tagged = (size_t)v; break;
        case K_NU: it->n_untagged = (size_t)v; break;
        default: return -1;
        }
    }
#define B(k) (1ul << (k))
    if (!strcmp(it->kind, "tuple")) {
        need = B(K_CLI) | B(K_SRV);
    } else if (!strcmp(it->kind, "count")) {
        need = B(K_NDDP) | B(K_NT) | B(K_NU);
    } else {
        need = B(K_OFF) | B(K_ULEN) | B(K_T) | B(K_L) | B(K_RSVD) | B(K_DV) | B(K_ULP) | B(K_LEN) |
               B(K_PAY) | B(K_FRAME);
        need |= it->t ? B(K_STAG) | B(K_TO) : B(K_ULP32) | B(K_QN) | B(K_MSN) | B(K_MO);
        if (it->ulpdu_len != (it->t ? 14u : 18u) + it->len) return -1;
    }
#undef B
    return have == need ? 0 : -1;
}

/* Loads path into out[0..cap); the number of records, or -1 (unreadable, malformed, too many). */
static int dx_load(const char *path, dx_item *out, int cap)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    int n = 0, ln = 0;
    if (!f) {
        fprintf(stderr, "  cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        char *tok[40], *p = line;
        int nt = 0;
        ln++;
        if (!strchr(line, '\n') && !feof(f)) goto bad;
        for (;;) {
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') *p++ = '\0';
            if (*p == '\0' || *p == '#') break;
            if (nt == 40) goto bad;
            tok[nt++] = p;
            while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
        }
        if (nt == 0) continue;
        if (n == cap || dx__record(tok, nt, &out[n]) != 0) goto bad;
        out[n++].line = ln;
    }
    fclose(f);
    return n;
bad:
    fprintf(stderr, "  %s:%d: malformed line (or more than %d records)\n", path, ln, cap);
    fclose(f);
    return -1;
}

/* ---- the captures ---- */

static const char *captures[] = {
    "tests/vectors/siw_rping_crc", "tests/vectors/siw_rping_p2p", "tests/vectors/siw_ib_write_bw_crc",
    "tests/vectors/siw_ib_send_bw_nocrc", "tests/vectors/siw_ib_write_bw_p2p",
    "tests/vectors/synth_multi_fpdu"};
#define NCAP (sizeof captures / sizeof captures[0])
#define MAXCONN 4

static dx_item dx[DX_MAX];
static expect_item mx[4096];

typedef struct capture {
    pcap_conn pc[MAXCONN];
    int nc, nd;
} capture;

/* Loads capture k: its connections and its .ddp.expect records (into dx). */
static int cap_load(size_t k, capture *c)
{
    char path[256];
    snprintf(path, sizeof path, "%s.pcap", captures[k]);
    c->nc = pcap_read_conns(path, c->pc, MAXCONN);
    snprintf(path, sizeof path, "%s.ddp.expect", captures[k]);
    c->nd = dx_load(path, dx, DX_MAX);
    if (c->nc <= 0 || c->nc > MAXCONN || c->nd <= 0) {
        fprintf(stderr, "  %s: cannot load (%d connections, %d records)\n", captures[k], c->nc, c->nd);
        if (c->nc > 0) pcap_free_conns(c->pc, c->nc < MAXCONN ? c->nc : MAXCONN);
        return 0;
    }
    return 1;
}

/* The segments of conn/dir in the loaded file, in stream order. */
static int dx_segs(const capture *c, int conn, int dir, const dx_item **out, int cap)
{
    int i, n = 0;
    for (i = 0; i < c->nd; i++)
        if (!strcmp(dx[i].kind, "ddp") && dx[i].conn == conn && dx[i].dir == dir && n < cap)
            out[n++] = &dx[i];
    return n;
}

/* (a) Every DDP header of the captures decodes to tshark's fields, re-encodes to siw's octets. */
static void t_headers_match_tshark(void) /* DDP-003 DDP-004 */
{
    size_t k, total = 0, rsvd_set = 0, siw_total = 0, tagged = 0, untagged = 0;
    for (k = 0; k < NCAP; k++) {
        capture c;
        int ci, dir, i, nm;
        char path[256];
        if (!cap_load(k, &c)) {
            CHECK(0);
            continue;
        }
        snprintf(path, sizeof path, "%s.expect", captures[k]);
        nm = expect_load(path, mx, 4096);
        CHECK(nm > 0);
        for (ci = 0; ci < c.nc; ci++)
            for (dir = 0; dir < 2; dir++) {
                const pcap_stream *st = &c.pc[ci].dir[dir];
                const dx_item *sg[DX_MAX];
                const dx_item *cnt = NULL;
                int n = dx_segs(&c, ci, dir, sg, DX_MAX), nf = 0, nt = 0;
                for (i = 0; i < c.nd; i++)
                    if (!strcmp(dx[i].kind, "count") && dx[i].conn == ci && dx[i].dir == dir) cnt = &dx[i];
                REQUIRE(cnt != NULL);
                CHECK_EQ(cnt->n_ddp, n);
                /* the same FPDUs as the MPA expectations (both files from tshark) */
                for (i = 0; i < nm; i++) {
                    if (strcmp(mx[i].kind, "fpdu") || mx[i].conn != ci || mx[i].dir != dir) continue;
                    if (nf < n) {
                        CHECK_EQ(mx[i].off, sg[nf]->off);
                        CHECK_EQ(mx[i].ulpdu_len, sg[nf]->ulpdu_len);
                        CHECK_EQ(mx[i].ddp_ctrl, st->data[sg[nf]->off + 2]);
                        CHECK_EQ(mx[i].rdmap_ctrl, sg[nf]->ulp);
                    }
                    nf++;
                }
                CHECK_EQ(nf, n);
                for (i = 0; i < n; i++) {
                    const dx_item *e = sg[i];
                    const uint8_t *u;
                    iw_ddp_hdr h;
                    size_t hl = 0, enc;
                    uint8_t out[IW_DDP_MAX_HDR + 1];
                    REQUIRE(e->off + 2 + e->ulpdu_len <= st->len);
                    CHECK_EQ(iw_get_be16(st->data + e->off), e->ulpdu_len);
                    u = st->data + e->off + 2;
                    CHECK_EQ(iw_ddp_hdr_decode(u, e->ulpdu_len, &h, &hl), IW_OK);
                    CHECK_EQ(hl, e->t ? IW_DDP_TAGGED_HDR : IW_DDP_UNTAGGED_HDR);
                    CHECK_EQ(iw_ddp_hdr_len(u[0]), hl);
                    CHECK_EQ(h.tagged, e->t);  /* DDP-001a: T */
                    CHECK_EQ(h.last, e->l);    /* DDP-001a: L */
                    CHECK_EQ(h.dv, e->dv);     /* DDP-001a: DV */
                    CHECK_EQ(h.ulp, e->ulp);
                    CHECK_EQ((u[0] & IW_DDP_F_RSVD) >> 2, e->rsvd);
                    if (e->t) {
                        CHECK_EQ(h.stag, e->stag);
                        CHECK_EQ(h.to, e->to);
                        tagged++;
                        nt++;
                    } else {
                        CHECK_EQ(h.ulp32, e->ulp32);
                        CHECK_EQ(h.qn, e->qn);
                        CHECK_EQ(h.msn, e->msn);
                        CHECK_EQ(h.mo, e->mo);
                        untagged++;
                    }
                    CHECK_EQ(e->ulpdu_len - hl, e->len);
                    if (e->len) CHECK_MEM(u + hl, e->payload, e->len);
                    /* one octet short of the header the T bit announces: not a header */
                    CHECK_EQ(iw_ddp_hdr_decode(u, hl - 1, &h, &hl), IW_EAGAIN);
                    CHECK_EQ(iw_ddp_hdr_decode(u, e->ulpdu_len, &h, &hl), IW_OK);
                    /* re-encoded: siw's octets (RFC-clean: Rsvd 0, DV 01b) */
                    memset(out, 0xEE, sizeof out);
                    enc = iw_ddp_hdr_encode(&h, out);
                    CHECK_EQ(enc, hl);
                    CHECK_EQ(out[hl], 0xEE); /* nothing written past the header */
                    if (memcmp(out, u, hl) != 0) {
                        /* allowed only in the Rsvd bits, which encode clears */
                        CHECK((u[0] & IW_DDP_F_RSVD) != 0);
                        CHECK_EQ(out[0], u[0] & (uint8_t)~IW_DDP_F_RSVD); /* DDP-001b */
                        CHECK_MEM(out + 1, u + 1, hl - 1);
                        rsvd_set++;
                    }
                    total++;
                    if (k + 1 < NCAP) siw_total++; /* the last capture is synthetic */
                }
                CHECK_EQ(cnt->n_tagged, nt);
                CHECK_EQ(cnt->n_untagged, n - nt);
            }
        pcap_free_conns(c.pc, c.nc);
    }
    CHECK(siw_total > 0 && tagged > 0 && untagged > 0);
    printf("# %zu DDP headers (%zu from siw; %zu tagged, %zu untagged) decoded as tshark does and "
           "re-encoded; Rsvd bits set in %zu\n", total, siw_total, tagged, untagged, rsvd_set);
}

/* ---- (b) replay through mpa.h into ddp.h ---- */

#define MAXSEG 64            /* DDP segments per direction */
#define MAXMSG 64            /* messages per direction */
#define ARENA (16u * 1024u)  /* tagged regions and receive buffers */
#define RBUF 256u            /* one receive buffer (the largest payload is 100 octets) */
#define GAP 64u              /* untouched octets between two regions or buffers */
#define ARENA_SEED 7u

typedef struct msg {
    const dx_item *first, *last;  /* its first and its L = 1 segment */
    size_t nseg;
    uint32_t len;                 /* sum of its payloads */
    uint8_t pay[DX_PAY * 4];      /* its payload octets, in order */
    size_t buf_off;               /* untagged: arena offset of the receive buffer it gets */
} msg;

typedef struct region {
    uint32_t stag;
    uint64_t lo, hi;              /* the TO range the capture writes: [lo, hi) */
    size_t off;                   /* arena offset of lo */
} region;

/* What the replay of one direction expects and needs. */
typedef struct plan {
    const dx_item *seg[MAXSEG];   /* the segments DDP receives */
    int nseg;
    msg m[MAXMSG];
    int nm;
    region reg[DF_STAGS];
    int nreg;
    size_t nbuf[IW_CFG_DDP_QN];   /* untagged messages per QN */
    size_t tagged_placing;        /* tagged segments with payload (one resolve each) */
    uint8_t touched[ARENA];       /* 1: an octet the capture's payloads are placed at */
} plan;

static const region *plan_region(const plan *p, uint32_t stag)
{
    int i;
    for (i = 0; i < p->nreg; i++)
        if (p->reg[i].stag == stag) return &p->reg[i];
    return NULL;
}

/* The plan for segments sg[skip..n): messages, STag regions (exactly the ranges written),
 * a receive buffer per untagged message, and the octets placement may touch. 0: too big. */
static int plan_build(plan *p, const dx_item *const *sg, int n, int skip)
{
    int i, j;
    size_t off = GAP;
    memset(p, 0, sizeof *p);
    for (i = skip; i < n; i++) {
        const dx_item *e = sg[i];
        msg *m;
        if (p->nseg == MAXSEG) return 0;
        p->seg[p->nseg++] = e;
        if (p->nm == 0 || p->m[p->nm - 1].last) {
            if (p->nm == MAXMSG) return 0;
            m = &p->m[p->nm++];
            m->first = e;
        }
        m = &p->m[p->nm - 1];
        if (m->len + e->len > sizeof m->pay) return 0;
        memcpy(m->pay + m->len, e->payload, e->len);
        m->len += e->len;
        m->nseg++;
        if (e->l) m->last = e;
        if (e->t && e->len) {
            region *r = NULL;
            p->tagged_placing++;
            for (j = 0; j < p->nreg; j++)
                if (p->reg[j].stag == e->stag) r = &p->reg[j];
            if (!r) {
                if (p->nreg == DF_STAGS) return 0;
                r = &p->reg[p->nreg++];
                r->stag = e->stag;
                r->lo = e->to;
                r->hi = e->to + e->len;
            }
            if (e->to < r->lo) r->lo = e->to;
            if (e->to + e->len > r->hi) r->hi = e->to + e->len;
        }
    }
    for (j = 0; j < p->nreg; j++) {
        p->reg[j].off = off;
        off += (size_t)(p->reg[j].hi - p->reg[j].lo) + GAP;
        if (off > ARENA) return 0;
    }
    for (i = 0; i < p->nm; i++) {
        msg *m = &p->m[i];
        if (m->first->t) continue;
        if (m->first->qn >= IW_CFG_DDP_QN || m->len > RBUF) return 0;
        p->nbuf[m->first->qn]++;
        m->buf_off = off;
        memset(p->touched + off, 1, m->len);
        off += RBUF + GAP;
        if (off > ARENA) return 0;
    }
    for (i = 0; i < p->nseg; i++) {
        const dx_item *e = p->seg[i];
        const region *r = e->t ? plan_region(p, e->stag) : NULL;
        if (r && e->len) memset(p->touched + r->off + (size_t)(e->to - r->lo), 1, e->len);
    }
    for (i = 0; i < IW_CFG_DDP_QN; i++)
        if (p->nbuf[i] > DF_RQ_DEPTH) return 0;
    return 1;
}

static uint8_t arena[ARENA];

/* One replay: the MPA endpoint with its DDP stream (ddp_fake.h), and what the local deliver
 * hook saw. */
typedef struct replay {
    df_mpa_ep e;
    const plan *p;
    char plog[1 << 14];
    size_t plog_len;
    int placed_ok, placed_bad;
} replay;
static replay *R;

/* Local helper around df_ulp_deliver (ddp_fake.h has no deliver hook): at delivery, the
 * message's payload must already be where it belongs (its last segment placed). For a tagged message that is
 * its STag's region at its first segment's TO (read now: later Writes reuse the same TOs); for
 * an untagged one the buffer rx_buf handed out. */
static iw_status rp_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    iw_status st = df_ulp_deliver(uctx, h, len);
    size_t i = R->e.ulp.ndeliv - 1;
    uint8_t got[sizeof R->p->m[0].pay];
    int ok = 0;
    if (i < (size_t)R->p->nm && len == R->p->m[i].len && len <= sizeof got) {
        const msg *m = &R->p->m[i];
        if (h->tagged) {
            const region *r = plan_region(R->p, m->first->stag);
            ok = len == 0 || (r && !memcmp(arena + r->off + (size_t)(m->first->to - r->lo), m->pay, len));
        } else if (i < DF_DELIV_MAX) {
            df_rbuf_read(&R->e.ulp.deliv[i].buf, got, len);
            ok = R->e.ulp.deliv[i].buf.n == 1 && R->e.ulp.deliv[i].buf.b[0].base == arena + m->buf_off &&
                 !memcmp(got, m->pay, len);
        }
    }
    if (ok) R->placed_ok++;
    else R->placed_bad++;
    df_logf(R->plog, &R->plog_len, "placed %zu %s\n", i, ok ? "ok" : "WRONG");
    return st;
}
static const iw_ddp_ulp_ops rp_ulp_ops = {.check = df_ulp_check,
                                         .rx_buf = df_ulp_rx_buf,
                                         .deliver = rp_deliver,
                                         .error = df_ulp_error,
                                         .sent = df_ulp_sent};

/* Set R up as the receiver of direction dir of pc: our Responder for 0, our Initiator for 1
 * (configured as the capture's Initiator so that its Reply is acceptable). p2p = 0 makes our
 * Responder decline peer-to-peer mode: the Initiator's RTR is then an ordinary first FPDU and
 * goes up to DDP. */
static int rp_setup(const pcap_conn *pc, int dir, const plan *p, int fused, int p2p)
{
    iw_mpa_cfg cfg;
    iw_mpa_frame req;
    size_t used;
    int i, q;
    if (iw_mpa_frame_decode(pc->dir[0].data, pc->dir[0].len, IW_MPA_REQUEST, &req, &used) != IW_OK) return 0;
    iw_mpa_cfg_default(&cfg, dir == 0 ? IW_MPA_RESPONDER : IW_MPA_INITIATOR);
    cfg.crc = 0; /* CRC only if the capture negotiated it */
    cfg.markers_rx = 0;
    if (dir == 0) {
        cfg.p2p = (uint8_t)p2p;
    } else {
        cfg.rev = req.rev;
        cfg.crc = (uint8_t)((req.flags & IW_MPA_FLAG_C) != 0);
        cfg.ird = (uint16_t)(req.ird_word & 0x3FFF);
        cfg.ord = (uint16_t)(req.ord_word & 0x3FFF);
        cfg.ird_max = 128;
        cfg.p2p = (uint8_t)((req.ird_word & IW_MPA_IRD_P2P) != 0);
        cfg.rtr = (uint8_t)(((req.ird_word & IW_MPA_IRD_RTR_SEND) ? IW_MPA_RTR_SEND : 0) |
                            ((req.ord_word & IW_MPA_ORD_RTR_WRITE) ? IW_MPA_RTR_WRITE : 0) |
                            ((req.ord_word & IW_MPA_ORD_RTR_READ) ? IW_MPA_RTR_READ : 0));
        if (cfg.p2p && !cfg.rtr) cfg.p2p = 0;
    }
    df_fill(arena, sizeof arena, ARENA_SEED);
    if (df_mpa_ep_init(&R->e, &cfg, fused, 1, arena, sizeof arena, 1) != IW_OK) return 0;
    /* the same stream, with the local deliver hook */
    if (iw_ddp_init(&R->e.s, iw_ddp_mpa_llp_ops(), &R->e.ep.c, &df_mem_ops, &R->e.mem, &rp_ulp_ops, &R->e.ulp) != IW_OK)
        return 0;
    R->e.ep.f.accept_in_request = 1;
    R->e.ep.f.acc_ird = 128;
    R->e.ep.f.acc_ord = 128;
    R->p = p;
    R->plog_len = 0;
    R->plog[0] = '\0';
    R->placed_ok = R->placed_bad = 0;
    for (i = 0; i < p->nreg; i++)
        df_mem_reg(&R->e.mem, (size_t)i, p->reg[i].stag, p->reg[i].lo, (uint32_t)(p->reg[i].hi - p->reg[i].lo),
                   IW_DDP_ACC_REMOTE_WRITE, p->reg[i].off);
    for (q = 0; q < IW_CFG_DDP_QN; q++)
        for (i = 0; i < p->nm; i++)
            if (!p->m[i].first->t && p->m[i].first->qn == (uint32_t)q &&
                !df_ulp_post1(&R->e.ulp, (uint32_t)q, arena + p->m[i].buf_off, RBUF))
                return 0;
    return iw_mpa_start(&R->e.ep.c, NULL, 0) == IW_OK;
}

/* Everything a replay produced, as text: the DDP ULP's log, the deliver hook's, MPA's setup
 * log, the stream's counters and errors, and a hash of the arena. */
static void rp_result(char *out, size_t cap)
{
    iw_ddp_stats st = iw_ddp_get_stats(&R->e.s);
    snprintf(out, cap, "%s--\n%s--\n%s--\nmpa=%d/%u ddp=%d segs=%u msgs=%u drop=%u msn=%u,%u,%u,%u res=%d arena=%08x\n",
             R->e.ulp.log, R->plog, R->e.ep.f.log, (int)iw_mpa_last_error(&R->e.ep.c)->status,
             iw_mpa_state(&R->e.ep.c), (int)iw_ddp_last_error(&R->e.s)->status, (unsigned)st.rx_segs,
             (unsigned)st.rx_msgs, (unsigned)st.rx_dropped, (unsigned)iw_ddp_rx_msn(&R->e.s, 0),
             (unsigned)iw_ddp_rx_msn(&R->e.s, 1), (unsigned)iw_ddp_rx_msn(&R->e.s, 2),
             (unsigned)iw_ddp_rx_msn(&R->e.s, 3), R->e.mem.calls, (unsigned)df_hash(arena, sizeof arena));
}

/* The checks of one whole-stream replay against the plan (tshark's view). */
static void rp_check(const plan *p, int crc_on, int fused, const char *what)
{
    iw_ddp_stats st = iw_ddp_get_stats(&R->e.s);
    uint32_t seen[IW_CFG_DDP_QN] = {0};
    size_t i, untouched_bad = 0, rx_bufs = 0;
    int bad = 0;
#define RCHECK(c) do { if (!(c)) { bad = 1; CHECK(c); } } while (0)
#define RCHECK_EQ(a, b) do { if ((unsigned long long)(a) != (unsigned long long)(b)) { bad = 1; CHECK_EQ(a, b); } } while (0)
    RCHECK_EQ(iw_mpa_last_error(&R->e.ep.c)->status, IW_OK);
    RCHECK_EQ(iw_mpa_state(&R->e.ep.c), IW_MPA_S_FULL);
    RCHECK_EQ(iw_ddp_last_error(&R->e.s)->status, IW_OK);
    RCHECK_EQ(R->e.ulp.nerr, 0);
    RCHECK_EQ(st.rx_segs, p->nseg);     /* every segment accepted and placed */
    RCHECK_EQ(st.rx_msgs, p->nm);
    RCHECK_EQ(st.rx_dropped, 0);
    RCHECK_EQ(R->e.ulp.check_calls, p->nseg);
    RCHECK_EQ(R->e.mem.calls, p->tagged_placing);
    RCHECK_EQ(R->e.ulp.ndeliv, p->nm);
    RCHECK_EQ(R->placed_ok, p->nm);     /* DDP-035a DDP-035b: payload in place at delivery */
    RCHECK_EQ(R->placed_bad, 0);
    if (crc_on && fused) RCHECK(R->e.places > 0); /* the fused path was taken */
    if (!fused) RCHECK_EQ(R->e.places, 0);
    for (i = 0; i < (size_t)p->nm && i < R->e.ulp.ndeliv; i++) {
        const msg *m = &p->m[i];
        const df_deliv *d = &R->e.ulp.deliv[i];
        RCHECK(m->last != NULL);
        if (!m->last) continue;
        RCHECK_EQ(d->h.tagged, m->last->t);
        RCHECK_EQ(d->h.last, 1);
        RCHECK_EQ(d->h.dv, m->last->dv);
        RCHECK_EQ(d->h.ulp, m->last->ulp);  /* RsvdULP handed up (DDP-005b) */
        RCHECK_EQ(d->len, m->len);          /* tshark's length */
        if (m->last->t) {
            RCHECK_EQ(d->h.stag, m->last->stag);
            RCHECK_EQ(d->h.to, m->last->to);
        } else {
            RCHECK_EQ(d->h.ulp32, m->last->ulp32); /* RsvdULP[8:39] (DDP-005b) */
            RCHECK_EQ(d->h.qn, m->last->qn);       /* DDP-036 */
            RCHECK_EQ(d->h.msn, m->last->msn);
            RCHECK_EQ(d->len, m->last->mo + m->last->len);
            RCHECK(m->last->qn < IW_CFG_DDP_QN);
            if (m->last->qn < IW_CFG_DDP_QN) RCHECK_EQ(d->h.msn, ++seen[m->last->qn]); /* 1, 2, 3 (DDP-015a, DDP-015b) */
            rx_bufs++;
        }
    }
    RCHECK_EQ(R->e.ulp.rx_buf_calls, rx_bufs);
    for (i = 0; i < IW_CFG_DDP_QN; i++) {
        RCHECK_EQ(iw_ddp_rx_msn(&R->e.s, (uint32_t)i), seen[i] + 1);
        RCHECK_EQ(df_ulp_posted(&R->e.ulp, (uint32_t)i), 0); /* one buffer per message, all used */
    }
    /* nothing written outside the placed ranges (DDP-037) */
    for (i = 0; i < ARENA; i++)
        if (!p->touched[i] && arena[i] != df_pat(i, ARENA_SEED)) untouched_bad++;
    RCHECK_EQ(untouched_bad, 0);
    if (bad) fprintf(stderr, "  in %s\n", what);
#undef RCHECK
#undef RCHECK_EQ
}

/* The capture's Request asks for peer-to-peer mode (siw: then its first FPDU is the RTR). */
static int capture_p2p(const pcap_conn *pc)
{
    iw_mpa_frame req;
    size_t used;
    return iw_mpa_frame_decode(pc->dir[0].data, pc->dir[0].len, IW_MPA_REQUEST, &req, &used) == IW_OK &&
           req.enhanced && (req.ird_word & IW_MPA_IRD_P2P) != 0;
}

static char rp_base[1 << 17], rp_now[1 << 17];
static size_t rp_cuts[1 << 16];

/* Replays direction dir of pc (its segments sg[0..n), of which MPA keeps the first `skip`):
 * whole (checked against the plan), then byte by byte and at every split point (each must give
 * the same result). Returns the number of runs. */
static size_t rp_direction(const pcap_conn *pc, int dir, const dx_item *const *sg, int n, int skip, int p2p,
                           int fused, int crc_on, const char *what)
{
    static plan p;
    const pcap_stream *s = &pc->dir[dir];
    size_t i, runs = 0;
    if (!plan_build(&p, sg, n, skip)) {
        CHECK(0);
        fprintf(stderr, "  %s: capture too big for the plan\n", what);
        return 0;
    }
    if (!rp_setup(pc, dir, &p, fused, p2p)) {
        CHECK(0);
        fprintf(stderr, "  %s: setup failed\n", what);
        return 0;
    }
    df_mpa_feed(&R->e, s->data, s->len, NULL, 0);
    rp_check(&p, crc_on, fused, what);
    rp_result(rp_base, sizeof rp_base);
    runs++;
    for (i = 0; i + 1 < s->len; i++) rp_cuts[i] = i + 1;
    rp_setup(pc, dir, &p, fused, p2p);
    df_mpa_feed(&R->e, s->data, s->len, rp_cuts, s->len - 1);
    rp_result(rp_now, sizeof rp_now);
    runs++;
    if (strcmp(rp_base, rp_now) != 0) {
        CHECK(0);
        fprintf(stderr, "  %s: byte by byte differs\n", what);
    }
    for (i = 1; i < s->len; i++) {
        rp_cuts[0] = i;
        rp_setup(pc, dir, &p, fused, p2p);
        df_mpa_feed(&R->e, s->data, s->len, rp_cuts, 1);
        rp_result(rp_now, sizeof rp_now);
        runs++;
        if (strcmp(rp_base, rp_now) != 0) {
            CHECK(0);
            fprintf(stderr, "  %s: differs when split at %zu\n", what, i);
            break;
        }
    }
    return runs;
}

static void replay_all(int fused)
{
    size_t k, runs = 0, msgs = 0, declined = 0;
    for (k = 0; k < NCAP; k++) {
        capture c;
        int ci, dir, nm;
        char path[256];
        if (!cap_load(k, &c)) {
            CHECK(0);
            continue;
        }
        snprintf(path, sizeof path, "%s.expect", captures[k]);
        nm = expect_load(path, mx, 4096);
        for (ci = 0; ci < c.nc; ci++)
            for (dir = 0; dir < 2; dir++) {
                const dx_item *sg[DX_MAX];
                int n = dx_segs(&c, ci, dir, sg, DX_MAX), crc_on = 0, i, p2p_rtr;
                char what[300];
                for (i = 0; i < nm; i++)
                    if (!strcmp(mx[i].kind, "fpdu") && mx[i].conn == ci && mx[i].dir == dir)
                        crc_on = mx[i].crc_status == EXPECT_CRC_GOOD;
                /* siw's P2P Request: its RTR (a zero-length Write, STag 1) starts direction 0 */
                p2p_rtr = dir == 0 && n > 0 && capture_p2p(&c.pc[ci]);
                if (p2p_rtr) {
                    CHECK(sg[0]->t == 1 && sg[0]->l == 1 && sg[0]->len == 0 && sg[0]->stag == 1);
                    CHECK_EQ(sg[0]->ulp, 0x40); /* RDMAP version 1, RDMA Write */
                }
                snprintf(what, sizeof what, "%s conn %d dir %d %s", captures[k], ci, dir,
                         fused ? "fused" : "verify-then-place");
                /* as siw ran it: MPA consumes the RTR */
                runs += rp_direction(&c.pc[ci], dir, sg, n, p2p_rtr, 1, fused, crc_on, what);
                if (p2p_rtr) { /* P2P declined: the RTR is an ordinary first FPDU for DDP */
                    snprintf(what, sizeof what, "%s conn %d dir %d %s, P2P declined", captures[k], ci, dir,
                             fused ? "fused" : "verify-then-place");
                    runs += rp_direction(&c.pc[ci], dir, sg, n, 0, 0, fused, crc_on, what);
                    declined++;
                }
                msgs += (size_t)n;
            }
        pcap_free_conns(c.pc, c.nc);
    }
    CHECK_EQ(declined, 3);
    printf("# %s: %zu DDP segments replayed through mpa.h into ddp.h in %zu runs (whole, byte by "
           "byte, every split point; P2P also declined)\n", fused ? "fused" : "verify-then-place", msgs, runs);
}

/* MPA checks the CRC, then iw_ddp_mpa_deliver -> iw_ddp_rx. */
static void t_replay_verify_then_place(void) /* DDP-036 DDP-037 */
{
    replay_all(0);
}

/* iw_ddp_mpa_place/commit: placement fused with the CRC (only where the capture has CRC on and
 * an FPDU lies whole in one feed; the other FPDUs take the verify-then-place path, and the
 * results must not differ). */
static void t_replay_fused(void) /* DDP-036 DDP-037 */
{
    replay_all(1);
}

/* ---- (c) the peer-to-peer RTR ---- */

static df_llp llp;
static df_ulp ulp;
static df_mem mem;

static void t_rtr_zero_length_write(void) /* DDP-024 */
{
    size_t k, rtrs = 0;
    for (k = 0; k < NCAP; k++) {
        capture c;
        int ci;
        if (!cap_load(k, &c)) {
            CHECK(0);
            continue;
        }
        for (ci = 0; ci < c.nc; ci++) {
            const dx_item *sg[DX_MAX];
            int n = dx_segs(&c, ci, 0, sg, DX_MAX), mode;
            const uint8_t *u;
            if (!capture_p2p(&c.pc[ci])) continue;
            REQUIRE(n > 0);
            /* siw's RTR as tshark shows it: tagged, last, RDMA Write, STag 1, TO 0, no payload */
            CHECK(sg[0]->t == 1 && sg[0]->l == 1 && sg[0]->ulp == 0x40 && sg[0]->len == 0);
            CHECK_EQ(sg[0]->stag, 1);
            CHECK_EQ(sg[0]->to, 0);
            u = c.pc[ci].dir[0].data + sg[0]->off + 2;
            /* mode 0: no STag registered at all; 1: STag 1 registered but Invalid, outside every
             * range, without access; 2: a resolver that refuses everything. Zero-length tagged
             * segments are not translated: accepted and delivered all the same. */
            for (mode = 0; mode < 3; mode++) {
                iw_ddp_stream s;
                df_llp_init(&llp, 1000);
                df_ulp_init(&ulp);
                df_fill(arena, sizeof arena, ARENA_SEED);
                df_mem_init(&mem, arena, sizeof arena, 1);
                if (mode == 1) {
                    df_stag *e = df_mem_reg(&mem, 0, 1, 0x1000, 16, 0, 0);
                    e->valid = 0;
                }
                if (mode == 2) mem.force = IW_DDP_X_INVALID_STAG;
                REQUIRE(df_stream_init(&s, &llp, &mem, &ulp, 1) == IW_OK);
                CHECK_EQ(iw_ddp_rx(&s, u, sg[0]->ulpdu_len), IW_OK);
                CHECK_EQ(mem.calls, 0);
                CHECK_EQ(ulp.nerr, 0);
                CHECK_EQ(ulp.ndeliv, 1);
                CHECK_EQ(ulp.deliv[0].h.tagged, 1);
                CHECK_EQ(ulp.deliv[0].h.stag, 1);
                CHECK_EQ(ulp.deliv[0].h.to, 0);
                CHECK_EQ(ulp.deliv[0].h.ulp, 0x40);
                CHECK_EQ(ulp.deliv[0].len, 0);
                CHECK_EQ(iw_ddp_get_stats(&s).rx_msgs, 1);
                CHECK_EQ(df_check_pat(arena, sizeof arena, ARENA_SEED), sizeof arena);
                /* and the stream goes on: the next segment of the capture (a Send) is taken */
                if (n > 1 && !sg[1]->t && sg[1]->qn == 0) {
                    CHECK(df_ulp_post1(&ulp, 0, arena, RBUF));
                    CHECK_EQ(iw_ddp_rx(&s, c.pc[ci].dir[0].data + sg[1]->off + 2, sg[1]->ulpdu_len), IW_OK);
                    CHECK_EQ(ulp.ndeliv, 2);
                    CHECK_EQ(ulp.deliv[1].h.msn, 1);
                    CHECK_MEM(arena, sg[1]->payload, sg[1]->len);
                }
            }
            rtrs++;
        }
        pcap_free_conns(c.pc, c.nc);
    }
    CHECK_EQ(rtrs, 3); /* siw_rping_p2p: 1, siw_ib_write_bw_p2p: 2 */
}

/* ---- (d) our transmitter against siw's segments ---- */

static void t_resend_matches_siw(void) /* DDP-002 DDP-011 */
{
    static plan p;
    size_t k, total = 0;
    for (k = 0; k < NCAP; k++) {
        capture c;
        int ci, dir;
        if (!cap_load(k, &c)) {
            CHECK(0);
            continue;
        }
        for (ci = 0; ci < c.nc; ci++)
            for (dir = 0; dir < 2; dir++) {
                const dx_item *sg[DX_MAX];
                int n = dx_segs(&c, ci, dir, sg, DX_MAX), i, segi = 0;
                iw_ddp_stream s;
                REQUIRE(plan_build(&p, sg, n, 0));
                df_llp_init(&llp, 65535);
                df_ulp_init(&ulp);
                REQUIRE(df_stream_init(&s, &llp, NULL, &ulp, 0) == IW_OK);
                for (i = 0; i < p.nm; i++) {
                    const msg *m = &p.m[i];
                    iw_ddp_msg dm;
                    iw_iov v;
                    size_t before = llp.nseg, j;
                    memset(&dm, 0, sizeof dm);
                    dm.tagged = (uint8_t)m->first->t;
                    dm.ulp = (uint8_t)m->first->ulp;
                    if (m->first->t) {
                        dm.stag = m->first->stag;
                        dm.to = m->first->to;
                    } else {
                        dm.ulp32 = m->first->ulp32;
                        dm.qn = m->first->qn; /* the MSN is ours: 1, 2, 3 ... per QN */
                    }
                    v.base = m->pay;
                    v.len = m->len;
                    dm.sgl = &v;
                    dm.nsge = 1;
                    dm.cookie = (void *)(uintptr_t)(i + 1);
                    /* siw cut a message of several segments at its MULPDU: the first one's size */
                    llp.mulpdu = m->nseg > 1 ? m->first->ulpdu_len : 65535u;
                    CHECK_EQ(iw_ddp_send(&s, &dm), IW_OK);
                    CHECK_EQ(llp.nseg - before, m->nseg);
                    CHECK_EQ(ulp.nsent, (size_t)i + 1);
                    if (ulp.nsent == (size_t)i + 1) CHECK(ulp.sent[i] == dm.cookie);
                    for (j = 0; j < m->nseg && before + j < llp.nseg; j++, segi++) {
                        const dx_item *e = p.seg[segi];
                        CHECK_EQ(llp.seg_len[before + j], e->ulpdu_len);
                        if (llp.seg_len[before + j] == e->ulpdu_len &&
                            memcmp(df_llp_seg(&llp, before + j), c.pc[ci].dir[dir].data + e->off + 2, e->ulpdu_len)) {
                            /* DDP-009a DDP-010a: QN, MSN, L = 1 (one-segment messages), octet for octet */
                            CHECK(0);
                            fprintf(stderr, "  %s conn %d dir %d: segment at %zu differs from siw's\n",
                                    captures[k], ci, dir, e->off);
                        }
                        total++;
                    }
                }
                CHECK_EQ(llp.nseg, (size_t)n);
                CHECK_EQ(ulp.nerr, 0);
            }
        pcap_free_conns(c.pc, c.nc);
    }
    printf("# %zu segments re-sent by iw_ddp_send equal siw's (and the synthetic capture's) octets\n", total);
}

static const check_test tests[] = {
    {"DDP headers of siw decode as tshark, re-encode to siw's octets DDP-003 DDP-004", t_headers_match_tshark},
    {"siw streams through mpa.h into ddp.h, verify-then-place, every split DDP-036 DDP-037",
     t_replay_verify_then_place},
    {"siw streams through mpa.h into ddp.h, fused place/commit, every split DDP-036 DDP-037",
     t_replay_fused},
    {"siw P2P RTR: zero-length Write with STag 1 accepted DDP-024", t_rtr_zero_length_write},
    {"siw messages re-sent octet for octet DDP-002 DDP-011", t_resend_matches_siw},
};

int main(int argc, char **argv)
{
    int rc;
    R = (replay *)calloc(1, sizeof *R);
    if (!R) return 2;
    rc = CHECK_RUN(tests);
    free(R);
    return rc;
}
