// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @format_not_small(%bits: i8) {
  // expected-error @+1 {{format must be a 4-, 6- or 8-bit float type, not 'f16'}}
  %0 = special.decode_small_float %bits {format = f16} : i8 -> f32
  return
}

// -----

func.func @encode_format_not_small(%x: f64) {
  // expected-error @+1 {{format must be a 4-, 6- or 8-bit float type, not 'i8'}}
  %0 = special.encode_small_float %x {format = i8} : f64 -> i8
  return
}

// -----

func.func @encode_from_f32(%x: f32) {
  // expected-error @+1 {{operand #0 must be 64-bit float}}
  %0 = "special.encode_small_float"(%x) <{format = f8E5M2}> : (f32) -> i8
  return
}

// -----

func.func @mixed_types(%x: f32, %y: f64) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "special.zeta"(%x, %y) : (f32, f64) -> f32
  return
}

// -----

func.func @integer_operand(%x: i32) {
  // expected-error @+1 {{operand #0 must be floating-point}}
  %0 = "special.lgamma"(%x) : (i32) -> i32
  return
}
