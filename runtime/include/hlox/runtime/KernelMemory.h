//===- KernelMemory.h - Compiled kernels' temporaries -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A kernel allocates the temporaries whose size it learns only when it runs
// (a row reduction's partial sums for the rows of its chunk of the work)
// with malloc or aligned_alloc, and frees them before it returns. The C
// library may hand each call another extent of memory, on pages the
// process never touched (the row sum 8192x8192: 0.3 to 1.1 minor page
// faults per run, each some microseconds). Kernels call these functions
// instead (Builtins.cpp binds them to the names malloc, aligned_alloc and
// free): each thread keeps the blocks its kernels free, up to
// kMaxIdleBytes, and hands them out again, so that a steady state takes
// no fresh pages.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_KERNELMEMORY_H
#define HLOX_RUNTIME_KERNELMEMORY_H

#include <cstddef>

namespace hlox::runtime {

/// The most bytes of freed blocks a thread keeps; beyond them a freed
/// block goes back to the C library.
constexpr size_t kKernelMemoryMaxIdleBytes = size_t(256) << 20;

/// `bytes` aligned to 64 bytes (malloc's contract and more), or null when
/// memory is exhausted: an idle block of the thread's when one is large
/// enough (sizes are rounded up to classes at most a quarter apart, so
/// that chunks of slightly different sizes share blocks).
void *kernelMalloc(size_t bytes);
/// `bytes` aligned to `alignment` (a power of two), or null.
void *kernelAlignedAlloc(size_t alignment, size_t bytes);
/// Takes back a block kernelMalloc or kernelAlignedAlloc gave (on any
/// thread); null is ignored.
void kernelFree(void *pointer);
/// The bytes of the calling thread's idle blocks (tests).
size_t getKernelMemoryIdleBytes();

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_KERNELMEMORY_H
