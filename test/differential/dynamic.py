#!/usr/bin/env python3
"""Dynamic-shape corpus files, specialized and run both ways.

Each file of stablehlo/testdata/dynamic/ has a shape-polymorphic `@main`:
its leading 0-d integer arguments are dimension sizes (JAX passes them
before the arrays; a 0-d integer after an array is data) and its other
arguments have dynamic dimensions. The runner gives every dynamic dimension and every
dimension argument the same size (3, then 1), random inputs of those
shapes, and runs `hlox-run` compiled and `hlox-run --interpret` (both
specialize the program to the inputs, refine its shapes and run it). The
printed results must agree: integers exactly, floats within 4 ULPs of
their type. Where the program sums products or reduces (whose order the
spec leaves open), each element may also differ by 64 ULPs of the result's
largest magnitude: a sum that cancels to a small value carries the
rounding error of its large terms.

Files in the ledger (expected/dynamic.txt) must agree; a listed file that
does not is a regression. Without the corpus the suite is skipped (77).
"""

import argparse
import concurrent.futures
import math
import os
import random
import re
import struct
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
sys.path.insert(0, HERE)
from common import SKIP_EXIT_CODE, find_corpus  # noqa: E402
import npy  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

SIZES = (3, 1)
NUMBER = re.compile(r"0x[0-9A-Fa-f]+|[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)"
                    r"|true|false")


def signature(text):
    """The argument types of @main: (dims, element) pairs."""
    m = re.search(r"func\.func public @main\((.*?)\)\s*->", text, re.S)
    if not m:
        return None
    args = []
    for t in re.findall(r"%\w+: tensor<((?:[^<>]|<[^<>]*>)*)>", m.group(1)):
        dims = re.match(r"(?:(?:\?|\d+)x)*", t).group(0)
        args.append((dims.split("x")[:-1], t[len(dims):]))
    return args


def dimension_args(args):
    """How many leading arguments are dimension sizes (0-d integers)."""
    count = 0
    for dims, element in args:
        if dims or not re.fullmatch(r"u?i\d+", element):
            break
        count += 1
    return count


def input_flag(rng, dims, element, size, path, dimension=False):
    shape = [size if d == "?" else int(d) for d in dims]
    n = 1
    for d in shape:
        n *= d
    if dimension:
        values = [size]
    elif element == "i1":
        values = [rng.choice(["true", "false"]) for _ in range(n)]
    elif re.fullmatch(r"u?i\d+", element):
        lo = 0 if element.startswith("u") else -5
        values = [rng.randint(lo, 5) for _ in range(n)]
    elif element.startswith("complex<"):
        values = [f"{rng.uniform(-2, 2):.4f}" for _ in range(2 * n)]
    else:
        values = [f"{rng.uniform(-2, 2):.4f}" for _ in range(n)]
    if element in npy.FORMATS:
        converted = [v == "true" if element == "i1" else
                     float(v) if element.startswith(("f", "complex")) else v
                     for v in values]
        npy.write(path, element, shape, converted)
        return f"--input=@{path}"
    spec = "".join(f"{d}x" for d in shape) + element
    return f"--input={spec}=" + ",".join(str(v) for v in values or ["0"])


def ulp_bound(text):
    """4 ULPs (libm against the evaluator's double); 64 where the program
    sums products or reduces, whose order the spec leaves open."""
    if re.search(r"stablehlo\.(dot|dot_general|convolution|dynamic_conv|reduce|"
                 r"reduce_window)\b",
                 text):
        return 64
    return 4


RESULT = re.compile(r"result\[\d+\]: dense<(.*)> : tensor<(.*)>$")
WIDTHS = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1}


def elements(line):
    """(element type, [(kind, value)]) of a printed result: integers as
    ints, floats as order keys of their bits."""
    m = RESULT.match(line.strip())
    if not m:
        return None
    body, type_text = m.groups()
    element = type_text[len(re.match(r"(?:\d+x)*", type_text).group(0)):]
    # Complex values compare part by part.
    if element.startswith("complex<"):
        element = element[len("complex<"):-1]
    width = WIDTHS.get(element) or max(1, int(re.sub(r"\D", "", element) or 8) // 8)
    if body.startswith('"0x'):
        raw = bytes.fromhex(body[3:-1])
        chunks = [raw[i:i + width] for i in range(0, len(raw), width)]
        values = [int.from_bytes(c, "little") for c in chunks]
        if element in ("f16", "bf16", "f32", "f64"):
            return element, [("bits", v) for v in values]
        return element, [("int", v) for v in values]
    out = []
    for token in NUMBER.findall(body):
        if token in ("true", "false"):
            out.append(("int", int(token == "true")))
        elif element in ("f16", "bf16", "f32", "f64"):
            value = (int(token, 16) if token.startswith("0x")
                     else bits_of(float(token), element))
            out.append(("bits", value))
        else:
            out.append(("int", int(token, 0) if token.startswith("0x")
                        else int(float(token))))
    return element, out


def bits_of(value, element):
    if element == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    if element == "f16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    return bits >> 16 if element == "bf16" else bits


def key(bits, element):
    return npy.order_key(bits, WIDTHS[element] * 8)


def is_nan(bits, element):
    width = WIDTHS[element] * 8
    mantissa = {"f16": 10, "bf16": 7, "f32": 23, "f64": 52}[element]
    exponent = (bits >> mantissa) & ((1 << (width - 1 - mantissa)) - 1)
    return exponent == (1 << (width - 1 - mantissa)) - 1 and \
        bits & ((1 << mantissa) - 1) != 0


def to_float(bits, element):
    if element == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    if element == "f16":
        return struct.unpack("<e", struct.pack("<H", bits))[0]
    if element == "bf16":
        bits <<= 16
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def spacing(value, element):
    """The distance from |value| to the next float of its type."""
    mantissa = {"f16": 10, "bf16": 7, "f32": 23, "f64": 52}[element]
    if value == 0 or math.isinf(value) or math.isnan(value):
        return 0.0
    return 2.0 ** (math.frexp(abs(value))[1] - 1 - mantissa)


def agree(a, b, ulps):
    lines_a, lines_b = a.strip().splitlines(), b.strip().splitlines()
    if len(lines_a) != len(lines_b):
        return False
    for la, lb in zip(lines_a, lines_b):
        ea, eb = elements(la), elements(lb)
        if ea is None or eb is None:
            if la != lb:
                return False
            continue
        (element, xs), (_, ys) = ea, eb
        # A splat prints one value for all.
        if len(xs) == 1 and len(ys) > 1:
            xs = xs * len(ys)
        if len(ys) == 1 and len(xs) > 1:
            ys = ys * len(xs)
        if len(xs) != len(ys):
            return False
        # Sums: ULPs of the largest finite magnitude too (normwise).
        slack = 0.0
        if ulps >= 64 and element in WIDTHS and element != "i1":
            finite = [abs(to_float(y, element)) for kind, y in ys
                      if kind == "bits"]
            finite = [v for v in finite if not math.isinf(v) and
                      not math.isnan(v)]
            if finite:
                slack = ulps * spacing(max(finite), element)
        for (kind, x), (_, y) in zip(xs, ys):
            if x == y:
                continue
            if kind == "int":
                return False
            if is_nan(x, element) and is_nan(y, element):
                continue
            if abs(key(x, element) - key(y, element)) <= ulps:
                continue
            fx, fy = to_float(x, element), to_float(y, element)
            if not (abs(fx - fy) <= slack):
                return False
    return True


def check(hlox_run, path):
    text = open(path).read()
    args = signature(text)
    if args is None:
        return "no public @main"
    for size in SIZES:
        rng = random.Random(size)
        workdir = tempfile.TemporaryDirectory()
        flags = [input_flag(rng, d, e, size,
                            os.path.join(workdir.name, f"{i}.npy"),
                            dimension=i < dimension_args(args))
                 for i, (d, e) in enumerate(args)]
        outputs = []
        for mode in ([], ["--interpret"]):
            proc = tool_server.run([hlox_run, path, "--print-output", *mode,
                                    *flags], timeout=120)
            if proc.returncode != 0:
                first = (proc.stderr.strip().splitlines() or [""])[0]
                first = first[first.find("error:"):] if "error:" in first else first
                return f"size {size}, {'interpret' if mode else 'cpu'}: " \
                       f"exit {proc.returncode}: {first}"
            outputs.append(proc.stdout)
        workdir.cleanup()
        if not agree(*outputs, ulp_bound(text)):
            return f"size {size}: compiled and interpreted results differ"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--corpus")
    parser.add_argument("--ledger", required=True)
    parser.add_argument("--update-ledger", action="store_true")
    parser.add_argument("--failures")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    corpus = find_corpus(args.corpus)
    if corpus is None:
        print("dynamic: conformance corpus not found; 0 passed, 0 failed, "
              "all skipped")
        return SKIP_EXIT_CODE
    root = os.path.join(corpus, "stablehlo", "testdata", "dynamic")
    files = args.files or sorted(f for f in os.listdir(root) if f.endswith(".mlir"))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = dict(zip(files, pool.map(
            lambda f: check(args.hlox_run, os.path.join(root, f)), files)))
    failures = {f: r for f, r in results.items() if r}
    passed = [f for f in files if f not in failures]
    if args.failures:
        with open(args.failures, "w") as out:
            for f, r in sorted(failures.items()):
                out.write(f"{f}: {r}\n")
    if args.update_ledger:
        with open(args.ledger, "w") as out:
            out.write("".join(f + "\n" for f in passed))
    expected = [l.strip() for l in open(args.ledger) if l.strip()]
    regressions = [f for f in expected if f in failures]
    for f in regressions:
        print(f"  REGRESSION {f}: {failures[f]}")
    print(f"dynamic: {len(passed)} passed, {len(failures)} failed")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
