// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-copies-to-linalg,hlox-cuda-scalar-kernels))" %s | FileCheck %s

// A copy of a transposed view becomes a linalg.copy, whose loops are
// parallel.
// CHECK-LABEL: func.func @transposed_copy
// CHECK: %[[VIEW:.*]] = memref.transpose
// CHECK: linalg.copy ins(%[[VIEW]] : {{.*}}) outs(%arg1 : memref<8x4xf32>)
// CHECK-NOT: memref.copy
func.func @transposed_copy(%in: memref<4x8xf32>, %out: memref<8x4xf32>) {
  %t = memref.transpose %in (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  memref.copy %t, %out : memref<8x4xf32, strided<[1, 8]>> to memref<8x4xf32>
  return
}

// -----

// Loop-free work goes into a loop of one iteration: a kernel of one thread.
// CHECK-LABEL: func.func @scalar
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c1) step (%c1)
// CHECK: arith.truncf
// CHECK: memref.store
// CHECK: scf.reduce
// CHECK: return
func.func @scalar(%out: memref<bf16>) {
  %cst = arith.constant 6.0 : f32
  %x = arith.truncf %cst : f32 to bf16
  memref.store %x, %out[] : memref<bf16>
  return
}

// -----

// A body with loops of its own, or that allocates, is left as it is.
// CHECK-LABEL: func.func @allocates
// CHECK-NOT: scf.parallel
// CHECK: memref.alloc
func.func @allocates(%out: memref<f32>) {
  %cst = arith.constant 6.0 : f32
  %tmp = memref.alloc() : memref<f32>
  memref.store %cst, %tmp[] : memref<f32>
  %x = memref.load %tmp[] : memref<f32>
  memref.store %x, %out[] : memref<f32>
  memref.dealloc %tmp : memref<f32>
  return
}
