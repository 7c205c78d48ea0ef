#!/usr/bin/env python3
"""Ahead-of-time executables of the real exported models and of the example
MLP: each program compiles to a .hlox file (`hlox-compile F -o F.hlox`),
which hlox-run loads with the runtime alone and runs on the same seeded
arguments as the program compiled in process; the results must be the same,
printed value for value.

The models folder is --models, $HLOX_MODELS_DIR, or ../shared/models beside
the checkout; without it only the example runs.
"""

import argparse
import os
import subprocess
import sys
import tempfile

from models import find_models

TIMEOUT_S = 1200


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n"
                           f"{(proc.stdout + proc.stderr).strip()[:2000]}")
    return proc.stdout


def check(tools, path, tmp):
    artifact = os.path.join(tmp, os.path.basename(path) + ".hlox")
    run([tools.hlox_compile, path, "-o", artifact])
    args = ["--random-inputs", "--seed=11", "--print-output"]
    aot = run([tools.hlox_run, artifact, *args])
    jit = run([tools.hlox_run, path, *args])
    if aot != jit:
        return "results differ from the program compiled in process"
    if not aot.startswith("result[0]"):
        return "no results printed"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--hlox-compile", required=True)
    parser.add_argument("--models")
    parser.add_argument("--example", required=True)
    tools = parser.parse_args()

    programs = [tools.example]
    models = find_models(tools.models)
    if models:
        programs += sorted(os.path.join(models, f) for f in os.listdir(models)
                           if f.endswith(".mlir"))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in programs:
            try:
                reason = check(tools, path, tmp)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                reason = str(error)
            status = "ok" if reason is None else f"FAIL: {reason}"
            print(f"{os.path.basename(path)}: {status}")
            failed += reason is not None
    if not models:
        print("aot: models folder not found; the example only")
    print(f"aot: {len(programs) - failed} of {len(programs)} agree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
