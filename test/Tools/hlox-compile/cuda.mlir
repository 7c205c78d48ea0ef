// The CUDA target: each dispatch lowered to GPU kernels and to PTX for one
// architecture.
// RUN: hlox-compile %s --target=cuda --validate-ptx=false | FileCheck %s
// RUN: hlox-compile %s --target=cuda --cuda-arch=sm_80 --validate-ptx=false | FileCheck %s --check-prefix=SM80
// RUN: rm -rf %t.dir && hlox-compile %s --target=cuda --validate-ptx=false -o %t.dir && ls %t.dir | FileCheck %s --check-prefix=FILES

// Bad requests: a clear error and exit 1.
// RUN: %expect-exit 1 hlox-compile %s --target=cuda --cuda-arch=sm_20 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: %expect-exit 1 hlox-compile %s --target=cuda --emit-object -o %t.o 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: %expect-exit 1 hlox-compile %s --target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: hlox-compile %s --function=counted_loop --target=cuda --validate-ptx=false | FileCheck %s --check-prefix=LOOP
// RUN: %expect-exit 1 hlox-compile %s --function=counted_loop --target=cuda --validate-ptx=false --host-control-flow=never 2>&1 | FileCheck %s --check-prefix=NEVER

// The broadcast, multiply and tanh fuse into one dispatch, one kernel: a
// thread per element, 256 consecutive elements in a block (its x
// dimension), parameters bare pointers (the two operands, then the result).
// CHECK: // @main_dispatch_0: main_dispatch_0_kernel
// CHECK: .target sm_90
// CHECK: .visible .entry main_dispatch_0_kernel(
// CHECK-COUNT-3: .param .u64 .ptr .align 1
// CHECK-NOT: .param
// CHECK: .maxntid 256, 1, 1
// CHECK: %tid.x
// CHECK: ld.global
// CHECK: st.global
// SM80: .target sm_80
// FILES: main_dispatch_0_kernel.ptx
// ARCH: error: the CUDA target compiles for sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, not 'sm_20'
// OBJECT: error: --target=cuda compiles each dispatch to PTX: no --compile-to, --emit-llvm-ir or --emit-object
// TARGET: error: unknown target 'tpu' (cpu, cuda)
func.func @main(%x: tensor<1024x256xf32>, %a: tensor<256xf32>) -> tensor<1024x256xf32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<256xf32>) -> tensor<1024x256xf32>
  %m = stablehlo.multiply %x, %b : tensor<1024x256xf32>
  %t = stablehlo.tanh %m : tensor<1024x256xf32>
  return %t : tensor<1024x256xf32>
}

// A while loop over tensors runs on the host (the CUDA target takes
// --host-control-flow=auto as always): its condition and its body are
// kernels of their own, launched per iteration. Inside one kernel (never)
// its tensors would need allocations there: an error at the loop.
// LOOP: // @counted_loop_dispatch_0: counted_loop_dispatch_0_kernel
// LOOP: // @counted_loop_dispatch_1: counted_loop_dispatch_1_kernel
// NEVER: error: the CUDA target cannot lower dispatch @counted_loop_dispatch_0 to a GPU kernel
func.func @counted_loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %n = stablehlo.add %i, %c1 : tensor<i32>
      %w = stablehlo.add %v, %v : tensor<4xf32>
      stablehlo.return %n, %w : tensor<i32>, tensor<4xf32>
    }
  return %r#1 : tensor<4xf32>
}
