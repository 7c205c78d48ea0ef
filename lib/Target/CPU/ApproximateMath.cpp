//===- ApproximateMath.cpp - f32 math as vector polynomials ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// libm computes a math op one element at a time; in a vectorized kernel each
// lane becomes a call, with the vector spilled around it. This pass rewrites
// the f32 functions of getApproximated() into MLIR's polynomial and
// rational approximations (range reduction, FMAs, selects for the special
// values), which stay vector code. Their error bounds, measured against the
// evaluator (f64, rounded once), are in docs/numerics.md; functions whose
// approximation is worse than 5 ULPs are not listed.
// Scalars and vectors are rewritten alike, so that scalar and vectorized
// kernels compute the same bits.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

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
/// erf 5, the others at most 4). Left to libm: asin (7 ULPs near 1), log
/// (subnormal inputs lose the exponent), atan (40 ULPs), sin and cos (no
/// range reduction for large arguments), cbrt (NaN for infinity).
const llvm::StringSet<> &getApproximated() {
  static const llvm::StringSet<> names = {
      math::TanhOp::getOperationName(),  math::Log1pOp::getOperationName(),
      math::ExpM1Op::getOperationName(), math::ErfOp::getOperationName(),
      math::ErfcOp::getOperationName(),  math::AcosOp::getOperationName()};
  return names;
}

class ApproximateMathPass
    : public hlox::cpu::impl::CPUApproximateMathBase<ApproximateMathPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
      return getApproximated().contains(name);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
