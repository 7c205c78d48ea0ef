// RUN: hlox-run %s
// RUN: hlox-run --interpret %s
// RUN: hlox-run --random-inputs --compare-with-interpreter --function=torch_like %s | FileCheck %s

// What torch-mlir exports write beside StableHLO: arith.constant tensors,
// tensor.empty feeding StableHLO ops, tensor.cast to a dynamic type and
// back, and calls of private functions.

func.func private @scale(%x: tensor<2x3xf32>, %s: tensor<1xf32>) -> tensor<2x3xf32> {
  %b = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<1xf32>) -> tensor<2x3xf32>
  %0 = stablehlo.multiply %x, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK: result[0] tensor<2x3xf32>: 0 of 6 elements differ
func.func @torch_like(%x: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %c1 = arith.constant dense<1> : tensor<i32>
  %c0 = arith.constant dense<0> : tensor<i32>
  %two = arith.constant dense<2.0> : tensor<1xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %filled = stablehlo.add %e, %z : tensor<2x3xf32>
  %u = stablehlo.dynamic_update_slice %filled, %x, %c1, %c0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %d = tensor.cast %u : tensor<2x3xf32> to tensor<?x3xf32>
  %n = stablehlo.negate %d : tensor<?x3xf32>
  %s = tensor.cast %n : tensor<?x3xf32> to tensor<2x3xf32>
  %r = func.call @scale(%s, %two) : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %r = func.call @torch_like(%x) : (tensor<1x3xf32>) -> tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x3xf32>
  %zeroed = stablehlo.multiply %r, %z : tensor<2x3xf32>
  %keep = stablehlo.slice %r [1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
  check.expect_eq_const %keep, dense<[[-2.0, -4.0, -6.0]]> : tensor<1x3xf32>
  func.return
}
