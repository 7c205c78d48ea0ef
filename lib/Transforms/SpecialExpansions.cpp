//===- SpecialExpansions.cpp - Special functions as arithmetic ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/SpecialExpansions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

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

Value hlox::buildDigamma(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  auto constant = [&](double value) -> Value {
    auto scalar = b.getF64FloatAttr(value);
    if (auto vector = dyn_cast<VectorType>(type))
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(vector, scalar.getValue()));
    return arith::ConstantOp::create(b, loc, scalar);
  };
  auto add = [&](Value l, Value r) -> Value {
    return arith::AddFOp::create(b, loc, l, r);
  };
  auto sub = [&](Value l, Value r) -> Value {
    return arith::SubFOp::create(b, loc, l, r);
  };
  auto mul = [&](Value l, Value r) -> Value {
    return arith::MulFOp::create(b, loc, l, r);
  };
  auto div = [&](Value l, Value r) -> Value {
    return arith::DivFOp::create(b, loc, l, r);
  };
  auto cmp = [&](arith::CmpFPredicate predicate, Value l, Value r) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, l, r);
  };
  auto select = [&](Value condition, Value l, Value r) -> Value {
    return arith::SelectOp::create(b, loc, condition, l, r);
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
