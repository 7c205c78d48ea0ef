//===- SdyOps.h - The Shardy (sdy) dialect ----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The sdy dialect: meshes, tensor shardings, op sharding rules and the ops
// that carry them, with the upstream Shardy syntax.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_IR_SDYOPS_H
#define HLOX_DIALECT_SDY_IR_SDYOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

#include "hlox/Dialect/Sdy/IR/SdyDialect.h.inc"
#include "hlox/Dialect/Sdy/IR/SdyEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/Sdy/IR/SdyAttrs.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/Sdy/IR/SdyOps.h.inc"

#endif // HLOX_DIALECT_SDY_IR_SDYOPS_H
