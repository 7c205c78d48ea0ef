//===- ShardingView.h - Meshes and shardings as indices ---------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The Shardy attributes name mesh axes by string and allow sub-axes,
// priorities and open dimensions. Propagation and partitioning work on a
// plainer view: a mesh is a list of axis sizes and a device order, a
// sharding lists, per tensor dimension, the indices of the whole axes it is
// split over (major to minor). The views convert to and from the attributes.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_IR_SHARDINGVIEW_H
#define HLOX_DIALECT_SDY_IR_SHARDINGVIEW_H

#include "hlox/Dialect/Sdy/IR/SdyOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace hlox::sdy {

/// A mesh of named axes; device `deviceIds[p]` sits at position `p`, the
/// row-major index of its coordinates (major axis first).
struct MeshView {
  llvm::SmallVector<std::string> names;
  llvm::SmallVector<int64_t> sizes;
  /// Empty: the iota order (device p at position p).
  llvm::SmallVector<int64_t> deviceIds;

  static MeshView get(MeshAttr mesh);
  MeshAttr getAttr(mlir::MLIRContext *context) const;

  int64_t getNumAxes() const { return sizes.size(); }
  int64_t getNumDevices() const;
  /// The axis called `name`, or -1.
  int64_t getAxisIndex(llvm::StringRef name) const;
  /// The distance in positions between neighbours along axis `axis`.
  int64_t getStride(int64_t axis) const;
  int64_t getDevice(int64_t position) const {
    return deviceIds.empty() ? position : deviceIds[position];
  }
  /// The devices that agree on every axis outside `axes`, one group per
  /// combination of the other axes' coordinates; in each group the devices
  /// are ordered by their coordinates along `axes` (the first major).
  llvm::SmallVector<llvm::SmallVector<int64_t>>
  getGroups(llvm::ArrayRef<int64_t> axes) const;
  /// The product of the sizes of `axes`.
  int64_t getSize(llvm::ArrayRef<int64_t> axes) const;
};

/// The axes of each dimension of a tensor, major to minor.
using AxisList = llvm::SmallVector<int64_t, 2>;

struct ShardingView {
  llvm::SmallVector<AxisList> dims;

  static ShardingView getReplicated(int64_t rank) {
    ShardingView view;
    view.dims.resize(rank);
    return view;
  }
  /// Reads `sharding` on `mesh`; sub-axes are an error (emitted through
  /// `emitError`) since the partitioner splits dimensions by whole axes.
  static mlir::FailureOr<ShardingView>
  get(TensorShardingAttr sharding, const MeshView &mesh,
      llvm::function_ref<mlir::InFlightDiagnostic()> emitError);
  /// The sharding attribute on `meshOrRef` (the mesh `mesh` views), every
  /// dimension closed.
  TensorShardingAttr getAttr(mlir::MLIRContext *context,
                             mlir::Attribute meshOrRef,
                             const MeshView &mesh) const;

  int64_t getRank() const { return dims.size(); }
  bool isReplicated() const {
    return llvm::all_of(dims,
                        [](const AxisList &axes) { return axes.empty(); });
  }
  bool operator==(const ShardingView &other) const {
    return dims == other.dims;
  }
  bool operator!=(const ShardingView &other) const { return !(*this == other); }
  /// The axes of every dimension, in dimension order.
  AxisList getUsedAxes() const;
  /// The type of one device's shard of a `type` value: each dimension
  /// divided by the product of its axes' sizes (which must divide it).
  mlir::RankedTensorType getLocalType(mlir::RankedTensorType type,
                                      const MeshView &mesh) const;
  /// Whether each sharded dimension of `type` divides evenly.
  bool dividesEvenly(mlir::RankedTensorType type, const MeshView &mesh) const;
  /// The sharding that splits each dimension of `type` by the longest
  /// major-to-minor run of its axes whose sizes' product divides it (none
  /// for a dynamic dimension): this one where it divides evenly.
  ShardingView getEvenPart(mlir::RankedTensorType type,
                           const MeshView &mesh) const;
  std::string toString(const MeshView &mesh) const;
};

} // namespace hlox::sdy

#endif // HLOX_DIALECT_SDY_IR_SHARDINGVIEW_H
