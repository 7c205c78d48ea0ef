//===- Svd.cpp - Singular value decompositions ----------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// lapack_?gesdd_ffi (divide and conquer; JAX's default svd on CPU) and
// lapack_?gesvd_ffi (QR iteration), and the older lapack_?gesdd: a = u
// diag(s) vt with s descending; mode 'A' (full u and vt), 'S' (the first
// min(m, n) columns of u and rows of vt) or 'N' (s only).
//
//===----------------------------------------------------------------------===//

#include "Handlers.h"
#include "Legacy.h"

#include <algorithm>

using namespace hlox::ffi;
using namespace hlox::ffi::jax;

namespace {

enum class SvdAlgorithm { DivideAndConquer, QrIteration };

template <typename T>
Error svdBatch(SvdAlgorithm algorithm, char job, AnyBuffer a, AnyBuffer aOut,
               AnyBuffer s, AnyBuffer u, AnyBuffer vt, IntBuf info) {
  using R = Real<T>;
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int m = shape->rows, n = shape->cols, k = std::min(m, n);
  lapack_int uCols = k, vtRows = k;
  if (job == 'A') {
    uCols = m;
    vtRows = n;
  } else if (job == 'N' && u.rank() >= 2 && u.dimensions()[u.rank() - 1] == m) {
    // JAX allocates u and vt in 'N' mode too, full ([m, m], [n, n]) or
    // economy sized; LAPACK writes neither.
    uCols = m;
    vtRows = n;
  }
  if (Error error = firstFailure(
          {expectShape(aOut, "result 0", batch, {m, n}),
           expectShape(s, "result 1 (singular values)", batch, {k}),
           expectShape(u, "result 2 (u)", batch, {m, uCols}),
           expectShape(vt, "result 3 (vt)", batch, {vtRows, n}),
           expectShape(info, "result 4 (info)", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(a, aOut);
  if (k == 0) {
    std::fill(data(info), data(info) + shape->batch, 0);
    return Error::success();
  }
  lapack_int lda = leading(m), ldu = leading(m), ldvt = leading(vtRows);
  std::vector<lapack_int> iwork = workspace<lapack_int>(8 * int64_t(k));
  int64_t mx = std::max(m, n);
  int64_t rsize =
      algorithm == SvdAlgorithm::QrIteration
          ? 5 * int64_t(k)
          : (job == 'N'
                 ? 7 * int64_t(k)
                 : std::max<int64_t>(5 * int64_t(k) * k + 5 * k,
                                     2 * mx * k + 2 * int64_t(k) * k + k));
  std::vector<R> rwork = workspace<R>(kIsComplex<T> ? rsize : 1);
  auto call = [&](T *matrix, R *values, T *left, T *right, T *work,
                  lapack_int lwork, lapack_int *status) {
    if (algorithm == SvdAlgorithm::DivideAndConquer) {
      if constexpr (std::is_same_v<T, float>)
        sgesdd_(&job, &m, &n, matrix, &lda, values, left, &ldu, right, &ldvt,
                work, &lwork, iwork.data(), status, 1);
      else if constexpr (std::is_same_v<T, double>)
        dgesdd_(&job, &m, &n, matrix, &lda, values, left, &ldu, right, &ldvt,
                work, &lwork, iwork.data(), status, 1);
      else if constexpr (std::is_same_v<T, c64>)
        cgesdd_(&job, &m, &n, matrix, &lda, values, left, &ldu, right, &ldvt,
                work, &lwork, rwork.data(), iwork.data(), status, 1);
      else
        zgesdd_(&job, &m, &n, matrix, &lda, values, left, &ldu, right, &ldvt,
                work, &lwork, rwork.data(), iwork.data(), status, 1);
    } else {
      if constexpr (std::is_same_v<T, float>)
        sgesvd_(&job, &job, &m, &n, matrix, &lda, values, left, &ldu, right,
                &ldvt, work, &lwork, status, 1, 1);
      else if constexpr (std::is_same_v<T, double>)
        dgesvd_(&job, &job, &m, &n, matrix, &lda, values, left, &ldu, right,
                &ldvt, work, &lwork, status, 1, 1);
      else if constexpr (std::is_same_v<T, c64>)
        cgesvd_(&job, &job, &m, &n, matrix, &lda, values, left, &ldu, right,
                &ldvt, work, &lwork, rwork.data(), status, 1, 1);
      else
        zgesvd_(&job, &job, &m, &n, matrix, &lda, values, left, &ldu, right,
                &ldvt, work, &lwork, rwork.data(), status, 1, 1);
    }
  };
  T query;
  lapack_int status = 0;
  call(nullptr, nullptr, nullptr, nullptr, &query, -1, &status);
  lapack_int lwork = std::max<lapack_int>(workspaceSize(query), 1);
  std::vector<T> work = workspace<T>(lwork);
  // 'N' leaves u and vt alone; they hold zeros rather than garbage.
  if (job == 'N') {
    std::memset(u.untypedData(), 0, u.sizeInBytes());
    std::memset(vt.untypedData(), 0, vt.sizeInBytes());
  }
  for (int64_t b = 0; b < shape->batch; ++b)
    call(static_cast<T *>(aOut.untypedData()) + b * shape->matrixSize(),
         static_cast<R *>(s.untypedData()) + b * k,
         static_cast<T *>(u.untypedData()) + b * int64_t(m) * uCols,
         static_cast<T *>(vt.untypedData()) + b * int64_t(vtRows) * n,
         work.data(), lwork, data(info) + b);
  return Error::success();
}

template <SvdAlgorithm algorithm, typename T>
Error svd(Buf<T> a, Buf<T> aOut, RealBuf<T> s, Buf<T> u, Buf<T> vt, IntBuf info,
          uint8_t modeCode) {
  ErrorOr<char> mode = option("mode", modeCode, "ASNO");
  if (!mode.ok())
    return mode.error();
  if (*mode == 'O')
    return Error::unimplemented(std::string(currentTarget()) +
                                ": mode 'O' (u overwriting the input) is not "
                                "supported");
  return svdBatch<T>(algorithm, *mode, a, aOut, s, u, vt, info);
}

template <SvdAlgorithm algorithm, typename T>
HloxFfiError *svdHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<RealBuf<T>>()
        .template ret<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<IntBuf>()
        .template attr<uint8_t>("mode")
        .to(svd<algorithm, T>);
  });
}

/// lapack_?gesdd: (full_matrices, compute_uv, b, m, n, lwork, a) -> real:
/// (a, s, u, vt, info, iwork, work); complex: (..., iwork, rwork, work).
template <typename T> HloxFfiError *legacyGesdd(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(7, kIsComplex<T> ? 8 : 7); !error.ok())
      return error;
    ErrorOr<int64_t> full = call.scalar(0, "full_matrices");
    ErrorOr<int64_t> computeUv = call.scalar(1, "compute_uv");
    if (Error error = firstFailure({full.error(), computeUv.error(),
                                    call.scalarIs(2, "b", call.batchOf(6, 2)),
                                    call.scalarIs(3, "m", call.dimOf(6, -2)),
                                    call.scalarIs(4, "n", call.dimOf(6, -1))});
        !error.ok())
      return error;
    char job = *computeUv ? (*full ? 'A' : 'S') : 'N';
    auto a = call.arg<Buf<T>>(6), aOut = call.ret<Buf<T>>(0),
         u = call.ret<Buf<T>>(2), vt = call.ret<Buf<T>>(3);
    auto s = call.ret<RealBuf<T>>(1);
    auto info = call.ret<IntBuf>(4);
    if (Error error = firstFailure({a.error(), aOut.error(), u.error(),
                                    vt.error(), s.error(), info.error()});
        !error.ok())
      return error;
    call.clearRetsFrom(5);
    return svdBatch<T>(SvdAlgorithm::DivideAndConquer, job, *a, *aOut, *s, *u,
                       *vt, *info);
  });
}

} // namespace

void hlox::ffi::jax::addSvd(HandlerList &list) {
  constexpr SvdAlgorithm dc = SvdAlgorithm::DivideAndConquer;
  constexpr SvdAlgorithm qr = SvdAlgorithm::QrIteration;
  list.addTyped("lapack_", "gesdd_ffi", svdHandler<dc, float>,
                svdHandler<dc, double>, svdHandler<dc, c64>,
                svdHandler<dc, c128>);
  list.addTyped("lapack_", "gesvd_ffi", svdHandler<qr, float>,
                svdHandler<qr, double>, svdHandler<qr, c64>,
                svdHandler<qr, c128>);
  list.addTyped("lapack_", "gesdd", legacyGesdd<float>, legacyGesdd<double>,
                legacyGesdd<c64>, legacyGesdd<c128>);
}
