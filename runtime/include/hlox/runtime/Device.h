//===- Device.h - Devices that run executables ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_DEVICE_H
#define HLOX_RUNTIME_DEVICE_H

#include "hlox/runtime/Buffer.h"
#include "hlox/runtime/ThreadPool.h"

#include <memory>
#include <string>

namespace hlox::runtime {

/// A device: where buffers live and dispatches run. Thread-safe.
class Device {
public:
  virtual ~Device() = default;
  /// "cpu:0".
  virtual std::string getName() const = 0;
  /// A new buffer of `type` in the device's memory, or null when the memory
  /// is exhausted. The contents are undefined.
  virtual std::shared_ptr<Buffer> allocate(const BufferType &type) = 0;
  /// Runs fn(begin, end) over chunks of [0, count) workgroups, in parallel
  /// where the device can; returns when every workgroup ran.
  virtual void dispatch(int64_t count, int64_t minPerChunk,
                        const std::function<void(int64_t, int64_t)> &fn) = 0;
  /// How many threads run a dispatch's chunks at most (library calls that
  /// parallelize themselves use as many).
  virtual unsigned getNumThreads() const = 0;
};

/// The host CPU: buffers in host memory, workgroups on a thread pool.
class CpuDevice final : public Device {
public:
  /// `numThreads` threads in all (0: one per hardware thread).
  explicit CpuDevice(unsigned numThreads = 0) : pool(numThreads) {}
  std::string getName() const override { return "cpu:0"; }
  std::shared_ptr<Buffer> allocate(const BufferType &type) override;
  void dispatch(int64_t count, int64_t minPerChunk,
                const std::function<void(int64_t, int64_t)> &fn) override {
    pool.parallelFor(count, minPerChunk, fn);
  }
  unsigned getNumThreads() const override { return pool.getNumThreads(); }

private:
  ThreadPool pool;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_DEVICE_H
