//===- ShapeFunctions.cpp - Result shapes of StableHLO ops -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The spec's result-shape formulas of the ops with structured attributes,
// used both by the verifiers (against the given result type) and by type
// inference (to build it).
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

using namespace mlir;

namespace hlox::stablehlo::detail {

static bool allInRange(ArrayRef<int64_t> dims, int64_t rank) {
  return llvm::all_of(dims, [&](int64_t d) { return d >= 0 && d < rank; });
}

bool dotGeneralDimsInRange(ShapedType lhs, ShapedType rhs,
                           DotDimensionNumbersAttr dims) {
  return allInRange(dims.getLhsBatchingDimensions(), lhs.getRank()) &&
         allInRange(dims.getLhsContractingDimensions(), lhs.getRank()) &&
         allInRange(dims.getRhsBatchingDimensions(), rhs.getRank()) &&
         allInRange(dims.getRhsContractingDimensions(), rhs.getRank());
}

SmallVector<int64_t> dotGeneralShape(ShapedType lhs, ShapedType rhs,
                                     DotDimensionNumbersAttr dims) {
  SmallVector<int64_t> shape;
  for (int64_t d : dims.getLhsBatchingDimensions())
    shape.push_back(lhs.getDimSize(d));
  llvm::append_range(shape, dropDims(lhs.getShape(),
                                     dims.getLhsBatchingDimensions(),
                                     dims.getLhsContractingDimensions()));
  llvm::append_range(shape, dropDims(rhs.getShape(),
                                     dims.getRhsBatchingDimensions(),
                                     dims.getRhsContractingDimensions()));
  return shape;
}

bool windowAttrsFit(const WindowAttrs &window, int64_t rank) {
  auto fits = [&](std::optional<ArrayRef<int64_t>> list) {
    return !list || static_cast<int64_t>(list->size()) == rank;
  };
  if (static_cast<int64_t>(window.dimensions.size()) != rank ||
      !fits(window.strides) || !fits(window.baseDilations) ||
      !fits(window.windowDilations))
    return false;
  if (!window.padding)
    return true;
  auto type = cast<ShapedType>(window.padding->getType());
  return type.getRank() == 2 && type.getDimSize(0) == rank &&
         type.getDimSize(1) == 2;
}

SmallVector<int64_t> windowedShape(ArrayRef<int64_t> shape,
                                   const WindowAttrs &window) {
  int64_t rank = shape.size();
  SmallVector<int64_t> padding = paddingPairs(window.padding, rank);
  SmallVector<int64_t> result;
  for (int64_t d = 0; d < rank; ++d)
    result.push_back(numWindows(
        shape[d], window.dimensions[d], entryOr(window.strides, d, 1),
        entryOr(window.baseDilations, d, 1),
        entryOr(window.windowDilations, d, 1), padding[2 * d],
        padding[2 * d + 1]));
  return result;
}

bool convolutionDimsInRange(ShapedType lhs, ShapedType rhs,
                            ConvDimensionNumbersAttr dims) {
  int64_t rank = lhs.getRank();
  size_t spatial = dims.getInputSpatialDimensions().size();
  return rhs.getRank() == rank && static_cast<int64_t>(spatial) + 2 == rank &&
         dims.getKernelSpatialDimensions().size() == spatial &&
         dims.getOutputSpatialDimensions().size() == spatial &&
         allInRange({dims.getInputBatchDimension(),
                     dims.getInputFeatureDimension(),
                     dims.getKernelInputFeatureDimension(),
                     dims.getKernelOutputFeatureDimension(),
                     dims.getOutputBatchDimension(),
                     dims.getOutputFeatureDimension()},
                    rank) &&
         allInRange(dims.getInputSpatialDimensions(), rank) &&
         allInRange(dims.getKernelSpatialDimensions(), rank) &&
         allInRange(dims.getOutputSpatialDimensions(), rank);
}

SmallVector<int64_t>
convolutionShape(ShapedType lhs, ShapedType rhs, ConvDimensionNumbersAttr dims,
                 std::optional<ArrayRef<int64_t>> strides,
                 std::optional<DenseIntElementsAttr> padding,
                 std::optional<ArrayRef<int64_t>> lhsDilation,
                 std::optional<ArrayRef<int64_t>> rhsDilation,
                 int64_t batchGroupCount) {
  int64_t spatial = dims.getInputSpatialDimensions().size();
  SmallVector<int64_t> pads = paddingPairs(padding, spatial);
  SmallVector<int64_t> shape(lhs.getRank(), ShapedType::kDynamic);
  int64_t batch = lhs.getDimSize(dims.getInputBatchDimension());
  shape[dims.getOutputBatchDimension()] =
      ShapedType::isDynamic(batch) ? batch : batch / batchGroupCount;
  shape[dims.getOutputFeatureDimension()] =
      rhs.getDimSize(dims.getKernelOutputFeatureDimension());
  for (int64_t s = 0; s < spatial; ++s)
    shape[dims.getOutputSpatialDimensions()[s]] = numWindows(
        lhs.getDimSize(dims.getInputSpatialDimensions()[s]),
        rhs.getDimSize(dims.getKernelSpatialDimensions()[s]),
        entryOr(strides, s, 1), entryOr(lhsDilation, s, 1),
        entryOr(rhsDilation, s, 1), pads[2 * s], pads[2 * s + 1]);
  return shape;
}

bool gatherDimsInRange(ShapedType operand, ShapedType indices,
                       GatherDimensionNumbersAttr dims,
                       ArrayRef<int64_t> sliceSizes) {
  int64_t rank = operand.getRank();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  if (indexVectorDim < 0 || indexVectorDim > indices.getRank() ||
      static_cast<int64_t>(sliceSizes.size()) != rank ||
      !allInRange(dims.getCollapsedSliceDims(), rank) ||
      !allInRange(dims.getOperandBatchingDims(), rank))
    return false;
  // One offset dimension per slice dimension kept, each a distinct
  // dimension of the result.
  int64_t batchRank =
      indices.getRank() - (indexVectorDim < indices.getRank() ? 1 : 0);
  int64_t offsetRank = dropDims(sliceSizes, dims.getCollapsedSliceDims(),
                                dims.getOperandBatchingDims())
                           .size();
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  return static_cast<int64_t>(offsetDims.size()) == offsetRank &&
         isSortedAndUnique(offsetDims) &&
         allInRange(offsetDims, batchRank + offsetRank);
}

SmallVector<int64_t> gatherShape(ShapedType indices,
                                 GatherDimensionNumbersAttr dims,
                                 ArrayRef<int64_t> sliceSizes) {
  SmallVector<int64_t> batchSizes =
      dropDims(indices.getShape(), {dims.getIndexVectorDim()});
  SmallVector<int64_t> offsetSizes = dropDims(
      sliceSizes, dims.getCollapsedSliceDims(), dims.getOperandBatchingDims());
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  int64_t rank = batchSizes.size() + offsetSizes.size();
  SmallVector<int64_t> shape;
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(llvm::is_contained(offsetDims, d)
                        ? offsetSizes[nextOffset++]
                        : batchSizes[nextBatch++]);
  return shape;
}

} // namespace hlox::stablehlo::detail
