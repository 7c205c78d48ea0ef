// hlox-run --device=cuda: large f32 matrix products are Matmul commands
// that the device runs on cuBLASLt. The stand-in driver stands in for
// cuBLASLt too and computes the products as cuBLASLt defines them (column
// major, operations on A and B, strided batches), so these kernel-free
// programs agree with the evaluator without a GPU; its log shows how each
// row-major product was handed to the column-major library.
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=batched --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --function=transposed_lhs --random-inputs --compare-with-interpreter | FileCheck %s
// RUN: FileCheck %s --input-file=%t.log --check-prefix=LOG
// Without cuBLASLt, the product's command fails at its location.
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_CUBLASLT=%t.none/libcublasLt.so.13 %expect-exit 2 hlox-run --device=cuda %s --random-inputs 2>&1 | FileCheck %s --check-prefix=NOBLAS
// --library-calls=false keeps the product a generated kernel.
// RUN: rm -f %t.kernel.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.kernel.log hlox-run --device=cuda --library-calls=false %s --random-inputs
// RUN: FileCheck %s --input-file=%t.kernel.log --check-prefix=KERNEL

// CHECK: result[0] tensor<{{.*}}>: 0 of {{[0-9]+}} elements differ

// x @ W.T: the rhs is cuBLASLt's A, transposed; the lhs its B.
// LOG: cublasLtMatmul 256 x 64 x 128 batch 1 opA T opB N
// LOG-NEXT: cublasLtMatmul 128 x 64 x 64 batch 4 opA N opB N
// LOG-NEXT: cublasLtMatmul 128 x 64 x 256 batch 1 opA N opB T
// LOG-NOT: cublasLtMatmul

// NOBLAS: cuda_matmul.mlir:{{[0-9]+}}:{{[0-9]+}}{{.*}}cuda:0: cannot load cuBLASLt, which runs the matrix products of GPU programs (set HLOX_CUBLASLT to its path); {{.*}}.none/libcublasLt.so.13

// KERNEL: launch main_dispatch_0_kernel
// KERNEL-NOT: cublasLtMatmul

func.func @main(%x: tensor<64x128xf32>, %w: tensor<256x128xf32>) -> tensor<64x256xf32> {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<64x128xf32>, tensor<256x128xf32>) -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

func.func @batched(%q: tensor<4x64x64xf32>, %k: tensor<4x64x128xf32>) -> tensor<4x64x128xf32> {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x64x64xf32>, tensor<4x64x128xf32>) -> tensor<4x64x128xf32>
  return %s : tensor<4x64x128xf32>
}

func.func @transposed_lhs(%a: tensor<256x64xf32>, %b: tensor<256x128xf32>) -> tensor<64x128xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<256x64xf32>, tensor<256x128xf32>) -> tensor<64x128xf32>
  return %c : tensor<64x128xf32>
}
