//===- StablehloElementwiseOps.td - Elementwise StableHLO ops --*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Unary, binary and ternary elementwise operations. Each description links the
// op's section of the specification:
// https://github.com/openxla/stablehlo/blob/main/docs/spec.md
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ELEMENTWISE_OPS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ELEMENTWISE_OPS

include "hlox/Dialect/StableHLO/IR/StablehloOpBase.td"

//===----------------------------------------------------------------------===//
// Unary elementwise operations
//===----------------------------------------------------------------------===//

def StableHLO_AbsOp : StableHLO_UnaryElementwiseOp<"abs", [HLO_InferType],
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>,
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_QuantizedInt]>> {
  let summary = "Abs operation";
  let description = [{
    Computes the absolute value of each element of `operand`; for complex
    elements the result is the real modulus. (C1) result shape = operand
    shape; (C2) the result element type is the operand's, or its real part
    type for complex operands.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#abs

    ```mlir
    %result = stablehlo.abs %operand : tensor<3xi32>
    ```
  }];
  let hasVerifier = 1;
}

def StableHLO_CbrtOp : StableHLO_UnaryWithAccuracyOp<"cbrt", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Cbrt operation";
  let description = [{
    Computes the cube root of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#cbrt

    ```mlir
    %result = stablehlo.cbrt %operand : tensor<4xf64>
    ```
  }];
}

def StableHLO_CeilOp : StableHLO_UnaryElementwiseOp<"ceil", [HLO_InferSameType],
    HLO_FpOrQuantizedTensor> {
  let summary = "Ceil operation";
  let description = [{
    Rounds each element of `operand` towards positive infinity
    (IEEE-754 roundToIntegralTowardPositive).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#ceil

    ```mlir
    %result = stablehlo.ceil %operand : tensor<5xf32>
    ```
  }];
}

def StableHLO_ConvertOp : StableHLO_UnaryElementwiseOp<"convert", [],
    HLO_NonQuantizedTensor> {
  let summary = "Convert operation";
  let description = [{
    Converts each element of `operand` to the result element type: integer
    conversions wrap, float conversions round to nearest even, complex to
    real drops the imaginary part.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#convert

    ```mlir
    %result = stablehlo.convert %operand : (tensor<3xi64>) -> tensor<3xcomplex<f64>>
    ```
  }];
}

def StableHLO_CountLeadingZerosOp : StableHLO_UnaryElementwiseOp<
    "count_leading_zeros", [HLO_InferSameType], HLO_IntTensor> {
  let summary = "Clz operation";
  let description = [{
    Counts the leading zero bits of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#count_leading_zeros

    ```mlir
    %result = stablehlo.count_leading_zeros %operand : tensor<2x2xi64>
    ```
  }];
}

def StableHLO_CosineOp : StableHLO_UnaryWithAccuracyOp<"cosine", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Cosine operation";
  let description = [{
    Computes the cosine of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#cosine

    ```mlir
    %result = stablehlo.cosine %operand : tensor<3x2xf32>
    ```
  }];
}

def StableHLO_ExpOp : StableHLO_UnaryWithAccuracyOp<"exponential", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Exp operation";
  let description = [{
    Computes e raised to each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#exponential

    ```mlir
    %result = stablehlo.exponential %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_Expm1Op : StableHLO_UnaryWithAccuracyOp<"exponential_minus_one", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Expm1 operation";
  let description = [{
    Computes e raised to each element of `operand`, minus one, accurately
    near zero.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#exponential_minus_one

    ```mlir
    %result = stablehlo.exponential_minus_one %operand : tensor<2xf64>
    ```
  }];
}

def StableHLO_FloorOp : StableHLO_UnaryElementwiseOp<"floor", [HLO_InferSameType],
    HLO_FpOrQuantizedTensor> {
  let summary = "Floor operation";
  let description = [{
    Rounds each element of `operand` towards negative infinity.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#floor

    ```mlir
    %result = stablehlo.floor %operand : tensor<5xf32>
    ```
  }];
}

def StableHLO_ImagOp : StableHLO_UnaryElementwiseOp<"imag", [HLO_InferType],
    HLO_FpOrComplexTensor, HLO_FpTensor> {
  let summary = "Imag operation";
  let description = [{
    Extracts the imaginary part of each element of `operand`; zero for real
    operands. (C2) the result element type is the operand's real part type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#imag

    ```mlir
    %result = stablehlo.imag %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    ```
  }];
  let hasVerifier = 1;
}

def StableHLO_IsFiniteOp : StableHLO_UnaryElementwiseOp<"is_finite", [HLO_InferType],
    HLO_FpOrQuantizedTensor, HLO_PredTensor> {
  let summary = "IsFinite operation";
  let description = [{
    Tells for each element of `x` whether it is neither infinite nor NaN.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#is_finite

    ```mlir
    %y = stablehlo.is_finite %x : (tensor<7xf64>) -> tensor<7xi1>
    ```
  }];
}

def StableHLO_LogOp : StableHLO_UnaryWithAccuracyOp<"log", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Log operation";
  let description = [{
    Computes the natural logarithm of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#log

    ```mlir
    %result = stablehlo.log %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_Log1pOp : StableHLO_UnaryWithAccuracyOp<"log_plus_one", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Log1p operation";
  let description = [{
    Computes the natural logarithm of one plus each element of `operand`,
    accurately near zero.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#log_plus_one

    ```mlir
    %result = stablehlo.log_plus_one %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_LogisticOp : StableHLO_UnaryWithAccuracyOp<"logistic", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Logistic operation";
  let description = [{
    Computes the logistic function 1 / (1 + exp(-x)) of each element.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#logistic

    ```mlir
    %result = stablehlo.logistic %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_NegOp : StableHLO_UnaryElementwiseOp<"negate", [HLO_InferSameType],
    HLO_IntFpOrComplexOrQuantizedTensor> {
  let summary = "Neg operation";
  let description = [{
    Negates each element of `operand`; signed integers wrap, unsigned
    integers negate modulo 2^N.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#negate

    ```mlir
    %result = stablehlo.negate %operand : tensor<2xi32>
    ```
  }];
}

def StableHLO_NotOp : StableHLO_UnaryElementwiseOp<"not", [HLO_InferSameType],
    HLO_PredOrIntTensor> {
  let summary = "Not operation";
  let description = [{
    Computes the logical NOT of booleans or the bitwise NOT of integers.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#not

    ```mlir
    %result = stablehlo.not %operand : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_PopulationCountOp : StableHLO_UnaryElementwiseOp<"popcnt", [HLO_InferSameType],
    HLO_IntTensor> {
  let summary = "PopulationCount operation";
  let description = [{
    Counts the set bits of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#popcnt

    ```mlir
    %result = stablehlo.popcnt %operand : tensor<4xi64>
    ```
  }];
}

def StableHLO_RealOp : StableHLO_UnaryElementwiseOp<"real", [HLO_InferType],
    HLO_FpOrComplexTensor, HLO_FpTensor> {
  let summary = "Real operation";
  let description = [{
    Extracts the real part of each element of `operand`; the identity for
    real operands. (C2) the result element type is the operand's real part
    type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#real

    ```mlir
    %result = stablehlo.real %operand : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    ```
  }];
  let hasVerifier = 1;
}

def StableHLO_RoundOp : StableHLO_UnaryElementwiseOp<"round_nearest_afz", [HLO_InferSameType],
    HLO_FpOrQuantizedTensor> {
  let summary = "Round operation";
  let description = [{
    Rounds each element to the nearest integer, ties away from zero.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#round_nearest_afz

    ```mlir
    %result = stablehlo.round_nearest_afz %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_RoundNearestEvenOp : StableHLO_UnaryElementwiseOp<
    "round_nearest_even", [HLO_InferSameType], HLO_FpOrQuantizedTensor> {
  let summary = "RoundNearestEven operation";
  let description = [{
    Rounds each element to the nearest integer, ties to even.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#round_nearest_even

    ```mlir
    %result = stablehlo.round_nearest_even %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_RsqrtOp : StableHLO_UnaryWithAccuracyOp<"rsqrt", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Rsqrt operation";
  let description = [{
    Computes the reciprocal square root of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#rsqrt

    ```mlir
    %result = stablehlo.rsqrt %operand : tensor<2x2xf32>
    ```
  }];
}

def StableHLO_SignOp : StableHLO_UnaryElementwiseOp<"sign", [HLO_InferSameType],
    RankedTensorOf<[HLO_SInt, HLO_Float, HLO_Complex, HLO_QuantizedInt]>> {
  let summary = "Sign operation";
  let description = [{
    Returns -1, 0 or 1 by the sign of each element (NaN for NaN; for complex
    elements, the element divided by its modulus).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#sign

    ```mlir
    %result = stablehlo.sign %operand : tensor<5xf64>
    ```
  }];
}

def StableHLO_SineOp : StableHLO_UnaryWithAccuracyOp<"sine", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Sine operation";
  let description = [{
    Computes the sine of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#sine

    ```mlir
    %result = stablehlo.sine %operand : tensor<2x2xf32>
    ```
  }];
}

def StableHLO_SqrtOp : StableHLO_UnaryWithAccuracyOp<"sqrt", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Sqrt operation";
  let description = [{
    Computes the square root of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#sqrt

    ```mlir
    %result = stablehlo.sqrt %operand : tensor<2x2xf32>
    ```
  }];
}

def StableHLO_TanOp : StableHLO_UnaryWithAccuracyOp<"tan", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Tan operation";
  let description = [{
    Computes the tangent of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#tan

    ```mlir
    %result = stablehlo.tan %operand : tensor<2x2xf64>
    ```
  }];
}

def StableHLO_TanhOp : StableHLO_UnaryWithAccuracyOp<"tanh", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Tanh operation";
  let description = [{
    Computes the hyperbolic tangent of each element of `operand`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#tanh

    ```mlir
    %result = stablehlo.tanh %operand : tensor<3xf32>
    ```
  }];
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "BitcastConvert operation";
  let description = [{
    Reinterprets the bits of `operand` as the result element type. When the
    bit widths differ, the last result (or operand) dimension holds the
    ratio of the widths.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#bitcast_convert

    ```mlir
    %result = stablehlo.bitcast_convert %operand : (tensor<f64>) -> tensor<4xf16>
    ```
  }];
  let arguments = (ins HLO_TensorOrPerAxisQuantizedTensor:$operand);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision",
    [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "ReducePrecision operation";
  let description = [{
    Rounds each element of `operand` to a float type with `exponent_bits`
    and `mantissa_bits`, then back to the operand type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#reduce_precision

    ```mlir
    %output = stablehlo.reduce_precision %operand, format = e5m10 : tensor<6xf64>
    ```
  }];
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand,
                       I32Attr:$exponent_bits, I32Attr:$mantissa_bits);
  let results = (outs HLO_FpOrQuantizedTensor:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=` custom<ExponentMantissa>($exponent_bits, $mantissa_bits)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformQuantizeOp : StableHLO_UnaryElementwiseOp<
    "uniform_quantize", [], AnyTypeOf<[HLO_FpTensor, HLO_QuantizedIntTensor,
                                       RankedTensorOf<[HLO_PerAxisQuantizedInt]>]>,
    AnyTypeOf<[HLO_QuantizedIntTensor, RankedTensorOf<[HLO_PerAxisQuantizedInt]>]>> {
  let summary = "UniformQuantize operation";
  let description = [{
    Quantizes floats to the result's quantized type, or requantizes a
    quantized operand to another quantization.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#uniform_quantize

    ```mlir
    %result = stablehlo.uniform_quantize %operand : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
    ```
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformDequantizeOp : StableHLO_UnaryElementwiseOp<
    "uniform_dequantize", [HLO_InferType],
    AnyTypeOf<[HLO_QuantizedIntTensor, RankedTensorOf<[HLO_PerAxisQuantizedInt]>]>,
    HLO_FpTensor> {
  let summary = "UniformDequantize operation";
  let description = [{
    Converts quantized elements back to their expressed float type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#uniform_dequantize

    ```mlir
    %result = stablehlo.uniform_dequantize %operand : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xf32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Binary elementwise operations
//===----------------------------------------------------------------------===//

def StableHLO_AddOp : StableHLO_BinaryElementwiseOp<"add", [Commutative],
    HLO_TensorOrPerAxisQuantizedTensor> {
  let summary = "Add operation";
  let description = [{
    Adds `lhs` and `rhs` elementwise: logical OR for booleans, wrapping
    addition for integers, IEEE addition for floats.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#add

    ```mlir
    %result = stablehlo.add %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_AndOp : StableHLO_BinaryElementwiseOp<"and", [Commutative],
    HLO_PredOrIntTensor> {
  let summary = "And operation";
  let description = [{
    Computes the logical AND of booleans or the bitwise AND of integers.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#and

    ```mlir
    %result = stablehlo.and %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_Atan2Op : StableHLO_BinaryElementwiseOp<"atan2", [],
    HLO_FpComplexOrQuantizedTensor> {
  let summary = "Atan2 operation";
  let description = [{
    Computes the four-quadrant arctangent of `lhs / rhs` elementwise.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#atan2

    ```mlir
    %result = stablehlo.atan2 %lhs, %rhs : tensor<3xf64>
    ```
  }];
}

def StableHLO_ComplexOp : StableHLO_Op<"complex",
    [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Complex operation";
  let description = [{
    Builds complex numbers from a real part `lhs` and an imaginary part
    `rhs`. (C1) `lhs` and `rhs` have the same type; (C3) the result element
    type is complex of their element type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#complex

    ```mlir
    %result = stablehlo.complex %lhs, %rhs : tensor<2xcomplex<f64>>
    ```
  }];
  let arguments = (ins HLO_Fp32Or64Tensor:$lhs, HLO_Fp32Or64Tensor:$rhs);
  let results = (outs HLO_ComplexTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_DivOp : StableHLO_BinaryElementwiseOp<"divide", [],
    HLO_IntFpOrComplexOrQuantizedTensor> {
  let summary = "Div operation";
  let description = [{
    Divides `lhs` by `rhs` elementwise; integer division truncates.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#divide

    ```mlir
    %result = stablehlo.divide %lhs, %rhs : tensor<4xf32>
    ```
  }];
}

def StableHLO_MaxOp : StableHLO_BinaryElementwiseOp<"maximum", [Commutative],
    HLO_TensorOrPerAxisQuantizedTensor> {
  let summary = "Max operation";
  let description = [{
    Computes the elementwise maximum; NaN propagates, complex elements
    compare lexicographically.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#maximum

    ```mlir
    %result = stablehlo.maximum %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_MinOp : StableHLO_BinaryElementwiseOp<"minimum", [Commutative],
    HLO_TensorOrPerAxisQuantizedTensor> {
  let summary = "Min operation";
  let description = [{
    Computes the elementwise minimum; NaN propagates, complex elements
    compare lexicographically.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#minimum

    ```mlir
    %result = stablehlo.minimum %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_MulOp : StableHLO_BinaryElementwiseOp<"multiply", [Commutative],
    HLO_TensorOrPerAxisQuantizedTensor> {
  let summary = "Mul operation";
  let description = [{
    Multiplies `lhs` and `rhs` elementwise: logical AND for booleans,
    wrapping multiplication for integers.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#multiply

    ```mlir
    %result = stablehlo.multiply %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_OrOp : StableHLO_BinaryElementwiseOp<"or", [Commutative],
    HLO_PredOrIntTensor> {
  let summary = "Or operation";
  let description = [{
    Computes the logical OR of booleans or the bitwise OR of integers.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#or

    ```mlir
    %result = stablehlo.or %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_PowOp : StableHLO_BinaryElementwiseOp<"power", [],
    HLO_IntFpOrComplexOrQuantizedTensor> {
  let summary = "Power operation";
  let description = [{
    Raises `lhs` to the power `rhs` elementwise; for integers, by repeated
    multiplication, with a negative exponent as the spec says.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#power

    ```mlir
    %result = stablehlo.power %lhs, %rhs : tensor<6xf64>
    ```
  }];
}

def StableHLO_RemOp : StableHLO_BinaryElementwiseOp<"remainder", [],
    HLO_IntFpOrComplexOrQuantizedTensor> {
  let summary = "Rem operation";
  let description = [{
    Computes the remainder of truncated division of `lhs` by `rhs`; the
    result takes the sign of the dividend.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#remainder

    ```mlir
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xi64>
    ```
  }];
}

def StableHLO_ShiftLeftOp : StableHLO_BinaryElementwiseOp<"shift_left", [],
    HLO_IntTensor> {
  let summary = "ShiftLeft operation";
  let description = [{
    Shifts each element of `lhs` left by `rhs` bits; shifts of the bit width
    or more give zero.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#shift_left

    ```mlir
    %result = stablehlo.shift_left %lhs, %rhs : tensor<3xi64>
    ```
  }];
}

def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryElementwiseOp<
    "shift_right_arithmetic", [], HLO_IntTensor> {
  let summary = "ShiftRightArithmetic operation";
  let description = [{
    Shifts each element of `lhs` right by `rhs` bits, filling with the sign
    bit.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#shift_right_arithmetic

    ```mlir
    %result = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<3xi64>
    ```
  }];
}

def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryElementwiseOp<
    "shift_right_logical", [], HLO_IntTensor> {
  let summary = "ShiftRightLogical operation";
  let description = [{
    Shifts each element of `lhs` right by `rhs` bits, filling with zeros.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#shift_right_logical

    ```mlir
    %result = stablehlo.shift_right_logical %lhs, %rhs : tensor<3xi64>
    ```
  }];
}

def StableHLO_SubtractOp : StableHLO_BinaryElementwiseOp<"subtract", [],
    HLO_IntFpOrComplexOrQuantizedTensor> {
  let summary = "Subtract operation";
  let description = [{
    Subtracts `rhs` from `lhs` elementwise; integers wrap.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#subtract

    ```mlir
    %result = stablehlo.subtract %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

def StableHLO_XorOp : StableHLO_BinaryElementwiseOp<"xor", [Commutative],
    HLO_PredOrIntTensor> {
  let summary = "Xor operation";
  let description = [{
    Computes the logical XOR of booleans or the bitwise XOR of integers.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#xor

    ```mlir
    %result = stablehlo.xor %lhs, %rhs : tensor<2x2xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

def StableHLO_CompareOp : StableHLO_Op<"compare",
    [HLO_InferType, Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "Compare operation";
  let description = [{
    Compares `lhs` and `rhs` elementwise by `comparison_direction`, reading
    them as `compare_type` says (FLOAT, TOTALORDER, SIGNED, UNSIGNED).
    (C1) `lhs` and `rhs` have the same element type; (C3) `compare_type`
    agrees with the element type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#compare

    ```mlir
    %result = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       StableHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SelectOp : StableHLO_Op<"select", [HLO_InferType, Pure]> {
  let summary = "Select operation";
  let description = [{
    Picks each element from `on_true` or `on_false` by `pred`, which is a
    scalar or has the operands' shape. (C1) `pred` is 0-d or has the shape
    of `on_true`; (C2) `on_true`, `on_false` and the result have the same
    type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#select

    ```mlir
    %result = stablehlo.select %pred, %on_true, %on_false : tensor<2x2xi1>, tensor<2x2xi32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred, HLO_TensorOrPerAxisQuantizedTensor:$on_true,
                       HLO_TensorOrPerAxisQuantizedTensor:$on_false);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:`
      custom<SelectOpType>(type($pred), type($on_true), type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ClampOp : StableHLO_Op<"clamp", [HLO_InferType, Pure]> {
  let summary = "Clamp operation";
  let description = [{
    Clamps each element of `operand` between `min` and `max`, which are
    scalars or have the operand's shape. (C1) `min` and `max` are 0-d or
    have the operand's shape.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#clamp

    ```mlir
    %result = stablehlo.clamp %min, %operand, %max : tensor<3xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$min, HLO_Tensor:$operand, HLO_Tensor:$max);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
      custom<SameOperandsAndResultType>(type($min), type($operand), type($max), type($result))
  }];
  let hasVerifier = 1;
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_ELEMENTWISE_OPS
