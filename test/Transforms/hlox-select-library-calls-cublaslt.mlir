// The CUDA target's selection: products take the bias, residual and ReLU
// after them as cuBLASLt's epilogue, and bf16 contractions are library
// products too. Without the options (the CPU's), neither happens.
// RUN: hlox-opt %s --split-input-file --hlox-select-library-calls="min-flops=0 product-epilogues=true bf16-products=true" | FileCheck %s
// RUN: hlox-opt %s --split-input-file --hlox-select-library-calls=min-flops=0 | FileCheck %s --check-prefix=CPU

// A linear layer with ReLU: bias, then ReLU.
// CHECK-LABEL: func.func @bias_relu
// CHECK: %[[R:.*]] = library.matmul %arg0, %arg1 bias %arg2 relu transpose_rhs batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return %[[R]]
// CPU-LABEL: func.func @bias_relu
// CPU: library.matmul %arg0, %arg1 transpose_rhs batch_rank = 0 contracting_rank = 1 :
// CPU: stablehlo.add
// CPU: stablehlo.maximum
func.func @bias_relu(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<4x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x16xf32>
  %3 = stablehlo.maximum %2, %zero : tensor<4x16xf32>
  return %3 : tensor<4x16xf32>
}

// -----

// A residual, then the bias (either order), operands commuted.
// CHECK-LABEL: func.func @residual_bias
// CHECK: %[[R:.*]] = library.matmul %arg0, %arg1 bias %arg3 addend %arg2 batch_rank = 0 contracting_rank = 1 :
// CHECK-NEXT: return %[[R]]
func.func @residual_bias(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %r: tensor<4x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.add %r, %0 : tensor<4x16xf32>
  %2 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %3 = stablehlo.add %2, %1 : tensor<4x16xf32>
  return %3 : tensor<4x16xf32>
}

// -----

// A bias along the rows is not cuBLASLt's (it adds along the columns of
// the row-major result); a product used twice keeps its add; -0.0 is not
// ReLU's zero.
// CHECK-LABEL: func.func @not_taken
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// CHECK: stablehlo.add
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// CHECK: stablehlo.add
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// CHECK: stablehlo.maximum
func.func @not_taken(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %rows: tensor<4xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.broadcast_in_dim %rows, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<4x16xf32>
  %3 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %4 = stablehlo.add %3, %3 : tensor<4x16xf32>
  %5 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %nz = stablehlo.constant dense<-0.0> : tensor<4x16xf32>
  %6 = stablehlo.maximum %5, %nz : tensor<4x16xf32>
  return %2, %4, %6, %3 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// bf16 operands: a bf16 result (with a bf16 bias) and an f32 one.
// CHECK-LABEL: func.func @bf16
// CHECK: library.matmul %arg0, %arg1 bias %arg2 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<8x16xbf16>, tensor<16xbf16>) -> tensor<4x16xbf16>
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
// CPU-LABEL: func.func @bf16
// CPU-NOT: library.matmul
func.func @bf16(%x: tensor<4x8xbf16>, %w: tensor<8x16xbf16>, %b: tensor<16xbf16>) -> (tensor<4x16xbf16>, tensor<4x16xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xbf16>) -> tensor<4x16xbf16>
  %2 = stablehlo.add %0, %1 : tensor<4x16xbf16>
  %3 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  return %2, %3 : tensor<4x16xbf16>, tensor<4x16xf32>
}
