// RUN: hlox-opt --split-input-file --verify-diagnostics --convert-stablehlo-to-linalg %s

// Collectives a program compiled for one process cannot hold: errors at the op.

func.func @two_replicas(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{a program compiled for one process runs replica 0, partition 0, but replica_groups names process 1}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @flattened_without_groups(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{process (replica 0, partition 0) is in no process group}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @gather_of_two(%x: tensor<2xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{a collective over one process keeps its operand's type, but 'tensor<2xi64>' becomes 'tensor<4xi64>'}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>} : (tensor<2xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @permute_to_another(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{a program compiled for one process runs replica 0, partition 0, but source_target_pairs names process 1}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @split_in_two(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{a program compiled for one process splits an all_to_all into 1 part, not 2}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Mesh axes flatten first: a mesh of two devices names process 1.
func.func @mesh_two_devices(%x: tensor<4xi64>) -> tensor<8xi64> {
  // expected-error @+1 {{a program compiled for one process runs replica 0, partition 0, but replica_groups names process 1}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xi64>) -> tensor<8xi64>
  return %0 : tensor<8xi64>
}

// -----

// A mesh symbol whose op holds no mesh.
func.func private @not_a_mesh()
func.func @mesh_symbol_without_mesh(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{replica_groups: @not_a_mesh holds no #stablehlo.mesh (as 'mesh' or 'stablehlo.mesh')}}
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @not_a_mesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
