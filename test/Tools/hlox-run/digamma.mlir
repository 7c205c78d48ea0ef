// RUN: hlox-run %s --input=40xf64=-inf,-1e300,-1000.5,-3,-2.5,-1.5,-1,-0.75,-0.5,-1e-300,-0,0,1e-300,1e-8,0.1,0.25,0.4999,0.5,0.5001,0.75,1,1.4616321449683622,2,2.5,3,5.999,6,6.5,10,100,1e5,1e10,1e300,inf,nan,-7.25,-13.4,3.3,4.7,5.5 --input=40xf32=-inf,-1e30,-1000.5,-3,-2.5,-1.5,-1,-0.75,-0.5,-1e-30,-0,0,1e-30,1e-8,0.1,0.25,0.4999,0.5,0.5001,0.75,1,1.4616321,2,2.5,3,5.999,6,6.5,10,100,1e5,1e10,1e30,inf,nan,-7.25,-13.4,3.3,4.7,5.5 --compare-with-interpreter --rtol=0 --atol=0 | FileCheck %s

// digamma in a kernel is the runtime's steps as arithmetic
// (hlox::buildDigamma, which the CUDA target uses too), no call per
// element: the evaluator's bits at the poles and around them, in the
// reflection, the recurrence and the series, at the infinities and NaN.
// CHECK: result[0] tensor<40xf64>: 0 of 40 elements differ beyond rtol 0.0e+00 atol 0.0e+00
// CHECK: result[1] tensor<40xf32>: 0 of 40 elements differ beyond rtol 0.0e+00 atol 0.0e+00
func.func @main(%x: tensor<40xf64>, %y: tensor<40xf32>) -> (tensor<40xf64>, tensor<40xf32>) {
  %0 = chlo.digamma %x : tensor<40xf64> -> tensor<40xf64>
  %1 = chlo.digamma %y : tensor<40xf32> -> tensor<40xf32>
  return %0, %1 : tensor<40xf64>, tensor<40xf32>
}
