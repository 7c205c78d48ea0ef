// RUN: hlox-opt --hlox-fuse-elementwise %s | FileCheck %s

#id = affine_map<(d0) -> (d0)>
// An elementwise producer with one user fuses into it; nothing on the
// constants is computed at compile time.
// CHECK-LABEL: func.func @chain
// CHECK: %[[C:.+]] = arith.constant dense<[1.000000e+00, 2.000000e+00]>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[C]], %{{.+}} : tensor<2xf32>, tensor<2xf32>)
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @chain(%b: tensor<2xf32>) -> tensor<2xf32> {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %a : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%0, %b : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// A computing producer stays apart from a consumer that rereads its
// elements (a matrix product's lhs, read once per column): fused, it would
// be recomputed per read. A broadcast, which only moves data, fuses.
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @relu_then_matmul
// CHECK: %[[RELU:.+]] = linalg.generic
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[RELU]], %{{.+}} : tensor<4x8xf32>, tensor<8x3xf32>)
// CHECK-NOT: arith.maximumf
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @relu_then_matmul(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>, %acc: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%relu, %w : tensor<4x8xf32>, tensor<8x3xf32>) outs(%acc : tensor<4x3xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @broadcast_then_matmul
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<8xf32>, tensor<8x3xf32>)
// CHECK-NOT: linalg.generic
func.func @broadcast_then_matmul(%v: tensor<8xf32>, %w: tensor<8x3xf32>, %acc: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%b, %w : tensor<4x8xf32>, tensor<8x3xf32>) outs(%acc : tensor<4x3xf32>) {
  ^bb0(%a: f32, %bb: f32, %c: f32):
    %p = arith.mulf %a, %bb : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// A splat of zero that two ReLUs read (the broadcast of one constant that
// CSE shared): each ReLU gets a copy and fuses it, and no generic is left
// that only writes zeros.
// CHECK-LABEL: func.func @shared_splat
// CHECK-COUNT-2: arith.maximumf %{{.+}}, %{{.+}} : f32
// CHECK-NOT: linalg.generic {{.+}} outs(%{{.+}} : tensor<4x8xf32>) {
// CHECK: return
func.func @shared_splat(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x8xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<4x8xf32>
  %0 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %z : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%b, %z : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// A cheap producer (a subtraction) that two consumers read, one of them a
// row sum: each gets a copy and fuses it, and the sum, a linalg.reduce of
// a generic, becomes a generic that the copy fuses into. The difference is
// never written to memory.
#col = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @cheap_shared
// CHECK: %[[SUM:.+]] = linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%arg0, %arg1, %[[SUM]] :
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @cheap_shared(%x: tensor<4x8xf32>, %m: tensor<4xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %d = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %sq = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%d : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %a, %a : f32
    linalg.yield %p : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %r = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.reduce { arith.addf } ins(%sq : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%d, %sum : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// An exponential is not repeated: shared by a sum and a quotient (a
// softmax), it stays one generic, and the sum stays a linalg.reduce.
// CHECK-LABEL: func.func @costly_shared
// CHECK-COUNT-1: math.exp
// CHECK: linalg.reduce { arith.addf }
// CHECK: arith.divf
func.func @costly_shared(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %x2 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = math.exp %a : f32
    linalg.yield %p : f32
  } -> tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %r = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%r : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.reduce { arith.addf } ins(%x2 : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
  %y = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]} ins(%x2, %sum : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.divf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
