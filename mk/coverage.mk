# `make coverage`: llvm-cov line and branch coverage of the core headers by the tests plus the
# fuzz corpora replayed (fuzz/coverage.sh); prints "COVERAGE <header> lines=<pct> branches=<pct>".
# Needs clang and llvm (llvm-profdata, llvm-cov). Reports in build/coverage/.
.PHONY: coverage
coverage:
	@nice bash fuzz/coverage.sh
