#!/usr/bin/env bash
# stackmax.sh TOOLPREFIX OBJ CI HOSTOP: worst-case stack of a whole call chain from each public
# entry point of the core, from gcc's -fcallgraph-info=su graph (CI) of one object (OBJ, built
# with -ffunction-sections) holding every implementation.
#
# A function's figure is its own frame (the .ci "N bytes") plus the largest figure among what
# it calls. A call through a function pointer is resolved from its source line (the .ci gives
# file:line:col) by the member it calls:
#   ops->M in mpa.h and verbs.h      a host op (TCP send, timers, trace, map, events): HOSTOP
#   ops->M in rdmap.h, ulp->M, mem->M, tx.M, place_begin
#                                    an upcall: HOSTOP (the application as the ULP) or a core
#                                    function whose address the object takes, of the header
#                                    above (ddp.h -> rdmap.h -> verbs.h) ending in _M, or for
#                                    mpa.h's ULP of any header above ending in _mpa_M (the MPA
#                                    ULP adapters iw_ddp_mpa_*, iw_rdmap_mpa_*, iw__qp_mpa_*)
#   llp->M                           a core function of the same or a lower header ending in _M
#   crc_fn, crc_copy_fn, fn, crc.M   any CRC32c path whose address is taken (crc32c.h's kernels)
#   optab[...]                       RDMAP's opcode handlers (iw__rdmap_on_*)
# "Address taken" = named by a relocation that is not a call (objdump -r). A chain that comes
# back to a function already on it is cut there (reported on stderr as "# cycle").
# HOSTOP is the stack a host op or an application upcall may use: a documented maximum.
# Prints "entry bytes chain" for every global function, largest first; "*" marks a pointer call.
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
    function layer(path) { return path ~ /verbs\.h/ ? 4 : path ~ /rdmap\.h/ ? 3 : path ~ /ddp\.h/ ? 2 : 1 }
    function srcline(file, n,    line, k) {
        if (!((file, 0) in src)) { k = 0; while ((getline line < file) > 0) src[file, ++k] = line; src[file, 0] = k; close(file) }
        return (file, n) in src ? src[file, n] : ""
    }
    $1 == "ADDR" { addr[$2] = 1; next }
    $1 == "ENTRY" { entry[$2] = 1; next }
    /^node:/ {
        t = $0; sub(/.*title: "/, "", t); sub(/".*/, "", t); t = bare(t)
        l = $0; sub(/.*label: "/, "", l)
        n = 0; if (match(l, /\\n[0-9]+ bytes/)) n = substr(l, RSTART + 2, RLENGTH - 2) + 0
        if (l ~ /dynamic/ && l !~ /bounded/) unb[t] = 1
        lay[t] = layer(l); self[t] = n; isnode[t] = 1; next
    }
    /^edge:/ {
        s = $0; sub(/.*sourcename: "/, "", s); sub(/".*/, "", s); s = bare(s)
        d = $0; sub(/.*targetname: "/, "", d); sub(/".*/, "", d); d = bare(d)
        if (d == "__indirect_call") {
            loc = $0; sub(/.*label: "/, "", loc); sub(/".*/, "", loc); d = "@" loc
        }
        if (!((s, d) in seen)) { seen[s, d] = 1; ncall[s]++; callee[s, ncall[s]] = d }
        next
    }
    # the candidates of the pointer call at file:line:col, as a list in cand[site, 1..]
    function resolve(site,    p, file, ln, col, text, expr, base, m, L, g, k, host) {
        if ((site, "n") in cand) return
        split(site, p, ":"); file = p[1]; ln = p[2]; col = p[3]
        text = substr(srcline(file, ln), col)
        expr = ""
        if (match(text, /[A-Za-z_][A-Za-z_0-9]*(\[[^]]*\])?(->|\.)[A-Za-z_][A-Za-z_0-9]* *\(/)) expr = substr(text, RSTART, RLENGTH)
        else if (match(text, /(crc_copy_fn|crc_fn|place_begin|fn) *\(/)) expr = substr(text, RSTART, RLENGTH)
        sub(/ *\($/, "", expr)
        m = expr; sub(/.*(->|\.)/, "", m)
        base = expr; sub(/(->|\.)[A-Za-z_0-9]*$/, "", base); sub(/.*(->|\.)/, "", base); sub(/\[.*/, "", base)
        L = layer(file); k = 0; host = 0
        if (base == "ops" && L != 3) host = 1
        else if (m ~ /^(crc_fn|crc_copy_fn|fn)$/ || base == "crc") { for (g in addr) if ((g in isnode) && g ~ /crc32c/) cand[site, ++k] = g }
        else if (base ~ /optab/) { for (g in addr) if ((g in isnode) && g ~ /^iw__rdmap_on_/) cand[site, ++k] = g }
        else if (base == "llp") { for (g in addr) if ((g in isnode) && lay[g] <= L && g ~ ("_" m "$")) cand[site, ++k] = g }
        else if (m != "") {
            host = 1
            for (g in addr)
                if ((g in isnode) && (L == 1 ? lay[g] > 1 && g ~ ("_mpa_" m "$") : lay[g] == L + 1 && g ~ ("_" m "$")))
                    cand[site, ++k] = g
        }
        else { host = 1; printf "# unresolved pointer call at %s\n", site > "/dev/stderr" }
        cand[site, "n"] = k; cand[site, "host"] = host
        if (!k && !host) printf "# no candidate for %s at %s\n", expr, site > "/dev/stderr"
    }
    function depth(f,    i, j, best, bw, c, v, w, g) {
        if (f in memo) return memo[f]
        if (f in onpath) { cyc[f] = 1; return 0 }
        onpath[f] = 1; best = 0; bw = ""
        for (i = 1; i <= ncall[f]; i++) {
            c = callee[f, i]
            if (c ~ /^@/) {
                resolve(substr(c, 2))
                v = cand[substr(c, 2), "host"] ? H : 0; w = "*(host op)"
                for (j = 1; j <= cand[substr(c, 2), "n"]; j++) {
                    g = cand[substr(c, 2), j]
                    if (depth(g) > v) { v = depth(g); w = "*" g ">" via[g] }
                }
            } else if (c in isnode) { v = depth(c); w = c ">" via[c] }
            else { v = 0; w = c }      # memcpy, memset, memmove: leaves of the C library
            if (v > best) { best = v; bw = w }
        }
        delete onpath[f]
        via[f] = bw; memo[f] = self[f] + best
        return memo[f]
    }
    END {
        for (f in entry) if (f in isnode) { v = depth(f); ch = f ">" via[f]; gsub(/>+$/, "", ch); printf "%s %d %s\n", f, v, ch }
        for (f in cyc) printf "# cycle through %s (cut)\n", f > "/dev/stderr"
        for (f in unb) printf "# unbounded dynamic stack in %s\n", f > "/dev/stderr"
    }' | sort -k2,2nr -k1,1
