// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --repeat=2 --profile 2>&1 >/dev/null | FileCheck %s
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=1 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC

// Two residual blocks of three images (two threads take two images and
// one). The first block's shortcut (a 3x3/2 convolution with its bias)
// feeds only the add after the 1x1 convolution: one command runs both,
// image by image (the negation after the add keeps the 1x1's result NHWC:
// a transpose to NCHW right after it would make it hlox's pointwise kernel,
// which sums pointwise shortcuts only). The second block's shortcut result
// is also returned, so it keeps its own command and the 1x1 adds it as an
// addend, with the transpose to NCHW on the tile.
// CHECK-DAG: convolution 3x8x6x6 to 16 by 1x1/1 NHWC/OIHW f32 +bias +shortcut (3x4x11x11 to 16 by 3x3/2 NHWC/OIHW f32 +bias) (oneDNN) ({{.*}}conv_shortcut.mlir:[[@LINE+16]]:8)
// CHECK-DAG: convolution 3x8x6x6 to 16 by 1x1/1 NHWC/OIHW f32 +bias +addend to NCHW (hlox) ({{.*}}conv_shortcut.mlir:[[@LINE+22]]:8)
// CHECK-DAG: convolution 3x4x11x11 to 16 by 3x3/2 NHWC/OIHW f32 +bias (oneDNN) ({{.*}}conv_shortcut.mlir:[[@LINE+23]]:8)

// Every result agrees with the evaluator.
// EXEC: result[0] tensor<3x16x6x6xf32>: 0 of 1728 elements differ
// EXEC: result[1] tensor<3x16x6x6xf32>: 0 of 1728 elements differ
// EXEC: result[2] tensor<3x16x6x6xf32>: 0 of 1728 elements differ

func.func @main(%x: tensor<3x8x6x6xf32>, %s: tensor<3x4x11x11xf32>,
                %x2: tensor<3x8x6x6xf32>, %s2: tensor<3x4x11x11xf32>,
                %w: tensor<16x8x1x1xf32>, %b: tensor<16xf32>,
                %sw: tensor<16x4x3x3xf32>, %sb: tensor<16xf32>)
    -> (tensor<3x16x6x6xf32>, tensor<3x16x6x6xf32>, tensor<3x16x6x6xf32>) {
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<3x16x6x6xf32>
  %sbb = stablehlo.broadcast_in_dim %sb, dims = [1] : (tensor<16xf32>) -> tensor<3x16x6x6xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x8x6x6xf32>, tensor<16x8x1x1xf32>) -> tensor<3x16x6x6xf32>
  %c1 = stablehlo.add %c, %bb : tensor<3x16x6x6xf32>
  %d = stablehlo.convolution(%s, %sw) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x4x11x11xf32>, tensor<16x4x3x3xf32>) -> tensor<3x16x6x6xf32>
  %d1 = stablehlo.add %d, %sbb : tensor<3x16x6x6xf32>
  %r0 = stablehlo.add %c1, %d1 : tensor<3x16x6x6xf32>
  %r = stablehlo.negate %r0 : tensor<3x16x6x6xf32>

  %e = stablehlo.convolution(%x2, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x8x6x6xf32>, tensor<16x8x1x1xf32>) -> tensor<3x16x6x6xf32>
  %e1 = stablehlo.add %e, %bb : tensor<3x16x6x6xf32>
  %f = stablehlo.convolution(%s2, %sw) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x4x11x11xf32>, tensor<16x4x3x3xf32>) -> tensor<3x16x6x6xf32>
  %f1 = stablehlo.add %f, %sbb : tensor<3x16x6x6xf32>
  %r2 = stablehlo.add %e1, %f1 : tensor<3x16x6x6xf32>
  return %r, %r2, %f1 : tensor<3x16x6x6xf32>, tensor<3x16x6x6xf32>, tensor<3x16x6x6xf32>
}
