// RUN: hlox-opt --split-input-file --hlox-fuse-matmul-epilogues %s | FileCheck %s

// A bias along the columns: the dispatch becomes the product's epilogue,
// the product its first argument, its workgroup marks gone.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: (%[[P:.+]]: tensor<8x40xf32>, %[[B:.+]]: tensor<40xf32>) -> tensor<8x40xf32>
// CHECK-SAME: hlox.matmul_epilogue = 1 : i64
// CHECK-NOT: hlox.workgroups
// CHECK: linalg.generic {{.*}} ins(%[[B]], %[[P]] :
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.+]]: tensor<8x16xf32>, %[[W:.+]]: tensor<16x40xf32>, %[[BIAS:.+]]: tensor<40xf32>)
// CHECK: %[[R:.+]] = library.matmul %[[X]], %[[W]] batch_rank = 0 contracting_rank = 1 hlox_kernel epilogue @main_dispatch_0(%[[BIAS]])
// CHECK-NOT: call
// CHECK: return %[[R]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func private @main_dispatch_0(%b: tensor<40xf32>, %p: tensor<8x40xf32>) -> tensor<8x40xf32> attributes {hlox.dispatch, hlox.work = 40 : i64, hlox.workgroups = 8 : i64} {
  %e = tensor.empty() : tensor<8x40xf32>
  %r = linalg.generic {indexing_maps = [#col, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %p : tensor<40xf32>, tensor<8x40xf32>) outs(%e : tensor<8x40xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x40xf32>
  return %r : tensor<8x40xf32>
}
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x40xf32>, %bias: tensor<40xf32>) -> tensor<8x40xf32> {
  %p = library.matmul %x, %w batch_rank = 0 contracting_rank = 1 hlox_kernel : (tensor<8x16xf32>, tensor<16x40xf32>) -> tensor<8x40xf32>
  %r = call @main_dispatch_0(%bias, %p) : (tensor<40xf32>, tensor<8x40xf32>) -> tensor<8x40xf32>
  return %r : tensor<8x40xf32>
}

// -----

// Rows of two dimensions with a residual shaped like the product.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-SAME: hlox.matmul_epilogue = 2 : i64
// CHECK: library.matmul {{.*}} epilogue @main_dispatch_0(%{{.+}}) : (tensor<2x4x16xf32>, tensor<16x40xf32>, tensor<2x4x40xf32>) -> tensor<2x4x40xf32>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func private @main_dispatch_0(%p: tensor<2x4x40xf32>, %r: tensor<2x4x40xf32>) -> tensor<2x4x40xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<2x4x40xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p, %r : tensor<2x4x40xf32>, tensor<2x4x40xf32>) outs(%e : tensor<2x4x40xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %a = arith.addf %x, %y : f32
    linalg.yield %a : f32
  } -> tensor<2x4x40xf32>
  return %s : tensor<2x4x40xf32>
}
func.func @main(%x: tensor<2x4x16xf32>, %w: tensor<16x40xf32>, %r: tensor<2x4x40xf32>) -> tensor<2x4x40xf32> {
  %p = library.matmul %x, %w batch_rank = 0 contracting_rank = 1 : (tensor<2x4x16xf32>, tensor<16x40xf32>) -> tensor<2x4x40xf32>
  %s = call @main_dispatch_0(%p, %r) : (tensor<2x4x40xf32>, tensor<2x4x40xf32>) -> tensor<2x4x40xf32>
  return %s : tensor<2x4x40xf32>
}

// -----

// A value per first row dimension alone cannot be seen by rows of the
// collapsed [2 x 4] rows: no epilogue.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-NOT: hlox.matmul_epilogue
// CHECK: call @main_dispatch_0
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#first = affine_map<(d0, d1, d2) -> (d0)>
func.func private @main_dispatch_0(%p: tensor<2x4x40xf32>, %s: tensor<2xf32>) -> tensor<2x4x40xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<2x4x40xf32>
  %r = linalg.generic {indexing_maps = [#id, #first, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p, %s : tensor<2x4x40xf32>, tensor<2xf32>) outs(%e : tensor<2x4x40xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %a = arith.mulf %x, %y : f32
    linalg.yield %a : f32
  } -> tensor<2x4x40xf32>
  return %r : tensor<2x4x40xf32>
}
func.func @main(%x: tensor<2x4x16xf32>, %w: tensor<16x40xf32>, %s: tensor<2xf32>) -> tensor<2x4x40xf32> {
  %p = library.matmul %x, %w batch_rank = 0 contracting_rank = 1 : (tensor<2x4x16xf32>, tensor<16x40xf32>) -> tensor<2x4x40xf32>
  %r = call @main_dispatch_0(%p, %s) : (tensor<2x4x40xf32>, tensor<2xf32>) -> tensor<2x4x40xf32>
  return %r : tensor<2x4x40xf32>
}

// -----

// The product transposed by its consumer, or also returned: no epilogue.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-NOT: hlox.matmul_epilogue
// CHECK-LABEL: func.func private @main_dispatch_1
// CHECK-NOT: hlox.matmul_epilogue
// CHECK-LABEL: func.func @main
// CHECK-NOT: epilogue
// CHECK: call @main_dispatch_0
// CHECK: call @main_dispatch_1
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
func.func private @main_dispatch_0(%p: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func private @main_dispatch_1(%p: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {hlox.dispatch} {
  %e = tensor.empty() : tensor<8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func @main(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %p = library.matmul %x, %w batch_rank = 0 contracting_rank = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = call @main_dispatch_0(%p) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %q = library.matmul %w, %x batch_rank = 0 contracting_rank = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %n = call @main_dispatch_1(%q) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %t, %n, %q : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A reduction of the product is not elementwise: no epilogue.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK-NOT: hlox.matmul_epilogue
// CHECK: call @main_dispatch_0
func.func private @main_dispatch_0(%p: tensor<8x8xf32>) -> tensor<8xf32> attributes {hlox.dispatch} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.reduce { arith.addf } ins(%p : tensor<8x8xf32>) outs(%f : tensor<8xf32>) dimensions = [1]
  return %r : tensor<8xf32>
}
func.func @main(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8xf32> {
  %p = library.matmul %x, %w batch_rank = 0 contracting_rank = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = call @main_dispatch_0(%p) : (tensor<8x8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
