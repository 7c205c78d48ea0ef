// RUN: hlox-opt --split-input-file --hlox-checks-to-results %s | FileCheck %s

// Each check's value becomes a result, after the function's own.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>)
// CHECK-NOT: check.
// CHECK: %[[SUM:.*]] = stablehlo.add
// CHECK: %[[I:.*]] = stablehlo.constant
// CHECK: return %[[X]], %[[SUM]], %[[I]] : tensor<2xf32>, tensor<2xf32>, tensor<2xi32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %sum = stablehlo.add %x, %x : tensor<2xf32>
  check.expect_almost_eq_const %sum, dense<[2.0, 4.0]> : tensor<2xf32>
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  stablehlo.custom_call @check.expect_eq(%i, %i) : (tensor<2xi32>, tensor<2xi32>) -> ()
  return %x : tensor<2xf32>
}

// -----

// A check in a nested region stays; another function is left alone.
// CHECK-LABEL: func.func @other
// CHECK: check.expect_eq_const
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<i1>
// CHECK: stablehlo.while
// CHECK: check.expect_eq_const
func.func @other(%x: tensor<i1>) {
  check.expect_eq_const %x, dense<true> : tensor<i1>
  return
}
func.func @main() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %w = stablehlo.while(%c = %t) : tensor<i1>
    cond {
      stablehlo.return %c : tensor<i1>
    } do {
      check.expect_eq_const %c, dense<true> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    }
  check.expect_eq_const %w, dense<true> : tensor<i1>
  return
}
