//===- VerifyDataMovement.cpp - Verifiers of shape and data movement ops --===//
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

LogicalResult ConstantOp::verify() {
  auto valueType = cast<ShapedType>(getValue().getType());
  auto resultType = cast<ShapedType>(getType());
  if (valueType == resultType)
    return success();
  // A quantized result holds its storage values.
  /*constant_c1*/ if (valueType.getShape() != resultType.getShape() ||
                      valueType.getElementType() !=
                          storageElementType(resultType))
    return emitOpError("/*constant_c1*/ value type ")
           << valueType << " does not match result type " << resultType;
  return success();
}

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  /*iota_c1*/ if (getIotaDimensionAttr().getInt() >= type.getRank())
    return emitOpError("/*iota_c1*/ iota_dimension ")
           << getIotaDimension() << " must be less than the rank "
           << type.getRank();
  return success();
}

LogicalResult DynamicIotaOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  /*dynamic_iota_c1*/ if (getIotaDimensionAttr().getInt() >= type.getRank())
    return emitOpError("/*dynamic_iota_c1*/ iota_dimension ")
           << getIotaDimension() << " must be less than the rank "
           << type.getRank();
  auto shapeType = cast<RankedTensorType>(getOutputShape().getType());
  /*dynamic_iota_c2*/ if (!shapeType.isDynamicDim(0) &&
                          shapeType.getDimSize(0) != type.getRank())
    return emitOpError("/*dynamic_iota_c2*/ output_shape must have ")
           << type.getRank() << " elements";
  return success();
}

/// The checks broadcast_in_dim and dynamic_broadcast_in_dim share.
static LogicalResult verifyBroadcastDims(Operation *op, ShapedType operand,
                                         ShapedType result,
                                         ArrayRef<int64_t> dims,
                                         bool dynamic) {
  /*broadcast_in_dim_c1*/ if (!sameBaseElementType(operand, result))
    return op->emitOpError("/*broadcast_in_dim_c1*/ operand and result must "
                           "have the same element type");
  /*broadcast_in_dim_c2*/ if (static_cast<int64_t>(dims.size()) !=
                              operand.getRank())
    return op->emitOpError("/*broadcast_in_dim_c2*/ broadcast_dimensions "
                           "must have ")
           << operand.getRank() << " entries, got " << dims.size();
  /*broadcast_in_dim_c3*/ /*broadcast_in_dim_c4*/
  if (failed(verifyDimsInRangeAndUnique(op, "/*broadcast_in_dim_c3*/ ",
                                        "/*broadcast_in_dim_c4*/ ",
                                        "broadcast_dimensions", dims,
                                        result.getRank())))
    return failure();
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t from = operand.getDimSize(i), to = result.getDimSize(dim);
    if (ShapedType::isDynamic(from) || ShapedType::isDynamic(to) ||
        from == 1 || from == to)
      continue;
    if (dynamic && from == 1)
      continue;
    /*broadcast_in_dim_c5*/
    return op->emitOpError("/*broadcast_in_dim_c5*/ operand dimension ")
           << i << " of size " << from << " cannot broadcast to size " << to;
  }
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastDims(*this, cast<ShapedType>(getOperand().getType()),
                             cast<ShapedType>(getType()),
                             getBroadcastDimensions(), /*dynamic=*/false);
}

LogicalResult BroadcastOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto result = cast<ShapedType>(getType());
  SmallVector<int64_t> expected(getBroadcastSizes());
  llvm::append_range(expected, operand.getShape());
  if (failed(verifyCompatibleShape(expected, result.getShape())))
    return emitOpError("result shape must be broadcast_sizes followed by the "
                       "operand shape");
  return success();
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto result = cast<ShapedType>(getType());
  if (failed(verifyBroadcastDims(*this, operand, result,
                                 getBroadcastDimensions(), /*dynamic=*/true)))
    return failure();
  auto shapeType = cast<ShapedType>(getOutputDimensions().getType());
  if (!shapeType.isDynamicDim(0) && shapeType.getDimSize(0) != result.getRank())
    return emitOpError("output_dimensions must have ")
           << result.getRank() << " elements";
  for (auto attr : {getKnownExpandingDimensionsAttr(),
                    getKnownNonexpandingDimensionsAttr()})
    if (attr && failed(verifyDimsInRangeAndUnique(
                    *this, "", "", "known dimensions", attr.asArrayRef(),
                    operand.getRank())))
      return failure();
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto result = cast<ShapedType>(getType());
  /*reshape_c1*/ if (!sameBaseElementType(operand, result))
    return emitOpError("/*reshape_c1*/ operand and result must have the same "
                       "element type");
  if (!operand.hasStaticShape() || !result.hasStaticShape())
    return success();
  /*reshape_c2*/ if (operand.getNumElements() != result.getNumElements())
    return emitOpError("/*reshape_c2*/ operand has ")
           << operand.getNumElements() << " elements, result has "
           << result.getNumElements();
  return success();
}

LogicalResult DynamicReshapeOp::verify() {
  auto result = cast<ShapedType>(getType());
  auto shapeType = cast<ShapedType>(getOutputShape().getType());
  /*dynamic_reshape_c3*/ if (!shapeType.isDynamicDim(0) &&
                             shapeType.getDimSize(0) != result.getRank())
    return emitOpError("/*dynamic_reshape_c3*/ output_shape must have ")
           << result.getRank() << " elements";
  auto operand = cast<ShapedType>(getOperand().getType());
  if (operand.hasStaticShape() && result.hasStaticShape() &&
      operand.getNumElements() != result.getNumElements())
    return emitOpError("/*dynamic_reshape_c2*/ operand has ")
           << operand.getNumElements() << " elements, result has "
           << result.getNumElements();
  return success();
}

LogicalResult TransposeOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto result = cast<ShapedType>(getType());
  ArrayRef<int64_t> perm = getPermutation();
  /*transpose_c1*/ if (!sameBaseElementType(operand, result))
    return emitOpError("/*transpose_c1*/ operand and result must have the "
                       "same element type");
  /*transpose_c2*/ if (static_cast<int64_t>(perm.size()) != operand.getRank())
    return emitOpError("/*transpose_c2*/ permutation must have ")
           << operand.getRank() << " entries";
  if (failed(verifyDimsInRangeAndUnique(*this, "/*transpose_c2*/ ",
                                        "/*transpose_c2*/ ", "permutation", perm,
                                        operand.getRank())))
    return failure();
  for (auto [i, dim] : llvm::enumerate(perm))
    /*transpose_c3*/ if (!compatibleDim(result.getDimSize(i),
                                        operand.getDimSize(dim)))
      return emitOpError("/*transpose_c3*/ result dimension ")
             << i << " must have size " << operand.getDimSize(dim);
  return success();
}

LogicalResult ReverseOp::verify() {
  return verifyDimsInRangeAndUnique(
      *this, "/*reverse_c3*/ ", "/*reverse_c2*/ ", "dimensions", getDimensions(),
      cast<ShapedType>(getOperand().getType()).getRank());
}

LogicalResult ConcatenateOp::verify() {
  /*concatenate_c3*/ if (getInputs().empty())
    return emitOpError("/*concatenate_c3*/ expects at least one input");
  auto first = cast<ShapedType>(getInputs().front().getType());
  int64_t dim = getDimension();
  /*concatenate_c4*/ if (dim < 0 || dim >= first.getRank())
    return emitOpError("/*concatenate_c4*/ dimension ")
           << dim << " is out of range [0, " << first.getRank() << ")";
  int64_t total = 0;
  for (Value input : getInputs()) {
    auto type = cast<ShapedType>(input.getType());
    /*concatenate_c1*/ if (type.getElementType() != first.getElementType())
      return emitOpError("/*concatenate_c1*/ inputs must have the same "
                         "element type");
    /*concatenate_c2*/ if (type.getRank() != first.getRank())
      return emitOpError("/*concatenate_c2*/ inputs must have the same rank");
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (i != dim && !compatibleDim(type.getDimSize(i), first.getDimSize(i)))
        return emitOpError("/*concatenate_c2*/ inputs differ in dimension ")
               << i;
    total = (ShapedType::isDynamic(total) || type.isDynamicDim(dim))
                ? ShapedType::kDynamic
                : total + type.getDimSize(dim);
  }
  auto result = cast<ShapedType>(getType());
  /*concatenate_c6*/ if (!compatibleDim(result.getDimSize(dim), total))
    return emitOpError("/*concatenate_c6*/ result dimension ")
           << dim << " must have size " << total;
  return success();
}

LogicalResult SliceOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto result = cast<ShapedType>(getType());
  ArrayRef<int64_t> start = getStartIndices(), limit = getLimitIndices(),
                    strides = getStrides();
  int64_t rank = operand.getRank();
  /*slice_c1*/ if (!sameBaseElementType(operand, result))
    return emitOpError("/*slice_c1*/ operand and result must have the same "
                       "element type");
  /*slice_c2*/ if (!allHaveSize({start, limit, strides}, rank))
    return emitOpError("/*slice_c2*/ start, limit and strides must have ")
           << rank << " entries each";
  for (int64_t i = 0; i < rank; ++i) {
    int64_t size = operand.getDimSize(i);
    /*slice_c3*/ if (start[i] < 0 || start[i] > limit[i] ||
                     (!ShapedType::isDynamic(size) && limit[i] > size))
      return emitOpError("/*slice_c3*/ dimension ")
             << i << ": need 0 <= start (" << start[i] << ") <= limit ("
             << limit[i] << ") <= size";
    /*slice_c4*/ if (strides[i] <= 0)
      return emitOpError("/*slice_c4*/ stride of dimension ")
             << i << " must be positive";
    int64_t expected = slicedSize(start[i], limit[i], strides[i]);
    /*slice_c5*/ if (!compatibleDim(result.getDimSize(i), expected))
      return emitOpError("/*slice_c5*/ result dimension ")
             << i << " must have size " << expected;
  }
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  ArrayRef<int64_t> sizes = getSliceSizes();
  int64_t rank = operand.getRank();
  /*dynamic_slice_c1*/ if (!sameBaseElementType(operand, getType()))
    return emitOpError("/*dynamic_slice_c1*/ operand and result must have "
                       "the same element type");
  /*dynamic_slice_c2*/ if (static_cast<int64_t>(getStartIndices().size()) != rank)
    return emitOpError("/*dynamic_slice_c2*/ expects ")
           << rank << " start indices, got " << getStartIndices().size();
  /*dynamic_slice_c2*/ if (static_cast<int64_t>(sizes.size()) != rank)
    return emitOpError("/*dynamic_slice_c2*/ slice_sizes must have ")
           << rank << " entries";
  Type indexType;
  for (Value index : getStartIndices()) {
    Type t = getElementTypeOrSelf(index.getType());
    /*dynamic_slice_c3*/ if (indexType && t != indexType)
      return emitOpError("/*dynamic_slice_c3*/ start indices must have the "
                         "same type");
    indexType = t;
  }
  auto result = cast<ShapedType>(getType());
  for (int64_t i = 0; i < rank; ++i) {
    /*dynamic_slice_c4*/ if (sizes[i] < 0 ||
                             (!operand.isDynamicDim(i) &&
                              sizes[i] > operand.getDimSize(i)))
      return emitOpError("/*dynamic_slice_c4*/ slice size of dimension ")
             << i << " must be in [0, " << operand.getDimSize(i) << "]";
    /*dynamic_slice_c5*/ if (!compatibleDim(result.getDimSize(i), sizes[i]))
      return emitOpError("/*dynamic_slice_c5*/ result shape must be "
                         "slice_sizes");
  }
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto update = cast<ShapedType>(getUpdate().getType());
  /*dynamic_update_slice_c1*/ if (failed(verifyCompatibleShape(operand, getType())))
    return emitOpError("/*dynamic_update_slice_c1*/ result must have the "
                       "operand's shape");
  /*dynamic_update_slice_c2*/ if (!sameBaseElementType(operand, update))
    return emitOpError("/*dynamic_update_slice_c2*/ update must have the "
                       "operand's element type");
  /*dynamic_update_slice_c3*/ if (update.getRank() != operand.getRank())
    return emitOpError("/*dynamic_update_slice_c3*/ update must have the "
                       "operand's rank");
  /*dynamic_update_slice_c4*/ if (static_cast<int64_t>(getStartIndices().size()) !=
                                  operand.getRank())
    return emitOpError("/*dynamic_update_slice_c4*/ expects ")
           << operand.getRank() << " start indices";
  for (int64_t i = 0; i < operand.getRank(); ++i)
    /*dynamic_update_slice_c6*/ if (!operand.isDynamicDim(i) &&
                                    !update.isDynamicDim(i) &&
                                    update.getDimSize(i) > operand.getDimSize(i))
      return emitOpError("/*dynamic_update_slice_c6*/ update dimension ")
             << i << " is larger than the operand's";
  return success();
}

LogicalResult PadOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto result = cast<ShapedType>(getType());
  ArrayRef<int64_t> low = getEdgePaddingLow(), high = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  int64_t rank = operand.getRank();
  /*pad_c1*/ if (getElementTypeOrSelf(getPaddingValue().getType()) !=
                 operand.getElementType())
    return emitOpError("/*pad_c1*/ padding_value must have the operand's "
                       "element type");
  /*pad_c2*/ if (!allHaveSize({low, high, interior}, rank))
    return emitOpError("/*pad_c2*/ padding lists must have ")
           << rank << " entries each";
  for (int64_t i = 0; i < rank; ++i) {
    /*pad_c3*/ if (interior[i] < 0)
      return emitOpError("/*pad_c3*/ interior padding must be non-negative");
    int64_t expected =
        paddedSize(operand.getDimSize(i), low[i], high[i], interior[i]);
    /*pad_c4*/ if (!compatibleDim(result.getDimSize(i), expected))
      return emitOpError("/*pad_c4*/ result dimension ")
             << i << " must have size " << expected;
  }
  return success();
}

LogicalResult GetDimensionSizeOp::verify() {
  int64_t rank = cast<ShapedType>(getOperand().getType()).getRank();
  /*get_dimension_size_c1*/ if (getDimensionAttr().getInt() >= rank)
    return emitOpError("/*get_dimension_size_c1*/ dimension ")
           << getDimension() << " is out of range [0, " << rank << ")";
  return success();
}

/// The batching dimensions of gather and scatter: the operand's in range,
/// unique and apart from `windowLike` (collapsed or inserted dims); the
/// indices' in range, unique, not the index vector dimension, and one per
/// operand batching dimension of the same size.
static LogicalResult
verifyBatchingDims(Operation *op, StringRef operandName,
                   ArrayRef<int64_t> operandDims, ShapedType operand,
                   StringRef windowLikeName, ArrayRef<int64_t> windowLike,
                   StringRef indicesName, ArrayRef<int64_t> indicesDims,
                   ShapedType indices, int64_t indexVectorDim) {
  if (failed(verifyDimsInRangeAndUnique(op, "", "", operandName, operandDims,
                                        operand.getRank())) ||
      failed(verifyDimsInRangeAndUnique(op, "", "", indicesName, indicesDims,
                                        indices.getRank())))
    return failure();
  for (int64_t dim : operandDims)
    if (llvm::is_contained(windowLike, dim))
      return op->emitOpError() << windowLikeName << " and " << operandName
                               << " share dimension " << dim;
  if (llvm::is_contained(indicesDims, indexVectorDim))
    return op->emitOpError() << indicesName
                             << " must not contain index_vector_dim "
                             << indexVectorDim;
  if (operandDims.size() != indicesDims.size())
    return op->emitOpError() << operandName << " and " << indicesName
                             << " must have the same number of entries";
  for (auto [o, i] : llvm::zip(operandDims, indicesDims))
    if (!compatibleDim(operand.getDimSize(o), indices.getDimSize(i)))
      return op->emitOpError()
             << "batching dimension sizes differ: " << operand.getDimSize(o)
             << " vs " << indices.getDimSize(i);
  return success();
}

LogicalResult GatherOp::verify() {
  auto operand = cast<ShapedType>(getOperand().getType());
  auto indices = cast<ShapedType>(getStartIndices().getType());
  GatherDimensionNumbersAttr dims = getDimensionNumbers();
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> sliceSizes = getSliceSizes();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  /*gather_c2*/ if (indexVectorDim < 0 || indexVectorDim > indices.getRank())
    return emitOpError("/*gather_c2*/ index_vector_dim ")
           << indexVectorDim << " is out of range [0, " << indices.getRank()
           << "]";
  if (failed(verifyDimsInRangeAndUnique(*this, "/*gather_c7*/ ",
                                        "/*gather_c6*/ ", "collapsed_slice_dims",
                                        dims.getCollapsedSliceDims(), rank)) ||
      failed(verifyBatchingDims(
          *this, "operand_batching_dims", dims.getOperandBatchingDims(),
          operand, "collapsed_slice_dims", dims.getCollapsedSliceDims(),
          "start_indices_batching_dims", dims.getStartIndicesBatchingDims(),
          indices, indexVectorDim)) ||
      failed(verifyDimsInRangeAndUnique(*this, "/*gather_c10*/ ",
                                        "/*gather_c9*/ ", "start_index_map",
                                        dims.getStartIndexMap(), rank)))
    return failure();
  /*gather_c15*/ if (!sameBaseElementType(operand, getType()))
    return emitOpError("/*gather_c15*/ operand and result must have the same "
                       "element type");
  /*gather_c11*/ if (static_cast<int64_t>(sliceSizes.size()) != rank)
    return emitOpError("/*gather_c11*/ slice_sizes must have ")
           << rank << " entries";
  for (int64_t dim : dims.getCollapsedSliceDims())
    /*gather_c8*/ if (sliceSizes[dim] > 1)
      return emitOpError("/*gather_c8*/ collapsed dimension ")
             << dim << " must have slice size 0 or 1";
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  /*gather_c1*/ if (rank != static_cast<int64_t>(
                             offsetDims.size() +
                             dims.getCollapsedSliceDims().size() +
                             dims.getOperandBatchingDims().size()))
    return emitOpError("/*gather_c1*/ the operand rank ")
           << rank << " must be the number of offset, collapsed and "
                      "batching dimensions";
  int64_t indexCount = indexVectorSize(indices, indexVectorDim);
  /*gather_c3*/ if (!ShapedType::isDynamic(indexCount) &&
                    static_cast<int64_t>(dims.getStartIndexMap().size()) !=
                        indexCount)
    return emitOpError("/*gather_c3*/ start_index_map must have ")
           << indexCount << " entries, one per index vector element";
  /*gather_c4*/ if (!isSortedAndUnique(offsetDims))
    return emitOpError("/*gather_c4*/ offset_dims must be sorted and unique");
  /*gather_c6*/ if (!llvm::is_sorted(dims.getCollapsedSliceDims()))
    return emitOpError("/*gather_c6*/ collapsed_slice_dims must be sorted");
  auto result = cast<ShapedType>(getType());
  for (int64_t dim : offsetDims)
    /*gather_c5*/ if (dim < 0 || dim >= result.getRank())
      return emitOpError("/*gather_c5*/ offset_dims entry ")
             << dim << " is out of range [0, " << result.getRank() << ")";
  for (int64_t i = 0; i < rank; ++i)
    /*gather_c12*/ if (sliceSizes[i] < 0 ||
                       (!operand.isDynamicDim(i) &&
                        sliceSizes[i] > operand.getDimSize(i)))
      return emitOpError("/*gather_c12*/ slice size of dimension ")
             << i << " must be in [0, " << operand.getDimSize(i) << "]";
  // /*gather_c13*/: batch dimensions take the index shape without
  // index_vector_dim; offset dimensions take the slice sizes without the
  // collapsed and batching dimensions.
  SmallVector<int64_t> batchSizes =
      dropDims(indices.getShape(), {indexVectorDim});
  SmallVector<int64_t> offsetSizes =
      dropDims(sliceSizes, dims.getCollapsedSliceDims(),
               dims.getOperandBatchingDims());
  int64_t expectedRank = batchSizes.size() + offsetSizes.size();
  if (result.getRank() != expectedRank)
    return emitOpError("/*gather_c13*/ result must have rank ")
           << expectedRank;
  SmallVector<int64_t> expected = gatherShape(indices, dims, sliceSizes);
  for (int64_t d = 0; d < expectedRank; ++d)
    if (!compatibleDim(result.getDimSize(d), expected[d]))
      return emitOpError("/*gather_c13*/ result dimension ")
             << d << " must have size " << expected[d];
  return success();
}

LogicalResult ScatterOp::verify() {
  /*scatter_c5*/ if (getInputs().empty())
    return emitOpError("/*scatter_c5*/ expects at least one input");
  auto first = cast<ShapedType>(getInputs().front().getType());
  for (Value input : getInputs())
    /*scatter_c1*/ if (failed(verifyCompatibleShape(first, input.getType())))
      return emitOpError("/*scatter_c1*/ inputs must have the same shape");
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  int64_t rank = first.getRank();
  auto indices = cast<ShapedType>(getScatterIndices().getType());
  /*scatter_c14*/ if (dims.getIndexVectorDim() < 0 ||
                      dims.getIndexVectorDim() > indices.getRank())
    return emitOpError("/*scatter_c14*/ index_vector_dim ")
           << dims.getIndexVectorDim() << " is out of range [0, "
           << indices.getRank() << "]";
  if (failed(verifyDimsInRangeAndUnique(*this, "/*scatter_c10*/ ",
                                        "/*scatter_c9*/ ", "inserted_window_dims",
                                        dims.getInsertedWindowDims(), rank)) ||
      failed(verifyDimsInRangeAndUnique(*this, "/*scatter_c13*/ ",
                                        "/*scatter_c12*/ ",
                                        "scatter_dims_to_operand_dims",
                                        dims.getScatterDimsToOperandDims(),
                                        rank)) ||
      failed(verifyBatchingDims(
          *this, "input_batching_dims", dims.getInputBatchingDims(), first,
          "inserted_window_dims", dims.getInsertedWindowDims(),
          "scatter_indices_batching_dims",
          dims.getScatterIndicesBatchingDims(), indices,
          dims.getIndexVectorDim())))
    return failure();
  /*scatter_c9*/ if (!llvm::is_sorted(dims.getInsertedWindowDims()))
    return emitOpError("/*scatter_c9*/ inserted_window_dims must be sorted");
  /*scatter_c5*/ if (getUpdates().size() != getInputs().size())
    return emitOpError("/*scatter_c5*/ expects one update per input");
  for (auto [k, input, update] :
       llvm::enumerate(getInputs(), getUpdates()))
    /*scatter_c6*/ if (!sameBaseElementType(input.getType(), update.getType()))
      return emitOpError("/*scatter_c6*/ update ")
             << k << " must have the element type of input " << k;
  /*scatter_c16*/ if (getResults().size() != getInputs().size())
    return emitOpError("/*scatter_c16*/ expects one result per input");
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  /*scatter_c2*/ if (rank != static_cast<int64_t>(
                              windowDims.size() +
                              dims.getInsertedWindowDims().size() +
                              dims.getInputBatchingDims().size()))
    return emitOpError("/*scatter_c2*/ the input rank ")
           << rank << " must be the number of window, inserted and batching "
                      "dimensions";
  auto update = cast<ShapedType>(getUpdates().front().getType());
  for (Value other : getUpdates())
    /*scatter_c3*/ if (failed(verifyCompatibleShape(update, other.getType())))
      return emitOpError("/*scatter_c3*/ updates must have the same shape");
  /*scatter_c7*/ if (!isSortedAndUnique(windowDims))
    return emitOpError("/*scatter_c7*/ update_window_dims must be sorted and "
                       "unique");
  for (int64_t dim : windowDims)
    /*scatter_c8*/ if (dim < 0 || dim >= update.getRank())
      return emitOpError("/*scatter_c8*/ update_window_dims entry ")
             << dim << " is out of range [0, " << update.getRank() << ")";
  int64_t indexVectorDim = dims.getIndexVectorDim();
  int64_t indexCount = indexVectorSize(indices, indexVectorDim);
  /*scatter_c11*/ if (!ShapedType::isDynamic(indexCount) &&
                      static_cast<int64_t>(
                          dims.getScatterDimsToOperandDims().size()) !=
                          indexCount)
    return emitOpError("/*scatter_c11*/ scatter_dims_to_operand_dims must "
                       "have ")
           << indexCount << " entries, one per index vector element";
  // /*scatter_c4*/: scatter dimensions of the updates take the index shape
  // without index_vector_dim; window dimensions fit in the input.
  SmallVector<int64_t> scatterSizes =
      dropDims(indices.getShape(), {indexVectorDim});
  SmallVector<int64_t> windowBounds =
      dropDims(first.getShape(), dims.getInsertedWindowDims(),
               dims.getInputBatchingDims());
  int64_t expectedRank = scatterSizes.size() + windowBounds.size();
  if (update.getRank() != expectedRank)
    return emitOpError("/*scatter_c4*/ updates must have rank ")
           << expectedRank;
  size_t nextScatter = 0, nextWindow = 0;
  for (int64_t d = 0; d < expectedRank; ++d) {
    int64_t size = update.getDimSize(d);
    if (llvm::is_contained(windowDims, d)) {
      int64_t bound = windowBounds[nextWindow++];
      if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
          size > bound)
        return emitOpError("/*scatter_c4*/ update window dimension ")
               << d << " of size " << size << " exceeds the input's " << bound;
    } else if (!compatibleDim(size, scatterSizes[nextScatter++])) {
      return emitOpError("/*scatter_c4*/ update dimension ")
             << d << " must have size " << scatterSizes[nextScatter - 1];
    }
  }
  /*scatter_c15*/ if (failed(verifyReducerSignature(
                        *this, "/*scatter_c15*/ ", "update_computation",
                        getUpdateComputation(), getInputs().getTypes())))
    return failure();
  for (auto [k, input, result] :
       llvm::enumerate(getInputs(), getResults()))
    /*scatter_c16*/ if (failed(verifyCompatibleShape(input.getType(),
                                                     result.getType())) ||
                        !sameBaseElementType(
                            withElementType(input.getType(),
                                            getPromotedElementType(
                                                getUpdateComputation(), k)),
                            result.getType()))
      return emitOpError("/*scatter_c16*/ result ")
             << k << " must have the type of input " << k;
  return success();
}
