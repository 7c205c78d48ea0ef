// RUN: hlox-opt --hlox-propagate-shardings %s | FileCheck %s --check-prefix=PROP
// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd %s | FileCheck %s
// RUN: hlox-opt --hlox-propagate-shardings --hlox-partition-spmd=remarks %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

sdy.mesh @mesh = <["x"=2, "y"=1]>

// Rows split: the convolution's result keeps the split (a window factor
// carries it), and each device widens its 4 rows by the row before (from
// device 0 to 1) and the row after (from device 1 to 0); the padding
// those rows stand for is gone from the local convolution.
// PROP-LABEL: func.func @conv3x3
// PROP: stablehlo.convolution{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"x"}, {}]>]>
// CHECK: module attributes {hlox.partitioning = {all_gathers = 1 : i64, all_reduces = 0 : i64, all_to_alls = 0 : i64, collective_permutes = 3 : i64,
// CHECK-LABEL: func.func @conv3x3
// CHECK-SAME: (%arg0: tensor<1x2x4x8xf32> {{.*}}, %arg1: tensor<3x2x3x3xf32>) -> (tensor<1x3x4x8xf32>
// CHECK: %[[LOW:.+]] = stablehlo.slice %arg0{{ +}}[0:1, 0:2, 3:4, 0:8]
// CHECK: %[[BEFORE:.+]] = "stablehlo.collective_permute"(%[[LOW]]) <{channel_handle = #stablehlo.channel_handle<handle = {{[0-9]+}}, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<1x2x1x8xf32>) -> tensor<1x2x1x8xf32>
// CHECK: %[[HIGH:.+]] = stablehlo.slice %arg0{{ +}}[0:1, 0:2, 0:1, 0:8]
// CHECK: %[[AFTER:.+]] = "stablehlo.collective_permute"(%[[HIGH]]) <{channel_handle = #stablehlo.channel_handle<handle = {{[0-9]+}}, type = 1>, source_target_pairs = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>}>
// CHECK: %[[WIDE:.+]] = stablehlo.concatenate %[[BEFORE]], %arg0, %[[AFTER]],{{ +}}dim = 2 : (tensor<1x2x1x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x1x8xf32>) -> tensor<1x2x6x8xf32>
// CHECK: stablehlo.convolution(%[[WIDE]], %arg1) {{.*}} window = {stride = [1, 1], pad = {{\[\[}}0, 0], [1, 1]]} {{.*}} : (tensor<1x2x6x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x8xf32>
// REMARK: remark: halo exchange along dimension 2 of operand 0: 1 elements before, 1 after
func.func @conv3x3(%x: tensor<1x2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}, %w: tensor<3x2x3x3xf32>) -> (tensor<1x3x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}) {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>
  return %y : tensor<1x3x8x8xf32>
}

// A 3x3/2 max pool with padding 1: each device's 4 output rows read its 8
// input rows and one before; the first device's row before is the pool's
// init value, not the zeros a collective_permute gives a device that
// receives nothing.
// PROP-LABEL: func.func @max_pool
// PROP: "stablehlo.reduce_window"
// PROP: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[LOW:.+]] = stablehlo.slice %arg0{{ +}}[0:2, 7:8]
// CHECK: %[[BEFORE:.+]] = "stablehlo.collective_permute"(%[[LOW]]) {{.*}} source_target_pairs = dense<{{\[\[}}0, 1]]>
// CHECK: %[[EDGE:.+]] = stablehlo.compare{{ +}}EQ, %{{.+}}, %{{.+}} : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK: %[[FILL:.+]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
// CHECK: %[[HALO:.+]] = stablehlo.select %[[EDGE]], %[[FILL]], %[[BEFORE]] : tensor<i1>, tensor<2x1xf32>
// CHECK: %[[WIDE:.+]] = stablehlo.concatenate %[[HALO]], %arg0,{{ +}}dim = 1 : (tensor<2x1xf32>, tensor<2x8xf32>) -> tensor<2x9xf32>
// CHECK: "stablehlo.reduce_window"(%[[WIDE]], %arg1) <{padding = dense<0> : tensor<2x2xi64>
// CHECK: (tensor<2x9xf32>, tensor<f32>) -> tensor<2x4xf32>
func.func @max_pool(%x: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %init: tensor<f32>) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %y = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// A 7-row window over 2-row shards needs 3 rows from each side, more than
// a neighbour holds: the split does not propagate through it, and its
// input is gathered.
// PROP-LABEL: func.func @too_wide
// PROP: stablehlo.convolution{{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {}, {}]>]>
// CHECK-LABEL: func.func @too_wide
// CHECK-NOT: collective_permute
// CHECK: "stablehlo.all_gather"(%arg0) {{.*}} (tensor<1x1x2x4xf32>) -> tensor<1x1x4x4xf32>
// CHECK: stablehlo.convolution
func.func @too_wide(%x: tensor<1x1x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}, %w: tensor<1x1x7x1xf32>) -> tensor<1x1x4x4xf32> {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[3, 3], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4x4xf32>, tensor<1x1x7x1xf32>) -> tensor<1x1x4x4xf32>
  return %y : tensor<1x1x4x4xf32>
}

// An axis of size 1 splits nothing: the convolution keeps its window and
// padding, and no halo moves.
// CHECK-LABEL: func.func @unit_axis
// CHECK-NOT: collective_permute
// CHECK: stablehlo.convolution(%arg0, %arg1) {{.*}} pad = {{\[\[}}1, 0], [0, 0]]} {{.*}} : (tensor<1x1x8x4xf32>, tensor<1x1x3x1xf32>) -> tensor<1x1x7x4xf32>
func.func @unit_axis(%x: tensor<1x1x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}, {}]>}, %w: tensor<1x1x3x1xf32>) -> (tensor<1x1x7x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"y"}, {}]>}) {
  %y = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x8x4xf32>, tensor<1x1x3x1xf32>) -> tensor<1x1x7x4xf32>
  return %y : tensor<1x1x7x4xf32>
}
