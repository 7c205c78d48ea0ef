//===- SelectLibraryCalls.cpp - Contractions to library ops ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

#define DEBUG_TYPE "hlox-select-library-calls"

namespace hlox {
#define GEN_PASS_DEF_HLOXSELECTLIBRARYCALLS
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
namespace shlo = hlox::stablehlo;

namespace {

/// How a contraction maps onto `library.matmul`, when it does.
struct MatmulForm {
  bool transposeLhs = false;
  bool transposeRhs = false;
  int64_t batchRank = 0;
  int64_t contractingRank = 0;
};

/// Whether `dims` is `start, start + 1, ...`.
bool isRun(ArrayRef<int64_t> dims, int64_t start) {
  for (auto [i, dim] : llvm::enumerate(dims))
    if (dim != start + static_cast<int64_t>(i))
      return false;
  return true;
}

/// The matmul form of a contraction of operands of ranks `lhsRank` and
/// `rhsRank`, if its dimension lists allow one.
std::optional<MatmulForm> getMatmulForm(int64_t lhsRank, int64_t rhsRank,
                                        ArrayRef<int64_t> lhsBatch,
                                        ArrayRef<int64_t> rhsBatch,
                                        ArrayRef<int64_t> lhsContracting,
                                        ArrayRef<int64_t> rhsContracting) {
  MatmulForm form;
  form.batchRank = static_cast<int64_t>(lhsBatch.size());
  form.contractingRank = static_cast<int64_t>(lhsContracting.size());
  if (!isRun(lhsBatch, 0) || !isRun(rhsBatch, 0))
    return std::nullopt;
  int64_t lhsFree = lhsRank - form.batchRank - form.contractingRank;
  int64_t rhsFree = rhsRank - form.batchRank - form.contractingRank;
  // K at the back of lhs ([b, M, K]) or right after its batch ([b, K, M]);
  // with no M dimension both read the same and the first is taken.
  if (isRun(lhsContracting, form.batchRank + lhsFree))
    form.transposeLhs = false;
  else if (isRun(lhsContracting, form.batchRank))
    form.transposeLhs = true;
  else
    return std::nullopt;
  // K right after rhs's batch ([b, K, N]) or at its back ([b, N, K]).
  if (isRun(rhsContracting, form.batchRank))
    form.transposeRhs = false;
  else if (isRun(rhsContracting, form.batchRank + rhsFree))
    form.transposeRhs = true;
  else
    return std::nullopt;
  return form;
}

bool isStaticF32(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && tensor.getElementType().isF32();
}

class SelectLibraryCallsPass
    : public hlox::impl::HloxSelectLibraryCallsBase<SelectLibraryCallsPass> {
public:
  using HloxSelectLibraryCallsBase::HloxSelectLibraryCallsBase;

  void runOnOperation() override {
    SmallVector<std::pair<Operation *, MatmulForm>> selected;
    getOperation().walk([&](Operation *op) {
      if (std::optional<MatmulForm> form = select(op))
        selected.push_back({op, *form});
    });
    OpBuilder builder(&getContext());
    for (auto [op, form] : selected) {
      builder.setInsertionPoint(op);
      auto matmul = hlox::library::MatmulOp::create(
          builder, op->getLoc(), op->getResult(0).getType(),
          op->getOperand(0), op->getOperand(1), form.transposeLhs,
          form.transposeRhs, form.batchRank, form.contractingRank);
      op->getResult(0).replaceAllUsesWith(matmul.getResult());
      op->erase();
    }
  }

private:
  std::optional<MatmulForm> select(Operation *op) const {
    if (!isa<shlo::DotGeneralOp, shlo::DotOp>(op) ||
        !isStaticF32(op->getOperand(0).getType()) ||
        !isStaticF32(op->getOperand(1).getType()) ||
        !isStaticF32(op->getResult(0).getType()))
      return std::nullopt;
    auto lhs = cast<RankedTensorType>(op->getOperand(0).getType());
    auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
    auto result = cast<RankedTensorType>(op->getResult(0).getType());
    std::optional<MatmulForm> form;
    if (auto dot = dyn_cast<shlo::DotGeneralOp>(op)) {
      if (dot.getAlgorithm())
        return std::nullopt;
      auto dims = dot.getDotDimensionNumbers();
      form = getMatmulForm(lhs.getRank(), rhs.getRank(),
                           dims.getLhsBatchingDimensions(),
                           dims.getRhsBatchingDimensions(),
                           dims.getLhsContractingDimensions(),
                           dims.getRhsContractingDimensions());
    } else {
      int64_t contracting = lhs.getRank() - 1;
      form = getMatmulForm(lhs.getRank(), rhs.getRank(), {}, {},
                           ArrayRef<int64_t>(contracting),
                           ArrayRef<int64_t>(int64_t(0)));
    }
    if (!form)
      return std::nullopt;
    // Multiply-adds: every result element sums over the contracting sizes.
    int64_t k = 1;
    ArrayRef<int64_t> lhsShape = lhs.getShape();
    int64_t kStart = form->transposeLhs
                         ? form->batchRank
                         : lhs.getRank() - form->contractingRank;
    for (int64_t i = 0; i < form->contractingRank; ++i)
      k *= lhsShape[kStart + i];
    double flops = 2.0 * static_cast<double>(result.getNumElements()) *
                   static_cast<double>(k);
    if (flops < static_cast<double>(minFlops))
      return std::nullopt;
    return form;
  }
};

} // namespace
