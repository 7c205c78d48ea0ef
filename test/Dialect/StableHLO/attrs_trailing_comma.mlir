// RUN: hlox-opt %s | FileCheck %s
// RUN: hlox-opt %s | hlox-opt | FileCheck %s

// Struct attributes take a comma after their last field, as upstream's
// parser does; hlox prints them without it.

// CHECK-LABEL: func.func @dot_trailing_comma
// CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1]
func.func @dot_trailing_comma(%lhs: tensor<2x3x4xf32>, %rhs: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "stablehlo.dot_general"(%lhs, %rhs) {
    dot_dimension_numbers = #stablehlo.dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
    >
  } : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<2x3x5xf32>
}

// CHECK-LABEL: func.func @gather_trailing_comma
// CHECK: #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>
func.func @gather_trailing_comma(%operand: tensor<5x3xf32>, %indices: tensor<2x1xi64>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1,
    >,
    slice_sizes = array<i64: 1, 3>
  } : (tensor<5x3xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @scatter_trailing_comma
// CHECK: #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
func.func @scatter_trailing_comma(%operand: tensor<5x3xf32>, %indices: tensor<2x1xi64>, %updates: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.scatter"(%operand, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1,
    >
  } : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  func.return %0 : tensor<5x3xf32>
}

// CHECK-LABEL: func.func @channel_handle_trailing_comma
// CHECK: #stablehlo.channel_handle<handle = 1, type = 0>
func.func @channel_handle_trailing_comma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = dense<[[0]]> : tensor<1x1xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0,>
  } : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
