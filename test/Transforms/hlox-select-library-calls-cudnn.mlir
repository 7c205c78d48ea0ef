// The CUDA target's selection of convolutions (cudnn-forms-only): NHWC
// ones get their kernel transposed to OHWI, cuDNN's NHWC filter; unequal
// padding becomes equal padding of a zero-padded input; the epilogue is a
// bias and an addend at most.
// RUN: hlox-opt %s --split-input-file --hlox-select-library-calls="min-flops=0 cudnn-forms-only=true" | FileCheck %s

// JAX's layout (NHWC/HWIO) with SAME padding of a stride-2 window, (0, 1),
// and a bias; the ReLU after it stays.
// CHECK-LABEL: func.func @jax_same
// CHECK: %[[K:.*]] = stablehlo.transpose %arg1, dims = [3, 0, 1, 2] : (tensor<3x3x16x32xf32>) -> tensor<32x3x3x16xf32>
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[X:.*]] = stablehlo.pad %arg0, %[[Z]], low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x28x28x16xf32>, tensor<f32>) -> tensor<1x29x29x16xf32>
// CHECK: %[[C:.*]] = library.conv2d %[[X]], %[[K]] bias %arg2 nhwc kernel_ohwi strides = [2, 2] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x29x29x16xf32>, tensor<32x3x3x16xf32>, tensor<32xf32>) -> tensor<1x14x14x32xf32>
// CHECK: stablehlo.maximum %[[C]]
func.func @jax_same(%x: tensor<1x28x28x16xf32>, %w: tensor<3x3x16x32xf32>, %b: tensor<32xf32>) -> tensor<1x14x14x32xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x28x28x16xf32>, tensor<3x3x16x32xf32>) -> tensor<1x14x14x32xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<32xf32>) -> tensor<1x14x14x32xf32>
  %y = stablehlo.add %c, %bb : tensor<1x14x14x32xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1x14x14x32xf32>
  %r = stablehlo.maximum %y, %zero : tensor<1x14x14x32xf32>
  return %r : tensor<1x14x14x32xf32>
}

// -----

// NCHW with unequal padding (2, 3) and (1, 0): the input padded by (0, 1)
// and (1, 0), the convolution's padding (2, 2) and (0, 0); no transpose.
// CHECK-LABEL: func.func @nchw_unequal
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.pad %arg0, %{{.*}}, low = [0, 0, 0, 1], high = [0, 0, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x3x32x32xf32>, tensor<f32>) -> tensor<1x3x33x33xf32>
// CHECK: library.conv2d %{{.*}}, %arg1 strides = [2, 2] padding = [2, 2, 0, 0] dilations = [1, 1] : (tensor<1x3x33x33xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x16x14xf32>
func.func @nchw_unequal(%x: tensor<1x3x32x32xf32>, %w: tensor<8x3x7x7xf32>) -> tensor<1x8x16x14xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[2, 3], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x32x32xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x16x14xf32>
  return %c : tensor<1x8x16x14xf32>
}

// -----

// A depthwise NHWC convolution with an OIHW kernel: [0, 2, 3, 1] to OHWI.
// CHECK-LABEL: func.func @nhwc_oihw_depthwise
// CHECK: %[[K:.*]] = stablehlo.transpose %arg1, dims = [0, 2, 3, 1] : (tensor<32x1x3x3xf32>) -> tensor<32x3x3x1xf32>
// CHECK: library.conv2d %arg0, %[[K]] nhwc kernel_ohwi groups = 32 strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1]
func.func @nhwc_oihw_depthwise(%x: tensor<1x14x14x32xf32>, %w: tensor<32x1x3x3xf32>) -> tensor<1x14x14x32xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 32 : i64} : (tensor<1x14x14x32xf32>, tensor<32x1x3x3xf32>) -> tensor<1x14x14x32xf32>
  return %c : tensor<1x14x14x32xf32>
}
