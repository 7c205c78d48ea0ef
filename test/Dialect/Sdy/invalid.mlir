// RUN: hlox-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Meshes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{mesh axis "a" must have a positive size, got 0}}
sdy.mesh @zero_axis = <["a"=0]>

// -----

// expected-error @+1 {{mesh axis "a" appears twice}}
sdy.mesh @duplicate_axis = <["a"=2, "a"=2]>

// -----

// expected-error @+1 {{mesh has 3 device ids but its axes hold 2 devices}}
sdy.mesh @device_count = <["a"=2], device_ids=[0, 1, 2]>

// -----

// expected-error @+1 {{mesh device ids must be a permutation of 0..3}}
sdy.mesh @not_a_permutation = <["a"=2, "b"=2], device_ids=[0, 1, 1, 3]>

// -----

// expected-error @+1 {{a mesh without axes takes at most one device id (a maximal mesh), got 2}}
sdy.mesh @two_maximal_ids = <[], device_ids=[0, 1]>

// -----

// expected-error @+1 {{mesh device ids must be non-negative}}
sdy.mesh @negative_id = <[], device_ids=[-1]>

// -----

// expected-error @+1 {{expected '<'}}
sdy.mesh @no_brackets = ["a"=2]

// -----

//===----------------------------------------------------------------------===//
// Sharding syntax
//===----------------------------------------------------------------------===//

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @bad_priority(
    // expected-error @+1 {{expected a priority 'p<N>' (N without leading zeros) after a dimension sharding, got 'q1'}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}q1]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @priority_leading_zero(
    // expected-error @+1 {{expected a priority 'p<N>' (N without leading zeros) after a dimension sharding, got 'p01'}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p01]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @priority_on_empty_closed_dim(
    // expected-error @+1 {{a closed dimension sharding without axes cannot have a priority}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}p0]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @open_not_last(
    // expected-error @+1 {{'?' must be the last entry of a dimension sharding}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?, "a"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @unknown_keyword(
    // expected-error @+1 {{expected 'replicated' or 'unreduced' in a sharding}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], reduced={"a"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @replicated_twice(
    // expected-error @+1 {{'replicated' given twice}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"a"}, replicated={"b"}>}) {
  return
}

// -----

func.func @no_mesh(
    // expected-error @+1 {{expected a mesh symbol '@name' or an inline 'mesh<[...]>'}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<"mesh", [{}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @axis_twice(
    // expected-error @+1 {{axis "a" appears twice in a sharding}}
    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"a"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @sub_axis_zero(
    // expected-error @+1 {{sub-axis (0)2 must have a positive pre-size and size}}
    %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(0)2}]>}) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// Shardings against values and meshes
//===----------------------------------------------------------------------===//

sdy.mesh @mesh = <["a"=2, "b"=4]>

// expected-error @+1 {{'func.func' op argument #0 'sdy.sharding': sharding of rank 1 does not match the rank of 'tensor<8x8xf32>'}}
func.func @arg_rank(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op result #0 'sdy.sharding': sharding names mesh @missing, which is not an sdy.mesh}}
func.func @result_unknown_mesh(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@missing, [{}]>}) {
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

// expected-error @+1 {{'func.func' op argument #0 'sdy.sharding' must be a #sdy.sharding, got #sdy.sharding_per_value<[<@mesh, [{}]>]>}}
func.func @arg_not_a_sharding(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

// expected-error @+1 {{'func.func' op argument #0 'sdy.sharding': sharding names axis "c", which mesh @mesh does not have}}
func.func @unknown_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

// expected-error @+1 {{'func.func' op argument #0 'sdy.sharding': sub-axis "b":(2)4 does not divide axis "b" of size 4}}
func.func @sub_axis_too_large(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)4}]>}) {
  return
}

// -----

sdy.mesh @maximal_mesh = <[], device_ids=[0]>

// expected-error @+1 {{'func.func' op argument #0 'sdy.sharding': a sharding on a maximal mesh must have rank 0 and no replicated or unreduced axes}}
func.func @maximal_rank(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, [{}]>}) {
  return
}

// -----

func.func @not_a_mesh() {
  return
}

// expected-error @+1 {{'func.func' op argument #0 'sdy.sharding': sharding names mesh @not_a_mesh, which is not an sdy.mesh}}
func.func @symbol_of_a_function(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@not_a_mesh, [{}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @op_sharding_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op has 2 result shardings for 1 values}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @op_sharding_kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.add' op 'sdy.sharding' must be a #sdy.sharding_per_value, got #sdy.sharding<@mesh, [{}]>}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding<@mesh, [{}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @sharding_constraint_rank(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: sharding of rank 1 does not match the rank of 'tensor<4x4xf32>'}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @reshard_rank_inline_mesh(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.reshard' op sharding: sharding of rank 3 does not match the rank of 'tensor<4x4xf32>'}}
  %0 = sdy.reshard %arg0 <mesh<["x"=2]>, [{}, {}, {}]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @sharding_constraint_unknown_mesh(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: sharding names mesh @missing, which is not an sdy.mesh}}
  %0 = sdy.sharding_constraint %arg0 <@missing, [{}, {}]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @data_flow_edge_unknown_axis(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.data_flow_edge' op sharding: sharding names axis "z", which mesh @mesh does not have}}
  %0 = sdy.data_flow_edge %arg0 sharding=<@mesh, [{"z"}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

func.func @collective_rank(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op out_sharding: sharding of rank 1 does not match the rank of 'tensor<4x4xf32>'}}
  %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{}]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_arguments(%arg0: tensor<16x32xf32>) -> tensor<8x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body takes 0 arguments for 1 operands}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} () {
    %1 = stablehlo.constant dense<0.0> : tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_results(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body returns 0 values for 1 results}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    sdy.return
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_in_shardings(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 2 in_shardings for 1 values}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    sdy.return %arg1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_element_type(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op operand #0 has global type 'tensor<16x32xf32>' but local type 'tensor<8x32xi32>' (element type and rank must agree)}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x32xi32>) {
    %1 = stablehlo.constant dense<0.0> : tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_local_shape(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op operand #0: dimension 0 of size 16 split over manual axes of 2 devices is not the local size 16}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_unknown_axis(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "b" is not an axis of mesh @mesh}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @manual_computation_duplicate_axis(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "a" appears twice}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a", "a"} (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

func.func @named_computation_types(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op body argument types must be the operand types}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<4xf32>) {
    %1 = stablehlo.constant dense<0.0> : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @return_outside(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.return' op expects parent op to be one of 'sdy.manual_computation, sdy.named_computation'}}
  sdy.return %arg0 : tensor<8xf32>
}

// -----

func.func @constant_type() -> tensor<3xf32> {
  // expected-error @+1 {{'sdy.constant' op value of type 'tensor<2xf32>' does not match the result type 'tensor<3xf32>'}}
  %0 = "sdy.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Op sharding rules
//===----------------------------------------------------------------------===//

func.func @rule_operand_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op sharding rule has 2 operand mappings for 1 operands}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op sharding rule maps 2 dimensions of result #0 of rank 1}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=1}>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_factor_range(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding rule uses factor 1 but gives sizes of 1 factors}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([j]) {i=8}>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_factor_order(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{expected the sizes of factors in order, starting at 'i'; got factor 1 at position 0}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {j=8, i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @rule_bad_symbol(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected factor symbols 'i' to 'z' or 'z_<n>', got 'a'}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([a])->([a]) {i=8}>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_bad_z_symbol(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected a positive number without leading zeros after 'z_' in factor symbols 'z_01'}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([z_01])->([i]) {i=8}>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_factor_kinds(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding rule lists factor 0 twice among its factor kinds (need_replication)}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8} reduction={i} need_replication={i}>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rule_not_a_rule(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op 'sdy.sharding_rule' must be a #sdy.op_sharding_rule, got "rule"}}
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = "rule"} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
