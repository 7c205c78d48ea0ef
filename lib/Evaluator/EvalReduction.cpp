//===- EvalReduction.cpp - Evaluation of reduce, reduce_window and sort ---===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// These ops call their region once per element (pair); the region gets 0-d
// tensors. reduce folds in row-major order of the reduced dimensions, which
// the spec leaves implementation-defined.
//
//===----------------------------------------------------------------------===//

#include "EvalUtils.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace hlox::eval;
using namespace hlox::eval::detail;
namespace shlo = hlox::stablehlo;

namespace {

/// Runs `body` on the accumulators followed by the next values and stores
/// its results as the new accumulators.
LogicalResult fold(Region &body, SmallVectorImpl<RuntimeValue> &accumulators,
                   ArrayRef<RuntimeValue> values, Evaluator &evaluator) {
  SmallVector<RuntimeValue, 4> arguments(accumulators.begin(),
                                      accumulators.end());
  llvm::append_range(arguments, values);
  FailureOr<SmallVector<RuntimeValue>> returned =
      evaluator.runRegion(body, arguments);
  if (failed(returned))
    return failure();
  accumulators.assign(returned->begin(), returned->end());
  return success();
}

LogicalResult evalReduce(Operation *op, ArrayRef<RuntimeValue> operands,
                         SmallVectorImpl<RuntimeValue> &results,
                         Evaluator &evaluator) {
  auto reduce = cast<shlo::ReduceOp>(op);
  size_t n = reduce.getInputs().size();
  ArrayRef<RuntimeValue> inputs = operands.take_front(n);
  ArrayRef<RuntimeValue> inits = operands.drop_front(n);
  ArrayRef<int64_t> dims = reduce.getDimensions();
  const Tensor &first = inputs[0].getTensor();
  ArrayRef<int64_t> shape = first.getShape();
  SmallVector<int64_t> strides = stridesOf(shape);
  SmallVector<int64_t> keptDims, reducedShape;
  for (int64_t d = 0; d < first.getRank(); ++d) {
    if (llvm::is_contained(dims, d))
      reducedShape.push_back(shape[d]);
    else
      keptDims.push_back(d);
  }
  SmallVector<Tensor> outs;
  for (size_t k = 0; k < n; ++k)
    outs.emplace_back(resultType(op, evaluator, k));
  int64_t reducedCount = 1;
  for (int64_t size : reducedShape)
    reducedCount *= size;
  SmallVector<int64_t> outIndex(keptDims.size(), 0);
  SmallVector<int64_t> outShape;
  for (int64_t d : keptDims)
    outShape.push_back(shape[d]);
  int64_t outCount = outs[0].getNumElements();
  SmallVector<RuntimeValue, 4> values(n);
  for (int64_t flat = 0; flat < outCount; ++flat) {
    SmallVector<RuntimeValue, 4> accumulators(inits.begin(), inits.end());
    int64_t base = 0;
    for (auto [i, d] : llvm::enumerate(keptDims))
      base += outIndex[i] * strides[d];
    SmallVector<int64_t> inner(reducedShape.size(), 0);
    for (int64_t r = 0; r < reducedCount; ++r) {
      int64_t position = base;
      for (auto [i, d] : llvm::enumerate(dims))
        position += inner[i] * strides[d];
      for (size_t k = 0; k < n; ++k)
        values[k] = scalarAt(inputs[k].getTensor(), position);
      if (failed(fold(reduce.getBody(), accumulators, values, evaluator)))
        return failure();
      nextIndex(inner, reducedShape);
    }
    for (size_t k = 0; k < n; ++k)
      storeAt(outs[k], flat, accumulators[k].getTensor());
    nextIndex(outIndex, outShape);
  }
  for (Tensor &out : outs)
    results.push_back(std::move(out));
  return success();
}

LogicalResult evalReduceWindow(Operation *op, ArrayRef<RuntimeValue> operands,
                               SmallVectorImpl<RuntimeValue> &results,
                               Evaluator &evaluator) {
  auto reduce = cast<shlo::ReduceWindowOp>(op);
  size_t n = reduce.getInputs().size();
  ArrayRef<RuntimeValue> inputs = operands.take_front(n);
  ArrayRef<RuntimeValue> inits = operands.drop_front(n);
  const Tensor &first = inputs[0].getTensor();
  int64_t rank = first.getRank();
  ArrayRef<int64_t> shape = first.getShape();
  SmallVector<int64_t> strides = stridesOf(shape);
  ArrayRef<int64_t> window = reduce.getWindowDimensions();
  auto entry = [](std::optional<ArrayRef<int64_t>> list, int64_t d) {
    return list ? (*list)[d] : int64_t(1);
  };
  SmallVector<int64_t> padLow(rank, 0);
  if (auto padding = reduce.getPadding()) {
    SmallVector<int64_t> pads(padding->getValues<int64_t>());
    for (int64_t d = 0; d < rank; ++d)
      padLow[d] = pads[2 * d];
  }
  SmallVector<Tensor> outs;
  for (size_t k = 0; k < n; ++k)
    outs.emplace_back(resultType(op, evaluator, k));
  ArrayRef<int64_t> outShape = outs[0].getShape();
  SmallVector<int64_t> outIndex(rank, 0);
  SmallVector<RuntimeValue, 4> values(n);
  for (int64_t flat = 0; flat < outs[0].getNumElements(); ++flat) {
    SmallVector<RuntimeValue, 4> accumulators(inits.begin(), inits.end());
    SmallVector<int64_t> w(rank, 0);
    int64_t windowCount = 1;
    for (int64_t size : window)
      windowCount *= size;
    for (int64_t i = 0; i < windowCount; ++i) {
      // Position in the padded, base-dilated input; padding and dilation
      // holes read the init values.
      bool inside = true;
      int64_t position = 0;
      for (int64_t d = 0; d < rank; ++d) {
        int64_t dilated = outIndex[d] * entry(reduce.getWindowStrides(), d) +
                          w[d] * entry(reduce.getWindowDilations(), d) -
                          padLow[d];
        int64_t base = entry(reduce.getBaseDilations(), d);
        if (dilated < 0 || dilated % base != 0 || dilated / base >= shape[d]) {
          inside = false;
          break;
        }
        position += (dilated / base) * strides[d];
      }
      for (size_t k = 0; k < n; ++k)
        values[k] = inside ? RuntimeValue(scalarAt(inputs[k].getTensor(),
                                                   position))
                           : inits[k];
      if (failed(fold(reduce.getBody(), accumulators, values, evaluator)))
        return failure();
      nextIndex(w, window);
    }
    for (size_t k = 0; k < n; ++k)
      storeAt(outs[k], flat, accumulators[k].getTensor());
    nextIndex(outIndex, outShape);
  }
  for (Tensor &out : outs)
    results.push_back(std::move(out));
  return success();
}

LogicalResult evalSort(Operation *op, ArrayRef<RuntimeValue> operands,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto sort = cast<shlo::SortOp>(op);
  const Tensor &first = operands[0].getTensor();
  int64_t rank = first.getRank();
  int64_t dim = sort.getDimension();
  if (dim < 0)
    dim += rank;
  ArrayRef<int64_t> shape = first.getShape();
  SmallVector<int64_t> strides = stridesOf(shape);
  SmallVector<Tensor> outs;
  for (size_t k = 0; k < operands.size(); ++k)
    outs.emplace_back(resultType(op, evaluator, k));
  if (first.getNumElements() == 0) {
    for (Tensor &out : outs)
      results.push_back(std::move(out));
    return success();
  }
  // Every slice along `dim` starts at an index whose `dim` entry is 0.
  SmallVector<int64_t> sliceShape(shape);
  sliceShape[dim] = 1;
  SmallVector<int64_t> start(rank, 0);
  int64_t length = shape[dim];
  bool failedCompare = false;
  do {
    int64_t base = 0;
    for (int64_t d = 0; d < rank; ++d)
      base += start[d] * strides[d];
    SmallVector<int64_t> order(length);
    std::iota(order.begin(), order.end(), 0);
    auto less = [&](int64_t a, int64_t b) {
      if (failedCompare)
        return false;
      SmallVector<RuntimeValue, 4> arguments;
      for (const RuntimeValue &operand : operands) {
        arguments.push_back(
            scalarAt(operand.getTensor(), base + a * strides[dim]));
        arguments.push_back(
            scalarAt(operand.getTensor(), base + b * strides[dim]));
      }
      FailureOr<SmallVector<RuntimeValue>> returned =
          evaluator.runRegion(sort.getComparator(), arguments);
      if (failed(returned)) {
        failedCompare = true;
        return false;
      }
      return (*returned)[0].getTensor().data<bool>()[0];
    };
    // The comparator may not be a strict weak order; a stable merge sort
    // stays well defined for any comparator.
    std::stable_sort(order.begin(), order.end(), less);
    if (failedCompare)
      return failure();
    for (size_t k = 0; k < operands.size(); ++k)
      for (int64_t i = 0; i < length; ++i)
        storeAt(outs[k], base + i * strides[dim],
                scalarAt(operands[k].getTensor(),
                         base + order[i] * strides[dim]));
  } while (nextIndex(start, sliceShape));
  for (Tensor &out : outs)
    results.push_back(std::move(out));
  return success();
}

} // namespace

void hlox::eval::registerReductionOps(OpTable &table) {
  add<shlo::ReduceOp>(table, evalReduce);
  add<shlo::ReduceWindowOp>(table, evalReduceWindow);
  add<shlo::SortOp>(table, evalSort);
}
