//===- MemRefViews.cpp - Views of a kernel's buffers, and addresses -------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "MemRefViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

Value hlox::cpu::getViewSource(Operation *op) {
  if (auto view = dyn_cast<memref::SubViewOp>(op))
    return view.getSource();
  if (auto expand = dyn_cast<memref::ExpandShapeOp>(op))
    return expand.getSrc();
  if (auto collapse = dyn_cast<memref::CollapseShapeOp>(op))
    return collapse.getSrc();
  return {};
}

BlockArgument hlox::cpu::getFunctionArgument(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || !argument.getOwner()->isEntryBlock() ||
      !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return {};
  return argument;
}

BlockArgument hlox::cpu::getViewedArgument(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    value = getViewSource(op);
    if (!value)
      return {};
  }
  return getFunctionArgument(value);
}

Value hlox::cpu::buildElementPosition(OpBuilder &b, Location loc, Value memref,
                                      ValueRange indices) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value position = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    position = arith::AddIOp::create(
        b, loc, position, arith::MulIOp::create(b, loc, index, stride));
  return position;
}
