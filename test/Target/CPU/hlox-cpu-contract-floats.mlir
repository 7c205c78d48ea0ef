// RUN: hlox-opt --hlox-cpu-contract-floats %s | FileCheck %s
// RUN: hlox-opt --hlox-cpu-contract-floats=elementwise-only=true %s | FileCheck %s --check-prefix=ELEMENTWISE

// Float multiplies, adds and subtracts, scalar or vector, may contract;
// other flags stay, integer ops are untouched.
// CHECK-LABEL: func.func @kernel
// CHECK: arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : vector<16xf32>
// CHECK: arith.addf %{{.+}}, %{{.+}} fastmath<nnan,contract> : vector<16xf32>
// CHECK: arith.subf %{{.+}}, %{{.+}} fastmath<contract> : f64
// CHECK: arith.muli %{{.+}}, %{{.+}} : i32
// CHECK-NOT: fastmath
// With elementwise-only, nothing outside a linalg op contracts.
// ELEMENTWISE-LABEL: func.func @kernel
// ELEMENTWISE-NOT: contract
func.func @kernel(%a: vector<16xf32>, %b: vector<16xf32>, %x: f64, %i: i32) -> (vector<16xf32>, f64, i32) {
  %p = arith.mulf %a, %b : vector<16xf32>
  %s = arith.addf %p, %b fastmath<nnan> : vector<16xf32>
  %d = arith.subf %x, %x : f64
  %m = arith.muli %i, %i : i32
  return %s, %d, %m : vector<16xf32>, f64, i32
}

// An elementwise f32 body contracts; an f64 one and a reduction's do not.
// CHECK-LABEL: func.func @bodies
// ELEMENTWISE-LABEL: func.func @bodies
// ELEMENTWISE: linalg.generic
// ELEMENTWISE: arith.mulf {{.+}} fastmath<contract> : f32
// ELEMENTWISE: arith.addf {{.+}} fastmath<contract> : f32
// ELEMENTWISE: linalg.generic
// ELEMENTWISE-NOT: fastmath
// ELEMENTWISE: linalg.yield
// ELEMENTWISE: linalg.generic
// ELEMENTWISE-NOT: fastmath
// ELEMENTWISE: return
#id = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
func.func @bodies(%a: tensor<8xf32>, %x: tensor<8xf64>, %acc: tensor<f32>) -> (tensor<8xf32>, tensor<8xf64>, tensor<f32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%a : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.mulf %in, %in : f32
    %s = arith.addf %p, %out : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf64>) outs(%x : tensor<8xf64>) {
  ^bb0(%in: f64, %out: f64):
    %p = arith.mulf %in, %in : f64
    %s = arith.addf %p, %out : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %2 = linalg.generic {indexing_maps = [#id, #sum], iterator_types = ["reduction"]} ins(%a : tensor<8xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %p = arith.mulf %in, %in : f32
    %s = arith.addf %p, %out : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf64>, tensor<f32>
}
