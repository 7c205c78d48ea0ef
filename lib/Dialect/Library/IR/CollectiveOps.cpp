//===- CollectiveOps.cpp - Verifiers of the library's collectives ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Library/IR/LibraryOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace hlox::library;

/// Checks that `groups` is a 2-d tensor of device indices of the grid (short
/// groups padded with -1 at their end), no device twice; returns the
/// largest group size (the columns) through `size`.
static LogicalResult verifyGroups(Operation *op, DenseIntElementsAttr groups,
                                  int64_t numDevices, int64_t *size) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2 || type.getDimSize(1) == 0)
    return op->emitOpError("groups must be a 2-d tensor of device indices, "
                           "with at least one column");
  llvm::SmallVector<bool> seen(numDevices, false);
  int64_t columns = type.getDimSize(1), index = 0;
  bool padding = false;
  for (int64_t id : groups.getValues<int64_t>()) {
    if (index++ % columns == 0)
      padding = false;
    if (id == -1) {
      padding = true;
      continue;
    }
    if (padding)
      return op->emitOpError("groups pad with -1 at the end of a group only");
    if (id < 0 || id >= numDevices)
      return op->emitOpError("groups name device ")
             << id << ", outside the grid of " << numDevices;
    if (seen[id])
      return op->emitOpError("groups name device ") << id << " twice";
    seen[id] = true;
  }
  if (size)
    *size = type.getDimSize(1);
  return success();
}

template <typename Op> static int64_t numDevices(Op op) {
  return op.getNumReplicas() * op.getNumPartitions();
}

LogicalResult AllGatherOp::verify() {
  int64_t size = 0;
  if (failed(verifyGroups(*this, getGroups(), numDevices(*this), &size)))
    return failure();
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  llvm::SmallVector<int64_t> shape{size};
  llvm::append_range(shape, operand.getShape());
  if (result != operand.clone(shape))
    return emitOpError("result must be ") << operand.clone(shape);
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(verifyGroups(*this, getGroups(), numDevices(*this), nullptr)))
    return failure();
  for (int64_t id : getGroups().getValues<int64_t>())
    if (id == -1)
      return emitOpError("groups must be of one size");
  auto type = cast<RankedTensorType>(getOperand().getType());
  if (getResult().getType() != type)
    return emitOpError("result must have the operand's type");
  if (std::string error =
          getAllReduceError(getReduction(), type.getElementType());
      !error.empty())
    return emitOpError(error);
  return success();
}

std::string hlox::library::getAllReduceError(StringRef reduction,
                                             Type element) {
  std::string name;
  llvm::raw_string_ostream(name) << "'" << element << "'";
  if (element.isInteger(1))
    return reduction == "and" || reduction == "or"
               ? ""
               : ("reduces i1 by and or or, not " + reduction).str();
  bool bitwise = reduction == "and" || reduction == "or";
  bool arithmetic = reduction == "add" || reduction == "multiply" ||
                    reduction == "minimum" || reduction == "maximum";
  if (!bitwise && !arithmetic)
    return ("reduction must be add, multiply, minimum, maximum, and or or, "
            "not " +
            reduction)
        .str();
  bool isFloat =
      isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(element);
  auto integer = dyn_cast<IntegerType>(element);
  bool isInteger =
      integer && llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  if (!isFloat && !isInteger)
    return "reduces f16, bf16, f32, f64, i1 and 8- to 64-bit integers, not " +
           name;
  if (bitwise && !isInteger)
    return (reduction + " needs integers, not ").str() + name;
  return "";
}

LogicalResult AllToAllOp::verify() {
  int64_t size = 0;
  if (failed(verifyGroups(*this, getGroups(), numDevices(*this), &size)))
    return failure();
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (getResult().getType() != operand)
    return emitOpError("result must have the operand's type");
  if (operand.getRank() == 0 || operand.getDimSize(0) != size)
    return emitOpError("operand must lead with one chunk per member (")
           << size << ")";
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  int64_t size = 0;
  if (failed(verifyGroups(*this, getGroups(), numDevices(*this), &size)))
    return failure();
  if (getResult().getType() != getOperand().getType())
    return emitOpError("result must have the operand's type");
  if (static_cast<int64_t>(getRoot()) >= size)
    return emitOpError("root ")
           << getRoot() << " is outside groups of " << size;
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  if (failed(verifyGroups(*this, getGroups(), numDevices(*this), nullptr)))
    return failure();
  if (getResult().getType() != getOperand().getType())
    return emitOpError("result must have the operand's type");
  auto type = cast<ShapedType>(getPairs().getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError("pairs must be an Nx2 tensor");
  for (int64_t id : getPairs().getValues<int64_t>())
    if (id < 0 || id >= numDevices(*this))
      return emitOpError("pairs name device ") << id << ", outside the grid";
  return success();
}

LogicalResult SendOp::verify() { return success(); }
LogicalResult RecvOp::verify() { return success(); }
LogicalResult InfeedOp::verify() { return success(); }
LogicalResult OutfeedOp::verify() { return success(); }

LogicalResult ProcessIdOp::verify() {
  if (cast<RankedTensorType>(getResult().getType()).getRank() != 0)
    return emitOpError("result must be a scalar");
  StringRef kind = getKind();
  if (kind == "replica" || kind == "partition")
    return success();
  if (kind != "group_position" && kind != "group_size")
    return emitOpError("kind must be replica, partition, group_position or "
                       "group_size, not ")
           << kind;
  if (!getGroups())
    return emitOpError(kind) << " needs groups";
  return verifyGroups(*this, *getGroups(), numDevices(*this), nullptr);
}
