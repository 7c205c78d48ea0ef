// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @unary
func.func @unary(%f: tensor<2xf32>, %i: tensor<2xi32>, %c: tensor<2xcomplex<f32>>) {
  // CHECK: stablehlo.abs %{{.*}} : tensor<2xf32>
  %0 = stablehlo.abs %f : tensor<2xf32>
  // CHECK: stablehlo.abs %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %1 = stablehlo.abs %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK: stablehlo.cbrt
  %2 = stablehlo.cbrt %f : tensor<2xf32>
  // CHECK: stablehlo.ceil
  %3 = stablehlo.ceil %f : tensor<2xf32>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2xi32>) -> tensor<2xf32>
  %4 = stablehlo.convert %i : (tensor<2xi32>) -> tensor<2xf32>
  // CHECK: stablehlo.count_leading_zeros
  %5 = stablehlo.count_leading_zeros %i : tensor<2xi32>
  // CHECK: stablehlo.cosine
  %6 = stablehlo.cosine %f : tensor<2xf32>
  // CHECK: stablehlo.exponential %{{.*}} {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}
  %7 = stablehlo.exponential %f {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-5, rtol = 0.0, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
  // CHECK: stablehlo.exponential_minus_one
  %8 = stablehlo.exponential_minus_one %f : tensor<2xf32>
  // CHECK: stablehlo.floor
  %9 = stablehlo.floor %f : tensor<2xf32>
  // CHECK: stablehlo.imag %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %10 = stablehlo.imag %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<2xf32>) -> tensor<2xi1>
  %11 = stablehlo.is_finite %f : (tensor<2xf32>) -> tensor<2xi1>
  // CHECK: stablehlo.log
  %12 = stablehlo.log %f : tensor<2xf32>
  // CHECK: stablehlo.log_plus_one
  %13 = stablehlo.log_plus_one %f : tensor<2xf32>
  // CHECK: stablehlo.logistic
  %14 = stablehlo.logistic %f : tensor<2xf32>
  // CHECK: stablehlo.negate
  %15 = stablehlo.negate %i : tensor<2xi32>
  // CHECK: stablehlo.not
  %16 = stablehlo.not %i : tensor<2xi32>
  // CHECK: stablehlo.popcnt
  %17 = stablehlo.popcnt %i : tensor<2xi32>
  // CHECK: stablehlo.real %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %18 = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK: stablehlo.round_nearest_afz
  %19 = stablehlo.round_nearest_afz %f : tensor<2xf32>
  // CHECK: stablehlo.round_nearest_even
  %20 = stablehlo.round_nearest_even %f : tensor<2xf32>
  // CHECK: stablehlo.rsqrt
  %21 = stablehlo.rsqrt %f : tensor<2xf32>
  // CHECK: stablehlo.sign
  %22 = stablehlo.sign %f : tensor<2xf32>
  // CHECK: stablehlo.sine
  %23 = stablehlo.sine %f : tensor<2xf32>
  // CHECK: stablehlo.sqrt
  %24 = stablehlo.sqrt %f : tensor<2xf32>
  // CHECK: stablehlo.tan
  %25 = stablehlo.tan %f : tensor<2xf32>
  // CHECK: stablehlo.tanh
  %26 = stablehlo.tanh %f : tensor<2xf32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<2xf32>) -> tensor<2x2xi16>
  %27 = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2x2xi16>
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m10 : tensor<2xf32>
  %28 = stablehlo.reduce_precision %f, format = e5m10 : tensor<2xf32>
  func.return
}

// CHECK-LABEL: func @quantization
func.func @quantization(%f: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
  %0 = stablehlo.uniform_quantize %f : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
  %1 = stablehlo.add %0, %0 : tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  // CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2xf32>
  %2 = stablehlo.uniform_dequantize %1 : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xf32>
  func.return %2 : tensor<2xf32>
}

// CHECK-LABEL: func @binary
func.func @binary(%f: tensor<2xf32>, %i: tensor<2xui8>, %p: tensor<2xi1>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<2xf32>
  %0 = stablehlo.add %f, %f : tensor<2xf32>
  // CHECK: stablehlo.and %{{.*}}, %{{.*}} : tensor<2xi1>
  %1 = stablehlo.and %p, %p : tensor<2xi1>
  // CHECK: stablehlo.atan2
  %2 = stablehlo.atan2 %f, %f : tensor<2xf32>
  // CHECK: stablehlo.complex %{{.*}}, %{{.*}} : tensor<2xcomplex<f32>>
  %3 = stablehlo.complex %f, %f : tensor<2xcomplex<f32>>
  // CHECK: stablehlo.divide
  %4 = stablehlo.divide %f, %f : tensor<2xf32>
  // CHECK: stablehlo.maximum
  %5 = stablehlo.maximum %i, %i : tensor<2xui8>
  // CHECK: stablehlo.minimum
  %6 = stablehlo.minimum %i, %i : tensor<2xui8>
  // CHECK: stablehlo.multiply
  %7 = stablehlo.multiply %f, %f : tensor<2xf32>
  // CHECK: stablehlo.or
  %8 = stablehlo.or %i, %i : tensor<2xui8>
  // CHECK: stablehlo.power
  %9 = stablehlo.power %f, %f : tensor<2xf32>
  // CHECK: stablehlo.remainder
  %10 = stablehlo.remainder %i, %i : tensor<2xui8>
  // CHECK: stablehlo.shift_left
  %11 = stablehlo.shift_left %i, %i : tensor<2xui8>
  // CHECK: stablehlo.shift_right_arithmetic
  %12 = stablehlo.shift_right_arithmetic %i, %i : tensor<2xui8>
  // CHECK: stablehlo.shift_right_logical
  %13 = stablehlo.shift_right_logical %i, %i : tensor<2xui8>
  // CHECK: stablehlo.subtract
  %14 = stablehlo.subtract %f, %f : tensor<2xf32>
  // CHECK: stablehlo.xor
  %15 = stablehlo.xor %i, %i : tensor<2xui8>
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %16 = stablehlo.compare LT, %f, %f, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  // CHECK: stablehlo.compare EQ, %{{.*}}, %{{.*}} : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  %17 = stablehlo.compare EQ, %i, %i : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xi1>, tensor<2xf32>
  %18 = stablehlo.select %p, %f, %f : tensor<2xi1>, tensor<2xf32>
  func.return
}

// CHECK-LABEL: func @clamp_scalar_bounds
func.func @clamp_scalar_bounds(%min: tensor<f32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %0 = stablehlo.clamp %min, %x, %min : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xf32>
  %1 = stablehlo.clamp %0, %0, %0 : tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
