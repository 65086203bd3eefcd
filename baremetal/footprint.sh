#!/usr/bin/env bash
# footprint.sh OUTDIR PROFILE TARGET HOSTOP CC FLAGS...: the FOOTPRINT line of `make size` for one
# profile (compile-time knobs in FLAGS) on one target (m4 or rv32), and its "#" details.
#   core3     text + read-only data of one object with mpa.h, ddp.h, rdmap.h implemented
#   all4      the same with verbs.h (all four headers and what they include)
#   stack_max baremetal/stackmax.sh over gcc's -fcallgraph-info=su graph of the all4 object
#   qp_ram    sizeof iw_qp + iw_mpa_conn + one slot of each QP ring (baremetal/qp_probe.c)
set -eu
out=$1 prof=$2 t=$3 hostop=$4; shift 4
cc=("$@")
pfx=${cc[0]%gcc}
top=$(pwd)
d="$out/$prof-$t"
mkdir -p "$d"
printf '#define IWARP_IMPLEMENTATION\n#include "rdmap.h"\n' > "$d/core3.c"
printf '#define IWARP_IMPLEMENTATION\n#include "verbs.h"\n' > "$d/all4.c"
"${cc[@]}" -std=c99 -I"$top" -c "$d/core3.c" -o "$d/core3.o"
( cd "$d" && "${cc[@]}" -std=c99 -I"$top" -ffunction-sections -fcallgraph-info=su -c all4.c -o all4.o )
"${cc[@]}" -std=c99 -I"$top" -c "$top/baremetal/qp_probe.c" -o "$d/qp_probe.o"
bash "$top/baremetal/stackmax.sh" "$pfx" "$d/all4.o" "$d/all4.ci" "$hostop" > "$d/stack.txt" 2> "$d/stack.err"
core3=$("${pfx}size" "$d/core3.o" | awk 'NR == 2 { print $1 + $2 }')
all4=$("${pfx}size" "$d/all4.o" | awk 'NR == 2 { print $1 + $2 }')
smax=$(head -n 1 "$d/stack.txt" | awk '{ print $2 }')
eval "$("${pfx}nm" -S -t d "$d/qp_probe.o" | awk '$4 ~ /^probe_/ { n = $4; sub(/^probe_/, "", n); printf "%s=%d; ", n, $2 + 0 }')"
qp=$((iw_qp + iw_mpa_conn + iw_swqe + iw_rdmap_wr + iw_recv_wr + iw_rdmap_inreq))
echo "FOOTPRINT $prof $t core3=$core3 all4=$all4 stack_max=$smax qp_ram=$qp"
# The small profile's budgets on the Cortex-M4 (docs/porting-baremetal.md): code + read-only data
# of mpa+ddp+rdmap <= 16 KiB, of all four <= 32 KiB, RAM per QP <= 2 KiB, the deepest call
# chain's stack <= 1 KiB. Over budget fails `make size`. On RV32 (code about 20 % larger for
# the same source) only the stack budget is enforced.
if [ "$prof" = small ] && [ "$t" = rv32 ]; then
    if [ "$smax" -gt 1024 ]; then echo "FOOTPRINT small rv32 over budget: stack_max=$smax>1024"; exit 1; fi
    echo "# small rv32 within its budget: stack_max <= 1024"
fi
if [ "$prof" = small ] && [ "$t" = m4 ]; then
    over="" b3=16384 b4=32768 bq=2048 bs=1024
    [ "$core3" -le $b3 ] || over="$over core3=$core3>$b3"
    [ "$all4" -le $b4 ] || over="$over all4=$all4>$b4"
    [ "$qp" -le $bq ] || over="$over qp_ram=$qp>$bq"
    [ "$smax" -le $bs ] || over="$over stack_max=$smax>$bs"
    if [ -n "$over" ]; then echo "FOOTPRINT small m4 over budget:$over"; exit 1; fi
    echo "# small m4 within budget: core3 <= $b3, all4 <= $b4, qp_ram <= $bq, stack_max <= $bs"
fi
echo "# $prof $t sizeof: iw_qp=$iw_qp (iw_rdmap_stream=$iw_rdmap_stream inside) iw_mpa_conn=$iw_mpa_conn;" \
     "per SQ slot iw_swqe=$iw_swqe + iw_rdmap_wr=$iw_rdmap_wr, per RQ slot iw_recv_wr=$iw_recv_wr, per IRD" \
     "iw_rdmap_inreq=$iw_rdmap_inreq; iw_cq=$iw_cq + iw_wc=$iw_wc per entry; iw_rnic=$iw_rnic +" \
     "iw_stag_ent=$iw_stag_ent per STag; MPA reassembly buffer >= $reasm_min"
echo "# $prof $t stack: host ops and application upcalls counted as $hostop octets," \
     "$(awk '/^# cycle/ { n += $3 } END { print n + 0 }' "$d/stack.err") functions on call cycles (baremetal/stackmax.sh); deepest entries" \
     "(every entry in $d/stack.txt):"
head -n 4 "$d/stack.txt" | awk '{ printf "#   %s %s\n", $1, $2 }'
head -n 1 "$d/stack.txt" | awk '{ printf "#   deepest chain (own frame of each, * = through a pointer): %s\n", $3 }'
