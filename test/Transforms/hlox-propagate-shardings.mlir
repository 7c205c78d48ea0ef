// RUN: hlox-opt --hlox-propagate-shardings %S/Inputs/sharded-programs.mlir | FileCheck %s

// Column- then row-parallel: the first dot's free dimension takes the
// weight's axis, the bias and the elementwise ops follow; the second dot
// contracts the sharded dimension, its result is whole.
// CHECK-LABEL: func.func @mlp
// CHECK: stablehlo.dot_general {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// CHECK: stablehlo.broadcast_in_dim {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// CHECK: stablehlo.add {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// CHECK: stablehlo.tanh {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// CHECK: stablehlo.dot_general {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>

// The batch's axis reaches the result, which had none written; the
// unannotated weight stays whole.
// CHECK-LABEL: func.func @data_parallel
// CHECK-SAME: %arg1: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}
// CHECK-SAME: -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
// CHECK: stablehlo.maximum {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>

// A reshape that splits the sharded dimension gives the axis to its major
// part; the transpose carries it along.
// CHECK-LABEL: func.func @heads
// CHECK-SAME: -> (tensor<4x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>})
// CHECK: stablehlo.reshape {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}, {}]>]>
// CHECK: stablehlo.transpose {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}, {}]>]>

// The sorted dimension stays whole: nothing passes through the sort, whose
// result takes the written result sharding.
// CHECK-LABEL: func.func @whole
// CHECK: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>
