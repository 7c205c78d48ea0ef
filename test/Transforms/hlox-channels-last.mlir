// RUN: hlox-opt --hlox-channels-last --split-input-file %s | FileCheck %s

// A PyTorch convolution block: both convolutions go to NHWC with their OIHW
// kernels; the bias broadcast and the zeros follow the channels to the
// last dimension, the pad and the pool's window their dimensions; the
// identity broadcast is gone, the transposes between the convolutions
// cancel, the global pool reduces H and W of the NHWC result, and one
// transpose gives the NCHW result back.
// CHECK-LABEL: func.func @block
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x12x10xf32>, %[[W:.+]]: tensor<16x3x3x3xf32>, %[[B:.+]]: tensor<16xf32>, %[[W2:.+]]: tensor<8x16x1x1xf32>)
// CHECK-DAG: %[[ZEROS:.+]] = stablehlo.constant dense<0.000000e+00> : tensor<2x12x10x16xf32>
// CHECK: %[[XT:.+]] = stablehlo.transpose %[[X]], dims = [0, 2, 3, 1] : (tensor<2x3x12x10xf32>) -> tensor<2x12x10x3xf32>
// CHECK: %[[C:.+]] = stablehlo.convolution(%[[XT]], %[[W]]) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f]
// CHECK-SAME: -> tensor<2x12x10x16xf32>
// CHECK: %[[BIAS:.+]] = stablehlo.broadcast_in_dim %[[B]], dims = [3] : (tensor<16xf32>) -> tensor<2x12x10x16xf32>
// CHECK: %[[S:.+]] = stablehlo.add %[[C]], %[[BIAS]] : tensor<2x12x10x16xf32>
// CHECK: %[[R:.+]] = stablehlo.maximum %[[S]], %[[ZEROS]] : tensor<2x12x10x16xf32>
// CHECK: %[[PAD:.+]] = stablehlo.pad %[[R]], %{{.+}}, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0]
// CHECK: %[[POOL:.+]] = "stablehlo.reduce_window"(%[[PAD]], %{{.+}}) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}>
// CHECK: -> tensor<2x6x5x16xf32>
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[C2:.+]] = stablehlo.convolution(%[[POOL]], %[[W2]]) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f]
// CHECK: %[[Y:.+]] = stablehlo.transpose %[[C2]], dims = [0, 3, 1, 2] : (tensor<2x6x5x8xf32>) -> tensor<2x8x6x5xf32>
// CHECK: %[[G:.+]] = stablehlo.reduce(%[[C2]] init: %{{.+}}) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x6x5x8xf32>, tensor<f32>) -> tensor<2x8xf32>
// CHECK: return %[[Y]], %[[G]]
func.func @block(%x: tensor<2x3x12x10xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>, %w2: tensor<8x16x1x1xf32>) -> (tensor<2x8x6x5xf32>, tensor<2x8xf32>) {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x12x10xf32>, tensor<16x3x3x3xf32>) -> tensor<2x16x12x10xf32>
  %same = stablehlo.broadcast_in_dim %c, dims = [0, 1, 2, 3] : (tensor<2x16x12x10xf32>) -> tensor<2x16x12x10xf32>
  %bias = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<2x16x12x10xf32>
  %s = stablehlo.add %same, %bias : tensor<2x16x12x10xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2x16x12x10xf32>
  %r = stablehlo.maximum %s, %zero : tensor<2x16x12x10xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pad = stablehlo.pad %r, %ninf, low = [0, 0, 1, 1], high = [0, 0, 1, 1], interior = [0, 0, 0, 0] : (tensor<2x16x12x10xf32>, tensor<f32>) -> tensor<2x16x14x12xf32>
  %pool = "stablehlo.reduce_window"(%pad, %ninf) <{window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%u: tensor<f32>, %v: tensor<f32>):
    %m = stablehlo.maximum %u, %v : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x14x12xf32>, tensor<f32>) -> tensor<2x16x6x5xf32>
  %c2 = stablehlo.convolution(%pool, %w2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x6x5xf32>, tensor<8x16x1x1xf32>) -> tensor<2x8x6x5xf32>
  %zs = stablehlo.constant dense<0.0> : tensor<f32>
  %g = stablehlo.reduce(%c2 init: %zs) applies stablehlo.add across dimensions = [2, 3] : (tensor<2x8x6x5xf32>, tensor<f32>) -> tensor<2x8xf32>
  return %c2, %g : tensor<2x8x6x5xf32>, tensor<2x8xf32>
}

// -----

// Left as they are: a convolution already in NHWC/HWIO, and the program's
// own transpose before an elementwise op; an NCHW convolution's result
// feeding an op that does not move (a reshape) gets its transpose back
// right before it.
// CHECK-LABEL: func.func @left_alone
// CHECK: stablehlo.convolution(%{{.+}}, %{{.+}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]
// CHECK: %[[T:.+]] = stablehlo.transpose %{{.+}}, dims = [0, 3, 1, 2] : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
// CHECK: stablehlo.negate %[[T]] : tensor<1x2x4x4xf32>
// CHECK: %[[C:.+]] = stablehlo.convolution(%{{.+}}, %{{.+}}) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f]
// CHECK: %[[BACK:.+]] = stablehlo.transpose %[[C]], dims = [0, 3, 1, 2]
// CHECK: stablehlo.reshape %[[BACK]]
func.func @left_alone(%x: tensor<1x4x4x3xf32>, %w: tensor<1x1x3x2xf32>, %y: tensor<1x2x4x4xf32>, %k: tensor<2x2x1x1xf32>) -> (tensor<1x2x4x4xf32>, tensor<32xf32>) {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x3xf32>, tensor<1x1x3x2xf32>) -> tensor<1x4x4x2xf32>
  %t = stablehlo.transpose %c, dims = [0, 3, 1, 2] : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  %n = stablehlo.negate %t : tensor<1x2x4x4xf32>
  %d = stablehlo.convolution(%y, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %flat = stablehlo.reshape %d : (tensor<1x2x4x4xf32>) -> tensor<32xf32>
  return %n, %flat : tensor<1x2x4x4xf32>, tensor<32xf32>
}
