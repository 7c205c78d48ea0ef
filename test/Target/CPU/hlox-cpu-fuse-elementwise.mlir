// RUN: hlox-opt --hlox-cpu-fuse-elementwise %s | FileCheck %s

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
