//===- ChannelsLast.cpp - Convolutions and their neighbours in NHWC -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// PyTorch exports convolutions in NCHW. On a CPU the channels are better
// innermost: the library's convolutions read and write NHWC without
// converting layouts around each call, and a max pool or a per-channel
// batch norm vectorizes along the channels. This pass rewrites each 2-d
// NCHW/OIHW convolution into an NHWC one that keeps its OIHW kernel, with
// transposes around it, then moves the transposes of results down through
// what is indifferent to the layout (elementwise ops, broadcasts of
// per-channel parameters, pads, window reductions, reductions) until they
// meet the next convolution's transpose and cancel. What is left are the
// transposes at the program's edges.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-channels-last"

namespace hlox {
#define GEN_PASS_DEF_HLOXCHANNELSLAST
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// NCHW to NHWC, and back.
constexpr int64_t kToChannelsLast[] = {0, 2, 3, 1};
constexpr int64_t kToChannelsFirst[] = {0, 3, 1, 2};

/// `type` with its dimensions permuted as a transpose by `permutation`
/// would: dimension k of the result is dimension permutation[k].
RankedTensorType permuteType(RankedTensorType type,
                             ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(type.getDimSize(dim));
  return RankedTensorType::get(shape, type.getElementType());
}

/// The type whose transpose by `permutation` is `type`.
RankedTensorType unpermuteType(RankedTensorType type,
                               ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> shape(type.getRank());
  for (auto [k, dim] : llvm::enumerate(permutation))
    shape[dim] = type.getDimSize(k);
  return RankedTensorType::get(shape, type.getElementType());
}

/// `values` (one per dimension of a transpose's result) as they are for
/// its operand: entry permutation[k] is values[k].
template <typename T>
SmallVector<T> unpermute(ArrayRef<T> values, ArrayRef<int64_t> permutation) {
  SmallVector<T> result(values.size());
  for (auto [k, dim] : llvm::enumerate(permutation))
    result[dim] = values[k];
  return result;
}

/// Marks the transposes back to NCHW that this pass makes (and moves),
/// until it ends.
constexpr llvm::StringLiteral kMovedAttr = "hlox.channels_last";

Value transpose(PatternRewriter &rewriter, Location loc, Value value,
                ArrayRef<int64_t> permutation) {
  auto type = cast<RankedTensorType>(value.getType());
  auto op = shlo::TransposeOp::create(
      rewriter, loc, permuteType(type, permutation), value,
      rewriter.getDenseI64ArrayAttr(permutation));
  if (permutation == ArrayRef<int64_t>(kToChannelsFirst))
    op->setAttr(kMovedAttr, rewriter.getUnitAttr());
  return op.getResult();
}

/// A 2-d convolution in NCHW with an OIHW kernel becomes an NHWC one with
/// the same kernel, between transposes of its input and its result.
struct ConvolutionToChannelsLast
    : public OpRewritePattern<shlo::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::ConvolutionOp op,
                                PatternRewriter &rewriter) const override {
    auto input = dyn_cast<RankedTensorType>(op.getLhs().getType());
    auto result = dyn_cast<RankedTensorType>(op.getType());
    if (!input || !result || input.getRank() != 4 ||
        !input.hasStaticShape() || !result.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "not a static 2-d convolution");
    auto dims = op.getDimensionNumbers();
    static constexpr int64_t kSpatial[] = {2, 3};
    ArrayRef<int64_t> spatial = kSpatial;
    if (dims.getInputBatchDimension() != 0 ||
        dims.getInputFeatureDimension() != 1 ||
        dims.getInputSpatialDimensions() != spatial ||
        dims.getKernelOutputFeatureDimension() != 0 ||
        dims.getKernelInputFeatureDimension() != 1 ||
        dims.getKernelSpatialDimensions() != spatial ||
        dims.getOutputBatchDimension() != 0 ||
        dims.getOutputFeatureDimension() != 1 ||
        dims.getOutputSpatialDimensions() != spatial)
      return rewriter.notifyMatchFailure(op, "not NCHW/OIHW");
    Location loc = op.getLoc();
    Value nhwc = transpose(rewriter, loc, op.getLhs(), kToChannelsLast);
    auto channelsLast = shlo::ConvDimensionNumbersAttr::get(
        rewriter.getContext(), /*inputBatch=*/0, /*inputFeature=*/3,
        /*inputSpatial=*/{1, 2}, /*kernelInputFeature=*/1,
        /*kernelOutputFeature=*/0, /*kernelSpatial=*/{2, 3},
        /*outputBatch=*/0, /*outputFeature=*/3, /*outputSpatial=*/{1, 2});
    Operation *conv = rewriter.clone(*op);
    conv->setOperand(0, nhwc);
    conv->setAttr(op.getDimensionNumbersAttrName(), channelsLast);
    conv->getResult(0).setType(permuteType(result, kToChannelsLast));
    rewriter.replaceOp(
        op, transpose(rewriter, loc, conv->getResult(0), kToChannelsFirst));
    return success();
  }
};

/// transpose(transpose(x, p), q) is transpose(x, p o q), or x.
struct ComposeTransposes : public OpRewritePattern<shlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<shlo::TransposeOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> first = inner.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t dim : op.getPermutation())
      composed.push_back(first[dim]);
    if (llvm::equal(composed, llvm::seq<int64_t>(0, composed.size()))) {
      rewriter.replaceOp(op, inner.getOperand());
      return success();
    }
    rewriter.replaceOpWithNewOp<shlo::TransposeOp>(
        op, op.getType(), inner.getOperand(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};

/// A broadcast_in_dim that keeps its operand's shape and order is its
/// operand (PyTorch's exports have one before most elementwise ops).
struct DropIdentityBroadcast
    : public OpRewritePattern<shlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getOperand().getType() != op.getType() ||
        !llvm::equal(op.getBroadcastDimensions(),
                     llvm::seq<int64_t>(0, op.getBroadcastDimensions().size())))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

/// The transpose back to NCHW that this pass put after a convolution, if
/// it defines `value`: only those move (a program's own transposes stay
/// where its author put them).
shlo::TransposeOp getChannelsFirst(Value value) {
  auto transpose = value.getDefiningOp<shlo::TransposeOp>();
  if (!transpose || !transpose->hasAttr(kMovedAttr))
    return nullptr;
  return transpose;
}

/// An elementwise op whose operands are transposes by one permutation,
/// broadcasts or splat constants computes on the transposes' operands,
/// with the broadcasts and constants laid out alike, and its result is
/// transposed instead.
struct SinkThroughElementwise : public RewritePattern {
  SinkThroughElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() ||
        !isa_and_nonnull<shlo::StableHLODialect>(op->getDialect()) ||
        op->getNumResults() != 1 || op->getNumRegions() != 0)
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || !type.hasStaticShape())
      return failure();
    if (llvm::none_of(op->getOperands(),
                      [](Value operand) { return getChannelsFirst(operand); }))
      return failure();
    ArrayRef<int64_t> perm = kToChannelsFirst;
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      auto operandType = dyn_cast<RankedTensorType>(operand.getType());
      if (!operandType || operandType.getShape() != type.getShape())
        return failure();
      if (shlo::TransposeOp transpose = getChannelsFirst(operand)) {
        operands.push_back(transpose.getOperand());
        continue;
      }
      RankedTensorType laidOut = unpermuteType(operandType, perm);
      if (auto broadcast = operand.getDefiningOp<shlo::BroadcastInDimOp>()) {
        // Operand dimension m lands on result dimension dims[m], which is
        // dimension perm[dims[m]] of the transpose's operand.
        SmallVector<int64_t> dims;
        for (int64_t dim : broadcast.getBroadcastDimensions())
          dims.push_back(perm[dim]);
        operands.push_back(shlo::BroadcastInDimOp::create(
            rewriter, broadcast.getLoc(), laidOut, broadcast.getOperand(),
            rewriter.getDenseI64ArrayAttr(dims)));
        continue;
      }
      DenseElementsAttr splat;
      if (matchPattern(operand, m_Constant(&splat)) && splat.isSplat()) {
        operands.push_back(shlo::ConstantOp::create(
            rewriter, operand.getLoc(), laidOut, splat.reshape(laidOut)));
        continue;
      }
      return failure();
    }
    Operation *moved = rewriter.clone(*op);
    moved->setOperands(operands);
    moved->getResult(0).setType(unpermuteType(type, perm));
    rewriter.replaceOp(
        op, transpose(rewriter, op->getLoc(), moved->getResult(0), perm));
    return success();
  }
};

/// pad(transpose(x)) is transpose(pad(x)) with the paddings permuted.
struct SinkThroughPad : public OpRewritePattern<shlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::PadOp op,
                                PatternRewriter &rewriter) const override {
    shlo::TransposeOp transposed = getChannelsFirst(op.getOperand());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!transposed || !type)
      return failure();
    ArrayRef<int64_t> perm = transposed.getPermutation();
    auto pad = shlo::PadOp::create(
        rewriter, op.getLoc(), unpermuteType(type, perm),
        transposed.getOperand(), op.getPaddingValue(),
        rewriter.getDenseI64ArrayAttr(
            unpermute(op.getEdgePaddingLow(), perm)),
        rewriter.getDenseI64ArrayAttr(
            unpermute(op.getEdgePaddingHigh(), perm)),
        rewriter.getDenseI64ArrayAttr(
            unpermute(op.getInteriorPadding(), perm)));
    rewriter.replaceOp(op, transpose(rewriter, op.getLoc(), pad, perm));
    return success();
  }
};

/// reduce_window(transpose(x)) is transpose(reduce_window(x)) with the
/// window's attributes permuted (one input).
struct SinkThroughReduceWindow
    : public OpRewritePattern<shlo::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::ReduceWindowOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    shlo::TransposeOp transposed = getChannelsFirst(op.getInputs()[0]);
    auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!transposed || !type)
      return failure();
    ArrayRef<int64_t> perm = transposed.getPermutation();
    auto permuteArray = [&](std::optional<ArrayRef<int64_t>> values)
        -> DenseI64ArrayAttr {
      if (!values)
        return nullptr;
      return rewriter.getDenseI64ArrayAttr(unpermute(*values, perm));
    };
    Operation *moved = rewriter.clone(*op);
    auto window = cast<shlo::ReduceWindowOp>(moved);
    window->setOperand(0, transposed.getOperand());
    window.setWindowDimensionsAttr(permuteArray(op.getWindowDimensions()));
    if (DenseI64ArrayAttr strides = permuteArray(op.getWindowStrides()))
      window.setWindowStridesAttr(strides);
    if (DenseI64ArrayAttr dilations = permuteArray(op.getBaseDilations()))
      window.setBaseDilationsAttr(dilations);
    if (DenseI64ArrayAttr dilations = permuteArray(op.getWindowDilations()))
      window.setWindowDilationsAttr(dilations);
    if (std::optional<DenseIntElementsAttr> padding = op.getPadding()) {
      SmallVector<int64_t> rows = llvm::to_vector(padding->getValues<int64_t>());
      SmallVector<int64_t> permuted(rows.size());
      for (auto [k, dim] : llvm::enumerate(perm)) {
        permuted[2 * dim] = rows[2 * k];
        permuted[2 * dim + 1] = rows[2 * k + 1];
      }
      window.setPaddingAttr(DenseIntElementsAttr::get(padding->getType(),
                                                      permuted));
    }
    window->getResult(0).setType(unpermuteType(type, perm));
    rewriter.replaceOp(
        op, transpose(rewriter, op.getLoc(), window->getResult(0), perm));
    return success();
  }
};

/// reduce(transpose(x)) over some dimensions is reduce(x) over the same
/// dimensions of x, when the dimensions left keep their order (a global
/// pool over H and W: [N, C] either way).
struct SinkThroughReduce : public OpRewritePattern<shlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    shlo::TransposeOp transposed = getChannelsFirst(op.getInputs()[0]);
    if (!transposed)
      return failure();
    ArrayRef<int64_t> perm = transposed.getPermutation();
    ArrayRef<int64_t> reduced = op.getDimensions();
    SmallVector<int64_t> dims, kept;
    for (auto [k, dim] : llvm::enumerate(perm)) {
      if (llvm::is_contained(reduced, static_cast<int64_t>(k)))
        dims.push_back(dim);
      else
        kept.push_back(dim);
    }
    if (!llvm::is_sorted(kept))
      return failure();
    llvm::sort(dims);
    Operation *moved = rewriter.clone(*op);
    auto reduce = cast<shlo::ReduceOp>(moved);
    reduce->setOperand(0, transposed.getOperand());
    reduce.setDimensionsAttr(rewriter.getDenseI64ArrayAttr(dims));
    rewriter.replaceOp(op, reduce->getResults());
    return success();
  }
};

class ChannelsLastPass
    : public hlox::impl::HloxChannelsLastBase<ChannelsLastPass> {
public:
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<ConvolutionToChannelsLast, ComposeTransposes,
                 DropIdentityBroadcast, SinkThroughElementwise, SinkThroughPad,
                 SinkThroughReduceWindow, SinkThroughReduce>(context);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      return signalPassFailure();
    getOperation()->walk(
        [](shlo::TransposeOp op) { op->removeAttr(kMovedAttr); });
  }
};

} // namespace
