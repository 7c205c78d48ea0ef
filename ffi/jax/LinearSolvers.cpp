//===- LinearSolvers.cpp - LU, Cholesky, triangular, tridiagonal ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// lapack_?getrf_ffi, lapack_?potrf_ffi, lapack_?trsm_ffi and
// lapack_?gtsv_ffi: JAX's LU, Cholesky, triangular and tridiagonal solves on
// CPU. Matrices are column-major with the batch dimensions major (the
// calls' operand_layouts); info is one int32 per matrix.
//
//===----------------------------------------------------------------------===//

#include "Handlers.h"
#include "Legacy.h"

using namespace hlox::ffi;
using namespace hlox::ffi::jax;

namespace {

//===----------------------------------------------------------------------===//
// getrf: (a) -> (lu, ipiv (1-based), info)
//===----------------------------------------------------------------------===//

template <typename T>
Error getrf(Buf<T> a, Buf<T> lu, IntBuf ipiv, IntBuf info) {
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int m = shape->rows, n = shape->cols, k = std::min(m, n);
  if (Error error =
          firstFailure({expectShape(lu, "result 0", batch, {m, n}),
                        expectShape(ipiv, "result 1 (ipiv)", batch, {k}),
                        expectShape(info, "result 2 (info)", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(a, lu);
  lapack_int lda = leading(m);
  for (int64_t b = 0; b < shape->batch; ++b)
    Lapack<T>::getrf(&m, &n, data<T>(lu) + b * shape->matrixSize(), &lda,
                     data(ipiv) + b * k, data(info) + b);
  return Error::success();
}

template <typename T> HloxFfiError *getrfHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<IntBuf>()
        .template ret<IntBuf>()
        .to(getrf<T>);
  });
}

//===----------------------------------------------------------------------===//
// potrf: (a) -> (factor, info) {uplo}
//===----------------------------------------------------------------------===//

template <typename T>
Error potrf(Buf<T> a, Buf<T> factor, IntBuf info, uint8_t uploCode) {
  ErrorOr<char> uplo = option("uplo", uploCode, "LU");
  if (!uplo.ok())
    return uplo.error();
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int n = shape->rows;
  if (Error error =
          firstFailure({expectShape(a, "operand 0", batch, {n, n}),
                        expectShape(factor, "result 0", batch, {n, n}),
                        expectShape(info, "result 1 (info)", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(a, factor);
  lapack_int lda = leading(n);
  for (int64_t b = 0; b < shape->batch; ++b)
    Lapack<T>::potrf(*uplo, &n, data<T>(factor) + b * shape->matrixSize(), &lda,
                     data(info) + b);
  return Error::success();
}

template <typename T> HloxFfiError *potrfHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<IntBuf>()
        .template attr<uint8_t>("uplo")
        .to(potrf<T>);
  });
}

//===----------------------------------------------------------------------===//
// trsm: (a, b[, alpha]) -> x {side, uplo, trans_x, diag}
//===----------------------------------------------------------------------===//

template <typename T>
Error trsm(Buf<T> a, Buf<T> b, const T *alpha, Buf<T> x, uint8_t sideCode,
           uint8_t uploCode, uint8_t transCode, uint8_t diagCode) {
  ErrorOr<char> side = option("side", sideCode, "LR");
  ErrorOr<char> uplo = option("uplo", uploCode, "LU");
  ErrorOr<char> trans = option("trans_x", transCode, "NTC");
  ErrorOr<char> diag = option("diag", diagCode, "NU");
  if (Error error = firstFailure(
          {side.error(), uplo.error(), trans.error(), diag.error()});
      !error.ok())
    return error;
  ErrorOr<MatrixBatch> shape = matrices(b, "operand 1");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(b, 2);
  lapack_int m = shape->rows, n = shape->cols;
  lapack_int k = *side == 'L' ? m : n;
  if (Error error = firstFailure({expectShape(a, "operand 0", batch, {k, k}),
                                  expectShape(x, "result 0", batch, {m, n})});
      !error.ok())
    return error;
  copyIfDifferent(b, x);
  T one = alpha ? *alpha : T(1);
  lapack_int lda = leading(k), ldb = leading(m);
  if (m == 0 || n == 0)
    return Error::success();
  for (int64_t i = 0; i < shape->batch; ++i)
    Lapack<T>::trsm(*side, *uplo, *trans, *diag, &m, &n, &one,
                    data<T>(a) + i * int64_t(k) * k, &lda,
                    data<T>(x) + i * shape->matrixSize(), &ldb);
  return Error::success();
}

template <typename T>
Error trsm2(Buf<T> a, Buf<T> b, Buf<T> x, uint8_t side, uint8_t uplo,
            uint8_t trans, uint8_t diag) {
  return trsm<T>(a, b, nullptr, x, side, uplo, trans, diag);
}

/// Exports before 2025 pass alpha as a third operand, a 0-d T.
template <typename T>
Error trsm3(Buf<T> a, Buf<T> b, Buf<T> alpha, Buf<T> x, uint8_t side,
            uint8_t uplo, uint8_t trans, uint8_t diag) {
  if (alpha.elementCount() != 1)
    return invalid("operand 2 (alpha) has shape " +
                   formatDims(alpha.dimensions()) + "; it must be a scalar");
  return trsm<T>(a, b, data<T>(alpha), x, side, uplo, trans, diag);
}

template <typename T> HloxFfiError *trsmHandler(HloxFfiCallFrame *frame) {
  auto attrs = [](auto binding) {
    return binding.template attr<uint8_t>("side")
        .template attr<uint8_t>("uplo")
        .template attr<uint8_t>("trans_x")
        .template attr<uint8_t>("diag");
  };
  if (frame->num_args == 3)
    return callBound(frame, [&] {
      return attrs(Ffi::bind()
                       .template arg<Buf<T>>()
                       .template arg<Buf<T>>()
                       .template arg<Buf<T>>()
                       .template ret<Buf<T>>())
          .to(trsm3<T>);
    });
  return callBound(frame, [&] {
    return attrs(Ffi::bind()
                     .arg<Buf<T>>()
                     .template arg<Buf<T>>()
                     .template ret<Buf<T>>())
        .to(trsm2<T>);
  });
}

//===----------------------------------------------------------------------===//
// gtsv: (dl, d, du, b) -> (dl', d', du', x, info)
//===----------------------------------------------------------------------===//

template <typename T>
Error gtsv(Buf<T> dl, Buf<T> d, Buf<T> du, Buf<T> b, Buf<T> dlOut, Buf<T> dOut,
           Buf<T> duOut, Buf<T> x, IntBuf info) {
  ErrorOr<MatrixBatch> shape = matrices(b, "operand 3 (b)");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(b, 2);
  lapack_int n = shape->rows, nrhs = shape->cols;
  if (Error error =
          firstFailure({expectShape(dl, "operand 0 (dl)", batch, {n}),
                        expectShape(d, "operand 1 (d)", batch, {n}),
                        expectShape(du, "operand 2 (du)", batch, {n}),
                        expectShape(dlOut, "result 0", batch, {n}),
                        expectShape(dOut, "result 1", batch, {n}),
                        expectShape(duOut, "result 2", batch, {n}),
                        expectShape(x, "result 3", batch, {n, nrhs}),
                        expectShape(info, "result 4 (info)", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(dl, dlOut);
  copyIfDifferent(d, dOut);
  copyIfDifferent(du, duOut);
  copyIfDifferent(b, x);
  lapack_int ldb = leading(n);
  for (int64_t i = 0; i < shape->batch; ++i) {
    if (n == 0) {
      data(info)[i] = 0;
      continue;
    }
    // dl[0] is outside the matrix: LAPACK's sub-diagonal starts at dl[1].
    Lapack<T>::gtsv(&n, &nrhs, data<T>(dlOut) + i * n + 1,
                    data<T>(dOut) + i * n, data<T>(duOut) + i * n,
                    data<T>(x) + i * shape->matrixSize(), &ldb, data(info) + i);
  }
  return Error::success();
}

template <typename T> HloxFfiError *gtsvHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template arg<Buf<T>>()
        .template arg<Buf<T>>()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<IntBuf>()
        .to(gtsv<T>);
  });
}

//===----------------------------------------------------------------------===//
// The older forms
//===----------------------------------------------------------------------===//

/// lapack_?getrf: (b, m, n, a) -> (lu, ipiv, info).
template <typename T> HloxFfiError *legacyGetrf(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(4, 3); !error.ok())
      return error;
    if (Error error = firstFailure({call.scalarIs(0, "b", call.batchOf(3, 2)),
                                    call.scalarIs(1, "m", call.dimOf(3, -2)),
                                    call.scalarIs(2, "n", call.dimOf(3, -1))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(3), lu = call.ret<Buf<T>>(0);
    auto ipiv = call.ret<IntBuf>(1), info = call.ret<IntBuf>(2);
    if (Error error =
            firstFailure({a.error(), lu.error(), ipiv.error(), info.error()});
        !error.ok())
      return error;
    return getrf<T>(*a, *lu, *ipiv, *info);
  });
}

/// lapack_?potrf: (lower, b, n, a) -> (factor, info).
template <typename T> HloxFfiError *legacyPotrf(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(4, 2); !error.ok())
      return error;
    ErrorOr<int64_t> lower = call.scalar(0, "lower");
    if (Error error = firstFailure({lower.error(),
                                    call.scalarIs(1, "b", call.batchOf(3, 2)),
                                    call.scalarIs(2, "n", call.dimOf(3, -1))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(3), factor = call.ret<Buf<T>>(0);
    auto info = call.ret<IntBuf>(1);
    if (Error error = firstFailure({a.error(), factor.error(), info.error()});
        !error.ok())
      return error;
    return potrf<T>(*a, *factor, *info, *lower ? 'L' : 'U');
  });
}

/// blas_?trsm: (left_side, lower, trans_a (0 N, 1 T, 2 C), unit_diagonal,
/// m, n, b, alpha, a, b) -> x.
template <typename T> HloxFfiError *legacyTrsm(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(10, 1); !error.ok())
      return error;
    ErrorOr<int64_t> left = call.scalar(0, "left_side");
    ErrorOr<int64_t> lower = call.scalar(1, "lower");
    ErrorOr<int64_t> trans = call.scalar(2, "trans_a");
    ErrorOr<int64_t> unit = call.scalar(3, "diag");
    if (Error error = firstFailure(
            {left.error(), lower.error(), trans.error(), unit.error(),
             call.scalarIs(4, "m", call.dimOf(9, -2)),
             call.scalarIs(5, "n", call.dimOf(9, -1)),
             call.scalarIs(6, "batch", call.batchOf(9, 2))});
        !error.ok())
      return error;
    if (*trans < 0 || *trans > 2)
      return invalid("operand 2 (trans_a) is " + std::to_string(*trans) +
                     "; it must be 0 (none), 1 (transpose) or 2 (adjoint)");
    auto alpha = call.arg<Buf<T>>(7), a = call.arg<Buf<T>>(8),
         b = call.arg<Buf<T>>(9), x = call.ret<Buf<T>>(0);
    if (Error error =
            firstFailure({alpha.error(), a.error(), b.error(), x.error()});
        !error.ok())
      return error;
    if (alpha->elementCount() != 1)
      return invalid("operand 7 (alpha) must be a scalar");
    return trsm<T>(*a, *b, data<T>(*alpha), *x, *left ? 'L' : 'R',
                   *lower ? 'L' : 'U', "NTC"[*trans], *unit ? 'U' : 'N');
  });
}

} // namespace

void hlox::ffi::jax::addLinearSolvers(HandlerList &list) {
  list.addTyped("lapack_", "getrf_ffi", getrfHandler<float>,
                getrfHandler<double>, getrfHandler<c64>, getrfHandler<c128>);
  list.addTyped("lapack_", "potrf_ffi", potrfHandler<float>,
                potrfHandler<double>, potrfHandler<c64>, potrfHandler<c128>);
  list.addTyped("lapack_", "trsm_ffi", trsmHandler<float>, trsmHandler<double>,
                trsmHandler<c64>, trsmHandler<c128>);
  list.addTyped("lapack_", "gtsv_ffi", gtsvHandler<float>, gtsvHandler<double>,
                gtsvHandler<c64>, gtsvHandler<c128>);
  list.addTyped("lapack_", "getrf", legacyGetrf<float>, legacyGetrf<double>,
                legacyGetrf<c64>, legacyGetrf<c128>);
  list.addTyped("lapack_", "potrf", legacyPotrf<float>, legacyPotrf<double>,
                legacyPotrf<c64>, legacyPotrf<c128>);
  list.addTyped("blas_", "trsm", legacyTrsm<float>, legacyTrsm<double>,
                legacyTrsm<c64>, legacyTrsm<c128>);
}
