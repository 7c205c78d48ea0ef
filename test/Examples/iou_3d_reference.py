#!/usr/bin/env python3
"""iou_3d against an independent f64 computation on random boxes.

The reference takes another road than the handler's Sutherland-Hodgman
clipping: the intersection of two convex footprints is the convex hull of
the corners of each inside the other and the crossings of their edges
(Andrew's monotone chain), its area by the shoelace formula. Random boxes
(some overlapping, some rotated, some degenerate) go through hlox-run as
.npy files; every IoU must agree within 1e-5 (the result is f32; the
inputs are f32 widened to f64 on both sides).

With --composite the program is iou_3d as a stablehlo.composite
(examples/custom_ops/iou_3d/iou_3d_composite.py): --flag=--composite=
iou_3d:inline runs its decomposition, the plugin's handler otherwise.

usage: iou_3d_reference.py --hlox-run PATH --plugin PATH [--seed N] [--count N]
  [--composite] [--flag=F]... (extra hlox-run flags, e.g. --interpret)
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

EPS = 1e-8


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def corners(box):
    cx, cy, _, dx, dy, _, heading = box
    if dx <= 0 or dy <= 0:
        cx = cy = dx = dy = heading = 0.0
    c, s = math.cos(heading), math.sin(heading)
    pts = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * dx / 2, sy * dy / 2
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def area(poly):
    if len(poly) <= 2:
        return 0.0
    twice = sum(poly[i][0] * poly[(i + 1) % len(poly)][1]
                - poly[i][1] * poly[(i + 1) % len(poly)][0]
                for i in range(len(poly)))
    return abs(twice) / 2


def inside(p, poly):
    """p in convex counter-clockwise `poly` (boundary included)."""
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        if (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) < -1e-9:
            return False
    return True


def crossing(p1, p2, q1, q2):
    d = (p2[0] - p1[0]) * (q2[1] - q1[1]) - (p2[1] - p1[1]) * (q2[0] - q1[0])
    if abs(d) < 1e-14:
        return None
    t = ((q1[0] - p1[0]) * (q2[1] - q1[1]) - (q1[1] - p1[1]) * (q2[0] - q1[0])) / d
    u = ((q1[0] - p1[0]) * (p2[1] - p1[1]) - (q1[1] - p1[1]) * (p2[0] - p1[0])) / d
    if -1e-12 <= t <= 1 + 1e-12 and -1e-12 <= u <= 1 + 1e-12:
        return (p1[0] + t * (p2[0] - p1[0]), p1[1] + t * (p2[1] - p1[1]))
    return None


def hull(points):
    points = sorted(set(points))
    if len(points) <= 2:
        return points

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out
    lower, upper = half(points), half(reversed(points))
    return lower[:-1] + upper[:-1]


def reference(a, b):
    def valid(box):
        dx, dy, dz = box[3], box[4], box[5]
        w, h = (dx, dy) if dx > 0 and dy > 0 else (0.0, 0.0)
        return dz > 0 and 1e-3 < w < 1e6 and 1e-3 < h < 1e6
    if not valid(a) or not valid(b):
        return 0.0
    za = (a[2] - a[5] / 2, a[2] + a[5] / 2)
    zb = (b[2] - b[5] / 2, b[2] + b[5] / 2)
    zi = max(0.0, min(za[1], zb[1]) - max(za[0], zb[0]))
    if zi == 0:
        return 0.0
    pa, pb = corners(a), corners(b)
    points = [p for p in pa if inside(p, pb)] + [p for p in pb if inside(p, pa)]
    for i in range(4):
        for j in range(4):
            x = crossing(pa[i], pa[(i + 1) % 4], pb[j], pb[(j + 1) % 4])
            if x:
                points.append(x)
    inter_area = area(hull(points))
    if inter_area <= EPS:
        return 0.0
    inter = inter_area * zi
    va, vb = area(pa) * a[5], area(pb) * b[5]
    return inter / (va + vb - inter)


def random_box(rng):
    kind = rng.random()
    box = [rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-1, 1),
           rng.uniform(0.3, 3), rng.uniform(0.3, 3), rng.uniform(0.3, 3),
           rng.uniform(-math.pi, math.pi)]
    if kind < 0.05:
        box[3] = rng.uniform(-1, 1e-3)  # degenerate in x
    elif kind < 0.1:
        box[5] = rng.uniform(-1, 0)  # no height
    elif kind < 0.15:
        box[6] = 0.0  # axis-aligned
    return [f32(v) for v in box]


def random_boxes(rng, n, m):
    """N boxes for A and M for B, half of B's near one of A's (overlaps)."""
    boxes_a = [random_box(rng) for _ in range(n)]
    boxes_b = []
    for j in range(m):
        box = random_box(rng)
        if j % 2 == 0:
            near = boxes_a[j % n]
            box[0] = f32(near[0] + rng.uniform(-0.5, 0.5))
            box[1] = f32(near[1] + rng.uniform(-0.5, 0.5))
            box[2] = f32(near[2] + rng.uniform(-0.3, 0.3))
        boxes_b.append(box)
    return boxes_a, boxes_b


MODULE = """func.func @main(%a: tensor<{n}x7xf32>, %b: tensor<{m}x7xf32>) -> tensor<{n}x{m}xf32> {{
  %iou = stablehlo.custom_call @iou_3d(%a, %b) : (tensor<{n}x7xf32>, tensor<{m}x7xf32>) -> tensor<{n}x{m}xf32>
  return %iou : tensor<{n}x{m}xf32>
}}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=48)
    parser.add_argument("--flag", action="append", default=[])
    parser.add_argument("--composite", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = m = args.count
    boxes_a, boxes_b = random_boxes(rng, n, m)
    with tempfile.TemporaryDirectory() as tmp:
        program = os.path.join(tmp, "iou.mlir")
        if args.composite:
            generator = os.path.join(os.path.dirname(__file__), "..", "..",
                                     "examples", "custom_ops", "iou_3d",
                                     "iou_3d_composite.py")
            text = subprocess.run([sys.executable, generator, str(n), str(m),
                                   "--main"], check=True, capture_output=True,
                                  text=True).stdout
        else:
            text = MODULE.format(n=n, m=m)
        open(program, "w").write(text)
        a_path, b_path = os.path.join(tmp, "a.npy"), os.path.join(tmp, "b.npy")
        out_path = os.path.join(tmp, "out.npy")
        npy.write(a_path, "f32", (n, 7), [v for box in boxes_a for v in box])
        npy.write(b_path, "f32", (m, 7), [v for box in boxes_b for v in box])
        command = [args.hlox_run, "--plugin=" + args.plugin, program,
                   "--input=@" + a_path, "--input=@" + b_path,
                   "--output=@" + out_path] + args.flag
        subprocess.run(command, check=True)
        _, shape, raw = npy.read(out_path)
        got = struct.unpack("<%df" % (n * m), raw)
    assert shape == (n, m), shape
    worst, overlapping, failures = 0.0, 0, 0
    for i in range(n):
        for j in range(m):
            want = reference(boxes_a[i], boxes_b[j])
            overlapping += want > 0
            error = abs(got[i * m + j] - want)
            worst = max(worst, error)
            if error > 1e-5:
                failures += 1
                if failures <= 5:
                    print("iou_3d[%d, %d] = %.8f, reference %.8f" %
                          (i, j, got[i * m + j], want))
    print("%d pairs, %d overlapping, worst error %.3g, %d failures" %
          (n * m, overlapping, worst, failures))
    if overlapping < n * m // 20:
        print("too few overlapping pairs to judge")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
