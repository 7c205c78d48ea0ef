// RUN: hlox-opt %s --stablehlo-legalize-to-vhlo --split-input-file --verify-diagnostics | FileCheck %s

// Functions get their VHLO defaults; a declaration keeps its type.
// CHECK-LABEL: vhlo.func_v1 @callee(!vhlo.tensor_v1<!vhlo.f32_v1>) -> (!vhlo.tensor_v1<!vhlo.f32_v1>)
// CHECK-SAME: sym_visibility = #vhlo.string_v1<"private">
func.func private @callee(%arg0: tensor<f32>) -> tensor<f32>

// CHECK-LABEL: vhlo.func_v1 @defaults(
// CHECK: "vhlo.compare_v1"
// CHECK-SAME: compare_type = #vhlo<comparison_type_v1 NOTYPE>
// CHECK: "vhlo.convolution_v1"
// CHECK-SAME: input_batch_dimension = #vhlo.integer_v1<0 : i64>
// CHECK-SAME: input_spatial_dimensions = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>
// CHECK-SAME: lhs_dilation = #vhlo.tensor_v1<dense<1> : tensor<2xi64>>
// CHECK-SAME: padding = #vhlo.tensor_v1<dense<0> : tensor<2x2xi64>>
// CHECK-SAME: precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>
// CHECK-SAME: window_reversal = #vhlo.tensor_v1<dense<false> : tensor<2xi1>>
// CHECK: "vhlo.custom_call_v2"
// CHECK-SAME: api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>
// CHECK-SAME: backend_config = #vhlo.string_v1<"">
// CHECK-SAME: result_tilings = #vhlo.array_v1<[]>
// CHECK: "vhlo.call_v1"
// CHECK-SAME: callee = #vhlo.string_v1<"callee">
// CHECK: "vhlo.return_v1"
// CHECK: } attributes {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @defaults(%a: tensor<f32>, %x: tensor<1x4x4x1xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<i1> {
  %0 = stablehlo.compare EQ, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32>
  %2 = stablehlo.custom_call @target(%a) {api_version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  %3 = func.call @callee(%2) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<i1>
}

// Structured attributes are spelled out field by field.
// CHECK-LABEL: vhlo.func_v1 @structured(
// CHECK: "vhlo.dot_general_v2"
// CHECK-SAME: accumulation_type = #vhlo.type_v1<!vhlo.f32_v1>
// CHECK-SAME: lhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>
// CHECK-SAME: lhs_precision_type = #vhlo.type_v1<!vhlo.tf31_v1>
// CHECK: "vhlo.send_v2"
// CHECK-SAME: channel_id = #vhlo.integer_v1<5 : i64>
// CHECK-SAME: channel_type = #vhlo.integer_v1<2 : i64>
// CHECK-SAME: is_host_transfer = #vhlo.bool_v1<true>
// CHECK-SAME: source_target_pairs = #vhlo.tensor_v1<dense<> : tensor<0xi64>>
// CHECK: "vhlo.all_gather_v2"
// CHECK-SAME: channel_id = #vhlo.integer_v1<1 : i64>
// CHECK-SAME: use_global_device_ids = #vhlo.bool_v1<true>
// CHECK: "vhlo.gather_v2"
// CHECK-SAME: indices_are_sorted = #vhlo.bool_v1<false>
// CHECK-SAME: operand_batching_dims = #vhlo.tensor_v1<dense<> : tensor<0xi64>>
// CHECK-SAME: slice_sizes = #vhlo.tensor_v1<dense<[1, 3]> : tensor<2xi64>>
// CHECK: "vhlo.exponential_v2"
// CHECK-SAME: result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>
func.func @structured(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %t: !stablehlo.token, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2x3xf32>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.gather"(%2, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %4 = stablehlo.exponential %3 : tensor<2x3xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @typed_string(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.custom_call' that was explicitly marked illegal: attribute 'call_target_name' has no VHLO form}}
  %0 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo" : tensor<3xf32>} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal: attribute 'function_type' has no VHLO form}}
func.func @signed(%arg0: tensor<si8>) -> tensor<si8> {
  func.return %arg0 : tensor<si8>
}
