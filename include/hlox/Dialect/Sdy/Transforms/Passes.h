//===- Passes.h - Shardy passes ---------------------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_TRANSFORMS_PASSES_H
#define HLOX_DIALECT_SDY_TRANSFORMS_PASSES_H

#include "hlox/Dialect/Sdy/IR/SdyOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace hlox::sdy {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "hlox/Dialect/Sdy/Transforms/Passes.h.inc"

/// Adds the patterns of `sdy-drop-shardings` that remove sdy ops and the
/// `xla.sdy.*` custom calls on one device: identities become their
/// operand, sharding groups go, manual and named computations are inlined,
/// `sdy.constant` becomes `stablehlo.constant`. They assume that the checks
/// of the pass (one device per mesh, equal local and global types) hold.
void populateSdyDropShardingsPatterns(mlir::RewritePatternSet &patterns);

} // namespace hlox::sdy

#endif // HLOX_DIALECT_SDY_TRANSFORMS_PASSES_H
