//===- EvalGatherScatter.cpp - Evaluation of gather, scatter and friends --===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// gather and scatter follow the spec's index arithmetic, batching dimensions
// included: gather clamps its start indices into the operand, scatter skips
// updates whose window leaves the input. Scatter applies its updates in
// row-major order of the update index (the spec leaves the order open).
// select_and_scatter selects within the unpadded part of each window.
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

int64_t intAt(const Tensor &tensor, int64_t flat) {
  return dispatch(tensor.getStorage(), [&](auto tag) -> int64_t {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>)
      return static_cast<int64_t>(tensor.data<T>()[flat]);
    else
      return 0;
  });
}

int64_t flatten(ArrayRef<int64_t> index, ArrayRef<int64_t> strides) {
  int64_t flat = 0;
  for (auto [i, s] : llvm::zip(index, strides))
    flat += i * s;
  return flat;
}

/// The parts of gather's and scatter's dimension numbers both use.
struct IndexingDims {
  ArrayRef<int64_t> windowDims;      // offset_dims / update_window_dims
  ArrayRef<int64_t> droppedDims;     // collapsed / inserted window dims
  ArrayRef<int64_t> operandBatching; // operand / input batching dims
  ArrayRef<int64_t> indicesBatching; // start / scatter indices batching dims
  ArrayRef<int64_t> indexMap;        // start_index_map / scatter dims to op
  int64_t indexVectorDim;
};

/// Maps an index of the gathered/scattered tensor (result or updates) to
/// the operand index it reads or writes, before clamping: the start index
/// from the indices, the batching positions, and the window offset.
class IndexMapper {
public:
  IndexMapper(const IndexingDims &dims, const Tensor &indices,
              int64_t operandRank)
      : dims(dims), indices(indices),
        indexStrides(stridesOf(indices.getShape())) {
    for (int64_t d = 0; d < operandRank; ++d)
      if (!llvm::is_contained(dims.droppedDims, d) &&
          !llvm::is_contained(dims.operandBatching, d))
        operandWindowDims.push_back(d);
  }

  /// The operand start index (per operand dim; 0 where not indexed) and
  /// the batching and window contributions, for tensor index `index`.
  void map(ArrayRef<int64_t> index, SmallVectorImpl<int64_t> &start,
           SmallVectorImpl<int64_t> &rest) const {
    int64_t operandRank = start.size();
    std::fill(start.begin(), start.end(), 0);
    std::fill(rest.begin(), rest.end(), 0);
    // The batch index: the tensor index without the window dims.
    SmallVector<int64_t> batch;
    SmallVector<int64_t> window;
    for (auto [d, i] : llvm::enumerate(index)) {
      if (llvm::is_contained(dims.windowDims, static_cast<int64_t>(d)))
        window.push_back(i);
      else
        batch.push_back(i);
    }
    // The index vector: the indices at `batch` with index_vector_dim
    // ranging over the vector (absent when it is the trailing dim).
    int64_t indicesRank = indices.getRank();
    SmallVector<int64_t> position(indicesRank, 0);
    size_t next = 0;
    for (int64_t d = 0; d < indicesRank; ++d)
      if (d != dims.indexVectorDim)
        position[d] = batch[next++];
    for (auto [k, d] : llvm::enumerate(dims.indexMap)) {
      if (dims.indexVectorDim < indicesRank)
        position[dims.indexVectorDim] = k;
      start[d] = intAt(indices, flatten(position, indexStrides));
    }
    for (auto [o, s] : llvm::zip(dims.operandBatching, dims.indicesBatching))
      rest[o] += batch[s < dims.indexVectorDim ? s : s - 1];
    for (auto [k, d] : llvm::enumerate(operandWindowDims))
      rest[d] += window[k];
    (void)operandRank;
  }

private:
  const IndexingDims &dims;
  const Tensor &indices;
  SmallVector<int64_t> indexStrides;
  SmallVector<int64_t> operandWindowDims;
};

Tensor gather(const Tensor &operand, const Tensor &indices,
              shlo::GatherDimensionNumbersAttr numbers,
              ArrayRef<int64_t> sliceSizes, RankedTensorType type) {
  IndexingDims dims{numbers.getOffsetDims(),
                    numbers.getCollapsedSliceDims(),
                    numbers.getOperandBatchingDims(),
                    numbers.getStartIndicesBatchingDims(),
                    numbers.getStartIndexMap(),
                    numbers.getIndexVectorDim()};
  IndexMapper mapper(dims, indices, operand.getRank());
  Tensor result(type);
  ArrayRef<int64_t> shape = operand.getShape();
  SmallVector<int64_t> operandStrides = stridesOf(shape);
  size_t size = result.getElementSize();
  SmallVector<int64_t> index(result.getRank(), 0);
  SmallVector<int64_t> start(operand.getRank()), rest(operand.getRank());
  for (int64_t flat = 0; flat < result.getNumElements(); ++flat) {
    mapper.map(index, start, rest);
    int64_t from = 0;
    for (int64_t d = 0; d < operand.getRank(); ++d) {
      int64_t clamped =
          std::clamp<int64_t>(start[d], 0, shape[d] - sliceSizes[d]);
      from += (clamped + rest[d]) * operandStrides[d];
    }
    std::memcpy(result.getRawData() + flat * size,
                operand.getRawData() + from * size, size);
    nextIndex(index, result.getShape());
  }
  return result;
}

LogicalResult evalGather(Operation *op, ArrayRef<RuntimeValue> operands,
                         SmallVectorImpl<RuntimeValue> &results,
                         Evaluator &evaluator) {
  auto gatherOp = cast<shlo::GatherOp>(op);
  results.push_back(gather(operands[0].getTensor(), operands[1].getTensor(),
                           gatherOp.getDimensionNumbers(),
                           gatherOp.getSliceSizes(),
                           resultType(op, evaluator)));
  return success();
}

LogicalResult evalDynamicGather(Operation *op, ArrayRef<RuntimeValue> operands,
                                SmallVectorImpl<RuntimeValue> &results,
                                Evaluator &evaluator) {
  auto gatherOp = cast<shlo::DynamicGatherOp>(op);
  const Tensor &sizes = operands[2].getTensor();
  SmallVector<int64_t> sliceSizes;
  for (int64_t i = 0; i < sizes.getNumElements(); ++i)
    sliceSizes.push_back(intAt(sizes, i));
  const Tensor &operand = operands[0].getTensor();
  const Tensor &indices = operands[1].getTensor();
  shlo::GatherDimensionNumbersAttr numbers = gatherOp.getDimensionNumbers();
  for (auto [d, size] : llvm::enumerate(sliceSizes))
    if (size < 0 || size > operand.getShape()[d])
      return op->emitError("slice size ")
             << size << " of dimension " << d << " is out of range";
  // The result shape follows from the slice sizes (it may be dynamic in
  // the op's type).
  SmallVector<int64_t> batch;
  for (int64_t d = 0; d < indices.getRank(); ++d)
    if (d != numbers.getIndexVectorDim())
      batch.push_back(indices.getShape()[d]);
  SmallVector<int64_t> offsets;
  for (auto [d, size] : llvm::enumerate(sliceSizes))
    if (!llvm::is_contained(numbers.getCollapsedSliceDims(),
                            static_cast<int64_t>(d)) &&
        !llvm::is_contained(numbers.getOperandBatchingDims(),
                            static_cast<int64_t>(d)))
      offsets.push_back(size);
  SmallVector<int64_t> shape;
  size_t nextBatch = 0, nextOffset = 0;
  for (size_t d = 0; d < batch.size() + offsets.size(); ++d)
    shape.push_back(llvm::is_contained(numbers.getOffsetDims(),
                                       static_cast<int64_t>(d))
                        ? offsets[nextOffset++]
                        : batch[nextBatch++]);
  results.push_back(gather(operand, indices, numbers, sliceSizes,
                           resultType(op, evaluator).clone(shape)));
  return success();
}

/// A copy of `tensor` that can be written.
Tensor copyOf(const Tensor &tensor, RankedTensorType type) {
  Tensor copy(type);
  std::memcpy(copy.getRawData(), tensor.getRawData(),
              tensor.getNumElements() * tensor.getElementSize());
  return copy;
}

LogicalResult evalScatter(Operation *op, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &evaluator) {
  auto scatter = cast<shlo::ScatterOp>(op);
  shlo::ScatterDimensionNumbersAttr numbers =
      scatter.getScatterDimensionNumbers();
  size_t n = scatter.getInputs().size();
  ArrayRef<RuntimeValue> inputs = operands.take_front(n);
  const Tensor &indices = operands[n].getTensor();
  ArrayRef<RuntimeValue> updates = operands.drop_front(n + 1);
  IndexingDims dims{numbers.getUpdateWindowDims(),
                    numbers.getInsertedWindowDims(),
                    numbers.getInputBatchingDims(),
                    numbers.getScatterIndicesBatchingDims(),
                    numbers.getScatterDimsToOperandDims(),
                    numbers.getIndexVectorDim()};
  const Tensor &first = inputs[0].getTensor();
  ArrayRef<int64_t> shape = first.getShape();
  int64_t rank = first.getRank();
  IndexMapper mapper(dims, indices, rank);
  SmallVector<Tensor> outs;
  for (size_t k = 0; k < n; ++k)
    outs.push_back(
        copyOf(inputs[k].getTensor(), resultType(op, evaluator, k)));
  SmallVector<int64_t> strides = stridesOf(shape);
  const Tensor &firstUpdate = updates[0].getTensor();
  SmallVector<int64_t> index(firstUpdate.getRank(), 0);
  SmallVector<int64_t> start(rank), rest(rank);
  SmallVector<RuntimeValue, 4> arguments(2 * n);
  for (int64_t flat = 0; flat < firstUpdate.getNumElements(); ++flat) {
    mapper.map(index, start, rest);
    bool inBounds = true;
    int64_t target = 0;
    for (int64_t d = 0; d < rank && inBounds; ++d) {
      int64_t position = start[d] + rest[d];
      inBounds = position >= 0 && position < shape[d];
      target += position * strides[d];
    }
    if (inBounds) {
      for (size_t k = 0; k < n; ++k) {
        arguments[k] = scalarAt(outs[k], target);
        arguments[n + k] = scalarAt(updates[k].getTensor(), flat);
      }
      FailureOr<SmallVector<RuntimeValue>> combined =
          evaluator.runRegion(scatter.getUpdateComputation(), arguments);
      if (failed(combined))
        return failure();
      for (size_t k = 0; k < n; ++k)
        storeAt(outs[k], target, (*combined)[k].getTensor());
    }
    nextIndex(index, firstUpdate.getShape());
  }
  for (Tensor &out : outs)
    results.push_back(std::move(out));
  return success();
}

LogicalResult evalSelectAndScatter(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  auto sas = cast<shlo::SelectAndScatterOp>(op);
  const Tensor &operand = operands[0].getTensor();
  const Tensor &source = operands[1].getTensor();
  const Tensor &init = operands[2].getTensor();
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> shape = operand.getShape();
  SmallVector<int64_t> window(rank, 1), stride(rank, 1), padLow(rank, 0);
  if (auto dims = sas.getWindowDimensions())
    window.assign(dims->begin(), dims->end());
  if (auto strides = sas.getWindowStrides())
    stride.assign(strides->begin(), strides->end());
  if (auto padding = sas.getPadding()) {
    SmallVector<int64_t> pads(padding->getValues<int64_t>());
    for (int64_t d = 0; d < rank; ++d)
      padLow[d] = pads[2 * d];
  }
  Tensor result(resultType(op, evaluator));
  for (int64_t i = 0; i < result.getNumElements(); ++i)
    storeAt(result, i, init);
  SmallVector<int64_t> strides = stridesOf(shape);
  SmallVector<int64_t> sourceIndex(rank, 0);
  for (int64_t s = 0; s < source.getNumElements(); ++s) {
    // Select among the window's elements that lie inside the operand.
    int64_t selected = -1;
    RuntimeValue best;
    SmallVector<int64_t> w(rank, 0);
    do {
      bool inside = true;
      int64_t position = 0;
      for (int64_t d = 0; d < rank && inside; ++d) {
        int64_t p = sourceIndex[d] * stride[d] + w[d] - padLow[d];
        inside = p >= 0 && p < shape[d];
        position += p * strides[d];
      }
      if (!inside)
        continue;
      RuntimeValue candidate = scalarAt(operand, position);
      if (selected < 0) {
        selected = position;
        best = candidate;
        continue;
      }
      FailureOr<SmallVector<RuntimeValue>> keep =
          evaluator.runRegion(sas.getSelect(), {best, candidate});
      if (failed(keep))
        return failure();
      if (!(*keep)[0].getTensor().data<bool>()[0]) {
        selected = position;
        best = candidate;
      }
    } while (nextIndex(w, window));
    if (selected >= 0) {
      FailureOr<SmallVector<RuntimeValue>> combined = evaluator.runRegion(
          sas.getScatter(),
          {scalarAt(result, selected), scalarAt(source, s)});
      if (failed(combined))
        return failure();
      storeAt(result, selected, (*combined)[0].getTensor());
    }
    nextIndex(sourceIndex, source.getShape());
  }
  results.push_back(std::move(result));
  return success();
}

} // namespace

void hlox::eval::registerGatherScatterOps(OpTable &table) {
  add<shlo::GatherOp>(table, evalGather);
  add<shlo::DynamicGatherOp>(table, evalDynamicGather);
  add<shlo::ScatterOp>(table, evalScatter);
  add<shlo::SelectAndScatterOp>(table, evalSelectAndScatter);
}
