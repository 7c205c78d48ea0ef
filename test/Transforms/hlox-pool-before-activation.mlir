// RUN: hlox-opt --hlox-pool-before-activation --split-input-file %s | FileCheck %s

// ResNet's stem: a ReLU (maximum with a broadcast zero) before a 3x3/2 max
// pool padded by 1 runs on the pool's 56x56 result instead.
// CHECK-LABEL: func.func @relu_max_pool
// CHECK-SAME: (%[[X:.+]]: tensor<1x112x112x64xf32>)
// CHECK: %[[P:.+]] = "stablehlo.reduce_window"(%[[X]], %{{.+}})
// CHECK-SAME: padding = dense<{{\[\[}}0, 0], [1, 1], [1, 1], [0, 0]]>
// CHECK: -> tensor<1x56x56x64xf32>
// CHECK: %[[Z:.+]] = stablehlo.broadcast_in_dim %{{.+}}, dims = [] : (tensor<f32>) -> tensor<1x56x56x64xf32>
// CHECK: %[[R:.+]] = stablehlo.maximum %[[P]], %[[Z]] : tensor<1x56x56x64xf32>
// CHECK: return %[[R]]
func.func @relu_max_pool(%x: tensor<1x112x112x64xf32>) -> tensor<1x56x56x64xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<1x112x112x64xf32>
  %r = stablehlo.maximum %x, %zeros : tensor<1x112x112x64xf32>
  %p = "stablehlo.reduce_window"(%r, %ninf) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x112x112x64xf32>, tensor<f32>) -> tensor<1x56x56x64xf32>
  return %p : tensor<1x56x56x64xf32>
}

// -----

// PyTorch's form: a pad with -inf before an unpadded window, a ReLU6 clamp
// with scalar bounds, and a splat-constant operand first: the pad moves
// with the pool, the clamp keeps its scalar bounds.
// CHECK-LABEL: func.func @pad_clamp
// CHECK-SAME: (%[[X:.+]]: tensor<1x4x8x8xf32>)
// CHECK: %[[PAD:.+]] = stablehlo.pad %[[X]], %{{.+}}, low = [0, 0, 1, 1], high = [0, 0, 1, 1]
// CHECK: %[[P:.+]] = "stablehlo.reduce_window"(%[[PAD]], %{{.+}})
// CHECK: %[[C:.+]] = stablehlo.clamp %{{.+}}, %[[P]], %{{.+}} : (tensor<f32>, tensor<1x4x4x4xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
// CHECK: return %[[C]]
func.func @pad_clamp(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %six = stablehlo.constant dense<6.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.clamp %zero, %x, %six : (tensor<f32>, tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8x8xf32>
  %padded = stablehlo.pad %c, %ninf, low = [0, 0, 1, 1], high = [0, 0, 1, 1], interior = [0, 0, 0, 0] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x10x10xf32>
  %p = "stablehlo.reduce_window"(%padded, %ninf) <{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x4x10x10xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  return %p : tensor<1x4x4x4xf32>
}

// -----

// A min pool from +inf with a splat constant on the left of the minimum:
// the constant is remade in the pool's shape.
// CHECK-LABEL: func.func @min_pool
// CHECK-DAG: %[[K:.+]] = stablehlo.constant dense<2.500000e+00> : tensor<2x3xf32>
// CHECK-DAG: %[[P:.+]] = "stablehlo.reduce_window"(%arg0, %{{.+}})
// CHECK: %[[M:.+]] = stablehlo.minimum %[[K]], %[[P]] : tensor<2x3xf32>
// CHECK: return %[[M]]
func.func @min_pool(%x: tensor<2x6xf32>) -> tensor<2x3xf32> {
  %k = stablehlo.constant dense<2.5> : tensor<2x6xf32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %m = stablehlo.minimum %k, %x : tensor<2x6xf32>
  %p = "stablehlo.reduce_window"(%m, %inf) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<2x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %p : tensor<2x3xf32>
}

// -----

// Left alone: padding as wide as the window (a window of padding alone
// would be 0 after the move, -inf before), an init value that is not the
// identity, a sum, a ReLU with another use, and a maximum of two tensors.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-5: stablehlo.maximum %arg{{[01]}}, %{{[0-9a-z_]+}} : tensor<1x8xf32>
// CHECK-NOT: stablehlo.maximum {{.*}} : tensor<1x{{[45]}}xf32>
func.func @left_alone(%x: tensor<1x8xf32>, %y: tensor<1x8xf32>) -> (tensor<1x5xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x8xf32>, tensor<1x4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<1x8xf32>
  %r0 = stablehlo.maximum %x, %zeros : tensor<1x8xf32>
  %p0 = "stablehlo.reduce_window"(%r0, %ninf) <{padding = dense<[[0, 0], [2, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x5xf32>
  %r1 = stablehlo.maximum %x, %zeros : tensor<1x8xf32>
  %p1 = "stablehlo.reduce_window"(%r1, %zero) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x4xf32>
  %r2 = stablehlo.maximum %x, %zeros : tensor<1x8xf32>
  %p2 = "stablehlo.reduce_window"(%r2, %zero) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x4xf32>
  %r3 = stablehlo.maximum %x, %zeros : tensor<1x8xf32>
  %p3 = "stablehlo.reduce_window"(%r3, %ninf) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x4xf32>
  %r4 = stablehlo.maximum %x, %y : tensor<1x8xf32>
  %p4 = "stablehlo.reduce_window"(%r4, %ninf) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8xf32>, tensor<f32>) -> tensor<1x4xf32>
  return %p0, %p1, %p2, %p3, %r3, %p4 : tensor<1x5xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x8xf32>, tensor<1x4xf32>
}

// -----

// A type without infinities: the max pool starts from its most negative
// finite value (-6 in f4E2M1FN), the identity all the same.
// CHECK-LABEL: func.func @no_infinity
// CHECK: %[[P:.+]] = "stablehlo.reduce_window"(%arg0, %{{.+}})
// CHECK: %[[R:.+]] = stablehlo.maximum %[[P]], %{{.+}} : tensor<1x2xf4E2M1FN>
// CHECK: return %[[R]]
func.func @no_infinity(%x: tensor<1x4xf4E2M1FN>) -> tensor<1x2xf4E2M1FN> {
  %zero = stablehlo.constant dense<0.0> : tensor<f4E2M1FN>
  %lowest = stablehlo.constant dense<-6.0> : tensor<f4E2M1FN>
  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f4E2M1FN>) -> tensor<1x4xf4E2M1FN>
  %r = stablehlo.maximum %x, %zeros : tensor<1x4xf4E2M1FN>
  %p = "stablehlo.reduce_window"(%r, %lowest) <{window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f4E2M1FN>, %b: tensor<f4E2M1FN>):
    %m = stablehlo.maximum %a, %b : tensor<f4E2M1FN>
    stablehlo.return %m : tensor<f4E2M1FN>
  }) : (tensor<1x4xf4E2M1FN>, tensor<f4E2M1FN>) -> tensor<1x2xf4E2M1FN>
  return %p : tensor<1x2xf4E2M1FN>
}
