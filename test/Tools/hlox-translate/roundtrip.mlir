// A program written as a portable artifact for several versions reads back
// as the same StableHLO, runs from the artifact, and serializes to the same
// bytes each time.
// RUN: hlox-translate --serialize --target=current %s -o %t.current.bc
// RUN: hlox-translate --deserialize %t.current.bc | FileCheck %s
// RUN: hlox-translate --serialize --target=0.9.0 --strip-debuginfo %s -o %t.0_9.bc
// RUN: hlox-translate --deserialize %t.0_9.bc | FileCheck %s
// RUN: hlox-translate --serialize --target=1.16.2 %s -o %t.1_16.bc
// RUN: hlox-translate --deserialize %t.1_16.bc | FileCheck %s
// RUN: hlox-translate --deserialize %t.0_9.bc | hlox-translate --serialize --target=0.9.0 --strip-debuginfo -o %t.again.bc
// RUN: cmp %t.0_9.bc %t.again.bc
// RUN: hlox-opt %t.current.bc --mlir-print-op-generic | FileCheck %s --check-prefix=VHLO
// RUN: hlox-run %t.0_9.bc --input=2x2xf32=1,2,3,4 --print-output | FileCheck %s --check-prefix=RESULT
// RUN: hlox-run %t.current.bc --interpret --input=2x2xf32=1,2,3,4 --print-output | FileCheck %s --check-prefix=RESULT

// The producer names the version; a text file has none.
// RUN: hlox-translate --deserialize --print-stablehlo-version %t.1_16.bc | FileCheck %s --check-prefix=VERSION
// RUN: hlox-translate --deserialize --print-stablehlo-version %s | FileCheck %s --check-prefix=NO-VERSION
// VERSION: // Reading portable artifact with StableHLO version: 1.16.2
// NO-VERSION: // Failed parsing StableHLO version from portable artifact

// CHECK-LABEL: func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[E:.*]] = stablehlo.exponential %arg0 : tensor<2x2xf32>
// CHECK-NEXT: %[[T:.*]] = stablehlo.transpose %[[E]], dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<{{\[\[}}true, false], [false, true]]> : tensor<2x2xi1>
// CHECK-NEXT: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<2x2xf32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.select %[[C]], %[[T]], %[[Z]] : tensor<2x2xi1>, tensor<2x2xf32>
// CHECK-NEXT: return %[[S]] : tensor<2x2xf32>

// VHLO: "vhlo.func_v1"()
// VHLO: "vhlo.exponential_v2"
// VHLO: "vhlo.transpose_v1"
// VHLO-SAME: permutation = #vhlo.tensor_v1<dense<[1, 0]> : tensor<2xi64>>

// RESULT-LABEL: result[0]
// RESULT: 2.71828{{[0-9]*}}, 0
// RESULT: 0, 54.5981
func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.exponential %arg0 : tensor<2x2xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %3 = stablehlo.constant dense<0.0> : tensor<2x2xf32>
  %4 = stablehlo.select %2, %1, %3 : tensor<2x2xi1>, tensor<2x2xf32>
  return %4 : tensor<2x2xf32>
}
