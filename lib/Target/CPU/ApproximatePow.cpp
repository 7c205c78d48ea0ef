//===- ApproximatePow.cpp - f32 pow as vector arithmetic ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// f32 pow(x, y) as f64 arithmetic that vectorizes, rounded once:
//
//   |x| = 2^k m, m in [sqrt(2)/2, sqrt(2))     the f64 bits of |x| (an f32
//                                               subnormal is normal there)
//   log2 |x| = k + 2 atanh(s) / ln 2           s = (m - 1) / (m + 1), |s| <=
//                                               0.172; the odd series to
//                                               s^19 (relative error below
//                                               2^-50)
//   t = y log2 |x|, clamped to [-200, 200]      past both ends of f32's range
//   2^t = 2^n 2^(t - n), n = round(t)           2^(t - n) the Taylor series
//                                               to the 12th power, 2^n in
//                                               the exponent bits
//
// t is within about 2^-40 of y log2 |x| (|t| <= 150 where the result is a
// finite nonzero f32), so the f64 value is within 2^-39 relative of x^y
// and its rounding to f32 the evaluator's (f64 pow, rounded once) but for
// values that close to a rounding boundary: 1 ULP (docs/numerics.md).
// C's special values, as the evaluator's pow has them: y = 0 or x = 1
// give 1, as do x = -1 and an infinite y; a negative finite x with a y
// that is not an integer gives NaN; a negative x (-0 and -inf included)
// with an odd integer y negates the result; zeros and infinities of x
// follow from log2 |x| = -inf or +inf; other NaNs give NaN.
//
//===----------------------------------------------------------------------===//

#include "ApproximationPatterns.h"
#include "LaneArithmetic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using hlox::cpu::LaneBuilder;

namespace {

/// x^y of the f32 scalars or vectors `x` and `y`, as the file comment says.
Value buildPow(const LaneBuilder &b, Value x, Value y) {
  OpBuilder &r = b.rewriter;
  Location loc = b.loc;
  Type f64 = b.like(r.getF64Type());
  Type i64 = b.like(r.getI64Type());
  Type i32 = b.like(r.getI32Type());
  auto mulF = [&](Value u, Value v) {
    return arith::MulFOp::create(r, loc, u, v);
  };

  // log2 |x| in f64.
  Value ax =
      math::AbsFOp::create(r, loc, arith::ExtFOp::create(r, loc, f64, x));
  Value bits = arith::BitcastOp::create(r, loc, i64, ax);
  Value k = arith::SubIOp::create(
      r, loc, arith::ShRUIOp::create(r, loc, bits, b.i64(52)), b.i64(1023));
  Value m = arith::BitcastOp::create(
      r, loc, f64,
      arith::OrIOp::create(r, loc, b.andI(bits, b.i64(0x000fffffffffffffLL)),
                           b.i64(0x3ff0000000000000LL)));
  Value above = b.cmpF(arith::CmpFPredicate::OGT, m, b.f64(M_SQRT2));
  m = b.select(above, mulF(m, b.f64(0.5)), m);
  k = arith::AddIOp::create(r, loc, k,
                            arith::ExtUIOp::create(r, loc, i64, above));
  Value s = arith::DivFOp::create(r, loc,
                                  arith::SubFOp::create(r, loc, m, b.f64(1.0)),
                                  arith::AddFOp::create(r, loc, m, b.f64(1.0)));
  Value z = mulF(s, s);
  // atanh(s) / s - 1 = z (1/3 + z/5 + ... + z^8/19).
  Value series = b.f64(1.0 / 19);
  for (int i = 17; i >= 3; i -= 2)
    series = b.fma(series, z, b.f64(1.0 / i));
  Value twiceS = arith::AddFOp::create(r, loc, s, s);
  Value lnM = b.fma(mulF(twiceS, z), series, twiceS);
  Value log2 =
      b.fma(lnM, b.f64(1.0 / M_LN2), arith::SIToFPOp::create(r, loc, f64, k));
  log2 = b.select(b.cmpF(arith::CmpFPredicate::OEQ, ax, b.f64(0.0)),
                  b.f64(-INFINITY), log2);
  log2 = b.select(b.cmpF(arith::CmpFPredicate::OEQ, ax, b.f64(INFINITY)),
                  b.f64(INFINITY), log2);

  // 2^t.
  Value t = mulF(arith::ExtFOp::create(r, loc, f64, y), log2);
  t = arith::MaximumFOp::create(r, loc, t, b.f64(-200.0));
  t = arith::MinimumFOp::create(r, loc, t, b.f64(200.0));
  // Adding 1.5 * 2^52 rounds t to an integer n held in the low bits.
  Value shifter = b.f64(0x1.8p52);
  Value shifted = arith::AddFOp::create(r, loc, t, shifter);
  Value n = arith::SubFOp::create(r, loc, shifted, shifter);
  Value f = arith::SubFOp::create(r, loc, t, n);
  // 2^f = sum (ln 2)^i f^i / i!, |f| <= 1/2.
  double coefficients[13], term = 1;
  for (int i = 0; i <= 12; ++i) {
    coefficients[i] = term;
    term *= M_LN2 / (i + 1);
  }
  Value p = b.f64(coefficients[12]);
  for (int i = 11; i >= 0; --i)
    p = b.fma(p, f, b.f64(coefficients[i]));
  // 2^n: n + 1023 in the exponent field; the shifter's own bits above the
  // low 12 shift out.
  Value scaleBits = arith::ShLIOp::create(
      r, loc,
      arith::AddIOp::create(
          r, loc, arith::BitcastOp::create(r, loc, i64, shifted), b.i64(1023)),
      b.i64(52));
  Value power = mulF(p, arith::BitcastOp::create(r, loc, f64, scaleBits));
  Value result = arith::TruncFOp::create(r, loc, b.type, power);

  // The sign: negative for a negative x (its sign bit) and an odd integer
  // y. y is an integer where it equals its floor (infinities included),
  // odd where it is also below 2^24 in magnitude and its low bit is set.
  Value ay = math::AbsFOp::create(r, loc, y);
  Value isInteger =
      b.cmpF(arith::CmpFPredicate::OEQ, y, math::FloorOp::create(r, loc, y));
  Value belowOddRange = b.cmpF(arith::CmpFPredicate::OLT, ay, b.f32(0x1p24f));
  Value asInteger = arith::FPToSIOp::create(
      r, loc, i32, b.select(belowOddRange, y, b.f32(0.0f)));
  Value isOdd =
      b.andI(b.andI(isInteger, belowOddRange),
             arith::CmpIOp::create(r, loc, arith::CmpIPredicate::eq,
                                   b.andI(asInteger, b.i32(1)), b.i32(1)));
  Value xNegative =
      arith::CmpIOp::create(r, loc, arith::CmpIPredicate::slt,
                            arith::BitcastOp::create(r, loc, i32, x), b.i32(0));
  result = b.select(b.andI(xNegative, isOdd),
                    arith::NegFOp::create(r, loc, result), result);

  // NaN: a finite negative x with a y that is not an integer, and NaN
  // inputs (x + y: quiet, a NaN's payload).
  Value nan = arith::AddFOp::create(r, loc, x, y);
  Value negativeFinite =
      b.andI(b.cmpF(arith::CmpFPredicate::OLT, x, b.f32(0.0f)),
             b.cmpF(arith::CmpFPredicate::OGT, x, b.f32(-INFINITY)));
  result = b.select(b.andI(negativeFinite,
                           arith::XOrIOp::create(r, loc, isInteger,
                                                 b.splat(r.getBoolAttr(true)))),
                    b.f32(NAN), result);
  result = b.select(b.cmpF(arith::CmpFPredicate::UNO, x, y), nan, result);
  // 1: y = 0 (x NaN included), x = 1 (y NaN included), |x| = 1 with an
  // infinite y.
  Value one = arith::OrIOp::create(
      r, loc, b.cmpF(arith::CmpFPredicate::OEQ, y, b.f32(0.0f)),
      b.cmpF(arith::CmpFPredicate::OEQ, x, b.f32(1.0f)));
  Value absX = math::AbsFOp::create(r, loc, x);
  one = arith::OrIOp::create(
      r, loc, one,
      b.andI(b.cmpF(arith::CmpFPredicate::OEQ, absX, b.f32(1.0f)),
             b.cmpF(arith::CmpFPredicate::OEQ, ay, b.f32(INFINITY))));
  return b.select(one, b.f32(1.0f), result);
}

struct PowF32 final : OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    rewriter.replaceOp(op, buildPow(LaneBuilder{rewriter, op.getLoc(), type},
                                    op.getLhs(), op.getRhs()));
    return success();
  }
};

} // namespace

void hlox::cpu::populatePowF32Patterns(RewritePatternSet &patterns) {
  patterns.add<PowF32>(patterns.getContext());
}
