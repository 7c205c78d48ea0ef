//===- Version.h - StableHLO versions of portable artifacts -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A StableHLO version (major.minor.patch): what a VHLO op, attribute or type
// exists in, what an artifact is serialized for, and the MLIR bytecode format
// that each version reads.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VERSION_H
#define HLOX_DIALECT_VHLO_IR_VERSION_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

namespace mlir {
class Operation;
} // namespace mlir

namespace hlox::vhlo {

class Version {
public:
  constexpr Version(int64_t major, int64_t minor, int64_t patch)
      : parts{major, minor, patch} {}

  /// Parses "X.Y.Z" (decimal digits only); nullopt otherwise.
  static std::optional<Version> fromString(llvm::StringRef text);

  /// The newest version this dialect reads and writes.
  static constexpr Version getCurrentVersion() { return Version(1, 20, 0); }
  /// The oldest version it reads and writes.
  static constexpr Version getMinimumVersion() { return Version(0, 9, 0); }

  int64_t getMajor() const { return parts[0]; }
  int64_t getMinor() const { return parts[1]; }
  int64_t getPatch() const { return parts[2]; }

  /// The MLIR bytecode format version that readers of this StableHLO version
  /// understand (0.9 -> 0, 0.10-0.11 -> 1, 0.12-0.13 -> 3, 0.14 -> 4, from
  /// 0.15 -> 6); nullopt outside [minimum, current].
  std::optional<int64_t> getBytecodeVersion() const;

  std::string str() const;

  friend bool operator<(const Version &a, const Version &b) {
    return a.parts < b.parts;
  }
  friend bool operator==(const Version &a, const Version &b) {
    return a.parts == b.parts;
  }
  friend bool operator!=(const Version &a, const Version &b) {
    return !(a == b);
  }
  friend bool operator<=(const Version &a, const Version &b) {
    return !(b < a);
  }
  friend bool operator>(const Version &a, const Version &b) { return b < a; }
  friend bool operator>=(const Version &a, const Version &b) {
    return !(a < b);
  }

private:
  std::array<int64_t, 3> parts;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Version &version);

/// The producer string a serialized artifact carries: "StableHLO_v" followed
/// by the target version as given.
constexpr llvm::StringLiteral kProducerPrefix = "StableHLO_v";

/// The StableHLO version in the producer string of MLIR bytecode; nullopt when
/// `bytes` is not MLIR bytecode or names no StableHLO version.
std::optional<Version> getPortableArtifactVersion(llvm::StringRef bytes);

/// Parses a target version: "X.Y.Z" or "current". Reports an error at
/// `anchor` when the text is not a version or is outside
/// [minimum, current].
llvm::FailureOr<Version> parseTargetVersion(mlir::Operation *anchor,
                                            llvm::StringRef target);

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_IR_VERSION_H
