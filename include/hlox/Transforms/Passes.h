//===- Passes.h - hlox transformation passes --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_PASSES_H
#define HLOX_TRANSFORMS_PASSES_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace hlox {

/// Marks the functions that hold one kernel each (set by dispatch
/// formation, read by every target).
inline constexpr llvm::StringLiteral kDispatchAttr = "hlox.dispatch";

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Transforms/Passes.h.inc"

/// The patterns of stablehlo-legalize-upstream-ops: `arith.constant`
/// tensors and static `tensor.empty` to `stablehlo.constant`.
void populateStablehloLegalizeUpstreamOpsPatterns(
    mlir::RewritePatternSet &patterns);

} // namespace hlox

#endif // HLOX_TRANSFORMS_PASSES_H
