//===- ShardingAnnotations.cpp - A function's Shardy annotations ----------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Transforms/ShardingAnnotations.h"

using namespace mlir;
using namespace hlox;

sdy::TensorShardingAttr hlox::getWrittenSharding(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto function = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (!function || arg.getOwner() != &function.getBody().front())
      return {};
    return function.getArgAttrOfType<sdy::TensorShardingAttr>(
        arg.getArgNumber(), kSdyShardingAttrName);
  }
  Operation *op = value.getDefiningOp();
  if (auto constraint = dyn_cast<sdy::ShardingConstraintOp>(op))
    return constraint.getSharding();
  if (auto reshard = dyn_cast<sdy::ReshardOp>(op))
    return reshard.getSharding();
  if (auto manual = dyn_cast<sdy::ManualComputationOp>(op))
    return manual.getOutShardings()
        .getShardings()[cast<OpResult>(value).getResultNumber()];
  auto perValue =
      op->getAttrOfType<sdy::TensorShardingPerValueAttr>(kSdyShardingAttrName);
  unsigned index = cast<OpResult>(value).getResultNumber();
  if (!perValue || perValue.getShardings().size() <= index)
    return {};
  return perValue.getShardings()[index];
}

sdy::TensorShardingAttr hlox::getResultSharding(func::FuncOp function,
                                                unsigned index) {
  return function.getResultAttrOfType<sdy::TensorShardingAttr>(
      index, kSdyShardingAttrName);
}

FailureOr<std::optional<ProgramMesh>>
hlox::findProgramMesh(func::FuncOp function) {
  std::optional<ProgramMesh> found;
  SymbolTableCollection symbols;
  bool ok = true;
  auto visit = [&](sdy::TensorShardingAttr sharding, Location loc) {
    if (!sharding || !ok)
      return;
    sdy::MeshAttr mesh = sharding.getMesh(function, &symbols);
    if (!mesh) {
      emitError(loc) << "sharding names a mesh that the module lacks";
      ok = false;
      return;
    }
    if (mesh.getNumDevices() <= 1)
      return;
    if (!found) {
      found = ProgramMesh{sdy::MeshView::get(mesh), sharding.getMeshOrRef()};
      return;
    }
    if (sharding.getMeshOrRef() != found->meshOrRef &&
        mesh != found->mesh.getAttr(function.getContext())) {
      emitError(loc) << "shardings on two different meshes in one function; "
                        "the partitioner takes one mesh";
      ok = false;
    }
  };
  for (unsigned i = 0; i < function.getNumArguments(); ++i)
    visit(function.getArgAttrOfType<sdy::TensorShardingAttr>(
              i, kSdyShardingAttrName),
          function.getLoc());
  for (unsigned i = 0; i < function.getNumResults(); ++i)
    visit(getResultSharding(function, i), function.getLoc());
  function.walk([&](Operation *op) {
    for (Value result : op->getResults())
      visit(getWrittenSharding(result), op->getLoc());
  });
  if (!ok)
    return failure();
  return found;
}

std::optional<ShardLayout> hlox::getShardLayout(DictionaryAttr attr) {
  if (!attr)
    return std::nullopt;
  auto tiles = attr.getAs<DenseI64ArrayAttr>("tiles");
  auto deviceTiles = attr.getAs<DenseI64ArrayAttr>("device_tiles");
  if (!tiles || !deviceTiles)
    return std::nullopt;
  ShardLayout layout;
  layout.tiles.assign(tiles.asArrayRef().begin(), tiles.asArrayRef().end());
  layout.deviceTiles.assign(deviceTiles.asArrayRef().begin(),
                            deviceTiles.asArrayRef().end());
  return layout;
}

LogicalResult hlox::forEachShardedFunction(
    ModuleOp module,
    function_ref<LogicalResult(func::FuncOp, const ProgramMesh &)> fn) {
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isExternal() || !function.getBody().hasOneBlock())
      continue;
    FailureOr<std::optional<ProgramMesh>> mesh = findProgramMesh(function);
    if (failed(mesh) || (*mesh && failed(fn(function, **mesh))))
      return failure();
  }
  return success();
}
