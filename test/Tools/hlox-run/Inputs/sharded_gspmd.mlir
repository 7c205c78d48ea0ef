// sharded.mlir's program with GSPMD's sharding strings.
module @jit_mlp attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4x4xf32> {mhlo.sharding = "{replicated}"},
                         %w1: tensor<4x4xf32> {mhlo.sharding = "{devices=[1,2]<=[2]}"},
                         %b1: tensor<4xf32> {mhlo.sharding = "{devices=[2]0,1}"},
                         %w2: tensor<4x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"})
      -> (tensor<4x4xf32> {mhlo.sharding = "{devices=[2,1]0,1}"}) {
    %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %b = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
    %s = stablehlo.add %h, %b : tensor<4x4xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<4x4xf32>
    %r = stablehlo.maximum %s, %zero : tensor<4x4xf32>
    %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %c = stablehlo.custom_call @Sharding(%y) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %c : tensor<4x4xf32>
  }
}
