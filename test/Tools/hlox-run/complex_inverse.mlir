// RUN: hlox-run %s --input=22xf64=-inf,-1e300,-1e10,-2,-1,-0.99999,-0.5,-1e-200,-0,0,1e-300,1e-8,0.3,0.9,1,1.0000001,3,1e8,1e200,inf,nan,1e-310 --input=22xf64=-inf,-1e300,-1e10,-2,-1,-0.99999,-0.5,-1e-200,-0,0,1e-300,1e-8,0.3,0.9,1,1.0000001,3,1e8,1e200,inf,nan,1e-310 --input=22xf32=-inf,-1e30,-1e10,-2,-1,-0.99999,-0.5,-1e-30,-0,0,1e-38,1e-8,0.3,0.9,1,1.0000001,3,1e8,1e30,inf,nan,1e-44 --input=22xf32=-inf,-1e30,-1e10,-2,-1,-0.99999,-0.5,-1e-30,-0,0,1e-38,1e-8,0.3,0.9,1,1.0000001,3,1e8,1e30,inf,nan,1e-44 --compare-with-interpreter --rtol=4e-16 --atol=0 | FileCheck %s

// The complex asin, acos, asinh and acosh in a kernel are arithmetic
// (hlox::buildComplexInverse, Hull, Fairgrieve and Tang's algorithm, which
// the CUDA target runs too), no call of the C library, against the
// evaluator's C library over every pair of real and imaginary parts from
// the infinities, NaN, signed zeros and subnormals through the branch
// points +-1 to the values whose squares overflow: complex<f64> within 2
// ULPs, complex<f32> (computed in f64, rounded once) bit for bit.
// CHECK: result[0] tensor<22x22xcomplex<f64>>: 0 of 484 elements differ
// CHECK: result[1] tensor<22x22xcomplex<f64>>: 0 of 484 elements differ
// CHECK: result[2] tensor<22x22xcomplex<f64>>: 0 of 484 elements differ
// CHECK: result[3] tensor<22x22xcomplex<f64>>: 0 of 484 elements differ
// CHECK: result[4] tensor<22x22xcomplex<f32>>: 0 of 484 elements differ beyond rtol 4.0e-16 atol 0.0e+00; max abs error 0.00e+00
// CHECK: result[5] tensor<22x22xcomplex<f32>>: 0 of 484 elements differ beyond rtol 4.0e-16 atol 0.0e+00; max abs error 0.00e+00
// CHECK: result[6] tensor<22x22xcomplex<f32>>: 0 of 484 elements differ beyond rtol 4.0e-16 atol 0.0e+00; max abs error 0.00e+00
// CHECK: result[7] tensor<22x22xcomplex<f32>>: 0 of 484 elements differ beyond rtol 4.0e-16 atol 0.0e+00; max abs error 0.00e+00
func.func @main(%re: tensor<22xf64>, %im: tensor<22xf64>, %re32: tensor<22xf32>, %im32: tensor<22xf32>)
    -> (tensor<22x22xcomplex<f64>>, tensor<22x22xcomplex<f64>>, tensor<22x22xcomplex<f64>>, tensor<22x22xcomplex<f64>>,
        tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>) {
  %r = stablehlo.broadcast_in_dim %re, dims = [0] : (tensor<22xf64>) -> tensor<22x22xf64>
  %i = stablehlo.broadcast_in_dim %im, dims = [1] : (tensor<22xf64>) -> tensor<22x22xf64>
  %z = stablehlo.complex %r, %i : tensor<22x22xcomplex<f64>>
  %0 = chlo.asin %z : tensor<22x22xcomplex<f64>> -> tensor<22x22xcomplex<f64>>
  %1 = chlo.acos %z : tensor<22x22xcomplex<f64>> -> tensor<22x22xcomplex<f64>>
  %2 = chlo.asinh %z : tensor<22x22xcomplex<f64>> -> tensor<22x22xcomplex<f64>>
  %3 = chlo.acosh %z : tensor<22x22xcomplex<f64>> -> tensor<22x22xcomplex<f64>>
  %r32 = stablehlo.broadcast_in_dim %re32, dims = [0] : (tensor<22xf32>) -> tensor<22x22xf32>
  %i32 = stablehlo.broadcast_in_dim %im32, dims = [1] : (tensor<22xf32>) -> tensor<22x22xf32>
  %z32 = stablehlo.complex %r32, %i32 : tensor<22x22xcomplex<f32>>
  %4 = chlo.asin %z32 : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %5 = chlo.acos %z32 : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %6 = chlo.asinh %z32 : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  %7 = chlo.acosh %z32 : tensor<22x22xcomplex<f32>> -> tensor<22x22xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<22x22xcomplex<f64>>, tensor<22x22xcomplex<f64>>, tensor<22x22xcomplex<f64>>, tensor<22x22xcomplex<f64>>,
      tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>, tensor<22x22xcomplex<f32>>
}
