#!/bin/sh
# Second stage of the interop guest's init (the image's /sbin/iw-init runs it from the 9p share
# mounted at /share). It brings up eth0 and siw, then serves commands from the host:
#   the host writes /share/cmd/N.sh (N = 1, 2, ...; renamed into place, so complete);
#   the guest runs it in the background; when it ends, its output is in /share/cmd/N.out and
#   its status in /share/cmd/N.rc;
#   /share/cmd/halt makes the guest power off.
# Markers for the host on the console and in /share/state: "IWARP-GUEST siw-up" when siw0
# exists, "IWARP-GUEST fail <why>" when it cannot get there.
S=/share
say() { echo "IWARP-GUEST $*" > /dev/console; echo "$*" >> $S/state; }
export PATH=/usr/sbin:/usr/bin:/sbin:/bin

modprobe virtio_net  # no udev here: load the NIC's driver by hand
# The NIC: the first interface that is not lo (eth0, or ens3 when the initramfs renamed it).
for i in 1 2 3 4 5 6 7 8 9 10; do
  NIC=$(ls /sys/class/net | grep -v '^lo$' | head -1); [ -n "$NIC" ] && break; sleep 0.5
done
ip link set lo up
ip link set $NIC up
ip addr add 10.0.2.15/24 dev $NIC
ip route add default via 10.0.2.2
# rdma_cm and the uverbs device files for rping/perftest (no udev here to autoload them).
for m in ib_core ib_uverbs iw_cm rdma_cm rdma_ucm; do modprobe $m; done

# siw_load VARIANT: replace the loaded siw by /opt/siw/VARIANT/siw.ko and add the siw0 link.
# The default variant is also installed where modprobe finds it, which loads its dependencies.
siw_load() {
  rdma link delete siw0 2>/dev/null
  rmmod siw 2>/dev/null
  modprobe --ignore-install -a libcrc32c crc32c_generic 2>/dev/null
  if [ "$1" = default ]; then modprobe siw; else insmod /opt/siw/$1/siw.ko; fi || return 1
  rdma link add siw0 type siw netdev $NIC || return 1
  echo "$1" > /run/siw-variant
}
# iw_kselftest KO: load the project's self-test module (kernel/, built by build.sh kmod and
# handed over in the share), print what it logged, unload it. Its init runs every test and
# fails the load when one failed; status: 0 when it loaded and unloaded, else insmod's.
iw_kselftest() {
  modprobe -a libcrc32c crc32c_generic 2>/dev/null  # crc32c(), which the module calls
  cp "$1" /tmp/iwarp_selftest.ko
  n0=$(dmesg | wc -l)
  insmod /tmp/iwarp_selftest.ko; r=$?
  echo "insmod status $r"
  dmesg | tail -n +$((n0 + 1)) | grep 'iwarp_selftest' | tail -60
  [ $r = 0 ] || return $r
  rmmod iwarp_selftest
}
if ! siw_load default; then
  say "fail siw did not load (net: $(ls /sys/class/net | tr '\n' ' '); modules: $(lsmod | awk 'NR>1{print $1}' | tr '\n' ' '))"
  exit 1
fi
say "siw-up $(uname -r)"

mkdir -p $S/cmd
n=1
while [ ! -e $S/cmd/halt ]; do
  if [ -e $S/cmd/$n.sh ]; then
    # Output goes to a local file first and is copied when the command ends: long lines
    # written straight to the 9p share came out cut short.
    ( . $S/cmd/$n.sh > /tmp/$n.out 2>&1; echo $? > $S/cmd/$n.rc.tmp
      cp /tmp/$n.out $S/cmd/$n.out; mv $S/cmd/$n.rc.tmp $S/cmd/$n.rc ) &
    n=$((n + 1))
  else
    sleep 0.2
  fi
done
say "halt"
