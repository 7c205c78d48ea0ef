// RUN: hlox-opt --hlox-simplify-slices --split-input-file %s | FileCheck %s

// A dimension the operand holds is sliced on the operand.
// CHECK-LABEL: func.func @operand_dimension
// CHECK: %[[S:.+]] = stablehlo.slice %arg0 [0:8, 1:2] : (tensor<8x4xf64>) -> tensor<8x1xf64>
// CHECK: %[[B:.+]] = stablehlo.broadcast_in_dim %[[S]], dims = [0, 2] : (tensor<8x1xf64>) -> tensor<8x9x1xf64>
// CHECK: return %[[B]]
func.func @operand_dimension(%x: tensor<8x4xf64>) -> tensor<8x9x1xf64> {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<8x4xf64>) -> tensor<8x9x4xf64>
  %s = stablehlo.slice %b [0:8, 0:9, 1:2] : (tensor<8x9x4xf64>) -> tensor<8x9x1xf64>
  return %s : tensor<8x9x1xf64>
}

// -----

// Strides carry over; a size-1 operand dimension broadcast along the
// result stays whole.
// CHECK-LABEL: func.func @strides_and_size_one
// CHECK: %[[S:.+]] = stablehlo.slice %arg0 [0:1, 1:7:2] : (tensor<1x8xf32>) -> tensor<1x3xf32>
// CHECK: stablehlo.broadcast_in_dim %[[S]], dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
func.func @strides_and_size_one(%x: tensor<1x8xf32>) -> tensor<5x3xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<6x8xf32>
  %s = stablehlo.slice %b [1:6, 1:7:2] : (tensor<6x8xf32>) -> tensor<5x3xf32>
  return %s : tensor<5x3xf32>
}

// -----

// Only broadcast dimensions cut: the broadcast makes the slice's type.
// CHECK-LABEL: func.func @broadcast_dimensions_only
// CHECK-NOT: stablehlo.slice
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
func.func @broadcast_dimensions_only(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<9x4xf32>
  %s = stablehlo.slice %b [3:5, 0:4] : (tensor<9x4xf32>) -> tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

// -----

// A slice of anything else stays.
// CHECK-LABEL: func.func @not_a_broadcast
// CHECK: stablehlo.slice %arg0 [0:2]
func.func @not_a_broadcast(%x: tensor<4xf32>) -> tensor<2xf32> {
  %s = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// A reshape that drops the unit dimension of a sliced broadcast is a
// broadcast itself (ReshapeOfBroadcastToBroadcast).
// CHECK-LABEL: func.func @reshape_drops_unit
// CHECK: %[[S:.+]] = stablehlo.slice %arg0 [0:8, 1:2] : (tensor<8x4xf64>) -> tensor<8x1xf64>
// CHECK: %[[R:.+]] = stablehlo.reshape %[[S]] : (tensor<8x1xf64>) -> tensor<8xf64>
// CHECK: %[[B:.+]] = stablehlo.broadcast_in_dim %[[R]], dims = [0] : (tensor<8xf64>) -> tensor<8x9xf64>
// CHECK: return %[[B]]
func.func @reshape_drops_unit(%x: tensor<8x4xf64>) -> tensor<8x9xf64> {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<8x4xf64>) -> tensor<8x9x4xf64>
  %s = stablehlo.slice %b [0:8, 0:9, 1:2] : (tensor<8x9x4xf64>) -> tensor<8x9x1xf64>
  %r = stablehlo.reshape %s : (tensor<8x9x1xf64>) -> tensor<8x9xf64>
  return %r : tensor<8x9xf64>
}

// -----

// Inserting a unit dimension too; a broadcast dimension of size 1 in the
// result is a new one.
// CHECK-LABEL: func.func @reshape_inserts_unit
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [0, 3] : (tensor<8x4xf32>) -> tensor<8x9x1x4xf32>
// CHECK-NOT: stablehlo.reshape
func.func @reshape_inserts_unit(%x: tensor<8x4xf32>) -> tensor<8x9x1x4xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<8x4xf32>) -> tensor<8x9x4xf32>
  %r = stablehlo.reshape %b : (tensor<8x9x4xf32>) -> tensor<8x9x1x4xf32>
  return %r : tensor<8x9x1x4xf32>
}

// -----

// A reshape that merges dimensions is not one of unit dimensions: it stays.
// CHECK-LABEL: func.func @reshape_merges
// CHECK: stablehlo.broadcast_in_dim
// CHECK: stablehlo.reshape
func.func @reshape_merges(%x: tensor<8x4xf32>) -> tensor<72x4xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<8x4xf32>) -> tensor<8x9x4xf32>
  %r = stablehlo.reshape %b : (tensor<8x9x4xf32>) -> tensor<72x4xf32>
  return %r : tensor<72x4xf32>
}
