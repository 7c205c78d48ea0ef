// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @all_to_all_c1(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*all_to_all_c1*/ split_dimension 2 is out of range [0, 2)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @all_to_all_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*all_to_all_c2*/ dimension 1 of size 3 is not divisible by split_count 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @all_to_all_c3(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*all_to_all_c3*/ concat_dimension -1 is out of range [0, 2)}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @all_to_all_c4(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*all_to_all_c4*/ split_count must be positive}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @all_to_all_c5(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*all_to_all_c5*/ replica_groups has a duplicate entry 1}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @all_to_all_c8(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*all_to_all_c8*/ result type must be 'tensor<4x2xf32>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @replica_groups_rank(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{replica_groups must be a 2-d tensor, got rank 1}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @replica_groups_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups entries must be process ids or -1 (padding), got -2}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @all_reduce_computation(%x: tensor<4xf32>) {
  // expected-error @+1 {{computation must take 2 arguments}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reduce_scatter_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{/*reduce_scatter_c1*/ dimension 1 of size 3 is not divisible by the group size 2}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  func.return
}

// -----

func.func @reduce_scatter_c2(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*reduce_scatter_c2*/ scatter_dimension 2 is out of range [0, 2)}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @reduce_scatter_c3(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*reduce_scatter_c3*/ replica_groups has a duplicate entry 0}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @reduce_scatter_c7(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*reduce_scatter_c7*/ computation must take 2 arguments}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @reduce_scatter_c8(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*reduce_scatter_c8*/ result type must be 'tensor<2x2xf32>'}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @collective_permute_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*collective_permute_c1*/ source_target_pairs must have shape [N, 2], got 'tensor<1x3xi64>'}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @collective_permute_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*collective_permute_c2*/ duplicate source 0}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @collective_permute_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*collective_permute_c3*/ duplicate target 1}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @collective_permute_c4(%x: tensor<2xf32>) {
  // expected-error @+1 {{/*collective_permute_c4*/ process ids must be non-negative}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @infeed_c1(%t: !stablehlo.token) {
  // expected-error @+1 {{/*infeed_c1*/ expects at least one result}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  func.return
}

// -----

func.func @infeed_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{/*infeed_c2*/ the last result must be a token}}
  %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> tensor<2xi64>
  func.return
}

// -----

func.func @recv_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{/*recv_c2*/ expects at least one result}}
  "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> ()
  func.return
}

// -----

func.func @recv_c3(%t: !stablehlo.token) {
  // expected-error @+1 {{/*recv_c3*/ the last result must be a token}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> (!stablehlo.token, tensor<2xi64>)
  func.return
}

// -----

func.func @all_gather_c2(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{/*all_gather_c2*/ replica_groups has a duplicate entry 1}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @all_gather_c6(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{/*all_gather_c6*/ result type must be 'tensor<?x2xf32>'}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<4x3xf32>
  func.return
}

// -----

// As upstream: a multiple of the operand's size (the spec's exact size is
// stablehlo-check-spec's).
func.func @all_gather_c6_multiple(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{/*all_gather_c6*/ result dimension 1 of size 5 is not a multiple of the operand's 2}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @all_reduce_c5(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*all_reduce_c5*/ computation arguments 0 and 1 must be 0-d tensors of the element type of input 0}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @reduce_scatter_c7(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{/*reduce_scatter_c7*/ computation must return 1 values}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @collective_reduce_c4_computation(%x: tensor<4xf32>) {
  // expected-error @+1 {{computation arguments 0 and 1 must be 0-d tensors of the element type of input 0}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @async_start_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*async_start_c1*/ body must hold one op and a return, got 2 ops}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = stablehlo.slice %a [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.slice %1 [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.return"(%2) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  func.return
}

// -----

func.func @async_start_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*async_start_c2*/ body must start a collective or a slice, got stablehlo.add}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = stablehlo.add %a, %a : tensor<4xf32>
    "stablehlo.return"(%1) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  func.return
}

// -----

func.func @async_start_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*async_start_c3*/ body arguments must have the operand types}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xi32>):
    %1 = stablehlo.slice %a [0:2] : (tensor<4xi32>) -> tensor<2xi32>
    "stablehlo.return"(%1) : (tensor<2xi32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<2xi32>>
  func.return
}

// -----

func.func @async_start_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*async_start_c4*/ the future must hold the types the body returns}}
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = stablehlo.slice %a [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    "stablehlo.return"(%1) : (tensor<2xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  func.return
}

// -----

func.func @async_start_isolated(%x: tensor<4xf32>) {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = "stablehlo.async_start"() ({
    // expected-error @+1 {{using value defined outside the region}}
    %1 = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    "stablehlo.return"(%1) : (tensor<2xf32>) -> ()
  }) : () -> !stablehlo.future<tensor<2xf32>>
  func.return
}

// -----

func.func @async_done_c1(%f: !stablehlo.future<tensor<4xf32>>) {
  // expected-error @+1 {{/*async_done_c1*/ results must have the types of the future}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<2xf32>
  func.return
}

// -----

// expected-error @+1 {{a future holds tensor types, got '!stablehlo.token'}}
func.func private @future_of_token() -> !stablehlo.future<!stablehlo.token>

// -----

func.func @mesh_axis_not_in_mesh(%x: tensor<4xf32>) {
  // expected-error @+2 {{axis 'z' is not in the mesh}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "z">]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @mesh_device_ids(%x: tensor<4xf32>) {
  // expected-error @+3 {{mesh of 2 devices has 3 device_ids}}
  // expected-error @+2 {{failed to parse StableHLO_ReplicaGroupMeshAxes parameter 'mesh'}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>], device_ids = dense<[0, 1, 2]> : tensor<3xi64>>, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @mesh_sub_axis_divides(%x: tensor<4xf32>) {
  // expected-error @+2 {{sub-axis (2)4 does not divide axis 'x' of size 4}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>]>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)4>]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @mesh_axes_overlap(%x: tensor<4xf32>) {
  // expected-error @+2 {{axes overlap: 'x' is named twice}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>]>, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>} : (tensor<4xf32>) -> tensor<16xf32>
  func.return
}

// -----

func.func @mesh_symbol_missing(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups: mesh symbol @nowhere not found}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nowhere, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}

// -----

func.func @collective_reduce_c3_promoted(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*collective_reduce_c3*/ results must have the operand types (of the computation's element type where it promotes)}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    stablehlo.return %a : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @collective_reduce_c3_root(%x: tensor<4xf32>, %root: tensor<2xi32>) {
  // expected-error @+1 {{/*collective_reduce_c3*/ root operand must be a tensor<1xi32>, got 'tensor<2xi32>'}}
  %0 = "stablehlo.collective_reduce"(%x, %root) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  func.return
}
