#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/gen-api.py: the function lists of the API reference, generated from the headers.

For each public header, every public function of its declaration part (IW_DEF prototypes and
IW_INLINE accessors whose name does not start with iw__; for iw_posix.h, every prototype) with
the header comment that specifies it, once (where #if branches define it twice, the first), grouped by the header's own "---- section ----" comments.
The list goes between "<!-- api:begin -->" and "<!-- api:end -->" in docs/<page>.md; the rest of
the page is written by hand.

  python3 docs/gen-api.py           rewrite the generated part of every page
  python3 docs/gen-api.py --check   exit 1 if a public function is missing from its page
                                    (tests/run.sh runs this; fix it by running the first form)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = [("mpa.h", "docs/mpa.md"), ("crc32c.h", "docs/crc32c.md"), ("ddp.h", "docs/ddp.md"),
         ("rdmap.h", "docs/rdmap.md"), ("verbs.h", "docs/verbs.md"),
         ("examples/posix/iw_posix.h", "docs/posix.md")]
BEGIN, END = "<!-- api:begin -->", "<!-- api:end -->"
SECTION = re.compile(r"^/\*\s*-{2,}\s*(.*?)\s*-*\s*\*/\s*$")
START = re.compile(r"^(IW_DEF|IW_INLINE)\s")
NAME = re.compile(r"\b(iw_[a-z0-9_]+)\s*\(")


def decl_part(path):
    """The lines of the declaration part: up to the end of the include guard."""
    lines = open(path, encoding="utf-8").read().split("\n")
    guard = None
    for i, l in enumerate(lines):
        m = re.match(r"#ifndef\s+(IW_[A-Z0-9_]+_H)\b", l)
        if m and guard is None:
            guard = m.group(1)
        if guard and re.match(r"#endif\s*/\*\s*" + guard + r"\s*\*/", l):
            return lines[:i]
    return lines


def clean_comment(block):
    text = []
    for l in block:
        l = l.strip()
        l = re.sub(r"^/\*+", "", l)
        l = re.sub(r"\*+/$", "", l)
        l = re.sub(r"^\*\s?", "", l)
        text.append(l.strip())
    return " ".join(t for t in text if t)


def functions(path, posix=False):
    lines = decl_part(path)
    out, comment, section = [], [], ""
    seen = set()  # a function defined once per #if branch (IW_CFG_STATS ...) is listed once
    i = 0
    while i < len(lines):
        l = lines[i]
        s = l.strip()
        m = SECTION.match(s)
        if m and m.group(1):
            section, comment = m.group(1).strip(" -"), []
            i += 1
            continue
        if s.startswith("/*"):
            block = [l]
            while "*/" not in lines[i] and i + 1 < len(lines):
                i += 1
                block.append(lines[i])
            comment = block if not s.startswith("/* ====") else []
            i += 1
            continue
        is_fn = START.match(l) or (posix and re.match(r"^[a-z][a-z0-9_ ]*[ *]iw_px_[a-z0-9_]+\(", l))
        if is_fn:
            proto = [l.rstrip()]
            while ";" not in proto[-1] and "{" not in proto[-1] and i + 1 < len(lines):
                i += 1
                proto.append(lines[i].rstrip())
            text = "\n".join(proto)
            tail = ""
            if "{" in text:
                text = text[: text.index("{")].rstrip() + ";"
            else:
                semi = text.index(";")
                tail = text[semi + 1:].strip()
                text = text[: semi + 1]
            nm = NAME.search(text)
            if nm and not nm.group(1).startswith("iw__") and nm.group(1) not in seen:
                seen.add(nm.group(1))
                doc = clean_comment(comment)
                if tail.startswith("/*"):
                    doc = (doc + " " + clean_comment([tail])).strip()
                out.append((section, nm.group(1), text, doc))
            comment = [] if not l.rstrip().endswith(",") else comment
            i += 1
            continue
        if s == "":
            pass  # a blank line keeps the comment for the next prototype
        elif not s.startswith("#"):
            comment = []
        i += 1
    return out


def render(header, fns):
    md = ["### Functions of `%s` (%d)" % (os.path.basename(header), len(fns)), "",
          "Generated from the header by `python3 docs/gen-api.py`; the header's comment is the "
          "contract. Errors are the `iw_status` / `iw_vstatus` values each names.", ""]
    last = None
    for section, name, proto, doc in fns:
        if section != last and section:
            md += ["#### %s" % section, ""]
            last = section
        md += ["- **`%s`**" % name, "", "  ```c"] + ["  " + p for p in proto.split("\n")] + ["  ```", ""]
        if doc:
            md += ["  " + doc, ""]
    return md


def main():
    check = "--check" in sys.argv
    pages = {}
    for header, page in PAGES:
        hp = os.path.join(ROOT, header)
        if not os.path.exists(hp):
            continue
        pages.setdefault(page, []).append((header, functions(hp, posix=header.endswith("iw_posix.h"))))
    bad = 0
    for page, parts in pages.items():
        pp = os.path.join(ROOT, page)
        body = open(pp, encoding="utf-8").read() if os.path.exists(pp) else ""
        if check:
            for header, fns in parts:
                for _, name, _, _ in fns:
                    if "`%s`" % name not in body:
                        print("%s: %s (%s) is not documented" % (page, name, header))
                        bad += 1
            continue
        gen = []
        for header, fns in parts:
            gen += render(header, fns)
        if BEGIN in body and END in body:
            pre, rest = body.split(BEGIN, 1)
            post = rest.split(END, 1)[1]
        else:
            pre, post = body + ("\n" if body else ""), "\n"
        open(pp, "w", encoding="utf-8").write(pre + BEGIN + "\n" + "\n".join(gen) + END + post)
        print("%s: %d functions" % (page, sum(len(f) for _, f in parts)))
    if check:
        print("api docs: %d public functions missing" % bad)
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
