#!/usr/bin/env python3
"""Fails when a source file of the project passes the line limit.

Counts the lines of every tracked C++, TableGen, Python, shell and CMake
file (lit tests and the conformance ledgers, which are data, do not count)
and reports each above 1,500 lines that scripts/file-size-exceptions.txt
does not list with a reason ("path: reason" per line). A listed file that
is back under the limit is reported too, so that the list stays true.
"""

import os
import subprocess
import sys

LIMIT = 1500
SUFFIXES = (".cpp", ".h", ".td", ".py", ".sh", ".cmake", "CMakeLists.txt")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    listed = {}
    exceptions = os.path.join(root, "scripts", "file-size-exceptions.txt")
    if os.path.exists(exceptions):
        for number, line in enumerate(open(exceptions), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            path, _, reason = line.partition(":")
            if not reason.strip():
                sys.exit(f"{exceptions}:{number}: '{path}' needs a reason")
            listed[path.strip()] = reason.strip()
    try:
        files = subprocess.run(["git", "-C", root, "ls-files"], check=True,
                               capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        files = [os.path.relpath(os.path.join(d, f), root)
                 for d, _, names in os.walk(root) if "/build" not in d
                 and "/.git" not in d for f in names]
    failures = []
    for path in sorted(files):
        if not path.endswith(SUFFIXES):
            continue
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            continue
        with open(full, "rb") as f:
            lines = f.read().count(b"\n")
        if lines > LIMIT and path not in listed:
            failures.append(f"{path}: {lines} lines, more than {LIMIT}; split "
                            "it or list it with a reason in "
                            "scripts/file-size-exceptions.txt")
        if lines <= LIMIT and path in listed:
            failures.append(f"{path}: {lines} lines, under {LIMIT}; remove it "
                            "from scripts/file-size-exceptions.txt")
    for path in listed:
        if path not in files:
            failures.append(f"{path}: listed in file-size-exceptions.txt but "
                            "not in the project")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
