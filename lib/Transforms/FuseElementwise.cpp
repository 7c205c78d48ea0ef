//===- FuseElementwise.cpp - Fuse elementwise linalg producers ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "hlox-fuse-elementwise"

namespace hlox {
#define GEN_PASS_DEF_HLOXFUSEELEMENTWISE
#include "hlox/Transforms/Passes.h.inc"
} // namespace hlox

using namespace mlir;

namespace {

/// True for a generic that reads nothing but scalars and yields a value
/// its body does not compute (a broadcast constant: `broadcast_in_dim` of
/// a scalar 0 for a ReLU), which costs nothing to repeat.
bool isSplat(linalg::GenericOp op) {
  if (!llvm::hasSingleElement(op.getBody()->getOperations()) ||
      op.getNumDpsInits() != 1)
    return false;
  return llvm::all_of(op.getDpsInputs(), [](Value input) {
    auto type = dyn_cast<RankedTensorType>(input.getType());
    return type && type.getRank() == 0;
  });
}

/// The most work (body ops, a division counting as kDivisionCost) of a
/// producer that is copied for each of its users.
constexpr int64_t kMaxRepeatedOps = 32;
constexpr int64_t kDivisionCost = 4;
/// The most rounds of copying and fusing; each round's fused generics are
/// larger, so the copies stop on their own well before.
constexpr int kMaxRounds = 32;

/// True for an elementwise generic (all loops parallel, one result its
/// body does not read) that computes only a few cheap operations: adds,
/// multiplies, comparisons, selects, min/max, conversions between float
/// widths, a division or two, no math function but abs/floor/ceil.
/// Computing it once per user costs less than writing it to memory and
/// reading it back per user.
bool isCheapToRepeat(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops() ||
      op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)) ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return false;
  int64_t count = 0;
  for (Operation &inner : op.getBody()->without_terminator()) {
    count += isa<arith::DivFOp>(inner) ? kDivisionCost : 1;
    if (count > kMaxRepeatedOps)
      return false;
    if (!isa<arith::DivFOp, arith::AddFOp, arith::SubFOp, arith::MulFOp,
             arith::NegFOp, arith::CmpFOp, arith::CmpIOp, arith::SelectOp,
             arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::AddIOp,
             arith::SubIOp, arith::MulIOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::MaxNumFOp, arith::MinNumFOp, arith::ConstantOp,
             arith::ExtFOp, arith::TruncFOp, arith::ExtUIOp, arith::ExtSIOp,
             arith::TruncIOp, arith::SIToFPOp, arith::UIToFPOp, math::AbsFOp,
             math::FloorOp, math::CeilOp, math::CopySignOp, linalg::IndexOp>(
            inner))
      return false;
  }
  return true;
}

/// True for a cheap generic (above) that only linalg ops and views of it
/// (reshapes, slices) use. One that another op (a loop's yield, the
/// function's return, an insertion) needs whole stays shared: repeating it
/// would not spare its write, and the kernel that writes it and those that
/// repeat it would round a multiply-add apart (contracted to an FMA where
/// LLVM finds the multiply used once, not where it merged the copies).
bool isRepeatedForEveryUser(linalg::GenericOp op) {
  return isCheapToRepeat(op) &&
         llvm::all_of(op->getUsers(), [](Operation *user) {
           return isa<linalg::LinalgOp, tensor::ExpandShapeOp,
                      tensor::CollapseShapeOp, tensor::ExtractSliceOp>(user);
         });
}

/// Gives each linalg user of a generic that `repeat` accepts a copy of its
/// own, so that every user can fuse it: shared, it would be a dispatch of
/// its own and a tensor in memory that each user reads. True when it
/// made a copy.
template <typename Predicate>
bool copyPerUser(func::FuncOp function, Predicate repeat) {
  SmallVector<linalg::GenericOp> splats;
  function.walk([&](linalg::GenericOp op) {
    // A dead splat (what a library call's epilogue no longer reads) has
    // no user to copy it for.
    if (repeat(op) && !op->hasOneUse() && !op->use_empty())
      splats.push_back(op);
  });
  OpBuilder builder(function.getContext());
  bool copied = false;
  for (linalg::GenericOp splat : splats) {
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : splat->getUses())
      if (isa<linalg::LinalgOp>(use.getOwner()))
        uses.push_back(&use);
    // The first user keeps the original (unless a non-linalg op uses it).
    bool keep = uses.size() == static_cast<size_t>(std::distance(
                                   splat->use_begin(), splat->use_end()));
    for (OpOperand *use : llvm::drop_begin(uses, keep ? 1 : 0)) {
      builder.setInsertionPoint(use->getOwner());
      // Its init too, so that the copy shares no tensor with the original.
      IRMapping mapping;
      for (Value init : splat.getDpsInits())
        if (Operation *empty = init.getDefiningOp<tensor::EmptyOp>())
          mapping.map(init, builder.clone(*empty)->getResult(0));
      Operation *copy = builder.clone(*splat, mapping);
      use->set(copy->getResult(cast<OpResult>(use->get()).getResultNumber()));
      copied = true;
    }
  }
  return copied;
}

/// Rewrites each `linalg.transpose` of a generic's result, and each
/// `linalg.reduce` of one, into a generic, so that the producer fuses into
/// it: a ReLU and the transpose of its result, or an elementwise chain and
/// its sum, are then one pass over memory.
bool generalizeConsumersOfGenerics(func::FuncOp function) {
  // A reduction only when a producer will fuse into it: one it is the only
  // user of, or one copied per user; else it stays the named op.
  auto fuses = [](Value input) {
    auto producer = input.getDefiningOp<linalg::GenericOp>();
    return producer && (producer->hasOneUse() || isCheapToRepeat(producer));
  };
  SmallVector<linalg::LinalgOp> consumers;
  function.walk([&](linalg::LinalgOp op) {
    if (auto transpose = dyn_cast<linalg::TransposeOp>(*op)) {
      if (transpose.getInput().getDefiningOp<linalg::GenericOp>())
        consumers.push_back(op);
    } else if (auto reduce = dyn_cast<linalg::ReduceOp>(*op)) {
      if (llvm::any_of(reduce.getInputs(), fuses))
        consumers.push_back(op);
    }
  });
  IRRewriter rewriter(function.getContext());
  for (linalg::LinalgOp op : consumers) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
  return !consumers.empty();
}

class FuseElementwisePass
    : public hlox::impl::HloxFuseElementwiseBase<FuseElementwisePass> {
public:
  void runOnOperation() override {
    getOperation()->walk([](func::FuncOp function) {
      copyPerUser(function, isSplat);
      generalizeConsumersOfGenerics(function);
    });
    if (failed(fuse()))
      return signalPassFailure();
    // Cheap producers with several users, copied per user and fused; the
    // fused generics may be such producers in turn, until none is (the
    // body limit ends it).
    for (int round = 0; round < kMaxRounds; ++round) {
      bool changed = false;
      getOperation()->walk([&](func::FuncOp function) {
        // Reductions whose producers fuse now, after the last round.
        changed |= generalizeConsumersOfGenerics(function);
        changed |= copyPerUser(function, isRepeatedForEveryUser);
      });
      if (!changed)
        break;
      if (failed(fuse()))
        return signalPassFailure();
    }
  }

private:
  LogicalResult fuse() {
    RewritePatternSet patterns(&getContext());
    // Fuse only a producer whose one user is the consumer, and which the
    // consumer reads each element of once (or which only moves data, like a
    // broadcast): nothing is computed twice.
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [](OpOperand *operand) {
          Operation *producer = operand->get().getDefiningOp();
          if (!producer || !producer->hasOneUse())
            return false;
          auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
          if (!consumer ||
              consumer.getMatchingIndexingMap(operand).isPermutation())
            return true;
          auto generic = dyn_cast<linalg::GenericOp>(producer);
          bool movesData = generic && llvm::hasSingleElement(
                                          generic.getBody()->getOperations());
          LDBG() << "fuse into a consumer that rereads its operand: "
                 << (movesData ? "yes, the producer only moves data"
                               : "no, the producer computes");
          return movesData;
        });
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    return applyPatternsGreedily(getOperation(), std::move(patterns), config);
  }
};

} // namespace
