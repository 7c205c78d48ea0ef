//===- FuseElementwise.cpp - Fuse elementwise linalg producers ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
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

class FuseElementwisePass
    : public hlox::impl::HloxFuseElementwiseBase<FuseElementwisePass> {
public:
  void runOnOperation() override {
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
