// RUN: hlox-opt --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(hlox-cuda-record-launches)" %s | FileCheck %s

// Two launches: a temporary between them, a constant global, a scalar.
// CHECK-LABEL: module attributes {gpu.container_module, hlox.cuda.dispatch = {
// CHECK-SAME: constants = [dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>]
// CHECK-SAME: launches = [
// CHECK-SAME: {arguments = [{binding = 0 : i64}, {temporary = 0 : i64}, {constant = 0 : i64}], block = array<i64: 64, 1, 1>, grid = array<i64: 2, 1, 1>, kernel = @k0::@k0, shared = 0 : i64}
// CHECK-SAME: {arguments = [{temporary = 0 : i64}, {binding = 1 : i64}, {scalar = 3.000000e+00 : f32}], block = array<i64: 32, 4, 1>, grid = array<i64: 1, 1, 1>, kernel = @k1::@k1, shared = 128 : i64}
// CHECK-SAME: name = "dispatch", temporaries = [512]
module attributes {gpu.container_module} {
  memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>
  gpu.module @k0 {
    gpu.func @k0(%a: memref<128xf32>, %t: memref<128xf32>, %c: memref<2xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @k1 {
    gpu.func @k1(%t: memref<128xf32>, %r: memref<128xf32>, %s: f32) kernel {
      gpu.return
    }
  }
  func.func @dispatch(%a: memref<128xf32>, %r: memref<128xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %shared = arith.constant 128 : i32
    %s = arith.constant 3.0 : f32
    %t = memref.alloc() : memref<128xf32>
    %g = memref.get_global @table : memref<2xf32>
    gpu.launch_func @k0::@k0 blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<128xf32>, %t : memref<128xf32>, %g : memref<2xf32>)
    gpu.launch_func @k1::@k1 blocks in (%c1, %c1, %c1) threads in (%c32, %c4, %c1) dynamic_shared_memory_size %shared args(%t : memref<128xf32>, %r : memref<128xf32>, %s : f32)
    memref.dealloc %t : memref<128xf32>
    return
  }
}

// -----

// Host code between launches cannot be replayed.
module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @k0(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @dispatch(%a: memref<4xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{the CUDA runtime replays a dispatch's kernel launches: the host function of @dispatch also runs 'scf.for'}}
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @k0::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    }
    return
  }
}

// -----

// A grid beyond CUDA's limits (y at most 65535), and a block of more than
// 64 threads along z: errors here, not failed launches on the GPU.
module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @k0(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @dispatch(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %big = arith.constant 70000 : index
    // expected-error @+1 {{a launch of grid 1x70000x1 and block 1x1x1 exceeds CUDA's limits (grid y and z at most 65535; a block of at most 1024 threads, 64 along z)}}
    gpu.launch_func @k0::@k0 blocks in (%c1, %big, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @k0(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @dispatch(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    // expected-error @+1 {{a launch of grid 1x1x1 and block 1x1x256 exceeds CUDA's limits}}
    gpu.launch_func @k0::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c256) args(%a : memref<4xf32>)
    return
  }
}

// -----

// A grid whose size the host computes.
module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @k0(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @dispatch(%a: memref<4xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{the CUDA runtime launches grids and blocks of sizes known when compiling}}
    gpu.launch_func @k0::@k0 blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}

// -----

// A temporary of a dynamic size.
module attributes {gpu.container_module} {
  gpu.module @k0 {
    gpu.func @k0(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @dispatch(%n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{the CUDA runtime allocates the temporaries of a dispatch by static size, not 'memref<?xf32>'}}
    %t = memref.alloc(%n) : memref<?xf32>
    gpu.launch_func @k0::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%t : memref<?xf32>)
    return
  }
}
