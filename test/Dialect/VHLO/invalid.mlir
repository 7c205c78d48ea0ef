// RUN: hlox-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expected VHLO key attribute}}
func.func @builtin_key() attributes {x = #vhlo.dict_v1<{"k" = #vhlo.array_v1<[]>}>} {
  return
}

// -----

// expected-error @+1 {{expected VHLO result accuracy mode}}
func.func @builtin_mode() attributes {x = #vhlo.result_accuracy_v1<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} {
  return
}

// -----

// expected-error @+1 {{expected VHLO type, got 'f32'}}
func.func @builtin_element(%arg0: !vhlo.tensor_v1<2xf32>) {
  return
}

// -----

// expected-error @+1 {{expected VHLO type, got 'f32'}}
func.func @builtin_type_attr() attributes {x = #vhlo.type_v1<f32>} {
  return
}

// -----

// expected-error @+1 {{expected a VHLO float type}}
func.func @integer_float() attributes {x = #vhlo.float_v1<1.0 : !vhlo.i32_v1>} {
  return
}

// -----

// expected-error @+1 {{no VHLO integer type for 'si32'}}
func.func @signed_integer() attributes {x = #vhlo.integer_v1<1 : si32>} {
  return
}
