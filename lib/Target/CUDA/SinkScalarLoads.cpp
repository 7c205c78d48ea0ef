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
  /// Whether `op` or an op nested in it writes `buffer`.
  static bool writes(Operation *op, Value buffer) {
    bool written = false;
    op->walk([&](Operation *inner) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
      if (effects ? effects.getEffectOnValue<MemoryEffects::Write>(buffer)
                        .has_value()
                  : !inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                        !isa<gpu::TerminatorOp>(inner))
        written = true;
    });
    return written;
  }

  /// Whether `launch` runs one thread: one block of one thread.
  static bool isOneThread(gpu::LaunchOp launch) {
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    return llvm::all_of(
        ValueRange{grid.x, grid.y, grid.z, block.x, block.y, block.z},
        [](Value size) { return matchPattern(size, m_One()); });
  }

  /// Whether the value `value`, defined outside `launch`, can be computed
  /// inside it: a load, at indices that can be, of a buffer the launch does
  /// not write (or of any buffer, when one thread runs the launch: the
  /// clone loads before the body's first write), or a side-effect-free op
  /// of such values and constants. Appends the ops to clone, operands
  /// first, to `chain`.
  bool collect(Value value, gpu::LaunchOp launch,
               SetVector<Operation *> &chain) {
    Operation *op = value.getDefiningOp();
    if (!op || op->getNumRegions() != 0 || op->getNumResults() != 1)
      return false;
    if (chain.contains(op))
      return true;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      // Its indices are constants or values computed in the launch too
      // (below, with the other operands): a scatter's index loaded first.
      Value buffer = load.getMemRef();
      // Loaded in the launch, the value must be what the host loaded: no op
      // between the two may write the buffer.
      if (load->getBlock() != launch->getBlock() ||
          !load->isBeforeInBlock(launch))
        return false;
      for (Operation *between = load->getNextNode(); between != launch;
           between = between->getNextNode())
        if (writes(between, buffer))
          return false;
      if (writes(launch, buffer) && !isOneThread(launch))
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
      if (!isa<IndexType, IntegerType, FloatType, ComplexType>(value.getType()))
        continue;
      // This value's own ops, operands first; merged into `chain`, where
      // the ops it shares with an earlier value already come first.
      SetVector<Operation *> own;
      if (!collect(value, launch, own))
        continue;
      // A value the outlining sinks itself (constants, index arithmetic)
      // is left to it; a load or a complex value (which it does not sink)
      // is computed here.
      if (llvm::all_of(own, [](Operation *op) {
            return !isa<memref::LoadOp>(op) &&
                   !llvm::any_of(op->getResultTypes(), [](Type type) {
                     return isa<ComplexType>(type);
                   });
          }))
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
