#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_install.sh: the library as a user adopts it. `make install` into a temporary prefix
# (and once with DESTDIR), then a small consumer built against the installed copy four ways and
# run: pkg-config + cc (the README's quick start, extracted as tests/run.sh does), pkg-config +
# c++ (a C++11 program on verbs.h with the host-op table built the C++ way), CMake
# find_package(iwarp), CMake add_subdirectory(<this repository>) and FetchContent. A version that is not
# installed must not be found, and `make uninstall` must remove every file it put there.
# Needs make, cc, c++, pkg-config, cmake. Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
B=${B:-build/test}
mkdir -p "$B"
T=$(cd "$B" && pwd)/install
rm -rf "$T"
mkdir -p "$T"
. tests/tap.sh
CC=${CC:-cc}
CXX=${CXX:-c++}
CFLAGS_C="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror"
check() { local name=$1; shift; if "$@" >>"$T/log" 2>&1; then ok "$name"; else bad "$name"; tail -n 30 "$T/log" | sed 's/^/  /'; fi; }

for tool in make "$CC" "$CXX" pkg-config cmake; do
    command -v "$tool" >/dev/null || { bad "$tool not installed"; finish; }
done

# 1. make install PREFIX=... : every header, iwarp.pc and the CMake package files.
P="$T/prefix"
check "make install PREFIX=$P" make --no-print-directory install PREFIX="$P"
missing=""
for f in mpa.h ddp.h rdmap.h verbs.h $(ls crc32c.h 2>/dev/null) iw_posix.h iw_pcap.h iw_pcap_read.h; do
    [ -f "$P/include/iwarp/$f" ] || missing="$missing include/iwarp/$f"
done
for f in lib/pkgconfig/iwarp.pc lib/cmake/iwarp/iwarpConfig.cmake lib/cmake/iwarp/iwarpConfigVersion.cmake; do
    [ -f "$P/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then ok "installed: headers, iwarp.pc, iwarpConfig*.cmake"; else bad "missing:$missing"; fi
for h in mpa.h ddp.h rdmap.h verbs.h; do
    cmp -s "$h" "$P/include/iwarp/$h" || { bad "installed $h differs from ./$h"; }
done

# 2. DESTDIR: the files land under the stage, the .pc names the final prefix.
check "make install DESTDIR=stage PREFIX=/opt/iwarp" \
    make --no-print-directory install DESTDIR="$T/stage" PREFIX=/opt/iwarp
if [ -f "$T/stage/opt/iwarp/include/iwarp/verbs.h" ] && grep -qx 'prefix=/opt/iwarp' "$T/stage/opt/iwarp/lib/pkgconfig/iwarp.pc" \
   && [ ! -e /opt/iwarp/include/iwarp/verbs.h ]; then
    ok "DESTDIR stages the tree, iwarp.pc says prefix=/opt/iwarp"
else
    bad "DESTDIR install layout"
fi

# The consumers. The C one is the README's quick start, so the README is what gets tested.
awk '/<!-- quick-start/{f=1; next} f && /^```c/{g=1; next} g && /^```/{exit} g{print}' README.md > "$T/qs.c"
if [ -s "$T/qs.c" ]; then ok "README quick start extracted"; else bad "README has no quick-start block"; fi
cat > "$T/consumer.cpp" <<'CPP'
// A C++11 program on verbs.h: before C++20 there are no designated initializers, so the host-op
// table is value-initialized (every op NULL) and the ops it needs are assigned (docs/host.md).
#define IWARP_IMPLEMENTATION
#include "verbs.h"
#include <cstdio>

static uint8_t arena[4096];
static uint8_t *map(void *, uint64_t addr, size_t len)
{
    return addr <= sizeof arena && len <= sizeof arena - addr ? arena + addr : nullptr;
}

int main()
{
    static iw_rnic_host_ops ops{};  // outlives the RNIC
    ops.map = map;
    static iw_stag_ent stags[8];
    static iw_rnic rnic;
    static iw_cq cq;
    static iw_wc ring[16];
    uint32_t pd = 0;
    iw_wc wc;
    if (iw_rnic_open(&rnic, &ops, nullptr, stags, 8, 1, 0) != IW_V_OK) return 1;
    if (iw_pd_alloc(&rnic, &pd) != IW_V_OK) return 2;
    if (iw_cq_create(&rnic, &cq, ring, 16) != IW_V_OK) return 3;
    if (iw_cq_poll(&cq, &wc) != IW_V_CQ_EMPTY) return 4;
    std::printf("C++ consumer: RNIC, PD %u, CQ: %s\n", (unsigned)pd, iw_vstatus_str(IW_V_CQ_EMPTY));
    return 0;
}
CPP
runs() { # runs NAME EXE PATTERN: the program exits 0 and prints PATTERN
    local out
    if out=$("$2" 2>&1) && printf '%s\n' "$out" | grep -q "$3"; then ok "$1"; else bad "$1"; printf '%s\n' "$out" | tail -n 10 | sed 's/^/  /'; fi
}

# 3. pkg-config + cc, and + c++.
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
cflags=$(pkg-config --cflags iwarp 2>>"$T/log" | sed 's/ *$//')
if [ "$cflags" = "-I$P/include/iwarp" ] && [ "$(pkg-config --modversion iwarp)" = "$(make -s --no-print-directory help | sed -n 's/^iWARP core \([0-9.]*\):.*/\1/p')" ]; then
    ok "pkg-config --cflags iwarp = -I$P/include/iwarp, --modversion = the Makefile's"
else
    bad "pkg-config iwarp: cflags '$cflags'"
fi
# shellcheck disable=SC2086
check "pkg-config + $CC builds the quick start" $CC $CFLAGS_C $cflags -o "$T/qs-pc" "$T/qs.c"
runs "quick start (pkg-config build) runs: Send and RDMA Write arrive" "$T/qs-pc" 'by Send, "hello, RDMA" by RDMA Write'
# shellcheck disable=SC2086
check "pkg-config + $CXX -std=c++11 builds the C++ consumer" $CXX -std=c++11 -Wall -Wextra -Werror $cflags -o "$T/cpp-pc" "$T/consumer.cpp"
runs "C++ consumer (pkg-config build) runs" "$T/cpp-pc" '^C++ consumer: RNIC, PD'

# 4. CMake find_package(iwarp 0.1) against the installed prefix.
mkdir -p "$T/fp"
cp "$T/qs.c" "$T/consumer.cpp" "$T/fp/"
cat > "$T/fp/CMakeLists.txt" <<'CMK'
cmake_minimum_required(VERSION 3.13)
project(consumer C CXX)
find_package(iwarp 0.1 REQUIRED CONFIG)
add_executable(qs qs.c)
target_link_libraries(qs PRIVATE iwarp::iwarp)
add_executable(cpp consumer.cpp)
target_link_libraries(cpp PRIVATE iwarp::iwarp)
CMK
check "CMake find_package(iwarp 0.1): configure" cmake -S "$T/fp" -B "$T/fp/build" -DCMAKE_PREFIX_PATH="$P"
check "CMake find_package: build" cmake --build "$T/fp/build"
runs "quick start (find_package build) runs" "$T/fp/build/qs" 'by RDMA Write'
runs "C++ consumer (find_package build) runs" "$T/fp/build/cpp" '^C++ consumer'
# A version that is not installed is refused (the version file is in force).
mkdir -p "$T/fp9"
sed 's/find_package(iwarp 0.1 /find_package(iwarp 9.0 /' "$T/fp/CMakeLists.txt" > "$T/fp9/CMakeLists.txt"
cp "$T/qs.c" "$T/consumer.cpp" "$T/fp9/"
if cmake -S "$T/fp9" -B "$T/fp9/build" -DCMAKE_PREFIX_PATH="$P" >"$T/fp9.log" 2>&1; then
    bad "find_package(iwarp 9.0) must fail against 0.x"
else
    ok "find_package(iwarp 9.0) refused against the installed 0.x"
fi

# 5. CMake add_subdirectory(<repository>): no install needed.
mkdir -p "$T/sub"
cp "$T/qs.c" "$T/consumer.cpp" "$T/sub/"
cat > "$T/sub/CMakeLists.txt" <<CMK
cmake_minimum_required(VERSION 3.13)
project(consumer C CXX)
add_subdirectory("$ROOT" iwarp)
add_executable(qs qs.c)
target_link_libraries(qs PRIVATE iwarp::iwarp)
add_executable(cpp consumer.cpp)
target_link_libraries(cpp PRIVATE iwarp::iwarp)
CMK
check "CMake add_subdirectory: configure" cmake -S "$T/sub" -B "$T/sub/build"
check "CMake add_subdirectory: build" cmake --build "$T/sub/build"
runs "quick start (add_subdirectory build) runs" "$T/sub/build/qs" 'by RDMA Write'
runs "C++ consumer (add_subdirectory build) runs" "$T/sub/build/cpp" '^C++ consumer'

# 5b. FetchContent (here from the working tree; a user names the git URL instead).
mkdir -p "$T/fc"
cp "$T/qs.c" "$T/fc/"
cat > "$T/fc/CMakeLists.txt" <<CMK
cmake_minimum_required(VERSION 3.14)
project(consumer C)
include(FetchContent)
FetchContent_Declare(iwarp SOURCE_DIR "$ROOT")
FetchContent_MakeAvailable(iwarp)
add_executable(qs qs.c)
target_link_libraries(qs PRIVATE iwarp::iwarp)
CMK
check "CMake FetchContent: configure and build" sh -c "cmake -S '$T/fc' -B '$T/fc/build' && cmake --build '$T/fc/build'"
runs "quick start (FetchContent build) runs" "$T/fc/build/qs" 'by RDMA Write'

# 6. make uninstall leaves nothing behind.
check "make uninstall" make --no-print-directory uninstall PREFIX="$P"
left=$(find "$P" -type f | head -n 5)
if [ -z "$left" ]; then ok "make uninstall removed every installed file"; else bad "left after uninstall: $left"; fi

finish
