//===- Device.h - Devices that run executables ------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0
//===----------------------------------------------------------------------===//

#ifndef HLOX_RUNTIME_DEVICE_H
#define HLOX_RUNTIME_DEVICE_H

#include "hlox/runtime/Buffer.h"
#include "hlox/runtime/MemoryPool.h"
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
  /// where the device can; returns when every workgroup ran. With `count`
  /// at most getNumThreads() and `minPerChunk` 1, each workgroup is a chunk
  /// of its own and all of them run at once, each on its own thread, so
  /// that they may wait for one another (a GemmTeam's members do).
  virtual void dispatch(int64_t count, int64_t minPerChunk,
                        const std::function<void(int64_t, int64_t)> &fn) = 0;
  /// How many threads run a dispatch's chunks at most (library calls that
  /// parallelize themselves use as many).
  virtual unsigned getNumThreads() const = 0;
};

/// The host CPU: buffers in host memory, workgroups on a thread pool. A
/// buffer's memory returns to the device's MemoryPool when the buffer dies
/// (even after the device), so that the results of repeated runs reuse
/// mapped pages.
class CpuDevice final : public Device {
public:
  /// The released memory a device keeps for reuse by default.
  static constexpr size_t kDefaultCachedBytes = size_t(1) << 30;

  /// `numThreads` threads in all (0: one per hardware thread), and at most
  /// `maxCachedBytes` of released buffer memory kept for reuse.
  explicit CpuDevice(unsigned numThreads = 0,
                     size_t maxCachedBytes = kDefaultCachedBytes)
      : pool(numThreads),
        memory(std::make_shared<MemoryPool>(maxCachedBytes)) {}
  std::string getName() const override { return "cpu:0"; }
  std::shared_ptr<Buffer> allocate(const BufferType &type) override;
  void dispatch(int64_t count, int64_t minPerChunk,
                const std::function<void(int64_t, int64_t)> &fn) override {
    pool.parallelFor(count, minPerChunk, fn);
  }
  unsigned getNumThreads() const override { return pool.getNumThreads(); }

  /// The memory its buffers come from.
  const MemoryPool &getMemoryPool() const { return *memory; }

private:
  ThreadPool pool;
  std::shared_ptr<MemoryPool> memory;
};

} // namespace hlox::runtime

#endif // HLOX_RUNTIME_DEVICE_H
