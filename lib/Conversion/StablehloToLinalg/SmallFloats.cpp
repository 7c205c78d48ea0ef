//===- SmallFloats.cpp - The 4-, 6- and 8-bit float formats ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// LLVM has no f4, f6 or f8 types: kernels hold such elements as the low
// bits of an i8 and compute in f32. Decoding and encoding are the special
// dialect's ops, which each target resolves; encoding rounds to nearest
// even from f64, so that every conversion rounds once, as the evaluator's
// does.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/Special/IR/SpecialOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;

bool hlox::lowering::isSmallFloat(Type type) {
  return getSmallFloatFormat(type).has_value();
}

Value hlox::lowering::emitDecodeSmallFloat(OpBuilder &b, Location loc,
                                           Value bits, Type type) {
  return special::DecodeSmallFloatOp::create(b, loc, b.getF32Type(), bits,
                                             TypeAttr::get(type));
}

Value hlox::lowering::emitEncodeSmallFloat(OpBuilder &b, Location loc,
                                           Value value, Type type) {
  Type f64 = b.getF64Type();
  Value wide = value.getType() == f64
                   ? value
                   : arith::ExtFOp::create(b, loc, f64, value).getResult();
  return special::EncodeSmallFloatOp::create(b, loc, b.getI8Type(), wide,
                                             TypeAttr::get(type));
}
