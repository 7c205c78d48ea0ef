// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// Special functions that math lacks become special ops, which each target
// resolves (the CPU target calls the runtime, in f64); narrow floats keep
// their type on the op.
// CHECK-LABEL: func.func @lgamma
// CHECK: special.lgamma %{{.*}} : f32
// CHECK: special.lgamma %{{.*}} : f16
// CHECK: special.lgamma %{{.*}} : bf16
// CHECK-NOT: call
func.func @lgamma() {
  %x = stablehlo.constant dense<[0.5, 3.0, -0.5]> : tensor<3xf32>
  %0 = chlo.lgamma %x : tensor<3xf32> -> tensor<3xf32>
  check.expect_almost_eq_const %0, dense<[0.572364943, 0.693147181, 1.26551212]> : tensor<3xf32>
  %h = stablehlo.constant dense<[0.5, 3.0, -0.5]> : tensor<3xf16>
  %1 = chlo.lgamma %h : tensor<3xf16> -> tensor<3xf16>
  check.expect_almost_eq_const %1, dense<[0.5723, 0.6931, 1.265]> : tensor<3xf16>, tolerance = 0.002
  %b = stablehlo.constant dense<[0.5, 3.0, -0.5]> : tensor<3xbf16>
  %2 = chlo.lgamma %b : tensor<3xbf16> -> tensor<3xbf16>
  check.expect_almost_eq_const %2, dense<[0.5723, 0.6931, 1.265]> : tensor<3xbf16>, tolerance = 0.01
  return
}

// -----

// CHECK-LABEL: func.func @unary
// CHECK: special.digamma
// CHECK: special.erf_inv
// CHECK: special.bessel_i1e
func.func @unary() {
  %x = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xf64>
  %0 = chlo.digamma %x : tensor<2xf64> -> tensor<2xf64>
  check.expect_almost_eq_const %0, dense<[-0.5772156649015329, -1.9635100260214235]> : tensor<2xf64>
  %y = stablehlo.constant dense<[0.5, -0.9]> : tensor<2xf32>
  %1 = chlo.erf_inv %y : tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %1, dense<[0.476936276, -1.16308715]> : tensor<2xf32>
  %z = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %2 = chlo.bessel_i1e %z : tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %2, dense<[0.207910415, 0.0]> : tensor<2xf32>
  return
}

// -----

// CHECK-LABEL: func.func @binary
// CHECK: special.zeta %{{.*}}, %{{.*}} : f32
// CHECK: special.polygamma %{{.*}}, %{{.*}} : f64
func.func @binary() {
  %s = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %q = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %0 = chlo.zeta %s, %q : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %0, dense<[1.64493407, 1.20205690]> : tensor<2xf32>
  %n = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf64>
  %x = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf64>
  %1 = chlo.polygamma %n, %x : tensor<2xf64>, tensor<2xf64> -> tensor<2xf64>
  check.expect_almost_eq_const %1, dense<[1.6449340668482264, -0.5772156649015329]> : tensor<2xf64>
  return
}

// -----

// next_after is bit arithmetic for every format and target: f32 and f64
// step their bits as f16 does (no libm call, no special op).
// CHECK-LABEL: func.func @next_after
// CHECK-NOT: special.
// CHECK: arith.bitcast {{.*}} : f32 to i32
// CHECK: arith.bitcast {{.*}} : f64 to i64
// CHECK: arith.bitcast {{.*}} : f16 to i16
func.func @next_after() {
  %x = stablehlo.constant dense<[1.0, 1.0, 0.0, -0.0, 0x7F7FFFFF, -1.0, 0x7FC00000]> : tensor<7xf32>
  %y = stablehlo.constant dense<[2.0, 0.0, -1.0, 1.0, 0x7F800000, -1.0, 1.0]> : tensor<7xf32>
  %0 = chlo.next_after %x, %y : tensor<7xf32>, tensor<7xf32> -> tensor<7xf32>
  check.expect_eq_const %0, dense<[0x3F800001, 0x3F7FFFFF, 0x80000001, 0x00000001, 0x7F800000, -1.0, 0x7FC00000]> : tensor<7xf32>
  %dx = stablehlo.constant dense<[1.0, -2.0, 0.0]> : tensor<3xf64>
  %dy = stablehlo.constant dense<[0.0, -3.0, -0.5]> : tensor<3xf64>
  %2 = chlo.next_after %dx, %dy : tensor<3xf64>, tensor<3xf64> -> tensor<3xf64>
  check.expect_eq_const %2, dense<[0x3FEFFFFFFFFFFFFF, 0xC000000000000001, 0x8000000000000001]> : tensor<3xf64>
  %hx = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf16>
  %hy = stablehlo.constant dense<[2.0, 0.0]> : tensor<2xf16>
  %1 = chlo.next_after %hx, %hy : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
  check.expect_eq_const %1, dense<[0x3C01, 0x3BFF]> : tensor<2xf16>
  return
}

// -----

// The complex inverse functions whose closed forms lose accuracy near the
// branch cuts are the target's.
// CHECK-LABEL: func.func @complex_inverse
// CHECK: special.complex_asin %{{.*}} : complex<f32>
// CHECK: special.complex_asinh %{{.*}} : complex<f64>
func.func @complex_inverse() {
  %z = stablehlo.constant dense<[(0.5, 0.0), (2.0, 0.0)]> : tensor<2xcomplex<f32>>
  %0 = chlo.asin %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %0, dense<[(0.523598776, 0.0), (1.57079633, 1.31695790)]> : tensor<2xcomplex<f32>>
  %w = stablehlo.constant dense<[(1.0, 1.0)]> : tensor<1xcomplex<f64>>
  %1 = chlo.asinh %w : tensor<1xcomplex<f64>> -> tensor<1xcomplex<f64>>
  check.expect_almost_eq_const %1, dense<[(1.0612750619050357, 0.6662394324925153)]> : tensor<1xcomplex<f64>>
  return
}
