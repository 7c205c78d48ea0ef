// RUN: hlox-opt --split-input-file --verify-diagnostics --stablehlo-check-spec %s

// What upstream's verifier (and so hlox's) accepts and the spec does not:
// errors where a program is imported to run.

func.func @rng_bit_generator_c2(%s: tensor<3xui64>) {
  // expected-error @+1 {{/*rng_bit_generator_c2*/ THREE_FRY needs a state of 2 elements, got 3}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @rng_bit_generator_c2_philox(%s: tensor<4xui64>) {
  // expected-error @+1 {{/*rng_bit_generator_c2*/ PHILOX needs a state of 2 or 3 elements, got 4}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @rng_bit_generator_float_state(%s: tensor<f32>) {
  // expected-error @+1 {{/*rng_bit_generator_c2*/ initial_state must be a 1-d tensor of integers of static size, got 'tensor<f32>'}}
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  func.return
}

// -----

func.func @rng_bit_generator_state_rank(%s: tensor<2x2xui64>) {
  // expected-error @+1 {{/*rng_bit_generator_c2*/ initial_state must be a 1-d tensor of integers of static size, got 'tensor<2x2xui64>'}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2x2xui64>) -> (tensor<2x2xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @all_gather_c6(%x: tensor<16x8xf32>) {
  // expected-error @+1 {{/*all_gather_c6*/ result dimension 1 must be 8 (the operand's 8 times groups of 1), got 16}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  func.return
}

// -----

func.func @all_gather_c6_mesh_axes(%x: tensor<4xf32>) {
  // expected-error @+1 {{/*all_gather_c6*/ result dimension 0 must be 8 (the operand's 4 times groups of 2), got 12}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 3>]>, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<12xf32>
  func.return
}

// -----

func.func @custom_call_buffer(%x: tensor<2xf32>) {
  // expected-error @+1 {{custom_call @Pin takes or returns 'memref<2xf32>': hlox runs custom calls on tensors, tokens and tuples only}}
  %0 = "stablehlo.custom_call"(%x) {call_target_name = "Pin", api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  func.return
}

// -----

// The spec's forms pass.
func.func @spec_forms(%s: tensor<2xui64>, %x: tensor<4xf32>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  func.return
}
