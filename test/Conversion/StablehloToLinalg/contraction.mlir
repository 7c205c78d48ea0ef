// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// dot_general: (batch, lhs free, rhs free, contracting) loops.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @batch_matmul() {
  %a = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>
  %b = stablehlo.constant dense<[[[1.0], [1.0]], [[2.0], [0.5]]]> : tensor<2x2x1xf32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x1x2xf32>, tensor<2x2x1xf32>) -> tensor<2x1x1xf32>
  check.expect_eq_const %0, dense<[[[3.0]], [[8.0]]]> : tensor<2x1x1xf32>
  return
}

// -----

// Narrow float results accumulate in f32 and round once.
// CHECK-LABEL: func.func @dot_bf16
// CHECK: linalg.generic {{.*}} outs(%{{.+}} : tensor<2xf32>)
// CHECK: arith.truncf %{{.+}} : f32 to bf16
func.func @dot_bf16() {
  %a = stablehlo.constant dense<[[1.0, 256.0, 1.0], [2.0, 2.0, 2.0]]> : tensor<2x3xbf16>
  %b = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xbf16>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3xbf16>) -> tensor<2xbf16>
  check.expect_eq_const %0, dense<[258.0, 6.0]> : tensor<2xbf16>
  return
}

// -----

// convolution with padding, strides and feature groups.
// CHECK-LABEL: func.func @grouped_conv1d
// CHECK: linalg.fill
// CHECK: tensor.insert_slice
// CHECK: linalg.generic
func.func @grouped_conv1d() {
  // [b, f, 0] input with 2 features, [o, i, 0] kernel: 2 groups of one.
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]]]> : tensor<1x2x3xf32>
  %k = stablehlo.constant dense<[[[1.0, 1.0]], [[1.0, -1.0]]]> : tensor<2x1x2xf32>
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x2x2xf32>
  check.expect_eq_const %0, dense<[[[1.0, 5.0], [-10.0, -10.0]]]> : tensor<1x2x2xf32>
  return
}

// -----

// chlo.ragged_dot: a table gives each lhs row its group (2 for rows past
// the groups, which stay zero); the contraction reads rhs at the row's
// group.
// CHECK-LABEL: func.func @ragged_dot
// CHECK: scf.for
// CHECK: tensor.insert
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: tensor.extract
// CHECK: arith.select
func.func @ragged_dot() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0], [9.0, 10.0]]> : tensor<5x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]], [[2.0, 0.0, 0.0], [0.0, 2.0, 0.0]]]> : tensor<2x2x3xf32>
  %sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<5x2xf32>, tensor<2x2x3xf32>, tensor<2xi64>) -> tensor<5x3xf32>
  check.expect_eq_const %0, dense<[[1.0, 2.0, 3.0], [6.0, 8.0, 0.0], [10.0, 12.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]> : tensor<5x3xf32>
  return
}

// -----

// einsum: one multiply-accumulate generic, loops over the output labels and
// then the summed ones; a repeated label reads a diagonal.
// CHECK-LABEL: func.func @einsum
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
func.func @einsum() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[1.0, 0.0, 2.0, 1.0], [0.0, 1.0, 1.0, 3.0], [2.0, 2.0, 0.0, 1.0]]> : tensor<3x4xf32>
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  check.expect_eq_const %0, dense<[[7.0, 8.0, 4.0, 10.0], [16.0, 17.0, 13.0, 25.0]]> : tensor<2x4xf32>
  %s = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %1 = "stablehlo.unary_einsum"(%s) {einsum_config = "ii->"} : (tensor<3x3xf32>) -> tensor<f32>
  check.expect_eq_const %1, dense<15.0> : tensor<f32>
  %i = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %2 = "stablehlo.unary_einsum"(%i) {einsum_config = "ab->ba"} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %2, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  return
}
