//===- Device.cpp - The CPU device ----------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Device.h"

#include <algorithm>
#include <cstring>

using namespace hlox::runtime;

std::shared_ptr<Buffer> CpuDevice::allocate(const BufferType &type) {
  auto bytes = static_cast<size_t>(type.getByteSize());
  void *storage = memory->allocate(bytes);
  if (!storage)
    return nullptr;
  // The buffer keeps the pool alive: it may outlive the device.
  std::shared_ptr<MemoryPool> owner = memory;
  return std::make_shared<Buffer>(
      type, storage,
      [owner, bytes](void *block) { owner->release(block, bytes); },
      BufferPlacement{getKind(), ordinal});
}

void CpuDevice::copy(void *target, const void *source, size_t bytes) {
  if (target != source && bytes > 0)
    std::memmove(target, source, bytes);
}

std::vector<std::unique_ptr<Device>>
CpuDevice::makeProcessDevices(int64_t count, Status &status) const {
  std::vector<std::unique_ptr<Device>> devices;
  if (count < 1) {
    status = Status::error("a parallel run of " + std::to_string(count) +
                           " processes");
    return devices;
  }
  unsigned share =
      std::max<unsigned>(1, getNumThreads() / static_cast<unsigned>(count));
  for (int64_t i = 0; i < count; ++i)
    devices.push_back(
        std::make_unique<CpuDevice>(share, kDefaultCachedBytes, i));
  return devices;
}
