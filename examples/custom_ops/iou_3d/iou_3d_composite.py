#!/usr/bin/env python3
"""Writes iou_3d as a stablehlo.composite whose decomposition is plain
StableHLO with static shapes, as a JAX user could write it (no loops, no
custom calls), for boxes_a f32[N,7] and boxes_b f32[M,7].

The intersection of two convex footprints is computed by Green's theorem:
its area is the sum, over the edges of A clipped to B and the edges of B
clipped to A, of half the cross product of each clipped edge's end points.
Clipping an edge P->Q to a box is a parametric interval: for each of the
box's four half-planes L(v) <= 0, with p = L(P), q = L(Q), the edge is
inside for t <= p / (p - q) when it leaves, t >= p / (p - q) when it
enters; the interval is [max of entries, min of leavings] within [0, 1].
Everything is elementwise over [N, M, 4 edges, 4 half-planes] and reduced:
no compaction, no sort. An edge of B on an edge of A in the same
direction is counted once (from A's side); in opposite directions both
count and cancel (touching boxes). Computed in f64, rounded to f32 at the
end, with the constants of the specification (EPS 1e-8, dims in
(1e-3, 1e6)).

usage: iou_3d_composite.py N M [--main]  (--main adds @main calling it)
"""

import sys


class Emitter:
    def __init__(self):
        self.lines = []
        self.count = 0

    def op(self, text, type_):
        name = "%%v%d" % self.count
        self.count += 1
        self.lines.append("  %s = %s : %s" % (name, text, type_))
        return name


def tensor(shape, element="f64"):
    return "tensor<%s>" % "x".join([str(s) for s in shape] + [element])


def generate(n, m):
    e = Emitter()
    F = "f64"

    def const(value, shape, element=F):
        return e.op("stablehlo.constant dense<%s>" % value, tensor(shape, element))

    def binary(name, a, b, shape, element=F):
        return e.op("stablehlo.%s %s, %s" % (name, a, b), tensor(shape, element))

    def unary(name, a, shape, element=F):
        return e.op("stablehlo.%s %s" % (name, a), tensor(shape, element))

    def compare(direction, a, b, shape):
        return e.op("stablehlo.compare %s, %s, %s" % (direction, a, b),
                    "(%s, %s) -> %s" % (tensor(shape), tensor(shape),
                                         tensor(shape, "i1")))

    def select(c, a, b, shape, element=F):
        return e.op("stablehlo.select %s, %s, %s" % (c, a, b),
                    "%s, %s" % (tensor(shape, "i1"), tensor(shape, element)))

    def logical(name, a, b, shape):
        return e.op("stablehlo.%s %s, %s" % (name, a, b), tensor(shape, "i1"))

    def bcast(a, from_shape, to_shape, dims, element=F):
        return e.op("stablehlo.broadcast_in_dim %s, dims = [%s]" %
                    (a, ", ".join(map(str, dims))),
                    "(%s) -> %s" % (tensor(from_shape, element),
                                    tensor(to_shape, element)))

    def slice_col(a, rows, col):
        s = e.op("stablehlo.slice %s [0:%d, %d:%d]" % (a, rows, col, col + 1),
                 "(%s) -> %s" % (tensor((rows, 7)), tensor((rows, 1))))
        return e.op("stablehlo.reshape %s" % s,
                    "(%s) -> %s" % (tensor((rows, 1)), tensor((rows,))))

    def reduce(a, shape, dim, kind):
        init = const({"add": "0.0", "max": "0xFFF0000000000000",
                      "min": "0x7FF0000000000000"}[kind], ())
        out = [s for i, s in enumerate(shape) if i != dim]
        return e.op("stablehlo.reduce(%s init: %s) applies stablehlo.%s across "
                    "dimensions = [%d]" % (a, init, {"add": "add", "max":
                                                     "maximum", "min":
                                                     "minimum"}[kind], dim),
                    "(%s, %s) -> %s" % (tensor(shape), tensor(()),
                                        tensor(out)))

    def box_data(name, rows):
        """Per box: corners (x, y per corner, [rows, 4]), z range, validity
        (i1 [rows]), volume."""
        v = e.op("stablehlo.convert %s" % name,
                 "(%s) -> %s" % (tensor((rows, 7), "f32"), tensor((rows, 7))))
        cx, cy, cz, dx, dy, dz, hd = [slice_col(v, rows, c) for c in range(7)]
        r = (rows,)
        zero = const("0.0", r)
        half = const("0.5", r)
        zero_box = logical("or", compare("LE", dx, zero, r),
                           compare("LE", dy, zero, r), r)
        cx = select(zero_box, zero, cx, r)
        cy = select(zero_box, zero, cy, r)
        w = select(zero_box, zero, dx, r)
        h = select(zero_box, zero, dy, r)
        hd = select(zero_box, zero, hd, r)
        lo, hi = const("1.0e-3", r), const("1.0e6", r)
        extreme = logical("or", logical("or", compare("LE", w, lo, r),
                                        compare("LE", h, lo, r), r),
                          logical("or", compare("GE", w, hi, r),
                                  compare("GE", h, hi, r), r), r)
        valid = logical("and", compare("GT", dz, zero, r),
                        unary("not", extreme, r, "i1"), r)
        hz = binary("multiply", dz, half, r)
        zmin, zmax = binary("subtract", cz, hz, r), binary("add", cz, hz, r)
        c, s = unary("cosine", hd, r), unary("sine", hd, r)
        hx, hy = binary("multiply", w, half, r), binary("multiply", h, half, r)
        hxc, hxs = binary("multiply", hx, c, r), binary("multiply", hx, s, r)
        hyc, hys = binary("multiply", hy, c, r), binary("multiply", hy, s, r)
        # v0 = (cx - hx c + hy s, cy - hx s - hy c), v1 = (+hx c + hy s,
        # +hx s - hy c), v2 = (+hx c - hy s, +hx s + hy c),
        # v3 = (-hx c - hy s, -hx s + hy c).
        xs, ys = [], []
        for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1)):
            # x = cx + sx*hxc + sy*hys ; y = cy + sx*hxs - sy*hyc
            ax = binary("add" if sx > 0 else "subtract", cx, hxc, r)
            xs.append(binary("add" if sy > 0 else "subtract", ax, hys, r))
            ay = binary("add" if sx > 0 else "subtract", cy, hxs, r)
            ys.append(binary("subtract" if sy > 0 else "add", ay, hyc, r))
        def stack(parts):
            cols = [e.op("stablehlo.reshape %s" % p, "(%s) -> %s" %
                         (tensor(r), tensor((rows, 1)))) for p in parts]
            return e.op("stablehlo.concatenate %s, dim = 1" % ", ".join(cols),
                        "(%s) -> %s" % (", ".join([tensor((rows, 1))] * 4),
                                         tensor((rows, 4))))
        # Area of the 4 corners (shoelace), 0 when <= EPS.
        twice = None
        for i in range(4):
            j = (i + 1) % 4
            t = binary("subtract", binary("multiply", xs[i], ys[j], r),
                       binary("multiply", ys[i], xs[j], r), r)
            twice = t if twice is None else binary("add", twice, t, r)
        area = binary("multiply", unary("abs", twice, r), half, r)
        area = select(compare("LE", area, const("1.0e-8", r), r), zero, area, r)
        volume = binary("multiply", area, binary("subtract", zmax, zmin, r), r)
        return stack(xs), stack(ys), zmin, zmax, valid, volume

    ax, ay, azmin, azmax, avalid, avol = box_data("%a", n)
    bx, by, bzmin, bzmax, bvalid, bvol = box_data("%b", m)

    def clipped_sum(px_, py_, prows, qx_, qy_, qrows, swap, same_dir_open):
        """Sum over the edges of polygon P (rows `prows`) clipped to polygon
        Q's half-planes of half the cross product of the clipped ends, as
        [N, M] (P's rows first unless `swap`)."""
        shape4 = (n, m, 4, 4)  # [N, M, edge of P, plane of Q]
        def spread_p(t, shift):
            # P's corner (edge start, or end with shift=1) per edge: [rows,4]
            if shift:
                t = e.op("stablehlo.concatenate %s, %s, dim = 1" % (
                    e.op("stablehlo.slice %s [0:%d, 1:4]" % (t, prows),
                         "(%s) -> %s" % (tensor((prows, 4)), tensor((prows, 3)))),
                    e.op("stablehlo.slice %s [0:%d, 0:1]" % (t, prows),
                         "(%s) -> %s" % (tensor((prows, 4)), tensor((prows, 1))))),
                    "(%s, %s) -> %s" % (tensor((prows, 3)), tensor((prows, 1)),
                                        tensor((prows, 4))))
            return bcast(t, (prows, 4), shape4, [1 if swap else 0, 2])
        def spread_q(t, shift):
            if shift:
                t = e.op("stablehlo.concatenate %s, %s, dim = 1" % (
                    e.op("stablehlo.slice %s [0:%d, 1:4]" % (t, qrows),
                         "(%s) -> %s" % (tensor((qrows, 4)), tensor((qrows, 3)))),
                    e.op("stablehlo.slice %s [0:%d, 0:1]" % (t, qrows),
                         "(%s) -> %s" % (tensor((qrows, 4)), tensor((qrows, 1))))),
                    "(%s, %s) -> %s" % (tensor((qrows, 3)), tensor((qrows, 1)),
                                        tensor((qrows, 4))))
            return bcast(t, (qrows, 4), shape4, [0 if swap else 1, 3])
        s4 = shape4
        Px, Py = spread_p(px_, 0), spread_p(py_, 0)
        Qx, Qy = spread_p(px_, 1), spread_p(py_, 1)
        # Q's half-plane k: line through its corners k, k+1:
        # a = e.y - s.y, b = s.x - e.x, c = e.x s.y - e.y s.x.
        Sx, Sy = spread_q(qx_, 0), spread_q(qy_, 0)
        Ex, Ey = spread_q(qx_, 1), spread_q(qy_, 1)
        la = binary("subtract", Ey, Sy, s4)
        lb = binary("subtract", Sx, Ex, s4)
        lc = binary("subtract", binary("multiply", Ex, Sy, s4),
                    binary("multiply", Ey, Sx, s4), s4)
        def side(x, y):
            return binary("add", binary("add", binary("multiply", la, x, s4),
                                        binary("multiply", lb, y, s4), s4),
                          lc, s4)
        p, q = side(Px, Py), side(Qx, Qy)
        zero, one = const("0.0", s4), const("1.0", s4)
        eps = const("1.0e-8", s4)
        on_p = compare("LE", unary("abs", p, s4), eps, s4)
        on_q = compare("LE", unary("abs", q, s4), eps, s4)
        p = select(on_p, zero, p, s4)
        q = select(on_q, zero, q, s4)
        denom = binary("subtract", p, q, s4)
        safe = select(compare("EQ", denom, zero, s4), one, denom, s4)
        t = binary("divide", p, safe, s4)
        p_in, q_in = compare("LE", p, zero, s4), compare("LE", q, zero, s4)
        # Entering (p > 0, q <= 0): lower bound t; leaving (p <= 0 < q):
        # upper bound t; both outside: empty.
        entering = logical("and", unary("not", p_in, s4, "i1"), q_in, s4)
        leaving = logical("and", p_in, unary("not", q_in, s4, "i1"), s4)
        outside = logical("and", unary("not", p_in, s4, "i1"),
                          unary("not", q_in, s4, "i1"), s4)
        if same_dir_open:
            # An edge on the half-plane's line, in the same direction as
            # Q's edge there: counted from the other side already.
            on_line = logical("and", on_p, on_q, s4)
            dot = binary("add", binary("multiply",
                                       binary("subtract", Qx, Px, s4),
                                       binary("subtract", Ex, Sx, s4), s4),
                         binary("multiply", binary("subtract", Qy, Py, s4),
                                binary("subtract", Ey, Sy, s4), s4), s4)
            outside = logical("or", outside, logical(
                "and", on_line, compare("GT", dot, zero, s4), s4), s4)
        lower = select(entering, t, zero, s4)
        upper = select(leaving, t, one, s4)
        upper = select(outside, const("-1.0", s4), upper, s4)
        s3 = (n, m, 4)
        t0 = reduce(lower, s4, 3, "max")
        t1 = reduce(upper, s4, 3, "min")
        # The edge's end points, [N, M, 4].
        def edge_coord(t4):
            return e.op("stablehlo.slice %s [0:%d, 0:%d, 0:4, 0:1]" %
                        (t4, n, m), "(%s) -> %s" % (tensor(s4),
                                                    tensor((n, m, 4, 1))))
        def drop(t):
            return e.op("stablehlo.reshape %s" % t, "(%s) -> %s" %
                        (tensor((n, m, 4, 1)), tensor(s3)))
        px3, py3 = drop(edge_coord(Px)), drop(edge_coord(Py))
        qx3, qy3 = drop(edge_coord(Qx)), drop(edge_coord(Qy))
        dx3, dy3 = binary("subtract", qx3, px3, s3), binary("subtract", qy3, py3, s3)
        sx = binary("add", px3, binary("multiply", t0, dx3, s3), s3)
        sy = binary("add", py3, binary("multiply", t0, dy3, s3), s3)
        ex = binary("add", px3, binary("multiply", t1, dx3, s3), s3)
        ey = binary("add", py3, binary("multiply", t1, dy3, s3), s3)
        cross = binary("subtract", binary("multiply", sx, ey, s3),
                       binary("multiply", sy, ex, s3), s3)
        kept = compare("LT", t0, t1, s3)
        cross = select(kept, cross, const("0.0", s3), s3)
        return reduce(cross, s3, 2, "add")

    s2 = (n, m)
    from_a = clipped_sum(ax, ay, n, bx, by, m, False, False)
    from_b = clipped_sum(bx, by, m, ax, ay, n, True, True)
    half2 = const("0.5", s2)
    area = binary("multiply", binary("add", from_a, from_b, s2), half2, s2)
    zero2 = const("0.0", s2)
    area = select(compare("LE", area, const("1.0e-8", s2), s2), zero2, area, s2)
    zi = binary("subtract",
                binary("minimum", bcast(azmax, (n,), s2, [0]),
                       bcast(bzmax, (m,), s2, [1]), s2),
                binary("maximum", bcast(azmin, (n,), s2, [0]),
                       bcast(bzmin, (m,), s2, [1]), s2), s2)
    zi = binary("maximum", zi, zero2, s2)
    inter = binary("multiply", area, zi, s2)
    union = binary("subtract", binary("add", bcast(avol, (n,), s2, [0]),
                                      bcast(bvol, (m,), s2, [1]), s2),
                   inter, s2)
    ok = logical("and", bcast(avalid, (n,), s2, [0], "i1"),
                 bcast(bvalid, (m,), s2, [1], "i1"), s2)
    ok = logical("and", ok, compare("GT", inter, zero2, s2), s2)
    safe_union = select(ok, union, const("1.0", s2), s2)
    iou = select(ok, binary("divide", inter, safe_union, s2), zero2, s2)
    out = e.op("stablehlo.convert %s" % iou, "(%s) -> %s" %
               (tensor(s2), tensor(s2, "f32")))
    body = "\n".join(e.lines)
    ta, tb, tr = tensor((n, 7), "f32"), tensor((m, 7), "f32"), tensor(s2, "f32")
    return ("func.func private @iou_3d_decomposition(%%a: %s, %%b: %s) -> %s {\n"
            "%s\n  return %s : %s\n}\n" % (ta, tb, tr, body, out, tr))


def main():
    n, m = int(sys.argv[1]), int(sys.argv[2])
    text = generate(n, m)
    if "--main" in sys.argv:
        ta, tb, tr = (tensor((n, 7), "f32"), tensor((m, 7), "f32"),
                      tensor((n, m), "f32"))
        text = ("func.func @main(%%a: %s, %%b: %s) -> %s {\n"
                "  %%iou = stablehlo.composite \"iou_3d\" %%a, %%b "
                "{decomposition = @iou_3d_decomposition, version = 1 : i32} "
                ": (%s, %s) -> %s\n"
                "  return %%iou : %s\n}\n\n" % (ta, tb, tr, ta, tb, tr, tr)) + text
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
