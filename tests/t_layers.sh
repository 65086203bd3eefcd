#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_layers.sh: the layers meet only through their ops tables and public functions
# (docs/style.md §1, docs/rules.md "Layer boundaries"). Greps over the sources, comments removed
# first (a comment may name anything), line numbers kept:
#  1. private names: an iw__/IW__ identifier appears in one owner file only. The owners are
#     crc32c.h < mpa.h < ddp.h < rdmap.h < verbs.h (include order) and examples/posix/*.h; a name
#     found in two owners is a violation. Every other C/C++ file (tests/, fuzz/, bench/, tools/,
#     examples/, baremetal/, interop/, kernel/ ...) uses no iw__ name at all: it reaches the
#     library through public functions. prove/ is outside the check (a proof names the private
#     function it proves), and so are tests/mutants/ (anchors on header lines) and docs.
#     Known uses still to remove are listed in tests/layers_exempt.txt ("path name # why"); an
#     entry nothing uses any more fails too, so the list only shrinks.
#  2. no identity test on another layer's functions or ops tables: in the protocol headers,
#     no `==`/`!=` whose operand is an iw_ function or object (not a call) first defined in an
#     earlier header, e.g. `ops == &iw_mpa_x`, `->fn != iw_ddp_y`.
#  3. no cast to a lower layer's type: in ddp.h, rdmap.h, verbs.h no `(T *)`/`(const T *)` with
#     T an iw_ type of mpa.h, ddp.h or rdmap.h below it. The one place that binds two layers,
#     ddp.h's MPA adapter (functions iw__ddp_mpa_*, the instance of DDP's lower-layer ops), may
#     cast its void * context to iw_mpa_conn.
#  4. no private field of another layer's object: a header (and examples/posix, the host) that
#     holds another header's object (iw_mpa_conn, iw_ddp_stream, iw_rdmap_stream; the verbs
#     objects for iw_posix.h), as a member or a variable, never reads `name.field`/`name->field`
#     of it; it calls that header's public functions. Objects of the same header are its own.
# Prints TAP lines and "# counts P F". Run on a copy of the tree to try a planted violation.
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
W="$B/layers"
rm -rf "$W"; mkdir -p "$W"
. tests/tap.sh

PROTO="mpa.h ddp.h rdmap.h verbs.h"
ORDER="crc32c.h $PROTO"
OWNERS="$ORDER $(ls examples/posix/*.h 2>/dev/null | tr '\n' ' ')"
EXEMPT=tests/layers_exempt.txt

# strip FILE: FILE without comments, same line count, into $W/<path with / as _>.
stripped() {
    local out="$W/$(printf '%s' "$1" | tr '/' '_')"
    [ -f "$out" ] || perl -0777 -pe 's{/\*.*?\*/}{ (my $c = $&) =~ s/[^\n]//g; $c }gse; s{//[^\n]*}{}g' "$1" > "$out"
    printf '%s' "$out"
}
# lines FILE ERE: "file:line: text" for each line of stripped FILE matching ERE (preprocessor
# lines aside: `#include "ddp.h"` reads no field).
lines() { grep -nE "$2" "$(stripped "$1")" | grep -vE '^[0-9]+:[[:space:]]*#' | sed "s|^|$1:|"; }

# ---- 1. private names --------------------------------------------------------------------
PRIV='\b[iI][wW]__[A-Za-z0-9_]*'
: > "$W/owned"
for f in $OWNERS; do
    grep -oE "$PRIV" "$(stripped "$f")" | sort -u | sed "s|\$| $f|" >> "$W/owned"
done
twice=$(awk '{n[$1]++; f[$1] = f[$1] " " $2} END {for (k in n) if (n[k] > 1) print k ":" f[k]}' "$W/owned" | sort)
if [ -z "$twice" ]; then
    ok "private names: each iw__ name of the headers appears in one header ($(wc -l < "$W/owned") names)"
else
    bad "private names: iw__ names used in more than one header"; printf '%s\n' "$twice" | sed 's/^/  /'
fi

others=$(git ls-files --cached --others --exclude-standard -- '*.c' '*.h' '*.cpp' 2>/dev/null || find . -name '*.[ch]' -o -name '*.cpp')
: > "$W/uses"
for f in $others; do
    case " $OWNERS " in *" $f "*) continue ;; esac
    case "$f" in prove/*|tests/mutants/*|docs/*) continue ;; esac
    [ -f "$f" ] || continue
    lines "$f" "$PRIV" | while IFS= read -r l; do
        for n in $(printf '%s\n' "$l" | cut -d: -f3- | grep -oE "$PRIV" | sort -u); do
            echo "$f $n ${l%%:*}:$(printf '%s' "$l" | cut -d: -f2)"
        done
    done >> "$W/uses"
done
exempt=$(sed -e 's/#.*//' "$EXEMPT" 2>/dev/null | awk 'NF >= 2 {print $1 " " $2}' | sort -u)
new=$(awk '{print $1 " " $2}' "$W/uses" | sort -u | grep -vxF -f <(printf '%s\n' "$exempt") || true)
if [ -z "$new" ]; then
    ok "private names: no file outside the headers uses an iw__ name (besides $(grep -ciE ' iw__' <<< "$exempt") listed in $EXEMPT)"
else
    bad "private names: used outside their header (call a public function instead)"
    printf '%s\n' "$new" | while read -r f n; do grep "^$f $n " "$W/uses" | awk '{print "  " $3 ": " $2}'; done
fi
# owner NAME: the first header in include order whose code names NAME.
owner() { local h; for h in $ORDER; do grep -qE "\\b$1\\b" "$(stripped "$h")" && { echo "$h"; return; }; done; echo "?"; }

# ---- 2. identity tests on ops pointers / functions ---------------------------------------
IDENT='(==|!=)[[:space:]]*\(?[[:space:]]*&?[[:space:]]*[iI][wW]_{1,2}[a-z][a-z0-9_]*[[:space:]]*($|[^a-z0-9_([:space:]])|[iI][wW]_{1,2}[a-z][a-z0-9_]*[[:space:]]*\)?[[:space:]]*(==|!=)'
found=""
for h in $PROTO; do
    while IFS= read -r l; do
        [ -n "$l" ] || continue
        for n in $(printf '%s\n' "$l" | cut -d: -f3- | grep -oE "$IDENT" | grep -oE '[iI][wW]_{1,2}[a-z][a-z0-9_]*'); do
            o=$(owner "$n")
            [ "$o" = "$h" ] || found="$found
  $h:$(printf '%s' "$l" | cut -d: -f2): compares with $n of $o"
        done
    done <<< "$(lines "$h" "$IDENT")"
done
if [ -z "$found" ]; then
    ok "no identity test on another layer's function or ops table (== / != against a lower iw_ name)"
else
    bad "identity tests on another layer's functions or ops tables:$found"
fi

# ---- 3. casts to a lower layer's type ----------------------------------------------------
CAST='\([[:space:]]*(const[[:space:]]+)?iw_[a-z0-9_]+[[:space:]]*\*[[:space:]]*\)'
found=""
for h in ddp.h rdmap.h verbs.h; do
    # "line type function" for every cast, the function being the last definition opened at column 0
    awk -v re="$CAST" '
        /^[A-Za-z](.*[^A-Za-z0-9_])?i[wW]_[A-Za-z0-9_]*[[:space:]]*\(/ && !/;[[:space:]]*$/ {
            s = $0; sub(/\(.*/, "", s); n = split(s, w, /[^A-Za-z0-9_]+/); fn = w[n] }
        { s = $0
          while (match(s, re)) {
              t = substr(s, RSTART, RLENGTH); gsub(/[()*]|const|[[:space:]]/, "", t)
              print NR, t, fn; s = substr(s, RSTART + RLENGTH) } }' "$(stripped "$h")" > "$W/casts"
    while read -r ln t fn; do
        o=$(owner "$t")
        case "$o" in mpa.h|ddp.h|rdmap.h) ;; *) continue ;; esac
        [ "$o" = "$h" ] && continue
        case "$o" in rdmap.h) [ "$h" = verbs.h ] || continue ;; ddp.h) [ "$h" = mpa.h ] && continue ;; esac
        [ "$h:$o" = "ddp.h:mpa.h" ] && [ "$t" = iw_mpa_conn ] && case "$fn" in iw__ddp_mpa_*) continue ;; esac
        found="$found
  $h:$ln: ($t *) in $fn, a type of $o"
    done < "$W/casts"
done
if [ -z "$found" ]; then
    ok "no cast to a lower layer's type in ddp.h, rdmap.h, verbs.h (ddp.h's iw__ddp_mpa_* adapter aside)"
else
    bad "casts to a lower layer's type:$found"
fi

# ---- 4. private fields of another layer's object -----------------------------------------
# objects whose fields are private (docs/style.md §4), by owner
objs() {
    case "$1" in
        mpa.h) echo iw_mpa_conn ;; ddp.h) echo iw_ddp_stream ;; rdmap.h) echo iw_rdmap_stream ;;
        verbs.h) echo "iw_rnic iw_pd iw_cq iw_srq iw_qp iw_mr iw_mw" ;;
    esac
}
: > "$W/fields"
for h in $PROTO examples/posix/iw_posix.h; do
    [ -f "$h" ] || continue
    for o in $ORDER; do
        [ "$o" = "$h" ] && continue
        for t in $(objs "$o"); do
            # members and variables of type t (t x; t *x = ...; t a, b;)
            names=$(grep -E "^[[:space:]]+(const[[:space:]]+)?$t[[:space:]]*\**[[:space:]]*[a-z_][a-z0-9_]*[[:space:]]*(\[[^]]*\])?[[:space:]]*[;,=]" "$(stripped "$h")" |
                    sed -E "s/^[[:space:]]+(const[[:space:]]+)?$t//; s/=.*//; s/;.*//" | tr ',*' '  ' | grep -oE '[a-z_][a-z0-9_]*' | sort -u)
            for n in $names; do
                lines "$h" "(^|[^a-z0-9_])$n[[:space:]]*(\.|->)[[:space:]]*[a-z_]" | while IFS= read -r l; do
                    for a in $(printf '%s\n' "$l" | cut -d: -f3- | grep -oE "(^|[^a-z0-9_])$n[[:space:]]*(\.|->)[[:space:]]*[a-z_][a-z0-9_]*" |
                               sed -E "s/^[^a-z_]//; s/[[:space:]]//g; s/->/./" | sort -u); do
                        echo "$h $a $h:$(printf '%s' "$l" | cut -d: -f2) ($n: $t of $o)"
                    done
                done >> "$W/fields"
            done
        done
    done
done
newf=$(awk '{print $1 " " $2}' "$W/fields" | sort -u | grep -vxF -f <(printf '%s\n' "$exempt") || true)
if [ -z "$newf" ]; then
    ok "no header reads a private field of another header's object (besides $(grep -cE ' [a-z_0-9]+\.' <<< "$exempt") listed in $EXEMPT)"
else
    bad "private fields of another layer's object read (call its public functions instead)"
    printf '%s\n' "$newf" | while read -r f a; do grep "^$f $a " "$W/fields" | awk '{$1 = ""; print " " $0}'; done
fi
stale=$(printf '%s\n' "$exempt" | grep . | grep -vxF -f <(cat "$W/uses" "$W/fields" | awk '{print $1 " " $2}' | sort -u) || true)
if [ -z "$stale" ]; then
    ok "private names: every entry of $EXEMPT is still a real use"
else
    bad "private names: $EXEMPT lists uses that are gone (delete the lines)"; printf '  %s\n' "$stale"
fi


finish
