// RUN: hlox-opt --split-input-file --stablehlo-convert-promoted-reductions %s | FileCheck %s

// CHECK-LABEL: func.func @reduce
// CHECK-DAG: %[[X:.+]] = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
// CHECK-DAG: %[[Z:.+]] = stablehlo.convert %arg1 : (tensor<f32>) -> tensor<f64>
// CHECK: stablehlo.reduce(%[[X]] init: %[[Z]])
func.func @reduce(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f64> {
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f64>
   reducer(%a: tensor<f64>, %b: tensor<f64>) {
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }
  return %0 : tensor<f64>
}

// -----

// select takes the wider values and converts them back to compare them.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK-DAG: %[[X:.+]] = stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf32>
// CHECK-DAG: %[[S:.+]] = stablehlo.convert %arg1 : (tensor<2xf16>) -> tensor<2xf32>
// CHECK-DAG: %[[I:.+]] = stablehlo.convert %arg2 : (tensor<f16>) -> tensor<f32>
// CHECK: "stablehlo.select_and_scatter"(%[[X]], %[[S]], %[[I]])
// CHECK: ^bb0(%[[A:.+]]: tensor<f32>, %[[B:.+]]: tensor<f32>):
// CHECK-DAG: %[[NA:.+]] = stablehlo.convert %[[A]] : (tensor<f32>) -> tensor<f16>
// CHECK-DAG: %[[NB:.+]] = stablehlo.convert %[[B]] : (tensor<f32>) -> tensor<f16>
// CHECK: stablehlo.compare  GE, %[[NA]], %[[NB]]
func.func @select_and_scatter(%x: tensor<4xf16>, %src: tensor<2xf16>, %init: tensor<f16>) -> tensor<4xf32> {
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf16>, tensor<2xf16>, tensor<f16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Bodies of the values' own type stay as they are.
// CHECK-LABEL: func.func @unpromoted
// CHECK-NOT: stablehlo.convert
func.func @unpromoted(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
