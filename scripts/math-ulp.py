#!/usr/bin/env python3
"""Measures the error of the compiled f32 math functions in ULPs.

For each function, runs one program through `hlox-run` compiled (with the
given compile flags) and through `hlox-run --interpret` (the evaluator: f64,
rounded once to f32) on the same inputs, a dense sweep of f32 bit patterns
(every STEP-th pattern from an offset, so that every binade of both signs,
subnormals, infinities and NaN are sampled), and prints per function the
largest distance in ULPs, where it occurs, and how many results differ.
NaN matches NaN; a NaN against a number counts as an infinite distance.

    scripts/math-ulp.py [--functions tanh,log,...] [--samples N]
                        [--hlox-run PATH] [-- compile flags]

The bounds in docs/numerics.md come from `--samples 16777216` (every 256th
pattern); the default (2^20) takes a few seconds per function.
"""

import argparse
import array
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "differential"))
import npy  # noqa: E402

# function -> the op that computes it on tensor<Nxf32>.
OPS = {
    "exp": "stablehlo.exponential %x : {t}",
    "expm1": "stablehlo.exponential_minus_one %x : {t}",
    "log": "stablehlo.log %x : {t}",
    "log1p": "stablehlo.log_plus_one %x : {t}",
    "logistic": "stablehlo.logistic %x : {t}",
    "tanh": "stablehlo.tanh %x : {t}",
    "sin": "stablehlo.sine %x : {t}",
    "cos": "stablehlo.cosine %x : {t}",
    "tan": "stablehlo.tan %x : {t}",
    "cbrt": "stablehlo.cbrt %x : {t}",
    "sqrt": "stablehlo.sqrt %x : {t}",
    "rsqrt": "stablehlo.rsqrt %x : {t}",
    "erf": "chlo.erf %x : {t} -> {t}",
    "erfc": "chlo.erfc %x : {t} -> {t}",
    "atan": "chlo.atan %x : {t} -> {t}",
    "asin": "chlo.asin %x : {t} -> {t}",
    "acos": "chlo.acos %x : {t} -> {t}",
}


def write_f32(path, bits):
    """A .npy file of f32 elements given by their bit patterns."""
    npy.write_raw(path, "f32", (len(bits),), array.array("I", bits).tobytes())


def read_f32_bits(path):
    _, _, raw = npy.read(path)
    values = array.array("I")
    values.frombytes(raw)
    return values


def is_nan(bits):
    return (bits & 0x7F800000) == 0x7F800000 and (bits & 0x007FFFFF) != 0


def bits_to_float(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def measure(name, samples, hlox_run, flags, work):
    step = max(1, (1 << 32) // samples)
    # An odd offset keeps the sweep off the round patterns; 0 and the
    # special values are added explicitly.
    inputs = list(range(step // 3, 1 << 32, step))
    inputs += [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000,
               0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000,
               0xBF800000]
    t = "tensor<%dxf32>" % len(inputs)
    program = os.path.join(work, name + ".mlir")
    with open(program, "w") as f:
        f.write("func.func @main(%x: {t}) -> {t} {{\n"
                "  %y = {op}\n"
                "  return %y : {t}\n}}\n".format(t=t, op=OPS[name].format(t=t)))
    source = os.path.join(work, name + "_x.npy")
    write_f32(source, inputs)
    outputs = {}
    for mode, extra in (("compiled", flags), ("interpreted", ["--interpret"])):
        out = os.path.join(work, "%s_%s.npy" % (name, mode))
        subprocess.run([hlox_run, program, "--input=@" + source,
                        "--output=@" + out] + extra, check=True)
        outputs[mode] = read_f32_bits(out)
    worst, worst_at, differ = 0, None, 0
    for x, got, want in zip(inputs, outputs["compiled"],
                            outputs["interpreted"]):
        if got == want:
            continue
        if is_nan(got) and is_nan(want):
            continue
        differ += 1
        if is_nan(got) or is_nan(want):
            distance = float("inf")
        else:
            distance = abs(npy.order_key(got, 32) - npy.order_key(want, 32))
        if distance > worst:
            worst, worst_at = distance, (x, got, want)
    where = ""
    if worst_at:
        x, got, want = worst_at
        where = " at x = %.9g (got %.9g, want %.9g)" % (
            bits_to_float(x), bits_to_float(got), bits_to_float(want))
    print("%-9s max %s ULP, %d of %d differ%s" % (
        name, worst if worst != float("inf") else "inf", differ, len(inputs),
        where), flush=True)
    return worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", default=",".join(OPS))
    parser.add_argument("--samples", type=int, default=1 << 20)
    parser.add_argument("--hlox-run", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "bin",
        "hlox-run"))
    parser.add_argument("flags", nargs="*", help="compile flags for hlox-run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        for name in args.functions.split(","):
            if name not in OPS:
                parser.error("unknown function '%s' (known: %s)"
                             % (name, ", ".join(OPS)))
            measure(name, args.samples, args.hlox_run, args.flags, work)


if __name__ == "__main__":
    main()
