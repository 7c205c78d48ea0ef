//===- Numerics.cpp - Element formats and rounding of the evaluator -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Evaluator/Numerics.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

using namespace mlir;

namespace hlox::eval {

double roundToSemantics(double value, const llvm::fltSemantics &semantics) {
  llvm::APFloat number(value);
  bool losesInfo = false;
  number.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  number.convert(llvm::APFloat::IEEEdouble(),
                 llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return number.convertToDouble();
}

ElementFormat::ElementFormat(Type elementType) {
  if (auto quant = dyn_cast<quant::QuantizedType>(elementType))
    elementType = quant.getStorageType();
  if (auto integer = dyn_cast<IntegerType>(elementType)) {
    intBits = integer.getWidth();
    return;
  }
  auto floatType = dyn_cast<FloatType>(elementType);
  if (!floatType || floatType.isF32() || floatType.isF64())
    return;
  semantics = &floatType.getFloatSemantics();
  if (floatType.isBF16())
    floatKind = FloatKind::Bf16;
  else if (floatType.isF16())
    floatKind = FloatKind::F16;
  else
    floatKind = FloatKind::Other;
}

} // namespace hlox::eval
