// SPDX-License-Identifier: MIT
/* iw_selftest.c: module iwarp_selftest. At load it tests the project's headers in kernel
 * context and prints "iwarp_selftest: N passed, N failed" to the kernel log; the load fails
 * (-EINVAL) when a check failed, so `insmod` itself reports the result.
 *
 *   1. CRC32c: RFC 3720 App. B.4 values through the kernel's crc32c() (the CRC MPA uses here,
 *      wrapped to the headers' convention), the headers' own portable path and their fused
 *      copy + CRC kernels; chaining at every split; combine; the wire octets.
 *   2. Codecs: an MPA Request and Reply, DDP tagged and untagged headers, an RDMAP Terminate,
 *      each against known octets, encoded and decoded back.
 *   3. MPA: two connections joined by an in-memory byte ring (struct st_link) with CRC on;
 *      four reference FPDUs must come out octet for octet (CRC included) and arrive intact;
 *      an FPDU with one octet flipped on the way must be refused with the MPA CRC error.
 *   4. Verbs: two RNICs with one QP each, over the same ring (partial sends, resume): Sends
 *      both ways, an RDMA Write, an RDMA Read, a Fetch-and-Add and a Compare-and-Swap, with
 *      CRC on through the kernel's crc32c(); every octet of every target buffer is compared,
 *      and the octets around each target must be unchanged.
 * Everything runs in the insmod process's context; the memory is one vzalloc (no large stack
 * frames: the kernel warns above 2 KiB).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/vmalloc.h>
#include "iw_kernel.h"

MODULE_LICENSE("Dual MIT/GPL");
MODULE_DESCRIPTION("iWARP headers (mpa.h, ddp.h, rdmap.h, verbs.h) tested in kernel context");

static unsigned int st_pass, st_fail;

static void st_check(int ok, const char *what, int line)
{
	if (ok) {
		st_pass++;
		return;
	}
	st_fail++;
	pr_err("iwarp_selftest: check failed at iw_selftest.c:%d: %s\n", line, what);
}
#define CHECK(c) st_check(!!(c), #c, __LINE__)

/* ---- 1. CRC32c -------------------------------------------------------------------------- */

/* RFC 3720 App. B.4 inputs, their CRC and its four wire octets (least significant first), and
 * the usual check value of "123456789". */
static const u8 st_read10[48] = {
	0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
	0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
static const u32 st_crc_want[6] = {0x8A9136AAu, 0x62A8AB43u, 0x46DD794Eu,
				   0x113FDB5Cu, 0xD9963A56u, 0xE3069283u};
static const u8 st_crc_wire[6][4] = {{0xaa, 0x36, 0x91, 0x8a}, {0x43, 0xab, 0xa8, 0x62},
				     {0x4e, 0x79, 0xdd, 0x46}, {0x5c, 0xdb, 0x3f, 0x11},
				     {0x56, 0x3a, 0x96, 0xd9}, {0x83, 0x92, 0x06, 0xe3}};

static size_t st_crc_input(int i, u8 *in)
{
	int k;
	if (i == 4) {
		memcpy(in, st_read10, 48);
		return 48;
	}
	if (i == 5) {
		memcpy(in, "123456789", 9);
		return 9;
	}
	for (k = 0; k < 32; k++)
		in[k] = i == 0 ? 0x00 : i == 1 ? 0xff : i == 2 ? (u8)k : (u8)(31 - k);
	return 32;
}

static void t_crc(void)
{
	u8 in[48], dst[48 + 2], wire[4];
	iw_crc32c_kernels ks;
	iw_crc32c_copy_fn cp = iw_crc32c_copy_select();
	int i;

	/* the kernel's crc32c() has no pre/post inversion: the convention iwk_crc32c adds */
	CHECK((crc32c(~0u, "123456789", 9) ^ ~0u) == 0xE3069283u);
	iw_crc32c_kernels_select(&ks);
	for (i = 0; i < 6; i++) {
		size_t n = st_crc_input(i, in), k;
		u32 c = st_crc_want[i];
		int chain_ok = 1, comb_ok = 1;

		CHECK(iwk_crc32c(0, in, n) == c);
		CHECK(iw_crc32c(0, in, n) == c);
		CHECK(iw_crc32c_portable(0, in, n) == c);
		CHECK(ks.crc(0, in, n) == c);
		iw_put_le32(wire, iwk_crc32c(0, in, n));
		CHECK(memcmp(wire, st_crc_wire[i], 4) == 0);
		CHECK(iw_get_le32(st_crc_wire[i]) == c);
		for (k = 0; k <= n; k++) {
			u32 a = iwk_crc32c(0, in, k);
			u32 b = iwk_crc32c(0, in + k, n - k);

			if (iwk_crc32c(a, in + k, n - k) != c || iw_crc32c(iw_crc32c(0, in, k), in + k, n - k) != c)
				chain_ok = 0;
			if (iw_crc32c_combine(a, b, n - k) != c)
				comb_ok = 0;
		}
		CHECK(chain_ok);
		CHECK(comb_ok);
		/* fused copy + CRC: the CRC of the source, the copy exact, nothing written past it */
		memset(dst, 0x5A, sizeof(dst));
		CHECK(cp(0, dst, in, n) == c && memcmp(dst, in, n) == 0 && dst[n] == 0x5A);
		memset(dst, 0x5A, sizeof(dst));
		CHECK(ks.copy2_crc(0, in, 3, dst, in + 3, n - 3) == c && memcmp(dst, in + 3, n - 3) == 0 &&
		      dst[n - 3] == 0x5A);
	}
	CHECK(iwk_crc32c(0x1234u, NULL, 0) == 0x1234u);
}

/* ---- 2. codecs against known octets ----------------------------------------------------- */

static void t_codecs(void)
{
	/* MPA Request: key "MPA ID Req Frame", flags M C R H ... given as 0xFF: only C (0x40),
	 * M (0x80) and H (0x10) go out, rev 2, PD_Length 7 = IRD/ORD header + 3 octets */
	static const u8 req[27] = {'M', 'P', 'A', ' ', 'I', 'D', ' ', 'R', 'e', 'q', ' ', 'F', 'r', 'a',
				   'm', 'e', 0xD0, 0x02, 0x00, 0x07, 0x80, 0x01, 0xC0, 0x02, 1, 2, 3};
	static const u8 pd[3] = {1, 2, 3};
	/* DDP (RFC 5041 §4.2, §4.3): a tagged header with L, an untagged one without */
	static const u8 tag[14] = {0xC1, 0x5A, 0x12, 0x34, 0x56, 0x78, 0x01, 0x02,
				   0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
	static const u8 untag[18] = {0x01, 0xC0, 0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x00, 0x00,
				     0x02, 0x80, 0x00, 0x00, 0x03, 0x00, 0x01, 0x04, 0x00};
	u8 out[64];
	size_t len = 0, used = 0, hl = 0;
	iw_mpa_frame f, g;
	iw_ddp_hdr h, d;
	iw_rdmap_term_info ti, back;
	int i;

	memset(&f, 0, sizeof(f));
	f.kind = IW_MPA_REQUEST;
	f.rev = 2;
	f.enhanced = 1;
	f.flags = 0xFF;
	f.ird_word = 0x8001;
	f.ord_word = 0xC002;
	f.pd = pd;
	f.pd_len = 3;
	CHECK(iw_mpa_frame_encode(&f, out, sizeof(out), &len) == IW_OK);
	CHECK(len == 27 && memcmp(out, req, 27) == 0);
	CHECK(iw_mpa_frame_decode(req, 27, IW_MPA_REQUEST, &g, &used) == IW_OK);
	CHECK(used == 27 && g.rev == 2 && g.enhanced && g.ird_word == 0x8001 && g.ord_word == 0xC002 &&
	      g.pd_len == 3 && memcmp(g.pd, pd, 3) == 0 && (g.flags & IW_MPA_FLAG_C));
	CHECK(iw_mpa_frame_decode(req, 27, IW_MPA_REPLY, &g, &used) == IW_EPROTO &&
	      g.err == IW_MPA_FERR_KEY);
	CHECK(iw_mpa_frame_decode(req, 19, IW_MPA_REQUEST, &g, &used) == IW_EAGAIN);
	memset(&f, 0, sizeof(f));
	f.kind = IW_MPA_REPLY;
	f.rev = 1;
	f.flags = IW_MPA_FLAG_R | IW_MPA_FLAG_C | 0x1F;
	CHECK(iw_mpa_frame_encode(&f, out, sizeof(out), &len) == IW_OK);
	CHECK(len == 20 && memcmp(out, "MPA ID Rep Frame", 16) == 0 && out[16] == 0x60 && out[17] == 1 &&
	      out[18] == 0 && out[19] == 0);

	memset(&h, 0, sizeof(h));
	h.tagged = 1;
	h.last = 1;
	h.ulp = 0x5A;
	h.stag = 0x12345678u;
	h.to = 0x0102030405060708ull;
	memset(out, 0xEE, sizeof(out));
	CHECK(iw_ddp_hdr_encode(&h, out) == 14 && memcmp(out, tag, 14) == 0 && out[14] == 0xEE);
	CHECK(iw_ddp_hdr_decode(tag, 14, &d, &hl) == IW_OK);
	CHECK(hl == 14 && d.tagged == 1 && d.last == 1 && d.dv == 1 && d.ulp == 0x5A &&
	      d.stag == 0x12345678u && d.to == 0x0102030405060708ull);
	CHECK(iw_ddp_hdr_decode(tag, 13, &d, &hl) == IW_EAGAIN);
	memset(&h, 0, sizeof(h));
	h.ulp = 0xC0;
	h.ulp32 = 0xDEADBEEFu;
	h.qn = 2;
	h.msn = 0x80000003u;
	h.mo = 0x10400u;
	CHECK(iw_ddp_hdr_encode(&h, out) == 18 && memcmp(out, untag, 18) == 0);
	CHECK(iw_ddp_hdr_decode(untag, 18, &d, &hl) == IW_OK);
	CHECK(hl == 18 && d.tagged == 0 && d.last == 0 && d.ulp == 0xC0 && d.ulp32 == 0xDEADBEEFu &&
	      d.qn == 2 && d.msn == 0x80000003u && d.mo == 0x10400u);

	/* RDMAP Terminate (RFC 5040 §4.8): layer 0 etype 1 ecode 3, M D R, DDP and RDMA headers */
	memset(&ti, 0, sizeof(ti));
	ti.term.layer = 0;
	ti.term.etype = 1;
	ti.term.ecode = 0x03;
	ti.m = ti.d = ti.r = 1;
	ti.seg_len = 46;
	ti.ddp_hdr_len = 18;
	for (i = 0; i < 18; i++)
		ti.ddp_hdr[i] = (u8)(0x41 + i);
	for (i = 0; i < 28; i++)
		ti.rdma_hdr[i] = (u8)(0xA0 + i);
	CHECK(iw_rdmap_term_encode(&ti, out) == 52);
	CHECK(out[0] == 0x01 && out[1] == 0x03 && out[2] == 0xE0 && out[3] == 0 && out[4] == 0 &&
	      out[5] == 46 && memcmp(out + 6, ti.ddp_hdr, 18) == 0 && memcmp(out + 24, ti.rdma_hdr, 28) == 0);
	CHECK(iw_rdmap_term_decode(out, 52, &back) == IW_OK);
	CHECK(back.term.layer == 0 && back.term.etype == 1 && back.term.ecode == 3 && back.m && back.d &&
	      back.r && back.seg_len == 46 && back.ddp_hdr_len == 18 &&
	      memcmp(back.ddp_hdr, ti.ddp_hdr, 18) == 0);
	CHECK(iw_rdmap_term_decode(out, 10, &back) == IW_EINVAL);
}

/* ---- the in-memory link: two MPA ends joined by a byte ring each way --------------------- */

#define ST_RING 8192u /* octets one direction holds: less than a Write, so sends are partial */

struct st_end {
	iw_mpa_conn c;
	u8 ring[ST_RING];        /* what this end sent and its peer has not read yet */
	u32 head, len;           /* first unread octet, unread octets */
	int blocked;             /* a send was cut short: tx_resume when the ring drains */
	int closed, nerr, ncrc_err, nest;
	u64 crc_octets;          /* octets the host's CRC op (the kernel's crc32c) covered */
	u8 rx[4096];             /* raw MPA ULP: the ULPDUs delivered, back to back */
	size_t rx_len;
	unsigned int ndeliv;
};

static iw_status st_send(void *ctx, const iw_iov *iov, size_t n, size_t *acc)
{
	struct st_end *e = ctx;
	size_t i;

	*acc = 0;
	for (i = 0; i < n; i++) {
		const u8 *p = iov[i].base;
		size_t k;

		for (k = 0; k < iov[i].len; k++) {
			if (e->len == ST_RING) {
				e->blocked = 1;
				return *acc ? IW_OK : IW_EAGAIN;
			}
			e->ring[(e->head + e->len) % ST_RING] = p[k];
			e->len++;
			(*acc)++;
		}
	}
	return IW_OK;
}
static void st_arm(void *ctx, unsigned int id, uint32_t ms) { }
static void st_cancel(void *ctx, unsigned int id) { }
static void st_close(void *ctx, int abortive) { ((struct st_end *)ctx)->closed = 1; }
static uint32_t st_crc_op(void *ctx, uint32_t crc, const void *p, size_t n)
{
	((struct st_end *)ctx)->crc_octets += n;
	return iwk_crc32c(crc, p, n);
}
static const iw_mpa_host_ops st_mpa_host = {
	.send = st_send,
	.timer_arm = st_arm,
	.timer_cancel = st_cancel,
	.close = st_close,
	.crc32c = st_crc_op,
};

/* Move octets both ways until nothing moves: each end's ring is fed to the peer's MPA, in
 * contiguous pieces; a sender that was cut short resumes once its ring has room. flip >= 0:
 * the octet at that offset of what a sends next is inverted on the way (then reset to -1). */
static void st_flow(struct st_end *a, struct st_end *b, long *flip)
{
	int round;

	for (round = 0; round < 100000; round++) {
		int moved = 0, s;

		for (s = 0; s < 2; s++) {
			struct st_end *x = s ? b : a, *y = s ? a : b;
			size_t piece, used = 0;

			if (x->len) {
				piece = min_t(size_t, x->len, ST_RING - x->head);
				if (!s && flip && *flip >= 0) {
					if ((size_t)*flip < piece) {
						x->ring[x->head + *flip] ^= 0xFF;
						*flip = -1;
					} else {
						*flip -= (long)piece;
					}
				}
				(void)iw_mpa_rx_feed(&y->c, x->ring + x->head, piece, &used);
				if (!used)
					used = piece; /* a closed end takes nothing: drop it */
				x->head = (x->head + (u32)used) % ST_RING;
				x->len -= (u32)used;
				moved = 1;
			}
			if (x->blocked && x->len < ST_RING) {
				x->blocked = 0;
				(void)iw_mpa_tx_resume(&x->c);
				moved = 1;
			}
		}
		if (!moved)
			return;
	}
}

/* ---- 3. MPA over the link --------------------------------------------------------------- */

static void st_ulp_request(void *uctx, const iw_mpa_info *in)
{
	(void)iw_mpa_accept(&((struct st_end *)uctx)->c, 8, 8, NULL, 0);
}
static void st_ulp_established(void *uctx, const iw_mpa_info *in)
{
	((struct st_end *)uctx)->nest += in->crc ? 1 : 100; /* CRC must be on */
}
/* The placement contract as a reader of whole, checked ULPDUs: decline until MPA has checked
 * the FPDU, then take a copy of it (nothing placed by MPA). */
static iw_status st_ulp_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
			      unsigned int flags, iw_mpa_rx_dst **dst)
{
	struct st_end *e = uctx;

	*dst = NULL;
	if (!(flags & IW_MPA_RX_VERIFIED))
		return IW_EAGAIN;
	(void)have;
	if (e->rx_len + len <= sizeof(e->rx)) {
		memcpy(e->rx + e->rx_len, u, len);
		e->rx_len += len;
	}
	e->ndeliv++;
	return IW_OK;
}
static iw_status st_ulp_commit(void *uctx, int ok)
{
	(void)uctx;
	return ok ? IW_OK : IW_EHOST;
}
static void st_ulp_error(void *uctx, const iw_mpa_error *err)
{
	struct st_end *e = uctx;

	e->nerr++;
	if (err->mpa_ecode == IW_MPA_ECODE_CRC)
		e->ncrc_err++;
}
static const iw_mpa_ulp_ops st_raw_ulp = {
	.request = st_ulp_request,
	.established = st_ulp_established,
	.begin = st_ulp_begin,
	.commit = st_ulp_commit,
	.error = st_ulp_error,
};

/* FPDUs as they must appear on the wire (ULPDU_Length, ULPDU, pad, CRC little-endian): the
 * project's reference vectors, checked against siw. */
static const u8 st_fpdu0[] = {0x00, 0x12, 0x41, 0x43, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
			      0, 0, 0, 0, 0x58, 0x7b, 0xe8, 0xc4};
static const u8 st_fpdu1[] = {0x00, 0x0e, 0xc1, 0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
			      0xa3, 0x05, 0x72, 0xab};
static const u8 st_fpdu3[] = {0x00, 0x16, 0x41, 0x47, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1,
			      0, 0, 0, 0, 0, 0, 0, 0, 0xf9, 0xa2, 0x6f, 0x1d};

struct st_mpa {
	struct st_end a, b;
};

static int st_mpa_connect(struct st_end *a, struct st_end *b, const iw_mpa_ulp_ops *ua, void *uca,
			  const iw_mpa_ulp_ops *ub, void *ucb, u8 *ra, u8 *rb, size_t rcap)
{
	iw_mpa_cfg ca, cb;

	iw_mpa_cfg_default(&ca, IW_MPA_INITIATOR);
	iw_mpa_cfg_default(&cb, IW_MPA_RESPONDER);
	if (iw_mpa_init(&a->c, &ca, &st_mpa_host, a, ua, uca, ra, rcap) != IW_OK ||
	    iw_mpa_init(&b->c, &cb, &st_mpa_host, b, ub, ucb, rb, rcap) != IW_OK)
		return 0;
	(void)iw_mpa_start(&b->c, NULL, 0);
	(void)iw_mpa_start(&a->c, NULL, 0);
	st_flow(a, b, NULL);
	return 1;
}

static void t_mpa(struct st_mpa *m, u8 *ra, u8 *rb, size_t rcap)
{
	static const u8 *const fp[3] = {st_fpdu0, st_fpdu1, st_fpdu3};
	static const size_t fl[3] = {sizeof(st_fpdu0), sizeof(st_fpdu1), sizeof(st_fpdu3)};
	struct st_end *a = &m->a, *b = &m->b;
	size_t want_rx = 0;
	int i, wire_ok = 1;
	long flip;

	CHECK(st_mpa_connect(a, b, &st_raw_ulp, a, &st_raw_ulp, b, ra, rb, rcap));
	/* the Initiator is established at the Reply; the Responder at A's first FPDU */
	CHECK(a->nest == 1 && !a->closed && !b->closed && a->len == 0 && b->len == 0);
	for (i = 0; i < 3; i++) {
		iw_iov v = {fp[i] + 2, (size_t)iw_get_be16(fp[i])};
		u32 k;

		CHECK(iw_mpa_tx(&a->c, &v, 1) == IW_OK);
		/* the FPDU in a's ring, octet for octet, before b reads it */
		if (a->len != fl[i])
			wire_ok = 0;
		for (k = 0; k < a->len && k < fl[i]; k++)
			if (a->ring[(a->head + k) % ST_RING] != fp[i][k])
				wire_ok = 0;
		st_flow(a, b, NULL);
		want_rx += v.len;
	}
	CHECK(wire_ok);
	CHECK(b->nest == 1 && b->nerr == 0 && b->ndeliv == 3 && b->rx_len == want_rx);
	CHECK(memcmp(b->rx, st_fpdu0 + 2, 18) == 0 && memcmp(b->rx + 18, st_fpdu1 + 2, 14) == 0 &&
	      memcmp(b->rx + 32, st_fpdu3 + 2, 22) == 0);
	CHECK(a->crc_octets > 0 && b->crc_octets > 0); /* the CRC went through the kernel's crc32c */
	/* one octet of the next FPDU's ULPDU inverted on the way: not delivered, MPA CRC error */
	{
		iw_iov v = {st_fpdu0 + 2, 18};

		CHECK(iw_mpa_tx(&a->c, &v, 1) == IW_OK);
		flip = 9;
		st_flow(a, b, &flip);
		CHECK(flip == -1 && b->ndeliv == 3 && b->ncrc_err == 1);
	}
}

/* ---- 4. two RNICs over the link ----------------------------------------------------------- */

#define ST_MEM 65536u /* memory of one RNIC (page-aligned: vmalloc) */
#define ST_PG 4096u
#define ST_NPG (ST_MEM / ST_PG)
#define ST_NST 64

struct st_rn {
	iw_rnic r;
	iw_stag_ent stags[ST_NST];
	u32 pd, mr;
	u8 *mem;
	u64 pbl[ST_NPG];
	int nev;
};

struct st_qp {
	struct st_end e;
	iw_cq scq, rcq;
	iw_wc sring[64], rring[64];
	iw_qp qp;
	iw_swqe swqe[32];
	iw_rdmap_wr rwr[32];
	iw_recv_wr rwqe[32];
	iw_rdmap_inreq inreq[8];
	u8 reasm[16384];
};

struct st_verbs {
	struct st_rn ra, rb;
	struct st_qp qa, qb;
};

static uint8_t *st_map(void *ctx, uint64_t addr, size_t len) { return (uint8_t *)(uintptr_t)addr; }
static void st_async(void *ctx, const iw_async_rec *ev) { ((struct st_rn *)ctx)->nev++; }
static const iw_rnic_host_ops st_rnic_host = {.map = st_map, .async_event = st_async};

static iw_mpa_ulp_ops st_qp_resp_ulp; /* the QP's upcalls, with a request that accepts */
static void st_qp_request(void *uctx, const iw_mpa_info *in)
{
	struct st_qp *q = container_of((iw_qp *)uctx, struct st_qp, qp);

	(void)iw_mpa_accept(&q->e.c, 8, 8, NULL, 0);
}

static u64 st_va(const struct st_rn *n, size_t off) { return (u64)(uintptr_t)(n->mem + off); }

static int st_rn_open(struct st_rn *n, u8 *mem, u64 seed)
{
	iw_mr_reg g;
	u32 i;

	n->mem = mem;
	for (i = 0; i < ST_NPG; i++)
		n->pbl[i] = st_va(n, i * ST_PG);
	if (iw_rnic_open(&n->r, &st_rnic_host, n, n->stags, ST_NST, seed, 0) != IW_V_OK ||
	    iw_pd_alloc(&n->r, &n->pd) != IW_V_OK)
		return 0;
	memset(&g, 0, sizeof(g));
	g.pd = n->pd;
	g.key = 7;
	g.acc = IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE |
		IW_ACC_REMOTE_ATOMIC;
	g.va = st_va(n, 0);
	g.len = ST_MEM;
	g.page_size = ST_PG;
	g.pbl = n->pbl;
	g.npbl = ST_NPG;
	return iw_mr_register(&n->r, &g, &n->mr) == IW_V_OK;
}

static int st_qp_open(struct st_qp *q, struct st_rn *n)
{
	iw_qp_cfg qc;
	iw_qp_mem qm;

	if (iw_cq_create(&n->r, &q->scq, q->sring, 64) != IW_V_OK ||
	    iw_cq_create(&n->r, &q->rcq, q->rring, 64) != IW_V_OK)
		return 0;
	memset(&qc, 0, sizeof(qc));
	qc.pd = n->pd;
	qc.sq_depth = 32;
	qc.rq_depth = 32;
	qc.ird = 8;
	qc.ord = 8;
	qc.read_en = qc.write_en = qc.atomic_en = 1;
	qc.sq_cq = &q->scq;
	qc.rq_cq = &q->rcq;
	qm.swqe = q->swqe;
	qm.rwr = q->rwr;
	qm.rwqe = q->rwqe;
	qm.inreq = q->inreq;
	return iw_qp_create(&n->r, &q->qp, &qc, &qm) == IW_V_OK;
}

static void st_fill(u8 *p, size_t n, u32 seed)
{
	size_t i;

	for (i = 0; i < n; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		p[i] = (u8)seed;
	}
}

/* mem[off..off+n) equals want, and the 64 octets either side still hold the fill byte g */
static int st_same(const u8 *mem, size_t off, const u8 *want, size_t n, u8 g)
{
	size_t i;

	if (memcmp(mem + off, want, n) != 0)
		return 0;
	for (i = 1; i <= 64; i++)
		if ((off >= i && mem[off - i] != g) || (off + n - 1 + i < ST_MEM && mem[off + n - 1 + i] != g))
			return 0;
	return 1;
}

static int st_post(struct st_qp *q, const iw_send_wr *w)
{
	size_t n = 0;

	return iw_qp_post_sq(&q->qp, w, 1, &n) == IW_V_OK && n == 1;
}

static int st_poll(iw_cq *cq, u64 id, iw_wr_type t, u32 len)
{
	iw_wc wc;

	if (iw_cq_poll(cq, &wc) != IW_V_OK)
		return 0;
	if (wc.wr_id != id || wc.status != IW_WC_SUCCESS || wc.type != t) {
		pr_err("iwarp_selftest: WC id %llu type %d status %d (%s), wanted id %llu type %d\n",
		       (unsigned long long)wc.wr_id, wc.type, wc.status, iw_wc_status_str(wc.status),
		       (unsigned long long)id, t);
		return 0;
	}
	return t != IW_WR_RECV || wc.len == len;
}

static iw_send_wr st_wr(iw_wr_type t, u64 id, u32 stag, u64 to, u32 len)
{
	iw_send_wr w;

	memset(&w, 0, sizeof(w));
	w.type = t;
	w.wr_id = id;
	w.flags = IW_WR_SIGNALED;
	w.nsge = 1;
	w.sgl[0].stag = stag;
	w.sgl[0].to = to;
	w.sgl[0].len = len;
	return w;
}

static int st_recv(struct st_qp *q, u64 id, u32 stag, u64 to, u32 len)
{
	iw_recv_wr r;
	size_t n = 0;

	memset(&r, 0, sizeof(r));
	r.wr_id = id;
	r.nsge = 1;
	r.sgl[0].stag = stag;
	r.sgl[0].to = to;
	r.sgl[0].len = len;
	return iw_qp_post_rq(&q->qp, &r, 1, &n) == IW_V_OK && n == 1;
}

static void t_verbs(struct st_verbs *v, u8 *mema, u8 *memb, u8 *ref)
{
	struct st_rn *ra = &v->ra, *rb = &v->rb;
	struct st_qp *qa = &v->qa, *qb = &v->qb;
	iw_qp_attr at;
	iw_send_wr w;
	iw_wc wc;
	u64 x;

	memset(mema, 0xA5, ST_MEM);
	memset(memb, 0xB6, ST_MEM);
	CHECK(st_rn_open(ra, mema, 11) && st_rn_open(rb, memb, 22));
	CHECK(st_qp_open(qa, ra) && st_qp_open(qb, rb));
	st_qp_resp_ulp = *iw_qp_mpa_ulp_ops();
	st_qp_resp_ulp.request = st_qp_request;
	CHECK(st_mpa_connect(&qa->e, &qb->e, iw_qp_mpa_ulp_ops(), &qa->qp, &st_qp_resp_ulp, &qb->qp,
			     qa->reasm, qb->reasm, sizeof(qa->reasm)));
	memset(&at, 0, sizeof(at));
	at.next_state = IW_QP_RTS;
	at.llp = &qb->e.c;
	CHECK(iw_qp_modify(&qb->qp, &at) == IW_V_OK);
	at.llp = &qa->e.c;
	CHECK(iw_qp_modify(&qa->qp, &at) == IW_V_OK);
	CHECK(iw_qp_state(&qa->qp) == IW_QP_RTS && iw_qp_state(&qb->qp) == IW_QP_RTS);
	if (iw_qp_state(&qa->qp) != IW_QP_RTS || iw_qp_state(&qb->qp) != IW_QP_RTS)
		return;

	/* Send A -> B, 5000 octets: four FPDUs at the default EMSS, more than one ring's worth of
	 * partial sends on the way */
	st_fill(mema, 5000, 0x1111);
	CHECK(st_recv(qb, 100, rb->mr, st_va(rb, 1024), 6000));
	w = st_wr(IW_WR_SEND, 1, ra->mr, st_va(ra, 0), 5000);
	CHECK(st_post(qa, &w));
	st_flow(&qa->e, &qb->e, NULL);
	CHECK(st_poll(&qa->scq, 1, IW_WR_SEND, 0));
	CHECK(st_poll(&qb->rcq, 100, IW_WR_RECV, 5000));
	CHECK(st_same(memb, 1024, mema, 5000, 0xB6));

	/* Send B -> A, 1 octet and 1500 octets */
	st_fill(memb + 40000, 1500, 0x2222);
	CHECK(st_recv(qa, 200, ra->mr, st_va(ra, 8192), 1));
	CHECK(st_recv(qa, 201, ra->mr, st_va(ra, 9216), 2000));
	w = st_wr(IW_WR_SEND, 2, rb->mr, st_va(rb, 40000), 1);
	CHECK(st_post(qb, &w));
	w = st_wr(IW_WR_SEND, 3, rb->mr, st_va(rb, 40000), 1500);
	CHECK(st_post(qb, &w));
	st_flow(&qa->e, &qb->e, NULL);
	CHECK(st_poll(&qb->scq, 2, IW_WR_SEND, 0) && st_poll(&qb->scq, 3, IW_WR_SEND, 0));
	CHECK(st_poll(&qa->rcq, 200, IW_WR_RECV, 1) && st_poll(&qa->rcq, 201, IW_WR_RECV, 1500));
	CHECK(st_same(mema, 8192, memb + 40000, 1, 0xA5));
	CHECK(st_same(mema, 9216, memb + 40000, 1500, 0xA5));

	/* RDMA Write A -> B, 20000 octets at an odd offset of B's memory */
	st_fill(mema + 12000, 20000, 0x3333);
	w = st_wr(IW_WR_WRITE, 4, ra->mr, st_va(ra, 12000), 20000);
	w.remote_stag = rb->mr;
	w.remote_to = st_va(rb, 8193);
	CHECK(st_post(qa, &w));
	st_flow(&qa->e, &qb->e, NULL);
	CHECK(st_poll(&qa->scq, 4, IW_WR_WRITE, 0));
	CHECK(st_same(memb, 8193, mema + 12000, 20000, 0xB6));
	CHECK(iw_cq_poll(&qb->rcq, &wc) == IW_V_CQ_EMPTY); /* a Write completes nothing at B */

	/* RDMA Read: A reads 16000 octets of B into its memory */
	st_fill(ref, 16000, 0x4444);
	memcpy(memb + 45000, ref, 16000);
	w = st_wr(IW_WR_READ, 5, ra->mr, st_va(ra, 40001), 16000);
	w.remote_stag = rb->mr;
	w.remote_to = st_va(rb, 45000);
	CHECK(st_post(qa, &w));
	st_flow(&qa->e, &qb->e, NULL);
	CHECK(st_poll(&qa->scq, 5, IW_WR_READ, 0));
	CHECK(st_same(mema, 40001, ref, 16000, 0xA5));

	/* Atomics on 8 octets of B: Fetch-and-Add, then Compare-and-Swap; the original values
	 * come back into A's memory */
	x = 0x0102030405060708ull;
	memcpy(memb + 64, &x, 8);
	w = st_wr(IW_WR_FETCHADD, 6, ra->mr, st_va(ra, 64), 8);
	w.remote_stag = rb->mr;
	w.remote_to = st_va(rb, 64);
	w.add_swap = 0x1000;
	CHECK(st_post(qa, &w));
	w.type = IW_WR_CMPSWAP;
	w.wr_id = 7;
	w.sgl[0].to = st_va(ra, 72);
	w.cmp = 0x0102030405061708ull;
	w.cmp_mask = ~0ull;
	w.add_swap = 0xCAFEF00DDEADBEEFull;
	w.add_swap_mask = ~0ull;
	CHECK(st_post(qa, &w));
	st_flow(&qa->e, &qb->e, NULL);
	CHECK(st_poll(&qa->scq, 6, IW_WR_FETCHADD, 0) && st_poll(&qa->scq, 7, IW_WR_CMPSWAP, 0));
	memcpy(&x, mema + 64, 8);
	CHECK(x == 0x0102030405060708ull);
	memcpy(&x, mema + 72, 8);
	CHECK(x == 0x0102030405061708ull);
	memcpy(&x, memb + 64, 8);
	CHECK(x == 0xCAFEF00DDEADBEEFull);

	/* nothing else happened: no error, no event, CRC through the kernel's crc32c both ways */
	CHECK(qa->e.nerr == 0 && qb->e.nerr == 0 && ra->nev == 0 && rb->nev == 0);
	CHECK(!qa->e.closed && !qb->e.closed);
	CHECK(qa->e.crc_octets >= 42501 && qb->e.crc_octets >= 42501); /* 25000 payload one way, 17501 the other */
	CHECK(iw_cq_poll(&qa->scq, &wc) == IW_V_CQ_EMPTY && iw_cq_poll(&qb->scq, &wc) == IW_V_CQ_EMPTY);
	pr_info("iwarp_selftest: exchange: Sends 5000+1+1500, Write 20000, Read 16000, FetchAdd, CmpSwap; CRC over %llu + %llu octets\n",
		(unsigned long long)qa->e.crc_octets, (unsigned long long)qb->e.crc_octets);
}

/* ---- module ------------------------------------------------------------------------------ */

struct st_all {
	struct st_mpa mpa;
	u8 ra[4096], rb[4096];
	struct st_verbs v;
	u8 ref[16384];
};

static int __init iwarp_selftest_init(void)
{
	struct st_all *s = vzalloc(sizeof(*s));
	u8 *raw = vzalloc(2 * ST_MEM + ST_PG), *mem = PTR_ALIGN(raw, ST_PG); /* vmalloc: aligned */

	if (!s || !raw) {
		vfree(s);
		vfree(raw);
		return -ENOMEM;
	}
	st_pass = st_fail = 0;
	t_crc();
	t_codecs();
	t_mpa(&s->mpa, s->ra, s->rb, sizeof(s->ra));
	t_verbs(&s->v, mem, mem + ST_MEM, s->ref);
	vfree(raw);
	vfree(s);
	pr_info("iwarp_selftest: %u passed, %u failed\n", st_pass, st_fail);
	return st_fail ? -EINVAL : 0;
}

static void __exit iwarp_selftest_exit(void)
{
}

module_init(iwarp_selftest_init);
module_exit(iwarp_selftest_exit);
