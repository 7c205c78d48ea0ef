// collective_reduce with has_dynamic_root: the last operand names, per data
// operand, the position in the group that receives the reduction; the
// others receive zeros. And a promoted computation: i32 values summed in
// i64.
// RUN: hlox-run --interpret %s

func.func @reduce(%x: tensor<2xi32>, %root: tensor<1xi32>) -> tensor<2xi64> {
  %0 = "stablehlo.collective_reduce"(%x, %root) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

func.func @main() {
  %a = stablehlo.constant dense<[1, 2000000000]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 2000000000]> : tensor<2xi32>
  %root = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r:2 = "interpreter.run_parallel"(%a, %root, %b, %root) {programs = [[@reduce], [@reduce]]} : (tensor<2xi32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> (tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %r#0, dense<[0, 0]> : tensor<2xi64>
  check.expect_eq_const %r#1, dense<[4, 4000000000]> : tensor<2xi64>
  func.return
}
