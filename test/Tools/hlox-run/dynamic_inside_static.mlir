// RUN: hlox-run %s
// RUN: hlox-run --interpret %s

// A static function with dynamic values inside (through a convert and a
// tensor.cast) compiles and runs as the evaluator does.

func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %w = stablehlo.constant dense<[[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]]> : tensor<2x3xf32>
  %i = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %0 = stablehlo.convert %x : (tensor<3x2xf32>) -> tensor<?x?xf32>
  %1 = stablehlo.dot %0, %w : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<?x?xf32>
  %2 = tensor.cast %1 : tensor<?x?xf32> to tensor<3x3xf32>
  check.expect_eq_const %2, dense<[[1.0, 2.0, 0.0], [3.0, 4.0, 2.0], [5.0, 6.0, 4.0]]> : tensor<3x3xf32>
  %3 = tensor.cast %x : tensor<3x2xf32> to tensor<?x2xf32>
  %4 = "stablehlo.torch_index_select"(%3, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<?x2xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  %5 = tensor.cast %4 : tensor<?x2xf32> to tensor<2x2xf32>
  check.expect_eq_const %5, dense<[[5.0, 6.0], [1.0, 2.0]]> : tensor<2x2xf32>
  func.return
}
