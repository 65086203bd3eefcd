/* qp_probe.c: what one connected QP needs in RAM, measured on the target by `make size`: one
 * array per structure, sized by sizeof, read back with nm -S (no code runs). qp_ram is the sum
 * of one of each: iw_qp (with its iw_rdmap_stream, DDP state inside it), iw_mpa_conn, and one
 * slot of each ring a QP is created with (SQ: iw_swqe + iw_rdmap_wr, RQ: iw_recv_wr, IRD:
 * iw_rdmap_inreq); CQs (iw_cq + iw_wc per entry) and the MPA reassembly buffer (bytes, at least
 * IW_MPA_MIN_ULPDU) are listed beside it. */
#include "verbs.h"
#define P(t) char probe_##t[sizeof(t)];
P(iw_qp)
P(iw_mpa_conn)
P(iw_swqe)
P(iw_rdmap_wr)
P(iw_recv_wr)
P(iw_rdmap_inreq)
P(iw_rdmap_stream)
P(iw_cq)
P(iw_wc)
P(iw_rnic)
P(iw_stag_ent)
char probe_reasm_min[IW_MPA_MIN_ULPDU];
