# bench-scale: bench/bench_scale.c alone (issue 19: many connections on one host): the server
# process's resident memory per idle connected QP against the core's per-QP state, and the
# connection set-up rate against plain TCP. bench/run.sh runs it with every bench_*.c (its
# BENCH lines join the others); BENCH_SCALE_N sets the connections (default 10000).
.PHONY: bench-scale
bench-scale:
	@BENCH_ONLY=scale bash bench/run.sh
