// set_dimension_size with a constant size inside a static function: the
// refinement makes it a slice and the bounded dynamic values after it
// static, compiled or interpreted alike. An elementwise op on such a value
// takes its operand's run-time shape in the evaluator.
// RUN: hlox-run %s --input=4x3xf32=1,2,3,4,5,6,7,8,9,10,11,12 --print-output | FileCheck %s
// RUN: hlox-run --opaque-constants %s --input=4x3xf32=1,2,3,4,5,6,7,8,9,10,11,12 --print-output | FileCheck %s
// RUN: hlox-run --interpret %s --input=4x3xf32=1,2,3,4,5,6,7,8,9,10,11,12 --print-output | FileCheck %s

// CHECK: result[0]: dense<{{\[}}[2.000000e+00, 8.000000e+00], [4.000000e+00, 1.000000e+01], [6.000000e+00, 1.200000e+01]]> : tensor<3x2xf32>
func.func @main(%x: tensor<4x3xf32>) -> tensor<3x2xf32> {
  %n = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>
  %1 = stablehlo.add %0, %0 : tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>
  %2 = stablehlo.transpose %1, dims = [1, 0] : (tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>) -> tensor<3x?xf32, #stablehlo.type_extensions<bounds = [?, 4]>>
  %3 = stablehlo.reshape %2 : (tensor<3x?xf32, #stablehlo.type_extensions<bounds = [?, 4]>>) -> tensor<3x2xf32>
  return %3 : tensor<3x2xf32>
}
