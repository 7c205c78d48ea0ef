// By default f32 tanh is vector arithmetic (the bounds of docs/numerics.md);
// --strict-numerics keeps libm's tanhf, one call per element. The two
// exclude FMA contraction together.

// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s --check-prefix=FAST
// FAST-NOT: @tanhf
// FAST: llvm.intr.fma
// FAST-SAME: vector<
// FAST-NOT: @tanhf

// RUN: hlox-compile --compile-to=llvm --strict-numerics %s | FileCheck %s --check-prefix=STRICT
// STRICT: llvm.call @tanhf

// RUN: %expect-exit 1 hlox-compile --compile-to=llvm --strict-numerics --fp-contract %s 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: error: strict numerics exclude FMA contraction: --strict-numerics contradicts --fp-contract

// RUN: hlox-run --strict-numerics %s
// RUN: hlox-run %s

func.func @main() {
  %x = stablehlo.constant dense<[0.0, 0.5, -1.0, 3.0, 10.0, -0.25, 1.0e-5, 2.0, 0.75, -3.5, 0.125, 5.0, -0.001, 0.3, -0.6, 1.5, 4.0]> : tensor<17xf32>
  %0 = stablehlo.tanh %x : tensor<17xf32>
  check.expect_almost_eq_const %0, dense<[0.0, 0.462117157, -0.761594156, 0.995054754, 1.0, -0.244918662, 1.0e-5, 0.964027580, 0.635148952, -0.998177898, 0.124353009, 0.999909204, -0.000999999667, 0.291312612, -0.537049567, 0.905148254, 0.999329299]> : tensor<17xf32>
  return
}
