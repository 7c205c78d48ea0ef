// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --repeat=2 --profile 2>&1 >/dev/null | FileCheck %s
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=1 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC

// A ResNet bottleneck's pointwise convolutions in NCHW, as PyTorch exports
// them: 1x1 with bias and ReLU, then the 1x1 to 70 channels (a block of 64
// and 6 more) whose result adds the projection shortcut's, then ReLU.
// After the channels-last rewrite each is hlox's pointwise kernel: the
// first with its ReLU on the tile, the second with the shortcut's sum on
// the same tile and the transpose back to NCHW there too; no dispatch is
// left between them: three commands with the input's transpose.
// CHECK: profile: {{.*}}, 3 commands
// CHECK-DAG: convolution 3x8x7x9 to 16 by 1x1/1 NHWC/OIHW f32 +bias +relu (hlox) ({{.*}}conv_pointwise_epilogue.mlir:[[@LINE+13]]:9)
// CHECK-DAG: convolution 3x16x7x9 to 70 by 1x1/1 NHWC/OIHW f32 +bias +relu to NCHW +shortcut (3x8x7x9 to 70 by 1x1/1 NHWC/OIHW f32 +bias) (hlox) ({{.*}}conv_pointwise_epilogue.mlir:[[@LINE+16]]:9)

// EXEC: result[0] tensor<3x70x7x9xf32>: 0 of 13230 elements differ

func.func @main(%x: tensor<3x8x7x9xf32>,
                %w1: tensor<16x8x1x1xf32>, %b1: tensor<16xf32>,
                %w2: tensor<70x16x1x1xf32>, %b2: tensor<70xf32>,
                %wd: tensor<70x8x1x1xf32>, %bd: tensor<70xf32>)
    -> tensor<3x70x7x9xf32> {
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %z16 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<3x16x7x9xf32>
  %z70 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<3x70x7x9xf32>
  %a0 = stablehlo.convolution(%x, %w1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x8x7x9xf32>, tensor<16x8x1x1xf32>) -> tensor<3x16x7x9xf32>
  %ab = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<3x16x7x9xf32>
  %a1 = stablehlo.add %a0, %ab : tensor<3x16x7x9xf32>
  %a2 = stablehlo.maximum %a1, %z16 : tensor<3x16x7x9xf32>
  %c0 = stablehlo.convolution(%a2, %w2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x16x7x9xf32>, tensor<70x16x1x1xf32>) -> tensor<3x70x7x9xf32>
  %cb = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<70xf32>) -> tensor<3x70x7x9xf32>
  %c1 = stablehlo.add %c0, %cb : tensor<3x70x7x9xf32>
  %d0 = stablehlo.convolution(%x, %wd) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x8x7x9xf32>, tensor<70x8x1x1xf32>) -> tensor<3x70x7x9xf32>
  %db = stablehlo.broadcast_in_dim %bd, dims = [1] : (tensor<70xf32>) -> tensor<3x70x7x9xf32>
  %d1 = stablehlo.add %d0, %db : tensor<3x70x7x9xf32>
  %sum = stablehlo.add %c1, %d1 : tensor<3x70x7x9xf32>
  %y = stablehlo.maximum %sum, %z70 : tensor<3x70x7x9xf32>
  return %y : tensor<3x70x7x9xf32>
}
