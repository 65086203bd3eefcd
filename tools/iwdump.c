/* SPDX-License-Identifier: MIT */
/* tools/iwdump.c: `iwdump [options] FILE` decodes the iWARP traffic in a capture (pcap or
 * pcapng) with the project's own parsers: mpa.h (Request/Reply codec iw_mpa_frame_decode,
 * iw_mpa_pad, CRC32c), ddp.h (iw_ddp_hdr_decode) and rdmap.h (iw_rdmap_term_decode,
 * iw_rdmap_term_str). `iwdump --help` lists the options; docs/tools.md describes the output.
 *
 * The reader examples/posix/iw_pcap_read.h rebuilds every TCP connection into two byte streams
 * (0: from the side that sent the SYN, 1: back), however many there are. A direction that
 * starts with the MPA Request key (RFC 5044 §7.1) is the Initiator's, the other must start with
 * the Reply; then both carry FPDUs (RFC 5044 §4): ULPDU_Length, ULPDU, PAD, CRC. A direction
 * carries markers iff the peer's frame had M = 1 (§7.1.1); markers sit at every 512th octet
 * from the first octet after the frame (§5) and are stripped here, each FPDUPTR checked. The
 * CRC is checked when either frame had C = 1 (§7.1.1), over the FPDU as sent, markers included
 * (§4, §5). PAD octets must be sent as zero (§4.1); non-zero ones are a WARNING (siw sends them).
 *
 * Output: one line per frame or FPDU (pcap frame number of its first octet, connection,
 * direction, stream offset), then one summary line per connection: FPDUs per direction, CRC
 * good/bad/none, errors, warnings and messages (FPDUs with the DDP Last flag) per RDMAP opcode.
 * -s prints only the summaries, --json one JSON document instead, -c N only connection N.
 * Exit status: 0 when everything decoded cleanly (warnings allowed); 1 on any protocol error
 * (bad CRC, malformed frame or FPDU, marker error, DDP or RDMAP version not 1, reserved opcode,
 * truncated stream), on a connection whose start is not in the capture (decoded from the first
 * segment where a chain of FPDUs holds up, the segments before it counted), on a capture with no
 * MPA connection and on a file cut off in its last record (decoded up to the cut); 2 when the
 * file cannot be opened or is not pcap/pcapng, or on a bad command line. Lines with an error
 * carry an upper-case word (BAD, ERROR, MALFORMED); warnings the word WARNING. */
#define _POSIX_C_SOURCE 200809L /* getaddrinfo in tools/cli.h, getopt_long */
#define IWARP_IMPLEMENTATION
#include "rdmap.h"
#include "examples/posix/iw_pcap_read.h"
#include "tools/cli.h"
#include <getopt.h>
#include <stdarg.h>

#define MAXFPDU (2u + 65535u + 3u + 4u) /* ULPDU_Length, ULPDU, PAD, CRC (RFC 5044 §4) */

static const char *const op_name[16] = {
    "RDMA Write", "RDMA Read Request", "RDMA Read Response", "Send", "Send with Invalidate",
    "Send with SE", "Send with SE and Invalidate", "Terminate",
    "Immediate Data", "Immediate Data with SE", "Atomic Request", "Atomic Response", /* RFC 7306 */
    "reserved 0xc", "reserved 0xd", "reserved 0xe", "reserved 0xf"};


static uint32_t be16(const uint8_t *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t be32(const uint8_t *p) { return be16(p) << 16 | be16(p + 2); }
static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* The lines of one connection, printed sorted by (frame, direction, offset) so that both
 * directions interleave as captured. */
typedef struct line {
    unsigned long frame;
    int dir;
    size_t off;
    char *text;
} line;
static line *LN;
static size_t NLN, CAPLN;
static char cur[2048];
static size_t curlen;
static int quiet_lines; /* -s / --json: no per-frame lines (nothing is formatted) */

/* Append to the line being built. */
#if defined(__GNUC__) || defined(__clang__)
static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
static void out(const char *fmt, ...)
{
    va_list ap;
    int r;
    if (quiet_lines) return;
    va_start(ap, fmt);
    r = vsnprintf(cur + curlen, sizeof cur - curlen, fmt, ap);
    va_end(ap);
    if (r > 0) curlen += (size_t)r;
    if (curlen >= sizeof cur) curlen = sizeof cur - 1;
}
/* Start a line for (frame, dir, off). */
static void begin(unsigned long frame, int ci, int d, size_t off)
{
    if (quiet_lines) return;
    curlen = 0;
    cur[0] = 0;
    out("frame %lu conn %d dir %d @%zu: ", frame, ci, d, off);
    if (NLN == CAPLN) {
        size_t nc = CAPLN ? 2 * CAPLN : 256;
        line *nl = (line *)realloc(LN, nc * sizeof *nl);
        if (!nl) {
            fprintf(stderr, "iwdump: out of memory\n");
            exit(2);
        }
        LN = nl;
        CAPLN = nc;
    }
    LN[NLN].frame = frame;
    LN[NLN].dir = d;
    LN[NLN].off = off;
    LN[NLN].text = NULL;
}
/* End the line begun last. */
static void end(void)
{
    char *t;
    if (quiet_lines) return;
    t = (char *)malloc(curlen + 1);
    if (!t) {
        fprintf(stderr, "iwdump: out of memory\n");
        exit(2);
    }
    memcpy(t, cur, curlen + 1);
    LN[NLN++].text = t;
}
static int line_cmp(const void *a, const void *b)
{
    const line *x = (const line *)a, *y = (const line *)b;
    if (x->frame != y->frame) return x->frame < y->frame ? -1 : 1;
    if (x->dir != y->dir) return x->dir < y->dir ? -1 : 1;
    return x->off < y->off ? -1 : x->off > y->off;
}
static void flush_lines(void)
{
    size_t i;
    if (NLN > 1) qsort(LN, NLN, sizeof *LN, line_cmp);
    for (i = 0; i < NLN; i++) {
        printf("%s\n", LN[i].text);
        free(LN[i].text);
    }
    NLN = 0;
}

/* What one connection gave. */
typedef struct tally {
    unsigned long fpdus[2], good, bad, none, errors, warnings;
    unsigned long msgs[16];
} tally;

/* pcap frame holding stream offset off of direction d (0 when no segment has it): a binary
 * search of the reader's piece index (linear time overall, where a scan of the segments made
 * the whole decode quadratic in the FPDU count). */
static unsigned long frame_of(const pcap_stream *s, size_t off) { return pcap_frame_at(s, off); }

/* Decode one direction's Request or Reply; returns its length (0: not MPA), fills *f. */
static size_t decode_frame(const pcap_stream *s, unsigned kind, iw_mpa_frame *f, iw_status *st)
{
    size_t used = 0;
    if (s->len < IW_MPA_KEY_LEN) {
        *st = IW_EAGAIN;
        return 0;
    }
    *st = iw_mpa_frame_decode(s->data, s->len, kind, f, &used);
    return *st == IW_OK ? used : 0;
}

static void print_frame(unsigned long frame, int ci, int d, const iw_mpa_frame *f, size_t used)
{
    begin(frame, ci, d, 0);
    out("MPA %s rev %u flags 0x%02x (M=%d C=%d R=%d H=%d) PD %zu",
        f->kind == IW_MPA_REQUEST ? "Request" : "Reply", f->rev, f->flags,
           !!(f->flags & IW_MPA_FLAG_M), !!(f->flags & IW_MPA_FLAG_C), !!(f->flags & IW_MPA_FLAG_R),
           !!(f->flags & IW_MPA_FLAG_H), used - IW_MPA_FRAME_HDR);
    if (f->enhanced) /* RFC 6581 §3: IRD word P, Send-RTR; ORD word Write-RTR, Read-RTR */
        out(" IRD %u ORD %u P2P=%d RTR%s%s%s%s", f->ird_word & IW_MPA_IRDORD_MAX,
               f->ord_word & IW_MPA_IRDORD_MAX, !!(f->ird_word & IW_MPA_IRD_P2P),
               (f->ird_word & IW_MPA_IRD_RTR_SEND) ? " Send" : "",
               (f->ord_word & IW_MPA_ORD_RTR_WRITE) ? " Write" : "",
               (f->ord_word & IW_MPA_ORD_RTR_READ) ? " Read" : "",
               (f->ird_word & IW_MPA_IRD_RTR_SEND) ||
                       (f->ord_word & (IW_MPA_ORD_RTR_WRITE | IW_MPA_ORD_RTR_READ))
                   ? ""
                   : " none");
    end();
}

/* Walk the FPDUs of direction d from stream offset start (SeqStart). */
static void walk(const pcap_stream *s, int ci, int d, size_t start, int markers, int crc_on,
                 tally *t)
{
    static uint8_t u[MAXFPDU]; /* the FPDU with its markers stripped */
    size_t w = start;
    while (w < s->len) {
        size_t fstart = w, lenpos, have = 0, need = 2, crcpos = 0, nmk = 0;
        unsigned long frame = frame_of(s, w);
        int mk_err = 0, trunc = 0;
        uint32_t L = 0;
        iw_ddp_hdr h;
        size_t hlen = 0;
        /* a marker at the FPDU's first octet belongs to it, FPDUPTR 0 (RFC 5044 §5) */
        if (markers && ((w - start) & 511u) == 0) {
            if (w + 4 > s->len) {
                trunc = 1;
                break;
            }
            if ((be16(s->data + w + 2) & 0xFFFCu) != 0) mk_err = 1;
            w += 4;
            nmk++;
        }
        lenpos = w;
        while (have < need) {
            if (w >= s->len) {
                trunc = 1;
                break;
            }
            if (markers && ((w - start) & 511u) == 0) { /* marker inside: FPDUPTR to lenpos */
                if (w + 4 > s->len) {
                    trunc = 1;
                    break;
                }
                if ((be16(s->data + w + 2) & 0xFFFCu) != (uint32_t)(w - lenpos)) mk_err = 1;
                w += 4;
                nmk++;
                continue;
            }
            if (need - have == IW_MPA_CRC_LEN && !crcpos) crcpos = w;
            u[have++] = s->data[w++];
            if (have == 2 && need == 2) {
                L = be16(u);
                need = 2u + L + iw_mpa_pad(L) + IW_MPA_CRC_LEN;
            }
        }
        begin(frame, ci, d, fstart);
        if (trunc) {
            out("FPDU truncated (%zu of %zu octets in the capture): ERROR", have, need);
            end();
            t->errors++;
            break;
        }
        t->fpdus[d]++;
        out("FPDU ulpdu %u", (unsigned)L);
        if (nmk) out(" markers %zu", nmk);
        if (!crc_on) {
            out(" crc none");
            t->none++;
        } else {
            uint32_t want = iw_crc32c(0, s->data + fstart, crcpos - fstart); /* §4 */
            uint32_t got = le32(u + need - 4);
            if (want == got) {
                out(" crc good");
                t->good++;
            } else {
                out(" crc BAD (field 0x%08x, computed 0x%08x)", (unsigned)got, (unsigned)want);
                t->bad++;
                t->errors++;
            }
        }
        if (mk_err) {
            out(" MARKER ERROR (FPDUPTR)");
            t->errors++;
        }
        { /* RFC 5044 §4.1: the sender MUST set PAD to zero; a receiver need not check */
            size_t k, pad = iw_mpa_pad(L);
            int nz = 0;
            for (k = 0; k < pad; k++) nz |= u[2 + L + k];
            if (nz) {
                out(" PAD not zero (RFC 5044 §4.1): WARNING");
                t->warnings++;
            }
        }
        if (iw_ddp_hdr_decode(u + 2, L, &h, &hlen) != IW_OK) { /* RFC 5041 §4 */
            out(" | DDP header MALFORMED (%u octets)", (unsigned)L);
            end();
            t->errors++;
            continue;
        }
        if (h.tagged) /* RFC 5041 §4.2 */
            out(" | DDP T L=%d DV=%u STag 0x%08x TO 0x%016llx", h.last, h.dv, (unsigned)h.stag,
                   (unsigned long long)h.to);
        else /* §4.3 */
            out(" | DDP U L=%d DV=%u QN %u MSN %u MO %u", h.last, h.dv, (unsigned)h.qn,
                   (unsigned)h.msn, (unsigned)h.mo);
        {
            unsigned op = h.ulp & IW_RDMAP_OP_MASK;
            const uint8_t *body = u + 2 + hlen;
            size_t blen = L - hlen;
            out(" | RDMAP v%u %s, %zu octets", (unsigned)(h.ulp >> 6), op_name[op], blen);
            /* DV 01b (RFC 5041 §4.1), RDMAP version 01b and opcodes 0x0-0xB (RFC 5040 §4.2,
             * RFC 7306 §10): anything else is a protocol error */
            if (h.dv != IW_DDP_VERSION || (h.ulp >> 6) != IW_RDMAP_RV ||
                op > IW_RDMAP_OP_ATOMIC_RESP) {
                out(" VERSION/OPCODE ERROR");
                t->errors++;
            }
            if (op == IW_RDMAP_OP_SEND_INV || op == IW_RDMAP_OP_SEND_SE_INV)
                out(", Invalidate STag 0x%08x", (unsigned)h.ulp32);
            if (op == IW_RDMAP_OP_READ_REQ && blen >= IW_RDMAP_READ_REQ_HDR) /* RFC 5040 §4.4 */
                out(", sink 0x%08x/0x%08x%08x size %u src 0x%08x/0x%08x%08x",
                       (unsigned)be32(body), (unsigned)be32(body + 4), (unsigned)be32(body + 8),
                       (unsigned)be32(body + 12), (unsigned)be32(body + 16),
                       (unsigned)be32(body + 20), (unsigned)be32(body + 24));
            if (op == IW_RDMAP_OP_TERMINATE) { /* RFC 5040 §4.8 */
                iw_rdmap_term_info ti;
                if (iw_rdmap_term_decode(body, blen, &ti) != IW_OK) {
                    out(", Terminate MALFORMED");
                    t->errors++;
                } else {
                    out(", layer %u %s, type %u %s, code 0x%02x %s%s%s%s", ti.term.layer,
                           iw_rdmap_term_layer_str(ti.term.layer), ti.term.etype,
                           iw_rdmap_term_etype_str(ti.term), ti.term.ecode,
                           iw_rdmap_term_str(ti.term), ti.m ? " M" : "", ti.d ? " D" : "",
                           ti.r ? " R" : "");
                }
            }
            if (h.last) t->msgs[op]++;
        }
        end();
    }
}

/* A connection whose start is not in the capture: where do FPDUs start? Like tshark, try the
 * start of each captured segment in turn and take the first where a chain of FPDUs holds up:
 * up to 3 in a row (or all up to the end of the stream) whose DDP header decodes with DDP and
 * RDMAP version 1 and an opcode in use (RFC 5041 §4, RFC 5040 §4.3). No markers are assumed.
 * Returns the offset (or s->len: none found); *crc: the CRC field was right in every one. */
static size_t resync(const pcap_stream *s, int *crc, size_t *skipped)
{
    size_t i;
    for (i = 0; i < s->npieces; i++) {
        size_t off = s->pieces[i].off, w = off;
        int n = 0, good = 0;
        while (n < 3 && w + 2 <= s->len) {
            uint32_t L = be16(s->data + w);
            size_t flen = 2u + L + iw_mpa_pad(L) + IW_MPA_CRC_LEN, hlen = 0;
            iw_ddp_hdr h;
            unsigned op;
            if (w + flen > s->len) break;
            if (iw_ddp_hdr_decode(s->data + w + 2, L, &h, &hlen) != IW_OK) break;
            op = h.ulp & IW_RDMAP_OP_MASK;
            if (h.dv != IW_DDP_VERSION || (h.ulp >> 6) != IW_RDMAP_RV || op > IW_RDMAP_OP_ATOMIC_RESP) break;
            good += iw_crc32c(0, s->data + w, flen - 4) == le32(s->data + w + flen - 4);
            n++;
            w += flen;
        }
        if (n > 0 && (n == 3 || w == s->len)) {
            *crc = good == n;
            *skipped = i;
            return off;
        }
    }
    *crc = 0;
    *skipped = s->npieces;
    return s->len;
}

static void usage(void)
{
    printf("usage: iwdump [options] FILE\n"
           "Decodes the iWARP (MPA/DDP/RDMAP) traffic of a pcap or pcapng capture: one line per\n"
           "MPA frame or FPDU, then one summary line per TCP connection.\n"
           "  -s, --summary      only the summary lines (default: every frame and FPDU)\n"
           "  -j, --json         one JSON document on stdout instead of the text\n"
           "  -c, --conn N       only connection N (1.., as numbered in the output; default all)\n"
           "  -h, --help         this text\n"
           "  -V, --version      the version\n"
           "Examples:\n"
           "  iwdump tests/vectors/siw_rping_crc.pcap\n"
           "  iwdump -s capture.pcapng\n"
           "  iwdump --json -c 2 capture.pcap > conn2.json\n"
           "Exit status: 0 decoded cleanly (warnings such as a non-zero PAD allowed);\n"
           "  1 a protocol error, a connection whose start is not in the capture, no MPA\n"
           "    connection at all, or a file cut off in its last record (decoded up to the cut);\n"
           "  2 the file cannot be opened or is not pcap/pcapng, or a bad command line.\n");
    exit(0);
}

static void ip_str(char *b, size_t n, uint32_t ip, unsigned port)
{
    snprintf(b, n, "%u.%u.%u.%u:%u", (unsigned)(ip >> 24), (unsigned)(ip >> 16 & 255),
             (unsigned)(ip >> 8 & 255), (unsigned)(ip & 255), port);
}
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20) printf("\\u%04x", (unsigned)(unsigned char)*s);
        else putchar(*s);
    }
    putchar('"');
}

/* The Request key with up to 4 octets changed: a damaged Request rather than another protocol. */
static int near_key(const pcap_stream *s, const char *key)
{
    size_t i, diff = 0;
    if (s->len < IW_MPA_KEY_LEN) return 0;
    for (i = 0; i < IW_MPA_KEY_LEN; i++) diff += s->data[i] != (uint8_t)key[i];
    return diff > 0 && diff <= 4;
}

int main(int argc, char **argv)
{
    static const struct option lo[] = {
        CLI_OPT("summary", no_argument, 's'), CLI_OPT("json", no_argument, 'j'),
        CLI_OPT("conn", required_argument, 'c'), CLI_OPT("help", no_argument, 'h'),
        CLI_OPT("version", no_argument, 'V'), CLI_OPT_END};
    pcap_conn *c = NULL;
    pcap_info info;
    uint8_t *buf;
    size_t flen;
    int n, i, opt, summary = 0, json = 0, nmpa = 0, first = 1;
    unsigned long only = 0, total_err = 0, total_warn = 0;
    const char *path;
    cli_prog = "iwdump";
    while ((opt = getopt_long(argc, argv, "sjc:hV", lo, NULL)) != -1) {
        switch (opt) {
        case 's': summary = 1; break;
        case 'j': json = 1; break;
        case 'c': only = (unsigned long)cli_num("-c/--conn", optarg, 1, 1000000000, 0); break;
        case 'h': usage(); break;
        case 'V': cli_version(); break;
        default: cli_usage_error("bad option");
        }
    }
    if (optind != argc - 1)
        cli_usage_error(optind >= argc ? "no capture file given" : "one capture file only, got %d",
                        argc - optind);
    path = argv[optind];
    quiet_lines = summary || json;
    errno = 0;
    buf = pcap_read_file(path, &flen);
    if (buf == NULL) {
        fprintf(stderr, "iwdump: %s: cannot open: %s\n", path, errno ? strerror(errno) : "read error");
        return 2;
    }
    n = pcap_parse_all(buf, flen, PCAP_KEEP_CUT | PCAP_KEEP_NOSYN, &c, &info);
    if (n < 0) {
        fprintf(stderr, "iwdump: %s: cannot read as pcap or pcapng: %s\n", path,
                info.err ? info.err : "malformed");
        free(buf);
        return 2;
    }
    if (only > (unsigned long)n) {
        fprintf(stderr, "iwdump: -c %lu: the capture has %d TCP connection(s)\n", only, n);
        pcap_free_conns(c, n);
        free(c);
        free(buf);
        return 2;
    }
    if (json) {
        printf("{\"file\": ");
        json_str(path);
        printf(", \"format\": \"%s\", \"frames\": %lu, \"tcp_connections\": %d, \"connections\": [",
               info.pcapng ? "pcapng" : "pcap", info.frames, n);
    }
    for (i = 0; i < n; i++) {
        pcap_conn *k = &c[i];
        iw_mpa_frame rq, rp;
        iw_status st0, st1 = IW_OK;
        size_t u0, u1;
        tally t;
        int ci = i + 1, op, mk0 = 0, mk1 = 0, crc_on = 0, full = 0, is_mpa = 1;
        char cli[32], srv[32], note[160] = "";
        if (only && (unsigned long)ci != only) continue;
        memset(&t, 0, sizeof t);
        memset(&rq, 0, sizeof rq);
        memset(&rp, 0, sizeof rp);
        ip_str(cli, sizeof cli, k->cli_ip, k->cli_port);
        ip_str(srv, sizeof srv, k->srv_ip, k->srv_port);
        if (!json) printf("conn %d: %s -> %s\n", ci, cli, srv);
        if (k->nosyn) { /* its start is missing: resynchronise on each direction's FPDUs */
            size_t at[2], sk[2];
            int cr[2], d;
            for (d = 0; d < 2; d++) at[d] = resync(&k->dir[d], &cr[d], &sk[d]);
            /* CRC on when its field was right wherever FPDUs were found (RFC 5044 §7.1.2:
             * one setting for both directions) */
            crc_on = (at[0] < k->dir[0].len || at[1] < k->dir[1].len) &&
                     (at[0] >= k->dir[0].len || cr[0]) && (at[1] >= k->dir[1].len || cr[1]);
            snprintf(note, sizeof note,
                     "its start (SYN, MPA Request and Reply) is not in the capture: FPDUs found "
                     "from frame %lu / %lu (dir 0 / 1), %zu / %zu segment(s) skipped: ERROR",
                     at[0] < k->dir[0].len ? frame_of(&k->dir[0], at[0]) : 0UL,
                     at[1] < k->dir[1].len ? frame_of(&k->dir[1], at[1]) : 0UL, sk[0], sk[1]);
            if (!json) printf("conn %d: %s\n", ci, note);
            t.errors++;
            nmpa += at[0] < k->dir[0].len || at[1] < k->dir[1].len;
            for (d = 0; d < 2; d++)
                if (at[d] < k->dir[d].len) walk(&k->dir[d], ci, d, at[d], 0, crc_on, &t);
            flush_lines();
            if (!json) {
                printf("summary conn %d: rev ? CRC %s (guessed) markers 0/0: "
                       "FPDUs %lu (dir 0 %lu, dir 1 %lu), "
                       "CRC good %lu bad %lu none %lu, errors %lu, warnings %lu; messages:",
                       ci, crc_on ? "on" : "off", t.fpdus[0] + t.fpdus[1], t.fpdus[0], t.fpdus[1],
                       t.good, t.bad, t.none, t.errors, t.warnings);
                for (op = 0; op < 16; op++)
                    if (t.msgs[op]) printf(" %s %lu;", op_name[op], t.msgs[op]);
                printf("\n");
            } else {
                printf("%s\n  {\"conn\": %d, \"client\": \"%s\", \"server\": \"%s\", \"mpa\": true,"
                       " \"nosyn\": true, \"skipped_segments\": [%zu, %zu], \"note\": ",
                       first ? "" : ",", ci, cli, srv, sk[0], sk[1]);
                json_str(note);
                printf(", \"crc\": %s, \"fpdus\": [%lu, %lu], \"crc_good\": %lu, \"crc_bad\": %lu,"
                       " \"crc_none\": %lu, \"errors\": %lu, \"warnings\": %lu}",
                       crc_on ? "true" : "false", t.fpdus[0], t.fpdus[1], t.good, t.bad, t.none,
                       t.errors, t.warnings);
                first = 0;
            }
            total_err += t.errors;
            total_warn += t.warnings;
            continue;
        }
        u0 = decode_frame(&k->dir[0], IW_MPA_REQUEST, &rq, &st0);
        u1 = 0;
        if (!u0 && (k->dir[0].len < IW_MPA_KEY_LEN ||
                    memcmp(k->dir[0].data, "MPA ID Req Frame", IW_MPA_KEY_LEN) != 0)) {
            int rep = k->dir[1].len >= IW_MPA_KEY_LEN &&
                      memcmp(k->dir[1].data, "MPA ID Rep Frame", IW_MPA_KEY_LEN) == 0;
            if (rep || near_key(&k->dir[0], "MPA ID Req Frame")) {
                snprintf(note, sizeof note, "MPA Request %s: ERROR",
                         k->dir[0].len ? "damaged (its key is wrong)" : "missing");
                t.errors++;
            } else if (k->dir[0].gap && k->dir[0].len < IW_MPA_KEY_LEN) {
                snprintf(note, sizeof note,
                         "its first octets are not in the capture (%zu captured; snap length?): ERROR",
                         k->dir[0].len);
                t.errors++;
            } else {
                snprintf(note, sizeof note, "not MPA (no Request at the start of dir 0), skipped");
                is_mpa = 0;
            }
            if (!json) printf("conn %d: %s\n", ci, note);
        } else {
            if (!u0) {
                begin(frame_of(&k->dir[0], 0), ci, 0, 0);
                out("MPA Request MALFORMED (%s): ERROR",
                    st0 == IW_EAGAIN ? "truncated" : iw_mpa_ferr_str(rq.err));
                end();
                t.errors++;
            } else {
                print_frame(frame_of(&k->dir[0], 0), ci, 0, &rq, u0);
            }
            u1 = k->dir[1].len ? decode_frame(&k->dir[1], IW_MPA_REPLY, &rp, &st1) : 0;
            if (u1) {
                print_frame(frame_of(&k->dir[1], 0), ci, 1, &rp, u1);
            } else if (k->dir[1].len) {
                begin(frame_of(&k->dir[1], 0), ci, 1, 0);
                out("MPA Reply MALFORMED (%s): ERROR",
                    st1 == IW_EAGAIN ? "truncated" : iw_mpa_ferr_str(rp.err));
                end();
                t.errors++;
            }
        }
        if (is_mpa) nmpa++;
        if (is_mpa && (k->dir[0].gap || k->dir[1].gap)) {
            if (!json) printf("conn %d: octets missing from the capture: ERROR\n", ci);
            t.errors++;
        }
        if (u0 && u1 && !(rp.flags & IW_MPA_FLAG_R)) {
            /* RFC 5044 §7.1.1: markers toward the side that set M; CRC if either set C */
            full = 1;
            mk0 = (rp.flags & IW_MPA_FLAG_M) != 0;
            mk1 = (rq.flags & IW_MPA_FLAG_M) != 0;
            crc_on = ((rq.flags | rp.flags) & IW_MPA_FLAG_C) != 0;
            walk(&k->dir[0], ci, 0, u0, mk0, crc_on, &t);
            walk(&k->dir[1], ci, 1, u1, mk1, crc_on, &t);
            flush_lines();
            if (!json) {
                printf("summary conn %d: rev %u CRC %s markers %d/%d: "
                       "FPDUs %lu (dir 0 %lu, dir 1 %lu), "
                       "CRC good %lu bad %lu none %lu, errors %lu, warnings %lu; messages:",
                       ci, rp.rev, crc_on ? "on" : "off", mk0, mk1, t.fpdus[0] + t.fpdus[1],
                       t.fpdus[0], t.fpdus[1], t.good, t.bad, t.none, t.errors, t.warnings);
                for (op = 0; op < 16; op++)
                    if (t.msgs[op]) printf(" %s %lu;", op_name[op], t.msgs[op]);
                printf("\n");
            }
        } else if (is_mpa) {
            flush_lines();
            if (u0 && !k->dir[1].len && k->dir[0].len > u0) {
                if (!json) printf("conn %d: data after the Request without a Reply: ERROR\n", ci);
                t.errors++;
            }
            if (!json)
                printf("summary conn %d: no Full Operation (%s), errors %lu\n", ci,
                       u1 ? "rejected" : u0 ? "no Reply" : "no valid Request", t.errors);
        }
        if (json) {
            printf("%s\n  {\"conn\": %d, \"client\": \"%s\", \"server\": \"%s\", \"mpa\": %s", first ? "" : ",",
                   ci, cli, srv, is_mpa ? "true" : "false");
            first = 0;
            if (note[0]) {
                printf(", \"note\": ");
                json_str(note);
            }
            if (full) {
                printf(", \"rev\": %u, \"crc\": %s, \"markers\": [%d, %d], \"fpdus\": [%lu, %lu],"
                       " \"crc_good\": %lu, \"crc_bad\": %lu, \"crc_none\": %lu, \"messages\": {",
                       rp.rev, crc_on ? "true" : "false", mk0, mk1, t.fpdus[0], t.fpdus[1], t.good,
                       t.bad, t.none);
                {
                    int f2 = 1;
                    for (op = 0; op < 16; op++)
                        if (t.msgs[op]) {
                            printf("%s\"%s\": %lu", f2 ? "" : ", ", op_name[op], t.msgs[op]);
                            f2 = 0;
                        }
                }
                printf("}");
            }
            printf(", \"errors\": %lu, \"warnings\": %lu}", t.errors, t.warnings);
        }
        total_err += t.errors;
        total_warn += t.warnings;
    }
    if (json) printf("%s]", n ? "\n" : "");
    /* What the capture itself lacks: the start of some connections, the end of the file, any
     * MPA connection. */
    if (info.nosyn_conns && !json) /* each is an error of its own connection too */
        printf("iwdump: %lu TCP connection(s) whose start (SYN) is not in the capture "
               "(%lu frame(s) from frame %lu): decoded from the first FPDU found\n",
               info.nosyn_conns, info.nosyn_frames, info.nosyn_first);
    if (info.cut) {
        total_err++;
        if (!json)
            printf("iwdump: the capture is cut off in frame %lu (%zu of %zu octets in the file): "
                   "decoded up to there: ERROR\n", info.cut_frame, info.cut_have, info.cut_want);
    }
    if (!only && nmpa == 0) {
        total_err++;
        if (!json) printf("iwdump: no MPA connection in the capture (%d TCP connection(s)): ERROR\n", n);
    }
    if (json) {
        printf(", \"nosyn_connections\": %lu, \"nosyn_frames\": %lu, \"cut\": %s",
               info.nosyn_conns, info.nosyn_frames, info.cut ? "true" : "false");
        if (info.cut) printf(", \"cut_frame\": %lu", info.cut_frame);
        printf(", \"mpa_connections\": %d, \"errors\": %lu, \"warnings\": %lu}\n", nmpa, total_err,
               total_warn);
    }
    pcap_free_conns(c, n);
    free(c);
    free(buf);
    free(LN);
    if (total_err) {
        if (!json) printf("iwdump: %lu protocol error(s)\n", total_err);
        return 1;
    }
    if (total_warn && !json) printf("iwdump: %lu warning(s)\n", total_warn);
    return 0;
}
