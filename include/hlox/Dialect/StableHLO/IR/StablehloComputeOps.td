//===- StablehloComputeOps.td - Contractions, linear algebra, rng -*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_COMPUTE_OPS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_COMPUTE_OPS

include "hlox/Dialect/StableHLO/IR/StablehloOpBase.td"

def StableHLO_DotOp : StableHLO_Op<"dot", [Pure]> {
  let summary = "Dot operation";
  let description = [{
    Not in the specification; found in programs in the wild. Vector-vector,
    matrix-vector or matrix-matrix product, as `dot_general` contracting the
    last dimension of `lhs` with the first of `rhs`.

    ```mlir
    %result = stablehlo.dot %lhs, %rhs : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict
      `:` functional-type(operands, results)
  }];
}

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
        ["inferReturnTypeComponents"]>]> {
  let summary = "DotGeneral operation";
  let description = [{
    Dot products between slices of `lhs` and `rhs`, over batching and
    contracting dimensions. (C1) the batching lists have equal size; (C2)
    so do the contracting lists; (C3)-(C4) each list is unique; (C5)-(C6)
    each entry is a dimension of its side; (C7)-(C8) batching and
    contracting sizes agree between sides.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dot_general

    ```mlir
    %result = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_TensorOrPerAxisQuantizedTensor:$rhs,
                       StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<StableHLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers)
      `` custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_EinsumOp : StableHLO_Op<"einsum", [Pure]> {
  let summary = "Einsum operation";
  let description = [{
    Not in the specification; found in programs in the wild. Einstein
    summation of `lhs` and `rhs` by `einsum_config` such as "ab,bc->ac".

    ```mlir
    %result = stablehlo.einsum %lhs, %rhs, config = "ab,bc->ac" : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs, StrAttr:$einsum_config);
  let results = (outs HLO_Tensor);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_UnaryEinsumOp : StableHLO_Op<"unary_einsum", [Pure]> {
  let summary = "UnaryEinsum operation";
  let description = [{
    Not in the specification; found in programs in the wild. Einstein
    summation of one operand by `einsum_config` such as "ab->a".

    ```mlir
    %result = stablehlo.unary_einsum %operand, config = "ab->a" : (tensor<4x16xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_Tensor);
  let assemblyFormat = [{
    $operand `,` `config` `=` $einsum_config attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
        ["inferReturnTypeComponents"]>]> {
  let summary = "Convolution operation";
  let description = [{
    Dot products between windows of `lhs` and slices of `rhs`, with window
    strides, padding, base (lhs) and window (rhs) dilations, reversal,
    feature and batch groups. (C13)-(C14) group counts are positive.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#convolution

    ```mlir
    %result = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_TensorOrPerAxisQuantizedTensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       StableHLO_ConvDimensionNumbers:$dimension_numbers,
                       ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                       ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor);
  let assemblyFormat = [{
    `(` operands `)` `dim_numbers` `=` custom<ConvolutionDimensions>($dimension_numbers) `,`
      `window` `=` `{` custom<WindowAttributes>($window_strides, $padding,
                                                $lhs_dilation, $rhs_dilation,
                                                $window_reversal) `}`
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "DynamicConv operation";
  let description = [{
    Not in the specification; found in programs in the wild. `convolution`
    whose padding is a run-time tensor of shape [spatial dims, 2].

    ```mlir
    %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64} : (tensor<1x8x16xf32>, tensor<4x16x16xf32>, tensor<1x2xi32>) -> tensor<1x5x16xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs, HLO_IntTensor:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       StableHLO_ConvDimensionNumbers:$dimension_numbers,
                       ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
                       ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor);
}

def StableHLO_FftOp : StableHLO_Op<"fft", [HLO_InferType, Pure]> {
  let summary = "Fft operation";
  let description = [{
    Forward or inverse Fourier transform (complex or real) over the last
    `fft_length` dimensions of `operand`. (C1) size(fft_length) <= rank.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#fft

    ```mlir
    %result = stablehlo.fft %operand, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand,
                       StableHLO_FftTypeAttr:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FpOrComplexTensor);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=` custom<DenseI64Array>($fft_length)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [HLO_InferType, Pure]> {
  let summary = "TriangularSolve operation";
  let description = [{
    Solves batches of systems with a triangular matrix `a` (lower or upper,
    optionally unit diagonal, optionally transposed) on the left or right
    of `b`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#triangular_solve

    ```mlir
    %result = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$a, HLO_FpOrComplexTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal,
                       StableHLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpOrComplexTensor);
  let hasVerifier = 1;
}

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [HLO_InferType, Pure]> {
  let summary = "Cholesky operation";
  let description = [{
    Cholesky decomposition of a batch of matrices `a`; `lower` chooses the
    lower or upper triangle.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#cholesky

    ```mlir
    %result = stablehlo.cholesky %a, lower = true : tensor<3x3xf64>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$a, OptionalAttr<BoolAttr>:$lower);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:`
      custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_BatchNormGradOp : StableHLO_Op<"batch_norm_grad", [HLO_InferType, Pure]> {
  let summary = "BatchNormGrad operation";
  let description = [{
    Gradients of batch normalization with respect to `operand`, `scale` and
    `offset`, over every dimension but `feature_index`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#batch_norm_grad

    ```mlir
    %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
    ```
  }];
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand, HLO_FpOrQuantizedTensor:$scale,
                       HLO_FpOrQuantizedTensor:$mean, HLO_FpOrQuantizedTensor:$variance,
                       HLO_FpOrQuantizedTensor:$grad_output, F32Attr:$epsilon,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$feature_index);
  let results = (outs HLO_FpOrQuantizedTensor:$grad_operand,
                      HLO_FpOrQuantizedTensor:$grad_scale,
                      HLO_FpOrQuantizedTensor:$grad_offset);
  let hasVerifier = 1;
}

def StableHLO_BatchNormInferenceOp : StableHLO_Op<"batch_norm_inference", [HLO_InferType, Pure]> {
  let summary = "BatchNormInference operation";
  let description = [{
    Normalizes `operand` with the given mean and variance over every
    dimension but `feature_index`, then scales and offsets it.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#batch_norm_inference

    ```mlir
    %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
    ```
  }];
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand, HLO_FpOrQuantizedTensor:$scale,
                       HLO_FpOrQuantizedTensor:$offset, HLO_FpOrQuantizedTensor:$mean,
                       HLO_FpOrQuantizedTensor:$variance, F32Attr:$epsilon,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$feature_index);
  let results = (outs HLO_FpOrQuantizedTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_BatchNormTrainingOp : StableHLO_Op<"batch_norm_training", [HLO_InferType, Pure]> {
  let summary = "BatchNormTraining operation";
  let description = [{
    Computes mean and variance over every dimension but `feature_index`,
    normalizes `operand` with them, then scales and offsets it.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#batch_norm_training

    ```mlir
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
    ```
  }];
  let arguments = (ins HLO_FpOrQuantizedTensor:$operand, HLO_FpOrQuantizedTensor:$scale,
                       HLO_FpOrQuantizedTensor:$offset, F32Attr:$epsilon,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$feature_index);
  let results = (outs HLO_FpOrQuantizedTensor:$output,
                      HLO_FpOrQuantizedTensor:$batch_mean,
                      HLO_FpOrQuantizedTensor:$batch_var);
  let hasVerifier = 1;
}

def StableHLO_RngOp : StableHLO_Op<"rng", []> {
  let summary = "Rng operation";
  let description = [{
    Random numbers of shape `shape` from the distribution
    `rng_distribution` with parameters `a` and `b`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#rng

    ```mlir
    %result = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$a,
                       0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$b,
                       HLO_DimensionTensor:$shape,
                       StableHLO_RngDistributionAttr:$rng_distribution);
  let results = (outs RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "RngBitGenerator operation";
  let description = [{
    Uniform random bits from `initial_state` by `rng_algorithm`, with the
    updated state. (C1) the output state has the type of the initial
    state. As upstream's verifier does, this one takes states of any rank
    and of floats too; the spec's 1-d state of the size the algorithm needs
    (C2) is checked where a program is imported (`stablehlo-check-spec`).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#rng_bit_generator

    ```mlir
    %output_state, %output = stablehlo.rng_bit_generator %initial_state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
    ```
  }];
  let arguments = (ins RankedTensorOf<[HLO_Int, HLO_Float]>:$initial_state,
                       StableHLO_RngAlgorithmAttr:$rng_algorithm);
  let results = (outs RankedTensorOf<[HLO_Int, HLO_Float]>:$output_state,
                      RankedTensorOf<[HLO_Int, HLO_Float]>:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

def StableHLO_TupleOp : StableHLO_Op<"tuple", [HLO_InferType, Pure]> {
  let summary = "Tuple operation";
  let description = [{
    Builds a tuple of `val`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#tuple

    ```mlir
    %result = stablehlo.tuple %val0, %val1 : tuple<tensor<2xf64>, tuple<tensor<i64>>>
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyValue>:$val);
  let results = (outs HLO_Tuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [HLO_InferType, Pure]> {
  let summary = "GetTupleElement operation";
  let description = [{
    Extracts element `index` of the tuple `operand`. (C1) 0 <= index <
    size(operand); (C2) the result type is that element's type.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#get_tuple_element

    ```mlir
    %result = stablehlo.get_tuple_element %operand[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
    ```
  }];
  let arguments = (ins HLO_Tuple:$operand, ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs HLO_AnyValue:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Extensibility
//===----------------------------------------------------------------------===//

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call", []> {
  let summary = "CustomCall operation";
  let description = [{
    Calls the implementation-defined function `call_target_name` with
    `inputs`; `backend_config`, `api_version`, layouts and aliases describe
    the call. Its values may also be the spec's buffers (memrefs of
    `CreateBuffer`, `Pin` and `Unpin`) and futures, which parse and print
    but do not run (`stablehlo-check-spec`).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#custom_call

    ```mlir
    %results = stablehlo.custom_call @foo(%input0) {backend_config = {bar = 42 : i32}, api_version = 4 : i32, called_computations = [@foo]} : (tensor<f64>) -> tensor<f64>
    ```
  }];
  let arguments = (ins Variadic<HLO_CustomCallValue>:$inputs,
                       StrAttr:$call_target_name,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
                       OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
                       DefaultValuedOptionalAttr<StableHLO_CustomCallApiVersionAttr,
                           "::hlox::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$called_computations,
                       OptionalAttr<ArrayAttr>:$operand_layouts,
                       OptionalAttr<ArrayAttr>:$result_layouts,
                       OptionalAttr<TypedArrayAttrBase<StableHLO_OutputOperandAlias,
                                                       "aliases">>:$output_operand_aliases);
  let results = (outs Variadic<HLO_CustomCallValue>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)`
      attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    /// backend_config as a custom-call target receives it: the string, a
    /// dictionary's text, or "" when absent.
    std::string getBackendConfigText();
  }];
}

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Composite operation";
  let description = [{
    A named operation `name` with `composite_attributes`, whose meaning is
    the function `decomposition`; a compiler may keep it whole or inline the
    decomposition. (C1) `decomposition` names a function whose type matches
    the op's operands and results. `composite_regions` model the bodies of
    ops that have them (a reducer, say) for whoever keeps the op whole;
    they do not change its meaning and go with the op when it becomes its
    decomposition or a handler's call.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#composite

    ```mlir
    %results = stablehlo.composite "my_namespace.my_op" %input0 {composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyValue>:$inputs, StrAttr:$name,
                       DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
                       FlatSymbolRefAttr:$decomposition,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_AnyValue>);
  let regions = (region VariadicRegion<AnyRegion>:$composite_regions);
  let assemblyFormat = [{
    $name $inputs (` ` `(` $composite_regions^ `)`)? attr-dict `:` functional-type(operands, results)
  }];
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_COMPUTE_OPS
