//===- ApproximationPatterns.h - f32 math as arithmetic ------- -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The rewrites of hlox-cpu-approximate-math that live in files of their
// own: each computes an f32 math function as arithmetic, scalar or vector
// alike, within the bound docs/numerics.md gives it.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TARGET_CPU_APPROXIMATIONPATTERNS_H
#define HLOX_LIB_TARGET_CPU_APPROXIMATIONPATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace hlox::cpu {

/// f32 sin and cos over the whole f32 range (ApproximateSinCos.cpp).
void populateSinCosF32Patterns(mlir::RewritePatternSet &patterns);

/// f32 pow (ApproximatePow.cpp).
void populatePowF32Patterns(mlir::RewritePatternSet &patterns);

} // namespace hlox::cpu

#endif // HLOX_LIB_TARGET_CPU_APPROXIMATIONPATTERNS_H
