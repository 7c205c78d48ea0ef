//===- SpecialOps.h - The special dialect -----------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Scalar special functions and small-float codecs that the target-neutral
// lowering emits and each target resolves.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SPECIAL_IR_SPECIALOPS_H
#define HLOX_DIALECT_SPECIAL_IR_SPECIALOPS_H

#include "hlox/numerics/SmallFloats.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

#include "hlox/Dialect/Special/IR/SpecialDialect.h.inc"

#define GET_OP_CLASSES
#include "hlox/Dialect/Special/IR/SpecialOps.h.inc"

namespace hlox {

/// The runtime's code for a float type narrower than 16 bits (f4E2M1FN, the
/// f6 and f8 families), which kernels hold in the low bits of an i8;
/// nothing for other types.
std::optional<numerics::SmallFloat> getSmallFloatFormat(mlir::Type type);

} // namespace hlox

#endif // HLOX_DIALECT_SPECIAL_IR_SPECIALOPS_H
