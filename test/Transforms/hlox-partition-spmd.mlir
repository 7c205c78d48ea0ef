// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd %S/Inputs/sharded-programs.mlir | FileCheck %s
// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd=remarks %S/Inputs/sharded-programs.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// What was inserted, counted on the module.
// CHECK: module attributes {hlox.partitioning = {all_gathers = 1 : i64, all_reduces = 2 : i64, all_to_alls = 1 : i64, collective_permutes = 0 : i64, reduce_scatters = 0 : i64, slices = 1 : i64, whole_ops = 0 : i64}, mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32}
// CHECK-NOT: sdy.

// Tensor parallelism: local shapes throughout, one all_reduce (a sum) of
// the second dot's partial results; the shards' layout on the arguments.
// CHECK-LABEL: func.func @mlp
// CHECK-SAME: (%arg0: tensor<8x16xf32>, %arg1: tensor<16x16xf32> {hlox.shard = {device_tiles = array<i64: 0, 0, 0, 1>, tiles = array<i64: 1, 2>}}, %arg2: tensor<16xf32> {hlox.shard = {device_tiles = array<i64: 0, 1>, tiles = array<i64: 2>}}, %arg3: tensor<16x16xf32> {hlox.shard = {device_tiles = array<i64: 0, 0, 1, 0>, tiles = array<i64: 2, 1>}}) -> tensor<8x16xf32>
// CHECK-NOT: all_gather
// CHECK: %[[H:.+]] = stablehlo.dot_general %arg0, %arg1, {{.*}} -> tensor<8x16xf32>
// CHECK: stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK: %[[P:.+]] = stablehlo.dot_general {{.*}} -> tensor<8x16xf32>
// CHECK: %[[S:.+]] = "stablehlo.all_reduce"(%[[P]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}>
// CHECK: stablehlo.add
// CHECK: return %[[S]] : tensor<8x16xf32>

// Data parallelism: nothing moves.
// CHECK-LABEL: func.func @data_parallel
// CHECK-NOT: all_
// CHECK: return {{.*}} : tensor<4x4xf32>

// A reduce over the sharded dimension: its body combines the partial
// maxima.
// CHECK-LABEL: func.func @reduce_max
// CHECK: stablehlo.reduce({{.*}}) applies stablehlo.maximum across dimensions = [0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK: "stablehlo.all_reduce"
// CHECK: stablehlo.maximum

// Another dimension wanted: the axis moves from rows to columns in one
// all_to_all.
// CHECK-LABEL: func.func @move
// CHECK-NOT: all_gather
// CHECK: "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<4x6xf32>) -> tensor<8x3xf32>

// A split dimension's major part keeps the axis through reshape and
// transpose.
// CHECK-LABEL: func.func @heads
// CHECK: stablehlo.reshape %arg0 : (tensor<4x16xf32>) -> tensor<4x2x8xf32>
// CHECK: stablehlo.transpose {{.*}} -> tensor<2x4x8xf32>

// No rule for the sorted dimension: whole, then this device's part sliced
// at partition_id % 2 * 4.
// CHECK-LABEL: func.func @whole
// CHECK: %[[ID:.+]] = stablehlo.partition_id : tensor<ui32>
// CHECK: %[[POS:.+]] = stablehlo.convert %[[ID]] : (tensor<ui32>) -> tensor<i64>
// CHECK: %[[ALL:.+]] = "stablehlo.all_gather"(%arg0) {{.*}} : (tensor<4xf32>) -> tensor<8xf32>
// CHECK: %[[SORTED:.+]] = "stablehlo.sort"(%[[ALL]])
// CHECK: %[[DIV:.+]] = stablehlo.divide %[[POS]], %{{.+}} : tensor<i64>
// CHECK: %[[REM:.+]] = stablehlo.remainder %[[DIV]], %{{.+}} : tensor<i64>
// CHECK: %[[OFF:.+]] = stablehlo.multiply %[[REM]], %{{.+}} : tensor<i64>
// CHECK: stablehlo.dynamic_slice %[[SORTED]], %[[OFF]], sizes = [4] : (tensor<8xf32>, tensor<i64>) -> tensor<4xf32>

// REMARK: sharded-programs.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: all_reduce of the partial results over 1 mesh axes
// REMARK: sharded-programs.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: all_to_all from dimension 0 to 1 ([{"x"}, {}] to [{}, {"x"}])
// REMARK: sharded-programs.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: all_gather of dimension 0 ([{"x"}] to [{}])
// REMARK: sharded-programs.mlir:{{[0-9]+}}:{{[0-9]+}}: remark: slice of this device's shard ([{}] to [{"x"}])
