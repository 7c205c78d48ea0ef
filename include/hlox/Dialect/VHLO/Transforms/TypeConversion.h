//===- TypeConversion.h - StableHLO types <-> VHLO types --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_TRANSFORMS_TYPECONVERSION_H
#define HLOX_DIALECT_VHLO_TRANSFORMS_TYPECONVERSION_H

#include "mlir/IR/Types.h"

namespace hlox::vhlo {

/// The VHLO type of a type a StableHLO program uses: builtin element types,
/// ranked tensors (a `#stablehlo.bounds` encoding becomes
/// `#vhlo.type_extensions_v1`), unranked tensors, tuples, functions,
/// uniform quantized types (per tensor and per axis), memrefs (as
/// `buffer_v1`: the shape and element type), StableHLO tokens and futures.
/// Null for anything else.
mlir::Type convertTypeToVhlo(mlir::Type type);

/// The inverse of convertTypeToVhlo; null for a type that is not VHLO.
mlir::Type convertTypeFromVhlo(mlir::Type type);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_TRANSFORMS_TYPECONVERSION_H
