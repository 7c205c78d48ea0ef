// The CUDA target's selection: products take the bias, residual and ReLU
// after them as cuBLASLt's epilogue, and bf16 contractions are library
// products too. Without the options (the CPU's), neither happens.
// RUN: hlox-opt %s --split-input-file --hlox-select-library-calls="min-flops=0 product-epilogues=true half-products=true" | FileCheck %s
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

// bf16 operands: a bf16 result (with a bf16 bias) and an f32 one; f16
// likewise.
// CHECK-LABEL: func.func @bf16
// CHECK: library.matmul %arg0, %arg1 bias %arg2 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<8x16xbf16>, tensor<16xbf16>) -> tensor<4x16xbf16>
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
// CHECK: library.matmul %arg3, %arg4 addend %arg5 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf16>, tensor<8x16xf16>, tensor<4x16xf16>) -> tensor<4x16xf16>
// CHECK: library.matmul %arg3, %arg4 batch_rank = 0 contracting_rank = 1 : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf32>
// CPU-LABEL: func.func @bf16
// CPU-NOT: library.matmul
func.func @bf16(%x: tensor<4x8xbf16>, %w: tensor<8x16xbf16>, %b: tensor<16xbf16>, %xh: tensor<4x8xf16>, %wh: tensor<8x16xf16>, %r: tensor<4x16xf16>) -> (tensor<4x16xbf16>, tensor<4x16xf32>, tensor<4x16xf16>, tensor<4x16xf32>) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xbf16>) -> tensor<4x16xbf16>
  %2 = stablehlo.add %0, %1 : tensor<4x16xbf16>
  %3 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  %4 = stablehlo.dot_general %xh, %wh, contracting_dims = [1] x [0] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf16>
  %5 = stablehlo.add %4, %r : tensor<4x16xf16>
  %6 = stablehlo.dot_general %xh, %wh, contracting_dims = [1] x [0] : (tensor<4x8xf16>, tensor<8x16xf16>) -> tensor<4x16xf32>
  return %2, %3, %5, %6 : tensor<4x16xbf16>, tensor<4x16xf32>, tensor<4x16xf16>, tensor<4x16xf32>
}

// -----

// GELU's tanh form as JAX writes it (jax.nn.gelu(approximate=True)): x^3 a
// product of three x, x times 0.5 (1 + tanh(...)).
// CHECK-LABEL: func.func @gelu_jax
// CHECK: %[[R:.*]] = library.matmul %arg0, %arg1 bias %arg2 gelu_tanh batch_rank = 0 contracting_rank = 1 :
// CHECK-NOT: stablehlo.tanh
// CHECK: return %[[R]]
// CPU-LABEL: func.func @gelu_jax
// CPU: stablehlo.tanh
func.func @gelu_jax(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %v = stablehlo.add %0, %1 : tensor<4x16xf32>
  %sq = stablehlo.multiply %v, %v : tensor<4x16xf32>
  %cube = stablehlo.multiply %v, %sq : tensor<4x16xf32>
  %k = stablehlo.constant dense<4.471500e-02> : tensor<4x16xf32>
  %kc = stablehlo.multiply %k, %cube : tensor<4x16xf32>
  %inner = stablehlo.add %v, %kc : tensor<4x16xf32>
  %s = stablehlo.constant dense<0.797884583> : tensor<f32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
  %arg = stablehlo.multiply %sb, %inner : tensor<4x16xf32>
  %t = stablehlo.tanh %arg : tensor<4x16xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4x16xf32>
  %onet = stablehlo.add %one, %t : tensor<4x16xf32>
  %half = stablehlo.constant dense<0.5> : tensor<4x16xf32>
  %cdf = stablehlo.multiply %half, %onet : tensor<4x16xf32>
  %y = stablehlo.multiply %v, %cdf : tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// As torch-mlir writes gelu(approximate="tanh"): power(x, 3), (0.5 x) times
// (tanh(...) + 1); the other sum form, x (0.5 + 0.5 tanh(...)), in bf16.
// CHECK-LABEL: func.func @gelu_torch
// CHECK: library.matmul %arg0, %arg1 gelu_tanh transpose_rhs batch_rank = 0 contracting_rank = 1 :
// CHECK: library.matmul %arg2, %arg3 gelu_tanh batch_rank = 0 contracting_rank = 1 : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
// CHECK-NOT: stablehlo.tanh
func.func @gelu_torch(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %xb: tensor<4x8xbf16>, %wb: tensor<8x16xbf16>) -> (tensor<4x16xf32>, tensor<4x16xbf16>) {
  %v = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
  %three = stablehlo.constant dense<3.0> : tensor<4x16xf32>
  %cube = stablehlo.power %v, %three : tensor<4x16xf32>
  %k = stablehlo.constant dense<4.471500e-02> : tensor<4x16xf32>
  %kc = stablehlo.multiply %cube, %k : tensor<4x16xf32>
  %inner = stablehlo.add %kc, %v : tensor<4x16xf32>
  %s = stablehlo.constant dense<0.797884583> : tensor<4x16xf32>
  %arg = stablehlo.multiply %inner, %s : tensor<4x16xf32>
  %t = stablehlo.tanh %arg : tensor<4x16xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4x16xf32>
  %onet = stablehlo.add %t, %one : tensor<4x16xf32>
  %half = stablehlo.constant dense<0.5> : tensor<4x16xf32>
  %hx = stablehlo.multiply %half, %v : tensor<4x16xf32>
  %y = stablehlo.multiply %hx, %onet : tensor<4x16xf32>
  %vb = stablehlo.dot_general %xb, %wb, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xbf16>
  %sqb = stablehlo.multiply %vb, %vb : tensor<4x16xbf16>
  %cubeb = stablehlo.multiply %sqb, %vb : tensor<4x16xbf16>
  %kb = stablehlo.constant dense<4.467770e-02> : tensor<4x16xbf16>
  %kcb = stablehlo.multiply %kb, %cubeb : tensor<4x16xbf16>
  %innerb = stablehlo.add %vb, %kcb : tensor<4x16xbf16>
  %sbb = stablehlo.constant dense<7.968750e-01> : tensor<4x16xbf16>
  %argb = stablehlo.multiply %sbb, %innerb : tensor<4x16xbf16>
  %tb = stablehlo.tanh %argb : tensor<4x16xbf16>
  %halfb = stablehlo.constant dense<0.5> : tensor<4x16xbf16>
  %ht = stablehlo.multiply %tb, %halfb : tensor<4x16xbf16>
  %cdfb = stablehlo.add %halfb, %ht : tensor<4x16xbf16>
  %yb = stablehlo.multiply %vb, %cdfb : tensor<4x16xbf16>
  return %y, %yb : tensor<4x16xf32>, tensor<4x16xbf16>
}

// -----

// Not GELU: a wrong constant (0.05 for 0.044715), x used outside it, and
// the erf form (which cuBLASLt does not have).
// CHECK-LABEL: func.func @not_gelu
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// CHECK: stablehlo.tanh
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// CHECK: stablehlo.tanh
// CHECK: library.matmul %arg0, %arg1 batch_rank = 0 contracting_rank = 1 :
// CHECK: chlo.erf
func.func @not_gelu(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) {
  %k = stablehlo.constant dense<5.0e-02> : tensor<4x16xf32>
  %kk = stablehlo.constant dense<4.471500e-02> : tensor<4x16xf32>
  %s = stablehlo.constant dense<0.797884583> : tensor<4x16xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4x16xf32>
  %half = stablehlo.constant dense<0.5> : tensor<4x16xf32>
  %v = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %sq = stablehlo.multiply %v, %v : tensor<4x16xf32>
  %cube = stablehlo.multiply %v, %sq : tensor<4x16xf32>
  %kc = stablehlo.multiply %k, %cube : tensor<4x16xf32>
  %inner = stablehlo.add %v, %kc : tensor<4x16xf32>
  %arg = stablehlo.multiply %s, %inner : tensor<4x16xf32>
  %t = stablehlo.tanh %arg : tensor<4x16xf32>
  %onet = stablehlo.add %one, %t : tensor<4x16xf32>
  %cdf = stablehlo.multiply %half, %onet : tensor<4x16xf32>
  %y = stablehlo.multiply %v, %cdf : tensor<4x16xf32>
  %v2 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %sq2 = stablehlo.multiply %v2, %v2 : tensor<4x16xf32>
  %cube2 = stablehlo.multiply %v2, %sq2 : tensor<4x16xf32>
  %kc2 = stablehlo.multiply %kk, %cube2 : tensor<4x16xf32>
  %inner2 = stablehlo.add %v2, %kc2 : tensor<4x16xf32>
  %arg2 = stablehlo.multiply %s, %inner2 : tensor<4x16xf32>
  %t2 = stablehlo.tanh %arg2 : tensor<4x16xf32>
  %onet2 = stablehlo.add %one, %t2 : tensor<4x16xf32>
  %cdf2 = stablehlo.multiply %half, %onet2 : tensor<4x16xf32>
  %y2 = stablehlo.multiply %v2, %cdf2 : tensor<4x16xf32>
  %v3 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %r2 = stablehlo.constant dense<0.707106769> : tensor<4x16xf32>
  %e = stablehlo.multiply %v3, %r2 : tensor<4x16xf32>
  %erf = chlo.erf %e : tensor<4x16xf32> -> tensor<4x16xf32>
  %oe = stablehlo.add %one, %erf : tensor<4x16xf32>
  %he = stablehlo.multiply %half, %oe : tensor<4x16xf32>
  %y3 = stablehlo.multiply %v3, %he : tensor<4x16xf32>
  return %y, %y2, %v2, %y3 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
}
