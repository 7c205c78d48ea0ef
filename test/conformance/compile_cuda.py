#!/usr/bin/env python3
"""CUDA compile conformance: compiles every corpus file that the execution
suite runs for the GPU, as `hlox-compile --target=cuda` does, and counts a
file as passed when every case in it compiles to PTX that ptxas assembles
(no GPU needed: what runs on one is `scripts/cuda-check`).

Files: those of run.py (stablehlo/testdata without dynamic/, and
stablehlo/interpret), each `// -----` case of a file whose RUN line splits
input on its own. A case's checks become its results first
(`hlox-opt --hlox-checks-to-results`), as for the on-device check: a
compiled program returns what it computes. The functions compiled are
`@main`, else every public function of the case (the interpreter tests
name theirs after the op, and a case whose separator is commented out
holds several); a case without a function (an empty module) has nothing
to compile. A case whose function runs `interpreter.run_parallel` compiles
each process's program for the run's grid (--num-replicas,
--num-partitions), as hlox-run runs it.

ptxas is found as hlox-compile finds it ($HLOX_PTXAS, $CUDA_HOME/bin,
/usr/local/cuda/bin, PATH); without one the suite reports itself skipped
(exit 77): PTX that no assembler read is not shown to be valid.

The ledger (expected/cuda-compile.txt) lists the files that pass; a listed
file that fails is a regression and fails the suite.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from common import (SKIP_EXIT_CODE, add_common_arguments, find_corpus,
                    first_error, list_files, report, run_all)
from run import splits_input
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

TIMEOUT_S = 300
ARCH = "sm_90"


def find_ptxas():
    for candidate in (os.environ.get("HLOX_PTXAS"),
                      os.path.join(os.environ.get("CUDA_HOME", ""), "bin",
                                   "ptxas") if os.environ.get("CUDA_HOME")
                      else None,
                      "/usr/local/cuda/bin/ptxas", shutil.which("ptxas")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def cases_of(path):
    """The file's text, or its `// -----` cases when its RUN line splits
    input."""
    with open(path, errors="replace") as f:
        text = f.read()
    if not splits_input(path):
        return [text]
    cases, current = [], []
    for line in text.splitlines(keepends=True):
        if line.strip() == "// -----":
            cases.append("".join(current))
            current = []
        else:
            current.append(line)
    cases.append("".join(current))
    return [c for c in cases if c.strip()]


FUNCTION = re.compile(r"^\s*func\.func\s+(?:public\s+)?@([\w.$-]+)", re.M)
PRIVATE = re.compile(r"^\s*func\.func\s+private\s+@([\w.$-]+)", re.M)


# An interpreter.run_parallel op's `programs`: its rows of @functions.
RUN_PARALLEL = re.compile(
    r'"interpreter\.run_parallel".*?programs\s*=\s*'
    r'\[((?:\s*\[[^\[\]]*\]\s*,?)+)\]', re.S)
ROW = re.compile(r"\[([^\[\]]*)\]")


def grid_programs(text):
    """The programs of the `interpreter.run_parallel` ops of `text`, each as
    (function, replicas, partitions): what each process runs, compiled
    for its grid (as hlox-run runs them)."""
    programs = []
    for match in RUN_PARALLEL.finditer(text):
        rows = [re.findall(r"@([\w.$-]+)", row)
                for row in ROW.findall(match.group(1))]
        for name in dict.fromkeys(n for row in rows for n in row):
            entry = (name, len(rows), len(rows[0]))
            if entry not in programs:
                programs.append(entry)
    return programs


def entries_of(text):
    """The functions of `text` to compile, each as (function, replicas,
    partitions): @main when it is public, else every public function (an
    interpreter case may hold several tests whose separator is commented
    out), for one process; none for a case without one. A function that
    runs `interpreter.run_parallel` is the host's (the evaluator drives
    the processes): what is compiled is each process's program, for the
    run's grid."""
    grid = grid_programs(text)
    if grid:
        return grid
    public = [name for name in FUNCTION.findall(text)
              if name not in PRIVATE.findall(text)]
    return [(name, 1, 1) for name in (["main"] if "main" in public
                                      else public)]


def check_file(opt, compile_tool, corpus, rel, workdir):
    """Returns None when every case of the file compiles, else the reason."""
    path = os.path.join(corpus, rel)
    stem = rel.replace(os.sep, ".")
    for index, text in enumerate(cases_of(path)):
        for entry, replicas, partitions in entries_of(text):
            reason = compile_case(opt, compile_tool, text, entry,
                                  f"case {index} @{entry}",
                                  f"{stem}.{index}.{entry}",
                                  workdir, replicas, partitions)
            if reason:
                return reason
    return None


def compile_case(opt, compile_tool, text, entry, label, stem, workdir,
                 replicas=1, partitions=1):
    """Compiles `entry` of the case `text` for a grid of `replicas` x
    `partitions` processes; None, else the reason."""
    source = os.path.join(workdir, f"{stem}.mlir")
    prepared = os.path.join(workdir, f"{stem}.results.mlir")
    program = os.path.join(workdir, f"{stem}.hlox")
    with open(source, "w") as f:
        f.write(text)
    try:
        for cmd, what in (
                ([opt, source, f"--hlox-checks-to-results=function={entry}",
                  "-o", prepared], "checks to results"),
                ([compile_tool, prepared, "--target=cuda",
                  f"--cuda-arch={ARCH}", f"--function={entry}",
                  f"--num-replicas={replicas}",
                  f"--num-partitions={partitions}", "-o",
                  program], "compile")):
            try:
                proc = tool_server.run(cmd, timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                return f"{label}: {what} timed out after {TIMEOUT_S}s"
            if proc.returncode < 0:
                return (f"{label}: {what} crashed with signal "
                        f"{-proc.returncode}: {first_error(proc)}")
            if proc.returncode != 0:
                return f"{label}: {what}: {first_error(proc)}"
    finally:
        for leftover in (source, prepared, program):
            if os.path.exists(leftover):
                os.remove(leftover)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-opt", required=True)
    parser.add_argument("--hlox-compile", required=True)
    add_common_arguments(parser)
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("cuda-compile: conformance corpus not found "
              "(set HLOX_CONFORMANCE_DIR); 0 passed, 0 failed, all skipped")
        return SKIP_EXIT_CODE
    ptxas = find_ptxas()
    if ptxas is None:
        print("cuda-compile: no ptxas ($HLOX_PTXAS, $CUDA_HOME/bin, "
              "/usr/local/cuda/bin, PATH) to assemble the PTX; all skipped")
        return SKIP_EXIT_CODE
    os.environ.setdefault("HLOX_PTXAS", ptxas)
    files = args.files or list_files(corpus,
                                     exclude=("stablehlo/testdata/dynamic/",))
    with tempfile.TemporaryDirectory(prefix="hlox-cuda-compile-") as workdir:
        failures = run_all(
            files, lambda rel: check_file(args.hlox_opt, args.hlox_compile,
                                          corpus, rel, workdir), args.jobs)
    return report("cuda-compile", files, failures, args)


if __name__ == "__main__":
    sys.exit(main())
