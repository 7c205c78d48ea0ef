//===- VhloOps.h - The versioned StableHLO (vhlo) dialect -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The vhlo dialect: StableHLO's ops, attributes and types with the versions
// each form exists in; the form of portable artifacts (MLIR bytecode).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLOOPS_H
#define HLOX_DIALECT_VHLO_IR_VHLOOPS_H

#include "hlox/Dialect/VHLO/IR/Version.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "hlox/Dialect/VHLO/IR/VhloDialect.h.inc"
#include "hlox/Dialect/VHLO/IR/VhloEnums.h.inc"

#include "hlox/Dialect/VHLO/IR/VhloAttrInterfaces.h.inc"
#include "hlox/Dialect/VHLO/IR/VhloOpInterfaces.h.inc"
#include "hlox/Dialect/VHLO/IR/VhloTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "hlox/Dialect/VHLO/IR/VhloTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/VHLO/IR/VhloAttrs.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/VHLO/IR/VhloOps.h.inc"

namespace hlox::vhlo {

/// Whether a type or attribute belongs to the vhlo dialect.
bool isFromVhlo(mlir::Type type);
bool isFromVhlo(mlir::Attribute attr);

/// The VHLO form of a builtin element type (integers of width 1, 2, 4, 8,
/// 16, 32 and 64, signless or unsigned; index; none; floats; complex) or of
/// a ranked tensor of one (its encoding, if any, must already be VHLO); null
/// where VHLO has none (signed `si` integers, other widths).
mlir::Type convertElementOrTensorToVhlo(mlir::Type type);

/// The builtin form of a VHLO element type or ranked tensor; null for other
/// VHLO types.
mlir::Type convertElementOrTensorFromVhlo(mlir::Type type);

/// The bit width of a VHLO integer or index type as an IntegerV1 stores it
/// (64 for index); 0 for other types.
unsigned getIntegerBitWidth(mlir::Type type);

/// The float semantics of a VHLO float type; null for other types.
const llvm::fltSemantics *getFloatSemantics(mlir::Type type);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_IR_VHLOOPS_H
