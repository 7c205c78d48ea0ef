// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// sort: a stable insertion sort along the dimension; operands move
// together.
// CHECK-LABEL: func.func @sort_pairs
// CHECK: scf.for
// CHECK: scf.while
func.func @sort_pairs() {
  %k = stablehlo.constant dense<[[3, 1, 2, 1]]> : tensor<1x4xi32>
  %v = stablehlo.constant dense<[[0, 1, 2, 3]]> : tensor<1x4xi32>
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<1x4xi32>, tensor<1x4xi32>) -> (tensor<1x4xi32>, tensor<1x4xi32>)
  check.expect_eq_const %0#0, dense<[[1, 1, 2, 3]]> : tensor<1x4xi32>
  check.expect_eq_const %0#1, dense<[[1, 3, 2, 0]]> : tensor<1x4xi32>
  return
}

// -----

// chlo.top_k sorts (value, index) pairs greatest first and slices k.
// CHECK-LABEL: func.func @top_k
// CHECK: scf.while
// CHECK: tensor.extract_slice
func.func @top_k() {
  %x = stablehlo.constant dense<[1.0, 9.0, 3.0, 9.0, 5.0]> : tensor<5xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<5xf32> -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_eq_const %v, dense<[9.0, 9.0, 5.0]> : tensor<3xf32>
  check.expect_eq_const %i, dense<[1, 3, 4]> : tensor<3xi32>
  return
}
