//===- SimplifySlices.cpp - Slices of broadcasts as broadcasts of slices --===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-simplify-slices"

namespace hlox {
#define GEN_PASS_DEF_HLOXSIMPLIFYSLICES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// slice(broadcast_in_dim(x)) -> broadcast_in_dim(slice(x)).
struct SliceOfBroadcastToBroadcastOfSlice final
    : OpRewritePattern<shlo::SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::SliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto broadcast = slice.getOperand().getDefiningOp<shlo::BroadcastInDimOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(slice, "not a slice of a broadcast");
    auto operandType =
        dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
    auto resultType = dyn_cast<RankedTensorType>(slice.getType());
    if (!operandType || !resultType || !operandType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(slice, "dynamic shapes");
    ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
    ArrayRef<int64_t> start = slice.getStartIndices(),
                      limit = slice.getLimitIndices(),
                      strides = slice.getStrides();
    int64_t rank = operandType.getRank();
    SmallVector<int64_t> newStart(rank, 0), newLimit(operandType.getShape()),
        newStrides(rank, 1), newShape(operandType.getShape());
    for (auto [i, dim] : llvm::enumerate(dims)) {
      // A size-1 operand dimension broadcast along the result's stays.
      if (operandType.getDimSize(i) == 1)
        continue;
      newStart[i] = start[dim];
      newLimit[i] = limit[dim];
      newStrides[i] = strides[dim];
      newShape[i] = resultType.getDimSize(dim);
    }
    // Only broadcast dimensions are cut: the broadcast makes the slice.
    if (newShape == SmallVector<int64_t>(operandType.getShape())) {
      rewriter.replaceOpWithNewOp<shlo::BroadcastInDimOp>(
          slice, resultType, broadcast.getOperand(),
          broadcast.getBroadcastDimensionsAttr());
      return success();
    }
    auto sliced = shlo::SliceOp::create(
        rewriter, slice.getLoc(),
        RankedTensorType::get(newShape, operandType.getElementType()),
        broadcast.getOperand(), rewriter.getDenseI64ArrayAttr(newStart),
        rewriter.getDenseI64ArrayAttr(newLimit),
        rewriter.getDenseI64ArrayAttr(newStrides));
    rewriter.replaceOpWithNewOp<shlo::BroadcastInDimOp>(
        slice, resultType, sliced, broadcast.getBroadcastDimensionsAttr());
    return success();
  }
};

/// reshape(broadcast_in_dim(x)) -> broadcast_in_dim(x) when the reshape
/// only drops or inserts size-1 dimensions: the slice of a broadcast
/// (above) then reshaped to drop the sliced dimension is a broadcast of its
/// own, which fuses into its users, instead of a tensor in memory.
struct ReshapeOfBroadcastToBroadcast final : OpRewritePattern<shlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    auto broadcast =
        reshape.getOperand().getDefiningOp<shlo::BroadcastInDimOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(reshape, "not of a broadcast");
    auto from = dyn_cast<RankedTensorType>(broadcast.getType());
    auto to = dyn_cast<RankedTensorType>(reshape.getType());
    auto operandType =
        dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
    if (!from || !to || !operandType || !from.hasStaticShape() ||
        !to.hasStaticShape() || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(reshape, "dynamic shapes");
    // Match the dimensions that are not 1 in order; every other dimension
    // on either side must be 1.
    SmallVector<int64_t> fromDims, toDims;
    for (int64_t d = 0; d < from.getRank(); ++d)
      if (from.getDimSize(d) != 1)
        fromDims.push_back(d);
    for (int64_t d = 0; d < to.getRank(); ++d)
      if (to.getDimSize(d) != 1)
        toDims.push_back(d);
    if (fromDims.size() != toDims.size())
      return rewriter.notifyMatchFailure(reshape, "not only unit dimensions");
    SmallVector<int64_t> target(from.getRank(), -1);
    for (auto [f, t] : llvm::zip(fromDims, toDims)) {
      if (from.getDimSize(f) != to.getDimSize(t))
        return rewriter.notifyMatchFailure(reshape, "not only unit dimensions");
      target[f] = t;
    }
    // Where each operand dimension goes; an operand dimension of size 1
    // whose result dimension the reshape drops is dropped from the operand
    // too.
    ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
    SmallVector<int64_t> newDims, operandShape;
    for (auto [i, dim] : llvm::enumerate(dims)) {
      if (target[dim] < 0) {
        if (operandType.getDimSize(i) != 1)
          return rewriter.notifyMatchFailure(reshape, "drops data");
        continue;
      }
      // An operand dimension of size 1 broadcast along a larger one stays.
      newDims.push_back(target[dim]);
      operandShape.push_back(operandType.getDimSize(i));
    }
    if (!llvm::is_sorted(newDims))
      return rewriter.notifyMatchFailure(reshape, "would transpose");
    Value operand = broadcast.getOperand();
    if (static_cast<int64_t>(operandShape.size()) != operandType.getRank())
      operand = shlo::ReshapeOp::create(
          rewriter, reshape.getLoc(), operandType.clone(operandShape), operand);
    rewriter.replaceOpWithNewOp<shlo::BroadcastInDimOp>(
        reshape, to, operand, rewriter.getDenseI64ArrayAttr(newDims));
    return success();
  }
};

class SimplifySlicesPass
    : public hlox::impl::HloxSimplifySlicesBase<SimplifySlicesPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns
        .add<SliceOfBroadcastToBroadcastOfSlice, ReshapeOfBroadcastToBroadcast>(
            &getContext());
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
