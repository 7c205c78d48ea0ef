// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// Elementwise ops become one linalg.generic each, with the op's scalar form
// as the body.
// CHECK-LABEL: func.func @add_f32
// CHECK: %[[E:.+]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}} ins(%{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xf32>) outs(%[[E]] : tensor<4xf32>)
// CHECK: arith.addf
// CHECK-NOT: stablehlo.add
func.func @add_f32() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0.5, 0.5, -3.0, 1.0e30]> : tensor<4xf32>
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  check.expect_eq_const %0, dense<[1.5, 2.5, 0.0, 1.0e30]> : tensor<4xf32>
  return
}

// -----

// Unsigned integers lose their signedness in the types; the arithmetic
// picks the unsigned form.
// CHECK-LABEL: func.func @divide_ui32
// CHECK: linalg.generic {{.*}} outs(%{{.+}} : tensor<4xi32>)
// CHECK: arith.divui
func.func @divide_ui32() {
  %a = stablehlo.constant dense<[4000000000, 7, 9, 1]> : tensor<4xui32>
  %b = stablehlo.constant dense<[2, 2, 0, 3]> : tensor<4xui32>
  %0 = stablehlo.divide %a, %b : tensor<4xui32>
  // x / 0 is all ones.
  check.expect_eq_const %0, dense<[2000000000, 3, 4294967295, 0]> : tensor<4xui32>
  return
}

// -----

// Signed division guards the cases LLVM leaves undefined: x / 0 = -1 and
// MIN / -1 = MIN; x % 0 = x.
// CHECK-LABEL: func.func @divide_remainder_si8
// CHECK: arith.divsi
// CHECK: arith.remsi
func.func @divide_remainder_si8() {
  %a = stablehlo.constant dense<[-128, 7, -7, 5]> : tensor<4xi8>
  %b = stablehlo.constant dense<[-1, 0, 2, -3]> : tensor<4xi8>
  %0 = stablehlo.divide %a, %b : tensor<4xi8>
  %1 = stablehlo.remainder %a, %b : tensor<4xi8>
  check.expect_eq_const %0, dense<[-128, -1, -3, -1]> : tensor<4xi8>
  check.expect_eq_const %1, dense<[0, 7, -1, 2]> : tensor<4xi8>
  return
}

// -----

// Shifts by the width or more give 0 (arithmetic right shifts: the sign).
// CHECK-LABEL: func.func @shifts
// CHECK: arith.shli
// CHECK: arith.shrsi
func.func @shifts() {
  %a = stablehlo.constant dense<[1, -16, 3, -1]> : tensor<4xi32>
  %b = stablehlo.constant dense<[31, 2, 32, 40]> : tensor<4xi32>
  %0 = stablehlo.shift_left %a, %b : tensor<4xi32>
  %1 = stablehlo.shift_right_arithmetic %a, %b : tensor<4xi32>
  check.expect_eq_const %0, dense<[-2147483648, -64, 0, 0]> : tensor<4xi32>
  check.expect_eq_const %1, dense<[0, -4, 0, -1]> : tensor<4xi32>
  return
}

// -----

// select and clamp broadcast rank-0 operands.
// CHECK-LABEL: func.func @clamp_scalar_bounds
// CHECK: linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}]
// CHECK: arith.maximumf
// CHECK: arith.minimumf
func.func @clamp_scalar_bounds() {
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %hi = stablehlo.constant dense<1.0> : tensor<f32>
  %x = stablehlo.constant dense<[-1.0, 0.5, 2.0]> : tensor<3xf32>
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %0, dense<[0.0, 0.5, 1.0]> : tensor<3xf32>
  return
}

// -----

// Float to integer conversion truncates and saturates; NaN gives 0.
// CHECK-LABEL: func.func @convert_f32_to_si8
// CHECK: arith.fptosi
func.func @convert_f32_to_si8() {
  %x = stablehlo.constant dense<[-1.0e10, -2.7, 300.0, 0x7FC00000]> : tensor<4xf32>
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xi8>
  check.expect_eq_const %0, dense<[-128, -2, 127, 0]> : tensor<4xi8>
  return
}

// -----

// compare with TOTALORDER orders floats by their bits: -NaN < -0 < +0 < NaN.
// CHECK-LABEL: func.func @compare_totalorder
// CHECK: arith.bitcast
// CHECK: arith.cmpi slt
func.func @compare_totalorder() {
  %a = stablehlo.constant dense<[-0.0, 0.0, 1.0, 0x7FC00000]> : tensor<4xf32>
  %b = stablehlo.constant dense<[0.0, -0.0, 0x7FC00000, 1.0]> : tensor<4xf32>
  %0 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %0, dense<[true, false, true, false]> : tensor<4xi1>
  return
}

// -----

// Complex arithmetic goes through the complex dialect.
// CHECK-LABEL: func.func @multiply_complex
// CHECK: complex.mul
func.func @multiply_complex() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(3.0, -1.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  %0 = stablehlo.multiply %a, %b : tensor<2xcomplex<f32>>
  check.expect_eq_const %0, dense<[(5.0, 5.0), (-1.0, 0.0)]> : tensor<2xcomplex<f32>>
  return
}

// -----

// Special functions that math lacks are special ops, which each target
// resolves.
// CHECK-LABEL: func.func @digamma
// CHECK: special.digamma %{{.*}} : f32
func.func @digamma() {
  %x = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xf32>
  %0 = chlo.digamma %x : tensor<2xf32> -> tensor<2xf32>
  check.expect_almost_eq_const %0, dense<[-0.577215672, -1.96351004]> : tensor<2xf32>
  return
}

// -----

// bitcast_convert of complex values: the real part holds the low bits.
// CHECK-LABEL: func.func @bitcast_complex
// CHECK: complex.re
// CHECK: arith.shli
// CHECK: arith.trunci
// CHECK: complex.create
func.func @bitcast_complex() {
  %x = stablehlo.constant dense<(0x0123456789ABCDEF, 0x0000000011111111)> : tensor<complex<f64>>
  %0 = stablehlo.bitcast_convert %x : (tensor<complex<f64>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %0, dense<[(0x89ABCDEF, 0x01234567), (0x11111111, 0x00000000)]> : tensor<2xcomplex<f32>>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xcomplex<f32>>) -> tensor<2xi64>
  check.expect_eq_const %1, dense<[81985529216486895, 286331153]> : tensor<2xi64>
  return
}

// -----

// chlo.next_after on bf16/f16 steps the bits: away from or toward zero,
// from zero to the smallest subnormal in y's direction.
// CHECK-LABEL: func.func @next_after_narrow
// CHECK: arith.bitcast {{.*}} : bf16 to i16
// CHECK: arith.xori
// CHECK: arith.addi
// CHECK: arith.subi
func.func @next_after_narrow() {
  %x = stablehlo.constant dense<[1.0, 0.0, 1.0, -1.0, 0x7F7F]> : tensor<5xbf16>
  %y = stablehlo.constant dense<[2.0, -1.0, 1.0, 0.0, 0x7F80]> : tensor<5xbf16>
  %0 = chlo.next_after %x, %y : tensor<5xbf16>, tensor<5xbf16> -> tensor<5xbf16>
  check.expect_eq_const %0, dense<[1.0078125, 0x8001, 1.0, 0xBF7F, 0x7F80]> : tensor<5xbf16>
  %a = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf16>
  %b = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf16>
  %1 = chlo.next_after %a, %b : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
  check.expect_eq_const %1, dense<[0x3BFF, 0x0001]> : tensor<2xf16>
  return
}

// -----

// logistic: e = exp(-|x|), the quotient 1 / (1 + e) (x >= 0) or
// e / (1 + e), corrected by the rounding error of 1 + e (Fast2Sum) and the
// division's remainder (FMA): within 1 ULP (the quotient alone was 2 ULPs
// off just below 1/2), the subnormal e^x of a very negative x kept, 1 and
// 0 at the infinities, NaN.
// CHECK-LABEL: func.func @logistic_f32
// CHECK: linalg.generic
// CHECK: %[[E:.+]] = math.exp
// CHECK: %[[D:.+]] = arith.addf %{{.+}}, %[[E]] : f32
// CHECK: %[[DM1:.+]] = arith.subf %[[D]], %{{.+}} : f32
// CHECK: %[[ERR:.+]] = arith.subf %[[E]], %[[DM1]] : f32
// CHECK: %[[Q:.+]] = arith.divf %{{.+}}, %[[D]] : f32
// CHECK: %[[REM:.+]] = math.fma %{{.+}}, %[[D]], %{{.+}} : f32
// CHECK: %[[LOST:.+]] = math.fma %{{.+}}, %[[ERR]], %[[REM]] : f32
// CHECK: math.fma %[[LOST]], %{{.+}}, %[[Q]] : f32
func.func @logistic_f32() {
  %x = stablehlo.constant dense<[0.0, -0.000423076242, 2.0, -2.0, -100.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<8xf32>
  %0 = stablehlo.logistic %x : tensor<8xf32>
  %want = stablehlo.constant dense<[0.5, 0.499894232, 0.880797088, 0.119202919, 3.72007598e-44, 1.0, 0.0, 0x7FC00000]> : tensor<8xf32>
  check.expect_close %0, %want, max_ulp_difference = 1 : tensor<8xf32>, tensor<8xf32>
  return
}
