#!/bin/bash
# Build (once) the guest used by `make interop`: a Debian 12 root filesystem with rdma-core,
# rping and perftest, and the siw module compiled out of tree in several variants, packed into
# an ext4 image. Everything lives in the cache directory (never in the repository) and is reused:
# each step leaves a stamp file and is skipped when its stamp exists.
#
#   interop/build.sh            build what is missing; print the cache directory
#   interop/build.sh kmod       also build kernel/'s modules (iwarp_selftest.ko, iwarp_rping.ko) against the
#                               guest kernel, in the same chroot, into <cache>/kmod/ (not into
#                               the image: run.sh hands it to the guest through the 9p share);
#                               rebuilt when its sources change. Exit 0 built, 2 cannot (not
#                               root), 1 failed (see <cache>/kmod.log)
#   IWARP_INTEROP_CACHE=DIR     cache location (default ~/.cache/iwarp-interop)
#
# Exit status: 0 built (or already there), 2 cannot build here (not root, no debootstrap, no
# network for the packages): the caller turns that into a SKIP, 1 a real failure.
# Facts used (see shared INTEROP.md): Debian's 6.1 kernel has no siw, so siw is compiled from
# linux-source-6.1 against the matching headers inside a chroot of the guest; siw 6.1 has no
# module parameters, its settings are constants in siw_main.c, so each variant flips one.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
C=${IWARP_INTEROP_CACHE:-$HOME/.cache/iwarp-interop}
R=$C/rootfs
MIRROR=${IWARP_INTEROP_MIRROR:-http://deb.debian.org/debian}
# Packages of the guest: kernel, rdma userspace (rping, perftest, rdma tool), and what building
# the siw module needs (headers, source, compiler).
PKGS="linux-image-amd64 linux-headers-amd64 linux-source-6.1 rdma-core ibverbs-providers
ibverbs-utils rdmacm-utils perftest iproute2 tcpdump kmod xz-utils make gcc procps"
# siw variants: name and the sed expression applied to siw_main.c (one constant flipped).
VARIANTS="default crc p2p rev1"
sed_of() {
  case $1 in
    default) echo 's/^$//' ;;
    crc)     echo 's/^const bool mpa_crc_required;/const bool mpa_crc_required = true;/' ;;
    p2p)     echo 's/^const bool peer_to_peer;/const bool peer_to_peer = true;/' ;;
    rev1)    echo 's/^u_char mpa_version = MPA_REVISION_2;/u_char mpa_version = MPA_REVISION_1;/' ;;
  esac
}

log() { echo "interop-build: $*" >&2; }
skip() { log "cannot build the guest: $*"; exit 2; }

if [ "${1:-}" = kmod ] && [ "$(id -u)" != 0 ]; then
  skip "not root (the module is built in a chroot of the guest)"
fi
[ "$(id -u)" = 0 ] || { [ -f "$C/image.ok" ] && exit 0; skip "not root (debootstrap and chroot need root)"; }
mkdir -p "$C" || skip "cannot create $C"

# The chroot needs /proc and /dev while packages install and the module builds; always unmount.
mounted=""
umount_all() { for m in $mounted; do umount -l "$m" 2>/dev/null; done; mounted=""; }
trap umount_all EXIT
chroot_mounts() {
  mount -t proc proc "$R/proc" && mounted="$R/proc $mounted"
  mount --bind /dev "$R/dev" && mounted="$R/dev $mounted"
}

# 1. Root filesystem (debootstrap minbase, then the packages through apt in the chroot).
if [ ! -f "$C/rootfs.ok" ]; then
  command -v debootstrap >/dev/null || skip "debootstrap is not installed"
  rm -rf "$R"
  log "debootstrap bookworm into $R (several minutes)"
  debootstrap --variant=minbase bookworm "$R" "$MIRROR" > "$C/debootstrap.log" 2>&1 ||
    { rm -rf "$R"; skip "debootstrap failed (no access to $MIRROR?), see $C/debootstrap.log"; }
  chroot_mounts
  log "installing guest packages"
  # shellcheck disable=SC2086
  if ! chroot "$R" env DEBIAN_FRONTEND=noninteractive apt-get install -y \
       --no-install-recommends $PKGS > "$C/packages.log" 2>&1; then
    umount_all; skip "guest packages failed to install, see $C/packages.log"
  fi
  chroot "$R" apt-get clean
  umount_all
  touch "$C/rootfs.ok"
fi
KVER=$(ls "$R/lib/modules" | head -1)
[ -n "$KVER" ] || { log "no kernel in $R"; exit 1; }

# 2. siw, every variant, built against the guest kernel's headers inside the chroot.
if [ ! -f "$C/siw.ok" ]; then
  src=$(ls "$R"/usr/src/linux-source-6.1.tar.xz 2>/dev/null)
  [ -n "$src" ] || { log "linux-source-6.1 missing"; exit 1; }
  rm -rf "$R/build/siw"
  mkdir -p "$R/build/siw/src"
  log "extracting siw from $(basename "$src")"
  tar -xJf "$src" -C "$R/build/siw/src" --strip-components=1 \
      --wildcards '*/drivers/infiniband/sw/siw/*' || { log "extract failed"; exit 1; }
  chroot_mounts
  for v in $VARIANTS; do
    d=$R/build/siw/$v
    cp -r "$R/build/siw/src/drivers/infiniband/sw/siw" "$d"
    sed -i "$(sed_of "$v")" "$d/siw_main.c"
    if [ "$v" != default ] && cmp -s "$d/siw_main.c" "$R/build/siw/src/drivers/infiniband/sw/siw/siw_main.c"; then
      log "variant $v: the constant was not found in siw_main.c"; exit 1
    fi
    log "building siw variant $v for $KVER"
    chroot "$R" make -C "/lib/modules/$KVER/build" M="/build/siw/$v" CONFIG_RDMA_SIW=m \
      -j2 modules > "$C/siw-$v.log" 2>&1 || { log "siw $v failed, see $C/siw-$v.log"; exit 1; }
    mkdir -p "$R/opt/siw/$v"
    cp "$d/siw.ko" "$R/opt/siw/$v/siw.ko"
  done
  # The default variant is also the one `modprobe siw` finds (so its dependencies load).
  mkdir -p "$R/lib/modules/$KVER/extra"
  cp "$R/opt/siw/default/siw.ko" "$R/lib/modules/$KVER/extra/siw.ko"
  chroot "$R" depmod "$KVER"
  umount_all
  rm -f "$C/image.ok"
  touch "$C/siw.ok"
fi

# 3. The first-stage init baked into the image: mount the 9p share the host gives and run the
# script found there (interop/guest.sh, copied at every run, so editing it needs no rebuild).
if [ ! -f "$C/image.ok" ]; then
  cat > "$R/sbin/iw-init" <<'EOF'
#!/bin/sh
# PID 1 of the interop guest: hand over to the host's script on the 9p share.
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
mount -o remount,rw / 2>/dev/null
modprobe 9pnet_virtio; modprobe 9p
mkdir -p /share
if mount -t 9p -o trans=virtio,version=9p2000.L,cache=none share /share; then
  sh /share/guest.sh
fi
echo "iw-init: guest script ended" > /dev/console
echo 1 > /proc/sys/kernel/sysrq; echo o > /proc/sysrq-trigger
sleep 10
EOF
  chmod 755 "$R/sbin/iw-init"
  cp "$R"/boot/vmlinuz-"$KVER" "$C/vmlinuz"
  cp "$R"/boot/initrd.img-"$KVER" "$C/initrd.img"
  log "packing ext4 image"
  size=$(( $(du -sm "$R" | cut -f1) * 13 / 10 + 200 ))
  rm -f "$C/guest.img"
  mkfs.ext4 -q -F -L iwroot -d "$R" "$C/guest.img" "${size}M" > "$C/mkfs.log" 2>&1 ||
    { log "mkfs.ext4 -d failed, see $C/mkfs.log"; exit 1; }
  echo "$KVER" > "$C/kver"
  touch "$C/image.ok"
fi

# 4. (build.sh kmod) kernel/'s self-test module against the guest kernel's headers, compiled in
# the chroot like siw: the module's sources and the five headers are copied to /build/iwarp
# (the repository's layout: the headers one level above kernel/). Its stamp is the hash of
# those sources and the kernel version: an edit rebuilds it, the image is never touched.
if [ "${1:-}" = kmod ]; then
  hdrs="$top/crc32c.h $top/mpa.h $top/ddp.h $top/rdmap.h $top/verbs.h"
  mods="$top/kernel/Kbuild $(ls "$top"/kernel/*.c "$top"/kernel/*.h | grep -v '\.mod\.c$')"
  # shellcheck disable=SC2086
  sum=$( { echo "$KVER"; cat $hdrs $mods; } | sha256sum | cut -c1-16)
  if [ "$(cat "$C/kmod/stamp" 2>/dev/null)" != "$sum" ] || [ ! -f "$C/kmod/iwarp_selftest.ko" ] ||
     [ ! -f "$C/kmod/iwarp_rping.ko" ]; then
    rm -rf "$R/build/iwarp" "$C/kmod"
    mkdir -p "$R/build/iwarp/kernel" "$C/kmod"
    # shellcheck disable=SC2086
    { cp $hdrs "$R/build/iwarp/" && cp $mods "$R/build/iwarp/kernel/"; } ||
      { log "copying the module's sources failed"; exit 1; }
    chroot_mounts
    log "building kernel/ (iwarp_selftest.ko) for $KVER"
    if ! chroot "$R" make -C "/lib/modules/$KVER/build" M=/build/iwarp/kernel modules \
         > "$C/kmod.log" 2>&1; then
      umount_all; log "the module failed to build, see $C/kmod.log"; exit 1
    fi
    umount_all
    cp "$R"/build/iwarp/kernel/*.ko "$C/kmod/" || exit 1
    echo "$sum" > "$C/kmod/stamp"
  fi
fi
echo "$C"
