// Process 1 never joins process 0's all_reduce.
func.func @waits(%x: tensor<i64>) -> tensor<i64> {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func @leaves(%x: tensor<i64>) -> tensor<i64> {
  return %x : tensor<i64>
}
func.func @main() -> (tensor<i64>, tensor<i64>) {
  %a = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@waits], [@leaves]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
