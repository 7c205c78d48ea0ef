// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-block-reductions))" %s | FileCheck %s
// RUN: hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-block-reductions{threads=64}))" %s | FileCheck %s --check-prefix=T64
// RUN: not hlox-opt --split-input-file --pass-pipeline="builtin.module(func.func(hlox-cuda-block-reductions{threads=48}))" %s 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: hlox-cuda-block-reductions: threads must be a multiple of 32 from 32 to 1024, not 48

// A row sum: a block of 256 threads per row, each thread summing the
// row's elements t, t + 256, ... from -0.0, then shuffles across the warp,
// the 8 warps' values through workgroup memory, shuffles in the first
// warp, and its first lane's add into the output.
// CHECK-LABEL: func.func @row_sum
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[ROW:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ROWS]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TID:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[T]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) workgroup(%[[SHARED:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[ID:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[LEN:.*]] = arith.constant 1000 : index
// CHECK: %[[STEP:.*]] = arith.constant 256 : index
// CHECK: %[[PARTIAL:.*]] = scf.for %{{.*}} = %[[TID]] to %[[LEN]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[ID]]) -> (f32)
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x1000xf32>
// CHECK: arith.addf %[[ACC]], %[[X]] : f32
// CHECK: gpu.shuffle  xor %[[PARTIAL]], %{{.*}}, %{{.*}} : f32
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[SHARED]][%{{.*}}]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.load %[[SHARED]]
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: scf.if
// CHECK: %[[OLD:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK: memref.store %[[NEW]], %{{.*}}[%{{.*}}] : memref<8xf32>
// CHECK: gpu.terminator
// CHECK-NOT: linalg.reduce
// With threads=64: 64 threads and 2 warps.
// T64-LABEL: func.func @row_sum
// T64: workgroup(%{{.*}} : memref<2xf32, #gpu.address_space<workgroup>>)
func.func @row_sum(%x: memref<8x1000xf32>, %r: memref<8xf32>) {
  linalg.reduce ins(%x : memref<8x1000xf32>) outs(%r : memref<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A softmax's sum of exponentials, its prologue in the body, over rows of
// 96: 96 threads (three warps); a row maximum from -inf, in a 2-d batch of
// rows whose index is delinearized.
// CHECK-LABEL: func.func @exp_sum
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%{{.*}} : memref<3xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-LABEL: func.func @batched_max
// CHECK-DAG: arith.constant 12 : index
// CHECK-DAG: arith.constant 64 : index
// CHECK: gpu.launch
// CHECK: arith.remui %{{.*}}, %{{.*}} : index
// CHECK: arith.divui
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
func.func @exp_sum(%x: memref<4x96xf32>, %m: memref<4xf32>, %r: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : memref<4x96xf32>, memref<4xf32>) outs(%r : memref<4xf32>) {
  ^bb0(%in: f32, %max: f32, %acc: f32):
    %d = arith.subf %in, %max : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  return
}
func.func @batched_max(%x: memref<3x4x64xf32>, %r: memref<3x4xf32>) {
  linalg.reduce ins(%x : memref<3x4x64xf32>) outs(%r : memref<3x4xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Two sums in one op (a layernorm's sum and sum of squares): one launch,
// two workgroup buffers, two outputs written.
// CHECK-LABEL: func.func @two_sums
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%{{.*}} : memref<4xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} -> (f32, f32)
// CHECK: arith.mulf
// CHECK-COUNT-2: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<16xf32>
func.func @two_sums(%x: memref<16x128xf32>, %s: memref<16xf32>, %q: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x128xf32>) outs(%s, %q : memref<16xf32>, memref<16xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32):
    %sq = arith.mulf %in, %in : f32
    %s1 = arith.addf %a, %in : f32
    %s2 = arith.addf %b, %sq : f32
    linalg.yield %s1, %s2 : f32, f32
  }
  return
}

// -----

// An i32 maximum from INT_MIN, and its row index from linalg.index.
// CHECK-LABEL: func.func @int_max
// CHECK: gpu.launch
// CHECK: arith.constant -2147483648 : i32
// CHECK: scf.for %[[I:[a-z0-9]+]] =
// CHECK: arith.index_cast %[[I]] : index to i32
// CHECK: arith.maxsi
func.func @int_max(%x: memref<2x256xi32>, %r: memref<2xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<2x256xi32>) outs(%r : memref<2xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i32
    %v = arith.addi %in, %c : i32
    %m = arith.maxsi %acc, %v : i32
    linalg.yield %m : i32
  }
  return
}

// -----

// Left to the thread-per-row mapping: rows shorter than 64, a column sum
// (the reduction is not the input's innermost dimension), a matrix product
// (its rhs is walked along columns), 64-bit elements, an accumulator used
// twice, and an op whose result keeps the reduction's dimension.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: gpu.launch
// CHECK-COUNT-6: linalg.
// CHECK-NOT: gpu.launch
func.func @left_alone(%short: memref<8x16xf32>, %rs: memref<8xf32>,
                      %tall: memref<128x8xf32>, %cs: memref<8xf32>,
                      %a: memref<64x128xf32>, %b: memref<128x64xf32>, %c: memref<64x64xf32>,
                      %w: memref<4x128xf64>, %ws: memref<4xf64>,
                      %y: memref<4x128xf32>, %ys: memref<4xf32>) {
  linalg.reduce ins(%short : memref<8x16xf32>) outs(%rs : memref<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%tall : memref<128x8xf32>) outs(%cs : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.matmul ins(%a, %b : memref<64x128xf32>, memref<128x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.reduce ins(%w : memref<4x128xf64>) outs(%ws : memref<4xf64>) dimensions = [1]
    (%in: f64, %acc: f64) {
      %s = arith.addf %in, %acc : f64
      linalg.yield %s : f64
    }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%y : memref<4x128xf32>) outs(%ys : memref<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %p = arith.mulf %in, %acc : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%y : memref<4x128xf32>) outs(%y : memref<4x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  return
}
