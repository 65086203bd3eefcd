#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/t_docs.sh: the documentation as a newcomer follows it (run once by tests/run.sh).
#  - tests/doclinks.py passes on the tree, and fails, naming the fault, on a copy of the tree
#    with one broken link of each kind added: a missing file, a missing heading, a link with a
#    title, a reference-style link to a missing file, a reference with no definition, a
#    relative link from docs/ that climbs wrongly, an identifier that is not in the headers, a
#    missing file linked from interop/README.md;
#    and it accepts a repeated heading's GitHub anchor (-1);
#  - every `make TARGET` that README.md and docs/*.md show in code is a target of the Makefile;
#  - the C fragments of docs/host.md (an ops table by name, the C89 way, the C++ way),
#    docs/crc32c.md (the kernel set chosen once) and
#    docs/porting.md (the ISA-L wrapper, when isa-l.h is installed) compile as shown, with the
#    callbacks they name declared around them; docs/porting.md's sizeof program builds and
#    runs, and its iwarp_impl.c cross-builds for Cortex-M4 and RV32 with the commands it shows;
#  - every package .ci/run installs is named in README.md or docs/*.md;
#  - every option that a command line of demo, iwperf, iwrping or iwdump in README.md and
#    docs/*.md shows is listed by that program's --help, and --version prints the version
#    that make install writes into iwarp.pc.
# Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
mkdir -p "$B"
. tests/tap.sh
check() { local name=$1; shift; if "$@" > "$B/t_docs_last.log" 2>&1; then ok "$name"; else bad "$name"; tail -n 20 "$B/t_docs_last.log"; fi; }
T=$(mktemp -d "${TMPDIR:-/tmp}/t_docs.XXXXXX")
trap 'rm -rf "$T"' EXIT

# 1. the links checker: passes here, fails on each kind of broken link
check "tests/doclinks.py: README.md and docs/ links and names resolve" python3 tests/doclinks.py
tar --exclude=./.git --exclude=./build --exclude=./fuzz/corpus --exclude="./$B" -cf - . | tar -xf - -C "$T"
# neg FILE TEXT MESSAGE: with TEXT appended to FILE of the copy, doclinks.py must exit 1 and
# print MESSAGE; FILE is put back afterwards
neg() {
    cp "$T/$1" "$T/orig.md"
    printf '\n%s\n' "$2" >> "$T/$1"
    if python3 "$T/tests/doclinks.py" > "$T/out" 2>&1; then rc=0; else rc=$?; fi
    cp "$T/orig.md" "$T/$1"
    if [ "$rc" -eq 1 ] && grep -qF -- "$3" "$T/out"; then ok "doclinks.py with $1 + '${2%%$'\n'*}': '$3'"
    else bad "doclinks.py with $1 + '${2%%$'\n'*}': exit $rc, wanted 1 and '$3'"; cat "$T/out"; fi
}
neg README.md '[x](docs/no-such-file.md)' 'README.md: link to missing docs/no-such-file.md'
neg README.md '[x](docs/mpa.md#no-such-heading)' 'no heading for #no-such-heading in docs/mpa.md'
neg README.md '[x](#no-such-heading-here)' 'no heading for #no-such-heading-here in README.md'
neg README.md '[x](docs/no-such-titled.md "a title")' 'link to missing docs/no-such-titled.md'
neg README.md "$(printf '[x][gone]\n\n[gone]: docs/no-such-ref.md')" 'link to missing docs/no-such-ref.md'
neg README.md '[x][never-defined]' 'reference link [never-defined] has no definition'
neg docs/host.md '[x](docs/mpa.md)' 'docs/host.md: link to missing docs/mpa.md'
neg docs/host.md '`iw_no_such_function_anywhere()`' '`iw_no_such_function_anywhere` is not in the headers'
neg interop/README.md '[x](../docs/no-such-page.md)' 'interop/README.md: link to missing ../docs/no-such-page.md'
check "doclinks.py passes again on the copy put back" python3 "$T/tests/doclinks.py"
# a repeated heading's second anchor is name-1 on GitHub; a link to it is good
printf '\n## Twice\n\n## Twice\n\n[first](#twice) [second](#twice-1) [host](docs/host.md "host ops")\n' >> "$T/README.md"
check "doclinks.py accepts #twice-1 (a repeated heading) and a titled link" python3 "$T/tests/doclinks.py"

# 2. every `make TARGET` shown in code names a target
targets=$(make -prq 2>/dev/null | sed -n 's/^\([A-Za-z0-9_./-][A-Za-z0-9_./-]*\):.*/\1/p' | sort -u)
shown=$(python3 - README.md docs/*.md <<'EOF'
import re, sys
out = set()
for f in sys.argv[1:]:
    text = open(f, encoding="utf-8").read()
    code = re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.S | re.M)
    rest = re.sub(r"^```[^\n]*\n.*?^```", "", text, flags=re.S | re.M)
    code += re.findall(r"`([^`\n]+)`", rest)
    # indented code blocks (four spaces after a blank line) count too
    code += re.findall(r"(?:^|\n\n)((?:    [^\n]*\n)+)", rest)
    for c in code:
        for m in re.finditer(r"(?:^|[;&|(]\s*|\s)make\s+((?:[-A-Za-z_]+=\S*\s+|-\S+\s+)*)([A-Za-z][\w./-]*)", c):
            out.add(m.group(2))
print("\n".join(sorted(out)))
EOF
)
n=0
for t in $shown; do
    n=$((n + 1))
    if printf '%s\n' "$targets" | grep -qxF -- "$t"; then ok "make $t: a target"
    else bad "make $t (shown in README.md or docs/) is not a target of the Makefile"; fi
done
check "the docs show at least 20 make targets ($n)" test "$n" -ge 20

# 3. the fragments of docs/host.md and docs/porting.md compile as shown
# block FILE N LANG: the Nth ```LANG block of FILE (indented ones too, the indentation removed)
block() { awk -v n="$2" -v lang="$3" '/^ *```/ { t = $0; sub(/^ */, "", t); if (f) { f = 0; next }
          if (t == "```" lang) { k++; if (k == n) { f = 1; ind = index($0, "`") - 1; next } } }
          f { print substr($0, ind + 1) }' "$1"; }
STUBS='#include "mpa.h"
static iw_status my_send(void *c, const iw_iov *v, size_t n, size_t *a) { (void)c; (void)v; (void)n; *a = 0; return IW_OK; }
static void my_arm(void *c, unsigned id, uint32_t ms) { (void)c; (void)id; (void)ms; }
static void my_cancel(void *c, unsigned id) { (void)c; (void)id; }
static void my_close(void *c, int abortive) { (void)c; (void)abortive; }'
WARN="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror"
{ printf '%s\n' "$STUBS"; block docs/host.md 1 c; printf 'const iw_mpa_host_ops *use(void);\nconst iw_mpa_host_ops *use(void) { return &my_host; }\n'; } > "$T/host1.c"
check "docs/host.md: the ops table by name compiles (-std=c99 -Wextra -Werror)" sh -c "grep -q '.send = my_send' '$T/host1.c' && gcc $WARN -I. -c '$T/host1.c' -o '$T/host1.o'"
{ printf '%s\n' "$STUBS"; printf 'void my_host_setup(void);\n'; block docs/host.md 2 c; } > "$T/host2.c"
check "docs/host.md: the C89-minded table compiles" sh -c "grep -q 'my_host_setup' '$T/host2.c' && gcc $WARN -I. -c '$T/host2.c' -o '$T/host2.o'"
{ printf '%s\nvoid setup(void);\nvoid setup(void)\n{\n' "$STUBS"; block docs/host.md 1 cpp; printf '(void)my_host;\n}\n'; } > "$T/host3.cpp"
if command -v g++ > /dev/null; then
    check "docs/host.md: the C++11 table compiles (g++ -std=c++11)" sh -c "grep -q 'my_host{}' '$T/host3.cpp' && g++ -std=c++11 -Wall -Wextra -Wpedantic -Werror -Wno-unused-function -I. -c '$T/host3.cpp' -o '$T/host3.o'"
else
    ok "docs/host.md C++ fragment # SKIP no g++"
fi
# docs/crc32c.md: the kernel set chosen once and given to each connection ("..." elided)
{ printf '#define IWARP_IMPLEMENTATION\n#include "mpa.h"\nint f(iw_mpa_conn *cp, const iw_mpa_host_ops *hp, const iw_mpa_ulp_ops *ulp_ops);\n'
  printf 'int f(iw_mpa_conn *cp, const iw_mpa_host_ops *hp, const iw_mpa_ulp_ops *ulp_ops)\n{\n'
  printf '    static uint8_t reasm[2048];\n    iw_mpa_cfg mc;\n    void *host = NULL, *ulp = NULL;\n'
  printf '    iw_mpa_host_ops host_ops = *hp;\n#define conn (*cp)\n'
  block docs/crc32c.md 1 c | grep -v '^\.\.\.$'
  printf '    return 0;\n}\n'; } > "$T/kernels.c"
check "docs/crc32c.md: the kernel-set fragment compiles" sh -c "grep -q 'iw_crc32c_kernels_select(&ks)' '$T/kernels.c' && gcc $WARN -Wno-unused-result -I. -c '$T/kernels.c' -o '$T/kernels.o'"
block docs/porting.md 3 c > "$T/sizes.c"
check "docs/porting.md: the sizeof program builds (-std=c99 -Werror) and prints iw_qp's size" sh -c "gcc $WARN -I. -o '$T/sizes' '$T/sizes.c' && '$T/sizes' | grep -Eq '^iw_qp +[1-9][0-9]+\$'"
if [ -f /usr/include/isa-l/crc.h ]; then
    { printf '#include "mpa.h"\n'; block docs/porting.md 2 c; printf 'static const iw_mpa_host_ops h = {.crc32c = my_crc32c};\nconst iw_mpa_host_ops *use(void);\nconst iw_mpa_host_ops *use(void) { return &h; }\n'; } > "$T/isal.c"
    check "docs/porting.md: the ISA-L crc32c op compiles" sh -c "grep -q crc32_iscsi '$T/isal.c' && gcc $WARN -I. -c '$T/isal.c' -o '$T/isal.o'"
else
    ok "docs/porting.md ISA-L fragment # SKIP no isa-l/crc.h (libisal-dev)"
fi
if command -v arm-none-eabi-gcc > /dev/null && command -v riscv64-unknown-elf-gcc > /dev/null; then
    # step 3 of the firmware port: iwarp_impl.c and the cross builds, run in the copy of the tree
    block docs/porting.md 1 c > "$T/iwarp_impl.c"
    block docs/porting.md 1 sh > "$T/cross.sh"
    check "docs/porting.md: iwarp_impl.c cross-builds for Cortex-M4 and RV32 as shown; nm -u: memcpy, memset" \
        sh -c "cd '$T' && grep -q IWARP_IMPLEMENTATION iwarp_impl.c && grep -q arm-none-eabi-gcc cross.sh &&
               sh -e cross.sh > nm.out && test -s iwarp_impl-m4.o -a -s iwarp_impl-rv32.o &&
               test \"\$(awk '{print \$NF}' nm.out | sort | tr '\n' ' ')\" = 'memcpy memset '"
else
    ok "docs/porting.md cross build # SKIP no arm-none-eabi-gcc or riscv64-unknown-elf-gcc"
fi

# 3b. every package CI installs (.ci/run) is named in README.md or docs/ (where a user is told
#     what to install): a new dependency of a check cannot stay known to CI alone
if [ -f .ci/run ]; then
    pkgs=$(sed -n '/^pkgs="/,/"$/p' .ci/run | tr -d '"' | sed 's/^pkgs=//')
    missing=""
    for p in $pkgs; do grep -qw -- "$p" README.md docs/*.md || missing="$missing $p"; done
    check "every package .ci/run installs is named in README.md or docs/ (missing:${missing:- none})" test -z "$missing" -a -n "$pkgs"
fi

# the tools are built in a directory of their own: t_iwperf.sh keeps its work in $B/iwperf/
TB="$B/docs-tools"
mkdir -p "$TB"
# 4. every option a command line of demo, iwperf, iwrping or iwdump shows in README.md and
#    docs/*.md is one the program's --help lists (docs/testing.md once showed `iwperf -o read`)
if make --no-print-directory B="$TB" "$TB/demo" "$TB/iwperf" "$TB/iwrping" "$TB/iwdump" > "$T/tools.log" 2>&1; then
    for t in demo iwperf iwrping iwdump; do "$TB/$t" --help > "$T/help-$t.txt" 2>&1; done
    # the version a tool prints is the one make install writes into iwarp.pc (make help's)
    v=$(make -s --no-print-directory help | sed -n 's/^iWARP core \([0-9.]*\):.*/\1/p')
    for t in demo iwperf iwrping iwdump; do
        check "$t --version prints the headers' version ($v)" sh -c "[ -n '$v' ] && '$TB/$t' --version | grep -q '^$t $v '"
    done
    python3 - "$T" README.md docs/*.md > "$T/flags.out" <<'EOF2'
import re, sys
T = sys.argv[1]
helps = {t: open("%s/help-%s.txt" % (T, t), encoding="utf-8").read()
         for t in ("demo", "iwperf", "iwrping", "iwdump")}
fence = r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```"
n = bad = 0
for f in sys.argv[2:]:
    text = open(f, encoding="utf-8").read()
    code = re.findall(fence, text, flags=re.S | re.M)
    rest = re.sub(fence, "", text, flags=re.S | re.M)
    code += re.findall(r"`([^`\n]+)`", rest)
    code += re.findall(r"(?:^|\n\n)((?:    [^\n]*\n)+)", rest)
    for c in code:
        for line in c.split("\n"):
            for m in re.finditer(r"(?:^|[;&|(]\s*|\s)(?:build/|\./)?(demo|iwperf|iwrping|iwdump)((?:\s+[^\s#;&|>]+)*)", line):
                for tok in m.group(2).split():
                    if not re.match(r"--?[A-Za-z]", tok):
                        continue
                    flag = tok.split("=")[0]
                    n += 1
                    if not re.search(r"(^|[\s,|/\[])%s(?=[\s,=|/\]]|$)" % re.escape(flag), helps[m.group(1)], flags=re.M):
                        print("%s: %s %s is not in %s --help" % (f, m.group(1), flag, m.group(1)))
                        bad += 1
print("options %d bad %d" % (n, bad))
EOF2
    res=$(tail -n 1 "$T/flags.out")
    set -- $res
    if [ "${2:-0}" -ge 30 ] && [ "${4:-1}" -eq 0 ]; then ok "every tool option the docs show is in the tool's --help ($res)"
    else bad "tool options the docs show that the tools do not have ($res)"; cat "$T/flags.out"; fi
else
    bad "the tools build (make $TB/demo $TB/iwperf $TB/iwrping $TB/iwdump)"; tail -n 20 "$T/tools.log"
fi
finish
