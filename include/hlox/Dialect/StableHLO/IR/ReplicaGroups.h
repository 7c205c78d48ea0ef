//===- ReplicaGroups.h - Replica groups as tensors or mesh axes -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A collective's `replica_groups` is a 2-d tensor of process ids (-1 pads
// short groups) or `#stablehlo.replica_group_mesh_axes`: the axes of a
// device mesh that each group spans. These helpers give both as the tensor.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_REPLICAGROUPS_H
#define HLOX_DIALECT_STABLEHLO_IR_REPLICAGROUPS_H

#include "hlox/Dialect/StableHLO/IR/StablehloOps.h"

#include <string>

namespace hlox::stablehlo {

/// The mesh of `groups`: the attribute itself, or the `mesh`/`stablehlo.mesh`
/// attribute of the op its symbol names (looked up from `op`); null when it
/// has none (and then, with `op`, an error at it).
MeshAttr resolveMesh(mlir::Operation *op, ReplicaGroupMeshAxesAttr groups,
                     bool emitErrors);

/// The groups of mesh axes over `mesh`, in order: with the mesh's other
/// axes first and the group's axes after them (in the order listed), the
/// devices fall into consecutive groups of the product of the group's axis
/// sizes. A sub-axis `(pre)size` of an axis of size N is the factor of size
/// `size` after the major `pre`, the axis read as [pre, size, N/(pre*size)]
/// major to minor. Fails, saying why in `whyNot` when given, on axes that
/// the mesh lacks, that repeat or overlap, or sub-axes that do not divide.
mlir::FailureOr<llvm::SmallVector<llvm::SmallVector<int64_t>>>
flattenMeshAxes(MeshAttr mesh, mlir::ArrayAttr axes, std::string *whyNot);

/// `groups` as a 2-d tensor of process ids: itself, or its mesh axes
/// flattened. Fails (with an error at `op` when `emitErrors`) when the mesh
/// cannot be resolved or flattened.
mlir::FailureOr<mlir::DenseIntElementsAttr>
getReplicaGroupsTensor(mlir::Operation *op, mlir::Attribute groups,
                       bool emitErrors = true);

/// The size of each group of mesh axes given inline, without resolving a
/// symbol: the product of the axes' (or sub-axes') sizes; nullopt when the
/// mesh is a symbol or an axis is not in it.
std::optional<int64_t> getMeshAxesGroupSize(ReplicaGroupMeshAxesAttr groups);

/// The number of processes per group of a collective with `replica_groups`
/// and the given channel and `use_global_device_ids`, or kDynamic when it
/// depends on the process grid: empty groups (every process), or a channel
/// without global ids (each replica group spans every partition), or mesh
/// axes over a mesh given by symbol.
int64_t processGroupSize(mlir::Attribute groups, ChannelHandleAttr channel,
                         bool useGlobalDeviceIds);

/// How a collective's replica groups name processes (spec "Collective
/// ops").
enum class CollectiveMode {
  CrossReplica,
  CrossPartition,
  CrossReplicaAndPartition,
  FlattenedIds,
};

/// The mode of all_reduce, all_gather, reduce_scatter and
/// collective_reduce: cross_replica without a channel, else
/// flattened_ids with `use_global_device_ids`, else
/// cross_replica_and_partition.
CollectiveMode getReductionMode(std::optional<ChannelHandleAttr> channel,
                                bool useGlobalDeviceIds);

/// The mode of all_to_all, collective_permute and collective_broadcast:
/// cross_partition with a channel, else cross_replica.
CollectiveMode getPairMode(std::optional<ChannelHandleAttr> channel);

/// The rows of a replica_groups tensor, without -1 padding.
llvm::SmallVector<llvm::SmallVector<int64_t>>
getReplicaGroupRows(mlir::DenseIntElementsAttr groups);

/// The process groups that `mode` makes of `rows` over a grid of
/// `replicas` x `partitions`, each process as its device index
/// replica * partitions + partition. No rows: one group of every replica
/// (or partition) the mode spans.
llvm::SmallVector<llvm::SmallVector<int64_t>>
getProcessGroups(CollectiveMode mode,
                 llvm::ArrayRef<llvm::SmallVector<int64_t>> rows,
                 int64_t replicas, int64_t partitions);

} // namespace hlox::stablehlo

#endif // HLOX_DIALECT_STABLEHLO_IR_REPLICAGROUPS_H
