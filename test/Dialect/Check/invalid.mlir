// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @const_type_mismatch(%x: tensor<2xi32>) {
  // expected-error @+1 {{operand type 'tensor<2xi32>' does not match the constant's type 'tensor<2xi64>'}}
  "check.expect_eq_const"(%x) <{value = dense<[1, 2]> : tensor<2xi64>}> : (tensor<2xi32>) -> ()
  func.return
}

// -----

func.func @close_unknown_bound(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected min_ulp_difference or max_ulp_difference once each, got ulps}}
  check.expect_close %x, %x, ulps = 3 : tensor<2xf32>, tensor<2xf32>
  func.return
}
