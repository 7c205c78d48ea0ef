// RUN: hlox-opt --split-input-file --hlox-form-dispatches %s | FileCheck %s
// RUN: hlox-opt --split-input-file --hlox-form-dispatches=opaque-constants=true %s | FileCheck %s --check-prefix=OPAQUE

// A compute op becomes a dispatch with the cheap producers it needs
// (tensor.empty, linalg.fill, scalar ops, splat constants) cloned in; the
// host function keeps the non-splat constant and calls the dispatch.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>) -> tensor<2xf32>
// CHECK-SAME: hlox.workgroups = 2 : i64
// CHECK: arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: tensor.extract
// CHECK: tensor.empty
// CHECK: linalg.fill
// CHECK: linalg.reduce
// CHECK: func.func @main
// CHECK: %[[C:.+]] = arith.constant dense<{{.+}}> : tensor<2x3xf32>
// CHECK: call @main_dispatch_0(%[[C]])
// OPAQUE-LABEL: func.func private @main_dispatch_0
// OPAQUE-SAME: (%{{.+}}: tensor<2x3xf32>, %{{.+}}: tensor<f32>) -> tensor<2xf32>
func.func @main() -> tensor<2xf32> {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %z = arith.constant dense<0.0> : tensor<f32>
  %s = tensor.extract %z[] : tensor<f32>
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<2x3xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
  return %r : tensor<2xf32>
}

// -----

// A column reduction splits into workgroups along its first parallel loop,
// the second one; a loop of one iteration is skipped for the next.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%{{.+}}: tensor<8x1x4xf32>) -> tensor<1x4xf32>
// CHECK-SAME: hlox.work = 8 : i64, hlox.workgroups = 4 : i64
func.func @main(%x: tensor<8x1x4xf32>) -> tensor<1x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8x1x4xf32>) outs(%f : tensor<1x4xf32>) dimensions = [0]
  return %r : tensor<1x4xf32>
}

// -----

// Check ops stay in the host function; a result without elements becomes
// an empty host constant.
// CHECK-LABEL: func.func @main(%{{.+}}: tensor<0x3xf32>)
// CHECK: arith.constant dense<> : tensor<0x3xf32>
// CHECK: check.expect_eq_const
func.func @main(%a: tensor<0x3xf32>) {
  %e = tensor.empty() : tensor<0x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<0x3xf32>) outs(%e : tensor<0x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<0x3xf32>
  check.expect_eq_const %r, dense<> : tensor<0x3xf32>
  return
}

// -----

// A pad (an insert into a filled tensor that covers all of dimension 0)
// splits into workgroups along dimension 0, one row of 5 each.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.work = 5 : i64, hlox.workgroups = 4 : i64
// CHECK: tensor.insert_slice
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x5xf32> {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %p = tensor.insert_slice %x into %f[0, 1] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// -----

// A concatenation along dimension 1 (a chain of inserts into a fresh
// tensor, each covering all of dimension 0) is one dispatch whose
// workgroups split dimension 0; every link comes along.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.work = 9 : i64, hlox.workgroups = 4 : i64
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 0] [4, 3]
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 3] [4, 2]
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 5] [4, 4]
// CHECK-NOT: func.func private
func.func @main(%a: tensor<4x3xf32>, %b: tensor<4x2xf32>, %c: tensor<4x4xf32>) -> tensor<4x9xf32> {
  %e = tensor.empty() : tensor<4x9xf32>
  %0 = tensor.insert_slice %a into %e[0, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x9xf32>
  %1 = tensor.insert_slice %b into %0[0, 3] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x9xf32>
  %2 = tensor.insert_slice %c into %1[0, 5] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<4x9xf32>
  return %2 : tensor<4x9xf32>
}

// -----

// Along dimension 0 the chain is one dispatch too, so that each insert
// writes into its output in place instead of copying the tensor before
// it; its workgroups are the rows, each taking the part of each operand
// that falls in them.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.workgroups = 6 : i64
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[0, 0] [2, 3]
// CHECK: tensor.insert_slice %{{.+}} into %{{.+}}[2, 0] [4, 3]
// CHECK-NOT: func.func private
func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %e = tensor.empty() : tensor<6x3xf32>
  %0 = tensor.insert_slice %a into %e[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x3xf32>
  %1 = tensor.insert_slice %b into %0[2, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x3xf32>
  return %1 : tensor<6x3xf32>
}

// -----

// A link that something else uses too stays a dispatch of its own.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-LABEL: func.func private @main_dispatch_1
func.func @main(%a: tensor<4x3xf32>, %b: tensor<4x2xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  %e = tensor.empty() : tensor<4x5xf32>
  %0 = tensor.insert_slice %a into %e[0, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<4x5xf32>
  %1 = tensor.insert_slice %b into %0[0, 3] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x5xf32>
  return %0, %1 : tensor<4x5xf32>, tensor<4x5xf32>
}
