// An embedding lookup as JAX exports `jnp.take(table, ids, axis=0)`: 8192
// rows of 768 f32 gathered from a 32768-row table (24 MiB read and 24 MiB
// written; hlox-bench counts the whole table among the arguments). The ids
// come first, so that `--input=@ids.npy` can give spread ones (made-up
// integers are 0 to 15: rows that stay in cache).
func.func @main(%ids: tensor<8192x1xi32>, %table: tensor<32768x768xf32>) -> tensor<8192x768xf32> {
  %0 = "stablehlo.gather"(%table, %ids) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    indices_are_sorted = false,
    slice_sizes = array<i64: 1, 768>
  } : (tensor<32768x768xf32>, tensor<8192x1xi32>) -> tensor<8192x768xf32>
  return %0 : tensor<8192x768xf32>
}
