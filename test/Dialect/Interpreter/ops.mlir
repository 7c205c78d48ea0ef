// RUN: hlox-opt %s | hlox-opt | FileCheck %s
// RUN: hlox-opt %s --mlir-print-op-generic | hlox-opt | FileCheck %s

func.func @replica() -> tensor<ui32> {
  %0 = stablehlo.replica_id : tensor<ui32>
  func.return %0 : tensor<ui32>
}

// CHECK-LABEL: func @main
func.func @main(%x: tensor<2xi64>) {
  // CHECK: %{{.*}}:2 = "interpreter.run_parallel"() <{programs = {{\[\[}}@replica], [@replica]]}> : () -> (tensor<ui32>, tensor<ui32>)
  %r:2 = "interpreter.run_parallel"() {programs = [[@replica], [@replica]]} : () -> (tensor<ui32>, tensor<ui32>)
  // CHECK: interpreter.probe %{{.*}}, probe_id = "p0" : tensor<2xi64>
  %p = interpreter.probe %x, probe_id = "p0" : tensor<2xi64>
  // CHECK: interpreter.print %{{.*}} : tensor<2xi64>
  interpreter.print %p : tensor<2xi64>
  func.return
}
