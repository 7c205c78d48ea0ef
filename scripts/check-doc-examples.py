#!/usr/bin/env python3
"""Checks that the code blocks a doc marks with `<!-- example: PATH -->`
are exactly the files at PATH (relative to the repository), so that the
examples the tests build and run are the ones the docs show."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARK = re.compile(r"<!-- example: (\S+) -->\n```\w*\n(.*?)```", re.S)


def main():
    docs = sys.argv[1:] or [str(p) for p in (ROOT / "docs").glob("*.md")]
    checked, stale = 0, []
    for doc in docs:
        text = pathlib.Path(doc).read_text()
        for path, block in MARK.findall(text):
            checked += 1
            source = ROOT / path
            if not source.exists() or source.read_text() != block:
                stale.append(f"{doc}: the block of {path} differs from the file")
    for line in stale:
        print(line)
    print(f"doc examples: {checked} checked, {len(stale)} stale")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
