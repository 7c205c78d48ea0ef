// RUN: hlox-opt %s --split-input-file --hlox-hoist-reshapes | FileCheck %s
// RUN: hlox-opt %s --split-input-file --hlox-hoist-reshapes --hlox-propagate-shardings --hlox-partition-spmd | FileCheck %s --check-prefix=PART

// A q|k|v projection with its bias, reshaped to [batch, seq, 3, heads,
// head size]: the weight and the bias are reshaped instead, and the
// product computes the split dimensions.
// CHECK-LABEL: func.func @qkv
// CHECK: %[[W:.+]] = stablehlo.reshape %arg1 : (tensor<16x24xf32>) -> tensor<16x3x2x4xf32>
// CHECK: %[[P:.+]] = stablehlo.dot_general %arg0, %[[W]], contracting_dims = [2] x [0] : (tensor<2x5x16xf32>, tensor<16x3x2x4xf32>) -> tensor<2x5x3x2x4xf32>
// CHECK: %[[B:.+]] = stablehlo.reshape %arg2 : (tensor<24xf32>) -> tensor<3x2x4xf32>
// CHECK: %[[BB:.+]] = stablehlo.broadcast_in_dim %[[B]], dims = [2, 3, 4] : (tensor<3x2x4xf32>) -> tensor<2x5x3x2x4xf32>
// CHECK: %[[S:.+]] = stablehlo.add %[[P]], %[[BB]] : tensor<2x5x3x2x4xf32>
// CHECK-NOT: stablehlo.reshape
// CHECK: return %[[S]]
// Split by heads, each device computes its heads' columns: its half of
// the weight's heads (a slice of the whole weight), no collective.
// PART-LABEL: func.func @qkv
// PART-NOT: all_gather
// PART: stablehlo.dot_general {{.*}} : (tensor<2x5x16xf32>, tensor<16x3x1x4xf32>) -> tensor<2x5x3x1x4xf32>
// PART-NOT: all_gather
// PART: return {{.*}} : tensor<2x5x3x1x4xf32>
sdy.mesh @mesh = <["x"=2]>
func.func @qkv(%x: tensor<2x5x16xf32>, %w: tensor<16x24xf32>, %b: tensor<24xf32>)
    -> (tensor<2x5x3x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"x"}, {}]>}) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<2x5x16xf32>, tensor<16x24xf32>) -> tensor<2x5x24xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<24xf32>) -> tensor<2x5x24xf32>
  %s = stablehlo.add %p, %bb : tensor<2x5x24xf32>
  %r = stablehlo.reshape %s : (tensor<2x5x24xf32>) -> tensor<2x5x3x2x4xf32>
  return %r : tensor<2x5x3x2x4xf32>
}

// -----

// The lhs's free dimension splits just as well; an activation and a
// splat constant come along.
// CHECK-LABEL: func.func @lhs_rows
// CHECK: %[[ONE:.+]] = stablehlo.constant dense<1.000000e+00> : tensor<2x3x5xf32>
// CHECK: %[[X:.+]] = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[P:.+]] = stablehlo.dot_general %[[X]], %arg1, contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
// CHECK: stablehlo.maximum %[[P]], %[[ONE]] : tensor<2x3x5xf32>
// CHECK-NOT: stablehlo.reshape
func.func @lhs_rows(%x: tensor<6x4xf32>, %w: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
  %one = stablehlo.constant dense<1.0> : tensor<6x5xf32>
  %m = stablehlo.maximum %p, %one : tensor<6x5xf32>
  %r = stablehlo.reshape %m : (tensor<6x5xf32>) -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// -----

// What stays: a product read elsewhere too (splitting would compute it
// twice), a reshape that merges, one with no product beneath it, and a
// split of a batch dimension.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-4: stablehlo.reshape %
func.func @kept(%x: tensor<6x4xf32>, %w: tensor<4x6xf32>, %y: tensor<6x6xf32>, %bx: tensor<6x4x4xf32>, %bw: tensor<6x4x4xf32>)
    -> (tensor<6x2x3xf32>, tensor<6x6xf32>, tensor<36xf32>, tensor<6x2x3xf32>, tensor<2x3x4x4xf32>) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x6xf32>) -> tensor<6x6xf32>
  %r = stablehlo.reshape %p : (tensor<6x6xf32>) -> tensor<6x2x3xf32>
  %q = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x6xf32>) -> tensor<6x6xf32>
  %merged = stablehlo.reshape %q : (tensor<6x6xf32>) -> tensor<36xf32>
  %t = stablehlo.tanh %y : tensor<6x6xf32>
  %split = stablehlo.reshape %t : (tensor<6x6xf32>) -> tensor<6x2x3xf32>
  %bp = stablehlo.dot_general %bx, %bw, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x4x4xf32>, tensor<6x4x4xf32>) -> tensor<6x4x4xf32>
  %bs = stablehlo.reshape %bp : (tensor<6x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %r, %p, %merged, %split, %bs : tensor<6x2x3xf32>, tensor<6x6xf32>, tensor<36xf32>, tensor<6x2x3xf32>, tensor<2x3x4x4xf32>
}

// -----

// The heads split by a sharding constraint on the reshaped projection (as
// a Megatron-style annotation of a torch export puts it): the constraint's
// operand, then the product, take the heads' axis.
// PART-LABEL: func.func @qkv_constrained
// PART-NOT: all_gather
// PART: stablehlo.dot_general {{.*}} : (tensor<2x5x16xf32>, tensor<16x3x1x4xf32>) -> tensor<2x5x3x1x4xf32>
// PART-NOT: all_gather
// PART: stablehlo.tanh {{.*}} : tensor<2x5x3x1x4xf32>
sdy.mesh @mesh = <["x"=2]>
func.func @qkv_constrained(%x: tensor<2x5x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %w: tensor<16x24xf32>, %b: tensor<24xf32>)
    -> tensor<2x5x3x2x4xf32> {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<2x5x16xf32>, tensor<16x24xf32>) -> tensor<2x5x24xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<24xf32>) -> tensor<2x5x24xf32>
  %s = stablehlo.add %p, %bb : tensor<2x5x24xf32>
  %r = stablehlo.reshape %s : (tensor<2x5x24xf32>) -> tensor<2x5x3x2x4xf32>
  %c = sdy.sharding_constraint %r <@mesh, [{}, {}, {}, {"x"}, {}]> : tensor<2x5x3x2x4xf32>
  %t = stablehlo.tanh %c : tensor<2x5x3x2x4xf32>
  return %t : tensor<2x5x3x2x4xf32>
}
