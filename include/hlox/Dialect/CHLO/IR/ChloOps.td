//===- ChloOps.td - The CHLO dialect ---------------------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// CHLO ("client HLO") holds the higher-level ops that JAX emits and that
// decompose into StableHLO: special functions, broadcasting binary ops,
// top_k, ragged_dot, scan.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_CHLO_IR_CHLO_OPS
#define HLOX_DIALECT_CHLO_IR_CHLO_OPS

include "hlox/Dialect/StableHLO/IR/StablehloBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

def CHLO_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::hlox::chlo";
  let summary = "Client HLO: ops that decompose into StableHLO";
  let description = [{
    Ops that frameworks emit above the StableHLO opset, with the upstream
    names and syntax: special functions (erf, lgamma, digamma, ...),
    broadcasting binary ops, top_k, ragged_dot and scan. Each has a
    decomposition into StableHLO.
  }];
  let dependentDialects = ["::hlox::stablehlo::StableHLODialect"];
  let useDefaultAttributePrinterParser = 1;
  let usePropertiesForAttributes = 1;
}

class CHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<CHLO_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums and attributes
//===----------------------------------------------------------------------===//

def CHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "Which comparison `broadcast_compare` performs", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::chlo";
}
def CHLO_ComparisonDirectionAttr :
    EnumAttr<CHLO_Dialect, CHLO_ComparisonDirection, "comparison_direction"> {
  let assemblyFormat = "$value";
}

def CHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "How `broadcast_compare` reads its operands", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::chlo";
}
def CHLO_ComparisonTypeAttr :
    EnumAttr<CHLO_Dialect, CHLO_ComparisonType, "comparison_type"> {
  let assemblyFormat = "$value";
}

def CHLO_Precision : I32EnumAttr<"Precision", "Operand precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::hlox::chlo";
}
def CHLO_PrecisionAttr : EnumAttr<CHLO_Dialect, CHLO_Precision, "precision"> {
  let assemblyFormat = "$value";
}

def CHLO_RaggedDotDimensionNumbers :
    AttrDef<CHLO_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "Dimension numbers of `ragged_dot`";
  let description = [{
    Batching and contracting dimensions as `dot_general`, plus the ragged
    dimension of `lhs` and the group dimension of `rhs`.
  }];
  let parameters = (ins
      ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
      ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
      ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
      ArrayRefParameter<"int64_t">:$rhsContractingDimensions,
      ArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
      ArrayRefParameter<"int64_t">:$rhsGroupDimensions);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Unary ops: `chlo.op %x : type -> type`
//===----------------------------------------------------------------------===//

class CHLO_UnaryOp<string mnemonic, string what, Type operandType = HLO_FpOrComplexTensor,
                   Type resultType = operandType>
    : CHLO_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = what # " operation";
  let description = "Computes " # what # [{ of each element of `operand`.
    Decomposes into StableHLO.

    ```mlir
    %result = chlo.}] # mnemonic # [{ %operand : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins operandType:$operand);
  let results = (outs resultType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def CHLO_AcosOp : CHLO_UnaryOp<"acos", "the arccosine">;
def CHLO_AcoshOp : CHLO_UnaryOp<"acosh", "the inverse hyperbolic cosine">;
def CHLO_AsinOp : CHLO_UnaryOp<"asin", "the arcsine">;
def CHLO_AsinhOp : CHLO_UnaryOp<"asinh", "the inverse hyperbolic sine">;
def CHLO_AtanOp : CHLO_UnaryOp<"atan", "the arctangent">;
def CHLO_AtanhOp : CHLO_UnaryOp<"atanh", "the inverse hyperbolic tangent">;
def CHLO_BesselI1eOp : CHLO_UnaryOp<"bessel_i1e",
    "the exponentially scaled modified Bessel function of order 1", HLO_FpTensor>;
def CHLO_ConjOp : CHLO_UnaryOp<"conj", "the complex conjugate">;
def CHLO_CoshOp : CHLO_UnaryOp<"cosh", "the hyperbolic cosine">;
def CHLO_SinhOp : CHLO_UnaryOp<"sinh", "the hyperbolic sine">;
def CHLO_TanOp : CHLO_UnaryOp<"tan", "the tangent">;
def CHLO_DigammaOp : CHLO_UnaryOp<"digamma", "the digamma function", HLO_FpTensor>;
def CHLO_ErfOp : CHLO_UnaryOp<"erf", "the error function", HLO_FpTensor>;
def CHLO_ErfInvOp : CHLO_UnaryOp<"erf_inv", "the inverse error function", HLO_FpTensor>;
def CHLO_ErfcOp : CHLO_UnaryOp<"erfc", "the complementary error function", HLO_FpTensor>;
def CHLO_LgammaOp : CHLO_UnaryOp<"lgamma", "the log of the absolute gamma function",
                                 HLO_FpTensor>;
def CHLO_SquareOp : CHLO_UnaryOp<"square", "the square",
                                 HLO_IntFpOrComplexOrQuantizedTensor>;
def CHLO_IsInfOp : CHLO_UnaryOp<"is_inf", "whether it is infinite",
                                HLO_FpTensor, HLO_PredTensor>;
def CHLO_IsNegInfOp : CHLO_UnaryOp<"is_neg_inf", "whether it is -infinity",
                                   HLO_FpTensor, HLO_PredTensor>;
def CHLO_IsPosInfOp : CHLO_UnaryOp<"is_pos_inf", "whether it is +infinity",
                                   HLO_FpTensor, HLO_PredTensor>;

//===----------------------------------------------------------------------===//
// Binary ops: `chlo.op %x, %y : type, type -> type`
//===----------------------------------------------------------------------===//

class CHLO_BinaryOp<string mnemonic, string what, Type operandType,
                    Type resultType = operandType, list<Trait> traits = []>
    : CHLO_Op<mnemonic, traits # [Pure]> {
  let summary = what # " operation";
  let description = "Computes " # what # [{ of `lhs` and `rhs`.
    Decomposes into StableHLO.

    ```mlir
    %result = chlo.}] # mnemonic # [{ %lhs, %rhs : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def CHLO_NextAfterOp : CHLO_BinaryOp<"next_after",
    "the next representable value after lhs towards rhs", HLO_FpTensor, HLO_FpTensor,
    [SameOperandsAndResultShape]>;
def CHLO_PolygammaOp : CHLO_BinaryOp<"polygamma", "the polygamma function",
    HLO_FpTensor, HLO_FpTensor, [SameOperandsAndResultShape]>;
def CHLO_ZetaOp : CHLO_BinaryOp<"zeta", "the Hurwitz zeta function",
    HLO_FpTensor, HLO_FpTensor, [SameOperandsAndResultShape]>;
def CHLO_MulhiOp : CHLO_BinaryOp<"mulhi",
    "the high half of the double-width integer product", HLO_IntTensor,
    HLO_IntTensor, [SameOperandsAndResultType]>;

// Broadcasting binary ops carry optional `broadcast_dimensions` (numpy-style
// broadcasting when absent).
class CHLO_BroadcastBinaryOp<string mnemonic, string what,
                             Type operandType = HLO_Tensor,
                             Type resultType = operandType>
    : CHLO_Op<mnemonic, [Pure]> {
  let summary = what # " operation with broadcasting";
  let description = "Computes " # what # [{ of `lhs` and `rhs` after
    broadcasting them to a common shape (`broadcast_dimensions` maps the
    lower-rank operand's dimensions). Decomposes into StableHLO.

    ```mlir
    %result = chlo.}] # mnemonic # [{ %lhs, %rhs : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins operandType:$lhs, operandType:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs resultType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def CHLO_BroadcastAddOp : CHLO_BroadcastBinaryOp<"broadcast_add", "the sum">;
def CHLO_BroadcastAndOp : CHLO_BroadcastBinaryOp<"broadcast_and", "the AND", HLO_PredOrIntTensor>;
def CHLO_BroadcastAtan2Op : CHLO_BroadcastBinaryOp<"broadcast_atan2", "atan2">;
def CHLO_BroadcastDivOp : CHLO_BroadcastBinaryOp<"broadcast_divide", "the quotient">;
def CHLO_BroadcastMaxOp : CHLO_BroadcastBinaryOp<"broadcast_maximum", "the maximum">;
def CHLO_BroadcastMinOp : CHLO_BroadcastBinaryOp<"broadcast_minimum", "the minimum">;
def CHLO_BroadcastMulOp : CHLO_BroadcastBinaryOp<"broadcast_multiply", "the product">;
def CHLO_BroadcastNextAfterOp : CHLO_BroadcastBinaryOp<"broadcast_next_after", "next_after">;
def CHLO_BroadcastOrOp : CHLO_BroadcastBinaryOp<"broadcast_or", "the OR", HLO_PredOrIntTensor>;
def CHLO_BroadcastPolygammaOp : CHLO_BroadcastBinaryOp<"broadcast_polygamma", "polygamma">;
def CHLO_BroadcastPowOp : CHLO_BroadcastBinaryOp<"broadcast_power", "the power">;
def CHLO_BroadcastRemOp : CHLO_BroadcastBinaryOp<"broadcast_remainder", "the remainder">;
def CHLO_BroadcastShiftLeftOp : CHLO_BroadcastBinaryOp<"broadcast_shift_left", "shift_left", HLO_IntTensor>;
def CHLO_BroadcastShiftRightArithmeticOp : CHLO_BroadcastBinaryOp<"broadcast_shift_right_arithmetic", "shift_right_arithmetic", HLO_IntTensor>;
def CHLO_BroadcastShiftRightLogicalOp : CHLO_BroadcastBinaryOp<"broadcast_shift_right_logical", "shift_right_logical", HLO_IntTensor>;
def CHLO_BroadcastSubOp : CHLO_BroadcastBinaryOp<"broadcast_subtract", "the difference">;
def CHLO_BroadcastXorOp : CHLO_BroadcastBinaryOp<"broadcast_xor", "the XOR", HLO_PredOrIntTensor>;
def CHLO_BroadcastZetaOp : CHLO_BroadcastBinaryOp<"broadcast_zeta", "zeta">;
def CHLO_BroadcastComplexOp : CHLO_BroadcastBinaryOp<"broadcast_complex",
    "the complex number", HLO_Fp32Or64Tensor, HLO_ComplexTensor>;

def CHLO_BroadcastCompareOp : CHLO_Op<"broadcast_compare", [Pure]> {
  let summary = "Compare operation with broadcasting";
  let description = [{
    `stablehlo.compare` after broadcasting `lhs` and `rhs` to a common
    shape.

    ```mlir
    %result = chlo.broadcast_compare %lhs, %rhs {comparison_direction = #chlo<comparison_direction LT>} : tensor<4xf32>, tensor<f32> -> tensor<4xi1>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
                       CHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<CHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

//===----------------------------------------------------------------------===//
// Other ops
//===----------------------------------------------------------------------===//

def CHLO_ConstantLikeOp : CHLO_Op<"constant_like", [Pure, SameOperandsAndResultShape]> {
  let summary = "Constant-like operation";
  let description = [{
    A splat of `value` with the shape of `operand`.

    ```mlir
    %result = chlo.constant_like {value = 1.0 : f32} %operand : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let arguments = (ins TypedAttrInterface:$value, HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "attr-dict $operand `:` type($operand) `->` type($result)";
}

def CHLO_ConstantOp : CHLO_Op<"constant", [ConstantLike, Pure]> {
  let summary = "Constant operation";
  let description = [{
    The tensor `value`.

    ```mlir
    %result = chlo.constant dense<1.0> : tensor<4xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

def CHLO_TopKOp : CHLO_Op<"top_k", [Pure]> {
  let summary = "TopK operation";
  let description = [{
    The `k` largest values along the last dimension of `operand`, sorted
    descending, and their indices.

    ```mlir
    %values, %indices = chlo.top_k(%operand, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k);
  let results = (outs HLO_Tensor:$values, HLO_IntTensor:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:` type($operand) `->`
      `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

def CHLO_RaggedDotOp : CHLO_Op<"ragged_dot", [Pure]> {
  let summary = "RaggedDot operation";
  let description = [{
    A `dot_general` whose `lhs` ragged dimension is split into groups of
    `group_sizes`, group g multiplied by slice g of `rhs`.

    ```mlir
    %result = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs, HLO_IntTensor:$group_sizes,
                       CHLO_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
                       OptionalAttr<TypedArrayAttrBase<CHLO_PrecisionAttr, "precision">>:$precision_config);
  let results = (outs HLO_Tensor:$result);
}

def CHLO_ScanOp : CHLO_Op<"scan", [RecursiveMemoryEffects, AttrSizedOperandSegments]> {
  let summary = "Scan operation";
  let description = [{
    Walks `inputs` along `dimension` (backwards when `is_reverse`),
    applying `body` to each slice and the carries; returns the stacked
    per-position outputs and the final carries.

    ```mlir
    %0:2 = chlo.scan(%input) inits(%init) dimension=0 {
    ^bb0(%x: tensor<i32>, %carry: tensor<i32>):
      %1 = stablehlo.add %x, %carry : tensor<i32>
      stablehlo.return %1, %1 : tensor<i32>, tensor<i32>
    } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, Variadic<HLO_Tensor>:$inits,
                       I64Attr:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_reverse);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `inits` `(` $inits `)` `dimension` `=` $dimension
      attr-dict-with-keyword $body `:` functional-type(operands, results)
  }];
}

#endif // HLOX_DIALECT_CHLO_IR_CHLO_OPS
