#!/usr/bin/env python3
"""Differential tests: the compiled CPU path against the reference evaluator.

Generates small programs for every op family (elementwise unary and binary
ops, compare, convert, select/clamp, the structural ops: reduce,
reduce_window, dot_general, convolution, transpose, broadcast_in_dim,
reshape, slice, concatenate, pad, reverse, iota, dynamic_slice, gather,
torch_index_select, scatter, sort, while/if/case; and fft, triangular_solve, cholesky, ragged_dot,
scan, the batch norm ops, rng_bit_generator with THREE_FRY and PHILOX, rng, the
collectives of one process), for every element type the CPU target supports and
several shapes (rank 0, dimensions of size 0 and 1). Inputs are random,
seeded, with the edge values of each type (zeros, extremes, infinities,
NaN; 0 and -1 divisors; shift amounts past the width). Each case runs
through `hlox-run` compiled, compiled with `--vectorize=false`, compiled
with `--strict-numerics` (libm, no FMA, scalar order: compared with the
evaluator with no allowance for FMA) and `hlox-run --interpret` on the same
.npy inputs. The vectorized and scalar
kernels must agree bit for bit, and so must control flow run on the host
and inside kernels (`--host-control-flow=always|never`, for the while/if/
case cases). rng draws from one engine per run in both paths, so its
numbers agree exactly too. Compiled and interpreted outputs must agree
exactly for integers and booleans, and for
floats within the case's ULP bound: 0 for IEEE-exact ops and data movement,
4 for transcendental functions (libm against the evaluator's double), and
64 for float contractions (dot_general, convolution), whose summation order
the spec leaves to the implementation; those may also differ by 64 ULPs of
the result's largest magnitude (a sum that cancels carries the rounding
error of its large terms). f32 elementwise cases that add a product may
differ by a few ULPs of the largest magnitude as well (FMA contraction,
on by default there: the product's rounding carried through a difference
that cancels). `--compile-flag=F` runs the compiled path with flag F
instead of the default ones (`--compile-flag=--fp-contract`: FMA
contraction everywhere), against the evaluator only.

Prints `N passed, N failed` and exits 1 on any disagreement.
"""

import argparse
import concurrent.futures
import math
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npy  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

FLOATS = ["f16", "f32", "f64"]
SIGNED = ["i8", "i16", "i32", "i64"]
UNSIGNED = ["ui8", "ui16", "ui32", "ui64"]
INTS = SIGNED + UNSIGNED
SHAPES = [(), (0,), (1,), (7,), (3, 4), (1, 5), (2, 0, 3)]
TRANSCENDENTAL_ULPS = 4
CONTRACTION_ULPS = 64


def tensor(shape, element):
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def count(shape):
    return math.prod(shape)


def int_range(element):
    bits = int(element.lstrip("ui"))
    if element.startswith("u"):
        return 0, 2 ** bits - 1
    return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1


def values(rng, element, n, kind="any"):
    if element.startswith("complex<"):  # (real, imaginary) pairs
        return values(rng, element[len("complex<"):-1], 2 * n, kind)
    if element == "i1":
        return [rng.random() < 0.5 for _ in range(n)]
    if element in FLOATS:
        special = [0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"),
                   float("nan"), 0.5, 1e-3, 3.0]
        if kind == "positive":
            return [rng.choice([1e-3, 0.5, 1.0, 2.0, 7.5, 100.0])
                    if rng.random() < 0.3 else rng.uniform(1e-3, 50)
                    for _ in range(n)]
        if kind == "small":
            return [rng.uniform(-3, 3) for _ in range(n)]
        if kind == "exp":  # exp's whole f32 range: subnormal to overflow
            return [rng.choice(special) if rng.random() < 0.01
                    else rng.uniform(-104, 89) for _ in range(n)]
        return [rng.choice(special) if rng.random() < 0.3
                else rng.uniform(-20, 20) for _ in range(n)]
    lo, hi = int_range(element)
    if kind == "shift":
        bits = int(element.lstrip("ui"))
        return [rng.randint(0, bits + 3) for _ in range(n)]
    if kind == "small":
        return [rng.randint(max(lo, -4), min(hi, 4)) for _ in range(n)]
    edge = [lo, hi, 0, 1, min(hi, 2), max(lo, -1)]
    return [rng.choice(edge) if rng.random() < 0.3 else rng.randint(lo, hi)
            for _ in range(n)]


class Case:
    """A program, its inputs and the ULP bound of its float results."""

    def __init__(self, name, body, args, results, ulps=0, host_flow=False,
                 fused_ulps=0):
        self.name, self.body, self.args, self.results, self.ulps = (
            name, body, args, results, ulps)
        # f32 elementwise code adds a multiply's product unrounded (FMA
        # contraction, docs/numerics.md): results may then also differ by
        # this many ULPs of the largest result magnitude, the product's
        # rounding carried through a difference that cancels. Not where the
        # compile flags turn contraction off.
        self.fused_ulps = fused_ulps
        # Control flow: also run with it on the host and in kernels, each
        # bit for bit as the default.
        self.host_flow = host_flow

    def program(self):
        params = ", ".join(f"%a{i}: {tensor(s, e)}"
                           for i, (s, e, _) in enumerate(self.args))
        rets = ", ".join(tensor(s, e) for s, e in self.results)
        return (f"func.func @main({params}) -> ({rets}) {{\n{self.body}\n}}\n")


def unary_cases(rng):
    float_ops = {"abs": 0, "negate": 0, "sign": 0, "floor": 0, "ceil": 0,
                 "round_nearest_afz": 0, "round_nearest_even": 0, "sqrt": 0,
                 "rsqrt": 1, "cbrt": TRANSCENDENTAL_ULPS,
                 "exponential": TRANSCENDENTAL_ULPS,
                 "exponential_minus_one": TRANSCENDENTAL_ULPS,
                 "log": TRANSCENDENTAL_ULPS, "log_plus_one": TRANSCENDENTAL_ULPS,
                 "logistic": TRANSCENDENTAL_ULPS, "sine": TRANSCENDENTAL_ULPS,
                 "cosine": TRANSCENDENTAL_ULPS, "tan": TRANSCENDENTAL_ULPS,
                 "tanh": TRANSCENDENTAL_ULPS}
    int_ops = ["abs", "negate", "not", "popcnt", "count_leading_zeros", "sign"]
    for op, ulps in float_ops.items():
        for element in FLOATS:
            shape = rng.choice(SHAPES)
            t = tensor(shape, element)
            kind = "small" if op in ("sine", "cosine", "tan") else "any"
            yield Case(f"{op}_{element}_{shape}",
                       f"  %0 = stablehlo.{op} %a0 : {t}\n  return %0 : {t}",
                       [(shape, element, kind)], [(shape, element)], ulps)
    for op in int_ops:
        for element in INTS:
            if op in ("abs", "negate", "sign") and element in UNSIGNED:
                continue
            shape = rng.choice(SHAPES)
            t = tensor(shape, element)
            yield Case(f"{op}_{element}_{shape}",
                       f"  %0 = stablehlo.{op} %a0 : {t}\n  return %0 : {t}",
                       [(shape, element, "any")], [(shape, element)])
    for element in FLOATS:
        shape = rng.choice(SHAPES)
        yield Case(f"is_finite_{element}",
                   f"  %0 = stablehlo.is_finite %a0 : ({tensor(shape, element)})"
                   f" -> {tensor(shape, 'i1')}\n"
                   f"  return %0 : {tensor(shape, 'i1')}",
                   [(shape, element, "any")], [(shape, "i1")])


def binary_cases(rng):
    common = {"add": 0, "subtract": 0, "multiply": 0, "divide": 0,
              "remainder": 0, "maximum": 0, "minimum": 0}
    for op, ulps in list(common.items()) + [("power", TRANSCENDENTAL_ULPS),
                                            ("atan2", TRANSCENDENTAL_ULPS)]:
        for element in FLOATS + (INTS if op not in ("atan2",) else []):
            if op == "power" and element in INTS:
                kinds = ("small", "small")
            else:
                kinds = ("any", "any")
            shape = rng.choice(SHAPES)
            t = tensor(shape, element)
            yield Case(f"{op}_{element}_{shape}",
                       f"  %0 = stablehlo.{op} %a0, %a1 : {t}\n"
                       f"  return %0 : {t}",
                       [(shape, element, kinds[0]), (shape, element, kinds[1])],
                       [(shape, element)], ulps)
    for op in ("and", "or", "xor", "shift_left", "shift_right_logical",
               "shift_right_arithmetic"):
        for element in INTS + (["i1"] if not op.startswith("shift") else []):
            shape = rng.choice(SHAPES)
            t = tensor(shape, element)
            kind = "shift" if op.startswith("shift") else "any"
            yield Case(f"{op}_{element}_{shape}",
                       f"  %0 = stablehlo.{op} %a0, %a1 : {t}\n"
                       f"  return %0 : {t}",
                       [(shape, element, "any"), (shape, element, kind)],
                       [(shape, element)])


def compare_cases(rng):
    for direction in ("EQ", "NE", "LT", "LE", "GT", "GE"):
        for element in FLOATS + INTS:
            kinds = ["FLOAT", "TOTALORDER"] if element in FLOATS else [
                "UNSIGNED" if element in UNSIGNED else "SIGNED"]
            for kind in kinds:
                shape = rng.choice(SHAPES)
                t, b = tensor(shape, element), tensor(shape, "i1")
                yield Case(f"compare_{direction}_{kind}_{element}",
                           f"  %0 = stablehlo.compare {direction}, %a0, %a1, "
                           f"{kind} : ({t}, {t}) -> {b}\n  return %0 : {b}",
                           [(shape, element, "any"), (shape, element, "any")],
                           [(shape, "i1")])


def convert_cases(rng):
    types = FLOATS + INTS + ["i1"]
    for src in types:
        for dst in types:
            if src == dst:
                continue
            shape = rng.choice([(7,), (3, 4), (0,), ()])
            yield Case(f"convert_{src}_to_{dst}",
                       f"  %0 = stablehlo.convert %a0 : ({tensor(shape, src)}) "
                       f"-> {tensor(shape, dst)}\n"
                       f"  return %0 : {tensor(shape, dst)}",
                       [(shape, src, "any")], [(shape, dst)])
    # bf16 has no .npy type: its cases enter and leave through f32.
    for op, ulps in (("add", 0), ("multiply", 0), ("exponential", TRANSCENDENTAL_ULPS),
                     ("tanh", TRANSCENDENTAL_ULPS), ("sqrt", 0)):
        shape = (3, 4)
        f, h = tensor(shape, "f32"), tensor(shape, "bf16")
        body = (f"  %0 = stablehlo.convert %a0 : ({f}) -> {h}\n"
                f"  %1 = stablehlo.convert %a1 : ({f}) -> {h}\n")
        if op in ("add", "multiply"):
            body += f"  %2 = stablehlo.{op} %0, %1 : {h}\n"
        else:
            body += f"  %2 = stablehlo.{op} %0 : {h}\n"
        body += (f"  %3 = stablehlo.convert %2 : ({h}) -> {f}\n"
                 f"  return %3 : {f}")
        yield Case(f"{op}_bf16", body,
                   [(shape, "f32", "any"), (shape, "f32", "any")],
                   [(shape, "f32")], ulps * 2 ** 16)


def structural_cases(rng):
    cases = []
    for element in ["f32", "i32", "ui16", "f64", "i8"]:
        zero = "0.0" if element in FLOATS else "0"
        # Below every "small" input.
        lowest = ("-100.0" if element in FLOATS else
                  "0" if element.startswith("ui") else "-100")
        t = lambda *shape: tensor(shape, element)  # noqa: E731
        cases += [
            Case(f"reduce_sum_{element}",
                 f"  %z = stablehlo.constant dense<{zero}> : {t()}\n"
                 f"  %0 = stablehlo.reduce(%a0 init: %z) applies stablehlo.add "
                 f"across dimensions = [1] : ({t(3, 5)}, {t()}) -> {t(3)}\n"
                 f"  return %0 : {t(3)}",
                 [((3, 5), element, "small")], [((3,), element)]),
            Case(f"reduce_max_{element}",
                 f"  %z = stablehlo.constant dense<{zero}> : {t()}\n"
                 f"  %0 = stablehlo.reduce(%a0 init: %z) applies stablehlo.maximum "
                 f"across dimensions = [0, 1] : ({t(4, 0)}, {t()}) -> {t()}\n"
                 f"  return %0 : {t()}",
                 [((4, 0), element, "any")], [((), element)]),
            Case(f"dot_general_{element}",
                 f"  %0 = stablehlo.dot_general %a0, %a1, batching_dims = [0] x "
                 f"[0], contracting_dims = [2] x [1] : ({t(2, 3, 4)}, "
                 f"{t(2, 4, 5)}) -> {t(2, 3, 5)}\n  return %0 : {t(2, 3, 5)}",
                 [((2, 3, 4), element, "small"), ((2, 4, 5), element, "small")],
                 [((2, 3, 5), element)],
                 CONTRACTION_ULPS if element in FLOATS else 0),
            Case(f"transpose_{element}",
                 f"  %0 = stablehlo.transpose %a0, dims = [2, 0, 1] : "
                 f"({t(2, 3, 4)}) -> {t(4, 2, 3)}\n  return %0 : {t(4, 2, 3)}",
                 [((2, 3, 4), element, "any")], [((4, 2, 3), element)]),
            Case(f"broadcast_reshape_{element}",
                 f"  %0 = stablehlo.broadcast_in_dim %a0, dims = [1] : ({t(3)}) "
                 f"-> {t(2, 3)}\n  %1 = stablehlo.reshape %0 : ({t(2, 3)}) -> "
                 f"{t(3, 2)}\n  return %1 : {t(3, 2)}",
                 [((3,), element, "any")], [((3, 2), element)]),
            Case(f"slice_concat_reverse_{element}",
                 f"  %0 = stablehlo.slice %a0 [1:4:2, 0:3] : ({t(5, 3)}) -> "
                 f"{t(2, 3)}\n  %1 = stablehlo.concatenate %0, %a1, dim = 0 : "
                 f"({t(2, 3)}, {t(1, 3)}) -> {t(3, 3)}\n  %2 = stablehlo.reverse "
                 f"%1, dims = [0, 1] : {t(3, 3)}\n  return %2 : {t(3, 3)}",
                 [((5, 3), element, "any"), ((1, 3), element, "any")],
                 [((3, 3), element)]),
            Case(f"pad_{element}",
                 f"  %p = stablehlo.constant dense<{zero}> : {t()}\n"
                 f"  %0 = stablehlo.pad %a0, %p, low = [1, -1], high = [-1, 2], "
                 f"interior = [1, 0] : ({t(3, 4)}, {t()}) -> {t(5, 5)}\n"
                 f"  return %0 : {t(5, 5)}",
                 [((3, 4), element, "any")], [((5, 5), element)]),
            Case(f"select_clamp_{element}",
                 f"  %c = stablehlo.compare LT, %a0, %a1 : ({t(6)}, {t(6)}) -> "
                 f"{tensor((6,), 'i1')}\n  %0 = stablehlo.select %c, %a0, %a1 : "
                 f"{tensor((6,), 'i1')}, {t(6)}\n  %1 = stablehlo.clamp %a1, %0, "
                 f"%a0 : {t(6)}\n  return %1 : {t(6)}",
                 [((6,), element, "any"), ((6,), element, "any")],
                 [((6,), element)]),
            Case(f"dynamic_slice_{element}",
                 f"  %i = stablehlo.constant dense<3> : tensor<i32>\n"
                 f"  %j = stablehlo.constant dense<-2> : tensor<i32>\n"
                 f"  %0 = stablehlo.dynamic_slice %a0, %i, %j, sizes = [2, 2] : "
                 f"({t(4, 4)}, tensor<i32>, tensor<i32>) -> {t(2, 2)}\n"
                 f"  %1 = stablehlo.dynamic_update_slice %a0, %0, %j, %i : "
                 f"({t(4, 4)}, {t(2, 2)}, tensor<i32>, tensor<i32>) -> {t(4, 4)}\n"
                 f"  return %1 : {t(4, 4)}",
                 [((4, 4), element, "any")], [((4, 4), element)]),
            Case(f"reduce_window_{element}",
                 f"  %z = stablehlo.constant dense<{zero}> : {t()}\n"
                 f"  %0 = \"stablehlo.reduce_window\"(%a0, %z) <{{window_dimensions = "
                 f"array<i64: 2, 3>, window_strides = array<i64: 1, 2>, "
                 f"base_dilations = array<i64: 1, 2>, window_dilations = "
                 f"array<i64: 2, 1>, padding = dense<[[1, 0], [0, 1]]> : "
                 f"tensor<2x2xi64>}}> ({{\n  ^bb0(%x: {t()}, %y: {t()}):\n"
                 f"    %s = stablehlo.maximum %x, %y : {t()}\n"
                 f"    stablehlo.return %s : {t()}\n  }}) : ({t(4, 3)}, {t()}) -> "
                 f"{t(3, 2)}\n  return %0 : {t(3, 2)}",
                 [((4, 3), element, "any")], [((3, 2), element)]),
            Case(f"sort_{element}",
                 f"  %0:2 = \"stablehlo.sort\"(%a0, %a1) <{{dimension = 1 : i64, "
                 f"is_stable = true}}> ({{\n  ^bb0(%x: {t()}, %y: {t()}, "
                 f"%u: {t()}, %v: {t()}):\n    %c = stablehlo.compare GT, %x, %y,"
                 f" TOTALORDER : ({t()}, {t()}) -> tensor<i1>\n"
                 f"    stablehlo.return %c : tensor<i1>\n  }}) : ({t(3, 6)}, "
                 f"{t(3, 6)}) -> ({t(3, 6)}, {t(3, 6)})\n"
                 f"  return %0#0, %0#1 : {t(3, 6)}, {t(3, 6)}"
                 if element in FLOATS else
                 f"  %0:2 = \"stablehlo.sort\"(%a0, %a1) <{{dimension = 1 : i64, "
                 f"is_stable = true}}> ({{\n  ^bb0(%x: {t()}, %y: {t()}, "
                 f"%u: {t()}, %v: {t()}):\n    %c = stablehlo.compare LT, %x, %y"
                 f" : ({t()}, {t()}) -> tensor<i1>\n"
                 f"    stablehlo.return %c : tensor<i1>\n  }}) : ({t(3, 6)}, "
                 f"{t(3, 6)}) -> ({t(3, 6)}, {t(3, 6)})\n"
                 f"  return %0#0, %0#1 : {t(3, 6)}, {t(3, 6)}",
                 [((3, 6), element, "small"), ((3, 6), element, "any")],
                 [((3, 6), element), ((3, 6), element)]),
            Case(f"torch_index_select_{element}",
                 f"  %i = stablehlo.constant dense<[[0, 3, 1], [2, 2, 0]]> : "
                 f"tensor<2x3xi32>\n"
                 f"  %j = stablehlo.constant dense<[[0, 2, 1], [2, 2, 0]]> : "
                 f"tensor<2x3xi32>\n"
                 f"  %0 = \"stablehlo.torch_index_select\"(%a0, %i) {{dim = 1 : "
                 f"i64, batch_dims = 1 : i64}} : ({t(2, 4, 3)}, tensor<2x3xi32>)"
                 f" -> {t(2, 3, 3)}\n"
                 f"  %1 = \"stablehlo.torch_index_select\"(%a0, %j) {{dim = 2 : "
                 f"i64, batch_dims = 0 : i64}} : ({t(2, 4, 3)}, tensor<2x3xi32>)"
                 f" -> {t(2, 4, 2, 3)}\n"
                 f"  return %0, %1 : {t(2, 3, 3)}, {t(2, 4, 2, 3)}",
                 [((2, 4, 3), element, "any")],
                 [((2, 3, 3), element), ((2, 4, 2, 3), element)]),
            Case(f"gather_scatter_{element}",
                 f"  %i = stablehlo.constant dense<[[0], [4], [2], [-1], [2]]> : "
                 f"tensor<5x1xi32>\n"
                 f"  %g = \"stablehlo.gather\"(%a0, %i) <{{dimension_numbers = "
                 f"#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],"
                 f" start_index_map = [0], index_vector_dim = 1>, slice_sizes = "
                 f"array<i64: 1, 3>}}> : ({t(5, 3)}, tensor<5x1xi32>) -> "
                 f"{t(5, 3)}\n"
                 f"  %s = \"stablehlo.scatter\"(%a0, %i, %g) <{{"
                 f"scatter_dimension_numbers = #stablehlo.scatter<"
                 f"update_window_dims = [1], inserted_window_dims = [0], "
                 f"scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> "
                 f"({{\n  ^bb0(%x: {t()}, %y: {t()}):\n"
                 f"    %m = stablehlo.add %x, %y : {t()}\n"
                 f"    stablehlo.return %m : {t()}\n  }}) : ({t(5, 3)}, "
                 f"tensor<5x1xi32>, {t(5, 3)}) -> {t(5, 3)}\n"
                 f"  return %s : {t(5, 3)}",
                 [((5, 3), element, "small")], [((5, 3), element)]),
            # Shapes the partitioned check splits: each device gathers,
            # scatters and updates its columns, takes its batch items'
            # elements, and reduces its part of the rows (an argmax,
            # whose two results its body couples).
            Case(f"indexing_split_{element}",
                 f"  %i = stablehlo.constant dense<[[1], [3], [0], [-1]]> : "
                 f"tensor<4x1xi32>\n"
                 f"  %g = \"stablehlo.gather\"(%a0, %i) <{{dimension_numbers = "
                 f"#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],"
                 f" start_index_map = [0], index_vector_dim = 1>, slice_sizes = "
                 f"array<i64: 1, 8>}}> : ({t(4, 8)}, tensor<4x1xi32>) -> "
                 f"{t(4, 8)}\n"
                 f"  %j = stablehlo.constant dense<[[2], [0], [2], [5]]> : "
                 f"tensor<4x1xi32>\n"
                 f"  %s = \"stablehlo.scatter\"(%a1, %j, %g) <{{"
                 f"scatter_dimension_numbers = #stablehlo.scatter<"
                 f"update_window_dims = [1], inserted_window_dims = [0], "
                 f"scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> "
                 f"({{\n  ^bb0(%x: {t()}, %y: {t()}):\n"
                 f"    %m = stablehlo.add %x, %y : {t()}\n"
                 f"    stablehlo.return %m : {t()}\n  }}) : ({t(4, 8)}, "
                 f"tensor<4x1xi32>, {t(4, 8)}) -> {t(4, 8)}\n"
                 f"  %r = stablehlo.slice %a0 [2:3, 0:8] : ({t(4, 8)}) -> {t(1, 8)}\n"
                 f"  %p = stablehlo.constant dense<1> : tensor<i32>\n"
                 f"  %z = stablehlo.constant dense<0> : tensor<i32>\n"
                 f"  %u = stablehlo.dynamic_update_slice %s, %r, %p, %z : "
                 f"({t(4, 8)}, {t(1, 8)}, tensor<i32>, tensor<i32>) -> {t(4, 8)}\n"
                 f"  %k = stablehlo.constant dense<[[5], [0], [7], [9]]> : "
                 f"tensor<4x1xi32>\n"
                 f"  %e = \"stablehlo.gather\"(%a1, %k) <{{dimension_numbers = "
                 f"#stablehlo.gather<collapsed_slice_dims = [1], "
                 f"operand_batching_dims = [0], start_indices_batching_dims = "
                 f"[0], start_index_map = [1], index_vector_dim = 1>, "
                 f"slice_sizes = array<i64: 1, 1>}}> : ({t(4, 8)}, "
                 f"tensor<4x1xi32>) -> {t(4)}\n"
                 f"  %n = stablehlo.iota dim = 1 : tensor<4x8xi32>\n"
                 f"  %m0 = stablehlo.constant dense<{lowest}> : {t()}\n"
                 f"  %m:2 = stablehlo.reduce(%a0 init: %m0), (%n init: %z) "
                 f"across dimensions = [1] : ({t(4, 8)}, tensor<4x8xi32>, {t()},"
                 f" tensor<i32>) -> ({t(4)}, tensor<4xi32>)\n"
                 f"   reducer(%x: {t()}, %y: {t()}) (%ix: tensor<i32>, "
                 f"%iy: tensor<i32>) {{\n"
                 f"    %gt = stablehlo.compare GT, %x, %y : ({t()}, {t()}) -> "
                 f"tensor<i1>\n"
                 f"    %eq = stablehlo.compare EQ, %x, %y : ({t()}, {t()}) -> "
                 f"tensor<i1>\n"
                 f"    %lt = stablehlo.compare LT, %ix, %iy : (tensor<i32>, "
                 f"tensor<i32>) -> tensor<i1>\n"
                 f"    %tie = stablehlo.and %eq, %lt : tensor<i1>\n"
                 f"    %first = stablehlo.or %gt, %tie : tensor<i1>\n"
                 f"    %v = stablehlo.select %first, %x, %y : tensor<i1>, {t()}\n"
                 f"    %w = stablehlo.select %first, %ix, %iy : tensor<i1>, "
                 f"tensor<i32>\n"
                 f"    stablehlo.return %v, %w : {t()}, tensor<i32>\n  }}\n"
                 f"  return %u, %e, %m#0, %m#1 : {t(4, 8)}, {t(4)}, {t(4)}, "
                 f"tensor<4xi32>",
                 [((4, 8), element, "small"), ((4, 8), element, "small")],
                 [((4, 8), element), ((4,), element), ((4,), element),
                  ((4,), "i32")]),
            Case(f"iota_while_{element}",
                 f"  %0 = stablehlo.iota dim = 0 : {t(4)}\n"
                 f"  %n = stablehlo.constant dense<3> : tensor<i32>\n"
                 f"  %k0 = stablehlo.constant dense<0> : tensor<i32>\n"
                 f"  %one = stablehlo.constant dense<1> : tensor<i32>\n"
                 f"  %r:2 = stablehlo.while(%k = %k0, %acc = %a0) : tensor<i32>, {t(4)}\n"
                 f"   cond {{\n    %c = stablehlo.compare LT, %k, %n : "
                 f"(tensor<i32>, tensor<i32>) -> tensor<i1>\n"
                 f"    stablehlo.return %c : tensor<i1>\n  }} do {{\n"
                 f"    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
                 f"    %a1 = stablehlo.add %acc, %0 : {t(4)}\n"
                 f"    stablehlo.return %k1, %a1 : tensor<i32>, {t(4)}\n  }}\n"
                 f"  return %r#1 : {t(4)}",
                 [((4,), element, "small")], [((4,), element)]),
        ]
    for element in ["f32", "f64", "i32"]:
        t = lambda *shape: tensor(shape, element)  # noqa: E731
        cases.append(Case(
            f"convolution_{element}",
            f"  %0 = stablehlo.convolution(%a0, %a1) dim_numbers = [b, 0, 1, f]x"
            f"[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [2, 1], pad = "
            f"[[1, 1], [0, 1]], lhs_dilate = [1, 2], rhs_dilate = [2, 1]}} "
            f"{{batch_group_count = 1 : i64, feature_group_count = 2 : i64}} : "
            f"({t(2, 5, 4, 4)}, {t(2, 2, 2, 6)}) -> {t(2, 3, 7, 6)}\n"
            f"  return %0 : {t(2, 3, 7, 6)}",
            [((2, 5, 4, 4), element, "small"), ((2, 2, 2, 6), element, "small")],
            [((2, 3, 7, 6), element)],
            CONTRACTION_ULPS if element in FLOATS else 0))
    yield from cases


def linear_algebra_cases(rng):
    """fft, triangular_solve, cholesky, ragged_dot, scan, batch norm and
    rng_bit_generator."""
    cases = []
    for part in ["f32", "f64"]:
        c = f"complex<{part}>"
        t = lambda *shape, e=c: tensor(shape, e)  # noqa: E731
        for kind in ["FFT", "IFFT"]:
            cases.append(Case(
                f"fft_{kind.lower()}_{part}",
                f"  %0 = stablehlo.fft %a0, type = {kind}, length = [3, 5] : "
                f"({t(2, 3, 5)}) -> {t(2, 3, 5)}\n  return %0 : {t(2, 3, 5)}",
                [((2, 3, 5), c, "small")], [((2, 3, 5), c)], CONTRACTION_ULPS))
        cases.append(Case(
            f"fft_rfft_irfft_{part}",
            f"  %0 = stablehlo.fft %a0, type = RFFT, length = [4, 6] : "
            f"({tensor((3, 4, 6), part)}) -> {t(3, 4, 4)}\n"
            f"  %1 = stablehlo.fft %0, type = IRFFT, length = [4, 6] : "
            f"({t(3, 4, 4)}) -> {tensor((3, 4, 6), part)}\n"
            f"  return %0, %1 : {t(3, 4, 4)}, {tensor((3, 4, 6), part)}",
            [((3, 4, 6), part, "small")],
            [((3, 4, 4), c), ((3, 4, 6), part)], CONTRACTION_ULPS))
    for element in ["f32", "f64", "complex<f32>"]:
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        for left, lower, transpose in [("true", "true", "NO_TRANSPOSE"),
                                       ("false", "false", "TRANSPOSE"),
                                       ("true", "false", "ADJOINT")]:
            b = (2, 4, 3) if left == "true" else (2, 3, 4)
            cases.append(Case(
                f"triangular_solve_{element}_{left}_{lower}_{transpose}",
                f"  %0 = \"stablehlo.triangular_solve\"(%a0, %a1) "
                f"{{left_side = {left}, lower = {lower}, unit_diagonal = false, "
                f"transpose_a = #stablehlo<transpose {transpose}>}} : "
                f"({t(2, 4, 4)}, {t(*b)}) -> {t(*b)}\n  return %0 : {t(*b)}",
                [((2, 4, 4), element, "positive"), (b, element, "small")],
                [(b, element)], CONTRACTION_ULPS))
    for element in ["f32", "i32"]:
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        cases.append(Case(
            f"ragged_dot_{element}",
            f"  %g = stablehlo.constant dense<[2, 0, 3]> : tensor<3xi64>\n"
            f"  %0 = \"chlo.ragged_dot\"(%a0, %a1, %g) {{"
            f"ragged_dot_dimension_numbers = #chlo.ragged_dot<"
            f"lhs_batching_dimensions = [], rhs_batching_dimensions = [], "
            f"lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],"
            f" lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}} : "
            f"({t(6, 4)}, {t(3, 4, 5)}, tensor<3xi64>) -> {t(6, 5)}\n"
            f"  return %0 : {t(6, 5)}",
            [((6, 4), element, "small"), ((3, 4, 5), element, "small")],
            [((6, 5), element)], CONTRACTION_ULPS if element in FLOATS else 0))
        cases.append(Case(
            f"scan_{element}",
            f"  %z = stablehlo.constant dense<{'1.0' if element in FLOATS else '1'}>"
            f" : {t(3)}\n"
            f"  %0:2 = chlo.scan(%a0) inits(%z) dimension=1 "
            f"attributes {{is_reverse = true}} {{\n"
            f"  ^bb0(%x: {t(3)}, %c: {t(3)}):\n"
            f"    %m = stablehlo.multiply %x, %c : {t(3)}\n"
            f"    %s = stablehlo.add %m, %x : {t(3)}\n"
            f"    stablehlo.return %s, %m : {t(3)}, {t(3)}\n"
            f"  }} : ({t(3, 5)}, {t(3)}) -> ({t(3, 5)}, {t(3)})\n"
            f"  return %0#0, %0#1 : {t(3, 5)}, {t(3)}",
            [((3, 5), element, "small")], [((3, 5), element), ((3,), element)]))
    for element in ["f32", "f64", "complex<f32>"]:
        # a a^H + 4 I is positive definite.
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        four = "(4.0, 0.0)" if element.startswith("complex") else "4.0"
        zero = "(0.0, 0.0)" if element.startswith("complex") else "0.0"
        adjoint = ("  %h = chlo.conj %a0 : " + f"{t(2, 3, 3)} -> {t(2, 3, 3)}\n"
                   if element.startswith("complex") else
                   "  %h = stablehlo.add %a0, %z : " + f"{t(2, 3, 3)}\n")
        for lower in ["true", "false"]:
            cases.append(Case(
                f"cholesky_{element}_{lower}",
                f"  %z = stablehlo.constant dense<{zero}> : {t(2, 3, 3)}\n"
                + adjoint +
                f"  %m = stablehlo.dot_general %a0, %h, batching_dims = [0] x "
                f"[0], contracting_dims = [2] x [2] : ({t(2, 3, 3)}, "
                f"{t(2, 3, 3)}) -> {t(2, 3, 3)}\n"
                f"  %i = stablehlo.iota dim = 1 : tensor<2x3x3xi32>\n"
                f"  %j = stablehlo.iota dim = 2 : tensor<2x3x3xi32>\n"
                f"  %d = stablehlo.compare EQ, %i, %j : (tensor<2x3x3xi32>, "
                f"tensor<2x3x3xi32>) -> tensor<2x3x3xi1>\n"
                f"  %f = stablehlo.constant dense<{four}> : {t(2, 3, 3)}\n"
                f"  %s = stablehlo.select %d, %f, %z : tensor<2x3x3xi1>, "
                f"{t(2, 3, 3)}\n"
                f"  %p = stablehlo.add %m, %s : {t(2, 3, 3)}\n"
                f"  %0 = \"stablehlo.cholesky\"(%p) {{lower = {lower}}} : "
                f"({t(2, 3, 3)}) -> {t(2, 3, 3)}\n"
                f"  return %0 : {t(2, 3, 3)}",
                [((2, 3, 3), element, "small")], [((2, 3, 3), element)],
                CONTRACTION_ULPS))
    for element, feature in [("f32", 2), ("f64", 0), ("f16", 1)]:
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        shape = (2, 3, 4)
        f = (shape[feature],)
        attrs = f"{{epsilon = 1.0e-3 : f32, feature_index = {feature} : i64}}"
        cases.append(Case(
            f"batch_norm_{element}_{feature}",
            f"  %0 = \"stablehlo.batch_norm_inference\"(%a0, %a1, %a2, %a3, %a4) "
            f"{attrs} : ({t(*shape)}, {t(*f)}, {t(*f)}, {t(*f)}, {t(*f)}) -> "
            f"{t(*shape)}\n"
            f"  %1:3 = \"stablehlo.batch_norm_training\"(%a0, %a1, %a2) {attrs}"
            f" : ({t(*shape)}, {t(*f)}, {t(*f)}) -> ({t(*shape)}, {t(*f)}, "
            f"{t(*f)})\n"
            f"  %2:3 = \"stablehlo.batch_norm_grad\"(%a0, %a1, %a3, %a4, %a5) "
            f"{attrs} : ({t(*shape)}, {t(*f)}, {t(*f)}, {t(*f)}, {t(*shape)}) "
            f"-> ({t(*shape)}, {t(*f)}, {t(*f)})\n"
            f"  return %0, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2 : {t(*shape)}, "
            f"{t(*shape)}, {t(*f)}, {t(*f)}, {t(*shape)}, {t(*f)}, {t(*f)}",
            [(shape, element, "small"), (f, element, "small"),
             (f, element, "small"), (f, element, "small"),
             (f, element, "positive"), (shape, element, "small")],
            [(shape, element), (shape, element), (f, element), (f, element),
             (shape, element), (f, element), (f, element)],
            CONTRACTION_ULPS))
    for element in ["ui32", "ui64", "i32"]:
        for algorithm, words in [("THREE_FRY", 2), ("PHILOX", 2),
                                 ("PHILOX", 3)]:
            shape = rng.choice([(3, 3), (5,), (1,), (0,)])
            state = tensor((words,), "ui64")
            cases.append(Case(
                f"rng_bit_generator_{algorithm.lower()}{words}_{element}",
                f"  %0:2 = stablehlo.rng_bit_generator %a0, algorithm = "
                f"{algorithm} : ({state}) -> ({state}, "
                f"{tensor(shape, element)})\n"
                f"  return %0#0, %0#1 : {state}, {tensor(shape, element)}",
                [((words,), "ui64", "any")],
                [((words,), "ui64"), (shape, element)]))
    yield from cases


def random_cases(rng):
    """rng of every element type and both distributions, parameters given
    as arguments (f32 ones converted for bf16 and f8E4M3FN, which .npy files
    lack), in order and in a loop on the host."""
    cases = []
    for element in FLOATS + ["bf16", "f8E4M3FN"] + INTS + ["i1"]:
        is_float = element in FLOATS or element in ("bf16", "f8E4M3FN")
        for distribution in ["UNIFORM", "NORMAL"] if is_float else ["UNIFORM"]:
            shape = rng.choice([(7,), (2, 3), (0,), (1,)])
            io = element if element in npy.FORMATS else "f32"
            t = tensor(shape, element)
            dims = ", ".join(str(d) for d in shape)
            body = ""
            params = ["%a0", "%a1"]
            if io != element:
                for i in range(2):
                    body += (f"  %p{i} = stablehlo.convert %a{i} : "
                             f"({tensor((), io)}) -> {tensor((), element)}\n")
                params = ["%p0", "%p1"]
            body += (f"  %s = stablehlo.constant dense<[{dims}]> : "
                     f"tensor<{len(shape)}xi64>\n"
                     f"  %0 = stablehlo.rng {params[0]}, {params[1]}, %s, "
                     f"distribution = {distribution} : ({tensor((), element)}, "
                     f"{tensor((), element)}, tensor<{len(shape)}xi64>) -> {t}\n"
                     # A second rng continues the stream.
                     f"  %1 = stablehlo.rng {params[0]}, {params[1]}, %s, "
                     f"distribution = {distribution} : ({tensor((), element)}, "
                     f"{tensor((), element)}, tensor<{len(shape)}xi64>) -> {t}\n")
            results = ["%0", "%1"]
            if io != element:
                body += "".join(
                    f"  %c{i} = stablehlo.convert {r} : ({t}) -> "
                    f"{tensor(shape, io)}\n" for i, r in enumerate(results))
                results = ["%c0", "%c1"]
            out = tensor(shape, io)
            body += f"  return {', '.join(results)} : {out}, {out}"
            kind = "positive" if distribution == "NORMAL" else "any"
            cases.append(Case(
                f"rng_{distribution.lower()}_{element}", body,
                [((), io, "small" if distribution == "NORMAL" else "any"),
                 ((), io, kind)],
                [(shape, io), (shape, io)]))
    # Draws in a loop run on the host, in order with the ones before it.
    cases.append(Case(
        "rng_while_f32",
        "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
        "  %three = stablehlo.constant dense<3> : tensor<i32>\n"
        "  %s = stablehlo.constant dense<[4]> : tensor<1xi64>\n"
        "  %u = stablehlo.rng %a0, %a1, %s, distribution = NORMAL : "
        "(tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>\n"
        "  %r:2 = stablehlo.while(%k = %zero, %v = %u) : tensor<i32>, "
        "tensor<4xf32>\n   cond {\n"
        "    %c = stablehlo.compare LT, %k, %three : (tensor<i32>, "
        "tensor<i32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n"
        "  } do {\n"
        "    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
        "    %w = stablehlo.rng %a0, %a1, %s, distribution = UNIFORM : "
        "(tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>\n"
        "    %v1 = stablehlo.multiply %v, %w : tensor<4xf32>\n"
        "    stablehlo.return %k1, %v1 : tensor<i32>, tensor<4xf32>\n"
        "  }\n  return %r#1 : tensor<4xf32>",
        [((), "f32", "small"), ((), "f32", "positive")], [((4,), "f32")]))
    return cases


def vector_cases(rng):
    """Shapes that fill vector tiles and leave remainders: contractions with
    row counts that are not multiples of 4 and column counts that are not
    multiples of the lanes, wide elementwise ops with broadcasts, and column
    reductions."""
    cases = []
    for element in ["f16", "f32", "f64", "i8", "i32", "ui16", "i64"]:
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        ulps = CONTRACTION_ULPS if element in FLOATS else 0
        for m, k, n in [(9, 21, 70), (4, 3, 160), (1, 33, 5)]:
            cases.append(Case(
                f"vector_dot_{element}_{m}x{k}x{n}",
                f"  %0 = stablehlo.dot_general %a0, %a1, contracting_dims = "
                f"[1] x [0] : ({t(m, k)}, {t(k, n)}) -> {t(m, n)}\n"
                f"  return %0 : {t(m, n)}",
                [((m, k), element, "small"), ((k, n), element, "small")],
                [((m, n), element)], ulps))
        cases.append(Case(
            f"vector_batch_dot_{element}",
            f"  %0 = stablehlo.dot_general %a0, %a1, batching_dims = [0] x [0],"
            f" contracting_dims = [1] x [1] : ({t(3, 17, 6)}, {t(3, 17, 41)})"
            f" -> {t(3, 6, 41)}\n  return %0 : {t(3, 6, 41)}",
            [((3, 17, 6), element, "small"), ((3, 17, 41), element, "small")],
            [((3, 6, 41), element)], ulps))
        cases.append(Case(
            f"vector_elementwise_{element}",
            f"  %0 = stablehlo.broadcast_in_dim %a1, dims = [1] : "
            f"({t(131)}) -> {t(5, 131)}\n"
            f"  %1 = stablehlo.multiply %a0, %0 : {t(5, 131)}\n"
            f"  %2 = stablehlo.subtract %1, %a0 : {t(5, 131)}\n"
            f"  %3 = stablehlo.maximum %2, %a0 : {t(5, 131)}\n"
            f"  return %3 : {t(5, 131)}",
            [((5, 131), element, "small"), ((131,), element, "small")],
            [((5, 131), element)], fused_ulps=2 if element == "f32" else 0))
        zero = "0.0" if element in FLOATS else "0"
        cases.append(Case(
            f"vector_column_sum_{element}",
            f"  %z = stablehlo.constant dense<{zero}> : {t()}\n"
            f"  %0 = stablehlo.reduce(%a0 init: %z) applies stablehlo.add "
            f"across dimensions = [0] : ({t(19, 37)}, {t()}) -> {t(37)}\n"
            f"  return %0 : {t(37)}",
            [((19, 37), element, "small")], [((37,), element)], ulps))
    for element in ["f32", "f64"]:
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        cases.append(Case(
            f"vector_sqrt_floor_{element}",
            f"  %0 = stablehlo.abs %a0 : {t(3, 45)}\n"
            f"  %1 = stablehlo.sqrt %0 : {t(3, 45)}\n"
            f"  %2 = stablehlo.floor %a0 : {t(3, 45)}\n"
            f"  %3 = stablehlo.rsqrt %0 : {t(3, 45)}\n"
            f"  return %1, %2, %3 : {t(3, 45)}, {t(3, 45)}, {t(3, 45)}",
            [((3, 45), element, "any")],
            [((3, 45), element), ((3, 45), element), ((3, 45), element)],
            # rsqrt is 1 / sqrt, rounded twice; sqrt and floor are exact
            # (and every result matches the scalar kernels exactly).
            TRANSCENDENTAL_ULPS))
    yield from cases


def control_flow_cases(rng):
    """while/if/case whose carries swap, forward arguments and nest; each
    runs with its control flow in kernels and on the host."""
    cases = []
    for element in ["f32", "i32"]:
        t = lambda *shape: tensor(shape, element)  # noqa: E731
        n = rng.choice([1, 5, 64])
        counter = (
            "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
            "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
            "  %three = stablehlo.constant dense<3> : tensor<i32>\n")
        less = ("    %c = stablehlo.compare LT, %k, %three : (tensor<i32>, "
                "tensor<i32>) -> tensor<i1>\n    stablehlo.return %c : "
                "tensor<i1>\n")
        # The carries trade places each iteration: a parallel assignment.
        cases.append(Case(
            f"while_swap_{element}_{n}",
            counter +
            f"  %r:3 = stablehlo.while(%k = %zero, %x = %a0, %y = %a1) : "
            f"tensor<i32>, {t(n)}, {t(n)}\n   cond {{\n{less}  }} do {{\n"
            f"    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
            f"    %s = stablehlo.subtract %x, %y : {t(n)}\n"
            f"    stablehlo.return %k1, %y, %s : tensor<i32>, {t(n)}, {t(n)}\n"
            f"  }}\n  return %r#1, %r#2, %a0 : {t(n)}, {t(n)}, {t(n)}",
            [((n,), element, "small"), ((n,), element, "small")],
            [((n,), element)] * 3, host_flow=True))
        # A loop inside a loop, whose inner bound is the outer counter.
        cases.append(Case(
            f"while_nested_{element}_{n}",
            counter +
            f"  %r:2 = stablehlo.while(%k = %zero, %x = %a0) : tensor<i32>, "
            f"{t(n)}\n   cond {{\n{less}  }} do {{\n"
            f"    %i:2 = stablehlo.while(%j = %zero, %z = %x) : tensor<i32>, "
            f"{t(n)}\n     cond {{\n      %d = stablehlo.compare LE, %j, %k : "
            f"(tensor<i32>, tensor<i32>) -> tensor<i1>\n"
            f"      stablehlo.return %d : tensor<i1>\n    }} do {{\n"
            f"      %j1 = stablehlo.add %j, %one : tensor<i32>\n"
            f"      %z1 = stablehlo.add %z, %a1 : {t(n)}\n"
            f"      stablehlo.return %j1, %z1 : tensor<i32>, {t(n)}\n    }}\n"
            f"    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
            f"    stablehlo.return %k1, %i#1 : tensor<i32>, {t(n)}\n"
            f"  }}\n  return %r#1 : {t(n)}",
            [((n,), element, "small"), ((n,), element, "small")],
            [((n,), element)], host_flow=True))
        # if on a computed predicate, case on a computed index (out of range
        # takes the last branch); a branch may return an argument.
        cases.append(Case(
            f"if_case_{element}_{n}",
            f"  %s = stablehlo.reduce(%a0 init: %a2) applies stablehlo.add "
            f"across dimensions = [0] : ({t(n)}, {t()}) -> {t()}\n"
            f"  %p = stablehlo.compare GT, %s, %a2 : ({t()}, {t()}) -> "
            f"tensor<i1>\n"
            f"  %0 = \"stablehlo.if\"(%p) ({{\n"
            f"    %m = stablehlo.multiply %a0, %a1 : {t(n)}\n"
            f"    stablehlo.return %m : {t(n)}\n  }}, {{\n"
            f"    stablehlo.return %a1 : {t(n)}\n  }}) : (tensor<i1>) -> "
            f"{t(n)}\n"
            f"  %k = stablehlo.convert %s : ({t()}) -> tensor<i32>\n"
            f"  %1:2 = \"stablehlo.case\"(%k) ({{\n"
            f"    stablehlo.return %a0, %0 : {t(n)}, {t(n)}\n  }}, {{\n"
            f"    %d = stablehlo.subtract %0, %a1 : {t(n)}\n"
            f"    stablehlo.return %d, %a1 : {t(n)}, {t(n)}\n  }}, {{\n"
            f"    stablehlo.return %0, %0 : {t(n)}, {t(n)}\n"
            f"  }}) : (tensor<i32>) -> ({t(n)}, {t(n)})\n"
            f"  return %0, %1#0, %1#1 : {t(n)}, {t(n)}, {t(n)}",
            [((n,), element, "small"), ((n,), element, "small"),
             ((), element, "small")],
            [((n,), element)] * 3, host_flow=True))
    # A token carried through a loop: an empty value among the carries
    # (it must not disturb the arena plan).
    cases.append(Case(
        "while_token_f32",
        "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
        "  %two = stablehlo.constant dense<2> : tensor<i32>\n"
        "  %t0 = stablehlo.create_token : !stablehlo.token\n"
        "  %r:3 = stablehlo.while(%k = %zero, %t = %t0, %v = %a0) : tensor<i32>,"
        " !stablehlo.token, tensor<5xf32>\n   cond {\n"
        "    %c = stablehlo.compare LT, %k, %two : (tensor<i32>, tensor<i32>)"
        " -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  } do {\n"
        "    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
        "    %t1 = stablehlo.after_all %t : !stablehlo.token\n"
        "    %v1 = stablehlo.multiply %v, %a1 : tensor<5xf32>\n"
        "    stablehlo.return %k1, %t1, %v1 : tensor<i32>, !stablehlo.token, "
        "tensor<5xf32>\n  }\n  return %r#2 : tensor<5xf32>",
        [((5,), "f32", "small"), ((5,), "f32", "small")], [((5,), "f32")],
        host_flow=True))
    # Work worth several threads: the loop runs on the host by default.
    cases.append(Case(
        "while_threaded_f32",
        "  %zero = stablehlo.constant dense<0> : tensor<i32>\n"
        "  %one = stablehlo.constant dense<1> : tensor<i32>\n"
        "  %two = stablehlo.constant dense<2> : tensor<i32>\n"
        "  %r:2 = stablehlo.while(%k = %zero, %x = %a0) : tensor<i32>, "
        "tensor<256x300xf32>\n   cond {\n"
        "    %c = stablehlo.compare LT, %k, %two : (tensor<i32>, tensor<i32>)"
        " -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  } do {\n"
        "    %k1 = stablehlo.add %k, %one : tensor<i32>\n"
        "    %m = stablehlo.multiply %x, %x : tensor<256x300xf32>\n"
        "    %y = stablehlo.subtract %m, %x : tensor<256x300xf32>\n"
        "    stablehlo.return %k1, %y : tensor<i32>, tensor<256x300xf32>\n"
        "  }\n  return %r#1 : tensor<256x300xf32>",
        [((256, 300), "f32", "small")], [((256, 300), "f32")],
        host_flow=True, fused_ulps=4))
    return cases


def exp_cases(rng):
    """f32 exp over its whole range, vectorized and scalar: inline
    arithmetic (hlox-cpu-inline-exp: in f32 by default, in f64 rounded
    once under strict numerics) is within 1 ULP of the evaluator's exp in
    double, rounded once."""
    n = 65536
    body = (f"  %0 = stablehlo.exponential %a0 : tensor<{n}xf32>\n"
            f"  return %0 : tensor<{n}xf32>")
    return [Case("exponential_f32_range", body, [((n,), "f32", "exp")],
                 [((n,), "f32")], ulps=1)]


def collective_cases(rng):
    """The collectives of a one-process program (every group is the process
    alone) and its ids, for float, integer and boolean elements."""
    cases = []
    for element in ["f32", "i32", "ui8", "i1", "f64"]:
        shape = rng.choice([(4,), (2, 3), (0,), (1, 0)])
        t = tensor(shape, element)
        s = tensor((), element)
        add = "or" if element == "i1" else "add"
        region = (f"({{\n    ^bb0(%x: {s}, %y: {s}):\n"
                  f"      %z = stablehlo.{add} %x, %y : {s}\n"
                  f"      stablehlo.return %z : {s}\n  }})")
        groups = "replica_groups = dense<[[0]]> : tensor<1x1xi64>"
        scatter = (f"  %2 = \"stablehlo.reduce_scatter\"(%a0) {region} "
                   f"{{scatter_dimension = 0 : i64, {groups}}} : ({t}) -> "
                   f"{t}\n")
        gather = (f"  %3 = \"stablehlo.all_gather\"(%a0) {{all_gather_dim = "
                  f"0 : i64, {groups}}} : ({t}) -> {t}\n")
        cases.append(Case(
            f"collectives_{element}",
            f"  %0 = \"stablehlo.all_reduce\"(%a0) {region} {{{groups}}} : "
            f"({t}) -> {t}\n"
            f"  %1 = \"stablehlo.collective_permute\"(%a0) "
            f"{{source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>}} : "
            f"({t}) -> {t}\n" + scatter + gather +
            f"  %4 = \"stablehlo.collective_permute\"(%a0) "
            f"{{source_target_pairs = dense<> : tensor<0x2xi64>}} : "
            f"({t}) -> {t}\n"
            "  %5 = stablehlo.replica_id : tensor<ui32>\n"
            "  %6 = stablehlo.partition_id : tensor<ui32>\n"
            f"  return %0, %1, %2, %3, %4, %5, %6 : {t}, {t}, {t}, {t}, {t}, "
            "tensor<ui32>, tensor<ui32>",
            [(shape, element, "any")],
            [(shape, element)] * 5 + [((), "ui32"), ((), "ui32")]))
    return cases


def library_cases(rng):
    """Matrix products and convolutions in every form that
    hlox-select-library-calls hands to the library (the
    differential-library test runs them with --library-min-flops=0, so
    that even these small ones are library calls): plain, transposed and
    batched products, dimension groups, stablehlo.dot, empty operands;
    f32 and bf16 convolutions in NCHW and NHWC with strides, padding and
    dilation."""
    cases = []
    t = lambda *shape, e="f32": tensor(shape, e)  # noqa: E731
    dots = [
        ("plain", (9, 21), (21, 70), "[1] x [0]", (9, 70)),
        ("rhs_t", (9, 21), (70, 21), "[1] x [1]", (9, 70)),
        ("lhs_t", (21, 9), (21, 70), "[0] x [0]", (9, 70)),
        ("both_t", (21, 9), (70, 21), "[0] x [1]", (9, 70)),
        ("groups", (3, 5, 4, 6), (4, 6, 7), "[2, 3] x [0, 1]", (3, 5, 7)),
        ("empty_k", (4, 0), (0, 5), "[1] x [0]", (4, 5)),
        ("empty_m", (0, 3), (3, 5), "[1] x [0]", (0, 5)),
    ]
    for name, a, b, dims, r in dots:
        cases.append(Case(
            f"library_dot_{name}",
            f"  %0 = stablehlo.dot_general %a0, %a1, contracting_dims = "
            f"{dims} : ({t(*a)}, {t(*b)}) -> {t(*r)}\n"
            f"  return %0 : {t(*r)}",
            [(a, "f32", "small"), (b, "f32", "small")], [(r, "f32")],
            CONTRACTION_ULPS))
    cases.append(Case(
        "library_dot_batched",
        f"  %0 = stablehlo.dot_general %a0, %a1, batching_dims = [0, 1] x "
        f"[0, 1], contracting_dims = [3] x [3] : ({t(2, 3, 13, 16)}, "
        f"{t(2, 3, 11, 16)}) -> {t(2, 3, 13, 11)}\n"
        f"  return %0 : {t(2, 3, 13, 11)}",
        [((2, 3, 13, 16), "f32", "small"), ((2, 3, 11, 16), "f32", "small")],
        [((2, 3, 13, 11), "f32")], CONTRACTION_ULPS))
    # Operands that are matrix transposes, read in place by the library.
    cases.append(Case(
        "library_dot_through_transposes",
        f"  %wt = stablehlo.transpose %a1, dims = [1, 0] : ({t(70, 21)}) -> "
        f"{t(21, 70)}\n"
        f"  %0 = stablehlo.dot_general %a0, %wt, contracting_dims = [1] x "
        f"[0] : ({t(9, 21)}, {t(21, 70)}) -> {t(9, 70)}\n"
        f"  %at = stablehlo.transpose %a2, dims = [0, 2, 1] : "
        f"({t(3, 16, 13)}) -> {t(3, 13, 16)}\n"
        f"  %bt = stablehlo.transpose %a3, dims = [0, 2, 1] : "
        f"({t(3, 11, 16)}) -> {t(3, 16, 11)}\n"
        f"  %1 = stablehlo.dot_general %at, %bt, batching_dims = [0] x [0], "
        f"contracting_dims = [2] x [1] : ({t(3, 13, 16)}, {t(3, 16, 11)}) "
        f"-> {t(3, 13, 11)}\n"
        f"  return %0, %1 : {t(9, 70)}, {t(3, 13, 11)}",
        [((9, 21), "f32", "small"), ((70, 21), "f32", "small"),
         ((3, 16, 13), "f32", "small"), ((3, 11, 16), "f32", "small")],
        [((9, 70), "f32"), ((3, 13, 11), "f32")], CONTRACTION_ULPS))
    cases.append(Case(
        "library_dot_matvec",
        f"  %0 = stablehlo.dot %a0, %a1 : ({t(33, 40)}, {t(40)}) -> {t(33)}\n"
        f"  return %0 : {t(33)}",
        [((33, 40), "f32", "small"), ((40,), "f32", "small")],
        [((33,), "f32")], CONTRACTION_ULPS))
    nchw = "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"
    nhwc = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"
    convs = [
        ("nchw_stem", nchw, (2, 3, 23, 21), (8, 3, 7, 7), "[2, 2]",
         "[[3, 3], [3, 2]]", "[1, 1]", (2, 8, 12, 10)),
        ("nchw_1x1", nchw, (2, 16, 9, 9), (12, 16, 1, 1), "[1, 1]",
         "[[0, 0], [0, 0]]", "[1, 1]", (2, 12, 9, 9)),
        ("nhwc_1x1", nhwc, (2, 9, 7, 16), (1, 1, 16, 12), "[1, 1]",
         "[[0, 0], [0, 0]]", "[1, 1]", (2, 9, 7, 12)),
        ("nhwc_dilated", nhwc, (2, 14, 12, 10), (3, 3, 10, 6), "[2, 1]",
         "[[1, 0], [1, 1]]", "[2, 1]", (2, 6, 12, 6)),
        # (name, ..., feature groups): depthwise and grouped.
        ("nchw_depthwise", nchw, (2, 12, 11, 11), (12, 1, 3, 3), "[2, 2]",
         "[[1, 1], [1, 1]]", "[1, 1]", (2, 12, 6, 6), 12),
        ("nhwc_grouped", nhwc, (1, 9, 9, 8), (3, 3, 2, 12), "[1, 1]",
         "[[1, 1], [1, 1]]", "[1, 1]", (1, 9, 9, 12), 4),
    ]
    for element in ["f32", "bf16"]:
        for name, layout, x, w, stride, pad, dilate, r, *groups in convs:
            groups = groups[0] if groups else 1
            conv = (f"stablehlo.convolution(%x, %w) dim_numbers = {layout}, "
                    f"window = {{stride = {stride}, pad = {pad}, "
                    f"rhs_dilate = {dilate}}} {{batch_group_count = 1 : i64, "
                    f"feature_group_count = {groups} : i64}} : "
                    f"({t(*x, e=element)}, {t(*w, e=element)}) -> "
                    f"{t(*r, e=element)}")
            body = (f"  %x = stablehlo.convert %a0 : ({t(*x)}) -> "
                    f"{t(*x, e=element)}\n"
                    f"  %w = stablehlo.convert %a1 : ({t(*w)}) -> "
                    f"{t(*w, e=element)}\n"
                    f"  %y = {conv}\n"
                    f"  %0 = stablehlo.convert %y : ({t(*r, e=element)}) -> "
                    f"{t(*r)}\n"
                    f"  return %0 : {t(*r)}")
            # bf16 results: 64 ULPs of bf16, counted in f32 ULPs.
            ulps = CONTRACTION_ULPS * (2 ** 16 if element == "bf16" else 1)
            cases.append(Case(f"library_conv_{name}_{element}", body,
                              [(x, "f32", "small"), (w, "f32", "small")],
                              [(r, "f32")], ulps))
    # f32 convolutions with their epilogue (bias along the feature
    # dimension, a residual, then a ReLU that stays a maximum).
    epilogues = [
        ("nchw", nchw, 1, (2, 3, 13, 11), (8, 3, 3, 3), "[2, 2]",
         "[[1, 1], [1, 1]]", (2, 8, 7, 6)),
        ("nhwc_1x1", nhwc, 3, (2, 9, 7, 16), (1, 1, 16, 12), "[1, 1]",
         "[[0, 0], [0, 0]]", (2, 9, 7, 12)),
    ]
    for name, layout, feature, x, w, stride, pad, r in epilogues:
        channels = r[feature]
        body = (f"  %y = stablehlo.convolution(%a0, %a1) dim_numbers = "
                f"{layout}, window = {{stride = {stride}, pad = {pad}}} "
                f"{{batch_group_count = 1 : i64, feature_group_count = 1 : "
                f"i64}} : ({t(*x)}, {t(*w)}) -> {t(*r)}\n"
                f"  %b = stablehlo.broadcast_in_dim %a2, dims = [{feature}] "
                f": ({t(channels)}) -> {t(*r)}\n"
                f"  %yb = stablehlo.add %y, %b : {t(*r)}\n"
                f"  %s = stablehlo.add %a3, %yb : {t(*r)}\n"
                f"  %z = stablehlo.constant dense<0.0> : {t(*r)}\n"
                f"  %0 = stablehlo.maximum %s, %z : {t(*r)}\n"
                f"  return %0 : {t(*r)}")
        cases.append(Case(f"library_conv_epilogue_{name}", body,
                          [(x, "f32", "small"), (w, "f32", "small"),
                           ((channels,), "f32", "small"), (r, "f32", "small")],
                          [(r, "f32")], CONTRACTION_ULPS))
    return cases


def long_reduction_cases(rng):
    """Row reductions long enough for hlox-cpu-split-reductions (outside
    strict numerics: partial results per vector lane, then combined).
    Sums reassociate: 64 ULPs of the largest result (the bound scales with
    the terms' magnitude, not with each result's, which may cancel); max
    and min are exact in any order."""
    cases = []
    for element, cols in [("f32", 1024), ("f64", 512)]:
        for op, init, ulps in [("add", "0.0", CONTRACTION_ULPS),
                               ("maximum", "0xFF800000" if element == "f32"
                                else "0xFFF0000000000000", 0)]:
            t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
            cases.append(Case(
                f"long_row_{op}_{element}",
                f"  %z = stablehlo.constant dense<{init}> : {t()}\n"
                f"  %0 = stablehlo.reduce(%a0 init: %z) applies "
                f"stablehlo.{op} across dimensions = [1] : ({t(5, cols)}, "
                f"{t()}) -> {t(5)}\n"
                f"  return %0 : {t(5)}",
                [((5, cols), element, "small")], [((5,), element)], ulps))
    return cases


def row_group_cases(rng):
    """Roots fed row by row by reductions and elementwise ops, which
    hlox-form-dispatches puts in one dispatch (a row group) computed a row
    at a time: softmax and layernorm as JAX writes them, short rows and
    long ones (split reductions), a 3-d softmax whose rows are its first
    dimension, and one whose exponentials are also a result (they then
    stay a dispatch of their own). Sums reassociate: 64 ULPs."""
    cases = []

    def softmax(element, shape, extra_result=False):
        t = lambda *d: tensor(d, element)  # noqa: E731
        full, rows = t(*shape), t(*shape[:-1])
        last = len(shape) - 1
        keep = ", ".join(str(i) for i in range(last))
        ninf = "0xFF800000" if element == "f32" else "0xFFF0000000000000"
        body = (
            f"  %ninf = stablehlo.constant dense<{ninf}> : {t()}\n"
            f"  %zero = stablehlo.constant dense<0.0> : {t()}\n"
            f"  %max = stablehlo.reduce(%a0 init: %ninf) applies "
            f"stablehlo.maximum across dimensions = [{last}] : ({full}, "
            f"{t()}) -> {rows}\n"
            f"  %maxb = stablehlo.broadcast_in_dim %max, dims = [{keep}] : "
            f"({rows}) -> {full}\n"
            f"  %shifted = stablehlo.subtract %a0, %maxb : {full}\n"
            f"  %e = stablehlo.exponential %shifted : {full}\n"
            f"  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add "
            f"across dimensions = [{last}] : ({full}, {t()}) -> {rows}\n"
            f"  %sumb = stablehlo.broadcast_in_dim %sum, dims = [{keep}] : "
            f"({rows}) -> {full}\n"
            f"  %y = stablehlo.divide %e, %sumb : {full}\n")
        name = "x".join(str(d) for d in shape)
        if extra_result:
            return Case(f"row_group_softmax_{element}_{name}_with_exp",
                        body + f"  return %y, %e : {full}, {full}",
                        [(shape, element, "small")],
                        [(shape, element), (shape, element)],
                        CONTRACTION_ULPS)
        return Case(f"row_group_softmax_{element}_{name}",
                    body + f"  return %y : {full}",
                    [(shape, element, "small")], [(shape, element)],
                    CONTRACTION_ULPS)

    cases.append(softmax("f32", (6, 64)))
    cases.append(softmax("f32", (5, 1024)))
    cases.append(softmax("f64", (4, 40)))
    cases.append(softmax("f32", (2, 3, 48)))
    cases.append(softmax("f32", (3, 32), extra_result=True))
    rows, cols = 7, 256
    x, v, w = tensor((rows, cols), "f32"), tensor((rows,), "f32"), \
        tensor((cols,), "f32")
    s = tensor((), "f32")
    cases.append(Case(
        f"row_group_layernorm_f32_{rows}x{cols}",
        f"  %zero = stablehlo.constant dense<0.0> : {s}\n"
        f"  %cn = stablehlo.constant dense<{float(cols)}> : {s}\n"
        f"  %ceps = stablehlo.constant dense<1.0e-5> : {s}\n"
        f"  %n = stablehlo.broadcast_in_dim %cn, dims = [] : ({s}) -> {v}\n"
        f"  %eps = stablehlo.broadcast_in_dim %ceps, dims = [] : ({s}) -> {v}\n"
        f"  %sum = stablehlo.reduce(%a0 init: %zero) applies stablehlo.add "
        f"across dimensions = [1] : ({x}, {s}) -> {v}\n"
        f"  %mean = stablehlo.divide %sum, %n : {v}\n"
        f"  %meanb = stablehlo.broadcast_in_dim %mean, dims = [0] : ({v}) -> {x}\n"
        f"  %xc = stablehlo.subtract %a0, %meanb : {x}\n"
        f"  %sq = stablehlo.multiply %xc, %xc : {x}\n"
        f"  %sqsum = stablehlo.reduce(%sq init: %zero) applies stablehlo.add "
        f"across dimensions = [1] : ({x}, {s}) -> {v}\n"
        f"  %var = stablehlo.divide %sqsum, %n : {v}\n"
        f"  %vareps = stablehlo.add %var, %eps : {v}\n"
        f"  %inv = stablehlo.rsqrt %vareps : {v}\n"
        f"  %invb = stablehlo.broadcast_in_dim %inv, dims = [0] : ({v}) -> {x}\n"
        f"  %xn = stablehlo.multiply %xc, %invb : {x}\n"
        f"  %wb = stablehlo.broadcast_in_dim %a1, dims = [1] : ({w}) -> {x}\n"
        f"  %bb = stablehlo.broadcast_in_dim %a2, dims = [1] : ({w}) -> {x}\n"
        f"  %scaled = stablehlo.multiply %xn, %wb : {x}\n"
        f"  %y = stablehlo.add %scaled, %bb : {x}\n"
        f"  return %y : {x}",
        [((rows, cols), "f32", "small"), ((cols,), "f32", "small"),
         ((cols,), "f32", "small")],
        [((rows, cols), "f32")], CONTRACTION_ULPS))
    return cases


def transpose_tile_cases(rng):
    """Transposes big enough for hlox-cpu-vectorize's square tiles (16x16,
    8x8 for 64-bit elements), with partial tiles at the edges: 2-d of every
    element width, NCHW to NHWC (H and W read as one loop), a transpose
    fused with an elementwise op on an operand in the other layout, and a
    long-row one. Exact."""
    cases = []
    for element in ["f32", "f64", "f16", "i8", "i64", "ui16"]:
        a, b = tensor((37, 50), element), tensor((50, 37), element)
        cases.append(Case(
            f"transpose_tiles_{element}",
            f"  %0 = stablehlo.transpose %a0, dims = [1, 0] : ({a}) -> {b}\n"
            f"  return %0 : {b}",
            [((37, 50), element, "any")], [((50, 37), element)]))
    # bf16 (no .npy type): through converts from and to f32.
    a, b = tensor((37, 50), "f32"), tensor((50, 37), "f32")
    ah, bh = tensor((37, 50), "bf16"), tensor((50, 37), "bf16")
    cases.append(Case(
        "transpose_tiles_bf16",
        f"  %0 = stablehlo.convert %a0 : ({a}) -> {ah}\n"
        f"  %1 = stablehlo.transpose %0, dims = [1, 0] : ({ah}) -> {bh}\n"
        f"  %2 = stablehlo.convert %1 : ({bh}) -> {b}\n"
        f"  return %2 : {b}",
        [((37, 50), "f32", "any")], [((50, 37), "f32")]))
    x, y = tensor((2, 20, 5, 7), "f32"), tensor((2, 5, 7, 20), "f32")
    cases.append(Case(
        "transpose_tiles_nchw_to_nhwc",
        f"  %0 = stablehlo.transpose %a0, dims = [0, 2, 3, 1] : ({x}) -> {y}\n"
        f"  return %0 : {y}",
        [((2, 20, 5, 7), "f32", "any")], [((2, 5, 7, 20), "f32")]))
    a, b = tensor((40, 33), "f32"), tensor((33, 40), "f32")
    cases.append(Case(
        "transpose_tiles_fused_add",
        f"  %0 = stablehlo.transpose %a0, dims = [1, 0] : ({a}) -> {b}\n"
        f"  %1 = stablehlo.add %0, %a1 : {b}\n"
        f"  return %1 : {b}",
        [((40, 33), "f32", "any"), ((33, 40), "f32", "any")],
        [((33, 40), "f32")]))
    a, b = tensor((18, 1100), "i32"), tensor((1100, 18), "i32")
    cases.append(Case(
        "transpose_tiles_long_rows",
        f"  %0 = stablehlo.transpose %a1, dims = [1, 0] : ({b}) -> {a}\n"
        f"  %1 = stablehlo.transpose %a0, dims = [1, 0] : ({a}) -> {b}\n"
        f"  return %0, %1 : {a}, {b}",
        [((18, 1100), "i32", "any"), ((1100, 18), "i32", "any")],
        [((18, 1100), "i32"), ((1100, 18), "i32")]))
    return cases


def addend_in_place_cases(rng):
    """A convolution whose residual addend is another convolution's result
    (an arena value, as in a ResNet block): where the convolution is the addend's last use the
    result takes the addend's buffer and the library adds in place; where
    the addend is read again later it must keep its value."""
    x, k, y = (tensor((2, 4, 5, 5), "f32"), tensor((6, 4, 1, 1), "f32"),
               tensor((2, 6, 5, 5), "f32"))
    conv = (f"  %n = stablehlo.convolution(%a0, %a2) dim_numbers = "
            f"[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {{}} "
            f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} "
            f": ({x}, {k}) -> {y}\n"
            f"  %c = stablehlo.convolution(%a0, %a1) dim_numbers = "
            f"[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {{}} "
            f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} "
            f": ({x}, {k}) -> {y}\n"
            f"  %s = stablehlo.add %c, %n : {y}\n"
            f"  %r = stablehlo.exponential %s : {y}\n")
    args = [((2, 4, 5, 5), "f32", "small"), ((6, 4, 1, 1), "f32", "small"),
            ((6, 4, 1, 1), "f32", "small")]
    return [
        Case("library_conv_addend_in_place",
             conv + f"  return %r : {y}", args, [((2, 6, 5, 5), "f32")],
             CONTRACTION_ULPS),
        Case("library_conv_addend_read_again",
             conv + f"  %t = stablehlo.multiply %r, %n : {y}\n"
             f"  return %t : {y}", args, [((2, 6, 5, 5), "f32")],
             CONTRACTION_ULPS),
    ]


def channels_last_cases(rng):
    """An NCHW convolution block as PyTorch exports it, which
    hlox-channels-last computes in NHWC: convolution, bias and batch-norm
    broadcasts (one of them through an identity broadcast_in_dim), ReLU,
    a padded max pool, a second convolution that reads the pool, its
    result returned in NCHW and reduced over H and W (a global pool); f32
    and bf16. The sums of the convolutions: 64 ULPs, and bf16 rounding."""
    cases = []
    for element in ["f32", "bf16"]:
        io = "f32"
        t = lambda *shape, e=element: tensor(shape, e)  # noqa: E731
        body = ""
        params = ["%a0", "%a1", "%a2", "%a3"]
        if element != io:
            shapes = [(2, 3, 12, 10), (16, 3, 3, 3), (16,), (8, 16, 1, 1)]
            for i, shape in enumerate(shapes):
                body += (f"  %p{i} = stablehlo.convert %a{i} : "
                         f"({tensor(shape, io)}) -> {t(*shape)}\n")
            params = [f"%p{i}" for i in range(4)]
        x, w, b, w2 = params
        body += (
            f"  %c = stablehlo.convolution({x}, {w}) dim_numbers = "
            f"[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {{stride = "
            f"[1, 1], pad = [[1, 1], [1, 1]]}} {{batch_group_count = 1 : i64, "
            f"feature_group_count = 1 : i64}} : ({t(2, 3, 12, 10)}, "
            f"{t(16, 3, 3, 3)}) -> {t(2, 16, 12, 10)}\n"
            f"  %same = stablehlo.broadcast_in_dim %c, dims = [0, 1, 2, 3] : "
            f"({t(2, 16, 12, 10)}) -> {t(2, 16, 12, 10)}\n"
            f"  %bias = stablehlo.broadcast_in_dim {b}, dims = [1] : "
            f"({t(16)}) -> {t(2, 16, 12, 10)}\n"
            f"  %s = stablehlo.add %same, %bias : {t(2, 16, 12, 10)}\n"
            f"  %zero = stablehlo.constant dense<0.0> : {t(2, 16, 12, 10)}\n"
            f"  %r = stablehlo.maximum %s, %zero : {t(2, 16, 12, 10)}\n"
            f"  %ninf = stablehlo.constant dense<0xFF80> : {t(e='bf16')}\n"
            f"  %ninf2 = stablehlo.convert %ninf : ({t(e='bf16')}) -> {t()}\n"
            f"  %pad = stablehlo.pad %r, %ninf2, low = [0, 0, 1, 1], "
            f"high = [0, 0, 1, 1], interior = [0, 0, 0, 0] : "
            f"({t(2, 16, 12, 10)}, {t()}) -> {t(2, 16, 14, 12)}\n"
            f"  %pool = \"stablehlo.reduce_window\"(%pad, %ninf2) "
            f"<{{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = "
            f"array<i64: 1, 1, 2, 2>}}> ({{\n"
            f"  ^bb0(%u: {t()}, %v: {t()}):\n"
            f"    %m = stablehlo.maximum %u, %v : {t()}\n"
            f"    stablehlo.return %m : {t()}\n"
            f"  }}) : ({t(2, 16, 14, 12)}, {t()}) -> {t(2, 16, 6, 5)}\n"
            f"  %c2 = stablehlo.convolution(%pool, {w2}) dim_numbers = "
            f"[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {{}} "
            f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : "
            f"({t(2, 16, 6, 5)}, {t(8, 16, 1, 1)}) -> {t(2, 8, 6, 5)}\n"
            f"  %zs = stablehlo.constant dense<0.0> : {t()}\n"
            f"  %g = stablehlo.reduce(%c2 init: %zs) applies stablehlo.add "
            f"across dimensions = [2, 3] : ({t(2, 8, 6, 5)}, {t()}) -> "
            f"{t(2, 8)}\n")
        results = [(2, 8, 6, 5), (2, 8)]
        if element != io:
            body += (f"  %o0 = stablehlo.convert %c2 : ({t(2, 8, 6, 5)}) -> "
                     f"{tensor((2, 8, 6, 5), io)}\n"
                     f"  %o1 = stablehlo.convert %g : ({t(2, 8)}) -> "
                     f"{tensor((2, 8), io)}\n"
                     f"  return %o0, %o1 : {tensor((2, 8, 6, 5), io)}, "
                     f"{tensor((2, 8), io)}")
        else:
            body += f"  return %c2, %g : {t(2, 8, 6, 5)}, {t(2, 8)}"
        cases.append(Case(
            f"library_channels_last_block_{element}", body,
            [((2, 3, 12, 10), io, "small"), ((16, 3, 3, 3), io, "small"),
             ((16,), io, "small"), ((8, 16, 1, 1), io, "small")],
            [(r, io) for r in results],
            CONTRACTION_ULPS * (2 ** 16 if element == "bf16" else 1)))
    return cases


def all_cases(seed):
    rng = random.Random(seed)
    for family in (unary_cases, binary_cases, compare_cases, convert_cases,
                   structural_cases, linear_algebra_cases, vector_cases,
                   control_flow_cases, random_cases, collective_cases,
                   exp_cases, library_cases, long_reduction_cases,
                   row_group_cases, transpose_tile_cases,
                   channels_last_cases, addend_in_place_cases):
        for case in family(rng):
            if case.results:
                yield case, rng.randrange(2 ** 32)


def float_key(raw, code):
    """The ULP order key of a float's little-endian bytes."""
    bits = {"e": "<H", "f": "<I", "d": "<Q"}[code]
    return npy.order_key(struct.unpack(bits, raw)[0], struct.calcsize(bits) * 8)


def compare(descr, a, b, ulps, fused_ulps=0):
    """None when outputs agree, else the first difference."""
    if len(a) != len(b):
        return f"sizes differ ({len(a)} and {len(b)} bytes)"
    kind, size = descr[1], int(descr[2:])
    if a == b:
        return None
    if kind == "c":  # complex: part by part
        kind, size = "f", size // 2
    if kind != "f":
        for i in range(0, len(a), size):
            if a[i:i + size] != b[i:i + size]:
                return f"element {i // size}: {a[i:i + size].hex()} vs " \
                       f"{b[i:i + size].hex()}"
    code = {2: "e", 4: "f", 8: "d"}[size]
    xs = [struct.unpack("<" + code, a[i:i + size])[0]
          for i in range(0, len(a), size)]
    ys = [struct.unpack("<" + code, b[i:i + size])[0]
          for i in range(0, len(b), size)]
    # Sums (bounds of 64 ULPs and more) may also differ by that many ULPs
    # of the result's largest magnitude: a sum that cancels to a small value
    # carries the rounding error of its large terms.
    slack = 0.0
    finite = [abs(y) for y in ys if math.isfinite(y)]
    relative = max(ulps if ulps >= 64 else 0, fused_ulps)
    if relative and finite:
        mantissa = {"e": 10, "f": 23, "d": 52}[code]
        largest = max(finite)
        if largest > 0:
            slack = relative * 2.0 ** (math.frexp(largest)[1] - 1 - mantissa)
    for i, (x, y) in enumerate(zip(xs, ys)):
        if math.isnan(x) and math.isnan(y):
            continue
        if math.isnan(x) != math.isnan(y):
            return f"element {i}: {x} vs {y}"
        distance = abs(float_key(a[i * size:(i + 1) * size], code) -
                       float_key(b[i * size:(i + 1) * size], code))
        if distance > ulps and not abs(x - y) <= slack:
            return f"element {i}: {x} vs {y} ({distance} ULPs)"
    return None


def run_case(hlox_run, case, seed, workdir, compile_flags=()):
    rng = random.Random(seed)
    base = os.path.join(workdir, case.name.replace(" ", "").replace(",", "_")
                        .replace("(", "").replace(")", ""))
    with open(base + ".mlir", "w") as f:
        f.write(case.program())
    inputs = []
    for i, (shape, element, kind) in enumerate(case.args):
        path = f"{base}.in{i}.npy"
        npy.write(path, element, shape, values(rng, element, count(shape), kind))
        inputs.append(f"--input=@{path}")
    outputs = {}
    compile_flags = list(compile_flags)
    fused_ulps = 0 if {"--strict-numerics", "--fp-contract=off"} & set(
        compile_flags) else case.fused_ulps
    paths = [("cpu", compile_flags), ("interpret", ["--interpret"])]
    if not compile_flags:
        # The scalar kernels and strict numerics (libm, no FMA, scalar
        # order) are checked against the default flags only.
        paths += [("scalar", ["--vectorize=false"]),
                  ("strict", ["--strict-numerics"])]
    if case.host_flow:
        paths += [("host", ["--host-control-flow=always", *compile_flags]),
                  ("kernel", ["--host-control-flow=never", *compile_flags])]
    for path_name, flags in paths:
        outs = [f"--output=@{base}.{path_name}.out{i}.npy"
                for i in range(len(case.results))]
        proc = tool_server.run([hlox_run, base + ".mlir", *flags, *inputs,
                                *outs], timeout=120)
        if proc.returncode != 0:
            return f"{path_name} exit {proc.returncode}: " + \
                   (proc.stderr.strip().splitlines() or [""])[0]
        outputs[path_name] = [npy.read(o.split("@", 1)[1]) for o in outs]
    for i, (c, e) in enumerate(zip(outputs["cpu"], outputs["interpret"])):
        if c[0] != e[0] or c[1] != e[1]:
            return f"result {i}: {c[0]}{c[1]} vs {e[0]}{e[1]}"
        problem = compare(c[0], c[2], e[2], case.ulps, fused_ulps)
        if problem:
            return f"result {i}: {problem}"
    for i, (c, e) in enumerate(zip(outputs.get("strict", []),
                                   outputs["interpret"])):
        problem = compare(c[0], c[2], e[2], case.ulps)
        if problem:
            return f"result {i} under --strict-numerics: {problem}"
    # Vectorization keeps every element's order of operations: the
    # vectorized kernels agree with the scalar ones bit for bit (unless
    # extra compile flags, like --fp-contract, allow them to round apart).
    for i, (c, s) in enumerate(zip(outputs["cpu"], outputs.get("scalar", []))):
        if c[2] != s[2]:
            return f"result {i}: vectorized and scalar differ: " + \
                   (compare(c[0], c[2], s[2], 0) or "NaN payloads")
    # Where control flow runs changes no value.
    for other in [p for p in ("host", "kernel") if p in outputs]:
        for i, (c, o) in enumerate(zip(outputs["cpu"], outputs[other])):
            if c[2] != o[2]:
                return f"result {i}: control flow on the {other} differs: " + \
                       (compare(c[0], c[2], o[2], 0) or "NaN payloads")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--filter", default="", help="only cases whose name "
                        "contains this")
    parser.add_argument("--compile-flag", action="append", default=[],
                        help="an extra hlox-run flag for the compiled paths "
                        "(e.g. --compile-flag=--fp-contract); vectorized and "
                        "scalar kernels then need not agree bit for bit")
    args = parser.parse_args()
    cases = [(c, s) for c, s in all_cases(args.seed) if args.filter in c.name]
    failures = []
    with tempfile.TemporaryDirectory() as workdir:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = pool.map(
                lambda cs: (cs[0], run_case(args.hlox_run, cs[0], cs[1], workdir,
                                            args.compile_flag)),
                cases)
            for case, problem in results:
                if problem:
                    failures.append((case.name, problem))
    for name, problem in failures:
        print(f"  FAIL {name}: {problem}")
    print(f"differential: {len(cases) - len(failures)} passed, "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
