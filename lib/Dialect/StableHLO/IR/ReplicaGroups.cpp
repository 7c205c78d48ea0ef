//===- ReplicaGroups.cpp - Replica groups as tensors or mesh axes ---------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/StableHLO/IR/ReplicaGroups.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace mlir;
using namespace hlox::stablehlo;

LogicalResult MeshAxisAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef name, int64_t size) {
  if (name.empty())
    return emitError() << "a mesh axis needs a name";
  if (size <= 0)
    return emitError() << "mesh axis '" << name
                       << "' must have a positive size, got " << size;
  return success();
}

LogicalResult MeshAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<MeshAxisAttr> axes,
                               DenseIntElementsAttr deviceIds) {
  int64_t devices = 1;
  llvm::SmallDenseSet<StringRef> names;
  for (MeshAxisAttr axis : axes) {
    if (!names.insert(axis.getName()).second)
      return emitError() << "mesh axis '" << axis.getName()
                         << "' appears twice";
    devices *= axis.getSize();
  }
  if (!deviceIds)
    return success();
  if (deviceIds.getNumElements() != devices)
    return emitError() << "mesh of " << devices << " devices has "
                       << deviceIds.getNumElements() << " device_ids";
  llvm::SmallDenseSet<int64_t> seen;
  for (const APInt &id : deviceIds.getValues<APInt>())
    if (id.isNegative() || !seen.insert(id.getSExtValue()).second)
      return emitError() << "device_ids must be distinct and non-negative, "
                            "got "
                         << id.getSExtValue();
  return success();
}

LogicalResult
ReplicaGroupMeshAxesAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Attribute mesh, ArrayAttr axes) {
  if (!isa<FlatSymbolRefAttr, MeshAttr>(mesh))
    return emitError() << "mesh must be a #stablehlo.mesh or a symbol";
  for (Attribute axis : axes)
    if (!isa<AxisRefAttr>(axis))
      return emitError() << "axes must be #stablehlo.axis_ref, got " << axis;
  std::string whyNot;
  if (auto inlineMesh = dyn_cast<MeshAttr>(mesh))
    if (failed(flattenMeshAxes(inlineMesh, axes, &whyNot)))
      return emitError() << whyNot;
  return success();
}

namespace {
/// One factor of a mesh axis: the part of size `size` after the major
/// `pre` of axis `axis`.
struct Factor {
  unsigned axis;
  int64_t pre;
  int64_t size;
};
} // namespace

FailureOr<SmallVector<SmallVector<int64_t>>>
hlox::stablehlo::flattenMeshAxes(MeshAttr mesh, ArrayAttr axes,
                                 std::string *whyNot) {
  auto fail = [&](const Twine &message) {
    if (whyNot)
      *whyNot = message.str();
    return failure();
  };
  ArrayRef<MeshAxisAttr> meshAxes = mesh.getAxes();
  auto indexOf = [&](StringRef name) -> std::optional<unsigned> {
    for (auto [i, axis] : llvm::enumerate(meshAxes))
      if (axis.getName() == name)
        return i;
    return std::nullopt;
  };
  // Each reference as (axis, pre, size); the split points of every axis.
  struct Ref {
    unsigned axis;
    int64_t pre, size;
  };
  SmallVector<Ref> refs;
  std::vector<std::set<int64_t>> bounds(meshAxes.size());
  for (auto [i, axis] : llvm::enumerate(meshAxes))
    bounds[i] = {1, axis.getSize()};
  for (Attribute attr : axes) {
    auto ref = cast<AxisRefAttr>(attr);
    std::optional<unsigned> axis = indexOf(ref.getName());
    if (!axis)
      return fail("axis '" + ref.getName() + "' is not in the mesh");
    int64_t full = meshAxes[*axis].getSize();
    int64_t pre = 1, size = full;
    if (SubAxisInfoAttr info = ref.getSubAxisInfo()) {
      pre = info.getPreSize();
      size = info.getSize();
      if (pre <= 0 || size <= 0 || full % (pre * size) != 0)
        return fail("sub-axis (" + Twine(pre) + ")" + Twine(size) +
                    " does not divide axis '" + ref.getName() + "' of size " +
                    Twine(full));
    }
    refs.push_back({*axis, pre, size});
    bounds[*axis].insert(pre);
    bounds[*axis].insert(pre * size);
  }
  // The factors, mesh axis by mesh axis, major to minor: row-major order
  // over them is row-major order over the mesh.
  SmallVector<Factor> factors;
  for (auto [i, points] : llvm::enumerate(bounds)) {
    int64_t previous = 0;
    for (int64_t point : points) {
      if (previous && point % previous != 0)
        return fail("sub-axes of axis '" + meshAxes[i].getName() +
                    "' do not nest (" + Twine(previous) + " and " +
                    Twine(point) + ")");
      if (previous)
        factors.push_back(
            {static_cast<unsigned>(i), previous, point / previous});
      previous = point;
    }
  }
  // The factors each reference spans, in the order listed.
  SmallVector<unsigned> order, grouped;
  SmallVector<bool> used(factors.size(), false);
  for (const Ref &ref : refs)
    for (auto [f, factor] : llvm::enumerate(factors))
      if (factor.axis == ref.axis && factor.pre >= ref.pre &&
          factor.pre < ref.pre * ref.size) {
        if (used[f])
          return fail("axes overlap: '" + meshAxes[ref.axis].getName() +
                      "' is named twice");
        used[f] = true;
        grouped.push_back(f);
      }
  for (unsigned f = 0; f < factors.size(); ++f)
    if (!used[f])
      order.push_back(f);
  int64_t groupSize = 1;
  for (unsigned f : grouped)
    groupSize *= factors[f].size;
  llvm::append_range(order, grouped);

  // Row-major strides over the factors, and the devices.
  int64_t devices = 1;
  SmallVector<int64_t> strides(factors.size());
  for (int64_t f = static_cast<int64_t>(factors.size()) - 1; f >= 0; --f) {
    strides[f] = devices;
    devices *= factors[f].size;
  }
  SmallVector<int64_t> ids;
  if (DenseIntElementsAttr deviceIds = mesh.getDeviceIds())
    for (const APInt &id : deviceIds.getValues<APInt>())
      ids.push_back(id.getSExtValue());
  else
    for (int64_t d = 0; d < devices; ++d)
      ids.push_back(d);

  SmallVector<SmallVector<int64_t>> groups;
  for (int64_t t = 0; t < devices; ++t) {
    // t's digits over the factors in `order`, most significant first.
    int64_t rest = t, device = 0;
    for (int64_t k = static_cast<int64_t>(order.size()) - 1; k >= 0; --k) {
      int64_t digit = rest % factors[order[k]].size;
      rest /= factors[order[k]].size;
      device += digit * strides[order[k]];
    }
    if (t % groupSize == 0)
      groups.emplace_back();
    groups.back().push_back(ids[device]);
  }
  return groups;
}

MeshAttr hlox::stablehlo::resolveMesh(Operation *op,
                                      ReplicaGroupMeshAxesAttr groups,
                                      bool emitErrors) {
  if (auto mesh = dyn_cast<MeshAttr>(groups.getMesh()))
    return mesh;
  auto symbol = cast<FlatSymbolRefAttr>(groups.getMesh());
  Operation *holder = SymbolTable::lookupNearestSymbolFrom(op, symbol);
  if (!holder) {
    if (emitErrors)
      op->emitOpError("replica_groups: mesh symbol ") << symbol << " not found";
    return {};
  }
  for (StringRef name : {"mesh", "stablehlo.mesh"})
    if (auto mesh = holder->getAttrOfType<MeshAttr>(name))
      return mesh;
  if (emitErrors)
    op->emitOpError("replica_groups: ")
        << symbol << " holds no #stablehlo.mesh (as 'mesh' or "
        << "'stablehlo.mesh')";
  return {};
}

FailureOr<DenseIntElementsAttr>
hlox::stablehlo::getReplicaGroupsTensor(Operation *op, Attribute groups,
                                        bool emitErrors) {
  if (auto tensor = dyn_cast<DenseIntElementsAttr>(groups))
    return tensor;
  auto meshAxes = cast<ReplicaGroupMeshAxesAttr>(groups);
  MeshAttr mesh = resolveMesh(op, meshAxes, emitErrors);
  if (!mesh)
    return failure();
  std::string whyNot;
  FailureOr<SmallVector<SmallVector<int64_t>>> rows =
      flattenMeshAxes(mesh, meshAxes.getAxes(), &whyNot);
  if (failed(rows)) {
    if (emitErrors)
      op->emitOpError("replica_groups: ") << whyNot;
    return failure();
  }
  int64_t width = rows->empty() ? 0 : rows->front().size();
  SmallVector<int64_t> values;
  for (const SmallVector<int64_t> &row : *rows)
    llvm::append_range(values, row);
  auto type = RankedTensorType::get({static_cast<int64_t>(rows->size()), width},
                                    IntegerType::get(op->getContext(), 64));
  return DenseIntElementsAttr::get(type, values);
}

std::optional<int64_t>
hlox::stablehlo::getMeshAxesGroupSize(ReplicaGroupMeshAxesAttr groups) {
  auto mesh = dyn_cast<MeshAttr>(groups.getMesh());
  if (!mesh)
    return std::nullopt;
  // The product of the axes' (or sub-axes') sizes; the attribute's verifier
  // has checked that they exist and do not overlap.
  int64_t size = 1;
  for (Attribute attr : groups.getAxes()) {
    auto ref = cast<AxisRefAttr>(attr);
    if (SubAxisInfoAttr info = ref.getSubAxisInfo()) {
      size *= info.getSize();
      continue;
    }
    auto axis = llvm::find_if(mesh.getAxes(), [&](MeshAxisAttr axis) {
      return axis.getName() == ref.getName();
    });
    if (axis == mesh.getAxes().end())
      return std::nullopt;
    size *= axis->getSize();
  }
  return size;
}

int64_t hlox::stablehlo::processGroupSize(Attribute attr,
                                          ChannelHandleAttr channel,
                                          bool useGlobalDeviceIds) {
  if (auto meshAxes = dyn_cast_or_null<ReplicaGroupMeshAxesAttr>(attr))
    return getMeshAxesGroupSize(meshAxes).value_or(ShapedType::kDynamic);
  auto groups = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!groups)
    return ShapedType::kDynamic;
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2 || type.getNumElements() == 0)
    return ShapedType::kDynamic;
  bool crossPartition = channel && channel.getHandle() > 0;
  if (crossPartition && !useGlobalDeviceIds)
    return ShapedType::kDynamic;
  return type.getDimSize(1);
}

CollectiveMode
hlox::stablehlo::getReductionMode(std::optional<ChannelHandleAttr> channel,
                                  bool useGlobalDeviceIds) {
  bool hasChannel = channel && *channel && channel->getHandle() > 0;
  if (!hasChannel)
    return CollectiveMode::CrossReplica;
  return useGlobalDeviceIds ? CollectiveMode::FlattenedIds
                            : CollectiveMode::CrossReplicaAndPartition;
}

CollectiveMode
hlox::stablehlo::getPairMode(std::optional<ChannelHandleAttr> channel) {
  return channel && *channel && channel->getHandle() > 0
             ? CollectiveMode::CrossPartition
             : CollectiveMode::CrossReplica;
}

SmallVector<SmallVector<int64_t>>
hlox::stablehlo::getReplicaGroupRows(DenseIntElementsAttr groups) {
  SmallVector<SmallVector<int64_t>> rows;
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return rows;
  SmallVector<int64_t> values(groups.getValues<int64_t>());
  for (int64_t r = 0; r < type.getDimSize(0); ++r) {
    SmallVector<int64_t> row;
    for (int64_t c = 0; c < type.getDimSize(1); ++c)
      if (values[r * type.getDimSize(1) + c] >= 0)
        row.push_back(values[r * type.getDimSize(1) + c]);
    rows.push_back(row);
  }
  return rows;
}

SmallVector<SmallVector<int64_t>>
hlox::stablehlo::getProcessGroups(CollectiveMode mode,
                                  ArrayRef<SmallVector<int64_t>> givenRows,
                                  int64_t replicas, int64_t partitions) {
  auto all = [](int64_t n) {
    SmallVector<int64_t> ids;
    for (int64_t i = 0; i < n; ++i)
      ids.push_back(i);
    return ids;
  };
  SmallVector<SmallVector<int64_t>> rows(givenRows.begin(), givenRows.end());
  auto device = [&](int64_t r, int64_t p) { return r * partitions + p; };
  SmallVector<SmallVector<int64_t>> groups;
  switch (mode) {
  case CollectiveMode::CrossReplica:
    if (rows.empty())
      rows.push_back(all(replicas));
    for (int64_t p = 0; p < partitions; ++p)
      for (const auto &row : rows) {
        SmallVector<int64_t> group;
        for (int64_t r : row)
          group.push_back(device(r, p));
        groups.push_back(group);
      }
    break;
  case CollectiveMode::CrossPartition:
    if (rows.empty())
      rows.push_back(all(partitions));
    for (int64_t r = 0; r < replicas; ++r)
      for (const auto &row : rows) {
        SmallVector<int64_t> group;
        for (int64_t p : row)
          group.push_back(device(r, p));
        groups.push_back(group);
      }
    break;
  case CollectiveMode::CrossReplicaAndPartition:
    if (rows.empty())
      rows.push_back(all(replicas));
    for (const auto &row : rows) {
      SmallVector<int64_t> group;
      for (int64_t p = 0; p < partitions; ++p)
        for (int64_t r : row)
          group.push_back(device(r, p));
      groups.push_back(group);
    }
    break;
  case CollectiveMode::FlattenedIds:
    for (const auto &row : rows)
      groups.push_back(row);
    break;
  }
  return groups;
}
