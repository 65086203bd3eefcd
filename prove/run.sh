#!/usr/bin/env bash
# make prove: Frama-C Eva on every wire decoder, and WP on DDP placement (docs/verification-prove.md).
# One line per target: PROVE <target> alarms=N proved=M total=K; exit 1 if an alarm appears
# that prove/ALARMS.md does not list (or a target fails to run).
set -u
cd "$(dirname "$0")/.."
B=${B:-build}/prove
mkdir -p "$B"
FRAMAC=${FRAMAC:-frama-c}
if ! command -v "$FRAMAC" >/dev/null 2>&1; then
    echo "prove: frama-c not found (Debian: apt-get install frama-c-base)" >&2
    exit 2
fi
TIMEOUT=${PROVE_TIMEOUT:-300}
COMMON=(-machdep x86_64 -eva -eva-split-return full -eva-warn-key libc:unsupported-spec=inactive)
# MPA: the kernel table's loops at iw_mpa_init (one entry in the prove build), the setup
# frame's encode and iw__tx_piece's paths (each writes *ptr) kept apart; 5 alarms fewer in each
# target for little CPU (docs/verification-prove.md)
MPA_SETUP="-eva-slevel-function iw_crc32c_copy_impls:20 -eva-slevel-function iw_crc32c_kernels_impls:20 -eva-slevel-function iw_crc32c_kernels_select:20 -eva-slevel-function iw__send_frame:10 -eva-slevel-function iw__tx_piece:20"
# target | driver | extra cpp flags | Eva options
# ddp_rx: iw_ddp_rx_begin's slevel keeps a refused and an accepted segment apart through its
# header-keeping branches (iw_ddp_rx_seg); at 300 the states were joined (101 alarms).
TARGETS=(
  "mpa_frame|prove/mpa_frame.c||-main decode_only -eva-precision 1 -eva-slevel-function decode_only:2000 -eva-slevel-function iw_mpa_frame_decode:100"
  "rdmap_term|prove/rdmap_term.c||-eva-precision 3"
  "ddp_rx|prove/ddp_rx.c||-eva-precision 4 -eva-slevel-function iw_ddp_rx_begin:1200"
  "mpa_first_p2p|prove/mpa_first.c||-eva-precision 0 $MPA_SETUP"
  "mpa_rx_crc_mk|prove/mpa_rx.c|-DPROVE_CRC=1 -DPROVE_MK=1 -DPROVE_HOST_CRC=1|-eva-precision 0 -eva-slevel-function to_full:200 $MPA_SETUP"
)
[ -n "${PROVE_ONLY:-}" ] && mapfile -t TARGETS < <(printf '%s\n' "${TARGETS[@]}" | grep -E "^(${PROVE_ONLY})\|")
# Listed alarms: lines "- `file:line:kind:property`" in prove/ALARMS.md.
grep -o '^- `[^`]*`' prove/ALARMS.md 2>/dev/null | sed 's/^- `//; s/`$//' > "$B/listed.txt"
rc=0
for t in "${TARGETS[@]}"; do
    IFS='|' read -r name drv cpp opts <<<"$t"
    csv="$B/$name.csv"
    start=$(date +%s)
    # shellcheck disable=SC2086
    if ! timeout "$TIMEOUT" nice "$FRAMAC" "${COMMON[@]}" -cpp-extra-args="-I. -Iprove $cpp" \
            "$drv" $opts -report-csv "$csv" > "$B/$name.log" 2>&1; then
        echo "PROVE $name FAILED (see $B/$name.log)"
        rc=1
        continue
    fi
    secs=$(( $(date +%s) - start ))
    # Columns: directory file line function kind status property. Counted: Valid* (proved),
    # Unknown and Invalid* (alarms); not counted: "Considered valid" (Frama-C's libc
    # contracts, assumed) and Dead/Unreachable (code the analysis never reaches).
    read -r n m k < <(awk -F'\t' 'NR>1 { s=$6
        if (s ~ /^Valid/) m++; else if (s ~ /^(Unknown|Invalid)/) n++; else next; k++ }
        END { print n+0, m+0, k+0 }' "$csv")
    echo "PROVE $name alarms=$n proved=$m total=$k (${secs}s)"
    # Key: file:function:kind:property, no line number, so that an edit elsewhere in a header
    # does not move it. The same property of the same kind twice in one function (two lines)
    # gets " #2", " #3"... in line order, so a new alarm never hides behind a listed one.
    # $B/<name>.lines has each key with its line, for the reader.
    awk -F'\t' 'NR>1 && $6 ~ /^(Unknown|Invalid)/ { print $3 "\t" $2 ":" $4 ":" $5 ":" $7 }' "$csv" |
        sort -t "$(printf '\t')" -k2,2 -k1,1n -u |
        awk -F'\t' '{ c = ++seen[$2]; k = c > 1 ? $2 " #" c : $2; print k "\t" $1 }' > "$B/$name.lines"
    cut -f1 "$B/$name.lines" | sort -u > "$B/$name.alarms"
    new=$(awk -F'\t' 'NR==FNR { ok[$0] = 1; next } !($1 in ok) { print $1 "   (line " $2 ")" }' \
        "$B/listed.txt" "$B/$name.lines")
    if [ -n "$new" ]; then
        echo "$new" | sed "s/^/  unlisted alarm ($name): /"
        rc=1
    fi
done

# WP (prove/wp_place.c, prove/wp_stream.c): the placement contract of ddp.h, and MPA's
# streamed placement into begin's pieces (mpa.h), proved with contracts, for every input.
# One goal per property (RTE included, -wp-rte); alarms = goals no prover proved, each keyed
# `wp:<goal name>` (names do not move with line numbers) and listed in prove/ALARMS.md.
# PROVE_WP_LIMIT (default 2400 s; placement_wp took 1045 s at load 12) bounds a WP target;
# PROVE_WP_TIMEOUT each goal (default 60 s: the shared machine at load 15 left goals CVC4
# proves in seconds alone open at 10 s).
WP_TARGETS=("placement_wp|prove/wp_place.c|iw__ddp_check_tagged,iw_ddp_rx,iw_term_make,iw_ddp_xlate_term"
            "placement_stream_wp|prove/wp_stream.c|iw__rx_put,iw__rx_take")
[ -n "${PROVE_ONLY:-}" ] && mapfile -t WP_TARGETS < <(printf '%s\n' "${WP_TARGETS[@]}" | grep -E "^(${PROVE_ONLY})\|")
[ "${PROVE_WP:-1}" = 0 ] && WP_TARGETS=() # make prove-eva: the Eva targets only
if [ "${#WP_TARGETS[@]}" -gt 0 ] && [ -n "${WP_TARGETS[0]}" ]; then
    # Why3's prover list: our own file, so that a fresh machine needs no `why3 config detect`
    export WHY3CONFIG="$B/why3.conf"
    if ! command -v why3 >/dev/null 2>&1; then
        echo "prove: why3 not found (Debian: apt-get install why3 z3 cvc4)" >&2
        exit 2
    fi
    [ -s "$WHY3CONFIG" ] || why3 --config="$WHY3CONFIG" config detect > "$B/why3-detect.log" 2>&1
    provers=$(for p in z3 cvc4; do command -v $p >/dev/null 2>&1 && printf '%s,' $p; done)
    provers=${provers%,}
    if [ -z "$provers" ]; then
        echo "prove: no SMT prover (Debian: apt-get install z3 cvc4)" >&2
        exit 2
    fi
fi
for t in "${WP_TARGETS[@]}"; do
    [ -n "$t" ] || continue
    IFS='|' read -r name drv fcts <<<"$t"
    start=$(date +%s)
    # -rte-no-pointer-call: Frama-C 25 cannot state \valid_function; the `calls` annotations
    # make WP prove instead that each callback pointer is the specified stub. Typed+cast: the
    # copy kernel's `void *` (uint8_t * -> char * -> uint8_t *, the pointer kept as it is);
    # wp:split: case splits before the provers. -then: the harness's lemmas (-wp-fct skips them).
    if ! timeout "${PROVE_WP_LIMIT:-2400}" nice "$FRAMAC" -machdep gcc_x86_64 -cpp-extra-args="-I. -Iprove" "$drv" \
            -wp -wp-rte -rte-no-pointer-call -wp-prover "$provers" -wp-model Typed+cast -wp-auto wp:split \
            -wp-timeout "${PROVE_WP_TIMEOUT:-60}" -wp-fct "$fcts" -then -wp-fct= -wp-prop=@lemma \
            > "$B/$name.log" 2>&1; then
        echo "PROVE $name FAILED (see $B/$name.log)"
        rc=1
        continue
    fi
    secs=$(( $(date +%s) - start ))
    # "[wp] [<prover>] Goal <name> : Valid ..." is proved; any other "[wp] [...] Goal <name>"
    # line (Failed, Timeout, Unknown) is not.
    grep -E '^\[wp\] \[[^]]*\] Goal [^ ]+' "$B/$name.log" |
        sed -E 's/^\[wp\] \[[^]]*\] Goal ([^ ]+)(.*)$/\1\2/' > "$B/$name.goals"
    k=$(wc -l < "$B/$name.goals")
    m=$(grep -c ' : Valid' "$B/$name.goals")
    n=$(( k - m ))
    echo "PROVE $name alarms=$n proved=$m total=$k (${secs}s)"
    grep -v ' : Valid' "$B/$name.goals" | sed -E 's/^([^ ]+).*$/wp:\1/' | sort -u > "$B/$name.alarms"
    new=$(grep -vxF -f "$B/listed.txt" "$B/$name.alarms" || true)
    if [ -n "$new" ]; then
        echo "$new" | sed "s/^/  unlisted alarm ($name): /"
        rc=1
    fi
    if [ "$k" -eq 0 ]; then
        echo "  $name: no goal was run (see $B/$name.log)"
        rc=1
    fi
done
exit $rc
