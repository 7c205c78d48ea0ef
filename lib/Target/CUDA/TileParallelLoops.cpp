//===- TileParallelLoops.cpp - Parallel loops into blocks of threads ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
};

} // namespace
