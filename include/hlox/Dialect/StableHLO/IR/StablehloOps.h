//===- StablehloOps.h - The StableHLO dialect -------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The StableHLO dialect: its types, enums, attributes and operations.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLOOPS_H
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace hlox::stablehlo {

/// True for the float element types StableHLO allows: the f4/f6/f8 variants,
/// bf16, f16, tf32, f32 and f64.
bool isSupportedFloatType(mlir::Type type);

/// True for per-tensor uniform quantized types whose storage is an integer
/// of 2 to 64 bits and whose expressed type is a supported float.
bool isSupportedQuantizedType(mlir::Type type);

/// True when inferred result types match the actual ones: equal but for
/// dynamic dimensions and shape bounds, and for quantized elements equal
/// storage and expressed types (scales and zero points may differ).
bool isCompatibleForTypeInference(mlir::TypeRange inferred,
                                  mlir::TypeRange actual);

/// The element type of argument `k` of a reduction body (reduce's body,
/// scatter's update_computation, a collective's computation): the type the
/// reduced values are promoted to (the spec's is_promotable) and the
/// results have; null when the region has no such 0-d tensor argument.
mlir::Type getPromotedElementType(mlir::Region &region, unsigned k);

namespace OpTrait {
/// Marks ops whose inferred result types are checked with
/// isCompatibleForTypeInference; the check itself is generated into the op.
template <typename ConcreteType>
class CompatibleReturnTypes
    : public mlir::OpTrait::TraitBase<ConcreteType, CompatibleReturnTypes> {};
} // namespace OpTrait

} // namespace hlox::stablehlo

#include "hlox/Dialect/StableHLO/IR/StablehloDialect.h.inc"
#include "hlox/Dialect/StableHLO/IR/StablehloEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "hlox/Dialect/StableHLO/IR/StablehloTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "hlox/Dialect/StableHLO/IR/StablehloAttrs.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h.inc"

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLOOPS_H
