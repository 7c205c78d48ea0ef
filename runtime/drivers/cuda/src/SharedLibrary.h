//===- SharedLibrary.h - CUDA libraries opened at run time ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What the driver, cuBLASLt and cuDNN loaders share: one attempt per process
// (kept, loaded or failed, for every later call), the first of a list of
// library names that dlopen opens, and entry points looked up by name.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_CUDA_SHAREDLIBRARY_H
#define HLOX_RUNTIME_CUDA_SHAREDLIBRARY_H

#include "hlox/runtime/Status.h"

#include <dlfcn.h>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hlox::runtime::cuda {

/// `load`'s result on the first call of the process for T, and for every
/// later call the same library or the same failure.
template <typename T>
std::shared_ptr<T>
loadOncePerProcess(Status &status,
                   const std::function<std::shared_ptr<T>(Status &)> &load) {
  static std::mutex mutex;
  static std::shared_ptr<T> loaded;
  static Status failure;
  static bool tried = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (!tried) {
    tried = true;
    loaded = load(failure);
  }
  status = loaded ? Status() : failure;
  return loaded;
}

/// $`variable` alone when it is set and not empty, else `defaults`.
std::vector<std::string>
getLibraryCandidates(const char *variable, std::vector<std::string> defaults);

/// The first of `candidates` that dlopen opens (its name in `path`), or
/// null with `errors` listing each attempt as "; NAME: dlerror".
void *openFirstLibrary(const std::vector<std::string> &candidates,
                       std::string &path, std::string &errors);

/// Looks up a library's entry points by name, keeping the first missing.
class EntryPoints {
public:
  explicit EntryPoints(void *library) : library(library) {}
  template <typename Fn> void bind(const char *name, Fn &slot) {
    slot = reinterpret_cast<Fn>(dlsym(library, name));
    if (!slot && !missing)
      missing = name;
  }
  /// Binds `name` if the library has it, without counting it missing.
  template <typename Fn> bool bindIfPresent(const char *name, Fn &slot) {
    slot = reinterpret_cast<Fn>(dlsym(library, name));
    return slot != nullptr;
  }
  /// The first name not found, or null.
  const char *getMissing() const { return missing; }

private:
  void *library;
  const char *missing = nullptr;
};

} // namespace hlox::runtime::cuda

#endif // HLOX_RUNTIME_CUDA_SHAREDLIBRARY_H
