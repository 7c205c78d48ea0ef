//===- StablehloCollectiveOps.td - Collectives and I/O ---------*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Cross-process collectives and their async_start/async_done, process
// identifiers, send/recv and infeed/outfeed.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_COLLECTIVE_OPS
#define HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_COLLECTIVE_OPS

include "hlox/Dialect/StableHLO/IR/StablehloOpBase.td"

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [HLO_InferType]> {
  let summary = "ReplicaId operation";
  let description = [{
    Returns the replica id of the current process as a 0-d ui32 tensor.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#replica_id

    ```mlir
    %result = stablehlo.replica_id : tensor<ui32>
    ```
  }];
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [HLO_InferType]> {
  let summary = "PartitionId operation";
  let description = [{
    Returns the partition id of the current process as a 0-d ui32 tensor.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#partition_id

    ```mlir
    %result = stablehlo.partition_id : tensor<ui32>
    ```
  }];
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "AllGather operation";
  let description = [{
    Within each process group of `replica_groups`, concatenates the
    operands of all processes along `all_gather_dim`. As upstream's
    verifier does, this one asks of the result only that its gathered
    dimension be a multiple of the operand's; the spec's size, the
    operand's times the group size (C6), is checked where a program is
    imported (`stablehlo-check-spec`).

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#all_gather

    ```mlir
    %result = "stablehlo.all_gather"(%operand) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x4xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands, I64Attr:$all_gather_dim,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "AllReduce operation";
  let description = [{
    Within each process group, reduces the operands of all processes with
    `computation` and gives every process the result.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#all_reduce

    ```mlir
    %result = "stablehlo.all_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter", [HLO_InferType, RecursiveMemoryEffects]> {
  let summary = "ReduceScatter operation";
  let description = [{
    Within each process group, reduces the operands with `computation`,
    splits the result along `scatter_dimension` and gives each process its
    part.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#reduce_scatter

    ```mlir
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$scatter_dimension,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs HLO_Tensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all", [HLO_InferType, Pure]> {
  let summary = "AllToAll operation";
  let description = [{
    Within each process group, splits each operand along `split_dimension`
    into `split_count` parts, sends part i to process i, and concatenates
    what it receives along `concat_dimension`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#all_to_all

    ```mlir
    %result = "stablehlo.all_to_all"(%operand) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands, I64Attr:$split_dimension,
                       I64Attr:$concat_dimension, I64Attr:$split_count,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute", [HLO_InferType, Pure]> {
  let summary = "CollectivePermute operation";
  let description = [{
    Sends the operand of each source process to its target process by
    `source_target_pairs`; processes that receive nothing get zeros.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#collective_permute

    ```mlir
    %result = "stablehlo.collective_permute"(%operand) {source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64ElementsAttr:$source_target_pairs,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

def StableHLO_CollectiveBroadcastOp : StableHLO_Op<"collective_broadcast", [Pure]> {
  let summary = "CollectiveBroadcast operation";
  let description = [{
    Within each process group, sends the operands of the group's first
    process to every process of the group. With `has_dynamic_root`, the last
    operand is a 1-d i32 tensor giving, per data operand, the index within
    the group of the process to broadcast from.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#collective_broadcast

    ```mlir
    %result = "stablehlo.collective_broadcast"(%operand) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands, StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectiveReduceOp : StableHLO_Op<"collective_reduce",
    [RecursiveMemoryEffects]> {
  let summary = "CollectiveReduce operation";
  let description = [{
    Within each process group, reduces the operands of all processes with
    `computation`; the group's root receives the result and the others
    receive zeros. The root is the group's first process, or, with
    `has_dynamic_root`, the position in the group that the last operand (a
    tensor<Nxi32>, one per data operand) gives each data operand. The
    results have the operands' shapes and the computation's (promoted)
    element type.

    ```mlir
    %result = "stablehlo.collective_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AsyncStartOp : StableHLO_Op<"async_start", [IsolatedFromAbove,
    RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "AsyncStart operation";
  let description = [{
    Starts the one collective or slice op of `body` on `operands` and
    returns a future of its results, which `async_done` waits for. The
    asynchrony is a hint: hlox runs the op where `async_done` waits.
    (C1) `body` holds one op and a return; (C2) that op is `all_reduce`,
    `all_gather`, `all_to_all`, `collective_permute`, `reduce_scatter`,
    `collective_broadcast`, `slice`, `dynamic_slice` or
    `dynamic_update_slice`; (C3) the body takes the operands as its block
    arguments (it is isolated from above, as upstream declares it);
    (C4) the future holds the types the body returns.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#async_start

    ```mlir
    %future = "stablehlo.async_start"(%x) ({
    ^bb0(%arg: tensor<8x2xf32>):
      %0 = "stablehlo.all_gather"(%arg) {all_gather_dim = 1 : i64,
        replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
      "stablehlo.return"(%0) : (tensor<8x8xf32>) -> ()
    }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
    ```
  }];
  let arguments = (ins Variadic<HLO_TensorOrPerAxisQuantizedTensor>:$operands);
  let results = (outs StableHLO_Future:$result);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_AsyncDoneOp : StableHLO_Op<"async_done", [Pure]> {
  let summary = "AsyncDone operation";
  let description = [{
    Waits for the op an `async_start` started and returns its results.
    (C1) the results have the future's types.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#async_done

    ```mlir
    %0 = "stablehlo.async_done"(%future) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
    ```
  }];
  let arguments = (ins StableHLO_Future:$operand);
  let results = (outs Variadic<HLO_TensorOrPerAxisQuantizedTensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_CrossReplicaSumOp : StableHLO_Op<"cross-replica-sum", [Pure]> {
  let summary = "CrossReplicaSum operation";
  let description = [{
    Not in the specification; found in programs in the wild. Sums the
    operand across the processes of each group of `replica_groups`, as
    `all_reduce` with an add body.

    ```mlir
    %result = "stablehlo.cross-replica-sum"(%operand) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64ElementsAttr:$replica_groups);
  let results = (outs HLO_Tensor);
}

def StableHLO_SendOp : StableHLO_Op<"send", []> {
  let summary = "Send operation";
  let description = [{
    Sends `inputs` on the channel `channel_handle`, after `token`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#send

    ```mlir
    %result = "stablehlo.send"(%operand, %token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, StableHLO_Token:$token,
                       StableHLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs StableHLO_Token);
}

def StableHLO_RecvOp : StableHLO_Op<"recv", []> {
  let summary = "Recv operation";
  let description = [{
    Receives values on the channel `channel_handle`, after `token`; the last
    result is a token.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#recv

    ```mlir
    %results0, %results1 = "stablehlo.recv"(%token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    ```
  }];
  let arguments = (ins StableHLO_Token:$token,
                       StableHLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_InfeedOp : StableHLO_Op<"infeed", []> {
  let summary = "Infeed operation";
  let description = [{
    Reads values from the infeed, after `token`; the last result is a token.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#infeed

    ```mlir
    %results0:2 = "stablehlo.infeed"(%token) : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    ```
  }];
  let arguments = (ins StableHLO_Token:$token,
                       DefaultValuedOptionalAttr<StrAttr, "\"\"">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_OutfeedOp : StableHLO_Op<"outfeed", []> {
  let summary = "Outfeed operation";
  let description = [{
    Writes `inputs` to the outfeed, after `token`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#outfeed

    ```mlir
    %result = "stablehlo.outfeed"(%input0, %token) : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, StableHLO_Token:$token,
                       DefaultValuedOptionalAttr<StrAttr, "\"\"">:$outfeed_config);
  let results = (outs StableHLO_Token);
}

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [HLO_InferType, Pure]> {
  let summary = "AfterAll operation";
  let description = [{
    Returns a token that follows every token of `inputs`.

    Spec: https://github.com/openxla/stablehlo/blob/main/docs/spec.md#after_all

    ```mlir
    %result = stablehlo.after_all %input0, %input1 : !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Token>:$inputs);
  let results = (outs StableHLO_Token:$result);
  let assemblyFormat = [{
    $inputs attr-dict `:` custom<VariadicSameOperandsAndResultType>(ref($inputs), type($inputs), type($result))
  }];
}

def StableHLO_CreateTokenOp : StableHLO_Op<"create_token", [HLO_InferType, Pure]> {
  let summary = "CreateToken operation";
  let description = [{
    Not in the specification; found in programs in the wild. Creates a new
    token, as `after_all` with no inputs.

    ```mlir
    %output = stablehlo.create_token : !stablehlo.token
    ```
  }];
  let results = (outs StableHLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type(results)";
}

#endif // HLOX_DIALECT_STABLEHLO_IR_STABLEHLO_COLLECTIVE_OPS
