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
#include "mlir/Dialect/Utils/IndexingUtils.h"
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

/// Whether `write` is a store of whole lines, each row of its vector
/// contiguous in its memref: in bounds, no mask, the minor identity map of
/// a vector whose rows are at least a line, on a memref whose innermost
/// stride is 1 (a transposing tile writes 16 rows of a line each).
bool storesWholeLines(vector::TransferWriteOp write) {
  VectorType vectorType = write.getVectorType();
  if (write.getMask() || vectorType.isScalable() ||
      !write.getPermutationMap().isMinorIdentity() ||
      llvm::any_of(write.getInBoundsValues(),
                   [](bool inBounds) { return !inBounds; }))
    return false;
  auto type = dyn_cast<MemRefType>(write.getBase().getType());
  if (!type || type.getRank() == 0 || !type.isLastDimUnitStride())
    return false;
  int64_t bytes =
      vectorType.getShape().back() * type.getElementTypeBitWidth() / 8;
  return bytes >= kCacheLineBytes && bytes % kCacheLineBytes == 0;
}

/// Builds, at `b`, whether `memref[indices]` lies at a line-aligned
/// address.
Value buildLineAligned(OpBuilder &b, Location loc, Value memref,
                       ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  Value position = hlox::cpu::buildElementPosition(b, loc, memref, indices);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(
          b, loc, position,
          arith::ConstantIndexOp::create(b, loc, elementBytes)));
  Value misalignment = arith::AndIOp::create(
      b, loc, address,
      arith::ConstantIndexOp::create(b, loc, kCacheLineBytes - 1));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misalignment,
                               arith::ConstantIndexOp::create(b, loc, 0));
}

/// One row of a vector being stored: its 1-d value and where it goes.
struct StoredRow {
  Value vector;
  SmallVector<Value> indices;
};

/// Rewrites `write` into vector.stores of its rows that are non-temporal
/// where a row's address is line-aligned and ordinary otherwise. When every
/// row lies a whole number of lines after the first (static strides), the
/// first row's alignment decides for all of them.
void streamStore(vector::TransferWriteOp write) {
  OpBuilder b(write);
  Location loc = write.getLoc();
  Value base = write.getBase();
  auto type = cast<MemRefType>(base.getType());
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  VectorType vectorType = write.getVectorType();
  int64_t rank = vectorType.getRank();
  int64_t firstDim = type.getRank() - rank;
  SmallVector<int64_t> strides = type.getStridesAndOffset().first;
  bool uniform = true;
  for (int64_t dim = firstDim; dim + 1 < type.getRank(); ++dim)
    if (ShapedType::isDynamic(strides[dim]) ||
        strides[dim] * elementBytes % kCacheLineBytes != 0)
      uniform = false;

  SmallVector<StoredRow> rows;
  ArrayRef<int64_t> leading = vectorType.getShape().drop_back();
  int64_t numRows = vectorType.getNumElements() / vectorType.getShape().back();
  for (int64_t row = 0; row < numRows; ++row) {
    SmallVector<int64_t> position = delinearize(row, computeStrides(leading));
    StoredRow stored;
    stored.vector =
        rank == 1
            ? write.getVector()
            : vector::ExtractOp::create(b, loc, write.getVector(), position)
                  .getResult();
    stored.indices = llvm::to_vector(write.getIndices());
    for (auto [i, step] : llvm::enumerate(position))
      if (step != 0)
        stored.indices[firstDim + i] =
            arith::AddIOp::create(b, loc, stored.indices[firstDim + i],
                                  arith::ConstantIndexOp::create(b, loc, step));
    rows.push_back(std::move(stored));
  }
  auto storeRows = [&](ArrayRef<StoredRow> some, Value aligned) {
    scf::IfOp::create(
        b, loc, aligned,
        [&](OpBuilder &nested, Location nestedLoc) {
          for (const StoredRow &row : some)
            vector::StoreOp::create(nested, nestedLoc, row.vector, base,
                                    row.indices, /*nontemporal=*/true,
                                    llvm::MaybeAlign(kCacheLineBytes));
          scf::YieldOp::create(nested, nestedLoc);
        },
        [&](OpBuilder &nested, Location nestedLoc) {
          for (const StoredRow &row : some)
            vector::StoreOp::create(nested, nestedLoc, row.vector, base,
                                    row.indices);
          scf::YieldOp::create(nested, nestedLoc);
        });
  };
  if (uniform) {
    storeRows(rows, buildLineAligned(b, loc, base, rows.front().indices));
  } else {
    for (const StoredRow &row : rows)
      storeRows(row, buildLineAligned(b, loc, base, row.indices));
  }
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
