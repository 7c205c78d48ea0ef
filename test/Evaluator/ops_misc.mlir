// Ops the conformance corpus does not cover, checked against hand-computed
// values.
// RUN: hlox-run --interpret --split-input-file %s

func.func @cholesky_lower() {
  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 5.0]]> : tensor<2x2xf32>
  %l = stablehlo.cholesky %a, lower = true : tensor<2x2xf32>
  check.expect_almost_eq_const %l, dense<[[2.0, 0.0], [1.0, 2.0]]> : tensor<2x2xf32>
  %u = stablehlo.cholesky %a : tensor<2x2xf32>
  check.expect_almost_eq_const %u, dense<[[2.0, 1.0], [0.0, 2.0]]> : tensor<2x2xf32>
  func.return
}

// -----

func.func @batch_norm() {
  %x = stablehlo.constant dense<[[1.0, 10.0], [3.0, 30.0]]> : tensor<2x2xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %out, %mean, %var = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %mean, dense<[2.0, 20.0]> : tensor<2xf32>
  check.expect_almost_eq_const %var, dense<[1.0, 100.0]> : tensor<2xf32>
  check.expect_almost_eq_const %out, dense<[[-1.0, -1.0], [1.0, 3.0]]> : tensor<2x2xf32>
  %inf = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %inf, dense<[[-1.0, -1.0], [1.0, 3.0]]> : tensor<2x2xf32>
  %g = stablehlo.constant dense<[[1.0, 1.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %gx, %gs, %go = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %gx, dense<0.0> : tensor<2x2xf32>
  check.expect_almost_eq_const %gs, dense<0.0> : tensor<2xf32>
  check.expect_almost_eq_const %go, dense<2.0> : tensor<2xf32>
  func.return
}

// -----

func.func @torch_index_select() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %r = "stablehlo.torch_index_select"(%x, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<3x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[5, 6], [1, 2]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @einsum() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %c = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %c, dense<[[19, 22], [43, 50]]> : tensor<2x2xi32>
  %t = stablehlo.unary_einsum %a, config = "ab->ba" : (tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %t, dense<[[1, 3], [2, 4]]> : tensor<2x2xi32>
  %s = stablehlo.unary_einsum %a, config = "ab->a" : (tensor<2x2xi32>) -> tensor<2xi32>
  check.expect_eq_const %s, dense<[3, 7]> : tensor<2xi32>
  func.return
}

// -----

// Threefry-2x32 matches XLA: key 3, counter 3.
func.func @rng_bit_generator() {
  %state = stablehlo.constant dense<3> : tensor<2xui64>
  %next, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui64>)
  check.expect_eq_const %bits, dense<3349939604322698703> : tensor<ui64>
  check.expect_eq_const %next, dense<[3, 4]> : tensor<2xui64>
  func.return
}

// -----

func.func @chlo_broadcasting() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %row = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %col = stablehlo.constant dense<[100, 200]> : tensor<2xi32>
  %a = chlo.broadcast_add %m, %row : tensor<2x3xi32>, tensor<3xi32> -> tensor<2x3xi32>
  check.expect_eq_const %a, dense<[[11, 22, 33], [14, 25, 36]]> : tensor<2x3xi32>
  %b = chlo.broadcast_multiply %m, %col {broadcast_dimensions = array<i64: 0>} : tensor<2x3xi32>, tensor<2xi32> -> tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[100, 200, 300], [800, 1000, 1200]]> : tensor<2x3xi32>
  %c = chlo.broadcast_compare %m, %row {comparison_direction = #chlo<comparison_direction GT>} : tensor<2x3xi32>, tensor<3xi32> -> tensor<2x3xi1>
  check.expect_eq_const %c, dense<false> : tensor<2x3xi1>
  func.return
}

// -----

// zeta(2, 1) = pi^2 / 6; polygamma(1, 1) = pi^2 / 6; polygamma(0, 1) is
// digamma(1) = -0.5772156649.
func.func @zeta_polygamma() {
  %two = stablehlo.constant dense<2.0> : tensor<f64>
  %one = stablehlo.constant dense<1.0> : tensor<f64>
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %z = chlo.zeta %two, %one : tensor<f64>, tensor<f64> -> tensor<f64>
  check.expect_almost_eq_const %z, dense<1.6449340668482264> : tensor<f64>
  %p = chlo.polygamma %one, %one : tensor<f64>, tensor<f64> -> tensor<f64>
  check.expect_almost_eq_const %p, dense<1.6449340668482264> : tensor<f64>
  %d = chlo.polygamma %zero, %one : tensor<f64>, tensor<f64> -> tensor<f64>
  check.expect_almost_eq_const %d, dense<-0.5772156649015329> : tensor<f64>
  func.return
}

// -----

func.func @set_dimension_size() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %n = stablehlo.constant dense<2> : tensor<i32>
  %r = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xi32>, tensor<i32>) -> tensor<?xi32, #stablehlo.type_extensions<bounds = [4]>>
  %s = stablehlo.reduce(%r init: %n) applies stablehlo.add across dimensions = [0] : (tensor<?xi32, #stablehlo.type_extensions<bounds = [4]>>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %s, dense<5> : tensor<i32>
  func.return
}
