//===- Device.cpp - The CPU device ----------------------------------------===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#include "hlox/runtime/Device.h"

using namespace hlox::runtime;

std::shared_ptr<Buffer> CpuDevice::allocate(const BufferType &type) {
  auto buffer = std::make_shared<Buffer>(type);
  if (!buffer->data())
    return nullptr;
  return buffer;
}
