/* Eva driver: DDP header decode (iw_ddp_hdr_decode) and the DDP receive checks and placement
 * (iw_ddp_rx, and the placement contract iw_ddp_rx_begin / iw_ddp_rx_commit) on any segments.
 *
 * PROVE_SEGS segments, each any PROVE_SEG_MAX or fewer unknown octets, go to one stream,
 * each either whole (iw_ddp_rx) or as MPA hands it (iw_ddp_rx_begin with any first `have`
 * octets and either flag; on IW_EAGAIN begun again with all of it; the payload copied into the
 * pieces it names, as MPA does; then iw_ddp_rx_commit with any CRC verdict). The
 * memory-translation stub knows one STag whose region is a fixed array and answers with one
 * or two pieces inside it (or an outcome a real resolver gives); the receive-buffer stub
 * hands one or two pieces of another fixed array, or refuses. */
#include "stubs.h"
#include "ddp.h"

#define PROVE_SEG_MAX 300u /* > the 18-octet header + a payload past every buffer below */
#define PROVE_SEGS 3
#define REGION 128u
#define RXBUF 128u
#define STAG 0x100u
#define TO_BASE 0x1000u

static uint8_t seg[PROVE_SEG_MAX];
static uint8_t region[REGION];
static uint8_t rxbuf[RXBUF];
static volatile int sink;

static iw_status l_send(void *c, const iw_iov *iov, size_t n) { (void)c; (void)iov; (void)n; return IW_OK; }
static uint32_t l_mulpdu(void *c) { (void)c; return 1000; }
static int l_busy(void *c) { (void)c; return 0; }
static const iw_ddp_llp_ops llp = {.send = l_send, .mulpdu = l_mulpdu, .busy = l_busy};

static iw_ddp_xlate m_resolve(void *m, uint32_t stag, uint64_t to, uint32_t len, unsigned access,
                              iw_ddp_buf *dst, size_t max, size_t *n)
{
    uint64_t off;
    uint32_t cut;
    (void)m;
    (void)access;
    if (stag != STAG) return IW_DDP_X_INVALID_STAG;
    if (to < TO_BASE || to - TO_BASE > REGION || len > REGION - (to - TO_BASE))
        return IW_DDP_X_BOUNDS;
    off = to - TO_BASE;
    /* or two pieces, cut at any region offset strictly inside (off, off + len): the same
     * outcomes as a first length in [1, len - 1], but drawn as an offset the second piece's
     * base is evidently inside the region (off + a adds two unrelated intervals for Eva) */
    cut = (uint32_t)Frama_C_unsigned_int_interval(1, REGION - 1);
    if (max >= 2 && cut > off && cut - off < len && Frama_C_interval(0, 1)) {
        dst[0].base = region + off;
        dst[0].len = (uint32_t)(cut - off);
        dst[1].base = region + cut;
        dst[1].len = len - (uint32_t)(cut - off);
        *n = 2;
    } else {
        dst[0].base = region + off;
        dst[0].len = len;
        *n = 1;
    }
    return IW_DDP_X_OK;
}
static const iw_ddp_mem_ops mem = {.resolve = m_resolve};

static iw_status u_rx_buf(void *u, const iw_ddp_hdr *h, iw_ddp_buf *b, size_t max, size_t *n,
                          iw_term *t)
{
    size_t a = (size_t)Frama_C_interval(0, RXBUF);
    (void)u;
    (void)h;
    if (Frama_C_interval(0, 1)) {
        t->layer = 1; t->etype = 2; t->ecode = 2;
        return IW_ETERM;
    }
    b[0].base = rxbuf;
    b[0].len = a;
    *n = 1;
    if (max >= 2 && Frama_C_interval(0, 1)) {
        b[1].base = rxbuf + a;
        b[1].len = RXBUF - a;
        *n = 2;
    }
    return IW_OK;
}
static iw_status u_deliver(void *u, const iw_ddp_hdr *h, uint32_t len)
{
    (void)u;
    (void)h;
    (void)len;
    return IW_OK;
}
static void u_error(void *u, const iw_ddp_error *e)
{
    (void)u;
    sink = e->hdr[e->hdr_len ? e->hdr_len - 1u : 0u];
}
static const iw_ddp_ulp_ops ulp = {.rx_buf = u_rx_buf, .deliver = u_deliver, .error = u_error};

static iw_ddp_stream s;

int main(void)
{
    int i;
    {   /* the decoder alone */
        iw_ddp_hdr h;
        size_t hl, len = prove_unknown(seg, sizeof seg, 0, PROVE_SEG_MAX);
        if (iw_ddp_hdr_decode(seg, len, &h, &hl) == IW_OK) sink = seg[hl - 1];
    }
    if (iw_ddp_init(&s, &llp, NULL, &mem, NULL, &ulp, NULL) != IW_OK) return 1;
    for (i = 0; i < PROVE_SEGS; i++) {
        size_t len = prove_unknown(seg, sizeof seg, 0, PROVE_SEG_MAX);
        if (Frama_C_interval(0, 1)) {
            (void)iw_ddp_rx(&s, seg, len);
        } else {
            size_t have = (size_t)Frama_C_unsigned_int_interval(0, (unsigned)len);
            unsigned flags = Frama_C_interval(0, 1) ? IW_MPA_RX_VERIFIED : 0u;
            iw_mpa_rx_dst *d = NULL;
            iw_status st = iw_ddp_rx_begin(&s, seg, have, len, flags, &d);
            if (st == IW_EAGAIN) /* MPA reassembles it, then begins again with all of it */
                st = iw_ddp_rx_begin(&s, seg, len, len, IW_MPA_RX_VERIFIED, &d);
            if (st != IW_OK) continue;
            if (d) { /* MPA's copy: the payload seg[hdr_len..len) into the pieces, in order */
                const uint8_t *p = seg + d->hdr_len;
                size_t j, left = len - d->hdr_len;
                for (j = 0; j < d->n && left; j++) {
                    size_t k = d->piece[j].len < left ? d->piece[j].len : left;
                    memcpy(d->piece[j].base, p, k);
                    p += k;
                    left -= k;
                }
            }
            (void)iw_ddp_rx_commit(&s, Frama_C_interval(0, 1));
        }
    }
    return 0;
}
