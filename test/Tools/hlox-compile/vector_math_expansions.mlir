// f32 expm1, log1p, erfc and log are vector code through and through: the
// exp and log their approximations expand into are inline arithmetic too,
// not one libm call per lane (docs/numerics.md); --strict-numerics keeps
// libm for all of them.

// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s --check-prefix=FAST
// FAST-NOT: llvm.call @expf
// FAST-NOT: llvm.call @expm1f
// FAST-NOT: llvm.call @log1pf
// FAST-NOT: llvm.call @erfcf
// FAST-NOT: llvm.call @logf
// FAST: llvm.intr.fma
// FAST-NOT: llvm.call @expf
// FAST-NOT: llvm.call @logf

// RUN: hlox-compile --compile-to=llvm --strict-numerics %s | FileCheck %s --check-prefix=STRICT
// STRICT-DAG: llvm.call @expm1f
// STRICT-DAG: llvm.call @log1pf
// STRICT-DAG: llvm.call @logf

// RUN: hlox-run %s
// RUN: hlox-run --strict-numerics %s

func.func @main() -> tensor<17xf32> {
  %x = stablehlo.constant dense<[0.0, 0.5, -1.0, 3.0, 9.0, -0.25, 1.0e-5, 2.0, 0.75, -3.5, 0.125, 5.0, -0.001, 0.3, -0.6, 1.5, 4.0]> : tensor<17xf32>
  %0 = stablehlo.exponential_minus_one %x : tensor<17xf32>
  check.expect_almost_eq_const %0, dense<[0.0, 0.648721278, -0.63212055, 19.085537, 8102.08398, -0.221199214, 1.00000498e-05, 6.38905621, 1.11699998, -0.969802618, 0.133148447, 147.413162, -0.00099950016, 0.34985882, -0.451188385, 3.48168898, 53.5981483]> : tensor<17xf32>
  %1 = stablehlo.log_plus_one %x : tensor<17xf32>
  check.expect_almost_eq_const %1, dense<[0.0, 0.405465096, 0xFF800000, 1.38629436, 2.30258512, -0.287682086, 9.99994973e-06, 1.09861231, 0.559615791, 0x7FC00000, 0.117783032, 1.79175949, -0.0010005004, 0.262364268, -0.91629082, 0.91629076, 1.60943794]> : tensor<17xf32>
  %2 = chlo.erfc %x : tensor<17xf32> -> tensor<17xf32>
  check.expect_almost_eq_const %2, dense<[1.0, 0.479500115, 1.84270084, 2.20904967e-05, 4.13703171e-37, 1.27632642, 0.999988735, 0.0046777348, 0.288844377, 1.99999928, 0.859683812, 1.53745983e-12, 1.00112844, 0.671373248, 1.60385609, 0.0338948518, 1.54172586e-08]> : tensor<17xf32>
  %3 = stablehlo.log %x : tensor<17xf32>
  // Subnormal arguments, and the special values.
  %s = stablehlo.constant dense<[1.4e-45, 1.0e-40, 1.1754942e-38, 1.17549435e-38, 0.0, -0.0, 0x7F800000, -2.0]> : tensor<8xf32>
  %4 = stablehlo.log %s : tensor<8xf32>
  check.expect_almost_eq_const %4, dense<[-103.278931, -92.1034088, -87.3365479, -87.3365479, 0xFF800000, 0xFF800000, 0x7F800000, 0x7FC00000]> : tensor<8xf32>
  return %3 : tensor<17xf32>
}
