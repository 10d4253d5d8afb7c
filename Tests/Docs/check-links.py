#!/usr/bin/env python3
"""Checks the documentation's links: every relative link and anchor in README.md,
CONTRIBUTING.md and docs/*.md resolves, and every page in docs/ is reachable from README.md.

Usage: Tests/Docs/check-links.py [ROOT]   (default: the repository)
       Tests/Docs/check-links.py --selftest
Exits 1 listing each broken link (FILE:LINE: …) and each page no link leads to.
Anchors follow GitHub's rule: the heading's text, lower-cased, without punctuation, spaces
as hyphens, and -1, -2… for repeated headings; <a id="…"> and <a name="…"> count too.
"""
import os
import re
import sys
import tempfile
import unicodedata
from urllib.parse import unquote

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"<(?:a|img)\s[^>]*?(?:href|src)=\"([^\"]+)\"", re.IGNORECASE)
HTML_ANCHOR = re.compile(r"<a\s[^>]*?(?:id|name)=\"([^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    """GitHub's anchor for a heading's text."""
    # Inline HTML is no text, but `<isbn>` in a code span is.
    parts = heading.split("`")
    text = "".join(part if index % 2 else re.sub(r"<[^>]+>", "", part) for index, part in enumerate(parts))
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links keep their text
    text = text.strip().lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in " -_" or category[0] in "LN" or category == "Mn":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code removed."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, line


def strip_code(line):
    return re.sub(r"(`+)(.+?)\1", "", line)


class Page:
    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as file:
            self.text = file.read()
        self.anchors = set()
        seen = {}
        for _, line in prose_lines(self.text):
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                self.anchors.add(base if count == 0 else f"{base}-{count}")
            self.anchors.update(HTML_ANCHOR.findall(line))

    def links(self):
        """(line number, target) of every link outside code, code spans stripped first."""
        text_lines = list(prose_lines(self.text))
        for number, line in text_lines:
            line = strip_code(line)
            for target in LINK.findall(line) + HTML_LINK.findall(line):
                yield number, target


def check(root):
    pages = {}

    def page(path):
        path = os.path.normpath(path)
        if path not in pages:
            pages[path] = Page(path)
        return pages[path]

    docs = os.path.join(root, "docs")
    sources = [os.path.join(root, "README.md"), os.path.join(root, "CONTRIBUTING.md")]
    sources += sorted(
        os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md")
    ) if os.path.isdir(docs) else []
    problems = []
    edges = {}
    for source in sources:
        if not os.path.exists(source):
            problems.append(f"{os.path.relpath(source, root)}: missing")
            continue
        here = page(source)
        edges[here.path] = set()
        for number, target in here.links():
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                continue  # http:, https:, mailto:…: not checked here
            where = f"{os.path.relpath(source, root)}:{number}"
            file_part, _, anchor = target.partition("#")
            file_part = unquote(file_part)
            resolved = (
                here.path
                if file_part == ""
                else os.path.normpath(os.path.join(os.path.dirname(source), file_part))
            )
            if not os.path.abspath(resolved).startswith(os.path.abspath(root) + os.sep):
                problems.append(f"{where}: '{target}' leaves the repository")
                continue
            if not os.path.exists(resolved):
                problems.append(f"{where}: '{target}': no such file")
                continue
            if resolved.endswith(".md"):
                edges[here.path].add(resolved)
            if anchor:
                if not resolved.endswith(".md"):
                    continue
                if unquote(anchor) not in page(resolved).anchors:
                    problems.append(
                        f"{where}: '{target}': no heading or anchor '#{anchor}' in "
                        f"{os.path.relpath(resolved, root)}"
                    )
    # Every docs page must be reachable from the README.
    start = os.path.normpath(os.path.join(root, "README.md"))
    reached, queue = {start}, [start]
    while queue:
        for target in edges.get(queue.pop(), ()):
            if target not in reached:
                reached.add(target)
                queue.append(target)
    for source in sources:
        source = os.path.normpath(source)
        if source.startswith(os.path.normpath(docs) + os.sep) and source not in reached:
            problems.append(f"{os.path.relpath(source, root)}: no link from README.md leads to it")
    return problems


def selftest():
    """A broken link, a broken anchor and an unreachable page must each be reported."""
    with tempfile.TemporaryDirectory() as root:
        os.mkdir(os.path.join(root, "docs"))
        files = {
            "README.md": "# Top\n\n[a](docs/a.md#the-part) [gone](docs/gone.md) [bad](docs/a.md#nope)\n"
            "```\n[in code](docs/not-checked.md)\n```\n`[span](docs/not-checked.md)`\n",
            "CONTRIBUTING.md": "# C\n\n[readme](README.md#top)\n",
            "docs/a.md": "# A\n\n## The part — `one` (two)\n\n## `b.<x>` <a id=\"own\"></a>\n\n"
            "[back](../README.md) [self](#a) [dash](#the-part--one-two) [code](#bx) [own](#own)\n",
            "docs/orphan.md": "# Orphan\n",
        }
        for name, text in files.items():
            with open(os.path.join(root, name), "w", encoding="utf-8") as file:
                file.write(text)
        found = check(root)
        # docs/a.md's heading makes '#the-part--one-two', so README's '#the-part' is broken.
        expected = [
            "README.md:3: 'docs/gone.md': no such file",
            "README.md:3: 'docs/a.md#nope': no heading or anchor '#nope' in docs/a.md",
            "README.md:3: 'docs/a.md#the-part': no heading or anchor '#the-part' in docs/a.md",
            "docs/orphan.md: no link from README.md leads to it",
        ]
        if sorted(found) != sorted(expected):
            print("check-links selftest failed:\n  found:    " + "\n            ".join(sorted(found))
                  + "\n  expected: " + "\n            ".join(sorted(expected)), file=sys.stderr)
            return 1
    return 0


def main():
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
    root = os.path.abspath(root)
    problems = check(root)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        print(f"check-links: {len(problems)} broken link(s) or unreachable page(s)", file=sys.stderr)
        return 1
    print("check-links: every link and anchor resolves; every docs page is reachable")
    return 0


if __name__ == "__main__":
    sys.exit(main())
