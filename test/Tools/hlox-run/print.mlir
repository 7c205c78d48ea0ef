// interpreter.print writes its operand to stdout, compiled (a host call,
// inside a host-level loop too) as interpreted.
// RUN: hlox-run %s | FileCheck %s
// RUN: hlox-run --opaque-constants %s | FileCheck %s
// RUN: hlox-run --interpret %s | FileCheck %s

// CHECK: dense<[2.000000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: dense<1> : tensor<i32>
// CHECK-NEXT: dense<2> : tensor<i32>
// CHECK-NEXT: dense<3> : tensor<i32>
// CHECK-NOT: dense
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = stablehlo.add %x, %x : tensor<2xf32>
  interpreter.print %y : tensor<2xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %r = stablehlo.while(%k = %zero) : tensor<i32>
   cond {
    %c = stablehlo.compare LT, %k, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k1 = stablehlo.add %k, %one : tensor<i32>
    interpreter.print %k1 : tensor<i32>
    stablehlo.return %k1 : tensor<i32>
  }
  func.return
}
