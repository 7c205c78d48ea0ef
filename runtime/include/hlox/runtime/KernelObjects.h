//===- KernelObjects.h - Kernels as relocatable objects ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Compiled kernels as the compiler emits them: one relocatable ELF object
// (x86-64) per distinct kernel body, which defines `symbol` and its entry
// point `symbol + "_entry"`, and serves the dispatches `names`. The loader
// places an object's allocatable sections in memory, resolves its symbols
// against the runtime's (getKernelSymbols: its functions, compiler-rt's
// builtins, libm's) and applies its relocations, with no compiler and no
// system linker: what programs compiled ahead of time run on.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_KERNELOBJECTS_H
#define HLOX_RUNTIME_KERNELOBJECTS_H

#include "hlox/runtime/Executable.h"
#include "hlox/runtime/Status.h"

#include <memory>
#include <string>
#include <vector>

namespace hlox::runtime {

struct KernelObject {
  std::string symbol;
  std::vector<std::string> names;
  /// The ELF relocatable object.
  std::string bytes;
};

/// The suffix of a kernel's entry point symbol.
constexpr const char *kKernelEntrySuffix = "_entry";

/// Loads `objects` into executable memory and returns the library that
/// resolves each name N of each object as "N_entry". An object that is
/// not an x86-64 ELF relocatable file, refers to a symbol the runtime does
/// not define, or holds a relocation the loader does not apply is an error
/// naming it.
std::shared_ptr<KernelLibrary>
loadKernelObjects(const std::vector<KernelObject> &objects, Status &status);

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_KERNELOBJECTS_H
