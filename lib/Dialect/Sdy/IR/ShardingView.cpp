//===- ShardingView.cpp - Meshes and shardings as indices -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/Dialect/Sdy/IR/ShardingView.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace hlox::sdy;

MeshView MeshView::get(MeshAttr mesh) {
  MeshView view;
  for (MeshAxisAttr axis : mesh.getAxes()) {
    view.names.push_back(axis.getName().str());
    view.sizes.push_back(axis.getSize());
  }
  if (!mesh.isMaximal())
    view.deviceIds.assign(mesh.getDeviceIds().begin(),
                          mesh.getDeviceIds().end());
  return view;
}

MeshAttr MeshView::getAttr(MLIRContext *context) const {
  SmallVector<MeshAxisAttr> axes;
  for (auto [name, size] : llvm::zip_equal(names, sizes))
    axes.push_back(MeshAxisAttr::get(context, name, size));
  return MeshAttr::get(context, axes, deviceIds);
}

int64_t MeshView::getNumDevices() const {
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  return count;
}

int64_t MeshView::getAxisIndex(StringRef name) const {
  for (auto [index, axis] : llvm::enumerate(names))
    if (axis == name)
      return index;
  return -1;
}

int64_t MeshView::getStride(int64_t axis) const {
  int64_t stride = 1;
  for (int64_t later = axis + 1; later < getNumAxes(); ++later)
    stride *= sizes[later];
  return stride;
}

int64_t MeshView::getSize(ArrayRef<int64_t> axes) const {
  int64_t size = 1;
  for (int64_t axis : axes)
    size *= sizes[axis];
  return size;
}

SmallVector<SmallVector<int64_t>>
MeshView::getGroups(ArrayRef<int64_t> axes) const {
  SmallVector<int64_t> others;
  for (int64_t axis = 0; axis < getNumAxes(); ++axis)
    if (!llvm::is_contained(axes, axis))
      others.push_back(axis);
  int64_t groupSize = getSize(axes), numGroups = getSize(others);
  SmallVector<SmallVector<int64_t>> groups;
  for (int64_t g = 0; g < numGroups; ++g) {
    // The base position: the group index spread over the other axes.
    int64_t base = 0, rest = g;
    for (int64_t axis : llvm::reverse(others)) {
      base += (rest % sizes[axis]) * getStride(axis);
      rest /= sizes[axis];
    }
    SmallVector<int64_t> group;
    for (int64_t m = 0; m < groupSize; ++m) {
      int64_t position = base;
      rest = m;
      for (int64_t axis : llvm::reverse(axes)) {
        position += (rest % sizes[axis]) * getStride(axis);
        rest /= sizes[axis];
      }
      group.push_back(getDevice(position));
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

FailureOr<ShardingView>
ShardingView::get(TensorShardingAttr sharding, const MeshView &mesh,
                  function_ref<InFlightDiagnostic()> emitError) {
  ShardingView view;
  for (DimensionShardingAttr dim : sharding.getDimShardings()) {
    AxisList axes;
    for (AxisRefAttr axis : dim.getAxes()) {
      if (axis.getSubAxisInfo()) {
        emitError() << "sub-axis \"" << axis.getName()
                    << "\" in a sharding: the partitioner splits dimensions "
                       "by whole mesh axes";
        return failure();
      }
      int64_t index = mesh.getAxisIndex(axis.getName());
      if (index < 0) {
        emitError() << "sharding names axis \"" << axis.getName()
                    << "\", which the mesh does not have";
        return failure();
      }
      axes.push_back(index);
    }
    view.dims.push_back(std::move(axes));
  }
  return view;
}

TensorShardingAttr ShardingView::getAttr(MLIRContext *context,
                                         Attribute meshOrRef,
                                         const MeshView &mesh) const {
  SmallVector<DimensionShardingAttr> dimAttrs;
  for (const AxisList &axes : dims) {
    SmallVector<AxisRefAttr> refs;
    for (int64_t axis : axes)
      refs.push_back(AxisRefAttr::get(context, mesh.names[axis]));
    dimAttrs.push_back(DimensionShardingAttr::get(context, refs,
                                                  /*isClosed=*/true,
                                                  std::nullopt));
  }
  return TensorShardingAttr::get(context, meshOrRef, dimAttrs, {}, {},
                                 ReductionOp::SUM);
}

AxisList ShardingView::getUsedAxes() const {
  AxisList used;
  for (const AxisList &axes : dims)
    used.append(axes.begin(), axes.end());
  return used;
}

RankedTensorType ShardingView::getLocalType(RankedTensorType type,
                                            const MeshView &mesh) const {
  SmallVector<int64_t> shape(type.getShape());
  for (auto [size, axes] : llvm::zip_equal(shape, dims))
    size /= mesh.getSize(axes);
  return RankedTensorType::get(shape, type.getElementType());
}

bool ShardingView::dividesEvenly(RankedTensorType type,
                                 const MeshView &mesh) const {
  if (type.getRank() != getRank())
    return false;
  for (auto [size, axes] : llvm::zip_equal(type.getShape(), dims))
    if (ShapedType::isDynamic(size) || size % mesh.getSize(axes) != 0)
      return false;
  return true;
}

ShardingView ShardingView::getEvenPart(RankedTensorType type,
                                       const MeshView &mesh) const {
  ShardingView even = *this;
  for (auto [size, axes] : llvm::zip_equal(type.getShape(), even.dims)) {
    int64_t product = 1;
    size_t kept = 0;
    for (int64_t axis : axes) {
      product *= mesh.sizes[axis];
      if (ShapedType::isDynamic(size) || size % product != 0)
        break;
      ++kept;
    }
    axes.resize(kept);
  }
  return even;
}

std::string ShardingView::toString(const MeshView &mesh) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(dims, os, [&](const AxisList &axes) {
    os << "{";
    llvm::interleaveComma(axes, os, [&](int64_t axis) {
      os << "\"" << mesh.names[axis] << "\"";
    });
    os << "}";
  });
  os << "]";
  return text;
}
