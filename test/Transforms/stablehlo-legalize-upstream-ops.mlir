// RUN: hlox-opt --split-input-file --stablehlo-legalize-upstream-ops %s | FileCheck %s

// torch-mlir's arith.constant tensors become stablehlo.constant.
// CHECK-LABEL: func.func @arith_constant
// CHECK-NOT: arith.constant
// CHECK: %[[C:.+]] = stablehlo.constant dense<49> : tensor<1xi64>
// CHECK: %[[F:.+]] = stablehlo.constant dense<1.000000e+00> : tensor<1xf64>
// CHECK: return %[[C]], %[[F]]
func.func @arith_constant() -> (tensor<1xi64>, tensor<1xf64>) {
  %c = arith.constant dense<49> : tensor<1xi64>
  %f = arith.constant dense<1.000000e+00> : tensor<1xf64>
  return %c, %f : tensor<1xi64>, tensor<1xf64>
}

// -----

// Scalar arith constants (not tensors) stay.
// CHECK-LABEL: func.func @arith_scalar
// CHECK: arith.constant 1 : index
func.func @arith_scalar() -> index {
  %c = arith.constant 1 : index
  return %c : index
}

// -----

// tensor.empty of a static shape holds unspecified values: zeros.
// CHECK-LABEL: func.func @tensor_empty
// CHECK-NOT: tensor.empty
// CHECK: %[[Z:.+]] = stablehlo.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK: stablehlo.dynamic_update_slice %[[Z]], %arg0
func.func @tensor_empty(%x: tensor<1x3xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %0 = stablehlo.dynamic_update_slice %e, %x, %i, %i : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
