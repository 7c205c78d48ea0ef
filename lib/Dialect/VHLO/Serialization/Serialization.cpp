//===- Serialization.cpp - Portable artifacts in and out -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"

#include "hlox/Dialect/VHLO/IR/VhloOps.h"
#include "hlox/Dialect/VHLO/Transforms/Passes.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Pass/PassManager.h"

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

OwningOpRef<ModuleOp>
hlox::vhlo::deserializePortableArtifact(OwningOpRef<ModuleOp> module) {
  if (!module)
    return nullptr;
  PassManager pm(module->getContext());
  pm.addPass(createVhloToVersion({Version::getCurrentVersion().str()}));
  pm.addPass(createVhloLegalizeToStablehlo());
  if (failed(pm.run(*module)))
    return nullptr;
  return module;
}

bool hlox::vhlo::isPortableArtifact(ModuleOp module) {
  bool vhlo = false;
  module.walk([&](Operation *op) {
    if (isa<VersionedOpInterface>(op)) {
      vhlo = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return vhlo;
}
