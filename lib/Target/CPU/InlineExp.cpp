//===- InlineExp.cpp - f32 exp as arithmetic that vectorizes --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// libm's expf is a call per element, and a vector of them spills around
// each call, so a kernel holding one stays scalar. This pass computes exp
// of f32 (scalars and vectors alike) with arithmetic in f64 instead:
//
//   x' = clamp(x, -200, 200)             exp(+-200) is past f32's range
//   k  = round(x' / ln 2)                the 1.5 * 2^52 shifter trick
//   r  = x' - k ln2_hi - k ln2_lo        two FMAs, |r| <= ln 2 / 2
//   p  = sum r^i / i!, i <= 12           Horner with FMAs: relative error
//                                        below 2^-52
//   y  = p * 2^k                         k + 1023 in the exponent bits
//   exp(x) = (f32) y                     one rounding, subnormals and
//                                        overflow included
//
// The f64 value is within a few units of 2^-53 of exp(x), so rounding it
// to f32 gives the evaluator's result (exp in double, rounded once) but for
// values within that distance of a rounding boundary, where the two may
// differ by one ULP. NaN gives NaN (x + x: quiet, x's payload). Scalar and
// vector kernels compute the same per element, bit for bit.
//
// With `f32-arithmetic` (the default pipeline, after vectorization) the
// same steps run in f32 (expInF32 below), and a vector branches on its
// lanes: all of them at least -86.5 take only the normal results' steps.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "LaneArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

#define DEBUG_TYPE "hlox-cpu-inline-exp"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUINLINEEXP
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

using hlox::cpu::LaneBuilder;

/// exp(x) for f32 `x` in f64 arithmetic, rounded once to f32 (the file
/// comment's steps); NaN is handled by the caller.
Value expInF64(const LaneBuilder &e, Value x) {
  OpBuilder &rewriter = e.rewriter;
  Location loc = e.loc;
  Type f64 = e.like(rewriter.getF64Type());
  Type i64 = e.like(rewriter.getI64Type());
  auto constant = [&](double value) {
    return e.splat(rewriter.getF64FloatAttr(value));
  };
  auto i64Constant = [&](int64_t value) {
    return e.splat(rewriter.getI64IntegerAttr(value));
  };
  Value wide = arith::ExtFOp::create(rewriter, loc, f64, x);
  wide = arith::MaximumFOp::create(rewriter, loc, wide, constant(-200.0));
  wide = arith::MinimumFOp::create(rewriter, loc, wide, constant(200.0));
  // Adding 1.5 * 2^52 rounds x / ln 2 to an integer k held in the low
  // bits; subtracting it again gives k as a double.
  Value shifter = constant(0x1.8p52);
  Value shifted = e.fma(wide, constant(1.0 / std::log(2.0)), shifter);
  Value k = arith::SubFOp::create(rewriter, loc, shifted, shifter);
  Value r = e.fma(k, constant(-0x1.62e42fefa39efp-1), wide);
  r = e.fma(k, constant(-0x1.abc9e3b39803fp-56), r);
  // Horner from the highest term: coefficient i is 1 / i!.
  double coefficients[13], factorial = 1;
  for (int i = 0; i <= 12; ++i) {
    factorial *= i > 0 ? i : 1;
    coefficients[i] = 1.0 / factorial;
  }
  Value p = constant(coefficients[12]);
  for (int i = 11; i >= 0; --i)
    p = e.fma(p, r, constant(coefficients[i]));
  // 2^k: k + 1023 in the exponent field. The shifter's own bits above
  // the low 12 shift out.
  Value bits = arith::BitcastOp::create(rewriter, loc, i64, shifted);
  bits = arith::AddIOp::create(rewriter, loc, bits, i64Constant(1023));
  bits = arith::ShLIOp::create(rewriter, loc, bits, i64Constant(52));
  Value scale = arith::BitcastOp::create(rewriter, loc, f64, bits);
  Value y = arith::MulFOp::create(rewriter, loc, p, scale);
  return arith::TruncFOp::create(rewriter, loc, e.type, y);
}

/// The steps of expInF32 up to the normal results' bits, from x already
/// clamped: p (exp of the reduced argument), k * 2^23 and the normal
/// result (capped at +inf's bits).
struct ExpF32Steps {
  Value p, kField, normal;
};
ExpF32Steps expInF32Steps(const LaneBuilder &e, Value clamped) {
  OpBuilder &rewriter = e.rewriter;
  Location loc = e.loc;
  Type i32 = e.like(rewriter.getI32Type());
  // Adding 1.5 * 2^23 rounds x / ln 2 to an integer k held in the low
  // bits; subtracting it again gives k as a float.
  Value shifter = e.f32(0x1.8p23f);
  Value shifted = e.fma(clamped, e.f32(0x1.715476p+0f), shifter);
  Value k = arith::SubFOp::create(rewriter, loc, shifted, shifter);
  Value r = e.fma(k, e.f32(-0x1.62e400p-1f), clamped);
  r = e.fma(k, e.f32(-0x1.7f7d1cp-20f), r);
  // Cephes' expf polynomial: exp(r) = 1 + r + r^2 P(r).
  Value p = e.f32(1.9875691500e-4f);
  for (float coefficient :
       {1.3981999507e-3f, 8.3334519073e-3f, 4.1665795894e-2f, 1.6666665459e-1f,
        5.0000001201e-1f})
    p = e.fma(p, r, e.f32(coefficient));
  Value r2 = arith::MulFOp::create(rewriter, loc, r, r);
  p = e.fma(p, r2, r);
  p = arith::AddFOp::create(rewriter, loc, p, e.f32(1.0f));
  // k * 2^23: the shifted value's bits hold k + 0x4B400000, whose
  // multiple of 2^23 is 0 modulo 2^32. k spans [-254, 128], so k * 2^23
  // does not wrap.
  Value kField = arith::ShLIOp::create(
      rewriter, loc, arith::BitcastOp::create(rewriter, loc, i32, shifted),
      e.i32(23));
  // Normal results: p * 2^k is exact, p's exponent field plus k. Where k
  // is 128 and p >= 1 the field reaches 255; capping the bits at +inf's
  // gives the overflow's +inf (the result is positive, so the bits compare
  // as signed integers).
  Value normal = arith::AddIOp::create(
      rewriter, loc, arith::BitcastOp::create(rewriter, loc, i32, p), kField);
  normal = arith::MinSIOp::create(rewriter, loc, normal, e.i32(0x7F800000));
  return {p, kField, normal};
}

/// exp(x) for f32 `x` in f32 arithmetic, a third of the work of the f64
/// form:
///
///   x' = clamp(x, -176, 89)             past both ends of f32's range
///   k  = round(x' / ln 2)               the 1.5 * 2^23 shifter trick
///   r  = x' - k ln2_hi - k ln2_lo       two FMAs, |r| <= ln 2 / 2
///   p  = 1 + r + r^2 P(r)               P of degree 5 (Cephes' expf)
///   y  = bits(p) + k * 2^23             normal results: p's exponent
///                                       field plus k, exact
///   y  = bits(round(p * 2^(k + 149)))   subnormal results: an integer
///                                       count of 2^-149, rounded once
///   y  = min(bits(y), bits(+inf))       overflow (k = 128, p >= 1)
///
/// No multiply underflows, which costs a microcode assist per instruction
/// on x86 whenever any lane of it does: the earlier form, p * 2^(k - k/2)
/// * 2^(k/2), ran a softmax whose shifted scores spread over hundreds (an
/// encoder's attention on unscaled inputs) at less than half its speed.
/// Each lane computes both forms and the select keeps the one that applies;
/// the normal form is integer arithmetic, which raises nothing where it
/// does not apply. The lower bound of x gives k = -254, whose count rounds
/// to +0 (x = -inf, a mask's -1e4 and the like). The results are those of
/// one multiply p * 2^k rounded to f32, bit for bit.
///
/// The error bound, measured on a dense sweep, is in docs/numerics.md; NaN
/// is handled by the caller.
Value expInF32(const LaneBuilder &e, Value x) {
  OpBuilder &rewriter = e.rewriter;
  Location loc = e.loc;
  Type i32 = e.like(rewriter.getI32Type());
  Value clamped = arith::MaximumFOp::create(rewriter, loc, x, e.f32(-176.0f));
  clamped = arith::MinimumFOp::create(rewriter, loc, clamped, e.f32(89.0f));
  auto [p, kField, normal] = expInF32Steps(e, clamped);
  // Subnormal results: p * 2^k is t = p * 2^(k + 149) units of 2^-149,
  // exact (k + 149 in [-105, 24], a normal scaling). Below 2^23 units it is
  // subnormal, or rounds up to the smallest normal, whose bits are 2^23
  // too: adding 2^23 rounds t to an integer once, to nearest even as an
  // underflowing multiply would, and that integer is the result's bits.
  // Lanes of larger k take k = -125 here, so that t stays in [2^23, 2^25)
  // and they are not taken for subnormal.
  Value subnormalField =
      arith::MinSIOp::create(rewriter, loc, kField, e.i32(-125 * (1 << 23)));
  Value scale = arith::BitcastOp::create(
      rewriter, loc, e.type,
      arith::AddIOp::create(rewriter, loc, subnormalField,
                            e.i32(static_cast<int32_t>((127u + 149u) << 23))));
  Value t = arith::MulFOp::create(rewriter, loc, p, scale);
  Value isSubnormal = e.cmpF(arith::CmpFPredicate::OLT, t, e.f32(0x1.0p23f));
  Value counted = arith::AddFOp::create(rewriter, loc, t, e.f32(0x1.0p23f));
  Value subnormal = arith::SubIOp::create(
      rewriter, loc, arith::BitcastOp::create(rewriter, loc, i32, counted),
      e.i32(0x4B000000));
  return arith::BitcastOp::create(rewriter, loc, e.type,
                                  e.select(isSubnormal, subnormal, normal));
}

/// Where every lane of x is at least this, exp(x) is normal or +inf: k is
/// at least -125 (x / ln 2 >= -124.8), p at least 0.7, so p * 2^k is above
/// 2^-126, and expInF32 takes `normal` in every lane.
constexpr float kNormalExpBound = -86.5f;

/// What expInF32 gives where x >= kNormalExpBound, bit for bit: the clamp
/// below and the subnormal results are not needed there.
Value normalExpInF32(const LaneBuilder &e, Value x) {
  Value clamped = arith::MinimumFOp::create(e.rewriter, e.loc, x, e.f32(89.0f));
  return arith::BitcastOp::create(e.rewriter, e.loc, e.type,
                                  expInF32Steps(e, clamped).normal);
}

/// f32 exp, scalar or vector, as arithmetic (in f64 or in f32); NaN gives
/// NaN (x + x: quiet, x's payload), or anything with the `nnan` flag (the
/// caller selects NaN itself).
///
/// A vector in f32 arithmetic branches on its lanes: where every one is at
/// least kNormalExpBound (not NaN), normalExpInF32 gives the result in 16
/// operations instead of 26; otherwise the whole of expInF32 runs. Both give
/// the same bits, so scalar and vector kernels still agree. The branch's
/// condition is frozen: a masked tile's lanes past its end are poison.
struct InlineExpF32 final : OpRewritePattern<math::ExpOp> {
  InlineExpF32(MLIRContext *context, bool f32Arithmetic)
      : OpRewritePattern(context), f32Arithmetic(f32Arithmetic) {}

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    Value x = op.getOperand();
    bool noNans =
        arith::bitEnumContainsAll(op.getFastmath(), arith::FastMathFlags::nnan);
    auto full = [&](OpBuilder &b, Location loc) -> Value {
      LaneBuilder e{b, loc, type};
      Value y = f32Arithmetic ? expInF32(e, x) : expInF64(e, x);
      if (noNans)
        return y;
      Value isNan =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
      Value nan = arith::AddFOp::create(b, loc, x, x);
      return arith::SelectOp::create(b, loc, isNan, nan, y);
    };
    auto vectorType = dyn_cast<VectorType>(type);
    if (!f32Arithmetic || !vectorType || vectorType.isScalable()) {
      rewriter.replaceOp(op, full(rewriter, loc));
      return success();
    }
    LaneBuilder lanes{rewriter, loc, type};
    // Below the bound or NaN (unordered), unless NaN cannot come.
    Value rare = lanes.cmpF(noNans ? arith::CmpFPredicate::OLT
                                   : arith::CmpFPredicate::ULT,
                            x, lanes.f32(kNormalExpBound));
    // n-d vectors (a row tile's) reduce as one row.
    if (vectorType.getRank() > 1)
      rare = vector::ShapeCastOp::create(
          rewriter, loc,
          VectorType::get({vectorType.getNumElements()}, rewriter.getI1Type()),
          rare);
    Value any = vector::ReductionOp::create(rewriter, loc,
                                            vector::CombiningKind::OR, rare);
    any = LLVM::FreezeOp::create(rewriter, loc, any);
    auto branch = scf::IfOp::create(
        rewriter, loc, any,
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(b, loc, full(b, loc));
        },
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(b, loc,
                               normalExpInF32(LaneBuilder{b, loc, type}, x));
        });
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }

private:
  bool f32Arithmetic;
};

class InlineExpPass
    : public hlox::cpu::impl::CPUInlineExpBase<InlineExpPass> {
public:
  using CPUInlineExpBase::CPUInlineExpBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<InlineExpF32>(&getContext(), f32Arithmetic);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
