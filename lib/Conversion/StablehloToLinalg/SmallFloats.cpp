//===- SmallFloats.cpp - The 4-, 6- and 8-bit float formats ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// LLVM has no f4, f6 or f8 types: kernels hold such elements as the low
// bits of an i8 and compute in f32. Decoding and encoding call the
// runtime's hlox_small_float_decode/encode with the format's code; the
// encoder rounds to nearest even from f64, so that every conversion rounds
// once, as the evaluator's does. The conversion pass declares the two
// functions before it runs (a linalg body under construction has no module
// to declare them in) and erases them after when no call remains.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Conversion/StablehloToLinalg/StablehloToLinalg.h"

#include "hlox/runtime/SmallFloats.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
using hlox::runtime::SmallFloat;

std::optional<SmallFloat> hlox::getSmallFloatFormat(Type type) {
  if (isa<Float4E2M1FNType>(type))
    return SmallFloat::F4E2M1FN;
  if (isa<Float6E2M3FNType>(type))
    return SmallFloat::F6E2M3FN;
  if (isa<Float6E3M2FNType>(type))
    return SmallFloat::F6E3M2FN;
  if (isa<Float8E3M4Type>(type))
    return SmallFloat::F8E3M4;
  if (isa<Float8E4M3Type>(type))
    return SmallFloat::F8E4M3;
  if (isa<Float8E4M3FNType>(type))
    return SmallFloat::F8E4M3FN;
  if (isa<Float8E4M3FNUZType>(type))
    return SmallFloat::F8E4M3FNUZ;
  if (isa<Float8E4M3B11FNUZType>(type))
    return SmallFloat::F8E4M3B11FNUZ;
  if (isa<Float8E5M2Type>(type))
    return SmallFloat::F8E5M2;
  if (isa<Float8E5M2FNUZType>(type))
    return SmallFloat::F8E5M2FNUZ;
  if (isa<Float8E8M0FNUType>(type))
    return SmallFloat::F8E8M0FNU;
  return std::nullopt;
}

bool hlox::lowering::isSmallFloat(Type type) {
  return getSmallFloatFormat(type).has_value();
}

static constexpr const char *kDecode = "hlox_small_float_decode";
static constexpr const char *kEncode = "hlox_small_float_encode";

static FunctionType decodeType(Builder &b) {
  return b.getFunctionType({b.getI32Type(), b.getI32Type()}, {b.getF32Type()});
}
static FunctionType encodeType(Builder &b) {
  return b.getFunctionType({b.getF64Type(), b.getI32Type()}, {b.getI32Type()});
}

void hlox::lowering::declareSmallFloatFunctions(ModuleOp module) {
  OpBuilder b(module.getContext());
  b.setInsertionPointToStart(module.getBody());
  for (auto [name, type] : {std::pair{kDecode, decodeType(b)},
                            std::pair{kEncode, encodeType(b)}}) {
    if (module.lookupSymbol(name))
      continue;
    auto function = func::FuncOp::create(b, module.getLoc(), name, type);
    function.setPrivate();
  }
}

void hlox::lowering::eraseUnusedSmallFloatFunctions(ModuleOp module) {
  for (const char *name : {kDecode, kEncode})
    if (auto function = module.lookupSymbol<func::FuncOp>(name))
      if (function.isExternal() &&
          SymbolTable::symbolKnownUseEmpty(function, module))
        function.erase();
}

static Value formatCode(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(*getSmallFloatFormat(type))));
}

Value hlox::lowering::emitDecodeSmallFloat(OpBuilder &b, Location loc,
                                           Value bits, Type type) {
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  Value wide = arith::ExtUIOp::create(b, loc, i32, bits);
  return func::CallOp::create(b, loc, kDecode, TypeRange{f32},
                              ValueRange{wide, formatCode(b, loc, type)})
      .getResult(0);
}

Value hlox::lowering::emitEncodeSmallFloat(OpBuilder &b, Location loc,
                                           Value value, Type type) {
  Type i32 = b.getI32Type(), f64 = b.getF64Type();
  Value wide = value.getType() == f64
                   ? value
                   : arith::ExtFOp::create(b, loc, f64, value).getResult();
  Value bits = func::CallOp::create(b, loc, kEncode, TypeRange{i32},
                                   ValueRange{wide, formatCode(b, loc, type)})
                   .getResult(0);
  return arith::TruncIOp::create(b, loc, b.getI8Type(), bits);
}
