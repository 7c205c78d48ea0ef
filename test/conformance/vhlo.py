#!/usr/bin/env python3
"""VHLO conformance suite: the tests of the corpus's vhlo/ folder, run as
their RUN lines say, with hlox's tools in place of StableHLO's.

Each .mlir file of vhlo/ carries RUN lines: reading each versioned artifact
X.mlir.bc and checking the VHLO it holds against X.mlir's CHECK lines;
deserializing it and comparing the StableHLO text with X.mlir printed;
serializing X.mlir for its version and comparing the bytes with X.mlir.bc;
downgrades and their diagnostics (--verify-diagnostics). A file passes when
every RUN line exits 0 (commands joined with pipefail, as lit runs them).
`stablehlo-opt` runs as hlox-opt, `stablehlo-translate` as hlox-translate;
lines under `%if asserts` (upstream's debug logging) are left out.

The ledger (expected/vhlo.txt) lists the files that pass; a listed file that
fails is a regression. Without the corpus the suite reports itself skipped
(exit 77).
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

from common import (SKIP_EXIT_CODE, add_common_arguments, find_corpus,
                    list_files, report, run_all)

TIMEOUT_S = 120


def run_lines(path):
    """The file's RUN commands, continuation lines joined."""
    lines, current = [], ""
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*//\s*RUN:(.*)$", line)
            if not m:
                continue
            text = m.group(1).strip()
            if text.endswith("\\"):
                current += text[:-1] + " "
                continue
            lines.append(current + text)
            current = ""
    return lines


def check_file(tools, corpus, rel):
    path = os.path.join(corpus, rel)
    commands = [c for c in run_lines(path) if not c.startswith("%if")]
    if not commands:
        return "no RUN lines"
    with tempfile.TemporaryDirectory() as tmp:
        for command in commands:
            # %s.bc and %s first: the file itself.
            command = command.replace("%s", shlex.quote(path))
            command = command.replace("%t", os.path.join(tmp, "t"))
            for name, tool in tools.items():
                command = re.sub(rf"(?<![\w/-]){re.escape(name)}(?![\w-])",
                                 shlex.quote(tool), command)
            try:
                proc = subprocess.run(["bash", "-o", "pipefail", "-c", command],
                                      capture_output=True, text=True,
                                      timeout=TIMEOUT_S, cwd=tmp)
            except subprocess.TimeoutExpired:
                return f"timed out after {TIMEOUT_S}s: {command}"
            if proc.returncode != 0:
                lines = [l for l in proc.stderr.splitlines() if l.strip()]
                first = next((l for l in lines if "error" in l),
                             lines[0] if lines else "")
                if proc.returncode < 0:
                    first = f"crashed (signal {-proc.returncode}) " + first
                return f"exit {proc.returncode}: {first.strip()[:200]}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-opt", required=True)
    parser.add_argument("--hlox-translate", required=True)
    parser.add_argument("--filecheck", required=True)
    add_common_arguments(parser)
    args = parser.parse_args()

    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("vhlo: conformance corpus not found "
              "(set HLOX_CONFORMANCE_DIR); 0 passed, 0 failed, all skipped")
        return SKIP_EXIT_CODE
    tools = {"stablehlo-opt": os.path.abspath(args.hlox_opt),
             "stablehlo-translate": os.path.abspath(args.hlox_translate),
             "FileCheck": os.path.abspath(args.filecheck)}
    # LLVM's `not`, next to FileCheck.
    not_tool = os.path.join(os.path.dirname(tools["FileCheck"]), "not")
    if os.path.exists(not_tool):
        tools["not"] = not_tool
    files = args.files or list_files(corpus, suites=("vhlo",))
    failures = run_all(files, lambda rel: check_file(tools, corpus, rel),
                       args.jobs)
    return report("vhlo", files, failures, args)


if __name__ == "__main__":
    sys.exit(main())
