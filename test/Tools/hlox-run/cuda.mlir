// hlox-run --device=cuda: without a driver, a clear error; on the stand-in
// driver (which runs no kernel), the program's launches as the runtime
// makes them, and a kernel-free program's results exactly, through the
// device's memory.
// RUN: env HLOX_CUDA_DRIVER=%t.none/libcuda.so.1 %expect-exit 2 hlox-run --device=cuda %s --random-inputs 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 2 hlox-run --device=tpu %s --random-inputs 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --random-inputs
// RUN: FileCheck %s --input-file=%t.log --check-prefix=LAUNCH
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver hlox-run --device=cuda %s --function=reshape --input=2x3xf32=1,2,3,4,5,6 --print-output | FileCheck %s --check-prefix=COPY
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver hlox-run --device=cuda %s --function=host_commands --plugin=%custom_call_example --input=2x3xf32=1,2,3,4,5,6 --input=f32=0 --input=f32=1 --print-output > %t.gpu
// RUN: hlox-run %s --function=host_commands --plugin=%custom_call_example --input=2x3xf32=1,2,3,4,5,6 --input=f32=0 --input=f32=1 --print-output > %t.cpu
// RUN: FileCheck %s --input-file=%t.gpu --check-prefix=HOST
// RUN: diff %t.cpu %t.gpu

// NONE: error: no CUDA device: cannot load the CUDA driver {{.*}}.none/libcuda.so.1
// UNKNOWN: error: unknown platform 'tpu' (cpu, cuda)

// The softmax's kernels, in order (a fill, then the row maximum with a
// block of 64 threads per row, then the exponentials, 256 consecutive
// elements per block; a fill, the sums, the quotients), with their grids
// and blocks, each pointer parameter in
// device memory (the driver checks it); constants are the kernels' own
// (gpu-launch-sink-index-computations), not parameters.
// LAUNCH: launch main_dispatch_0_kernel grid 1,1,1 block 32,1,1 params 1
// LAUNCH-NEXT: launch main_dispatch_0_kernel grid 32,1,1 block 64,1,1 params 2
// LAUNCH-NEXT: launch main_dispatch_0_kernel grid 8,1,1 block 256,1,1 params 3
// LAUNCH-NEXT: launch main_dispatch_0_kernel grid 1,1,1 block 32,1,1 params 1
// LAUNCH-NEXT: launch main_dispatch_0_kernel grid 32,1,1 block 64,1,1 params 2
// LAUNCH-NEXT: launch main_dispatch_0_kernel grid 8,1,1 block 256,1,1 params 2
// LAUNCH-NOT: launch

// COPY: result[0]: dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>

func.func @main(%x: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %mb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<32xf32>) -> tensor<32x64xf32>
  %d = stablehlo.subtract %x, %mb : tensor<32x64xf32>
  %e = stablehlo.exponential %d : tensor<32x64xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<32x64xf32>, tensor<f32>) -> tensor<32xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<32xf32>) -> tensor<32x64xf32>
  %r = stablehlo.divide %e, %sb : tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// Commands the host runs (a custom call's handler, an rng draw) take host
// copies of a GPU program's values and copy their results back: the CPU's
// results, the same draws (the bounds are arguments: the stand-in driver
// runs no kernel that would fill a constant).
// HOST: result[0]: dense<{{\[}}[1.000000e+00, 3.000000e+00, 6.000000e+00], [4.000000e+00, 9.000000e+00, 1.500000e+01]]> : tensor<2x3xf32>
// HOST: result[1]: dense<[0.{{[0-9]+}}, 0.{{[0-9]+}}, 0.{{[0-9]+}}, 0.{{[0-9]+}}]> : tensor<4xf32>
func.func @host_commands(%x: tensor<2x3xf32>, %a: tensor<f32>, %b: tensor<f32>) -> (tensor<2x3xf32>, tensor<4xf32>) {
  %y = stablehlo.custom_call @example.prefix_sum(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %shape = stablehlo.constant dense<4> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  return %y, %r : tensor<2x3xf32>, tensor<4xf32>
}

// A reshape is a copy command: no kernel.
func.func @reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %t = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}
