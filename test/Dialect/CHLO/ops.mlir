// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @chlo_ops
func.func @chlo_ops(%x: tensor<4xf32>, %s: tensor<f32>, %i: tensor<3xi8>, %m: tensor<5x3xf32>) {
  // CHECK: chlo.acosh %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.erf_inv
  %1 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.lgamma
  %2 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.is_inf %{{.*}} : tensor<4xf32> -> tensor<4xi1>
  %3 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  // CHECK: chlo.next_after %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.next_after %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %5 = "chlo.mulhi"(%i, %i) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  // CHECK: chlo.broadcast_add %{{.*}}, %{{.*}} {broadcast_dimensions = array<i64>} : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  %6 = chlo.broadcast_add %x, %s {broadcast_dimensions = array<i64>} : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  // CHECK: chlo.broadcast_compare %{{.*}}, %{{.*}} {comparison_direction = #chlo<comparison_direction LT>} : tensor<4xf32>, tensor<f32> -> tensor<4xi1>
  %7 = chlo.broadcast_compare %x, %s {comparison_direction = #chlo<comparison_direction LT>} : tensor<4xf32>, tensor<f32> -> tensor<4xi1>
  // CHECK: chlo.top_k(%{{.*}}, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  %8:2 = chlo.top_k(%m, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  // CHECK: chlo.constant dense<1.000000e+00> : tensor<4xf32>
  %9 = chlo.constant dense<1.0> : tensor<4xf32>
  // CHECK: chlo.constant_like {value = 1.000000e+00 : f32} %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %10 = chlo.constant_like {value = 1.0 : f32} %x : tensor<4xf32> -> tensor<4xf32>
  func.return
}

// CHECK-LABEL: func @ragged_dot
func.func @ragged_dot(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // CHECK: "chlo.ragged_dot"(%{{.*}}, %{{.*}}, %{{.*}}) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  func.return %0 : tensor<11x7xf32>
}

// CHECK-LABEL: func @scan
func.func @scan(%input: tensor<4xi32>, %init: tensor<i32>) {
  // CHECK: chlo.scan(%{{.*}}) inits(%{{.*}}) dimension = 0 attributes {is_reverse = true} {
  // CHECK: } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %0:2 = chlo.scan(%input) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>):
    %1 = stablehlo.add %a, %c : tensor<i32>
    stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  func.return
}
