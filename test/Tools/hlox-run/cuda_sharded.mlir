// A program sharded over a mesh of two devices on --device=cuda: the
// global arguments are split into shards on the GPU (the column shards
// are strided blocks), the all-gather that replicates the first result
// runs on host copies of the devices' values, and the sharded second
// result is put together again from the devices' shards. On the stand-in
// driver (no kernel runs; device addresses fault on the host) this
// kernel-free program gives the CPU's results exactly.
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run --device=cuda %s --input=4x2xf32=1,2,3,4,5,6,7,8 --input=2x4xi32=1,2,3,4,5,6,7,8 --print-output --stats > %t.gpu 2> %t.stats
// RUN: hlox-run %s --input=4x2xf32=1,2,3,4,5,6,7,8 --input=2x4xi32=1,2,3,4,5,6,7,8 --print-output > %t.cpu
// RUN: diff %t.cpu %t.gpu
// RUN: FileCheck %s --input-file=%t.gpu
// RUN: FileCheck %s --input-file=%t.stats --check-prefix=STATS
// RUN: touch %t.log
// RUN: FileCheck %s --input-file=%t.log --allow-empty --check-prefix=LOG

// CHECK: result[0]: dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00]]> : tensor<4x2xf32>
// CHECK: result[1]: dense<{{\[\[}}1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
// STATS: kernels 0 distinct
// STATS: partitioned over 2 devices: 1 all-gathers
// LOG-NOT: launch

sdy.mesh @mesh = <["x"=2]>

func.func @main(%x: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %y: tensor<2x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>})
    -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>},
        tensor<2x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  return %x, %y : tensor<4x2xf32>, tensor<2x4xi32>
}
