#!/usr/bin/env python3
"""Fails when a spec constraint checked by a verifier has no failing test.

Every `/*op_cN*/` label in lib/Dialect/*/IR/Verify*.cpp must appear in some
test/Dialect/**/invalid*.mlir file (as a test function name such as
@op_cN_what, or in an expected diagnostic).
"""

import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LABEL = re.compile(r"/\*(\w+_c\d+)\*/")


def main():
    labels = {}
    for path in glob.glob(os.path.join(ROOT, "lib/Dialect/*/IR/Verify*.cpp")):
        for n, line in enumerate(open(path), 1):
            for label in LABEL.findall(line):
                labels.setdefault(label, f"{os.path.relpath(path, ROOT)}:{n}")
    tests = ""
    for path in glob.glob(os.path.join(ROOT, "test/Dialect/**/invalid*.mlir"),
                          recursive=True):
        tests += open(path).read()
    missing = sorted(l for l in labels
                     if not re.search(r"\b%s(\b|_)" % re.escape(l), tests))
    print(f"verifier coverage: {len(labels) - len(missing)} of {len(labels)} "
          "checked constraints have a failing test")
    for label in missing:
        print(f"  MISSING {label} ({labels[label]})")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
