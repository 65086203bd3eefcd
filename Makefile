# iWARP core. `make demo` runs the main job; `make test` passes the tests.
CC      ?= cc
CLANG   ?= clang
B       ?= build
WARN    := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror
HEADERS := $(wildcard mpa.h ddp.h rdmap.h verbs.h)

.PHONY: all test demo reqs fuzz fuzz-afl bench size clean
all: test

test:
	@bash tests/run.sh

clean:
	rm -rf $(B)
