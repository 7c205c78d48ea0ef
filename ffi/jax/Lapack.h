//===- Lapack.h - LAPACK and BLAS routines by element type ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The Fortran LAPACK/BLAS routines the JAX CPU handlers call, declared here
// (Debian's liblapack3/libblas3 or OpenBLAS provide them; no LAPACKE) and
// gathered per element type in `Lapack<T>`, T one of float, double,
// std::complex<float>, std::complex<double>. Matrices are column-major.
// Character arguments carry their hidden length (gfortran's ABI).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_JAX_LAPACK_H
#define HLOX_FFI_JAX_LAPACK_H

#include <complex>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace hlox::ffi::jax {

/// LAPACK's integer (the reference build's 32-bit INTEGER).
using lapack_int = int32_t;
/// LAPACK's LOGICAL.
using lapack_logical = int32_t;
using c64 = std::complex<float>;
using c128 = std::complex<double>;

/// The real type under T (T itself for real types).
template <typename T> struct RealOf { using type = T; };
template <typename R> struct RealOf<std::complex<R>> { using type = R; };
template <typename T> using Real = typename RealOf<T>::type;
template <typename T>
inline constexpr bool kIsComplex = !std::is_same_v<T, Real<T>>;

extern "C" {
// clang-format off
#define HLOX_LAPACK_FOR_TYPES(X) X(s, float) X(d, double) X(c, c64) X(z, c128)

#define HLOX_DECLARE_COMMON(p, T)                                              \
  void p##getrf_(const lapack_int *m, const lapack_int *n, T *a,               \
                 const lapack_int *lda, lapack_int *ipiv, lapack_int *info);   \
  void p##geqrf_(const lapack_int *m, const lapack_int *n, T *a,               \
                 const lapack_int *lda, T *tau, T *work,                       \
                 const lapack_int *lwork, lapack_int *info);                   \
  void p##potrf_(const char *uplo, const lapack_int *n, T *a,                  \
                 const lapack_int *lda, lapack_int *info, size_t);             \
  void p##gehrd_(const lapack_int *n, const lapack_int *ilo,                   \
                 const lapack_int *ihi, T *a, const lapack_int *lda, T *tau,   \
                 T *work, const lapack_int *lwork, lapack_int *info);          \
  void p##gtsv_(const lapack_int *n, const lapack_int *nrhs, T *dl, T *d,      \
                T *du, T *b, const lapack_int *ldb, lapack_int *info);         \
  void p##trsm_(const char *side, const char *uplo, const char *transa,        \
                const char *diag, const lapack_int *m, const lapack_int *n,    \
                const T *alpha, const T *a, const lapack_int *lda, T *b,       \
                const lapack_int *ldb, size_t, size_t, size_t, size_t);
HLOX_LAPACK_FOR_TYPES(HLOX_DECLARE_COMMON)
#undef HLOX_DECLARE_COMMON

#define HLOX_DECLARE_REAL(p, T)                                                \
  void p##orgqr_(const lapack_int *m, const lapack_int *n,                     \
                 const lapack_int *k, T *a, const lapack_int *lda,             \
                 const T *tau, T *work, const lapack_int *lwork,               \
                 lapack_int *info);                                            \
  void p##syevd_(const char *jobz, const char *uplo, const lapack_int *n,      \
                 T *a, const lapack_int *lda, T *w, T *work,                   \
                 const lapack_int *lwork, lapack_int *iwork,                   \
                 const lapack_int *liwork, lapack_int *info, size_t, size_t);  \
  void p##sytrd_(const char *uplo, const lapack_int *n, T *a,                  \
                 const lapack_int *lda, T *d, T *e, T *tau, T *work,           \
                 const lapack_int *lwork, lapack_int *info, size_t);           \
  void p##gesdd_(const char *jobz, const lapack_int *m, const lapack_int *n,   \
                 T *a, const lapack_int *lda, T *s, T *u,                      \
                 const lapack_int *ldu, T *vt, const lapack_int *ldvt,         \
                 T *work, const lapack_int *lwork, lapack_int *iwork,          \
                 lapack_int *info, size_t);                                    \
  void p##gesvd_(const char *jobu, const char *jobvt, const lapack_int *m,     \
                 const lapack_int *n, T *a, const lapack_int *lda, T *s, T *u, \
                 const lapack_int *ldu, T *vt, const lapack_int *ldvt,         \
                 T *work, const lapack_int *lwork, lapack_int *info, size_t,   \
                 size_t);                                                      \
  void p##geev_(const char *jobvl, const char *jobvr, const lapack_int *n,     \
                T *a, const lapack_int *lda, T *wr, T *wi, T *vl,              \
                const lapack_int *ldvl, T *vr, const lapack_int *ldvr,         \
                T *work, const lapack_int *lwork, lapack_int *info, size_t,    \
                size_t);                                                       \
  void p##gees_(const char *jobvs, const char *sort,                           \
                lapack_logical (*select)(const T *, const T *),                \
                const lapack_int *n, T *a, const lapack_int *lda,              \
                lapack_int *sdim, T *wr, T *wi, T *vs,                         \
                const lapack_int *ldvs, T *work, const lapack_int *lwork,      \
                lapack_logical *bwork, lapack_int *info, size_t, size_t);
HLOX_DECLARE_REAL(s, float)
HLOX_DECLARE_REAL(d, double)
#undef HLOX_DECLARE_REAL

#define HLOX_DECLARE_COMPLEX(p, T, R)                                          \
  void p##ungqr_(const lapack_int *m, const lapack_int *n,                     \
                 const lapack_int *k, T *a, const lapack_int *lda,             \
                 const T *tau, T *work, const lapack_int *lwork,               \
                 lapack_int *info);                                            \
  void p##heevd_(const char *jobz, const char *uplo, const lapack_int *n,      \
                 T *a, const lapack_int *lda, R *w, T *work,                   \
                 const lapack_int *lwork, R *rwork, const lapack_int *lrwork,  \
                 lapack_int *iwork, const lapack_int *liwork,                  \
                 lapack_int *info, size_t, size_t);                            \
  void p##hetrd_(const char *uplo, const lapack_int *n, T *a,                  \
                 const lapack_int *lda, R *d, R *e, T *tau, T *work,           \
                 const lapack_int *lwork, lapack_int *info, size_t);           \
  void p##gesdd_(const char *jobz, const lapack_int *m, const lapack_int *n,   \
                 T *a, const lapack_int *lda, R *s, T *u,                      \
                 const lapack_int *ldu, T *vt, const lapack_int *ldvt,         \
                 T *work, const lapack_int *lwork, R *rwork,                   \
                 lapack_int *iwork, lapack_int *info, size_t);                 \
  void p##gesvd_(const char *jobu, const char *jobvt, const lapack_int *m,     \
                 const lapack_int *n, T *a, const lapack_int *lda, R *s, T *u, \
                 const lapack_int *ldu, T *vt, const lapack_int *ldvt,         \
                 T *work, const lapack_int *lwork, R *rwork, lapack_int *info, \
                 size_t, size_t);                                              \
  void p##geev_(const char *jobvl, const char *jobvr, const lapack_int *n,     \
                T *a, const lapack_int *lda, T *w, T *vl,                      \
                const lapack_int *ldvl, T *vr, const lapack_int *ldvr,         \
                T *work, const lapack_int *lwork, R *rwork, lapack_int *info,  \
                size_t, size_t);                                               \
  void p##gees_(const char *jobvs, const char *sort,                           \
                lapack_logical (*select)(const T *), const lapack_int *n,      \
                T *a, const lapack_int *lda, lapack_int *sdim, T *w, T *vs,    \
                const lapack_int *ldvs, T *work, const lapack_int *lwork,      \
                R *rwork, lapack_logical *bwork, lapack_int *info, size_t,     \
                size_t);
HLOX_DECLARE_COMPLEX(c, c64, float)
HLOX_DECLARE_COMPLEX(z, c128, double)
#undef HLOX_DECLARE_COMPLEX
// clang-format on
} // extern "C"

/// The routines of element type T, with LAPACK's argument lists less the
/// hidden character lengths.
template <typename T> struct Lapack;

#define HLOX_LAPACK_TRAITS_COMMON(p, T)                                        \
  static void getrf(const lapack_int *m, const lapack_int *n, T *a,            \
                    const lapack_int *lda, lapack_int *ipiv,                   \
                    lapack_int *info) {                                        \
    p##getrf_(m, n, a, lda, ipiv, info);                                       \
  }                                                                            \
  static void geqrf(const lapack_int *m, const lapack_int *n, T *a,            \
                    const lapack_int *lda, T *tau, T *work,                    \
                    const lapack_int *lwork, lapack_int *info) {               \
    p##geqrf_(m, n, a, lda, tau, work, lwork, info);                           \
  }                                                                            \
  static void potrf(char uplo, const lapack_int *n, T *a,                      \
                    const lapack_int *lda, lapack_int *info) {                 \
    p##potrf_(&uplo, n, a, lda, info, 1);                                      \
  }                                                                            \
  static void gehrd(const lapack_int *n, const lapack_int *ilo,                \
                    const lapack_int *ihi, T *a, const lapack_int *lda,        \
                    T *tau, T *work, const lapack_int *lwork,                  \
                    lapack_int *info) {                                        \
    p##gehrd_(n, ilo, ihi, a, lda, tau, work, lwork, info);                    \
  }                                                                            \
  static void gtsv(const lapack_int *n, const lapack_int *nrhs, T *dl, T *d,   \
                   T *du, T *b, const lapack_int *ldb, lapack_int *info) {     \
    p##gtsv_(n, nrhs, dl, d, du, b, ldb, info);                                \
  }                                                                            \
  static void trsm(char side, char uplo, char transa, char diag,               \
                   const lapack_int *m, const lapack_int *n, const T *alpha,   \
                   const T *a, const lapack_int *lda, T *b,                    \
                   const lapack_int *ldb) {                                    \
    p##trsm_(&side, &uplo, &transa, &diag, m, n, alpha, a, lda, b, ldb, 1, 1,  \
             1, 1);                                                            \
  }

/// `orgqr` is ?orgqr for real types, ?ungqr for complex ones.
#define HLOX_LAPACK_TRAITS(p, T, orgqrName)                                    \
  template <> struct Lapack<T> {                                               \
    HLOX_LAPACK_TRAITS_COMMON(p, T)                                            \
    static void orgqr(const lapack_int *m, const lapack_int *n,                \
                      const lapack_int *k, T *a, const lapack_int *lda,        \
                      const T *tau, T *work, const lapack_int *lwork,          \
                      lapack_int *info) {                                      \
      orgqrName(m, n, k, a, lda, tau, work, lwork, info);                      \
    }                                                                          \
  };

HLOX_LAPACK_TRAITS(s, float, sorgqr_)
HLOX_LAPACK_TRAITS(d, double, dorgqr_)
HLOX_LAPACK_TRAITS(c, c64, cungqr_)
HLOX_LAPACK_TRAITS(z, c128, zungqr_)
#undef HLOX_LAPACK_TRAITS_COMMON
#undef HLOX_LAPACK_TRAITS

/// The workspace size a LAPACK query (lwork = -1) returned in `work[0]`.
template <typename T> lapack_int workspaceSize(const T &value) {
  if constexpr (kIsComplex<T>)
    return static_cast<lapack_int>(value.real());
  else
    return static_cast<lapack_int>(value);
}

} // namespace hlox::ffi::jax

#endif // HLOX_FFI_JAX_LAPACK_H
