#!/usr/bin/env python3
"""Round-trip conformance suite: every corpus file parses, verifies and prints
back to text that parses and prints identically, in pretty and generic form.
The files are those of testdata/, interpret/ and the .mlir sources of vhlo/.

For each file F (split at `// -----`):
  pretty  = hlox-opt F                      (parse + verify + print)
  pretty2 = hlox-opt pretty                 must equal pretty
  generic = hlox-opt --mlir-print-op-generic F
  generic2= hlox-opt --mlir-print-op-generic generic   must equal generic
  cross   = hlox-opt generic                must equal pretty

The ledger (expected/roundtrip.txt) lists the files that pass; a listed file
that fails is a regression and fails the suite. Without the corpus the suite
reports itself skipped (exit 77), never passed.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from common import (SKIP_EXIT_CODE, add_common_arguments, find_corpus,
                    list_files, report, run_all)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

TIMEOUT_S = 60


def run_opt(opt, args, path):
    proc = tool_server.run([opt, "--split-input-file", *args, path],
                           timeout=TIMEOUT_S)
    if proc.returncode != 0:
        lines = [l for l in proc.stderr.splitlines() if l.strip()]
        first = next((l for l in lines if "error" in l), lines[0] if lines else "")
        raise RuntimeError(f"exit {proc.returncode}: {first.strip()}")
    return proc.stdout


def check_file(opt, corpus, rel):
    """Returns None on success, else the reason of the first failure."""
    path = os.path.join(corpus, rel)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            pretty = run_opt(opt, [], path)
            generic = run_opt(opt, ["--mlir-print-op-generic"], path)
            p1 = os.path.join(tmp, "pretty.mlir")
            g1 = os.path.join(tmp, "generic.mlir")
            with open(p1, "w") as f:
                f.write(pretty)
            with open(g1, "w") as f:
                f.write(generic)
            if run_opt(opt, [], p1) != pretty:
                return "pretty print does not round-trip"
            if run_opt(opt, ["--mlir-print-op-generic"], g1) != generic:
                return "generic print does not round-trip"
            if run_opt(opt, [], g1) != pretty:
                return "generic form does not print back to the pretty form"
    except subprocess.TimeoutExpired:
        return f"timed out after {TIMEOUT_S}s"
    except RuntimeError as e:
        return str(e)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-opt", required=True)
    add_common_arguments(parser)
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("roundtrip: conformance corpus not found "
              "(set HLOX_CONFORMANCE_DIR); 0 passed, 0 failed, all skipped")
        return SKIP_EXIT_CODE
    # The VHLO tests' StableHLO sources too: they hold every op and
    # attribute form of each version.
    files = args.files or list_files(corpus,
                                     suites=("testdata", "interpret", "vhlo"))
    failures = run_all(files, lambda rel: check_file(args.hlox_opt, corpus, rel),
                       args.jobs)
    return report("roundtrip", files, failures, args)


if __name__ == "__main__":
    sys.exit(main())
