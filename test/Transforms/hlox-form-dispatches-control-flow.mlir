// RUN: hlox-opt --split-input-file --hlox-form-dispatches %s | FileCheck %s
// RUN: hlox-opt --split-input-file --hlox-form-dispatches=host-control-flow=always %s | FileCheck %s --check-prefix=ALWAYS
// RUN: not hlox-opt --split-input-file --hlox-form-dispatches=host-control-flow=never %s 2>&1 | FileCheck %s --check-prefix=NEVER
// RUN: not hlox-opt --split-input-file --hlox-form-dispatches=host-control-flow=sometimes %s 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: for the --host-control-flow option: Cannot find option named 'sometimes'!

#map = affine_map<() -> ()>

// A loop whose body holds a probe runs on the host: its regions split into
// dispatches, and the condition is read from the tensor the condition's
// dispatch returns.
// CHECK-LABEL: func.func @main
// CHECK: %[[INIT:.+]] = call @main_dispatch_0()
// CHECK: scf.while (%[[I:.+]] = %[[INIT]])
// CHECK: %[[C:.+]] = func.call @main_dispatch_1(%[[I]])
// CHECK: %[[E:.+]] = tensor.extract %[[C]][] : tensor<i1>
// CHECK: scf.condition(%[[E]]) %[[I]]
// CHECK: ^bb0(%[[J:.+]]: tensor<i64>):
// CHECK: %[[N:.+]] = func.call @main_dispatch_2(%[[J]])
// CHECK: %[[P:.+]] = interpreter.probe %[[N]]
// CHECK: scf.yield %[[P]]
// NEVER: error: cannot run 'interpreter.probe' inside control flow that runs in a kernel
func.func @main() {
  %cst = arith.constant dense<0> : tensor<i64>
  %cst_0 = arith.constant dense<1> : tensor<i64>
  %cst_1 = arith.constant dense<3> : tensor<i64>
  %0 = scf.while (%arg0 = %cst) : (tensor<i64>) -> tensor<i64> {
    %1 = tensor.empty() : tensor<i1>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []} ins(%arg0, %cst_1 : tensor<i64>, tensor<i64>) outs(%1 : tensor<i1>) {
    ^bb0(%in: i64, %in_2: i64, %out: i1):
      %3 = arith.cmpi slt, %in, %in_2 : i64
      linalg.yield %3 : i1
    } -> tensor<i1>
    %extracted = tensor.extract %2[] : tensor<i1>
    scf.condition(%extracted) %arg0 : tensor<i64>
  } do {
  ^bb0(%arg0: tensor<i64>):
    %1 = tensor.empty() : tensor<i64>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = []} ins(%arg0, %cst_0 : tensor<i64>, tensor<i64>) outs(%1 : tensor<i64>) {
    ^bb0(%in: i64, %in_2: i64, %out: i64):
      %4 = arith.addi %in, %in_2 : i64
      linalg.yield %4 : i64
    } -> tensor<i64>
    %3 = interpreter.probe %2, probe_id = "i" : tensor<i64>
    scf.yield %3 : tensor<i64>
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>

// A branch over little work stays in one kernel by default; on the host,
// a predicate the host cannot read (a scalar computed from two elements)
// is first put in a 0-d tensor by a dispatch.
// CHECK-LABEL: func.func private @main_dispatch_0
// CHECK: scf.if
// CHECK: func.func @main
// CHECK-NOT: scf.if
// CHECK: call @main_dispatch_0
// ALWAYS-LABEL: func.func private @main_dispatch_0(%arg0: tensor<4xf32>) -> tensor<i1>
// ALWAYS: arith.cmpf
// ALWAYS: tensor.from_elements
// ALWAYS: func.func @main(%[[X:.+]]: tensor<4xf32>)
// ALWAYS: %[[P:.+]] = call @main_dispatch_0(%[[X]])
// ALWAYS: %[[E:.+]] = tensor.extract %[[P]][] : tensor<i1>
// ALWAYS: scf.if %[[E]]
// ALWAYS: func.call @main_dispatch_1(%[[X]])
// ALWAYS: else
// ALWAYS-NEXT: scf.yield %[[X]]
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %x[%c0] : tensor<4xf32>
  %b = tensor.extract %x[%c1] : tensor<4xf32>
  %p = arith.cmpf olt, %a, %b : f32
  %0 = scf.if %p -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.addf %in, %in : f32
      linalg.yield %2 : f32
    } -> tensor<4xf32>
    scf.yield %1 : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>

// A switch whose case holds work worth several threads (256 x 256
// iterations) runs on the host; the index is read from the argument through
// its index cast.
// CHECK-LABEL: func.func private @main_dispatch_0(%arg0: tensor<256x256xf32>)
// CHECK: func.func @main(
// CHECK-SAME: %[[K:.+]]: tensor<i32>, %[[X:.+]]: tensor<256x256xf32>)
// CHECK: %[[E:.+]] = tensor.extract %[[K]][] : tensor<i32>
// CHECK: %[[I:.+]] = arith.index_cast %[[E]] : i32 to index
// CHECK: scf.index_switch %[[I]]
// CHECK: case 0 {
// CHECK: func.call @main_dispatch_0(%[[X]])
// CHECK: default {
// CHECK-NEXT: scf.yield %[[X]]
func.func @main(%k: tensor<i32>, %x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.extract %k[] : tensor<i32>
  %i = arith.index_cast %e : i32 to index
  %0 = scf.index_switch %i -> tensor<256x256xf32>
  case 0 {
    %empty = tensor.empty() : tensor<256x256xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<256x256xf32>) outs(%empty : tensor<256x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.mulf %in, %in : f32
      linalg.yield %2 : f32
    } -> tensor<256x256xf32>
    scf.yield %1 : tensor<256x256xf32>
  }
  default {
    scf.yield %x : tensor<256x256xf32>
  }
  return %0 : tensor<256x256xf32>
}

// -----

// An rng is a host op (its draws from the run's engine are sequential), so
// a branch holding one runs on the host, whatever its work.
// CHECK-LABEL: func.func @main(%{{.+}}: tensor<i1>, %{{.+}}: tensor<3xf32>)
// CHECK: scf.if
// CHECK: stablehlo.rng
// CHECK: scf.yield
// CHECK: } else {
// NEVER: error: cannot run 'stablehlo.rng' inside control flow that runs in a kernel
func.func @main(%p: tensor<i1>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %a = arith.constant dense<0.0> : tensor<f32>
  %b = arith.constant dense<1.0> : tensor<f32>
  %s = arith.constant dense<3> : tensor<1xi64>
  %c = tensor.extract %p[] : tensor<i1>
  %0 = scf.if %c -> (tensor<3xf32>) {
    %u = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<3xf32>
    scf.yield %u : tensor<3xf32>
  } else {
    scf.yield %x : tensor<3xf32>
  }
  return %0 : tensor<3xf32>
}
