// RUN: hlox-opt --hlox-cpu-math-to-libm %s | FileCheck %s

// Float math with a libm function becomes a call; rsqrt becomes 1 / sqrt
// first; integer math stays for convert-math-to-llvm.
// CHECK-LABEL: func.func @math
// CHECK: call @expm1f
// CHECK: %[[ROOT:.+]] = call @sqrt(
// CHECK: arith.divf %{{.+}}, %[[ROOT]]
// CHECK: math.absi
func.func @math(%x: f32, %y: f64, %i: i32) -> (f32, f64, i32) {
  %0 = math.expm1 %x : f32
  %1 = math.rsqrt %y : f64
  %2 = math.absi %i : i32
  return %0, %1, %2 : f32, f64, i32
}
