//===- ExpArithmetic.h - f32 exp as arithmetic -------------------*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The arithmetic that hlox-cpu-inline-exp computes f32 exp with (defined in
// InlineExp.cpp), for the rewrites that need an exp of their own once that
// pass has run (hlox-cpu-approximate-math's tanh).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TARGET_CPU_EXPARITHMETIC_H
#define HLOX_LIB_TARGET_CPU_EXPARITHMETIC_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace hlox::cpu {

/// Builds exp(x) of the f32 scalar or vector `x` in f32 arithmetic (range
/// reduction, Cephes' polynomial, 2^k without an underflowing multiply):
/// within 1 ULP (docs/numerics.md). A NaN `x` gives an unspecified value:
/// callers select NaN themselves.
mlir::Value buildExpInF32(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value x);

/// Builds exp(x) of the f32 scalar or vector `x` in f64 arithmetic, rounded
/// once to f32. A NaN `x` gives an unspecified value.
mlir::Value buildExpInF64(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value x);

} // namespace hlox::cpu

#endif // HLOX_LIB_TARGET_CPU_EXPARITHMETIC_H
