// An ahead-of-time executable: compiled once, run by hlox-run and by a C
// program that links only the runtime (neither links MLIR nor LLVM).
// RUN: hlox-compile %s -o %t.hlox
// RUN: hlox-run %t.hlox --input=2x2xf32=1,2,3,4 --input=2xf32=10,20 --print-output | FileCheck %s
// RUN: hlox-run %s --input=2x2xf32=1,2,3,4 --input=2xf32=10,20 --print-output | FileCheck %s
// RUN: hlox-run-aot-example %t.hlox 0.5 | FileCheck %s --check-prefix=C
// RUN: llvm-readelf --needed-libs %hlox_obj_root/lib/libhlox_runtime.so | FileCheck %s --check-prefix=DEPS
// RUN: llvm-readelf --needed-libs %hlox_obj_root/bin/hlox-run-aot-example | FileCheck %s --check-prefix=DEPS

// Bad requests: a clear error.
// RUN: head -c 100 %t.hlox > %t.truncated.hlox
// RUN: %expect-exit 2 hlox-run %t.truncated.hlox 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: %expect-exit 1 hlox-run-aot-example %t.truncated.hlox 1 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: %expect-exit 2 hlox-run %t.hlox --interpret 2>&1 | FileCheck %s --check-prefix=INTERPRET
// RUN: %expect-exit 1 hlox-compile %s -o %t.x.hlox --compile-to=linalg 2>&1 | FileCheck %s --check-prefix=PHASE
// RUN: %expect-exit 1 hlox-compile %s --function=dynamic -o %t.d.hlox 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: %expect-exit 1 hlox-compile %s --function=checks -o %t.c.hlox 2>&1 | FileCheck %s --check-prefix=CHECKS

// CHECK: result[0]: dense<{{\[\[}}1.100000e+01, 4.200000e+01], [3.300000e+01, 8.400000e+01]]> : tensor<2x2xf32>
// C: output 0: tensor<2x2xf32>
// C-NEXT: 0.75
// C-NEXT: 0.75
// C-NEXT: 0.75
// C-NEXT: 0.75
// DEPS: NeededLibraries [
// DEPS-NOT: libMLIR
// DEPS-NOT: libLLVM
// DEPS: ]
// TRUNCATED: error: {{.*}}truncated ahead-of-time executable
// INTERPRET: error: an ahead-of-time executable holds no program for the evaluator
// PHASE: error: an executable (-o FILE.hlox, --emit-executable) is the whole compilation
// DYNAMIC: error: an ahead-of-time executable needs static shapes: @dynamic has dynamic ones
// CHECKS: error: cannot compile ahead of time: the program holds test assertions, probes or prints (check and interpreter ops)

func.func @main(%x: tensor<2x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.multiply %x, %0 : tensor<2x2xf32>
  %2 = stablehlo.add %1, %x : tensor<2x2xf32>
  %3 = stablehlo.add %2, %x : tensor<2x2xf32>
  %4 = stablehlo.subtract %3, %x : tensor<2x2xf32>
  %5 = stablehlo.subtract %4, %x : tensor<2x2xf32>
  %6 = stablehlo.add %5, %x : tensor<2x2xf32>
  return %6 : tensor<2x2xf32>
}

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

func.func @checks(%x: tensor<2xf32>) {
  check.expect_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>
  return
}
