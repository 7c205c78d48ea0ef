// RUN: hlox-opt --split-input-file --sdy-import-gspmd %s | FileCheck %s

// One tiled dimension over two devices; the @Sharding custom call becomes
// a constraint, a replicated result stays whole.
// CHECK-LABEL: module @tiled
// CHECK-SAME: mhlo.num_partitions = 2 : i32
// CHECK: sdy.mesh @mesh = <["_axis_0"=2]>
// CHECK: func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_0"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})
// CHECK: %[[C:.+]] = sdy.sharding_constraint %arg0 <@mesh, [{}, {"_axis_0"}]> : tensor<8x4xf32>
// CHECK-NOT: mhlo.sharding
module @tiled {
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]0,1}"}) -> (tensor<8x4xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[1,2]<=[2]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

// -----

// Four devices: a 2x2 tiling, its transpose (devices 0,2,1,3 run down the
// columns), a dimension split four ways and a partially replicated one.
// CHECK-LABEL: module @grid
// CHECK: sdy.mesh @mesh = <["_axis_0"=2, "_axis_1"=2]>
// CHECK: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_0"}, {"_axis_1"}]>}
// CHECK-SAME: %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_1"}, {"_axis_0"}]>}
// CHECK-SAME: %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_0", "_axis_1"}, {}]>}
// CHECK-SAME: %arg3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"_axis_1"}]>}
// CHECK-SAME: %arg4: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_1"}, {}]>}
// CHECK: stablehlo.add {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"_axis_0"}]>]>
module @grid {
  func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"},
                  %arg1: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]0,2,1,3}"},
                  %arg2: tensor<8x8xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"},
                  %arg3: tensor<8x8xf32> {mhlo.sharding = "{devices=[1,2,2]<=[2,2]T(1,0) last_tile_dim_replicate}"},
                  %arg4: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dims={replicated}}"}) -> tensor<8x8xf32> {
    %0 = stablehlo.add %arg0, %arg1 {mhlo.sharding = "{devices=[1,2,2]0,1,2,3 last_tile_dim_replicate}"} : tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}

// -----

// A tuple sharding gives each result its own; metadata is skipped.
// CHECK-LABEL: module @tuple
// CHECK: stablehlo.sort
// CHECK: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"_axis_0"}, {}]>, <@mesh, [{}, {}]>]>
module @tuple {
  func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xi32>) {
    %0:2 = "stablehlo.sort"(%arg0, %arg1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }) {dimension = 1 : i64, mhlo.sharding = "{{devices=[2,1]0,1 metadata={op_name=\"sort\"}}, {replicated}}"} : (tensor<4x4xf32>, tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xi32>)
    return %0#0, %0#1 : tensor<4x4xf32>, tensor<4x4xi32>
  }
}

// -----

// Only replicated and maximal shardings (and exporters' empty strings): no
// mesh, the attributes go.
// CHECK-LABEL: module @replicated
// CHECK-NOT: sdy.mesh
// CHECK-NOT: mhlo.sharding
module @replicated {
  func.func @main(%arg0: tensor<4xf32> {mhlo.sharding = "{replicated}"}, %arg1: tensor<4xf32> {mhlo.sharding = ""}) -> (tensor<4xf32> {mhlo.sharding = "{maximal device=0}"}) {
    return %arg0 : tensor<4xf32>
  }
}

// -----

// A shard_map as JAX exports it through GSPMD: the region between the
// markers becomes a manual computation over every axis; the body function
// stays a call, the constant it adds is copied in, the value read from
// outside enters whole, and @Sharding {manual} inside goes.
// CHECK-LABEL: module @shard_map
// CHECK: func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"_axis_0"}, {}]>}, %arg1: tensor<4xf32>)
// CHECK: %[[S:.+]] = sdy.sharding_constraint %arg0 <@mesh, [{"_axis_0"}, {}]>
// CHECK: %[[M:.+]] = sdy.manual_computation(%[[S]], %arg1) in_shardings=[<@mesh, [{"_axis_0"}, {}]>, <@mesh, [{}]>] out_shardings=[<@mesh, [{"_axis_0"}, {}]>] manual_axes={"_axis_0"} (%[[L:.+]]: tensor<4x4xf32>, %[[B:.+]]: tensor<4xf32>) {
// CHECK-NEXT: %[[C:.+]] = stablehlo.constant dense<1.000000e+00>
// CHECK-NEXT: %[[R:.+]] = func.call @shmap_body(%[[L]], %[[B]]) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[A:.+]] = stablehlo.add %[[R]], %[[C]]
// CHECK-NEXT: sdy.return %[[A]] : tensor<4x4xf32>
// CHECK-NEXT: } : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
// CHECK: %[[N:.+]] = stablehlo.negate %[[M]]
// CHECK: return %[[N]]
// CHECK-NOT: SPMD
module @shard_map {
  func.func @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}, %arg1: tensor<4xf32>) -> tensor<8x4xf32> {
    %c = stablehlo.constant dense<1.000000e+00> : tensor<4x4xf32>
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %2 = func.call @shmap_body(%1, %arg1) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.add %2, %c : tensor<4x4xf32>
    %4 = stablehlo.custom_call @Sharding(%3) {mhlo.sharding = "{manual}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %5 = stablehlo.custom_call @SPMDShardToFullShape(%4) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    %6 = stablehlo.negate %5 : tensor<8x4xf32>
    return %6 : tensor<8x4xf32>
  }
  func.func private @shmap_body(%arg0: tensor<4x4xf32>, %arg1: tensor<4xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<4x4xf32>
    %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
}
