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

// -----

// The collectives of a 2x2 grid (hlox-lower-collectives makes them).
// CHECK-LABEL: func.func @collectives
// CHECK: library.all_gather %arg0 {groups = dense<{{\[\[}}0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: library.all_to_all
// CHECK: library.all_reduce %arg0 {groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, reduction = "maximum"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: library.collective_broadcast
// CHECK: library.collective_permute
// CHECK: library.send
// CHECK: library.recv
// CHECK: library.process_id
// CHECK: library.infeed
// CHECK: library.outfeed
func.func @collectives(%x: tensor<4xf32>, %y: tensor<2x3xf32>) -> (tensor<3x4xf32>, tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<ui32>, tensor<2xi64>) {
  %0 = library.all_gather %x {groups = dense<[[0, 1, 2], [3, -1, -1]]> : tensor<2x3xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<4xf32>) -> tensor<3x4xf32>
  %1 = library.all_to_all %y {groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = library.all_reduce %x {groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, reduction = "maximum"} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = library.collective_broadcast %x {groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, root = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = library.collective_permute %x {groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, num_partitions = 2 : i64, num_replicas = 2 : i64, pairs = dense<[[0, 3]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  library.send %x {channel = 1 : i64, num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<4xf32>) -> ()
  %4 = library.recv {channel = 1 : i64, num_partitions = 2 : i64, num_replicas = 2 : i64} : () -> tensor<4xf32>
  %5 = library.process_id {kind = "replica", num_partitions = 2 : i64, num_replicas = 2 : i64} : () -> tensor<ui32>
  %6 = library.infeed {num_partitions = 2 : i64, num_replicas = 2 : i64} : () -> tensor<2xi64>
  library.outfeed %6 {num_partitions = 2 : i64, num_replicas = 2 : i64} : (tensor<2xi64>) -> ()
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3x4xf32>, tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<ui32>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @library_epilogue
// CHECK: library.matmul %arg0, %arg1 bias %arg2 addend %arg3 relu transpose_rhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<16x8xbf16>, tensor<16xbf16>, tensor<4x16xbf16>) -> tensor<4x16xbf16>
func.func @library_epilogue(%a: tensor<4x8xbf16>, %b: tensor<16x8xbf16>, %bias: tensor<16xbf16>, %r: tensor<4x16xbf16>) -> tensor<4x16xbf16> {
  %0 = library.matmul %a, %b bias %bias addend %r relu transpose_rhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<16x8xbf16>, tensor<16xbf16>, tensor<4x16xbf16>) -> tensor<4x16xbf16>
  return %0 : tensor<4x16xbf16>
}

// CHECK-LABEL: func.func @conv_ohwi
// CHECK: library.conv2d %arg0, %arg1 nhwc kernel_ohwi strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
func.func @conv_ohwi(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32> {
  %0 = library.conv2d %x, %w nhwc kernel_ohwi strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  return %0 : tensor<1x8x8x4xf32>
}
