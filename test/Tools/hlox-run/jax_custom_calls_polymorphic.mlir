// A shape-polymorphic export with JAX's annotation custom calls and top_k:
// the program is imported (the calls legalized) before it is specialized,
// so that its shapes refine through them, compiled and interpreted alike.
// RUN: hlox-run --input=3x4xf32=[1,5,2,4][0,0,-1,7][3,3,3,3] --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --input=3x4xf32=[1,5,2,4][0,0,-1,7][3,3,3,3] --print-output %s | FileCheck %s

// CHECK: result[0]: dense<{{\[}}[1.000000e+01, 8.000000e+00], [1.400000e+01, 0.000000e+00], [6.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK: result[1]: dense<{{\[}}[1, 3], [3, 0], [0, 1]]> : tensor<3x2xi32>
func.func @main(%x: tensor<?x4xf32>) -> (tensor<?x2xf32>, tensor<?x2xi32>) {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = stablehlo.add %0, %0 : tensor<?x4xf32>
  %2 = stablehlo.custom_call @annotate_device_placement(%1) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "device"}} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %3:2 = stablehlo.custom_call @mhlo.topk(%2) {mhlo.attributes = {k = 2 : i64}, mhlo.version = 1 : i64} : (tensor<?x4xf32>) -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return %3#0, %3#1 : tensor<?x2xf32>, tensor<?x2xi32>
}
