//===- ShardingRules.cpp - How an op's dimensions correspond --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/ShardingRules.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

bool ShardingRule::isReduction(int64_t factor) const {
  for (const TensorFactors &tensor : results)
    for (const DimFactors &dim : tensor)
      if (llvm::is_contained(dim, factor))
        return false;
  return true;
}

const ShardingRule::Window *ShardingRule::getWindow(int64_t factor) const {
  for (const Window &window : windows)
    if (window.factor == factor)
      return &window;
  return nullptr;
}

std::optional<ShardingRule::Halos> ShardingRule::getHalos(const Window &window,
                                                          int64_t outputSize,
                                                          int64_t shards) {
  if (shards <= 0 || outputSize % shards != 0 || window.inputSize % shards != 0)
    return std::nullopt;
  int64_t in = window.inputSize / shards, out = outputSize / shards;
  if (out * window.stride != in)
    return std::nullopt;
  // Output shard i reads input [i x in - padLow, i x in - padLow +
  // (out - 1) x stride + extent).
  Halos halos{window.padLow,
              (out - 1) * window.stride + window.extent - window.padLow - in};
  if (halos.low > in || halos.high > in ||
      std::max<int64_t>(0, -halos.low) >= in + std::min<int64_t>(0, halos.high))
    return std::nullopt;
  return halos;
}

bool ShardingRule::allowsShards(int64_t factor, int64_t shards) const {
  if (factorSizes[factor] % shards != 0)
    return false;
  const Window *window = getWindow(factor);
  return !window || shards == 1 ||
         getHalos(*window, factorSizes[factor], shards).has_value();
}

namespace {

using DimFactors = ShardingRule::DimFactors;
using TensorFactors = ShardingRule::TensorFactors;

std::optional<ArrayRef<int64_t>> getStaticShape(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return std::nullopt;
  return tensor.getShape();
}

bool allStatic(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (!getStaticShape(type))
      return false;
  for (Type type : op->getResultTypes())
    if (!getStaticShape(type))
      return false;
  return true;
}

TensorFactors noFactors(int64_t rank) { return TensorFactors(rank); }

/// One factor per dimension of `shape`; every result and every operand of
/// that shape spans them (scalar operands span none).
std::optional<ShardingRule> getElementwiseRule(Operation *op) {
  ArrayRef<int64_t> shape = *getStaticShape(op->getResult(0).getType());
  ShardingRule rule;
  TensorFactors all;
  for (int64_t size : shape)
    all.push_back({rule.addFactor(size)});
  for (Type type : op->getOperandTypes()) {
    ArrayRef<int64_t> operand = *getStaticShape(type);
    if (operand == shape)
      rule.operands.push_back(all);
    else if (operand.empty())
      rule.operands.push_back({});
    else
      return std::nullopt;
  }
  for (Type type : op->getResultTypes()) {
    if (*getStaticShape(type) != shape)
      return std::nullopt;
    rule.results.push_back(all);
  }
  return rule;
}

bool isElementwise(Operation *op) {
  if (op->getNumRegions() != 0 || op->getNumResults() == 0)
    return false;
  if (op->hasTrait<OpTrait::Elementwise>() ||
      op->hasTrait<OpTrait::SameOperandsAndResultShape>())
    return true;
  return isa<shlo::SelectOp, shlo::ClampOp, shlo::ConvertOp,
             shlo::BitcastConvertOp>(op);
}

ShardingRule getBroadcastRule(shlo::BroadcastInDimOp op) {
  ArrayRef<int64_t> in = *getStaticShape(op.getOperand().getType());
  ArrayRef<int64_t> out = *getStaticShape(op.getType());
  ShardingRule rule;
  TensorFactors result;
  for (int64_t size : out)
    result.push_back({rule.addFactor(size)});
  TensorFactors operand(in.size());
  for (auto [i, dim] : llvm::enumerate(op.getBroadcastDimensions()))
    if (in[i] == out[dim])
      operand[i] = {static_cast<int64_t>(dim)};
  rule.operands.push_back(operand);
  rule.results.push_back(result);
  return rule;
}

ShardingRule getTransposeRule(shlo::TransposeOp op) {
  ArrayRef<int64_t> in = *getStaticShape(op.getOperand().getType());
  ShardingRule rule;
  TensorFactors operand, result;
  for (int64_t size : in)
    operand.push_back({rule.addFactor(size)});
  for (int64_t dim : op.getPermutation())
    result.push_back({dim});
  rule.operands.push_back(operand);
  rule.results.push_back(result);
  return rule;
}

/// Groups the dimensions of both shapes into runs of equal product. A run
/// of one dimension on one side and several on the other splits or merges:
/// the several are the factors and the one spans them all. A run of
/// several dimensions on both sides is left without factors (whole).
ShardingRule getReshapeRule(shlo::ReshapeOp op) {
  ArrayRef<int64_t> in = *getStaticShape(op.getOperand().getType());
  ArrayRef<int64_t> out = *getStaticShape(op.getType());
  ShardingRule rule;
  TensorFactors operand(in.size()), result(out.size());
  size_t i = 0, o = 0;
  while (i < in.size() || o < out.size()) {
    // Size-1 dimensions carry nothing.
    if (i < in.size() && in[i] == 1) {
      ++i;
      continue;
    }
    if (o < out.size() && out[o] == 1) {
      ++o;
      continue;
    }
    if (i == in.size() || o == out.size())
      break;
    size_t iEnd = i + 1, oEnd = o + 1;
    int64_t inProduct = in[i], outProduct = out[o];
    while (inProduct != outProduct) {
      if (inProduct < outProduct) {
        if (iEnd == in.size())
          break;
        inProduct *= in[iEnd++];
      } else {
        if (oEnd == out.size())
          break;
        outProduct *= out[oEnd++];
      }
    }
    if (inProduct != outProduct)
      break;
    if (iEnd - i == 1) {
      for (size_t d = o; d < oEnd; ++d) {
        if (out[d] == 1)
          continue;
        int64_t factor = rule.addFactor(out[d]);
        result[d] = {factor};
        operand[i].push_back(factor);
      }
    } else if (oEnd - o == 1) {
      for (size_t d = i; d < iEnd; ++d) {
        if (in[d] == 1)
          continue;
        int64_t factor = rule.addFactor(in[d]);
        operand[d] = {factor};
        result[o].push_back(factor);
      }
    }
    i = iEnd;
    o = oEnd;
  }
  rule.operands.push_back(operand);
  rule.results.push_back(result);
  return rule;
}

ShardingRule getDotRule(shlo::DotGeneralOp op) {
  ArrayRef<int64_t> lhs = *getStaticShape(op.getLhs().getType());
  ArrayRef<int64_t> rhs = *getStaticShape(op.getRhs().getType());
  auto numbers = op.getDotDimensionNumbers();
  ShardingRule rule;
  TensorFactors lhsFactors(lhs.size()), rhsFactors(rhs.size()), result;
  for (auto [l, r] : llvm::zip_equal(numbers.getLhsBatchingDimensions(),
                                     numbers.getRhsBatchingDimensions())) {
    int64_t factor = rule.addFactor(lhs[l]);
    lhsFactors[l] = {factor};
    rhsFactors[r] = {factor};
    result.push_back({factor});
  }
  for (auto [l, r] : llvm::zip_equal(numbers.getLhsContractingDimensions(),
                                     numbers.getRhsContractingDimensions())) {
    int64_t factor = rule.addFactor(lhs[l]);
    lhsFactors[l] = {factor};
    rhsFactors[r] = {factor};
  }
  // The free dimensions, lhs's then rhs's, in order.
  for (auto [factors, shape, batch, contracting] :
       {std::make_tuple(&lhsFactors, lhs, numbers.getLhsBatchingDimensions(),
                        numbers.getLhsContractingDimensions()),
        std::make_tuple(&rhsFactors, rhs, numbers.getRhsBatchingDimensions(),
                        numbers.getRhsContractingDimensions())}) {
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
      if (llvm::is_contained(batch, d) || llvm::is_contained(contracting, d))
        continue;
      int64_t factor = rule.addFactor(shape[d]);
      (*factors)[d] = {factor};
      result.push_back({factor});
    }
  }
  rule.operands = {lhsFactors, rhsFactors};
  rule.results.push_back(result);
  return rule;
}

std::optional<ShardingRule> getReduceRule(shlo::ReduceOp op) {
  ArrayRef<int64_t> in = *getStaticShape(op.getInputs().front().getType());
  ShardingRule rule;
  TensorFactors input, result;
  for (int64_t d = 0; d < static_cast<int64_t>(in.size()); ++d) {
    int64_t factor = rule.addFactor(in[d]);
    input.push_back({factor});
    if (!llvm::is_contained(op.getDimensions(), d))
      result.push_back({factor});
  }
  for (size_t i = 0; i < op.getInputs().size(); ++i)
    rule.operands.push_back(input);
  for (size_t i = 0; i < op.getInitValues().size(); ++i)
    rule.operands.push_back({});
  for (size_t i = 0; i < op->getNumResults(); ++i)
    rule.results.push_back(result);
  return rule;
}

ShardingRule getConcatenateRule(shlo::ConcatenateOp op) {
  ArrayRef<int64_t> out = *getStaticShape(op.getType());
  ShardingRule rule;
  // The concatenated dimension differs in size per operand: whole.
  TensorFactors all(out.size());
  for (auto [d, size] : llvm::enumerate(out))
    if (static_cast<int64_t>(d) != static_cast<int64_t>(op.getDimension()))
      all[d] = {rule.addFactor(size)};
  rule.operands.assign(op.getInputs().size(), all);
  rule.results.push_back(all);
  return rule;
}

/// A rule of one factor per dimension shared by `operand` and the result
/// where `keep(d)`, none elsewhere (those dimensions stay whole); the other
/// operands (scalars, indices) span nothing.
ShardingRule getSameRankRule(Operation *op, int64_t operandIndex,
                             llvm::function_ref<bool(int64_t)> keep) {
  ArrayRef<int64_t> in =
      *getStaticShape(op->getOperand(operandIndex).getType());
  ShardingRule rule;
  TensorFactors operand(in.size());
  for (int64_t d = 0; d < static_cast<int64_t>(in.size()); ++d)
    if (keep(d))
      operand[d] = {rule.addFactor(in[d])};
  for (auto [i, value] : llvm::enumerate(op->getOperands())) {
    if (static_cast<int64_t>(i) == operandIndex)
      rule.operands.push_back(operand);
    else
      rule.operands.push_back(
          noFactors(cast<RankedTensorType>(value.getType()).getRank()));
  }
  for (size_t r = 0; r < op->getNumResults(); ++r)
    rule.results.push_back(operand);
  return rule;
}

std::optional<ShardingRule> getConvolutionRule(shlo::ConvolutionOp op) {
  if (op.getFeatureGroupCount() != 1 || op.getBatchGroupCount() != 1)
    return std::nullopt;
  ArrayRef<int64_t> lhs = *getStaticShape(op.getLhs().getType());
  ArrayRef<int64_t> rhs = *getStaticShape(op.getRhs().getType());
  auto numbers = op.getDimensionNumbers();
  ShardingRule rule;
  TensorFactors lhsFactors(lhs.size()), rhsFactors(rhs.size()),
      result(cast<RankedTensorType>(op.getType()).getRank());
  int64_t batch = rule.addFactor(lhs[numbers.getInputBatchDimension()]);
  lhsFactors[numbers.getInputBatchDimension()] = {batch};
  result[numbers.getOutputBatchDimension()] = {batch};
  int64_t outFeature =
      rule.addFactor(rhs[numbers.getKernelOutputFeatureDimension()]);
  rhsFactors[numbers.getKernelOutputFeatureDimension()] = {outFeature};
  result[numbers.getOutputFeatureDimension()] = {outFeature};
  int64_t inFeature = rule.addFactor(lhs[numbers.getInputFeatureDimension()]);
  lhsFactors[numbers.getInputFeatureDimension()] = {inFeature};
  rhsFactors[numbers.getKernelInputFeatureDimension()] = {inFeature};
  // A spatial dimension slides the kernel's window over the input (the
  // kernel's own spatial dimensions stay whole); one the input is dilated
  // or the window reversed along stays whole.
  ArrayRef<int64_t> out = cast<RankedTensorType>(op.getType()).getShape();
  for (auto [i, inputDim] :
       llvm::enumerate(numbers.getInputSpatialDimensions())) {
    auto at = [&](std::optional<ArrayRef<int64_t>> values, int64_t fallback) {
      return values ? (*values)[i] : fallback;
    };
    std::optional<ArrayRef<bool>> reversal = op.getWindowReversal();
    if (at(op.getLhsDilation(), 1) != 1 || (reversal && (*reversal)[i]))
      continue;
    int64_t kernel = rhs[numbers.getKernelSpatialDimensions()[i]];
    int64_t padLow = 0;
    if (std::optional<DenseIntElementsAttr> padding = op.getPadding())
      padLow = padding->getValues<int64_t>()[2 * i];
    int64_t outputDim = numbers.getOutputSpatialDimensions()[i];
    int64_t factor = rule.addFactor(out[outputDim]);
    lhsFactors[inputDim] = {factor};
    result[outputDim] = {factor};
    rule.windows.push_back({factor, lhs[inputDim], at(op.getWindowStrides(), 1),
                            (kernel - 1) * at(op.getRhsDilation(), 1) + 1,
                            padLow, static_cast<int64_t>(i)});
  }
  rule.operands = {lhsFactors, rhsFactors};
  rule.results.push_back(result);
  return rule;
}

/// A window factor (or a plain one, where the window is one element with
/// no stride or padding) per dimension of the inputs; the init values span
/// none. A dimension the base is dilated along stays whole.
std::optional<ShardingRule> getReduceWindowRule(shlo::ReduceWindowOp op) {
  int64_t numInputs = op.getInputs().size();
  ArrayRef<int64_t> in = *getStaticShape(op.getInputs().front().getType());
  ArrayRef<int64_t> out = *getStaticShape(op->getResult(0).getType());
  ArrayRef<int64_t> sizes = op.getWindowDimensions();
  auto at = [&](std::optional<ArrayRef<int64_t>> values, int64_t d) {
    return values ? (*values)[d] : 1;
  };
  ShardingRule rule;
  TensorFactors inputs(in.size()), results(out.size());
  for (int64_t d = 0; d < static_cast<int64_t>(in.size()); ++d) {
    if (at(op.getBaseDilations(), d) != 1)
      continue;
    int64_t padLow = 0, padHigh = 0;
    if (std::optional<DenseIntElementsAttr> padding = op.getPadding()) {
      padLow = padding->getValues<int64_t>()[2 * d];
      padHigh = padding->getValues<int64_t>()[2 * d + 1];
    }
    int64_t stride = at(op.getWindowStrides(), d);
    int64_t extent = (sizes[d] - 1) * at(op.getWindowDilations(), d) + 1;
    int64_t factor = rule.addFactor(out[d]);
    inputs[d] = {factor};
    results[d] = {factor};
    if (extent != 1 || stride != 1 || padLow != 0 || padHigh != 0)
      rule.windows.push_back({factor, in[d], stride, extent, padLow, d});
  }
  for (int64_t i = 0; i < numInputs; ++i)
    rule.operands.push_back(inputs);
  for (int64_t i = 0; i < numInputs; ++i)
    rule.operands.push_back({});
  rule.results.assign(op->getNumResults(), results);
  return rule;
}

/// The dimensions of `rank` not in `excluded`, in order.
SmallVector<int64_t> getOtherDims(int64_t rank, ArrayRef<int64_t> excluded) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(excluded, d))
      dims.push_back(d);
  return dims;
}

/// A gather's batch dimensions (the indices' dimensions but the index
/// vector's, in order, and the result's that are not offset dimensions) are
/// factors of the indices and the result; an operand batching dimension
/// spans the factor of its indices dimension. An operand dimension sliced
/// whole (its start index clamps to 0) shares a factor with its result
/// offset dimension. Collapsed and partly sliced operand dimensions and the
/// index vector stay whole.
ShardingRule getGatherRule(shlo::GatherOp op) {
  ArrayRef<int64_t> in = *getStaticShape(op.getOperand().getType());
  ArrayRef<int64_t> indexShape =
      *getStaticShape(op.getStartIndices().getType());
  int64_t outRank = cast<RankedTensorType>(op.getType()).getRank();
  shlo::GatherDimensionNumbersAttr numbers = op.getDimensionNumbers();
  ShardingRule rule;
  TensorFactors operand(in.size()), indices(indexShape.size()), result(outRank);
  SmallVector<int64_t> batchDims =
      getOtherDims(outRank, numbers.getOffsetDims());
  SmallVector<int64_t> indexBatchDims = getOtherDims(
      indexShape.size(), ArrayRef<int64_t>(numbers.getIndexVectorDim()));
  for (auto [d, resultDim] : llvm::zip_equal(indexBatchDims, batchDims)) {
    int64_t factor = rule.addFactor(indexShape[d]);
    indices[d] = {factor};
    result[resultDim] = {factor};
    const auto *batching = llvm::find(numbers.getStartIndicesBatchingDims(), d);
    if (batching != numbers.getStartIndicesBatchingDims().end())
      operand[numbers.getOperandBatchingDims()
                  [batching - numbers.getStartIndicesBatchingDims().begin()]] =
          {factor};
  }
  SmallVector<int64_t> excluded(numbers.getCollapsedSliceDims());
  llvm::append_range(excluded, numbers.getOperandBatchingDims());
  for (auto [d, resultDim] : llvm::zip_equal(getOtherDims(in.size(), excluded),
                                             numbers.getOffsetDims())) {
    if (op.getSliceSizes()[d] != in[d])
      continue;
    int64_t factor = rule.addFactor(in[d]);
    operand[d] = {factor};
    result[resultDim] = {factor};
  }
  rule.operands = {operand, indices};
  rule.results.push_back(result);
  return rule;
}

/// A scatter's batching dimensions are factors of its inputs, indices,
/// updates and results (each device scatters its batch items' updates into
/// its batch items); an input dimension whose update window is whole (its
/// start index in bounds only at 0, on the whole input as on a shard)
/// shares a factor with its update window dimension. The other scatter
/// dimensions stay whole: a device holding some of the updates could not
/// tell which elements the others change.
ShardingRule getScatterRule(shlo::ScatterOp op) {
  int64_t numInputs = op.getInputs().size();
  ArrayRef<int64_t> in = *getStaticShape(op.getInputs().front().getType());
  ArrayRef<int64_t> indexShape =
      *getStaticShape(op.getScatterIndices().getType());
  ArrayRef<int64_t> up = *getStaticShape(op.getUpdates().front().getType());
  shlo::ScatterDimensionNumbersAttr numbers = op.getScatterDimensionNumbers();
  ShardingRule rule;
  TensorFactors input(in.size()), indices(indexShape.size()),
      updates(up.size());
  SmallVector<int64_t> scatterDims =
      getOtherDims(up.size(), numbers.getUpdateWindowDims());
  SmallVector<int64_t> indexBatchDims = getOtherDims(
      indexShape.size(), ArrayRef<int64_t>(numbers.getIndexVectorDim()));
  for (auto [d, updateDim] : llvm::zip_equal(indexBatchDims, scatterDims)) {
    const auto *batching =
        llvm::find(numbers.getScatterIndicesBatchingDims(), d);
    if (batching == numbers.getScatterIndicesBatchingDims().end())
      continue;
    int64_t factor = rule.addFactor(indexShape[d]);
    indices[d] = {factor};
    updates[updateDim] = {factor};
    input[numbers.getInputBatchingDims()
              [batching - numbers.getScatterIndicesBatchingDims().begin()]] = {
        factor};
  }
  SmallVector<int64_t> excluded(numbers.getInsertedWindowDims());
  llvm::append_range(excluded, numbers.getInputBatchingDims());
  for (auto [d, updateDim] : llvm::zip_equal(getOtherDims(in.size(), excluded),
                                             numbers.getUpdateWindowDims())) {
    if (up[updateDim] != in[d])
      continue;
    int64_t factor = rule.addFactor(in[d]);
    input[d] = {factor};
    updates[updateDim] = {factor};
  }
  rule.operands.assign(numInputs, input);
  rule.operands.push_back(indices);
  rule.operands.append(numInputs, updates);
  rule.results.assign(numInputs, input);
  return rule;
}

/// A dynamic_update_slice's dimensions along which the update is whole
/// (its start index clamps to 0) are factors of the operand, the update
/// and the result; the others stay whole.
ShardingRule getDynamicUpdateSliceRule(shlo::DynamicUpdateSliceOp op) {
  ArrayRef<int64_t> in = *getStaticShape(op.getOperand().getType());
  ArrayRef<int64_t> up = *getStaticShape(op.getUpdate().getType());
  ShardingRule rule;
  TensorFactors all(in.size());
  for (auto [d, size] : llvm::enumerate(in))
    if (up[d] == size)
      all[d] = {rule.addFactor(size)};
  rule.operands = {all, all};
  rule.operands.append(op.getStartIndices().size(), TensorFactors());
  rule.results.push_back(all);
  return rule;
}

} // namespace

std::optional<ShardingRule> hlox::getShardingRule(Operation *op) {
  if (!isa_and_nonnull<shlo::StableHLODialect, chlo::CHLODialect>(
          op->getDialect()) ||
      !allStatic(op) || op->getNumResults() == 0)
    return std::nullopt;
  // A region that reads values from outside would see their shards.
  for (Region &region : op->getRegions()) {
    SetVector<Value> captured;
    getUsedValuesDefinedAbove(region, captured);
    if (!captured.empty())
      return std::nullopt;
  }
  if (isElementwise(op))
    return getElementwiseRule(op);
  if (auto broadcast = dyn_cast<shlo::BroadcastInDimOp>(op))
    return getBroadcastRule(broadcast);
  if (auto transpose = dyn_cast<shlo::TransposeOp>(op))
    return getTransposeRule(transpose);
  if (auto reshape = dyn_cast<shlo::ReshapeOp>(op))
    return getReshapeRule(reshape);
  if (auto dot = dyn_cast<shlo::DotGeneralOp>(op))
    return getDotRule(dot);
  if (auto reduce = dyn_cast<shlo::ReduceOp>(op))
    return getReduceRule(reduce);
  if (auto concatenate = dyn_cast<shlo::ConcatenateOp>(op))
    return getConcatenateRule(concatenate);
  if (auto convolution = dyn_cast<shlo::ConvolutionOp>(op))
    return getConvolutionRule(convolution);
  if (auto window = dyn_cast<shlo::ReduceWindowOp>(op))
    return getReduceWindowRule(window);
  if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
    ArrayRef<int64_t> in = *getStaticShape(slice.getOperand().getType());
    return getSameRankRule(op, 0, [&](int64_t d) {
      return slice.getStartIndices()[d] == 0 &&
             slice.getLimitIndices()[d] == in[d] && slice.getStrides()[d] == 1;
    });
  }
  if (auto pad = dyn_cast<shlo::PadOp>(op))
    return getSameRankRule(op, 0, [&](int64_t d) {
      return pad.getEdgePaddingLow()[d] == 0 &&
             pad.getEdgePaddingHigh()[d] == 0 &&
             pad.getInteriorPadding()[d] == 0;
    });
  if (auto reverse = dyn_cast<shlo::ReverseOp>(op))
    return getSameRankRule(op, 0, [&](int64_t d) {
      return !llvm::is_contained(reverse.getDimensions(), d);
    });
  if (auto slice = dyn_cast<shlo::DynamicSliceOp>(op)) {
    ArrayRef<int64_t> in = *getStaticShape(slice.getOperand().getType());
    return getSameRankRule(
        op, 0, [&](int64_t d) { return slice.getSliceSizes()[d] == in[d]; });
  }
  if (auto gather = dyn_cast<shlo::GatherOp>(op))
    return getGatherRule(gather);
  if (auto scatter = dyn_cast<shlo::ScatterOp>(op))
    return getScatterRule(scatter);
  if (auto update = dyn_cast<shlo::DynamicUpdateSliceOp>(op))
    return getDynamicUpdateSliceRule(update);
  if (auto sort = dyn_cast<shlo::SortOp>(op)) {
    ArrayRef<int64_t> in = *getStaticShape(op->getOperand(0).getType());
    ShardingRule rule;
    TensorFactors all(in.size());
    for (auto [d, size] : llvm::enumerate(in))
      if (d != sort.getDimension())
        all[d] = {rule.addFactor(size)};
    rule.operands.assign(op->getNumOperands(), all);
    rule.results.assign(op->getNumResults(), all);
    return rule;
  }
  return std::nullopt;
}

bool hlox::hasPartitionedRegions(Operation *op) {
  return isa<shlo::WhileOp, shlo::IfOp, shlo::CaseOp>(op);
}
