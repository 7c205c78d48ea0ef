//===- ChecksToResults.cpp - A test program's checked values as results ---===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Dialect/Interpreter/IR/InterpreterOps.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#define DEBUG_TYPE "hlox-checks-to-results"

namespace hlox {
#define GEN_PASS_DEF_HLOXCHECKSTORESULTS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;

namespace {

/// Whether `op` is a check: an op of the check dialect that expects
/// something, a custom call of a `check.` target, or a print (whose test
/// reads what it prints).
bool isCheck(Operation *op) {
  if (op->getName().getStringRef().starts_with("check.expect_") ||
      isa<interpreter::PrintOp>(op))
    return true;
  auto call = dyn_cast<stablehlo::CustomCallOp>(op);
  return call && call.getCallTargetName().starts_with("check.");
}

/// The value `check` tests: its first operand that no constant op makes
/// (a custom call `check.eq(%expected, %actual)` takes the expected value
/// first), else its first operand.
Value getCheckedValue(Operation *check) {
  for (Value operand : check->getOperands()) {
    Operation *producer = operand.getDefiningOp();
    if (!producer || !producer->hasTrait<OpTrait::ConstantLike>())
      return operand;
  }
  return check->getOperand(0);
}

class ChecksToResultsPass
    : public hlox::impl::HloxChecksToResultsBase<ChecksToResultsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    auto function = getOperation().lookupSymbol<func::FuncOp>(this->function);
    if (!function || function.isExternal()) {
      getOperation().emitError("no function @")
          << this->function << " with a body";
      return signalPassFailure();
    }
    if (!function.getBody().hasOneBlock())
      return;
    Block &body = function.getBody().front();
    auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
    if (!ret)
      return;
    // A probe records its operand for the evaluator's serialized checks;
    // without them it is its operand.
    function.walk([](interpreter::ProbeOp probe) {
      probe.getResult().replaceAllUsesWith(probe.getOperand());
      probe.erase();
    });
    SmallVector<Value> checked;
    bool returnsChanged = false;
    for (Operation &op : llvm::make_early_inc_range(body)) {
      // A check's result (a custom call's tensor<i1>) may only be returned:
      // the function then returns the checked value in its place.
      if (!isCheck(&op) || op.getNumOperands() == 0 ||
          !llvm::all_of(op.getUsers(),
                        [&](Operation *user) { return user == ret; }))
        continue;
      Value value = getCheckedValue(&op);
      if (!isa<RankedTensorType>(value.getType()))
        continue;
      if (op.use_empty()) {
        checked.push_back(value);
      } else {
        op.replaceAllUsesWith(SmallVector<Value>(op.getNumResults(), value));
        returnsChanged = true;
      }
      op.erase();
    }
    if (checked.empty() && !returnsChanged)
      return;
    ret->insertOperands(ret->getNumOperands(), checked);
    SmallVector<Type> results(ret->getOperandTypes());
    function.setFunctionType(FunctionType::get(
        &getContext(), function.getFunctionType().getInputs(), results));
    // The new results have no attributes of their own.
    if (ArrayAttr attrs = function.getAllResultAttrs()) {
      SmallVector<Attribute> all(attrs.begin(), attrs.end());
      all.resize(results.size(), DictionaryAttr::get(&getContext()));
      function.setAllResultAttrs(all);
    }
  }
};

} // namespace
