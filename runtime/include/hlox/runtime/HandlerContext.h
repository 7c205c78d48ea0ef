//===- HandlerContext.h - Custom-call handlers on a device ------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//
//
// The ExecutionContext a custom call's handler gets on the compiled path:
// parallel loops on the device's thread pool, scratch memory kept with the
// executable between runs.
//
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_HANDLERCONTEXT_H
#define HLOX_RUNTIME_HANDLERCONTEXT_H

#include "hlox/ffi/Invoke.h"
#include "hlox/runtime/Device.h"

namespace hlox::runtime {

class HandlerContext final : public ffi::ExecutionContext {
public:
  /// The device of the run that calls handlers next.
  void setDevice(Device *runOn) { device = runOn; }

  void parallelFor(int64_t count, int64_t minPerChunk,
                   const std::function<void(int64_t, int64_t)> &fn) override {
    if (device)
      device->dispatch(count, minPerChunk, fn);
    else
      ffi::ExecutionContext::parallelFor(count, minPerChunk, fn);
  }
  int64_t getNumThreads() const override {
    return device ? device->getNumThreads() : 1;
  }

private:
  Device *device = nullptr;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_HANDLERCONTEXT_H
