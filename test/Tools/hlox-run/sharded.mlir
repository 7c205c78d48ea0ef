// A program sharded over a mesh of two devices is partitioned and runs on
// both, each on its shards: the global arguments split, the global results
// put together, the evaluator's values (the second dot's partial sums meet
// in an all_reduce: floats within the comparison's tolerance).
// RUN: hlox-run %s --input=4x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --input=4x4xf32=1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 --input=4xf32=1,1,1,1 --input=4x4xf32=1,0,0,0,0,2,0,0,0,0,3,0,0,0,0,4 --print-output | FileCheck %s
// RUN: hlox-run %s --random-inputs --compare-with-interpreter | FileCheck %s --check-prefix=SAME
// RUN: hlox-run %s --random-inputs --stats 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: hlox-run %s --random-inputs --repeat=3 | FileCheck %s --check-prefix=TIME
// RUN: hlox-run %s --random-inputs --profile --trace=%t.json 2>&1 >/dev/null | FileCheck %s --check-prefix=PROFILE
// RUN: FileCheck %s --check-prefix=TRACE < %t.json
// --dump-ir shows the program after propagation and after partitioning.
// RUN: rm -rf %t && hlox-run %s --random-inputs --dump-ir=%t > /dev/null
// RUN: FileCheck %s --check-prefix=PROPAGATED < %t/sharding-propagated.mlir
// RUN: FileCheck %s --check-prefix=PARTITIONED < %t/sharding-partitioned.mlir
// GSPMD strings give the same program.
// RUN: hlox-run %S/Inputs/sharded_gspmd.mlir --input=4x4xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --input=4x4xf32=1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 --input=4xf32=1,1,1,1 --input=4x4xf32=1,0,0,0,0,2,0,0,0,0,3,0,0,0,0,4 --print-output | FileCheck %s

// relu(x . w1 + 1) . diag(1, 2, 3, 4); the result's rows split over the
// devices.
// CHECK: result[0]: dense<{{\[\[}}2.000000e+00, 6.000000e+00, 1.200000e+01, 2.000000e+01], [6.000000e+00, 1.400000e+01, 2.400000e+01, 3.600000e+01], [1.000000e+01, 2.200000e+01, 3.600000e+01, 5.200000e+01], [1.400000e+01, 3.000000e+01, 4.800000e+01, 6.800000e+01]]> : tensor<4x4xf32>

// SAME: result[0] tensor<4x4xf32>: 0 of 16 elements differ

// The second dot's rows: each device keeps its rows of the sum of the
// partial results (reduce_scatter); the zero constant is made at its
// local shape.
// STATS: partitioned over 2 devices: 0 all-gathers, 0 all-reduces, 1 reduce-scatters, 0 all-to-alls, 0 collective-permutes (halos), 0 slices of a device's shard, 0 ops computed whole on gathered operands or sliced

// TIME: time per run: {{.*}} us median of 3 runs (min {{.*}}, max {{.*}}), 2 devices

// PROPAGATED: stablehlo.maximum {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>
// PARTITIONED: "stablehlo.reduce_scatter"
// PARTITIONED: return {{.*}} : tensor<2x4xf32>

// Each device's profile, and a trace with a track per device. (The
// all_to_all moves too little to run beside the kernels: it runs in
// place.)
// PROFILE: device 0 (partition 0): profile: {{.*}} ms per run, median of 1 run(s), 11 commands
// PROFILE: #3 all_to_all ({{.*}}sharded.mlir:[[# @LINE + 17]]:8)
// PROFILE: device 1 (partition 1): profile: {{.*}} ms per run, median of 1 run(s), 11 commands
// TRACE-DAG: "name": "device 0 (partition 0)"
// TRACE-DAG: "name": "device 1 (partition 1)"
// TRACE-DAG: "tid": 2

sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<4x4xf32>,
                %w1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>},
                %w2: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %s = stablehlo.add %h, %b : tensor<4x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x4xf32>
  %r = stablehlo.maximum %s, %zero : tensor<4x4xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}
