// Passing checks exit 0 and --print-output prints the results.
// RUN: hlox-run --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --print-output %s | FileCheck %s

// CHECK: result[0]: dense<[5, -8, 7]> : tensor<3xi4>
// CHECK: result[1]: dense<[2.500000e+00, 0x{{7F|FF}}C00000]> : tensor<2xf32>
func.func @main() -> (tensor<3xi4>, tensor<2xf32>) {
  // i4 wraps: 7 + 1 = -8.
  %a = stablehlo.constant dense<[2, 7, 3]> : tensor<3xi4>
  %b = stablehlo.constant dense<[3, 1, 4]> : tensor<3xi4>
  %sum = stablehlo.add %a, %b : tensor<3xi4>
  check.expect_eq_const %sum, dense<[5, -8, 7]> : tensor<3xi4>
  %x = stablehlo.constant dense<[1.0, 0x7F800000]> : tensor<2xf32>
  %y = stablehlo.constant dense<[1.5, 0xFF800000]> : tensor<2xf32>
  %z = stablehlo.add %x, %y : tensor<2xf32>
  check.expect_almost_eq_const %z, dense<[2.5, 0x7FC00000]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%z, %z) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %sum, %z : tensor<3xi4>, tensor<2xf32>
}
