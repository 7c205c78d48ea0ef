//===- MemoryPool.cpp - Host memory kept for reuse across runs ------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/MemoryPool.h"

#include "hlox/runtime/Buffer.h"

using namespace hlox::runtime;

MemoryPool::~MemoryPool() {
  for (auto &[size, blocks] : cached)
    for (void *block : blocks)
      freeAligned(block);
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
  return allocateAligned(size);
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
  freeAligned(pointer);
}

size_t MemoryPool::getCachedBytes() const {
  std::lock_guard<std::mutex> lock(mutex);
  return cachedBytes;
}
