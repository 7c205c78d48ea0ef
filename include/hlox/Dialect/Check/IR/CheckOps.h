//===- CheckOps.h - The check dialect ---------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_CHECK_IR_CHECKOPS_H
#define HLOX_DIALECT_CHECK_IR_CHECKOPS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "hlox/Dialect/Check/IR/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/Check/IR/CheckOps.h.inc"

#endif // HLOX_DIALECT_CHECK_IR_CHECKOPS_H
