/* ddp_fake.h: deterministic fakes for ddp.h tests (test_ddp.c, test_ddp_siw.c).
 *
 * Include after ddp.h (and after mpa_fake.h when the MPA wiring at the end is wanted: it is
 * compiled only when MPA_FAKE_H is defined). Everything is static, allocation-free, and
 * deterministic; each fake also writes a text log so runs of the same input can be compared
 * line for line (STYLE.md 9).
 *
 *   df_llp  fake LLP (iw_ddp_llp_ops): records every segment it takes, as [u16 BE len][bytes]
 *           in `wire` and as (offset, length) in seg_off/seg_len; can take only N segments and
 *           then answer IW_EAGAIN (take_left), report busy (busy), fail at call #k (fail_at)
 *           or at every call from #k on (fail_from).
 *   df_mem  fake memory translation (iw_ddp_mem_ops) over a caller's arena with a small STag
 *           table: STag (index << 8 | key), PD association, base TO (VA-based: any value),
 *           length, access rights, and an optional page-scattered mapping (page != 0: the
 *           region's pages lie in the arena in reverse order, so one range resolves to several
 *           pieces). Checks in the order ddp.h documents: valid, associated, access, TO wrap,
 *           bounds.
 *   df_ulp  fake ULP (iw_ddp_ulp_ops): optional check op (df_ulp_ops vs df_ulp_ops_nocheck),
 *           rx_buf from a FIFO of posted receive buffers per QN (or a Terminate triple chosen
 *           per QN), records every delivery (header, length, hash of the buffer for untagged),
 *           every error and every sent cookie.
 *   df_stream_init   wires an iw_ddp_stream to the three.
 *   df_guard         an mmap'd buffer with PROT_NONE pages right before and after it.
 *   df_mpa_ep        (with mpa_fake.h) an MPA endpoint whose ULP is a DDP stream with its own
 *                    df_mem and df_ulp; verify-then-place or fused MPA upcalls.
 *
 * The API only grows: other test files depend on it. */
#ifndef DDP_FAKE_H
#define DDP_FAKE_H
#include <stdio.h>
#include <string.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <fcntl.h>

#if defined(__GNUC__) || defined(__clang__)
#define DF_UNUSED __attribute__((unused))
#define DF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define DF_UNUSED
#define DF_PRINTF(a, b)
#endif

#define DF_LOG_CAP (1u << 17)

/* FNV-1a, to log payloads compactly. */
static DF_UNUSED uint32_t df_hash(const uint8_t *p, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

/* Append to a text log (truncates silently at cap). */
static void df_logf(char *log, size_t *len, const char *fmt, ...) DF_PRINTF(3, 4);
static DF_UNUSED void df_logf(char *log, size_t *len, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (*len >= DF_LOG_CAP - 1) return;
    va_start(ap, fmt);
    n = vsnprintf(log + *len, DF_LOG_CAP - *len, fmt, ap);
    va_end(ap);
    if (n > 0) *len += (size_t)n;
    if (*len > DF_LOG_CAP - 1) *len = DF_LOG_CAP - 1;
}

/* ======================================================================================== */
/* Fake LLP                                                                                  */
/* ======================================================================================== */

#define DF_WIRE_CAP (1u << 21)
#define DF_SEG_MAX 16384

typedef struct df_llp {
    uint32_t mulpdu;        /* what mulpdu() answers */
    long take_left;         /* segments still taken before IW_EAGAIN (< 0: unlimited) */
    int busy;               /* what busy() answers */
    int busy_after_send;    /* set busy = 1 after every segment taken (the test clears it) */
    int fail_at;            /* send call number (1-based) that returns fail_status (0: never) */
    int fail_from;          /* from this send call on (1-based), every call fails (0: never) */
    iw_status fail_status;  /* default IW_EHOST */
    int send_calls, eagains, busy_calls, mulpdu_calls;
    size_t max_pieces;      /* most iov pieces seen in one send */
    /* every segment taken */
    uint8_t wire[DF_WIRE_CAP]; /* [u16 BE len][bytes] per segment */
    size_t wire_len;
    size_t seg_off[DF_SEG_MAX]; /* offset of the segment's bytes in wire */
    uint32_t seg_len[DF_SEG_MAX];
    size_t nseg;
    int overflow;           /* wire or segment table full (a test bug) */
} df_llp;

static DF_UNUSED void df_llp_init(df_llp *l, uint32_t mulpdu)
{
    memset(l, 0, sizeof *l);
    l->mulpdu = mulpdu;
    l->take_left = -1;
    l->fail_status = IW_EHOST;
}
/* Forget the recorded segments (counters and knobs stay). */
static DF_UNUSED void df_llp_clear(df_llp *l)
{
    l->wire_len = 0;
    l->nseg = 0;
    l->overflow = 0;
}
static DF_UNUSED const uint8_t *df_llp_seg(const df_llp *l, size_t i) { return l->wire + l->seg_off[i]; }

static iw_status df_llp_send(void *lctx, const iw_iov *iov, size_t n)
{
    df_llp *l = (df_llp *)lctx;
    size_t i, total = 0;
    l->send_calls++;
    if (n > l->max_pieces) l->max_pieces = n;
    if (l->fail_at && l->send_calls == l->fail_at) return l->fail_status;
    if (l->fail_from && l->send_calls >= l->fail_from) return l->fail_status;
    if (l->take_left == 0) {
        l->eagains++;
        return IW_EAGAIN;
    }
    for (i = 0; i < n; i++) total += iov[i].len;
    if (total > 0xFFFFu || l->wire_len + 2 + total > DF_WIRE_CAP || l->nseg >= DF_SEG_MAX) {
        l->overflow = 1;
        return IW_EHOST;
    }
    l->wire[l->wire_len] = (uint8_t)(total >> 8);
    l->wire[l->wire_len + 1] = (uint8_t)total;
    l->wire_len += 2;
    l->seg_off[l->nseg] = l->wire_len;
    l->seg_len[l->nseg] = (uint32_t)total;
    l->nseg++;
    for (i = 0; i < n; i++) {
        if (iov[i].len) memcpy(l->wire + l->wire_len, iov[i].base, iov[i].len);
        l->wire_len += iov[i].len;
    }
    if (l->take_left > 0) l->take_left--;
    if (l->busy_after_send) l->busy = 1;
    return IW_OK;
}
static uint32_t df_llp_mulpdu(void *lctx)
{
    df_llp *l = (df_llp *)lctx;
    l->mulpdu_calls++;
    return l->mulpdu;
}
static int df_llp_busy(void *lctx)
{
    df_llp *l = (df_llp *)lctx;
    l->busy_calls++;
    return l->busy;
}
static DF_UNUSED const iw_ddp_llp_ops df_llp_ops = {.send = df_llp_send, .mulpdu = df_llp_mulpdu, .busy = df_llp_busy};

/* ======================================================================================== */
/* Fake memory translation                                                                   */
/* ======================================================================================== */

#define DF_STAGS 8
#define DF_STAG(index, key) ((uint32_t)(((uint32_t)(index) << 8) | ((uint32_t)(key) & 0xFFu)))

typedef struct df_stag {
    uint32_t stag;      /* index << 8 | key; 0 = free slot (STag 0 never resolves) */
    int valid;          /* 0: exists but Invalid */
    uint32_t pd;        /* associated with the stream iff pd == df_mem.pd */
    uint64_t base_to;   /* TO of the region's first octet (base_to + len may be 2^64) */
    uint32_t len;       /* region length */
    unsigned access;    /* IW_DDP_ACC_* granted */
    size_t arena_off;   /* region's storage in the arena: [arena_off, arena_off + len) */
    uint32_t page;      /* 0: contiguous; else pages of this size (from base_to) stored in
                           reverse order: region page i at arena_off + (npages-1-i) * page */
} df_stag;

typedef struct df_mem {
    uint8_t *arena;
    size_t arena_len;
    uint32_t pd;            /* the stream's PD */
    df_stag st[DF_STAGS];
    int calls;              /* resolve calls */
    uint32_t last_stag;     /* arguments of the last call */
    uint64_t last_to;
    uint32_t last_len;
    unsigned last_access;
    size_t last_n;
    iw_ddp_xlate force;     /* != IW_DDP_X_OK: answer this whatever the table says */
    int lie;                /* misbehaving resolver: 1 = pieces cover len + 1 octets, 2 = one
                               octet short, 3 = a NULL piece, 4 = *n = max + 1; and one quirk
                               that is allowed: 5 = an empty piece (NULL, 0) in front */
    int scribble;           /* on a refusal (not force), still fill dst[0] and *n = 1 with the
                               region's first octets: DDP must ignore them */
} df_mem;

static DF_UNUSED void df_mem_init(df_mem *m, uint8_t *arena, size_t arena_len, uint32_t pd)
{
    memset(m, 0, sizeof *m);
    m->arena = arena;
    m->arena_len = arena_len;
    m->pd = pd;
}
/* Register a region in slot (index of st[]); returns the slot's entry for further tweaks. */
static DF_UNUSED df_stag *df_mem_reg(df_mem *m, size_t slot, uint32_t stag, uint64_t base_to,
                                     uint32_t len, unsigned access, size_t arena_off)
{
    df_stag *e = &m->st[slot];
    memset(e, 0, sizeof *e);
    e->stag = stag;
    e->valid = 1;
    e->pd = m->pd;
    e->base_to = base_to;
    e->len = len;
    e->access = access;
    e->arena_off = arena_off;
    return e;
}
/* Arena address of region offset off (0 <= off < len) of e. */
static DF_UNUSED uint8_t *df_mem_addr(const df_mem *m, const df_stag *e, uint64_t off)
{
    if (e->page) {
        uint64_t npages = ((uint64_t)e->len + e->page - 1) / e->page;
        uint64_t pg = off / e->page, in = off % e->page;
        return m->arena + e->arena_off + (size_t)((npages - 1 - pg) * e->page + in);
    }
    return m->arena + e->arena_off + (size_t)off;
}
/* Arena octets a region occupies (with page scattering: whole pages). */
static DF_UNUSED size_t df_mem_span(const df_stag *e)
{
    if (e->page) return (size_t)(((uint64_t)e->len + e->page - 1) / e->page * e->page);
    return e->len;
}
/* Copy region octets [off, off + n) of e into out (gathering scattered pages). */
static DF_UNUSED void df_mem_read(const df_mem *m, const df_stag *e, uint64_t off, uint8_t *out, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) out[i] = *df_mem_addr(m, e, off + i);
}

static iw_ddp_xlate df_mem_resolve_(df_mem *m, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                                    iw_ddp_buf *dst, size_t max, size_t *n, const df_stag **found);
static iw_ddp_xlate df_mem_resolve(void *mctx, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                                   iw_ddp_buf *dst, size_t max, size_t *n)
{
    df_mem *m = (df_mem *)mctx;
    const df_stag *e = NULL;
    iw_ddp_xlate x = df_mem_resolve_(m, stag, to, len, access, dst, max, n, &e);
    if (x != IW_DDP_X_OK && m->scribble && m->force == IW_DDP_X_OK && max > 0) {
        const df_stag *r = e ? e : &m->st[0];
        dst[0].base = m->arena + r->arena_off;
        dst[0].len = len < r->len ? len : r->len;
        *n = 1;
    }
    return x;
}
static iw_ddp_xlate df_mem_resolve_(df_mem *m, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                                    iw_ddp_buf *dst, size_t max, size_t *n, const df_stag **found)
{
    const df_stag *e = NULL;
    size_t i;
    uint64_t off, left;
    m->calls++;
    m->last_stag = stag;
    m->last_to = to;
    m->last_len = len;
    m->last_access = access;
    *n = 0;
    if (m->force != IW_DDP_X_OK) return m->force;
    for (i = 0; i < DF_STAGS && stag != 0; i++)
        if (m->st[i].stag == stag) e = &m->st[i];
    *found = e;
    if (!e || !e->valid) return IW_DDP_X_INVALID_STAG;
    if (e->pd != m->pd) return IW_DDP_X_NOT_ASSOC;
    if ((e->access & access) != access) return IW_DDP_X_ACCESS;
    /* wrap: the last octet lies past 2^64 - 1 (a range may end exactly at 2^64 - 1) */
    if (len && to + (len - 1u) < to) return IW_DDP_X_TO_WRAP;
    if (to < e->base_to || to - e->base_to > e->len || len > e->len - (to - e->base_to)) return IW_DDP_X_BOUNDS;
    off = to - e->base_to;
    left = len;
    while (left) {
        uint64_t k = left;
        if (e->page) {
            uint64_t in = off % e->page;
            if (k > e->page - in) k = e->page - in;
        }
        if (*n >= max) {
            *n = 0;
            return IW_DDP_X_BOUNDS; /* more pieces than the caller can take: a test bug */
        }
        dst[*n].base = df_mem_addr(m, e, off);
        dst[*n].len = (size_t)k;
        (*n)++;
        off += k;
        left -= k;
    }
    switch (m->lie) {
    case 1: dst[*n - 1].len++; break;
    case 2: dst[*n - 1].len--; break;
    case 3: dst[0].base = NULL; break;
    case 4: *n = max + 1; break;
    case 5:
        if (*n < max) {
            memmove(dst + 1, dst, *n * sizeof *dst);
            dst[0].base = NULL;
            dst[0].len = 0;
            (*n)++;
        }
        break;
    default: break;
    }
    m->last_n = *n;
    return IW_DDP_X_OK;
}
static DF_UNUSED const iw_ddp_mem_ops df_mem_ops = {.resolve = df_mem_resolve};

/* ======================================================================================== */
/* Fake ULP                                                                                  */
/* ======================================================================================== */

#define DF_RQ_DEPTH 64
#define DF_DELIV_MAX 1024
#define DF_ERR_MAX 8
#define DF_SENT_MAX 1024

typedef struct df_rbuf {
    iw_ddp_buf b[IW_CFG_DDP_RX_SGE];
    size_t n;
} df_rbuf;

typedef struct df_deliv {
    iw_ddp_hdr h;       /* the L = 1 segment's header */
    uint32_t len;
    uint32_t hash;      /* untagged: hash of the buffer's first len octets (gathered) */
    df_rbuf buf;        /* untagged: the buffer that rx_buf gave for it */
} df_deliv;

typedef struct df_ulp {
    /* rx_buf: a FIFO of posted buffers per QN */
    df_rbuf rq[IW_CFG_DDP_QN][DF_RQ_DEPTH];
    size_t rq_head[IW_CFG_DDP_QN], rq_tail[IW_CFG_DDP_QN];
    df_rbuf cur[IW_CFG_DDP_QN];  /* the buffer of the message in progress per QN */
    int refuse[IW_CFG_DDP_QN];   /* nonzero: rx_buf on this QN answers IW_ETERM with refuse_term */
    iw_term refuse_term[IW_CFG_DDP_QN];
    int rx_buf_calls;
    /* check */
    int check_calls;
    unsigned check_access;       /* *access for tagged segments (default REMOTE_WRITE) */
    int check_refuse;            /* nonzero: check answers IW_ETERM with check_term */
    iw_term check_term;
    /* deliver */
    iw_status deliver_status;    /* IW_OK, or e.g. IW_ETERM (the ULP then calls iw_ddp_fail) */
    iw_ddp_stream *s;            /* for deliver_status != IW_OK: iw_ddp_fail is called on it */
    df_deliv deliv[DF_DELIV_MAX];
    size_t ndeliv;
    /* errors */
    iw_ddp_error err[DF_ERR_MAX];
    size_t nerr;
    /* sent */
    void *sent[DF_SENT_MAX];
    size_t sent_nseg[DF_SENT_MAX]; /* llp->nseg when it fired (when llp is set) */
    size_t nsent;
    const df_llp *llp;           /* optional, set by df_stream_init */
    /* everything, as text */
    char log[DF_LOG_CAP];
    size_t log_len;
} df_ulp;

static DF_UNUSED void df_ulp_init(df_ulp *u)
{
    memset(u, 0, sizeof *u);
    u->check_access = IW_DDP_ACC_REMOTE_WRITE;
    u->deliver_status = IW_OK;
}
/* Post a receive buffer of n pieces on qn; returns 0 when the queue is full. */
static DF_UNUSED int df_ulp_post(df_ulp *u, uint32_t qn, const iw_ddp_buf *b, size_t n)
{
    size_t i;
    df_rbuf *r;
    if (qn >= IW_CFG_DDP_QN || n > IW_CFG_DDP_RX_SGE || u->rq_tail[qn] - u->rq_head[qn] >= DF_RQ_DEPTH) return 0;
    r = &u->rq[qn][u->rq_tail[qn] % DF_RQ_DEPTH];
    for (i = 0; i < n; i++) r->b[i] = b[i];
    r->n = n;
    u->rq_tail[qn]++;
    return 1;
}
/* Post one contiguous buffer. */
static DF_UNUSED int df_ulp_post1(df_ulp *u, uint32_t qn, uint8_t *base, size_t len)
{
    iw_ddp_buf b;
    b.base = base;
    b.len = len;
    return df_ulp_post(u, qn, &b, 1);
}
static DF_UNUSED size_t df_ulp_posted(const df_ulp *u, uint32_t qn) { return u->rq_tail[qn] - u->rq_head[qn]; }

/* Gather the first n octets of buffer r into out (n <= its capacity). */
static DF_UNUSED void df_rbuf_read(const df_rbuf *r, uint8_t *out, size_t n)
{
    size_t i, k;
    for (i = 0; i < r->n && n; i++) {
        k = r->b[i].len < n ? r->b[i].len : n;
        if (k) memcpy(out, r->b[i].base, k);
        out += k;
        n -= k;
    }
}
static DF_UNUSED uint32_t df_rbuf_hash(const df_rbuf *r, size_t n)
{
    uint32_t h = 2166136261u;
    size_t i, j;
    for (i = 0; i < r->n && n; i++)
        for (j = 0; j < r->b[i].len && n; j++, n--) h = (h ^ r->b[i].base[j]) * 16777619u;
    return h;
}

static iw_status df_ulp_check(void *uctx, const iw_ddp_hdr *h, unsigned *access, iw_term *t)
{
    df_ulp *u = (df_ulp *)uctx;
    u->check_calls++;
    if (u->check_refuse) {
        *t = u->check_term;
        df_logf(u->log, &u->log_len, "check refuse %u/%u/%u\n", t->layer, t->etype, t->ecode);
        return IW_ETERM;
    }
    if (h->tagged) *access = u->check_access;
    return IW_OK;
}
static iw_status df_ulp_rx_buf(void *uctx, const iw_ddp_hdr *h, iw_ddp_buf *bufs, size_t max, size_t *n,
                               iw_term *t)
{
    df_ulp *u = (df_ulp *)uctx;
    df_rbuf *r;
    size_t i;
    u->rx_buf_calls++;
    *n = 0;
    if (h->qn < IW_CFG_DDP_QN && u->refuse[h->qn]) {
        *t = u->refuse_term[h->qn];
        df_logf(u->log, &u->log_len, "rx_buf qn=%u msn=%u refuse %u/%u/%u\n", (unsigned)h->qn,
                (unsigned)h->msn, t->layer, t->etype, t->ecode);
        return IW_ETERM;
    }
    if (h->qn >= IW_CFG_DDP_QN || u->rq_head[h->qn] == u->rq_tail[h->qn] ||
        u->rq[h->qn][u->rq_head[h->qn] % DF_RQ_DEPTH].n > max) {
        t->layer = IW_DDP_LAYER;
        t->etype = IW_DDP_ETYPE_UNTAGGED;
        t->ecode = IW_DDP_U_NO_BUF;
        df_logf(u->log, &u->log_len, "rx_buf qn=%u msn=%u none\n", (unsigned)h->qn, (unsigned)h->msn);
        return IW_ETERM;
    }
    r = &u->rq[h->qn][u->rq_head[h->qn] % DF_RQ_DEPTH];
    u->rq_head[h->qn]++;
    for (i = 0; i < r->n; i++) bufs[i] = r->b[i];
    *n = r->n;
    u->cur[h->qn] = *r;
    df_logf(u->log, &u->log_len, "rx_buf qn=%u msn=%u pieces=%zu\n", (unsigned)h->qn, (unsigned)h->msn, r->n);
    return IW_OK;
}
static iw_status df_ulp_deliver(void *uctx, const iw_ddp_hdr *h, uint32_t len)
{
    df_ulp *u = (df_ulp *)uctx;
    df_deliv *d = NULL;
    if (u->ndeliv < DF_DELIV_MAX) {
        d = &u->deliv[u->ndeliv];
        memset(d, 0, sizeof *d);
        d->h = *h;
        d->len = len;
    }
    u->ndeliv++;
    if (h->tagged) {
        df_logf(u->log, &u->log_len, "deliver T ulp=%02x stag=%08x to=%016llx len=%u\n", h->ulp,
                (unsigned)h->stag, (unsigned long long)h->to, (unsigned)len);
    } else {
        uint32_t hash = 0;
        if (h->qn < IW_CFG_DDP_QN) {
            hash = df_rbuf_hash(&u->cur[h->qn], len);
            if (d) d->buf = u->cur[h->qn];
        }
        if (d) d->hash = hash;
        df_logf(u->log, &u->log_len, "deliver U ulp=%02x ulp32=%08x qn=%u msn=%u mo=%u len=%u hash=%08x\n",
                h->ulp, (unsigned)h->ulp32, (unsigned)h->qn, (unsigned)h->msn, (unsigned)h->mo,
                (unsigned)len, (unsigned)hash);
    }
    if (u->deliver_status != IW_OK && u->s) {
        iw_term t;
        t.layer = 0;
        t.etype = 2;
        t.ecode = 0x05;
        (void)iw_ddp_fail(u->s, u->deliver_status, t, NULL, 0);
    }
    return u->deliver_status;
}
static void df_ulp_error(void *uctx, const iw_ddp_error *e)
{
    df_ulp *u = (df_ulp *)uctx;
    size_t i;
    if (u->nerr < DF_ERR_MAX) u->err[u->nerr] = *e;
    u->nerr++;
    df_logf(u->log, &u->log_len, "error st=%d term=%u/%u/%u seg_len=%u has_hdr=%u hdr=", (int)e->status,
            e->term.layer, e->term.etype, e->term.ecode, (unsigned)e->seg_len, e->has_hdr);
    for (i = 0; i < e->hdr_len && i < IW_DDP_MAX_HDR; i++) df_logf(u->log, &u->log_len, "%02x", e->hdr[i]);
    df_logf(u->log, &u->log_len, "\n");
}
static void df_ulp_sent(void *uctx, void *cookie)
{
    df_ulp *u = (df_ulp *)uctx;
    if (u->nsent < DF_SENT_MAX) {
        u->sent[u->nsent] = cookie;
        u->sent_nseg[u->nsent] = u->llp ? u->llp->nseg : 0;
    }
    u->nsent++;
    df_logf(u->log, &u->log_len, "sent cookie=%lu\n", (unsigned long)(uintptr_t)cookie);
}
/* With and without the optional check op; df_ulp_ops_norxbuf has no rx_buf either. */
static DF_UNUSED const iw_ddp_ulp_ops df_ulp_ops = {.check = df_ulp_check,
                                                    .rx_buf = df_ulp_rx_buf,
                                                    .deliver = df_ulp_deliver,
                                                    .error = df_ulp_error,
                                                    .sent = df_ulp_sent};
static DF_UNUSED const iw_ddp_ulp_ops df_ulp_ops_nocheck = {.rx_buf = df_ulp_rx_buf,
                                                            .deliver = df_ulp_deliver,
                                                            .error = df_ulp_error,
                                                            .sent = df_ulp_sent};
static DF_UNUSED const iw_ddp_ulp_ops df_ulp_ops_norxbuf = {.deliver = df_ulp_deliver,
                                                            .error = df_ulp_error,
                                                            .sent = df_ulp_sent};

/* Wire s to the fakes (any of l, m may be NULL: then that fake's ops get a NULL context and
 * must not be called). with_check: use the ULP's check op. */
static DF_UNUSED iw_status df_stream_init(iw_ddp_stream *s, df_llp *l, df_mem *m, df_ulp *u, int with_check)
{
    u->llp = l;
    u->s = s;
    return iw_ddp_init(s, &df_llp_ops, l, &df_mem_ops, m, with_check ? &df_ulp_ops : &df_ulp_ops_nocheck, u);
}

/* Feed recorded segments [from, to) of l to s with iw_ddp_rx; returns the last status that was
 * not IW_OK (IW_OK when all were). */
static DF_UNUSED iw_status df_llp_replay(const df_llp *l, size_t from, size_t to, iw_ddp_stream *s)
{
    iw_status last = IW_OK, st;
    size_t i;
    for (i = from; i < to && i < l->nseg; i++) {
        st = iw_ddp_rx(s, df_llp_seg(l, i), l->seg_len[i]);
        if (st != IW_OK) last = st;
    }
    return last;
}

/* ======================================================================================== */
/* Guarded buffers and patterns                                                              */
/* ======================================================================================== */

/* len usable octets at p, with a PROT_NONE page right before p and right after p + len
 * (len is rounded up to whole pages and p placed so that p + len touches the upper guard:
 * the buffer is right-aligned; lo_exact = 1 puts p at the start of its first page instead). */
typedef struct df_guard {
    uint8_t *p;
    size_t len;
    uint8_t *map;
    size_t map_len;
} df_guard;

static DF_UNUSED size_t df_page(void)
{
    long ps = sysconf(_SC_PAGESIZE);
    return ps > 0 ? (size_t)ps : 4096u;
}
/* Returns 0 on failure. right_aligned: p + len is the first octet of the upper guard page;
 * else p is the first octet after the lower guard page. */
static DF_UNUSED int df_guard_alloc(df_guard *g, size_t len, int right_aligned)
{
    size_t ps = df_page(), body = (len + ps - 1) / ps * ps;
    void *m;
    if (body == 0) body = ps;
    memset(g, 0, sizeof *g);
    g->map_len = body + 2 * ps;
#if defined(MAP_ANONYMOUS)
    m = mmap(NULL, g->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#else
    {
        int fd = open("/dev/zero", O_RDWR);
        if (fd < 0) return 0;
        m = mmap(NULL, g->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        close(fd);
    }
#endif
    if (m == MAP_FAILED) return 0;
    g->map = (uint8_t *)m;
    if (mprotect(g->map, ps, PROT_NONE) != 0 || mprotect(g->map + ps + body, ps, PROT_NONE) != 0) {
        munmap(m, g->map_len);
        g->map = NULL;
        return 0;
    }
    g->len = len;
    g->p = right_aligned ? g->map + ps + body - len : g->map + ps;
    return 1;
}
static DF_UNUSED void df_guard_free(df_guard *g)
{
    if (g->map) munmap(g->map, g->map_len);
    memset(g, 0, sizeof *g);
}

/* The test pattern: octet i of a region filled with seed s. */
static DF_UNUSED uint8_t df_pat(size_t i, unsigned s) { return (uint8_t)((i * 131u + s * 7u + (i >> 8)) ^ 0xA5u); }
static DF_UNUSED void df_fill(uint8_t *p, size_t n, unsigned s)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = df_pat(i, s);
}
/* Index of the first octet of p[0..n) that differs from the pattern, or n. */
static DF_UNUSED size_t df_check_pat(const uint8_t *p, size_t n, unsigned s)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != df_pat(i, s)) return i;
    return n;
}

/* The placement contract driven by hand, as an LLP that has not checked the segment yet
 * (flags 0): iw_ddp_rx_begin, the payload copied into the pieces it names, then
 * iw_ddp_rx_commit(ok). Returns begin's status when it is not IW_OK, else commit's. */
static DF_UNUSED iw_status df_rx_begin_commit(iw_ddp_stream *s, const uint8_t *u, size_t len, int ok)
{
    iw_mpa_rx_dst *d = NULL;
    iw_status st = iw_ddp_rx_begin(s, u, len, len, 0, &d);
    size_t i;
    const uint8_t *p;
    if (st != IW_OK) return st;
    if (d) {
        for (p = u + d->hdr_len, i = 0; i < d->n; i++) {
            if (d->piece[i].len) memcpy(d->piece[i].base, p, d->piece[i].len);
            p += d->piece[i].len;
        }
        if ((size_t)(p - u) != len) return IW_EHOST; /* DDP-037: the pieces cover the payload */
    }
    return iw_ddp_rx_commit(s, ok);
}

/* ======================================================================================== */
/* DDP over mpa.h (with mpa_fake.h)                                                          */
/* ======================================================================================== */
#ifdef MPA_FAKE_H

/* An MPA endpoint (fake host from mpa_fake.h) whose ULP is a DDP stream s over df_mem mem and
 * df_ulp ulp. MPA upcalls go to the mpa_fake.h logger (f) and to the ddp.h adapters. */
typedef struct df_mpa_ep {
    endpoint ep;        /* ep.c the connection, ep.f its fake host and setup log */
    iw_ddp_stream s;
    df_mem mem;
    df_ulp ulp;
    int fused;          /* 0: verify-then-place, 1: fused (whole FPDUs), 2: also FPDUs cut by
                           the end of a feed placed as they come (df_mpa_begin) */
    int in_verified;    /* the ULPDU begun was a verified copy */
    int with_check;
    size_t mark;        /* octets of ep.f.h.wire already piped to the peer */
    int delivers, places, commits, commit_bad; /* begin on a verified copy, begin on a whole
                                                 unverified FPDU, their commits (commit_bad: ok = 0) */
    int begins, begins_ok; /* begin on a cut FPDU, and those that said IW_OK */
} df_mpa_ep;

static void df_mpa_request(void *u, const iw_mpa_info *in) { fake_request(&((df_mpa_ep *)u)->ep.f, in); }
static void df_mpa_established(void *u, const iw_mpa_info *in) { fake_established(&((df_mpa_ep *)u)->ep.f, in); }
static void df_mpa_rejected(void *u, const iw_mpa_info *in) { fake_rejected(&((df_mpa_ep *)u)->ep.f, in); }
static void df_mpa_error(void *u, const iw_mpa_error *err) { fake_error(&((df_mpa_ep *)u)->ep.f, err); }
static void df_mpa_closed(void *u) { fake_closed_up(&((df_mpa_ep *)u)->ep.f); }
static void df_mpa_tx_done(void *u)
{
    df_mpa_ep *e = (df_mpa_ep *)u;
    e->ep.f.tx_dones++;
    iw_ddp_mpa_tx_done(&e->s);
}
/* mpa.h's placement contract through ddp.h's adapters, with the mode forced: fused 0 declines
 * every ULPDU until MPA has checked it (verify-then-place), 1 declines only FPDUs cut by the
 * end of a feed (placed whole, fused), 2 declines nothing (also placed as they come). */
static iw_status df_mpa_begin(void *u, const uint8_t *p, size_t have, size_t len, unsigned flags,
                              iw_mpa_rx_dst **dst)
{
    df_mpa_ep *e = (df_mpa_ep *)u;
    int verified = (flags & IW_MPA_RX_VERIFIED) != 0;
    iw_status st;
    *dst = NULL;
    if (!verified && (e->fused == 0 || (e->fused == 1 && have < len))) return IW_EAGAIN;
    st = iw_ddp_mpa_begin(&e->s, p, have, len, flags, dst);
    e->in_verified = verified;
    if (verified) e->delivers++;
    else if (have == len) e->places++;
    else {
        e->begins++;
        if (st == IW_OK) e->begins_ok++;
    }
    if (verified || have == len || st == IW_OK) e->ep.f.delivered++;
    return st;
}
static iw_status df_mpa_commit(void *u, int ok)
{
    df_mpa_ep *e = (df_mpa_ep *)u;
    if (!e->in_verified) {
        e->commits++;
        if (!ok) e->commit_bad++;
    }
    return iw_ddp_mpa_commit(&e->s, ok);
}

static DF_UNUSED const iw_mpa_ulp_ops df_mpa_ulp_ops = {.request = df_mpa_request,
                                                        .established = df_mpa_established,
                                                        .rejected = df_mpa_rejected,
                                                        .begin = df_mpa_begin,
                                                        .commit = df_mpa_commit,
                                                        .error = df_mpa_error,
                                                        .closed = df_mpa_closed,
                                                        .tx_done = df_mpa_tx_done};

/* Initialise e: the MPA connection with cfg (fake host as in ep_init), the DDP stream over it
 * (iw_ddp_mpa_llp_ops), mem over arena with PD pd, and a fresh ulp. */
static DF_UNUSED iw_status df_mpa_ep_init(df_mpa_ep *e, const iw_mpa_cfg *cfg, int fused, int with_check,
                                          uint8_t *arena, size_t arena_len, uint32_t pd)
{
    iw_status st;
    memset(&e->ep.f, 0, sizeof e->ep.f);
    hf_init(&e->ep.f.h, e->ep.wire, sizeof e->ep.wire);
    e->ep.f.c = &e->ep.c;
    e->ep.f.acc_ird = cfg->ird;
    e->ep.f.acc_ord = cfg->ord;
    e->fused = fused;
    e->with_check = with_check;
    e->mark = 0;
    e->delivers = e->places = e->commits = e->commit_bad = 0;
    e->begins = e->begins_ok = 0;
    e->in_verified = 0;
    st = iw_mpa_init(&e->ep.c, cfg, &fake_host_ops, &e->ep.f, &df_mpa_ulp_ops, e, e->ep.reasm,
                     sizeof e->ep.reasm);
    if (st != IW_OK) return st;
    df_mem_init(&e->mem, arena, arena_len, pd);
    df_ulp_init(&e->ulp);
    e->ulp.s = &e->s;
    return iw_ddp_init(&e->s, iw_ddp_mpa_llp_ops(), &e->ep.c, &df_mem_ops, &e->mem,
                       with_check ? &df_ulp_ops : &df_ulp_ops_nocheck, &e->ulp);
}

/* Move what from sent since from->mark to `to` in one feed; returns iw_mpa_rx_feed's status. */
static DF_UNUSED iw_status df_mpa_pipe(df_mpa_ep *from, df_mpa_ep *to)
{
    return ep_pipe(&from->ep, &from->mark, &to->ep);
}

/* Connect a (Initiator) and b (Responder, accepting in its upcall), both set up by
 * df_mpa_ep_init. Returns 1 when a is in Full Operation and b is too, or (no peer-to-peer RTR)
 * waits for a's first FPDU (IW_MPA_S_AWAIT_FIRST: b can receive but not send until then). */
static DF_UNUSED int df_mpa_connect(df_mpa_ep *a, df_mpa_ep *b)
{
    b->ep.f.accept_in_request = 1;
    if (iw_mpa_start(&b->ep.c, NULL, 0) != IW_OK) return 0;
    if (iw_mpa_start(&a->ep.c, NULL, 0) != IW_OK) return 0;
    df_mpa_pipe(a, b);
    df_mpa_pipe(b, a);
    df_mpa_pipe(a, b); /* the RTR, in P2P mode */
    df_mpa_pipe(b, a);
    return iw_mpa_state(&a->ep.c) == IW_MPA_S_FULL &&
           (iw_mpa_state(&b->ep.c) == IW_MPA_S_FULL || iw_mpa_state(&b->ep.c) == IW_MPA_S_AWAIT_FIRST);
}

/* Feed s[0..n) to e's connection cut at cuts[0..ncuts) (increasing offsets), re-feeding what a
 * call leaves unconsumed; stops at the connection's first error. Returns the last status. */
static DF_UNUSED iw_status df_mpa_feed(df_mpa_ep *e, const uint8_t *s, size_t n, const size_t *cuts, size_t ncuts)
{
    size_t pos = 0, i, used;
    iw_status st = IW_OK;
    for (i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : n;
        while (pos < end) {
            used = 0;
            st = iw_mpa_rx_feed(&e->ep.c, s + pos, end - pos, &used);
            pos += used;
            if (st != IW_OK || used == 0) break;
        }
        if (iw_mpa_last_error(&e->ep.c)->status != IW_OK) break;
    }
    return st;
}
#endif /* MPA_FAKE_H */
#endif /* DDP_FAKE_H */
