//===- Householder.cpp - QR, Q, Hessenberg and tridiagonal forms ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// lapack_?geqrf_ffi, lapack_?orgqr_ffi/?ungqr_ffi, lapack_?gehrd_ffi and
// lapack_?sytrd_ffi/?hetrd_ffi: the reductions by Householder reflectors,
// which JAX's qr, householder_product, hessenberg and tridiagonal lower to
// on CPU. The reflectors come back as LAPACK leaves them (below the
// diagonal, or the first subdiagonal, with the scalar factors in tau).
//
//===----------------------------------------------------------------------===//

#include "Handlers.h"
#include "Legacy.h"

#include <algorithm>

using namespace hlox::ffi;
using namespace hlox::ffi::jax;

namespace {

//===----------------------------------------------------------------------===//
// geqrf: (a) -> (qr, tau)
//===----------------------------------------------------------------------===//

template <typename T> Error geqrf(Buf<T> a, Buf<T> qr, Buf<T> tau) {
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int m = shape->rows, n = shape->cols, k = std::min(m, n);
  if (Error error =
          firstFailure({expectShape(qr, "result 0", batch, {m, n}),
                        expectShape(tau, "result 1 (tau)", batch, {k})});
      !error.ok())
    return error;
  copyIfDifferent(a, qr);
  if (k == 0)
    return Error::success();
  lapack_int lda = leading(m), lwork = -1, info = 0;
  T query;
  Lapack<T>::geqrf(&m, &n, nullptr, &lda, nullptr, &query, &lwork, &info);
  lwork = std::max<lapack_int>(workspaceSize(query), 1);
  std::vector<T> work = workspace<T>(lwork);
  for (int64_t b = 0; b < shape->batch; ++b)
    Lapack<T>::geqrf(&m, &n, data<T>(qr) + b * shape->matrixSize(), &lda,
                     data<T>(tau) + b * k, work.data(), &lwork, &info);
  return Error::success();
}

template <typename T> HloxFfiError *geqrfHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<Buf<T>>()
        .to(geqrf<T>);
  });
}

//===----------------------------------------------------------------------===//
// orgqr/ungqr: (a, tau) -> q
//===----------------------------------------------------------------------===//

template <typename T> Error orgqr(Buf<T> a, Buf<T> tau, Buf<T> q) {
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int m = shape->rows, n = shape->cols;
  if (tau.rank() != a.rank() - 1)
    return invalid("operand 1 (tau) has rank " + std::to_string(tau.rank()) +
                   "; it must be " + std::to_string(a.rank() - 1));
  lapack_int k = static_cast<lapack_int>(tau.dimensions()[tau.rank() - 1]);
  if (n > m || k > n)
    return invalid("the reflectors are " + std::to_string(m) + "x" +
                   std::to_string(n) + " with " + std::to_string(k) +
                   " factors; LAPACK needs rows >= columns >= factors");
  if (Error error =
          firstFailure({expectShape(tau, "operand 1 (tau)", batch, {k}),
                        expectShape(q, "result 0", batch, {m, n})});
      !error.ok())
    return error;
  copyIfDifferent(a, q);
  if (n == 0)
    return Error::success();
  lapack_int lda = leading(m), lwork = -1, info = 0;
  T query;
  Lapack<T>::orgqr(&m, &n, &k, nullptr, &lda, nullptr, &query, &lwork, &info);
  lwork = std::max<lapack_int>(workspaceSize(query), std::max(n, 1));
  std::vector<T> work = workspace<T>(lwork);
  for (int64_t b = 0; b < shape->batch; ++b)
    Lapack<T>::orgqr(&m, &n, &k, data<T>(q) + b * shape->matrixSize(), &lda,
                     data<T>(tau) + b * k, work.data(), &lwork, &info);
  return Error::success();
}

template <typename T> HloxFfiError *orgqrHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .arg<Buf<T>>()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .to(orgqr<T>);
  });
}

//===----------------------------------------------------------------------===//
// gehrd: (a) -> (h, tau, info) {low, high}
//===----------------------------------------------------------------------===//

template <typename T>
Error gehrd(Buf<T> a, Buf<T> h, Buf<T> tau, IntBuf info, int32_t low,
            int32_t high) {
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int n = shape->rows;
  if (Error error = firstFailure(
          {expectShape(a, "operand 0", batch, {n, n}),
           expectShape(h, "result 0", batch, {n, n}),
           expectShape(tau, "result 1 (tau)", batch, {std::max(n - 1, 0)}),
           expectShape(info, "result 2 (info)", batch, {})});
      !error.ok())
    return error;
  // LAPACK's 1 <= ilo <= ihi <= n (ilo = 1, ihi = 0 when n = 0).
  bool inRange = n == 0 ? (low == 1 && high == 0) || (low == 1 && high == 1)
                        : 1 <= low && low <= high && high <= n;
  if (!inRange)
    return invalid("low = " + std::to_string(low) +
                   " and high = " + std::to_string(high) +
                   " must satisfy 1 <= low <= high <= " + std::to_string(n));
  copyIfDifferent(a, h);
  if (n == 0) {
    std::fill(data(info), data(info) + shape->batch, 0);
    return Error::success();
  }
  lapack_int lda = leading(n), lwork = -1, status = 0;
  T query;
  Lapack<T>::gehrd(&n, &low, &high, nullptr, &lda, nullptr, &query, &lwork,
                   &status);
  lwork = std::max<lapack_int>(workspaceSize(query), n);
  std::vector<T> work = workspace<T>(lwork);
  std::vector<T> factors = workspace<T>(n);
  for (int64_t b = 0; b < shape->batch; ++b) {
    // LAPACK writes n - 1 factors; those outside [low, high) are zero.
    Lapack<T>::gehrd(&n, &low, &high, data<T>(h) + b * shape->matrixSize(),
                     &lda, factors.data(), work.data(), &lwork, data(info) + b);
    std::copy(factors.begin(), factors.begin() + (n - 1),
              data<T>(tau) + b * (n - 1));
  }
  return Error::success();
}

template <typename T> HloxFfiError *gehrdHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<IntBuf>()
        .template attr<int32_t>("low")
        .template attr<int32_t>("high")
        .to(gehrd<T>);
  });
}

//===----------------------------------------------------------------------===//
// sytrd/hetrd: (a) -> (a', d, e, tau, info) {uplo}
//===----------------------------------------------------------------------===//

template <typename T>
void sytrdCall(char uplo, lapack_int n, T *a, lapack_int lda, Real<T> *d,
               Real<T> *e, T *tau, T *work, lapack_int lwork,
               lapack_int *info) {
  if constexpr (std::is_same_v<T, float>)
    ssytrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
  else if constexpr (std::is_same_v<T, double>)
    dsytrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
  else if constexpr (std::is_same_v<T, c64>)
    chetrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
  else
    zhetrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
}

template <typename T>
Error sytrd(Buf<T> a, Buf<T> out, RealBuf<T> d, RealBuf<T> e, Buf<T> tau,
            IntBuf info, uint8_t uploCode) {
  ErrorOr<char> uplo = option("uplo", uploCode, "LU");
  if (!uplo.ok())
    return uplo.error();
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int n = shape->rows, n1 = std::max(n - 1, 0);
  if (Error error =
          firstFailure({expectShape(a, "operand 0", batch, {n, n}),
                        expectShape(out, "result 0", batch, {n, n}),
                        expectShape(d, "result 1 (d)", batch, {n}),
                        expectShape(e, "result 2 (e)", batch, {n1}),
                        expectShape(tau, "result 3 (tau)", batch, {n1}),
                        expectShape(info, "result 4 (info)", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(a, out);
  if (n == 0) {
    std::fill(data(info), data(info) + shape->batch, 0);
    return Error::success();
  }
  lapack_int lda = leading(n), status = 0;
  T query;
  sytrdCall<T>(*uplo, n, nullptr, lda, nullptr, nullptr, nullptr, &query, -1,
               &status);
  lapack_int lwork = std::max<lapack_int>(workspaceSize(query), 1);
  std::vector<T> work = workspace<T>(lwork);
  auto *diagonal = static_cast<Real<T> *>(d.untypedData());
  auto *offDiagonal = static_cast<Real<T> *>(e.untypedData());
  for (int64_t b = 0; b < shape->batch; ++b)
    sytrdCall<T>(*uplo, n, data<T>(out) + b * shape->matrixSize(), lda,
                 diagonal + b * n, offDiagonal + b * n1, data<T>(tau) + b * n1,
                 work.data(), lwork, data(info) + b);
  return Error::success();
}

template <typename T> HloxFfiError *sytrdHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<RealBuf<T>>()
        .template ret<RealBuf<T>>()
        .template ret<Buf<T>>()
        .template ret<IntBuf>()
        .template attr<uint8_t>("uplo")
        .to(sytrd<T>);
  });
}

//===----------------------------------------------------------------------===//
// The older forms
//===----------------------------------------------------------------------===//

/// lapack_?geqrf: (b, m, n, lwork, a) -> (qr, tau, info, work).
template <typename T> HloxFfiError *legacyGeqrf(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(5, 4); !error.ok())
      return error;
    if (Error error = firstFailure({call.scalarIs(0, "b", call.batchOf(4, 2)),
                                    call.scalarIs(1, "m", call.dimOf(4, -2)),
                                    call.scalarIs(2, "n", call.dimOf(4, -1))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(4), qr = call.ret<Buf<T>>(0),
         tau = call.ret<Buf<T>>(1);
    auto info = call.ret<IntBuf>(2);
    if (Error error =
            firstFailure({a.error(), qr.error(), tau.error(), info.error()});
        !error.ok())
      return error;
    call.clearRetsFrom(2);
    return geqrf<T>(*a, *qr, *tau);
  });
}

/// lapack_?orgqr/?ungqr: (b, m, n, k, lwork, a, tau) -> (q, info, work).
template <typename T> HloxFfiError *legacyOrgqr(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(7, 3); !error.ok())
      return error;
    if (Error error = firstFailure({call.scalarIs(0, "b", call.batchOf(5, 2)),
                                    call.scalarIs(1, "m", call.dimOf(5, -2)),
                                    call.scalarIs(2, "n", call.dimOf(5, -1)),
                                    call.scalarIs(3, "k", call.dimOf(6, -1))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(5), tau = call.arg<Buf<T>>(6),
         q = call.ret<Buf<T>>(0);
    auto info = call.ret<IntBuf>(1);
    if (Error error =
            firstFailure({a.error(), tau.error(), q.error(), info.error()});
        !error.ok())
      return error;
    call.clearRetsFrom(1);
    return orgqr<T>(*a, *tau, *q);
  });
}

/// lapack_?gehrd: (n, ilo, ihi, lda, b, lwork, a) -> (h, tau, info, work).
template <typename T> HloxFfiError *legacyGehrd(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(7, 4); !error.ok())
      return error;
    ErrorOr<int64_t> low = call.scalar(1, "ilo");
    ErrorOr<int64_t> high = call.scalar(2, "ihi");
    int64_t n = call.dimOf(6, -1);
    if (Error error =
            firstFailure({low.error(), high.error(), call.scalarIs(0, "n", n),
                          call.scalarIs(3, "lda", n > 1 ? n : 1),
                          call.scalarIs(4, "b", call.batchOf(6, 2))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(6), h = call.ret<Buf<T>>(0),
         tau = call.ret<Buf<T>>(1);
    auto info = call.ret<IntBuf>(2);
    if (Error error =
            firstFailure({a.error(), h.error(), tau.error(), info.error()});
        !error.ok())
      return error;
    call.clearRetsFrom(3);
    return gehrd<T>(*a, *h, *tau, *info, int32_t(*low), int32_t(*high));
  });
}

/// lapack_?sytrd/?hetrd: (n, lower, lda, b, lwork, a) -> (a', d, e, tau,
/// info, work).
template <typename T> HloxFfiError *legacySytrd(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(6, 6); !error.ok())
      return error;
    ErrorOr<int64_t> lower = call.scalar(1, "lower");
    int64_t n = call.dimOf(5, -1);
    if (Error error = firstFailure({lower.error(), call.scalarIs(0, "n", n),
                                    call.scalarIs(2, "lda", n > 1 ? n : 1),
                                    call.scalarIs(3, "b", call.batchOf(5, 2))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(5), out = call.ret<Buf<T>>(0),
         tau = call.ret<Buf<T>>(3);
    auto d = call.ret<RealBuf<T>>(1), e = call.ret<RealBuf<T>>(2);
    auto info = call.ret<IntBuf>(4);
    if (Error error = firstFailure({a.error(), out.error(), tau.error(),
                                    d.error(), e.error(), info.error()});
        !error.ok())
      return error;
    call.clearRetsFrom(5);
    return sytrd<T>(*a, *out, *d, *e, *tau, *info, *lower ? 'L' : 'U');
  });
}

} // namespace

void hlox::ffi::jax::addHouseholder(HandlerList &list) {
  list.addTyped("lapack_", "geqrf_ffi", geqrfHandler<float>,
                geqrfHandler<double>, geqrfHandler<c64>, geqrfHandler<c128>);
  list.add("lapack_sorgqr_ffi", orgqrHandler<float>);
  list.add("lapack_dorgqr_ffi", orgqrHandler<double>);
  list.add("lapack_cungqr_ffi", orgqrHandler<c64>);
  list.add("lapack_zungqr_ffi", orgqrHandler<c128>);
  list.addTyped("lapack_", "gehrd_ffi", gehrdHandler<float>,
                gehrdHandler<double>, gehrdHandler<c64>, gehrdHandler<c128>);
  list.add("lapack_ssytrd_ffi", sytrdHandler<float>);
  list.add("lapack_dsytrd_ffi", sytrdHandler<double>);
  list.add("lapack_chetrd_ffi", sytrdHandler<c64>);
  list.add("lapack_zhetrd_ffi", sytrdHandler<c128>);
  list.addTyped("lapack_", "geqrf", legacyGeqrf<float>, legacyGeqrf<double>,
                legacyGeqrf<c64>, legacyGeqrf<c128>);
  list.add("lapack_sorgqr", legacyOrgqr<float>);
  list.add("lapack_dorgqr", legacyOrgqr<double>);
  list.add("lapack_cungqr", legacyOrgqr<c64>);
  list.add("lapack_zungqr", legacyOrgqr<c128>);
  list.addTyped("lapack_", "gehrd", legacyGehrd<float>, legacyGehrd<double>,
                legacyGehrd<c64>, legacyGehrd<c128>);
  list.add("lapack_ssytrd", legacySytrd<float>);
  list.add("lapack_dsytrd", legacySytrd<double>);
  list.add("lapack_chetrd", legacySytrd<c64>);
  list.add("lapack_zhetrd", legacySytrd<c128>);
}
