// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @collectives
func.func @collectives(%x: tensor<2x2xi64>) {
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %0 = stablehlo.replica_id : tensor<ui32>
  // CHECK: stablehlo.partition_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
  // CHECK: "stablehlo.all_gather"
  %2 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<2x2xi64>) -> tensor<2x4xi64>
  // CHECK: "stablehlo.all_reduce"
  %3 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  // CHECK: "stablehlo.all_reduce"(%{{.*}}, %{{.*}}) <{replica_groups
  %v:2 = "stablehlo.all_reduce"(%x, %x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>)
  // CHECK: "stablehlo.reduce_scatter"
  %4 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x1xi64>
  // CHECK: "stablehlo.all_to_all"
  %5 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<4x1xi64>
  // CHECK: "stablehlo.collective_permute"
  %6 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  // CHECK: "stablehlo.collective_broadcast"
  %7 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  // CHECK: "stablehlo.collective_reduce"
  %8 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  // CHECK: "stablehlo.cross-replica-sum"
  %9 = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return
}

// CHECK-LABEL: func @tokens
func.func @tokens(%x: tensor<2xi64>) -> !stablehlo.token {
  // CHECK: stablehlo.create_token : !stablehlo.token
  %t = stablehlo.create_token : !stablehlo.token
  // CHECK: stablehlo.after_all %{{.*}}, %{{.*}} : !stablehlo.token
  %t2 = stablehlo.after_all %t, %t : !stablehlo.token
  // CHECK: "stablehlo.send"
  %t3 = "stablehlo.send"(%x, %t2) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.recv"
  %r:2 = "stablehlo.recv"(%t3) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  // CHECK: "stablehlo.infeed"
  %f:2 = "stablehlo.infeed"(%r#1) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  // CHECK: "stablehlo.outfeed"
  %o = "stablehlo.outfeed"(%f#0, %f#1) : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return %o : !stablehlo.token
}

// CHECK-LABEL: func @async
// CHECK: %[[F:.+]] = "stablehlo.async_start"(%{{.+}}) ({
// CHECK: ^bb0(%[[A:.+]]: tensor<8x2xf32>):
// CHECK: "stablehlo.all_gather"(%[[A]])
// CHECK: }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
// CHECK: "stablehlo.async_done"(%[[F]]) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
func.func @async(%x: tensor<8x2xf32>) -> tensor<8x8xf32> {
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<8x2xf32>):
    %1 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// CHECK-LABEL: func private @future_types
// CHECK-SAME: !stablehlo.future<tensor<?xf32>, tensor<i32>>
func.func private @future_types(!stablehlo.future<tensor<?xf32>, tensor<i32>>) -> !stablehlo.future<tensor<2x3xf32>>

// Replica groups as mesh axes: the mesh inline (with device ids) or by
// symbol, axes and sub-axes.
// CHECK-LABEL: func @mesh_axes
// CHECK: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>], device_ids=dense<[7, 6, 5, 4, 3, 2, 1, 0]> : tensor<8xi64>>, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (2)2>, #stablehlo.axis_ref<name = "x">]>
// CHECK: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "a">]>
func.func private @mesh() attributes {mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "a", size = 2>]>}
func.func @mesh_axes(%x: tensor<4xf32>) -> (tensor<16xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<
      mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 4>], device_ids = dense<[7, 6, 5, 4, 3, 2, 1, 0]> : tensor<8xi64>>,
      axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (2)2>, #stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<16xf32>
  %1 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "a">]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<16xf32>, tensor<4xf32>
}
