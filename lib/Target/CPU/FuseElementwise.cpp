//===- FuseElementwise.cpp - Fuse elementwise linalg producers ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "hlox-cpu-fuse-elementwise"

namespace hlox::cpu {
#define GEN_PASS_DEF_CPUFUSEELEMENTWISE
#include "hlox/Target/CPU/Passes.h.inc"
} // namespace hlox::cpu

using namespace mlir;

namespace {

class FuseElementwisePass
    : public hlox::cpu::impl::CPUFuseElementwiseBase<FuseElementwisePass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Fuse only a producer whose one user is the consumer: nothing is
    // computed twice.
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [](OpOperand *operand) {
          Operation *producer = operand->get().getDefiningOp();
          return producer && producer->hasOneUse();
        });
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
