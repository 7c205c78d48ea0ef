//===- WindowPatterns.cpp - Recognizing reduce_window forms ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/WindowPatterns.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
namespace shlo = hlox::stablehlo;

std::optional<hlox::WindowKind> hlox::getWindowKind(shlo::ReduceWindowOp op) {
  Block &body = op.getBody().front();
  if (body.getNumArguments() != 2 ||
      !llvm::hasSingleElement(body.without_terminator()))
    return std::nullopt;
  Operation &combiner = body.front();
  auto isArguments = [&](Operation &op) {
    return op.getNumOperands() == 2 &&
           ((op.getOperand(0) == body.getArgument(0) &&
             op.getOperand(1) == body.getArgument(1)) ||
            (op.getOperand(0) == body.getArgument(1) &&
             op.getOperand(1) == body.getArgument(0)));
  };
  Operation *terminator = body.getTerminator();
  if (!isArguments(combiner) || terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != combiner.getResult(0))
    return std::nullopt;
  if (isa<shlo::MaxOp>(combiner))
    return WindowKind::Max;
  if (isa<shlo::MinOp>(combiner))
    return WindowKind::Min;
  return std::nullopt;
}

bool hlox::isFloatSplat(Value value, const APFloat &expected) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !isa<FloatType>(attr.getElementType()))
    return false;
  return attr.getSplatValue<APFloat>().bitwiseIsEqual(expected);
}

bool hlox::isAbsentOrOnes(std::optional<ArrayRef<int64_t>> values) {
  return !values || llvm::all_of(*values, [](int64_t v) { return v == 1; });
}
