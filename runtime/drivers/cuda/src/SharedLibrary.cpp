//===- SharedLibrary.cpp - CUDA libraries opened at run time --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "SharedLibrary.h"

#include <cstdlib>

using namespace hlox::runtime::cuda;

std::vector<std::string>
hlox::runtime::cuda::getLibraryCandidates(const char *variable,
                                          std::vector<std::string> defaults) {
  const char *override = std::getenv(variable);
  if (override && *override)
    return {override};
  return defaults;
}

void *hlox::runtime::cuda::openFirstLibrary(
    const std::vector<std::string> &candidates, std::string &path,
    std::string &errors) {
  for (const std::string &candidate : candidates) {
    if (void *library = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      path = candidate;
      return library;
    }
    const char *error = dlerror();
    errors += "; " + candidate + (error ? std::string(": ") + error : "");
  }
  return nullptr;
}
