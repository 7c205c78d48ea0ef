// Integer arguments from the command line take every value of their type,
// unsigned ones up to their maximum; a value outside the type is an error,
// not a wrapped number.
// RUN: hlox-run %s --input=2xui64=0,18446744073709551615 --input=2xi8=-128,127 --input=ui4=15 --print-output | FileCheck %s
// RUN: hlox-run %s --input=2xui64=0x10,7 --input=2xi8=-1,0 --input=ui4=0 --print-output | FileCheck %s --check-prefix=HEX
// RUN: %expect-exit 2 hlox-run %s --input=2xui64=1,18446744073709551616 --input=2xi8=1 --input=ui4=0 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: %expect-exit 2 hlox-run %s --input=2xui64=1 --input=2xi8=1,128 --input=ui4=0 2>&1 | FileCheck %s --check-prefix=I8
// RUN: %expect-exit 2 hlox-run %s --input=2xui64=1 --input=2xi8=1 --input=ui4=16 2>&1 | FileCheck %s --check-prefix=UI4
// RUN: %expect-exit 2 hlox-run %s --input=2xui64=-1,2 --input=2xi8=1 --input=ui4=0 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// CHECK: result[0]: dense<[0, 18446744073709551615]> : tensor<2xui64>
// CHECK: result[1]: dense<[-128, 127]> : tensor<2xi8>
// CHECK: result[2]: dense<15> : tensor<ui4>
// HEX: result[0]: dense<[16, 7]> : tensor<2xui64>
// BIG: error: --input 0 ('2xui64=1,18446744073709551616'): bad integer '18446744073709551616'
// I8: error: --input 1 ('2xi8=1,128'): integer 128 is out of range for i8
// UI4: error: --input 2 ('ui4=16'): integer 16 is out of range for ui4
// NEGATIVE: error: --input 0 ('2xui64=-1,2'): integer -1 is out of range for ui64
func.func @main(%a: tensor<2xui64>, %b: tensor<2xi8>, %c: tensor<ui4>) -> (tensor<2xui64>, tensor<2xi8>, tensor<ui4>) {
  return %a, %b, %c : tensor<2xui64>, tensor<2xi8>, tensor<ui4>
}
