// stablehlo.dynamic_reduce_window of a shape-polymorphic export, its sizes
// constants once the program is specialized to its arguments; compiled and
// interpreted.
// RUN: hlox-run --input=4xf32=1,2,3,4 --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --input=4xf32=1,2,3,4 --print-output %s | FileCheck %s

func.func private @sum(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %a, %b : tensor<f32>
  return %0 : tensor<f32>
}

// A cumulative sum: window 4, padding 3 before.
// CHECK: result[0]: dense<[1.000000e+00, 3.000000e+00, 6.000000e+00, 1.000000e+01]> : tensor<4xf32>
// A cumulative sum over (b,): window b, padding b - 1 before (JAX's cumsum
// under shape polymorphism).
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %w = stablehlo.reshape %b : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %before = stablehlo.subtract %w, %one : tensor<1xi32>
  %zero1 = stablehlo.constant dense<0> : tensor<1xi32>
  %row = stablehlo.concatenate %before, %zero1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %pad = stablehlo.reshape %row : (tensor<2xi32>) -> tensor<1x2xi32>
  %r = stablehlo.custom_call @stablehlo.dynamic_reduce_window(%x, %zero, %w, %one, %one, %one, %pad) {api_version = 2 : i32, called_computations = [@sum]} : (tensor<?xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
