#!/usr/bin/env bash
# make prove: Frama-C Eva on every wire decoder (docs/verification-prove.md).
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
# target | driver | extra cpp flags | Eva options
TARGETS=(
  "mpa_frame|prove/mpa_frame.c||-main decode_only -eva-precision 1 -eva-slevel-function decode_only:2000 -eva-slevel-function iw_mpa_frame_decode:100"
  "rdmap_term|prove/rdmap_term.c||-eva-precision 3"
  "ddp_rx|prove/ddp_rx.c||-eva-precision 4 -eva-slevel-function iw_ddp_rx_begin:300"
  "mpa_first_p2p|prove/mpa_first.c||-eva-precision 0"
  "mpa_rx_crc_mk|prove/mpa_rx.c|-DPROVE_CRC=1 -DPROVE_MK=1 -DPROVE_HOST_CRC=1|-eva-precision 0 -eva-slevel-function to_full:200"
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
    awk -F'\t' 'NR>1 && $6 ~ /^(Unknown|Invalid)/ { print $2 ":" $3 ":" $5 ":" $7 }' "$csv" |
        sort -u > "$B/$name.alarms"
    new=$(grep -vxF -f "$B/listed.txt" "$B/$name.alarms" || true)
    if [ -n "$new" ]; then
        echo "$new" | sed "s/^/  unlisted alarm ($name): /"
        rc=1
    fi
done
exit $rc
