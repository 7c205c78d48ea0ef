// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-sink-scalar-loads))" %s | FileCheck %s

// An offset read from an operand, clamped on the host: the load and the
// arithmetic move into the launch that uses them.
// CHECK-LABEL: func.func @offset
// CHECK-NOT: memref.load
// CHECK: gpu.launch
// CHECK-NEXT: %[[I:.*]] = memref.load %arg1[]
// CHECK-NEXT: %[[J:.*]] = arith.index_cast %[[I]]
// CHECK-NEXT: %[[K:.*]] = arith.minsi %[[J]]
// CHECK: memref.load %arg0[%[[K]]]
func.func @offset(%x: memref<8xf32>, %i: memref<i64>, %r: memref<f32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = memref.load %i[] : memref<i64>
  %j = arith.index_cast %v : i64 to index
  %k = arith.minsi %j, %c4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %e = memref.load %x[%k] : memref<8xf32>
    memref.store %e, %r[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// A load of a buffer the launch writes stays where it is when the launch
// runs several threads (the host read it before any of them wrote).
// CHECK-LABEL: func.func @written
// CHECK: %[[V:.*]] = memref.load %arg0[]
// CHECK: gpu.launch
// CHECK-NOT: memref.load %arg0[]
// CHECK: memref.store %[[V]], %arg0[]
func.func @written(%x: memref<f32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %v = memref.load %x[] : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %w = arith.addf %v, %v : f32
    memref.store %v, %x[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// One thread: the sunk load comes before the body's writes, so it reads
// what the host would have (a scatter's first element, then the others).
// CHECK-LABEL: func.func @written_one_thread
// CHECK-NOT: memref.load
// CHECK: gpu.launch
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[]
// CHECK: memref.store %[[V]], %arg0[]
func.func @written_one_thread(%x: memref<f32>) {
  %c1 = arith.constant 1 : index
  %v = memref.load %x[] : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %x[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// A launch between the load and its use writes the buffer: the load stays.
// CHECK-LABEL: func.func @written_between
// CHECK: %[[V:.*]] = memref.load %arg0[]
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK-NOT: memref.load
// CHECK: memref.store %[[V]], %arg1[]
func.func @written_between(%x: memref<f32>, %r: memref<f32>) {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %v = memref.load %x[] : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %one, %x[] : memref<f32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %r[] : memref<f32>
    gpu.terminator
  }
  return
}

// -----

// A complex constant (a complex reduction's initial value), which the
// outlining does not sink, moves into the launch with no load.
// CHECK-LABEL: func.func @complex_constant
// CHECK-NOT: complex.constant
// CHECK: gpu.launch
// CHECK-NEXT: %[[Z:.*]] = complex.constant [1.000000e+00 : f32, 0.000000e+00 : f32]
// CHECK: memref.store %[[Z]], %arg0[]
func.func @complex_constant(%r: memref<complex<f32>>) {
  %c1 = arith.constant 1 : index
  %z = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %z, %r[] : memref<complex<f32>>
    gpu.terminator
  }
  return
}

// -----

// Two launches each get their own copy; the original goes.
// CHECK-LABEL: func.func @twice
// CHECK-NOT: memref.load
// CHECK: gpu.launch
// CHECK-NEXT: memref.load %arg0[]
// CHECK: gpu.launch
// CHECK-NEXT: memref.load %arg0[]
func.func @twice(%x: memref<f32>, %r: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %x[] : memref<f32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %r[%c0] : memref<2xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %v, %r[%c1] : memref<2xf32>
    gpu.terminator
  }
  return
}

// -----

// A constant the sunk arithmetic and the launch both use stays outside,
// for the outlining to sink.
// CHECK-LABEL: func.func @shared_constant
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: gpu.launch
// CHECK-NEXT: memref.load %arg1[]
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: arith.maxsi %{{.*}}, %[[C0]]
// CHECK: memref.store %{{.*}}, %arg2[%[[C0]]]
func.func @shared_constant(%x: memref<5xf32>, %i: memref<i64>, %r: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %i[] : memref<i64>
  %j = arith.index_cast %v : i64 to index
  %k = arith.maxsi %j, %c0 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %e = memref.load %x[%k] : memref<5xf32>
    memref.store %e, %r[%c0] : memref<1xf32>
    gpu.terminator
  }
  return
}

// -----

// A scatter's update into its operand at an index it loads, on one thread:
// the index's load and the update's load at it (with the add) move into
// the launch, before its store, and nothing is left on the host.
// CHECK-LABEL: func.func @loaded_index
// CHECK-NOT: memref.load
// CHECK: gpu.launch
// CHECK-NEXT: %[[I:.*]] = memref.load %arg0[%{{.*}}]
// CHECK-NEXT: %[[J:.*]] = arith.index_cast %[[I]]
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%[[J]]]
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[V]]
// CHECK: memref.store %[[S]], %arg0[
func.func @loaded_index(%x: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  %i = memref.load %x[%c0] : memref<4xi64>
  %j = arith.index_cast %i : i64 to index
  %v = memref.load %x[%j] : memref<4xi64>
  %s = arith.addi %v, %one : i64
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k = memref.load %x[%c0] : memref<4xi64>
    %l = arith.index_cast %k : i64 to index
    memref.store %s, %x[%l] : memref<4xi64>
    gpu.terminator
  }
  return
}
