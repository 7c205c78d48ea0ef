//===- Buffer.cpp - Typed host buffers ------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Buffer.h"

#include <atomic>

#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace hlox::runtime;

int64_t BufferType::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

std::string BufferType::str() const {
  std::string text;
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text + elementName;
}

size_t hlox::runtime::roundToAlignment(size_t bytes) {
  size_t rounded =
      (bytes + Buffer::kAlignment - 1) / Buffer::kAlignment * Buffer::kAlignment;
  return rounded == 0 ? Buffer::kAlignment : rounded;
}

bool hlox::runtime::useHugePages() {
  static const bool enabled = [] {
    const char *setting = std::getenv("HLOX_HUGE_PAGES");
    return !setting || std::strcmp(setting, "0") != 0;
  }();
  return enabled;
}

void *hlox::runtime::allocateAligned(size_t bytes) {
  size_t size = roundToAlignment(bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr size_t kHugePage = size_t(2) << 20;
  if (size >= kHugePageThreshold && useHugePages()) {
    // posix_memalign: aligned_alloc wants the size a multiple of 2 MiB.
    void *storage = nullptr;
    if (posix_memalign(&storage, kHugePage, size) != 0)
      return nullptr;
    // Advice only: a kernel without THP refuses it and the allocation
    // stands on 4 KiB pages. The advised range ends on a 4 KiB boundary
    // inside the allocation; a partial last 2 MiB stays on small pages.
    (void)madvise(storage, size / 4096 * 4096, MADV_HUGEPAGE);
    return storage;
  }
#endif
  return std::aligned_alloc(Buffer::kAlignment, size);
}

void hlox::runtime::freeAligned(void *pointer) { std::free(pointer); }

/// The next Buffer::getId().
static uint64_t nextBufferId() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

Buffer::Buffer(BufferType type) : type(std::move(type)), id(nextBufferId()) {
  storage = allocateAligned(this->type.getByteSize());
}

Buffer::Buffer(BufferType type, void *storage,
               std::function<void(void *)> release, BufferPlacement placement)
    : type(std::move(type)), storage(storage), id(nextBufferId()),
      placement(std::move(placement)), release(std::move(release)) {}

void Buffer::makeWritable() {
  immutable = false;
  id = nextBufferId();
}

Buffer::~Buffer() {
  if (release)
    release(storage);
  else
    freeAligned(storage);
}
