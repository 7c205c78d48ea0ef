// f32 sin, cos and pow are vector code (docs/numerics.md): sin and cos
// reduce any argument, the largest f32 included, by the bits of 2/pi in
// integer arithmetic; pow is exp2(y log2 |x|) in f64 with C's special
// values. --strict-numerics keeps libm for all three.

// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s --check-prefix=FAST
// FAST-NOT: llvm.call @sinf
// FAST-NOT: llvm.call @cosf
// FAST-NOT: llvm.call @powf
// FAST: llvm.intr.fma
// FAST-NOT: llvm.call @sinf
// FAST-NOT: llvm.call @cosf
// FAST-NOT: llvm.call @powf

// RUN: hlox-compile --compile-to=llvm --strict-numerics %s | FileCheck %s --check-prefix=STRICT
// STRICT-DAG: llvm.call @sinf
// STRICT-DAG: llvm.call @cosf
// STRICT-DAG: llvm.call @powf

// RUN: hlox-run %s
// RUN: hlox-run --strict-numerics %s

func.func @main() -> tensor<18xf32> {
  // Both sides of pi/4 (the reduction starts at 0.785398126 < pi/4 <
  // 0.785398185), multiples of pi/2 (the results near 0), large and the
  // largest arguments, a tiny one, infinity and NaN.
  %x = stablehlo.constant dense<[0.0, -0.0, 0.5, -1.0, 0.785398126, 0.785398185, 1.57079637, 3.14159274, 100.0, -1000.5, 12345.6777, 1.0e6, 1.0e10, -9.99999978e+21, 3.40282347e+38, 1.0e-30, 0x7F800000, 0x7FC00000]> : tensor<18xf32>
  %s = stablehlo.sine %x : tensor<18xf32>
  check.expect_almost_eq_const %s, dense<[0.0, -0.0, 0.47942555, -0.841470957, 0.707106769, 0.707106769, 1.0, -8.74227766e-08, -0.506365657, -0.995273948, -0.704269886, -0.349993497, -0.487506032, 0.734081507, -0.521876514, 1.0e-30, 0x7FC00000, 0x7FC00000]> : tensor<18xf32>
  %c = stablehlo.cosine %x : tensor<18xf32>
  check.expect_almost_eq_const %c, dense<[1.0, 1.0, 0.87758255, 0.540302277, 0.707106829, 0.707106769, -4.37113883e-08, -1.0, 0.862318873, 0.0971069038, 0.709932327, 0.936752141, 0.873119652, 0.679061353, 0.853021026, 1.0, 0x7FC00000, 0x7FC00000]> : tensor<18xf32>
  // pow's special values, by exact comparison (signed zeros and
  // infinities), and finite results near both ends of f32's range.
  %a = stablehlo.constant dense<[2.0, -2.0, -2.0, 0.0, -0.0, -0.0, -0.0, 0xFF800000, 0xFF800000, 0xFF800000, -1.0, 1.0, 0x7FC00000, 0x7FC00000, -8.0, 1.5, 0.75, 9.9999461e-41, 10.0, 3.0, 0x7F800000, 0.5, 0.5, -3.0]> : tensor<24xf32>
  %b = stablehlo.constant dense<[0.5, 3.0, 0.5, -1.0, -1.0, -2.0, 3.0, 3.0, -3.0, 0.5, 0x7F800000, 0x7FC00000, 0.0, 1.0, 0.333333313, 100.0, -300.0, 0.5, 38.5, 1.00000002e+30, -2.0, 0xFF800000, 0x7F800000, 2.0e7]> : tensor<24xf32>
  %p = stablehlo.power %a, %b : tensor<24xf32>
  check.expect_eq_const %p, dense<[1.41421354, -8.0, 0x7FC00000, 0x7F800000, 0xFF800000, 0x7F800000, -0.0, 0xFF800000, -0.0, 0x7F800000, 1.0, 1.0, 1.0, 0x7FC00000, 0x7FC00000, 4.06561192e+17, 3.03124465e+37, 9.99997303e-21, 3.16227774e+38, 0x7F800000, 0.0, 0x7F800000, 0.0, 0x7F800000]> : tensor<24xf32>
  return %s : tensor<18xf32>
}
