//===- StablehloEnums.td - StableHLO enumerations --------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Every enum attribute prints as `#stablehlo<mnemonic VALUE>` in full form and
// as the bare `VALUE` inside an operation's custom form.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ENUMS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ENUMS

include "hlox/Dialect/StableHLO/IR/StablehloBase.td"
include "mlir/IR/EnumAttr.td"

class StableHLO_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<StableHLO_Dialect, info, mnemonic> {
  let assemblyFormat = "$value";
}

def StableHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "Which comparison `compare` performs", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_ComparisonDirectionAttr :
    StableHLO_EnumAttr<StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "How `compare` interprets its operands", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_ComparisonTypeAttr :
    StableHLO_EnumAttr<StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : I32EnumAttr<"Precision",
    "Precision of a `dot_general` or `convolution` operand", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_PrecisionAttr : StableHLO_EnumAttr<StableHLO_Precision, "precision">;
def StableHLO_PrecisionConfigAttr :
    TypedArrayAttrBase<StableHLO_PrecisionAttr, "precision config">;

def StableHLO_FftType : I32EnumAttr<"FftType", "The transform `fft` computes", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_FftTypeAttr : StableHLO_EnumAttr<StableHLO_FftType, "fft_type">;

def StableHLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "Distribution of `rng`", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_RngDistributionAttr :
    StableHLO_EnumAttr<StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "Algorithm of `rng_bit_generator`", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_RngAlgorithmAttr :
    StableHLO_EnumAttr<StableHLO_RngAlgorithm, "rng_algorithm">;

def StableHLO_Transpose : I32EnumAttr<"Transpose",
    "How `triangular_solve` uses its matrix", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>, I32EnumAttrCase<"NO_TRANSPOSE", 1>,
      I32EnumAttrCase<"TRANSPOSE", 2>, I32EnumAttrCase<"ADJOINT", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_TransposeAttr : StableHLO_EnumAttr<StableHLO_Transpose, "transpose">;

def StableHLO_CustomCallApiVersion : I32EnumAttr<"CustomCallApiVersion",
    "ABI of the callee of `custom_call`", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::hlox::stablehlo";
}
// Kept an i32 attribute (`api_version = 4 : i32`), as upstream writes it.
def StableHLO_CustomCallApiVersionAttr : Attr<StableHLO_CustomCallApiVersion.predicate,
                                              StableHLO_CustomCallApiVersion.summary> {
  let storageType = StableHLO_CustomCallApiVersion.storageType;
  let returnType = StableHLO_CustomCallApiVersion.returnType;
  let convertFromStorage = StableHLO_CustomCallApiVersion.convertFromStorage;
  let constBuilderCall = StableHLO_CustomCallApiVersion.constBuilderCall;
}

def StableHLO_ResultAccuracyMode : I32EnumAttr<"ResultAccuracyMode",
    "Accuracy requested of a transcendental operation", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::stablehlo";
}
def StableHLO_ResultAccuracyModeAttr :
    EnumAttr<StableHLO_Dialect, StableHLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ENUMS
