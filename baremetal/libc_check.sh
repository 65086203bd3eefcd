#!/usr/bin/env bash
# libc_check.sh MAP: fail unless every C library member the linker pulled in (picolibc's libc.a,
# listed in the map's "Archive member included" section with the symbol that pulled it) was
# pulled for memcpy, memmove or memset. libgcc (compiler helpers) is allowed.
set -u
map=$1
bad=$(awk '
    /^Archive member included/ { on = 1; next }
    /^(Discarded input sections|Memory Configuration|Allocating common)/ { on = 0 }
    on && /^[^ \t]/ { member = $1; getline; sym = $NF;
                      if (member ~ /libc\.a\(/) print member, sym }
' "$map" | awk '{ s = $2; gsub(/[()]/, "", s); if (s !~ /^(memcpy|memmove|memset)$/) print }')
if [ -n "$bad" ]; then
    echo "libc_check: $map: the C library supplied more than memcpy/memmove/memset:"
    echo "$bad"
    exit 1
fi
