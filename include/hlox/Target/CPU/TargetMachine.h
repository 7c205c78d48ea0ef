//===- TargetMachine.h - The CPU that kernels are compiled for --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Kernels are compiled for a named x86-64 CPU (`--target-cpu`, `host` by
// default: the CPU this process runs on, with its real features) with
// features added or removed (`--target-features=+avx2,-avx512f`). Code for
// a CPU the host cannot run is not run: it can still be compiled to an
// object file, whose undefined symbols must all be among the runtime's
// (runtime::getKernelSymbols).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_TARGETMACHINE_H
#define HLOX_TARGET_CPU_TARGETMACHINE_H

#include "hlox/Target/CPU/Compiler.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>
#include <vector>

namespace hlox::cpu {

/// The target machine for `options.targetCpu` and `options.targetFeatures`
/// (optimizing at -O3); an error naming an unknown CPU or feature.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const CompileOptions &options);

/// The features code for `machine` may use that the host CPU lacks, each as
/// "+name"; empty when the host can run the code. Features whose
/// instructions only intrinsics reach (system, security, crypto, AMX) do not
/// count: kernels never hold them.
std::vector<std::string>
getFeaturesMissingOnHost(const llvm::TargetMachine &machine);

/// The instruction-set features of `machine` that compiled kernels may use
/// and that the runtime can check on the CPU that loads them (names
/// without "+": "avx2", "avx512f", ...): what an ahead-of-time executable
/// requires.
std::vector<std::string>
getRequiredCpuFeatures(const llvm::TargetMachine &machine);

/// Translates `module` (the llvm phase) to LLVM IR, optimizes it and
/// writes it to `os` as an object file for the options' target.
mlir::LogicalResult emitObjectFile(mlir::ModuleOp module,
                                   const CompileOptions &options,
                                   llvm::raw_pwrite_stream &os);

/// How much effort LLVM spends on a module.
enum class OptLevel {
  /// Clean-up only (early CSE, instcombine, simplifycfg, LICM), code
  /// generation at `Less`: for small kernels, whose loops MLIR already
  /// vectorized and unrolled.
  Cleanup,
  /// LLVM's -O3 pipeline, code generation at `Aggressive`.
  O3,
};

/// The level's name, as in cache keys and reports: cleanup or O3.
llvm::StringRef getOptLevelName(OptLevel level);

/// Optimizes `module` at `level` for `machine` (whose code generation level
/// it sets to match) and writes it to `os` as an object file. Thread-safe
/// for distinct modules and machines.
llvm::Error compileToObject(llvm::Module &module, llvm::TargetMachine &machine,
                            OptLevel level, llvm::raw_pwrite_stream &os);

} // namespace hlox::cpu

#endif // HLOX_TARGET_CPU_TARGETMACHINE_H
