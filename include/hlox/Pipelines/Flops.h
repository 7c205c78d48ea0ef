//===- Flops.h - Floating-point work of a program ---------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The floating-point operations of a StableHLO program's contractions, as
// reports count them (hlox-bench's GFLOP/s, the API's CostReport).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_PIPELINES_FLOPS_H
#define HLOX_PIPELINES_FLOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstdint>

namespace hlox {

/// The floating-point operations of the dot_general, dot and convolution
/// ops of `function` and of the functions it calls in `module`, each
/// counted once per call site, a multiply-add counting two. Ops with
/// dynamic shapes count nothing; loops count one iteration.
int64_t countContractionFlops(mlir::func::FuncOp function,
                              mlir::ModuleOp module);

} // namespace hlox

#endif // HLOX_PIPELINES_FLOPS_H
