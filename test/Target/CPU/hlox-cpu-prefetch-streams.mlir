// RUN: hlox-opt --hlox-cpu-prefetch-streams %s | FileCheck %s

// A loop that accumulates in a vector reads row %r of %x 32 floats (128
// bytes) per iteration: the same row is prefetched 8 iterations (1 KiB)
// ahead, at most at the last iteration.
// CHECK-LABEL: func.func @row_sum
// CHECK-SAME: (%[[X:.+]]: memref<4x256x32xf32>, %[[R:.+]]: index
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %[[UB:.+]] step %{{.+}} iter_args
// CHECK: %[[AHEAD:.+]] = arith.constant 8 : index
// CHECK: %[[ONE:.+]] = arith.constant 1 : index
// CHECK: %[[LAST:.+]] = arith.subi %[[UB]], %[[ONE]]
// CHECK: %[[SUM:.+]] = arith.addi %[[K]], %[[AHEAD]]
// CHECK: %[[NEXT:.+]] = arith.minsi %[[SUM]], %[[LAST]]
// CHECK: memref.prefetch %[[X]][%[[R]], %[[NEXT]], %{{.+}}], read, locality<3>, data
// CHECK: memref.subview %[[X]][%[[R]], %[[K]], 0]
func.func @row_sum(%x: memref<4x256x32xf32>, %r: index, %init: vector<32xf32>) -> vector<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %p = ub.poison : f32
  %s = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %init) -> (vector<32xf32>) {
    %v = memref.subview %x[%r, %k, 0] [1, 1, 32] [1, 1, 1] : memref<4x256x32xf32> to memref<32xf32, strided<[1], offset: ?>>
    %t = vector.transfer_read %v[%c0], %p {in_bounds = [true]} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
    %a = arith.addf %acc, %t : vector<32xf32>
    scf.yield %a : vector<32xf32>
  }
  return %s : vector<32xf32>
}

// A loop without vector accumulators (an elementwise loop) is left to the
// hardware prefetchers.
// CHECK-LABEL: func.func @elementwise
// CHECK-NOT: memref.prefetch
func.func @elementwise(%x: memref<256x32xf32>, %y: memref<256x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %p = ub.poison : f32
  scf.for %k = %c0 to %c256 step %c1 {
    %v = memref.subview %x[%k, 0] [1, 32] [1, 1] : memref<256x32xf32> to memref<32xf32, strided<[1], offset: ?>>
    %t = vector.transfer_read %v[%c0], %p {in_bounds = [true]} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
    %w = memref.subview %y[%k, 0] [1, 32] [1, 1] : memref<256x32xf32> to memref<32xf32, strided<[1], offset: ?>>
    vector.transfer_write %t, %w[%c0] {in_bounds = [true]} : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
  }
  return
}

// Two rows read together are two streams: each is prefetched.
// CHECK-LABEL: func.func @two_rows
// CHECK-SAME: (%[[X:.+]]: memref<4x256x32xf32>, %[[R:.+]]: index
// CHECK: %[[NEXT:.+]] = arith.minsi
// CHECK: memref.prefetch %[[X]][%[[R]], %[[NEXT]], %{{.+}}]
// CHECK: %[[R1:.+]] = arith.addi %[[R]], %{{.+}}
// CHECK: memref.prefetch %[[X]][%[[R1]], %[[NEXT]], %{{.+}}]
// CHECK-NOT: memref.prefetch
func.func @two_rows(%x: memref<4x256x32xf32>, %r: index, %init: vector<2x32xf32>) -> vector<2x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %p = ub.poison : f32
  %s = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %init) -> (vector<2x32xf32>) {
    %v = memref.subview %x[%r, %k, 0] [2, 1, 32] [1, 1, 1] : memref<4x256x32xf32> to memref<2x32xf32, strided<[8192, 1], offset: ?>>
    %t = vector.transfer_read %v[%c0, %c0], %p {in_bounds = [true, true]} : memref<2x32xf32, strided<[8192, 1], offset: ?>>, vector<2x32xf32>
    %a = arith.addf %acc, %t : vector<2x32xf32>
    scf.yield %a : vector<2x32xf32>
  }
  return %s : vector<2x32xf32>
}
