# `make demo`: for now two MPA endpoints in one process over an in-memory pipe
# (examples/mpa_demo.c); to be replaced by the POSIX demo of every operation (issue 6).
demo: $(B)/mpa_demo
	@$(B)/mpa_demo

$(B)/mpa_demo: examples/mpa_demo.c $(HEADERS)
	@mkdir -p $(B)
	$(CC) $(WARN) -O2 -I. -Itests -o $@ examples/mpa_demo.c
