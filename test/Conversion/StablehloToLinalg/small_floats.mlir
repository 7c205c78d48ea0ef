// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// Small floats live in i8 and compute in f32: each operand is decoded, the
// result encoded (rounded to nearest even), by ops each target resolves.
// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @add_f8
// CHECK: arith.constant dense<[56, 64, 126]> : tensor<3xi8>
// CHECK: linalg.generic
// CHECK: special.decode_small_float %{{.*}} {format = f8E4M3FN} : i8 -> f32
// CHECK: arith.addf {{.*}} : f32
// CHECK: arith.extf {{.*}} : f32 to f64
// CHECK: special.encode_small_float %{{.*}} {format = f8E4M3FN} : f64 -> i8
func.func @add_f8() {
  %x = stablehlo.constant dense<[1.0, 2.0, 448.0]> : tensor<3xf8E4M3FN>
  %0 = stablehlo.add %x, %x : tensor<3xf8E4M3FN>
  // 896 is past f8E4M3FN's largest value: NaN.
  check.expect_almost_eq_const %0, dense<[2.0, 4.0, 0x7F]> : tensor<3xf8E4M3FN>
  return
}

// -----

// convert rounds once, from f64, to nearest even.
// CHECK-LABEL: func.func @convert_f8
// CHECK: arith.extf {{.*}} : f32 to f64
// CHECK: special.encode_small_float %{{.*}} {format = f8E5M2} : f64 -> i8
func.func @convert_f8() {
  %x = stablehlo.constant dense<[0.1, 3.1415, -1.0e6, 1.25]> : tensor<4xf32>
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf8E5M2>
  check.expect_eq_const %0, dense<[0.09375, 3.0, 0xFC, 1.25]> : tensor<4xf8E5M2>
  %1 = stablehlo.convert %0 : (tensor<4xf8E5M2>) -> tensor<4xf32>
  check.expect_eq_const %1, dense<[0.09375, 3.0, 0xFF800000, 1.25]> : tensor<4xf32>
  return
}

// -----

// 4-bit floats take the low bits of a byte; formats without infinity or
// NaN saturate.
// CHECK-LABEL: func.func @f4
// CHECK: arith.constant dense<[2, 7, 15]> : tensor<3xi8>
func.func @f4() {
  %x = stablehlo.constant dense<[1.0, 6.0, -6.0]> : tensor<3xf4E2M1FN>
  %0 = stablehlo.multiply %x, %x : tensor<3xf4E2M1FN>
  check.expect_eq_const %0, dense<[1.0, 6.0, 6.0]> : tensor<3xf4E2M1FN>
  %1 = stablehlo.bitcast_convert %x : (tensor<3xf4E2M1FN>) -> tensor<3xi4>
  check.expect_eq_const %1, dense<[2, 7, -1]> : tensor<3xi4>
  return
}

// -----

// dot_general of f8 accumulates in f32 and rounds once.
// CHECK-LABEL: func.func @dot_f8
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK: arith.mulf {{.*}} : f32
// CHECK: special.encode_small_float %{{.*}} {format = f8E4M3} : f64 -> i8
func.func @dot_f8() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf8E4M3>
  %0 = stablehlo.dot_general %x, %x, contracting_dims = [0] x [0] : (tensor<8xf8E4M3>, tensor<8xf8E4M3>) -> tensor<f8E4M3>
  check.expect_eq_const %0, dense<208.0> : tensor<f8E4M3>
  return
}
