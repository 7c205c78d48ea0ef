// RUN: hlox-opt --hlox-lower-collectives="num-replicas=2 num-partitions=2" --split-input-file %s | FileCheck %s
// RUN: hlox-opt --hlox-lower-collectives --split-input-file %s | FileCheck %s --check-prefix=ONE
// RUN: hlox-opt --hlox-lower-collectives --split-input-file %S/Inputs/collectives-grid.mlir | FileCheck %s --check-prefix=MODULE

// On a grid of one (the default without mhlo.num_replicas and
// mhlo.num_partitions) only the host's channels and feeds change.
// ONE-LABEL: func.func @all_reduce
// ONE: stablehlo.all_reduce
// ONE-LABEL: func.func @send_recv
// ONE: library.send
// ONE: library.recv

// The module's mhlo.num_replicas and mhlo.num_partitions give the grid.
// MODULE: library.all_reduce %arg0 {groups = dense<{{\[\[}}0, 1, 2]]> : tensor<1x3xi64>, num_partitions = 1 : i64, num_replicas = 3 : i64, reduction = "add"}

// all_reduce by one op the runtime reduces with (here add), over groups of
// one size: library.all_reduce. Without a channel the groups are
// cross-replica: each partition's replicas.
// CHECK-LABEL: func.func @all_reduce
// CHECK: %[[R:.+]] = library.all_reduce %arg0 {groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, reduction = "add"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: return %[[R]]
func.func @all_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A variadic all_reduce applies its region to each operand alone: one
// library.all_reduce per operand. The region's arguments may come in
// either order.
// CHECK-LABEL: func.func @all_reduce_variadic
// CHECK: library.all_reduce %arg0 {{.*}}reduction = "multiply"} : (tensor<4xi32>) -> tensor<4xi32>
// CHECK: library.all_reduce %arg1 {{.*}}reduction = "multiply"} : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-NOT: library.all_gather
func.func @all_reduce_variadic(%x: tensor<4xi32>, %y: tensor<3xi32>) -> (tensor<4xi32>, tensor<3xi32>) {
  %0:2 = "stablehlo.all_reduce"(%x, %y) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %m = stablehlo.multiply %b, %a : tensor<i32>
      stablehlo.return %m : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>, tensor<3xi32>) -> (tensor<4xi32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<4xi32>, tensor<3xi32>
}

// -----

// The maximum of booleans is their or.
// CHECK-LABEL: func.func @all_reduce_bool
// CHECK: library.all_reduce %arg0 {{.*}}reduction = "or"} : (tensor<3xi1>) -> tensor<3xi1>
func.func @all_reduce_bool(%x: tensor<3xi1>) -> tensor<3xi1> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %o = stablehlo.maximum %a, %b : tensor<i1>
      stablehlo.return %o : tensor<i1>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xi1>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// A region the runtime does not reduce by (a subtraction is not
// commutative): the members' operands stacked, then the region applied
// row by row in group order.
// CHECK-LABEL: func.func @all_reduce_stacked
// CHECK: %[[G:.+]] = library.all_gather %arg0 {groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: %[[S0:.+]] = stablehlo.slice %[[G]] [0:1, 0:4]
// CHECK: %[[R0:.+]] = stablehlo.reshape %[[S0]] : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK: %[[S1:.+]] = stablehlo.slice %[[G]] [1:2, 0:4]
// CHECK: %[[R1:.+]] = stablehlo.reshape %[[S1]] : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK: %[[A:.+]] = stablehlo.subtract %[[R0]], %[[R1]] : tensor<4xf32>
// CHECK: return %[[A]]
func.func @all_reduce_stacked(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.subtract %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// flattened_ids with groups of two sizes: rows past a group's end are left
// out by the process's group size.
// CHECK-LABEL: func.func @ragged
// CHECK: library.all_gather %arg0 {groups = dense<{{\[\[}}0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>
// CHECK-SAME: -> tensor<3x2xi32>
// CHECK: %[[SIZE:.+]] = library.process_id {groups = dense<{{\[\[}}0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, kind = "group_size"
// CHECK: %[[M:.+]] = stablehlo.maximum
// CHECK: %[[IN:.+]] = stablehlo.compare LT, %{{.+}}, %[[SIZE]]
// CHECK: %[[MASK:.+]] = stablehlo.broadcast_in_dim %[[IN]], dims = [] : (tensor<i1>) -> tensor<2xi1>
// CHECK: %[[KEPT:.+]] = stablehlo.select %[[MASK]], %[[M]]
// CHECK: stablehlo.maximum %[[KEPT]]
func.func @ragged(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.maximum %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids} : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// A scalar constant in the region is broadcast to the operand's shape.
// CHECK-LABEL: func.func @region_constant
// CHECK: %[[C:.+]] = stablehlo.constant dense<2.000000e+00> : tensor<f32>
// CHECK: %[[B:.+]] = stablehlo.broadcast_in_dim %[[C]], dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK: stablehlo.multiply %{{.+}}, %[[B]] : tensor<3xf32>
func.func @region_constant(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.constant dense<2.0> : tensor<f32>
      %s = stablehlo.add %a, %b : tensor<f32>
      %m = stablehlo.multiply %s, %c : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A scalar the region takes from outside it (a constant hoisted out of
// the region) is broadcast to the operand's shape too.
// CHECK-LABEL: func.func @region_outer_scalar
// CHECK: %[[C:.+]] = stablehlo.constant dense<3.000000e+00> : tensor<f32>
// CHECK: library.all_gather
// CHECK: %[[B:.+]] = stablehlo.broadcast_in_dim %[[C]], dims = [] : (tensor<f32>) -> tensor<3xf32>
// CHECK: stablehlo.multiply %{{.+}}, %[[B]] : tensor<3xf32>
func.func @region_outer_scalar(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<f32>
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      %m = stablehlo.multiply %s, %c : tensor<f32>
      stablehlo.return %m : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// all_gather along dimension 1: the stack's leading dimension moves next to
// it and merges with it. A channel without global ids spans the partitions
// of the replicas listed: cross_replica_and_partition.
// CHECK-LABEL: func.func @all_gather
// CHECK: %[[G:.+]] = library.all_gather %arg0 {groups = dense<{{\[\[}}0, 2, 1, 3]]> : tensor<1x4xi64>{{.*}} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
// CHECK: %[[T:.+]] = stablehlo.transpose %[[G]], dims = [1, 0, 2] : (tensor<4x2x3xf32>) -> tensor<2x4x3xf32>
// CHECK: %[[R:.+]] = stablehlo.reshape %[[T]] : (tensor<2x4x3xf32>) -> tensor<2x12xf32>
// CHECK: return %[[R]]
func.func @all_gather(%x: tensor<2x3xf32>) -> tensor<2x12xf32> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x3xf32>) -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// -----

// reduce_scatter: the scatter dimension's blocks exchanged, then reduced.
// CHECK-LABEL: func.func @reduce_scatter
// CHECK: %[[SPLIT:.+]] = stablehlo.reshape %arg0 : (tensor<3x4xi64>) -> tensor<3x2x2xi64>
// CHECK: %[[BLOCKS:.+]] = stablehlo.transpose %[[SPLIT]], dims = [1, 0, 2] : (tensor<3x2x2xi64>) -> tensor<2x3x2xi64>
// CHECK: %[[X:.+]] = library.all_to_all %[[BLOCKS]] {groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>{{.*}} : (tensor<2x3x2xi64>) -> tensor<2x3x2xi64>
// CHECK: stablehlo.add {{.*}} : tensor<3x2xi64>
func.func @reduce_scatter(%x: tensor<3x4xi64>) -> tensor<3x2xi64> {
  %0 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3x4xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// all_to_all: split dimension 0's chunks to the front (already there: no
// transpose), exchanged, merged into dimension 1. With a channel the
// groups are cross-partition.
// CHECK-LABEL: func.func @all_to_all
// CHECK: %[[SPLIT:.+]] = stablehlo.reshape %arg0 : (tensor<4x3xf32>) -> tensor<2x2x3xf32>
// CHECK-NOT: stablehlo.transpose %[[SPLIT]]
// CHECK: %[[X:.+]] = library.all_to_all %[[SPLIT]] {groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>
// CHECK: %[[T:.+]] = stablehlo.transpose %[[X]], dims = [1, 0, 2] : (tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
// CHECK: stablehlo.reshape %[[T]] : (tensor<2x2x3xf32>) -> tensor<2x6xf32>
func.func @all_to_all(%x: tensor<4x3xf32>) -> tensor<2x6xf32> {
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<4x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// collective_permute: replica pairs become device pairs in each partition.
// CHECK-LABEL: func.func @permute
// CHECK: library.collective_permute %arg0 {groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, pairs = dense<{{\[\[}}0, 2], [1, 3], [2, 0], [3, 1]]> : tensor<4x2xi64>}
func.func @permute(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// collective_broadcast from a static root, and from a dynamic one (the
// stacked operands indexed by it).
// CHECK-LABEL: func.func @broadcast
// CHECK: library.collective_broadcast %arg0 {groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, root = 0 : i64}
// CHECK: %[[G:.+]] = library.all_gather %arg0
// CHECK: stablehlo.dynamic_slice %[[G]]
func.func @broadcast(%x: tensor<2xf32>, %root: tensor<1xi32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, has_dynamic_root} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// collective_reduce: the reduction kept at the root member, zeros elsewhere.
// CHECK-LABEL: func.func @collective_reduce
// CHECK: %[[SUM:.+]] = stablehlo.add
// CHECK: %[[POS:.+]] = library.process_id {{.*}}kind = "group_position"
// CHECK: %[[ROOT:.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK: %[[IS:.+]] = stablehlo.compare EQ, %[[POS]], %[[ROOT]]
// CHECK: %[[ZERO:.+]] = stablehlo.constant dense<0> : tensor<4xi64>
// CHECK: stablehlo.select %[[IS]], %[[SUM]], %[[ZERO]]
func.func @collective_reduce(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// replica_id and partition_id are read at run time.
// CHECK-LABEL: func.func @ids
// CHECK: library.process_id {kind = "replica", num_partitions = 2 : i64, num_replicas = 2 : i64} : () -> tensor<ui32>
// CHECK: library.process_id {kind = "partition", num_partitions = 2 : i64, num_replicas = 2 : i64} : () -> tensor<ui32>
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %0 = stablehlo.replica_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}

// -----

// send and recv on a channel; the tokens pass through.
// CHECK-LABEL: func.func @send_recv
// CHECK: library.send %arg0 {channel = 3 : i64, num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<2xi64>) -> ()
// CHECK: %[[R:.+]] = library.recv {channel = 4 : i64, num_partitions = 2 : i64, num_replicas = 2 : i64} : () -> tensor<2xi64>
// CHECK: return %[[R]], %arg1
func.func @send_recv(%x: tensor<2xi64>, %t: !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = false} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 3>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return %1#0, %1#1 : tensor<2xi64>, !stablehlo.token
}
