//===- Handlers.h - The handlers of JAX's CPU custom calls ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each file of this folder adds the handlers of one group of targets to a
// HandlerList; registerJaxCpuHandlers (Register.cpp) puts them all in a
// registry.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_FFI_JAX_HANDLERS_H
#define HLOX_FFI_JAX_HANDLERS_H

#include "Common.h"

#include <string>
#include <utility>
#include <vector>

namespace hlox::ffi::jax {

/// Targets and their handlers.
struct HandlerList {
  std::vector<std::pair<std::string, HloxFfiHandler>> entries;

  void add(std::string name, HloxFfiHandler handler) {
    entries.emplace_back(std::move(name), handler);
  }
  /// prefix + {s, d, c, z} + base: the f32, f64, complex<f32> and
  /// complex<f64> handlers.
  void addTyped(const std::string &prefix, const std::string &base,
                HloxFfiHandler s, HloxFfiHandler d, HloxFfiHandler c,
                HloxFfiHandler z) {
    add(prefix + "s" + base, s);
    add(prefix + "d" + base, d);
    add(prefix + "c" + base, c);
    add(prefix + "z" + base, z);
  }
};

// Each adds the typed-FFI targets (lapack_<t><routine>_ffi) and the older
// forms of the same routines (Legacy.h).

/// getrf, potrf, trsm (and blas_?trsm), gtsv.
void addLinearSolvers(HandlerList &list);
/// geqrf, orgqr/ungqr, gehrd, sytrd/hetrd.
void addHouseholder(HandlerList &list);
/// syevd/heevd, geev, gees.
void addEigen(HandlerList &list);
/// gesdd, gesvd.
void addSvd(HandlerList &list);

} // namespace hlox::ffi::jax

#endif // HLOX_FFI_JAX_HANDLERS_H
