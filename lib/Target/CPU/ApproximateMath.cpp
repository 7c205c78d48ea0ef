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

#include "ApproximationPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
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
/// erf 5, the others at most 2). f32 log takes LogF32 below, f32 sin, cos
/// and pow hlox's own (ApproximationPatterns.h). Left to libm: asin (7
/// ULPs near 1), atan (40 ULPs), cbrt (NaN for infinity).
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
    // Left for hlox-cpu-inline-exp, without NaN handling (the select
    // below keeps y's NaN).
    Value e =
        math::ExpOp::create(rewriter, loc, twice, arith::FastMathFlags::nnan);
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

/// f32 log of the program: MLIR's approximation reads the exponent of a
/// normal number only, so a positive subnormal x is first scaled by 2^24
/// into the normal range and 24 ln 2 (in two parts) subtracted from the
/// log of the product; zero, negative numbers, infinities and NaN pass
/// through unscaled to the approximation's own special cases.
struct LogF32 final : OpRewritePattern<math::LogOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::LogOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    auto constant = [&](float value) {
      return createScalarOrSplatConstant(rewriter, loc, type, APFloat(value));
    };
    Value x = op.getOperand();
    // 0 < x < 2^-126.
    Value isSubnormal = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT, x,
                              constant(0.0f)),
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, x,
                              constant(0x1p-126f)));
    Value scaled = arith::SelectOp::create(
        rewriter, loc, isSubnormal,
        arith::MulFOp::create(rewriter, loc, x, constant(0x1p24f)), x);
    // Never subnormal: the pass approximates it once this pattern has run
    // on the program's logs (and only on those).
    Value log = math::LogOp::create(rewriter, loc, scaled);
    // 24 ln 2 in two parts: `high` a multiple of 2^-17, the spacing of
    // f32 between 64 and 128, where both the scaled log (-86.7 to -70.7)
    // and the result (-103.3 to -87.3) lie, so that subtracting it is
    // exact; `low` (3.77e-6) is then rounded once.
    const float high = 16.635528564453125f;
    const float low = 3.7689856e-06f;
    Value unscaled = arith::SubFOp::create(
        rewriter, loc,
        arith::SubFOp::create(rewriter, loc, log, constant(high)),
        constant(low));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isSubnormal, unscaled,
                                                 log);
    return success();
  }
};

class ApproximateMathPass
    : public hlox::cpu::impl::CPUApproximateMathBase<ApproximateMathPass> {
public:
  void runOnOperation() override {
    // The program's f32 logs first, so that the logs of the expansions
    // below (never of a subnormal) skip the scaling.
    RewritePatternSet scaleLogs(&getContext());
    scaleLogs.add<LogF32>(&getContext());
    if (failed(rewriteF32Logs(std::move(scaleLogs),
                              GreedyRewriteStrictness::ExistingOps)))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<TanhF32>(&getContext());
    hlox::cpu::populateSinCosF32Patterns(patterns);
    hlox::cpu::populatePowF32Patterns(patterns);
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      return getApproximated().contains(name);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // Every f32 log left has an argument that is never subnormal where the
    // result is used: the program's logs after LogF32, and those that
    // log1p and expm1 expand into (log1p: 1 + x >= 2^-24; expm1:
    // log(exp(x)), selected only where exp(x) - 1 != -1, so exp(x) >=
    // 2^-25). MLIR's approximation keeps its bound there. The exps of the
    // expansions are inlined by hlox-cpu-inline-exp, which runs after this
    // pass.
    RewritePatternSet approximateLogs(&getContext());
    populateMathPolynomialApproximationPatterns(
        approximateLogs,
        [](StringRef name) { return name == math::LogOp::getOperationName(); });
    if (failed(rewriteF32Logs(std::move(approximateLogs),
                              GreedyRewriteStrictness::ExistingAndNewOps)))
      return signalPassFailure();
  }

private:
  /// Applies `patterns` to the f32 logs the module holds now (and, with
  /// ExistingAndNewOps, to what they create), nothing else.
  LogicalResult rewriteF32Logs(RewritePatternSet &&patterns,
                               GreedyRewriteStrictness strictness) {
    SmallVector<Operation *> logs;
    getOperation()->walk([&](math::LogOp op) {
      if (getElementTypeOrSelf(op.getType()).isF32())
        logs.push_back(op);
    });
    if (logs.empty())
      return success();
    return applyOpPatternsGreedily(
        logs, std::move(patterns),
        GreedyRewriteConfig().setStrictness(strictness));
  }
};

} // namespace
