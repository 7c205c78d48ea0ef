// RUN: hlox-opt %s --split-input-file --hlox-cpu-split-reductions | FileCheck %s

// A row sum of 4096 f32: 32 lanes (four registers of f64 partial sums,
// from -0, the sum's identity) in blocks of eight: the row read as [16, 8,
// 32] through eight views, each step adding a lane's eight values in f32
// (in order: seven adds, each onto the sum before it) and widening that
// once; then the 32 partial sums
// halved in a tree (lanes 0-15 plus 16-31, ... down to one), then the
// output's initial value added, rounded once.
// CHECK-LABEL: func.func @row_sum
// CHECK: %[[X:.*]] = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2, 3]] output_shape [8, 16, 8, 32] : tensor<8x4096xf32> into tensor<8x16x8x32xf32>
// CHECK: %[[V0:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [8, 16, 1, 32] [1, 1, 1, 1] : tensor<8x16x8x32xf32> to tensor<8x16x32xf32>
// CHECK: %[[V1:.*]] = tensor.extract_slice %[[X]][0, 0, 1, 0] [8, 16, 1, 32] [1, 1, 1, 1] : tensor<8x16x8x32xf32> to tensor<8x16x32xf32>
// CHECK-COUNT-6: tensor.extract_slice
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%{{.*}} : tensor<8x32xf64>)
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[V0]], %[[V1]], {{.*}} : {{.*}}) outs(%[[FILL]] : tensor<8x32xf64>)
// CHECK: ^bb0(%[[IN0:[^:]*]]: f32, %[[IN1:[^:]*]]: f32, {{.*}}, %[[ACC:[^:]*]]: f64):
// CHECK: %[[S1:.*]] = arith.addf %[[IN0]], %[[IN1]] : f32
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %{{.*}} : f32
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %{{.*}} : f32
// CHECK-NEXT: %[[S4:.*]] = arith.addf %[[S3]], %{{.*}} : f32
// CHECK-NEXT: %[[S5:.*]] = arith.addf %[[S4]], %{{.*}} : f32
// CHECK-NEXT: %[[S6:.*]] = arith.addf %[[S5]], %{{.*}} : f32
// CHECK-NEXT: %[[S7:.*]] = arith.addf %[[S6]], %{{.*}} : f32
// CHECK-NEXT: %[[WIDE:.*]] = arith.extf %[[S7]] : f32 to f64
// CHECK-NEXT: arith.addf %[[WIDE]], %[[ACC]] : f64
// CHECK: %[[LO:.*]] = tensor.extract_slice %[[PARTIAL]][0, 0] [8, 16] [1, 1] : tensor<8x32xf64> to tensor<8x16xf64>
// CHECK: %[[HI:.*]] = tensor.extract_slice %[[PARTIAL]][0, 16] [8, 16] [1, 1] : tensor<8x32xf64> to tensor<8x16xf64>
// CHECK: %[[HALF:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[LO]], %[[HI]] : tensor<8x16xf64>, tensor<8x16xf64>)
// CHECK: arith.addf {{.*}} : f64
// CHECK: tensor.extract_slice %[[HALF]][0, 0] [8, 8]
// CHECK: tensor.extract_slice %[[HALF]][0, 8] [8, 8]
// CHECK: %[[ONE:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8x1xf64>, tensor<8x1xf64>)
// CHECK: %[[SUMS:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%{{.*}} : tensor<8xf64>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[ONE]] : tensor<8x1xf64>) outs(%[[SUMS]] : tensor<8xf64>)
// CHECK: arith.addf {{.*}} : f64
// CHECK: linalg.generic {{.*}} ins(%[[SUM]], %arg1 : tensor<8xf64>, tensor<8xf32>) outs(%arg1 : tensor<8xf32>)
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK: arith.truncf {{.*}} : f64 to f32
func.func @row_sum(%x: tensor<8x4096xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.reduce ins(%x : tensor<8x4096xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

// A row of 2048 f32 is shorter than blocks pay for: 64 steps of 32 lanes,
// each element widened.
// CHECK-LABEL: func.func @short_row_sum
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [8, 64, 32]
// CHECK-NOT: tensor.extract_slice
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f64):
// CHECK: %[[WIDE:.*]] = arith.extf %[[IN]] : f32 to f64
// CHECK: arith.addf %[[WIDE]], %[[ACC]] : f64
func.func @short_row_sum(%x: tensor<8x2048xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.reduce ins(%x : tensor<8x2048xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// -----

// A sum of exp(x - max) (a softmax's denominator) over 4096: blocks of
// eight, the prologue once per view (each reads the row's one max),
// the eight values added in order, seven f32 adds, before the widening.
// CHECK-LABEL: func.func @sum_of_exp
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2, 3]] output_shape [4, 16, 8, 32]
// CHECK-COUNT-8: tensor.extract_slice
// CHECK: linalg.generic {{.*}} ins({{.*}}, %arg1 : {{.*}}) outs(%{{.*}} : tensor<4x32xf64>)
// CHECK-COUNT-8: math.exp
// CHECK-COUNT-7: arith.addf {{.*}} : f32
// CHECK-NEXT: arith.extf {{.*}} : f32 to f64
// CHECK-NEXT: arith.addf {{.*}} : f64
#row = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @sum_of_exp(%x: tensor<4x4096xf32>, %max: tensor<4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #out, #out], iterator_types = ["parallel", "reduction"]} ins(%x, %max : tensor<4x4096xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %m: f32, %acc: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A row maximum with an elementwise prologue (as a softmax has): split
// with -inf as the partial results' start, the prologue kept in the body;
// 32 elements take one register of lanes (four would need 128).
// CHECK-LABEL: func.func @row_max_of_exp
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x2x16xf32>) outs(%{{.*}} : tensor<2x16xf32>)
// CHECK: math.exp
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<2x8xf32>)
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x1xf32>) outs(%arg1 : tensor<2xf32>)
#row = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @row_max_of_exp(%x: tensor<2x32xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {
  %0 = linalg.generic {indexing_maps = [#row, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x32xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    %m = arith.maximumf %e, %b : f32
    linalg.yield %m : f32
  } -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A whole vector reduced to a scalar (two registers of lanes): the
// lanes' loop is the only one left, and the last op reduces it into the
// rank-0 output (whose map has no results).
// CHECK-LABEL: func.func @max_to_scalar
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x32xf32>) outs(%{{.*}} : tensor<32xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<16xf32>, tensor<16xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<1xf32>) outs(%arg1 : tensor<f32>)
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func @max_to_scalar(%x: tensor<64xf32>, %init: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]} ins(%x : tensor<64xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// What stays: a column reduction (it vectorizes along the rows already),
// a size that is not a multiple of the lanes, one register or less,
// integers, and a body that is no reduction combiner.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: tensor.expand_shape
// CHECK-COUNT-5: linalg.reduce
// CHECK-NOT: tensor.expand_shape
func.func @kept(%c: tensor<64x8xf32>, %i8: tensor<8xf32>, %odd: tensor<8x40xf32>, %one: tensor<8x16xf32>, %ints: tensor<8x64xi32>, %i8i: tensor<8xi32>, %x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xf32>) {
  %0 = linalg.reduce ins(%c : tensor<64x8xf32>) outs(%i8 : tensor<8xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %1 = linalg.reduce ins(%odd : tensor<8x40xf32>) outs(%i8 : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %2 = linalg.reduce ins(%one : tensor<8x16xf32>) outs(%i8 : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  %3 = linalg.reduce ins(%ints : tensor<8x64xi32>) outs(%i8i : tensor<8xi32>) dimensions = [1]
    (%a: i32, %b: i32) {
      %s = arith.addi %a, %b : i32
      linalg.yield %s : i32
    }
  %4 = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%i8 : tensor<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.subf %a, %b : f32
      linalg.yield %s : f32
    }
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<8xf32>
}

// -----

// A row maximum of 256 f32 fills four registers of lanes: four chains of
// max in flight.
// CHECK-LABEL: func.func @row_max_four_registers
// CHECK: tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [2, 4, 64] : tensor<2x256xf32> into tensor<2x4x64xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x4x64xf32>) outs(%{{.*}} : tensor<2x64xf32>)
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x32xf32>, tensor<2x32xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x1xf32>) outs(%arg1 : tensor<2xf32>)
func.func @row_max_four_registers(%x: tensor<2x256xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {
  %0 = linalg.reduce { arith.maximumf } ins(%x : tensor<2x256xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
  return %0 : tensor<2xf32>
}
