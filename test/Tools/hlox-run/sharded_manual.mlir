// A shard_map as JAX exports it through GSPMD runs compiled on its two
// devices: each device's body on its rows, a psum between them, one result
// replicated and one put together from the rows.
// RUN: hlox-run %s --input=4x2xf32=1,2,3,4,5,6,7,8 --print-output | FileCheck %s
// RUN: hlox-run %s --input=4x2xf32=1,2,3,4,5,6,7,8 --stats 2>&1 | FileCheck %s --check-prefix=STATS
// The same written with Shardy's sdy.manual_computation.
// RUN: hlox-run %S/Inputs/sharded_manual_sdy.mlir --input=4x2xf32=1,2,3,4,5,6,7,8 --print-output | FileCheck %s
// The evaluator runs programs whole: a body over local shapes is an error.
// RUN: %expect-exit 2 hlox-run %s --interpret --input=4x2xf32=1,2,3,4,5,6,7,8 2>&1 | FileCheck %s --check-prefix=WHOLE

// 2 * (rows 0-1 + rows 2-3), on every device.
// CHECK: result[0]: dense<{{\[\[}}1.200000e+01, 1.600000e+01], [2.000000e+01, 2.400000e+01]]> : tensor<2x2xf32>
// CHECK: result[1]: dense<{{\[\[}}2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00], [6.000000e+00, 7.000000e+00], [8.000000e+00, 9.000000e+00]]> : tensor<4x2xf32>

// STATS: partitioned over 2 devices: 0 all-gathers, 0 all-reduces

// WHOLE: error: 'sdy.manual_computation' op runs its body on each device's shards

module @jit_shard_map attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4x2xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"})
      -> (tensor<2x2xf32> {mhlo.sharding = "{replicated}"}, tensor<4x2xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}) {
    %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x2xf32>) -> tensor<2x2xf32>
    %2:2 = call @shmap_body(%1) : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
    %3 = stablehlo.custom_call @Sharding(%2#0) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %5 = stablehlo.custom_call @Sharding(%2#1) {mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<2x2xf32>) -> tensor<4x2xf32>
    return %4, %6 : tensor<2x2xf32>, tensor<4x2xf32>
  }
  func.func private @shmap_body(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %two = stablehlo.constant dense<2.0> : tensor<2x2xf32>
    %one = stablehlo.constant dense<1.0> : tensor<2x2xf32>
    %d = stablehlo.multiply %x, %two : tensor<2x2xf32>
    %s = "stablehlo.all_reduce"(%d) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %p = stablehlo.add %x, %one : tensor<2x2xf32>
    return %s, %p : tensor<2x2xf32>, tensor<2x2xf32>
  }
}
