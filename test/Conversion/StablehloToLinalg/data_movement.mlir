// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// broadcast_in_dim: a generic whose input map drops or pins dimensions.
// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK: linalg.generic {indexing_maps = [#[[IN:.+]], #{{.+}}]
func.func @broadcast_in_dim() {
  %x = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x1xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %0, dense<[[1, 2], [1, 2], [1, 2]]> : tensor<3x2xi32>
  return
}

// -----

// reshape collapses to one dimension and expands to the result.
// CHECK-LABEL: func.func @reshape
// CHECK: tensor.collapse_shape
// CHECK: tensor.expand_shape
func.func @reshape() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %0, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  return
}

// -----

// transpose is linalg.transpose; slice a strided tensor.extract_slice.
// CHECK-LABEL: func.func @transpose_slice
// CHECK: linalg.transpose
// CHECK: tensor.extract_slice %{{.+}}[0, 1] [2, 1] [1, 2]
func.func @transpose_slice() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %0, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  %1 = stablehlo.slice %x [0:2, 1:3:2] : (tensor<2x3xi32>) -> tensor<2x1xi32>
  check.expect_eq_const %1, dense<[[2], [5]]> : tensor<2x1xi32>
  return
}

// -----

// pad fills the result and inserts the operand with the interior stride;
// negative edge padding cuts elements off first.
// CHECK-LABEL: func.func @pad
// CHECK: linalg.fill
// CHECK: tensor.extract_slice
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 1] [2, 2] [1, 2]
func.func @pad() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %p = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.pad %x, %p, low = [0, -1], high = [0, 1], interior = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x5xi32>
  check.expect_eq_const %0, dense<[[0, 2, 0, 3, 0], [0, 5, 0, 6, 0]]> : tensor<2x5xi32>
  return
}

// -----

// concatenate inserts each operand at its offset; reverse reads mirrored.
// CHECK-LABEL: func.func @concatenate_reverse
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 0] [2, 1] [1, 1]
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 1] [2, 2] [1, 1]
func.func @concatenate_reverse() {
  %a = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %b = stablehlo.constant dense<[[3, 4], [5, 6]]> : tensor<2x2xi32>
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x1xi32>, tensor<2x2xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[1, 3, 4], [2, 5, 6]]> : tensor<2x3xi32>
  %1 = stablehlo.reverse %0, dims = [1] : tensor<2x3xi32>
  check.expect_eq_const %1, dense<[[4, 3, 1], [6, 5, 2]]> : tensor<2x3xi32>
  return
}

// -----

// dynamic_slice clamps its start indices so that the slice fits.
// CHECK-LABEL: func.func @dynamic_slice_clamps
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: tensor.extract_slice
func.func @dynamic_slice_clamps() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<5xi32>, tensor<i64>) -> tensor<2xi32>
  check.expect_eq_const %0, dense<[4, 5]> : tensor<2xi32>
  %u = stablehlo.constant dense<[9, 9]> : tensor<2xi32>
  %j = stablehlo.constant dense<-3> : tensor<i64>
  %1 = stablehlo.dynamic_update_slice %x, %u, %j : (tensor<5xi32>, tensor<2xi32>, tensor<i64>) -> tensor<5xi32>
  check.expect_eq_const %1, dense<[9, 9, 3, 4, 5]> : tensor<5xi32>
  return
}

// -----

// iota converts the loop index to the element type.
// CHECK-LABEL: func.func @iota
// CHECK: linalg.index 1
func.func @iota() {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  check.expect_eq_const %0, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  return
}

// -----

// chlo.constant becomes a constant; chlo.constant_like a splat constant of
// its operand's shape (a ui8 one stays unsigned in the checks).
// CHECK-LABEL: func.func @chlo_constants
// CHECK-DAG: arith.constant dense<[4, 5]> : tensor<2xi32>
// CHECK-DAG: arith.constant dense<2.500000e+00> : tensor<2x3xf32>
// CHECK-DAG: arith.constant dense<-1> : tensor<3xi8>
func.func @chlo_constants() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c = chlo.constant_like {value = 2.5 : f32} %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %m = stablehlo.multiply %x, %c : tensor<2x3xf32>
  check.expect_eq_const %m, dense<[[2.5, 5.0, 7.5], [10.0, 12.5, 15.0]]> : tensor<2x3xf32>
  %k = chlo.constant dense<[4, 5]> : tensor<2xi32>
  check.expect_eq_const %k, dense<[4, 5]> : tensor<2xi32>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  %v = chlo.constant_like {value = 255 : ui8} %u : tensor<3xui8> -> tensor<3xui8>
  check.expect_eq_const %v, dense<[255, 255, 255]> : tensor<3xui8>
  func.return
}

// -----

// An empty slice may start at the end of its dimension: it is an empty
// tensor (tensor.extract_slice's offsets must lie inside).
// CHECK-LABEL: func.func @empty_slice_at_end
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.empty() : tensor<0x5xf32>
func.func @empty_slice_at_end() {
  %x = stablehlo.constant dense<1.0> : tensor<1x5xf32>
  %0 = stablehlo.slice %x [1:1, 0:5] : (tensor<1x5xf32>) -> tensor<0x5xf32>
  %c = stablehlo.concatenate %0, %x, dim = 0 : (tensor<0x5xf32>, tensor<1x5xf32>) -> tensor<1x5xf32>
  check.expect_eq_const %c, dense<1.0> : tensor<1x5xf32>
  func.return
}
