#!/usr/bin/env python3
"""Multi-target suite: the small-float corpus files (bf16, f16 and the f8
formats), compiled for several x86-64 CPUs, so that a machine of one CPU
model catches what code for another would need.

For each target CPU (default: x86-64-v2, which has no F16C, FMA or AVX;
skylake-avx512, without AVX512-BF16; sapphirerapids, with AVX512-BF16 and
AVX512-FP16), every small-float file of the cpu ledger is compiled to an
object file (`hlox-compile --emit-object`; the files of one `@main`, not
the split files of several cases) whose undefined symbols must all be
functions the runtime gives kernels (`hlox-compile --list-runtime-symbols`),
and, when this host can run code for the target, every one must pass
`hlox-run --target-cpu=CPU`. Without the corpus the suite
reports itself skipped (exit 77), never passed.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))

from common import SKIP_EXIT_CODE, find_corpus, run_all  # noqa: E402
from run import check_file, splits_input  # noqa: E402
import tool_server  # noqa: E402

DEFAULT_TARGETS = ["x86-64-v2", "skylake-avx512", "sapphirerapids"]
SMALL_FLOAT = re.compile(r"\b(?:bf16|f16|f8E[0-9A-Z]+)\b")
HOST_CANNOT_RUN = "this host cannot run code for target CPU"
TIMEOUT_S = 180


def small_float_files(corpus, ledger):
    with open(ledger) as f:
        listed = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    files = []
    for rel in listed:
        with open(os.path.join(corpus, rel), errors="replace") as f:
            if SMALL_FLOAT.search(f.read()):
                files.append(rel)
    return files


def undefined_symbols(nm, obj):
    proc = subprocess.run([nm, "--undefined-only", "--format=just-symbols",
                           obj], capture_output=True, text=True, check=True)
    return [l.strip() for l in proc.stdout.splitlines() if l.strip()]


def compile_file(args, target, corpus, rel, allowed, scratch):
    path = os.path.join(corpus, rel)
    obj = os.path.join(scratch, rel.replace(os.sep, "_") + f".{target}.o")
    cmd = [args.hlox_compile, "--compile-to=llvm", "--emit-object",
           "--opaque-constants", f"--target-cpu={target}", "-o", obj, path]
    try:
        proc = tool_server.run(cmd, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"timed out after {TIMEOUT_S}s"
    if proc.returncode != 0:
        errors = [l for l in proc.stderr.splitlines() if "error" in l]
        return f"exit {proc.returncode}: {(errors or [''])[0].strip()}"
    unknown = [s for s in undefined_symbols(args.nm, obj) if s not in allowed]
    os.remove(obj)
    if unknown:
        return "undefined symbols the runtime lacks: " + ", ".join(unknown)
    return None


PROBE = """func.func @main(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = stablehlo.add %x, %x : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
"""


def host_runs(args, target, scratch):
    """Whether this host can run code for `target` (asked of hlox-run)."""
    probe = os.path.join(scratch, "probe.mlir")
    with open(probe, "w") as f:
        f.write(PROBE)
    proc = subprocess.run([args.hlox_run, f"--target-cpu={target}",
                           "--random-inputs", probe],
                          capture_output=True, text=True, timeout=TIMEOUT_S)
    if proc.returncode == 0:
        return True
    if HOST_CANNOT_RUN in proc.stderr:
        return False
    raise RuntimeError(f"hlox-run --target-cpu={target} failed on a probe: "
                       f"{proc.stderr.strip()}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--hlox-compile", required=True)
    parser.add_argument("--nm", required=True, help="llvm-nm")
    parser.add_argument("--ledger", required=True,
                        help="the cpu ledger: the files that must pass")
    parser.add_argument("--corpus")
    parser.add_argument("--targets", default=",".join(DEFAULT_TARGETS))
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("targets: conformance corpus not found (set "
              "HLOX_CONFORMANCE_DIR); all skipped")
        return SKIP_EXIT_CODE
    files = small_float_files(corpus, args.ledger)
    allowed = set(subprocess.run([args.hlox_compile, "--list-runtime-symbols"],
                                 capture_output=True, text=True,
                                 check=True).stdout.split())
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        for target in args.targets.split(","):
            # Objects for every target: what any machine can check (the
            # files of one @main; split files with several cases are run).
            single = [rel for rel in files
                      if not splits_input(os.path.join(corpus, rel))]
            failures = run_all(single, lambda rel: compile_file(
                args, target, corpus, rel, allowed, scratch), args.jobs)
            print(f"targets {target}: {len(single) - len(failures)} of "
                  f"{len(single)} small-float files of one @main compile to "
                  "objects that need only the runtime's symbols")
            if host_runs(args, target, scratch):
                flags = ["--opaque-constants", f"--target-cpu={target}"]
                ran = run_all(files, lambda rel: check_file(
                    args.hlox_run, flags, corpus, rel), args.jobs)
                print(f"targets {target}: {len(files) - len(ran)} of "
                      f"{len(files)} pass when run")
                failures.update({rel: "run: " + why
                                 for rel, why in ran.items()})
            else:
                print(f"targets {target}: not run (this host cannot run "
                      "code for it)")
            for rel in sorted(failures):
                print(f"  FAIL {target} {rel}: {failures[rel]}")
            failed |= bool(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
