//===- LibraryCollectiveOps.td - Collectives a runtime moves -*- tablegen -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The data movement of StableHLO's collectives, as the runtime's
// communicator does it (runtime/include/hlox/runtime/Communicator.h).
// `hlox-lower-collectives` makes them for a program compiled for a grid of
// `num_replicas` x `num_partitions` processes: the StableHLO ops' process
// groups are resolved into groups of device indices (replica * partitions +
// partition), the operands' layout is made contiguous per member with
// transposes and reshapes, and reductions become ordinary elementwise ops
// over what the movement delivers.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_DIALECT_LIBRARY_IR_LIBRARY_COLLECTIVE_OPS
#define HLOX_DIALECT_LIBRARY_IR_LIBRARY_COLLECTIVE_OPS

/// A collective moves data between processes: it is never removed,
/// merged or moved past another.
class Library_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : Op<Library_Dialect, mnemonic,
         !listconcat([MemoryEffects<[MemRead, MemWrite]>], traits)> {
  let hasVerifier = 1;
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
}

defvar Library_GridArguments = (ins
  ConfinedAttr<I64Attr, [IntPositive]>:$num_replicas,
  ConfinedAttr<I64Attr, [IntPositive]>:$num_partitions
);

def Library_AllGatherOp : Library_CollectiveOp<"all_gather"> {
  let summary = "Every member's operand, stacked in group order";
  let description = [{
    `result[j]` is the operand of member `j` of this process's group in
    `groups` (a `[number of groups, largest group size]` tensor of device
    indices, shorter groups padded with -1): the result is `[largest group
    size, operand dimensions...]`, its rows past this group's size zeros.

    ```mlir
    %g = library.all_gather %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>,
        num_replicas = 2, num_partitions = 1}
        : (tensor<4xi64>) -> tensor<2x4xi64>
    ```
  }];
  let arguments = !con((ins AnyStaticShapeTensor:$operand,
                            I64ElementsAttr:$groups), Library_GridArguments);
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_AllReduceOp : Library_CollectiveOp<"all_reduce"> {
  let summary = "The members' operands reduced elementwise, to every member";
  let description = [{
    The result is the reduction of the operands of the members of this
    process's group in `groups` (groups of one size), member by member in
    group order: the first member's operand, then `reduction` of that and
    the next member's, and so on. `reduction` is one of `add`, `multiply`,
    `minimum`, `maximum` (StableHLO's ops: NaN-propagating, -0 below +0),
    `and` and `or`; on `i1` only `and` and `or`, which add, multiply,
    minimum and maximum of booleans are. `hlox-lower-collectives` makes
    one of a `stablehlo.all_reduce` whose region is one such op of its two
    arguments; the runtime's communicator reduces without stacking the
    members' operands.

    ```mlir
    %s = library.all_reduce %x {groups = dense<[[0, 1]]> : tensor<1x2xi64>,
        reduction = "add", num_replicas = 2, num_partitions = 1}
        : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = !con((ins AnyStaticShapeTensor:$operand,
                            I64ElementsAttr:$groups, StrAttr:$reduction),
                       Library_GridArguments);
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_AllToAllOp : Library_CollectiveOp<"all_to_all"> {
  let summary = "Chunk exchange between the members of a group";
  let description = [{
    The operand is `[group size, chunk dimensions...]`: chunk `j` goes to
    member `j` of this process's group in `groups`; the result's chunk `j`
    is the chunk member `j` sent here. Operand and result have one type.
  }];
  let arguments = !con((ins AnyStaticShapeTensor:$operand,
                            I64ElementsAttr:$groups), Library_GridArguments);
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_CollectiveBroadcastOp
    : Library_CollectiveOp<"collective_broadcast"> {
  let summary = "The operand of a group's root member, to every member";
  let description = [{
    The result is the operand of the member at position `root` of this
    process's group in `groups`; a process in no group gets zeros.
  }];
  let arguments = !con((ins AnyStaticShapeTensor:$operand,
                            I64ElementsAttr:$groups,
                            ConfinedAttr<I64Attr, [IntNonNegative]>:$root),
                       Library_GridArguments);
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_CollectivePermuteOp : Library_CollectiveOp<"collective_permute"> {
  let summary = "Operands sent from source to target processes";
  let description = [{
    Each row `[source, target]` of `pairs` (device indices) sends the
    source's operand to the target's result; a process that no pair targets
    gets zeros. Every process of this process's domain in `groups` takes
    part.
  }];
  let arguments = !con((ins AnyStaticShapeTensor:$operand,
                            I64ElementsAttr:$groups, I64ElementsAttr:$pairs),
                       Library_GridArguments);
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_SendOp : Library_CollectiveOp<"send"> {
  let summary = "Queues the operand on a channel";
  let description = [{
    The next `library.recv` on `channel`, in any process, receives it.
  }];
  let arguments = !con((ins AnyStaticShapeTensor:$operand, I64Attr:$channel),
                       Library_GridArguments);
}

def Library_RecvOp : Library_CollectiveOp<"recv"> {
  let summary = "The oldest value sent on a channel";
  let arguments = !con((ins I64Attr:$channel), Library_GridArguments);
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_ProcessIdOp : Library_CollectiveOp<"process_id"> {
  let summary = "Where this process stands in the grid";
  let description = [{
    A 32-bit scalar: with `kind = "replica"` the replica id, with
    `"partition"` the partition id, with `"group_position"` the position
    of this process in its group of `groups` (-1 when in none), with
    `"group_size"` the size of that group (0 when in none).
  }];
  let arguments = !con((ins StrAttr:$kind, OptionalAttr<I64ElementsAttr>:$groups),
                       Library_GridArguments);
  let results = (outs StaticShapeTensorOf<[I32, UI32]>:$result);
}

def Library_InfeedOp : Library_CollectiveOp<"infeed"> {
  let summary = "The next value of the run's infeed queue";
  let arguments = Library_GridArguments;
  let results = (outs AnyStaticShapeTensor:$result);
}

def Library_OutfeedOp : Library_CollectiveOp<"outfeed"> {
  let summary = "Leaves the operand in the run's outfeed";
  let arguments = !con((ins AnyStaticShapeTensor:$operand),
                       Library_GridArguments);
}

#endif // HLOX_DIALECT_LIBRARY_IR_LIBRARY_COLLECTIVE_OPS
