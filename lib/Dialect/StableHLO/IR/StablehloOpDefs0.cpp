//===- StablehloOpDefs0.cpp - Generated op definitions, shard 0 ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The ODS-generated op definitions are split into four translation units so
// that they compile in parallel; see -op-shard-count in CMakeLists.txt.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/StablehloAssemblyFormat.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

using namespace mlir;
using namespace hlox::stablehlo;

#define GET_OP_DEFS_0
#include "hlox/Dialect/StableHLO/IR/StablehloOps.cpp.inc"
