//===- LegalizeUpstreamOps.cpp - arith and tensor ops of exports to StableHLO //
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "stablehlo-legalize-upstream-ops"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOLEGALIZEUPSTREAMOPS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// `arith.constant dense<...> : tensor<...>` is `stablehlo.constant`.
struct ArithConstantConverter final : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto value = dyn_cast<ElementsAttr>(op.getValue());
    if (!type || !value)
      return failure();
    rewriter.replaceOpWithNewOp<shlo::ConstantOp>(op, type, value);
    return success();
  }
};

/// `tensor.empty` of a static shape holds unspecified values: zeros are
/// as good as any, and a splat constant costs nothing.
struct TensorEmptyConverter final : OpRewritePattern<tensor::EmptyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::EmptyOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "dynamic shape");
    Type element = type.getElementType();
    Attribute zero;
    if (isa<FloatType, IntegerType>(element))
      zero = rewriter.getZeroAttr(element);
    else
      return rewriter.notifyMatchFailure(op, "element type without a zero");
    rewriter.replaceOpWithNewOp<shlo::ConstantOp>(
        op, type, DenseElementsAttr::get(type, zero));
    return success();
  }
};

/// `compare_type = SIGNED` or `UNSIGNED` on floats or complex numbers,
/// which upstream's verifier accepts and the spec does not (compare_c3),
/// compares as FLOAT: it becomes FLOAT, with a warning at the op.
struct FloatCompareTypeNormalizer final : OpRewritePattern<shlo::CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(shlo::CompareOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<shlo::ComparisonType> type = op.getCompareType();
    Type element = getElementTypeOrSelf(op.getLhs().getType());
    if (auto quantized = dyn_cast<quant::QuantizedType>(element))
      element = quantized.getExpressedType();
    if (!type || !isa<FloatType, ComplexType>(element) ||
        (*type != shlo::ComparisonType::SIGNED &&
         *type != shlo::ComparisonType::UNSIGNED))
      return failure();
    op.emitWarning() << "compare_type "
                     << shlo::stringifyComparisonType(*type) << " on "
                     << element
                     << " is not StableHLO (compare_c3); compared as FLOAT";
    rewriter.modifyOpInPlace(op, [&] {
      op.setCompareType(shlo::ComparisonType::FLOAT);
    });
    return success();
  }
};

class LegalizeUpstreamOpsPass final
    : public hlox::impl::StablehloLegalizeUpstreamOpsBase<
          LegalizeUpstreamOpsPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    hlox::populateStablehloLegalizeUpstreamOpsPatterns(patterns);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      return signalPassFailure();
  }
};

} // namespace

void hlox::populateStablehloLegalizeUpstreamOpsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ArithConstantConverter, TensorEmptyConverter,
               FloatCompareTypeNormalizer>(patterns.getContext());
}
