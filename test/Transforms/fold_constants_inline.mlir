// A JAX-style test program folds down to its constants and checks once its
// calls are inlined.
// RUN: hlox-opt %s --inline --stablehlo-fold-constants --symbol-dce | FileCheck %s

// CHECK-LABEL: func.func public @main
// CHECK-NEXT: %[[EXPECTED:.*]] = stablehlo.constant dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[RESULT:.*]] = stablehlo.constant dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
// CHECK-NEXT: stablehlo.custom_call @check.expect_close(%[[RESULT]], %[[EXPECTED]])
// CHECK-NEXT: return %[[RESULT]]
// CHECK-NOT: func.func
func.func public @main() -> tensor<2xf32> {
  %0 = call @inputs() : () -> tensor<2xf32>
  %1 = call @expected() : () -> tensor<2xf32>
  %2 = stablehlo.abs %0 : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %2 : tensor<2xf32>
}
func.func private @inputs() -> tensor<2xf32> {
  %cst = stablehlo.constant dense<[-1.0, 2.5]> : tensor<2xf32>
  return %cst : tensor<2xf32>
}
func.func private @expected() -> tensor<2xf32> {
  %cst = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
  return %cst : tensor<2xf32>
}
