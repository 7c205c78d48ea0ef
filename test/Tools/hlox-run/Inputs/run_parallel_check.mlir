// A compiled process's wrong result fails the driver's check (exit 1).
func.func @gather(%x: tensor<2xi32>) -> tensor<4xi32> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@gather], [@gather]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  // Group [1, 0] puts replica 1's operand first: [3, 4, 1, 2], not this.
  check.expect_eq_const %r#0, dense<[1, 2, 3, 4]> : tensor<4xi32>
  check.expect_eq_const %r#1, dense<[3, 4, 1, 2]> : tensor<4xi32>
  func.return
}
