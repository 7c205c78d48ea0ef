// hlox-run --device=cuda: NCHW convolutions with equal low and high padding
// are Convolution commands that the device runs on cuDNN, their bias and
// residual addend as cuDNN tensor additions. The stand-in driver stands in
// for cuDNN too and computes its convolutions as cuDNN defines them, so
// these kernel-free programs agree with the evaluator without a GPU; its
// log shows what cuDNN was asked. A convolution with unequal padding reads
// its input padded by a kernel for the difference, and an NHWC one its
// kernel transposed to OHWI by a kernel (the stand-in runs no kernel: their
// values are not compared here).
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUDNN=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=block --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUDNN=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=depthwise --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUDNN=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=bf16 --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: FileCheck %s --input-file=%t.log --check-prefix=LOG
// RUN: rm -f %t.same.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUDNN=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.same.log hlox-run --device=cuda %s --function=same_upper --random-inputs
// RUN: FileCheck %s --input-file=%t.same.log --check-prefix=SAME
// RUN: rm -f %t.nhwc.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUDNN=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.nhwc.log hlox-run --device=cuda %s --function=nhwc --random-inputs
// RUN: FileCheck %s --input-file=%t.nhwc.log --check-prefix=NHWC
// Without cuDNN, the convolution's command fails at its location.
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUDNN=%t.none/libcudnn.so.9 %expect-exit 2 hlox-run --device=cuda %s --function=depthwise --random-inputs 2>&1 | FileCheck %s --check-prefix=NODNN

// CHECK: result[0] tensor<{{.*}}>: 0 of {{[0-9]+}} elements differ

// The block: the residual first (beta 1: the convolution adds to it),
// then the bias; the depthwise one in 32 groups; the bf16 one.
// LOG: cudnnConvolutionForward 2x16x14x14 by 32x16x3x3 pad 1,1 stride 1,1 dilation 1,1 groups 1 f32 beta 1
// LOG-NEXT: cudnnAddTensor 1x32x1x1 to 2x32x14x14
// LOG-NEXT: cudnnConvolutionForward 1x32x28x28 by 32x1x3x3 pad 1,1 stride 2,2 dilation 1,1 groups 32 f32 beta 0
// LOG-NEXT: cudnnConvolutionForward 1x16x28x28 by 32x16x3x3 pad 1,1 stride 1,1 dilation 1,1 groups 1 bf16 beta 0
// LOG-NOT: cudnn

// SAME: launch
// SAME: cudnnConvolutionForward 1x16x29x29 by 32x16x3x3 pad 0,0 stride 2,2 dilation 1,1 groups 1 f32 beta 0{{$}}

// The kernel's transpose, then cuDNN in NHWC, the bias added after.
// NHWC: launch
// NHWC-NEXT: cudnnConvolutionForward 2x16x14x14 by 32x16x3x3 pad 1,1 stride 1,1 dilation 1,1 groups 1 f32 beta 0 NHWC
// NHWC-NEXT: cudnnAddTensor 1x32x1x1 to 2x32x14x14

// NODNN: cuda_convolution.mlir:{{[0-9]+}}:{{[0-9]+}}{{.*}}cuda:0: cannot load cuDNN, which runs the convolutions of GPU programs (set HLOX_CUDNN to its path); {{.*}}.none/libcudnn.so.9

func.func @block(%x: tensor<2x16x14x14xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>, %r: tensor<2x32x14x14xf32>) -> tensor<2x32x14x14xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x14x14xf32>, tensor<32x16x3x3xf32>) -> tensor<2x32x14x14xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<2x32x14x14xf32>
  %y = stablehlo.add %c, %bb : tensor<2x32x14x14xf32>
  %z = stablehlo.add %y, %r : tensor<2x32x14x14xf32>
  return %z : tensor<2x32x14x14xf32>
}

func.func @depthwise(%x: tensor<1x32x28x28xf32>, %w: tensor<32x1x3x3xf32>) -> tensor<1x32x14x14xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 32 : i64} : (tensor<1x32x28x28xf32>, tensor<32x1x3x3xf32>) -> tensor<1x32x14x14xf32>
  return %c : tensor<1x32x14x14xf32>
}

func.func @bf16(%x: tensor<1x16x28x28xbf16>, %w: tensor<32x16x3x3xbf16>) -> tensor<1x32x28x28xbf16> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x28x28xbf16>, tensor<32x16x3x3xbf16>) -> tensor<1x32x28x28xbf16>
  return %c : tensor<1x32x28x28xbf16>
}

// SAME padding of a stride-2 convolution in JAX: (0, 1).
func.func @same_upper(%x: tensor<1x16x28x28xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<1x32x14x14xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[0, 1], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x28x28xf32>, tensor<32x16x3x3xf32>) -> tensor<1x32x14x14xf32>
  return %c : tensor<1x32x14x14xf32>
}

// JAX's layout: NHWC activations, an HWIO kernel, a bias.
func.func @nhwc(%x: tensor<2x14x14x16xf32>, %w: tensor<3x3x16x32xf32>, %b: tensor<32xf32>) -> tensor<2x14x14x32xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x14x14x16xf32>, tensor<3x3x16x32xf32>) -> tensor<2x14x14x32xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<32xf32>) -> tensor<2x14x14x32xf32>
  %y = stablehlo.add %c, %bb : tensor<2x14x14x32xf32>
  return %y : tensor<2x14x14x32xf32>
}
