//===- MemoryPoolTest.cpp - Buffers reuse released memory -----------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Device.h"
#include "hlox/runtime/MemoryPool.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace hlox::runtime;

namespace {

TEST(MemoryPoolTest, ReusesReleasedBlocksOfTheSameSize) {
  MemoryPool pool(1 << 20);
  void *a = pool.allocate(1000);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % Buffer::kAlignment, 0u);
  pool.release(a, 1000);
  EXPECT_EQ(pool.getCachedBytes(), roundToAlignment(1000));
  // Another size is served afresh; the same rounded size gets the block.
  void *b = pool.allocate(5000);
  EXPECT_NE(b, a);
  void *c = pool.allocate(1010);
  EXPECT_EQ(c, a);
  EXPECT_EQ(pool.getCachedBytes(), 0u);
  pool.release(b, 5000);
  pool.release(c, 1010);
}

TEST(MemoryPoolTest, KeepsNoMoreThanItsLimit) {
  MemoryPool pool(4096);
  void *a = pool.allocate(4096);
  void *b = pool.allocate(4096);
  pool.release(a, 4096);
  pool.release(b, 4096); // beyond the limit: freed
  EXPECT_EQ(pool.getCachedBytes(), 4096u);
}

TEST(MemoryPoolTest, DeviceBuffersReturnTheirMemory) {
  CpuDevice device(1);
  BufferType type = {{256, 256}, 4, "f32"};
  void *first;
  {
    std::shared_ptr<Buffer> buffer = device.allocate(type);
    ASSERT_TRUE(buffer);
    first = buffer->data();
  }
  EXPECT_EQ(device.getMemoryPool().getCachedBytes(), 256u * 256u * 4u);
  std::shared_ptr<Buffer> again = device.allocate(type);
  EXPECT_EQ(again->data(), first);
  EXPECT_EQ(device.getMemoryPool().getCachedBytes(), 0u);
}

} // namespace
