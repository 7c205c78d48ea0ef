// A composite's regions model the body of the op it stands for; its meaning
// is still its decomposition, compiled and interpreted alike (the regions
// go with the op).
// RUN: hlox-run %s --input=4xf32=1,2,3,4 --print-output | FileCheck %s
// RUN: hlox-run --interpret %s --input=4xf32=1,2,3,4 --print-output | FileCheck %s

// CHECK: result[0]: dense<1.000000e+01> : tensor<f32>
func.func @main(%x: tensor<4xf32>) -> tensor<f32> {
  %0 = "stablehlo.composite"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {name = "my.reduce_sum", decomposition = @my_reduce_sum} : (tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @my_reduce_sum(%x: tensor<4xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
