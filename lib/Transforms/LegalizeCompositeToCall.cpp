//===- LegalizeCompositeToCall.cpp - Composites to calls ------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "stablehlo-legalize-composite-to-call"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOLEGALIZECOMPOSITETOCALL
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

class LegalizeCompositeToCallPass
    : public hlox::impl::StablehloLegalizeCompositeToCallBase<
          LegalizeCompositeToCallPass> {
public:
  void runOnOperation() override {
    SmallVector<shlo::CompositeOp> composites;
    getOperation().walk(
        [&](shlo::CompositeOp op) { composites.push_back(op); });
    OpBuilder builder(&getContext());
    for (shlo::CompositeOp op : composites) {
      builder.setInsertionPoint(op);
      auto call = func::CallOp::create(builder, op.getLoc(),
                                       op.getDecompositionAttr(),
                                       op.getResultTypes(), op.getInputs());
      op.replaceAllUsesWith(call.getResults());
      op.erase();
    }
  }
};

} // namespace
