//===- FuseMatmulEpilogues.cpp - Elementwise consumers into products ------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A matrix product's bias, activation, residual add or scaling is an
// elementwise dispatch over the product, which reads the whole product back
// from memory after the library wrote it. When that dispatch is the
// product's only user, the product takes it as its epilogue: the runtime
// then applies it to each tile of the product as the tile is finished,
// while it is in cache, and the product needs no buffer of its own (the
// epilogue overwrites it in the result's).
//
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Library/IR/LibraryOps.h"
#include "hlox/Transforms/Dispatch.h"
#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-fuse-matmul-epilogues"

namespace hlox {
#define GEN_PASS_DEF_HLOXFUSEMATMULEPILOGUES
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;
using namespace hlox;

namespace {

/// The rank of `matmul`'s rows (its batch and M dimensions); the rest of
/// the result's dimensions are its columns (N).
int64_t getRowRank(library::MatmulOp matmul) {
  int64_t columns = matmul.getRhs().getType().getRank() -
                    matmul.getBatchRank() - matmul.getContractingRank();
  return matmul.getType().getRank() - columns;
}

/// Whether `dispatch` can be the epilogue of a product whose rows are its
/// argument `operand`'s first `rowRank` dimensions: its body is one
/// all-parallel generic (with the fresh tensor it writes and constants)
/// that reads the argument elementwise and may write over it
/// (mayWriteInPlace), whose iterations can be seen as rows by columns (the
/// kernel's tiles), and whose result the dispatch returns.
bool isEpilogue(func::FuncOp dispatch, unsigned operand, int64_t rowRank) {
  if (dispatch.getNumResults() != 1 ||
      !mayWriteInPlace(dispatch, operand, /*result=*/0))
    return false;
  Block &body = dispatch.getBody().front();
  auto generic =
      body.getTerminator()->getOperand(0).getDefiningOp<linalg::GenericOp>();
  for (Operation &op : body.without_terminator())
    if (&op != generic.getOperation() &&
        !isa<tensor::EmptyOp, arith::ConstantOp>(op))
      return false;
  if (!generic.getDpsInits()[0].getDefiningOp<tensor::EmptyOp>())
    return false;
  int64_t rank = generic.getNumLoops();
  if (rowRank < 1 || rowRank >= rank)
    return false;
  return linalg::areDimSequencesPreserved(generic.getIndexingMapsArray(),
                                          getEpilogueLoopGroups(rank, rowRank));
}

/// Makes argument `index` of `function` its first, keeping the others in
/// order.
LogicalResult moveArgumentFirst(func::FuncOp function, unsigned index) {
  if (index == 0)
    return success();
  BlockArgument old = function.getArgument(index);
  if (failed(function.insertArgument(0, old.getType(), {}, old.getLoc())))
    return failure();
  old.replaceAllUsesWith(function.getArgument(0));
  return function.eraseArgument(index + 1);
}

struct FuseMatmulEpiloguesPass
    : public hlox::impl::HloxFuseMatmulEpiloguesBase<FuseMatmulEpiloguesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<library::MatmulOp> matmuls;
    module.walk([&](library::MatmulOp matmul) {
      // The runtime's tile epilogues follow its own f32 products only.
      if (!matmul.getEpilogue() && !matmul.hasLibraryEpilogue() &&
          matmul.getType().getElementType().isF32())
        matmuls.push_back(matmul);
    });
    for (library::MatmulOp matmul : matmuls) {
      Value product = matmul.getResult();
      if (!product.hasOneUse())
        continue;
      auto call = dyn_cast<func::CallOp>(*product.getUsers().begin());
      if (!call || call.getNumResults() != 1 ||
          call.getResult(0).getType() != product.getType() ||
          llvm::count(call.getOperands(), product) != 1)
        continue;
      auto dispatch = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!dispatch || dispatch.isExternal() ||
          !dispatch->hasAttr(kDispatchAttr) ||
          dispatch->hasAttr(kMatmulEpilogueAttr))
        continue;
      // A dispatch called from elsewhere too stays as it is.
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(dispatch, module);
      if (!uses || !llvm::hasSingleElement(*uses))
        continue;
      unsigned index =
          llvm::find(call.getOperands(), product) - call.getOperands().begin();
      int64_t rowRank = getRowRank(matmul);
      if (!isEpilogue(dispatch, index, rowRank))
        continue;
      if (failed(moveArgumentFirst(dispatch, index)))
        return signalPassFailure();
      // Its kernel runs on tiles, not workgroups.
      dispatch->removeAttr(kWorkgroupsAttr);
      dispatch->removeAttr(kWorkAttr);
      dispatch->setAttr(
          kMatmulEpilogueAttr,
          IntegerAttr::get(IntegerType::get(&getContext(), 64), rowRank));
      SmallVector<Value> operands;
      for (Value operand : call.getOperands())
        if (operand != product)
          operands.push_back(operand);
      OpBuilder b(call);
      auto fused = library::MatmulOp::create(
          b, matmul.getLoc(), call.getResult(0).getType(), matmul.getLhs(),
          matmul.getRhs(), /*bias=*/nullptr, /*addend=*/nullptr,
          /*relu=*/false, /*gelu_tanh=*/false, matmul.getTransposeLhs(),
          matmul.getTransposeRhs(), matmul.getBatchRank(),
          matmul.getContractingRank(), matmul.getHloxKernel(),
          FlatSymbolRefAttr::get(dispatch), operands);
      call.getResult(0).replaceAllUsesWith(fused.getResult());
      call.erase();
      matmul.erase();
      LDBG() << "fused " << dispatch.getSymName() << " into a product";
    }
  }
};

} // namespace

SmallVector<SmallVector<int64_t, 2>>
hlox::getEpilogueLoopGroups(int64_t rank, int64_t rowRank) {
  SmallVector<SmallVector<int64_t, 2>> groups(2);
  for (int64_t d = 0; d < rank; ++d)
    groups[d < rowRank ? 0 : 1].push_back(d);
  return groups;
}
