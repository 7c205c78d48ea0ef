//===- Collectives.cpp - Collectives of a one-process program -------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A program is compiled for one process: replica 0 of 1 and
// partition 0 of 1. There every process group is that process alone, so
// the collectives need no communication:
//
//   replica_id, partition_id      0
//   all_reduce, reduce_scatter,   the operands (a reduction, gather,
//   all_gather, all_to_all,       scatter or exchange over a group of one)
//   collective_reduce,
//   cross-replica-sum
//   collective_permute            the operand when a pair sends process 0
//                                 to itself, else zeros
//   collective_broadcast          the operand when process 0 is in a group,
//                                 else zeros
//
// Process ids other than 0 in replica_groups or source_target_pairs name
// processes the program does not have, and a reduction whose groups leave
// process 0 out has no result for it: both are compile errors at the op,
// as are an all_to_all split into more than one part and a
// collective_broadcast with a dynamic root.
//
//===----------------------------------------------------------------------===//

#include "Lowerings.h"

#include "hlox/Dialect/StableHLO/IR/ReplicaGroups.h"
#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace hlox;
using namespace hlox::lowering;
namespace shlo = hlox::stablehlo;

namespace {

/// Checks that `ids` (replica_groups or source_target_pairs, -1 padding
/// aside) name process 0 only.
LogicalResult checkIdsAreZero(Operation *op, DenseIntElementsAttr ids,
                              StringRef name) {
  for (APInt id : ids.getValues<APInt>()) {
    int64_t value = id.getSExtValue();
    if (value > 0)
      return op->emitError("a program compiled for one process runs replica "
                           "0, partition 0, but ")
             << name << " names process " << value;
  }
  return success();
}

/// Whether process 0 is in a group of `groups` (no rows: one group of
/// every process).
bool holdsProcessZero(DenseIntElementsAttr groups) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2 || type.getDimSize(0) == 0)
    return true;
  return llvm::any_of(groups.getValues<APInt>(),
                      [](const APInt &id) { return id.isZero(); });
}

/// A collective over a group of one: its results are its operands. In the
/// flattened_ids mode (a channel and use_global_device_ids) no groups means
/// no group at all.
template <typename Op>
struct IdentityCollectiveLowering final : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<DenseIntElementsAttr> flat =
        shlo::getReplicaGroupsTensor(op, op.getReplicaGroups());
    if (failed(flat))
      return failure();
    DenseIntElementsAttr groups = *flat;
    if (failed(checkIdsAreZero(op, groups, "replica_groups")))
      return failure();
    bool flattened = false;
    if constexpr (!std::is_same_v<Op, shlo::CrossReplicaSumOp> &&
                  !std::is_same_v<Op, shlo::AllToAllOp>) {
      std::optional<shlo::ChannelHandleAttr> channel = op.getChannelHandle();
      flattened = channel && channel->getHandle() > 0 &&
                  op.getUseGlobalDeviceIds();
    }
    bool inGroup = holdsProcessZero(groups) &&
                   !(flattened && groups.getNumElements() == 0);
    if (!inGroup)
      return op.emitError("process (replica 0, partition 0) is in no process "
                          "group");
    if constexpr (std::is_same_v<Op, shlo::CollectiveReduceOp>) {
      if (op.getHasDynamicRoot())
        return op.emitError("collective_reduce lowers with a static root "
                            "only");
    }
    if constexpr (std::is_same_v<Op, shlo::AllToAllOp>) {
      if (op.getSplitCount() != 1)
        return op.emitError("a program compiled for one process splits an "
                            "all_to_all into 1 part, not ")
               << op.getSplitCount();
    }
    for (auto [operand, result] :
         llvm::zip(op->getOperands(), op->getResults()))
      if (operand.getType() != result.getType())
        return op.emitError("a collective over one process keeps its "
                            "operand's type, but ")
               << operand.getType() << " becomes " << result.getType();
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

/// replica_id and partition_id: 0.
template <typename Op>
struct ProcessIdLowering final : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(
                type, rewriter.getIntegerAttr(type.getElementType(), 0)));
    return success();
  }
};

/// A tensor of zeros of `op`'s result `index` (converted).
Value zerosLike(ConversionPatternRewriter &rewriter, Operation *op,
                const TypeConverter &converter, unsigned index) {
  auto original = cast<RankedTensorType>(op->getResult(index).getType());
  auto type = cast<RankedTensorType>(converter.convertType(original));
  return filledTensor(rewriter, op->getLoc(), type,
                      emitZero(rewriter, op->getLoc(),
                               original.getElementType()));
}

struct CollectivePermuteLowering final
    : OpConversionPattern<shlo::CollectivePermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::CollectivePermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DenseIntElementsAttr pairs = op.getSourceTargetPairs();
    if (failed(checkIdsAreZero(op, pairs, "source_target_pairs")))
      return failure();
    // Every id is 0 now: a pair sends process 0 to itself.
    if (pairs.getNumElements() > 0)
      rewriter.replaceOp(op, adaptor.getOperand());
    else
      rewriter.replaceOp(op, zerosLike(rewriter, op, *getTypeConverter(), 0));
    return success();
  }
};

struct CollectiveBroadcastLowering final
    : OpConversionPattern<shlo::CollectiveBroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shlo::CollectiveBroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getHasDynamicRoot())
      return op.emitError("collective_broadcast lowers with a static root "
                          "only");
    FailureOr<DenseIntElementsAttr> flat =
        shlo::getReplicaGroupsTensor(op, op.getReplicaGroups());
    if (failed(flat))
      return failure();
    DenseIntElementsAttr groups = *flat;
    if (failed(checkIdsAreZero(op, groups, "replica_groups")))
      return failure();
    if (holdsProcessZero(groups)) {
      rewriter.replaceOp(op, adaptor.getOperands());
      return success();
    }
    SmallVector<Value> zeros;
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      zeros.push_back(zerosLike(rewriter, op, *getTypeConverter(), i));
    rewriter.replaceOp(op, zeros);
    return success();
  }
};

} // namespace

void hlox::lowering::populateCollectivePatterns(
    RewritePatternSet &patterns, const TypeConverter &converter) {
  patterns.add<IdentityCollectiveLowering<shlo::AllReduceOp>,
               IdentityCollectiveLowering<shlo::AllGatherOp>,
               IdentityCollectiveLowering<shlo::ReduceScatterOp>,
               IdentityCollectiveLowering<shlo::AllToAllOp>,
               IdentityCollectiveLowering<shlo::CollectiveReduceOp>,
               IdentityCollectiveLowering<shlo::CrossReplicaSumOp>,
               ProcessIdLowering<shlo::ReplicaIdOp>,
               ProcessIdLowering<shlo::PartitionIdOp>,
               CollectivePermuteLowering, CollectiveBroadcastLowering>(
      converter, patterns.getContext());
}
