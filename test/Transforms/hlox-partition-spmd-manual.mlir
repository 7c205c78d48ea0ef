// RUN: hlox-opt --split-input-file --hlox-propagate-shardings --hlox-partition-spmd %s | FileCheck %s

// A manual computation's body is what each device runs: inlined on the
// shards its in-shardings give, with its own collectives; the results
// leave as the out-shardings say.
// CHECK-LABEL: func.func @psum
// CHECK-SAME: (%arg0: tensor<4x4xf32> {hlox.shard = {device_tiles = array<i64: 0, 0, 1, 0>, tiles = array<i64: 2, 1>}}) -> (tensor<4x4xf32> {hlox.shard = {device_tiles = array<i64: 0, 0, 1, 0>, tiles = array<i64: 2, 1>}})
// CHECK-NOT: sdy.
// CHECK: %[[N:.+]] = stablehlo.negate %arg0 : tensor<4x4xf32>
// CHECK: %[[S:.+]] = "stablehlo.all_reduce"(%[[N]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}>
// CHECK: return %[[S]] : tensor<4x4xf32>
sdy.mesh @mesh = <["x"=2]>
func.func @psum(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<4x4xf32>) {
    %n = stablehlo.negate %l : tensor<4x4xf32>
    %s = "stablehlo.all_reduce"(%n) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    sdy.return %s : tensor<4x4xf32>
  } : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// A replicated argument is sliced to the in-sharding; an unannotated one
// takes the in-sharding (arguments are open); a result wanted whole is
// gathered. Channel ids continue after the program's own.
// CHECK-LABEL: func.func @reshard
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: tensor<4xf32> {hlox.shard = {device_tiles = array<i64: 0, 1>, tiles = array<i64: 2>}}) -> tensor<8xf32>
// CHECK: %[[L:.+]] = stablehlo.dynamic_slice %arg0
// CHECK: %[[A:.+]] = stablehlo.add %[[L]], %arg1 : tensor<4xf32>
// CHECK: "stablehlo.all_gather"(%[[A]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>
sdy.mesh @mesh = <["x"=2]>
func.func @reshard(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg1: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<4xf32>, %b: tensor<4xf32>) {
    %s = stablehlo.add %a, %b : tensor<4xf32>
    %p = "stablehlo.collective_permute"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %s : tensor<4xf32>
  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
