//===- MemoryPool.h - Host memory kept for reuse across runs ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// A MemoryPool hands out aligned host memory and takes it back when a
// buffer dies, keeping it for the next request of the same size: the
// results of one run are the pages of an earlier run's results, already
// mapped, instead of fresh pages (a page fault per 4 KiB, 5-11 us each on
// the machines measured, whatever the allocator's settings).
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_MEMORYPOOL_H
#define HLOX_RUNTIME_MEMORYPOOL_H

#include <cstddef>
#include <map>
#include <mutex>
#include <vector>

namespace hlox::runtime {

/// Aligned host memory with a cache of released blocks by size. Thread-safe.
class MemoryPool {
public:
  /// Keeps at most `maxCachedBytes` of released memory; beyond that,
  /// released blocks go back to the system.
  explicit MemoryPool(size_t maxCachedBytes) : maxCachedBytes(maxCachedBytes) {}
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

private:
  mutable std::mutex mutex;
  std::map<size_t, std::vector<void *>> cached;
  size_t cachedBytes = 0;
  size_t maxCachedBytes;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_MEMORYPOOL_H
