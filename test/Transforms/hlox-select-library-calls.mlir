// RUN: hlox-opt %s --split-input-file --hlox-select-library-calls=min-flops=0 | FileCheck %s
// RUN: hlox-opt %s --split-input-file --hlox-select-library-calls | FileCheck %s --check-prefix=DEFAULT

// x @ W: K at the back of lhs, at the front of rhs.
// CHECK-LABEL: func.func @plain
// CHECK: %[[R:.*]] = library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return %[[R]]
// Below the default threshold (2 x 4 x 8 x 16 flops) the dot stays.
// DEFAULT-LABEL: func.func @plain
// DEFAULT: stablehlo.dot_general
// DEFAULT-NOT: library.matmul
func.func @plain(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// x @ W.T and a.T @ b.
// CHECK-LABEL: func.func @transposed
// CHECK: library.matmul %arg0, %arg1 transpose_rhs batch_rank = 0 contracting_rank = 1
// CHECK: library.matmul %arg0, %arg2 transpose_lhs batch_rank = 0 contracting_rank = 1
func.func @transposed(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>, %c: tensor<4x5xf32>) -> (tensor<4x16xf32>, tensor<8x5xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.dot_general %a, %c, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x5xf32>) -> tensor<8x5xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<8x5xf32>
}

// -----

// Attention: q @ k.T batched over [batch, heads]; a [B, S, D] activation
// times a weight (two M dimensions, no batch).
// CHECK-LABEL: func.func @batched
// CHECK: library.matmul %arg0, %arg1 transpose_rhs batch_rank = 2 contracting_rank = 1 : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>) -> tensor<2x3x5x7xf32>
// CHECK: library.matmul %arg0, %arg2 batch_rank = 0 contracting_rank = 1 : (tensor<2x3x5x8xf32>, tensor<8x6xf32>) -> tensor<2x3x5x6xf32>
func.func @batched(%q: tensor<2x3x5x8xf32>, %k: tensor<2x3x7x8xf32>, %w: tensor<8x6xf32>) -> (tensor<2x3x5x7xf32>, tensor<2x3x5x6xf32>) {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>) -> tensor<2x3x5x7xf32>
  %1 = stablehlo.dot_general %q, %w, contracting_dims = [3] x [0] : (tensor<2x3x5x8xf32>, tensor<8x6xf32>) -> tensor<2x3x5x6xf32>
  return %0, %1 : tensor<2x3x5x7xf32>, tensor<2x3x5x6xf32>
}

// -----

// Two contracting dimensions in the same order; a matrix-vector product
// through stablehlo.dot.
// CHECK-LABEL: func.func @groups
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 2 : (tensor<4x2x3xf32>, tensor<2x3x5xf32>) -> tensor<4x5xf32>
// CHECK: library.matmul %arg2, %arg3 batch_rank = 0 contracting_rank = 1 : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4xf32>
func.func @groups(%a: tensor<4x2x3xf32>, %b: tensor<2x3x5xf32>, %m: tensor<4x6xf32>, %v: tensor<6xf32>) -> (tensor<4x5xf32>, tensor<4xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1, 2] x [0, 1] : (tensor<4x2x3xf32>, tensor<2x3x5xf32>) -> tensor<4x5xf32>
  %1 = stablehlo.dot %m, %v : (tensor<4x6xf32>, tensor<6xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4xf32>
}

// -----

// What a library cannot read in place stays: batching dimensions that do
// not lead, contracting dimensions out of order or not adjacent, other
// element types, an explicit algorithm.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: library.matmul
// CHECK-COUNT-5: stablehlo.dot_general
// CHECK-NOT: library.matmul
func.func @kept(%a: tensor<5x2x8xf32>, %b: tensor<2x8x7xf32>, %c: tensor<4x2x3xf32>, %d: tensor<3x2x5xf32>, %e: tensor<4x8xf64>, %f: tensor<8x16xf64>, %g: tensor<2x4x3xf32>, %h: tensor<2x3x5xf32>, %x: tensor<4x8xf32>, %y: tensor<8x16xf32>) -> (tensor<2x5x7xf32>, tensor<4x5xf32>, tensor<4x16xf64>, tensor<4x5xf32>, tensor<4x16xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<5x2x8xf32>, tensor<2x8x7xf32>) -> tensor<2x5x7xf32>
  %1 = stablehlo.dot_general %c, %d, contracting_dims = [1, 2] x [1, 0] : (tensor<4x2x3xf32>, tensor<3x2x5xf32>) -> tensor<4x5xf32>
  %2 = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<4x8xf64>, tensor<8x16xf64>) -> tensor<4x16xf64>
  %3 = stablehlo.dot_general %g, %h, contracting_dims = [0, 2] x [0, 1] : (tensor<2x4x3xf32>, tensor<2x3x5xf32>) -> tensor<4x5xf32>
  %4 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0, %1, %2, %3, %4 : tensor<2x5x7xf32>, tensor<4x5xf32>, tensor<4x16xf64>, tensor<4x5xf32>, tensor<4x16xf32>
}

// -----

// The default threshold: 2 x 64 x 256 x 128 flops is enough.
// CHECK-LABEL: func.func @large
// DEFAULT-LABEL: func.func @large
// DEFAULT: library.matmul
func.func @large(%a: tensor<64x128xf32>, %b: tensor<128x256xf32>) -> tensor<64x256xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
  return %0 : tensor<64x256xf32>
}

// -----

// Matrix-vector products go to the library from a 16th of the default
// threshold: a 1x1280 row times 1280x1000 (2.6 MFLOP), a batch of matrix
// times vector (2 x 2 x 512 x 512 x 1) and a 1x256 row times 256x1000
// (0.5 MFLOP) do; a 1x64 row times 64x1000 (0.13 MFLOP) and a 2-MFLOP
// product of matrices do not.
// CHECK-LABEL: func.func @matrix_vector
// DEFAULT-LABEL: func.func @matrix_vector
// DEFAULT: library.matmul %arg0, %arg1
// DEFAULT: library.matmul %arg2, %arg3
// DEFAULT: library.matmul %arg4, %arg5
// DEFAULT: stablehlo.dot_general %arg6, %arg7
// DEFAULT: stablehlo.dot_general %arg8, %arg9
func.func @matrix_vector(%a: tensor<1x1280xf32>, %b: tensor<1280x1000xf32>, %c: tensor<2x512x512xf32>, %d: tensor<2x512x1xf32>, %e: tensor<1x256xf32>, %f: tensor<256x1000xf32>, %x: tensor<1x64xf32>, %y: tensor<64x1000xf32>, %g: tensor<8x256xf32>, %h: tensor<256x512xf32>) -> (tensor<1x1000xf32>, tensor<2x512x1xf32>, tensor<1x1000xf32>, tensor<1x1000xf32>, tensor<8x512xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x1280xf32>, tensor<1280x1000xf32>) -> tensor<1x1000xf32>
  %1 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x512x512xf32>, tensor<2x512x1xf32>) -> tensor<2x512x1xf32>
  %2 = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<1x256xf32>, tensor<256x1000xf32>) -> tensor<1x1000xf32>
  %4 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x1000xf32>) -> tensor<1x1000xf32>
  %3 = stablehlo.dot_general %g, %h, contracting_dims = [1] x [0] : (tensor<8x256xf32>, tensor<256x512xf32>) -> tensor<8x512xf32>
  return %0, %1, %2, %4, %3 : tensor<1x1000xf32>, tensor<2x512x1xf32>, tensor<1x1000xf32>, tensor<1x1000xf32>, tensor<8x512xf32>
}

// -----

// Convolutions in NCHW/OIHW and NHWC/HWIO, f32 and bf16, with strides,
// padding and kernel dilation.
// CHECK-LABEL: func.func @convolutions
// CHECK: library.conv2d %arg0, %arg1 strides = [2, 2] padding = [3, 3, 3, 2] dilations = [1, 1] : (tensor<2x3x31x29xf32>, tensor<16x3x7x7xf32>) -> tensor<2x16x16x14xf32>
// CHECK: library.conv2d %arg2, %arg3 nhwc strides = [2, 2] padding = [1, 0, 1, 1] dilations = [2, 1] : (tensor<2x20x18x24xf32>, tensor<3x3x24x32xf32>) -> tensor<2x9x9x32xf32>
// CHECK: library.conv2d %arg4, %arg5 strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : (tensor<1x24x20x20xbf16>, tensor<32x24x3x3xbf16>) -> tensor<1x32x20x20xbf16>
func.func @convolutions(%x: tensor<2x3x31x29xf32>, %w: tensor<16x3x7x7xf32>, %y: tensor<2x20x18x24xf32>, %v: tensor<3x3x24x32xf32>, %xb: tensor<1x24x20x20xbf16>, %wb: tensor<32x24x3x3xbf16>) -> (tensor<2x16x16x14xf32>, tensor<2x9x9x32xf32>, tensor<1x32x20x20xbf16>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x31x29xf32>, tensor<16x3x7x7xf32>) -> tensor<2x16x16x14xf32>
  %1 = stablehlo.convolution(%y, %v) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 0], [1, 1]], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x20x18x24xf32>, tensor<3x3x24x32xf32>) -> tensor<2x9x9x32xf32>
  %2 = stablehlo.convolution(%xb, %wb) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x24x20x20xbf16>, tensor<32x24x3x3xbf16>) -> tensor<1x32x20x20xbf16>
  return %0, %1, %2 : tensor<2x16x16x14xf32>, tensor<2x9x9x32xf32>, tensor<1x32x20x20xbf16>
}

// -----

// Depthwise and grouped convolutions (feature groups) in both layouts.
// CHECK-LABEL: func.func @grouped
// CHECK: library.conv2d %arg0, %arg1 groups = 8 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x8x10x10xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x8x8xf32>
// CHECK: library.conv2d %arg2, %arg3 nhwc groups = 2 strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : (tensor<1x10x10x8xbf16>, tensor<3x3x4x6xbf16>) -> tensor<1x8x8x6xbf16>
func.func @grouped(%x: tensor<1x8x10x10xf32>, %dw: tensor<8x1x3x3xf32>, %y: tensor<1x10x10x8xbf16>, %g: tensor<3x3x4x6xbf16>) -> (tensor<1x8x8x8xf32>, tensor<1x8x8x6xbf16>) {
  %0 = stablehlo.convolution(%x, %dw) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<1x8x10x10xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x8x8xf32>
  %1 = stablehlo.convolution(%y, %g) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x10x10x8xbf16>, tensor<3x3x4x6xbf16>) -> tensor<1x8x8x6xbf16>
  return %0, %1 : tensor<1x8x8x8xf32>, tensor<1x8x8x6xbf16>
}

// -----

// Convolutions that stay: batch groups, input dilation, another layout,
// f16, window reversal, negative padding.
// CHECK-LABEL: func.func @convolutions_kept
// CHECK-NOT: library.conv2d
// CHECK-COUNT-6: stablehlo.convolution
// CHECK-NOT: library.conv2d
func.func @convolutions_kept(%x: tensor<1x8x10x10xf32>, %dw: tensor<8x1x3x3xf32>, %w: tensor<4x8x3x3xf32>, %t: tensor<1x10x8x10xf32>, %h: tensor<1x8x10x10xf16>, %wh: tensor<4x8x3x3xf16>, %x2: tensor<2x8x10x10xf32>) -> (tensor<1x4x8x8xf32>, tensor<1x4x17x17xf32>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf16>, tensor<1x4x8x8xf32>, tensor<1x4x6x6xf32>) {
  %0 = stablehlo.convolution(%x2, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x8x10x10xf32>, tensor<4x8x3x3xf32>) -> tensor<1x4x8x8xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf32>, tensor<4x8x3x3xf32>) -> tensor<1x4x17x17xf32>
  %2 = stablehlo.convolution(%t, %w) dim_numbers = [b, 0, f, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x10x8x10xf32>, tensor<4x8x3x3xf32>) -> tensor<1x4x8x8xf32>
  %3 = stablehlo.convolution(%h, %wh) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf16>, tensor<4x8x3x3xf16>) -> tensor<1x4x8x8xf16>
  %4 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf32>, tensor<4x8x3x3xf32>) -> tensor<1x4x8x8xf32>
  %5 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[-1, -1], [-1, -1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf32>, tensor<4x8x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x4x8x8xf32>, tensor<1x4x17x17xf32>, tensor<1x4x8x8xf32>, tensor<1x4x8x8xf16>, tensor<1x4x8x8xf32>, tensor<1x4x6x6xf32>
}

// -----

// Convolutions go to the library from a 64th of the threshold (65536
// flops by default): generated convolutions are direct loops. This one
// has 294912; a tiny one stays.
// DEFAULT-LABEL: func.func @convolution_threshold
// DEFAULT: library.conv2d
// DEFAULT: stablehlo.convolution
// DEFAULT-NOT: library.conv2d
// CHECK-LABEL: func.func @convolution_threshold
// CHECK-COUNT-2: library.conv2d
func.func @convolution_threshold(%x: tensor<1x8x16x16xf32>, %w: tensor<8x8x3x3xf32>, %y: tensor<1x2x4x4xf32>, %v: tensor<2x2x3x3xf32>) -> (tensor<1x8x16x16xf32>, tensor<1x2x4x4xf32>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x16x16xf32>
  %1 = stablehlo.convolution(%y, %v) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  return %0, %1 : tensor<1x8x16x16xf32>, tensor<1x2x4x4xf32>
}

// -----

// An f32 convolution takes in the bias add along its feature dimension and
// the residual add after it; the ReLU stays a maximum. The library op
// stands where the last absorbed add stood.
// DEFAULT-LABEL: func.func @convolution_epilogue
// CHECK-LABEL: func.func @convolution_epilogue
// CHECK: %[[D:.*]] = library.conv2d %arg0, %arg3 bias %arg4 strides
// CHECK: %[[C:.*]] = library.conv2d %arg0, %arg1 bias %arg2 addend %[[D]] strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : (tensor<2x8x10x10xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>, tensor<2x16x10x10xf32>) -> tensor<2x16x10x10xf32>
// CHECK-NOT: stablehlo.add
// CHECK: stablehlo.maximum %[[C]]
func.func @convolution_epilogue(%x: tensor<2x8x10x10xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>, %dw: tensor<16x8x1x1xf32>, %db: tensor<16xf32>) -> tensor<2x16x10x10xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x10x10xf32>, tensor<16x8x3x3xf32>) -> tensor<2x16x10x10xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<2x16x10x10xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x16x10x10xf32>
  %3 = stablehlo.convolution(%x, %dw) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x10x10xf32>, tensor<16x8x1x1xf32>) -> tensor<2x16x10x10xf32>
  %4 = stablehlo.broadcast_in_dim %db, dims = [1] : (tensor<16xf32>) -> tensor<2x16x10x10xf32>
  %5 = stablehlo.add %4, %3 : tensor<2x16x10x10xf32>
  %6 = stablehlo.add %2, %5 : tensor<2x16x10x10xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x16x10x10xf32>
  %7 = stablehlo.maximum %6, %z : tensor<2x16x10x10xf32>
  return %7 : tensor<2x16x10x10xf32>
}

// -----

// What stays outside: a bias along another dimension, a value with a
// second use, a bf16 convolution's adds, a broadcast as the second addend.
// CHECK-LABEL: func.func @convolution_epilogue_kept
// CHECK: library.conv2d %arg0, %arg1 strides
// CHECK: stablehlo.add
// CHECK: library.conv2d %arg0, %arg1 strides
// CHECK: stablehlo.add
// CHECK: library.conv2d %arg3, %arg4 strides
// CHECK: stablehlo.add
// CHECK: library.conv2d %arg0, %arg1 bias %arg2 strides
// CHECK: stablehlo.add
func.func @convolution_epilogue_kept(%x: tensor<1x8x10x10xf32>, %w: tensor<10x8x1x1xf32>, %b: tensor<10xf32>, %xb: tensor<1x8x10x10xbf16>, %wb: tensor<10x8x1x1xbf16>, %bb: tensor<10xbf16>) -> (tensor<1x10x10x10xf32>, tensor<1x10x10x10xf32>, tensor<1x10x10x10xf32>, tensor<1x10x10x10xbf16>, tensor<1x10x10x10xf32>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf32>, tensor<10x8x1x1xf32>) -> tensor<1x10x10x10xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [2] : (tensor<10xf32>) -> tensor<1x10x10x10xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x10x10x10xf32>
  %3 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf32>, tensor<10x8x1x1xf32>) -> tensor<1x10x10x10xf32>
  %4 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<10xf32>) -> tensor<1x10x10x10xf32>
  %5 = stablehlo.add %3, %4 : tensor<1x10x10x10xf32>
  %6 = stablehlo.convolution(%xb, %wb) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xbf16>, tensor<10x8x1x1xbf16>) -> tensor<1x10x10x10xbf16>
  %7 = stablehlo.broadcast_in_dim %bb, dims = [1] : (tensor<10xbf16>) -> tensor<1x10x10x10xbf16>
  %8 = stablehlo.add %6, %7 : tensor<1x10x10x10xbf16>
  %9 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x10x10xf32>, tensor<10x8x1x1xf32>) -> tensor<1x10x10x10xf32>
  %10 = stablehlo.add %9, %4 : tensor<1x10x10x10xf32>
  %11 = stablehlo.add %10, %4 : tensor<1x10x10x10xf32>
  return %2, %3, %5, %8, %11 : tensor<1x10x10x10xf32>, tensor<1x10x10x10xf32>, tensor<1x10x10x10xf32>, tensor<1x10x10x10xbf16>, tensor<1x10x10x10xf32>
}

// -----

// A matrix transpose of an operand (per batch entry) is read in place by
// the library op, which flips its transpose flag; the transpose goes with
// its last use. A transpose of other dimensions stays.
// CHECK-LABEL: func.func @transposed_operands
// CHECK-NOT: stablehlo.transpose %arg1
// CHECK: library.matmul %arg0, %arg1 transpose_rhs batch_rank = 0 contracting_rank = 1 : (tensor<64x768xf32>, tensor<256x768xf32>) -> tensor<64x256xf32>
// CHECK: library.matmul %arg2, %arg3 transpose_lhs transpose_rhs batch_rank = 1 contracting_rank = 1 : (tensor<4x96x64xf32>, tensor<4x128x96xf32>) -> tensor<4x64x128xf32>
// CHECK: %[[T:.*]] = stablehlo.transpose %arg4, dims = [1, 0, 2]
// CHECK: library.matmul %[[T]], %arg5
func.func @transposed_operands(%x: tensor<64x768xf32>, %w: tensor<256x768xf32>, %a: tensor<4x96x64xf32>, %b: tensor<4x128x96xf32>, %c: tensor<96x4x64xf32>, %d: tensor<4x64x128xf32>) -> (tensor<64x256xf32>, tensor<4x64x128xf32>, tensor<4x96x128xf32>) {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<256x768xf32>) -> tensor<768x256xf32>
  %0 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<64x768xf32>, tensor<768x256xf32>) -> tensor<64x256xf32>
  %at = stablehlo.transpose %a, dims = [0, 2, 1] : (tensor<4x96x64xf32>) -> tensor<4x64x96xf32>
  %bt = stablehlo.transpose %b, dims = [0, 2, 1] : (tensor<4x128x96xf32>) -> tensor<4x96x128xf32>
  %1 = stablehlo.dot_general %at, %bt, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x64x96xf32>, tensor<4x96x128xf32>) -> tensor<4x64x128xf32>
  %ct = stablehlo.transpose %c, dims = [1, 0, 2] : (tensor<96x4x64xf32>) -> tensor<4x96x64xf32>
  %2 = stablehlo.dot_general %ct, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x96x64xf32>, tensor<4x64x128xf32>) -> tensor<4x96x128xf32>
  return %0, %1, %2 : tensor<64x256xf32>, tensor<4x64x128xf32>, tensor<4x96x128xf32>
}

// -----

// A pointwise NHWC convolution (OIHW kernel) takes its ReLU (maximum with
// +0, either operand order) and the transpose to NCHW after it; a ResNet
// bottleneck's tail: bias, the projection shortcut as the addend, ReLU,
// NCHW result.
// CHECK-LABEL: func.func @pointwise_relu_nchw
// (Either convolution of the sum may take the other's result as its addend.)
// CHECK: %[[D:.*]] = library.conv2d %arg0, %arg1 bias %arg2 nhwc kernel_oihw strides
// CHECK: %[[R:.*]] = library.conv2d %arg0, %arg3 bias %arg4 addend %[[D]] relu nhwc kernel_oihw nchw_result strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] : {{.*}} -> tensor<2x16x5x5xf32>
// CHECK-NOT: stablehlo.maximum
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[S:.*]] = library.conv2d %arg0, %arg1 relu nhwc kernel_oihw strides
// CHECK: return %[[R]], %[[S]]
func.func @pointwise_relu_nchw(%x: tensor<2x5x5x8xf32>, %w: tensor<16x8x1x1xf32>, %b: tensor<16xf32>, %dw: tensor<16x8x1x1xf32>, %db: tensor<16xf32>) -> (tensor<2x16x5x5xf32>, tensor<2x5x5x16xf32>) {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x5x5x16xf32>
  %d = stablehlo.convolution(%x, %dw) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x5x8xf32>, tensor<16x8x1x1xf32>) -> tensor<2x5x5x16xf32>
  %dbb = stablehlo.broadcast_in_dim %db, dims = [3] : (tensor<16xf32>) -> tensor<2x5x5x16xf32>
  %d1 = stablehlo.add %d, %dbb : tensor<2x5x5x16xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x5x8xf32>, tensor<16x8x1x1xf32>) -> tensor<2x5x5x16xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<16xf32>) -> tensor<2x5x5x16xf32>
  %c1 = stablehlo.add %c, %bb : tensor<2x5x5x16xf32>
  %sum = stablehlo.add %c1, %d1 : tensor<2x5x5x16xf32>
  %y = stablehlo.maximum %sum, %zeros : tensor<2x5x5x16xf32>
  %t = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<2x5x5x16xf32>) -> tensor<2x16x5x5xf32>
  %e = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x5x8xf32>, tensor<16x8x1x1xf32>) -> tensor<2x5x5x16xf32>
  %splat = stablehlo.constant dense<0.000000e+00> : tensor<2x5x5x16xf32>
  %r = stablehlo.maximum %splat, %e : tensor<2x5x5x16xf32>
  return %t, %r : tensor<2x16x5x5xf32>, tensor<2x5x5x16xf32>
}

// -----

// What stays outside: a maximum with -0 (negative inputs would give -0), a
// ReLU after a 3x3 convolution and after an NCHW one (oneDNN computes
// those, and its ReLU turns NaN into 0), a transpose to another order, and
// a ReLU whose input has another use.
// CHECK-LABEL: func.func @pointwise_relu_kept
// CHECK: library.conv2d %arg0, %arg1 nhwc kernel_oihw strides
// CHECK-NEXT: stablehlo.maximum
// CHECK: library.conv2d %arg0, %arg2 nhwc kernel_oihw strides = [1, 1] padding = [1, 1, 1, 1]
// CHECK-NEXT: stablehlo.maximum
// CHECK: library.conv2d %arg3, %arg1 strides
// CHECK-NEXT: stablehlo.maximum
// CHECK: %[[T:.*]] = library.conv2d %arg0, %arg1 relu nhwc kernel_oihw strides
// CHECK-NEXT: stablehlo.transpose %[[T]], dims = [0, 3, 2, 1]
// CHECK: %[[U:.*]] = library.conv2d %arg0, %arg1 nhwc kernel_oihw strides
// CHECK-NEXT: stablehlo.maximum %[[U]]
func.func @pointwise_relu_kept(%x: tensor<1x5x5x8xf32>, %w: tensor<16x8x1x1xf32>, %w3: tensor<16x8x3x3xf32>, %xn: tensor<1x8x5x5xf32>) -> (tensor<1x5x5x16xf32>, tensor<1x5x5x16xf32>, tensor<1x16x5x5xf32>, tensor<1x16x5x5xf32>, tensor<1x5x5x16xf32>, tensor<1x5x5x16xf32>) {
  %nzero = stablehlo.constant dense<-0.000000e+00> : tensor<1x5x5x16xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<1x5x5x16xf32>
  %zeron = stablehlo.constant dense<0.000000e+00> : tensor<1x16x5x5xf32>
  %a = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x8xf32>, tensor<16x8x1x1xf32>) -> tensor<1x5x5x16xf32>
  %a1 = stablehlo.maximum %a, %nzero : tensor<1x5x5x16xf32>
  %b = stablehlo.convolution(%x, %w3) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x8xf32>, tensor<16x8x3x3xf32>) -> tensor<1x5x5x16xf32>
  %b1 = stablehlo.maximum %b, %zero : tensor<1x5x5x16xf32>
  %c = stablehlo.convolution(%xn, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x5x5xf32>, tensor<16x8x1x1xf32>) -> tensor<1x16x5x5xf32>
  %c1 = stablehlo.maximum %c, %zeron : tensor<1x16x5x5xf32>
  %d = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x8xf32>, tensor<16x8x1x1xf32>) -> tensor<1x5x5x16xf32>
  %d1 = stablehlo.maximum %d, %zero : tensor<1x5x5x16xf32>
  %d2 = stablehlo.transpose %d1, dims = [0, 3, 2, 1] : (tensor<1x5x5x16xf32>) -> tensor<1x16x5x5xf32>
  %e = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x8xf32>, tensor<16x8x1x1xf32>) -> tensor<1x5x5x16xf32>
  %e1 = stablehlo.maximum %e, %zero : tensor<1x5x5x16xf32>
  return %a1, %b1, %c1, %d2, %e1, %e : tensor<1x5x5x16xf32>, tensor<1x5x5x16xf32>, tensor<1x16x5x5xf32>, tensor<1x16x5x5xf32>, tensor<1x5x5x16xf32>, tensor<1x5x5x16xf32>
}

// -----

// An NHWC convolution (a ResNet stem after the channels-last rewrite) takes
// the max pool after its bias (maximum from -inf over height and width,
// either argument order in the body) and the ReLU after the pool.
// CHECK-LABEL: func.func @stem_max_pool
// CHECK: %[[P:.*]] = library.conv2d %arg0, %arg1 bias %arg2 relu nhwc kernel_oihw strides = [2, 2] padding = [3, 3, 3, 3] dilations = [1, 1] max_pool window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] : (tensor<2x32x32x3xf32>, tensor<8x3x7x7xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
// CHECK-NOT: reduce_window
// CHECK-NOT: stablehlo.maximum
// CHECK: return %[[P]]
func.func @stem_max_pool(%x: tensor<2x32x32x3xf32>, %w: tensor<8x3x7x7xf32>, %b: tensor<8xf32>) -> tensor<2x8x8x8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<2x8x8x8xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[3, 3], [3, 3]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x32x32x3xf32>, tensor<8x3x7x7xf32>) -> tensor<2x16x16x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<8xf32>) -> tensor<2x16x16x8xf32>
  %c1 = stablehlo.add %c, %bb : tensor<2x16x16x8xf32>
  %p = "stablehlo.reduce_window"(%c1, %ninf) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = stablehlo.maximum %e, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x16x8xf32>, tensor<f32>) -> tensor<2x8x8x8xf32>
  %r = stablehlo.maximum %p, %zero : tensor<2x8x8x8xf32>
  return %r : tensor<2x8x8x8xf32>
}

// -----

// Pools that stay: a minimum, an init other than -inf, a window over the
// channels, a pool of an NCHW convolution, one after an addend.
// CHECK-LABEL: func.func @pools_kept
// CHECK-COUNT-5: reduce_window
// CHECK-NOT: max_pool
func.func @pools_kept(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x1x1xf32>, %xn: tensor<1x3x8x8xf32>, %r: tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x2xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<4x3x1x1xf32>) -> tensor<1x8x8x4xf32>
  %p0 = "stablehlo.reduce_window"(%c, %ninf) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = stablehlo.minimum %a, %e : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  %c2 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<4x3x1x1xf32>) -> tensor<1x8x8x4xf32>
  %p1 = "stablehlo.reduce_window"(%c2, %zero) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = stablehlo.maximum %a, %e : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  %c3 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<4x3x1x1xf32>) -> tensor<1x8x8x4xf32>
  %p2 = "stablehlo.reduce_window"(%c3, %ninf) <{window_dimensions = array<i64: 1, 2, 2, 2>, window_strides = array<i64: 1, 2, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = stablehlo.maximum %a, %e : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x4x4x2xf32>
  %c4 = stablehlo.convolution(%xn, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x8x8xf32>
  %p3 = "stablehlo.reduce_window"(%c4, %ninf) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = stablehlo.maximum %a, %e : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  %c5 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<4x3x1x1xf32>) -> tensor<1x8x8x4xf32>
  %c6 = stablehlo.add %c5, %r : tensor<1x8x8x4xf32>
  %p4 = "stablehlo.reduce_window"(%c6, %ninf) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = stablehlo.maximum %a, %e : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x4x4x4xf32>
  return %p0, %p1, %p2, %p3, %p4 : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x2xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>
}
