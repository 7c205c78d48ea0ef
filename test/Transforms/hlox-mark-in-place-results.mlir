// RUN: hlox-opt %s --hlox-mark-in-place-results --split-input-file | FileCheck %s

// An elementwise root reads its first operand at the place it writes: the
// result may go into that operand's buffer. The second operand is read by
// the same generic, but the result is taken.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func private @sgd
// CHECK-SAME: hlox.in_place = array<i64: 0>
func.func private @sgd(%p: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<8xf32>
    attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%p, %g : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %1 = arith.subf %a, %b : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Two results, each from a generic of its own: each takes the operand
// that only its generic reads.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func private @two
// CHECK-SAME: hlox.in_place = array<i64: 1, 0>
func.func private @two(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %1 = arith.negf %x : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %3 = arith.addf %x, %x : f32
    linalg.yield %3 : f32
  } -> tensor<8xf32>
  return %0, %2 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A transpose reads other places than it writes: no mark.
#t = affine_map<(d0, d1) -> (d1, d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func private @transpose
// CHECK-NOT: hlox.in_place
func.func private @transpose(%a: tensor<4x4xf32>) -> tensor<4x4xf32>
    attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<4x4xf32>
  %0 = linalg.generic {indexing_maps = [#t, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// The operand also feeds another op of the kernel (a reduction whose sum
// the root adds): no mark, whatever order the kernel runs them in.
#id = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func private @center
// CHECK-NOT: hlox.in_place
func.func private @center(%a: tensor<8xf32>) -> tensor<8xf32>
    attributes {hlox.dispatch} {
  %z = arith.constant 0.0 : f32
  %s0 = tensor.empty() : tensor<f32>
  %s1 = linalg.fill ins(%z : f32) outs(%s0 : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id, #sum], iterator_types = ["reduction"]}
      ins(%a : tensor<8xf32>) outs(%s1 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %1 = arith.addf %x, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<f32>
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #sum, #id], iterator_types = ["parallel"]}
      ins(%a, %s : tensor<8xf32>, tensor<f32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %2 = arith.subf %x, %m : f32
    linalg.yield %2 : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Types differ (a widening): no mark. Functions that are not dispatches
// are left alone.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func private @widen
// CHECK-NOT: hlox.in_place
func.func private @widen(%a: tensor<8xf16>) -> tensor<8xf32>
    attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf16>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f16, %o: f32):
    %1 = arith.extf %x : f16 to f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
// CHECK-LABEL: func.func @host
// CHECK-NOT: hlox.in_place
func.func @host(%a: tensor<8xf32>) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}
