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
  let dependentDialects = ["::hlox::sdy::SdyDialect",
                           "::hlox::stablehlo::StableHLODialect"];
}

#endif // HLOX_DIALECT_SDY_TRANSFORMS_PASSES_TD
