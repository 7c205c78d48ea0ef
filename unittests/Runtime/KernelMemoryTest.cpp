//===- KernelMemoryTest.cpp - Compiled kernels' temporaries ---------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/KernelMemory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

using namespace hlox::runtime;

namespace {

bool isAligned(const void *pointer, size_t alignment) {
  return reinterpret_cast<uintptr_t>(pointer) % alignment == 0;
}

TEST(KernelMemoryTest, FreedBlocksAreHandedOutAgain) {
  // A chunk of 4096 rows' partial sums, then one of 4000: the same block
  // (sizes a quarter apart share a class; the larger fits the smaller).
  void *first = kernelMalloc(4096 * 32 * 8);
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(isAligned(first, 64));
  std::memset(first, 1, 4096 * 32 * 8);
  kernelFree(first);
  EXPECT_GE(getKernelMemoryIdleBytes(), size_t(4096 * 32 * 8));
  void *second = kernelMalloc(4000 * 32 * 8);
  EXPECT_EQ(second, first);
  // Held blocks are not handed out twice.
  void *third = kernelMalloc(4000 * 32 * 8);
  EXPECT_NE(third, second);
  kernelFree(second);
  kernelFree(third);
  kernelFree(nullptr);
}

TEST(KernelMemoryTest, AlignedBlocks) {
  for (size_t alignment : {1, 16, 64, 128, 4096}) {
    void *pointer = kernelAlignedAlloc(alignment, 1000);
    ASSERT_NE(pointer, nullptr) << alignment;
    EXPECT_TRUE(isAligned(pointer, alignment)) << alignment;
    std::memset(pointer, 0, 1000);
    kernelFree(pointer);
  }
  // A block kept at a smaller alignment is not handed out for a larger one.
  void *small = kernelAlignedAlloc(64, 100);
  kernelFree(small);
  void *large = kernelAlignedAlloc(8192, 100);
  ASSERT_NE(large, nullptr);
  EXPECT_TRUE(isAligned(large, 8192));
  kernelFree(large);
  EXPECT_EQ(kernelAlignedAlloc(3, 100), nullptr);
  // Zero bytes is a block to free.
  void *empty = kernelMalloc(0);
  EXPECT_NE(empty, nullptr);
  kernelFree(empty);
}

TEST(KernelMemoryTest, IdleMemoryIsBounded) {
  // Each thread keeps its own blocks; beyond the bound they are freed.
  std::thread([] {
    std::vector<void *> blocks;
    for (int i = 0; i < 5; ++i)
      blocks.push_back(kernelMalloc(kKernelMemoryMaxIdleBytes / 4));
    for (void *block : blocks) {
      ASSERT_NE(block, nullptr);
      kernelFree(block);
    }
    EXPECT_LE(getKernelMemoryIdleBytes(), kKernelMemoryMaxIdleBytes);
    EXPECT_GT(getKernelMemoryIdleBytes(), 0u);
  }).join();
}

} // namespace
