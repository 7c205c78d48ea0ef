// RUN: hlox-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(hlox-cpu-scratch-to-stack{max-bytes=4096 max-total-bytes=6144}))' %s | FileCheck %s

// Static buffers of the entry block go on the stack with their alignment
// (16x64xf32 and 512xi16: 5 KiB of the 6 KiB budget),
// within the per-buffer and per-function budgets; one too large, one over
// the function's total, a dynamic one and one inside a loop stay on the
// heap.
// CHECK-LABEL: func.func @kernel
// CHECK: %[[A:.+]] = memref.alloca() {alignment = 64 : i64} : memref<16x64xf32>
// CHECK: %[[B:.+]] = memref.alloc() : memref<2048xf32>
// CHECK: %[[C:.+]] = memref.alloca() : memref<512xi16>
// CHECK: %[[D:.+]] = memref.alloc() : memref<1024xf32>
// CHECK: %[[E:.+]] = memref.alloc(%{{.+}}) : memref<?xf32>
// CHECK: scf.for
// CHECK: memref.alloc() : memref<4xf32>
func.func @kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<16x64xf32>
  %b = memref.alloc() : memref<2048xf32>
  %c = memref.alloc() : memref<512xi16>
  %d = memref.alloc() : memref<1024xf32>
  %e = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %f = memref.alloc() : memref<4xf32>
    "test.use"(%f) : (memref<4xf32>) -> ()
  }
  "test.use"(%a, %b, %c, %d, %e) : (memref<16x64xf32>, memref<2048xf32>, memref<512xi16>, memref<1024xf32>, memref<?xf32>) -> ()
  return
}

// A function with results is not a kernel: its buffers stay on the heap.
// CHECK-LABEL: func.func @returns
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.alloca
func.func @returns() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
