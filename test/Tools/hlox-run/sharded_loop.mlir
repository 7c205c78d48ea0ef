// A loop over row-split values runs partitioned, its body on each device's
// rows with an all_reduce inside every iteration, and agrees with the
// evaluator.
// RUN: hlox-run %s --random-inputs --compare-with-interpreter --stats 2>&1 | FileCheck %s

// CHECK: partitioned over 2 devices: 0 all-gathers, 1 all-reduces, 0 reduce-scatters, 0 all-to-alls, 0 collective-permutes (halos), 0 slices of a device's shard, 0 ops computed whole
// CHECK: result[0] tensor<8x4xf32>: 0 of 32 elements differ
// CHECK: result[1] tensor<f32>: 0 of 1 elements differ

sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %w: tensor<4x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<f32>) {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %f0 = stablehlo.constant dense<0.0> : tensor<f32>
  %r:3 = stablehlo.while(%i = %zero, %v = %x, %s = %f0) : tensor<i64>, tensor<8x4xf32>, tensor<f32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i64>
      %p = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %i2 = stablehlo.add %i, %one : tensor<i64>
      %d = stablehlo.dot_general %v, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
      %t = stablehlo.tanh %d : tensor<8x4xf32>
      %z = stablehlo.constant dense<0.0> : tensor<f32>
      %sum = stablehlo.reduce(%t init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
      %s2 = stablehlo.add %s, %sum : tensor<f32>
      stablehlo.return %i2, %t, %s2 : tensor<i64>, tensor<8x4xf32>, tensor<f32>
    }
  %c = stablehlo.compare GT, %r#2, %f0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %y = "stablehlo.if"(%c) ({
    %n = stablehlo.negate %r#1 : tensor<8x4xf32>
    stablehlo.return %n : tensor<8x4xf32>
  }, {
    stablehlo.return %r#1 : tensor<8x4xf32>
  }) : (tensor<i1>) -> tensor<8x4xf32>
  return %y, %r#2 : tensor<8x4xf32>, tensor<f32>
}
