#!/usr/bin/env python3
"""The custom ops of examples/custom_ops, native handler against compiled
decomposition, timed in one run with hlox-bench (medians of repeated runs,
the two paths interleaved, each pass in both orders).

The inputs are made here, not by hlox-bench: random boxes that overlap as
in detection workloads (half of B's boxes near one of A's), so that the
pairs take the clipping path rather than an early exit.

usage: bench.py --hlox-bench PATH --plugin PATH [--threads N] [--repeat N]
                [--passes N] [--only NAME]
"""

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "test", "differential"))
sys.path.insert(0, os.path.join(ROOT, "test", "Examples"))
import npy  # noqa: E402
import iou_3d_reference as iou  # noqa: E402


def iou_case(tmp, n, m, seed):
    rng = random.Random(seed)
    boxes_a, boxes_b = iou.random_boxes(rng, n, m)
    a, b = os.path.join(tmp, "a%d.npy" % n), os.path.join(tmp, "b%d.npy" % m)
    npy.write(a, "f32", (n, 7), [v for box in boxes_a for v in box])
    npy.write(b, "f32", (m, 7), [v for box in boxes_b for v in box])
    program = os.path.join(tmp, "iou_%dx%d.mlir" % (n, m))
    text = subprocess.run(
        [sys.executable, os.path.join(ROOT, "examples", "custom_ops", "iou_3d",
                                      "iou_3d_composite.py"), str(n), str(m),
         "--main"], check=True, capture_output=True, text=True).stdout
    open(program, "w").write(text)
    return ("iou_3d %dx%d" % (n, m), "iou_3d", program, [a, b])


def deform_case(tmp, masked):
    """N=2, C=Cout=32, D=H=W=32, 3x3x3, one offset group: hlox-bench makes
    up the inputs (the cost does not depend on them)."""
    program = os.path.join(tmp, "deform%s.mlir" % ("_mask" if masked else ""))
    text = subprocess.run(
        [sys.executable, os.path.join(ROOT, "examples", "custom_ops",
                                      "deform_conv_3d",
                                      "deform_conv_3d_composite.py"),
         "2", "32", "32", "32", "32", "32", "3", "3", "3", "--main"] +
        (["--mask"] if masked else []),
        check=True, capture_output=True, text=True).stdout
    open(program, "w").write(text)
    return ("deform_conv_3d N=2 C=Cout=32 32^3 3x3x3%s" %
            (", mask" if masked else ""), "deform_conv_3d", program, [])


def time_once(args, program, inputs, path):
    command = [args.hlox_bench, program, "--plugin=" + args.plugin,
               "--num-threads=%d" % args.threads, "--repeat=%d" % args.repeat,
               "--warmup=2", "--composite=%s:%s" % path]
    command += ["--input=@" + i for i in inputs]
    out = subprocess.run(command, check=True, capture_output=True,
                         text=True).stdout
    match = re.search(r"time\s+([0-9.]+) us median", out)
    if not match:
        sys.exit("no time in hlox-bench's output:\n" + out)
    return float(match.group(1)) / 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hlox-bench", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cases = [iou_case(tmp, 1024, 1024, 1), iou_case(tmp, 4096, 256, 2),
                 deform_case(tmp, False), deform_case(tmp, True)]
        print("| op | native ms | decomposition ms | decomposition / native |")
        print("| --- | --- | --- | --- |")
        for label, name, program, inputs in cases:
            if args.only and args.only not in label:
                continue
            times = {"native": [], "inline": []}
            for p in range(args.passes):
                order = ["native", "inline"] if p % 2 == 0 else ["inline", "native"]
                for path in order:
                    times[path].append(time_once(args, program, inputs,
                                                 (name, path)))
            native = min(times["native"])
            inline = min(times["inline"])
            print("| %s | %.2f | %.2f | %.2f |" % (label, native, inline,
                                                   inline / native))
    return 0


if __name__ == "__main__":
    sys.exit(main())
