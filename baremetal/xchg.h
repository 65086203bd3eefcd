/* xchg.h: two verbs endpoints (RNIC, PD, CQs, one QP, MPA connection) joined by an in-memory
 * ring per direction, with no C library: the exchange the bare-metal image tests and measures
 * (t_verbs.c), and the same code built for the host to measure the x86 instruction count of
 * the same exchange (host_bench.c). A is the MPA Initiator, B the Responder; both ask for CRC.
 *
 * The ring is the host's TCP: MPA writes FPDUs straight into it (host_ops tx_room/tx_commit,
 * the copy-out transmit that computes the CRC while copying), the setup frames go through
 * host_ops.send, and bx_flow feeds each ring to the other end's iw_mpa_rx_feed, resuming a
 * sender whose ring was full. */
#ifndef BX_XCHG_H
#define BX_XCHG_H
#include "verbs.h"
#include <string.h> /* memcpy, memset: the only C library the image links */

#define BX_MEM 16384u  /* registered memory of one end */
#define BX_PG 4096u
#define BX_NPG (BX_MEM / BX_PG)
#define BX_RING 8192u  /* octets in flight one way (a power of 2) */
#define BX_DEPTH 16u   /* SQ and RQ slots, CQ entries */
#define BX_IRD 4u

typedef struct bx_end {
    iw_rnic r;
    iw_stag_ent stags[16];
    uint32_t pd;
    uint64_t pbl[BX_NPG];
    iw_cq scq, rcq;
    iw_wc sring[BX_DEPTH], rring[BX_DEPTH];
    iw_qp qp;
    iw_swqe swqe[BX_DEPTH];
    iw_rdmap_wr rwr[BX_DEPTH];
    iw_recv_wr rwqe[BX_DEPTH];
    iw_rdmap_inreq inreq[BX_IRD];
    iw_mpa_conn c;
    uint8_t reasm[2048];
    /* what this end sent that the other has not read yet: [tail, head) mod BX_RING */
    uint8_t ring[BX_RING];
    uint32_t head, tail;
    uint8_t blocked, closed;
    int nasync, dropped;
    uint8_t *mem;          /* BX_MEM octets, page aligned */
} bx_end;

extern bx_end BA, BB;

/* Both ends from scratch, MPA setup, both QPs in RTS. 1 when done. */
int bx_up(void);
/* Move octets both ways until nothing moves. */
void bx_flow(void);
/* Register all of e's memory with rights acc and key. The STag, 0 on failure. */
uint32_t bx_reg(bx_end *e, unsigned acc, uint8_t key);
uint64_t bx_va(const bx_end *e, size_t off);
/* Post one WR on e's SQ / one Receive of one SGE on its RQ. */
iw_vstatus bx_post(bx_end *e, const iw_send_wr *w);
iw_vstatus bx_recv(bx_end *e, uint64_t id, uint32_t stag, uint64_t to, uint32_t len);
/* n signaled RDMA Writes of len octets from A's memory (at 0, STag a_stag) to B's (at 4096,
 * b_stag), each flowed and its WC reaped: the measured loop. Returns the Writes that completed
 * with success. Not inlined, so that callgrind can count exactly this function. */
unsigned bx_bench_loop(uint32_t a_stag, uint32_t b_stag, uint32_t len, unsigned n);

#endif
