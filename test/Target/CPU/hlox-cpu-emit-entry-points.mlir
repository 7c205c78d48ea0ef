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
