// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --repeat=2 --profile 2>&1 >/dev/null | FileCheck %s
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=2 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC
// RUN: hlox-run %s --random-inputs --library-min-flops=0 --num-threads=1 --compare-with-interpreter | FileCheck %s --check-prefix=EXEC

// A ResNet stem as PyTorch exports it (NCHW): a 7x7/2 convolution with
// bias, ReLU, then a 3x3/2 max pool padded by -inf. After the channels-last
// rewrite the pool (and the ReLU, moved after it) is the convolution's
// epilogue: one command, each image pooled in bands while the
// convolution's rows are in cache; three images go round two threads, and
// the single image of the second program splits by rows.
// CHECK-DAG: convolution 3x3x30x30 to 20 by 7x7/2 NHWC/OIHW f32 +bias +relu +maxpool 3x3/2 (oneDNN) ({{.*}}conv_max_pool.mlir:26:9)
// CHECK-DAG: convolution 1x3x30x30 to 20 by 7x7/2 NHWC/OIHW f32 +bias +relu +maxpool 3x3/2 (oneDNN) ({{.*}}conv_max_pool.mlir:41:9)

// EXEC: result[0] tensor<3x20x8x8xf32>: 0 of 3840 elements differ
// EXEC: result[1] tensor<1x20x8x8xf32>: 0 of 1280 elements differ

func.func @main(%x: tensor<3x3x30x30xf32>, %x1: tensor<1x3x30x30xf32>,
                %w: tensor<20x3x7x7xf32>, %b: tensor<20xf32>)
    -> (tensor<3x20x8x8xf32>, tensor<1x20x8x8xf32>) {
  %y = call @stem(%x, %w, %b) : (tensor<3x3x30x30xf32>, tensor<20x3x7x7xf32>, tensor<20xf32>) -> tensor<3x20x8x8xf32>
  %y1 = call @stem1(%x1, %w, %b) : (tensor<1x3x30x30xf32>, tensor<20x3x7x7xf32>, tensor<20xf32>) -> tensor<1x20x8x8xf32>
  return %y, %y1 : tensor<3x20x8x8xf32>, tensor<1x20x8x8xf32>
}

func.func private @stem(%x: tensor<3x3x30x30xf32>, %w: tensor<20x3x7x7xf32>, %b: tensor<20xf32>) -> tensor<3x20x8x8xf32> {
  %s0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x3x30x30xf32>, tensor<20x3x7x7xf32>) -> tensor<3x20x15x15xf32>
  %sb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<20xf32>) -> tensor<3x20x15x15xf32>
  %s1 = stablehlo.add %s0, %sb : tensor<3x20x15x15xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<3x20x15x15xf32>
  %s2 = stablehlo.maximum %s1, %zero : tensor<3x20x15x15xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%s2, %ninf) <{padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %m = stablehlo.maximum %a, %c : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<3x20x15x15xf32>, tensor<f32>) -> tensor<3x20x8x8xf32>
  return %pool : tensor<3x20x8x8xf32>
}

func.func private @stem1(%x: tensor<1x3x30x30xf32>, %w: tensor<20x3x7x7xf32>, %b: tensor<20xf32>) -> tensor<1x20x8x8xf32> {
  %s0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x30x30xf32>, tensor<20x3x7x7xf32>) -> tensor<1x20x15x15xf32>
  %sb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<20xf32>) -> tensor<1x20x15x15xf32>
  %s1 = stablehlo.add %s0, %sb : tensor<1x20x15x15xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<1x20x15x15xf32>
  %s2 = stablehlo.maximum %s1, %zero : tensor<1x20x15x15xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%s2, %ninf) <{padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %m = stablehlo.maximum %a, %c : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x20x15x15xf32>, tensor<f32>) -> tensor<1x20x8x8xf32>
  return %pool : tensor<1x20x8x8xf32>
}
