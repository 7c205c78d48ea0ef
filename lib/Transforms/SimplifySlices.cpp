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

class SimplifySlicesPass
    : public hlox::impl::HloxSimplifySlicesBase<SimplifySlicesPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SliceOfBroadcastToBroadcastOfSlice>(&getContext());
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
