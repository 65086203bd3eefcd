#!/usr/bin/env bash
# fuzz/run.sh MODE: build and run the fuzz targets (mpa.h, ddp.h, rdmap.h, verbs.h; STYLE.md 10). Used by the Makefile:
#   `make fuzz`     -> bash fuzz/run.sh smoke
#   `make fuzz-afl` -> bash fuzz/run.sh afl
#
#   smoke   build the libFuzzer targets (clang, -fsanitize=fuzzer,address,undefined) into
#           build/fuzz/ and run each for FUZZ_SECONDS (default 30) on a copy of its corpus
#           (build/fuzz/corpus-X; fuzz/corpus is never written) with its dictionary. Prints
#           "FUZZ <target> runs=<N> ok execs_per_s=<N>" per target (libFuzzer's executions per
#           second of wall time), then a line with cov, ft, the corpus size and
#           cpu_execs_per_s (executions per second of the process's own CPU time, user +
#           system: the one-core figure, which a loaded machine does not lower); exit 1 if any
#           target crashed (the input is saved as build/fuzz/crash-<target>-*) or
#           clang/libFuzzer is missing.
#   afl     build the targets with afl-clang-fast (or afl-cc) + fuzz/main.c into build/afl/,
#           build the replay drivers with cc and replay the corpora (must pass), then, if
#           afl-fuzz exists, run each target for AFL_SECONDS (default 20). Exit 1 if a replay
#           fails or any crashes/ directory holds an input.
#   long    (`make fuzz-long SECONDS=N`, mk/fuzz.mk) each target in turn: libFuzzer for
#           LONG_SECONDS (default 60) on a copy of its corpus, then AFL++ (afl-clang-fast build,
#           persistent mode) for as long on the same seeds; then every input either found that
#           adds coverage is merged back into fuzz/corpus/<target>/ (libFuzzer -merge=1, which
#           keeps the existing seeds and the regress-* files and adds only new coverage; inputs
#           are cut to LONG_MAX_LEN octets, default 16384, so AFL++'s long inputs do not bloat the
#           corpus and slow every later run).
#           Prints per target "FUZZLONG <target> execs=<libFuzzer+AFL> cov=<edges> ft=<features>
#           corpus=<before>-><after> finds=<crashes>"; exit 1 on any crash (saved in
#           build/fuzz-long/). Without afl-fuzz the AFL half is skipped (afl_execs=0).
#   replay  build the replay drivers (build/fuzz/replay_X, cc + ASan/UBSan) and run every
#           corpus file through them: fast, for `make test`.
#
# Environment: CC (default cc), CLANG (default clang), FUZZ_SECONDS, FUZZ_SEED, AFL_SECONDS, B (build dir).
set -u
cd "$(dirname "$0")/.."
MODE=${1:-smoke}
TARGETS="mpa_frame mpa_setup mpa_rx ddp_rx rdmap_rx verbs_qp"
# Targets `smoke` (make fuzz, CI) runs: all of them (FUZZ_SMOKE="a b" picks some).
SMOKE_TARGETS=${FUZZ_SMOKE:-$TARGETS}
[ "$SMOKE_TARGETS" = all ] && SMOKE_TARGETS=$TARGETS
B=${B:-build}
CC=${CC:-cc}
CLANG=${CLANG:-clang}
FUZZ_SECONDS=${FUZZ_SECONDS:-30}
# libFuzzer's seed: fixed by default so a run (CI's too) can be repeated; FUZZ_SEED=0 = random.
FUZZ_SEED=${FUZZ_SEED:-1}
AFL_SECONDS=${AFL_SECONDS:-20}
WARN="-std=c99 -Wall -Wextra"
# UBSan findings must stop the run, not scroll by.
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:handle_sigill=1:handle_abort=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$B/fuzz"

die() { echo "fuzz: $*" >&2; exit 1; }

# Build build/fuzz/replay_X for every target. Exit 1 on a build failure.
build_replay() {
    local t
    command -v "$CC" >/dev/null || die "$CC not found"
    for t in $TARGETS; do
        $CC $WARN -g -O1 $SAN -I. -Itests fuzz/main.c "fuzz/fuzz_$t.c" -o "$B/fuzz/replay_$t" ||
            die "cannot build $B/fuzz/replay_$t"
    done
}

# Run every corpus file through the replay drivers. Returns 1 if any fails.
run_replay() {
    local t out bad=0
    for t in $TARGETS; do
        if out=$("$B/fuzz/replay_$t" "fuzz/corpus/$t" 2>&1); then
            echo "REPLAY $t $(printf '%s\n' "$out" | tail -n 1 | sed 's/^replay: //')"
        else
            echo "REPLAY $t FAIL"
            printf '%s\n' "$out" | tail -n 40
            bad=1
        fi
    done
    return $bad
}

smoke() {
    local t log rc runs cov ft corp cpu ceps fail=0
    command -v "$CLANG" >/dev/null ||
        die "$CLANG not found: clang with libFuzzer (libclang-rt-dev) is required for 'make fuzz'"
    for t in $SMOKE_TARGETS; do
        if ! $CLANG $WARN -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
            -I. -Itests "fuzz/fuzz_$t.c" -o "$B/fuzz/fuzz_$t" 2>"$B/fuzz/build-$t.log"; then
            cat "$B/fuzz/build-$t.log" >&2
            if grep -q "fuzzer" "$B/fuzz/build-$t.log"; then
                die "cannot build fuzz_$t: is libFuzzer installed (libclang-rt-dev)?"
            fi
            die "cannot build fuzz_$t"
        fi
    done
    for t in $SMOKE_TARGETS; do
        rm -rf "$B/fuzz/corpus-$t"
        cp -r "fuzz/corpus/$t" "$B/fuzz/corpus-$t"
        rm -f "$B/fuzz/crash-$t-"*
        log="$B/fuzz/fuzz_$t.log"
        # CPU time of the run (user + system seconds) into $B/fuzz/cpu-$t
        { TIMEFORMAT='%U %S'; time "$B/fuzz/fuzz_$t" -max_total_time="$FUZZ_SECONDS" -seed="$FUZZ_SEED" \
            -dict="fuzz/$t.dict" -print_final_stats=1 -timeout=25 -rss_limit_mb=2048 \
            -artifact_prefix="$B/fuzz/crash-$t-" "$B/fuzz/corpus-$t" >"$log" 2>&1; } 2>"$B/fuzz/cpu-$t"
        rc=$?
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
        ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
        corp=$(ls "$B/fuzz/corpus-$t" | wc -l)
        if [ "$rc" -ne 0 ] || ls "$B/fuzz/crash-$t-"* >/dev/null 2>&1; then
            echo "FUZZ $t FAIL (exit $rc) $(ls "$B/fuzz/crash-$t-"* 2>/dev/null | tr '\n' ' ')"
            grep -B2 -A30 -E '^==[0-9]+==|runtime error|invariant failed|deadly signal' "$log" | head -n 60
            fail=1
        else
            # executions per second over the run (libFuzzer's last exec/s figure)
            eps=$(grep -o 'exec/s: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
            cpu=$(awk 'NF == 2 { printf "%.2f", $1 + $2 }' "$B/fuzz/cpu-$t")
            ceps=$(awk -v r="${runs:-0}" -v c="${cpu:-0}" 'BEGIN { if (c > 0) printf "%d", r / c; else print "?" }')
            echo "FUZZ $t runs=${runs:-?} ok execs_per_s=${eps:-?}"
            echo "     cov=${cov:-?} ft=${ft:-?} corpus=$corp seconds=$FUZZ_SECONDS cpu_seconds=${cpu:-?} cpu_execs_per_s=$ceps log=$log"
        fi
    done
    return $fail
}

afl() {
    local t afl_cc="" fail=0 log rc crashes stats
    if command -v afl-clang-fast >/dev/null; then
        afl_cc=afl-clang-fast
    elif command -v afl-cc >/dev/null; then
        afl_cc=afl-cc
    fi
    mkdir -p "$B/afl"
    if [ -n "$afl_cc" ]; then
        for t in $TARGETS; do
            AFL_QUIET=1 AFL_USE_ASAN=1 AFL_USE_UBSAN=1 $afl_cc $WARN -g -O1 -I. -Itests fuzz/main.c \
                "fuzz/fuzz_$t.c" -o "$B/afl/$t" || die "cannot build $B/afl/$t with $afl_cc"
        done
    else
        echo "AFL SKIP: neither afl-clang-fast nor afl-cc found (install afl++)"
    fi
    build_replay
    run_replay || fail=1
    if [ -z "$afl_cc" ] || ! command -v afl-fuzz >/dev/null; then
        [ -n "$afl_cc" ] && echo "AFL SKIP: afl-fuzz not found"
        return $fail
    fi
    for t in $TARGETS; do
        rm -rf "$B/afl/out-$t"
        log="$B/afl/afl_$t.log"
        # afl-fuzz insists on these sanitizer options (a finding must abort, no symbolizer)
        ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:handle_sigill=1 \
            UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0 \
            AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 \
            AFL_FAST_CAL=1 timeout $((AFL_SECONDS + 60)) \
            afl-fuzz -V "$AFL_SECONDS" -i "fuzz/corpus/$t" -o "$B/afl/out-$t" -x "fuzz/$t.dict" \
            -- "$B/afl/$t" >"$log" 2>&1
        rc=$?
        crashes=$(find "$B/afl/out-$t" -path '*/crashes/*' -type f ! -name README.txt 2>/dev/null | wc -l)
        stats=$(ls "$B/afl/out-$t"/*/fuzzer_stats 2>/dev/null | head -n 1)
        if [ -z "$stats" ] || { [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; }; then
            echo "AFL $t FAIL (afl-fuzz exit $rc)"
            tail -n 30 "$log"
            fail=1
        elif [ "$crashes" -ne 0 ]; then
            echo "AFL $t FAIL crashes=$crashes in $B/afl/out-$t/*/crashes/"
            fail=1
        else
            echo "AFL $t execs=$(sed -n 's/^execs_done *: *//p' "$stats") corpus=$(sed -n 's/^corpus_count *: *//p' "$stats") bitmap=$(sed -n 's/^bitmap_cvg *: *//p' "$stats") crashes=0 ok"
        fi
    done
    return $fail
}

long() {
    local t d log rc before after lexecs aexecs cov ft crashes fail=0 afl_cc="" secs=${LONG_SECONDS:-60}
    local maxlen=${LONG_MAX_LEN:-16384}
    command -v "$CLANG" >/dev/null || die "$CLANG not found"
    command -v afl-clang-fast >/dev/null && command -v afl-fuzz >/dev/null && afl_cc=afl-clang-fast
    d="$B/fuzz-long"
    mkdir -p "$d"
    for t in $SMOKE_TARGETS; do
        $CLANG $WARN -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
            -I. -Itests "fuzz/fuzz_$t.c" -o "$d/fuzz_$t" 2>"$d/build-$t.log" || die "cannot build fuzz_$t"
        if [ -n "$afl_cc" ]; then
            AFL_QUIET=1 AFL_USE_ASAN=1 AFL_USE_UBSAN=1 $afl_cc $WARN -g -O1 -I. -Itests fuzz/main.c \
                "fuzz/fuzz_$t.c" -o "$d/afl_$t" 2>>"$d/build-$t.log" || die "cannot build afl_$t"
        fi
        rm -rf "$d/lf-$t" "$d/afl-$t" "$d/crash-$t-"*
        mkdir -p "$d/lf-$t"
        before=$(ls "fuzz/corpus/$t" | wc -l)
        # libFuzzer: new inputs go to lf-<t>, seeds read from fuzz/corpus (not written)
        log="$d/libfuzzer-$t.log"
        "$d/fuzz_$t" -max_total_time="$secs" -max_len="$maxlen" -seed="$FUZZ_SEED" -dict="fuzz/$t.dict" -print_final_stats=1 \
            -timeout=25 -rss_limit_mb=2048 -artifact_prefix="$d/crash-$t-" \
            "$d/lf-$t" "fuzz/corpus/$t" >"$log" 2>&1
        rc=$?
        lexecs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        aexecs=0
        if [ -n "$afl_cc" ]; then
            ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:handle_sigill=1 \
                UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0 \
                AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1 \
                AFL_FAST_CAL=1 timeout $((secs + 60)) \
                afl-fuzz -V "$secs" -i "fuzz/corpus/$t" -o "$d/afl-$t" -x "fuzz/$t.dict" \
                -- "$d/afl_$t" >"$d/afl-$t.log" 2>&1
            aexecs=$(sed -n 's/^execs_done *: *//p' "$d/afl-$t"/*/fuzzer_stats 2>/dev/null | head -n 1)
            crashes=$(find "$d/afl-$t" -path '*/crashes/*' -type f ! -name README.txt 2>/dev/null | wc -l)
            [ "$crashes" -eq 0 ] || cp "$d/afl-$t"/*/crashes/id* "$d/" 2>/dev/null
        else
            crashes=0
        fi
        crashes=$((crashes + $(ls "$d/crash-$t-"* 2>/dev/null | wc -l)))
        [ "$rc" -eq 0 ] || [ "$crashes" -gt 0 ] || crashes=1
        # merge what adds coverage back into the committed corpus (existing files are kept)
        "$d/fuzz_$t" -merge=1 -max_len="$maxlen" -rss_limit_mb=2048 "fuzz/corpus/$t" "$d/lf-$t" \
            $(ls -d "$d/afl-$t"/*/queue 2>/dev/null) >"$d/merge-$t.log" 2>&1
        after=$(ls "fuzz/corpus/$t" | wc -l)
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
        ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
        echo "FUZZLONG $t execs=$(( ${lexecs:-0} + ${aexecs:-0} )) libfuzzer=${lexecs:-0} afl=${aexecs:-0} cov=${cov:-?} ft=${ft:-?} corpus=$before->$after finds=$crashes seconds=$secs+$secs"
        [ "$crashes" -eq 0 ] || fail=1
    done
    return $fail
}

case "$MODE" in
smoke) smoke ;;
long) long ;;
afl) afl ;;
replay) build_replay && run_replay ;;
*) die "usage: bash fuzz/run.sh smoke|afl|long|replay" ;;
esac
