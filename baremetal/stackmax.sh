#!/usr/bin/env bash
# stackmax.sh TOOLPREFIX OBJ CI HOSTOP: worst-case stack of a whole call chain from each public
# entry point of the core, from gcc's -fcallgraph-info=su graph (CI) of one object (OBJ, built
# with -ffunction-sections) holding every implementation.
#   a function's figure = its own frame (the .ci "N bytes") + the largest figure among what it
#   calls directly. Every call through a function pointer counts HOSTOP octets: host ops (TCP
#   send, timers, map: leaf calls by contract), the application's upcalls, and the upcalls
#   between the layers (MPA -> RDMAP -> verbs through the ops tables they were given). For the
#   last, the script also prints "# upcall" lines: the largest direct-chain figure among the
#   core functions whose address the object takes (every relocation to a function that is not
#   a call, read with objdump -r), which is what one pointer call into the core can add on top
#   of the chain that makes it. A direct call chain that comes back to itself would be cut
#   there; the core has none (no recursion).
# Prints "entry bytes chain" for every global function, largest first.
set -eu
pfx=$1 obj=$2 ci=$3 hostop=$4
{
    "${pfx}objdump" -r "$obj" | awk '
        /^RELOCATION RECORDS FOR/ { next }
        NF >= 3 && $2 !~ /(CALL|JUMP|BRANCH|JAL|RVC|RELAX|ALIGN|TYPE)/ {
            s = $3; sub(/^\.text\./, "", s); sub(/[+-]0x[0-9a-f]+$/, "", s); print "ADDR", s }'
    "${pfx}nm" -g --defined-only "$obj" | awk '$2 == "T" { print "ENTRY", $3 }'
    cat "$ci"
} | awk -v H="$hostop" '
    function bare(t) { sub(/^[^:]*:/, "", t); return t }
    $1 == "ADDR" { addr[$2] = 1; next }
    $1 == "ENTRY" { entry[$2] = 1; next }
    /^node:/ {
        t = $0; sub(/.*title: "/, "", t); sub(/".*/, "", t); t = bare(t)
        l = $0; sub(/.*label: "/, "", l)
        n = 0; if (match(l, /\\n[0-9]+ bytes/)) { n = substr(l, RSTART + 2, RLENGTH - 2) + 0 }
        if (l ~ /dynamic/ && l !~ /bounded/) unb[t] = 1
        self[t] = n; isnode[t] = 1; next
    }
    /^edge:/ {
        s = $0; sub(/.*sourcename: "/, "", s); sub(/".*/, "", s); s = bare(s)
        d = $0; sub(/.*targetname: "/, "", d); sub(/".*/, "", d); d = bare(d)
        if (!((s, d) in seen)) { seen[s, d] = 1; ncall[s]++; callee[s, ncall[s]] = d }
        next
    }
    function depth(f,    i, best, bw, c, v, w) {
        if (f in memo) return memo[f]
        if (f in onpath) { cyc[f] = 1; return 0 }
        onpath[f] = 1; best = 0; bw = ""
        for (i = 1; i <= ncall[f]; i++) {
            c = callee[f, i]
            if (c == "__indirect_call") { v = H; w = "*" }
            else if (c in isnode) { v = depth(c); w = c ">" via[c] }
            else { v = 0; w = c }      # memcpy, memset, memmove: leaves of the C library
            if (v > best) { best = v; bw = w }
        }
        delete onpath[f]
        via[f] = bw; memo[f] = self[f] + best
        return memo[f]
    }
    END {
        for (f in entry) if (f in isnode) {
            v = depth(f); ch = f ">" via[f]; gsub(/>+$/, "", ch)
            printf "%s %d %s\n", f, v, ch }
        for (f in addr) if ((f in isnode) && depth(f) > ub) { ub = depth(f); ubf = f ">" via[f] }
        if (ub) { gsub(/>+$/, "", ubf); printf "# upcall %d %s\n", ub, ubf }
        for (f in cyc) printf "# recursion through %s\n", f > "/dev/stderr"
        for (f in unb) printf "# unbounded dynamic stack in %s\n", f > "/dev/stderr"
    }' | sort -k2,2nr -k1,1
