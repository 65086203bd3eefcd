/* ddp.h: Direct Data Placement for iWARP (RFC 5041), tagged and untagged buffer models.
 *
 * SPDX-License-Identifier: MIT
 *
 * QUICK START
 *   In exactly one C file:
 *       #define IWARP_IMPLEMENTATION
 *       #include "ddp.h"          (includes mpa.h: iw_status, iw_iov, byte order, CRC32c)
 *   everywhere else just #include "ddp.h". IWARP_STATIC makes every function static.
 *
 *   iw_ddp_stream s;                        caller-owned; sizeof is public
 *   iw_ddp_init(&s, &llp_ops, llp_ctx, &mem_ops, mem_ctx, &ulp_ops, ulp_ctx);
 *   ... one whole ULPDU (DDP segment) from the LLP:   iw_ddp_rx(&s, ulpdu, len);
 *   ... send a message (gather list, cut to MULPDU):  iw_ddp_send(&s, &msg);
 *   ... the LLP can take more / finished a segment:   iw_ddp_tx_resume(&s);
 *
 * DDP does not depend on MPA: it reaches the layer below through iw_ddp_llp_ops (send one
 * segment as a gather list, the current MULPDU, busy). Over mpa.h, use the adapters at the end
 * of the API (iw_ddp_mpa_llp_ops(), iw_ddp_mpa_deliver, iw_ddp_mpa_place/commit,
 * iw_ddp_mpa_tx_done).
 *
 * RECEIVE. Every field of a segment is checked before any memory is touched (RFC 5041 §7.1):
 *   DV, then the ULP's own check of its RsvdULP octet (RDMAP: version and opcode), then the
 *   model's rules. Tagged: (STag, TO, length, access) is resolved through mem_ops.resolve, which
 *   answers one of a fixed set of outcomes (iw_ddp_xlate), mapped to Terminate codes by ONE
 *   table (iw_ddp_xlate_term); payload goes only into the pointers it returned for exactly that
 *   range. Untagged: expected MSN per queue, the buffer from ulp_ops.rx_buf at the first
 *   segment, MO and length against it. A message is delivered (ulp_ops.deliver) when its
 *   L = 1 segment is placed. The first error is kept (with the offending header, for the
 *   Terminate the ULP sends: RFC 5040 §7), reported once through ulp_ops.error, and every
 *   later segment is dropped unplaced.
 *   Receive is mpa.h's placement contract: iw_ddp_rx_begin checks a segment from its header
 *   and names the pieces its payload goes to; the LLP copies the payload there (MPA computes
 *   its CRC on the way: the CRC is MPA's business only) and calls iw_ddp_rx_commit, which
 *   completes the segment only if the LLP found it good. iw_ddp_rx is the same for a ULPDU the
 *   LLP checked already (begin, copy, commit).
 *
 * TRANSMIT. One message at a time (segments of different messages are never interleaved,
 *   DDP-013): iw_ddp_send takes the header fields and a gather list of payload pointers (not
 *   copied: they stay referenced until ulp_ops.sent), cuts it into segments of at most MULPDU
 *   octets, header included (DDP-006), with TO or MO advancing per segment, L on the last one
 *   only, MSN per untagged queue. When the LLP says "not now", the same segment is offered
 *   again from iw_ddp_tx_resume: nothing is lost or sent twice.
 *
 * LIMITS: queues 0 .. IW_CFG_DDP_QN - 1 (4: RDMAP's QN 0-3); an untagged receive buffer of at
 *   most IW_CFG_DDP_RX_SGE pieces; a tagged range resolves to at most IW_CFG_DDP_DST_IOV
 *   pieces; at most IW_CFG_DDP_TX_PIECES payload pieces per segment (a segment is cut short
 *   at that many pieces); a message is less than 2^32 octets (DDP-007).
 *
 * No allocation, no blocking, no global state. Licence: see the end of mpa.h (MIT).
 */
#ifndef IW_DDP_H
#define IW_DDP_H
#include "mpa.h"

#ifndef IW_CFG_DDP_ERR_ULP_HDR
#define IW_CFG_DDP_ERR_ULP_HDR 52 /* ULP header octets kept with a refused segment for its
                                     Terminate (RDMAP: 52 with atomics, else 28 suffice) */
#endif
#ifndef IW_CFG_DDP_QN
#define IW_CFG_DDP_QN 4 /* untagged queues per stream (RDMAP uses QN 0..3, RFC 7306 §10.2) */
#endif
#ifndef IW_CFG_DDP_RX_SGE
#define IW_CFG_DDP_RX_SGE 4 /* pieces of one untagged receive buffer */
#endif
#ifndef IW_CFG_DDP_DST_IOV
#define IW_CFG_DDP_DST_IOV 18 /* pieces of one resolved tagged range (65535 over 4 KiB pages) */
#endif
#ifndef IW_CFG_DDP_TX_PIECES
#define IW_CFG_DDP_TX_PIECES (IW_CFG_MPA_MAX_IOV - 1) /* payload pieces per segment */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- wire format (RFC 5041 §4) -------------------------------------------------------- */

#define IW_DDP_TAGGED_HDR 14   /* control 2, STag 4, TO 8 (DDP-003) */
#define IW_DDP_UNTAGGED_HDR 18 /* control 2, RsvdULP 4, QN 4, MSN 4, MO 4 (DDP-004) */
#define IW_DDP_MAX_HDR 18
#define IW_DDP_F_TAGGED 0x80u  /* control octet 0 (DDP-001) */
#define IW_DDP_F_LAST 0x40u
#define IW_DDP_F_RSVD 0x3Cu    /* 0 on transmit, not checked on receive */
#define IW_DDP_F_DV 0x03u
#define IW_DDP_VERSION 1u      /* DV = 01b (DDP-002) */

/* One DDP header, decoded. */
typedef struct iw_ddp_hdr {
    uint8_t tagged, last;
    uint8_t dv;       /* as received; always IW_DDP_VERSION on transmit */
    uint8_t ulp;      /* RsvdULP[0:7], octet 1: RDMAP's control octet */
    uint32_t ulp32;   /* untagged only: RsvdULP[8:39] (RDMAP: Invalidate STag) */
    uint32_t stag;    /* tagged */
    uint64_t to;      /* tagged */
    uint32_t qn, msn, mo; /* untagged */
} iw_ddp_hdr;

/* Header length for the model of control octet 0. */
IW_INLINE size_t iw_ddp_hdr_len(uint8_t ctrl0)
{
    return (ctrl0 & IW_DDP_F_TAGGED) ? IW_DDP_TAGGED_HDR : IW_DDP_UNTAGGED_HDR;
}
/* Write h into out (>= IW_DDP_MAX_HDR octets) with DV = 01b and Rsvd = 0; returns the length. */
IW_DEF size_t iw_ddp_hdr_encode(const iw_ddp_hdr *h, uint8_t *out);
/* Decode the header at p[0..len): IW_OK and *hlen, or IW_EAGAIN if len is shorter than the
 * header the T bit announces (0 octets: IW_EAGAIN too). Nothing is validated here. */
IW_DEF iw_status iw_ddp_hdr_decode(const uint8_t *p, size_t len, iw_ddp_hdr *h, size_t *hlen);

/* ---- Terminate codes of Layer 1, DDP (RFC 5041 §7.2; docs/spec-notes.md DDP §6) ---------- */

#define IW_DDP_LAYER 1u
#define IW_DDP_ETYPE_CATASTROPHIC 0u
#define IW_DDP_ETYPE_TAGGED 1u
#define IW_DDP_ETYPE_UNTAGGED 2u
/* tagged (EType 1) */
#define IW_DDP_T_INVALID_STAG 0x00u
#define IW_DDP_T_BOUNDS 0x01u
#define IW_DDP_T_NOT_ASSOC 0x02u
#define IW_DDP_T_TO_WRAP 0x03u
#define IW_DDP_T_DV 0x04u
/* untagged (EType 2) */
#define IW_DDP_U_INVALID_QN 0x01u
#define IW_DDP_U_NO_BUF 0x02u
#define IW_DDP_U_MSN_RANGE 0x03u
#define IW_DDP_U_INVALID_MO 0x04u
#define IW_DDP_U_TOO_LONG 0x05u
#define IW_DDP_U_DV 0x06u

/* Short text for a DDP Terminate triple ("?" when not a DDP code). */
IW_DEF const char *iw_ddp_term_str(iw_term t);

/* ---- memory translation (host or verbs.h) --------------------------------------------- */

/* Access a tagged segment needs (ulp_ops.check may ask for others). */
#define IW_DDP_ACC_REMOTE_WRITE 0x1u /* placement by RDMA Write or Read Response */
#define IW_DDP_ACC_REMOTE_READ 0x2u  /* source of a Read Response (RDMAP) */

/* The fixed outcomes of a translation (docs/style.md §5); iw_ddp_xlate_term maps each to its
 * code. */
typedef enum iw_ddp_xlate {
    IW_DDP_X_OK = 0,
    IW_DDP_X_INVALID_STAG, /* no such STag, not Valid, key mismatch, STag 0 -> (1,1,0x00) */
    IW_DDP_X_BOUNDS,       /* TO below the base, or TO + len past the end  -> (1,1,0x01) */
    IW_DDP_X_NOT_ASSOC,    /* PD mismatch, window bound to another QP      -> (1,1,0x02) */
    IW_DDP_X_ACCESS,       /* the STag lacks the right asked for           -> (1,1,0x00) (siw) */
    IW_DDP_X_TO_WRAP       /* TO + len wraps past 2^64 - 1                 -> (1,1,0x03) */
} iw_ddp_xlate;

/* The Terminate triple for a translation outcome (Layer 1, EType 1). The one table. */
IW_DEF iw_term iw_ddp_xlate_term(iw_ddp_xlate x);

/* A writable piece of memory (mpa.h's iw_mpa_piece: what iw_ddp_rx_begin hands the LLP). */
typedef iw_mpa_piece iw_ddp_buf;

/*@ axiomatic iw_ddp_place { // proofs only (prove/wp_place.c, docs/verification-prove.md)
      predicate iw_ddp_xlated(iw_ddp_buf p); // p: a piece the translation returned
      predicate iw_ddp_dest{L}(struct iw_ddp_stream *s, uint8_t *b, integer n); // b[0..n) in one
    }
    logic integer iw_ddp_span{L}(iw_ddp_buf *b, integer n) = // octets in b[0 .. n)
        n <= 0 ? 0 : iw_ddp_span(b, n - 1) + b[n - 1].len; */

typedef struct iw_ddp_mem_ops {
    /* REQUIRED. Resolve octets [to, to + len) of stag for this stream with the rights in
     * access (IW_DDP_ACC_*), checking in this order: STag valid, associated with the stream,
     * access, TO wrap, bounds (docs/spec-notes.md DDP §6.1). On IW_DDP_X_OK fill dst[0..*n),
     * *n <= max, with pieces that cover exactly len octets in order. Called only with len > 0, before any
     * octet is placed. Must not block or call back into the stream. */
    iw_ddp_xlate (*resolve)(void *mctx, uint32_t stag, uint64_t to, uint32_t len,
                            unsigned access, iw_ddp_buf *dst, size_t max, size_t *n);
} iw_ddp_mem_ops;

/* ---- the layer below (LLP) ------------------------------------------------------------ */

typedef struct iw_ddp_llp_ops {
    /* REQUIRED. Take one segment (one ULPDU: header piece then payload pieces). IW_OK: taken;
     * the pieces stay referenced while busy() says so. IW_EAGAIN: not now (offered again from
     * iw_ddp_tx_resume). Anything else is fatal to the stream (IW_EHOST). */
    iw_status (*send)(void *lctx, const iw_iov *iov, size_t n);
    /* REQUIRED. The current MULPDU: the largest segment, header included (RFC 5041 §5.2). */
    uint32_t (*mulpdu)(void *lctx);
    /* REQUIRED. Nonzero while the last segment taken still references its pieces; the LLP
     * then calls iw_ddp_tx_resume when it is done with them. */
    int (*busy)(void *lctx);
    /* The ULP's requests to the LLP itself, passed through by iw_ddp_llp_close,
     * iw_ddp_llp_no_terminate and iw_ddp_llp_initiator (NULL: the defaults given there).
     * close: close gracefully once what was taken has gone out. no_terminate: the ULP sent the
     * stream's Terminate or received the peer's, the LLP must not send one of its own (one
     * Terminate per stream, RFC 5040 §5.4). initiator: nonzero at the end that started the
     * connection (the MSNs of an RTR the LLP exchanged itself depend on it). */
    void (*close)(void *lctx);
    void (*no_terminate)(void *lctx);
    int (*initiator)(void *lctx);
} iw_ddp_llp_ops;

/* ---- the layer above (ULP: RDMAP) ----------------------------------------------------- */

/* The first error of a stream, with what the Terminate needs (RFC 5040 §4.8). */
typedef struct iw_ddp_error {
    iw_status status;  /* IW_ETERM (peer error), IW_EHOST (LLP or host failure) */
    iw_term term;      /* Layer, EType, Code */
    uint8_t hdr[IW_DDP_MAX_HDR + IW_CFG_DDP_ERR_ULP_HDR]; /* the segment's first octets: DDP +
                                                           RDMAP headers */
    uint8_t hdr_len;   /* octets valid in hdr */
    uint8_t has_hdr;   /* the DDP header is whole (Terminate D bit) */
    uint32_t seg_len;  /* the segment's length */
} iw_ddp_error;

typedef struct iw_ddp_ulp_ops {
    /* OPTIONAL (NULL: tagged segments need IW_DDP_ACC_REMOTE_WRITE, untagged any queue).
     * Called for every segment after the DV check and before the model's checks (RDMAP: RV,
     * opcode, queue of the opcode). Return IW_OK and set *access for a tagged segment, or
     * IW_ETERM with *t set: the segment is refused with that Terminate triple. */
    iw_status (*check)(void *uctx, const iw_ddp_hdr *h, unsigned *access, iw_term *t);
    /* REQUIRED when untagged messages are received. The first segment of the untagged message
     * (h->qn, h->msn) arrived: fill bufs[0..*n), *n <= max, with its receive buffer (total
     * capacity = sum of lengths; a zero-length buffer is fine), or return IW_ETERM with *t
     * (e.g. (1,2,0x02) no buffer, (1,2,0x03) beyond IRD). */
    iw_status (*rx_buf)(void *uctx, const iw_ddp_hdr *h, iw_ddp_buf *bufs, size_t max,
                        size_t *n, iw_term *t);
    /* REQUIRED. A message is complete: its L = 1 segment h is placed and every earlier
     * message delivered (DDP-035). len: the message's length (untagged: MO + payload of the
     * last segment, DDP-036). Return IW_OK, or IW_ETERM with the stream's error set through
     * iw_ddp_fail (RDMAP errors found at delivery). */
    iw_status (*deliver)(void *uctx, const iw_ddp_hdr *h, uint32_t len);
    /* OPTIONAL. The stream's first error (then nothing more is placed or delivered). */
    void (*error)(void *uctx, const iw_ddp_error *e);
    /* OPTIONAL. The message with this cookie is fully handed to the LLP, or abandoned (the
     * LLP failed, or its pull failed), and no longer referenced: its memory may be reused,
     * iw_ddp_send takes the next one. */
    void (*sent)(void *uctx, void *cookie);
} iw_ddp_ulp_ops;

/* ---- the stream ----------------------------------------------------------------------- */

/* A message to send. The sgl array and the memory it points at stay referenced until sent. */
typedef struct iw_ddp_msg {
    uint8_t tagged;
    uint8_t ulp;        /* RsvdULP[0:7] */
    uint32_t ulp32;     /* untagged: RsvdULP[8:39] */
    uint32_t stag;      /* tagged */
    uint64_t to;        /* tagged: TO of the first payload octet */
    uint32_t qn;        /* untagged; the MSN is the queue's next (DDP-014) */
    const iw_iov *sgl;
    size_t nsge;
    void *cookie;       /* handed back by ulp_ops.sent and pull */
    /* OPTIONAL (NULL: the payload is sgl[0..nsge)). A payload too scattered for one gather
     * list (an RDMA Read Response from a large registered region): len octets, described per
     * segment. pull(uctx, cookie, off, want, iov, max, &n) fills iov[0..*n), *n <= max, with pieces
     * covering between 1 and want octets starting at message offset off (want >= 1). Any
     * status but IW_OK abandons the message: no further segment is sent (the ULP follows it
     * with a Terminate) and ulp_ops.sent is called as for a finished message. */
    iw_status (*pull)(void *uctx, void *cookie, uint32_t off, uint32_t want, iw_iov *iov, size_t max,
                      size_t *n);
    uint32_t len;       /* with pull: the message length */
} iw_ddp_msg;

typedef struct iw_ddp_stats {
    uint32_t tx_msgs, tx_segs, rx_segs, rx_msgs;
    uint32_t rx_dropped; /* segments dropped after the first error (DDP-034) */
} iw_ddp_stats;

/* Receive state of one untagged queue. */
typedef struct iw_ddp_rxq {
    uint32_t msn;    /* expected MSN (DDP-015) */
    uint32_t got;    /* octets of the message in progress */
    uint32_t cap;    /* its buffer's capacity */
    uint8_t active;  /* a message is in progress */
    uint8_t nbuf;
    iw_ddp_buf buf[IW_CFG_DDP_RX_SGE];
} iw_ddp_rxq;

/* The stream. Caller-owned; the fields are private. */
typedef struct iw_ddp_stream {
    const iw_ddp_llp_ops *llp;
    void *lctx;
    const iw_ddp_mem_ops *mem;
    void *mctx;
    const iw_ddp_ulp_ops *ulp;
    void *uctx;
    iw_crc32c_kernels crc; /* iw_ddp_rx's copy kernel: the host's, or selected at its 1st copy */
    iw_ddp_error err;
#if IW_CFG_STATS
    iw_ddp_stats stats;
#endif
    /* receive */
    iw_ddp_rxq rq[IW_CFG_DDP_QN];
    uint8_t rt_active;  /* a tagged message is in progress */
    uint32_t rt_stag, rt_len;
    uint64_t rt_next_to;
    uint8_t pend;       /* a placed segment waits for iw_ddp_rx_commit: IW__DDP_P_* */
    iw_ddp_hdr pend_hdr; /* its header, when commit needs it (untagged, or L = 1) */
    uint32_t pend_n;    /* its payload length */
    iw_ddp_error pend_err; /* IW__DDP_P_FAIL: its refusal (fused: the CRC decides which error wins) */
    iw_mpa_rx_dst pend_dst; /* its payload's destination (pend_piece) while pending */
    iw_ddp_buf pend_piece[IW_CFG_DDP_DST_IOV];
    uint8_t pend_raw[IW_DDP_MAX_HDR]; /* the segment taken last: its header (iw_ddp_rx_seg) */
    uint8_t pend_hl;    /* how many octets of pend_raw count */
    uint32_t pend_len;  /* and its ULPDU length */
    /* transmit */
    uint32_t tx_msn[IW_CFG_DDP_QN]; /* last MSN sent per queue */
    iw_ddp_msg tx;
    uint8_t tx_active, tx_done_segs, tx_first;
    uint32_t tx_total, tx_off, tx_msn_cur;
    size_t tx_sge;
    size_t tx_sge_off;
    uint8_t tx_hdr[IW_DDP_MAX_HDR];
    iw_iov tx_iov[IW_CFG_DDP_TX_PIECES + 1];
} iw_ddp_stream;

/* Bind the ops (the tables and contexts must outlive the stream); all queues expect MSN 1
 * (DDP-015). IW_EINVAL when a REQUIRED op is missing. */
IW_DEF iw_status iw_ddp_init(iw_ddp_stream *s, const iw_ddp_llp_ops *llp, void *lctx,
                             const iw_ddp_mem_ops *mem, void *mctx, const iw_ddp_ulp_ops *ulp,
                             void *uctx);

/* Receive, step 1 (mpa.h's iw_mpa_ulp_ops.begin): a segment of len octets whose first have
 * octets are u (have == len: all of it). Runs every check of RFC 5041 §7.1 (DV, the ULP's
 * check, then tagged: DDP-025, the resolver, DDP-037; untagged: QN, MSN, MO, the receive
 * buffer from rx_buf at a message's first segment, its length) before any octet is placed and
 * answers IW_OK with *dst = the pieces its payload u[hdr_len..len) goes to (n may be 0: a
 * zero-length payload, or nothing: a refused segment is held, with *dst NULL, until the commit
 * says whether its header can be trusted). The segment is pending: nothing completes before
 * step 2, iw_ddp_rx_commit. *dst is the stream's own: its n becomes 0 once the segment stops
 * pending (commit, the stream's first error, iw_ddp_rx_revoke: nothing more is placed,
 * DDP-034). IW_EAGAIN (declined, nothing changed) only for a segment cut short (have < len)
 * that is untagged or refused: the caller reassembles it and begins again with all of it.
 * The stream's sticky status once it failed (dropped, DDP-034). flags: mpa.h's
 * IW_MPA_RX_VERIFIED or 0 (DDP treats both alike). */
IW_DEF iw_status iw_ddp_rx_begin(iw_ddp_stream *s, const uint8_t *u, size_t have, size_t len,
                                 unsigned flags, iw_mpa_rx_dst **dst);
/* Receive, step 2: ok != 0: complete (deliver) the pending segment, or report its refusal
 * (IW_ETERM); ok == 0 (the LLP found it bad: CRC): forget it, its bookkeeping undone; the LLP
 * reports its own error. IW_ESTATE when nothing is pending. */
IW_DEF iw_status iw_ddp_rx_commit(iw_ddp_stream *s, int ok);
/* One whole ULPDU the LLP checked already (length, CRC): iw_ddp_rx_begin, its payload copied
 * into the pieces, iw_ddp_rx_commit(1). IW_OK; IW_ETERM (this or an earlier segment was
 * refused: the stream's sticky error); IW_EHOST. */
IW_DEF iw_status iw_ddp_rx(iw_ddp_stream *s, const uint8_t *u, size_t len);
/* The copy kernel iw_ddp_rx places with: a set the host selected once (iw_crc32c_kernels_
 * select), copied, so that no stream asks the CPU again. Without it, the first iw_ddp_rx
 * selects one (iw_ddp_init never asks the CPU). */
IW_INLINE void iw_ddp_set_kernels(iw_ddp_stream *s, const iw_crc32c_kernels *k) { s->crc = *k; }
/* The STag a placement cut by the end of a feed is still arriving into (iw_ddp_rx_begin took a
 * tagged segment with have < len, and it has not been committed), 0 if none. */
IW_INLINE uint32_t iw_ddp_rx_streaming(const iw_ddp_stream *s)
{
    return s->pend_dst.n && (s->pend & 0x20u) ? s->rt_stag : 0u; /* IW__DDP_P_CUT */
}
/* The DDP header (*hl octets) of the segment iw_ddp_rx_begin took last (its checks passed): what a
 * ULP quotes in the Terminate for an error in its message found at delivery (RFC 5040 §4.8). */
IW_INLINE const uint8_t *iw_ddp_rx_seg(const iw_ddp_stream *s, size_t *hl)
{
    *hl = s->pend_hl;
    return s->pend_raw;
}
/* That segment's ULPDU length (the Terminate's DDP Segment Length, RDMAP-028). */
IW_INLINE uint32_t iw_ddp_rx_seg_len(const iw_ddp_stream *s) { return s->pend_len; }
/* That STag stops being valid before the FPDU has all arrived (invalidated, deallocated or
 * re-registered by the Consumer meanwhile; RFC 5040 §8.1.1 item 6, SEC-004): the destination
 * is withdrawn at once, so no later octet is placed, and at its commit the segment fails as
 * one addressed to an invalid STag, Terminate (1, 1, 0x00) (RFC 5041 §7.2; a CRC error still
 * wins). Returns 1 if a placement was revoked, 0 if none was in progress. */
IW_DEF int iw_ddp_rx_revoke(iw_ddp_stream *s);

/* Posting without a copy: iw_ddp_send_slot returns the stream's own message slot, or NULL
 * while a message is in progress (iw_ddp_send's IW_EAGAIN). The slot comes with pull = NULL,
 * len = 0 and ulp32 = 0; every other member holds whatever the last message left there, so
 * the caller sets tagged, ulp, cookie, sgl and nsge, and stag and to (tagged) or qn
 * (untagged), plus ulp32, pull and len when it uses them. iw_ddp_send_commit then sends the
 * slot's message with iw_ddp_send's checks and outcomes (a refused message leaves nothing
 * behind). A slot filled and not committed changes nothing. */
IW_DEF iw_ddp_msg *iw_ddp_send_slot(iw_ddp_stream *s);
IW_DEF iw_status iw_ddp_send_commit(iw_ddp_stream *s);
/* Queue one message (a copy of *m into the slot, then iw_ddp_send_commit). IW_OK: taken (segments go out now or from iw_ddp_tx_resume); IW_EAGAIN:
 * a message is still in progress; IW_EINVAL: bad argument (2^32 octets or more, DDP-007; a QN
 * beyond IW_CFG_DDP_QN; NULL pieces; a tagged range past TO 2^64 - 1); IW_EHOST once the LLP
 * failed. A receive error does not close transmit: the ULP still sends its Terminate. */
IW_DEF iw_status iw_ddp_send(iw_ddp_stream *s, const iw_ddp_msg *m);
/* The LLP can take more: continue the message in progress. */
IW_DEF iw_status iw_ddp_tx_resume(iw_ddp_stream *s);
IW_INLINE int iw_ddp_tx_busy(const iw_ddp_stream *s) { return s->tx_active; }

/* Record an error found above DDP (RDMAP at delivery) as the stream's first error: nothing
 * more is placed or delivered. Returns the sticky status. */
IW_DEF iw_status iw_ddp_fail(iw_ddp_stream *s, iw_status st, iw_term t, const uint8_t *seg,
                             size_t seg_len);

/* The LLP is gone: abandon the message in progress (ulp_ops.sent hands it back; nothing more
 * of it is offered). No effect when none is. */
IW_DEF void iw_ddp_tx_abort(iw_ddp_stream *s);

/* A message of queue qn was sent (rx = 0) or consumed (rx = 1) by the LLP itself, not by DDP:
 * advance that direction's MSN by one (RFC 6581: MPA's own RTR, a zero-length Send or Read
 * Request with MSN 1, handled inside mpa.h). */
IW_DEF void iw_ddp_msn_skip(iw_ddp_stream *s, uint32_t qn, int rx);

/* The ULP's requests to the LLP (iw_ddp_llp_ops): close it (nothing without the op), no
 * Terminate of its own from now on (nothing without the op), whether this end initiated the
 * connection (1 without the op). */
IW_DEF void iw_ddp_llp_close(iw_ddp_stream *s);
IW_DEF void iw_ddp_llp_no_terminate(iw_ddp_stream *s);
IW_DEF int iw_ddp_llp_initiator(const iw_ddp_stream *s);

IW_INLINE const iw_ddp_error *iw_ddp_last_error(const iw_ddp_stream *s) { return &s->err; }
#if IW_CFG_STATS
IW_INLINE iw_ddp_stats iw_ddp_get_stats(const iw_ddp_stream *s) { return s->stats; }
#else
IW_INLINE iw_ddp_stats iw_ddp_get_stats(const iw_ddp_stream *s)
{
    iw_ddp_stats z = {0, 0, 0, 0, 0};
    (void)s;
    return z;
}
#endif
/* Expected MSN of untagged queue qn (< IW_CFG_DDP_QN). */
IW_INLINE uint32_t iw_ddp_rx_msn(const iw_ddp_stream *s, uint32_t qn) { return s->rq[qn].msn; }

/* ---- over mpa.h ----------------------------------------------------------------------- */

/* LLP ops over an iw_mpa_conn (lctx = the connection): iw_mpa_tx, iw_mpa_mulpdu,
 * iw_mpa_tx_busy, iw_mpa_close, iw_mpa_no_terminate, iw_mpa_role. */
IW_DEF const iw_ddp_llp_ops *iw_ddp_mpa_llp_ops(void);
/* MPA ULP upcalls for uctx = the iw_ddp_stream: begin -> iw_ddp_rx_begin, commit ->
 * iw_ddp_rx_commit, tx_done -> iw_ddp_tx_resume. Put them in the iw_mpa_ulp_ops the
 * connection uses (or call them from your own upcalls). */
IW_DEF iw_status iw_ddp_mpa_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                                  unsigned flags, iw_mpa_rx_dst **dst);
IW_DEF iw_status iw_ddp_mpa_commit(void *uctx, int ok);
IW_DEF void iw_ddp_mpa_tx_done(void *uctx);

#ifdef __cplusplus
}
#endif
#endif /* IW_DDP_H */

/* ======================================================================================== */
/* Implementation                                                                            */
/* ======================================================================================== */
#if defined(IWARP_IMPLEMENTATION) && !defined(IW_DDP_IMPLEMENTED)
#define IW_DDP_IMPLEMENTED

#ifdef __cplusplus
extern "C" {
#endif

IW_INLINE uint64_t iw__ddp_get_be64(const uint8_t *p)
{
    return ((uint64_t)iw_get_be32(p) << 32) | iw_get_be32(p + 4);
}

/* The tagged header (RFC 5041 §4.1, §4.2): T = 1, L, Rsvd = 0, DV = 01b (DDP-001, DDP-002),
 * octet 1 the ULP's, STag, TO (DDP-003). iw_ddp_hdr_encode and iw__ddp_tx_pump write it. */
IW_INLINE void iw__ddp_put_tagged(uint8_t *out, unsigned last, uint8_t ulp, uint32_t stag,
                                   uint64_t to)
{
    out[0] = (uint8_t)(IW_DDP_F_TAGGED | (last ? IW_DDP_F_LAST : 0u) | IW_DDP_VERSION);
    out[1] = ulp;
    iw_put_be32(out + 2, stag);
    iw_put_be64(out + 6, to);
}

/* see ddp.h */
IW_DEF size_t iw_ddp_hdr_encode(const iw_ddp_hdr *h, uint8_t *out)
{
    if (h->tagged) {
        iw__ddp_put_tagged(out, h->last, h->ulp, h->stag, h->to);
        return IW_DDP_TAGGED_HDR;
    }
    /* RFC 5041 §4.1: T = 0, L, Rsvd = 0, DV = 01b (DDP-001, DDP-002); octet 1 is the ULP's. */
    out[0] = (uint8_t)((h->last ? IW_DDP_F_LAST : 0u) | IW_DDP_VERSION);
    out[1] = h->ulp;
    iw_put_be32(out + 2, h->ulp32); /* §4.3 (DDP-004) */
    iw_put_be32(out + 6, h->qn);
    iw_put_be32(out + 10, h->msn);
    iw_put_be32(out + 14, h->mo);
    return IW_DDP_UNTAGGED_HDR;
}

/* The receive path's helpers are inlined into iw_ddp_rx_begin (IW_HOT). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__OPTIMIZE_SIZE__)
#define IW__DDP_PREFETCH(p) __builtin_prefetch(p)
#else
#define IW__DDP_PREFETCH(p) ((void)(p))
#endif
#if defined(__GNUC__) || defined(__clang__)
#define IW__DDP_LIKELY(c) __builtin_expect(!!(c), 1)
#define IW__DDP_UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#define IW__DDP_LIKELY(c) (c)
#define IW__DDP_UNLIKELY(c) (c)
#endif
/* iw_ddp_rx asks for the first IW__DDP_PREFETCH_LEN octets of a segment of at least
 * IW__DDP_PREFETCH_MIN before checking its header, so that they come from L2 while the ULP's
 * check and the resolver run: 4 KiB segments from L2 placed 2 ns (2-3%) faster on an AMD EPYC
 * (Zen 4). Not in iw_ddp_rx_begin: for fused receive it measured no clear gain at 256 octets
 * and a loss of 4-6 ns at 1 KiB. */
#define IW__DDP_PREFETCH_MIN 512u
#define IW__DDP_PREFETCH_LEN 1024u
static IW_HOT iw_status iw__ddp_hdr_decode(const uint8_t *p, size_t len, iw_ddp_hdr *h, size_t *hlen)
{
    size_t need;
    if (len < 1) return IW_EAGAIN;
    need = iw_ddp_hdr_len(p[0]);
    if (len < need) return IW_EAGAIN;
    h->tagged = (uint8_t)((p[0] & IW_DDP_F_TAGGED) != 0);
    h->last = (uint8_t)((p[0] & IW_DDP_F_LAST) != 0);
    h->dv = (uint8_t)(p[0] & IW_DDP_F_DV); /* Rsvd (0x3C) is not checked on receive */
    h->ulp = p[1];
    if (h->tagged) { /* every field set: no block clear before (it stalls the loads after) */
        h->stag = iw_get_be32(p + 2);
        h->to = iw__ddp_get_be64(p + 6);
        h->ulp32 = h->qn = h->msn = h->mo = 0;
    } else {
        h->stag = 0;
        h->to = 0;
        h->ulp32 = iw_get_be32(p + 2);
        h->qn = iw_get_be32(p + 6);
        h->msn = iw_get_be32(p + 10);
        h->mo = iw_get_be32(p + 14);
    }
    *hlen = need;
    return IW_OK;
}
/* see ddp.h */
IW_DEF iw_status iw_ddp_hdr_decode(const uint8_t *p, size_t len, iw_ddp_hdr *h, size_t *hlen)
{
    return iw__ddp_hdr_decode(p, len, h, hlen);
}

/* see ddp.h */
IW_DEF iw_term iw_ddp_xlate_term(iw_ddp_xlate x)
{
    /* RFC 5041 §7.2, docs/spec-notes.md DDP §6.1 (T1..T6); access: no DDP code, siw's 0x00
     * (DDP-021). */
    static const uint8_t code[] = {0, IW_DDP_T_INVALID_STAG, IW_DDP_T_BOUNDS, IW_DDP_T_NOT_ASSOC,
                                   IW_DDP_T_INVALID_STAG, IW_DDP_T_TO_WRAP};
    return iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED,
                        (unsigned)x < sizeof code ? code[x] : IW_DDP_T_INVALID_STAG);
}

/* see ddp.h */
IW_DEF const char *iw_ddp_term_str(iw_term t)
{
    static const char *const tagged[] = {"invalid STag", "base or bounds violation",
                                         "STag not associated with DDP stream", "TO wrap",
                                         "invalid DDP version"};
    static const char *const untagged[] = {"?", "invalid QN", "invalid MSN - no buffer available",
                                           "invalid MSN - MSN range is not valid", "invalid MO",
                                           "DDP message too long for available buffer",
                                           "invalid DDP version"};
    if (!IW_CFG_STRINGS) return "?";
    if (t.layer != IW_DDP_LAYER) return "?";
    if (t.etype == IW_DDP_ETYPE_CATASTROPHIC) return t.ecode == 0 ? "local catastrophic" : "?";
    if (t.etype == IW_DDP_ETYPE_TAGGED && t.ecode < 5) return tagged[t.ecode];
    if (t.etype == IW_DDP_ETYPE_UNTAGGED && t.ecode >= 1 && t.ecode < 7) return untagged[t.ecode];
    return "?";
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_init(iw_ddp_stream *s, const iw_ddp_llp_ops *llp, void *lctx,
                             const iw_ddp_mem_ops *mem, void *mctx, const iw_ddp_ulp_ops *ulp,
                             void *uctx)
{
    size_t q;
    if (!s || !llp || !llp->send || !llp->mulpdu || !llp->busy || !mem || !mem->resolve || !ulp ||
        !ulp->deliver)
        return IW_EINVAL;
    IW_MEMSET(s, 0, sizeof *s);
    s->llp = llp;
    s->lctx = lctx;
    s->mem = mem;
    s->mctx = mctx;
    s->ulp = ulp;
    s->uctx = uctx;
    s->pend_dst.piece = s->pend_piece; /* constant: what begin hands out (pend_dst) */
    for (q = 0; q < IW_CFG_DDP_QN; q++) s->rq[q].msn = 1; /* RFC 5041 §6.1 (DDP-015) */
    return IW_OK;
}

/* iw_ddp_stream.pend: what iw_ddp_rx_commit has left to do for the begun segment.
 * IW__DDP_P_TAG: a tagged segment whose bookkeeping (the rt_* state of its message)
 * iw_ddp_rx_begin already did, before the copy+CRC, so that it overlaps the copy and commit
 * only decides; IW__DDP_P_WAS: its message was in progress before it (rt_active), for the
 * roll back when the CRC fails (iw__ddp_unpend); IW__DDP_P_LAST: L = 1, commit delivers
 * (pend_hdr, length rt_len). IW__DDP_P_HDR: untagged, commit completes it (pend_hdr, pend_n).
 * IW__DDP_P_FAIL: refused, commit reports pend_err. IW__DDP_P_CUT: a tagged segment cut by the
 * end of a feed, still arriving (pend_raw, pend_len: iw_ddp_rx_revoke). */
#define IW__DDP_P_TAG 0x01u
#define IW__DDP_P_WAS 0x02u
#define IW__DDP_P_LAST 0x04u
#define IW__DDP_P_HDR 0x08u
#define IW__DDP_P_FAIL 0x10u
#define IW__DDP_P_CUT 0x20u

/* Forget the pending segment; a tagged one's bookkeeping is undone (the stream is as before
 * iw_ddp_rx_begin: rt_stag, rt_next_to and rt_len are not read while rt_active is 0). */
static void iw__ddp_unpend(iw_ddp_stream *s)
{
    unsigned p = s->pend;
    s->pend = 0;
    s->pend_dst.n = 0; /* the destination is withdrawn */
    if (!(p & IW__DDP_P_TAG)) return;
    s->rt_active = (uint8_t)((p & IW__DDP_P_WAS) != 0);
    if (p & IW__DDP_P_WAS) {
        s->rt_len -= s->pend_n;
        s->rt_next_to -= s->pend_n;
    }
}

/* Fill e for a segment refused with (st, t): its first octets for the Terminate. */
static void iw__ddp_mkerr(iw_ddp_error *e, iw_status st, iw_term t, const uint8_t *u, size_t len)
{
    size_t k = len < sizeof e->hdr ? len : sizeof e->hdr;
    IW_MEMSET(e, 0, sizeof *e);
    e->status = st;
    e->term = t;
    if (u && k) IW_MEMCPY(e->hdr, u, k);
    e->hdr_len = (uint8_t)k;
    e->has_hdr = (uint8_t)(u && len >= 1 && len >= iw_ddp_hdr_len(u[0]));
    e->seg_len = len > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)len;
}

/* Make e the stream's first error (docs/style.md §6; DDP-033, DDP-034) and tell the ULP. */
static iw_status iw__ddp_set_err(iw_ddp_stream *s, const iw_ddp_error *e)
{
    if (s->err.status != IW_OK) return s->err.status;
    s->err = *e;
    iw__ddp_unpend(s);
    if (s->ulp->error) s->ulp->error(s->uctx, &s->err);
    return s->err.status;
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_fail(iw_ddp_stream *s, iw_status st, iw_term t, const uint8_t *seg,
                             size_t seg_len)
{
    if (!s || st == IW_OK) return IW_EINVAL;
    if (s->err.status != IW_OK) return s->err.status;
    /* built in pend_err, whose pending segment the first error drops anyway: no iw_ddp_error
     * on the stack of the error paths (docs/porting-baremetal.md) */
    iw__ddp_mkerr(&s->pend_err, st, t, seg, seg_len);
    return iw__ddp_set_err(s, &s->pend_err);
}

/* The tagged checks of iw__ddp_check (after DV and the ULP's check), for a segment with STag
 * stag and TO to carrying n octets: DDP-025 (a later segment continues its message), then the
 * resolver (DDP-019..023) and DDP-037 for its pieces; dst[0..*nd) are the pieces on success. */
static IW_HOT iw_status iw__ddp_check_tagged(iw_ddp_stream *s, uint32_t stag, uint64_t to, uint32_t n,
                                              unsigned access, iw_ddp_buf *dst, size_t *nd,
                                              iw_term *t)
{
    iw_ddp_xlate x;
    size_t i, k, sum = 0;
    if (s->rt_active) { /* DDP-025: a later segment continues its message */
        if (stag != s->rt_stag) {
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED, IW_DDP_T_INVALID_STAG);
            return IW_ETERM;
        }
        if (to != s->rt_next_to) {
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED, IW_DDP_T_BOUNDS);
            return IW_ETERM;
        }
    }
    if (n == 0) return IW_OK; /* DDP-024: no STag, TO or bounds check, nothing placed */
#ifdef IW_PROVE_WP /* prove/wp_place.c: the op is its specified stub (docs/verification-prove.md) */
    /*@ calls wp_resolve; */
#endif
    x = s->mem->resolve(s->mctx, stag, to, n, access, dst, IW_CFG_DDP_DST_IOV, nd);
    /* DDP-023: a wrap is a wrap, whatever the resolver says about bounds */
    if (x == IW_DDP_X_OK || x == IW_DDP_X_BOUNDS) {
        if (to + (n - 1u) < to) x = IW_DDP_X_TO_WRAP; /* last octet past 2^64 - 1 */
    }
    if (x != IW_DDP_X_OK) { /* DDP-019..023: the one table */
        *nd = 0;
        *t = iw_ddp_xlate_term(x);
        return IW_ETERM;
    }
    /* DDP-037: the pieces must cover exactly the validated range */
    if (IW__DDP_LIKELY(*nd == 1 && dst[0].base && dst[0].len == n)) return IW_OK; /* the usual case */
    if (*nd > IW_CFG_DDP_DST_IOV) *nd = IW_CFG_DDP_DST_IOV + 1u;
#ifdef IW_PROVE_WP
    /*@ loop invariant 0 <= k <= i <= IW_CFG_DDP_DST_IOV && i <= *nd && sum <= n;
        loop invariant \forall integer j; 0 <= j < k ==>
            dst[j].base != \null && 0 < dst[j].len <= n && iw_ddp_xlated(dst[j]);
        loop invariant \forall integer a; i <= a < *nd && a < IW_CFG_DDP_DST_IOV ==> iw_ddp_xlated(dst[a]);
        loop assigns i, k, sum, dst[0 .. IW_CFG_DDP_DST_IOV - 1];
        loop variant IW_CFG_DDP_DST_IOV - i; */
#endif
    for (i = 0, k = 0; i < *nd && i < IW_CFG_DDP_DST_IOV; i++) {
        if (dst[i].len == 0) continue; /* empty pieces are dropped */
        if (!dst[i].base || dst[i].len > n - sum) break; /* no wrap of the sum */
        sum += dst[i].len;
        dst[k++] = dst[i];
    }
    if (*nd > IW_CFG_DDP_DST_IOV || i < *nd || sum != n) {
        *nd = 0;
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0);
        return IW_EHOST;
    }
    *nd = k;
    return IW_OK;
}

/* The checks of RFC 5041 §7.1 in the order of docs/spec-notes.md DDP §6 (DV, ULP, model), for a
 * segment of len octets whose first have (its header at least, or all of it) are u; nothing is
 * placed. On success dst[0..*nd) are the pieces the payload goes to (tagged), or the queue's
 * buffer is set up (untagged, first segment). */
static IW_HOT iw_status iw__ddp_check(iw_ddp_stream *s, const uint8_t *u, size_t have,
                                       size_t len, iw_ddp_hdr *h, size_t *hl, iw_ddp_buf *dst,
                                       size_t *nd, iw_term *t)
{
    uint32_t n;
    unsigned access = IW_DDP_ACC_REMOTE_WRITE;
    *nd = 0;
    /* DDP-017: shorter than its header: "segment size invalid", (1,0,0x00) (project rule) */
    if (iw__ddp_hdr_decode(u, have, h, hl) != IW_OK) {
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0);
        return IW_ETERM;
    }
    n = (uint32_t)(len - *hl); /* len <= 65535: the LLP's ULPDU */
    if (h->dv != IW_DDP_VERSION) { /* DDP-018, DDP-026 */
        *t = h->tagged ? iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED, IW_DDP_T_DV)
                       : iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_DV);
        return IW_ETERM;
    }
#ifdef IW_PROVE_WP
    /*@ calls wp_check; */
#endif
    if (s->ulp->check && s->ulp->check(s->uctx, h, &access, t) != IW_OK) return IW_ETERM;
    if (h->tagged) return iw__ddp_check_tagged(s, h->stag, h->to, n, access, dst, nd, t);
    {
        iw_ddp_rxq *q;
        if (h->qn >= IW_CFG_DDP_QN) { /* DDP-027 */
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_INVALID_QN);
            return IW_ETERM;
        }
        q = &s->rq[h->qn];
        if (h->msn != q->msn) { /* DDP-029: in order over TCP, the expected MSN only */
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_MSN_RANGE);
            return IW_ETERM;
        }
        if (h->mo != (q->active ? q->got : 0u)) { /* DDP-030 */
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_INVALID_MO);
            return IW_ETERM;
        }
        if (!q->active) { /* first segment: the ULP's buffer (DDP-028) */
            size_t nb = 0, i;
            uint64_t cap = 0;
            iw_ddp_buf b[IW_CFG_DDP_RX_SGE];
            if (!s->ulp->rx_buf) {
                *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_NO_BUF);
                return IW_ETERM;
            }
#ifdef IW_PROVE_WP
            /*@ calls wp_rx_buf; */
#endif
            if (s->ulp->rx_buf(s->uctx, h, b, IW_CFG_DDP_RX_SGE, &nb, t) != IW_OK) return IW_ETERM;
            if (nb > IW_CFG_DDP_RX_SGE) {
                *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0);
                return IW_EHOST;
            }
#ifdef IW_PROVE_WP
            /*@ loop invariant 0 <= i <= nb;
                loop invariant \forall integer j; 0 <= j < i ==>
                    q->buf[j].base == b[j].base && q->buf[j].len == b[j].len;
                loop assigns i, cap, q->buf[0 .. IW_CFG_DDP_RX_SGE - 1];
                loop variant nb - i; */
#endif
            for (i = 0; i < nb; i++) {
                if (!b[i].base && b[i].len) {
                    *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0);
                    return IW_EHOST;
                }
                q->buf[i] = b[i];
                cap += b[i].len;
            }
            q->nbuf = (uint8_t)nb;
            q->cap = cap > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)cap;
            q->got = 0;
        }
        if ((uint64_t)h->mo + n > q->cap) { /* DDP-031 */
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_TOO_LONG);
            return IW_ETERM;
        }
        /* the pieces of [MO, MO + n) of the queue's buffer */
        {
            uint32_t off = h->mo, left = n;
            size_t i;
#ifdef IW_PROVE_WP
            /*@ loop invariant 0 <= *nd <= i <= q->nbuf;
                loop invariant \forall integer j; 0 <= j < *nd ==> \exists integer a, o;
                    0 <= a < i && 0 <= o && o + dst[j].len <= q->buf[a].len &&
                    dst[j].base == q->buf[a].base + o;
                loop assigns i, off, left, *nd, dst[0 .. IW_CFG_DDP_RX_SGE - 1];
                loop variant q->nbuf - i; */
#endif
            for (i = 0; i < q->nbuf && left; i++) {
                size_t bl = q->buf[i].len, k;
                if (off >= bl) {
                    off -= (uint32_t)bl;
                    continue;
                }
                k = bl - off < left ? bl - off : left;
                dst[*nd].base = q->buf[i].base + off;
                dst[*nd].len = k;
                (*nd)++;
                left -= (uint32_t)k;
                off = 0;
            }
        }
        return IW_OK;
    }
}

/* The ULP refused a delivery without setting the stream's error (it must): set it. */
static IW_COLD void iw__ddp_deliver_err(iw_ddp_stream *s, iw_status st)
{
    iw_ddp_error e;
    iw__ddp_mkerr(&e, st, iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0), NULL, 0);
    (void)iw__ddp_set_err(s, &e);
}

/* Deliver the message h ends (L = 1), of mlen octets (DDP-035, -036). */
static iw_status iw__ddp_deliver(iw_ddp_stream *s, const iw_ddp_hdr *h, uint32_t mlen)
{
    iw_status st;
    IW_STAT(s->stats.rx_msgs++);
    st = s->ulp->deliver(s->uctx, h, mlen);
    if (st != IW_OK && s->err.status == IW_OK) iw__ddp_deliver_err(s, st);
    return s->err.status;
}

/* Complete an untagged segment: advance its queue's message and deliver it on L = 1 (DDP-035,
 * -036). A tagged segment's bookkeeping is done at iw_ddp_rx_begin. */
static iw_status iw__ddp_complete(iw_ddp_stream *s, const iw_ddp_hdr *h, uint32_t n)
{
    iw_ddp_rxq *q = &s->rq[h->qn];
    q->active = (uint8_t)!h->last;
    q->got = h->mo + n;
    if (!h->last) return IW_OK;
    n = q->got;
    q->msn++; /* DDP-015: modulo 2^32 */
    q->got = 0;
    return iw__ddp_deliver(s, h, n);
}

static IW_COLD void iw__ddp_keep_short(iw_ddp_stream *s, const uint8_t *u, size_t hl)
{
    IW_MEMCPY(s->pend_raw, u, hl);
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_rx_begin(iw_ddp_stream *s, const uint8_t *u, size_t have, size_t len,
                                 unsigned flags, iw_mpa_rx_dst **dst)
{
    iw_ddp_hdr h;
    iw_term t = {0, 0, 0}; /* set by every refusal below (the ULP's check may not) */
    size_t hl = 0, nd = 0;
    uint32_t n;
    iw_status st;
    (void)flags; /* DDP never declines a whole ULPDU, checked or not */
    if (!s || !dst || (!u && have) || have > len) return IW_EINVAL;
    *dst = NULL;
    if (s->pend) iw__ddp_unpend(s); /* begun, never committed: forgotten */
    if (s->err.status != IW_OK) { /* DDP-034: dropped unplaced */
        IW_STAT(s->stats.rx_dropped++);
        return s->err.status;
    }
    /* Cut by the end of a feed (have < len): only a tagged segment is placed as it comes; an
     * untagged one would take its receive buffer before the CRC is known (declined: MPA
     * reassembles and checks it first) */
    if (have < len && (have < IW_DDP_TAGGED_HDR ||
                       (u[0] & (IW_DDP_F_TAGGED | IW_DDP_F_DV)) != (IW_DDP_F_TAGGED | IW_DDP_VERSION)))
        return IW_EAGAIN;
    st = len > 0xFFFFu ? IW_ETERM : iw__ddp_check(s, u, have, len, &h, &hl, s->pend_piece, &nd, &t);
    if (len > 0xFFFFu) /* not an LLP's ULPDU */
        t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0);
    if (st != IW_OK) {
        /* its Terminate quotes the segment's first octets: a cut one is reassembled first */
        if (have < len) return IW_EAGAIN;
        /* held until the CRC says whether the header can be trusted (RFC 5041 §7.1: nothing
         * placed, DDP-016) */
        iw__ddp_mkerr(&s->pend_err, st, t, u, len);
        s->pend = IW__DDP_P_FAIL;
        return IW_OK;
    }
    /* its header and length for iw_ddp_rx_seg: the longest header whole when have allows it
     * (a fixed-size copy, no library call; pend_hl says what counts), else out of line */
    if (have >= IW_DDP_MAX_HDR) IW_MEMCPY(s->pend_raw, u, IW_DDP_MAX_HDR);
    else iw__ddp_keep_short(s, u, hl);
    s->pend_hl = (uint8_t)hl;
    s->pend_len = (uint32_t)len; /* <= 0xFFFF: checked */
    n = (uint32_t)(len - hl);
    s->pend_n = n;
    if (h.tagged) { /* the message's bookkeeping now, undone if the CRC fails (iw__ddp_unpend) */
        unsigned was = s->rt_active;
        s->pend = (uint8_t)(IW__DDP_P_TAG | (was ? IW__DDP_P_WAS : 0u) | (h.last ? IW__DDP_P_LAST : 0u));
        s->rt_len = (was ? s->rt_len : 0u) + n;
        s->rt_stag = h.stag;
        s->rt_next_to = h.to + n;
        s->rt_active = (uint8_t)!h.last;
        if (h.last) s->pend_hdr = h;
        if (have < len) s->pend = (uint8_t)(s->pend | IW__DDP_P_CUT); /* iw_ddp_rx_revoke */
    } else {
        s->pend = IW__DDP_P_HDR;
        s->pend_hdr = h;
    }
    s->pend_dst.n = nd; /* pend_dst.piece is pend_piece (iw_ddp_init) */
    s->pend_dst.hdr_len = hl;
    *dst = &s->pend_dst;
    return IW_OK;
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_rx(iw_ddp_stream *s, const uint8_t *u, size_t len)
{
    iw_mpa_rx_dst *d = NULL;
    const uint8_t *p;
    size_t i;
    iw_status st;
    if (!s || (!u && len)) return IW_EINVAL;
    if (len >= IW__DDP_PREFETCH_MIN) { /* the payload is read only once the checks passed */
        size_t k;
#ifdef IW_PROVE_WP
        /*@ loop assigns k; loop variant IW__DDP_PREFETCH_LEN - k; */
#endif
        for (k = 64; k < IW__DDP_PREFETCH_LEN && k < len; k += 64) IW__DDP_PREFETCH(u + k);
    }
    st = iw_ddp_rx_begin(s, u, len, len, IW_MPA_RX_VERIFIED, &d);
    if (st != IW_OK) return st;
    if (d && d->n && !s->crc.move) iw_crc32c_kernels_select(&s->crc); /* the first: once */
    if (d)
#ifdef IW_PROVE_WP
        /*@ loop invariant 0 <= i <= d->n && p == u + d->hdr_len + iw_ddp_span(d->piece, i);
            loop invariant \forall integer j; 0 <= j < d->n ==> iw_ddp_dest{Pre}(s, d->piece[j].base, d->piece[j].len);
            loop assigns i, p, { d->piece[j].base[o] | integer j, o; 0 <= j < d->n && 0 <= o < d->piece[j].len };
            loop variant d->n - i; */
#endif
        for (p = u + d->hdr_len, i = 0; i < d->n; i++) { /* DDP-037: the validated pieces */
#ifdef IW_PROVE_WP
            /*@ calls wp_move; */
#endif
            s->crc.move(d->piece[i].base, p, d->piece[i].len);
            p += d->piece[i].len;
        }
    return iw_ddp_rx_commit(s, 1);
}

/* see ddp.h */
IW_DEF int iw_ddp_rx_revoke(iw_ddp_stream *s)
{
    if (!s || !(s->pend & IW__DDP_P_CUT) || !s->pend_dst.n) return 0;
    s->pend_dst.n = 0;
    iw__ddp_mkerr(&s->pend_err, IW_ETERM,
                  iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED, IW_DDP_T_INVALID_STAG),
                  s->pend_raw, s->pend_len);
    s->pend = (uint8_t)(s->pend | IW__DDP_P_FAIL);
    return 1;
}

/* iw_ddp_rx_commit's rarer cases: a CRC error, a refusal, untagged, L = 1. */
static iw_status iw__ddp_commit_slow(iw_ddp_stream *s, unsigned p, int ok)
{
    if (!ok) { /* the LLP reports its CRC error; nothing completes */
        s->pend = (uint8_t)p;
        iw__ddp_unpend(s);
        return IW_OK;
    }
    if (p & IW__DDP_P_FAIL) return iw__ddp_set_err(s, &s->pend_err);
    IW_STAT(s->stats.rx_segs++);
    if (p & IW__DDP_P_TAG) return iw__ddp_deliver(s, &s->pend_hdr, s->rt_len); /* L = 1 */
    return iw__ddp_complete(s, &s->pend_hdr, s->pend_n);
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_rx_commit(iw_ddp_stream *s, int ok)
{
    unsigned p;
    if (!s) return IW_EINVAL;
    if (s->err.status != IW_OK) return s->err.status;
    p = s->pend;
    if (!p) return IW_ESTATE;
    s->pend = 0;
    s->pend_dst.n = 0;
    /* a tagged segment not ending its message: iw_ddp_rx_begin did the rest */
    if (ok && !(p & ~(IW__DDP_P_TAG | IW__DDP_P_WAS | IW__DDP_P_CUT))) {
        IW_STAT(s->stats.rx_segs++);
        return IW_OK;
    }
    return iw__ddp_commit_slow(s, p, ok);
}

/* ---- transmit ---- */

/* The LLP ops over mpa.h (iw_ddp_mpa_llp_ops). */
static iw_status iw__ddp_mpa_send(void *lctx, const iw_iov *iov, size_t n)
{
    return iw_mpa_tx((iw_mpa_conn *)lctx, iov, n);
}
static uint32_t iw__ddp_mpa_mulpdu(void *lctx) { return iw_mpa_mulpdu((const iw_mpa_conn *)lctx); }
static int iw__ddp_mpa_busy(void *lctx) { return iw_mpa_tx_busy((const iw_mpa_conn *)lctx); }
static void iw__ddp_mpa_close(void *lctx) { iw_mpa_close((iw_mpa_conn *)lctx); }
static void iw__ddp_mpa_no_term(void *lctx)
{
    if (lctx) iw_mpa_no_terminate((iw_mpa_conn *)lctx);
}
static int iw__ddp_mpa_initiator(void *lctx)
{
    return !lctx || iw_mpa_role((const iw_mpa_conn *)lctx) == IW_MPA_INITIATOR;
}

/* The LLP refused a segment: the message is abandoned, and no longer referenced (sent). */
static IW_COLD iw_status iw__ddp_tx_fail(iw_ddp_stream *s)
{
    iw_status st;
    int was = s->tx_active;
    s->tx_active = 0;
    st = s->err.status; /* iw_ddp_fail's work, one frame less on the send chain's stack */
    if (st == IW_OK) {
        iw__ddp_mkerr(&s->pend_err, IW_EHOST,
                      iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_CATASTROPHIC, 0), NULL, 0);
        st = iw__ddp_set_err(s, &s->pend_err);
    }
    if (was && s->ulp->sent) s->ulp->sent(s->uctx, s->tx.cookie);
    return st;
}

/* The pull of a message described per segment gave pieces iov[0..np) for at most want octets:
 * their total, or 0 when they are unusable (the message is then abandoned). */
static IW_COLD uint32_t iw__ddp_tx_pulled(iw_ddp_stream *s, uint32_t want, size_t *np)
{
    size_t i;
    uint64_t got = 0;
    iw_status st = s->tx.pull(s->uctx, s->tx.cookie, s->tx_off, want, s->tx_iov + 1,
                              IW_CFG_DDP_TX_PIECES, np);
    if (st == IW_OK && (*np == 0 || *np > IW_CFG_DDP_TX_PIECES)) st = IW_EHOST;
    for (i = 0; st == IW_OK && i < *np; i++) {
        if (!s->tx_iov[1 + i].base && s->tx_iov[1 + i].len) st = IW_EHOST;
        got += s->tx_iov[1 + i].len;
    }
    return st == IW_OK && got != 0 && got <= want ? (uint32_t)got : 0u;
}

/* Offer segments of the message in progress until done, or the LLP says not now or busy.
 * RFC 5041 §5.2-5.3: segments <= MULPDU (DDP-006), TO/MO advance (DDP-008, DDP-009), L on the
 * last only (DDP-010), a zero-length message is one segment (DDP-011), in order (DDP-012).
 * The one place a segment is cut and its header written. */
static IW_HOT iw_status iw__ddp_tx_pump(iw_ddp_stream *s)
{
    const iw_ddp_llp_ops *llp = s->llp;
    while (s->tx_active) {
        size_t np = 0, sge, sge_off;
        uint32_t mul, room, take = 0, hl;
        unsigned last;
        iw_status st;
        if (llp->busy(s->lctx)) return IW_OK; /* the pieces are still referenced */
        if (s->tx_done_segs) {
            s->tx_active = 0;
            IW_STAT(s->stats.tx_msgs++);
            if (s->ulp->sent) s->ulp->sent(s->uctx, s->tx.cookie);
            return IW_OK;
        }
        sge = s->tx_sge;
        sge_off = s->tx_sge_off;
        hl = s->tx.tagged ? IW_DDP_TAGGED_HDR : IW_DDP_UNTAGGED_HDR;
        mul = llp->mulpdu(s->lctx);
        if (mul < hl || (mul == hl && s->tx_total > s->tx_off)) return iw__ddp_tx_fail(s);
        room = mul - hl;
        if (s->tx.pull && s->tx_off < s->tx_total) { /* pieces described per segment */
            take = iw__ddp_tx_pulled(s, s->tx_total - s->tx_off < room ? s->tx_total - s->tx_off
                                                                       : room, &np);
            if (!take) { /* abandoned: no L = 1 segment; the ULP sends its Terminate */
                s->tx_active = 0;
                if (s->ulp->sent) s->ulp->sent(s->uctx, s->tx.cookie);
                return IW_OK;
            }
        }
        while (!s->tx.pull && take < room && sge < s->tx.nsge && np < IW_CFG_DDP_TX_PIECES) {
            size_t k = s->tx.sgl[sge].len - sge_off;
            if (k > room - take) k = room - take;
            if (k) { /* empty pieces are not sent */
                s->tx_iov[1 + np].base = (const uint8_t *)s->tx.sgl[sge].base + sge_off;
                s->tx_iov[1 + np].len = k;
                np++;
                take += (uint32_t)k;
                sge_off += k;
            }
            if (sge_off == s->tx.sgl[sge].len) {
                sge++;
                sge_off = 0;
            }
        }
        last = s->tx_off + take == s->tx_total;
        if (s->tx.tagged) {
            iw__ddp_put_tagged(s->tx_hdr, last, s->tx.ulp, s->tx.stag, s->tx.to + s->tx_off);
        } else { /* RFC 5041 §4.1: T = 0, L, Rsvd = 0, DV = 01b; octet 1 is the ULP's */
            s->tx_hdr[0] = (uint8_t)((last ? IW_DDP_F_LAST : 0u) | IW_DDP_VERSION);
            s->tx_hdr[1] = s->tx.ulp;
            iw_put_be32(s->tx_hdr + 2, s->tx.ulp32);
            iw_put_be32(s->tx_hdr + 6, s->tx.qn);
            iw_put_be32(s->tx_hdr + 10, s->tx_msn_cur);
            iw_put_be32(s->tx_hdr + 14, s->tx_off);
        }
        s->tx_iov[0].base = s->tx_hdr;
        s->tx_iov[0].len = hl;
        st = llp->send(s->lctx, s->tx_iov, np + 1);
        if (st == IW_EAGAIN) return IW_OK; /* offered again from iw_ddp_tx_resume */
        if (st != IW_OK) return iw__ddp_tx_fail(s);
        IW_STAT(s->stats.tx_segs++);
        s->tx_off += take;
        s->tx_sge = sge;
        s->tx_sge_off = sge_off;
        s->tx_done_segs = (uint8_t)last;
    }
    return IW_OK;
}

/* see ddp.h */
IW_DEF iw_ddp_msg *iw_ddp_send_slot(iw_ddp_stream *s)
{
    if (!s || s->tx_active) return NULL;
    s->tx.pull = NULL;
    s->tx.len = 0;
    s->tx.ulp32 = 0;
    return &s->tx;
}

/* iw_ddp_send's argument checks of message m, in its order (EINVAL, EHOST), and its total
 * length into *total. */
static IW_HOT iw_status iw__ddp_send_check(const iw_ddp_stream *s, const iw_ddp_msg *m,
                                           uint64_t *total)
{
    size_t i;
    *total = 0;
    if (!m->pull && !m->sgl && m->nsge) return IW_EINVAL;
    /* A receive error (IW_ETERM) leaves transmit open: the ULP still sends its Terminate
     * (RFC 5040 §7) and decides what else may go; only an LLP failure ends it. */
    if (s->err.status == IW_EHOST) return IW_EHOST;
    if (!m->tagged && m->qn >= IW_CFG_DDP_QN) return IW_EINVAL;
    if (m->pull) *total = m->len;
    else for (i = 0; i < m->nsge; i++) {
        if (!m->sgl[i].base && m->sgl[i].len) return IW_EINVAL;
        if (m->sgl[i].len > 0xFFFFFFFFu - *total) return IW_EINVAL; /* DDP-007: < 2^32 octets */
        *total += m->sgl[i].len;
    }
    if (m->tagged && *total && m->to + (*total - 1u) < m->to) return IW_EINVAL; /* TO wrap */
    return IW_OK;
}

/* The message now in s->tx (checked, total octets) starts: its first segments go out. */
static IW_HOT iw_status iw__ddp_send_start(iw_ddp_stream *s, uint64_t total)
{
    s->tx_active = 1;
    s->tx_done_segs = 0;
    s->tx_total = (uint32_t)total;
    s->tx_off = 0;
    s->tx_sge = 0;
    s->tx_sge_off = 0;
    if (!s->tx.tagged) s->tx_msn_cur = ++s->tx_msn[s->tx.qn]; /* DDP-014: 1 first, mod 2^32 */
    return iw__ddp_tx_pump(s);
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_send_commit(iw_ddp_stream *s)
{
    uint64_t total;
    iw_status st;
    if (!s || s->tx_active) return s ? IW_EAGAIN : IW_EINVAL;
    st = iw__ddp_send_check(s, &s->tx, &total);
    return st != IW_OK ? st : iw__ddp_send_start(s, total);
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_send(iw_ddp_stream *s, const iw_ddp_msg *m)
{
    uint64_t total;
    iw_status st;
    if (!s || !m) return IW_EINVAL;
    st = iw__ddp_send_check(s, m, &total);
    if (st != IW_OK) return st;
    if (s->tx_active) return IW_EAGAIN;
    s->tx = *m;
    return iw__ddp_send_start(s, total);
}

/* see ddp.h */
IW_DEF void iw_ddp_tx_abort(iw_ddp_stream *s)
{
    void *cookie;
    if (!s || !s->tx_active) return;
    cookie = s->tx.cookie;
    s->tx_active = 0;
    if (s->ulp->sent) s->ulp->sent(s->uctx, cookie);
}

/* see ddp.h */
IW_DEF void iw_ddp_msn_skip(iw_ddp_stream *s, uint32_t qn, int rx)
{
    if (!s || qn >= IW_CFG_DDP_QN) return;
    if (rx) s->rq[qn].msn++;
    else s->tx_msn[qn]++;
}

/* see ddp.h */
IW_DEF iw_status iw_ddp_tx_resume(iw_ddp_stream *s)
{
    if (!s) return IW_EINVAL;
    if (s->err.status == IW_EHOST) return IW_EHOST;
    return iw__ddp_tx_pump(s);
}

/* see ddp.h */
IW_DEF void iw_ddp_llp_close(iw_ddp_stream *s)
{
    if (s && s->llp->close) s->llp->close(s->lctx);
}
/* see ddp.h */
IW_DEF void iw_ddp_llp_no_terminate(iw_ddp_stream *s)
{
    if (s && s->llp->no_terminate) s->llp->no_terminate(s->lctx);
}
/* see ddp.h */
IW_DEF int iw_ddp_llp_initiator(const iw_ddp_stream *s)
{
    return !s || !s->llp->initiator || s->llp->initiator(s->lctx);
}

/* ---- over mpa.h ---- */

/* see ddp.h */
IW_DEF const iw_ddp_llp_ops *iw_ddp_mpa_llp_ops(void)
{
    static const iw_ddp_llp_ops ops = {IW_OP(send) iw__ddp_mpa_send,
                                       IW_OP(mulpdu) iw__ddp_mpa_mulpdu,
                                       IW_OP(busy) iw__ddp_mpa_busy,
                                       IW_OP(close) iw__ddp_mpa_close,
                                       IW_OP(no_terminate) iw__ddp_mpa_no_term,
                                       IW_OP(initiator) iw__ddp_mpa_initiator};
    return &ops;
}
/* see ddp.h */
IW_DEF iw_status iw_ddp_mpa_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                                  unsigned flags, iw_mpa_rx_dst **dst)
{
    return iw_ddp_rx_begin((iw_ddp_stream *)uctx, u, have, len, flags, dst);
}
/* see ddp.h */
IW_DEF iw_status iw_ddp_mpa_commit(void *uctx, int ok)
{
    return iw_ddp_rx_commit((iw_ddp_stream *)uctx, ok);
}
/* see ddp.h */
IW_DEF void iw_ddp_mpa_tx_done(void *uctx) { (void)iw_ddp_tx_resume((iw_ddp_stream *)uctx); }

#ifdef __cplusplus
}
#endif
#endif /* IWARP_IMPLEMENTATION */
