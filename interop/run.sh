#!/bin/bash
# `make interop`: the project's tools against Linux soft-iWARP (siw) in a qemu VM.
#
#   bash interop/run.sh [CASE ...]      (default: every case; names as printed below)
#
# Prints one line per case: "INTEROP <case> PASS", "INTEROP <case> FAIL <reason>" or
# "INTEROP <case> SKIP <reason>"; exit status 1 when a case failed, else 0 (a skip is not a
# failure). What it needs and builds (see interop/README.md):
#   - host: qemu-system-x86_64, debootstrap, mkfs.ext4, socat (apt-get installs them when root);
#   - the guest (interop/build.sh), cached in ${IWARP_INTEROP_CACHE:-~/.cache/iwarp-interop};
#   - the project's tools $B/iwrping and $B/iwperf (mk/interop.mk builds them first).
# One VM boot serves all cases; siw is reloaded in the variant a case needs (default, crc, p2p,
# rev1). Network: qemu user mode with restrict=on (the guest reaches nothing but the forwards
# below), host ends bound to 127.0.0.1 only:
#   host 127.0.0.1:$PB+0  -> guest :7174  (rping -s)      guest 10.0.2.100:7174  -> host :$PB+2
#   host 127.0.0.1:$PB+1  -> guest :18515 (perftest srv)  guest 10.0.2.100:18515 -> host :$PB+3
# (guest->host goes through slirp's guestfwd "cmd:", one socat per connection.)
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
B=${B:-build}
case $B in /*) ;; *) B=$top/$B ;; esac
C=${IWARP_INTEROP_CACHE:-$HOME/.cache/iwarp-interop}
PB=${IWARP_INTEROP_PORT:-17470}
BOOT_TIMEOUT=${IWARP_INTEROP_BOOT_TIMEOUT:-240}
BOOT_TRIES=${IWARP_INTEROP_BOOT_TRIES:-3}
ALL_CASES="rping-client rping-server rping-client-32 rping-server-23 rping-client-65535 rping-server-65535
perf-write-siw-server perf-write-siw-client perf-read-siw-server perf-read-siw-client
perf-send-siw-server perf-send-siw-client
perf-write-siw-client-1 perf-write-siw-client-64 perf-write-siw-client-65536
perf-read-siw-client-1 perf-read-siw-client-64 perf-read-siw-client-65536
perf-send-siw-client-1 perf-send-siw-client-64 perf-send-siw-client-65536
perf-write-siw-server-1 perf-write-siw-server-64 perf-write-siw-server-65536 perf-write-siw-server-1048576
perf-read-siw-server-1 perf-read-siw-server-64 perf-read-siw-server-65536
perf-send-siw-server-1 perf-send-siw-server-64 perf-send-siw-server-65536 perf-send-siw-server-1048576
lat-write-siw-server lat-write-siw-client lat-send-siw-server lat-send-siw-client
lat-read-siw-server lat-read-siw-client
perf-write-duration perf-write-killed
mpa-crc-on mpa-crc-off mpa-rev1 mpa-rev2 p2p-siw-responder p2p-siw-initiator mpa-markers-rejected
term-bad-write term-bad-read
kernel-selftest kernel-rping-siw kernel-rping-iwrping"
CASES=${*:-$ALL_CASES}
RPING_N=${IWARP_INTEROP_RPING_COUNT:-10}
RPING_S=${IWARP_INTEROP_RPING_SIZE:-2000}

t0=$(date +%s)
log() { echo "interop: [$(( $(date +%s) - t0 ))s] $*" >&2; }
nfail=0
DM0=""   # the guest's kernel log lines before the current case (set per case once it is up)
result() { # case PASS|FAIL|SKIP [reason]
  local c=$1 r=$2 why_; shift 2
  why_=$*
  # A failed case keeps the guest's kernel log of its time (in the cache: fail-<case>.dmesg).
  # siw's trailer CRC bug (siw_qp_rx.c siw_get_trailer, see docs/interop.md) shows there as
  # "crc error. in: ... own ...": such a failure is named siw's.
  if [ "$r" = FAIL ]; then
    keep_dmesg "$c" "$C/fail-$c.dmesg"
    [ -n "$BUG" ] && why_="siw-bug: the guest's siw logged '$BUG' (siw_get_trailer's split-trailer copy); $why_"
  fi
  echo "INTEROP $c $r${why_:+ $why_}"
  [ "$r" = FAIL ] && nfail=$((nfail + 1))
  return 0
}
# keep_dmesg case file: the guest's kernel log since the case began into file; BUG = siw's
# trailer CRC complaint when the log has one, else empty (also when the guest is not up).
# Not in a $(...) subshell: the guest command numbers ($gn) must advance here.
keep_dmesg() {
  BUG=""
  [ -n "$DM0" ] || return 0
  grun "dmesg | tail -n +$((DM0 + 1))" 15 >/dev/null 2>&1 || return 0
  gout $gn > "$2" 2>/dev/null
  BUG=$(grep -m1 'crc error\. in:.*own' "$2" | sed 's/^\[[^]]*\] *//' | cut -c1-100)
}
skip_all() { for c in $CASES; do result "$c" SKIP "$*"; done; exit 0; }

# ---- host tools ---------------------------------------------------------------------------
need="qemu-system-x86_64:qemu-system-x86 debootstrap:debootstrap mkfs.ext4:e2fsprogs socat:socat"
missing=""
for x in $need; do command -v "${x%%:*}" >/dev/null 2>&1 || missing="$missing ${x#*:}"; done
if [ -n "$missing" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  log "installing host packages:$missing"
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing \
    > /tmp/iwarp-interop-apt.log 2>&1 || true
  missing=""
  for x in $need; do command -v "${x%%:*}" >/dev/null 2>&1 || missing="$missing ${x#*:}"; done
fi
[ -z "$missing" ] || skip_all "host packages missing:$missing (apt-get install them as root)"
for t in iwrping; do [ -x "$B/$t" ] || skip_all "$B/$t not built (run make interop)"; done

# ---- the guest image ----------------------------------------------------------------------
log "guest image in $C (built once, several minutes the first time)"
bash "$here/build.sh" > /dev/null
case $? in 0) ;; 2) skip_all "the guest image cannot be built here (see messages above)" ;;
  *) for c in $CASES; do result "$c" FAIL "guest image build failed (see messages above)"; done
     exit 1 ;; esac

# The kernel module of kernel/ (kernel-* cases): built against the guest kernel in the image's
# chroot into $C/kmod (rebuilt when its sources change), handed to the guest through the share.
KMOD_ST=-
case " $(echo $CASES) " in *" kernel-"*)
  log "kernel module (kernel/) for the guest kernel"
  bash "$here/build.sh" kmod > /dev/null 2> "$C/kmod.err"; KMOD_ST=$?
  [ $KMOD_ST = 0 ] || cat "$C/kmod.err" >&2 ;;
esac

# ---- boot ---------------------------------------------------------------------------------
RUN=$C/run.$$
SH=$RUN/share
qpid=""
cleanup() {
  [ -n "$qpid" ] && kill "$qpid" 2>/dev/null && sleep 1 && kill -9 "$qpid" 2>/dev/null
  [ -n "${IWARP_INTEROP_KEEP:-}" ] || rm -rf "$RUN"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# KVM only where it works: on these machines /dev/kvm is a nested software KVM (kvm_pvm) under
# which the Debian kernel hangs at boot, so TCG is used there; a KVM boot that stalls falls back.
accels=tcg
if [ -w /dev/kvm ] && [ ! -d /sys/module/kvm_pvm ]; then accels="kvm tcg"; fi
case ${IWARP_INTEROP_ACCEL:-} in kvm|tcg) accels=$IWARP_INTEROP_ACCEL ;; esac

boot() { # accel: start qemu, wait for "siw-up"; 0 up, 1 stalled or died
  rm -rf "$RUN"; mkdir -p "$SH/cmd"
  cp "$here/guest.sh" "$SH/guest.sh"
  local acc=(-accel tcg,thread=multi)
  [ "$1" = kvm ] && acc=(-accel kvm -cpu host)
  local fw="hostfwd=tcp:127.0.0.1:$PB-:7174,hostfwd=tcp:127.0.0.1:$((PB + 1))-:18515"
  fw="$fw,guestfwd=tcp:10.0.2.100:7174-cmd:socat - TCP:127.0.0.1:$((PB + 2))"
  fw="$fw,guestfwd=tcp:10.0.2.100:18515-cmd:socat - TCP:127.0.0.1:$((PB + 3))"
  qemu-system-x86_64 "${acc[@]}" -smp 2 -m 1024 -nodefaults -display none -no-reboot \
    -kernel "$C/vmlinuz" -initrd "$C/initrd.img" \
    -append "root=/dev/vda rw console=ttyS0 init=/sbin/iw-init panic=1 net.ifnames=0 quiet" \
    -drive "file=$C/guest.img,format=raw,if=virtio,snapshot=on" \
    -virtfs "local,path=$SH,mount_tag=share,security_model=none,id=share" \
    -netdev "user,id=n0,restrict=on,net=10.0.2.0/24,$fw" -device virtio-net-pci,netdev=n0 \
    -serial "file:$RUN/console.log" > "$RUN/qemu.log" 2>&1 &
  qpid=$!
  local s=0
  while [ $s -lt "$BOOT_TIMEOUT" ]; do
    grep -q '^siw-up' "$SH/state" 2>/dev/null && return 0
    grep -q '^fail' "$SH/state" 2>/dev/null && break
    kill -0 $qpid 2>/dev/null || break
    sleep 1; s=$((s + 1))
  done
  log "boot ($1) did not reach siw-up: $(cat "$SH/state" 2>/dev/null) $(tail -c 300 "$RUN/qemu.log" 2>/dev/null)"
  kill $qpid 2>/dev/null; sleep 1; kill -9 $qpid 2>/dev/null; wait $qpid 2>/dev/null; qpid=""
  return 1
}
up=""
for acc in $accels; do
  tries=$BOOT_TRIES; [ "$acc" = kvm ] && tries=1   # a KVM that stalls once: go to TCG
  for try in $(seq "$tries"); do
    tb=$(date +%s)
    log "booting the guest ($acc, try $try)"
    if boot "$acc"; then up=$acc; break 2; fi
  done
done
[ -n "$up" ] || { for c in $CASES; do result "$c" FAIL "guest did not boot (console: $RUN/console.log)"; done
                  IWARP_INTEROP_KEEP=1; exit 1; }
log "guest up with $(sed -n 's/^siw-up //p' "$SH/state") in $(( $(date +%s) - tb ))s ($up)"

# ---- guest commands -----------------------------------------------------------------------
gn=0
gexec() { # command...: run it in the guest in the background; its number in $gn
  gn=$((gn + 1))
  printf '%s\n' "$*" > "$SH/cmd/.$gn"; mv "$SH/cmd/.$gn" "$SH/cmd/$gn.sh"
}
gwait() { # number timeout: wait for its end; its status (124 on timeout)
  local i=0
  while [ ! -e "$SH/cmd/$1.rc" ]; do
    [ $i -ge $(($2 * 5)) ] && return 124
    sleep 0.2; i=$((i + 1))
  done
  return "$(cat "$SH/cmd/$1.rc")"
}
gout() { cat "$SH/cmd/$1.out" 2>/dev/null; }
grun() { gexec "$1"; gwait "$gn" "${2:-60}"; }
# Wait until a TCP listener on the guest port exists (siw's listener is a kernel socket).
glisten() { grun "p=\$(printf ':%04X ' $1); i=0; while ! grep -q \"\$p.* 0A \" /proc/net/tcp; do i=\$((i+1)); [ \$i -gt 300 ] && exit 1; sleep 0.1; done" 60; }
variant() { # load the siw variant a case needs, once
  [ "$(cat "$SH/variant" 2>/dev/null)" = "$1" ] && return 0
  if grun "siw_load $1 && echo $1 > /share/variant" 60; then return 0; fi
  log "siw variant $1 did not load"; return 1
}
echo default > "$SH/variant"

# Host side of a case with a timeout; output in $RUN/<case>.host.
hrun() { local c=$1; shift; timeout "${HTIMEOUT:-120}" "$@" > "$RUN/$c.host" 2>&1; }
why() { # a short reason from a log file: its last non-empty line
  grep -v '^[[:space:]]*$' "$1" 2>/dev/null | tail -1 | tr -s '\t ' ' ' | cut -c1-160
}

# The guest's side of the data check: rping -v prints every ping's buffer ("ping data: ..." on
# the client, "server ping data: ..." on the server); each must be rping's pattern for that
# iteration (RPING_MSG_FMT "rdma-ping-%d: ", then letters from 'A' + i cycling to 'z'), i.e.
# what the project's end Read or Wrote arrived intact. Prints the number of matching lines.
# (rping runs under stdbuf -oL: its stderr lines must not land inside a buffered data line.)
rping_seen() { # guest-output count size
  awk -v n="$2" -v size="$3" 'BEGIN {
      for (i = 0; i < n; i++) {
        s = "rdma-ping-" i ": "; c = 65 + i % 58
        while (length(s) < size - 1) { s = s sprintf("%c", c); c++; if (c > 122) c = 65 }
        want["ping data: " s] = 1
      } }
    { sub(/^server /, "") } ($0 in want) { ok++; delete want[$0] } END { print ok + 0 }' "$1"
}

# rping between the project and siw. Arguments: case, variant, "client"|"server" (the project's
# role), iwrping options. PASS: both ends exit 0 and the data is right at both ends.
# As client iwrping pauses 500 ms once the connection is up: a Send that reaches rping -s on
# siw right after the MPA Reply often leaves rping's first RDMA Read posted but never sent
# (seen in 7 of 9 runs without the pause; see interop/README.md).
rping_case() {
  local c=$1 v=$2 role=$3 opts=$4 g hs
  variant "$v" || { result "$c" FAIL "siw variant $v did not load"; return; }
  if [ "$role" = client ]; then
    gexec "timeout 110 stdbuf -oL rping -s -a 0.0.0.0 -p 7174 -C $RPING_N -S $RPING_S -V -v"; g=$gn
    glisten 7174 || { result "$c" FAIL "rping -s did not listen: $(gout "$g")"; return; }
    # shellcheck disable=SC2086
    hrun "$c" "$B/iwrping" -c -a 127.0.0.1 -p "$PB" -C "$RPING_N" -S "$RPING_S" -V --delay 500 $opts; hs=$?
  else
    # shellcheck disable=SC2086
    "$B/iwrping" -s -a 127.0.0.1 -p $((PB + 2)) -C "$RPING_N" -V $opts > "$RUN/$c.host" 2>&1 &
    local hp=$!
    gexec "timeout 110 stdbuf -oL rping -c -a 10.0.2.100 -p 7174 -C $RPING_N -S $RPING_S -V -v"; g=$gn
    ( sleep "${HTIMEOUT:-120}"; kill $hp 2>/dev/null ) & local wd=$!
    wait $hp; hs=$?; kill $wd 2>/dev/null
  fi
  gwait "$g" 120; local gs=$?
  cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
  { [ $hs = 0 ] && [ $gs = 0 ]; } || { grun "dmesg | tail -20" 10; gout $gn >> "$RUN/$c.guest"; }
  local seen; seen=$(rping_seen "$RUN/$c.guest" "$RPING_N" "$RPING_S")
  if [ $hs = 0 ] && [ $gs = 0 ] && [ "$seen" != "$RPING_N" ]; then
    result "$c" FAIL "rping in the guest showed $seen of $RPING_N pings with the expected data"
  elif [ $hs = 0 ] && [ $gs = 0 ]; then
    result "$c" PASS "$(grep -m1 '^iwrping: ok' "$RUN/$c.host" | cut -c10-); rping in the guest saw $seen/$RPING_N pings intact"
  else
    result "$c" FAIL "iwrping status $hs ($(why "$RUN/$c.host")); rping status $gs ($(why "$RUN/$c.guest"))"
  fi
}

# A case where the project expects a particular failure that it must report: the host output
# must contain the pattern (e.g. a decoded Terminate); the guest peer's end does not matter.
expect_once() { # case variant role opts pattern; sets PR, PM
  local c=$1 v=$2 role=$3 opts=$4 pat=$5 g
  PR=FAIL
  variant "$v" || { PM="siw variant $v did not load"; return; }
  if [ "$role" = client ]; then
    gexec "timeout 50 rping -s -a 0.0.0.0 -p 7174 -C 1 -S $RPING_S -V"; g=$gn
    glisten 7174 || { PM="rping -s did not listen"; return; }
    # shellcheck disable=SC2086
    HTIMEOUT=60 hrun "$c" "$B/iwrping" -c -a 127.0.0.1 -p "$PB" -C 1 -S "$RPING_S" $opts
  else
    # shellcheck disable=SC2086
    timeout 60 "$B/iwrping" -s -a 127.0.0.1 -p $((PB + 2)) -C 1 $opts > "$RUN/$c.host" 2>&1 &
    local hp=$!
    gexec "timeout 50 rping -c -a 10.0.2.100 -p 7174 -C 1 -S $RPING_S -V"; g=$gn
    wait $hp
  fi
  gwait "$g" 60
  cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
  if grep -q -- "$pat" "$RUN/$c.host"; then
    PR=PASS
    PM="$(grep -m1 -- "$pat" "$RUN/$c.host" | cut -c1-160)"
  else
    PM="expected /$pat/ from iwrping; got: $(why "$RUN/$c.host")"
  fi
}

# perftest -R in the guest against iwperf's perftest-compatible mode (--perftest). Both sides
# print what they counted: perftest "#bytes #iterations BW..." (size and iterations), iwperf
# "IWPERF ... msgs=M bytes=T"; they must agree with each other and with what was asked
# (M = iterations, T = size x iterations; iwperf's server counts the octets of Writes received
# and Read Responses sent from the FPDUs, of Sends from the Receive completions).
PERF_S=${IWARP_INTEROP_PERF_SIZE:-4096}
PERF_N=${IWARP_INTEROP_PERF_ITERS:-200}
PERF_OPTS=${IWARP_INTEROP_PERF_OPTS:-}   # more iwperf options (e.g. "--crc off")
# One attempt: sets PR (PASS or FAIL) and PM (the detail).
perf_once() { # case test(write|read|send) siw-role(server|client) [size iterations]
  local c=$1 t=$2 role=$3 g hs PERF_S=${4:-$PERF_S} PERF_N=${5:-$PERF_N} xo=""
  PR=FAIL
  # 1-octet RDMA Writes toward siw with CRC on meet siw's split-trailer bug (docs/interop.md)
  # in most runs of 200: CRC off there (IWARP_INTEROP_PERF_OPTS="--crc on" turns it back on)
  [ "$t$role$PERF_S" = writeserver1 ] && xo="--crc off"
  if [ ! -x "$B/iwperf" ]; then PM="iwperf is not built"; return; fi
  if ! "$B/iwperf" --help 2>&1 | grep -q -- '--perftest'; then
    PM="iwperf has no perftest mode"; return
  fi
  variant default || { PM="siw did not load"; return; }
  local po="-R -s $PERF_S -n $PERF_N -F -p 18515"
  if [ "$role" = server ]; then
    gexec "timeout 60 ib_${t}_bw $po"; g=$gn
    glisten 18515 || { PM="ib_${t}_bw did not listen: $(gout "$g")"; return; }
    # shellcheck disable=SC2086
    hrun "$c" "$B/iwperf" --perftest --op "$t" -s "$PERF_S" -n "$PERF_N" -p $((PB + 1)) $xo $PERF_OPTS 127.0.0.1; hs=$?
  else
    : > "$RUN/$c.host"
    # shellcheck disable=SC2086
    "$B/iwperf" --perftest --op "$t" -s "$PERF_S" -n "$PERF_N" -p $((PB + 3)) $PERF_OPTS > "$RUN/$c.host" 2>&1 &
    local hp=$! i=0
    while ! grep -q listening "$RUN/$c.host" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    gexec "timeout 60 ib_${t}_bw $po 10.0.2.100"; g=$gn
    ( sleep 120; kill $hp 2>/dev/null ) & local wd=$!
    wait $hp; hs=$?; kill $wd 2>/dev/null
  fi
  gwait "$g" 70; local gs=$?
  cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
  local gl hl bw
  gl=$(awk '$1 ~ /^[0-9]+$/ && NF >= 5 {print $1, $2}' "$RUN/$c.guest" | tail -1)
  bw=$(awk '$1 ~ /^[0-9]+$/ && NF >= 5 {print $4}' "$RUN/$c.guest" | tail -1)
  hl=$(sed -n 's/^IWPERF .*msgs=\([0-9]*\) bytes=\([0-9]*\).*/\1 \2/p' "$RUN/$c.host" | tail -1)
  if [ $hs != 0 ] || [ $gs != 0 ]; then
    PM="iwperf status $hs ($(why "$RUN/$c.host")); ib_${t}_bw status $gs ($(why "$RUN/$c.guest"))"
  elif [ -z "$gl" ] || [ -z "$hl" ]; then
    PM="no result line: ib_${t}_bw '$gl' iwperf '$hl'"
  elif [ "${gl% *}" != "$PERF_S" ] || [ "${gl#* }" != "$PERF_N" ] || [ "${hl% *}" != "${gl#* }" ] ||
       [ "${hl#* }" != $(( ${gl% *} * ${gl#* } )) ]; then
    PM="results disagree: asked $PERF_S x $PERF_N, ib_${t}_bw size/iterations '$gl', iwperf msgs/bytes '$hl'"
  else
    PR=PASS
    PM="ib_${t}_bw and iwperf agree: ${gl#* } messages of ${gl% *} octets, ${hl#* } octets; ib_${t}_bw BW average $bw MB/s"
  fi
}

# The latency tools: ib_{write,send,read}_lat -R in the guest against iwperf --perftest --lat,
# either side as server, LAT_N round trips of LAT_S octets (tools/perftest_lat.h). Both print
# perftest's latency table; iwperf's IWPERF line carries what it counted (msgs, bytes). PASS:
# both exit 0, iwperf counted LAT_N messages of LAT_S octets, and perftest's row (where it
# prints one: not ib_read_lat's server) says LAT_S octets and LAT_N iterations.
# ib_write_lat's server writes first, which an MPA Responder may not do before the Initiator's
# first FPDU (RFC 5044 §7.1.2): with siw as client (iwperf the Responder) that needs RFC 6581
# peer-to-peer mode, siw's p2p variant and iwperf --p2p, whose RTR comes first.
LAT_S=${IWARP_INTEROP_LAT_SIZE:-64}
LAT_N=${IWARP_INTEROP_LAT_ITERS:-100}
lat_once() { # case test(write|send|read) siw-role(server|client)
  local c=$1 t=$2 role=$3 g hs gs v=default popt="" gl hl tg th
  PR=FAIL
  if [ ! -x "$B/iwperf" ] || ! "$B/iwperf" --help 2>&1 | grep -q -- '--lat'; then
    PM="iwperf has no perftest latency mode"; return
  fi
  if [ "$t" = write ] && [ "$role" = client ]; then v=p2p; popt="--p2p"; fi
  variant $v || { PM="siw variant $v did not load"; return; }
  local po="-R -s $LAT_S -n $LAT_N -F -p 18515"
  if [ "$role" = server ]; then
    gexec "timeout 90 ib_${t}_lat $po"; g=$gn
    glisten 18515 || { PM="ib_${t}_lat did not listen: $(gout "$g")"; return; }
    # shellcheck disable=SC2086
    hrun "$c" "$B/iwperf" --perftest --lat --op "$t" -s "$LAT_S" -n "$LAT_N" -p $((PB + 1)) $popt $PERF_OPTS 127.0.0.1; hs=$?
  else
    # shellcheck disable=SC2086
    "$B/iwperf" --perftest --lat --op "$t" -s "$LAT_S" -n "$LAT_N" -p $((PB + 3)) $popt $PERF_OPTS > "$RUN/$c.host" 2>&1 &
    local hp=$! i=0
    while ! grep -q listening "$RUN/$c.host" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    gexec "timeout 90 ib_${t}_lat $po 10.0.2.100"; g=$gn
    ( sleep 120; kill $hp 2>/dev/null ) & local wd=$!
    wait $hp; hs=$?; kill $wd 2>/dev/null
  fi
  gwait "$g" 100; gs=$?
  cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
  # perftest's row: #bytes #iterations t_min t_max t_typical t_avg t_stdev 99% 99.9%
  gl=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && NF >= 7 {print $1, $2, $5}' "$RUN/$c.guest" | tail -1)
  hl=$(sed -n 's/^IWPERF .*test=lat msgs=\([0-9]*\) bytes=\([0-9]*\) .*samples=\([0-9]*\).*lat_us_typical=\([0-9.]*\).*/\1 \2 \3 \4/p' "$RUN/$c.host" | tail -1)
  tg=${gl##* }; th=${hl##* }
  if [ $hs != 0 ] || [ $gs != 0 ]; then
    PM="iwperf status $hs ($(why "$RUN/$c.host")); ib_${t}_lat status $gs ($(why "$RUN/$c.guest"))"
  elif [ -z "$hl" ] || [ "${hl%% *}" != "$LAT_N" ] || [ "$(echo "$hl" | cut -d' ' -f2)" != $((LAT_N * LAT_S)) ]; then
    PM="iwperf's count '$hl' (messages, octets, t_typical); asked $LAT_N x $LAT_S"
  elif [ -z "$gl" ] && ! { [ "$t" = read ] && [ "$role" = server ]; }; then
    PM="no latency row from ib_${t}_lat: $(why "$RUN/$c.guest")"
  elif [ -n "$gl" ] && [ "$(echo "$gl" | cut -d' ' -f1,2)" != "$LAT_S $LAT_N" ]; then
    PM="ib_${t}_lat's row says '$gl' (octets, iterations, t_typical); asked $LAT_S x $LAT_N"
  else
    PR=PASS
    PM="ib_${t}_lat ($v siw) and iwperf agree on $LAT_N round trips of $LAT_S octets; t_typical:"
    [ "$(echo "$hl" | cut -d' ' -f3)" != 0 ] && PM="$PM iwperf $th us"
    [ -n "$gl" ] && PM="$PM ib_${t}_lat $tg us"
  fi
}

# ib_write_bw -R -D 20 in the guest against iwperf --perftest as server (no -n: any count).
# The control connection is idle for the 20 s of the measurement: iwperf must take the Writes
# it places as progress. PASS: both exit 0 and iwperf counted whole messages of the size.
perf_duration() { # case
  local c=$1 g hs gs sz=65536 hl gl
  variant default || { result "$c" FAIL "siw did not load"; return; }
  "$B/iwperf" --perftest --op write -s $sz -D 20 -p $((PB + 3)) > "$RUN/$c.host" 2>&1 &
  local hp=$! i=0
  while ! grep -q listening "$RUN/$c.host" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  gexec "timeout 90 ib_write_bw -R -D 20 -s $sz -F -p 18515 10.0.2.100"; g=$gn
  ( sleep 150; kill $hp 2>/dev/null ) & local wd=$!
  wait $hp; hs=$?; kill $wd 2>/dev/null
  gwait "$g" 100; gs=$?
  cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
  gl=$(awk '$1 ~ /^[0-9]+$/ && NF >= 5 {print $1, $2, $4}' "$RUN/$c.guest" | tail -1)
  hl=$(sed -n 's/^IWPERF .*msgs=\([0-9]*\) bytes=\([0-9]*\).*/\1 \2/p' "$RUN/$c.host" | tail -1)
  if [ $hs != 0 ] || [ $gs != 0 ]; then
    result "$c" FAIL "iwperf status $hs ($(why "$RUN/$c.host")); ib_write_bw status $gs ($(why "$RUN/$c.guest"))"
  elif [ -z "$hl" ] || [ "${hl% *}" = 0 ] || [ "${hl#* }" -lt $(( ${hl% *} * sz )) ] ||
       [ "${hl#* }" -ge $(( (${hl% *} + 1) * sz )) ]; then
    result "$c" FAIL "iwperf's count: '$hl' (messages, octets of $sz each); ib_write_bw '$gl'"
  else
    local part=$(( ${hl#* } - ${hl% *} * sz )) pm="no Write in part"
    [ $part != 0 ] && pm="and $part octets of one more (perftest stops mid-message when its time is up)"
    result "$c" PASS "ib_write_bw -D 20 and iwperf both exit 0; iwperf placed ${hl% *} whole Writes of $sz octets $pm, ${hl#* } octets; ib_write_bw size/iterations/BW average: '$gl'"
  fi
}

# ib_write_bw -R -D 60 in the guest killed (SIGKILL) after 15 s, in the measurement: the project
# must report the failure. PASS: iwperf exits non-zero and names the reason (the client left
# mid-run, or the measured connection failed), with its counts until then.
perf_killed() { # case
  local c=$1 g hs sz=65536 pat
  variant default || { result "$c" FAIL "siw did not load"; return; }
  "$B/iwperf" --perftest --op write -s $sz -p $((PB + 3)) > "$RUN/$c.host" 2>&1 &
  local hp=$! i=0
  while ! grep -q listening "$RUN/$c.host" && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  gexec "timeout -s KILL 15 ib_write_bw -R -D 60 -s $sz -F -p 18515 10.0.2.100"; g=$gn
  ( sleep 120; kill $hp 2>/dev/null ) & local wd=$!
  wait $hp; hs=$?; kill $wd 2>/dev/null
  gwait "$g" 30
  cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
  pat='iwperf: error: (perftest client left mid-run|measured connection failed|perftest client: nothing on either connection).*after [1-9][0-9]* messages'
  if [ $hs != 0 ] && grep -Eq "$pat" "$RUN/$c.host"; then
    result "$c" PASS "ib_write_bw killed mid-run: iwperf exit $hs, '$(grep -Em1 "$pat" "$RUN/$c.host" | cut -c1-170)'"
  else
    result "$c" FAIL "iwperf status $hs ($(why "$RUN/$c.host")); wanted a non-zero status and /$pat/"
  fi
}

# A case run by once_fn (which sets PR and PM), run once more if it fails: about 1 run in 15
# of perf-send-siw-server failed (both ends stopping early) and 1 in 20 of term-bad-write (the
# guest's FIN and no Terminate), neither reproduced in repeats: see interop/README.md. The
# first attempt's logs are kept in the cache as flake-<case>.{host,guest}, and a pass at the
# second attempt says so with the first failure's reason: a flaky case stays visible.
retry_case() { # once_fn case args...
  local once=$1 first
  shift
  "$once" "$@"
  if [ "$PR" = FAIL ]; then
    first=$PM
    cp "$RUN/$1.host" "$C/flake-$1.host" 2>/dev/null
    cp "$RUN/$1.guest" "$C/flake-$1.guest" 2>/dev/null
    keep_dmesg "$1" "$C/flake-$1.dmesg"
    [ -n "$BUG" ] && first="siw-bug: the guest's siw logged '$BUG'; $first"
    DM0=""; grun "dmesg | wc -l" 10 && DM0=$(gout $gn | tr -dc 0-9)  # the 2nd attempt's log only
    log "case $1: attempt 1 failed ($first); once more"
    "$once" "$@"
    PM="$PM (at the 2nd attempt; the 1st failed: $first)"
  fi
  result "$1" "$PR" "$PM"
}

# Not a default case: checks both forwards with plain TCP (the MPA Request of rping -c arrives
# on the host; a host connection reaches rping -s's listener).
net_probe() {
  timeout 60 socat -u TCP-LISTEN:$((PB + 2)),bind=127.0.0.1,reuseaddr - > "$RUN/$1.req" 2>&1 &
  local sp=$!
  sleep 1
  grun "timeout 30 rping -c -a 10.0.2.100 -p 7174 -C 1 -v" 40; local gs=$?
  kill $sp 2>/dev/null
  if grep -q "MPA ID Req Frame" "$RUN/$1.req"; then
    result "$1" PASS "guest->host: MPA Request of rping -c received ($(wc -c < "$RUN/$1.req") octets, rping status $gs)"
  else
    result "$1" FAIL "no MPA Request from rping -c (rping status $gs: $(gout $gn))"
  fi
}

# kernel/'s module in the guest: its init runs the self-tests in kernel context (CRC32c values
# through the kernel's crc32c(), codecs against known octets, MPA and two verbs RNICs joined by
# an in-memory ring: Sends, Write, Read, atomics, CRC on, every octet compared) and prints
# "iwarp_selftest: N passed, N failed"; a failed check fails the insmod.
kernel_selftest() {
  local c=$1 gs sum
  case $KMOD_ST in
    0) ;;
    2) result "$c" SKIP "the module cannot be built here: $(why "$C/kmod.err")"; return ;;
    *) result "$c" FAIL "the module did not build: $(grep -m1 -E 'error|Error' "$C/kmod.log" 2>/dev/null | cut -c1-140)"; return ;;
  esac
  cp "$C/kmod/iwarp_selftest.ko" "$SH/iwarp_selftest.ko"
  grun "iw_kselftest /share/iwarp_selftest.ko" 300; gs=$?
  gout $gn > "$RUN/$c.guest"
  sum=$(grep -o 'iwarp_selftest: [0-9]* passed, [0-9]* failed' "$RUN/$c.guest" | tail -1)
  if [ $gs = 0 ] && [ -n "$sum" ] && echo "$sum" | grep -q ' [1-9][0-9]* passed, 0 failed'; then
    result "$c" PASS "$sum (insmod in the guest, kernel $(sed -n 's/^siw-up //p' "$SH/state"))"
  elif [ -n "$sum" ]; then
    result "$c" FAIL "$sum; first: $(grep -m1 'check failed\|WC id' "$RUN/$c.guest" | sed 's/.*iwarp_selftest: //' | cut -c1-120)"
  else
    result "$c" FAIL "no result from the module (status $gs): $(why "$RUN/$c.guest")"
  fi
}

# kernel/'s rping client (iwarp_rping.ko) in the guest kernel, over a kernel TCP socket, against
# siw's rping -s in the same guest (over 10.0.2.15: loopback) or the project's iwrping -s on
# the host (through the guest->host forward). insmod runs the pings and fails on any error;
# rmmod then closes the connection, gracefully, while the peer is still connected (siw) or
# after the peer closed (iwrping closes after its count). PASS: both ends verified every ping's
# data, the module logged a clean close, and the peer exited 0.
kernel_rping() { # case peer(siw|iwrping)
  local c=$1 peer=$2 g gs hs=0 hp wd ka seen kl pend="exited 0"
  case $KMOD_ST in
    0) ;;
    2) result "$c" SKIP "the module cannot be built here: $(why "$C/kmod.err")"; return ;;
    *) result "$c" FAIL "the module did not build: $(grep -m1 -E 'error|Error' "$C/kmod.log" 2>/dev/null | cut -c1-140)"; return ;;
  esac
  cp "$C/kmod/iwarp_rping.ko" "$SH/iwarp_rping.ko"
  if [ "$peer" = siw ]; then
    variant default || { result "$c" FAIL "siw did not load"; return; }
    gexec "timeout 110 stdbuf -oL rping -s -a 0.0.0.0 -p 7174 -C $RPING_N -S $RPING_S -V -v"; g=$gn
    glisten 7174 || { result "$c" FAIL "rping -s did not listen: $(gout "$g")"; return; }
    ka="addr=10.0.2.15 port=7174"
  else
    "$B/iwrping" -s -a 127.0.0.1 -p $((PB + 2)) -C "$RPING_N" -V -v > "$RUN/$c.host" 2>&1 &
    hp=$!
    ( sleep 200; kill $hp 2>/dev/null ) & wd=$!
    ka="addr=10.0.2.100 port=7174"
  fi
  grun "modprobe -a libcrc32c crc32c_generic 2>/dev/null; cp /share/iwarp_rping.ko /tmp/
    n0=\$(dmesg | wc -l)
    insmod /tmp/iwarp_rping.ko $ka count=$RPING_N size=$RPING_S crc=1 delay_ms=500; r=\$?
    echo insmod status \$r; sleep 1
    if [ \$r = 0 ]; then rmmod iwarp_rping; echo rmmod status \$?; fi
    dmesg | tail -n +\$((n0 + 1)) | grep iwarp_rping | tail -20; [ \$r = 0 ]" 150; kl=$?
  gout $gn > "$RUN/$c.kmod"
  if [ "$peer" = siw ]; then
    gwait "$g" 60; gs=$?
    cp "$SH/cmd/$g.out" "$RUN/$c.guest" 2>/dev/null
    seen=$(rping_seen "$RUN/$c.guest" "$RPING_N" "$RPING_S"); hs=$gs
    # rping's own teardown race: after the DISCONNECT its main thread closes the event channel
    # while its cm thread still reads it, which exits 255 with this line (the data and the
    # disconnect are already done): taken as rping's end, and said so in the line.
    if [ $gs = 255 ] && grep -q 'server DISCONNECT EVENT' "$RUN/$c.guest" &&
       [ "$(grep -v '^[[:space:]]*$' "$RUN/$c.guest" | tail -1)" = "rdma_get_cm_event: Bad file descriptor" ]; then
      hs=0; pend="exited 255 in its own teardown race after the DISCONNECT (rdma_get_cm_event: Bad file descriptor)"
    fi
  else
    wait $hp; hs=$?; kill $wd 2>/dev/null
    seen=$(rping_seen "$RUN/$c.host" "$RPING_N" "$RPING_S")
  fi
  local ok closed
  ok=$(grep -m1 -o 'iwarp_rping: ok .*' "$RUN/$c.kmod")
  closed=$(grep -m1 -o 'iwarp_rping: closed cleanly.*' "$RUN/$c.kmod")
  if [ $kl = 0 ] && [ -n "$ok" ] && [ -n "$closed" ] && [ $hs = 0 ] && [ "$seen" = "$RPING_N" ]; then
    result "$c" PASS "${ok#iwarp_rping: }; ${closed#iwarp_rping: }; $peer saw $seen/$RPING_N pings intact and $pend"
  else
    local pl="$RUN/$c.host"; [ "$peer" = siw ] && pl="$RUN/$c.guest"
    result "$c" FAIL "insmod $kl ($(grep -m1 'FAIL\|not clean' "$RUN/$c.kmod" | sed 's/.*iwarp_rping: //' | cut -c1-120)); $peer status $hs ($(why "$pl")), $seen/$RPING_N pings intact"
  fi
}

for c in $CASES; do
  log "case $c"
  DM0=""; grun "dmesg | wc -l" 10 && DM0=$(gout $gn | tr -dc 0-9)
  case $c in
    rping-client)       rping_case "$c" default client "" ;;
    rping-server)       rping_case "$c" default server "" ;;
    perf-*-siw-*-[0-9]*) t=${c#perf-}; t=${t%%-*}; r=${c%-*}; n=$PERF_N; [ "${c##*-}" -ge 1048576 ] && n=20
                        retry_case perf_once "$c" "$t" "${r##*-}" "${c##*-}" "$n" ;;
    lat-*-siw-*)        t=${c#lat-}; t=${t%%-*}; retry_case lat_once "$c" "$t" "${c##*-}" ;;
    rping-client-[0-9]*) RPING_S=${c##*-} rping_case "$c" default client "" ;;
    rping-server-[0-9]*) RPING_S=${c##*-} rping_case "$c" default server "" ;;
    perf-*-siw-*)       t=${c#perf-}; t=${t%%-*}; retry_case perf_once "$c" "$t" "${c##*-}" ;;
    perf-write-duration) perf_duration "$c" ;;
    perf-write-killed)  perf_killed "$c" ;;
    mpa-crc-on)         rping_case "$c" crc client "--crc" ;;
    mpa-crc-off)        rping_case "$c" default client "--no-crc" ;;
    mpa-rev1)           rping_case "$c" rev1 server "--rev 1" ;;
    mpa-rev2)           rping_case "$c" default client "--rev 2" ;;
    p2p-siw-responder)  rping_case "$c" p2p client "--p2p" ;;
    p2p-siw-initiator)  rping_case "$c" p2p server "--p2p" ;;
    mpa-markers-rejected) retry_case expect_once "$c" default client "--markers" "rejected by peer" ;;
    term-bad-write)     retry_case expect_once "$c" default server "--bad-write" "Terminate from peer: layer 1 DDP, type 1 tagged buffer, code 0x00 invalid STag" ;;
    term-bad-read)      retry_case expect_once "$c" default server "--bad-read" "Terminate from peer" ;;
    net-probe)          net_probe "$c" ;;
    kernel-selftest)    kernel_selftest "$c" ;;
    kernel-rping-siw)   kernel_rping "$c" siw ;;
    kernel-rping-iwrping) kernel_rping "$c" iwrping ;;
    *) result "$c" FAIL "unknown case" ;;
  esac
done
grun "touch /share/cmd/halt" 5 >/dev/null 2>&1
for i in $(seq 30); do kill -0 "$qpid" 2>/dev/null || break; sleep 1; done
log "done in $(( $(date +%s) - t0 ))s; $nfail failed"
[ $nfail = 0 ]
