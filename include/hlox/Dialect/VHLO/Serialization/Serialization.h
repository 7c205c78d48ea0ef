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

/// Writes `module`, which holds VHLO only (the result of
/// `stablehlo-legalize-to-vhlo` and `vhlo-to-version`), as MLIR bytecode
/// for `target`: the bytecode format that version reads and the producer
/// "StableHLO_v" + target.
mlir::LogicalResult writePortableArtifact(mlir::ModuleOp module,
                                          llvm::StringRef target,
                                          llvm::raw_ostream &os);

/// Serializes a StableHLO program for `target`: StableHLO to VHLO, VHLO to
/// the forms of `target`, then writePortableArtifact. `module` is left in
/// VHLO. An op that `target` cannot express is an error at the op.
mlir::LogicalResult serializePortableArtifact(mlir::ModuleOp module,
                                              llvm::StringRef target,
                                              llvm::raw_ostream &os);

/// Turns a module read from a portable artifact (VHLO of any version from
/// the minimum) into StableHLO: VHLO ops to their current forms, then to
/// StableHLO. Null, with the errors reported, when that fails.
mlir::OwningOpRef<mlir::ModuleOp>
deserializePortableArtifact(mlir::OwningOpRef<mlir::ModuleOp> module);

/// Whether a module holds VHLO ops (is a portable artifact as read).
bool isPortableArtifact(mlir::ModuleOp module);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_SERIALIZATION_SERIALIZATION_H
