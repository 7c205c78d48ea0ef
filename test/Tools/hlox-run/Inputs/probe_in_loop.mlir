func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %two = stablehlo.constant dense<2> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %0 = stablehlo.while(%i = %zero) : tensor<i64>
   cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.add %i, %one : tensor<i64>
    %p = interpreter.probe %next, probe_id = "i" : tensor<i64>
    stablehlo.return %p : tensor<i64>
  }
  check.expect_eq_const %0, dense<3> : tensor<i64>
  check.expect_serialized_eq %one, probe_id = "i", iter = 0 : tensor<i64>
  check.expect_serialized_eq %two, probe_id = "i", iter = 1 : tensor<i64>
  check.expect_serialized_eq %three, probe_id = "i", iter = 2 : tensor<i64>
  func.return
}
