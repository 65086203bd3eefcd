# bench-scale: the benches of many connections on one host (issue 19), bench/bench_scale*.c:
# bench_scale.c, the server process's resident memory per idle connected QP against the core's
# per-QP state, and the connection set-up rate against plain TCP (BENCH_SCALE_N connections,
# default 10000); bench_scale_qp.c, 4 KiB RDMA Write throughput of 1,000 QPs in one process on
# shared RNICs against one QP (BENCH_SCALE_QP, default 1000; BENCH_SCALE_ROUNDS, default 5);
# bench_scale_threads.c, two threads against one. bench/run.sh runs them with every bench_*.c
# (their BENCH lines join the others).
.PHONY: bench-scale
bench-scale:
	@BENCH_ONLY=scale nice bash bench/run.sh
