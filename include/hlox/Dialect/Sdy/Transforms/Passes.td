//===- Passes.td - Shardy passes ---------------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_TRANSFORMS_PASSES_TD
#define HLOX_DIALECT_SDY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SdyDropShardings : Pass<"sdy-drop-shardings", "::mlir::ModuleOp"> {
  let summary = "Removes the Shardy shardings of a single-device program";
  let description = [{
    JAX exports carry Shardy meshes and shardings even for one device. This
    pass checks that every mesh (`sdy.mesh` ops, meshes written inline in
    shardings, and the `xla.sdy.meshes` dictionary of older exports'
    `mhlo.frontend_attributes`) holds one device, and fails with an error
    at each one that holds more. It then removes the dialect: sharding constraints,
    reshards, propagation barriers, data-flow edges and the collectives
    become their operand, sharding groups are erased, manual and named
    computations are inlined, `sdy.constant` becomes `stablehlo.constant`,
    the `xla.sdy.*` custom calls of the round-trip form (identities on one
    device) are dropped, and every `sdy.*` attribute of functions, their
    arguments and results, and ops is removed along with the meshes.
    `mhlo.*` and `jax.*` attributes stay. A value whose local and global
    types differ, or an sdy op left over, is an error.

    ```mlir
    sdy.mesh @mesh = <["a"=1]>
}] # "    func.func @main(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}]>}) -> tensor<4xf32> {" # [{
}] # "      %0 = sdy.sharding_constraint %x <@mesh, [{}]> : tensor<4xf32>" # [{
      return %0 : tensor<4xf32>
    }
    // becomes
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      return %x : tensor<4xf32>
    }
    ```
  }];
  let options = [
    Option<"allowMultiDevice", "allow-multi-device", "bool",
           /*default=*/"false",
           "Drop the shardings of meshes of several devices too: the "
           "program computes its global values on one device (what the "
           "evaluator runs)">,
  ];
  let dependentDialects = ["::hlox::sdy::SdyDialect",
                           "::hlox::stablehlo::StableHLODialect"];
}

def SdyImportGspmd : Pass<"sdy-import-gspmd", "::mlir::ModuleOp"> {
  let summary = "Rewrites GSPMD `mhlo.sharding` strings into Shardy shardings";
  let description = [{
    Programs exported through GSPMD carry their shardings as
    `mhlo.sharding` strings: `{replicated}`, `{maximal device=N}`,
    `{devices=[2,1]0,1}`, the iota form `{devices=[2,2]<=[2,2]T(1,0)}`,
    `last_tile_dim_replicate`, `last_tile_dims={replicated}` and tuple
    shardings (one per result). This pass turns them into Shardy's form,
    the one representation propagation and partitioning read:

    - one `sdy.mesh @mesh` over every device of the program, its axes
      (`_axis_0`, ...) the prime factors of the device count in the first
      order that lays out every tile assignment as mesh axes;
    - `sdy.sharding` on function arguments and results and on ops (a tuple
      sharding gives one sharding per result); trailing replicated tile
      dimensions leave their axes unused;
    - `@Sharding` custom calls become `sdy.sharding_constraint`;
    - the ops of a function's body between JAX's `@SPMDFullToShardShape`
      and `@SPMDShardToFullShape` markers (a `shard_map`) become an
      `sdy.manual_computation` manual over every axis, one per connected
      group: the sharding of the value entering a marker is its
      in-sharding, the marker that leaves gives the out-sharding, constants
      are copied into the body, other values from outside enter whole, and
      `@Sharding {manual}` inside goes.

    A maximal sharding runs the value on every device (the same values), so
    it reads as replicated. A program whose shardings span one device only
    loses its `mhlo.sharding` attributes and gets no mesh (its markers stay
    identities). Unreadable strings, partially manual shardings
    (`last_tile_dims={manual}`), a manual value used past its region
    without `@SPMDShardToFullShape`, markers inside nested regions, tile
    assignments over different device counts or that no mesh lays out, and
    a count that disagrees with `mhlo.num_partitions`, are errors at their
    location.

    ```mlir
    func.func @main(%x: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"})
    // becomes
    sdy.mesh @mesh = <["_axis_0"=2]>
}] # "    func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"_axis_0\"}, {}]>})" # [{
    ```
  }];
  let dependentDialects = ["::hlox::sdy::SdyDialect",
                           "::hlox::stablehlo::StableHLODialect"];
}

#endif // HLOX_DIALECT_SDY_TRANSFORMS_PASSES_TD
