// RUN: hlox-opt --split-input-file --hlox-cpu-keep-loops-rolled %s | FileCheck %s

// A loop nest in a marked kernel: both back edges (the inner loop's
// unconditional branch and the outer loop's) get the annotation; the
// branches into and out of the loops do not.
// CHECK: #[[UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[ROLLED:.+]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @row_sum
// CHECK: llvm.br ^bb1(%{{.+}} : i64){{$}}
// CHECK: llvm.cond_br %{{.+}}, ^bb2, ^bb{{[0-9]+}}{{$}}
// CHECK: llvm.br ^bb3(%{{.+}} : i64){{$}}
// CHECK: llvm.cond_br %{{.+}}, ^bb4, ^bb{{[0-9]+}}{{$}}
// CHECK: llvm.br ^bb3(%{{.+}} : i64) {loop_annotation = #[[ROLLED]]}
// CHECK: llvm.br ^bb1(%{{.+}} : i64) {loop_annotation = #[[ROLLED]]}
// CHECK: llvm.return
llvm.func @row_sum(%x: !llvm.ptr, %n: i64) attributes {hlox.dispatch, hlox.keep_loops_rolled} {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^bb2, ^bb5
^bb2:
  llvm.br ^bb3(%c0 : i64)
^bb3(%j: i64):
  %inner = llvm.icmp "slt" %j, %n : i64
  llvm.cond_br %inner, ^bb4, ^bb6
^bb4:
  %p = llvm.getelementptr %x[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %p : !llvm.ptr -> f32
  %j1 = llvm.add %j, %c1 : i64
  llvm.br ^bb3(%j1 : i64)
^bb6:
  %i1 = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%i1 : i64)
^bb5:
  llvm.return
}

// -----

// A loop whose exit test is at its end (a conditional back edge), and one
// that already carries an annotation, which it keeps.
// CHECK-DAG: #[[KEEP:.+]] = #llvm.loop_annotation<mustProgress = true>
// CHECK-DAG: #[[UNROLL:.+]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[ROLLED:.+]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: llvm.func @bottom_tested
// CHECK: llvm.cond_br %{{.+}}, ^bb1(%{{.+}} : i64), ^bb2 {loop_annotation = #[[ROLLED]]}
// CHECK: llvm.cond_br %{{.+}}, ^bb3(%{{.+}} : i64), ^bb4 {loop_annotation = #[[KEEP]]}
#keep = #llvm.loop_annotation<mustProgress = true>
llvm.func @bottom_tested(%n: i64) attributes {hlox.keep_loops_rolled} {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %i1 = llvm.add %i, %c1 : i64
  %more = llvm.icmp "slt" %i1, %n : i64
  llvm.cond_br %more, ^bb1(%i1 : i64), ^bb2
^bb2:
  llvm.br ^bb3(%c0 : i64)
^bb3(%k: i64):
  %k1 = llvm.add %k, %c1 : i64
  %again = llvm.icmp "slt" %k1, %n : i64
  llvm.cond_br %again, ^bb3(%k1 : i64), ^bb4 {loop_annotation = #keep}
^bb4:
  llvm.return
}

// -----

// An unmarked kernel is left to LLVM.
// CHECK-LABEL: llvm.func @unmarked
// CHECK-NOT: loop_annotation
// CHECK: llvm.return
llvm.func @unmarked(%n: i64) attributes {hlox.dispatch} {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %i1 = llvm.add %i, %c1 : i64
  %more = llvm.icmp "slt" %i1, %n : i64
  llvm.cond_br %more, ^bb1(%i1 : i64), ^bb2
^bb2:
  llvm.return
}
