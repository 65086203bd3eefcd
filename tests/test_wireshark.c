/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* popen, pclose, mkdir: before any include */
/* test_wireshark.c: MPA-076, captures of project traffic decoded by tshark (Wireshark 4.0 checked).
 *
 * Two mpa.h endpoints (the fake host of mpa_fake.h plus a trace hook) connect and exchange valid
 * DDP/RDMAP segments (untagged Sends, tagged RDMA Writes, several segments per message). The trace
 * hook of BOTH endpoints hands every frame and FPDU as sent to tests/pcapw.h, one TCP segment
 * each, in the order sent; every scenario writes build/wireshark/NAME.pcap. tshark then decodes
 * each capture once (single pass, PDML plus the expert tap, saved as NAME.pdml next to it) and
 * the test compares, frame by frame, what tshark read with what was sent and with an independent
 * layout walker written here (FPDU length, marker positions and FPDUPTR, RFC 5044 §4, §5):
 *   - the Request and Reply decode in their frames; every FPDU decodes alone in its segment, with
 *     the ULPDU_Length, RDMAP opcode and "Good CRC32" (CRC on) or a zero CRC field (CRC off);
 *   - the FPDUs decoded per direction equal the FPDUs sent;
 *   - with markers, tshark's markers sit where the walker puts them, with its FPDUPTR values and
 *     zero reserved bits (a marker Wireshark reads at a wrong place gives wrong values, a wrong
 *     length or a bad CRC); the workload forces markers at an FPDU start, right after the first
 *     4 octets of an FPDU and right before the CRC field;
 *   - IP and TCP checksums are checked by tshark (tcp/ip.check_checksum) and must be Good;
 *   - expert infos: no Error (Malformed included) and no Warning, except the two RFC 5044
 *     messages Wireshark 4.0 gives for a Request whose Res bits or Rev are not those of RFC 5044
 *     (RFC 6581's H flag and Rev 2): each counted against the Requests sent (see expert_check);
 *     Notes only from the TCP teardown.
 * A last test corrupts one CRC and one marker on purpose and checks that the same checker fails.
 *
 * Wireshark 4.0 limitations (packet-iwarp-mpa.c), both Wireshark's, not mpa.h's:
 *   - get_state_of_first_fpdu: once either side asks for markers it expects them in BOTH
 *     directions, so in a one-way-marker capture it cannot frame the unmarked direction (it reads
 *     the first FPDU as starting with a marker and loses the stream: "TCP segment of a reassembled
 *     PDU", no expert info). Those scenarios accept either that (no FPDU of the unmarked direction
 *     decoded) or a complete marker-free decode (a fixed Wireshark). The walker checks locally
 *     that mpa.h puts no marker there.
 *   - number_of_markers counts one marker too many for an FPDU that holds a marker and ends
 *     exactly where the next FPDU's leading marker sits; the workload avoids that layout (see
 *     ws40_can_frame).
 *
 * tshark is required: without it every test here fails (CI installs it). WS_DEBUG=1 in the
 * environment prints the layout of every traced frame and FPDU and a summary per capture. */
#define IWARP_IMPLEMENTATION
#include "mpa.h"
#include "check.h"
#include "mpa_fake.h"
#include "pcapw.h"
#include "pdml.h"
#include <sys/stat.h>
#include <sys/types.h>

#define WS_DIR "build/wireshark"
#define WS_HDRS 54u /* Ethernet 14 + IPv4 20 + TCP 20 before the payload of a data segment */
#define MAXI 512    /* traced frames and FPDUs per capture */
#define MAXF 1024   /* packets per capture */
#define MAXM 8      /* markers per FPDU */
#define HDR_SEND 18u  /* untagged DDP header with the RDMAP Send header */
#define HDR_WRITE 14u /* tagged DDP header with the RDMAP Write header */

/* ---- independent references ---- */

static uint32_t ref_crc(const uint8_t *p, size_t n) { return check_crc32c_ref(0, p, n); }

/* FPDU layout (RFC 5044 §4, §5; mpa.md 6, 8): an FPDU whose first octet is at stream offset off
 * (relative to SeqStart) with a ULPDU of ulen octets. Returns its wire length; with markers,
 * the marker offsets inside the FPDU and their FPDUPTR go to mo[]/mp[] (*nm of them). */
static size_t lay(uint32_t off, size_t ulen, int mk, size_t mo[MAXM], unsigned mp[MAXM], size_t *nm)
{
    size_t vlen = 2u + ulen + ((0u - (ulen + 2u)) & 3u) + 4u, w = vlen, k, first;
    uint32_t p;
    *nm = 0;
    if (!mk) return vlen;
    first = (512u - (off & 511u)) & 511u; /* offset of the first marker position */
    for (;;) {
        k = vlen + (w > first ? 4u * (((w - first - 1u) >> 9) + 1u) : 0u);
        if (k == w) break;
        w = k;
    }
    for (p = (uint32_t)first; p < w && *nm < MAXM; p += 512u) {
        mo[*nm] = p;
        mp[*nm] = p == 0 ? 0u : p - ((off & 511u) == 0 ? 4u : 0u);
        (*nm)++;
    }
    return w;
}

/* ---- what was sent: the trace hook ---- */

typedef struct item {
    unsigned dir;          /* 0: Initiator -> Responder */
    int fpdu;              /* 0: the Request or Reply */
    size_t len;            /* octets on the wire (the whole TCP payload) */
    uint32_t off;          /* FPDU: stream offset relative to SeqStart */
    size_t ulen;           /* FPDU: ULPDU_Length as laid out */
    unsigned op;           /* FPDU: RDMAP opcode */
    int ulp;               /* FPDU: carries a ULPDU the test handed to iw_mpa_tx */
    uint8_t flags, rev;    /* frame: flags octet and Rev */
    size_t nm, mo[MAXM];   /* FPDU: expected markers (offset in the FPDU, FPDUPTR) */
    unsigned mp[MAXM];
    unsigned long frame;   /* pcap frame number */
} item;

typedef struct session {
    pcapw w;
    int mk[2];             /* markers in direction d (the receiver asked with M = 1) */
    int crc;
    item it[MAXI];
    size_t n;
    uint8_t buf[2][70000]; /* the frame or FPDU being traced, per direction */
    size_t blen[2];
    uint32_t off[2];
    int started[2];        /* the direction's Request/Reply has gone */
    const uint8_t *want;   /* the ULPDU being handed to iw_mpa_tx, to compare */
    size_t want_len;
    int bad;               /* layout problems found while tracing */
    int corrupt_crc_at, corrupt_mk_at, corrupt_ddp_at; /* negative control: items to damage */
} session;

static endpoint *A, *B;
static session *S;

static void tr_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    unsigned d = ctx == (void *)&A->f ? 0u : 1u;
    uint8_t *b = S->buf[d];
    size_t i;
    item *it;
    if (dir != IW_MPA_TRACE_TX) return;
    for (i = 0; i < n; i++) {
        if (S->blen[d] + iov[i].len > sizeof S->buf[d]) {
            S->bad++;
            return;
        }
        if (iov[i].len) memcpy(b + S->blen[d], iov[i].base, iov[i].len);
        S->blen[d] += iov[i].len;
    }
    if (!last) return;
    if (S->n >= MAXI) {
        S->bad++;
        S->blen[d] = 0;
        return;
    }
    it = &S->it[S->n++];
    memset(it, 0, sizeof *it);
    it->dir = d;
    it->len = S->blen[d];
    it->fpdu = S->started[d];
    if (!it->fpdu) {
        if (it->len < 20 || memcmp(b, d ? "MPA ID Rep Frame" : "MPA ID Req Frame", 16) != 0) S->bad++;
        it->flags = it->len >= 20 ? b[16] : 0;
        it->rev = it->len >= 20 ? b[17] : 0;
        S->started[d] = 1;
    } else {
        /* The walker's view: where the markers are, hence where ULPDU_Length is. */
        int mk = S->mk[d];
        size_t lead = mk && (S->off[d] & 511u) == 0 ? 4u : 0u, wl, k, j, m;
        static uint8_t plain[70000];
        size_t np = 0;
        it->off = S->off[d];
        it->ulen = it->len >= lead + 2 ? iw_get_be16(b + lead) : 0;
        wl = lay(it->off, it->ulen, mk, it->mo, it->mp, &it->nm);
        if (wl != it->len) {
            fprintf(stderr, "  dir %u FPDU at %u: %zu octets traced, the walker expects %zu\n", d,
                    (unsigned)it->off, it->len, wl);
            S->bad++;
        } else {
            /* strip the markers (checking them), check PAD, CRC and the ULPDU handed down */
            for (k = 0, m = 0; k < it->len; k++) {
                if (m < it->nm && k == it->mo[m]) {
                    if (b[k] || b[k + 1] || iw_get_be16(b + k + 2) != it->mp[m]) S->bad++;
                    k += 3;
                    m++;
                    continue;
                }
                plain[np++] = b[k];
            }
            for (j = 2 + it->ulen; j + 4 < np; j++)
                if (plain[j]) S->bad++; /* PAD */
            if (iw_get_le32(b + it->len - 4) != (S->crc ? ref_crc(b, it->len - 4) : 0u)) {
                fprintf(stderr, "  dir %u FPDU at %u: CRC field differs from the reference\n", d,
                        (unsigned)it->off);
                S->bad++;
            }
            it->op = np > 3 ? plain[3] & 0x0Fu : 99u;
            if (S->want) {
                it->ulp = 1;
                if (it->ulen != S->want_len || memcmp(plain + 2, S->want, S->want_len) != 0) S->bad++;
                S->want = NULL;
            }
        }
        S->off[d] += (uint32_t)it->len;
        /* negative control: damage the copy written to the capture, not the connection */
        if ((size_t)S->corrupt_crc_at == S->n) b[it->len - 1] ^= 0x01;
        if ((size_t)S->corrupt_mk_at == S->n && it->nm > 1) { /* FPDUPTR off by 4, CRC kept good */
            b[it->mo[1] + 3] ^= 0x04;
            if (S->crc) iw_put_le32(b + it->len - 4, ref_crc(b, it->len - 4));
        }
        if ((size_t)S->corrupt_ddp_at == S->n && it->ulen == HDR_WRITE) { /* T = 0: too short */
            b[2] = 0x41;
            if (S->crc) iw_put_le32(b + it->len - 4, ref_crc(b, it->len - 4));
        }
    }
    it->frame = pcapw_segment(&S->w, d, b, it->len);
    if (!it->frame) S->bad++;
    if (getenv("WS_DEBUG")) {
        size_t j;
        fprintf(stderr, "  trace frame %lu dir %u fpdu %d off %u (mod 512: %u) len %zu ulen %zu op %u "
                        "markers", it->frame, d, it->fpdu, (unsigned)it->off,
                (unsigned)(it->off & 511u), it->len, it->ulen, it->op);
        for (j = 0; j < it->nm; j++) fprintf(stderr, " %zu:%u", it->mo[j], it->mp[j]);
        fputc('\n', stderr);
    }
    S->blen[d] = 0;
}

static const iw_mpa_host_ops tr_ops = {.send = hf_send,
                                       .timer_arm = hf_timer_arm,
                                       .timer_cancel = hf_timer_cancel,
                                       .close = fake_close,
                                       .trace = tr_trace};

static int tr_init(endpoint *e, const iw_mpa_cfg *cfg)
{
    if (ep_init(e, cfg) != IW_OK) return 0; /* sets up the fake host and ULP */
    return iw_mpa_init(&e->c, cfg, &tr_ops, &e->f, &fake_ulp_ops, &e->f, e->reasm,
                       sizeof e->reasm) == IW_OK;
}

/* ---- the workload: valid DDP/RDMAP segments (RFC 5041, RFC 5040) ---- */

typedef struct gen {
    uint32_t msn, mo;  /* untagged: next Send's MSN (QN 0), offset in the current message */
    uint64_t to;       /* tagged: next TO */
    uint32_t stag;
    int kind, left;    /* current message: 0 Send, 1 RDMA Write; segments left */
    unsigned long long rnd;
} gen;

/* The next DDP segment with ulen octets in all (ulen >= 18). */
static size_t gen_next(gen *g, uint8_t *u, size_t ulen)
{
    size_t i, hdr, plen;
    int last;
    if (g->left == 0) {
        g->kind = (int)(check_rand(&g->rnd) % 2u);
        g->left = 1 + (int)(check_rand(&g->rnd) % 3u);
        g->mo = 0;
        g->to = 0x10000u * (check_rand(&g->rnd) % 64u);
    }
    last = --g->left == 0;
    hdr = g->kind ? HDR_WRITE : HDR_SEND;
    plen = ulen - hdr;
    if (g->kind == 0) {
        memset(u, 0, HDR_SEND);
        u[0] = last ? 0x41 : 0x01; /* T = 0, L, DV = 1 */
        u[1] = 0x43;               /* RV = 1, Send */
        iw_put_be32(u + 6, 0);    /* QN 0 */
        iw_put_be32(u + 10, g->msn);
        iw_put_be32(u + 14, g->mo);
        g->mo += (uint32_t)plen;
        if (last) g->msn++;
    } else {
        u[0] = last ? 0xC1 : 0x81; /* T = 1, L, DV = 1 */
        u[1] = 0x40;               /* RV = 1, RDMA Write */
        iw_put_be32(u + 2, g->stag);
        iw_put_be64(u + 6, g->to);
        g->to += plen;
    }
    for (i = 0; i < plen; i++) u[hdr + i] = (uint8_t)(g->msn * 31u + i * 7u + (unsigned)g->kind);
    return ulen;
}

/* Layout targets for marker coverage (MPA-064): the next FPDU starts on a marker; a marker right
 * after the first 4 octets of the next FPDU; a marker right before this FPDU's CRC field. */
#define T_ANY 0
#define T_NEXT_AT_MARKER 1
#define T_NEXT_AT_508 2
#define T_MK_BEFORE_CRC 3

/* Wireshark 4.0 (packet-iwarp-mpa.c number_of_markers) counts the markers of an FPDU as
 * (size - first) / 512 + 1, one too many when the FPDU holds a marker and ends exactly at a
 * marker position (the next FPDU's leading marker, which belongs to the next FPDU: RFC 5044 §4.1,
 * FPDUPTR 0). It then cannot frame that FPDU and loses the rest of the stream. mpa.h lays such
 * FPDUs out correctly (tests/test_mpa.c checks them); here they are avoided so that Wireshark can
 * check everything else. A leading marker is still produced, after an FPDU without markers. */
static int ws40_can_frame(uint32_t off, size_t w, size_t nm)
{
    return !(nm > 0 && ((off + w) & 511u) == 0);
}

static int lay_hits(uint32_t off, size_t ulen, int target)
{
    size_t mo[MAXM], nm, w;
    unsigned mp[MAXM];
    w = lay(off, ulen, 1, mo, mp, &nm);
    if (!ws40_can_frame(off, w, nm)) return 0;
    switch (target) {
    case T_NEXT_AT_MARKER: return ((off + w) & 511u) == 0;
    case T_NEXT_AT_508: return ((off + w) & 511u) == 508u;
    case T_MK_BEFORE_CRC: return ((off + w - 8u) & 511u) == 0 && ((ulen + 2u) & 3u) != 0;
    default: return 1;
    }
}

/* A ULPDU length in [lo, hi] (random start, then scanning) that meets target; else one that
 * meets T_ANY. mk: the direction carries markers (else any length). */
static size_t pick_len(unsigned long long *rnd, uint32_t off, size_t lo, size_t hi, int mk, int target)
{
    size_t span = hi - lo + 1u, start = (size_t)(check_rand(rnd) % span), i;
    int t;
    if (!mk) return lo + start;
    for (t = target;; t = T_ANY) {
        for (i = 0; i < span; i++) {
            size_t l = lo + (start + i) % span;
            if (lay_hits(off, l, t)) return l;
        }
        if (t == T_ANY) return lo + start;
    }
}

/* ---- scenarios ---- */

typedef struct scen {
    const char *name;      /* capture: build/wireshark/NAME.pcap */
    uint8_t rev, crc_i, crc_r, mk_i, mk_r; /* Rev, C and M of Initiator and Responder */
    uint8_t p2p_rtr;       /* 0, or the IW_MPA_RTR_* the Initiator offers (P2P) */
    int rounds;            /* each round: one FPDU from the Initiator, then one back */
    size_t lo, hi;         /* ULPDU lengths */
} scen;

/* Build the capture of sc into S. 0 on a setup failure (reported). */
static int run_scenario(const scen *sc, int corrupt_crc_at, int corrupt_mk_at, int corrupt_ddp_at)
{
    iw_mpa_cfg ci, cr;
    size_t ma = 0, mb = 0;
    static uint8_t u[2000];
    static const uint8_t pd[] = "conformance test";
    static const uint8_t rpd[] = "ok";
    char path[256];
    gen g[2];
    int r, d;
    iw_iov v;

    memset(S, 0, sizeof *S);
    S->corrupt_crc_at = corrupt_crc_at;
    S->corrupt_mk_at = corrupt_mk_at;
    S->corrupt_ddp_at = corrupt_ddp_at;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    ci.rev = cr.rev = sc->rev;
    ci.crc = sc->crc_i;
    cr.crc = sc->crc_r;
    ci.markers_rx = sc->mk_i;
    cr.markers_rx = sc->mk_r;
    if (sc->p2p_rtr) {
        ci.p2p = cr.p2p = 1;
        ci.rtr = sc->p2p_rtr;
    }
    S->mk[0] = sc->mk_r; /* the Initiator inserts markers iff the Responder asked */
    S->mk[1] = sc->mk_i;
    S->crc = sc->crc_i || sc->crc_r;
    (void)mkdir("build", 0777);
    (void)mkdir(WS_DIR, 0777);
    snprintf(path, sizeof path, WS_DIR "/%s.pcap", sc->name);
    if (pcapw_open(&S->w, path) != 0) {
        fprintf(stderr, "  cannot write %s\n", path);
        return 0;
    }
    if (!tr_init(A, &ci) || !tr_init(B, &cr)) goto fail;
    B->f.accept_in_request = 1;
    B->f.acc_pd = rpd;
    B->f.acc_pd_len = sizeof rpd - 1;
    if (iw_mpa_start(&B->c, NULL, 0) != IW_OK || iw_mpa_start(&A->c, pd, sizeof pd - 1) != IW_OK)
        goto fail;
    ep_pipe(A, &ma, B);
    ep_pipe(B, &mb, A);
    ep_pipe(A, &ma, B); /* the RTR (P2P) */
    ep_pipe(B, &mb, A); /* the Read RTR's response */
    if (iw_mpa_state(&A->c) != IW_MPA_S_FULL) {
        fprintf(stderr, "  %s: Initiator not in Full Operation\n", sc->name);
        goto fail;
    }
    memset(g, 0, sizeof g);
    for (d = 0; d < 2; d++) {
        g[d].msn = 1;
        g[d].stag = d ? 0x2000u : 0x1000u;
        g[d].rnd = 0x9E3779B97F4A7C15ull * (unsigned)(d + 1) + (unsigned long long)sc->rounds;
    }
    if (sc->p2p_rtr == IW_MPA_RTR_SEND) g[0].msn = 2; /* the Send RTR took MSN 1 (RFC 6581) */
    for (r = 0; r < sc->rounds; r++) {
        for (d = 0; d < 2; d++) {
            endpoint *from = d ? B : A, *to = d ? A : B;
            size_t *mark = d ? &mb : &ma, ulen;
            int target = r % 4; /* T_ANY .. T_MK_BEFORE_CRC in turn */
            ulen = pick_len(&g[d].rnd, S->off[d], sc->lo, sc->hi, S->mk[d], target);
            v.base = u;
            v.len = gen_next(&g[d], u, ulen);
            S->want = u;
            S->want_len = v.len;
            if (iw_mpa_tx(&from->c, &v, 1) != IW_OK || iw_mpa_tx_busy(&from->c) || S->want) {
                fprintf(stderr, "  %s: iw_mpa_tx failed, round %d dir %d\n", sc->name, r, d);
                goto fail;
            }
            if (ep_pipe(from, mark, to) != IW_OK) {
                fprintf(stderr, "  %s: receiver refused round %d dir %d\n", sc->name, r, d);
                goto fail;
            }
        }
    }
    iw_mpa_close(&A->c);
    iw_mpa_close(&B->c);
    if (pcapw_close(&S->w) != 0) {
        fprintf(stderr, "  %s: pcap write failed\n", sc->name);
        return 0;
    }
    if (A->f.errors || B->f.errors || S->bad) {
        fprintf(stderr, "  %s: errors %d/%d, trace problems %d\n", sc->name, A->f.errors, B->f.errors,
                S->bad);
        return 0;
    }
    return 1;
fail:
    (void)pcapw_close(&S->w);
    return 0;
}

/* ---- tshark ---- */

#define TSHARK_OPTS                                                                               \
    "-o tcp.try_heuristic_first:TRUE -o tcp.relative_sequence_numbers:TRUE "                      \
    "-o tcp.analyze_sequence_numbers:TRUE -o tcp.check_checksum:TRUE -o ip.check_checksum:TRUE "  \
    "--enable-heuristic iwarp_mpa_tcp --disable-heuristic rpcrdma_iwarp "                         \
    "--disable-heuristic smb_direct_iwarp"

/* What tshark decoded in one packet. */
typedef struct wsframe {
    unsigned sport;
    long tcplen;
    int req, rep, rev;
    unsigned res;
    int nfpdu, good, bad, nraw;
    unsigned long ulen, raw;
    int nmk, mkres;
    unsigned mkptr[MAXM], mkpos[MAXM];
    int nop;
    unsigned op, qn, msn, rdsz;
    int has_qn, has_msn, has_rdsz;
    int cks_bad;
    int malformed;
    int experts;       /* expert items in the tree, Warning or worse */
} wsframe;

typedef struct wsview {
    wsframe f[MAXF + 1];
    unsigned long nframes;
    /* the expert tap (-z expert): counts per severity and the known messages */
    long errors, warns, notes;
    long w_res, w_rev, n_known;
    int tap_seen;
} wsview;

static wsview *V;

static unsigned long xnum(const char *line, const char *key) { return (unsigned long)pdml_num(line, key, 0); }

/* Decode build/wireshark/NAME.pcap into V. 0 on failure (reported). */
static int tshark_read(const char *name)
{
    static char line[65536]; /* PDML lines carry payload hex: up to ~7 KiB here */
    char cmd[1024], path[256], emsg[256] = "";
    FILE *p, *save;
    wsframe *cur = NULL;
    int in_tap = 0, sev = 0, rc;
    memset(V, 0, sizeof *V);
    if (!pdml_tshark_ok(": MPA-076 cannot be checked")) return 0;
    snprintf(cmd, sizeof cmd,
             "mkdir -p " WS_DIR "/profile && WIRESHARK_CONFIG_DIR=" WS_DIR "/profile "
             "tshark -r " WS_DIR "/%s.pcap " TSHARK_OPTS " -T pdml -z expert 2>" WS_DIR "/%s.err",
             name, name);
    p = popen(cmd, "r");
    if (!p) return 0;
    snprintf(path, sizeof path, WS_DIR "/%s.pdml", name);
    save = fopen(path, "w");
    while (fgets(line, sizeof line, p)) {
        if (save) fputs(line, save);
        if (!in_tap) {
            if (strstr(line, "</pdml>")) {
                in_tap = 1;
                sev = 0;
                continue;
            }
            if (strstr(line, "<packet>")) {
                cur = NULL;
                continue;
            }
            if (pdml_field_is(line, "num") && !cur) {
                unsigned long n = xnum(line, " show=");
                if (n >= 1 && n <= MAXF) {
                    cur = &V->f[n];
                    if (n > V->nframes) V->nframes = n;
                }
                continue;
            }
            if (!cur) continue;
            if (pdml_field_is(line, "tcp.srcport")) cur->sport = (unsigned)xnum(line, " show=");
            else if (pdml_field_is(line, "tcp.len")) cur->tcplen = (long)xnum(line, " show=");
            else if (pdml_field_is(line, "iwarp_mpa.key.req")) cur->req++;
            else if (pdml_field_is(line, "iwarp_mpa.key.rep")) cur->rep++;
            else if (pdml_field_is(line, "iwarp_mpa.rev")) cur->rev = (int)xnum(line, " show=");
            else if (pdml_field_is(line, "iwarp_mpa.res")) cur->res = (unsigned)xnum(line, " show=");
            else if (pdml_field_is(line, "iwarp_mpa.ulpdulength")) {
                cur->nfpdu++;
                cur->ulen = xnum(line, " show=");
            } else if (pdml_field_is(line, "iwarp_mpa.crc_check")) {
                if (strstr(line, "(Good CRC32)")) cur->good++;
                else cur->bad++;
            } else if (pdml_field_is(line, "iwarp_mpa.crc")) {
                cur->nraw++;
                cur->raw = xnum(line, " show=");
            } else if (pdml_field_is(line, "iwarp_mpa.marker_res")) {
                if (xnum(line, " show=") != 0) cur->mkres++;
            } else if (pdml_field_is(line, "iwarp_mpa.marker_fpduptr")) {
                if (cur->nmk < MAXM) {
                    cur->mkptr[cur->nmk] = (unsigned)xnum(line, " show=");
                    cur->mkpos[cur->nmk] = (unsigned)xnum(line, " pos=");
                }
                cur->nmk++;
            } else if (pdml_field_is(line, "iwarp_rdma.opcode")) {
                cur->nop++;
                cur->op = (unsigned)xnum(line, " show=");
            } else if (pdml_field_is(line, "iwarp_ddp.qn")) {
                cur->has_qn = 1;
                cur->qn = (unsigned)xnum(line, " show=");
            } else if (pdml_field_is(line, "iwarp_ddp.msn")) {
                cur->has_msn = 1;
                cur->msn = (unsigned)xnum(line, " show=");
            } else if (pdml_field_is(line, "iwarp_rdma.rdmardsz")) {
                cur->has_rdsz = 1;
                cur->rdsz = (unsigned)xnum(line, " show=");
            } else if (pdml_field_is(line, "tcp.checksum.status") || pdml_field_is(line, "ip.checksum.status")) {
                if (xnum(line, " show=") != 1) cur->cks_bad++; /* 1: Good */
            } else if (strstr(line, "<proto name=\"_ws.malformed\"")) {
                cur->malformed++;
            } else if (pdml_field_is(line, "_ws.expert.message")) {
                if (!pdml_attr(line, " show=", emsg, sizeof emsg)) emsg[0] = 0;
            } else if (pdml_field_is(line, "_ws.expert.severity")) {
                sev = (int)xnum(line, " show=");
                if (sev >= 0x00600000) { /* PI_WARN, PI_ERROR */
                    cur->experts++;
                    fprintf(stderr, "  %s frame %ld: expert (%s): %s\n", name, (long)(cur - V->f),
                            sev >= 0x00800000 ? "Error" : "Warning", emsg);
                }
            }
        } else {
            /* "Errors (N)", "Warns (N)", "Notes (N)", "Chats (N)", then rows
             * "  <frequency> <group> <protocol> <summary>" */
            long cnt;
            char grp[64], proto[64];
            int used = 0;
            V->tap_seen = 1;
            if (sscanf(line, "Errors (%ld)", &cnt) == 1) { V->errors = cnt; sev = 4; continue; }
            if (sscanf(line, "Warns (%ld)", &cnt) == 1) { V->warns = cnt; sev = 3; continue; }
            if (sscanf(line, "Notes (%ld)", &cnt) == 1) { V->notes = cnt; sev = 2; continue; }
            if (sscanf(line, "Chats (%ld)", &cnt) == 1) { sev = 1; continue; }
            if (sscanf(line, "Comments (%ld)", &cnt) == 1) { sev = 1; continue; }
            if (sscanf(line, " %ld %63s %63s %n", &cnt, grp, proto, &used) == 3 && used > 0) {
                const char *msg = line + used;
                if (sev == 3 && strcmp(proto, "IWARP_MPA") == 0 &&
                    strncmp(msg, "Res field is NOT set to zero as required by RFC 5044", 52) == 0)
                    V->w_res += cnt;
                else if (sev == 3 && strcmp(proto, "IWARP_MPA") == 0 &&
                         strncmp(msg, "Rev field is NOT set to one as required by RFC 5044", 51) == 0)
                    V->w_rev += cnt;
                else if (sev == 2 && strcmp(proto, "TCP") == 0 &&
                         (strncmp(msg, "This frame initiates the connection closing", 43) == 0 ||
                          strncmp(msg, "This frame undergoes the connection closing", 43) == 0))
                    V->n_known += cnt;
                else if (sev >= 2)
                    fprintf(stderr, "  %s: expert (%s): %s", name,
                            sev == 4 ? "Error" : sev == 3 ? "Warning" : "Note", line);
            }
        }
    }
    if (save) fclose(save);
    rc = pclose(p);
    if (rc != 0) {
        fprintf(stderr, "  tshark failed on %s (status %d); see " WS_DIR "/%s.err\n", name, rc, name);
        return 0;
    }
    if (V->nframes == 0) {
        fprintf(stderr, "  tshark decoded no packet of %s\n", name);
        return 0;
    }
    return 1;
}

/* ---- the comparison ---- */

typedef struct verdict {
    int problems;
    int fpdus[2], decoded[2], good, bad, markers_checked;
    int undecoded_dir[2]; /* Wireshark 4.0 one-way-marker limitation seen in this direction */
    int cov_lead, cov_at4, cov_crc; /* marker coverage: at an FPDU start, at offset 4, before CRC */
    int mk_wrong;         /* markers decoded with another FPDUPTR or at another place */
} verdict;

#define PROBLEM(...)                                                                              \
    do {                                                                                          \
        fprintf(stderr, "  " __VA_ARGS__);                                                        \
        fputc('\n', stderr);                                                                      \
        vd->problems++;                                                                           \
    } while (0)

/* Expert infos (MPA-076): Errors none; Warnings only the two RFC 5044 Request messages, each as
 * many times as Wireshark emits it per Request whose Res bits are set / whose Rev is not 1; Notes
 * only the two TCP teardown notes.
 * Wireshark 4.0 emits each Request message twice per Request: its heuristic (is_mpa_req on the
 * TCP conversation) and then its PDU dissector (is_mpa_req again, after setting the port type to
 * PT_IWARP_MPA, which finds a new conversation with no MPA state) both create a state and warn;
 * with two-pass dissection (-2) neither reaches the tap. The messages are not in the tree (no
 * proto item), so only the tap sees them. Accepted: k per Request, the same k for both
 * messages, k = 1 or 2. */
static void expert_check(const char *name, int nres, int nrev, verdict *vd)
{
    long k;
    if (!V->tap_seen) PROBLEM("%s: no expert tap output from tshark", name);
    if (V->errors) PROBLEM("%s: %ld expert Error(s) (Malformed included)", name, V->errors);
    if (V->warns != V->w_res + V->w_rev)
        PROBLEM("%s: %ld unexpected Warning(s)", name, V->warns - V->w_res - V->w_rev);
    if (V->notes != V->n_known) PROBLEM("%s: %ld unexpected Note(s)", name, V->notes - V->n_known);
    k = nres ? V->w_res / nres : nrev ? V->w_rev / nrev : 0;
    if (nres == 0 && V->w_res)
        PROBLEM("%s: %ld Res-field warnings, no Request has Res bits set", name, V->w_res);
    if (nrev == 0 && V->w_rev)
        PROBLEM("%s: %ld Rev-field warnings, no Request has Rev != 1", name, V->w_rev);
    if (nres && (V->w_res != k * nres || k < 1 || k > 2))
        PROBLEM("%s: %ld Res-field warnings for %d Request(s)", name, V->w_res, nres);
    if (nrev && (V->w_rev != k * nrev || k < 1 || k > 2))
        PROBLEM("%s: %ld Rev-field warnings for %d Request(s) (k = %ld)", name, V->w_rev, nrev, k);
}

/* Compare the capture as tshark decoded it with what was sent. */
static void compare(const scen *sc, verdict *vd)
{
    static char used[MAXF + 1];
    int nres = 0, nrev = 0, d;
    unsigned long f;
    size_t i, m;
    memset(vd, 0, sizeof *vd);
    memset(used, 0, sizeof used);
    /* In a one-way-marker capture Wireshark 4.0 cannot frame the unmarked direction. */
    for (d = 0; d < 2; d++) {
        int any = 0;
        if (!(S->mk[d ^ 1] && !S->mk[d])) continue;
        for (i = 0; i < S->n; i++)
            if (S->it[i].dir == (unsigned)d && S->it[i].fpdu && S->it[i].frame <= MAXF &&
                V->f[S->it[i].frame].nfpdu)
                any = 1;
        vd->undecoded_dir[d] = !any;
    }
    for (i = 0; i < S->n; i++) {
        const item *it = &S->it[i];
        const wsframe *w;
        unsigned sport = it->dir ? PCAPW_RES_PORT : PCAPW_INI_PORT;
        f = it->frame;
        if (f == 0 || f > MAXF) {
            PROBLEM("%s: item %zu has no frame", sc->name, i);
            continue;
        }
        used[f] = 1;
        w = &V->f[f];
        if (w->sport != sport || w->tcplen != (long)it->len)
            PROBLEM("%s frame %lu: port %u len %ld, sent port %u len %zu", sc->name, f, w->sport,
                    w->tcplen, sport, it->len);
        if (w->cks_bad) PROBLEM("%s frame %lu: bad IP or TCP checksum", sc->name, f);
        if (w->malformed || w->experts) PROBLEM("%s frame %lu: malformed or expert info", sc->name, f);
        if (!it->fpdu) {
            int want_req = it->dir == 0;
            if (w->req != want_req || w->rep != !want_req || w->nfpdu || w->rev != it->rev ||
                w->res != (it->flags & 0x1Fu))
                PROBLEM("%s frame %lu: %s not decoded as sent (req %d rep %d rev %d res 0x%x)",
                        sc->name, f, want_req ? "Request" : "Reply", w->req, w->rep, w->rev, w->res);
            if (want_req && (it->flags & 0x1Fu)) nres++;
            if (want_req && it->rev != 1) nrev++;
            continue;
        }
        vd->fpdus[it->dir]++;
        if (vd->undecoded_dir[it->dir]) {
            if (w->nfpdu || w->req || w->rep) PROBLEM("%s frame %lu: partly decoded", sc->name, f);
            continue;
        }
        if (w->nfpdu != 1) {
            PROBLEM("%s frame %lu: %d FPDUs decoded, 1 sent (dir %u, ULPDU_Length %zu)", sc->name, f,
                    w->nfpdu, it->dir, it->ulen);
            continue;
        }
        vd->decoded[it->dir]++;
        if (w->ulen != it->ulen)
            PROBLEM("%s frame %lu: ULPDU_Length %lu, sent %zu", sc->name, f, w->ulen, it->ulen);
        if (w->nop != 1 || w->op != it->op)
            PROBLEM("%s frame %lu: RDMAP opcode %u (%d), sent %u", sc->name, f, w->op, w->nop, it->op);
        vd->good += w->good;
        vd->bad += w->bad;
        if (S->crc) {
            if (w->good != 1 || w->bad || w->nraw)
                PROBLEM("%s frame %lu: CRC not \"Good CRC32\" (good %d bad %d)", sc->name, f, w->good,
                        w->bad);
        } else if (w->good || w->bad || w->nraw != 1 || w->raw != 0) {
            PROBLEM("%s frame %lu: CRC off, the CRC field must be 0 and unchecked (MPA-027)",
                    sc->name, f);
        }
        /* markers as Wireshark reads them (MPA-062a, MPA-063, MPA-064, MPA-065) */
        if (w->nmk != (int)it->nm) {
            PROBLEM("%s frame %lu: %d markers decoded, %zu expected", sc->name, f, w->nmk, it->nm);
        } else {
            for (m = 0; m < it->nm && m < MAXM; m++) {
                vd->markers_checked++;
                if (w->mkpos[m] != WS_HDRS + it->mo[m] + 2u || w->mkptr[m] != it->mp[m]) {
                    vd->mk_wrong++;
                    PROBLEM("%s frame %lu: marker %zu FPDUPTR %u at %u, expected %u at %zu", sc->name,
                            f, m, w->mkptr[m], w->mkpos[m], it->mp[m], WS_HDRS + it->mo[m] + 2u);
                }
                if (it->mo[m] == 0 && it->off != 0) vd->cov_lead++;
                if (it->mo[m] == 4) vd->cov_at4++;
                if (it->mo[m] + 8u == it->len) vd->cov_crc++;
            }
            if (w->mkres) PROBLEM("%s frame %lu: marker reserved bits not 0 (MPA-062a)", sc->name, f);
        }
    }
    /* packets that carry nothing of MPA: the handshake, ACKs, the teardown */
    for (f = 1; f <= V->nframes; f++) {
        const wsframe *w = &V->f[f];
        if (used[f]) continue;
        if (w->tcplen != 0 || w->nfpdu || w->req || w->rep)
            PROBLEM("%s frame %lu: unexpected payload or MPA decode", sc->name, f);
        if (w->cks_bad || w->malformed || w->experts)
            PROBLEM("%s frame %lu: checksum or expert", sc->name, f);
    }
    if (V->nframes != S->w.f.packets)
        PROBLEM("%s: tshark read %lu packets, %lu written", sc->name, V->nframes, S->w.f.packets);
    for (d = 0; d < 2; d++)
        if (!vd->undecoded_dir[d] && vd->decoded[d] != vd->fpdus[d])
            PROBLEM("%s: dir %d: %d FPDUs decoded, %d sent", sc->name, d, vd->decoded[d], vd->fpdus[d]);
    if (S->crc && (vd->good != vd->decoded[0] + vd->decoded[1] || vd->bad))
        PROBLEM("%s: %d Good CRC32, %d bad, %d FPDUs decoded", sc->name, vd->good, vd->bad,
                vd->decoded[0] + vd->decoded[1]);
    expert_check(sc->name, nres, nrev, vd);
}

/* Build, decode, compare; returns the verdict's problem count (or -1 before tshark could run). */
static int check_scenario(const scen *sc, verdict *vd)
{
    memset(vd, 0, sizeof *vd);
    if (!pdml_tshark_ok(": MPA-076 cannot be checked")) return -1;
    if (!run_scenario(sc, 0, 0, 0)) return -1;
    if (!tshark_read(sc->name)) return -1;
    compare(sc, vd);
    if (getenv("WS_DEBUG"))
        fprintf(stderr, "  %s: fpdus %d/%d decoded %d/%d good %d markers %d (lead %d at4 %d crc %d) "
                        "undecoded %d/%d warns res %ld rev %ld\n", sc->name, vd->fpdus[0], vd->fpdus[1],
                vd->decoded[0], vd->decoded[1], vd->good, vd->markers_checked, vd->cov_lead, vd->cov_at4,
                vd->cov_crc, vd->undecoded_dir[0], vd->undecoded_dir[1], V->w_res, V->w_rev);
    return vd->problems;
}

/* ---- tests ---- */

static const scen sc_a = {"a_rev2_crc", 2, 1, 1, 0, 0, 0, 12, 18, 300};
static const scen sc_b = {"b_rev2_crc_markers", 2, 1, 1, 1, 1, 0, 32, 100, 1400};
static const scen sc_c = {"c_rev1_nocrc", 1, 0, 0, 0, 0, 0, 12, 18, 300};
static const scen sc_dw = {"d_p2p_write_rtr", 2, 1, 1, 0, 0, IW_MPA_RTR_WRITE, 8, 18, 300};
static const scen sc_dr = {"d_p2p_read_rtr", 2, 1, 0, 0, 0, IW_MPA_RTR_READ, 8, 18, 300};
static const scen sc_ds = {"d_p2p_send_rtr", 2, 0, 1, 0, 0, IW_MPA_RTR_SEND, 8, 18, 300};
static const scen sc_ei = {"e_markers_to_initiator", 2, 1, 1, 1, 0, 0, 24, 100, 1400};
static const scen sc_er = {"e_markers_to_responder", 2, 1, 1, 0, 1, 0, 24, 100, 1400};

static void t_rev2_crc(void) /* MPA-076 */
{
    verdict vd;
    REQUIRE(check_scenario(&sc_a, &vd) == 0);
    CHECK(vd.fpdus[0] == sc_a.rounds && vd.fpdus[1] == sc_a.rounds);
    CHECK_EQ(vd.good, 2 * sc_a.rounds);
}

static void t_rev2_crc_markers(void) /* MPA-076 MPA-054 MPA-062a MPA-063 MPA-064 MPA-065 */
{
    verdict vd;
    REQUIRE(check_scenario(&sc_b, &vd) == 0);
    CHECK_EQ(vd.good, 2 * sc_b.rounds); /* CRC over the markers inside (MPA-054) */
    CHECK(vd.markers_checked >= 2 * 40);
    /* the layouts MPA-064 names were all on the wire and read back by Wireshark */
    CHECK(vd.cov_lead >= 2);
    CHECK(vd.cov_at4 >= 2);
    CHECK(vd.cov_crc >= 2);
}

static void t_rev1_nocrc(void) /* MPA-076 MPA-027 */
{
    verdict vd;
    REQUIRE(check_scenario(&sc_c, &vd) == 0);
    CHECK(vd.fpdus[0] == sc_c.rounds && vd.fpdus[1] == sc_c.rounds);
    CHECK_EQ(vd.good, 0);
}

/* The first FPDU of each direction, as tshark decoded it. */
static const wsframe *first_fpdu(unsigned dir)
{
    size_t i;
    for (i = 0; i < S->n; i++)
        if (S->it[i].dir == dir && S->it[i].fpdu) return &V->f[S->it[i].frame];
    return NULL;
}

static void t_p2p_write_rtr(void) /* MPA-076 */
{
    verdict vd;
    const wsframe *w;
    REQUIRE(check_scenario(&sc_dw, &vd) == 0);
    CHECK_EQ(vd.fpdus[0], sc_dw.rounds + 1);
    w = first_fpdu(0);
    REQUIRE(w != NULL);
    CHECK_EQ(w->ulen, 14); /* MPA-040b: zero-length tagged RDMA Write */
    CHECK_EQ(w->op, 0); /* MPA-040b */
}

static void t_p2p_read_rtr(void) /* MPA-076 */
{
    verdict vd;
    const wsframe *w;
    REQUIRE(check_scenario(&sc_dr, &vd) == 0);
    CHECK_EQ(vd.fpdus[0], sc_dr.rounds + 1);
    CHECK_EQ(vd.fpdus[1], sc_dr.rounds + 1);
    w = first_fpdu(0); /* zero-length RDMA Read Request: QN 1, MSN 1, RDMARDSZ 0 */
    REQUIRE(w != NULL);
    CHECK_EQ(w->op, 1);
    CHECK(w->has_qn && w->qn == 1 && w->has_msn && w->msn == 1 && w->has_rdsz && w->rdsz == 0); /* MPA-040c */
    w = first_fpdu(1); /* the Responder's first FPDU: the zero-length Read Response */
    REQUIRE(w != NULL);
    CHECK_EQ(w->op, 2); /* MPA-042a */
    CHECK_EQ(w->ulen, 14); /* MPA-042a */
}

static void t_p2p_send_rtr(void) /* MPA-076 */
{
    verdict vd;
    const wsframe *w;
    REQUIRE(check_scenario(&sc_ds, &vd) == 0);
    w = first_fpdu(0); /* zero-length Send: QN 0, MSN 1 */
    REQUIRE(w != NULL);
    CHECK_EQ(w->op, 3);
    CHECK_EQ(w->ulen, 18);
    CHECK(w->has_qn && w->qn == 0 && w->has_msn && w->msn == 1); /* MPA-040a */
}

static void one_way(const scen *sc, unsigned marked) /* marked: the direction with markers */
{
    verdict vd;
    REQUIRE(check_scenario(sc, &vd) == 0);
    CHECK(!vd.undecoded_dir[marked]);
    CHECK_EQ(vd.decoded[marked], sc->rounds);
    CHECK(vd.markers_checked >= 20);
    /* the unmarked direction: all decoded without markers, or (Wireshark 4.0) none */
    CHECK(vd.undecoded_dir[marked ^ 1u] ? vd.decoded[marked ^ 1u] == 0
                                        : vd.decoded[marked ^ 1u] == sc->rounds);
}

static void t_markers_to_initiator(void) /* MPA-076 MPA-054 MPA-063 MPA-065 */
{
    one_way(&sc_ei, 1);
}

static void t_markers_to_responder(void) /* MPA-076 MPA-054 MPA-063 MPA-065 */
{
    one_way(&sc_er, 0);
}

/* Negative control: the same checker on captures damaged on purpose (in the copy written to the
 * file, not on the connection) must report exactly the damage: one CRC and one FPDUPTR in a
 * marker capture; a DDP header made too short for its ULPDU (tshark: Malformed). */
static void t_checker_catches_damage(void)
{
    verdict vd;
    size_t i;
    int mk_item = 0;
    scen bad;
    REQUIRE(pdml_tshark_ok(": MPA-076 cannot be checked"));
    /* find, in a dry run, an FPDU with two or more markers */
    REQUIRE(run_scenario(&sc_b, 0, 0, 0));
    for (i = 4; i < S->n && !mk_item; i++)
        if (S->it[i].fpdu && S->it[i].nm > 1) mk_item = (int)i + 1;
    REQUIRE(mk_item != 0);
    fprintf(stderr, "  (negative control: the problems below are expected)\n");
    bad = sc_b;
    bad.name = "neg_bad_crc_and_fpduptr";
    REQUIRE(run_scenario(&bad, 4, mk_item, 0)); /* item 4: the Responder's first FPDU */
    REQUIRE(tshark_read(bad.name));
    compare(&bad, &vd);
    CHECK_EQ(vd.bad, 1);      /* "Bad CRC32" on the damaged CRC */
    CHECK_EQ(vd.mk_wrong, 1); /* the damaged FPDUPTR, read where the walker puts it */
    CHECK_EQ(vd.problems, 3); /* those two, and the Good CRC32 total */
    bad = sc_dw;
    bad.name = "neg_malformed_ddp";
    REQUIRE(run_scenario(&bad, 0, 0, 3)); /* item 3: the Write RTR, 14 octets, made untagged */
    REQUIRE(tshark_read(bad.name));
    compare(&bad, &vd);
    CHECK_EQ(V->errors, 1);
    CHECK(V->f[S->it[2].frame].malformed > 0);
    CHECK(vd.problems >= 2); /* the frame and the expert tap */
}

static const check_test tests[] = {
    {"wireshark a: rev 2, CRC, no markers MPA-076", t_rev2_crc},
    {"wireshark b: rev 2, CRC, markers both ways MPA-076 MPA-054 MPA-062a MPA-063 MPA-064 MPA-065",
     t_rev2_crc_markers},
    {"wireshark c: rev 1, no CRC MPA-076 MPA-027", t_rev1_nocrc},
    {"wireshark d: peer-to-peer, Write RTR MPA-076", t_p2p_write_rtr},
    {"wireshark d: peer-to-peer, Read RTR MPA-076", t_p2p_read_rtr},
    {"wireshark d: peer-to-peer, Send RTR MPA-076", t_p2p_send_rtr},
    {"wireshark e: markers toward the Initiator only MPA-076 MPA-054 MPA-063 MPA-065",
     t_markers_to_initiator},
    {"wireshark e: markers toward the Responder only MPA-076 MPA-054 MPA-063 MPA-065",
     t_markers_to_responder},
    {"wireshark checker catches a bad CRC, a bad FPDUPTR, a malformed DDP header (negative control)",
     t_checker_catches_damage},
};

int main(int argc, char **argv)
{
    int rc;
    A = (endpoint *)calloc(1, sizeof *A);
    B = (endpoint *)calloc(1, sizeof *B);
    S = (session *)calloc(1, sizeof *S);
    V = (wsview *)calloc(1, sizeof *V);
    if (!A || !B || !S || !V) return 2;
    rc = CHECK_RUN(tests);
    free(A);
    free(B);
    free(S);
    free(V);
    return rc;
}
