// RUN: hlox-opt --split-input-file --sdy-drop-shardings %s | FileCheck %s

// A JAX export for one device: the mesh, the argument and result shardings
// and the constraint go; mhlo.* and jax.* attributes stay.
// CHECK-LABEL: module @jit_func
// CHECK-SAME: attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK-NOT: sdy
// CHECK: func.func public @main(%[[X:.+]]: tensor<1xf32> {mhlo.memory_kind = "device"}) -> (tensor<1xf32> {jax.result_info = "result"})
// CHECK-NEXT: return %[[X]] : tensor<1xf32>
// CHECK-NOT: sdy
module @jit_func attributes {jax.uses_shape_polymorphism = false, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["a"=1]>
  func.func public @main(%arg0: tensor<1xf32> {mhlo.memory_kind = "device", sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<1xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]> : tensor<1xf32>
    return %0 : tensor<1xf32>
  }
}

// -----

// A shard_map on one device: the body runs on the whole operands.
// CHECK-LABEL: func.func public @manual_computation
// CHECK-SAME: (%[[X:.+]]: tensor<2x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"})
// CHECK-NEXT: %[[Y:.+]] = stablehlo.add %[[X]], %[[X]] : tensor<2x4xf32>
// CHECK-NEXT: %[[Z:.+]] = stablehlo.multiply %[[Y]], %[[X]] : tensor<2x4xf32>
// CHECK-NEXT: return %[[Z]] : tensor<2x4xf32>
// CHECK-NOT: sdy
sdy.mesh @mesh = <["a"=1]>
func.func public @manual_computation(%arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<2x4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<2x4xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<2x4xf32>
    %2 = stablehlo.multiply %1, %arg1 : tensor<2x4xf32>
    sdy.return %2 : tensor<2x4xf32>
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Nested computations are inlined from the inside out; an empty manual
// computation disappears.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[X:.+]]: tensor<8xf32>, %[[T:.+]]: !stablehlo.token)
// CHECK-NEXT: %[[A:.+]] = stablehlo.abs %[[X]] : tensor<8xf32>
// CHECK-NEXT: %[[N:.+]] = stablehlo.negate %[[A]] : tensor<8xf32>
// CHECK-NEXT: return %[[N]], %[[T]] : tensor<8xf32>, !stablehlo.token
// CHECK-NOT: sdy
sdy.mesh @mesh = <["x"=1, "y"=1]>
func.func @nested(%arg0: tensor<8xf32>, %arg1: !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token) {
  %0:2 = sdy.named_computation<"outer">(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}]>, <@mesh, []>] out_shardings=[<@mesh, [{"x"}]>, <@mesh, []>] (%arg2: tensor<8xf32>, %arg3: !stablehlo.token) {
    %1 = sdy.manual_computation(%arg2) in_shardings=[<@mesh, [{"x", "y"}]>] out_shardings=[<@mesh, [{"x", "y"}]>] manual_axes={"x", "y"} (%arg4: tensor<8xf32>) {
      %2 = stablehlo.abs %arg4 : tensor<8xf32>
      sdy.return %2 : tensor<8xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    %3 = sdy.named_computation<"inner">(%1) (%arg5: tensor<8xf32>) {
      %4 = stablehlo.negate %arg5 : tensor<8xf32>
      sdy.return %4 : tensor<8xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
      sdy.return
    } : () -> ()
    sdy.return %3, %arg3 : tensor<8xf32>, !stablehlo.token
  } : (tensor<8xf32>, !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  return %0#0, %0#1 : tensor<8xf32>, !stablehlo.token
}

// -----

// Identities return their operand, sharding groups go, sdy.constant becomes
// stablehlo.constant; sdy.* attributes of other ops go, others stay.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.+]]: tensor<8x8xf32>)
// CHECK-NEXT: %[[C:.+]] = stablehlo.constant {test.keep = 1 : i32} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK-NEXT: %[[S:.+]] = stablehlo.add %[[X]], %[[C]] {test.keep = 2 : i32} : tensor<8x8xf32>
// CHECK-NEXT: %[[R:.+]] = stablehlo.custom_call @foo(%[[S]]) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return %[[R]] : tensor<8x8xf32>
// CHECK-NOT: sdy
sdy.mesh @mesh = <["a"=1, "b"=1]>
sdy.mesh @maximal_mesh = <[], device_ids=[0]>
func.func @identities(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=3 : tensor<8x8xf32>
  %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<8x8xf32>
  %2 = sdy.data_flow_edge %1 sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %3 = sdy.all_gather [{"a"}, {}] %2 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %4 = sdy.all_slice [{"a"}, {}] %3 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %5 = sdy.all_to_all [{"a"}: 0->1] %4 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  %6 = sdy.collective_permute %5 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %7 = sdy.all_reduce {"a"} %6 out_sharding=<@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %8 = sdy.reduce_scatter [{"a"}, {}] %7 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %9 = sdy.sharded_to_unreduced [{"a"}, {}] %8 out_sharding=<@mesh, [{}, {"b"}], unreduced={"a"}> : tensor<8x8xf32>
  %10 = sdy.replicated_to_unreduced {"b"} %9 out_sharding=<@mesh, [{}, {}], unreduced={"a", "b"}> : tensor<8x8xf32>
  %11 = sdy.reshard %10 <mesh<["z"=1]>, [{"z"}, {}]> : tensor<8x8xf32>
  %12 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, test.keep = 1 : i32} dense<1.0> : tensor<8x8xf32>
  %13 = stablehlo.add %11, %12 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, test.keep = 2 : i32} : tensor<8x8xf32>
  %14 = stablehlo.custom_call @foo(%13) {sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh, []>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}, custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %14 : tensor<8x8xf32>
}

// -----

// The round-trip form of older exports: the meshes are a string of
// mhlo.frontend_attributes (left as it is) and the sdy ops are custom calls.
// CHECK-LABEL: module @round_trip
// CHECK-SAME: mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=1]>}"}
// CHECK: func.func public @main(%[[X:.+]]: tensor<2x4xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}, {}]>"}, mhlo.sharding = "{replicated}"})
// CHECK-NEXT: %[[Y:.+]] = call @xla.sdy.manual_computation_body(%[[X]]) : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<2x4xf32>
// CHECK-NOT: stablehlo.custom_call
module @round_trip attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=1]>}"}, mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}, {}]>"}, mhlo.sharding = "{replicated}"}) -> tensor<2x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22a\22}>"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22a\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.custom_call @xla.sdy.PropagationBarrier(%2) {mhlo.frontend_attributes = {xla.sdy.allowed_direction = "1 : i32"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    stablehlo.custom_call @xla.sdy.ShardingGroup(%3) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding_group_id = "0 : i64"}} : (tensor<2x4xf32>) -> ()
    %4 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%3) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %4 : tensor<2x4xf32>
  }
  func.func @xla.sdy.manual_computation_body(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    return %arg0 : tensor<2x4xf32>
  }
}

// -----

// Meshes whose quotes are escaped once more in the string are read too.
// CHECK-LABEL: module @escaped_meshes
// CHECK: func.func @main(%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT: stablehlo.add %[[X]], %[[X]] : tensor<2xf32>
module @escaped_meshes attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\5C\22a\5C\22=1, \5C\22b\5C\22=1]>, maximal = #sdy.mesh<[], device_ids=[0]>}"}} {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0:2 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %1 = stablehlo.add %0#0, %0#1 : tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
