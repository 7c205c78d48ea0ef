//===- VhloAttrs.td - VHLO attributes ----------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The attributes StableHLO programs carry, as VHLO attributes: the builtin
// kinds (arrays, dictionaries, numbers, strings, dense tensors, types) and
// StableHLO's structured attributes. Attributes nested in a VHLO attribute
// are VHLO attributes.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLO_ATTRS
#define HLOX_DIALECT_VHLO_IR_VHLO_ATTRS

include "hlox/Dialect/VHLO/IR/VhloBase.td"
include "hlox/Dialect/VHLO/IR/VhloTypes.td"

class VHLO_AttrDef<string name, string attrMnemonic, string minVersion,
                   string maxVersion>
    : AttrDef<Vhlo_Dialect, name, [VHLO_VersionedAttrInterface]> {
  let mnemonic = attrMnemonic;
  let extraClassDeclaration = VHLO_VersionMethods<minVersion, maxVersion>.decl;
}

def VHLO_DimsParameter : ArrayRefParameter<"int64_t", "dimensions"> {
  let parser = "::hlox::vhlo::parseDims($_parser)";
  let printer = "::hlox::vhlo::printDims($_printer, $_self)";
}

def VHLO_ArrayV1Attr : VHLO_AttrDef<"ArrayV1", "array_v1", "0.9.0", "current"> {
  let summary = "array of VHLO attributes";
  let parameters = (ins ArrayRefParameter<"::mlir::Attribute">:$value);
  let assemblyFormat = "`<` custom<AttributeArray>($value) `>`";
}

def VHLO_BooleanV1Attr : VHLO_AttrDef<"BooleanV1", "bool_v1", "0.9.0", "current"> {
  let summary = "boolean";
  let parameters = (ins "bool":$value);
  let assemblyFormat = "`<` $value `>`";
}

def VHLO_DictionaryV1Attr : VHLO_AttrDef<"DictionaryV1", "dict_v1", "0.9.0",
                                     "current"> {
  let summary = "dictionary from `#vhlo.string_v1` keys to VHLO attributes";
  let parameters = (ins ArrayRefParameter<
      "std::pair<::mlir::Attribute, ::mlir::Attribute>", "">:$value);
  let assemblyFormat = "`<` custom<AttributeDictionary>($value) `>`";
  let genVerifyDecl = 1;
}

def VHLO_FloatV1Attr : VHLO_AttrDef<"FloatV1", "float_v1", "0.9.0", "current"> {
  let summary = "floating-point number in the semantics of its VHLO type";
  let parameters = (ins "::mlir::Type":$type,
                        APFloatParameter<"">:$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def VHLO_IntegerV1Attr : VHLO_AttrDef<"IntegerV1", "integer_v1", "0.9.0",
                                  "current"> {
  let summary = "integer of a VHLO integer or index type";
  let description = "Prints as the builtin integer: `#vhlo.integer_v1<1 : i64>`.";
  let parameters = (ins "::mlir::Type":$type, APIntParameter<"">:$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def VHLO_OutputOperandAliasV1Attr : VHLO_AttrDef<"OutputOperandAliasV1",
    "output_operand_alias_v1", "0.9.0", "current"> {
  let summary = "a `custom_call` result that aliases an operand";
  let parameters = (ins VHLO_DimsParameter:$outputTupleIndices,
                        "int64_t":$operandIndex,
                        VHLO_DimsParameter:$operandTupleIndices);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_StringV1Attr : VHLO_AttrDef<"StringV1", "string_v1", "0.9.0", "current"> {
  let summary = "string (bytes), printed quoted and escaped";
  let parameters = (ins StringRefParameter<"">:$value);
  let assemblyFormat = "`<` custom<EscapedString>($value) `>`";
}

def VHLO_TensorV1Attr : VHLO_AttrDef<"TensorV1", "tensor_v1", "0.9.0", "current"> {
  let summary = "dense tensor of a VHLO tensor type";
  let description = [{
    Holds the builtin dense elements and prints them:
    `#vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>`.
  }];
  let parameters = (ins "::mlir::Type":$type,
                        "::mlir::DenseElementsAttr":$data);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def VHLO_TypeV1Attr : VHLO_AttrDef<"TypeV1", "type_v1", "0.9.0", "current"> {
  let summary = "a VHLO type as an attribute";
  let parameters = (ins "::mlir::Type":$value);
  let assemblyFormat = "`<` $value `>`";
  let genVerifyDecl = 1;
}

def VHLO_TypeExtensionsV1Attr : VHLO_AttrDef<"TypeExtensionsV1",
    "type_extensions_v1", "0.9.0", "current"> {
  let summary = "bounds of the dynamic dimensions of a tensor type";
  let parameters = (ins VHLO_DimsParameter:$bounds);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_ResultAccuracyV1Attr : VHLO_AttrDef<"ResultAccuracyV1",
    "result_accuracy_v1", "1.9.0", "current"> {
  let summary = "requested accuracy of a transcendental op";
  let parameters = (ins VHLO_DoubleParameter:$atol,
                        VHLO_DoubleParameter:$rtol, "int64_t":$ulps,
                        "::mlir::Attribute":$mode);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def VHLO_SubAxisInfoV1Attr : VHLO_AttrDef<"SubAxisInfoV1", "sub_axis_info_v1",
                                      "1.16.0", "current"> {
  let summary = "a factor of a mesh axis";
  let parameters = (ins "int64_t":$pre_size, "int64_t":$size);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_AxisRefV1Attr : VHLO_AttrDef<"AxisRefV1", "axis_ref_v1", "1.16.0",
                                  "current"> {
  let summary = "a mesh axis, or a factor of one, by name";
  let parameters = (ins "::mlir::Attribute":$name,
                        OptionalParameter<"::mlir::Attribute">:$sub_axis_info);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_ReplicaGroupMeshAxesV1Attr : VHLO_AttrDef<"ReplicaGroupMeshAxesV1",
    "replica_group_mesh_axes_v1", "1.16.0", "current"> {
  let summary = "replica groups as axes of a mesh";
  let parameters = (ins "::mlir::Attribute":$mesh, "::mlir::Attribute":$axes);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_MeshAxisV1Attr : VHLO_AttrDef<"MeshAxisV1", "mesh_axis_v1", "1.16.0",
                                   "current"> {
  let summary = "a named axis of a mesh";
  let parameters = (ins "::mlir::Attribute":$name, "int64_t":$size);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_MeshV1Attr : VHLO_AttrDef<"MeshV1", "mesh_v1", "1.16.0", "current"> {
  let summary = "a mesh of devices";
  let parameters = (ins "::mlir::Attribute":$axes,
                        OptionalParameter<"::mlir::Attribute">:$device_ids);
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // HLOX_DIALECT_VHLO_IR_VHLO_ATTRS
