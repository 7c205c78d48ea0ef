//===- Serialization.cpp - Portable artifacts in and out -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"

#include "hlox/Dialect/VHLO/IR/VhloOps.h"
#include "hlox/Dialect/VHLO/Transforms/Passes.h"
#include "hlox/Support/LegacyText.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace hlox::vhlo;

LogicalResult hlox::vhlo::writePortableArtifact(ModuleOp module,
                                                StringRef target,
                                                raw_ostream &os) {
  FailureOr<Version> version = parseTargetVersion(module, target);
  if (failed(version))
    return failure();
  std::string producer = (kProducerPrefix + target).str();
  if (target == "current")
    producer = (kProducerPrefix + version->str()).str();
  BytecodeWriterConfig config(producer);
  config.setDesiredBytecodeVersion(*version->getBytecodeVersion());
  return writeBytecodeToFile(module, os, config);
}

LogicalResult hlox::vhlo::serializePortableArtifact(ModuleOp module,
                                                    StringRef target,
                                                    raw_ostream &os) {
  if (failed(parseTargetVersion(module, target)))
    return failure();
  // Two pass managers, as the version pass must see the whole module in
  // VHLO before it starts.
  PassManager legalize(module->getContext());
  legalize.addPass(createStablehloLegalizeToVhlo());
  if (failed(legalize.run(module)))
    return failure();
  PassManager toVersion(module->getContext());
  toVersion.addPass(createVhloToVersion({target.str()}));
  if (failed(toVersion.run(module)))
    return failure();
  return writePortableArtifact(module, target, os);
}

void hlox::vhlo::buildDeserializePipeline(OpPassManager &pm) {
  pm.addPass(createVhloToVersion({Version::getCurrentVersion().str()}));
  pm.addPass(createVhloLegalizeToStablehlo());
}

void hlox::vhlo::registerSerializationPipelines() {
  PassPipelineRegistration<>(
      "stablehlo-deserialize",
      "VHLO of any version to StableHLO: vhlo-to-version{target=current}, "
      "then vhlo-legalize-to-stablehlo",
      buildDeserializePipeline);
}

OwningOpRef<ModuleOp>
hlox::vhlo::deserializePortableArtifact(OwningOpRef<ModuleOp> module) {
  if (!module)
    return nullptr;
  if (!isPortableArtifact(*module))
    return module;
  PassManager pm(module->getContext());
  buildDeserializePipeline(pm);
  if (failed(pm.run(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> hlox::vhlo::parseSource(llvm::SourceMgr &sourceMgr,
                                              MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::optional<std::string> upgraded;
  if (!isBytecode(*buffer))
    upgraded = upgradeLegacyText(buffer->getBuffer());
  if (!upgraded)
    return parseSourceFile<ModuleOp>(sourceMgr, context);
  // Same name and lines: diagnostics point into the file as it is.
  llvm::SourceMgr upgradedMgr;
  upgradedMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                     *upgraded, buffer->getBufferIdentifier()),
                                 llvm::SMLoc());
  return parseSourceFile<ModuleOp>(upgradedMgr, context);
}

OwningOpRef<ModuleOp>
hlox::vhlo::readPortableArtifact(llvm::SourceMgr &sourceMgr,
                                 MLIRContext *context) {
  OwningOpRef<ModuleOp> module = parseSource(sourceMgr, context);
  if (module)
    return deserializePortableArtifact(std::move(module));
  // A bytecode file that did not read: say which version this build reads,
  // and the artifact's when it is newer.
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (!isBytecode(*buffer))
    return nullptr;
  std::optional<Version> version =
      getPortableArtifactVersion(buffer->getBuffer());
  InFlightDiagnostic error =
      emitError(UnknownLoc::get(context))
      << "failed to deserialize portable artifact using " << kProducerPrefix
      << Version::getCurrentVersion().str();
  if (version && *version > Version::getCurrentVersion())
    error << ": it was written by StableHLO " << version->str()
          << ", newer than the newest version this build reads";
  return nullptr;
}

bool hlox::vhlo::isPortableArtifact(ModuleOp module) {
  return llvm::any_of(module.getBody()->getOperations(), [](Operation &op) {
    return isa<VersionedOpInterface>(op);
  });
}
