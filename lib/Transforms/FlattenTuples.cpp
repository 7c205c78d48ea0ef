//===- FlattenTuples.cpp - Forward tuple elements to their users ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#define DEBUG_TYPE "stablehlo-flatten-tuples"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOFLATTENTUPLES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

class FlattenTuplesPass
    : public hlox::impl::StablehloFlattenTuplesBase<FlattenTuplesPass> {
public:
  void runOnOperation() override {
    // In program order, so that nested tuples forward in one sweep.
    SmallVector<shlo::GetTupleElementOp> gets;
    getOperation().walk([&](shlo::GetTupleElementOp op) { gets.push_back(op); });
    for (shlo::GetTupleElementOp get : gets) {
      auto tuple = get.getOperand().getDefiningOp<shlo::TupleOp>();
      if (!tuple)
        continue;
      get.getResult().replaceAllUsesWith(tuple.getOperand(get.getIndex()));
      get.erase();
    }
    // Tuples without users, innermost last.
    SmallVector<shlo::TupleOp> tuples;
    getOperation().walk([&](shlo::TupleOp op) { tuples.push_back(op); });
    for (shlo::TupleOp tuple : llvm::reverse(tuples))
      if (tuple.use_empty())
        tuple.erase();
  }
};

} // namespace
