//===- SdyOps.td - The Shardy (sdy) dialect ----------------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The ops of upstream Shardy (openxla/shardy) with its syntax: meshes,
// sharding constraints and reshards, manual and named computations, the
// propagation helpers, and the explicit collectives. Upstream reference:
// https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_SDY_IR_SDY_OPS
#define HLOX_DIALECT_SDY_IR_SDY_OPS

include "hlox/Dialect/Sdy/IR/SdyAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Meshes and shardings
//===----------------------------------------------------------------------===//

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "Mesh operation";
  let description = [{
    Defines the mesh `sym_name` at module level, for shardings to name as
    `@sym_name`. The mesh is printed without its `#sdy.mesh` prefix.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdymesh-sdymeshop

    ```mlir
    sdy.mesh @mesh = <["x"=2, "y"=4]>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_MeshAttr:$mesh);
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
}

def Sdy_ShardingConstraintOp : Sdy_Op<"sharding_constraint",
    [AllTypesMatch<["input", "result"]>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "ShardingConstraint operation";
  let description = [{
    Returns `input` and asks that it (or the uses of the result) be sharded
    as `sharding`; open dimensions may be sharded further by propagation.
    The sharding's rank is the tensor's.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdysharding_constraint-sdyshardingconstraintop

    ```mlir
}] # "    %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {\"x\", ?}]> : tensor<4x4xf32>" # [{
    ```
  }];
  let arguments = (ins AnyType:$input, Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ReshardOp : Sdy_Op<"reshard",
    [Pure, AllTypesMatch<["input", "result"]>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Reshard operation";
  let description = [{
    Returns `input` resharded to `sharding`: a partitioner turns it into
    collectives, a single device into nothing. The sharding's rank is the
    tensor's.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyreshard-sdyreshardop

    ```mlir
}] # "    %0 = sdy.reshard %arg0 <@mesh, [{\"x\"}, {}]> : tensor<4x4xf32>" # [{
    ```
  }];
  let arguments = (ins AnyType:$input, Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Region ops
//===----------------------------------------------------------------------===//

def Sdy_ReturnOp : Sdy_Op<"return", [Pure, ReturnLike, Terminator,
    ParentOneOf<["ManualComputationOp", "NamedComputationOp"]>]> {
  let summary = "Return operation";
  let description = [{
    Ends the body of `manual_computation` and `named_computation`; its
    operands become the op's results.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyreturn-sdyreturnop

    ```mlir
    sdy.return %0 : tensor<8x32xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let builders = [
    OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def Sdy_ManualComputationOp : Sdy_Op<"manual_computation",
    [IsolatedFromAbove, RecursiveMemoryEffects,
     SingleBlockImplicitTerminator<"ReturnOp">,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "ManualComputation operation";
  let description = [{
    Runs `body` per device on local pieces of the operands: along
    `manual_axes` each operand is split as its in-sharding says, the body
    sees the local shapes and communicates with explicit collectives, and
    its returned values are put together as the out-shardings say. The
    region takes one argument per operand and returns one value per
    result; the block arguments are written in parentheses before it.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdymanual_computation-sdymanualcomputationop

    ```mlir
}] # "    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{\"x\"}, {}]>] out_shardings=[<@mesh, [{\"x\"}, {}]>] manual_axes={\"x\"} (%arg1: tensor<8x32xf32>) {" # [{
      sdy.return %arg1 : tensor<8x32xf32>
    } : (tensor<16x32xf32>) -> tensor<16x32xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$tensors,
                       Sdy_TensorShardingPerValueAttr:$in_shardings,
                       Sdy_TensorShardingPerValueAttr:$out_shardings,
                       Sdy_ManualAxesAttr:$manual_axes);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` operands `)`
    `in_shardings` `` `=` `` custom<StrippedShardingPerValue>($in_shardings)
    `out_shardings` `` `=` `` custom<StrippedShardingPerValue>($out_shardings)
    `manual_axes` `` `=` `` $manual_axes
    custom<RegionWithArguments>($body)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Sdy_NamedComputationOp : Sdy_Op<"named_computation",
    [IsolatedFromAbove, RecursiveMemoryEffects,
     SingleBlockImplicitTerminator<"ReturnOp">,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "NamedComputation operation";
  let description = [{
    Groups the ops of `body` under the name `name`, as a call of a function
    of that name would, with optional in- and out-shardings. The region
    takes the operands as arguments (same types) and returns the results
    (same types).

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdynamed_computation-sdynamedcomputationop

    ```mlir
    %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8xf32>) {
      sdy.return %arg1 : tensor<8xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyType>:$operands,
                       OptionalAttr<Sdy_TensorShardingPerValueAttr>:$in_shardings,
                       OptionalAttr<Sdy_TensorShardingPerValueAttr>:$out_shardings);
  let results = (outs Variadic<AnyType>);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `<` $name `>` `` `(` $operands `)`
    (`in_shardings` `` `=` `` custom<StrippedShardingPerValue>($in_shardings)^)?
    (`out_shardings` `` `=` `` custom<StrippedShardingPerValue>($out_shardings)^)?
    custom<RegionWithArguments>($body)
    attr-dict `:` functional-type($operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Propagation helpers
//===----------------------------------------------------------------------===//

def Sdy_ShardingGroupOp : Sdy_Op<"sharding_group"> {
  let summary = "ShardingGroup operation";
  let description = [{
    Puts `input` into sharding group `group_id`: every tensor of a group
    gets the same sharding. It has no results and no effect on values.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdysharding_group-sdyshardinggroupop

    ```mlir
    sdy.sharding_group %arg0 group_id=21 : tensor<8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$group_id);
  let assemblyFormat = [{
    $input `group_id` `` `=` `` $group_id attr-dict `:` type($input)
  }];
}

def Sdy_ConstantOp : Sdy_Op<"constant", [Pure]> {
  let summary = "Constant operation";
  let description = [{
    The tensor `value`, like `stablehlo.constant`, but kept apart so that
    each use can be sharded on its own (nothing folds or merges it).

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyconstant-sdyconstantop

    ```mlir
    %0 = sdy.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyStaticShapeTensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Sdy_DataFlowEdgeOp : Sdy_Op<"data_flow_edge",
    [AllTypesMatch<["input", "result"]>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "DataFlowEdge operation";
  let description = [{
    Returns `input`, the owner of a data-flow edge of a control-flow op
    (for example a `while` result), and holds the sharding of every target
    of that edge.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdydata_flow_edge-sdydataflowedgeop

    ```mlir
}] # "    %0 = sdy.data_flow_edge %arg0 sharding=<@mesh, [{\"x\"}]> : tensor<8xf32>" # [{
    ```
  }];
  let arguments = (ins AnyShaped:$input,
                       OptionalAttr<Sdy_TensorShardingAttr>:$sharding);
  let results = (outs AnyShaped:$result);
  let assemblyFormat = [{
    $input (`sharding` `` `=` `` $sharding^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Sdy_PropagationBarrierOp : Sdy_Op<"propagation_barrier",
    [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "PropagationBarrier operation";
  let description = [{
    Returns `input`; shardings propagate across it only in
    `allowed_direction` (`NONE`, `FORWARD` from operand to result,
    `BACKWARD` from result to operand, or `BOTH`).

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdypropagation_barrier-sdypropagationbarrierop

    ```mlir
    %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD : tensor<8xf32>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input,
                       Sdy_PropagationDirection:$allowed_direction);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input `allowed_direction` `` `=` `` $allowed_direction attr-dict
    `:` type($input)
  }];
}

//===----------------------------------------------------------------------===//
// Collectives: on one device each returns its operand
//===----------------------------------------------------------------------===//

class Sdy_CollectiveOp<string mnemonic, string what, dag axes = (ins),
                       string axesFormat = "">
    : Sdy_Op<mnemonic, [Pure, AllTypesMatch<["tensor", "result"]>,
                        DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = what;
  let arguments = !con((ins AnyShaped:$tensor), axes,
                       (ins Sdy_TensorShardingAttr:$out_sharding));
  let results = (outs AnyShaped:$result);
  let assemblyFormat = axesFormat # [{
    $tensor `out_sharding` `` `=` `` $out_sharding attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Sdy_AllGatherOp : Sdy_CollectiveOp<"all_gather", "AllGather operation",
    (ins Sdy_ListOfAxisRefListsAttr:$gathering_axes), "$gathering_axes"> {
  let description = [{
    Gathers `tensor` along the axes of `gathering_axes` (one list per
    dimension), leaving it sharded as `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyall_gather-sdyallgatherop

    ```mlir
}] # "    %0 = sdy.all_gather [{\"y\"}, {}] %arg0 out_sharding=<@mesh, [{\"x\"}, {}]> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_AllSliceOp : Sdy_CollectiveOp<"all_slice", "AllSlice operation",
    (ins Sdy_ListOfAxisRefListsAttr:$slicing_axes), "$slicing_axes"> {
  let description = [{
    Slices `tensor` along the axes of `slicing_axes` (one list per
    dimension), leaving it sharded as `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyall_slice-sdyallsliceop

    ```mlir
}] # "    %0 = sdy.all_slice [{\"y\"}, {}] %arg0 out_sharding=<@mesh, [{\"x\", \"y\"}, {}]> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_AllToAllOp : Sdy_CollectiveOp<"all_to_all", "AllToAll operation",
    (ins Sdy_AllToAllParamListAttr:$params), "$params"> {
  let description = [{
    For each step of `params`, splits the source dimension along its axes
    and concatenates along the target dimension, leaving the tensor sharded
    as `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyall_to_all-sdyalltoallop

    ```mlir
}] # "    %0 = sdy.all_to_all [{\"x\"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {\"x\"}]> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_CollectivePermuteOp : Sdy_CollectiveOp<"collective_permute",
    "CollectivePermute operation"> {
  let description = [{
    Moves the pieces of `tensor` between devices so that it is sharded as
    `out_sharding`, over the same axis sizes per dimension.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdycollective_permute-sdycollectivepermuteop

    ```mlir
}] # "    %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{\"y\"}, {\"x\"}]> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_AllReduceOp : Sdy_CollectiveOp<"all_reduce", "AllReduce operation",
    (ins Sdy_AxisRefListAttr:$reduction_axes,
             DefaultValuedAttr<Sdy_ReductionOp,
                               "::hlox::sdy::ReductionOp::SUM">:$reduction_op),
    "($reduction_op^)? $reduction_axes"> {
  let description = [{
    Reduces `tensor` over the devices of `reduction_axes` with
    `reduction_op` (`sum` unless written), leaving it sharded as
    `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyall_reduce-sdyallreduceop

    ```mlir
}] # "    %0 = sdy.all_reduce {\"x\"} %arg0 out_sharding=<@mesh, [{\"y\"}, {}]> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_ReduceScatterOp : Sdy_CollectiveOp<"reduce_scatter",
    "ReduceScatter operation",
    (ins Sdy_ListOfAxisRefListsAttr:$reduce_scatter_axes,
             DefaultValuedAttr<Sdy_ReductionOp,
                               "::hlox::sdy::ReductionOp::SUM">:$reduction_op),
    "($reduction_op^)? $reduce_scatter_axes"> {
  let description = [{
    Reduces `tensor` over the axes of `reduce_scatter_axes` and scatters the
    result along them (one list per dimension), leaving it sharded as
    `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyreduce_scatter-sdyreducescatterop

    ```mlir
}] # "    %0 = sdy.reduce_scatter [{\"x\"}, {}] %arg0 out_sharding=<@mesh, [{\"x\"}, {}]> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_ShardedToUnreducedOp : Sdy_CollectiveOp<"sharded_to_unreduced",
    "ShardedToUnreduced operation",
    (ins Sdy_ListOfAxisRefListsAttr:$axes), "$axes"> {
  let description = [{
    Turns the dimension shardings along `axes` (one list per dimension)
    into unreduced axes, leaving the tensor sharded as `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdysharded_to_unreduced-sdyshardedtounreducedop

    ```mlir
}] # "    %0 = sdy.sharded_to_unreduced [{\"x\"}, {}] %arg0 out_sharding=<@mesh, [{}, {}], unreduced={\"x\"}> : tensor<8x8xf32>" # [{
    ```
  }];
}

def Sdy_ReplicatedToUnreducedOp : Sdy_CollectiveOp<"replicated_to_unreduced",
    "ReplicatedToUnreduced operation",
    (ins Sdy_AxisRefListAttr:$axes), "$axes"> {
  let description = [{
    Turns replicated `axes` into unreduced ones (one device keeps the value,
    the others hold zeros), leaving the tensor sharded as `out_sharding`.

    Upstream: https://github.com/openxla/shardy/blob/main/docs/sdy_dialect.md#sdyreplicated_to_unreduced-sdyreplicatedtounreducedop

    ```mlir
}] # "    %0 = sdy.replicated_to_unreduced {\"x\"} %arg0 out_sharding=<@mesh, [{}, {}], unreduced={\"x\"}> : tensor<8x8xf32>" # [{
    ```
  }];
}

#endif // HLOX_DIALECT_SDY_IR_SDY_OPS
