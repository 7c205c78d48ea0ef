//===- Buffer.cpp - Typed host buffers ------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Buffer.h"

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

Buffer::Buffer(BufferType type) : type(std::move(type)) {
  storage = allocateAligned(this->type.getByteSize());
}

Buffer::~Buffer() {
  if (release)
    release(storage);
  else
    freeAligned(storage);
}
