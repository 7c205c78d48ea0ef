//===- VerifyControlFlow.cpp - Verifiers of StableHLO ops with regions ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each check names the spec constraint it implements as /*op_cN*/.
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

using namespace mlir;
using namespace hlox::stablehlo;
using namespace hlox::stablehlo::detail;

/// Checks that `region` ends in a return of `types`.
static LogicalResult verifyReturnTypes(Operation *op, StringRef label,
                                       StringRef what, Region &region,
                                       TypeRange types) {
  Operation *terminator = region.front().getTerminator();
  if (terminator->getOperandTypes() != types)
    return op->emitOpError() << label << what << " must return "
                             << types.size() << " value(s) of the types ("
                             << types << "), got ("
                             << terminator->getOperandTypes() << ")";
  return success();
}

LogicalResult IfOp::verify() {
  /*if_c1*/ /*if_c2*/
  if (failed(verifyReturnTypes(*this, "/*if_c2*/ ", "true_branch",
                               getTrueBranch(), getResultTypes())) ||
      failed(verifyReturnTypes(*this, "/*if_c2*/ ", "false_branch",
                               getFalseBranch(), getResultTypes())))
    return failure();
  return success();
}

LogicalResult CaseOp::verify() {
  /*case_c1*/ if (getBranches().empty())
    return emitOpError("/*case_c1*/ expects at least one branch");
  for (auto [i, branch] : llvm::enumerate(getBranches()))
    if (failed(verifyReturnTypes(*this, "/*case_c3*/ ",
                                 "branch " + std::to_string(i), branch,
                                 getResultTypes())))
      return failure();
  return success();
}

LogicalResult WhileOp::verify() {
  TypeRange types = getOperandTypes();
  if (getResultTypes() != types)
    return emitOpError("/*while_c3*/ result types must be the operand types");
  for (Region *region : {&getCond(), &getBody()})
    if (region->front().getArgumentTypes() != types)
      return emitOpError("/*while_c1*/ regions must take the operand types");
  Operation *condReturn = getCond().front().getTerminator();
  auto predType = condReturn->getNumOperands() == 1
                      ? dyn_cast<RankedTensorType>(condReturn->getOperand(0).getType())
                      : RankedTensorType();
  /*while_c1*/ if (!predType || predType.getRank() != 0 ||
                   !predType.getElementType().isInteger(1))
    return emitOpError("/*while_c1*/ cond must return a single tensor<i1>");
  return verifyReturnTypes(*this, "/*while_c2*/ ", "body", getBody(), types);
}

LogicalResult ReduceOp::verify() {
  size_t n = getInputs().size();
  /*reduce_c1*/ if (n == 0)
    return emitOpError("/*reduce_c1*/ expects at least one input");
  auto first = cast<ShapedType>(getInputs().front().getType());
  for (Value input : getInputs())
    /*reduce_c1*/ if (failed(verifyCompatibleShape(first, input.getType())))
      return emitOpError("/*reduce_c1*/ inputs must have the same shape");
  if (failed(verifyDimsInRangeAndUnique(*this, "/*reduce_c4*/ ",
                                        "/*reduce_c5*/ ", "dimensions",
                                        getDimensions(), first.getRank())))
    return failure();
  /*reduce_c3*/ if (getNumResults() != n)
    return emitOpError("/*reduce_c3*/ expects ") << n << " results";
  SmallVector<int64_t> kept = dropDims(first.getShape(), getDimensions());
  for (Type type : getResultTypes())
    /*reduce_c7*/ if (failed(verifyCompatibleShape(
                          cast<ShapedType>(type).getShape(), kept)))
      return emitOpError("/*reduce_c7*/ result shape must be the input shape "
                         "without the reduced dimensions");
  for (size_t i = 0; i < n; ++i) {
    auto init = cast<ShapedType>(getInitValues()[i].getType());
    if (init.getRank() != 0)
      return emitOpError("init_values must be 0-d tensors");
    /*reduce_c2*/ if (init.getElementType() !=
                      getElementTypeOrSelf(getInputs()[i].getType()))
      return emitOpError("/*reduce_c2*/ init value ")
             << i << " must have the element type of input " << i;
  }
  /*reduce_c6*/ if (failed(verifyReducerSignature(
                      *this, "/*reduce_c6*/ ", "body", getBody(),
                      getInputs().getTypes())))
    return failure();
  return success();
}

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  /*reduce_window_c1*/ if (n == 0)
    return emitOpError("/*reduce_window_c1*/ expects at least one input");
  auto first = cast<ShapedType>(getInputs().front().getType());
  int64_t rank = first.getRank();
  auto checkSize = [&](StringRef sizeLabel, StringRef positiveLabel,
                       StringRef name,
                       std::optional<ArrayRef<int64_t>> values) {
    return verifyPositiveList(*this, sizeLabel, positiveLabel, name, values,
                              rank);
  };
  if (failed(checkSize("/*reduce_window_c4*/ ", "/*reduce_window_c5*/ ",
                       "window_dimensions", getWindowDimensions())) ||
      failed(checkSize("/*reduce_window_c6*/ ", "/*reduce_window_c7*/ ",
                       "window_strides", getWindowStrides())) ||
      failed(checkSize("/*reduce_window_c8*/ ", "/*reduce_window_c9*/ ",
                       "base_dilations", getBaseDilations())) ||
      failed(checkSize("/*reduce_window_c10*/ ", "/*reduce_window_c11*/ ",
                       "window_dilations", getWindowDilations())))
    return failure();
  if (auto padding = getPadding()) {
    auto type = cast<ShapedType>(padding->getType());
    /*reduce_window_c12*/ if (type.getRank() != 2 || type.getDimSize(0) != rank ||
                              type.getDimSize(1) != 2)
      return emitOpError("/*reduce_window_c12*/ padding must have shape [")
             << rank << ", 2]";
  }
  for (size_t k = 0; k < n && k < getInitValues().size(); ++k)
    /*reduce_window_c3*/ if (!sameBaseElementType(getInputs()[k].getType(),
                                                  getInitValues()[k].getType()))
      return emitOpError("/*reduce_window_c3*/ init value ")
             << k << " must have the element type of input " << k;
  // Every result has the windowed shape (so all results share it, C14) and
  // its init value's element type.
  SmallVector<int64_t> expected = windowedShape(
      first.getShape(), {getWindowDimensions(), getWindowStrides(),
                         getBaseDilations(), getWindowDilations(),
                         getPadding()});
  if (getNumResults() != n)
    return emitOpError("/*reduce_window_c1*/ expects ") << n << " results";
  for (auto [k, result] : llvm::enumerate(getResults())) {
    auto type = cast<ShapedType>(result.getType());
    if (failed(verifyCompatibleShape(type.getShape(), expected)))
      return emitOpError("/*reduce_window_c15*/ result ")
             << k << " must have shape "
             << RankedTensorType::get(expected, type.getElementType());
    Type promoted = getPromotedElementType(getBody(), k);
    if (promoted ? !sameBaseElementType(type, promoted)
                 : !sameBaseElementType(type, getInitValues()[k].getType()))
      return emitOpError("/*reduce_window_c16*/ result ")
             << k << " must have the element type of init value " << k
             << " (or the body's, where it promotes)";
  }
  /*reduce_window_c13*/ if (failed(verifyReducerSignature(
                              *this, "/*reduce_window_c13*/ ", "body",
                              getBody(), getInputs().getTypes())))
    return failure();
  return success();
}

LogicalResult SortOp::verify() {
  // /*sort_c1*/ (at least one input) is enforced by
  // SameOperandsAndResultShape before this runs.
  auto first = cast<ShapedType>(getInputs().front().getType());
  int64_t rank = first.getRank();
  int64_t dim = getDimension();
  /*sort_c4*/ if (dim < -rank || dim >= std::max<int64_t>(rank, 1))
    return emitOpError("/*sort_c4*/ dimension ")
           << dim << " is out of range [" << -rank << ", " << rank << ")";
  // /*sort_c5*/: (tensor<E0>, tensor<E0>, ..., tensor<EN-1>, tensor<EN-1>)
  // -> tensor<i1>; the arguments come in pairs, one pair per input.
  Block &block = getComparator().front();
  /*sort_c5*/ if (block.getNumArguments() != 2 * getInputs().size())
    return emitOpError("/*sort_c5*/ comparator must take ")
           << 2 * getInputs().size() << " arguments";
  for (auto [k, input] : llvm::enumerate(getInputs()))
    if (!isScalarOf(block.getArgument(2 * k).getType(), input.getType()) ||
        !isScalarOf(block.getArgument(2 * k + 1).getType(), input.getType()))
      return emitOpError("/*sort_c5*/ comparator arguments ")
             << 2 * k << " and " << 2 * k + 1
             << " must be 0-d tensors of the element type of input " << k;
  if (failed(verifyReturnsPredicate(*this, "/*sort_c5*/ ", "comparator",
                                    getComparator())))
    return failure();
  /*sort_c2*/ if (getResultTypes() != getOperandTypes())
    return emitOpError("/*sort_c2*/ results must have the input types");
  return success();
}

LogicalResult OptimizationBarrierOp::verify() {
  /*optimization_barrier_c1*/ if (getOperandTypes() != getResultTypes())
    return emitOpError("/*optimization_barrier_c1*/ results must have the "
                       "operand types");
  return success();
}

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  int64_t rank = operand.getRank();
  /*select_and_scatter_c2*/ if (!sameBaseElementType(operand,
                                                     getSource().getType()))
    return emitOpError("/*select_and_scatter_c2*/ operand and source must "
                       "have the same element type");
  /*select_and_scatter_c4*/ if (!sameBaseElementType(operand,
                                                     getInitValue().getType()))
    return emitOpError("/*select_and_scatter_c4*/ init_value must have the "
                       "operand's element type");
  auto checkList = [&](StringRef sizeLabel, StringRef positiveLabel,
                       StringRef name,
                       std::optional<ArrayRef<int64_t>> values) {
    return verifyPositiveList(*this, sizeLabel, positiveLabel, name, values,
                              rank);
  };
  if (failed(checkList("/*select_and_scatter_c1*/ ",
                       "/*select_and_scatter_c6*/ ", "window_dimensions",
                       getWindowDimensions())) ||
      failed(checkList("/*select_and_scatter_c7*/ ",
                       "/*select_and_scatter_c8*/ ", "window_strides",
                       getWindowStrides())))
    return failure();
  if (auto padding = getPadding()) {
    auto type = cast<ShapedType>(padding->getType());
    /*select_and_scatter_c9*/ if (type.getRank() != 2 ||
                                  type.getDimSize(0) != rank ||
                                  type.getDimSize(1) != 2)
      return emitOpError("/*select_and_scatter_c9*/ padding must have shape [")
             << rank << ", 2]";
  }
  // /*select_and_scatter_c3*/: the source has one element per window.
  if (auto windowDims = getWindowDimensions()) {
    SmallVector<int64_t> expected =
        windowedShape(operand.getShape(), {*windowDims, getWindowStrides(),
                                           std::nullopt, std::nullopt,
                                           getPadding()});
    auto source = cast<ShapedType>(getSource().getType());
    if (failed(verifyCompatibleShape(source.getShape(), expected)))
      return emitOpError("/*select_and_scatter_c3*/ source must have shape ")
             << RankedTensorType::get(expected, source.getElementType());
  }
  /*select_and_scatter_c10*/ if (failed(verifyPredicateSignature(
                                   *this, "/*select_and_scatter_c10*/ ",
                                   "select", getSelect(), operand)))
    return failure();
  /*select_and_scatter_c11*/ if (failed(verifyReducerSignature(
                                   *this, "/*select_and_scatter_c11*/ ",
                                   "scatter", getScatter(),
                                   TypeRange{getSource().getType()})))
    return failure();
  Type promoted = getPromotedElementType(getScatter(), 0);
  /*select_and_scatter_c12*/ if (failed(verifyCompatibleShape(
                                     operand, getResult().getType())) ||
                                 !sameBaseElementType(
                                     promoted ? promoted : Type(operand),
                                     getResult().getType()))
    return emitOpError("/*select_and_scatter_c12*/ result must have the "
                       "operand's type");
  return success();
}

LogicalResult MapOp::verify() {
  Block &block = getComputation().front();
  /*map_c3*/ if (block.getNumArguments() != getInputs().size())
    return emitOpError("/*map_c3*/ computation must take ")
           << getInputs().size() << " arguments";
  if (getInputs().empty())
    return success();
  int64_t rank = cast<ShapedType>(getInputs().front().getType()).getRank();
  SmallVector<int64_t> expected = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  /*map_c2*/ if (getDimensions() != ArrayRef<int64_t>(expected))
    return emitOpError("/*map_c2*/ dimensions must be [0, ..., rank - 1]");
  return success();
}
