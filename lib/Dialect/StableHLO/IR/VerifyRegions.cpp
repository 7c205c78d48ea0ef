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

bool isPromotable(Type x, Type y) {
  x = getElementTypeOrSelf(x);
  y = getElementTypeOrSelf(y);
  if (x == y)
    return true;
  auto qx = dyn_cast<quant::QuantizedType>(x);
  auto qy = dyn_cast<quant::QuantizedType>(y);
  if (qx || qy)
    return qx && qy && qx.getExpressedType() == qy.getExpressedType() &&
           qx.getStorageTypeIntegralWidth() <=
               qy.getStorageTypeIntegralWidth();
  if (x.isInteger(1) || y.isInteger(1))
    return false;
  if (isa<IntegerType>(x) && isa<IntegerType>(y))
    return x.getIntOrFloatBitWidth() <= y.getIntOrFloatBitWidth();
  if (isa<FloatType>(x) && isa<FloatType>(y))
    return x.getIntOrFloatBitWidth() <= y.getIntOrFloatBitWidth();
  auto cx = dyn_cast<ComplexType>(x);
  auto cy = dyn_cast<ComplexType>(y);
  return cx && cy &&
         cx.getElementType().getIntOrFloatBitWidth() <=
             cy.getElementType().getIntOrFloatBitWidth();
}


Type withElementType(Type type, Type element) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !element)
    return type;
  return tensor.clone(element);
}

/// A 0-d tensor whose element type `like`'s is promotable to.
static bool isPromotedScalarOf(Type type, Type like) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0 &&
         (sameBaseElementType(tensor, like) ||
          isPromotable(getElementTypeOrSelf(like), tensor.getElementType()));
}

LogicalResult verifyReducerSignature(Operation *op, StringRef label,
                                     StringRef what, Region &region,
                                     TypeRange elementsOf) {
  Block &block = region.front();
  size_t n = elementsOf.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << label << what << " must take " << 2 * n
                             << " arguments";
  for (size_t k = 0; k < n; ++k) {
    Type lhs = block.getArgument(k).getType();
    Type rhs = block.getArgument(n + k).getType();
    if (!isPromotedScalarOf(lhs, elementsOf[k]) ||
        !sameBaseElementType(lhs, rhs) || !isa<RankedTensorType>(rhs) ||
        cast<RankedTensorType>(rhs).getRank() != 0)
      return op->emitOpError()
             << label << what << " arguments " << k << " and " << n + k
             << " must be 0-d tensors of the element type of input " << k
             << " or of one it promotes to";
  }
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != n)
    return op->emitOpError() << label << what << " must return " << n
                             << " values";
  for (size_t k = 0; k < n; ++k)
    if (!isScalarOf(terminator->getOperand(k).getType(),
                    block.getArgument(k).getType()))
      return op->emitOpError() << label << what << " result " << k
                               << " must be a 0-d tensor of the type of "
                                  "argument "
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

Type hlox::stablehlo::getPromotedElementType(Region &region, unsigned k) {
  if (region.empty() || region.front().getNumArguments() <= k)
    return {};
  auto tensor =
      dyn_cast<RankedTensorType>(region.front().getArgument(k).getType());
  if (!tensor || tensor.getRank() != 0)
    return {};
  return tensor.getElementType();
}
