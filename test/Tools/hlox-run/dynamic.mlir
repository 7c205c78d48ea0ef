// A shape-polymorphic program runs once its arguments are given: it is
// specialized to their shapes and to the value of its dimension argument,
// compiled or interpreted alike.
// RUN: hlox-run %s --input=i64=2 --input=2x3xf32=1,2,3,4,5,6 --print-output | FileCheck %s
// RUN: hlox-run --interpret %s --input=i64=2 --input=2x3xf32=1,2,3,4,5,6 --print-output | FileCheck %s
// RUN: %expect-exit 2 hlox-run %s --input=i64=2 --input=2x3xf64=1 2>&1 | FileCheck %s --check-prefix=TYPE

// CHECK: result[0]: dense<{{\[}}[2.000000e+00, 4.000000e+00, 6.000000e+00], [8.000000e+00, 1.000000e+01, 1.200000e+01]]> : tensor<2x3xf32>
// TYPE: error: --input 1: @main expects tensor<?x3xf32>, got tensor<2x3xf64>
func.func @main(%n: tensor<i64>, %x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.convert %n : (tensor<i64>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c3 = stablehlo.constant dense<3> : tensor<1xi32>
  %shape = stablehlo.concatenate %1, %c3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %2 = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
  %3 = stablehlo.add %2, %x : tensor<?x3xf32>
  return %3 : tensor<?x3xf32>
}
