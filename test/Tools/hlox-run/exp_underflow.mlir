// RUN: hlox-run %s --input=32xf32=-inf,-1e30,-10000,-300,-253.1,-176.5,-176,-175.99,-175.3,-150,-120,-104,-103.972,-103.97,-103.9,-100,-95,-90,-87.5,-87.33,-87.3,-80,-50,-10,-1,-0,0,1,10,88.7,88.8,nan --compare-with-interpreter --rtol=0 --atol=0 | FileCheck %s
// RUN: hlox-run %s --input=32xf32=-inf,-1e30,-10000,-300,-253.1,-176.5,-176,-175.99,-175.3,-150,-120,-104,-103.972,-103.97,-103.9,-100,-95,-90,-87.5,-87.33,-87.3,-80,-50,-10,-1,-0,0,1,10,88.7,88.8,nan --print-output | FileCheck %s --check-prefix=VALUES

// f32 exp around the bottom of its range, vectorized: +0 from -inf up to
// ln(2^-150), subnormals above it, normal results from -87.3 on, the
// evaluator's bits everywhere (the inline exp counts a subnormal result
// in units of 2^-149 instead of underflowing a multiply, and clamps at
// -176, where that count is +0).
// CHECK: result[0] tensor<32xf32>: 0 of 32 elements differ beyond rtol 0.0e+00 atol 0.0e+00
// VALUES: result[0]: dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 1.401300e-45, 1.401300e-45, 1.401300e-45, 3.783510e-44, 5.521120e-42, 8.19400869E-40, 9.98235139E-39, 1.18321074E-38, 1.21924331E-38, 1.80485133E-35,
func.func @main(%x: tensor<32xf32>) -> tensor<32xf32> {
  %0 = stablehlo.exponential %x : tensor<32xf32>
  return %0 : tensor<32xf32>
}
