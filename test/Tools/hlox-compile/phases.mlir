// Each phase of the CPU compiler prints the module as it leaves the phase.
// RUN: hlox-compile --compile-to=input %s | FileCheck %s --check-prefix=INPUT
// RUN: hlox-compile --compile-to=stablehlo %s | FileCheck %s --check-prefix=STABLEHLO
// RUN: hlox-compile --compile-to=linalg %s | FileCheck %s --check-prefix=LINALG
// RUN: hlox-opt --hlox-phase-input --hlox-phase-stablehlo --hlox-phase-linalg %s | FileCheck %s --check-prefix=LINALG
// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: hlox-compile --compile-to=llvm --emit-llvm-ir %s | FileCheck %s --check-prefix=IR
// RUN: hlox-compile --compile-to=llvm %s | FileCheck %s --check-prefix=VEC
// RUN: hlox-compile --compile-to=llvm --vectorize=false %s | FileCheck %s --check-prefix=SCALAR
// RUN: %expect-exit 1 hlox-compile --compile-to=binary %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 hlox-compile --function=nope %s 2>&1 | FileCheck %s --check-prefix=NOFN
// RUN: %expect-exit 1 hlox-compile --cache-dir=%t %s 2>&1 | FileCheck %s --check-prefix=CACHE
// CACHE: error: --cache-dir keeps kernels that hlox-run and hlox-bench compile; hlox-compile prints phases

// input: calls inlined, the helper gone.
// INPUT-NOT: func.func private @scale
// INPUT: func.func @main
// INPUT: stablehlo.multiply
// INPUT: stablehlo.add

// STABLEHLO: func.func @main
// STABLEHLO: stablehlo.add

// linalg: one dispatch for the fused multiply-add, a host function that
// calls it.
// LINALG: func.func private @main_dispatch_0({{.*}}) -> tensor<4xf32> attributes {hlox.dispatch, hlox.in_place = array<i64: 0>, hlox.work = 1 : i64, hlox.workgroups = 4 : i64}
// LINALG: arith.mulf
// LINALG: arith.addf
// LINALG: func.func @main
// LINALG-NEXT: call @main_dispatch_0

// llvm: the kernel on bare pointers and its runtime entry point.
// LLVM: llvm.func @main_dispatch_0(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: i64, %{{.+}}: i64)
// LLVM: llvm.func @main_dispatch_0_entry(%{{.+}}: !llvm.ptr, %{{.+}}: i64, %{{.+}}: i64)
// LLVM-NOT: func.func @main(

// IR: define void @main_dispatch_0_entry(ptr

// The kernel's rows [begin, end) are one masked 16-lane vector;
// --vectorize=false keeps the scalar loop.
// VEC: llvm.intr.masked.load {{.*}} -> vector<16xf32>
// SCALAR-NOT: vector<

// BAD: error: unknown phase 'binary'
// NOFN: error: no function @nope

func.func private @scale(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.multiply %x, %y : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @scale(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.add %0, %b : tensor<4xf32>
  return %1 : tensor<4xf32>
}
