// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// batch_norm_inference: one elementwise generic in f64 that reads the
// per-feature operands through the feature dimension.
// CHECK-DAG: #[[FEATURE:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @inference
// CHECK: linalg.generic {{.*}}#[[FEATURE]], #[[FEATURE]], #[[FEATURE]], #[[FEATURE]]
// CHECK: math.sqrt {{.*}} : f64
// CHECK: arith.truncf {{.*}} : f64 to f32
func.func @inference() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [3.0, 6.0, -1.0]]> : tensor<2x3xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[2.0, 4.0, 1.0]> : tensor<3xf32>
  %var = stablehlo.constant dense<[1.0, 4.0, 4.0]> : tensor<3xf32>
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_almost_eq_const %0, dense<[[-1.0, -1.0, -0.5], [1.0, 3.0, -1.5]]> : tensor<2x3xf32>
  return
}

// -----

// batch_norm_training: per-feature sums (every dimension but the feature
// one reduced) give the mean and the biased variance.
// CHECK-LABEL: func.func @training
// CHECK: iterator_types = ["reduction", "parallel"]
// CHECK: iterator_types = ["reduction", "parallel"]
func.func @training() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [3.0, 6.0, -1.0]]> : tensor<2x3xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %0:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %0#0, dense<[[-1.0, -1.0, -0.5], [1.0, 3.0, -1.5]]> : tensor<2x3xf32>
  check.expect_almost_eq_const %0#1, dense<[2.0, 4.0, 1.0]> : tensor<3xf32>
  check.expect_almost_eq_const %0#2, dense<[1.0, 4.0, 4.0]> : tensor<3xf32>
  return
}

// -----

// batch_norm_grad: grad_offset = sum(grad), grad_scale = sum(grad *
// normalized), grad_operand from both (the spec's formulas).
// CHECK-LABEL: func.func @grad
// CHECK-COUNT-2: iterator_types = ["reduction", "parallel"]
func.func @grad() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [3.0, 6.0, -1.0]]> : tensor<2x3xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf32>
  %mean = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %var = stablehlo.constant dense<[1.0, 0.25, 4.0]> : tensor<3xf32>
  %g = stablehlo.constant dense<[[0.5, -1.0, 2.0], [1.0, 1.0, 0.0]]> : tensor<2x3xf32>
  %0:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %0#0, dense<[[-2.0, -36.0, -0.75], [-5.0, -156.0, -0.25]]> : tensor<2x3xf32>
  check.expect_almost_eq_const %0#1, dense<[3.5, 8.0, 4.0]> : tensor<3xf32>
  check.expect_almost_eq_const %0#2, dense<[1.5, 0.0, 2.0]> : tensor<3xf32>
  return
}
