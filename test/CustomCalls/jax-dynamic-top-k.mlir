// stablehlo.dynamic_top_k of a shape-polymorphic export, its sizes constants
// once the program is specialized to its arguments; compiled and interpreted.
// RUN: hlox-run --input=4x3xf32=0,1,2,3,4,5,6,7,8,9,10,11 --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --input=4x3xf32=0,1,2,3,4,5,6,7,8,9,10,11 --print-output %s | FileCheck %s

// CHECK: result[0]: dense<{{\[\[}}2.000000e+00, 1.000000e+00], [5.000000e+00, 4.000000e+00], [8.000000e+00, 7.000000e+00], [1.100000e+01, 1.000000e+01]]> : tensor<4x2xf32>
// CHECK-NEXT: result[1]: dense<{{\[\[}}2, 1], [2, 1], [2, 1], [2, 1]]> : tensor<4x2xi32>
// k = b - 1 for an input of shape (4, b).
func.func @main(%x: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x?xi32>) {
  %b = stablehlo.get_dimension_size %x, dim = 1 : (tensor<4x?xf32>) -> tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %k = stablehlo.subtract %b, %one : tensor<i32>
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) {api_version = 2 : i32} : (tensor<4x?xf32>, tensor<i32>) -> (tensor<4x?xf32>, tensor<4x?xi32>)
  return %r#0, %r#1 : tensor<4x?xf32>, tensor<4x?xi32>
}
