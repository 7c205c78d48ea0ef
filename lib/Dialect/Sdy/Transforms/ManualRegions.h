//===- ManualRegions.h - JAX's manual markers to manual computations -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_LIB_DIALECT_SDY_TRANSFORMS_MANUALREGIONS_H
#define HLOX_LIB_DIALECT_SDY_TRANSFORMS_MANUALREGIONS_H

#include "hlox/Dialect/Sdy/IR/SdyOps.h"
#include "hlox/Dialect/Sdy/IR/ShardingView.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace hlox::sdy {

/// What forming manual computations needs to know of the GSPMD shardings.
struct ManualMarkers {
  /// The sharding by which a global value entering a manual region is
  /// split (the one its producer or its function argument carries);
  /// failure after an error.
  llvm::function_ref<mlir::FailureOr<TensorShardingAttr>(mlir::Value)>
      inSharding;
  /// The sharding of the global value an `@SPMDShardToFullShape` makes.
  llvm::function_ref<mlir::FailureOr<TensorShardingAttr>(mlir::Operation *)>
      outSharding;
  /// Whether `op` carries no sharding or `{manual}` (manual over every
  /// axis); false for `last_tile_dims={manual}` and tiled shardings.
  llvm::function_ref<bool(mlir::Operation *)> isFullyManual;
};

/// Rewrites the ops of `block` between JAX's markers into
/// `sdy.manual_computation` ops manual over every axis of `mesh` (named
/// by `meshOrRef`): the values made by
/// `@SPMDFullToShardShape` and everything computed from them up to
/// `@SPMDShardToFullShape`, one manual computation per connected group.
/// Constants the group uses are copied into its body; other values from
/// outside enter whole (replicated). `@Sharding` calls inside are dropped
/// (inside, every value is manual). Errors: a manual value used outside its
/// group, a marker of the wrong form, partially manual shardings.
mlir::LogicalResult formManualComputations(mlir::Block &block,
                                           const MeshView &mesh,
                                           mlir::Attribute meshOrRef,
                                           const ManualMarkers &markers);

} // namespace hlox::sdy

#endif // HLOX_LIB_DIALECT_SDY_TRANSFORMS_MANUALREGIONS_H
