//===- WindowPatterns.h - Recognizing reduce_window forms -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What the passes that rewrite or absorb pools ask of a
// `stablehlo.reduce_window` and the constants around it.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_WINDOWPATTERNS_H
#define HLOX_TRANSFORMS_WINDOWPATTERNS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "llvm/ADT/APFloat.h"

#include <optional>

namespace hlox {

/// What a reduce_window's body computes, when it is one of these.
enum class WindowKind { Max, Min };

/// Whether `op`'s body is `return maximum(a, b)` (or minimum) of its two
/// arguments, in either order.
std::optional<WindowKind> getWindowKind(stablehlo::ReduceWindowOp op);

/// Whether `value` is a constant float splat bitwise equal to `expected`
/// (so +0 and -0 differ).
bool isFloatSplat(mlir::Value value, const llvm::APFloat &expected);

/// Whether `values` is absent or all ones (a reduce_window's optional
/// strides and dilations).
bool isAbsentOrOnes(std::optional<llvm::ArrayRef<int64_t>> values);

} // namespace hlox

#endif // HLOX_TRANSFORMS_WINDOWPATTERNS_H
