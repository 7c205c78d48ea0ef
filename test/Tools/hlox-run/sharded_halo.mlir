// A ResNet stem split along the image's height: each device computes its
// rows of a 7x7/2 convolution, a 3x3/2 max pool and a 3x3 convolution,
// reading the rows its windows need from its neighbours (halos: two
// collective_permutes per split window, the pool's edge padded with its
// init value), and agrees with the evaluator on 2 and 4 devices.
// RUN: hlox-run %s --random-inputs --compare-with-interpreter --stats 2>&1 | FileCheck %s
// RUN: sed -e 's/"x"=2/"x"=4/' %s > %t.mlir
// RUN: hlox-run %t.mlir --random-inputs --compare-with-interpreter --stats 2>&1 | FileCheck %s --check-prefix=FOUR

// CHECK: partitioned over 2 devices: 0 all-gathers, 0 all-reduces, 0 reduce-scatters, 0 all-to-alls, 5 collective-permutes (halos), 0 slices of a device's shard, 0 ops computed whole
// CHECK: result[0] tensor<2x4x8x4xf32>: 0 of 256 elements differ
// FOUR: partitioned over 4 devices: 0 all-gathers, 0 all-reduces, 0 reduce-scatters, 0 all-to-alls, 5 collective-permutes (halos), 0 slices of a device's shard, 0 ops computed whole
// FOUR: result[0] tensor<2x4x8x4xf32>: 0 of 256 elements differ

sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<2x3x32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}, %w1: tensor<4x3x7x7xf32>, %w2: tensor<4x4x3x3xf32>) -> (tensor<2x4x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"x"}, {}]>}) {
  %c1 = stablehlo.convolution(%x, %w1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x32x16xf32>, tensor<4x3x7x7xf32>) -> tensor<2x4x16x8xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%c1, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>} : (tensor<2x4x16x8xf32>, tensor<f32>) -> tensor<2x4x8x4xf32>
  %c2 = stablehlo.convolution(%pool, %w2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x4x8x4xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x4xf32>
  return %c2 : tensor<2x4x8x4xf32>
}
