//===- InterpreterOps.h - The interpreter dialect ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_INTERPRETER_IR_INTERPRETEROPS_H
#define HLOX_DIALECT_INTERPRETER_IR_INTERPRETEROPS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "hlox/Dialect/Interpreter/IR/InterpreterDialect.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h.inc"

#endif // HLOX_DIALECT_INTERPRETER_IR_INTERPRETEROPS_H
