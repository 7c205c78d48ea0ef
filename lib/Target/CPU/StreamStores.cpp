//===- StreamStores.cpp - Non-temporal stores into large results ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A kernel that writes a result larger than the last-level cache reads each
// line of it from memory before it writes the line (a write-allocate): a
// third of a softmax's memory traffic. A non-temporal store writes the line
// without reading it. The kernel's vector stores of whole lines into such a
// result store non-temporally where the address is line-aligned (checked
// per store: a caller's buffer may not be), and the kernel ends with a
// fence, so that the threads that read the result next see the stores.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "MemRefViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-cpu-stream-stores"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUSTREAMSTORES
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;
using hlox::cpu::getViewedArgument;
using hlox::cpu::kCacheLineBytes;

namespace {

/// Whether `write` is a store of whole lines, contiguous in its memref:
/// in bounds, no mask, the minor identity map of a 1-d vector of at least a
/// line, on a memref whose innermost stride is 1.
bool storesWholeLines(vector::TransferWriteOp write) {
  if (write.getMask() || write.getVectorType().getRank() != 1 ||
      !write.getPermutationMap().isMinorIdentity() ||
      !write.getInBoundsValues()[0])
    return false;
  auto type = dyn_cast<MemRefType>(write.getBase().getType());
  if (!type || type.getRank() == 0 || !type.isLastDimUnitStride())
    return false;
  int64_t bytes = write.getVectorType().getNumElements() *
                  type.getElementTypeBitWidth() / 8;
  return bytes >= kCacheLineBytes && bytes % kCacheLineBytes == 0;
}

/// Rewrites `write` into a vector.store that is non-temporal when its
/// address is line-aligned, and an ordinary one otherwise.
void streamStore(vector::TransferWriteOp write) {
  OpBuilder b(write);
  Location loc = write.getLoc();
  Value base = write.getBase();
  auto type = cast<MemRefType>(base.getType());
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  Value position =
      hlox::cpu::buildElementPosition(b, loc, base, write.getIndices());
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, base);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(
          b, loc, position,
          arith::ConstantIndexOp::create(b, loc, elementBytes)));
  Value misalignment = arith::AndIOp::create(
      b, loc, address,
      arith::ConstantIndexOp::create(b, loc, kCacheLineBytes - 1));
  Value aligned =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                            arith::ConstantIndexOp::create(b, loc, 0));
  Value vector = write.getVector();
  ValueRange indices = write.getIndices();
  scf::IfOp::create(
      b, loc, aligned,
      [&](OpBuilder &nested, Location nestedLoc) {
        vector::StoreOp::create(nested, nestedLoc, vector, base, indices,
                                /*nontemporal=*/true,
                                llvm::MaybeAlign(kCacheLineBytes));
        scf::YieldOp::create(nested, nestedLoc);
      },
      [&](OpBuilder &nested, Location nestedLoc) {
        vector::StoreOp::create(nested, nestedLoc, vector, base, indices);
        scf::YieldOp::create(nested, nestedLoc);
      });
  write.erase();
}

class StreamStoresPass
    : public hlox::cpu::impl::CPUStreamStoresBase<StreamStoresPass> {
public:
  using CPUStreamStoresBase::CPUStreamStoresBase;

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp function) {
      if (!function.isExternal())
        runOnFunction(function);
    });
  }

private:
  void runOnFunction(func::FuncOp function) {
    // Arguments the kernel reads are left alone: a result read back (an
    // accumulator, a buffer updated in place) wants its lines in cache. An
    // op that does not state its memory effects (a call) may read every
    // buffer it is given, and so may one that reads without naming what.
    DenseSet<BlockArgument> read;
    function.walk([&](Operation *op) {
      auto markRead = [&](Value value) {
        if (BlockArgument argument = getViewedArgument(value))
          read.insert(argument);
      };
      auto markOperands = [&] {
        for (Value operand : op->getOperands())
          if (isa<MemRefType>(operand.getType()))
            markRead(operand);
      };
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects) {
        if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
          markOperands();
        return;
      }
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &instance : instances) {
        if (!isa<MemoryEffects::Read>(instance.getEffect()))
          continue;
        if (Value value = instance.getValue())
          markRead(value);
        else
          markOperands();
      }
    });
    SmallVector<vector::TransferWriteOp> writes;
    function.walk([&](vector::TransferWriteOp write) {
      BlockArgument argument = getViewedArgument(write.getBase());
      if (!argument || read.contains(argument))
        return;
      auto type = cast<MemRefType>(argument.getType());
      if (!type.hasStaticShape() ||
          type.getNumElements() * type.getElementTypeBitWidth() / 8 <
              static_cast<int64_t>(minBytes))
        return;
      if (storesWholeLines(write))
        writes.push_back(write);
    });
    if (writes.empty())
      return;
    for (vector::TransferWriteOp write : writes)
      streamStore(write);
    // Non-temporal stores are not ordered with the ones after them: a
    // sequentially consistent fence before each return makes them visible
    // to whoever the kernel's caller hands the result to.
    function.walk([&](func::ReturnOp ret) {
      OpBuilder b(ret);
      LLVM::FenceOp::create(b, ret.getLoc(), LLVM::AtomicOrdering::seq_cst);
    });
    LDBG() << writes.size() << " streaming stores in " << function.getSymName();
  }
};

} // namespace
