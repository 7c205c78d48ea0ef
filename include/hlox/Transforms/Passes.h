//===- Passes.h - hlox transformation passes --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_PASSES_H
#define HLOX_TRANSFORMS_PASSES_H

#include "hlox/Dialect/Library/IR/LibraryOps.h"
#include "hlox/Dialect/Sdy/IR/SdyOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"
#include "hlox/Transforms/Dispatch.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace hlox {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Transforms/Passes.h.inc"

/// The patterns of stablehlo-legalize-upstream-ops: `arith.constant`
/// tensors and static `tensor.empty` to `stablehlo.constant`.
void populateStablehloLegalizeUpstreamOpsPatterns(
    mlir::RewritePatternSet &patterns);

} // namespace hlox

#endif // HLOX_TRANSFORMS_PASSES_H
