//===- Internal.h - What the CPU compiler's files share ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TARGET_CPU_INTERNAL_H
#define HLOX_LIB_TARGET_CPU_INTERNAL_H

#include "hlox/Target/CPU/Compiler.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace hlox::cpu {

/// Runs one phase on `module`, in place (writing it to the dump folder when
/// the options name one). In the llvm phase, `afterKernelABI` sees the module
/// once the dispatches have the kernel convention, before the host function
/// is dropped.
mlir::LogicalResult
runPhase(mlir::ModuleOp module, Phase phase, const CompileOptions &options,
         CompileStats *stats,
         llvm::function_ref<mlir::LogicalResult(mlir::ModuleOp)> afterKernelABI);

/// The host program of `entry` (after hlox-cpu-form-dispatches), whose
/// dispatches call the kernels of `module` (after hlox-cpu-kernel-abi);
/// `signature` is the entry's type before lowering. Fills `hostCalls` with
/// the op of each HostCall callee; custom calls other than checks must name
/// a target of `customCalls`.
mlir::FailureOr<runtime::HostProgram>
buildHostProgram(mlir::func::FuncOp entry, mlir::ModuleOp module,
                 mlir::FunctionType signature,
                 std::vector<mlir::Operation *> &hostCalls,
                 const runtime::CustomCallRegistry &customCalls);

/// Compiles `module` (LLVM dialect, after hlox-cpu-emit-entry-points) for the
/// options' target CPU with LLVM's ORC JIT; fails when the host cannot run
/// code for that CPU.
mlir::FailureOr<std::shared_ptr<runtime::KernelLibrary>>
jitCompile(mlir::ModuleOp module, const CompileOptions &options);

} // namespace hlox::cpu

#endif // HLOX_LIB_TARGET_CPU_INTERNAL_H
