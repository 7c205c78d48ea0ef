//===- CompileFlags.h - Compiler flags the tools share ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Command-line flags that every compiling tool (hlox-run, hlox-compile,
// hlox-bench) takes alike. Linking this file registers them:
//
//   --host-control-flow=auto|always|never   where while/if/case run
//   --fp-contract[=off|elementwise|all]     which multiply-adds fuse (FMA)
//   --inline-exp=false                      call libm's expf
//   --target-cpu=NAME                       the CPU to compile for (host)
//   --target-features=+f,-g                 features on top of the CPU's
//   --cache-dir=DIR                         keep compiled kernels in DIR
//   --plugin=PATH                           a shared library of custom-call
//                                           handlers (repeatable)
//   --composite=NAME:native|inline|auto     the path of composite NAME
//                                           (repeatable; auto by default)
//
// registerPassManagerFlags adds MLIR's: --mlir-timing, --mlir-pass-statistics,
// --mlir-print-ir-after-all, --mlir-disable-threading and the like, which
// apply to every pass manager compilation runs.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TOOLS_SUPPORT_COMPILEFLAGS_H
#define HLOX_TOOLS_SUPPORT_COMPILEFLAGS_H

#include "hlox/Target/CPU/Compiler.h"
#include "hlox/api/Api.h"

#include "llvm/Support/CommandLine.h"

namespace hlox::tools {

/// Registers MLIR's pass manager, timing and context flags; call before
/// parsing the command line.
void registerPassManagerFlags();

/// Sets the options the shared flags give (the tools compile through the
/// API; api::toCompilerOptions gives the compiler's view of them): MLIR's
/// pass-manager flags apply, and --plugin's libraries are the options'
/// plugins.
void applyCompileFlags(api::CompileOptions &options);

/// Makes `--threads` another spelling of the tool's `--num-threads`
/// option, in place of the hidden `--threads` option an LLVM library
/// registers (which a user would take for the thread count, and which
/// does nothing a tool runs); call before parsing the command line.
void aliasThreadsFlag(llvm::cl::opt<unsigned> &numThreads);

/// Loads each `--plugin` into the global handler registry; false after
/// printing why one could not be loaded.
bool loadPlugins();

} // namespace hlox::tools

#endif // HLOX_TOOLS_SUPPORT_COMPILEFLAGS_H
