// RUN: hlox-compile --compile-to=llvm --library-calls=false %S/../../../benchmarks/gemm_f32_512.mlir | FileCheck %s --check-prefix=OFF
// RUN: hlox-compile --compile-to=llvm --fp-contract --library-calls=false %S/../../../benchmarks/gemm_f32_512.mlir | FileCheck %s --check-prefix=ALL
// RUN: hlox-compile --compile-to=llvm --fp-contract=all --library-calls=false %S/../../../benchmarks/gemm_f32_512.mlir | FileCheck %s --check-prefix=ALL
// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s --check-prefix=DEFAULT
// RUN: hlox-compile --compile-to=llvm --fp-contract=elementwise %s | FileCheck %s --check-prefix=DEFAULT
// RUN: hlox-compile --compile-to=llvm --fp-contract=off %s | FileCheck %s --check-prefix=OFF
// RUN: hlox-compile --compile-to=llvm --strict-numerics %s | FileCheck %s --check-prefix=OFF
// RUN: hlox-compile --compile-to=llvm --strict-numerics --fp-contract=off %s | FileCheck %s --check-prefix=OFF

// The pipeline: by default in elementwise f32 code (the product and sum of
// `a * a + b` fuse into one FMA), everywhere with --fp-contract[=all] (the
// GEMM's loop too), nowhere with --fp-contract=off or --strict-numerics
// (which with anything else is an error:
// test/Tools/hlox-compile/strict_numerics.mlir).
// DEFAULT: llvm.fmul {{.+}} {fastmathFlags = #llvm.fastmath<contract>}
// DEFAULT: llvm.fadd {{.+}} {fastmathFlags = #llvm.fastmath<contract>}
// ALL: llvm.fmul {{.+}} {fastmathFlags = #llvm.fastmath<contract>}
// OFF-NOT: contract
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %0 = stablehlo.multiply %a, %a : tensor<64xf32>
  %1 = stablehlo.add %0, %b : tensor<64xf32>
  return %1 : tensor<64xf32>
}
