//===- Compare.h - Compiled results against the evaluator's -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// `hlox-run --compare-with-interpreter` runs a program compiled and on the
// reference evaluator with the same arguments and compares the results:
// integers and booleans exactly, floats within |got - want| <= atol +
// rtol * |want| (NaN matches NaN, infinities match themselves), complex
// numbers on the modulus of the difference.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_COMPARE_H
#define HLOX_TOOLS_SUPPORT_COMPARE_H

#include "hlox/Evaluator/Tensor.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace hlox::tools {

struct Tolerance {
  double rtol;
  double atol;
};

/// The default tolerance for results of `elementType`: the compiled path
/// may reassociate, fuse and approximate within each type's precision
/// (f64: 1e-9, f32: 1e-4, f16: 1e-2, bf16: 4e-2 relative; 8-bit and
/// narrower floats: 0.25); integers compare exactly (zero).
Tolerance getDefaultTolerance(mlir::Type elementType);

/// What comparing one result found.
struct Comparison {
  int64_t mismatches = 0;
  double maxAbsError = 0;
  double maxRelError = 0;
  /// ||got - want||_2 / ||want||_2 over the finite elements.
  double normRelError = 0;
};

/// Compares `got` (compiled) with `want` (the evaluator's) under
/// `tolerance`; prints the first few mismatches, each with its index, to
/// `os`, prefixed by `name`.
Comparison compareTensors(const eval::Tensor &got, const eval::Tensor &want,
                          Tolerance tolerance, llvm::StringRef name,
                          llvm::raw_ostream &os);

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_COMPARE_H
