//===- GeluPattern.h - Recognizing GELU's tanh form in StableHLO -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// GELU in its tanh form, 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))),
// as exporters write it in StableHLO: JAX's `jax.nn.gelu(approximate=True)`
// and torch-mlir's `gelu(approximate="tanh")`, where a library that applies
// GELU to its result (cuBLASLt's epilogue) can take it.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_GELUPATTERN_H
#define HLOX_TRANSFORMS_GELUPATTERN_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include "llvm/ADT/SmallVector.h"

namespace hlox {

/// The ops of a GELU (tanh form) of `x` that use `x`, when they compute one
/// and nothing else uses `x` or their intermediate values: in block order,
/// the last one's result the GELU. Empty otherwise.
///
/// The GELU is a product (of `multiply` ops, in any grouping and order) of
/// `x`, 0.5 and `add(1, t)`, or of `x` and `add(0.5, 0.5 * t)`, where
/// `t = tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))` and `x^3` is a product
/// of three `x` or `power(x, 3)`. Constants are splats (or broadcasts of
/// scalar ones) equal to those within two units in the last place of `x`'s
/// element type.
llvm::SmallVector<mlir::Operation *> matchTanhGelu(mlir::Value x);

} // namespace hlox

#endif // HLOX_TRANSFORMS_GELUPATTERN_H
