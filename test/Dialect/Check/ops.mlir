// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @checks
func.func @checks(%x: tensor<2xf32>, %i: tensor<2xi64>) {
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<2xi64>
  check.expect_eq %i, %i : tensor<2xi64>
  // CHECK: check.expect_eq_const %{{.*}}, dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %i, dense<[1, 2]> : tensor<2xi64>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}}, tolerance = 1.000000e-01 : tensor<2xf32>
  check.expect_almost_eq %x, %x, tolerance = 0.1 : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  check.expect_almost_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 5 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %x, %x, max_ulp_difference = 5 : tensor<2xf32>, tensor<2xf32>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "p", iter = 1 : tensor<2xf32>
  check.expect_serialized_eq %x, probe_id = "p", iter = 1 : tensor<2xf32>
  func.return
}
