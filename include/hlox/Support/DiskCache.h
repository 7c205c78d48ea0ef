//===- DiskCache.h - A persistent store of compiled artifacts ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A folder of entries, each a byte string stored under a key (a hex digest
// of what produced it, `hashKey`). An entry is written to a file of its own
// under a temporary name and renamed into place, so that concurrent writers
// (processes compiling the same kernel) never interleave and a reader never
// sees half an entry. Each file holds a header with the payload's length
// and SHA-256; an entry that fails either check (truncated, corrupted) reads
// as absent, so that its producer recompiles and rewrites it.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_SUPPORT_DISKCACHE_H
#define HLOX_SUPPORT_DISKCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hlox {

/// The version of hlox that compiled code depends on: its release, the
/// source revision it was built from, and LLVM's version.
llvm::StringRef getCompilerVersion();

class DiskCache {
public:
  /// A cache in `folder`, created on the first store.
  explicit DiskCache(std::string folder) : folder(std::move(folder)) {}

  /// The SHA-256 (hex) of `parts`, each length-prefixed so that no two
  /// different lists hash alike by concatenation.
  static std::string hashKey(llvm::ArrayRef<llvm::StringRef> parts);

  /// The payload stored under `key`, or nothing when there is no entry or
  /// the entry is damaged.
  std::optional<std::string> load(llvm::StringRef key) const;

  /// Stores `payload` under `key`, replacing any entry atomically.
  llvm::Error store(llvm::StringRef key, llvm::StringRef payload) const;

  /// The file that holds the entry of `key`.
  std::string getPath(llvm::StringRef key) const;

  llvm::StringRef getFolder() const { return folder; }

private:
  std::string folder;
};

} // namespace hlox

#endif // HLOX_SUPPORT_DISKCACHE_H
