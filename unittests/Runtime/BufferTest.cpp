//===- BufferTest.cpp - Buffer storage alignment and huge pages
//------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Buffer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

using namespace hlox::runtime;

namespace {

TEST(BufferTest, SmallAllocationsAreCacheLineAligned) {
  void *storage = allocateAligned(100);
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(storage) % Buffer::kAlignment, 0u);
  freeAligned(storage);
}

/// The VmFlags line of the mapping of /proc/self/smaps that holds `address`;
/// empty when there is none (not Linux).
std::string vmFlagsOf(const void *address) {
  std::ifstream smaps("/proc/self/smaps");
  uintptr_t target = reinterpret_cast<uintptr_t>(address);
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= target && target < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0)
      return line;
  }
  return "";
}

TEST(BufferTest, LargeAllocationsAskForHugePages) {
  if (!useHugePages())
    GTEST_SKIP() << "HLOX_HUGE_PAGES=0";
  size_t bytes = kHugePageThreshold + 12345;
  char *storage = static_cast<char *>(allocateAligned(bytes));
  ASSERT_NE(storage, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(storage) % (size_t(2) << 20), 0u);
  storage[0] = 1;
  storage[bytes - 1] = 2;
#if defined(__linux__)
  std::ifstream enabled("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string mode;
  std::getline(enabled, mode);
  // With THP `never` (or absent) the kernel refuses the advice.
  if (!mode.empty() && mode.find("[never]") == std::string::npos) {
    std::string flags = vmFlagsOf(storage);
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
  }
#endif
  freeAligned(storage);
}

} // namespace
