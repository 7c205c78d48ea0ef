//===- ShardingAnnotations.h - A function's Shardy annotations --*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// What propagation and partitioning read from a function: the one mesh its
// shardings are on, and the sharding written on each of its values (an
// argument's or result's `sdy.sharding`, an op's per-result `sdy.sharding`,
// a `sdy.sharding_constraint`'s).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_SHARDINGANNOTATIONS_H
#define HLOX_TRANSFORMS_SHARDINGANNOTATIONS_H

#include "hlox/Dialect/Sdy/IR/ShardingView.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>

namespace hlox {

constexpr llvm::StringLiteral kSdyShardingAttrName = "sdy.sharding";

/// The attribute of a partitioned function's argument or result that says
/// which part of the global value each device holds (absent: all of it):
/// `{tiles = array<i64: ...>, device_tiles = array<i64: ...>}`.
constexpr llvm::StringLiteral kShardAttrName = "hlox.shard";

/// The module attribute in which hlox-partition-spmd counts what it
/// inserted: `{all_gathers, all_reduces, reduce_scatters, all_to_alls,
/// slices, whole_ops}` (i64 each).
constexpr llvm::StringLiteral kPartitioningAttrName = "hlox.partitioning";

/// A `hlox.shard` attribute read: the shards along each dimension, and
/// device d's shard index along dimension i at deviceTiles[d * rank + i].
struct ShardLayout {
  llvm::SmallVector<int64_t> tiles;
  llvm::SmallVector<int64_t> deviceTiles;
};

/// The layout `attr` describes; none for a null or malformed one.
std::optional<ShardLayout> getShardLayout(mlir::DictionaryAttr attr);

/// The mesh of a function's shardings and how shardings refer to it.
struct ProgramMesh {
  sdy::MeshView mesh;
  /// A FlatSymbolRefAttr naming an `sdy.mesh`, or the inline MeshAttr.
  mlir::Attribute meshOrRef;
};

/// The mesh of more than one device that `function`'s shardings are on;
/// none when every sharding is on a mesh of at most one device; failure
/// (reported) when shardings use two different meshes.
mlir::FailureOr<std::optional<ProgramMesh>>
findProgramMesh(mlir::func::FuncOp function);

/// Calls `fn` with each function of `module` (with a body of one block)
/// whose shardings are on a mesh of more than one device, and that mesh;
/// fails at the first failure (findProgramMesh's or `fn`'s).
mlir::LogicalResult forEachShardedFunction(
    mlir::ModuleOp module,
    llvm::function_ref<mlir::LogicalResult(mlir::func::FuncOp,
                                           const ProgramMesh &)>
        fn);

/// The sharding attribute written on `value` (its function argument's, its
/// op's for that result, a sharding constraint's), or null.
sdy::TensorShardingAttr getWrittenSharding(mlir::Value value);
/// The sharding attribute of result `index` of `function`, or null.
sdy::TensorShardingAttr getResultSharding(mlir::func::FuncOp function,
                                          unsigned index);

} // namespace hlox

#endif // HLOX_TRANSFORMS_SHARDINGANNOTATIONS_H
