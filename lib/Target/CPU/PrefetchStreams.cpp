//===- PrefetchStreams.cpp - Prefetch ahead in accumulating loops ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A loop that accumulates in vector registers (a split row reduction)
// reads one stream of memory and computes little per cache line: it waits
// on memory more than the hardware prefetchers hide. Each such read gets a
// software prefetch of the same stream a kilobyte ahead, clamped to the
// loop's last iteration.
//
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-cpu-prefetch-streams"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUPREFETCHSTREAMS
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

/// How far ahead a stream is prefetched.
constexpr int64_t kPrefetchBytes = 1024;
/// The most rows of a view that are prefetched as streams of their own.
constexpr int64_t kMaxPrefetchedRows = 8;

/// The subview through which `read` takes a slice of a buffer from outside
/// `loop` at the loop's induction variable, and the dimension it indexes
/// with it.
std::optional<std::pair<memref::SubViewOp, unsigned>>
getStreamView(scf::ForOp loop, vector::TransferReadOp read) {
  Value source = read.getBase();
  memref::SubViewOp outer;
  while (auto view = source.getDefiningOp<memref::SubViewOp>()) {
    if (!loop->isProperAncestor(view))
      break;
    outer = view;
    source = view.getSource();
  }
  if (!outer)
    return std::nullopt;
  std::optional<unsigned> dim;
  for (auto [i, offset] : llvm::enumerate(outer.getMixedOffsets())) {
    auto value = dyn_cast<Value>(offset);
    if (value == loop.getInductionVar()) {
      if (dim)
        return std::nullopt;
      dim = i;
    }
  }
  if (!dim)
    return std::nullopt;
  return std::make_pair(outer, *dim);
}

class PrefetchStreamsPass
    : public hlox::cpu::impl::CPUPrefetchStreamsBase<PrefetchStreamsPass> {
public:
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (llvm::any_of(loop.getRegionIterArgs(), [](BlockArgument arg) {
            return isa<VectorType>(arg.getType());
          }))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      prefetch(loop);
  }

private:
  void prefetch(scf::ForOp loop) {
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!step || *step <= 0)
      return;
    llvm::SetVector<Operation *> views;
    for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
      auto stream = getStreamView(loop, read);
      if (!stream || views.contains(stream->first))
        continue;
      auto [view, dim] = *stream;
      auto type = cast<MemRefType>(view.getSource().getType());
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(type.getStridesAndOffset(strides, offset)) ||
          ShapedType::isDynamic(strides[dim]) || strides[dim] <= 0)
        continue;
      int64_t elementBytes =
          std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
      int64_t bytesPerIteration = *step * strides[dim] * elementBytes;
      int64_t ahead = std::max<int64_t>(
          1, (kPrefetchBytes + bytesPerIteration - 1) / bytesPerIteration);
      views.insert(view);
      OpBuilder b(view);
      Location loc = view.getLoc();
      Value distance = arith::ConstantIndexOp::create(b, loc, ahead * *step);
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value last = arith::SubIOp::create(b, loc, loop.getUpperBound(), one);
      Value next = arith::MinSIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, loop.getInductionVar(), distance),
          last);
      SmallVector<Value> indices;
      for (auto [i, offset] : llvm::enumerate(view.getMixedOffsets()))
        indices.push_back(i == dim ? next
                                   : getValueOrCreateConstantIndexOp(
                                         b, loc, offset));
      // A view of several rows (a reduction of rows read together) reads
      // a stream per row: each is prefetched.
      std::optional<unsigned> rowDim;
      int64_t rows = 1;
      SmallVector<OpFoldResult> sizes = view.getMixedSizes();
      for (unsigned i = 0; i + 1 < sizes.size(); ++i) {
        std::optional<int64_t> size = getConstantIntValue(sizes[i]);
        if (i != dim && size && *size > 1 && *size <= kMaxPrefetchedRows &&
            !rowDim) {
          rowDim = i;
          rows = *size;
        }
      }
      for (int64_t row = 0; row < rows; ++row) {
        SmallVector<Value> rowIndices(indices);
        if (rowDim && row > 0)
          rowIndices[*rowDim] = arith::AddIOp::create(
              b, loc, indices[*rowDim],
              arith::ConstantIndexOp::create(b, loc, row));
        memref::PrefetchOp::create(b, loc, view.getSource(), rowIndices,
                                   /*isWrite=*/false, /*localityHint=*/3,
                                   /*isDataCache=*/true);
      }
      LDBG() << "prefetching " << ahead << " iterations ahead at " << loc;
    }
  }
};

} // namespace
