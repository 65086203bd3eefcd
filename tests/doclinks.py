#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# tests/doclinks.py: every relative link in README.md, CHANGELOG.md and docs/*.md names a file
# that exists and, with a #fragment into a Markdown file, a heading of that file (GitHub's
# anchor rule: lower case, punctuation dropped, spaces to hyphens). Exit 1 listing the bad ones.
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
        m = None if inside else re.match(r"#+\s+(.*)", line)
        if m:
            t = m.group(1).strip().lower()
            t = re.sub(r"[^\w\- ]", "", t)
            out.add(t.replace(" ", "-"))
    return out


files = ["README.md", "CHANGELOG.md"] + sorted(
    "docs/" + f for f in os.listdir("docs") if f.endswith(".md"))
bad = 0
for f in files:
    text = open(f, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]*)\)", text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):
            continue
        path, _, frag = target.partition("#")
        p = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(p):
            print("%s: link to missing %s" % (f, target))
            bad += 1
        elif frag and p.endswith(".md") and frag not in anchors(p):
            print("%s: no heading for #%s in %s" % (f, frag, p))
            bad += 1
print("doc links: %d bad" % bad)
sys.exit(1 if bad else 0)
