// RUN: hlox-opt --hlox-cpu-contract-floats %s | FileCheck %s
// RUN: hlox-compile --compile-to=llvm --fp-contract --library-calls=false %S/../../../benchmarks/gemm_f32_512.mlir | FileCheck %s --check-prefix=PIPELINE
// RUN: hlox-compile --compile-to=llvm --library-calls=false %S/../../../benchmarks/gemm_f32_512.mlir | FileCheck %s --check-prefix=DEFAULT

// Float multiplies, adds and subtracts, scalar or vector, may contract;
// other flags stay, integer ops are untouched.
// CHECK-LABEL: func.func @kernel
// CHECK: arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : vector<16xf32>
// CHECK: arith.addf %{{.+}}, %{{.+}} fastmath<nnan,contract> : vector<16xf32>
// CHECK: arith.subf %{{.+}}, %{{.+}} fastmath<contract> : f64
// CHECK: arith.muli %{{.+}}, %{{.+}} : i32
// CHECK-NOT: fastmath
func.func @kernel(%a: vector<16xf32>, %b: vector<16xf32>, %x: f64, %i: i32) -> (vector<16xf32>, f64, i32) {
  %p = arith.mulf %a, %b : vector<16xf32>
  %s = arith.addf %p, %b fastmath<nnan> : vector<16xf32>
  %d = arith.subf %x, %x : f64
  %m = arith.muli %i, %i : i32
  return %s, %d, %m : vector<16xf32>, f64, i32
}

// The pipeline runs it only under --fp-contract.
// PIPELINE: llvm.fmul {{.+}} {fastmathFlags = #llvm.fastmath<contract>}
// DEFAULT-NOT: contract
