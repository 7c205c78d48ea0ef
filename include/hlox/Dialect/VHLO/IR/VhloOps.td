//===- VhloOps.td - VHLO ops -------------------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// One op per form a StableHLO op has had. `_v1` is the form of 0.9.0 (or of
// the release that brought the op); a change of operands, attributes or
// regions made a `_v2` next to it, and `vhlo-to-version` moves between them.
// Operands and results are any type, attributes any attribute, all of them
// required: VHLO keeps what the program holds, StableHLO checks it.
//
// Attributes are properties; their bytecode order is by name.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLO_OPS
#define HLOX_DIALECT_VHLO_IR_VHLO_OPS

include "hlox/Dialect/VHLO/IR/VhloAttrs.td"
include "hlox/Dialect/VHLO/IR/VhloEnums.td"
include "hlox/Dialect/VHLO/IR/VhloTypes.td"

class VHLO_Op<string mnemonic, string minVersion, string maxVersion,
              list<Trait> traits = []>
    : Op<Vhlo_Dialect, mnemonic,
         [VHLO_VersionedOpInterface] # traits> {
  let extraClassDeclaration = VHLO_VersionMethods<minVersion, maxVersion>.decl;
}

def VHLO_AbsOpV1 : VHLO_Op<"abs_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.abs`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_AddOpV1 : VHLO_Op<"add_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.add`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_AfterAllOpV1 : VHLO_Op<"after_all_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.after_all`";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$result);
}

def VHLO_AllGatherOpV1 : VHLO_Op<"all_gather_v1", "0.9.0", "1.4.0"> {
  let summary = "`stablehlo.all_gather`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$all_gather_dim,
                       AnyAttr:$channel_id,
                       AnyAttr:$replica_groups,
                       AnyAttr:$use_global_device_ids);
  let results = (outs AnyType:$result);
}

def VHLO_AllGatherOpV2 : VHLO_Op<"all_gather_v2", "1.5.0", "current"> {
  let summary = "`stablehlo.all_gather`";
  let arguments = (ins Variadic<AnyType>:$operands,
                       AnyAttr:$all_gather_dim,
                       AnyAttr:$channel_id,
                       AnyAttr:$replica_groups,
                       AnyAttr:$use_global_device_ids);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_AllReduceOpV1 : VHLO_Op<"all_reduce_v1", "0.9.0", "1.4.0", [DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.all_reduce`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$channel_id,
                       AnyAttr:$replica_groups,
                       AnyAttr:$use_global_device_ids);
  let regions = (region AnyRegion:$computation);
  let results = (outs AnyType:$result);
}

def VHLO_AllReduceOpV2 : VHLO_Op<"all_reduce_v2", "1.5.0", "current"> {
  let summary = "`stablehlo.all_reduce`";
  let arguments = (ins Variadic<AnyType>:$operands,
                       AnyAttr:$channel_id,
                       AnyAttr:$replica_groups,
                       AnyAttr:$use_global_device_ids);
  let regions = (region AnyRegion:$computation);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_AllToAllOpV1 : VHLO_Op<"all_to_all_v1", "0.9.0", "1.4.0"> {
  let summary = "`stablehlo.all_to_all`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$channel_id,
                       AnyAttr:$concat_dimension,
                       AnyAttr:$replica_groups,
                       AnyAttr:$split_count,
                       AnyAttr:$split_dimension);
  let results = (outs AnyType:$result);
}

def VHLO_AllToAllOpV2 : VHLO_Op<"all_to_all_v2", "1.5.0", "current"> {
  let summary = "`stablehlo.all_to_all`";
  let arguments = (ins Variadic<AnyType>:$operands,
                       AnyAttr:$channel_id,
                       AnyAttr:$concat_dimension,
                       AnyAttr:$replica_groups,
                       AnyAttr:$split_count,
                       AnyAttr:$split_dimension);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_AndOpV1 : VHLO_Op<"and_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.and`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_AsyncStartOpV1 : VHLO_Op<"async_start_v1", "1.15.0", "current"> {
  let summary = "`stablehlo.async_start`";
  let arguments = (ins Variadic<AnyType>:$operands);
  let regions = (region AnyRegion:$collective);
  let results = (outs AnyType:$result);
}

def VHLO_AsyncDoneOpV1 : VHLO_Op<"async_done_v1", "1.15.0", "current"> {
  let summary = "`stablehlo.async_done`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_Atan2OpV1 : VHLO_Op<"atan2_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.atan2`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_BatchNormGradOpV1 : VHLO_Op<"batch_norm_grad_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.batch_norm_grad`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$scale,
                       AnyType:$mean,
                       AnyType:$variance,
                       AnyType:$grad_output,
                       AnyAttr:$epsilon,
                       AnyAttr:$feature_index);
  let results = (outs AnyType:$grad_operand,
                      AnyType:$grad_scale,
                      AnyType:$grad_offset);
}

def VHLO_BatchNormInferenceOpV1 : VHLO_Op<"batch_norm_inference_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.batch_norm_inference`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$scale,
                       AnyType:$offset,
                       AnyType:$mean,
                       AnyType:$variance,
                       AnyAttr:$epsilon,
                       AnyAttr:$feature_index);
  let results = (outs AnyType:$result);
}

def VHLO_BatchNormTrainingOpV1 : VHLO_Op<"batch_norm_training_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.batch_norm_training`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$scale,
                       AnyType:$offset,
                       AnyAttr:$epsilon,
                       AnyAttr:$feature_index);
  let results = (outs AnyType:$output,
                      AnyType:$batch_mean,
                      AnyType:$batch_var);
}

def VHLO_BitcastConvertOpV1 : VHLO_Op<"bitcast_convert_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.bitcast_convert`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_BroadcastInDimOpV1 : VHLO_Op<"broadcast_in_dim_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.broadcast_in_dim`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$broadcast_dimensions);
  let results = (outs AnyType:$result);
}

def VHLO_BroadcastOpV1 : VHLO_Op<"broadcast_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.broadcast`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$broadcast_sizes);
  let results = (outs AnyType:$result);
}

def VHLO_CallOpV1 : VHLO_Op<"call_v1", "0.9.0", "current"> {
  let summary = "call of a function";
  let arguments = (ins Variadic<AnyType>:$operands,
                       AnyAttr:$callee);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_CaseOpV1 : VHLO_Op<"case_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.case`";
  let arguments = (ins AnyType:$index);
  let regions = (region VariadicRegion<AnyRegion>:$branches);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_CbrtOpV1 : VHLO_Op<"cbrt_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.cbrt`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_CbrtOpV2 : VHLO_Op<"cbrt_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.cbrt`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_CeilOpV1 : VHLO_Op<"ceil_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.ceil`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_CholeskyOpV1 : VHLO_Op<"cholesky_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.cholesky`";
  let arguments = (ins AnyType:$a,
                       AnyAttr:$lower);
  let results = (outs AnyType:$result);
}

def VHLO_ClampOpV1 : VHLO_Op<"clamp_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.clamp`";
  let arguments = (ins AnyType:$min,
                       AnyType:$operand,
                       AnyType:$max);
  let results = (outs AnyType:$result);
}

def VHLO_CountLeadingZerosOpV1 : VHLO_Op<"count_leading_zeros_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.count_leading_zeros`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_CollectiveBroadcastOpV1 : VHLO_Op<"collective_broadcast_v1", "0.16.0", "1.19.0"> {
  let summary = "`stablehlo.collective_broadcast`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$channel_id,
                       AnyAttr:$replica_groups);
  let results = (outs AnyType:$result);
}

def VHLO_CollectiveBroadcastOpV2 : VHLO_Op<"collective_broadcast_v2", "1.20.0", "current"> {
  let summary = "`stablehlo.collective_broadcast`";
  let arguments = (ins Variadic<AnyType>:$operands,
                       AnyAttr:$channel_id,
                       AnyAttr:$has_dynamic_root,
                       AnyAttr:$replica_groups);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_CollectiveReduceOpV1 : VHLO_Op<"collective_reduce_v1", "1.19.0", "current"> {
  let summary = "`stablehlo.collective_reduce`";
  let arguments = (ins Variadic<AnyType>:$operands,
                       AnyAttr:$channel_id,
                       AnyAttr:$has_dynamic_root,
                       AnyAttr:$replica_groups,
                       AnyAttr:$use_global_device_ids);
  let regions = (region AnyRegion:$computation);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_CollectivePermuteOpV1 : VHLO_Op<"collective_permute_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.collective_permute`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$channel_id,
                       AnyAttr:$source_target_pairs);
  let results = (outs AnyType:$result);
}

def VHLO_CompareOpV1 : VHLO_Op<"compare_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.compare`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyAttr:$compare_type,
                       AnyAttr:$comparison_direction);
  let results = (outs AnyType:$result);
}

def VHLO_ComplexOpV1 : VHLO_Op<"complex_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.complex`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_CompositeOpV1 : VHLO_Op<"composite_v1", "0.19.0", "1.13.0"> {
  let summary = "`stablehlo.composite`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$composite_attributes,
                       AnyAttr:$decomposition,
                       AnyAttr:$name,
                       AnyAttr:$version);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_CompositeOpV2 : VHLO_Op<"composite_v2", "1.14.0", "current"> {
  let summary = "`stablehlo.composite`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$composite_attributes,
                       AnyAttr:$decomposition,
                       AnyAttr:$name,
                       AnyAttr:$version);
  let regions = (region VariadicRegion<AnyRegion>:$composite_regions);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_ConcatenateOpV1 : VHLO_Op<"concatenate_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.concatenate`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$dimension);
  let results = (outs AnyType:$result);
}

def VHLO_ConstantOpV1 : VHLO_Op<"constant_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.constant`";
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$output);
}

def VHLO_ConvertOpV1 : VHLO_Op<"convert_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.convert`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_ConvolutionOpV1 : VHLO_Op<"convolution_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.convolution`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyAttr:$batch_group_count,
                       AnyAttr:$feature_group_count,
                       AnyAttr:$input_batch_dimension,
                       AnyAttr:$input_feature_dimension,
                       AnyAttr:$input_spatial_dimensions,
                       AnyAttr:$kernel_input_feature_dimension,
                       AnyAttr:$kernel_output_feature_dimension,
                       AnyAttr:$kernel_spatial_dimensions,
                       AnyAttr:$lhs_dilation,
                       AnyAttr:$output_batch_dimension,
                       AnyAttr:$output_feature_dimension,
                       AnyAttr:$output_spatial_dimensions,
                       AnyAttr:$padding,
                       AnyAttr:$precision_config,
                       AnyAttr:$rhs_dilation,
                       AnyAttr:$window_reversal,
                       AnyAttr:$window_strides);
  let results = (outs AnyType:$result);
}

def VHLO_CosineOpV1 : VHLO_Op<"cosine_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.cosine`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_CosineOpV2 : VHLO_Op<"cosine_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.cosine`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_CreateTokenOpV1 : VHLO_Op<"create_token_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.create_token`";
  let results = (outs AnyType:$output);
}

def VHLO_CrossReplicaSumOpV1 : VHLO_Op<"cross-replica-sum_v1", "0.9.0", "current"> {
  let summary = "`cross-replica-sum` (all-reduce with sum, from MHLO)";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$replica_groups);
  let results = (outs AnyType:$result);
}

def VHLO_CustomCallOpV1 : VHLO_Op<"custom_call_v1", "0.9.0", "1.17.0", [DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.custom_call`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$api_version,
                       AnyAttr:$backend_config,
                       AnyAttr:$call_target_name,
                       AnyAttr:$called_computations,
                       AnyAttr:$has_side_effect,
                       AnyAttr:$operand_layouts,
                       AnyAttr:$output_operand_aliases,
                       AnyAttr:$result_layouts);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_CustomCallOpV2 : VHLO_Op<"custom_call_v2", "1.18.0", "current"> {
  let summary = "`stablehlo.custom_call`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$api_version,
                       AnyAttr:$backend_config,
                       AnyAttr:$call_target_name,
                       AnyAttr:$called_computations,
                       AnyAttr:$has_side_effect,
                       AnyAttr:$operand_layouts,
                       AnyAttr:$output_operand_aliases,
                       AnyAttr:$result_layouts,
                       AnyAttr:$result_tilings);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_DivideOpV1 : VHLO_Op<"divide_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.divide`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_DotGeneralOpV1 : VHLO_Op<"dot_general_v1", "0.9.0", "1.5.0"> {
  let summary = "`stablehlo.dot_general`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyAttr:$lhs_batching_dimensions,
                       AnyAttr:$lhs_contracting_dimensions,
                       AnyAttr:$precision_config,
                       AnyAttr:$rhs_batching_dimensions,
                       AnyAttr:$rhs_contracting_dimensions);
  let results = (outs AnyType:$result);
}

def VHLO_DotGeneralOpV2 : VHLO_Op<"dot_general_v2", "1.6.0", "current"> {
  let summary = "`stablehlo.dot_general`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyAttr:$accumulation_type,
                       AnyAttr:$allow_imprecise_accumulation,
                       AnyAttr:$lhs_batching_dimensions,
                       AnyAttr:$lhs_component_count,
                       AnyAttr:$lhs_contracting_dimensions,
                       AnyAttr:$lhs_precision_type,
                       AnyAttr:$num_primitive_operations,
                       AnyAttr:$precision_config,
                       AnyAttr:$rhs_batching_dimensions,
                       AnyAttr:$rhs_component_count,
                       AnyAttr:$rhs_contracting_dimensions,
                       AnyAttr:$rhs_precision_type);
  let results = (outs AnyType:$result);
}

def VHLO_DotOpV1 : VHLO_Op<"dot_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dot`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyAttr:$precision_config);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicBroadcastInDimOpV1 : VHLO_Op<"dynamic_broadcast_in_dim_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dynamic_broadcast_in_dim`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$output_dimensions,
                       AnyAttr:$broadcast_dimensions,
                       AnyAttr:$known_expanding_dimensions,
                       AnyAttr:$known_nonexpanding_dimensions);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicConvOpV1 : VHLO_Op<"dynamic_conv_v1", "0.9.0", "0.19.0"> {
  let summary = "`stablehlo.dynamic_conv`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyType:$d_padding,
                       AnyAttr:$batch_group_count,
                       AnyAttr:$feature_group_count,
                       AnyAttr:$input_batch_dimension,
                       AnyAttr:$input_feature_dimension,
                       AnyAttr:$input_spatial_dimensions,
                       AnyAttr:$kernel_input_feature_dimension,
                       AnyAttr:$kernel_output_feature_dimension,
                       AnyAttr:$kernel_spatial_dimensions,
                       AnyAttr:$lhs_dilation,
                       AnyAttr:$output_batch_dimension,
                       AnyAttr:$output_feature_dimension,
                       AnyAttr:$output_spatial_dimensions,
                       AnyAttr:$padding,
                       AnyAttr:$precision_config,
                       AnyAttr:$rhs_dilation,
                       AnyAttr:$window_reversal,
                       AnyAttr:$window_strides);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicConvOpV2 : VHLO_Op<"dynamic_conv_v2", "0.20.0", "current"> {
  let summary = "`stablehlo.dynamic_conv`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyType:$padding,
                       AnyAttr:$batch_group_count,
                       AnyAttr:$feature_group_count,
                       AnyAttr:$input_batch_dimension,
                       AnyAttr:$input_feature_dimension,
                       AnyAttr:$input_spatial_dimensions,
                       AnyAttr:$kernel_input_feature_dimension,
                       AnyAttr:$kernel_output_feature_dimension,
                       AnyAttr:$kernel_spatial_dimensions,
                       AnyAttr:$lhs_dilation,
                       AnyAttr:$output_batch_dimension,
                       AnyAttr:$output_feature_dimension,
                       AnyAttr:$output_spatial_dimensions,
                       AnyAttr:$precision_config,
                       AnyAttr:$rhs_dilation,
                       AnyAttr:$window_reversal,
                       AnyAttr:$window_strides);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicGatherOpV1 : VHLO_Op<"dynamic_gather_v1", "0.9.0", "1.0.0"> {
  let summary = "`stablehlo.dynamic_gather`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$start_indices,
                       AnyType:$slice_sizes,
                       AnyAttr:$collapsed_slice_dims,
                       AnyAttr:$index_vector_dim,
                       AnyAttr:$indices_are_sorted,
                       AnyAttr:$offset_dims,
                       AnyAttr:$start_index_map);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicGatherOpV2 : VHLO_Op<"dynamic_gather_v2", "1.1.0", "current"> {
  let summary = "`stablehlo.dynamic_gather`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$start_indices,
                       AnyType:$slice_sizes,
                       AnyAttr:$collapsed_slice_dims,
                       AnyAttr:$index_vector_dim,
                       AnyAttr:$indices_are_sorted,
                       AnyAttr:$offset_dims,
                       AnyAttr:$operand_batching_dims,
                       AnyAttr:$start_index_map,
                       AnyAttr:$start_indices_batching_dims);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicIotaOpV1 : VHLO_Op<"dynamic_iota_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dynamic_iota`";
  let arguments = (ins AnyType:$output_shape,
                       AnyAttr:$iota_dimension);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicPadOpV1 : VHLO_Op<"dynamic_pad_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dynamic_pad`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$padding_value,
                       AnyType:$edge_padding_low,
                       AnyType:$edge_padding_high,
                       AnyType:$interior_padding);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicReshapeOpV1 : VHLO_Op<"dynamic_reshape_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dynamic_reshape`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$output_shape);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicSliceOpV1 : VHLO_Op<"dynamic_slice_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dynamic_slice`";
  let arguments = (ins AnyType:$operand,
                       Variadic<AnyType>:$start_indices,
                       AnyAttr:$slice_sizes);
  let results = (outs AnyType:$result);
}

def VHLO_DynamicUpdateSliceOpV1 : VHLO_Op<"dynamic_update_slice_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.dynamic_update_slice`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$update,
                       Variadic<AnyType>:$start_indices);
  let results = (outs AnyType:$result);
}

def VHLO_EinsumOpV1 : VHLO_Op<"einsum_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.einsum`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs,
                       AnyAttr:$einsum_config);
  let results = (outs AnyType:$result);
}

def VHLO_ExponentialMinusOneOpV1 : VHLO_Op<"exponential_minus_one_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.exponential_minus_one`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_ExponentialMinusOneOpV2 : VHLO_Op<"exponential_minus_one_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.exponential_minus_one`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_ExponentialOpV1 : VHLO_Op<"exponential_v1", "0.9.0", "1.8.0"> {
  let summary = "`stablehlo.exponential`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_ExponentialOpV2 : VHLO_Op<"exponential_v2", "1.9.0", "current"> {
  let summary = "`stablehlo.exponential`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_FftOpV1 : VHLO_Op<"fft_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.fft`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$fft_length,
                       AnyAttr:$fft_type);
  let results = (outs AnyType:$result);
}

def VHLO_FloorOpV1 : VHLO_Op<"floor_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.floor`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_FuncOpV1 : VHLO_Op<"func_v1", "0.9.0", "current"> {
  let summary = "function";
  let arguments = (ins AnyAttr:$arg_attrs,
                       AnyAttr:$function_type,
                       AnyAttr:$res_attrs,
                       AnyAttr:$sym_name,
                       AnyAttr:$sym_visibility);
  let regions = (region AnyRegion:$body);
  let description = [{
    Prints as `vhlo.func_v1 @name(%arg0: T, ...) -> (R, ...) { ... }`
    followed by `attributes {...}` with the other attributes; a declaration
    (no body) lists its argument types alone.
  }];
  let assemblyFormat = [{
    custom<FunctionBody>($sym_name, $body, $function_type)
    attr-dict-with-keyword
  }];
}

def VHLO_GatherOpV1 : VHLO_Op<"gather_v1", "0.9.0", "1.0.0"> {
  let summary = "`stablehlo.gather`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$start_indices,
                       AnyAttr:$collapsed_slice_dims,
                       AnyAttr:$index_vector_dim,
                       AnyAttr:$indices_are_sorted,
                       AnyAttr:$offset_dims,
                       AnyAttr:$slice_sizes,
                       AnyAttr:$start_index_map);
  let results = (outs AnyType:$result);
}

def VHLO_GatherOpV2 : VHLO_Op<"gather_v2", "1.1.0", "current"> {
  let summary = "`stablehlo.gather`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$start_indices,
                       AnyAttr:$collapsed_slice_dims,
                       AnyAttr:$index_vector_dim,
                       AnyAttr:$indices_are_sorted,
                       AnyAttr:$offset_dims,
                       AnyAttr:$operand_batching_dims,
                       AnyAttr:$slice_sizes,
                       AnyAttr:$start_index_map,
                       AnyAttr:$start_indices_batching_dims);
  let results = (outs AnyType:$result);
}

def VHLO_GetDimensionSizeOpV1 : VHLO_Op<"get_dimension_size_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.get_dimension_size`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$dimension);
  let results = (outs AnyType:$result);
}

def VHLO_GetTupleElementOpV1 : VHLO_Op<"get_tuple_element_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.get_tuple_element`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$index);
  let results = (outs AnyType:$result);
}

def VHLO_IfOpV1 : VHLO_Op<"if_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.if`";
  let arguments = (ins AnyType:$pred);
  let regions = (region AnyRegion:$true_branch,
                        AnyRegion:$false_branch);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_ImagOpV1 : VHLO_Op<"imag_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.imag`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_InfeedOpV1 : VHLO_Op<"infeed_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.infeed`";
  let arguments = (ins AnyType:$token,
                       AnyAttr:$infeed_config,
                       AnyAttr:$layout);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_IotaOpV1 : VHLO_Op<"iota_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.iota`";
  let arguments = (ins AnyAttr:$iota_dimension);
  let results = (outs AnyType:$output);
}

def VHLO_IsFiniteOpV1 : VHLO_Op<"is_finite_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.is_finite`";
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$y);
}

def VHLO_LogPlusOneOpV1 : VHLO_Op<"log_plus_one_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.log_plus_one`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_LogPlusOneOpV2 : VHLO_Op<"log_plus_one_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.log_plus_one`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_LogisticOpV1 : VHLO_Op<"logistic_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.logistic`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_LogisticOpV2 : VHLO_Op<"logistic_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.logistic`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_LogOpV1 : VHLO_Op<"log_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.log`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_LogOpV2 : VHLO_Op<"log_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.log`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_MapOpV1 : VHLO_Op<"map_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.map`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$dimensions);
  let regions = (region AnyRegion:$computation);
  let results = (outs AnyType:$result);
}

def VHLO_MaximumOpV1 : VHLO_Op<"maximum_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.maximum`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_MinimumOpV1 : VHLO_Op<"minimum_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.minimum`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_MultiplyOpV1 : VHLO_Op<"multiply_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.multiply`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_NegateOpV1 : VHLO_Op<"negate_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.negate`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_NotOpV1 : VHLO_Op<"not_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.not`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_OptimizationBarrierOpV1 : VHLO_Op<"optimization_barrier_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.optimization_barrier`";
  let arguments = (ins Variadic<AnyType>:$operand);
  let results = (outs Variadic<AnyType>:$result);
}

def VHLO_OrOpV1 : VHLO_Op<"or_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.or`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_OutfeedOpV1 : VHLO_Op<"outfeed_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.outfeed`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyType:$token,
                       AnyAttr:$outfeed_config);
  let results = (outs AnyType:$result);
}

def VHLO_PadOpV1 : VHLO_Op<"pad_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.pad`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$padding_value,
                       AnyAttr:$edge_padding_high,
                       AnyAttr:$edge_padding_low,
                       AnyAttr:$interior_padding);
  let results = (outs AnyType:$result);
}

def VHLO_PartitionIdOpV1 : VHLO_Op<"partition_id_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.partition_id`";
  let results = (outs AnyType:$result);
}

def VHLO_PopcntOpV1 : VHLO_Op<"popcnt_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.popcnt`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_PowerOpV1 : VHLO_Op<"power_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.power`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_RealDynamicSliceOpV1 : VHLO_Op<"real_dynamic_slice_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.real_dynamic_slice`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$start_indices,
                       AnyType:$limit_indices,
                       AnyType:$strides);
  let results = (outs AnyType:$result);
}

def VHLO_RealOpV1 : VHLO_Op<"real_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.real`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_RecvOpV1 : VHLO_Op<"recv_v1", "0.9.0", "1.11.0"> {
  let summary = "`stablehlo.recv`";
  let arguments = (ins AnyType:$token,
                       AnyAttr:$channel_id,
                       AnyAttr:$channel_type,
                       AnyAttr:$is_host_transfer);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_RecvOpV2 : VHLO_Op<"recv_v2", "1.12.0", "current"> {
  let summary = "`stablehlo.recv`";
  let arguments = (ins AnyType:$token,
                       AnyAttr:$channel_id,
                       AnyAttr:$channel_type,
                       AnyAttr:$is_host_transfer,
                       AnyAttr:$source_target_pairs);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_ReduceOpV1 : VHLO_Op<"reduce_v1", "0.9.0", "current", [SameVariadicOperandSize, DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.reduce`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyType>:$init_values,
                       AnyAttr:$dimensions);
  let regions = (region AnyRegion:$body);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_ReducePrecisionOpV1 : VHLO_Op<"reduce_precision_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.reduce_precision`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$exponent_bits,
                       AnyAttr:$mantissa_bits);
  let results = (outs AnyType:$output);
}

def VHLO_ReduceScatterOpV1 : VHLO_Op<"reduce_scatter_v1", "0.9.0", "current", [DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.reduce_scatter`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$channel_id,
                       AnyAttr:$replica_groups,
                       AnyAttr:$scatter_dimension,
                       AnyAttr:$use_global_device_ids);
  let regions = (region AnyRegion:$computation);
  let results = (outs AnyType:$result);
}

def VHLO_ReduceWindowOpV1 : VHLO_Op<"reduce_window_v1", "0.9.0", "current", [SameVariadicOperandSize, DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.reduce_window`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyType>:$init_values,
                       AnyAttr:$base_dilations,
                       AnyAttr:$padding,
                       AnyAttr:$window_dilations,
                       AnyAttr:$window_dimensions,
                       AnyAttr:$window_strides);
  let regions = (region AnyRegion:$body);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_RemainderOpV1 : VHLO_Op<"remainder_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.remainder`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_ReplicaIdOpV1 : VHLO_Op<"replica_id_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.replica_id`";
  let results = (outs AnyType:$result);
}

def VHLO_ReshapeOpV1 : VHLO_Op<"reshape_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.reshape`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_ReturnOpV1 : VHLO_Op<"return_v1", "0.9.0", "current", [Terminator]> {
  let summary = "terminator of a function or a region";
  let arguments = (ins Variadic<AnyType>:$results);
}

def VHLO_ReverseOpV1 : VHLO_Op<"reverse_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.reverse`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$dimensions);
  let results = (outs AnyType:$result);
}

def VHLO_RngBitGeneratorOpV1 : VHLO_Op<"rng_bit_generator_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.rng_bit_generator`";
  let arguments = (ins AnyType:$initial_state,
                       AnyAttr:$rng_algorithm);
  let results = (outs AnyType:$output_state,
                      AnyType:$output);
}

def VHLO_RngOpV1 : VHLO_Op<"rng_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.rng`";
  let arguments = (ins AnyType:$a,
                       AnyType:$b,
                       AnyType:$shape,
                       AnyAttr:$rng_distribution);
  let results = (outs AnyType:$result);
}

def VHLO_RoundNearestEvenOpV1 : VHLO_Op<"round_nearest_even_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.round_nearest_even`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_RoundNearestAfzOpV1 : VHLO_Op<"round_nearest_afz_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.round_nearest_afz`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_RsqrtOpV1 : VHLO_Op<"rsqrt_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.rsqrt`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_RsqrtOpV2 : VHLO_Op<"rsqrt_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.rsqrt`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_ScatterOpV1 : VHLO_Op<"scatter_v1", "0.9.0", "1.0.0", [SameVariadicOperandSize, DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.scatter`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyType:$scatter_indices,
                       Variadic<AnyType>:$updates,
                       AnyAttr:$index_vector_dim,
                       AnyAttr:$indices_are_sorted,
                       AnyAttr:$inserted_window_dims,
                       AnyAttr:$scatter_dims_to_operand_dims,
                       AnyAttr:$unique_indices,
                       AnyAttr:$update_window_dims);
  let regions = (region AnyRegion:$update_computation);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_ScatterOpV2 : VHLO_Op<"scatter_v2", "1.1.0", "current", [SameVariadicOperandSize]> {
  let summary = "`stablehlo.scatter`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyType:$scatter_indices,
                       Variadic<AnyType>:$updates,
                       AnyAttr:$index_vector_dim,
                       AnyAttr:$indices_are_sorted,
                       AnyAttr:$input_batching_dims,
                       AnyAttr:$inserted_window_dims,
                       AnyAttr:$scatter_dims_to_operand_dims,
                       AnyAttr:$scatter_indices_batching_dims,
                       AnyAttr:$unique_indices,
                       AnyAttr:$update_window_dims);
  let regions = (region AnyRegion:$update_computation);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_SelectAndScatterOpV1 : VHLO_Op<"select_and_scatter_v1", "0.9.0", "current", [DeclareOpInterfaceMethods<VHLO_VersionedOpConstraintInterface>]> {
  let summary = "`stablehlo.select_and_scatter`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$source,
                       AnyType:$init_value,
                       AnyAttr:$padding,
                       AnyAttr:$window_dimensions,
                       AnyAttr:$window_strides);
  let regions = (region AnyRegion:$select,
                        AnyRegion:$scatter);
  let results = (outs AnyType:$result);
}

def VHLO_SelectOpV1 : VHLO_Op<"select_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.select`";
  let arguments = (ins AnyType:$pred,
                       AnyType:$on_true,
                       AnyType:$on_false);
  let results = (outs AnyType:$result);
}

def VHLO_SendOpV1 : VHLO_Op<"send_v1", "0.9.0", "1.11.0"> {
  let summary = "`stablehlo.send`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyType:$token,
                       AnyAttr:$channel_id,
                       AnyAttr:$channel_type,
                       AnyAttr:$is_host_transfer);
  let results = (outs AnyType:$result);
}

def VHLO_SendOpV2 : VHLO_Op<"send_v2", "1.12.0", "current"> {
  let summary = "`stablehlo.send`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyType:$token,
                       AnyAttr:$channel_id,
                       AnyAttr:$channel_type,
                       AnyAttr:$is_host_transfer,
                       AnyAttr:$source_target_pairs);
  let results = (outs AnyType:$result);
}

def VHLO_SetDimensionSizeOpV1 : VHLO_Op<"set_dimension_size_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.set_dimension_size`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$size,
                       AnyAttr:$dimension);
  let results = (outs AnyType:$result);
}

def VHLO_ShiftLeftOpV1 : VHLO_Op<"shift_left_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.shift_left`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_ShiftRightArithmeticOpV1 : VHLO_Op<"shift_right_arithmetic_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.shift_right_arithmetic`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_ShiftRightLogicalOpV1 : VHLO_Op<"shift_right_logical_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.shift_right_logical`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_SignOpV1 : VHLO_Op<"sign_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.sign`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_SineOpV1 : VHLO_Op<"sine_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.sine`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_SineOpV2 : VHLO_Op<"sine_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.sine`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_SliceOpV1 : VHLO_Op<"slice_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.slice`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$limit_indices,
                       AnyAttr:$start_indices,
                       AnyAttr:$strides);
  let results = (outs AnyType:$result);
}

def VHLO_SortOpV1 : VHLO_Op<"sort_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.sort`";
  let arguments = (ins Variadic<AnyType>:$inputs,
                       AnyAttr:$dimension,
                       AnyAttr:$is_stable);
  let regions = (region AnyRegion:$comparator);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_SqrtOpV1 : VHLO_Op<"sqrt_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.sqrt`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_SqrtOpV2 : VHLO_Op<"sqrt_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.sqrt`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_SubtractOpV1 : VHLO_Op<"subtract_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.subtract`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def VHLO_TanOpV1 : VHLO_Op<"tan_v1", "1.4.0", "1.9.0"> {
  let summary = "`stablehlo.tan`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_TanOpV2 : VHLO_Op<"tan_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.tan`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_TanhOpV1 : VHLO_Op<"tanh_v1", "0.9.0", "1.9.0"> {
  let summary = "`stablehlo.tanh`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_TanhOpV2 : VHLO_Op<"tanh_v2", "1.10.0", "current"> {
  let summary = "`stablehlo.tanh`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$result_accuracy);
  let results = (outs AnyType:$result);
}

def VHLO_TorchIndexSelectOpV1 : VHLO_Op<"torch_index_select_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.torch_index_select`";
  let arguments = (ins AnyType:$operand,
                       AnyType:$index,
                       AnyAttr:$batch_dims,
                       AnyAttr:$dim);
  let results = (outs AnyType:$result);
}

def VHLO_TransposeOpV1 : VHLO_Op<"transpose_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.transpose`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$permutation);
  let results = (outs AnyType:$result);
}

def VHLO_TriangularSolveOpV1 : VHLO_Op<"triangular_solve_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.triangular_solve`";
  let arguments = (ins AnyType:$a,
                       AnyType:$b,
                       AnyAttr:$left_side,
                       AnyAttr:$lower,
                       AnyAttr:$transpose_a,
                       AnyAttr:$unit_diagonal);
  let results = (outs AnyType:$result);
}

def VHLO_TupleOpV1 : VHLO_Op<"tuple_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.tuple`";
  let arguments = (ins Variadic<AnyType>:$val);
  let results = (outs AnyType:$result);
}

def VHLO_UnaryEinsumOpV1 : VHLO_Op<"unary_einsum_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.unary_einsum`";
  let arguments = (ins AnyType:$operand,
                       AnyAttr:$einsum_config);
  let results = (outs AnyType:$result);
}

def VHLO_UniformDequantizeOpV1 : VHLO_Op<"uniform_dequantize_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.uniform_dequantize`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_UniformQuantizeOpV1 : VHLO_Op<"uniform_quantize_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.uniform_quantize`";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def VHLO_WhileOpV1 : VHLO_Op<"while_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.while`";
  let arguments = (ins Variadic<AnyType>:$operand);
  let regions = (region AnyRegion:$cond,
                        AnyRegion:$body);
  let results = (outs Variadic<AnyType>:$results);
}

def VHLO_XorOpV1 : VHLO_Op<"xor_v1", "0.9.0", "current"> {
  let summary = "`stablehlo.xor`";
  let arguments = (ins AnyType:$lhs,
                       AnyType:$rhs);
  let results = (outs AnyType:$result);
}

#endif // HLOX_DIALECT_VHLO_IR_VHLO_OPS
