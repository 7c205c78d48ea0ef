// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @abs_c2_wrong_result(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{/*abs_c2*/ result element type must be 'f32'}}
  %0 = stablehlo.abs %x : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  func.return
}

// -----

func.func @real_c2_wrong_result(%x: tensor<2xcomplex<f64>>) {
  // expected-error @+1 {{/*real_c2*/ result element type must be 'f64', got 'f32'}}
  %0 = stablehlo.real %x : (tensor<2xcomplex<f64>>) -> tensor<2xf32>
  func.return
}

// -----

func.func @imag_c2_wrong_result(%x: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{/*imag_c2*/ result element type must be 'f32', got 'f64'}}
  %0 = stablehlo.imag %x : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  func.return
}

// -----

func.func @complex_c1_mismatched_operands(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{/*complex_c1*/ lhs and rhs must have the same type}}
  %0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @complex_c3_wrong_result(%a: tensor<2xf32>) {
  // expected-error @+1 {{/*complex_c3*/ result element type must be 'complex<f32>'}}
  %0 = stablehlo.complex %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @bitcast_convert_c1_same_width(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*bitcast_convert_c1*/ operand and result shapes must match}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @bitcast_convert_c1_ratio(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*bitcast_convert_c1*/ the narrower side must have the wider side's shape plus a last dimension of 4}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x2xi8>
  func.return
}

// -----

func.func @reduce_precision_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*reduce_precision_c2*/ exponent_bits must be >= 1}}
  %0 = stablehlo.reduce_precision %x, format = e0m10 : tensor<2xf32>
  func.return
}

// -----

func.func @compare_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{/*compare_c1*/ lhs and rhs must have the same element type}}
  %0 = stablehlo.compare LT, %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  func.return
}

// -----

func.func @compare_c3(%a: tensor<2xi32>) {
  // expected-error @+1 {{/*compare_c3*/ compare_type FLOAT does not apply to 'i32'}}
  %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  func.return
}

// -----

// Complex numbers compare as FLOAT; upstream's SIGNED/UNSIGNED pass, not
// TOTALORDER.
func.func @compare_c3_complex(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{/*compare_c3*/ compare_type TOTALORDER does not apply to 'complex<f32>'}}
  %0 = stablehlo.compare EQ, %a, %a, TOTALORDER : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  func.return
}

// -----

func.func @select_c1(%p: tensor<3xi1>, %x: tensor<2xf32>) {
  // expected-error @+1 {{/*select_c1*/ pred must be 0-d or have the shape of on_true}}
  %0 = stablehlo.select %p, %x, %x : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @select_c2(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{/*select_c2*/ on_true, on_false and result must have the same type}}
  %0 = stablehlo.select %p, %x, %y : (tensor<i1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @clamp_c1(%m: tensor<3xf32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{/*clamp_c1*/ min must be 0-d or have the shape of operand}}
  %0 = stablehlo.clamp %m, %x, %x : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @clamp_c3(%m: tensor<f64>, %x: tensor<2xf32>) {
  // expected-error @+1 {{/*clamp_c3*/ max must have the element type of operand}}
  %0 = stablehlo.clamp %x, %x, %m : (tensor<2xf32>, tensor<2xf32>, tensor<f64>) -> tensor<2xf32>
  func.return
}

// -----

func.func @add_wrong_element_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.and' op operand #0 must be ranked tensor of pred (i1) or 2/4/8/16/32/64-bit signless integer or 2/4/8/16/32/64-bit unsigned integer values}}
  %0 = stablehlo.and %x, %x : tensor<2xf32>
  func.return
}

// -----

func.func @unranked_rejected(%x: tensor<*xf32>) {
  // expected-error @+1 {{must be ranked tensor}}
  %0 = stablehlo.negate %x : tensor<*xf32>
  func.return
}

// -----

func.func @add_inferred_type_mismatch(%x: tensor<2xf32>) {
  // expected-error @+2 {{'stablehlo.add' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.add %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  func.return
}

// -----

func.func @tuple_inferred_type_mismatch(%x: tensor<2xf32>) {
  // expected-error @+2 {{'stablehlo.tuple' op inferred type(s) 'tuple<tensor<2xf32>>' are incompatible with return type(s) of operation 'tuple<tensor<3xf32>>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<3xf32>>
  func.return
}

// -----

func.func @clamp_c4(%x: tensor<3xf32>) {
  // expected-error @+1 {{/*clamp_c4*/ result must have the shape of operand}}
  %0 = "stablehlo.clamp"(%x, %x, %x) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reduce_precision_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*reduce_precision_c3*/ mantissa_bits must be >= 0}}
  %0 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = -1 : i32}> : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @clamp_c2(%m: tensor<3xf32>, %x: tensor<2xf32>) {
  // expected-error @+1 {{/*clamp_c2*/ max must be 0-d or have the shape of operand}}
  %0 = stablehlo.clamp %x, %x, %m : (tensor<2xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @uniform_quantize_expressed_type(%x: tensor<2xf16>) {
  // expected-error @+1 {{the result's expressed type must be 'f16'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf16>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  func.return
}

// -----

func.func @uniform_dequantize_expressed_type(%x: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) {
  // expected-error @+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xf16>
  func.return
}
