//===- MathToLibm.cpp - Float math ops to libm calls ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-cpu-math-to-libm"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUMATHTOLIBM
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

/// rsqrt(x) = 1 / sqrt(x): libm has no rsqrt.
struct ExpandRsqrt final : OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isa<FloatType>(type))
      return failure();
    Value one = arith::ConstantOp::create(rewriter, op.getLoc(),
                                          rewriter.getFloatAttr(type, 1.0));
    Value root = math::SqrtOp::create(rewriter, op.getLoc(), op.getOperand());
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, one, root);
    return success();
  }
};

class MathToLibmPass
    : public hlox::cpu::impl::CPUMathToLibmBase<MathToLibmPass> {
public:
  void runOnOperation() override {
    {
      RewritePatternSet patterns(&getContext());
      patterns.add<ExpandRsqrt>(&getContext());
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
