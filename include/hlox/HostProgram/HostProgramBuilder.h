//===- HostProgramBuilder.h - The runtime program of the host -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every target runs a compiled program as a runtime::HostProgram: the host
// function that dispatch formation leaves (calls of dispatches, host calls,
// custom calls, rng, control flow kept on the host) translated into
// commands over an arena of values. Targets differ in their kernels, not in
// this.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_HOSTPROGRAM_HOSTPROGRAMBUILDER_H
#define HLOX_HOSTPROGRAM_HOSTPROGRAMBUILDER_H

#include "hlox/ffi/Registry.h"
#include "hlox/runtime/HostProgram.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace hlox {

/// Marks `hlox.reshape_only` the dispatch functions of `module` that only
/// reshape their operand. Runs while the kernels are still on tensors
/// (before the target's kernel convention), for buildHostProgram.
void markReshapeOnlyDispatches(mlir::ModuleOp module);

/// The host program of `entry` (after hlox-form-dispatches), whose
/// dispatches call the kernels of `module` (in the target's kernel
/// convention: operands then results, one buffer each); `signature` is the
/// entry's type before lowering. Fills `hostCalls` with the op of each
/// HostCall callee; custom calls other than checks must name a target with
/// a handler in `handlers`. Dispatch `@f` runs the kernel entry point
/// `f_entry`. With `asyncCollectives`, collectives that move data between
/// buffers (64 KiB or more) start where they are and are waited for just
/// before the first command that reads their result (HostProgram's Wait),
/// the commands that read it built after the independent ones that
/// follow, so that those overlap the communication.
mlir::FailureOr<runtime::HostProgram> buildHostProgram(
    mlir::func::FuncOp entry, mlir::ModuleOp module,
    mlir::FunctionType signature, std::vector<mlir::Operation *> &hostCalls,
    const ffi::HandlerRegistry &handlers, bool asyncCollectives = true);

/// `loc` as messages and commands print it: "file:line:col" where a file
/// location is inside, else the location's own text.
std::string getLocationText(mlir::Location loc);

} // namespace hlox

#endif // HLOX_HOSTPROGRAM_HOSTPROGRAMBUILDER_H
