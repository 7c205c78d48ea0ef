//===- Passes.h - CUDA target passes ----------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TARGET_CUDA_PASSES_H
#define HLOX_TARGET_CUDA_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace hlox::cuda {

#define GEN_PASS_DECL
#include "hlox/Target/CUDA/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "hlox/Target/CUDA/Passes.h.inc"

} // namespace hlox::cuda

#endif // HLOX_TARGET_CUDA_PASSES_H
