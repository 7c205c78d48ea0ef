// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-tile-parallel-loops{threads=256}))" %s | FileCheck %s

// A static loop nest is collapsed into one loop (1024 x 256 iterations,
// row-major) in blocks of 256 consecutive iterations; the body recovers the
// row and the column by division. 256 divides the count: no guard.
// CHECK-LABEL: func.func @rows
// CHECK: %[[N:.*]] = arith.constant 262144 : index
// CHECK: %[[TILE:.*]] = arith.constant 256 : index
// CHECK: %[[STEP:.*]] = arith.muli %{{.*}}, %[[TILE]] : index
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%[[N]]) step (%[[STEP]])
// CHECK-NEXT: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%[[STEP]]) step
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[T]], %[[B]] : index
// CHECK-NOT: scf.if
// CHECK-NEXT: %[[COL:.*]] = arith.remsi %[[I]], %[[C256:.*]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.divsi %[[I]], %[[C256]] : index
// CHECK-NEXT: memref.load %arg0[%[[ROW]], %[[COL]]]
func.func @rows(%in: memref<1024x256xf32>, %out: memref<1024x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1024, %c256) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<1024x256xf32>
    memref.store %x, %out[%i, %j] : memref<1024x256xf32>
    scf.reduce
  }
  return
}

// -----

// A short innermost dimension (8) no longer costs coalescing: the 96 x 8
// iterations are 3 blocks of 256 consecutive ones.
// CHECK-LABEL: func.func @short_rows
// CHECK: %[[N:.*]] = arith.constant 768 : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N]])
// CHECK-NEXT: scf.parallel
// CHECK-NOT: scf.if
// CHECK: arith.remsi %{{.*}}, %c8
func.func @short_rows(%in: memref<96x8xf32>, %out: memref<96x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c96 = arith.constant 96 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c96, %c8) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<96x8xf32>
    memref.store %x, %out[%i, %j] : memref<96x8xf32>
    scf.reduce
  }
  return
}

// -----

// 17 x 33 = 561 iterations: three blocks of 256, the last one's threads
// past 561 guarded.
// CHECK-LABEL: func.func @guarded
// CHECK: %[[N:.*]] = arith.constant 561 : index
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%[[N]])
// CHECK-NEXT: scf.parallel (%[[T:.*]]) =
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
// CHECK: scf.if
// CHECK: memref.load %arg0
func.func @guarded(%in: memref<17x33xf32>, %out: memref<17x33xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  %c33 = arith.constant 33 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c17, %c33) step (%c1, %c1) {
    %x = memref.load %in[%i, %j] : memref<17x33xf32>
    memref.store %x, %out[%i, %j] : memref<17x33xf32>
    scf.reduce
  }
  return
}

// -----

// Four dimensions (what the GPU mapping would leave the last of to a
// sequential loop): one loop of 4 x 3 x 3 x 16 = 576 iterations; a loop
// shorter than a block is one block (3 x 5 = 15 threads).
// CHECK-LABEL: func.func @ranks
// CHECK: %[[N:.*]] = arith.constant 576 : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[N]])
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK: %[[M:.*]] = arith.constant 15 : index
// CHECK: %[[T15:.*]] = arith.constant 15 : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%[[M]])
// CHECK-NOT: scf.if
// CHECK: memref.load %arg2
func.func @ranks(%a: memref<4x3x3x16xf32>, %b: memref<4x3x3x16xf32>,
                 %c: memref<3x5xf32>, %d: memref<3x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i, %j, %k, %l) = (%c0, %c0, %c0, %c0) to (%c4, %c3, %c3, %c16) step (%c1, %c1, %c1, %c1) {
    %x = memref.load %a[%i, %j, %k, %l] : memref<4x3x3x16xf32>
    memref.store %x, %b[%i, %j, %k, %l] : memref<4x3x3x16xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c5) step (%c1, %c1) {
    %x = memref.load %c[%i, %j] : memref<3x5xf32>
    memref.store %x, %d[%i, %j] : memref<3x5xf32>
    scf.reduce
  }
  return
}

// -----

// A dynamic trip count is left whole.
// CHECK-LABEL: func.func @dynamic
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @dynamic(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %in[%i] : memref<?xf32>
    memref.store %x, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}
