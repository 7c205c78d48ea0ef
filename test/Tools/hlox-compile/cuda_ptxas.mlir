// The PTX of programs with reductions, products, control flow and scalar
// work passes ptxas (the CUDA toolkit's assembler), which hlox-compile runs
// on each kernel. The 512^3 product is a generated kernel here
// (--library-calls=false); by default it runs on cuBLASLt.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: hlox-compile %hlox_src_root/benchmarks/softmax_f32.mlir --target=cuda -o %t/softmax
// RUN: hlox-compile %hlox_src_root/benchmarks/gemm_f32_512.mlir --target=cuda --library-calls=false -o %t/gemm
// RUN: hlox-compile %hlox_src_root/examples/mlp.mlir --target=cuda --cuda-arch=sm_80 -o %t/mlp
// RUN: hlox-compile %s --target=cuda -o %t/this
// RUN: hlox-compile %s --function=complex_slice --target=cuda -o %t/slice
// RUN: ls %t/softmax %t/gemm %t/mlp %t/slice %t/this | FileCheck %s

// CHECK: gemm:
// CHECK: main_dispatch_0_kernel.ptx
// CHECK: mlp:
// CHECK: main_dispatch_0_kernel.ptx
// CHECK: slice:
// CHECK: complex_slice_dispatch_0_kernel.ptx
// CHECK: softmax:
// CHECK: main_dispatch_0_kernel.ptx
// CHECK: this:
// CHECK: main_dispatch_0_kernel.ptx

// An if on a computed predicate, a sum, a scalar result.
func.func @main(%x: tensor<64xf32>, %y: tensor<64xf32>) -> (tensor<64xf32>, tensor<f32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<64xf32>, tensor<f32>) -> tensor<f32>
  %p = stablehlo.compare GT, %s, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %m = stablehlo.multiply %x, %y : tensor<64xf32>
    stablehlo.return %m : tensor<64xf32>
  }, {
    stablehlo.return %y : tensor<64xf32>
  }) : (tensor<i1>) -> tensor<64xf32>
  return %r, %s : tensor<64xf32>, tensor<f32>
}

// Complex arithmetic in a kernel, and a slice at a computed offset (the
// kernel indexes the whole buffer).
func.func @complex_slice(%x: tensor<8xcomplex<f32>>, %i: tensor<i64>) -> tensor<4xcomplex<f32>> {
  %s = stablehlo.dynamic_slice %x, %i, sizes = [4] : (tensor<8xcomplex<f32>>, tensor<i64>) -> tensor<4xcomplex<f32>>
  %e = stablehlo.exponential %s : tensor<4xcomplex<f32>>
  %m = stablehlo.multiply %e, %s : tensor<4xcomplex<f32>>
  return %m : tensor<4xcomplex<f32>>
}
