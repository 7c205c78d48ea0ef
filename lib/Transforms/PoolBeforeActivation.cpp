//===- PoolBeforeActivation.cpp - Max pools ahead of their ReLUs ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A window maximum of f(x), for f non-decreasing, is f of the window maximum
// of x: f keeps the order of its arguments, so the largest f(x_i) is f of
// the largest x_i. Computing f after the pool applies it to the pool's
// result, a fraction of its input (a quarter for a 3x3/2 pool): the ReLU
// after ResNet's stem convolution then runs on 56x56 pixels, not 112x112.
// The same holds for minimum windows.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"
#include "hlox/Transforms/WindowPatterns.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace hlox {
#define GEN_PASS_DEF_HLOXPOOLBEFOREACTIVATION
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Whether every window of `op` holds at least one element of `source`,
/// its input or what `pad` (null when there is none) pads into its input,
/// and nothing else but the init value: no dilation, and at most a
/// window's extent less one of padding per side, `pad`'s and the window's
/// together. The padding (the init value, which the reduction ignores)
/// then never makes up a whole window.
bool windowsHoldSource(shlo::ReduceWindowOp op, shlo::PadOp pad, Value source) {
  auto type = dyn_cast<RankedTensorType>(source.getType());
  if (!type || !type.hasStaticShape())
    return false;
  if (!hlox::isAbsentOrOnes(op.getBaseDilations()) ||
      !hlox::isAbsentOrOnes(op.getWindowDilations()))
    return false;
  ArrayRef<int64_t> window = op.getWindowDimensions();
  SmallVector<int64_t> padding(2 * window.size(), 0);
  if (std::optional<DenseIntElementsAttr> attr = op.getPadding())
    padding = llvm::to_vector(attr->getValues<int64_t>());
  if (pad) {
    for (auto [d, low] : llvm::enumerate(pad.getEdgePaddingLow()))
      padding[2 * d] += low;
    for (auto [d, high] : llvm::enumerate(pad.getEdgePaddingHigh()))
      padding[2 * d + 1] += high;
  }
  for (auto [d, size] : llvm::enumerate(window))
    for (int64_t side : {padding[2 * d], padding[2 * d + 1]})
      if (type.getDimSize(d) < 1 || side < 0 || side > size - 1)
        return false;
  return true;
}

/// Whether `value` holds one value throughout: a scalar, a splat constant
/// or a broadcast of a scalar.
bool isSplatLike(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return false;
  if (type.getRank() == 0)
    return true;
  if (auto broadcast = value.getDefiningOp<shlo::BroadcastInDimOp>())
    return cast<RankedTensorType>(broadcast.getOperand().getType()).getRank() ==
           0;
  DenseElementsAttr splat;
  return matchPattern(value, m_Constant(&splat)) && splat.isSplat();
}

/// Splat-like `value` (see isSplatLike) with `type`'s shape.
Value reshapeSplat(PatternRewriter &rewriter, Location loc, Value value,
                   RankedTensorType type) {
  auto valueType = cast<RankedTensorType>(value.getType());
  if (valueType.getRank() == 0)
    return value;
  RankedTensorType reshaped = type.clone(valueType.getElementType());
  if (auto broadcast = value.getDefiningOp<shlo::BroadcastInDimOp>())
    return shlo::BroadcastInDimOp::create(rewriter, loc, reshaped,
                                          broadcast.getOperand(),
                                          rewriter.getDenseI64ArrayAttr({}));
  DenseElementsAttr splat;
  matchPattern(value, m_Constant(&splat));
  return shlo::ConstantOp::create(
      rewriter, loc, reshaped,
      DenseElementsAttr::get(reshaped, splat.getSplatValue<Attribute>()));
}

/// reduce_window(f(x)) -> f(reduce_window(x)) for a max or min window with
/// the identity as its init value and f one of maximum(x, c),
/// minimum(x, c), clamp(lo, x, hi) with splat c, lo and hi.
struct PoolBeforeActivation : public OpRewritePattern<shlo::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::ReduceWindowOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    std::optional<hlox::WindowKind> kind = hlox::getWindowKind(op);
    auto inputType = cast<RankedTensorType>(op.getInputs()[0].getType());
    auto floatType = dyn_cast<FloatType>(inputType.getElementType());
    if (!kind || !floatType)
      return failure();
    // The window's identity: -inf for a maximum (+inf for a minimum), or
    // the most negative (positive) finite value of a type without
    // infinities (f4E2M1FN, f6E2M3FN, ...).
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    bool negative = *kind == hlox::WindowKind::Max;
    APFloat identity = APFloat::semanticsHasInf(semantics)
                           ? APFloat::getInf(semantics, negative)
                           : APFloat::getLargest(semantics, negative);
    if (!hlox::isFloatSplat(op.getInitValues()[0], identity))
      return failure();

    // An explicit pad with the init value (as PyTorch exports a padded
    // pool) counts as the window's padding.
    Value input = op.getInputs()[0];
    auto pad = input.getDefiningOp<shlo::PadOp>();
    if (pad && pad->hasOneUse() &&
        hlox::isFloatSplat(pad.getPaddingValue(), identity) &&
        llvm::all_of(pad.getInteriorPadding(),
                     [](int64_t p) { return p == 0; }))
      input = pad.getOperand();
    else
      pad = nullptr;
    Operation *activation = input.getDefiningOp();
    if (!activation || !activation->hasOneUse() ||
        !windowsHoldSource(op, pad, input))
      return failure();
    // The operand f is applied to; the others are splats.
    Value x;
    if (isa<shlo::MaxOp, shlo::MinOp>(activation)) {
      for (unsigned i : {0u, 1u})
        if (isSplatLike(activation->getOperand(1 - i))) {
          x = activation->getOperand(i);
          break;
        }
    } else if (auto clamp = dyn_cast<shlo::ClampOp>(activation)) {
      if (isSplatLike(clamp.getMin()) && isSplatLike(clamp.getMax()))
        x = clamp.getOperand();
    }
    if (!x || x.getType() != input.getType())
      return failure();

    auto resultType = cast<RankedTensorType>(op.getResult(0).getType());
    Location loc = activation->getLoc();
    rewriter.setInsertionPoint(op);
    SmallVector<Value> operands;
    for (Value operand : activation->getOperands()) {
      if (operand == x) {
        Value pooledInput = x;
        if (pad) {
          Operation *padded = rewriter.clone(*pad);
          padded->setOperand(0, x);
          pooledInput = padded->getResult(0);
        }
        auto pooled = cast<shlo::ReduceWindowOp>(rewriter.clone(*op));
        pooled->setOperand(0, pooledInput);
        operands.push_back(pooled.getResult(0));
        continue;
      }
      operands.push_back(reshapeSplat(rewriter, loc, operand, resultType));
    }
    Operation *moved = rewriter.clone(*activation);
    moved->setOperands(operands);
    moved->getResult(0).setType(resultType);
    rewriter.replaceOp(op, moved->getResults());
    if (pad)
      rewriter.eraseOp(pad);
    rewriter.eraseOp(activation);
    return success();
  }
};

class PoolBeforeActivationPass
    : public hlox::impl::HloxPoolBeforeActivationBase<
          PoolBeforeActivationPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<PoolBeforeActivation>(&getContext());
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
