// RUN: hlox-opt %s | hlox-opt | FileCheck %s

// CHECK-LABEL: func.func @matmuls
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK: library.matmul %arg2, %arg3 transpose_lhs transpose_rhs batch_rank = 1 contracting_rank = 1 : (tensor<3x8x4xf32>, tensor<3x5x8xf32>) -> tensor<3x4x5xf32>
// CHECK: library.matmul %arg4, %arg1 batch_rank = 0 contracting_rank = 1 hlox_kernel : (tensor<2x3x8xf32>, tensor<8x16xf32>) -> tensor<2x3x16xf32>
func.func @matmuls(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<3x8x4xf32>, %d: tensor<3x5x8xf32>, %e: tensor<2x3x8xf32>) -> (tensor<4x16xf32>, tensor<3x4x5xf32>, tensor<2x3x16xf32>) {
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = library.matmul %c, %d transpose_lhs transpose_rhs batch_rank = 1 contracting_rank = 1 : (tensor<3x8x4xf32>, tensor<3x5x8xf32>) -> tensor<3x4x5xf32>
  %2 = library.matmul %e, %b batch_rank = 0 contracting_rank = 1 hlox_kernel : (tensor<2x3x8xf32>, tensor<8x16xf32>) -> tensor<2x3x16xf32>
  return %0, %1, %2 : tensor<4x16xf32>, tensor<3x4x5xf32>, tensor<2x3x16xf32>
}

// CHECK-LABEL: func.func @epilogue
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 hlox_kernel epilogue @bias(%arg2) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 epilogue @relu() : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
func.func @epilogue(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 hlox_kernel epilogue @bias(%c) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  %1 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 epilogue @relu() : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}

// CHECK-LABEL: func.func @convolutions
// CHECK: library.conv2d %arg0, %arg1 strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] : (tensor<1x3x32x32xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x16x16xf32>
// CHECK: library.conv2d %arg2, %arg3 nhwc strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] : (tensor<1x9x9x4xbf16>, tensor<3x3x4x6xbf16>) -> tensor<1x5x5x6xbf16>
// CHECK: library.conv2d %arg0, %arg4 groups = 3 strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : (tensor<1x3x32x32xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x32x32xf32>
func.func @convolutions(%x: tensor<1x3x32x32xf32>, %w: tensor<8x3x7x7xf32>, %y: tensor<1x9x9x4xbf16>, %v: tensor<3x3x4x6xbf16>, %dw: tensor<3x1x3x3xf32>) -> (tensor<1x8x16x16xf32>, tensor<1x5x5x6xbf16>, tensor<1x3x32x32xf32>) {
  %0 = library.conv2d %x, %w strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] : (tensor<1x3x32x32xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x16x16xf32>
  %1 = library.conv2d %y, %v nhwc strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] : (tensor<1x9x9x4xbf16>, tensor<3x3x4x6xbf16>) -> tensor<1x5x5x6xbf16>
  %2 = library.conv2d %x, %dw groups = 3 strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : (tensor<1x3x32x32xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x32x32xf32>
  return %0, %1, %2 : tensor<1x8x16x16xf32>, tensor<1x5x5x6xbf16>, tensor<1x3x32x32xf32>
}

// A convolution with its epilogue: a bias of the output channels and an
// addend of the result's type.
// CHECK-LABEL: func.func @convolution_epilogue
// CHECK: library.conv2d %arg0, %arg1 bias %arg2 addend %arg3 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
// CHECK: library.conv2d %arg0, %arg1 bias %arg2 strides
func.func @convolution_epilogue(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, %r: tensor<1x4x6x6xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) {
  %0 = library.conv2d %x, %w bias %b addend %r strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %1 = library.conv2d %x, %w bias %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %0, %1 : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>
}

// A pointwise convolution with a ReLU and its result in NCHW; its addend
// stays NHWC.
// CHECK-LABEL: func.func @pointwise_epilogue
// CHECK: library.conv2d %arg0, %arg1 bias %arg2 addend %arg3 relu nhwc kernel_oihw nchw_result strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<2x8x8x3xf32>, tensor<4x3x1x1xf32>, tensor<4xf32>, tensor<2x8x8x4xf32>) -> tensor<2x4x8x8xf32>
func.func @pointwise_epilogue(%x: tensor<2x8x8x3xf32>, %w: tensor<4x3x1x1xf32>, %b: tensor<4xf32>, %r: tensor<2x8x8x4xf32>) -> tensor<2x4x8x8xf32> {
  %0 = library.conv2d %x, %w bias %b addend %r relu nhwc kernel_oihw nchw_result strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<2x8x8x3xf32>, tensor<4x3x1x1xf32>, tensor<4xf32>, tensor<2x8x8x4xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}

// A convolution that ends with a max pool: the result is pooled.
// CHECK-LABEL: func.func @max_pool_epilogue
// CHECK: library.conv2d %arg0, %arg1 bias %arg2 relu nhwc kernel_oihw strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] max_pool window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : (tensor<1x32x32x3xf32>, tensor<8x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
func.func @max_pool_epilogue(%x: tensor<1x32x32x3xf32>, %w: tensor<8x3x7x7xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = library.conv2d %x, %w bias %b relu nhwc kernel_oihw strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] max_pool window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : (tensor<1x32x32x3xf32>, tensor<8x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}
