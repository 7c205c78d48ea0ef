//===- KernelMemory.cpp - Compiled kernels' temporaries -------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// Each block is one aligned allocation from the C library: `alignment`
// bytes (at least 64) before the memory handed out hold, just below it,
// where the allocation starts, the block's capacity and its alignment.
// A thread's idle blocks are a short list searched for the smallest that
// fits.
//
//===----------------------------------------------------------------------===//

#include "hlox/runtime/KernelMemory.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace hlox::runtime;

namespace {

/// The least alignment and offset of a block's memory from its allocation.
constexpr size_t kMinAlignment = 64;
/// The most idle blocks a thread keeps.
constexpr size_t kMaxIdleBlocks = 64;

/// What a block's memory keeps just below it.
struct Header {
  void *allocation;
  size_t capacity;
  size_t alignment;
};
static_assert(sizeof(Header) <= kMinAlignment);

Header *getHeader(void *memory) {
  return reinterpret_cast<Header *>(static_cast<char *>(memory) -
                                    sizeof(Header));
}

/// `bytes` rounded up to its size class: multiples of 64 up to 4 KiB, then
/// of a quarter of the largest power of two at most `bytes`.
size_t getSizeClass(size_t bytes) {
  size_t step = bytes <= 4096 ? kMinAlignment : std::bit_floor(bytes) / 4;
  return (std::max<size_t>(bytes, 1) + step - 1) / step * step;
}

struct IdleBlocks {
  std::vector<void *> blocks;
  size_t bytes = 0;

  ~IdleBlocks() {
    for (void *memory : blocks)
      std::free(getHeader(memory)->allocation);
  }
};

thread_local IdleBlocks idle;

void *allocate(size_t alignment, size_t bytes) {
  if (alignment == 0 || !std::has_single_bit(alignment))
    return nullptr;
  alignment = std::max(alignment, kMinAlignment);
  size_t capacity = getSizeClass(bytes);
  if (capacity < bytes)
    return nullptr;
  // The smallest idle block that is large and aligned enough.
  auto best = idle.blocks.end();
  for (auto it = idle.blocks.begin(); it != idle.blocks.end(); ++it) {
    Header *header = getHeader(*it);
    if (header->capacity >= capacity && header->alignment >= alignment &&
        (best == idle.blocks.end() ||
         header->capacity < getHeader(*best)->capacity))
      best = it;
  }
  if (best != idle.blocks.end()) {
    void *memory = *best;
    idle.bytes -= getHeader(memory)->capacity;
    idle.blocks.erase(best);
    return memory;
  }
  if (capacity > SIZE_MAX - alignment)
    return nullptr;
  // aligned_alloc wants a multiple of the alignment.
  size_t total = (alignment + capacity + alignment - 1) / alignment * alignment;
  char *allocation = static_cast<char *>(std::aligned_alloc(alignment, total));
  if (!allocation)
    return nullptr;
  char *memory = allocation + alignment;
  *getHeader(memory) = Header{allocation, capacity, alignment};
  return memory;
}

} // namespace

void *hlox::runtime::kernelMalloc(size_t bytes) {
  return allocate(kMinAlignment, bytes);
}

void *hlox::runtime::kernelAlignedAlloc(size_t alignment, size_t bytes) {
  return allocate(alignment, bytes);
}

void hlox::runtime::kernelFree(void *pointer) {
  if (!pointer)
    return;
  Header *header = getHeader(pointer);
  if (idle.blocks.size() < kMaxIdleBlocks &&
      idle.bytes + header->capacity <= kKernelMemoryMaxIdleBytes) {
    idle.blocks.push_back(pointer);
    idle.bytes += header->capacity;
    return;
  }
  std::free(header->allocation);
}

size_t hlox::runtime::getKernelMemoryIdleBytes() { return idle.bytes; }
