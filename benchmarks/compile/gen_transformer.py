#!/usr/bin/env python3
"""Writes a StableHLO transformer of N layers, as JAX exports one.

Usage: gen_transformer.py N [--d-model 256] [--heads 4] [--seq 128]
                            [--batch 2] [-o FILE]

A pre-LayerNorm decoder stack (GPT-2's shape): each layer is
    h = x + proj(attention(ln1(x)))      causal softmax attention, H heads
    x = h + mlp(ln2(h))                  tanh GELU, 4 x d_model wide
and a final LayerNorm. Every layer has its own weights, as arguments of
@main, so that the program grows with N the way an unrolled export does
(the kernels of the layers are equal up to their names). The compile-time
benchmark (scripts/bench-compile.sh) compiles it for N = 1 .. 32.
"""

import argparse
import sys


class Writer:
    def __init__(self):
        self.lines = []
        self.count = 0

    def fresh(self, hint):
        self.count += 1
        return f"%{hint}{self.count}"

    def op(self, hint, text):
        name = self.fresh(hint)
        self.lines.append(f"  {name} = {text}")
        return name


def ty(shape, element="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def generate(layers, d, heads, seq, batch):
    ff = 4 * d
    dh = d // heads
    w = Writer()
    args = [("x", (batch, seq, d))]
    for i in range(layers):
        args += [(f"l{i}_g1", (d,)), (f"l{i}_b1", (d,)),
                 (f"l{i}_wqkv", (d, 3 * d)), (f"l{i}_bqkv", (3 * d,)),
                 (f"l{i}_wo", (d, d)), (f"l{i}_bo", (d,)),
                 (f"l{i}_g2", (d,)), (f"l{i}_b2", (d,)),
                 (f"l{i}_w1", (d, ff)), (f"l{i}_bf1", (ff,)),
                 (f"l{i}_w2", (ff, d)), (f"l{i}_bf2", (d,))]
    args += [("gf", (d,)), ("bf", (d,))]

    def const(value, shape):
        scalar = w.op("c", f"stablehlo.constant dense<{value}> : tensor<f32>")
        return w.op("c", f"stablehlo.broadcast_in_dim {scalar}, dims = [] : "
                         f"(tensor<f32>) -> {ty(shape)}")

    def binary(kind, a, b, shape):
        return w.op("v", f"stablehlo.{kind} {a}, {b} : {ty(shape)}")

    def bcast(value, src, dst, dims):
        return w.op("b", f"stablehlo.broadcast_in_dim {value}, dims = "
                         f"[{', '.join(map(str, dims))}] : ({ty(src)}) -> {ty(dst)}")

    def reduce(value, shape, kind, init, dim):
        out = [s for i, s in enumerate(shape) if i != dim]
        zero = w.op("c", f"stablehlo.constant dense<{init}> : tensor<f32>")
        return w.op("r", f"stablehlo.reduce({value} init: {zero}) applies "
                         f"stablehlo.{kind} across dimensions = [{dim}] : "
                         f"({ty(shape)}, tensor<f32>) -> {ty(out)}")

    def dense(value, shape, weight, bias, n):
        out = shape[:-1] + (n,)
        y = w.op("mm", f"stablehlo.dot_general {value}, %{weight}, "
                       f"contracting_dims = [{len(shape) - 1}] x [0] : "
                       f"({ty(shape)}, {ty((shape[-1], n))}) -> {ty(out)}")
        b = bcast("%" + bias, (n,), out, [len(out) - 1])
        return binary("add", y, b, out)

    def layer_norm(value, shape, gamma, beta):
        rows = shape[:-1]
        n = const(f"{float(shape[-1]):e}", rows)
        mean = binary("divide", reduce(value, shape, "add", "0.0", 2), n, rows)
        centered = binary("subtract", value, bcast(mean, rows, shape, [0, 1]),
                          shape)
        square = binary("multiply", centered, centered, shape)
        var = binary("divide", reduce(square, shape, "add", "0.0", 2), n, rows)
        inv = w.op("v", f"stablehlo.rsqrt "
                        f"{binary('add', var, const('1.0e-05', rows), rows)} "
                        f": {ty(rows)}")
        normed = binary("multiply", centered, bcast(inv, rows, shape, [0, 1]),
                        shape)
        scaled = binary("multiply", normed,
                        bcast("%" + gamma, (shape[-1],), shape, [2]), shape)
        return binary("add", scaled,
                      bcast("%" + beta, (shape[-1],), shape, [2]), shape)

    x = "%x"
    act = (batch, seq, d)
    heads_shape = (batch, heads, seq, dh)
    scores = (batch, heads, seq, seq)
    for i in range(layers):
        p = f"l{i}_"
        h = layer_norm(x, act, p + "g1", p + "b1")
        qkv = dense(h, act, p + "wqkv", p + "bqkv", 3 * d)
        split = w.op("v", f"stablehlo.reshape {qkv} : "
                          f"({ty((batch, seq, 3 * d))}) -> "
                          f"{ty((batch, seq, 3, heads, dh))}")
        perm = w.op("v", f"stablehlo.transpose {split}, dims = [2, 0, 3, 1, 4] "
                         f": ({ty((batch, seq, 3, heads, dh))}) -> "
                         f"{ty((3, batch, heads, seq, dh))}")
        parts = []
        for j in range(3):
            s = w.op("v", f"stablehlo.slice {perm} [{j}:{j + 1}, 0:{batch}, "
                          f"0:{heads}, 0:{seq}, 0:{dh}] : "
                          f"({ty((3, batch, heads, seq, dh))}) -> "
                          f"{ty((1, batch, heads, seq, dh))}")
            parts.append(w.op("v", f"stablehlo.reshape {s} : "
                                   f"({ty((1, batch, heads, seq, dh))}) -> "
                                   f"{ty(heads_shape)}"))
        q, k, v = parts
        s = w.op("mm", f"stablehlo.dot_general {q}, {k}, batching_dims = "
                       f"[0, 1] x [0, 1], contracting_dims = [3] x [3] : "
                       f"({ty(heads_shape)}, {ty(heads_shape)}) -> {ty(scores)}")
        s = binary("multiply", s, const(f"{dh ** -0.5:e}", scores), scores)
        # Causal mask: key position > query position gets -inf.
        rows = w.op("i", f"stablehlo.iota dim = 2 : {ty(scores, 'i32')}")
        cols = w.op("i", f"stablehlo.iota dim = 3 : {ty(scores, 'i32')}")
        mask = w.op("m", f"stablehlo.compare GT, {cols}, {rows}, SIGNED : "
                         f"({ty(scores, 'i32')}, {ty(scores, 'i32')}) -> "
                         f"{ty(scores, 'i1')}")
        s = w.op("v", f"stablehlo.select {mask}, "
                      f"{const('0xFF800000', scores)}, {s} : "
                      f"{ty(scores, 'i1')}, {ty(scores)}")
        top = reduce(s, scores, "maximum", "0xFF800000", 3)
        e = w.op("v", f"stablehlo.exponential "
                      f"{binary('subtract', s, bcast(top, scores[:3], scores, [0, 1, 2]), scores)}"
                      f" : {ty(scores)}")
        total = reduce(e, scores, "add", "0.0", 3)
        att = binary("divide", e, bcast(total, scores[:3], scores, [0, 1, 2]),
                     scores)
        o = w.op("mm", f"stablehlo.dot_general {att}, {v}, batching_dims = "
                       f"[0, 1] x [0, 1], contracting_dims = [3] x [2] : "
                       f"({ty(scores)}, {ty(heads_shape)}) -> {ty(heads_shape)}")
        o = w.op("v", f"stablehlo.transpose {o}, dims = [0, 2, 1, 3] : "
                      f"({ty(heads_shape)}) -> {ty((batch, seq, heads, dh))}")
        o = w.op("v", f"stablehlo.reshape {o} : "
                      f"({ty((batch, seq, heads, dh))}) -> {ty(act)}")
        x = binary("add", x, dense(o, act, p + "wo", p + "bo", d), act)
        h = layer_norm(x, act, p + "g2", p + "b2")
        u = dense(h, act, p + "w1", p + "bf1", ff)
        wide = (batch, seq, ff)
        # tanh GELU: 0.5 u (1 + tanh(sqrt(2/pi) (u + 0.044715 u^3)))
        cube = binary("multiply", binary("multiply", u, u, wide), u, wide)
        inner = binary("add", u,
                       binary("multiply", cube, const("4.471500e-02", wide), wide),
                       wide)
        t = w.op("v", f"stablehlo.tanh "
                      f"{binary('multiply', inner, const('7.978846e-01', wide), wide)}"
                      f" : {ty(wide)}")
        g = binary("multiply",
                   binary("multiply", u, const("5.000000e-01", wide), wide),
                   binary("add", t, const("1.000000e+00", wide), wide), wide)
        x = binary("add", x, dense(g, wide, p + "w2", p + "bf2", d), act)
    y = layer_norm(x, act, "gf", "bf")
    signature = ",\n    ".join(f"%{name}: {ty(shape)}" for name, shape in args)
    return (f"// A {layers}-layer pre-LN transformer (d_model {d}, {heads} heads, "
            f"seq {seq}, batch {batch}),\n// written by "
            f"benchmarks/compile/gen_transformer.py.\n"
            f"func.func @main(\n    {signature}) -> {ty(act)} {{\n"
            + "\n".join(w.lines) + f"\n  return {y} : {ty(act)}\n}}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("layers", type=int)
    parser.add_argument("--d-model", type=int, default=256)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--seq", type=int, default=128)
    parser.add_argument("--batch", type=int, default=2)
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args()
    if args.layers < 1 or args.d_model % args.heads:
        parser.error("need layers >= 1 and d_model divisible by heads")
    text = generate(args.layers, args.d_model, args.heads, args.seq, args.batch)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
