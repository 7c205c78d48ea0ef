// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// chlo.broadcast_*: both operands broadcast to the result's shape (trailing
// dimensions aligned), then the elementwise op.
// CHECK-LABEL: func.func @broadcast_add
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @broadcast_add() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[[10.0], [20.0]]> : tensor<2x1xf32>
  %0 = chlo.broadcast_add %a, %b : tensor<3xf32>, tensor<2x1xf32> -> tensor<2x3xf32>
  check.expect_eq_const %0, dense<[[11.0, 12.0, 13.0], [21.0, 22.0, 23.0]]> : tensor<2x3xf32>
  return
}

// -----

// broadcast_dimensions maps the lower-rank operand; compare keeps its
// direction and type.
// CHECK-LABEL: func.func @broadcast_compare_dims
// CHECK: arith.cmpi slt
func.func @broadcast_compare_dims() {
  %a = stablehlo.constant dense<[[1, 5, 3], [4, 2, 6]]> : tensor<2x3xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %0 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type SIGNED>} : tensor<2x3xi32>, tensor<2xi32> -> tensor<2x3xi1>
  check.expect_eq_const %0, dense<[[true, false, false], [false, true, false]]> : tensor<2x3xi1>
  %1 = chlo.broadcast_subtract %a, %b {broadcast_dimensions = array<i64: 0>} : tensor<2x3xi32>, tensor<2xi32> -> tensor<2x3xi32>
  check.expect_eq_const %1, dense<[[-2, 2, 0], [0, -2, 2]]> : tensor<2x3xi32>
  return
}

// -----

// stablehlo.broadcast puts the new dimensions in front.
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic
func.func @broadcast() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = stablehlo.broadcast %a, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  return
}
