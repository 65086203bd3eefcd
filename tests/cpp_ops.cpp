// SPDX-License-Identifier: MIT
// cpp_ops.cpp: host-op tables written the C++11 way (docs/host.md): before C++20 there are no
// designated initializers, so each table is value-initialized (every op NULL) and the ops it
// has are assigned by name. One table of every ops type a host writes, then a run: two MPA
// connections over tests/host_fake.h carry a DDP message from A to B, and init refuses each
// table whose required op was left out (so the value-initialized members really are NULL).
// Built and run by tests/run.sh with g++ and clang++ -std=c++11 -Wpedantic; prints TAP lines
// and "# counts P F" like a C test.
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include "host_fake.h"
#include <cstdio>
#include <cstring>

static int pass, fail;
static void check(bool ok, const char *what)
{
    if (ok) pass++;
    else fail++;
    std::printf("%s %d - %s\n", ok ? "ok" : "not ok", pass + fail, what);
}

// ---- one end: an MPA connection, its fake host, a DDP stream over it, a receive buffer ----
struct end_ {
    hf_host h;
    iw_mpa_conn c;
    iw_ddp_stream s;
    uint8_t wire[4096], reasm[8192], rbuf[64];
    size_t mark;       // octets of wire already fed to the peer
    uint32_t got_len;  // the message delivered (0: none)
    int requests;
};
static end_ A, B;

// DDP's memory and ULP: no tagged buffers; untagged messages land in rbuf.
static iw_ddp_xlate x_resolve(void *, uint32_t, uint64_t, uint32_t, unsigned, iw_ddp_buf *, size_t,
                              size_t *n)
{
    *n = 0;
    return IW_DDP_X_INVALID_STAG;
}
static iw_status u_rx_buf(void *uctx, const iw_ddp_hdr *, iw_ddp_buf *bufs, size_t, size_t *n, iw_term *)
{
    end_ *e = static_cast<end_ *>(uctx);
    bufs[0].base = e->rbuf;
    bufs[0].len = sizeof e->rbuf;
    *n = 1;
    return IW_OK;
}
static iw_status u_deliver(void *uctx, const iw_ddp_hdr *, uint32_t len)
{
    static_cast<end_ *>(uctx)->got_len = len;
    return IW_OK;
}
// MPA's ULP is DDP through its adapters; the ULP context is the DDP stream. The Responder
// accepts in the request upcall.
static void m_request(void *uctx, const iw_mpa_info *)
{
    end_ *e = uctx == &B.s ? &B : &A;
    e->requests++;
    (void)iw_mpa_accept(&e->c, 8, 8, NULL, 0);
}

static void pipe_(end_ *from, end_ *to)
{
    size_t used = 0;
    if (from->mark < from->h.wire_len) {
        (void)iw_mpa_rx_feed(&to->c, from->wire + from->mark, from->h.wire_len - from->mark, &used);
        from->mark += used;
    }
}

int main()
{
    // The tables, the C++11 way: value-initialized, then the ops set by name.
    iw_mpa_host_ops host{};
    host.send = hf_send;
    host.timer_arm = hf_timer_arm;
    host.timer_cancel = hf_timer_cancel;
    host.close = hf_close;
    iw_mpa_ulp_ops mulp{};
    mulp.request = m_request;
    mulp.begin = iw_ddp_mpa_begin;
    mulp.commit = iw_ddp_mpa_commit;
    mulp.tx_done = iw_ddp_mpa_tx_done;
    iw_ddp_mem_ops mem{};
    mem.resolve = x_resolve;
    iw_ddp_ulp_ops dulp{};
    dulp.rx_buf = u_rx_buf;
    dulp.deliver = u_deliver;
    check(host.crc32c == NULL && host.trace == NULL && host.tx_room == NULL && host.tx_commit == NULL &&
              mulp.established == NULL && mulp.error == NULL && dulp.check == NULL && dulp.sent == NULL,
          "value-initialized tables: the ops not set are NULL");

    // A (Initiator) and B (Responder), DDP over MPA on each.
    iw_mpa_cfg ci, cr;
    iw_mpa_cfg_default(&ci, IW_MPA_INITIATOR);
    iw_mpa_cfg_default(&cr, IW_MPA_RESPONDER);
    end_ *ends[2] = {&A, &B};
    bool init_ok = true;
    for (int i = 0; i < 2; i++) {
        end_ *e = ends[i];
        hf_init(&e->h, e->wire, sizeof e->wire);
        init_ok = init_ok && iw_mpa_init(&e->c, i ? &cr : &ci, &host, &e->h, &mulp, &e->s, e->reasm,
                                         sizeof e->reasm) == IW_OK;
        init_ok = init_ok && iw_ddp_init(&e->s, iw_ddp_mpa_llp_ops(), &e->c, &mem, e, &dulp, e) == IW_OK;
    }
    check(init_ok, "iw_mpa_init and iw_ddp_init take the tables");
    (void)iw_mpa_start(&B.c, NULL, 0);
    (void)iw_mpa_start(&A.c, NULL, 0);
    pipe_(&A, &B);
    pipe_(&B, &A);
    pipe_(&A, &B); // the RTR, in peer-to-peer mode
    pipe_(&B, &A);
    check(B.requests == 1 && iw_mpa_state(&A.c) == IW_MPA_S_FULL, "MPA setup through the tables");

    static const char msg[] = "hello from C++ tables";
    iw_iov v;
    v.base = msg;
    v.len = sizeof msg;
    iw_ddp_msg m{};
    m.qn = 0;
    m.sgl = &v;
    m.nsge = 1;
    check(iw_ddp_send(&A.s, &m) == IW_OK, "iw_ddp_send");
    pipe_(&A, &B);
    check(B.got_len == sizeof msg && std::memcmp(B.rbuf, msg, sizeof msg) == 0, "B received the message");
    check(A.h.send_calls >= 2 && A.h.closed == 0 && B.h.closed == 0, "the fake host saw the sends, no close");

    // Left out, a required op stays NULL and init refuses the table.
    iw_mpa_host_ops no_close{};
    no_close.send = hf_send;
    no_close.timer_arm = hf_timer_arm;
    no_close.timer_cancel = hf_timer_cancel;
    iw_mpa_conn c;
    uint8_t reasm[256];
    check(iw_mpa_init(&c, &ci, &no_close, &A.h, &mulp, NULL, reasm, sizeof reasm) == IW_EINVAL,
          "iw_mpa_init refuses a host table without close");
    no_close.close = hf_close;
    check(iw_mpa_init(&c, &ci, &no_close, &A.h, &mulp, NULL, reasm, sizeof reasm) == IW_OK,
          "iw_mpa_init takes it with close set");
    iw_ddp_ulp_ops no_deliver{};
    no_deliver.rx_buf = u_rx_buf;
    iw_ddp_stream s;
    check(iw_ddp_init(&s, iw_ddp_mpa_llp_ops(), &c, &mem, NULL, &no_deliver, NULL) == IW_EINVAL,
          "iw_ddp_init refuses a ULP table without deliver");
    iw_rdmap_ops rops{};
    rops.resolve = x_resolve;
    iw_rdmap_cfg rc;
    iw_rdmap_cfg_default(&rc);
    rc.ird = 0;
    iw_rdmap_stream rs;
    check(iw_rdmap_init(&rs, &rc, iw_ddp_mpa_llp_ops(), &c, &rops, NULL, NULL, 0, NULL, 0) == IW_EINVAL,
          "iw_rdmap_init refuses a table without recv and complete");
    rops.recv = [](void *, const iw_rdmap_recv *) {};
    rops.complete = [](void *, const iw_rdmap_cqe *) {};
    check(iw_rdmap_init(&rs, &rc, iw_ddp_mpa_llp_ops(), &c, &rops, NULL, NULL, 0, NULL, 0) == IW_OK,
          "iw_rdmap_init takes it with recv and complete set");
    iw_rnic_host_ops rnic{};
    static iw_rnic r1, r2;
    static iw_stag_ent stags[4];
    check(iw_rnic_open(&r1, &rnic, NULL, stags, 4, 1, 0) == IW_V_INVALID_MODIFIER,
          "iw_rnic_open refuses a table without map");
    rnic.map = [](void *, uint64_t addr, size_t) -> uint8_t * {
        return reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(addr));
    };
    check(iw_rnic_open(&r2, &rnic, NULL, stags, 4, 1, 0) == IW_V_OK, "iw_rnic_open takes it with map set");
    std::printf("# counts %d %d\n", pass, fail);
    return fail != 0;
}
