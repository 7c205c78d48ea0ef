//===- Compiler.h - Compiles StableHLO programs for the host CPU -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The CPU compiler: a StableHLO module in, a runtime::HostProgram and its
// kernels, compiled and linked in process, out. It runs the
// target-independent phases (hlox/Pipelines/Pipelines.h: input, stablehlo,
// linalg), then its own:
//
//   llvm      the kernels in the LLVM dialect, each with its entry point
//
// and compiles each distinct kernel to native code, in parallel, through
// the persistent cache when the options name one.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_COMPILER_H
#define HLOX_TARGET_CPU_COMPILER_H

#include "hlox/Pipelines/Pipelines.h"
#include "hlox/Pipelines/Target.h"
#include "hlox/runtime/AotProgram.h"
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
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace hlox::cpu {

/// Which float multiplies and adds may fuse into fused multiply-adds
/// (hlox-cpu-contract-floats), each rounded once where the evaluator rounds
/// the product and the sum apart.
enum class FpContract {
  /// None: every product is rounded, as the evaluator does.
  Off,
  /// Those of f32 elementwise computations (linalg ops without reduction
  /// loops, before the math functions are expanded); reductions,
  /// contractions and f64 keep the evaluator's rounding.
  Elementwise,
  /// Every one, reductions and contractions included.
  All,
};

/// The CPU target's options on top of every target's.
struct CompileOptions : hlox::CompileOptions {
  /// Tile and vectorize the kernels' linalg ops (hlox-cpu-vectorize).
  bool vectorize = true;
  /// Which float multiplies and adds LLVM may fuse. Unset: Elementwise, or
  /// Off under `strictNumerics`, with which anything but Off is an error.
  std::optional<FpContract> fpContract;
  /// Computes f32 exp inline in f64 arithmetic instead of calling libm's
  /// expf (hlox-cpu-inline-exp), so that kernels holding it vectorize.
  bool inlineExp = true;
  /// Keeps every math function at libm's accuracy (within an ULP or two of
  /// the evaluator): no vector approximations (hlox-cpu-approximate-math,
  /// whose bounds are in docs/numerics.md), reductions in the evaluator's
  /// order (no hlox-cpu-split-reductions) and no library calls (every
  /// contraction a generated kernel) and, unless `fpContract` says
  /// otherwise, no FMA contraction.
  bool strictNumerics = false;

  /// `fpContract`, or its default.
  FpContract getFpContract() const {
    return fpContract.value_or(strictNumerics ? FpContract::Off
                                              : FpContract::Elementwise);
  }
  /// The CPU the kernels are compiled for: "host" (this process's CPU with
  /// its real features) or an LLVM CPU name (x86-64-v2, skylake-avx512,
  /// sapphirerapids, ...).
  std::string targetCpu = "host";
  /// Features added to or removed from the CPU's, comma-separated
  /// ("+avx2,-avx512f").
  std::string targetFeatures;
  /// Compiles for an ahead-of-time executable: the kernels are kept as
  /// objects, not linked in process, so that the target CPU need not be
  /// this host's (makeAheadOfTimeProgram; the API's
  /// Executable::serializeAheadOfTime).
  bool aheadOfTime = false;
};

/// The ahead-of-time executable (runtime/AotProgram.h) of `program`,
/// compiled with `options` (with `aheadOfTime` to target another CPU; a
/// program compiled in process kept its kernels' objects too) from the
/// function `entry`. A program whose host program calls back into the
/// compiler (check ops) is an error, set in `error`.
mlir::FailureOr<runtime::AotProgram>
makeAheadOfTimeProgram(llvm::StringRef entry, const CompiledProgram &program,
                       const CompileOptions &options, std::string &error);

/// Registers the dialects, interfaces and translations compilation needs.
void registerCompilerDialects(mlir::DialectRegistry &registry);

/// Registers every pass the phase pipelines name (upstream and hlox's), so
/// that `hlox-opt --pass-pipeline=...` can replay a phase. Idempotent.
void registerCompilerPasses();

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

/// The CPU target with `options`: kernels lowered through the llvm phase,
/// compiled by LLVM for the options' CPU and linked in process.
std::shared_ptr<const Target> createTarget(const CompileOptions &options);

/// Compiles `module` (consumed: it is lowered in place) for the CPU into a
/// program the runtime can run: hlox::compile with createTarget(options).
mlir::FailureOr<std::unique_ptr<CompiledProgram>>
compile(mlir::ModuleOp module, const CompileOptions &options);

} // namespace hlox::cpu

#endif // HLOX_TARGET_CPU_COMPILER_H
