// Sharded programs for hlox-propagate-shardings and hlox-partition-spmd.
sdy.mesh @mesh = <["x"=2]>

// Megatron-style tensor parallelism: the first weight split by columns,
// the second by rows; only the second dot's partial sums meet.
func.func @mlp(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>},
               %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
               %b1: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>},
               %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %b = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
  %s = stablehlo.add %h, %b : tensor<8x32xf32>
  %a = stablehlo.tanh %s : tensor<8x32xf32>
  %y = stablehlo.dot_general %a, %w2, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// Data parallelism: the batch split, the weight whole; nothing to move.
func.func @data_parallel(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                         %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
  %z = stablehlo.maximum %y, %cb : tensor<8x4xf32>
  return %z : tensor<8x4xf32>
}

// A reduction over the sharded dimension: partial maxima, then all_reduce
// with the reduce's own body.
func.func @reduce_max(%x: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<6xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [0] : (tensor<8x6xf32>, tensor<f32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// A result wanted on another dimension: gathered, then this device's part
// of the other dimension sliced.
func.func @move(%x: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  return %x : tensor<8x6xf32>
}

// Splitting a dimension (heads out of a hidden dimension) keeps its
// sharding on the major part.
func.func @heads(%x: tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> tensor<4x4x8xf32> {
  %r = stablehlo.reshape %x : (tensor<4x32xf32>) -> tensor<4x4x8xf32>
  %t = stablehlo.transpose %r, dims = [1, 0, 2] : (tensor<4x4x8xf32>) -> tensor<4x4x8xf32>
  return %t : tensor<4x4x8xf32>
}

// An op without a sharding rule runs whole: its sharded operand is
// gathered, its result sliced to what its user wants.
func.func @whole(%x: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
