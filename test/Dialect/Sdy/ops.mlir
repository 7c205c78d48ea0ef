// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK: sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh = <["a"=2, "b"=4]>
// CHECK: sdy.mesh @meshA = <["a"=2]>
sdy.mesh @meshA = < [ "a" = 2 ] >
// CHECK: sdy.mesh @empty_mesh = <[]>
sdy.mesh @empty_mesh = <[]>
// CHECK: sdy.mesh @maximal_mesh = <[], device_ids=[3]>
sdy.mesh @maximal_mesh = <[], device_ids=[3]>
// CHECK: sdy.mesh @reversed = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @reversed = <["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>
// An explicit iota order is the implicit one.
// CHECK: sdy.mesh @iota = <["x"=2, "y"=2]>
sdy.mesh @iota = <["x"=2, "y"=2], device_ids=[0, 1, 2, 3]>
// CHECK: sdy.mesh @one = <["a"=1]>
sdy.mesh @one = <["a"=1]>

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @tensor_shardings
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0, {"b"}]>}
// CHECK-SAME: %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, [], replicated={"b"}>}
// CHECK-SAME: %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"a"}, unreduced={"b"}>}
// CHECK-SAME: %arg3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=max{"a"}>}
// CHECK-SAME: %arg4: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]>}
// CHECK-SAME: %arg5: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}
// CHECK-SAME: %arg6: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "a"}, {"b":(1)2}]>}
// CHECK-SAME: %arg7: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {?}p12]>}
// CHECK-SAME: -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>})
func.func @tensor_shardings(
    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0, {"b"}]>},
    %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, [], replicated={"b"}>},
    %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"a"}, unreduced={"b"}>},
    %arg3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=max{"a"}>},
    %arg4: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]>},
    %arg5: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>},
    %arg6: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)2, "a"}, {"b":(1)2}]>},
    %arg7: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [ { "a" , ? }p1, {?}p12 ]>})
    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
  return %arg0 : tensor<8x8xf32>
}

// The parser takes replicated and unreduced axes in either order, and
// `unreduced` without `=` or with `sum`; the printer writes one form.
// CHECK-LABEL: func @unreduced_forms
// CHECK-SAME: #sdy.sharding<@mesh, [{}, {}], replicated={"a"}, unreduced={"b"}>
// CHECK-SAME: #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}>
// CHECK-SAME: #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}>
// CHECK-SAME: #sdy.sharding<@mesh, [{}, {}], replicated={"b"}, unreduced=min{"a"}>
func.func @unreduced_forms(
    %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}, replicated={"a"}>},
    %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced{"b"}>},
    %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=sum{"b"}>},
    %arg3: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced=min{"a"}, replicated={"b"}>}) {
  return
}

// CHECK-LABEL: func @maximal_and_token
// CHECK-SAME: !stablehlo.token {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}
// CHECK-SAME: tensor<4xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}]>}
func.func @maximal_and_token(%arg0: !stablehlo.token {sdy.sharding = #sdy.sharding<@maximal_mesh, []>},
                             %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}]>}) {
  return
}

// CHECK-LABEL: func @sharding_per_value
func.func @sharding_per_value(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK: stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
  // CHECK: stablehlo.custom_call @two(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<f32>)
  %1:2 = stablehlo.custom_call @two(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<f32>)
  // CHECK: return {sdy.sharding = #sdy.sharding_per_value<[]>} %1#0 : tensor<8x8xf32>
  return {sdy.sharding = #sdy.sharding_per_value<[]>} %1#0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @standalone_attributes
// CHECK-SAME: test.axes = #sdy<manual_axes{"a", "b"}>
// CHECK-SAME: test.empty_axes = #sdy<manual_axes{}>
// CHECK-SAME: test.mesh = #sdy.mesh<["a"=2]>
func.func @standalone_attributes() attributes {
    test.axes = #sdy<manual_axes{"a", "b"}>,
    test.empty_axes = #sdy<manual_axes{}>,
    test.mesh = #sdy.mesh<["a"=2]>} {
  return
}

// CHECK-LABEL: func @sharding_rules
func.func @sharding_rules(%a: tensor<8x16x2xf32>, %b: tensor<16x8xf32>, %s: tensor<f32>,
                          %m: tensor<2x4xf32>, %v: tensor<16x32xf32>, %one: tensor<1xf32>) {
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [j, k])->([i, k, l]) {i=8, j=16, k=8, l=2} reduction={j} need_replication={i} permutation={k} blocked_propagation={l}, custom>
  %0 = stablehlo.custom_call @all_groups(%a, %b) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [j, k])->([i, k, l]) {i=8, j=16, k=8, l=2} reduction={j} need_replication={i} permutation={k} blocked_propagation={l}, custom>} : (tensor<8x16x2xf32>, tensor<16x8xf32>) -> tensor<8x8x2xf32>
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>
  %1 = stablehlo.custom_call @scalars(%s, %s) {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>
  %2 = stablehlo.custom_call @flatten(%m) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>} : (tensor<2x4xf32>) -> tensor<8xf32>
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=16, j=32}, custom>
  %3 = stablehlo.custom_call @foo(%v) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=16, j=32}, custom>} : (tensor<16x32xf32>) -> tensor<16x32xf32>
  // Factor 17 is `z`, factor 18 `z_1`.
  // CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([ijklmnopqrstuvwxyzz_1])->([ijklmnopqrstuvwxyzz_1]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=1} reduction={z_1}>
  %4 = stablehlo.custom_call @many(%one) {sdy.sharding_rule = #sdy.op_sharding_rule<([ijklmnopqrstuvwxyzz_1])->([ijklmnopqrstuvwxyzz_1]) {i=1, j=1, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=1} reduction={z_1}>} : (tensor<1xf32>) -> tensor<1xf32>
  return
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @sharding_constraint_and_reshard
func.func @sharding_constraint_and_reshard(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK: %[[C:.+]] = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<4x4xf32>
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<4x4xf32>
  // CHECK: %[[R:.+]] = sdy.reshard %[[C]] <@mesh, [{"a"}, {}]> : tensor<4x4xf32>
  %1 = sdy.reshard %0 <@mesh, [{"a"}, {}]> : tensor<4x4xf32>
  // CHECK: sdy.reshard %[[R]] <mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]> : tensor<4x4xf32>
  %2 = sdy.reshard %1 <mesh<["x"=2], device_ids=[1, 0]>, [{"x"}, {}]> : tensor<4x4xf32>
  return %2 : tensor<4x4xf32>
}

// CHECK-LABEL: func @manual_computation
func.func @manual_computation(%arg0: tensor<16x32xf32>) -> tensor<8x32xf32> {
  // CHECK:      %0 = sdy.manual_computation(%arg0) in_shardings=[<@meshA, [{"a", ?}, {?}]>] out_shardings=[<@meshA, [{?}, {?}], replicated={"a"}>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
  // CHECK-NEXT:   %1 = stablehlo.add %arg1, %arg1 : tensor<8x32xf32>
  // CHECK-NEXT:   sdy.return %1 : tensor<8x32xf32>
  // CHECK-NEXT: } : (tensor<16x32xf32>) -> tensor<8x32xf32>
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@meshA, [{"a", ?}, {?}]>] out_shardings=[<@meshA, [{?}, {?}], replicated={"a"}>] manual_axes={"a"} (%arg1: tensor<8x32xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// CHECK-LABEL: func @manual_computation_empty
func.func @manual_computation_empty() {
  // CHECK:      sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
  // CHECK-NEXT:   sdy.return
  // CHECK-NEXT: } : () -> ()
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  return
}

// CHECK-LABEL: func @named_computation
func.func @named_computation(%arg0: tensor<8x2xi32>, %arg1: !stablehlo.token) -> (tensor<8x2xi32>, !stablehlo.token) {
  // CHECK:      %0:2 = sdy.named_computation<"foo">(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {}]>, <@maximal_mesh, []>] out_shardings=[<@mesh, [{}, {"b"}]>, <@maximal_mesh, []>] (%arg2: tensor<8x2xi32>, %arg3: !stablehlo.token) {
  // CHECK-NEXT:   sdy.return %arg2, %arg3 : tensor<8x2xi32>, !stablehlo.token
  // CHECK-NEXT: } : (tensor<8x2xi32>, !stablehlo.token) -> (tensor<8x2xi32>, !stablehlo.token)
  %0:2 = sdy.named_computation<"foo">(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {}]>, <@maximal_mesh, []>] out_shardings=[<@mesh, [{}, {"b"}]>, <@maximal_mesh, []>] (%arg2: tensor<8x2xi32>, %arg3: !stablehlo.token) {
    sdy.return %arg2, %arg3 : tensor<8x2xi32>, !stablehlo.token
  } : (tensor<8x2xi32>, !stablehlo.token) -> (tensor<8x2xi32>, !stablehlo.token)
  // CHECK:      %1 = sdy.named_computation<"bar">(%0#0) (%arg2: tensor<8x2xi32>) {
  // CHECK-NEXT:   sdy.return %arg2 : tensor<8x2xi32>
  // CHECK-NEXT: } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  %1 = sdy.named_computation<"bar">(%0#0) (%arg2: tensor<8x2xi32>) {
    sdy.return %arg2 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  return %1, %0#1 : tensor<8x2xi32>, !stablehlo.token
}

// CHECK-LABEL: func @propagation_helpers
func.func @propagation_helpers(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: sdy.sharding_group %arg0 group_id=21 : tensor<8xf32>
  sdy.sharding_group %arg0 group_id=21 : tensor<8xf32>
  // CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8xf32>
  // CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD : tensor<8xf32>
  // CHECK: %2 = sdy.propagation_barrier %1 allowed_direction=BACKWARD : tensor<8xf32>
  // CHECK: %3 = sdy.propagation_barrier %2 allowed_direction=BOTH : tensor<8xf32>
  %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD : tensor<8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=BACKWARD : tensor<8xf32>
  %3 = sdy.propagation_barrier %2 allowed_direction=BOTH : tensor<8xf32>
  // CHECK: %4 = sdy.data_flow_edge %3 sharding=<@mesh, [{"a"}]> : tensor<8xf32>
  // CHECK: %5 = sdy.data_flow_edge %4 : tensor<8xf32>
  %4 = sdy.data_flow_edge %3 sharding=<@mesh, [{"a"}]> : tensor<8xf32>
  %5 = sdy.data_flow_edge %4 : tensor<8xf32>
  return %5 : tensor<8xf32>
}

// CHECK-LABEL: func @constant
func.func @constant() -> (tensor<8x16xf32>, tensor<2xi32>) {
  // CHECK: sdy.constant dense<1.000000e+00> : tensor<8x16xf32>
  %0 = sdy.constant dense<1.0> : tensor<8x16xf32>
  // CHECK: sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} dense<[1, 2]> : tensor<2xi32>
  %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} dense<[1, 2]> : tensor<2xi32>
  return %0, %1 : tensor<8x16xf32>, tensor<2xi32>
}

// CHECK-LABEL: func @collectives
func.func @collectives(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK: %0 = sdy.all_gather [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %0 = sdy.all_gather [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  // CHECK: %1 = sdy.all_slice [{"b"}, {}] %0 out_sharding=<@mesh, [{"a", "b"}, {}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{"b"}, {}] %0 out_sharding=<@mesh, [{"a", "b"}, {}]> : tensor<8x8xf32>
  // CHECK: %2 = sdy.all_to_all [{"b"}: 0->1] %1 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %2 = sdy.all_to_all [{"b"}: 0->1] %1 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  // CHECK: %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
  // CHECK: %4 = sdy.all_reduce {"a"} %3 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  %4 = sdy.all_reduce {"a"} %3 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  // CHECK: %5 = sdy.all_reduce max {"a"} %4 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  %5 = sdy.all_reduce max {"a"} %4 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  // CHECK: %6 = sdy.reduce_scatter [{"a"}, {}] %5 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %6 = sdy.reduce_scatter [{"a"}, {}] %5 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  // CHECK: %7 = sdy.sharded_to_unreduced [{"a"}, {}] %6 out_sharding=<@mesh, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
  %7 = sdy.sharded_to_unreduced [{"a"}, {}] %6 out_sharding=<@mesh, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
  // CHECK: %8 = sdy.replicated_to_unreduced {"b"} %7 out_sharding=<@mesh, [{}, {}], unreduced={"a", "b"}> : tensor<8x8xf32>
  %8 = sdy.replicated_to_unreduced {"b"} %7 out_sharding=<@mesh, [{}, {}], unreduced={"a", "b"}> : tensor<8x8xf32>
  return %8 : tensor<8x8xf32>
}

// A JAX export for one device, as it comes.
// CHECK-LABEL: func public @jax_export
// CHECK-SAME: (%arg0: tensor<1xf32> {mhlo.memory_kind = "device", sdy.sharding = #sdy.sharding<@one, [{"a"}]>})
// CHECK-SAME: -> (tensor<1xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@one, [{"a"}]>})
func.func public @jax_export(%arg0: tensor<1xf32> {mhlo.memory_kind = "device", sdy.sharding = #sdy.sharding<@one, [{"a"}]>}) -> (tensor<1xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@one, [{"a"}]>}) {
  // CHECK: sdy.sharding_constraint %arg0 <@one, [{"a"}]> : tensor<1xf32>
  %0 = sdy.sharding_constraint %arg0 <@one, [{"a"}]> : tensor<1xf32>
  return %0 : tensor<1xf32>
}
