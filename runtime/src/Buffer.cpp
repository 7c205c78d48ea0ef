//===- Buffer.cpp - Typed host buffers ------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Buffer.h"

#include <atomic>

#include <cstdlib>

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

void *hlox::runtime::allocateAligned(size_t bytes) {
  return std::aligned_alloc(Buffer::kAlignment, roundToAlignment(bytes));
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
               std::function<void(void *)> release)
    : type(std::move(type)), storage(storage), release(std::move(release)),
      id(nextBufferId()) {}

Buffer::~Buffer() {
  if (release)
    release(storage);
  else
    freeAligned(storage);
}
