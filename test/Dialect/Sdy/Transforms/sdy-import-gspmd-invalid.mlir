// RUN: hlox-opt --split-input-file --sdy-import-gspmd --verify-diagnostics %s

// expected-error @+1 {{cannot read mhlo.sharding "{devices=[2,1]0}": tile shape holds 2 devices, the list 1}}
func.func @short(%arg0: tensor<4x4xf32> {mhlo.sharding = "{devices=[2,1]0}"}) -> tensor<4x4xf32> {
  return %arg0 : tensor<4x4xf32>
}

// -----

// expected-error @+1 {{cannot read mhlo.sharding "{tiles}": unknown sharding 'tiles}'}}
func.func @unknown(%arg0: tensor<4xf32> {mhlo.sharding = "{tiles}"}) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}

// -----

// A manual value returned without @SPMDShardToFullShape.
func.func @manual(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2]0,1}"}) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{manual}"} : (tensor<4xf32>) -> tensor<2xf32>
  %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{manual}"} : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error @+1 {{returns a manual value (one device's shard) that no @SPMDShardToFullShape made global again}}
  return %1 : tensor<2xf32>
}

// -----

// Manual over one axis of two.
func.func @partial(%arg0: tensor<4x4xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) -> tensor<4x4xf32> {
  // expected-error @+1 {{partially manual sharding "{devices=[2,1,2]<=[4] last_tile_dims={manual}}" is not supported on several devices}}
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dims={manual}}"} : (tensor<4x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.custom_call @SPMDShardToFullShape(%0) {mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// Nothing says how the value entering the region is split.
func.func @unsplit(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {mhlo.sharding = "{devices=[2]0,1}"}) -> tensor<4xf32> {
  // expected-error @+1 {{the value @SPMDFullToShardShape takes carries no sharding to split it by}}
  %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4xf32>) -> tensor<2xf32>
  %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) {mhlo.sharding = "{devices=[2]0,1}"} : (tensor<2xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// A global value made global again.
func.func @unmatched(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2]0,1}"}) -> tensor<4xf32> {
  // expected-error @+1 {{@SPMDShardToFullShape of a value that no @SPMDFullToShardShape made manual}}
  %0 = stablehlo.custom_call @SPMDShardToFullShape(%arg0) {mhlo.sharding = "{devices=[2]0,1}"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error @+1 {{GSPMD shardings over 2 and 4 devices in one program}}
module {
  func.func @counts(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[4]<=[4]}"}, %arg1: tensor<4xf32> {mhlo.sharding = "{devices=[2]0,1}"}) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
}

// -----

// expected-error @+1 {{the tile assignments of the GSPMD shardings cannot be laid out on one mesh of 4 devices}}
module {
  func.func @order(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[4]0,3,1,2}"}) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
}

// -----

// expected-error @+1 {{shardings over 2 devices, but mhlo.num_partitions = 4}}
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @partitions(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2]0,1}"}) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }
}

// -----

// expected-error @+1 {{GSPMD sharding tiles 1 dimensions of a rank-2 tensor}}
func.func @rank(%arg0: tensor<4x4xf32> {mhlo.sharding = "{devices=[2]0,1}"}) -> tensor<4x4xf32> {
  return %arg0 : tensor<4x4xf32>
}
