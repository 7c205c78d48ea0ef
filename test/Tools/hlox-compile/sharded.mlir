// A program sharded over a mesh of several devices compiles to the program
// of each device, as the API compiles it: local shapes, the collectives of
// partitioning lowered for the grid.
// RUN: hlox-compile %S/../hlox-run/sharded.mlir --compile-to=input | FileCheck %s --check-prefix=INPUT
// RUN: hlox-compile %S/../hlox-run/sharded.mlir --compile-to=stablehlo | FileCheck %s --check-prefix=STABLEHLO

// INPUT: module attributes {{{.*}}mhlo.num_partitions = 2 : i32
// INPUT: func.func @main(%arg0: tensor<4x4xf32>, %arg1: tensor<4x2xf32> {hlox.shard = {{.*}}}, %arg2: tensor<2xf32> {hlox.shard = {{.*}}}, %arg3: tensor<2x4xf32> {hlox.shard = {{.*}}}) -> (tensor<2x4xf32> {hlox.shard = {{.*}}})
// INPUT: stablehlo.reduce_scatter

// STABLEHLO: library.all_to_all
