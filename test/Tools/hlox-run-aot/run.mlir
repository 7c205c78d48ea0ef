// hlox-run-aot runs ahead-of-time executables with the runtime alone: a
// CPU one on raw input bytes, and one compiled for a CUDA device, on the
// stand-in driver (which checks the launches and runs no kernel), or
// without a driver, an error.
// RUN: hlox-compile %s -o %t.cpu.hlox
// RUN: %python -c "import struct,sys; open(sys.argv[1],'wb').write(struct.pack('<4f',1,2,3,4))" %t.in
// RUN: hlox-run-aot %t.cpu.hlox --input=@%t.in --output=@%t.out --repeat=3 | FileCheck %s --check-prefix=TIME
// RUN: %python -c "import struct,sys; print(struct.unpack('<4f',open(sys.argv[1],'rb').read()))" %t.out | FileCheck %s --check-prefix=CPU
// RUN: hlox-compile %s --target=cuda --validate-ptx=false -o %t.cuda.hlox
// RUN: hlox-run-aot %t.cuda.hlox --signature | FileCheck %s --check-prefix=SIG
// RUN: rm -f %t.log
// RUN: env HLOX_CUDA_DRIVER=%fake_cuda_driver HLOX_FAKE_CUDA_LOG=%t.log hlox-run-aot %t.cuda.hlox --device=cuda --random-inputs --output=@%t.gpu.out
// RUN: FileCheck %s --input-file=%t.log --check-prefix=LAUNCH
// RUN: %expect-exit 2 hlox-run-aot %t.cuda.hlox --device=cpu 2>&1 | FileCheck %s --check-prefix=WRONG
// RUN: env HLOX_CUDA_DRIVER=%t.none %expect-exit 2 hlox-run-aot %t.cuda.hlox --device=cuda 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %expect-exit 2 hlox-run-aot %t.cpu.hlox --input=@%s 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: llvm-readelf --needed-libs %hlox_obj_root/bin/hlox-run-aot | FileCheck %s --check-prefix=DEPS

// TIME: time: median {{[0-9.]+}} ms (min {{[0-9.]+}}, max {{[0-9.]+}}) over 3 runs; {{[0-9.]+}} GB/s of arguments and results
// CPU: (3.0, 5.0, 7.0, 9.0)
// SIG: input tensor<4xf32>
// SIG-NEXT: output tensor<4xf32>
// LAUNCH: launch main_dispatch_0_kernel grid 1,1,1 block 4,1,1 params 2
// WRONG: error: a program for cuda cannot run on cpu:0
// NONE: error: no CUDA device: cannot load the CUDA driver
// DEPS: NeededLibraries [
// DEPS-NOT: libMLIR
// DEPS-NOT: libLLVM
// DEPS-NOT: libcuda
// DEPS: ]
// SIZE: error: input {{.*}} holds {{[0-9]+}} bytes; 4xf32 takes 16

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %y = stablehlo.add %x, %x : tensor<4xf32>
  %z = stablehlo.add %y, %one : tensor<4xf32>
  return %z : tensor<4xf32>
}
