//===- Target.h - What a target adds to the shared phases -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Compilation is the same for every target up to dispatch formation: the
// target-independent phases (Pipelines.h), then the host program
// (HostProgramBuilder.h). A Target gives the dispatches its kernel calling
// convention and compiles the kernels into a runtime::KernelLibrary; the
// CPU target (cpu::createTarget) lowers them through LLVM and links them
// in process. A new target implements this interface and reuses the rest.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_PIPELINES_TARGET_H
#define HLOX_PIPELINES_TARGET_H

#include "hlox/Pipelines/Pipelines.h"
#include "hlox/runtime/AotProgram.h"
#include "hlox/runtime/Executable.h"
#include "hlox/runtime/HostProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>
#include <vector>

namespace hlox {

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

class Target {
public:
  virtual ~Target();

  /// The target's name ("CPU").
  virtual llvm::StringRef getName() const = 0;

  /// The kind of runtime device its programs run on
  /// (runtime::HostProgram::devices, runtime::Device::getKind).
  virtual llvm::StringRef getDeviceKind() const { return "cpu"; }

  /// The options every target takes, as this target was given them.
  virtual const CompileOptions &getOptions() const = 0;

  /// Runs the target-independent phases on `module` up to and including
  /// `last`, then, for Phase::LLVM, the target's kernel phase, in place.
  virtual mlir::LogicalResult lowerToPhase(mlir::ModuleOp module, Phase last,
                                           CompileStats *stats) const = 0;

  /// Gives the dispatches of `module` (after the linalg phase) the target's
  /// kernel calling convention: operands, then results, one buffer each.
  /// The host function still calls them by their old types.
  virtual mlir::LogicalResult prepareKernels(mlir::ModuleOp module) const = 0;

  /// Compiles the kernels of `module` (the dispatches after
  /// prepareKernels, and the declarations they call; nothing else) into a
  /// library that resolves each dispatch `@f` as `f_entry`.
  virtual mlir::FailureOr<std::shared_ptr<runtime::KernelLibrary>>
  compileKernels(mlir::ModuleOp module, CompileStats &stats) const = 0;
};

/// Compiles the entry function of `module` (consumed: it is lowered in
/// place) for `target`: the target-independent phases, the host program,
/// then the target's kernels. Every argument and result of the entry must
/// be a statically shaped tensor.
mlir::FailureOr<std::unique_ptr<CompiledProgram>>
compile(mlir::ModuleOp module, const Target &target);

/// The runtime's ahead-of-time file of `program` as far as every target
/// fills it (the compiler's version, the entry, its signature, the host
/// program); the target adds its kernels. Fails, with `error`, for a
/// program with check ops (they run on the compiler's evaluator).
mlir::FailureOr<runtime::AotProgram>
startAheadOfTimeProgram(llvm::StringRef entry, const CompiledProgram &program,
                        std::string &error);

/// Fails, with an error at `function`, unless each of its arguments and
/// results is a ranked tensor (what a compiled function takes and returns;
/// dynamic dimensions are specialized away first).
mlir::LogicalResult checkTensorSignature(mlir::func::FuncOp function,
                                         llvm::StringRef target);

} // namespace hlox

#endif // HLOX_PIPELINES_TARGET_H
