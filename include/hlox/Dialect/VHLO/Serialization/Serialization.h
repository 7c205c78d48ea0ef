//===- Serialization.h - Portable artifacts in and out ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A portable artifact is a StableHLO program as MLIR bytecode of the vhlo
// dialect, written for a StableHLO version that its reader must know. These
// functions are what `hlox-translate --serialize/--deserialize` and the tools
// that take bytecode use.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_SERIALIZATION_SERIALIZATION_H
#define HLOX_DIALECT_VHLO_SERIALIZATION_SERIALIZATION_H

#include "hlox/Dialect/VHLO/IR/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace hlox::vhlo {

/// Parses a target version: "X.Y.Z" or "current". Reports an error at
/// `module`'s location when the text is not a version or is outside
/// [minimum, current].
mlir::FailureOr<Version> parseTargetVersion(mlir::Operation *anchor,
                                            llvm::StringRef target);

/// Writes `module`, which holds VHLO only (the result of
/// `stablehlo-legalize-to-vhlo` and `vhlo-to-version`), as MLIR bytecode
/// for `target`: the bytecode format that version reads and the producer
/// "StableHLO_v" + target.
mlir::LogicalResult writePortableArtifact(mlir::ModuleOp module,
                                          llvm::StringRef target,
                                          llvm::raw_ostream &os);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_SERIALIZATION_SERIALIZATION_H
