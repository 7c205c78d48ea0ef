// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s
// RUN: hlox-run --split-input-file --interpret %s

// A program is compiled for one process, replica 0 of 1 and
// partition 0 of 1: every group is that process alone, so reductions,
// gathers, scatters and exchanges give back their operands, and the ids
// are 0. The interpreted run (a 1x1 grid) agrees.
// CHECK-LABEL: func.func @one_process
// CHECK-NOT: stablehlo.
// CHECK-DAG: arith.constant dense<0> : tensor<i32>
// CHECK: return
func.func @one_process() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %y = stablehlo.constant dense<[[1.5, -2.0], [0.25, 8.0]]> : tensor<2x2xf32>
  %z = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %0:2 = "stablehlo.all_reduce"(%x, %z) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xi64>, tensor<2x2xi64>) -> (tensor<4xi64>, tensor<2x2xi64>)
  check.expect_eq %0#0, %x : tensor<4xi64>
  check.expect_eq %0#1, %z : tensor<2x2xi64>
  %1 = "stablehlo.all_gather"(%y) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq %1, %y : tensor<2x2xf32>
  %2 = "stablehlo.reduce_scatter"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.maximum %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq %2, %x : tensor<4xi64>
  %3 = "stablehlo.all_to_all"(%y) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq %3, %y : tensor<2x2xf32>
  %4 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq %4, %x : tensor<4xi64>
  %5 = "stablehlo.collective_broadcast"(%y) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq %5, %y : tensor<2x2xf32>
  %6 = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq %6, %x : tensor<4xi64>
  // No groups: one group of every process.
  %7 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq %7, %x : tensor<4xi64>
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  check.expect_eq_const %p, dense<0> : tensor<ui32>
  return
}

// -----

// A permutation that sends process 0 nowhere, and a broadcast whose groups
// leave process 0 out, give zeros.
// CHECK-LABEL: func.func @zeros
// CHECK: linalg.fill
// CHECK: linalg.fill
func.func @zeros() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq_const %0, dense<0> : tensor<4xi64>
  %y = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "stablehlo.collective_broadcast"(%y) {replica_groups = dense<> : tensor<1x0xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %1, dense<0.0> : tensor<2xf32>
  return
}

// -----

// Replica groups as the axes of a one-device mesh: the group is process 0.
// CHECK-LABEL: func.func @mesh_of_one
// CHECK-NOT: stablehlo.all_gather
func.func @mesh_of_one() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 1>, #stablehlo.mesh_axis<name = "y", size = 1>]>, axes = [#stablehlo.axis_ref<name = "y">]>} : (tensor<2xi64>) -> tensor<2xi64>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi64>
  func.return
}
