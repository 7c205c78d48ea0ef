//===- MemoryPool.cpp - Host memory kept for reuse across runs ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/MemoryPool.h"

#include "hlox/runtime/Buffer.h"

using namespace hlox::runtime;

MemoryPool::MemoryPool(size_t maxCachedBytes)
    : MemoryPool(maxCachedBytes, allocateAligned, freeAligned) {}

MemoryPool::MemoryPool(size_t maxCachedBytes, AllocateFn allocateFn,
                       FreeFn freeFn)
    : maxCachedBytes(maxCachedBytes), allocateFn(std::move(allocateFn)),
      freeFn(std::move(freeFn)) {}

MemoryPool::~MemoryPool() { trim(); }

void MemoryPool::trim() {
  std::map<size_t, std::vector<void *>> blocks;
  {
    std::lock_guard<std::mutex> lock(mutex);
    blocks.swap(cached);
    cachedBytes = 0;
  }
  for (auto &[size, list] : blocks)
    for (void *block : list)
      freeFn(block);
}

void *MemoryPool::allocate(size_t bytes) {
  size_t size = roundToAlignment(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = cached.find(size);
    if (found != cached.end() && !found->second.empty()) {
      void *block = found->second.back();
      found->second.pop_back();
      cachedBytes -= size;
      return block;
    }
  }
  return allocateFn(size);
}

void MemoryPool::release(void *pointer, size_t bytes) {
  if (!pointer)
    return;
  size_t size = roundToAlignment(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (cachedBytes + size <= maxCachedBytes) {
      cached[size].push_back(pointer);
      cachedBytes += size;
      return;
    }
  }
  freeFn(pointer);
}

size_t MemoryPool::getCachedBytes() const {
  std::lock_guard<std::mutex> lock(mutex);
  return cachedBytes;
}
