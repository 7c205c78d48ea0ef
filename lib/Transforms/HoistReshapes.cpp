//===- HoistReshapes.cpp - Split dimensions where they are computed ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A reshape that splits one dimension of a contraction's result (through
// elementwise ops and broadcasts: a bias added, an activation) is done on
// the contraction's operand instead, so that the contraction computes the
// split dimensions itself. A fused q|k|v projection, x . W of 3 x heads x
// head-size columns then reshaped to [..., 3, heads, head-size], becomes
// x . reshape(W) with those three free dimensions: a sharding of the heads
// reaches the product, which then computes each device's heads only (the
// 2304 columns could not carry it: a device's heads are not one block of
// them).
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-hoist-reshapes"

namespace hlox {
#define GEN_PASS_DEF_HLOXHOISTRESHAPES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Dimension `dim` split in place into `sizes` (row-major: the same
/// elements in the same order).
struct Split {
  int64_t dim;
  SmallVector<int64_t> sizes;

  int64_t extra() const { return static_cast<int64_t>(sizes.size()) - 1; }

  SmallVector<int64_t> apply(ArrayRef<int64_t> shape) const {
    SmallVector<int64_t> result(shape.take_front(dim));
    result.append(sizes);
    result.append(shape.begin() + dim + 1, shape.end());
    return result;
  }
  /// Where dimension `d` of the unsplit shape is in the split one (the
  /// first of the split dimensions for `dim`).
  int64_t map(int64_t d) const { return d > dim ? d + extra() : d; }
};

/// The split a reshape from `in` to `out` makes, when it splits exactly
/// one dimension into several.
std::optional<Split> getSplit(ArrayRef<int64_t> in, ArrayRef<int64_t> out) {
  if (out.size() <= in.size())
    return std::nullopt;
  size_t d = 0;
  while (d < in.size() && in[d] == out[d])
    ++d;
  if (d == in.size())
    return std::nullopt;
  size_t extra = out.size() - in.size();
  int64_t product = 1;
  for (size_t k = d; k <= d + extra; ++k)
    product *= out[k];
  if (product != in[d])
    return std::nullopt;
  for (size_t k = d + 1; k < in.size(); ++k)
    if (in[k] != out[k + extra])
      return std::nullopt;
  return Split{
      static_cast<int64_t>(d),
      SmallVector<int64_t>(out.begin() + d, out.begin() + d + extra + 1)};
}

RankedTensorType getStaticType(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

bool isElementwise(Operation *op) {
  if (op->getNumRegions() != 0 || op->getNumResults() != 1)
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<shlo::SelectOp, shlo::ClampOp, shlo::ConvertOp>(op);
}

/// The operand (0: lhs, 1: rhs) and dimension of `dot` that result
/// dimension `dim` comes from, when it is a free dimension.
std::optional<std::pair<unsigned, int64_t>>
getFreeOperandDim(shlo::DotGeneralOp dot, int64_t dim) {
  auto numbers = dot.getDotDimensionNumbers();
  int64_t r = static_cast<int64_t>(numbers.getLhsBatchingDimensions().size());
  if (dim < r)
    return std::nullopt;
  for (auto [index, operand, batch, contracting] :
       {std::make_tuple(0u, Value(dot.getLhs()),
                        numbers.getLhsBatchingDimensions(),
                        numbers.getLhsContractingDimensions()),
        std::make_tuple(1u, Value(dot.getRhs()),
                        numbers.getRhsBatchingDimensions(),
                        numbers.getRhsContractingDimensions())}) {
    int64_t rank = cast<RankedTensorType>(operand.getType()).getRank();
    for (int64_t d = 0; d < rank; ++d) {
      if (llvm::is_contained(batch, d) || llvm::is_contained(contracting, d))
        continue;
      if (r++ == dim)
        return std::make_pair(index, d);
    }
  }
  return std::nullopt;
}

/// Moves reshapes that split a contraction's result dimension onto the
/// contraction's operand, through the elementwise ops, broadcasts and
/// splat constants between them.
struct HoistSplittingReshape final : OpRewritePattern<shlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Whether `value` can be produced split by its defining op (which only
  /// this chain uses); sets `reachesDot` when a contraction takes it.
  bool canSplit(Value value, const Split &split, bool &reachesDot) const {
    Operation *def = value.getDefiningOp();
    if (!def || !value.hasOneUse() || !getStaticType(value))
      return false;
    if (auto dot = dyn_cast<shlo::DotGeneralOp>(def)) {
      if (!getStaticType(dot.getLhs()) || !getStaticType(dot.getRhs()) ||
          !getFreeOperandDim(dot, split.dim))
        return false;
      reachesDot = true;
      return true;
    }
    if (auto broadcast = dyn_cast<shlo::BroadcastInDimOp>(def))
      return static_cast<bool>(getStaticType(broadcast.getOperand()));
    if (auto constant = dyn_cast<shlo::ConstantOp>(def))
      return isa<SplatElementsAttr>(constant.getValue());
    if (!isElementwise(def))
      return false;
    for (Value operand : def->getOperands()) {
      RankedTensorType type = getStaticType(operand);
      if (!type)
        return false;
      if (type.getRank() == 0)
        continue;
      if (type.getShape() != getStaticType(value).getShape() ||
          !canSplit(operand, split, reachesDot))
        return false;
    }
    return true;
  }

  Value reshape(PatternRewriter &rewriter, Location loc, Value value,
                const Split &split) const {
    RankedTensorType type = getStaticType(value);
    return shlo::ReshapeOp::create(
        rewriter, loc,
        RankedTensorType::get(split.apply(type.getShape()),
                              type.getElementType()),
        value);
  }

  /// `value` computed split by a copy of its defining op (canSplit).
  Value buildSplit(PatternRewriter &rewriter, Value value,
                   const Split &split) const {
    Operation *def = value.getDefiningOp();
    Location loc = def->getLoc();
    RankedTensorType type = getStaticType(value);
    auto splitType = RankedTensorType::get(split.apply(type.getShape()),
                                           type.getElementType());
    if (auto dot = dyn_cast<shlo::DotGeneralOp>(def)) {
      auto [index, dim] = *getFreeOperandDim(dot, split.dim);
      Split operandSplit{dim, split.sizes};
      SmallVector<Value> operands = {dot.getLhs(), dot.getRhs()};
      operands[index] = reshape(rewriter, loc, operands[index], operandSplit);
      auto numbers = dot.getDotDimensionNumbers();
      auto shift = [&](ArrayRef<int64_t> dims, bool shifted) {
        SmallVector<int64_t> result;
        for (int64_t d : dims)
          result.push_back(shifted ? operandSplit.map(d) : d);
        return result;
      };
      auto newNumbers = shlo::DotDimensionNumbersAttr::get(
          rewriter.getContext(),
          shift(numbers.getLhsBatchingDimensions(), index == 0),
          shift(numbers.getRhsBatchingDimensions(), index == 1),
          shift(numbers.getLhsContractingDimensions(), index == 0),
          shift(numbers.getRhsContractingDimensions(), index == 1));
      OperationState state(loc, dot->getName());
      state.addOperands(operands);
      state.addTypes(splitType);
      state.addAttributes(dot->getAttrs());
      state.attributes.set("dot_dimension_numbers", newNumbers);
      return rewriter.create(state)->getResult(0);
    }
    if (auto broadcast = dyn_cast<shlo::BroadcastInDimOp>(def)) {
      Value operand = broadcast.getOperand();
      ArrayRef<int64_t> in = getStaticType(operand).getShape();
      // Result dimensions after the split one move by its extra
      // dimensions; the operand dimension that becomes the split one maps
      // to all of them.
      SmallVector<int64_t> dims;
      for (auto [j, d] : llvm::enumerate(broadcast.getBroadcastDimensions())) {
        if (d != split.dim) {
          dims.push_back(split.map(d));
          continue;
        }
        // The operand dimension that becomes the split one splits alike
        // (into ones where it is broadcast along it).
        Split operandSplit{static_cast<int64_t>(j), split.sizes};
        if (in[j] != type.getDimSize(d))
          operandSplit.sizes.assign(split.sizes.size(), 1);
        operand = reshape(rewriter, loc, operand, operandSplit);
        for (int64_t k = 0; k <= split.extra(); ++k)
          dims.push_back(d + k);
      }
      return shlo::BroadcastInDimOp::create(
          rewriter, loc, splitType, operand,
          rewriter.getDenseI64ArrayAttr(dims));
    }
    if (auto constant = dyn_cast<shlo::ConstantOp>(def))
      return shlo::ConstantOp::create(
          rewriter, loc, splitType,
          cast<SplatElementsAttr>(constant.getValue()).resizeSplat(splitType));
    OperationState state(loc, def->getName());
    for (Value operand : def->getOperands())
      state.addOperands(getStaticType(operand).getRank() == 0
                            ? operand
                            : buildSplit(rewriter, operand, split));
    state.addTypes(splitType);
    state.addAttributes(def->getAttrs());
    return rewriter.create(state)->getResult(0);
  }

  LogicalResult matchAndRewrite(shlo::ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType in = getStaticType(op.getOperand());
    RankedTensorType out = getStaticType(op.getResult());
    if (!in || !out)
      return rewriter.notifyMatchFailure(op, "dynamic shapes");
    std::optional<Split> split = getSplit(in.getShape(), out.getShape());
    if (!split)
      return rewriter.notifyMatchFailure(op, "not a split of one dimension");
    bool reachesDot = false;
    if (!canSplit(op.getOperand(), *split, reachesDot) || !reachesDot)
      return rewriter.notifyMatchFailure(
          op, "no contraction computes the dimension");
    rewriter.replaceOp(op, buildSplit(rewriter, op.getOperand(), *split));
    return success();
  }
};

class HoistReshapesPass final
    : public hlox::impl::HloxHoistReshapesBase<HoistReshapesPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<HoistSplittingReshape>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
