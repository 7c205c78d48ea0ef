// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-tile-parallel-loops{threads=256}))" %s | FileCheck %s

// The innermost dimension (256 iterations) fills a block: blocks step over
// the rows one at a time and over the columns 256 at a time.
// CHECK-LABEL: func.func @rows
// CHECK: arith.constant 1024 : index
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[TILE:.*]] = arith.constant 256 : index
// CHECK: %[[S0:.*]] = arith.muli %{{.*}}, %[[ONE]] : index
// CHECK: %[[S1:.*]] = arith.muli %{{.*}}, %[[TILE]] : index
// CHECK: scf.parallel {{.*}} to (%c1024, %c256) step (%[[S0]], %[[S1]])
// CHECK-NEXT: scf.parallel {{.*}} to (%[[S0]], %[[S1]]) step (%c1, %c1)
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

// A short innermost dimension (8) leaves 32 threads to the next one.
// CHECK-LABEL: func.func @short_rows
// CHECK: arith.constant 96 : index
// CHECK: %[[T0:.*]] = arith.constant 32 : index
// CHECK: %[[T1:.*]] = arith.constant 8 : index
// CHECK: %[[S0:.*]] = arith.muli %{{.*}}, %[[T0]] : index
// CHECK: %[[S1:.*]] = arith.muli %{{.*}}, %[[T1]] : index
// CHECK: scf.parallel {{.*}} to (%c96, %c8) step (%[[S0]], %[[S1]])
// CHECK-NEXT: scf.parallel {{.*}} to (%[[S0]], %[[S1]]) step (%c1, %c1)
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
