// Kernels for other x86-64 CPUs: what they call depends on the CPU, and the
// runtime gives all of it.

// x86-64-v2 has no F16C: extending f16 is a compiler-rt call. skylake-avx512
// has F16C. Rounding to bf16 is integer arithmetic on every CPU, and bf16
// vectors move as i16 (hlox-cpu-move-narrow-vectors-as-integers), so no
// CPU calls __truncsfbf2 for it, with or without AVX512-BF16.
// RUN: hlox-compile --compile-to=llvm --emit-object --target-cpu=x86-64-v2 -o %t.v2.o %s
// RUN: llvm-nm --undefined-only --format=just-symbols %t.v2.o | FileCheck %s --check-prefix=V2
// V2-NOT: __truncsfbf2
// V2: __extendhfsf2
// V2-NOT: __truncsfbf2
// RUN: hlox-compile --compile-to=llvm --emit-object --target-cpu=skylake-avx512 -o %t.skx.o %s
// RUN: llvm-nm --undefined-only --format=just-symbols %t.skx.o | FileCheck %s --check-prefix=SKX --allow-empty
// SKX-NOT: __truncsfbf2
// SKX-NOT: __extendhfsf2
// RUN: hlox-compile --compile-to=llvm --emit-object --target-cpu=sapphirerapids -o %t.spr.o %s
// RUN: llvm-nm --undefined-only --format=just-symbols %t.spr.o | FileCheck %s --check-prefix=SPR --allow-empty
// SPR-NOT: __truncsfbf2
// SPR-NOT: __extendhfsf2

// The runtime lists them.
// RUN: hlox-compile --list-runtime-symbols | FileCheck %s --check-prefix=LIST
// LIST-DAG: __truncsfbf2
// LIST-DAG: __extendhfsf2
// LIST-DAG: __divti3
// LIST-DAG: fmaf
// LIST-DAG: hlox_erf_inv

// Code for the baseline CPU runs on every x86-64 host.
// RUN: hlox-run --target-cpu=x86-64-v2 --target-features=-sse4.2 --input=4xf32=1.5,-2,3.00390625,0 --input=4xf16=0.5,-1,65504,0 --print-output %s | FileCheck %s --check-prefix=EXEC
// EXEC: result[0]: dense<[1.500000e+00, -2.000000e+00, 3.000000e+00, 0.000000e+00]> : tensor<4xbf16>
// EXEC-NEXT: result[1]: dense<[5.000000e-01, -1.000000e+00, 6.550400e+04, 0.000000e+00]> : tensor<4xf32>

// Bad names are errors that say what is expected.
// RUN: not hlox-compile --compile-to=llvm --emit-object --target-cpu=pentium9 -o %t.o %s 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: cannot target CPU 'pentium9': unknown target CPU 'pentium9' (--target-cpu takes 'host' or an LLVM CPU name such as x86-64-v2, skylake-avx512, sapphirerapids)
// RUN: not hlox-run --target-features=+avx9 --input=4xf32=1 --input=4xf16=1 %s 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: error: cannot target CPU 'host': unknown target feature '+avx9'
// RUN: not hlox-run --target-features=avx2 --input=4xf32=1 --input=4xf16=1 %s 2>&1 | FileCheck %s --check-prefix=SIGN
// SIGN: target feature 'avx2' must start with + or -
// RUN: not hlox-compile --compile-to=llvm --emit-object %s 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: error: --emit-object needs an output file (-o)
// RUN: not hlox-compile --compile-to=linalg --emit-object -o %t.o %s 2>&1 | FileCheck %s --check-prefix=PHASE
// PHASE: error: --emit-llvm-ir and --emit-object need --compile-to=llvm

func.func @main(%x: tensor<4xf32>, %y: tensor<4xf16>) -> (tensor<4xbf16>, tensor<4xf32>) {
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
  %1 = stablehlo.convert %y : (tensor<4xf16>) -> tensor<4xf32>
  return %0, %1 : tensor<4xbf16>, tensor<4xf32>
}
