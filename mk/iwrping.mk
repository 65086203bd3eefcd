# `make iwrping`: builds $(B)/iwrping (its rule is in mk/interop.mk, which runs it against siw),
# so that the name works as `make iwperf` and `make iwdump` do (docs/tools.md).
.PHONY: iwrping
iwrping: $(B)/iwrping
