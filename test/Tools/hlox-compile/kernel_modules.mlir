// Each kernel is lowered in a module of its own; the llvm phase joins them
// back into one: one declaration of each C function, and private globals
// of the same name (the loop counters' constants here) renamed apart, each
// kernel keeping its own.
// RUN: hlox-compile --compile-to=llvm --host-control-flow=never %s | FileCheck %s
// RUN: hlox-compile --compile-to=llvm --host-control-flow=never --emit-object -o %t.o %s
// RUN: hlox-run %s --host-control-flow=never --input=4xf32=1 --print-output | FileCheck %s --check-prefix=EXEC

// CHECK-COUNT-1: llvm.func @malloc
// CHECK: llvm.mlir.global private constant @[[G0:__constant_xi32]](
// CHECK: llvm.func @main_dispatch_0(
// CHECK: llvm.mlir.addressof @[[G0]] :
// CHECK: llvm.mlir.global private constant @[[G1:__constant_xi32_1]](
// CHECK: llvm.func @main_dispatch_1(
// CHECK: llvm.mlir.addressof @[[G1]] :
// CHECK-NOT: llvm.func @malloc

// EXEC: result[0]: dense<[4.000000e+00, 7.000000e+00, 1.000000e+01, 1.300000e+01]>
// EXEC: result[1]: dense<[1.250000e+02, 2.160000e+02, 3.430000e+02, 5.120000e+02]>

func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c2 = stablehlo.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r1:2 = stablehlo.while(%i = %i0, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %k = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
      %w = stablehlo.add %v, %k : tensor<4xf32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %w : tensor<i32>, tensor<4xf32>
    }
  %r2:2 = stablehlo.while(%i = %i0, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %k = stablehlo.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
      %w = stablehlo.multiply %v, %k : tensor<4xf32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %w : tensor<i32>, tensor<4xf32>
    }
  return %r1#1, %r2#1 : tensor<4xf32>, tensor<4xf32>
}
