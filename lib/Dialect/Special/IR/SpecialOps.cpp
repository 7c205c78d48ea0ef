//===- SpecialOps.cpp - The special dialect -------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Special/IR/SpecialOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hlox::special;
using hlox::numerics::SmallFloat;

#include "hlox/Dialect/Special/IR/SpecialDialect.cpp.inc"

void SpecialDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "hlox/Dialect/Special/IR/SpecialOps.cpp.inc"
      >();
}

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

static LogicalResult verifyFormat(Operation *op, Type format) {
  if (!hlox::getSmallFloatFormat(format))
    return op->emitOpError("format must be a 4-, 6- or 8-bit float type, not ")
           << format;
  return success();
}

LogicalResult DecodeSmallFloatOp::verify() {
  return verifyFormat(*this, getFormat());
}

LogicalResult EncodeSmallFloatOp::verify() {
  return verifyFormat(*this, getFormat());
}

#define GET_OP_CLASSES
#include "hlox/Dialect/Special/IR/SpecialOps.cpp.inc"
