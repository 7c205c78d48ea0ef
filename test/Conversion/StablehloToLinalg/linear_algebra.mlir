// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// fft: one DFT contraction per transformed dimension, in complex<f64>,
// with a DFT matrix built from (k * j mod n).
// CHECK-LABEL: func.func @fft_2d
// CHECK: arith.remui
// CHECK: math.cos
// CHECK: math.sin
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: complex.mul
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
func.func @fft_2d() {
  %x = stablehlo.constant dense<[[(1.0, 2.0), (3.0, -4.0)], [(-5.0, 6.0), (-7.0, -8.0)]]> : tensor<2x2xcomplex<f32>>
  %0 = stablehlo.fft %x, type = FFT, length = [2, 2] : (tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  check.expect_almost_eq_const %0, dense<[[(-8.0, -4.0), (0.0, 20.0)], [(16.0, 0.0), (-4.0, -8.0)]]> : tensor<2x2xcomplex<f32>>
  return
}

// -----

// IFFT divides by the length.
// CHECK-LABEL: func.func @ifft
// CHECK: arith.divf
func.func @ifft() {
  %x = stablehlo.constant dense<[(4.0, -2.0), (-2.0, 6.0)]> : tensor<2xcomplex<f64>>
  %0 = stablehlo.fft %x, type = IFFT, length = [2] : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %0, dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f64>>
  return
}

// -----

// RFFT keeps n / 2 + 1 coefficients of a real input.
// CHECK-LABEL: func.func @rfft
// CHECK: complex.create
// CHECK: tensor<3xcomplex<f64>>
func.func @rfft() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %0 = stablehlo.fft %x, type = RFFT, length = [5] : (tensor<5xf32>) -> tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %0, dense<[(15.0, 0.0), (-2.5, 3.440955), (-2.5, 0.8122992)]> : tensor<3xcomplex<f32>>
  return
}

// -----

// IRFFT rebuilds the Hermitian half (conjugates of mirrored entries) and
// keeps the real parts.
// CHECK-LABEL: func.func @irfft
// CHECK: tensor.extract
// CHECK: complex.conj
// CHECK: complex.re
func.func @irfft() {
  %x = stablehlo.constant dense<[(15.0, 0.0), (-2.5, 3.440955), (-2.5, 0.8122992)]> : tensor<3xcomplex<f64>>
  %0 = stablehlo.fft %x, type = IRFFT, length = [5] : (tensor<3xcomplex<f64>>) -> tensor<5xf64>
  check.expect_almost_eq_const %0, dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf64>
  return
}

// -----

// An empty operand gives an empty result without a loop.
// CHECK-LABEL: func.func @fft_empty
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @fft_empty() {
  %x = stablehlo.constant dense<> : tensor<0x4xcomplex<f32>>
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<0x4xcomplex<f32>>) -> tensor<0x4xcomplex<f32>>
  check.expect_eq_const %0, dense<> : tensor<0x4xcomplex<f32>>
  return
}

// -----

// triangular_solve: forward substitution for a lower-triangular a on the
// left, in f64, one column of b at a time.
// CHECK-LABEL: func.func @solve_left_lower
// CHECK: arith.extf
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: tensor.insert
// CHECK: arith.truncf
func.func @solve_left_lower() {
  %a = stablehlo.constant dense<[[1.0, 0.0, 0.0], [2.0, 4.0, 0.0], [3.0, 5.0, 6.0]]> : tensor<3x3xf32>
  %b = stablehlo.constant dense<[[2.0, 0.0, 0.0], [4.0, 8.0, 0.0], [6.0, 10.0, 12.0]]> : tensor<3x3xf32>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_almost_eq_const %0, dense<[[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 2.0]]> : tensor<3x3xf32>
  return
}

// -----

// Right side, upper, transposed, batched: x op(a) = b is solved as
// op(a)^T x^T = b^T; a unit diagonal divides by nothing.
// CHECK-LABEL: func.func @solve_right_batched
// CHECK-NOT: arith.divf
// CHECK: return
func.func @solve_right_batched() {
  %a = stablehlo.constant dense<[[[1.0, 2.0], [0.0, 1.0]], [[1.0, -1.0], [0.0, 1.0]]]> : tensor<2x2x2xf64>
  %b = stablehlo.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf64>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x2x2xf64>, tensor<2x1x2xf64>) -> tensor<2x1x2xf64>
  check.expect_almost_eq_const %0, dense<[[[-3.0, 2.0]], [[7.0, 4.0]]]> : tensor<2x1x2xf64>
  return
}

// -----

// The adjoint conjugates a's entries; complex values divide as complex.
// CHECK-LABEL: func.func @solve_adjoint
// CHECK: complex.conj
// CHECK: complex.div
func.func @solve_adjoint() {
  %a = stablehlo.constant dense<[[(1.0, 1.0), (0.0, 0.0)], [(2.0, -2.0), (3.0, 4.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[(7.0, -2.0)], [(8.0, 4.0)]]> : tensor<2x1xcomplex<f32>>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  check.expect_almost_eq_const %0, dense<[[(8.02, 1.86)], [(0.32, 1.76)]]> : tensor<2x1xcomplex<f32>>
  return
}

// -----

// The adjoint of a real matrix is its transpose.
// CHECK-LABEL: func.func @solve_real_adjoint
// CHECK-NOT: complex.conj
// CHECK: return
func.func @solve_real_adjoint() {
  %a = stablehlo.constant dense<[[2.0, 0.0], [1.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[4.0], [8.0]]> : tensor<2x1xf32>
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_almost_eq_const %0, dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  return
}

// -----

// cholesky: the lower factor column by column in f64, the other triangle
// zero; upper returns L^H. Without batch dimensions a unit loop keeps the
// factorization one op.
// CHECK-LABEL: func.func @cholesky
// CHECK: scf.for
// CHECK: math.sqrt {{.*}} : f64
// CHECK: arith.cmpf ogt
func.func @cholesky() {
  %a = stablehlo.constant dense<[[4.0, 12.0, -16.0], [12.0, 37.0, -43.0], [-16.0, -43.0, 98.0]]> : tensor<3x3xf32>
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_almost_eq_const %0, dense<[[2.0, 0.0, 0.0], [6.0, 1.0, 0.0], [-8.0, 5.0, 3.0]]> : tensor<3x3xf32>
  %1 = "stablehlo.cholesky"(%a) {lower = false} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_almost_eq_const %1, dense<[[2.0, 6.0, -8.0], [0.0, 1.0, 5.0], [0.0, 0.0, 3.0]]> : tensor<3x3xf32>
  return
}

// -----

// A batch entry that is not positive definite is all NaN; complex values
// take conjugates.
// CHECK-LABEL: func.func @cholesky_complex_batch
// CHECK: complex.conj
func.func @cholesky_complex_batch() {
  %c = stablehlo.constant dense<[[[(4.0, 0.0), (1.0, 2.0)], [(1.0, -2.0), (10.0, 0.0)]], [[(1.0, 0.0), (0.0, 0.0)], [(0.0, 0.0), (-1.0, 0.0)]]]> : tensor<2x2x2xcomplex<f64>>
  %0 = "stablehlo.cholesky"(%c) {lower = true} : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f64>>
  %r = stablehlo.real %0 : (tensor<2x2x2xcomplex<f64>>) -> tensor<2x2x2xf64>
  %bad = stablehlo.slice %r [1:2, 0:2, 0:2] : (tensor<2x2x2xf64>) -> tensor<1x2x2xf64>
  %isnan = stablehlo.compare NE, %bad, %bad : (tensor<1x2x2xf64>, tensor<1x2x2xf64>) -> tensor<1x2x2xi1>
  check.expect_eq_const %isnan, dense<true> : tensor<1x2x2xi1>
  %good = stablehlo.slice %0 [0:1, 0:2, 0:2] : (tensor<2x2x2xcomplex<f64>>) -> tensor<1x2x2xcomplex<f64>>
  check.expect_almost_eq_const %good, dense<[[[(2.0, 0.0), (0.0, 0.0)], [(0.5, -1.0), (2.9580398915498081, 0.0)]]]> : tensor<1x2x2xcomplex<f64>>
  return
}
