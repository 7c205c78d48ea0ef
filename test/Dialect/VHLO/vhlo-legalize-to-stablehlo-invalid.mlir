// RUN: hlox-opt %s --vhlo-legalize-to-stablehlo --verify-diagnostics

// An op in an older form: vhlo-to-version must run first.
vhlo.func_v1 @old(%arg0: !vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<!vhlo.f32_v1>) {
  // expected-error @+1 {{'vhlo.exponential_v1' is not the current form of the op: run vhlo-to-version{target=current} first}}
  %0 = "vhlo.exponential_v1"(%arg0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
} attributes {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
