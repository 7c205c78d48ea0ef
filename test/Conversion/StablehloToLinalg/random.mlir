// RUN: hlox-opt --split-input-file --convert-stablehlo-to-linalg %s | FileCheck %s
// RUN: hlox-run --split-input-file --opaque-constants %s

// rng_bit_generator (THREE_FRY, DEFAULT): one parallel generic; each
// element runs Threefry-2x32 on its counter. 32-bit outputs take the first
// words of ceil(n / 2) counters, then the second words.
// CHECK-LABEL: func.func @three_fry
// CHECK: linalg.generic
// CHECK: linalg.index
// CHECK-COUNT-20: arith.xori
// CHECK: tensor.insert
func.func @three_fry() {
  %s = stablehlo.constant dense<[42, 7]> : tensor<2xui64>
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  check.expect_eq_const %0#0, dense<[42, 10]> : tensor<2xui64>
  check.expect_eq_const %0#1, dense<[2642642533, 356970675, 4222757798, 3437982737, 1736384518]> : tensor<5xui32>
  %1:2 = stablehlo.rng_bit_generator %0#0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xi64>)
  check.expect_eq_const %1#0, dense<[42, 12]> : tensor<2xui64>
  check.expect_eq_const %1#1, dense<[-946352453487168885, -4765662197358297991]> : tensor<2xi64>
  return
}
