// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// reduce is linalg.reduce over a filled init; the body runs on scalars.
// CHECK-LABEL: func.func @reduce_max
// CHECK: linalg.fill
// CHECK: linalg.reduce
// CHECK: arith.maximumf
func.func @reduce_max() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0], [-1.0, -2.0, 0x7FC00000]]> : tensor<2x3xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %0, dense<[5.0, 0x7FC00000]> : tensor<2xf32>
  return
}

// -----

// A variadic reduce (argmax) carries both values through one body.
// CHECK-LABEL: func.func @reduce_argmax
// CHECK: linalg.reduce ins(%{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xi32>)
func.func @reduce_argmax() {
  %x = stablehlo.constant dense<[1.0, 7.0, 3.0, 7.0]> : tensor<4xf32>
  %i = stablehlo.iota dim = 0 : tensor<4xi32>
  %v0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %v0), (%i init: %i0) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %gt, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %0#0, dense<7.0> : tensor<f32>
  check.expect_eq_const %0#1, dense<3> : tensor<i32>
  return
}

// -----

// A window of one element along a dimension takes no loop for it: the
// NHWC pool reads C at the result's index (the last dimension stays the
// vector loop's) and loops over the 2x2 window of H and W only.
// CHECK-DAG: #[[IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 + d5, d3)>
// CHECK-DAG: #[[WIN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-LABEL: func.func @reduce_window_nhwc
// CHECK: tensor.empty() : tensor<2x2xi1>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], {{.+}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
func.func @reduce_window_nhwc() {
  %x = stablehlo.constant dense<[[[[1.0, -1.0], [2.0, -2.0], [3.0, -3.0]], [[4.0, -4.0], [5.0, -5.0], [6.0, -6.0]], [[7.0, -7.0], [8.0, -8.0], [9.0, -9.0]], [[0.5, 10.0], [0.5, 11.0], [0.5, 12.0]]]]> : tensor<1x4x3x2xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x4x3x2xf32>, tensor<f32>) -> tensor<1x2x2x2xf32>
  check.expect_eq_const %0, dense<[[[[5.0, -1.0], [6.0, -2.0]], [[8.0, 11.0], [9.0, 12.0]]]]> : tensor<1x2x2x2xf32>
  return
}

// -----

// A window of one element everywhere: no reduction loop, the init value
// combined with each element once.
// CHECK-LABEL: func.func @reduce_window_unit
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]}
func.func @reduce_window_unit() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %z = stablehlo.constant dense<10> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %0, dense<[[11, 13], [14, 16]]> : tensor<2x2xi32>
  return
}

// -----

// reduce_window: a generic over result and window loops of the padded input.
// CHECK-LABEL: func.func @reduce_window_sum
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
func.func @reduce_window_sum() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<5xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %0, dense<[1, 5, 9]> : tensor<3xi32>
  return
}
