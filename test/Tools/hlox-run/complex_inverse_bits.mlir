// RUN: hlox-run %s --input=22xf32=-inf,-1e30,-1e10,-2,-1,-0.99999,-0.5,-1e-30,-0,0,1e-38,1e-8,0.3,0.9,1,1.0000001,3,1e8,1e30,inf,nan,1e-44 --input=22xf32=-inf,-1e30,-1e10,-2,-1,-0.99999,-0.5,-1e-30,-0,0,1e-38,1e-8,0.3,0.9,1,1.0000001,3,1e8,1e30,inf,nan,1e-44 --compare-with-interpreter | FileCheck %s

// The complex<f32> asin, acos, asinh and acosh of complex_inverse.mlir as
// the bits of their parts (NaNs made one NaN, whose sign C leaves open):
// the C library's signed zeros, infinities and NaNs of C99's Annex G at
// every pair of special parts, and its roundings elsewhere.
// CHECK: result[0] tensor<4x2x22x22xi32>: 0 of 3872 elements differ
func.func @main(%re32: tensor<22xf32>, %im32: tensor<22xf32>) -> (tensor<4x2x22x22xi32>) {
  %r32 = stablehlo.broadcast_in_dim %re32, dims = [0] : (tensor<22xf32>) -> tensor<22x22xf32>
  %i32 = stablehlo.broadcast_in_dim %im32, dims = [1] : (tensor<22xf32>) -> tensor<22x22xf32>
  %z = stablehlo.complex %r32, %i32 : tensor<22x22xcomplex<f32>>
  %4 = chlo.asin %z : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %5 = chlo.acos %z : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %6 = chlo.asinh %z : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %7 = chlo.acosh %z : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %c = stablehlo.concatenate %4, %5, %6, %7, dim = 0 : (tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>) -> tensor<88x22xcomplex<f32>>
  %re = stablehlo.real %c : (tensor<88x22xcomplex<f32>>) -> tensor<88x22xf32>
  %im = stablehlo.imag %c : (tensor<88x22xcomplex<f32>>) -> tensor<88x22xf32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<88x22xf32>
  %rn = stablehlo.compare NE, %re, %re : (tensor<88x22xf32>, tensor<88x22xf32>) -> tensor<88x22xi1>
  %in = stablehlo.compare NE, %im, %im : (tensor<88x22xf32>, tensor<88x22xf32>) -> tensor<88x22xi1>
  %rc = stablehlo.select %rn, %nan, %re : tensor<88x22xi1>, tensor<88x22xf32>
  %ic = stablehlo.select %in, %nan, %im : tensor<88x22xi1>, tensor<88x22xf32>
  %rb = stablehlo.bitcast_convert %rc : (tensor<88x22xf32>) -> tensor<88x22xi32>
  %ib = stablehlo.bitcast_convert %ic : (tensor<88x22xf32>) -> tensor<88x22xi32>
  %rr = stablehlo.reshape %rb : (tensor<88x22xi32>) -> tensor<4x1x22x22xi32>
  %ii = stablehlo.reshape %ib : (tensor<88x22xi32>) -> tensor<4x1x22x22xi32>
  %o = stablehlo.concatenate %rr, %ii, dim = 1 : (tensor<4x1x22x22xi32>, tensor<4x1x22x22xi32>) -> tensor<4x2x22x22xi32>
  return %o : tensor<4x2x22x22xi32>
}
