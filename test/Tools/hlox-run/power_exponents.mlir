// An f32 power by a constant 2, 1, 0, -1 or 0.5 compiles to x * x, x, 1,
// 1 / x or sqrt (hlox-simplify-power) with pow's bits, special values
// included (NaN compared as NaN, whatever its payload): compiled, strict
// and interpreted alike.

// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s
// CHECK-NOT: @powf

// RUN: hlox-run %s
// RUN: hlox-run --strict-numerics %s
// RUN: hlox-run --interpret %s

func.func @main() {
  %x = stablehlo.constant dense<[2.000000000e+00, -3.000000000e+00, 0.000000000e+00, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 9.999946101e-41, 3.000000005e+38, 1.000000015e-01, -5.000000000e-01, 7.000000000e+00]> : tensor<12xf32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<12xf32>
  %c0 = stablehlo.constant dense<2.0> : tensor<f32>
  %e0 = stablehlo.broadcast_in_dim %c0, dims = [] : (tensor<f32>) -> tensor<12xf32>
  %p0 = stablehlo.power %x, %e0 : tensor<12xf32>
  %n0 = stablehlo.compare NE, %p0, %p0 : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
  %q0 = stablehlo.select %n0, %nan, %p0 : tensor<12xi1>, tensor<12xf32>
  %b0 = stablehlo.bitcast_convert %q0 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %b0, dense<[1082130432, 1091567616, 0, 0, 2139095040, 2139095040, 2143289344, 0, 2139095040, 1008981771, 1048576000, 1111752704]> : tensor<12xi32>
  %c1 = stablehlo.constant dense<1.0> : tensor<f32>
  %e1 = stablehlo.broadcast_in_dim %c1, dims = [] : (tensor<f32>) -> tensor<12xf32>
  %p1 = stablehlo.power %x, %e1 : tensor<12xf32>
  %n1 = stablehlo.compare NE, %p1, %p1 : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
  %q1 = stablehlo.select %n1, %nan, %p1 : tensor<12xi1>, tensor<12xf32>
  %b1 = stablehlo.bitcast_convert %q1 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %b1, dense<[1073741824, -1069547520, 0, -2147483648, 2139095040, -8388608, 2143289344, 71362, 2137108966, 1036831949, -1090519040, 1088421888]> : tensor<12xi32>
  %c2 = stablehlo.constant dense<0.0> : tensor<f32>
  %e2 = stablehlo.broadcast_in_dim %c2, dims = [] : (tensor<f32>) -> tensor<12xf32>
  %p2 = stablehlo.power %x, %e2 : tensor<12xf32>
  %n2 = stablehlo.compare NE, %p2, %p2 : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
  %q2 = stablehlo.select %n2, %nan, %p2 : tensor<12xi1>, tensor<12xf32>
  %b2 = stablehlo.bitcast_convert %q2 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %b2, dense<[1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216, 1065353216]> : tensor<12xi32>
  %c3 = stablehlo.constant dense<-1.0> : tensor<f32>
  %e3 = stablehlo.broadcast_in_dim %c3, dims = [] : (tensor<f32>) -> tensor<12xf32>
  %p3 = stablehlo.power %x, %e3 : tensor<12xf32>
  %n3 = stablehlo.compare NE, %p3, %p3 : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
  %q3 = stablehlo.select %n3, %nan, %p3 : tensor<12xi1>, tensor<12xf32>
  %b3 = stablehlo.bitcast_convert %q3 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %b3, dense<[1056964608, -1096111445, 2139095040, -8388608, 0, -2147483648, 2143289344, 2139095040, 2378746, 1092616192, -1073741824, 1041385765]> : tensor<12xi32>
  %c4 = stablehlo.constant dense<0.5> : tensor<f32>
  %e4 = stablehlo.broadcast_in_dim %c4, dims = [] : (tensor<f32>) -> tensor<12xf32>
  %p4 = stablehlo.power %x, %e4 : tensor<12xf32>
  %n4 = stablehlo.compare NE, %p4, %p4 : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xi1>
  %q4 = stablehlo.select %n4, %nan, %p4 : tensor<12xi1>, tensor<12xf32>
  %b4 = stablehlo.bitcast_convert %q4 : (tensor<12xf32>) -> tensor<12xi32>
  check.expect_eq_const %b4, dense<[1068827891, 2143289344, 0, 0, 2139095040, 2139095040, 2143289344, 507307239, 1601199822, 1050798235, 2143289344, 1076450301]> : tensor<12xi32>
  return
}
