/* SPDX-License-Identifier: MIT */
/* iw_posix.h: a POSIX host for the iWARP core (mpa.h + verbs.h) over nonblocking TCP sockets.
 *
 * API-STABLE: every declaration below is settled (tests/test_posix.c passes); later changes
 * only ADD functions, fields at the end of structs, and macros.
 *
 * It is also the reference host: every host op the core asks for is implemented once here,
 * with a comment saying what the core expects of it (see "HOST OPS" below). Not part of the
 * core: it uses sockets, poll(), clock_gettime() and stdio (snprintf) of POSIX.1-2008.
 *
 * QUICK START
 *   In exactly one C file, FIRST (before any other include, for the feature-test macro;
 *   under -std=c99 a libc header before it stops the build with an #error naming the fix):
 *       #define IWARP_IMPLEMENTATION
 *       #define IW_POSIX_IMPLEMENTATION
 *       #include "iw_posix.h"     (includes verbs.h; -I<root> -I<root>/examples/posix, or
 *                                  -I<prefix>/include/iwarp once installed: pkg-config iwarp)
 *
 *   static iw_px_loop loop;  static iw_px_ep ep;  (an endpoint is ~550 KiB: static or heap)
 *   iw_px_loop_init(&loop);
 *   iw_px_opts o;  iw_px_opts_default(&o);       MPA rev 2, CRC, no markers, IRD = ORD = 16
 *   iw_px_ep_init(&loop, &ep, &o);               one RNIC, PD, two CQs, one QP (Idle)
 *   client: iw_px_connect(&ep, "127.0.0.1", port);
 *   server: iw_px_listen(&loop, &lis, "127.0.0.1", 0); iw_px_accept(&lis, &ep);
 *   iw_px_wait_ready(&ep, 5000);                 TCP + MPA done, QP in RTS on that stream
 *   iw_px_reg(&ep, buf, len, IW_ACC_..., &mr);   caller buffer -> MR (mr.stag, mr.to)
 *   iw_px_recv(&ep, id, &mr, off, len);  wr = iw_px_wr(IW_WR_SEND, id, &mr, off, len);
 *   iw_px_post(&ep, &wr);  iw_px_wait_wc(&ep, IW_PX_SQ_CQ, &wc, 5000);
 *   (the queue is an iw_px_queue: IW_PX_SQ_CQ or IW_PX_RQ_CQ; any other value is refused.)
 *   A complete program: README.md, "Quick start".
 *   on failure: iw_px_error(&ep)->text, e.g. "connect 127.0.0.1:9: Connection refused",
 *   "peer Terminate: layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag".
 *
 * MODEL. One thread runs a loop (iw_px_poll) over any number of endpoints and listeners; the
 *   blocking helpers (iw_px_wait_*) just run that loop until their condition holds, so one
 *   thread can drive both ends of a connection, or perftest's two connections. Each endpoint
 *   owns one RNIC (STag table), one PD, a send CQ and a receive CQ, one QP and one MPA
 *   connection on one TCP socket. Memory is identity-mapped: an MR's TO is the buffer's
 *   address (VA-based, as rping and perftest exchange it).
 *
 * HOST OPS (what the core calls, implemented below; each is a leaf call that never blocks):
 *   mpa.h  send          -> small FPDUs are copied to a staging buffer that is written with
 *                           one send(MSG_DONTWAIT | MSG_NOSIGNAL) when the core returns (one
 *                           system call per burst, not per FPDU); large ones go to sendmsg()
 *                           from the caller's memory, all the FPDUs of one iw_px_post in one
 *                           call (IW_PX_GATHER); when the socket is full, a partial accept or
 *                           IW_EAGAIN, then POLLOUT -> flush -> iw_mpa_tx_resume. A loop's
 *                           posts write at most IW_PX_TX_ROUND octets between two of its
 *                           waits; the endpoints cut short resume in turn after the next.
 *          timer_arm/cancel -> one deadline per connection on CLOCK_MONOTONIC; iw_px_poll
 *                           sleeps at most until it and calls iw_mpa_timeout.
 *          close         -> graceful: shutdown(SHUT_WR) (FIN after what was sent); abortive:
 *                           SO_LINGER 0 + close (RST).
 *          trace         -> the application's opts.trace (pcap writers, logs), or nothing.
 *   verbs.h map          -> identity: a registered address is the pointer.
 *          async_event   -> recorded (iw_px_ep.ev), the first error becomes iw_px_error(),
 *                           then opts.on_event.
 *          cq_event      -> counted, then opts.on_cq (arm with iw_cq_notify(iw_px_cq(...))).
 *          atomic64      -> a compare-and-swap loop on GCC/C11 __atomic builtins with the
 *                           masked FetchAdd / CmpSwap of RFC 7306 §5.1 (rdmap.h helpers).
 *   And what the host reports back: readable octets -> iw_mpa_rx_feed; the peer's FIN ->
 *   iw_mpa_llp_closed + iw_qp_llp_event(CLOSED) once both FINs are seen; a reset ->
 *   iw_qp_llp_event(RESET) + iw_mpa_llp_closed.
 *
 * ERRORS (iw_px_error(ep), first one wins): kind IW_PX_E_*, errno where one applies, the
 *   Terminate triple with names (RFC 5040 §7, RFC 5041 §7, RFC 5044 §8), the peer's Private
 *   Data of a Reject, and one line of text.
 *
 * LIMITS (override the macros before the include): IW_PX_SQ_DEPTH / IW_PX_RQ_DEPTH WRs (64;
 *   the old names IW_PX_SQ / IW_PX_RQ are still read as these, then #undef'd so that they can
 *   never be passed where a CQ is meant),
 *   IW_PX_TXBUF staging octets (256 KiB), IW_PX_TX_ROUND octets a loop's posts write between
 *   two of its waits (IW_PX_TXBUF; the rest goes at the next rounds, endpoint by endpoint,
 *   so that with many busy connections the octets written are read while still in the cache),
 *   IW_PX_CQ entries per CQ (256), IW_PX_MAX_IRD (64), IW_PX_MAX_MR MRs + MWs (62),
 *   IW_PX_MAX_ULPDU (65536). Sockets per loop: no limit of the host's (the loop waits with
 *   epoll on Linux, IW_PX_EPOLL 0 for poll(), whose array grows); the process's descriptor
 *   limit (ulimit -n) is the one that counts. IW_PX_MAX_FDS is no longer used.
 *
 * ADDRESSES: IPv4 and IPv6. A host argument is a name ("localhost"), an IPv4 literal or an
 *   IPv6 literal ("::1", without brackets), resolved with getaddrinfo (which may block on a
 *   DNS name). iw_px_connect tries the resolved addresses in getaddrinfo's order until one
 *   starts; iw_px_listen binds the first one; a listener with host NULL takes both families
 *   (IPv6 "::" with IPV6_V6ONLY off, or IPv4 0.0.0.0 where IPv6 is missing).
 *
 * Licence: MIT (LICENSE).
 */
#ifndef IW_POSIX_H
#define IW_POSIX_H
#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _POSIX_C_SOURCE 200809L /* sockets, poll, clock_gettime, MSG_NOSIGNAL */
#endif
#include "verbs.h"
#include <stddef.h>
#include <stdint.h>
struct sockaddr_storage; /* <sys/socket.h>; only pointers to it are declared here */

/* Queue depths. IW_PX_SQ / IW_PX_RQ were their names up to 0.1: an override under the old
 * name still counts, and the old names are then removed, because a depth (64) passed where
 * iw_px_wait_wc expects IW_PX_SQ_CQ used to compile and wait on the wrong queue. */
#if defined(IW_PX_SQ) && !defined(IW_PX_SQ_DEPTH)
enum { IW__PX_SQ_OLD = IW_PX_SQ };
#define IW_PX_SQ_DEPTH IW__PX_SQ_OLD
#endif
#if defined(IW_PX_RQ) && !defined(IW_PX_RQ_DEPTH)
enum { IW__PX_RQ_OLD = IW_PX_RQ };
#define IW_PX_RQ_DEPTH IW__PX_RQ_OLD
#endif
#undef IW_PX_SQ
#undef IW_PX_RQ
#ifndef IW_PX_SQ_DEPTH
#define IW_PX_SQ_DEPTH 64
#endif
#ifndef IW_PX_RQ_DEPTH
#define IW_PX_RQ_DEPTH 64
#endif
#ifndef IW_PX_CQ
#define IW_PX_CQ 256
#endif
#ifndef IW_PX_MAX_IRD
#define IW_PX_MAX_IRD 64
#endif
#ifndef IW_PX_MAX_MR
#define IW_PX_MAX_MR 62
#endif
#ifndef IW_PX_MAX_ULPDU
#define IW_PX_MAX_ULPDU 65536
#endif
#ifndef IW_PX_MAX_FDS
#define IW_PX_MAX_FDS 128
#endif
#define IW_PX_RXBUF (2 * IW_PX_MAX_ULPDU) /* one read() lands here; whole FPDUs go up in place */
#ifndef IW_PX_TXBUF
#define IW_PX_TXBUF (256 * 1024) /* FPDUs of one burst, written with one send() */
#endif
#ifndef IW_PX_TX_ROUND
#define IW_PX_TX_ROUND IW_PX_TXBUF /* octets the posts of a loop's endpoints hand to their
                                      sockets between two of its waits (iw__px_send) */
#endif
#ifndef IW_PX_DIRECT
#define IW_PX_DIRECT (16 * 1024) /* frames this big go to sendmsg() from the caller's buffers */
#endif
#ifndef IW_PX_GATHER
#define IW_PX_GATHER 1 /* 1: the FPDUs one iw_px_post (or one POLLOUT resume) produces leave in
                          one sendmsg(): a large FPDU's payload is gathered from the caller's
                          buffer, small pieces are copied beside it (iw__px_send); 0: a sendmsg()
                          per large FPDU, a send() for the small ones after it. TCP then cuts
                          the segments, as it does for staged FPDUs: every FPDU still fits one
                          (MPA-060), but at the loopback MSS 65483 (FPDUs of 65480) the short
                          FPDU after a full one starts 3 octets before the next segment. Through
                          a socket, FPDU-segment alignment is best effort either way. */
#endif
#define IW_PX_GV 16       /* gathered pieces per system call */
#define IW_PX_GSMALL 2048 /* octets of copied small pieces (headers, CRCs, short FPDUs) */
#ifndef IW_PX_RX_SPLIT
#define IW_PX_RX_SPLIT 1 /* 1: header-split receive (mpa.h iw_mpa_rx_direct): the rest of the
                            payload of an RDMA Write or Read Response that a read cut goes
                            straight into the MR; 2: also, after a large FPDU, stop reads at the
                            next FPDU header (iw_mpa_rx_split_hint) so that whole payloads go
                            there (fewer copies, more reads); 0: everything through the buffer
                            (MPA still places a cut FPDU's payload as it comes: begin) */
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct iw_px_ep iw_px_ep;
typedef struct iw_px_shared iw_px_shared;

/* Connection options (fill with iw_px_opts_default). The MPA fields map to iw_mpa_cfg. */
typedef struct iw_px_opts {
    uint8_t rev;         /* MPA revision: 2 (RFC 6581 enhanced, IRD/ORD exchanged) or 1 */
    uint8_t crc;         /* request CRC32c (used when either side asks, RFC 5044 §7.1.2) */
    uint8_t markers;     /* ask the peer to insert markers toward us (RFC 5044 §5) */
    uint8_t markers_tx;  /* 1: insert markers when the peer asks; 0: refuse (Reject) */
    uint8_t p2p;         /* RFC 6581 peer-to-peer mode: an RTR message follows the Reply */
    uint8_t rtr;         /* IW_MPA_RTR_* mask: types offered (client) or accepted (server) */
    uint16_t ird, ord;   /* our inbound / outbound RDMA Read (and Atomic) depths */
    uint32_t emss;       /* MULPDU comes from it (1460; up to 65535 - 8 over loopback) */
    uint32_t timeout_ms; /* MPA Request/Reply timers (RFC 5044 §7.1.3) */
    const uint8_t *pd;   /* our Private Data: the Request's (client) or Reply's (server); */
    size_t pd_len;       /*   copied at iw_px_ep_init; at most 508 octets in rev 2 */
    /* Server, OPTIONAL (NULL: accept): an MPA Request arrived (req->pd: the client's Private
     * Data). Return 1 to accept, 0 to reject; iw_px_set_pd may change what the Reply carries. */
    int (*on_request)(void *arg, iw_px_ep *ep, const iw_mpa_info *req);
    /* OPTIONAL: every asynchronous event of the QP/CQs (after it is recorded). */
    void (*on_event)(void *arg, iw_px_ep *ep, const iw_async_rec *ev);
    /* OPTIONAL: an armed CQ got a completion (verbs §8.2.5). */
    void (*on_cq)(void *arg, iw_px_ep *ep, iw_cq *cq);
    /* OPTIONAL: every MPA frame / FPDU in (IW_MPA_TRACE_RX) and out (IW_MPA_TRACE_TX),
     * as mpa.h's trace op (pieces; last != 0 ends one). */
    void (*trace)(void *arg, iw_px_ep *ep, unsigned dir, const iw_iov *iov, size_t n, int last);
    void *arg;
} iw_px_opts;

/* Error kinds (iw_px_err.kind). */
#define IW_PX_E_NONE 0
#define IW_PX_E_SYS 1       /* a socket call failed (errno) */
#define IW_PX_E_CONNECT 2   /* TCP connect failed: refused, unreachable ... (errno) */
#define IW_PX_E_REJECTED 3  /* MPA Reply with R = 1 (peer's Private Data kept) */
#define IW_PX_E_MPA 4       /* MPA setup failed: invalid frame, timeout, MPA error */
#define IW_PX_E_TERM_RCVD 5 /* the peer sent a Terminate (term decoded) */
#define IW_PX_E_TERM_SENT 6 /* we sent a Terminate (the peer broke a rule; term) */
#define IW_PX_E_RESET 7     /* TCP reset (ECONNRESET, EPIPE) */
#define IW_PX_E_EOF 8       /* the peer closed TCP (FIN) before we closed */
#define IW_PX_E_VERBS 9     /* a verbs call failed (vstatus) */
#define IW_PX_E_LOCAL 10    /* a local error ended the QP (a WR's WC carries the status) */

typedef struct iw_px_err {
    int kind;               /* IW_PX_E_* */
    int sys_errno;          /* SYS, CONNECT, RESET */
    iw_term term;           /* TERM_RCVD, TERM_SENT, MPA (when one applies) */
    iw_async_event event;   /* the asynchronous event that reported it, or 0 */
    iw_vstatus vstatus;     /* VERBS */
    uint8_t pd[IW_MPA_MAX_PD]; /* REJECTED: the peer's Private Data */
    size_t pd_len;
    char text[256];         /* one line for a human */
} iw_px_err;

/* A registered buffer: STag and TO to give the peer (TO = the address, VA-based MR). */
typedef struct iw_px_mr {
    uint32_t stag;
    uint64_t to;
    uint64_t len;
    void *addr;
    int slot;               /* private */
} iw_px_mr;

/* Endpoint states (iw_px_state). */
#define IW_PX_S_IDLE 0       /* initialised, no socket */
#define IW_PX_S_ACCEPTING 1  /* waiting for a TCP connection on a listener */
#define IW_PX_S_CONNECTING 2 /* TCP connect in progress */
#define IW_PX_S_MPA 3        /* TCP up, MPA Request/Reply under way */
#define IW_PX_S_READY 4      /* QP in RTS on the MPA stream: post WRs */
#define IW_PX_S_CLOSING 5    /* graceful close under way */
#define IW_PX_S_CLOSED 6     /* socket closed after a graceful close */
#define IW_PX_S_FAILED 7     /* ended by an error: iw_px_error */

typedef struct iw_px_loop {
    iw_px_ep *eps;                 /* private: the endpoints and listeners served */
    struct iw_px_listener *lis;
    /* private: the readiness source. epoll (Linux) when it can be had, else poll() over a
     * pollfd array that grows with the sockets (no fixed limit). */
    int epfd, mode;                /* mode 0 not chosen yet, 1 epoll, -1 poll */
    void *pfa;                     /* poll: struct pollfd[cap] then void *[cap] */
    size_t cap;
    unsigned long gen;             /* endpoints left (iw_px_ep_fini): pointers to recheck */
    /* private, added after 0.1: endpoints whose socket or wanted events may have changed
     * (epoll registrations are synced for these only), and MPA timers armed */
    iw_px_ep *dirty;
    unsigned long ntmo;
    iw_crc32c_kernels kern;        /* the CRC kernels, selected once for all its connections */
    int have_kern;
    iw_px_ep *tlist;               /* the endpoints with an MPA timer armed */
    /* private: buffers shared by the loop's endpoints, so that with many busy connections
     * the octets pass through memory that stays in the cache, not through a buffer per
     * connection that the others have pushed out of it.
     * rxb: where buffered reads land; whole FPDUs go up from it during the read, so only what
     * MPA leaves (rare: see iw__px_read1) is kept per endpoint.
     * txb: the staging buffer. The small FPDUs one core call makes are copied here and written
     * with one send() when it returns; only what the socket did not take moves to the
     * endpoint's own buffer (iw__px_unshare). txb_owner: whose staged octets are in it. */
    int rxb_busy;
    struct iw_px_ep *txb_owner;
    /* private: transmit in rounds (iw__px_send). tx_round: octets written to sockets since
     * the last wait; txq..txq_tail: the endpoints with sends to resume at the next round, in
     * turn (ntxq of them). */
    size_t tx_round, ntxq;
    struct iw_px_ep *txq, *txq_tail;
    uint8_t rxb[IW_PX_RXBUF]; /* these two last: iw_px_loop_init does not clear them */
    uint8_t txb[IW_PX_TXBUF];
} iw_px_loop;

typedef struct iw_px_listener iw_px_listener;
/* A listener that serves until closed (iw_px_listen_serve): called for a connection no
 * endpoint is waiting for; return an endpoint made with iw_px_ep_init on the listener's loop
 * to take it, or NULL to refuse it (the socket is closed at once). */
typedef iw_px_ep *(*iw_px_conn_fn)(void *arg, iw_px_listener *lis);

struct iw_px_listener {
    /* private */
    iw_px_loop *loop;
    int fd;
    uint16_t port;
    iw_px_ep *waiting;             /* endpoints waiting for a connection, in order */
    struct iw_px_listener *next;
    iw_px_conn_fn on_conn;         /* iw_px_listen_serve */
    void *conn_arg;
    int reg_fd;                    /* epoll: the fd registered, and for which events */
    unsigned reg_ev;
    unsigned long accepted, refused; /* connections taken / refused (on_conn said NULL) */
};

struct iw_px_ep {
    /* public, read-only */
    iw_px_err err;
    iw_async_rec ev[8];            /* the last asynchronous events (ev[nev % 8] next) */
    unsigned nev, ncq_events;
    unsigned long tx_partial;      /* sends the socket took only in part (EAGAIN included) */
    unsigned long tx_syscalls;     /* send() / sendmsg() calls made for the MPA stream */
    unsigned long rx_direct;       /* octets read straight into an MR (IW_PX_RX_SPLIT) */
    unsigned long tx_rounds;       /* posts' sends that waited for the loop's next round
                                      (IW_PX_TX_ROUND) */
    /* private */
    iw_px_loop *loop;
    iw_px_ep *next, *next_wait;
    iw_px_opts o;
    uint8_t my_pd[IW_MPA_MAX_PD], peer_pd[IW_MPA_MAX_PD];
    size_t my_pd_len, peer_pd_len;
    iw_mpa_info info;              /* what MPA negotiated */
    int fd, state, role, want_out, wr_shut, rd_eof, need_rts, dead_errno, closing;
    int64_t tmo_at;                /* MPA setup deadline (ms, monotonic), -1 none */
    uint32_t pd_id;
    iw_rnic rnic;
    iw_stag_ent stags[IW_PX_MAX_MR + 2];
    iw_cq scq, rcq;
    iw_wc sring[IW_PX_CQ], rring[IW_PX_CQ];
    iw_qp qp;
    iw_swqe swqe[IW_PX_SQ_DEPTH];
    iw_rdmap_wr rwr[IW_PX_SQ_DEPTH];
    iw_recv_wr rwqe[IW_PX_RQ_DEPTH];
    iw_rdmap_inreq inreq[IW_PX_MAX_IRD];
    uint64_t pbl[IW_PX_MAX_MR][2]; /* the block list of each MR (verbs §7.6.2) */
    uint8_t mr_used[IW_PX_MAX_MR];
    iw_mpa_conn conn;
    iw_mpa_ulp_ops ulp;
    size_t rx_have, tx_head, tx_len;
    unsigned rx_split; /* header-split reads left (iw__px_read) */
    int shut_pending;
    int accept_pending;            /* on_request said yes; iw_mpa_accept after the feed */
    int reg_fd;                    /* epoll: the fd registered, and for which events */
    unsigned reg_ev;
    int gather_ok;                 /* set around the core calls whose sends may be gathered */
    int g_last_copied;             /* gv[gn - 1] is a copy in gsm */
    /* added after 0.1, kept beside the fields above that a busy connection's every post and
     * read touches (not behind the buffers: one cache line and page fewer an endpoint) */
    int tx_full;                   /* staged octets wait for the socket (a send took only
                                      part): nothing more is staged behind them */
    int tx_more;                   /* a post was cut short by the loop's round: it resumes
                                      from the loop's queue once the staged octets are out */
    int on_txq, dirty;             /* on the loop's txq; on its dirty list */
    iw_px_ep *txq_next, *next_dirty;
    iw_px_ep *tnext, **tprev;      /* on the loop's timer list while tmo_at >= 0 */
    /* the shared RNIC this endpoint's QP lives on (NULL: its own, above). A shared endpoint
     * leaves rnic, stags, the CQs and their rings, pbl unused. */
    iw_px_shared *sh;
    iw_iov gv[IW_PX_GV];           /* gathered pieces, in stream order (iw__px_send) */
    size_t gn, gbytes, gsm_len;    /* pieces, their octets, octets used in gsm */
    uint8_t gsm[IW_PX_GSMALL];     /* copies of the small pieces gv points at */
    uint8_t tx[IW_PX_TXBUF];
    uint8_t reasm[IW_MPA_REASM_BYTES(IW_PX_MAX_ULPDU)];
    uint8_t rx[IW_PX_RXBUF];
};

/* A shared RNIC (iw_px_shared_init): one STag table and PD, a send CQ and a receive CQ (or one
 * CQ for both), optionally an S-RQ, for any number of endpoints made with iw_px_ep_init_shared.
 * The sizes are chosen at run time and the rings allocated (malloc) at init. */
typedef struct iw_px_shared_cfg {
    uint32_t cq_entries;  /* entries of each CQ (4096) */
    uint8_t one_cq;       /* 1: Receives complete on the send CQ too (IW_PX_SQ_CQ); 0 (default) */
    uint32_t srq_depth;   /* Receive WRs of the S-RQ; 0 (default): no S-RQ, each QP its own RQ */
    uint32_t srq_limit;   /* S-RQ Limit, armed when non-zero (verbs §6.3) */
    uint32_t max_mr;      /* MRs (iw_px_shared_reg) and MWs of the STag table (1024) */
    /* OPTIONAL: an event of the RNIC, a CQ or the S-RQ (QP events go to the endpoint's own
     * opts.on_event, and become its error). */
    void (*on_event)(void *arg, iw_px_shared *sh, const iw_async_rec *ev);
    /* OPTIONAL: an armed shared CQ got a completion (verbs §8.2.5). */
    void (*on_cq)(void *arg, iw_px_shared *sh, iw_cq *cq);
    void *arg;
} iw_px_shared_cfg;

struct iw_px_shared {
    /* public, read-only */
    iw_async_rec ev[8];   /* the last events of the RNIC, CQs and S-RQ (ev[nev % 8] next) */
    unsigned nev, ncq_events;
    unsigned nqp;         /* endpoints attached */
    /* private */
    iw_px_loop *loop;
    iw_px_shared_cfg cfg;
    iw_rnic rnic;
    uint32_t pd_id, nstags;
    iw_stag_ent *stags;
    iw_cq scq, rcq;
    iw_wc *sring, *rring;
    iw_srq srq;
    iw_recv_wr *srq_ring;
    uint64_t *pbl;        /* 2 entries per MR slot */
    uint8_t *mr_used;
    iw_px_ep **by_id;     /* QP ID -> endpoint: open addressing, id_cap a power of 2 */
    size_t id_cap, id_n;
};

/* ---- loop and listeners ---- */
/* A loop holds the receive and staging buffers its endpoints share (IW_PX_RXBUF + IW_PX_TXBUF
 * octets, about 384 KiB by default): make it static or allocate it. */
void iw_px_loop_init(iw_px_loop *l);
/* One round: wait up to timeout_ms (0: don't wait, -1: until something happens) for socket
 * readiness or the next MPA timer, then read, write and fire timers, then resume the sends
 * that waited for this round (IW_PX_TX_ROUND; no wait while some do). Returns the number of
 * sockets served, or -1 if poll() failed (errno). */
int iw_px_poll(iw_px_loop *l, int timeout_ms);
/* Listen on host:port (a name, an IPv4 or IPv6 literal, or NULL for any address of both
 * families; port 0: ephemeral). 0 or -1 (errno; EINVAL when host does not resolve). */
int iw_px_listen(iw_px_loop *l, iw_px_listener *lis, const char *host, uint16_t port);
uint16_t iw_px_listen_port(const iw_px_listener *lis);
/* The listening socket (-1 when closed), for a program that accepts by itself and hands
 * each connection to iw_px_accept_fd (e.g. in a child process). */
int iw_px_listen_fd(const iw_px_listener *lis);
void iw_px_listen_close(iw_px_listener *lis);
/* Serve until iw_px_listen_close: every connection no iw_px_accept is waiting for goes to
 * on_conn(arg, lis) (see iw_px_conn_fn); each endpoint then lives and fails on its own. */
void iw_px_listen_serve(iw_px_listener *lis, iw_px_conn_fn on_conn, void *arg);
/* Release what the loop allocated (its epoll descriptor, its poll array). Endpoints and
 * listeners are not touched. A loop made before fork() is not shared after it: make one in
 * each process. */
void iw_px_loop_fini(iw_px_loop *l);
/* 1 when the loop waits with epoll, 0 with poll() (after the first iw_px_poll). */
int iw_px_loop_epoll(const iw_px_loop *l);

/* ---- endpoints ---- */
void iw_px_opts_default(iw_px_opts *o);
/* Open the endpoint's RNIC, PD, CQs and QP (Idle) with o (copied). 0, or -1 (iw_px_error). */
int iw_px_ep_init(iw_px_loop *l, iw_px_ep *ep, const iw_px_opts *o);
/* Client: start a nonblocking TCP connect to host:port (a name, an IPv4 or IPv6 literal),
 * then MPA as Initiator. 0 or -1 (the error is recorded; a refused connection shows later,
 * from the loop). */
int iw_px_connect(iw_px_ep *ep, const char *host, uint16_t port);
/* Server: the next connection lis accepts goes to ep (queued in call order), MPA Responder. */
int iw_px_accept(iw_px_listener *lis, iw_px_ep *ep);
/* Server: take a TCP socket accepted elsewhere (made nonblocking here; the endpoint owns it
 * from now on, closed by iw_px_ep_fini): MPA waits for the Request on it. 0, or -1. */
int iw_px_accept_fd(iw_px_ep *ep, int fd);
/* What one endpoint holds in memory: the return value, all of it (sizeof, fixed by the
 * IW_PX_* limits); *core, if not NULL, the core's share of it (QP, queues, MPA connection
 * and its reassembly buffer); the rest is the host's (staging buffers, STag table, CQ
 * rings, RNIC). Kernel socket buffers are not counted. */
size_t iw_px_ep_bytes(size_t *core);
/* Change our Private Data (server: from on_request, before the Reply). 0 or -1 (too long). */
int iw_px_set_pd(iw_px_ep *ep, const uint8_t *pd, size_t len);
/* Run the loop until ep is READY (0) or failed (-1) or timeout_ms passed (-2). */
int iw_px_wait_ready(iw_px_ep *ep, int timeout_ms);
int iw_px_state(const iw_px_ep *ep);
const iw_px_err *iw_px_error(const iw_px_ep *ep);
/* The peer's Private Data (Request, Reply or Reject), NULL/0 when none. */
const uint8_t *iw_px_peer_pd(const iw_px_ep *ep, size_t *len);
/* What MPA negotiated (rev, crc, markers, p2p, rtr, ird, ord); pd fields are NULL. A server
 * sees what the Request asked until the client's first FPDU completes the setup (MPA-015). */
const iw_mpa_info *iw_px_info(const iw_px_ep *ep);
/* The socket (-1 when none), e.g. to poll it from another event loop with iw_px_poll(l, 0). */
int iw_px_fd(const iw_px_ep *ep);
/* Addresses of the TCP connection, IPv4 in host byte order (0x7F000001 = 127.0.0.1; an
 * IPv4-mapped IPv6 address counts as IPv4). 0, or -1 when not connected or IPv6 (use
 * iw_px_addrs_ss then). For capture writers and logs. */
int iw_px_addrs(const iw_px_ep *ep, uint32_t *local_ip, uint16_t *local_port,
                uint32_t *peer_ip, uint16_t *peer_port);
/* Addresses of the TCP connection, any family, as the socket reports them (either pointer
 * may be NULL). 0, or -1 when not connected. */
int iw_px_addrs_ss(const iw_px_ep *ep, struct sockaddr_storage *local,
                   struct sockaddr_storage *peer);
/* The address family of the connection: 4, 6 (an IPv4-mapped address counts as 4), or 0
 * when not connected. */
int iw_px_family(const iw_px_ep *ep);
/* Formats a (AF_INET or AF_INET6) as "127.0.0.1:4791" or "[::1]:4791" into buf (at most
 * len octets with the NUL; IW_PX_ADDRSTRLEN fits any). Returns buf ("?" for another family). */
#define IW_PX_ADDRSTRLEN 56
const char *iw_px_addr_str(const struct sockaddr_storage *a, char *buf, size_t len);
/* Graceful close (QP to Closing, FIN both ways), running the loop up to timeout_ms. 0 when
 * closed, -1 otherwise. The socket is closed in every case. */
int iw_px_close(iw_px_ep *ep, int timeout_ms);
/* Release: closes the socket (abortively if still open) and leaves the loop. */
void iw_px_ep_fini(iw_px_ep *ep);

/* ---- memory ---- */
/* Register buf[0..len) (len <= 2 GiB) with IW_ACC_* rights (IW_ACC_LOCAL_READ is implied).
 * 0, or -1 (iw_px_error: the verbs status). */
int iw_px_reg(iw_px_ep *ep, void *buf, uint64_t len, unsigned acc, iw_px_mr *mr);
int iw_px_dereg(iw_px_ep *ep, iw_px_mr *mr);
/* Allocate a memory window STag (Type 2; bind it by posting IW_WR_BIND_MW). 0 or -1. */
int iw_px_mw_alloc(iw_px_ep *ep, uint8_t key, uint32_t *stag);

/* ---- work requests and completions ---- */
/* A signaled WR of type t whose local buffer (when len > 0) is mr[off, off + len). The caller
 * sets remote_stag / remote_to, inval_stag, imm, the atomic operands as the type needs. */
iw_send_wr iw_px_wr(iw_wr_type t, uint64_t wr_id, const iw_px_mr *mr, uint64_t off,
                    uint32_t len);
/* Post one send-queue WR (it starts at once); iw_vstatus of iw_qp_post_sq. */
iw_vstatus iw_px_post(iw_px_ep *ep, const iw_send_wr *wr);
/* Post wrs[0..n) in one call (a WR list, as ibv_post_send takes): they start at once, and
 * their FPDUs leave in one system call where the staging buffer holds them (small FPDUs) or
 * one gathered sendmsg (large ones), not one per WR; past the loop's round (IW_PX_TX_ROUND
 * octets written since its last wait) the rest goes at its next rounds, in turn with the other
 * endpoints'. *posted (may be NULL): the WRs taken; the first one refused stops the list (its
 * iw_vstatus returned, as iw_qp_post_sq). */
iw_vstatus iw_px_post_list(iw_px_ep *ep, const iw_send_wr *wrs, size_t n, size_t *posted);
/* Post one Receive of mr[off, off + len) (len 0: a Receive with no buffer). */
iw_vstatus iw_px_recv(iw_px_ep *ep, uint64_t wr_id, const iw_px_mr *mr, uint64_t off,
                      uint32_t len);
/* Which of the endpoint's two CQs: its own type, so that a depth or a flag is not taken for
 * it; iw_px_cq, iw_px_poll_wc and iw_px_wait_wc refuse any other value (NULL, 0, -3). */
typedef enum iw_px_queue {
    IW__PX_NO_CQ = -1, /* private: never valid (it also keeps the type signed, so that code
                          still holding the selector in an int converts without a warning) */
    IW_PX_SQ_CQ = 0,   /* completions of posted send-queue WRs (Send, Write, Read, ...) */
    IW_PX_RQ_CQ = 1    /* completions of posted Receives */
} iw_px_queue;
iw_cq *iw_px_cq(iw_px_ep *ep, iw_px_queue which);
iw_qp *iw_px_qp(iw_px_ep *ep);
/* The endpoint's RNIC, for the verbs not wrapped here (iw_stag_query, iw_srq_*, ...). */
iw_rnic *iw_px_rnic(iw_px_ep *ep);
/* The endpoint's PD (for iw_mr_register / iw_mw_alloc called directly). */
uint32_t iw_px_pd(const iw_px_ep *ep);
/* Take one WC from the send (IW_PX_SQ_CQ) or receive CQ without waiting: 1 taken, 0 none
 * (also for a `which` that is neither). */
int iw_px_poll_wc(iw_px_ep *ep, iw_px_queue which, iw_wc *wc);
/* Run the loop until a WC is on that CQ (0, *wc filled; check wc->status), or timeout_ms
 * passed (-2), or the endpoint failed and the CQ is empty (-1); -3 at once, without running
 * the loop, when `which` is neither IW_PX_SQ_CQ nor IW_PX_RQ_CQ. */
int iw_px_wait_wc(iw_px_ep *ep, iw_px_queue which, iw_wc *wc, int timeout_ms);
/* Run l until done(arg) != 0 (1), or timeout_ms passed (0). */
int iw_px_run(iw_px_loop *l, int (*done)(void *arg), void *arg, int timeout_ms);

/* ---- a shared RNIC: many QPs on one STag table, PD, CQs and S-RQ ---- */
/* Defaults: CQs of 4096 entries, a send and a receive CQ, no S-RQ, 1024 MRs and MWs. */
void iw_px_shared_cfg_default(iw_px_shared_cfg *c);
/* Open one RNIC, its PD, its CQs and (srq_depth > 0) its S-RQ for endpoints on loop l, c
 * copied (NULL: the defaults). 0, or -1 (out of memory, or a verbs call refused). */
int iw_px_shared_init(iw_px_loop *l, iw_px_shared *sh, const iw_px_shared_cfg *c);
/* Release what iw_px_shared_init allocated. Every endpoint attached must have been released
 * (iw_px_ep_fini) first: -1 (nothing released) while some are still attached, else 0. */
int iw_px_shared_fini(iw_px_shared *sh);
/* As iw_px_ep_init, but the QP is made on sh: sh's PD and STag table (an MR registered once
 * serves every endpoint of sh), completions on sh's CQs (wc.qp_id says whose; see
 * iw_px_shared_ep), Receives from sh's S-RQ when it has one. On such an endpoint iw_px_reg,
 * iw_px_dereg and iw_px_mw_alloc work on sh, iw_px_cq / iw_px_rnic / iw_px_pd return sh's, and
 * iw_px_poll_wc / iw_px_wait_wc take the next WC of sh's CQ, of any of its endpoints. Each
 * endpoint still fails alone: an error ends its QP (its WRs complete Flushed on the shared
 * CQ), never the others. iw_px_ep_fini destroys the QP (after deallocating the memory windows
 * still bound to it) and detaches it. 0, or -1 (iw_px_error). */
int iw_px_ep_init_shared(iw_px_loop *l, iw_px_ep *ep, const iw_px_opts *o, iw_px_shared *sh);
/* The endpoint attached to sh whose QP has this ID (a WC's qp_id), or NULL. */
iw_px_ep *iw_px_shared_ep(const iw_px_shared *sh, uint32_t qp_id);
/* The QP ID of ep (on a shared RNIC every QP has its own; alone it is always 1). */
uint32_t iw_px_qp_id(const iw_px_ep *ep);
/* Register buf[0..len) on sh (as iw_px_reg): one STag for all of sh's endpoints. 0 or -1. */
int iw_px_shared_reg(iw_px_shared *sh, void *buf, uint64_t len, unsigned acc, iw_px_mr *mr);
int iw_px_shared_dereg(iw_px_shared *sh, iw_px_mr *mr);
/* Post one Receive of mr[off, off + len) to sh's S-RQ. IW_V_INVALID_SRQ when sh has none. */
iw_vstatus iw_px_shared_recv(iw_px_shared *sh, uint64_t wr_id, const iw_px_mr *mr,
                             uint64_t off, uint32_t len);
/* One of sh's CQs (IW_PX_RQ_CQ is the send CQ when cfg.one_cq), NULL for another value. */
iw_cq *iw_px_shared_cq(iw_px_shared *sh, iw_px_queue which);
iw_rnic *iw_px_shared_rnic(iw_px_shared *sh);
/* Take one WC from a CQ of sh without waiting: 1 taken (*ep, if not NULL, the endpoint it
 * belongs to, NULL when that endpoint is gone), 0 none. */
int iw_px_shared_poll_wc(iw_px_shared *sh, iw_px_queue which, iw_wc *wc, iw_px_ep **ep);
/* Run sh's loop until a WC is on that CQ (0), or timeout_ms passed (-2); -3 for a bad which. */
int iw_px_shared_wait_wc(iw_px_shared *sh, iw_px_queue which, iw_wc *wc, iw_px_ep **ep,
                         int timeout_ms);

/* ---- names (RFC 5040 §7 / RFC 5041 §7 / RFC 5044 §8) ---- */
const char *iw_px_layer_str(unsigned layer);     /* "RDMAP", "DDP", "MPA" */
const char *iw_px_etype_str(iw_term t);          /* "remote protection", "tagged buffer" ... */
const char *iw_px_state_str(int state);
/* "layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag" into buf; returns buf. With
 * siw's Layer/EType nibble swap detected or possible, the reading as siw meant it (below). */
char *iw_px_term_text(iw_term t, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* IW_POSIX_H */

/* ======================================================================================== */
#if defined(IW_POSIX_IMPLEMENTATION) && !defined(IW_POSIX_IMPLEMENTED)
#define IW_POSIX_IMPLEMENTED
/* glibc decides what a libc header shows once, at the first one included: if that was before
 * this file under a strict -std=c99, _POSIX_C_SOURCE above came too late and struct timespec,
 * clock_gettime and MSG_NOSIGNAL are hidden, which would fail below with unrelated errors. */
#if defined(__GLIBC__) && !defined(__USE_XOPEN2K8)
#error "iw_posix.h: POSIX.1-2008 is hidden because a libc header was included before iw_posix.h under a strict -std=c99. Fix: include iw_posix.h first in this file, or compile with -D_POSIX_C_SOURCE=200809L (or -std=gnu99)."
#else /* POSIX.1-2008 visible: the implementation (skipped after the #error: no follow-on noise) */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#ifndef IW_PX_EPOLL
#ifdef __linux__
#define IW_PX_EPOLL 1 /* 0: poll() even on Linux */
#else
#define IW_PX_EPOLL 0
#endif
#endif
#if IW_PX_EPOLL
#include <sys/epoll.h>
#define IW__PX_EPOLL 1
#else
#define IW__PX_EPOLL 0
#endif
#include <time.h>
#include <unistd.h>

#define IW__PX_EP(qpp) ((iw_px_ep *)(void *)((char *)(qpp) - offsetof(iw_px_ep, qp)))

static int64_t iw__px_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Record the first error (later ones are consequences: a Terminate is followed by a FIN). */
static void iw__px_fail(iw_px_ep *ep, int kind, const char *fmt, ...)
{
    va_list ap;
    if (ep->err.kind != IW_PX_E_NONE) return;
    ep->err.kind = kind;
    va_start(ap, fmt);
    vsnprintf(ep->err.text, sizeof ep->err.text, fmt, ap);
    va_end(ap);
    if (ep->state != IW_PX_S_CLOSED) ep->state = IW_PX_S_FAILED;
}

/* The endpoint's socket or the events it waits for may have changed: its epoll registration
 * is checked at the next iw_px_poll (only these are, not every endpoint of the loop). */
static void iw__px_dirty(iw_px_ep *ep)
{
    if (ep->dirty || !ep->loop) return;
    ep->dirty = 1;
    ep->next_dirty = ep->loop->dirty;
    ep->loop->dirty = ep;
}

/* Where ep's staged octets are, [tx_head, tx_head + tx_len): the loop's staging buffer while
 * ep holds it, else ep's own. */
static uint8_t *iw__px_txp(iw_px_ep *ep)
{
    return ep->loop && ep->loop->txb_owner == ep ? ep->loop->txb : ep->tx;
}
/* ep gives the loop's staging buffer back; its staged octets (those the socket has not taken
 * yet) move to its own buffer. */
static void iw__px_unshare(iw_px_ep *ep)
{
    iw_px_loop *l = ep->loop;
    if (!l || l->txb_owner != ep) return;
    if (ep->tx_len) memcpy(ep->tx, l->txb + ep->tx_head, ep->tx_len);
    ep->tx_head = 0;
    l->txb_owner = NULL;
}

/* ep has sends to resume (the core waits for iw_mpa_tx_resume) while its socket has room:
 * it joins the loop's queue, served in turn after the loop's next wait (iw__px_txq_run). */
static void iw__px_txq_add(iw_px_ep *ep)
{
    iw_px_loop *l = ep->loop;
    if (!l || ep->on_txq) return;
    ep->on_txq = 1;
    ep->txq_next = NULL;
    if (l->txq_tail) l->txq_tail->txq_next = ep;
    else l->txq = ep;
    l->txq_tail = ep;
    l->ntxq++;
}
static iw_px_ep *iw__px_txq_pop(iw_px_loop *l)
{
    iw_px_ep *ep = l->txq;
    if (!ep) return NULL;
    l->txq = ep->txq_next;
    if (!l->txq) l->txq_tail = NULL;
    l->ntxq--;
    ep->on_txq = 0;
    ep->txq_next = NULL;
    return ep;
}

/* ---- names ---- */

/* the core's tables (rdmap.h) */
const char *iw_px_layer_str(unsigned layer) { return iw_rdmap_term_layer_str(layer); }
const char *iw_px_etype_str(iw_term t) { return iw_rdmap_term_etype_str(t); }
const char *iw_px_state_str(int s)
{
    static const char *const n[] = {"idle", "accepting", "connecting", "MPA setup", "ready",
                                    "closing", "closed", "failed"};
    return s >= 0 && s < 8 ? n[s] : "?";
}
/* A (Layer, EType, Code) that RFC 5040 §4.8, RFC 5041 §7.2 or RFC 5044 §8 defines: the core's
 * names, and stricter where they are lenient: Layer 0 EType 0 has code 0 only; an MPA error is
 * Layer 2 EType 0 (3 from Chelsio adapters), not any EType. */
static int iw__px_term_defined(iw_term t)
{
    if (strcmp(iw_rdmap_term_str(t), "?") == 0 || strcmp(iw_rdmap_term_etype_str(t), "?") == 0)
        return 0;
    if (t.layer == 0 && t.etype == 0) return t.ecode == 0;
    if (t.layer == 2) return t.etype == 0 || t.etype == 3;
    return 1;
}
/* siw (Linux 6.1) declares the first octet of its Terminate control as little-endian
 * bitfields "layer:4; etype:4", which puts the Layer in the low nibble and the EType in the
 * high one: the RFC order swapped. A triple that is not defined as sent but is with the two
 * swapped is printed as siw meant it; one defined both ways (0x01 / 0x10 ...) gets both. */
char *iw_px_term_text(iw_term t, char *buf, size_t cap)
{
    iw_term w = t;
    int as_sent = iw__px_term_defined(t), swapped;
    w.layer = t.etype;
    w.etype = t.layer;
    swapped = t.layer != t.etype && iw__px_term_defined(w);
    if (!as_sent && swapped)
        snprintf(buf, cap, "layer %u %s, type %u %s, code 0x%02x %s (Layer and EType swapped on the "
                 "wire, as siw writes them)", w.layer, iw_px_layer_str(w.layer), w.etype,
                 iw_px_etype_str(w), w.ecode, iw_rdmap_term_str(w));
    else if (as_sent && swapped)
        snprintf(buf, cap, "layer %u %s, type %u %s, code 0x%02x %s (or in siw's order: %u %s, %u "
                 "%s, %s)", t.layer, iw_px_layer_str(t.layer), t.etype,
                 iw_px_etype_str(t), t.ecode, iw_rdmap_term_str(t), w.layer,
                 iw_px_layer_str(w.layer), w.etype, iw_px_etype_str(w), iw_rdmap_term_str(w));
    else
        snprintf(buf, cap, "layer %u %s, type %u %s, code 0x%02x %s", t.layer,
                 iw_px_layer_str(t.layer), t.etype, iw_px_etype_str(t), t.ecode,
                 iw_rdmap_term_str(t)); /* the core's code table (rdmap.h, ddp.h, mpa.h codes) */
    return buf;
}

/* ---- mpa.h host ops (ctx = the endpoint) ---- */

/* sendmsg() of n pieces without blocking; returns the octets the kernel took (0 for EAGAIN).
 * A failure (EPIPE, ECONNRESET) is kept in dead_errno and reported as a reset by
 * iw__px_after. */
static size_t iw__px_sendv(iw_px_ep *ep, const iw_iov *iov, size_t n)
{
    struct iovec v[IW_PX_GV > IW_CFG_MPA_TX_WINDOW ? IW_PX_GV : IW_CFG_MPA_TX_WINDOW];
    struct msghdr mh;
    ssize_t r;
    size_t i;
    for (i = 0; i < n; i++) {
        v[i].iov_base = (void *)(uintptr_t)iov[i].base;
        v[i].iov_len = iov[i].len;
    }
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = v;
    mh.msg_iovlen = n;
    do {
        r = sendmsg(ep->fd, &mh, MSG_DONTWAIT | MSG_NOSIGNAL);
    } while (r < 0 && errno == EINTR);
    ep->tx_syscalls++;
    if (r < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK) ep->dead_errno = errno;
        return 0;
    }
    if (ep->loop) ep->loop->tx_round += (size_t)r;
    return (size_t)r;
}

/* The gathered pieces (iw__px_send) in one sendmsg(). What the socket does not take is copied
 * into the staging buffer (empty while pieces are gathered, and at least as large as they
 * are): the core was told these octets were taken, so once the core call that sent them has
 * returned, none of its or the caller's memory may be referenced any more. */
static void iw__px_gflush(iw_px_ep *ep)
{
    size_t i, took, off = 0;
    if (!ep->gn) return;
    took = ep->fd >= 0 ? iw__px_sendv(ep, ep->gv, ep->gn) : ep->gbytes; /* closed: dropped */
    if (took < ep->gbytes) {
        ep->tx_partial++;
        ep->tx_full = 1;
        iw__px_unshare(ep); /* tx_len is 0: nothing is gathered behind staged octets */
        ep->tx_head = 0;
        for (i = 0; i < ep->gn; off += ep->gv[i].len, i++) {
            size_t skip = took > off ? took - off : 0;
            if (skip >= ep->gv[i].len) continue;
            memcpy(ep->tx + ep->tx_len, (const uint8_t *)ep->gv[i].base + skip, ep->gv[i].len - skip);
            ep->tx_len += ep->gv[i].len - skip;
        }
    }
    ep->gn = ep->gbytes = ep->gsm_len = 0;
}

/* Write what is pending to the socket, without blocking: the gathered pieces, then the staged
 * octets; EAGAIN leaves them for POLLOUT. */
static void iw__px_flush(iw_px_ep *ep)
{
    uint8_t *base;
    iw__px_gflush(ep);
    base = iw__px_txp(ep);
    while (ep->tx_len && ep->fd >= 0) {
        ssize_t r = send(ep->fd, base + ep->tx_head, ep->tx_len, MSG_DONTWAIT | MSG_NOSIGNAL);
        ep->tx_syscalls++;
        if (r < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) ep->dead_errno = errno;
            ep->tx_full = 1;
            iw__px_unshare(ep); /* the rest waits for POLLOUT in the endpoint's own buffer */
            return;
        }
        ep->tx_head += (size_t)r;
        ep->tx_len -= (size_t)r;
        if (ep->loop) ep->loop->tx_round += (size_t)r;
    }
    ep->tx_len = 0; /* all sent (or the socket is closed: dropped) */
    iw__px_unshare(ep);
    ep->tx_head = 0;
    ep->tx_full = 0;
    if (ep->tx_len == 0 && ep->shut_pending && ep->fd >= 0) { /* the FIN after the last octet */
        (void)shutdown(ep->fd, SHUT_WR);
        ep->wr_shut = 1;
        ep->shut_pending = 0;
    }
}

/* Gather one frame or FPDU (total octets in n pieces) behind the pieces already gathered, if
 * it fits; 1 if it was taken whole. A large one (IW_PX_DIRECT octets or more: an RDMA Write's,
 * Send's or Read Response's FPDU) opens or joins a gather: its payload is referenced where it
 * is, its short pieces (ULPDU_Length and DDP/RDMAP header, PAD and CRC, which MPA rewrites for
 * its next FPDU) are copied into gsm. A small one only joins an open gather (the short last
 * FPDU of a Write cut at the MULPDU), copied whole. Nothing is gathered behind staged octets,
 * and never more than the staging buffer could take back (iw__px_gflush). */
static int iw__px_gather(iw_px_ep *ep, const iw_iov *iov, size_t n, size_t total)
{
    size_t i, copy = 0, st = ep->tx_len;
    int big = total >= IW_PX_DIRECT;
    if ((st && (!big || ep->gn || ep->tx_full)) || (!big && !ep->gn) ||
        ep->gbytes + st + total > sizeof ep->tx)
        return 0;
    for (i = 0; i < n; i++) copy += !big || iov[i].len < 256 ? iov[i].len : 0;
    if (ep->gn + n + (st != 0) > IW_PX_GV || ep->gsm_len + st + copy > sizeof ep->gsm) return 0;
    if (st) { /* a few staged octets (the short last FPDU of a Write, sent when a round or a
                 full buffer cut the post after it) open the gather: one sendmsg, not a send
                 and a sendmsg */
        memcpy(ep->gsm, iw__px_txp(ep) + ep->tx_head, st);
        ep->tx_len = ep->tx_head = 0;
        iw__px_unshare(ep);
        ep->gv[0].base = ep->gsm;
        ep->gv[0].len = st;
        ep->gn = 1;
        ep->gbytes = ep->gsm_len = st;
        ep->g_last_copied = 1;
    }
    for (i = 0; i < n; i++) {
        const uint8_t *p = (const uint8_t *)iov[i].base;
        size_t len = iov[i].len;
        if (!len) continue;
        if (!big || len < 256) { /* copied; joined to the piece before if that is a copy too */
            uint8_t *d = ep->gsm + ep->gsm_len;
            memcpy(d, p, len);
            ep->gsm_len += len;
            ep->gbytes += len;
            if (ep->gn && ep->g_last_copied) {
                ep->gv[ep->gn - 1].len += len;
                continue;
            }
            ep->g_last_copied = 1;
            ep->gv[ep->gn].base = d;
            ep->gv[ep->gn].len = len;
            ep->gn++;
            continue;
        }
        ep->g_last_copied = 0;
        ep->gv[ep->gn].base = p;
        ep->gv[ep->gn].len = len;
        ep->gn++;
        ep->gbytes += len;
    }
    return 1;
}

/* send: take the gather list of one frame or FPDU, or a prefix of it (the core resumes at the
 * exact octet). Three ways, in this order:
 * - Gathered (IW_PX_GATHER, inside iw_px_post and the POLLOUT resume only): the FPDUs one post
 *   produces (a 64 KiB Write at the loopback MSS: 65460 payload octets in one FPDU, 76 in a
 *   second) leave in one sendmsg() when the core returns (iw__px_flush from iw__px_after), not
 *   one system call each. Only core calls that read the caller's memory and write none of it may
 *   gather: a received RDMA Write or atomic must not change octets already "sent".
 * - Direct: a large one (IW_PX_DIRECT octets or more) goes to the kernel straight from the
 *   caller's buffers with sendmsg() once the staged octets are out: one copy, as plain TCP.
 *   If staged octets are still waiting for the socket, it is not copied behind them: IW_EAGAIN,
 *   and the core resumes after POLLOUT.
 * - Staged: a small one is copied into the endpoint's staging buffer, which iw__px_after writes
 *   with one send() when the core returns: a burst of small FPDUs (a 1 MiB Write is 700 of them
 *   at EMSS 1460) becomes one system call and full TCP segments, not one of each per FPDU.
 * A full buffer or socket takes a prefix (or nothing: IW_EAGAIN) and asks poll() for POLLOUT,
 * after which the loop flushes and calls iw_mpa_tx_resume. Returned memory is no longer
 * referenced once the core call returns, exactly as if the kernel had copied it. */
static iw_status iw__px_send(void *ctx, const iw_iov *iov, size_t n, size_t *accepted)
{
    iw_px_ep *ep = (iw_px_ep *)ctx;
    size_t i, room, took = 0, total = 0;
    uint8_t *base;
    *accepted = 0;
    iw__px_dirty(ep);
    if (ep->fd < 0) return IW_EHOST;
    if (ep->gather_ok && ep->loop &&
        ep->loop->tx_round + ep->tx_len + ep->gbytes >= IW_PX_TX_ROUND) {
        ep->tx_more = 1; /* this round's share is out: the rest at the next (iw__px_txq_run) */
        ep->tx_rounds++;
        return IW_EAGAIN;
    }
    for (i = 0; i < n; i++) total += iov[i].len;
    /* a large one opens or joins a gather, a small one only joins an open one (iw__px_gather) */
    if (IW_PX_GATHER && ep->gather_ok && (total >= IW_PX_DIRECT || ep->gn)) {
        int took_it = iw__px_gather(ep, iov, n, total);
        if (!took_it && ep->gn) { /* no room behind the others: they go out first */
            iw__px_gflush(ep);
            took_it = iw__px_gather(ep, iov, n, total);
        }
        if (took_it) {
            *accepted = total;
            return IW_OK;
        }
    }
    if (total >= IW_PX_DIRECT && n <= IW_CFG_MPA_TX_WINDOW) {
        iw__px_flush(ep); /* what was gathered or staged goes first */
        if (ep->tx_len || ep->fd < 0) { /* the socket is full: resume after POLLOUT */
            ep->want_out = 1;
            ep->tx_partial++;
            return IW_EAGAIN;
        }
        *accepted = iw__px_sendv(ep, iov, n);
        if (*accepted < total) {
            ep->want_out = 1;
            ep->tx_partial++;
            if (*accepted == 0) return IW_EAGAIN;
        }
        return IW_OK;
    }
    if (ep->tx_full && ep->tx_len) { /* the socket is full: not staged behind it (one copy
                                        more, into memory a busy host finds out of the cache);
                                        the core resumes after POLLOUT */
        ep->want_out = 1;
        ep->tx_partial++;
        return IW_EAGAIN;
    }
    if (!ep->tx_len && ep->loop && ep->loop->txb_owner != ep) { /* the loop's buffer */
        if (ep->loop->txb_owner) iw__px_unshare(ep->loop->txb_owner); /* not flushed yet */
        ep->loop->txb_owner = ep;
        ep->tx_head = 0;
    }
    base = iw__px_txp(ep);
    if (ep->tx_head) { /* keep the staged octets at the front */
        memmove(base, base + ep->tx_head, ep->tx_len);
        ep->tx_head = 0;
    }
    room = sizeof ep->tx - ep->tx_len;
    for (i = 0; i < n && took < room; i++) {
        size_t k = iov[i].len < room - took ? iov[i].len : room - took;
        if (k) memcpy(base + ep->tx_len + took, iov[i].base, k);
        took += k;
    }
    ep->tx_len += took;
    *accepted = took;
    if (took < total) { /* full: the rest after POLLOUT */
        ep->want_out = 1;
        ep->tx_partial++;
        if (took == 0) return IW_EAGAIN;
    }
    return IW_OK;
}
/* timer_arm / timer_cancel: MPA has one timer per connection (IW_MPA_TIMER_SETUP); arming
 * again replaces the deadline, a cancelled timer never fires (mpa.h). */
/* The loop keeps the endpoints whose timer is armed on a list of their own, so that a round
 * visits those only (a server holding thousands of connections has few in MPA setup). */
static void iw__px_tmo_set(iw_px_ep *ep, int64_t at)
{
    if (ep->tmo_at < 0 && at >= 0 && ep->loop) { /* armed: onto the list */
        ep->tnext = ep->loop->tlist;
        if (ep->tnext) ep->tnext->tprev = &ep->tnext;
        ep->tprev = &ep->loop->tlist;
        ep->loop->tlist = ep;
        ep->loop->ntmo++;
    } else if (ep->tmo_at >= 0 && at < 0 && ep->tprev) { /* off the list */
        *ep->tprev = ep->tnext;
        if (ep->tnext) ep->tnext->tprev = ep->tprev;
        ep->tnext = NULL;
        ep->tprev = NULL;
        if (ep->loop && ep->loop->ntmo) ep->loop->ntmo--;
    }
    ep->tmo_at = at;
}
static void iw__px_timer_arm(void *ctx, unsigned id, uint32_t ms)
{
    (void)id;
    iw__px_tmo_set((iw_px_ep *)ctx, iw__px_now() + (int64_t)ms);
}
static void iw__px_timer_cancel(void *ctx, unsigned id)
{
    (void)id;
    iw__px_tmo_set((iw_px_ep *)ctx, -1);
}
/* close: called at most once. Graceful: FIN after the octets already written (the core calls
 * it when its own TX is drained); we keep reading until the peer's FIN. Abortive (an invalid
 * MPA frame, RFC 5044 §7.1.3 / MPA-072; iw_mpa_abort, e.g. the QP moved from RTS to Error,
 * verbs §6.2.2.4): RST now, what is still staged is dropped. */
static void iw__px_close_op(void *ctx, int abortive)
{
    iw_px_ep *ep = (iw_px_ep *)ctx;
    if (ep->fd < 0) return;
    iw__px_dirty(ep);
    if (abortive) {
        struct linger lg;
        lg.l_onoff = 1;
        lg.l_linger = 0;
        (void)setsockopt(ep->fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
        (void)close(ep->fd);
        ep->fd = -1;
        ep->tx_len = 0; /* dropped with the connection */
        iw__px_unshare(ep);
        ep->tx_head = 0;
        ep->gn = ep->gbytes = ep->gsm_len = 0;
        ep->dead_errno = ep->dead_errno ? ep->dead_errno : -1; /* QP told after the core returns */
    } else if (!ep->wr_shut) {
        ep->shut_pending = 1; /* after the staged octets (iw__px_flush) */
        iw__px_flush(ep);
    }
}
/* trace: forwarded to the application (pcap writers). */
static void iw__px_trace(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last)
{
    iw_px_ep *ep = (iw_px_ep *)ctx;
    if (ep->o.trace) ep->o.trace(ep->o.arg, ep, dir, iov, n, last);
}
/* Designated initializers: an optional op added to the table later stays NULL. crc32c NULL:
 * the fastest CPU path; tx_room/tx_commit NULL: every FPDU goes through send. trace only for
 * an endpoint whose options have one (iw__px_mpa_init): with the op present MPA makes a call
 * per piece of every FPDU, in and out. */
static const iw_mpa_host_ops iw__px_mpa_host = {.send = iw__px_send,
                                                .timer_arm = iw__px_timer_arm,
                                                .timer_cancel = iw__px_timer_cancel,
                                                .close = iw__px_close_op};
static const iw_mpa_host_ops iw__px_mpa_host_tr = {.send = iw__px_send,
                                                   .timer_arm = iw__px_timer_arm,
                                                   .timer_cancel = iw__px_timer_cancel,
                                                   .close = iw__px_close_op,
                                                   .trace = iw__px_trace};

/* ---- verbs.h host ops (ctx = the endpoint) ---- */

/* map: userspace memory is identity-mapped; a firmware host returns its DMA window here. */
static uint8_t *iw__px_map(void *ctx, uint64_t addr, size_t len)
{
    (void)ctx;
    (void)len;
    return (uint8_t *)(uintptr_t)addr;
}
/* async_event: the QP's and CQs' events (verbs §9.5.3). The ones that end the QP become the
 * endpoint's error, with the Terminate sent or received (RFC 5040 §7). */
static void iw__px_ep_async(iw_px_ep *ep, const iw_async_rec *ev)
{
    char t[160];
    ep->ev[ep->nev % 8] = *ev;
    ep->nev++;
    iw_px_term_text(ev->term, t, sizeof t);
    switch (ev->event) {
    case IW_AE_LLP_CLOSE_COMPLETE: case IW_AE_QP_RQ_LIMIT: case IW_AE_SRQ_LIMIT: break;
    case IW_AE_TERM_RECEIVED:
        iw__px_fail(ep, IW_PX_E_TERM_RCVD, "peer Terminate: %s", t);
        break;
    case IW_AE_LLP_RESET: case IW_AE_LLP_LOST:
        if (ep->dead_errno <= 0 && ep->rd_eof) /* the peer's FIN cut a message short */
            iw__px_fail(ep, IW_PX_E_EOF, "TCP connection closed by the peer (FIN) in the middle "
                                         "of an FPDU or with work outstanding");
        else
            iw__px_fail(ep, IW_PX_E_RESET, "TCP connection %s (%s)",
                        ev->event == IW_AE_LLP_RESET ? "reset" : "lost",
                        ep->dead_errno > 0 ? strerror(ep->dead_errno) : "no errno");
        break;
    default:
        iw__px_fail(ep, IW_PX_E_TERM_SENT, "%s; our Terminate: %s",
                    iw_async_event_str(ev->event), t);
    }
    if (ep->err.kind != IW_PX_E_NONE && ep->err.event == 0 &&
        (ev->event == IW_AE_TERM_RECEIVED || ep->err.kind == IW_PX_E_TERM_SENT ||
         ep->err.kind == IW_PX_E_RESET)) {
        ep->err.event = ev->event;
        ep->err.term = ev->term;
    }
    if (ep->o.on_event) ep->o.on_event(ep->o.arg, ep, ev);
}
static void iw__px_async(void *ctx, const iw_async_rec *ev)
{
    iw__px_ep_async((iw_px_ep *)ctx, ev);
}
/* A shared RNIC's events: a QP's go to its endpoint (its own error, its opts.on_event); the
 * RNIC's, a CQ's and the S-RQ's are recorded on the shared RNIC and passed to cfg.on_event. */
static void iw__px_sh_async(void *ctx, const iw_async_rec *ev)
{
    iw_px_shared *sh = (iw_px_shared *)ctx;
    if (ev->resource == IW_RES_QP && ev->handle) {
        iw__px_ep_async(IW__PX_EP(ev->handle), ev);
        return;
    }
    sh->ev[sh->nev % 8] = *ev;
    sh->nev++;
    if (sh->cfg.on_event) sh->cfg.on_event(sh->cfg.arg, sh, ev);
}
static void iw__px_sh_cq_event(void *ctx, iw_cq *cq)
{
    iw_px_shared *sh = (iw_px_shared *)ctx;
    sh->ncq_events++;
    if (sh->cfg.on_cq) sh->cfg.on_cq(sh->cfg.arg, sh, cq);
}
/* cq_event: an armed CQ got its completion (iw_cq_notify). */
static void iw__px_cq_event(void *ctx, iw_cq *cq)
{
    iw_px_ep *ep = (iw_px_ep *)ctx;
    ep->ncq_events++;
    if (ep->o.on_cq) ep->o.on_cq(ep->o.arg, ep, cq);
}
/* atomic64: RFC 7306 §5.1 masked FetchAdd / CmpSwap, atomic against other threads touching
 * the same word (RFC 7306 §5.3 asks atomicity across every stream of the RNIC). */
static uint64_t iw__px_atomic64(void *ctx, unsigned aop, void *p, uint64_t add_swap,
                                uint64_t add_swap_mask, uint64_t cmp, uint64_t cmp_mask)
{
    uint64_t *w = (uint64_t *)p, orig = __atomic_load_n(w, __ATOMIC_ACQUIRE), v;
    (void)ctx;
    for (;;) {
        v = aop == IW_RDMAP_AOP_FETCHADD
                ? iw_rdmap_fetchadd(orig, add_swap, add_swap_mask)
                : iw_rdmap_cmpswap(orig, add_swap, add_swap_mask, cmp, cmp_mask);
        if (v == orig) return orig; /* a failed compare, an add of 0: nothing to store */
        if (__atomic_compare_exchange_n(w, &orig, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_ACQUIRE))
            return orig; /* orig was reloaded on failure: retry */
    }
}
/* random NULL: the core's own generator, seeded at iw_rnic_open. */
static const iw_rnic_host_ops iw__px_rnic_host = {.map = iw__px_map,
                                                  .async_event = iw__px_async,
                                                  .cq_event = iw__px_cq_event,
                                                  .atomic64 = iw__px_atomic64};
static const iw_rnic_host_ops iw__px_sh_host = {.map = iw__px_map,
                                                .async_event = iw__px_sh_async,
                                                .cq_event = iw__px_sh_cq_event,
                                                .atomic64 = iw__px_atomic64};

/* ---- MPA upcalls: verbs' table (iw_qp_mpa_ulp_ops) plus what the host must see ---- */

static void iw__px_keep_pd(iw_px_ep *ep, const iw_mpa_info *in)
{
    ep->peer_pd_len = in->pd_len <= sizeof ep->peer_pd ? in->pd_len : 0;
    if (ep->peer_pd_len) memcpy(ep->peer_pd, in->pd, ep->peer_pd_len);
}
/* Responder: the MPA Request (RFC 5044 §7.1.2). A Reject goes now; an accept waits until
 * the feed that brought the Request returns (iw__px_answer), so that octets behind the
 * Request in the same read are seen before the Reply is sent, never taken by MPA while the
 * QP is still Idle. The QP goes to RTS after the Reply (verbs.h). */
static void iw__px_request(void *uctx, const iw_mpa_info *in)
{
    iw_px_ep *ep = IW__PX_EP(uctx);
    int ok = 1;
    iw__px_keep_pd(ep, in);
    ep->info = *in; /* what the Request asked, until established gives the outcome */
    ep->info.pd = NULL;
    ep->info.pd_len = 0;
    if (ep->o.on_request) ok = ep->o.on_request(ep->o.arg, ep, in);
    if (ok) {
        ep->accept_pending = 1;
    } else {
        (void)iw_mpa_reject(&ep->conn, ep->my_pd, ep->my_pd_len);
        iw__px_fail(ep, IW_PX_E_REJECTED, "we rejected the MPA Request");
    }
}
/* Responder, after the feed that completed the Request: rest = octets read behind it. The
 * Initiator sends nothing after its Request until it has our Reply (RFC 5044 §7.1.2: FPDUs
 * before both frames are seen are not possible; MPA-012), so such octets are a protocol
 * error: MPA closes with IW_MPA_FERR_EXTRA_DATA (MPA-014) and no Reply, no FPDU, no
 * Terminate (not in Full Operation) is sent. Else the Reply goes and the QP follows. */
static void iw__px_answer(iw_px_ep *ep, const uint8_t *p, size_t rest)
{
    size_t used = 0;
    ep->accept_pending = 0;
    if (iw_mpa_state(&ep->conn) != IW_MPA_S_AWAIT_ULP) return;
    if (rest) {
        (void)iw_mpa_rx_feed(&ep->conn, p, rest, &used);
        if (ep->err.kind == IW_PX_E_NONE) /* mpa.h always fails here; never end silently */
            iw__px_fail(ep, IW_PX_E_MPA, "the peer sent %zu octets after its MPA Request", rest);
        return;
    }
    if (iw_mpa_accept(&ep->conn, ep->o.ird, ep->o.ord, ep->my_pd, ep->my_pd_len) == IW_OK) {
        iw_mpa_info in;
        ep->need_rts = 1;
        /* what the Reply said, not what the Request asked (until established) */
        iw_mpa_get_info(&ep->conn, &in);
        ep->info.ird = in.ird;
        ep->info.ord = in.ord;
        ep->info.crc = in.crc;
        ep->info.markers_tx = in.markers_tx;
        ep->info.markers_rx = in.markers_rx;
    }
}
/* Both: MPA is in Full Operation; the Initiator moves its QP to RTS after the core returns. */
static void iw__px_established(void *uctx, const iw_mpa_info *in)
{
    iw_px_ep *ep = IW__PX_EP(uctx);
    if (ep->role == IW_MPA_INITIATOR) {
        iw__px_keep_pd(ep, in);
        ep->need_rts = 1;
    }
    ep->info = *in;
    ep->info.pd = NULL;
    ep->info.pd_len = 0;
    iw_qp_mpa_ulp_ops()->established(uctx, in);
}
/* Initiator: MPA Reply with Reject (RFC 5044 §7.1.2, R = 1): keep the peer's Private Data. */
static void iw__px_rejected(void *uctx, const iw_mpa_info *in)
{
    iw_px_ep *ep = IW__PX_EP(uctx);
    iw__px_keep_pd(ep, in);
    iw__px_fail(ep, IW_PX_E_REJECTED, "MPA Reply with Reject (peer Private Data: %zu octets)",
                ep->peer_pd_len);
    ep->err.pd_len = ep->peer_pd_len;
    memcpy(ep->err.pd, ep->peer_pd, ep->peer_pd_len);
}
/* The MPA connection failed (invalid frame, timer, CRC, marker ...). In Full Operation the
 * QP hears it too (RDMAP ends the stream); before RTS the QP has no stream to end. */
static void iw__px_mpa_error(void *uctx, const iw_mpa_error *e)
{
    iw_px_ep *ep = IW__PX_EP(uctx);
    char t[160];
    if (e->status == IW_EPROTO && e->ferr == IW_MPA_FERR_EXTRA_DATA)
        iw__px_fail(ep, IW_PX_E_MPA, "the peer sent data after its MPA Request, before our "
                                     "Reply (RFC 5044 §7.1.2); connection closed");
    else if (e->status == IW_EPROTO)
        iw__px_fail(ep, IW_PX_E_MPA, "invalid MPA Request/Reply: %s", iw_mpa_ferr_str(e->ferr));
    else if (e->status == IW_ETIMEOUT)
        iw__px_fail(ep, IW_PX_E_MPA, "MPA %s timeout",
                    ep->role == IW_MPA_INITIATOR ? "Reply" : "Request");
    else if (e->status == IW_ETERM)
        iw__px_fail(ep, e->term_sent ? IW_PX_E_TERM_SENT : IW_PX_E_MPA, "MPA error; %s: %s",
                    e->term_sent ? "our Terminate" : "Terminate",
                    iw_px_term_text(e->term, t, sizeof t));
    else if (e->status == IW_ECLOSED && ep->state == IW_PX_S_MPA)
        iw__px_fail(ep, IW_PX_E_EOF, "TCP closed by the peer during MPA setup");
    if (ep->err.kind == IW_PX_E_MPA || ep->err.kind == IW_PX_E_TERM_SENT) ep->err.term = e->term;
    if (iw_qp_state(&ep->qp) != IW_QP_IDLE) iw_qp_mpa_ulp_ops()->error(uctx, e);
}
/* Full Operation and the peer's FIN or reset was reported (iw_mpa_llp_closed). */
static void iw__px_mpa_closed(void *uctx)
{
    if (iw_qp_state((iw_qp *)uctx) != IW_QP_IDLE) iw_qp_mpa_ulp_ops()->closed(uctx);
}

/* ---- socket helpers ---- */

static int iw__px_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL, 0);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}
/* host:port through getaddrinfo (AF_UNSPEC, TCP; passive: for bind). 0 and *res, or the
 * getaddrinfo code. No AI_ADDRCONFIG: it hides ::1 on hosts with only loopback IPv6. */
static int iw__px_resolve(const char *host, uint16_t port, int passive, struct addrinfo **res)
{
    struct addrinfo h;
    char svc[8];
    memset(&h, 0, sizeof h);
    h.ai_family = AF_UNSPEC;
    h.ai_socktype = SOCK_STREAM;
    h.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0);
    snprintf(svc, sizeof svc, "%u", (unsigned)port);
    *res = NULL;
    return getaddrinfo(host, svc, &h, res);
}

/* The TCP connection is up (connected or accepted): MPA starts (RFC 5044 §7.1). */
static void iw__px_tcp_up(iw_px_ep *ep)
{
    int one = 1;
    iw_status st;
    iw__px_dirty(ep);
    (void)setsockopt(ep->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); /* FPDUs go now */
    ep->state = IW_PX_S_MPA;
    st = ep->role == IW_MPA_INITIATOR ? iw_mpa_start(&ep->conn, ep->my_pd, ep->my_pd_len)
                                      : iw_mpa_start(&ep->conn, NULL, 0);
    if (st != IW_OK)
        iw__px_fail(ep, IW_PX_E_MPA, "MPA start: %s", iw_status_str(st));
}

/* The socket is gone (reset, or our abortive close): tell the QP and MPA once. A reset may
 * come right behind the peer's Terminate (siw): when a send meets it first, the octets still
 * queued are read before the socket goes, so that the Terminate, the stream's last message
 * (RFC 5040 §5.3), is what the endpoint reports. */
static int iw__px_read1(iw_px_ep *ep);
static int iw__px_draining;
static void iw__px_llp_dead(iw_px_ep *ep, int err)
{
    iw__px_dirty(ep);
    if (ep->fd >= 0 && err > 0 && !iw__px_draining) {
        int i, save = ep->dead_errno;
        char c;
        iw__px_draining = 1;
        ep->dead_errno = 0;
        for (i = 0; i < 64 && ep->fd >= 0 && ep->err.kind == IW_PX_E_NONE &&
                    recv(ep->fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) > 0; i++)
            (void)iw__px_read1(ep);
        iw__px_draining = 0;
        if (ep->dead_errno <= 0) ep->dead_errno = save;
    }
    if (ep->fd >= 0) {
        (void)close(ep->fd);
        ep->fd = -1;
    }
    if (err > 0) ep->dead_errno = err;
    if (err > 0 && iw_qp_state(&ep->qp) == IW_QP_IDLE) /* during setup: say so, not "closed" */
        iw__px_fail(ep, IW_PX_E_RESET, "TCP connection reset during MPA setup (%s)",
                    strerror(err));
    if (iw_qp_state(&ep->qp) != IW_QP_IDLE) iw_qp_llp_event(&ep->qp, IW_QP_LLP_RESET);
    if (iw_mpa_state(&ep->conn) != IW_MPA_S_CLOSED) iw_mpa_llp_closed(&ep->conn);
    if (err > 0)
        iw__px_fail(ep, IW_PX_E_RESET, "TCP connection reset (%s)", strerror(err));
    if (ep->state != IW_PX_S_FAILED && ep->state != IW_PX_S_CLOSED)
        ep->state = ep->err.kind ? IW_PX_S_FAILED : IW_PX_S_CLOSED;
}

/* Work left for after a core call returned (the ops are leaf calls: they only set flags). */
static void iw__px_after(iw_px_ep *ep)
{
    iw__px_dirty(ep);
    iw__px_flush(ep); /* what the core just sent, in one send() */
    if (ep->tx_more && ep->fd >= 0) { /* the core waits for iw_mpa_tx_resume */
        ep->tx_more = 0;
        if (ep->tx_len || ep->tx_full || ep->want_out) ep->want_out = 1; /* after POLLOUT */
        else iw__px_txq_add(ep); /* the socket has room: at the loop's next round */
    }
    if (ep->dead_errno && ep->fd < 0 && ep->state != IW_PX_S_FAILED &&
        ep->state != IW_PX_S_CLOSED) {
        iw__px_llp_dead(ep, ep->dead_errno);
        return;
    }
    if (ep->dead_errno > 0 && ep->fd >= 0) { /* send failed inside the core */
        iw__px_llp_dead(ep, ep->dead_errno);
        return;
    }
    if (ep->need_rts && iw_qp_state(&ep->qp) == IW_QP_IDLE && !iw_mpa_tx_busy(&ep->conn)) {
        iw_qp_attr a;
        iw_vstatus vs;
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_RTS;
        a.llp = &ep->conn;
        vs = iw_qp_modify(&ep->qp, &a); /* the QP is bound to this MPA stream (verbs §6.2) */
        ep->need_rts = 0;
        if (vs != IW_V_OK) {
            ep->err.vstatus = vs;
            iw__px_fail(ep, IW_PX_E_VERBS, "Modify QP to RTS: %s", iw_vstatus_str(vs));
        } else if (ep->state == IW_PX_S_MPA) {
            ep->state = IW_PX_S_READY;
        }
    }
    /* a QP that left RTS by a local error (a WR's WC says why) */
    if (ep->state == IW_PX_S_READY && iw_qp_state(&ep->qp) >= IW_QP_TERMINATE) {
        iw_qp_info qi;
        char t[160];
        memset(&qi, 0, sizeof qi);
        if (iw_qp_query(&ep->qp, &qi) == IW_V_OK && qi.term_valid)
            iw__px_fail(ep, qi.term_local ? IW_PX_E_LOCAL : IW_PX_E_TERM_RCVD, "QP ended; %s: %s",
                        qi.term_local ? "our Terminate" : "peer Terminate",
                        iw_px_term_text(qi.term.term, t, sizeof t));
        else if (iw_qp_stats(&ep->qp)->rx_msgs[IW_RDMAP_OP_TERMINATE])
            iw__px_fail(ep, IW_PX_E_TERM_RCVD, "the peer sent a malformed Terminate (not "
                                               "answered, RFC 5040 §5.4); connection closed");
        else
            iw__px_fail(ep, IW_PX_E_LOCAL, "QP left RTS");
        if (ep->err.term.layer == 0 && ep->err.term.etype == 0 && ep->err.term.ecode == 0 &&
            qi.term_valid)
            ep->err.term = qi.term.term;
    }
}

/* Readable: read once and feed the octets to MPA (any chunking; whole FPDUs are checked and
 * handed up in place, RFC 5044 §4). Octets MPA did not take (it stopped, or holds a Request
 * for the ULP) are kept for the next feed or dropped when the connection is over. While MPA
 * streams the payload of an FPDU that the last read cut (a tagged segment into one piece of
 * an MR), the read goes straight into the MR instead (header-split receive, mpa.h
 * iw_mpa_rx_direct): one copy, the kernel's, and MPA computes the CRC there. */
#define IW__PX_SPLIT_BIG 8192u /* after an FPDU this big, read header by header ... */
#define IW__PX_SPLIT_READS 4u  /* ... for this many buffered reads */
#define IW__PX_SPAN_MIN 1024u  /* shorter spans go through the buffer (one read fewer) */
/* One read; returns 1 when another should follow at once: it was a direct or header-split
 * read that got all it asked for (more is likely queued; saves a poll).
 * A buffered read lands in the loop's buffer (iw_px_loop.rxb) when this endpoint holds no
 * octets from an earlier read: MPA takes every octet of a feed but when the connection stops
 * or a Request waits for the ULP (mpa.h iw_mpa_rx_feed), so the endpoint's own buffer (rx) is
 * for those leftovers only. A nested read (iw__px_llp_dead drains the socket from inside a
 * read) uses the endpoint's own buffer. */
static int iw__px_read1(iw_px_ep *ep)
{
    ssize_t r;
    iw_px_loop *l = ep->loop;
    uint8_t *buf = ep->rx, *dst = NULL;
    size_t used = 0, have = ep->rx_have, want, room = 0;
    int limited = 0;
    if (!have && l && !l->rxb_busy) {
        buf = l->rxb;
        l->rxb_busy = 1;
    }
    want = IW_PX_RXBUF - have;
#if IW_PX_RX_SPLIT
    if (have != 0 || iw_mpa_rx_direct(&ep->conn, &dst, &room) != IW_OK || room < IW__PX_SPAN_MIN)
        dst = NULL;
    if (!dst && IW_PX_RX_SPLIT >= 2 && ep->rx_split) { /* stop the read at the next header */
        size_t h = iw_mpa_rx_split_hint(&ep->conn);
        ep->rx_split--;
        if (h && h < want) {
            want = h;
            limited = 1;
        }
    }
#endif
    if (dst) {
        do r = recv(ep->fd, dst, room, 0);
        while (r < 0 && errno == EINTR);
    } else {
        do r = recv(ep->fd, buf + have, want, 0);
        while (r < 0 && errno == EINTR);
    }
    if (buf != ep->rx && (dst || r <= 0)) l->rxb_busy = 0; /* not used */
    if (r < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK) iw__px_llp_dead(ep, errno);
        return 0;
    }
    if (r == 0) { /* the peer's FIN (RFC 793 half close) */
        int up = ep->state == IW_PX_S_READY || ep->state == IW_PX_S_CLOSING;
        ep->rd_eof = 1;
        iw_mpa_llp_closed(&ep->conn); /* Full Operation: the QP closes (verbs §6.2) or, with
                                         work outstanding, Bad LLP Close; else MPA error 0x01 */
        iw__px_after(ep);
        if (ep->fd >= 0 && !ep->wr_shut) { /* answer with our FIN: nothing more to say */
            (void)shutdown(ep->fd, SHUT_WR);
            ep->wr_shut = 1;
        }
        if (iw_qp_state(&ep->qp) != IW_QP_IDLE) iw_qp_llp_event(&ep->qp, IW_QP_LLP_CLOSED);
        if (ep->fd >= 0) (void)close(ep->fd);
        ep->fd = -1;
        if (ep->err.kind == IW_PX_E_NONE && up) { /* an orderly close: CLOSED, reason kept */
            ep->state = IW_PX_S_CLOSED;
            if (!ep->closing) {
                ep->err.kind = IW_PX_E_EOF;
                snprintf(ep->err.text, sizeof ep->err.text, "TCP connection closed by the peer (FIN)");
            }
        } else {
            iw__px_fail(ep, IW_PX_E_EOF, "TCP connection closed by the peer (FIN) during setup");
            if (ep->state != IW_PX_S_CLOSED) ep->state = IW_PX_S_FAILED;
        }
        return 0;
    }
    if (dst) { /* the octets are in place: MPA computes their CRC there */
        (void)iw_mpa_rx_direct_done(&ep->conn, (size_t)r);
        ep->rx_direct += (unsigned long)r;
        iw__px_after(ep);
        return (size_t)r == room && ep->fd >= 0;
    }
    have += (size_t)r;
    ep->rx_have = 0; /* in buf[0, have) now; a nested read starts afresh */
    (void)iw_mpa_rx_feed(&ep->conn, buf, have, &used);
    if (ep->accept_pending) {
        iw__px_answer(ep, buf + used, have - used);
        if (used < have) used = have; /* octets behind the Request: the connection ended */
    }
#if IW_PX_RX_SPLIT >= 2
    if (iw_mpa_rx_last_len(&ep->conn) >= IW__PX_SPLIT_BIG) ep->rx_split = IW__PX_SPLIT_READS;
#endif
    iw__px_after(ep);
    if (used < have && ep->fd >= 0 && iw_mpa_state(&ep->conn) < IW_MPA_S_CLOSING) {
        size_t rest = have - used, more = 0;
        memmove(ep->rx, buf + used, rest); /* kept by the endpoint: its next read goes behind */
        if (buf != ep->rx) l->rxb_busy = 0;
        buf = ep->rx;
        (void)iw_mpa_rx_feed(&ep->conn, ep->rx, rest, &more); /* after accept / RTS */
        iw__px_after(ep);
        if (more < rest) {
            memmove(ep->rx, ep->rx + more, rest - more);
            ep->rx_have = rest - more;
            return 0;
        }
    }
    if (buf != ep->rx) l->rxb_busy = 0;
    ep->rx_have = 0;
    return limited && (size_t)r == want && ep->fd >= 0;
}

static void iw__px_read(iw_px_ep *ep)
{
    int i;
    for (i = 0; i < 16 && iw__px_read1(ep); i++) {
    }
}

/* ---- loop ---- */

void iw_px_loop_init(iw_px_loop *l)
{
    memset(l, 0, offsetof(iw_px_loop, rxb)); /* the read buffer needs no zeroes */
    l->epfd = -1;
}

void iw_px_loop_fini(iw_px_loop *l)
{
    free(l->pfa);
    l->pfa = NULL;
    l->cap = 0;
#if IW__PX_EPOLL
    if (l->mode == 1 && l->epfd >= 0) (void)close(l->epfd);
#endif
    l->epfd = -1;
    l->mode = 0;
}
int iw_px_loop_epoll(const iw_px_loop *l) { return l->mode == 1; }

/* The events a socket waits for (poll bits): a connect in progress its completion, else
 * input, and output while something waits to be written. */
static short iw__px_events(const iw_px_ep *ep)
{
    return (short)(ep->state == IW_PX_S_CONNECTING ? POLLOUT
                   : POLLIN | (ep->want_out || ep->tx_len ? POLLOUT : 0));
}

static int iw__px_mpa_init(iw_px_ep *ep, unsigned role);
/* A connection on lis: the first waiting endpoint takes it, else on_conn's, else it is
 * closed. Up to 64 a round (a listen queue of clients drains fast). */
static void iw__px_on_listener(iw_px_listener *lis)
{
    int k;
    for (k = 0; k < 64 && lis->fd >= 0; k++) {
        iw_px_ep *ep;
        int fd = accept(lis->fd, NULL, NULL);
        if (fd < 0) return; /* EAGAIN, or an error that belongs to that connection */
        ep = lis->waiting;
        if (ep) {
            lis->waiting = ep->next_wait;
        } else if (lis->on_conn) {
            ep = lis->on_conn(lis->conn_arg, lis);
            if (ep && (ep->state != IW_PX_S_IDLE || ep->loop != lis->loop ||
                       iw__px_mpa_init(ep, IW_MPA_RESPONDER) < 0))
                ep = NULL;
        }
        if (!ep) {
            lis->refused++;
            (void)close(fd);
            continue;
        }
        lis->accepted++;
        ep->fd = fd;
        if (iw__px_nonblock(fd) < 0) {
            iw__px_llp_dead(ep, errno);
            continue;
        }
        iw__px_tcp_up(ep);
        iw__px_after(ep);
    }
}

/* One socket is ready (revents: poll bits). */
static void iw__px_on_ready(iw_px_ep *ep, short revents)
{
    iw__px_dirty(ep);
    if (ep->state == IW_PX_S_CONNECTING) { /* nonblocking connect finished */
        int e = 0;
        socklen_t len = sizeof e;
        (void)getsockopt(ep->fd, SOL_SOCKET, SO_ERROR, &e, &len);
        if (e != 0) {
            ep->err.sys_errno = e;
            iw__px_fail(ep, IW_PX_E_CONNECT, "connect: %s", strerror(e));
            (void)close(ep->fd);
            ep->fd = -1;
            return;
        }
        iw__px_tcp_up(ep);
        iw__px_after(ep);
        return;
    }
    if (revents & POLLOUT) { /* flush, then resume the FPDU at its octet */
        iw__px_flush(ep);
        if (ep->want_out && !ep->tx_full && ep->tx_head + ep->tx_len < sizeof ep->tx) {
            ep->want_out = 0;
            ep->gather_ok = 1; /* as in iw_px_post: only queued sends run here */
            (void)iw_mpa_tx_resume(&ep->conn);
            ep->gather_ok = 0;
        }
        iw__px_after(ep);
    }
    if (ep->fd >= 0 && (revents & (POLLIN | POLLHUP | POLLERR))) iw__px_read(ep);
}

#if IW__PX_EPOLL
/* Keep the epoll registration of fd equal to want (poll bits). A closed descriptor left the
 * epoll set by itself (nothing else holds it), so a number seen again is added afresh. */
static void iw__px_ep_sync(iw_px_loop *l, int fd, int *reg_fd, unsigned *reg_ev, unsigned want,
                           void *who)
{
    struct epoll_event ev;
    if (fd < 0) {
        *reg_fd = -1;
        return;
    }
    if (*reg_fd == fd && *reg_ev == want) return;
    memset(&ev, 0, sizeof ev);
    ev.events = (want & POLLIN ? (unsigned)EPOLLIN : 0u) | (want & POLLOUT ? (unsigned)EPOLLOUT : 0u);
    ev.data.ptr = who;
    if (*reg_fd == fd && epoll_ctl(l->epfd, EPOLL_CTL_MOD, fd, &ev) == 0) {
        *reg_ev = want;
        return;
    }
    if (epoll_ctl(l->epfd, EPOLL_CTL_ADD, fd, &ev) == 0 ||
        (errno == EEXIST && epoll_ctl(l->epfd, EPOLL_CTL_MOD, fd, &ev) == 0)) {
        *reg_fd = fd;
        *reg_ev = want;
    }
}
#endif

/* The due MPA timers (RFC 5044 §7.1.3), and the next deadline (-1 none). */
static int64_t iw__px_timers(iw_px_loop *l, int fire)
{
    int64_t now, next = -1;
    iw_px_ep *ep, *nx;
    if (!l->ntmo) return -1; /* none armed: no endpoint to visit, no clock to read */
    now = iw__px_now();
    for (ep = l->tlist; ep; ep = nx) {
        nx = ep->tnext;
        if (fire && ep->tmo_at >= 0 && ep->tmo_at <= now) {
            iw__px_tmo_set(ep, -1);
            iw__px_dirty(ep);
            iw_mpa_timeout(&ep->conn, IW_MPA_TIMER_SETUP);
            iw__px_after(ep);
            if (ep->fd >= 0 && iw_mpa_state(&ep->conn) == IW_MPA_S_CLOSED) {
                (void)close(ep->fd);
                ep->fd = -1;
            }
            nx = l->tlist; /* the timeout may have changed the list: from its head again
                              (the endpoint that fired is off it, or on it with a later
                              deadline) */
        }
        if (ep->tmo_at >= 0 && (next < 0 || ep->tmo_at < next)) next = ep->tmo_at;
    }
    return next;
}

/* One round's turn of the endpoints whose sends wait for the round (iw__px_send): in queue
 * order, until the round's octets are out; those not reached keep their place. An endpoint
 * whose socket filled meanwhile waits for POLLOUT instead. */
static void iw__px_txq_run(iw_px_loop *l)
{
    size_t k = l->ntxq;
    int first = 1;
    while (k-- && (first || l->tx_round < IW_PX_TX_ROUND)) {
        iw_px_ep *ep = iw__px_txq_pop(l);
        if (!ep) break;
        if (ep->fd < 0) continue;
        if (ep->tx_len || ep->tx_full) {
            ep->want_out = 1;
            iw__px_dirty(ep);
            continue;
        }
        if (first && l->tx_round >= IW_PX_TX_ROUND) /* the first always gets a turn (a frame */
            l->tx_round = IW_PX_TX_ROUND - 1;       /* at least), whatever the events sent */
        first = 0;
        ep->gather_ok = 1; /* as in iw_px_post: only queued sends run here */
        (void)iw_mpa_tx_resume(&ep->conn);
        ep->gather_ok = 0;
        iw__px_after(ep);
    }
}

int iw_px_poll(iw_px_loop *l, int timeout_ms)
{
    int r, served = 0;
    int64_t next;
    unsigned long gen0 = l->gen;
    iw_px_ep *ep;
    iw_px_listener *lis;
    next = iw__px_timers(l, 0);
    if (next >= 0) { /* sleep no longer than the next MPA timer */
        int64_t now = iw__px_now(), d = next > now ? next - now : 0;
        if (timeout_ms < 0 || d < timeout_ms) timeout_ms = (int)d;
    }
    if (l->txq) timeout_ms = 0; /* sends wait for this round */
#if IW__PX_EPOLL
    if (l->mode == 0) {
        l->epfd = epoll_create1(EPOLL_CLOEXEC);
        l->mode = l->epfd >= 0 ? 1 : -1;
    }
    if (l->mode == 1) {
        struct epoll_event evs[64];
        int i;
        for (lis = l->lis; lis; lis = lis->next)
            iw__px_ep_sync(l, lis->fd, &lis->reg_fd, &lis->reg_ev,
                           lis->waiting || lis->on_conn ? (unsigned)POLLIN : 0u, lis);
        while ((ep = l->dirty) != NULL) { /* the endpoints that may have changed, only */
            l->dirty = ep->next_dirty;
            ep->dirty = 0;
            iw__px_ep_sync(l, ep->fd, &ep->reg_fd, &ep->reg_ev, (unsigned)iw__px_events(ep), ep);
        }
        r = epoll_wait(l->epfd, evs, 64, timeout_ms);
        if (r < 0 && errno != EINTR) return -1;
        l->tx_round = 0; /* a new round: what was written may have been read */
        for (i = 0; i < r; i++) {
            void *who = evs[i].data.ptr;
            unsigned e = evs[i].events;
            short rev = (short)((e & EPOLLIN ? POLLIN : 0) | (e & EPOLLOUT ? POLLOUT : 0) |
                                (e & EPOLLHUP ? POLLHUP : 0) | (e & EPOLLERR ? POLLERR : 0));
            served++;
            for (lis = l->lis; lis && (void *)lis != who; lis = lis->next) {
            }
            if (lis) {
                if (lis->fd >= 0 && lis->fd == lis->reg_fd) iw__px_on_listener(lis);
                continue;
            }
            ep = (iw_px_ep *)who;
            if (l->gen != gen0) /* an endpoint left during this round: is this one still here? */
                for (ep = l->eps; ep && (void *)ep != who; ep = ep->next) {
                }
            if (!ep || ep->fd < 0 || ep->fd != ep->reg_fd) continue; /* gone meanwhile */
            iw__px_on_ready(ep, rev);
        }
        (void)iw__px_timers(l, 1);
        iw__px_txq_run(l);
        return served;
    }
#endif
    {
        size_t n = 0, i, need = 0;
        struct pollfd *pf;
        void **who;
        for (lis = l->lis; lis; lis = lis->next) need++;
        for (ep = l->eps; ep; ep = ep->next) need++;
        if (need > l->cap) { /* grow: no fixed limit on the sockets */
            size_t c = need < 64 ? 64 : need * 2;
            void *a = malloc(c * (sizeof(struct pollfd) + sizeof(void *)));
            if (!a) return -1;
            free(l->pfa);
            l->pfa = a;
            l->cap = c;
        }
        pf = (struct pollfd *)l->pfa;
        who = (void **)(void *)(pf + l->cap);
        for (lis = l->lis; lis; lis = lis->next) {
            if (lis->fd < 0 || (!lis->waiting && !lis->on_conn)) continue;
            pf[n].fd = lis->fd;
            pf[n].events = POLLIN;
            pf[n].revents = 0;
            who[n++] = lis;
        }
        for (ep = l->eps; ep; ep = ep->next) {
            if (ep->fd < 0) continue;
            pf[n].fd = ep->fd;
            pf[n].events = iw__px_events(ep);
            pf[n].revents = 0;
            who[n++] = ep;
        }
        r = poll(pf, (nfds_t)n, timeout_ms);
        if (r < 0 && errno != EINTR) return -1;
        l->tx_round = 0;
        for (i = 0; r > 0 && i < n; i++) {
            if (!pf[i].revents) continue;
            served++;
            for (lis = l->lis; lis && (void *)lis != who[i]; lis = lis->next) {
            }
            if (lis) {
                if (lis->fd == pf[i].fd) iw__px_on_listener(lis);
                continue;
            }
            ep = (iw_px_ep *)who[i];
            if (l->gen != gen0)
                for (ep = l->eps; ep && (void *)ep != who[i]; ep = ep->next) {
                }
            if (!ep || ep->fd != pf[i].fd) continue; /* closed meanwhile */
            iw__px_on_ready(ep, pf[i].revents);
        }
    }
    (void)iw__px_timers(l, 1);
    iw__px_txq_run(l);
    return served;
}

int iw_px_listen(iw_px_loop *l, iw_px_listener *lis, const char *host, uint16_t port)
{
    struct sockaddr_storage a;
    socklen_t len = sizeof a;
    int one = 1, zero = 0;
    memset(lis, 0, sizeof *lis);
    memset(&a, 0, sizeof a);
    lis->fd = -1;
    lis->reg_fd = -1;
    if (!host) { /* both families: IPv6 any with V6ONLY off, else IPv4 any */
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)(void *)&a;
        a6->sin6_family = AF_INET6;
        a6->sin6_addr = in6addr_any;
        a6->sin6_port = htons(port);
        len = sizeof *a6;
        lis->fd = socket(AF_INET6, SOCK_STREAM, 0);
        if (lis->fd >= 0)
            (void)setsockopt(lis->fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
        else {
            struct sockaddr_in *a4 = (struct sockaddr_in *)(void *)&a;
            memset(&a, 0, sizeof a);
            a4->sin_family = AF_INET;
            a4->sin_addr.s_addr = htonl(INADDR_ANY);
            a4->sin_port = htons(port);
            len = sizeof *a4;
            lis->fd = socket(AF_INET, SOCK_STREAM, 0);
        }
    } else {
        struct addrinfo *res;
        if (iw__px_resolve(host, port, 1, &res) != 0 || !res ||
            res->ai_addrlen > (socklen_t)sizeof a) {
            if (res) freeaddrinfo(res);
            errno = EINVAL;
            return -1;
        }
        memcpy(&a, res->ai_addr, res->ai_addrlen);
        len = res->ai_addrlen;
        freeaddrinfo(res);
        lis->fd = socket(a.ss_family, SOCK_STREAM, 0);
    }
    if (lis->fd < 0) return -1;
    (void)setsockopt(lis->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(lis->fd, (struct sockaddr *)(void *)&a, len) < 0 || listen(lis->fd, 1024) < 0 ||
        iw__px_nonblock(lis->fd) < 0 ||
        (len = sizeof a, getsockname(lis->fd, (struct sockaddr *)(void *)&a, &len)) < 0) {
        int e = errno;
        (void)close(lis->fd);
        lis->fd = -1;
        errno = e;
        return -1;
    }
    lis->port = a.ss_family == AF_INET6
                    ? ntohs(((struct sockaddr_in6 *)(void *)&a)->sin6_port)
                    : ntohs(((struct sockaddr_in *)(void *)&a)->sin_port);
    lis->loop = l;
    lis->next = l->lis;
    l->lis = lis;
    return 0;
}
uint16_t iw_px_listen_port(const iw_px_listener *lis) { return lis->port; }
int iw_px_listen_fd(const iw_px_listener *lis) { return lis->fd; }
void iw_px_listen_close(iw_px_listener *lis)
{
    iw_px_listener **p;
    if (lis->loop)
        for (p = &lis->loop->lis; *p; p = &(*p)->next)
            if (*p == lis) {
                *p = lis->next;
                break;
            }
    if (lis->fd >= 0) (void)close(lis->fd);
    lis->fd = -1;
    lis->loop = NULL;
}

/* ---- endpoints ---- */

void iw_px_opts_default(iw_px_opts *o)
{
    memset(o, 0, sizeof *o);
    o->rev = 2;
    o->crc = 1;
    o->markers_tx = 1;
    o->rtr = IW_MPA_RTR_WRITE | IW_MPA_RTR_READ | IW_MPA_RTR_SEND;
    o->ird = o->ord = 16;
    o->emss = 1460;
    o->timeout_ms = 5000;
}

int iw_px_set_pd(iw_px_ep *ep, const uint8_t *pd, size_t len)
{
    if (len > IW_MPA_MAX_PD - IW_MPA_IRDORD_LEN || (len && !pd)) return -1;
    if (len) memcpy(ep->my_pd, pd, len);
    ep->my_pd_len = len;
    return 0;
}

static int iw__px_id_put(iw_px_shared *sh, iw_px_ep *ep);
static int iw__px_ep_setup(iw_px_loop *l, iw_px_ep *ep, const iw_px_opts *o, iw_px_shared *sh)
{
    iw_qp_cfg qc;
    iw_qp_mem qm;
    iw_vstatus vs = IW_V_OK;
    memset(ep, 0, sizeof *ep);
    ep->fd = -1;
    ep->reg_fd = -1;
    ep->tmo_at = -1;
    ep->loop = l;
    ep->o = *o;
    if (ep->o.ird > IW_PX_MAX_IRD) ep->o.ird = IW_PX_MAX_IRD;
    if (iw_px_set_pd(ep, o->pd, o->pd_len) < 0) {
        iw__px_fail(ep, IW_PX_E_VERBS, "Private Data longer than 508 octets");
        return -1;
    }
    ep->o.pd = NULL;
    /* Block List mode (verbs §7.6.2.2): a buffer of any address and length is one block, so
     * registering a caller buffer needs two list entries, not one per page. */
    if (sh && (sh->loop != l || iw__px_id_put(sh, NULL) < 0)) {
        iw__px_fail(ep, IW_PX_E_VERBS, "endpoint setup: shared RNIC of another loop, or no memory");
        return -1;
    }
    if (!sh) {
        vs = iw_rnic_open(&ep->rnic, &iw__px_rnic_host, ep, ep->stags, IW_PX_MAX_MR + 2,
                          (uint64_t)(uintptr_t)ep ^ (uint64_t)iw__px_now(), 1);
        if (vs == IW_V_OK) vs = iw_pd_alloc(&ep->rnic, &ep->pd_id);
        if (vs == IW_V_OK) vs = iw_cq_create(&ep->rnic, &ep->scq, ep->sring, IW_PX_CQ);
        if (vs == IW_V_OK) vs = iw_cq_create(&ep->rnic, &ep->rcq, ep->rring, IW_PX_CQ);
    }
    if (vs == IW_V_OK) {
        memset(&qc, 0, sizeof qc);
        qc.sq_cq = sh ? &sh->scq : &ep->scq;
        qc.rq_cq = sh ? (sh->cfg.one_cq ? &sh->scq : &sh->rcq) : &ep->rcq;
        qc.srq = sh && sh->srq_ring ? &sh->srq : NULL;
        qc.pd = sh ? sh->pd_id : ep->pd_id;
        qc.sq_depth = IW_PX_SQ_DEPTH;
        qc.rq_depth = qc.srq ? 0 : IW_PX_RQ_DEPTH;
        qc.max_send_sge = qc.max_write_sge = qc.max_recv_sge = IW_CFG_VERBS_SGE;
        qc.ird = ep->o.ird;
        qc.ord = ep->o.ord;
        qc.read_en = qc.write_en = qc.bind_en = qc.atomic_en = 1;
        qc.privileged = 1;
        qm.swqe = ep->swqe;
        qm.rwr = ep->rwr;
        qm.rwqe = ep->rwqe;
        qm.inreq = ep->inreq;
        vs = iw_qp_create(sh ? &sh->rnic : &ep->rnic, &ep->qp, &qc, &qm);
    }
    if (vs == IW_V_OK && sh) {
        ep->sh = sh;
        (void)iw__px_id_put(sh, ep); /* room was made above */
        sh->nqp++;
    }
    if (vs != IW_V_OK) {
        ep->err.vstatus = vs;
        iw__px_fail(ep, IW_PX_E_VERBS, "endpoint setup: %s", iw_vstatus_str(vs));
        return -1;
    }
    /* the QP's MPA upcalls, with the host's additions (request, rejected, error) */
    ep->ulp = *iw_qp_mpa_ulp_ops();
    ep->ulp.request = iw__px_request;
    ep->ulp.established = iw__px_established;
    ep->ulp.rejected = iw__px_rejected;
    ep->ulp.error = iw__px_mpa_error;
    ep->ulp.closed = iw__px_mpa_closed;
    ep->next = l->eps;
    l->eps = ep;
    iw__px_dirty(ep);
    return 0;
}
int iw_px_ep_init(iw_px_loop *l, iw_px_ep *ep, const iw_px_opts *o)
{
    return iw__px_ep_setup(l, ep, o, NULL);
}
int iw_px_ep_init_shared(iw_px_loop *l, iw_px_ep *ep, const iw_px_opts *o, iw_px_shared *sh)
{
    if (!sh || !sh->stags) {
        memset(ep, 0, sizeof *ep);
        ep->fd = ep->reg_fd = -1;
        iw__px_fail(ep, IW_PX_E_VERBS, "endpoint setup: no shared RNIC");
        return -1;
    }
    return iw__px_ep_setup(l, ep, o, sh);
}

/* MPA configuration from the options (RFC 5044 §7.1, RFC 6581). */
static int iw__px_mpa_init(iw_px_ep *ep, unsigned role)
{
    iw_mpa_cfg c;
    iw_status st;
    iw_mpa_cfg_default(&c, role);
    c.rev = ep->o.rev;
    c.crc = ep->o.crc;
    c.markers_rx = ep->o.markers;
    c.markers_tx = ep->o.markers_tx;
    c.p2p = ep->o.p2p;
    c.rtr = ep->o.rtr;
    c.ird = ep->o.ird;
    c.ord = ep->o.ord;
    c.ird_max = ep->o.ird;
    c.req_timeout_ms = c.rep_timeout_ms = ep->o.timeout_ms;
    c.emss = ep->o.emss;
    if (ep->loop && !ep->loop->have_kern) { /* asks the CPU (cpuid, which traps in a VM):
                                                once a loop, not once a connection */
        iw_crc32c_kernels_select(&ep->loop->kern);
        ep->loop->have_kern = 1;
    }
    c.kernels = ep->loop ? &ep->loop->kern : NULL;
    ep->role = (int)role;
    st = iw_mpa_init(&ep->conn, &c, ep->o.trace ? &iw__px_mpa_host_tr : &iw__px_mpa_host, ep,
                     &ep->ulp, &ep->qp, ep->reasm,
                     sizeof ep->reasm);
    if (st != IW_OK) {
        iw__px_fail(ep, IW_PX_E_MPA, "MPA configuration refused: %s", iw_status_str(st));
        return -1;
    }
    return 0;
}

int iw_px_connect(iw_px_ep *ep, const char *host, uint16_t port)
{
    struct addrinfo *res = NULL, *p;
    int rc, e = 0, now = 0;
    const char *lb = host && strchr(host, ':') ? "[" : "", *rb = *lb ? "]" : "";
    if (ep->state != IW_PX_S_IDLE || iw__px_mpa_init(ep, IW_MPA_INITIATOR) < 0) return -1;
    rc = host ? iw__px_resolve(host, port, 0, &res) : EAI_NONAME;
    if (rc != 0 || !res) {
        iw__px_fail(ep, IW_PX_E_CONNECT, "connect: cannot resolve '%s': %s", host ? host : "",
                    rc ? gai_strerror(rc) : "no address");
        if (res) freeaddrinfo(res);
        return -1;
    }
    /* each address in turn until a connect starts (or completes); a refusal that comes
     * later, from the loop, is not retried on the next address */
    for (p = res; p; p = p->ai_next) {
        ep->fd = socket(p->ai_family, SOCK_STREAM, 0);
        if (ep->fd < 0 || iw__px_nonblock(ep->fd) < 0) {
            e = errno;
            if (ep->fd >= 0) (void)close(ep->fd);
            ep->fd = -1;
            continue;
        }
        if (connect(ep->fd, p->ai_addr, p->ai_addrlen) == 0) {
            now = 1;
            break;
        }
        if (errno == EINPROGRESS) break;
        e = errno;
        (void)close(ep->fd);
        ep->fd = -1;
    }
    freeaddrinfo(res);
    if (ep->fd < 0) {
        ep->err.sys_errno = e;
        iw__px_fail(ep, IW_PX_E_CONNECT, "connect %s%s%s:%u: %s", lb, host, rb, (unsigned)port,
                    strerror(e));
        return -1;
    }
    ep->state = IW_PX_S_CONNECTING;
    iw__px_dirty(ep);
    if (now) { /* connected at once */
        iw__px_tcp_up(ep);
        iw__px_after(ep);
    }
    return 0;
}

int iw_px_accept(iw_px_listener *lis, iw_px_ep *ep)
{
    iw_px_ep **p;
    if (ep->state != IW_PX_S_IDLE || lis->fd < 0 || iw__px_mpa_init(ep, IW_MPA_RESPONDER) < 0)
        return -1;
    ep->state = IW_PX_S_ACCEPTING;
    ep->next_wait = NULL;
    for (p = &lis->waiting; *p; p = &(*p)->next_wait) {
    }
    *p = ep;
    return 0;
}

int iw_px_accept_fd(iw_px_ep *ep, int fd)
{
    if (fd < 0 || ep->state != IW_PX_S_IDLE || !ep->loop ||
        iw__px_mpa_init(ep, IW_MPA_RESPONDER) < 0)
        return -1;
    ep->fd = fd;
    if (iw__px_nonblock(fd) < 0) {
        iw__px_llp_dead(ep, errno);
        return -1;
    }
    iw__px_tcp_up(ep);
    iw__px_after(ep);
    return 0;
}

void iw_px_listen_serve(iw_px_listener *lis, iw_px_conn_fn on_conn, void *arg)
{
    lis->on_conn = on_conn;
    lis->conn_arg = arg;
}

size_t iw_px_ep_bytes(size_t *core)
{
    if (core) {
        const iw_px_ep *e = NULL;
        *core = sizeof e->qp + sizeof e->swqe + sizeof e->rwr + sizeof e->rwqe +
                sizeof e->inreq + sizeof e->conn + sizeof e->reasm;
    }
    return sizeof(iw_px_ep);
}

int iw_px_run(iw_px_loop *l, int (*done)(void *arg), void *arg, int timeout_ms)
{
    int64_t end = iw__px_now() + timeout_ms;
    for (;;) {
        int64_t left;
        if (done(arg)) return 1;
        left = end - iw__px_now();
        if (left <= 0) return 0;
        if (iw_px_poll(l, left < 50 ? (int)left : 50) < 0) return 0;
    }
}

static int iw__px_ready_or_failed(void *arg)
{
    const iw_px_ep *ep = (const iw_px_ep *)arg;
    return ep->state == IW_PX_S_READY || ep->err.kind != IW_PX_E_NONE;
}
int iw_px_wait_ready(iw_px_ep *ep, int timeout_ms)
{
    if (!iw_px_run(ep->loop, iw__px_ready_or_failed, ep, timeout_ms)) return -2;
    return ep->state == IW_PX_S_READY && ep->err.kind == IW_PX_E_NONE ? 0 : -1;
}

int iw_px_state(const iw_px_ep *ep) { return ep->state; }
const iw_px_err *iw_px_error(const iw_px_ep *ep) { return &ep->err; }
const uint8_t *iw_px_peer_pd(const iw_px_ep *ep, size_t *len)
{
    *len = ep->peer_pd_len;
    return ep->peer_pd_len ? ep->peer_pd : NULL;
}
const iw_mpa_info *iw_px_info(const iw_px_ep *ep) { return &ep->info; }
int iw_px_fd(const iw_px_ep *ep) { return ep->fd; }
int iw_px_addrs_ss(const iw_px_ep *ep, struct sockaddr_storage *local,
                   struct sockaddr_storage *peer)
{
    struct sockaddr_storage a, b;
    socklen_t la = sizeof a, lb = sizeof b;
    if (ep->fd < 0 || getsockname(ep->fd, (struct sockaddr *)(void *)&a, &la) < 0 ||
        getpeername(ep->fd, (struct sockaddr *)(void *)&b, &lb) < 0)
        return -1;
    if (local) *local = a;
    if (peer) *peer = b;
    return 0;
}
/* a as IPv4 (host order) and its port: 0, or -1 when it is IPv6 proper. */
static int iw__px_v4(const struct sockaddr_storage *a, uint32_t *ip, uint16_t *port)
{
    if (a->ss_family == AF_INET) {
        const struct sockaddr_in *s = (const struct sockaddr_in *)(const void *)a;
        *ip = ntohl(s->sin_addr.s_addr);
        *port = ntohs(s->sin_port);
        return 0;
    }
    if (a->ss_family == AF_INET6) {
        const struct sockaddr_in6 *s = (const struct sockaddr_in6 *)(const void *)a;
        const uint8_t *o = s->sin6_addr.s6_addr;
        static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(o, mapped, sizeof mapped) != 0) return -1;
        *ip = (uint32_t)o[12] << 24 | (uint32_t)o[13] << 16 | (uint32_t)o[14] << 8 | o[15];
        *port = ntohs(s->sin6_port);
        return 0;
    }
    return -1;
}
int iw_px_addrs(const iw_px_ep *ep, uint32_t *local_ip, uint16_t *local_port,
                uint32_t *peer_ip, uint16_t *peer_port)
{
    struct sockaddr_storage a, b;
    uint32_t li, pi;
    uint16_t lp, pp;
    if (iw_px_addrs_ss(ep, &a, &b) != 0 || iw__px_v4(&a, &li, &lp) != 0 ||
        iw__px_v4(&b, &pi, &pp) != 0)
        return -1;
    *local_ip = li;
    *local_port = lp;
    *peer_ip = pi;
    *peer_port = pp;
    return 0;
}
int iw_px_family(const iw_px_ep *ep)
{
    struct sockaddr_storage a;
    uint32_t ip;
    uint16_t port;
    if (iw_px_addrs_ss(ep, &a, NULL) != 0) return 0;
    return iw__px_v4(&a, &ip, &port) == 0 ? 4 : 6;
}
const char *iw_px_addr_str(const struct sockaddr_storage *a, char *buf, size_t len)
{
    char t[INET6_ADDRSTRLEN];
    uint32_t ip;
    uint16_t port;
    if (!len) return buf;
    if (iw__px_v4(a, &ip, &port) == 0)
        snprintf(buf, len, "%u.%u.%u.%u:%u", (unsigned)(ip >> 24), (unsigned)(ip >> 16 & 255),
                 (unsigned)(ip >> 8 & 255), (unsigned)(ip & 255), (unsigned)port);
    else if (a->ss_family == AF_INET6) {
        const struct sockaddr_in6 *s = (const struct sockaddr_in6 *)(const void *)a;
        if (!inet_ntop(AF_INET6, &s->sin6_addr, t, sizeof t)) t[0] = 0;
        snprintf(buf, len, "[%s]:%u", t, (unsigned)ntohs(s->sin6_port));
    } else
        snprintf(buf, len, "?");
    return buf;
}

static int iw__px_closed(void *arg)
{
    const iw_px_ep *ep = (const iw_px_ep *)arg;
    return ep->fd < 0;
}
int iw_px_close(iw_px_ep *ep, int timeout_ms)
{
    ep->closing = 1;
    if (ep->fd >= 0 && ep->state == IW_PX_S_READY) {
        iw_qp_attr a;
        memset(&a, 0, sizeof a);
        a.next_state = IW_QP_CLOSING; /* verbs §6.2: graceful, MPA sends FIN when drained */
        ep->state = IW_PX_S_CLOSING;
        (void)iw_qp_modify(&ep->qp, &a);
        iw__px_after(ep);
        (void)iw_px_run(ep->loop, iw__px_closed, ep, timeout_ms);
    }
    if (ep->fd >= 0) {
        iw__px_close_op(ep, 1);
        ep->dead_errno = 0;
    }
    if (ep->state == IW_PX_S_CLOSING) ep->state = IW_PX_S_CLOSED;
    return ep->state == IW_PX_S_CLOSED ? 0 : -1;
}

static void iw__px_id_del(iw_px_shared *sh, uint32_t id);
void iw_px_ep_fini(iw_px_ep *ep)
{
    iw_px_ep **p;
    iw_px_listener *lis;
    if (ep->fd >= 0) iw__px_close_op(ep, 1);
    if (ep->sh) { /* off the shared RNIC: no WC or event of this QP from here (VERBS-034) */
        iw_px_shared *sh = ep->sh;
        if (iw_qp_destroy(&ep->qp) == IW_V_MW_BOUND_TO_QP) {
            uint32_t i; /* its windows go first (the STag table is the record of them) */
            for (i = 1; i < sh->nstags; i++) {
                iw_stag_info si;
                if (iw_stag_query(&sh->rnic, i, &si) == IW_V_OK && si.is_mw &&
                    si.qp_id == iw_qp_id(&ep->qp))
                    (void)iw_stag_dealloc(&sh->rnic, i);
            }
            (void)iw_qp_destroy(&ep->qp);
        }
        iw__px_id_del(sh, iw_qp_id(&ep->qp));
        sh->nqp--;
        ep->sh = NULL;
    }
    if (!ep->loop) return;
    for (lis = ep->loop->lis; lis; lis = lis->next) /* no longer waiting for a connection */
        for (p = &lis->waiting; *p; p = &(*p)->next_wait)
            if (*p == ep) {
                *p = ep->next_wait;
                break;
            }
    for (p = &ep->loop->eps; *p; p = &(*p)->next)
        if (*p == ep) {
            *p = ep->next;
            break;
        }
    ep->tx_len = 0; /* what was staged and not sent is dropped with the endpoint */
    iw__px_unshare(ep);
    if (ep->dirty)
        for (p = &ep->loop->dirty; *p; p = &(*p)->next_dirty)
            if (*p == ep) {
                *p = ep->next_dirty;
                break;
            }
    ep->dirty = 0;
    if (ep->on_txq) {
        iw_px_ep *q, *prev = NULL;
        for (q = ep->loop->txq; q && q != ep; q = q->txq_next) prev = q;
        if (prev) prev->txq_next = ep->txq_next;
        else ep->loop->txq = ep->txq_next;
        if (ep->loop->txq_tail == ep) ep->loop->txq_tail = prev;
        ep->loop->ntxq--;
        ep->on_txq = 0;
    }
    iw__px_tmo_set(ep, -1);
    ep->loop->gen++;
    ep->loop = NULL;
}

/* ---- a shared RNIC ---- */

/* QP ID -> endpoint, open addressing with linear probing (IDs are sequential per RNIC, so the
 * low bits spread them). iw__px_id_put(sh, NULL) only makes room for one more. */
static size_t iw__px_id_slot(const iw_px_shared *sh, uint32_t id)
{
    return (size_t)(id * 2654435761u) & (sh->id_cap - 1);
}
static int iw__px_id_put(iw_px_shared *sh, iw_px_ep *ep)
{
    size_t i;
    if (!ep) {
        if ((sh->id_n + 1) * 2 <= sh->id_cap) return 0;
        {
            size_t cap = sh->id_cap ? sh->id_cap * 2 : 64, old = sh->id_cap;
            iw_px_ep **o = sh->by_id, **n = (iw_px_ep **)calloc(cap, sizeof *n);
            if (!n) return -1;
            sh->by_id = n;
            sh->id_cap = cap;
            sh->id_n = 0;
            for (i = 0; i < old; i++)
                if (o[i]) (void)iw__px_id_put(sh, o[i]);
            free(o);
        }
        return 0;
    }
    for (i = iw__px_id_slot(sh, iw_qp_id(&ep->qp)); sh->by_id[i]; i = (i + 1) & (sh->id_cap - 1)) {
    }
    sh->by_id[i] = ep;
    sh->id_n++;
    return 0;
}
iw_px_ep *iw_px_shared_ep(const iw_px_shared *sh, uint32_t qp_id)
{
    size_t i;
    if (!sh->id_cap) return NULL;
    for (i = iw__px_id_slot(sh, qp_id); sh->by_id[i]; i = (i + 1) & (sh->id_cap - 1))
        if (iw_qp_id(&sh->by_id[i]->qp) == qp_id) return sh->by_id[i];
    return NULL;
}
/* Remove by shifting back the entries of the probe run behind it (no tombstones). */
static void iw__px_id_del(iw_px_shared *sh, uint32_t id)
{
    size_t i, j, m = sh->id_cap - 1;
    if (!sh->id_cap) return;
    i = iw__px_id_slot(sh, id);
    while (sh->by_id[i] && iw_qp_id(&sh->by_id[i]->qp) != id) i = (i + 1) & m;
    if (!sh->by_id[i]) return;
    sh->by_id[i] = NULL;
    sh->id_n--;
    for (j = (i + 1) & m; sh->by_id[j]; j = (j + 1) & m) {
        size_t h = iw__px_id_slot(sh, iw_qp_id(&sh->by_id[j]->qp));
        /* the entry at j may move to the hole at i when its home h is not in (i, j] */
        if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
            sh->by_id[i] = sh->by_id[j];
            sh->by_id[j] = NULL;
            i = j;
        }
    }
}

void iw_px_shared_cfg_default(iw_px_shared_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->cq_entries = 4096;
    c->max_mr = 1024;
}

int iw_px_shared_init(iw_px_loop *l, iw_px_shared *sh, const iw_px_shared_cfg *c)
{
    iw_vstatus vs;
    size_t ns;
    memset(sh, 0, sizeof *sh);
    if (c)
        sh->cfg = *c;
    else
        iw_px_shared_cfg_default(&sh->cfg);
    if (!sh->cfg.cq_entries || !sh->cfg.max_mr || sh->cfg.max_mr > 0xFFFF00u) return -1;
    sh->loop = l;
    ns = (size_t)sh->cfg.max_mr + 2;
    sh->nstags = (uint32_t)ns;
    sh->stags = (iw_stag_ent *)calloc(ns, sizeof *sh->stags);
    sh->pbl = (uint64_t *)calloc((size_t)sh->cfg.max_mr * 2, sizeof *sh->pbl);
    sh->mr_used = (uint8_t *)calloc(sh->cfg.max_mr, 1);
    sh->sring = (iw_wc *)calloc(sh->cfg.cq_entries, sizeof *sh->sring);
    sh->rring = sh->cfg.one_cq ? NULL : (iw_wc *)calloc(sh->cfg.cq_entries, sizeof *sh->rring);
    sh->srq_ring = sh->cfg.srq_depth
                       ? (iw_recv_wr *)calloc(sh->cfg.srq_depth, sizeof *sh->srq_ring) : NULL;
    if (!sh->stags || !sh->pbl || !sh->mr_used || !sh->sring ||
        (!sh->cfg.one_cq && !sh->rring) || (sh->cfg.srq_depth && !sh->srq_ring)) {
        sh->nqp = 0;
        (void)iw_px_shared_fini(sh);
        return -1;
    }
    /* Block List mode, as an endpoint's own RNIC (iw__px_ep_setup) */
    vs = iw_rnic_open(&sh->rnic, &iw__px_sh_host, sh, sh->stags, sh->nstags,
                      (uint64_t)(uintptr_t)sh ^ (uint64_t)iw__px_now(), 1);
    if (vs == IW_V_OK) vs = iw_pd_alloc(&sh->rnic, &sh->pd_id);
    if (vs == IW_V_OK) vs = iw_cq_create(&sh->rnic, &sh->scq, sh->sring, sh->cfg.cq_entries);
    if (vs == IW_V_OK && !sh->cfg.one_cq)
        vs = iw_cq_create(&sh->rnic, &sh->rcq, sh->rring, sh->cfg.cq_entries);
    if (vs == IW_V_OK && sh->srq_ring)
        vs = iw_srq_create(&sh->rnic, &sh->srq, sh->pd_id, sh->srq_ring, sh->cfg.srq_depth,
                           IW_CFG_VERBS_SGE, sh->cfg.srq_limit);
    if (vs != IW_V_OK) {
        (void)iw_px_shared_fini(sh);
        return -1;
    }
    return 0;
}

int iw_px_shared_fini(iw_px_shared *sh)
{
    if (sh->nqp) return -1;
    if (iw_rnic_query(&sh->rnic, NULL) == IW_V_OK) { /* the RNIC is open */
        if (sh->srq_ring) (void)iw_srq_destroy(&sh->srq);
        if (sh->rring) (void)iw_cq_destroy(&sh->rcq);
        (void)iw_cq_destroy(&sh->scq);
        (void)iw_rnic_close(&sh->rnic);
    }
    free(sh->stags);
    free(sh->pbl);
    free(sh->mr_used);
    free(sh->sring);
    free(sh->rring);
    free(sh->srq_ring);
    free(sh->by_id);
    sh->stags = NULL;
    sh->pbl = NULL;
    sh->mr_used = NULL;
    sh->sring = sh->rring = NULL;
    sh->srq_ring = NULL;
    sh->by_id = NULL;
    sh->id_cap = sh->id_n = 0;
    return 0;
}

uint32_t iw_px_qp_id(const iw_px_ep *ep) { return iw_qp_id(&ep->qp); }

/* Register on an RNIC: slot s of max slots, its block list at pbl[2 s] (verbs §7.6.2). */
static int iw__px_reg_on(iw_rnic *r, uint32_t pd, uint64_t *pbl, uint8_t *used, int max,
                         void *buf, uint64_t len, unsigned acc, iw_px_mr *mr, iw_vstatus *vso)
{
    iw_mr_reg g;
    iw_vstatus vs;
    uint64_t va = (uint64_t)(uintptr_t)buf, rem, bs = 1;
    int s;
    for (s = 0; s < max && used[s]; s++) {
    }
    if (s == max || len == 0 || len > 0x80000000u) {
        *vso = IW_V_INSUFFICIENT_RESOURCES;
        return -1;
    }
    /* one block of at least len octets, a power of 2 (the core then translates every
     * message's address with a shift, not a division): VA mod block = FBO (verbs §7.6.2), so
     * the first block starts FBO octets before buf and a second one may be needed for the tail */
    while (bs < len) bs <<= 1;
    rem = va & (bs - 1u);
    pbl[2 * s] = va - rem;
    pbl[2 * s + 1] = va - rem + bs;
    memset(&g, 0, sizeof g);
    g.pd = pd;
    g.key = (uint8_t)(0x40 + s);
    g.acc = acc | IW_ACC_LOCAL_READ;
    g.va = va;
    g.len = len;
    g.page_size = (uint32_t)bs;
    g.fbo = (uint32_t)rem;
    g.pbl = pbl + 2 * s;
    g.npbl = 2;
    vs = iw_mr_register(r, &g, &mr->stag);
    if (vs != IW_V_OK) {
        *vso = vs;
        return -1;
    }
    used[s] = 1;
    mr->to = va;
    mr->len = len;
    mr->addr = buf;
    mr->slot = s;
    return 0;
}
int iw_px_shared_reg(iw_px_shared *sh, void *buf, uint64_t len, unsigned acc, iw_px_mr *mr)
{
    iw_vstatus vs;
    return iw__px_reg_on(&sh->rnic, sh->pd_id, sh->pbl, sh->mr_used, (int)sh->cfg.max_mr, buf,
                         len, acc, mr, &vs);
}
int iw_px_shared_dereg(iw_px_shared *sh, iw_px_mr *mr)
{
    if (iw_stag_dealloc(&sh->rnic, mr->stag >> 8) != IW_V_OK) return -1;
    if (mr->slot >= 0 && (uint32_t)mr->slot < sh->cfg.max_mr) sh->mr_used[mr->slot] = 0;
    return 0;
}
/* A receive WR of one SGE (none when mr is NULL or len is 0): iw_px_recv, iw_px_shared_recv. */
static iw_recv_wr iw__px_recv_wr(uint64_t wr_id, const iw_px_mr *mr, uint64_t off, uint32_t len)
{
    iw_recv_wr r;
    memset(&r, 0, sizeof r);
    r.wr_id = wr_id;
    if (mr && len) {
        r.nsge = 1;
        r.sgl[0].stag = mr->stag;
        r.sgl[0].to = mr->to + off;
        r.sgl[0].len = len;
    }
    return r;
}
iw_vstatus iw_px_shared_recv(iw_px_shared *sh, uint64_t wr_id, const iw_px_mr *mr,
                             uint64_t off, uint32_t len)
{
    iw_recv_wr r;
    size_t n = 0;
    if (!sh->srq_ring) return IW_V_INVALID_SRQ;
    r = iw__px_recv_wr(wr_id, mr, off, len);
    return iw_srq_post(&sh->srq, &r, 1, &n);
}
iw_cq *iw_px_shared_cq(iw_px_shared *sh, iw_px_queue which)
{
    if (which == IW_PX_SQ_CQ || (which == IW_PX_RQ_CQ && sh->cfg.one_cq)) return &sh->scq;
    return which == IW_PX_RQ_CQ ? &sh->rcq : NULL;
}
iw_rnic *iw_px_shared_rnic(iw_px_shared *sh) { return &sh->rnic; }
int iw_px_shared_poll_wc(iw_px_shared *sh, iw_px_queue which, iw_wc *wc, iw_px_ep **ep)
{
    iw_cq *cq = iw_px_shared_cq(sh, which);
    if (!cq || iw_cq_poll(cq, wc) != IW_V_OK) return 0;
    if (ep) *ep = iw_px_shared_ep(sh, wc->qp_id);
    return 1;
}
typedef struct iw__px_shw {
    iw_px_shared *sh;
    iw_px_queue which;
    iw_wc *wc;
    iw_px_ep **ep;
} iw__px_shw;
static int iw__px_sh_wc_done(void *arg)
{
    iw__px_shw *w = (iw__px_shw *)arg;
    return iw_px_shared_poll_wc(w->sh, w->which, w->wc, w->ep);
}
int iw_px_shared_wait_wc(iw_px_shared *sh, iw_px_queue which, iw_wc *wc, iw_px_ep **ep,
                         int timeout_ms)
{
    iw__px_shw w;
    if (!iw_px_shared_cq(sh, which)) return -3;
    w.sh = sh;
    w.which = which;
    w.wc = wc;
    w.ep = ep;
    return iw_px_run(sh->loop, iw__px_sh_wc_done, &w, timeout_ms) ? 0 : -2;
}

/* ---- memory ---- */

int iw_px_reg(iw_px_ep *ep, void *buf, uint64_t len, unsigned acc, iw_px_mr *mr)
{
    iw_vstatus vs;
    if (ep->sh) return iw__px_reg_on(&ep->sh->rnic, ep->sh->pd_id, ep->sh->pbl, ep->sh->mr_used,
                                     (int)ep->sh->cfg.max_mr, buf, len, acc, mr, &ep->err.vstatus);
    if (iw__px_reg_on(&ep->rnic, ep->pd_id, &ep->pbl[0][0], ep->mr_used, IW_PX_MAX_MR, buf, len,
                      acc, mr, &vs) < 0) {
        ep->err.vstatus = vs;
        return -1;
    }
    return 0;
}
int iw_px_dereg(iw_px_ep *ep, iw_px_mr *mr)
{
    iw_vstatus vs;
    if (ep->sh) return iw_px_shared_dereg(ep->sh, mr);
    vs = iw_stag_dealloc(&ep->rnic, mr->stag >> 8);
    if (vs != IW_V_OK) {
        ep->err.vstatus = vs;
        return -1;
    }
    if (mr->slot >= 0 && mr->slot < IW_PX_MAX_MR) ep->mr_used[mr->slot] = 0;
    return 0;
}
int iw_px_mw_alloc(iw_px_ep *ep, uint8_t key, uint32_t *stag)
{
    iw_vstatus vs = iw_mw_alloc(iw_px_rnic(ep), iw_px_pd(ep), key, stag);
    if (vs != IW_V_OK) ep->err.vstatus = vs;
    return vs == IW_V_OK ? 0 : -1;
}

/* ---- work requests ---- */

iw_send_wr iw_px_wr(iw_wr_type t, uint64_t wr_id, const iw_px_mr *mr, uint64_t off,
                    uint32_t len)
{
    int one = mr && (len || t == IW_WR_READ || t == IW_WR_FETCHADD || t == IW_WR_CMPSWAP);
    iw_sge g = {0, 0, 0};
    if (one) {
        g.stag = mr->stag;
        g.to = mr->to + off;
        g.len = len;
    }
    /* one compound literal: built where the caller takes it (a local WR cleared, filled and
     * then copied out was two passes over its some 270 octets, on every post) */
    return (iw_send_wr){.wr_id = wr_id, .type = t, .flags = IW_WR_SIGNALED, .sgl = {g},
                        .nsge = (uint32_t)one};
}
iw_vstatus iw_px_post(iw_px_ep *ep, const iw_send_wr *wr)
{
    return iw_px_post_list(ep, wr, 1, NULL);
}
iw_vstatus iw_px_post_list(iw_px_ep *ep, const iw_send_wr *wrs, size_t n, size_t *posted)
{
    size_t k = 0;
    iw_vstatus vs;
    /* the posts only read memory: their FPDUs may leave in one sendmsg(); in RTS they run at
     * once */
    ep->gather_ok = 1;
    vs = iw_qp_post_sq(&ep->qp, wrs, n, &k);
    ep->gather_ok = 0;
    iw__px_after(ep); /* what the list staged, in one send() */
    if (posted) *posted = k;
    return vs;
}
iw_vstatus iw_px_recv(iw_px_ep *ep, uint64_t wr_id, const iw_px_mr *mr, uint64_t off,
                      uint32_t len)
{
    iw_recv_wr r = iw__px_recv_wr(wr_id, mr, off, len);
    size_t n = 0;
    return iw_qp_post_rq(&ep->qp, &r, 1, &n);
}
iw_cq *iw_px_cq(iw_px_ep *ep, iw_px_queue which)
{
    if (ep->sh) return iw_px_shared_cq(ep->sh, which);
    return which == IW_PX_RQ_CQ ? &ep->rcq : which == IW_PX_SQ_CQ ? &ep->scq : NULL;
}
iw_qp *iw_px_qp(iw_px_ep *ep) { return &ep->qp; }
iw_rnic *iw_px_rnic(iw_px_ep *ep) { return ep->sh ? &ep->sh->rnic : &ep->rnic; }
uint32_t iw_px_pd(const iw_px_ep *ep) { return ep->sh ? ep->sh->pd_id : ep->pd_id; }
int iw_px_poll_wc(iw_px_ep *ep, iw_px_queue which, iw_wc *wc)
{
    iw_cq *cq = iw_px_cq(ep, which);
    return cq != NULL && iw_cq_poll(cq, wc) == IW_V_OK;
}

typedef struct iw__px_wcw {
    iw_px_ep *ep;
    iw_px_queue which;
    int got;
    iw_wc *wc;
} iw__px_wcw;
static int iw__px_wc_done(void *arg)
{
    iw__px_wcw *w = (iw__px_wcw *)arg;
    if (iw_px_poll_wc(w->ep, w->which, w->wc)) {
        w->got = 1;
        return 1;
    }
    /* failed and nothing left to complete: stop waiting */
    return w->ep->state == IW_PX_S_FAILED && w->ep->fd < 0;
}
int iw_px_wait_wc(iw_px_ep *ep, iw_px_queue which, iw_wc *wc, int timeout_ms)
{
    iw__px_wcw w;
    if (iw_px_cq(ep, which) == NULL) return -3;
    w.ep = ep;
    w.which = which;
    w.got = 0;
    w.wc = wc;
    if (!iw_px_run(ep->loop, iw__px_wc_done, &w, timeout_ms)) return -2;
    return w.got ? 0 : -1;
}

#endif /* POSIX.1-2008 visible */
#endif /* IW_POSIX_IMPLEMENTATION */
