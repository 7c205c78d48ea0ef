#!/usr/bin/env python3
"""Execution conformance suite: runs every corpus file that carries checks
through `hlox-run` on a chosen path and counts a file as passed when every
case in it passes (exit 0).

Files: stablehlo/testdata (without dynamic/, whose programs take no inputs
and serve the round-trip and compile suites) and stablehlo/interpret. Files
whose RUN line splits input (`-split-input-file`) run each `// -----` case.
Files upstream marks RUN-DISABLED count like any other.

Paths: `interpret` runs the reference evaluator (`hlox-run --interpret`);
`cpu` compiles for the host CPU with `--opaque-constants`, so that no
constant folding computes the tested op at compile time. A function that
runs `interpreter.run_parallel` drives its processes: on the cpu path each
process's program is compiled for the grid and run on a device of its own,
its collectives by the runtime.

The ledger (expected/<path>.txt) lists the files that pass; a listed file
that fails is a regression and fails the suite. Without the corpus the suite
reports itself skipped (exit 77), never passed.
"""

import argparse
import os
import subprocess
import sys

from common import (SKIP_EXIT_CODE, add_common_arguments, find_corpus,
                    first_error, list_files, report, run_all)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

TIMEOUT_S = 120


def splits_input(path):
    with open(path, errors="replace") as f:
        for line in f:
            if not line.startswith("//"):
                break
            if "RUN" in line and "split-input-file" in line:
                return True
    return False


def check_file(run, path_flags, corpus, rel):
    """Returns None when the file passes, else the reason."""
    path = os.path.join(corpus, rel)
    cmd = [run, *path_flags, path]
    if splits_input(path):
        cmd.insert(1, "--split-input-file")
    try:
        proc = tool_server.run(cmd, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"timed out after {TIMEOUT_S}s"
    if proc.returncode == 0:
        return None
    first = first_error(proc)
    if proc.returncode < 0:
        return f"crashed with signal {-proc.returncode}: {first}"
    return f"exit {proc.returncode}: {first}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--path", choices=["interpret", "cpu"],
                        default="interpret", help="the execution path to test")
    add_common_arguments(parser)
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print(f"{args.path}: conformance corpus not found "
              "(set HLOX_CONFORMANCE_DIR); 0 passed, 0 failed, all skipped")
        return SKIP_EXIT_CODE
    files = args.files or list_files(corpus,
                                     exclude=("stablehlo/testdata/dynamic/",))
    flags = ["--opaque-constants"] if args.path == "cpu" else ["--interpret"]
    failures = run_all(files, lambda rel: check_file(args.hlox_run, flags,
                                                        corpus, rel), args.jobs)
    return report(args.path, files, failures, args)


if __name__ == "__main__":
    sys.exit(main())
