// RUN: hlox-opt --split-input-file --sdy-drop-shardings --verify-diagnostics %s

// expected-error @+1 {{a mesh of 8 devices ("x"=2, "y"=4) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device}}
sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// Every multi-device mesh is reported, a maximal mesh is one device.
// expected-error @+1 {{a mesh of 2 devices ("a"=2) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device}}
sdy.mesh @mesh_a = <["a"=2]>
// expected-error @+1 {{a mesh of 4 devices ("b"=4) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device}}
sdy.mesh @mesh_b = <["b"=4], device_ids=[3, 2, 1, 0]>
sdy.mesh @maximal_mesh = <[], device_ids=[5]>

// -----

func.func @inline_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding on a mesh of 2 devices ("x"=2) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device}}
  %0 = sdy.sharding_constraint %arg0 <mesh<["x"=2], device_ids=[1, 0]>, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{sharding on a mesh of 2 devices ("x"=2) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device}}
func.func @inline_mesh_argument(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{mesh "mesh" of xla.sdy.meshes in mhlo.frontend_attributes: a mesh of 2 devices ("a"=2) needs partitioning (hlox-partition-spmd), or allow-multi-device to run its global values on one device}}
module @round_trip attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=2]>}"}, mhlo.num_partitions = 2 : i32} {
  func.func public @main(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    return %arg0 : tensor<2x4xf32>
  }
}

// -----

// expected-error @+1 {{cannot read xla.sdy.meshes of mhlo.frontend_attributes ("{mesh = #sdy.mesh<["a"=]>}"): expected integer value}}
module @unreadable_meshes attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=]>}"}} {
}

// -----

// expected-error @+1 {{cannot read xla.sdy.meshes of mhlo.frontend_attributes: "mesh" is not a #sdy.mesh}}
module @not_a_mesh attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = 2 : i32}"}} {
}

// -----

// expected-error @+1 {{xla.sdy.meshes of mhlo.frontend_attributes must be a string, got 3 : i32}}
module @not_a_string attributes {mhlo.frontend_attributes = {xla.sdy.meshes = 3 : i32}} {
}

// -----

func.func @global_to_local(%arg0: tensor<2x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op @xla.sdy.GlobalToLocalShape maps (tensor<2x4xf32>) to (tensor<1x4xf32>); on one device it must return its operands unchanged}}
  %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {has_side_effect = true} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @sharding_group_with_result(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op @xla.sdy.ShardingGroup must have no results}}
  %0 = stablehlo.custom_call @xla.sdy.ShardingGroup(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=1]>

// An sdy attribute under another name cannot be dropped.
func.func @leftover_attribute(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.abs' op attribute 'test.sharding' holds Shardy attributes that sdy-drop-shardings cannot remove}}
  %0 = stablehlo.abs %arg0 {test.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}
