//===- InlineAsync.cpp - async_start/async_done pairs as their op ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#define DEBUG_TYPE "stablehlo-inline-async"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOINLINEASYNC
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// Replaces `start` by a copy of its body's op on its operands, and each
/// async_done of its future by that op's results; fails (changing nothing)
/// when the future has another user.
LogicalResult inlineAsync(RewriterBase &rewriter, shlo::AsyncStartOp start) {
  SmallVector<shlo::AsyncDoneOp> waits;
  for (Operation *user : start->getUsers()) {
    auto wait = dyn_cast<shlo::AsyncDoneOp>(user);
    if (!wait)
      return failure();
    waits.push_back(wait);
  }
  Block &body = start.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArguments(), start.getOperands());
  rewriter.setInsertionPoint(start);
  rewriter.clone(body.front(), mapping);
  auto returned = cast<shlo::ReturnOp>(body.getTerminator());
  SmallVector<Value> values;
  for (Value value : returned.getResults())
    values.push_back(mapping.lookupOrDefault(value));
  for (shlo::AsyncDoneOp wait : waits)
    rewriter.replaceOp(wait, values);
  rewriter.eraseOp(start);
  return success();
}

class InlineAsyncPass final
    : public hlox::impl::StablehloInlineAsyncBase<InlineAsyncPass> {
public:
  void runOnOperation() override {
    SmallVector<shlo::AsyncStartOp> starts;
    getOperation()->walk(
        [&](shlo::AsyncStartOp start) { starts.push_back(start); });
    IRRewriter rewriter(&getContext());
    for (shlo::AsyncStartOp start : starts)
      (void)inlineAsync(rewriter, start);
  }
};

} // namespace
