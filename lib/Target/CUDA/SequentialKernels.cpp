//===- SequentialKernels.cpp - Sequential work on one GPU thread ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CUDA/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "hlox-cuda-sequential-kernels"

namespace hlox::cuda {
#define GEN_PASS_DEF_CUDASEQUENTIALKERNELS
#include "hlox/Target/CUDA/Passes.h.inc"
} // namespace hlox::cuda

using namespace mlir;

namespace {

class SequentialKernelsPass
    : public hlox::cuda::impl::CUDASequentialKernelsBase<
          SequentialKernelsPass> {
public:
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal() || !function.getBody().hasOneBlock())
      return;
    Block &body = function.getBody().front();
    SmallVector<Operation *> sequential;
    for (Operation &op : body.without_terminator())
      if (isa<scf::ForOp, scf::WhileOp, scf::IfOp, memref::StoreOp>(op) &&
          op.use_empty())
        sequential.push_back(&op);
    for (Operation *op : sequential) {
      // Parallel loops inside with reductions stay as they are (one thread
      // runs them all the same once mapped; none is known to occur here).
      SmallVector<scf::ParallelOp> inner;
      op->walk([&](scf::ParallelOp loop) {
        if (loop.getInitVals().empty())
          inner.push_back(loop);
      });
      // Innermost first (a walk visits nested ops before their parents).
      IRRewriter rewriter(&getContext());
      for (scf::ParallelOp loop : inner) {
        rewriter.setInsertionPoint(loop);
        if (failed(scf::parallelForToNestedFors(rewriter, loop))) {
          loop.emitError("cannot run this parallel loop in order");
          return signalPassFailure();
        }
      }
      OpBuilder builder(op);
      Location loc = op->getLoc();
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      Value one = arith::ConstantIndexOp::create(builder, loc, 1);
      auto wrapper = scf::ParallelOp::create(builder, loc, ValueRange{zero},
                                             ValueRange{one}, ValueRange{one});
      op->moveBefore(wrapper.getBody()->getTerminator());
    }
  }
};

} // namespace
