// RUN: hlox-opt %s --split-input-file --verify-diagnostics

func.func @ranks(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{ranks do not add up: lhs 2, rhs 2 and result 2 with batch_rank 1 and contracting_rank 1}}
  %0 = library.matmul %a, %b batch_rank = 1 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @contracting(%a: tensor<4x8xf32>, %b: tensor<9x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{the contracting dimensions of lhs [8] and rhs [9] differ}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<9x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @transposed_lhs(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{the contracting dimensions of lhs [4] and rhs [8] differ}}
  %0 = library.matmul %a, %b transpose_lhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error @+1 {{the batch dimensions of lhs [2] and rhs [3] differ}}
  %0 = library.matmul %a, %b batch_rank = 1 contracting_rank = 1 : (tensor<2x4x8xf32>, tensor<3x8x16xf32>) -> tensor<2x4x16xf32>
  return %0 : tensor<2x4x16xf32>
}

// -----

func.func @rows(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<5x16xf32> {
  // expected-error @+1 {{the row dimensions of lhs [4] and the result [5] differ}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}

// -----

func.func @columns(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{the column dimensions of rhs [16] and the result [8] differ}}
  %0 = library.matmul %a, %b transpose_rhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @element_type(%a: tensor<4x8xf64>, %b: tensor<8x16xf64>) -> tensor<4x16xf64> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float values}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf64>, tensor<8x16xf64>) -> tensor<4x16xf64>
  return %0 : tensor<4x16xf64>
}

// -----

func.func @dynamic(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{operand #0 must be statically shaped tensor of 32-bit float values}}
  %0 = library.matmul %a, %b batch_rank = 0 contracting_rank = 1 : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @negative(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{attribute 'batch_rank' failed to satisfy constraint}}
  %0 = library.matmul %a, %b batch_rank = -1 contracting_rank = 1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}
