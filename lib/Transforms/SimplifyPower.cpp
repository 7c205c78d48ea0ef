//===- SimplifyPower.cpp - Powers with exact cheaper forms ----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// An f32, f16 or bf16 `power` whose exponent is a splat 2, 1, 0, -1 or 0.5
// has a form that one IEEE operation (or none) computes correctly rounded:
// x * x, x, 1, 1 / x, sqrt(x). The evaluator's pow (in f64, rounded once)
// gives the same bits: x * x is exact in f64, and 1 / x and sqrt(x) of
// such an x are never close enough to a midpoint of the narrow type for
// the f64 step to round them across it. libm's pow runs one call per element
// and does not vectorize; these run at memory speed. The special values follow
// pow's: pow(x, 0) is 1 even for NaN, pow(-0, 0.5) is +0 and pow(-inf, 0.5) is
// +inf, where sqrt gives -0 and NaN.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace hlox {
#define GEN_PASS_DEF_HLOXSIMPLIFYPOWER
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// The value every element of `value` holds, when it is a float splat
/// constant or a broadcast of a scalar float constant.
std::optional<APFloat> getFloatSplat(Value value) {
  if (auto broadcast = value.getDefiningOp<shlo::BroadcastInDimOp>())
    value = broadcast.getOperand();
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !isa<FloatType>(attr.getElementType()))
    return std::nullopt;
  return attr.getSplatValue<APFloat>();
}

struct SimplifyPower final : OpRewritePattern<shlo::PowOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shlo::PowOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    // f64 stays: libm's pow is within 0.52 ULP there, not correctly
    // rounded, and the evaluator calls it. For f32 and narrower the
    // evaluator's pow in f64 rounds to the same result as these forms.
    if (!type || !type.hasStaticShape() ||
        !isa<Float32Type, Float16Type, BFloat16Type>(type.getElementType()))
      return rewriter.notifyMatchFailure(op, "not static f32, f16 or bf16");
    std::optional<APFloat> exponent = getFloatSplat(op.getRhs());
    if (!exponent)
      return rewriter.notifyMatchFailure(op, "exponent not a splat");
    // Exact: f32 and narrower (and the splat's own type) widen to double
    // without loss; -0 compares equal to 0.
    double e = exponent->convertToDouble();
    Location loc = op.getLoc();
    Value x = op.getLhs();
    auto splat = [&](double value) -> Value {
      return shlo::ConstantOp::create(
          rewriter, loc, type,
          DenseElementsAttr::get(
              type,
              rewriter.getFloatAttr(type.getElementType(), value).getValue()));
    };
    if (e == 2.0) {
      rewriter.replaceOpWithNewOp<shlo::MulOp>(op, x, x);
      return success();
    }
    if (e == 1.0) {
      rewriter.replaceOp(op, x);
      return success();
    }
    if (e == 0.0) {
      rewriter.replaceOp(op, splat(1.0));
      return success();
    }
    if (e == -1.0) {
      rewriter.replaceOpWithNewOp<shlo::DivOp>(op, splat(1.0), x);
      return success();
    }
    if (e == 0.5) {
      // sqrt(x) + 0 turns sqrt(-0) = -0 into +0 and keeps every other
      // value; -inf selects +inf.
      Value root = shlo::AddOp::create(
          rewriter, loc, shlo::SqrtOp::create(rewriter, loc, x), splat(0.0));
      auto predicateType =
          RankedTensorType::get(type.getShape(), rewriter.getI1Type());
      Value negativeInfinity = shlo::CompareOp::create(
          rewriter, loc, predicateType, x,
          splat(-std::numeric_limits<double>::infinity()),
          shlo::ComparisonDirectionAttr::get(rewriter.getContext(),
                                             shlo::ComparisonDirection::EQ),
          shlo::ComparisonTypeAttr());
      rewriter.replaceOpWithNewOp<shlo::SelectOp>(
          op, negativeInfinity, splat(std::numeric_limits<double>::infinity()),
          root);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no exact cheaper form");
  }
};

class SimplifyPowerPass
    : public hlox::impl::HloxSimplifyPowerBase<SimplifyPowerPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SimplifyPower>(&getContext());
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
