//===- StablehloOps.td - The StableHLO operation set -----------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_OPS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_OPS

include "hlox/Dialect/StableHLO/IR/StablehloElementwiseOps.td"
include "hlox/Dialect/StableHLO/IR/StablehloDataMovementOps.td"
include "hlox/Dialect/StableHLO/IR/StablehloControlFlowOps.td"
include "hlox/Dialect/StableHLO/IR/StablehloCollectiveOps.td"
include "hlox/Dialect/StableHLO/IR/StablehloComputeOps.td"

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_OPS
