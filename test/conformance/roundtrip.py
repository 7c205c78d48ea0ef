#!/usr/bin/env python3
"""Round-trip conformance suite: every corpus file parses, verifies and prints
back to text that parses and prints identically, in pretty and generic form.

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
import concurrent.futures
import os
import subprocess
import sys
import tempfile

SKIP_EXIT_CODE = 77
TIMEOUT_S = 60


def find_corpus(explicit):
    candidates = [explicit, os.environ.get("HLOX_CONFORMANCE_DIR")]
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "..", "..", "..", "shared", "conformance"))
    for c in candidates:
        if c and os.path.isdir(os.path.join(c, "stablehlo")):
            return os.path.normpath(c)
    return None


def list_files(corpus):
    files = []
    for suite in ("testdata", "interpret"):
        root = os.path.join(corpus, "stablehlo", suite)
        for dirpath, _, names in os.walk(root):
            for name in names:
                if name.endswith(".mlir"):
                    full = os.path.join(dirpath, name)
                    files.append(os.path.relpath(full, corpus))
    return sorted(files)


def run_opt(opt, args, path):
    proc = subprocess.run([opt, "--split-input-file", *args, path],
                          capture_output=True, text=True, timeout=TIMEOUT_S)
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
    parser.add_argument("--corpus", help="corpus root (default: "
                        "$HLOX_CONFORMANCE_DIR or ../shared/conformance)")
    parser.add_argument("--ledger", required=True)
    parser.add_argument("--update-ledger", action="store_true",
                        help="rewrite the ledger with the passing files")
    parser.add_argument("--failures", help="write 'file: reason' lines here")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("files", nargs="*", help="only these corpus files")
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("roundtrip: conformance corpus not found "
              "(set HLOX_CONFORMANCE_DIR); 0 passed, 0 failed, all skipped")
        return SKIP_EXIT_CODE
    files = args.files or list_files(corpus)

    failures = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda rel: (rel, check_file(args.hlox_opt, corpus, rel)),
                           files)
        for rel, reason in results:
            if reason is not None:
                failures[rel] = reason

    passed = [f for f in files if f not in failures]
    print(f"roundtrip: {len(passed)} passed, {len(failures)} failed, 0 skipped")
    for rel in sorted(failures):
        print(f"  FAIL {rel}: {failures[rel]}")
    if args.failures:
        with open(args.failures, "w") as f:
            for rel in sorted(failures):
                f.write(f"{rel}: {failures[rel]}\n")

    if args.update_ledger:
        with open(args.ledger, "w") as f:
            f.write("".join(p + "\n" for p in passed))
        print(f"roundtrip: ledger updated with {len(passed)} files")
        return 0

    with open(args.ledger) as f:
        expected = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    regressions = [e for e in expected if e in failures]
    missing = [e for e in expected if e not in files and not args.files]
    for rel in regressions:
        print(f"  REGRESSION {rel}: {failures[rel]}")
    for rel in missing:
        print(f"  MISSING {rel}: listed in the ledger, not in the corpus")
    return 1 if regressions or missing else 0


if __name__ == "__main__":
    sys.exit(main())
