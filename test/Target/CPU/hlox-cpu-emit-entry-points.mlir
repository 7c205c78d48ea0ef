// RUN: hlox-opt --hlox-cpu-emit-entry-points %s | FileCheck %s

// CHECK-LABEL: llvm.func @k_entry(
// CHECK-SAME: %[[B:.+]]: !llvm.ptr, %[[BEGIN:[^:]+]]: i64, %[[END:[^:]+]]: i64)
// CHECK: %[[P0:.+]] = llvm.getelementptr %[[B]][0]
// CHECK: %[[A0:.+]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[P1:.+]] = llvm.getelementptr %[[B]][1]
// CHECK: %[[A1:.+]] = llvm.load %[[P1]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @k(%[[A0]], %[[A1]], %[[BEGIN]], %[[END]])
llvm.func @k(%a: !llvm.ptr, %b: !llvm.ptr, %begin: i64, %end: i64) attributes {hlox.dispatch} {
  llvm.return
}

// A matrix product's epilogue takes its tile: rows, then columns.
// CHECK-LABEL: llvm.func @e_entry(
// CHECK-SAME: %[[B:.+]]: !llvm.ptr, %[[R0:[^:]+]]: i64, %[[R1:[^:]+]]: i64, %[[C0:[^:]+]]: i64, %[[C1:[^:]+]]: i64)
// CHECK: %[[P0:.+]] = llvm.getelementptr %[[B]][0]
// CHECK: %[[A0:.+]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[P1:.+]] = llvm.getelementptr %[[B]][1]
// CHECK: %[[A1:.+]] = llvm.load %[[P1]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @e(%[[A0]], %[[A1]], %[[R0]], %[[R1]], %[[C0]], %[[C1]])
llvm.func @e(%a: !llvm.ptr, %b: !llvm.ptr, %r0: i64, %r1: i64, %c0: i64, %c1: i64) attributes {hlox.dispatch, hlox.matmul_epilogue = 1 : i64} {
  llvm.return
}

// A kernel marked for narrower vectors (hlox-cpu-narrow-streaming-
// reductions): it and its entry point tell LLVM so.
// CHECK-LABEL: llvm.func @n(
// CHECK-SAME: passthrough = {{\[}}["prefer-vector-width", "256"], ["min-legal-vector-width", "0"]]
// CHECK-LABEL: llvm.func @n_entry(
// CHECK-SAME: passthrough = {{\[}}["prefer-vector-width", "256"], ["min-legal-vector-width", "0"]]
llvm.func @n(%a: !llvm.ptr, %begin: i64, %end: i64) attributes {hlox.dispatch, hlox.prefer_vector_bits = 256 : i64} {
  llvm.return
}
