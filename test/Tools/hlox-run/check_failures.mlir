// A failed check exits 1 and names every mismatch with its index and both
// values; evaluation goes on to the next check.
// RUN: %expect-exit 1 hlox-run %s 2>&1 | FileCheck %s
// RUN: %expect-exit 1 hlox-run --interpret %s 2>&1 | FileCheck %s

// CHECK: :[[@LINE+7]]:3: error: check failed: 2 of 3 elements differ
// CHECK-NEXT: at [0]: actual 1, expected 0
// CHECK-NEXT: at [2]: actual 3, expected 4
// CHECK: error: check failed: 1 of 2 elements differ
// CHECK-NEXT: at [1]: actual 2, expected 2.00099993 (4194 ULPs)
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  check.expect_eq_const %a, dense<[0, 2, 4]> : tensor<3xi32>
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = stablehlo.constant dense<[1.0, 2.001]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%x, %y) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}
