//===- Serialization.cpp - Portable artifacts in and out -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/Serialization/Serialization.h"

#include "mlir/Bytecode/BytecodeWriter.h"

using namespace mlir;
using namespace hlox::vhlo;

FailureOr<Version> hlox::vhlo::parseTargetVersion(Operation *anchor,
                                                  StringRef target) {
  if (target == "current")
    return Version::getCurrentVersion();
  std::optional<Version> version = Version::fromString(target);
  if (!version)
    return anchor->emitError() << "invalid target version '" << target
                               << "': expected X.Y.Z or 'current'";
  if (*version < Version::getMinimumVersion())
    return anchor->emitError()
           << "target version " << target << " is less than the minimum "
           << Version::getMinimumVersion().str();
  if (*version > Version::getCurrentVersion())
    return anchor->emitError()
           << "target version " << target << " is greater than the current "
           << Version::getCurrentVersion().str();
  return *version;
}

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
