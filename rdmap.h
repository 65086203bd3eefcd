/* rdmap.h: the RDMA Protocol for iWARP (RFC 5040), with RFC 7306 atomics and immediate data.
 *
 * SPDX-License-Identifier: MIT
 *
 * QUICK START
 *   In exactly one C file:
 *       #define IWARP_IMPLEMENTATION
 *       #include "rdmap.h"        (includes ddp.h and mpa.h)
 *   everywhere else just #include "rdmap.h". IWARP_STATIC makes every function static.
 *
 *   iw_rdmap_stream s;   iw_rdmap_wr sq[64];   iw_rdmap_inreq irq[16];      caller-owned
 *   iw_rdmap_cfg_default(&cfg);  cfg.ird = cfg.ord = 16;
 *   iw_rdmap_init(&s, &cfg, llp_ops, llp_ctx, &ops, ctx, sq, 64, irq, 16);
 *   ... the LLP hands up one ULPDU:            iw_rdmap_rx(&s, ulpdu, len);
 *   ... post an operation (Write, Read, ...):  iw_rdmap_post(&s, &wr);
 *   ... the LLP can take more:                 iw_rdmap_tx_resume(&s);
 *   Over mpa.h: llp_ops = iw_ddp_mpa_llp_ops(), llp_ctx = the iw_mpa_conn, and the
 *   connection's iw_mpa_ulp_ops from iw_rdmap_mpa_ulp_ops() (uctx = the stream).
 *
 * LAYERING. RDMAP sits on one iw_ddp_stream (inside iw_rdmap_stream) and is DDP's ULP: it
 *   checks each segment's RDMAP control octet (RV, opcode, the opcode's buffer model and queue)
 *   before DDP touches memory, hands DDP receive buffers (the ULP's for Sends, its own for
 *   requests, responses and the Terminate), and acts on each message DDP delivers. Everything
 *   the opcodes differ in is in ONE table (iw__rdmap_optab: header length, queue, model,
 *   RFC 7306 or not, the handler run at delivery).
 *
 * THE ULP (iw_rdmap_ops: verbs.h, or an application) supplies memory translation (resolve),
 *   receive buffers (recv_buf), and takes receive completions (recv), local completions in
 *   submission order (complete) and the stream's first error (error). Atomics go through
 *   ops.atomic64 (atomic across every stream of the RNIC, RFC 7306 §5.3) or, when NULL, a plain
 *   read-modify-write: correct when every stream of the RNIC is driven from one thread.
 *
 * ERRORS. Every error becomes the exact Terminate of RFC 5040 §7 (layer, type, code, and the
 *   copied headers the Figure 10 rules call for, iw__rdmap_hdrct); the first one wins, it is
 *   sent after the message in flight, nothing is sent after it (RDMAP-022), the LLP is then
 *   closed gracefully (ops.llp_close), and every operation not yet complete is flushed
 *   (status IW_ECLOSED) in order. A received Terminate is decoded and handed to ops.error and
 *   never answered.
 *
 * No allocation, no blocking, no global state. Licence: see the end of mpa.h (MIT).
 */
#ifndef IW_RDMAP_H
#define IW_RDMAP_H
#include "ddp.h"

#ifndef IW_CFG_RDMAP_CTL_BUF
#define IW_CFG_RDMAP_CTL_BUF 64 /* receive scratch per queue for RDMAP's own messages: the
                                   largest is the 52-octet Atomic Request header */
#endif
#ifndef IW_CFG_RDMAP_ATOMICS
#define IW_CFG_RDMAP_ATOMICS 1 /* 0: no RFC 7306 atomics: an Atomic Request or Response is refused
                                  with Terminate (0, 2, 0x06) "unexpected opcode" (RFC 7306
                                  §8.1, as with cfg.rfc7306 = 0); iw_rdmap_post of ATOMIC_REQ is
                                  IW_EINVAL */
#endif
#if IW_CFG_DDP_QN < 3 || (IW_CFG_RDMAP_ATOMICS && IW_CFG_DDP_QN < 4)
#error "RDMAP needs DDP queues 0..2 (Send, Read Request, Terminate) and 3 for atomics"
#endif
#if IW_CFG_RDMAP_CTL_BUF < 52
#error "IW_CFG_RDMAP_CTL_BUF must hold the longest Terminate (52, RFC 5040 §4.8)"
#endif
#if IW_CFG_DDP_ERR_ULP_HDR < 28
#error "IW_CFG_DDP_ERR_ULP_HDR must hold the RDMA Read Request header (28) for its Terminate"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- wire format (RFC 5040 §4, RFC 7306 §4-6) ------------------------------------------ */

/* The RDMAP control octet is DDP RsvdULP[0:7] (RFC 5040 §4.1, RDMAP-001). */
#define IW_RDMAP_RV_MASK 0xC0u
#define IW_RDMAP_RSV_MASK 0x30u
#define IW_RDMAP_OP_MASK 0x0Fu
#define IW_RDMAP_RV 1u /* 01b: RFC 5040 (and every RFC 7306 message) */
#define IW_RDMAP_CTRL(rv, op) ((uint8_t)((((unsigned)(rv) & 3u) << 6) | ((unsigned)(op) & 0x0Fu)))

/* Opcodes (RFC 5040 Fig. 4, RFC 7306 §10; RDMAP-002, ATOM-001, IMM-001). */
#define IW_RDMAP_OP_WRITE 0x0u
#define IW_RDMAP_OP_READ_REQ 0x1u
#define IW_RDMAP_OP_READ_RESP 0x2u
#define IW_RDMAP_OP_SEND 0x3u
#define IW_RDMAP_OP_SEND_INV 0x4u
#define IW_RDMAP_OP_SEND_SE 0x5u
#define IW_RDMAP_OP_SEND_SE_INV 0x6u
#define IW_RDMAP_OP_TERMINATE 0x7u
#define IW_RDMAP_OP_IMM 0x8u
#define IW_RDMAP_OP_IMM_SE 0x9u
#define IW_RDMAP_OP_ATOMIC_REQ 0xAu
#define IW_RDMAP_OP_ATOMIC_RESP 0xBu

/* Untagged queues (RFC 5040 §4.1 Fig. 4, RFC 7306 §10.2; RDMAP-003). */
#define IW_RDMAP_QN_SEND 0u
#define IW_RDMAP_QN_READ 1u /* Read and Atomic Requests */
#define IW_RDMAP_QN_TERM 2u
#define IW_RDMAP_QN_ATOMIC_RESP 3u

/* RDMAP headers after the DDP header (octets). */
#define IW_RDMAP_READ_REQ_HDR 28u   /* RFC 5040 §4.4 (RDMAP-005) */
#define IW_RDMAP_ATOMIC_REQ_HDR 52u /* RFC 7306 §5.2.1 Fig. 4 (ATOM-002) */
#define IW_RDMAP_ATOMIC_RESP_HDR 12u /* RFC 7306 §5.2.2 Fig. 6 (ATOM-004) */
#define IW_RDMAP_IMM_LEN 8u         /* RFC 7306 §6.2 (IMM-002) */
/* The longest request header this build sends or receives (Atomic, or Read without them). */
#if IW_CFG_RDMAP_ATOMICS
#define IW_RDMAP_REQ_HDR_MAX IW_RDMAP_ATOMIC_REQ_HDR
#else
#define IW_RDMAP_REQ_HDR_MAX IW_RDMAP_READ_REQ_HDR
#endif
#define IW_RDMAP_TERM_HDR 4u        /* Terminate Control + Reserved */
#define IW_RDMAP_TERM_MAX (4u + 2u + 18u + 28u) /* RFC 5040 §4.8 Fig. 7 (RDMAP-021) */

/* Atomic operation codes (RFC 7306 §5.2.1, ATOM-003). */
#define IW_RDMAP_AOP_FETCHADD 0x0u
#define IW_RDMAP_AOP_CMPSWAP 0x2u

/* Terminate Control word (RFC 5040 §4.8 Fig. 8, RDMAP-019), as octets 0..3 of the header. */
#define IW_RDMAP_TERM_M 0x80u /* octet 2: DDP Segment Length valid */
#define IW_RDMAP_TERM_D 0x40u /* octet 2: DDP header included */
#define IW_RDMAP_TERM_R 0x20u /* octet 2: RDMA (Read Request) header included */

/* ---- Terminate codes of Layer 0, RDMAP (RFC 5040 §4.8 Fig. 9; RDMAP-059) --------------- */

#define IW_RDMAP_LAYER 0u
#define IW_RDMAP_ETYPE_CATASTROPHIC 0u /* no code: 0x00 sent, any accepted (RDMAP-060) */
#define IW_RDMAP_ETYPE_PROT 1u         /* Remote Protection Error */
#define IW_RDMAP_ETYPE_OP 2u           /* Remote Operation Error */
/* Remote Protection Error (EType 1) */
typedef enum iw_rdmap_prot_code {
    IW_RDMAP_P_INVALID_STAG = 0x00,
    IW_RDMAP_P_BOUNDS = 0x01,
    IW_RDMAP_P_ACCESS = 0x02,
    IW_RDMAP_P_NOT_ASSOC = 0x03,
    IW_RDMAP_P_TO_WRAP = 0x04,
    IW_RDMAP_P_CANNOT_INVALIDATE = 0x09,
    IW_RDMAP_P_UNSPECIFIED = 0xFF
} iw_rdmap_prot_code;
/* Remote Operation Error (EType 2) */
typedef enum iw_rdmap_op_code {
    IW_RDMAP_O_VERSION = 0x05,
    IW_RDMAP_O_OPCODE = 0x06,
    IW_RDMAP_O_STREAM = 0x07, /* catastrophic error, localized to RDMAP Stream */
    IW_RDMAP_O_GLOBAL = 0x08,
    IW_RDMAP_O_CANNOT_INVALIDATE = 0x09,
    IW_RDMAP_O_UNSPECIFIED = 0xFF
} iw_rdmap_op_code;

/* Short text for any Terminate triple (RDMAP, DDP or MPA layer; "?" when unknown). */
IW_DEF const char *iw_rdmap_term_str(iw_term t);
/* The names of a Terminate's Layer ("RDMAP", "DDP", "MPA") and of its EType within that layer
 * ("remote protection", "tagged buffer", ...; RFC 5040 §4.8, RFC 5041 §7.2, RFC 5044 §8). */
IW_DEF const char *iw_rdmap_term_layer_str(unsigned layer);
IW_DEF const char *iw_rdmap_term_etype_str(iw_term t);

/* ---- Terminate codec (RFC 5040 §4.8) ---------------------------------------------------- */

/* A Terminate's contents. */
typedef struct iw_rdmap_term_info {
    iw_term term;
    uint8_t m, d, r;       /* header control bits */
    uint16_t seg_len;      /* with m: DDP Segment Length */
    uint8_t ddp_hdr[IW_DDP_MAX_HDR]; /* with d: the offending DDP header as received */
    uint8_t ddp_hdr_len;   /* 14 (tagged) or 18 */
    uint8_t rdma_hdr[IW_RDMAP_READ_REQ_HDR]; /* with r: the (updated) Read Request header */
} iw_rdmap_term_info;

/* Write the Terminate body (what follows the 18-octet DDP header) into out (>=
 * IW_RDMAP_TERM_MAX octets) with mpa.h's iw_term_encode; returns its length. */
IW_DEF size_t iw_rdmap_term_encode(const iw_rdmap_term_info *ti, uint8_t *out);
/* Decode a Terminate body p[0..len). IW_OK, or IW_EINVAL when malformed (too short for the
 * headers its D and R bits announce). Reserved bits are ignored. */
IW_DEF iw_status iw_rdmap_term_decode(const uint8_t *p, size_t len, iw_rdmap_term_info *ti);

/* ---- atomics (RFC 7306 §5.1) ------------------------------------------------------------ */

/* FetchAdd: field-wise add; each 1 bit of mask ends a field and drops its carry (ATOM-006). */
IW_INLINE uint64_t iw_rdmap_fetchadd(uint64_t orig, uint64_t add, uint64_t mask)
{
    return ((orig & ~mask) + (add & ~mask)) ^ ((orig ^ add) & mask);
}
/* CmpSwap: the value stored (orig itself when the compare fails) (ATOM-007). */
IW_INLINE uint64_t iw_rdmap_cmpswap(uint64_t orig, uint64_t swap, uint64_t swap_mask,
                                     uint64_t cmp, uint64_t cmp_mask)
{
    if (((cmp ^ orig) & cmp_mask) != 0) return orig;
    return (orig & ~swap_mask) | (swap & swap_mask);
}
/* A 64-bit atomic op over compiler builtins (hosts with several threads driving streams of one
 * RNIC); NULL-equivalent fallback where the target has no 64-bit compare-and-swap. */
IW_DEF uint64_t iw_rdmap_atomic64_builtin(void *ctx, unsigned aop, void *p, uint64_t add_swap,
                                          uint64_t add_swap_mask, uint64_t cmp,
                                          uint64_t cmp_mask);

/* ---- the ULP -------------------------------------------------------------------------- */

/* Access rights a resolve may be asked for, besides ddp.h's IW_DDP_ACC_REMOTE_WRITE (RDMA
 * Write sink) and IW_DDP_ACC_REMOTE_READ (Read Request source). */
#define IW_RDMAP_ACC_LOCAL_WRITE 0x4u   /* the sink of our own RDMA Read (Read Response) */
#define IW_RDMAP_ACC_REMOTE_ATOMIC 0x8u /* the target of an Atomic Request (ATOM-018) */

/* What a Send with Invalidate's STag check found (RFC 5040 §5.3; spec rdmap 6 V15-V18). */
typedef enum iw_rdmap_inval {
    IW_RDMAP_INV_OK = 0,
    IW_RDMAP_INV_INVALID_STAG, /* unknown index, STag 0, key mismatch, not valid -> (0,1,0x00) */
    IW_RDMAP_INV_NOT_ASSOC,    /* PD mismatch, window bound to another QP     -> (0,1,0x09) */
    IW_RDMAP_INV_ACCESS,       /* local-only STag: no remote right            -> (0,1,0x02) */
    IW_RDMAP_INV_SHARED        /* shared MR, or MR with bound windows         -> (0,1,0x09) */
} iw_rdmap_inval;

/* An incoming Send-type or Immediate Data message, delivered (or its receive failed). */
typedef struct iw_rdmap_recv {
    iw_status status;    /* IW_OK, or IW_ETERM: the receive completes in error (term) */
    iw_term term;
    uint8_t opcode;      /* IW_RDMAP_OP_SEND .. SEND_SE_INV, IMM, IMM_SE */
    uint8_t solicited;   /* SE variants (RDMAP-018, IMM-006) */
    uint8_t invalidated; /* Send with Invalidate: inval_stag was invalidated (RDMAP-017) */
    uint8_t has_imm;     /* Immediate Data: imm holds the 8 octets (IMM-005) */
    uint32_t len;        /* octets placed in the receive buffer */
    uint32_t inval_stag;
    uint8_t imm[IW_RDMAP_IMM_LEN];
} iw_rdmap_recv;

/* A local operation completed (in submission order, RDMAP-052). */
typedef struct iw_rdmap_cqe {
    void *cookie;
    uint8_t opcode;      /* the wr's opcode */
    iw_status status;    /* IW_OK; IW_ETERM: this operation's response was refused (see the
                            error event); IW_EINVAL: it could not be built (RDMAP-031);
                            IW_ECLOSED: flushed, the stream ended first (RDMAP-057) */
    uint32_t len;        /* octets sent (Write, Send) or read (Read) */
    uint64_t orig;       /* Atomic: the original remote value (ATOM-009) */
    iw_ddp_xlate sink_err; /* Read: our own sink refused the response (status IW_ETERM) */
} iw_rdmap_cqe;

/* The stream's end. */
#define IW_RDMAP_EV_TERM_SENT 1u /* we found an error: term holds the Terminate we send */
#define IW_RDMAP_EV_TERM_RCVD 2u /* the peer's Terminate: term decoded (RDMAP-024) */
#define IW_RDMAP_EV_BAD_TERM 3u  /* a malformed Terminate arrived: closed, none sent (V27) */
#define IW_RDMAP_EV_LLP 4u       /* the LLP failed or closed (MPA may have sent a Terminate) */
typedef struct iw_rdmap_event {
    unsigned kind;
    iw_status status;
    iw_rdmap_term_info term;
} iw_rdmap_event;

typedef struct iw_rdmap_ops {
    /* REQUIRED. Memory translation (ddp.h's contract): resolve [to, to + len) of stag with
     * the rights in access (IW_DDP_ACC_*, IW_RDMAP_ACC_*), in the order STag valid, associated
     * with this stream, access, TO wrap, bounds. With dst == NULL and max == 0 only check
     * (RDMAP validates a whole Read Request source at once). Leaf call. */
    iw_ddp_xlate (*resolve)(void *ctx, uint32_t stag, uint64_t to, uint32_t len,
                            unsigned access, iw_ddp_buf *dst, size_t max, size_t *n);
    /* REQUIRED to receive Sends and Immediate Data. An incoming Send-type or Immediate
     * message (opcode) needs the next posted receive: fill bufs[0..*n), *n <= max, and return
     * IW_OK (the receive is consumed; Immediate Data places nothing in it, IMM-005); or
     * IW_ETERM with *t: none posted (1,2,0x02), or the receive is unusable (0,0,0x00), which
     * the ULP completes in error itself (RDMAP-049). */
    iw_status (*recv_buf)(void *ctx, unsigned opcode, iw_ddp_buf *bufs, size_t max, size_t *n,
                          iw_term *t);
    /* REQUIRED. A receive completed: the message was delivered, or (status != IW_OK) the
     * receive taken by recv_buf failed (too long (1,2,0x05), Invalidate refused ...). */
    void (*recv)(void *ctx, const iw_rdmap_recv *r);
    /* REQUIRED. A posted operation completed, in submission order. */
    void (*complete)(void *ctx, const iw_rdmap_cqe *c);
    /* OPTIONAL (NULL: every Send with Invalidate is refused (0,1,0x00)). Check stag for a
     * peer's invalidation and, on IW_RDMAP_INV_OK, invalidate it. */
    iw_rdmap_inval (*invalidate)(void *ctx, uint32_t stag);
    /* OPTIONAL (NULL: a plain read-modify-write, see above). Atomically apply aop to the
     * 8-aligned 64-bit word at p (host byte order) and return its original value:
     * FetchAdd: p = iw_rdmap_fetchadd(p, add_swap, add_swap_mask);
     * CmpSwap: p = iw_rdmap_cmpswap(p, add_swap, add_swap_mask, cmp, cmp_mask). */
    uint64_t (*atomic64)(void *ctx, unsigned aop, void *p, uint64_t add_swap,
                         uint64_t add_swap_mask, uint64_t cmp, uint64_t cmp_mask);
    /* OPTIONAL. The stream's first error or end (once). */
    void (*error)(void *ctx, const iw_rdmap_event *ev);
    /* OPTIONAL (NULL: the LLP's own close, iw_ddp_llp_close: iw_mpa_close over mpa.h). Close the LLP
     * gracefully: our Terminate is out, or the peer's arrived, or a bad one did. */
    void (*llp_close)(void *ctx);
} iw_rdmap_ops;

/* ---- operations ------------------------------------------------------------------------ */

#define IW_RDMAP_F_READ_FENCE 0x1u /* start only once every earlier Read and Atomic completed */

/* One posted operation: a head every opcode has (opcode, flags, cookie) and the part its
 * opcode uses. iw_rdmap_post uses the head and that part only, so a caller sets just those:
 *   WRITE                     sgl, nsge (the payload), stag, to (the sink)
 *   SEND, SEND_SE             sgl, nsge
 *   SEND_INV, SEND_SE_INV     sgl, nsge, inval_stag
 *   READ_REQ                  stag, to (the source), len (RDMARDSZ), sink_stag, sink_to
 *   ATOMIC_REQ                aop, stag, to (the target), add_swap, add_swap_mask, cmp,
 *                             cmp_mask (RFC 7306 §5.2.1), len (handed back in the completion)
 *   IMM, IMM_SE               imm
 * sgl and the memory it points at stay referenced until the completion. */
typedef struct iw_rdmap_wr {
    uint8_t opcode;     /* head: WRITE, READ_REQ, SEND .. SEND_SE_INV, IMM, IMM_SE, ATOMIC_REQ */
    uint8_t flags;      /* head: IW_RDMAP_F_* */
    void *cookie;       /* head: handed back in the completion */
    const iw_iov *sgl;  /* Write, Send: the payload */
    size_t nsge;
    uint32_t stag;      /* Write: sink; Read: source (SrcSTag); Atomic: target */
    uint64_t to;
    uint32_t len;       /* Read: RDMARDSZ */
    uint32_t sink_stag; /* Read: our sink (resolved with IW_RDMAP_ACC_LOCAL_WRITE) */
    uint64_t sink_to;
    uint32_t inval_stag; /* SEND_INV, SEND_SE_INV */
    uint8_t imm[IW_RDMAP_IMM_LEN]; /* IMM, IMM_SE */
#if IW_CFG_RDMAP_ATOMICS
    uint8_t aop;        /* ATOMIC_REQ: IW_RDMAP_AOP_FETCHADD or _CMPSWAP */
    uint64_t add_swap, add_swap_mask, cmp, cmp_mask; /* Atomic operands */
#endif
    /* private */
    uint8_t st, sent, resp, sink_rinv; /* sink_rinv: the peer invalidated our Read's sink */
    iw_status status;
    iw_ddp_xlate sink_err;
#if IW_CFG_RDMAP_ATOMICS
    uint32_t req_id;
    uint64_t orig;
#endif
    uint8_t hdr[IW_RDMAP_REQ_HDR_MAX]; /* the request header we send */
    iw_iov iov;
} iw_rdmap_wr;

/* One inbound Read or Atomic Request (the IRD resources, RFC 5040 §6.1). Private. */
typedef struct iw_rdmap_inreq {
    uint8_t raw[IW_DDP_UNTAGGED_HDR + IW_RDMAP_REQ_HDR_MAX]; /* DDP + RDMAP headers */
    uint8_t opcode, st;
    uint16_t raw_len;
#if IW_CFG_RDMAP_ATOMICS
    uint8_t resp[IW_RDMAP_ATOMIC_RESP_HDR];
#endif
    iw_iov iov;
} iw_rdmap_inreq;

/* Per-stream settings. */
typedef struct iw_rdmap_cfg {
    uint8_t rv;         /* RDMAP version sent and required (RDMAP-001): 1 (default) */
    uint8_t rfc7306;    /* 1 (default): atomics and immediate data on; 0: their opcodes are
                           refused (0,2,0x06) (ATOM-022, IMM-009) */
    uint8_t read_enabled; /* 1 (default): inbound RDMA Read and Atomic allowed (RDMAP-038) */
    uint16_t ird, ord;  /* inbound and outbound Read/Atomic limits (RFC 5040 §6.1) */
} iw_rdmap_cfg;

typedef struct iw_rdmap_stats {
    uint32_t tx_msgs[16], rx_msgs[16]; /* per opcode */
} iw_rdmap_stats;

/* The stream. Caller-owned; the fields are private. */
typedef struct iw_rdmap_stream {
    iw_ddp_stream ddp;
    iw_rdmap_cfg cfg;
    const iw_rdmap_ops *ops;
    void *ctx;
#if IW_CFG_STATS
    iw_rdmap_stats stats;
#endif
    /* send queue: [head, next) handed to DDP and not yet completed, [next, tail) waiting */
    iw_rdmap_wr *sq;
    uint32_t sq_cap, sq_head, sq_next, sq_tail;
    uint32_t ord_out;   /* Reads and Atomics sent, response not yet delivered */
    uint32_t next_req_id;
    /* inbound requests: [head, send) being answered, [send, tail) waiting */
    iw_rdmap_inreq *irq;
    uint32_t irq_cap, irq_head, irq_send, irq_tail;
    uint8_t turn;       /* alternate the send queue and responses */
    uint8_t in_pump;
    /* receive */
    uint8_t rx_ctl[IW_CFG_DDP_QN][IW_CFG_RDMAP_CTL_BUF];
    uint8_t rx_recv_active; /* a Send-type message holds a receive (its opcode: rx_mop[0]) */
    uint8_t rx_cont;     /* bit q: a message on untagged queue q (bit 4: tagged) is in progress */
    uint8_t rx_mop[5];   /* ... and the opcode its first segment carried (iw__rdmap_check) */
    uint8_t rr_active;  /* a Read Response is arriving */
    uint32_t rr_wr;     /* ... for this send queue position */
    uint8_t bad_term;   /* the refused segment is a malformed Terminate: send none */
    uint8_t sink_fail;  /* our Read's sink refused the response: Terminate (0,0,0x00) */
    uint8_t refusing;   /* iw_ddp_fail from RDMAP: refuse_len is the segment's length */
    uint8_t pull_x;     /* a Read Response's source failed (iw__rdmap_pull): iw__rdmap_pulled */
    uint32_t refuse_len;
    /* end of stream */
    uint8_t failed;     /* first error recorded (stream error or end) */
    uint8_t term_pending, term_inflight, term_done, closed;
    uint8_t term_body[IW_RDMAP_TERM_MAX];
    uint8_t term_len;
    iw_iov term_iov;
    iw_rdmap_event ev;
} iw_rdmap_stream;

IW_DEF void iw_rdmap_cfg_default(iw_rdmap_cfg *cfg);

/* Initialise s over the LLP (llp, lctx: as for iw_ddp_init). sq[0..sq_cap) and
 * irq[0..irq_cap) are caller memory that must outlive the stream; irq_cap >= cfg->ird.
 * IW_EINVAL on a missing REQUIRED op or inconsistent sizes. */
IW_DEF iw_status iw_rdmap_init(iw_rdmap_stream *s, const iw_rdmap_cfg *cfg,
                               const iw_ddp_llp_ops *llp, void *lctx, const iw_rdmap_ops *ops,
                               void *ctx, iw_rdmap_wr *sq, size_t sq_cap, iw_rdmap_inreq *irq,
                               size_t irq_cap);

/* Stream setup (RFC 5040 §6.1): the IRD and ORD the LLP negotiated (ird <= irq_cap). */
IW_DEF iw_status iw_rdmap_set_ird_ord(iw_rdmap_stream *s, uint16_t ird, uint16_t ord);

/* Posting, in two steps with the WR built where it is queued: iw_rdmap_post_slot(s) gives the
 * send queue's next slot (NULL when full or the stream ended); the caller fills its head and
 * the part its opcode uses (see iw_rdmap_wr); iw_rdmap_post_commit(s) posts it. A slot filled
 * and not committed changes nothing. iw_rdmap_post(s, wr) does both for a WR built elsewhere.
 * IW_OK: queued (sent in order, RDMAP-050); IW_EAGAIN: the send queue is full; IW_EINVAL: bad
 * opcode or arguments; IW_ESTATE: the stream has ended. It is handed to DDP at once when it
 * may be, so ops.complete can run before this returns. Every upcall may post again (from recv,
 * complete, error; also MPA's established). */
IW_DEF iw_status iw_rdmap_post_commit(iw_rdmap_stream *s);

/* One whole ULPDU from the LLP (verify-then-place). IW_OK, IW_ETERM once the stream failed
 * (the Terminate is sent from here on), IW_EHOST. */
IW_DEF iw_status iw_rdmap_rx(iw_rdmap_stream *s, const uint8_t *u, size_t len);
/* The placement contract (mpa.h iw_mpa_ulp_ops.begin/commit; ddp.h iw_ddp_rx_begin /
 * iw_ddp_rx_commit), with RDMAP's checks and completions. */
IW_DEF iw_status iw_rdmap_rx_begin(iw_rdmap_stream *s, const uint8_t *u, size_t have, size_t len,
                                   unsigned flags, iw_mpa_rx_dst **dst);
IW_DEF iw_status iw_rdmap_rx_commit(iw_rdmap_stream *s, int ok);

/* The LLP can take more: continue sending. */
IW_DEF iw_status iw_rdmap_tx_resume(iw_rdmap_stream *s);

/* The ULP's own error (RFC 5040 §7.1 rule 1: not tied to an incoming message): send a
 * Terminate with t and no headers (HdrCt 000, RDMAP-025, RDMAP-031), end the stream. */
IW_DEF iw_status iw_rdmap_terminate(iw_rdmap_stream *s, iw_term t);

/* The LLP failed or closed (MPA error, peer FIN): no Terminate from us; flush, report. */
IW_DEF void iw_rdmap_llp_down(iw_rdmap_stream *s, iw_status st, iw_term t);

IW_INLINE int iw_rdmap_failed(const iw_rdmap_stream *s) { return s->failed; }
/* see iw_rdmap_post_commit */
IW_INLINE iw_rdmap_wr *iw_rdmap_post_slot(iw_rdmap_stream *s)
{
    uint32_t c = s ? s->sq_cap : 0u; /* the slot: iw_ring_ix's sq_tail mod sq_cap */
    if (!s || s->failed || s->sq_tail - s->sq_head >= c) return NULL; /* RDMAP-022 */
    return &s->sq[(c & (c - 1u)) == 0 ? s->sq_tail & (c - 1u) : s->sq_tail % c];
}
/* see iw_rdmap_post_commit */
IW_INLINE iw_status iw_rdmap_post(iw_rdmap_stream *s, const iw_rdmap_wr *wr)
{
    iw_rdmap_wr *d = iw_rdmap_post_slot(s);
    if (!wr) return IW_EINVAL;
    if (d) *d = *wr;
    return iw_rdmap_post_commit(s);
}
/* Streamed placement on the stream's DDP (ddp.h iw_ddp_rx_streaming, iw_ddp_rx_revoke): the
 * STag a segment's payload is still arriving into, and withdrawing that destination. */
IW_INLINE uint32_t iw_rdmap_rx_streaming(const iw_rdmap_stream *s)
{
    return iw_ddp_rx_streaming(&s->ddp);
}
IW_INLINE int iw_rdmap_rx_revoke(iw_rdmap_stream *s) { return iw_ddp_rx_revoke(&s->ddp); }
/* The settings in force (iw_rdmap_init's, with iw_rdmap_set_ird_ord's IRD and ORD). */
IW_INLINE const iw_rdmap_cfg *iw_rdmap_get_cfg(const iw_rdmap_stream *s) { return &s->cfg; }
IW_INLINE const iw_rdmap_event *iw_rdmap_last_event(const iw_rdmap_stream *s) { return &s->ev; }
IW_INLINE uint32_t iw_rdmap_ord_outstanding(const iw_rdmap_stream *s) { return s->ord_out; }
IW_INLINE uint32_t iw_rdmap_ird_outstanding(const iw_rdmap_stream *s)
{
    return s->irq_tail - s->irq_head;
}
IW_INLINE const iw_rdmap_stats *iw_rdmap_get_stats(const iw_rdmap_stream *s)
{
#if IW_CFG_STATS
    return &s->stats;
#else
    static const iw_rdmap_stats zero = {{0}, {0}};
    (void)s;
    return &zero;
#endif
}

/* ---- over mpa.h ----------------------------------------------------------------------- */

/* MPA ULP upcalls for uctx = the iw_rdmap_stream over lctx = its iw_mpa_conn: begin/commit,
 * tx_done, established (IRD/ORD, and the MSNs of an RTR that MPA exchanged itself), error and
 * closed (iw_rdmap_llp_down). request is NULL: a Responder fills its own table with these
 * functions and its request upcall. */
IW_DEF const iw_mpa_ulp_ops *iw_rdmap_mpa_ulp_ops(void);
IW_DEF iw_status iw_rdmap_mpa_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                                    unsigned flags, iw_mpa_rx_dst **dst);
IW_DEF iw_status iw_rdmap_mpa_commit(void *uctx, int ok);
IW_DEF void iw_rdmap_mpa_tx_done(void *uctx);
IW_DEF void iw_rdmap_mpa_established(void *uctx, const iw_mpa_info *info);
IW_DEF void iw_rdmap_mpa_error(void *uctx, const iw_mpa_error *err);
IW_DEF void iw_rdmap_mpa_closed(void *uctx);

#ifdef __cplusplus
}
#endif
#endif /* IW_RDMAP_H */

/* ======================================================================================== */
/* Implementation                                                                            */
/* ======================================================================================== */
#if defined(IWARP_IMPLEMENTATION) && !defined(IW_RDMAP_IMPLEMENTED)
#define IW_RDMAP_IMPLEMENTED

#ifdef __cplusplus
extern "C" {
#endif

/* send queue entry states */
#define IW__RDMAP_WR_WAIT 1u  /* posted, not yet handed to DDP */
#define IW__RDMAP_WR_DDP 2u   /* handed to DDP */
#define IW__RDMAP_WR_DONE 3u  /* complete, waiting for the ones before it */
/* inbound request states */
#define IW__RDMAP_IN_WAIT 1u
#define IW__RDMAP_IN_DDP 2u

/* ---- the opcode table (RFC 5040 §4.1 Fig. 4, RFC 7306 §4.1 and §10) ---- */

typedef iw_status (*iw__rdmap_handler)(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
static iw_status iw__rdmap_on_write(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
static iw_status iw__rdmap_on_read_req(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
static iw_status iw__rdmap_on_read_resp(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
static iw_status iw__rdmap_on_send(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
static iw_status iw__rdmap_on_term(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
#if IW_CFG_RDMAP_ATOMICS
static iw_status iw__rdmap_on_atomic_req(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
static iw_status iw__rdmap_on_atomic_resp(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len);
#endif

#define IW__RDMAP_F_SE 0x1u     /* solicited event (RDMAP-018, IMM-006) */
#define IW__RDMAP_F_INV 0x2u    /* carries an Invalidate STag (RDMAP-004) */
#define IW__RDMAP_F_IMM 0x4u    /* Immediate Data: 8 octets to the receive completion */
#define IW__RDMAP_F_7306 0x8u   /* defined by RFC 7306: refused when cfg.rfc7306 == 0 */
#define IW__RDMAP_F_RECV 0x10u  /* consumes one of the ULP's receives (QN 0) */

typedef struct iw__rdmap_opinfo {
    uint8_t valid, tagged, qn, flags;
    uint8_t hdr;                 /* RDMAP header octets after the DDP header */
    iw__rdmap_handler handler;   /* run when DDP delivers the message */
} iw__rdmap_opinfo;

static const iw__rdmap_opinfo iw__rdmap_optab[16] = {
    /* 0x0 RDMA Write */ {1, 1, 0, 0, 0, iw__rdmap_on_write},
    /* 0x1 Read Request */ {1, 0, IW_RDMAP_QN_READ, 0, IW_RDMAP_READ_REQ_HDR, iw__rdmap_on_read_req},
    /* 0x2 Read Response */ {1, 1, 0, 0, 0, iw__rdmap_on_read_resp},
    /* 0x3 Send */ {1, 0, IW_RDMAP_QN_SEND, IW__RDMAP_F_RECV, 0, iw__rdmap_on_send},
    /* 0x4 Send with Invalidate */
    {1, 0, IW_RDMAP_QN_SEND, IW__RDMAP_F_RECV | IW__RDMAP_F_INV, 0, iw__rdmap_on_send},
    /* 0x5 Send with SE */
    {1, 0, IW_RDMAP_QN_SEND, IW__RDMAP_F_RECV | IW__RDMAP_F_SE, 0, iw__rdmap_on_send},
    /* 0x6 Send with SE and Invalidate */
    {1, 0, IW_RDMAP_QN_SEND, IW__RDMAP_F_RECV | IW__RDMAP_F_SE | IW__RDMAP_F_INV, 0,
     iw__rdmap_on_send},
    /* 0x7 Terminate */ {1, 0, IW_RDMAP_QN_TERM, 0, IW_RDMAP_TERM_HDR, iw__rdmap_on_term},
    /* 0x8 Immediate Data */
    {1, 0, IW_RDMAP_QN_SEND, IW__RDMAP_F_RECV | IW__RDMAP_F_IMM | IW__RDMAP_F_7306,
     IW_RDMAP_IMM_LEN, iw__rdmap_on_send},
    /* 0x9 Immediate Data with SE */
    {1, 0, IW_RDMAP_QN_SEND,
     IW__RDMAP_F_RECV | IW__RDMAP_F_IMM | IW__RDMAP_F_SE | IW__RDMAP_F_7306, IW_RDMAP_IMM_LEN,
     iw__rdmap_on_send},
#if IW_CFG_RDMAP_ATOMICS
    /* 0xA Atomic Request */
    {1, 0, IW_RDMAP_QN_READ, IW__RDMAP_F_7306, IW_RDMAP_ATOMIC_REQ_HDR, iw__rdmap_on_atomic_req},
    /* 0xB Atomic Response */
    {1, 0, IW_RDMAP_QN_ATOMIC_RESP, IW__RDMAP_F_7306, IW_RDMAP_ATOMIC_RESP_HDR,
     iw__rdmap_on_atomic_resp},
#else /* left out: refused as undefined, (0, 2, 0x06) (RFC 7306 §8.1) */
    {0, 0, 0, 0, 0, NULL}, {0, 0, 0, 0, 0, NULL},
#endif
    /* 0xC-0xF: not defined (RDMAP-034) */
    {0, 0, 0, 0, 0, NULL}, {0, 0, 0, 0, 0, NULL}, {0, 0, 0, 0, 0, NULL}, {0, 0, 0, 0, 0, NULL}};

/* ---- Terminate ---- */

/* see rdmap.h */
IW_DEF const char *iw_rdmap_term_str(iw_term t)
{
    static const char *const prot[] = {"invalid STag", "base or bounds violation",
                                       "access rights violation",
                                       "STag not associated with RDMAP stream", "TO wrap"};
    static const char *const op[] = {"invalid RDMAP version", "unexpected opcode",
                                     "catastrophic error, localized to RDMAP stream",
                                     "catastrophic error, global",
                                     "STag cannot be invalidated"};
    static const char *const mpa[] = {"?", "TCP connection closed, terminated or lost",
                                      "MPA CRC error", "marker and ULPDU length mismatch",
                                      "invalid MPA Request or Reply frame",
                                      "local catastrophic error", "insufficient IRD resources",
                                      "no matching RTR option"};
    if (!IW_CFG_STRINGS) return "?";
    if (t.layer == IW_DDP_LAYER) return iw_ddp_term_str(t);
    /* Layer 2 (LLP): EType 0 is MPA (RFC 5040 §4.8, RFC 5044 §8); Chelsio writes 3. Others: none */
    if (t.layer == 2) return (t.etype == 0 || t.etype == 3) && t.ecode < 8 ? mpa[t.ecode] : "?";
    if (t.layer != IW_RDMAP_LAYER) return "?";
    if (t.etype == IW_RDMAP_ETYPE_CATASTROPHIC) return "local catastrophic error";
    if (t.etype == IW_RDMAP_ETYPE_PROT) {
        if (t.ecode < 5) return prot[t.ecode];
        if (t.ecode == IW_RDMAP_P_CANNOT_INVALIDATE) return "STag cannot be invalidated";
    }
    if (t.etype == IW_RDMAP_ETYPE_OP && t.ecode >= 5 && t.ecode <= 9) return op[t.ecode - 5];
    if ((t.etype == IW_RDMAP_ETYPE_PROT || t.etype == IW_RDMAP_ETYPE_OP) && t.ecode == 0xFF)
        return "unspecified error";
    return "?";
}

/* see rdmap.h */
IW_DEF const char *iw_rdmap_term_layer_str(unsigned layer)
{
    static const char *const n[] = {"RDMAP", "DDP", "MPA"}; /* RFC 5040 §4.8 Layer field */
    if (!IW_CFG_STRINGS) return "?";
    return layer < 3 ? n[layer] : "?";
}

/* see rdmap.h */
IW_DEF const char *iw_rdmap_term_etype_str(iw_term t)
{
    static const char *const rdmap[] = {"local catastrophic", "remote protection",
                                        "remote operation"}; /* RFC 5040 §4.8 Fig. 9 */
    static const char *const ddp[] = {"local catastrophic", "tagged buffer",
                                      "untagged buffer", "reserved for the LLP"}; /* RFC 5041 §7.2 */
    if (!IW_CFG_STRINGS) return "?";
    if (t.layer == IW_RDMAP_LAYER && t.etype < 3) return rdmap[t.etype];
    if (t.layer == IW_DDP_LAYER && t.etype < 4) return ddp[t.etype];
    if (t.layer == 2 && (t.etype == 0 || t.etype == 3)) return "MPA"; /* RFC 5044 §8; 3: Chelsio */
    return "?";
}

/* see rdmap.h */
IW_DEF size_t iw_rdmap_term_encode(const iw_rdmap_term_info *ti, uint8_t *out)
{
    unsigned mdr = (ti->m ? IW_RDMAP_TERM_M : 0u) | (ti->d ? IW_RDMAP_TERM_D : 0u) |
                   (ti->r ? IW_RDMAP_TERM_R : 0u);
    return iw_term_encode(out, ti->term, mdr, ti->seg_len, ti->ddp_hdr, ti->ddp_hdr_len,
                          ti->rdma_hdr);
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_term_decode(const uint8_t *p, size_t len, iw_rdmap_term_info *ti)
{
    size_t n = IW_RDMAP_TERM_HDR;
    if (!p || !ti) return IW_EINVAL;
    IW_MEMSET(ti, 0, sizeof *ti);
    if (len < IW_RDMAP_TERM_HDR) return IW_EINVAL;
    ti->term = iw_term_make(p[0] >> 4u, p[0] & 0xFu, p[1]);
    ti->m = (uint8_t)((p[2] & IW_RDMAP_TERM_M) != 0);
    ti->d = (uint8_t)((p[2] & IW_RDMAP_TERM_D) != 0);
    ti->r = (uint8_t)((p[2] & IW_RDMAP_TERM_R) != 0); /* the 13 reserved bits are ignored */
    if (ti->d) {
        size_t hl;
        if (len < n + 3) return IW_EINVAL;
        ti->seg_len = iw_get_be16(p + n);
        n += 2;
        hl = iw_ddp_hdr_len(p[n]);
        if (len < n + hl) return IW_EINVAL;
        IW_MEMCPY(ti->ddp_hdr, p + n, hl);
        ti->ddp_hdr_len = (uint8_t)hl;
        n += hl;
    }
    if (ti->r) {
        if (len < n + IW_RDMAP_READ_REQ_HDR) return IW_EINVAL;
        IW_MEMCPY(ti->rdma_hdr, p + n, IW_RDMAP_READ_REQ_HDR);
    }
    return IW_OK;
}

/* RFC 5040 §7.1 Fig. 10, the header control bits for an error, in one place
 * (RDMAP-025..027, ATOM-021, IMM-010). op: the offending message's opcode. */
static void iw__rdmap_hdrct(iw_rdmap_term_info *ti, unsigned op, int has_hdr, int dv_ok)
{
    int hdrs = 0;
    ti->m = ti->d = ti->r = 0;
    if (ti->term.layer == IW_RDMAP_LAYER) {
        hdrs = ti->term.etype != IW_RDMAP_ETYPE_CATASTROPHIC; /* EType 0: HdrCt 000 */
        ti->r = (uint8_t)(ti->term.etype == IW_RDMAP_ETYPE_PROT && op == IW_RDMAP_OP_READ_REQ);
    } else if (ti->term.layer == IW_DDP_LAYER) {
        hdrs = dv_ok; /* an invalid DDP version: layout unknown, nothing copied (project) */
    }                 /* Layer 2 (LLP): HdrCt 000 */
    if (!has_hdr) {
        hdrs = 0;
        ti->r = 0;
    }
    ti->m = ti->d = (uint8_t)hdrs;
}

/* ---- small helpers ---- */

IW_INLINE iw_rdmap_wr *iw__rdmap_wr_at(iw_rdmap_stream *s, uint32_t i)
{
    return &s->sq[iw_ring_ix(i, s->sq_cap)];
}
IW_INLINE iw_rdmap_inreq *iw__rdmap_in_at(iw_rdmap_stream *s, uint32_t i)
{
    return &s->irq[iw_ring_ix(i, s->irq_cap)];
}
static int iw__rdmap_needs_resp(unsigned op)
{
    return op == IW_RDMAP_OP_READ_REQ || op == IW_RDMAP_OP_ATOMIC_REQ;
}

/* Complete, in submission order (RDMAP-052), every operation at the head that is done; once
 * the stream has ended also every one DDP no longer references (flushed, RDMAP-057). */
static void iw__rdmap_retire(iw_rdmap_stream *s)
{
    while (s->sq_head != s->sq_next || (s->failed && s->sq_head != s->sq_tail)) {
        iw_rdmap_wr *w = iw__rdmap_wr_at(s, s->sq_head);
        iw_rdmap_cqe c;
        if (w->st != IW__RDMAP_WR_DONE) {
            if (!s->failed) break;
            if (w->st == IW__RDMAP_WR_DDP && !w->sent) break; /* DDP still reads its sgl */
            if (w->status == IW_OK) w->status = IW_ECLOSED;
        }
        c.cookie = w->cookie; /* every member */
        c.opcode = w->opcode;
        c.status = w->status;
        c.len = w->len;
#if IW_CFG_RDMAP_ATOMICS
        c.orig = w->orig;
#else
        c.orig = 0;
#endif
        c.sink_err = w->sink_err;
        if (w->st == IW__RDMAP_WR_DDP && iw__rdmap_needs_resp(w->opcode) && !w->resp &&
            s->ord_out)
            s->ord_out--;
        s->sq_head++; /* past sq_next only after the end (a WR DDP never had: flushed) */
        if (s->failed && s->sq_next - s->sq_head > s->sq_tail - s->sq_head) s->sq_next = s->sq_head;
        s->ops->complete(s->ctx, &c);
    }
}

/* The stream's first error or end (docs/style.md §6: first wins; RFC 5040 §7.1 rule 4,
 * RDMAP-030). ti: the Terminate to send (send != 0), or the one received; NULL: *t (NULL:
 * (0,0,0)) with HdrCt 000, by address (a short frame); kind: IW_RDMAP_EV_*. */
static void iw__rdmap_end(iw_rdmap_stream *s, unsigned kind, iw_status st, const iw_term *t,
                          const iw_rdmap_term_info *ti, int send)
{
    if (s->failed) return;
    s->failed = 1;
    if (ti != &s->ev.term) { /* else built in place (iw__rdmap_ddp_error) */
        IW_MEMSET(&s->ev.term, 0, sizeof s->ev.term);
        if (ti) s->ev.term = *ti;
        else if (t) s->ev.term.term = *t;
    }
    s->ev.kind = kind;
    s->ev.status = st;
    if (s->rx_recv_active) { /* the receive a Send took completes in error (RDMAP-016, -049) */
        iw_rdmap_recv r;
        IW_MEMSET(&r, 0, sizeof r);
        r.status = IW_ETERM;
        r.term = s->ev.term.term;
        r.opcode = s->rx_mop[IW_RDMAP_QN_SEND];
        s->rx_recv_active = 0;
        s->ops->recv(s->ctx, &r);
    }
    /* one Terminate per stream: MPA must not add its own after ours or the peer's */
    if (send || kind == IW_RDMAP_EV_TERM_RCVD) iw_ddp_llp_no_terminate(&s->ddp);
    if (send) { /* sent after the message in flight; nothing after it (RDMAP-022) */
        s->term_len = (uint8_t)iw_rdmap_term_encode(&s->ev.term, s->term_body);
        s->term_pending = 1;
    }
    /* RDMAP-058: nothing more is placed or delivered */
    if (iw_ddp_last_error(&s->ddp)->status == IW_OK)
        (void)iw_ddp_fail(&s->ddp, st == IW_OK ? IW_ECLOSED : st, s->ev.term.term, NULL, 0);
    if (s->ops->error) s->ops->error(s->ctx, &s->ev);
    iw__rdmap_retire(s);
}

static void iw__rdmap_close_llp(iw_rdmap_stream *s)
{
    if (s->closed) return;
    s->closed = 1;
    if (s->ops->llp_close) s->ops->llp_close(s->ctx);
    else iw_ddp_llp_close(&s->ddp);
}

/* Fail the stream for an error found in an incoming segment: seg holds its DDP header and,
 * for a Read Request, the RDMA header (updated when part of the response went out). Through
 * iw_ddp_fail, so that DDP stops and its error upcall builds the Terminate. */
static iw_status iw__rdmap_refuse(iw_rdmap_stream *s, iw_term t, const uint8_t *seg,
                                  size_t seg_len_hdrs, uint32_t seg_len)
{
    s->refuse_len = seg_len; /* the offending segment's ULPDU_Length (RDMAP-028) */
    s->refusing = 1;
    (void)iw_ddp_fail(&s->ddp, IW_ETERM, t, seg, seg_len_hdrs);
    s->refusing = 0;
    return IW_ETERM;
}

/* The DDP header of the segment being delivered, plus RDMAP header octets rh[0..rn). */
static size_t iw__rdmap_seg(const iw_rdmap_stream *s, const uint8_t *rh, size_t rn,
                            uint8_t out[IW_DDP_UNTAGGED_HDR + IW_RDMAP_REQ_HDR_MAX])
{
    size_t n;
    const uint8_t *h = iw_ddp_rx_seg(&s->ddp, &n);
    IW_MEMCPY(out, h, n);
    if (rh && rn) {
        IW_MEMCPY(out + n, rh, rn);
        n += rn;
    }
    return n;
}

/* iw__rdmap_refuse of the segment being delivered: its DDP header plus RDMAP header octets
 * rh[0..rn), its ULPDU_Length. */
static iw_status iw__rdmap_reject(iw_rdmap_stream *s, iw_term t, const uint8_t *rh, size_t rn)
{
    uint8_t seg[IW_DDP_UNTAGGED_HDR + IW_RDMAP_REQ_HDR_MAX];
    size_t n = iw__rdmap_seg(s, rh, rn, seg);
    return iw__rdmap_refuse(s, t, seg, n, iw_ddp_rx_seg_len(&s->ddp));
}

/* ---- DDP upcalls ---- */

/* Per-segment checks after DDP's DV check, before any memory is touched (RFC 5040 §7.2). */
static iw_status iw__rdmap_check(void *uctx, const iw_ddp_hdr *h, unsigned *access, iw_term *t)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    unsigned op = h->ulp & IW_RDMAP_OP_MASK;
    const iw__rdmap_opinfo *oi = &iw__rdmap_optab[op];
    if ((unsigned)(h->ulp >> 6) != s->cfg.rv) { /* V1, RDMAP-033 */
        *t = iw_term_make(IW_RDMAP_LAYER, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_VERSION);
        return IW_ETERM;
    }
    /* V2: undefined, RFC 7306 off, or the wrong buffer model (RDMAP-034, -035) */
    if (!oi->valid || ((oi->flags & IW__RDMAP_F_7306) && !s->cfg.rfc7306) ||
        oi->tagged != h->tagged) {
        if (op == IW_RDMAP_OP_TERMINATE) s->bad_term = 1; /* a tagged "Terminate": V27 */
        *t = iw_term_make(IW_RDMAP_LAYER, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_OPCODE);
        return IW_ETERM;
    }
    { /* a segment that continues a message carries that message's opcode (RFC 5041 §5.2:
       * RsvdULP is the same in every segment; siw refuses the switch too): RDMAP-034c */
        unsigned m = h->tagged ? 4u : oi->qn, bit = 1u << m;
        if ((s->rx_cont & bit) && op != s->rx_mop[m]) {
            *t = iw_term_make(IW_RDMAP_LAYER, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_OPCODE);
            return IW_ETERM;
        }
        s->rx_mop[m] = (uint8_t)op;
        s->rx_cont = (uint8_t)(h->last ? s->rx_cont & ~bit : s->rx_cont | bit);
    }
    if (op == IW_RDMAP_OP_WRITE) { /* tagged (V2): none of the checks below applies */
        *access = IW_DDP_ACC_REMOTE_WRITE;
        return IW_OK;
    }
    if (op == IW_RDMAP_OP_TERMINATE && (h->qn != IW_RDMAP_QN_TERM || h->msn != 1 ||
                                        h->mo != 0 || !h->last)) { /* V27, RDMAP-061 */
        s->bad_term = 1;
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_INVALID_QN);
        return IW_ETERM;
    }
    if (!h->tagged && h->qn != oi->qn) { /* V3, RDMAP-036 */
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_INVALID_QN);
        return IW_ETERM;
    }
    if (op == IW_RDMAP_OP_READ_REQ && (!s->cfg.read_enabled || s->cfg.ird == 0)) { /* V8 */
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_INVALID_QN);
        return IW_ETERM;
    }
    if (op == IW_RDMAP_OP_ATOMIC_REQ && !s->cfg.read_enabled) {
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_INVALID_QN);
        return IW_ETERM;
    }
    if (op == IW_RDMAP_OP_READ_RESP) { /* V4-V6 (RDMAP-013) */
        *access = IW_RDMAP_ACC_LOCAL_WRITE;
        if (!s->rr_active) { /* the first segment: the oldest outstanding Read */
            uint32_t i;
            iw_rdmap_wr *w = NULL;
            for (i = s->sq_head; i != s->sq_next; i++) {
                iw_rdmap_wr *c = iw__rdmap_wr_at(s, i);
                if (c->opcode == IW_RDMAP_OP_READ_REQ && c->st == IW__RDMAP_WR_DDP && !c->resp) {
                    w = c;
                    break;
                }
            }
            if (!w) {
                *t = iw_term_make(IW_RDMAP_LAYER, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_OPCODE);
                return IW_ETERM;
            }
            if (h->stag != w->sink_stag) {
                *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED, IW_DDP_T_INVALID_STAG);
                return IW_ETERM;
            }
            if (h->to != w->sink_to) {
                *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED, IW_DDP_T_BOUNDS);
                return IW_ETERM;
            }
            s->rr_active = 1;
            s->rr_wr = i;
        }
    }
    return IW_OK;
}

/* Placement of tagged segments: the ULP's resolve, with a Read Response held to the range its
 * Read asked for (V6: anything beyond is a bounds error, (1,1,0x01)), in a function of its own
 * so that a Write's resolve is a plain jump to the ULP's. */
static IW_COLD iw_ddp_xlate iw__rdmap_resolve_sink(iw_rdmap_stream *s, uint32_t stag,
                                                   uint64_t to, uint32_t len, iw_ddp_buf *dst,
                                                   size_t max, size_t *n)
{
    iw_rdmap_wr *w = iw__rdmap_wr_at(s, s->rr_wr);
    iw_ddp_xlate x;
    if (to < w->sink_to || to - w->sink_to > w->len || len > w->len - (to - w->sink_to))
        return IW_DDP_X_BOUNDS; /* the peer's fault: (1,1,0x01) */
    x = s->ops->resolve(s->ctx, stag, to, len, IW_RDMAP_ACC_LOCAL_WRITE, dst, max, n);
    if (x != IW_DDP_X_OK) { /* our own sink (rights, PD, invalidated): a local error, */
        w->sink_err = x;      /* unless the peer invalidated it while the Read was out:
                                 then it is the peer's segment that names an invalid
                                 STag, DDP's (1,1,0x00) with its header (RFC 5041 §7.2) */
        w->status = IW_ETERM;
        if (!w->sink_rinv) s->sink_fail = 1;
    }
    return x;
}
static iw_ddp_xlate iw__rdmap_resolve(void *mctx, uint32_t stag, uint64_t to, uint32_t len,
                                      unsigned access, iw_ddp_buf *dst, size_t max, size_t *n)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)mctx;
    if (access == IW_RDMAP_ACC_LOCAL_WRITE && s->rr_active)
        return iw__rdmap_resolve_sink(s, stag, to, len, dst, max, n);
    return s->ops->resolve(s->ctx, stag, to, len, access, dst, max, n);
}

/* Receive buffers for untagged messages: the ULP's receive for Sends, RDMAP's own scratch
 * for everything else (RFC 5040 §5.4: a Terminate can always be received, RDMAP-023). */
static iw_status iw__rdmap_rx_buf(void *uctx, const iw_ddp_hdr *h, iw_ddp_buf *bufs,
                                  size_t max, size_t *n, iw_term *t)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    unsigned op = h->ulp & IW_RDMAP_OP_MASK;
    const iw__rdmap_opinfo *oi = &iw__rdmap_optab[op];
    *n = 0;
    if (oi->qn == IW_RDMAP_QN_READ && s->irq_tail - s->irq_head >= s->cfg.ird) {
        /* V9: beyond IRD (RDMAP-039, ATOM-013) */
        *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_MSN_RANGE);
        return IW_ETERM;
    }
    if (oi->flags & IW__RDMAP_F_RECV) { /* RDMAP-015, IMM-004: one receive per message */
        iw_status st;
        if (!s->ops->recv_buf) {
            *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED, IW_DDP_U_NO_BUF);
            return IW_ETERM;
        }
        st = s->ops->recv_buf(s->ctx, op, bufs, max, n, t);
        if (st != IW_OK) {
            *n = 0;
            if (st != IW_ETERM) *t = iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_UNTAGGED,
                                                 IW_DDP_U_NO_BUF);
            return IW_ETERM;
        }
        s->rx_recv_active = 1;
        if (!(oi->flags & IW__RDMAP_F_IMM)) return IW_OK;
    }
    bufs[0].base = s->rx_ctl[h->qn];
    bufs[0].len = IW_CFG_RDMAP_CTL_BUF;
    *n = 1;
    return IW_OK;
}

static iw_status iw__rdmap_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    unsigned op = h->ulp & IW_RDMAP_OP_MASK;
    IW_STAT(s->stats.rx_msgs[op]++);
    return iw__rdmap_optab[op].handler(s, h, len);
}

/* DDP's first error (its own or one RDMAP recorded via iw_ddp_fail): the Terminate, in s->ev. */
static void iw__rdmap_ddp_error(void *uctx, const iw_ddp_error *e)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    iw_rdmap_term_info *ti = &s->ev.term;
    int has = e->has_hdr && e->hdr_len >= 2;
    unsigned op = has ? (e->hdr[1] & IW_RDMAP_OP_MASK) : 0xFu;
    if (s->failed) return;
    if (s->bad_term) { /* V27, RDMAP-061: a malformed Terminate is not answered */
        iw__rdmap_end(s, IW_RDMAP_EV_BAD_TERM, IW_ETERM, &e->term, NULL, 0);
        iw__rdmap_close_llp(s);
        return;
    }
    IW_MEMSET(&s->ev, 0, sizeof s->ev);
    if (e->status == IW_EHOST || s->sink_fail) {
        /* our own or the LLP's failure, or our Read's sink refused to take the response
         * (verbs Fig. 23: a local error, HdrCt 000): local catastrophic */
        ti->term = iw_term_make(IW_RDMAP_LAYER, IW_RDMAP_ETYPE_CATASTROPHIC, 0);
    } else {
        int dv_ok = has && (e->hdr[0] & IW_DDP_F_DV) == IW_DDP_VERSION;
        ti->term = e->term;
        iw__rdmap_hdrct(ti, op, has, dv_ok);
        if (ti->d) {
            uint32_t sl = s->refusing ? s->refuse_len : e->seg_len;
            ti->ddp_hdr_len = (uint8_t)iw_ddp_hdr_len(e->hdr[0]);
            IW_MEMCPY(ti->ddp_hdr, e->hdr, ti->ddp_hdr_len);
            ti->seg_len = (uint16_t)(sl > 0xFFFFu ? 0xFFFFu : sl); /* RDMAP-028 */
        }
        if (ti->r) {
            if (e->hdr_len >= IW_DDP_UNTAGGED_HDR + IW_RDMAP_READ_REQ_HDR)
                IW_MEMCPY(ti->rdma_hdr, e->hdr + IW_DDP_UNTAGGED_HDR, IW_RDMAP_READ_REQ_HDR);
            else
                ti->r = 0;
        }
    }
    iw__rdmap_end(s, IW_RDMAP_EV_TERM_SENT, IW_ETERM, NULL, ti, 1);
}

/* DDP is done with a message: a Write, Send or request of ours, a response, or the
 * Terminate. */
static void iw__rdmap_sent(void *uctx, void *cookie)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    if (cookie == (void *)s) { /* our Terminate is out: close gracefully (RDMAP-056) */
        s->term_inflight = 0;
        s->term_done = 1;
        iw__rdmap_close_llp(s);
        return;
    }
    if (s->irq_cap && (iw_rdmap_inreq *)cookie >= s->irq &&
        (iw_rdmap_inreq *)cookie < s->irq + s->irq_cap) {
        if (s->irq_head != s->irq_send) s->irq_head++; /* a response is out: IRD slot free */
    } else {
        iw_rdmap_wr *w = (iw_rdmap_wr *)cookie;
        w->sent = 1;
        if (!iw__rdmap_needs_resp(w->opcode) || w->resp) w->st = IW__RDMAP_WR_DONE;
        iw__rdmap_retire(s); /* RDMAP-051: not before DDP is done with it */
    }
    /* The next message goes when DDP has returned, not from inside it: DDP sends only from
     * iw__rdmap_pump's loop (which goes on) or iw_rdmap_tx_resume (which pumps after), and
     * iw_rdmap_llp_down's abort sends nothing more. */
}

/* ---- message handlers (the opcode table's) ---- */

/* RDMA Write: placed only, never delivered (RFC 5040 §5.1, RDMAP-007). */
static iw_status iw__rdmap_on_write(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    (void)s;
    (void)h;
    (void)len;
    return IW_OK;
}

/* Which resolve outcome is which Remote Protection code (RFC 5040 §7.2; V10-V14, V23-V24). */
static iw_term iw__rdmap_xlate_term(iw_ddp_xlate x)
{
    static const uint8_t code[] = {0, IW_RDMAP_P_INVALID_STAG, IW_RDMAP_P_BOUNDS,
                                   IW_RDMAP_P_NOT_ASSOC, IW_RDMAP_P_ACCESS, IW_RDMAP_P_TO_WRAP};
    return iw_term_make(IW_RDMAP_LAYER, IW_RDMAP_ETYPE_PROT,
                        (unsigned)x < sizeof code ? code[x] : (unsigned)IW_RDMAP_P_UNSPECIFIED);
}

/* Queue a validated inbound request (the IRD resource taken at rx_buf). */
static void iw__rdmap_in_queue(iw_rdmap_stream *s, unsigned op, const uint8_t *rh, size_t rn)
{
    iw_rdmap_inreq *q = iw__rdmap_in_at(s, s->irq_tail);
    IW_MEMSET(q, 0, sizeof *q);
    q->raw_len = (uint16_t)iw__rdmap_seg(s, rh, rn, q->raw);
    q->opcode = (uint8_t)op;
    q->st = IW__RDMAP_IN_WAIT;
    s->irq_tail++;
}

/* Read Request (RFC 5040 §5.2.1, §7.2): processed here, never delivered (RDMAP-008). */
static iw_status iw__rdmap_on_read_req(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    const uint8_t *r = s->rx_ctl[IW_RDMAP_QN_READ];
    uint32_t size = iw_get_be32(r + 12);
    (void)h;
    if (len != IW_RDMAP_READ_REQ_HDR) /* V7: ULPDU length 46 (RDMAP-037) */
        return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_STREAM), r,
                                len < IW_RDMAP_READ_REQ_HDR ? len : IW_RDMAP_READ_REQ_HDR);
    if (size > 0) { /* RDMAP-009: RDMARDSZ 0 is not validated */
        size_t k = 0;
        iw_ddp_xlate x = s->ops->resolve(s->ctx, iw_get_be32(r + 16), iw_get_be64(r + 20),
                                         size, IW_DDP_ACC_REMOTE_READ, NULL, 0, &k);
        uint64_t to = iw_get_be64(r + 20);
        if ((x == IW_DDP_X_OK || x == IW_DDP_X_BOUNDS) && to + (size - 1u) < to)
            x = IW_DDP_X_TO_WRAP; /* V14 whatever the resolver says */
        if (x != IW_DDP_X_OK) /* V10-V14 (RDMAP-040..044) */
            return iw__rdmap_reject(s, iw__rdmap_xlate_term(x), r, IW_RDMAP_READ_REQ_HDR);
    }
    iw__rdmap_in_queue(s, IW_RDMAP_OP_READ_REQ, r, IW_RDMAP_READ_REQ_HDR); /* RDMAP-010, -054 */
    return IW_OK;
}

#if IW_CFG_RDMAP_ATOMICS
/* Atomic Request (RFC 7306 §5.2.1, §8.2): validated here, executed in order when its
 * response is generated (ATOM-014, ATOM-016). */
static iw_status iw__rdmap_on_atomic_req(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    const uint8_t *r = s->rx_ctl[IW_RDMAP_QN_READ];
    size_t k = 0;
    unsigned aop = r[3] & 0xFu;
    iw_ddp_buf b;
    iw_ddp_xlate x;
    uint64_t to = iw_get_be64(r + 12);
    (void)h;
    if (len != IW_RDMAP_ATOMIC_REQ_HDR) /* V21 (ATOM-020) */
        return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_STREAM), NULL, 0);
    if (aop != IW_RDMAP_AOP_FETCHADD && aop != IW_RDMAP_AOP_CMPSWAP) /* V22 (ATOM-019) */
        return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_OPCODE), NULL, 0);
    x = s->ops->resolve(s->ctx, iw_get_be32(r + 8), to, 8, IW_RDMAP_ACC_REMOTE_ATOMIC, &b, 1,
                        &k);
    if ((x == IW_DDP_X_OK || x == IW_DDP_X_BOUNDS) && to + 7u < to) x = IW_DDP_X_TO_WRAP;
    if (x != IW_DDP_X_OK) /* V23-V24 (ATOM-018) */
        return iw__rdmap_reject(s, iw__rdmap_xlate_term(x), NULL, 0);
    if (k != 1 || !b.base || b.len != 8 || ((uintptr_t)b.base & 7u) != 0) /* V25 (ATOM-010) */
        return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_STREAM), NULL, 0);
    iw__rdmap_in_queue(s, IW_RDMAP_OP_ATOMIC_REQ, r, IW_RDMAP_ATOMIC_REQ_HDR);
    return IW_OK;
}

/* The send queue position of the oldest outstanding operation of this opcode, or NULL. */
static iw_rdmap_wr *iw__rdmap_oldest(iw_rdmap_stream *s, unsigned op)
{
    uint32_t i;
    for (i = s->sq_head; i != s->sq_next; i++) {
        iw_rdmap_wr *w = iw__rdmap_wr_at(s, i);
        if (w->opcode == op && w->st == IW__RDMAP_WR_DDP && !w->resp) return w;
    }
    return NULL;
}
#endif

/* A response arrived for w: it completes once DDP is also done with its request. */
static void iw__rdmap_resp_done(iw_rdmap_stream *s, iw_rdmap_wr *w)
{
    w->resp = 1;
    if (s->ord_out) s->ord_out--;
    if (w->sent) w->st = IW__RDMAP_WR_DONE;
    iw__rdmap_retire(s); /* RDMAP-012, ATOM-015: only now */
}

/* Read Response (RFC 5040 §5.2.2): the whole response is placed; the Read completes. */
static iw_status iw__rdmap_on_read_resp(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    iw_rdmap_wr *w;
    (void)h;
    if (!s->rr_active) /* cannot happen: check matched its first segment */
        return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_OPCODE), NULL, 0);
    s->rr_active = 0;
    w = iw__rdmap_wr_at(s, s->rr_wr);
    if (len != w->len) { /* V6: total length differs from RDMARDSZ */
        w->status = IW_ETERM;
        return iw__rdmap_reject(s, iw_term_make(IW_DDP_LAYER, IW_DDP_ETYPE_TAGGED,
                                                IW_DDP_T_BOUNDS), NULL, 0);
    }
    iw__rdmap_resp_done(s, w);
    return IW_OK;
}

#if IW_CFG_RDMAP_ATOMICS
/* Atomic Response (RFC 7306 §5.2.2): the n-th answers the n-th request (ATOM-012). */
static iw_status iw__rdmap_on_atomic_resp(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    const uint8_t *r = s->rx_ctl[IW_RDMAP_QN_ATOMIC_RESP];
    iw_rdmap_wr *w = iw__rdmap_oldest(s, IW_RDMAP_OP_ATOMIC_REQ);
    (void)h;
    if (len != IW_RDMAP_ATOMIC_RESP_HDR || !w || iw_get_be32(r) != w->req_id) { /* V26 */
        if (w && len == IW_RDMAP_ATOMIC_RESP_HDR) w->status = IW_ETERM;
        return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_STREAM), NULL, 0);
    }
    w->orig = iw_get_be64(r + 4); /* ATOM-009: big-endian on the wire */
    iw__rdmap_resp_done(s, w);
    return IW_OK;
}

#endif

/* Send types and Immediate Data (RFC 5040 §5.3, RFC 7306 §6): delivered in MSN order. */
static iw_status iw__rdmap_on_send(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    unsigned op = h->ulp & IW_RDMAP_OP_MASK;
    const iw__rdmap_opinfo *oi = &iw__rdmap_optab[op];
    iw_rdmap_recv rv;
    IW_MEMSET(&rv, 0, sizeof rv);
    rv.opcode = (uint8_t)op;
    rv.solicited = (uint8_t)((oi->flags & IW__RDMAP_F_SE) != 0);
    rv.len = len;
    if (oi->flags & IW__RDMAP_F_IMM) { /* IMM-003: exactly 8 octets (V20) */
        if (len != IW_RDMAP_IMM_LEN)
            return iw__rdmap_reject(s, iw_term_make(0, IW_RDMAP_ETYPE_OP, IW_RDMAP_O_STREAM),
                                    NULL, 0);
        rv.has_imm = 1;
        rv.len = 0;
        IW_MEMCPY(rv.imm, s->rx_ctl[IW_RDMAP_QN_SEND], IW_RDMAP_IMM_LEN);
    }
    if (oi->flags & IW__RDMAP_F_INV) { /* RDMAP-017, V15-V18: before the receive completes */
        static const uint8_t code[] = {0, IW_RDMAP_P_INVALID_STAG, IW_RDMAP_P_CANNOT_INVALIDATE,
                                       IW_RDMAP_P_ACCESS, IW_RDMAP_P_CANNOT_INVALIDATE};
        iw_rdmap_inval v = s->ops->invalidate ? s->ops->invalidate(s->ctx, h->ulp32)
                                              : IW_RDMAP_INV_INVALID_STAG;
        rv.inval_stag = h->ulp32;
        if (v != IW_RDMAP_INV_OK) {
            iw_term t = iw_term_make(0, IW_RDMAP_ETYPE_PROT,
                                     (unsigned)v < sizeof code ? code[v]
                                                               : 0xFFu);
            /* the receive fails there */
            return iw__rdmap_reject(s, t, NULL, 0);
        }
        rv.invalidated = 1;
        {
            uint32_t i; /* our outstanding Reads whose sink that was (iw__rdmap_resolve) */
            for (i = s->sq_head; i != s->sq_tail; i++) {
                iw_rdmap_wr *c = iw__rdmap_wr_at(s, i);
                if (c->opcode == IW_RDMAP_OP_READ_REQ && c->sink_stag == h->ulp32)
                    c->sink_rinv = 1;
            }
        }
    }
    s->rx_recv_active = 0;
    s->ops->recv(s->ctx, &rv); /* RDMAP-053: in DDP delivery order */
    return IW_OK;
}

/* Terminate (RFC 5040 §5.4): decoded, surfaced, never answered (RDMAP-024). */
static iw_status iw__rdmap_on_term(iw_rdmap_stream *s, const iw_ddp_hdr *h, uint32_t len)
{
    iw_rdmap_term_info ti;
    (void)h;
    if (len > IW_CFG_RDMAP_CTL_BUF ||
        iw_rdmap_term_decode(s->rx_ctl[IW_RDMAP_QN_TERM], len, &ti) != IW_OK) {
        /* V27: malformed, closed without a Terminate */
        iw__rdmap_end(s, IW_RDMAP_EV_BAD_TERM, IW_ETERM, NULL, NULL, 0);
    } else {
        iw__rdmap_end(s, IW_RDMAP_EV_TERM_RCVD, IW_ETERM, NULL, &ti, 0); /* RDMAP-057, -058 */
    }
    iw__rdmap_close_llp(s);
    return IW_OK; /* the stream is already ended: DDP drops what follows */
}

/* ---- transmit ---- */

/* Response source for a Read Request: resolved per segment (RFC 5040 §5.2.2). A failure part
 * way (the STag invalidated meanwhile) is a Terminate with the RDMA header advanced by what
 * went out (RDMAP-029), once DDP returned (iw__rdmap_pulled); the message is abandoned. */
static iw_status iw__rdmap_pull(void *uctx, void *cookie, uint32_t off, uint32_t want,
                                iw_iov *iov, size_t max, size_t *n)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    iw_rdmap_inreq *q = (iw_rdmap_inreq *)cookie;
    const uint8_t *r = q->raw + IW_DDP_UNTAGGED_HDR;
    iw_ddp_buf b[IW_CFG_DDP_TX_PIECES];
    size_t k = 0, i;
    iw_ddp_xlate x;
    if (max > IW_CFG_DDP_TX_PIECES) max = IW_CFG_DDP_TX_PIECES;
    x = s->ops->resolve(s->ctx, iw_get_be32(r + 16), iw_get_be64(r + 20) + off, want,
                        IW_DDP_ACC_REMOTE_READ, b, max, &k);
    if (x == IW_DDP_X_OK && (k == 0 || k > max)) x = IW_DDP_X_INVALID_STAG;
    if (x != IW_DDP_X_OK) { /* q is done with: its header becomes the Terminate's */
        uint8_t *u = q->raw + IW_DDP_UNTAGGED_HDR;
        iw_put_be64(u + 4, iw_get_be64(u + 4) + off);   /* SinkTO */
        iw_put_be32(u + 12, iw_get_be32(u + 12) - off); /* RDMARDSZ */
        iw_put_be64(u + 20, iw_get_be64(u + 20) + off); /* SrcTO */
        s->pull_x = (uint8_t)x;
        return IW_ETERM;
    }
    for (i = 0; i < k; i++) {
        iov[i].base = b[i].base;
        iov[i].len = b[i].len;
    }
    *n = k;
    return IW_OK;
}

/* The Read Response iw__rdmap_pull refused (the last one DDP took) gets its Terminate now. */
static void iw__rdmap_pulled(iw_rdmap_stream *s)
{
    iw_rdmap_inreq *q = iw__rdmap_in_at(s, s->irq_send - 1);
    iw_ddp_xlate x = (iw_ddp_xlate)s->pull_x;
    s->pull_x = 0;
    (void)iw__rdmap_refuse(s, iw__rdmap_xlate_term(x), q->raw, q->raw_len, q->raw_len);
}

/* Hand the next inbound request's response to DDP (in request order, RDMAP-054). Atomics are
 * executed now, after every earlier response was generated (ATOM-016). */
static iw_status iw__rdmap_send_resp(iw_rdmap_stream *s)
{
    iw_rdmap_inreq *q = iw__rdmap_in_at(s, s->irq_send);
    const uint8_t *r = q->raw + IW_DDP_UNTAGGED_HDR;
    iw_ddp_msg *m = iw_ddp_send_slot(&s->ddp); /* built there, not on the pump's stack */
    iw_status st;
    if (!m) return IW_EAGAIN; /* a message in progress (the pump checked: never) */
    IW_MEMSET(m, 0, sizeof *m);
    m->cookie = q;
    if (q->opcode == IW_RDMAP_OP_READ_REQ) { /* RDMAP-006: tagged with SinkSTag, at SinkTO */
        m->tagged = 1;
        m->ulp = IW_RDMAP_CTRL(s->cfg.rv, IW_RDMAP_OP_READ_RESP);
        m->stag = iw_get_be32(r);
        m->to = iw_get_be64(r + 4);
        m->len = iw_get_be32(r + 12);
        if (m->len) m->pull = iw__rdmap_pull;
    } else { /* Atomic Request */
#if IW_CFG_RDMAP_ATOMICS
        iw_ddp_buf b;
        size_t k = 0;
        unsigned aop = r[3] & 0xFu;
        uint64_t orig, as = iw_get_be64(r + 20), asm_ = iw_get_be64(r + 28),
                       cd = iw_get_be64(r + 36), cm = iw_get_be64(r + 44);
        uint64_t to = iw_get_be64(r + 12);
        iw_ddp_xlate x = s->ops->resolve(s->ctx, iw_get_be32(r + 8), to, 8,
                                         IW_RDMAP_ACC_REMOTE_ATOMIC, &b, 1, &k);
        if (x == IW_DDP_X_OK && (k != 1 || !b.base || b.len != 8 || ((uintptr_t)b.base & 7u)))
            x = IW_DDP_X_INVALID_STAG;
        if (x != IW_DDP_X_OK) { /* revoked since it was validated */
            (void)iw__rdmap_refuse(s, iw__rdmap_xlate_term(x), q->raw, IW_DDP_UNTAGGED_HDR,
                                   q->raw_len);
            return IW_ETERM;
        }
        if (s->ops->atomic64) {
            orig = s->ops->atomic64(s->ctx, aop, b.base, as, asm_, cd, cm);
        } else { /* one thread drives the RNIC: a plain read-modify-write is atomic */
            uint64_t v;
            IW_MEMCPY(&v, b.base, 8);
            orig = v;
            v = aop == IW_RDMAP_AOP_FETCHADD ? iw_rdmap_fetchadd(v, as, asm_)
                                             : iw_rdmap_cmpswap(v, as, asm_, cd, cm);
            IW_MEMCPY(b.base, &v, 8);
        }
        IW_MEMCPY(q->resp, r + 4, 4); /* ATOM-009: the Request Identifier echoed */
        iw_put_be64(q->resp + 4, orig);
        q->iov.base = q->resp;
        q->iov.len = IW_RDMAP_ATOMIC_RESP_HDR;
        m->ulp = IW_RDMAP_CTRL(s->cfg.rv, IW_RDMAP_OP_ATOMIC_RESP);
        m->qn = IW_RDMAP_QN_ATOMIC_RESP;
        m->sgl = &q->iov;
        m->nsge = 1;
#endif
    }
    q->st = IW__RDMAP_IN_DDP;
    s->irq_send++;
    IW_STAT(s->stats.tx_msgs[q->opcode == IW_RDMAP_OP_READ_REQ ? IW_RDMAP_OP_READ_RESP
                                                       : IW_RDMAP_OP_ATOMIC_RESP]++);
    st = iw_ddp_send_commit(&s->ddp);
    if (s->pull_x) iw__rdmap_pulled(s);
    return st;
}

/* Hand the next posted operation to DDP (the pump checked ORD and the read fence, RDMAP-014,
 * and that DDP is free). The message is built in DDP's own slot (iw_ddp_send_slot). */
static IW_HOT iw_status iw__rdmap_send_wr(iw_rdmap_stream *s, iw_rdmap_wr *w)
{
    iw_ddp_msg *m = iw_ddp_send_slot(&s->ddp);
    const unsigned op = w->opcode;
    iw_status st = IW_EAGAIN; /* no slot: a message in progress (the pump checked: never) */
    if (m) {
        m->cookie = w;
        m->ulp = IW_RDMAP_CTRL(s->cfg.rv, op);
        m->qn = iw__rdmap_optab[op].qn;
        m->tagged = iw__rdmap_optab[op].tagged;
        if (op == IW_RDMAP_OP_WRITE) {
            m->stag = w->stag;
            m->to = w->to;
            m->sgl = w->sgl;
            m->nsge = w->nsge;
        } else if (iw__rdmap_optab[op].flags & IW__RDMAP_F_IMM) {
            w->iov.base = w->imm;
            w->iov.len = IW_RDMAP_IMM_LEN;
            m->sgl = &w->iov;
            m->nsge = 1;
        } else if (iw__rdmap_needs_resp(op)) {
            w->iov.base = w->hdr;
            w->iov.len = iw__rdmap_optab[op].hdr;
            m->sgl = &w->iov;
            m->nsge = 1;
        } else { /* Send types; the Invalidate STag only for 0x4 and 0x6 (RDMAP-004) */
            m->sgl = w->sgl;
            m->nsge = w->nsge;
            if (iw__rdmap_optab[op].flags & IW__RDMAP_F_INV) m->ulp32 = w->inval_stag;
        }
    }
    w->st = IW__RDMAP_WR_DDP;
    s->sq_next++;
    if (iw__rdmap_needs_resp(w->opcode)) s->ord_out++;
    if (m) st = iw_ddp_send_commit(&s->ddp);
    if (st == IW_EINVAL) { /* RDMAP-031: cannot be built: a Terminate instead, HdrCt 000 */
        static const iw_term cat = {IW_RDMAP_LAYER, IW_RDMAP_ETYPE_CATASTROPHIC, 0};
        w->status = IW_EINVAL;
        w->sent = 1;
        iw__rdmap_end(s, IW_RDMAP_EV_TERM_SENT, IW_ETERM, &cat, NULL, 1);
        return IW_OK;
    }
    if (st == IW_OK) IW_STAT(s->stats.tx_msgs[w->opcode]++);
    return st;
}

/* Nothing for the pump to offer: no Terminate pending, no response and no WR waiting. The
 * pump then returns IW_OK and changes nothing, so a caller may skip it (the receive path
 * after each message, where this is the usual case). */
IW_INLINE int iw__rdmap_tx_idle(const iw_rdmap_stream *s)
{
    return !s->term_pending && s->irq_send == s->irq_tail && s->sq_next == s->sq_tail;
}

/* The WR next in the send queue may go to DDP: ORD (RDMAP-014) and its read fence allow. */
IW_INLINE int iw__rdmap_wr_ready(const iw_rdmap_stream *s, const iw_rdmap_wr *w)
{
    if (iw__rdmap_needs_resp(w->opcode) && s->ord_out >= s->cfg.ord) return 0;
    if ((w->flags & IW_RDMAP_F_READ_FENCE) && s->ord_out) return 0;
    return 1;
}

/* Offer messages to DDP until it is busy or nothing is ready. */
static iw_status iw__rdmap_pump(iw_rdmap_stream *s)
{
    iw_status st = IW_OK;
    if (s->in_pump) return IW_OK;
    s->in_pump = 1;
    while (!iw_ddp_tx_busy(&s->ddp) && st == IW_OK) {
        int resp_ready, wr_ready = 0;
        if (s->term_pending) { /* the first error's Terminate, after the message in flight */
            iw_ddp_msg *m = iw_ddp_send_slot(&s->ddp); /* DDP is free: never NULL */
            IW_MEMSET(m, 0, sizeof *m);
            s->term_pending = 0;
            s->term_inflight = 1;
            s->term_iov.base = s->term_body;
            s->term_iov.len = s->term_len;
            m->ulp = IW_RDMAP_CTRL(s->cfg.rv, IW_RDMAP_OP_TERMINATE);
            m->qn = IW_RDMAP_QN_TERM; /* RDMAP-021: QN 2, MSN 1, MO 0, L, Inval STag 0 */
            m->sgl = &s->term_iov;
            m->nsge = 1;
            m->cookie = s;
            IW_STAT(s->stats.tx_msgs[IW_RDMAP_OP_TERMINATE]++);
            st = iw_ddp_send_commit(&s->ddp);
            continue;
        }
        if (s->failed) break; /* RDMAP-022: nothing but the Terminate */
        resp_ready = s->irq_send != s->irq_tail;
        if (s->sq_next != s->sq_tail)
            wr_ready = iw__rdmap_wr_ready(s, iw__rdmap_wr_at(s, s->sq_next));
        if (!resp_ready && !wr_ready) break;
        if (resp_ready && (!wr_ready || s->turn)) {
            s->turn = 0;
            st = iw__rdmap_send_resp(s);
        } else {
            s->turn = 1;
            st = iw__rdmap_send_wr(s, iw__rdmap_wr_at(s, s->sq_next));
        }
        if (st == IW_ETERM) st = IW_OK; /* the Terminate goes next */
    }
    s->in_pump = 0;
    return st;
}

/* ---- API ---- */

/* see rdmap.h */
IW_DEF void iw_rdmap_cfg_default(iw_rdmap_cfg *cfg)
{
    IW_MEMSET(cfg, 0, sizeof *cfg);
    cfg->rv = IW_RDMAP_RV;
    cfg->rfc7306 = 1;
    cfg->read_enabled = 1;
    cfg->ird = 16;
    cfg->ord = 16;
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_init(iw_rdmap_stream *s, const iw_rdmap_cfg *cfg,
                               const iw_ddp_llp_ops *llp, void *lctx, const iw_rdmap_ops *ops,
                               void *ctx, iw_rdmap_wr *sq, size_t sq_cap, iw_rdmap_inreq *irq,
                               size_t irq_cap)
{
    static const iw_ddp_mem_ops mem = {IW_OP(resolve) iw__rdmap_resolve};
    static const iw_ddp_ulp_ops ulp = {IW_OP(check) iw__rdmap_check,
                                       IW_OP(rx_buf) iw__rdmap_rx_buf,
                                       IW_OP(deliver) iw__rdmap_deliver,
                                       IW_OP(error) iw__rdmap_ddp_error,
                                       IW_OP(sent) iw__rdmap_sent};
    iw_status st;
    if (!s || !cfg || !ops || !ops->resolve || !ops->recv || !ops->complete || cfg->rv > 3 ||
        (sq_cap && !sq) || (irq_cap && !irq) || cfg->ird > irq_cap || sq_cap > 0x7FFFFFFFu ||
        irq_cap > 0x7FFFFFFFu)
        return IW_EINVAL;
    IW_MEMSET(s, 0, sizeof *s);
    st = iw_ddp_init(&s->ddp, llp, lctx, &mem, s, &ulp, s);
    if (st != IW_OK) return st;
    s->cfg = *cfg;
    s->ops = ops;
    s->ctx = ctx;
    s->sq = sq;
    s->sq_cap = (uint32_t)sq_cap;
    s->irq = irq;
    s->irq_cap = (uint32_t)irq_cap;
    s->next_req_id = 1;
    return IW_OK;
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_set_ird_ord(iw_rdmap_stream *s, uint16_t ird, uint16_t ord)
{
    if (!s || ird > s->irq_cap) return IW_EINVAL;
    s->cfg.ird = ird;
    s->cfg.ord = ord;
    return iw_rdmap_tx_resume(s);
}

/* see rdmap.h. Of the slot, the head and the part its opcode uses are read (see iw_rdmap_wr). */
IW_DEF iw_status iw_rdmap_post_commit(iw_rdmap_stream *s)
{
    iw_rdmap_wr *w = iw_rdmap_post_slot(s);
    unsigned op;
    if (!w) return !s ? IW_EINVAL : s->failed ? IW_ESTATE : IW_EAGAIN;
    op = w->opcode;
    if (op > 0xF || !iw__rdmap_optab[op].valid || op == IW_RDMAP_OP_READ_RESP ||
        op == IW_RDMAP_OP_TERMINATE || op == IW_RDMAP_OP_ATOMIC_RESP ||
        ((iw__rdmap_optab[op].flags & IW__RDMAP_F_7306) && !s->cfg.rfc7306) ||
        (op <= IW_RDMAP_OP_SEND_SE_INV && op != IW_RDMAP_OP_READ_REQ && w->nsge && !w->sgl) ||
#if IW_CFG_RDMAP_ATOMICS
        (op == IW_RDMAP_OP_ATOMIC_REQ && w->aop != IW_RDMAP_AOP_FETCHADD &&
         w->aop != IW_RDMAP_AOP_CMPSWAP) ||
#endif
        0)
        return IW_EINVAL;
    w->st = IW__RDMAP_WR_WAIT;
    w->sent = w->resp = 0;
    w->status = IW_OK;
    w->sink_err = IW_DDP_X_OK;
    w->sink_rinv = 0;
#if IW_CFG_RDMAP_ATOMICS
    w->orig = 0;
#endif
    if (op == IW_RDMAP_OP_READ_REQ) { /* RFC 5040 §4.4 (RDMAP-005) */
        iw_put_be32(w->hdr, w->sink_stag);
        iw_put_be64(w->hdr + 4, w->sink_to);
        iw_put_be32(w->hdr + 12, w->len);
        iw_put_be32(w->hdr + 16, w->stag);
        iw_put_be64(w->hdr + 20, w->to);
#if IW_CFG_RDMAP_ATOMICS
    } else if (op == IW_RDMAP_OP_ATOMIC_REQ) { /* RFC 7306 §5.2.1 Fig. 4 (ATOM-002, -008) */
        int fa = w->aop == IW_RDMAP_AOP_FETCHADD;
        w->req_id = s->next_req_id++;
        w->hdr[0] = w->hdr[1] = w->hdr[2] = 0;
        w->hdr[3] = w->aop;
        iw_put_be32(w->hdr + 4, w->req_id);
        iw_put_be32(w->hdr + 8, w->stag);
        iw_put_be64(w->hdr + 12, w->to);
        iw_put_be64(w->hdr + 20, w->add_swap);
        iw_put_be64(w->hdr + 28, w->add_swap_mask);
        iw_put_be64(w->hdr + 36, fa ? 0u : w->cmp);
        iw_put_be64(w->hdr + 44, fa ? ~(uint64_t)0 : w->cmp_mask);
#endif
    } else if (iw__rdmap_optab[op].flags & IW__RDMAP_F_IMM) { /* RFC 7306 §6.2 (IMM-002) */
        w->len = 0;
    } else { /* a Write (and its sink), a Send (and the STag a Send with Invalidate names) */
        size_t i;
        uint64_t total = 0; /* its length: the sum of its SGEs, above 2^32 - 1 saturated */
        for (i = 0; i < w->nsge; i++) total += w->sgl[i].len;
        w->len = total > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)total;
    }
    s->sq_tail++;
    return iw__rdmap_pump(s);
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_rx(iw_rdmap_stream *s, const uint8_t *u, size_t len)
{
    iw_status st;
    if (!s || (!u && len)) return IW_EINVAL;
    st = iw_ddp_rx(&s->ddp, u, len);
    (void)iw__rdmap_pump(s);
    if (iw_ddp_last_error(&s->ddp)->status == IW_EHOST) return IW_EHOST;
    return s->failed ? IW_ETERM : st;
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_rx_begin(iw_rdmap_stream *s, const uint8_t *u, size_t have, size_t len,
                                   unsigned flags, iw_mpa_rx_dst **dst)
{
    if (!s) return IW_EINVAL; /* iw_ddp_rx_begin checks the rest */
    return iw_ddp_rx_begin(&s->ddp, u, have, len, flags, dst);
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_rx_commit(iw_rdmap_stream *s, int ok)
{
    iw_status st;
    if (!s) return IW_EINVAL;
    st = iw_ddp_rx_commit(&s->ddp, ok);
    if (!iw__rdmap_tx_idle(s)) (void)iw__rdmap_pump(s);
    if (iw_ddp_last_error(&s->ddp)->status == IW_EHOST) return IW_EHOST;
    return s->failed ? IW_ETERM : st;
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_tx_resume(iw_rdmap_stream *s)
{
    iw_status st;
    if (!s) return IW_EINVAL;
    st = iw_ddp_tx_resume(&s->ddp);
    if (s->pull_x) iw__rdmap_pulled(s);
    if (st == IW_EHOST) return st;
    return iw__rdmap_pump(s);
}

/* see rdmap.h */
IW_DEF iw_status iw_rdmap_terminate(iw_rdmap_stream *s, iw_term t)
{
    if (!s || t.layer > 2 || t.etype > 0xF) return IW_EINVAL;
    if (s->failed) return IW_ESTATE;
    iw__rdmap_end(s, IW_RDMAP_EV_TERM_SENT, IW_ETERM, &t, NULL, 1); /* HdrCt 000 (RDMAP-025, -031) */
    return iw__rdmap_pump(s);
}

/* see rdmap.h */
IW_DEF void iw_rdmap_llp_down(iw_rdmap_stream *s, iw_status st, iw_term t)
{
    if (!s) return;
    s->closed = 1; /* the LLP is gone or going: nothing to close */
    iw__rdmap_end(s, IW_RDMAP_EV_LLP, st == IW_OK ? IW_ECLOSED : st, &t, NULL, 0);
    s->in_pump = 1; /* the message DDP holds will never go out: flush it too */
    iw_ddp_tx_abort(&s->ddp);
    s->in_pump = 0;
    s->term_pending = 0;
    iw__rdmap_retire(s);
}

#if IW_CFG_RDMAP_ATOMICS
/* see rdmap.h */
IW_DEF uint64_t iw_rdmap_atomic64_builtin(void *ctx, unsigned aop, void *p, uint64_t add_swap,
                                          uint64_t add_swap_mask, uint64_t cmp,
                                          uint64_t cmp_mask)
{
    uint64_t *w = (uint64_t *)p, orig, v;
    (void)ctx;
#if (defined(__GNUC__) || defined(__clang__)) && defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8)
    orig = __atomic_load_n(w, __ATOMIC_RELAXED);
    for (;;) {
        v = aop == IW_RDMAP_AOP_FETCHADD ? iw_rdmap_fetchadd(orig, add_swap, add_swap_mask)
                                         : iw_rdmap_cmpswap(orig, add_swap, add_swap_mask, cmp,
                                                            cmp_mask);
        if (v == orig) return orig; /* nothing to store (a failed compare, an add of 0) */
        if (__atomic_compare_exchange_n(w, &orig, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
            return orig;
    }
#else /* no 64-bit CAS on this target: only correct when one thread drives the RNIC */
    orig = *w;
    v = aop == IW_RDMAP_AOP_FETCHADD ? iw_rdmap_fetchadd(orig, add_swap, add_swap_mask)
                                     : iw_rdmap_cmpswap(orig, add_swap, add_swap_mask, cmp,
                                                        cmp_mask);
    *w = v;
    return orig;
#endif
}
#endif

/* ---- over mpa.h ---- */

/* see rdmap.h. An RDMAP refusal (or a stream that failed before) is not an MPA error: the
 * stream's Terminate still has to go out through MPA, so MPA hears IW_OK (nothing to place)
 * and only a host failure stops it. */
IW_DEF iw_status iw_rdmap_mpa_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                                    unsigned flags, iw_mpa_rx_dst **dst)
{
    iw_status st = iw_rdmap_rx_begin((iw_rdmap_stream *)uctx, u, have, len, flags, dst);
    if (st == IW_OK || st == IW_EAGAIN) return st;
    *dst = NULL;
    return st == IW_EHOST ? IW_EHOST : IW_OK;
}
/* see rdmap.h */
IW_DEF iw_status iw_rdmap_mpa_commit(void *uctx, int ok)
{
    iw_status st = iw_rdmap_rx_commit((iw_rdmap_stream *)uctx, ok);
    return st == IW_EHOST ? IW_EHOST : IW_OK;
}
/* see rdmap.h */
IW_DEF void iw_rdmap_mpa_tx_done(void *uctx) { (void)iw_rdmap_tx_resume((iw_rdmap_stream *)uctx); }

/* see rdmap.h. RFC 6581: the RTR was MPA's own FPDU, invisible to DDP; its MSN was used. */
IW_DEF void iw_rdmap_mpa_established(void *uctx, const iw_mpa_info *info)
{
    iw_rdmap_stream *s = (iw_rdmap_stream *)uctx;
    int initiator;
    if (!s || !info) return;
    initiator = iw_ddp_llp_initiator(&s->ddp);
    if (info->p2p && initiator && info->rtr == IW_MPA_RTR_SEND)
        iw_ddp_msn_skip(&s->ddp, IW_RDMAP_QN_SEND, 0);
    if (info->p2p && info->rtr == IW_MPA_RTR_READ)
        iw_ddp_msn_skip(&s->ddp, IW_RDMAP_QN_READ, initiator ? 0 : 1);
    (void)iw_rdmap_set_ird_ord(s, info->ird < s->irq_cap ? info->ird : (uint16_t)s->irq_cap,
                               info->ord);
}
/* see rdmap.h */
IW_DEF void iw_rdmap_mpa_error(void *uctx, const iw_mpa_error *err)
{
    if (!uctx || !err) return;
    iw_rdmap_llp_down((iw_rdmap_stream *)uctx, err->status, err->term);
}
/* see rdmap.h */
IW_DEF void iw_rdmap_mpa_closed(void *uctx)
{
    if (uctx) /* (2,0,0x01): TCP connection closed */
        iw_rdmap_llp_down((iw_rdmap_stream *)uctx, IW_ECLOSED,
                          iw_term_make(2, 0, IW_MPA_ECODE_CLOSED));
}
/* see rdmap.h */
IW_DEF const iw_mpa_ulp_ops *iw_rdmap_mpa_ulp_ops(void)
{
    static const iw_mpa_ulp_ops ops = {IW_OP(request) NULL,
                                       IW_OP(established) iw_rdmap_mpa_established,
                                       IW_OP(rejected) NULL,
                                       IW_OP(begin) iw_rdmap_mpa_begin,
                                       IW_OP(commit) iw_rdmap_mpa_commit,
                                       IW_OP(error) iw_rdmap_mpa_error,
                                       IW_OP(closed) iw_rdmap_mpa_closed,
                                       IW_OP(tx_done) iw_rdmap_mpa_tx_done};
    return &ops;
}

#ifdef __cplusplus
}
#endif
#endif /* IWARP_IMPLEMENTATION */
