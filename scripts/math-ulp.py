#!/usr/bin/env python3
"""Measures the error of the compiled f32 math functions in ULPs.

For each function, runs one program through `hlox-run` compiled (with the
given compile flags) and through `hlox-run --interpret` (the evaluator: f64,
rounded once to f32) on the same inputs, a dense sweep of f32 bit patterns
(every STEP-th pattern from an offset, so that every binade of both signs,
subnormals, infinities and NaN are sampled), and prints per function the
largest distance in ULPs, where it occurs, and how many results differ.
NaN matches NaN; a NaN against a number counts as an infinite distance.
A function of two arguments (pow) pairs each swept x with a y drawn from a
fixed-seed mix: uniform in [-8, 8], small integers and halves, any f32
pattern, and the special values (0, +-1, +-0.5, infinities, NaN).

    scripts/math-ulp.py [--functions tanh,log,...] [--samples N]
                        [--hlox-run PATH] [-- compile flags]

The bounds in docs/numerics.md come from `--samples 16777216` (every 256th
pattern); the default (2^20) takes a few seconds per function.
"""

import argparse
import array
import os
import random
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
    "pow": "stablehlo.power %x, %y : {t}",
}

# The functions of two arguments, x and y.
BINARY = {"pow"}


def second_operands(count):
    """f32 bit patterns of y for a binary function (see the docstring)."""
    rng = random.Random(20261204)
    specials = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
                float("inf"), float("-inf"), float("nan")]
    out = []
    for _ in range(count):
        pick = rng.random()
        if pick < 0.5:
            value = rng.uniform(-8.0, 8.0)
        elif pick < 0.7:
            value = rng.randint(-40, 40) / 2.0
        elif pick < 0.95:
            out.append(rng.getrandbits(32))
            continue
        else:
            value = rng.choice(specials)
        out.append(struct.unpack("<I", struct.pack("<f", value))[0])
    return out


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
    binary = name in BINARY
    with open(program, "w") as f:
        f.write("func.func @main(%x: {t}{y}) -> {t} {{\n"
                "  %r = {op}\n"
                "  return %r : {t}\n}}\n".format(
                    t=t, op=OPS[name].format(t=t),
                    y=", %y: " + t if binary else ""))
    sources = [os.path.join(work, name + "_x.npy")]
    write_f32(sources[0], inputs)
    if binary:
        ys = second_operands(len(inputs))
        sources.append(os.path.join(work, name + "_y.npy"))
        write_f32(sources[1], ys)
    else:
        ys = [None] * len(inputs)
    outputs = {}
    for mode, extra in (("compiled", flags), ("interpreted", ["--interpret"])):
        out = os.path.join(work, "%s_%s.npy" % (name, mode))
        subprocess.run([hlox_run, program] +
                       ["--input=@" + source for source in sources] +
                       ["--output=@" + out] + extra, check=True)
        outputs[mode] = read_f32_bits(out)
    worst, worst_at, differ = 0, None, 0
    for x, y, got, want in zip(inputs, ys, outputs["compiled"],
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
            worst, worst_at = distance, (x, y, got, want)
    where = ""
    if worst_at:
        x, y, got, want = worst_at
        where = " at x = %.9g%s (got %.9g, want %.9g)" % (
            bits_to_float(x),
            "" if y is None else ", y = %.9g" % bits_to_float(y),
            bits_to_float(got), bits_to_float(want))
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
