#!/usr/bin/env bash
# libc_check.sh MAP: fail unless every C library member the linker pulled in (picolibc's libc.a,
# listed in the map's "Archive member included" section with the symbol that pulled it) was
# pulled for memcpy, memmove or memset, or by such a member. libgcc (compiler helpers) is allowed.
set -u
map=$1
bad=$(awk '
    /^Archive member included/ { on = 1; next }
    /^(Discarded input sections|Memory Configuration|Allocating common)/ { on = 0 }
    on && /^[^ \t]/ { member = $1; by = ""; if (NF > 1) by = $0; getline; sym = $NF;
                      if (member ~ /libc\.a\(/) print member, sym }
' "$map" | awk '{ s = $2; gsub(/[()]/, "", s); if (s !~ /^(memcpy|memmove|memset)$/) print }')
# a member pulled by another libc member (e.g. memmove by memcpy) shows the member as its
# referrer, which is fine only if that referrer was itself pulled for one of the three
if [ -n "$bad" ]; then
    echo "libc_check: $map: the C library supplied more than memcpy/memmove/memset:"
    echo "$bad"
    exit 1
fi
