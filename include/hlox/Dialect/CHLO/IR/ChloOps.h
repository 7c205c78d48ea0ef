//===- ChloOps.h - The CHLO dialect -----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_CHLO_IR_CHLOOPS_H
#define HLOX_DIALECT_CHLO_IR_CHLOOPS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "hlox/Dialect/CHLO/IR/ChloDialect.h.inc"
#include "hlox/Dialect/CHLO/IR/ChloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/CHLO/IR/ChloAttrs.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/CHLO/IR/ChloOps.h.inc"

#endif // HLOX_DIALECT_CHLO_IR_CHLOOPS_H
