// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-parallel-loops-outermost))" %s | FileCheck %s

// A column sum: the reduction over the leading dimension moves inside.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @column_sum
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
// CHECK: arith.addf
func.func @column_sum(%x: memref<8x4xf32>, %r: memref<4xf32>) {
  linalg.reduce ins(%x : memref<8x4xf32>) outs(%r : memref<4xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Parallel dimensions first already, or none: left alone.
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.reduce
// CHECK-LABEL: func.func @total
// CHECK: linalg.reduce
func.func @row_sum(%x: memref<8x4xf32>, %r: memref<8xf32>) {
  linalg.reduce ins(%x : memref<8x4xf32>) outs(%r : memref<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}
func.func @total(%x: memref<8xf32>, %r: memref<f32>) {
  linalg.reduce ins(%x : memref<8xf32>) outs(%r : memref<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A generic with its index: linalg.index follows its dimension (the old
// first dimension is now the third).
// CHECK-DAG: #[[OLD0:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-LABEL: func.func @indexed
// CHECK: indexing_maps = [#[[X]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: affine.apply #[[OLD0]]
func.func @indexed(%x: memref<2x3x5xf32>, %r: memref<3x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>],
                  iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%x : memref<2x3x5xf32>) outs(%r : memref<3x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 2 : index
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
