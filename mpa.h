/* mpa.h: MPA framing for iWARP (RFC 5044, RFC 6581), the base of the iWARP core.
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
 *   partial send) and receive (any chunking; in-place delivery of whole FPDUs; reassembly only
 *   of FPDUs that straddle calls or carry markers, and not even those when the ULP streams
 *   their payload into place: iw_mpa_set_place_begin, with header-split reads for socket hosts,
 *   iw_mpa_rx_direct), and the MPA errors (RFC 5044 §8) with the
 *   Terminate they call for. It also holds the few definitions every layer shares: iw_status,
 *   iw_iov, byte-order helpers and CRC32c.
 *
 * HOST OPS (iw_mpa_host_ops): send (gather list, partial accept), timer_arm/timer_cancel,
 *   close (TCP), and the optional crc32c override and trace hook. ULP UPCALLS (iw_mpa_ulp_ops):
 *   request (Responder), established, rejected, deliver (one ULPDU), error, closed, tx_done,
 *   and the optional fused pair place/commit (the ULP copies while the CRC is computed; MPA
 *   compares it and only then lets the ULP complete the ULPDU), extended by the optional
 *   place_begin (iw_mpa_set_place_begin) to FPDUs cut by the end of a feed.
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
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define IW__UNUSED __attribute__((unused))
#else
#define IW__UNUSED
#endif
#ifdef IWARP_STATIC
#define IW_DEF static IW__UNUSED
#else
#define IW_DEF extern
#endif
#define IW__INLINE static inline IW__UNUSED
/* A hot path's helper inlined into its callers, and its cold part kept out of line (not under
 * -Os, where size wins): mpa.h, ddp.h and verbs.h mark their per-message paths with these. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__OPTIMIZE_SIZE__)
#define IW__HOT __inline__ __attribute__((always_inline))
#define IW__COLD __attribute__((noinline))
#else
#define IW__HOT
#define IW__COLD
#endif

/* Protocol limits (STYLE.md 3). */
#ifndef IW_CFG_MPA_MAX_PRIVDATA
#define IW_CFG_MPA_MAX_PRIVDATA 512 /* RFC 5044 §7.1.1: PD_Length MUST NOT exceed 512 */
#endif
#ifndef IW_CFG_MPA_MAX_IOV
#define IW_CFG_MPA_MAX_IOV 16 /* pieces in one ULPDU handed to iw_mpa_tx */
#endif
#ifndef IW_CFG_MPA_TX_WINDOW
#define IW_CFG_MPA_TX_WINDOW 24 /* iovecs offered to the host's send in one call */
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

/* Status of every fallible call (STYLE.md 6). Counts go through size_t out-parameters. */
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
#define IW__X(name, val, text) name = val,
    IW_STATUS_MAP(IW__X)
#undef IW__X
    IW__STATUS_END = 1
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

/* Big-endian field access on octet arrays (STYLE.md 12: no structs laid over wire bytes). */
IW__INLINE uint16_t iw__get_be16(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
IW__INLINE uint32_t iw__get_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
IW__INLINE uint64_t iw__get_be64(const uint8_t *p)
{
    return ((uint64_t)iw__get_be32(p) << 32) | iw__get_be32(p + 4);
}
IW__INLINE void iw__put_be16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
IW__INLINE void iw__put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}
IW__INLINE void iw__put_be64(uint8_t *p, uint64_t v)
{
    iw__put_be32(p, (uint32_t)(v >> 32));
    iw__put_be32(p + 4, (uint32_t)v);
}
/* The MPA CRC field is the one little-endian field: least significant octet first
 * (RFC 5044 §4 with RFC 3720 B.4; mpa.md 9.3). */
IW__INLINE void iw__put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
IW__INLINE uint32_t iw__get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* ---------------------------------------------------------------------------------------- */
/* CRC32c (Castagnoli), RFC 3720 §12.1, as MPA uses it (RFC 5044 §4).                       */

/* ---- CRC32c (RFC 5044 §4, RFC 3720 §12.1) -------------------------------------------------
 *
 * MPA protects every FPDU with the iSCSI CRC (RFC 5044 §4, which points at RFC 3720 §12.1 and
 * App. B.4): CRC-32C (Castagnoli), polynomial 0x1EDC6F41 (reflected 0x82F63B78), register
 * preset to 0xFFFFFFFF, bits reflected, result inverted. "123456789" gives 0xE3069283. The
 * value C goes on the wire least significant octet first (32 zero octets -> aa 36 91 8a).
 *
 * Every function here has the zlib convention: the pre- and post-inversion happen inside, so
 * iw_mpa_crc32c(0, p, n) is the CRC of p[0..n) and a running CRC chains:
 * iw_mpa_crc32c(iw_mpa_crc32c(0, a, na), b, nb) == iw_mpa_crc32c(0, a||b, na + nb).
 * p MAY be NULL when n == 0 (the CRC is then returned unchanged). None of them keeps state:
 * all are pure, reentrant and safe to call from any thread (STYLE.md 12).
 *
 * Paths (see iw_mpa_crc32c_impls): "portable" (slice-by-16 tables, any C99 host), and on
 * x86-64 with gcc/clang "sse42" (crc32 instruction), "pclmul" (128-bit carry-less folding),
 * "vpclmul", "vpclmul_amd" and "vpclmul_fold" (AVX-512 512-bit folding; the three differ only
 * in tuning: Intel, AMD Zen 5, AMD Zen 4), "pclmul", "vpclmul" and "vpclmul_amd" running crc32
 * streams alongside the folding for long input; on AArch64 with gcc/clang "armv8" (CRC32C
 * instructions). Accelerated paths use function target attributes,
 * so no -m flag is needed; iw_mpa_crc32c_select() picks one at run time.
 *
 * Config (define before including; 0 or undefined = off):
 *   IW_CRC32C_SMALL     1: portable path uses one 1 KiB table, byte at a time (flash-poor
 *                          targets), instead of 16 KiB of slice-by-16 tables.
 *   IW_CRC32C_NO_ACCEL  1: compile no intrinsics, no inline assembly, no cpuid; every entry
 *                          point is the portable path.
 */
#ifndef IW_CRC32C_SMALL
#define IW_CRC32C_SMALL 0
#endif
#ifndef IW_CRC32C_NO_ACCEL
#define IW_CRC32C_NO_ACCEL 0
#endif

/* A CRC32c routine with the convention above. iw_mpa_crc32c_select() returns one; a caller
 * stores it (e.g. in its connection at init) instead of the library caching it in a global. */
typedef uint32_t (*iw_mpa_crc32c_fn)(uint32_t crc, const void *p, size_t n);

/* CRC32c of p[0..n) continued from crc (0 to start). Uses the best path the COMPILE-time
 * target allows (__SSE4_2__, __PCLMUL__, AVX-512 + __VPCLMULQDQ__, __ARM_FEATURE_CRC32), else
 * the portable one; it never executes an instruction the build did not ask for. p MAY be NULL
 * iff n == 0. Returns the new CRC. */
IW_DEF uint32_t iw_mpa_crc32c(uint32_t crc, const void *p, size_t n);

/* Same result as iw_mpa_crc32c, plain C99 only (slice-by-16, or byte-wise under
 * IW_CRC32C_SMALL). Correct on little- and big-endian hosts and at any alignment. */
IW_DEF uint32_t iw_mpa_crc32c_portable(uint32_t crc, const void *p, size_t n);

/* CRC of a||b from crc1 = CRC(a), crc2 = CRC(b) and len2 = length of b, without touching
 * the data (zlib crc32_combine). O(log len2); plain C, no 64-bit division. */
IW_DEF uint32_t iw_mpa_crc32c_combine(uint32_t crc1, uint32_t crc2, size_t len2);

/* The fastest path this CPU can run, found by querying the CPU on every call (cpuid, and
 * xgetbv for the OS's AVX-512 state), so call it once at init and keep the pointer. Never
 * returns NULL; returns iw_mpa_crc32c_portable when nothing better is usable. The returned
 * function may itself pick a sub-path by length (e.g. crc32 instruction for short input). */
IW_DEF iw_mpa_crc32c_fn iw_mpa_crc32c_select(void);

/* One compiled-in path: a short stable name ("portable", "sse42", "pclmul", "vpclmul",
 * "vpclmul_amd", "armv8"), its entry point, and usable != 0 iff this CPU (and OS) can run it.
 * Calling fn when usable == 0 is undefined behaviour (illegal instruction). */
typedef struct iw_mpa_crc32c_impl {
    const char *name;
    iw_mpa_crc32c_fn fn;
    int usable;
} iw_mpa_crc32c_impl;

/* Writes up to cap entries, "portable" first, to out (out MAY be NULL iff cap == 0) and
 * returns how many paths are compiled in (which may exceed cap). For tests and benchmarks. */
IW_DEF size_t iw_mpa_crc32c_impls(iw_mpa_crc32c_impl *out, size_t cap);

/* ---- fused copy + CRC32c ----------------------------------------------------------------
 * DDP places a received payload into its destination while MPA checks the CRC over the same
 * octets (RFC 5044 §4): one pass instead of a memcpy followed by a CRC. On the accelerated
 * paths the register an octet is loaded into is both stored and fed to the CRC (or the CRC
 * reads it again from L1 right after), so the data cross the memory hierarchy once. */

/* Copies src[0..n) to dst and returns the CRC32c of src[0..n) continued from crc (same
 * convention as iw_mpa_crc32c: 0 to start, chaining works). dst and src MUST NOT overlap;
 * either MAY be NULL iff n == 0 (then crc is returned unchanged). Only dst[0..n) is written. */
typedef uint32_t (*iw_mpa_crc32c_copy_fn)(uint32_t crc, void *dst, const void *src, size_t n);

/* Same contract, plain C99 only: IW_MEMCPY, then iw_mpa_crc32c_portable over src (two
 * passes; on hosts without CRC instructions the table lookups dominate). Correct on any host
 * and at any alignment of dst and src. */
IW_DEF uint32_t iw_mpa_crc32c_copy_portable(uint32_t crc, void *dst, const void *src, size_t n);

/* The fastest fused path this CPU can run, found by asking the CPU on every call (like
 * iw_mpa_crc32c_select): call it once at init and keep the pointer. Never returns NULL;
 * returns iw_mpa_crc32c_copy_portable when nothing better is usable. */
IW_DEF iw_mpa_crc32c_copy_fn iw_mpa_crc32c_copy_select(void);

/* One compiled-in fused path: "portable", "sse42", "vpclmul", "armv8" (the names of the
 * CRC32c paths they build on), its entry point, and usable != 0 iff this CPU (and OS) can
 * run it. Calling fn when usable == 0 is undefined behaviour (illegal instruction). */
typedef struct iw_mpa_crc32c_copy_impl {
    const char *name;
    iw_mpa_crc32c_copy_fn fn;
    int usable;
} iw_mpa_crc32c_copy_impl;

/* Writes up to cap entries, "portable" first, to out (out MAY be NULL iff cap == 0) and
 * returns how many paths are compiled in (which may exceed cap). For tests and benchmarks. */
IW_DEF size_t iw_mpa_crc32c_copy_impls(iw_mpa_crc32c_copy_impl *out, size_t cap);

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
#define IW_MPA_MIN_ULPDU 14u /* the tagged DDP header: the smallest ULPDU (mpa.md 11) */

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
#define IW__X(name, val, text) name = val,
    IW_MPA_ECODE_MAP(IW__X)
#undef IW__X
    IW__MPA_ECODE_END
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
IW__INLINE uint32_t iw_mpa_mulpdu_for(uint32_t emss, int markers)
{
    uint32_t over = 6u + (emss & 3u);
    if (markers) over += 4u * ((emss + 511u) / 512u);
    return emss > over ? emss - over : 0u;
}

/* Pad octets after a ULPDU of len octets: 2 + len + pad is a multiple of 4 (RFC 5044 §4). */
IW__INLINE size_t iw_mpa_pad(size_t ulpdu_len) { return (0u - (ulpdu_len + 2u)) & 3u; }

/* The header-less Terminate ULPDU MPA sends for its own errors (RFC 5040 §4.8 with M = D = R =
 * 0, as the header of a bad FPDU cannot be trusted): untagged, QN 2, MSN 1, MO 0, Last.
 * Writes IW_MPA_TERM_ULPDU_LEN octets. rdmap.h builds the header-carrying kinds. */
#define IW_MPA_TERM_ULPDU_LEN 22u
IW_DEF void iw_mpa_build_terminate(uint8_t out[22], iw_term t);

/* ---------------------------------------------------------------------------------------- */
/* Connection.                                                                              */

#define IW_MPA_INITIATOR 0
#define IW_MPA_RESPONDER 1

/* Per-connection policy (STYLE.md 3: never a global). Fill with iw_mpa_cfg_default first. */
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
     * semantics of iw_mpa_crc32c (zlib-style chaining). */
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

/* Upcalls to the ULP (DDP). Same rules as host ops: leaf calls, except that request may call
 * iw_mpa_accept / iw_mpa_reject, deliver may call iw_mpa_tx, and tx_done may call iw_mpa_tx. */
typedef struct iw_mpa_ulp_ops {
    /* REQUIRED for a Responder. A valid Request arrived; info->pd is its Private Data. The ULP
     * answers with iw_mpa_accept or iw_mpa_reject, now or later. */
    void (*request)(void *uctx, const iw_mpa_info *info);
    /* OPTIONAL. Full Operation in both directions: the Initiator after a valid Reply (and its
     * RTR sent), the Responder after it validated the Initiator's first FPDU (MPA-015). */
    void (*established)(void *uctx, const iw_mpa_info *info);
    /* OPTIONAL. Initiator: the Responder said R = 1 (MPA-018); info->pd is its Private Data. */
    void (*rejected)(void *uctx, const iw_mpa_info *info);
    /* REQUIRED. One whole, validated ULPDU (markers removed, CRC checked), in stream order
     * (MPA-049). The octets are valid only during the call (they may be the caller's receive
     * buffer itself). Return IW_OK; any other status stops the stream: nothing more is
     * delivered and iw_mpa_rx_feed returns that status (the ULP sends its own Terminate). */
    iw_status (*deliver)(void *uctx, const uint8_t *ulpdu, size_t len);
    /* OPTIONAL. The connection failed (after which nothing is delivered, MPA-056). */
    void (*error)(void *uctx, const iw_mpa_error *err);
    /* OPTIONAL. The host reported the peer's FIN or reset in Full Operation (MPA-073). */
    void (*closed)(void *uctx);
    /* OPTIONAL. The FPDU accepted by iw_mpa_tx that was left pending is now fully handed to
     * the host: its payload memory may be reused and iw_mpa_tx accepts the next ULPDU. */
    void (*tx_done)(void *uctx);
    /* OPTIONAL, both or neither (NULL: the CRC is checked first, then deliver). Fused receive:
     * in Full Operation with CRC on and no host crc32c op, an FPDU that lies whole in the
     * caller's buffer with no marker inside goes to place instead of deliver, BEFORE its CRC
     * is checked. The ULP checks its headers, may copy payload into memory it validated, and
     * sets *crc to the CRC32c of ulpdu[0..len) continued from crc_in (iw_mpa_crc32c_copy does
     * copy and CRC in one pass). It must not deliver anything yet: MPA then calls commit with
     * crc_ok = 1 (complete it), or crc_ok = 0 (forget it) and fails the stream with MPA error
     * 0x02. A status other than IW_OK from either stops the stream, as for deliver. */
    iw_status (*place)(void *uctx, const uint8_t *ulpdu, size_t len, uint32_t crc_in,
                       uint32_t *crc);
    iw_status (*commit)(void *uctx, int crc_ok);
} iw_mpa_ulp_ops;

/* Streamed placement (OPTIONAL; registered with iw_mpa_set_place_begin, not a member of
 * iw_mpa_ulp_ops so that every existing table stays as it is). It extends the place/commit
 * contract to an FPDU that does NOT lie whole in one iw_mpa_rx_feed buffer, which today is
 * reassembled and then delivered (two copies after the kernel's). In Full Operation, with CRC
 * on, no markers toward us and no host crc32c op, once ULPDU_Length (len) and the first
 * have = IW_MPA_PLACE_HDR octets of the ULPDU are known (len > IW_MPA_PLACE_HDR), MPA calls
 * place_begin(uctx, hdr, have, len, &dst, &hdr_len) with uctx the connection's ULP context.
 * The ULP checks the header exactly as place would (RFC 5041 §7.1: every check before any
 * octet is placed) and answers:
 *   IW_OK      the segment is pending as after place: the ULPDU's first *hdr_len (<= have)
 *              octets are its header; the other len - *hdr_len octets belong at (*dst)->base,
 *              writable for that many octets until the commit. *dst is the ULP's own object:
 *              MPA reads base again before each chunk, and the ULP sets it to NULL to
 *              withdraw the destination (its stream failed, the memory goes away): MPA then
 *              only computes the CRC of the rest. MPA copies each later chunk of payload to
 *              base as it arrives (computing the CRC on the way), and at the
 *              CRC field calls commit(uctx, 1), or commit(uctx, 0) and fails the stream with
 *              MPA error 0x02 (RFC 5044 §4.3, §8; MPA-055): nothing of a bad FPDU completes,
 *              although its payload octets may already be in the destination, as with place.
 *   IW_EAGAIN  declined (an untagged segment, a header that fails its checks, a destination
 *              in more than one piece, ...): nothing changed; MPA reassembles the FPDU and
 *              hands it to deliver as before, which then refuses it with its usual Terminate.
 *   other      stops the stream, as from place.
 * If the connection fails between the two calls, commit never comes: a ULP forgets the
 * pending segment at its next place or place_begin (ddp.h does), and must keep *dst valid (or
 * NULL its base) as long as the connection may still receive. */
#define IW_MPA_PLACE_HDR 18u /* octets handed to place_begin: the untagged DDP header
                                (RFC 5041 §4.3; the tagged one, §4.2, is 14) */
typedef struct iw_mpa_place_dst {
    uint8_t *base; /* where ULPDU octet *hdr_len goes; NULL: withdrawn */
} iw_mpa_place_dst;
typedef iw_status (*iw_mpa_place_begin_fn)(void *uctx, const uint8_t *hdr, size_t have,
                                           size_t len, iw_mpa_place_dst **dst,
                                           size_t *hdr_len);

/* Counters kept by a connection (iw_mpa_get_stats); they wrap at 2^32. */
typedef struct iw_mpa_stats {
    uint32_t tx_fpdus, tx_markers, rx_fpdus, rx_markers;
    uint32_t rx_inplace;  /* FPDUs checked and delivered in place, no copy */
    uint32_t rx_copied;   /* FPDUs reassembled (straddling calls, or markers inside) */
    uint32_t rx_streamed; /* FPDUs split across calls placed as they came (place_begin) */
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
    iw_mpa_crc32c_fn crc_fn;
    iw_mpa_crc32c_copy_fn crc_copy_fn; /* copy-out transmit, streamed placement */
    uint8_t *reasm;
    size_t reasm_cap;
    uint32_t rx_max, mulpdu;
    uint8_t state, crc_on, mk_tx, mk_rx, rev, enhanced, p2p, rtr;
    uint8_t rtr_wait;    /* Initiator: waiting for the zero-length Read Response (Read RTR) */
    uint8_t req_flags, req_rev, rtr_offer; /* Responder: what the Request carried */
    uint8_t rx_fin;      /* the host reported the peer's FIN */
    uint8_t rx_mk_lead;  /* the marker being read sits at the start of an FPDU */
    uint8_t tx_notify;   /* tell the ULP (tx_done) when the pending ULP FPDU completes */
    uint8_t close_after; /* close the TCP connection once TX drains */
    uint8_t term_pending; /* a Terminate FPDU waits for the current FPDU to finish */
    uint8_t closed;      /* host close op called */
    uint8_t rx_half;     /* iw_mpa_close in Full Operation: still receiving */
    uint16_t ird, ord, peer_ird, peer_ord;
    iw_mpa_error err;    /* sticky: the first error wins */
    iw_mpa_stats stats;
    /* setup frames */
    uint8_t fr_rx[IW_MPA_FRAME_HDR + IW_CFG_MPA_MAX_PRIVDATA];
    uint8_t fr_tx[IW_MPA_FRAME_HDR + IW_CFG_MPA_MAX_PRIVDATA];
    size_t fr_rx_have, fr_tx_len, fr_tx_sent;
    /* receive: FPDU parser (STYLE.md 7) */
    uint32_t rx_pos;     /* stream position of the next octet, relative to rx SeqStart */
    uint32_t rx_fpdu_pos; /* position of the current FPDU's ULPDU_Length field */
    uint8_t rx_state, rx_started, rx_mk_bad, rx_pad;
    uint8_t rx_hdr[2], rx_crcf[4], rx_mk[4];
    size_t rx_part, rx_len;
    uint32_t rx_crc;
    /* receive: streamed placement (iw_mpa_set_place_begin); rx_pdst points at the ULP's
     * iw_mpa_place_dst from place_begin's IW_OK to the commit (iw_mpa_place_begin_fn) */
    iw_mpa_place_begin_fn place_begin;
    iw_mpa_place_dst *rx_pdst;
    uint8_t rx_try;       /* this FPDU may be streamed: collect its header in rx_uh */
    uint8_t rx_placing;   /* place_begin said IW_OK: payload goes to rx_dst */
    uint8_t rx_hl;        /* the ULP's header length */
    uint8_t rx_uh[IW_MPA_PLACE_HDR];
    uint32_t rx_last_len; /* ULPDU_Length of the last FPDU whose length was read */
    /* transmit: one FPDU in flight */
    iw_iov tx_src[IW_CFG_MPA_MAX_IOV + 2]; /* [0] ULPDU_Length, ULPDU pieces, PAD + CRC */
    size_t tx_nsrc, tx_wlen, tx_off;
    uint32_t tx_pos;     /* stream position of the next FPDU's first octet (rel. SeqStart) */
    uint32_t tx_fpdu_pos; /* stream position of the FPDU in flight */
    uint8_t tx_busy, tx_is_ulp, tx_stale;
    uint8_t tx_hdr[2], tx_trl[8];
    uint32_t tx_crc_acc;  /* after a partial accept: CRC of the octets TCP took, [0, tx_crc_end) */
    size_t tx_crc_end;
    uint8_t ctl[48];     /* provider FPDUs: RTR, Read RTR response, Terminate */
    size_t ctl_len;
    uint8_t ctl_pending;
    uint8_t term[IW_MPA_TERM_ULPDU_LEN];
    uint8_t tx_mk[IW_CFG_MPA_TX_WINDOW][4];
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
 * own errors; MPA calls it for its errors when cfg.terminate is set. */
IW_DEF iw_status iw_mpa_terminate(iw_mpa_conn *c, iw_term t);

/* The ULP is done: close gracefully once TX drains (MPA-073: nothing is sent after). */
IW_DEF void iw_mpa_close(iw_mpa_conn *c);

/* The ULP sent the stream's Terminate, or received the peer's: MPA sends none of its own from
 * now on (RFC 5040 §5.4: one Terminate per stream, never one in answer to one). */
IW_DEF void iw_mpa_no_terminate(iw_mpa_conn *c);

/* EMSS changed (path MTU): recompute MULPDU (MPA-059). */
IW_DEF void iw_mpa_set_emss(iw_mpa_conn *c, uint32_t emss);

/* Register (fn) or remove (NULL) streamed placement (iw_mpa_place_begin_fn), after
 * iw_mpa_init. IW_EINVAL if the ULP ops have no place/commit pair; IW_ESTATE while an FPDU is
 * being received in pieces (call it between FPDUs, e.g. right after init). */
IW_DEF iw_status iw_mpa_set_place_begin(iw_mpa_conn *c, iw_mpa_place_begin_fn fn);

/* Header-split receive, for hosts that read from a socket (OPTIONAL). While a streamed
 * placement is in its payload, iw_mpa_rx_direct sets *dst and *n (>= 1): the next n octets of
 * the stream are payload that belongs at dst[0..n). The host MAY then read up to n octets
 * straight into dst (e.g. recv(fd, dst, n, 0)) instead of into its buffer, and MUST then call
 * iw_mpa_rx_direct_done(c, k) with the k (1..n) octets that arrived, before any other receive
 * call on c: MPA computes the CRC over dst[0..k) in place and moves on (the CRC field and
 * everything after go through iw_mpa_rx_feed as usual). Returns IW_OK, or IW_EAGAIN (no span
 * open now: feed through iw_mpa_rx_feed); the sticky error status once the connection failed.
 * The host must have fed every octet it read before (its buffer is empty). dst is valid only
 * until the next receive call on c. iw_mpa_rx_direct_done: IW_OK, IW_EINVAL when k is 0 or
 * beyond the open span (nothing changed), IW_ESTATE when no span is open. */
IW_DEF iw_status iw_mpa_rx_direct(iw_mpa_conn *c, uint8_t **dst, size_t *n);
IW_DEF iw_status iw_mpa_rx_direct_done(iw_mpa_conn *c, size_t k);
/* Header-split hint: the octets a host should read next (into its buffer) so that the read
 * ends right after the next FPDU header MPA has not seen whole yet, its ULPDU_Length and the
 * IW_MPA_PLACE_HDR octets after it: then place_begin runs and that FPDU's payload can be read
 * straight into place. A host that reads large payloads asks for min(its room, hint); one
 * reading small FPDUs reads as much as it can. 0: no streamed placement is possible now
 * (none registered, CRC off, markers, not in Full Operation, failed). */
IW_DEF size_t iw_mpa_rx_split_hint(const iw_mpa_conn *c);
/* ULPDU_Length of the last FPDU whose length field MPA read (0 before any): for a host's
 * choice between header-split reads (large FPDUs) and large buffered reads (small ones). */
IW__INLINE uint32_t iw_mpa_rx_last_len(const iw_mpa_conn *c) { return c->rx_last_len; }

/* Accessors. */
IW__INLINE unsigned iw_mpa_state(const iw_mpa_conn *c) { return c->state; }
IW__INLINE uint32_t iw_mpa_mulpdu(const iw_mpa_conn *c) { return c->mulpdu; }
IW__INLINE int iw_mpa_tx_busy(const iw_mpa_conn *c) { return c->tx_busy || c->fr_tx_len != 0; }
IW__INLINE const iw_mpa_error *iw_mpa_last_error(const iw_mpa_conn *c) { return &c->err; }
IW__INLINE const iw_mpa_stats *iw_mpa_get_stats(const iw_mpa_conn *c) { return &c->stats; }

#ifdef __cplusplus
}
#endif
#endif /* IW_MPA_H */

/* ======================================================================================== */
/* Implementation                                                                           */
/* ======================================================================================== */
/* Platform: memcpy and friends, overridable all together (STYLE.md 3). Shared by the
 * implementation of every header, so guarded on its own. */
#if defined(IWARP_IMPLEMENTATION) && !defined(IW__PLATFORM_DONE)
#define IW__PLATFORM_DONE
#if defined(IW_MEMCPY) || defined(IW_MEMMOVE) || defined(IW_MEMSET)
#if !defined(IW_MEMCPY) || !defined(IW_MEMMOVE) || !defined(IW_MEMSET)
#error "define IW_MEMCPY, IW_MEMMOVE and IW_MEMSET together, or none of them"
#endif
#else
#if defined(__STDC_HOSTED__) && __STDC_HOSTED__ == 0
/* Freestanding: the three functions every C toolchain's runtime provides. */
#ifdef __cplusplus
extern "C" {
#endif
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
#ifdef __cplusplus
}
#endif
#else
#include <string.h>
#endif
#define IW_MEMCPY memcpy
#define IW_MEMMOVE memmove
#define IW_MEMSET memset
#endif
#ifndef IW_ASSERT
#define IW_ASSERT(x) ((void)0)
#endif
#define IW__MIN(a, b) ((a) < (b) ? (a) : (b))
/* i mod cap, the slot of position i in a ring of cap > 0 slots: a mask when cap is a power of
 * two (the same value for every i), so the per-message paths need no division. */
IW__INLINE uint32_t iw__ring_ix(uint32_t i, uint32_t cap)
{
    return (cap & (cap - 1u)) == 0 ? i & (cap - 1u) : i % cap;
}
#endif /* IW__PLATFORM_DONE */

#if defined(IWARP_IMPLEMENTATION) && !defined(IW_MPA_IMPLEMENTED)
#define IW_MPA_IMPLEMENTED

/* The CRC32c implementation comes before the extern "C" block: it includes system headers
 * (<immintrin.h>, <arm_acle.h>, <sys/auxv.h>) that must not be wrapped, and its public
 * functions already have C linkage from their declarations above. */
/* ---- CRC32c implementation (RFC 5044 §4, RFC 3720 §12.1) -------------------------------
 *
 * Every path computes the same function (see the declarations). Inside, a path works on the
 * raw register r = ~crc and returns ~r. Polynomials are "reflected": bit 31 of a uint32_t is
 * the coefficient of x^0 and bit 0 that of x^31, and the first octet of a buffer carries the
 * highest-degree coefficients, least significant bit first (RFC 3720 §12.1). Two facts let
 * partial results merge: running r over k more zero octets gives r x^(8k) mod P, and the
 * register of a||b is that of a times x^(8 len(b)) plus the register of b computed from 0.
 *
 * Which path handles what (x86-64 thresholds tuned on AMD EPYCs, Zen 5 and Zen 4, see
 * bench_crc.c):
 *   portable      slice-by-16 tables, any length (byte at a time under IW_CRC32C_SMALL)
 *   sse42         < 768 octets: crc32 instruction, 8 octets each; longer: three streams
 *                 merged with small shift tables
 *   pclmul        < 128: crc32; then 128-bit folding, from 512 with three crc32 streams
 *   vpclmul(_amd) < 256: crc32; then 512-bit folding; from 1536 (2048) together with three
 *                 (six) crc32 streams; _amd folds alone again from 16 KiB
 *   vpclmul_fold  < 256: crc32; then 512-bit folding alone (Zen 4)
 *   armv8         like sse42, with the AArch64 CRC32C instructions
 */
#define IW__CRC32C_POLY 0x82F63B78u /* 0x1EDC6F41 reflected (RFC 3720 §12.1) */

/* gcc >= 8 and clang >= 8 know target("vpclmulqdq") and the AVX-512 intrinsics it needs. */
#if !IW_CRC32C_NO_ACCEL && defined(__x86_64__) &&                       \
    ((defined(__clang__) && __clang_major__ >= 8) ||                    \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 8))
#define IW__CRC32C_X86 1
#else
#define IW__CRC32C_X86 0
#endif
/* gcc >= 10's <arm_acle.h> offers the CRC intrinsics to target("+crc") functions. */
#if !IW_CRC32C_NO_ACCEL && defined(__aarch64__) &&                      \
    ((defined(__clang__) && __clang_major__ >= 8) ||                    \
     (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 10))
#define IW__CRC32C_ARM 1
#else
#define IW__CRC32C_ARM 0
#endif

/* ---- portable: slice-by-16 --------------------------------------------------------------
 * T0 is the classic byte table (T0[i] = register i run through 8 zero bits); Tk is T0 taken
 * k octets further, so a 16-octet step is 16 independent loads XORed together instead of 16
 * dependent ones (Intel's slicing-by-8, widened). 16 KiB of const data, written out so that
 * nothing is computed at run time and it can stay in flash; IW_CRC32C_SMALL keeps T0 only. */
#if IW_CRC32C_SMALL
#define IW__CRC32C_NTAB 1
#else
#define IW__CRC32C_NTAB 16
#endif
static const uint32_t iw__crc32c_tab[IW__CRC32C_NTAB][256] = {
    { /* T0 */
        0x00000000u, 0xf26b8303u, 0xe13b70f7u, 0x1350f3f4u, 0xc79a971fu, 0x35f1141cu,
        0x26a1e7e8u, 0xd4ca64ebu, 0x8ad958cfu, 0x78b2dbccu, 0x6be22838u, 0x9989ab3bu,
        0x4d43cfd0u, 0xbf284cd3u, 0xac78bf27u, 0x5e133c24u, 0x105ec76fu, 0xe235446cu,
        0xf165b798u, 0x030e349bu, 0xd7c45070u, 0x25afd373u, 0x36ff2087u, 0xc494a384u,
        0x9a879fa0u, 0x68ec1ca3u, 0x7bbcef57u, 0x89d76c54u, 0x5d1d08bfu, 0xaf768bbcu,
        0xbc267848u, 0x4e4dfb4bu, 0x20bd8edeu, 0xd2d60dddu, 0xc186fe29u, 0x33ed7d2au,
        0xe72719c1u, 0x154c9ac2u, 0x061c6936u, 0xf477ea35u, 0xaa64d611u, 0x580f5512u,
        0x4b5fa6e6u, 0xb93425e5u, 0x6dfe410eu, 0x9f95c20du, 0x8cc531f9u, 0x7eaeb2fau,
        0x30e349b1u, 0xc288cab2u, 0xd1d83946u, 0x23b3ba45u, 0xf779deaeu, 0x05125dadu,
        0x1642ae59u, 0xe4292d5au, 0xba3a117eu, 0x4851927du, 0x5b016189u, 0xa96ae28au,
        0x7da08661u, 0x8fcb0562u, 0x9c9bf696u, 0x6ef07595u, 0x417b1dbcu, 0xb3109ebfu,
        0xa0406d4bu, 0x522bee48u, 0x86e18aa3u, 0x748a09a0u, 0x67dafa54u, 0x95b17957u,
        0xcba24573u, 0x39c9c670u, 0x2a993584u, 0xd8f2b687u, 0x0c38d26cu, 0xfe53516fu,
        0xed03a29bu, 0x1f682198u, 0x5125dad3u, 0xa34e59d0u, 0xb01eaa24u, 0x42752927u,
        0x96bf4dccu, 0x64d4cecfu, 0x77843d3bu, 0x85efbe38u, 0xdbfc821cu, 0x2997011fu,
        0x3ac7f2ebu, 0xc8ac71e8u, 0x1c661503u, 0xee0d9600u, 0xfd5d65f4u, 0x0f36e6f7u,
        0x61c69362u, 0x93ad1061u, 0x80fde395u, 0x72966096u, 0xa65c047du, 0x5437877eu,
        0x4767748au, 0xb50cf789u, 0xeb1fcbadu, 0x197448aeu, 0x0a24bb5au, 0xf84f3859u,
        0x2c855cb2u, 0xdeeedfb1u, 0xcdbe2c45u, 0x3fd5af46u, 0x7198540du, 0x83f3d70eu,
        0x90a324fau, 0x62c8a7f9u, 0xb602c312u, 0x44694011u, 0x5739b3e5u, 0xa55230e6u,
        0xfb410cc2u, 0x092a8fc1u, 0x1a7a7c35u, 0xe811ff36u, 0x3cdb9bddu, 0xceb018deu,
        0xdde0eb2au, 0x2f8b6829u, 0x82f63b78u, 0x709db87bu, 0x63cd4b8fu, 0x91a6c88cu,
        0x456cac67u, 0xb7072f64u, 0xa457dc90u, 0x563c5f93u, 0x082f63b7u, 0xfa44e0b4u,
        0xe9141340u, 0x1b7f9043u, 0xcfb5f4a8u, 0x3dde77abu, 0x2e8e845fu, 0xdce5075cu,
        0x92a8fc17u, 0x60c37f14u, 0x73938ce0u, 0x81f80fe3u, 0x55326b08u, 0xa759e80bu,
        0xb4091bffu, 0x466298fcu, 0x1871a4d8u, 0xea1a27dbu, 0xf94ad42fu, 0x0b21572cu,
        0xdfeb33c7u, 0x2d80b0c4u, 0x3ed04330u, 0xccbbc033u, 0xa24bb5a6u, 0x502036a5u,
        0x4370c551u, 0xb11b4652u, 0x65d122b9u, 0x97baa1bau, 0x84ea524eu, 0x7681d14du,
        0x2892ed69u, 0xdaf96e6au, 0xc9a99d9eu, 0x3bc21e9du, 0xef087a76u, 0x1d63f975u,
        0x0e330a81u, 0xfc588982u, 0xb21572c9u, 0x407ef1cau, 0x532e023eu, 0xa145813du,
        0x758fe5d6u, 0x87e466d5u, 0x94b49521u, 0x66df1622u, 0x38cc2a06u, 0xcaa7a905u,
        0xd9f75af1u, 0x2b9cd9f2u, 0xff56bd19u, 0x0d3d3e1au, 0x1e6dcdeeu, 0xec064eedu,
        0xc38d26c4u, 0x31e6a5c7u, 0x22b65633u, 0xd0ddd530u, 0x0417b1dbu, 0xf67c32d8u,
        0xe52cc12cu, 0x1747422fu, 0x49547e0bu, 0xbb3ffd08u, 0xa86f0efcu, 0x5a048dffu,
        0x8ecee914u, 0x7ca56a17u, 0x6ff599e3u, 0x9d9e1ae0u, 0xd3d3e1abu, 0x21b862a8u,
        0x32e8915cu, 0xc083125fu, 0x144976b4u, 0xe622f5b7u, 0xf5720643u, 0x07198540u,
        0x590ab964u, 0xab613a67u, 0xb831c993u, 0x4a5a4a90u, 0x9e902e7bu, 0x6cfbad78u,
        0x7fab5e8cu, 0x8dc0dd8fu, 0xe330a81au, 0x115b2b19u, 0x020bd8edu, 0xf0605beeu,
        0x24aa3f05u, 0xd6c1bc06u, 0xc5914ff2u, 0x37faccf1u, 0x69e9f0d5u, 0x9b8273d6u,
        0x88d28022u, 0x7ab90321u, 0xae7367cau, 0x5c18e4c9u, 0x4f48173du, 0xbd23943eu,
        0xf36e6f75u, 0x0105ec76u, 0x12551f82u, 0xe03e9c81u, 0x34f4f86au, 0xc69f7b69u,
        0xd5cf889du, 0x27a40b9eu, 0x79b737bau, 0x8bdcb4b9u, 0x988c474du, 0x6ae7c44eu,
        0xbe2da0a5u, 0x4c4623a6u, 0x5f16d052u, 0xad7d5351u
    },
#if !IW_CRC32C_SMALL
    { /* T1 */
        0x00000000u, 0x13a29877u, 0x274530eeu, 0x34e7a899u, 0x4e8a61dcu, 0x5d28f9abu,
        0x69cf5132u, 0x7a6dc945u, 0x9d14c3b8u, 0x8eb65bcfu, 0xba51f356u, 0xa9f36b21u,
        0xd39ea264u, 0xc03c3a13u, 0xf4db928au, 0xe7790afdu, 0x3fc5f181u, 0x2c6769f6u,
        0x1880c16fu, 0x0b225918u, 0x714f905du, 0x62ed082au, 0x560aa0b3u, 0x45a838c4u,
        0xa2d13239u, 0xb173aa4eu, 0x859402d7u, 0x96369aa0u, 0xec5b53e5u, 0xfff9cb92u,
        0xcb1e630bu, 0xd8bcfb7cu, 0x7f8be302u, 0x6c297b75u, 0x58ced3ecu, 0x4b6c4b9bu,
        0x310182deu, 0x22a31aa9u, 0x1644b230u, 0x05e62a47u, 0xe29f20bau, 0xf13db8cdu,
        0xc5da1054u, 0xd6788823u, 0xac154166u, 0xbfb7d911u, 0x8b507188u, 0x98f2e9ffu,
        0x404e1283u, 0x53ec8af4u, 0x670b226du, 0x74a9ba1au, 0x0ec4735fu, 0x1d66eb28u,
        0x298143b1u, 0x3a23dbc6u, 0xdd5ad13bu, 0xcef8494cu, 0xfa1fe1d5u, 0xe9bd79a2u,
        0x93d0b0e7u, 0x80722890u, 0xb4958009u, 0xa737187eu, 0xff17c604u, 0xecb55e73u,
        0xd852f6eau, 0xcbf06e9du, 0xb19da7d8u, 0xa23f3fafu, 0x96d89736u, 0x857a0f41u,
        0x620305bcu, 0x71a19dcbu, 0x45463552u, 0x56e4ad25u, 0x2c896460u, 0x3f2bfc17u,
        0x0bcc548eu, 0x186eccf9u, 0xc0d23785u, 0xd370aff2u, 0xe797076bu, 0xf4359f1cu,
        0x8e585659u, 0x9dface2eu, 0xa91d66b7u, 0xbabffec0u, 0x5dc6f43du, 0x4e646c4au,
        0x7a83c4d3u, 0x69215ca4u, 0x134c95e1u, 0x00ee0d96u, 0x3409a50fu, 0x27ab3d78u,
        0x809c2506u, 0x933ebd71u, 0xa7d915e8u, 0xb47b8d9fu, 0xce1644dau, 0xddb4dcadu,
        0xe9537434u, 0xfaf1ec43u, 0x1d88e6beu, 0x0e2a7ec9u, 0x3acdd650u, 0x296f4e27u,
        0x53028762u, 0x40a01f15u, 0x7447b78cu, 0x67e52ffbu, 0xbf59d487u, 0xacfb4cf0u,
        0x981ce469u, 0x8bbe7c1eu, 0xf1d3b55bu, 0xe2712d2cu, 0xd69685b5u, 0xc5341dc2u,
        0x224d173fu, 0x31ef8f48u, 0x050827d1u, 0x16aabfa6u, 0x6cc776e3u, 0x7f65ee94u,
        0x4b82460du, 0x5820de7au, 0xfbc3faf9u, 0xe861628eu, 0xdc86ca17u, 0xcf245260u,
        0xb5499b25u, 0xa6eb0352u, 0x920cabcbu, 0x81ae33bcu, 0x66d73941u, 0x7575a136u,
        0x419209afu, 0x523091d8u, 0x285d589du, 0x3bffc0eau, 0x0f186873u, 0x1cbaf004u,
        0xc4060b78u, 0xd7a4930fu, 0xe3433b96u, 0xf0e1a3e1u, 0x8a8c6aa4u, 0x992ef2d3u,
        0xadc95a4au, 0xbe6bc23du, 0x5912c8c0u, 0x4ab050b7u, 0x7e57f82eu, 0x6df56059u,
        0x1798a91cu, 0x043a316bu, 0x30dd99f2u, 0x237f0185u, 0x844819fbu, 0x97ea818cu,
        0xa30d2915u, 0xb0afb162u, 0xcac27827u, 0xd960e050u, 0xed8748c9u, 0xfe25d0beu,
        0x195cda43u, 0x0afe4234u, 0x3e19eaadu, 0x2dbb72dau, 0x57d6bb9fu, 0x447423e8u,
        0x70938b71u, 0x63311306u, 0xbb8de87au, 0xa82f700du, 0x9cc8d894u, 0x8f6a40e3u,
        0xf50789a6u, 0xe6a511d1u, 0xd242b948u, 0xc1e0213fu, 0x26992bc2u, 0x353bb3b5u,
        0x01dc1b2cu, 0x127e835bu, 0x68134a1eu, 0x7bb1d269u, 0x4f567af0u, 0x5cf4e287u,
        0x04d43cfdu, 0x1776a48au, 0x23910c13u, 0x30339464u, 0x4a5e5d21u, 0x59fcc556u,
        0x6d1b6dcfu, 0x7eb9f5b8u, 0x99c0ff45u, 0x8a626732u, 0xbe85cfabu, 0xad2757dcu,
        0xd74a9e99u, 0xc4e806eeu, 0xf00fae77u, 0xe3ad3600u, 0x3b11cd7cu, 0x28b3550bu,
        0x1c54fd92u, 0x0ff665e5u, 0x759baca0u, 0x663934d7u, 0x52de9c4eu, 0x417c0439u,
        0xa6050ec4u, 0xb5a796b3u, 0x81403e2au, 0x92e2a65du, 0xe88f6f18u, 0xfb2df76fu,
        0xcfca5ff6u, 0xdc68c781u, 0x7b5fdfffu, 0x68fd4788u, 0x5c1aef11u, 0x4fb87766u,
        0x35d5be23u, 0x26772654u, 0x12908ecdu, 0x013216bau, 0xe64b1c47u, 0xf5e98430u,
        0xc10e2ca9u, 0xd2acb4deu, 0xa8c17d9bu, 0xbb63e5ecu, 0x8f844d75u, 0x9c26d502u,
        0x449a2e7eu, 0x5738b609u, 0x63df1e90u, 0x707d86e7u, 0x0a104fa2u, 0x19b2d7d5u,
        0x2d557f4cu, 0x3ef7e73bu, 0xd98eedc6u, 0xca2c75b1u, 0xfecbdd28u, 0xed69455fu,
        0x97048c1au, 0x84a6146du, 0xb041bcf4u, 0xa3e32483u
    },
    { /* T2 */
        0x00000000u, 0xa541927eu, 0x4f6f520du, 0xea2ec073u, 0x9edea41au, 0x3b9f3664u,
        0xd1b1f617u, 0x74f06469u, 0x38513ec5u, 0x9d10acbbu, 0x773e6cc8u, 0xd27ffeb6u,
        0xa68f9adfu, 0x03ce08a1u, 0xe9e0c8d2u, 0x4ca15aacu, 0x70a27d8au, 0xd5e3eff4u,
        0x3fcd2f87u, 0x9a8cbdf9u, 0xee7cd990u, 0x4b3d4beeu, 0xa1138b9du, 0x045219e3u,
        0x48f3434fu, 0xedb2d131u, 0x079c1142u, 0xa2dd833cu, 0xd62de755u, 0x736c752bu,
        0x9942b558u, 0x3c032726u, 0xe144fb14u, 0x4405696au, 0xae2ba919u, 0x0b6a3b67u,
        0x7f9a5f0eu, 0xdadbcd70u, 0x30f50d03u, 0x95b49f7du, 0xd915c5d1u, 0x7c5457afu,
        0x967a97dcu, 0x333b05a2u, 0x47cb61cbu, 0xe28af3b5u, 0x08a433c6u, 0xade5a1b8u,
        0x91e6869eu, 0x34a714e0u, 0xde89d493u, 0x7bc846edu, 0x0f382284u, 0xaa79b0fau,
        0x40577089u, 0xe516e2f7u, 0xa9b7b85bu, 0x0cf62a25u, 0xe6d8ea56u, 0x43997828u,
        0x37691c41u, 0x92288e3fu, 0x78064e4cu, 0xdd47dc32u, 0xc76580d9u, 0x622412a7u,
        0x880ad2d4u, 0x2d4b40aau, 0x59bb24c3u, 0xfcfab6bdu, 0x16d476ceu, 0xb395e4b0u,
        0xff34be1cu, 0x5a752c62u, 0xb05bec11u, 0x151a7e6fu, 0x61ea1a06u, 0xc4ab8878u,
        0x2e85480bu, 0x8bc4da75u, 0xb7c7fd53u, 0x12866f2du, 0xf8a8af5eu, 0x5de93d20u,
        0x29195949u, 0x8c58cb37u, 0x66760b44u, 0xc337993au, 0x8f96c396u, 0x2ad751e8u,
        0xc0f9919bu, 0x65b803e5u, 0x1148678cu, 0xb409f5f2u, 0x5e273581u, 0xfb66a7ffu,
        0x26217bcdu, 0x8360e9b3u, 0x694e29c0u, 0xcc0fbbbeu, 0xb8ffdfd7u, 0x1dbe4da9u,
        0xf7908ddau, 0x52d11fa4u, 0x1e704508u, 0xbb31d776u, 0x511f1705u, 0xf45e857bu,
        0x80aee112u, 0x25ef736cu, 0xcfc1b31fu, 0x6a802161u, 0x56830647u, 0xf3c29439u,
        0x19ec544au, 0xbcadc634u, 0xc85da25du, 0x6d1c3023u, 0x8732f050u, 0x2273622eu,
        0x6ed23882u, 0xcb93aafcu, 0x21bd6a8fu, 0x84fcf8f1u, 0xf00c9c98u, 0x554d0ee6u,
        0xbf63ce95u, 0x1a225cebu, 0x8b277743u, 0x2e66e53du, 0xc448254eu, 0x6109b730u,
        0x15f9d359u, 0xb0b84127u, 0x5a968154u, 0xffd7132au, 0xb3764986u, 0x1637dbf8u,
        0xfc191b8bu, 0x595889f5u, 0x2da8ed9cu, 0x88e97fe2u, 0x62c7bf91u, 0xc7862defu,
        0xfb850ac9u, 0x5ec498b7u, 0xb4ea58c4u, 0x11abcabau, 0x655baed3u, 0xc01a3cadu,
        0x2a34fcdeu, 0x8f756ea0u, 0xc3d4340cu, 0x6695a672u, 0x8cbb6601u, 0x29faf47fu,
        0x5d0a9016u, 0xf84b0268u, 0x1265c21bu, 0xb7245065u, 0x6a638c57u, 0xcf221e29u,
        0x250cde5au, 0x804d4c24u, 0xf4bd284du, 0x51fcba33u, 0xbbd27a40u, 0x1e93e83eu,
        0x5232b292u, 0xf77320ecu, 0x1d5de09fu, 0xb81c72e1u, 0xccec1688u, 0x69ad84f6u,
        0x83834485u, 0x26c2d6fbu, 0x1ac1f1ddu, 0xbf8063a3u, 0x55aea3d0u, 0xf0ef31aeu,
        0x841f55c7u, 0x215ec7b9u, 0xcb7007cau, 0x6e3195b4u, 0x2290cf18u, 0x87d15d66u,
        0x6dff9d15u, 0xc8be0f6bu, 0xbc4e6b02u, 0x190ff97cu, 0xf321390fu, 0x5660ab71u,
        0x4c42f79au, 0xe90365e4u, 0x032da597u, 0xa66c37e9u, 0xd29c5380u, 0x77ddc1feu,
        0x9df3018du, 0x38b293f3u, 0x7413c95fu, 0xd1525b21u, 0x3b7c9b52u, 0x9e3d092cu,
        0xeacd6d45u, 0x4f8cff3bu, 0xa5a23f48u, 0x00e3ad36u, 0x3ce08a10u, 0x99a1186eu,
        0x738fd81du, 0xd6ce4a63u, 0xa23e2e0au, 0x077fbc74u, 0xed517c07u, 0x4810ee79u,
        0x04b1b4d5u, 0xa1f026abu, 0x4bdee6d8u, 0xee9f74a6u, 0x9a6f10cfu, 0x3f2e82b1u,
        0xd50042c2u, 0x7041d0bcu, 0xad060c8eu, 0x08479ef0u, 0xe2695e83u, 0x4728ccfdu,
        0x33d8a894u, 0x96993aeau, 0x7cb7fa99u, 0xd9f668e7u, 0x9557324bu, 0x3016a035u,
        0xda386046u, 0x7f79f238u, 0x0b899651u, 0xaec8042fu, 0x44e6c45cu, 0xe1a75622u,
        0xdda47104u, 0x78e5e37au, 0x92cb2309u, 0x378ab177u, 0x437ad51eu, 0xe63b4760u,
        0x0c158713u, 0xa954156du, 0xe5f54fc1u, 0x40b4ddbfu, 0xaa9a1dccu, 0x0fdb8fb2u,
        0x7b2bebdbu, 0xde6a79a5u, 0x3444b9d6u, 0x91052ba8u
    },
    { /* T3 */
        0x00000000u, 0xdd45aab8u, 0xbf672381u, 0x62228939u, 0x7b2231f3u, 0xa6679b4bu,
        0xc4451272u, 0x1900b8cau, 0xf64463e6u, 0x2b01c95eu, 0x49234067u, 0x9466eadfu,
        0x8d665215u, 0x5023f8adu, 0x32017194u, 0xef44db2cu, 0xe964b13du, 0x34211b85u,
        0x560392bcu, 0x8b463804u, 0x924680ceu, 0x4f032a76u, 0x2d21a34fu, 0xf06409f7u,
        0x1f20d2dbu, 0xc2657863u, 0xa047f15au, 0x7d025be2u, 0x6402e328u, 0xb9474990u,
        0xdb65c0a9u, 0x06206a11u, 0xd725148bu, 0x0a60be33u, 0x6842370au, 0xb5079db2u,
        0xac072578u, 0x71428fc0u, 0x136006f9u, 0xce25ac41u, 0x2161776du, 0xfc24ddd5u,
        0x9e0654ecu, 0x4343fe54u, 0x5a43469eu, 0x8706ec26u, 0xe524651fu, 0x3861cfa7u,
        0x3e41a5b6u, 0xe3040f0eu, 0x81268637u, 0x5c632c8fu, 0x45639445u, 0x98263efdu,
        0xfa04b7c4u, 0x27411d7cu, 0xc805c650u, 0x15406ce8u, 0x7762e5d1u, 0xaa274f69u,
        0xb327f7a3u, 0x6e625d1bu, 0x0c40d422u, 0xd1057e9au, 0xaba65fe7u, 0x76e3f55fu,
        0x14c17c66u, 0xc984d6deu, 0xd0846e14u, 0x0dc1c4acu, 0x6fe34d95u, 0xb2a6e72du,
        0x5de23c01u, 0x80a796b9u, 0xe2851f80u, 0x3fc0b538u, 0x26c00df2u, 0xfb85a74au,
        0x99a72e73u, 0x44e284cbu, 0x42c2eedau, 0x9f874462u, 0xfda5cd5bu, 0x20e067e3u,
        0x39e0df29u, 0xe4a57591u, 0x8687fca8u, 0x5bc25610u, 0xb4868d3cu, 0x69c32784u,
        0x0be1aebdu, 0xd6a40405u, 0xcfa4bccfu, 0x12e11677u, 0x70c39f4eu, 0xad8635f6u,
        0x7c834b6cu, 0xa1c6e1d4u, 0xc3e468edu, 0x1ea1c255u, 0x07a17a9fu, 0xdae4d027u,
        0xb8c6591eu, 0x6583f3a6u, 0x8ac7288au, 0x57828232u, 0x35a00b0bu, 0xe8e5a1b3u,
        0xf1e51979u, 0x2ca0b3c1u, 0x4e823af8u, 0x93c79040u, 0x95e7fa51u, 0x48a250e9u,
        0x2a80d9d0u, 0xf7c57368u, 0xeec5cba2u, 0x3380611au, 0x51a2e823u, 0x8ce7429bu,
        0x63a399b7u, 0xbee6330fu, 0xdcc4ba36u, 0x0181108eu, 0x1881a844u, 0xc5c402fcu,
        0xa7e68bc5u, 0x7aa3217du, 0x52a0c93fu, 0x8fe56387u, 0xedc7eabeu, 0x30824006u,
        0x2982f8ccu, 0xf4c75274u, 0x96e5db4du, 0x4ba071f5u, 0xa4e4aad9u, 0x79a10061u,
        0x1b838958u, 0xc6c623e0u, 0xdfc69b2au, 0x02833192u, 0x60a1b8abu, 0xbde41213u,
        0xbbc47802u, 0x6681d2bau, 0x04a35b83u, 0xd9e6f13bu, 0xc0e649f1u, 0x1da3e349u,
        0x7f816a70u, 0xa2c4c0c8u, 0x4d801be4u, 0x90c5b15cu, 0xf2e73865u, 0x2fa292ddu,
        0x36a22a17u, 0xebe780afu, 0x89c50996u, 0x5480a32eu, 0x8585ddb4u, 0x58c0770cu,
        0x3ae2fe35u, 0xe7a7548du, 0xfea7ec47u, 0x23e246ffu, 0x41c0cfc6u, 0x9c85657eu,
        0x73c1be52u, 0xae8414eau, 0xcca69dd3u, 0x11e3376bu, 0x08e38fa1u, 0xd5a62519u,
        0xb784ac20u, 0x6ac10698u, 0x6ce16c89u, 0xb1a4c631u, 0xd3864f08u, 0x0ec3e5b0u,
        0x17c35d7au, 0xca86f7c2u, 0xa8a47efbu, 0x75e1d443u, 0x9aa50f6fu, 0x47e0a5d7u,
        0x25c22ceeu, 0xf8878656u, 0xe1873e9cu, 0x3cc29424u, 0x5ee01d1du, 0x83a5b7a5u,
        0xf90696d8u, 0x24433c60u, 0x4661b559u, 0x9b241fe1u, 0x8224a72bu, 0x5f610d93u,
        0x3d4384aau, 0xe0062e12u, 0x0f42f53eu, 0xd2075f86u, 0xb025d6bfu, 0x6d607c07u,
        0x7460c4cdu, 0xa9256e75u, 0xcb07e74cu, 0x16424df4u, 0x106227e5u, 0xcd278d5du,
        0xaf050464u, 0x7240aedcu, 0x6b401616u, 0xb605bcaeu, 0xd4273597u, 0x09629f2fu,
        0xe6264403u, 0x3b63eebbu, 0x59416782u, 0x8404cd3au, 0x9d0475f0u, 0x4041df48u,
        0x22635671u, 0xff26fcc9u, 0x2e238253u, 0xf36628ebu, 0x9144a1d2u, 0x4c010b6au,
        0x5501b3a0u, 0x88441918u, 0xea669021u, 0x37233a99u, 0xd867e1b5u, 0x05224b0du,
        0x6700c234u, 0xba45688cu, 0xa345d046u, 0x7e007afeu, 0x1c22f3c7u, 0xc167597fu,
        0xc747336eu, 0x1a0299d6u, 0x782010efu, 0xa565ba57u, 0xbc65029du, 0x6120a825u,
        0x0302211cu, 0xde478ba4u, 0x31035088u, 0xec46fa30u, 0x8e647309u, 0x5321d9b1u,
        0x4a21617bu, 0x9764cbc3u, 0xf54642fau, 0x2803e842u
    },
    { /* T4 */
        0x00000000u, 0x38116facu, 0x7022df58u, 0x4833b0f4u, 0xe045beb0u, 0xd854d11cu,
        0x906761e8u, 0xa8760e44u, 0xc5670b91u, 0xfd76643du, 0xb545d4c9u, 0x8d54bb65u,
        0x2522b521u, 0x1d33da8du, 0x55006a79u, 0x6d1105d5u, 0x8f2261d3u, 0xb7330e7fu,
        0xff00be8bu, 0xc711d127u, 0x6f67df63u, 0x5776b0cfu, 0x1f45003bu, 0x27546f97u,
        0x4a456a42u, 0x725405eeu, 0x3a67b51au, 0x0276dab6u, 0xaa00d4f2u, 0x9211bb5eu,
        0xda220baau, 0xe2336406u, 0x1ba8b557u, 0x23b9dafbu, 0x6b8a6a0fu, 0x539b05a3u,
        0xfbed0be7u, 0xc3fc644bu, 0x8bcfd4bfu, 0xb3debb13u, 0xdecfbec6u, 0xe6ded16au,
        0xaeed619eu, 0x96fc0e32u, 0x3e8a0076u, 0x069b6fdau, 0x4ea8df2eu, 0x76b9b082u,
        0x948ad484u, 0xac9bbb28u, 0xe4a80bdcu, 0xdcb96470u, 0x74cf6a34u, 0x4cde0598u,
        0x04edb56cu, 0x3cfcdac0u, 0x51eddf15u, 0x69fcb0b9u, 0x21cf004du, 0x19de6fe1u,
        0xb1a861a5u, 0x89b90e09u, 0xc18abefdu, 0xf99bd151u, 0x37516aaeu, 0x0f400502u,
        0x4773b5f6u, 0x7f62da5au, 0xd714d41eu, 0xef05bbb2u, 0xa7360b46u, 0x9f2764eau,
        0xf236613fu, 0xca270e93u, 0x8214be67u, 0xba05d1cbu, 0x1273df8fu, 0x2a62b023u,
        0x625100d7u, 0x5a406f7bu, 0xb8730b7du, 0x806264d1u, 0xc851d425u, 0xf040bb89u,
        0x5836b5cdu, 0x6027da61u, 0x28146a95u, 0x10050539u, 0x7d1400ecu, 0x45056f40u,
        0x0d36dfb4u, 0x3527b018u, 0x9d51be5cu, 0xa540d1f0u, 0xed736104u, 0xd5620ea8u,
        0x2cf9dff9u, 0x14e8b055u, 0x5cdb00a1u, 0x64ca6f0du, 0xccbc6149u, 0xf4ad0ee5u,
        0xbc9ebe11u, 0x848fd1bdu, 0xe99ed468u, 0xd18fbbc4u, 0x99bc0b30u, 0xa1ad649cu,
        0x09db6ad8u, 0x31ca0574u, 0x79f9b580u, 0x41e8da2cu, 0xa3dbbe2au, 0x9bcad186u,
        0xd3f96172u, 0xebe80edeu, 0x439e009au, 0x7b8f6f36u, 0x33bcdfc2u, 0x0badb06eu,
        0x66bcb5bbu, 0x5eadda17u, 0x169e6ae3u, 0x2e8f054fu, 0x86f90b0bu, 0xbee864a7u,
        0xf6dbd453u, 0xcecabbffu, 0x6ea2d55cu, 0x56b3baf0u, 0x1e800a04u, 0x269165a8u,
        0x8ee76becu, 0xb6f60440u, 0xfec5b4b4u, 0xc6d4db18u, 0xabc5decdu, 0x93d4b161u,
        0xdbe70195u, 0xe3f66e39u, 0x4b80607du, 0x73910fd1u, 0x3ba2bf25u, 0x03b3d089u,
        0xe180b48fu, 0xd991db23u, 0x91a26bd7u, 0xa9b3047bu, 0x01c50a3fu, 0x39d46593u,
        0x71e7d567u, 0x49f6bacbu, 0x24e7bf1eu, 0x1cf6d0b2u, 0x54c56046u, 0x6cd40feau,
        0xc4a201aeu, 0xfcb36e02u, 0xb480def6u, 0x8c91b15au, 0x750a600bu, 0x4d1b0fa7u,
        0x0528bf53u, 0x3d39d0ffu, 0x954fdebbu, 0xad5eb117u, 0xe56d01e3u, 0xdd7c6e4fu,
        0xb06d6b9au, 0x887c0436u, 0xc04fb4c2u, 0xf85edb6eu, 0x5028d52au, 0x6839ba86u,
        0x200a0a72u, 0x181b65deu, 0xfa2801d8u, 0xc2396e74u, 0x8a0ade80u, 0xb21bb12cu,
        0x1a6dbf68u, 0x227cd0c4u, 0x6a4f6030u, 0x525e0f9cu, 0x3f4f0a49u, 0x075e65e5u,
        0x4f6dd511u, 0x777cbabdu, 0xdf0ab4f9u, 0xe71bdb55u, 0xaf286ba1u, 0x9739040du,
        0x59f3bff2u, 0x61e2d05eu, 0x29d160aau, 0x11c00f06u, 0xb9b60142u, 0x81a76eeeu,
        0xc994de1au, 0xf185b1b6u, 0x9c94b463u, 0xa485dbcfu, 0xecb66b3bu, 0xd4a70497u,
        0x7cd10ad3u, 0x44c0657fu, 0x0cf3d58bu, 0x34e2ba27u, 0xd6d1de21u, 0xeec0b18du,
        0xa6f30179u, 0x9ee26ed5u, 0x36946091u, 0x0e850f3du, 0x46b6bfc9u, 0x7ea7d065u,
        0x13b6d5b0u, 0x2ba7ba1cu, 0x63940ae8u, 0x5b856544u, 0xf3f36b00u, 0xcbe204acu,
        0x83d1b458u, 0xbbc0dbf4u, 0x425b0aa5u, 0x7a4a6509u, 0x3279d5fdu, 0x0a68ba51u,
        0xa21eb415u, 0x9a0fdbb9u, 0xd23c6b4du, 0xea2d04e1u, 0x873c0134u, 0xbf2d6e98u,
        0xf71ede6cu, 0xcf0fb1c0u, 0x6779bf84u, 0x5f68d028u, 0x175b60dcu, 0x2f4a0f70u,
        0xcd796b76u, 0xf56804dau, 0xbd5bb42eu, 0x854adb82u, 0x2d3cd5c6u, 0x152dba6au,
        0x5d1e0a9eu, 0x650f6532u, 0x081e60e7u, 0x300f0f4bu, 0x783cbfbfu, 0x402dd013u,
        0xe85bde57u, 0xd04ab1fbu, 0x9879010fu, 0xa0686ea3u
    },
    { /* T5 */
        0x00000000u, 0xef306b19u, 0xdb8ca0c3u, 0x34bccbdau, 0xb2f53777u, 0x5dc55c6eu,
        0x697997b4u, 0x8649fcadu, 0x6006181fu, 0x8f367306u, 0xbb8ab8dcu, 0x54bad3c5u,
        0xd2f32f68u, 0x3dc34471u, 0x097f8fabu, 0xe64fe4b2u, 0xc00c303eu, 0x2f3c5b27u,
        0x1b8090fdu, 0xf4b0fbe4u, 0x72f90749u, 0x9dc96c50u, 0xa975a78au, 0x4645cc93u,
        0xa00a2821u, 0x4f3a4338u, 0x7b8688e2u, 0x94b6e3fbu, 0x12ff1f56u, 0xfdcf744fu,
        0xc973bf95u, 0x2643d48cu, 0x85f4168du, 0x6ac47d94u, 0x5e78b64eu, 0xb148dd57u,
        0x370121fau, 0xd8314ae3u, 0xec8d8139u, 0x03bdea20u, 0xe5f20e92u, 0x0ac2658bu,
        0x3e7eae51u, 0xd14ec548u, 0x570739e5u, 0xb83752fcu, 0x8c8b9926u, 0x63bbf23fu,
        0x45f826b3u, 0xaac84daau, 0x9e748670u, 0x7144ed69u, 0xf70d11c4u, 0x183d7addu,
        0x2c81b107u, 0xc3b1da1eu, 0x25fe3eacu, 0xcace55b5u, 0xfe729e6fu, 0x1142f576u,
        0x970b09dbu, 0x783b62c2u, 0x4c87a918u, 0xa3b7c201u, 0x0e045bebu, 0xe13430f2u,
        0xd588fb28u, 0x3ab89031u, 0xbcf16c9cu, 0x53c10785u, 0x677dcc5fu, 0x884da746u,
        0x6e0243f4u, 0x813228edu, 0xb58ee337u, 0x5abe882eu, 0xdcf77483u, 0x33c71f9au,
        0x077bd440u, 0xe84bbf59u, 0xce086bd5u, 0x213800ccu, 0x1584cb16u, 0xfab4a00fu,
        0x7cfd5ca2u, 0x93cd37bbu, 0xa771fc61u, 0x48419778u, 0xae0e73cau, 0x413e18d3u,
        0x7582d309u, 0x9ab2b810u, 0x1cfb44bdu, 0xf3cb2fa4u, 0xc777e47eu, 0x28478f67u,
        0x8bf04d66u, 0x64c0267fu, 0x507ceda5u, 0xbf4c86bcu, 0x39057a11u, 0xd6351108u,
        0xe289dad2u, 0x0db9b1cbu, 0xebf65579u, 0x04c63e60u, 0x307af5bau, 0xdf4a9ea3u,
        0x5903620eu, 0xb6330917u, 0x828fc2cdu, 0x6dbfa9d4u, 0x4bfc7d58u, 0xa4cc1641u,
        0x9070dd9bu, 0x7f40b682u, 0xf9094a2fu, 0x16392136u, 0x2285eaecu, 0xcdb581f5u,
        0x2bfa6547u, 0xc4ca0e5eu, 0xf076c584u, 0x1f46ae9du, 0x990f5230u, 0x763f3929u,
        0x4283f2f3u, 0xadb399eau, 0x1c08b7d6u, 0xf338dccfu, 0xc7841715u, 0x28b47c0cu,
        0xaefd80a1u, 0x41cdebb8u, 0x75712062u, 0x9a414b7bu, 0x7c0eafc9u, 0x933ec4d0u,
        0xa7820f0au, 0x48b26413u, 0xcefb98beu, 0x21cbf3a7u, 0x1577387du, 0xfa475364u,
        0xdc0487e8u, 0x3334ecf1u, 0x0788272bu, 0xe8b84c32u, 0x6ef1b09fu, 0x81c1db86u,
        0xb57d105cu, 0x5a4d7b45u, 0xbc029ff7u, 0x5332f4eeu, 0x678e3f34u, 0x88be542du,
        0x0ef7a880u, 0xe1c7c399u, 0xd57b0843u, 0x3a4b635au, 0x99fca15bu, 0x76ccca42u,
        0x42700198u, 0xad406a81u, 0x2b09962cu, 0xc439fd35u, 0xf08536efu, 0x1fb55df6u,
        0xf9fab944u, 0x16cad25du, 0x22761987u, 0xcd46729eu, 0x4b0f8e33u, 0xa43fe52au,
        0x90832ef0u, 0x7fb345e9u, 0x59f09165u, 0xb6c0fa7cu, 0x827c31a6u, 0x6d4c5abfu,
        0xeb05a612u, 0x0435cd0bu, 0x308906d1u, 0xdfb96dc8u, 0x39f6897au, 0xd6c6e263u,
        0xe27a29b9u, 0x0d4a42a0u, 0x8b03be0du, 0x6433d514u, 0x508f1eceu, 0xbfbf75d7u,
        0x120cec3du, 0xfd3c8724u, 0xc9804cfeu, 0x26b027e7u, 0xa0f9db4au, 0x4fc9b053u,
        0x7b757b89u, 0x94451090u, 0x720af422u, 0x9d3a9f3bu, 0xa98654e1u, 0x46b63ff8u,
        0xc0ffc355u, 0x2fcfa84cu, 0x1b736396u, 0xf443088fu, 0xd200dc03u, 0x3d30b71au,
        0x098c7cc0u, 0xe6bc17d9u, 0x60f5eb74u, 0x8fc5806du, 0xbb794bb7u, 0x544920aeu,
        0xb206c41cu, 0x5d36af05u, 0x698a64dfu, 0x86ba0fc6u, 0x00f3f36bu, 0xefc39872u,
        0xdb7f53a8u, 0x344f38b1u, 0x97f8fab0u, 0x78c891a9u, 0x4c745a73u, 0xa344316au,
        0x250dcdc7u, 0xca3da6deu, 0xfe816d04u, 0x11b1061du, 0xf7fee2afu, 0x18ce89b6u,
        0x2c72426cu, 0xc3422975u, 0x450bd5d8u, 0xaa3bbec1u, 0x9e87751bu, 0x71b71e02u,
        0x57f4ca8eu, 0xb8c4a197u, 0x8c786a4du, 0x63480154u, 0xe501fdf9u, 0x0a3196e0u,
        0x3e8d5d3au, 0xd1bd3623u, 0x37f2d291u, 0xd8c2b988u, 0xec7e7252u, 0x034e194bu,
        0x8507e5e6u, 0x6a378effu, 0x5e8b4525u, 0xb1bb2e3cu
    },
    { /* T6 */
        0x00000000u, 0x68032cc8u, 0xd0065990u, 0xb8057558u, 0xa5e0c5d1u, 0xcde3e919u,
        0x75e69c41u, 0x1de5b089u, 0x4e2dfd53u, 0x262ed19bu, 0x9e2ba4c3u, 0xf628880bu,
        0xebcd3882u, 0x83ce144au, 0x3bcb6112u, 0x53c84ddau, 0x9c5bfaa6u, 0xf458d66eu,
        0x4c5da336u, 0x245e8ffeu, 0x39bb3f77u, 0x51b813bfu, 0xe9bd66e7u, 0x81be4a2fu,
        0xd27607f5u, 0xba752b3du, 0x02705e65u, 0x6a7372adu, 0x7796c224u, 0x1f95eeecu,
        0xa7909bb4u, 0xcf93b77cu, 0x3d5b83bdu, 0x5558af75u, 0xed5dda2du, 0x855ef6e5u,
        0x98bb466cu, 0xf0b86aa4u, 0x48bd1ffcu, 0x20be3334u, 0x73767eeeu, 0x1b755226u,
        0xa370277eu, 0xcb730bb6u, 0xd696bb3fu, 0xbe9597f7u, 0x0690e2afu, 0x6e93ce67u,
        0xa100791bu, 0xc90355d3u, 0x7106208bu, 0x19050c43u, 0x04e0bccau, 0x6ce39002u,
        0xd4e6e55au, 0xbce5c992u, 0xef2d8448u, 0x872ea880u, 0x3f2bddd8u, 0x5728f110u,
        0x4acd4199u, 0x22ce6d51u, 0x9acb1809u, 0xf2c834c1u, 0x7ab7077au, 0x12b42bb2u,
        0xaab15eeau, 0xc2b27222u, 0xdf57c2abu, 0xb754ee63u, 0x0f519b3bu, 0x6752b7f3u,
        0x349afa29u, 0x5c99d6e1u, 0xe49ca3b9u, 0x8c9f8f71u, 0x917a3ff8u, 0xf9791330u,
        0x417c6668u, 0x297f4aa0u, 0xe6ecfddcu, 0x8eefd114u, 0x36eaa44cu, 0x5ee98884u,
        0x430c380du, 0x2b0f14c5u, 0x930a619du, 0xfb094d55u, 0xa8c1008fu, 0xc0c22c47u,
        0x78c7591fu, 0x10c475d7u, 0x0d21c55eu, 0x6522e996u, 0xdd279cceu, 0xb524b006u,
        0x47ec84c7u, 0x2fefa80fu, 0x97eadd57u, 0xffe9f19fu, 0xe20c4116u, 0x8a0f6ddeu,
        0x320a1886u, 0x5a09344eu, 0x09c17994u, 0x61c2555cu, 0xd9c72004u, 0xb1c40cccu,
        0xac21bc45u, 0xc422908du, 0x7c27e5d5u, 0x1424c91du, 0xdbb77e61u, 0xb3b452a9u,
        0x0bb127f1u, 0x63b20b39u, 0x7e57bbb0u, 0x16549778u, 0xae51e220u, 0xc652cee8u,
        0x959a8332u, 0xfd99affau, 0x459cdaa2u, 0x2d9ff66au, 0x307a46e3u, 0x58796a2bu,
        0xe07c1f73u, 0x887f33bbu, 0xf56e0ef4u, 0x9d6d223cu, 0x25685764u, 0x4d6b7bacu,
        0x508ecb25u, 0x388de7edu, 0x808892b5u, 0xe88bbe7du, 0xbb43f3a7u, 0xd340df6fu,
        0x6b45aa37u, 0x034686ffu, 0x1ea33676u, 0x76a01abeu, 0xcea56fe6u, 0xa6a6432eu,
        0x6935f452u, 0x0136d89au, 0xb933adc2u, 0xd130810au, 0xccd53183u, 0xa4d61d4bu,
        0x1cd36813u, 0x74d044dbu, 0x27180901u, 0x4f1b25c9u, 0xf71e5091u, 0x9f1d7c59u,
        0x82f8ccd0u, 0xeafbe018u, 0x52fe9540u, 0x3afdb988u, 0xc8358d49u, 0xa036a181u,
        0x1833d4d9u, 0x7030f811u, 0x6dd54898u, 0x05d66450u, 0xbdd31108u, 0xd5d03dc0u,
        0x8618701au, 0xee1b5cd2u, 0x561e298au, 0x3e1d0542u, 0x23f8b5cbu, 0x4bfb9903u,
        0xf3feec5bu, 0x9bfdc093u, 0x546e77efu, 0x3c6d5b27u, 0x84682e7fu, 0xec6b02b7u,
        0xf18eb23eu, 0x998d9ef6u, 0x2188ebaeu, 0x498bc766u, 0x1a438abcu, 0x7240a674u,
        0xca45d32cu, 0xa246ffe4u, 0xbfa34f6du, 0xd7a063a5u, 0x6fa516fdu, 0x07a63a35u,
        0x8fd9098eu, 0xe7da2546u, 0x5fdf501eu, 0x37dc7cd6u, 0x2a39cc5fu, 0x423ae097u,
        0xfa3f95cfu, 0x923cb907u, 0xc1f4f4ddu, 0xa9f7d815u, 0x11f2ad4du, 0x79f18185u,
        0x6414310cu, 0x0c171dc4u, 0xb412689cu, 0xdc114454u, 0x1382f328u, 0x7b81dfe0u,
        0xc384aab8u, 0xab878670u, 0xb66236f9u, 0xde611a31u, 0x66646f69u, 0x0e6743a1u,
        0x5daf0e7bu, 0x35ac22b3u, 0x8da957ebu, 0xe5aa7b23u, 0xf84fcbaau, 0x904ce762u,
        0x2849923au, 0x404abef2u, 0xb2828a33u, 0xda81a6fbu, 0x6284d3a3u, 0x0a87ff6bu,
        0x17624fe2u, 0x7f61632au, 0xc7641672u, 0xaf673abau, 0xfcaf7760u, 0x94ac5ba8u,
        0x2ca92ef0u, 0x44aa0238u, 0x594fb2b1u, 0x314c9e79u, 0x8949eb21u, 0xe14ac7e9u,
        0x2ed97095u, 0x46da5c5du, 0xfedf2905u, 0x96dc05cdu, 0x8b39b544u, 0xe33a998cu,
        0x5b3fecd4u, 0x333cc01cu, 0x60f48dc6u, 0x08f7a10eu, 0xb0f2d456u, 0xd8f1f89eu,
        0xc5144817u, 0xad1764dfu, 0x15121187u, 0x7d113d4fu
    },
    { /* T7 */
        0x00000000u, 0x493c7d27u, 0x9278fa4eu, 0xdb448769u, 0x211d826du, 0x6821ff4au,
        0xb3657823u, 0xfa590504u, 0x423b04dau, 0x0b0779fdu, 0xd043fe94u, 0x997f83b3u,
        0x632686b7u, 0x2a1afb90u, 0xf15e7cf9u, 0xb86201deu, 0x847609b4u, 0xcd4a7493u,
        0x160ef3fau, 0x5f328eddu, 0xa56b8bd9u, 0xec57f6feu, 0x37137197u, 0x7e2f0cb0u,
        0xc64d0d6eu, 0x8f717049u, 0x5435f720u, 0x1d098a07u, 0xe7508f03u, 0xae6cf224u,
        0x7528754du, 0x3c14086au, 0x0d006599u, 0x443c18beu, 0x9f789fd7u, 0xd644e2f0u,
        0x2c1de7f4u, 0x65219ad3u, 0xbe651dbau, 0xf759609du, 0x4f3b6143u, 0x06071c64u,
        0xdd439b0du, 0x947fe62au, 0x6e26e32eu, 0x271a9e09u, 0xfc5e1960u, 0xb5626447u,
        0x89766c2du, 0xc04a110au, 0x1b0e9663u, 0x5232eb44u, 0xa86bee40u, 0xe1579367u,
        0x3a13140eu, 0x732f6929u, 0xcb4d68f7u, 0x827115d0u, 0x593592b9u, 0x1009ef9eu,
        0xea50ea9au, 0xa36c97bdu, 0x782810d4u, 0x31146df3u, 0x1a00cb32u, 0x533cb615u,
        0x8878317cu, 0xc1444c5bu, 0x3b1d495fu, 0x72213478u, 0xa965b311u, 0xe059ce36u,
        0x583bcfe8u, 0x1107b2cfu, 0xca4335a6u, 0x837f4881u, 0x79264d85u, 0x301a30a2u,
        0xeb5eb7cbu, 0xa262caecu, 0x9e76c286u, 0xd74abfa1u, 0x0c0e38c8u, 0x453245efu,
        0xbf6b40ebu, 0xf6573dccu, 0x2d13baa5u, 0x642fc782u, 0xdc4dc65cu, 0x9571bb7bu,
        0x4e353c12u, 0x07094135u, 0xfd504431u, 0xb46c3916u, 0x6f28be7fu, 0x2614c358u,
        0x1700aeabu, 0x5e3cd38cu, 0x857854e5u, 0xcc4429c2u, 0x361d2cc6u, 0x7f2151e1u,
        0xa465d688u, 0xed59abafu, 0x553baa71u, 0x1c07d756u, 0xc743503fu, 0x8e7f2d18u,
        0x7426281cu, 0x3d1a553bu, 0xe65ed252u, 0xaf62af75u, 0x9376a71fu, 0xda4ada38u,
        0x010e5d51u, 0x48322076u, 0xb26b2572u, 0xfb575855u, 0x2013df3cu, 0x692fa21bu,
        0xd14da3c5u, 0x9871dee2u, 0x4335598bu, 0x0a0924acu, 0xf05021a8u, 0xb96c5c8fu,
        0x6228dbe6u, 0x2b14a6c1u, 0x34019664u, 0x7d3deb43u, 0xa6796c2au, 0xef45110du,
        0x151c1409u, 0x5c20692eu, 0x8764ee47u, 0xce589360u, 0x763a92beu, 0x3f06ef99u,
        0xe44268f0u, 0xad7e15d7u, 0x572710d3u, 0x1e1b6df4u, 0xc55fea9du, 0x8c6397bau,
        0xb0779fd0u, 0xf94be2f7u, 0x220f659eu, 0x6b3318b9u, 0x916a1dbdu, 0xd856609au,
        0x0312e7f3u, 0x4a2e9ad4u, 0xf24c9b0au, 0xbb70e62du, 0x60346144u, 0x29081c63u,
        0xd3511967u, 0x9a6d6440u, 0x4129e329u, 0x08159e0eu, 0x3901f3fdu, 0x703d8edau,
        0xab7909b3u, 0xe2457494u, 0x181c7190u, 0x51200cb7u, 0x8a648bdeu, 0xc358f6f9u,
        0x7b3af727u, 0x32068a00u, 0xe9420d69u, 0xa07e704eu, 0x5a27754au, 0x131b086du,
        0xc85f8f04u, 0x8163f223u, 0xbd77fa49u, 0xf44b876eu, 0x2f0f0007u, 0x66337d20u,
        0x9c6a7824u, 0xd5560503u, 0x0e12826au, 0x472eff4du, 0xff4cfe93u, 0xb67083b4u,
        0x6d3404ddu, 0x240879fau, 0xde517cfeu, 0x976d01d9u, 0x4c2986b0u, 0x0515fb97u,
        0x2e015d56u, 0x673d2071u, 0xbc79a718u, 0xf545da3fu, 0x0f1cdf3bu, 0x4620a21cu,
        0x9d642575u, 0xd4585852u, 0x6c3a598cu, 0x250624abu, 0xfe42a3c2u, 0xb77edee5u,
        0x4d27dbe1u, 0x041ba6c6u, 0xdf5f21afu, 0x96635c88u, 0xaa7754e2u, 0xe34b29c5u,
        0x380faeacu, 0x7133d38bu, 0x8b6ad68fu, 0xc256aba8u, 0x19122cc1u, 0x502e51e6u,
        0xe84c5038u, 0xa1702d1fu, 0x7a34aa76u, 0x3308d751u, 0xc951d255u, 0x806daf72u,
        0x5b29281bu, 0x1215553cu, 0x230138cfu, 0x6a3d45e8u, 0xb179c281u, 0xf845bfa6u,
        0x021cbaa2u, 0x4b20c785u, 0x906440ecu, 0xd9583dcbu, 0x613a3c15u, 0x28064132u,
        0xf342c65bu, 0xba7ebb7cu, 0x4027be78u, 0x091bc35fu, 0xd25f4436u, 0x9b633911u,
        0xa777317bu, 0xee4b4c5cu, 0x350fcb35u, 0x7c33b612u, 0x866ab316u, 0xcf56ce31u,
        0x14124958u, 0x5d2e347fu, 0xe54c35a1u, 0xac704886u, 0x7734cfefu, 0x3e08b2c8u,
        0xc451b7ccu, 0x8d6dcaebu, 0x56294d82u, 0x1f1530a5u
    },
    { /* T8 */
        0x00000000u, 0xf43ed648u, 0xed91da61u, 0x19af0c29u, 0xdecfc233u, 0x2af1147bu,
        0x335e1852u, 0xc760ce1au, 0xb873f297u, 0x4c4d24dfu, 0x55e228f6u, 0xa1dcfebeu,
        0x66bc30a4u, 0x9282e6ecu, 0x8b2deac5u, 0x7f133c8du, 0x750b93dfu, 0x81354597u,
        0x989a49beu, 0x6ca49ff6u, 0xabc451ecu, 0x5ffa87a4u, 0x46558b8du, 0xb26b5dc5u,
        0xcd786148u, 0x3946b700u, 0x20e9bb29u, 0xd4d76d61u, 0x13b7a37bu, 0xe7897533u,
        0xfe26791au, 0x0a18af52u, 0xea1727beu, 0x1e29f1f6u, 0x0786fddfu, 0xf3b82b97u,
        0x34d8e58du, 0xc0e633c5u, 0xd9493fecu, 0x2d77e9a4u, 0x5264d529u, 0xa65a0361u,
        0xbff50f48u, 0x4bcbd900u, 0x8cab171au, 0x7895c152u, 0x613acd7bu, 0x95041b33u,
        0x9f1cb461u, 0x6b226229u, 0x728d6e00u, 0x86b3b848u, 0x41d37652u, 0xb5eda01au,
        0xac42ac33u, 0x587c7a7bu, 0x276f46f6u, 0xd35190beu, 0xcafe9c97u, 0x3ec04adfu,
        0xf9a084c5u, 0x0d9e528du, 0x14315ea4u, 0xe00f88ecu, 0xd1c2398du, 0x25fcefc5u,
        0x3c53e3ecu, 0xc86d35a4u, 0x0f0dfbbeu, 0xfb332df6u, 0xe29c21dfu, 0x16a2f797u,
        0x69b1cb1au, 0x9d8f1d52u, 0x8420117bu, 0x701ec733u, 0xb77e0929u, 0x4340df61u,
        0x5aefd348u, 0xaed10500u, 0xa4c9aa52u, 0x50f77c1au, 0x49587033u, 0xbd66a67bu,
        0x7a066861u, 0x8e38be29u, 0x9797b200u, 0x63a96448u, 0x1cba58c5u, 0xe8848e8du,
        0xf12b82a4u, 0x051554ecu, 0xc2759af6u, 0x364b4cbeu, 0x2fe44097u, 0xdbda96dfu,
        0x3bd51e33u, 0xcfebc87bu, 0xd644c452u, 0x227a121au, 0xe51adc00u, 0x11240a48u,
        0x088b0661u, 0xfcb5d029u, 0x83a6eca4u, 0x77983aecu, 0x6e3736c5u, 0x9a09e08du,
        0x5d692e97u, 0xa957f8dfu, 0xb0f8f4f6u, 0x44c622beu, 0x4ede8decu, 0xbae05ba4u,
        0xa34f578du, 0x577181c5u, 0x90114fdfu, 0x642f9997u, 0x7d8095beu, 0x89be43f6u,
        0xf6ad7f7bu, 0x0293a933u, 0x1b3ca51au, 0xef027352u, 0x2862bd48u, 0xdc5c6b00u,
        0xc5f36729u, 0x31cdb161u, 0xa66805ebu, 0x5256d3a3u, 0x4bf9df8au, 0xbfc709c2u,
        0x78a7c7d8u, 0x8c991190u, 0x95361db9u, 0x6108cbf1u, 0x1e1bf77cu, 0xea252134u,
        0xf38a2d1du, 0x07b4fb55u, 0xc0d4354fu, 0x34eae307u, 0x2d45ef2eu, 0xd97b3966u,
        0xd3639634u, 0x275d407cu, 0x3ef24c55u, 0xcacc9a1du, 0x0dac5407u, 0xf992824fu,
        0xe03d8e66u, 0x1403582eu, 0x6b1064a3u, 0x9f2eb2ebu, 0x8681bec2u, 0x72bf688au,
        0xb5dfa690u, 0x41e170d8u, 0x584e7cf1u, 0xac70aab9u, 0x4c7f2255u, 0xb841f41du,
        0xa1eef834u, 0x55d02e7cu, 0x92b0e066u, 0x668e362eu, 0x7f213a07u, 0x8b1fec4fu,
        0xf40cd0c2u, 0x0032068au, 0x199d0aa3u, 0xeda3dcebu, 0x2ac312f1u, 0xdefdc4b9u,
        0xc752c890u, 0x336c1ed8u, 0x3974b18au, 0xcd4a67c2u, 0xd4e56bebu, 0x20dbbda3u,
        0xe7bb73b9u, 0x1385a5f1u, 0x0a2aa9d8u, 0xfe147f90u, 0x8107431du, 0x75399555u,
        0x6c96997cu, 0x98a84f34u, 0x5fc8812eu, 0xabf65766u, 0xb2595b4fu, 0x46678d07u,
        0x77aa3c66u, 0x8394ea2eu, 0x9a3be607u, 0x6e05304fu, 0xa965fe55u, 0x5d5b281du,
        0x44f42434u, 0xb0caf27cu, 0xcfd9cef1u, 0x3be718b9u, 0x22481490u, 0xd676c2d8u,
        0x11160cc2u, 0xe528da8au, 0xfc87d6a3u, 0x08b900ebu, 0x02a1afb9u, 0xf69f79f1u,
        0xef3075d8u, 0x1b0ea390u, 0xdc6e6d8au, 0x2850bbc2u, 0x31ffb7ebu, 0xc5c161a3u,
        0xbad25d2eu, 0x4eec8b66u, 0x5743874fu, 0xa37d5107u, 0x641d9f1du, 0x90234955u,
        0x898c457cu, 0x7db29334u, 0x9dbd1bd8u, 0x6983cd90u, 0x702cc1b9u, 0x841217f1u,
        0x4372d9ebu, 0xb74c0fa3u, 0xaee3038au, 0x5addd5c2u, 0x25cee94fu, 0xd1f03f07u,
        0xc85f332eu, 0x3c61e566u, 0xfb012b7cu, 0x0f3ffd34u, 0x1690f11du, 0xe2ae2755u,
        0xe8b68807u, 0x1c885e4fu, 0x05275266u, 0xf119842eu, 0x36794a34u, 0xc2479c7cu,
        0xdbe89055u, 0x2fd6461du, 0x50c57a90u, 0xa4fbacd8u, 0xbd54a0f1u, 0x496a76b9u,
        0x8e0ab8a3u, 0x7a346eebu, 0x639b62c2u, 0x97a5b48au
    },
    { /* T9 */
        0x00000000u, 0xcb567ba5u, 0x934081bbu, 0x5816fa1eu, 0x236d7587u, 0xe83b0e22u,
        0xb02df43cu, 0x7b7b8f99u, 0x46daeb0eu, 0x8d8c90abu, 0xd59a6ab5u, 0x1ecc1110u,
        0x65b79e89u, 0xaee1e52cu, 0xf6f71f32u, 0x3da16497u, 0x8db5d61cu, 0x46e3adb9u,
        0x1ef557a7u, 0xd5a32c02u, 0xaed8a39bu, 0x658ed83eu, 0x3d982220u, 0xf6ce5985u,
        0xcb6f3d12u, 0x003946b7u, 0x582fbca9u, 0x9379c70cu, 0xe8024895u, 0x23543330u,
        0x7b42c92eu, 0xb014b28bu, 0x1e87dac9u, 0xd5d1a16cu, 0x8dc75b72u, 0x469120d7u,
        0x3deaaf4eu, 0xf6bcd4ebu, 0xaeaa2ef5u, 0x65fc5550u, 0x585d31c7u, 0x930b4a62u,
        0xcb1db07cu, 0x004bcbd9u, 0x7b304440u, 0xb0663fe5u, 0xe870c5fbu, 0x2326be5eu,
        0x93320cd5u, 0x58647770u, 0x00728d6eu, 0xcb24f6cbu, 0xb05f7952u, 0x7b0902f7u,
        0x231ff8e9u, 0xe849834cu, 0xd5e8e7dbu, 0x1ebe9c7eu, 0x46a86660u, 0x8dfe1dc5u,
        0xf685925cu, 0x3dd3e9f9u, 0x65c513e7u, 0xae936842u, 0x3d0fb592u, 0xf659ce37u,
        0xae4f3429u, 0x65194f8cu, 0x1e62c015u, 0xd534bbb0u, 0x8d2241aeu, 0x46743a0bu,
        0x7bd55e9cu, 0xb0832539u, 0xe895df27u, 0x23c3a482u, 0x58b82b1bu, 0x93ee50beu,
        0xcbf8aaa0u, 0x00aed105u, 0xb0ba638eu, 0x7bec182bu, 0x23fae235u, 0xe8ac9990u,
        0x93d71609u, 0x58816dacu, 0x009797b2u, 0xcbc1ec17u, 0xf6608880u, 0x3d36f325u,
        0x6520093bu, 0xae76729eu, 0xd50dfd07u, 0x1e5b86a2u, 0x464d7cbcu, 0x8d1b0719u,
        0x23886f5bu, 0xe8de14feu, 0xb0c8eee0u, 0x7b9e9545u, 0x00e51adcu, 0xcbb36179u,
        0x93a59b67u, 0x58f3e0c2u, 0x65528455u, 0xae04fff0u, 0xf61205eeu, 0x3d447e4bu,
        0x463ff1d2u, 0x8d698a77u, 0xd57f7069u, 0x1e290bccu, 0xae3db947u, 0x656bc2e2u,
        0x3d7d38fcu, 0xf62b4359u, 0x8d50ccc0u, 0x4606b765u, 0x1e104d7bu, 0xd54636deu,
        0xe8e75249u, 0x23b129ecu, 0x7ba7d3f2u, 0xb0f1a857u, 0xcb8a27ceu, 0x00dc5c6bu,
        0x58caa675u, 0x939cddd0u, 0x7a1f6b24u, 0xb1491081u, 0xe95fea9fu, 0x2209913au,
        0x59721ea3u, 0x92246506u, 0xca329f18u, 0x0164e4bdu, 0x3cc5802au, 0xf793fb8fu,
        0xaf850191u, 0x64d37a34u, 0x1fa8f5adu, 0xd4fe8e08u, 0x8ce87416u, 0x47be0fb3u,
        0xf7aabd38u, 0x3cfcc69du, 0x64ea3c83u, 0xafbc4726u, 0xd4c7c8bfu, 0x1f91b31au,
        0x47874904u, 0x8cd132a1u, 0xb1705636u, 0x7a262d93u, 0x2230d78du, 0xe966ac28u,
        0x921d23b1u, 0x594b5814u, 0x015da20au, 0xca0bd9afu, 0x6498b1edu, 0xafceca48u,
        0xf7d83056u, 0x3c8e4bf3u, 0x47f5c46au, 0x8ca3bfcfu, 0xd4b545d1u, 0x1fe33e74u,
        0x22425ae3u, 0xe9142146u, 0xb102db58u, 0x7a54a0fdu, 0x012f2f64u, 0xca7954c1u,
        0x926faedfu, 0x5939d57au, 0xe92d67f1u, 0x227b1c54u, 0x7a6de64au, 0xb13b9defu,
        0xca401276u, 0x011669d3u, 0x590093cdu, 0x9256e868u, 0xaff78cffu, 0x64a1f75au,
        0x3cb70d44u, 0xf7e176e1u, 0x8c9af978u, 0x47cc82ddu, 0x1fda78c3u, 0xd48c0366u,
        0x4710deb6u, 0x8c46a513u, 0xd4505f0du, 0x1f0624a8u, 0x647dab31u, 0xaf2bd094u,
        0xf73d2a8au, 0x3c6b512fu, 0x01ca35b8u, 0xca9c4e1du, 0x928ab403u, 0x59dccfa6u,
        0x22a7403fu, 0xe9f13b9au, 0xb1e7c184u, 0x7ab1ba21u, 0xcaa508aau, 0x01f3730fu,
        0x59e58911u, 0x92b3f2b4u, 0xe9c87d2du, 0x229e0688u, 0x7a88fc96u, 0xb1de8733u,
        0x8c7fe3a4u, 0x47299801u, 0x1f3f621fu, 0xd46919bau, 0xaf129623u, 0x6444ed86u,
        0x3c521798u, 0xf7046c3du, 0x5997047fu, 0x92c17fdau, 0xcad785c4u, 0x0181fe61u,
        0x7afa71f8u, 0xb1ac0a5du, 0xe9baf043u, 0x22ec8be6u, 0x1f4def71u, 0xd41b94d4u,
        0x8c0d6ecau, 0x475b156fu, 0x3c209af6u, 0xf776e153u, 0xaf601b4du, 0x643660e8u,
        0xd422d263u, 0x1f74a9c6u, 0x476253d8u, 0x8c34287du, 0xf74fa7e4u, 0x3c19dc41u,
        0x640f265fu, 0xaf595dfau, 0x92f8396du, 0x59ae42c8u, 0x01b8b8d6u, 0xcaeec373u,
        0xb1954ceau, 0x7ac3374fu, 0x22d5cd51u, 0xe983b6f4u
    },
    { /* T10 */
        0x00000000u, 0x9771f7c1u, 0x2b0f9973u, 0xbc7e6eb2u, 0x561f32e6u, 0xc16ec527u,
        0x7d10ab95u, 0xea615c54u, 0xac3e65ccu, 0x3b4f920du, 0x8731fcbfu, 0x10400b7eu,
        0xfa21572au, 0x6d50a0ebu, 0xd12ece59u, 0x465f3998u, 0x5d90bd69u, 0xcae14aa8u,
        0x769f241au, 0xe1eed3dbu, 0x0b8f8f8fu, 0x9cfe784eu, 0x208016fcu, 0xb7f1e13du,
        0xf1aed8a5u, 0x66df2f64u, 0xdaa141d6u, 0x4dd0b617u, 0xa7b1ea43u, 0x30c01d82u,
        0x8cbe7330u, 0x1bcf84f1u, 0xbb217ad2u, 0x2c508d13u, 0x902ee3a1u, 0x075f1460u,
        0xed3e4834u, 0x7a4fbff5u, 0xc631d147u, 0x51402686u, 0x171f1f1eu, 0x806ee8dfu,
        0x3c10866du, 0xab6171acu, 0x41002df8u, 0xd671da39u, 0x6a0fb48bu, 0xfd7e434au,
        0xe6b1c7bbu, 0x71c0307au, 0xcdbe5ec8u, 0x5acfa909u, 0xb0aef55du, 0x27df029cu,
        0x9ba16c2eu, 0x0cd09befu, 0x4a8fa277u, 0xddfe55b6u, 0x61803b04u, 0xf6f1ccc5u,
        0x1c909091u, 0x8be16750u, 0x379f09e2u, 0xa0eefe23u, 0x73ae8355u, 0xe4df7494u,
        0x58a11a26u, 0xcfd0ede7u, 0x25b1b1b3u, 0xb2c04672u, 0x0ebe28c0u, 0x99cfdf01u,
        0xdf90e699u, 0x48e11158u, 0xf49f7feau, 0x63ee882bu, 0x898fd47fu, 0x1efe23beu,
        0xa2804d0cu, 0x35f1bacdu, 0x2e3e3e3cu, 0xb94fc9fdu, 0x0531a74fu, 0x9240508eu,
        0x78210cdau, 0xef50fb1bu, 0x532e95a9u, 0xc45f6268u, 0x82005bf0u, 0x1571ac31u,
        0xa90fc283u, 0x3e7e3542u, 0xd41f6916u, 0x436e9ed7u, 0xff10f065u, 0x686107a4u,
        0xc88ff987u, 0x5ffe0e46u, 0xe38060f4u, 0x74f19735u, 0x9e90cb61u, 0x09e13ca0u,
        0xb59f5212u, 0x22eea5d3u, 0x64b19c4bu, 0xf3c06b8au, 0x4fbe0538u, 0xd8cff2f9u,
        0x32aeaeadu, 0xa5df596cu, 0x19a137deu, 0x8ed0c01fu, 0x951f44eeu, 0x026eb32fu,
        0xbe10dd9du, 0x29612a5cu, 0xc3007608u, 0x547181c9u, 0xe80fef7bu, 0x7f7e18bau,
        0x39212122u, 0xae50d6e3u, 0x122eb851u, 0x855f4f90u, 0x6f3e13c4u, 0xf84fe405u,
        0x44318ab7u, 0xd3407d76u, 0xe75d06aau, 0x702cf16bu, 0xcc529fd9u, 0x5b236818u,
        0xb142344cu, 0x2633c38du, 0x9a4dad3fu, 0x0d3c5afeu, 0x4b636366u, 0xdc1294a7u,
        0x606cfa15u, 0xf71d0dd4u, 0x1d7c5180u, 0x8a0da641u, 0x3673c8f3u, 0xa1023f32u,
        0xbacdbbc3u, 0x2dbc4c02u, 0x91c222b0u, 0x06b3d571u, 0xecd28925u, 0x7ba37ee4u,
        0xc7dd1056u, 0x50ace797u, 0x16f3de0fu, 0x818229ceu, 0x3dfc477cu, 0xaa8db0bdu,
        0x40ecece9u, 0xd79d1b28u, 0x6be3759au, 0xfc92825bu, 0x5c7c7c78u, 0xcb0d8bb9u,
        0x7773e50bu, 0xe00212cau, 0x0a634e9eu, 0x9d12b95fu, 0x216cd7edu, 0xb61d202cu,
        0xf04219b4u, 0x6733ee75u, 0xdb4d80c7u, 0x4c3c7706u, 0xa65d2b52u, 0x312cdc93u,
        0x8d52b221u, 0x1a2345e0u, 0x01ecc111u, 0x969d36d0u, 0x2ae35862u, 0xbd92afa3u,
        0x57f3f3f7u, 0xc0820436u, 0x7cfc6a84u, 0xeb8d9d45u, 0xadd2a4ddu, 0x3aa3531cu,
        0x86dd3daeu, 0x11acca6fu, 0xfbcd963bu, 0x6cbc61fau, 0xd0c20f48u, 0x47b3f889u,
        0x94f385ffu, 0x0382723eu, 0xbffc1c8cu, 0x288deb4du, 0xc2ecb719u, 0x559d40d8u,
        0xe9e32e6au, 0x7e92d9abu, 0x38cde033u, 0xafbc17f2u, 0x13c27940u, 0x84b38e81u,
        0x6ed2d2d5u, 0xf9a32514u, 0x45dd4ba6u, 0xd2acbc67u, 0xc9633896u, 0x5e12cf57u,
        0xe26ca1e5u, 0x751d5624u, 0x9f7c0a70u, 0x080dfdb1u, 0xb4739303u, 0x230264c2u,
        0x655d5d5au, 0xf22caa9bu, 0x4e52c429u, 0xd92333e8u, 0x33426fbcu, 0xa433987du,
        0x184df6cfu, 0x8f3c010eu, 0x2fd2ff2du, 0xb8a308ecu, 0x04dd665eu, 0x93ac919fu,
        0x79cdcdcbu, 0xeebc3a0au, 0x52c254b8u, 0xc5b3a379u, 0x83ec9ae1u, 0x149d6d20u,
        0xa8e30392u, 0x3f92f453u, 0xd5f3a807u, 0x42825fc6u, 0xfefc3174u, 0x698dc6b5u,
        0x72424244u, 0xe533b585u, 0x594ddb37u, 0xce3c2cf6u, 0x245d70a2u, 0xb32c8763u,
        0x0f52e9d1u, 0x98231e10u, 0xde7c2788u, 0x490dd049u, 0xf573befbu, 0x6202493au,
        0x8863156eu, 0x1f12e2afu, 0xa36c8c1du, 0x341d7bdcu
    },
    { /* T11 */
        0x00000000u, 0x3171d430u, 0x62e3a860u, 0x53927c50u, 0xc5c750c0u, 0xf4b684f0u,
        0xa724f8a0u, 0x96552c90u, 0x8e62d771u, 0xbf130341u, 0xec817f11u, 0xddf0ab21u,
        0x4ba587b1u, 0x7ad45381u, 0x29462fd1u, 0x1837fbe1u, 0x1929d813u, 0x28580c23u,
        0x7bca7073u, 0x4abba443u, 0xdcee88d3u, 0xed9f5ce3u, 0xbe0d20b3u, 0x8f7cf483u,
        0x974b0f62u, 0xa63adb52u, 0xf5a8a702u, 0xc4d97332u, 0x528c5fa2u, 0x63fd8b92u,
        0x306ff7c2u, 0x011e23f2u, 0x3253b026u, 0x03226416u, 0x50b01846u, 0x61c1cc76u,
        0xf794e0e6u, 0xc6e534d6u, 0x95774886u, 0xa4069cb6u, 0xbc316757u, 0x8d40b367u,
        0xded2cf37u, 0xefa31b07u, 0x79f63797u, 0x4887e3a7u, 0x1b159ff7u, 0x2a644bc7u,
        0x2b7a6835u, 0x1a0bbc05u, 0x4999c055u, 0x78e81465u, 0xeebd38f5u, 0xdfccecc5u,
        0x8c5e9095u, 0xbd2f44a5u, 0xa518bf44u, 0x94696b74u, 0xc7fb1724u, 0xf68ac314u,
        0x60dfef84u, 0x51ae3bb4u, 0x023c47e4u, 0x334d93d4u, 0x64a7604cu, 0x55d6b47cu,
        0x0644c82cu, 0x37351c1cu, 0xa160308cu, 0x9011e4bcu, 0xc38398ecu, 0xf2f24cdcu,
        0xeac5b73du, 0xdbb4630du, 0x88261f5du, 0xb957cb6du, 0x2f02e7fdu, 0x1e7333cdu,
        0x4de14f9du, 0x7c909badu, 0x7d8eb85fu, 0x4cff6c6fu, 0x1f6d103fu, 0x2e1cc40fu,
        0xb849e89fu, 0x89383cafu, 0xdaaa40ffu, 0xebdb94cfu, 0xf3ec6f2eu, 0xc29dbb1eu,
        0x910fc74eu, 0xa07e137eu, 0x362b3feeu, 0x075aebdeu, 0x54c8978eu, 0x65b943beu,
        0x56f4d06au, 0x6785045au, 0x3417780au, 0x0566ac3au, 0x933380aau, 0xa242549au,
        0xf1d028cau, 0xc0a1fcfau, 0xd896071bu, 0xe9e7d32bu, 0xba75af7bu, 0x8b047b4bu,
        0x1d5157dbu, 0x2c2083ebu, 0x7fb2ffbbu, 0x4ec32b8bu, 0x4fdd0879u, 0x7eacdc49u,
        0x2d3ea019u, 0x1c4f7429u, 0x8a1a58b9u, 0xbb6b8c89u, 0xe8f9f0d9u, 0xd98824e9u,
        0xc1bfdf08u, 0xf0ce0b38u, 0xa35c7768u, 0x922da358u, 0x04788fc8u, 0x35095bf8u,
        0x669b27a8u, 0x57eaf398u, 0xc94ec098u, 0xf83f14a8u, 0xabad68f8u, 0x9adcbcc8u,
        0x0c899058u, 0x3df84468u, 0x6e6a3838u, 0x5f1bec08u, 0x472c17e9u, 0x765dc3d9u,
        0x25cfbf89u, 0x14be6bb9u, 0x82eb4729u, 0xb39a9319u, 0xe008ef49u, 0xd1793b79u,
        0xd067188bu, 0xe116ccbbu, 0xb284b0ebu, 0x83f564dbu, 0x15a0484bu, 0x24d19c7bu,
        0x7743e02bu, 0x4632341bu, 0x5e05cffau, 0x6f741bcau, 0x3ce6679au, 0x0d97b3aau,
        0x9bc29f3au, 0xaab34b0au, 0xf921375au, 0xc850e36au, 0xfb1d70beu, 0xca6ca48eu,
        0x99fed8deu, 0xa88f0ceeu, 0x3eda207eu, 0x0fabf44eu, 0x5c39881eu, 0x6d485c2eu,
        0x757fa7cfu, 0x440e73ffu, 0x179c0fafu, 0x26eddb9fu, 0xb0b8f70fu, 0x81c9233fu,
        0xd25b5f6fu, 0xe32a8b5fu, 0xe234a8adu, 0xd3457c9du, 0x80d700cdu, 0xb1a6d4fdu,
        0x27f3f86du, 0x16822c5du, 0x4510500du, 0x7461843du, 0x6c567fdcu, 0x5d27abecu,
        0x0eb5d7bcu, 0x3fc4038cu, 0xa9912f1cu, 0x98e0fb2cu, 0xcb72877cu, 0xfa03534cu,
        0xade9a0d4u, 0x9c9874e4u, 0xcf0a08b4u, 0xfe7bdc84u, 0x682ef014u, 0x595f2424u,
        0x0acd5874u, 0x3bbc8c44u, 0x238b77a5u, 0x12faa395u, 0x4168dfc5u, 0x70190bf5u,
        0xe64c2765u, 0xd73df355u, 0x84af8f05u, 0xb5de5b35u, 0xb4c078c7u, 0x85b1acf7u,
        0xd623d0a7u, 0xe7520497u, 0x71072807u, 0x4076fc37u, 0x13e48067u, 0x22955457u,
        0x3aa2afb6u, 0x0bd37b86u, 0x584107d6u, 0x6930d3e6u, 0xff65ff76u, 0xce142b46u,
        0x9d865716u, 0xacf78326u, 0x9fba10f2u, 0xaecbc4c2u, 0xfd59b892u, 0xcc286ca2u,
        0x5a7d4032u, 0x6b0c9402u, 0x389ee852u, 0x09ef3c62u, 0x11d8c783u, 0x20a913b3u,
        0x733b6fe3u, 0x424abbd3u, 0xd41f9743u, 0xe56e4373u, 0xb6fc3f23u, 0x878deb13u,
        0x8693c8e1u, 0xb7e21cd1u, 0xe4706081u, 0xd501b4b1u, 0x43549821u, 0x72254c11u,
        0x21b73041u, 0x10c6e471u, 0x08f11f90u, 0x3980cba0u, 0x6a12b7f0u, 0x5b6363c0u,
        0xcd364f50u, 0xfc479b60u, 0xafd5e730u, 0x9ea43300u
    },
    { /* T12 */
        0x00000000u, 0x30d23865u, 0x61a470cau, 0x517648afu, 0xc348e194u, 0xf39ad9f1u,
        0xa2ec915eu, 0x923ea93bu, 0x837db5d9u, 0xb3af8dbcu, 0xe2d9c513u, 0xd20bfd76u,
        0x4035544du, 0x70e76c28u, 0x21912487u, 0x11431ce2u, 0x03171d43u, 0x33c52526u,
        0x62b36d89u, 0x526155ecu, 0xc05ffcd7u, 0xf08dc4b2u, 0xa1fb8c1du, 0x9129b478u,
        0x806aa89au, 0xb0b890ffu, 0xe1ced850u, 0xd11ce035u, 0x4322490eu, 0x73f0716bu,
        0x228639c4u, 0x125401a1u, 0x062e3a86u, 0x36fc02e3u, 0x678a4a4cu, 0x57587229u,
        0xc566db12u, 0xf5b4e377u, 0xa4c2abd8u, 0x941093bdu, 0x85538f5fu, 0xb581b73au,
        0xe4f7ff95u, 0xd425c7f0u, 0x461b6ecbu, 0x76c956aeu, 0x27bf1e01u, 0x176d2664u,
        0x053927c5u, 0x35eb1fa0u, 0x649d570fu, 0x544f6f6au, 0xc671c651u, 0xf6a3fe34u,
        0xa7d5b69bu, 0x97078efeu, 0x8644921cu, 0xb696aa79u, 0xe7e0e2d6u, 0xd732dab3u,
        0x450c7388u, 0x75de4bedu, 0x24a80342u, 0x147a3b27u, 0x0c5c750cu, 0x3c8e4d69u,
        0x6df805c6u, 0x5d2a3da3u, 0xcf149498u, 0xffc6acfdu, 0xaeb0e452u, 0x9e62dc37u,
        0x8f21c0d5u, 0xbff3f8b0u, 0xee85b01fu, 0xde57887au, 0x4c692141u, 0x7cbb1924u,
        0x2dcd518bu, 0x1d1f69eeu, 0x0f4b684fu, 0x3f99502au, 0x6eef1885u, 0x5e3d20e0u,
        0xcc0389dbu, 0xfcd1b1beu, 0xada7f911u, 0x9d75c174u, 0x8c36dd96u, 0xbce4e5f3u,
        0xed92ad5cu, 0xdd409539u, 0x4f7e3c02u, 0x7fac0467u, 0x2eda4cc8u, 0x1e0874adu,
        0x0a724f8au, 0x3aa077efu, 0x6bd63f40u, 0x5b040725u, 0xc93aae1eu, 0xf9e8967bu,
        0xa89eded4u, 0x984ce6b1u, 0x890ffa53u, 0xb9ddc236u, 0xe8ab8a99u, 0xd879b2fcu,
        0x4a471bc7u, 0x7a9523a2u, 0x2be36b0du, 0x1b315368u, 0x096552c9u, 0x39b76aacu,
        0x68c12203u, 0x58131a66u, 0xca2db35du, 0xfaff8b38u, 0xab89c397u, 0x9b5bfbf2u,
        0x8a18e710u, 0xbacadf75u, 0xebbc97dau, 0xdb6eafbfu, 0x49500684u, 0x79823ee1u,
        0x28f4764eu, 0x18264e2bu, 0x18b8ea18u, 0x286ad27du, 0x791c9ad2u, 0x49cea2b7u,
        0xdbf00b8cu, 0xeb2233e9u, 0xba547b46u, 0x8a864323u, 0x9bc55fc1u, 0xab1767a4u,
        0xfa612f0bu, 0xcab3176eu, 0x588dbe55u, 0x685f8630u, 0x3929ce9fu, 0x09fbf6fau,
        0x1baff75bu, 0x2b7dcf3eu, 0x7a0b8791u, 0x4ad9bff4u, 0xd8e716cfu, 0xe8352eaau,
        0xb9436605u, 0x89915e60u, 0x98d24282u, 0xa8007ae7u, 0xf9763248u, 0xc9a40a2du,
        0x5b9aa316u, 0x6b489b73u, 0x3a3ed3dcu, 0x0aecebb9u, 0x1e96d09eu, 0x2e44e8fbu,
        0x7f32a054u, 0x4fe09831u, 0xddde310au, 0xed0c096fu, 0xbc7a41c0u, 0x8ca879a5u,
        0x9deb6547u, 0xad395d22u, 0xfc4f158du, 0xcc9d2de8u, 0x5ea384d3u, 0x6e71bcb6u,
        0x3f07f419u, 0x0fd5cc7cu, 0x1d81cdddu, 0x2d53f5b8u, 0x7c25bd17u, 0x4cf78572u,
        0xdec92c49u, 0xee1b142cu, 0xbf6d5c83u, 0x8fbf64e6u, 0x9efc7804u, 0xae2e4061u,
        0xff5808ceu, 0xcf8a30abu, 0x5db49990u, 0x6d66a1f5u, 0x3c10e95au, 0x0cc2d13fu,
        0x14e49f14u, 0x2436a771u, 0x7540efdeu, 0x4592d7bbu, 0xd7ac7e80u, 0xe77e46e5u,
        0xb6080e4au, 0x86da362fu, 0x97992acdu, 0xa74b12a8u, 0xf63d5a07u, 0xc6ef6262u,
        0x54d1cb59u, 0x6403f33cu, 0x3575bb93u, 0x05a783f6u, 0x17f38257u, 0x2721ba32u,
        0x7657f29du, 0x4685caf8u, 0xd4bb63c3u, 0xe4695ba6u, 0xb51f1309u, 0x85cd2b6cu,
        0x948e378eu, 0xa45c0febu, 0xf52a4744u, 0xc5f87f21u, 0x57c6d61au, 0x6714ee7fu,
        0x3662a6d0u, 0x06b09eb5u, 0x12caa592u, 0x22189df7u, 0x736ed558u, 0x43bced3du,
        0xd1824406u, 0xe1507c63u, 0xb02634ccu, 0x80f40ca9u, 0x91b7104bu, 0xa165282eu,
        0xf0136081u, 0xc0c158e4u, 0x52fff1dfu, 0x622dc9bau, 0x335b8115u, 0x0389b970u,
        0x11ddb8d1u, 0x210f80b4u, 0x7079c81bu, 0x40abf07eu, 0xd2955945u, 0xe2476120u,
        0xb331298fu, 0x83e311eau, 0x92a00d08u, 0xa272356du, 0xf3047dc2u, 0xc3d645a7u,
        0x51e8ec9cu, 0x613ad4f9u, 0x304c9c56u, 0x009ea433u
    },
    { /* T13 */
        0x00000000u, 0x54075546u, 0xa80eaa8cu, 0xfc09ffcau, 0x55f123e9u, 0x01f676afu,
        0xfdff8965u, 0xa9f8dc23u, 0xabe247d2u, 0xffe51294u, 0x03eced5eu, 0x57ebb818u,
        0xfe13643bu, 0xaa14317du, 0x561dceb7u, 0x021a9bf1u, 0x5228f955u, 0x062fac13u,
        0xfa2653d9u, 0xae21069fu, 0x07d9dabcu, 0x53de8ffau, 0xafd77030u, 0xfbd02576u,
        0xf9cabe87u, 0xadcdebc1u, 0x51c4140bu, 0x05c3414du, 0xac3b9d6eu, 0xf83cc828u,
        0x043537e2u, 0x503262a4u, 0xa451f2aau, 0xf056a7ecu, 0x0c5f5826u, 0x58580d60u,
        0xf1a0d143u, 0xa5a78405u, 0x59ae7bcfu, 0x0da92e89u, 0x0fb3b578u, 0x5bb4e03eu,
        0xa7bd1ff4u, 0xf3ba4ab2u, 0x5a429691u, 0x0e45c3d7u, 0xf24c3c1du, 0xa64b695bu,
        0xf6790bffu, 0xa27e5eb9u, 0x5e77a173u, 0x0a70f435u, 0xa3882816u, 0xf78f7d50u,
        0x0b86829au, 0x5f81d7dcu, 0x5d9b4c2du, 0x099c196bu, 0xf595e6a1u, 0xa192b3e7u,
        0x086a6fc4u, 0x5c6d3a82u, 0xa064c548u, 0xf463900eu, 0x4d4f93a5u, 0x1948c6e3u,
        0xe5413929u, 0xb1466c6fu, 0x18beb04cu, 0x4cb9e50au, 0xb0b01ac0u, 0xe4b74f86u,
        0xe6add477u, 0xb2aa8131u, 0x4ea37efbu, 0x1aa42bbdu, 0xb35cf79eu, 0xe75ba2d8u,
        0x1b525d12u, 0x4f550854u, 0x1f676af0u, 0x4b603fb6u, 0xb769c07cu, 0xe36e953au,
        0x4a964919u, 0x1e911c5fu, 0xe298e395u, 0xb69fb6d3u, 0xb4852d22u, 0xe0827864u,
        0x1c8b87aeu, 0x488cd2e8u, 0xe1740ecbu, 0xb5735b8du, 0x497aa447u, 0x1d7df101u,
        0xe91e610fu, 0xbd193449u, 0x4110cb83u, 0x15179ec5u, 0xbcef42e6u, 0xe8e817a0u,
        0x14e1e86au, 0x40e6bd2cu, 0x42fc26ddu, 0x16fb739bu, 0xeaf28c51u, 0xbef5d917u,
        0x170d0534u, 0x430a5072u, 0xbf03afb8u, 0xeb04fafeu, 0xbb36985au, 0xef31cd1cu,
        0x133832d6u, 0x473f6790u, 0xeec7bbb3u, 0xbac0eef5u, 0x46c9113fu, 0x12ce4479u,
        0x10d4df88u, 0x44d38aceu, 0xb8da7504u, 0xecdd2042u, 0x4525fc61u, 0x1122a927u,
        0xed2b56edu, 0xb92c03abu, 0x9a9f274au, 0xce98720cu, 0x32918dc6u, 0x6696d880u,
        0xcf6e04a3u, 0x9b6951e5u, 0x6760ae2fu, 0x3367fb69u, 0x317d6098u, 0x657a35deu,
        0x9973ca14u, 0xcd749f52u, 0x648c4371u, 0x308b1637u, 0xcc82e9fdu, 0x9885bcbbu,
        0xc8b7de1fu, 0x9cb08b59u, 0x60b97493u, 0x34be21d5u, 0x9d46fdf6u, 0xc941a8b0u,
        0x3548577au, 0x614f023cu, 0x635599cdu, 0x3752cc8bu, 0xcb5b3341u, 0x9f5c6607u,
        0x36a4ba24u, 0x62a3ef62u, 0x9eaa10a8u, 0xcaad45eeu, 0x3eced5e0u, 0x6ac980a6u,
        0x96c07f6cu, 0xc2c72a2au, 0x6b3ff609u, 0x3f38a34fu, 0xc3315c85u, 0x973609c3u,
        0x952c9232u, 0xc12bc774u, 0x3d2238beu, 0x69256df8u, 0xc0ddb1dbu, 0x94dae49du,
        0x68d31b57u, 0x3cd44e11u, 0x6ce62cb5u, 0x38e179f3u, 0xc4e88639u, 0x90efd37fu,
        0x39170f5cu, 0x6d105a1au, 0x9119a5d0u, 0xc51ef096u, 0xc7046b67u, 0x93033e21u,
        0x6f0ac1ebu, 0x3b0d94adu, 0x92f5488eu, 0xc6f21dc8u, 0x3afbe202u, 0x6efcb744u,
        0xd7d0b4efu, 0x83d7e1a9u, 0x7fde1e63u, 0x2bd94b25u, 0x82219706u, 0xd626c240u,
        0x2a2f3d8au, 0x7e2868ccu, 0x7c32f33du, 0x2835a67bu, 0xd43c59b1u, 0x803b0cf7u,
        0x29c3d0d4u, 0x7dc48592u, 0x81cd7a58u, 0xd5ca2f1eu, 0x85f84dbau, 0xd1ff18fcu,
        0x2df6e736u, 0x79f1b270u, 0xd0096e53u, 0x840e3b15u, 0x7807c4dfu, 0x2c009199u,
        0x2e1a0a68u, 0x7a1d5f2eu, 0x8614a0e4u, 0xd213f5a2u, 0x7beb2981u, 0x2fec7cc7u,
        0xd3e5830du, 0x87e2d64bu, 0x73814645u, 0x27861303u, 0xdb8fecc9u, 0x8f88b98fu,
        0x267065acu, 0x727730eau, 0x8e7ecf20u, 0xda799a66u, 0xd8630197u, 0x8c6454d1u,
        0x706dab1bu, 0x246afe5du, 0x8d92227eu, 0xd9957738u, 0x259c88f2u, 0x719bddb4u,
        0x21a9bf10u, 0x75aeea56u, 0x89a7159cu, 0xdda040dau, 0x74589cf9u, 0x205fc9bfu,
        0xdc563675u, 0x88516333u, 0x8a4bf8c2u, 0xde4cad84u, 0x2245524eu, 0x76420708u,
        0xdfbadb2bu, 0x8bbd8e6du, 0x77b471a7u, 0x23b324e1u
    },
    { /* T14 */
        0x00000000u, 0x678efd01u, 0xcf1dfa02u, 0xa8930703u, 0x9bd782f5u, 0xfc597ff4u,
        0x54ca78f7u, 0x334485f6u, 0x3243731bu, 0x55cd8e1au, 0xfd5e8919u, 0x9ad07418u,
        0xa994f1eeu, 0xce1a0cefu, 0x66890becu, 0x0107f6edu, 0x6486e636u, 0x03081b37u,
        0xab9b1c34u, 0xcc15e135u, 0xff5164c3u, 0x98df99c2u, 0x304c9ec1u, 0x57c263c0u,
        0x56c5952du, 0x314b682cu, 0x99d86f2fu, 0xfe56922eu, 0xcd1217d8u, 0xaa9cead9u,
        0x020feddau, 0x658110dbu, 0xc90dcc6cu, 0xae83316du, 0x0610366eu, 0x619ecb6fu,
        0x52da4e99u, 0x3554b398u, 0x9dc7b49bu, 0xfa49499au, 0xfb4ebf77u, 0x9cc04276u,
        0x34534575u, 0x53ddb874u, 0x60993d82u, 0x0717c083u, 0xaf84c780u, 0xc80a3a81u,
        0xad8b2a5au, 0xca05d75bu, 0x6296d058u, 0x05182d59u, 0x365ca8afu, 0x51d255aeu,
        0xf94152adu, 0x9ecfafacu, 0x9fc85941u, 0xf846a440u, 0x50d5a343u, 0x375b5e42u,
        0x041fdbb4u, 0x639126b5u, 0xcb0221b6u, 0xac8cdcb7u, 0x97f7ee29u, 0xf0791328u,
        0x58ea142bu, 0x3f64e92au, 0x0c206cdcu, 0x6bae91ddu, 0xc33d96deu, 0xa4b36bdfu,
        0xa5b49d32u, 0xc23a6033u, 0x6aa96730u, 0x0d279a31u, 0x3e631fc7u, 0x59ede2c6u,
        0xf17ee5c5u, 0x96f018c4u, 0xf371081fu, 0x94fff51eu, 0x3c6cf21du, 0x5be20f1cu,
        0x68a68aeau, 0x0f2877ebu, 0xa7bb70e8u, 0xc0358de9u, 0xc1327b04u, 0xa6bc8605u,
        0x0e2f8106u, 0x69a17c07u, 0x5ae5f9f1u, 0x3d6b04f0u, 0x95f803f3u, 0xf276fef2u,
        0x5efa2245u, 0x3974df44u, 0x91e7d847u, 0xf6692546u, 0xc52da0b0u, 0xa2a35db1u,
        0x0a305ab2u, 0x6dbea7b3u, 0x6cb9515eu, 0x0b37ac5fu, 0xa3a4ab5cu, 0xc42a565du,
        0xf76ed3abu, 0x90e02eaau, 0x387329a9u, 0x5ffdd4a8u, 0x3a7cc473u, 0x5df23972u,
        0xf5613e71u, 0x92efc370u, 0xa1ab4686u, 0xc625bb87u, 0x6eb6bc84u, 0x09384185u,
        0x083fb768u, 0x6fb14a69u, 0xc7224d6au, 0xa0acb06bu, 0x93e8359du, 0xf466c89cu,
        0x5cf5cf9fu, 0x3b7b329eu, 0x2a03aaa3u, 0x4d8d57a2u, 0xe51e50a1u, 0x8290ada0u,
        0xb1d42856u, 0xd65ad557u, 0x7ec9d254u, 0x19472f55u, 0x1840d9b8u, 0x7fce24b9u,
        0xd75d23bau, 0xb0d3debbu, 0x83975b4du, 0xe419a64cu, 0x4c8aa14fu, 0x2b045c4eu,
        0x4e854c95u, 0x290bb194u, 0x8198b697u, 0xe6164b96u, 0xd552ce60u, 0xb2dc3361u,
        0x1a4f3462u, 0x7dc1c963u, 0x7cc63f8eu, 0x1b48c28fu, 0xb3dbc58cu, 0xd455388du,
        0xe711bd7bu, 0x809f407au, 0x280c4779u, 0x4f82ba78u, 0xe30e66cfu, 0x84809bceu,
        0x2c139ccdu, 0x4b9d61ccu, 0x78d9e43au, 0x1f57193bu, 0xb7c41e38u, 0xd04ae339u,
        0xd14d15d4u, 0xb6c3e8d5u, 0x1e50efd6u, 0x79de12d7u, 0x4a9a9721u, 0x2d146a20u,
        0x85876d23u, 0xe2099022u, 0x878880f9u, 0xe0067df8u, 0x48957afbu, 0x2f1b87fau,
        0x1c5f020cu, 0x7bd1ff0du, 0xd342f80eu, 0xb4cc050fu, 0xb5cbf3e2u, 0xd2450ee3u,
        0x7ad609e0u, 0x1d58f4e1u, 0x2e1c7117u, 0x49928c16u, 0xe1018b15u, 0x868f7614u,
        0xbdf4448au, 0xda7ab98bu, 0x72e9be88u, 0x15674389u, 0x2623c67fu, 0x41ad3b7eu,
        0xe93e3c7du, 0x8eb0c17cu, 0x8fb73791u, 0xe839ca90u, 0x40aacd93u, 0x27243092u,
        0x1460b564u, 0x73ee4865u, 0xdb7d4f66u, 0xbcf3b267u, 0xd972a2bcu, 0xbefc5fbdu,
        0x166f58beu, 0x71e1a5bfu, 0x42a52049u, 0x252bdd48u, 0x8db8da4bu, 0xea36274au,
        0xeb31d1a7u, 0x8cbf2ca6u, 0x242c2ba5u, 0x43a2d6a4u, 0x70e65352u, 0x1768ae53u,
        0xbffba950u, 0xd8755451u, 0x74f988e6u, 0x137775e7u, 0xbbe472e4u, 0xdc6a8fe5u,
        0xef2e0a13u, 0x88a0f712u, 0x2033f011u, 0x47bd0d10u, 0x46bafbfdu, 0x213406fcu,
        0x89a701ffu, 0xee29fcfeu, 0xdd6d7908u, 0xbae38409u, 0x1270830au, 0x75fe7e0bu,
        0x107f6ed0u, 0x77f193d1u, 0xdf6294d2u, 0xb8ec69d3u, 0x8ba8ec25u, 0xec261124u,
        0x44b51627u, 0x233beb26u, 0x223c1dcbu, 0x45b2e0cau, 0xed21e7c9u, 0x8aaf1ac8u,
        0xb9eb9f3eu, 0xde65623fu, 0x76f6653cu, 0x1178983du
    },
    { /* T15 */
        0x00000000u, 0xf20c0dfeu, 0xe1f46d0du, 0x13f860f3u, 0xc604acebu, 0x3408a115u,
        0x27f0c1e6u, 0xd5fccc18u, 0x89e52f27u, 0x7be922d9u, 0x6811422au, 0x9a1d4fd4u,
        0x4fe183ccu, 0xbded8e32u, 0xae15eec1u, 0x5c19e33fu, 0x162628bfu, 0xe42a2541u,
        0xf7d245b2u, 0x05de484cu, 0xd0228454u, 0x222e89aau, 0x31d6e959u, 0xc3dae4a7u,
        0x9fc30798u, 0x6dcf0a66u, 0x7e376a95u, 0x8c3b676bu, 0x59c7ab73u, 0xabcba68du,
        0xb833c67eu, 0x4a3fcb80u, 0x2c4c517eu, 0xde405c80u, 0xcdb83c73u, 0x3fb4318du,
        0xea48fd95u, 0x1844f06bu, 0x0bbc9098u, 0xf9b09d66u, 0xa5a97e59u, 0x57a573a7u,
        0x445d1354u, 0xb6511eaau, 0x63add2b2u, 0x91a1df4cu, 0x8259bfbfu, 0x7055b241u,
        0x3a6a79c1u, 0xc866743fu, 0xdb9e14ccu, 0x29921932u, 0xfc6ed52au, 0x0e62d8d4u,
        0x1d9ab827u, 0xef96b5d9u, 0xb38f56e6u, 0x41835b18u, 0x527b3bebu, 0xa0773615u,
        0x758bfa0du, 0x8787f7f3u, 0x947f9700u, 0x66739afeu, 0x5898a2fcu, 0xaa94af02u,
        0xb96ccff1u, 0x4b60c20fu, 0x9e9c0e17u, 0x6c9003e9u, 0x7f68631au, 0x8d646ee4u,
        0xd17d8ddbu, 0x23718025u, 0x3089e0d6u, 0xc285ed28u, 0x17792130u, 0xe5752cceu,
        0xf68d4c3du, 0x048141c3u, 0x4ebe8a43u, 0xbcb287bdu, 0xaf4ae74eu, 0x5d46eab0u,
        0x88ba26a8u, 0x7ab62b56u, 0x694e4ba5u, 0x9b42465bu, 0xc75ba564u, 0x3557a89au,
        0x26afc869u, 0xd4a3c597u, 0x015f098fu, 0xf3530471u, 0xe0ab6482u, 0x12a7697cu,
        0x74d4f382u, 0x86d8fe7cu, 0x95209e8fu, 0x672c9371u, 0xb2d05f69u, 0x40dc5297u,
        0x53243264u, 0xa1283f9au, 0xfd31dca5u, 0x0f3dd15bu, 0x1cc5b1a8u, 0xeec9bc56u,
        0x3b35704eu, 0xc9397db0u, 0xdac11d43u, 0x28cd10bdu, 0x62f2db3du, 0x90fed6c3u,
        0x8306b630u, 0x710abbceu, 0xa4f677d6u, 0x56fa7a28u, 0x45021adbu, 0xb70e1725u,
        0xeb17f41au, 0x191bf9e4u, 0x0ae39917u, 0xf8ef94e9u, 0x2d1358f1u, 0xdf1f550fu,
        0xcce735fcu, 0x3eeb3802u, 0xb13145f8u, 0x433d4806u, 0x50c528f5u, 0xa2c9250bu,
        0x7735e913u, 0x8539e4edu, 0x96c1841eu, 0x64cd89e0u, 0x38d46adfu, 0xcad86721u,
        0xd92007d2u, 0x2b2c0a2cu, 0xfed0c634u, 0x0cdccbcau, 0x1f24ab39u, 0xed28a6c7u,
        0xa7176d47u, 0x551b60b9u, 0x46e3004au, 0xb4ef0db4u, 0x6113c1acu, 0x931fcc52u,
        0x80e7aca1u, 0x72eba15fu, 0x2ef24260u, 0xdcfe4f9eu, 0xcf062f6du, 0x3d0a2293u,
        0xe8f6ee8bu, 0x1afae375u, 0x09028386u, 0xfb0e8e78u, 0x9d7d1486u, 0x6f711978u,
        0x7c89798bu, 0x8e857475u, 0x5b79b86du, 0xa975b593u, 0xba8dd560u, 0x4881d89eu,
        0x14983ba1u, 0xe694365fu, 0xf56c56acu, 0x07605b52u, 0xd29c974au, 0x20909ab4u,
        0x3368fa47u, 0xc164f7b9u, 0x8b5b3c39u, 0x795731c7u, 0x6aaf5134u, 0x98a35ccau,
        0x4d5f90d2u, 0xbf539d2cu, 0xacabfddfu, 0x5ea7f021u, 0x02be131eu, 0xf0b21ee0u,
        0xe34a7e13u, 0x114673edu, 0xc4babff5u, 0x36b6b20bu, 0x254ed2f8u, 0xd742df06u,
        0xe9a9e704u, 0x1ba5eafau, 0x085d8a09u, 0xfa5187f7u, 0x2fad4befu, 0xdda14611u,
        0xce5926e2u, 0x3c552b1cu, 0x604cc823u, 0x9240c5ddu, 0x81b8a52eu, 0x73b4a8d0u,
        0xa64864c8u, 0x54446936u, 0x47bc09c5u, 0xb5b0043bu, 0xff8fcfbbu, 0x0d83c245u,
        0x1e7ba2b6u, 0xec77af48u, 0x398b6350u, 0xcb876eaeu, 0xd87f0e5du, 0x2a7303a3u,
        0x766ae09cu, 0x8466ed62u, 0x979e8d91u, 0x6592806fu, 0xb06e4c77u, 0x42624189u,
        0x519a217au, 0xa3962c84u, 0xc5e5b67au, 0x37e9bb84u, 0x2411db77u, 0xd61dd689u,
        0x03e11a91u, 0xf1ed176fu, 0xe215779cu, 0x10197a62u, 0x4c00995du, 0xbe0c94a3u,
        0xadf4f450u, 0x5ff8f9aeu, 0x8a0435b6u, 0x78083848u, 0x6bf058bbu, 0x99fc5545u,
        0xd3c39ec5u, 0x21cf933bu, 0x3237f3c8u, 0xc03bfe36u, 0x15c7322eu, 0xe7cb3fd0u,
        0xf4335f23u, 0x063f52ddu, 0x5a26b1e2u, 0xa82abc1cu, 0xbbd2dcefu, 0x49ded111u,
        0x9c221d09u, 0x6e2e10f7u, 0x7dd67004u, 0x8fda7dfau
    }
#endif
};
#if !IW_CRC32C_SMALL
/* Little-endian 32-bit load at any alignment, on any host. gcc and clang merge the four octet
 * loads into one load where the target allows unaligned access (x86, Arm v7-M and later, as
 * fast as memcpy there) and keep them apart where it does not (RV32IMAC), where a memcpy of
 * unknown alignment would become a library call per word. */
static uint32_t iw__crc32c_le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
#endif

/* see mpa.h */
IW_DEF uint32_t iw_mpa_crc32c_portable(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    const uint32_t(*t)[256] = iw__crc32c_tab;
    uint32_t c = ~crc;
#if !IW_CRC32C_SMALL
    while (n >= 16) {
        uint32_t w0 = iw__crc32c_le32(b) ^ c, w1 = iw__crc32c_le32(b + 4);
        uint32_t w2 = iw__crc32c_le32(b + 8), w3 = iw__crc32c_le32(b + 12);
        c = t[15][w0 & 0xffu] ^ t[14][(w0 >> 8) & 0xffu] ^ t[13][(w0 >> 16) & 0xffu] ^
            t[12][w0 >> 24] ^ t[11][w1 & 0xffu] ^ t[10][(w1 >> 8) & 0xffu] ^
            t[9][(w1 >> 16) & 0xffu] ^ t[8][w1 >> 24] ^ t[7][w2 & 0xffu] ^ t[6][(w2 >> 8) & 0xffu] ^
            t[5][(w2 >> 16) & 0xffu] ^ t[4][w2 >> 24] ^ t[3][w3 & 0xffu] ^ t[2][(w3 >> 8) & 0xffu] ^
            t[1][(w3 >> 16) & 0xffu] ^ t[0][w3 >> 24];
        b += 16;
        n -= 16;
    }
#endif
    while (n != 0) {
        c = (c >> 8) ^ t[0][(c ^ *b++) & 0xffu];
        n--;
    }
    return ~c;
}

/* ---- combine (zlib's crc32_combine, in GF(2)[x] mod P) ----------------------------------
 * CRC(a||b) = CRC(a) x^(8 len(b)) + CRC(b) mod P; the pre- and post-inversions cancel since
 * both CRCs carry them. x2n[k] = x^(2^k) mod P. P = (x + 1) times a primitive polynomial of
 * degree 31, so x^(2^31) = x mod P: the powers repeat with period 31 (32 for zlib's CRC-32). */
static const uint32_t iw__crc32c_x2n[31] = {
    0x40000000u, 0x20000000u, 0x08000000u, 0x00800000u, 0x00008000u, 0x82f63b78u,
    0x6ea2d55cu, 0x18b8ea18u, 0x510ac59au, 0xb82be955u, 0xb8fdb1e7u, 0x88e56f72u,
    0x74c360a4u, 0xe4172b16u, 0x0d65762au, 0x35d73a62u, 0x28461564u, 0xbf455269u,
    0xe2ea32dcu, 0xfe7740e6u, 0xf946610bu, 0x3c204f8fu, 0x538586e3u, 0x59726915u,
    0x734d5309u, 0xbc1ac763u, 0x7d0722ccu, 0xd289cabeu, 0xe94ca9bcu, 0x05b74f3fu,
    0xa51e1f42u
};
/* a b mod P, both reflected. Constant time: no branch on the data. */
static uint32_t iw__crc32c_mulmod(uint32_t a, uint32_t b)
{
    uint32_t prod = 0;
    int i;
    for (i = 0; i < 32; i++) {
        prod ^= b & (0u - (a >> 31)); /* after i shifts, bit 31 of a is the x^i coefficient */
        a <<= 1;
        b = (b >> 1) ^ (IW__CRC32C_POLY & (0u - (b & 1u))); /* b *= x */
    }
    return prod;
}

/* see mpa.h */
IW_DEF uint32_t iw_mpa_crc32c_combine(uint32_t crc1, uint32_t crc2, size_t len2)
{
    uint32_t xp = 0x80000000u; /* x^0 */
    unsigned k = 3;            /* bit j of len2 stands for x^(8 * 2^j) = x^(2^(j + 3)) */
    while (len2 != 0) {
        if (len2 & 1u) xp = iw__crc32c_mulmod(iw__crc32c_x2n[k], xp);
        len2 >>= 1;
        if (++k == 31) k = 0;
    }
    return iw__crc32c_mulmod(xp, crc1) ^ crc2;
}

#if IW__CRC32C_X86 || IW__CRC32C_ARM
/* ---- three crc32 streams merged by table (sse42, armv8) ---------------------------------
 * A crc32 instruction takes 3 cycles but a new one can start every cycle, so three streams
 * over adjacent blocks of B octets keep the unit busy where one would idle two thirds of the
 * time. r = r0 x^(16 B) + r1 x^(8 B) + r2 mod P; multiplying by a constant is linear in the
 * register, so it is a lookup per nibble (eight 16-entry tables, 512 octets per constant). */
#define IW__CRC32C_LONG 2048u
#define IW__CRC32C_SHORT 256u
/* [0] x^(8 * 2 LONG), [1] x^(8 LONG), [2] x^(8 * 2 SHORT), [3] x^(8 SHORT), times the nibble
 * j of the register: iw__crc32c_shift[i][j][v] = (v << 4 j) x^(...) mod P. */
static const uint32_t iw__crc32c_shift[4][8][16] = {
    {
        {0x00000000u, 0xc2a5b65eu, 0x80a71a4du, 0x4202ac13u,
         0x04a2426bu, 0xc607f435u, 0x84055826u, 0x46a0ee78u,
         0x094484d6u, 0xcbe13288u, 0x89e39e9bu, 0x4b4628c5u,
         0x0de6c6bdu, 0xcf4370e3u, 0x8d41dcf0u, 0x4fe46aaeu},
        {0x00000000u, 0x128909acu, 0x25121358u, 0x379b1af4u,
         0x4a2426b0u, 0x58ad2f1cu, 0x6f3635e8u, 0x7dbf3c44u,
         0x94484d60u, 0x86c144ccu, 0xb15a5e38u, 0xa3d35794u,
         0xde6c6bd0u, 0xcce5627cu, 0xfb7e7888u, 0xe9f77124u},
        {0x00000000u, 0x2d7cec31u, 0x5af9d862u, 0x77853453u,
         0xb5f3b0c4u, 0x988f5cf5u, 0xef0a68a6u, 0xc2768497u,
         0x6e0b1779u, 0x4377fb48u, 0x34f2cf1bu, 0x198e232au,
         0xdbf8a7bdu, 0xf6844b8cu, 0x81017fdfu, 0xac7d93eeu},
        {0x00000000u, 0xdc162ef2u, 0xbdc02b15u, 0x61d605e7u,
         0x7e6c20dbu, 0xa27a0e29u, 0xc3ac0bceu, 0x1fba253cu,
         0xfcd841b6u, 0x20ce6f44u, 0x41186aa3u, 0x9d0e4451u,
         0x82b4616du, 0x5ea24f9fu, 0x3f744a78u, 0xe362648au},
        {0x00000000u, 0xfc5cf59du, 0xfd559dcbu, 0x01096856u,
         0xff474d67u, 0x031bb8fau, 0x0212d0acu, 0xfe4e2531u,
         0xfb62ec3fu, 0x073e19a2u, 0x063771f4u, 0xfa6b8469u,
         0x0425a158u, 0xf87954c5u, 0xf9703c93u, 0x052cc90eu},
        {0x00000000u, 0xf329ae8fu, 0xe3bf2befu, 0x10968560u,
         0xc292212fu, 0x31bb8fa0u, 0x212d0ac0u, 0xd204a44fu,
         0x80c834afu, 0x73e19a20u, 0x63771f40u, 0x905eb1cfu,
         0x425a1580u, 0xb173bb0fu, 0xa1e53e6fu, 0x52cc90e0u},
        {0x00000000u, 0x047c1fafu, 0x08f83f5eu, 0x0c8420f1u,
         0x11f07ebcu, 0x158c6113u, 0x190841e2u, 0x1d745e4du,
         0x23e0fd78u, 0x279ce2d7u, 0x2b18c226u, 0x2f64dd89u,
         0x321083c4u, 0x366c9c6bu, 0x3ae8bc9au, 0x3e94a335u},
        {0x00000000u, 0x47c1faf0u, 0x8f83f5e0u, 0xc8420f10u,
         0x1aeb9d31u, 0x5d2a67c1u, 0x956868d1u, 0xd2a99221u,
         0x35d73a62u, 0x7216c092u, 0xba54cf82u, 0xfd953572u,
         0x2f3ca753u, 0x68fd5da3u, 0xa0bf52b3u, 0xe77ea843u}
    },
    {
        {0x00000000u, 0xf7506984u, 0xeb4ca5f9u, 0x1c1ccc7du,
         0xd3753d03u, 0x24255487u, 0x383998fau, 0xcf69f17eu,
         0xa3060cf7u, 0x54566573u, 0x484aa90eu, 0xbf1ac08au,
         0x707331f4u, 0x87235870u, 0x9b3f940du, 0x6c6ffd89u},
        {0x00000000u, 0x43e06f1fu, 0x87c0de3eu, 0xc420b121u,
         0x0a6dca8du, 0x498da592u, 0x8dad14b3u, 0xce4d7bacu,
         0x14db951au, 0x573bfa05u, 0x931b4b24u, 0xd0fb243bu,
         0x1eb65f97u, 0x5d563088u, 0x997681a9u, 0xda96eeb6u},
        {0x00000000u, 0x29b72a34u, 0x536e5468u, 0x7ad97e5cu,
         0xa6dca8d0u, 0x8f6b82e4u, 0xf5b2fcb8u, 0xdc05d68cu,
         0x48552751u, 0x61e20d65u, 0x1b3b7339u, 0x328c590du,
         0xee898f81u, 0xc73ea5b5u, 0xbde7dbe9u, 0x9450f1ddu},
        {0x00000000u, 0x90aa4ea2u, 0x24b8ebb5u, 0xb412a517u,
         0x4971d76au, 0xd9db99c8u, 0x6dc93cdfu, 0xfd63727du,
         0x92e3aed4u, 0x0249e076u, 0xb65b4561u, 0x26f10bc3u,
         0xdb9279beu, 0x4b38371cu, 0xff2a920bu, 0x6f80dca9u},
        {0x00000000u, 0x202b2b59u, 0x405656b2u, 0x607d7debu,
         0x80acad64u, 0xa087863du, 0xc0fafbd6u, 0xe0d1d08fu,
         0x04b52c39u, 0x249e0760u, 0x44e37a8bu, 0x64c851d2u,
         0x8419815du, 0xa432aa04u, 0xc44fd7efu, 0xe464fcb6u},
        {0x00000000u, 0x096a5872u, 0x12d4b0e4u, 0x1bbee896u,
         0x25a961c8u, 0x2cc339bau, 0x377dd12cu, 0x3e17895eu,
         0x4b52c390u, 0x42389be2u, 0x59867374u, 0x50ec2b06u,
         0x6efba258u, 0x6791fa2au, 0x7c2f12bcu, 0x75454aceu},
        {0x00000000u, 0x96a58720u, 0x28a778b1u, 0xbe02ff91u,
         0x514ef162u, 0xc7eb7642u, 0x79e989d3u, 0xef4c0ef3u,
         0xa29de2c4u, 0x343865e4u, 0x8a3a9a75u, 0x1c9f1d55u,
         0xf3d313a6u, 0x65769486u, 0xdb746b17u, 0x4dd1ec37u},
        {0x00000000u, 0x40d7b379u, 0x81af66f2u, 0xc178d58bu,
         0x06b2bb15u, 0x4665086cu, 0x871ddde7u, 0xc7ca6e9eu,
         0x0d65762au, 0x4db2c553u, 0x8cca10d8u, 0xcc1da3a1u,
         0x0bd7cd3fu, 0x4b007e46u, 0x8a78abcdu, 0xcaaf18b4u}
    },
    {
        {0x00000000u, 0xbd6f81f8u, 0x7f337501u, 0xc25cf4f9u,
         0xfe66ea02u, 0x43096bfau, 0x81559f03u, 0x3c3a1efbu,
         0xf921a2f5u, 0x444e230du, 0x8612d7f4u, 0x3b7d560cu,
         0x074748f7u, 0xba28c90fu, 0x78743df6u, 0xc51bbc0eu},
        {0x00000000u, 0xf7af331bu, 0xeab210c7u, 0x1d1d23dcu,
         0xd088577fu, 0x27276464u, 0x3a3a47b8u, 0xcd9574a3u,
         0xa4fcd80fu, 0x5353eb14u, 0x4e4ec8c8u, 0xb9e1fbd3u,
         0x74748f70u, 0x83dbbc6bu, 0x9ec69fb7u, 0x6969acacu},
        {0x00000000u, 0x4c15c6efu, 0x982b8ddeu, 0xd43e4b31u,
         0x35bb6d4du, 0x79aeaba2u, 0xad90e093u, 0xe185267cu,
         0x6b76da9au, 0x27631c75u, 0xf35d5744u, 0xbf4891abu,
         0x5ecdb7d7u, 0x12d87138u, 0xc6e63a09u, 0x8af3fce6u},
        {0x00000000u, 0xd6edb534u, 0xa8371c99u, 0x7edaa9adu,
         0x55824fc3u, 0x836ffaf7u, 0xfdb5535au, 0x2b58e66eu,
         0xab049f86u, 0x7de92ab2u, 0x0333831fu, 0xd5de362bu,
         0xfe86d045u, 0x286b6571u, 0x56b1ccdcu, 0x805c79e8u},
        {0x00000000u, 0x53e549fdu, 0xa7ca93fau, 0xf42fda07u,
         0x4a795105u, 0x199c18f8u, 0xedb3c2ffu, 0xbe568b02u,
         0x94f2a20au, 0xc717ebf7u, 0x333831f0u, 0x60dd780du,
         0xde8bf30fu, 0x8d6ebaf2u, 0x794160f5u, 0x2aa42908u},
        {0x00000000u, 0x2c0932e5u, 0x581265cau, 0x741b572fu,
         0xb024cb94u, 0x9c2df971u, 0xe836ae5eu, 0xc43f9cbbu,
         0x65a5e1d9u, 0x49acd33cu, 0x3db78413u, 0x11beb6f6u,
         0xd5812a4du, 0xf98818a8u, 0x8d934f87u, 0xa19a7d62u},
        {0x00000000u, 0xcb4bc3b2u, 0x937bf195u, 0x58303227u,
         0x231b95dbu, 0xe8505669u, 0xb060644eu, 0x7b2ba7fcu,
         0x46372bb6u, 0x8d7ce804u, 0xd54cda23u, 0x1e071991u,
         0x652cbe6du, 0xae677ddfu, 0xf6574ff8u, 0x3d1c8c4au},
        {0x00000000u, 0x8c6e576cu, 0x1d30d829u, 0x915e8f45u,
         0x3a61b052u, 0xb60fe73eu, 0x2751687bu, 0xab3f3f17u,
         0x74c360a4u, 0xf8ad37c8u, 0x69f3b88du, 0xe59defe1u,
         0x4ea2d0f6u, 0xc2cc879au, 0x539208dfu, 0xdffc5fb3u}
    },
    {
        {0x00000000u, 0xdcb17aa4u, 0xbc8e83b9u, 0x603ff91du,
         0x7cf17183u, 0xa0400b27u, 0xc07ff23au, 0x1cce889eu,
         0xf9e2e306u, 0x255399a2u, 0x456c60bfu, 0x99dd1a1bu,
         0x85139285u, 0x59a2e821u, 0x399d113cu, 0xe52c6b98u},
        {0x00000000u, 0xf629b0fdu, 0xe9bf170bu, 0x1f96a7f6u,
         0xd69258e7u, 0x20bbe81au, 0x3f2d4fecu, 0xc904ff11u,
         0xa8c8c73fu, 0x5ee177c2u, 0x4177d034u, 0xb75e60c9u,
         0x7e5a9fd8u, 0x88732f25u, 0x97e588d3u, 0x61cc382eu},
        {0x00000000u, 0x547df88fu, 0xa8fbf11eu, 0xfc860991u,
         0x541b94cdu, 0x00666c42u, 0xfce065d3u, 0xa89d9d5cu,
         0xa837299au, 0xfc4ad115u, 0x00ccd884u, 0x54b1200bu,
         0xfc2cbd57u, 0xa85145d8u, 0x54d74c49u, 0x00aab4c6u},
        {0x00000000u, 0x558225c5u, 0xab044b8au, 0xfe866e4fu,
         0x53e4e1e5u, 0x0666c420u, 0xf8e0aa6fu, 0xad628faau,
         0xa7c9c3cau, 0xf24be60fu, 0x0ccd8840u, 0x594fad85u,
         0xf42d222fu, 0xa1af07eau, 0x5f2969a5u, 0x0aab4c60u},
        {0x00000000u, 0x4a7ff165u, 0x94ffe2cau, 0xde8013afu,
         0x2c13b365u, 0x666c4200u, 0xb8ec51afu, 0xf293a0cau,
         0x582766cau, 0x125897afu, 0xccd88400u, 0x86a77565u,
         0x7434d5afu, 0x3e4b24cau, 0xe0cb3765u, 0xaab4c600u},
        {0x00000000u, 0xb04ecd94u, 0x6571edd9u, 0xd53f204du,
         0xcae3dbb2u, 0x7aad1626u, 0xaf92366bu, 0x1fdcfbffu,
         0x902bc195u, 0x20650c01u, 0xf55a2c4cu, 0x4514e1d8u,
         0x5ac81a27u, 0xea86d7b3u, 0x3fb9f7feu, 0x8ff73a6au},
        {0x00000000u, 0x25bbf5dbu, 0x4b77ebb6u, 0x6ecc1e6du,
         0x96efd76cu, 0xb35422b7u, 0xdd983cdau, 0xf823c901u,
         0x2833d829u, 0x0d882df2u, 0x6344339fu, 0x46ffc644u,
         0xbedc0f45u, 0x9b67fa9eu, 0xf5abe4f3u, 0xd0101128u},
        {0x00000000u, 0x5067b052u, 0xa0cf60a4u, 0xf0a8d0f6u,
         0x4472b7b9u, 0x141507ebu, 0xe4bdd71du, 0xb4da674fu,
         0x88e56f72u, 0xd882df20u, 0x282a0fd6u, 0x784dbf84u,
         0xcc97d8cbu, 0x9cf06899u, 0x6c58b86fu, 0x3c3f083du}
    }
};
static uint32_t iw__crc32c_shift_by(const uint32_t t[8][16], uint32_t c)
{
    return t[0][c & 15u] ^ t[1][(c >> 4) & 15u] ^ t[2][(c >> 8) & 15u] ^ t[3][(c >> 12) & 15u] ^
           t[4][(c >> 16) & 15u] ^ t[5][(c >> 20) & 15u] ^ t[6][(c >> 24) & 15u] ^ t[7][c >> 28];
}
#endif

#if IW__CRC32C_X86
/* ---- x86-64 -----------------------------------------------------------------------------
 * Every function below carries a target attribute, so the library builds without -msse4.2
 * and the like. They run only when cpuid said so (select, impls) or the build's own flags
 * promise the instructions (iw_mpa_crc32c). */
#include <immintrin.h>
#define IW__CRC32C_T_SSE42 __attribute__((target("sse4.2")))
#define IW__CRC32C_T_PCLMUL __attribute__((target("sse4.2,pclmul")))
#define IW__CRC32C_T_VPCLMUL __attribute__((target("sse4.2,pclmul,avx512f,avx512vl,vpclmulqdq")))
#define IW__CRC32C_INLINE __inline__ __attribute__((always_inline))
#define IW__CRC32C_NOINLINE __attribute__((noinline)) /* keeps the short-input entries small */

/* Fold constants. Moving a 128-bit block D octets further down the message multiplies its
 * lane 0 (the first 8 octets, higher degree) by x^(8D + 64) and lane 1 by x^(8D). pclmul of two
 * reflected operands yields their product times x, and a constant in the low 32 bits of a lane
 * is another x^32, so the constants are x^(8D + 64 - 33) (_HI) and x^(8D - 33) (_LO) mod P. */
#define IW__CRC32C_K16_HI 0xf20c0dfeu
#define IW__CRC32C_K16_LO 0x493c7d27u
#define IW__CRC32C_K32_HI 0x3da6d0cbu
#define IW__CRC32C_K32_LO 0xba4fc28eu
#define IW__CRC32C_K48_HI 0x1c291d04u
#define IW__CRC32C_K48_LO 0xddc0152bu
#define IW__CRC32C_K64_HI 0x740eef02u
#define IW__CRC32C_K64_LO 0x9e4addf8u
#define IW__CRC32C_K128_HI 0x6992cea2u
#define IW__CRC32C_K128_LO 0x0d3b6092u
#define IW__CRC32C_K192_HI 0xa87ab8a8u
#define IW__CRC32C_K192_LO 0xab7aff2au
#define IW__CRC32C_K256_HI 0xdcb17aa4u
#define IW__CRC32C_K256_LO 0xb9e02b86u

static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint64_t iw__crc32c_ld64(const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
    return v;
}

/* Register over n octets with the crc32 instruction, 8 octets each (x86 is little-endian, so
 * a 64-bit load hands it the octets in memory order). Unrolled: a 64-octet FPDU takes two
 * loop turns. One chain of 3-cycle instructions, but back-to-back calls overlap. */
static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint32_t iw__crc32c_sse42_run(uint32_t c, const uint8_t *b,
                                                                         size_t n)
{
    uint64_t c64 = c;
    while (n >= 32) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 8));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 16));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 24));
        b += 32;
        n -= 32;
    }
    if (n & 16u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b + 8));
        b += 16;
    }
    if (n & 8u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_ld64(b));
        b += 8;
    }
    c = (uint32_t)c64;
    if (n & 4u) {
        uint32_t v;
        IW_MEMCPY(&v, b, 4);
        c = _mm_crc32_u32(c, v);
        b += 4;
    }
    if (n & 2u) {
        uint16_t v;
        IW_MEMCPY(&v, b, 2);
        c = _mm_crc32_u16(c, v);
        b += 2;
    }
    if (n & 1u) c = _mm_crc32_u8(c, *b);
    return c;
}

/* Three streams of bl octets each (bl a multiple of 8), merged with the shift tables. */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_sse42_3way(uint32_t c, const uint8_t *b, size_t bl,
                                                         const uint32_t t2[8][16],
                                                         const uint32_t t1[8][16])
{
    uint64_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = _mm_crc32_u64(c0, iw__crc32c_ld64(b));
        c1 = _mm_crc32_u64(c1, iw__crc32c_ld64(b + bl));
        c2 = _mm_crc32_u64(c2, iw__crc32c_ld64(b + 2 * bl));
        b += 8;
    }
    return iw__crc32c_shift_by(t2, (uint32_t)c0) ^ iw__crc32c_shift_by(t1, (uint32_t)c1) ^
           (uint32_t)c2;
}

/* "sse42": the crc32 instruction alone (any x86-64 with SSE4.2). */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_sse42(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_sse42_3way(c, b, IW__CRC32C_LONG, iw__crc32c_shift[0], iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_sse42_3way(c, b, IW__CRC32C_SHORT, iw__crc32c_shift[2], iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_sse42_run(c, b, n);
}

/* ---- carry-less multiply ----------------------------------------------------------------
 * pclmul of two reflected 32-bit values (in the low halves) gives a 64-bit lane whose
 * polynomial is a b x; crc32 of that lane from register 0 reduces it mod P and multiplies by
 * x^32. So crc32(0, clmul(a, b)) = a b x^33 mod P, and with b = x^(e - 33) it moves a by x^e. */
static IW__CRC32C_T_PCLMUL uint64_t iw__crc32c_clmul32(uint32_t a, uint32_t b)
{
    return (uint64_t)_mm_cvtsi128_si64(
        _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0x00));
}

static IW__CRC32C_T_PCLMUL uint32_t iw__crc32c_mul33(uint32_t a, uint32_t b)
{
    return (uint32_t)_mm_crc32_u64(0, iw__crc32c_clmul32(a, b));
}

static IW__CRC32C_T_PCLMUL __m128i iw__crc32c_fold16(__m128i x, __m128i k)
{
    return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11));
}

/* A 128-bit remainder that ends the message so far, as a register: its 16 octets fed to
 * crc32 from 0 give exactly value x^32 mod P. */
static IW__CRC32C_T_PCLMUL uint32_t iw__crc32c_reduce128(__m128i x)
{
    uint64_t c = _mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(x));
    return (uint32_t)_mm_crc32_u64(c, (uint64_t)_mm_extract_epi64(x, 1));
}

#define IW__CRC32C_LDX(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

/* ---- hybrid: folding side by side with crc32 streams ------------------------------------
 * Folding runs on the vector unit and crc32 on an integer unit, so both at once beat either.
 * A chunk is laid out [vector region][stream 0]..[stream ns-1], ns = 3 or 6 streams of sl
 * octets each. Each step folds one vector block while every stream takes q words; the
 * registers merge at the end of the chunk:
 *   r = c X^ns + r_0 X^(ns-1) + ... + r_(ns-1)  with X = x^(8 sl),
 * each product crc32(0, clmul(r_i, k_j)), k_j = x^(8 j sl - 33). A stream is at most
 * 8 IW__CRC32C_WMAX octets, so long input takes several chunks (a few KiB to 27 KiB).
 * iw__crc32c_xw[w - 1] = x^(64 w - 33) mod P is k_1 for sl = 8 w. */
#define IW__CRC32C_WMAX 256
static const uint32_t iw__crc32c_xw[IW__CRC32C_WMAX] = {
    0x00000001u, 0x493c7d27u, 0xf20c0dfeu, 0xba4fc28eu, 0x3da6d0cbu, 0xddc0152bu,
    0x1c291d04u, 0x9e4addf8u, 0x740eef02u, 0x39d3b296u, 0x083a6eecu, 0x0715ce53u,
    0xc49f4f67u, 0x47db8317u, 0x2ad91c30u, 0x0d3b6092u, 0x6992cea2u, 0xc96cfdc0u,
    0x7e908048u, 0x878a92a7u, 0x1b3d8f29u, 0xdaece73eu, 0xf1d0f55eu, 0xab7aff2au,
    0xa87ab8a8u, 0x2162d385u, 0x8462d800u, 0x83348832u, 0x71d111a8u, 0x299847d5u,
    0xffd852c6u, 0xb9e02b86u, 0xdcb17aa4u, 0x18b33a4eu, 0xf37c5aeeu, 0xb6dd949bu,
    0x6051d5a2u, 0x78d9ccb7u, 0x18b0d4ffu, 0xbac2fd7bu, 0x21f3d99cu, 0xa60ce07bu,
    0x8f158014u, 0xce7f39f4u, 0xa00457f7u, 0x61d82e56u, 0x8d6d2c43u, 0xd270f1a2u,
    0x00ac29cfu, 0xc619809du, 0xe9adf796u, 0x2b3cac5du, 0x96638b34u, 0x65863b64u,
    0xe0e9f351u, 0x1b03397fu, 0x9af01f2du, 0xebb883bdu, 0x2cff42cfu, 0xb3e32c28u,
    0x88f25a3au, 0x064f7f26u, 0x4e36f0b0u, 0xdd7e3b0cu, 0xbd6f81f8u, 0xf285651cu,
    0x91c9bd4bu, 0x10746f3cu, 0x885f087bu, 0xc7a68855u, 0x4c144932u, 0x271d9844u,
    0x52148f02u, 0x8e766a0cu, 0xa3c6f37au, 0x93a5f730u, 0xd7c0557fu, 0x6cb08e5cu,
    0x63ded06au, 0x6b749fb2u, 0x4d56973cu, 0x1393e203u, 0x9669c9dfu, 0xcec3662eu,
    0xe417f38au, 0x96c515bbu, 0x4b9e0f71u, 0xe6fc4e6au, 0xd104b8fcu, 0x8227bb8au,
    0x5b397730u, 0xb0cd4768u, 0xe78eb416u, 0x39c7ff35u, 0x61ff0e01u, 0xd7a4825cu,
    0x8d96551cu, 0x0ab3844bu, 0x0bf80dd2u, 0x0167d312u, 0x8821abedu, 0xf6076544u,
    0x6a45d2b2u, 0x26f6a60au, 0xd8d26619u, 0xa741c1bfu, 0xde87806cu, 0x98d8d9cbu,
    0x14338754u, 0x49c3cc9cu, 0x5bd2011fu, 0x68bce87au, 0xdd07448eu, 0x57a3d037u,
    0xdde8f5b9u, 0x6956fc3bu, 0xa3e3e02cu, 0x42d98888u, 0xd73c7beau, 0x3771e98fu,
    0x80ff0093u, 0xb42ae3d9u, 0x8fe4c34du, 0x2178513au, 0xdf99fc11u, 0xe0ac139eu,
    0x6c23e841u, 0x170076fau, 0xfe314258u, 0x444dd413u, 0x0d8373a0u, 0x6f345e45u,
    0x19e3635eu, 0x41d17b64u, 0x29f268b4u, 0xff0dba97u, 0x1dc0632au, 0xa2b73df1u,
    0x1614f396u, 0xf872e54cu, 0x9e2993d3u, 0x1e41e9fcu, 0x6bebd73cu, 0x86d8e4d2u,
    0x63ae91e6u, 0x651bd98bu, 0xf8c9da7au, 0x5bb8f1bcu, 0x945a19c1u, 0xa90fd27au,
    0xee8213b7u, 0xb3af077au, 0x93781dc7u, 0x4984d782u, 0xccc4a1b9u, 0xca6ef3acu,
    0xa2c2d971u, 0x234e0b26u, 0x1cad4452u, 0xdd66cbbbu, 0x74922601u, 0x4597456au,
    0xc55f7eabu, 0xe9e28eb4u, 0xa1962329u, 0x7b3ff57au, 0x2d370749u, 0xc9c8b782u,
    0x397d84a1u, 0x3f70cc6fu, 0x79113270u, 0x93e106a4u, 0xbc817803u, 0x62ec6c6du,
    0x88eb3c07u, 0xd813b325u, 0x6e4cb630u, 0x0df04680u, 0x71971d5cu, 0x2342001eu,
    0xf33b8bc6u, 0x0a2a8d7eu, 0x9fb3bbc0u, 0x6d9a4957u, 0x6ef22b23u, 0xe8b6368bu,
    0xce2df768u, 0xd2c3ed1au, 0xe53a4fc7u, 0x995a5724u, 0xbe60a91au, 0x9ef68d35u,
    0x1dfa0a15u, 0x0c139b31u, 0x8ec52396u, 0xf2271e60u, 0x0e766b11u, 0x0b0bf8cau,
    0x475846a4u, 0x2664fd8bu, 0xb2a3dfa6u, 0xed64812du, 0xdc1a160cu, 0x02ee03b2u,
    0x79afdf1cu, 0x8604ae0fu, 0x07ac6e46u, 0x363bd6b3u, 0x15f85253u, 0x135c83fdu,
    0x1bec24ddu, 0x5fabe670u, 0x4c36cd5bu, 0x35ec3279u, 0xe0a22e29u, 0x00bcf5f6u,
    0x7c2b6ed9u, 0x8ae00689u, 0x06ff88fdu, 0x17f27698u, 0xf7317cf0u, 0x58ca5f00u,
    0x61b6e40bu, 0xaa7c7ad5u, 0xde8a97f8u, 0xb5cfca28u, 0x88f61445u, 0xded288f8u,
    0xd4520e9eu, 0x59f229bcu, 0x0c592bd5u, 0x6d390decu, 0x38edfaf3u, 0x37170390u,
    0x72cbfcdbu, 0x6353c1ccu, 0x348331a5u, 0xc4584f5cu, 0xc3977c19u, 0xf48642e9u,
    0xdafaea7cu, 0x531377e2u, 0x73db4c04u, 0xdd35bc8du, 0x72675ce8u, 0xb25b29f2u,
    0x3ec2ff83u, 0x9a5ede41u, 0xe8c7a017u, 0xa563905du, 0xcf4bfaefu, 0x45cddf4eu,
    0x6bde1ac7u, 0xacfa3103u, 0xae1175c2u, 0xa51b6135u
};
/* k[j - 1] = k_j for j = 1..ns and sl = 8 w: the table gives k_1, and since mul33 adds the
 * exponents and 33, products give the others. Done before the loop, off its critical path. */
static IW__CRC32C_T_PCLMUL IW__CRC32C_INLINE void iw__crc32c_hybk(uint32_t k[6], size_t w, const int ns)
{
    k[0] = iw__crc32c_xw[w - 1];
    k[1] = iw__crc32c_mul33(k[0], k[0]);
    k[2] = iw__crc32c_mul33(k[0], k[1]);
    if (ns > 3) {
        k[3] = iw__crc32c_mul33(k[1], k[1]);
        k[4] = iw__crc32c_mul33(k[1], k[2]);
        k[5] = iw__crc32c_mul33(k[2], k[2]);
    }
}

/* c (the vector region's register) followed by the ns stream registers. */
static IW__CRC32C_T_PCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_merge(uint32_t c, const uint32_t k[6],
                                                                      const int ns, uint64_t r0,
                                                                      uint64_t r1, uint64_t r2,
                                                                      uint64_t r3, uint64_t r4,
                                                                      uint64_t r5)
{
    uint64_t v;
    if (ns == 3) {
        v = iw__crc32c_clmul32(c, k[2]) ^ iw__crc32c_clmul32((uint32_t)r0, k[1]) ^
            iw__crc32c_clmul32((uint32_t)r1, k[0]);
        return (uint32_t)_mm_crc32_u64(0, v) ^ (uint32_t)r2;
    }
    v = iw__crc32c_clmul32(c, k[5]) ^ iw__crc32c_clmul32((uint32_t)r0, k[4]) ^
        iw__crc32c_clmul32((uint32_t)r1, k[3]) ^ iw__crc32c_clmul32((uint32_t)r2, k[2]) ^
        iw__crc32c_clmul32((uint32_t)r3, k[1]) ^ iw__crc32c_clmul32((uint32_t)r4, k[0]);
    return (uint32_t)_mm_crc32_u64(0, v) ^ (uint32_t)r5;
}

/* One word of every stream at offset off (uses the caller's r0..r5, s = stream 0, s3 =
 * stream 3 and sl). Two base pointers keep each address base + {0, 1, 2} sl + off. */
#define IW__CRC32C_WORD(ns, off)                                                    \
    do {                                                                            \
        r0 = _mm_crc32_u64(r0, iw__crc32c_ld64(s + (off)));                         \
        r1 = _mm_crc32_u64(r1, iw__crc32c_ld64(s + sl + (off)));                    \
        r2 = _mm_crc32_u64(r2, iw__crc32c_ld64(s + 2 * sl + (off)));                \
        if ((ns) > 3) {                                                             \
            r3 = _mm_crc32_u64(r3, iw__crc32c_ld64(s3 + (off)));                    \
            r4 = _mm_crc32_u64(r4, iw__crc32c_ld64(s3 + sl + (off)));               \
            r5 = _mm_crc32_u64(r5, iw__crc32c_ld64(s3 + 2 * sl + (off)));           \
        }                                                                           \
    } while (0)
/* One step: q words of every stream (ns and q are constants once inlined, 3 <= q <= 5). */
#define IW__CRC32C_STEP(ns, q)                  \
    do {                                        \
        IW__CRC32C_WORD(ns, 0);                 \
        IW__CRC32C_WORD(ns, 8);                 \
        IW__CRC32C_WORD(ns, 16);                \
        if ((q) >= 4) IW__CRC32C_WORD(ns, 24);  \
        if ((q) >= 5) IW__CRC32C_WORD(ns, 32);  \
        s += 8 * (q);                           \
        s3 += 8 * (q);                          \
    } while (0)

/* "pclmul": 128-bit folding, four accumulators (64 octets per step), n >= 64; from
 * IW__CRC32C_XHYB_MIN on with 3 streams of IW__CRC32C_XQ words per step. */
#define IW__CRC32C_XMIN 128u /* below: crc32 instruction only */
#define IW__CRC32C_XQ 4
#define IW__CRC32C_XUNIT (64u + 24u * IW__CRC32C_XQ)
#define IW__CRC32C_XHYB_MIN 512u /* >= 64 + XUNIT */
static IW__CRC32C_T_PCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_pclmul_big(uint32_t c,
                                                                             const uint8_t *b,
                                                                             size_t n)
{
    const __m128i k64 = _mm_set_epi64x(IW__CRC32C_K64_LO, IW__CRC32C_K64_HI);
    const __m128i k16 = _mm_set_epi64x(IW__CRC32C_K16_LO, IW__CRC32C_K16_HI);
    for (;;) {
        const uint8_t *s, *s3; /* s3 and r3..r5 are unused with three streams */
        size_t m = 0, sl = 0, len = n;
        uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
        uint32_t k[6] = {0, 0, 0, 0, 0, 0};
        __m128i x0, x1, x2, x3;
        if (n >= IW__CRC32C_XHYB_MIN) {
            m = (n - 64) / IW__CRC32C_XUNIT;
            if (m > IW__CRC32C_WMAX / IW__CRC32C_XQ) { /* a whole chunk first, the rest after */
                m = IW__CRC32C_WMAX / IW__CRC32C_XQ;
                len = 64 + m * IW__CRC32C_XUNIT;
            }
            sl = m * 8 * IW__CRC32C_XQ;
            iw__crc32c_hybk(k, sl / 8, 3);
        }
        n -= len;
        len -= 3 * sl; /* the vector region */
        s = s3 = b + len;
        x0 = _mm_xor_si128(IW__CRC32C_LDX(b), _mm_cvtsi32_si128((int)c)); /* c enters as data */
        x1 = IW__CRC32C_LDX(b + 16);
        x2 = IW__CRC32C_LDX(b + 32);
        x3 = IW__CRC32C_LDX(b + 48);
        b += 64;
        len -= 64;
        for (; m != 0; m--) {
            x0 = _mm_xor_si128(iw__crc32c_fold16(x0, k64), IW__CRC32C_LDX(b));
            x1 = _mm_xor_si128(iw__crc32c_fold16(x1, k64), IW__CRC32C_LDX(b + 16));
            x2 = _mm_xor_si128(iw__crc32c_fold16(x2, k64), IW__CRC32C_LDX(b + 32));
            x3 = _mm_xor_si128(iw__crc32c_fold16(x3, k64), IW__CRC32C_LDX(b + 48));
            IW__CRC32C_STEP(3, IW__CRC32C_XQ);
            b += 64;
            len -= 64;
        }
        while (len >= 64) {
            x0 = _mm_xor_si128(iw__crc32c_fold16(x0, k64), IW__CRC32C_LDX(b));
            x1 = _mm_xor_si128(iw__crc32c_fold16(x1, k64), IW__CRC32C_LDX(b + 16));
            x2 = _mm_xor_si128(iw__crc32c_fold16(x2, k64), IW__CRC32C_LDX(b + 32));
            x3 = _mm_xor_si128(iw__crc32c_fold16(x3, k64), IW__CRC32C_LDX(b + 48));
            b += 64;
            len -= 64;
        }
        /* 4 -> 1: x0, x1, x2 move 48, 32, 16 octets on */
        x3 = _mm_xor_si128(x3, iw__crc32c_fold16(x2, k16));
        x3 = _mm_xor_si128(x3, iw__crc32c_fold16(x1, _mm_set_epi64x(IW__CRC32C_K32_LO,
                                                                    IW__CRC32C_K32_HI)));
        x3 = _mm_xor_si128(x3, iw__crc32c_fold16(x0, _mm_set_epi64x(IW__CRC32C_K48_LO,
                                                                    IW__CRC32C_K48_HI)));
        while (len >= 16) {
            x3 = _mm_xor_si128(iw__crc32c_fold16(x3, k16), IW__CRC32C_LDX(b));
            b += 16;
            len -= 16;
        }
        c = iw__crc32c_sse42_run(iw__crc32c_reduce128(x3), b, len);
        if (sl != 0) c = iw__crc32c_merge(c, k, 3, r0, r1, r2, r3, r4, r5);
        b += len + 3 * sl;
        if (n == 0) return c;
    }
}

static IW__CRC32C_T_PCLMUL uint32_t iw__crc32c_pclmul(uint32_t crc, const void *p, size_t n)
{
    if (n < IW__CRC32C_XMIN) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_pclmul_big(~crc, (const uint8_t *)p, n);
}

/* The _mm512 intrinsics used here avoid _mm512_undefined_*(), which g++ 12 reports as
 * uninitialized once inlined (-Wuninitialized at -O1 and above). */
#define IW__CRC32C_K4(hi, lo) _mm512_set_epi64((lo), (hi), (lo), (hi), (lo), (hi), (lo), (hi))
#define IW__CRC32C_LANE(z, i) _mm512_maskz_extracti32x4_epi32(0xf, (z), (i))
#define IW__CRC32C_LDZ(p) _mm512_loadu_si512((const void *)(p))

/* Four 128-bit folds at once, XORed into y (0x96: a ^ b ^ c). */
static IW__CRC32C_T_VPCLMUL __m512i iw__crc32c_fold64(__m512i x, __m512i k, __m512i y)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x, k, 0x00),
                                     _mm512_clmulepi64_epi128(x, k, 0x11), y, 0x96);
}

/* Register of a message that ends with the 64 octets folded into z and then len < 64 octets
 * at b. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_zfinish(__m512i z, const uint8_t *b,
                                                                         size_t len)
{
    /* 4 lanes -> 1: lane i moves 48 - 16 i octets on; lane 3 is in place already */
    __m512i t = _mm512_set_epi64(0, 0, IW__CRC32C_K16_LO, IW__CRC32C_K16_HI, IW__CRC32C_K32_LO,
                                 IW__CRC32C_K32_HI, IW__CRC32C_K48_LO, IW__CRC32C_K48_HI);
    __m128i x;
    t = _mm512_xor_si512(_mm512_clmulepi64_epi128(z, t, 0x00), _mm512_clmulepi64_epi128(z, t, 0x11));
    x = _mm_ternarylogic_epi64(IW__CRC32C_LANE(t, 0), IW__CRC32C_LANE(t, 1), IW__CRC32C_LANE(t, 2),
                               0x96);
    x = _mm_xor_si128(x, IW__CRC32C_LANE(z, 3));
    _mm256_zeroupper(); /* dirty upper halves slowed the caller's later SSE code 2x here */
    while (len >= 16) {
        x = _mm_xor_si128(iw__crc32c_fold16(x, _mm_set_epi64x(IW__CRC32C_K16_LO, IW__CRC32C_K16_HI)),
                          IW__CRC32C_LDX(b));
        b += 16;
        len -= 16;
    }
    return iw__crc32c_sse42_run(iw__crc32c_reduce128(x), b, len);
}

static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE __m512i iw__crc32c_zload(uint32_t c, const uint8_t *b)
{
    /* the register enters as data: XORed into the first 4 octets */
    return _mm512_xor_si512(IW__CRC32C_LDZ(b),
                            _mm512_inserti32x4(_mm512_setzero_si512(), _mm_cvtsi32_si128((int)c), 0));
}

/* 512-bit folding alone, four accumulators (256 octets per step); n >= 256. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_vpclmul_fold(uint32_t c,
                                                                                const uint8_t *b,
                                                                                size_t n)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    const __m512i k64 = IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO);
    __m512i z0 = iw__crc32c_zload(c, b), z1 = IW__CRC32C_LDZ(b + 64);
    __m512i z2 = IW__CRC32C_LDZ(b + 128), z3 = IW__CRC32C_LDZ(b + 192);
    b += 256;
    n -= 256;
    while (n >= 256) {
        z0 = iw__crc32c_fold64(z0, k256, IW__CRC32C_LDZ(b));
        z1 = iw__crc32c_fold64(z1, k256, IW__CRC32C_LDZ(b + 64));
        z2 = iw__crc32c_fold64(z2, k256, IW__CRC32C_LDZ(b + 128));
        z3 = iw__crc32c_fold64(z3, k256, IW__CRC32C_LDZ(b + 192));
        b += 256;
        n -= 256;
    }
    z3 = iw__crc32c_fold64(z0, IW__CRC32C_K4(IW__CRC32C_K192_HI, IW__CRC32C_K192_LO), z3);
    z3 = iw__crc32c_fold64(z1, IW__CRC32C_K4(IW__CRC32C_K128_HI, IW__CRC32C_K128_LO), z3);
    z3 = iw__crc32c_fold64(z2, k64, z3);
    while (n >= 64) {
        z3 = iw__crc32c_fold64(z3, k64, IW__CRC32C_LDZ(b));
        b += 64;
        n -= 64;
    }
    return iw__crc32c_zfinish(z3, b, n);
}

/* 512-bit folding as a hybrid with ns streams of q words per 256-octet step; n >= min.
 * The best mix balances the units. Where a 512-bit carry-less multiply issues every cycle
 * and crc32 once (Intel), 3 x 3 words (9 crc32) match the 8 multiplies of a step. On the AMD
 * EPYC (Zen 5) this was measured on, a 512-bit multiply takes two cycles and crc32 issues
 * twice per cycle with a latency of 3, so 6 streams x 4 words fit a step: 4 KiB took 55 ns
 * (60 with 3 x 5, 70 with folding alone). */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_vpclmul_hyb(uint32_t c,
                                                                             const uint8_t *b,
                                                                             size_t n, const int ns,
                                                                             const size_t q,
                                                                             const size_t min)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    const __m512i k64 = IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO);
    const size_t unit = 256 + (size_t)ns * 8 * q; /* octets per step; min >= 256 + unit */
    const size_t mmax = (IW__CRC32C_WMAX - unit / (8 * (size_t)ns)) / q;
    while (n >= min) {
        const uint8_t *s, *s3;
        size_t m = (n - 256) / unit, e, sl, len = n;
        uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
        uint32_t k[6] = {0, 0, 0, 0, 0, 0};
        __m512i z0, z1, z2, z3;
        if (m > mmax) { /* a whole chunk first, the rest after */
            m = mmax;
            len = 256 + m * unit;
        }
        /* The leftover (< unit) gives every stream e more words, run while the vector unit
         * reduces; the vector region keeps only the < 8 ns octets that do not divide. */
        e = (len - 256 - m * unit) / (8 * (size_t)ns);
        sl = (m * q + e) * 8;
        iw__crc32c_hybk(k, sl / 8, ns);
        n -= len;
        len -= (size_t)ns * sl; /* the vector region: 256 (m + 1) + (< 8 ns) octets */
        s = b + len;
        s3 = s + 3 * sl;
        z0 = iw__crc32c_zload(c, b);
        z1 = IW__CRC32C_LDZ(b + 64);
        z2 = IW__CRC32C_LDZ(b + 128);
        z3 = IW__CRC32C_LDZ(b + 192);
        b += 256;
        len -= 256;
        for (; m != 0; m--) {
            z0 = iw__crc32c_fold64(z0, k256, IW__CRC32C_LDZ(b));
            z1 = iw__crc32c_fold64(z1, k256, IW__CRC32C_LDZ(b + 64));
            z2 = iw__crc32c_fold64(z2, k256, IW__CRC32C_LDZ(b + 128));
            z3 = iw__crc32c_fold64(z3, k256, IW__CRC32C_LDZ(b + 192));
            IW__CRC32C_STEP(ns, q);
            b += 256;
            len -= 256;
        }
        for (; e != 0; e--) {
            IW__CRC32C_WORD(ns, 0);
            s += 8;
            s3 += 8;
        }
        z3 = iw__crc32c_fold64(z0, IW__CRC32C_K4(IW__CRC32C_K192_HI, IW__CRC32C_K192_LO), z3);
        z3 = iw__crc32c_fold64(z1, IW__CRC32C_K4(IW__CRC32C_K128_HI, IW__CRC32C_K128_LO), z3);
        z3 = iw__crc32c_fold64(z2, k64, z3);
        c = iw__crc32c_merge(iw__crc32c_zfinish(z3, b, len), k, ns, r0, r1, r2, r3, r4, r5);
        b += len + (size_t)ns * sl;
    }
    /* after whole chunks, nothing or [unit, min) octets are left (unit > 256) */
    return n != 0 ? iw__crc32c_vpclmul_fold(c, b, n) : c;
}

#define IW__CRC32C_ZHYB_MIN 1536u     /* "vpclmul", 3 x 3: below, folding alone is faster */
#define IW__CRC32C_ZHYB_MIN_AMD 2048u /* "vpclmul_amd", 6 x 4 (measured) */
/* "vpclmul_amd" folds alone again from here on. The hybrid wins only where its input is in L1
 * or L2: its crc32 streams stall on memory. On the Zen 4 here, 64 KiB from DRAM took 4.8 us
 * with the hybrid against 2.6 folding alone, 1.7 against 1.2 from L3 (a 16 MiB walk), and
 * folding was 8% slower from L2. Buffers this long are seldom in L2 when they are sent (a
 * 64 KiB Write's FPDU: bench_e2e tcp_write_65536, bench_crc crc32c_65536_cold). */
#define IW__CRC32C_ZHYB_MAX_AMD 16384u
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_vpclmul_hyb3(uint32_t c,
                                                                                const uint8_t *b,
                                                                                size_t n)
{
    return iw__crc32c_vpclmul_hyb(c, b, n, 3, 3, IW__CRC32C_ZHYB_MIN);
}

static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_vpclmul_hyb6(uint32_t c,
                                                                                const uint8_t *b,
                                                                                size_t n)
{
    return iw__crc32c_vpclmul_hyb(c, b, n, 6, 4, IW__CRC32C_ZHYB_MIN_AMD);
}

/* "vpclmul": crc32 instruction below 256 octets (short latency, and back-to-back calls
 * overlap), then folding alone, then the hybrid. */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_vpclmul(uint32_t crc, const void *p, size_t n)
{
    if (n < 256) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    if (n < IW__CRC32C_ZHYB_MIN) return ~iw__crc32c_vpclmul_fold(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_vpclmul_hyb3(~crc, (const uint8_t *)p, n);
}

/* "vpclmul_amd" (AMD Zen 5 and later): the same, with the AMD mix, and folding alone for
 * long buffers. */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_vpclmul_amd(uint32_t crc, const void *p, size_t n)
{
    if (n < 256) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    if (n < IW__CRC32C_ZHYB_MIN_AMD || n >= IW__CRC32C_ZHYB_MAX_AMD)
        return ~iw__crc32c_vpclmul_fold(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_vpclmul_hyb6(~crc, (const uint8_t *)p, n);
}

/* "vpclmul_fold" (AMD Zen 4): crc32 below 256 octets, folding alone above. On the Zen 4 this
 * was measured on (EPYC, family 19h; 2026-11-25, 64 KiB / 16 KiB / 4 KiB, medians of 301),
 * neither hybrid pays: from L2 the 3 x 3 mix was 14% / 13% / 0-3% faster than folding, the
 * 6 x 4 one 7% faster / 5% faster / 20% slower; from L3 or memory both were 1.2 to 1.9 times
 * slower (the crc32 streams stall), e.g. 4 KiB from L3 156 ns folding, 245 (3 x 3), 358 (6 x 4). */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_vpclmul_fold1(uint32_t crc, const void *p, size_t n)
{
    if (n < 256) return ~iw__crc32c_sse42_run(~crc, (const uint8_t *)p, n);
    return ~iw__crc32c_vpclmul_fold(~crc, (const uint8_t *)p, n);
}

static void iw__crc32c_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
    __asm__ __volatile__("cpuid"
                         : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
                         : "a"(leaf), "c"(sub));
}

#define IW__CRC32C_HAS_SSE42 1u
#define IW__CRC32C_HAS_PCLMUL 2u  /* and SSE4.2 */
#define IW__CRC32C_HAS_VPCLMUL 4u /* and PCLMUL, AVX-512 F and VL, and the OS saves ZMM state */
#define IW__CRC32C_AMD_ZEN4 8u    /* tuning only: AMD family 19h ("vpclmul_fold") */
#define IW__CRC32C_AMD_ZEN5 16u   /* tuning only: AMD family 1Ah or later ("vpclmul_amd") */

/* Asked afresh on every call: no cached flags (STYLE.md 12). */
static unsigned iw__crc32c_x86_caps(void)
{
    uint32_t r[4], max, ecx1, fam;
    unsigned caps = 0;
    int amd;
    iw__crc32c_cpuid(0, 0, r);
    max = r[0];
    amd = r[1] == 0x68747541u && r[3] == 0x69746e65u && r[2] == 0x444d4163u; /* "AuthenticAMD" */
    if (max < 1) return 0;
    iw__crc32c_cpuid(1, 0, r);
    ecx1 = r[2];
    fam = (r[0] >> 8) & 0xFu; /* family: base, plus the extended family when base is 0Fh */
    if (fam == 0xFu) fam += (r[0] >> 20) & 0xFFu;
    if (amd && fam == 0x19u) caps |= IW__CRC32C_AMD_ZEN4;
    if (amd && fam >= 0x1Au) caps |= IW__CRC32C_AMD_ZEN5;
    if (!(ecx1 & (1u << 20))) return 0; /* SSE4.2 */
    caps |= IW__CRC32C_HAS_SSE42;
    if (!(ecx1 & (1u << 1))) return caps; /* PCLMULQDQ */
    caps |= IW__CRC32C_HAS_PCLMUL;
    /* AVX-512 also needs the OS to save the opmask and ZMM state: XCR0 bits 1, 2 (SSE, AVX)
     * and 5, 6, 7 (opmask, ZMM_Hi256, Hi16_ZMM); XCR0 is readable if OSXSAVE (CPUID.1:ECX[27]). */
    if (max >= 7 && (ecx1 & (1u << 27))) {
        uint32_t lo, hi;
        __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0u));
        (void)hi;
        if ((lo & 0xe6u) == 0xe6u) {
            iw__crc32c_cpuid(7, 0, r);
            /* AVX512F, AVX512VL, VPCLMULQDQ */
            if ((r[1] & (1u << 16)) && (r[1] & (1u << 31)) && (r[2] & (1u << 10)))
                caps |= IW__CRC32C_HAS_VPCLMUL;
        }
    }
    return caps;
}
#endif /* IW__CRC32C_X86 */

#if IW__CRC32C_ARM
/* ---- AArch64: CRC32C instructions (optional in ARMv8.0, mandatory from ARMv8.1) ------- */
#if defined(__clang__)
/* clang's <arm_acle.h> hides __crc32cd unless the whole build has +crc: use the builtins */
#define IW__CRC32C_T_ARM __attribute__((target("crc")))
#define IW__CRC32C_ARM_CD(c, v) __builtin_arm_crc32cd((c), (v))
#define IW__CRC32C_ARM_CB(c, v) __builtin_arm_crc32cb((c), (v))
#else
#include <arm_acle.h>
#define IW__CRC32C_T_ARM __attribute__((target("+crc")))
#define IW__CRC32C_ARM_CD(c, v) __crc32cd((c), (v))
#define IW__CRC32C_ARM_CB(c, v) __crc32cb((c), (v))
#endif
#if defined(__ARM_FEATURE_CRC32)
#define IW__CRC32C_ARM_ALWAYS 1 /* the build targets CPUs that have it */
#else
#define IW__CRC32C_ARM_ALWAYS 0
#if defined(__linux__) && __STDC_HOSTED__
#include <sys/auxv.h> /* getauxval(AT_HWCAP): the kernel's view of the CPU */
#endif
#endif

static IW__CRC32C_T_ARM uint64_t iw__crc32c_arm_ld64(const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v); /* crc32cx takes the register's low octet first */
#endif
    return v;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_run(uint32_t c, const uint8_t *b, size_t n)
{
    while (n >= 8) {
        c = IW__CRC32C_ARM_CD(c, iw__crc32c_arm_ld64(b));
        b += 8;
        n -= 8;
    }
    while (n != 0) {
        c = IW__CRC32C_ARM_CB(c, *b++);
        n--;
    }
    return c;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_3way(uint32_t c, const uint8_t *b, size_t bl,
                                                     const uint32_t t2[8][16],
                                                     const uint32_t t1[8][16])
{
    uint32_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = IW__CRC32C_ARM_CD(c0, iw__crc32c_arm_ld64(b));
        c1 = IW__CRC32C_ARM_CD(c1, iw__crc32c_arm_ld64(b + bl));
        c2 = IW__CRC32C_ARM_CD(c2, iw__crc32c_arm_ld64(b + 2 * bl));
        b += 8;
    }
    return iw__crc32c_shift_by(t2, c0) ^ iw__crc32c_shift_by(t1, c1) ^ c2;
}

/* "armv8" */
static IW__CRC32C_T_ARM uint32_t iw__crc32c_armv8(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_arm_3way(c, b, IW__CRC32C_LONG, iw__crc32c_shift[0], iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_arm_3way(c, b, IW__CRC32C_SHORT, iw__crc32c_shift[2], iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_arm_run(c, b, n);
}

static int iw__crc32c_arm_usable(void)
{
#if IW__CRC32C_ARM_ALWAYS
    return 1;
#elif defined(__linux__) && __STDC_HOSTED__
    return (getauxval(AT_HWCAP) & (1ul << 7)) != 0; /* HWCAP_CRC32 */
#else
    return 0; /* no portable way to ask; build with +crc to use it */
#endif
}
#endif /* IW__CRC32C_ARM */

/* see mpa.h */
IW_DEF uint32_t iw_mpa_crc32c(uint32_t crc, const void *p, size_t n)
{
#if IW__CRC32C_X86 && defined(__VPCLMULQDQ__) && defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__PCLMUL__) && defined(__SSE4_2__)
#if defined(__znver5__)
    return iw__crc32c_vpclmul_amd(crc, p, n);
#elif defined(__znver4__)
    return iw__crc32c_vpclmul_fold1(crc, p, n);
#else
    return iw__crc32c_vpclmul(crc, p, n);
#endif
#elif IW__CRC32C_X86 && defined(__PCLMUL__) && defined(__SSE4_2__)
    return iw__crc32c_pclmul(crc, p, n);
#elif IW__CRC32C_X86 && defined(__SSE4_2__)
    return iw__crc32c_sse42(crc, p, n);
#elif IW__CRC32C_ARM && IW__CRC32C_ARM_ALWAYS
    return iw__crc32c_armv8(crc, p, n);
#else
    return iw_mpa_crc32c_portable(crc, p, n);
#endif
}

/* see mpa.h */
IW_DEF size_t iw_mpa_crc32c_impls(iw_mpa_crc32c_impl *out, size_t cap)
{
    iw_mpa_crc32c_impl all[6];
    size_t n = 0, i;
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
#endif
    all[n].name = "portable";
    all[n].fn = iw_mpa_crc32c_portable;
    all[n++].usable = 1;
#if IW__CRC32C_X86
    all[n].name = "sse42";
    all[n].fn = iw__crc32c_sse42;
    all[n++].usable = (caps & IW__CRC32C_HAS_SSE42) != 0;
    all[n].name = "pclmul";
    all[n].fn = iw__crc32c_pclmul;
    all[n++].usable = (caps & IW__CRC32C_HAS_PCLMUL) != 0;
    all[n].name = "vpclmul";
    all[n].fn = iw__crc32c_vpclmul;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
    all[n].name = "vpclmul_amd";
    all[n].fn = iw__crc32c_vpclmul_amd;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
    all[n].name = "vpclmul_fold";
    all[n].fn = iw__crc32c_vpclmul_fold1;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
#endif
#if IW__CRC32C_ARM
    all[n].name = "armv8";
    all[n].fn = iw__crc32c_armv8;
    all[n++].usable = iw__crc32c_arm_usable();
#endif
    for (i = 0; i < n && i < cap; i++) out[i] = all[i];
    return n;
}

/* see mpa.h */
IW_DEF iw_mpa_crc32c_fn iw_mpa_crc32c_select(void)
{
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
    if (caps & IW__CRC32C_HAS_VPCLMUL) /* the tuning: Zen 5, Zen 4, else Intel's */
        return (caps & IW__CRC32C_AMD_ZEN5)   ? iw__crc32c_vpclmul_amd
               : (caps & IW__CRC32C_AMD_ZEN4) ? iw__crc32c_vpclmul_fold1
                                              : iw__crc32c_vpclmul;
    if (caps & IW__CRC32C_HAS_PCLMUL) return iw__crc32c_pclmul;
    if (caps & IW__CRC32C_HAS_SSE42) return iw__crc32c_sse42;
#elif IW__CRC32C_ARM
    if (iw__crc32c_arm_usable()) return iw__crc32c_armv8;
#endif
    return iw_mpa_crc32c_portable;
}

/* ---- fused copy + CRC32c (see iw_mpa_crc32c_copy_fn) -------------------------------------
 * The accelerated paths are the CRC paths of the same name with the stores added: an octet is
 * loaded into a register that is both stored to dst and fed to the CRC (except where noted
 * below, where crc32 reads src again from L1, right after the vector move that copied it).
 * Only src is read; dst is only written. Which path handles what (x86-64 tuned on AMD EPYCs,
 * Zen 5 like the CRC paths, vpclmul re-measured on Zen 4; see bench_crc.c, "fused copy"):
 *   portable  memcpy, then iw_mpa_crc32c_portable over src. The table-bound CRC costs some 20
 *             times the copy, so fusing them measured within 5% (gcc) and 0% (clang) on x86,
 *             while word stores of unknown alignment cost a library call or four octet
 *             stores per word on the small targets (RV32, and Cortex-M at -Os).
 *   sse42     < 768 octets: crc32 over 8-octet words, each stored from the register crc32
 *             takes; longer: three such streams merged with the shift tables
 *   vpclmul   < 256: moved as a memcpy would, then the crc32 instruction over src (in L1 by
 *             then); longer: 512-bit folding of the loaded registers, which are stored
 *   armv8     like sse42, with the AArch64 CRC32C instructions
 */

/* see mpa.h */
IW_DEF uint32_t iw_mpa_crc32c_copy_portable(uint32_t crc, void *dst, const void *src, size_t n)
{
    if (n != 0) IW_MEMCPY(dst, src, n);
    return iw_mpa_crc32c_portable(crc, src, n);
}

#if IW__CRC32C_X86
/* 8 octets from b to d through one register, which is returned for the crc32 instruction. */
static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint64_t iw__crc32c_cp64(uint8_t *d, const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
    IW_MEMCPY(d, &v, 8);
    return v;
}

/* iw__crc32c_sse42_run that also copies. */
static IW__CRC32C_T_SSE42 IW__CRC32C_INLINE uint32_t iw__crc32c_copy_run(uint32_t c, uint8_t *d,
                                                                        const uint8_t *b, size_t n)
{
    uint64_t c64 = c;
    while (n >= 32) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d, b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 8, b + 8));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 16, b + 16));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 24, b + 24));
        b += 32;
        d += 32;
        n -= 32;
    }
    if (n & 16u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d, b));
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d + 8, b + 8));
        b += 16;
        d += 16;
    }
    if (n & 8u) {
        c64 = _mm_crc32_u64(c64, iw__crc32c_cp64(d, b));
        b += 8;
        d += 8;
    }
    c = (uint32_t)c64;
    if (n & 4u) {
        uint32_t v;
        IW_MEMCPY(&v, b, 4);
        IW_MEMCPY(d, &v, 4);
        c = _mm_crc32_u32(c, v);
        b += 4;
        d += 4;
    }
    if (n & 2u) {
        uint16_t v;
        IW_MEMCPY(&v, b, 2);
        IW_MEMCPY(d, &v, 2);
        c = _mm_crc32_u16(c, v);
        b += 2;
        d += 2;
    }
    if (n & 1u) {
        uint8_t v = *b;
        *d = v;
        c = _mm_crc32_u8(c, v);
    }
    return c;
}

/* iw__crc32c_sse42_3way that also copies. */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_copy_3way(uint32_t c, uint8_t *d, const uint8_t *b,
                                                        size_t bl, const uint32_t t2[8][16],
                                                        const uint32_t t1[8][16])
{
    uint64_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = _mm_crc32_u64(c0, iw__crc32c_cp64(d, b));
        c1 = _mm_crc32_u64(c1, iw__crc32c_cp64(d + bl, b + bl));
        c2 = _mm_crc32_u64(c2, iw__crc32c_cp64(d + 2 * bl, b + 2 * bl));
        b += 8;
        d += 8;
    }
    return iw__crc32c_shift_by(t2, (uint32_t)c0) ^ iw__crc32c_shift_by(t1, (uint32_t)c1) ^
           (uint32_t)c2;
}

/* "sse42" */
static IW__CRC32C_T_SSE42 uint32_t iw__crc32c_copy_sse42(uint32_t crc, void *dst, const void *src,
                                                         size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_copy_3way(c, d, b, IW__CRC32C_LONG, iw__crc32c_shift[0],
                                 iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        d += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_copy_3way(c, d, b, IW__CRC32C_SHORT, iw__crc32c_shift[2],
                                 iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        d += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_copy_run(c, d, b, n);
}

/* ---- vpclmul ------------------------------------------------------------------------------
 * Folding alone, with the stores added: each 64-octet block is loaded into a register that is
 * both stored to dst and folded by one of four accumulators (256 octets per step), so the data
 * cross the memory hierarchy once and nothing is read twice. Two 512-bit carry-less multiplies
 * per 64 octets keep pace with the loads and stores from L2. Measured on an AMD EPYC (Zen 4,
 * bench_ddp.c's layout: 257 KiB of FPDUs, 256 KiB MR): 4 KiB in 74 ns against 78 ns for glibc's
 * memcpy; 1 KiB 12% slower than memcpy, 2 KiB 5%, 16 and 64 KiB 3-7% faster. Tried there and
 * dropped: eight accumulators (no faster); a tree instead of a chain for the final merge (no
 * faster); and the earlier path from 1 KiB, a 64-octet "piece" run through crc32 from L1
 * beside each folded block (30-40% slower there; on Zen 5 it had measured 52-64 GB/s from run
 * to run against 57 for folding alone). */

#define IW__CRC32C_STZ(p, z) _mm512_storeu_si512((void *)(p), (z))

/* 64 octets from b to d through one register, which is returned for folding. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE __m512i iw__crc32c_cpz(uint8_t *d, const uint8_t *b)
{
    __m512i z = IW__CRC32C_LDZ(b);
    IW__CRC32C_STZ(d, z);
    return z;
}

/* z with c XORed into its first 4 octets (a register entering as data). */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE __m512i iw__crc32c_zreg(__m512i z, uint32_t c)
{
    return _mm512_xor_si512(z, _mm512_inserti32x4(_mm512_setzero_si512(),
                                                  _mm_cvtsi32_si128((int)c), 0));
}

/* The end of every folding path: z holds the 64 octets just before b (at least 256 octets of
 * the message lie before b), and n < 256 octets are left. The last n % 64 are moved by one
 * 64-octet move that ends where they end (it rewrites octets already copied, with the same
 * values) and read again from src for the CRC. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_copy_zend(__m512i z, uint8_t *d,
                                                                           const uint8_t *b,
                                                                           size_t n)
{
    const __m512i k64 = IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO);
    while (n >= 64) {
        z = iw__crc32c_fold64(z, k64, iw__crc32c_cpz(d, b));
        b += 64;
        d += 64;
        n -= 64;
    }
    if (n != 0) (void)iw__crc32c_cpz(d + n - 64, b + n - 64);
    return iw__crc32c_zfinish(z, b, n);
}

/* Four accumulators over the 256 octets before b, in order; folding alone for the rest. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE uint32_t iw__crc32c_copy_zrest(__m512i z0, __m512i z1,
                                                                            __m512i z2, __m512i z3,
                                                                            uint8_t *d,
                                                                            const uint8_t *b,
                                                                            size_t n)
{
    const __m512i k256 = IW__CRC32C_K4(IW__CRC32C_K256_HI, IW__CRC32C_K256_LO);
    while (n >= 256) {
        z0 = iw__crc32c_fold64(z0, k256, iw__crc32c_cpz(d, b));
        z1 = iw__crc32c_fold64(z1, k256, iw__crc32c_cpz(d + 64, b + 64));
        z2 = iw__crc32c_fold64(z2, k256, iw__crc32c_cpz(d + 128, b + 128));
        z3 = iw__crc32c_fold64(z3, k256, iw__crc32c_cpz(d + 192, b + 192));
        b += 256;
        d += 256;
        n -= 256;
    }
    z3 = iw__crc32c_fold64(z0, IW__CRC32C_K4(IW__CRC32C_K192_HI, IW__CRC32C_K192_LO), z3);
    z3 = iw__crc32c_fold64(z1, IW__CRC32C_K4(IW__CRC32C_K128_HI, IW__CRC32C_K128_LO), z3);
    z3 = iw__crc32c_fold64(z2, IW__CRC32C_K4(IW__CRC32C_K64_HI, IW__CRC32C_K64_LO), z3);
    return iw__crc32c_copy_zend(z3, d, b, n);
}

/* Folding alone (iw__crc32c_vpclmul_fold that also copies); n >= 256. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_NOINLINE uint32_t iw__crc32c_copy_zfold(uint32_t c, uint8_t *d,
                                                                              const uint8_t *b,
                                                                              size_t n)
{
    __m512i z0 = iw__crc32c_zreg(iw__crc32c_cpz(d, b), c), z1 = iw__crc32c_cpz(d + 64, b + 64);
    __m512i z2 = iw__crc32c_cpz(d + 128, b + 128), z3 = iw__crc32c_cpz(d + 192, b + 192);
    return iw__crc32c_copy_zrest(z0, z1, z2, z3, d + 256, b + 256, n - 256);
}

/* n < 256: moved like a memcpy (whole 512-bit moves, the last one ending at n; two
 * overlapping moves below 64), then the crc32 instruction over src, now in L1. */
static IW__CRC32C_T_VPCLMUL IW__CRC32C_INLINE void iw__crc32c_copy_small(uint8_t *d, const uint8_t *b,
                                                                        size_t n)
{
    if (n >= 64) {
        size_t i;
        for (i = 0; i + 64 < n; i += 64) (void)iw__crc32c_cpz(d + i, b + i);
        (void)iw__crc32c_cpz(d + n - 64, b + n - 64);
    } else if (n >= 32) {
        __m256i y0 = _mm256_loadu_si256((const __m256i *)(const void *)b);
        __m256i y1 = _mm256_loadu_si256((const __m256i *)(const void *)(b + n - 32));
        _mm256_storeu_si256((__m256i *)(void *)d, y0);
        _mm256_storeu_si256((__m256i *)(void *)(d + n - 32), y1);
    } else if (n >= 16) {
        __m128i x0 = IW__CRC32C_LDX(b), x1 = IW__CRC32C_LDX(b + n - 16);
        _mm_storeu_si128((__m128i *)(void *)d, x0);
        _mm_storeu_si128((__m128i *)(void *)(d + n - 16), x1);
    } else if (n >= 8) {
        uint64_t v0 = iw__crc32c_ld64(b), v1 = iw__crc32c_ld64(b + n - 8);
        IW_MEMCPY(d, &v0, 8);
        IW_MEMCPY(d + n - 8, &v1, 8);
    } else if (n >= 4) {
        uint32_t v0, v1;
        IW_MEMCPY(&v0, b, 4);
        IW_MEMCPY(&v1, b + n - 4, 4);
        IW_MEMCPY(d, &v0, 4);
        IW_MEMCPY(d + n - 4, &v1, 4);
    } else if (n != 0) {
        uint8_t v0 = b[0], v1 = b[n / 2], v2 = b[n - 1];
        d[0] = v0;
        d[n / 2] = v1;
        d[n - 1] = v2;
    }
}

#define IW__CRC32C_CZ_MIN 256u /* below: moves, then crc32 */

/* "vpclmul" */
static IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_copy_vpclmul(uint32_t crc, void *dst,
                                                             const void *src, size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    if (n < IW__CRC32C_CZ_MIN) {
        iw__crc32c_copy_small(d, b, n);
        return ~iw__crc32c_sse42_run(~crc, b, n);
    }
    return ~iw__crc32c_copy_zfold(~crc, d, b, n);
}

/* "vpclmul" with a prefix: the CRC of pre[0..np) (crc32 instruction), continued by the copy
 * and CRC of src[0..n) to dst; the same result as
 * iw__crc32c_copy_vpclmul(iw_mpa_crc32c(crc, pre, np), dst, src, n) in one call. For
 * iw_ddp_rx_place: the DDP header (CRCed, not copied) in front of the payload it places; the
 * header's crc32 chain overlaps the first loads of the payload instead of being a call of its
 * own that the copy waits for. Only the streams whose fused path is "vpclmul" call it. */
static IW__UNUSED IW__CRC32C_T_VPCLMUL uint32_t iw__crc32c_copy_vpclmul_pre(uint32_t crc,
                                                                        const uint8_t *pre,
                                                                        size_t np, void *dst,
                                                                        const void *src,
                                                                        size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    uint32_t c = iw__crc32c_sse42_run(~crc, pre, np);
    __m512i z0, z1, z2, z3;
    if (n < IW__CRC32C_CZ_MIN) {
        iw__crc32c_copy_small(d, b, n);
        return ~iw__crc32c_sse42_run(c, b, n);
    }
    /* iw__crc32c_copy_zfold, inlined here */
    z0 = iw__crc32c_zreg(iw__crc32c_cpz(d, b), c);
    z1 = iw__crc32c_cpz(d + 64, b + 64);
    z2 = iw__crc32c_cpz(d + 128, b + 128);
    z3 = iw__crc32c_cpz(d + 192, b + 192);
    return ~iw__crc32c_copy_zrest(z0, z1, z2, z3, d + 256, b + 256, n - 256);
}
#endif /* IW__CRC32C_X86 */

/* CRC32c of k <= 16 octets at p (an FPDU's short pieces: ULPDU_Length with the marker in front
 * of it if any, a DDP header, PAD) continued from crc, for a connection whose CRC path is fn,
 * and, when d is not NULL, the same octets copied to d. Where fn uses the crc32 instruction
 * (every x86-64 path but "portable"), the instruction is written here as inline assembly over
 * fixed-size loads: no call, no target attribute needed in the caller. Elsewhere IW_MEMCPY and
 * fn. Same result as fn(crc, p, k). */
IW__INLINE uint32_t iw__crc_cp_small(iw_mpa_crc32c_fn fn, uint32_t crc, uint8_t *d,
                                     const uint8_t *p, size_t k)
{
#if IW__CRC32C_X86 && (defined(__GNUC__) || defined(__clang__))
    if (fn != iw_mpa_crc32c_portable) {
        uint32_t c = ~crc;
        size_t i = 0;
        for (; k - i >= 8; i += 8) {
            uint64_t v, t = c;
            IW_MEMCPY(&v, p + i, 8); /* x86: octets in memory order, as crc32q takes them */
            if (d) IW_MEMCPY(d + i, &v, 8);
            __asm__("crc32q %1, %0" : "+r"(t) : "r"(v));
            c = (uint32_t)t;
        }
        if ((k - i) & 4u) {
            uint32_t v;
            IW_MEMCPY(&v, p + i, 4);
            if (d) IW_MEMCPY(d + i, &v, 4);
            __asm__("crc32l %1, %0" : "+r"(c) : "r"(v));
            i += 4;
        }
        if ((k - i) & 2u) {
            uint16_t v;
            IW_MEMCPY(&v, p + i, 2);
            if (d) IW_MEMCPY(d + i, &v, 2);
            __asm__("crc32w %w1, %k0" : "+r"(c) : "r"(v));
            i += 2;
        }
        if ((k - i) & 1u) {
            if (d) d[i] = p[i];
            __asm__("crc32b %b1, %k0" : "+r"(c) : "r"(p[i]));
        }
        return ~c;
    }
#endif
    if (d && k) IW_MEMCPY(d, p, k);
    return fn(crc, p, k);
}

/* The CRC alone of a few octets (iw__crc_cp_small without the copy); fn itself above 16. */
IW__INLINE uint32_t iw__crc32c_short(iw_mpa_crc32c_fn fn, uint32_t crc, const uint8_t *p, size_t n)
{
    return n <= 16 ? iw__crc_cp_small(fn, crc, NULL, p, n) : fn(crc, p, n);
}

#if IW__CRC32C_ARM
/* 8 octets from b to d through one register; returns them in crc32cx order. */
static IW__CRC32C_T_ARM uint64_t iw__crc32c_arm_cp64(uint8_t *d, const uint8_t *b)
{
    uint64_t v;
    IW_MEMCPY(&v, b, 8);
    IW_MEMCPY(d, &v, 8);
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_copy_run(uint32_t c, uint8_t *d, const uint8_t *b,
                                                         size_t n)
{
    while (n >= 8) {
        c = IW__CRC32C_ARM_CD(c, iw__crc32c_arm_cp64(d, b));
        b += 8;
        d += 8;
        n -= 8;
    }
    while (n != 0) {
        uint8_t v = *b++;
        *d++ = v;
        c = IW__CRC32C_ARM_CB(c, v);
        n--;
    }
    return c;
}

static IW__CRC32C_T_ARM uint32_t iw__crc32c_arm_copy_3way(uint32_t c, uint8_t *d, const uint8_t *b,
                                                          size_t bl, const uint32_t t2[8][16],
                                                          const uint32_t t1[8][16])
{
    uint32_t c0 = c, c1 = 0, c2 = 0;
    const uint8_t *e = b + bl;
    while (b != e) {
        c0 = IW__CRC32C_ARM_CD(c0, iw__crc32c_arm_cp64(d, b));
        c1 = IW__CRC32C_ARM_CD(c1, iw__crc32c_arm_cp64(d + bl, b + bl));
        c2 = IW__CRC32C_ARM_CD(c2, iw__crc32c_arm_cp64(d + 2 * bl, b + 2 * bl));
        b += 8;
        d += 8;
    }
    return iw__crc32c_shift_by(t2, c0) ^ iw__crc32c_shift_by(t1, c1) ^ c2;
}

/* "armv8" */
static IW__CRC32C_T_ARM uint32_t iw__crc32c_copy_armv8(uint32_t crc, void *dst, const void *src,
                                                       size_t n)
{
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *b = (const uint8_t *)src;
    uint32_t c = ~crc;
    while (n >= 3 * IW__CRC32C_LONG) {
        c = iw__crc32c_arm_copy_3way(c, d, b, IW__CRC32C_LONG, iw__crc32c_shift[0],
                                     iw__crc32c_shift[1]);
        b += 3 * IW__CRC32C_LONG;
        d += 3 * IW__CRC32C_LONG;
        n -= 3 * IW__CRC32C_LONG;
    }
    while (n >= 3 * IW__CRC32C_SHORT) {
        c = iw__crc32c_arm_copy_3way(c, d, b, IW__CRC32C_SHORT, iw__crc32c_shift[2],
                                     iw__crc32c_shift[3]);
        b += 3 * IW__CRC32C_SHORT;
        d += 3 * IW__CRC32C_SHORT;
        n -= 3 * IW__CRC32C_SHORT;
    }
    return ~iw__crc32c_arm_copy_run(c, d, b, n);
}
#endif /* IW__CRC32C_ARM */

/* see mpa.h */
IW_DEF size_t iw_mpa_crc32c_copy_impls(iw_mpa_crc32c_copy_impl *out, size_t cap)
{
    iw_mpa_crc32c_copy_impl all[4];
    size_t n = 0, i;
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
#endif
    all[n].name = "portable";
    all[n].fn = iw_mpa_crc32c_copy_portable;
    all[n++].usable = 1;
#if IW__CRC32C_X86
    all[n].name = "sse42";
    all[n].fn = iw__crc32c_copy_sse42;
    all[n++].usable = (caps & IW__CRC32C_HAS_SSE42) != 0;
    all[n].name = "vpclmul";
    all[n].fn = iw__crc32c_copy_vpclmul;
    all[n++].usable = (caps & IW__CRC32C_HAS_VPCLMUL) != 0;
#endif
#if IW__CRC32C_ARM
    all[n].name = "armv8";
    all[n].fn = iw__crc32c_copy_armv8;
    all[n++].usable = iw__crc32c_arm_usable();
#endif
    for (i = 0; i < n && i < cap; i++) out[i] = all[i];
    return n;
}

/* see mpa.h */
IW_DEF iw_mpa_crc32c_copy_fn iw_mpa_crc32c_copy_select(void)
{
#if IW__CRC32C_X86
    unsigned caps = iw__crc32c_x86_caps();
    if (caps & IW__CRC32C_HAS_VPCLMUL) return iw__crc32c_copy_vpclmul;
    if (caps & IW__CRC32C_HAS_SSE42) return iw__crc32c_copy_sse42;
#elif IW__CRC32C_ARM
    if (iw__crc32c_arm_usable()) return iw__crc32c_copy_armv8;
#endif
    return iw_mpa_crc32c_copy_portable;
}

#ifdef __cplusplus
extern "C" {
#endif

/* see mpa.h */
IW_DEF const char *iw_status_str(iw_status s)
{
    switch (s) {
#define IW__X(name, val, text) case name: return text;
        IW_STATUS_MAP(IW__X)
#undef IW__X
    default: return "?";
    }
}

/* see mpa.h */
IW_DEF const char *iw_mpa_ecode_str(unsigned ecode)
{
    switch (ecode) {
#define IW__X(name, val, text) case val: return text;
        IW_MPA_ECODE_MAP(IW__X)
#undef IW__X
    default: return "?";
    }
}

/* see mpa.h */
IW_DEF const char *iw_mpa_ferr_str(iw_mpa_ferr e)
{
    switch (e) {
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
    size_t pdl, k = IW__MIN(len, (size_t)IW_MPA_KEY_LEN);
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
    pdl = iw__get_be16(p + 18);
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
        f->ird_word = iw__get_be16(p + 20);
        f->ord_word = iw__get_be16(p + 22);
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
    iw__put_be16(out + 18, (uint16_t)pdl);
    if (f->enhanced) {
        iw__put_be16(out + 20, f->ird_word);
        iw__put_be16(out + 22, f->ord_word);
    }
    if (f->pd_len) IW_MEMCPY(out + IW_MPA_FRAME_HDR + hdr, f->pd, f->pd_len);
    *len = IW_MPA_FRAME_HDR + pdl;
    return IW_OK;
}

/* see mpa.h */
IW_DEF void iw_mpa_build_terminate(uint8_t out[22], iw_term t)
{
    IW_MEMSET(out, 0, IW_MPA_TERM_ULPDU_LEN);
    out[0] = 0x41;  /* DDP: T = 0, L = 1, DV = 1 (RFC 5041) */
    out[1] = 0x47;  /* RDMAP: RV = 01b, opcode 0x7 Terminate (RFC 5040 §4.1) */
    out[9] = 2;     /* QN 2: the Terminate queue (RFC 5040 §5.4) */
    out[13] = 1;    /* MSN 1: one Terminate per stream */
    out[18] = (uint8_t)(((unsigned)t.layer << 4) | (t.etype & 0x0Fu));
    out[19] = t.ecode;
    /* octet 20: M = D = R = 0, the offending FPDU's headers cannot be trusted (RFC 5040 §7.1) */
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
    cfg->req_timeout_ms = 5000;  /* siw's values (mpa.md 5) */
    cfg->rep_timeout_ms = 10000;
    cfg->emss = 1460;
    cfg->terminate = 1;
}

static uint32_t iw__crc(const iw_mpa_conn *c, uint32_t crc, const void *p, size_t n)
{
    if (c->ops->crc32c) return c->ops->crc32c(c->ctx, crc, p, n);
    return c->crc_fn(crc, p, n);
}

static void iw__trace(iw_mpa_conn *c, unsigned dir, const void *p, size_t n, int last)
{
    iw_iov v;
    if (!c->ops->trace) return;
    v.base = p;
    v.len = n;
    c->ops->trace(c->ctx, dir, &v, 1, last);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_init(iw_mpa_conn *c, const iw_mpa_cfg *cfg, const iw_mpa_host_ops *ops,
                             void *ctx, const iw_mpa_ulp_ops *ulp, void *uctx, uint8_t *reasm,
                             size_t reasm_cap)
{
    size_t cap = IW__MIN(reasm_cap, (size_t)0xFFFFu);
    if (!c || !cfg || !ops || !ulp) return IW_EINVAL;
    if (!ops->send || !ops->timer_arm || !ops->timer_cancel || !ops->close) return IW_EINVAL;
    if (!ops->tx_room != !ops->tx_commit) return IW_EINVAL;
    if (!ulp->deliver || (cfg->role == IW_MPA_RESPONDER && !ulp->request)) return IW_EINVAL;
    if (!ulp->place != !ulp->commit) return IW_EINVAL;
    if (cfg->role > IW_MPA_RESPONDER || (cfg->rev != 1 && cfg->rev != 2)) return IW_EINVAL;
    if (cfg->p2p && (cfg->rev != 2 || (cfg->rtr & 7u) == 0)) return IW_EINVAL; /* MPA-037 */
    if (!reasm || cap < IW_MPA_MIN_ULPDU) return IW_EINVAL;
    if (cfg->rx_max_ulpdu > cap || (cfg->rx_max_ulpdu && cfg->rx_max_ulpdu < IW_MPA_MIN_ULPDU))
        return IW_EINVAL;
    IW_MEMSET(c, 0, sizeof *c);
    c->cfg = *cfg;
    c->ops = ops;
    c->ctx = ctx;
    c->ulp = ulp;
    c->uctx = uctx;
    c->crc_fn = iw_mpa_crc32c_select();
    c->crc_copy_fn = iw_mpa_crc32c_copy_select();
    c->reasm = reasm;
    c->reasm_cap = cap;
    c->rx_max = cfg->rx_max_ulpdu ? cfg->rx_max_ulpdu : (uint32_t)cap;
    c->ird = (uint16_t)IW__MIN(cfg->ird, IW_MPA_IRDORD_MAX);
    c->ord = (uint16_t)IW__MIN(cfg->ord, IW_MPA_IRDORD_MAX); /* MPA-033 */
    c->mulpdu = iw_mpa_mulpdu_for(cfg->emss, 0);
    c->rx_pos = cfg->rx_seq_start;
    c->tx_pos = cfg->tx_seq_start;
    c->state = IW_MPA_S_IDLE;
    return IW_OK;
}

static iw_status iw__tx_pump(iw_mpa_conn *c);

/* Record the first error (STYLE.md 6: sticky, first wins), tell the ULP, and end the
 * connection: with a Terminate (want_term and cfg.terminate, Full Operation), abortively
 * (abortive: invalid frames MPA-072, timeouts) or gracefully. */
static iw_status iw__fail(iw_mpa_conn *c, iw_status st, unsigned ecode, iw_mpa_ferr ferr,
                          unsigned layer, unsigned etype, unsigned tcode, int want_term,
                          int abortive)
{
    int setup = c->state < IW_MPA_S_AWAIT_FIRST;
    if (c->err.status != IW_OK) return c->err.status;
    c->err.status = st;
    c->err.mpa_ecode = (uint8_t)ecode;
    c->err.ferr = ferr;
    c->err.term.layer = (uint8_t)layer;
    c->err.term.etype = (uint8_t)etype;
    c->err.term.ecode = (uint8_t)tcode;
    if (setup && c->state != IW_MPA_S_IDLE) c->ops->timer_cancel(c->ctx, IW_MPA_TIMER_SETUP);
    if (want_term && c->cfg.terminate && !setup && !c->closed) {
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
    } else {
        c->close_after = 1;
        c->state = IW_MPA_S_CLOSING;
    }
    if (c->ulp->error) c->ulp->error(c->uctx, &c->err);
    if (c->state == IW_MPA_S_CLOSING) (void)iw__tx_pump(c);
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

/* The contiguous wire piece at wire offset off of the FPDU in flight: *ptr and the return
 * value. Marker octets are built into mk. Markers sit at every position where
 * (pos - SeqStart) mod 512 == 0 (RFC 5044 §5; MPA-063, MPA-064) inside the FPDU; one at its
 * start belongs to it with FPDUPTR 0, the others point back at its ULPDU_Length (MPA-065). */
static size_t iw__tx_piece(const iw_mpa_conn *c, size_t off, uint8_t mk[4], const uint8_t **ptr)
{
    size_t lim = c->tx_wlen - off, v = off, i;
    if (c->mk_tx) {
        uint32_t s = iw__tx_rel(c, c->tx_fpdu_pos);
        size_t r = (s + off) & 511u;
        if (r < IW_MPA_MARKER_LEN) {
            size_t base = off - r, lenoff = (s & 511u) == 0 ? IW_MPA_MARKER_LEN : 0u;
            uint16_t fp = (uint16_t)(base ? base - lenoff : 0u);
            mk[0] = mk[1] = 0; /* reserved (MPA-062) */
            iw__put_be16(mk + 2, fp);
            *ptr = mk + r;
            return IW_MPA_MARKER_LEN - r;
        }
        lim = IW__MIN(lim, IW_MPA_MARKER_INTERVAL - r);
        v = off - IW_MPA_MARKER_LEN * iw__mk_count(s, off);
    }
    for (i = 0; i < c->tx_nsrc; i++) {
        if (v < c->tx_src[i].len) {
            *ptr = (const uint8_t *)c->tx_src[i].base + v;
            return IW__MIN(lim, c->tx_src[i].len - v);
        }
        v -= c->tx_src[i].len;
    }
    *ptr = c->tx_trl;
    return 0;
}

/* Fill the send window from wire offset off; returns the number of iovecs. */
static size_t iw__tx_window(iw_mpa_conn *c, size_t off, size_t *bytes)
{
    size_t n = 0, total = 0;
    while (n < IW_CFG_MPA_TX_WINDOW && off < c->tx_wlen) {
        const uint8_t *p;
        size_t k = iw__tx_piece(c, off, c->tx_mk[n], &p);
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

/* Lay out one FPDU (RFC 5044 §4; MPA-046..048): ULPDU_Length, the ULPDU pieces, PAD (zeros),
 * CRC over everything before the CRC field, markers included (MPA-054), or 0 without CRC
 * (MPA-026, MPA-027). */
static void iw__tx_start(iw_mpa_conn *c, const iw_iov *iov, size_t n, size_t ulen, int is_ulp)
{
    size_t i, pad = iw_mpa_pad(ulen), vlen = 2u + ulen + pad + IW_MPA_CRC_LEN, off;
    uint32_t crc = 0;
    uint8_t mk[4];
    iw__put_be16(c->tx_hdr, (uint16_t)ulen);
    IW_MEMSET(c->tx_trl, 0, sizeof c->tx_trl);
    c->tx_src[0].base = c->tx_hdr;
    c->tx_src[0].len = 2;
    for (i = 0; i < n; i++) { /* member by member: the ULP just wrote iov so (a block copy's
                                * wider loads could not be forwarded from those stores) */
        c->tx_src[1 + i].base = iov[i].base;
        c->tx_src[1 + i].len = iov[i].len;
    }
    c->tx_src[1 + n].base = c->tx_trl;
    c->tx_src[1 + n].len = pad + IW_MPA_CRC_LEN;
    c->tx_nsrc = n + 2;
    c->tx_fpdu_pos = c->tx_pos;
    c->tx_wlen = vlen;
    if (c->mk_tx) c->tx_wlen = iw__mk_wlen(iw__tx_rel(c, c->tx_pos), vlen);
    if (c->ops->tx_room) { /* copy-out: the CRC is computed as the octets are written */
    } else if (c->crc_on && !c->mk_tx) { /* no markers: the pieces as they are */
        for (i = 0; i + 1 < c->tx_nsrc; i++) crc = iw__crc(c, crc, c->tx_src[i].base, c->tx_src[i].len);
        crc = iw__crc(c, crc, c->tx_trl, pad);
    } else if (c->crc_on) {
        for (off = 0; off < c->tx_wlen - IW_MPA_CRC_LEN;) {
            const uint8_t *p;
            size_t k = iw__tx_piece(c, off, mk, &p);
            k = IW__MIN(k, c->tx_wlen - IW_MPA_CRC_LEN - off);
            crc = iw__crc(c, crc, p, k);
            off += k;
        }
    }
    iw__put_le32(c->tx_trl + pad, crc); /* MPA-053: least significant octet first */
    c->tx_off = 0;
    c->tx_busy = 1;
    c->tx_stale = 0;
    c->tx_crc_acc = 0;
    c->tx_crc_end = 0;
    c->stats.tx_fpdus++;
    c->stats.tx_markers += (uint32_t)((c->tx_wlen - vlen) / IW_MPA_MARKER_LEN);
    c->tx_is_ulp = (uint8_t)is_ulp;
    c->tx_notify = 0;
}

/* CRC of the in-flight FPDU's wire octets [from, to) as they are in memory now, continuing
 * crc (markers included, MPA-054). */
static uint32_t iw__tx_crc_span(const iw_mpa_conn *c, uint32_t crc, size_t from, size_t to)
{
    uint8_t mk[4];
    while (from < to) {
        const uint8_t *p;
        size_t k = iw__tx_piece(c, from, mk, &p); /* once: IW__MIN evaluates twice */
        k = IW__MIN(k, to - from);
        crc = iw__crc(c, crc, p, k);
        from += k;
    }
    return crc;
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

/* The common case of iw__tx_copyout in one pass: an FPDU without markers, from its first
 * octet, into a room that holds all of it, CRC on, no host CRC engine and no trace. Its wire
 * octets are its pieces in order (RFC 5044 §4: ULPDU_Length, the ULPDU, PAD, CRC), each
 * copied with the same CRC call the piecewise loop makes for it (iw__tx_piece gives exactly
 * these pieces when there are no markers and the room is not short); the state left behind
 * (tx_off, tx_crc_acc, the CRC field in tx_trl) is the loop's too. */
static void iw__tx_copyout_whole(iw_mpa_conn *c, uint8_t *dst)
{
    size_t i, last = c->tx_nsrc - 1u, pad = c->tx_src[last].len - IW_MPA_CRC_LEN;
    uint32_t crc = 0;
    for (i = 0; i < last; i++) { /* ULPDU_Length, then the ULPDU's pieces */
        const uint8_t *p = (const uint8_t *)c->tx_src[i].base;
        size_t k = c->tx_src[i].len;
        if (k == 0) continue; /* base may be NULL */
        if (k <= 8) crc = iw__crc_cp_small(c->crc_fn, crc, dst, p, k);
        else crc = c->crc_copy_fn(crc, dst, p, k);
        dst += k;
    }
    if (pad) crc = iw__crc_cp_small(c->crc_fn, crc, dst, c->tx_trl, pad); /* zeros (MPA-053) */
    iw__put_le32(c->tx_trl + pad, crc); /* MPA-053: least significant octet first */
    IW_MEMCPY(dst + pad, c->tx_trl + pad, IW_MPA_CRC_LEN);
    c->tx_crc_acc = crc;
    c->tx_off = c->tx_wlen;
}

/* Copy-out transmit (iw_mpa_host_ops.tx_room): write the FPDU in flight from wire offset
 * tx_off into the room dst[0..cap) the host gave (cap >= 1), as much as fits, and hand it over
 * (tx_commit). The CRC runs over the octets as they are copied, markers and PAD included
 * (RFC 5044 §4.3; MPA-053, MPA-054), and is kept in tx_crc_acc across a full buffer; its field
 * goes out last, least significant octet first. IW_EHOST when tx_commit failed. */
static iw_status iw__tx_copyout_room(iw_mpa_conn *c, uint8_t *dst, size_t cap)
{
    size_t cend = c->tx_wlen - IW_MPA_CRC_LEN, w = 0;
    if (c->tx_off == 0 && cap >= c->tx_wlen && !c->mk_tx && c->crc_on && !c->ops->crc32c &&
        !c->ops->trace) {
        iw__tx_copyout_whole(c, dst);
        w = c->tx_wlen;
    }
    while (w < cap && c->tx_off < c->tx_wlen) {
        const uint8_t *p;
        uint8_t mk[4];
        size_t k;
        if (c->tx_off < cend) {
            k = iw__tx_piece(c, c->tx_off, mk, &p); /* once: IW__MIN evaluates twice */
            k = IW__MIN(IW__MIN(k, cend - c->tx_off), cap - w);
            if (!c->crc_on) IW_MEMCPY(dst + w, p, k);
            else if (!c->ops->crc32c && k <= 8) /* ULPDU_Length, PAD, a marker: inline */
                c->tx_crc_acc = iw__crc_cp_small(c->crc_fn, c->tx_crc_acc, dst + w, p, k);
            else if (!c->ops->crc32c)
                c->tx_crc_acc = c->crc_copy_fn(c->tx_crc_acc, dst + w, p, k);
            else { /* the host's engine reads what was written */
                IW_MEMCPY(dst + w, p, k);
                c->tx_crc_acc = iw__crc(c, c->tx_crc_acc, dst + w, k);
            }
        } else { /* the CRC field (0 without CRC, MPA-027) */
            uint8_t *f = c->tx_trl + c->tx_src[c->tx_nsrc - 1].len - IW_MPA_CRC_LEN;
            if (c->tx_off == cend) iw__put_le32(f, c->crc_on ? c->tx_crc_acc : 0u);
            p = f + (c->tx_off - cend);
            k = IW__MIN(c->tx_wlen - c->tx_off, cap - w);
            IW_MEMCPY(dst + w, p, k);
        }
        if (c->ops->trace) iw__trace(c, IW_MPA_TRACE_TX, dst + w, k, c->tx_off + k == c->tx_wlen);
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

/* A host op of the transmit path failed (send, tx_commit): the stream is broken mid-octet, so
 * the connection always ends abortively, once (IW_EHOST, STYLE.md 6). */
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

/* Offer what is pending to the host: the setup frame, the FPDU in flight, then a queued
 * Terminate or provider FPDU; close when asked and drained. A partial accept keeps the exact
 * octet (tx_off / fr_tx_sent) and the host calls iw_mpa_tx_resume later. */
static iw_status iw__tx_pump(iw_mpa_conn *c)
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
        if (c->tx_busy && c->ops->tx_room) {
            st = iw__tx_copyout(c);
            if (st != IW_OK) goto host_fail;
            if (c->tx_off < c->tx_wlen) return IW_OK; /* full: iw_mpa_tx_resume goes on */
        } else if (c->tx_busy) {
            size_t cend = c->tx_wlen - IW_MPA_CRC_LEN;
            if (c->tx_stale) { /* resumed after a partial accept: the CRC covers what TCP
                                * gets, the rest as it is now (MPA-053) */
                c->tx_stale = 0;
                if (c->tx_off < cend)
                    iw__put_le32(c->tx_trl + c->tx_src[c->tx_nsrc - 1].len - IW_MPA_CRC_LEN,
                                 iw__tx_crc_span(c, c->tx_crc_acc, c->tx_off, cend));
            }
            n = iw__tx_window(c, c->tx_off, &bytes);
            st = c->ops->send(c->ctx, c->tx_win, n, &acc);
            if ((st != IW_OK && st != IW_EAGAIN) || acc > bytes) goto host_fail;
            if (c->ops->trace) iw__tx_trace(c, c->tx_off, acc);
            c->tx_off += acc;
            if (c->tx_off < c->tx_wlen) {
                if (acc == bytes && st == IW_OK) continue; /* window done, more to offer */
                if (c->crc_on && c->tx_crc_end < IW__MIN(c->tx_off, cend)) {
                    c->tx_crc_acc = iw__tx_crc_span(c, c->tx_crc_acc, c->tx_crc_end,
                                                    IW__MIN(c->tx_off, cend));
                    c->tx_crc_end = IW__MIN(c->tx_off, cend);
                }
                c->tx_stale = (uint8_t)c->crc_on; /* the source may change before resume */
                return IW_OK;
            }
        }
        if (c->tx_busy) { /* the FPDU is out */
            c->tx_busy = 0;
            c->tx_pos += (uint32_t)c->tx_wlen;
            /* The ULP's pending FPDU is out; or MPA's own frame (RTR, Read RTR answer) that
             * kept the ULP waiting on iw_mpa_tx_busy is: tell it either way. */
            if (((c->tx_is_ulp && c->tx_notify) ||
                 (!c->tx_is_ulp && c->state == IW_MPA_S_FULL && c->err.status == IW_OK)) &&
                c->ulp->tx_done) {
                c->tx_notify = 0;
                c->ulp->tx_done(c->uctx);
            }
            continue;
        }
        if (c->term_pending) {
            iw_iov v;
            c->term_pending = 0;
            v.base = c->term;
            v.len = IW_MPA_TERM_ULPDU_LEN;
            iw__tx_start(c, &v, 1, v.len, 0);
            continue;
        }
        if (c->ctl_pending) {
            iw_iov v;
            c->ctl_pending = 0;
            v.base = c->ctl;
            v.len = c->ctl_len;
            iw__tx_start(c, &v, 1, v.len, 0);
            continue;
        }
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

/* iw_mpa_tx for a copy-out host (tx_room), no markers, CRC on, no host CRC engine, no trace:
 * the general path is iw__tx_start, then iw__tx_pump, whose copy-out asks for room once and,
 * when the room holds the whole FPDU, writes it in one pass (iw__tx_copyout_whole) and
 * completes it. Here the room is asked for first, with the same want (the FPDU's length), and
 * when it holds the FPDU it is written straight from iov, with the layout of RFC 5044 §4
 * (MPA-046..048: ULPDU_Length, the ULPDU, PAD of zeros; MPA-053: the CRC over all that, least
 * significant octet first), committed and completed as the pump would (tx_pos, stats; no
 * tx_done: nothing was left pending), without laying out the piece list. A shorter room (or
 * none) goes on in the general path with that room: the host sees the same calls. */
static iw_status iw__tx_whole(iw_mpa_conn *c, const iw_iov *iov, size_t n, size_t ulen)
{
    static const uint8_t zero[4] = {0, 0, 0, 0};
    size_t i, pad = iw_mpa_pad(ulen), wlen = 2u + ulen + pad + IW_MPA_CRC_LEN, cap = 0;
    uint8_t *d = c->ops->tx_room(c->ctx, wlen, &cap), hdr[2];
    uint32_t crc;
    if (!d || cap < wlen) { /* the general path, from the room just given */
        iw__tx_start(c, iov, n, ulen, 1);
        if (!d || cap == 0) return IW_OK; /* full: iw_mpa_tx_resume goes on */
        if (iw__tx_copyout_room(c, d, cap) != IW_OK) return iw__tx_host_fail(c);
        return iw__tx_pump(c);
    }
    iw__put_be16(hdr, (uint16_t)ulen);
    crc = iw__crc_cp_small(c->crc_fn, 0, d, hdr, 2);
    d += 2;
    for (i = 0; i < n; i++) {
        const uint8_t *p = (const uint8_t *)iov[i].base;
        size_t k = iov[i].len;
        if (k > 16) crc = c->crc_copy_fn(crc, d, p, k);
        else if (k) crc = iw__crc_cp_small(c->crc_fn, crc, d, p, k); /* base may be NULL at 0 */
        d += k;
    }
    if (pad) crc = iw__crc_cp_small(c->crc_fn, crc, d, zero, pad);
    iw__put_le32(d + pad, crc);
    /* what iw__tx_start and the pump leave behind for a completed FPDU */
    c->tx_fpdu_pos = c->tx_pos;
    c->tx_wlen = c->tx_off = wlen;
    c->tx_crc_acc = crc;
    c->tx_crc_end = 0;
    c->tx_stale = 0;
    c->tx_is_ulp = 1;
    c->tx_notify = 0;
    c->stats.tx_fpdus++;
    if (c->ops->tx_commit(c->ctx, wlen) != IW_OK) return iw__tx_host_fail(c);
    c->tx_pos += (uint32_t)wlen;
    return IW_OK;
}

static iw_status iw__send_frame(iw_mpa_conn *c, const iw_mpa_frame *f)
{
    size_t len;
    iw_status st = iw_mpa_frame_encode(f, c->fr_tx, sizeof c->fr_tx, &len);
    if (st != IW_OK) return st;
    c->fr_tx_len = len;
    c->fr_tx_sent = 0;
    iw__trace(c, IW_MPA_TRACE_TX, c->fr_tx, len, 1);
    return iw__tx_pump(c);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_tx(iw_mpa_conn *c, const iw_iov *iov, size_t n)
{
    size_t i, ulen = 0;
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
    for (i = 0; i < n; i++) {
        if (iov[i].len && !iov[i].base) return IW_EINVAL;
        ulen += iov[i].len;
        if (ulen > 0xFFFFu) return IW_EINVAL;
    }
    if (ulen == 0) return IW_EINVAL;
    if (c->tx_busy || c->fr_tx_len || c->ctl_pending || c->term_pending) return IW_EAGAIN;
    if (c->mk_tx && !iw__mk_fits(iw__tx_rel(c, c->tx_pos), ulen)) return IW_EINVAL;
    if (c->ops->tx_room && !c->mk_tx && c->crc_on && !c->ops->crc32c && !c->ops->trace &&
        !c->closed) {
        (void)iw__tx_whole(c, iov, n, ulen);
    } else {
        iw__tx_start(c, iov, n, ulen, 1);
        (void)iw__tx_pump(c);
    }
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
    return c->err.status != IW_OK ? c->err.status : st; /* sticky (STYLE.md 6) */
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
    if (c->cfg.p2p && (c->cfg.rtr & IW_MPA_RTR_READ) && c->ord == 0) c->ord = 1; /* MPA-042 */
    f.ird_word = c->ird;
    f.ord_word = c->ord;
    if (c->cfg.p2p) { /* MPA-037: P2P and every RTR type we can send */
        f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_P2P);
        if (c->cfg.rtr & IW_MPA_RTR_SEND) f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_RTR_SEND);
        if (c->cfg.rtr & IW_MPA_RTR_WRITE) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_WRITE);
        if (c->cfg.rtr & IW_MPA_RTR_READ) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_READ);
    }
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

static void iw__info(const iw_mpa_conn *c, iw_mpa_info *in, const uint8_t *pd, size_t pd_len)
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
    if (c->p2p) { /* MPA-038: P2P and exactly the one RTR chosen */
        f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_P2P);
        if (c->rtr == IW_MPA_RTR_SEND) f.ird_word = (uint16_t)(f.ird_word | IW_MPA_IRD_RTR_SEND);
        if (c->rtr == IW_MPA_RTR_WRITE) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_WRITE);
        if (c->rtr == IW_MPA_RTR_READ) f.ord_word = (uint16_t)(f.ord_word | IW_MPA_ORD_RTR_READ);
    }
    return iw__send_frame(c, &f);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_accept(iw_mpa_conn *c, uint16_t ird, uint16_t ord, const uint8_t *pd,
                               size_t pd_len)
{
    if (!c || (pd_len && !pd)) return IW_EINVAL;
    if (c->state != IW_MPA_S_AWAIT_ULP || c->err.status != IW_OK) return IW_ESTATE;
    if (pd_len + (c->enhanced ? IW_MPA_IRDORD_LEN : 0u) > IW_CFG_MPA_MAX_PRIVDATA) return IW_EINVAL;
    ird = (uint16_t)IW__MIN(ird, IW_MPA_IRDORD_MAX); /* MPA-033 */
    ord = (uint16_t)IW__MIN(ord, IW_MPA_IRDORD_MAX);
    if (c->enhanced) ord = (uint16_t)IW__MIN(ord, c->peer_ird); /* MPA-035 */
    if (c->rtr == IW_MPA_RTR_READ && ird == 0) ird = 1;          /* MPA-042 */
    c->ird = ird;
    c->ord = ord;
    c->crc_on = (uint8_t)(c->cfg.crc || (c->req_flags & IW_MPA_FLAG_C)); /* MPA-024 */
    c->mk_tx = (uint8_t)((c->req_flags & IW_MPA_FLAG_M) != 0);          /* MPA-023 */
    c->mk_rx = c->cfg.markers_rx;
    c->mulpdu = iw_mpa_mulpdu_for(c->cfg.emss, c->mk_tx);
    c->state = IW_MPA_S_AWAIT_FIRST; /* MPA-015: no FPDU until the first one is validated */
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
    c->rev = (uint8_t)IW__MIN(f->rev, c->cfg.rev); /* MPA-009 */
    c->enhanced = (uint8_t)(c->rev == 2 && f->enhanced);
    if (c->enhanced) {
        unsigned offer = 0;
        c->peer_ird = (uint16_t)(f->ird_word & IW_MPA_IRDORD_MAX);
        c->peer_ord = (uint16_t)(f->ord_word & IW_MPA_IRDORD_MAX);
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
    iw__info(c, &in, f->pd, f->pd_len);
    in.rtr = c->rtr_offer;
    c->ulp->request(c->uctx, &in);
    return c->err.status;
}

static void iw__queue_ctl(iw_mpa_conn *c, const uint8_t *u, size_t len)
{
    IW_MEMCPY(c->ctl, u, len);
    c->ctl_len = len;
    c->ctl_pending = 1;
}

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
    c->mulpdu = iw_mpa_mulpdu_for(c->cfg.emss, c->mk_tx);
    c->state = IW_MPA_S_FULL; /* MPA-016 */
    if (c->mk_tx && !c->cfg.markers_tx) /* MPA-028: we cannot honour the Reply */
        return iw__fail(c, IW_EPROTO, IW_MPA_ECODE_LOCAL, IW_MPA_FERR_NONE, 2, 0,
                        IW_MPA_ECODE_LOCAL, 0, 0);
    if (c->enhanced) {
        unsigned chosen = 0;
        c->peer_ird = (uint16_t)(f->ird_word & IW_MPA_IRDORD_MAX);
        c->peer_ord = (uint16_t)(f->ord_word & IW_MPA_IRDORD_MAX);
        /* RFC 6581 (MPA-036): the Responder's ORD must fit our IRD, raised if we can. */
        if (c->peer_ord > c->ird) {
            if (c->peer_ord > c->cfg.ird_max) return iw__fail_mpa(c, IW_MPA_ECODE_IRD);
            c->ird = c->peer_ord;
        }
        c->ord = (uint16_t)IW__MIN(c->ord, c->peer_ird); /* MPA-034 */
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
    }
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
        }
        (void)iw__tx_pump(c);
        if (c->err.status != IW_OK) return c->err.status;
    }
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
            size_t k = IW__MIN(need - c->fr_rx_have, len - take);
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

/* Which RTR message a ULPDU is (RFC 6581; DDP control 0x80 T, 0x40 L, 0x03 DV; RDMAP opcode
 * in the low nibble of octet 1). 0 if none. */
static unsigned iw__rtr_kind(const uint8_t *u, size_t len)
{
    if ((u[0] & 0x43u) != 0x41u || (u[1] & 0xC0u) != 0x40u) return 0;
    if ((u[0] & 0x80u) && len == 14 && (u[1] & 0x0Fu) == 0x0) return IW_MPA_RTR_WRITE;
    if (u[0] & 0x80u) return 0;
    if (iw__get_be32(u + 10) != 1 || iw__get_be32(u + 14) != 0) return 0; /* MSN 1, MO 0 */
    if (len == 18 && (u[1] & 0x0Fu) == 0x3 && iw__get_be32(u + 6) == 0) return IW_MPA_RTR_SEND;
    if (len == 46 && (u[1] & 0x0Fu) == 0x1 && iw__get_be32(u + 6) == 1 &&
        iw__get_be32(u + 30) == 0)
        return IW_MPA_RTR_READ;
    return 0;
}

/* The ULP's answer to deliver, place or commit: anything but IW_OK is its own error, which
 * stops the stream; the ULP sends its Terminate (MPA-056). */
static iw_status iw__ulp_status(iw_mpa_conn *c, iw_status st)
{
    if (st != IW_OK && c->err.status == IW_OK) {
        c->err.status = st;
        c->state = IW_MPA_S_CLOSING;
    }
    return c->err.status;
}

/* A validated ULPDU: the RTR and first-FPDU rules, then delivery to the ULP. */
static iw_status iw__rx_ulpdu(iw_mpa_conn *c, const uint8_t *u, size_t len)
{
    iw_status st;
    if (c->state == IW_MPA_S_AWAIT_FIRST) { /* MPA-015: the Initiator's first FPDU */
        iw_mpa_info in;
        unsigned kind = 0;
        if (c->p2p) {
            kind = iw__rtr_kind(u, len);
            if (kind != c->rtr) return iw__fail_mpa(c, IW_MPA_ECODE_RTR); /* MPA-041 */
        }
        c->state = IW_MPA_S_FULL;
        if (kind == IW_MPA_RTR_READ) { /* MPA-042: answer with a zero-length Read Response */
            uint8_t r[14];
            r[0] = 0xC1; /* tagged, Last */
            r[1] = 0x42; /* RDMA Read Response */
            IW_MEMCPY(r + 2, u + 18, 12); /* SinkSTag, SinkTO of the Read Request */
            iw__queue_ctl(c, r, sizeof r);
            (void)iw__tx_pump(c);
            if (c->err.status != IW_OK) return c->err.status;
        }
        iw__info(c, &in, NULL, 0);
        if (c->ulp->established) c->ulp->established(c->uctx, &in);
        if (c->err.status != IW_OK) return c->err.status;
        if (c->tx_notify && !c->tx_busy && c->ulp->tx_done) { /* refused while waiting */
            c->tx_notify = 0;
            c->ulp->tx_done(c->uctx);
            if (c->err.status != IW_OK) return c->err.status;
        }
        /* MPA-043/044: a Send RTR takes a receive buffer; Write and Read RTRs stay here. */
        if (kind == IW_MPA_RTR_WRITE || kind == IW_MPA_RTR_READ) return IW_OK;
    } else if (c->rtr_wait) { /* Initiator, Read RTR: the zero-length Read Response */
        if (len != 14 || (u[0] & 0xC3u) != 0xC1u || (u[1] & 0xCFu) != 0x42u)
            return iw__fail_mpa(c, IW_MPA_ECODE_RTR);
        c->rtr_wait = 0;
        return IW_OK;
    }
    st = c->ulp->deliver(c->uctx, u, len);
    return iw__ulp_status(c, st);
}

/* Fused receive (see iw_mpa_ulp_ops.place): fp is a whole FPDU whose only marker, if any, is
 * the lead octets in front of its ULPDU_Length; the ULPDU is ULPDU_Length octets, PAD apart.
 * Inlined into both its callers (iw__rx_stream, iw__rx_run): no frame of its own per FPDU. */
static IW__HOT iw_status iw__rx_fused(iw_mpa_conn *c, const uint8_t *fp, size_t lead)
{
    const uint8_t *u = fp + lead + 2u;
    size_t len = iw__get_be16(fp + lead), pad = iw_mpa_pad(len); /* validated ULPDU_Length */
    /* no host crc32c op here (see iw__rx_stream): the connection's own path */
    uint32_t crc = iw__crc32c_short(c->crc_fn, 0, fp, lead + 2u);
    iw_status st = c->ulp->place(c->uctx, u, len, crc, &crc);
    if (st != IW_OK) return iw__ulp_status(c, st);
    if (pad) crc = iw__crc32c_short(c->crc_fn, crc, u + len, pad);
    if (crc != iw__get_le32(u + len + pad)) { /* MPA-055: nothing of it is completed */
        (void)c->ulp->commit(c->uctx, 0);
        return iw__fail_mpa(c, IW_MPA_ECODE_CRC);
    }
    return iw__ulp_status(c, c->ulp->commit(c->uctx, 1));
}

/* One complete FPDU: CRC (MPA-055), marker check (MPA-068), then the ULPDU. Nothing of a bad
 * FPDU is handed up. */
static iw_status iw__rx_done(iw_mpa_conn *c, uint32_t crc, const uint8_t field[4],
                             const uint8_t *u, size_t len, int mk_bad)
{
    if (c->crc_on && crc != iw__get_le32(field)) return iw__fail_mpa(c, IW_MPA_ECODE_CRC);
    if (mk_bad) return iw__fail_mpa(c, IW_MPA_ECODE_MARKER);
    return iw__rx_ulpdu(c, u, len);
}

/* ULPDU_Length outside [14, rx_max]: Terminate (1, 0, 0x00) "segment size invalid"
 * (MPA-071, project rule from RDMAC verbs). */
IW__INLINE int iw__rx_len_ok(const iw_mpa_conn *c, size_t len)
{
    return len >= IW_MPA_MIN_ULPDU && len <= c->rx_max;
}
static iw_status iw__rx_bad_len(iw_mpa_conn *c)
{
    return iw__fail(c, IW_ETERM, 0, IW_MPA_FERR_NONE, 1, 0, 0, 1, 0);
}

/* ---- streamed placement (see iw_mpa_place_begin_fn) ---- */

/* Whether the FPDU whose ULPDU_Length was just read may be streamed: the fused path's
 * conditions (CRC on, no host crc32c op, Full Operation, no RTR pending), no markers toward us
 * (a marker inside would cut the payload: RFC 5044 §5), and a payload beyond the header. */
static int iw__rx_can_stream(const iw_mpa_conn *c)
{
    return c->place_begin && c->crc_on && !c->mk_rx && !c->ops->crc32c &&
           c->state == IW_MPA_S_FULL && !c->rtr_wait && c->rx_len > IW_MPA_PLACE_HDR;
}

/* The header is in rx_uh: ask the ULP. Declined: the header goes to the reassembly buffer and
 * the FPDU is reassembled as any other. Accepted: the payload octets already in rx_uh (their
 * CRC is computed) go to the destination. */
static iw_status iw__rx_begin(iw_mpa_conn *c)
{
    iw_mpa_place_dst *dst = NULL;
    size_t hl = 0;
    iw_status st = c->place_begin(c->uctx, c->rx_uh, IW_MPA_PLACE_HDR, c->rx_len, &dst, &hl);
    c->rx_try = 0;
    if (st == IW_EAGAIN) {
        IW_MEMCPY(c->reasm, c->rx_uh, IW_MPA_PLACE_HDR);
        return IW_OK;
    }
    if (st == IW_OK && (!dst || !dst->base || hl > IW_MPA_PLACE_HDR)) st = IW_EHOST; /* its bug */
    if (st != IW_OK) return iw__ulp_status(c, st);
    c->rx_placing = 1;
    c->rx_hl = (uint8_t)hl;
    c->rx_pdst = dst;
    if (hl < IW_MPA_PLACE_HDR) IW_MEMCPY(dst->base, c->rx_uh + hl, IW_MPA_PLACE_HDR - hl);
    return IW_OK;
}

/* The CRC field of a streamed FPDU is in: the fused path's ending (iw__rx_fused). */
static iw_status iw__rx_end(iw_mpa_conn *c)
{
    c->rx_pdst = NULL;
    if (c->rx_crc != iw__get_le32(c->rx_crcf)) { /* MPA-055: nothing of it is completed */
        (void)c->ulp->commit(c->uctx, 0);
        return iw__fail_mpa(c, IW_MPA_ECODE_CRC);
    }
    return iw__ulp_status(c, c->ulp->commit(c->uctx, 1));
}

static iw_status iw__rx_stream(iw_mpa_conn *c, const uint8_t *p, size_t len, size_t *used)
{
    const uint8_t *s = p, *end = p + len;
    iw_status st = IW_OK;
    while (p < end && st == IW_OK && c->err.status == IW_OK) {
        size_t avail = (size_t)(end - p), n, take;
        uint32_t r = (c->rx_pos - c->cfg.rx_seq_start) & 511u;
        int crc_done = 0;
        /* Fast path: a whole FPDU with no marker inside lies in p: check it and hand the
         * ULPDU up in place, no copy (DESIGN.md). */
        if (c->rx_state == IW__RX_LEN && !c->rx_started) {
            size_t lead = (c->mk_rx && r == 0) ? IW_MPA_MARKER_LEN : 0u;
            if (avail >= lead + 2u) {
                size_t L = iw__get_be16(p + lead), total;
                c->rx_last_len = (uint32_t)L;
                if (!iw__rx_len_ok(c, L)) {
                    if (lead) iw__trace(c, IW_MPA_TRACE_RX, p, lead + 2u, 1);
                    st = iw__rx_bad_len(c);
                    p += lead + 2u;
                    break;
                }
                total = lead + 2u + L + iw_mpa_pad(L) + IW_MPA_CRC_LEN;
                if (avail >= total && (!c->mk_rx || r + total <= IW_MPA_MARKER_INTERVAL)) {
                    int mk_bad = lead && (iw__get_be16(p + 2) & 0xFFFCu) != 0; /* MPA-065 */
                    int fused = c->crc_on && c->ulp->place && !c->ops->crc32c && !mk_bad &&
                                c->state == IW_MPA_S_FULL && !c->rtr_wait;
                    uint32_t crc = c->crc_on && !fused ? iw__crc(c, 0, p, total - IW_MPA_CRC_LEN) : 0u;
                    iw__trace(c, IW_MPA_TRACE_RX, p, total, 1);
                    c->stats.rx_inplace++;
                    c->stats.rx_fpdus++;
                    c->stats.rx_markers += lead ? 1u : 0u;
                    c->rx_pos += (uint32_t)total;
                    p += total;
                    if (fused)
                        st = iw__rx_fused(c, p - total, lead);
                    else
                        st = iw__rx_done(c, crc, p - IW_MPA_CRC_LEN, p - total + lead + 2u, L, mk_bad);
                    continue;
                }
            }
        }
        /* Slow path, one piece at a time; markers first (MPA-067). */
        if (c->mk_rx && r < IW_MPA_MARKER_LEN) {
            if (r == 0) {
                c->rx_mk_lead = (uint8_t)(c->rx_state == IW__RX_LEN && !c->rx_started);
                if (c->rx_mk_lead) { /* it begins the next FPDU and its CRC (MPA-054) */
                    c->rx_started = 1;
                    c->rx_crc = 0;
                }
            }
            take = IW__MIN(avail, IW_MPA_MARKER_LEN - r);
            IW_MEMCPY(c->rx_mk + r, p, take);
            if (c->crc_on) c->rx_crc = iw__crc(c, c->rx_crc, p, take);
            iw__trace(c, IW_MPA_TRACE_RX, p, take, 0);
            p += take;
            c->rx_pos += (uint32_t)take;
            if (r + take == IW_MPA_MARKER_LEN) {
                uint32_t mpos = c->rx_pos - IW_MPA_MARKER_LEN;
                uint32_t want = c->rx_mk_lead ? 0u : mpos - c->rx_fpdu_pos;
                /* FPDUPTR's two low bits are read as 0 (mpa.md 8); reserved ignored. */
                if ((iw__get_be16(c->rx_mk + 2) & 0xFFFCu) != want) c->rx_mk_bad = 1;
                c->stats.rx_markers++;
            }
            continue;
        }
        n = c->mk_rx ? IW__MIN(avail, IW_MPA_MARKER_INTERVAL - r) : avail;
        switch (c->rx_state) {
        case IW__RX_LEN:
            if (!c->rx_started) {
                c->rx_started = 1;
                c->rx_crc = 0;
            }
            if (c->rx_part == 0) c->rx_fpdu_pos = c->rx_pos;
            take = IW__MIN(n, 2u - c->rx_part);
            IW_MEMCPY(c->rx_hdr + c->rx_part, p, take);
            break;
        case IW__RX_DATA:
            take = IW__MIN(n, c->rx_len - c->rx_part);
            if (c->rx_placing) { /* streamed: copy and CRC in one pass, into place */
                uint8_t *b = c->rx_pdst->base; /* NULL: withdrawn, the CRC only */
                if (b) {
                    c->rx_crc = c->crc_copy_fn(c->rx_crc, b + (c->rx_part - c->rx_hl), p, take);
                    crc_done = 1;
                }
            } else if (c->rx_try && c->rx_part < IW_MPA_PLACE_HDR) { /* its header */
                take = IW__MIN(take, IW_MPA_PLACE_HDR - c->rx_part);
                IW_MEMCPY(c->rx_uh + c->rx_part, p, take);
            } else {
                IW_MEMCPY(c->reasm + c->rx_part, p, take);
            }
            break;
        case IW__RX_PAD:
            take = IW__MIN(n, (size_t)c->rx_pad - c->rx_part);
            break;
        default: /* IW__RX_CRC: the field itself is not covered */
            take = IW__MIN(n, IW_MPA_CRC_LEN - c->rx_part);
            IW_MEMCPY(c->rx_crcf + c->rx_part, p, take);
            break;
        }
        if (c->crc_on && c->rx_state != IW__RX_CRC && !crc_done)
            c->rx_crc = iw__crc(c, c->rx_crc, p, take);
        c->rx_part += take;
        c->rx_pos += (uint32_t)take;
        p += take;
        switch (c->rx_state) {
        case IW__RX_LEN:
            iw__trace(c, IW_MPA_TRACE_RX, p - take, take, 0);
            if (c->rx_part < 2) break;
            c->rx_len = iw__get_be16(c->rx_hdr);
            c->rx_last_len = (uint32_t)c->rx_len;
            if (!iw__rx_len_ok(c, c->rx_len)) {
                iw__trace(c, IW_MPA_TRACE_RX, p, 0, 1);
                st = iw__rx_bad_len(c);
                break;
            }
            c->rx_pad = (uint8_t)iw_mpa_pad(c->rx_len);
            c->rx_part = 0;
            c->rx_state = IW__RX_DATA;
            c->rx_try = (uint8_t)iw__rx_can_stream(c);
            break;
        case IW__RX_DATA:
            iw__trace(c, IW_MPA_TRACE_RX, p - take, take, 0);
            if (c->rx_try && c->rx_part == IW_MPA_PLACE_HDR) st = iw__rx_begin(c);
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
                c->stats.rx_fpdus++;
                if (c->rx_placing) {
                    c->rx_placing = 0;
                    c->stats.rx_streamed++;
                    st = iw__rx_end(c);
                    break;
                }
                c->stats.rx_copied++;
                st = iw__rx_done(c, c->rx_crc, c->rx_crcf, c->reasm, c->rx_len, mk_bad);
            }
            break;
        }
    }
    *used = (size_t)(p - s);
    return st;
}

/* iw__rx_stream's fast path (a whole FPDU with no marker inside lies in p: fused, in place)
 * FPDU after FPDU, for a connection that takes every FPDU that way: no markers toward us
 * (RFC 5044 §5), no FPDU begun in an earlier feed, fused receive (CRC on, place/commit, no
 * host crc32c op) and no trace op; each FPDU still needs Full Operation, no RTR awaited, and
 * no error. It does what iw__rx_stream does for such an FPDU, in its order (ULPDU_Length read
 * and checked, MPA-071; the counters; iw__rx_fused: place, CRC, commit, MPA-055), and stops
 * at the first octet it does not take that way (a short or bad FPDU, a changed state, an
 * error: iw__rx_stream goes on from there, as its own loop would). Returns the octets taken;
 * *stp is the status of the last FPDU. */
static size_t iw__rx_run(iw_mpa_conn *c, const uint8_t *p, size_t len, iw_status *stp)
{
    const uint8_t *s = p, *end = p + len;
    iw_status st = IW_OK;
    while ((size_t)(end - p) >= 2u && st == IW_OK && c->err.status == IW_OK &&
           c->state == IW_MPA_S_FULL && !c->rtr_wait) {
        size_t L = iw__get_be16(p), total = 2u + L + iw_mpa_pad(L) + IW_MPA_CRC_LEN;
        if (!iw__rx_len_ok(c, L) || (size_t)(end - p) < total) break; /* iw__rx_stream's */
        c->rx_last_len = (uint32_t)L;
        c->stats.rx_inplace++;
        c->stats.rx_fpdus++;
        c->rx_pos += (uint32_t)total;
        st = iw__rx_fused(c, p, 0);
        p += total;
    }
    *stp = st;
    return (size_t)(p - s);
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
    if (len >= 2u && c->state == IW_MPA_S_FULL && c->rx_state == IW__RX_LEN && !c->rx_started &&
        !c->mk_rx && c->crc_on && c->ulp->place && !c->ops->crc32c && !c->ops->trace)
        used = iw__rx_run(c, p, len, &st); /* p is not NULL (len >= 2) */
    while (used < len && st == IW_OK) {
        switch (c->state) {
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
        case IW_MPA_S_AWAIT_FIRST:
        case IW_MPA_S_FULL:
            st = iw__rx_stream(c, p + used, len - used, &n);
            used += n;
            break;
        case IW_MPA_S_CLOSING:
        case IW_MPA_S_CLOSED:
            /* Our half close (iw_mpa_close, no error; the host's close op sends the FIN): the
             * peer may still send, e.g. its Terminate; FPDUs are still checked and handed up
             * until its FIN (iw_mpa_llp_closed). */
            if (c->err.status == IW_OK && c->rx_half) {
                st = iw__rx_stream(c, p + used, len - used, &n);
                used += n;
                break;
            }
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
    if (c->state != IW_MPA_S_FULL && c->state != IW_MPA_S_AWAIT_FIRST) return IW_ESTATE;
    if (c->err.status != IW_OK || c->term_pending) return IW_ESTATE;
    c->err.status = IW_ETERM;
    c->err.term = t;
    c->err.term_sent = 1;
    iw_mpa_build_terminate(c->term, t);
    c->term_pending = 1;
    c->ctl_pending = 0;
    c->close_after = 1;
    c->state = IW_MPA_S_CLOSING;
    return iw__tx_pump(c);
}

/* see mpa.h */
IW_DEF void iw_mpa_close(iw_mpa_conn *c)
{
    if (!c || c->closed) return;
    c->close_after = 1;
    if (c->state == IW_MPA_S_FULL && c->err.status == IW_OK) c->rx_half = 1;
    if (c->state != IW_MPA_S_CLOSED) c->state = IW_MPA_S_CLOSING;
    (void)iw__tx_pump(c);
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

/* see mpa.h */
IW_DEF iw_status iw_mpa_set_place_begin(iw_mpa_conn *c, iw_mpa_place_begin_fn fn)
{
    if (!c || !c->ulp || (fn && (!c->ulp->place || !c->ulp->commit))) return IW_EINVAL;
    if (c->rx_try || c->rx_placing) return IW_ESTATE;
    c->place_begin = fn;
    return IW_OK;
}

/* Whether the connection receives FPDUs now (iw_mpa_rx_feed's rule). */
static int iw__rx_open(const iw_mpa_conn *c)
{
    if (c->err.status != IW_OK || c->rx_fin) return 0;
    return c->state == IW_MPA_S_FULL || (c->state == IW_MPA_S_CLOSING && c->rx_half);
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_rx_direct(iw_mpa_conn *c, uint8_t **dst, size_t *n)
{
    if (!c || !dst || !n) return IW_EINVAL;
    *dst = NULL;
    *n = 0;
    if (c->err.status != IW_OK) return c->err.status;
    if (!iw__rx_open(c) || !c->rx_placing || c->rx_state != IW__RX_DATA ||
        c->rx_part >= c->rx_len || !c->rx_pdst->base)
        return IW_EAGAIN;
    *dst = c->rx_pdst->base + (c->rx_part - c->rx_hl);
    *n = c->rx_len - c->rx_part;
    return IW_OK;
}

/* see mpa.h */
IW_DEF size_t iw_mpa_rx_split_hint(const iw_mpa_conn *c)
{
    const size_t next = 2u + IW_MPA_PLACE_HDR; /* the next FPDU's length and header */
    if (!c || !c->place_begin || !c->crc_on || c->mk_rx || c->ops->crc32c || !iw__rx_open(c))
        return 0;
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
}

/* see mpa.h */
IW_DEF iw_status iw_mpa_rx_direct_done(iw_mpa_conn *c, size_t k)
{
    uint8_t *d;
    if (!c) return IW_EINVAL;
    if (!iw__rx_open(c) || !c->rx_placing || c->rx_state != IW__RX_DATA ||
        c->rx_part >= c->rx_len || !c->rx_pdst->base)
        return IW_ESTATE;
    if (k == 0 || k > c->rx_len - c->rx_part) return IW_EINVAL;
    d = c->rx_pdst->base + (c->rx_part - c->rx_hl);
    c->rx_crc = c->crc_fn(c->rx_crc, d, k); /* in place: the octets are where they belong */
    iw__trace(c, IW_MPA_TRACE_RX, d, k, 0);
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
