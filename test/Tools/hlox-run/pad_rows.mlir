// RUN: hlox-run %s --split-input-file --random-inputs --num-threads=2 --compare-with-interpreter --rtol=0 --atol=0 | FileCheck %s
// RUN: hlox-opt %s --split-input-file --hlox-phase-input --hlox-phase-stablehlo --hlox-phase-linalg | FileCheck %s --check-prefix=SPLIT

// Pads and concatenations whose dimension 0 is 1 (a batch of one image)
// split the rows of their first larger dimension between the workgroups,
// each workgroup filling its rows and copying in the part of each source
// that falls in them, padded rows included.

// The max pool's -inf border of an NHWC image: rows of the height, two
// of them all border.
// SPLIT: func.func private @main_dispatch_0({{.*}}) -> tensor<1x19x21x8xf32> attributes {hlox.dispatch, hlox.work = 168 : i64, hlox.workgroups = 19 : i64}
// CHECK: result[0] tensor<1x19x21x8xf32>: 0 of 3192 elements differ
func.func @main(%x: tensor<1x17x17x8xf32>) -> tensor<1x19x21x8xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.pad %x, %ninf, low = [0, 1, 3, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x17x17x8xf32>, tensor<f32>) -> tensor<1x19x21x8xf32>
  return %0 : tensor<1x19x21x8xf32>
}

// -----

// A concatenation along the rows after a batch of one: each workgroup
// takes the part of each operand in its rows.
// SPLIT: func.func private @main_dispatch_0({{.*}}) -> tensor<1x1x12x5xf32> attributes {hlox.dispatch, hlox.work = 5 : i64, hlox.workgroups = 12 : i64}
// CHECK: result[0] tensor<1x1x12x5xf32>: 0 of 60 elements differ
func.func @main(%a: tensor<1x1x7x5xf32>, %b: tensor<1x1x5x5xf32>) -> tensor<1x1x12x5xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 2 : (tensor<1x1x7x5xf32>, tensor<1x1x5x5xf32>) -> tensor<1x1x12x5xf32>
  return %0 : tensor<1x1x12x5xf32>
}

// -----

// Dimension 0 larger than 1 stays the rows (padded too now).
// SPLIT: func.func private @main_dispatch_0({{.*}}) -> tensor<9x6xi32> attributes {hlox.dispatch, hlox.work = 6 : i64, hlox.workgroups = 9 : i64}
// CHECK: result[0] tensor<9x6xi32>: 0 of 54 elements differ
func.func @main(%x: tensor<4x3xi32>) -> tensor<9x6xi32> {
  %c = stablehlo.constant dense<7> : tensor<i32>
  %0 = stablehlo.pad %x, %c, low = [2, 1], high = [3, 2], interior = [0, 0] : (tensor<4x3xi32>, tensor<i32>) -> tensor<9x6xi32>
  return %0 : tensor<9x6xi32>
}
