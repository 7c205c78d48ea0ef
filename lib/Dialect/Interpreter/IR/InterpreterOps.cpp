//===- InterpreterOps.cpp - The interpreter dialect ------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hlox::interpreter;

#include "hlox/Dialect/Interpreter/IR/InterpreterDialect.cpp.inc"

void InterpreterDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.cpp.inc"
      >();
}

LogicalResult RunParallelOp::verify() {
  size_t columns = 0;
  for (Attribute row : getPrograms()) {
    auto names = dyn_cast<ArrayAttr>(row);
    if (!names)
      return emitOpError("programs must be a list of lists of function names");
    if (columns && names.size() != columns)
      return emitOpError("every row of programs must have the same length");
    columns = names.size();
    for (Attribute name : names)
      if (!isa<FlatSymbolRefAttr>(name))
        return emitOpError("programs must hold function names, got ") << name;
  }
  if (!columns)
    return emitOpError("programs must name at least one function");
  if (auto infeed = getInfeed())
    for (Attribute name : *infeed)
      if (!isa<FlatSymbolRefAttr>(name))
        return emitOpError("infeed must hold function names, got ") << name;
  return success();
}

#define GET_OP_CLASSES
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.cpp.inc"
