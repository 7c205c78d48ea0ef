//===- CheckOps.cpp - The check dialect ------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Check/IR/CheckOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hlox::check;

#include "hlox/Dialect/Check/IR/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "hlox/Dialect/Check/IR/CheckOps.cpp.inc"
      >();
}

/// The operand of a `*_const` check takes the type of its constant.
static ParseResult parseValueType(OpAsmParser &, ElementsAttr value,
                                  Type &lhsType) {
  lhsType = value.getType();
  return success();
}

static void printValueType(OpAsmPrinter &, Operation *, ElementsAttr, Type) {}

static LogicalResult verifyConstType(Operation *op, Type lhs,
                                     ElementsAttr value) {
  if (value.getType() != lhs)
    return op->emitOpError("operand type ")
           << lhs << " does not match the constant's type " << value.getType();
  return success();
}

LogicalResult ExpectEqConstOp::verify() {
  return verifyConstType(*this, getLhs().getType(), getValue());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  return verifyConstType(*this, getLhs().getType(), getValue());
}

#define GET_OP_CLASSES
#include "hlox/Dialect/Check/IR/CheckOps.cpp.inc"
