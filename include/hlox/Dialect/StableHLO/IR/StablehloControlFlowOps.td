//===- StablehloControlFlowOps.td - Ops with regions -----------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Control flow (if, case, while) and the ops that apply a body region: map,
// reduce, reduce_window, select_and_scatter, sort; plus return.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_CONTROL_FLOW_OPS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_CONTROL_FLOW_OPS

include "hlox/Dialect/StableHLO/IR/StablehloOpBase.td"

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator]> {
  let summary = "Return operation";
  let description = [{
    Terminates the region of a StableHLO op, yielding its `results` to the
    parent op.

    ```mlir
    stablehlo.return %0 : tensor<i64>
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyValue>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

def StableHLO_IfOp : StableHLO_Op<"if", [HLO_InferType, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"ReturnOp">, NoRegionArguments]> {
  let summary = "If operation";
  let description = [{
    Runs `true_branch` when `pred` is true, else `false_branch`, and returns
    what the branch returns. (C1) both branches take no arguments;
    (C2) both return the result types.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#if

    ```mlir
    %result = "stablehlo.if"(%pred) ({
      stablehlo.return %a : tensor<i32>
    }, {
      stablehlo.return %b : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred);
  let results = (outs Variadic<HLO_AnyValue>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [HLO_InferType, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"ReturnOp">, NoRegionArguments]> {
  let summary = "Case operation";
  let description = [{
    Runs the branch selected by `index` (the last one when `index` is out
    of range) and returns what it returns. (C1) there is at least one
    branch; (C3) every branch returns the result types.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#case

    ```mlir
    %result = "stablehlo.case"(%index) ({
      stablehlo.return %a : tensor<i32>
    }, {
      stablehlo.return %b : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_AnyValue>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def StableHLO_WhileOp : StableHLO_Op<"while", [HLO_InferType, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>,
    SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "While operation";
  let description = [{
    Runs `body` while `cond` returns true, threading the values through.
    Prints as `stablehlo.while(%iterArg = %init) : types cond {...} do {...}`.
    (C1) `cond` returns a 0-d i1; (C2) `body` returns the operand types.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#while

    ```mlir
    %result = stablehlo.while(%iterArg = %init) : tensor<i64>
     cond {
      %c = stablehlo.compare LT, %iterArg, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %n = stablehlo.add %iterArg, %one : tensor<i64>
      stablehlo.return %n : tensor<i64>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyValue>:$operand);
  let results = (outs Variadic<HLO_AnyValue>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_MapOp : StableHLO_Op<"map", [HLO_InferType, RecursiveMemoryEffects,
    SameOperandsAndResultShape, SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "Map operation";
  let description = [{
    Applies `computation` to the elements of `inputs` at each index.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#map

    ```mlir
    %result = "stablehlo.map"(%input0, %input1) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.multiply %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_ReduceOp : StableHLO_Op<"reduce", [HLO_InferType, RecursiveMemoryEffects,
    SameVariadicOperandSize, SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "Reduce operation";
  let description = [{
    Reduces `inputs` along `dimensions` with `body`, starting from
    `init_values`. Prints as `stablehlo.reduce(%x init: %c) applies
    stablehlo.add across dimensions = [1]` when the body is one binary op,
    else with an explicit `reducer` region. (C4) dimensions are in range and
    unique.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#reduce

    ```mlir
    %result = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [
    HLO_InferType, RecursiveMemoryEffects, SameVariadicOperandSize,
    SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "ReduceWindow operation";
  let description = [{
    Reduces windows of `inputs` with `body`, windows described by
    dimensions, strides, base and window dilations and padding.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#reduce_window

    ```mlir
    %result = "stablehlo.reduce_window"(%input, %init) <{window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<1x2xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter",
    [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "SelectAndScatter operation";
  let description = [{
    Selects one element of each window of `operand` with `select`, then
    scatters `source` onto the selected positions with `scatter`, starting
    from `init_value`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#select_and_scatter

    ```mlir
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) <{window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.compare GE, %arg0, %arg1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %0 : tensor<i1>
    }, {
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
                       HLO_ScalarTensor:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [HLO_InferType, RecursiveMemoryEffects,
    SameOperandsAndResultShape]> {
  let summary = "Sort operation";
  let description = [{
    Sorts `inputs` together along `dimension`, ordered by `comparator`;
    stable when `is_stable`. (C4) -rank <= dimension < rank.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#sort

    ```mlir
    %result0, %result1 = "stablehlo.sort"(%input0, %input1) <{dimension = 0 : i64, is_stable = true}> ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
        %predicate = stablehlo.compare GT, %arg0, %arg1 : (tensor<i64>, tensor<i64>) -> tensor<i1>
        stablehlo.return %predicate : tensor<i1>
    }) : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier", [HLO_InferType, Pure]> {
  let summary = "OptimizationBarrier operation";
  let description = [{
    Returns its operands unchanged; no optimization moves computation
    across it.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#optimization_barrier

    ```mlir
    %result0, %result1 = stablehlo.optimization_barrier %operand0, %operand1 : tensor<f32>, tensor<f32>
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyValue>:$operand);
  let results = (outs Variadic<HLO_AnyValue>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
  let hasVerifier = 1;
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_CONTROL_FLOW_OPS
