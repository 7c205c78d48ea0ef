//===- Compiler.h - Compiles StableHLO programs for the host CPU -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The CPU compiler: a StableHLO module in, a runtime::HostProgram and its
// JIT-compiled kernels out. It runs the named phases in order:
//
//   input     import (shardings dropped, exporters' spellings and JAX's
//             custom calls legalized), inline every call into the entry
//             function, drop the rest
//   stablehlo the entry function's StableHLO, common values merged
//   linalg    lowered to linalg on tensors, elementwise ops fused, split
//             into dispatch functions and host ops
//   llvm      the kernels in the LLVM dialect, each with its entry point
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_COMPILER_H
#define HLOX_TARGET_CPU_COMPILER_H

#include "hlox/Target/CPU/HostControlFlow.h"
#include "hlox/runtime/CustomCall.h"
#include "hlox/runtime/Executable.h"
#include "hlox/runtime/HostProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class PassManager;
} // namespace mlir

namespace hlox::cpu {

enum class Phase { Input, Stablehlo, Linalg, LLVM };

/// The phase named `name` ("input", "stablehlo", "linalg", "llvm").
std::optional<Phase> parsePhase(llvm::StringRef name);
llvm::StringRef getPhaseName(Phase phase);

struct CompileOptions {
  /// The function to compile.
  std::string entry = "main";
  /// Every constant stays a run-time buffer (see hlox-cpu-form-dispatches).
  bool opaqueConstants = false;
  /// When set, the module after each phase is written to DIR/NN-PHASE.mlir.
  std::string dumpDir;
  /// Tile and vectorize the kernels' linalg ops (hlox-cpu-vectorize).
  bool vectorize = true;
  HostControlFlow hostControlFlow = HostControlFlow::Auto;
  /// Lets LLVM fuse float multiplies and adds (hlox-cpu-contract-floats):
  /// faster contractions, rounded once where the evaluator rounds twice.
  bool fpContract = false;
  /// Computes f32 exp inline in f64 arithmetic instead of calling libm's
  /// expf (hlox-cpu-inline-exp), so that kernels holding it vectorize.
  bool inlineExp = true;
  /// The CPU the kernels are compiled for: "host" (this process's CPU with
  /// its real features) or an LLVM CPU name (x86-64-v2, skylake-avx512,
  /// sapphirerapids, ...).
  std::string targetCpu = "host";
  /// Features added to or removed from the CPU's, comma-separated
  /// ("+avx2,-avx512f").
  std::string targetFeatures;
  /// When set, compiled kernels are kept in and loaded from this folder,
  /// keyed by their IR, the target CPU and features, the options that
  /// change code, and the compiler's version (hlox::DiskCache).
  std::string cacheDir;
  /// Called on each pass manager compilation creates (the tools apply
  /// `--mlir-timing`, `--mlir-pass-statistics` and the like through it).
  std::function<void(mlir::PassManager &)> configurePassManager;
  /// Where `stablehlo.custom_call` targets must be registered (null: the
  /// global registry); the executable must resolve them in the same one.
  const runtime::CustomCallRegistry *customCalls = nullptr;
};

/// What compilation measured (what the program holds, dispatches and
/// buffer bytes, its HostProgram says).
struct CompileStats {
  /// Milliseconds per phase, then for the kernels' code generation
  /// ("codegen": LLVM optimization and instruction selection, in parallel)
  /// and linking ("link").
  std::vector<std::pair<std::string, double>> phaseMilliseconds;
  /// Dispatch commands of the host program, and the distinct kernels they
  /// run (dispatches equal up to their name share one).
  int64_t dispatches = 0;
  int64_t kernels = 0;
  /// Kernels loaded from the persistent cache, and compiled.
  int64_t cachedKernels = 0;
  int64_t compiledKernels = 0;
};

/// A compiled program: the host program, its kernels, and the host ops
/// (checks) its HostCall commands stand for.
struct CompiledProgram {
  runtime::HostProgram program;
  std::shared_ptr<runtime::KernelLibrary> kernels;
  /// Holds the entry function as the host program saw it; `hostCalls`
  /// point into it.
  mlir::OwningOpRef<mlir::ModuleOp> hostModule;
  /// The op of each HostCall callee index.
  std::vector<mlir::Operation *> hostCalls;
  /// The entry function's type before lowering (element signedness kept).
  mlir::FunctionType signature;
  CompileStats stats;
};

/// Registers the dialects, interfaces and translations compilation needs.
void registerCompilerDialects(mlir::DialectRegistry &registry);

/// Registers every pass the phase pipelines name (upstream and hlox's), so
/// that `hlox-opt --pass-pipeline=...` can replay a phase. Idempotent.
void registerCompilerPasses();

/// The passes that bring an exported program to the StableHLO that hlox
/// compiles and evaluates, the start of the input phase: shardings dropped
/// for one device (sdy-drop-shardings), the arith and tensor ops of
/// exporters and JAX's custom calls legalized.
std::string getImportPipeline();

/// Runs the import passes on `module`, in place: what the evaluator runs
/// on, and what a shape-polymorphic entry gets before it is specialized.
mlir::LogicalResult importProgram(mlir::ModuleOp module);

/// The textual pass pipeline of `phase` (module-anchored, without the
/// builtin.module wrapper).
std::string getPhasePipeline(Phase phase, const CompileOptions &options);

/// The llvm phase after hlox-cpu-kernel-abi: what lowers one kernel
/// (module-anchored, without the builtin.module wrapper).
std::string getKernelPipeline(const CompileOptions &options);

/// Runs the phases on `module` up to and including `last`, in place; fails
/// with a diagnostic at the op that could not be compiled.
mlir::LogicalResult lowerToPhase(mlir::ModuleOp module, Phase last,
                                 const CompileOptions &options,
                                 CompileStats *stats = nullptr);

/// Compiles `module` (consumed: it is lowered in place) into a program the
/// runtime can run.
mlir::FailureOr<std::unique_ptr<CompiledProgram>>
compile(mlir::ModuleOp module, const CompileOptions &options);

} // namespace hlox::cpu

#endif // HLOX_TARGET_CPU_COMPILER_H
