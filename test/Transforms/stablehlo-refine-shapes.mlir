// RUN: hlox-opt --split-input-file --stablehlo-refine-shapes %s | FileCheck %s

// Shape computations on constants fold, dynamism ops take their static
// forms, and result types follow.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<2x3xf32>
// CHECK-NOT: stablehlo.dynamic_broadcast_in_dim
// CHECK: stablehlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.add %{{.+}} : tensor<2x3xf32>
func.func @main(%x: tensor<3xf32>) -> tensor<?x3xf32> {
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %three = stablehlo.constant dense<3> : tensor<1xi32>
  %shape = stablehlo.concatenate %two, %three, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %1 = stablehlo.add %0, %0 : tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// -----

// Float computations on constants are not folded.
// CHECK-LABEL: func.func @floats_stay
// CHECK: stablehlo.multiply
func.func @floats_stay() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.multiply %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// dynamic_conv with constant padding becomes a convolution; window
// attributes longer than the spatial rank keep their leading entries.
// CHECK-LABEL: func.func @dynamic_conv
// CHECK: stablehlo.convolution
// CHECK-SAME: stride = [2]
// CHECK-SAME: pad = {{\[}}[1, 2]]
// CHECK-SAME: -> tensor<1x4x16xf32>
func.func @dynamic_conv(%lhs: tensor<1x8x16xf32>, %rhs: tensor<4x16x16xf32>) -> tensor<?x?x?xf32> {
  %pad = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %pad) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 2, 2>} : (tensor<1x8x16xf32>, tensor<4x16x16xf32>, tensor<1x2xi32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// real_dynamic_slice from data start indices to start + constant sizes,
// with unit strides, is a dynamic_slice of those sizes (the limit's start
// may be a copy of the start computation).
// CHECK-LABEL: func.func @real_dynamic_slice_of_sizes
// CHECK-SAME: (%[[X:.+]]: tensor<5x4xf32>, %{{.+}}: tensor<2xi32>) -> tensor<3x2xf32>
// CHECK: %[[S:.+]] = stablehlo.multiply
// CHECK: %[[S0:.+]] = stablehlo.slice %[[S]] {{ *}}[0:1]
// CHECK: %[[R0:.+]] = stablehlo.reshape %[[S0]] : (tensor<1xi32>) -> tensor<i32>
// CHECK: %[[S1:.+]] = stablehlo.slice %[[S]] {{ *}}[1:2]
// CHECK: %[[R1:.+]] = stablehlo.reshape %[[S1]] : (tensor<1xi32>) -> tensor<i32>
// CHECK: stablehlo.dynamic_slice %[[X]], %[[R0]], %[[R1]], sizes = [3, 2] : (tensor<5x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
// CHECK-NOT: real_dynamic_slice
func.func @real_dynamic_slice_of_sizes(%x: tensor<5x4xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %copy = stablehlo.multiply %s, %s : tensor<2xi32>
  %again = stablehlo.multiply %s, %s : tensor<2xi32>
  %sizes = stablehlo.constant dense<[3, 2]> : tensor<2xi32>
  %limit = stablehlo.add %again, %sizes : tensor<2xi32>
  %one = stablehlo.constant dense<1> : tensor<2xi32>
  %0 = stablehlo.real_dynamic_slice %x, %copy, %limit, %one : (tensor<5x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// set_dimension_size of a constant size keeps that many leading elements.
// CHECK-LABEL: func.func @set_dimension_size
// CHECK: %[[S:.+]] = stablehlo.slice %{{.+}} [0:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.add %[[S]], %[[S]] : tensor<2x3xf32>
func.func @set_dimension_size(%x: tensor<4x3xf32>) -> tensor<?x3xf32> {
  %n = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>
  %1 = stablehlo.add %0, %0 : tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>
  %2 = tensor.cast %1 : tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>> to tensor<?x3xf32>
  return %2 : tensor<?x3xf32>
}

// -----

// Dynamic values inside a function with static arguments (a convert or a
// tensor.cast to a dynamic type and back, as torch and IREE tests write):
// dot, torch_index_select, gather and chlo.top_k see static operands
// again, and the casts between equal types go.
// CHECK-LABEL: func.func @through_casts
// CHECK-SAME: -> (tensor<4x3xf32>, tensor<2x8xf32>, tensor<2x8xf32>, tensor<2x2xf32>, tensor<2x2xi32>)
// CHECK-NOT: tensor.cast
// CHECK: stablehlo.convert %arg0 : tensor<4x8xf32>
// CHECK: stablehlo.dot %{{.*}}, %arg1 : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
// CHECK: stablehlo.torch_index_select
// CHECK-SAME: -> tensor<2x8xf32>
// CHECK: stablehlo.gather
// CHECK-SAME: -> tensor<2x8xf32>
// CHECK: chlo.top_k(%{{.*}}, k = 2) : tensor<2x8xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
func.func @through_casts(%arg0: tensor<4x8xf32>, %arg1: tensor<8x3xf32>, %arg2: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<2x8xf32>, tensor<?x8xf32>, tensor<?x2xf32>, tensor<?x2xi32>) {
  %0 = stablehlo.convert %arg0 : (tensor<4x8xf32>) -> tensor<?x?xf32>
  %1 = stablehlo.dot %0, %arg1 : (tensor<?x?xf32>, tensor<8x3xf32>) -> tensor<?x?xf32>
  %2 = tensor.cast %arg0 : tensor<4x8xf32> to tensor<?x8xf32>
  %3 = "stablehlo.torch_index_select"(%2, %arg2) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<?x8xf32>, tensor<2xi32>) -> tensor<?x8xf32>
  %4 = tensor.cast %3 : tensor<?x8xf32> to tensor<2x8xf32>
  %5 = stablehlo.reshape %arg2 : (tensor<2xi32>) -> tensor<2x1xi32>
  %6 = "stablehlo.gather"(%2, %5) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>} : (tensor<?x8xf32>, tensor<2x1xi32>) -> tensor<?x8xf32>
  %7:2 = chlo.top_k(%6, k = 2) : tensor<?x8xf32> -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return %1, %4, %6, %7#0, %7#1 : tensor<?x?xf32>, tensor<2x8xf32>, tensor<?x8xf32>, tensor<?x2xf32>, tensor<?x2xi32>
}

