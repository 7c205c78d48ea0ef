//===- FoldConstants.cpp - Fold ops on constants with the evaluator -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "hlox/Evaluator/Evaluator.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "stablehlo-fold-constants"

namespace hlox {
#define GEN_PASS_DEF_STABLEHLOFOLDCONSTANTS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;
namespace shlo = hlox::stablehlo;

namespace {

class FoldConstantsPass
    : public hlox::impl::StablehloFoldConstantsBase<FoldConstantsPass> {
public:
  using StablehloFoldConstantsBase::StablehloFoldConstantsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    eval::Evaluator evaluator(module);
    SmallVector<Operation *> candidates;
    module.walk<WalkOrder::PreOrder>(
        [&](Operation *op) { candidates.push_back(op); });
    llvm::DenseSet<Operation *> erased;
    llvm::SetVector<Operation *> inputs;
    [[maybe_unused]] int64_t folded = 0;
    for (Operation *op : candidates) {
      if (erased.contains(op) || !isFoldable(op))
        continue;
      SmallVector<eval::RuntimeValue> operands;
      for (Value operand : op->getOperands())
        operands.push_back(eval::Tensor::fromAttr(
            cast<shlo::ConstantOp>(operand.getDefiningOp()).getValue()));
      if (llvm::any_of(operands, [](const eval::RuntimeValue &value) {
            return !value.getTensor();
          }))
        continue;
      FailureOr<SmallVector<eval::RuntimeValue>> results;
      {
        // An op the evaluator cannot run is left as it is, without a
        // diagnostic.
        ScopedDiagnosticHandler silence(&getContext(),
                                        [](Diagnostic &) { return success(); });
        results = evaluator.evaluate(op, operands);
      }
      if (failed(results) || evaluator.getNumChecks() != 0)
        continue;
      OpBuilder builder(op);
      SmallVector<Value> replacements;
      for (auto [result, value] : llvm::zip(op->getResults(), *results)) {
        DenseElementsAttr attr = value.getTensor().toAttr();
        replacements.push_back(shlo::ConstantOp::create(
            builder, op->getLoc(), result.getType(), attr));
      }
      LLVM_DEBUG(llvm::dbgs() << "folded " << op->getName() << "\n");
      op->walk([&](Operation *nested) { erased.insert(nested); });
      for (Value operand : op->getOperands())
        inputs.insert(operand.getDefiningOp());
      op->replaceAllUsesWith(replacements);
      op->erase();
      ++folded;
    }
    // Constants only the folded ops read are dead now.
    for (Operation *input : inputs)
      if (input->use_empty())
        input->erase();
    LLVM_DEBUG(llvm::dbgs() << folded << " ops folded\n");
  }

private:
  /// A side-effect-free op with constant operands and static, unquantized
  /// tensor results of at most maxElements elements in total.
  bool isFoldable(Operation *op) const {
    if (isa<shlo::ConstantOp, shlo::WhileOp>(op) || op->getNumResults() == 0 ||
        !isMemoryEffectFree(op))
      return false;
    if (!llvm::all_of(op->getOperands(), [](Value operand) {
          return isa_and_nonnull<shlo::ConstantOp>(operand.getDefiningOp());
        }))
      return false;
    int64_t elements = 0;
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.hasStaticShape() ||
          isa<quant::QuantizedType>(tensor.getElementType()) ||
          !eval::getStorage(tensor.getElementType()))
        return false;
      elements += tensor.getNumElements();
    }
    return elements <= maxElements;
  }
};

} // namespace
