//===- Eigen.cpp - Eigendecompositions and the Schur form -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// lapack_?syevd_ffi/?heevd_ffi (symmetric or Hermitian, eigenvalues
// ascending), lapack_?geev_ffi (general; a real matrix's eigenvectors come
// back complex, conjugate pairs unpacked) and lapack_?gees_ffi (Schur form
// A = Z T Z^H), with the older lapack_* forms of each.
//
//===----------------------------------------------------------------------===//

#include "Handlers.h"
#include "Legacy.h"

#include <algorithm>
#include <cmath>

using namespace hlox::ffi;
using namespace hlox::ffi::jax;

namespace {

//===----------------------------------------------------------------------===//
// syevd/heevd: (a) -> (v, w, info) {mode, uplo}
//===----------------------------------------------------------------------===//

/// One symmetric/Hermitian eigendecomposition in place: the eigenvectors
/// replace `a` (jobz 'V'), the eigenvalues go to `w`.
template <typename T> class Syevd {
public:
  Syevd(char jobz, char uplo, lapack_int n) : jobz(jobz), uplo(uplo), n(n) {
    lapack_int lda = leading(n), lwork = -1, lrwork = -1, liwork = -1, info;
    T workQuery;
    Real<T> rworkQuery;
    lapack_int iworkQuery;
    call(nullptr, nullptr, &workQuery, lwork, &rworkQuery, lrwork, &iworkQuery,
         liwork, &info, lda);
    work = workspace<T>(workspaceSize(workQuery));
    if constexpr (kIsComplex<T>)
      rwork = workspace<Real<T>>(static_cast<int64_t>(rworkQuery));
    iwork = workspace<lapack_int>(iworkQuery);
  }

  void run(T *a, Real<T> *w, lapack_int *info) {
    call(a, w, work.data(), lapack_int(work.size()), rwork.data(),
         lapack_int(rwork.size()), iwork.data(), lapack_int(iwork.size()), info,
         leading(n));
  }

private:
  void call(T *a, Real<T> *w, T *wk, lapack_int lwork, Real<T> *rwk,
            lapack_int lrwork, lapack_int *iwk, lapack_int liwork,
            lapack_int *info, lapack_int lda) {
    if constexpr (std::is_same_v<T, float>)
      ssyevd_(&jobz, &uplo, &n, a, &lda, w, wk, &lwork, iwk, &liwork, info, 1,
              1);
    else if constexpr (std::is_same_v<T, double>)
      dsyevd_(&jobz, &uplo, &n, a, &lda, w, wk, &lwork, iwk, &liwork, info, 1,
              1);
    else if constexpr (std::is_same_v<T, c64>)
      cheevd_(&jobz, &uplo, &n, a, &lda, w, wk, &lwork, rwk, &lrwork, iwk,
              &liwork, info, 1, 1);
    else
      zheevd_(&jobz, &uplo, &n, a, &lda, w, wk, &lwork, rwk, &lrwork, iwk,
              &liwork, info, 1, 1);
  }

  char jobz, uplo;
  lapack_int n;
  std::vector<T> work;
  std::vector<Real<T>> rwork;
  std::vector<lapack_int> iwork;
};

template <typename T>
Error syevdBatch(char jobz, char uplo, AnyBuffer a, AnyBuffer v, AnyBuffer w,
                 IntBuf info) {
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int n = shape->rows;
  if (Error error =
          firstFailure({expectShape(a, "operand 0", batch, {n, n}),
                        expectShape(v, "result 0", batch, {n, n}),
                        expectShape(w, "result 1 (eigenvalues)", batch, {n}),
                        expectShape(info, "result 2 (info)", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(a, v);
  if (n == 0) {
    std::fill(data(info), data(info) + shape->batch, 0);
    return Error::success();
  }
  Syevd<T> solver(jobz, uplo, n);
  auto *values = static_cast<Real<T> *>(w.untypedData());
  for (int64_t b = 0; b < shape->batch; ++b)
    solver.run(static_cast<T *>(v.untypedData()) + b * shape->matrixSize(),
               values + b * n, data(info) + b);
  return Error::success();
}

template <typename T>
Error syevd(Buf<T> a, Buf<T> v, RealBuf<T> w, IntBuf info, uint8_t modeCode,
            uint8_t uploCode) {
  ErrorOr<char> mode = option("mode", modeCode, "NV");
  ErrorOr<char> uplo = option("uplo", uploCode, "LU");
  if (Error error = firstFailure({mode.error(), uplo.error()}); !error.ok())
    return error;
  return syevdBatch<T>(*mode, *uplo, a, v, w, info);
}

template <typename T> HloxFfiError *syevdHandler(HloxFfiCallFrame *frame) {
  return callBound(frame, [] {
    return Ffi::bind()
        .template arg<Buf<T>>()
        .template ret<Buf<T>>()
        .template ret<RealBuf<T>>()
        .template ret<IntBuf>()
        .template attr<uint8_t>("mode")
        .template attr<uint8_t>("uplo")
        .to(syevd<T>);
  });
}

/// lapack_?syevd/?heevd: (lower, b, n, a) -> (v, w, info, workspaces...).
template <typename T> HloxFfiError *legacySyevd(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    int numRets = kIsComplex<T> ? 6 : 5;
    if (Error error = call.expectCounts(4, numRets); !error.ok())
      return error;
    ErrorOr<int64_t> lower = call.scalar(0, "lower");
    if (!lower.ok())
      return lower.error();
    if (Error error = firstFailure({call.scalarIs(1, "b", call.batchOf(3, 2)),
                                    call.scalarIs(2, "n", call.dimOf(3, -1))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(3), v = call.ret<Buf<T>>(0);
    auto w = call.ret<RealBuf<T>>(1);
    auto info = call.ret<IntBuf>(2);
    if (Error error =
            firstFailure({a.error(), v.error(), w.error(), info.error()});
        !error.ok())
      return error;
    call.clearRetsFrom(3);
    return syevdBatch<T>('V', *lower ? 'L' : 'U', *a, *v, *w, *info);
  });
}

//===----------------------------------------------------------------------===//
// geev: (a) -> (wr, wi, vl, vr, info) for real a; (w, vl, vr, info) for
// complex a {compute_left, compute_right}
//===----------------------------------------------------------------------===//

template <typename T> bool allFinite(const T *values, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    if constexpr (kIsComplex<T>) {
      if (!std::isfinite(values[i].real()) || !std::isfinite(values[i].imag()))
        return false;
    } else if (!std::isfinite(values[i])) {
      return false;
    }
  }
  return true;
}

/// LAPACK's real eigenvectors of a real matrix as complex columns: a
/// complex pair (wi[j] > 0) is packed as columns j (real) and j+1
/// (imaginary part).
template <typename R>
void unpackEigenvectors(lapack_int n, const R *wi, const R *packed,
                        std::complex<R> *out) {
  for (lapack_int j = 0; j < n; ++j) {
    const R *column = packed + int64_t(j) * n;
    std::complex<R> *target = out + int64_t(j) * n;
    if (wi[j] == R(0) || std::isnan(wi[j]) || j + 1 == n) {
      for (lapack_int i = 0; i < n; ++i)
        target[i] = std::complex<R>(column[i], R(0));
      continue;
    }
    const R *next = column + n;
    std::complex<R> *conjugate = target + n;
    for (lapack_int i = 0; i < n; ++i) {
      target[i] = std::complex<R>(column[i], next[i]);
      conjugate[i] = std::complex<R>(column[i], -next[i]);
    }
    ++j;
  }
}

/// The eigenvalues and eigenvectors of the batch `a`: real T writes wr and
/// wi, complex T writes w (into `wr`; `wi` unused).
template <typename T>
Error geevBatch(char jobvl, char jobvr, AnyBuffer a, AnyBuffer wr, AnyBuffer wi,
                AnyBuffer vl, AnyBuffer vr, IntBuf info) {
  using R = Real<T>;
  using C = std::complex<R>;
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int n = shape->rows;
  int valueResults = kIsComplex<T> ? 1 : 2;
  if (Error error = firstFailure(
          {expectShape(a, "operand 0", batch, {n, n}),
           expectShape(wr, "result 0 (eigenvalues)", batch, {n}),
           kIsComplex<T>
               ? Error::success()
               : expectShape(wi, "result 1 (eigenvalues)", batch, {n}),
           expectShape(vl,
                       "result " + std::to_string(valueResults) +
                           " (left eigenvectors)",
                       batch, {n, n}),
           expectShape(vr,
                       "result " + std::to_string(valueResults + 1) +
                           " (right eigenvectors)",
                       batch, {n, n}),
           expectShape(info, "info", batch, {})});
      !error.ok())
    return error;
  if (n == 0) {
    std::fill(data(info), data(info) + shape->batch, 0);
    return Error::success();
  }
  int64_t nn = int64_t(n) * n;
  std::vector<T> copy = workspace<T>(nn);
  lapack_int ld = n, lwork = -1, status = 0;
  std::vector<R> rwork = workspace<R>(2 * int64_t(n));
  // Real matrices: LAPACK's packed real eigenvectors, unpacked afterwards.
  std::vector<T> packedLeft, packedRight;
  if constexpr (!kIsComplex<T>) {
    packedLeft = workspace<T>(nn);
    packedRight = workspace<T>(nn);
  }
  auto geev = [&](T *matrix, T *w1, T *w2, T *left, T *right, T *work,
                  lapack_int lw, lapack_int *status) {
    if constexpr (std::is_same_v<T, float>)
      sgeev_(&jobvl, &jobvr, &n, matrix, &ld, w1, w2, left, &ld, right, &ld,
             work, &lw, status, 1, 1);
    else if constexpr (std::is_same_v<T, double>)
      dgeev_(&jobvl, &jobvr, &n, matrix, &ld, w1, w2, left, &ld, right, &ld,
             work, &lw, status, 1, 1);
    else if constexpr (std::is_same_v<T, c64>)
      cgeev_(&jobvl, &jobvr, &n, matrix, &ld, w1, left, &ld, right, &ld, work,
             &lw, rwork.data(), status, 1, 1);
    else
      zgeev_(&jobvl, &jobvr, &n, matrix, &ld, w1, left, &ld, right, &ld, work,
             &lw, rwork.data(), status, 1, 1);
  };
  T query;
  std::vector<T> valueScratch = workspace<T>(2 * int64_t(n));
  geev(copy.data(), valueScratch.data(), valueScratch.data() + n,
       kIsComplex<T> ? static_cast<T *>(vl.untypedData()) : packedLeft.data(),
       kIsComplex<T> ? static_cast<T *>(vr.untypedData()) : packedRight.data(),
       &query, -1, &status);
  lwork = std::max<lapack_int>(workspaceSize(query), 1);
  std::vector<T> work = workspace<T>(lwork);
  auto *input = static_cast<const T *>(a.untypedData());
  for (int64_t b = 0; b < shape->batch; ++b) {
    lapack_int *result = data(info) + b;
    const T *matrix = input + b * nn;
    // LAPACK may not return on a NaN or an infinity; JAX's kernel reports
    // -4 (the matrix argument) without calling it.
    if (!allFinite(matrix, nn)) {
      *result = -4;
      continue;
    }
    std::copy(matrix, matrix + nn, copy.data());
    T *values = static_cast<T *>(wr.untypedData()) + b * n;
    if constexpr (kIsComplex<T>) {
      geev(copy.data(), values, nullptr,
           static_cast<T *>(vl.untypedData()) + b * nn,
           static_cast<T *>(vr.untypedData()) + b * nn, work.data(), lwork,
           result);
    } else {
      T *imaginary = static_cast<T *>(wi.untypedData()) + b * n;
      geev(copy.data(), values, imaginary, packedLeft.data(),
           packedRight.data(), work.data(), lwork, result);
      if (*result != 0)
        continue;
      if (jobvl == 'V')
        unpackEigenvectors<R>(n, imaginary, packedLeft.data(),
                              static_cast<C *>(vl.untypedData()) + b * nn);
      if (jobvr == 'V')
        unpackEigenvectors<R>(n, imaginary, packedRight.data(),
                              static_cast<C *>(vr.untypedData()) + b * nn);
    }
  }
  return Error::success();
}

template <typename T>
Error geevReal(Buf<T> a, Buf<T> wr, Buf<T> wi, ComplexBuf<T> vl,
               ComplexBuf<T> vr, IntBuf info, uint8_t left, uint8_t right) {
  ErrorOr<char> jobvl = option("compute_left", left, "NV");
  ErrorOr<char> jobvr = option("compute_right", right, "NV");
  if (Error error = firstFailure({jobvl.error(), jobvr.error()}); !error.ok())
    return error;
  return geevBatch<T>(*jobvl, *jobvr, a, wr, wi, vl, vr, info);
}

template <typename T>
Error geevComplex(Buf<T> a, Buf<T> w, Buf<T> vl, Buf<T> vr, IntBuf info,
                  uint8_t left, uint8_t right) {
  ErrorOr<char> jobvl = option("compute_left", left, "NV");
  ErrorOr<char> jobvr = option("compute_right", right, "NV");
  if (Error error = firstFailure({jobvl.error(), jobvr.error()}); !error.ok())
    return error;
  return geevBatch<T>(*jobvl, *jobvr, a, w, w, vl, vr, info);
}

template <typename T> HloxFfiError *geevHandler(HloxFfiCallFrame *frame) {
  if constexpr (kIsComplex<T>)
    return callBound(frame, [] {
      return Ffi::bind()
          .template arg<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<IntBuf>()
          .template attr<uint8_t>("compute_left")
          .template attr<uint8_t>("compute_right")
          .to(geevComplex<T>);
    });
  else
    return callBound(frame, [] {
      return Ffi::bind()
          .template arg<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<ComplexBuf<T>>()
          .template ret<ComplexBuf<T>>()
          .template ret<IntBuf>()
          .template attr<uint8_t>("compute_left")
          .template attr<uint8_t>("compute_right")
          .to(geevReal<T>);
    });
}

/// lapack_?geev: (b, n, jobvl, jobvr, a) -> real: (3 workspaces, wr, wi,
/// vl, vr, info); complex: (2 workspaces, w, vl, vr, info).
template <typename T> HloxFfiError *legacyGeev(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    int first = kIsComplex<T> ? 2 : 3;
    if (Error error = call.expectCounts(5, first + (kIsComplex<T> ? 4 : 5));
        !error.ok())
      return error;
    ErrorOr<int64_t> left = call.scalar(2, "jobvl");
    ErrorOr<int64_t> right = call.scalar(3, "jobvr");
    if (Error error = firstFailure({left.error(), right.error()}); !error.ok())
      return error;
    ErrorOr<char> jobvl = option("jobvl", uint8_t(*left), "NV");
    ErrorOr<char> jobvr = option("jobvr", uint8_t(*right), "NV");
    if (Error error = firstFailure({jobvl.error(), jobvr.error(),
                                    call.scalarIs(0, "b", call.batchOf(4, 2)),
                                    call.scalarIs(1, "n", call.dimOf(4, -1))});
        !error.ok())
      return error;
    call.clearRetsFrom(0);
    auto a = call.arg<Buf<T>>(4);
    if (!a.ok())
      return a.error();
    if constexpr (kIsComplex<T>) {
      auto w = call.ret<Buf<T>>(first), vl = call.ret<Buf<T>>(first + 1),
           vr = call.ret<Buf<T>>(first + 2);
      auto info = call.ret<IntBuf>(first + 3);
      if (Error error =
              firstFailure({w.error(), vl.error(), vr.error(), info.error()});
          !error.ok())
        return error;
      return geevBatch<T>(*jobvl, *jobvr, *a, *w, *w, *vl, *vr, *info);
    } else {
      auto wr = call.ret<Buf<T>>(first), wi = call.ret<Buf<T>>(first + 1);
      auto vl = call.ret<ComplexBuf<T>>(first + 2),
           vr = call.ret<ComplexBuf<T>>(first + 3);
      auto info = call.ret<IntBuf>(first + 4);
      if (Error error = firstFailure(
              {wr.error(), wi.error(), vl.error(), vr.error(), info.error()});
          !error.ok())
        return error;
      return geevBatch<T>(*jobvl, *jobvr, *a, *wr, *wi, *vl, *vr, *info);
    }
  });
}

//===----------------------------------------------------------------------===//
// gees: (a) -> (t, z, wr, wi, sdim, info) for real a; (t, z, w, sdim, info)
// for complex a {mode, sort}
//===----------------------------------------------------------------------===//

template <typename T>
Error geesBatch(char jobvs, AnyBuffer a, AnyBuffer t, AnyBuffer z, AnyBuffer wr,
                AnyBuffer wi, IntBuf sdim, IntBuf info) {
  using R = Real<T>;
  ErrorOr<MatrixBatch> shape = matrices(a, "operand 0");
  if (!shape.ok())
    return shape.error();
  auto batch = batchDims(a, 2);
  lapack_int n = shape->rows;
  if (Error error = firstFailure(
          {expectShape(a, "operand 0", batch, {n, n}),
           expectShape(t, "result 0 (Schur form)", batch, {n, n}),
           expectShape(z, "result 1 (Schur vectors)", batch, {n, n}),
           expectShape(wr, "eigenvalues", batch, {n}),
           kIsComplex<T> ? Error::success()
                         : expectShape(wi, "eigenvalues", batch, {n}),
           expectShape(sdim, "sdim", batch, {}),
           expectShape(info, "info", batch, {})});
      !error.ok())
    return error;
  copyIfDifferent(a, t);
  if (n == 0) {
    std::fill(data(info), data(info) + shape->batch, 0);
    std::fill(data(sdim), data(sdim) + shape->batch, 0);
    return Error::success();
  }
  char sort = 'N';
  lapack_int ld = n, lwork = -1, status = 0, selected = 0;
  std::vector<R> rwork = workspace<R>(n);
  std::vector<lapack_logical> bwork = workspace<lapack_logical>(n);
  auto gees = [&](T *matrix, T *w1, T *w2, T *vs, T *work, lapack_int lw,
                  lapack_int *sd, lapack_int *st) {
    if constexpr (std::is_same_v<T, float>)
      sgees_(&jobvs, &sort, nullptr, &n, matrix, &ld, sd, w1, w2, vs, &ld, work,
             &lw, bwork.data(), st, 1, 1);
    else if constexpr (std::is_same_v<T, double>)
      dgees_(&jobvs, &sort, nullptr, &n, matrix, &ld, sd, w1, w2, vs, &ld, work,
             &lw, bwork.data(), st, 1, 1);
    else if constexpr (std::is_same_v<T, c64>)
      cgees_(&jobvs, &sort, nullptr, &n, matrix, &ld, sd, w1, vs, &ld, work,
             &lw, rwork.data(), bwork.data(), st, 1, 1);
    else
      zgees_(&jobvs, &sort, nullptr, &n, matrix, &ld, sd, w1, vs, &ld, work,
             &lw, rwork.data(), bwork.data(), st, 1, 1);
  };
  T query;
  std::vector<T> scratch = workspace<T>(2 * int64_t(n));
  gees(nullptr, scratch.data(), scratch.data() + n, nullptr, &query, -1,
       &selected, &status);
  lwork = std::max<lapack_int>(workspaceSize(query), 1);
  std::vector<T> work = workspace<T>(lwork);
  int64_t nn = int64_t(n) * n;
  for (int64_t b = 0; b < shape->batch; ++b) {
    T *imaginary =
        kIsComplex<T> ? nullptr : static_cast<T *>(wi.untypedData()) + b * n;
    gees(static_cast<T *>(t.untypedData()) + b * nn,
         static_cast<T *>(wr.untypedData()) + b * n, imaginary,
         static_cast<T *>(z.untypedData()) + b * nn, work.data(), lwork,
         data(sdim) + b, data(info) + b);
  }
  return Error::success();
}

template <typename T>
ErrorOr<char> geesOptions(uint8_t modeCode, uint8_t sortCode) {
  ErrorOr<char> mode = option("mode", modeCode, "NV");
  if (!mode.ok())
    return mode;
  ErrorOr<char> sort = option("sort", sortCode, "NS");
  if (!sort.ok())
    return sort.error();
  if (*sort == 'S')
    return Error::unimplemented(std::string(currentTarget()) +
                                ": sorting the eigenvalues (sort = 'S') "
                                "needs a selection function, which the call "
                                "cannot carry");
  return mode;
}

template <typename T>
Error geesReal(Buf<T> a, Buf<T> t, Buf<T> z, Buf<T> wr, Buf<T> wi, IntBuf sdim,
               IntBuf info, uint8_t mode, uint8_t sort) {
  ErrorOr<char> jobvs = geesOptions<T>(mode, sort);
  if (!jobvs.ok())
    return jobvs.error();
  return geesBatch<T>(*jobvs, a, t, z, wr, wi, sdim, info);
}

template <typename T>
Error geesComplex(Buf<T> a, Buf<T> t, Buf<T> z, Buf<T> w, IntBuf sdim,
                  IntBuf info, uint8_t mode, uint8_t sort) {
  ErrorOr<char> jobvs = geesOptions<T>(mode, sort);
  if (!jobvs.ok())
    return jobvs.error();
  return geesBatch<T>(*jobvs, a, t, z, w, w, sdim, info);
}

template <typename T> HloxFfiError *geesHandler(HloxFfiCallFrame *frame) {
  if constexpr (kIsComplex<T>)
    return callBound(frame, [] {
      return Ffi::bind()
          .template arg<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<IntBuf>()
          .template ret<IntBuf>()
          .template attr<uint8_t>("mode")
          .template attr<uint8_t>("sort")
          .to(geesComplex<T>);
    });
  else
    return callBound(frame, [] {
      return Ffi::bind()
          .template arg<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<Buf<T>>()
          .template ret<IntBuf>()
          .template ret<IntBuf>()
          .template attr<uint8_t>("mode")
          .template attr<uint8_t>("sort")
          .to(geesReal<T>);
    });
}

/// lapack_?gees: (b, n, jobvs, sort, a) -> real: (t, wr, wi, vs, sdim,
/// info); complex: (t, rwork, w, vs, sdim, info).
template <typename T> HloxFfiError *legacyGees(HloxFfiCallFrame *frame) {
  return callLegacy(frame, [&](LegacyCall &call) -> Error {
    if (Error error = call.expectCounts(5, 6); !error.ok())
      return error;
    ErrorOr<int64_t> mode = call.scalar(2, "jobvs");
    ErrorOr<int64_t> sort = call.scalar(3, "sort");
    if (Error error = firstFailure({mode.error(), sort.error()}); !error.ok())
      return error;
    ErrorOr<char> jobvs = geesOptions<T>(uint8_t(*mode), uint8_t(*sort));
    if (Error error = firstFailure({jobvs.error(),
                                    call.scalarIs(0, "b", call.batchOf(4, 2)),
                                    call.scalarIs(1, "n", call.dimOf(4, -1))});
        !error.ok())
      return error;
    auto a = call.arg<Buf<T>>(4), t = call.ret<Buf<T>>(0),
         vs = call.ret<Buf<T>>(3);
    auto sdim = call.ret<IntBuf>(4), info = call.ret<IntBuf>(5);
    if (Error error = firstFailure(
            {a.error(), t.error(), vs.error(), sdim.error(), info.error()});
        !error.ok())
      return error;
    if constexpr (kIsComplex<T>) {
      auto w = call.ret<Buf<T>>(2);
      if (!w.ok())
        return w.error();
      call.clearRet(1);
      return geesBatch<T>(*jobvs, *a, *t, *vs, *w, *w, *sdim, *info);
    } else {
      auto wr = call.ret<Buf<T>>(1), wi = call.ret<Buf<T>>(2);
      if (Error error = firstFailure({wr.error(), wi.error()}); !error.ok())
        return error;
      return geesBatch<T>(*jobvs, *a, *t, *vs, *wr, *wi, *sdim, *info);
    }
  });
}

} // namespace

void hlox::ffi::jax::addEigen(HandlerList &list) {
  list.add("lapack_ssyevd_ffi", syevdHandler<float>);
  list.add("lapack_dsyevd_ffi", syevdHandler<double>);
  list.add("lapack_cheevd_ffi", syevdHandler<c64>);
  list.add("lapack_zheevd_ffi", syevdHandler<c128>);
  list.addTyped("lapack_", "geev_ffi", geevHandler<float>, geevHandler<double>,
                geevHandler<c64>, geevHandler<c128>);
  list.addTyped("lapack_", "gees_ffi", geesHandler<float>, geesHandler<double>,
                geesHandler<c64>, geesHandler<c128>);
  list.add("lapack_ssyevd", legacySyevd<float>);
  list.add("lapack_dsyevd", legacySyevd<double>);
  list.add("lapack_cheevd", legacySyevd<c64>);
  list.add("lapack_zheevd", legacySyevd<c128>);
  list.addTyped("lapack_", "geev", legacyGeev<float>, legacyGeev<double>,
                legacyGeev<c64>, legacyGeev<c128>);
  list.addTyped("lapack_", "gees", legacyGees<float>, legacyGees<double>,
                legacyGees<c64>, legacyGees<c128>);
}
