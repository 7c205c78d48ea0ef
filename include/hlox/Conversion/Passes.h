//===- Passes.h - hlox conversion passes ------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_CONVERSION_PASSES_H
#define HLOX_CONVERSION_PASSES_H

#include "hlox/Dialect/Special/IR/SpecialOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hlox {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Conversion/Passes.h.inc"

} // namespace hlox

#endif // HLOX_CONVERSION_PASSES_H
