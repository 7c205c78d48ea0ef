//===- CompileFlags.h - Compiler flags the tools share ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Command-line flags that every compiling tool (hlox-run, hlox-compile,
// hlox-bench) takes alike. Linking this file registers them:
//
//   --host-control-flow=auto|always|never   where while/if/case run
//   --fp-contract                           fuse float multiply and add
//   --inline-exp=false                      call libm's expf
//   --target-cpu=NAME                       the CPU to compile for (host)
//   --target-features=+f,-g                 features on top of the CPU's
//   --custom-call-library=PATH              a shared library of custom-call
//                                           targets (repeatable)
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_COMPILEFLAGS_H
#define HLOX_TOOLS_SUPPORT_COMPILEFLAGS_H

#include "hlox/Target/CPU/Compiler.h"

namespace hlox::tools {

/// Sets the options the shared flags give.
void applyCompileFlags(cpu::CompileOptions &options);

/// Loads each `--custom-call-library` into the global custom-call registry;
/// false after printing why one could not be loaded.
bool loadCustomCallLibraries();

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_COMPILEFLAGS_H
