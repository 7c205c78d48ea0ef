//===- StablehloDataMovementOps.td - Shape and data movement ops -*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Constants, iota, broadcasts, reshapes, slices, padding, concatenation,
// gather/scatter and the dynamism ops.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_DATA_MOVEMENT_OPS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_DATA_MOVEMENT_OPS

include "hlox/Dialect/StableHLO/IR/StablehloOpBase.td"

def StableHLO_ConstantOp : StableHLO_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Constant operation";
  let description = [{
    Produces the tensor `value`. When the result type is quantized, `value`
    holds the storage integers and the op prints as
    `stablehlo.constant() <{value = ...}> : () -> type`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#constant

    ```mlir
    %output = stablehlo.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  // Folds to its value, so that the greedy rewriter's constant
  // de-duplication keys constants by value.
  let hasFolder = 1;
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "Iota operation";
  let description = [{
    Fills the result with increasing values along `iota_dimension`, starting
    at zero. (C1) 0 <= iota_dimension < rank(output).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#iota

    ```mlir
    %output = stablehlo.iota dim = 0 : tensor<4x5xi32>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "DynamicIota operation";
  let description = [{
    `iota` whose result shape is given at run time by `output_shape`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dynamic_iota

    ```mlir
    %result = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<4x5xi64>
    ```
  }];
  let arguments = (ins HLO_DimensionTensor:$output_shape,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$iota_dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "BroadcastInDim operation";
  let description = [{
    Expands `operand` to the result shape; operand dimension `i` becomes
    result dimension `broadcast_dimensions[i]`. (C2) size(broadcast_dimensions)
    = rank(operand); (C3) each entry is a result dimension; (C4) entries are
    unique; (C5) each operand dimension is 1 or matches the result's.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#broadcast_in_dim

    ```mlir
    %result = stablehlo.broadcast_in_dim %operand, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>
    ```
  }];
  let arguments = (ins HLO_TensorOrPerAxisQuantizedTensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($broadcast_dimensions)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_BroadcastOp : StableHLO_Op<"broadcast", [Pure]> {
  let summary = "Broadcast operation";
  let description = [{
    Not in the specification; found in programs in the wild. Prepends
    `broadcast_sizes` dimensions to the operand's shape, copying it.

    ```mlir
    %result = stablehlo.broadcast %operand, sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<DenseI64Array>($broadcast_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicBroadcastInDimOp : StableHLO_Op<"dynamic_broadcast_in_dim",
    [Pure]> {
  let summary = "DynamicBroadcastInDim operation";
  let description = [{
    `broadcast_in_dim` whose result shape is given at run time by
    `output_dimensions`; `known_expanding_dimensions` and
    `known_nonexpanding_dimensions` state what is known statically.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dynamic_broadcast_in_dim

    ```mlir
    %result = stablehlo.dynamic_broadcast_in_dim %operand, %shape, dims = [2, 1] : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_DimensionTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` custom<DenseI64Array>($broadcast_dimensions)
      (`,` `known_expanding_dimensions` `=` custom<DenseI64Array>($known_expanding_dimensions)^)?
      (`,` `known_nonexpanding_dimensions` `=` custom<DenseI64Array>($known_nonexpanding_dimensions)^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "Reshape operation";
  let description = [{
    Reshapes `operand` to the result shape, keeping row-major element
    order. (C2) the element counts agree.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#reshape

    ```mlir
    %result = stablehlo.reshape %operand : (tensor<2xf32>) -> tensor<1x2xf32>
    ```
  }];
  let arguments = (ins HLO_TensorOrPerAxisQuantizedTensor:$operand);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "DynamicReshape operation";
  let description = [{
    `reshape` whose result shape is given at run time by `output_shape`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dynamic_reshape

    ```mlir
    %result = stablehlo.dynamic_reshape %operand, %output_shape : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
    ```
  }];
  let arguments = (ins HLO_TensorOrPerAxisQuantizedTensor:$operand,
                       HLO_DimensionTensor:$output_shape);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose", [HLO_InferType, Pure]> {
  let summary = "Transpose operation";
  let description = [{
    Permutes the dimensions of `operand`: result dimension `i` is operand
    dimension `permutation[i]`. (C2) `permutation` is a permutation of
    [0, rank); (C4) the result shape is the permuted operand shape.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#transpose

    ```mlir
    %result = stablehlo.transpose %operand, dims = [2, 1, 0] : (tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
    ```
  }];
  let arguments = (ins HLO_TensorOrPerAxisQuantizedTensor:$operand,
                       DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_TensorOrPerAxisQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($permutation)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse", [HLO_InferType, Pure]> {
  let summary = "Reverse operation";
  let description = [{
    Reverses the order of elements along each of `dimensions`. (C2) the
    dimensions are unique; (C3) each is in [0, rank).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#reverse

    ```mlir
    %result = stablehlo.reverse %operand, dims = [1] : tensor<3x2xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<DenseI64Array>($dimensions)
      attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [HLO_InferType, Pure]> {
  let summary = "Concatenate operation";
  let description = [{
    Concatenates `inputs` along `dimension`. (C1) the inputs have the same
    element type; (C2) they agree on every dimension but `dimension`;
    (C3) there is at least one input; (C4) 0 <= dimension < rank.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#concatenate

    ```mlir
    %result = stablehlo.concatenate %input0, %input1, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SliceOp : StableHLO_Op<"slice", [HLO_InferType, Pure]> {
  let summary = "Slice operation";
  let description = [{
    Extracts the elements from `start_indices` up to `limit_indices` with
    `strides`, written `[start:limit:stride, ...]`. (C2) the three lists
    have one entry per dimension; (C3) 0 <= start <= limit <= size;
    (C4) strides are positive.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#slice

    ```mlir
    %result = stablehlo.slice %operand [1:3, 4:8:2] : (tensor<3x8xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure]> {
  let summary = "DynamicSlice operation";
  let description = [{
    Extracts a slice of `slice_sizes` starting at run-time `start_indices`
    (one 0-d tensor per dimension), clamped into bounds.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dynamic_slice

    ```mlir
    %result = stablehlo.dynamic_slice %operand, %i0, %i1, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, Variadic<HLO_ScalarIntTensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<VariadicOperandWithAttribute>($start_indices)
      `sizes` `=` custom<DenseI64Array>($slice_sizes)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp : StableHLO_Op<"dynamic_update_slice", [HLO_InferType, Pure]> {
  let summary = "DynamicUpdateSlice operation";
  let description = [{
    Replaces the slice of `operand` starting at `start_indices` with
    `update`; start indices are clamped so that the update fits.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dynamic_update_slice

    ```mlir
    %result = stablehlo.dynamic_update_slice %operand, %update, %i0, %i1 : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                       Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_RealDynamicSliceOp : StableHLO_Op<"real_dynamic_slice", [Pure]> {
  let summary = "RealDynamicSlice operation";
  let description = [{
    `slice` whose start, limit and stride lists are run-time 1-d tensors.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#real_dynamic_slice

    ```mlir
    %result = stablehlo.real_dynamic_slice %operand, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_DimensionTensor:$start_indices,
                       HLO_DimensionTensor:$limit_indices,
                       HLO_DimensionTensor:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_PadOp : StableHLO_Op<"pad", [HLO_InferType, Pure]> {
  let summary = "Pad operation";
  let description = [{
    Pads `operand` with `padding_value` at both edges of each dimension and
    between its elements; negative edge padding removes elements. (C2) the
    three lists have one entry per dimension; (C3) interior padding is
    non-negative; (C4) the result shape follows from them.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#pad

    ```mlir
    %result = stablehlo.pad %operand, %padding_value, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x9xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ScalarTensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,`
      `low` `=` custom<DenseI64Array>($edge_padding_low) `,`
      `high` `=` custom<DenseI64Array>($edge_padding_high) `,`
      `interior` `=` custom<DenseI64Array>($interior_padding)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "DynamicPad operation";
  let description = [{
    `pad` whose padding amounts are run-time 1-d tensors.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#dynamic_pad

    ```mlir
    %result = stablehlo.dynamic_pad %operand, %padding_value, %low, %high, %interior : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ScalarTensor:$padding_value,
                       HLO_DimensionTensor:$edge_padding_low,
                       HLO_DimensionTensor:$edge_padding_high,
                       HLO_DimensionTensor:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size", [HLO_InferType, Pure]> {
  let summary = "GetDimensionSize operation";
  let description = [{
    Returns the size of `dimension` of `operand` as a 0-d i32 tensor.
    (C1) 0 <= dimension < rank(operand).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#get_dimension_size

    ```mlir
    %result = stablehlo.get_dimension_size %operand, dim = 1 : (tensor<2x3xi64>) -> tensor<i32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SetDimensionSizeOp : StableHLO_Op<"set_dimension_size", [Pure]> {
  let summary = "SetDimensionSize operation";
  let description = [{
    Not in the specification; found in programs in the wild. Sets the
    run-time size of a bounded `dimension` of `operand` to `size`.

    ```mlir
    %result = stablehlo.set_dimension_size %operand, %size, dim = 0 : (tensor<4xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, 0DTensorOf<[I32]>:$size,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [HLO_InferType, Pure]> {
  let summary = "Gather operation";
  let description = [{
    Gathers slices of `operand` of `slice_sizes` at offsets read from
    `start_indices`, arranged by `dimension_numbers`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#gather

    ```mlir
    %result = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "DynamicGather operation";
  let description = [{
    Not in the specification; found in programs in the wild. `gather` whose
    slice sizes are a run-time 1-d tensor.

    ```mlir
    %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slice_sizes) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$start_indices,
                       HLO_DimensionTensor:$slice_sizes,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_Tensor:$result);
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter",
    [HLO_InferType, RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "Scatter operation";
  let description = [{
    Combines slices of `updates` into `inputs` at offsets read from
    `scatter_indices` with `update_computation`, as `scatter_dimension_numbers`
    arranges them.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#scatter

    ```mlir
    %result = "stablehlo.scatter"(%input, %scatter_indices, %update) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) : (tensor<3x2xi64>, tensor<1x1xi64>, tensor<1x2xi64>) -> tensor<3x2xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, RankedTensorOf<[AnyInteger, Index]>:$scatter_indices,
                       Variadic<HLO_Tensor>:$updates,
                       StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

def StableHLO_TorchIndexSelectOp : StableHLO_Op<"torch_index_select", [Pure]> {
  let summary = "TorchIndexSelect operation";
  let description = [{
    Not in the specification; found in programs in the wild. Selects slices
    of `operand` along `dim` by `index`, with `batch_dims` leading batch
    dimensions, as `torch.index_select`.

    ```mlir
    %result = "stablehlo.torch_index_select"(%operand, %index) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$index, I64Attr:$dim,
                       I64Attr:$batch_dims);
  let results = (outs HLO_Tensor:$result);
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_DATA_MOVEMENT_OPS
