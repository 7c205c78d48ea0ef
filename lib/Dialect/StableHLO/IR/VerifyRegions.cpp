//===- VerifyRegions.cpp - Signature checks of reduction-like regions -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The region signatures that reduce, reduce_window, scatter,
// select_and_scatter, sort and the collectives share.
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

using namespace mlir;

namespace hlox::stablehlo::detail {

bool isScalarOf(Type type, Type like) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0 && sameBaseElementType(tensor, like);
}

LogicalResult verifyReducerSignature(Operation *op, StringRef label,
                                     StringRef what, Region &region,
                                     TypeRange elementsOf) {
  Block &block = region.front();
  size_t n = elementsOf.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << label << what << " must take " << 2 * n
                             << " arguments";
  for (size_t k = 0; k < n; ++k)
    if (!isScalarOf(block.getArgument(k).getType(), elementsOf[k]) ||
        !isScalarOf(block.getArgument(n + k).getType(), elementsOf[k]))
      return op->emitOpError()
             << label << what << " arguments " << k << " and " << n + k
             << " must be 0-d tensors of the element type of input " << k;
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != n)
    return op->emitOpError() << label << what << " must return " << n
                             << " values";
  for (size_t k = 0; k < n; ++k)
    if (!isScalarOf(terminator->getOperand(k).getType(), elementsOf[k]))
      return op->emitOpError() << label << what << " result " << k
                               << " must be a 0-d tensor of the element "
                                  "type of input "
                               << k;
  return success();
}

LogicalResult verifyPredicateSignature(Operation *op, StringRef label,
                                       StringRef what, Region &region,
                                       Type elementOf) {
  Block &block = region.front();
  if (block.getNumArguments() != 2 ||
      !isScalarOf(block.getArgument(0).getType(), elementOf) ||
      !isScalarOf(block.getArgument(1).getType(), elementOf))
    return op->emitOpError() << label << what
                             << " must take two 0-d tensors of the operand's "
                                "element type";
  return verifyReturnsPredicate(op, label, what, region);
}

LogicalResult verifyReturnsPredicate(Operation *op, StringRef label,
                                     StringRef what, Region &region) {
  Operation *terminator = region.front().getTerminator();
  auto predicate = terminator->getNumOperands() == 1
                       ? dyn_cast<RankedTensorType>(
                             terminator->getOperand(0).getType())
                       : RankedTensorType();
  if (!predicate || predicate.getRank() != 0 ||
      !predicate.getElementType().isInteger(1))
    return op->emitOpError() << label << what << " must return a tensor<i1>";
  return success();
}

} // namespace hlox::stablehlo::detail
