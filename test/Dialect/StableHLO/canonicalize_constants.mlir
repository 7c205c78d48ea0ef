// RUN: hlox-opt --canonicalize %s | FileCheck %s

// Constants of one type but different values stay apart when the greedy
// rewriter de-duplicates constants (it keys them by their folded value).
// CHECK-LABEL: func.func @distinct_constants
func.func @distinct_constants() -> (tensor<f32>, tensor<f32>) {
  // CHECK-DAG: stablehlo.constant dense<0xFF800000> : tensor<f32>
  // CHECK-DAG: stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %1 = stablehlo.constant dense<0.0> : tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// Equal constants merge.
// CHECK-LABEL: func.func @equal_constants
func.func @equal_constants() -> (tensor<2xi32>, tensor<2xi32>) {
  // CHECK: %[[C:.+]] = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: return %[[C]], %[[C]]
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}
