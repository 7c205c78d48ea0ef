// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

// CHECK-LABEL: func @functions
// CHECK: special.lgamma %{{.*}} : f16
// CHECK: special.digamma %{{.*}} : bf16
// CHECK: special.erf_inv %{{.*}} : f32
// CHECK: special.bessel_i1e %{{.*}} : f64
// CHECK: special.zeta %{{.*}}, %{{.*}} : f32
// CHECK: special.polygamma %{{.*}}, %{{.*}} : f64
// CHECK: special.complex_asin %{{.*}} : complex<f32>
// CHECK: special.complex_acos %{{.*}} : complex<f64>
// CHECK: special.complex_asinh %{{.*}} : complex<f32>
// CHECK: special.complex_acosh %{{.*}} : complex<f32>
func.func @functions(%h: f16, %b: bf16, %f: f32, %d: f64, %z: complex<f32>,
                     %w: complex<f64>) {
  %0 = special.lgamma %h : f16
  %1 = special.digamma %b : bf16
  %2 = special.erf_inv %f : f32
  %3 = special.bessel_i1e %d : f64
  %4 = special.zeta %f, %f : f32
  %5 = special.polygamma %d, %d : f64
  %7 = special.complex_asin %z : complex<f32>
  %8 = special.complex_acos %w : complex<f64>
  %9 = special.complex_asinh %z : complex<f32>
  %10 = special.complex_acosh %z : complex<f32>
  return
}

// CHECK-LABEL: func @small_floats
// CHECK: special.decode_small_float %{{.*}} {format = f8E4M3FN} : i8 -> f32
// CHECK: special.encode_small_float %{{.*}} {format = f4E2M1FN} : f64 -> i8
func.func @small_floats(%bits: i8, %x: f64) {
  %0 = special.decode_small_float %bits {format = f8E4M3FN} : i8 -> f32
  %1 = special.encode_small_float %x {format = f4E2M1FN} : f64 -> i8
  return
}

// Unused pure ops go away.
// RUN: hlox-opt %s --canonicalize | FileCheck %s --check-prefix=DCE
// DCE-LABEL: func @dead
// DCE-NEXT: return
func.func @dead(%x: f32) {
  %0 = special.lgamma %x : f32
  return
}
