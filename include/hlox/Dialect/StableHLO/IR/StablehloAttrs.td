//===- StablehloAttrs.td - StableHLO attributes ----------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The structured attributes of StableHLO. Each prints as
// `#stablehlo.name<key = value, ...>`, omitting keys whose value is empty, so
// that text written by upstream tools parses and prints the same way.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ATTRS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ATTRS

include "hlox/Dialect/StableHLO/IR/StablehloEnums.td"
include "mlir/IR/AttrTypeBase.td"

class StableHLO_Attr<string name, string attrMnemonic>
    : AttrDef<StableHLO_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def I64ListParameter : ArrayRefParameter<"int64_t", "list of dimensions">;

def StableHLO_GatherDimensionNumbers :
    StableHLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "Dimension numbers of `gather` and `dynamic_gather`";
  let description = [{
    Which operand dimensions are offset, collapsed or batching dimensions,
    how start indices map to operand dimensions, and which dimension of
    `start_indices` holds the index vectors. Spec: `gather`.
  }];
  let parameters = (ins I64ListParameter:$offsetDims,
                        I64ListParameter:$collapsedSliceDims,
                        I64ListParameter:$operandBatchingDims,
                        I64ListParameter:$startIndicesBatchingDims,
                        I64ListParameter:$startIndexMap,
                        "int64_t":$indexVectorDim);
}

def StableHLO_ScatterDimensionNumbers :
    StableHLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "Dimension numbers of `scatter`";
  let description = [{
    Which update dimensions are window dimensions, which operand dimensions
    are inserted or batching dimensions, how scatter indices map to operand
    dimensions, and which dimension of `scatter_indices` holds the index
    vectors. Spec: `scatter`.
  }];
  let parameters = (ins I64ListParameter:$updateWindowDims,
                        I64ListParameter:$insertedWindowDims,
                        I64ListParameter:$inputBatchingDims,
                        I64ListParameter:$scatterIndicesBatchingDims,
                        I64ListParameter:$scatterDimsToOperandDims,
                        "int64_t":$indexVectorDim);
}

def StableHLO_DotDimensionNumbers :
    StableHLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "Dimension numbers of `dot_general`";
  let description = [{
    The batching and contracting dimensions of each side. Spec: `dot_general`.
  }];
  let parameters = (ins I64ListParameter:$lhsBatchingDimensions,
                        I64ListParameter:$rhsBatchingDimensions,
                        I64ListParameter:$lhsContractingDimensions,
                        I64ListParameter:$rhsContractingDimensions);
}

def StableHLO_ConvDimensionNumbers :
    StableHLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "Dimension numbers of `convolution`";
  let description = [{
    The layout of input, kernel and output of a convolution, written
    `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`: `b` batch,
    `f` feature, `i`/`o` kernel input/output feature, digits spatial
    dimensions in order. Spec: `convolution`.
  }];
  let parameters = (ins "int64_t":$inputBatchDimension,
                        "int64_t":$inputFeatureDimension,
                        I64ListParameter:$inputSpatialDimensions,
                        "int64_t":$kernelInputFeatureDimension,
                        "int64_t":$kernelOutputFeatureDimension,
                        I64ListParameter:$kernelSpatialDimensions,
                        "int64_t":$outputBatchDimension,
                        "int64_t":$outputFeatureDimension,
                        I64ListParameter:$outputSpatialDimensions);
}

def StableHLO_ChannelHandle : StableHLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "Channel of a collective or a send/recv pair";
  let description = [{
    `handle` identifies the channel, `type` says what kind it is
    (0 invalid, 1 device-to-device, 2 device-to-host, 3 host-to-device).
  }];
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
}

def StableHLO_OutputOperandAlias :
    StableHLO_Attr<"OutputOperandAlias", "output_operand_alias"> {
  let summary = "An output of `custom_call` that aliases an operand";
  let description = [{
    The result (by tuple index path) that shares its buffer with the operand
    `operand_index` (by tuple index path).
  }];
  let parameters = (ins I64ListParameter:$outputTupleIndices,
                        "int64_t":$operandIndex,
                        I64ListParameter:$operandTupleIndices);
}

def StableHLO_TypeExtensions :
    StableHLO_Attr<"TypeExtensions", "type_extensions"> {
  let summary = "Bounds of the dynamic dimensions of a tensor type";
  let description = [{
    Used as the encoding of a ranked tensor type: `bounds` has one entry per
    dimension, `?` for a dimension without a bound.
  }];
  let parameters = (ins I64ListParameter:$bounds);
}

def StableHLO_DotAlgorithm : StableHLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "Algorithm of a `dot_general`";
  let description = [{
    Precision types of both sides, the accumulation type, component counts,
    the number of primitive operations, and whether accumulation may be
    imprecise. Spec: `dot_general`, `algorithm`.
  }];
  let parameters = (ins "::mlir::Type":$lhsPrecisionType,
                        "::mlir::Type":$rhsPrecisionType,
                        "::mlir::Type":$accumulationType,
                        "int64_t":$lhsComponentCount,
                        "int64_t":$rhsComponentCount,
                        "int64_t":$numPrimitiveOperations,
                        "bool":$allowImpreciseAccumulation);
}

def StableHLO_ResultAccuracy :
    StableHLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let summary = "Requested accuracy of a transcendental operation";
  let description = [{
    An absolute and relative tolerance, a bound in ULPs, and a mode.
  }];
  let parameters = (ins APFloatParameter<"absolute tolerance">:$atol,
                        APFloatParameter<"relative tolerance">:$rtol,
                        "int64_t":$ulps,
                        "::hlox::stablehlo::ResultAccuracyModeAttr":$mode);
  // A default value (in DefaultValuedOptionalAttr) is this attribute.
  let constBuilderCall = "$0";
}

//===----------------------------------------------------------------------===//
// Meshes: replica groups named by mesh axes
//===----------------------------------------------------------------------===//

def StableHLO_MeshAxis : AttrDef<StableHLO_Dialect, "MeshAxis"> {
  let mnemonic = "mesh_axis";
  let summary = "A named axis of a device mesh and its size";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$size);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def StableHLO_Mesh : AttrDef<StableHLO_Dialect, "Mesh"> {
  let mnemonic = "mesh";
  let summary = "A device mesh: its axes, major to minor, and device ids";
  let description = [{
    The devices of the mesh laid out row-major over its axes:
    `device_ids` (as many as the product of the sizes) or, without it,
    0, 1, ... in order.
    `#stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>`.
  }];
  let parameters = (ins
      ArrayRefParameter<"::hlox::stablehlo::MeshAxisAttr", "axes">:$axes,
      OptionalParameter<"::mlir::DenseIntElementsAttr">:$device_ids);
  let assemblyFormat = [{
    `<` `axes` `` `=` `` `[` $axes `]` (`,` `device_ids` `` `=` `` $device_ids^)? `>`
  }];
  let genVerifyDecl = 1;
}

def StableHLO_SubAxisInfo : AttrDef<StableHLO_Dialect, "SubAxisInfo"> {
  let mnemonic = "sub_axis_info";
  let summary = "Which part of a mesh axis a sub-axis is";
  let description = [{
    `(pre_size)size`: the part of size `size` after the `pre_size` major
    part of the axis (Shardy's sub-axes).
  }];
  let parameters = (ins "int64_t":$pre_size, "int64_t":$size);
  let assemblyFormat = "`(` $pre_size `)` `` $size";
}

def StableHLO_AxisRef : AttrDef<StableHLO_Dialect, "AxisRef"> {
  let mnemonic = "axis_ref";
  let summary = "A mesh axis, or a sub-axis of one, by name";
  let parameters = (ins
      StringRefParameter<"axis name">:$name,
      OptionalParameter<"::hlox::stablehlo::SubAxisInfoAttr",
                        "the part of the axis">:$sub_axis_info);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_ReplicaGroupMeshAxes :
    AttrDef<StableHLO_Dialect, "ReplicaGroupMeshAxes"> {
  let mnemonic = "replica_group_mesh_axes";
  let summary = "Replica groups as the axes of a mesh they span";
  let description = [{
    The processes that differ only along `axes` form a group: with the
    mesh's other axes first (in mesh order) and `axes` after them (in the
    order listed), the devices in that order fall into consecutive groups
    of the product of the `axes` sizes. `mesh` is a `#stablehlo.mesh` or
    a symbol whose op holds one (as `mesh` or `stablehlo.mesh`), or an
    `sdy.mesh`.
  }];
  let parameters = (ins "::mlir::Attribute":$mesh, "::mlir::ArrayAttr":$axes);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def StableHLO_ReplicaGroups :
    AnyAttrOf<[I64ElementsAttr, StableHLO_ReplicaGroupMeshAxes]> {
  let summary = "replica groups: a 2-d tensor of process ids, or mesh axes";
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ATTRS
