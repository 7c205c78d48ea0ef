//===- Passes.h - CPU target passes -----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_PASSES_H
#define HLOX_TARGET_CPU_PASSES_H

#include "hlox/Target/CPU/HostControlFlow.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hlox::cpu {

/// Attribute names on dispatch functions.
using hlox::kDispatchAttr;
inline constexpr llvm::StringLiteral kWorkgroupsAttr = "hlox.workgroups";
inline constexpr llvm::StringLiteral kWorkAttr = "hlox.work";

/// Scalar iterations from which work pays for a chunk on another thread:
/// a dispatch splits into chunks of at least this much, and host control
/// flow is worth it around a linalg op that has this much.
inline constexpr int64_t kThreadedWork = 1 << 16;
/// The suffix of a kernel's runtime entry point.
inline constexpr llvm::StringLiteral kEntrySuffix = "_entry";

/// True for the ops that run on the host rather than in kernels: `check`
/// ops, `interpreter.probe`, `interpreter.print`, every
/// `stablehlo.custom_call` (a check, or a registered host function) and
/// `stablehlo.rng` (its draws from the run's engine are sequential).
bool isHostCall(mlir::Operation *op);

/// The loop a dispatch's workgroups split: its root's first parallel loop
/// of more than one iteration (loops before it may be reductions); none
/// when it has no such loop.
std::optional<unsigned> getWorkgroupLoop(mlir::linalg::LinalgOp root);

/// True for the math ops that x86 vector instructions compute (sqrt, abs,
/// rounding, fma, bit counts...): vectorized, they stay instructions; the
/// others (exp, log, sin, ...) become one libm call per lane.
bool hasVectorInstruction(mlir::Operation *op);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Target/CPU/Passes.h.inc"

} // namespace hlox::cpu

#endif // HLOX_TARGET_CPU_PASSES_H
