// RUN: hlox-opt --hlox-cpu-stream-stores --split-input-file %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-stream-stores="min-bytes=16777216" --split-input-file %s | FileCheck %s --check-prefix=SMALLER

// A 32 MiB result written a line at a time: each store is non-temporal when
// its address is line-aligned, ordinary otherwise, and the kernel ends with
// a fence.
// CHECK-LABEL: func.func @large_result(
// CHECK-SAME: %{{.+}}: memref<4096x2048xf32>, %[[Y:[a-z0-9]+]]: memref<4096x2048xf32>
// CHECK: scf.for
// CHECK: %[[VIEW:.+]] = memref.subview %[[Y]]
// CHECK: %{{.+}}, %[[OFFSET:.+]], %{{.+}}, %[[STRIDE:.+]] = memref.extract_strided_metadata %[[VIEW]]
// CHECK: %[[POINTER:.+]] = memref.extract_aligned_pointer_as_index %[[VIEW]]
// CHECK: %[[ADDRESS:.+]] = arith.addi %[[POINTER]], %{{.+}}
// CHECK: %[[LOW:.+]] = arith.andi %[[ADDRESS]], %c63
// CHECK: %[[ALIGNED:.+]] = arith.cmpi eq, %[[LOW]], %c0
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-NEXT: vector.store %{{.+}}, %[[VIEW]][%{{.+}}] {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.store %{{.+}}, %[[VIEW]][%{{.+}}] :
// CHECK-NEXT: }
// CHECK-NOT: vector.transfer_write
// CHECK: llvm.fence seq_cst
// CHECK-NEXT: return
func.func @large_result(%x: memref<4096x2048xf32>, %y: memref<4096x2048xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %pad = arith.constant 0.0 : f32
  scf.for %r = %begin to %end step %c1 {
    scf.for %j = %c0 to %c2048 step %c16 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]} : memref<4096x2048xf32>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      %o = memref.subview %y[%r, %j] [1, 16] [1, 1] : memref<4096x2048xf32> to memref<16xf32, strided<[1], offset: ?>>
      vector.transfer_write %e, %o[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32, strided<[1], offset: ?>>
    }
  }
  return
}

// -----

// A 16 MiB result keeps ordinary stores (its consumer may find it in
// cache), unless min-bytes is lowered to its size.
// CHECK-LABEL: func.func @smaller_result(
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK: vector.transfer_write
// SMALLER-LABEL: func.func @smaller_result(
// SMALLER: nontemporal = true
// SMALLER: llvm.fence seq_cst
func.func @smaller_result(%x: memref<2048x2048xf32>, %y: memref<2048x2048xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %pad = arith.constant 0.0 : f32
  scf.for %r = %begin to %end step %c1 {
    scf.for %j = %c0 to %c2048 step %c16 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]} : memref<2048x2048xf32>, vector<16xf32>
      vector.transfer_write %v, %y[%r, %j] {in_bounds = [true]} : vector<16xf32>, memref<2048x2048xf32>
    }
  }
  return
}

// -----

// A result the kernel also reads (an update in place), a store of half a
// line and a store that may run past the end are left alone.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK-COUNT-3: vector.transfer_write
func.func @left_alone(%x: memref<4096x2048xf32>, %y: memref<4096x2048xf32>, %z: memref<4096x2048xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %pad = arith.constant 0.0 : f32
  scf.for %r = %begin to %end step %c1 {
    scf.for %j = %c0 to %c2048 step %c16 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]} : memref<4096x2048xf32>, vector<16xf32>
      %w = arith.addf %v, %v : vector<16xf32>
      vector.transfer_write %w, %x[%r, %j] {in_bounds = [true]} : vector<16xf32>, memref<4096x2048xf32>
      %h = vector.extract_strided_slice %v {offsets = [0], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
      vector.transfer_write %h, %y[%r, %j] {in_bounds = [true]} : vector<8xf32>, memref<4096x2048xf32>
      vector.transfer_write %v, %z[%r, %j] : vector<16xf32>, memref<4096x2048xf32>
    }
  }
  return
}

// -----

// Reads the earlier rewrite did not look for count too: a linalg op that
// reads the result, and a call given it (which may read anything it gets).
// CHECK-LABEL: func.func @read_by_linalg_or_call(
// CHECK-NOT: nontemporal
// CHECK-NOT: llvm.fence
// CHECK-COUNT-2: vector.transfer_write
func.func private @consume(memref<4096x2048xf32>)
func.func @read_by_linalg_or_call(%x: memref<4096x2048xf32>, %y: memref<4096x2048xf32>, %z: memref<4096x2048xf32>, %sum: memref<f32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %pad = arith.constant 0.0 : f32
  scf.for %r = %begin to %end step %c1 {
    scf.for %j = %c0 to %c2048 step %c16 {
      %v = vector.transfer_read %x[%r, %j], %pad {in_bounds = [true]} : memref<4096x2048xf32>, vector<16xf32>
      vector.transfer_write %v, %y[%r, %j] {in_bounds = [true]} : vector<16xf32>, memref<4096x2048xf32>
      vector.transfer_write %v, %z[%r, %j] {in_bounds = [true]} : vector<16xf32>, memref<4096x2048xf32>
    }
  }
  linalg.reduce ins(%y : memref<4096x2048xf32>) outs(%sum : memref<f32>) dimensions = [0, 1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  func.call @consume(%z) : (memref<4096x2048xf32>) -> ()
  return
}

// -----

// A transposing tile writes 16 rows of a line each: each row is stored
// non-temporally, and as the rows lie a whole number of lines apart
// (2048 f32), the first row's alignment decides for all of them.
// CHECK-LABEL: func.func @transposed_tile(
// CHECK-SAME: %{{.+}}: memref<2048x4096xf32>, %[[Y:[a-z0-9]+]]: memref<4096x2048xf32>
// CHECK: %[[ALIGNED:.+]] = arith.cmpi eq
// CHECK-NOT: arith.cmpi
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-COUNT-16: vector.store %{{.+}}, %[[Y]][%{{.+}}, %{{.+}}] {alignment = 64 : i64, nontemporal = true} : memref<4096x2048xf32>, vector<16xf32>
// CHECK-NEXT: } else {
// CHECK-COUNT-16: vector.store %{{.+}}, %[[Y]][%{{.+}}, %{{.+}}] : memref<4096x2048xf32>, vector<16xf32>
// CHECK-NEXT: }
// CHECK-NOT: vector.transfer_write
// CHECK: llvm.fence seq_cst
func.func @transposed_tile(%x: memref<2048x4096xf32>, %y: memref<4096x2048xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c2048 = arith.constant 2048 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %begin to %end step %c16 {
    scf.for %j = %c0 to %c2048 step %c16 {
      %v = vector.transfer_read %x[%j, %i], %pad {in_bounds = [true, true]} : memref<2048x4096xf32>, vector<16x16xf32>
      %t = vector.transpose %v, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
      vector.transfer_write %t, %y[%i, %j] {in_bounds = [true, true]} : vector<16x16xf32>, memref<4096x2048xf32>
    }
  }
  return
}

// -----

// Rows 2050 f32 apart are not all aligned when the first is: each row
// checks its own address.
// CHECK-LABEL: func.func @unaligned_rows(
// CHECK-COUNT-2: scf.if
// CHECK-NOT: scf.if
// CHECK: llvm.fence seq_cst
func.func @unaligned_rows(%x: memref<4096x2050xf32>, %y: memref<4096x2050xf32>, %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %begin to %end step %c2 {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true, true]} : memref<4096x2050xf32>, vector<2x16xf32>
    vector.transfer_write %v, %y[%i, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<4096x2050xf32>
  }
  return
}
