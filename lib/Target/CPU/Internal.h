//===- Internal.h - What the CPU compiler's files share ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_TARGET_CPU_INTERNAL_H
#define HLOX_LIB_TARGET_CPU_INTERNAL_H

#include "hlox/Target/CPU/Compiler.h"
#include "hlox/runtime/KernelObjects.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace hlox::cpu {

/// Runs one phase on `module`, in place (writing it to the dump folder when
/// the options name one); the llvm phase lowers each kernel in a module of
/// its own and joins them back.
mlir::LogicalResult runPhase(mlir::ModuleOp module, Phase phase,
                             const CompileOptions &options,
                             CompileStats *stats);

/// Gives the dispatches of `module` the kernel convention
/// (hlox-cpu-kernel-abi); the host function keeps its calls until it goes.
mlir::LogicalResult runKernelABI(mlir::ModuleOp module);

/// Moves each dispatch of `module` into a nested module of its own, named
/// after it, with the declarations it calls.
void splitKernels(mlir::ModuleOp module);

/// Runs the kernel pipeline on each nested module of `module`, in parallel.
mlir::LogicalResult lowerKernels(mlir::ModuleOp module,
                                 const CompileOptions &options);

/// Moves the contents of the nested modules back into `module`: one
/// declaration of each C function, private definitions renamed apart.
void joinKernels(mlir::ModuleOp module);

/// Compiles the kernels of `module` (dispatches with the kernel convention,
/// and the declarations they call) to native code for the options' target
/// CPU: each distinct kernel once, in parallel, through the persistent
/// cache when the options name one. Fails when the host cannot run code
/// for that CPU.
mlir::FailureOr<std::shared_ptr<runtime::KernelLibrary>>
compileKernels(mlir::ModuleOp module, const CompileOptions &options,
               CompileStats &stats);

/// One kernel's object code: `symbol` is its entry point there, `names`
/// the dispatches (without the entry suffix) it serves.
using KernelObject = runtime::KernelObject;

/// A library that only keeps `objects` (for an ahead-of-time executable):
/// it finds no kernel.
std::shared_ptr<runtime::KernelLibrary>
keepKernelObjects(std::vector<KernelObject> objects);

/// Links `objects` in process, with the runtime's symbols, into a library
/// that finds each dispatch's entry point.
mlir::FailureOr<std::shared_ptr<runtime::KernelLibrary>>
linkKernels(mlir::ModuleOp module, std::vector<KernelObject> objects);

} // namespace hlox::cpu

#endif // HLOX_LIB_TARGET_CPU_INTERNAL_H
