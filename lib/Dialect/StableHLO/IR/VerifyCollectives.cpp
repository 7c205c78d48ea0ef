//===- VerifyCollectives.cpp - Verifiers of collectives and I/O ops -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each check names the spec constraint it implements as /*op_cN*/.
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

using namespace mlir;
using namespace hlox::stablehlo;
using namespace hlox::stablehlo::detail;

/// replica_groups is a 2-d tensor whose entries are unique; -1 pads groups
/// of unequal size. `uniqueLabel` names the op's uniqueness constraint.
static LogicalResult verifyReplicaGroups(Operation *op,
                                         DenseIntElementsAttr groups,
                                         StringRef uniqueLabel) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return op->emitOpError("replica_groups must be a 2-d tensor, got rank ")
           << type.getRank();
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id < -1)
      return op->emitOpError("replica_groups entries must be process ids or "
                             "-1 (padding), got ")
             << id;
    if (id >= 0 && !seen.insert(id).second)
      return op->emitOpError() << uniqueLabel
                               << "replica_groups has a duplicate entry " << id;
  }
  return success();
}

/// Fails with "<label>result type must be T" unless `result` is a tensor of
/// shape `expected` and element type `element`.
static LogicalResult verifyResultType(Operation *op, StringRef label,
                                      Type result, ArrayRef<int64_t> expected,
                                      Type element) {
  auto type = cast<ShapedType>(result);
  if (succeeded(verifyCompatibleShape(expected, type.getShape())) &&
      type.getElementType() == element)
    return success();
  return op->emitOpError() << label << "result type must be "
                           << RankedTensorType::get(expected, element);
}

/// The number of processes in each group: dim(replica_groups, 1).
static int64_t groupSize(DenseIntElementsAttr groups) {
  return cast<ShapedType>(groups.getType()).getDimSize(1);
}

LogicalResult AllGatherOp::verify() {
  // I64Attr getters return uint64_t; read the dimension signed so that a
  // negative one is reported as such.
  int64_t dim = getAllGatherDimAttr().getInt();
  for (Value operand : getOperands()) {
    int64_t rank = cast<ShapedType>(operand.getType()).getRank();
    /*all_gather_c1*/ if (dim < 0 || dim >= rank)
      return emitOpError("/*all_gather_c1*/ all_gather_dim ")
             << dim << " is out of range [0, " << rank << ")";
  }
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  size_t data = getOperands().size();
  if (getHasDynamicRoot()) {
    if (data < 2)
      return emitOpError("with has_dynamic_root expects data operands and a "
                         "root operand");
    --data;
    auto root = cast<ShapedType>(getOperands().back().getType());
    if (root.getRank() != 1 || !root.getElementType().isInteger(32) ||
        (!root.isDynamicDim(0) &&
         root.getDimSize(0) != static_cast<int64_t>(data)))
      return emitOpError("root operand must be a tensor<")
             << data << "xi32>, got " << root;
  }
  /*collective_broadcast_c3*/ if (getNumResults() != data)
    return emitOpError("/*collective_broadcast_c3*/ expects one result per "
                       "data operand");
  for (size_t i = 0; i < data; ++i)
    if (getOperand(i).getType() != getResult(i).getType())
      return emitOpError("/*collective_broadcast_c3*/ result ")
             << i << " must have the type of its operand";
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(), "")))
    return failure();
  // The computation reduces two values of one operand at a time, whatever
  // the number of operands.
  if (getComputation().front().getNumArguments() != 2)
    return emitOpError("computation must take 2 arguments");
  return success();
}

LogicalResult AllToAllOp::verify() {
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(),
                                 "/*all_to_all_c5*/ ")))
    return failure();
  int64_t split = getSplitDimension(), concat = getConcatDimension();
  int64_t count = getSplitCount();
  /*all_to_all_c4*/ if (count <= 0)
    return emitOpError("/*all_to_all_c4*/ split_count must be positive");
  if (getOperands().size() != getNumResults())
    return emitOpError("/*all_to_all_c8*/ expects one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto type = cast<ShapedType>(operand.getType());
    auto resultType = cast<ShapedType>(result.getType());
    int64_t rank = type.getRank();
    /*all_to_all_c1*/ if (split < 0 || split >= rank)
      return emitOpError("/*all_to_all_c1*/ split_dimension ")
             << split << " is out of range [0, " << rank << ")";
    /*all_to_all_c3*/ if (concat < 0 || concat >= rank)
      return emitOpError("/*all_to_all_c3*/ concat_dimension ")
             << concat << " is out of range [0, " << rank << ")";
    int64_t splitSize = type.getDimSize(split);
    /*all_to_all_c2*/ if (!ShapedType::isDynamic(splitSize) &&
                          splitSize % count != 0)
      return emitOpError("/*all_to_all_c2*/ dimension ")
             << split << " of size " << splitSize
             << " is not divisible by split_count " << count;
    // /*all_to_all_c8*/: the split dimension shrinks, the concat one grows.
    SmallVector<int64_t> expected(type.getShape());
    if (!ShapedType::isDynamic(expected[split]))
      expected[split] /= count;
    if (!ShapedType::isDynamic(expected[concat]))
      expected[concat] *= count;
    if (failed(verifyResultType(*this, "/*all_to_all_c8*/ ", resultType,
                                expected, type.getElementType())))
      return failure();
  }
  return success();
}

LogicalResult ReduceScatterOp::verify() {
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(),
                                 "/*reduce_scatter_c3*/ ")))
    return failure();
  auto type = cast<ShapedType>(getOperand().getType());
  auto resultType = cast<ShapedType>(getResult().getType());
  int64_t dim = getScatterDimension();
  /*reduce_scatter_c2*/ if (dim < 0 || dim >= type.getRank())
    return emitOpError("/*reduce_scatter_c2*/ scatter_dimension ")
           << dim << " is out of range [0, " << type.getRank() << ")";
  int64_t parts = groupSize(getReplicaGroups());
  int64_t size = type.getDimSize(dim);
  /*reduce_scatter_c1*/ if (parts > 0 && !ShapedType::isDynamic(size) &&
                            size % parts != 0)
    return emitOpError("/*reduce_scatter_c1*/ dimension ")
           << dim << " of size " << size
           << " is not divisible by the group size " << parts;
  SmallVector<int64_t> expected(type.getShape());
  if (parts > 0 && !ShapedType::isDynamic(size))
    expected[dim] = size / parts;
  /*reduce_scatter_c8*/ if (failed(verifyResultType(
                                *this, "/*reduce_scatter_c8*/ ", resultType,
                                expected, type.getElementType())))
    return failure();
  /*reduce_scatter_c7*/ if (getComputation().front().getNumArguments() != 2)
    return emitOpError("/*reduce_scatter_c7*/ computation must take 2 "
                       "arguments");
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  auto pairs = getSourceTargetPairs();
  auto type = cast<ShapedType>(pairs.getType());
  /*collective_permute_c1*/ if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError("/*collective_permute_c1*/ source_target_pairs must "
                       "have shape [N, 2], got ")
           << type;
  llvm::SmallSet<int64_t, 8> sources, targets;
  SmallVector<int64_t> values(pairs.getValues<int64_t>());
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    if (values[i] < 0 || values[i + 1] < 0)
      return emitOpError("/*collective_permute_c4*/ process ids must be "
                         "non-negative");
    /*collective_permute_c2*/ if (!sources.insert(values[i]).second)
      return emitOpError("/*collective_permute_c2*/ duplicate source ")
             << values[i];
    /*collective_permute_c3*/ if (!targets.insert(values[i + 1]).second)
      return emitOpError("/*collective_permute_c3*/ duplicate target ")
             << values[i + 1];
  }
  return success();
}

/// infeed and recv: payload values, then a token.
static LogicalResult verifyPayloadAndToken(Operation *op, StringRef sizeLabel,
                                           StringRef tokenLabel) {
  if (op->getNumResults() < 1)
    return op->emitOpError() << sizeLabel << "expects at least one result";
  if (!isa<TokenType>(op->getResults().back().getType()))
    return op->emitOpError() << tokenLabel << "the last result must be a token";
  return success();
}

LogicalResult InfeedOp::verify() {
  return verifyPayloadAndToken(*this, "/*infeed_c1*/ ", "/*infeed_c2*/ ");
}

LogicalResult RecvOp::verify() {
  return verifyPayloadAndToken(*this, "/*recv_c2*/ ", "/*recv_c3*/ ");
}
