// A program compiled for a grid of processes runs as that many processes,
// each on a device of its own and with inputs and outputs of its own
// (process 0's first): here an all-reduce and each process's replica id
// over 2 replicas, on the CPU, and on the stand-in CUDA driver (whose
// device addresses fault on the host: the collectives run on host copies
// of the GPUs' values), with the same results.
// RUN: hlox-compile %s --num-replicas=2 -o %t.cpu.hlox
// RUN: hlox-compile %s --num-replicas=2 --target=cuda --validate-ptx=false -o %t.cuda.hlox
// RUN: hlox-run-aot %t.cuda.hlox --signature | FileCheck %s --check-prefix=SIG
// RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<3q',1,2,3)); open(sys.argv[2],'wb').write(struct.pack('<3q',10,20,-30))" %t.a %t.b
// RUN: hlox-run-aot %t.cpu.hlox --input=@%t.a --input=@%t.b --output=@%t.cpu.0 --output=@%t.cpu.1 --output=@%t.cpu.2 --output=@%t.cpu.3 --repeat=2 | FileCheck %s --check-prefix=TIME
// RUN: %python -c "import struct,sys; print([struct.unpack('<3q',open(p,'rb').read()) for p in sys.argv[1:4:2]], [struct.unpack('<I',open(p,'rb').read()) for p in sys.argv[2:5:2]])" %t.cpu.0 %t.cpu.1 %t.cpu.2 %t.cpu.3 | FileCheck %s
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver hlox-run-aot %t.cuda.hlox --device=cuda --input=@%t.a --input=@%t.b --output=@%t.gpu.0 --output=@%t.gpu.1 --output=@%t.gpu.2 --output=@%t.gpu.3
// RUN: %python -c "import struct,sys; print([struct.unpack('<3q',open(p,'rb').read()) for p in sys.argv[1:4:2]], [struct.unpack('<I',open(p,'rb').read()) for p in sys.argv[2:5:2]])" %t.gpu.0 %t.gpu.1 %t.gpu.2 %t.gpu.3 | FileCheck %s
// Too many inputs for both processes: an error that counts them all.
// RUN: %expect-exit 2 hlox-run-aot %t.cpu.hlox --input=@%t.a --input=@%t.b --input=@%t.a 2>&1 | FileCheck %s --check-prefix=MANY

// SIG: grid 2x1
// SIG-NEXT: input tensor<3xi64>
// SIG-NEXT: output tensor<3xi64>
// SIG-NEXT: output tensor<ui32>
// SIG-NEXT: input tensor<3xi64>
// SIG-NEXT: output tensor<3xi64>
// SIG-NEXT: output tensor<ui32>
// TIME: time: median {{[0-9.]+}} ms {{.*}} over 2 runs
// CHECK: [(11, 22, -27), (11, 22, -27)] [(0,), (1,)]
// MANY: error: 3 inputs given, the program (of all its processes) takes 2

func.func @main(%x: tensor<3xi64>) -> (tensor<3xi64>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xi64>) -> tensor<3xi64>
  %1 = stablehlo.replica_id : tensor<ui32>
  return %0, %1 : tensor<3xi64>, tensor<ui32>
}
