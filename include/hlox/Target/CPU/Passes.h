//===- Passes.h - CPU target passes -----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CPU_PASSES_H
#define HLOX_TARGET_CPU_PASSES_H

#include "hlox/Transforms/Dispatch.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hlox::cpu {

/// True for the math ops that x86 vector instructions compute (sqrt, abs,
/// rounding, fma, bit counts...): vectorized, they stay instructions; the
/// others (exp, log, sin, ...) become one libm call per lane.
bool hasVectorInstruction(mlir::Operation *op);

/// The bits of the vector registers kernels are tiled for: one AVX-512
/// register.
constexpr int64_t kVectorBits = 512;

/// On a dispatch function: the vector register width its kernel should be
/// compiled for, when narrower than the CPU's widest
/// (hlox-cpu-narrow-streaming-reductions).
inline constexpr llvm::StringLiteral kPreferVectorBitsAttr =
    "hlox.prefer_vector_bits";

/// On a dispatch function: LLVM must not unroll its loops, which MLIR tiled
/// for the vector registers already (hlox-cpu-narrow-streaming-reductions,
/// hlox-cpu-keep-loops-rolled).
inline constexpr llvm::StringLiteral kKeepLoopsRolledAttr =
    "hlox.keep_loops_rolled";

/// `op` itself when it is a linalg.generic, else its generalization (named
/// ops such as linalg.reduce), in place.
mlir::FailureOr<mlir::linalg::GenericOp>
toGenericOp(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Target/CPU/Passes.h.inc"

} // namespace hlox::cpu

#endif // HLOX_TARGET_CPU_PASSES_H
