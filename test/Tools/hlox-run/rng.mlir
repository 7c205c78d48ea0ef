// stablehlo.rng draws from one engine per run, seeded with 0: compiled
// (each rng a command of the host program, constants opaque or not) and
// interpreted runs give the same numbers, bit for bit, and so do repeated
// runs. An rng inside a loop keeps the loop on the host; forcing the loop
// into a kernel is a compile error at the rng.
// RUN: hlox-run %s --function=draws --print-output > %t.cpu
// RUN: hlox-run %s --function=draws --print-output --opaque-constants > %t.opaque
// RUN: hlox-run %s --function=draws --print-output --interpret > %t.interpret
// RUN: hlox-run %s --function=draws --print-output --repeat=2 | grep -v "time per run" > %t.repeat
// RUN: diff %t.cpu %t.interpret
// RUN: diff %t.cpu %t.opaque
// RUN: diff %t.cpu %t.repeat
// RUN: FileCheck %s < %t.cpu
// RUN: hlox-run %s --function=loop --input=3xf32=1,2,3 --print-output > %t.loop.cpu
// RUN: hlox-run %s --function=loop --input=3xf32=1,2,3 --print-output --interpret > %t.loop.interpret
// RUN: diff %t.loop.cpu %t.loop.interpret
// RUN: %expect-exit 2 hlox-run %s --function=loop --input=3xf32=1,2,3 --host-control-flow=never 2>&1 | FileCheck %s --check-prefix=KERNEL

// Degenerate parameters draw nothing: b <= a gives a (uniform), b <= 0
// gives NaN (normal), a == b gives a (booleans).
// CHECK: result[0]: dense<{{.*}}> : tensor<2x3xf32>
// CHECK: result[1]: dense<{{.*}}> : tensor<4xi32>
// CHECK: result[2]: dense<{{.*}}> : tensor<3xf64>
// CHECK: result[3]: dense<{{.*}}> : tensor<5xi1>
// CHECK: result[4]: dense<{{.*}}> : tensor<4xbf16>
// CHECK: result[5]: dense<{{.*}}> : tensor<4xf16>
// CHECK: result[6]: dense<{{.*}}> : tensor<3xf8E4M3FN>
// CHECK: result[7]: dense<{{.*}}> : tensor<4xui8>
// CHECK: result[8]: dense<7> : tensor<3xi64>
// CHECK: result[9]: dense<0x7FF8000000000000> : tensor<2xf64>
// CHECK: result[10]: dense<true> : tensor<2xi1>
func.func @draws() -> (tensor<2x3xf32>, tensor<4xi32>, tensor<3xf64>, tensor<5xi1>, tensor<4xbf16>, tensor<4xf16>, tensor<3xf8E4M3FN>, tensor<4xui8>, tensor<3xi64>, tensor<2xf64>, tensor<2xi1>) {
  %s1 = stablehlo.constant dense<[4]> : tensor<1xi64>
  %s2 = stablehlo.constant dense<[2]> : tensor<1xi64>
  %s3 = stablehlo.constant dense<[3]> : tensor<1xi64>
  %s5 = stablehlo.constant dense<[5]> : tensor<1xi64>
  %s23 = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %a = stablehlo.constant dense<-1.0> : tensor<f32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %0 = stablehlo.rng %a, %b, %s23, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  %ia = stablehlo.constant dense<-5> : tensor<i32>
  %ib = stablehlo.constant dense<100> : tensor<i32>
  %1 = stablehlo.rng %ia, %ib, %s1, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  %da = stablehlo.constant dense<1.0> : tensor<f64>
  %db = stablehlo.constant dense<3.0> : tensor<f64>
  %2 = stablehlo.rng %da, %db, %s3, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<3xf64>
  %ba = stablehlo.constant dense<false> : tensor<i1>
  %bb = stablehlo.constant dense<true> : tensor<i1>
  %3 = stablehlo.rng %ba, %bb, %s5, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<1xi64>) -> tensor<5xi1>
  %ha = stablehlo.constant dense<0.0> : tensor<bf16>
  %hb = stablehlo.constant dense<1.0> : tensor<bf16>
  %4 = stablehlo.rng %ha, %hb, %s1, distribution = NORMAL : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<4xbf16>
  %fa = stablehlo.constant dense<0.0> : tensor<f16>
  %fb = stablehlo.constant dense<1.0> : tensor<f16>
  %5 = stablehlo.rng %fa, %fb, %s1, distribution = UNIFORM : (tensor<f16>, tensor<f16>, tensor<1xi64>) -> tensor<4xf16>
  %ea = stablehlo.constant dense<0.0> : tensor<f8E4M3FN>
  %eb = stablehlo.constant dense<4.0> : tensor<f8E4M3FN>
  %6 = stablehlo.rng %ea, %eb, %s3, distribution = NORMAL : (tensor<f8E4M3FN>, tensor<f8E4M3FN>, tensor<1xi64>) -> tensor<3xf8E4M3FN>
  %ua = stablehlo.constant dense<10> : tensor<ui8>
  %ub = stablehlo.constant dense<250> : tensor<ui8>
  %7 = stablehlo.rng %ua, %ub, %s1, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<4xui8>
  %la = stablehlo.constant dense<7> : tensor<i64>
  %lb = stablehlo.constant dense<-7> : tensor<i64>
  %8 = stablehlo.rng %la, %lb, %s3, distribution = UNIFORM : (tensor<i64>, tensor<i64>, tensor<1xi64>) -> tensor<3xi64>
  %na = stablehlo.constant dense<1.0> : tensor<f64>
  %nb = stablehlo.constant dense<0.0> : tensor<f64>
  %9 = stablehlo.rng %na, %nb, %s2, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<2xf64>
  %10 = stablehlo.rng %bb, %bb, %s2, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<1xi64>) -> tensor<2xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<2x3xf32>, tensor<4xi32>, tensor<3xf64>, tensor<5xi1>, tensor<4xbf16>, tensor<4xf16>, tensor<3xf8E4M3FN>, tensor<4xui8>, tensor<3xi64>, tensor<2xf64>, tensor<2xi1>
}

// KERNEL: :[[@LINE+14]]:10: error: cannot run 'stablehlo.rng' inside control flow that runs in a kernel
func.func @loop(%x: tensor<3xf32>) -> tensor<3xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %a = stablehlo.constant dense<0.0> : tensor<f32>
  %b = stablehlo.constant dense<1.0> : tensor<f32>
  %s = stablehlo.constant dense<3> : tensor<1xi64>
  %r:2 = stablehlo.while(%k = %zero, %v = %x) : tensor<i32>, tensor<3xf32>
   cond {
    %c = stablehlo.compare LT, %k, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k1 = stablehlo.add %k, %one : tensor<i32>
    %u = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
    %v1 = stablehlo.add %v, %u : tensor<3xf32>
    stablehlo.return %k1, %v1 : tensor<i32>, tensor<3xf32>
  }
  return %r#1 : tensor<3xf32>
}
