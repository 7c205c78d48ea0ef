//===- VerifyCollectives.cpp - Verifiers of collectives and I/O ops -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each check names the spec constraint it implements as /*op_cN*/.
//
//===----------------------------------------------------------------------===//

#include "VerifyUtils.h"

#include "hlox/Dialect/StableHLO/IR/ReplicaGroups.h"

using namespace mlir;
using namespace hlox::stablehlo;
using namespace hlox::stablehlo::detail;

/// replica_groups is a 2-d tensor whose entries are unique; -1 pads groups
/// of unequal size. `uniqueLabel` names the op's uniqueness constraint.
static LogicalResult verifyReplicaGroups(Operation *op, Attribute attr,
                                         StringRef uniqueLabel) {
  // Mesh axes verify as an attribute; a mesh symbol must exist.
  if (auto meshAxes = dyn_cast<ReplicaGroupMeshAxesAttr>(attr)) {
    auto symbol = dyn_cast<FlatSymbolRefAttr>(meshAxes.getMesh());
    if (symbol && SymbolTable::getNearestSymbolTable(op) &&
        !SymbolTable::lookupNearestSymbolFrom(op, symbol))
      return op->emitOpError("replica_groups: mesh symbol ")
             << symbol << " not found";
    return success();
  }
  auto groups = cast<DenseIntElementsAttr>(attr);
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

/// The computation of all_reduce, reduce_scatter and collective_reduce
/// reduces two values of one operand at a time, whatever the number of
/// operands: (tensor<E>, tensor<E>) -> tensor<E> for each operand's E.
static LogicalResult verifyComputation(Operation *op, StringRef label,
                                       Region &computation,
                                       TypeRange operands) {
  for (Type operand : operands)
    if (failed(verifyReducerSignature(op, label, "computation", computation,
                                      TypeRange{operand})))
      return failure();
  return success();
}

LogicalResult AllGatherOp::verify() {
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(),
                                 "/*all_gather_c2*/ ")))
    return failure();
  // I64Attr getters return uint64_t; read the dimension signed so that a
  // negative one is reported as such.
  int64_t dim = getAllGatherDimAttr().getInt();
  if (getNumOperands() != getNumResults())
    return emitOpError("/*all_gather_c6*/ expects one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto type = cast<ShapedType>(operand.getType());
    int64_t rank = type.getRank();
    /*all_gather_c1*/ if (dim < 0 || dim >= rank)
      return emitOpError("/*all_gather_c1*/ all_gather_dim ")
             << dim << " is out of range [0, " << rank << ")";
    // /*all_gather_c6*/ as upstream checks it: the other dimensions kept,
    // the gathered one a multiple of the operand's (the exact size, times
    // the group size, in stablehlo-check-spec).
    auto resultType = cast<ShapedType>(result.getType());
    SmallVector<int64_t> expected(type.getShape());
    expected[dim] = ShapedType::kDynamic;
    if (failed(verifyResultType(*this, "/*all_gather_c6*/ ", resultType,
                                expected, type.getElementType())))
      return failure();
    int64_t size = type.getDimSize(dim);
    int64_t gathered = resultType.getDimSize(dim);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(gathered) &&
        (size == 0 ? gathered != 0 : gathered % size != 0))
      return emitOpError("/*all_gather_c6*/ result dimension ")
             << dim << " of size " << gathered
             << " is not a multiple of the operand's " << size;
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
  return verifyComputation(*this, "/*all_reduce_c5*/ ", getComputation(),
                           getOperandTypes());
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
  int64_t parts = processGroupSize(getReplicaGroups(), getChannelHandleAttr(),
                                   getUseGlobalDeviceIds());
  int64_t size = type.getDimSize(dim);
  /*reduce_scatter_c1*/ if (!ShapedType::isDynamic(parts) && parts > 0 &&
                            !ShapedType::isDynamic(size) &&
                            size % parts != 0)
    return emitOpError("/*reduce_scatter_c1*/ dimension ")
           << dim << " of size " << size
           << " is not divisible by the group size " << parts;
  SmallVector<int64_t> expected(type.getShape());
  expected[dim] = !ShapedType::isDynamic(parts) && parts > 0 &&
                          !ShapedType::isDynamic(size)
                      ? size / parts
                      : ShapedType::kDynamic;
  Type promoted = getPromotedElementType(getComputation(), 0);
  /*reduce_scatter_c8*/ if (failed(verifyResultType(
                                *this, "/*reduce_scatter_c8*/ ", resultType,
                                expected,
                                promoted ? promoted : type.getElementType())))
    return failure();
  return verifyComputation(*this, "/*reduce_scatter_c7*/ ",
                           getComputation(), getOperand().getType());
}

LogicalResult CollectiveReduceOp::verify() {
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(), "")))
    return failure();
  OperandRange data = getOperands();
  if (getHasDynamicRoot()) {
    /*collective_reduce_c3*/ if (data.size() < 2)
      return emitOpError("/*collective_reduce_c3*/ with has_dynamic_root "
                         "expects data operands and a root operand");
    data = data.drop_back();
    auto root = cast<ShapedType>(getOperands().back().getType());
    /*collective_reduce_c3*/ if (root.getRank() != 1 ||
                                 !root.getElementType().isInteger(32) ||
                                 (!root.isDynamicDim(0) &&
                                  root.getDimSize(0) !=
                                      static_cast<int64_t>(data.size())))
      return emitOpError("/*collective_reduce_c3*/ root operand must be a "
                         "tensor<")
             << data.size() << "xi32>, got " << root;
  }
  /*collective_reduce_c3*/ if (getNumResults() != data.size())
    return emitOpError("/*collective_reduce_c3*/ expects one result per data "
                       "operand");
  if (failed(verifyComputation(*this, "/*collective_reduce_c4*/ ",
                               getComputation(), data.getTypes())))
    return failure();
  Type promoted = getPromotedElementType(getComputation(), 0);
  for (auto [operand, result] : llvm::zip(data.getTypes(), getResultTypes()))
    /*collective_reduce_c3*/ if (withElementType(operand, promoted) != result)
      return emitOpError("/*collective_reduce_c3*/ results must have the "
                         "operand types (of the computation's element type "
                         "where it promotes)");
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

LogicalResult FutureType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<Type> types) {
  if (types.empty())
    return emitError() << "a future holds at least one tensor type";
  for (Type type : types)
    if (!isa<RankedTensorType>(type))
      return emitError() << "a future holds tensor types, got " << type;
  return success();
}

LogicalResult AsyncStartOp::verify() {
  Block &body = getBody().front();
  /*async_start_c1*/ if (body.getOperations().size() != 2)
    return emitOpError("/*async_start_c1*/ body must hold one op and a "
                       "return, got ")
           << body.getOperations().size() - 1 << " ops";
  Operation &started = body.front();
  /*async_start_c2*/ if (!isa<AllReduceOp, AllGatherOp, AllToAllOp,
                              CollectivePermuteOp, ReduceScatterOp,
                              CollectiveBroadcastOp, SliceOp, DynamicSliceOp,
                              DynamicUpdateSliceOp>(started))
    return emitOpError("/*async_start_c2*/ body must start a collective or "
                       "a slice, got ")
           << started.getName();
  /*async_start_c3*/ if (TypeRange(body.getArgumentTypes()) !=
                         getOperands().getTypes())
    return emitOpError("/*async_start_c3*/ body arguments must have the "
                       "operand types");
  auto returned = cast<ReturnOp>(body.getTerminator());
  /*async_start_c4*/ if (TypeRange(returned.getResults().getTypes()) !=
                         TypeRange(getResult().getType().getTypes()))
    return emitOpError("/*async_start_c4*/ the future must hold the types "
                       "the body returns");
  return success();
}

LogicalResult AsyncDoneOp::verify() {
  /*async_done_c1*/ if (getResults().getTypes() !=
                        TypeRange(getOperand().getType().getTypes()))
    return emitOpError("/*async_done_c1*/ results must have the types of "
                       "the future");
  return success();
}
