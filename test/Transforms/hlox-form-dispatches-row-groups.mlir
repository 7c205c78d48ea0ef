// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg --hlox-fuse-elementwise --hlox-form-dispatches %s | FileCheck %s
// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg --hlox-fuse-elementwise --hlox-form-dispatches=fuse-rows=false %s | FileCheck %s --check-prefix=APART

// A softmax is one row group: the row max, the exponentials, the row sum
// and the quotients in one dispatch, its work one row of each.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%{{.+}}: tensor<4x32xf32>) -> tensor<4x32xf32>
// CHECK-SAME: hlox.row_group = 1 : i64
// CHECK-SAME: hlox.work = 128 : i64, hlox.workgroups = 4 : i64
// CHECK: linalg.reduce { arith.maximumf }
// CHECK: math.exp
// CHECK: linalg.reduce { arith.addf }
// CHECK: arith.divf
// CHECK-NOT: func.func private
// CHECK: func.func @main
// CHECK-NEXT: call @main_dispatch_0
// CHECK-NEXT: return
// APART-COUNT-4: func.func private @main_dispatch_
// APART-NOT: hlox.row_group
func.func @main(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x32xf32>
  %shifted = stablehlo.subtract %x, %maxb : tensor<4x32xf32>
  %e = stablehlo.exponential %shifted : tensor<4x32xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x32xf32>
  %y = stablehlo.divide %e, %sumb : tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

// -----

// A value the host also needs (a result) is not a member: the group that
// computes it ends there, and a second group starts from it.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: -> tensor<4x32xf32>
// CHECK-SAME: hlox.row_group = 1 : i64
// CHECK: linalg.reduce { arith.maximumf }
// CHECK: math.exp
// CHECK-LABEL: func.func private @main_dispatch_1
// CHECK-SAME: hlox.row_group = 1 : i64
// CHECK: linalg.reduce { arith.addf }
// CHECK: arith.divf
// CHECK: func.func @main
// CHECK: %[[E:.+]] = call @main_dispatch_0
// CHECK: %[[Y:.+]] = call @main_dispatch_1(%[[E]])
// CHECK: return %[[Y]], %[[E]]
func.func @main(%x: tensor<4x32xf32>) -> (tensor<4x32xf32>, tensor<4x32xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x32xf32>
  %shifted = stablehlo.subtract %x, %maxb : tensor<4x32xf32>
  %e = stablehlo.exponential %shifted : tensor<4x32xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x32xf32>
  %y = stablehlo.divide %e, %sumb : tensor<4x32xf32>
  return %y, %e : tensor<4x32xf32>, tensor<4x32xf32>
}

// -----

// A column reduction feeds every row of its consumer: each row would need
// all rows of the input, so it stays a dispatch of its own.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-NOT: hlox.row_group
// CHECK: linalg.reduce
// CHECK-LABEL: func.func private @main_dispatch_1
// CHECK-NOT: hlox.row_group
// CHECK: arith.subf
func.func @main(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x32xf32>, tensor<f32>) -> tensor<32xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
  %y = stablehlo.subtract %x, %sumb : tensor<4x32xf32>
  return %y : tensor<4x32xf32>
}

// -----

// A softmax over the last axis of a 3-d tensor could have two row
// dimensions, but rows of 48 elements are too short: its rows take one
// dimension, two workgroups of 3x48.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.row_group = 1 : i64, hlox.work = 576 : i64, hlox.workgroups = 2 : i64
// CHECK: linalg.reduce { arith.maximumf }
// CHECK: linalg.reduce { arith.addf }
// CHECK-NOT: func.func private
func.func @main(%x: tensor<2x3x48xf32>) -> tensor<2x3x48xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<2x3x48xf32>, tensor<f32>) -> tensor<2x3xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3x48xf32>
  %shifted = stablehlo.subtract %x, %maxb : tensor<2x3x48xf32>
  %e = stablehlo.exponential %shifted : tensor<2x3x48xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<2x3x48xf32>, tensor<f32>) -> tensor<2x3xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3x48xf32>
  %y = stablehlo.divide %e, %sumb : tensor<2x3x48xf32>
  return %y : tensor<2x3x48xf32>
}

// -----

// A 2x40x40x64 pool with its ReLU (a window reduction: no result dimension
// is reduced) would have rows of one pixel's 64 channels; they grow to the
// first row rank whose rows hold at least 1024 elements: 40x64.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.row_group = 2 : i64
// CHECK-SAME: hlox.workgroups = 80 : i64
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK-NOT: func.func private
func.func @main(%x: tensor<2x80x80x64xf32>) -> tensor<2x40x40x64xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x80x80x64xf32>, tensor<f32>) -> tensor<2x40x40x64xf32>
  %zb = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x40x40x64xf32>
  %y = stablehlo.maximum %pool, %zb : tensor<2x40x40x64xf32>
  return %y : tensor<2x40x40x64xf32>
}

// -----

// Rows of 512 (an attention softmax's) would grow to 512x512 elements,
// beyond 16384: they stay rows of 512.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.row_group = 3 : i64
// CHECK-SAME: hlox.workgroups = 4096 : i64
func.func @main(%x: tensor<2x4x512x512xf32>) -> tensor<2x4x512x512xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x512x512xf32>, tensor<f32>) -> tensor<2x4x512xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0, 1, 2] : (tensor<2x4x512xf32>) -> tensor<2x4x512x512xf32>
  %y = stablehlo.subtract %x, %maxb : tensor<2x4x512x512xf32>
  return %y : tensor<2x4x512x512xf32>
}

// -----

// A padded pool: the pad feeds the pool alone, so it joins the pool's row
// group (with the ReLU after it) instead of writing the whole padded input
// in a dispatch of its own; the dispatch takes the unpadded input.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%{{.+}}: tensor<2x80x80x64xf32>) -> tensor<2x40x40x64xf32>
// CHECK-SAME: hlox.row_group = 2 : i64
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 1, 1, 0] [2, 80, 80, 64] [1, 1, 1, 1]
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: func.func private
func.func @main(%x: tensor<2x80x80x64xf32>) -> tensor<2x40x40x64xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%x, %ninf) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x80x80x64xf32>, tensor<f32>) -> tensor<2x40x40x64xf32>
  %zb = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<2x40x40x64xf32>
  %y = stablehlo.maximum %pool, %zb : tensor<2x40x40x64xf32>
  return %y : tensor<2x40x40x64xf32>
}

// -----

// A padded pool alone joins its pad too, once its rows are long enough.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%{{.+}}: tensor<2x80x80x64xf32>) -> tensor<2x40x40x64xf32>
// CHECK-SAME: hlox.row_group = 2 : i64
// CHECK-NOT: func.func private
func.func @main(%x: tensor<2x80x80x64xf32>) -> tensor<2x40x40x64xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%x, %ninf) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x80x80x64xf32>, tensor<f32>) -> tensor<2x40x40x64xf32>
  return %pool : tensor<2x40x40x64xf32>
}

// -----

// A pad that every row reads whole (a padded bias broadcast along the
// rows) stays a dispatch of its own: each row would pad all of it again.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%{{.+}}: tensor<2040xf32>) -> tensor<2048xf32>
// CHECK: tensor.insert_slice
// CHECK-LABEL: func.func private @main_dispatch_1
// CHECK-SAME: (%{{.+}}: tensor<8x2048xf32>, %{{.+}}: tensor<2048xf32>)
// CHECK-SAME: hlox.row_group = 1 : i64
// CHECK-NOT: tensor.insert_slice
func.func @main(%x: tensor<8x2048xf32>, %b: tensor<2040xf32>) -> tensor<8x2048xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %bp = stablehlo.pad %b, %zero, low = [0], high = [8], interior = [0] : (tensor<2040xf32>, tensor<f32>) -> tensor<2048xf32>
  %bb = stablehlo.broadcast_in_dim %bp, dims = [1] : (tensor<2048xf32>) -> tensor<8x2048xf32>
  %s = stablehlo.add %x, %bb : tensor<8x2048xf32>
  %max = stablehlo.reduce(%s init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x2048xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<8xf32>) -> tensor<8x2048xf32>
  %y = stablehlo.subtract %s, %mb : tensor<8x2048xf32>
  return %y : tensor<8x2048xf32>
}
