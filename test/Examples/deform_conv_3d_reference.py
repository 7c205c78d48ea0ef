#!/usr/bin/env python3
"""deform_conv_3d against an independent f64 computation on random inputs.

The reference evaluates the definition of docs/custom-ops.md directly, one
output element at a time (no column buffer, no matrix product): the sum
over the group's channels and the kernel taps of weight times mask times
the trilinear sample at the tap moved by its offset. The inputs are small
and irregular (two weight groups, two offset groups, a stride of 2 and a
dilation of 2 on some axes, offsets that leave the volume); every output
must agree within 1e-4 relative to the largest magnitude, with and without
the mask.

With --composite the program is deform_conv_3d as a stablehlo.composite
(examples/custom_ops/deform_conv_3d/deform_conv_3d_composite.py):
--flag=--composite=deform_conv_3d:inline runs its decomposition.

usage: deform_conv_3d_reference.py --hlox-run PATH --plugin PATH [--seed N]
  [--composite] [--flag=F]...
"""

import argparse
import math
import os
import random
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "differential"))
import npy  # noqa: E402

N, C, D, H, W = 2, 4, 5, 4, 6
COUT, G, GO = 6, 2, 2
KD, KH, KW = 3, 2, 3
STRIDE, PAD, DIL = (1, 2, 1), (1, 0, 2), (1, 1, 2)
K = KD * KH * KW
OD = (D + 2 * PAD[0] - (DIL[0] * (KD - 1) + 1)) // STRIDE[0] + 1
OH = (H + 2 * PAD[1] - (DIL[1] * (KH - 1) + 1)) // STRIDE[1] + 1
OW = (W + 2 * PAD[2] - (DIL[2] * (KW - 1) + 1)) // STRIDE[2] + 1


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def index(shape, *idx):
    flat = 0
    for size, i in zip(shape, idx):
        flat = flat * size + i
    return flat


def sample(x, n, c, z, y, xx):
    if z <= -1 or z >= D or y <= -1 or y >= H or xx <= -1 or xx >= W:
        return 0.0
    z0, y0, x0 = math.floor(z), math.floor(y), math.floor(xx)
    total = 0.0
    for iz in (z0, z0 + 1):
        for iy in (y0, y0 + 1):
            for ix in (x0, x0 + 1):
                if 0 <= iz < D and 0 <= iy < H and 0 <= ix < W:
                    weight = ((1 - abs(z - iz)) * (1 - abs(y - iy))
                              * (1 - abs(xx - ix)))
                    total += weight * x[index((N, C, D, H, W), n, c, iz, iy, ix)]
    return total


def reference(x, w, b, offset, mask):
    out = []
    cg, og = C // G, COUT // G
    for n in range(N):
        for o in range(COUT):
            g = o // og
            for z in range(OD):
                for h in range(OH):
                    for ww in range(OW):
                        acc = b[o]
                        for ci in range(cg):
                            c = g * cg + ci
                            go = c // (C // GO)
                            for i in range(KD):
                                for j in range(KH):
                                    for l in range(KW):
                                        k = (i * KH + j) * KW + l
                                        ch = (go * K + k) * 3
                                        off = [offset[index((N, GO * K * 3, OD, OH, OW), n, ch + a, z, h, ww)] for a in range(3)]
                                        m = 1.0 if mask is None else mask[index((N, GO * K, OD, OH, OW), n, go * K + k, z, h, ww)]
                                        pz = z * STRIDE[0] - PAD[0] + i * DIL[0] + off[0]
                                        py = h * STRIDE[1] - PAD[1] + j * DIL[1] + off[1]
                                        px = ww * STRIDE[2] - PAD[2] + l * DIL[2] + off[2]
                                        acc += (w[index((COUT, cg, KD, KH, KW), o, ci, i, j, l)]
                                                * m * sample(x, n, c, pz, py, px))
                        out.append(acc)
    return out


def shape_text(shape):
    return "x".join(map(str, shape)) + "xf32"


def program(masked):
    shapes = [(N, C, D, H, W), (COUT, C // G, KD, KH, KW), (COUT,),
              (N, GO * K * 3, OD, OH, OW)]
    if masked:
        shapes.append((N, GO * K, OD, OH, OW))
    args = ", ".join("%%a%d: tensor<%s>" % (i, shape_text(s))
                     for i, s in enumerate(shapes))
    names = ", ".join("%%a%d" % i for i in range(len(shapes)))
    types = ", ".join("tensor<%s>" % shape_text(s) for s in shapes)
    result = "tensor<%s>" % shape_text((N, COUT, OD, OH, OW))
    config = ("{stride = array<i64: %d, %d, %d>, padding = array<i64: %d, %d, %d>, "
              "dilation = array<i64: %d, %d, %d>, groups = %d : i64, "
              "offset_groups = %d : i64}" % (STRIDE + PAD + DIL + (G, GO)))
    return ("func.func @main(%s) -> %s {\n"
            "  %%y = stablehlo.custom_call @deform_conv_3d(%s) {api_version = 4 : i32, "
            "backend_config = %s} : (%s) -> %s\n"
            "  return %%y : %s\n}\n" % (args, result, names, config, types,
                                       result, result))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flag", action="append", default=[])
    parser.add_argument("--composite", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    x = [f32(rng.uniform(-1, 1)) for _ in range(N * C * D * H * W)]
    w = [f32(rng.uniform(-1, 1)) for _ in range(COUT * (C // G) * K)]
    b = [f32(rng.uniform(-1, 1)) for _ in range(COUT)]
    offset = [f32(rng.uniform(-2.5, 2.5)) for _ in range(N * GO * K * 3 * OD * OH * OW)]
    mask = [f32(rng.uniform(0, 1)) for _ in range(N * GO * K * OD * OH * OW)]
    failures = 0
    for masked in (False, True):
        inputs = [((N, C, D, H, W), x), ((COUT, C // G, KD, KH, KW), w),
                  ((COUT,), b), ((N, GO * K * 3, OD, OH, OW), offset)]
        if masked:
            inputs.append(((N, GO * K, OD, OH, OW), mask))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "deform.mlir")
            if args.composite:
                generator = os.path.join(
                    os.path.dirname(__file__), "..", "..", "examples",
                    "custom_ops", "deform_conv_3d", "deform_conv_3d_composite.py")
                command = [sys.executable, generator] + [str(v) for v in (
                    N, C, D, H, W, COUT, KD, KH, KW)] + [
                    "--stride=%d,%d,%d" % STRIDE, "--padding=%d,%d,%d" % PAD,
                    "--dilation=%d,%d,%d" % DIL, "--groups=%d" % G,
                    "--offset-groups=%d" % GO, "--main"] + (
                    ["--mask"] if masked else [])
                text = subprocess.run(command, check=True, capture_output=True,
                                      text=True).stdout
            else:
                text = program(masked)
            open(path, "w").write(text)
            command = [args.hlox_run, "--plugin=" + args.plugin, path]
            for i, (shape, values) in enumerate(inputs):
                npy_path = os.path.join(tmp, "in%d.npy" % i)
                npy.write(npy_path, "f32", shape, values)
                command.append("--input=@" + npy_path)
            out_path = os.path.join(tmp, "out.npy")
            command += ["--output=@" + out_path] + args.flag
            subprocess.run(command, check=True)
            _, shape, raw = npy.read(out_path)
        count = N * COUT * OD * OH * OW
        got = struct.unpack("<%df" % count, raw)
        want = reference(x, w, b, offset, mask if masked else None)
        scale = max(abs(v) for v in want)
        worst = max(abs(g - r) for g, r in zip(got, want)) / scale
        print("%s: %d outputs %s, largest %.3g, worst relative error %.3g" %
              ("mask" if masked else "no mask", count, shape, scale, worst))
        if worst > 1e-4:
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
