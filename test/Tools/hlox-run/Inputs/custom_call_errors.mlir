func.func @wrong_type() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %y = stablehlo.custom_call @example.prefix_sum(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}

func.func @bad_config() -> tensor<3xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.custom_call @example.prefix_sum(%x) {backend_config = "sideways"} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

func.func @aliases(%x: tensor<3xf32>) -> tensor<3xf32> {
  %y = stablehlo.custom_call @example.prefix_sum(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
