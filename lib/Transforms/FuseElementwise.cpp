//===- FuseElementwise.cpp - Fuse elementwise linalg producers ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-fuse-elementwise"

namespace hlox {
#define GEN_PASS_DEF_HLOXFUSEELEMENTWISE
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;

namespace {

/// True for a generic that reads nothing but scalars and yields a value
/// its body does not compute (a broadcast constant: `broadcast_in_dim` of
/// a scalar 0 for a ReLU), which costs nothing to repeat.
bool isSplat(linalg::GenericOp op) {
  if (!llvm::hasSingleElement(op.getBody()->getOperations()) ||
      op.getNumDpsInits() != 1)
    return false;
  return llvm::all_of(op.getDpsInputs(), [](Value input) {
    auto type = dyn_cast<RankedTensorType>(input.getType());
    return type && type.getRank() == 0;
  });
}

/// Gives each linalg user of a splat generic a copy of its own, so that
/// every user can fuse it: shared, it would be a dispatch of its own and
/// a tensor in memory that each user reads.
void copySplatsPerUser(func::FuncOp function) {
  SmallVector<linalg::GenericOp> splats;
  function.walk([&](linalg::GenericOp op) {
    // A dead splat (what a library call's epilogue no longer reads) has
    // no user to copy it for.
    if (isSplat(op) && !op->hasOneUse() && !op->use_empty())
      splats.push_back(op);
  });
  OpBuilder builder(function.getContext());
  for (linalg::GenericOp splat : splats) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : splat->getUses())
      if (isa<linalg::LinalgOp>(use.getOwner()))
        uses.push_back(&use);
    // The first user keeps the original (unless a non-linalg op uses it).
    bool keep = uses.size() == static_cast<size_t>(std::distance(
                                   splat->use_begin(), splat->use_end()));
    for (OpOperand *use : llvm::drop_begin(uses, keep ? 1 : 0)) {
      builder.setInsertionPoint(use->getOwner());
      // Its init too, so that the copy shares no tensor with the original.
      IRMapping mapping;
      for (Value init : splat.getDpsInits())
        if (Operation *empty = init.getDefiningOp<tensor::EmptyOp>())
          mapping.map(init, builder.clone(*empty)->getResult(0));
      Operation *copy = builder.clone(*splat, mapping);
      use->set(copy->getResult(cast<OpResult>(use->get()).getResultNumber()));
    }
  }
}

/// Rewrites each `linalg.transpose` of a generic's result into a generic,
/// so that the producer fuses into it: a ReLU and the transpose of its
/// result are then one pass over memory.
void generalizeTransposesOfGenerics(func::FuncOp function) {
  SmallVector<linalg::TransposeOp> transposes;
  function.walk([&](linalg::TransposeOp op) {
    if (op.getInput().getDefiningOp<linalg::GenericOp>())
      transposes.push_back(op);
  });
  IRRewriter rewriter(function.getContext());
  for (linalg::TransposeOp op : transposes) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

class FuseElementwisePass
    : public hlox::impl::HloxFuseElementwiseBase<FuseElementwisePass> {
public:
  void runOnOperation() override {
    getOperation()->walk([](func::FuncOp function) {
      copySplatsPerUser(function);
      generalizeTransposesOfGenerics(function);
    });
    RewritePatternSet patterns(&getContext());
    // Fuse only a producer whose one user is the consumer, and which the
    // consumer reads each element of once (or which only moves data, like a
    // broadcast): nothing is computed twice.
    linalg::populateElementwiseOpsFusionPatterns(patterns, [](OpOperand *operand) {
      Operation *producer = operand->get().getDefiningOp();
      if (!producer || !producer->hasOneUse())
        return false;
      auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
      if (!consumer || consumer.getMatchingIndexingMap(operand).isPermutation())
        return true;
      auto generic = dyn_cast<linalg::GenericOp>(producer);
      bool movesData =
          generic && llvm::hasSingleElement(generic.getBody()->getOperations());
      LDBG() << "fuse into a consumer that rereads its operand: "
             << (movesData ? "yes, the producer only moves data"
                           : "no, the producer computes");
      return movesData;
    });
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
