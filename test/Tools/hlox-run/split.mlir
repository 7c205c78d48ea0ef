// Each split case runs on its own; the worst outcome is the exit code.
// RUN: %expect-exit 1 hlox-run --split-input-file %s 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: error: check failed: 1 of 1 elements differ
// CHECK-NOT: error
func.func @passes() {
  %a = stablehlo.constant dense<1> : tensor<i64>
  check.expect_eq_const %a, dense<1> : tensor<i64>
  func.return
}

// -----

func.func @fails() {
  %a = stablehlo.constant dense<1> : tensor<i64>
  check.expect_eq_const %a, dense<2> : tensor<i64>
  func.return
}

// -----

func.func @passes_after_a_failure() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %b = stablehlo.multiply %a, %a : tensor<2xbf16>
  check.expect_eq_const %b, dense<[1.0, 4.0]> : tensor<2xbf16>
  func.return
}
