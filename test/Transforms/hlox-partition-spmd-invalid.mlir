// RUN: hlox-opt --split-input-file --hlox-propagate-shardings --hlox-partition-spmd --verify-diagnostics %s

sdy.mesh @a = <["x"=2]>
sdy.mesh @b = <["y"=4]>
func.func @two_meshes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@a, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{shardings on two different meshes in one function; the partitioner takes one mesh}}
  %0 = sdy.sharding_constraint %arg0 <@b, [{"y"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>
// expected-error @+1 {{sub-axis "x" in a sharding: the partitioner splits dimensions by whole mesh axes}}
func.func @sub_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @partially_manual(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @+1 {{is not manual over mesh axis "y": partially manual computations are not partitioned}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%x: tensor<4xf32>) {
    sdy.return %x : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{a sharded program over 2 devices with mhlo.num_replicas = 2: the partitioner takes one replica}}
module attributes {mhlo.num_replicas = 2 : i32} {
  sdy.mesh @inner = <["x"=2]>
  func.func @replicas(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@inner, [{"x"}]>}) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}
