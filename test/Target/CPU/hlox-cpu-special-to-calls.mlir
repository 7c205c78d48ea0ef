// RUN: hlox-opt --hlox-cpu-special-to-calls --split-input-file %s | FileCheck %s

// Special functions call the runtime in f64, rounding once to the op's type
// (bf16 through f32); each callee is declared once.
// CHECK-DAG: func.func private @hlox_lgamma(f64) -> f64
// CHECK-DAG: func.func private @hlox_zeta(f64, f64) -> f64
// CHECK-LABEL: func.func @functions
// CHECK: %[[X:.+]] = arith.extf %arg0 : f32 to f64
// CHECK: %[[L:.+]] = call @hlox_lgamma(%[[X]]) : (f64) -> f64
// CHECK: arith.truncf %[[L]] : f64 to f32
// CHECK: %[[D:.+]] = call @hlox_lgamma(%arg1) : (f64) -> f64
// CHECK: %[[B:.+]] = arith.extf %arg2 : bf16 to f64
// CHECK: %[[LB:.+]] = call @hlox_lgamma(%[[B]])
// CHECK: %[[LB32:.+]] = arith.truncf %[[LB]] : f64 to f32
// CHECK: arith.truncf %[[LB32]] : f32 to bf16
// CHECK: call @hlox_zeta(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
// CHECK-NOT: special.
func.func @functions(%f: f32, %d: f64, %b: bf16) -> (f32, f64, bf16, f32) {
  %0 = special.lgamma %f : f32
  %1 = special.lgamma %d : f64
  %2 = special.lgamma %b : bf16
  %3 = special.zeta %f, %f : f32
  return %0, %1, %2, %3 : f32, f64, bf16, f32
}

// -----

// A complex inverse function is arithmetic on the parts in f64 (the
// algorithm the GPU runs too), no call; each part rounded once.
// CHECK-LABEL: func.func @complex
// CHECK: %[[RE:.+]] = complex.re %arg0 : complex<f32>
// CHECK: %[[RE64:.+]] = arith.extf %[[RE]] : f32 to f64
// CHECK: %[[IM:.+]] = complex.im %arg0 : complex<f32>
// CHECK: %[[IM64:.+]] = arith.extf %[[IM]] : f32 to f64
// CHECK-NOT: call
// CHECK: math.log1p
// CHECK-NOT: call
// CHECK: %[[R32:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK: %[[I32:.+]] = arith.truncf %{{.+}} : f64 to f32
// CHECK: complex.create %[[R32]], %[[I32]] : complex<f32>
func.func @complex(%z: complex<f32>) -> complex<f32> {
  %0 = special.complex_asinh %z : complex<f32>
  return %0 : complex<f32>
}

// -----

// Small floats: the codecs as arithmetic (the CUDA target's too), no call:
// a decode places the fields in f32's bits, an encode rounds the quanta
// with roundeven.
// CHECK-LABEL: func.func @small_floats
// CHECK-NOT: call
// CHECK: arith.extui %arg0 : i8 to i32
// CHECK: arith.bitcast %{{.+}} : i32 to f32
// CHECK: arith.bitcast %arg1 : f64 to i64
// CHECK: math.roundeven
// CHECK: arith.trunci %{{.+}} : i64 to i8
// CHECK-NOT: call
func.func @small_floats(%bits: i8, %x: f64) -> (f32, i8) {
  %0 = special.decode_small_float %bits {format = f8E4M3FN} : i8 -> f32
  %1 = special.encode_small_float %x {format = f8E5M2} : f64 -> i8
  return %0, %1 : f32, i8
}

// -----

// Ops in nested kernel modules are declared in their own module.
// CHECK-LABEL: module @k0
// CHECK: func.func private @hlox_erf_inv
// CHECK-LABEL: module @k1
// CHECK: func.func private @hlox_erf_inv
module {
  module @k0 {
    func.func @k0(%x: f64) -> f64 {
      %0 = special.erf_inv %x : f64
      return %0 : f64
    }
  }
  module @k1 {
    func.func @k1(%x: f64) -> f64 {
      %0 = special.erf_inv %x : f64
      return %0 : f64
    }
  }
}

// -----

// digamma is the runtime's steps as arithmetic (hlox::buildDigamma), in
// f64, rounded once: no call.
// CHECK-LABEL: func.func @digamma
// CHECK-NOT: call
// CHECK: arith.extf %arg0 : f32 to f64
// CHECK: math.floor
// CHECK: math.log
// CHECK: math.tan
// CHECK: arith.truncf {{.*}} : f64 to f32
func.func @digamma(%x: f32) -> f32 {
  %0 = special.digamma %x : f32
  return %0 : f32
}
