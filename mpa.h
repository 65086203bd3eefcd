/* mpa.h: MPA framing for iWARP (RFC 5044, RFC 6581), the base of the iWARP core.
 *
 * SPDX-License-Identifier: MIT
 *
 * QUICK START
 *   In exactly one C file:
 *       #define IWARP_IMPLEMENTATION
 *       #include "mpa.h"
 *   everywhere else just #include "mpa.h". Define IWARP_STATIC (before every include) to make
 *   every function static, for single-file firmware builds.
 *
 *   iw_mpa_conn c;                         caller-owned; sizeof is public
 *   static uint8_t reasm[IW_MPA_REASM_BYTES(4096)];
 *   iw_mpa_cfg cfg;
 *   iw_mpa_cfg_default(&cfg, IW_MPA_INITIATOR);
 *   iw_mpa_init(&c, &cfg, &host_ops, host_ctx, &ulp_ops, ulp_ctx, reasm, sizeof reasm);
 *   iw_mpa_start(&c, pd, pd_len);          TCP is up: the Initiator sends its MPA Request
 *   ... on every read from the socket:     iw_mpa_rx_feed(&c, buf, n, &consumed);
 *   ... when the socket is writable again: iw_mpa_tx_resume(&c);
 *   ... when a host timer fires:           iw_mpa_timeout(&c, id);
 *   ... to send one ULPDU (a DDP segment): iw_mpa_tx(&c, iov, n);
 *
 * WHAT IT DOES
 *   MPA Request/Reply (revisions 1 and 2, RFC 6581 IRD/ORD header, peer-to-peer RTR), the
 *   Initiator and Responder setup state machines with their timers, CRC and marker negotiation,
 *   FPDU transmit (gather list: no payload copy; markers every 512 octets; exact resume after a
 *   partial send) and receive (any chunking; one placement contract for every FPDU: the
 *   ULP's begin names where the payload goes, MPA copies it there while it computes the CRC,
 *   checks the CRC, then commit; reassembly only when the ULP declines; header-split reads
 *   for socket hosts, iw_mpa_rx_direct), and the MPA errors (RFC 5044 §8) with the
 *   Terminate they call for. It also holds the few definitions every layer shares: iw_status,
 *   iw_iov and iw_term (byte order and CRC32c are in crc32c.h, which it includes).
 *
 * HOST OPS (iw_mpa_host_ops): send (gather list, partial accept), timer_arm/timer_cancel,
 *   close (TCP), and the optional crc32c override and trace hook. ULP UPCALLS (iw_mpa_ulp_ops):
 *   request (Responder), established, rejected, begin/commit (placement of each ULPDU),
 *   error, closed, tx_done.
 *
 * LIMITS: Private Data <= IW_CFG_MPA_MAX_PRIVDATA (512) octets; a ULPDU is at most 65535 octets
 *   and at most the reassembly buffer; one FPDU in flight per connection (iw_mpa_tx returns
 *   IW_EAGAIN while one is pending); at most IW_CFG_MPA_MAX_IOV pieces per ULPDU.
 *
 * CONFIG MACROS: IW_CFG_MPA_MAX_PRIVDATA, IW_CFG_MPA_MAX_IOV, IW_CFG_MPA_TX_WINDOW,
 *   IW_MEMCPY/IW_MEMMOVE/IW_MEMSET (all or none), IW_CRC32C_NO_ACCEL, IW_CRC32C_SMALL.
 *
 * No allocation, no blocking, no global state, no stdio; freestanding builds reference only
 * memcpy, memmove and memset. Licence: see the end of the file.
 */
#ifndef IW_MPA_H
#define IW_MPA_H
#include "crc32c.h" /* linkage and platform macros, byte order, CRC32c */

/* Protocol limits (docs/style.md §3). */
#ifndef IW_CFG_MPA_MAX_PRIVDATA
#define IW_CFG_MPA_MAX_PRIVDATA 512 /* RFC 5044 §7.1.1: PD_Length MUST NOT exceed 512 */
#endif
#ifndef IW_CFG_MPA_MAX_IOV
#define IW_CFG_MPA_MAX_IOV 16 /* pieces in one ULPDU handed to iw_mpa_tx */
#endif
#ifndef IW_CFG_MPA_TX_WINDOW
#define IW_CFG_MPA_TX_WINDOW 24 /* iovecs offered to the host's send in one call */
#endif
#ifndef IW_CFG_MPA_FUSE_MIN
/* receive: a whole FPDU's payload shorter than this is CRCed, then copied (faster from L1);
 * longer ones are copied and CRCed in one pass */
#define IW_CFG_MPA_FUSE_MIN 1024
#endif
/* Footprint knobs (docs/porting-baremetal.md has the table): 1 (default) keeps the feature;
 * 0 compiles it out, and what would need it gets the error its comment names. */
#ifndef IW_CFG_STRINGS
#define IW_CFG_STRINGS 1 /* 0: every *_str function of the four headers returns "?" */
#endif
/* X-macro tables of (name, value, text): IW_ENUM_ENTRY makes an enum's members from one, and
 * IW_TEXT_OF(MAP, v) is the body of its *_str function: return v's text ("?" if v is in no
 * entry, or always with IW_CFG_STRINGS 0). */
#define IW_ENUM_ENTRY(name, val, text) name = val,
#define IW_TEXT_CASE(name, val, text) case val: return text;
#if IW_CFG_STRINGS
#define IW_TEXT_OF(MAP, v) do { switch ((long)(v)) { MAP(IW_TEXT_CASE) default: return "?"; } } while (0)
#else
#define IW_TEXT_OF(MAP, v) do { (void)(v); return "?"; } while (0)
#endif
#ifndef IW_CFG_STATS
#define IW_CFG_STATS 1 /* 0: no counters kept (no RAM for them); the get_stats accessors
                          of mpa.h, ddp.h, rdmap.h (and verbs' iw_qp_stats) read all 0 */
#endif
#if IW_CFG_STATS
#define IW_STAT(x) (x) /* one counter update (compiled out with IW_CFG_STATS 0) */
#else
#define IW_STAT(x) ((void)0)
#endif
#ifndef IW_CFG_MPA_MARKERS
#define IW_CFG_MPA_MARKERS 1 /* 0: no markers either way: cfg.markers_rx is IW_EINVAL; a
                                Request with M is Rejected, a Reply with M a local error
                                (MPA-028), as with cfg.markers_tx = 0 */
#endif
#ifndef IW_CFG_MPA_P2P
#define IW_CFG_MPA_P2P 1 /* 0: no peer-to-peer RTR: cfg.p2p is IW_EINVAL; a Responder declines
                            a P2P offer (P2P and RTR bits clear, MPA-039) */
#endif
#ifndef IW_CFG_MPA_TX_COPYOUT
#define IW_CFG_MPA_TX_COPYOUT 1 /* 0: no copy-out sink: host ops tx_room/tx_commit are
                                   IW_EINVAL at iw_mpa_init; FPDUs go through send */
#endif
#ifndef IW_CFG_MPA_TRACE
#define IW_CFG_MPA_TRACE 1 /* 0: no trace hook: host op trace is IW_EINVAL at iw_mpa_init */
#endif
#ifndef IW_CFG_MPA_RX_STREAM
#define IW_CFG_MPA_RX_STREAM 1 /* 0: an FPDU cut by the end of a feed is reassembled and
                                  checked before it is placed (verify-then-place), never
                                  placed as it comes; iw_mpa_rx_direct is IW_EAGAIN and
                                  iw_mpa_rx_split_hint 0 */
#endif
#if IW_CFG_MPA_MAX_PRIVDATA > 512 || IW_CFG_MPA_MAX_PRIVDATA < 4
#error "IW_CFG_MPA_MAX_PRIVDATA must be 4..512 (RFC 5044 §7.1.1)"
#endif
#if IW_CFG_MPA_TX_WINDOW < 4
#error "IW_CFG_MPA_TX_WINDOW must be at least 4"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------- */
/* Shared definitions (written once, here; ddp.h, rdmap.h and verbs.h use them).             */

/* Status of every fallible call (docs/style.md §6). Counts go through size_t out-parameters. */
#define IW_STATUS_MAP(X)                                                                      \
    X(IW_OK, 0, "ok")                                                                         \
    X(IW_EAGAIN, -1, "not now: need more input, or the host or queue is full")                \
    X(IW_EINVAL, -2, "invalid argument; nothing changed")                                     \
    X(IW_ESTATE, -3, "not valid in this state; nothing changed")                              \
    X(IW_ETERM, -4, "peer violated the protocol; Terminate sent or queued")                   \
    X(IW_EHOST, -5, "a host op failed; object dead until reset")                              \
    X(IW_EPROTO, -6, "invalid MPA Request/Reply or setup error; connection closed")           \
    X(IW_ETIMEOUT, -7, "setup timer expired; connection closed")                              \
    X(IW_ECLOSED, -8, "the TCP connection is closed")                                         \
    X(IW_EREJECTED, -9, "the connection was rejected (by the peer, or by local policy)")
typedef enum iw_status {
    IW_STATUS_MAP(IW_ENUM_ENTRY)
    IW_STATUS_END_ = 1
} iw_status;

/* Short text for a status ("?" for an unknown value). */
IW_DEF const char *iw_status_str(iw_status s);

/* One piece of a gather list. base may be NULL only when len is 0. */
typedef struct iw_iov {
    const void *base;
    size_t len;
} iw_iov;

/* Terminate error triple (RFC 5040 §4.8): Layer 0 RDMAP, 1 DDP, 2 LLP (MPA). */
typedef struct iw_term {
    uint8_t layer, etype, ecode;
} iw_term;

/* The triple (layer, etype, code): its one constructor, for every layer. */
IW_INLINE iw_term iw_term_make(unsigned layer, unsigned etype, unsigned code)
{
    iw_term t;
    t.layer = (uint8_t)layer;
    t.etype = (uint8_t)etype;
    t.ecode = (uint8_t)code;
    return t;
}

/* A Terminate after its DDP header (RFC 5040 §4.8 Fig. 7, 8), the one encoder of its layout:
 * the Terminate Control word (Layer | EType, Error Code, the M, D and R bits of mdr: 0x80, 0x40,
 * 0x20, rdmap.h's IW_RDMAP_TERM_*; reserved bits 0, RDMAP-019); with D, the DDP Segment Length
 * (0 without M) and the dn octets of the offending DDP header dh (RDMAP-020); with R, the 28
 * octets of the Read Request header rh. Returns its length. rdmap.h's iw_rdmap_term_encode and
 * MPA's header-less Terminate (iw_mpa_build_terminate) call it. */
IW_DEF size_t iw_term_encode(uint8_t *out, iw_term t, unsigned mdr, unsigned seg_len,
                             const uint8_t *dh, size_t dn, const uint8_t *rh);



/* ---------------------------------------------------------------------------------------- */
/* MPA wire constants (RFC 5044 §7.1.1, RFC 6581).                                          */

#define IW_MPA_KEY_LEN 16
#define IW_MPA_FRAME_HDR 20 /* key 16 + flags 1 + rev 1 + PD_Length 2 */
#define IW_MPA_MAX_PD 512
#define IW_MPA_FLAG_M 0x80u /* the sender wants markers in the FPDUs sent to it */
#define IW_MPA_FLAG_C 0x40u /* the sender requests CRC */
#define IW_MPA_FLAG_R 0x20u /* Reply only: connection rejected */
#define IW_MPA_FLAG_H 0x10u /* Rev 2: first 4 PD octets are the IRD/ORD header (RFC 6581) */
#define IW_MPA_IRDORD_LEN 4
#define IW_MPA_IRD_P2P 0x8000u      /* IRD word: peer-to-peer mode */
#define IW_MPA_IRD_RTR_SEND 0x4000u /* IRD word: zero-length Send RTR */
#define IW_MPA_ORD_RTR_WRITE 0x8000u /* ORD word: zero-length RDMA Write RTR */
#define IW_MPA_ORD_RTR_READ 0x4000u /* ORD word: zero-length RDMA Read RTR */
#define IW_MPA_IRDORD_MAX 0x3FFFu   /* 14-bit IRD/ORD values */
#define IW_MPA_MARKER_INTERVAL 512u /* RFC 5044 §5 */
#define IW_MPA_MARKER_LEN 4u
#define IW_MPA_CRC_LEN 4u
/* The tagged DDP header: the smallest ULPDU (docs/spec-notes.md MPA §11). */
#define IW_MPA_MIN_ULPDU 14u

/* RTR message types (RFC 6581), as a bit mask for offers. */
#define IW_MPA_RTR_SEND 0x1u
#define IW_MPA_RTR_WRITE 0x2u
#define IW_MPA_RTR_READ 0x4u

/* MPA error codes, reported in a Terminate as Layer 2, EType 0 (RFC 5044 §8, RFC 6581). */
#define IW_MPA_ECODE_MAP(X)                                                                   \
    X(IW_MPA_ECODE_CLOSED, 0x01, "TCP connection closed, terminated or lost")                 \
    X(IW_MPA_ECODE_CRC, 0x02, "MPA CRC error")                                                \
    X(IW_MPA_ECODE_MARKER, 0x03, "MPA Marker and ULPDU_Length mismatch")                      \
    X(IW_MPA_ECODE_INVALID_FRAME, 0x04, "invalid MPA Request or Reply frame")                 \
    X(IW_MPA_ECODE_LOCAL, 0x05, "local catastrophic error")                                   \
    X(IW_MPA_ECODE_IRD, 0x06, "insufficient IRD resources")                                   \
    X(IW_MPA_ECODE_RTR, 0x07, "no matching RTR option")
typedef enum iw_mpa_ecode {
    IW_MPA_ECODE_NONE = 0,
    IW_MPA_ECODE_MAP(IW_ENUM_ENTRY)
    IW_MPA_ECODE_END_
} iw_mpa_ecode;
IW_DEF const char *iw_mpa_ecode_str(unsigned ecode);

/* ---------------------------------------------------------------------------------------- */
/* Request/Reply frame codec.                                                               */

/* Why a frame was refused by iw_mpa_frame_decode. */
typedef enum iw_mpa_ferr {
    IW_MPA_FERR_NONE = 0,
    IW_MPA_FERR_KEY,          /* not the expected key (MPA-004) */
    IW_MPA_FERR_REV,          /* revision other than 1 or 2 (MPA-008) */
    IW_MPA_FERR_PD_LEN,       /* PD_Length > 512 or > IW_CFG_MPA_MAX_PRIVDATA (MPA-005) */
    IW_MPA_FERR_IRDORD_SHORT, /* Rev 2 with H but PD_Length < 4 (MPA-031) */
    IW_MPA_FERR_NOT_ENHANCED, /* Reply to a Rev 2 + H Request without Rev 2 + H (MPA-010) */
    IW_MPA_FERR_REV_MISMATCH, /* Reply with a revision the Request did not offer */
    IW_MPA_FERR_EXTRA_DATA    /* octets after the Request before the Reply was sent (MPA-014) */
} iw_mpa_ferr;
IW_DEF const char *iw_mpa_ferr_str(iw_mpa_ferr e);

#define IW_MPA_REQUEST 0
#define IW_MPA_REPLY 1

/* A decoded or to-be-encoded MPA Request/Reply. */
typedef struct iw_mpa_frame {
    uint8_t kind;       /* IW_MPA_REQUEST or IW_MPA_REPLY (which key) */
    uint8_t flags;      /* the raw flags octet: IW_MPA_FLAG_*; reserved bits kept as received */
    uint8_t rev;        /* 1 or 2 */
    uint8_t enhanced;   /* Rev 2 and H set: the IRD/ORD header below is present */
    uint16_t ird_word;  /* RFC 6581 IRD word (P2P, Send-RTR, 14-bit IRD), when enhanced */
    uint16_t ord_word;  /* RFC 6581 ORD word (Write-RTR, Read-RTR, 14-bit ORD), when enhanced */
    const uint8_t *pd;  /* the ULP's Private Data (IRD/ORD header excluded); decode: points */
    size_t pd_len;      /*   into the buffer given to iw_mpa_frame_decode */
    iw_mpa_ferr err;    /* decode: why the frame was refused */
} iw_mpa_frame;

/* Decode one frame of the given kind from p[0..len). Returns IW_OK and sets *used (20 +
 * PD_Length), IW_EAGAIN when more octets are needed (*used = octets needed in all, once the
 * header is known, else 20), or IW_EPROTO with f->err set. Reserved flag bits are ignored
 * (MPA-003); the R bit of a Request is ignored (MPA-011). p may be NULL iff len is 0. */
IW_DEF iw_status iw_mpa_frame_decode(const uint8_t *p, size_t len, unsigned kind,
                                     iw_mpa_frame *f, size_t *used);

/* Encode f into out[0..cap). Reserved flag bits are sent as 0; H is set iff f->enhanced
 * (which requires rev 2). Returns IW_EINVAL if the frame would exceed 512 octets of Private
 * Data, cap is too small, or rev is not 1 or 2. *len = 20 + PD_Length. */
IW_DEF iw_status iw_mpa_frame_encode(const iw_mpa_frame *f, uint8_t *out, size_t cap,
                                     size_t *len);

/* MULPDU for an EMSS (RFC 5044 §4; MPA-057, MPA-058). markers: the sender inserts markers. */
IW_INLINE uint32_t iw_mpa_mulpdu_for(uint32_t emss, int markers)
{
    uint32_t over = 6u + (emss & 3u);
    if (markers) over += 4u * ((emss + 511u) / 512u);
    return emss > over ? emss - over : 0u;
}

/* Pad octets after a ULPDU of len octets: 2 + len + pad is a multiple of 4 (RFC 5044 §4). */
IW_INLINE size_t iw_mpa_pad(size_t ulpdu_len) { return (0u - (ulpdu_len + 2u)) & 3u; }

/* The header-less Terminate ULPDU MPA sends for its own errors (RFC 5040 §4.8 with M = D = R =
 * 0, as the header of a bad FPDU cannot be trusted): untagged, QN 2, MSN 1, MO 0, Last.
 * Writes IW_MPA_TERM_ULPDU_LEN octets. rdmap.h builds the header-carrying kinds. */
#define IW_MPA_TERM_ULPDU_LEN 22u
IW_DEF void iw_mpa_build_terminate(uint8_t out[22], iw_term t);

/* ---------------------------------------------------------------------------------------- */
/* Connection.                                                                              */

#define IW_MPA_INITIATOR 0
#define IW_MPA_RESPONDER 1

/* Per-connection policy (docs/style.md §3: never a global). Fill with iw_mpa_cfg_default first. */
typedef struct iw_mpa_cfg {
    uint8_t role;        /* IW_MPA_INITIATOR or IW_MPA_RESPONDER */
    uint8_t rev;         /* highest MPA revision to use: 1 or 2 (default 2). The Responder
                            answers min(Request rev, rev) (MPA-009). MPA-075: an Initiator
                            refused at Rev 2 may retry on a new connection with rev = 1. */
    uint8_t crc;         /* 1: request CRC (C bit). CRC is used iff either side asks (MPA-024) */
    uint8_t markers_rx;  /* 1: ask the peer to insert markers toward us (M bit) */
    uint8_t markers_tx;  /* 1 (default): we can insert markers if the peer asks; 0: refuse
                            (Responder: Reject; Initiator: local error) (MPA-028) */
    uint8_t p2p;         /* Rev 2 peer-to-peer: Initiator asks for it; Responder accepts it */
    uint8_t rtr;         /* IW_MPA_RTR_* mask: Initiator: types it can send (offered);
                            Responder: types it accepts. Default WRITE|READ|SEND. */
    uint16_t ird, ord;   /* our inbound/outbound RDMA Read queue depths (default 16/16) */
    uint16_t ird_max;    /* Initiator: how far IRD may be raised for the Reply's ORD (MPA-036) */
    uint32_t req_timeout_ms; /* Responder: wait for the Request (default 5000) (MPA-020) */
    uint32_t rep_timeout_ms; /* Initiator: wait for the Reply (default 10000) (MPA-019) */
    uint32_t emss;       /* effective MSS for MULPDU (default 1460); iw_mpa_set_emss updates */
    uint32_t rx_max_ulpdu; /* largest ULPDU accepted (0: the reassembly buffer size) (MPA-071) */
    uint32_t tx_seq_start; /* stream position numbers of our first and the peer's first Full */
    uint32_t rx_seq_start; /*   Operation octets, for marker placement mod 2^32 (MPA-070) */
    uint8_t terminate;   /* 1 (default): MPA sends the header-less Terminate for the errors it
                            detects (CRC, marker, length, IRD, RTR) and then closes */
    const iw_crc32c_kernels *kernels; /* the CRC and copy kernels, copied at init: a host that
                            opens many connections fills one set once with
                            iw_crc32c_kernels_select() and points every cfg at it, so no init
                            asks the CPU again. NULL (default): iw_mpa_init selects them
                            itself (cpuid on x86, once per connection). */
} iw_mpa_cfg;

/* Setup timer id used with the host's timer ops. */
#define IW_MPA_TIMER_SETUP 0u

/* Trace direction. */
#define IW_MPA_TRACE_TX 0u
#define IW_MPA_TRACE_RX 1u

/* Host ops. The table is owned by the host, may be shared, and must outlive the connection.
 * Every op is a leaf call: it must not block and must not call back into the same connection. */
typedef struct iw_mpa_host_ops {
    /* REQUIRED. Offer n (>= 1) iovecs to TCP, in order. Set *accepted to the octets taken
     * (0..total). Return IW_OK (even for a partial accept) or IW_EAGAIN (socket full; the host
     * calls iw_mpa_tx_resume when it is writable again). Any other status is fatal (IW_EHOST).
     * The octets taken are TCP's from then on (a socket copies them): after a partial accept
     * the rest of the FPDU is read again on resume and its CRC computed over what TCP gets,
     * so a source changed meanwhile (a buffer the peer writes into) never gives a bad CRC. */
    iw_status (*send)(void *ctx, const iw_iov *iov, size_t n, size_t *accepted);
    /* REQUIRED. Arm timer id to fire in ms; arming an armed id replaces its deadline. When it
     * fires the host calls iw_mpa_timeout(conn, id). */
    void (*timer_arm)(void *ctx, unsigned id, uint32_t ms);
    /* REQUIRED. Cancel timer id; a cancelled timer never fires. No-op if not armed. */
    void (*timer_cancel)(void *ctx, unsigned id);
    /* REQUIRED. Close the TCP connection: abortive != 0 means reset now (invalid frame,
     * MPA-072); 0 means a graceful close after what was sent. Called at most once. */
    void (*close)(void *ctx, int abortive);
    /* OPTIONAL (NULL: the CPU's fastest CRC32c path). A hardware CRC32c engine, with the
     * semantics of iw_crc32c (zlib-style chaining). */
    uint32_t (*crc32c)(void *ctx, uint32_t crc, const void *p, size_t n);
    /* OPTIONAL (NULL: no trace). The octets of one frame or FPDU as sent or received, in one or
     * more calls; last != 0 on the call that ends it. For pcap writers and logs. */
    void (*trace)(void *ctx, unsigned dir, const iw_iov *iov, size_t n, int last);
    /* OPTIONAL, both or neither (NULL: FPDUs go through send). Copy-out transmit, for a host
     * whose send path is a buffer of its own (a ring in memory, a NIC's transmit SRAM): MPA
     * writes each FPDU straight into it and computes the CRC while it copies the payload (one
     * pass over the data instead of a CRC pass and the host's copy). tx_room returns where the
     * next octets go and sets *cap to how many fit there contiguously (want is what the FPDU
     * still needs; *cap may be less, or 0 / NULL when the buffer is full: the host calls
     * iw_mpa_tx_resume when there is room again). tx_commit(ctx, n) hands over the n octets
     * just written at that pointer, in stream order after everything given before it by send
     * or tx_commit; a status other than IW_OK is fatal (IW_EHOST), as for send. The setup
     * frames still go through send. The CRC covers exactly the octets written (MPA-053). */
    uint8_t *(*tx_room)(void *ctx, size_t want, size_t *cap);
    iw_status (*tx_commit)(void *ctx, size_t n);
} iw_mpa_host_ops;

/* What MPA learned at setup, handed to the ULP in request / established / rejected. */
typedef struct iw_mpa_info {
    uint8_t rev;           /* revision in use */
    uint8_t enhanced;      /* RFC 6581 IRD/ORD exchanged */
    uint8_t crc;           /* CRC in use, both directions */
    uint8_t markers_tx;    /* we insert markers in what we send */
    uint8_t markers_rx;    /* the peer inserts markers in what we receive */
    uint8_t p2p;           /* peer-to-peer mode: an RTR was (or is to be) exchanged */
    uint8_t rtr;           /* request: IW_MPA_RTR_* offered; established: the one used */
    uint16_t peer_ird, peer_ord; /* from the peer's IRD/ORD header (0 if none) */
    uint16_t ird, ord;     /* ours after negotiation (ORD = min(ORD, peer IRD), MPA-034) */
    const uint8_t *pd;     /* the peer's Private Data for the ULP; valid during the upcall */
    size_t pd_len;
} iw_mpa_info;

/* Error report handed to the ULP's error upcall. */
typedef struct iw_mpa_error {
    iw_status status;  /* IW_ETERM, IW_EPROTO, IW_ETIMEOUT, IW_ECLOSED, IW_EHOST ... */
    uint8_t mpa_ecode; /* IW_MPA_ECODE_* when an MPA error, else 0 */
    iw_mpa_ferr ferr;  /* for IW_EPROTO: which frame rule */
    iw_term term;      /* the Terminate triple (layer, etype, ecode), when one applies */
    uint8_t term_sent; /* MPA queued that Terminate itself (cfg.terminate) */
} iw_mpa_error;

/* Where the payload of the ULPDU at hand goes (iw_mpa_ulp_ops.begin). The ULP's own object:
 * MPA reads it again before each chunk it places, so the ULP may withdraw the destination
 * (n = 0: its stream failed, the memory goes away) between two feeds; MPA then only computes
 * the CRC of the rest. The payload is u[hdr_len..len); its octets go to piece[0], piece[1],
 * ... in order; octets beyond the pieces are not placed. */
typedef struct iw_mpa_piece {
    uint8_t *base;
    size_t len;
} iw_mpa_piece;
typedef struct iw_mpa_rx_dst {
    const iw_mpa_piece *piece; /* piece[0..n) */
    size_t n;                  /* 0: nothing (more) to place */
    size_t hdr_len;            /* the ULPDU's leading octets that are not placed, <= have */
} iw_mpa_rx_dst;
#define IW_MPA_RX_VERIFIED 0x1u /* begin's flags: the CRC and markers were checked */
/* Octets handed to begin for an FPDU cut by the end of a feed (have): the untagged DDP header
 * (RFC 5041 §4.3; the tagged one, §4.2, is 14). */
#define IW_MPA_PLACE_HDR 18u

/* Upcalls to the ULP (DDP). Same rules as host ops: leaf calls, except that request may call
 * iw_mpa_accept / iw_mpa_reject, begin and commit may call iw_mpa_tx, and tx_done may call
 * iw_mpa_tx. */
typedef struct iw_mpa_ulp_ops {
    /* REQUIRED for a Responder. A valid Request arrived; info->pd is its Private Data. The ULP
     * answers with iw_mpa_accept or iw_mpa_reject, now or later. */
    void (*request)(void *uctx, const iw_mpa_info *info);
    /* OPTIONAL. Full Operation in both directions: the Initiator after a valid Reply (and its
     * RTR sent), the Responder after it validated the Initiator's first FPDU (MPA-015). */
    void (*established)(void *uctx, const iw_mpa_info *info);
    /* OPTIONAL. Initiator: the Responder said R = 1 (MPA-018); info->pd is its Private Data. */
    void (*rejected)(void *uctx, const iw_mpa_info *info);
    /* REQUIRED. An FPDU's ULPDU begins (in stream order, MPA-049): u[0..have) are its first
     * octets (have <= len; have == len when the ULPDU lies whole in the caller's buffer or in
     * MPA's), len its ULPDU_Length (markers removed). flags: IW_MPA_RX_VERIFIED when its CRC
     * (and markers) were checked already. The ULP checks its header and answers:
     *   IW_OK      *dst = where the payload goes (see iw_mpa_rx_dst), or NULL (nothing to
     *              place: the ULP read what it needed from u[0..have)). MPA copies the payload
     *              there while it computes the CRC, checks it, then calls commit. Nothing may
     *              become visible (complete) before commit(ok = 1).
     *   IW_EAGAIN  declined (not allowed with IW_MPA_RX_VERIFIED): nothing changed. MPA
     *              reassembles the FPDU, checks it, and calls begin again on the verified copy
     *              (flags IW_MPA_RX_VERIFIED, have == len): verify-then-place.
     *   other      stops the stream: nothing more is handed up and iw_mpa_rx_feed returns that
     *              status (the ULP sends its own Terminate). Also from commit.
     * u is valid only during the call. */
    iw_status (*begin)(void *uctx, const uint8_t *u, size_t have, size_t len, unsigned flags,
                       iw_mpa_rx_dst **dst);
    /* REQUIRED. The end of an FPDU that begin took (IW_OK): ok != 0, its CRC (and markers)
     * were right: complete it; ok == 0, they were not: forget it, nothing of it completes
     * (MPA-055) and MPA fails the stream with its error (2, 0, 0x02 or 0x03). If the
     * connection fails between the two calls, commit never comes: a ULP forgets the pending
     * ULPDU at its next begin (ddp.h does). */
    iw_status (*commit)(void *uctx, int ok);
    /* OPTIONAL. The connection failed (after which nothing is delivered, MPA-056). */
    void (*error)(void *uctx, const iw_mpa_error *err);
    /* OPTIONAL. The host reported the peer's FIN or reset in Full Operation (MPA-073). */
    void (*closed)(void *uctx);
    /* OPTIONAL. The FPDU accepted by iw_mpa_tx that was left pending is now fully handed to
     * the host: its payload memory may be reused and iw_mpa_tx accepts the next ULPDU. Made
     * only from the host's calls (iw_mpa_tx_resume, iw_mpa_rx_feed, ...), never from inside
     * the ULP's own calls into MPA, and not after iw_mpa_close, iw_mpa_terminate or an
     * error (nothing more is sent then): no call chain comes back up through it. */
    void (*tx_done)(void *uctx);
} iw_mpa_ulp_ops;

/* Counters kept by a connection (iw_mpa_get_stats); they wrap at 2^32. */
typedef struct iw_mpa_stats {
    uint32_t tx_fpdus, tx_markers, rx_fpdus, rx_markers;
    uint32_t rx_inplace;  /* FPDUs checked and delivered in place, no copy */
    uint32_t rx_copied;   /* FPDUs reassembled (straddling calls, or markers inside) */
    uint32_t rx_streamed; /* FPDUs split across calls placed as they came */
} iw_mpa_stats;

/* Connection states (iw_mpa_state). */
#define IW_MPA_S_IDLE 0          /* after init, before iw_mpa_start */
#define IW_MPA_S_AWAIT_REPLY 1   /* Initiator: Request sent */
#define IW_MPA_S_AWAIT_REQUEST 2 /* Responder: waiting for the Request */
#define IW_MPA_S_AWAIT_ULP 3     /* Responder: Request handed to the ULP, no answer yet */
#define IW_MPA_S_AWAIT_FIRST 4   /* Responder: Reply sent, waiting for the first FPDU */
#define IW_MPA_S_FULL 5          /* Full Operation */
#define IW_MPA_S_CLOSING 6       /* draining a Reject or a Terminate, then close */
#define IW_MPA_S_CLOSED 7

/* The connection. Caller-owned; the fields are private: use the functions and accessors. */
typedef struct iw_mpa_conn {
    /* private: use accessors */
    const iw_mpa_host_ops *ops;
    void *ctx;
    const iw_mpa_ulp_ops *ulp;
    void *uctx;
    iw_mpa_cfg cfg;
    iw_crc32c_kernels k; /* this CPU's CRC and copy kernels (crc32c.h) */
    uint8_t mode;        /* IW__M_*: the host's optional ops, fixed at init */
    uint8_t crc_mode;    /* IW__CRC_*: computed once, when CRC use is negotiated */
    uint8_t *reasm;
    size_t reasm_cap;
    uint32_t rx_max, mulpdu;
    uint8_t state, crc_on, mk_tx, mk_rx, rev, enhanced, p2p, rtr;
    uint8_t rtr_wait;    /* Initiator: waiting for the zero-length Read Response (Read RTR) */
    uint8_t req_flags, req_rev, rtr_offer; /* Responder: what the Request carried */
    uint8_t rx_fin;      /* the host reported the peer's FIN */
    uint8_t rx_mk_lead;  /* the marker being read sits at the start of an FPDU */
    uint8_t tx_notify;   /* tell the ULP (tx_done) when the pending ULP FPDU completes */
    uint8_t tx_tell;     /* iw__tx_run stopped for iw__tx_pump to make the tx_done upcall */
    uint8_t close_after; /* close the TCP connection once TX drains */
    uint8_t term_pending; /* a Terminate FPDU waits for the current FPDU to finish */
    uint8_t closed;      /* host close op called */
    uint8_t rx_half;     /* iw_mpa_close in Full Operation: still receiving */
    uint16_t ird, ord, peer_ird, peer_ord;
    iw_mpa_error err;    /* sticky: the first error wins */
#if IW_CFG_STATS
    iw_mpa_stats stats;
#endif
    /* setup frames */
    uint8_t fr_rx[IW_MPA_FRAME_HDR + IW_CFG_MPA_MAX_PRIVDATA];
    uint8_t fr_tx[IW_MPA_FRAME_HDR + IW_CFG_MPA_MAX_PRIVDATA];
    size_t fr_rx_have, fr_tx_len, fr_tx_sent;
    /* receive: FPDU parser (docs/style.md §7) */
    uint32_t rx_pos;     /* stream position of the next octet, relative to rx SeqStart */
    uint32_t rx_fpdu_pos; /* position of the current FPDU's ULPDU_Length field */
    uint8_t rx_state, rx_started, rx_mk_bad, rx_pad;
    uint8_t rx_hdr[2], rx_crcf[4], rx_mk[4];
    size_t rx_part, rx_len;
    uint32_t rx_crc;
    /* receive: placement of an FPDU cut by the end of a feed; rx_dst is the ULP's from
     * begin's IW_OK to the commit, rx_pi/rx_po the next payload octet's piece and offset */
    iw_mpa_rx_dst *rx_dst;
    size_t rx_pi, rx_po;
    uint8_t rx_gate;      /* MPA reads the ULPDU itself first (first FPDU, Read RTR answer) */
    uint8_t rx_try;       /* this FPDU may be placed as it comes: collect its header in rx_uh */
    uint8_t rx_placing;   /* begin said IW_OK: payload goes to rx_dst */
#if IW_CFG_MPA_RX_STREAM
    uint8_t rx_uh[IW_MPA_PLACE_HDR];
#endif
    uint32_t rx_last_len; /* ULPDU_Length of the last FPDU whose length was read */
    /* transmit: one FPDU in flight */
    iw_iov tx_src[IW_CFG_MPA_MAX_IOV + 2]; /* [0] ULPDU_Length, ULPDU pieces, PAD + CRC */
    size_t tx_nsrc, tx_wlen, tx_off;
    size_t tx_ci, tx_cv; /* the walk's cursor: piece tx_ci starts at unmarked offset tx_cv */
    uint32_t tx_pos;     /* stream position of the next FPDU's first octet (rel. SeqStart) */
    uint32_t tx_fpdu_pos; /* stream position of the FPDU in flight */
    uint8_t tx_busy, tx_is_ulp, tx_stale;
    uint8_t tx_hdr[2], tx_trl[8];
    uint32_t tx_crc_acc;  /* after a partial accept: CRC of the octets TCP took, [0, tx_crc_end) */
    size_t tx_crc_end;
#if IW_CFG_MPA_P2P
    uint8_t ctl[48];     /* provider FPDUs: RTR, Read RTR response, Terminate */
    size_t ctl_len;
#endif
    uint8_t ctl_pending;
    uint8_t term[IW_MPA_TERM_ULPDU_LEN];
#if IW_CFG_MPA_MARKERS
    uint8_t tx_mk[IW_CFG_MPA_TX_WINDOW][4];
#endif
    iw_iov tx_win[IW_CFG_MPA_TX_WINDOW];
} iw_mpa_conn;

/* Bytes of reassembly buffer needed to receive ULPDUs of up to max_ulpdu octets. */
#define IW_MPA_REASM_BYTES(max_ulpdu) ((size_t)(max_ulpdu))

/* Defaults for a role: rev 2, CRC requested, no markers wanted, markers supported, no P2P,
 * RTR mask WRITE|READ|SEND, IRD = ORD = ird_max = 16, timeouts 5 s / 10 s, EMSS 1460. */
IW_DEF void iw_mpa_cfg_default(iw_mpa_cfg *cfg, unsigned role);

/* Initialise c (old contents ignored). ops, ulp and cfg are checked: IW_EINVAL if a REQUIRED
 * op is NULL, cfg is inconsistent, or reasm_cap is below IW_MPA_MIN_ULPDU. reasm must stay
 * valid for the life of the connection. */
IW_DEF iw_status iw_mpa_init(iw_mpa_conn *c, const iw_mpa_cfg *cfg, const iw_mpa_host_ops *ops,
                             void *ctx, const iw_mpa_ulp_ops *ulp, void *uctx, uint8_t *reasm,
                             size_t reasm_cap);

/* The TCP connection is established. Initiator: send the Request with the ULP's Private Data
 * (at most IW_CFG_MPA_MAX_PRIVDATA, less 4 in Rev 2) and arm the Reply timer. Responder: arm
 * the Request timer (pd must be NULL/0). IW_ESTATE unless in IDLE. */
IW_DEF iw_status iw_mpa_start(iw_mpa_conn *c, const uint8_t *pd, size_t pd_len);

/* Responder, after the request upcall: accept with our IRD/ORD (used in a Rev 2 Reply) and
 * Private Data, or reject with Private Data (then close, MPA-017). If the request upcall
 * accepts, octets that followed the Request in the same iw_mpa_rx_feed are processed at once. */
IW_DEF iw_status iw_mpa_accept(iw_mpa_conn *c, uint16_t ird, uint16_t ord, const uint8_t *pd,
                               size_t pd_len);
IW_DEF iw_status iw_mpa_reject(iw_mpa_conn *c, const uint8_t *pd, size_t pd_len);

/* Feed received TCP octets in any chunking (MPA-061). *consumed is set to the octets used;
 * they are fewer than len only when the connection stops (error, close, reject) or when a
 * Responder holds a Request for its ULP (feed the rest after iw_mpa_accept). Returns IW_OK,
 * or the sticky error status. */
IW_DEF iw_status iw_mpa_rx_feed(iw_mpa_conn *c, const uint8_t *p, size_t len, size_t *consumed);

/* Send one ULPDU (one DDP segment) given as n <= IW_CFG_MPA_MAX_IOV pieces. The pieces are
 * referenced, not copied: they must stay valid until the FPDU is fully handed to the host
 * (iw_mpa_tx_busy() == 0, or the tx_done upcall). Returns IW_OK when accepted (sent or
 * pending), IW_EAGAIN when a previous FPDU is still pending, IW_EINVAL for a ULPDU of 0 or
 * more than 65535 octets, or, with markers, one so long that a marker inside it would lie
 * more than 0xFFFF octets after its ULPDU_Length (FPDUPTR is 16 bits; keep ULPDUs within
 * iw_mpa_mulpdu() and this never happens), IW_ESTATE before Full Operation (MPA-012, -015). */
IW_DEF iw_status iw_mpa_tx(iw_mpa_conn *c, const iw_iov *iov, size_t n);

/* The socket is writable again: continue the pending frame or FPDU at the exact octet. */
IW_DEF iw_status iw_mpa_tx_resume(iw_mpa_conn *c);

/* A host timer fired. */
IW_DEF void iw_mpa_timeout(iw_mpa_conn *c, unsigned id);

/* The host saw the peer's FIN or a reset. Before Full Operation: MPA error 0x01 (MPA-021). */
IW_DEF void iw_mpa_llp_closed(iw_mpa_conn *c);

/* Send a header-less Terminate with t (after the FPDU in flight), then close. For the ULP's
 * own errors; MPA calls it for its errors when cfg.terminate is set. Only in Full Operation:
 * IW_ESTATE otherwise, nothing sent and nothing recorded. In particular a Responder waiting
 * for the Initiator's first FPDU (AWAIT_FIRST) may send no FPDU yet (MPA-015): the Terminate
 * is refused, not held, so it is never lost unseen (a held one would wait for an FPDU that may
 * never come); call again after the established upcall, or iw_mpa_close. Also IW_ESTATE once
 * an error is recorded or a Terminate is queued (one Terminate per stream) and after
 * iw_mpa_close (MPA-073). */
IW_DEF iw_status iw_mpa_terminate(iw_mpa_conn *c, iw_term t);

/* The ULP is done: close gracefully once TX drains (MPA-073: nothing is sent after). */
IW_DEF void iw_mpa_close(iw_mpa_conn *c);

/* End the TCP connection abortively now (a reset: the host's close op with abortive = 1), in
 * any state: what is queued or in flight is dropped (no tx_done), no Terminate is sent, no
 * FPDU is received any more, the setup timer is cancelled; the state is CLOSED, no upcall. For
 * a ULP that must reset its stream (verbs §6.2.2.4: RTS -> Error resets the LLP). No effect
 * once the close op was called (it is called at most once). */
IW_DEF void iw_mpa_abort(iw_mpa_conn *c);

/* The ULP sent the stream's Terminate, or received the peer's: MPA sends none of its own from
 * now on (RFC 5040 §5.4: one Terminate per stream, never one in answer to one). */
IW_DEF void iw_mpa_no_terminate(iw_mpa_conn *c);

/* EMSS changed (path MTU): recompute MULPDU (MPA-059). */
IW_DEF void iw_mpa_set_emss(iw_mpa_conn *c, uint32_t emss);

/* Header-split receive, for hosts that read from a socket (OPTIONAL): the placement contract
 * with the host's socket writing into the pieces. While the payload of an FPDU cut by the end
 * of a feed is being placed (begin said IW_OK), iw_mpa_rx_direct sets *dst and *n (>= 1): the
 * next n octets of the stream are payload that belongs at dst[0..n) (the rest of the current
 * piece). The host MAY then read up to n octets
 * straight into dst (e.g. recv(fd, dst, n, 0)) instead of into its buffer, and MUST then call
 * iw_mpa_rx_direct_done(c, k) with the k (1..n) octets that arrived, before any other receive
 * call on c: MPA computes the CRC over dst[0..k) in place and moves on (the CRC field and
 * everything after go through iw_mpa_rx_feed as usual). Returns IW_OK, or IW_EAGAIN (no span
 * open now, and always with markers toward us, which would cut a span: feed through
 * iw_mpa_rx_feed); the sticky error status once the connection failed.
 * The host must have fed every octet it read before (its buffer is empty). dst is valid only
 * until the next receive call on c. iw_mpa_rx_direct_done: IW_OK, IW_EINVAL when k is 0 or
 * beyond the open span (nothing changed), IW_ESTATE when no span is open. */
IW_DEF iw_status iw_mpa_rx_direct(iw_mpa_conn *c, uint8_t **dst, size_t *n);
IW_DEF iw_status iw_mpa_rx_direct_done(iw_mpa_conn *c, size_t k);
/* Header-split hint: the octets a host should read next (into its buffer) so that the read
 * ends right after the next FPDU header MPA has not seen whole yet, its ULPDU_Length and the
 * IW_MPA_PLACE_HDR octets after it: then begin runs and that FPDU's payload can be read
 * straight into place. A host that reads large payloads asks for min(its room, hint); one
 * reading small FPDUs reads as much as it can. 0: no placement as it comes is possible now
 * (markers, not in Full Operation, failed). */
IW_DEF size_t iw_mpa_rx_split_hint(const iw_mpa_conn *c);
/* ULPDU_Length of the last FPDU whose length field MPA read (0 before any): for a host's
 * choice between header-split reads (large FPDUs) and large buffered reads (small ones). */
IW_INLINE uint32_t iw_mpa_rx_last_len(const iw_mpa_conn *c) { return c->rx_last_len; }

/* Accessors. */
IW_INLINE unsigned iw_mpa_state(const iw_mpa_conn *c) { return c->state; }
IW_INLINE unsigned iw_mpa_role(const iw_mpa_conn *c) { return c->cfg.role; }
/* What is negotiated so far, as the upcalls' iw_mpa_info without Private Data (pd NULL): after
 * iw_mpa_accept, what the Reply says; once established, what is in use. */
IW_DEF void iw_mpa_get_info(const iw_mpa_conn *c, iw_mpa_info *in);
IW_INLINE uint32_t iw_mpa_mulpdu(const iw_mpa_conn *c) { return c->mulpdu; }
IW_INLINE int iw_mpa_tx_busy(const iw_mpa_conn *c) { return c->tx_busy || c->fr_tx_len != 0; }
IW_INLINE const iw_mpa_error *iw_mpa_last_error(const iw_mpa_conn *c) { return &c->err; }
#if IW_CFG_STATS
IW_INLINE const iw_mpa_stats *iw_mpa_get_stats(const iw_mpa_conn *c) { return &c->stats; }
#else
IW_INLINE const iw_mpa_stats *iw_mpa_get_stats(const iw_mpa_conn *c)
{
    static const iw_mpa_stats zero = {0, 0, 0, 0, 0, 0, 0};
    (void)c;
    return &zero;
}
#endif

#ifdef __cplusplus
}
#endif
#endif /* IW_MPA_H */

/* Out of line in every build, -Os too (IW_COLD is not): a rare helper's locals stay off its
 * hot caller's frame (stack_max, docs/porting-baremetal.md). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(IW_NOINLINE)
#define IW_NOINLINE __attribute__((__noinline__))
#elif !defined(IW_NOINLINE)
#define IW_NOINLINE
#endif

/* ======================================================================================== */
/* Implementation                                                                           */
/* ======================================================================================== */

#if defined(IWARP_IMPLEMENTATION) && !defined(IW_MPA_IMPLEMENTED)
#define IW_MPA_IMPLEMENTED


#ifdef __cplusplus
extern "C" {
#endif

/* see mpa.h */
IW_DEF const char *iw_status_str(iw_status s)
{
    IW_TEXT_OF(IW_STATUS_MAP, s); /* any value may come in: "?" for one not in the table */
}

/* see mpa.h */
IW_DEF const char *iw_mpa_ecode_str(unsigned ecode)
{
    IW_TEXT_OF(IW_MPA_ECODE_MAP, ecode); /* any value may come in: "?" for one not in the table */
}

/* see mpa.h */
IW_DEF const char *iw_mpa_ferr_str(iw_mpa_ferr e)
{
    if (!IW_CFG_STRINGS) return "?";
    switch ((int)e) { /* any int may come in: default is reachable */
    case IW_MPA_FERR_NONE: return "none";
    case IW_MPA_FERR_KEY: return "bad key";
    case IW_MPA_FERR_REV: return "unsupported revision";
    case IW_MPA_FERR_PD_LEN: return "PD_Length too large";
    case IW_MPA_FERR_IRDORD_SHORT: return "enhanced frame shorter than its IRD/ORD header";
    case IW_MPA_FERR_NOT_ENHANCED: return "Reply to an enhanced Request is not Rev 2 enhanced";
    case IW_MPA_FERR_REV_MISMATCH: return "Reply revision not offered";
    case IW_MPA_FERR_EXTRA_DATA: return "octets after the Request before the Reply";
    default: return "?";
    }
}

/* ---- Request/Reply frames (RFC 5044 §7.1.1, RFC 6581) ---- */

static int iw__memcmp(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static const char iw__mpa_key[2][IW_MPA_KEY_LEN + 1] = {"MPA ID Req Frame", "MPA ID Rep Frame"};

/* see mpa.h */
IW_DEF iw_status iw_mpa_frame_decode(const uint8_t *p, size_t len, unsigned kind,
                                     iw_mpa_frame *f, size_t *used)
{
    size_t pdl, k = IW_MIN(len, (size_t)IW_MPA_KEY_LEN);
    IW_MEMSET(f, 0, sizeof *f);
    f->kind = (uint8_t)(kind ? IW_MPA_REPLY : IW_MPA_REQUEST);
    *used = IW_MPA_FRAME_HDR;
    /* The key is checked as soon as its octets arrive, so garbage is refused early (MPA-004). */
    if (k && iw__memcmp(p, (const uint8_t *)iw__mpa_key[f->kind], k) != 0) {
        f->err = IW_MPA_FERR_KEY;
        return IW_EPROTO;
    }
    if (len < IW_MPA_FRAME_HDR) return IW_EAGAIN;
    f->flags = p[16];
    f->rev = p[17];
    pdl = iw_get_be16(p + 18);
    /* RFC 5044 §7.1.1: Rev 1; RFC 6581: Rev 2. Rev 0 (RDMAC) is not offered (MPA-008). */
    if (f->rev != 1 && f->rev != 2) {
        f->err = IW_MPA_FERR_REV;
        return IW_EPROTO;
    }
    if (pdl > IW_MPA_MAX_PD || pdl > IW_CFG_MPA_MAX_PRIVDATA) { /* MPA-005 */
        f->err = IW_MPA_FERR_PD_LEN;
        return IW_EPROTO;
    }
    /* RFC 6581: H with Rev 2 puts the IRD/ORD header first in PD; in Rev 1 the bit is
     * reserved and ignored (MPA-029). */
    f->enhanced = (uint8_t)(f->rev == 2 && (f->flags & IW_MPA_FLAG_H));
    if (f->enhanced && pdl < IW_MPA_IRDORD_LEN) { /* MPA-031 */
        f->err = IW_MPA_FERR_IRDORD_SHORT;
        return IW_EPROTO;
    }
    *used = IW_MPA_FRAME_HDR + pdl;
    if (len < *used) return IW_EAGAIN;
    if (f->enhanced) {
        f->ird_word = iw_get_be16(p + 20);
        f->ord_word = iw_get_be16(p + 22);
        f->pd = p + IW_MPA_FRAME_HDR + IW_MPA_IRDORD_LEN;
        f->pd_len = pdl - IW_MPA_IRDORD_LEN; /* MPA-032: the ULP never sees the header */
    } else {
        f->pd = p + IW_MPA_FRAME_HDR;
        f->pd_len = pdl;
    }
    return IW_OK;
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_frame_encode(const iw_mpa_frame *f, uint8_t *out, size_t cap,
                                     size_t *len)
{
    size_t hdr = f->enhanced ? IW_MPA_IRDORD_LEN : 0u, pdl = f->pd_len + hdr;
    uint8_t flags = (uint8_t)(f->flags & (IW_MPA_FLAG_M | IW_MPA_FLAG_C | IW_MPA_FLAG_R));
    if ((f->rev != 1 && f->rev != 2) || (f->enhanced && f->rev != 2)) return IW_EINVAL;
    if (pdl > IW_MPA_MAX_PD || pdl > IW_CFG_MPA_MAX_PRIVDATA) return IW_EINVAL; /* MPA-005 */
    if (f->pd_len && !f->pd) return IW_EINVAL;
    if (cap < IW_MPA_FRAME_HDR + pdl) return IW_EINVAL;
    if (f->kind == IW_MPA_REQUEST) flags = (uint8_t)(flags & ~IW_MPA_FLAG_R); /* MPA-011 */
    if (f->enhanced) flags = (uint8_t)(flags | IW_MPA_FLAG_H);
    IW_MEMCPY(out, iw__mpa_key[f->kind ? 1 : 0], IW_MPA_KEY_LEN);
    out[16] = flags;
    out[17] = f->rev;
    iw_put_be16(out + 18, (uint16_t)pdl);
    if (f->enhanced) {
        iw_put_be16(out + 20, f->ird_word);
        iw_put_be16(out + 22, f->ord_word);
    }
    if (f->pd_len) IW_MEMCPY(out + IW_MPA_FRAME_HDR + hdr, f->pd, f->pd_len);
    *len = IW_MPA_FRAME_HDR + pdl;
    return IW_OK;
}

/* see mpa.h */
IW_DEF size_t iw_term_encode(uint8_t *out, iw_term t, unsigned mdr, unsigned seg_len,
                             const uint8_t *dh, size_t dn, const uint8_t *rh)
{
    size_t n = 4;
    out[0] = (uint8_t)(((t.layer & 0xFu) << 4) | (t.etype & 0xFu));
    out[1] = t.ecode;
    out[2] = (uint8_t)(mdr & 0xE0u);
    out[3] = 0;
    if (mdr & 0x40u) {
        iw_put_be16(out + n, (uint16_t)(mdr & 0x80u ? seg_len : 0u));
        IW_MEMCPY(out + n + 2, dh, dn);
        n += 2 + dn;
    }
    if (mdr & 0x20u) {
        IW_MEMCPY(out + n, rh, 28u);
        n += 28u;
    }
    return n;
}

/* see mpa.h */
IW_DEF void iw_mpa_build_terminate(uint8_t out[22], iw_term t)
{
    IW_MEMSET(out, 0, IW_MPA_TERM_ULPDU_LEN);
    out[0] = 0x41;  /* DDP: T = 0, L = 1, DV = 1 (RFC 5041) */
    out[1] = 0x47;  /* RDMAP: RV = 01b, opcode 0x7 Terminate (RFC 5040 §4.1) */
    out[9] = 2;     /* QN 2: the Terminate queue (RFC 5040 §5.4) */
    out[13] = 1;    /* MSN 1: one Terminate per stream */
    /* M = D = R = 0: the offending FPDU's headers cannot be trusted (RFC 5040 §7.1) */
    (void)iw_term_encode(out + 18, t, 0, 0, NULL, 0, NULL);
}

/* ---- connection ---- */

/* see mpa.h */
IW_DEF void iw_mpa_cfg_default(iw_mpa_cfg *cfg, unsigned role)
{
    IW_MEMSET(cfg, 0, sizeof *cfg);
    cfg->role = (uint8_t)(role ? IW_MPA_RESPONDER : IW_MPA_INITIATOR);
    cfg->rev = 2;
    cfg->crc = 1;
    cfg->markers_tx = 1;
    cfg->rtr = IW_MPA_RTR_WRITE | IW_MPA_RTR_READ | IW_MPA_RTR_SEND;
    cfg->ird = cfg->ord = cfg->ird_max = 16;
    cfg->req_timeout_ms = 5000;  /* siw's values (docs/spec-notes.md MPA §5) */
    cfg->rep_timeout_ms = 10000;
    cfg->emss = 1460;
    cfg->terminate = 1;
}

/* The connection's mode (BearSSL-style: decided when it changes, not per FPDU). */
#define IW__M_COPYOUT 0x01u /* host tx_room/tx_commit: FPDUs go to the copy-out sink */
#if IW_CFG_MPA_TRACE
#define IW__M_TRACE 0x02u   /* host trace op */
#else
#define IW__M_TRACE 0u      /* left out: every trace site folds away */
#endif
#define IW__CRC_OFF 0u      /* no CRC (MPA-026, MPA-027) */
#define IW__CRC_OWN 1u      /* CRC with this CPU's kernels */
#define IW__CRC_HOST 2u     /* CRC with the host's engine (host_ops.crc32c) */
static void iw__set_mode(iw_mpa_conn *c)
{
    c->mode = (uint8_t)((c->ops->tx_room ? IW__M_COPYOUT : 0u) | (c->ops->trace ? IW__M_TRACE : 0u));
    c->crc_mode = (uint8_t)(!c->crc_on ? IW__CRC_OFF : c->ops->crc32c ? IW__CRC_HOST : IW__CRC_OWN);
    c->rx_gate = (uint8_t)(c->state == IW_MPA_S_AWAIT_FIRST || c->rtr_wait);
}

/* CRC32c of p[0..k) continued from crc and, when d is not NULL, the same octets copied to d:
 * the one rule for every piece of every FPDU, sent or received. Short pieces (at most 16
 * octets: ULPDU_Length, a marker, a DDP header, PAD) inline (iw_crc32c_small), longer ones
 * with the fused kernel; the host's engine reads what was copied. Without CRC: the copy. */
static IW_HOT uint32_t iw__sum(const iw_mpa_conn *c, uint32_t crc, uint8_t *d, const uint8_t *p,
                               size_t k)
{
    if (c->crc_mode == IW__CRC_OWN) {
        if (k <= 16) return iw_crc32c_small(c->k.crc, crc, d, p, k);
        return d ? c->k.copy_crc(crc, d, p, k) : c->k.crc(crc, p, k);
    }
    if (d && k) IW_MEMCPY(d, p, k);
    if (c->crc_mode == IW__CRC_HOST) return c->ops->crc32c(c->ctx, crc, d ? d : p, k);
    return crc;
}


static void iw__trace(iw_mpa_conn *c, unsigned dir, const void *p, size_t n, int last)
{
#if IW_CFG_MPA_TRACE
    iw_iov v;
    if (!c->ops->trace) return;
    v.base = p;
    v.len = n;
    c->ops->trace(c->ctx, dir, &v, 1, last);
#else
    (void)c, (void)dir, (void)p, (void)n, (void)last;
#endif
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_init(iw_mpa_conn *c, const iw_mpa_cfg *cfg, const iw_mpa_host_ops *ops,
                             void *ctx, const iw_mpa_ulp_ops *ulp, void *uctx, uint8_t *reasm,
                             size_t reasm_cap)
{
    size_t cap = IW_MIN(reasm_cap, (size_t)0xFFFFu);
    if (!c || !cfg || !ops || !ulp) return IW_EINVAL;
    if (!ops->send || !ops->timer_arm || !ops->timer_cancel || !ops->close) return IW_EINVAL;
    if (!ops->tx_room != !ops->tx_commit) return IW_EINVAL;
#if !IW_CFG_MPA_TX_COPYOUT
    if (ops->tx_room) return IW_EINVAL; /* left out: FPDUs go through send */
#endif
#if !IW_CFG_MPA_TRACE
    if (ops->trace) return IW_EINVAL; /* left out: no trace hook */
#endif
    if (!ulp->begin || !ulp->commit || (cfg->role == IW_MPA_RESPONDER && !ulp->request))
        return IW_EINVAL;
    if (cfg->role > IW_MPA_RESPONDER || (cfg->rev != 1 && cfg->rev != 2)) return IW_EINVAL;
#if !IW_CFG_MPA_MARKERS
    if (cfg->markers_rx) return IW_EINVAL; /* left out: markers cannot be asked for */
#endif
    if (cfg->p2p && (cfg->rev != 2 || (cfg->rtr & 7u) == 0)) return IW_EINVAL; /* MPA-037 */
#if !IW_CFG_MPA_P2P
    if (cfg->p2p) return IW_EINVAL; /* left out: no peer-to-peer RTR */
#endif
    if (!reasm || cap < IW_MPA_MIN_ULPDU) return IW_EINVAL;
    if (cfg->rx_max_ulpdu > cap || (cfg->rx_max_ulpdu && cfg->rx_max_ulpdu < IW_MPA_MIN_ULPDU))
        return IW_EINVAL;
    IW_MEMSET(c, 0, sizeof *c);
    c->cfg = *cfg;
#if !IW_CFG_MPA_MARKERS
    c->cfg.markers_tx = 0; /* left out: a peer asking for markers is refused (MPA-028) */
#endif
    c->ops = ops;
    c->ctx = ctx;
    c->ulp = ulp;
    c->uctx = uctx;
    c->cfg.kernels = NULL; /* copied below: the host's set need not outlive the init */
    if (cfg->kernels) c->k = *cfg->kernels; /* chosen once by the host */
    else iw_crc32c_kernels_select(&c->k);
    c->reasm = reasm;
    c->reasm_cap = cap;
    c->rx_max = cfg->rx_max_ulpdu ? cfg->rx_max_ulpdu : (uint32_t)cap;
    c->ird = (uint16_t)IW_MIN(cfg->ird, IW_MPA_IRDORD_MAX);
    c->ord = (uint16_t)IW_MIN(cfg->ord, IW_MPA_IRDORD_MAX); /* MPA-033 */
    c->mulpdu = iw_mpa_mulpdu_for(cfg->emss, 0);
    c->rx_pos = cfg->rx_seq_start;
    c->tx_pos = cfg->tx_seq_start;
    c->state = IW_MPA_S_IDLE;
    iw__set_mode(c);
    return IW_OK;
}

static iw_status iw__tx_run(iw_mpa_conn *c);

/* Record the first error (docs/style.md §6: sticky, first wins), tell the ULP, and end the
 * connection: with a Terminate (want_term and cfg.terminate, Full Operation), abortively
 * (abortive: invalid frames MPA-072, timeouts) or gracefully. After our half close (rx_half:
 * iw_mpa_close in Full Operation) no Terminate is sent (MPA-073: nothing after our close): the
 * graceful close already asked for goes on (what is in flight drains, then the close op), or,
 * when the close op was already called, the connection is CLOSED at once (the op is called at
 * most once; the error upcall and the sticky status tell the host to stop reading). */
static iw_status iw__fail(iw_mpa_conn *c, iw_status st, unsigned ecode, iw_mpa_ferr ferr,
                          unsigned layer, unsigned etype, unsigned tcode, int want_term,
                          int abortive)
{
    int setup = c->state < IW_MPA_S_AWAIT_FIRST;
    if (c->err.status != IW_OK) return c->err.status;
    c->err.status = st;
    c->err.mpa_ecode = (uint8_t)ecode;
    c->err.ferr = ferr;
    c->err.term = iw_term_make(layer, etype, tcode);
    if (setup && c->state != IW_MPA_S_IDLE) c->ops->timer_cancel(c->ctx, IW_MPA_TIMER_SETUP);
    if (want_term && c->cfg.terminate && !setup && !c->closed && !c->rx_half) {
        iw_mpa_build_terminate(c->term, c->err.term);
        c->err.term_sent = 1;
        c->term_pending = 1;
        c->ctl_pending = 0;
        c->close_after = 1;
        c->state = IW_MPA_S_CLOSING;
    } else if (abortive || st == IW_ECLOSED) {
        c->state = IW_MPA_S_CLOSED;
        if (!c->closed && st != IW_ECLOSED) {
            c->closed = 1;
            c->ops->close(c->ctx, 1);
        }
    } else if (c->closed) { /* our half close is done: nothing is left to drain */
        c->close_after = 0;
        c->state = IW_MPA_S_CLOSED;
    } else {
        c->close_after = 1;
        c->state = IW_MPA_S_CLOSING;
    }
    if (c->ulp->error) c->ulp->error(c->uctx, &c->err);
    if (c->state == IW_MPA_S_CLOSING) (void)iw__tx_run(c);
    return st;
}

/* An MPA error found on a stream in Full Operation: Terminate (2, 0, code) (RFC 5044 §8). */
static iw_status iw__fail_mpa(iw_mpa_conn *c, unsigned code)
{
    return iw__fail(c, IW_ETERM, code, IW_MPA_FERR_NONE, 2, 0, code, 1, 0);
}

/* An invalid Request/Reply: close the TCP connection at once, no Terminate (MPA-072). */
static iw_status iw__fail_frame(iw_mpa_conn *c, iw_mpa_ferr why)
{
    return iw__fail(c, IW_EPROTO, IW_MPA_ECODE_INVALID_FRAME, why, 2, 0,
                    IW_MPA_ECODE_INVALID_FRAME, 0, 1);
}

/* ---- transmit ---- */

#if IW_CFG_MPA_MARKERS
/* Relative stream position (RFC 5044 §5: markers at (p - SeqStart) mod 512 == 0, computed
 * modulo 2^32, MPA-070). */
static uint32_t iw__tx_rel(const iw_mpa_conn *c, uint32_t pos)
{
    return pos - c->cfg.tx_seq_start;
}

/* Marker positions m in [0, off) of an FPDU whose first octet is at relative position s. */
static size_t iw__mk_count(uint32_t s, size_t off)
{
    size_t m0 = (IW_MPA_MARKER_INTERVAL - (s & 511u)) & 511u;
    return off > m0 ? ((off - m0 - 1u) >> 9) + 1u : 0u;
}

/* Wire length of an FPDU of vlen octets (without markers) starting at relative position s:
 * each marker inside adds 4 (MPA-066). */
static size_t iw__mk_wlen(uint32_t s, size_t vlen)
{
    size_t w = vlen, k;
    for (;;) {
        k = vlen + IW_MPA_MARKER_LEN * iw__mk_count(s, w);
        if (k == w) return w;
        w = k;
    }
}

/* With markers, can an FPDU of ulen octets starting at relative position s be expressed?
 * FPDUPTR is 16 bits (RFC 5044 §5), so the last marker inside the FPDU must lie at most
 * 0xFFFF octets after the ULPDU_Length field. */
static int iw__mk_fits(uint32_t s, size_t ulen)
{
    size_t w = iw__mk_wlen(s, 2u + ulen + iw_mpa_pad(ulen) + IW_MPA_CRC_LEN);
    size_t cnt = iw__mk_count(s, w), m0 = (IW_MPA_MARKER_INTERVAL - (s & 511u)) & 511u;
    size_t lenoff = (s & 511u) == 0 ? IW_MPA_MARKER_LEN : 0u;
    if (cnt == 0) return 1;
    return m0 + IW_MPA_MARKER_INTERVAL * (cnt - 1u) <= 0xFFFFu + lenoff;
}

/* The FPDU in flight, walked in wire order (RFC 5044 §4, §5): the contiguous wire piece at wire
 * offset off, *ptr and the return value; 0 past the last piece. The one owner of the layout:
 * ULPDU_Length, the ULPDU's pieces, PAD and the CRC field are tx_src (iw__tx_start); markers
 * sit at every position where (pos - SeqStart) mod 512 == 0 (MPA-063, MPA-064) inside the
 * FPDU, built into mk: one at its start belongs to it with FPDUPTR 0, the others point back at
 * its ULPDU_Length (MPA-065). Both sinks use it: the send window (gather) and the copy-out
 * room. tx_ci/tx_cv remember the last piece found, so a walk from front to back is linear. */
static IW_COLD size_t iw__tx_marker(const iw_mpa_conn *c, size_t off, uint8_t mk[4], const uint8_t **ptr,
                            size_t *v, size_t *lim)
{
    uint32_t s = iw__tx_rel(c, c->tx_fpdu_pos);
    size_t r = (s + off) & 511u;
    if (r < IW_MPA_MARKER_LEN) {
        size_t base = off - r, lenoff = (s & 511u) == 0 ? IW_MPA_MARKER_LEN : 0u;
        uint16_t fp = (uint16_t)(base ? base - lenoff : 0u);
        mk[0] = mk[1] = 0; /* reserved (MPA-062) */
        iw_put_be16(mk + 2, fp);
        *ptr = mk + r;
        return IW_MPA_MARKER_LEN - r;
    }
    *lim = IW_MIN(*lim, IW_MPA_MARKER_INTERVAL - r);
    *v = off - IW_MPA_MARKER_LEN * iw__mk_count(s, off);
    return 0;
}
#endif
static IW_HOT size_t iw__tx_piece(iw_mpa_conn *c, size_t off, uint8_t mk[4], const uint8_t **ptr)
{
    size_t lim = c->tx_wlen - off, v = off, i, b;
#if IW_CFG_MPA_MARKERS
    if (c->mk_tx) {
        size_t k = iw__tx_marker(c, off, mk, ptr, &v, &lim);
        if (k) return k;
    }
#else
    (void)mk;
#endif
    if (v < c->tx_cv) c->tx_ci = c->tx_cv = 0; /* walked back (a resume's CRC pass) */
    for (i = c->tx_ci, b = c->tx_cv; i < c->tx_nsrc; b += c->tx_src[i].len, i++) {
        size_t in = v - b, k = c->tx_src[i].len;
        if (in < k) {
            c->tx_ci = i;
            c->tx_cv = b;
            *ptr = (const uint8_t *)c->tx_src[i].base + in;
            return IW_MIN(lim, k - in);
        }
    }
    *ptr = c->tx_trl;
    return 0;
}

/* Gather sink: fill the send window from wire offset off; returns the number of iovecs. */
static size_t iw__tx_window(iw_mpa_conn *c, size_t off, size_t *bytes)
{
    size_t n = 0, total = 0;
    while (n < IW_CFG_MPA_TX_WINDOW && off < c->tx_wlen) {
        const uint8_t *p;
#if IW_CFG_MPA_MARKERS
        size_t k = iw__tx_piece(c, off, c->tx_mk[n], &p);
#else
        size_t k = iw__tx_piece(c, off, NULL, &p);
#endif
        if (!k) break;
        c->tx_win[n].base = p;
        c->tx_win[n].len = k;
        n++;
        off += k;
        total += k;
    }
    *bytes = total;
    return n;
}

/* memcpy(d, p, k), the FPDU's short pieces (ULPDU_Length, a DDP header, PAD) inline: two
 * overlapping moves instead of a library call. */
static IW_HOT void iw__copy_short(uint8_t *d, const uint8_t *p, size_t k)
{
    if (k > 16) {
        IW_MEMCPY(d, p, k);
    } else if (k >= 8) {
        uint64_t a, b;
        IW_MEMCPY(&a, p, 8);
        IW_MEMCPY(&b, p + k - 8, 8);
        IW_MEMCPY(d, &a, 8);
        IW_MEMCPY(d + k - 8, &b, 8);
    } else if (k >= 4) {
        uint32_t a, b;
        IW_MEMCPY(&a, p, 4);
        IW_MEMCPY(&b, p + k - 4, 4);
        IW_MEMCPY(d, &a, 4);
        IW_MEMCPY(d + k - 4, &b, 4);
    } else if (k) {
        uint8_t a = p[0], b = p[k / 2], e = p[k - 1];
        d[0] = a;
        d[k / 2] = b;
        d[k - 1] = e;
    }
}

/* CRC of the in-flight FPDU's wire octets [from, to) as they are in memory now, continuing
 * crc (markers included, MPA-054); with d, also copied there (the copy-out sink). Without
 * markers the wire after the first piece iw__tx_piece finds is the rest of tx_src in order. */
static IW_HOT uint32_t iw__tx_crc_span(iw_mpa_conn *c, uint32_t crc, uint8_t *d, size_t from,
                                       size_t to)
{
    uint8_t mk[4];
    if (!c->mk_tx && from == 0) { /* the whole FPDU from its start, no marker: piece after piece */
        size_t i, k;
        if (d && c->crc_mode == IW__CRC_OWN && to < IW_CFG_MPA_FUSE_MIN) {
            /* a short FPDU: its pieces copied, then one CRC pass over what was written (in L1),
             * cheaper than a CRC call per piece; as iw__rx_whole does on receive */
            uint8_t *d0 = d;
            for (i = 0; from < to; i++) {
                k = IW_MIN(c->tx_src[i].len, to - from);
                iw__copy_short(d, (const uint8_t *)c->tx_src[i].base, k);
                d += k;
                from += k;
            }
            return c->k.crc(crc, d0, to);
        }
        for (i = 0; from < to; i++) {
            k = IW_MIN(c->tx_src[i].len, to - from);
            if (!k) continue; /* an empty piece (its base may be NULL) */
            crc = iw__sum(c, crc, d, (const uint8_t *)c->tx_src[i].base, k);
            if (d) d += k;
            from += k;
        }
        return crc;
    }
    while (from < to) {
        const uint8_t *p;
        size_t k = iw__tx_piece(c, from, mk, &p); /* once: IW_MIN evaluates twice */
        k = IW_MIN(k, to - from);
        crc = iw__sum(c, crc, d, p, k);
        if (d) d += k;
        from += k;
    }
    return crc;
}

/* The ULPDU's pieces iov[0..n) of iw_mpa_tx: IW_EINVAL unless each names memory and they total
 * 1 to 65535 octets (RFC 5044 §4: ULPDU_Length is 16 bits), their total in *ulen; with d, each
 * is also copied to d[i] as it is checked (the FPDU's tx_src: one walk). */
static IW_HOT iw_status iw__tx_ulpdu(const iw_iov *iov, size_t n, iw_iov *d, size_t *ulen)
{
    size_t i, u = 0;
    for (i = 0; i < n; i++) {
        const void *b = iov[i].base;
        size_t k = iov[i].len;
        if (k && !b) return IW_EINVAL;
        u += k;
        if (u > 0xFFFFu) return IW_EINVAL;
        if (d) { /* member by member: the ULP just wrote iov so (a block copy's wider loads
                  * could not be forwarded from those stores) */
            d[i].base = b;
            d[i].len = k;
        }
    }
    *ulen = u;
    return u == 0 ? IW_EINVAL : IW_OK;
}

/* Lay out one FPDU (RFC 5044 §4; MPA-046..048): ULPDU_Length, the ULPDU pieces (already in
 * tx_src[1..n]), PAD (zeros),
 * CRC over everything before the CRC field, markers included (MPA-054), or 0 without CRC
 * (MPA-026, MPA-027). The gather sink's CRC is computed here, over the same walk; the copy-out
 * sink computes it as it writes (iw__tx_copyout_room). */
static IW_HOT void iw__tx_start(iw_mpa_conn *c, size_t n, size_t ulen, int is_ulp)
{
    size_t pad = iw_mpa_pad(ulen), vlen = 2u + ulen + pad + IW_MPA_CRC_LEN;
    uint32_t crc = 0;
    iw_put_be16(c->tx_hdr, (uint16_t)ulen);
    IW_MEMSET(c->tx_trl, 0, sizeof c->tx_trl);
    c->tx_src[0].base = c->tx_hdr;
    c->tx_src[0].len = 2;
    c->tx_src[1 + n].base = c->tx_trl;
    c->tx_src[1 + n].len = pad + IW_MPA_CRC_LEN;
    c->tx_nsrc = n + 2;
    c->tx_ci = c->tx_cv = 0;
    c->tx_fpdu_pos = c->tx_pos;
    c->tx_wlen = vlen;
#if IW_CFG_MPA_MARKERS
    if (c->mk_tx) {
        c->tx_wlen = iw__mk_wlen(iw__tx_rel(c, c->tx_pos), vlen);
        IW_STAT(c->stats.tx_markers += (uint32_t)((c->tx_wlen - vlen) / IW_MPA_MARKER_LEN));
    }
#endif
    c->tx_off = 0;
    c->tx_crc_acc = 0;
    c->tx_crc_end = 0;
    if (!(c->mode & IW__M_COPYOUT) && c->crc_on) {
        crc = iw__tx_crc_span(c, 0, NULL, 0, c->tx_wlen - IW_MPA_CRC_LEN);
        c->tx_ci = c->tx_cv = 0;
    }
    iw_put_le32(c->tx_trl + pad, crc); /* MPA-053: least significant octet first */
    c->tx_busy = 1;
    c->tx_stale = 0;
    IW_STAT(c->stats.tx_fpdus++);
    c->tx_is_ulp = (uint8_t)is_ulp;
    c->tx_notify = 0;
}

/* The host took acc octets of the window just offered (c->tx_win, from wire offset off):
 * trace them as sent, one iovec per call, last set with the FPDU's final octet. */
static void iw__tx_trace(iw_mpa_conn *c, size_t off, size_t acc)
{
    size_t i;
    for (i = 0; acc; i++) {
        iw_iov v = c->tx_win[i];
        if (v.len > acc) v.len = acc;
        acc -= v.len;
        off += v.len;
        c->ops->trace(c->ctx, IW_MPA_TRACE_TX, &v, 1, acc == 0 && off >= c->tx_wlen);
    }
}

#if IW_CFG_MPA_TX_COPYOUT
/* Copy-out sink (iw_mpa_host_ops.tx_room): write the FPDU in flight from wire offset tx_off
 * into the room dst[0..cap) the host gave (cap >= 1), as much as fits, and hand it over
 * (tx_commit). The CRC runs over the octets as they are copied, markers and PAD included
 * (RFC 5044 §4.3; MPA-053, MPA-054), and is kept in tx_crc_acc across a full buffer; its field
 * goes out last, least significant octet first. IW_EHOST when tx_commit failed. */
static iw_status iw__tx_copyout_room(iw_mpa_conn *c, uint8_t *dst, size_t cap)
{
    size_t cend = c->tx_wlen - IW_MPA_CRC_LEN, w = 0, k;
    if (c->tx_off < cend) {
        w = IW_MIN(cend - c->tx_off, cap);
        c->tx_crc_acc = iw__tx_crc_span(c, c->tx_crc_acc, dst, c->tx_off, c->tx_off + w);
        if (c->mode & IW__M_TRACE)
            iw__trace(c, IW_MPA_TRACE_TX, dst, w, c->tx_off + w == c->tx_wlen);
        c->tx_off += w;
    }
    if (c->tx_off == cend && cap - w >= IW_MPA_CRC_LEN) { /* the CRC field, whole (MPA-027) */
        iw_put_le32(dst + w, c->crc_on ? c->tx_crc_acc : 0u);
        if (c->mode & IW__M_TRACE) iw__trace(c, IW_MPA_TRACE_TX, dst + w, IW_MPA_CRC_LEN, 1);
        w += IW_MPA_CRC_LEN;
        c->tx_off += IW_MPA_CRC_LEN;
    } else if (w < cap && c->tx_off < c->tx_wlen) { /* the CRC field, in parts */
        uint8_t *f = c->tx_trl + c->tx_src[c->tx_nsrc - 1].len - IW_MPA_CRC_LEN;
        if (c->tx_off == cend) iw_put_le32(f, c->crc_on ? c->tx_crc_acc : 0u);
        k = IW_MIN(c->tx_wlen - c->tx_off, cap - w);
        if (k == IW_MPA_CRC_LEN) IW_MEMCPY(dst + w, f, IW_MPA_CRC_LEN); /* the usual: all of it */
        else IW_MEMCPY(dst + w, f + (c->tx_off - cend), k);
        if (c->mode & IW__M_TRACE)
            iw__trace(c, IW_MPA_TRACE_TX, dst + w, k, c->tx_off + k == c->tx_wlen);
        w += k;
        c->tx_off += k;
    }
    return c->ops->tx_commit(c->ctx, w) != IW_OK ? IW_EHOST : IW_OK;
}

/* Copy-out transmit of the FPDU in flight: room after room until it is all out or the host's
 * buffer is full (no room: the host calls iw_mpa_tx_resume later). */
static iw_status iw__tx_copyout(iw_mpa_conn *c)
{
    while (c->tx_off < c->tx_wlen) {
        size_t cap = 0;
        uint8_t *dst = c->ops->tx_room(c->ctx, c->tx_wlen - c->tx_off, &cap);
        if (!dst || cap == 0) return IW_OK;
        if (iw__tx_copyout_room(c, dst, cap) != IW_OK) return IW_EHOST;
    }
    return IW_OK;
}

#endif

/* A host op of the transmit path failed (send, tx_commit): the stream is broken mid-octet, so
 * the connection always ends abortively, once (IW_EHOST, docs/style.md §6). */
static iw_status iw__tx_host_fail(iw_mpa_conn *c)
{
    c->fr_tx_len = 0;
    c->tx_busy = 0;
    c->term_pending = c->ctl_pending = 0;
    c->close_after = 0;
    if (c->err.status == IW_OK) return iw__fail(c, IW_EHOST, 0, IW_MPA_FERR_NONE, 0, 0, 0, 0, 1);
    c->state = IW_MPA_S_CLOSED;
    if (!c->closed) {
        c->closed = 1;
        c->ops->close(c->ctx, 1);
    }
    return c->err.status;
}

/* Offer what is pending to the host: the setup frame, the FPDU in flight (to the copy-out or
 * the gather sink), then a queued Terminate or provider FPDU; close when asked and drained. A
 * partial accept keeps the exact octet (tx_off / fr_tx_sent) and the host calls
 * iw_mpa_tx_resume later. The one place an FPDU is completed. No upcall but the error one:
 * when the ULP is to be told (tx_done) it stops with tx_tell set for iw__tx_pump. The ULP's
 * own calls (iw_mpa_tx, iw_mpa_close, iw_mpa_terminate, setup frames) run only this: no
 * tx_done inside them (iw_mpa_tx's FPDU starts with tx_notify 0; the others leave Full
 * Operation, where no tx_done is made). */
static iw_status iw__tx_run(iw_mpa_conn *c)
{
    for (;;) {
        size_t acc = 0, bytes, n;
        iw_status st;
        if (c->closed) return IW_OK;
        if (c->fr_tx_len) {
            iw_iov v;
            v.base = c->fr_tx + c->fr_tx_sent;
            v.len = c->fr_tx_len - c->fr_tx_sent;
            st = c->ops->send(c->ctx, &v, 1, &acc);
            if ((st != IW_OK && st != IW_EAGAIN) || acc > v.len) goto host_fail;
            c->fr_tx_sent += acc;
            if (c->fr_tx_sent < c->fr_tx_len) return IW_OK;
            c->fr_tx_len = c->fr_tx_sent = 0;
            continue;
        }
#if IW_CFG_MPA_TX_COPYOUT
        if (c->tx_busy && (c->mode & IW__M_COPYOUT)) {
            st = iw__tx_copyout(c);
            if (st != IW_OK) goto host_fail;
            if (c->tx_off < c->tx_wlen) return IW_OK; /* full: iw_mpa_tx_resume goes on */
        } else
#endif
        if (c->tx_busy) {
            size_t cend = c->tx_wlen - IW_MPA_CRC_LEN;
            if (c->tx_stale) { /* resumed after a partial accept: the CRC covers what TCP
                                * gets, the rest as it is now (MPA-053) */
                c->tx_stale = 0;
                if (c->tx_off < cend)
                    iw_put_le32(c->tx_trl + c->tx_src[c->tx_nsrc - 1].len - IW_MPA_CRC_LEN,
                                 iw__tx_crc_span(c, c->tx_crc_acc, NULL, c->tx_off, cend));
            }
            n = iw__tx_window(c, c->tx_off, &bytes);
            st = c->ops->send(c->ctx, c->tx_win, n, &acc);
            if ((st != IW_OK && st != IW_EAGAIN) || acc > bytes) goto host_fail;
            if (c->mode & IW__M_TRACE) iw__tx_trace(c, c->tx_off, acc);
            c->tx_off += acc;
            if (c->tx_off < c->tx_wlen) {
                if (acc == bytes && st == IW_OK) continue; /* window done, more to offer */
                if (c->crc_on && c->tx_crc_end < IW_MIN(c->tx_off, cend)) {
                    c->tx_crc_acc = iw__tx_crc_span(c, c->tx_crc_acc, NULL, c->tx_crc_end,
                                                    IW_MIN(c->tx_off, cend));
                    c->tx_crc_end = IW_MIN(c->tx_off, cend);
                }
                c->tx_stale = (uint8_t)c->crc_on; /* the source may change before resume */
                return IW_OK;
            }
        }
        if (c->tx_busy) { /* the FPDU is out */
            c->tx_busy = 0;
            c->tx_pos += (uint32_t)c->tx_wlen;
            /* The ULP's pending FPDU is out; or MPA's own frame (RTR, Read RTR answer) that
             * kept the ULP waiting on iw_mpa_tx_busy is: tell it either way, in Full
             * Operation only (after iw_mpa_close, iw_mpa_terminate or an error the ULP sends
             * nothing more, and those calls run this loop: no tx_done inside them). */
            if ((!c->tx_is_ulp || c->tx_notify) && c->state == IW_MPA_S_FULL &&
                c->err.status == IW_OK && c->ulp->tx_done) {
                c->tx_notify = 0;
                c->tx_tell = 1;
                return IW_OK;
            }
        }
        if (c->term_pending) {
            c->term_pending = 0;
            c->tx_src[1].base = c->term;
            c->tx_src[1].len = IW_MPA_TERM_ULPDU_LEN;
            iw__tx_start(c, 1, IW_MPA_TERM_ULPDU_LEN, 0);
            continue;
        }
#if IW_CFG_MPA_P2P
        if (c->ctl_pending) {
            c->ctl_pending = 0;
            c->tx_src[1].base = c->ctl;
            c->tx_src[1].len = c->ctl_len;
            iw__tx_start(c, 1, c->ctl_len, 0);
            continue;
        }
#endif
        if (c->close_after) {
            c->close_after = 0;
            c->closed = 1;
            c->state = IW_MPA_S_CLOSED;
            c->ops->close(c->ctx, 0);
        }
        return IW_OK;
    host_fail:
        return iw__tx_host_fail(c);
    }
}

/* iw__tx_run from the host's calls, with the tx_done upcalls it stops for: the ULP may
 * send its next FPDU in it (iw_mpa_tx), then what is pending goes on. */
static iw_status iw__tx_pump(iw_mpa_conn *c)
{
    iw_status st = iw__tx_run(c);
    while (c->tx_tell) {
        c->tx_tell = 0;
        c->ulp->tx_done(c->uctx);
        st = iw__tx_run(c);
    }
    return st;
}

static iw_status iw__send_frame(iw_mpa_conn *c, const iw_mpa_frame *f)
{
    size_t len;
    iw_status st = iw_mpa_frame_encode(f, c->fr_tx, sizeof c->fr_tx, &len);
    if (st != IW_OK) return st;
    c->fr_tx_len = len;
    c->fr_tx_sent = 0;
    iw__trace(c, IW_MPA_TRACE_TX, c->fr_tx, len, 1);
    return iw__tx_run(c); /* a setup frame: no FPDU is pending, no tx_done */
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_tx(iw_mpa_conn *c, const iw_iov *iov, size_t n)
{
    size_t ulen = 0;
    int busy;
    if (!c || (!iov && n) || n > IW_CFG_MPA_MAX_IOV) return IW_EINVAL;
    if (c->err.status != IW_OK) return c->err.status;
    /* MPA-015: the Responder sends nothing before the Initiator's first FPDU: not now, and
     * tx_done when it has arrived. */
    if (c->state == IW_MPA_S_AWAIT_FIRST && !c->close_after) {
        c->tx_notify = 1;
        return IW_EAGAIN;
    }
    /* MPA-012: no FPDU before Full Operation; MPA-073: none after the half close. */
    if (c->state != IW_MPA_S_FULL || c->close_after) return IW_ESTATE;
    /* checked before IW_EAGAIN; copied into tx_src only when no FPDU is in flight there */
    busy = c->tx_busy || c->fr_tx_len || c->ctl_pending || c->term_pending;
    if (iw__tx_ulpdu(iov, n, busy ? NULL : c->tx_src + 1, &ulen) != IW_OK) return IW_EINVAL;
    if (busy) return IW_EAGAIN;
#if IW_CFG_MPA_MARKERS
    if (c->mk_tx && !iw__mk_fits(iw__tx_rel(c, c->tx_pos), ulen)) return IW_EINVAL;
#endif
    iw__tx_start(c, n, ulen, 1);
    (void)iw__tx_run(c);
    if (c->err.status != IW_OK) return c->err.status;
    if (c->tx_busy && c->tx_is_ulp) c->tx_notify = 1;
    return IW_OK;
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_tx_resume(iw_mpa_conn *c)
{
    iw_status st;
    if (!c) return IW_EINVAL;
    if (c->err.status == IW_EHOST) return IW_EHOST;
    st = iw__tx_pump(c);
    return c->err.status != IW_OK ? c->err.status : st; /* sticky (docs/style.md §6) */
}

/* ---- setup ---- */

/* see mpa.h */
IW_DEF iw_status iw_mpa_start(iw_mpa_conn *c, const uint8_t *pd, size_t pd_len)
{
    iw_mpa_frame f;
    if (!c || (pd_len && !pd)) return IW_EINVAL;
    if (c->state != IW_MPA_S_IDLE || c->err.status != IW_OK) return IW_ESTATE;
    if (c->cfg.role == IW_MPA_RESPONDER) {
        if (pd_len) return IW_EINVAL;
        c->state = IW_MPA_S_AWAIT_REQUEST;
        c->ops->timer_arm(c->ctx, IW_MPA_TIMER_SETUP, c->cfg.req_timeout_ms); /* MPA-020 */
        return IW_OK;
    }
    IW_MEMSET(&f, 0, sizeof f);
    f.kind = IW_MPA_REQUEST;
    f.rev = c->cfg.rev;
    f.enhanced = (uint8_t)(f.rev == 2); /* we always send IRD/ORD in Rev 2 (RFC 6581) */
    f.flags = (uint8_t)((c->cfg.markers_rx ? IW_MPA_FLAG_M : 0u) | (c->cfg.crc ? IW_MPA_FLAG_C : 0u));
#if IW_CFG_MPA_P2P
    if (c->cfg.p2p && (c->cfg.rtr & IW_MPA_RTR_READ) && c->ord == 0) c->ord = 1; /* MPA-042 */
#endif
    f.ird_word = c->ird;
    f.ord_word = c->ord;
#if IW_CFG_MPA_P2P
    if (c->cfg.p2p) { /* MPA-037: P2P and every RTR type we can send */
        f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_P2P);
        if (c->cfg.rtr & IW_MPA_RTR_SEND) f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_RTR_SEND);
        if (c->cfg.rtr & IW_MPA_RTR_WRITE) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_WRITE);
        if (c->cfg.rtr & IW_MPA_RTR_READ) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_READ);
    }
#endif
    f.pd = pd;
    f.pd_len = pd_len;
    if (pd_len + (f.enhanced ? IW_MPA_IRDORD_LEN : 0u) > IW_CFG_MPA_MAX_PRIVDATA) return IW_EINVAL;
    c->rev = f.rev;
    c->enhanced = f.enhanced;
    c->req_flags = f.flags;
    c->state = IW_MPA_S_AWAIT_REPLY;
    c->ops->timer_arm(c->ctx, IW_MPA_TIMER_SETUP, c->cfg.rep_timeout_ms); /* MPA-019 */
    return iw__send_frame(c, &f);
}

/* see mpa.h */
IW_DEF void iw_mpa_get_info(const iw_mpa_conn *c, iw_mpa_info *in)
{
    IW_MEMSET(in, 0, sizeof *in);
    in->rev = c->rev;
    in->enhanced = c->enhanced;
    in->crc = c->crc_on;
    in->markers_tx = c->mk_tx;
    in->markers_rx = c->mk_rx;
    in->p2p = c->p2p;
    in->rtr = c->rtr;
    in->peer_ird = c->peer_ird;
    in->peer_ord = c->peer_ord;
    in->ird = c->ird;
    in->ord = c->ord;
}

static void iw__info(const iw_mpa_conn *c, iw_mpa_info *in, const uint8_t *pd, size_t pd_len)
{
    iw_mpa_get_info(c, in);
    in->pd = pd;
    in->pd_len = pd_len;
}

/* The Responder's answer (RFC 5044 §7.1.1, RFC 6581). */
static iw_status iw__send_reply(iw_mpa_conn *c, int reject, uint16_t ird, uint16_t ord,
                                const uint8_t *pd, size_t pd_len)
{
    iw_mpa_frame f;
    IW_MEMSET(&f, 0, sizeof f);
    f.kind = IW_MPA_REPLY;
    f.rev = c->rev;
    f.enhanced = c->enhanced;
    f.pd = pd;
    f.pd_len = pd_len;
    if (reject) {
        f.flags = (uint8_t)(IW_MPA_FLAG_R | (c->req_flags & IW_MPA_FLAG_C));
        return iw__send_frame(c, &f);
    }
    /* MPA-025: a Request with C = 1 gets C = 1; MPA-023: our M asks for markers toward us. */
    f.flags = (uint8_t)((c->cfg.markers_rx ? IW_MPA_FLAG_M : 0u) |
                        ((c->cfg.crc || (c->req_flags & IW_MPA_FLAG_C)) ? IW_MPA_FLAG_C : 0u));
    f.ird_word = ird;
    f.ord_word = ord;
#if IW_CFG_MPA_P2P
    if (c->p2p) { /* MPA-038: P2P and exactly the one RTR chosen */
        f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_P2P);
        if (c->rtr == IW_MPA_RTR_SEND) f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_RTR_SEND);
        if (c->rtr == IW_MPA_RTR_WRITE) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_WRITE);
        if (c->rtr == IW_MPA_RTR_READ) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_READ);
    }
#endif
    return iw__send_frame(c, &f);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_accept(iw_mpa_conn *c, uint16_t ird, uint16_t ord, const uint8_t *pd,
                               size_t pd_len)
{
    if (!c || (pd_len && !pd)) return IW_EINVAL;
    if (c->state != IW_MPA_S_AWAIT_ULP || c->err.status != IW_OK) return IW_ESTATE;
    if (pd_len + (c->enhanced ? IW_MPA_IRDORD_LEN : 0u) > IW_CFG_MPA_MAX_PRIVDATA) return IW_EINVAL;
    ird = (uint16_t)IW_MIN(ird, IW_MPA_IRDORD_MAX); /* MPA-033 */
    ord = (uint16_t)IW_MIN(ord, IW_MPA_IRDORD_MAX);
    if (c->enhanced) ord = (uint16_t)IW_MIN(ord, c->peer_ird); /* MPA-035 */
    if (c->rtr == IW_MPA_RTR_READ && ird == 0) ird = 1;          /* MPA-042 */
    c->ird = ird;
    c->ord = ord;
    c->crc_on = (uint8_t)(c->cfg.crc || (c->req_flags & IW_MPA_FLAG_C)); /* MPA-024 */
    c->mk_tx = (uint8_t)((c->req_flags & IW_MPA_FLAG_M) != 0);          /* MPA-023 */
    c->mk_rx = c->cfg.markers_rx;
    iw__set_mode(c);
    c->mulpdu = iw_mpa_mulpdu_for(c->cfg.emss, c->mk_tx);
    c->state = IW_MPA_S_AWAIT_FIRST; /* MPA-015: no FPDU until the first one is validated */
    iw__set_mode(c);
    return iw__send_reply(c, 0, ird, ord, pd, pd_len);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_reject(iw_mpa_conn *c, const uint8_t *pd, size_t pd_len)
{
    if (!c || (pd_len && !pd)) return IW_EINVAL;
    if (c->state != IW_MPA_S_AWAIT_ULP || c->err.status != IW_OK) return IW_ESTATE;
    if (pd_len + (c->enhanced ? IW_MPA_IRDORD_LEN : 0u) > IW_CFG_MPA_MAX_PRIVDATA) return IW_EINVAL;
    c->state = IW_MPA_S_CLOSING; /* MPA-017: Reply with R = 1, then close; no FPDU */
    c->close_after = 1;
    return iw__send_reply(c, 1, 0, 0, pd, pd_len);
}

/* Responder: a complete, valid Request. */
static iw_status iw__on_request(iw_mpa_conn *c, const iw_mpa_frame *f)
{
    iw_mpa_info in;
    c->ops->timer_cancel(c->ctx, IW_MPA_TIMER_SETUP);
    c->req_flags = f->flags;
    c->req_rev = f->rev;
    c->rev = (uint8_t)IW_MIN(f->rev, c->cfg.rev); /* MPA-009 */
    c->enhanced = (uint8_t)(c->rev == 2 && f->enhanced);
    if (c->enhanced) {
        unsigned offer = 0;
#if !IW_CFG_MPA_P2P
        (void)offer;
#endif
        c->peer_ird = (uint16_t)(f->ird_word & IW_MPA_IRDORD_MAX);
        c->peer_ord = (uint16_t)(f->ord_word & IW_MPA_IRDORD_MAX);
#if IW_CFG_MPA_P2P
        if (f->ird_word & IW_MPA_IRD_P2P) {
            if (f->ird_word & IW_MPA_IRD_RTR_SEND) offer |= IW_MPA_RTR_SEND;
            if (f->ord_word & IW_MPA_ORD_RTR_WRITE) offer |= IW_MPA_RTR_WRITE;
            if (f->ord_word & IW_MPA_ORD_RTR_READ) offer |= IW_MPA_RTR_READ;
            c->rtr_offer = (uint8_t)offer;
            offer &= c->cfg.p2p ? c->cfg.rtr : 0u;
            /* MPA-045: Write, then Read, then Send. With no common type, P2P is declined
             * (P2P and RTR bits clear) and the Initiator decides (MPA-039). */
            c->rtr = (uint8_t)((offer & IW_MPA_RTR_WRITE) ? IW_MPA_RTR_WRITE
                               : (offer & IW_MPA_RTR_READ) ? IW_MPA_RTR_READ
                               : (offer & IW_MPA_RTR_SEND) ? IW_MPA_RTR_SEND : 0u);
            c->p2p = (uint8_t)(c->rtr != 0);
        }
#endif
    }
    /* MPA-028: markers asked for that we will not insert: Reject. */
    if ((f->flags & IW_MPA_FLAG_M) && !c->cfg.markers_tx) {
        c->state = IW_MPA_S_CLOSING;
        c->close_after = 1;
        (void)iw__send_reply(c, 1, 0, 0, NULL, 0);
        if (c->err.status == IW_OK) {
            c->err.status = IW_EREJECTED;
            if (c->ulp->error) c->ulp->error(c->uctx, &c->err);
        }
        return c->err.status; /* IW_EREJECTED, or IW_EHOST if the Reply could not be sent */
    }
    c->state = IW_MPA_S_AWAIT_ULP;
    c->crc_on = (uint8_t)(c->cfg.crc || (f->flags & IW_MPA_FLAG_C));
    c->mk_tx = (uint8_t)((f->flags & IW_MPA_FLAG_M) != 0);
    c->mk_rx = c->cfg.markers_rx;
    iw__set_mode(c);
    iw__info(c, &in, f->pd, f->pd_len);
    in.rtr = c->rtr_offer;
    c->ulp->request(c->uctx, &in);
    return c->err.status;
}

#if IW_CFG_MPA_P2P
static void iw__queue_ctl(iw_mpa_conn *c, const uint8_t *u, size_t len)
{
    IW_MEMCPY(c->ctl, u, len);
    c->ctl_len = len;
    c->ctl_pending = 1;
}
#endif

/* Initiator: a complete, valid Reply. */
static iw_status iw__on_reply(iw_mpa_conn *c, const iw_mpa_frame *f)
{
    iw_mpa_info in;
    /* RFC 6581 (MPA-010): an enhanced Request needs an enhanced Rev 2 Reply. */
    if (!(f->flags & IW_MPA_FLAG_R)) {
        if (f->rev > c->rev) return iw__fail_frame(c, IW_MPA_FERR_REV_MISMATCH);
        if (c->enhanced && !f->enhanced) return iw__fail_frame(c, IW_MPA_FERR_NOT_ENHANCED);
    }
    c->ops->timer_cancel(c->ctx, IW_MPA_TIMER_SETUP);
    if (f->flags & IW_MPA_FLAG_R) { /* MPA-018: rejected; close, no FPDU, no Terminate */
        iw__info(c, &in, f->pd, f->pd_len);
        c->err.status = IW_EREJECTED;
        c->state = IW_MPA_S_CLOSED;
        c->closed = 1;
        if (c->ulp->rejected) c->ulp->rejected(c->uctx, &in);
        c->ops->close(c->ctx, 0);
        return IW_EREJECTED;
    }
    c->rev = f->rev;
    c->crc_on = (uint8_t)((c->req_flags | f->flags) & IW_MPA_FLAG_C ? 1 : 0); /* MPA-024 */
    c->mk_tx = (uint8_t)((f->flags & IW_MPA_FLAG_M) != 0);                   /* MPA-023 */
    c->mk_rx = (uint8_t)((c->req_flags & IW_MPA_FLAG_M) != 0);
    iw__set_mode(c);
    c->mulpdu = iw_mpa_mulpdu_for(c->cfg.emss, c->mk_tx);
    c->state = IW_MPA_S_FULL; /* MPA-016 */
    if (c->mk_tx && !c->cfg.markers_tx) /* MPA-028: we cannot honour the Reply */
        return iw__fail(c, IW_EPROTO, IW_MPA_ECODE_LOCAL, IW_MPA_FERR_NONE, 2, 0,
                        IW_MPA_ECODE_LOCAL, 0, 0);
    if (c->enhanced) {
        unsigned chosen = 0;
#if !IW_CFG_MPA_P2P
        (void)chosen;
#endif
        c->peer_ird = (uint16_t)(f->ird_word & IW_MPA_IRDORD_MAX);
        c->peer_ord = (uint16_t)(f->ord_word & IW_MPA_IRDORD_MAX);
        /* RFC 6581 (MPA-036): the Responder's ORD must fit our IRD, raised if we can. */
        if (c->peer_ord > c->ird) {
            if (c->peer_ord > c->cfg.ird_max) return iw__fail_mpa(c, IW_MPA_ECODE_IRD);
            c->ird = c->peer_ord;
        }
        c->ord = (uint16_t)IW_MIN(c->ord, c->peer_ird); /* MPA-034 */
#if IW_CFG_MPA_P2P
        if (c->cfg.p2p) { /* MPA-039: exactly one RTR, one we offered */
            if (f->ird_word & IW_MPA_IRD_RTR_SEND) chosen |= IW_MPA_RTR_SEND;
            if (f->ord_word & IW_MPA_ORD_RTR_WRITE) chosen |= IW_MPA_RTR_WRITE;
            if (f->ord_word & IW_MPA_ORD_RTR_READ) chosen |= IW_MPA_RTR_READ;
            if (!(f->ird_word & IW_MPA_IRD_P2P) || (chosen & (chosen - 1u)) || !chosen ||
                !(chosen & c->cfg.rtr))
                return iw__fail_mpa(c, IW_MPA_ECODE_RTR);
            c->p2p = 1;
            c->rtr = (uint8_t)chosen;
        }
#endif
    }
#if IW_CFG_MPA_P2P
    if (c->p2p) { /* MPA-040: the RTR is our first FPDU */
        uint8_t u[46];
        IW_MEMSET(u, 0, sizeof u);
        if (c->rtr == IW_MPA_RTR_WRITE) { /* zero-length RDMA Write, STag 1 as siw sends */
            u[0] = 0xC1;
            u[1] = 0x40;
            u[5] = 1;
            iw__queue_ctl(c, u, 14);
        } else if (c->rtr == IW_MPA_RTR_SEND) { /* zero-length Send, QN 0, MSN 1 */
            u[0] = 0x41;
            u[1] = 0x43;
            u[13] = 1;
            iw__queue_ctl(c, u, 18);
        } else { /* zero-length RDMA Read Request, QN 1, MSN 1, RDMARDSZ 0 */
            u[0] = 0x41;
            u[1] = 0x41;
            u[9] = 1;
            u[13] = 1;
            iw__queue_ctl(c, u, 46);
            c->rtr_wait = 1;
            iw__set_mode(c);
        }
        (void)iw__tx_pump(c);
        if (c->err.status != IW_OK) return c->err.status;
    }
#endif
    iw__info(c, &in, f->pd, f->pd_len);
    if (c->ulp->established) c->ulp->established(c->uctx, &in);
    return c->err.status;
}

/* Accumulate and process the peer's Request or Reply (any chunking). */
static iw_status iw__rx_frame(iw_mpa_conn *c, const uint8_t *p, size_t len, size_t *used)
{
    unsigned kind = c->cfg.role == IW_MPA_INITIATOR ? IW_MPA_REPLY : IW_MPA_REQUEST;
    size_t need = IW_MPA_FRAME_HDR, take = 0;
    iw_mpa_frame f;
    iw_status st;
    *used = 0;
    for (;;) {
        st = iw_mpa_frame_decode(c->fr_rx, c->fr_rx_have, kind, &f, &need);
        if (st == IW_EPROTO) return iw__fail_frame(c, f.err);
        if (st == IW_OK) break;
        if (take == len) return IW_OK;
        {
            size_t k = IW_MIN(need - c->fr_rx_have, len - take);
            IW_MEMCPY(c->fr_rx + c->fr_rx_have, p + take, k);
            c->fr_rx_have += k;
            take += k;
            *used = take;
        }
    }
    iw__trace(c, IW_MPA_TRACE_RX, c->fr_rx, c->fr_rx_have, 1);
    c->fr_rx_have = 0;
    return kind == IW_MPA_REQUEST ? iw__on_request(c, &f) : iw__on_reply(c, &f);
}

/* ---- receive in Full Operation ---- */

#define IW__RX_LEN 0
#define IW__RX_DATA 1
#define IW__RX_PAD 2
#define IW__RX_CRC 3

#if IW_CFG_MPA_P2P
/* Which RTR message a ULPDU is (RFC 6581; DDP control 0x80 T, 0x40 L, 0x03 DV; RDMAP opcode
 * in the low nibble of octet 1). 0 if none. */
static unsigned iw__rtr_kind(const uint8_t *u, size_t len)
{
    if ((u[0] & 0x43u) != 0x41u || (u[1] & 0xC0u) != 0x40u) return 0;
    if ((u[0] & 0x80u) && len == 14 && (u[1] & 0x0Fu) == 0x0) return IW_MPA_RTR_WRITE;
    if ((u[0] & 0x80u) || (len != 18 && len != 46)) return 0; /* untagged: the two RTR sizes */
    if (iw_get_be32(u + 10) != 1 || iw_get_be32(u + 14) != 0) return 0; /* MSN 1, MO 0 */
    if (len == 18 && (u[1] & 0x0Fu) == 0x3 && iw_get_be32(u + 6) == 0) return IW_MPA_RTR_SEND;
    if (len == 46 && (u[1] & 0x0Fu) == 0x1 && iw_get_be32(u + 6) == 1 &&
        iw_get_be32(u + 30) == 0)
        return IW_MPA_RTR_READ;
    return 0;
}
#endif

/* The ULP's answer to begin or commit: anything but IW_OK is its own error, which stops the
 * stream; the ULP sends its Terminate (MPA-056). */
static iw_status iw__ulp_status(iw_mpa_conn *c, iw_status st)
{
    if (st != IW_OK && c->err.status == IW_OK) {
        c->err.status = st;
        c->state = IW_MPA_S_CLOSING;
    }
    return c->err.status;
}

/* Payload octets p[0..k) of the ULPDU being placed, to the ULP's pieces (rx_dst) from the
 * cursor (rx_pi, rx_po): copied with the CRC continued over them (sum, iw__sum), or only copied
 * (their CRC is known: a verified copy, or the header octets begin has seen). Octets past the
 * pieces, or after the ULP withdrew them (n = 0), are not placed; their CRC still is. The one
 * placement copy of every mode. */
static uint32_t iw__rx_put(iw_mpa_conn *c, uint32_t crc, const uint8_t *p, size_t k, int sum)
{
#ifdef IW_PROVE_WP /* prove/wp_stream.c (docs/verification-prove.md) */
    /*@ loop invariant \valid_read(p + (0 .. k - 1));
        loop invariant c->rx_dst != \null ==> c->rx_dst->n == \at(c->rx_dst->n, Pre);
        loop invariant c->rx_dst != \null ==> \forall integer j; 0 <= j < c->rx_dst->n ==>
            c->rx_dst->piece[j].len == \at(c->rx_dst->piece[j].len, Pre);
        loop assigns k, p, crc, c->rx_pi, c->rx_po, { c->rx_dst->piece[j].base[o] | integer j, o;
            c->rx_dst != \null && 0 <= j < \at(c->rx_dst->n, Pre) &&
            0 <= o < \at(c->rx_dst->piece[j].len, Pre) }; */
#endif
    while (k) {
        const iw_mpa_rx_dst *d = c->rx_dst;
        const iw_mpa_piece *pc;
        size_t m;
        if (!d || c->rx_pi >= d->n) {
            if (sum) crc = iw__sum(c, crc, NULL, p, k);
            break;
        }
        pc = &d->piece[c->rx_pi];
        if (c->rx_po >= pc->len) { /* this piece is full (or empty): the next */
            c->rx_pi++;
            c->rx_po = 0;
            continue;
        }
        m = IW_MIN(k, pc->len - c->rx_po);
        if (sum) crc = iw__sum(c, crc, pc->base + c->rx_po, p, m);
        else
#ifdef IW_PROVE_WP
            /*@ calls wp_move; */
#endif
            c->k.move(pc->base + c->rx_po, p, m);
        c->rx_po += m;
        p += m;
        k -= m;
    }
    return crc;
}

/* begin's answer d for a ULPDU of len octets whose first have octets the ULP saw: set up the
 * cursor. IW_EHOST for a header longer than what it saw (its bug). */
static IW_HOT iw_status iw__rx_take(iw_mpa_conn *c, iw_mpa_rx_dst *d, size_t have)
{
    c->rx_dst = d;
    c->rx_pi = c->rx_po = 0;
    return d && (d->hdr_len > have || (d->n && !d->piece)) ? IW_EHOST : IW_OK;
}

/* A checked ULPDU u[0..len) (CRC and markers verified, or none in use): begin on it
 * (IW_MPA_RX_VERIFIED), its payload copied into the pieces, commit(1). Verify-then-place. */
static iw_status iw__rx_verified(iw_mpa_conn *c, const uint8_t *u, size_t len)
{
    iw_mpa_rx_dst *d = NULL;
    iw_status st = c->ulp->begin(c->uctx, u, len, len, IW_MPA_RX_VERIFIED, &d);
    if (st == IW_EAGAIN) st = IW_EHOST; /* a verified copy cannot be declined: its bug */
    if (st == IW_OK) st = iw__rx_take(c, d, len);
    if (st != IW_OK) return iw__ulp_status(c, st);
    if (d) (void)iw__rx_put(c, 0, u + d->hdr_len, len - d->hdr_len, 0);
    c->rx_dst = NULL;
    return iw__ulp_status(c, c->ulp->commit(c->uctx, 1));
}

/* A validated ULPDU: the RTR and first-FPDU rules, then the ULP (iw__rx_verified). */
static iw_status iw__rx_ulpdu(iw_mpa_conn *c, const uint8_t *u, size_t len)
{
    if (c->state == IW_MPA_S_AWAIT_FIRST) { /* MPA-015: the Initiator's first FPDU */
        iw_mpa_info in;
        unsigned kind = 0;
#if IW_CFG_MPA_P2P
        if (c->p2p) {
            kind = iw__rtr_kind(u, len);
            if (kind != c->rtr) return iw__fail_mpa(c, IW_MPA_ECODE_RTR); /* MPA-041 */
        }
#else
        (void)kind;
#endif
        c->state = IW_MPA_S_FULL;
        iw__set_mode(c);
#if IW_CFG_MPA_P2P
        if (kind == IW_MPA_RTR_READ) { /* MPA-042: answer with a zero-length Read Response */
            uint8_t r[14];
            r[0] = 0xC1; /* tagged, Last */
            r[1] = 0x42; /* RDMA Read Response */
            IW_MEMCPY(r + 2, u + 18, 12); /* SinkSTag, SinkTO of the Read Request */
            iw__queue_ctl(c, r, sizeof r);
            (void)iw__tx_pump(c);
            if (c->err.status != IW_OK) return c->err.status;
        }
#endif
        iw__info(c, &in, NULL, 0);
        if (c->ulp->established) c->ulp->established(c->uctx, &in);
        if (c->err.status != IW_OK) return c->err.status;
        if (c->tx_notify && !c->tx_busy && c->ulp->tx_done) { /* refused while waiting */
            c->tx_notify = 0;
            c->ulp->tx_done(c->uctx);
            if (c->err.status != IW_OK) return c->err.status;
        }
#if IW_CFG_MPA_P2P
        /* MPA-043/044: a Send RTR takes a receive buffer; Write and Read RTRs stay here. */
        if (kind == IW_MPA_RTR_WRITE || kind == IW_MPA_RTR_READ) return IW_OK;
#endif
#if IW_CFG_MPA_P2P
    } else if (c->rtr_wait) { /* Initiator, Read RTR: the zero-length Read Response */
        if (len != 14 || (u[0] & 0xC3u) != 0xC1u || (u[1] & 0xCFu) != 0x42u)
            return iw__fail_mpa(c, IW_MPA_ECODE_RTR);
        c->rtr_wait = 0;
        iw__set_mode(c);
        return IW_OK;
#endif
    }
    return iw__rx_verified(c, u, len);
}

/* The end of an FPDU, the one verdict on it: CRC (MPA-055), then marker (MPA-068). Nothing of
 * a bad FPDU is handed up or completes. u: the ULPDU u[0..len) checked first, handed up when
 * good; NULL: the FPDU begin took, committed (ok or not). */
static IW_HOT iw_status iw__rx_end(iw_mpa_conn *c, uint32_t crc, const uint8_t field[4],
                                   const uint8_t *u, size_t len, int mk_bad)
{
    int crc_bad = c->crc_on && crc != iw_get_le32(field);
    c->rx_dst = NULL; /* placing, if any, ends here */
    if (crc_bad || mk_bad) {
        if (!u) (void)c->ulp->commit(c->uctx, 0);
        return iw__fail_mpa(c, crc_bad ? IW_MPA_ECODE_CRC : IW_MPA_ECODE_MARKER);
    }
    return u ? iw__rx_ulpdu(c, u, len) : iw__ulp_status(c, c->ulp->commit(c->uctx, 1));
}

/* A whole FPDU in the caller's buffer (fp: its first octet; its only marker, if any, the lead
 * octets in front of ULPDU_Length len, both already checked: mk_bad): begin, the payload copied into
 * the pieces while the CRC is computed, CRC check, commit. Declined (or MPA must read the
 * ULPDU first: rx_gate, a bad marker): checked first, then begin on it as it lies (it is
 * whole: no reassembly). Which kernel: a payload of IW_CFG_MPA_FUSE_MIN octets or more to one
 * piece with this CPU's kernels is copied with the header's CRC and its own in one call
 * (copy2_crc); a shorter one is CRCed in one call, then moved (faster from L1); anything else
 * piece by piece (iw__rx_put). */
static IW_HOT iw_status iw__rx_whole(iw_mpa_conn *c, const uint8_t *fp, size_t lead, size_t len,
                                     int mk_bad)
{
    const uint8_t *u = fp + lead + 2u;
    size_t pad = iw_mpa_pad(len), hl;
    iw_mpa_rx_dst *d = NULL;
    uint32_t crc;
    int one;
    iw_status st = IW_EAGAIN;
    if (!c->rx_gate && !mk_bad) st = c->ulp->begin(c->uctx, u, len, len, 0, &d);
    if (st == IW_EAGAIN) { /* verify-then-place */
        crc = c->crc_on ? iw__sum(c, 0, NULL, fp, lead + 2u + len + pad) : 0u;
        return iw__rx_end(c, crc, u + len + pad, u, len, mk_bad);
    }
    if (st == IW_OK) st = iw__rx_take(c, d, len);
    if (st != IW_OK) return iw__ulp_status(c, st);
    hl = d ? d->hdr_len : len;
    one = d && d->n == 1 && d->piece[0].len == len - hl; /* the usual: one piece, all of it */
    if (c->crc_mode == IW__CRC_OWN && len < IW_CFG_MPA_FUSE_MIN) {
        crc = c->k.crc(0, fp, lead + 2u + len + pad);
        if (one) c->k.move(d->piece[0].base, u + hl, len - hl);
        else (void)iw__rx_put(c, 0, u + hl, len - hl, 0);
    } else if (c->crc_mode == IW__CRC_OWN && one) {
        crc = iw_crc32c_small(c->k.crc, 0, NULL, fp, lead + 2u);
        crc = c->k.copy2_crc(crc, u, hl, d->piece[0].base, u + hl, len - hl);
        crc = iw_crc32c_small(c->k.crc, crc, NULL, u + len, pad);
    } else {
        crc = iw__sum(c, 0, NULL, fp, lead + 2u + hl);
        crc = iw__rx_put(c, crc, u + hl, len - hl, 1);
        crc = iw__sum(c, crc, NULL, u + len, pad);
    }
    return iw__rx_end(c, crc, u + len + pad, NULL, 0, 0);
}

/* ULPDU_Length outside [14, rx_max]: Terminate (1, 0, 0x00) "segment size invalid"
 * (MPA-071, project rule from RDMAC verbs). */
IW_INLINE int iw__rx_len_ok(const iw_mpa_conn *c, size_t len)
{
    return len >= IW_MPA_MIN_ULPDU && len <= c->rx_max;
}
static iw_status iw__rx_bad_len(iw_mpa_conn *c)
{
    return iw__fail(c, IW_ETERM, 0, IW_MPA_FERR_NONE, 1, 0, 0, 1, 0);
}

/* Whole-FPDU framing, the one for every mode: the FPDUs that lie whole in p[0..len) with no
 * marker inside, one after another, from an FPDU boundary: ULPDU_Length read and checked
 * (MPA-071), the lead marker's FPDUPTR (MPA-065), the counters, then iw__rx_whole. Stops at
 * the first FPDU that does not lie whole in p (the byte-resumable part, iw__rx_stream, takes
 * it), or at an error. Returns the octets taken; *stp the last status. */
static size_t iw__rx_frames(iw_mpa_conn *c, const uint8_t *p, size_t len, iw_status *stp)
{
    const uint8_t *s = p, *end = p + len;
    iw_status st = IW_OK;
    while (p < end) { /* called with no error: after one, stops at once (below) */
        size_t avail = (size_t)(end - p), lead = 0, L, total;
        uint32_t r = 0;
#if IW_CFG_MPA_MARKERS
        if (c->mk_rx) {
            r = (c->rx_pos - c->cfg.rx_seq_start) & 511u;
            lead = r == 0 ? IW_MPA_MARKER_LEN : 0u;
        }
#endif
        if (avail < lead + 2u) break;
        L = iw_get_be16(p + lead);
        c->rx_last_len = (uint32_t)L;
        if (!iw__rx_len_ok(c, L)) {
            if (lead) iw__trace(c, IW_MPA_TRACE_RX, p, lead + 2u, 1);
            st = iw__rx_bad_len(c);
            p += lead + 2u;
            break;
        }
        total = lead + 2u + L + iw_mpa_pad(L) + IW_MPA_CRC_LEN;
        if (avail < total || (c->mk_rx && r + total > IW_MPA_MARKER_INTERVAL)) break;
        if (c->mode & IW__M_TRACE) iw__trace(c, IW_MPA_TRACE_RX, p, total, 1);
        IW_STAT(c->stats.rx_inplace++);
        IW_STAT(c->stats.rx_fpdus++);
        IW_STAT(c->stats.rx_markers += lead ? 1u : 0u);
        c->rx_pos += (uint32_t)total;
        p += total;
        /* FPDUPTR's two low bits are read as 0 (docs/spec-notes.md MPA §8); reserved ignored. */
        st = iw__rx_whole(c, p - total, lead, L, lead && (iw_get_be16(p - total + 2) & 0xFFFCu) != 0);
        if (st != IW_OK || c->err.status != IW_OK) break;
    }
    *stp = st;
    return (size_t)(p - s);
}

#if IW_CFG_MPA_RX_STREAM
/* The header of an FPDU cut by the end of a feed is in rx_uh: begin. Declined: the header goes
 * to the reassembly buffer and the FPDU is reassembled, checked, and begun again on the copy.
 * Taken: the payload octets already in rx_uh (their CRC is computed) go to the pieces. */
static iw_status iw__rx_begin(iw_mpa_conn *c)
{
    iw_mpa_rx_dst *d = NULL;
    iw_status st = c->ulp->begin(c->uctx, c->rx_uh, IW_MPA_PLACE_HDR, c->rx_len, 0, &d);
    c->rx_try = 0;
    if (st == IW_EAGAIN) {
        IW_MEMCPY(c->reasm, c->rx_uh, IW_MPA_PLACE_HDR);
        return IW_OK;
    }
    if (st == IW_OK) st = iw__rx_take(c, d, IW_MPA_PLACE_HDR);
    if (st != IW_OK) return iw__ulp_status(c, st);
    c->rx_placing = 1;
    if (d) (void)iw__rx_put(c, 0, c->rx_uh + d->hdr_len, IW_MPA_PLACE_HDR - d->hdr_len, 0);
    return IW_OK;
}

#endif

/* The byte-resumable part: an FPDU that straddles feeds, one piece at a time (markers first,
 * MPA-067), its payload placed as it comes (begin after the first IW_MPA_PLACE_HDR octets) or
 * reassembled; whole FPDUs at an FPDU boundary go to iw__rx_frames. */
static IW_HOT iw_status iw__rx_stream(iw_mpa_conn *c, const uint8_t *p, size_t len,
                                      size_t *used)
{
    const uint8_t *s = p, *end = p + len;
    iw_status st = IW_OK;
    while (p < end && st == IW_OK && c->err.status == IW_OK) {
        size_t avail, n, take;
        uint32_t r;
        int crc_done = 0;
        if (c->rx_state == IW__RX_LEN && !c->rx_started) {
            p += iw__rx_frames(c, p, (size_t)(end - p), &st);
            if (p == end || st != IW_OK || c->err.status != IW_OK) break;
        }
        avail = (size_t)(end - p);
        r = (c->rx_pos - c->cfg.rx_seq_start) & 511u;
#if IW_CFG_MPA_MARKERS
        if (c->mk_rx && r < IW_MPA_MARKER_LEN) {
            if (r == 0) {
                c->rx_mk_lead = (uint8_t)(c->rx_state == IW__RX_LEN && !c->rx_started);
                if (c->rx_mk_lead) { /* it begins the next FPDU and its CRC (MPA-054) */
                    c->rx_started = 1;
                    c->rx_crc = 0;
                }
            }
            take = IW_MIN(avail, IW_MPA_MARKER_LEN - r);
            IW_MEMCPY(c->rx_mk + r, p, take);
            if (c->crc_on) c->rx_crc = iw__sum(c, c->rx_crc, NULL, p, take);
            iw__trace(c, IW_MPA_TRACE_RX, p, take, 0);
            p += take;
            c->rx_pos += (uint32_t)take;
            if (r + take == IW_MPA_MARKER_LEN) {
                uint32_t mpos = c->rx_pos - IW_MPA_MARKER_LEN;
                uint32_t want = c->rx_mk_lead ? 0u : mpos - c->rx_fpdu_pos;
                /* FPDUPTR's two low bits are read as 0 (docs/spec-notes.md MPA §8); reserved
                 * ignored. */
                if ((iw_get_be16(c->rx_mk + 2) & 0xFFFCu) != want) c->rx_mk_bad = 1;
                IW_STAT(c->stats.rx_markers++);
            }
            continue;
        }
#endif
        n = c->mk_rx ? IW_MIN(avail, IW_MPA_MARKER_INTERVAL - r) : avail;
        switch (c->rx_state) {
        case IW__RX_LEN:
            if (!c->rx_started) {
                c->rx_started = 1;
                c->rx_crc = 0;
            }
            if (c->rx_part == 0) c->rx_fpdu_pos = c->rx_pos;
            take = IW_MIN(n, 2u - c->rx_part);
            IW_MEMCPY(c->rx_hdr + c->rx_part, p, take);
            break;
        case IW__RX_DATA:
            take = IW_MIN(n, c->rx_len - c->rx_part);
#if IW_CFG_MPA_RX_STREAM
            if (c->rx_placing) { /* into place, copy and CRC in one pass */
                c->rx_crc = iw__rx_put(c, c->rx_crc, p, take, 1);
                crc_done = 1;
            } else if (c->rx_try && c->rx_part < IW_MPA_PLACE_HDR) { /* its header */
                take = IW_MIN(take, IW_MPA_PLACE_HDR - c->rx_part);
                IW_MEMCPY(c->rx_uh + c->rx_part, p, take);
            } else
#endif
            {
                IW_MEMCPY(c->reasm + c->rx_part, p, take);
            }
            break;
        case IW__RX_PAD:
            take = IW_MIN(n, (size_t)c->rx_pad - c->rx_part);
            break;
        default: /* IW__RX_CRC: the field itself is not covered */
            take = IW_MIN(n, IW_MPA_CRC_LEN - c->rx_part);
            IW_MEMCPY(c->rx_crcf + c->rx_part, p, take);
            break;
        }
        if (c->crc_on && c->rx_state != IW__RX_CRC && !crc_done)
            c->rx_crc = iw__sum(c, c->rx_crc, NULL, p, take);
        c->rx_part += take;
        c->rx_pos += (uint32_t)take;
        p += take;
        switch (c->rx_state) {
        case IW__RX_LEN:
            iw__trace(c, IW_MPA_TRACE_RX, p - take, take, 0);
            if (c->rx_part < 2) break;
            c->rx_len = iw_get_be16(c->rx_hdr);
            c->rx_last_len = (uint32_t)c->rx_len;
            if (!iw__rx_len_ok(c, c->rx_len)) {
                iw__trace(c, IW_MPA_TRACE_RX, p, 0, 1);
                st = iw__rx_bad_len(c);
                break;
            }
            c->rx_pad = (uint8_t)iw_mpa_pad(c->rx_len);
            c->rx_part = 0;
            c->rx_state = IW__RX_DATA;
#if IW_CFG_MPA_RX_STREAM
            c->rx_try = (uint8_t)(!c->rx_gate && c->rx_len > IW_MPA_PLACE_HDR);
#endif
            break;
        case IW__RX_DATA:
            iw__trace(c, IW_MPA_TRACE_RX, p - take, take, 0);
#if IW_CFG_MPA_RX_STREAM
            if (c->rx_try && c->rx_part == IW_MPA_PLACE_HDR) st = iw__rx_begin(c);
#endif
            if (c->rx_part < c->rx_len) break;
            c->rx_part = 0;
            c->rx_state = c->rx_pad ? IW__RX_PAD : IW__RX_CRC;
            break;
        case IW__RX_PAD:
            iw__trace(c, IW_MPA_TRACE_RX, p - take, take, 0);
            if (c->rx_part < c->rx_pad) break;
            c->rx_part = 0;
            c->rx_state = IW__RX_CRC;
            break;
        default:
            iw__trace(c, IW_MPA_TRACE_RX, p - take, take, c->rx_part == IW_MPA_CRC_LEN);
            if (c->rx_part < IW_MPA_CRC_LEN) break;
            {
                int mk_bad = c->rx_mk_bad;
                c->rx_part = 0;
                c->rx_state = IW__RX_LEN;
                c->rx_started = 0;
                c->rx_mk_bad = 0;
                IW_STAT(c->stats.rx_fpdus++);
#if IW_CFG_MPA_RX_STREAM
                if (c->rx_placing) {
                    c->rx_placing = 0;
                    IW_STAT(c->stats.rx_streamed++);
                    st = iw__rx_end(c, c->rx_crc, c->rx_crcf, NULL, 0, mk_bad);
                    break;
                }
#endif
                IW_STAT(c->stats.rx_copied++);
                st = iw__rx_end(c, c->rx_crc, c->rx_crcf, c->reasm, c->rx_len, mk_bad);
            }
            break;
        }
    }
    *used = (size_t)(p - s);
    return st;
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_rx_feed(iw_mpa_conn *c, const uint8_t *p, size_t len, size_t *consumed)
{
    size_t used = 0, n;
    iw_status st = IW_OK;
    if (consumed) *consumed = 0;
    if (!c || !consumed || (!p && len)) return IW_EINVAL;
    if (c->err.status != IW_OK) return c->err.status; /* MPA-056 */
    if (c->rx_fin) return IW_ECLOSED;
    while (used < len && st == IW_OK) {
        unsigned s = c->state;
        /* FPDUs: Full Operation, the Initiator's first awaited, or our half close (iw_mpa_close,
         * no error; the host's close op sends the FIN): the peer may still send, e.g. its
         * Terminate; FPDUs are still checked and handed up until its FIN (iw_mpa_llp_closed). */
        if (s == IW_MPA_S_FULL || s == IW_MPA_S_AWAIT_FIRST ||
            ((s == IW_MPA_S_CLOSING || s == IW_MPA_S_CLOSED) && c->err.status == IW_OK &&
             c->rx_half)) {
            st = iw__rx_stream(c, p + used, len - used, &n);
            used += n;
            continue;
        }
        switch (s) {
        case IW_MPA_S_AWAIT_REPLY:
        case IW_MPA_S_AWAIT_REQUEST:
            st = iw__rx_frame(c, p + used, len - used, &n);
            used += n;
            break;
        case IW_MPA_S_AWAIT_ULP:
            /* Octets after the Request: those of this same call are left to the host, to
             * feed again after iw_mpa_accept (never lost); a later feed before the Reply is
             * a protocol error (MPA-014). */
            if (used == 0) st = iw__fail_frame(c, IW_MPA_FERR_EXTRA_DATA);
            *consumed = used;
            return st;
        case IW_MPA_S_CLOSING:
        case IW_MPA_S_CLOSED:
            *consumed = used;
            return c->err.status != IW_OK ? c->err.status : IW_ECLOSED;
        case IW_MPA_S_IDLE:
            *consumed = used;
            return IW_ESTATE;
        default: /* not a state */
            *consumed = used;
            return c->err.status != IW_OK ? c->err.status : IW_ECLOSED;
        }
    }
    *consumed = used;
    return st;
}

/* see mpa.h */
IW_DEF void iw_mpa_timeout(iw_mpa_conn *c, unsigned id)
{
    if (!c || id != IW_MPA_TIMER_SETUP) return;
    if (c->state != IW_MPA_S_AWAIT_REPLY && c->state != IW_MPA_S_AWAIT_REQUEST) return;
    (void)iw__fail(c, IW_ETIMEOUT, 0, IW_MPA_FERR_NONE, 0, 0, 0, 0, 1); /* MPA-019/020 */
}

/* see mpa.h */
IW_DEF void iw_mpa_llp_closed(iw_mpa_conn *c)
{
    if (!c) return;
    c->rx_fin = 1;
    if (c->state == IW_MPA_S_FULL) { /* MPA-073 */
        if (c->ulp->closed) c->ulp->closed(c->uctx);
        return;
    }
    if (c->state < IW_MPA_S_FULL && c->state != IW_MPA_S_IDLE) /* MPA-021: 0x01, no Terminate */
        (void)iw__fail(c, IW_ECLOSED, IW_MPA_ECODE_CLOSED, IW_MPA_FERR_NONE, 2, 0,
                       IW_MPA_ECODE_CLOSED, 0, 1);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_terminate(iw_mpa_conn *c, iw_term t)
{
    if (!c) return IW_EINVAL;
    if (c->state != IW_MPA_S_FULL) return IW_ESTATE; /* MPA-012, MPA-015, MPA-073 */
    if (c->err.status != IW_OK || c->term_pending) return IW_ESTATE;
    c->err.status = IW_ETERM;
    c->err.term = t;
    c->err.term_sent = 1;
    iw_mpa_build_terminate(c->term, t);
    c->term_pending = 1;
    c->ctl_pending = 0;
    c->close_after = 1;
    c->state = IW_MPA_S_CLOSING;
    return iw__tx_run(c);
}

/* see mpa.h */
IW_DEF void iw_mpa_close(iw_mpa_conn *c)
{
    if (!c || c->closed) return;
    c->close_after = 1;
    if (c->state == IW_MPA_S_FULL && c->err.status == IW_OK) c->rx_half = 1;
    if (c->state != IW_MPA_S_CLOSED) c->state = IW_MPA_S_CLOSING;
    /* Output still pending is the host's to take (it owes iw_mpa_tx_resume after a partial
     * accept) or that of the send loop this call is nested in: it closes when drained. So
     * only an idle sender closes here, and no send (nor its failure upcall) runs inside. */
    if (c->fr_tx_len || c->tx_busy || c->term_pending || c->ctl_pending) return;
    c->close_after = 0; /* as iw__tx_run does when drained */
    c->closed = 1;
    c->state = IW_MPA_S_CLOSED;
    c->ops->close(c->ctx, 0);
}

/* see mpa.h */
IW_DEF void iw_mpa_abort(iw_mpa_conn *c)
{
    if (!c || c->closed) return;
    if (c->state != IW_MPA_S_IDLE && c->state < IW_MPA_S_AWAIT_FIRST)
        c->ops->timer_cancel(c->ctx, IW_MPA_TIMER_SETUP);
    c->fr_tx_len = 0;
    c->tx_busy = 0;
    c->term_pending = c->ctl_pending = 0;
    c->close_after = 0;
    c->rx_half = 0;
    c->state = IW_MPA_S_CLOSED;
    c->closed = 1;
    c->ops->close(c->ctx, 1);
}

/* see mpa.h */
IW_DEF void iw_mpa_no_terminate(iw_mpa_conn *c)
{
    if (c) c->cfg.terminate = 0;
}

/* see mpa.h */
IW_DEF void iw_mpa_set_emss(iw_mpa_conn *c, uint32_t emss)
{
    if (!c) return;
    c->cfg.emss = emss;
    c->mulpdu = iw_mpa_mulpdu_for(emss, c->mk_tx);
}

/* Whether the connection receives FPDUs now (iw_mpa_rx_feed's rule). */
static int iw__rx_open(const iw_mpa_conn *c)
{
    if (c->err.status != IW_OK || c->rx_fin) return 0;
    return c->state == IW_MPA_S_FULL || (c->state == IW_MPA_S_CLOSING && c->rx_half);
}

/* The piece the next payload octet of the FPDU being placed goes to (empty ones skipped), or
 * NULL: no span open (iw_mpa_rx_direct). */
static const iw_mpa_piece *iw__rx_span(iw_mpa_conn *c)
{
    const iw_mpa_rx_dst *d = c->rx_dst;
    if (!IW_CFG_MPA_RX_STREAM || !iw__rx_open(c) || !c->rx_placing || /* no streaming: none */
        c->rx_state != IW__RX_DATA || c->rx_part >= c->rx_len || !d ||
        c->mk_rx) /* markers would cut the span */
        return NULL;
    while (c->rx_pi < d->n && c->rx_po >= d->piece[c->rx_pi].len) {
        c->rx_pi++;
        c->rx_po = 0;
    }
    return c->rx_pi < d->n ? &d->piece[c->rx_pi] : NULL;
}

/* see mpa.h (without IW_CFG_MPA_RX_STREAM nothing is placed as it comes: no span) */
IW_DEF iw_status iw_mpa_rx_direct(iw_mpa_conn *c, uint8_t **dst, size_t *n)
{
    const iw_mpa_piece *pc;
    if (!c || !dst || !n) return IW_EINVAL;
    *dst = NULL;
    *n = 0;
    if (c->err.status != IW_OK) return c->err.status;
    pc = iw__rx_span(c);
    if (!pc) return IW_EAGAIN;
    *dst = pc->base + c->rx_po;
    *n = IW_MIN(pc->len - c->rx_po, c->rx_len - c->rx_part);
    return IW_OK;
}

/* see mpa.h */
IW_DEF size_t iw_mpa_rx_split_hint(const iw_mpa_conn *c)
{
#if IW_CFG_MPA_RX_STREAM
    const size_t next = 2u + IW_MPA_PLACE_HDR; /* the next FPDU's length and header */
    if (!c || c->mk_rx || !iw__rx_open(c)) return 0;
    switch (c->rx_state) {
    case IW__RX_LEN:
        return next - c->rx_part;
    case IW__RX_DATA:
        if (c->rx_try) return IW_MPA_PLACE_HDR - c->rx_part;
        return c->rx_len - c->rx_part + c->rx_pad + IW_MPA_CRC_LEN + next;
    case IW__RX_PAD:
        return c->rx_pad - c->rx_part + IW_MPA_CRC_LEN + next;
    default:
        return IW_MPA_CRC_LEN - c->rx_part + next;
    }
#else
    (void)c;
    return 0;
#endif
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_rx_direct_done(iw_mpa_conn *c, size_t k)
{
    const iw_mpa_piece *pc;
    uint8_t *d;
    if (!c) return IW_EINVAL;
    pc = iw__rx_span(c);
    if (!pc) return IW_ESTATE;
    if (k == 0 || k > IW_MIN(pc->len - c->rx_po, c->rx_len - c->rx_part)) return IW_EINVAL;
    d = pc->base + c->rx_po;
    c->rx_crc = iw__sum(c, c->rx_crc, NULL, d, k); /* in place: the octets are where they belong */
    iw__trace(c, IW_MPA_TRACE_RX, d, k, 0);
    c->rx_po += k;
    c->rx_part += k;
    c->rx_pos += (uint32_t)k;
    if (c->rx_part == c->rx_len) {
        c->rx_part = 0;
        c->rx_state = c->rx_pad ? IW__RX_PAD : IW__RX_CRC;
    }
    return IW_OK;
}

#ifdef __cplusplus
}
#endif
#endif /* IWARP_IMPLEMENTATION */

/*
 * Licence: MIT. Copyright (c) 2026 the iWARP core authors. Permission is hereby granted, free of
 * charge, to any person obtaining a copy of this software, to deal in it without restriction,
 * subject to including this notice. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
 * KIND.
 */
