//===- ApproximateSinCos.cpp - f32 sin and cos as vector arithmetic -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// f32 sin and cos of any argument, as integer and f64 arithmetic that
// vectorizes (no table, no branch, no call):
//
//   a = |x| = m 2^e             m the 24-bit integer significand
//   a < pi/4:  r = a, q = 0     no reduction
//   else:      a (2/pi) mod 4   = m G mod 4, where G is the 128-bit window
//                                 of the bits of 2/pi that can reach the
//                                 last two integer bits and the fraction
//                                 (the bits before it give multiples of 4),
//                                 picked by e from a 320-bit constant
//                                 (three 64-bit words by selects, joined by
//                                 shifts); m G in 32-bit limbs: q its two
//                                 integer bits, f its fraction to 94 bits,
//                                 rounded to the nearest quadrant
//              r = f pi/2       in f64, |r| <= pi/4
//   sin r, cos r                Taylor polynomials in f64 (to r^11 and
//                                 r^12: below 2^-36 relative on pi/4)
//   the quadrant q (q + 1 for cos) picks +-sin r or +-cos r, x's sign
//   sin's; infinities and NaN give NaN; the f64 value is rounded once.
//
// The reduction is exact to far beyond what f32 needs: an f32 argument
// comes no closer to a multiple of pi/2 than about 2^-29 relative, and f
// keeps 62 bits of the fraction besides. The result is within 1 ULP of
// the evaluator's (f64 sin and cos, rounded once); docs/numerics.md has
// the measured bound.
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

/// The bits of 2/pi after the binary point, behind 26 zero bits, as five
/// 64-bit words, most significant first: bit n of the string is bit n - 26
/// of 2/pi (1-based), so that the window of an argument of exponent e
/// starts at bit e + 24 >= 0 for every a >= pi/4.
constexpr uint64_t kTwoOverPiBits[5] = {
    0x00000028be60db93ULL, 0x91054a7f09d5f47dULL, 0x4d377036d8a5664fULL,
    0x10e4107f9458eaf7ULL, 0xaef1586dc91b8e90ULL};

/// sin (or cos) of the f32 scalar or vector `x` as the file comment says.
Value buildSinCos(const LaneBuilder &b, Value x, bool cosine) {
  OpBuilder &r = b.rewriter;
  Location loc = b.loc;
  Type f64 = b.like(r.getF64Type());
  Type i64 = b.like(r.getI64Type());
  Type i32 = b.like(r.getI32Type());
  auto add = [&](Value u, Value v) {
    return arith::AddIOp::create(r, loc, u, v);
  };
  auto mul = [&](Value u, Value v) {
    return arith::MulIOp::create(r, loc, u, v);
  };
  auto shl = [&](Value u, Value v) {
    return arith::ShLIOp::create(r, loc, u, v);
  };
  auto shr = [&](Value u, Value v) {
    return arith::ShRUIOp::create(r, loc, u, v);
  };
  auto eqI = [&](Value u, Value v) {
    return arith::CmpIOp::create(r, loc, arith::CmpIPredicate::eq, u, v);
  };

  Value a = math::AbsFOp::create(r, loc, x);
  Value bits = arith::ExtUIOp::create(r, loc, i64,
                                      arith::BitcastOp::create(r, loc, i32, a));
  // a = m 2^e (normal a; the others take the unreduced path).
  Value e = arith::SubIOp::create(r, loc, shr(bits, b.i64(23)), b.i64(150));
  Value m = arith::OrIOp::create(r, loc, b.andI(bits, b.i64(0x7fffff)),
                                 b.i64(0x800000));
  // The window's first bit, clamped so that the shifts stay defined on
  // the lanes that do not use it (a < pi/4; infinities and NaN reach 129).
  Value start = arith::MaxSIOp::create(r, loc, add(e, b.i64(24)), b.i64(0));
  start = arith::MinSIOp::create(r, loc, start, b.i64(129));
  Value word = shr(start, b.i64(6));
  Value shift = b.andI(start, b.i64(63));
  Value back = arith::SubIOp::create(r, loc, b.i64(63), shift);
  auto wordAt = [&](int offset) {
    auto constant = [&](int index) {
      return b.i64(static_cast<int64_t>(kTwoOverPiBits[index]));
    };
    return b.select(eqI(word, b.i64(0)), constant(offset),
                    b.select(eqI(word, b.i64(1)), constant(offset + 1),
                             constant(offset + 2)));
  };
  Value w0 = wordAt(0), w1 = wordAt(1), w2 = wordAt(2);
  // (high:low) << shift, its upper 64 bits; `low >> 1 >> (63 - shift)`
  // never shifts by 64.
  auto join = [&](Value high, Value low) {
    return arith::OrIOp::create(r, loc, shl(high, shift),
                                shr(shr(low, b.i64(1)), back));
  };
  Value windowHigh = join(w0, w1), windowLow = join(w1, w2);
  Value low32 = b.i64(0xffffffff), thirtyTwo = b.i64(32);
  // m times the window's four 32-bit limbs (each product below 2^56),
  // carried from the lowest.
  Value p0 = mul(m, shr(windowHigh, thirtyTwo));
  Value p1 = mul(m, b.andI(windowHigh, low32));
  Value p2 = mul(m, shr(windowLow, thirtyTwo));
  Value p3 = mul(m, b.andI(windowLow, low32));
  Value carry = add(p2, shr(p3, thirtyTwo));
  Value limb2 = b.andI(carry, low32);
  carry = add(p1, shr(carry, thirtyTwo));
  Value limb1 = b.andI(carry, low32);
  carry = add(p0, shr(carry, thirtyTwo));
  // Two integer bits (the quadrant) and 62 bits of fraction; limb2 holds
  // the next 32.
  Value fixed = arith::OrIOp::create(r, loc, shl(carry, thirtyTwo), limb1);
  Value quadrant = shr(fixed, b.i64(62));
  Value fraction = b.andI(fixed, b.i64((int64_t(1) << 62) - 1));
  // To the nearest quadrant: a fraction of a half or more counts from the
  // next one, negative.
  Value up = arith::CmpIOp::create(r, loc, arith::CmpIPredicate::uge, fraction,
                                   b.i64(int64_t(1) << 61));
  quadrant = add(quadrant, arith::ExtUIOp::create(r, loc, i64, up));
  fraction = arith::SubIOp::create(
      r, loc, fraction, b.select(up, b.i64(int64_t(1) << 62), b.i64(0)));
  Value f = arith::MulFOp::create(
      r, loc, arith::SIToFPOp::create(r, loc, f64, fraction), b.f64(0x1p-62));
  f = b.fma(arith::UIToFPOp::create(r, loc, f64, limb2), b.f64(0x1p-94), f);
  Value reduced = arith::MulFOp::create(r, loc, f, b.f64(0x1.921fb54442d18p+0));

  // pi/4 rounded down to f32: the unreduced path stays within [0, pi/4].
  Value small = arith::CmpFOp::create(r, loc, arith::CmpFPredicate::OLT, a,
                                      b.f32(0x1.921fb4p-1f));
  Value angle = b.select(small, arith::ExtFOp::create(r, loc, f64, a), reduced);
  quadrant = b.select(small, b.i64(0), quadrant);
  if (cosine)
    quadrant = add(quadrant, b.i64(1));

  Value z = arith::MulFOp::create(r, loc, angle, angle);
  // sin r = r + r z S(z), cos r = 1 + z C(z): Taylor coefficients.
  double sinTerms[5], cosTerms[6], factorial = 1;
  for (int i = 1; i <= 12; ++i) {
    factorial *= i;
    double sign = (i / 2) % 2 ? -1 : 1;
    if (i % 2 && i >= 3)
      sinTerms[(i - 3) / 2] = sign / factorial;
    else if (i % 2 == 0)
      cosTerms[(i - 2) / 2] = sign / factorial;
  }
  auto horner = [&](const double *terms, int count) {
    Value p = b.f64(terms[count - 1]);
    for (int i = count - 2; i >= 0; --i)
      p = b.fma(p, z, b.f64(terms[i]));
    return p;
  };
  Value sinR = b.fma(arith::MulFOp::create(r, loc, angle, z),
                     horner(sinTerms, 5), angle);
  Value cosR = b.fma(z, horner(cosTerms, 6), b.f64(1.0));
  Value odd = eqI(b.andI(quadrant, b.i64(1)), b.i64(1));
  Value negative = eqI(b.andI(quadrant, b.i64(2)), b.i64(2));
  Value value = b.select(odd, cosR, sinR);
  if (!cosine)
    negative = arith::XOrIOp::create(
        r, loc, negative,
        arith::CmpIOp::create(r, loc, arith::CmpIPredicate::slt,
                              arith::BitcastOp::create(r, loc, i32, x),
                              b.i32(0)));
  value = b.select(negative, arith::NegFOp::create(r, loc, value), value);
  Value result = arith::TruncFOp::create(r, loc, b.type, value);
  // Infinities and NaN: NaN (x - x, quiet, NaN's payload).
  Value finite = arith::CmpFOp::create(r, loc, arith::CmpFPredicate::OLT, a,
                                       b.f32(INFINITY));
  return b.select(finite, result, arith::SubFOp::create(r, loc, x, x));
}

template <typename Op, bool Cosine>
struct SinCosF32 final : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;

  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    rewriter.replaceOp(op, buildSinCos(LaneBuilder{rewriter, op.getLoc(), type},
                                       op.getOperand(), Cosine));
    return success();
  }
};

} // namespace

void hlox::cpu::populateSinCosF32Patterns(RewritePatternSet &patterns) {
  patterns.add<SinCosF32<math::SinOp, false>, SinCosF32<math::CosOp, true>>(
      patterns.getContext());
}
