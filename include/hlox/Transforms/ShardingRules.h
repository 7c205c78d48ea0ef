//===- ShardingRules.h - How an op's dimensions correspond ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A sharding rule names the factors of an op's iteration space and maps each
// dimension of each operand and result to the factors it spans (major to
// minor; a reshape's merged dimension spans several). A factor that no
// result spans is a reduction factor (a dot's contracting dimensions): a
// sharded one leaves partial results to be all-reduced. A dimension that
// must stay whole (a concatenation's, a slice's cut one) spans no factor.
// A window factor (a convolution's or reduce_window's spatial dimension)
// has the output's size while its operands span it with the input's: a
// device's output shard reads its input shard widened by halos from its
// neighbours.
// Propagation moves shardings between dimensions of one factor;
// the partitioner computes each op on the shards its factors give.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_TRANSFORMS_SHARDINGRULES_H
#define HLOX_TRANSFORMS_SHARDINGRULES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace hlox {

struct ShardingRule {
  /// The factors of one tensor dimension, major to minor; empty for a
  /// dimension of no factor (a broadcast's size-1 dimension, a scalar
  /// index operand).
  using DimFactors = llvm::SmallVector<int64_t, 1>;
  using TensorFactors = llvm::SmallVector<DimFactors>;

  /// A factor along which the op slides a window. The factor's size is
  /// the output's; the operands that span it have `inputSize` elements
  /// there.
  struct Window {
    int64_t factor;
    int64_t inputSize;
    int64_t stride;
    /// The window's reach: (size - 1) x dilation + 1.
    int64_t extent;
    int64_t padLow;
    /// The row of the op's `padding` attribute for this dimension.
    int64_t paddingRow;
  };

  /// The elements a device's input shard is widened by, before and after
  /// it, so that it holds exactly the input of the device's output shard;
  /// negative where the shard is cut instead.
  struct Halos {
    int64_t low;
    int64_t high;
  };

  llvm::SmallVector<int64_t> factorSizes;
  llvm::SmallVector<TensorFactors> operands;
  llvm::SmallVector<TensorFactors> results;
  llvm::SmallVector<Window> windows;

  int64_t getNumFactors() const { return factorSizes.size(); }
  int64_t addFactor(int64_t size) {
    factorSizes.push_back(size);
    return factorSizes.size() - 1;
  }
  /// Whether no result spans `factor`.
  bool isReduction(int64_t factor) const;
  /// The window along `factor`, or null for a factor without one.
  const Window *getWindow(int64_t factor) const;
  /// The halos of `window` split `shards` ways, or none where such a split
  /// needs more than a neighbour's shard (or starts output shards elsewhere
  /// than at input shards: stride x output shard = input shard).
  static std::optional<Halos> getHalos(const Window &window, int64_t outputSize,
                                       int64_t shards);
  /// Whether `factor` may be split `shards` ways: its size divides, and a
  /// window's halos come from the neighbours alone.
  bool allowsShards(int64_t factor, int64_t shards) const;
};

/// The rule of `op`, or none for an op that the partitioner computes whole
/// (its operands gathered, its results sliced): ops with regions other than
/// `reduce`, `reduce_window`, `sort` and `scatter`, custom calls and the
/// ops of other dialects.
std::optional<ShardingRule> getShardingRule(mlir::Operation *op);

/// Whether the values in `op`'s regions are partitioned like the function's
/// (while, if, case: control flow that ties its operands, region arguments,
/// yielded values and results together), rather than `op` computed whole.
bool hasPartitionedRegions(mlir::Operation *op);

} // namespace hlox

#endif // HLOX_TRANSFORMS_SHARDINGRULES_H
