// Aliases and layouts a handler cannot be given are errors at the op,
// compiled and interpreted (exit 2).
// RUN: %expect-exit 2 hlox-run --plugin=%custom_call_example --function=alias_types %s 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: %expect-exit 2 hlox-run --interpret --plugin=%custom_call_example --function=alias_types %s 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: %expect-exit 2 hlox-run --plugin=%custom_call_example --function=layout %s 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: %expect-exit 2 hlox-run --interpret --plugin=%custom_call_example --function=layout %s 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: %expect-exit 2 hlox-run --plugin=%custom_call_example --function=alias_path %s 2>&1 | FileCheck %s --check-prefix=PATH
// RUN: %expect-exit 2 hlox-run --interpret --plugin=%custom_call_example --function=alias_path %s 2>&1 | FileCheck %s --check-prefix=PATH

// TYPES: contract-invalid.mlir:[[@LINE+3]]:8: error: output-operand alias #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>: operand 0 is 'tensor<3xf32>' but result 0 is 'tensor<3xf64>'
func.func @alias_types() -> tensor<3xf64> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.custom_call @example.prefix_sum(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xf32>) -> tensor<3xf64>
  return %y : tensor<3xf64>
}

// LAYOUT: contract-invalid.mlir:[[@LINE+3]]:8: error: operand_layouts entry 0 is not a permutation of the 2 dimensions of 'tensor<2x3xf32>'
func.func @layout() -> tensor<2x3xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<2x3xf32>
  %y = stablehlo.custom_call @example.prefix_sum(%x) {operand_layouts = [dense<[0, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// PATH: contract-invalid.mlir:[[@LINE+3]]:10: error: output-operand alias #stablehlo.output_operand_alias<output_tuple_indices = [3], operand_index = 0, operand_tuple_indices = []> names no tensor result
func.func @alias_path() -> tensor<2xf32> {
  %x = stablehlo.constant dense<1.0> : tensor<2xf32>
  %y:2 = stablehlo.custom_call @example.prefix_sum(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [3], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %y#0 : tensor<2xf32>
}
