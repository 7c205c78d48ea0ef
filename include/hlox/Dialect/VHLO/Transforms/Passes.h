//===- Passes.h - VHLO passes -----------------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_TRANSFORMS_PASSES_H
#define HLOX_DIALECT_VHLO_TRANSFORMS_PASSES_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hlox::vhlo {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Dialect/VHLO/Transforms/Passes.h.inc"

} // namespace hlox::vhlo

#endif // HLOX_DIALECT_VHLO_TRANSFORMS_PASSES_H
