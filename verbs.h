/* verbs.h: the RNIC interface of the RDMAC verbs 1.0 over rdmap.h and mpa.h, caller-owned memory.
 *
 * SPDX-License-Identifier: MIT
 *
 * QUICK START
 *   In exactly one C file:
 *       #define IWARP_IMPLEMENTATION
 *       #include "verbs.h"        (includes rdmap.h, ddp.h, mpa.h)
 *
 *   iw_rnic r; iw_stag_ent stags[256];                      caller-owned
 *   iw_rnic_open(&r, &host_ops, host_ctx, stags, 256, 0x5eed);
 *   iw_pd_alloc(&r, &pd);
 *   iw_cq_create(&r, &cq, wc_ring, n);
 *   iw_qp_create(&r, &qp, &qp_cfg, &qp_mem);                 SQ, RQ, IRD rings from qp_mem
 *   iw_mr_register(&r, &reg, &stag);                         page list, VA- or zero-based
 *   ... MPA connection with iw_qp_mpa_ulp_ops() (uctx = the QP); at established:
 *   iw_qp_modify(&qp, &attr{IW_QP_RTS, llp = &conn});
 *   iw_qp_post_sq(&qp, wrs, n, &posted); iw_qp_post_rq(...); iw_cq_poll(&cq, &wc);
 *
 * WHAT IT DOES. Objects of verbs §5 (RNIC, PD, CQ, QP, MR, MW) as structs the caller places;
 *   the STag table (24-bit Index chosen sparsely from a random source, 8-bit Key from the
 *   Consumer, all 32 bits compared on every access, verbs §7.2); memory translation for rdmap.h
 *   and ddp.h (PD / bound QP, rights of the STag and of the QP, byte-granular bounds, wrap, the
 *   page or block list), asking the host only to map a registered address to a pointer
 *   (host_ops.map); work requests for every SQ type (Send variants, RDMA Write, RDMA Read,
 *   Immediate Data, atomics, Bind MW, Fast-Register, Invalidate Local STag) and Receives, with
 *   their completions in posting order; the QP state machine of verbs §6.2 with the flush and
 *   the asynchronous events of Figure 37.
 *
 * THREADING. One thread drives an RNIC and everything on it (verbs calls, received octets,
 *   timers); the core takes no lock. Atomics are then atomic across streams by construction.
 *
 * STATUS. Not yet: resizing a QP's or an S-RQ's queue (Modify refuses a size change), the
 *   sequential S-RQ dequeue model (arrival order only), STag 0 (refused everywhere).
 *
 * No allocation, no blocking, no global state. Licence: see the end of mpa.h (MIT).
 */
#ifndef IW_VERBS_H
#define IW_VERBS_H
#include "rdmap.h"

#ifndef IW_CFG_VERBS_PD
#define IW_CFG_VERBS_PD 16 /* protection domains per RNIC */
#endif
#ifndef IW_CFG_VERBS_SGE
#define IW_CFG_VERBS_SGE 4 /* SGEs per WR (verbs §8.1.3.2: at least 4 for Sends and Receives) */
#endif
#ifndef IW_CFG_VERBS_MW
#define IW_CFG_VERBS_MW 1 /* 0: no memory windows: iw_mw_alloc is IW_V_INSUFFICIENT_RESOURCES
                             (attr.max_mw 0), a Bind MW WR IW_V_INVALID_OP_TYPE */
#endif
#ifndef IW_CFG_VERBS_FAST_REG
#define IW_CFG_VERBS_FAST_REG 1 /* 0: no Fast-Register WR: IW_V_INVALID_OP_TYPE at post */
#endif
#ifndef IW_CFG_VERBS_IOV
#define IW_CFG_VERBS_IOV 16 /* host pieces of one SQ WR's local buffers (SGEs split at pages) */
#endif
#ifndef IW_CFG_VERBS_PBL_MAX
#define IW_CFG_VERBS_PBL_MAX 65536u /* physical buffer list entries per MR */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- immediate status codes (verbs §9.5.1), one X-macro list ----------------------------- */

#define IW_VERBS_STATUS_MAP(X)                                                                    \
    X(IW_V_OK, 0, "operation completed successfully")                                            \
    X(IW_V_INSUFFICIENT_RESOURCES, 1, "insufficient resources to complete request")              \
    X(IW_V_INVALID_MODIFIER, 2, "invalid modifier")                                              \
    X(IW_V_BLOCK_LIST_NOT_SUPPORTED, 3, "block list mode not supported")                         \
    X(IW_V_RNIC_IN_USE, 4, "RNIC in use")                                                        \
    X(IW_V_INVALID_RNIC, 5, "invalid RNIC handle")                                               \
    X(IW_V_INVALID_PD, 6, "invalid PD ID")                                                       \
    X(IW_V_PD_IN_USE, 7, "protection domain is in use")                                          \
    X(IW_V_CQ_TOO_BIG, 8, "number of CQ entries requested exceeds RNIC capability")              \
    X(IW_V_SHRINK_FAILED, 9, "shrink failed because too many elements were still present")       \
    X(IW_V_INVALID_CQ, 10, "invalid CQ handle")                                                  \
    X(IW_V_CQ_IN_USE, 11, "CQ in use")                                                           \
    X(IW_V_CQ_EMPTY, 12, "CQ empty")                                                             \
    X(IW_V_INVALID_CEH, 13, "invalid completion event handler identifier")                       \
    X(IW_V_WR_LIMIT, 14, "maximum number of WRs requested exceeds RNIC capability")              \
    X(IW_V_SGE_LIMIT, 15, "maximum number of SGEs per WR requested exceeds RNIC capability")     \
    X(IW_V_LIMIT_RANGE, 16, "S-RQ limit or QP RQ limit out of range")                            \
    X(IW_V_INVALID_SRQ, 17, "invalid S-RQ handle")                                               \
    X(IW_V_SRQ_IN_USE, 18, "QPs still associated with the S-RQ")                                 \
    X(IW_V_INVALID_INPUT_MODIFIER, 19, "invalid input modifier")                                 \
    X(IW_V_ORD_LIMIT, 20, "value requested for ORD exceeds RNIC capability")                     \
    X(IW_V_IRD_LIMIT, 21, "value requested for IRD exceeds RNIC capability")                     \
    X(IW_V_INVALID_QP, 22, "invalid QP handle")                                                  \
    X(IW_V_CANNOT_CHANGE_ATTR, 23, "cannot change QP attribute")                                 \
    X(IW_V_INVALID_QP_STATE, 24, "invalid QP state")                                             \
    X(IW_V_INVALID_LLP, 25, "invalid LLP stream handle")                                         \
    X(IW_V_STILL_FLUSHING, 26, "RI still flushing WQEs")                                         \
    X(IW_V_MW_BOUND_TO_QP, 27, "memory windows still bound to QP")                               \
    X(IW_V_INVALID_VA, 28, "invalid virtual address")                                            \
    X(IW_V_INVALID_LENGTH, 29, "invalid length")                                                 \
    X(IW_V_INVALID_ACCESS, 30, "invalid access rights requested")                                \
    X(IW_V_INVALID_PBL_ENTRY, 31, "invalid physical buffer list entry")                          \
    X(IW_V_INVALID_PB_SIZE, 32, "invalid physical buffer size")                                  \
    X(IW_V_INVALID_STAG_INDEX, 33, "invalid STag index")                                         \
    X(IW_V_INVALID_FBO, 34, "invalid FBO")                                                       \
    X(IW_V_MW_BOUND_TO_MR, 35, "one or more memory windows still bound to the region")           \
    X(IW_V_TOO_MANY_WRS, 36, "too many work requests posted")                                    \
    X(IW_V_INVALID_OP_TYPE, 37, "invalid operation type")                                        \
    X(IW_V_INVALID_SGL_FORMAT, 38, "invalid scatter/gather list format")                         \
    X(IW_V_INVALID_SGL_LENGTH, 39, "invalid scatter/gather list length")                         \
    X(IW_V_RQ_HAS_SRQ, 40, "RQ associated with S-RQ")                                            \
    X(IW_V_INVALID_NOTIFY_TYPE, 41, "invalid notify type")
typedef enum iw_vstatus {
    IW_VERBS_STATUS_MAP(IW_ENUM_ENTRY)
    IW_VSTATUS_END_
} iw_vstatus;
IW_DEF const char *iw_vstatus_str(iw_vstatus s);

/* ---- completion status (verbs §9.5.2 Figure 36) --------------------------------------------- */

#define IW_WC_STATUS_MAP(X)                                                                       \
    X(IW_WC_SUCCESS, 0, "success")                                                               \
    X(IW_WC_FLUSHED, 1, "flushed")                                                               \
    X(IW_WC_INVALID_WQE, 2, "invalid WQE")                                                       \
    X(IW_WC_LOCAL_QP_CATASTROPHIC, 3, "local QP catastrophic error")                             \
    X(IW_WC_REMOTE_TERMINATION, 4, "remote termination error")                                   \
    X(IW_WC_INVALID_STAG, 5, "invalid STag")                                                     \
    X(IW_WC_BASE_BOUNDS, 6, "base and bounds violation")                                         \
    X(IW_WC_ACCESS_VIOLATION, 7, "access violation")                                             \
    X(IW_WC_INVALID_PD, 8, "invalid PD ID")                                                      \
    X(IW_WC_WRAP, 9, "wrap error")                                                               \
    X(IW_WC_INVAL_STAG_PD_OR_ACCESS, 10, "STag to invalidate had invalid PD or access rights")   \
    X(IW_WC_ZERO_ORD, 11, "zero RDMA read resources")                                            \
    X(IW_WC_QP_NOT_PRIVILEGED, 12, "QP not in privileged mode")                                  \
    X(IW_WC_STAG_NOT_INVALID, 13, "STag not in invalid state")                                   \
    X(IW_WC_INVALID_PAGE_SIZE, 14, "invalid page size")                                          \
    X(IW_WC_INVALID_PB_SIZE, 15, "invalid physical buffer size")                                 \
    X(IW_WC_INVALID_PBL_ENTRY, 16, "invalid physical buffer list entry")                         \
    X(IW_WC_INVALID_FBO, 17, "invalid FBO")                                                      \
    X(IW_WC_INVALID_FR_LENGTH, 18, "invalid length (fast-register)")                             \
    X(IW_WC_INVALID_ACCESS, 19, "invalid access rights specified")                               \
    X(IW_WC_PBL_TOO_LONG, 20, "physical buffer list too long")                                   \
    X(IW_WC_INVALID_VA, 21, "invalid virtual address")                                           \
    X(IW_WC_INVALID_REGION, 22, "invalid region")                                                \
    X(IW_WC_INVALID_WINDOW, 23, "invalid window")                                                \
    X(IW_WC_INVALID_LENGTH, 24, "invalid length")
typedef enum iw_wc_status {
    IW_WC_STATUS_MAP(IW_ENUM_ENTRY)
    IW_WC_STATUS_END_
} iw_wc_status;
IW_DEF const char *iw_wc_status_str(iw_wc_status s);

/* ---- asynchronous events (verbs §9.5.3 Figure 37) ------------------------------------------ */

#define IW_ASYNC_EVENT_MAP(X)                                                                     \
    X(IW_AE_LLP_CLOSE_COMPLETE, 1, "LLP close complete")                                         \
    X(IW_AE_TERM_RECEIVED, 2, "terminate message received")                                      \
    X(IW_AE_LLP_RESET, 3, "LLP connection reset")                                                \
    X(IW_AE_LLP_LOST, 4, "LLP connection lost")                                                  \
    X(IW_AE_LLP_INTEGRITY, 5, "LLP integrity error")                                             \
    X(IW_AE_REMOTE_OP, 6, "remote operation error")                                              \
    X(IW_AE_PROTECTION, 7, "protection error")                                                   \
    X(IW_AE_BAD_CLOSE, 8, "bad close")                                                           \
    X(IW_AE_BAD_LLP_CLOSE, 9, "bad LLP close")                                                   \
    X(IW_AE_RQ_PROTECTION, 10, "RQ protection error")                                            \
    X(IW_AE_IRRQ_PROTECTION, 11, "IRRQ protection error")                                        \
    X(IW_AE_CQ_SQ_ERROR, 12, "CQ/SQ error")                                                      \
    X(IW_AE_CQ_RQ_ERROR, 13, "CQ/RQ error")                                                      \
    X(IW_AE_SRQ_QP_ERROR, 14, "S-RQ error on a QP")                                              \
    X(IW_AE_LOCAL_QP_CATASTROPHIC, 15, "local QP catastrophic error")                            \
    X(IW_AE_QP_RQ_LIMIT, 16, "QP RQ limit reached")                                              \
    X(IW_AE_CQ_OVERFLOW, 17, "CQ overflow detected")                                             \
    X(IW_AE_CQ_OP_ERROR, 18, "CQ operation error")                                               \
    X(IW_AE_SRQ_LIMIT, 19, "shared receive queue limit reached")                                 \
    X(IW_AE_SRQ_CATASTROPHIC, 20, "shared receive queue catastrophic failure")                   \
    X(IW_AE_RNIC_CATASTROPHIC, 21, "RNIC catastrophic failure")
typedef enum iw_async_event {
    IW_ASYNC_EVENT_MAP(IW_ENUM_ENTRY)
    IW_AE_END_
} iw_async_event;
IW_DEF const char *iw_async_event_str(iw_async_event e);

#define IW_RES_QP 1u
#define IW_RES_CQ 2u
#define IW_RES_SRQ 3u
#define IW_RES_RNIC 4u
/* An asynchronous event record (verbs §9.4.2). */
typedef struct iw_async_rec {
    iw_async_event event;
    unsigned resource;  /* IW_RES_* */
    uint32_t id;        /* QP ID (QP events), else 0 */
    void *handle;       /* the iw_qp / iw_cq */
    iw_term term;       /* the Terminate sent or received, when one applies */
} iw_async_rec;

/* ---- access rights (verbs §7.5, Figures 18, 20, 21; RFC 7306 extension) --------------------- */

#define IW_ACC_LOCAL_READ 0x01u
#define IW_ACC_LOCAL_WRITE 0x02u
#define IW_ACC_REMOTE_READ 0x04u
#define IW_ACC_REMOTE_WRITE 0x08u
#define IW_ACC_BIND 0x10u          /* MR: windows may be bound to it */
#define IW_ACC_REMOTE_ATOMIC 0x20u /* project: needs Local Read and Local Write (VERBS-096) */

/* A scatter/gather element: a registered local buffer. */
typedef struct iw_sge {
    uint32_t stag;
    uint64_t to;
    uint32_t len;
} iw_sge;

/* ---- work requests and completions (verbs §8.1 Figure 27; §14 for RFC 7306) ----------------- */

typedef enum iw_wr_type {
    IW_WR_SEND = 1,
    IW_WR_SEND_SE,
    IW_WR_SEND_INV,
    IW_WR_SEND_SE_INV,
    IW_WR_WRITE,
    IW_WR_READ,
    IW_WR_READ_INV,     /* RDMA Read with Invalidate Local STag */
    IW_WR_IMM,          /* Immediate Data (RFC 7306) */
    IW_WR_IMM_SE,
    IW_WR_FETCHADD,
    IW_WR_CMPSWAP,
    IW_WR_BIND_MW,
    IW_WR_FAST_REG,
    IW_WR_INVALIDATE,   /* Invalidate Local STag */
    IW_WR_RECV,         /* WC type of a Receive */
    IW_WR_TYPE_END_
} iw_wr_type;

#define IW_WR_SIGNALED 0x1u
#define IW_WR_READ_FENCE 0x2u
#define IW_WR_LOCAL_FENCE 0x4u

/* A page or block list registration (RI-Register, Reregister, Fast-Register; verbs §7.6). */
typedef struct iw_mr_reg {
    uint32_t pd;
    uint8_t key;
    unsigned acc;           /* IW_ACC_* */
    uint8_t zero_based;     /* TO of the first octet: 0 (zero-based) or va */
    uint8_t remote_ok;      /* Remote Access Flag (Allocate NS MR STag) */
    uint64_t va;
    uint64_t len;
    uint32_t page_size;     /* physical buffer entry size: a page (a power of 2, Page List
                               mode) or a block (any size, Block List mode, verbs §7.6.2.2) */
    uint32_t fbo;           /* offset of the first octet in the first page */
    const uint64_t *pbl;    /* page addresses (host_ops.map turns them into pointers) */
    uint32_t npbl;
} iw_mr_reg;

/* A Bind MW request. */
typedef struct iw_mw_bind {
    uint32_t mw_stag;       /* Index of the window + the new Key */
    uint32_t mr_stag;
    uint64_t va;            /* window start: an MR TO (VA-based MR) */
    uint64_t len;
    unsigned acc;           /* IW_ACC_REMOTE_READ / _WRITE / _ATOMIC */
    uint8_t zero_based;     /* TO of the window's first octet is 0 */
} iw_mw_bind;

typedef struct iw_send_wr {
    uint64_t wr_id;
    iw_wr_type type;
    unsigned flags;         /* IW_WR_* */
    iw_sge sgl[IW_CFG_VERBS_SGE];
    uint32_t nsge;          /* Read: exactly one (the local sink); atomics: one of 8 octets */
    uint32_t remote_stag;   /* Write, Read, atomics */
    uint64_t remote_to;
    uint32_t inval_stag;    /* Send with Invalidate; Invalidate Local STag */
    uint8_t imm[8];
#if IW_CFG_RDMAP_ATOMICS
    uint64_t add_swap, add_swap_mask, cmp, cmp_mask;
#endif
#if IW_CFG_VERBS_MW
    iw_mw_bind bind;
#endif
#if IW_CFG_VERBS_FAST_REG
    iw_mr_reg fr;           /* Fast-Register: the STag is fr_stag */
    uint32_t fr_stag;
#endif
} iw_send_wr;

typedef struct iw_recv_wr {
    uint64_t wr_id;
    iw_sge sgl[IW_CFG_VERBS_SGE];
    uint32_t nsge;
} iw_recv_wr;

/* A Work Completion (verbs §9.3.2.1). With an error status only wr_id, status and qp_id are
 * defined. */
typedef struct iw_wc {
    uint64_t wr_id;
    uint32_t qp_id;
    iw_wr_type type;
    iw_wc_status status;
    uint32_t len;           /* Receive: octets placed */
    uint8_t inval, imm_valid, solicited;
    uint32_t inval_stag;
    uint8_t imm[8];
    uint32_t sq_next_;      /* private: the SQ position its reaping frees up to (VERBS-071) */
    struct iw_qp *qp_;      /* private: an SQ WC's QP (NULL once it is destroyed) */
} iw_wc;

/* ---- objects ---------------------------------------------------------------------------- */

struct iw_cq;
struct iw_qp;

typedef struct iw_rnic_host_ops {
    /* REQUIRED. A registered physical address -> a pointer the core may copy len octets
     * to/from (identity in userspace, a DMA window in firmware), or NULL (then the access is
     * a base and bounds violation). Leaf call. */
    uint8_t *(*map)(void *ctx, uint64_t addr, size_t len);
    /* OPTIONAL (NULL: an internal xorshift seeded at open). Random bits for STag Indexes
     * (SEC-006). */
    uint32_t (*random)(void *ctx);
    /* OPTIONAL (NULL: events dropped, VERBS-093). */
    void (*async_event)(void *ctx, const iw_async_rec *ev);
    /* OPTIONAL. The completion event handler: an armed CQ got its event (verbs §8.2.5). */
    void (*cq_event)(void *ctx, struct iw_cq *cq);
    /* OPTIONAL: as rdmap.h (NULL: plain read-modify-write, one thread drives the RNIC). */
    uint64_t (*atomic64)(void *ctx, unsigned aop, void *p, uint64_t add_swap,
                         uint64_t add_swap_mask, uint64_t cmp, uint64_t cmp_mask);
} iw_rnic_host_ops;

/* Query RNIC attributes (verbs §9.2.1.2), the subset this core has limits for. */
typedef struct iw_rnic_attr {
    uint32_t vendor;
    uint32_t max_qp, max_qp_wr, max_sge, max_cq, max_cqe, max_mr, max_pbl, max_pd;
    uint32_t max_ird, max_ord, max_mw;
    uint8_t srq, block_list, cq_overflow_detect, atomics, immediate;
    uint32_t page_sizes;    /* bit n: 2^n octets supported */
} iw_rnic_attr;

/* One STag table slot (caller memory, iw_rnic_open). Private. */
typedef struct iw_stag_ent {
    uint8_t kind, state, key, zero_based, remote_ok, shared;
    uint16_t acc;
    uint32_t pd, qp_id, mr_index, nmw;
    uint64_t va, len;
    uint32_t page_shift, fbo, npbl, pbl_cap;
    uint32_t bsize;        /* block size not a power of 2 (Block List mode), else 0 */
    const uint64_t *pbl;
    uint64_t mr_to;        /* MW: the MR TO of the window's first octet */
} iw_stag_ent;

typedef struct iw_rnic {
    /* private */
    const iw_rnic_host_ops *ops;
    void *ctx;
    iw_rnic_attr attr;
    uint8_t open, block_mode;
    iw_stag_ent *stags;
    uint32_t nstags, nqp, ncq, next_qp_id;
    struct iw_qp *qps;     /* the live QPs (iw_qp.next), for RNIC-wide events */
    uint8_t dead;          /* RNIC Catastrophic Failure */
    uint64_t rng;
    struct { uint8_t used; uint32_t refs; } pd[IW_CFG_VERBS_PD];
} iw_rnic;

#define IW_CQ_NOTIFY_NEXT 1u
#define IW_CQ_NOTIFY_SOLICITED 2u
typedef struct iw_cq {
    /* private */
    iw_rnic *rnic;
    iw_wc *ring;
    uint32_t cap, head, count, users;
    uint8_t armed, overflowed, alive;
} iw_cq;

/* A Shared Receive Queue (verbs §6.3): its ring of Receive WRs in caller memory. */
typedef struct iw_srq {
    /* private */
    iw_rnic *rnic;
    iw_recv_wr *ring;
    uint32_t cap, head, tail, users, limit, max_sge, pd;
    uint8_t armed, alive;
} iw_srq;

/* QP states (verbs §6.1). */
#define IW_QP_IDLE 0u
#define IW_QP_RTS 1u
#define IW_QP_CLOSING 2u
#define IW_QP_TERMINATE 3u
#define IW_QP_ERROR 4u

typedef struct iw_qp_cfg {
    iw_cq *sq_cq, *rq_cq;
    iw_srq *srq;         /* receives come from this S-RQ (rq_depth and the rwqe ring unused) */
    uint32_t rq_limit;   /* with an S-RQ: the QP RQ Limit, armed when non-zero. Messages in
                            progress on a QP are at most one here (an incoming untagged message
                            completes when DDP delivers it), so a limit >= 1 never fires */
    uint32_t pd;
    uint32_t sq_depth, rq_depth; /* the rings in iw_qp_mem */
    uint32_t max_send_sge, max_write_sge, max_recv_sge;
    uint16_t ird, ord;
    uint8_t read_en, write_en, bind_en, atomic_en, privileged;
} iw_qp_cfg;

/* One SQ slot. Private. */
typedef struct iw_swqe {
    iw_send_wr wr;
    uint8_t st, signaled;
    iw_wc_status status;
    iw_iov iov[IW_CFG_VERBS_IOV];
    uint32_t len;
#if IW_CFG_RDMAP_ATOMICS
    uint64_t orig;
#endif
} iw_swqe;

/* Caller memory of a QP: sq_depth entries of swqe and rwr, rq_depth of rwqe, ird of inreq. */
typedef struct iw_qp_mem {
    iw_swqe *swqe;
    iw_rdmap_wr *rwr;
    iw_recv_wr *rwqe;
    iw_rdmap_inreq *inreq;
} iw_qp_mem;

typedef struct iw_qp_attr {
    unsigned next_state;   /* IW_QP_*; the current one: change attributes only */
    iw_mpa_conn *llp;      /* Idle -> RTS: the MPA connection, Full Operation (or about to) */
    uint16_t ord, ird;
    uint8_t set_ord, set_ird;
} iw_qp_attr;

typedef struct iw_qp {
    /* private */
    iw_rnic *rnic;
    iw_qp_cfg cfg;
    iw_qp_mem mem;
    uint32_t id;
    uint8_t state, alive, term_local, term_valid, llp_up, flushing;
    uint8_t sq_kick;           /* a completion left WRs waiting: the outermost call runs the SQ */
    uint8_t term_due;          /* iw__sq_kick: 1 sends term_due_t, 2 enters Error (iw__qp_due) */
    uint8_t reap_due;          /* a WR completed (iw__qp_complete): iw__sq_reap has work */
    iw_term term_due_t;
    iw_rdmap_term_info term;   /* the Terminate sent or received (Query QP) */
    iw_rdmap_stream rs;
    iw_mpa_conn *llp;
    uint32_t sq_head, sq_exec, sq_tail;   /* [head, exec) executing or done, [exec, tail) waiting */
    uint32_t sq_free;          /* [free, head) complete, slots held until a WC is reaped (VERBS-071) */
    uint32_t rq_head, rq_tail;
    iw_mpa_info info;          /* what MPA negotiated (established), applied at RTS */
    uint8_t have_info;
    iw_recv_wr cur;            /* the Receive an incoming message took, until it completes */
    uint8_t cur_valid, rq_limit_armed, sq_errored;
    struct iw_qp *next;        /* the RNIC's list of live QPs */
} iw_qp;

/* ---- verbs ------------------------------------------------------------------------------ */

/* Open RNIC (verbs §9.2.1.1): stags[0..nstags) is the STag table; seed starts the STag
 * Index generator when host_ops.random is NULL. block_list: every registration of this RNIC
 * is a Block List (blocks of one size, any alignment) instead of a Page List (verbs §7.6.2). */
IW_DEF iw_vstatus iw_rnic_open(iw_rnic *r, const iw_rnic_host_ops *ops, void *ctx,
                               iw_stag_ent *stags, uint32_t nstags, uint64_t seed,
                               int block_list);
IW_DEF iw_vstatus iw_rnic_query(const iw_rnic *r, iw_rnic_attr *out);
IW_DEF iw_vstatus iw_rnic_close(iw_rnic *r);
/* The RNIC failed (verbs §8.3.3): the unaffiliated "RNIC Catastrophic Failure" event, and every
 * QP to Error, sending (0,2,0x08) where its LLP still works (VERBS-092). */
IW_DEF void iw_rnic_catastrophic(iw_rnic *r);

IW_DEF iw_vstatus iw_pd_alloc(iw_rnic *r, uint32_t *pd);
IW_DEF iw_vstatus iw_pd_dealloc(iw_rnic *r, uint32_t pd);

IW_DEF iw_vstatus iw_cq_create(iw_rnic *r, iw_cq *cq, iw_wc *ring, uint32_t entries);
IW_DEF iw_vstatus iw_cq_query(const iw_cq *cq, uint32_t *entries);
/* Resize into a new ring (its old entries are moved; VERBS-005). */
IW_DEF iw_vstatus iw_cq_resize(iw_cq *cq, iw_wc *ring, uint32_t entries);
IW_DEF iw_vstatus iw_cq_destroy(iw_cq *cq);
IW_DEF iw_vstatus iw_cq_poll(iw_cq *cq, iw_wc *wc);
IW_DEF iw_vstatus iw_cq_notify(iw_cq *cq, unsigned type);

/* Memory (verbs §7, §9.2.6). STags are returned as Index << 8 | Key. */
IW_DEF iw_vstatus iw_mr_alloc_stag(iw_rnic *r, uint32_t pd, uint32_t pbl_cap, int remote_ok,
                                   uint8_t key, uint32_t *stag);
IW_DEF iw_vstatus iw_mr_register(iw_rnic *r, const iw_mr_reg *reg, uint32_t *stag);
IW_DEF iw_vstatus iw_mr_reregister(iw_rnic *r, uint32_t stag, const iw_mr_reg *reg,
                                   uint32_t *new_stag);
IW_DEF iw_vstatus iw_mr_register_shared(iw_rnic *r, uint32_t stag, uint32_t pd, unsigned acc,
                                        uint8_t new_key, int zero_based, uint64_t va,
                                        uint32_t *new_stag);
typedef struct iw_stag_info {
    uint8_t valid, is_mw, shared, zero_based, remote_ok, key;
    unsigned acc;
    uint32_t pd, qp_id;
    uint64_t va, len;
} iw_stag_info;
IW_DEF iw_vstatus iw_stag_query(const iw_rnic *r, uint32_t stag_index, iw_stag_info *out);
IW_DEF iw_vstatus iw_stag_dealloc(iw_rnic *r, uint32_t stag_index);
IW_DEF iw_vstatus iw_mw_alloc(iw_rnic *r, uint32_t pd, uint8_t key, uint32_t *stag);

/* Shared Receive Queues (verbs §6.3, §9.2.4): ring[0..cap) of caller memory; limit armed
 * when non-zero (it must not exceed cap). */
IW_DEF iw_vstatus iw_srq_create(iw_rnic *r, iw_srq *srq, uint32_t pd, iw_recv_wr *ring,
                                uint32_t cap, uint32_t max_sge, uint32_t limit);
typedef struct iw_srq_info {
    uint32_t cap, max_sge, pd, limit, posted;
    uint8_t armed;
} iw_srq_info;
IW_DEF iw_vstatus iw_srq_query(const iw_srq *srq, iw_srq_info *out);
/* Set (and arm) the S-RQ Limit; 0 disarms. */
IW_DEF iw_vstatus iw_srq_modify(iw_srq *srq, uint32_t limit);
IW_DEF iw_vstatus iw_srq_destroy(iw_srq *srq);
IW_DEF iw_vstatus iw_srq_post(iw_srq *srq, const iw_recv_wr *wrs, size_t n, size_t *posted);

/* Queue pairs (verbs §6, §9.2.5). */
IW_DEF iw_vstatus iw_qp_create(iw_rnic *r, iw_qp *qp, const iw_qp_cfg *cfg,
                               const iw_qp_mem *mem);
IW_DEF iw_vstatus iw_qp_modify(iw_qp *qp, const iw_qp_attr *attr);
typedef struct iw_qp_info {
    unsigned state;
    uint32_t id, pd;
    uint16_t ird, ord;
    uint8_t term_valid, term_local; /* Terminate or Error: the message and who made it */
    iw_rdmap_term_info term;
} iw_qp_info;
IW_DEF iw_vstatus iw_qp_query(const iw_qp *qp, iw_qp_info *out);
IW_DEF iw_vstatus iw_qp_destroy(iw_qp *qp);

/* PostSQ / PostRQ (verbs §9.3.1): in order, stop at the first WR with an Immediate Error;
 * *posted counts the WRs taken (VERBS-065). */
IW_DEF iw_vstatus iw_qp_post_sq(iw_qp *qp, const iw_send_wr *wrs, size_t n, size_t *posted);
IW_DEF iw_vstatus iw_qp_post_rq(iw_qp *qp, const iw_recv_wr *wrs, size_t n, size_t *posted);

/* The LLP: the MPA ULP table for a QP's connection (uctx = the iw_qp); a Responder adds its
 * request upcall. The host reports a reset or a lost connection with iw_qp_llp_event. */
/* Its begin/commit place each FPDU's payload (mpa.h's placement contract); a placement still
 * arriving (an FPDU cut by the end of a feed) stops, nothing more is placed, when its STag is
 * invalidated, deallocated or re-registered, or the QP leaves RTS or is destroyed. */
IW_DEF const iw_mpa_ulp_ops *iw_qp_mpa_ulp_ops(void);
#define IW_QP_LLP_CLOSED 1u /* the close finished (FIN both ways) */
#define IW_QP_LLP_RESET 2u
#define IW_QP_LLP_LOST 3u
IW_DEF void iw_qp_llp_event(iw_qp *qp, unsigned what);

IW_INLINE unsigned iw_qp_state(const iw_qp *qp) { return qp->state; }
/* The QP's number (iw_qp_query's id), for a host's table of QPs. */
IW_INLINE uint32_t iw_qp_id(const iw_qp *qp) { return qp->id; }
/* The QP's RDMAP counters (messages per opcode sent and received, octets placed; rdmap.h). */
IW_INLINE const iw_rdmap_stats *iw_qp_stats(const iw_qp *qp) { return iw_rdmap_get_stats(&qp->rs); }

#ifdef __cplusplus
}
#endif
#endif /* IW_VERBS_H */

/* ======================================================================================== */
/* Implementation                                                                            */
/* ======================================================================================== */
#if defined(IWARP_IMPLEMENTATION) && !defined(IW_VERBS_IMPLEMENTED)
#define IW_VERBS_IMPLEMENTED

#ifdef __cplusplus
extern "C" {
#endif

#define IW__STAG_FREE 0u
#define IW__STAG_MR 1u
#define IW__STAG_MW 2u
#define IW__STAG_INVALID 0u
#define IW__STAG_VALID 1u

/* 64-bit shifts by a variable amount from 32-bit operations: RV32 and Cortex-M builds must
 * not pull in libgcc (__ashldi3, __lshrdi3). */
#if defined(UINTPTR_MAX) && UINTPTR_MAX > 0xFFFFFFFFu /* a 64-bit machine shifts natively */
static uint64_t iw__shr64(uint64_t x, unsigned s) { return s >= 64 ? 0u : x >> s; }
static uint64_t iw__shl64(uint64_t x, unsigned s) { return s >= 64 ? 0u : x << s; }
#else
static uint64_t iw__shr64(uint64_t x, unsigned s)
{
    uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;
    if (s == 0) return x;
    if (s >= 64) return 0;
    if (s >= 32) return hi >> (s - 32u);
    return ((uint64_t)(hi >> s) << 32) | (uint64_t)((lo >> s) | (hi << (32u - s)));
}
static uint64_t iw__shl64(uint64_t x, unsigned s)
{
    uint32_t hi = (uint32_t)(x >> 32), lo = (uint32_t)x;
    if (s == 0) return x;
    if (s >= 64) return 0;
    if (s >= 32) return (uint64_t)(lo << (s - 32u)) << 32;
    return ((uint64_t)((hi << s) | (lo >> (32u - s))) << 32) | (uint64_t)(lo << s);
}
#endif

/* n / d and n % d for a 32-bit d, shift and subtract: no libgcc division on RV32 or
 * Cortex-M (only Block List mode, with its arbitrary block size, divides). */
static uint64_t iw__divmod(uint64_t n, uint32_t d, uint32_t *rem)
{
    uint64_t q = 0, r = 0;
    int i;
    for (i = 0; i < 64; i++) { /* constant shifts only */
        r = (r << 1) | (n >> 63);
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    *rem = (uint32_t)r;
    return q;
}

#define IW__SWQE_WAIT 0u  /* posted, not yet executed */
#define IW__SWQE_RUN 1u   /* handed to RDMAP */
#define IW__SWQE_DONE 2u  /* complete (status set) */

/* see verbs.h */
IW_DEF const char *iw_vstatus_str(iw_vstatus s)
{
    IW_TEXT_OF(IW_VERBS_STATUS_MAP, s); /* any value may come in: "?" for one not in the table */
}
/* see verbs.h */
IW_DEF const char *iw_wc_status_str(iw_wc_status s)
{
    IW_TEXT_OF(IW_WC_STATUS_MAP, s); /* any value may come in: "?" for one not in the table */
}
/* see verbs.h */
IW_DEF const char *iw_async_event_str(iw_async_event e)
{
    IW_TEXT_OF(IW_ASYNC_EVENT_MAP, e); /* any value may come in: "?" for one not in the table */
}

/* ---- RNIC, PD ---- */

/* see verbs.h */
IW_DEF iw_vstatus iw_rnic_open(iw_rnic *r, const iw_rnic_host_ops *ops, void *ctx,
                               iw_stag_ent *stags, uint32_t nstags, uint64_t seed,
                               int block_list)
{
    if (!r || !ops || !ops->map || (nstags && !stags) || nstags > 0x1000000u)
        return IW_V_INVALID_MODIFIER;
    if (r->open == 1) return IW_V_RNIC_IN_USE; /* VERBS-002 (a zeroed struct is closed) */
    IW_MEMSET(r, 0, sizeof *r);
    r->block_mode = (uint8_t)(block_list != 0);
    if (nstags) IW_MEMSET(stags, 0, sizeof *stags * nstags);
    r->ops = ops;
    r->ctx = ctx;
    r->stags = stags;
    r->nstags = nstags;
    r->rng = seed ? seed : 0x9E3779B97F4A7C15ull;
    r->next_qp_id = 1;
    r->attr.vendor = 0x6977; /* "iw" */
    r->attr.max_qp = 0xFFFFFFu;
    r->attr.max_qp_wr = 0x10000u;
    r->attr.max_sge = IW_CFG_VERBS_SGE;
    r->attr.max_cq = 0xFFFFFFu;
    r->attr.max_cqe = 0x1000000u;
    r->attr.max_mr = nstags ? nstags - 1u : 0u;
    r->attr.max_mw = IW_CFG_VERBS_MW ? r->attr.max_mr : 0u;
    r->attr.max_pbl = IW_CFG_VERBS_PBL_MAX;
    r->attr.max_pd = IW_CFG_VERBS_PD;
    r->attr.max_ird = IW_MPA_IRDORD_MAX;
    r->attr.max_ord = IW_MPA_IRDORD_MAX;
    r->attr.atomics = IW_CFG_RDMAP_ATOMICS; /* both FetchAdd and CmpSwap (VERBS-097, ATOM-005) */
    r->attr.srq = 1;       /* arrival-order dequeue */
    r->attr.immediate = 1;
    r->attr.page_sizes = 0xFFFFF000u; /* 4 KiB .. 2 GiB */
    r->attr.block_list = r->block_mode; /* blocks of 1 octet .. 2 GiB */
    r->open = 1;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_rnic_query(const iw_rnic *r, iw_rnic_attr *out)
{
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (out) *out = r->attr;
    return IW_V_OK;
}
static void iw__qp_enter(struct iw_qp *qp, unsigned state);
static void iw__sq_reap(struct iw_qp *qp);

/* see verbs.h */
IW_DEF void iw_rnic_catastrophic(iw_rnic *r)
{
    iw_qp *qp;
    if (!r || r->open != 1 || r->dead) return;
    r->dead = 1;
    if (r->ops->async_event) {
        iw_async_rec a;
        IW_MEMSET(&a, 0, sizeof a);
        a.event = IW_AE_RNIC_CATASTROPHIC;
        a.resource = IW_RES_RNIC;
        a.term = iw_term_make(0, 2, 0x08);
        r->ops->async_event(r->ctx, &a);
    }
    for (qp = r->qps; qp; qp = qp->next) {
        if (qp->state == IW_QP_RTS) { /* Catastrophic error, global */
            qp->flushing = 1;
            (void)iw_rdmap_terminate(&qp->rs, iw_term_make(0, 2, 0x08));
            qp->flushing = 0;
        }
        if (qp->state != IW_QP_IDLE && !iw_rdmap_failed(&qp->rs))
            iw_rdmap_llp_down(&qp->rs, IW_EHOST, iw_term_make(0, 2, 0x08));
        iw__sq_reap(qp);
        if (qp->state != IW_QP_ERROR || qp->term_due == 2) iw__qp_enter(qp, IW_QP_ERROR);
        qp->term_due = 0; /* iw__qp_error's Error entered */
    }
}

/* see verbs.h */
IW_DEF iw_vstatus iw_rnic_close(iw_rnic *r)
{
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    r->open = 2;
    return IW_V_OK;
}

static int iw__pd_ok(const iw_rnic *r, uint32_t pd)
{
    return pd >= 1 && pd <= IW_CFG_VERBS_PD && r->pd[pd - 1].used;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_pd_alloc(iw_rnic *r, uint32_t *pd)
{
    uint32_t i;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    for (i = 0; i < IW_CFG_VERBS_PD; i++)
        if (!r->pd[i].used) {
            r->pd[i].used = 1;
            r->pd[i].refs = 0;
            *pd = i + 1;
            return IW_V_OK;
        }
    return IW_V_INSUFFICIENT_RESOURCES;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_pd_dealloc(iw_rnic *r, uint32_t pd)
{
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!iw__pd_ok(r, pd)) return IW_V_INVALID_PD;
    if (r->pd[pd - 1].refs) return IW_V_PD_IN_USE; /* VERBS-003 */
    r->pd[pd - 1].used = 0;
    return IW_V_OK;
}

/* ---- CQ ---- */

/* see verbs.h */
IW_DEF iw_vstatus iw_cq_create(iw_rnic *r, iw_cq *cq, iw_wc *ring, uint32_t entries)
{
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!cq || !ring || entries == 0) return IW_V_INVALID_MODIFIER;
    if (entries > r->attr.max_cqe) return IW_V_CQ_TOO_BIG; /* VERBS-004 */
    IW_MEMSET(cq, 0, sizeof *cq);
    cq->rnic = r;
    cq->ring = ring;
    cq->cap = entries;
    cq->alive = 1;
    r->ncq++;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_cq_query(const iw_cq *cq, uint32_t *entries)
{
    if (!cq || !cq->alive) return IW_V_INVALID_CQ;
    if (entries) *entries = cq->cap;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_cq_resize(iw_cq *cq, iw_wc *ring, uint32_t entries)
{
    uint32_t i;
    if (!cq || !cq->alive) return IW_V_INVALID_CQ;
    if (!ring || entries == 0) return IW_V_INVALID_MODIFIER;
    if (entries > cq->rnic->attr.max_cqe) return IW_V_CQ_TOO_BIG;
    if (entries < cq->count) return IW_V_SHRINK_FAILED; /* VERBS-005 */
    for (i = 0; i < cq->count; i++) ring[i] = cq->ring[(cq->head + i) % cq->cap];
    cq->ring = ring;
    cq->cap = entries;
    cq->head = 0;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_cq_destroy(iw_cq *cq)
{
    if (!cq || !cq->alive) return IW_V_INVALID_CQ;
    if (cq->users) return IW_V_CQ_IN_USE; /* VERBS-006 */
    cq->alive = 0;
    cq->rnic->ncq--;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_cq_poll(iw_cq *cq, iw_wc *wc)
{
    const iw_wc *e;
    if (!cq || !cq->alive) return IW_V_INVALID_CQ;
    if (cq->count == 0) return IW_V_CQ_EMPTY; /* VERBS-007 */
    e = &cq->ring[cq->head];
    if (e->qp_) { /* VERBS-071: reaping an SQ WC frees its slot and those of the unsignaled */
        iw_qp *qp = e->qp_; /* WRs before it (a destroyed QP left NULL here) */
        if ((int32_t)(e->sq_next_ - qp->sq_free) > 0) qp->sq_free = e->sq_next_;
    }
    if (wc) *wc = *e;
    cq->head = iw_ring_ix(cq->head + 1u, cq->cap);
    cq->count--;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_cq_notify(iw_cq *cq, unsigned type)
{
    if (!cq || !cq->alive) return IW_V_INVALID_CQ;
    if (type != IW_CQ_NOTIFY_NEXT && type != IW_CQ_NOTIFY_SOLICITED)
        return IW_V_INVALID_NOTIFY_TYPE;
    if (cq->armed != IW_CQ_NOTIFY_NEXT) cq->armed = (uint8_t)type; /* "next" wins (VERBS-081) */
    return IW_V_OK;
}

/* Add a WC; 0 on overflow (the caller ends the QP, VERBS-083). The first overflow of a CQ is
 * also reported on the CQ itself ("CQ Overflow Detected", verbs §5.3), so that a WC lost
 * while its QP was no longer in RTS (flushing, closing) is never lost silently.
 * Notification: verbs §8.2.5. */
/* A WC found cq full: its event, once (out of line, off every WC caller's frame). */
static IW_NOINLINE void iw__cq_overflow(iw_cq *cq)
{
    iw_async_rec a; /* every member set, no memset call (as iw__qp_async) */
    if (cq->overflowed) return;
    cq->overflowed = 1; /* before the event: nothing kept across it (a short frame) */
    if (!cq->rnic->ops->async_event) return;
    a.event = IW_AE_CQ_OVERFLOW;
    a.resource = IW_RES_CQ;
    a.id = 0;
    a.handle = cq;
    a.term = iw_term_make(0, 0, 0);
    cq->rnic->ops->async_event(cq->rnic->ctx, &a);
}
static int iw__cq_push(iw_cq *cq, const iw_wc *wc)
{
    if (cq->count == cq->cap) {
        iw__cq_overflow(cq);
        return 0;
    }
    cq->ring[iw_ring_ix(cq->head + cq->count, cq->cap)] = *wc;
    cq->count++;
    if (cq->armed && (cq->armed == IW_CQ_NOTIFY_NEXT || wc->solicited ||
                      wc->status != IW_WC_SUCCESS)) { /* VERBS-079, VERBS-080 */
        cq->armed = 0;
        if (cq->rnic->ops->cq_event) cq->rnic->ops->cq_event(cq->rnic->ctx, cq);
    }
    return 1;
}

/* ---- STag table and translation (verbs §7) ---- */

static uint32_t iw__rand(iw_rnic *r)
{
    uint64_t x;
    if (r->ops->random) return r->ops->random(r->ctx);
    x = r->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    r->rng = x;
    return (uint32_t)(x >> 16);
}

/* A free Index, not 0 (VERBS-039), chosen at random over the table (SEC-006). */
static uint32_t iw__stag_new(iw_rnic *r)
{
    uint32_t i, start;
    if (r->nstags < 2) return 0;
    start = 1u + iw__rand(r) % (r->nstags - 1u);
    for (i = 0; i < r->nstags - 1u; i++) {
        uint32_t k = 1u + (start - 1u + i) % (r->nstags - 1u);
        if (r->stags[k].kind == IW__STAG_FREE) return k;
    }
    return 0;
}

static iw_stag_ent *iw__stag_get(const iw_rnic *r, uint32_t index)
{
    if (index == 0 || index >= r->nstags || r->stags[index].kind == IW__STAG_FREE) return NULL;
    return &r->stags[index];
}

/* STag index k stops being valid, or its memory changes: a streamed placement still arriving
 * through it (or through an MW onto it) on any QP of the RNIC places nothing more and ends as
 * an invalid STag (ddp.h iw_ddp_rx_revoke; SEC-004: nothing is placed once an invalidate or
 * deallocate has completed). Called before every such change. */
static void iw__stag_revoke(iw_rnic *r, uint32_t k)
{
    struct iw_qp *qp;
    for (qp = r->qps; qp; qp = qp->next) {
        uint32_t st = iw_rdmap_rx_streaming(&qp->rs);
        const iw_stag_ent *e;
        if (!st) continue;
        e = iw__stag_get(r, st >> 8);
        if ((st >> 8) == k || (e && e->kind == IW__STAG_MW && e->mr_index == k))
            (void)iw_rdmap_rx_revoke(&qp->rs);
    }
}

/* Figure 18: at least one Local right; Remote Write needs Local Write, Remote Read Local Read;
 * Remote Atomic (project) needs both. */
static int iw__mr_acc_ok(unsigned acc)
{
    if (!(acc & (IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE))) return 0;
    if ((acc & IW_ACC_REMOTE_WRITE) && !(acc & IW_ACC_LOCAL_WRITE)) return 0;
    if ((acc & IW_ACC_REMOTE_READ) && !(acc & IW_ACC_LOCAL_READ)) return 0;
    if ((acc & IW_ACC_REMOTE_ATOMIC) &&
        (acc & (IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE)) != (IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE))
        return 0;
    return (acc & ~0x3Fu) == 0;
}

/* The physical buffer list checks of verbs §7.6.2 (VERBS-045, VERBS-046); IW_V_OK or the
 * Immediate Error. Page List: a power-of-2 page size, pages aligned; Block List (the RNIC's
 * mode, chosen at open): one block size, blocks at any address. Both: FBO < size, VA mod size
 * = FBO when VA-based, enough entries for FBO + length. *shift: log2 of the page or block
 * size, or 0xFF for a block size that is not a power of 2 (translated by division). */
static iw_vstatus iw__pbl_check(const iw_rnic *r, const iw_mr_reg *g, uint32_t *shift)
{
    uint32_t s = 0, i, rem = 0;
    uint64_t need;
    if (r->block_mode) {
        if (g->page_size == 0 || g->page_size > 0x80000000u) return IW_V_INVALID_PB_SIZE;
        if (g->page_size & (g->page_size - 1u)) s = 0xFFu; /* else translated as pages are */
    } else {
        if (g->page_size == 0 || (g->page_size & (g->page_size - 1u)) ||
            !(r->attr.page_sizes & g->page_size))
            return IW_V_INVALID_PB_SIZE;
    }
    while (s != 0xFFu && (1u << s) != g->page_size) s++;
    if (g->fbo >= g->page_size) return IW_V_INVALID_FBO;
    if (!g->zero_based) {
        (void)iw__divmod(g->va, g->page_size, &rem);
        if (rem != g->fbo) return IW_V_INVALID_VA;
    }
    if (!g->zero_based && g->len && g->va + (g->len - 1u) < g->va) return IW_V_INVALID_VA;
    if (g->npbl > IW_CFG_VERBS_PBL_MAX || (g->npbl && !g->pbl)) return IW_V_INVALID_PBL_ENTRY;
    if (g->len > 0xFFFFFFFFFFull) return IW_V_INVALID_LENGTH;
    need = iw__divmod(g->fbo + g->len + g->page_size - 1u, g->page_size, &rem);
    if (need > g->npbl) return IW_V_INVALID_LENGTH;
    if (!r->block_mode)
        for (i = 0; i < g->npbl; i++)
            if (g->pbl[i] & (g->page_size - 1u)) return IW_V_INVALID_PBL_ENTRY;
    *shift = s;
    return IW_V_OK;
}

/* Fill an MR entry from a checked registration. */
static void iw__mr_fill(iw_stag_ent *e, const iw_mr_reg *g, uint32_t shift)
{
    e->kind = IW__STAG_MR;
    e->state = IW__STAG_VALID;
    e->key = g->key;
    e->acc = (uint16_t)g->acc;
    e->pd = g->pd;
    e->zero_based = g->zero_based;
    e->va = g->zero_based ? 0 : g->va;
    e->len = g->len;
    e->page_shift = shift;
    e->bsize = shift == 0xFFu ? g->page_size : 0u;
    e->fbo = g->fbo;
    e->pbl = g->pbl;
    e->npbl = g->npbl;
    if (e->pbl_cap < g->npbl) e->pbl_cap = g->npbl;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_mr_alloc_stag(iw_rnic *r, uint32_t pd, uint32_t pbl_cap, int remote_ok,
                                   uint8_t key, uint32_t *stag)
{
    uint32_t k;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!iw__pd_ok(r, pd)) return IW_V_INVALID_PD;
    if (pbl_cap > IW_CFG_VERBS_PBL_MAX) return IW_V_INSUFFICIENT_RESOURCES; /* VERBS-040 */
    k = iw__stag_new(r);
    if (!k) return IW_V_INSUFFICIENT_RESOURCES;
    IW_MEMSET(&r->stags[k], 0, sizeof r->stags[k]);
    r->stags[k].kind = IW__STAG_MR;
    r->stags[k].state = IW__STAG_INVALID;
    r->stags[k].pd = pd;
    r->stags[k].key = key;
    r->stags[k].remote_ok = (uint8_t)(remote_ok != 0);
    r->stags[k].pbl_cap = pbl_cap;
    r->pd[pd - 1].refs++;
    *stag = k << 8 | key;
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_mr_register(iw_rnic *r, const iw_mr_reg *g, uint32_t *stag)
{
    uint32_t k, shift = 0;
    iw_vstatus st;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!g || !stag) return IW_V_INVALID_MODIFIER;
    if (!iw__pd_ok(r, g->pd)) return IW_V_INVALID_PD;
    if (!iw__mr_acc_ok(g->acc)) return IW_V_INVALID_ACCESS; /* VERBS-042 */
    st = iw__pbl_check(r, g, &shift);
    if (st != IW_V_OK) return st; /* VERBS-041: nothing consumed */
    k = iw__stag_new(r);
    if (!k) return IW_V_INSUFFICIENT_RESOURCES;
    IW_MEMSET(&r->stags[k], 0, sizeof r->stags[k]);
    iw__mr_fill(&r->stags[k], g, shift);
    r->stags[k].remote_ok = 1;
    r->pd[g->pd - 1].refs++;
    *stag = k << 8 | g->key;
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_mr_reregister(iw_rnic *r, uint32_t stag, const iw_mr_reg *g,
                                   uint32_t *new_stag)
{
    iw_stag_ent *e;
    uint32_t shift = 0, k = stag >> 8;
    iw_vstatus st;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    e = iw__stag_get(r, k);
    if (!e || e->kind != IW__STAG_MR || e->shared) return IW_V_INVALID_STAG_INDEX;
    if (e->nmw) return IW_V_MW_BOUND_TO_MR; /* VERBS-044: unchanged */
    if (!g || !new_stag) return IW_V_INVALID_MODIFIER;
    iw__stag_revoke(r, k);
    /* = Deallocate + Register: any other error leaves the MR deallocated (verbs §7.3.2.3) */
    st = !iw__pd_ok(r, g->pd) ? IW_V_INVALID_PD
         : !iw__mr_acc_ok(g->acc) ? IW_V_INVALID_ACCESS
                                  : iw__pbl_check(r, g, &shift);
    r->pd[e->pd - 1].refs--;
    if (st != IW_V_OK) {
        IW_MEMSET(e, 0, sizeof *e);
        return st;
    }
    iw__mr_fill(e, g, shift);
    e->remote_ok = 1;
    r->pd[g->pd - 1].refs++;
    *new_stag = k << 8 | g->key;
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_mr_register_shared(iw_rnic *r, uint32_t stag, uint32_t pd, unsigned acc,
                                        uint8_t new_key, int zero_based, uint64_t va,
                                        uint32_t *new_stag)
{
    iw_stag_ent *e;
    uint32_t k;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    e = iw__stag_get(r, stag >> 8);
    /* VERBS-047: a Valid MR and its current Key */
    if (!e || e->kind != IW__STAG_MR || e->state != IW__STAG_VALID || e->key != (stag & 0xFFu))
        return IW_V_INVALID_STAG_INDEX;
    if (!iw__pd_ok(r, pd)) return IW_V_INVALID_PD;
    if (!iw__mr_acc_ok(acc)) return IW_V_INVALID_ACCESS;
    if (!zero_based) { /* the same FBO (verbs §7.3.2.4) */
        uint32_t rem = 0;
        (void)iw__divmod(va, e->bsize ? e->bsize : (uint32_t)iw__shl64(1u, e->page_shift), &rem);
        if (rem != e->fbo) return IW_V_INVALID_VA;
    }
    k = iw__stag_new(r);
    if (!k) return IW_V_INSUFFICIENT_RESOURCES;
    r->stags[k] = *e;
    r->stags[k].key = new_key;
    r->stags[k].acc = (uint16_t)acc;
    r->stags[k].pd = pd;
    r->stags[k].zero_based = (uint8_t)(zero_based != 0);
    r->stags[k].va = zero_based ? 0 : va;
    r->stags[k].nmw = 0;
    r->stags[k].shared = 1;
    e->shared = 1;
    r->pd[pd - 1].refs++;
    *new_stag = k << 8 | new_key;
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_stag_query(const iw_rnic *r, uint32_t index, iw_stag_info *out)
{
    const iw_stag_ent *e;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    e = iw__stag_get(r, index);
    if (!e) return IW_V_INVALID_STAG_INDEX;
    IW_MEMSET(out, 0, sizeof *out);
    out->valid = e->state == IW__STAG_VALID;
    out->is_mw = e->kind == IW__STAG_MW;
    out->shared = e->shared;
    out->zero_based = e->zero_based;
    out->remote_ok = e->remote_ok;
    out->key = out->valid ? e->key : 0;
    out->acc = e->acc;
    out->pd = e->pd;
    out->qp_id = e->qp_id;
    out->va = e->va;
    out->len = e->len;
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_stag_dealloc(iw_rnic *r, uint32_t index)
{
    iw_stag_ent *e;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    e = iw__stag_get(r, index);
    if (!e) return IW_V_INVALID_STAG_INDEX;
    if (e->kind == IW__STAG_MR && e->nmw) return IW_V_MW_BOUND_TO_MR; /* VERBS-049 */
    iw__stag_revoke(r, (uint32_t)(e - r->stags));
    if (e->kind == IW__STAG_MW && e->state == IW__STAG_VALID) {
        iw_stag_ent *m = iw__stag_get(r, e->mr_index);
        if (m && m->nmw) m->nmw--;
    }
    if (e->pd && iw__pd_ok(r, e->pd) && r->pd[e->pd - 1].refs) r->pd[e->pd - 1].refs--;
    IW_MEMSET(e, 0, sizeof *e); /* all access ends now */
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_mw_alloc(iw_rnic *r, uint32_t pd, uint8_t key, uint32_t *stag)
{
    uint32_t k;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!iw__pd_ok(r, pd)) return IW_V_INVALID_PD;
#if !IW_CFG_VERBS_MW
    (void)key;
    (void)stag;
    (void)k;
    return IW_V_INSUFFICIENT_RESOURCES; /* left out: attr.max_mw is 0 */
#else
    k = iw__stag_new(r);
    if (!k) return IW_V_INSUFFICIENT_RESOURCES;
    IW_MEMSET(&r->stags[k], 0, sizeof r->stags[k]);
    r->stags[k].kind = IW__STAG_MW; /* VERBS-054: Invalid, in the PD */
    r->stags[k].pd = pd;
    r->stags[k].key = key;
    r->pd[pd - 1].refs++;
    *stag = k << 8 | key;
    return IW_V_OK;
#endif
}

/* The per-message translations (a Write's source, a peer's Write sink) are inlined into
 * their callers (IW_HOT): no call with stack arguments, constant rights folded. */

/* Host pieces of [off, off + len) of MR e (offsets from its first octet): PBL translation of
 * verbs §7.6.1 (VERBS-043), adjacent pages merged. 0 on success. */
static IW_HOT int iw__mr_pieces(const iw_rnic *r, const iw_stag_ent *e, uint64_t off,
                                 uint64_t len, iw_ddp_buf *dst, size_t max, size_t *n)
{
    uint64_t psz = e->bsize ? e->bsize : iw__shl64(1u, e->page_shift);
    size_t cnt = 0; /* *n, kept in a register: dst may alias it for the compiler */
    *n = 0;
    while (len) {
        uint64_t x = e->fbo + off, page, in, k;
        uint8_t *p;
        if (e->bsize) { /* Block List, a size not a power of 2 */
            uint32_t rem = 0;
            page = iw__divmod(x, e->bsize, &rem);
            in = rem;
        } else {
            page = iw__shr64(x, e->page_shift);
            in = x & (psz - 1u);
        }
        k = psz - in;
        if (k > len) k = len;
        if (page >= e->npbl) return -1;
        p = r->ops->map(r->ctx, e->pbl[page] + in, (size_t)k);
        if (!p) return -1;
        if (cnt && dst[cnt - 1].base + dst[cnt - 1].len == p) {
            dst[cnt - 1].len += (size_t)k;
        } else {
            if (cnt == max) return -1;
            dst[cnt].base = p;
            dst[cnt].len = (size_t)k;
            *n = ++cnt;
        }
        off += k;
        len -= k;
    }
    return 0;
}

/* The translation of (stag, to, len) for qp with the rights in need (IW_ACC_*), checked in
 * the order of ddp.h: valid, associated, access, wrap, bounds (verbs §7.6.3, §7.10.6.2).
 * remote: a peer's access (MW allowed, QP rights checked). iw__xlate below is the same for
 * the other callers. */
static IW_HOT iw_ddp_xlate iw__xlate_hot(const iw_qp *qp, uint32_t stag, uint64_t to,
                                          uint64_t len, unsigned need, int remote,
                                          iw_ddp_buf *dst, size_t max, size_t *n)
{
    const iw_rnic *r = qp->rnic;
    const iw_stag_ent *e = iw__stag_get(r, stag >> 8), *m;
    uint64_t off;
    unsigned acc;
    *n = 0;
    /* VERBS-038: all 32 bits; VERBS-039 / SEC-013: STag 0 never */
    if (!e || stag == 0 || e->key != (stag & 0xFFu) || e->state != IW__STAG_VALID)
        return IW_DDP_X_INVALID_STAG;
    if (e->kind == IW__STAG_MW) {
        if (!remote) return IW_DDP_X_INVALID_STAG; /* VERBS-059: not in a local SGE */
        if (e->qp_id != qp->id) return IW_DDP_X_NOT_ASSOC; /* SEC-002 */
    } else if (e->pd != qp->cfg.pd) {
        return IW_DDP_X_NOT_ASSOC; /* SEC-001 */
    }
    acc = e->acc;
    if (remote) { /* Figure 21: the QP's enable and the STag's right */
        if ((need & IW_ACC_REMOTE_WRITE) && !qp->cfg.write_en) acc = 0;
        if ((need & IW_ACC_REMOTE_READ) && !qp->cfg.read_en) acc = 0;
        if ((need & IW_ACC_REMOTE_ATOMIC) && !qp->cfg.atomic_en) acc = 0;
    }
    if ((acc & need) != need) return IW_DDP_X_ACCESS;
    if (len && to + (len - 1u) < to) return IW_DDP_X_TO_WRAP;
    if (to < e->va || to - e->va > e->len || len > e->len - (to - e->va))
        return IW_DDP_X_BOUNDS; /* SEC-003: byte granularity */
    if (!dst || !len) return IW_DDP_X_OK;
    off = to - e->va;
    if (e->kind == IW__STAG_MW) {
        m = iw__stag_get(r, e->mr_index);
        if (!m || m->state != IW__STAG_VALID) return IW_DDP_X_INVALID_STAG;
        off += e->mr_to - m->va;
        e = m;
    }
    if (iw__mr_pieces(r, e, off, len, dst, max, n) != 0) return IW_DDP_X_BOUNDS;
    return IW_DDP_X_OK;
}
static IW_COLD iw_ddp_xlate iw__xlate(const iw_qp *qp, uint32_t stag, uint64_t to,
                                       uint64_t len, unsigned need, int remote,
                                       iw_ddp_buf *dst, size_t max, size_t *n)
{
    return iw__xlate_hot(qp, stag, to, len, need, remote, dst, max, n);
}

/* rdmap.h's resolve for this QP: its access bits as IW_ACC_* rights, by one look-up
 * (VERBS-063); our Read's sink (IW_RDMAP_ACC_LOCAL_WRITE) is checked now, as local (VERBS-064). */
#define IW__A(a) ((a & IW_DDP_ACC_REMOTE_WRITE ? IW_ACC_REMOTE_WRITE : 0u) |                    \
                  (a & IW_DDP_ACC_REMOTE_READ ? IW_ACC_REMOTE_READ : 0u) |                      \
                  (a & IW_RDMAP_ACC_LOCAL_WRITE ? IW_ACC_LOCAL_WRITE : 0u) |                    \
                  (a & IW_RDMAP_ACC_REMOTE_ATOMIC ? IW_ACC_REMOTE_ATOMIC : 0u))
static iw_ddp_xlate iw__qp_resolve(void *ctx, uint32_t stag, uint64_t to, uint32_t len,
                                   unsigned access, iw_ddp_buf *dst, size_t max, size_t *n)
{
    static const uint8_t need[16] = {IW__A(0u),  IW__A(1u),  IW__A(2u),  IW__A(3u),  IW__A(4u),
                                     IW__A(5u),  IW__A(6u),  IW__A(7u),  IW__A(8u),  IW__A(9u),
                                     IW__A(10u), IW__A(11u), IW__A(12u), IW__A(13u), IW__A(14u),
                                     IW__A(15u)}; /* the four bits are 1, 2, 4, 8 */
    return iw__xlate_hot((iw_qp *)ctx, stag, to, len, need[access & 15u],
                         !(access & IW_RDMAP_ACC_LOCAL_WRITE), dst, max, n);
}
#undef IW__A

/* The WC status of a local SGE translation outcome (VERBS-061). */
static iw_wc_status iw__xlate_wc(iw_ddp_xlate x)
{
    static const uint8_t st[] = {IW_WC_SUCCESS, IW_WC_INVALID_STAG, IW_WC_BASE_BOUNDS,
                                 IW_WC_INVALID_PD, IW_WC_ACCESS_VIOLATION, IW_WC_WRAP};
    return (unsigned)x < sizeof st ? (iw_wc_status)st[x] : IW_WC_INVALID_STAG;
}

/* ---- QP: events, completions, states ---- */

/* t NULL: (0,0,0). By address, no memset call: a short frame on the deepest chains. */
static void iw__qp_async(iw_qp *qp, iw_async_event ev, const iw_term *t)
{
    iw_async_rec a;
    if (!qp->alive || !qp->rnic->ops->async_event) return; /* destroyed; VERBS-093 */
    a.event = ev;
    a.resource = IW_RES_QP;
    a.id = qp->id;
    a.handle = qp;
    a.term = t ? *t : iw_term_make(0, 0, 0);
    qp->rnic->ops->async_event(qp->rnic->ctx, &a);
}

static void iw__qp_enter(iw_qp *qp, unsigned state);

/* A completion found the QP must end with Terminate t: Terminate state now, the Terminate
 * itself once the layers below have returned (iw__sq_kick), not nested in the completion
 * they are making: a call chain from an entry point stays short (docs/porting-baremetal.md). */
static void iw__qp_term_later(iw_qp *qp, iw_term t)
{
    qp->state = IW_QP_TERMINATE;
    qp->term_due = 1;
    qp->term_due_t = t;
}

/* Push a WC to cq for qp; on overflow the QP ends (CQ/SQ or CQ/RQ Error, VERBS-083). */
static void iw__qp_wc(iw_qp *qp, iw_cq *cq, const iw_wc *wc, int rq)
{
    if (!qp->alive) return; /* VERBS-034: no CQE after Destroy */
    if (iw__cq_push(cq, wc)) return;
    if (qp->state == IW_QP_RTS) {
        static const iw_term t = {0, 2, 0x07}; /* not on the stack of every completion */
        iw__qp_async(qp, rq ? IW_AE_CQ_RQ_ERROR : IW_AE_CQ_SQ_ERROR, &t);
        iw__qp_term_later(qp, t); /* that event is the report: no second one */
    }
}

/* Complete SQ WQEs from the head while done (verbs §8.2.2: posting order, VERBS-075);
 * unsignaled successes give no WC (VERBS-069). */
static void iw__sq_reap(iw_qp *qp)
{
    qp->reap_due = 0;
    while (qp->sq_head != qp->sq_exec) {
        iw_swqe *w = &qp->mem.swqe[iw_ring_ix(qp->sq_head, qp->cfg.sq_depth)];
        if (w->st != IW__SWQE_DONE) break;
        /* VERBS-070: after an error every later WR of the queue completes Flushed (a Bind or
         * Fast-Register that took effect before the earlier error was known included, and a
         * later WR that failed on its own first: one error WC per queue, VERBS-027) */
        if (qp->sq_errored) w->status = IW_WC_FLUSHED;
        if (w->status != IW_WC_SUCCESS) qp->sq_errored = 1;
        /* the slot leaves the queue BEFORE its WC goes out: a CQ overflow terminates the
         * stream, whose retirements re-enter here and must start after this WQE */
        qp->sq_head++;
        if (w->signaled || w->status != IW_WC_SUCCESS) {
            iw_wc wc;
            IW_MEMSET(&wc, 0, sizeof wc);
            wc.wr_id = w->wr.wr_id;
            wc.qp_id = qp->id;
            wc.type = w->wr.type;
            wc.status = w->status;
            wc.len = w->len;
            wc.sq_next_ = qp->sq_head;
            wc.qp_ = qp;
            iw__qp_wc(qp, qp->cfg.sq_cq, &wc, 0);
        }
    }
}

/* Whether a WC of qp's SQ is still in its CQ, not reaped (the CQ may be shared); forget: and
 * detach every such WC from qp, which is being destroyed (reaping them frees nothing). */
static int iw__sq_wc_waiting(iw_qp *qp, int forget)
{
    iw_cq *cq = qp->cfg.sq_cq;
    uint32_t i;
    int n = 0;
    for (i = 0; i < cq->count && (forget || !n); i++) {
        iw_wc *e = &cq->ring[iw_ring_ix(cq->head + i, cq->cap)];
        if (e->qp_ != qp) continue;
        n = 1;
        if (forget) e->qp_ = NULL;
    }
    return n;
}

static void iw__rq_done(iw_qp *qp, iw_wc *wc);

/* Every Receive of the QP not complete completes Flushed, in order (VERBS-029, VERBS-078):
 * first the one an incoming message has taken and not finished (from the RQ or the S-RQ: this
 * QP holds it; a later upcall for that message finds nothing to complete), then every one
 * still posted on the QP's own RQ (an S-RQ's WQEs are never flushed by a QP, VERBS-088). */
static void iw__rq_flush(iw_qp *qp)
{
    if (qp->cur_valid) {
        iw_wc wc;
        IW_MEMSET(&wc, 0, sizeof wc);
        wc.status = IW_WC_FLUSHED;
        iw__rq_done(qp, &wc);
    }
    while (qp->rq_head != qp->rq_tail) {
        iw_wc wc;
        iw_recv_wr *w = &qp->mem.rwqe[qp->rq_head % qp->cfg.rq_depth];
        IW_MEMSET(&wc, 0, sizeof wc);
        wc.wr_id = w->wr_id;
        wc.qp_id = qp->id;
        wc.type = IW_WR_RECV;
        wc.status = IW_WC_FLUSHED;
        qp->rq_head++;
        iw__qp_wc(qp, qp->cfg.rq_cq, &wc, 1);
    }
}

/* Flush: every WQE not complete gets Flushed (VERBS-027), posting order, SQ then RQ. */
static void iw__qp_flush(iw_qp *qp)
{
    while (qp->sq_exec != qp->sq_tail) { /* never handed to RDMAP */
        iw_swqe *w = &qp->mem.swqe[iw_ring_ix(qp->sq_exec, qp->cfg.sq_depth)];
        w->st = IW__SWQE_DONE;
        w->status = IW_WC_FLUSHED;
        qp->sq_exec++;
    }
    iw__sq_reap(qp);
    iw__rq_flush(qp);
}

/* The rest of entering state from from, once RDMAP's stream is down (iw__qp_enter). */
static void iw__qp_entered(iw_qp *qp, unsigned from, unsigned state)
{
    if (state == IW_QP_ERROR && from != IW_QP_IDLE && qp->llp) {
        /* from RTS or Closing the LLP is reset (VERBS-018, VERBS-031, VERBS-032); from
         * Terminate its close completed or failed (VERBS-026), and after an error of MPA's
         * own MPA ends the stream its way (its Terminate, RFC 5044 §8): not lost to a reset */
        if (from == IW_QP_TERMINATE || iw_mpa_last_error(qp->llp)->status != IW_OK)
            iw_mpa_close(qp->llp);
        else
            iw_mpa_abort(qp->llp);
        qp->llp = NULL;
    }
    if (state == IW_QP_ERROR) iw__qp_flush(qp);
    if (state == IW_QP_CLOSING) iw__rq_flush(qp); /* VERBS-029: RQ flushed, SQ stopped */
}

static void iw__qp_enter(iw_qp *qp, unsigned state)
{
    unsigned from = qp->state;
    qp->state = (uint8_t)state;
    if (state != IW_QP_RTS) (void)iw_rdmap_rx_revoke(&qp->rs); /* no more placement (VERBS-025) */
    /* no stream any more: what RDMAP and DDP still hold completes too (flushed), and the LLP
     * stream is ended (verbs §6.2.4: disassociated; a new association needs a new stream) */
    if (state == IW_QP_ERROR && from != IW_QP_IDLE && qp->llp)
        iw_rdmap_llp_down(&qp->rs, IW_ECLOSED, iw_term_make(2, 0, 0x01));
    iw__qp_entered(qp, from, state);
}

/* Execute SQ WQEs in order: RDMAP operations go to the stream; Bind, Fast-Register and
 * Invalidate Local STag take effect here, before the next WR (VERBS-051). */
static void iw__sq_run(iw_qp *qp);

/* ---- RDMAP upcalls ---- */

/* WC status for a failed RDMAP operation (rdmap.h cqe status). */
static iw_wc_status iw__wc_of_status(iw_status s)
{
    return s == IW_OK ? IW_WC_SUCCESS : s == IW_ECLOSED ? IW_WC_FLUSHED
                                      : s == IW_EINVAL ? IW_WC_INVALID_WQE
                                                       : IW_WC_REMOTE_TERMINATION;
}

/* What a successful Atomic or Read with Invalidate does when it completes (out of line: the
 * per-message completion of a Write or Send does none of it). */
static IW_NOINLINE void iw__qp_complete_effects(iw_qp *qp, iw_swqe *w, const iw_rdmap_cqe *c)
{
#if IW_CFG_RDMAP_ATOMICS /* else no atomic WR is ever posted (iw__sq_take) */
    if (w->status == IW_WC_SUCCESS && (w->wr.type == IW_WR_FETCHADD || w->wr.type == IW_WR_CMPSWAP) &&
        (!qp->alive || qp->state == IW_QP_TERMINATE || qp->state == IW_QP_ERROR))
        w->status = IW_WC_FLUSHED; /* its response came, but the QP stopped before the WR
                                    * completed: nothing is placed any more (VERBS-027) */
    if (w->status == IW_WC_SUCCESS && (w->wr.type == IW_WR_FETCHADD || w->wr.type == IW_WR_CMPSWAP)) {
        iw_ddp_buf b; /* ATOM-015: the original value lands before the WC (host order) */
        size_t n = 0;
        iw_ddp_xlate x = iw__xlate(qp, w->wr.sgl[0].stag, w->wr.sgl[0].to, 8,
                                   IW_ACC_LOCAL_WRITE, 0, &b, 1, &n);
        if (x == IW_DDP_X_OK && n == 1) {
            IW_MEMCPY(b.base, &c->orig, 8);
        } else { /* the result buffer went away meanwhile: a local error (VERBS-023) */
            w->status = x == IW_DDP_X_OK ? IW_WC_BASE_BOUNDS : iw__xlate_wc(x);
            if (qp->state == IW_QP_RTS) iw__qp_term_later(qp, iw_term_make(0, 0, 0));
        }
    }
#else
    (void)c;
#endif
    if (w->status == IW_WC_SUCCESS && w->wr.type == IW_WR_READ_INV) { /* VERBS-074 */
        iw_stag_ent *e = iw__stag_get(qp->rnic, w->wr.sgl[0].stag >> 8);
        if (e && !e->shared && !e->nmw) {
            iw__stag_revoke(qp->rnic, (uint32_t)(e - qp->rnic->stags));
            e->state = IW__STAG_INVALID;
        }
    }
}

static void iw__qp_complete(void *ctx, const iw_rdmap_cqe *c)
{
    iw_qp *qp = (iw_qp *)ctx;
    iw_swqe *w = (iw_swqe *)c->cookie;
    w->st = IW__SWQE_DONE;
    w->status = iw__wc_of_status(c->status);
    if (c->sink_err != IW_DDP_X_OK) w->status = iw__xlate_wc(c->sink_err); /* VERBS-064 */
    if (w->status == IW_WC_SUCCESS && (w->wr.type == IW_WR_FETCHADD || w->wr.type == IW_WR_CMPSWAP ||
                                       w->wr.type == IW_WR_READ_INV))
        iw__qp_complete_effects(qp, w, c);
    w->len = c->len;
    qp->reap_due = 1;
    /* its WC and the waiting WRs come once the layers below returned (iw__qp_term_due,
     * iw__sq_run's loop), not nested in here: chains stay short (docs/porting-baremetal.md) */
    if (qp->state == IW_QP_RTS && qp->sq_exec != qp->sq_tail) qp->sq_kick = 1;
}

/* Enter the Error state the stream's end asked for (iw__qp_error), after RDMAP returned. */
static IW_COLD void iw__qp_err_due(iw_qp *qp)
{
    unsigned from = qp->state;
    if (qp->term_due != 2) return;
    qp->term_due = 0;
    /* iw__qp_enter(qp, IW_QP_ERROR) without iw_rdmap_llp_down: the LLP's failure that set
     * term_due came through it, so it has nothing left to do (nor its chain on this stack) */
    qp->state = IW_QP_ERROR;
    (void)iw_rdmap_rx_revoke(&qp->rs);
    iw__qp_entered(qp, from, IW_QP_ERROR);
}

/* Send the Terminate a completion decided on (iw__qp_term_later), after the layers below
 * returned; or enter Error (iw__qp_err_due). */
static IW_COLD void iw__qp_due(iw_qp *qp)
{
    iw__qp_err_due(qp);
    if (!qp->term_due) return;
    qp->term_due = 0;
    qp->flushing = 1; /* its event or WC was the report: no second one */
    (void)iw_rdmap_terminate(&qp->rs, qp->term_due_t);
    qp->flushing = 0;
    iw__sq_reap(qp);
}
/* The WCs of what completed (iw__qp_complete), then a Terminate or Error a completion or the
 * stream's end decided on, after the layers below returned. */
IW_INLINE void iw__qp_term_due(iw_qp *qp)
{
    if (qp->reap_due) iw__sq_reap(qp);
    if (qp->term_due) iw__qp_due(qp);
}

/* Run the SQ if a completion asked for it (iw__qp_complete), after the layers below returned;
 * then the WCs and a Terminate a completion decided on. */
static void iw__sq_kick(iw_qp *qp)
{
    if (qp->sq_kick) iw__sq_run(qp);
    iw__qp_term_due(qp);
}

static void iw__srq_async(iw_srq *q, iw_async_event ev)
{
    iw_async_rec a;
    if (!q->rnic->ops->async_event) return;
    IW_MEMSET(&a, 0, sizeof a);
    a.event = ev;
    a.resource = IW_RES_SRQ;
    a.handle = q;
    q->rnic->ops->async_event(q->rnic->ctx, &a);
}

/* Take the next Receive for an incoming message: the QP's RQ, or its S-RQ in arrival order
 * (verbs §6.3.5, SEC-014); the S-RQ Limit event when fewer than the limit remain (VERBS-086).
 * 0 when none is posted. */
static int iw__rq_take(iw_qp *qp)
{
    if (qp->cfg.srq) {
        iw_srq *q = qp->cfg.srq;
        if (q->head == q->tail) return 0;
        qp->cur = q->ring[q->head % q->cap];
        q->head++;
        if (q->armed && q->tail - q->head < q->limit) {
            q->armed = 0; /* once, until re-armed */
            iw__srq_async(q, IW_AE_SRQ_LIMIT);
        }
    } else {
        if (qp->rq_head == qp->rq_tail) return 0;
        qp->cur = qp->mem.rwqe[qp->rq_head % qp->cfg.rq_depth];
        qp->rq_head++;
    }
    qp->cur_valid = 1;
    return 1;
}

/* Complete the Receive taken (posting order for an RQ, VERBS-078; an S-RQ's goes to this
 * QP's RQ CQ with its QP ID, VERBS-085). */
static void iw__rq_done(iw_qp *qp, iw_wc *wc)
{
    wc->wr_id = qp->cur.wr_id;
    wc->qp_id = qp->id;
    wc->type = IW_WR_RECV;
    qp->cur_valid = 0;
    iw__qp_wc(qp, qp->cfg.rq_cq, wc, 1);
}

/* The next Receive: its SGEs checked with Local Write against the PD of the QP, or of the
 * S-RQ (verbs §7.6; VERBS-060, -061). */
static iw_status iw__qp_recv_buf(void *ctx, unsigned opcode, iw_ddp_buf *bufs, size_t max,
                                 size_t *n, iw_term *t)
{
    iw_qp *qp = (iw_qp *)ctx;
    uint32_t i, pd_save = qp->cfg.pd;
    (void)opcode;
    *n = 0;
    if (!iw__rq_take(qp)) { /* (1,2,0x02) (VERBS-090) */
        *t = iw_term_make(1, 2, 2);
        return IW_ETERM;
    }
    if (qp->cfg.srq) qp->cfg.pd = qp->cfg.srq->pd;
    for (i = 0; i < qp->cur.nsge && i < IW_CFG_VERBS_SGE; i++) {
        size_t k = 0;
        iw_ddp_xlate x;
        if (qp->cur.sgl[i].len == 0) continue; /* VERBS-062 */
        x = iw__xlate(qp, qp->cur.sgl[i].stag, qp->cur.sgl[i].to, qp->cur.sgl[i].len,
                      IW_ACC_LOCAL_WRITE, 0, bufs + *n, max - *n, &k);
        if (x != IW_DDP_X_OK) { /* RDMAP-049: this Receive completes in error, (0,0,0x00) */
            iw_wc wc;
            qp->cfg.pd = pd_save;
            IW_MEMSET(&wc, 0, sizeof wc);
            wc.status = iw__xlate_wc(x);
            iw__rq_done(qp, &wc);
            *t = iw_term_make(0, 0, 0);
            *n = 0;
            return IW_ETERM;
        }
        *n += k;
    }
    qp->cfg.pd = pd_save;
    return IW_OK;
}

static void iw__qp_recv(void *ctx, const iw_rdmap_recv *rv)
{
    iw_qp *qp = (iw_qp *)ctx;
    iw_wc wc;
    if (!qp->cur_valid) return; /* its receive already completed in error */
    IW_MEMSET(&wc, 0, sizeof wc);
    if (rv->status != IW_OK) {
        wc.status = rv->term.layer == 1 && rv->term.etype == 2 && rv->term.ecode == 5
                        ? IW_WC_BASE_BOUNDS /* VERBS-077: longer than the Receive */
                        : rv->term.layer == 0 && rv->term.etype == 1
                              ? IW_WC_INVAL_STAG_PD_OR_ACCESS
                              : IW_WC_FLUSHED;
        if (wc.status != IW_WC_FLUSHED) qp->flushing = 1; /* the WC reports it (VERBS-022c) */
    } else {
        wc.len = rv->len;
        wc.solicited = rv->solicited;
        wc.inval = rv->invalidated;
        wc.inval_stag = rv->inval_stag;
        wc.imm_valid = rv->has_imm;
        IW_MEMCPY(wc.imm, rv->imm, 8);
    }
    iw__rq_done(qp, &wc);
}

/* Invalidate window e for qp, locally or for the peer (verbs §7.10.4, §7.10.6.3;
 * VERBS-058): a Valid window needs the QP it is bound to, an Invalid one the QP's PD; it is then
 * Invalid, unbound from its MR, in the invalidating QP's PD. 0 when refused. */
static int iw__mw_invalidate(const iw_qp *qp, iw_stag_ent *e)
{
    if (e->state == IW__STAG_VALID && e->qp_id != qp->id) return 0;
    if (e->state != IW__STAG_VALID && e->pd != qp->cfg.pd) return 0;
    if (e->state == IW__STAG_VALID) {
        iw_stag_ent *m = iw__stag_get(qp->rnic, e->mr_index);
        if (m && m->nmw) m->nmw--;
    }
    iw__stag_revoke(qp->rnic, (uint32_t)(e - qp->rnic->stags));
    e->state = IW__STAG_INVALID;
    e->pd = qp->cfg.pd;
    e->qp_id = 0;
    return 1;
}

/* Send with Invalidate at the sink (verbs §7.8; RDMAP-045..048). */
static iw_rdmap_inval iw__qp_invalidate(void *ctx, uint32_t stag)
{
    iw_qp *qp = (iw_qp *)ctx;
    iw_stag_ent *e = iw__stag_get(qp->rnic, stag >> 8);
    if (!e || stag == 0 || e->key != (stag & 0xFFu)) return IW_RDMAP_INV_INVALID_STAG;
    if (e->kind == IW__STAG_MW)
        return iw__mw_invalidate(qp, e) ? IW_RDMAP_INV_OK : IW_RDMAP_INV_NOT_ASSOC;
    if (e->pd != qp->cfg.pd) return IW_RDMAP_INV_NOT_ASSOC;
    if (!(e->acc & (IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_ATOMIC)))
        return IW_RDMAP_INV_ACCESS;
    if (e->shared || e->nmw) return IW_RDMAP_INV_SHARED;
    iw__stag_revoke(qp->rnic, (uint32_t)(e - qp->rnic->stags));
    e->state = IW__STAG_INVALID; /* VERBS-052: PD, flag and PBL capacity kept */
    return IW_RDMAP_INV_OK;
}

/* The stream ended: the QP's state per verbs §6.2.2 and its async event. */
static void iw__qp_error(void *ctx, const iw_rdmap_event *ev)
{
    iw_qp *qp = (iw_qp *)ctx;
    qp->term = ev->term;
    if (ev->kind == IW_RDMAP_EV_TERM_SENT) {
        qp->term_valid = 1;
        qp->term_local = 1;
        if (qp->state == IW_QP_RTS) {
            iw_async_event ae = ev->term.term.layer == 1 ? IW_AE_PROTECTION : IW_AE_REMOTE_OP;
            if (ev->term.term.layer == 0 && ev->term.term.etype == 1) ae = IW_AE_IRRQ_PROTECTION;
            if (ev->term.term.layer == 1 && ev->term.term.etype == 2) ae = IW_AE_RQ_PROTECTION;
            /* VERBS-022; a (0,0,x) is a local error a WC reports (VERBS-023): no event */
            if (!qp->flushing && !(ev->term.term.layer == 0 && ev->term.term.etype == 0))
                iw__qp_async(qp, ae, &ev->term.term);
            qp->state = IW_QP_TERMINATE;
        }
    } else if (ev->kind == IW_RDMAP_EV_TERM_RCVD) { /* VERBS-021 */
        qp->term_valid = 1;
        qp->term_local = 0;
        if (qp->state == IW_QP_RTS) {
            iw__qp_async(qp, IW_AE_TERM_RECEIVED, &ev->term.term);
            qp->state = IW_QP_TERMINATE;
        }
    } else if (ev->kind == IW_RDMAP_EV_LLP) {
        if (qp->state == IW_QP_RTS || qp->state == IW_QP_CLOSING) {
            iw__qp_async(qp, ev->term.term.layer == 2 && ev->term.term.ecode == 0x02
                                 ? IW_AE_LLP_INTEGRITY
                                 : IW_AE_LLP_LOST,
                         &ev->term.term);
            /* VERBS-024: Error now, the rest once RDMAP returned (iw__qp_due) */
            qp->state = IW_QP_ERROR;
            qp->term_due = 2;
        }
    } else {
        if (qp->state == IW_QP_RTS) qp->state = IW_QP_TERMINATE;
    }
    qp->flushing = 0; /* once: a Receive's WC that reported this error set it (iw__qp_recv) */
}

static void iw__qp_llp_close(void *ctx)
{
    iw_qp *qp = (iw_qp *)ctx;
    if (qp->llp) iw_mpa_close(qp->llp);
}

static const iw_rdmap_ops iw__qp_rdmap_ops = {IW_OP(resolve) iw__qp_resolve,
                                              IW_OP(recv_buf) iw__qp_recv_buf,
                                              IW_OP(recv) iw__qp_recv,
                                              IW_OP(complete) iw__qp_complete,
                                              IW_OP(invalidate) iw__qp_invalidate,
                                              IW_OP(atomic64) NULL,
                                              IW_OP(error) iw__qp_error,
                                              IW_OP(llp_close) iw__qp_llp_close};
static uint64_t iw__qp_atomic64(void *ctx, unsigned aop, void *p, uint64_t as, uint64_t asm_,
                                uint64_t cd, uint64_t cm)
{
    iw_qp *qp = (iw_qp *)ctx;
    return qp->rnic->ops->atomic64(qp->rnic->ctx, aop, p, as, asm_, cd, cm);
}
static const iw_rdmap_ops iw__qp_rdmap_ops_atomic = {IW_OP(resolve) iw__qp_resolve,
                                                     IW_OP(recv_buf) iw__qp_recv_buf,
                                                     IW_OP(recv) iw__qp_recv,
                                                     IW_OP(complete) iw__qp_complete,
                                                     IW_OP(invalidate) iw__qp_invalidate,
                                                     IW_OP(atomic64) iw__qp_atomic64,
                                                     IW_OP(error) iw__qp_error,
                                                     IW_OP(llp_close) iw__qp_llp_close};
/* The RDMAP ops of r's QPs: with the host's atomic64 when it has one. */
static const iw_rdmap_ops *iw__qp_rdmap_ops_for(const iw_rnic *r)
{
    return r->ops->atomic64 ? &iw__qp_rdmap_ops_atomic : &iw__qp_rdmap_ops;
}

/* ---- S-RQ verbs ---- */

/* see verbs.h */
IW_DEF iw_vstatus iw_srq_create(iw_rnic *r, iw_srq *srq, uint32_t pd, iw_recv_wr *ring,
                                uint32_t cap, uint32_t max_sge, uint32_t limit)
{
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!srq || !ring || cap == 0) return IW_V_INVALID_MODIFIER;
    if (!iw__pd_ok(r, pd)) return IW_V_INVALID_PD;
    if (cap > r->attr.max_qp_wr) return IW_V_WR_LIMIT;
    if (max_sge > IW_CFG_VERBS_SGE) return IW_V_SGE_LIMIT;
    if (limit > cap) return IW_V_LIMIT_RANGE; /* VERBS-086 */
    IW_MEMSET(srq, 0, sizeof *srq);
    srq->rnic = r;
    srq->ring = ring;
    srq->cap = cap;
    srq->pd = pd;
    srq->max_sge = max_sge ? max_sge : IW_CFG_VERBS_SGE;
    srq->limit = limit;
    srq->armed = (uint8_t)(limit != 0);
    srq->alive = 1;
    r->pd[pd - 1].refs++;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_srq_query(const iw_srq *srq, iw_srq_info *out)
{
    if (!srq || !srq->alive) return IW_V_INVALID_SRQ;
    IW_MEMSET(out, 0, sizeof *out);
    out->cap = srq->cap;
    out->max_sge = srq->max_sge;
    out->pd = srq->pd;
    out->limit = srq->limit;
    out->armed = srq->armed;
    out->posted = srq->tail - srq->head;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_srq_modify(iw_srq *srq, uint32_t limit)
{
    if (!srq || !srq->alive) return IW_V_INVALID_SRQ;
    if (limit > srq->cap) return IW_V_LIMIT_RANGE;
    srq->limit = limit;
    srq->armed = (uint8_t)(limit != 0); /* re-arming an armed limit is allowed */
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_srq_destroy(iw_srq *srq)
{
    if (!srq || !srq->alive) return IW_V_INVALID_SRQ;
    if (srq->users) return IW_V_SRQ_IN_USE; /* VERBS-089 */
    srq->alive = 0;
    if (srq->rnic->pd[srq->pd - 1].refs) srq->rnic->pd[srq->pd - 1].refs--;
    return IW_V_OK;
}
/* see verbs.h */
IW_DEF iw_vstatus iw_srq_post(iw_srq *srq, const iw_recv_wr *wrs, size_t n, size_t *posted)
{
    size_t i;
    if (posted) *posted = 0;
    if (!srq || !srq->alive) return IW_V_INVALID_SRQ;
    if (n && !wrs) return IW_V_INVALID_MODIFIER;
    for (i = 0; i < n; i++) {
        if (srq->tail - srq->head >= srq->cap) return IW_V_TOO_MANY_WRS;
        if (wrs[i].nsge > srq->max_sge) return IW_V_INVALID_SGL_LENGTH;
        srq->ring[srq->tail % srq->cap] = wrs[i];
        srq->tail++;
        if (posted) (*posted)++;
    }
    return IW_V_OK;
}

/* ---- QP verbs ---- */

/* see verbs.h */
IW_DEF iw_vstatus iw_qp_create(iw_rnic *r, iw_qp *qp, const iw_qp_cfg *cfg,
                               const iw_qp_mem *mem)
{
    iw_rdmap_cfg rc;
    iw_status st;
    if (!r || r->open != 1) return IW_V_INVALID_RNIC;
    if (!qp || !cfg || !mem || !mem->swqe || !mem->rwr || (!mem->rwqe && !cfg->srq) ||
        (cfg->ird && !mem->inreq))
        return IW_V_INVALID_MODIFIER;
    if (!cfg->sq_cq || !cfg->sq_cq->alive || !cfg->rq_cq || !cfg->rq_cq->alive ||
        cfg->sq_cq->rnic != r || cfg->rq_cq->rnic != r)
        return IW_V_INVALID_CQ;
    if (!iw__pd_ok(r, cfg->pd)) return IW_V_INVALID_PD;
    if (cfg->srq && (!cfg->srq->alive || cfg->srq->rnic != r)) return IW_V_INVALID_SRQ;
    if (cfg->srq && cfg->rq_limit > cfg->srq->cap) return IW_V_LIMIT_RANGE;
    if (cfg->ord > r->attr.max_ord) return IW_V_ORD_LIMIT; /* VERBS-008 */
    if (cfg->ird > r->attr.max_ird) return IW_V_IRD_LIMIT;
    if (cfg->sq_depth == 0 || (cfg->rq_depth == 0 && !cfg->srq) || cfg->sq_depth > r->attr.max_qp_wr ||
        cfg->rq_depth > r->attr.max_qp_wr)
        return IW_V_WR_LIMIT;
    if (cfg->max_send_sge > IW_CFG_VERBS_SGE || cfg->max_write_sge > IW_CFG_VERBS_SGE ||
        cfg->max_recv_sge > IW_CFG_VERBS_SGE)
        return IW_V_SGE_LIMIT;
    IW_MEMSET(qp, 0, sizeof *qp);
    qp->rnic = r;
    qp->cfg = *cfg;
    qp->mem = *mem;
    qp->id = r->next_qp_id++;
    qp->state = IW_QP_IDLE; /* VERBS-010 */
    qp->alive = 1;
    iw_rdmap_cfg_default(&rc);
    rc.ird = cfg->ird;
    rc.ord = cfg->ord;
    rc.read_enabled = (uint8_t)(cfg->read_en || cfg->atomic_en);
    st = iw_rdmap_init(&qp->rs, &rc, iw_ddp_mpa_llp_ops(), NULL,
                       iw__qp_rdmap_ops_for(r), qp,
                       mem->rwr, cfg->sq_depth, mem->inreq, cfg->ird);
    if (st != IW_OK) return IW_V_INVALID_MODIFIER;
    cfg->sq_cq->users++;
    if (cfg->rq_cq != cfg->sq_cq) cfg->rq_cq->users++;
    if (cfg->srq) cfg->srq->users++;
    qp->next = r->qps;
    r->qps = qp;
    qp->rq_limit_armed = (uint8_t)(cfg->srq && cfg->rq_limit);
    r->pd[cfg->pd - 1].refs++;
    r->nqp++;
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_qp_query(const iw_qp *qp, iw_qp_info *out)
{
    if (!qp || !qp->alive) return IW_V_INVALID_QP;
    IW_MEMSET(out, 0, sizeof *out);
    out->state = qp->state;
    out->id = qp->id;
    out->pd = qp->cfg.pd;
    out->ird = iw_rdmap_get_cfg(&qp->rs)->ird;
    out->ord = iw_rdmap_get_cfg(&qp->rs)->ord;
    if (qp->state == IW_QP_TERMINATE || qp->state == IW_QP_ERROR) {
        out->term_valid = qp->term_valid; /* VERBS-021, VERBS-026 */
        out->term_local = qp->term_local;
        out->term = qp->term;
    }
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_qp_modify(iw_qp *qp, const iw_qp_attr *a)
{
    unsigned from, to;
    if (!qp || !qp->alive) return IW_V_INVALID_QP;
    if (!a) return IW_V_INVALID_MODIFIER;
    from = qp->state;
    to = a->next_state;
    if (a->set_ird && a->ird > qp->rnic->attr.max_ird) return IW_V_IRD_LIMIT;
    if (a->set_ord && a->ord > qp->rnic->attr.max_ord) return IW_V_ORD_LIMIT;
    if (a->set_ird && a->ird > qp->cfg.ird) return IW_V_IRD_LIMIT; /* its IRD entries */
    /* verbs §6.2 transitions (VERBS-014: any other is refused, nothing changes) */
    if (from == IW_QP_IDLE && to == IW_QP_IDLE) {
    } else if (from == IW_QP_IDLE && to == IW_QP_RTS) {
        unsigned ms;
        if (!a->llp) return IW_V_INVALID_LLP;
        ms = iw_mpa_state(a->llp);
        if (ms != IW_MPA_S_FULL && ms != IW_MPA_S_AWAIT_FIRST) return IW_V_INVALID_LLP;
        /* a stream still sending an FPDU of an earlier association is not a fresh one: its
         * octets may point into this QP's stream, which RTS starts anew (VERBS-013) */
        if (iw_mpa_tx_busy(a->llp)) return IW_V_INVALID_LLP;
    } else if (from == IW_QP_IDLE && to == IW_QP_ERROR) {
    } else if (from == IW_QP_RTS && (to == IW_QP_RTS || to == IW_QP_CLOSING ||
                                     to == IW_QP_TERMINATE || to == IW_QP_ERROR)) {
    } else if (from == IW_QP_ERROR && to == IW_QP_IDLE) {
        if (qp->cfg.sq_cq->count || qp->cfg.rq_cq->count || qp->sq_head != qp->sq_tail ||
            qp->rq_head != qp->rq_tail)
            return IW_V_STILL_FLUSHING; /* VERBS-028 (WCs not yet reaped) */
    } else {
        return IW_V_INVALID_QP_STATE;
    }
    if (a->set_ord || a->set_ird) /* VERBS-035 */
        (void)iw_rdmap_set_ird_ord(&qp->rs, a->set_ird ? a->ird : iw_rdmap_get_cfg(&qp->rs)->ird,
                                   a->set_ord ? a->ord : iw_rdmap_get_cfg(&qp->rs)->ord);
    if (a->set_ord) qp->cfg.ord = a->ord; /* an ORD reduced in Idle holds in RTS: MPA's, */
    if (qp->cfg.ord < qp->info.ord) qp->info.ord = qp->cfg.ord; /* now or later, is capped */
    iw__sq_reap(qp); /* what that sent and completed */
    if (from == to) return IW_V_OK;
    if (to == IW_QP_RTS) { /* VERBS-013: the stream from initial conditions */
        iw_rdmap_cfg rc = *iw_rdmap_get_cfg(&qp->rs);
        iw_status st = iw_rdmap_init(&qp->rs, &rc, iw_ddp_mpa_llp_ops(), a->llp,
                                     iw__qp_rdmap_ops_for(qp->rnic), qp, qp->mem.rwr,
                                     qp->cfg.sq_depth,
                                     qp->mem.inreq, qp->cfg.ird);
        if (st != IW_OK) return IW_V_INVALID_LLP;
        qp->llp = a->llp;
        qp->state = IW_QP_RTS;
        if (qp->have_info) iw_rdmap_mpa_established(&qp->rs, &qp->info);
        iw__sq_run(qp); /* WRs queued in Idle start now */
        iw__qp_term_due(qp);
        return IW_V_OK;
    }
    if (to == IW_QP_CLOSING) { /* VERBS-016: graceful close, no event */
        iw__qp_enter(qp, IW_QP_CLOSING);
        if (qp->llp) iw_mpa_close(qp->llp);
        return IW_V_OK;
    }
    if (to == IW_QP_TERMINATE) { /* VERBS-017: (0,0,0x00), HdrCt 000, no event */
        qp->flushing = 1;
        qp->state = IW_QP_TERMINATE;
        (void)iw_rdmap_terminate(&qp->rs, iw_term_make(0, 0, 0));
        qp->flushing = 0;
        iw__sq_reap(qp);
        return IW_V_OK;
    }
    if (to == IW_QP_ERROR) { /* VERBS-018: no Terminate, LLP reset, flush */
        if (from == IW_QP_RTS) {
            qp->state = IW_QP_ERROR;
            iw_rdmap_llp_down(&qp->rs, IW_ECLOSED, iw_term_make(2, 0, IW_MPA_ECODE_CLOSED));
        }
        iw__qp_enter(qp, IW_QP_ERROR);
        return IW_V_OK;
    }
    if (to == IW_QP_IDLE) {
        qp->state = IW_QP_IDLE;
        qp->term_valid = 0;
        qp->sq_errored = 0;
        qp->sq_free = qp->sq_head; /* all reaped (VERBS-028); trailing unsignaled WRs too */
        qp->llp = NULL;
        return IW_V_OK;
    }
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_qp_destroy(iw_qp *qp)
{
    if (!qp || !qp->alive) return IW_V_INVALID_QP;
    { /* VERBS-034: a window still bound to this QP (the table is the one record of it) */
        uint32_t i;
        for (i = 1; i < qp->rnic->nstags; i++) {
            const iw_stag_ent *e = &qp->rnic->stags[i];
            if (e->kind == IW__STAG_MW && e->state == IW__STAG_VALID && e->qp_id == qp->id)
                return IW_V_MW_BOUND_TO_QP;
        }
    }
    (void)iw_rdmap_rx_revoke(&qp->rs); /* a streamed placement stops here */
    qp->alive = 0; /* from here no CQE and no event for it (VERBS-034) */
    {
        iw_qp **pp = &qp->rnic->qps;
        while (*pp && *pp != qp) pp = &(*pp)->next;
        if (*pp) *pp = qp->next;
    }
    (void)iw__sq_wc_waiting(qp, 1);
    if (qp->state != IW_QP_IDLE && qp->llp) /* disassociated: whatever is queued is dropped */
        iw_rdmap_llp_down(&qp->rs, IW_ECLOSED, iw_term_make(2, 0, 0x01));
    iw__qp_err_due(qp);
    qp->cfg.sq_cq->users--;
    if (qp->cfg.rq_cq != qp->cfg.sq_cq) qp->cfg.rq_cq->users--;
    if (qp->cfg.srq) qp->cfg.srq->users--;
    if (qp->rnic->pd[qp->cfg.pd - 1].refs) qp->rnic->pd[qp->cfg.pd - 1].refs--;
    qp->rnic->nqp--;
    return IW_V_OK;
}

/* Immediate checks of one SQ WR (verbs §9.3.1.1, VERBS-066, VERBS-067), and its copy into the
 * SQ slot d in the same walk over its SGEs. d keeps what the WR's type uses: the SGEs it names,
 * and the Bind / Fast-Register parameters only for those (a full copy is mostly unused SGEs);
 * member by member. d counts only when IW_V_OK is returned. */
static iw_vstatus iw__sq_take(const iw_qp *qp, const iw_send_wr *w, iw_send_wr *d)
{
    uint32_t i, max = qp->cfg.max_send_sge ? qp->cfg.max_send_sge : IW_CFG_VERBS_SGE;
    uint64_t total = 0;
    if (w->type < IW_WR_SEND || w->type > IW_WR_INVALIDATE) return IW_V_INVALID_OP_TYPE;
    if (w->type == IW_WR_WRITE && qp->cfg.max_write_sge) max = qp->cfg.max_write_sge;
    if (w->nsge > max || w->nsge > IW_CFG_VERBS_SGE) return IW_V_INVALID_SGL_LENGTH;
    if ((w->type == IW_WR_READ || w->type == IW_WR_READ_INV) &&
        (w->nsge != 1 || (w->flags & IW_WR_READ_FENCE)))
        return w->nsge != 1 ? IW_V_INVALID_SGL_FORMAT : IW_V_INVALID_MODIFIER;
#if !IW_CFG_RDMAP_ATOMICS /* left out (rdmap.h): attr.atomics is 0 */
    if (w->type == IW_WR_FETCHADD || w->type == IW_WR_CMPSWAP) return IW_V_INVALID_OP_TYPE;
#endif
#if !IW_CFG_VERBS_MW
    if (w->type == IW_WR_BIND_MW) return IW_V_INVALID_OP_TYPE;
#endif
#if !IW_CFG_VERBS_FAST_REG
    if (w->type == IW_WR_FAST_REG) return IW_V_INVALID_OP_TYPE;
#endif
    if ((w->type == IW_WR_FETCHADD || w->type == IW_WR_CMPSWAP) &&
        (w->nsge != 1 || w->sgl[0].len != 8))
        return IW_V_INVALID_SGL_FORMAT;
    for (i = 0; i < w->nsge; i++) {
        total += w->sgl[i].len;
        d->sgl[i].stag = w->sgl[i].stag;
        d->sgl[i].to = w->sgl[i].to;
        d->sgl[i].len = w->sgl[i].len;
    }
    if (total > 0xFFFFFFFFu) return IW_V_INVALID_SGL_LENGTH; /* VERBS-068 */
    if (w->type == IW_WR_BIND_MW || w->type == IW_WR_FAST_REG) {
        *d = *w;
        return IW_V_OK;
    }
    d->wr_id = w->wr_id;
    d->type = w->type;
    d->flags = w->flags;
    d->nsge = w->nsge;
    d->remote_stag = w->remote_stag;
    d->remote_to = w->remote_to;
    d->inval_stag = w->inval_stag;
    IW_MEMCPY(d->imm, w->imm, sizeof d->imm);
#if IW_CFG_RDMAP_ATOMICS
    d->add_swap = w->add_swap;
    d->add_swap_mask = w->add_swap_mask;
    d->cmp = w->cmp;
    d->cmp_mask = w->cmp_mask;
#endif
    return IW_V_OK;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_qp_post_sq(iw_qp *qp, const iw_send_wr *wrs, size_t n, size_t *posted)
{
    size_t i;
    iw_vstatus st = IW_V_OK;
    if (posted) *posted = 0;
    if (!qp || !qp->alive) return IW_V_INVALID_QP;
    if (n && !wrs) return IW_V_INVALID_MODIFIER;
    /* VERBS-033: nothing is executed outside Idle (queued) and RTS */
    if (qp->state == IW_QP_TERMINATE || qp->state == IW_QP_ERROR) return IW_V_INVALID_QP_STATE;
    for (i = 0; i < n; i++) {
        iw_swqe *w;
        if (qp->sq_tail - qp->sq_free >= qp->cfg.sq_depth) { /* VERBS-071 */
            st = IW_V_TOO_MANY_WRS;
            break;
        }
        w = &qp->mem.swqe[iw_ring_ix(qp->sq_tail, qp->cfg.sq_depth)];
        st = iw__sq_take(qp, &wrs[i], &w->wr);
        if (st != IW_V_OK) break; /* VERBS-065: earlier ones stay posted */
        w->signaled = (uint8_t)((wrs[i].flags & IW_WR_SIGNALED) != 0);
        w->st = IW__SWQE_WAIT;
        w->status = IW_WC_SUCCESS;
        w->len = 0;
#if IW_CFG_RDMAP_ATOMICS
        w->orig = 0;
#endif
        qp->sq_tail++;
        if (posted) (*posted)++;
    }
    if (qp->state == IW_QP_RTS) iw__sq_run(qp);
    else if (qp->state == IW_QP_CLOSING && posted && *posted) { /* VERBS-031 */
        iw__qp_async(qp, IW_AE_BAD_CLOSE, NULL);
        iw__qp_enter(qp, IW_QP_ERROR);
    }
    iw__qp_term_due(qp); /* a WR that failed in iw__sq_run ended the QP */
    return st;
}

/* see verbs.h */
IW_DEF iw_vstatus iw_qp_post_rq(iw_qp *qp, const iw_recv_wr *wrs, size_t n, size_t *posted)
{
    size_t i;
    if (posted) *posted = 0;
    if (!qp || !qp->alive) return IW_V_INVALID_QP;
    if (n && !wrs) return IW_V_INVALID_MODIFIER;
    if (qp->cfg.srq) return IW_V_RQ_HAS_SRQ; /* VERBS-084 */
    if (qp->state == IW_QP_TERMINATE || qp->state == IW_QP_ERROR) return IW_V_INVALID_QP_STATE;
    for (i = 0; i < n; i++) {
        uint32_t max = qp->cfg.max_recv_sge ? qp->cfg.max_recv_sge : IW_CFG_VERBS_SGE;
        if (qp->rq_tail - qp->rq_head >= qp->cfg.rq_depth) return IW_V_TOO_MANY_WRS;
        if (wrs[i].nsge > max) return IW_V_INVALID_SGL_LENGTH;
        qp->mem.rwqe[qp->rq_tail % qp->cfg.rq_depth] = wrs[i];
        qp->rq_tail++;
        if (posted) (*posted)++;
    }
    if (qp->state == IW_QP_CLOSING) iw__qp_enter(qp, IW_QP_CLOSING); /* enqueue and flush */
    return IW_V_OK;
}

/* Local SGEs of a Send or Write source -> host pieces (Local Read, VERBS-060, -061). Inlined
 * in iw__sq_run (out of line, gcc 12 made it a call with *niov in memory: 64-octet Writes took
 * 131 ns instead of 107). */
#ifdef __OPTIMIZE_SIZE__ /* out of line at -Os: b[] off iw__sq_run's frame (stack_max) */
#define IW__SQ_GATHER IW_NOINLINE
#else
#define IW__SQ_GATHER IW_HOT
#endif
static IW__SQ_GATHER iw_wc_status iw__sq_gather(iw_qp *qp, iw_swqe *w, size_t *niov)
{
    uint32_t i;
    *niov = 0; /* w->len is 0 (iw_qp_post_sq) */
    for (i = 0; i < w->wr.nsge; i++) {
        iw_ddp_buf b[IW_CFG_VERBS_IOV];
        size_t k = 0, j;
        iw_ddp_xlate x;
        if (w->wr.sgl[i].len == 0) continue; /* VERBS-062 */
        x = iw__xlate_hot(qp, w->wr.sgl[i].stag, w->wr.sgl[i].to, w->wr.sgl[i].len,
                          IW_ACC_LOCAL_READ, 0, b, IW_CFG_VERBS_IOV - *niov, &k);
        if (x != IW_DDP_X_OK) return iw__xlate_wc(x);
        for (j = 0; j < k; j++) {
            w->iov[*niov].base = b[j].base;
            w->iov[*niov].len = b[j].len;
            (*niov)++;
        }
        w->len += w->wr.sgl[i].len;
    }
    return IW_WC_SUCCESS;
}

#if IW_CFG_VERBS_FAST_REG
/* Fast-Register (verbs §7.3.2.5, Figure 36; VERBS-050, VERBS-053). */
static IW_NOINLINE iw_wc_status iw__fast_reg(iw_qp *qp, const iw_send_wr *w)
{
    iw_rnic *r = qp->rnic;
    iw_stag_ent *e = iw__stag_get(r, w->fr_stag >> 8);
    iw_mr_reg g = w->fr;
    uint32_t shift = 0;
    iw_vstatus st;
    if (!qp->cfg.privileged) return IW_WC_QP_NOT_PRIVILEGED; /* SEC-012 */
    if (!e || e->kind != IW__STAG_MR || e->shared || w->fr_stag == 0) return IW_WC_INVALID_STAG;
    if (e->state != IW__STAG_INVALID) return IW_WC_STAG_NOT_INVALID;
    if (e->pd != qp->cfg.pd) return IW_WC_INVALID_PD;
    if (!iw__mr_acc_ok(g.acc) ||
        (!e->remote_ok && (g.acc & (IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_ATOMIC))))
        return IW_WC_INVALID_ACCESS;
    if (g.npbl > e->pbl_cap) return IW_WC_PBL_TOO_LONG;
    g.pd = e->pd;
    g.key = (uint8_t)(w->fr_stag & 0xFFu);
    st = iw__pbl_check(r, &g, &shift);
    if (st == IW_V_INVALID_PB_SIZE) return IW_WC_INVALID_PB_SIZE;
    if (st == IW_V_INVALID_FBO) return IW_WC_INVALID_FBO;
    if (st == IW_V_INVALID_VA) return IW_WC_INVALID_VA;
    if (st == IW_V_INVALID_LENGTH) return IW_WC_INVALID_FR_LENGTH;
    if (st != IW_V_OK) return IW_WC_INVALID_PBL_ENTRY;
    {
        uint8_t rok = e->remote_ok;
        uint32_t cap = e->pbl_cap;
        iw__mr_fill(e, &g, shift);
        e->remote_ok = rok;
        e->pbl_cap = cap;
    }
    return IW_WC_SUCCESS;
}
#endif

#if IW_CFG_VERBS_MW
/* Bind MW (verbs §7.10.2, Figure 20; VERBS-055, VERBS-056). */
static IW_NOINLINE iw_wc_status iw__bind(iw_qp *qp, const iw_mw_bind *b)
{
    iw_rnic *r = qp->rnic;
    iw_stag_ent *w = iw__stag_get(r, b->mw_stag >> 8), *m = iw__stag_get(r, b->mr_stag >> 8);
    if (!w || w->kind != IW__STAG_MW) return IW_WC_INVALID_WINDOW;
    if (w->state != IW__STAG_INVALID) return IW_WC_STAG_NOT_INVALID;
    if (!qp->cfg.bind_en) return IW_WC_ACCESS_VIOLATION;
    if (!m || m->kind != IW__STAG_MR || b->mr_stag == 0 || m->key != (b->mr_stag & 0xFFu) ||
        m->state != IW__STAG_VALID)
        return IW_WC_INVALID_REGION;
    if (w->pd != qp->cfg.pd || m->pd != qp->cfg.pd) return IW_WC_INVALID_PD;
    if (m->zero_based) return IW_WC_INVALID_REGION; /* VA-based MRs only (verbs §7.10.2) */
    if (!(m->acc & IW_ACC_BIND)) return IW_WC_ACCESS_VIOLATION;
    if (!(b->acc & (IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_ATOMIC)) ||
        (b->acc & ~(unsigned)(IW_ACC_REMOTE_READ | IW_ACC_REMOTE_WRITE | IW_ACC_REMOTE_ATOMIC)) ||
        ((b->acc & IW_ACC_REMOTE_WRITE) && !(m->acc & IW_ACC_LOCAL_WRITE)) ||
        ((b->acc & IW_ACC_REMOTE_READ) && !(m->acc & IW_ACC_LOCAL_READ)) ||
        ((b->acc & IW_ACC_REMOTE_ATOMIC) && !(m->acc & IW_ACC_LOCAL_WRITE)))
        return IW_WC_ACCESS_VIOLATION; /* Figure 20 */
    if (b->len && b->va + (b->len - 1u) < b->va) return IW_WC_BASE_BOUNDS;
    if (b->va < m->va || b->va - m->va > m->len || b->len > m->len - (b->va - m->va))
        return IW_WC_BASE_BOUNDS;
    w->state = IW__STAG_VALID;
    w->key = (uint8_t)(b->mw_stag & 0xFFu);
    w->acc = (uint16_t)b->acc;
    w->qp_id = qp->id; /* only this QP may use it (SEC-002) */
    w->mr_index = b->mr_stag >> 8;
    w->mr_to = b->va;
    w->zero_based = b->zero_based;
    w->va = b->zero_based ? 0 : b->va;
    w->len = b->len;
    m->nmw++;
    return IW_WC_SUCCESS;
}
#endif

/* Invalidate Local STag (verbs §7.8 local; VERBS-048). */
static IW_NOINLINE iw_wc_status iw__inval_local(iw_qp *qp, uint32_t stag)
{
    iw_stag_ent *e = iw__stag_get(qp->rnic, stag >> 8);
    if (!e || stag == 0 || e->key != (stag & 0xFFu)) return IW_WC_INVALID_STAG;
    if (e->kind == IW__STAG_MW)
        return iw__mw_invalidate(qp, e) ? IW_WC_SUCCESS : IW_WC_INVALID_PD;
    if (e->pd != qp->cfg.pd) return IW_WC_INVALID_PD;
    if (e->shared || e->nmw) return IW_WC_ACCESS_VIOLATION;
    iw__stag_revoke(qp->rnic, (uint32_t)(e - qp->rnic->stags));
    e->state = IW__STAG_INVALID;
    return IW_WC_SUCCESS;
}

/* A local WQ error (VERBS-023): the WR completes with st, Terminate (0,0,0x00), no event. */
static void iw__sq_fail(iw_qp *qp, iw_swqe *w, iw_wc_status st)
{
    w->st = IW__SWQE_DONE;
    w->status = st;
    qp->sq_exec++;
    /* (0,0,0x00); the WC reports it: no async event; sent by iw__sq_run's caller */
    iw__qp_term_later(qp, iw_term_make(0, 0, 0));
    iw__sq_reap(qp);
}

/* RDMAP refused the WR handed to it: the stream ended meanwhile; it completes Flushed. */
static void iw__sq_unposted(iw_qp *qp, iw_swqe *w)
{
    w->st = IW__SWQE_DONE;
    w->status = IW_WC_FLUSHED;
    iw__sq_reap(qp);
}

static void iw__sq_run(iw_qp *qp)
{
    qp->sq_kick = 0; /* this loop runs what a completion inside it leaves waiting */
    for (;;) {
        iw_swqe *w;
        const iw_send_wr *s;
        iw_rdmap_wr *rw;
        uint8_t op;
        iw_wc_status ws = IW_WC_SUCCESS;
        size_t niov = 0;
        if (qp->state != IW_QP_RTS || qp->sq_exec == qp->sq_tail) return;
        w = &qp->mem.swqe[iw_ring_ix(qp->sq_exec, qp->cfg.sq_depth)];
        s = &w->wr;
        if (s->flags & IW_WR_LOCAL_FENCE) { /* VERBS-073: what completed is reaped first */
            if (qp->reap_due) iw__sq_reap(qp);
            if (qp->state != IW_QP_RTS || qp->sq_head != qp->sq_exec) return;
        }
        if (s->type == IW_WR_BIND_MW || s->type == IW_WR_FAST_REG || s->type == IW_WR_INVALIDATE) {
            /* take effect now, before the next WR (VERBS-051) */
#if IW_CFG_VERBS_MW && IW_CFG_VERBS_FAST_REG
            ws = s->type == IW_WR_BIND_MW    ? iw__bind(qp, &s->bind)
                 : s->type == IW_WR_FAST_REG ? iw__fast_reg(qp, s)
                                             : iw__inval_local(qp, s->inval_stag);
#else /* a left-out type never gets here (iw__sq_take) */
            ws = IW_WC_INVALID_WQE;
#if IW_CFG_VERBS_MW
            if (s->type == IW_WR_BIND_MW) ws = iw__bind(qp, &s->bind);
#endif
#if IW_CFG_VERBS_FAST_REG
            if (s->type == IW_WR_FAST_REG) ws = iw__fast_reg(qp, s);
#endif
            if (s->type == IW_WR_INVALIDATE) ws = iw__inval_local(qp, s->inval_stag);
#endif
            if (ws != IW_WC_SUCCESS) {
                iw__sq_fail(qp, w, ws);
                return;
            }
            w->st = IW__SWQE_DONE;
            w->status = IW_WC_SUCCESS;
            qp->sq_exec++;
            qp->reap_due = 1;
            continue;
        }
        switch ((int)s->type) { /* only the types iw_qp_post_sq sends here; default: atomics */
        case IW_WR_SEND: op = IW_RDMAP_OP_SEND; break;
        case IW_WR_SEND_SE: op = IW_RDMAP_OP_SEND_SE; break;
        case IW_WR_SEND_INV: op = IW_RDMAP_OP_SEND_INV; break;
        case IW_WR_SEND_SE_INV: op = IW_RDMAP_OP_SEND_SE_INV; break;
        case IW_WR_WRITE: op = IW_RDMAP_OP_WRITE; break;
        case IW_WR_READ:
        case IW_WR_READ_INV: op = IW_RDMAP_OP_READ_REQ; break;
        case IW_WR_IMM: op = IW_RDMAP_OP_IMM; break;
        case IW_WR_IMM_SE: op = IW_RDMAP_OP_IMM_SE; break;
        default: op = IW_RDMAP_OP_ATOMIC_REQ; break;
        }
        if (op == IW_RDMAP_OP_READ_REQ || op == IW_RDMAP_OP_ATOMIC_REQ) {
            if (iw_rdmap_get_cfg(&qp->rs)->ord == 0) { /* VERBS-037 */
                iw__sq_fail(qp, w, IW_WC_ZERO_ORD);
                return;
            }
            if (op == IW_RDMAP_OP_ATOMIC_REQ) { /* the result buffer: Local Write */
                iw_ddp_buf b;
                size_t k = 0;
                iw_ddp_xlate x = iw__xlate(qp, s->sgl[0].stag, s->sgl[0].to, 8,
                                           IW_ACC_LOCAL_WRITE, 0, &b, 1, &k);
                if (x != IW_DDP_X_OK || k != 1) {
                    iw__sq_fail(qp, w, x != IW_DDP_X_OK ? iw__xlate_wc(x) : IW_WC_BASE_BOUNDS);
                    return;
                }
            }
        } else if (op != IW_RDMAP_OP_IMM && op != IW_RDMAP_OP_IMM_SE) {
            ws = iw__sq_gather(qp, w, &niov);
            if (ws != IW_WC_SUCCESS) {
                iw__sq_fail(qp, w, ws);
                return;
            }
        }
        w->st = IW__SWQE_RUN;
        qp->sq_exec++;
        /* built in RDMAP's queue slot, not on this stack: the head (flags: the Read Fence,
         * VERBS-072) and the part its opcode uses (iw_rdmap_post_commit reads nothing else) */
        rw = iw_rdmap_post_slot(&qp->rs);
        if (!rw) { /* the stream ended */
            iw__sq_unposted(qp, w);
            return;
        }
        rw->opcode = op;
        rw->cookie = w;
        rw->flags = (uint8_t)((s->flags & IW_WR_READ_FENCE) ? IW_RDMAP_F_READ_FENCE : 0u);
        rw->stag = s->remote_stag;
        rw->to = s->remote_to;
        if (op == IW_RDMAP_OP_READ_REQ || op == IW_RDMAP_OP_ATOMIC_REQ) {
            rw->sink_stag = s->sgl[0].stag; /* checked when the response arrives (VERBS-064) */
            rw->sink_to = s->sgl[0].to;
            rw->len = s->sgl[0].len;
#if IW_CFG_RDMAP_ATOMICS
            rw->aop = (uint8_t)(s->type == IW_WR_CMPSWAP ? IW_RDMAP_AOP_CMPSWAP
                                                         : IW_RDMAP_AOP_FETCHADD);
            rw->add_swap = s->add_swap;
            rw->add_swap_mask = s->add_swap_mask;
            rw->cmp = s->cmp;
            rw->cmp_mask = s->cmp_mask;
#endif
        } else if (op == IW_RDMAP_OP_IMM || op == IW_RDMAP_OP_IMM_SE) {
            IW_MEMCPY(rw->imm, s->imm, 8);
        } else {
            rw->sgl = w->iov;
            rw->nsge = niov;
            rw->inval_stag = s->inval_stag;
        }
        if (iw_rdmap_post_commit(&qp->rs) != IW_OK) {
            iw__sq_unposted(qp, w);
            return;
        }
    }
}

/* ---- LLP ---- */

/* MPA's negotiation (IRD/ORD, the RTR it exchanged itself) is applied when the QP is in RTS:
 * now, or at Modify -> RTS (verbs §6.6: the Consumer moves the QP after setup). */
static void iw__qp_mpa_established(void *uctx, const iw_mpa_info *info)
{
    iw_qp *qp = (iw_qp *)uctx;
    if (!qp->alive) return;
    qp->info = *info;
    qp->info.pd = NULL;
    qp->info.pd_len = 0;
    /* never above what the QP was created with (verbs §6.5) */
    if (qp->info.ird > qp->cfg.ird) qp->info.ird = qp->cfg.ird;
    if (qp->info.ord > qp->cfg.ord) qp->info.ord = qp->cfg.ord;
    qp->have_info = 1;
    if (qp->state == IW_QP_RTS) iw_rdmap_mpa_established(&qp->rs, &qp->info);
    iw__sq_kick(qp);
}
static IW_COLD iw_status iw__qp_rx_closing(iw_qp *qp) /* VERBS-031: a segment in Closing */
{
    iw__qp_async(qp, IW_AE_BAD_CLOSE, NULL);
    iw__qp_enter(qp, IW_QP_ERROR);
    return IW_ECLOSED;
}
static iw_status iw__qp_mpa_begin(void *uctx, const uint8_t *u, size_t have, size_t len,
                                  unsigned flags, iw_mpa_rx_dst **dst)
{
    iw_qp *qp = (iw_qp *)uctx;
    iw_status st;
    *dst = NULL;
    if (!qp->alive) return IW_OK; /* destroyed: dropped */
    if (qp->state == IW_QP_CLOSING) return iw__qp_rx_closing(qp);
    if (qp->state != IW_QP_RTS) return IW_OK; /* VERBS-025: ignored */
    st = iw_rdmap_mpa_begin(&qp->rs, u, have, len, flags, dst);
    iw__sq_kick(qp);
    return st;
}
static iw_status iw__qp_mpa_commit(void *uctx, int ok)
{
    iw_qp *qp = (iw_qp *)uctx;
    iw_status st;
    if (!qp->alive || qp->state != IW_QP_RTS) return IW_OK;
    st = iw_rdmap_mpa_commit(&qp->rs, ok);
    iw__sq_kick(qp);
    return st;
}
static void iw__qp_mpa_tx_done(void *uctx)
{
    iw_qp *qp = (iw_qp *)uctx;
    if (!qp->alive) return;
    iw_rdmap_mpa_tx_done(&qp->rs);
    iw__sq_kick(qp);
}
static void iw__qp_mpa_error(void *uctx, const iw_mpa_error *err)
{
    iw_qp *qp = (iw_qp *)uctx;
    if (!qp->alive) return;
    iw_rdmap_mpa_error(&qp->rs, err);
    iw__sq_reap(qp);
    iw__qp_err_due(qp);
}
static void iw__qp_mpa_closed(void *uctx)
{
    iw_qp *qp = (iw_qp *)uctx;
    if (qp->alive && qp->state == IW_QP_RTS) {
        int busy = qp->sq_head != qp->sq_tail || iw_rdmap_ird_outstanding(&qp->rs) != 0;
        if (busy) { /* VERBS-020: Bad LLP Close, (0,2,0x07) */
            iw_term t = iw_term_make(0, 2, 0x07);
            iw__qp_async(qp, IW_AE_BAD_LLP_CLOSE, &t);
            qp->flushing = 1;
            qp->state = IW_QP_TERMINATE;
            (void)iw_rdmap_terminate(&qp->rs, t);
            qp->flushing = 0;
            iw__sq_reap(qp);
        } else { /* VERBS-019 */
            iw__qp_async(qp, IW_AE_LLP_CLOSE_COMPLETE, NULL);
            iw__qp_enter(qp, IW_QP_CLOSING);
        }
    }
}

/* see verbs.h */
IW_DEF const iw_mpa_ulp_ops *iw_qp_mpa_ulp_ops(void)
{
    static const iw_mpa_ulp_ops ops = {IW_OP(request) NULL,
                                       IW_OP(established) iw__qp_mpa_established,
                                       IW_OP(rejected) NULL,
                                       IW_OP(begin) iw__qp_mpa_begin,
                                       IW_OP(commit) iw__qp_mpa_commit,
                                       IW_OP(error) iw__qp_mpa_error,
                                       IW_OP(closed) iw__qp_mpa_closed,
                                       IW_OP(tx_done) iw__qp_mpa_tx_done};
    return &ops;
}

/* see verbs.h */
IW_DEF void iw_qp_llp_event(iw_qp *qp, unsigned what)
{
    if (!qp || !qp->alive) return; /* destroyed: detached */
    if (what != IW_QP_LLP_CLOSED && what != IW_QP_LLP_RESET && what != IW_QP_LLP_LOST)
        return; /* not an event */
    if (what == IW_QP_LLP_CLOSED) {
        if (qp->state == IW_QP_CLOSING) { /* VERBS-030 / VERBS-031 */
            if (qp->sq_head == qp->sq_tail && !iw_rdmap_ird_outstanding(&qp->rs)) {
                iw__qp_async(qp, IW_AE_LLP_CLOSE_COMPLETE, NULL);
                qp->state = IW_QP_IDLE;
                /* the slots of WRs whose WC is not reaped stay held (VERBS-071), else a CQ
                 * sized to the SQ could overflow on the next stream */
                if (!iw__sq_wc_waiting(qp, 0)) qp->sq_free = qp->sq_head;
                qp->llp = NULL;
            } else {
                iw__qp_async(qp, IW_AE_BAD_CLOSE, NULL);
                iw__qp_enter(qp, IW_QP_ERROR);
            }
        } else if (qp->state == IW_QP_TERMINATE) { /* VERBS-026 */
            iw__qp_enter(qp, IW_QP_ERROR);
        }
        return;
    }
    if (qp->state == IW_QP_RTS || qp->state == IW_QP_CLOSING) { /* VERBS-024, VERBS-032 */
        iw_term t = iw_term_make(2, 0, 0x01);
        iw__qp_async(qp, what == IW_QP_LLP_RESET ? IW_AE_LLP_RESET : IW_AE_LLP_LOST, &t);
        qp->flushing = 1;
        qp->state = IW_QP_ERROR;
        iw_rdmap_llp_down(&qp->rs, IW_ECLOSED, t);
        qp->flushing = 0;
        iw__qp_enter(qp, IW_QP_ERROR);
    } else if (qp->state == IW_QP_TERMINATE) {
        iw__qp_enter(qp, IW_QP_ERROR);
    }
}

#ifdef __cplusplus
}
#endif
#endif /* IWARP_IMPLEMENTATION */
