//===- Specialize.h - Specialize functions to their arguments ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_SPECIALIZE_H
#define HLOX_TRANSFORMS_SPECIALIZE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace hlox {

/// True when an argument or result of `function` has a dynamic shape.
bool hasDynamicShapes(mlir::func::FuncOp function);

/// True when an op inside `function` has a result of dynamic shape (a
/// bounded value after set_dimension_size, in a static function too).
bool hasDynamicResultsInside(mlir::func::FuncOp function);

/// Specializes `function` to argument types `types` (static, compatible with
/// the declared ones). Where `values[i]` is set (a 0-d integer argument of a
/// shape-polymorphic program: a dimension size), the argument's uses become
/// that constant. Then refines the shapes in the body
/// (stablehlo-refine-shapes). Fails with a diagnostic on a mismatch.
mlir::LogicalResult
specializeArguments(mlir::func::FuncOp function,
                    llvm::ArrayRef<mlir::RankedTensorType> types,
                    llvm::ArrayRef<mlir::Attribute> values);

/// Refines the shapes of every function of `module` (the work of
/// stablehlo-refine-shapes); `foldIntegers` evaluates integer ops on
/// constants on the way.
/// Inlines the callees of `module` (they refine with their callers), then
/// specializes function `entry` to `types` and `values` as
/// specializeArguments does. `entry` names the function again afterwards.
mlir::LogicalResult
specializeEntry(mlir::ModuleOp module, llvm::StringRef entry,
                llvm::ArrayRef<mlir::RankedTensorType> types,
                llvm::ArrayRef<mlir::Attribute> values);

mlir::LogicalResult refineShapes(mlir::ModuleOp module,
                                 bool foldIntegers = true);

} // namespace hlox

#endif // HLOX_TRANSFORMS_SPECIALIZE_H
