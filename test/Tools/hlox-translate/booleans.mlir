// Boolean tensors are packed eight to a byte in an artifact, a splat of
// more than one element as a single byte; each reads back to its values.
// RUN: hlox-translate --serialize --target=1.14.0 %s | hlox-translate --deserialize | FileCheck %s
// RUN: hlox-translate --serialize --target=0.9.0 %s | hlox-translate --deserialize | FileCheck %s
// RUN: hlox-translate --serialize --target=current %s -o %t.bc
// RUN: hlox-run %t.bc --print-output | FileCheck %s --check-prefix=RESULT

// CHECK: stablehlo.constant dense<true> : tensor<32xi1>
// CHECK: stablehlo.constant dense<true> : tensor<1xi1>
// CHECK: stablehlo.constant dense<false> : tensor<i1>
// CHECK: stablehlo.constant dense<[true, false, false, true, true, false, true, false, true]> : tensor<9xi1>
// CHECK: stablehlo.constant dense<> : tensor<0xi1>

// RESULT: result[0]: dense<1> : tensor<32xi32>
// RESULT: result[1]: dense<1> : tensor<1xi32>
// RESULT: result[2]: dense<0> : tensor<i32>
// RESULT: result[3]: dense<[1, 0, 0, 1, 1, 0, 1, 0, 1]> : tensor<9xi32>
func.func @main() -> (tensor<32xi32>, tensor<1xi32>, tensor<i32>, tensor<9xi32>, tensor<0xi1>) {
  %0 = stablehlo.constant dense<true> : tensor<32xi1>
  %1 = stablehlo.constant dense<true> : tensor<1xi1>
  %2 = stablehlo.constant dense<false> : tensor<i1>
  %3 = stablehlo.constant dense<[true, false, false, true, true, false, true, false, true]> : tensor<9xi1>
  %4 = stablehlo.constant dense<> : tensor<0xi1>
  %5 = stablehlo.convert %0 : (tensor<32xi1>) -> tensor<32xi32>
  %6 = stablehlo.convert %1 : (tensor<1xi1>) -> tensor<1xi32>
  %7 = stablehlo.convert %2 : (tensor<i1>) -> tensor<i32>
  %8 = stablehlo.convert %3 : (tensor<9xi1>) -> tensor<9xi32>
  return %5, %6, %7, %8, %4 : tensor<32xi32>, tensor<1xi32>, tensor<i32>, tensor<9xi32>, tensor<0xi1>
}
