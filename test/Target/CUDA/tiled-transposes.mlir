// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-tiled-transposes))" %s | FileCheck %s

// A 2-d transpose: 32 x 33 tiles in workgroup memory, a block of 32 x 8
// threads per tile (4 x 3 tiles of the 70 x 100 output), four guarded
// loads per thread along the input's rows, a barrier, four guarded stores
// along the output's rows reading the tile down a column.
// CHECK-LABEL: func.func @transpose
// CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK: gpu.launch blocks(%[[B:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %[[C12]], %{{.+}} = %c1{{.*}}, %{{.+}} = %c1{{.*}}) threads(%[[TX:.+]], %[[TY:.+]], %{{.+}}) in (%{{.+}} = %[[C32]], %{{.+}} = %[[C8]], %{{.+}} = %c1{{.*}}) workgroup(%[[TILE:.+]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-4: memref.load %arg0[%{{.+}}, %{{.+}}] : memref<100x70xf32>
// CHECK: gpu.barrier
// CHECK: %[[V:.+]] = memref.load %[[TILE]][%[[TX]], %{{.+}}] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %[[V]], %arg1[%{{.+}}, %{{.+}}] : memref<70x100xf32>
// CHECK-NOT: linalg.transpose
func.func @transpose(%x: memref<100x70xf32>, %y: memref<70x100xf32>) {
  linalg.transpose ins(%x : memref<100x70xf32>) outs(%y : memref<70x100xf32>) permutation = [1, 0]
  return
}

// -----

// A 4-d weight transpose (HWIO to OHWI) with a conversion in its body: the
// tile's plane is O (the input's innermost) by I (the output's); H and W
// are the blocks' outer index (9 blocks); the body converts as it loads.
// CHECK-LABEL: func.func @weights
// CHECK: gpu.launch blocks(%{{.+}}) in (%{{.+}} = %c9
// CHECK-SAME: workgroup(%[[TILE:.+]] : memref<32x33xbf16, #gpu.address_space<workgroup>>)
// CHECK: %[[L:.+]] = memref.load %arg0[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] : memref<3x3x16x32xf32>
// CHECK-NEXT: %[[T:.+]] = arith.truncf %[[L]] : f32 to bf16
// CHECK-NEXT: memref.store %[[T]], %[[TILE]]
// CHECK: gpu.barrier
#hwio = affine_map<(o, h, w, i) -> (h, w, i, o)>
#id = affine_map<(o, h, w, i) -> (o, h, w, i)>
func.func @weights(%x: memref<3x3x16x32xf32>, %y: memref<32x3x3x16xbf16>) {
  linalg.generic {indexing_maps = [#hwio, #id],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<3x3x16x32xf32>) outs(%y : memref<32x3x3x16xbf16>) {
  ^bb0(%in: f32, %out: bf16):
    %t = arith.truncf %in : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}

// -----

// Left alone: a permutation that keeps the innermost dimension (both
// sides already coalesce), an i1 transpose, and a reduction.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: gpu.launch
// CHECK: linalg.transpose
// CHECK: linalg.transpose
// CHECK: linalg.generic
func.func @kept(%a: memref<4x8x16xf32>, %b: memref<8x4x16xf32>,
                %c: memref<8x16xi1>, %d: memref<16x8xi1>,
                %e: memref<8x16xf32>, %f: memref<16xf32>) {
  linalg.transpose ins(%a : memref<4x8x16xf32>) outs(%b : memref<8x4x16xf32>) permutation = [1, 0, 2]
  linalg.transpose ins(%c : memref<8x16xi1>) outs(%d : memref<16x8xi1>) permutation = [1, 0]
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%e : memref<8x16xf32>) outs(%f : memref<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
