//===- CompilerOptions.h - The compiler's view of API options ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// For programs that run the compiler's phases themselves besides compiling
// through the API (hlox-compile --compile-to, hlox-run's evaluator path):
// the compiler's options that the API's options stand for. This header
// names the compiler's types; it is not part of the C ABI, and programs
// that use only Api.h do not need it.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_API_COMPILEROPTIONS_H
#define HLOX_API_COMPILEROPTIONS_H

#include "hlox/Target/CPU/Compiler.h"
#include "hlox/api/Api.h"

namespace hlox::api {

/// The CPU compiler's options of `options` (what Client::compile compiles
/// with).
cpu::CompileOptions toCompilerOptions(const CompileOptions &options);

} // namespace hlox::api

#endif // HLOX_API_COMPILEROPTIONS_H
