#!/usr/bin/env python3
"""expect_exit.py CODE CMD...: runs CMD (stdout and stderr pass through) and
exits 0 when it exits with CODE, else 1 (a signal never counts as CODE)."""

import subprocess
import sys

code = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != code:
    print(f"expect_exit: expected exit {code}, got {status}", file=sys.stderr)
    sys.exit(1)
