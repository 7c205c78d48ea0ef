#!/usr/bin/env python3
"""Malformed-input test: hlox-opt and hlox-run must answer bad input with an
error, never a crash or a hang.

Takes a fixed, seeded sample of corpus files and feeds hlox-opt
  - each file truncated at several points inside its module (must fail with
    exit code 1 and an `error:` diagnostic), and
  - each file with bytes overwritten at random positions (may still parse;
    must exit 0 or 1);
and, with --hlox-run, feeds hlox-run the truncated files (must fail with
exit code 2, bad input, and an `error:`). Overwritten files are not run:
a mutated program may legitimately loop forever.
A signal (crash), any other exit code or a timeout fails the test. Without the
corpus the test reports itself skipped (exit 77).
"""

import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

SKIP_EXIT_CODE = 77
TIMEOUT_S = 30
MAX_FILE_BYTES = 200_000


def find_corpus(explicit):
    here = os.path.dirname(os.path.abspath(__file__))
    for c in (explicit, os.environ.get("HLOX_CONFORMANCE_DIR"),
              os.path.join(here, "..", "..", "..", "shared", "conformance")):
        if c and os.path.isdir(os.path.join(c, "stablehlo", "testdata")):
            return os.path.normpath(c)
    return None


def mutations(data, rng):
    """Yields (kind, bytes): 3 truncations and 2 overwrites of `data`."""
    size = len(data)
    # Cut inside the module: past the leading comment lines (a file of
    # comments alone is a valid empty module) and before its closing brace.
    body = 0
    for line in data.splitlines(keepends=True):
        if line.strip() and not line.lstrip().startswith(b"//"):
            break
        body += len(line)
    for _ in range(3):
        cut = rng.randint(body + (size - body) // 10, body + (size - body) * 9 // 10)
        yield f"truncate@{cut}", data[:cut]
    for _ in range(2):
        mutated = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(size)
            mutated[pos] = rng.choice(b"{}()<>[]:,=%@#!\"x0?-\x00\xff")
        yield "overwrite", bytes(mutated)


def run_case(opt, run, name, kind, data, tmpdir, index):
    path = os.path.join(tmpdir, f"case{index}.mlir")
    with open(path, "wb") as f:
        f.write(data)
    try:
        return check(opt, path, name, kind, truncated_exit=1) or (
            check(run, path, name + " (hlox-run)", kind, truncated_exit=2)
            if run and kind.startswith("truncate") else None)
    finally:
        os.remove(path)


def check(tool, path, name, kind, truncated_exit):
    try:
        proc = tool_server.run([tool, path], timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"{name} [{kind}]: hang (no answer in {TIMEOUT_S}s)"
    code = proc.returncode
    if code < 0:
        return f"{name} [{kind}]: killed by signal {-code}"
    if kind.startswith("truncate"):
        if code != truncated_exit or "error:" not in proc.stderr:
            return (f"{name} [{kind}]: expected exit {truncated_exit} with an "
                    f"error, got {code}")
    elif code not in (0, 1):
        return f"{name} [{kind}]: unexpected exit code {code}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-opt", required=True)
    parser.add_argument("--hlox-run", help="also run truncated files here")
    parser.add_argument("--corpus")
    parser.add_argument("--files", type=int, default=300,
                        help="number of corpus files to sample")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("malformed-input: conformance corpus not found; skipped")
        return SKIP_EXIT_CODE
    root = os.path.join(corpus, "stablehlo", "testdata")
    names = sorted(n for n in os.listdir(root)
                   if n.endswith(".mlir")
                   and os.path.getsize(os.path.join(root, n)) <= MAX_FILE_BYTES)
    rng = random.Random(args.seed)
    sample = rng.sample(names, min(args.files, len(names)))

    cases = []
    for name in sample:
        with open(os.path.join(root, name), "rb") as f:
            data = f.read()
        for kind, mutated in mutations(data, rng):
            cases.append((name, kind, mutated))

    with tempfile.TemporaryDirectory() as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(
            lambda ic: run_case(args.hlox_opt, args.hlox_run, *ic[1], tmpdir,
                                ic[0]),
            enumerate(cases)))
    failures = [r for r in results if r]
    print(f"malformed-input: {len(cases) - len(failures)} passed, "
          f"{len(failures)} failed, 0 skipped ({len(sample)} files)")
    for failure in failures:
        print("  FAIL " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
