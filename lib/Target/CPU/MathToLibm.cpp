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

bool hlox::cpu::hasVectorInstruction(Operation *op) {
  return isa<math::SqrtOp, math::RsqrtOp, math::AbsFOp, math::AbsIOp,
             math::FmaOp, math::CopySignOp, math::FloorOp, math::CeilOp,
             math::TruncOp, math::RoundOp, math::RoundEvenOp,
             math::CountLeadingZerosOp, math::CountTrailingZerosOp,
             math::CtPopOp>(op);
}

namespace {

/// rsqrt(x) = 1 / sqrt(x), of a scalar or a vector: libm has no rsqrt.
struct ExpandRsqrt final : OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (!element)
      return failure();
    TypedAttr oneAttr = rewriter.getFloatAttr(element, 1.0);
    if (auto vector = dyn_cast<VectorType>(type))
      oneAttr = SplatElementsAttr::get(vector, oneAttr);
    Value one = arith::ConstantOp::create(rewriter, op.getLoc(), oneAttr);
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
    // An op that one instruction computes (sqrt, rounding, fma), scalar or
    // vector, is left to convert-math-to-llvm, which makes it an LLVM
    // intrinsic (row by row for n-d vectors), not a libm call (per lane);
    // LLVM calls libm itself where the CPU lacks the instruction. Both are
    // exact, so the result is the same.
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) &&
          !hlox::cpu::hasVectorInstruction(op))
        ops.push_back(op);
    });
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    // The scalar ops a vector op is unrolled into are converted too.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
