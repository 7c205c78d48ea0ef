//===- MemoryPool.h - Host memory kept for reuse across runs ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A MemoryPool hands out aligned memory and takes it back when a buffer
// dies, keeping it for the next request of the same size: the results of
// one run are the pages of an earlier run's results, already mapped,
// instead of fresh pages (a page fault per 4 KiB, 5-11 us each on the
// machines measured, whatever the allocator's settings). Host memory by
// default; a device's memory with its own allocate and free functions (a
// GPU's cuMemAlloc and cuMemFree, whose free waits for the whole device).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_MEMORYPOOL_H
#define HLOX_RUNTIME_MEMORYPOOL_H

#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <vector>

namespace hlox::runtime {

/// Aligned memory with a cache of released blocks by size. Thread-safe.
class MemoryPool {
public:
  /// Allocates a block of the given bytes (a multiple of
  /// Buffer::kAlignment), aligned to it, or returns null.
  using AllocateFn = std::function<void *(size_t)>;
  /// Returns a block AllocateFn gave to the memory it came from.
  using FreeFn = std::function<void(void *)>;

  /// Host memory (allocateAligned, freeAligned). Keeps at most
  /// `maxCachedBytes` of released memory; beyond that, released blocks go
  /// back to the system.
  explicit MemoryPool(size_t maxCachedBytes);
  /// Memory from `allocateFn`, returned with `freeFn`.
  MemoryPool(size_t maxCachedBytes, AllocateFn allocateFn, FreeFn freeFn);
  ~MemoryPool();
  MemoryPool(const MemoryPool &) = delete;
  MemoryPool &operator=(const MemoryPool &) = delete;

  /// `bytes` (at least one) aligned to Buffer::kAlignment: a cached block
  /// of the same rounded size when there is one; null when the memory is
  /// exhausted.
  void *allocate(size_t bytes);
  /// Takes back a block `allocate(bytes)` gave.
  void release(void *pointer, size_t bytes);

  /// Bytes of released memory held for reuse (blocks of
  /// roundToAlignment(bytes) each).
  size_t getCachedBytes() const;
  /// Frees every cached block.
  void trim();

private:
  mutable std::mutex mutex;
  std::map<size_t, std::vector<void *>> cached;
  size_t cachedBytes = 0;
  size_t maxCachedBytes;
  AllocateFn allocateFn;
  FreeFn freeFn;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MEMORYPOOL_H
