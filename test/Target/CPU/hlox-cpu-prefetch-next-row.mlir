// RUN: hlox-opt --hlox-cpu-prefetch-next-row --split-input-file %s | FileCheck %s

// A row read by two loops (a max, then an exp of the row less it): the last
// reader prefetches each line it reads one row (64 elements) ahead, at most
// the argument's last element; the first reader is left alone.
// CHECK-LABEL: func.func @two_readers(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<8x64xf32>
// CHECK: %[[FLAT:.+]] = memref.collapse_shape %[[X]] {{\[\[}}0, 1]] : memref<8x64xf32> into memref<512xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: vector.transfer_read
// CHECK: scf.yield
// CHECK: scf.for
// CHECK: %[[VIEW:.+]] = memref.subview
// CHECK: %[[BASE:.+]], %[[OFFSET:.+]], %{{.+}}, %[[STRIDE:.+]] = memref.extract_strided_metadata %[[VIEW]]
// CHECK: %[[AT:.+]] = arith.muli %{{.+}}, %[[STRIDE]]
// CHECK: %[[POS:.+]] = arith.addi %[[OFFSET]], %[[AT]]
// CHECK-DAG: %[[LAST:.+]] = arith.constant 511 : index
// CHECK-DAG: %[[ROW:.+]] = arith.constant 64 : index
// CHECK: %[[NEXT:.+]] = arith.addi %[[POS]], %[[ROW]]
// CHECK: %[[CLAMPED:.+]] = arith.minsi %[[NEXT]], %[[LAST]]
// CHECK: memref.prefetch %[[FLAT]][%[[CLAMPED]]], read, locality<3>, data
// CHECK-NOT: memref.prefetch
// CHECK: vector.transfer_read %[[VIEW]]
func.func @two_readers(%x: memref<8x64xf32>, %y: memref<8x64xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %init = arith.constant dense<0xFF800000> : vector<16xf32>
  scf.for %r = %begin to %end step %c1 {
    %row = memref.subview %x[%r, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    %out = memref.subview %y[%r, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    %max = scf.for %j = %c0 to %c64 step %c16 iter_args(%acc = %init) -> (vector<16xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x64xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %m = arith.maximumf %acc, %v : vector<16xf32>
      scf.yield %m : vector<16xf32>
    }
    scf.for %j = %c0 to %c64 step %c16 {
      %view = memref.subview %row[0, %j] [1, 16] [1, 1] : memref<1x64xf32, strided<[64, 1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>>
      %v = vector.transfer_read %view[%c0], %pad {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
      %s = arith.subf %v, %max : vector<16xf32>
      %e = math.exp %s : vector<16xf32>
      %o = memref.subview %out[0, %j] [1, 16] [1, 1] : memref<1x64xf32, strided<[64, 1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>>
      vector.transfer_write %e, %o[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// A vector of 32 f64 spans four lines: four prefetches, a line apart.
// CHECK-LABEL: func.func @wide_reads(
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: memref.prefetch
// CHECK: scf.for
// CHECK-COUNT-4: memref.prefetch
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @wide_reads(%x: memref<4x64xf64>, %y: memref<4x64xf64>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f64
  %zero = arith.constant dense<0.0> : vector<32xf64>
  scf.for %r = %begin to %end step %c1 {
    %row = memref.subview %x[%r, 0] [1, 64] [1, 1] : memref<4x64xf64> to memref<1x64xf64, strided<[64, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<32xf64>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x64xf64, strided<[64, 1], offset: ?>>, vector<32xf64>
      %a = arith.addf %acc, %v : vector<32xf64>
      scf.yield %a : vector<32xf64>
    }
    scf.for %j = %c0 to %c64 step %c32 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x64xf64, strided<[64, 1], offset: ?>>, vector<32xf64>
      %d = arith.divf %v, %sum : vector<32xf64>
      %o = memref.subview %y[%r, %j] [1, 32] [1, 1] : memref<4x64xf64> to memref<32xf64, strided<[1], offset: ?>>
      vector.transfer_write %d, %o[%c0] {in_bounds = [true]} : vector<32xf64>, memref<32xf64, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// A row read once (an elementwise dispatch, a row sum) is not prefetched:
// its one loop is the read that waits, and the hardware streams it.
// CHECK-LABEL: func.func @one_reader(
// CHECK-NOT: memref.prefetch
// CHECK-NOT: memref.collapse_shape
// CHECK: return
func.func @one_reader(%x: memref<8x64xf32>, %y: memref<8x64xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.for %r = %begin to %end step %c1 {
    %row = memref.subview %x[%r, 0] [1, 64] [1, 1] : memref<8x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    scf.for %j = %c0 to %c64 step %c16 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x64xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.transfer_write %e, %y[%r, %j] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    }
  }
  return
}

// -----

// Part of a row (columns 0 to 31 of 64) is not a row: the next workgroup's
// data does not follow it.
// CHECK-LABEL: func.func @partial_row(
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @partial_row(%x: memref<8x64xf32>, %y: memref<8x32xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %pad = arith.constant 0.0 : f32
  %init = arith.constant dense<0.0> : vector<16xf32>
  scf.for %r = %begin to %end step %c1 {
    %row = memref.subview %x[%r, 0] [1, 32] [1, 1] : memref<8x64xf32> to memref<1x32xf32, strided<[64, 1], offset: ?>>
    %sum = scf.for %j = %c0 to %c32 step %c16 iter_args(%acc = %init) -> (vector<16xf32>) {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %a = arith.addf %acc, %v : vector<16xf32>
      scf.yield %a : vector<16xf32>
    }
    scf.for %j = %c0 to %c32 step %c16 {
      %v = vector.transfer_read %row[%c0, %j], %pad {in_bounds = [true]} : memref<1x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %d = arith.divf %v, %sum : vector<16xf32>
      vector.transfer_write %d, %y[%r, %j] {in_bounds = [true]} : vector<16xf32>, memref<8x32xf32>
    }
  }
  return
}
