//===- MathToLibm.cpp - Float math ops to libm calls ----------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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

/// An n-d vector op becomes one op per 1-d row (LLVM's intrinsics take
/// 1-d vectors).
template <typename MathOp>
struct UnrollToRows final : OpRewritePattern<MathOp> {
  using OpRewritePattern<MathOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() < 2 || type.isScalable())
      return failure();
    Location loc = op.getLoc();
    auto rowType =
        VectorType::get(type.getShape().back(), type.getElementType());
    ArrayRef<int64_t> leading = type.getShape().drop_back();
    Value result = arith::ConstantOp::create(
        rewriter, loc, cast<TypedAttr>(rewriter.getZeroAttr(type)));
    SmallVector<int64_t> position(leading.size(), 0);
    for (int64_t row = 0, rows = ShapedType::getNumElements(leading);
         row < rows; ++row) {
      for (int64_t i = leading.size() - 1, rest = row; i >= 0; --i) {
        position[i] = rest % leading[i];
        rest /= leading[i];
      }
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(
            vector::ExtractOp::create(rewriter, loc, operand, position));
      OperationState state(loc, op->getName(), operands, {rowType},
                           op->getAttrs());
      Value rowResult = rewriter.create(state)->getResult(0);
      result =
          vector::InsertOp::create(rewriter, loc, rowResult, result, position);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A 1-d vector op that one instruction computes exactly (sqrt, rounding,
/// fma) becomes its LLVM intrinsic, not a libm call per lane.
template <typename MathOp, typename IntrinsicOp>
struct VectorToIntrinsic final : OpRewritePattern<MathOp> {
  using OpRewritePattern<MathOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(MathOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() != 1)
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
      patterns.add<UnrollToRows<math::SqrtOp>, UnrollToRows<math::FloorOp>,
                   UnrollToRows<math::CeilOp>, UnrollToRows<math::TruncOp>,
                   UnrollToRows<math::RoundEvenOp>, UnrollToRows<math::RoundOp>,
                   UnrollToRows<math::FmaOp>>(&getContext());
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
