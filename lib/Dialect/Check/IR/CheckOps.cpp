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

/// `, min_ulp_difference = N, max_ulp_difference = M`, each part optional.
static ParseResult parseUlpBounds(OpAsmParser &parser, IntegerAttr &minUlp,
                                  IntegerAttr &maxUlp) {
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    int64_t value;
    if (parser.parseKeyword(&key) || parser.parseEqual() ||
        parser.parseInteger(value))
      return failure();
    IntegerAttr attr = parser.getBuilder().getI64IntegerAttr(value);
    if (key == "min_ulp_difference" && !minUlp)
      minUlp = attr;
    else if (key == "max_ulp_difference" && !maxUlp)
      maxUlp = attr;
    else
      return parser.emitError(loc, "expected min_ulp_difference or "
                                   "max_ulp_difference once each, got ")
             << key;
  }
  return success();
}

static void printUlpBounds(OpAsmPrinter &printer, ExpectCloseOp op,
                           IntegerAttr minUlp, IntegerAttr maxUlp) {
  if (minUlp && minUlp.getInt() != 0)
    printer << ", min_ulp_difference = " << minUlp.getInt();
  if (maxUlp && maxUlp.getInt() != 3)
    printer << ", max_ulp_difference = " << maxUlp.getInt();
}

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
