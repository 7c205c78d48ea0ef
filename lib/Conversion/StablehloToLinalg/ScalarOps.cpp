//===- ScalarOps.cpp - Elementwise StableHLO ops on scalars ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The scalar form of every elementwise op: the body of the linalg.generic an
// elementwise op becomes, and of reduction bodies and comparators. Integer
// edge cases follow the spec and the evaluator (division by zero gives -1,
// x % 0 gives x, shifts by the width or more give 0 or the sign), so that
// generated code never reaches LLVM's undefined behaviour.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/CHLO/IR/ChloOps.h"
#include "hlox/Dialect/Special/IR/SpecialOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

bool isUnsigned(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && (integer.isUnsigned() || integer.getWidth() == 1);
}
bool isComplex(Type type) { return isa<ComplexType>(type); }

Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, IntegerAttr::get(type, APInt(type.getIntOrFloatBitWidth(), value,
                                           /*isSigned=*/true)));
}
Value floatConstant(OpBuilder &b, Location loc, Type type, double value) {
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
}

/// `value` rounded to the narrower float type `type`. f64 to bf16 goes
/// through f32: the JIT has no soft-float routine for it.
Value truncateFloat(OpBuilder &b, Location loc, Value value, Type type) {
  if (type.isBF16() && value.getType().isF64())
    value = arith::TruncFOp::create(b, loc, b.getF32Type(), value);
  return arith::TruncFOp::create(b, loc, type, value);
}

/// Narrow floats (f16, bf16 and smaller) compute transcendental functions in
/// f32 and round once.
template <typename Fn>
Value inWideFloat(OpBuilder &b, Location loc, Value x, Fn fn) {
  auto type = cast<FloatType>(x.getType());
  if (type.getWidth() >= 32)
    return fn(x);
  Type f32 = b.getF32Type();
  Value wide = arith::ExtFOp::create(b, loc, f32, x);
  return arith::TruncFOp::create(b, loc, type, fn(wide));
}

/// fn(x', y') of two floats of one type, x' and y' widened to f32 for
/// narrow floats (the result rounded back once).
template <typename Fn>
Value inWideFloat(OpBuilder &b, Location loc, Value x, Value y, Fn fn) {
  return inWideFloat(b, loc, x, [&](Value v) -> Value {
    Value w = v.getType() == y.getType()
                  ? y
                  : arith::ExtFOp::create(b, loc, v.getType(), y).getResult();
    return fn(v, w);
  });
}

/// A math op of one float operand, through f32 for narrow floats.
template <typename MathOp>
Value unaryMath(OpBuilder &b, Location loc, Value x) {
  return inWideFloat(b, loc, x,
                     [&](Value v) { return MathOp::create(b, loc, v); });
}

Value complexPart(OpBuilder &b, Location loc, Value x, bool real) {
  if (real)
    return complex::ReOp::create(b, loc, x);
  return complex::ImOp::create(b, loc, x);
}

/// The float's total-order key: its bits as a signed integer, magnitude
/// flipped for negative values (compare's TOTALORDER).
Value totalOrderKey(OpBuilder &b, Location loc, Value x) {
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, intType, x);
  Value sign = arith::ShRSIOp::create(b, loc, bits,
                                      intConstant(b, loc, intType, width - 1));
  Value mask =
      arith::ShRUIOp::create(b, loc, sign, intConstant(b, loc, intType, 1));
  return arith::XOrIOp::create(b, loc, bits, mask);
}

Value emitCompare(OpBuilder &b, Location loc, shlo::ComparisonDirection dir,
                  std::optional<shlo::ComparisonType> compareType, Value lhs,
                  Value rhs, Type type) {
  using D = shlo::ComparisonDirection;
  if (isComplex(type)) {
    if (dir == D::EQ)
      return complex::EqualOp::create(b, loc, lhs, rhs);
    if (dir == D::NE)
      return complex::NotEqualOp::create(b, loc, lhs, rhs);
    // Other directions order complex numbers lexicographically.
    Value lr = complexPart(b, loc, lhs, true), li = complexPart(b, loc, lhs, false);
    Value rr = complexPart(b, loc, rhs, true), ri = complexPart(b, loc, rhs, false);
    Type part = lr.getType();
    Value realEq = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lr, rr);
    Value imagCmp = emitCompare(b, loc, dir, compareType, li, ri, part);
    Value strictReal = emitCompare(
        b, loc, dir == D::GE ? D::GT : dir == D::LE ? D::LT : dir, compareType,
        lr, rr, part);
    return arith::SelectOp::create(b, loc, realEq, imagCmp, strictReal);
  }
  if (isa<FloatType>(type)) {
    if (compareType == shlo::ComparisonType::TOTALORDER) {
      Value l = totalOrderKey(b, loc, lhs), r = totalOrderKey(b, loc, rhs);
      return emitCompare(b, loc, dir, shlo::ComparisonType::SIGNED, l, r,
                         l.getType());
    }
    arith::CmpFPredicate predicate;
    switch (dir) {
    case D::EQ: predicate = arith::CmpFPredicate::OEQ; break;
    case D::NE: predicate = arith::CmpFPredicate::UNE; break;
    case D::GE: predicate = arith::CmpFPredicate::OGE; break;
    case D::GT: predicate = arith::CmpFPredicate::OGT; break;
    case D::LE: predicate = arith::CmpFPredicate::OLE; break;
    case D::LT: predicate = arith::CmpFPredicate::OLT; break;
    }
    return arith::CmpFOp::create(b, loc, predicate, lhs, rhs);
  }
  bool unsignedCmp = isUnsigned(type) ||
                     compareType == shlo::ComparisonType::UNSIGNED;
  if (compareType == shlo::ComparisonType::SIGNED)
    unsignedCmp = false;
  arith::CmpIPredicate predicate;
  switch (dir) {
  case D::EQ: predicate = arith::CmpIPredicate::eq; break;
  case D::NE: predicate = arith::CmpIPredicate::ne; break;
  case D::GE: predicate = unsignedCmp ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge; break;
  case D::GT: predicate = unsignedCmp ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt; break;
  case D::LE: predicate = unsignedCmp ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle; break;
  case D::LT: predicate = unsignedCmp ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt; break;
  }
  return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
}

/// max (or min) with the spec's rules: NaN wins for floats, complex numbers
/// order lexicographically, i1 is or (and).
Value emitMinMax(OpBuilder &b, Location loc, bool isMax, Value x, Value y,
                 Type type) {
  if (isComplex(type)) {
    Value less = emitCompare(b, loc, shlo::ComparisonDirection::LT, {}, x, y,
                             type);
    return isMax ? arith::SelectOp::create(b, loc, less, y, x)
                 : arith::SelectOp::create(b, loc, less, x, y);
  }
  if (isa<FloatType>(type))
    return isMax ? arith::MaximumFOp::create(b, loc, x, y).getResult()
                 : arith::MinimumFOp::create(b, loc, x, y).getResult();
  if (type.getIntOrFloatBitWidth() == 1)
    return isMax ? arith::OrIOp::create(b, loc, x, y).getResult()
                 : arith::AndIOp::create(b, loc, x, y).getResult();
  if (isUnsigned(type))
    return isMax ? arith::MaxUIOp::create(b, loc, x, y).getResult()
                 : arith::MinUIOp::create(b, loc, x, y).getResult();
  return isMax ? arith::MaxSIOp::create(b, loc, x, y).getResult()
               : arith::MinSIOp::create(b, loc, x, y).getResult();
}

Value emitIntDivRem(OpBuilder &b, Location loc, bool isDiv, Value x, Value y,
                    Type type) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = intConstant(b, loc, t, 0), one = intConstant(b, loc, t, 1);
  Value minusOne = intConstant(b, loc, t, -1);
  Value byZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
  if (isUnsigned(type)) {
    Value safe = arith::SelectOp::create(b, loc, byZero, one, y);
    Value q = isDiv ? arith::DivUIOp::create(b, loc, x, safe).getResult()
                    : arith::RemUIOp::create(b, loc, x, safe).getResult();
    return arith::SelectOp::create(b, loc, byZero, isDiv ? minusOne : x, q);
  }
  Value minInt = arith::ConstantOp::create(
      b, loc, IntegerAttr::get(t, APInt::getSignedMinValue(width)));
  Value overflow = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, minInt),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, minusOne));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  Value safe = arith::SelectOp::create(b, loc, unsafe, one, y);
  Value q = isDiv ? arith::DivSIOp::create(b, loc, x, safe).getResult()
                  : arith::RemSIOp::create(b, loc, x, safe).getResult();
  // x / 0 = -1, x % 0 = x; MIN / -1 = MIN, MIN % -1 = 0.
  Value special = isDiv ? arith::SelectOp::create(b, loc, byZero, minusOne, x)
                        : arith::SelectOp::create(b, loc, byZero, x, zero);
  return arith::SelectOp::create(b, loc, unsafe, special, q);
}

enum class ShiftKind { Left, RightLogical, RightArithmetic };

Value emitShift(OpBuilder &b, Location loc, ShiftKind kind, Value x, Value y) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value limit = intConstant(b, loc, t, width);
  // Read as unsigned, a negative amount is at least the width too.
  Value tooFar = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, y, limit);
  Value zero = intConstant(b, loc, t, 0);
  Value safe = arith::SelectOp::create(b, loc, tooFar, zero, y);
  switch (kind) {
  case ShiftKind::Left:
    return arith::SelectOp::create(b, loc, tooFar, zero,
                                   arith::ShLIOp::create(b, loc, x, safe));
  case ShiftKind::RightLogical:
    return arith::SelectOp::create(b, loc, tooFar, zero,
                                   arith::ShRUIOp::create(b, loc, x, safe));
  case ShiftKind::RightArithmetic: {
    Value full = arith::ShRSIOp::create(b, loc, x,
                                        intConstant(b, loc, t, width - 1));
    return arith::SelectOp::create(b, loc, tooFar, full,
                                   arith::ShRSIOp::create(b, loc, x, safe));
  }
  }
  llvm_unreachable("shift kind");
}

/// Integer power by squaring over the exponent's bits; negative exponents
/// give 0 except for bases 1 and -1 (signed types).
Value emitIntPower(OpBuilder &b, Location loc, Value x, Value y, Type type) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = intConstant(b, loc, t, 0), one = intConstant(b, loc, t, 1);
  Value lb = arith::ConstantIndexOp::create(b, loc, 0);
  Value ub = arith::ConstantIndexOp::create(b, loc, width);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{one, x, y},
      [&](OpBuilder &nb, Location nloc, Value, ValueRange iter) {
        Value bit = arith::AndIOp::create(nb, nloc, iter[2], one);
        Value odd = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ne,
                                          bit, zero);
        Value times = arith::MulIOp::create(nb, nloc, iter[0], iter[1]);
        Value result = arith::SelectOp::create(nb, nloc, odd, times, iter[0]);
        Value base = arith::MulIOp::create(nb, nloc, iter[1], iter[1]);
        Value rest = arith::ShRUIOp::create(nb, nloc, iter[2], one);
        scf::YieldOp::create(nb, nloc, ValueRange{result, base, rest});
      });
  Value power = loop.getResult(0);
  if (isUnsigned(type))
    return power;
  Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, y, zero);
  Value minusOne = intConstant(b, loc, t, -1);
  Value isOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, one);
  Value isMinusOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, minusOne);
  Value odd = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne, arith::AndIOp::create(b, loc, y, one), zero);
  Value reciprocal = arith::SelectOp::create(
      b, loc, isOne, one,
      arith::SelectOp::create(
          b, loc, isMinusOne,
          arith::SelectOp::create(b, loc, odd, minusOne, one), zero));
  return arith::SelectOp::create(b, loc, negative, reciprocal, power);
}

Value emitSign(OpBuilder &b, Location loc, Value x, Type type) {
  Type t = x.getType();
  if (isa<IntegerType>(t)) {
    Value zero = intConstant(b, loc, t, 0);
    Value positive = arith::ExtUIOp::create(
        b, loc, t,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero));
    if (isUnsigned(type)) {
      Value nonzero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero);
      return arith::ExtUIOp::create(b, loc, t, nonzero);
    }
    Value negative = arith::ExtUIOp::create(
        b, loc, t,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero));
    return arith::SubIOp::create(b, loc, positive, negative);
  }
  if (isa<FloatType>(t)) {
    Value zero = floatConstant(b, loc, t, 0.0);
    // NaN and zeros stay; everything else is +-1.
    Value keep = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UEQ, x, zero);
    Value unit = math::CopySignOp::create(b, loc, floatConstant(b, loc, t, 1.0), x);
    return arith::SelectOp::create(b, loc, keep, x, unit);
  }
  return complex::SignOp::create(b, loc, x);
}

Value emitLogistic(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  if (auto c = dyn_cast<ComplexType>(t)) {
    Value one = complex::CreateOp::create(b, loc, c,
                                          floatConstant(b, loc, c.getElementType(), 1.0),
                                          floatConstant(b, loc, c.getElementType(), 0.0));
    Value e = complex::ExpOp::create(b, loc, complex::NegOp::create(b, loc, x));
    return complex::DivOp::create(b, loc, one, complex::AddOp::create(b, loc, one, e));
  }
  // 1 / (1 + e^-x) for x >= 0 and e^x / (1 + e^x) below: e^-|x| never
  // overflows, so that results down to the subnormals keep their value.
  // The quotient q = n / d, d = 1 + e rounded, is corrected to first order
  // by what the two roundings lost: n / (d + err) = q + (rem - q err) /
  // (d + err), with err = e - (d - 1) (exact by Fast2Sum, 1 >= e) and
  // rem = n - q d (exact by FMA); 1 / d is q for n = 1 and 1 - q for n =
  // e. Without it a result just below 1/2 (x just below 0) was 2 ULPs off.
  return inWideFloat(b, loc, x, [&](Value v) -> Value {
    Type vt = v.getType();
    Value one = floatConstant(b, loc, vt, 1.0);
    Value e = math::ExpOp::create(
        b, loc, arith::NegFOp::create(b, loc, math::AbsFOp::create(b, loc, v)));
    Value positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, v,
                                           floatConstant(b, loc, vt, 0.0));
    Value numerator = arith::SelectOp::create(b, loc, positive, one, e);
    Value d = arith::AddFOp::create(b, loc, one, e);
    Value err =
        arith::SubFOp::create(b, loc, e, arith::SubFOp::create(b, loc, d, one));
    Value q = arith::DivFOp::create(b, loc, numerator, d);
    Value rem = math::FmaOp::create(b, loc, arith::NegFOp::create(b, loc, q), d,
                                    numerator);
    Value lost =
        math::FmaOp::create(b, loc, arith::NegFOp::create(b, loc, q), err, rem);
    Value reciprocal = arith::SelectOp::create(
        b, loc, positive, q, arith::SubFOp::create(b, loc, one, q));
    return math::FmaOp::create(b, loc, lost, reciprocal, q);
  });
}

/// atan, atanh, sinh and cosh of complex `x`: atanh z = (log(1 + z) -
/// log(1 - z)) / 2, atan z = -i atanh(iz), sinh and cosh from exp. (The
/// naive log/sqrt forms of asin, acos, asinh and acosh lose accuracy near
/// their branch cuts; those are special ops, which targets resolve.)
Value emitComplexFunction(OpBuilder &b, Location loc, StringRef name, Value z) {
  auto type = cast<ComplexType>(z.getType());
  Type part = type.getElementType();
  auto c = [&](double re, double im) -> Value {
    return complex::CreateOp::create(b, loc, type, floatConstant(b, loc, part, re),
                                     floatConstant(b, loc, part, im));
  };
  auto add = [&](Value x, Value y) -> Value { return complex::AddOp::create(b, loc, x, y); };
  auto subtract = [&](Value x, Value y) -> Value { return complex::SubOp::create(b, loc, x, y); };
  auto mul = [&](Value x, Value y) -> Value { return complex::MulOp::create(b, loc, x, y); };
  auto log = [&](Value x) -> Value { return complex::LogOp::create(b, loc, x); };
  auto exp = [&](Value x) -> Value { return complex::ExpOp::create(b, loc, x); };
  auto atanh = [&](Value x) {
    return mul(c(0.5, 0), subtract(log(add(c(1, 0), x)), log(subtract(c(1, 0), x))));
  };
  if (name == "atanh")
    return atanh(z);
  if (name == "atan")
    return mul(c(0, -1), atanh(mul(c(0, 1), z)));
  Value e = exp(z), inverse = exp(complex::NegOp::create(b, loc, z));
  if (name == "sinh")
    return mul(c(0.5, 0), subtract(e, inverse));
  return mul(c(0.5, 0), add(e, inverse));
}

/// A float op with a complex counterpart: picks by the operand type.
template <typename MathOp, typename ComplexOp>
Value floatOrComplex(OpBuilder &b, Location loc, Value x) {
  if (isa<ComplexType>(x.getType()))
    return ComplexOp::create(b, loc, x);
  return unaryMath<MathOp>(b, loc, x);
}

} // namespace

unsigned hlox::lowering::bitWidthOf(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * complexType.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

Value hlox::lowering::emitToBits(OpBuilder &b, Location loc, Value x,
                                 Type type) {
  Type bits = b.getIntegerType(bitWidthOf(type));
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    // The real part in the low half, as the elements lie in memory.
    Type part = complexType.getElementType();
    Type half = b.getIntegerType(part.getIntOrFloatBitWidth());
    Value re = arith::ExtUIOp::create(
        b, loc, bits,
        arith::BitcastOp::create(b, loc, half, complex::ReOp::create(b, loc, x)));
    Value im = arith::ExtUIOp::create(
        b, loc, bits,
        arith::BitcastOp::create(b, loc, half, complex::ImOp::create(b, loc, x)));
    Value shift = arith::ConstantOp::create(
        b, loc, IntegerAttr::get(bits, part.getIntOrFloatBitWidth()));
    return arith::OrIOp::create(b, loc, re,
                                arith::ShLIOp::create(b, loc, im, shift));
  }
  if (isSmallFloat(type)) // the low bits of an i8
    return bitWidthOf(type) < 8 ? arith::TruncIOp::create(b, loc, bits, x)
                                : x;
  return x.getType() == bits ? x : arith::BitcastOp::create(b, loc, bits, x);
}

Value hlox::lowering::emitFromBits(OpBuilder &b, Location loc, Value bits,
                                   Type type) {
  Type target = convertElementType(type);
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    unsigned width = part.getIntOrFloatBitWidth();
    Type half = b.getIntegerType(width);
    Value shift = arith::ConstantOp::create(
        b, loc, IntegerAttr::get(bits.getType(), width));
    Value re = arith::BitcastOp::create(
        b, loc, part, arith::TruncIOp::create(b, loc, half, bits));
    Value im = arith::BitcastOp::create(
        b, loc, part,
        arith::TruncIOp::create(b, loc, half,
                                arith::ShRUIOp::create(b, loc, bits, shift)));
    return complex::CreateOp::create(b, loc, target, re, im);
  }
  if (isSmallFloat(type))
    return bits.getType() == target
               ? bits
               : arith::ExtUIOp::create(b, loc, target, bits).getResult();
  return bits.getType() == target ? bits
                                  : arith::BitcastOp::create(b, loc, target, bits);
}

namespace {

Value emitIsFinite(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(t, APFloat::getInf(cast<FloatType>(t).getFloatSemantics())));
  Value magnitude = math::AbsFOp::create(b, loc, x);
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, magnitude, inf);
}

Value emitIsInf(OpBuilder &b, Location loc, Value x, int sign) {
  Type t = x.getType();
  const auto &semantics = cast<FloatType>(t).getFloatSemantics();
  if (sign == 0) {
    Value inf = arith::ConstantOp::create(b, loc, b.getFloatAttr(t, APFloat::getInf(semantics)));
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                 math::AbsFOp::create(b, loc, x), inf);
  }
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(t, APFloat::getInf(semantics, sign < 0)));
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, inf);
}

/// reduce_precision: round the mantissa to `mantissaBits` (to nearest even)
/// and flush exponents outside `exponentBits` to infinity or zero, on the
/// f32 (f64 for f64) bits; narrow floats go through f32 like the evaluator.
Value emitReducePrecision(OpBuilder &b, Location loc, Value x,
                          int exponentBits, int mantissaBits) {
  Type type = x.getType();
  bool isDouble = type.isF64();
  Type wide = isDouble ? b.getF64Type() : b.getF32Type();
  int kExponent = isDouble ? 11 : 8, kMantissa = isDouble ? 52 : 23;
  Type intType = b.getIntegerType(isDouble ? 64 : 32);
  Value value = type == wide ? x : arith::ExtFOp::create(b, loc, wide, x);
  Value bits = arith::BitcastOp::create(b, loc, intType, value);
  auto c = [&](uint64_t v) -> Value {
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(intType, APInt(isDouble ? 64 : 32, v)));
  };
  uint64_t signMask = uint64_t(1) << (kExponent + kMantissa);
  uint64_t exponentMask = ((uint64_t(1) << kExponent) - 1) << kMantissa;
  Value original = bits;
  if (mantissaBits < kMantissa) {
    int dropped = kMantissa - mantissaBits;
    uint64_t lastKept = uint64_t(1) << dropped;
    Value odd = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, bits, c(dropped)), c(1));
    Value bias = arith::AddIOp::create(b, loc, c((lastKept >> 1) - 1), odd);
    bits = arith::AndIOp::create(b, loc, arith::AddIOp::create(b, loc, bits, bias),
                                 c(~(lastKept - 1)));
  }
  Value signedInf = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, original, c(signMask)),
      c(exponentMask));
  if (exponentBits < kExponent) {
    int64_t bias = (int64_t(1) << (kExponent - 1)) - 1;
    int64_t reducedBias = (int64_t(1) << (exponentBits - 1)) - 1;
    Value exponent = arith::AndIOp::create(b, loc, bits, c(exponentMask));
    Value overflow = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ugt, exponent,
        c(uint64_t(bias + reducedBias) << kMantissa));
    Value underflow = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ule, exponent,
        c(uint64_t(bias - reducedBias) << kMantissa));
    Value inf = arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bits, c(signMask)),
        c(exponentMask));
    bits = arith::SelectOp::create(
        b, loc, overflow, inf,
        arith::SelectOp::create(b, loc, underflow,
                                arith::AndIOp::create(b, loc, bits, c(signMask)),
                                bits));
  }
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  Value nanBits = mantissaBits > 0 ? original : signedInf;
  bits = arith::SelectOp::create(b, loc, isNan, nanBits, bits);
  Value result = arith::BitcastOp::create(b, loc, wide, bits);
  return type == wide ? result : truncateFloat(b, loc, result, type);
}

} // namespace

Value hlox::lowering::emitConvert(OpBuilder &b, Location loc, Value value,
                                  Type from, Type to) {
  if (from == to)
    return value;
  // Small floats: decode to f32 (exactly), encode from f64 (one rounding).
  if (isSmallFloat(from) || isSmallFloat(to)) {
    if (isSmallFloat(from)) {
      value = emitDecodeSmallFloat(b, loc, value, from);
      from = b.getF32Type();
    }
    if (!isSmallFloat(to))
      return emitConvert(b, loc, value, from, to);
    Type f64 = b.getF64Type();
    return emitEncodeSmallFloat(b, loc, emitConvert(b, loc, value, from, f64),
                                to);
  }
  Type target = convertElementType(to);
  // To complex: convert the parts.
  if (auto toComplex = dyn_cast<ComplexType>(to)) {
    Type part = toComplex.getElementType();
    Value re, im;
    if (auto fromComplex = dyn_cast<ComplexType>(from)) {
      re = emitConvert(b, loc, complexPart(b, loc, value, true),
                       fromComplex.getElementType(), part);
      im = emitConvert(b, loc, complexPart(b, loc, value, false),
                       fromComplex.getElementType(), part);
    } else {
      re = emitConvert(b, loc, value, from, part);
      im = floatConstant(b, loc, part, 0.0);
    }
    return complex::CreateOp::create(b, loc, target, re, im);
  }
  // From complex to a real type: the real part.
  if (auto fromComplex = dyn_cast<ComplexType>(from)) {
    return emitConvert(b, loc, complexPart(b, loc, value, true),
                       fromComplex.getElementType(), to);
  }
  // To i1: != 0.
  if (to.isInteger(1)) {
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   floatConstant(b, loc, from, 0.0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                 intConstant(b, loc, value.getType(), 0));
  }
  if (auto toFloat = dyn_cast<FloatType>(to)) {
    if (auto fromFloat = dyn_cast<FloatType>(from)) {
      if (fromFloat.getWidth() < toFloat.getWidth() ||
          (fromFloat.getWidth() == toFloat.getWidth() &&
           APFloat::isRepresentableAsNormalIn(fromFloat.getFloatSemantics(),
                                              toFloat.getFloatSemantics())))
        return arith::ExtFOp::create(b, loc, toFloat, value);
      if (fromFloat.getWidth() == toFloat.getWidth()) {
        // bf16 <-> f16: through f32.
        Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
        return arith::TruncFOp::create(b, loc, toFloat, wide);
      }
      return truncateFloat(b, loc, value, toFloat);
    }
    if (isUnsigned(from))
      return arith::UIToFPOp::create(b, loc, toFloat, value);
    return arith::SIToFPOp::create(b, loc, toFloat, value);
  }
  auto toInt = cast<IntegerType>(target);
  unsigned toWidth = toInt.getWidth();
  if (auto fromFloat = dyn_cast<FloatType>(from)) {
    // Truncate toward zero and saturate; NaN becomes 0.
    Type f64 = b.getF64Type();
    Value wide = fromFloat.getWidth() < 64
                     ? arith::ExtFOp::create(b, loc, f64, value).getResult()
                     : value;
    bool isUnsignedTo = isUnsigned(to);
    double lo = isUnsignedTo ? 0.0 : -std::ldexp(1.0, toWidth - 1);
    double hi = isUnsignedTo ? std::ldexp(1.0, toWidth)
                             : std::ldexp(1.0, toWidth - 1);
    Value below = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, wide,
                                        floatConstant(b, loc, f64, lo));
    Value above = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, wide,
                                        floatConstant(b, loc, f64, hi));
    Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, wide, wide);
    Value safe = arith::SelectOp::create(
        b, loc, arith::OrIOp::create(b, loc, arith::OrIOp::create(b, loc, below, above), isNan),
        floatConstant(b, loc, f64, 0.0), wide);
    Value converted =
        isUnsignedTo ? arith::FPToUIOp::create(b, loc, toInt, safe).getResult()
                     : arith::FPToSIOp::create(b, loc, toInt, safe).getResult();
    APInt minValue = isUnsignedTo ? APInt::getMinValue(toWidth)
                                  : APInt::getSignedMinValue(toWidth);
    APInt maxValue = isUnsignedTo ? APInt::getMaxValue(toWidth)
                                  : APInt::getSignedMaxValue(toWidth);
    Value minConst = arith::ConstantOp::create(b, loc, IntegerAttr::get(toInt, minValue));
    Value maxConst = arith::ConstantOp::create(b, loc, IntegerAttr::get(toInt, maxValue));
    // `below` covers lo itself, which converts exactly.
    Value result = arith::SelectOp::create(b, loc, below, minConst, converted);
    return arith::SelectOp::create(b, loc, above, maxConst, result);
  }
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  if (fromWidth == toWidth)
    return value;
  if (fromWidth > toWidth)
    return arith::TruncIOp::create(b, loc, toInt, value);
  if (isUnsigned(from))
    return arith::ExtUIOp::create(b, loc, toInt, value);
  return arith::ExtSIOp::create(b, loc, toInt, value);
}

Value hlox::lowering::emitAdd(OpBuilder &b, Location loc, Value x, Value y,
                              Type type) {
  if (isComplex(type))
    return complex::AddOp::create(b, loc, x, y);
  if (isa<FloatType>(type))
    return arith::AddFOp::create(b, loc, x, y);
  if (type.isInteger(1))
    return arith::OrIOp::create(b, loc, x, y);
  return arith::AddIOp::create(b, loc, x, y);
}

Value hlox::lowering::emitMul(OpBuilder &b, Location loc, Value x, Value y,
                              Type type) {
  if (isComplex(type))
    return complex::MulOp::create(b, loc, x, y);
  if (isa<FloatType>(type))
    return arith::MulFOp::create(b, loc, x, y);
  if (type.isInteger(1))
    return arith::AndIOp::create(b, loc, x, y);
  return arith::MulIOp::create(b, loc, x, y);
}

Value hlox::lowering::emitZero(OpBuilder &b, Location loc, Type type) {
  Type t = convertElementType(type);
  if (auto c = dyn_cast<ComplexType>(t)) {
    Value zero = floatConstant(b, loc, c.getElementType(), 0.0);
    return complex::CreateOp::create(b, loc, c, zero, zero);
  }
  if (isa<FloatType>(t))
    return floatConstant(b, loc, t, 0.0);
  return intConstant(b, loc, t, 0);
}

bool hlox::lowering::isScalarizable(Operation *op) {
  return isa<shlo::AbsOp, shlo::CbrtOp, shlo::CeilOp, shlo::ConvertOp,
             shlo::CountLeadingZerosOp, shlo::CosineOp, shlo::ExpOp,
             shlo::Expm1Op, shlo::FloorOp, shlo::ImagOp, shlo::IsFiniteOp,
             shlo::LogOp, shlo::Log1pOp, shlo::LogisticOp, shlo::NegOp,
             shlo::NotOp, shlo::PopulationCountOp, shlo::RealOp, shlo::RoundOp,
             shlo::RoundNearestEvenOp, shlo::RsqrtOp, shlo::SignOp,
             shlo::SineOp, shlo::SqrtOp, shlo::TanOp, shlo::TanhOp,
             shlo::BitcastConvertOp, shlo::AddOp, shlo::AndOp, shlo::Atan2Op,
             shlo::ComplexOp, shlo::DivOp, shlo::MaxOp, shlo::MinOp,
             shlo::MulOp, shlo::OrOp, shlo::PowOp, shlo::RemOp,
             shlo::ShiftLeftOp, shlo::ShiftRightArithmeticOp,
             shlo::ShiftRightLogicalOp, shlo::SubtractOp, shlo::XorOp,
             shlo::CompareOp, shlo::SelectOp, shlo::ClampOp, chlo::AcosOp,
             chlo::AcoshOp, chlo::AsinOp, chlo::AsinhOp, chlo::AtanOp,
             chlo::AtanhOp, chlo::ConjOp, chlo::CoshOp, chlo::SinhOp,
             chlo::TanOp, chlo::ErfOp, chlo::ErfcOp, chlo::SquareOp,
             chlo::IsInfOp, chlo::IsNegInfOp, chlo::IsPosInfOp,
             chlo::LgammaOp, chlo::DigammaOp, chlo::ErfInvOp,
             chlo::BesselI1eOp, chlo::ZetaOp, chlo::PolygammaOp,
             chlo::NextAfterOp, shlo::ReducePrecisionOp, chlo::MulhiOp>(op);
}

FailureOr<Value> hlox::lowering::emitScalarOp(OpBuilder &b, Location loc,
                                              Operation *op, ValueRange args,
                                              ArrayRef<Type> types,
                                              Type resultType) {
  // Small floats compute in f32: decode the operands, encode the result.
  if ((llvm::any_of(types, isSmallFloat) || isSmallFloat(resultType)) &&
      !isa<shlo::ConvertOp, shlo::BitcastConvertOp>(op)) {
    SmallVector<Value> wideArgs;
    SmallVector<Type> wideTypes;
    Type f32 = b.getF32Type();
    for (auto [arg, argType] : llvm::zip(args, types)) {
      bool small = isSmallFloat(argType);
      wideArgs.push_back(small ? emitDecodeSmallFloat(b, loc, arg, argType)
                               : arg);
      wideTypes.push_back(small ? f32 : argType);
    }
    bool smallResult = isSmallFloat(resultType);
    FailureOr<Value> result = emitScalarOp(b, loc, op, wideArgs, wideTypes,
                                           smallResult ? f32 : resultType);
    if (failed(result) || !smallResult)
      return result;
    return emitEncodeSmallFloat(b, loc, *result, resultType);
  }
  Type type = types.empty() ? resultType : types[0];
  bool cplx = isComplex(type), flt = isa<FloatType>(type);
  auto unsupported = [&]() -> FailureOr<Value> {
    return op->emitError("cannot lower '")
           << op->getName() << "' on " << type << " to linalg";
  };
  Value x = args.empty() ? Value() : args[0];
  Value y = args.size() > 1 ? args[1] : Value();
  auto binary = [&](auto intOp, auto floatOp, auto complexOp) -> Value {
    using I = decltype(intOp);
    using F = decltype(floatOp);
    using C = decltype(complexOp);
    if (cplx)
      return C::create(b, loc, x, y);
    if (flt)
      return F::create(b, loc, x, y);
    return I::create(b, loc, x, y);
  };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](shlo::AddOp) -> FailureOr<Value> {
        if (type.isInteger(1))
          return Value(arith::OrIOp::create(b, loc, x, y));
        return binary(arith::AddIOp(), arith::AddFOp(), complex::AddOp());
      })
      .Case([&](shlo::SubtractOp) -> FailureOr<Value> {
        return binary(arith::SubIOp(), arith::SubFOp(), complex::SubOp());
      })
      .Case([&](shlo::MulOp) -> FailureOr<Value> {
        if (type.isInteger(1))
          return Value(arith::AndIOp::create(b, loc, x, y));
        return binary(arith::MulIOp(), arith::MulFOp(), complex::MulOp());
      })
      .Case([&](shlo::DivOp) -> FailureOr<Value> {
        if (cplx)
          return Value(complex::DivOp::create(b, loc, x, y));
        if (flt)
          return Value(arith::DivFOp::create(b, loc, x, y));
        return emitIntDivRem(b, loc, /*isDiv=*/true, x, y, type);
      })
      .Case([&](shlo::RemOp) -> FailureOr<Value> {
        if (cplx)
          return unsupported();
        // Narrow floats in f32, as for every target: the remainder is
        // exact, so rounding it back changes nothing, and NVPTX selects no
        // f16/bf16 frem.
        if (flt)
          return inWideFloat(b, loc, x, y, [&](Value v, Value w) -> Value {
            return arith::RemFOp::create(b, loc, v, w);
          });
        return emitIntDivRem(b, loc, /*isDiv=*/false, x, y, type);
      })
      .Case([&](shlo::MaxOp) -> FailureOr<Value> {
        return emitMinMax(b, loc, true, x, y, type);
      })
      .Case([&](shlo::MinOp) -> FailureOr<Value> {
        return emitMinMax(b, loc, false, x, y, type);
      })
      .Case([&](shlo::PowOp) -> FailureOr<Value> {
        if (cplx)
          return Value(complex::PowOp::create(b, loc, x, y));
        if (flt)
          return inWideFloat(b, loc, x, y, [&](Value v, Value w) -> Value {
            return math::PowFOp::create(b, loc, v, w);
          });
        return emitIntPower(b, loc, x, y, type);
      })
      .Case([&](shlo::Atan2Op) -> FailureOr<Value> {
        if (cplx) {
          // atan2(x, y) = -i log((y + ix) / sqrt(y^2 + x^2)), as the
          // evaluator computes it.
          auto complexType = cast<ComplexType>(x.getType());
          Type part = complexType.getElementType();
          Value i = complex::CreateOp::create(b, loc, complexType,
                                              floatConstant(b, loc, part, 0.0),
                                              floatConstant(b, loc, part, 1.0));
          Value minusI = complex::NegOp::create(b, loc, i);
          Value num = complex::AddOp::create(
              b, loc, y, complex::MulOp::create(b, loc, i, x));
          Value norm = complex::SqrtOp::create(
              b, loc,
              complex::AddOp::create(b, loc, complex::MulOp::create(b, loc, y, y),
                                     complex::MulOp::create(b, loc, x, x)));
          Value log = complex::LogOp::create(
              b, loc, complex::DivOp::create(b, loc, num, norm));
          return Value(complex::MulOp::create(b, loc, minusI, log));
        }
        return inWideFloat(b, loc, x, y, [&](Value v, Value w) -> Value {
          return math::Atan2Op::create(b, loc, v, w);
        });
      })
      .Case([&](shlo::AndOp) -> FailureOr<Value> {
        return Value(arith::AndIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::OrOp) -> FailureOr<Value> {
        return Value(arith::OrIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::XorOp) -> FailureOr<Value> {
        return Value(arith::XOrIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::ShiftLeftOp) -> FailureOr<Value> {
        return emitShift(b, loc, ShiftKind::Left, x, y);
      })
      .Case([&](shlo::ShiftRightLogicalOp) -> FailureOr<Value> {
        return emitShift(b, loc, ShiftKind::RightLogical, x, y);
      })
      .Case([&](shlo::ShiftRightArithmeticOp) -> FailureOr<Value> {
        return emitShift(b, loc, ShiftKind::RightArithmetic, x, y);
      })
      .Case([&](shlo::ComplexOp) -> FailureOr<Value> {
        return Value(complex::CreateOp::create(
            b, loc, convertElementType(resultType), x, y));
      })
      .Case([&](shlo::CompareOp compare) -> FailureOr<Value> {
        std::optional<shlo::ComparisonType> compareType;
        if (auto attr = compare.getCompareTypeAttr())
          compareType = attr.getValue();
        return emitCompare(b, loc, compare.getComparisonDirection(),
                           compareType, x, y, type);
      })
      .Case([&](shlo::SelectOp) -> FailureOr<Value> {
        return Value(arith::SelectOp::create(b, loc, args[0], args[1], args[2]));
      })
      .Case([&](shlo::ClampOp) -> FailureOr<Value> {
        Type t = types[1];
        Value low = emitMinMax(b, loc, true, args[1], args[0], t);
        return emitMinMax(b, loc, false, low, args[2], t);
      })
      .Case([&](shlo::ConvertOp) -> FailureOr<Value> {
        return emitConvert(b, loc, x, type, resultType);
      })
      .Case([&](shlo::BitcastConvertOp) -> FailureOr<Value> {
        if (bitWidthOf(type) != bitWidthOf(resultType))
          return unsupported();
        if (type == resultType)
          return x;
        return emitFromBits(b, loc, emitToBits(b, loc, x, type), resultType);
      })
      .Case([&](shlo::AbsOp) -> FailureOr<Value> {
        if (cplx)
          return Value(complex::AbsOp::create(b, loc, x));
        if (flt)
          return Value(math::AbsFOp::create(b, loc, x));
        return Value(math::AbsIOp::create(b, loc, x));
      })
      .Case([&](shlo::NegOp) -> FailureOr<Value> {
        if (cplx)
          return Value(complex::NegOp::create(b, loc, x));
        if (flt)
          return Value(arith::NegFOp::create(b, loc, x));
        return Value(arith::SubIOp::create(
            b, loc, intConstant(b, loc, x.getType(), 0), x));
      })
      .Case([&](shlo::NotOp) -> FailureOr<Value> {
        return Value(arith::XOrIOp::create(
            b, loc, x, intConstant(b, loc, x.getType(), -1)));
      })
      .Case([&](shlo::SignOp) -> FailureOr<Value> {
        return emitSign(b, loc, x, type);
      })
      .Case([&](shlo::PopulationCountOp) -> FailureOr<Value> {
        return Value(math::CtPopOp::create(b, loc, x));
      })
      .Case([&](shlo::CountLeadingZerosOp) -> FailureOr<Value> {
        return Value(math::CountLeadingZerosOp::create(b, loc, x));
      })
      .Case([&](shlo::RealOp) -> FailureOr<Value> {
        return cplx ? complexPart(b, loc, x, true) : x;
      })
      .Case([&](shlo::ImagOp) -> FailureOr<Value> {
        return cplx ? complexPart(b, loc, x, false)
                    : floatConstant(b, loc, x.getType(), 0.0);
      })
      .Case([&](shlo::IsFiniteOp) -> FailureOr<Value> {
        return emitIsFinite(b, loc, x);
      })
      .Case([&](shlo::FloorOp) -> FailureOr<Value> {
        return Value(math::FloorOp::create(b, loc, x));
      })
      .Case([&](shlo::CeilOp) -> FailureOr<Value> {
        return Value(math::CeilOp::create(b, loc, x));
      })
      .Case([&](shlo::RoundOp) -> FailureOr<Value> {
        return Value(math::RoundOp::create(b, loc, x));
      })
      .Case([&](shlo::RoundNearestEvenOp) -> FailureOr<Value> {
        return Value(math::RoundEvenOp::create(b, loc, x));
      })
      .Case([&](shlo::ExpOp) -> FailureOr<Value> {
        return floatOrComplex<math::ExpOp, complex::ExpOp>(b, loc, x);
      })
      .Case([&](shlo::Expm1Op) -> FailureOr<Value> {
        return floatOrComplex<math::ExpM1Op, complex::Expm1Op>(b, loc, x);
      })
      .Case([&](shlo::LogOp) -> FailureOr<Value> {
        return floatOrComplex<math::LogOp, complex::LogOp>(b, loc, x);
      })
      .Case([&](shlo::Log1pOp) -> FailureOr<Value> {
        return floatOrComplex<math::Log1pOp, complex::Log1pOp>(b, loc, x);
      })
      .Case([&](shlo::SqrtOp) -> FailureOr<Value> {
        return floatOrComplex<math::SqrtOp, complex::SqrtOp>(b, loc, x);
      })
      .Case([&](shlo::RsqrtOp) -> FailureOr<Value> {
        return floatOrComplex<math::RsqrtOp, complex::RsqrtOp>(b, loc, x);
      })
      .Case([&](shlo::CbrtOp) -> FailureOr<Value> {
        if (cplx) {
          // The principal cube root: z^(1/3).
          auto complexType = cast<ComplexType>(x.getType());
          Type part = complexType.getElementType();
          Value third = complex::CreateOp::create(
              b, loc, complexType, floatConstant(b, loc, part, 1.0 / 3.0),
              floatConstant(b, loc, part, 0.0));
          return Value(complex::PowOp::create(b, loc, x, third));
        }
        return unaryMath<math::CbrtOp>(b, loc, x);
      })
      .Case([&](shlo::SineOp) -> FailureOr<Value> {
        return floatOrComplex<math::SinOp, complex::SinOp>(b, loc, x);
      })
      .Case([&](shlo::CosineOp) -> FailureOr<Value> {
        return floatOrComplex<math::CosOp, complex::CosOp>(b, loc, x);
      })
      .Case([&](shlo::TanOp) -> FailureOr<Value> {
        return floatOrComplex<math::TanOp, complex::TanOp>(b, loc, x);
      })
      .Case([&](shlo::TanhOp) -> FailureOr<Value> {
        return floatOrComplex<math::TanhOp, complex::TanhOp>(b, loc, x);
      })
      .Case([&](shlo::LogisticOp) -> FailureOr<Value> {
        return emitLogistic(b, loc, x);
      })
      .Case([&](chlo::TanOp) -> FailureOr<Value> {
        return floatOrComplex<math::TanOp, complex::TanOp>(b, loc, x);
      })
      .Case([&](chlo::ConjOp) -> FailureOr<Value> {
        if (!cplx)
          return x;
        return Value(complex::ConjOp::create(b, loc, x));
      })
      .Case([&](chlo::SquareOp) -> FailureOr<Value> {
        return binary(arith::MulIOp(), arith::MulFOp(), complex::MulOp());
      })
      .Case([&](chlo::IsInfOp) -> FailureOr<Value> {
        return emitIsInf(b, loc, x, 0);
      })
      .Case([&](chlo::IsPosInfOp) -> FailureOr<Value> {
        return emitIsInf(b, loc, x, 1);
      })
      .Case([&](chlo::IsNegInfOp) -> FailureOr<Value> {
        return emitIsInf(b, loc, x, -1);
      })
      .Case<chlo::LgammaOp, chlo::DigammaOp, chlo::ErfInvOp,
            chlo::BesselI1eOp>([&](Operation *) -> FailureOr<Value> {
        if (!flt)
          return unsupported();
        return FailureOr<Value>(llvm::TypeSwitch<Operation *, Value>(op)
            .Case([&](chlo::LgammaOp) {
              return special::LgammaOp::create(b, loc, x).getResult();
            })
            .Case([&](chlo::DigammaOp) {
              return special::DigammaOp::create(b, loc, x).getResult();
            })
            .Case([&](chlo::ErfInvOp) {
              return special::ErfInvOp::create(b, loc, x).getResult();
            })
            .Case([&](chlo::BesselI1eOp) {
              return special::BesselI1eOp::create(b, loc, x).getResult();
            })
            .Default([](Operation *) { return Value(); }));
      })
      .Case<chlo::ZetaOp, chlo::PolygammaOp>(
          [&](Operation *) -> FailureOr<Value> {
            if (!flt)
              return unsupported();
            if (isa<chlo::ZetaOp>(op))
              return special::ZetaOp::create(b, loc, x, y).getResult();
            return special::PolygammaOp::create(b, loc, x, y).getResult();
          })
      .Case([&](shlo::ReducePrecisionOp reduce) -> FailureOr<Value> {
        if (!flt)
          return unsupported();
        return emitReducePrecision(b, loc, x, reduce.getExponentBits(),
                                   reduce.getMantissaBits());
      })
      .Case([&](chlo::MulhiOp) -> FailureOr<Value> {
        // The high half of the double-width product.
        if (!isa<IntegerType>(x.getType()))
          return unsupported();
        unsigned width = x.getType().getIntOrFloatBitWidth();
        Type wide = b.getIntegerType(2 * width);
        auto extend = [&](Value v) -> Value {
          if (isUnsigned(type))
            return arith::ExtUIOp::create(b, loc, wide, v);
          return arith::ExtSIOp::create(b, loc, wide, v);
        };
        Value product = arith::MulIOp::create(b, loc, extend(x), extend(y));
        Value high = arith::ShRUIOp::create(b, loc, product,
                                            intConstant(b, loc, wide, width));
        return Value(arith::TruncIOp::create(b, loc, x.getType(), high));
      })
      .Case([&](chlo::NextAfterOp) -> FailureOr<Value> {
        if (!type.isF16() && !type.isBF16() && !type.isF32() && !type.isF64())
          return unsupported();
        // On the bits, for every float format and target alike: one step
        // away from or toward zero; from zero, the smallest subnormal in
        // y's direction; y where they are equal; x + y (a NaN) where either
        // is NaN, as C's nextafter.
        unsigned width = type.getIntOrFloatBitWidth();
        Type bitsType = b.getIntegerType(width);
        Value bits = arith::BitcastOp::create(b, loc, bitsType, x);
        Value zero = floatConstant(b, loc, type, 0.0);
        Value isZero =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, zero);
        Value down =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, y, x);
        Value positive =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
        Value away = arith::XOrIOp::create(b, loc, down, positive);
        Value one = intConstant(b, loc, bitsType, 1);
        Value step = arith::SelectOp::create(
            b, loc, away, arith::AddIOp::create(b, loc, bits, one),
            arith::SubIOp::create(b, loc, bits, one));
        Value smallest = arith::SelectOp::create(
            b, loc, down,
            intConstant(b, loc, bitsType, 1 - (int64_t(1) << (width - 1))),
            one);
        Value next = arith::BitcastOp::create(
            b, loc, type,
            arith::SelectOp::create(b, loc, isZero, smallest, step));
        Value equal =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, y);
        Value unordered =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, y);
        Value result = arith::SelectOp::create(b, loc, equal, y, next);
        return Value(arith::SelectOp::create(
            b, loc, unordered, arith::AddFOp::create(b, loc, x, y), result));
      })
      .Case<chlo::AcosOp, chlo::AcoshOp, chlo::AsinOp, chlo::AsinhOp,
            chlo::AtanOp, chlo::AtanhOp, chlo::CoshOp, chlo::SinhOp,
            chlo::ErfOp, chlo::ErfcOp>([&](Operation *) -> FailureOr<Value> {
        if (cplx) {
          StringRef name = llvm::TypeSwitch<Operation *, StringRef>(op)
                               .Case([](chlo::AtanOp) { return "atan"; })
                               .Case([](chlo::AtanhOp) { return "atanh"; })
                               .Case([](chlo::CoshOp) { return "cosh"; })
                               .Case([](chlo::SinhOp) { return "sinh"; })
                               .Default([](Operation *) { return ""; });
          if (!name.empty())
            return emitComplexFunction(b, loc, name, x);
          // The inverse functions whose closed forms lose accuracy near
          // the branch cuts: the target's.
          Value result = llvm::TypeSwitch<Operation *, Value>(op)
              .Case([&](chlo::AsinOp) {
                return special::ComplexAsinOp::create(b, loc, x).getResult();
              })
              .Case([&](chlo::AcosOp) {
                return special::ComplexAcosOp::create(b, loc, x).getResult();
              })
              .Case([&](chlo::AsinhOp) {
                return special::ComplexAsinhOp::create(b, loc, x).getResult();
              })
              .Case([&](chlo::AcoshOp) {
                return special::ComplexAcoshOp::create(b, loc, x).getResult();
              })
              .Default([](Operation *) { return Value(); });
          if (!result)
            return unsupported();
          return result;
        }
        return FailureOr<Value>(llvm::TypeSwitch<Operation *, Value>(op)
            .Case([&](chlo::AcosOp) { return unaryMath<math::AcosOp>(b, loc, x); })
            .Case([&](chlo::AcoshOp) { return unaryMath<math::AcoshOp>(b, loc, x); })
            .Case([&](chlo::AsinOp) { return unaryMath<math::AsinOp>(b, loc, x); })
            .Case([&](chlo::AsinhOp) { return unaryMath<math::AsinhOp>(b, loc, x); })
            .Case([&](chlo::AtanOp) { return unaryMath<math::AtanOp>(b, loc, x); })
            .Case([&](chlo::AtanhOp) { return unaryMath<math::AtanhOp>(b, loc, x); })
            .Case([&](chlo::CoshOp) { return unaryMath<math::CoshOp>(b, loc, x); })
            .Case([&](chlo::SinhOp) { return unaryMath<math::SinhOp>(b, loc, x); })
            .Case([&](chlo::ErfOp) { return unaryMath<math::ErfOp>(b, loc, x); })
            .Case([&](chlo::ErfcOp) { return unaryMath<math::ErfcOp>(b, loc, x); })
            .Default([](Operation *) { return Value(); }));
      })
      .Default([&](Operation *) { return unsupported(); });
}

FailureOr<SmallVector<Value>>
hlox::lowering::emitScalarRegion(OpBuilder &b, Location loc, Region &region,
                                 ValueRange arguments) {
  Block &block = region.front();
  IRMapping scalars;
  for (auto [arg, scalar] : llvm::zip(block.getArguments(), arguments))
    scalars.map(arg, scalar);
  auto elementType = [](Value v) {
    return cast<ShapedType>(v.getType()).getElementType();
  };
  // Scalar constants; also for constants that canonicalization hoisted out
  // of the region.
  auto constantScalar = [&](shlo::ConstantOp constant) -> Value {
    auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!value || !value.isSplat())
      return {};
    Type type = convertElementType(value.getElementType());
    if (auto complexType = dyn_cast<ComplexType>(type)) {
      auto parts = value.getSplatValue<std::complex<APFloat>>();
      auto attr = b.getArrayAttr(
          {b.getFloatAttr(complexType.getElementType(), parts.real()),
           b.getFloatAttr(complexType.getElementType(), parts.imag())});
      return complex::ConstantOp::create(b, loc, type, attr);
    }
    if (isa<FloatType>(type))
      return arith::ConstantOp::create(
          b, loc, b.getFloatAttr(type, value.getSplatValue<APFloat>()));
    if (isSmallFloat(value.getElementType()))
      return arith::ConstantOp::create(
          b, loc,
          IntegerAttr::get(type,
                           value.getSplatValue<APFloat>().bitcastToAPInt().zext(
                               type.getIntOrFloatBitWidth())));
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(type, value.getSplatValue<APInt>()));
  };
  auto lookup = [&](Value value) -> Value {
    if (Value scalar = scalars.lookupOrNull(value))
      return scalar;
    auto constant = value.getDefiningOp<shlo::ConstantOp>();
    if (!constant || cast<ShapedType>(constant.getType()).getRank() != 0)
      return {};
    Value scalar = constantScalar(constant);
    if (scalar)
      scalars.map(value, scalar);
    return scalar;
  };
  for (Operation &op : block.without_terminator()) {
    if (auto constant = dyn_cast<shlo::ConstantOp>(op)) {
      Value scalar = constantScalar(constant);
      if (!scalar)
        return op.emitError("cannot lower this constant in a region to "
                            "linalg");
      scalars.map(constant.getResult(), scalar);
      continue;
    }
    if (op.getNumResults() != 1 || !isScalarizable(&op) ||
        llvm::any_of(op.getOperandTypes(), [](Type t) {
          return cast<ShapedType>(t).getRank() != 0;
        }))
      return op.emitError("cannot lower '")
             << op.getName() << "' inside " << region.getParentOp()->getName()
             << " to linalg";
    SmallVector<Value> operands;
    SmallVector<Type> types;
    for (Value operand : op.getOperands()) {
      Value scalar = lookup(operand);
      if (!scalar)
        return op.emitError("cannot lower a region that uses "
                            "a value from outside it");
      operands.push_back(scalar);
      types.push_back(elementType(operand));
    }
    FailureOr<Value> result = emitScalarOp(b, loc, &op, operands, types,
                                           elementType(op.getResult(0)));
    if (failed(result))
      return failure();
    scalars.map(op.getResult(0), *result);
  }
  SmallVector<Value> results;
  for (Value returned : block.getTerminator()->getOperands()) {
    Value scalar = lookup(returned);
    if (!scalar)
      return block.getTerminator()->emitError(
          "cannot lower a region that returns a value from "
          "outside it");
    results.push_back(scalar);
  }
  return results;
}
