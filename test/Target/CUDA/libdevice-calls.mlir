// RUN: hlox-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(gpu.module(hlox-cuda-libdevice-calls))" %s | FileCheck %s

// f32 and f64 remainders call libdevice's fmod, each declared once.
// CHECK-LABEL: gpu.module @kernels
// CHECK-DAG: llvm.func @__nv_fmod(f64, f64) -> f64
// CHECK-DAG: llvm.func @__nv_fmodf(f32, f32) -> f32
// CHECK: gpu.func @kernel
// CHECK: llvm.call @__nv_fmodf(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_fmodf(%arg1, %arg0) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_fmod(%arg2, %arg3) : (f64, f64) -> f64
// CHECK-NOT: arith.remf
gpu.module @kernels {
  gpu.func @kernel(%a: f32, %b: f32, %c: f64, %d: f64, %out: memref<3xf64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %0 = arith.remf %a, %b : f32
    %1 = arith.remf %b, %a : f32
    %2 = arith.remf %c, %d : f64
    %3 = arith.extf %0 : f32 to f64
    %4 = arith.extf %1 : f32 to f64
    memref.store %3, %out[%c0] : memref<3xf64>
    memref.store %4, %out[%c1] : memref<3xf64>
    memref.store %2, %out[%c2] : memref<3xf64>
    gpu.return
  }
}

// -----

// A narrow remainder (which convert-stablehlo-to-linalg widens) is an error
// at the op.
gpu.module @narrow {
  gpu.func @kernel(%a: f16, %out: memref<f16>) kernel {
    // expected-error @+1 {{'arith.remf' op of 'f16' has no lowering on the CUDA target (f32 and f64 only: libdevice's fmod)}}
    %0 = arith.remf %a, %a : f16
    memref.store %0, %out[] : memref<f16>
    gpu.return
  }
}

// -----

// Special functions in f64, rounded once to the op's type (bf16 through
// f32): lgamma and erf_inv through libdevice; bessel_i1e with libdevice's
// I1 below 500 (its argument 0 above) and the asymptotic expansion above,
// x's sign and NaN kept; digamma as the runtime's steps: six unrolled
// recurrence steps, the series, the reflection, NaN at the poles.
// CHECK-LABEL: gpu.module @special
// CHECK-DAG: llvm.func @__nv_lgamma(f64) -> f64
// CHECK-DAG: llvm.func @__nv_erfinv(f64) -> f64
// CHECK-DAG: llvm.func @__nv_cyl_bessel_i1(f64) -> f64
// CHECK: %[[A:.+]] = arith.extf %arg0 : f32 to f64
// CHECK: %[[L:.+]] = llvm.call @__nv_lgamma(%[[A]])
// CHECK: arith.truncf %[[L]] : f64 to f32
// CHECK: %[[B:.+]] = arith.extf %arg1 : bf16 to f64
// CHECK: %[[E:.+]] = llvm.call @__nv_erfinv(%[[B]])
// CHECK: %[[E32:.+]] = arith.truncf %[[E]] : f64 to f32
// CHECK: arith.truncf %[[E32]] : f32 to bf16
// CHECK: %[[ABS:.+]] = math.absf %arg2 : f64
// CHECK: %[[SMALL:.+]] = arith.cmpf olt, %[[ABS]]
// CHECK: %[[ARG:.+]] = arith.select %[[SMALL]], %[[ABS]]
// CHECK: llvm.call @__nv_cyl_bessel_i1(%[[ARG]])
// CHECK: math.sqrt
// CHECK: math.copysign
// CHECK: arith.cmpf uno, %arg2, %arg2
// CHECK: math.floor
// CHECK-COUNT-6: arith.cmpf olt, %{{.+}}, %{{.+}} : f64
// CHECK: math.log
// CHECK: math.tan
// CHECK-NOT: special.
gpu.module @special {
  gpu.func @kernel(%a: f32, %b: bf16, %c: f64, %d: f32, %out: memref<4xf64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %0 = special.lgamma %a : f32
    %1 = special.erf_inv %b : bf16
    %2 = special.bessel_i1e %c : f64
    %3 = special.digamma %d : f32
    %e0 = arith.extf %0 : f32 to f64
    %e1 = arith.extf %1 : bf16 to f64
    %e3 = arith.extf %3 : f32 to f64
    memref.store %e0, %out[%c0] : memref<4xf64>
    memref.store %e1, %out[%c1] : memref<4xf64>
    memref.store %2, %out[%c2] : memref<4xf64>
    memref.store %e3, %out[%c3] : memref<4xf64>
    gpu.return
  }
}

// -----

// A special function without a GPU lowering is an error at the op.
gpu.module @zeta {
  gpu.func @kernel(%a: f32, %out: memref<f32>) kernel {
    // expected-error @+1 {{'special.zeta' op has no lowering on the CUDA target}}
    %0 = special.zeta %a, %a : f32
    memref.store %0, %out[] : memref<f32>
    gpu.return
  }
}

// -----

// The complex inverse functions are the CPU's arithmetic
// (hlox::buildComplexInverse) on the parts in f64, each part rounded once:
// no special op and no call is left.
// CHECK-LABEL: gpu.module @complex_inverse
// CHECK: gpu.func @kernel
// CHECK: %[[RE:.+]] = complex.re %arg0 : complex<f32>
// CHECK: arith.extf %[[RE]] : f32 to f64
// CHECK: math.log1p
// CHECK: complex.create %{{.+}}, %{{.+}} : complex<f32>
// CHECK: complex.re %arg1 : complex<f64>
// CHECK-NOT: special.
// CHECK-NOT: llvm.call
// CHECK: gpu.return
gpu.module @complex_inverse {
  gpu.func @kernel(%z: complex<f32>, %w: complex<f64>, %out: memref<4xcomplex<f32>>, %out64: memref<4xcomplex<f64>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = special.complex_asin %z : complex<f32>
    %1 = special.complex_acos %w : complex<f64>
    %2 = special.complex_asinh %z : complex<f32>
    %3 = special.complex_acosh %w : complex<f64>
    memref.store %0, %out[%c0] : memref<4xcomplex<f32>>
    memref.store %2, %out[%c1] : memref<4xcomplex<f32>>
    memref.store %1, %out64[%c0] : memref<4xcomplex<f64>>
    memref.store %3, %out64[%c1] : memref<4xcomplex<f64>>
    gpu.return
  }
}
