#!/usr/bin/env python3
"""Writes deform_conv_3d as a stablehlo.composite whose decomposition is
plain StableHLO with static shapes, as a JAX user could write it: the
sampling coordinates from iota plus the offsets, floor, the 8 corners of
each sample with their trilinear weights (zero outside the volume, times
the mask), one batched gather from x viewed as [N, Go, C/Go, D*H*W] per
corner, their weighted sum (the column tensor), and one batched
dot_general per weight group.

usage: deform_conv_3d_composite.py N C D H W COUT KD KH KW
           [--stride=a,b,c] [--padding=a,b,c] [--dilation=a,b,c]
           [--groups=G] [--offset-groups=GO] [--mask] [--main]
"""

import argparse
import sys


def t(shape, element="f32"):
    return "tensor<%s>" % "x".join([str(s) for s in shape] + [element])


class Emitter:
    def __init__(self):
        self.lines, self.count = [], 0

    def op(self, text, type_):
        name = "%%d%d" % self.count
        self.count += 1
        self.lines.append("  %s = %s : %s" % (name, text, type_))
        return name


def generate(a):
    n, c, d, h, w, cout = a.n, a.c, a.d, a.h, a.w, a.cout
    kd, kh, kw = a.kd, a.kh, a.kw
    sd, sh, sw = a.stride
    pd, ph, pw = a.padding
    dd, dh, dw = a.dilation
    g, go = a.groups, a.offset_groups
    k = kd * kh * kw
    od = (d + 2 * pd - (dd * (kd - 1) + 1)) // sd + 1
    oh = (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
    ow = (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
    p, s, cg = od * oh * ow, d * h * w, c // go
    e = Emitter()
    kp = (n, go, k, p)

    def const(v, shape, el="f32"):
        return e.op("stablehlo.constant dense<%s>" % v, t(shape, el))

    def bin(op, x, y, shape, el="f32"):
        return e.op("stablehlo.%s %s, %s" % (op, x, y), t(shape, el))

    def cmp(dirn, x, y, shape):
        return e.op("stablehlo.compare %s, %s, %s" % (dirn, x, y),
                    "(%s, %s) -> %s" % (t(shape), t(shape), t(shape, "i1")))

    def sel(cnd, x, y, shape):
        return e.op("stablehlo.select %s, %s, %s" % (cnd, x, y),
                    "%s, %s" % (t(shape, "i1"), t(shape)))

    def reshape(x, frm, to, el="f32"):
        return e.op("stablehlo.reshape %s" % x, "(%s) -> %s" % (t(frm, el), t(to, el)))

    def bcast(x, frm, to, dims, el="f32"):
        return e.op("stablehlo.broadcast_in_dim %s, dims = [%s]" %
                    (x, ", ".join(map(str, dims))),
                    "(%s) -> %s" % (t(frm, el), t(to, el)))

    def convert(x, shape, frm, to):
        return e.op("stablehlo.convert %s" % x, "(%s) -> %s" % (t(shape, frm), t(shape, to)))

    # The base coordinate of each tap and position along each axis, [K, P].
    def base(axis):
        kdims, pdims = (kd, kh, kw), (od, oh, ow)
        ki = e.op("stablehlo.iota dim = %d" % axis, t(kdims + pdims, "i32"))
        pi = e.op("stablehlo.iota dim = %d" % (3 + axis), t(kdims + pdims, "i32"))
        kf = convert(ki, kdims + pdims, "i32", "f32")
        pf = convert(pi, kdims + pdims, "i32", "f32")
        stride, pad, dil = a.stride[axis], a.padding[axis], a.dilation[axis]
        v = bin("add", bin("multiply", pf, const("%d.0" % stride, kdims + pdims), kdims + pdims),
                bin("multiply", kf, const("%d.0" % dil, kdims + pdims), kdims + pdims), kdims + pdims)
        v = bin("subtract", v, const("%d.0" % pad, kdims + pdims), kdims + pdims)
        return bcast(reshape(v, kdims + pdims, (k, p)), (k, p), kp, [2, 3])

    off = reshape("%offset", (n, go * k * 3, od, oh, ow), (n, go, k, 3, p))
    coords = []
    for axis in range(3):
        sl = e.op("stablehlo.slice %s [0:%d, 0:%d, 0:%d, %d:%d, 0:%d]" %
                  (off, n, go, k, axis, axis + 1, p),
                  "(%s) -> %s" % (t((n, go, k, 3, p)), t((n, go, k, 1, p))))
        coords.append(bin("add", base(axis), reshape(sl, (n, go, k, 1, p), kp), kp))
    sizes = (d, h, w)
    # Outside when Z <= -1 or Z >= D (and likewise y, x).
    inside = None
    floors, fracs = [], []
    for axis in range(3):
        z = coords[axis]
        ok = e.op("stablehlo.and %s, %s" % (
            cmp("GT", z, const("-1.0", kp), kp),
            cmp("LT", z, const("%d.0" % sizes[axis], kp), kp)), t(kp, "i1"))
        inside = ok if inside is None else e.op(
            "stablehlo.and %s, %s" % (inside, ok), t(kp, "i1"))
        f = e.op("stablehlo.floor %s" % z, t(kp))
        floors.append(f)
        fracs.append(bin("subtract", z, f, kp))
    scale = sel(inside, const("1.0", kp), const("0.0", kp), kp)
    if a.mask:
        scale = bin("multiply", scale, reshape("%mask", (n, go * k, od, oh, ow), kp), kp)
    xg = reshape("%x", (n, c, d, h, w), (n, go, cg, s))
    cols = None
    cshape = (n, go, k * p, cg)
    for corner in range(8):
        bits = ((corner >> 2) & 1, (corner >> 1) & 1, corner & 1)
        weight, index = scale, None
        for axis in range(3):
            i = floors[axis]
            if bits[axis]:
                i = bin("add", i, const("1.0", kp), kp)
            okc = e.op("stablehlo.and %s, %s" % (
                cmp("GE", i, const("0.0", kp), kp),
                cmp("LE", i, const("%d.0" % (sizes[axis] - 1), kp), kp)), t(kp, "i1"))
            f = fracs[axis] if bits[axis] else bin("subtract", const("1.0", kp), fracs[axis], kp)
            f = sel(okc, f, const("0.0", kp), kp)
            weight = bin("multiply", weight, f, kp)
            clamped = e.op("stablehlo.clamp %s, %s, %s" % (
                const("0.0", kp), i, const("%d.0" % (sizes[axis] - 1), kp)), t(kp))
            ii = convert(clamped, kp, "f32", "i32")
            stride_el = (h * w, w, 1)[axis]
            term = bin("multiply", ii, const("%d" % stride_el, kp, "i32"), kp, "i32")
            index = term if index is None else bin("add", index, term, kp, "i32")
        ind = reshape(index, kp, (n, go, k * p, 1), "i32")
        gathered = e.op(
            '"stablehlo.gather"(%s, %s) {dimension_numbers = #stablehlo.gather<'
            'offset_dims = [3], collapsed_slice_dims = [3], operand_batching_dims = [0, 1], '
            'start_indices_batching_dims = [0, 1], start_index_map = [3], index_vector_dim = 3>, '
            'slice_sizes = array<i64: 1, 1, %d, 1>, indices_are_sorted = false}' % (xg, ind, cg),
            "(%s, %s) -> %s" % (t((n, go, cg, s)), t((n, go, k * p, 1), "i32"), t(cshape)))
        wb = bcast(reshape(weight, kp, (n, go, k * p)), (n, go, k * p), cshape, [0, 1, 2])
        term = bin("multiply", gathered, wb, cshape)
        cols = term if cols is None else bin("add", cols, term, cshape)
    # [N, Go, K, P, Cg] -> [N, Go, Cg, K, P] -> [N, G, (C/G) K, P].
    c5 = reshape(cols, cshape, (n, go, k, p, cg))
    tr = e.op("stablehlo.transpose %s, dims = [0, 1, 4, 2, 3]" % c5,
              "(%s) -> %s" % (t((n, go, k, p, cg)), t((n, go, cg, k, p))))
    q = (c // g) * k
    rhs = reshape(tr, (n, go, cg, k, p), (n, g, q, p))
    lhs = reshape("%weight", (cout, c // g, kd, kh, kw), (g, cout // g, q))
    prod = e.op("stablehlo.dot_general %s, %s, batching_dims = [0] x [1], "
                "contracting_dims = [2] x [2]" % (lhs, rhs),
                "(%s, %s) -> %s" % (t((g, cout // g, q)), t((n, g, q, p)),
                                    t((g, cout // g, n, p))))
    out = e.op("stablehlo.transpose %s, dims = [2, 0, 1, 3]" % prod,
               "(%s) -> %s" % (t((g, cout // g, n, p)), t((n, g, cout // g, p))))
    yshape = (n, cout, od, oh, ow)
    y = reshape(out, (n, g, cout // g, p), yshape)
    y = bin("add", y, bcast("%bias", (cout,), yshape, [1]), yshape)
    args = ["%%x: %s" % t((n, c, d, h, w)), "%%weight: %s" % t((cout, c // g, kd, kh, kw)),
            "%%bias: %s" % t((cout,)), "%%offset: %s" % t((n, go * k * 3, od, oh, ow))]
    if a.mask:
        args.append("%%mask: %s" % t((n, go * k, od, oh, ow)))
    body = ("func.func private @deform_conv_3d_decomposition(%s) -> %s {\n%s\n"
            "  return %s : %s\n}\n" % (", ".join(args), t(yshape),
                                       "\n".join(e.lines), y, t(yshape)))
    return body, args, yshape


def main():
    parser = argparse.ArgumentParser()
    for name in ("n", "c", "d", "h", "w", "cout", "kd", "kh", "kw"):
        parser.add_argument(name, type=int)
    triple = lambda text: tuple(int(v) for v in text.split(","))
    parser.add_argument("--stride", type=triple, default=(1, 1, 1))
    parser.add_argument("--padding", type=triple, default=(1, 1, 1))
    parser.add_argument("--dilation", type=triple, default=(1, 1, 1))
    parser.add_argument("--groups", type=int, default=1)
    parser.add_argument("--offset-groups", type=int, default=1)
    parser.add_argument("--mask", action="store_true")
    parser.add_argument("--main", action="store_true")
    a = parser.parse_args()
    body, args, yshape = generate(a)
    if a.main:
        names = ", ".join(arg.split(":")[0] for arg in args)
        types = ", ".join(arg.split(": ")[1] for arg in args)
        attrs = ("{stride = array<i64: %d, %d, %d>, padding = array<i64: %d, %d, %d>, "
                 "dilation = array<i64: %d, %d, %d>, groups = %d : i64, "
                 "offset_groups = %d : i64}" % (a.stride + a.padding + a.dilation +
                                                (a.groups, a.offset_groups)))
        body = ("func.func @main(%s) -> %s {\n"
                "  %%y = stablehlo.composite \"deform_conv_3d\" %s {composite_attributes = %s, "
                "decomposition = @deform_conv_3d_decomposition, version = 1 : i32} : (%s) -> %s\n"
                "  return %%y : %s\n}\n\n" % (", ".join(args), t(yshape), names, attrs,
                                            types, t(yshape), t(yshape))) + body
    sys.stdout.write(body)


if __name__ == "__main__":
    main()
