// RUN: hlox-opt --split-input-file --hlox-contiguous-gathers %s | FileCheck %s

// Slices along dimension 0, the indexed dimension innermost: the operand is
// transposed and the gather reads rows.
// CHECK-LABEL: func.func @columns
// CHECK: %[[T:.*]] = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<32x4096xf32>) -> tensor<4096x32xf32>
// CHECK: "stablehlo.gather"(%[[T]], %arg1)
// CHECK-SAME: offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1
// CHECK-SAME: slice_sizes = array<i64: 1, 32>
// CHECK-SAME: -> tensor<8192x32xf32>
func.func @columns(%x: tensor<32x4096xf32>, %i: tensor<8192x1xi32>) -> tensor<8192x32xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 32, 1>} : (tensor<32x4096xf32>, tensor<8192x1xi32>) -> tensor<8192x32xf32>
  return %0 : tensor<8192x32xf32>
}

// -----

// Batching dimensions stay outermost; the deformable convolution's corner
// gather from x as [N, G, C, S].
// CHECK-LABEL: func.func @batched
// CHECK: %[[T:.*]] = stablehlo.transpose %arg0, dims = [0, 1, 3, 2] : (tensor<2x1x32x4096xf32>) -> tensor<2x1x4096x32xf32>
// CHECK: "stablehlo.gather"(%[[T]], %arg1)
// CHECK-SAME: offset_dims = [3], collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3
// CHECK-SAME: slice_sizes = array<i64: 1, 1, 1, 32>
func.func @batched(%x: tensor<2x1x32x4096xf32>, %i: tensor<2x1x8192x1xi32>) -> tensor<2x1x8192x32xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3], collapsed_slice_dims = [3], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [3], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 32, 1>, indices_are_sorted = false} : (tensor<2x1x32x4096xf32>, tensor<2x1x8192x1xi32>) -> tensor<2x1x8192x32xf32>
  return %0 : tensor<2x1x8192x32xf32>
}

// -----

// Rows of an embedding table are contiguous already.
// CHECK-LABEL: func.func @rows
// CHECK-NOT: stablehlo.transpose
func.func @rows(%x: tensor<4096x32xf32>, %i: tensor<8192x1xi32>) -> tensor<8192x32xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 32>} : (tensor<4096x32xf32>, tensor<8192x1xi32>) -> tensor<8192x32xf32>
  return %0 : tensor<8192x32xf32>
}

// -----

// A gather that reads less than the operand holds is left alone: the
// transpose would cost more than the strided reads.
// CHECK-LABEL: func.func @few
// CHECK-NOT: stablehlo.transpose
func.func @few(%x: tensor<32x4096xf32>, %i: tensor<16x1xi32>) -> tensor<16x32xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 32, 1>} : (tensor<32x4096xf32>, tensor<16x1xi32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// Slices of fewer than 4 elements are left alone.
// CHECK-LABEL: func.func @narrow
// CHECK-NOT: stablehlo.transpose
func.func @narrow(%x: tensor<2x4096xf32>, %i: tensor<8192x1xi32>) -> tensor<8192x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 1>} : (tensor<2x4096xf32>, tensor<8192x1xi32>) -> tensor<8192x2xf32>
  return %0 : tensor<8192x2xf32>
}
