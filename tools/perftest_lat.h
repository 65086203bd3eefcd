/* SPDX-License-Identifier: MIT */
/* tools/perftest_lat.h: `iwperf --perftest --lat`, the peer of perftest's ib_write_lat,
 * ib_send_lat and ib_read_lat -R, in either role. Part of tools/iwperf.c (included after its
 * --perftest part, whose state PT and helpers it uses: pt_xchg, pt_send, pt_dest, pt_connect_d,
 * pt_d_check, pt_msgs, pt_octets); not a header of its own.
 *
 * What the latency tools do with -R (perftest 4.5-0.17, version string "6.06", against siw in
 * the interop VM, both roles captured with iwperf --pcap):
 *   - C (the control connection): the same exchanges as the bandwidth tools up to D's connect
 *     and the second 56 zeros (see the top of --perftest in iwperf.c), then the 56-octet dest
 *     4 times before the measurement (all three tools) and, ib_send_lat and ib_read_lat only,
 *     once after it; then FIN. No report values are exchanged.
 *   - ib_write_lat: both sides RDMA Write -s octets to the rkey and vaddr of the peer's dest
 *     (always the same address) and poll the last octet of their own buffer there: Write
 *     number k carries k mod 256 in its last octet. The server writes first, once the dests are
 *     exchanged; the client writes k when it sees the server's k, the server writes k + 1 when
 *     it sees the client's k. Each side sends -n Writes; then the server closes. An MPA Responder may send no FPDU
 *     before the Initiator's first (RFC 5044 §7.1.2, MPA-015), so iwperf as server needs
 *     peer-to-peer mode (RFC 6581, --p2p): the client's RTR comes first. siw as server does
 *     not wait (seen in the VM).
 *   - ib_send_lat: the client Sends first and each side answers every Send with one of its own
 *     (-s octets both ways, -n each); both keep Receives posted (no receiver-not-ready retry in
 *     iWARP: the first Send may follow the last dest at once, so they are posted before it).
 *   - ib_read_lat: the client RDMA Reads -s octets of the server's dest buffer, one at a time,
 *     -n times; the server's RNIC answers, its program only waits for the last dest.
 * Latency as perftest reports it: Write and Send half the round trip, Read the whole round
 * trip; t_typical is the median, the percentiles are taken from the sorted samples. iwperf
 * measures a round trip from its own post to the peer's answer (the client of ib_write_lat
 * from its Write k to the server's k + 1): n or n - 1 samples. */

#define PTL_DESTS 4u  /* dests exchanged before the measurement (client) */
#define PTL_SRC PT_SLOT /* our Writes, Sends and Read targets: D's buffer from here */
#define PTL_NRX 16u   /* client, ib_send_lat: Receives kept posted on D */

static struct ptl {
    double *lat;      /* latency samples, us */
    uint32_t nlat;
    uint64_t sent;    /* our Writes / Sends / Reads posted (numbered from 1) */
    uint64_t done;    /* ... and completed */
    uint64_t seen;    /* the peer's Writes / Sends seen (ib_write_lat, ib_send_lat) */
    uint64_t bad_len; /* ib_send_lat: Sends of another length than -s */
    uint64_t rx_octets; /* ... and the octets of all */
    uint64_t stray;   /* Sends that came in a Write or Read test */
    double tpost;     /* when our last one was posted */
    unsigned nrx;     /* Receives posted on D, the stride of their wr_ids */
} PTL;

static void ptl_sample(double factor)
{
    if (PTL.nlat < R.c.iters) PTL.lat[PTL.nlat++] = (now_s() - PTL.tpost) * 1e6 / factor;
}

/* Our Write, Send or Read number k (a Write carries k mod 256 in its last octet). */
static void ptl_post(uint64_t k)
{
    static const iw_wr_type ty[3] = {IW_WR_WRITE, IW_WR_READ, IW_WR_SEND};
    iw_send_wr w = iw_px_wr(ty[R.c.op], k, &PT.dmr, PTL_SRC, R.c.size); /* signaled */
    if (R.c.op == OP_WRITE) PT.dbuf[PTL_SRC + R.c.size - 1] = (uint8_t)k;
    w.remote_stag = PT.peer_rkey;
    w.remote_to = PT.peer_vaddr;
    PTL.tpost = now_s();
    if (iw_px_post(&PT.d, &w) != IW_V_OK) die("post", iw_px_error(&PT.d)->text);
    PTL.sent = k;
}

/* The measurement has ended (this side's part): every Write / Send / Read of ours completed and
 * the peer's all seen. */
static int ptl_over(int server)
{
    uint64_t n = R.c.iters;
    if (R.c.op == OP_READ) return server || PTL.done == n;
    return PTL.sent == n && PTL.done == n && PTL.seen == n;
}

/* One look at D, no waiting: completions, the peer's Write or Send, our answer. Returns 1 when
 * something moved. started: the peer's dest is known (the server may write first). */
static int ptl_step(int server, int started)
{
    iw_wc wc;
    int moved = 0;
    uint64_t n = R.c.iters;
    double half = 2.0;
    while (iw_px_poll_wc(&PT.d, IW_PX_SQ_CQ, &wc)) {
        if (wc.status == IW_WC_FLUSHED && pt_ended(&PT.d)) continue; /* D ended: checked after */
        if (wc.status != IW_WC_SUCCESS) {
            char t[400];
            snprintf(t, sizeof t, "%s after %llu of %llu%s%s", iw_wc_status_str(wc.status),
                     (unsigned long long)PTL.done, (unsigned long long)n,
                     iw_px_error(&PT.d)->kind ? ": " : "", iw_px_error(&PT.d)->text);
            die("measured connection", t);
        }
        PTL.done = wc.wr_id;
        moved = 1;
        if (R.c.op == OP_READ && !server) { /* ib_read_lat: the whole round trip */
            ptl_sample(1.0);
            if (PTL.sent < n) ptl_post(PTL.sent + 1);
        }
    }
    while (iw_px_poll_wc(&PT.d, IW_PX_RQ_CQ, &wc)) { /* ib_send_lat: the peer's Send */
        uint64_t k = wc.wr_id + PTL.nrx;
        if (wc.status == IW_WC_FLUSHED && pt_ended(&PT.d)) continue;
        if (wc.status != IW_WC_SUCCESS) die("measured Receive", iw_wc_status_str(wc.status));
        moved = 1;
        if (R.c.op != OP_SEND) { /* not in this test: counted, and the run fails */
            PTL.stray++;
            continue;
        }
        PTL.seen++;
        PTL.rx_octets += wc.len;
        if (wc.len != R.c.size) PTL.bad_len++;
        if (iw_px_recv(&PT.d, k, &PT.dmr, (k % PT_NSLOT) * PT_SLOT, PT_SLOT) != IW_V_OK)
            die("post receive", iw_px_error(&PT.d)->text);
        if (PTL.sent > 0) ptl_sample(half); /* the answer to our last Send */
        if (PTL.sent < n && PTL.sent < PTL.seen + (server ? 0u : 1u)) ptl_post(PTL.sent + 1);
    }
    if (R.c.op == OP_WRITE && started) {
        /* the peer's Write k puts k mod 256 into the last octet of our dest buffer (offset 0) */
        if (server && PTL.sent == 0) ptl_post(1), moved = 1; /* the server writes first */
        if (PTL.seen < n && PTL.seen < PTL.sent + (server ? 0u : 1u) &&
            PT.dbuf[R.c.size - 1] == (uint8_t)(PTL.seen + 1)) {
            PTL.seen++;
            moved = 1;
            if (PTL.sent > 0) ptl_sample(half);
            if (PTL.sent < n && PTL.sent < PTL.seen + (server ? 1u : 0u)) ptl_post(PTL.sent + 1);
        }
    }
    return moved;
}

/* The table as perftest prints it, and the IWPERF line (msgs and bytes: what this side
 * counted of the measurement, as the bandwidth mode's line). */
static void ptl_report(int server, uint64_t msgs, uint64_t bytes)
{
    uint32_t i, n = PTL.nlat;
    double mn = 0, mx = 0, med = 0, avg = 0, sd = 0, p99 = 0, p999 = 0;
    const iw_mpa_info *in = iw_px_info(&PT.d);
    if (n) {
        for (i = 0; i < n; i++) avg += PTL.lat[i];
        avg /= n;
        for (i = 0; i < n; i++) sd += (PTL.lat[i] - avg) * (PTL.lat[i] - avg);
        sd = n > 1 ? sqrt(sd / (n - 1)) : 0;
        qsort(PTL.lat, n, sizeof *PTL.lat, cmp_d);
        mn = PTL.lat[0], mx = PTL.lat[n - 1], med = PTL.lat[n / 2];
        p99 = PTL.lat[(size_t)((double)(n - 1) * 0.99)];
        p999 = PTL.lat[(size_t)((double)(n - 1) * 0.999)];
    }
    if (!R.c.quiet && n) {
        printf("%s\n", dash);
        printf("                    iWARP %s Latency Test, perftest -R (iwperf %s)\n", opname[R.c.op],
               server ? "server" : "client");
        printf(" MPA rev %u | CRC %s | markers rx %s tx %s | IRD %u ORD %u\n", in->rev,
               in->crc ? "on" : "off", in->markers_rx ? "on" : "off", in->markers_tx ? "on" : "off",
               in->ird, in->ord);
        printf("%s\n", dash);
        printf(" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    "
               "t_stdev[usec]   99%% percentile[usec]   99.9%% percentile[usec]\n");
        printf(" %-7u %-10llu %-15.2f %-13.2f %-18.2f %-14.2f %-15.2f %-22.2f %.2f\n", R.c.size,
               (unsigned long long)msgs, mn, mx, med, avg, sd, p99, p999);
        printf("%s\n", dash);
    }
    printf("IWPERF role=%s mode=perftest op=%s test=lat msgs=%llu bytes=%llu secs=%.6f samples=%u "
           "lat_us_min=%.3f lat_us_max=%.3f lat_us_typical=%.3f lat_us_avg=%.3f lat_us_stdev=%.3f "
           "lat_us_p99=%.3f lat_us_p999=%.3f crc=%u rev=%u\n",
           server ? "server" : "client", opname[R.c.op], (unsigned long long)msgs,
           (unsigned long long)bytes, R.secs, n, mn, mx, med, avg, sd, p99, p999,
           iw_px_info(&R.ep)->crc, iw_px_info(&R.ep)->rev);
}

/* ib_write_lat's server writes first, but an MPA Responder sends no FPDU before the Initiator's
 * first (RFC 5044 §7.1.2, MPA-015): without an RTR (RFC 6581) the run cannot start. The server
 * says so when it ends that way (its own timeout or the client's, whichever comes first). */
static void ptl_no_rtr(const char *t)
{
    if (R.c.op == OP_WRITE && R.c.server && PTL.seen == 0 && !iw_px_info(&PT.d)->p2p)
        die("ib_write_lat: our first Write waits for the client's first FPDU (RFC 5044 "
            "§7.1.2); use peer-to-peer mode (iwperf --p2p, siw with peer_to_peer)", t);
}

/* Server: the measured connection failed (pt_d_check), named as above when that is why. */
static void ptl_d_check(void)
{
    if (iw_px_state(&PT.d) == IW_PX_S_FAILED) {
        char t[320];
        snprintf(t, sizeof t, "measured connection: %s (after 0 of %u round trips)",
                 iw_px_error(&PT.d)->text, (unsigned)R.c.iters);
        ptl_no_rtr(t);
    }
    pt_d_check();
}

/* Server: answer C by length as the bandwidth server does, run the ping-pong on D as it comes,
 * until the client closes C; exit 1 when D failed, the client left before the measurement
 * ended, or the counts differ from -n / -s. */
static void ptl_server(void)
{
    uint8_t m[PT_MSG];
    uint64_t dests = 0, seen = 0, msgs, octets;
    double last = now_s(), t0 = 0;
    uint32_t i;
    if (iw_px_accept(&R.lis, &PT.d) != 0) die_ep("accept");
    PTL.nrx = PT_RXD;
    for (i = 0; i < PT_RXD; i++) /* ib_send_lat: posted before its first Send can come */
        if (iw_px_recv(&PT.d, i, &PT.dmr, (uint64_t)(i % PT_NSLOT) * PT_SLOT, PT_SLOT) != IW_V_OK)
            die_ep("post receive");
    while (iw_px_state(&R.ep) < IW_PX_S_MPA)
        if (iw_px_poll(&R.loop, 1000) < 0) die("poll", strerror(errno));
    if (iw_px_wait_ready(&R.ep, TMO_MS) != 0) die_ep("control connection");
    for (;;) {
        iw_wc wc;
        int moved;
        uint64_t now_seen;
        ptl_d_check();
        moved = iw_px_state(&PT.d) >= IW_PX_S_READY && ptl_step(1, dests > 0);
        while (iw_px_poll_wc(&R.ep, IW_PX_SQ_CQ, &wc)) check_wc(&wc, "control Send");
        if (iw_px_poll_wc(&R.ep, IW_PX_RQ_CQ, &wc)) { /* a control message: answer it */
            const uint8_t *q = slot_of(&wc);
            uint32_t len = wc.len, j, zero = 1;
            if (wc.status == IW_WC_FLUSHED && pt_ended(&R.ep)) break; /* C closed: done */
            check_wc(&wc, "control Receive");
            if (len > PT_MSG) die("perftest control message too long", NULL);
            memcpy(m, q, len);
            repost(&wc);
            for (j = 0; j < len; j++) zero &= m[j] == 0;
            if (len == PT_DEST && !zero) { /* the client's dest: its buffer, and ours back */
                PT.peer_rkey = get_be32(m + 16);
                PT.peer_vaddr = get_be64(m + 24);
                pt_dest(m, &PT.dmr);
                if (dests++ == 0) t0 = now_s();
            }
            pt_send(m, len);
            moved = 1;
        }
        if (pt_ended(&R.ep)) break; /* the client closed C: the test is over */
        if (R.c.op == OP_WRITE && ptl_over(1)) break; /* ib_write_lat's server ends here */
        now_seen = PTL.seen + PTL.done + pt_msgs() + pt_octets();
        if (now_seen != seen) seen = now_seen, moved = 1;
        if (moved) last = now_s();
        else if (now_s() - last > TMO_MS / 1000.0) {
            char t[200];
            snprintf(t, sizeof t, "nothing on either connection for %d s (after %llu of %u round trips)",
                     TMO_MS / 1000, (unsigned long long)(R.c.op == OP_READ ? pt_msgs() : PTL.seen),
                     (unsigned)R.c.iters);
            ptl_no_rtr(t);
            die("perftest client", t);
        }
        if (iw_px_poll(&R.loop, moved ? 0 : 50) < 0) die("poll", strerror(errno));
    }
    R.secs = t0 > 0 ? now_s() - t0 : 0;
    if (!dests) die("perftest client left before the dest exchange", NULL);
    ptl_d_check();
    if (iw_px_state(&PT.d) >= IW_PX_S_READY) (void)ptl_step(1, 1); /* what came before the FIN */
    /* what the client moved: its Writes placed here, the Read Responses sent, its Sends */
    msgs = R.c.op == OP_SEND ? PTL.seen : pt_msgs();
    octets = R.c.op == OP_SEND ? PTL.rx_octets : pt_octets();
    if (R.c.op != OP_READ && !ptl_over(1)) {
        char t[200];
        snprintf(t, sizeof t, "closed the control connection during the measurement (we sent %llu, saw "
                 "%llu of %u)", (unsigned long long)PTL.sent, (unsigned long long)PTL.seen,
                 (unsigned)R.c.iters);
        ptl_no_rtr(t);
        die("perftest client left mid-run", t);
    }
    if (msgs != R.c.iters || octets != msgs * R.c.size || PTL.bad_len || PTL.stray) {
        char t[220];
        snprintf(t, sizeof t, "counted %llu messages, %llu octets (%llu Sends of another length, "
                 "%llu Sends in a %s test); asked %u x %u octets", (unsigned long long)msgs,
                 (unsigned long long)octets, (unsigned long long)PTL.bad_len,
                 (unsigned long long)PTL.stray, opname[R.c.op], (unsigned)R.c.iters, (unsigned)R.c.size);
        die("counts disagree with what was asked", t);
    }
    ptl_report(1, msgs, msgs * R.c.size);
}

static int ptl_c_ended(void *arg)
{
    (void)arg;
    return pt_ended(&R.ep);
}

/* Client: the captured control sequence, the ping-pong, the dest after it. */
static void ptl_client(void)
{
    uint8_t m[PT_DEST];
    const uint8_t *q;
    double t0, last;
    uint32_t k;
    pt_client_start();
    PTL.nrx = PTL_NRX; /* ib_send_lat's server may answer our first Send at once */
    for (k = 0; k < PTL_NRX; k++)
        if (iw_px_recv(&PT.d, k, &PT.dmr, (uint64_t)(k % PT_NSLOT) * PT_SLOT, PT_SLOT) != IW_V_OK)
            die("post receive", iw_px_error(&PT.d)->text);
    for (k = 0; k < PTL_DESTS; k++) {
        pt_dest(m, &PT.dmr);
        q = pt_xchg(m, PT_DEST);
        PT.peer_rkey = get_be32(q + 16);
        PT.peer_vaddr = get_be64(q + 24);
    }
    t0 = last = now_s();
    next_progress = t0 + 1.0;
    if (R.c.op != OP_WRITE) ptl_post(1); /* ib_send_lat, ib_read_lat: the client starts */
    while (!ptl_over(0)) {
        int moved = ptl_step(0, 1);
        if (ptl_over(0)) break; /* before a reset right behind the peer's last message */
        if (iw_px_state(&PT.d) == IW_PX_S_FAILED) {
            char t[400];
            snprintf(t, sizeof t, "%s (after %llu of %u round trips)", iw_px_error(&PT.d)->text,
                     (unsigned long long)PTL.done, (unsigned)R.c.iters);
            die("measured connection", t);
        }
        if (moved) last = now_s();
        else if (now_s() - last > TMO_MS / 1000.0) {
            char t[260];
            snprintf(t, sizeof t, "no progress for %d s (sent %llu, saw %llu of %u)%s", TMO_MS / 1000,
                     (unsigned long long)PTL.sent, (unsigned long long)PTL.seen, (unsigned)R.c.iters,
                     R.c.op == OP_WRITE && PTL.seen == 0 && !iw_px_info(&PT.d)->p2p
                         ? "; the server writes first, which an MPA Responder may only do after "
                           "our first FPDU (RFC 5044 §7.1.2): try --p2p"
                         : "");
            die("measured connection", t);
        }
        if (iw_px_poll(&R.loop, moved ? 0 : 50) < 0) die("poll", strerror(errno));
        progress(PTL.done, t0);
    }
    R.secs = now_s() - t0;
    if (PTL.bad_len) die("perftest server's Sends", "of another length than -s");
    if (R.c.op != OP_WRITE) { /* the dest after the measurement */
        pt_dest(m, &PT.dmr);
        (void)pt_xchg(m, PT_DEST);
    } else { /* ib_write_lat's server just ends: let it close first (closing before it did made
              * it exit 1 now and then, with its table unprinted) */
        (void)iw_px_run(&R.loop, ptl_c_ended, NULL, TMO_MS);
    }
    ptl_report(0, PTL.done, PTL.done * R.c.size);
}

/* --perftest --lat: after pt_main's common part (C's endpoint, D's, the capture). */
static int ptl_main(void)
{
    PTL.lat = (double *)calloc(R.c.iters, sizeof *PTL.lat);
    if (!PTL.lat) die("out of memory", NULL);
    if (R.c.server) {
        if (iw_px_listen(&R.loop, &R.lis, NULL, R.c.port) != 0) die("listen", strerror(errno));
        if (iw_px_accept(&R.lis, &R.ep) != 0) die_ep("accept");
        fprintf(stderr, "iwperf: listening on port %u\n", (unsigned)iw_px_listen_port(&R.lis));
        ptl_server();
        if (R.c.op == OP_WRITE) { /* it ends first (ib_write_lat's server does): FIN, not RST */
            (void)iw_px_close(&PT.d, 2000);
            (void)iw_px_close(&R.ep, 2000);
        }
    } else {
        ptl_client();
        (void)iw_px_close(&PT.d, 2000);
        (void)iw_px_close(&R.ep, 2000);
    }
    pt_pcap_close();
    iw_px_ep_fini(&PT.d);
    iw_px_ep_fini(&R.ep);
    free(PTL.lat);
    return 0;
}
