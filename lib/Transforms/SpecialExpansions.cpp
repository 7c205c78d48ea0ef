//===- SpecialExpansions.cpp - Special functions as arithmetic ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/SpecialExpansions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>

using namespace mlir;

/// `element` in the shape of `like` (a vector type's, or a scalar).
static Type shapedLike(Type like, Type element) {
  if (auto vector = dyn_cast<VectorType>(like))
    return vector.clone(element);
  return element;
}

Value hlox::extendToF64(OpBuilder &b, Location loc, Value x) {
  if (getElementTypeOrSelf(x.getType()).isF64())
    return x;
  return arith::ExtFOp::create(b, loc, shapedLike(x.getType(), b.getF64Type()),
                               x);
}

Value hlox::roundFromF64(OpBuilder &b, Location loc, Value x, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isF64())
    return x;
  if (element.isBF16())
    x = arith::TruncFOp::create(b, loc, shapedLike(type, b.getF32Type()), x);
  return arith::TruncFOp::create(b, loc, type, x);
}

namespace {

/// `scalar` as a constant of `type`: itself, or splat across a vector.
Value constantLike(OpBuilder &b, Location loc, Type type, TypedAttr scalar) {
  if (auto vector = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(vector, scalar));
  return arith::ConstantOp::create(b, loc, scalar);
}

/// Scalar or vector f64 arithmetic of one shape, for the expansions below.
class Arithmetic {
public:
  Arithmetic(OpBuilder &b, Location loc, Type type)
      : b(b), loc(loc), type(type) {}

  Value constant(double value) {
    return constantLike(b, loc, type, b.getF64FloatAttr(value));
  }
  Value add(Value l, Value r) { return arith::AddFOp::create(b, loc, l, r); }
  Value sub(Value l, Value r) { return arith::SubFOp::create(b, loc, l, r); }
  Value mul(Value l, Value r) { return arith::MulFOp::create(b, loc, l, r); }
  Value div(Value l, Value r) { return arith::DivFOp::create(b, loc, l, r); }
  Value cmp(arith::CmpFPredicate predicate, Value l, Value r) {
    return arith::CmpFOp::create(b, loc, predicate, l, r);
  }
  Value select(Value condition, Value l, Value r) {
    return arith::SelectOp::create(b, loc, condition, l, r);
  }
  Value both(Value l, Value r) { return arith::AndIOp::create(b, loc, l, r); }
  Value either(Value l, Value r) { return arith::OrIOp::create(b, loc, l, r); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value log(Value x) { return math::LogOp::create(b, loc, x); }
  Value log1p(Value x) { return math::Log1pOp::create(b, loc, x); }
  Value atan(Value x) { return math::AtanOp::create(b, loc, x); }
  Value asin(Value x) { return math::AsinOp::create(b, loc, x); }
  Value acos(Value x) { return math::AcosOp::create(b, loc, x); }
  Value copySign(Value magnitude, Value sign) {
    return math::CopySignOp::create(b, loc, magnitude, sign);
  }
  /// Whether `x`'s sign bit is set (-0 and negative NaNs included).
  Value signBit(Value x) {
    return cmp(arith::CmpFPredicate::OLT, copySign(constant(1), x),
               constant(0));
  }
  Value isNan(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value isInf(Value x) {
    return cmp(arith::CmpFPredicate::OEQ, abs(x),
               constant(std::numeric_limits<double>::infinity()));
  }

private:
  OpBuilder &b;
  Location loc;
  Type type;
};

} // namespace

Value hlox::buildDigamma(OpBuilder &b, Location loc, Value x) {
  Arithmetic f(b, loc, x.getType());
  auto constant = [&](double value) { return f.constant(value); };
  auto add = [&](Value l, Value r) { return f.add(l, r); };
  auto sub = [&](Value l, Value r) { return f.sub(l, r); };
  auto mul = [&](Value l, Value r) { return f.mul(l, r); };
  auto div = [&](Value l, Value r) { return f.div(l, r); };
  auto cmp = [&](arith::CmpFPredicate predicate, Value l, Value r) {
    return f.cmp(predicate, l, r);
  };
  auto select = [&](Value condition, Value l, Value r) {
    return f.select(condition, l, r);
  };
  Value isPole = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::OLE, x, constant(0)),
      cmp(arith::CmpFPredicate::OEQ, math::FloorOp::create(b, loc, x), x));
  Value isNan = arith::OrIOp::create(
      b, loc, cmp(arith::CmpFPredicate::UNO, x, x),
      cmp(arith::CmpFPredicate::OEQ, x,
          constant(-std::numeric_limits<double>::infinity())));
  Value reflect = cmp(arith::CmpFPredicate::OLT, x, constant(0.5));
  Value y = select(reflect, sub(constant(1), x), x);
  // From y >= 1/2, at most six steps reach 6.
  Value result = constant(0);
  for (int step = 0; step < 6; ++step) {
    Value below = cmp(arith::CmpFPredicate::OLT, y, constant(6));
    result = select(below, sub(result, div(constant(1), y)), result);
    y = select(below, add(y, constant(1)), y);
  }
  Value inv = div(constant(1), y);
  Value inv2 = mul(inv, inv);
  // The series' nesting, from the innermost term out.
  Value series = sub(constant(1.0 / 240), mul(inv2, constant(1.0 / 132)));
  series = sub(constant(1.0 / 252), mul(inv2, series));
  series = sub(constant(1.0 / 120), mul(inv2, series));
  series = sub(constant(1.0 / 12), mul(inv2, series));
  Value value = sub(
      sub(add(result, math::LogOp::create(b, loc, y)), mul(constant(0.5), inv)),
      mul(inv2, series));
  Value pi = constant(std::numbers::pi);
  Value cotangent = div(pi, math::TanOp::create(b, loc, mul(pi, x)));
  value = select(reflect, sub(value, cotangent), value);
  return select(arith::OrIOp::create(b, loc, isNan, isPole),
                constant(std::numeric_limits<double>::quiet_NaN()), value);
}

namespace {

/// asin's and acos's real parts and their shared imaginary part's
/// magnitude at x + i y, x and y not negative (the first quadrant).
struct InverseSine {
  Value asinReal, acosReal, imag;
};

/// The algorithm of Hull, Fairgrieve and Tang ("Implementing the complex
/// arcsine and arccosine functions using exception handling", ACM TOMS
/// 23(3), 1997) in f64, every region computed and the right one selected:
/// inside [safeMin, safeMax] both parts come from r = |z + 1| and
/// s = |z - 1| with the cancellations of A - 1 and of asin(B) near 1
/// rewritten away; outside it, the approximations of the paper's figures
/// 3 and 6, where squares would overflow or underflow. Infinities and NaNs
/// are the caller's.
InverseSine firstQuadrant(Arithmetic &f, Value x, Value y) {
  using P = arith::CmpFPredicate;
  constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
  const double safeMax = std::sqrt(std::numeric_limits<double>::max()) / 8;
  const double safeMin = 4 * std::sqrt(std::numeric_limits<double>::min());
  Value one = f.constant(1), half = f.constant(0.5);
  Value halfPi = f.constant(std::numbers::pi / 2);
  Value logTwo = f.constant(std::numbers::ln2);

  Value xp1 = f.add(x, one), xm1 = f.sub(x, one), oneMinusX = f.sub(one, x);
  Value yy = f.mul(y, y);
  Value xBelowOne = f.cmp(P::OLT, x, one);

  // The safe region.
  Value r = f.sqrt(f.add(f.mul(xp1, xp1), yy));
  Value s = f.sqrt(f.add(f.mul(xm1, xm1), yy));
  Value a = f.mul(half, f.add(r, s));
  Value ratio = f.div(x, a);
  Value apx = f.add(a, x);
  Value rxp1 = f.add(r, xp1);
  // Both real parts near ratio 1: asin = atan(x / t), acos = atan(t / x).
  Value tAtMostOne =
      f.sqrt(f.mul(f.mul(half, apx), f.add(f.div(yy, rxp1), f.sub(s, xm1))));
  Value tAboveOne = f.mul(
      y,
      f.sqrt(f.mul(half, f.add(f.div(apx, rxp1), f.div(apx, f.add(s, xm1))))));
  Value t = f.select(f.cmp(P::OLE, x, one), tAtMostOne, tAboveOne);
  Value smallRatio = f.cmp(P::OLE, ratio, f.constant(0.6417));
  Value asinReal = f.select(smallRatio, f.asin(ratio), f.atan(f.div(x, t)));
  Value acosReal = f.select(smallRatio, f.acos(ratio), f.atan(f.div(t, x)));
  // A - 1 without its cancellation, then asinh-like forms of log(A + ...).
  Value am1 = f.mul(
      half, f.add(f.div(yy, rxp1), f.select(xBelowOne, f.div(yy, f.sub(s, xm1)),
                                            f.add(s, xm1))));
  Value imag = f.select(f.cmp(P::OLE, a, f.constant(1.5)),
                        f.log1p(f.add(am1, f.sqrt(f.mul(am1, f.add(a, one))))),
                        f.log(f.add(a, f.sqrt(f.sub(f.mul(a, a), one)))));

  // Outside the safe region, from the last case back to the first, so
  // that the first that holds is selected.
  Value safe = f.both(f.both(f.cmp(P::OLT, x, f.constant(safeMax)),
                             f.cmp(P::OGT, x, f.constant(safeMin))),
                      f.both(f.cmp(P::OLT, y, f.constant(safeMax)),
                             f.cmp(P::OGT, y, f.constant(safeMin))));
  // x at most 1, y large or x tiny.
  Value hyp = f.sqrt(f.add(one, yy));
  Value oAsin = f.div(x, hyp), oAcos = halfPi;
  Value oImag =
      f.mul(half, f.log1p(f.mul(f.mul(f.constant(2), y), f.add(y, hyp))));
  // x above 1: y large.
  Value xOverY = f.div(x, y);
  Value xAboveOne = f.cmp(P::OGT, x, one);
  oAsin = f.select(xAboveOne, f.atan(xOverY), oAsin);
  oAcos = f.select(xAboveOne, f.atan(f.div(y, x)), oAcos);
  oImag = f.select(xAboveOne,
                   f.add(f.add(logTwo, f.log(y)),
                         f.mul(half, f.log1p(f.mul(xOverY, xOverY)))),
                   oImag);
  // y so large that x + 1 is below its ULP.
  Value yHuge = f.cmp(P::OGE, f.sub(f.mul(f.constant(kEpsilon), y), one), x);
  oAsin = f.select(yHuge, xOverY, oAsin);
  oAcos = f.select(yHuge, halfPi, oAcos);
  oImag = f.select(yHuge, f.add(logTwo, f.log(y)), oImag);
  // y tiny and x = 1 (the only x left there).
  Value yTiny = f.cmp(P::OLE, y, f.constant(safeMin));
  Value rootY = f.sqrt(y);
  oAsin = f.select(yTiny, f.sub(halfPi, rootY), oAsin);
  oAcos = f.select(yTiny, rootY, oAcos);
  oImag = f.select(yTiny, rootY, oImag);
  // y negligible beside |x - 1|: on the real axis, just off it.
  Value yNegligible = f.cmp(P::OLE, y, f.mul(f.constant(kEpsilon), f.abs(xm1)));
  Value below = f.div(y, f.sqrt(f.mul(xp1, oneMinusX)));
  // Above 1, (x + 1)(x - 1) overflows past sqrt(max).
  Value noOverflow = f.cmp(
      P::OGT, f.div(f.constant(std::numeric_limits<double>::max()), xp1), xm1);
  Value root = f.sqrt(f.mul(xp1, xm1));
  Value aboveAcos = f.select(noOverflow, f.div(y, root), f.div(y, x));
  Value aboveImag =
      f.select(noOverflow, f.log1p(f.add(xm1, root)), f.add(logTwo, f.log(x)));
  oAsin = f.select(yNegligible, f.select(xBelowOne, f.asin(x), halfPi), oAsin);
  oAcos =
      f.select(yNegligible, f.select(xBelowOne, f.acos(x), aboveAcos), oAcos);
  oImag = f.select(yNegligible, f.select(xBelowOne, below, aboveImag), oImag);

  return {f.select(safe, asinReal, oAsin), f.select(safe, acosReal, oAcos),
          f.select(safe, imag, oImag)};
}

/// The first quadrant's parts with C99's infinities and NaNs (Annex G's
/// casin and cacos), before the signs: NaN real parts where a NaN meets
/// anything but a zero real part, an infinite imaginary part wherever an
/// infinity is.
struct Specials {
  Value realNan, realZeroImagNan, xInf, yInf, imag;
};

Specials specials(Arithmetic &f, Value x, Value y, Value imag) {
  using P = arith::CmpFPredicate;
  Value xNan = f.isNan(x), yNan = f.isNan(y);
  Value xInf = f.isInf(x), yInf = f.isInf(y);
  Value xZero = f.cmp(P::OEQ, x, f.constant(0));
  Value realNan = f.either(xNan, f.both(yNan, f.cmp(P::UNE, x, f.constant(0))));
  imag = f.select(f.either(xNan, yNan),
                  f.constant(std::numeric_limits<double>::quiet_NaN()), imag);
  imag = f.select(f.either(xInf, yInf),
                  f.constant(std::numeric_limits<double>::infinity()), imag);
  return {realNan, f.both(yNan, xZero), xInf, yInf, imag};
}

} // namespace

std::pair<Value, Value> hlox::buildComplexAsin(OpBuilder &b, Location loc,
                                               Value re, Value im) {
  Arithmetic f(b, loc, re.getType());
  using P = arith::CmpFPredicate;
  Value x = f.abs(re), y = f.abs(im);
  InverseSine parts = firstQuadrant(f, x, y);
  Specials special = specials(f, x, y, parts.imag);
  Value real = parts.asinReal;
  real = f.select(special.yInf, f.constant(0), real);
  real = f.select(special.xInf,
                  f.select(special.yInf, f.constant(std::numbers::pi / 4),
                           f.constant(std::numbers::pi / 2)),
                  real);
  real = f.select(special.realZeroImagNan, f.constant(0), real);
  real = f.select(special.realNan,
                  f.constant(std::numeric_limits<double>::quiet_NaN()), real);
  // On the real axis within [-1, 1], the real asin itself.
  Value onAxis =
      f.both(f.cmp(P::OEQ, y, f.constant(0)), f.cmp(P::OLE, x, f.constant(1)));
  real = f.select(onAxis, f.asin(x), real);
  return {f.copySign(real, re), f.copySign(special.imag, im)};
}

std::pair<Value, Value> hlox::buildComplexAcos(OpBuilder &b, Location loc,
                                               Value re, Value im) {
  Arithmetic f(b, loc, re.getType());
  using P = arith::CmpFPredicate;
  Value x = f.abs(re), y = f.abs(im);
  InverseSine parts = firstQuadrant(f, x, y);
  Specials special = specials(f, x, y, parts.imag);
  Value halfPi = f.constant(std::numbers::pi / 2);
  Value real = parts.acosReal;
  real = f.select(special.yInf, halfPi, real);
  real = f.select(
      special.xInf,
      f.select(special.yInf, f.constant(std::numbers::pi / 4), f.constant(0)),
      real);
  real = f.select(special.realZeroImagNan, halfPi, real);
  real = f.select(special.realNan,
                  f.constant(std::numeric_limits<double>::quiet_NaN()), real);
  // acos(-z) = pi - acos(z); on the real axis within [-1, 1], the real
  // acos itself (pi/2 at zero), the imaginary part's sign flipped.
  real =
      f.select(f.signBit(re), f.sub(f.constant(std::numbers::pi), real), real);
  Value onAxis =
      f.both(f.cmp(P::OEQ, y, f.constant(0)), f.cmp(P::OLE, x, f.constant(1)));
  real = f.select(onAxis, f.acos(re), real);
  Value imag = f.select(f.signBit(im), special.imag, f.neg(special.imag));
  return {real, imag};
}

std::pair<Value, Value> hlox::buildComplexAsinh(OpBuilder &b, Location loc,
                                                Value re, Value im) {
  // asinh(z) = -i asin(i z).
  Arithmetic f(b, loc, re.getType());
  auto [u, v] = buildComplexAsin(b, loc, f.neg(im), re);
  return {v, f.neg(u)};
}

std::pair<Value, Value> hlox::buildComplexAcosh(OpBuilder &b, Location loc,
                                                Value re, Value im) {
  // acosh(z) = +-i acos(z), the sign that makes the real part positive.
  Arithmetic f(b, loc, re.getType());
  auto [u, v] = buildComplexAcos(b, loc, re, im);
  return {f.abs(v), f.copySign(u, im)};
}

Value hlox::buildComplexInverse(OpBuilder &b, Location loc,
                                ComplexInverse which, Value z) {
  auto type = cast<ComplexType>(z.getType());
  Type part = type.getElementType();
  Value re = extendToF64(b, loc, complex::ReOp::create(b, loc, z));
  Value im = extendToF64(b, loc, complex::ImOp::create(b, loc, z));
  std::pair<Value, Value> result;
  switch (which) {
  case ComplexInverse::Asin:
    result = buildComplexAsin(b, loc, re, im);
    break;
  case ComplexInverse::Acos:
    result = buildComplexAcos(b, loc, re, im);
    break;
  case ComplexInverse::Asinh:
    result = buildComplexAsinh(b, loc, re, im);
    break;
  case ComplexInverse::Acosh:
    result = buildComplexAcosh(b, loc, re, im);
    break;
  }
  return complex::CreateOp::create(b, loc, type,
                                   roundFromF64(b, loc, result.first, part),
                                   roundFromF64(b, loc, result.second, part));
}

namespace {

/// Integer arithmetic of one shape (scalar or vector) and width.
class Integers {
public:
  Integers(OpBuilder &b, Location loc, Type type)
      : b(b), loc(loc), type(type) {}

  Value constant(int64_t value) {
    return constantLike(b, loc, type,
                        b.getIntegerAttr(getElementTypeOrSelf(type), value));
  }
  Value add(Value l, Value r) { return arith::AddIOp::create(b, loc, l, r); }
  Value sub(Value l, Value r) { return arith::SubIOp::create(b, loc, l, r); }
  Value bitAnd(Value l, Value r) { return arith::AndIOp::create(b, loc, l, r); }
  Value bitOr(Value l, Value r) { return arith::OrIOp::create(b, loc, l, r); }
  Value shl(Value l, Value r) { return arith::ShLIOp::create(b, loc, l, r); }
  Value shr(Value l, Value r) { return arith::ShRUIOp::create(b, loc, l, r); }
  Value max(Value l, Value r) { return arith::MaxSIOp::create(b, loc, l, r); }
  Value cmp(arith::CmpIPredicate predicate, Value l, Value r) {
    return arith::CmpIOp::create(b, loc, predicate, l, r);
  }
  Value eq(Value l, int64_t r) {
    return cmp(arith::CmpIPredicate::eq, l, constant(r));
  }
  Value select(Value condition, Value l, Value r) {
    return arith::SelectOp::create(b, loc, condition, l, r);
  }

private:
  OpBuilder &b;
  Location loc;
  Type type;
};

} // namespace

Value hlox::buildDecodeSmallFloat(OpBuilder &b, Location loc, Value bits,
                                  numerics::SmallFloat format) {
  using numerics::SmallFloatSpecials;
  numerics::SmallFloatLayout f = numerics::describeSmallFloat(format);
  using P = arith::CmpIPredicate;
  Type i32 = shapedLike(bits.getType(), b.getI32Type());
  Type f32 = shapedLike(bits.getType(), b.getF32Type());
  Integers i(b, loc, i32);
  Value code = i.bitAnd(arith::ExtUIOp::create(b, loc, i32, bits),
                        i.constant((1 << f.bits) - 1));
  Value negative =
      i.cmp(P::ne, i.bitAnd(code, i.constant(f.signBit())), i.constant(0));
  Value magnitude = i.bitAnd(code, i.constant(f.magnitudeMask()));
  Value field = i.shr(magnitude, i.constant(f.mantissa));
  Value fraction = i.bitAnd(magnitude, i.constant((1 << f.mantissa) - 1));
  // f32's bits of the value, exact: every format's values are f32 values.
  Value valueBits;
  if (!f.hasZero) {
    // 2^(field - bias) with bias 127 (E8M0): f32's exponent field itself;
    // field 0 is 2^-127, f32's subnormal 0x00400000.
    assert(f.bias == 127 && f.mantissa == 0 && "an exponent-only format");
    valueBits = i.select(i.eq(field, 0), i.constant(0x00400000),
                         i.shl(field, i.constant(23)));
  } else {
    // Normal: f32 exponent field - bias + 127, the fraction's bits at the
    // top of f32's mantissa. Subnormal: fraction x 2^(1 - bias - mantissa),
    // an exact product of two f32s.
    Value normal =
        i.bitOr(i.shl(i.add(field, i.constant(127 - f.bias)), i.constant(23)),
                i.shl(fraction, i.constant(23 - f.mantissa)));
    Value subnormal = arith::BitcastOp::create(
        b, loc, i32,
        arith::MulFOp::create(
            b, loc, arith::UIToFPOp::create(b, loc, f32, fraction),
            arith::BitcastOp::create(
                b, loc, f32,
                i.constant(int64_t(127 + 1 - f.bias - f.mantissa) << 23))));
    valueBits = i.select(i.eq(field, 0), subnormal, normal);
  }
  valueBits = i.bitOr(valueBits,
                      i.select(negative, i.constant(INT32_MIN), i.constant(0)));
  Value nanBits = i.constant(0x7FC00000);
  Value infBits =
      i.select(negative, i.constant(int64_t(0xFF800000u) - (int64_t(1) << 32)),
               i.constant(0x7F800000));
  switch (f.specials) {
  case SmallFloatSpecials::Ieee:
    valueBits =
        i.select(i.eq(field, f.maxField()),
                 i.select(i.eq(fraction, 0), infBits, nanBits), valueBits);
    break;
  case SmallFloatSpecials::NanAllOnes:
    valueBits =
        i.select(i.eq(magnitude, f.magnitudeMask()), nanBits, valueBits);
    break;
  case SmallFloatSpecials::NanNegZero:
    valueBits =
        i.select(arith::AndIOp::create(b, loc, negative, i.eq(magnitude, 0)),
                 nanBits, valueBits);
    break;
  case SmallFloatSpecials::None:
    break;
  }
  return arith::BitcastOp::create(b, loc, f32, valueBits);
}

Value hlox::buildEncodeSmallFloat(OpBuilder &b, Location loc, Value value,
                                  numerics::SmallFloat format) {
  using numerics::SmallFloatSpecials;
  numerics::SmallFloatLayout f = numerics::describeSmallFloat(format);
  using P = arith::CmpIPredicate;
  Type i64 = shapedLike(value.getType(), b.getI64Type());
  Type f64 = shapedLike(value.getType(), b.getF64Type());
  Integers i(b, loc, i64);
  Arithmetic d(b, loc, f64);
  Value valueBits = arith::BitcastOp::create(b, loc, i64, value);
  Value negative = i.cmp(P::slt, valueBits, i.constant(0));
  Value sign = i.select(negative, i.constant(f.signBit()), i.constant(0));
  Value zero =
      f.specials == SmallFloatSpecials::NanNegZero ? i.constant(0) : sign;
  Value nan =
      i.select(negative, i.constant(f.nan(true)), i.constant(f.nan(false)));
  Value overflow;
  switch (f.specials) {
  case SmallFloatSpecials::Ieee:
    overflow = i.bitOr(sign, i.constant(int64_t(f.maxField()) << f.mantissa));
    break;
  case SmallFloatSpecials::NanAllOnes:
  case SmallFloatSpecials::NanNegZero:
    overflow = nan;
    break;
  case SmallFloatSpecials::None:
    overflow = i.bitOr(sign, i.constant(f.largest()));
    break;
  }
  Value magnitude = d.abs(value);
  // The exponent of the binade, at least the smallest normal one (an
  // exponent-only format has no subnormals: its smallest value takes the
  // tiny ones); f64's subnormals fall below every format's.
  int64_t minExponent = f.hasZero ? 1 - f.bias : -f.bias;
  Value biased = i.bitAnd(i.shr(valueBits, i.constant(52)), i.constant(0x7FF));
  Value exponent =
      i.max(i.sub(biased, i.constant(1023)), i.constant(minExponent));
  // The magnitude in quanta of 2^(exponent - mantissa), rounded to nearest
  // even; the scale 2^-(exponent - mantissa) in two normal halves.
  Value quantum = i.sub(exponent, i.constant(f.mantissa));
  Value firstHalf = arith::ShRSIOp::create(b, loc, quantum, i.constant(1));
  Value secondHalf = i.sub(quantum, firstHalf);
  auto powerOfTwo = [&](Value negatedExponent) -> Value {
    // 2^-k for |k| <= 600: f64's exponent field 1023 - k.
    return arith::BitcastOp::create(
        b, loc, f64,
        i.shl(i.sub(i.constant(1023), negatedExponent), i.constant(52)));
  };
  Value scaled =
      d.mul(d.mul(magnitude, powerOfTwo(firstHalf)), powerOfTwo(secondHalf));
  Value count = math::RoundEvenOp::create(b, loc, scaled);
  Value n = arith::FPToUIOp::create(b, loc, i64, count);
  // Rounded up into the next binade.
  Value carried =
      i.cmp(P::ne, i.shr(n, i.constant(f.mantissa + 1)), i.constant(0));
  n = i.select(carried, i.shr(n, i.constant(1)), n);
  exponent = i.select(carried, i.add(exponent, i.constant(1)), exponent);
  Value isNormal =
      i.cmp(P::ne, i.shr(n, i.constant(f.mantissa)), i.constant(0));
  Value field = i.add(exponent, i.constant(f.bias));
  Value normal =
      i.bitOr(i.shl(field, i.constant(f.mantissa)),
              i.bitAnd(n, i.constant((int64_t(1) << f.mantissa) - 1)));
  Value encoded = i.select(isNormal, normal, n);
  Value tooLarge = arith::OrIOp::create(
      b, loc,
      arith::AndIOp::create(b, loc, isNormal,
                            i.cmp(P::sgt, field, i.constant(f.maxField()))),
      i.cmp(P::sgt, encoded, i.constant(f.largest())));
  Value result = i.select(tooLarge, overflow, i.bitOr(sign, encoded));
  // Rounded to zero: the format's zero (its smallest value without one).
  Value zeroCode = f.hasZero ? zero : i.constant(0);
  Value roundsToZero = d.cmp(arith::CmpFPredicate::OEQ, count, d.constant(0));
  if (!f.isSigned)
    // No place for other negative values.
    result = i.select(negative, i.constant(f.nan(false)), result);
  result = i.select(roundsToZero, zeroCode, result);
  result = i.select(d.isInf(value), overflow, result);
  result = i.select(d.isNan(value), nan, result);
  return arith::TruncIOp::create(
      b, loc, shapedLike(value.getType(), b.getI8Type()), result);
}
