// stablehlo.dynamic_rng_bit_generator of a shape-polymorphic export, its sizes
// constants once the program is specialized to its arguments; compiled and
// interpreted.
// RUN: hlox-run --input=1xf32=0 --print-output %s | FileCheck %s
// RUN: hlox-run --interpret --input=1xf32=0 --print-output %s | FileCheck %s

// The same bits as the static op.
// CHECK: result[0]: dense<[[BITS:.*]]> : tensor<3x2xui32>
// CHECK-NEXT: result[1]: dense<[[BITS]]> : tensor<3x2xui32>
// The output shape [3 * b, 2] for an argument of shape (b,).
func.func @main(%x: tensor<?xf32>) -> (tensor<?x?xui32>, tensor<3x2xui32>) {
  %s = stablehlo.constant dense<[42, 43]> : tensor<2xui64>
  %b = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %rows = stablehlo.multiply %b, %three : tensor<i32>
  %rows1 = stablehlo.reshape %rows : (tensor<i32>) -> tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %shape = stablehlo.concatenate %rows1, %two, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%s, %shape) {api_version = 2 : i32, rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi32>) -> (tensor<2xui64>, tensor<?x?xui32>)
  %t:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xui32>)
  return %r#1, %t#1 : tensor<?x?xui32>, tensor<3x2xui32>
}
