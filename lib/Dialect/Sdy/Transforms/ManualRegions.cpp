//===- ManualRegions.cpp - JAX's manual markers to manual computations ----===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// JAX exports a `shard_map` through GSPMD as a region between markers:
//
//   %s = custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]<=[2]}"}
//   %l = custom_call @SPMDFullToShardShape(%s) {mhlo.sharding = "{manual}"}
//   ... per-device code on %l (local shapes, explicit collectives) ...
//   %g = custom_call @SPMDShardToFullShape(%r)
//            {mhlo.sharding = "{devices=[2,1]<=[2]}"}
//
// which is what `sdy.manual_computation` says in one op.
//
//===----------------------------------------------------------------------===//

#include "ManualRegions.h"

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
namespace sdy = hlox::sdy;
namespace shlo = hlox::stablehlo;

namespace {

constexpr StringLiteral kFullToShard = "SPMDFullToShardShape";
constexpr StringLiteral kShardToFull = "SPMDShardToFullShape";

bool isCall(Operation *op, StringRef target) {
  auto call = dyn_cast<shlo::CustomCallOp>(op);
  return call && call.getCallTargetName() == target;
}

/// Whether `op` makes its result from nothing (a constant, an iota): it is
/// copied into a body that uses it.
bool isConstantLike(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         op->getNumResults() == 1 && isa<shlo::ConstantOp, shlo::IotaOp>(op);
}

/// The values `op` reads: its operands and what its regions capture.
SetVector<Value> getReadValues(Operation *op) {
  SetVector<Value> read(op->operand_begin(), op->operand_end());
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, read);
  return read;
}

class GroupBuilder {
public:
  GroupBuilder(ArrayRef<Operation *> members, const sdy::MeshView &mesh,
               Attribute meshOrRef, const sdy::ManualMarkers &markers)
      : members(members), mesh(mesh), meshOrRef(meshOrRef), markers(markers) {}

  LogicalResult build();

private:
  ArrayRef<Operation *> members;
  const sdy::MeshView &mesh;
  Attribute meshOrRef;
  const sdy::ManualMarkers &markers;
};

LogicalResult GroupBuilder::build() {
  MLIRContext *context = members.front()->getContext();
  llvm::SmallPtrSet<Operation *, 16> inGroup(members.begin(), members.end());
  SmallVector<Value> operands;
  SmallVector<sdy::TensorShardingAttr> inShardings;
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  // A body argument per operand: the local value it stands for.
  SmallVector<Value> argFor;
  SetVector<Operation *> constants;
  SmallVector<Operation *> outputs;
  DenseSet<Value> captured;

  for (Operation *op : members) {
    if (isCall(op, kFullToShard)) {
      if (op->getNumOperands() != 1 || op->getNumResults() != 1)
        return op->emitOpError("@") << kFullToShard << " takes one value";
      if (!markers.isFullyManual(op))
        return op->emitOpError("@")
               << kFullToShard
               << " is partially manual: hlox partitions computations "
                  "manual over every axis";
      FailureOr<sdy::TensorShardingAttr> sharding =
          markers.inSharding(op->getOperand(0));
      if (failed(sharding))
        return failure();
      operands.push_back(op->getOperand(0));
      inShardings.push_back(*sharding);
      argTypes.push_back(op->getResult(0).getType());
      argLocs.push_back(op->getLoc());
      argFor.push_back(op->getResult(0));
      continue;
    }
    if (isCall(op, kShardToFull)) {
      if (op->getNumOperands() != 1 || op->getNumResults() != 1)
        return op->emitOpError("@") << kShardToFull << " takes one value";
      outputs.push_back(op);
      continue;
    }
    if (!markers.isFullyManual(op))
      return op->emitOpError("inside a manual region carries a sharding that "
                             "is not {manual}: hlox partitions computations "
                             "manual over every axis");
    for (Value value : getReadValues(op)) {
      Operation *producer = value.getDefiningOp();
      if (producer && inGroup.contains(producer))
        continue;
      if (producer && isConstantLike(producer)) {
        constants.insert(producer);
        continue;
      }
      // A value from outside enters whole: replicated, its local value the
      // global one.
      if (!captured.insert(value).second)
        continue;
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!type)
        return op->emitOpError("inside a manual region reads a ")
               << value.getType() << " value from outside it";
      operands.push_back(value);
      inShardings.push_back(sdy::ShardingView::getReplicated(type.getRank())
                                .getAttr(context, meshOrRef, mesh));
      argTypes.push_back(type);
      argLocs.push_back(value.getLoc());
      argFor.push_back(value);
    }
  }
  if (outputs.empty())
    return members.front()->emitOpError("starts a manual region that no @")
           << kShardToFull << " ends";

  SmallVector<Type> resultTypes;
  SmallVector<sdy::TensorShardingAttr> outShardings;
  for (Operation *output : outputs) {
    FailureOr<sdy::TensorShardingAttr> sharding = markers.outSharding(output);
    if (failed(sharding))
      return failure();
    resultTypes.push_back(output->getResult(0).getType());
    outShardings.push_back(*sharding);
  }
  SmallVector<StringAttr> axisNames;
  for (const std::string &name : mesh.names)
    axisNames.push_back(StringAttr::get(context, name));

  OpBuilder builder(context);
  builder.setInsertionPointAfter(members.back());
  auto manual = sdy::ManualComputationOp::create(
      builder, members.front()->getLoc(), resultTypes, operands,
      sdy::TensorShardingPerValueAttr::get(context, inShardings),
      sdy::TensorShardingPerValueAttr::get(context, outShardings),
      sdy::ManualAxesAttr::get(context, axisNames));
  Block *body = builder.createBlock(&manual.getBody(), {}, argTypes, argLocs);
  IRMapping mapping;
  for (auto [local, arg] : llvm::zip_equal(argFor, body->getArguments()))
    mapping.map(local, arg);
  for (Operation *constant : constants)
    builder.clone(*constant, mapping);
  for (Operation *op : members) {
    if (isCall(op, kFullToShard) || isCall(op, kShardToFull))
      continue;
    // Inside, every value is manual: @Sharding says nothing more.
    if (isCall(op, "Sharding") && op->getNumOperands() == 1 &&
        op->getNumResults() == 1) {
      mapping.map(op->getResult(0), mapping.lookup(op->getOperand(0)));
      continue;
    }
    Operation *copy = builder.clone(*op, mapping);
    copy->removeDiscardableAttr("mhlo.sharding");
  }
  SmallVector<Value> returned;
  for (Operation *output : outputs)
    returned.push_back(mapping.lookup(output->getOperand(0)));
  sdy::ReturnOp::create(builder, members.back()->getLoc(), returned);

  for (auto [output, result] : llvm::zip_equal(outputs, manual.getResults()))
    output->getResult(0).replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(members)) {
    op->dropAllUses();
    op->erase();
  }
  return success();
}

} // namespace

LogicalResult sdy::formManualComputations(Block &block, const MeshView &mesh,
                                          Attribute meshOrRef,
                                          const ManualMarkers &markers) {
  // Manual values: what @SPMDFullToShardShape makes and what is computed
  // from them; the ops that make them join the groups of their inputs.
  DenseSet<Value> manual;
  SmallVector<Operation *> manualOps;
  llvm::EquivalenceClasses<Operation *> groups;
  for (Operation &op : block) {
    if (isCall(&op, kFullToShard)) {
      groups.insert(&op);
      manualOps.push_back(&op);
      manual.insert(op.result_begin(), op.result_end());
      continue;
    }
    SmallVector<Operation *> producers;
    for (Value value : getReadValues(&op))
      if (manual.contains(value))
        producers.push_back(value.getDefiningOp());
    if (!producers.empty() && op.hasTrait<OpTrait::IsTerminator>())
      return op.emitOpError("returns a manual value (one device's shard) "
                            "that no @")
             << kShardToFull << " made global again";
    if (producers.empty()) {
      if (isCall(&op, kShardToFull))
        return op.emitOpError("@") << kShardToFull << " of a value that no @"
                                   << kFullToShard << " made manual";
      continue;
    }
    groups.insert(&op);
    for (Operation *producer : producers)
      groups.unionSets(&op, producer);
    manualOps.push_back(&op);
    if (!isCall(&op, kShardToFull))
      manual.insert(op.result_begin(), op.result_end());
  }
  if (manualOps.empty())
    return success();
  llvm::SmallPtrSet<Operation *, 16> isManualOp(manualOps.begin(),
                                                manualOps.end());
  for (Value value : manual)
    for (Operation *user : value.getUsers()) {
      Operation *top = block.findAncestorOpInBlock(*user);
      if (!top || !isManualOp.contains(top))
        return user->emitOpError("uses a manual value (one device's shard) "
                                 "that no @")
               << kShardToFull << " made global again";
    }

  // Each group's members in block order.
  llvm::MapVector<Operation *, SmallVector<Operation *>> members;
  for (Operation *op : manualOps)
    members[groups.getLeaderValue(op)].push_back(op);
  for (auto &[leader, ops] : members)
    if (failed(GroupBuilder(ops, mesh, meshOrRef, markers).build()))
      return failure();
  // A group's results may be used before its last member was.
  if (!sortTopologically(&block))
    return block.getParentOp()->emitOpError(
        "cannot order the manual computations formed from JAX's markers");
  return success();
}
