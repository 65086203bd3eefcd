#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# tests/doclinks.py: every relative link in README.md, CHANGELOG.md, docs/*.md and the other
# *.md files of the tree (inline, with or without a title, and reference-style [text][label]
# with its [label]: definition) names a file that exists and, with a #fragment into a Markdown
# file, a heading of that file (GitHub's anchor rule: lower case, punctuation dropped, spaces to
# hyphens, -1 -2 for repeats; or an <a id="...">); tests/t_docs.sh checks that each kind of
# broken link fails. Every identifier of the library (iw_*, IW_*, IWARP_*) in `code` in
# README.md, CHANGELOG.md and docs/*.md exists in the headers, so that the documentation cannot
# name a function, type, field or constant that is not there; and docs/host.md describes every
# op of every op table. Exit 1 listing the bad ones.
import os
import re
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def anchors(path):
    out = set()
    inside = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            inside = not inside
        m = None if inside else re.match(r"#+\s+(.*?)\s*#*\s*$", line)
        if m:
            t = m.group(1).strip().lower()
            t = re.sub(r"[^\w\- ]", "", t).replace(" ", "-")
            # a repeated heading gets -1, -2 ... on GitHub
            n = 1
            base = t
            while t in out:
                t = "%s-%d" % (base, n)
                n += 1
            out.add(t)
        if not inside:
            out |= set(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line))
    return out


def check_target(f, target):
    """1 if the link target TARGET written in file F does not resolve (and say why), else 0."""
    if re.match(r"[a-z]+:", target) or target.startswith("//"):
        return 0
    path, _, frag = target.partition("#")
    p = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
    if not os.path.exists(p):
        print("%s: link to missing %s" % (f, target))
        return 1
    if frag and p.endswith(".md") and frag not in anchors(p):
        print("%s: no heading for #%s in %s" % (f, frag, p))
        return 1
    return 0


files = ["README.md", "CHANGELOG.md"] + sorted(
    "docs/" + f for f in os.listdir("docs") if f.endswith(".md"))
# the READMEs beside the code (interop/, fuzz/, tests/vectors/ ...) that the docs point to:
# their links are checked too (their names are not: they describe scripts, not the API)
others = []
for d, subs, fs in os.walk("."):
    subs[:] = sorted(x for x in subs if os.path.join(d, x) not in
                     ("./.git", "./build", "./docs", "./fuzz/corpus"))
    if d != ".":
        others += sorted(os.path.join(d, f)[2:] for f in fs if f.endswith(".md"))
bad = 0
for f in files + others:
    text = open(f, encoding="utf-8").read()
    text = re.sub(r"^```[^\n]*\n.*?^```", "", text, flags=re.S | re.M)
    text = re.sub(r"`[^`\n]+`", "", text)
    # inline links [text](target) and [text](target "title"), <target> allowed
    for m in re.finditer(r"\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)", text):
        bad += check_target(f, m.group(1))
    # reference links: [label]: target, and every [text][label] must have its definition
    defs = {}
    for m in re.finditer(r"^ {0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s+.*)?$", text, flags=re.M):
        defs[m.group(1).lower()] = m.group(2)
        bad += check_target(f, m.group(2))
    for m in re.finditer(r"\]\[([^\]]*)\]", text):
        label = m.group(1).lower()
        if label and label not in defs:
            print("%s: reference link [%s] has no definition" % (f, m.group(1)))
            bad += 1
# Identifiers: every iw_/IW_/IWARP_ name in backticks must occur in the public headers.
# (and, for environment variables and make variables, the scripts that read them).
sources = ["mpa.h", "ddp.h", "rdmap.h", "verbs.h", "crc32c.h", "examples/posix/iw_posix.h",
           "examples/posix/iw_pcap.h", "examples/posix/iw_pcap_read.h", "Makefile",
           "interop/run.sh", "fuzz/run.sh", "bench/run.sh", "tests/run.sh", "kernel/Kbuild",
           "mk/kernel.mk"]
# docs/kernel.md names the kernel modules' files and objects (kernel/iw_core.c -> iw_core)
if os.path.isdir("kernel"):
    words = {os.path.splitext(f)[0] for f in os.listdir("kernel")}
else:
    words = set()
for h in sources:
    if os.path.exists(h):
        words |= set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", open(h, encoding="utf-8").read()))
# Announced in CHANGELOG/api-policy, defined by the version commit to the headers; once
# `grep IWARP_VERSION_STRING mpa.h` finds it, this allowance changes nothing.
pending = {"IWARP_VERSION_MAJOR", "IWARP_VERSION_MINOR", "IWARP_VERSION_PATCH",
           "IWARP_VERSION_STRING"}
for f in files:
    text = open(f, encoding="utf-8").read()
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.S | re.M)
    rest = re.sub(r"^```[^\n]*\n.*?^```", "", text, flags=re.S | re.M)
    for code in fenced + [m.group(1) for m in re.finditer(r"`([^`]+)`", rest)]:
        for tok in re.findall(r"\b(?:iw|IW|IWARP)_[A-Za-z0-9_]*[A-Za-z0-9]\b", code):
            if tok not in words and tok not in pending:
                print("%s: `%s` is not in the headers" % (f, tok))
                bad += 1
# docs/host.md describes every op of every host-op and upcall table of the core.
host = open("docs/host.md", encoding="utf-8").read()
for h in ["mpa.h", "ddp.h", "rdmap.h", "verbs.h", "crc32c.h"]:
    if not os.path.exists(h):
        continue
    src = open(h, encoding="utf-8").read()
    for m in re.finditer(r"typedef struct (iw_[a-z0-9_]*ops) \{(.*?)\} \1;", src, flags=re.S):
        for op in re.findall(r"\(\*([a-z0-9_]+)\)", m.group(2)):
            if not re.search(r"`%s[(`]" % op, host):
                print("docs/host.md: %s.%s (%s) is not described" % (m.group(1), op, h))
                bad += 1
print("doc links and names: %d bad" % bad)
sys.exit(1 if bad else 0)
