//===- MathToLibm.cpp - Float math ops to libm calls ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-cpu-math-to-libm"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUMATHTOLIBM
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

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

/// A vector op that one instruction computes exactly (sqrt, rounding, fma)
/// becomes its LLVM intrinsic, not a libm call per lane.
template <typename MathOp, typename IntrinsicOp>
struct VectorToIntrinsic final : OpRewritePattern<MathOp> {
  using OpRewritePattern<MathOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<VectorType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<IntrinsicOp>(op, op->getResultTypes(),
                                             op->getOperands());
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
    {
      RewritePatternSet patterns(&getContext());
      patterns.add<VectorToIntrinsic<math::SqrtOp, LLVM::SqrtOp>,
                   VectorToIntrinsic<math::FloorOp, LLVM::FFloorOp>,
                   VectorToIntrinsic<math::CeilOp, LLVM::FCeilOp>,
                   VectorToIntrinsic<math::TruncOp, LLVM::FTruncOp>,
                   VectorToIntrinsic<math::RoundEvenOp, LLVM::RoundEvenOp>,
                   VectorToIntrinsic<math::RoundOp, LLVM::RoundOp>,
                   VectorToIntrinsic<math::FmaOp, LLVM::FMAOp>>(
          &getContext());
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
