//===- MarkInPlaceResults.cpp - Dispatch results that may overwrite inputs ===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A dispatch result may share its buffer with an operand when every
// iteration of the loop that writes it reads that operand's element at the
// same place, and nothing else reads the operand: the elementwise case.
// The host program pairs donated arguments with results through these
// marks.
//
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Dispatch.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#define DEBUG_TYPE "hlox-mark-in-place-results"

namespace hlox {
#define GEN_PASS_DEF_HLOXMARKINPLACERESULTS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;

bool hlox::mayWriteInPlace(func::FuncOp dispatch, unsigned operand,
                           unsigned result) {
  auto ret = dyn_cast<func::ReturnOp>(dispatch.getBody().front().getTerminator());
  if (!ret)
    return false;
  Value value = ret.getOperand(result);
  BlockArgument argument = dispatch.getArgument(operand);
  if (value.getType() != argument.getType() ||
      !isa<RankedTensorType>(value.getType()))
    return false;
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  // With one result, whatever the iteration stores depends on the
  // operand's element it loaded: no store can pass that load.
  if (!generic || generic->getNumResults() != 1 ||
      generic.getNumLoops() != generic.getNumParallelLoops() ||
      !generic.getMatchingIndexingMap(generic.getDpsInitOperand(0))
           .isIdentity())
    return false;
  if (argument.use_empty())
    return false;
  for (OpOperand &use : argument.getUses())
    if (use.getOwner() != generic.getOperation() || !generic.isDpsInput(&use) ||
        !generic.getMatchingIndexingMap(&use).isIdentity())
      return false;
  return true;
}

namespace {

struct MarkInPlaceResultsPass
    : public hlox::impl::HloxMarkInPlaceResultsBase<MarkInPlaceResultsPass> {
  void runOnOperation() override {
    for (auto dispatch : getOperation().getOps<func::FuncOp>()) {
      if (!dispatch->hasAttr(hlox::kDispatchAttr) || dispatch.isExternal())
        continue;
      unsigned numResults = dispatch.getNumResults();
      SmallVector<int64_t> operands(numResults, -1);
      llvm::SmallDenseSet<unsigned> taken;
      for (unsigned result = 0; result < numResults; ++result)
        for (unsigned operand = 0; operand < dispatch.getNumArguments();
             ++operand)
          if (!taken.contains(operand) &&
              hlox::mayWriteInPlace(dispatch, operand, result)) {
            operands[result] = operand;
            taken.insert(operand);
            break;
          }
      if (!taken.empty())
        dispatch->setAttr(hlox::kInPlaceAttr,
                          DenseI64ArrayAttr::get(&getContext(), operands));
      else
        dispatch->removeAttr(hlox::kInPlaceAttr);
    }
  }
};

} // namespace
