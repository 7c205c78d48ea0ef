// RUN: hlox-opt --split-input-file --stablehlo-lower-quantized %s | FileCheck %s
// RUN: hlox-run --opaque-constants --function=add_quantized %s
// RUN: hlox-run --opaque-constants --function=per_axis %s

// quantize: round(x / scale) + zero point, clamped, in the storage type;
// dequantize: (storage - zero point) * scale. Ops on quantized values run
// on dequantized operands and quantize their results.
// CHECK-LABEL: func.func @add_quantized
// CHECK-NOT: !quant.uniform
// CHECK: stablehlo.divide
// CHECK: stablehlo.round_nearest_even
// CHECK: stablehlo.clamp
// CHECK: stablehlo.convert {{.*}} -> tensor<4xi8>
// CHECK: stablehlo.add {{.*}} : tensor<4xf32>
func.func @add_quantized() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 100.0]> : tensor<4xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %s = stablehlo.add %q, %q : tensor<4x!quant.uniform<i8:f32, 0.5:-1>>
  %d = stablehlo.uniform_dequantize %s : (tensor<4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<4xf32>
  // 100 + 100 saturates at (127 + 1) * 0.5.
  check.expect_eq_const %d, dense<[0.0, 2.0, -2.0, 64.0]> : tensor<4xf32>
  return
}

// -----

// Quantized arguments and results take the storage type.
// CHECK-LABEL: func.func @signature
// CHECK-SAME: (%{{.+}}: tensor<2xi8>) -> tensor<2xi8>
func.func @signature(%q: tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>> {
  %0 = stablehlo.negate %q : tensor<2x!quant.uniform<i8:f32, 0.5:0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:0>>
}

// -----

// Per-axis quantization: the scales and zero points broadcast along the
// quantized dimension; bitcast_convert reads the storage.
// CHECK-LABEL: func.func @per_axis
// CHECK-NOT: !quant.uniform
// CHECK: stablehlo.constant dense<[1.000000e-01, 5.000000e-01]> : tensor<2xf32>
// CHECK: stablehlo.broadcast_in_dim {{.*}} dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.constant dense<[-3.000000e+01, -2.000000e+01]> : tensor<2xf64>
// CHECK-NOT: stablehlo.bitcast_convert
func.func @per_axis() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [-1.0, 0.0], [0.5, 100.0]]> : tensor<3x2xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<3x2xf32>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>
  %b = stablehlo.bitcast_convert %q : (tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>) -> tensor<3x2xi8>
  check.expect_eq_const %b, dense<[[-20, -16], [-40, -20], [-25, 127]]> : tensor<3x2xi8>
  %d = stablehlo.uniform_dequantize %q : (tensor<3x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %d, dense<[[1.0, 2.0], [-1.0, 0.0], [0.5, 73.5]]> : tensor<3x2xf32>
  return
}
