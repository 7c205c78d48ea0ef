#!/usr/bin/env python3
"""Digests of a program's outputs, and their comparison.

  digest.py make TYPES_FILE OUT0.bin [OUT1.bin ...] > ref.json
  digest.py compare ref.json TYPES_FILE OUT0.bin [...]   (exit 1 on a mismatch)

TYPES_FILE is what `hlox-run-aot F.hlox --signature` prints ("output
tensor<4x8xf32>" lines). A digest holds, per output, its type, the sum and
the sum of magnitudes (in f64), and up to 4096 elements at evenly spaced
positions: small enough to carry to another machine, and enough to tell a
wrong kernel from a reassociated sum. Two digests agree when every sampled
element and both sums agree within rtol 2e-3 and atol 1e-4 (times the
magnitude of the output for the sums), and NaNs and infinities match.
"""
import json
import re
import sys

import numpy as np

SAMPLES = 4096
RTOL, ATOL = 2e-3, 1e-4


def parse_type(text):
    match = re.fullmatch(r"tensor<((?:\d+x)*)([a-z0-9<>]+)>", text.strip())
    if not match:
        raise ValueError(f"unsupported type {text!r}")
    dims = [int(d) for d in match.group(1).split("x") if d]
    return dims, match.group(2)


def load(path, dims, element):
    raw = open(path, "rb").read()
    dtypes = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
              "i8": np.int8, "i16": np.int16, "i32": np.int32,
              "i64": np.int64, "ui8": np.uint8, "ui16": np.uint16,
              "ui32": np.uint32, "ui64": np.uint64, "i1": np.uint8,
              "complex<f32>": np.complex64, "complex<f64>": np.complex128}
    if element == "bf16":
        bits = np.frombuffer(raw, np.uint16).astype(np.uint32) << 16
        values = bits.view(np.float32)
    elif element in dtypes:
        values = np.frombuffer(raw, dtypes[element])
    else:
        values = np.frombuffer(raw, np.uint8)
    values = values.astype(np.complex128 if np.iscomplexobj(values)
                           else np.float64)
    return values.reshape(-1)


def output_types(types_file):
    return [line.split(" ", 1)[1] for line in open(types_file)
            if line.startswith("output ")]


def make(types_file, paths):
    digests = []
    for text, path in zip(output_types(types_file), paths):
        dims, element = parse_type(text)
        values = load(path, dims, element)
        count = values.size
        positions = (np.linspace(0, count - 1, min(count, SAMPLES))
                     .astype(np.int64) if count else np.zeros(0, np.int64))
        sample = values[positions]
        finite = values[np.isfinite(values)]
        digests.append({
            "type": text, "count": int(count),
            "sum": complex(finite.sum()).real if finite.size else 0.0,
            "magnitude": float(np.abs(finite).sum()) if finite.size else 0.0,
            "positions": positions.tolist(),
            "sample": [[float(np.real(v)), float(np.imag(v))] for v in sample],
        })
    return digests


def compare(reference, digests):
    problems = []
    if len(reference) != len(digests):
        return [f"{len(digests)} outputs, the reference has {len(reference)}"]
    for i, (ref, got) in enumerate(zip(reference, digests)):
        if ref["type"] != got["type"]:
            problems.append(f"output {i}: {got['type']}, expected {ref['type']}")
            continue
        want = np.array(ref["sample"])
        have = np.array(got["sample"])
        same_special = (np.isnan(want) == np.isnan(have)) & \
            (np.isinf(want) == np.isinf(have))
        finite = np.isfinite(want) & np.isfinite(have)
        close = np.abs(have - want) <= ATOL + RTOL * np.abs(want)
        bad = ~same_special | (finite & ~close) | \
            (np.isinf(want) & (want != have))
        bad = bad.any(axis=1)
        if bad.any():
            k = int(np.argmax(bad))
            problems.append(
                f"output {i}: {int(bad.sum())} of {len(bad)} sampled elements "
                f"differ; element {ref['positions'][k]} is "
                f"{have[k].tolist()}, expected {want[k].tolist()}")
        scale = ATOL * ref["count"] + RTOL * ref["magnitude"]
        if abs(got["sum"] - ref["sum"]) > scale:
            problems.append(f"output {i}: sum {got['sum']}, expected "
                            f"{ref['sum']}")
    return problems


def main(argv):
    if len(argv) >= 3 and argv[1] == "make":
        json.dump(make(argv[2], argv[3:]), sys.stdout)
        return 0
    if len(argv) >= 4 and argv[1] == "compare":
        reference = json.load(open(argv[2]))
        problems = compare(reference, make(argv[3], argv[4:]))
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
