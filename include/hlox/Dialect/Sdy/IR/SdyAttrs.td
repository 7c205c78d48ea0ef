//===- SdyAttrs.td - Shardy attributes ---------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Meshes, axis references, tensor shardings and op sharding rules, each with
// the upstream Shardy syntax (hand-written parsers and printers in
// lib/Dialect/Sdy/IR/SdyAttrs.cpp). Upstream reference:
// https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#attributes
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_IR_SDY_ATTRS
#define HLOX_DIALECT_SDY_IR_SDY_ATTRS

include "hlox/Dialect/Sdy/IR/SdyBase.td"

//===----------------------------------------------------------------------===//
// Meshes
//===----------------------------------------------------------------------===//

def Sdy_MeshAxisAttr : Sdy_Attr<"MeshAxis", "mesh_axis"> {
  let summary = "A named axis of a mesh";
  let description = [{
    One axis of a mesh: its name and how many devices lie along it. The size
    is positive.

    ```mlir
    #sdy<mesh_axis "x"=4>
    ```
  }];
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$size);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Sdy_MeshAttr : Sdy_Attr<"Mesh", "mesh"> {
  let summary = "A mesh of named axes over devices";
  let description = [{
    A list of named axes and an optional list of device ids giving the
    order of the devices (iota, that is `0, 1, ..., n-1`, when absent; an
    explicit iota list is accepted and dropped). The device ids are a
    permutation of iota over the product of the axis sizes. A mesh without
    axes is empty (`<[]>`) or, with exactly one device id, a maximal mesh
    that puts everything on that device (`<[], device_ids=[0]>`).

    ```mlir
    #sdy.mesh<["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"MeshAxisAttr", "axes">:$axes,
      OptionalArrayRefParameter<"int64_t", "device order">:$deviceIds);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True for `<[], device_ids=[id]>`.
    bool isMaximal() const {
      return getAxes().empty() && getDeviceIds().size() == 1;
    }
    /// The number of devices: the product of the axis sizes (1 for an empty
    /// or maximal mesh).
    int64_t getNumDevices() const;
    /// The axis called `name`, or null.
    MeshAxisAttr getAxis(::llvm::StringRef name) const;
  }];
}

//===----------------------------------------------------------------------===//
// Axis references
//===----------------------------------------------------------------------===//

def Sdy_SubAxisInfoAttr : Sdy_Attr<"SubAxisInfo", "sub_axis_info"> {
  let summary = "Which part of a mesh axis a sub-axis is";
  let description = [{
    Splitting an axis of size `n` as `pre x size x n / (pre * size)`, a
    sub-axis is the middle factor: `(pre)size`. Both numbers are positive.

    ```mlir
    #sdy<sub_axis_info(2)4>
    ```
  }];
  let parameters = (ins "int64_t":$preSize, "int64_t":$size);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Sdy_AxisRefAttr : Sdy_Attr<"AxisRef", "axis_ref"> {
  let summary = "A mesh axis or a sub-axis of one";
  let description = [{
    The name of a mesh axis, optionally followed by `:(pre)size` to refer to
    a sub-axis of it.

    ```mlir
    #sdy<axis_ref "x":(2)2>
    ```
  }];
  let parameters = (ins
      StringRefParameter<"axis name">:$name,
      OptionalParameter<"SubAxisInfoAttr", "the sub-axis, or null">:$subAxisInfo);
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$name), [{
      return $_get($_ctxt, name, SubAxisInfoAttr());
    }]>,
  ];
  let extraClassDeclaration = [{
    /// The number of devices this axis spans in `mesh` (the sub-axis size,
    /// else the axis size; 0 when `mesh` has no such axis).
    int64_t getSize(MeshAttr mesh) const;
  }];
}

def Sdy_AxisRefListAttr : Sdy_Attr<"AxisRefList", "axis_ref_list"> {
  let summary = "A list of axis references";
  let description = [{
    Axis references in braces, used by the collectives that name the axes
    they communicate over.

    ```mlir
    #sdy<axis_ref_list{"x", "y":(1)2}>
    ```
  }];
  let parameters = (ins OptionalArrayRefParameter<"AxisRefAttr", "axes">:$value);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_ListOfAxisRefListsAttr
    : Sdy_Attr<"ListOfAxisRefLists", "list_of_axis_ref_lists"> {
  let summary = "One list of axis references per dimension";
  let description = [{
    The axes a collective gathers, slices or reduces along, one braced list
    per tensor dimension.

    ```mlir
}] # "    #sdy<list_of_axis_ref_lists[{\"x\"}, {}]>" # [{
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"AxisRefListAttr", "per dimension">:$value);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_AllToAllParamAttr : Sdy_Attr<"AllToAllParam", "all_to_all_param"> {
  let summary = "Axes of an all-to-all and the dimensions it moves between";
  let description = [{
    The axes of an `all_to_all` step, the dimension it splits (source) and
    the dimension it concatenates (target).

    ```mlir
    #sdy<all_to_all_param{"x"}: 0->1>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"AxisRefAttr", "axes">:$axes,
                        "int64_t":$srcDim, "int64_t":$tgtDim);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_AllToAllParamListAttr
    : Sdy_Attr<"AllToAllParamList", "all_to_all_param_list"> {
  let summary = "The steps of an all-to-all";
  let description = [{
    The list of `all_to_all` steps, in brackets.

    ```mlir
    #sdy<all_to_all_param_list[{"x"}: 0->2, {"y"}: 1->3]>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"AllToAllParamAttr", "steps">:$value);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Shardings
//===----------------------------------------------------------------------===//

def Sdy_DimensionShardingAttr
    : Sdy_Attr<"DimensionSharding", "dimension_sharding"> {
  let summary = "How one tensor dimension is sharded";
  let description = [{
    The axes a dimension is split over, major to minor, in braces. A closed
    dimension (`{"a"}`) may not be sharded further; an open one ends with
    `?` (`{"a", ?}`, `{?}`). A priority `p<N>` may follow the closing brace
    (lower numbers first); it is non-negative, written without leading
    zeros, and not given to a closed dimension without axes.

    ```mlir
    #sdy<dimension_sharding{"x", ?}p1>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"AxisRefAttr", "axes, major to minor">:$axes,
      "bool":$isClosed,
      OptionalParameter<"std::optional<int64_t>", "priority">:$priority);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Sdy_TensorShardingAttr : Sdy_Attr<"TensorSharding", "sharding"> {
  let summary = "How a tensor is sharded over a mesh";
  let description = [{
    A mesh, by symbol (`@mesh`) or inline (`mesh<[...]>`), and one
    dimension sharding per tensor dimension; then optionally the axes the
    tensor is explicitly replicated on and the axes it is unreduced on,
    with the reduction (`sum` when not written: `unreduced=max{"a"}`).
    A sharding of rank 0 is written `[]`.

    ```mlir
}] # "    #sdy.sharding<@mesh, [{\"x\"}p0, {}], replicated={\"y\"}>" # [{
    ```
  }];
  let parameters = (ins
      AttrParameter<"::mlir::Attribute",
                    "a MeshAttr or a FlatSymbolRefAttr naming an sdy.mesh">:$meshOrRef,
      OptionalArrayRefParameter<"DimensionShardingAttr",
                                "one per dimension">:$dimShardings,
      OptionalArrayRefParameter<"AxisRefAttr", "replicated axes">:$replicatedAxes,
      OptionalArrayRefParameter<"AxisRefAttr", "unreduced axes">:$unreducedAxes,
      DefaultValuedParameter<"ReductionOp", "ReductionOp::SUM",
                             "how unreduced axes combine">:$reductionOp);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getDimShardings().size(); }
    /// The mesh this sharding is on: the inline one, or the `sdy.mesh` the
    /// symbol names as seen from `from` (looked up through `symbolTables`
    /// when given); null when the symbol names none.
    MeshAttr getMesh(::mlir::Operation *from,
                     ::mlir::SymbolTableCollection *symbolTables = nullptr) const;
    /// Checks this sharding, on mesh `mesh`, against a value of type
    /// `type`: the rank is the tensor's (0 for a non-tensor or a null type,
    /// which stands for an op without results; a tuple of one tensor counts
    /// as the tensor) and every axis is one of the mesh's. On a maximal mesh
    /// the sharding has rank 0 whatever the type.
    ::llvm::LogicalResult
    verifyFor(::mlir::Type type, MeshAttr mesh,
              ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError) const;
  }];
}

def Sdy_TensorShardingPerValueAttr
    : Sdy_Attr<"TensorShardingPerValue", "sharding_per_value"> {
  let summary = "One tensor sharding per value";
  let description = [{
    The shardings of an op's results (as its `sdy.sharding` attribute) or of
    a list of operands, one per value, in order.

    ```mlir
}] # "    #sdy.sharding_per_value<[<@mesh, [{\"x\"}, {}]>, <@mesh, []>]>" # [{
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"TensorShardingAttr", "per value">:$shardings);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_ManualAxesAttr : Sdy_Attr<"ManualAxes", "manual_axes"> {
  let summary = "The mesh axes a manual computation is manual on";
  let description = [{
    Full axis names (no sub-axes) in braces. Inside
    `sdy.manual_computation` it is written `manual_axes={"x", "y"}`.

    ```mlir
    #sdy<manual_axes{"x", "y"}>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"::mlir::StringAttr", "axis names">:$value);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Op sharding rules
//===----------------------------------------------------------------------===//

def Sdy_DimMappingAttr : Sdy_Attr<"DimMapping", "dim_mapping"> {
  let summary = "The factors one dimension maps to";
  let description = [{
    Written as one identifier concatenating factor symbols: factors 0 to 17
    are the letters `i` to `z`, factor `17 + n` is `z_n` (so `zz_1` is
    factors 17 and 18). A dimension maps to at least one factor.

    ```mlir
    #sdy<dim_mapping ij>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t", "factor indices">:$factorIndices);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Sdy_TensorMappingAttr : Sdy_Attr<"TensorMapping", "tensor_mapping"> {
  let summary = "The factor mapping of each dimension of a tensor";
  let description = [{
    One dimension mapping per tensor dimension, in brackets (`[]` for rank
    0).

    ```mlir
    #sdy<tensor_mapping[i, jk]>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"DimMappingAttr", "per dimension">:$dimMappings);
  let hasCustomAssemblyFormat = 1;
}

def Sdy_OpShardingRuleAttr : Sdy_Attr<"OpShardingRule", "op_sharding_rule"> {
  let summary = "How an op's dimensions map to shared factors";
  let description = [{
    Says how an op can be partitioned: each operand and result dimension
    maps to factors, and `{i=8, j=16}` gives every factor's size (omitted
    when there are none). Optional groups mark factors that need a
    reduction, full replication or a permutation, and factors along which
    shardings do not propagate; `, custom` marks a user-given rule (of a
    custom call).

    ```mlir
    #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=8} reduction={j}>
    ```
  }];
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t", "factor sizes">:$factorSizes,
      OptionalArrayRefParameter<"TensorMappingAttr", "operands">:$operandMappings,
      OptionalArrayRefParameter<"TensorMappingAttr", "results">:$resultMappings,
      OptionalArrayRefParameter<"int64_t", "reduction">:$reductionFactors,
      OptionalArrayRefParameter<"int64_t", "need replication">:$needReplicationFactors,
      OptionalArrayRefParameter<"int64_t", "permutation">:$permutationFactors,
      OptionalArrayRefParameter<"int64_t", "propagation blocked">:$blockedPropagationFactors,
      DefaultValuedParameter<"bool", "false", "user-given rule">:$isCustomRule);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // HLOX_DIALECT_SDY_IR_SDY_ATTRS
