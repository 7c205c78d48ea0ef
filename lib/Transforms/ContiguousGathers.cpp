//===- ContiguousGathers.cpp - Gathers that read contiguous slices --------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-contiguous-gathers"

namespace hlox {
#define GEN_PASS_DEF_HLOXCONTIGUOUSGATHERS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// The fewest elements a gather's slices must hold for a transpose of its
/// operand to pay: below this the strided reads are few.
constexpr int64_t kMinSliceElements = 4;

/// gather(x) whose slices run along dimensions of x that are not its
/// innermost (the innermost is indexed, with slices of size 1) ->
/// gather(transpose(x)) with those dimensions innermost, in their order.
/// Each slice is then contiguous in memory instead of one element per
/// cache line. The output is the same: a gather's offset dimensions follow
/// the operand's order of its sliced dimensions, which the transpose keeps.
struct GatherOfStridedSlicesToTransposedOperand final
    : OpRewritePattern<shlo::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    auto operandType =
        dyn_cast<RankedTensorType>(gather.getOperand().getType());
    auto resultType = dyn_cast<RankedTensorType>(gather.getType());
    if (!operandType || !resultType || !operandType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(gather, "dynamic shapes");
    shlo::GatherDimensionNumbersAttr dims = gather.getDimensionNumbers();
    int64_t rank = operandType.getRank();
    ArrayRef<int64_t> sizes = gather.getSliceSizes();
    // Sliced (offset) dimensions: neither collapsed nor batching.
    SmallVector<bool> offset(rank, true);
    for (int64_t d : dims.getCollapsedSliceDims())
      offset[d] = false;
    for (int64_t d : dims.getOperandBatchingDims())
      offset[d] = false;
    // The new order: the others, then the offset dimensions, each in order.
    SmallVector<int64_t> permutation;
    for (int64_t d = 0; d < rank; ++d)
      if (!offset[d])
        permutation.push_back(d);
    int64_t sliceElements = 1;
    for (int64_t d = 0; d < rank; ++d)
      if (offset[d]) {
        permutation.push_back(d);
        sliceElements *= sizes[d];
      }
    if (llvm::equal(permutation, llvm::seq<int64_t>(0, rank)))
      return rewriter.notifyMatchFailure(gather, "slices already innermost");
    if (offset[rank - 1] || sliceElements < kMinSliceElements)
      return rewriter.notifyMatchFailure(gather, "few strided reads");
    // The transpose reads and writes the operand once; it pays when the
    // gather reads at least as much.
    if (resultType.getNumElements() < operandType.getNumElements())
      return rewriter.notifyMatchFailure(gather, "reads less than a transpose");
    SmallVector<int64_t> position(rank);
    for (auto [i, d] : llvm::enumerate(permutation))
      position[d] = static_cast<int64_t>(i);
    auto remap = [&](ArrayRef<int64_t> operandDims) {
      SmallVector<int64_t> out;
      for (int64_t d : operandDims)
        out.push_back(position[d]);
      return out;
    };
    SmallVector<int64_t> shape, newSizes;
    for (int64_t d : permutation) {
      shape.push_back(operandType.getDimSize(d));
      newSizes.push_back(sizes[d]);
    }
    Location loc = gather.getLoc();
    Value transposed = shlo::TransposeOp::create(
        rewriter, loc, operandType.clone(shape), gather.getOperand(),
        rewriter.getDenseI64ArrayAttr(permutation));
    auto newDims = shlo::GatherDimensionNumbersAttr::get(
        getContext(), dims.getOffsetDims(),
        remap(dims.getCollapsedSliceDims()),
        remap(dims.getOperandBatchingDims()),
        dims.getStartIndicesBatchingDims(), remap(dims.getStartIndexMap()),
        dims.getIndexVectorDim());
    rewriter.replaceOpWithNewOp<shlo::GatherOp>(
        gather, resultType, transposed, gather.getStartIndices(), newDims,
        rewriter.getDenseI64ArrayAttr(newSizes),
        gather.getIndicesAreSortedAttr());
    return success();
  }
};

class ContiguousGathersPass
    : public hlox::impl::HloxContiguousGathersBase<ContiguousGathersPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<GatherOfStridedSlicesToTransposedOperand>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
