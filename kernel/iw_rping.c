// SPDX-License-Identifier: MIT
/* iw_rping.c: module iwarp_rping, an rping client (rdma-core's `rping -c`) in the kernel over a
 * kernel TCP socket, on the project's headers. At load it connects to addr:port, runs count
 * pings of size octets (the peer RDMA Reads our source buffer and RDMA Writes it back into our
 * sink; we compare), prints "iwarp_rping: ok N pings ..." or "iwarp_rping: FAIL ...", and
 * fails the load on failure. On success the connection stays up until rmmod, which closes it
 * gracefully (QP to Closing: MPA sends our FIN when drained) and waits for the peer's FIN:
 * "iwarp_rping: closed cleanly ...".
 *
 *   insmod iwarp_rping.ko addr=10.0.2.15 port=7174 count=10 size=2000 crc=1 delay_ms=500
 *
 * The host (struct kep): sock_create_kern + kernel_connect; the socket's data-ready,
 * write-space and state-change callbacks (softirq) only queue kep_work on an ordered work
 * queue, which reads with kernel_recvmsg (MSG_DONTWAIT) into iw_mpa_rx_feed, resumes a send
 * the socket cut short (iw_mpa_tx_resume) and fires MPA's setup timer (a timer_list that also
 * only queues the work). MPA's send op is kernel_sendmsg (MSG_DONTWAIT, partial accepts);
 * its CRC op the kernel's crc32c(). One mutex serializes every call into the core (verbs.h:
 * one thread drives an RNIC at a time); the insmod thread posts WRs and waits for
 * completions on a wait queue the work wakes.
 * rping's protocol: see tools/iwrping.c (the user-space twin of this client).
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/vmalloc.h>
#include <linux/slab.h>
#include <linux/net.h>
#include <linux/in.h>
#include <linux/inet.h>
#include <linux/tcp.h>
#include <linux/workqueue.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/delay.h>
#include <net/sock.h>
#include <net/tcp.h>
#include "iw_kernel.h"

MODULE_LICENSE("Dual MIT/GPL");
MODULE_DESCRIPTION("rping client in the kernel on the project's iWARP headers, over a kernel TCP socket");

static char *addr = "10.0.2.15";
static int port = 7174, count = 10, size = 2000, crc = 1, delay_ms = 500, verbose;
module_param(addr, charp, 0444);
module_param(port, int, 0444);
module_param(count, int, 0444);
module_param(size, int, 0444);
module_param(crc, int, 0444);
module_param(delay_ms, int, 0444);
module_param(verbose, int, 0444);

#define RP_MAX 65536u /* rping's largest buffer */
#define RP_ADV 16u    /* advertisement: address, STag, length (big-endian) */
#define RP_TMO 30000  /* ms for any one step */
#define K_PG 4096u
#define K_MEM (2 * RP_MAX + K_PG) /* start, rdma, then one page: adv at 0, rx slots at 64 */

struct kep {
	struct socket *sock;
	struct mutex mu;
	struct workqueue_struct *wq;
	struct work_struct work;
	struct timer_list tmr;
	unsigned long tmr_fired;
	wait_queue_head_t wait;
	atomic_t gen;
	void (*old_data_ready)(struct sock *sk);
	void (*old_write_space)(struct sock *sk);
	void (*old_state_change)(struct sock *sk);
	int cb_set, tx_blocked, rd_eof, wr_shut, dead, need_rts, up, failed, close_complete;
	char why[160];
	iw_mpa_info info;
	iw_mpa_ulp_ops ulp;
	iw_mpa_conn c;
	u8 reasm[70000];
	u8 rxbuf[16384];
	iw_rnic r;
	iw_stag_ent stags[16];
	u32 pd, start_mr, rdma_mr, msg_mr;
	iw_cq scq, rcq;
	iw_wc sring[16], rring[16];
	iw_qp qp;
	iw_swqe swqe[8];
	iw_rdmap_wr rwr[8];
	iw_recv_wr rwqe[8];
	iw_rdmap_inreq inreq[4];
	u64 pbl[K_MEM / K_PG];
	u8 *mem; /* K_MEM octets, page-aligned (vzalloc) */
	unsigned int rx_next;
};

static struct kep *ep_live; /* the connection rmmod closes */

static void kep_fail(struct kep *ep, const char *why)
{
	if (ep->failed)
		return;
	ep->failed = 1;
	strscpy(ep->why, why, sizeof(ep->why));
}

/* ---- MPA host ops (leaf calls, under ep->mu) ---- */

static iw_status kep_send(void *ctx, const iw_iov *iov, size_t n, size_t *acc)
{
	struct kep *ep = ctx;
	size_t i = 0, off = 0;

	*acc = 0;
	if (ep->dead || ep->wr_shut)
		return IW_EHOST;
	while (i < n) {
		struct kvec v[8];
		struct msghdr msg = {.msg_flags = MSG_DONTWAIT | MSG_NOSIGNAL};
		size_t k, total = 0;
		int r;

		for (k = 0; k < 8 && i + k < n; k++) {
			v[k].iov_base = (u8 *)iov[i + k].base + (k ? 0 : off);
			v[k].iov_len = iov[i + k].len - (k ? 0 : off);
			total += v[k].iov_len;
		}
		if (!total) {
			i += k;
			off = 0;
			continue;
		}
		r = kernel_sendmsg(ep->sock, &msg, v, k, total);
		if (r == -EAGAIN) {
			ep->tx_blocked = 1; /* SOCK_NOSPACE is set: write_space will queue the work */
			return *acc ? IW_OK : IW_EAGAIN;
		}
		if (r < 0) {
			ep->dead = 1;
			kep_fail(ep, "kernel_sendmsg failed");
			return IW_EHOST;
		}
		*acc += (size_t)r;
		/* advance over what was taken */
		while (r > 0 && i < n) {
			size_t left = iov[i].len - off;

			if ((size_t)r >= left) {
				r -= (int)left;
				i++;
				off = 0;
			} else {
				off += (size_t)r;
				r = 0;
			}
		}
	}
	return IW_OK;
}

static void kep_timer_fn(struct timer_list *t)
{
	struct kep *ep = from_timer(ep, t, tmr);

	set_bit(0, &ep->tmr_fired);
	queue_work(ep->wq, &ep->work);
}
static void kep_arm(void *ctx, unsigned int id, uint32_t ms)
{
	struct kep *ep = ctx;

	clear_bit(0, &ep->tmr_fired);
	mod_timer(&ep->tmr, jiffies + msecs_to_jiffies(ms));
}
static void kep_cancel(void *ctx, unsigned int id)
{
	struct kep *ep = ctx;

	del_timer(&ep->tmr);
	clear_bit(0, &ep->tmr_fired);
}
static void kep_close(void *ctx, int abortive)
{
	struct kep *ep = ctx;

	if (ep->wr_shut)
		return;
	ep->wr_shut = 1;
	kernel_sock_shutdown(ep->sock, abortive ? SHUT_RDWR : SHUT_WR);
}
static uint32_t kep_crc(void *ctx, uint32_t c, const void *p, size_t n)
{
	return iwk_crc32c(c, p, n);
}
static const iw_mpa_host_ops kep_mpa_host = {
	.send = kep_send,
	.timer_arm = kep_arm,
	.timer_cancel = kep_cancel,
	.close = kep_close,
	.crc32c = kep_crc,
};

/* ---- RNIC host ops ---- */

static uint8_t *kep_map(void *ctx, uint64_t a, size_t len) { return (uint8_t *)(uintptr_t)a; }
static void kep_async(void *ctx, const iw_async_rec *ev)
{
	struct kep *ep = ctx;

	if (ev->event == IW_AE_LLP_CLOSE_COMPLETE) {
		ep->close_complete = 1;
		return;
	}
	if (verbose)
		pr_info("iwarp_rping: async event %s\n", iw_async_event_str(ev->event));
}
static const iw_rnic_host_ops kep_rnic_host = {.map = kep_map, .async_event = kep_async};

/* ---- MPA upcalls: the QP's, plus what the host must see ---- */

static void kep_established(void *uctx, const iw_mpa_info *in)
{
	struct kep *ep = container_of((iw_qp *)uctx, struct kep, qp);

	ep->info = *in;
	ep->need_rts = 1;
	iw_qp_mpa_ulp_ops()->established(uctx, in);
}
static void kep_rejected(void *uctx, const iw_mpa_info *in)
{
	kep_fail(container_of((iw_qp *)uctx, struct kep, qp), "MPA Reply with Reject");
}
static void kep_mpa_error(void *uctx, const iw_mpa_error *e)
{
	struct kep *ep = container_of((iw_qp *)uctx, struct kep, qp);
	char t[96];

	snprintf(t, sizeof(t), "MPA error: %s (Terminate %u/%u/0x%02x)", iw_status_str(e->status),
		 e->term.layer, e->term.etype, e->term.ecode);
	kep_fail(ep, t);
	if (iw_qp_state(&ep->qp) != IW_QP_IDLE)
		iw_qp_mpa_ulp_ops()->error(uctx, e);
}
static void kep_mpa_closed(void *uctx)
{
	if (iw_qp_state((iw_qp *)uctx) != IW_QP_IDLE)
		iw_qp_mpa_ulp_ops()->closed(uctx);
}

/* After any call into the core: the QP to RTS once MPA is up; a QP that left RTS. */
static void kep_after(struct kep *ep)
{
	if (ep->need_rts && iw_qp_state(&ep->qp) == IW_QP_IDLE && !iw_mpa_tx_busy(&ep->c)) {
		iw_qp_attr a;

		memset(&a, 0, sizeof(a));
		a.next_state = IW_QP_RTS;
		a.llp = &ep->c;
		ep->need_rts = 0;
		if (iw_qp_modify(&ep->qp, &a) != IW_V_OK)
			kep_fail(ep, "Modify QP to RTS failed");
		else
			ep->up = 1;
	}
	if (ep->up && !ep->close_complete && iw_qp_state(&ep->qp) >= IW_QP_TERMINATE)
		kep_fail(ep, "the QP left RTS");
}

/* ---- receive, driven by the socket callbacks through the work queue ---- */

static void kep_rx(struct kep *ep)
{
	int rounds;

	for (rounds = 0; rounds < 64 && !ep->rd_eof && !ep->dead; rounds++) {
		struct kvec v = {.iov_base = ep->rxbuf, .iov_len = sizeof(ep->rxbuf)};
		struct msghdr msg = {.msg_flags = MSG_DONTWAIT};
		size_t off = 0;
		int r = kernel_recvmsg(ep->sock, &msg, &v, 1, sizeof(ep->rxbuf), MSG_DONTWAIT);

		if (r == -EAGAIN)
			return;
		if (r < 0) { /* reset */
			ep->dead = 1;
			if (!ep->close_complete)
				kep_fail(ep, "TCP connection reset");
			if (iw_qp_state(&ep->qp) != IW_QP_IDLE)
				iw_qp_llp_event(&ep->qp, IW_QP_LLP_RESET);
			if (iw_mpa_state(&ep->c) != IW_MPA_S_CLOSED)
				iw_mpa_llp_closed(&ep->c);
			return;
		}
		if (r == 0) { /* the peer's FIN */
			ep->rd_eof = 1;
			iw_mpa_llp_closed(&ep->c);
			kep_after(ep);
			kep_close(ep, 0);
			if (iw_qp_state(&ep->qp) != IW_QP_IDLE)
				iw_qp_llp_event(&ep->qp, IW_QP_LLP_CLOSED);
			return;
		}
		while (off < (size_t)r) {
			size_t used = 0;

			(void)iw_mpa_rx_feed(&ep->c, ep->rxbuf + off, (size_t)r - off, &used);
			if (!used)
				break; /* the connection takes nothing more */
			off += used;
			kep_after(ep);
		}
	}
	if (rounds == 64)
		queue_work(ep->wq, &ep->work); /* more to read: later, let others run */
}

static void kep_work(struct work_struct *w)
{
	struct kep *ep = container_of(w, struct kep, work);

	mutex_lock(&ep->mu);
	if (test_and_clear_bit(0, &ep->tmr_fired))
		iw_mpa_timeout(&ep->c, IW_MPA_TIMER_SETUP);
	kep_rx(ep);
	if (ep->tx_blocked && !ep->dead && !ep->wr_shut && sk_stream_is_writeable(ep->sock->sk)) {
		ep->tx_blocked = 0;
		(void)iw_mpa_tx_resume(&ep->c);
	}
	kep_after(ep);
	mutex_unlock(&ep->mu);
	atomic_inc(&ep->gen);
	wake_up(&ep->wait);
}

static void kep_data_ready(struct sock *sk)
{
	struct kep *ep;

	read_lock_bh(&sk->sk_callback_lock);
	ep = sk->sk_user_data;
	if (ep)
		queue_work(ep->wq, &ep->work);
	read_unlock_bh(&sk->sk_callback_lock);
}
static void kep_write_space(struct sock *sk)
{
	struct kep *ep;

	read_lock_bh(&sk->sk_callback_lock);
	ep = sk->sk_user_data;
	if (ep) {
		ep->old_write_space(sk);
		queue_work(ep->wq, &ep->work);
	}
	read_unlock_bh(&sk->sk_callback_lock);
}
static void kep_state_change(struct sock *sk)
{
	struct kep *ep;

	read_lock_bh(&sk->sk_callback_lock);
	ep = sk->sk_user_data;
	if (ep) {
		ep->old_state_change(sk);
		queue_work(ep->wq, &ep->work);
	}
	read_unlock_bh(&sk->sk_callback_lock);
}

/* ---- the insmod thread: post, wait ---- */

/* Wait for the next completion on cq (the work wakes us; a kick every 100 ms as well). */
static int kep_wait_wc(struct kep *ep, iw_cq *cq, iw_wc *wc, int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	for (;;) {
		int g = atomic_read(&ep->gen), failed;
		iw_vstatus vs;

		mutex_lock(&ep->mu);
		vs = iw_cq_poll(cq, wc);
		failed = ep->failed;
		mutex_unlock(&ep->mu);
		if (vs == IW_V_OK)
			return 0;
		if (failed)
			return -EIO;
		if (time_after(jiffies, end)) {
			kep_fail(ep, "timeout");
			return -ETIMEDOUT;
		}
		wait_event_timeout(ep->wait, atomic_read(&ep->gen) != g, HZ / 10);
		queue_work(ep->wq, &ep->work);
	}
}

static int kep_post(struct kep *ep, iw_send_wr *w, const char *what)
{
	iw_wc wc;
	size_t n = 0;
	iw_vstatus vs;

	mutex_lock(&ep->mu);
	vs = iw_qp_post_sq(&ep->qp, w, 1, &n);
	kep_after(ep);
	mutex_unlock(&ep->mu);
	if (vs != IW_V_OK) {
		pr_err("iwarp_rping: FAIL post %s: %s\n", what, iw_vstatus_str(vs));
		return -EIO;
	}
	if (kep_wait_wc(ep, &ep->scq, &wc, RP_TMO))
		return -EIO;
	if (wc.status != IW_WC_SUCCESS) {
		pr_err("iwarp_rping: FAIL %s completed with %s\n", what, iw_wc_status_str(wc.status));
		return -EIO;
	}
	return 0;
}

static int kep_recv_post(struct kep *ep, unsigned int slot)
{
	iw_recv_wr r;
	size_t n = 0;
	iw_vstatus vs;

	memset(&r, 0, sizeof(r));
	r.wr_id = slot;
	r.nsge = 1;
	r.sgl[0].stag = ep->msg_mr;
	r.sgl[0].to = (u64)(uintptr_t)(ep->mem + 2 * RP_MAX + 64 + slot * RP_ADV);
	r.sgl[0].len = RP_ADV;
	mutex_lock(&ep->mu);
	vs = iw_qp_post_rq(&ep->qp, &r, 1, &n);
	mutex_unlock(&ep->mu);
	return vs == IW_V_OK ? 0 : -EIO;
}

/* Send the advertisement of [off, off + len) of our memory with stag. */
static int kep_send_adv(struct kep *ep, u32 stag, size_t off, u32 len, const char *what)
{
	u8 *adv = ep->mem + 2 * RP_MAX;
	iw_send_wr w;

	iw_put_be64(adv, (u64)(uintptr_t)(ep->mem + off));
	iw_put_be32(adv + 8, stag);
	iw_put_be32(adv + 12, len);
	memset(&w, 0, sizeof(w));
	w.type = IW_WR_SEND;
	w.wr_id = 1;
	w.flags = IW_WR_SIGNALED;
	w.nsge = 1;
	w.sgl[0].stag = ep->msg_mr;
	w.sgl[0].to = (u64)(uintptr_t)adv;
	w.sgl[0].len = RP_ADV;
	return kep_post(ep, &w, what);
}

static int kep_recv_msg(struct kep *ep, const char *what)
{
	iw_wc wc;
	unsigned int slot = ep->rx_next++ % 2u;

	if (kep_wait_wc(ep, &ep->rcq, &wc, RP_TMO)) {
		pr_err("iwarp_rping: FAIL %s: %s\n", what, ep->why);
		return -EIO;
	}
	if (wc.status != IW_WC_SUCCESS || wc.wr_id != slot || wc.len != RP_ADV) {
		pr_err("iwarp_rping: FAIL %s: Receive %llu, %u octets, %s\n", what,
		       (unsigned long long)wc.wr_id, wc.len, iw_wc_status_str(wc.status));
		return -EIO;
	}
	return kep_recv_post(ep, slot);
}

/* rping's source pattern for iteration i: "rdma-ping-<i>: ", letters from 'A' + i, a NUL. */
static void rp_pattern(u8 *b, u32 n, unsigned int i)
{
	int k = snprintf((char *)b, n, "rdma-ping-%u: ", i);
	int c = 'A' + (int)(i % 58u);
	u32 j;

	for (j = (u32)k; j < n; j++) {
		b[j] = (u8)c;
		if (++c > 'z')
			c = 'A';
	}
	b[n - 1] = 0;
}

static int kep_reg(struct kep *ep, size_t off, size_t len, unsigned int acc, u8 key, u32 *stag)
{
	iw_mr_reg g;
	size_t i;

	for (i = 0; i < len / K_PG; i++)
		ep->pbl[off / K_PG + i] = (u64)(uintptr_t)(ep->mem + off + i * K_PG);
	memset(&g, 0, sizeof(g));
	g.pd = ep->pd;
	g.key = key;
	g.acc = acc;
	g.va = (u64)(uintptr_t)(ep->mem + off);
	g.len = len;
	g.page_size = K_PG;
	g.pbl = ep->pbl + off / K_PG;
	g.npbl = (u32)(len / K_PG);
	return iw_mr_register(&ep->r, &g, stag) == IW_V_OK ? 0 : -EIO;
}

static void kep_teardown(struct kep *ep)
{
	if (ep->sock) {
		struct sock *sk = ep->sock->sk;

		if (ep->cb_set) {
			write_lock_bh(&sk->sk_callback_lock);
			sk->sk_user_data = NULL;
			sk->sk_data_ready = ep->old_data_ready;
			sk->sk_write_space = ep->old_write_space;
			sk->sk_state_change = ep->old_state_change;
			write_unlock_bh(&sk->sk_callback_lock);
		}
		del_timer_sync(&ep->tmr);
		if (ep->wq)
			flush_workqueue(ep->wq);
		if (!ep->wr_shut)
			kernel_sock_shutdown(ep->sock, SHUT_RDWR);
		sock_release(ep->sock);
		ep->sock = NULL;
	}
	if (ep->wq)
		destroy_workqueue(ep->wq);
	vfree(ep->mem);
	vfree(ep);
}

static int kep_connect(struct kep *ep)
{
	struct sockaddr_in sa;
	struct sock *sk;
	iw_mpa_cfg mc;
	iw_status st;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons((u16)port);
	if (!in4_pton(addr, -1, (u8 *)&sa.sin_addr.s_addr, -1, NULL)) {
		pr_err("iwarp_rping: FAIL bad address %s\n", addr);
		return -EINVAL;
	}
	r = sock_create_kern(&init_net, AF_INET, SOCK_STREAM, IPPROTO_TCP, &ep->sock);
	if (r)
		return r;
	sk = ep->sock->sk;
	sk->sk_sndtimeo = 10 * HZ; /* the blocking connect */
	r = kernel_connect(ep->sock, (struct sockaddr *)&sa, sizeof(sa), 0);
	if (r) {
		pr_err("iwarp_rping: FAIL TCP connect to %s:%d: %d\n", addr, port, r);
		return r;
	}
	tcp_sock_set_nodelay(sk);
	write_lock_bh(&sk->sk_callback_lock);
	ep->old_data_ready = sk->sk_data_ready;
	ep->old_write_space = sk->sk_write_space;
	ep->old_state_change = sk->sk_state_change;
	sk->sk_user_data = ep;
	sk->sk_data_ready = kep_data_ready;
	sk->sk_write_space = kep_write_space;
	sk->sk_state_change = kep_state_change;
	ep->cb_set = 1;
	write_unlock_bh(&sk->sk_callback_lock);

	iw_mpa_cfg_default(&mc, IW_MPA_INITIATOR);
	mc.crc = (u8)!!crc;
	mutex_lock(&ep->mu);
	st = iw_mpa_init(&ep->c, &mc, &kep_mpa_host, ep, &ep->ulp, &ep->qp, ep->reasm, sizeof(ep->reasm));
	if (st == IW_OK)
		st = iw_mpa_start(&ep->c, NULL, 0);
	mutex_unlock(&ep->mu);
	queue_work(ep->wq, &ep->work); /* data that came before the callbacks */
	return st == IW_OK ? 0 : -EIO;
}

static int __init iwarp_rping_init(void)
{
	struct kep *ep;
	iw_qp_cfg qc;
	iw_qp_mem qm;
	unsigned long end;
	unsigned int i;
	int r = -EIO;

	if (size < 32 || size > (int)RP_MAX || count < 1 || port < 1 || port > 65535)
		return -EINVAL;
	ep = vzalloc(sizeof(*ep));
	if (!ep)
		return -ENOMEM;
	ep->mem = vzalloc(K_MEM);
	ep->wq = alloc_ordered_workqueue("iwarp_rping", 0);
	if (!ep->mem || !ep->wq) {
		kep_teardown(ep);
		return -ENOMEM;
	}
	mutex_init(&ep->mu);
	INIT_WORK(&ep->work, kep_work);
	timer_setup(&ep->tmr, kep_timer_fn, 0);
	init_waitqueue_head(&ep->wait);
	ep->ulp = *iw_qp_mpa_ulp_ops();
	ep->ulp.established = kep_established;
	ep->ulp.rejected = kep_rejected;
	ep->ulp.error = kep_mpa_error;
	ep->ulp.closed = kep_mpa_closed;

	memset(&qc, 0, sizeof(qc));
	qc.sq_depth = qc.rq_depth = 8;
	qc.ird = qc.ord = 4;
	qc.read_en = qc.write_en = 1;
	qc.sq_cq = &ep->scq;
	qc.rq_cq = &ep->rcq;
	qm.swqe = ep->swqe;
	qm.rwr = ep->rwr;
	qm.rwqe = ep->rwqe;
	qm.inreq = ep->inreq;
	if (iw_rnic_open(&ep->r, &kep_rnic_host, ep, ep->stags, 16, get_random_u32(), 0) != IW_V_OK ||
	    iw_pd_alloc(&ep->r, &ep->pd) != IW_V_OK ||
	    iw_cq_create(&ep->r, &ep->scq, ep->sring, 16) != IW_V_OK ||
	    iw_cq_create(&ep->r, &ep->rcq, ep->rring, 16) != IW_V_OK)
		goto out;
	qc.pd = ep->pd;
	if (iw_qp_create(&ep->r, &ep->qp, &qc, &qm) != IW_V_OK ||
	    kep_reg(ep, 0, RP_MAX, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_READ, 1, &ep->start_mr) ||
	    kep_reg(ep, RP_MAX, RP_MAX, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE | IW_ACC_REMOTE_WRITE, 2, &ep->rdma_mr) ||
	    kep_reg(ep, 2 * RP_MAX, K_PG, IW_ACC_LOCAL_READ | IW_ACC_LOCAL_WRITE, 3, &ep->msg_mr) ||
	    kep_recv_post(ep, 0) || kep_recv_post(ep, 1)) {
		pr_err("iwarp_rping: FAIL verbs setup\n");
		goto out;
	}
	r = kep_connect(ep);
	if (r)
		goto out;
	r = -EIO;
	end = jiffies + msecs_to_jiffies(RP_TMO);
	while (!ep->up && !ep->failed && time_before(jiffies, end)) {
		wait_event_timeout(ep->wait, ep->up || ep->failed, HZ / 10);
		queue_work(ep->wq, &ep->work);
	}
	if (!ep->up) {
		pr_err("iwarp_rping: FAIL connection setup: %s\n", ep->failed ? ep->why : "timeout");
		goto out;
	}
	pr_info("iwarp_rping: connected to %s:%d: MPA rev %u, CRC %s, IRD/ORD %u/%u\n", addr, port,
		ep->info.rev, ep->info.crc ? "on" : "off", ep->info.ird, ep->info.ord);
	if (delay_ms > 0)
		msleep(delay_ms);
	for (i = 0; i < (unsigned int)count; i++) {
		u8 *src = ep->mem, *sink = ep->mem + RP_MAX;

		rp_pattern(src, (u32)size, i);
		memset(sink, 0, (size_t)size);
		if (kep_send_adv(ep, ep->start_mr, 0, (u32)size, "Send of the source advertisement") ||
		    kep_recv_msg(ep, "wait for the server's Send after its RDMA Read") ||
		    kep_send_adv(ep, ep->rdma_mr, RP_MAX, (u32)size, "Send of the sink advertisement") ||
		    kep_recv_msg(ep, "wait for the server's Send after its RDMA Write"))
			goto out;
		if (memcmp(src, sink, (size_t)size) != 0) {
			pr_err("iwarp_rping: FAIL ping %u: data mismatch: sent '%.40s' got '%.40s'\n", i,
			       (char *)src, (char *)sink);
			goto out;
		}
		if (verbose)
			pr_info("iwarp_rping: ping data: %.60s\n", (char *)sink);
	}
	pr_info("iwarp_rping: ok %d pings of %d octets with data verified, MPA rev %u, CRC %s\n", count,
		size, ep->info.rev, ep->info.crc ? "on" : "off");
	ep_live = ep;
	return 0;
out:
	if (ep->failed)
		pr_err("iwarp_rping: FAIL: %s\n", ep->why);
	kep_teardown(ep);
	return r;
}

/* rmmod: a graceful close (QP to Closing; MPA sends our FIN when what is queued has gone),
 * then up to 10 s for the peer's FIN; the socket and everything else released. */
static void __exit iwarp_rping_exit(void)
{
	struct kep *ep = ep_live;
	unsigned long end;
	unsigned int qs;
	int peer_first;

	if (!ep)
		return;
	mutex_lock(&ep->mu);
	peer_first = ep->rd_eof;
	if (iw_qp_state(&ep->qp) == IW_QP_RTS) {
		iw_qp_attr a;

		memset(&a, 0, sizeof(a));
		a.next_state = IW_QP_CLOSING;
		(void)iw_qp_modify(&ep->qp, &a);
	}
	kep_after(ep);
	mutex_unlock(&ep->mu);
	end = jiffies + 10 * HZ;
	while (!ep->rd_eof && !ep->dead && time_before(jiffies, end)) {
		wait_event_timeout(ep->wait, ep->rd_eof || ep->dead, HZ / 10);
		queue_work(ep->wq, &ep->work);
	}
	/* the flags as the work left them (it sets rd_eof before it reports the close to the QP) */
	flush_workqueue(ep->wq);
	mutex_lock(&ep->mu);
	qs = iw_qp_state(&ep->qp);
	mutex_unlock(&ep->mu);
	if (ep->rd_eof && ep->close_complete && !ep->failed && qs == IW_QP_IDLE)
		pr_info("iwarp_rping: closed cleanly (%s, QP Idle)\n",
			peer_first ? "the peer's FIN first, then ours" : "our FIN, then the peer's");
	else
		pr_err("iwarp_rping: close not clean: FIN from the peer %s, close complete %d, QP state %u, %s\n",
		       ep->rd_eof ? "seen" : "not seen", ep->close_complete, qs,
		       ep->failed ? ep->why : "no error");
	kep_teardown(ep);
	ep_live = NULL;
}

module_init(iwarp_rping_init);
module_exit(iwarp_rping_exit);
