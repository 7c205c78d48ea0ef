// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-sequential-kernels))" %s | FileCheck %s

// A sequential loop around parallel work (a scatter's updates in order)
// becomes a kernel of one thread that runs both loops in order; the
// parallel loop beside it stays.
// CHECK-LABEL: func.func @scatter
// CHECK: scf.parallel (%{{.*}}) = (%c0{{.*}}) to (%c1{{.*}}) step (%c1{{.*}})
// CHECK-NEXT: scf.for %[[I:.*]] =
// CHECK-NEXT: memref.load %arg1[%[[I]]]
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NOT: scf.parallel
// CHECK: memref.store
// CHECK: scf.reduce
// CHECK: scf.parallel
func.func @scatter(%r: memref<8x4xf32>, %idx: memref<3xindex>, %u: memref<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %row = memref.load %idx[%i] : memref<3xindex>
    scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
      %a = memref.load %r[%row, %j] : memref<8x4xf32>
      %b = memref.load %u[%i, %j] : memref<3x4xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %r[%row, %j] : memref<8x4xf32>
      scf.reduce
    }
  }
  scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
    %a = memref.load %r[%c0, %j] : memref<8x4xf32>
    memref.store %a, %r[%c1, %j] : memref<8x4xf32>
    scf.reduce
  }
  return
}

// -----

// A loop whose result is used stays (its value would leave the kernel).
// CHECK-LABEL: func.func @carried
// CHECK-NOT: scf.parallel
// CHECK: scf.for
func.func @carried(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %a = memref.load %x[%i] : memref<4xf32>
    %n = arith.addf %acc, %a : f32
    scf.yield %n : f32
  }
  return %s : f32
}
