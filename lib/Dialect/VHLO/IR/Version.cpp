//===- Version.cpp - StableHLO versions of portable artifacts ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace hlox::vhlo;

std::optional<Version> Version::fromString(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> fields;
  text.split(fields, '.');
  if (fields.size() != 3)
    return std::nullopt;
  std::array<int64_t, 3> parts;
  for (auto [field, part] : llvm::zip(fields, parts)) {
    if (field.empty() || field.size() > 9 || !llvm::all_of(field, llvm::isDigit))
      return std::nullopt;
    field.getAsInteger(10, part);
  }
  return Version(parts[0], parts[1], parts[2]);
}

std::optional<int64_t> Version::getBytecodeVersion() const {
  if (*this < getMinimumVersion() || *this > getCurrentVersion())
    return std::nullopt;
  if (*this < Version(0, 10, 0))
    return 0;
  if (*this < Version(0, 12, 0))
    return 1;
  if (*this < Version(0, 14, 0))
    return 3;
  if (*this < Version(0, 15, 0))
    return 4;
  return 6;
}

std::string Version::str() const {
  return std::to_string(getMajor()) + "." + std::to_string(getMinor()) + "." +
         std::to_string(getPatch());
}

llvm::raw_ostream &hlox::vhlo::operator<<(llvm::raw_ostream &os,
                                          const Version &version) {
  return os << version.str();
}

std::optional<Version>
hlox::vhlo::getPortableArtifactVersion(llvm::StringRef bytes) {
  // Magic, a version varint, then the NUL-terminated producer string.
  if (bytes.size() < 5 || !bytes.starts_with("ML\xEFR"))
    return std::nullopt;
  llvm::StringRef header = bytes.take_front(bytes.find('\0'));
  size_t at = header.find(kProducerPrefix);
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  return Version::fromString(header.substr(at + kProducerPrefix.size()));
}

FailureOr<Version> hlox::vhlo::parseTargetVersion(Operation *anchor,
                                                  StringRef target) {
  if (target == "current")
    return Version::getCurrentVersion();
  std::optional<Version> version = Version::fromString(target);
  if (!version)
    return anchor->emitError()
           << "Invalid target version argument '" << target
           << "': a version is of the form `#.#.#` (or 'current')";
  if (*version < Version::getMinimumVersion())
    return anchor->emitError()
           << "target version " << target
           << " is less than minimum supported "
           << Version::getMinimumVersion().str();
  if (*version > Version::getCurrentVersion())
    return anchor->emitError()
           << "target version " << target
           << " is greater than current version "
           << Version::getCurrentVersion().str();
  return *version;
}
