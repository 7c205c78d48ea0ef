// RUN: hlox-run --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 --print-output %s | FileCheck %s
// RUN: hlox-run --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 --print-output %s.multi | FileCheck %s --check-prefix=MULTI
// RUN: hlox-run --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 --compare-with-interpreter %s.multi | FileCheck %s --check-prefix=SAME

// A single-device JAX export as jax.export writes it with Shardy: a mesh,
// shardings on arguments and results, a sharding constraint, a shard_map
// (manual_computation) and the placement custom call; it runs compiled and
// interpreted.

// A mesh of more than one device (the .multi file beside this one): the
// program is partitioned and runs on its 8 devices, the evaluator's
// results.
// MULTI: result[0]: dense<[1.100000e+01, 2.200000e+01, 3.300000e+01, 4.400000e+01]> : tensor<4xf32>
// SAME: result[0] tensor<4xf32>: 0 of 4 elements differ

// CHECK: result[0]: dense<[2.200000e+01, 4.400000e+01, 6.600000e+01, 8.800000e+01]> : tensor<4xf32>
module @jit_f attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["a"=1]>
  func.func public @main(%arg0: tensor<4xf32> {mhlo.memory_kind = "device", sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>} loc("x"), %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}]>} loc("y")) -> (tensor<4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
    %0 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}]> : tensor<4xf32>
    %1 = stablehlo.custom_call @annotate_device_placement(%0) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "device"}} : (tensor<4xf32>) -> tensor<4xf32>
    %2 = sdy.manual_computation(%arg0, %1) in_shardings=[<@mesh, [{"a"}]>, <@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%x: tensor<4xf32>, %y: tensor<4xf32>) {
      %s = stablehlo.add %x, %y : tensor<4xf32>
      sdy.return %s : tensor<4xf32>
    } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = stablehlo.add %2, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}
