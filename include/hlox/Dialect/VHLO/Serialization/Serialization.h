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

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class OpPassManager;
} // namespace mlir

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
/// StableHLO. A module that is not a portable artifact comes back as it
/// is. Null, with the errors reported, when that fails.
mlir::OwningOpRef<mlir::ModuleOp>
deserializePortableArtifact(mlir::OwningOpRef<mlir::ModuleOp> module);

/// Parses the main file of `sourceMgr`, text or bytecode, as it is; text
/// with a form that older MLIR wrote and today's parser refuses is parsed
/// in today's form (hlox/Support/LegacyText.h).
mlir::OwningOpRef<mlir::ModuleOp> parseSource(llvm::SourceMgr &sourceMgr,
                                              mlir::MLIRContext *context);

/// Parses the main file of `sourceMgr` (text or bytecode, StableHLO or
/// VHLO; parseSource) and deserializes it. A file that does not parse gets a
/// last error that names the version this build reads, and the artifact's when
/// it is newer.
mlir::OwningOpRef<mlir::ModuleOp>
readPortableArtifact(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context);

/// Adds the passes of deserialization: vhlo-to-version{target=current},
/// then vhlo-legalize-to-stablehlo.
void buildDeserializePipeline(mlir::OpPassManager &pm);

/// Registers the `stablehlo-deserialize` pipeline.
void registerSerializationPipelines();

/// Whether a module holds VHLO (functions), as a portable artifact does.
bool isPortableArtifact(mlir::ModuleOp module);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_SERIALIZATION_SERIALIZATION_H
