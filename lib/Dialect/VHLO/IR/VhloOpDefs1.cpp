//===- VhloOpDefs1.cpp - Generated op definitions, shard 1 --------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The ODS-generated op definitions are split into two translation units so
// that they compile in parallel; see -op-shard-count in CMakeLists.txt.
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/VHLO/IR/VhloAssemblyFormat.h"
#include "hlox/Dialect/VHLO/IR/VhloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace hlox::vhlo;

#define GET_OP_DEFS_1
#include "hlox/Dialect/VHLO/IR/VhloOps.cpp.inc"
