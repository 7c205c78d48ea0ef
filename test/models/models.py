#!/usr/bin/env python3
"""Real exported models: each program of the models folder compiles, runs
on seeded arguments and agrees with the reference evaluator
(`hlox-run --random-inputs --compare-with-interpreter --compare-norm`:
integer results exactly, float results by the relative L2 norm of their
error, within each element type's tolerance: 1e-4 for f32, 4e-2 for bf16).

Why the norm: the arguments are made up (weights uniform in [-1, 1), not
trained ones), so the activations of a deep network grow layer by layer and
its outputs are sums that cancel; the compiled path accumulates bf16
convolutions in f32 where the evaluator uses double, and the one-ulp
differences this leaves in a few elements of one layer grow through the
next ones. Element by element, outputs near zero then differ by more than
their own size, while the error of the whole output stays at bf16's
precision (ResNet-18: 6e-3, MobileNetV2: 1.5e-2).

The folder is --models, $HLOX_MODELS_DIR, or ../shared/models beside the
checkout; without it the test reports itself skipped (exit 77), never
passed. Every .mlir file there is a case: a new model is tested as soon as
it is added.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

SKIP_EXIT_CODE = 77
TIMEOUT_S = 1200


def find_models(explicit):
    here = os.path.dirname(os.path.abspath(__file__))
    for c in (explicit, os.environ.get("HLOX_MODELS_DIR"),
              os.path.join(here, "..", "..", "..", "shared", "models")):
        if c and os.path.isdir(c):
            return os.path.normpath(c)
    return None


def check(hlox_run, path, extra):
    cmd = [hlox_run, "--random-inputs", "--compare-with-interpreter",
           "--compare-norm", *extra, path]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {TIMEOUT_S}s", TIMEOUT_S
    seconds = time.monotonic() - start
    report = (proc.stdout + proc.stderr).strip()
    if proc.returncode < 0:
        return False, f"crashed with signal {-proc.returncode}\n{report}", seconds
    return proc.returncode == 0, report, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--models")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("files", nargs="*", help="only these model files")
    parser.add_argument("--flag", action="append", default=[],
                        help="an extra hlox-run flag (repeatable)")
    args = parser.parse_args()
    models = find_models(args.models)
    if models is None:
        print("models: folder not found (set HLOX_MODELS_DIR); all skipped")
        return SKIP_EXIT_CODE
    files = args.files or sorted(f for f in os.listdir(models)
                                 if f.endswith(".mlir"))
    if not files:
        print(f"models: no .mlir file in {models}; all skipped")
        return SKIP_EXIT_CODE
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda f: (f, *check(
            args.hlox_run, os.path.join(models, f), args.flag)), files)
        for name, ok, report, seconds in results:
            print(f"{'PASS' if ok else 'FAIL'} {name} ({seconds:.1f} s)")
            for line in report.splitlines():
                print(f"    {line}")
            failed += not ok
    print(f"models: {len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
