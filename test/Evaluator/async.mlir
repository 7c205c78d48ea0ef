// async_start runs its op at once; async_done returns its results. The
// import pipeline runs the pairs it can as their op (stablehlo-inline-async);
// a future passed to a call stays a future, which the evaluator holds.
// RUN: hlox-run --interpret --split-input-file %s

module @async_all_reduce {
  func.func @all_reduce(%operand: tensor<4xi64>) -> tensor<4xi64> {
    %future = "stablehlo.async_start"(%operand) ({
    ^bb0(%x: tensor<4xi64>):
      %sum = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %0 = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %0 : tensor<i64>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
      "stablehlo.return"(%sum) : (tensor<4xi64>) -> ()
    }) : (tensor<4xi64>) -> !stablehlo.future<tensor<4xi64>>
    %result = "stablehlo.async_done"(%future) : (!stablehlo.future<tensor<4xi64>>) -> tensor<4xi64>
    return %result : tensor<4xi64>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
    %b = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xi64>
    %results:2 = "interpreter.run_parallel"(%a, %b) {
      programs = [[@all_reduce], [@all_reduce]]
    } : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
    check.expect_eq_const %results#0, dense<[6, 8, 10, 12]> : tensor<4xi64>
    check.expect_eq_const %results#1, dense<[6, 8, 10, 12]> : tensor<4xi64>
    func.return
  }
}

// -----

// A slice with two operands' worth of future, waited for twice.
func.func @main() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %i = stablehlo.constant dense<1> : tensor<i32>
  %future = "stablehlo.async_start"(%x, %i) ({
  ^bb0(%v: tensor<4xf32>, %start: tensor<i32>):
    %0 = stablehlo.dynamic_slice %v, %start, sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
    "stablehlo.return"(%0) : (tensor<2xf32>) -> ()
  }) : (tensor<4xf32>, tensor<i32>) -> !stablehlo.future<tensor<2xf32>>
  %r0 = "stablehlo.async_done"(%future) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
  %r1 = "stablehlo.async_done"(%future) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
  check.expect_eq_const %r0, dense<[2.0, 3.0]> : tensor<2xf32>
  check.expect_eq_const %r1, dense<[2.0, 3.0]> : tensor<2xf32>
  func.return
}

// -----

// The future crosses a call: the evaluator waits for it in the callee.
module @future_argument {
  func.func @wait(%future: !stablehlo.future<tensor<2xi32>, tensor<i32>>) -> (tensor<2xi32>, tensor<i32>) {
    %r:2 = "stablehlo.async_done"(%future) : (!stablehlo.future<tensor<2xi32>, tensor<i32>>) -> (tensor<2xi32>, tensor<i32>)
    return %r#0, %r#1 : tensor<2xi32>, tensor<i32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
    %v = stablehlo.constant dense<5> : tensor<i32>
    %future = "stablehlo.async_start"(%x, %v) ({
    ^bb0(%a: tensor<3xi32>, %b: tensor<i32>):
      %0 = stablehlo.slice %a [1:3] : (tensor<3xi32>) -> tensor<2xi32>
      "stablehlo.return"(%0, %b) : (tensor<2xi32>, tensor<i32>) -> ()
    }) : (tensor<3xi32>, tensor<i32>) -> !stablehlo.future<tensor<2xi32>, tensor<i32>>
    %r:2 = func.call @wait(%future) : (!stablehlo.future<tensor<2xi32>, tensor<i32>>) -> (tensor<2xi32>, tensor<i32>)
    check.expect_eq_const %r#0, dense<[8, 9]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<5> : tensor<i32>
    func.return
  }
}
