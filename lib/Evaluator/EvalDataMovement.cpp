//===- EvalDataMovement.cpp - Evaluation of data movement ops -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Ops that move elements without looking at their values work on raw bytes:
// each result element is copied from an operand position computed from its
// index (or from a padding value).
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

/// Builds a tensor of `type` whose element at each index is the element of
/// `source` at the flat position `sourceOf(index)`, or `padding`'s only
/// element where that is negative.
template <typename SourceOf>
Tensor gatherElements(RankedTensorType type, const Tensor &source,
                      SourceOf sourceOf, const Tensor *padding = nullptr) {
  Tensor result(type);
  size_t size = result.getElementSize();
  uint8_t *out = result.getRawData();
  const uint8_t *in = source.getRawData();
  if (result.getNumElements() == 0)
    return result;
  SmallVector<int64_t> index(type.getRank(), 0);
  int64_t flat = 0;
  do {
    int64_t from = sourceOf(ArrayRef<int64_t>(index));
    const uint8_t *element =
        from >= 0 ? in + from * size : padding->getRawData();
    std::memcpy(out + flat * size, element, size);
    ++flat;
  } while (nextIndex(index, type.getShape()));
  return result;
}

/// The flat position of `index` with `strides`.
int64_t flatten(ArrayRef<int64_t> index, ArrayRef<int64_t> strides) {
  int64_t flat = 0;
  for (auto [i, s] : llvm::zip(index, strides))
    flat += i * s;
  return flat;
}

/// The integer value of a scalar (or one-element) integer tensor.
int64_t scalarInt(const Tensor &tensor, int64_t i = 0) {
  return dispatch(tensor.getStorage(), [&](auto tag) -> int64_t {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>)
      return static_cast<int64_t>(tensor.data<T>()[i]);
    else
      return 0;
  });
}

LogicalResult evalConstant(Operation *op, ArrayRef<RuntimeValue>,
                           SmallVectorImpl<RuntimeValue> &results,
                           Evaluator &) {
  auto constant = cast<shlo::ConstantOp>(op);
  Tensor value = Tensor::fromAttr(constant.getValue());
  auto type = cast<RankedTensorType>(constant.getType());
  if (!value || !getStorage(type.getElementType()))
    return unsupportedType(op, type.getElementType());
  if (value.getType() != type) {
    if (value.getStorage() != *getStorage(type.getElementType()))
      return op->emitError("cannot evaluate a constant of ")
             << value.getType() << " as " << type;
    value = value.withType(type);
  }
  results.push_back(std::move(value));
  return success();
}

/// Fills a tensor of `type` with the index along `dimension`.
Tensor iota(RankedTensorType type, int64_t dimension) {
  Tensor result(type);
  ElementFormat format(type.getElementType());
  SmallVector<int64_t> strides = stridesOf(type.getShape());
  dispatch(result.getStorage(), [&](auto tag) {
    using T = decltype(tag);
    auto out = result.data<T>();
    for (int64_t i = 0, e = out.size(); i < e; ++i) {
      int64_t position = (i / strides[dimension]) % type.getDimSize(dimension);
      out[i] = convertElement<T>(position, format);
    }
  });
  return result;
}

LogicalResult evalIota(Operation *op, ArrayRef<RuntimeValue>,
                       SmallVectorImpl<RuntimeValue> &results,
                       Evaluator &evaluator) {
  auto iotaOp = cast<shlo::IotaOp>(op);
  results.push_back(iota(resultType(op, evaluator), iotaOp.getIotaDimension()));
  return success();
}

/// The static shape given by the values of a 1-d integer tensor.
SmallVector<int64_t> shapeFromValues(const Tensor &shape) {
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < shape.getNumElements(); ++i)
    dims.push_back(scalarInt(shape, i));
  return dims;
}

LogicalResult evalDynamicIota(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  auto iotaOp = cast<shlo::DynamicIotaOp>(op);
  RankedTensorType type = resultType(op, evaluator)
                              .clone(shapeFromValues(operands[0].getTensor()));
  results.push_back(iota(type, iotaOp.getIotaDimension()));
  return success();
}

LogicalResult evalBroadcastInDim(Operation *op, ArrayRef<RuntimeValue> operands,
                                 SmallVectorImpl<RuntimeValue> &results,
                                 Evaluator &evaluator) {
  auto broadcast = cast<shlo::BroadcastInDimOp>(op);
  results.push_back(broadcastInDim(operands[0].getTensor(),
                                   resultType(op, evaluator),
                                   broadcast.getBroadcastDimensions()));
  return success();
}

LogicalResult evalDynamicBroadcastInDim(Operation *op,
                                        ArrayRef<RuntimeValue> operands,
                                        SmallVectorImpl<RuntimeValue> &results,
                                        Evaluator &evaluator) {
  auto broadcast = cast<shlo::DynamicBroadcastInDimOp>(op);
  RankedTensorType type = resultType(op, evaluator)
                              .clone(shapeFromValues(operands[1].getTensor()));
  results.push_back(broadcastInDim(operands[0].getTensor(), type,
                                   broadcast.getBroadcastDimensions()));
  return success();
}

LogicalResult evalBroadcast(Operation *op, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  RankedTensorType type = resultType(op, evaluator);
  int64_t rank = operands[0].getTensor().getRank();
  SmallVector<int64_t> dims;
  for (int64_t d = type.getRank() - rank; d < type.getRank(); ++d)
    dims.push_back(d);
  results.push_back(broadcastInDim(operands[0].getTensor(), type, dims));
  return success();
}

LogicalResult evalReshape(Operation *op, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &evaluator) {
  results.push_back(operands[0].getTensor().withType(resultType(op, evaluator)));
  return success();
}

LogicalResult evalDynamicReshape(Operation *op, ArrayRef<RuntimeValue> operands,
                                 SmallVectorImpl<RuntimeValue> &results,
                                 Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  RankedTensorType type = resultType(op, evaluator)
                              .clone(shapeFromValues(operands[1].getTensor()));
  if (type.getNumElements() != operand.getNumElements())
    return op->emitError("dynamic_reshape to ")
           << type << " changes the number of elements of "
           << operand.getType();
  results.push_back(operand.withType(type));
  return success();
}

LogicalResult evalTranspose(Operation *op, ArrayRef<RuntimeValue> operands,
                            SmallVectorImpl<RuntimeValue> &results,
                            Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> perm = cast<shlo::TransposeOp>(op).getPermutation();
  SmallVector<int64_t> strides = stridesOf(operand.getShape());
  results.push_back(gatherElements(
      resultType(op, evaluator), operand, [&](ArrayRef<int64_t> index) {
        int64_t flat = 0;
        for (auto [i, p] : llvm::enumerate(perm))
          flat += index[i] * strides[p];
        return flat;
      }));
  return success();
}

LogicalResult evalReverse(Operation *op, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results,
                          Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  ArrayRef<int64_t> dims = cast<shlo::ReverseOp>(op).getDimensions();
  SmallVector<int64_t> strides = stridesOf(operand.getShape());
  ArrayRef<int64_t> shape = operand.getShape();
  results.push_back(gatherElements(
      resultType(op, evaluator), operand, [&](ArrayRef<int64_t> index) {
        int64_t flat = 0;
        for (auto [d, i] : llvm::enumerate(index))
          flat += (llvm::is_contained(dims, static_cast<int64_t>(d))
                       ? shape[d] - 1 - i
                       : i) *
                  strides[d];
        return flat;
      }));
  return success();
}

Tensor slice(const Tensor &operand, RankedTensorType type,
             ArrayRef<int64_t> start, ArrayRef<int64_t> stride) {
  SmallVector<int64_t> strides = stridesOf(operand.getShape());
  return gatherElements(type, operand, [&](ArrayRef<int64_t> index) {
    int64_t flat = 0;
    for (auto [d, i] : llvm::enumerate(index))
      flat += (start[d] + i * (stride.empty() ? 1 : stride[d])) * strides[d];
    return flat;
  });
}

LogicalResult evalSlice(Operation *op, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &results,
                        Evaluator &evaluator) {
  auto sliceOp = cast<shlo::SliceOp>(op);
  results.push_back(slice(operands[0].getTensor(), resultType(op, evaluator),
                          sliceOp.getStartIndices(), sliceOp.getStrides()));
  return success();
}

/// Start indices clamped so that a window of `sizes` fits in `shape`
/// (dynamic_slice and dynamic_update_slice).
SmallVector<int64_t> clampedStarts(ArrayRef<RuntimeValue> starts,
                                   ArrayRef<int64_t> shape,
                                   ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> result;
  for (auto [d, start] : llvm::enumerate(starts))
    result.push_back(std::clamp<int64_t>(scalarInt(start.getTensor()), 0,
                                         shape[d] - sizes[d]));
  return result;
}

LogicalResult evalDynamicSlice(Operation *op, ArrayRef<RuntimeValue> operands,
                               SmallVectorImpl<RuntimeValue> &results,
                               Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  RankedTensorType type = resultType(op, evaluator);
  SmallVector<int64_t> starts =
      clampedStarts(operands.drop_front(), operand.getShape(), type.getShape());
  results.push_back(slice(operand, type, starts, {}));
  return success();
}

LogicalResult evalRealDynamicSlice(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  SmallVector<int64_t> start = shapeFromValues(operands[1].getTensor());
  SmallVector<int64_t> limit = shapeFromValues(operands[2].getTensor());
  SmallVector<int64_t> stride = shapeFromValues(operands[3].getTensor());
  SmallVector<int64_t> shape;
  for (size_t d = 0; d < start.size(); ++d) {
    if (stride[d] <= 0 || start[d] < 0 || limit[d] > operand.getShape()[d] ||
        start[d] > limit[d])
      return op->emitError("real_dynamic_slice bounds out of range in "
                           "dimension ")
             << d;
    shape.push_back((limit[d] - start[d] + stride[d] - 1) / stride[d]);
  }
  results.push_back(
      slice(operand, resultType(op, evaluator).clone(shape), start, stride));
  return success();
}

LogicalResult evalDynamicUpdateSlice(Operation *op,
                                     ArrayRef<RuntimeValue> operands,
                                     SmallVectorImpl<RuntimeValue> &results,
                                     Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  const Tensor &update = operands[1].getTensor();
  SmallVector<int64_t> starts = clampedStarts(
      operands.drop_front(2), operand.getShape(), update.getShape());
  SmallVector<int64_t> operandStrides = stridesOf(operand.getShape());
  SmallVector<int64_t> updateStrides = stridesOf(update.getShape());
  ArrayRef<int64_t> updateShape = update.getShape();
  int64_t updateSize = update.getNumElements();
  // Elements inside the window come from `update` (flat positions offset by
  // the operand's element count), the rest from `operand`.
  Tensor combined(operand.getType());
  std::memcpy(combined.getRawData(), operand.getRawData(),
              operand.getNumElements() * operand.getElementSize());
  if (updateSize > 0) {
    SmallVector<int64_t> index(update.getRank(), 0);
    size_t size = operand.getElementSize();
    do {
      SmallVector<int64_t> target;
      for (auto [d, i] : llvm::enumerate(index))
        target.push_back(starts[d] + i);
      std::memcpy(combined.getRawData() + flatten(target, operandStrides) * size,
                  update.getRawData() + flatten(index, updateStrides) * size,
                  size);
    } while (nextIndex(index, updateShape));
  }
  results.push_back(combined.withType(resultType(op, evaluator)));
  return success();
}

LogicalResult evalConcatenate(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              Evaluator &evaluator) {
  int64_t dim = cast<shlo::ConcatenateOp>(op).getDimension();
  RankedTensorType type = resultType(op, evaluator);
  // The operand that holds each offset along `dim`.
  SmallVector<int64_t> offsets;
  int64_t offset = 0;
  for (const RuntimeValue &operand : operands) {
    offsets.push_back(offset);
    offset += operand.getTensor().getShape()[dim];
  }
  Tensor result(type);
  size_t size = result.getElementSize();
  if (result.getNumElements() == 0) {
    results.push_back(std::move(result));
    return success();
  }
  SmallVector<SmallVector<int64_t>> strides;
  for (const RuntimeValue &operand : operands)
    strides.push_back(stridesOf(operand.getTensor().getShape()));
  SmallVector<int64_t> index(type.getRank(), 0);
  int64_t flat = 0;
  do {
    size_t k = llvm::upper_bound(offsets, index[dim]) - offsets.begin() - 1;
    while (operands[k].getTensor().getShape()[dim] == 0)
      --k; // skip empty operands at the same offset
    SmallVector<int64_t> local(index);
    local[dim] -= offsets[k];
    std::memcpy(result.getRawData() + flat * size,
                operands[k].getTensor().getRawData() +
                    flatten(local, strides[k]) * size,
                size);
    ++flat;
  } while (nextIndex(index, type.getShape()));
  results.push_back(std::move(result));
  return success();
}

Tensor pad(const Tensor &operand, const Tensor &value, RankedTensorType type,
           ArrayRef<int64_t> low, ArrayRef<int64_t> interior) {
  SmallVector<int64_t> strides = stridesOf(operand.getShape());
  ArrayRef<int64_t> shape = operand.getShape();
  return gatherElements(
      type, operand,
      [&](ArrayRef<int64_t> index) -> int64_t {
        int64_t flat = 0;
        for (auto [d, i] : llvm::enumerate(index)) {
          int64_t shifted = i - low[d];
          int64_t step = interior[d] + 1;
          if (shifted < 0 || shifted % step != 0 ||
              shifted / step >= shape[d])
            return -1;
          flat += (shifted / step) * strides[d];
        }
        return flat;
      },
      &value);
}

LogicalResult evalPad(Operation *op, ArrayRef<RuntimeValue> operands,
                      SmallVectorImpl<RuntimeValue> &results,
                      Evaluator &evaluator) {
  auto padOp = cast<shlo::PadOp>(op);
  results.push_back(pad(operands[0].getTensor(), operands[1].getTensor(),
                        resultType(op, evaluator), padOp.getEdgePaddingLow(),
                        padOp.getInteriorPadding()));
  return success();
}

LogicalResult evalDynamicPad(Operation *op, ArrayRef<RuntimeValue> operands,
                             SmallVectorImpl<RuntimeValue> &results,
                             Evaluator &evaluator) {
  const Tensor &operand = operands[0].getTensor();
  SmallVector<int64_t> low = shapeFromValues(operands[2].getTensor());
  SmallVector<int64_t> high = shapeFromValues(operands[3].getTensor());
  SmallVector<int64_t> interior = shapeFromValues(operands[4].getTensor());
  SmallVector<int64_t> shape;
  for (auto [d, size] : llvm::enumerate(operand.getShape()))
    shape.push_back(low[d] + size + std::max<int64_t>(size - 1, 0) * interior[d] +
                    high[d]);
  results.push_back(pad(operand, operands[1].getTensor(),
                        resultType(op, evaluator).clone(shape), low, interior));
  return success();
}

LogicalResult evalGetDimensionSize(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  auto getSize = cast<shlo::GetDimensionSizeOp>(op);
  Tensor result(resultType(op, evaluator));
  result.data<int32_t>()[0] = static_cast<int32_t>(
      operands[0].getTensor().getShape()[getSize.getDimension()]);
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalTuple(Operation *, ArrayRef<RuntimeValue> operands,
                        SmallVectorImpl<RuntimeValue> &results, Evaluator &) {
  results.push_back(RuntimeValue::tuple(
      std::vector<RuntimeValue>(operands.begin(), operands.end())));
  return success();
}

LogicalResult evalGetTupleElement(Operation *op,
                                  ArrayRef<RuntimeValue> operands,
                                  SmallVectorImpl<RuntimeValue> &results,
                                  Evaluator &) {
  results.push_back(operands[0].getElements()[cast<shlo::GetTupleElementOp>(op)
                                                  .getIndex()]);
  return success();
}

/// Ops whose results are their operands (optimization_barrier).
LogicalResult evalForward(Operation *, ArrayRef<RuntimeValue> operands,
                          SmallVectorImpl<RuntimeValue> &results, Evaluator &) {
  llvm::append_range(results, operands);
  return success();
}

LogicalResult evalToken(Operation *, ArrayRef<RuntimeValue>,
                        SmallVectorImpl<RuntimeValue> &results, Evaluator &) {
  results.push_back(RuntimeValue::token());
  return success();
}

/// torch_index_select: along `dim`, the operand slices `index` names; the
/// first `batch_dims` dimensions of operand and index correspond.
LogicalResult evalTorchIndexSelect(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  auto select = cast<shlo::TorchIndexSelectOp>(op);
  const Tensor &operand = operands[0].getTensor();
  const Tensor &index = operands[1].getTensor();
  int64_t dim = select.getDim(), batchDims = select.getBatchDims();
  int64_t indexRank = index.getRank();
  SmallVector<int64_t> operandStrides = stridesOf(operand.getShape());
  SmallVector<int64_t> indexStrides = stridesOf(index.getShape());
  ArrayRef<int64_t> shape = operand.getShape();
  bool outOfRange = false;
  // Result index: operand dims before `dim`, then index dims after the
  // batch dims, then operand dims after `dim`.
  Tensor result = gatherElements(
      resultType(op, evaluator), operand, [&](ArrayRef<int64_t> r) {
        int64_t indexFlat = 0;
        for (int64_t d = 0; d < batchDims; ++d)
          indexFlat += r[d] * indexStrides[d];
        for (int64_t d = batchDims; d < indexRank; ++d)
          indexFlat += r[dim + d - batchDims] * indexStrides[d];
        int64_t selected = scalarInt(index, indexFlat);
        if (selected < 0 || selected >= shape[dim]) {
          outOfRange = true;
          selected = 0;
        }
        int64_t flat = selected * operandStrides[dim];
        for (int64_t d = 0; d < dim; ++d)
          flat += r[d] * operandStrides[d];
        for (int64_t d = dim + 1; d < operand.getRank(); ++d)
          flat += r[d - 1 + indexRank - batchDims] * operandStrides[d];
        return flat;
      });
  if (outOfRange)
    return op->emitError("an index is out of range [0, ") << shape[dim] << ")";
  results.push_back(std::move(result));
  return success();
}

/// set_dimension_size: the first `size` elements along `dimension`.
LogicalResult evalSetDimensionSize(Operation *op,
                                   ArrayRef<RuntimeValue> operands,
                                   SmallVectorImpl<RuntimeValue> &results,
                                   Evaluator &evaluator) {
  auto setSize = cast<shlo::SetDimensionSizeOp>(op);
  const Tensor &operand = operands[0].getTensor();
  int64_t dim = setSize.getDimension();
  int64_t size = scalarInt(operands[1].getTensor());
  if (size < 0 || size > operand.getShape()[dim])
    return op->emitError("size ") << size << " is out of range [0, "
                                  << operand.getShape()[dim] << "]";
  SmallVector<int64_t> shape(operand.getShape());
  shape[dim] = size;
  results.push_back(slice(operand, resultType(op, evaluator).clone(shape),
                          SmallVector<int64_t>(shape.size(), 0), {}));
  return success();
}

} // namespace

namespace hlox::eval::detail {
Tensor broadcastInDim(const Tensor &operand, RankedTensorType type,
                      ArrayRef<int64_t> dims) {
  SmallVector<int64_t> strides = stridesOf(operand.getShape());
  ArrayRef<int64_t> shape = operand.getShape();
  return gatherElements(type, operand, [&](ArrayRef<int64_t> index) {
    int64_t flat = 0;
    for (auto [k, d] : llvm::enumerate(dims))
      flat += (shape[k] == 1 ? 0 : index[d]) * strides[k];
    return flat;
  });
}
} // namespace hlox::eval::detail

void hlox::eval::registerDataMovementOps(OpTable &table) {
  add<shlo::ConstantOp>(table, evalConstant);
  add<shlo::IotaOp>(table, evalIota);
  add<shlo::DynamicIotaOp>(table, evalDynamicIota);
  add<shlo::BroadcastInDimOp>(table, evalBroadcastInDim);
  add<shlo::DynamicBroadcastInDimOp>(table, evalDynamicBroadcastInDim);
  add<shlo::BroadcastOp>(table, evalBroadcast);
  add<shlo::ReshapeOp>(table, evalReshape);
  add<shlo::DynamicReshapeOp>(table, evalDynamicReshape);
  add<shlo::TransposeOp>(table, evalTranspose);
  add<shlo::ReverseOp>(table, evalReverse);
  add<shlo::SliceOp>(table, evalSlice);
  add<shlo::DynamicSliceOp>(table, evalDynamicSlice);
  add<shlo::RealDynamicSliceOp>(table, evalRealDynamicSlice);
  add<shlo::DynamicUpdateSliceOp>(table, evalDynamicUpdateSlice);
  add<shlo::ConcatenateOp>(table, evalConcatenate);
  add<shlo::PadOp>(table, evalPad);
  add<shlo::DynamicPadOp>(table, evalDynamicPad);
  add<shlo::GetDimensionSizeOp>(table, evalGetDimensionSize);
  add<shlo::TupleOp>(table, evalTuple);
  add<shlo::GetTupleElementOp>(table, evalGetTupleElement);
  add<shlo::OptimizationBarrierOp>(table, evalForward);
  add<shlo::AfterAllOp>(table, evalToken);
  add<shlo::CreateTokenOp>(table, evalToken);
  add<shlo::TorchIndexSelectOp>(table, evalTorchIndexSelect);
  add<shlo::SetDimensionSizeOp>(table, evalSetDimensionSize);
}
