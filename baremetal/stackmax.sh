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
#                                    above (ddp.h -> rdmap.h -> verbs.h) ending in _M and not an
#                                    MPA ULP adapter, or for mpa.h's ULP of any header above
#                                    ending in _mpa_M (the MPA ULP adapters iw_ddp_mpa_*,
#                                    iw_rdmap_mpa_*, iw__qp_mpa_*, only ever in mpa.h's table)
#   llp->M                           a core function of the same or a lower header ending in _M
#                                    ("ending in _M" also: named M in an ops table, IW_OP(M) f)
#   crc_fn, crc_copy_fn, fn, crc.M   any CRC32c path whose address is taken (crc32c.h's kernels)
#   optab[...]                       RDMAP's opcode handlers (iw__rdmap_on_*)
# "Address taken" = named by a relocation that is not a call (objdump -r). A pointer call with
# no candidate by these rules may reach any address-taken function (an upper bound, reported).
# HOSTOP is the stack a host op or an application upcall may use: a documented maximum.
# The figure is exact over the chains in which no function comes twice, every such chain
# tried (a function on no cycle of the graph is computed once), and a call back into a
# function already on the chain counts that function's own frame once more: it must return
# at once from its guard (the state checks that ensure it are in docs/porting-baremetal.md).
# Functions that can call each other round a cycle are listed on stderr ("# cycle"); none
# listed = no chain comes back, and the figure needs no such guard.
# Prints "entry bytes chain" for every global function, largest first; in the chain each call
# is "name(own frame octets)", "*" marks a call through a pointer.
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
    # the ops tables of the four headers (beside file): IW_OP(m) f names f as member m
    function scanops(file,    dir, h, hs, i, k, line, t) {
        opscan = 1; dir = file; sub(/[^\/]*$/, "", dir)
        split("mpa.h ddp.h rdmap.h verbs.h", hs, " ")
        for (h = 1; h <= 4; h++)
            while ((getline line < (dir hs[h])) > 0)
                while (match(line, /IW_OP\([a-z_0-9]+\) *[A-Za-z_][A-Za-z_0-9]*/)) {
                    t = substr(line, RSTART + 6, RLENGTH - 6); line = substr(line, RSTART + RLENGTH)
                    k = index(t, ")"); i = substr(t, k + 1); gsub(/ /, "", i); opof[i] = substr(t, 1, k - 1)
                }
        for (h = 1; h <= 4; h++) close(dir hs[h])
    }
    # whether g may be called as member m: its name ends in _m, or an ops table names it m
    function named(g, m) { return g ~ ("_" m "$") || opof[g] == m }
    # the candidates of the pointer call at file:line:col, as a list in cand[site, 1..]
    function resolve(site,    p, file, ln, col, text, expr, base, m, L, g, k, host) {
        if ((site, "n") in cand) return
        split(site, p, ":"); file = p[1]; ln = p[2]; col = p[3]
        if (!opscan) scanops(file)
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
        else if (base == "llp") { for (g in addr) if ((g in isnode) && lay[g] <= L && named(g, m)) cand[site, ++k] = g }
        else if (m != "") {
            host = 1
            for (g in addr)
                if ((g in isnode) && (L == 1 ? lay[g] > 1 && g ~ ("_mpa_" m "$") : lay[g] == L + 1 && named(g, m) && g !~ /_mpa_/))
                    cand[site, ++k] = g
        }
        else { host = 1; printf "# unresolved pointer call at %s\n", site > "/dev/stderr" }
        if (!k && !host) { # none by name: every function whose address is taken, to stay an upper bound
            printf "# no candidate by name for %s at %s: any address-taken function\n", expr, site > "/dev/stderr"
            for (g in addr) if (g in isnode) cand[site, ++k] = g
        }
        cand[site, "n"] = k; cand[site, "host"] = host
    }
    # the callees of f as nodes: a pointer call becomes its candidates, and "(host)" (own
    # frame HOSTOP) when a host op or the application may be called there
    function succs(f,    i, j, c, site, k) {
        if (f in nsucc) return
        k = 0
        for (i = 1; i <= ncall[f]; i++) {
            c = callee[f, i]
            if (c ~ /^@/) {
                site = substr(c, 2); resolve(site)
                if (cand[site, "host"]) addsucc(f, "*(host)")
                for (j = 1; j <= cand[site, "n"]; j++) addsucc(f, "*" cand[site, j])
            } else if (c in isnode) addsucc(f, c)
            # else memcpy, memset, memmove: leaves of the C library
        }
        if (!(f in nsucc)) nsucc[f] = 0
    }
    function addsucc(f, g,    n) {
        if ((f, g) in hassucc) return
        hassucc[f, g] = 1; n = ++nsucc[f]; succ[f, n] = g
    }
    function node(g) { sub(/^\*/, "", g); return g }
    # Tarjan: the strongly connected components; a function in one of more than one function
    # (or calling itself) lies on a cycle
    function scc(v,    i, w, c) {
        succs(v); ix[v] = low[v] = ++nix; stk[++sp] = v; onstk[v] = 1
        for (i = 1; i <= nsucc[v]; i++) {
            w = node(succ[v, i])
            if (!(w in ix)) { scc(w); if (low[w] < low[v]) low[v] = low[w] }
            else if ((w in onstk) && ix[w] < low[v]) low[v] = ix[w]
        }
        if (low[v] == ix[v]) {
            ncomp++; c = 0
            do { w = stk[sp--]; delete onstk[w]; comp[w] = ncomp; c++; members[ncomp] = members[ncomp] " " w } while (w != v)
            csize[ncomp] = c
            if (c == 1 && ((v, v) in hassucc || (v, "*" v) in hassucc)) csize[ncomp] = 2
        }
    }
    # The worst chain below f among chains where no function comes twice (onpath): exact, every
    # such chain is tried. A function on no cycle has one answer whatever the path above it
    # (nothing it reaches can be above it), so it is kept (memo); one on a cycle is searched
    # again on every path. Sets dchain to the chain, "name(own frame)" each, > between.
    function depth(f,    i, g, w, v, best, bc) {
        if (f in memo) { dchain = mchain[f]; return memo[f] }
        onpath[f] = 1; best = 0; bc = ""
        for (i = 1; i <= nsucc[f]; i++) {
            g = succ[f, i]; w = node(g)
            if (w in onpath) { # entered again: counted as its own frame, its guard returning at once
                v = self[w]
                if (v > best || bc == "") { best = v; bc = (g ~ /^\*/ ? "*" : "") w "(" self[w] ",again)" }
                continue
            }
            v = depth(w)
            if (v > best || bc == "") { best = v; bc = (g ~ /^\*/ ? "*" : "") dchain }
        }
        delete onpath[f]
        v = self[f] + best
        dchain = (f == "(host)" ? "host_op" : f) "(" self[f] ")" (bc != "" ? ">" bc : "")
        if (csize[comp[f]] < 2) { memo[f] = v; mchain[f] = dchain }
        return v
    }
    END {
        isnode["(host)"] = 1; self["(host)"] = H; nsucc["(host)"] = 0
        for (f in isnode) if (!(f in ix)) scc(f)
        for (f in entry) if (f in isnode) { v = depth(f); printf "%s %d %s\n", f, v, dchain }
        for (k = 1; k <= ncomp; k++) if (csize[k] > 1) printf "# cycle: %d functions call each other:%s\n", split(members[k], tmp, " "), members[k] > "/dev/stderr"
        for (f in unb) printf "# unbounded dynamic stack in %s\n", f > "/dev/stderr"
    }' | sort -k2,2nr -k1,1
