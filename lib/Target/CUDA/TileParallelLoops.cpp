//===- TileParallelLoops.cpp - Parallel loops into blocks of threads ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

#include <numeric>

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDATILEPARALLELLOOPS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

/// The largest power of two at most `limit` that divides `count`.
int64_t largestPowerOfTwoDividing(int64_t count, int64_t limit) {
  int64_t size = 1;
  while (size * 2 <= limit && count % (size * 2) == 0)
    size *= 2;
  return size;
}

struct TileParallelLoops final
    : hlox::cuda::impl::CUDATileParallelLoopsBase<TileParallelLoops> {
  using CUDATileParallelLoopsBase::CUDATileParallelLoopsBase;

  void runOnOperation() override {
    if (threads < 1) {
      getOperation().emitError("hlox-cuda-tile-parallel-loops: threads must "
                               "be at least 1");
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> outermost;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        outermost.push_back(loop);
    });
    for (scf::ParallelOp loop : outermost) {
      if (std::optional<std::pair<scf::ParallelOp, int64_t>> flat =
              collapse(loop)) {
        // One dimension: a block of `threads` consecutive iterations (the
        // whole loop when it is shorter); the last block's threads past
        // the end are guarded.
        int64_t tile = std::min<int64_t>(threads, flat->second);
        scf::tileParallelLoop(flat->first, {tile}, /*noMinMaxBounds=*/true);
        continue;
      }
      SmallVector<int64_t> tileSizes(loop.getNumLoops(), 1);
      int64_t left = threads;
      for (int64_t d = loop.getNumLoops() - 1; d >= 0 && left > 1; --d) {
        std::optional<int64_t> lower =
            getConstantIntValue(loop.getLowerBound()[d]);
        std::optional<int64_t> upper =
            getConstantIntValue(loop.getUpperBound()[d]);
        std::optional<int64_t> step = getConstantIntValue(loop.getStep()[d]);
        if (!lower || !upper || !step || *step <= 0)
          break;
        int64_t count = (*upper - *lower + *step - 1) / *step;
        tileSizes[d] = largestPowerOfTwoDividing(count, left);
        left /= tileSizes[d];
        if (tileSizes[d] < count)
          break;
      }
      if (llvm::all_of(tileSizes, [](int64_t size) { return size == 1; }))
        continue;
      scf::tileParallelLoop(loop, tileSizes, /*noMinMaxBounds=*/true);
    }
  }

private:
  /// When `loop` has static trip counts and no reductions: its dimensions
  /// collapsed into one (row-major, the last fastest, so consecutive
  /// iterations are consecutive elements of the innermost dimension; the
  /// body recovers each index by division) and its trip count. Else
  /// nothing, `loop` as it was.
  static std::optional<std::pair<scf::ParallelOp, int64_t>>
  collapse(scf::ParallelOp loop) {
    if (loop.getNumReductions() != 0)
      return std::nullopt;
    int64_t total = 1;
    for (auto [lower, upper, step] : llvm::zip(
             loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
      std::optional<int64_t> l = getConstantIntValue(lower);
      std::optional<int64_t> u = getConstantIntValue(upper);
      std::optional<int64_t> s = getConstantIntValue(step);
      if (!l || !u || !s || *s <= 0)
        return std::nullopt;
      total *= std::max<int64_t>(0, (*u - *l + *s - 1) / *s);
    }
    if (total < 1)
      return std::nullopt;
    if (loop.getNumLoops() > 1) {
      // collapseParallelLoops puts the new loop where the old one was.
      Block *block = loop->getBlock();
      Operation *next = loop->getNextNode();
      std::vector<unsigned> all(loop.getNumLoops());
      std::iota(all.begin(), all.end(), 0);
      IRRewriter rewriter(loop);
      collapseParallelLoops(rewriter, loop, {all});
      Operation *replaced = next ? next->getPrevNode() : &block->back();
      loop = cast<scf::ParallelOp>(replaced);
      // Its trip count a constant (the collapse multiplies the sizes), so
      // that tiling sees whether the blocks divide it.
      OpBuilder builder(loop);
      loop.getUpperBoundMutable().assign(
          arith::ConstantIndexOp::create(builder, loop.getLoc(), total)
              .getResult());
    }
    return std::make_pair(loop, total);
  }
};

} // namespace
