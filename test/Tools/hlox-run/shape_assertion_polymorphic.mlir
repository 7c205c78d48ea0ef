// A shape-polymorphic function as JAX exports it asserts that the
// dimension sizes its arguments bring are valid: specialized to a size, the
// assertion's predicate is a constant, which holds (the assertion goes) or
// fails the run with the message, compiled and interpreted alike.
// RUN: hlox-run --input=4x3xf32=1 %s
// RUN: hlox-run --interpret --input=4x3xf32=1 %s
// RUN: %expect-exit 2 hlox-run --input=2x3xf32=1 %s 2>&1 | FileCheck %s
// RUN: %expect-exit 2 hlox-run --interpret --input=2x3xf32=1 %s 2>&1 | FileCheck %s

// CHECK: error: {{.*}}shape_assertion{{'?}} failed: Expected value >= 3 for dimension variable 'b', got 2 from args[0].shape[0] (= 2).
func.func @main(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  %b = stablehlo.convert %d : (tensor<i32>) -> tensor<i64>
  %c3 = stablehlo.constant dense<3> : tensor<i64>
  %p = stablehlo.compare GE, %b, %c3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%p, %b) {api_version = 2 : i32, error_message = "Expected value >= 3 for dimension variable 'b', got {0} from args[0].shape[0] (= {0}).", has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()
  %0 = stablehlo.add %x, %x : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
