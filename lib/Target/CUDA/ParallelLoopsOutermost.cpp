//===- ParallelLoopsOutermost.cpp - Parallel dimensions first -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "hlox-cuda-parallel-loops-outermost"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDAPARALLELLOOPSOUTERMOST
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

class ParallelLoopsOutermostPass
    : public hlox::cuda::impl::CUDAParallelLoopsOutermostBase<
          ParallelLoopsOutermostPass> {
public:
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
      // The parallel dimensions, in order, then the others.
      SmallVector<unsigned> order;
      for (auto [i, type] : llvm::enumerate(iterators))
        if (type == utils::IteratorType::parallel)
          order.push_back(i);
      for (auto [i, type] : llvm::enumerate(iterators))
        if (type != utils::IteratorType::parallel)
          order.push_back(i);
      // A permutation in order is the identity: nothing to move.
      if (llvm::is_sorted(order))
        continue;
      rewriter.setInsertionPoint(op);
      linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(*op);
      if (!generic) {
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue;
        generic = *generalized;
      }
      // interchangeGenericOp takes, per new position, the old dimension.
      (void)linalg::interchangeGenericOp(rewriter, generic, order);
    }
  }
};

} // namespace
