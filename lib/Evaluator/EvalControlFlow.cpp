//===- EvalControlFlow.cpp - Evaluation of ops with regions ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// while, if, case and map run their regions through the Evaluator; reduce,
// reduce_window and sort, which call their regions per element, live in
// EvalReduction.cpp.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"


#include <cstring>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

/// The value of a tensor<i1>.
bool truth(const RuntimeValue &value) {
  return value.getTensor().data<bool>()[0];
}

LogicalResult evalWhile(Operation *op, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  auto whileOp = cast<shlo::WhileOp>(op);
  SmallVector<RuntimeValue> values(operands.begin(), operands.end());
  while (true) {
    FailureOr<SmallVector<RuntimeValue>> cond =
        evaluator.runRegion(whileOp.getCond(), values);
    if (failed(cond))
      return failure();
    if (!truth((*cond)[0]))
      break;
    FailureOr<SmallVector<RuntimeValue>> next =
        evaluator.runRegion(whileOp.getBody(), values);
    if (failed(next))
      return failure();
    values = std::move(*next);
  }
  llvm::append_range(results, values);
  return success();
}

LogicalResult runBranch(Region &region, SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  FailureOr<SmallVector<RuntimeValue>> returned =
      evaluator.runRegion(region, {});
  if (failed(returned))
    return failure();
  llvm::append_range(results, *returned);
  return success();
}

LogicalResult evalIf(Operation *op, ArrayRef<RuntimeValue> operands,
                     SmallVectorImpl<RuntimeValue> &results,
                     Evaluator &evaluator) {
  auto ifOp = cast<shlo::IfOp>(op);
  return runBranch(truth(operands[0]) ? ifOp.getTrueBranch()
                                      : ifOp.getFalseBranch(),
                   results, evaluator);
}

LogicalResult evalCase(Operation *op, ArrayRef<RuntimeValue> operands,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto caseOp = cast<shlo::CaseOp>(op);
  int64_t count = caseOp.getBranches().size();
  int64_t index = operands[0].getTensor().data<int32_t>()[0];
  // An index out of range runs the last branch.
  if (index < 0 || index >= count)
    index = count - 1;
  return runBranch(caseOp.getBranches()[index], results, evaluator);
}

} // namespace

namespace hlox::eval::detail {

Tensor scalarAt(const Tensor &tensor, int64_t flat) {
  Tensor scalar(RankedTensorType::get({}, tensor.getElementType()));
  size_t size = tensor.getElementSize();
  std::memcpy(scalar.getRawData(), tensor.getRawData() + flat * size, size);
  return scalar;
}

void storeAt(Tensor &tensor, int64_t flat, const Tensor &scalar) {
  size_t size = tensor.getElementSize();
  std::memcpy(tensor.getRawData() + flat * size, scalar.getRawData(), size);
}

Tensor sliceAt(const Tensor &tensor, int64_t dim, int64_t position) {
  SmallVector<int64_t> shape(tensor.getShape());
  shape.erase(shape.begin() + dim);
  Tensor slice(tensor.getType().clone(shape));
  SmallVector<int64_t> strides = stridesOf(tensor.getShape());
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t flat = 0; flat < slice.getNumElements(); ++flat) {
    int64_t from = position * strides[dim];
    for (size_t d = 0, k = 0; d < strides.size(); ++d)
      if (static_cast<int64_t>(d) != dim)
        from += index[k++] * strides[d];
    storeAt(slice, flat, scalarAt(tensor, from));
    nextIndex(index, shape);
  }
  return slice;
}

void putSliceAt(Tensor &tensor, int64_t dim, int64_t position,
                const Tensor &slice) {
  SmallVector<int64_t> strides = stridesOf(tensor.getShape());
  SmallVector<int64_t> index(slice.getRank(), 0);
  for (int64_t flat = 0; flat < slice.getNumElements(); ++flat) {
    int64_t to = position * strides[dim];
    for (size_t d = 0, k = 0; d < strides.size(); ++d)
      if (static_cast<int64_t>(d) != dim)
        to += index[k++] * strides[d];
    storeAt(tensor, to, scalarAt(slice, flat));
    nextIndex(index, slice.getShape());
  }
}

} // namespace hlox::eval::detail

namespace {

LogicalResult evalMap(Operation *op, ArrayRef<RuntimeValue> operands,
                      SmallVectorImpl<RuntimeValue> &results,
                      Evaluator &evaluator) {
  auto mapOp = cast<shlo::MapOp>(op);
  Tensor result(resultType(op, evaluator));
  SmallVector<RuntimeValue, 4> arguments(operands.size());
  for (int64_t i = 0; i < result.getNumElements(); ++i) {
    for (auto [k, operand] : llvm::enumerate(operands))
      arguments[k] = scalarAt(operand.getTensor(), i);
    FailureOr<SmallVector<RuntimeValue>> value =
        evaluator.runRegion(mapOp.getComputation(), arguments);
    if (failed(value))
      return failure();
    storeAt(result, i, (*value)[0].getTensor());
  }
  results.push_back(std::move(result));
  return success();
}

/// composite: runs its decomposition.
LogicalResult evalComposite(Operation *op, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  return evaluator.callSymbol(
      op, cast<shlo::CompositeOp>(op).getDecompositionAttr(), operands,
      results);
}

} // namespace

void hlox::eval::registerControlFlowOps(OpTable &table) {
  add<shlo::CompositeOp>(table, evalComposite);
  add<shlo::WhileOp>(table, evalWhile);
  add<shlo::IfOp>(table, evalIf);
  add<shlo::CaseOp>(table, evalCase);
  add<shlo::MapOp>(table, evalMap);
}
