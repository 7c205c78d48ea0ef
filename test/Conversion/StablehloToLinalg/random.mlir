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

// -----

// rng_bit_generator (PHILOX): one parallel generic; each element runs
// Philox-4x32 (10 rounds) on its 128-bit counter, state[2]:state[1] plus
// the element's word index / 4, and picks its word(s) of the four. The
// three states are the Random123 known-answer tests (key 0 and counter 0;
// all ones, whose counter wraps; the digits of pi).
// CHECK-LABEL: func.func @philox
// CHECK: linalg.generic
// CHECK: arith.cmpi ult
// CHECK-COUNT-20: arith.mului_extended
// CHECK: tensor.insert
// CHECK: tensor.insert
func.func @philox() {
  %zero = stablehlo.constant dense<0> : tensor<3xui64>
  %0:2 = stablehlo.rng_bit_generator %zero, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  check.expect_eq_const %0#0, dense<[0, 1, 0]> : tensor<3xui64>
  check.expect_eq_const %0#1, dense<[0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]> : tensor<4xui32>
  %ones = stablehlo.constant dense<18446744073709551615> : tensor<3xui64>
  %1:2 = stablehlo.rng_bit_generator %ones, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  check.expect_eq_const %1#0, dense<[18446744073709551615, 0, 0]> : tensor<3xui64>
  check.expect_eq_const %1#1, dense<[0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd]> : tensor<4xui32>
  %pi = stablehlo.constant dense<[2999170649027065890, 9629550131187509896, 247824715720788526]> : tensor<3xui64>
  %2:2 = stablehlo.rng_bit_generator %pi, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  check.expect_eq_const %2#1, dense<[0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1]> : tensor<4xui32>
  return
}

// -----

// A 2-word PHILOX state has a 64-bit counter word, but the counter's carry
// still reaches its third word, as in a 3-word state whose state[2] is 0;
// the 2-word state's new counter wraps. 64-bit elements take two words
// each: 5 elements use 3 counters (2^64 - 2, 2^64 - 1 and 2^64).
// CHECK-LABEL: func.func @philox_64
// CHECK: linalg.generic
// CHECK: tensor.insert
// CHECK-NOT: tensor.insert
// CHECK: linalg.generic
// CHECK-COUNT-2: tensor.insert
func.func @philox_64() {
  %s2 = stablehlo.constant dense<[5, 18446744073709551614]> : tensor<2xui64>
  %0:2 = stablehlo.rng_bit_generator %s2, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
  check.expect_eq_const %0#0, dense<[5, 1]> : tensor<2xui64>
  %s3 = stablehlo.constant dense<[5, 18446744073709551614, 0]> : tensor<3xui64>
  %1:2 = stablehlo.rng_bit_generator %s3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui64>)
  check.expect_eq_const %1#0, dense<[5, 1, 1]> : tensor<3xui64>
  check.expect_eq %0#1, %1#1 : tensor<5xui64>
  return
}
