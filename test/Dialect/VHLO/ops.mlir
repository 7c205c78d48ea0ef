// RUN: hlox-opt %s | FileCheck %s
// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s
// RUN: hlox-opt %s -emit-bytecode | hlox-opt | FileCheck %s

// The VHLO types and attributes print in their own syntax, and a module
// of VHLO round-trips through text.

// CHECK-LABEL: vhlo.func_v1 @types(
// CHECK-SAME: %arg0: !vhlo.tensor_v1<2x?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [?, 4]>>
// CHECK-SAME: %arg1: !vhlo.tuple_v1<!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.token_v1>
// CHECK-SAME: %arg2: !vhlo.tensor_v1<3x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 3.400000e+01:16, -128:127, 1>>
// CHECK-SAME: %arg3: !vhlo.tensor_v1<2x!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 0, [2.000000e+00, 5.000000e-01], [0, 1], -128:127, 1>>
// CHECK-SAME: %arg4: !vhlo.unranked_tensor_v1<!vhlo.tf31_v1>
// CHECK-SAME: %arg5: !vhlo.future_v1<!vhlo.tensor_v1<!vhlo.ui4_v1>>
// CHECK-SAME: -> (!vhlo.buffer_v1<2x!vhlo.f8E4M3FN_v1>)
vhlo.func_v1 @types(%arg0: !vhlo.tensor_v1<2x?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [?, 4]>>,
                    %arg1: !vhlo.tuple_v1<!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f64_v1>>, !vhlo.token_v1>,
                    %arg2: !vhlo.tensor_v1<3x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 3.400000e+01:16, -128:127, 1>>,
                    %arg3: !vhlo.tensor_v1<2x!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 0, [2.0, 0.5], [0, 1], -128:127, 1>>,
                    %arg4: !vhlo.unranked_tensor_v1<!vhlo.tf31_v1>,
                    %arg5: !vhlo.future_v1<!vhlo.tensor_v1<!vhlo.ui4_v1>>)
    -> (!vhlo.buffer_v1<2x!vhlo.f8E4M3FN_v1>) {
  %0 = "vhlo.custom_call_v2"() <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{#vhlo.string_v1<"n"> = #vhlo.integer_v1<7 : i32>}>, call_target_name = #vhlo.string_v1<"buffer">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[#vhlo.output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = [1]>]>, result_layouts = #vhlo.array_v1<[]>, result_tilings = #vhlo.array_v1<[]>}> : () -> !vhlo.buffer_v1<2x!vhlo.f8E4M3FN_v1>
  "vhlo.return_v1"(%0) : (!vhlo.buffer_v1<2x!vhlo.f8E4M3FN_v1>) -> ()
} attributes {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}

// CHECK-LABEL: vhlo.func_v1 @attributes()
// CHECK: #vhlo.float_v1<1.500000e+00 : !vhlo.bf16_v1>
// CHECK-SAME: #vhlo.integer_v1<-3 : i64>
// CHECK-SAME: #vhlo.integer_v1<200 : ui8>
// CHECK-SAME: #vhlo.tensor_v1<dense<[true, false]> : tensor<2xi1>>
// CHECK-SAME: #vhlo.string_v1<"a\22b\0A">
// CHECK-SAME: #vhlo.type_v1<!vhlo.none_v1>
// CHECK-SAME: #vhlo<comparison_direction_v1 GE>
// CHECK-SAME: #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.mesh_v1<axes = #vhlo.array_v1<[#vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 4>]>>, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">, sub_axis_info = #vhlo.sub_axis_info_v1<pre_size = 1, size = 2>>]>>
vhlo.func_v1 @attributes() -> () {
  "vhlo.return_v1"() : () -> ()
} attributes {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">,
   all = #vhlo.array_v1<[#vhlo.float_v1<1.5 : !vhlo.bf16_v1>, #vhlo.integer_v1<-3 : i64>, #vhlo.integer_v1<200 : ui8>,
                         #vhlo.tensor_v1<dense<[true, false]> : tensor<2xi1>>, #vhlo.string_v1<"a\"b\n">,
                         #vhlo.type_v1<!vhlo.none_v1>, #vhlo<comparison_direction_v1 GE>,
                         #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.mesh_v1<axes = #vhlo.array_v1<[#vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 4>]>>, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">, sub_axis_info = #vhlo.sub_axis_info_v1<pre_size = 1, size = 2>>]>>]>}
