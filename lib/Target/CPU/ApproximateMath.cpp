//===- ApproximateMath.cpp - f32 math as vector polynomials ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// libm computes a math op one element at a time; in a vectorized kernel each
// lane becomes a call, with the vector spilled around it. This pass rewrites
// the f32 functions of getApproximated() into MLIR's polynomial and
// rational approximations (range reduction, FMAs, selects for the special
// values), which stay vector code, and f32 tanh into hlox's own (below:
// MLIR's rational tanh is up to 4 ULPs off, and gave twice PyTorch's error
// on a tanh-heavy workload). Their error bounds, measured against the
// evaluator (f64, rounded once), are in docs/numerics.md; functions whose
// approximation is worse than 5 ULPs are not listed.
// Scalars and vectors are rewritten alike, so that scalar and vectorized
// kernels compute the same bits.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "ExpArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#define DEBUG_TYPE "hlox-cpu-approximate-math"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUAPPROXIMATEMATH
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

/// The math ops approximated: those whose approximation stays within 5
/// ULPs of the evaluator on a sweep of every 256th f32 (scripts/math-ulp.py;
/// erf 5, the others at most 3). Left to libm: asin (7 ULPs near 1), log
/// (subnormal inputs lose the exponent), atan (40 ULPs), sin and cos (no
/// range reduction for large arguments), cbrt (NaN for infinity).
const llvm::StringSet<> &getApproximated() {
  static const llvm::StringSet<> names = {
      math::Log1pOp::getOperationName(), math::ExpM1Op::getOperationName(),
      math::ErfOp::getOperationName(), math::ErfcOp::getOperationName(),
      math::AcosOp::getOperationName()};
  return names;
}

/// f32 tanh, scalar or vector, within 1 ULP on the sweep of
/// docs/numerics.md:
///
///   |y| <  0.625:  y + y^3 P(y^2)           P of degree 5, fitted for
///                                          relative error on [0, 0.625]
///   |y| >= 0.625:  1 - 2 / (exp(2|y|) + 1), with y's sign
///
/// where 2 / (exp(2|y|) + 1) < 0.45 (the error of the inline exp, 1 ULP,
/// reaches the result scaled by that at most) and the result is at least
/// 0.55. A larger threshold (0.5 ln 7, the quotient below 1/4, P of degree
/// 8) measured the same 1-ULP bound and cost the elementwise workload 5%
/// more. Infinities give +-1 (exp overflows, the quotient is 0), -0 gives
/// -0, NaN gives NaN (y + y).
struct TanhF32 final : OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    auto constant = [&](float value) {
      return createScalarOrSplatConstant(rewriter, loc, type, APFloat(value));
    };
    Value y = op.getOperand();
    Value a = math::AbsFOp::create(rewriter, loc, y);
    Value z = arith::MulFOp::create(rewriter, loc, y, y);
    // (tanh(y) / y - 1) / y^2 as a polynomial in y^2 (a weighted
    // least-squares fit refined towards minimax).
    const float coefficients[] = {-3.333333080e-01f, 1.333320601e-01f,
                                  -5.394676274e-02f, 2.170070161e-02f,
                                  -8.177394597e-03f, 2.142958753e-03f};
    Value p = constant(coefficients[5]);
    for (int i = 4; i >= 0; --i)
      p = math::FmaOp::create(rewriter, loc, p, z, constant(coefficients[i]));
    Value cube = arith::MulFOp::create(rewriter, loc, y, z);
    Value small = math::FmaOp::create(rewriter, loc, cube, p, y);
    Value twice = arith::AddFOp::create(rewriter, loc, a, a);
    Value e = hlox::cpu::buildExpInF32(rewriter, loc, twice);
    Value q = arith::DivFOp::create(
        rewriter, loc, constant(2.0f),
        arith::AddFOp::create(rewriter, loc, e, constant(1.0f)));
    Value t = arith::SubFOp::create(rewriter, loc, constant(1.0f), q);
    Value large = math::CopySignOp::create(rewriter, loc, t, y);
    Value isSmall = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, a, constant(0.625f));
    Value result =
        arith::SelectOp::create(rewriter, loc, isSmall, small, large);
    Value isNan =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, y, y);
    Value nan = arith::AddFOp::create(rewriter, loc, y, y);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isNan, nan, result);
    return success();
  }
};

class ApproximateMathPass
    : public hlox::cpu::impl::CPUApproximateMathBase<ApproximateMathPass> {
public:
  void runOnOperation() override {
    // The logs the program computes itself, left to libm (see
    // getApproximated()).
    llvm::DenseSet<Operation *> programLogs;
    getOperation()->walk([&](math::LogOp op) { programLogs.insert(op); });
    RewritePatternSet patterns(&getContext());
    patterns.add<TanhF32>(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      return getApproximated().contains(name);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // log1p and expm1 expand into a log of a value that is never subnormal
    // where it is used (log1p: 1 + x >= 2^-24; expm1: log(exp(x)), whose
    // result is selected only where exp(x) - 1 != -1, so exp(x) >= 2^-25),
    // where MLIR's approximation keeps its bound: approximate those logs
    // too, so that the functions stay vector code. Their exps are inlined
    // by hlox-cpu-inline-exp, which runs again after this pass.
    SmallVector<Operation *> expansionLogs;
    getOperation()->walk([&](math::LogOp op) {
      if (!programLogs.contains(op) &&
          getElementTypeOrSelf(op.getType()).isF32())
        expansionLogs.push_back(op);
    });
    if (expansionLogs.empty())
      return;
    RewritePatternSet logPatterns(&getContext());
    populateMathPolynomialApproximationPatterns(
        logPatterns,
        [](StringRef name) { return name == math::LogOp::getOperationName(); });
    if (failed(applyOpPatternsGreedily(
            expansionLogs, std::move(logPatterns),
            GreedyRewriteConfig().setStrictness(
                GreedyRewriteStrictness::ExistingAndNewOps))))
      return signalPassFailure();
  }
};

} // namespace
