//===- SinkScalarLoads.cpp - The host's scalar loads into the kernels -----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#define DEBUG_TYPE "hlox-cuda-sink-scalar-loads"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDASINKSCALARLOADS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

class SinkScalarLoadsPass
    : public hlox::cuda::impl::CUDASinkScalarLoadsBase<SinkScalarLoadsPass> {
public:
  void runOnOperation() override {
    SetVector<Operation *> sunk;
    getOperation().walk([&](gpu::LaunchOp launch) { sinkInto(launch, sunk); });
    // The originals that nothing uses any more, users first.
    for (Operation *op : llvm::reverse(sunk))
      if (op->use_empty())
        op->erase();
  }

private:
  /// Whether the value `value`, defined outside `launch`, can be computed
  /// inside it: a load with constant indices of a buffer the launch does
  /// not write, or a side-effect-free op of such values and constants.
  /// Appends the ops to clone, operands first, to `chain`.
  bool collect(Value value, gpu::LaunchOp launch,
               SetVector<Operation *> &chain) {
    Operation *op = value.getDefiningOp();
    if (!op || op->getNumRegions() != 0 || op->getNumResults() != 1)
      return false;
    if (chain.contains(op))
      return true;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (!llvm::all_of(load.getIndices(), [](Value index) {
            return matchPattern(index, m_Constant());
          }))
        return false;
      Value buffer = load.getMemRef();
      bool written = false;
      launch.getBody().walk([&](Operation *inner) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
        if (effects && effects.getEffectOnValue<MemoryEffects::Write>(buffer))
          written = true;
      });
      if (written)
        return false;
    } else if (!isMemoryEffectFree(op)) {
      return false;
    }
    for (Value operand : op->getOperands()) {
      if (matchPattern(operand, m_Constant()))
        continue;
      // The load's buffer: the kernel takes it as a parameter.
      if (isa<MemRefType>(operand.getType()) && isa<memref::LoadOp>(op))
        continue;
      if (!collect(operand, launch, chain))
        return false;
    }
    chain.insert(op);
    return true;
  }

  void sinkInto(gpu::LaunchOp launch, SetVector<Operation *> &sunk) {
    SetVector<Value> above;
    getUsedValuesDefinedAbove(launch.getBody(), above);
    SetVector<Operation *> chain;
    SmallVector<Value> roots;
    for (Value value : above) {
      if (!isa<IndexType, IntegerType, FloatType>(value.getType()))
        continue;
      // This value's own ops, operands first; merged into `chain`, where
      // the ops it shares with an earlier value already come first.
      SetVector<Operation *> own;
      if (!collect(value, launch, own))
        continue;
      // A value that needs no load is left to the outlining's own sinking.
      if (!llvm::any_of(own,
                        [](Operation *op) { return isa<memref::LoadOp>(op); }))
        continue;
      chain.insert(own.begin(), own.end());
      roots.push_back(value);
    }
    if (roots.empty())
      return;
    OpBuilder builder = OpBuilder::atBlockBegin(&launch.getBody().front());
    IRMapping mapping;
    for (Operation *op : chain) {
      builder.clone(*op, mapping);
      sunk.insert(op);
    }
    for (Value root : roots)
      replaceAllUsesInRegionWith(root, mapping.lookup(root), launch.getBody());
  }
};

} // namespace
