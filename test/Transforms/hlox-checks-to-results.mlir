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

// -----

// The testdata files' `check.eq(%expected, %actual)` has a tensor<i1>
// result that nothing uses: the check goes, and the value it tests is the
// computed operand, not the expected constant.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> (tensor<2xf32>, tensor<2xf32>)
// CHECK-NOT: check.
// CHECK: %[[C:.*]] = stablehlo.ceil
// CHECK: return %[[C]], %[[C]] : tensor<2xf32>, tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %expected = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c = stablehlo.ceil %x : tensor<2xf32>
  %0 = stablehlo.custom_call @check.eq(%expected, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  return %c : tensor<2xf32>
}

// -----

// A check the function returns: the function returns the checked value
// in its place.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<2xf32>
// CHECK-NOT: check.
// CHECK: %[[C:.*]] = stablehlo.floor
// CHECK: return %[[C]] : tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<i1> {
  %expected = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %c = stablehlo.floor %x : tensor<2xf32>
  %0 = stablehlo.custom_call @check.eq(%expected, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

// A check whose result an op uses stays.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<i1>
// CHECK: stablehlo.custom_call @check.eq
// CHECK: stablehlo.not
func.func @main(%x: tensor<2xf32>) -> tensor<i1> {
  %0 = stablehlo.custom_call @check.eq(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  %1 = stablehlo.not %0 : tensor<i1>
  return %1 : tensor<i1>
}

// -----

// A probe is its operand; the serialized check on it becomes a result.
// CHECK-LABEL: func.func @main
// CHECK-SAME: -> tensor<3xi1>
// CHECK-NOT: interpreter.probe
// CHECK: %[[S:.*]] = stablehlo.add
// CHECK: return %[[S]] : tensor<3xi1>
func.func @main(%x: tensor<3xi1>) {
  %0 = stablehlo.add %x, %x : tensor<3xi1>
  %1 = interpreter.probe %0, probe_id = "sum" : tensor<3xi1>
  check.expect_serialized_eq %1, probe_id = "sum" : tensor<3xi1>
  func.return
}
