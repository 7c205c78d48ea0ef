//===- ConstantInts.h - The integers of a constant value --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TRANSFORMS_CONSTANTINTS_H
#define HLOX_LIB_TRANSFORMS_CONSTANTINTS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <optional>

namespace hlox {

/// The integer values of `value` when a stablehlo.constant defines it (the
/// shapes, sizes and window operands of dynamism ops).
inline std::optional<llvm::SmallVector<int64_t>>
getConstantInts(mlir::Value value) {
  auto constant = value.getDefiningOp<stablehlo::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = llvm::dyn_cast<mlir::DenseIntElementsAttr>(constant.getValue());
  if (!dense)
    return std::nullopt;
  llvm::SmallVector<int64_t> values;
  for (const llvm::APInt &v : dense.getValues<llvm::APInt>())
    values.push_back(v.getSExtValue());
  return values;
}

} // namespace hlox

#endif // HLOX_LIB_TRANSFORMS_CONSTANTINTS_H
