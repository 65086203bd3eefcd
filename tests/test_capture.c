/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* popen, pclose, mkdir: before any include */
/* test_capture.c: a capture of EVERY operation of the whole stack (verbs.h over rdmap.h, ddp.h,
 * mpa.h), written by the capture writer examples/posix/iw_pcap.h and decoded by tshark.
 *
 * Two RNICs, one QP each, joined by an in-memory pipe (tests/verbs_fake.h); MPA rev 2 with the
 * RFC 6581 IRD/ORD header, CRC on. The MPA trace op of both sides hands every frame and FPDU as
 * sent to iw_pcap_tcp_trace. The workload (side 0, the Initiator, is A):
 *   A: Send, Send with SE, Send with Invalidate, Send with SE and Invalidate, RDMA Write (3000
 *      octets: several FPDUs), RDMA Write with Immediate (Write + Immediate Data, RFC 7306 §6),
 *      Send with Immediate (Send + Immediate Data with SE), RDMA Read Request (3000 octets),
 *      Atomic FetchAdd and CmpSwap Requests (RFC 7306 §5), then an RDMA Write to an invalid STag;
 *   B: a Send to A, the Read Response (several FPDUs), the two Atomic Responses, and the
 *      Terminate that answers the bad Write (RFC 5040 §4.8: DDP layer, tagged, Invalid STag).
 * The capture goes to build/capture/every_op.pcap (kept for tests/t_iwdump.sh); the same
 * workload with markers in both directions goes to every_op_markers.pcap.
 *
 * Checks: the verbs results (WCs, memory) show every operation happened; the traced FPDUs carry
 * exactly the expected RDMAP opcode sequence per side; then tshark (Wireshark 4.0) decodes the
 * capture and, frame by frame:
 *   - the Request and Reply decode in their frames, every FPDU alone in its segment with "Good
 *     CRC32", and tshark's DDP fields (T, L, DV, STag/TO or QN/MSN/MO) and RDMAP opcode and
 *     version equal the octets sent (decoded here by a walker independent of the core);
 *   - IP and TCP checksums are Good (tcp/ip.check_checksum on);
 *   - no Malformed packet; expert infos only the ones Wireshark 4.0 gives for what it does not
 *     know, each counted against the frames that cause it: 2 Warnings per rev 2 Request, each
 *     given twice ("Res field is NOT set to zero", "Rev field is NOT set to one": Wireshark 4.0
 *     predates RFC 6581's Rev 2 and H flag, see test_wireshark.c); Notes only the TCP teardown.
 * What Wireshark 4.0.17 makes of RFC 7306 (seen by running it): it decodes the Atomic Request
 * and Response (opcodes 0xA, 0xB) with their fields and no expert info; it shows the Immediate
 * Data opcodes 0x8 and 0x9 as "OpCode: Unknown (0x8)" / "(0x9)", decodes no body and gives no
 * expert info. The test counts the "Unknown" opcodes and requires them on exactly the FPDUs
 * that carry 0x8 / 0x9 (and the opcode value shown equal to the one sent).
 * Also: the writer alone (a frame above the IPv4 limit split in two segments, checksums, a
 * too-long frame refused), and a negative control (one flipped payload bit must fail the same
 * checker at exactly that frame; the file every_op_badcrc.pcap is kept for t_iwdump.sh).
 * tshark is required: without it the tshark tests fail. */
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "check.h"
#include "verbs_fake.h"
#include "pdml.h"
#include "../examples/posix/iw_pcap.h"
#include "pcap.h"
#include <sys/stat.h>
#include <sys/types.h>

#define CAP_DIR "build/capture"
#define CAP_FILE CAP_DIR "/every_op.pcap"
#define MAXI 256  /* traced frames and FPDUs */
#define MAXF 1024 /* packets */

/* ---- the trace op ---- */

/* One traced frame or FPDU, as sent. */
typedef struct item {
    int side;
    size_t len;
    uint8_t b[64];         /* its first octets (headers) */
    unsigned long frame;   /* pcap frame number of its segment */
} item;

static iw_pcap_file PF;
static iw_pcap_tcp PT;
static item IT[MAXI];
static size_t NIT;
static size_t cur_len[2], cur_kept[2];
static int started[2];     /* the side's Request/Reply has been traced */
static uint32_t fo_pos[2]; /* octets the side sent since SeqStart (its first FPDU octet) */
static uint8_t cur_hdr[2][64];

/* The trace op: what a host does to write a capture (TX only: the peer's TX is our RX), plus
 * a copy of the headers for the checks below. */
static void h_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    int s = ((vf_q *)ctx)->rn->idx;
    size_t i;
    if (dir != IW_MPA_TRACE_TX) return;
    iw_pcap_tcp_trace(&PT, (unsigned)s, iov, n, last);
    for (i = 0; i < n; i++) {
        size_t k;
        for (k = 0; k < iov[i].len; k++, cur_len[s]++) {
            /* with markers, keep the FPDU without them: a marker sits at every 512th octet
             * from SeqStart (RFC 5044 §5), so the headers below read as on an unmarked FPDU */
            if (started[s]) {
                uint32_t pos = fo_pos[s]++;
                if (vf_markers && (pos & 511u) < IW_MPA_MARKER_LEN) continue;
            }
            if (cur_kept[s] < 64) cur_hdr[s][cur_kept[s]] = ((const uint8_t *)iov[i].base)[k];
            cur_kept[s]++;
        }
    }
    if (last) {
        started[s] = 1;
        cur_kept[s] = 0;
        if (NIT < MAXI) {
            IT[NIT].side = s;
            IT[NIT].len = cur_len[s];
            memcpy(IT[NIT].b, cur_hdr[s], 64);
            IT[NIT].frame = PF.packets;
            NIT++;
        }
        cur_len[s] = 0;
    }
}

/* RNIC idx (0: A, 1: B) with one QP, IRD = ORD = 4. */
static int ep_init(int idx)
{
    vf_rn *n = idx ? &RB : &RA;
    return vf_rn_init(n, idx, 1234u + (unsigned)idx, 0) &&
           vf_q_init(idx ? QB : QA, n, vf_qp_cfg(n->pd, 4, 4), 64);
}

/* ---- the workload ---- */

/* RDMAP messages expected per side, in order (opcode of the last FPDU of each message). */
static const unsigned want_ops[2][16] = {
    {IW_RDMAP_OP_SEND, IW_RDMAP_OP_SEND_SE, IW_RDMAP_OP_SEND_INV, IW_RDMAP_OP_SEND_SE_INV,
     IW_RDMAP_OP_WRITE, IW_RDMAP_OP_WRITE, IW_RDMAP_OP_IMM, IW_RDMAP_OP_SEND, IW_RDMAP_OP_IMM_SE,
     IW_RDMAP_OP_READ_REQ, IW_RDMAP_OP_ATOMIC_REQ, IW_RDMAP_OP_ATOMIC_REQ, IW_RDMAP_OP_WRITE},
    {IW_RDMAP_OP_SEND, IW_RDMAP_OP_READ_RESP, IW_RDMAP_OP_ATOMIC_RESP, IW_RDMAP_OP_ATOMIC_RESP,
     IW_RDMAP_OP_TERMINATE}};
static const size_t want_nops[2] = {13, 5};

/* Runs the workload into CAP_DIR/name.pcap; markers: both sides ask for markers (M = 1). */
static int run_workload(const char *name, int markers)
{
    char path[256];
    iw_send_wr w;
    iw_wc wc;
    uint32_t a_mr, b_mr, b_inv1, b_inv2;
    uint64_t v;
    int i, ok = 1;

    if (!ep_init(0) || !ep_init(1)) return 0;
    (void)mkdir("build", 0777);
    (void)mkdir(CAP_DIR, 0777);
    NIT = 0;
    memset(cur_len, 0, sizeof cur_len);
    memset(cur_kept, 0, sizeof cur_kept);
    memset(started, 0, sizeof started);
    memset(fo_pos, 0, sizeof fo_pos);
    vf_markers = (uint8_t)markers; /* both sides ask for markers (M = 1) */
    vf_mpa_ops.trace = h_trace;
    snprintf(path, sizeof path, CAP_DIR "/%s.pcap", name);
    if (iw_pcap_open(&PF, path) != 0) {
        fprintf(stderr, "  cannot write %s\n", path);
        return 0;
    }
    /* 10.0.0.1:40001 connects to 10.0.0.2:18515 (a port tshark's heuristic sees as MPA) */
    if (iw_pcap_tcp_begin(&PF, &PT, 0x0A000001u, 40001, 0x0A000002u, 18515) != 0) return 0;
    if (!vf_connect()) return 0; /* rev 2, CRC on, RFC 6581 IRD/ORD */
    a_mr = vf_reg(&RA, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 1, RA.pd, 0);
    b_mr = vf_reg(&RB, 0x3F, 2, RB.pd, 0); /* every right, Remote Atomic included */
    b_inv1 = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 3, RB.pd, 0);
    b_inv2 = vf_reg(&RB, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 4, RB.pd, 0);
    if (!a_mr || !b_mr || !b_inv1 || !b_inv2) return 0;
    for (i = 0; i < 8; i++)
        if (recv1(QB, 100u + (unsigned)i, b_mr, VA(&RB, 1000u * (unsigned)i), 1000) != IW_V_OK) return 0;
    if (recv1(QA, 200, a_mr, VA(&RA, 50000), 1000) != IW_V_OK) return 0;
    for (i = 0; i < 8192; i++) RA.mem[i] = (uint8_t)(i * 7);
    for (i = 0; i < 4096; i++) RB.mem[20000 + i] = (uint8_t)(i * 13);
    v = 41;
    memcpy(RB.mem + 30000, &v, 8);
    v = 5;
    memcpy(RB.mem + 30008, &v, 8);

    /* A: the four Sends (RFC 5040 §5.3), 24 octets each */
    for (i = 0; i < 4; i++) {
        static const iw_wr_type t[4] = {IW_WR_SEND, IW_WR_SEND_SE, IW_WR_SEND_INV,
                                        IW_WR_SEND_SE_INV};
        w = swr1(t[i], (uint64_t)(1 + i), a_mr, VA(&RA, 0), 24);
        w.inval_stag = i == 2 ? b_inv1 : b_inv2;
        ok &= post1(QA, &w) == IW_V_OK;
    }
    /* RDMA Write of 3000 octets, then RDMA Write with Immediate = Write + Immediate Data */
    w = swr1(IW_WR_WRITE, 5, a_mr, VA(&RA, 0), 3000);
    w.remote_stag = b_mr;
    w.remote_to = VA(&RB, 10000);
    ok &= post1(QA, &w) == IW_V_OK;
    w = swr1(IW_WR_WRITE, 6, a_mr, VA(&RA, 4000), 100);
    w.remote_stag = b_mr;
    w.remote_to = VA(&RB, 14000);
    ok &= post1(QA, &w) == IW_V_OK;
    w = swr(IW_WR_IMM, 7);
    memcpy(w.imm, "WRITEIMM", 8);
    ok &= post1(QA, &w) == IW_V_OK;
    /* Send with Immediate = Send + Immediate Data with SE */
    w = swr1(IW_WR_SEND, 8, a_mr, VA(&RA, 200), 40);
    ok &= post1(QA, &w) == IW_V_OK;
    w = swr(IW_WR_IMM_SE, 9);
    memcpy(w.imm, "SENDIMM!", 8);
    ok &= post1(QA, &w) == IW_V_OK;
    /* RDMA Read of 3000 octets: B answers with a multi-FPDU Read Response */
    w = swr1(IW_WR_READ, 10, a_mr, VA(&RA, 16384), 3000);
    w.remote_stag = b_mr;
    w.remote_to = VA(&RB, 20000);
    ok &= post1(QA, &w) == IW_V_OK;
    /* Atomics (RFC 7306 §5): FetchAdd 41 + 1, CmpSwap 5 -> 9 */
    w = swr1(IW_WR_FETCHADD, 11, a_mr, VA(&RA, 30000), 8);
    w.remote_stag = b_mr;
    w.remote_to = VA(&RB, 30000);
    w.add_swap = 1;
    ok &= post1(QA, &w) == IW_V_OK;
    w = swr1(IW_WR_CMPSWAP, 12, a_mr, VA(&RA, 30008), 8);
    w.remote_stag = b_mr;
    w.remote_to = VA(&RB, 30008);
    w.cmp = 5;
    w.cmp_mask = ~0ull;
    w.add_swap = 9;
    w.add_swap_mask = ~0ull;
    ok &= post1(QA, &w) == IW_V_OK;
    /* B: one Send to A */
    w = swr1(IW_WR_SEND, 20, b_mr, VA(&RB, 20000), 33);
    ok &= post1(QB, &w) == IW_V_OK;
    if (!ok) return 0;
    vf_flow();
    CHECK(!QA->h.closed && !QB->h.closed);
    for (i = 0; i < 12; i++) {
        if (iw_cq_poll(&QA->scq, &wc) != IW_V_OK || wc.status != IW_WC_SUCCESS ||
            wc.wr_id != (uint64_t)(i + 1)) {
            fprintf(stderr, "  A's WC %d missing or failed\n", i + 1);
            return 0;
        }
    }
    for (i = 0; i < 7; i++) { /* 4 Sends, Immediate, Send, Immediate with SE */
        if (iw_cq_poll(&QB->rcq, &wc) != IW_V_OK || wc.status != IW_WC_SUCCESS) {
            fprintf(stderr, "  B's receive %d missing or failed\n", i);
            return 0;
        }
        if (i == 4) CHECK(wc.imm_valid && memcmp(wc.imm, "WRITEIMM", 8) == 0);
        if (i == 6) CHECK(wc.imm_valid && wc.solicited && memcmp(wc.imm, "SENDIMM!", 8) == 0);
    }
    CHECK(iw_cq_poll(&QA->rcq, &wc) == IW_V_OK && wc.status == IW_WC_SUCCESS && wc.len == 33);
    CHECK_MEM(RB.mem + 10000, RA.mem, 3000);
    CHECK_MEM(RA.mem + 16384, RB.mem + 20000, 3000);
    memcpy(&v, RB.mem + 30000, 8);
    CHECK_EQ(v, 42);
    memcpy(&v, RB.mem + 30008, 8);
    CHECK_EQ(v, 9);
    memcpy(&v, RA.mem + 30000, 8);
    CHECK_EQ(v, 41);
    /* the Terminate: an RDMA Write to a STag B never registered (RFC 5041 §7.2: DDP layer,
     * tagged buffer error, Invalid STag) */
    w = swr1(IW_WR_WRITE, 13, a_mr, VA(&RA, 0), 100);
    w.remote_stag = b_mr + 1; /* another key */
    w.remote_to = VA(&RB, 0);
    if (post1(QA, &w) != IW_V_OK) return 0;
    vf_flow();
    CHECK_EQ(iw_qp_state(&QB->qp), IW_QP_TERMINATE);
    CHECK_EQ(iw_qp_state(&QA->qp), IW_QP_TERMINATE);
    if (iw_pcap_tcp_end(&PT) != 0 || iw_pcap_close(&PF) != 0) {
        fprintf(stderr, "  pcap write failed\n");
        return 0;
    }
    return 1;
}

/* ---- an independent reading of what was sent (RFC 5044 §7.1, RFC 5041 §4, RFC 5040 §4) ---- */

/* Each item after a side's first (its Request or Reply) is an FPDU without markers:
 * ULPDU_Length(2) | DDP control(1) | RDMAP control(1) | tagged: STag(4) TO(8)
 * | untagged: RsvdULP(4) QN(4) MSN(4) MO(4). */
static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void t_sent_sequence(void)
{
    size_t i, nmsg[2] = {0, 0};
    int seen[2] = {0, 0}, bad = 0;
    for (i = 0; i < NIT; i++) {
        const item *it = &IT[i];
        int s = it->side;
        if (!seen[s]) { /* the MPA Request (side 0) / Reply (side 1) */
            seen[s] = 1;
            if (memcmp(it->b, s ? "MPA ID Rep Frame" : "MPA ID Req Frame", 16) != 0) bad++;
            continue;
        }
        if (!(it->b[2] & 0x40)) continue; /* not the Last segment of its message */
        if (nmsg[s] < want_nops[s] && (it->b[3] & 0x0Fu) != want_ops[s][nmsg[s]]) {
            fprintf(stderr, "  side %d message %zu: opcode %u, expected %u\n", s, nmsg[s],
                    it->b[3] & 0x0Fu, want_ops[s][nmsg[s]]);
            bad++;
        }
        nmsg[s]++;
    }
    CHECK_EQ(nmsg[0], want_nops[0]);
    CHECK_EQ(nmsg[1], want_nops[1]);
    CHECK_EQ(bad, 0);
}

/* ---- tshark ---- */

#define TSHARK_OPTS                                                                               \
    "-o tcp.try_heuristic_first:TRUE -o tcp.analyze_sequence_numbers:TRUE "                       \
    "-o tcp.check_checksum:TRUE -o ip.check_checksum:TRUE "                                       \
    "--enable-heuristic iwarp_mpa_tcp --disable-heuristic rpcrdma_iwarp "                         \
    "--disable-heuristic smb_direct_iwarp"

/* What tshark decoded in one packet (PDML). */
#define MAXP 4 /* FPDUs per packet */
typedef struct wsfpdu {
    unsigned long ulen;
    int good, bad;                 /* "Good CRC32" / anything else */
    int t, l, dv, rv, op, unknown; /* unknown: the opcode shown as "Unknown (0x..)" */
    int has_stag, has_qn;
    unsigned long long stag, to, qn, msn, mo;
} wsfpdu;
typedef struct wsframe {
    unsigned sport;
    long tcplen;
    int req, rep, rev;
    unsigned res;
    int cks_bad, cks_seen, malformed, experts;
    int nfpdu;
    wsfpdu p[MAXP];
} wsframe;
static wsframe WF[MAXF + 1];
static unsigned long NWF;
/* the expert tap (-z expert) */
static long tap_errors, tap_warns, tap_w_res, tap_w_rev, tap_notes_known, tap_other;
static int tap_seen;

static unsigned long long xnum(const char *line) { return pdml_num(line, " show=", ~0ull); }

/* One tshark pass over CAP_DIR/name.pcap: PDML (saved as name.pdml) then the expert tap. 0 on
 * failure. */
static int tshark_read(const char *name)
{
    char cmd[512], path[256];
    static char line[65536];
    FILE *p, *save;
    wsframe *cur = NULL;
    wsfpdu *fp = NULL;
    int in_tap = 0, sev = 0;
    memset(WF, 0, sizeof WF);
    NWF = 0;
    tap_errors = tap_warns = tap_w_res = tap_w_rev = tap_notes_known = tap_other = 0;
    tap_seen = 0;
    if (!pdml_tshark_ok("")) return 0;
    snprintf(cmd, sizeof cmd,
             "mkdir -p " CAP_DIR "/profile && WIRESHARK_CONFIG_DIR=" CAP_DIR "/profile "
             "tshark -r " CAP_DIR "/%s.pcap " TSHARK_OPTS " -T pdml -z expert 2>" CAP_DIR "/%s.err",
             name, name);
    p = popen(cmd, "r");
    if (!p) return 0;
    snprintf(path, sizeof path, CAP_DIR "/%s.pdml", name);
    save = fopen(path, "w");
    while (fgets(line, sizeof line, p)) {
        if (save) fputs(line, save);
        if (!in_tap) {
            if (strstr(line, "</pdml>")) {
                in_tap = 1;
                continue;
            }
            if (strstr(line, "<packet>")) {
                cur = NULL;
                fp = NULL;
                continue;
            }
            if (pdml_field_is(line, "num") && !cur) {
                unsigned long long n = xnum(line);
                if (n >= 1 && n <= MAXF) {
                    cur = &WF[n];
                    if (n > NWF) NWF = (unsigned long)n;
                }
                continue;
            }
            if (!cur) continue;
            if (pdml_field_is(line, "tcp.srcport")) cur->sport = (unsigned)xnum(line);
            else if (pdml_field_is(line, "tcp.len")) cur->tcplen = (long)xnum(line);
            else if (pdml_field_is(line, "tcp.checksum.status") ||
                     pdml_field_is(line, "ip.checksum.status")) {
                cur->cks_seen++;
                if (xnum(line) != 1) cur->cks_bad++; /* 1: Good */
            } else if (strstr(line, "<proto name=\"_ws.malformed\"")) cur->malformed++;
            else if (pdml_field_is(line, "_ws.expert.severity")) {
                if (xnum(line) >= 0x00600000u) cur->experts++; /* PI_WARN, PI_ERROR */
            } else if (pdml_field_is(line, "iwarp_mpa.key.req")) cur->req++;
            else if (pdml_field_is(line, "iwarp_mpa.key.rep")) cur->rep++;
            else if (pdml_field_is(line, "iwarp_mpa.rev")) cur->rev = (int)xnum(line);
            else if (pdml_field_is(line, "iwarp_mpa.res")) cur->res = (unsigned)xnum(line);
            else if (pdml_field_is(line, "iwarp_mpa.ulpdulength")) {
                fp = cur->nfpdu < MAXP ? &cur->p[cur->nfpdu] : NULL;
                cur->nfpdu++;
                if (fp) fp->ulen = (unsigned long)xnum(line);
            } else if (!fp) continue;
            else if (pdml_field_is(line, "iwarp_mpa.crc_check")) {
                if (strstr(line, "(Good CRC32)")) fp->good++;
                else fp->bad++;
            } else if (pdml_field_is(line, "iwarp_ddp.tagged_flag")) fp->t = (int)xnum(line);
            else if (pdml_field_is(line, "iwarp_ddp.last_flag")) fp->l = (int)xnum(line);
            else if (pdml_field_is(line, "iwarp_ddp.dv")) fp->dv = (int)xnum(line);
            else if (pdml_field_is(line, "iwarp_ddp.stag")) {
                fp->has_stag = 1;
                fp->stag = xnum(line);
            } else if (pdml_field_is(line, "iwarp_ddp.tagged_offset")) fp->to = xnum(line);
            else if (pdml_field_is(line, "iwarp_ddp.qn")) {
                fp->has_qn = 1;
                fp->qn = xnum(line);
            } else if (pdml_field_is(line, "iwarp_ddp.msn")) fp->msn = xnum(line);
            else if (pdml_field_is(line, "iwarp_ddp.mo")) fp->mo = xnum(line);
            else if (pdml_field_is(line, "iwarp_rdma.version")) fp->rv = (int)xnum(line);
            else if (pdml_field_is(line, "iwarp_rdma.opcode")) {
                fp->op = (int)xnum(line);
                if (strstr(line, "OpCode: Unknown (")) fp->unknown++;
            }
        } else {
            /* "Errors (N)", "Warns (N)", "Notes (N)", "Chats (N)", then rows
             * "  <frequency> <group> <protocol> <summary>" */
            long cnt;
            char grp[64], proto[64];
            int used = 0;
            tap_seen = 1;
            if (sscanf(line, "Errors (%ld)", &cnt) == 1) { tap_errors = cnt; sev = 4; continue; }
            if (sscanf(line, "Warns (%ld)", &cnt) == 1) { tap_warns = cnt; sev = 3; continue; }
            if (sscanf(line, "Notes (%ld)", &cnt) == 1) { sev = 2; continue; }
            if (sscanf(line, "Chats (%ld)", &cnt) == 1) { sev = 1; continue; }
            if (sscanf(line, "Comments (%ld)", &cnt) == 1) { sev = 1; continue; }
            if (sscanf(line, " %ld %63s %63s %n", &cnt, grp, proto, &used) == 3 && used > 0) {
                const char *msg = line + used;
                if (sev == 3 && strcmp(proto, "IWARP_MPA") == 0 &&
                    strncmp(msg, "Res field is NOT set to zero as required by RFC 5044", 52) == 0)
                    tap_w_res += cnt;
                else if (sev == 3 && strcmp(proto, "IWARP_MPA") == 0 &&
                         strncmp(msg, "Rev field is NOT set to one as required by RFC 5044",
                                 51) == 0)
                    tap_w_rev += cnt;
                else if (sev == 2 && strcmp(proto, "TCP") == 0 &&
                         (strncmp(msg, "This frame initiates the connection closing", 43) == 0 ||
                          strncmp(msg, "This frame undergoes the connection closing", 43) == 0))
                    tap_notes_known += cnt;
                else if (sev >= 2) {
                    tap_other += cnt;
                    fprintf(stderr, "  expert (%s): %s",
                            sev == 4 ? "Error" : sev == 3 ? "Warning" : "Note", line);
                }
            }
        }
    }
    if (save) fclose(save);
    if (pclose(p) != 0) {
        fprintf(stderr, "  tshark failed; see " CAP_DIR "/%s.err\n", name);
        return 0;
    }
    return NWF > 0;
}

static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

/* Every traced frame/FPDU against tshark's decode of its segment; counts the RFC 7306 Immediate
 * Data FPDUs (opcodes 8, 9: Wireshark 4.0 shows "OpCode: Unknown (0x8)" and decodes no body,
 * with no expert info) in *n_imm and the FPDUs tshark shows as Unknown in *n_unknown. */
static int compare_items(int *n_imm, int *n_unknown, int *n_fpdu, int *n_req)
{
    size_t i;
    int problems = 0, seen[2] = {0, 0};
    unsigned long fr;
    *n_imm = *n_unknown = *n_fpdu = *n_req = 0;
#define PROBLEM(...)                                                                              \
    do {                                                                                          \
        fprintf(stderr, "  frame %lu: ", IT[i].frame);                                           \
        fprintf(stderr, __VA_ARGS__);                                                             \
        fputc('\n', stderr);                                                                      \
        problems++;                                                                               \
    } while (0)
    for (i = 0; i < NIT; i++) {
        const item *it = &IT[i];
        const uint8_t *b = it->b;
        const wsframe *w;
        const wsfpdu *f;
        unsigned op = b[3] & 0x0Fu;
        if (it->frame < 1 || it->frame > NWF) {
            PROBLEM("not decoded by tshark");
            continue;
        }
        w = &WF[it->frame];
        if (w->tcplen != (long)it->len) PROBLEM("TCP length %ld, %zu sent", w->tcplen, it->len);
        if (w->sport != (it->side ? 18515u : 40001u)) PROBLEM("source port %u", w->sport);
        if (!seen[it->side]) { /* Request (side 0), Reply (side 1): rev 2, RFC 6581 H flag */
            seen[it->side] = 1;
            if (it->side == 0) (*n_req)++;
            if (it->side ? w->rep != 1 : w->req != 1) PROBLEM("MPA Request/Reply not decoded");
            if (w->rev != b[17] || w->res != (b[16] & 0x1Fu))
                PROBLEM("Rev %d Res 0x%x, sent 0x%02x 0x%02x", w->rev, w->res, b[17], b[16]);
            if (w->nfpdu) PROBLEM("FPDU decoded in the Request/Reply segment");
            continue;
        }
        (*n_fpdu)++;
        if (op == IW_RDMAP_OP_IMM || op == IW_RDMAP_OP_IMM_SE) (*n_imm)++;
        if (w->nfpdu != 1) {
            PROBLEM("%d FPDUs decoded, 1 sent", w->nfpdu);
            continue;
        }
        f = &w->p[0];
        if (f->unknown) (*n_unknown)++;
        if (f->ulen != (unsigned long)(b[0] << 8 | b[1])) PROBLEM("ULPDU_Length %lu", f->ulen);
        if (f->good != 1 || f->bad) PROBLEM("CRC not \"Good CRC32\"");
        if (f->t != !!(b[2] & 0x80) || f->l != !!(b[2] & 0x40) || f->dv != (b[2] & 3))
            PROBLEM("DDP control T %d L %d DV %d, sent 0x%02x", f->t, f->l, f->dv, b[2]);
        if (f->rv != b[3] >> 6 || f->op != (int)op)
            PROBLEM("RDMAP version %d opcode %d, sent 0x%02x", f->rv, f->op, b[3]);
        if (f->unknown != (op == IW_RDMAP_OP_IMM || op == IW_RDMAP_OP_IMM_SE))
            PROBLEM("opcode %u shown %s", op, f->unknown ? "Unknown" : "as known");
        if (b[2] & 0x80) { /* tagged (RFC 5041 §4.2): STag, TO */
            if (!f->has_stag || f->stag != be32(b + 4) || f->to != be64(b + 8))
                PROBLEM("STag 0x%llx TO 0x%llx, sent 0x%x 0x%llx", f->stag, f->to, be32(b + 4),
                        (unsigned long long)be64(b + 8));
        } else { /* untagged (RFC 5041 §4.3): QN, MSN, MO */
            if (!f->has_qn || f->qn != be32(b + 8) || f->msn != be32(b + 12) ||
                f->mo != be32(b + 16))
                PROBLEM("QN %llu MSN %llu MO %llu, sent %u %u %u", f->qn, f->msn, f->mo,
                        be32(b + 8), be32(b + 12), be32(b + 16));
        }
    }
    /* no packet decodes more than was traced; checksums and malformed on every packet */
    for (fr = 1; fr <= NWF; fr++) {
        const wsframe *w = &WF[fr];
        i = 0;
        while (i < NIT && IT[i].frame != fr) i++;
        if (i == NIT && (w->nfpdu || w->req || w->rep || w->tcplen > 0)) {
            fprintf(stderr, "  frame %lu: data or FPDU not traced\n", fr);
            problems++;
        }
        if (w->cks_seen != 2 || w->cks_bad) {
            fprintf(stderr, "  frame %lu: IP/TCP checksum not Good\n", fr);
            problems++;
        }
        if (w->malformed || w->experts) {
            fprintf(stderr, "  frame %lu: malformed or expert Warning/Error\n", fr);
            problems++;
        }
    }
    if (NWF != PF.packets) {
        fprintf(stderr, "  tshark read %lu packets, %lu written\n", NWF, PF.packets);
        problems++;
    }
#undef PROBLEM
    return problems;
}

static int g_wrote, g_read;
static void t_workload(void)
{
    g_wrote = run_workload("every_op", 0);
    CHECK(g_wrote);
}

static void t_tshark_fields(void)
{
    int n_imm, n_unknown, n_fpdu, n_req;
    REQUIRE(g_wrote);
    g_read = tshark_read("every_op");
    REQUIRE(g_read);
    CHECK_EQ(compare_items(&n_imm, &n_unknown, &n_fpdu, &n_req), 0);
    CHECK_EQ(n_req, 1);
    CHECK(n_fpdu >= 20);
    CHECK_EQ(n_imm, 2);
    CHECK_EQ(n_unknown, n_imm);
}

/* The expert tap: no Error; Warnings only the two RFC 5044 Request messages, each twice per rev 2
 * Request with the H flag (Wireshark 4.0 runs is_mpa_req twice, see test_wireshark.c); Notes only
 * the two TCP teardown notes. */
static void t_tshark_expert(void)
{
    REQUIRE(g_read);
    CHECK(tap_seen);
    CHECK_EQ(tap_errors, 0);
    CHECK_EQ(tap_w_res, 2);
    CHECK_EQ(tap_w_rev, 2);
    CHECK_EQ(tap_warns, tap_w_res + tap_w_rev);
    CHECK_EQ(tap_notes_known, 2);
    CHECK_EQ(tap_other, 0);
}

/* Negative control: every_op_badcrc.pcap is the capture with one payload bit of the first
 * Send's FPDU flipped (TCP checksum recomputed, so only the MPA CRC is wrong); the same checker
 * must find exactly that frame. The file is kept for tests/t_iwdump.sh. */
static void t_negative_control(void)
{
    static uint8_t buf[1u << 20];
    FILE *fp;
    size_t n, off = 24, i;
    unsigned long fr = 1, want = 0;
    int n_imm, n_unknown, n_fpdu, n_req, problems;
    REQUIRE(g_read);
    for (i = 0; i < NIT && !want; i++) /* the first untagged Send FPDU */
        if ((IT[i].b[3] & 0x0Fu) == IW_RDMAP_OP_SEND && IT[i].b[2] == 0x41 && IT[i].len > 30)
            want = IT[i].frame;
    REQUIRE(want != 0);
    fp = fopen(CAP_FILE, "rb");
    REQUIRE(fp != NULL);
    n = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    while (fr < want && off + 16 <= n) { /* walk the records (little-endian incl_len) */
        off += 16u + (size_t)(buf[off + 8] | buf[off + 9] << 8 | buf[off + 10] << 16);
        fr++;
    }
    REQUIRE(off + 16 + 54 + 30 <= n);
    {
        uint8_t *ip = buf + off + 16 + 14, *tcp = ip + 20, ph[12];
        size_t tlen = (size_t)(ip[2] << 8 | ip[3]) - 20u;
        uint32_t sum;
        tcp[20 + 25] ^= 0x10; /* ULPDU octet 23: past the headers, in the payload */
        memcpy(ph, ip + 12, 8);
        ph[8] = 0;
        ph[9] = 6;
        ph[10] = (uint8_t)(tlen >> 8);
        ph[11] = (uint8_t)tlen;
        tcp[16] = tcp[17] = 0;
        sum = iw_pcap__sum(iw_pcap__sum(0, ph, 12), tcp, tlen);
        sum = iw_pcap__fold(sum);
        tcp[16] = (uint8_t)(sum >> 8);
        tcp[17] = (uint8_t)sum;
    }
    fp = fopen(CAP_DIR "/every_op_badcrc.pcap", "wb");
    REQUIRE(fp != NULL);
    CHECK_EQ(fwrite(buf, 1, n, fp), n);
    fclose(fp);
    REQUIRE(tshark_read("every_op_badcrc"));
    fprintf(stderr, "  (negative control: the problem below is expected, frame %lu)\n", want);
    problems = compare_items(&n_imm, &n_unknown, &n_fpdu, &n_req);
    CHECK_EQ(problems, 1);
    CHECK(WF[want].nfpdu == 1 && WF[want].p[0].bad == 1 && WF[want].p[0].good == 0);
}

/* The same workload with markers in both directions (both frames M = 1, RFC 5044 §5): written
 * as every_op_markers.pcap and checked the same way (Wireshark 4.0 decodes markers when both
 * directions carry them; see test_wireshark.c for the one-way case it cannot frame). */
static void t_markers(void)
{
    int n_imm, n_unknown, n_fpdu, n_req;
    REQUIRE(run_workload("every_op_markers", 1));
    t_sent_sequence();
    REQUIRE(tshark_read("every_op_markers"));
    CHECK_EQ(compare_items(&n_imm, &n_unknown, &n_fpdu, &n_req), 0);
    CHECK(n_req == 1 && n_fpdu >= 20 && n_imm == 2 && n_unknown == n_imm);
    t_tshark_expert();
}

/* The writer alone: a 66000-octet frame (more than the IPv4 limit) is split into 65495 + 505
 * octets with a peer ACK between them (32 KiB in flight), a frame traced in two calls (the
 * second empty with last) stays one segment, and a frame above IW_PCAP_FRAME_MAX is refused.
 * Checked with tshark (checksums, no expert info but the teardown notes) and the reader. */
static void t_writer_split(void)
{
    static uint8_t big[66000];
    static char line[512];
    static pcap_conn pc[2];
    iw_iov v[2];
    size_t i;
    int n, good = 0, rows = 0, notes = 0, other = 0;
    FILE *p;
    for (i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 31u + 7u);
    (void)mkdir("build", 0777);
    (void)mkdir(CAP_DIR, 0777);
    REQUIRE(iw_pcap_open(&PF, CAP_DIR "/split.pcap") == 0);
    REQUIRE(iw_pcap_tcp_begin(&PF, &PT, 0x7F000001u, 40002, 0x7F000001u, 5201) == 0);
    v[0].base = big;
    v[0].len = 30000;
    v[1].base = big + 30000;
    v[1].len = 36000;
    iw_pcap_tcp_trace(&PT, 0, v, 2, 1);
    CHECK_EQ(PF.packets, 3u + 1u + 1u + 1u); /* handshake, 65495, peer ACK, 505 */
    v[0].len = 100;
    iw_pcap_tcp_trace(&PT, 1, v, 1, 0);
    iw_pcap_tcp_trace(&PT, 1, v + 1, 0, 1);
    CHECK_EQ(PF.packets, 7u);
    REQUIRE(iw_pcap_tcp_end(&PT) == 0 && iw_pcap_close(&PF) == 0);
    n = pcap_read_conns(CAP_DIR "/split.pcap", pc, 2);
    REQUIRE(n == 1);
    CHECK(pc[0].dir[0].len == sizeof big && memcmp(pc[0].dir[0].data, big, sizeof big) == 0);
    CHECK(pc[0].dir[0].nsegs == 2 && pc[0].dir[0].segs[0].len == 65495u);
    CHECK(pc[0].dir[1].len == 100 && pc[0].dir[0].fin && pc[0].dir[1].fin);
    pcap_free_conns(pc, n);
    p = popen("tshark -r " CAP_DIR "/split.pcap -o tcp.check_checksum:TRUE "
              "-o ip.check_checksum:TRUE"
              " -T fields -e tcp.checksum.status -e ip.checksum.status -z expert 2>/dev/null", "r");
    REQUIRE(p != NULL);
    while (fgets(line, sizeof line, p)) {
        if (strcmp(line, "1\t1\n") == 0) good++;
        if (line[0] >= '0' && line[0] <= '9') rows++;
        if (strstr(line, "This frame initiates the connection closing") ||
            strstr(line, "This frame undergoes the connection closing"))
            notes++;
        else if (strstr(line, "Errors (") || strstr(line, "Warns (") ||
                 strstr(line, "Duplicate ACK") || strstr(line, "window"))
            other++;
    }
    CHECK(pclose(p) == 0);
    CHECK_EQ(good, 10);
    CHECK_EQ(rows, 10);
    CHECK_EQ(notes, 2);
    CHECK_EQ(other, 0);
    /* too long: refused, and the error is sticky */
    REQUIRE(iw_pcap_open(&PF, CAP_DIR "/split_bad.pcap") == 0);
    REQUIRE(iw_pcap_tcp_begin(&PF, &PT, 0x7F000001u, 40003, 0x7F000001u, 5201) == 0);
    v[0].len = 30000;
    v[1].len = IW_PCAP_FRAME_MAX - 29999u;
    v[1].base = big; /* the length alone is refused: nothing is read */
    iw_pcap_tcp_trace(&PT, 0, v, 2, 1);
    CHECK(iw_pcap_tcp_end(&PT) != 0);
    CHECK(iw_pcap_close(&PF) != 0);
}

int main(int argc, char **argv)
{
    static const check_test tests[] = {
        {"capture writer: split above the IPv4 limit, ACKs, checksums, too-long frame refused",
         t_writer_split},
        {"capture of every operation written (verbs results checked)", t_workload},
        {"traced RDMAP messages per side in the expected order", t_sent_sequence},
        {"MPA-076 tshark decodes every frame and FPDU as sent: Good CRC32, DDP/RDMAP fields, "
         "checksums",
         t_tshark_fields},
        {"MPA-076 tshark expert infos: only the known Wireshark 4.0 messages, counted",
         t_tshark_expert},
        {"checker catches one flipped payload bit (bad CRC) (negative control)",
         t_negative_control},
        {"MPA-076 the same with markers both ways: tshark decode and expert infos as sent",
         t_markers},
    };
    return CHECK_RUN(tests);
}
