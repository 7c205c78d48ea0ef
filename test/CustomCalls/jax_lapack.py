#!/usr/bin/env python3
"""JAX's CPU linear-algebra custom calls against direct computations.

For every target family (lapack_<t><routine>_ffi, the older lapack_<t>
<routine> forms and blas_<t>trsm), element type (f32, f64, complex<f32>,
complex<f64>) and a few shapes (batched and not, wide and tall), a program
of our own calls the target the way JAX writes it (column-major layouts,
aliases, ui8 option attributes), hlox-run runs it on random inputs, and
the factors are checked by what defines them, since factorizations are not
unique: P A = L U, A = Q R with Q unitary, A = L L^H, A V = V diag(w),
A = U diag(s) V^H, A = Z T Z^H with T (quasi-)triangular, Q^H A Q
tridiagonal or Hessenberg, and A X = B for the solvers. Plain Python, no
numpy: the matrices are small.

XLA's Qr and ProductOfElementaryHouseholderReflectors, which the compiler
turns into the LAPACK calls, are checked the same way.

usage: jax_lapack.py --hlox-run PATH [--flag=F]... [--only SUBSTRING]
"""

import argparse
import cmath
import math
import os
import random
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "differential"))
import npy  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

TYPES = {  # prefix, element type, real type, tolerance
    "s": ("f32", "f32", 2e-4),
    "d": ("f64", "f64", 1e-10),
    "c": ("complex<f32>", "f32", 2e-4),
    "z": ("complex<f64>", "f64", 1e-10),
}

# ----------------------------------------------------------------------------
# Matrices: lists of rows of Python complex numbers.


def zeros(m, n):
    return [[0j] * n for _ in range(m)]


def eye(n):
    return [[1 + 0j if i == j else 0j for j in range(n)] for i in range(n)]


def matmul(a, b):
    n = len(b[0]) if b else 0
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(n)]
            for i in range(len(a))]


def adjoint(a):
    return [[a[i][j].conjugate() for i in range(len(a))]
            for j in range(len(a[0]) if a else 0)]


def transpose(a):
    return [[a[i][j] for i in range(len(a))] for j in range(len(a[0]) if a else 0)]


def norm(a):
    return math.sqrt(sum(abs(x) ** 2 for row in a for x in row))


def diff(a, b):
    return norm([[x - y for x, y in zip(ra, rb)] for ra, rb in zip(a, b)])


def columns(a, count):
    return [row[:count] for row in a]


def rows(a, count):
    return a[:count]


def random_matrix(rng, m, n, is_complex):
    return [[complex(rng.uniform(-1, 1), rng.uniform(-1, 1) if is_complex else 0)
             for _ in range(n)] for _ in range(m)]


def hermitian(rng, n, is_complex, shift=0.0):
    x = random_matrix(rng, n, n, is_complex)
    h = matmul(x, adjoint(x))
    return [[h[i][j] + (shift if i == j else 0) for j in range(n)] for i in range(n)]


# ----------------------------------------------------------------------------
# Running a program


class Failure(Exception):
    pass


def type_text(shape, element):
    return "tensor<" + "".join("%dx" % d for d in shape) + element + ">"


def col_major(rank):
    """JAX's layout of a batch of column-major matrices."""
    return [rank - 2, rank - 1] + list(range(rank - 3, -1, -1))


def row_major(rank):
    return list(range(rank - 1, -1, -1))


def layout_text(layout):
    if not layout:
        return "dense<> : tensor<0xindex>"
    if len(layout) == 1:
        return "dense<%d> : tensor<1xindex>" % layout[0]
    return "dense<[%s]> : tensor<%dxindex>" % (", ".join(map(str, layout)), len(layout))


def alias_text(pairs, single):
    out = []
    for result, operand in pairs:
        index = "[]" if single else "[%d]" % result
        out.append("#stablehlo.output_operand_alias<output_tuple_indices = %s, "
                   "operand_index = %d, operand_tuple_indices = []>" % (index, operand))
    return "[" + ", ".join(out) + "]"


def flatten(batch):
    """The values of a batch (a list of matrices or vectors or scalars)."""
    out = []

    def walk(x):
        if isinstance(x, list):
            for y in x:
                walk(y)
        else:
            out.append(x)
    walk(batch)
    return out


def write_value(path, element, shape, values):
    if element.startswith("complex"):
        flat = []
        for v in values:
            flat += [v.real, v.imag]
        npy.write(path, element, shape, flat)
    elif element.startswith("f"):
        npy.write(path, element, shape, [v.real for v in values])
    else:
        npy.write(path, element, shape, [int(v.real) for v in values])


CODES = {"<f4": ("f", 1), "<f8": ("d", 1), "<c8": ("f", 2), "<c16": ("d", 2),
         "<i4": ("i", 1)}


def read_value(path):
    descr, shape, raw = npy.read(path)
    code, parts = CODES[descr]
    count = len(raw) // struct.calcsize(code)
    flat = struct.unpack("<%d%s" % (count, code), raw)
    if parts == 2:
        flat = [complex(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
    return shape, list(flat)


def unflatten(values, shape):
    """Nested lists of `shape` (a scalar for shape ())."""
    if not shape:
        return values[0]
    step = len(values) // shape[0] if shape[0] else 0
    return [unflatten(values[i * step:(i + 1) * step], shape[1:])
            for i in range(shape[0])]


class Runner:
    def __init__(self, hlox_run, flags, tmp):
        self.hlox_run = hlox_run
        self.flags = flags
        self.tmp = tmp
        self.count = 0

    def run(self, name, body, args, results):
        """Runs `body` (the custom call, its result %r) as @main of
        `args` (name, element, shape, values) returning `results`
        (element, shape, expression); returns the results as nested lists."""
        self.count += 1
        params = ", ".join("%%%s: %s" % (a[0], type_text(a[2], a[1])) for a in args)
        rtypes = ", ".join(type_text(r[1], r[0]) for r in results)
        rets = ", ".join(r[2] for r in results)
        text = ("func.func @main(%s) -> (%s) {\n%s\n  return %s : %s\n}\n"
                % (params, rtypes, body, rets, rtypes))
        base = os.path.join(self.tmp, "p%d" % self.count)
        with open(base + ".mlir", "w") as f:
            f.write(text)
        cmd = [self.hlox_run, base + ".mlir"] + self.flags
        for i, (_, element, shape, values) in enumerate(args):
            write_value("%s.in%d.npy" % (base, i), element, shape, values)
            cmd.append("--input=@%s.in%d.npy" % (base, i))
        for i in range(len(results)):
            cmd.append("--output=@%s.out%d.npy" % (base, i))
        proc = tool_server.run(cmd)
        if proc.returncode != 0:
            raise Failure("%s: hlox-run failed (%d):\n%s\n%s%s" % (
                name, proc.returncode, text, proc.stdout, proc.stderr))
        out = []
        for i in range(len(results)):
            shape, values = read_value("%s.out%d.npy" % (base, i))
            out.append(unflatten(values, shape))
        return out


def check(name, ok, what):
    if not ok:
        raise Failure("%s: %s" % (name, what))


def close(name, got, want, scale, tol, what):
    err = diff(got, want)
    check(name, err <= tol * max(scale, 1.0) * 10,
          "%s off by %.3g (tolerance %.3g)" % (what, err, tol * max(scale, 1.0) * 10))


def unitary(name, q, tol):
    n = len(q[0]) if q else 0
    close(name, matmul(adjoint(q), q), eye(n), 1.0, tol, "Q^H Q = I")


def call(target, operands, result_types, attrs, layouts_in, layouts_out,
         aliases, legacy=False):
    """The text of `%r = stablehlo.custom_call @target(...)`."""
    single = len(result_types) == 1
    parts = []
    if legacy:
        parts.append("api_version = 2 : i32")
    else:
        parts.append("mhlo.backend_config = {%s}" % ", ".join(attrs))
    parts.append("operand_layouts = [%s]" % ", ".join(map(layout_text, layouts_in)))
    if aliases:
        parts.append("output_operand_aliases = " + alias_text(aliases, single))
    parts.append("result_layouts = [%s]" % ", ".join(map(layout_text, layouts_out)))
    results = "%r" if single else "%%r:%d" % len(result_types)
    rtypes = result_types[0] if single else "(" + ", ".join(result_types) + ")"
    return "  %s = stablehlo.custom_call @%s(%s) {%s} : (%s) -> %s" % (
        results, target, ", ".join(o[0] for o in operands), ", ".join(parts),
        ", ".join(o[1] for o in operands), rtypes)


def res(i, count):
    return "%r" if count == 1 else "%%r#%d" % i


def scalar_constants(values, element="i32"):
    """Constants %c0... of 0-d `element`; returns (text, operands)."""
    lines, ops = [], []
    for i, v in enumerate(values):
        el = element if not isinstance(v, tuple) else v[1]
        v = v if not isinstance(v, tuple) else v[0]
        lines.append("  %%c%d = stablehlo.constant dense<%s> : tensor<%s>" % (i, v, el))
        ops.append(("%%c%d" % i, "tensor<%s>" % el))
    return "\n".join(lines), ops


# ----------------------------------------------------------------------------
# The families


def per_batch(x, batch):
    return x if batch else [x]


def setup(t, batch):
    element, real, tol = TYPES[t]
    count = 1
    for d in batch:
        count *= d
    return element, real, tol, t in "cz", count


def getrf(r, rng, t, batch, m, n, legacy, tupled=False):
    """With `tupled`, the older call returns its results as one tuple (JAX
    before 0.4.9), unpacked by get_tuple_element."""
    element, real, tol, cplx, count = setup(t, batch)
    name = "%sgetrf%s %s %dx%d%s" % (t, "" if legacy else "_ffi", batch, m, n,
                                     " (tuple)" if tupled else "")
    mats = [random_matrix(rng, m, n, cplx) for _ in range(count)]
    shape, k, rank = batch + [m, n], min(m, n), len(batch) + 2
    a_t = type_text(shape, element)
    types = [a_t, type_text(batch + [k], "i32"), type_text(batch, "i32")]
    outs = [col_major(rank), row_major(rank - 1), row_major(rank - 2)]
    if legacy:
        text, ops = scalar_constants([(count, "i64"), m, n])
        body = text + "\n" + call("lapack_%sgetrf" % t, ops + [("%a", a_t)], types,
                                  [], [[], [], [], col_major(rank)], outs, [(0, 3)],
                                  legacy=True)
        if tupled:
            tuple_t = "tuple<%s>" % ", ".join(types)
            body = body.replace("%r:3 = ", "%t = ").replace(
                "-> (%s)" % ", ".join(types), "-> " + tuple_t)
            body += "".join("\n  %%r%d = stablehlo.get_tuple_element %%t[%d] : (%s) -> %s"
                            % (i, i, tuple_t, ty) for i, ty in enumerate(types))
    else:
        body = call("lapack_%sgetrf_ffi" % t, [("%a", a_t)], types, [],
                    [col_major(rank)], outs, [(0, 0)])
    refs = ["%r0", "%r1", "%r2"] if tupled else ["%r#0", "%r#1", "%r#2"]
    lu, ipiv, info = r.run(name, body, [("a", element, shape, flatten(mats))],
                           [(element, shape, refs[0]), ("i32", batch + [k], refs[1]),
                            ("i32", batch, refs[2])])
    for a, f, piv, status in zip(mats, per_batch(lu, batch), per_batch(ipiv, batch),
                                 per_batch(info, batch)):
        check(name, status == 0, "info %s" % status)
        pa = [row[:] for row in a]
        for i in range(k):
            j = int(piv[i]) - 1
            check(name, i <= j < m, "pivot %d of row %d" % (j + 1, i))
            pa[i], pa[j] = pa[j], pa[i]
        lower = [[f[i][j] if j < i else (1 if i == j else 0) for j in range(k)]
                 for i in range(m)]
        upper = [[f[i][j] if j >= i else 0 for j in range(n)] for i in range(k)]
        close(name, matmul(lower, upper), pa, norm(a), tol, "L U = P A")


def potrf(r, rng, t, batch, n, legacy, uplo="L"):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%spotrf%s %s %d %s" % (t, "" if legacy else "_ffi", batch, n, uplo)
    mats = [hermitian(rng, n, cplx, shift=n) for _ in range(count)]
    shape, rank = batch + [n, n], len(batch) + 2
    a_t = type_text(shape, element)
    types = [a_t, type_text(batch, "i32")]
    outs = [col_major(rank), row_major(rank - 2)]
    if legacy:
        text, ops = scalar_constants([1 if uplo == "L" else 0, count, n])
        body = text + "\n" + call("lapack_%spotrf" % t, ops + [("%a", a_t)], types, [],
                                  [[], [], [], col_major(rank)], outs, [(0, 3)],
                                  legacy=True)
    else:
        body = call("lapack_%spotrf_ffi" % t, [("%a", a_t)], types,
                    ["uplo = %d : ui8" % ord(uplo)], [col_major(rank)], outs, [(0, 0)])
    out, info = r.run(name, body, [("a", element, shape, flatten(mats))],
                      [(element, shape, "%r#0"), ("i32", batch, "%r#1")])
    for a, f, status in zip(mats, per_batch(out, batch), per_batch(info, batch)):
        check(name, status == 0, "info %s" % status)
        if uplo == "L":
            low = [[f[i][j] if j <= i else 0 for j in range(n)] for i in range(n)]
            close(name, matmul(low, adjoint(low)), a, norm(a), tol, "L L^H = A")
        else:
            up = [[f[i][j] if j >= i else 0 for j in range(n)] for i in range(n)]
            close(name, matmul(adjoint(up), up), a, norm(a), tol, "U^H U = A")
        # The other triangle keeps the input.
        for i in range(n):
            for j in range(n):
                if (j > i) if uplo == "L" else (j < i):
                    check(name, abs(f[i][j] - a[i][j]) <= tol * 10, "untouched triangle")


def geqrf_orgqr(r, rng, t, batch, m, n, legacy):
    """geqrf, then orgqr (ungqr) on its reflectors: Q R = A, Q unitary."""
    element, real, tol, cplx, count = setup(t, batch)
    q_name = ("%sorgqr" if t in "sd" else "%sungqr") % t
    name = "%sgeqrf+%s%s %s %dx%d" % (t, q_name, "" if legacy else "_ffi", batch, m, n)
    mats = [random_matrix(rng, m, n, cplx) for _ in range(count)]
    shape, k, rank = batch + [m, n], min(m, n), len(batch) + 2
    a_t = type_text(shape, element)
    tau_t = type_text(batch + [k], element)
    info_t = type_text(batch, "i32")
    # orgqr takes the first k columns (JAX slices r[..., :m, :m] when m < n).
    qshape = batch + [m, k]
    q_t = type_text(qshape, element)
    slice_text = ("  %%qa = stablehlo.slice %%r#0 [%s0:%d, 0:%d] : (%s) -> %s" % (
        "".join("0:%d, " % d for d in batch), m, k, a_t, q_t))
    if legacy:
        t1, ops1 = scalar_constants([count, m, n, 64])
        first = t1 + "\n" + call("lapack_%sgeqrf" % t, ops1 + [("%a", a_t)],
                                 [a_t, tau_t, info_t, type_text([64], element)], [],
                                 [[], [], [], [], col_major(rank)],
                                 [col_major(rank), row_major(rank - 1), row_major(rank - 2), [0]],
                                 [(0, 4)], legacy=True)
        lines = ["  %%k%d = stablehlo.constant dense<%d> : tensor<i32>" % (i, v)
                 for i, v in enumerate([count, m, k, k, 64])]
        ops2 = [("%%k%d" % i, "tensor<i32>") for i in range(5)]
        second = call("lapack_%s" % q_name, ops2 + [("%qa", q_t), ("%r#1", tau_t)],
                      [q_t, info_t, type_text([64], element)], [],
                      [[]] * 5 + [col_major(rank), row_major(rank - 1)],
                      [col_major(rank), row_major(rank - 2), [0]], [(0, 5)], legacy=True)
        second = "\n".join(lines) + "\n" + second.replace("%r", "%q", 1)
        q_expr = "%q#0"
    else:
        first = call("lapack_%sgeqrf_ffi" % t, [("%a", a_t)], [a_t, tau_t], [],
                     [col_major(rank)], [col_major(rank), row_major(rank - 1)], [(0, 0)])
        second = call("lapack_%s_ffi" % q_name, [("%qa", q_t), ("%r#1", tau_t)], [q_t],
                      [], [col_major(rank), row_major(rank - 1)], [col_major(rank)],
                      [(0, 0)]).replace("%r", "%q", 1)
        q_expr = "%q"
    body = first + "\n" + slice_text + "\n" + second
    qr, q = r.run(name, body, [("a", element, shape, flatten(mats))],
                  [(element, shape, "%r#0"), (element, qshape, q_expr)])
    for a, f, qm in zip(mats, per_batch(qr, batch), per_batch(q, batch)):
        rm = [[f[i][j] if j >= i else 0 for j in range(n)] for i in range(k)]
        unitary(name, qm, tol)
        close(name, matmul(qm, rm), a, norm(a), tol, "Q R = A")


def xla_qr(r, rng, t, batch, m, n, tupled):
    """XLA's Qr and ProductOfElementaryHouseholderReflectors (row-major, no
    layouts; the 2023 exports return Qr's results as a tuple)."""
    element, real, tol, cplx, count = setup(t, batch)
    name = "Qr%s %s %s %dx%d" % (" (tuple)" if tupled else "", t, batch, m, n)
    mats = [random_matrix(rng, m, n, cplx) for _ in range(count)]
    shape, k = batch + [m, n], min(m, n)
    a_t, tau_t = type_text(shape, element), type_text(batch + [k], element)
    q_t = type_text(batch + [m, k], element)
    if tupled:
        qr = ("  %%t = stablehlo.custom_call @Qr(%%a) : (%s) -> tuple<%s, %s>\n"
              "  %%f = stablehlo.get_tuple_element %%t[0] : (tuple<%s, %s>) -> %s\n"
              "  %%tau = stablehlo.get_tuple_element %%t[1] : (tuple<%s, %s>) -> %s"
              % (a_t, a_t, tau_t, a_t, tau_t, a_t, a_t, tau_t, tau_t))
    else:
        qr = ("  %%r:2 = stablehlo.custom_call @Qr(%%a) : (%s) -> (%s, %s)"
              % (a_t, a_t, tau_t))
    f, tau = ("%f", "%tau") if tupled else ("%r#0", "%r#1")
    body = (qr + "\n  %%s = stablehlo.slice %s [%s0:%d, 0:%d] : (%s) -> %s\n"
            "  %%q = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors"
            "(%%s, %s) : (%s, %s) -> %s"
            % (f, "".join("0:%d, " % d for d in batch), m, k, a_t, q_t, tau, q_t,
               tau_t, q_t))
    fr, q = r.run(name, body, [("a", element, shape, flatten(mats))],
                  [(element, shape, f), (element, batch + [m, k], "%q")])
    for a, fm, qm in zip(mats, per_batch(fr, batch), per_batch(q, batch)):
        rm = [[fm[i][j] if j >= i else 0 for j in range(n)] for i in range(k)]
        unitary(name, qm, tol)
        close(name, matmul(qm, rm), a, norm(a), tol, "Q R = A")


def syevd(r, rng, t, batch, n, legacy, uplo="L"):
    element, real, tol, cplx, count = setup(t, batch)
    base = "syevd" if t in "sd" else "heevd"
    name = "%s%s%s %s %d %s" % (t, base, "" if legacy else "_ffi", batch, n, uplo)
    mats = [hermitian(rng, n, cplx) for _ in range(count)]
    shape, rank = batch + [n, n], len(batch) + 2
    a_t = type_text(shape, element)
    types = [a_t, type_text(batch + [n], real), type_text(batch, "i32")]
    outs = [col_major(rank), row_major(rank - 1), row_major(rank - 2)]
    if legacy:
        text, ops = scalar_constants([1 if uplo == "L" else 0, count, n])
        if cplx:
            extra = [type_text([1 + 2 * n + n * n], element),
                     type_text([1 + 5 * n + 2 * n * n], real), type_text([3 + 5 * n], "i32")]
        else:
            extra = [type_text([1 + 6 * n + 2 * n * n], element), type_text([3 + 5 * n], "i32")]
        body = text + "\n" + call("lapack_%s%s" % (t, base), ops + [("%a", a_t)],
                                  types + extra, [], [[], [], [], col_major(rank)],
                                  outs + [[0]] * len(extra), [(0, 3)], legacy=True)
    else:
        body = call("lapack_%s%s_ffi" % (t, base), [("%a", a_t)], types,
                    ["mode = 86 : ui8", "uplo = %d : ui8" % ord(uplo)],
                    [col_major(rank)], outs, [(0, 0)])
    v, w, info = r.run(name, body, [("a", element, shape, flatten(mats))],
                       [(element, shape, "%r#0"), (real, batch + [n], "%r#1"),
                        ("i32", batch, "%r#2")])
    for a, vm, wv, status in zip(mats, per_batch(v, batch), per_batch(w, batch),
                                 per_batch(info, batch)):
        check(name, status == 0, "info %s" % status)
        check(name, all(wv[i] <= wv[i + 1] + tol for i in range(n - 1)),
              "eigenvalues ascending: %s" % wv)
        unitary(name, vm, tol)
        av = matmul(a, vm)
        vw = [[vm[i][j] * wv[j] for j in range(n)] for i in range(n)]
        close(name, av, vw, norm(a), tol, "A V = V diag(w)")


def householder_q(f, taus, n, first_row_offset, count, lower=True):
    """Q = H(1) ... H(count) of LAPACK's reflectors: H(i) = I - tau v v^H,
    v(i + offset) = 1 and v below it the column i of f under that row."""
    q = eye(n)
    for i in range(count):
        v = [0j] * n
        start = i + first_row_offset
        v[start] = 1
        for row in range(start + 1, n):
            v[row] = f[row][i]
        h = [[(1 if p == s else 0) - taus[i] * v[p] * v[s].conjugate()
              for s in range(n)] for p in range(n)]
        q = matmul(q, h)
    return q


def sytrd(r, rng, t, batch, n, legacy):
    element, real, tol, cplx, count = setup(t, batch)
    base = "sytrd" if t in "sd" else "hetrd"
    name = "%s%s%s %s %d" % (t, base, "" if legacy else "_ffi", batch, n)
    mats = [hermitian(rng, n, cplx) for _ in range(count)]
    shape, rank = batch + [n, n], len(batch) + 2
    a_t = type_text(shape, element)
    types = [a_t, type_text(batch + [n], real), type_text(batch + [n - 1], real),
             type_text(batch + [n - 1], element), type_text(batch, "i32")]
    outs = [col_major(rank)] + [row_major(rank - 1)] * 3 + [row_major(rank - 2)]
    if legacy:
        text, ops = scalar_constants([n, 1, n, count, 64])
        body = text + "\n" + call("lapack_%s%s" % (t, base), ops + [("%a", a_t)],
                                  types + [type_text([64], element)], [],
                                  [[]] * 5 + [col_major(rank)], outs + [[0]], [(0, 5)],
                                  legacy=True)
    else:
        body = call("lapack_%s%s_ffi" % (t, base), [("%a", a_t)], types,
                    ["uplo = 76 : ui8"], [col_major(rank)], outs, [(0, 0)])
    out = r.run(name, body, [("a", element, shape, flatten(mats))],
                [(element, shape, "%r#0"), (real, batch + [n], "%r#1"),
                 (real, batch + [n - 1], "%r#2"), (element, batch + [n - 1], "%r#3"),
                 ("i32", batch, "%r#4")])
    for a, f, d, e, tau, status in zip(mats, *[per_batch(x, batch) for x in out]):
        check(name, status == 0, "info %s" % status)
        q = householder_q(f, tau, n, 1, n - 1)
        unitary(name, q, tol)
        tri = [[d[i] if i == j else (e[min(i, j)] if abs(i - j) == 1 else 0)
                for j in range(n)] for i in range(n)]
        close(name, matmul(matmul(adjoint(q), a), q), tri, norm(a), tol,
              "Q^H A Q = tridiagonal(d, e)")


def gehrd(r, rng, t, batch, n, legacy):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%sgehrd%s %s %d" % (t, "" if legacy else "_ffi", batch, n)
    mats = [random_matrix(rng, n, n, cplx) for _ in range(count)]
    shape, rank = batch + [n, n], len(batch) + 2
    a_t = type_text(shape, element)
    types = [a_t, type_text(batch + [n - 1], element), type_text(batch, "i32")]
    outs = [col_major(rank), row_major(rank - 1), row_major(rank - 2)]
    if legacy:
        text, ops = scalar_constants([n, 1, n, n, count, 256])
        body = text + "\n" + call("lapack_%sgehrd" % t, ops + [("%a", a_t)],
                                  types + [type_text([256], element)], [],
                                  [[]] * 6 + [col_major(rank)], outs + [[0]], [(0, 6)],
                                  legacy=True)
    else:
        body = call("lapack_%sgehrd_ffi" % t, [("%a", a_t)], types,
                    ["high = %d : i32" % n, "low = 1 : i32"], [col_major(rank)], outs,
                    [(0, 0)])
    out = r.run(name, body, [("a", element, shape, flatten(mats))],
                [(element, shape, "%r#0"), (element, batch + [n - 1], "%r#1"),
                 ("i32", batch, "%r#2")])
    for a, f, tau, status in zip(mats, *[per_batch(x, batch) for x in out]):
        check(name, status == 0, "info %s" % status)
        q = householder_q(f, tau, n, 1, n - 1)
        unitary(name, q, tol)
        h = [[f[i][j] if j >= i - 1 else 0 for j in range(n)] for i in range(n)]
        close(name, matmul(matmul(q, h), adjoint(q)), a, norm(a), tol, "Q H Q^H = A")


def svd(r, rng, t, batch, m, n, mode, routine, legacy):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%s%s%s %s %dx%d %s" % (t, routine, "" if legacy else "_ffi", batch, m, n, mode)
    mats = [random_matrix(rng, m, n, cplx) for _ in range(count)]
    shape, k, rank = batch + [m, n], min(m, n), len(batch) + 2
    full = mode == "A"
    ushape = batch + [m, m if full else k]
    vshape = batch + [n if full else k, n]
    a_t = type_text(shape, element)
    types = [a_t, type_text(batch + [k], real), type_text(ushape, element),
             type_text(vshape, element), type_text(batch, "i32")]
    outs = [col_major(rank), row_major(rank - 1), col_major(rank), col_major(rank),
            row_major(rank - 2)]
    if legacy:
        text, ops = scalar_constants([1 if full else 0, 0 if mode == "N" else 1,
                                      count, m, n, 512])
        mx = max(m, n)
        extra = [type_text([8 * k], "i32")]
        if cplx:
            rsize = 7 * k if mode == "N" else max(5 * k * k + 5 * k, 2 * mx * k + 2 * k * k + k)
            extra.append(type_text([rsize], real))
        extra.append(type_text([512], element))
        body = text + "\n" + call("lapack_%sgesdd" % t, ops + [("%a", a_t)],
                                  types + extra, [], [[]] * 6 + [col_major(rank)],
                                  outs + [[0]] * len(extra), [(0, 6)], legacy=True)
    else:
        body = call("lapack_%s%s_ffi" % (t, routine), [("%a", a_t)], types,
                    ["mode = %d : ui8" % ord(mode)], [col_major(rank)], outs, [(0, 0)])
    out = r.run(name, body, [("a", element, shape, flatten(mats))],
                [(element, shape, "%r#0"), (real, batch + [k], "%r#1"),
                 (element, ushape, "%r#2"), (element, vshape, "%r#3"),
                 ("i32", batch, "%r#4")])
    for a, _, s, u, vt, status in zip(mats, *[per_batch(x, batch) for x in out]):
        check(name, status == 0, "info %s" % status)
        check(name, all(s[i] >= s[i + 1] - tol for i in range(k - 1)) and
              all(x >= -tol for x in s), "singular values descending: %s" % s)
        # The singular values are the square roots of the eigenvalues of A^H A:
        # the Frobenius norm holds whatever the mode.
        close(name, [[math.sqrt(sum(x * x for x in s))]], [[norm(a)]], norm(a), tol,
              "sum s^2 = ||A||^2")
        if mode == "N":
            continue
        unitary(name, u, tol)
        unitary(name, adjoint(vt), tol)
        uk = columns(u, k)
        us = [[uk[i][j] * s[j] for j in range(k)] for i in range(m)]
        close(name, matmul(us, rows(vt, k)), a, norm(a), tol, "U diag(s) V^H = A")


def geev(r, rng, t, batch, n, legacy, left=True, right=True):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%sgeev%s %s %d" % (t, "" if legacy else "_ffi", batch, n)
    mats = [random_matrix(rng, n, n, cplx) for _ in range(count)]
    shape, rank = batch + [n, n], len(batch) + 2
    ctype = "complex<%s>" % real
    a_t = type_text(shape, element)
    v_t = type_text(shape, ctype)
    vec = row_major(rank - 1)
    if cplx:
        types = [type_text(batch + [n], element), v_t, v_t, type_text(batch, "i32")]
        outs = [vec, col_major(rank), col_major(rank), row_major(rank - 2)]
    else:
        types = [type_text(batch + [n], element)] * 2 + [v_t, v_t, type_text(batch, "i32")]
        outs = [vec, vec, col_major(rank), col_major(rank), row_major(rank - 2)]
    jl, jr = (86 if left else 78), (86 if right else 78)
    if legacy:
        text, ops = scalar_constants([count, n, (jl, "ui8"), (jr, "ui8")])
        work = [type_text([n, n], element)] + (
            [type_text([2 * n], real)] if cplx else [type_text([n, n], element)] * 2)
        work_layouts = [[0, 1]] + ([[0]] if cplx else [[0, 1], [0, 1]])
        body = text + "\n" + call("lapack_%sgeev" % t, ops + [("%a", a_t)],
                                  work + types, [], [[]] * 4 + [col_major(rank)],
                                  work_layouts + outs, [], legacy=True)
        first = len(work)
    else:
        body = call("lapack_%sgeev_ffi" % t, [("%a", a_t)], types,
                    ["compute_left = %d : ui8" % jl, "compute_right = %d : ui8" % jr],
                    [col_major(rank)], outs, [])
        first = 0
    total = first + len(types)
    results = []
    if cplx:
        results.append((element, batch + [n], res(first, total)))
    else:
        results += [(element, batch + [n], res(first, total)),
                    (element, batch + [n], res(first + 1, total))]
    nv = first + (1 if cplx else 2)
    results += [(ctype, shape, res(nv, total)), (ctype, shape, res(nv + 1, total)),
                ("i32", batch, res(nv + 2, total))]
    out = r.run(name, body, [("a", element, shape, flatten(mats))], results)
    if cplx:
        values, vl, vr, info = [per_batch(x, batch) for x in out]
    else:
        wr, wi, vl, vr, info = [per_batch(x, batch) for x in out]
        values = [[complex(x, y) for x, y in zip(p, q)] for p, q in zip(wr, wi)]
    for a, w, l, rv, status in zip(mats, values, vl, vr, info):
        check(name, status == 0, "info %s" % status)
        check(name, abs(sum(w) - sum(a[i][i] for i in range(n))) <= tol * 10 * norm(a),
              "sum of eigenvalues = trace")
        for j in range(n):
            if right:
                col = [[rv[i][j]] for i in range(n)]
                close(name, matmul(a, col), [[w[j] * x[0]] for x in col], norm(a), tol,
                      "A v = w v")
                close(name, [[norm(col)]], [[1]], 1, tol, "|v| = 1")
            if left:
                col = [[l[i][j]] for i in range(n)]
                close(name, matmul(adjoint(col), a), [[w[j] * x[0].conjugate()
                                                       for x in col]], norm(a), tol,
                      "u^H A = w u^H")


def gees(r, rng, t, batch, n, legacy):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%sgees%s %s %d" % (t, "" if legacy else "_ffi", batch, n)
    mats = [random_matrix(rng, n, n, cplx) for _ in range(count)]
    shape, rank = batch + [n, n], len(batch) + 2
    a_t = type_text(shape, element)
    vec_t = type_text(batch + [n], element)
    i_t = type_text(batch, "i32")
    vec, scal = row_major(rank - 1), row_major(rank - 2)
    if legacy:
        text, ops = scalar_constants([count, n, (86, "ui8"), (78, "ui8")])
        if cplx:
            types = [a_t, type_text([n], real), vec_t, a_t, i_t, i_t]
            outs = [col_major(rank), [0], vec, col_major(rank), scal, scal]
        else:
            types = [a_t, vec_t, vec_t, a_t, i_t, i_t]
            outs = [col_major(rank), vec, vec, col_major(rank), scal, scal]
        body = text + "\n" + call("lapack_%sgees" % t, ops + [("%a", a_t)], types, [],
                                  [[]] * 4 + [col_major(rank)], outs, [(0, 4)], legacy=True)
        t_i, z_i, info_i, total = 0, 3, 5, 6
    else:
        types = [a_t, a_t] + ([vec_t] if cplx else [vec_t, vec_t]) + [i_t, i_t]
        outs = [col_major(rank)] * 2 + [vec] * (1 if cplx else 2) + [scal, scal]
        body = call("lapack_%sgees_ffi" % t, [("%a", a_t)], types,
                    ["mode = 86 : ui8", "sort = 78 : ui8"], [col_major(rank)], outs, [(0, 0)])
        t_i, z_i, total = 0, 1, len(types)
        info_i = total - 1
    out = r.run(name, body, [("a", element, shape, flatten(mats))],
                [(element, shape, res(t_i, total)), (element, shape, res(z_i, total)),
                 ("i32", batch, res(info_i, total)), ("i32", batch, res(info_i - 1, total))])
    for a, tm, z, status, sdim in zip(mats, *[per_batch(x, batch) for x in out]):
        check(name, status == 0 and sdim == 0, "info %s, sdim %s" % (status, sdim))
        unitary(name, z, tol)
        close(name, matmul(matmul(z, tm), adjoint(z)), a, norm(a), tol, "Z T Z^H = A")
        for i in range(n):
            for j in range(i - (0 if cplx else 1)):
                check(name, abs(tm[i][j]) <= tol * 10, "T (quasi-)upper triangular")
        if not cplx:
            for i in range(n - 2):
                check(name, abs(tm[i + 1][i]) <= tol or abs(tm[i + 2][i + 1]) <= tol,
                      "2x2 blocks do not overlap")


def gtsv(r, rng, t, batch, n, nrhs):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%sgtsv_ffi %s %d %d" % (t, batch, n, nrhs)
    vecs = [[random_matrix(rng, 1, n, cplx)[0] for _ in range(3)] for _ in range(count)]
    for dl, d, du in vecs:  # diagonally dominant: no zero pivot
        for i in range(n):
            d[i] += 4
    rhs = [random_matrix(rng, n, nrhs, cplx) for _ in range(count)]
    vshape, bshape, rank = batch + [n], batch + [n, nrhs], len(batch) + 2
    v_t, b_t = type_text(vshape, element), type_text(bshape, element)
    types = [v_t, v_t, v_t, b_t, type_text(batch, "i32")]
    vec = row_major(rank - 1)
    body = call("lapack_%sgtsv_ffi" % t, [("%dl", v_t), ("%d", v_t), ("%du", v_t),
                                          ("%b", b_t)], types, [],
                [vec, vec, vec, col_major(rank)],
                [vec, vec, vec, col_major(rank), row_major(rank - 2)],
                [(0, 0), (1, 1), (2, 2), (3, 3)])
    args = [(nm, element, vshape, flatten([v[i] for v in vecs]))
            for i, nm in enumerate(["dl", "d", "du"])]
    args.append(("b", element, bshape, flatten(rhs)))
    x, info = r.run(name, body, args, [(element, bshape, "%r#3"), ("i32", batch, "%r#4")])
    for (dl, d, du), b, xm, status in zip(vecs, rhs, per_batch(x, batch),
                                         per_batch(info, batch)):
        check(name, status == 0, "info %s" % status)
        a = [[d[i] if i == j else dl[i] if j == i - 1 else du[i] if j == i + 1 else 0
              for j in range(n)] for i in range(n)]
        close(name, matmul(a, xm), b, norm(b), tol, "A X = B")


def trsm(r, rng, t, batch, m, n, side, uplo, trans, diag, form):
    element, real, tol, cplx, count = setup(t, batch)
    name = "%strsm %s %s %dx%d %s%s%s%s" % (t, form, batch, m, n, side, uplo, trans, diag)
    k = m if side == "L" else n
    tris = []
    for _ in range(count):
        a = random_matrix(rng, k, k, cplx)
        for i in range(k):
            a[i][i] += 3
        tris.append(a)
    rhs = [random_matrix(rng, m, n, cplx) for _ in range(count)]
    ashape, bshape, rank = batch + [k, k], batch + [m, n], len(batch) + 2
    a_t, b_t = type_text(ashape, element), type_text(bshape, element)
    alpha = 0.5
    if form == "legacy":
        text, ops = scalar_constants([1 if side == "L" else 0, 1 if uplo == "L" else 0,
                                      "NTC".index(trans), 1 if diag == "U" else 0, m, n,
                                      count, ("%s" % alpha if not cplx else
                                              "(%s, 0.0)" % alpha, element)])
        body = text + "\n" + call("blas_%strsm" % t, ops + [("%a", a_t), ("%b", b_t)],
                                  [b_t], [], [[]] * 8 + [col_major(rank)] * 2,
                                  [col_major(rank)], [(0, 9)], legacy=True)
    else:
        attrs = ["diag = %d : ui8" % ord(diag), "side = %d : ui8" % ord(side),
                 "trans_x = %d : ui8" % ord(trans), "uplo = %d : ui8" % ord(uplo)]
        ops = [("%a", a_t), ("%b", b_t)]
        layouts = [col_major(rank)] * 2
        text = ""
        if form == "alpha":
            text, extra = scalar_constants([("%s" % alpha if not cplx else
                                             "(%s, 0.0)" % alpha, element)])
            text += "\n"
            ops += extra
            layouts.append([])
        else:
            alpha = 1.0
        body = text + call("lapack_%strsm_ffi" % t, ops, [b_t], attrs, layouts,
                           [col_major(rank)], [(0, 1)])
    (x,) = r.run(name, body, [("a", element, ashape, flatten(tris)),
                              ("b", element, bshape, flatten(rhs))],
                 [(element, bshape, "%r")])
    for a, b, xm in zip(tris, rhs, per_batch(x, batch)):
        tri = [[a[i][j] if ((j <= i) if uplo == "L" else (j >= i)) else 0
                for j in range(k)] for i in range(k)]
        if diag == "U":
            for i in range(k):
                tri[i][i] = 1
        op = tri if trans == "N" else transpose(tri) if trans == "T" else adjoint(tri)
        got = matmul(op, xm) if side == "L" else matmul(xm, op)
        close(name, got, [[alpha * v for v in row] for row in b], norm(b), tol,
              "op(A) X = alpha B")


def cases():
    """(name, function, arguments) of every case."""
    out = []
    for t in "sdcz":
        for legacy in (False, True):
            form = "legacy" if legacy else "ffi"
            batches = [[], [2]] if not legacy else [[]]
            for batch in batches:
                out.append((form, getrf, (t, batch, 4, 3, legacy)))
                out.append((form, potrf, (t, batch, 4, legacy)))
                out.append((form, geqrf_orgqr, (t, batch, 5, 3, legacy)))
                out.append((form, syevd, (t, batch, 4, legacy)))
                out.append((form, sytrd, (t, batch, 4, legacy)))
                out.append((form, gehrd, (t, batch, 4, legacy)))
                out.append((form, svd, (t, batch, 4, 3, "A", "gesdd", legacy)))
                out.append((form, geev, (t, batch, 4, legacy)))
                out.append((form, gees, (t, batch, 4, legacy)))
            out.append((form, getrf, (t, [], 3, 5, legacy)))
            if legacy:
                out.append((form, getrf, (t, [], 4, 4, legacy, True)))
            out.append((form, svd, (t, [], 3, 5, "S", "gesdd", legacy)))
            out.append((form, svd, (t, [], 4, 4, "N", "gesdd", legacy)))
        out.append(("ffi", potrf, (t, [], 3, False, "U")))
        out.append(("ffi", syevd, (t, [], 3, False, "U")))
        out.append(("ffi", geqrf_orgqr, (t, [], 3, 5, False)))
        out.append(("ffi", geqrf_orgqr, (t, [2], 4, 4, False)))
        out.append(("ffi", svd, (t, [2], 3, 4, "A", "gesvd", False)))
        out.append(("ffi", svd, (t, [], 5, 3, "S", "gesvd", False)))
        out.append(("ffi", geev, (t, [], 3, False, False, True)))
        out.append(("xla", xla_qr, (t, [], 4, 3, False)))
        out.append(("xla", xla_qr, (t, [2], 3, 3, True)))
        out.append(("ffi", gtsv, (t, [], 5, 2)))
        out.append(("ffi", gtsv, (t, [2], 4, 1)))
        out.append(("ffi", trsm, (t, [], 3, 4, "L", "L", "N", "N", "ffi")))
        out.append(("ffi", trsm, (t, [2], 3, 4, "R", "U", "T", "U", "ffi")))
        out.append(("ffi", trsm, (t, [], 4, 2, "L", "U", "C", "N", "alpha")))
        out.append(("legacy", trsm, (t, [], 3, 2, "L", "L", "C", "N", "legacy")))
        out.append(("legacy", trsm, (t, [], 2, 3, "R", "U", "N", "U", "legacy")))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--flag", action="append", default=[])
    parser.add_argument("--only", default="")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = 0
    ran = 0
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(args.hlox_run, args.flag, tmp)
        for form, fn, fargs in cases():
            label = "%s %s %s" % (fn.__name__, form, fargs)
            if args.only and args.only not in label:
                continue
            ran += 1
            try:
                fn(runner, rng, *fargs)
            except Failure as e:
                failures += 1
                print("FAIL", e)
    print("jax_lapack: %d cases, %d failed" % (ran, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
