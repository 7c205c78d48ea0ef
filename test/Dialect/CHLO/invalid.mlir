// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @top_k_too_large(%x: tensor<5x3xf32>) {
  // expected-error @+1 {{k = 4 must be in [0, 3]}}
  %0:2 = chlo.top_k(%x, k = 4) : tensor<5x3xf32> -> (tensor<5x4xf32>, tensor<5x4xi32>)
  func.return
}

// -----

func.func @top_k_result_shape(%x: tensor<5x3xf32>) {
  // expected-error @+1 {{results must have the operand's shape with the last dimension k}}
  %0:2 = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x3xf32>, tensor<5x2xi32>)
  func.return
}

// -----

func.func @top_k_negative(%x: tensor<5x3xf32>) {
  // expected-error @+1 {{k = -1 must be in [0, 3]}}
  %0:2 = chlo.top_k(%x, k = -1) : tensor<5x3xf32> -> (tensor<5x0xf32>, tensor<5x0xi32>)
  func.return
}
