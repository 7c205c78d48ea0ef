// The PTX of programs with reductions, products, control flow, scalar
// work, float remainders, complex reductions and scatters passes ptxas (the CUDA toolkit's assembler), which hlox-compile runs
// on each kernel. The 512^3 product is a generated kernel here
// (--library-calls=false); by default it runs on cuBLASLt.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: hlox-compile %hlox_src_root/benchmarks/softmax_f32.mlir --target=cuda -o %t/softmax
// RUN: hlox-compile %hlox_src_root/benchmarks/gemm_f32_512.mlir --target=cuda --library-calls=false -o %t/gemm
// RUN: hlox-compile %hlox_src_root/examples/mlp.mlir --target=cuda --cuda-arch=sm_80 -o %t/mlp
// RUN: hlox-compile %s --target=cuda -o %t/this
// RUN: hlox-compile %s --function=complex_slice --target=cuda -o %t/slice
// RUN: hlox-compile %s --function=remainders --target=cuda -o %t/remainders
// RUN: hlox-compile %s --function=complex_max --target=cuda -o %t/complex_max
// RUN: hlox-compile %s --function=scatter_first --target=cuda -o %t/scatter_first
// RUN: ls %t/softmax %t/gemm %t/mlp %t/slice %t/this %t/remainders %t/complex_max %t/scatter_first | FileCheck %s

// CHECK: complex_max:
// CHECK: complex_max_dispatch_0_kernel.ptx
// CHECK: gemm:
// CHECK: main_dispatch_0_kernel.ptx
// CHECK: mlp:
// CHECK: main_dispatch_0_kernel.ptx
// CHECK: remainders:
// CHECK: remainders_dispatch_0_kernel.ptx
// CHECK: scatter_first:
// CHECK: scatter_first_dispatch_0_kernel.ptx
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

// Float remainders (libdevice's fmod; bf16 in f32) and next_after on the
// bits.
func.func @remainders(%x: tensor<16xf32>, %y: tensor<16xf32>, %a: tensor<16xbf16>, %b: tensor<16xbf16>, %d: tensor<16xf64>) -> (tensor<16xf32>, tensor<16xbf16>, tensor<16xf64>, tensor<16xf32>) {
  %r = stablehlo.remainder %x, %y : tensor<16xf32>
  %s = stablehlo.remainder %a, %b : tensor<16xbf16>
  %t = stablehlo.remainder %d, %d : tensor<16xf64>
  %n = chlo.next_after %x, %y : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
  return %r, %s, %t, %n : tensor<16xf32>, tensor<16xbf16>, tensor<16xf64>, tensor<16xf32>
}

// A complex maximum: its initial value, a complex constant, moves into
// the kernel.
func.func @complex_max(%x: tensor<2x3xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %init = stablehlo.constant dense<(0xFF800000, 0.0)> : tensor<complex<f32>>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  return %r : tensor<2xcomplex<f32>>
}

// A scatter of one update into its operand: the one-thread kernel loads
// the operand's element itself before it writes.
func.func @scatter_first(%x: tensor<1x125xi16>, %u: tensor<1xi16>) -> tensor<1x125xi16> {
  %i = stablehlo.constant dense<0> : tensor<1xi64>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 0>, unique_indices = true}> ({
  ^bb0(%p: tensor<i16>, %q: tensor<i16>):
    %m = stablehlo.maximum %p, %q : tensor<i16>
    stablehlo.return %m : tensor<i16>
  }) : (tensor<1x125xi16>, tensor<1xi64>, tensor<1xi16>) -> tensor<1x125xi16>
  return %r : tensor<1x125xi16>
}
