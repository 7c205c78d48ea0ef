// RUN: hlox-opt --split-input-file --verify-diagnostics --stablehlo-legalize-upstream-ops %s | FileCheck %s

// Upstream's verifier takes SIGNED and UNSIGNED on floats (its VHLO tests
// write them); both compare as FLOAT, which they become, with a warning.
// CHECK-LABEL: func.func @signed_on_float
// CHECK: stablehlo.compare  EQ, %{{.+}}, %{{.+}},  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: stablehlo.compare  LT, %{{.+}}, %{{.+}},  FLOAT : (tensor<2xcomplex<f32>>
func.func @signed_on_float(%a: tensor<f32>, %c: tensor<2xcomplex<f32>>) -> (tensor<i1>, tensor<2xi1>) {
  // expected-warning @+1 {{compare_type SIGNED on 'f32' is not StableHLO (compare_c3); compared as FLOAT}}
  %0 = stablehlo.compare EQ, %a, %a, SIGNED : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // expected-warning @+1 {{compare_type UNSIGNED on 'complex<f32>' is not StableHLO (compare_c3); compared as FLOAT}}
  %1 = stablehlo.compare LT, %c, %c, UNSIGNED : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return %0, %1 : tensor<i1>, tensor<2xi1>
}

// -----

// What the spec allows stays as it is, without a warning.
// CHECK-LABEL: func.func @spec_forms
// CHECK: TOTALORDER
// CHECK: SIGNED : (tensor<2xi32>
func.func @spec_forms(%a: tensor<f32>, %i: tensor<2xi32>) -> (tensor<i1>, tensor<2xi1>) {
  %0 = stablehlo.compare LT, %a, %a, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0, %1 : tensor<i1>, tensor<2xi1>
}
