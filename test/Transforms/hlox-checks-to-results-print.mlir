// RUN: hlox-opt --hlox-checks-to-results=function=printing %s | FileCheck %s

// A print's test reads what it prints: the printed value becomes a result,
// after the function's own (here a process's program of a parallel run,
// as the CUDA compile suite takes it).
// CHECK-LABEL: func.func @printing
// CHECK-SAME: -> (tensor<2xi32>, tensor<2xi32>)
// CHECK-NOT: interpreter.print
// CHECK: %[[I:.*]] = stablehlo.iota
// CHECK: return %[[I]], %[[I]] : tensor<2xi32>, tensor<2xi32>
func.func @printing() -> tensor<2xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<2xi32>
  interpreter.print %0 : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// The host's function is left as it is.
// CHECK-LABEL: func.func @main
// CHECK: interpreter.run_parallel
func.func @main() {
  %results:2 = "interpreter.run_parallel"() {
    programs = [[@printing, @printing]]
  } : () -> (tensor<2xi32>, tensor<2xi32>)
  func.return
}
