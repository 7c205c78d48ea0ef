// RUN: hlox-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(gpu.module(hlox-cuda-float-remainders))" %s | FileCheck %s

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
