// hlox-run --device=cuda: a product's bias, residual and ReLU are
// cuBLASLt's epilogue, and bf16 products are cuBLASLt's too (summed in
// f32, rounded once). The stand-in computes them as cuBLASLt defines them,
// so these kernel-free programs agree with the evaluator without a GPU;
// its log shows the epilogue (CUBLASLT_EPILOGUE_RELU_BIAS is 6, _BIAS 4,
// _GELU_BIAS 36)
// and beta 1 where C is the residual.
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=bf16 --random-inputs --compare-with-interpreter | FileCheck %s --check-prefix=BF16
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=gelu --random-inputs --compare-with-interpreter | FileCheck %s --check-prefix=GELU
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=f16 --random-inputs --compare-with-interpreter | FileCheck %s --check-prefix=F16
// RUN: FileCheck %s --input-file=%t.log --check-prefix=LOG
// The profile names the epilogue.
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver hlox-run --device=cuda %s --random-inputs --profile 2>&1 | FileCheck %s --check-prefix=PROFILE

// CHECK: result[0] tensor<256x512xf32>: 0 of 131072 elements differ
// BF16: result[0] tensor<128x256xbf16>: 0 of 32768 elements differ
// BF16: result[1] tensor<128x256xf32>: 0 of 32768 elements differ
// GELU: result[0] tensor<128x256xf32>: 0 of 32768 elements differ
// F16: result[0] tensor<128x256xf16>: 0 of 32768 elements differ

// LOG: cublasLtMatmul 512 x 256 x 128 batch 1 opA T opB N f32 to f32 epilogue 6 beta 1
// LOG-NEXT: cublasLtMatmul 256 x 128 x 64 batch 1 opA N opB N bf16 to bf16 epilogue 4 beta 0
// LOG-NEXT: cublasLtMatmul 256 x 128 x 64 batch 1 opA N opB N bf16 to f32 epilogue 1 beta 0
// LOG-NEXT: cublasLtMatmul 256 x 128 x 64 batch 1 opA N opB N f32 to f32 epilogue 36 beta 0
// LOG-NEXT: cublasLtMatmul 256 x 128 x 64 batch 1 opA N opB N f16 to f16 epilogue 2 beta 1
// LOG-NOT: cublasLtMatmul

// PROFILE: matmul 1x256x512x128 rhsT +bias +addend relu (cuBLASLt)

// A linear layer with a residual and ReLU: relu(x @ W.T + b + r).
func.func @main(%x: tensor<256x128xf32>, %w: tensor<512x128xf32>, %b: tensor<512xf32>, %r: tensor<256x512xf32>) -> tensor<256x512xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<256x128xf32>, tensor<512x128xf32>) -> tensor<256x512xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<512xf32>) -> tensor<256x512xf32>
  %2 = stablehlo.add %0, %1 : tensor<256x512xf32>
  %3 = stablehlo.add %2, %r : tensor<256x512xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<256x512xf32>
  %4 = stablehlo.maximum %3, %zero : tensor<256x512xf32>
  return %4 : tensor<256x512xf32>
}

// bf16 operands: a bf16 result with a bias, and an f32 result.
func.func @bf16(%x: tensor<128x64xbf16>, %w: tensor<64x256xbf16>, %b: tensor<256xbf16>) -> (tensor<128x256xbf16>, tensor<128x256xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xbf16>, tensor<64x256xbf16>) -> tensor<128x256xbf16>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xbf16>) -> tensor<128x256xbf16>
  %2 = stablehlo.add %0, %1 : tensor<128x256xbf16>
  %3 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xbf16>, tensor<64x256xbf16>) -> tensor<128x256xf32>
  return %2, %3 : tensor<128x256xbf16>, tensor<128x256xf32>
}

// A transformer's first layer with GELU's tanh form, as JAX writes it.
func.func @gelu(%x: tensor<128x64xf32>, %w: tensor<64x256xf32>, %b: tensor<256xf32>) -> tensor<128x256xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x256xf32>) -> tensor<128x256xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<128x256xf32>
  %v = stablehlo.add %0, %1 : tensor<128x256xf32>
  %sq = stablehlo.multiply %v, %v : tensor<128x256xf32>
  %cube = stablehlo.multiply %v, %sq : tensor<128x256xf32>
  %k = stablehlo.constant dense<4.471500e-02> : tensor<128x256xf32>
  %kc = stablehlo.multiply %k, %cube : tensor<128x256xf32>
  %inner = stablehlo.add %v, %kc : tensor<128x256xf32>
  %s = stablehlo.constant dense<0.797884583> : tensor<128x256xf32>
  %arg = stablehlo.multiply %s, %inner : tensor<128x256xf32>
  %t = stablehlo.tanh %arg : tensor<128x256xf32>
  %one = stablehlo.constant dense<1.0> : tensor<128x256xf32>
  %onet = stablehlo.add %one, %t : tensor<128x256xf32>
  %half = stablehlo.constant dense<0.5> : tensor<128x256xf32>
  %cdf = stablehlo.multiply %half, %onet : tensor<128x256xf32>
  %y = stablehlo.multiply %v, %cdf : tensor<128x256xf32>
  return %y : tensor<128x256xf32>
}

// f16 operands and result with a residual and ReLU.
func.func @f16(%x: tensor<128x64xf16>, %w: tensor<64x256xf16>, %r: tensor<128x256xf16>) -> tensor<128x256xf16> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xf16>, tensor<64x256xf16>) -> tensor<128x256xf16>
  %1 = stablehlo.add %r, %0 : tensor<128x256xf16>
  %zero = stablehlo.constant dense<0.0> : tensor<128x256xf16>
  %2 = stablehlo.maximum %1, %zero : tensor<128x256xf16>
  return %2 : tensor<128x256xf16>
}
