//===- VhloTypes.td - VHLO types ---------------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every type a StableHLO program can use, as its own VHLO type: builtin
// element and shaped types, StableHLO's token and future, quantized types.
// Types nested in a VHLO type are VHLO types (checked by the verifiers).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_VHLO_IR_VHLO_TYPES
#define HLOX_DIALECT_VHLO_IR_VHLO_TYPES

include "hlox/Dialect/VHLO/IR/VhloBase.td"
include "mlir/Interfaces/DataLayoutInterfaces.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class VHLO_TypeDef<string cppName, string typeMnemonic, string minVersion,
                   string maxVersion, list<Trait> traits = []>
    : TypeDef<Vhlo_Dialect, cppName, [VHLO_VersionedTypeInterface] # traits> {
  let mnemonic = typeMnemonic;
  let extraClassDeclaration = VHLO_VersionMethods<minVersion, maxVersion>.decl;
}

// A double (IEEE double semantics) in a quantized type's parameters.
def VHLO_DoubleParameter : APFloatParameter<"a double"> {
  let parser = "::hlox::vhlo::parseDouble($_parser)";
  let printer = "$_printer.printFloat($_self)";
}

def VHLO_DoubleArrayParameter
    : ArrayRefParameter<"::llvm::APFloat", "doubles"> {
  let parser = "::hlox::vhlo::parseDoubleArray($_parser)";
  let printer = "::hlox::vhlo::printDoubleArray($_printer, $_self)";
  let comparator = "::hlox::vhlo::bitwiseEqual($_lhs, $_rhs)";
}

def VHLO_BooleanV1Type : VHLO_TypeDef<"BooleanV1", "bool_v1", "0.9.0", "current"> {
  let summary = "boolean";
  let description = "boolean (`i1`)";
}

def VHLO_FloatBF16V1Type : VHLO_TypeDef<"FloatBF16V1", "bf16_v1", "0.9.0", "current"> {
  let summary = "bfloat16";
}

def VHLO_FloatF16V1Type : VHLO_TypeDef<"FloatF16V1", "f16_v1", "0.9.0", "current"> {
  let summary = "IEEE half";
}

def VHLO_FloatF32V1Type : VHLO_TypeDef<"FloatF32V1", "f32_v1", "0.9.0", "current"> {
  let summary = "IEEE single";
}

def VHLO_FloatF64V1Type : VHLO_TypeDef<"FloatF64V1", "f64_v1", "0.9.0", "current"> {
  let summary = "IEEE double";
}

def VHLO_FloatF8E4M3FNV1Type : VHLO_TypeDef<"FloatF8E4M3FNV1", "f8E4M3FN_v1", "0.9.0", "current"> {
  let summary = "f8E4M3FN";
}

def VHLO_FloatF8E5M2V1Type : VHLO_TypeDef<"FloatF8E5M2V1", "f8E5M2_v1", "0.9.0", "current"> {
  let summary = "f8E5M2";
}

def VHLO_FloatF8E4M3FNUZV1Type : VHLO_TypeDef<"FloatF8E4M3FNUZV1", "f8E4M3FNUZ_v1", "0.10.0", "current"> {
  let summary = "f8E4M3FNUZ";
}

def VHLO_FloatF8E5M2FNUZV1Type : VHLO_TypeDef<"FloatF8E5M2FNUZV1", "f8E5M2FNUZ_v1", "0.10.0", "current"> {
  let summary = "f8E5M2FNUZ";
}

def VHLO_FloatF8E4M3B11FNUZV1Type : VHLO_TypeDef<"FloatF8E4M3B11FNUZV1", "f8E4M3B11FNUZ_v1", "0.11.0", "current"> {
  let summary = "f8E4M3B11FNUZ";
}

def VHLO_FloatTF32V1Type : VHLO_TypeDef<"FloatTF32V1", "tf31_v1", "1.6.0", "current"> {
  let summary = "tf32";
  let description = "tf32 (the mnemonic is `tf31_v1` in every StableHLO release, kept for compatibility)";
}

def VHLO_FloatF8E4M3V1Type : VHLO_TypeDef<"FloatF8E4M3V1", "f8E4M3_v1", "1.7.0", "current"> {
  let summary = "f8E4M3";
}

def VHLO_FloatF8E3M4V1Type : VHLO_TypeDef<"FloatF8E3M4V1", "f8E3M4_v1", "1.7.0", "current"> {
  let summary = "f8E3M4";
}

def VHLO_FloatF4E2M1FNV1Type : VHLO_TypeDef<"FloatF4E2M1FNV1", "f4E2M1FN_v1", "1.8.0", "current"> {
  let summary = "f4E2M1FN";
}

def VHLO_FloatF6E2M3FNV1Type : VHLO_TypeDef<"FloatF6E2M3FNV1", "f6E2M3FN_v1", "1.8.0", "current"> {
  let summary = "f6E2M3FN";
}

def VHLO_FloatF6E3M2FNV1Type : VHLO_TypeDef<"FloatF6E3M2FNV1", "f6E3M2FN_v1", "1.8.0", "current"> {
  let summary = "f6E3M2FN";
}

def VHLO_FloatF8E8M0FNUV1Type : VHLO_TypeDef<"FloatF8E8M0FNUV1", "f8E8M0FNU_v1", "1.8.0", "current"> {
  let summary = "f8E8M0FNU";
}

def VHLO_IndexV1Type : VHLO_TypeDef<"IndexV1", "index_v1", "0.9.0", "current"> {
  let summary = "index";
}

def VHLO_IntegerSI2V1Type : VHLO_TypeDef<"IntegerSI2V1", "i2_v1", "1.2.0", "current"> {
  let summary = "2-bit signless integer";
}

def VHLO_IntegerSI4V1Type : VHLO_TypeDef<"IntegerSI4V1", "i4_v1", "0.9.0", "current"> {
  let summary = "4-bit signless integer";
}

def VHLO_IntegerSI8V1Type : VHLO_TypeDef<"IntegerSI8V1", "i8_v1", "0.9.0", "current"> {
  let summary = "8-bit signless integer";
}

def VHLO_IntegerSI16V1Type : VHLO_TypeDef<"IntegerSI16V1", "i16_v1", "0.9.0", "current"> {
  let summary = "16-bit signless integer";
}

def VHLO_IntegerSI32V1Type : VHLO_TypeDef<"IntegerSI32V1", "i32_v1", "0.9.0", "current"> {
  let summary = "32-bit signless integer";
}

def VHLO_IntegerSI64V1Type : VHLO_TypeDef<"IntegerSI64V1", "i64_v1", "0.9.0", "current"> {
  let summary = "64-bit signless integer";
}

def VHLO_IntegerUI2V1Type : VHLO_TypeDef<"IntegerUI2V1", "ui2_v1", "1.2.0", "current"> {
  let summary = "2-bit unsigned integer";
}

def VHLO_IntegerUI4V1Type : VHLO_TypeDef<"IntegerUI4V1", "ui4_v1", "0.9.0", "current"> {
  let summary = "4-bit unsigned integer";
}

def VHLO_IntegerUI8V1Type : VHLO_TypeDef<"IntegerUI8V1", "ui8_v1", "0.9.0", "current"> {
  let summary = "8-bit unsigned integer";
}

def VHLO_IntegerUI16V1Type : VHLO_TypeDef<"IntegerUI16V1", "ui16_v1", "0.9.0", "current"> {
  let summary = "16-bit unsigned integer";
}

def VHLO_IntegerUI32V1Type : VHLO_TypeDef<"IntegerUI32V1", "ui32_v1", "0.9.0", "current"> {
  let summary = "32-bit unsigned integer";
}

def VHLO_IntegerUI64V1Type : VHLO_TypeDef<"IntegerUI64V1", "ui64_v1", "0.9.0", "current"> {
  let summary = "64-bit unsigned integer";
}

def VHLO_NoneV1Type : VHLO_TypeDef<"NoneV1", "none_v1", "1.6.0", "current"> {
  let summary = "none";
  let description = "none (an absent type, as in a dot algorithm)";
}

def VHLO_TokenV1Type : VHLO_TypeDef<"TokenV1", "token_v1", "0.9.0", "current"> {
  let summary = "`!stablehlo.token`";
}

def VHLO_WitnessV1Type : VHLO_TypeDef<"WitnessV1", "witness_v1", "0.9.0", "current"> {
  let summary = "`!shape.witness`";
}

def VHLO_ComplexV1Type : VHLO_TypeDef<"ComplexV1", "complex_v1", "0.9.0",
                                  "current"> {
  let summary = "complex number of a float type";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def VHLO_FunctionV1Type : VHLO_TypeDef<"FunctionV1", "func_v1", "0.9.0",
                                   "current"> {
  let summary = "function type";
  let description = [{
    `!vhlo.func_v1<(inputs) -> outputs>`; an empty list prints as `()`, so
    a function of no arguments is `!vhlo.func_v1<(()) -> ...>`.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$inputs,
                        ArrayRefParameter<"::mlir::Type">:$outputs);
  let assemblyFormat = [{
    `<` `(` custom<TypeArray>($inputs) `)` `->` custom<TypeArray>($outputs) `>`
  }];
  let genVerifyDecl = 1;
}

def VHLO_RankedTensorV1Type : VHLO_TypeDef<"RankedTensorV1", "tensor_v1", "0.9.0",
                                       "current"> {
  let summary = "ranked tensor, with an optional encoding";
  let description = [{
    `!vhlo.tensor_v1<2x?x!vhlo.f32_v1>`; the encoding, when there is one,
    follows the element type (`#vhlo.type_extensions_v1<...>`).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding);
  let assemblyFormat = [{
    `<` custom<Shape>($shape) `` $elementType `` custom<Encoding>($encoding) `>`
  }];
  let genVerifyDecl = 1;
}

def VHLO_FutureV1Type : VHLO_TypeDef<"FutureV1", "future_v1", "1.15.0",
                                 "current"> {
  let summary = "the values of an asynchronous op (`!stablehlo.future`)";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
  let genVerifyDecl = 1;
}

def VHLO_TupleV1Type : VHLO_TypeDef<"TupleV1", "tuple_v1", "0.9.0", "current"> {
  let summary = "tuple";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
  let genVerifyDecl = 1;
}

def VHLO_UniformQuantizedV1Type : VHLO_TypeDef<"UniformQuantizedV1", "quant_v1",
                                           "0.9.0", "current"> {
  let summary = "per-tensor uniformly quantized type";
  let description = [{
    `<storage:expressed, scale:zero_point, min:max, flags>`.
  }];
  let parameters = (ins "unsigned":$flags, "::mlir::Type":$storageType,
                        "::mlir::Type":$expressedType,
                        VHLO_DoubleParameter:$scale, "int64_t":$zeroPoint,
                        "int64_t":$storageTypeMin, "int64_t":$storageTypeMax);
  let assemblyFormat = [{
    `<` $storageType `` `:` `` $expressedType `,` $scale `` `:` `` $zeroPoint
    `,` $storageTypeMin `` `:` `` $storageTypeMax `,` $flags `>`
  }];
  let genVerifyDecl = 1;
}

def VHLO_UniformQuantizedPerAxisV1Type : VHLO_TypeDef<"UniformQuantizedPerAxisV1",
    "quant_per_axis_v1", "0.18.0", "current"> {
  let summary = "per-axis uniformly quantized type";
  let description = [{
    `<storage:expressed, dimension, [scales], [zero_points], min:max, flags>`.
  }];
  let parameters = (ins "unsigned":$flags, "::mlir::Type":$storageType,
                        "::mlir::Type":$expressedType,
                        "int32_t":$quantizedDimension,
                        VHLO_DoubleArrayParameter:$scales,
                        ArrayRefParameter<"int64_t">:$zeroPoints,
                        "int64_t":$storageTypeMin, "int64_t":$storageTypeMax);
  let assemblyFormat = [{
    `<` $storageType `` `:` `` $expressedType `,` $quantizedDimension `,`
    $scales `,` `[` $zeroPoints `]` `,` $storageTypeMin `` `:` ``
    $storageTypeMax `,` $flags `>`
  }];
  let genVerifyDecl = 1;
}

def VHLO_UnrankedTensorV1Type : VHLO_TypeDef<"UnrankedTensorV1",
    "unranked_tensor_v1", "0.9.0", "current"> {
  let summary = "unranked tensor";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def VHLO_RankedBufferV1Type : VHLO_TypeDef<"RankedBufferV1", "buffer_v1",
                                       "1.13.0", "current"> {
  let summary = "ranked buffer (a memref operand of `custom_call`)";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let assemblyFormat = "`<` custom<Shape>($shape) `` $elementType `>`";
  let genVerifyDecl = 1;
}

#endif // HLOX_DIALECT_VHLO_IR_VHLO_TYPES
