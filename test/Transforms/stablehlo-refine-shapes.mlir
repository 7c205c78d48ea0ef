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
